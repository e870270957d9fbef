"""Reduced-rank LDA: LDA restricted to the few directions along which the class means differ most, relative to
the spread within the classes, and the coordinates it projects onto (notebook 06, "Reduced-rank LDA")."""

from __future__ import annotations

import numpy as np
from scipy import linalg

from .._validation import check_fitted, check_positive_int
from .classifiers import LDA


class ReducedRankLDA(LDA):
    """LDA that classifies in the ``M`` leading discriminant coordinates only (Hastie, Tibshirani and Friedman,
    *The Elements of Statistical Learning*, 4.3.3; Fisher's multi-class problem).

    Whiten the inputs with the pooled covariance ``Sigma = R R^T`` (its
    Cholesky factor): ``u = R^{-1} (x - c)``. There the class means
    ``m_k = R^{-1} (mu_k - c)`` have the between-class covariance

        B* = sum_k pi_k (m_k - m)(m_k - m)^T,      m = sum_k pi_k m_k,

    of rank at most ``K - 1``. Its eigenvectors ``v_1, v_2, ...`` by
    decreasing eigenvalue are the directions in which the means are most
    spread out, and ``a_l = R^{-T} v_l`` are Fisher's directions in the
    original units (``S_B a = lambda S_W a``), scaled so that
    ``a_l^T Sigma a_l = 1``: along each, the spread within a class is 1. The
    **discriminant coordinates** of ``x`` are ``z = A^T (x - c)``,
    ``A = [a_1, ..., a_M]``.

    Reduced-rank LDA assigns ``x`` to the class of nearest mean in those
    coordinates, allowing for the priors:

        g_k(x) = log pi_k - 1/2 ||z - z_k||^2,     z_k = A^T (mu_k - c),

    which is linear in ``x``: ``w_k = A z_k``, ``b_k = log pi_k - 1/2 ||z_k||^2``
    (about the centre ``c``, as :class:`LDA`). With ``M = min(K - 1, d)`` it is
    LDA itself: the whitened means lie in a space of ``K - 1`` dimensions,
    and the distances along the rest are the same for every class. With
    fewer it is a constrained LDA, the ``M``-dimensional view of the data in
    which the classes separate best. ``transform`` is scikit-learn's
    ``LinearDiscriminantAnalysis.transform``, up to the sign and scale of
    each direction and a shift. Notebook 06, "Reduced-rank LDA".

    Parameters
    ----------
    n_components : int or None
        ``M``, from 1 to ``min(K - 1, d)``; None takes ``min(K - 1, d)``.
    priors : array-like of shape (K,) or None
        Class priors; None estimates ``N_k / N``.

    Attributes
    ----------
    scalings_ : ndarray of shape (d, M)
        The directions ``a_l`` as columns, by decreasing eigenvalue, each
        signed so that the last class's mean projects above the first's.
    eigenvalues_ : ndarray of shape (min(K - 1, d),)
        The eigenvalues of ``B*``: the between-class variance along each
        direction, its within-class variance being 1 (Fisher's criterion).
    explained_variance_ratio_ : ndarray of shape (M,)
        Each kept eigenvalue over their total over all directions.
    coef_, intercept_, classes_, priors_, means_, covariance_, n_features_in_
        As in :class:`LDA`, for the rank-``M`` linear functions.
    """

    def __init__(self, n_components=None, priors=None):
        self.n_components = n_components
        self.priors = priors

    def _linear_functions(self) -> tuple[np.ndarray, np.ndarray]:
        """``w_k = A z_k`` and ``b'_k = log pi_k - 1/2 ||z_k||^2`` of the rank-M model; also sets the directions."""
        n_classes, n_features = self._offsets.shape
        most = min(n_classes - 1, n_features)
        rank = most if self.n_components is None else check_positive_int(self.n_components, "n_components")
        if rank > most:
            raise ValueError(f"n_components must be at most min(K - 1, d) = {most}: the {n_classes} class means span "
                             f"only that many directions; got {rank}.")
        whitened = linalg.solve_triangular(self._factors, self._offsets.T, lower=True).T   # m_k = R^{-1}(mu_k - c)
        spread = whitened - self.priors_ @ whitened                                         # m_k - m
        between = spread.T @ (self.priors_[:, None] * spread)                                # B*
        values, vectors = linalg.eigh(between)                                               # increasing
        values, vectors = values[::-1][:most], vectors[:, ::-1][:, :most]
        signs = np.sign(vectors.T @ (whitened[-1] - whitened[0]))
        vectors = vectors * np.where(signs == 0, 1, signs)
        self.eigenvalues_ = np.maximum(values, 0.0)
        self.explained_variance_ratio_ = self.eigenvalues_[:rank] / self.eigenvalues_.sum()
        self.scalings_ = linalg.solve_triangular(self._factors.T, vectors[:, :rank], lower=False)   # a_l = R^{-T} v_l
        means = whitened @ vectors[:, :rank]                                                 # z_k = V^T m_k
        return means @ self.scalings_.T, np.log(self.priors_) - 0.5 * np.sum(means ** 2, axis=1)

    def transform(self, X) -> np.ndarray:
        """The discriminant coordinates ``z = A^T (x - c)`` of each row of ``X``, shape (n_samples, M).

        Within each class their covariance is about the identity, and the
        class means ``z_k`` are as far apart as ``M`` directions allow.
        """
        check_fitted(self, "classes_")
        return self._centred(X) @ self.scalings_
