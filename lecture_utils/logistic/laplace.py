"""Bayesian logistic regression by the Laplace approximation: a Gaussian posterior around the MAP weights, and the
predictive probability moderated by the weights' uncertainty.

Taught in notebook 05 ("The Laplace approximation"); Bishop, Pattern Recognition and Machine Learning, sections
4.4-4.5. With the prior ``w_j ~ N(0, tau^2)`` on each coefficient (Bishop's ``alpha = 1 / tau^2``; the bias gets a
flat prior, as the course never penalises it), the negative log-posterior is, up to a constant,

    N E(w) + ||w||^2 / (2 tau^2),   E the mean log loss,

the course's L2 objective with ``l2 = 1 / (N tau^2)`` (scikit-learn's ``C = tau^2``). Its minimum is ``w_MAP``,
found by Newton's method (IRLS), and its Hessian there is the inverse of the posterior covariance:

    S_N^{-1} = X~^T S X~ + diag(1/tau^2, ..., 1/tau^2, 0)      (X~ = [X 1], S = diag(p_i (1 - p_i)) at w_MAP).

For an input ``x~ = (x, 1)`` the score ``a = x~^T w`` is then Gaussian with mean ``mu_a = x~^T w_MAP`` and variance
``sigma_a^2 = x~^T S_N x~``, and the predictive probability ``p(t = 1 | x) = int sigma(a) N(a | mu_a, sigma_a^2) da``
is approximated by ``sigma(kappa(sigma_a^2) mu_a)``, ``kappa(v) = (1 + pi v / 8)^(-1/2)`` (the probit approximation,
Bishop eq. 4.153): the same sign as the MAP's score, pulled towards 1/2 where the weights are uncertain.
"""

from __future__ import annotations

import numpy as np
import scipy.linalg
from scipy.special import expit

from .._base import Classifier
from .._validation import (as_float_array, as_matrix, check_fitted, check_flag, check_n_features, check_positive,
                          check_scale)
from ..optimization import minimize
from ._design import _with_bias
from .objectives import LogisticLoss


def probit_approximation(mean, variance):
    """``sigma(kappa mu)`` with ``kappa = (1 + pi sigma^2 / 8)^(-1/2)``: the approximation of
    ``int sigma(a) N(a | mu, sigma^2) da`` that replaces the sigmoid by the probit ``Phi(sqrt(pi / 8) a)`` of the
    same slope at 0 (Bishop, eq. 4.153). Exact at ``mu = 0`` (1/2); within 0.02 of the integral everywhere.

    Parameters
    ----------
    mean : float or array-like
        ``mu``, the mean of the score.
    variance : float or array-like, >= 0, broadcasting with ``mean``
        ``sigma^2``, its variance; 0 gives ``sigma(mu)``.

    Returns
    -------
    float or ndarray of the broadcast shape
    """
    mean, variance = as_float_array(mean, "mean"), as_float_array(variance, "variance")
    if np.any(variance < 0):
        raise ValueError("variance must be >= 0 (a score's variance sigma_a^2); got a negative value.")
    try:
        mean, variance = np.broadcast_arrays(mean, variance)
    except ValueError:
        raise ValueError(f"mean and variance must broadcast together; got shapes {mean.shape} and "
                         f"{variance.shape}.") from None
    result = expit(mean / np.sqrt(1 + np.pi * variance / 8))
    return float(result) if result.ndim == 0 else result


class BayesianLogisticRegression(Classifier):
    """Logistic regression with a Gaussian prior on the coefficients, by the Laplace approximation.

    Parameters
    ----------
    prior_variance : float > 0
        ``tau^2``, the prior variance of each coefficient (Bishop's ``1 / alpha``); the bias has a flat prior.
    fit_intercept : bool
    tol : float > 0
        Newton's method stops when the gradient norm of the mean objective is at most ``tol``.

    Attributes
    ----------
    weights_ : ndarray of shape (D + fit_intercept,)
        ``w_MAP``, the posterior mode ``(w_1, ..., w_D, b)``.
    coef_ : ndarray of shape (D,)
    intercept_ : float (0.0 without ``fit_intercept``)
    covariance_ : ndarray of shape (D + fit_intercept, D + fit_intercept)
        ``S_N``, the covariance of the Gaussian approximation of the posterior.
    classes_ : ndarray of shape (2,)
        The labels; ``t_i = 1`` for ``classes_[1]``.
    """

    def __init__(self, prior_variance=1.0, fit_intercept=True, tol=1e-10):
        self.prior_variance = prior_variance
        self.fit_intercept = fit_intercept
        self.tol = tol

    def fit(self, X, t):
        """The posterior mode by Newton's method (damped), and the covariance ``S_N`` from the Hessian there.

        Parameters
        ----------
        X : array-like of shape (N, D)
        t : array-like of shape (N,), two labels

        Returns
        -------
        self
        """
        tau2 = check_positive(self.prior_variance, "prior_variance")
        fit_intercept = check_flag(self.fit_intercept, "fit_intercept")
        tol = check_positive(self.tol, "tol")
        probe = LogisticLoss(X, t, 0.0, fit_intercept)                       # checks X and t
        objective = LogisticLoss(X, t, 1.0 / (probe.n_samples * tau2), fit_intercept)
        trace = minimize(objective, np.zeros(objective.n_weights), "newton", tol=tol, line_search=True)
        self.weights_ = trace.w
        precision = objective.n_samples * objective.hessian(trace.w)        # X~^T S X~ + diag(1/tau^2, ..., 0)
        self.covariance_ = scipy.linalg.cho_solve(scipy.linalg.cho_factor(precision), np.eye(len(precision)))
        self.coef_ = self.weights_[:-1] if fit_intercept else self.weights_
        self.intercept_ = float(self.weights_[-1]) if fit_intercept else 0.0
        self.classes_ = objective.classes
        self.n_features_in_ = objective.features.shape[1]
        return self

    def score_distribution(self, X) -> tuple[np.ndarray, np.ndarray]:
        """The mean ``mu_a = x~^T w_MAP`` and variance ``sigma_a^2 = x~^T S_N x~`` of each input's score.

        Parameters
        ----------
        X : array-like of shape (M, D)

        Returns
        -------
        mean, variance : ndarrays of shape (M,)
        """
        check_fitted(self, "covariance_")
        X = as_matrix(X)
        check_n_features(X, self.n_features_in_)
        check_scale(X, "X", "the score variances x~^T S_N x~")
        design = _with_bias(X, self.fit_intercept)
        return design @ self.weights_, np.einsum("ij,jk,ik->i", design, self.covariance_, design)

    def predict_proba(self, X, moderated=True) -> np.ndarray:
        """``p(classes_[k] | x)`` for each input: moderated by the probit approximation, or the MAP's plug-in.

        Parameters
        ----------
        X : array-like of shape (M, D)
        moderated : bool
            True: ``sigma(kappa(sigma_a^2) mu_a)``, the predictive distribution; False: ``sigma(mu_a)``, the MAP
            weights taken as certain.

        Returns
        -------
        ndarray of shape (M, 2)
        """
        mean, variance = self.score_distribution(X)
        if not check_flag(moderated, "moderated"):
            variance = np.zeros_like(variance)
        return np.column_stack([np.atleast_1d(probit_approximation(-mean, variance)),     # sigma(-x) = 1 - sigma(x),
                                np.atleast_1d(probit_approximation(mean, variance))])     # exact near 0 and 1

    def predict(self, X) -> np.ndarray:
        """The label of each row: ``classes_[1]`` where ``mu_a > 0``. Moderation never changes a decision: it pulls
        ``sigma(kappa mu_a)`` towards 1/2 but keeps the side of ``mu_a``."""
        mean, _ = self.score_distribution(X)
        return self.classes_[(mean > 0).astype(int)]
