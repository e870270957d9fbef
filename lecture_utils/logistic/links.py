"""The link functions of the linear classifiers and the probabilities they give: the sigmoid and its inverse,
the logit; the softmax; their logarithms, exact where the probabilities underflow; and the log loss.

Taught in notebook 04 ("Logistic regression", "Multi-class"); the notation is that of
:mod:`lecture_utils.logistic`.
"""

from __future__ import annotations

import numbers

import numpy as np
from scipy.special import expit, log_expit
from scipy.special import logit as _logit

from .._numerics import reduce_over
from .._validation import as_float_array, as_probabilities, float_or_array
from ..mle import binary_cross_entropy


def sigmoid(z):
    """``sigma(z) = 1 / (1 + e^{-z})``, in (0, 1); never overflows (``scipy.special.expit``).

    ``sigma(-z) = 1 - sigma(z)``, ``sigma'(z) = sigma(z) (1 - sigma(z))``, slope 1/4 at 0.

    Parameters
    ----------
    z : float or array-like of any shape

    Returns
    -------
    float or ndarray of the shape of ``z``
    """
    return float_or_array(expit(as_float_array(z, "z")))


def logit(p):
    """``log(p / (1 - p))``, the log-odds: the inverse of :func:`sigmoid`.

    ``logit(0) = -inf`` and ``logit(1) = inf``, without a warning.

    Parameters
    ----------
    p : float or array-like, values in [0, 1]

    Returns
    -------
    float or ndarray of the shape of ``p``
    """
    return float_or_array(_logit(as_probabilities(p, "p")))


def log_sigmoid(z):
    """``log sigma(z) = -log(1 + e^{-z})`` elementwise, exact for any finite ``z``.

    ``log_sigmoid(-1000.0)`` is ``-1000.0``, where ``log(sigmoid(-1000.0))``
    gives ``-inf``. Takes and returns what :func:`sigmoid` does.
    """
    return float_or_array(log_expit(as_float_array(z, "z")))


def _as_scores(z, axis) -> np.ndarray:
    scores = as_float_array(z, "z")
    if scores.ndim == 0:
        raise ValueError("z must hold one score per class along an axis, e.g. [2.0, 1.0, 0.1]; got a number.")
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral) or not -scores.ndim <= axis < scores.ndim:
        raise ValueError(f"axis must be an axis of z, an integer from {-scores.ndim} to {scores.ndim - 1}; got {axis!r}.")
    if scores.shape[axis] == 0:
        raise ValueError(f"z must hold at least one score along axis {axis}; got shape {scores.shape}.")
    return scores


def _log_softmax(z: np.ndarray, axis: int) -> np.ndarray:
    """``z_k - log sum_j exp(z_j)``, with the largest score subtracted first so that no exp overflows (the max and
    the sum over the few classes taken class by class: :func:`~lecture_utils._numerics.reduce_over`)."""
    with np.errstate(over="ignore"):                             # z_k - max beyond -1.8e308: exp is 0 anyway
        shifted = z - np.expand_dims(reduce_over(np.maximum, z, axis), axis)   # softmax(z - c) = softmax(z): exp <= 1
    return shifted - np.log(np.expand_dims(reduce_over(np.add, np.exp(shifted), axis), axis))


def softmax(z, axis=-1):
    """``softmax(z)_k = exp(z_k) / sum_j exp(z_j)`` along ``axis``; never overflows.

    Adding a constant to every score leaves it unchanged; for two classes
    ``softmax([0, z])_1 = sigma(z)``.

    Parameters
    ----------
    z : array-like of shape (..., K)
        Scores (logits), one per class along ``axis``.
    axis : int

    Returns
    -------
    ndarray of the shape of ``z``; sums to 1 along ``axis``
    """
    return np.exp(_log_softmax(_as_scores(z, axis), axis))


def log_softmax(z, axis=-1):
    """``log softmax(z)_k = z_k - log sum_j exp(z_j)``, exact even where ``softmax`` underflows to 0.

    Parameters
    ----------
    z : array-like of shape (..., K)
    axis : int

    Returns
    -------
    ndarray of the shape of ``z``
    """
    return _log_softmax(_as_scores(z, axis), axis)


def log_loss(t, p) -> float:
    """The log loss: ``-(1/N) sum_i [t_i log p_i + (1 - t_i) log(1 - p_i)]`` (binary cross-entropy).

    The same function as :func:`lecture_utils.mle.binary_cross_entropy`, which
    also takes logits; the log-loss table of Arias (UPC topic 2) is
    ``log_loss([t], [p])`` for ``p = 0.1, ..., 0.9``. Uses ``0 log 0 = 0``:
    ``p_i = 0`` costs nothing when ``t_i = 0`` and is ``inf`` when ``t_i = 1``.

    Parameters
    ----------
    t : array-like of shape (N,), values in {0, 1}
    p : array-like of shape (N,)
        ``p(t = 1 | x_i)``, in [0, 1].

    Returns
    -------
    float
    """
    return binary_cross_entropy(t, p)
