"""The Gaussian classifiers :class:`RDA`, :class:`QDA` and :class:`LDA`, and how many numbers each estimates.

Taught in notebook 06 ("LDA", "QDA", "RDA"); the notation is that of :mod:`lecture_utils.discriminant`.
"""

from __future__ import annotations

import numpy as np
from scipy import linalg

from .._base import GenerativeClassifier, check_finite_scores
from .._validation import as_matrix, as_priors, check_fitted, check_n_features, check_positive_int, check_unit_interval
from .estimates import _Estimates, _estimates, _singular_message, regularized_covariances
from .gaussian import _check_some_class_possible, _cholesky_factors, _joint_log_likelihood


def _binary_or_all(scores: np.ndarray) -> np.ndarray:
    """Scores of K classes as they are; for two classes the log-odds of class 1, shape (n_samples,)."""
    return scores[:, 1] - scores[:, 0] if scores.shape[1] == 2 else scores


class RDA(GenerativeClassifier):
    """Regularised discriminant analysis: Gaussian classes with shrunk covariances (the lecture's form of Friedman's).

    Friedman (1989) mixes the scatter matrices with weights by sample size,
    ``[(1 - lambda) S_k + lambda S] / [(1 - lambda) N_k + lambda N]`` (his
    ``lambda = 1`` is LDA); the lecture, and this class, mix the covariances
    with equal weights, ``alpha = 1`` being QDA. The ``gamma`` step is his.

    Class ``k`` is modelled as ``N(mu_k, Sigma_k(alpha, gamma))`` (see
    :func:`regularized_covariances`); the prediction is the class of largest
    posterior, softmax of ``g_k(x)``. ``alpha`` slides from LDA (0) to QDA
    (1); ``gamma`` shrinks towards a multiple of the identity, which keeps the
    covariance invertible when a class has fewer examples than features.

    Parameters
    ----------
    alpha : float in [0, 1]
        Weight of each class's own covariance against the pooled one.
    gamma : float in [0, 1]
        Shrinkage towards ``sigma_k^2 I``.
    priors : array-like of shape (K,) or None
        Class priors ``pi_k`` (in ``classes_`` order); None estimates ``N_k / N``.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    class_count_ : ndarray of int, shape (K,)
        ``N_k``.
    priors_ : ndarray of shape (K,)
    means_ : ndarray of shape (K, d)
    covariances_ : ndarray of shape (K, d, d)
        The unbiased ``Sigma_k``, before regularisation.
    covariance_ : ndarray of shape (d, d)
        The pooled ``Sigma``.
    regularized_covariances_ : ndarray of shape (K, d, d)
        The covariances the model uses, ``Sigma_k(alpha, gamma)``.
    n_features_in_ : int
    """

    def __init__(self, alpha, gamma, priors=None):
        self.alpha = alpha
        self.gamma = gamma
        self.priors = priors

    @property
    def regularized_covariances_(self) -> np.ndarray:
        check_fitted(self, "covariances_")
        return regularized_covariances(self.covariances_, self.covariance_, self.alpha, self.gamma)

    def _model_covariances(self) -> np.ndarray:
        """The covariances ``g_k`` uses: (K, d, d), or for ``alpha = 0`` the (d, d) one every class shares."""
        covariances = self.regularized_covariances_
        return covariances[0] if self.alpha == 0 else covariances       # Sigma_k(0, gamma) is the same for all k

    def fit(self, X, t):
        """Estimate ``pi_k``, ``mu_k``, ``Sigma_k`` and ``Sigma`` from examples ``X`` with labels ``t``.

        Parameters
        ----------
        X : array-like of shape (N, d)
        t : array-like of shape (N,)
            Any labels; each class needs at least 2 examples.

        Returns
        -------
        self

        Raises
        ------
        ValueError
            If a covariance the model uses is singular, e.g. QDA with a class
            of ``N_k <= d`` examples; the message suggests RDA.
        """
        vars(self).pop("classes_", None)             # the model counts as fitted once classes_ is set, last
        return self._fit(_estimates(X, t))

    def _fit(self, estimates: _Estimates):
        """:meth:`fit` of a model not fitted (or forgotten) on the estimates of a training set, made once for several
        models (a widget fitting LDA and QDA on one sample)."""
        check_unit_interval(self.alpha, "alpha")
        check_unit_interval(self.gamma, "gamma")
        self.class_count_, self.n_features_in_ = estimates.counts, estimates.offsets.shape[1]
        self.priors_ = (estimates.counts / estimates.counts.sum() if self.priors is None
                        else as_priors(self.priors, len(estimates.classes)))
        self.means_, self.covariances_, self.covariance_ = (estimates.centre + estimates.offsets,
                                                            estimates.covariances, estimates.pooled)
        self._centre, self._offsets = estimates.centre, estimates.offsets       # what g_k(x) uses: see _Estimates
        covariances = self._model_covariances()
        factors, singular = _cholesky_factors(covariances.reshape(-1, *self.covariance_.shape),
                                              np.sqrt(np.diagonal(self.covariance_)))
        if singular is not None:
            raise ValueError(_singular_message(type(self).__name__, self.alpha, self.gamma, estimates,
                                               singular, shared=covariances.ndim == 2))
        self._factors = factors.reshape(covariances.shape)
        self._linear = self._linear_functions() if covariances.ndim == 2 else None
        self.classes_ = estimates.classes                    # fitted only now
        return self

    def _linear_functions(self) -> tuple[np.ndarray, np.ndarray]:
        """``w_k = Sigma^{-1} (mu_k - c)`` (K, d) and ``b'_k = -1/2 (mu_k - c)^T w_k + log pi_k`` (K,) of a shared
        covariance: ``g_k(x) = w_k^T (x - c) + b'_k`` plus terms common to every class."""
        w = linalg.cho_solve((self._factors, True), self._offsets.T, check_finite=False).T
        return w, -0.5 * np.sum(w * self._offsets, axis=1) + np.log(self.priors_)

    def _centred(self, X) -> np.ndarray:
        """``x - c`` for each row of ``X``, checked against the fitted model (its columns contiguous: see
        :func:`~lecture_utils.discriminant.gaussian._squared_mahalanobis`)."""
        X = as_matrix(X)
        check_n_features(X, self.n_features_in_)
        return np.subtract(X, self._centre, order="F")

    def _joint_log_likelihood(self, X) -> np.ndarray:
        with np.errstate(over="ignore"):                     # far out, every density may underflow to 0
            joint = _joint_log_likelihood(self._centred(X), self._offsets, self._factors, np.log(self.priors_))
        _check_some_class_possible(joint)
        return joint

    def _posterior_scores(self, X) -> np.ndarray:
        """``g_k(x)``, or with a shared covariance the linear ``w_k^T (x - c) + b'_k``: its common quadratic term
        ``-1/2 (x - c)^T Sigma^{-1} (x - c)`` cancels exactly, not in floating point, so the posteriors stay
        right far from the data (along a boundary, where they are not 0 or 1)."""
        if self._linear is None:
            return self._joint_log_likelihood(X)
        (w, b), centred = self._linear, self._centred(X)
        with np.errstate(over="ignore", invalid="ignore"):
            return check_finite_scores((w @ centred.T).T + b)          # columns contiguous: see _squared_mahalanobis

    def decision_function(self, X) -> np.ndarray:
        """The discriminant functions ``g_k(x)``, shape (n_samples, K); for K = 2 the log-odds ``g_1 - g_0``.

        For two classes ``p(C_1 | x) = sigmoid(decision_function(x))`` (from the linear functions when
        the classes share a covariance, ``alpha = 0``).
        """
        check_fitted(self, "classes_")
        if len(self.classes_) == 2:
            return _binary_or_all(self._posterior_scores(X))
        return self._joint_log_likelihood(X)


class _Corner(RDA):
    """RDA at a corner of the square of ``(alpha, gamma)``, fixed by the subclass: only the priors are free."""

    def __init__(self, priors=None):
        self.priors = priors


class QDA(_Corner):
    """Quadratic discriminant analysis: each class its own Gaussian ``N(mu_k, Sigma_k)``; ``RDA(1, 0)``.

    The boundaries ``g_j(x) = g_k(x)`` are quadratic. A class with
    ``N_k <= d`` examples has a singular ``Sigma_k``: ``fit`` then raises a
    ``ValueError`` that suggests :class:`RDA`. Attributes as in :class:`RDA`.

    Parameters
    ----------
    priors : array-like of shape (K,) or None
        Class priors; None estimates ``N_k / N``.
    """

    alpha, gamma = 1.0, 0.0                                   # the QDA corner of RDA


class LDA(_Corner):
    """Linear discriminant analysis: Gaussian classes sharing the pooled covariance ``Sigma``; ``RDA(0, 0)``.

    With one covariance the quadratic terms ``x^T Sigma^{-1} x`` of the
    ``g_k(x)`` are equal and cancel in the posterior, which is the softmax of
    the linear functions ``w_k^T x + b_k`` (the lecture's linear discriminant
    functions) with

        w_k = Sigma^{-1} mu_k,    b_k = -1/2 mu_k^T Sigma^{-1} mu_k + log pi_k.

    For two classes it is the logistic ``p(C_1 | x) = sigmoid(w^T x + b)`` with
    ``w = w_1 - w_0`` and ``b = b_1 - b_0``.

    The model computes them about the centre ``c`` of the training inputs
    (their mean), as ``w_k^T (x - c) + b'_k`` with ``b'_k = -1/2 (mu_k - c)^T
    Sigma^{-1} (mu_k - c) + log pi_k``: the same functions less a term common
    to every class, so the same posteriors. About the origin, data far from
    it (``1e8 + x``) would make ``w_k^T x`` and ``b_k`` numbers of size 1e16
    whose difference loses every digit after the decimal point.

    Parameters
    ----------
    priors : array-like of shape (K,) or None
        Class priors; None estimates ``N_k / N``.

    Attributes
    ----------
    coef_ : ndarray of shape (1, d) for K = 2, else (K, d)
        ``w`` (two classes) or the ``w_k``.
    intercept_ : ndarray of shape (1,) for K = 2, else (K,)
        ``b`` or the ``b_k``.
    classes_, class_count_, priors_, means_, covariances_, covariance_, regularized_covariances_, n_features_in_
        As in :class:`RDA`.
    """

    alpha, gamma = 0.0, 0.0                                   # the LDA corner of RDA

    def _fit(self, estimates: _Estimates):
        """Estimate the parameters as :meth:`RDA.fit`, then the linear functions ``w_k``, ``b_k``."""
        super()._fit(estimates)
        w, b = self._linear                                  # about the centre c of the data: w_k^T (x - c) + b'_k
        c = self._centre
        if len(w) == 2:                                      # w = w_1 - w_0, and b = b'_1 - b'_0 - w^T c
            self.coef_ = w[1:] - w[:1]
            self.intercept_ = b[1:] - b[:1] - self.coef_ @ c
        else:                                                # w_k = Sigma^{-1} c + Sigma^{-1} (mu_k - c), and b_k
            v = linalg.cho_solve((self._factors, True), c, check_finite=False)
            self.coef_, self.intercept_ = w + v, b - w @ c - 0.5 * c @ v
        return self

    def decision_function(self, X) -> np.ndarray:
        """For K = 2 the log-odds ``w^T x + b``, shape (n_samples,); else ``w_k^T (x - c) + b'_k``, shape (n, K).

        The posterior is their softmax (for two classes ``sigmoid(w^T x + b)``).
        For more classes these are the linear functions ``w_k^T x + b_k`` less
        a term common to every class (see the class): the same softmax and
        argmax, without the cancellation of ``X @ coef_.T + intercept_`` far
        from the origin.
        """
        check_fitted(self, "classes_")
        return _binary_or_all(self._posterior_scores(X))


def parameter_counts(n_features: int, n_classes: int, of: str = "model") -> dict:
    """How many numbers LDA and QDA estimate, or how many their decision boundaries have.

    ``of="model"`` counts the generative model: ``K - 1`` priors, ``K d``
    mean entries and ``d (d + 1) / 2`` entries per covariance, of which LDA
    has one and QDA ``K``. ``of="boundary"`` counts the free parameters of
    the discriminant functions relative to a reference class (Hastie,
    Tibshirani and Friedman, section 4.3): LDA ``(K - 1)(d + 1)``, QDA
    ``(K - 1)(d (d + 3) / 2 + 1)``.

    Parameters
    ----------
    n_features : int
        ``d``.
    n_classes : int
        ``K``.
    of : {"model", "boundary"}

    Returns
    -------
    dict
        ``{"LDA": int, "QDA": int}``.
    """
    d, k = check_positive_int(n_features, "n_features"), check_positive_int(n_classes, "n_classes")
    if of == "model":
        shared = (k - 1) + k * d                                 # priors and means
        return {"LDA": shared + d * (d + 1) // 2, "QDA": shared + k * d * (d + 1) // 2}
    if of == "boundary":
        return {"LDA": (k - 1) * (d + 1), "QDA": (k - 1) * (d * (d + 3) // 2 + 1)}
    raise ValueError(f"of must be 'model' or 'boundary'; got {of!r}.")
