"""What every measure of :mod:`lecture_utils.information` shares: its unit (nats, or the ``base`` asked for),
and the check that two distributions pair up along the last axis."""

from __future__ import annotations

import numbers

import numpy as np


def _in_base(nats, base):
    """Convert nats to the unit of ``base`` (None: nats; 2: bits; 10: hartleys).

    Adding 0.0 turns a ``-0.0`` (from ``-log 1``) into ``0.0`` for display.
    """
    if base is None:
        return nats + 0.0
    if isinstance(base, bool) or not isinstance(base, numbers.Real) \
            or not np.isfinite(base) or base <= 0 or base == 1:
        raise ValueError(
            f"base must be None (nats) or a number > 0 other than 1, e.g. 2 for bits; got {base!r}."
        )
    return nats / np.log(base) + 0.0


def _broadcast_pair(a, b, name_a: str, name_b: str):
    """Check that two arrays pair up along the last axis and that their leading axes broadcast."""
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(
            f"{name_a} and {name_b} must give values for the same outcomes along the last axis; "
            f"{name_a} has {a.shape[-1]} and {name_b} has {b.shape[-1]}."
        )
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise ValueError(
            f"{name_a} and {name_b} have shapes {a.shape} and {b.shape}, which do not broadcast. "
            "Pass arrays of the same shape, or a single one to compare with a batch."
        ) from None
    return a, b
