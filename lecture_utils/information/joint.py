"""Two variables at once: joint and conditional entropy, the chain rule, and mutual information.

Taught in notebook 02 ("Information theory", section "Two variables"). A joint distribution is a table
``P[x, y] = P(X = x, Y = y)`` (rows: the values of ``X``; columns: those of ``Y``), and:

- ``H(X, Y) = -sum_{x,y} P(x, y) log P(x, y)`` (joint entropy);
- ``H(Y | X) = -sum_{x,y} P(x, y) log P(y | x) = H(X, Y) - H(X)`` (conditional entropy; the chain rule);
- ``I(X; Y) = sum_{x,y} P(x, y) log(P(x, y) / (P(x) P(y))) = D_KL(P(X, Y) || P(X) P(Y))
  = H(Y) - H(Y | X)`` (mutual information), which is 0 exactly when ``X`` and ``Y`` are independent.

Logarithms are natural (nats) unless ``base`` is given (``base=2``: bits), with ``0 log 0 = 0``.
"""

from __future__ import annotations

import numpy as np
from scipy.special import xlogy

from .._validation import as_distribution, as_float_array, as_labels
from ._units import _in_base
from .discrete import _log_ratio


def _as_joint(joint, name: str = "joint") -> np.ndarray:
    """Check a joint table: 2-D, entries >= 0, summing to 1 over all cells."""
    array = as_float_array(joint, name)
    if array.ndim != 2 or array.size == 0:
        raise ValueError(f"{name} must be a 2-D table P[x, y] (rows: values of X, columns: values of Y); "
                         f"got shape {array.shape}. For one variable use entropy(p).")
    return as_distribution(array.ravel(), name).reshape(array.shape)


def joint_entropy(joint, base=None):
    """``H(X, Y) = -sum_{x,y} P(x, y) log P(x, y)``: the entropy of the pair.

    Parameters
    ----------
    joint : array-like of shape (n_x, n_y)
        The joint distribution ``P[x, y]``; entries >= 0 summing to 1.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float, between ``max(H(X), H(Y))`` and ``H(X) + H(Y)``.
    """
    P = _as_joint(joint)
    return float(_in_base(-np.sum(xlogy(P, P)), base))            # -sum P(x,y) log P(x,y)


def conditional_entropy(joint, base=None):
    """``H(Y | X) = -sum_{x,y} P(x, y) log P(y | x)``: what is left to learn about ``Y`` once ``X`` is known.

    Computed from its definition, with ``P(y | x) = P(x, y) / P(x)``; the chain rule
    ``H(X, Y) = H(X) + H(Y | X)`` is then a check, not the definition. Condition on ``Y`` instead with
    ``conditional_entropy(joint.T)``.

    Parameters
    ----------
    joint : array-like of shape (n_x, n_y)
        The joint distribution ``P[x, y]``; rows are the values of the conditioning variable ``X``.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float, between 0 (``Y`` a function of ``X``) and ``H(Y)`` (independent).
    """
    P = _as_joint(joint)
    p_x = P.sum(axis=1, keepdims=True)                            # P(x) = sum_y P(x, y)
    with np.errstate(divide="ignore", invalid="ignore"):
        p_y_given_x = np.where(P > 0, P / np.where(p_x > 0, p_x, 1.0), 0.0)
    return float(_in_base(max(-np.sum(xlogy(P, p_y_given_x)), 0.0), base))   # -sum P(x,y) log P(y|x)


def mutual_information(joint, base=None):
    """``I(X; Y) = sum_{x,y} P(x, y) log(P(x, y) / (P(x) P(y)))``, the KL divergence from independence.

    Symmetric in ``X`` and ``Y``, never negative (Gibbs' inequality; rounding below 0 is clipped), and 0
    exactly when ``P(x, y) = P(x) P(y)``. It equals ``H(Y) - H(Y | X) = H(X) + H(Y) - H(X, Y)``.
    scikit-learn's ``mutual_info_score`` gives the same number, in nats, from two columns of labels
    (see :func:`joint_distribution`).

    Parameters
    ----------
    joint : array-like of shape (n_x, n_y)
        The joint distribution ``P[x, y]``; entries >= 0 summing to 1.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float, between 0 and ``min(H(X), H(Y))``.
    """
    P = _as_joint(joint)
    p_x, p_y = P.sum(axis=1, keepdims=True), P.sum(axis=0, keepdims=True)
    # P(x, y) log(P(y | x) / P(y)): the product P(x) P(y) of two small marginals could underflow to 0
    with np.errstate(divide="ignore", invalid="ignore"):
        p_y_given_x = np.where(P > 0, P / np.where(p_x > 0, p_x, 1.0), 0.0)
        terms = np.where(P > 0, P * _log_ratio(p_y_given_x, p_y), 0.0)
    return float(_in_base(max(np.sum(terms), 0.0), base))


def joint_distribution(x, y):
    """The empirical joint distribution of two columns of labels: ``P[i, j] = #{n : x_n = a_i, y_n = b_j} / N``.

    Parameters
    ----------
    x, y : array-like of shape (N,)
        Labels of any kind (numbers or strings), one pair per example.

    Returns
    -------
    joint : ndarray of shape (n_values_x, n_values_y)
        Rows follow ``np.unique(x)``, columns ``np.unique(y)``.
    """
    x, y = as_labels(x, "x"), as_labels(y, "y")
    if x.shape != y.shape:
        raise ValueError(f"x and y must give one label per example each; got {x.size} and {y.size} labels.")
    if x.size == 0:
        raise ValueError("x and y are empty; pass at least one pair of labels.")
    values_x, index_x = np.unique(x, return_inverse=True)
    values_y, index_y = np.unique(y, return_inverse=True)
    counts = np.zeros((values_x.size, values_y.size))
    np.add.at(counts, (index_x, index_y), 1.0)                    # the contingency table
    return counts / x.size
