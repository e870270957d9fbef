"""Counts into probabilities, and the cost of a model: Laplace (add-alpha) smoothing, and how many numbers
Naive Bayes and a full table of ``p(x | C_k)`` estimate (notebook 07, "Laplace smoothing" and "The naive
assumption")."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from .._numerics import scaled
from .._validation import as_float_array, check_non_negative, check_positive_int, check_sequence


def laplace_estimate(counts, alpha=1.0) -> np.ndarray:
    """The smoothed frequencies ``(N_kv + alpha) / (N_k + alpha V)`` along the last axis.

    Laplace (add-alpha) smoothing as in Arias, UPC topic 2: each of the ``V``
    values gets ``alpha`` imaginary observations before counting, so a value
    never seen with a class keeps a probability ``alpha / (N_k + alpha V) > 0``.
    ``alpha = 0`` is the maximum-likelihood estimate ``N_kv / N_k``; ``alpha = 1``
    is Laplace's rule. Notebook 07, "Laplace smoothing".

    Parameters
    ----------
    counts : array-like of shape (..., V)
        The counts ``N_kv`` of each value ``v`` (e.g. one row per class ``k``).
    alpha : float >= 0

    Returns
    -------
    ndarray of shape (..., V)
        Distributions along the last axis.

    Raises
    ------
    ValueError
        If a count is negative, or ``alpha = 0`` and a row has no counts at all
        (its frequencies would be 0 / 0).
    """
    alpha = check_non_negative(alpha, "alpha")
    n_kv = as_float_array(counts, "counts")
    if n_kv.ndim == 0 or n_kv.shape[-1] == 0:
        raise ValueError(f"counts must hold the counts of V >= 1 values along its last axis; got shape {n_kv.shape}.")
    if np.any(n_kv < 0):
        raise ValueError(f"counts must be >= 0; got a smallest count of {n_kv.min():g}.")
    if alpha == 0 and np.any(n_kv.sum(axis=-1) == 0):
        raise ValueError("counts has a row of zeros, whose maximum-likelihood frequencies are 0 / 0; "
                         "use alpha > 0 to smooth it, or drop the empty row.")
    # the same ratio with the counts and alpha of each row divided by a power of two: N_k never overflows
    n_kv, _ = scaled(np.concatenate([n_kv, np.broadcast_to(alpha, n_kv.shape[:-1] + (1,))], axis=-1), axis=-1)
    n_kv, alpha = n_kv[..., :-1], n_kv[..., -1:]
    return (n_kv + alpha) / (n_kv.sum(axis=-1, keepdims=True) + alpha * n_kv.shape[-1])   # (N_kv + a) / (N_k + a V)


def parameter_counts(n_values, n_classes) -> dict:
    """How many free probabilities a full joint table and Naive Bayes estimate for categorical features.

    A full table of ``p(x | C_k)`` has one cell per combination of values,
    ``prod_j V_j`` cells summing to 1: ``prod_j V_j - 1`` free numbers per
    class. Naive Bayes has one table per feature, ``V_j - 1`` free numbers
    each: ``sum_j (V_j - 1)`` per class. Both add ``K - 1`` priors. The
    first grows exponentially with the number of features, the second
    linearly. Notebook 07, "The naive assumption".

    Parameters
    ----------
    n_values : sequence of int >= 1
        ``V_j``, the number of values of each feature.
    n_classes : int >= 1
        ``K``.

    Returns
    -------
    dict
        ``{"joint": K (prod_j V_j - 1) + K - 1, "naive": K sum_j (V_j - 1) + K - 1}``.
    """
    values = check_sequence(n_values, "n_values", "integers V_j >= 1")
    as_array = np.asarray(values) if len(values) else np.empty(0, dtype=int)
    if not (as_array.ndim == 1 and as_array.dtype.kind in "iu" and np.all(as_array >= 1)
            and not any(isinstance(v, (bool, np.bool_)) for v in values)):
        as_array = None                                      # checked one by one, for the message that names it
    repeats = Counter(as_array.tolist() if as_array is not None else
                      [check_positive_int(v, "n_values") for v in values])
    k = check_positive_int(n_classes, "n_classes")
    cells = math.prod(v ** times for v, times in repeats.items())     # by powers: 2 ** 500000 is instant
    return {"joint": k * (cells - 1) + k - 1,
            "naive": k * sum((v - 1) * times for v, times in repeats.items()) + k - 1}
