"""What LDA, QDA and RDA estimate from a training set: the class means, the unbiased class covariances and
the pooled covariance; RDA's regularised covariances; and Box's M test of equal class covariances.

Taught in notebook 06 ("LDA", "QDA", "RDA"); the notation is that of :mod:`lecture_utils.discriminant`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from scipy import special

from .._validation import as_class_labels, as_float_array, as_matrix, as_vector, check_scale, check_unit_interval
from .gaussian import _cholesky_factors, _log_determinants


_COVARIANCES = "the class covariances (averages of products of entries of X)"


def _class_statistics(X: np.ndarray, indices: np.ndarray, n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """Class means ``mu_k`` (K, d) and scatter matrices ``sum_{x in C_k} (x - mu_k)(x - mu_k)^T`` (K, d, d)."""
    means, scatters = [], []
    for k in range(n_classes):
        X_k = X[indices == k]
        means.append(X_k.mean(axis=0))                     # mu_k = (1 / N_k) sum x
        centred = X_k - means[-1]
        scatters.append(centred.T @ centred)                # sum (x - mu_k)(x - mu_k)^T
    return np.array(means), np.array(scatters)


def pooled_covariance(covariances, counts) -> np.ndarray:
    """The pooled covariance ``Sigma = sum_k (N_k - 1) Sigma_k / (N - K)`` that LDA shares among classes.

    Each unbiased ``Sigma_k`` is weighted by its degrees of freedom
    ``N_k - 1``; the result is unbiased for a covariance common to all
    classes. (The lecture prints the denominator as ``n - n_k``: a slip.)

    Parameters
    ----------
    covariances : array-like of shape (K, d, d)
        The unbiased class covariances ``Sigma_k``.
    counts : array-like of shape (K,)
        ``N_k``, each >= 2.

    Returns
    -------
    ndarray of shape (d, d)
    """
    covariances = as_float_array(covariances, "covariances")
    if covariances.ndim != 3 or covariances.shape[1] != covariances.shape[2]:
        raise ValueError(f"covariances must have shape (K, d, d); got {covariances.shape}.")
    counts = as_vector(counts, "counts", covariances.shape[0])
    if np.any(counts < 2) or np.any(counts != np.round(counts)):
        raise ValueError(f"counts must hold the class sizes N_k, whole numbers >= 2; got {counts.tolist()}.")
    return np.tensordot(counts - 1, covariances, axes=1) / (counts.sum() - len(counts))


@dataclass(frozen=True)
class BoxM:
    """Box's M test of equal class covariances: the statistic, its chi-squared approximation and the p-value."""

    statistic: float             # M = (N - K) log|Sigma| - sum_k (N_k - 1) log|Sigma_k|
    chi2: float                  # (1 - c) M
    df: int                      # d (d + 1) (K - 1) / 2
    p_value: float               # P(chi2_df > (1 - c) M)


def box_m_test(X, t) -> BoxM:
    """Box's M test of the assumption LDA makes: every class has the same covariance.

    With the unbiased class covariances ``Sigma_k`` and the pooled ``Sigma``,

        M = (N - K) log|Sigma| - sum_k (N_k - 1) log|Sigma_k|,

    which is 0 when all the ``Sigma_k`` are equal and grows as they differ (the
    log-determinant is concave). Box (1949) showed that ``(1 - c) M`` with

        c = (2 d^2 + 3 d - 1) / (6 (d + 1) (K - 1)) * (sum_k 1 / (N_k - 1) - 1 / (N - K))

    is approximately chi-squared with ``d (d + 1) (K - 1) / 2`` degrees of
    freedom when the classes are Gaussian with one covariance. It is
    sensitive to non-normality as much as to unequal covariances, and with
    large classes it detects differences too small to matter: a small
    p-value says the covariances differ, not that LDA will classify worse.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)
        Each class needs ``N_k > d`` examples, so that its covariance is invertible.

    Returns
    -------
    BoxM
        ``statistic``, ``chi2``, ``df`` and ``p_value``.
    """
    estimates = _estimates(X, t)
    n_classes, n_features = estimates.offsets.shape
    counts, n = estimates.counts, estimates.counts.sum()
    factors, singular = _cholesky_factors(np.concatenate([estimates.covariances, estimates.pooled[None]]),
                                          np.sqrt(np.diagonal(estimates.pooled)))
    if singular is not None:
        raise ValueError(f"box_m_test needs every class covariance invertible; class "
                         f"{estimates.classes[min(singular, n_classes - 1)].tolist()!r} has a singular one (N_k = "
                         f"{counts[min(singular, n_classes - 1)]} examples for d = {n_features} features, or "
                         "features constant or collinear within it).")
    log_determinants = _log_determinants(factors)                     # the K classes', then the pooled one
    statistic = (n - n_classes) * log_determinants[-1] - np.sum((counts - 1) * log_determinants[:-1])
    statistic = max(statistic, 0.0)                                    # >= 0 (log det is concave), but for round-off
    c = ((2 * n_features ** 2 + 3 * n_features - 1) / (6 * (n_features + 1) * (n_classes - 1))
         * (np.sum(1 / (counts - 1)) - 1 / (n - n_classes)))
    df = n_features * (n_features + 1) * (n_classes - 1) // 2
    chi2 = (1 - c) * statistic
    return BoxM(float(statistic), float(chi2), df, float(special.chdtrc(df, chi2)))


def regularized_covariances(covariances, pooled, alpha, gamma) -> np.ndarray:
    """RDA's covariances: ``Sigma_k(alpha) = alpha Sigma_k + (1 - alpha) Sigma``, then shrunk by ``gamma``.

    ``Sigma_k(alpha, gamma) = (1 - gamma) Sigma_k(alpha) + gamma sigma_k^2 I``
    with ``sigma_k^2 = tr(Sigma_k(alpha)) / d``. ``(alpha, gamma) = (1, 0)``
    gives QDA's ``Sigma_k``, ``(0, 0)`` LDA's ``Sigma``, and ``gamma = 1``
    spherical covariances ``sigma_k^2 I``.

    Parameters
    ----------
    covariances : array-like of shape (K, d, d)
        The class covariances ``Sigma_k``.
    pooled : array-like of shape (d, d)
        The pooled covariance ``Sigma``.
    alpha, gamma : float in [0, 1]

    Returns
    -------
    ndarray of shape (K, d, d)
    """
    covariances, pooled = as_float_array(covariances, "covariances"), as_float_array(pooled, "pooled")
    if covariances.ndim != 3 or pooled.shape != covariances.shape[1:] or pooled.shape[0] != pooled.shape[1]:
        raise ValueError(
            f"covariances must have shape (K, d, d) and pooled (d, d); got {covariances.shape} and {pooled.shape}."
        )
    return _regularize(covariances, pooled, check_unit_interval(alpha, "alpha"), check_unit_interval(gamma, "gamma"))


def _regularize(covariances: np.ndarray, pooled: np.ndarray, alpha, gamma) -> np.ndarray:
    """``Sigma_k(alpha, gamma)``, shape (..., K, d, d): ``alpha`` and ``gamma`` are numbers, or arrays of shape
    (P, 1, 1, 1) for P pairs at once."""
    mixed = alpha * covariances + (1 - alpha) * pooled                     # Sigma_k(alpha)
    sigma2 = np.trace(mixed, axis1=-2, axis2=-1) / pooled.shape[0]         # tr(Sigma_k(alpha)) / d
    return (1 - gamma) * mixed + gamma * sigma2[..., None, None] * np.eye(pooled.shape[0])


class _Estimates(NamedTuple):
    """What LDA, QDA and RDA estimate from a training set, before any regularisation.

    The class means are kept about a centre ``c``, the mean of the training
    inputs, and the models compute ``x - c`` before anything else: far from
    the origin (``x = 1e8 + u``) that difference keeps every digit of ``u``,
    where ``mu_k`` itself is rounded to the spacing of floats near 1e8
    (1.5e-8), and a discriminant built from products of such numbers
    (``mu_k^T Sigma^{-1} x``, of size 1e16) loses everything after the
    decimal point.
    """

    classes: np.ndarray          # (K,) the sorted labels
    counts: np.ndarray           # (K,) N_k
    centre: np.ndarray           # (d,) c, the mean of X
    offsets: np.ndarray          # (K, d) mu_k - c
    covariances: np.ndarray      # (K, d, d) the unbiased Sigma_k
    pooled: np.ndarray           # (d, d) sum_k (N_k - 1) Sigma_k / (N - K)


def _estimates(X, t) -> _Estimates:
    """The class means, unbiased class covariances and pooled covariance of ``X`` with labels ``t``."""
    X = check_scale(as_matrix(X), "X", _COVARIANCES)
    classes, indices = as_class_labels(t, X.shape[0])
    counts = np.bincount(indices)
    if np.any(counts < 2):
        raise ValueError(
            f"t has a single example of class {classes[np.argmin(counts)].tolist()!r}; a class covariance "
            "1 / (N_k - 1) sum (x - mu_k)(x - mu_k)^T needs at least 2. Add examples or drop the class."
        )
    centre = X.mean(axis=0)
    offsets, scatters = _class_statistics(X - centre, indices, len(classes))   # centred first: see _Estimates
    covariances = scatters / (counts - 1)[:, None, None]                # 1 / (N_k - 1) scatter
    return _Estimates(classes, counts, centre, offsets, covariances, pooled_covariance(covariances, counts))


def _singular_message(name: str, alpha, gamma, estimates: _Estimates, k: int, shared: bool) -> str:
    """Why ``name`` (RDA(alpha, gamma) or a corner of it) cannot use class ``k``'s covariance, and what to do."""
    n_features, n_classes = estimates.offsets.shape[1], len(estimates.counts)
    n_k, n, label = estimates.counts[k], estimates.counts.sum(), estimates.classes[k].tolist()
    if (alpha, gamma) == (1, 0) and n_k <= n_features:
        reason = (f"class {label!r} has N_k = {n_k} examples for d = {n_features} features, so its "
                  f"covariance has rank at most N_k - 1 = {n_k - 1} < d: it is singular.")
    elif (alpha, gamma) == (0, 0) and n - n_classes < n_features:
        reason = (f"the pooled covariance has rank at most N - K = {n - n_classes} < d = {n_features}: "
                  "it is singular.")
    else:
        whose = "the pooled covariance" if shared else f"the covariance of class {label!r}"
        reason = (f"{whose} is (nearly) singular: some features are (nearly) constant or collinear "
                  "within the classes.")
    return (f"{name} cannot invert a covariance matrix: {reason} Use RDA(alpha, gamma) with "
            "gamma > 0 (shrinks towards a multiple of the identity) or alpha < 1 (borrows the pooled "
            "covariance), or drop redundant features.")
