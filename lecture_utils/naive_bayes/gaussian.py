"""Naive Bayes for real features: ``p(x_j | C_k) = N(x_j; mu_kj, sigma^2_kj)``, QDA with diagonal
covariances, or with shared variances LDA's diagonal cousin (notebook 07, "Gaussian Naive Bayes")."""

from __future__ import annotations

import numpy as np

from .._base import check_finite_scores
from .._validation import as_matrix, check_flag, check_non_negative, check_scale
from ._model import _NaiveBayes


class GaussianNB(_NaiveBayes):
    """Naive Bayes for real features: each ``x_j`` is Gaussian given the class.

    The factor of feature ``j`` is ``N(x_j; mu_kj, sigma^2_kj)`` with the
    maximum-likelihood estimates over the ``N_k`` examples of class ``C_k``:

        mu_kj = (1/N_k) sum_{i in C_k} x_ij,    sigma^2_kj = (1/N_k) sum_{i in C_k} (x_ij - mu_kj)^2.

    Their product is a Gaussian with the diagonal covariance
    ``diag(sigma^2_k1, ..., sigma^2_kD)`` (:attr:`covariances_`): Gaussian Naive
    Bayes is QDA with diagonal covariance matrices (notebook 06), estimated
    with ``1/N_k`` rather than QDA's unbiased ``1/(N_k - 1)``. It is
    scikit-learn's ``GaussianNB(var_smoothing=var_smoothing)``. Notebook 07,
    "Gaussian Naive Bayes".

    With ``shared_variance=True`` every class has the same variance of
    feature ``j``, the maximum-likelihood estimate of the model in which the
    classes share it: the pooled within-class variance

        sigma^2_j = (1/N) sum_k sum_{i in C_k} (x_ij - mu_kj)^2 = sum_k (N_k / N) sigma^2_kj.

    Then the terms in ``x_j^2`` and ``log sigma_j`` are the same for every class
    and cancel: the log-odds of two classes is linear in ``x``, with
    ``w_j = (mu_1j - mu_0j) / sigma^2_j``. This is LDA with a diagonal
    covariance, and the generative half of Ng and Jordan's (2001) pair with
    logistic regression (notebook 07, "Generative or discriminative"). The
    divisor is ``N``, not LDA's ``N - K`` (:class:`~lecture_utils.discriminant.LDA`),
    because every estimate of this class is the maximum-likelihood one, as in
    Ng and Jordan's generative classifier; the two differ by the factor
    ``N / (N - K)``, which scales ``w`` and leaves the prior's term alone.

    Parameters
    ----------
    var_smoothing : float >= 0
        Adds ``var_smoothing`` times the largest variance of a feature over
        all of ``X`` to every ``sigma^2_kj``, as scikit-learn does (its
        default is ``1e-9``). The default 0 keeps the maximum-likelihood
        estimates.
    shared_variance : bool
        Whether the classes share the variance of each feature (linear
        log-odds) or each has its own (the default; quadratic log-odds).

    Attributes
    ----------
    classes_, class_count_, class_prior_ : ndarrays of shape (K,)
        The sorted class labels, ``N_k`` and ``pi_k = N_k / N``.
    means_ : ndarray of shape (K, n_features)
        ``mu_kj``.
    variances_ : ndarray of shape (K, n_features)
        ``sigma^2_kj``, all > 0; with ``shared_variance=True`` every row is
        the pooled ``sigma^2_j``.
    n_features_in_ : int

    Raises
    ------
    ValueError
        At ``fit``, if ``var_smoothing`` is 0 and a variance is 0: a feature
        constant within a class (a class with one example included), or with
        ``shared_variance=True`` constant within every class. Its Gaussian
        is a spike that no other value can reach.
    """

    _zero_likelihood_hint = ("Its values are so far from every class mean that each Gaussian density "
                             "underflows to 0 in float64; check X for outliers or a change of units.")

    _checked_input = staticmethod(as_matrix)

    def __init__(self, var_smoothing=0.0, shared_variance=False):
        self.var_smoothing = var_smoothing
        self.shared_variance = shared_variance

    def _fit_factors(self, X, k, classes) -> None:
        var_smoothing = check_non_negative(self.var_smoothing, "var_smoothing")
        shared = check_flag(self.shared_variance, "shared_variance")
        check_scale(X, "X", "the variances sigma^2_kj (averages of squares of entries of X)")
        # About the centre c of X (its mean): far from the origin (x = 1e8 + u) x - c keeps every digit of u,
        # where mu_kj itself would be rounded to the spacing of floats there (1.5e-8), and so would x - mu_kj.
        self._centre = X.mean(axis=0)
        in_class = [X[k == c] - self._centre for c in range(classes.size)]
        self._offsets = np.array([X_k.mean(axis=0) for X_k in in_class])      # mu_kj - c_j, 1/N_k
        self.means_ = self._centre + self._offsets                             # mu_kj
        self.variances_ = np.array([X_k.var(axis=0) for X_k in in_class])      # sigma^2_kj, 1/N_k
        if shared:                                  # sigma^2_j = sum_k (N_k / N) sigma^2_kj, in every row
            self.variances_ = np.tile(self.class_prior_ @ self.variances_, (classes.size, 1))
        self._shared = shared
        if var_smoothing > 0:
            self.variances_ += var_smoothing * X.var(axis=0).max()
        self._check_variances(classes, shared)

    def _check_variances(self, classes, shared: bool) -> None:
        if np.all(self.variances_ > 0):
            return
        c, j = np.argwhere(self.variances_ == 0)[0]
        where = (f"is constant within every class (over all {self.class_count_.sum()} examples), so its pooled"
                 if shared else
                 f"is constant (= {self.means_[c, j]:g}) over the {self.class_count_[c]} example(s) of class "
                 f"{classes.tolist()[c]!r}, so its")
        raise ValueError(
            f"Feature {j} of X {where} maximum-likelihood variance is 0 and its Gaussian a spike of infinite "
            "density. Pass var_smoothing > 0 (scikit-learn's default is 1e-9), drop the feature, or collect more "
            "examples."
        )

    @property
    def covariances_(self) -> np.ndarray:
        """The class covariances of the equivalent QDA, ``diag(sigma^2_k)``, shape (K, D, D)."""
        return self.variances_[:, :, None] * np.eye(self.variances_.shape[1])

    def _log_factors(self, X) -> np.ndarray:
        # log N(x_j; mu_kj, sigma^2_kj) = -(x_j - mu_kj)^2 / (2 sigma^2_kj) - log(2 pi sigma^2_kj) / 2
        with np.errstate(over="ignore"):                     # far out, the density underflows to 0
            return -0.5 * ((X - self._centre)[:, None, :] - self._offsets) ** 2 / self.variances_ \
                - 0.5 * np.log(2 * np.pi * self.variances_)

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        if self._shared and not common:
            return self._linear_log_factors(X)
        # The same sum in QDA's form, with Sigma_k = diag(sigma^2_k):
        # log N(x; mu_k, Sigma_k) = -(x - mu_k)^T Sigma_k^-1 (x - mu_k) / 2 - log |2 pi Sigma_k| / 2
        squares = (X - self._centre) - self._offsets[:, None, :]     # in place: one array of shape (K, n, d)
        with np.errstate(over="ignore"):
            squares **= 2
        squares /= self.variances_[:, None, :]
        log_likelihood = -0.5 * squares.sum(axis=2) - 0.5 * np.log(2 * np.pi * self.variances_).sum(axis=1)[:, None]
        return log_likelihood.T                              # laid out (K, n), as _NaiveBayes says

    def _linear_log_factors(self, X) -> np.ndarray:
        # With shared variances, sum_j log N(x_j; mu_kj, sigma^2_j) less the terms common to every class
        # (-(x_j - c_j)^2 / (2 sigma^2_j) - log(2 pi sigma^2_j) / 2) is linear in x, as LDA's:
        # sum_j [(x_j - c_j) m_kj - m_kj^2 / 2] / sigma^2_j with m_kj = mu_kj - c_j; the common terms
        # cancel exactly, not in floating point, where far from the data they would take every digit.
        weights = self._offsets / self.variances_                                  # m_kj / sigma^2_j, (K, d)
        with np.errstate(over="ignore", invalid="ignore"):
            linear = weights @ (X - self._centre).T - 0.5 * np.sum(weights * self._offsets, axis=1)[:, None]
            return check_finite_scores(linear.T)             # laid out (K, n), as _NaiveBayes says
