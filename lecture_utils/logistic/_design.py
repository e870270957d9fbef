"""The design matrix ``[X 1]`` of the linear classifiers, never formed for all of ``X``.

``X`` is checked once; products with ``[X 1]`` add the bias's column as they go, a block of rows at a time;
Newton's method may work on features centred at their means; and every weight has its penalty (none on the
bias, the last weight). Shared by the objectives (:mod:`lecture_utils.logistic.objectives`) and the
classifiers (:mod:`lecture_utils.logistic.classifiers`).
"""

from __future__ import annotations

import numpy as np

from .._numerics import largest_magnitude
from .._validation import _check_table_shape, as_matrix, as_real_array, check_scale


# Rows of X handled at a time by the sums over the examples: a block (2048 x 50 floats, 0.8 MB) stays in cache
# between the products that read it, so that X is read from memory once per pass (2048 rows: 7% faster than 4096
# for the gradient and the Hessian of 100,000 x 50 on one thread, and no slower than 1024).
_BLOCK = 2048


def _row_blocks(n_rows: int):
    """Slices of ``_BLOCK`` consecutive rows that cover ``range(n_rows)``."""
    return (slice(start, start + _BLOCK) for start in range(0, n_rows, _BLOCK))


def _largest_entry(X) -> float:
    """``max |x_ij|`` (nan or inf if ``X`` holds one: the maximum and minimum carry them), in one pass over ``X``,
    a block of rows at a time."""
    return float(np.max([largest_magnitude(X[rows]) for rows in _row_blocks(len(X))]))


def _features(X) -> tuple[np.ndarray, float]:
    """``X`` as a 2-D float array (not copied), and ``max |x_ij|``; the largest entry also tells whether ``X``
    holds nan or inf, so the finite check of ``as_matrix`` comes for free."""
    X = as_real_array(X, "X")
    _check_table_shape(X, "X")
    largest = _largest_entry(X)
    if not np.isfinite(largest):
        as_matrix(X)                                              # raises: X holds nan or inf, and says so
    check_scale(X, "X", "the Hessian X^T S X / N (sums of products of entries of X)", largest=largest)
    return X, largest


def _with_bias(X, fit_intercept) -> np.ndarray:
    """The design matrix ``[X 1]``: ``X`` with a column of ones appended when the model has a bias (a copy).

    The fits never form it for all of ``X`` (a copy of the data): they add the bias to ``X w`` and sum the
    residuals for its gradient, and append the ones only to a block of rows in cache for the Hessian.
    """
    return np.column_stack([X, np.ones(len(X))]) if fit_intercept else X


def _scores_of(X, W, fit_intercept) -> np.ndarray:
    """``[X 1] W = X W[:-1] + W[-1]`` (``X W`` without a bias), without forming ``[X 1]``; ``W`` of shape
    (D + fit_intercept,) or (D + fit_intercept, K)."""
    return X @ W[:-1] + W[-1] if fit_intercept else X @ W


def _transposed_times(X, R, fit_intercept) -> np.ndarray:
    """``[X 1]^T R``: ``X^T R``, then the sums of ``R`` over the rows for the bias, without forming ``[X 1]``."""
    product = X.T @ R
    return np.concatenate([product, np.sum(R, axis=0, keepdims=True)]) if fit_intercept else product


def _centre(objective) -> None:
    """Subtract from each feature of ``objective`` its mean ``m_j`` (a centred copy: the caller's ``X`` stays),
    if one lies further from 0 than its standard deviation.

    The scores are unchanged if the bias becomes ``b' = b + w^T m``, the score at the mean: the same model
    in other coordinates. Far from 0 (features near 1e8 with a spread of 1) a feature is nearly a multiple of
    the column of ones, and ``X^T S X`` nearly singular; centred, it is as well conditioned as for features
    near 0. Features within a standard deviation of 0 (standardised ones, say) gain nothing from it but
    round-off, at the price of a copy of ``X``: they stay. Sets ``objective.means``, and ``feature_scale`` to
    the largest ``|x_ij - m_j|``.
    """
    X = objective.features
    # m_j^2 <= var_j = E[x_j^2] - m_j^2, from two products (the sums' round-off cannot turn a feature far from 0
    # into one near it); a mean square beyond the floats' range (|x_ij| near 1e150) means "far"
    rough_means, mean_squares = np.ones(len(X)) @ X / len(X), np.einsum("ij,ij->j", X, X) / len(X)
    if np.all(np.isfinite(mean_squares)) and np.all(2 * rough_means ** 2 <= mean_squares):
        return
    objective.means = X.mean(axis=0)                              # no overflow: |x_ij| <= 1e150 (check_scale)
    objective.features = X - objective.means
    objective.feature_scale = _largest_entry(objective.features)


def _uncentred(weights, objective) -> np.ndarray:
    """Weights of ``objective``'s centred features as weights of the features given: ``b = b' - w^T m``.

    ``weights`` has rows ``(w_1, ..., w_D, b')`` (for the softmax model, ``W`` of shape (D + 1, K) flattened
    row by row), one weight vector per row of a 2-D array, or a single one.
    """
    if objective.means is None:
        return weights
    W = np.array(weights, dtype=float).reshape(np.shape(weights)[:-1] + (objective.means.size + 1, -1))
    W[..., -1, :] -= np.einsum("j,...jk->...k", objective.means, W[..., :-1, :])
    return W.reshape(np.shape(weights))


def _centred(weights, objective) -> np.ndarray:
    """The inverse of :func:`_uncentred`: ``b' = b + w^T m`` (for a warm start)."""
    if objective.means is None:
        return weights
    W = np.array(weights, dtype=float).reshape(objective.means.size + 1, -1)
    W[-1] += objective.means @ W[:-1]
    return W.reshape(np.shape(weights))


def _penalty_weights(strength: float, shape, fit_intercept: bool) -> np.ndarray:
    """The penalty of every weight: ``strength`` on the coefficients, 0 on the bias (the last row)."""
    weights = np.full(shape, strength, dtype=float)
    if fit_intercept:
        weights[-1] = 0.0
    return weights
