"""Fisher's discriminant: the directions that separate the class means most relative to the spread within
the classes, and the criterion they maximise (notebook 06, "Fisher's direction")."""

from __future__ import annotations

import numpy as np
from scipy import linalg

from .._numerics import scaled
from .._validation import as_class_labels, as_matrix, as_vector, check_scale
from .estimates import _class_statistics
from .gaussian import _cholesky_factors


def _scatter_matrices(X, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Within- and between-class scatter ``S_W``, ``S_B`` (d, d) and the class means less the mean of ``X`` (K, d)."""
    X = check_scale(as_matrix(X), "X", "the scatter matrices S_W and S_B (sums of products of entries of X)")
    X = X - X.mean(axis=0)                                   # centred first, as in _Estimates: S_W, S_B are shift-free
    classes, indices = as_class_labels(t, X.shape[0])
    counts = np.bincount(indices)
    means, scatters = _class_statistics(X, indices, len(classes))
    between = (means - X.mean(axis=0)).T * counts @ (means - X.mean(axis=0))   # sum N_k (mu_k - mu)(mu_k - mu)^T
    return scatters.sum(axis=0), between, means


def fisher_directions(X, t) -> np.ndarray:
    """Fisher's discriminant directions: the ``w`` maximising ``J(w) = w^T S_B w / w^T S_W w``.

    ``S_W = sum_k sum_{x in C_k} (x - mu_k)(x - mu_k)^T`` is the within-class
    scatter and ``S_B = sum_k N_k (mu_k - mu)(mu_k - mu)^T`` the between-class
    scatter. The directions solve ``S_B w = lambda S_W w``; there are at most
    ``K - 1``. For two classes ``w`` is proportional to
    ``S_W^{-1} (mu_1 - mu_0)``, LDA's ``w``: projecting onto it separates the
    class means most relative to the spread within the classes.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)

    Returns
    -------
    ndarray of shape (min(K - 1, d), d)
        Unit vectors, by decreasing ``J(w)``; each signed so that the last
        class's mean projects above the first's.
    """
    within, between, means = _scatter_matrices(X, t)
    if _cholesky_factors(within[None], np.sqrt(np.diagonal(within)))[1] is not None:
        raise ValueError(
            "The within-class scatter S_W of X is singular (fewer examples than N - K >= d, or features "
            "constant or collinear within the classes); drop redundant features."
        )
    n_directions = min(len(means) - 1, within.shape[0])
    _, vectors = linalg.eigh(between, within)                # S_B w = lambda S_W w, eigenvalues increasing
    directions = vectors[:, ::-1][:, :n_directions].T
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    signs = np.sign(directions @ (means[-1] - means[0]))
    return directions * np.where(signs == 0, 1, signs)[:, None]


def fisher_criterion(w, X, t) -> float:
    """Fisher's criterion ``J(w) = w^T S_B w / w^T S_W w`` of a direction ``w`` (see :func:`fisher_directions`).

    Parameters
    ----------
    w : array-like of shape (d,)
        A non-zero direction.
    X : array-like of shape (N, d)
    t : array-like of shape (N,)

    Returns
    -------
    float
    """
    within, between, _ = _scatter_matrices(X, t)
    w = as_vector(w, "w", within.shape[0])
    if not np.any(w):
        raise ValueError("w must be a non-zero direction.")
    w = scaled(w)[0]                                        # J(c w) = J(w): no product overflows or underflows
    return float(w @ between @ w / (w @ within @ w))
