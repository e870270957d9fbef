"""Classification losses as functions of the margin ``z = t y(x)``, with ``t`` in {-1, +1}.

Taught in notebook 01 ("Surrogate losses"). A positive margin means a correct
prediction; the 0-1 loss counts mistakes but is flat almost everywhere, so
training minimises a convex surrogate that bounds or approximates it instead.
Each loss comes with its derivative ``d loss / d z``.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from ._validation import as_float_array


def _as_margins(z) -> np.ndarray:
    """The margins as a float array: numbers, or the limits -inf and inf; never nan (no prediction)."""
    return as_float_array(z, "z", allow_infinite=True)


def zero_one_loss(z):
    """``[z <= 0]``: one for a mistake (or a point on the boundary), zero otherwise."""
    return (_as_margins(z) <= 0).astype(float)


def perceptron_loss(z):
    """``max(0, -z)``: the perceptron's loss, zero for every correct prediction."""
    return np.maximum(0.0, -_as_margins(z))


def perceptron_loss_derivative(z):
    """``-[z <= 0]``: the (sub)gradient the perceptron uses, taking -1 at ``z = 0``."""
    return -zero_one_loss(z)


def hinge_loss(z):
    """``max(0, 1 - z)``: the support vector machine's loss, which also penalises small margins."""
    return np.maximum(0.0, 1.0 - _as_margins(z))


def hinge_loss_derivative(z):
    """``-[z < 1]`` (taking 0 at the kink ``z = 1``)."""
    return -(_as_margins(z) < 1).astype(float)


def logistic_loss(z):
    """``log(1 + exp(-z))`` in nats, computed without overflow for any finite ``z``."""
    return _logistic_loss(_as_margins(z))


def _logistic_loss(z: np.ndarray) -> np.ndarray:
    """:func:`logistic_loss` of a float array, unchecked: the models' inner loops call it at every step."""
    # log(1 + e^-z) = max(-z, 0) + log(1 + e^-|z|): the exp never exceeds 1 (and this is
    # three times faster than np.logaddexp, which matters in every step of logistic regression)
    return np.maximum(-z, 0.0) + np.log1p(np.exp(-np.abs(z)))


def logistic_loss_bits(z):
    """``log2(1 + exp(-z))``: the logistic loss in bits, which lies above the 0-1 loss.

    In bits the loss of a mistake (``z <= 0``) is at least ``log2(2) = 1``; in
    nats it drops below 1 on ``(-log(e - 1), 0] = (-0.541, 0]``.
    """
    return logistic_loss(z) / np.log(2)


def logistic_loss_derivative(z):
    """``-sigma(-z)``: never zero, so every example keeps pulling on the weights."""
    return -expit(-_as_margins(z))


#: The surrogate losses, named with their units, in the order notebook 01 draws them.
SURROGATE_LOSSES = {
    "0-1 (mistakes)": zero_one_loss,
    "perceptron (score units)": perceptron_loss,
    "hinge (score units)": hinge_loss,
    "logistic (bits)": logistic_loss_bits,
}
