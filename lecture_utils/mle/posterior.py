"""Beyond the MLE: a prior, the posterior's mode (MAP), and least squares as a likelihood.

Taught in notebook 03 ("Maximum likelihood estimation", sections "Least squares is an MLE" and "A prior: MAP
estimation"). With a prior ``p(theta)``, Bayes' rule gives the posterior ``p(theta | x) ~ L(theta) p(theta)``, and

    theta_MAP = argmax_theta [ log L(theta) + log p(theta) ],

the MLE plus one more term. Conjugate priors keep the posterior in the prior's family, so the MAP has a closed form:

- Bernoulli likelihood, ``Beta(a, b)`` prior: the posterior is ``Beta(a + h, b + N - h)`` and
  ``phi_MAP = (h + a - 1) / (N + a + b - 2)``; ``a = b = 2`` gives Laplace's smoothing ``(h + 1) / (N + 2)``.
- Gaussian likelihood with known ``sigma^2``, ``N(mu_0, tau^2)`` prior on the mean: a Gaussian posterior whose
  precision is the sum of the precisions, ``N / sigma^2 + 1 / tau^2``.
- Linear regression ``t = X w + noise``, noise ``N(0, sigma^2)``: the MLE of ``w`` is least squares, and a prior
  ``w ~ N(0, tau^2 I)`` makes the MAP ridge regression with ``lambda = sigma^2 / tau^2``.
"""

from __future__ import annotations

import numpy as np

from .._numerics import mean
from .._validation import as_matrix, as_scalar, as_vector, check_positive, float_or_array
from ._samples import _as_binary_sample, _as_sample


def beta_bernoulli_posterior(x, a=1.0, b=1.0):
    """The posterior ``Beta(a + h, b + N - h)`` of a Bernoulli ``phi`` under a ``Beta(a, b)`` prior.

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        One sample of 0s and 1s, or a batch along the last axis.
    a, b : float > 0
        The prior's parameters: ``a - 1`` and ``b - 1`` act as ones and zeros seen before the data.

    Returns
    -------
    a_post, b_post : float or ndarray of shape (...)
    """
    x = _as_binary_sample(x)
    a, b = check_positive(a, "a"), check_positive(b, "b")
    h, N = x.sum(axis=-1), x.shape[-1]
    return float_or_array(a + h), float_or_array(b + N - h)     # Beta(a + h, b + N - h)


def beta_bernoulli_map(x, a=2.0, b=2.0):
    """``phi_MAP = (h + a - 1) / (N + a + b - 2)``: the mode of the Beta posterior.

    ``a = b = 1`` (a flat prior) gives the MLE ``h / N``; ``a = b = 2`` gives Laplace's smoothing
    ``(h + 1) / (N + 2)``, and ``a = b = 1 + alpha`` the smoothing ``(h + alpha) / (N + 2 alpha)`` of
    notebook 07.

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        One sample of 0s and 1s, or a batch along the last axis.
    a, b : float >= 1
        The Beta prior's parameters (below 1 the posterior's density can be infinite at 0 or 1, where
        there is no mode inside the interval).

    Returns
    -------
    float or ndarray of shape (...)
    """
    a_post, b_post = beta_bernoulli_posterior(x, a, b)
    if a < 1 or b < 1:
        raise ValueError(f"a and b must be >= 1 for the posterior to have a mode in [0, 1]; got a = {a!r}, "
                         f"b = {b!r}. Use beta_bernoulli_posterior for the posterior itself.")
    a_post, b_post = np.asarray(a_post), np.asarray(b_post)
    return float_or_array((a_post - 1) / (a_post + b_post - 2))       # (h + a - 1) / (N + a + b - 2)


def gaussian_mean_map(x, sigma2, mu0=0.0, tau2=1.0):
    """The MAP (and posterior mean) of a Gaussian mean with known variance under a ``N(mu0, tau2)`` prior.

    ``mu_MAP = (N x_bar / sigma^2 + mu0 / tau^2) / (N / sigma^2 + 1 / tau^2)``: a weighted average of the
    sample mean and the prior mean, weighted by their precisions. As ``N`` grows it tends to the MLE.

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        One sample, or a batch along the last axis.
    sigma2 : float > 0
        The known noise variance.
    mu0 : float
        The prior mean.
    tau2 : float > 0
        The prior variance.

    Returns
    -------
    float or ndarray of shape (...)
    """
    x = _as_sample(x)
    sigma2, tau2 = check_positive(sigma2, "sigma2"), check_positive(tau2, "tau2")
    mu0 = as_scalar(mu0, "mu0")
    N = x.shape[-1]
    # the sample mean's weight (N / sigma^2) / (N / sigma^2 + 1 / tau^2), written so that no ratio overflows
    with np.errstate(over="ignore"):
        weight = 1.0 / (1.0 + sigma2 / tau2 / N)
    return float_or_array(weight * mean(x) + (1 - weight) * mu0)


def _design(X, t):
    X = as_matrix(X, "X")
    t = as_vector(t, "t", X.shape[0])
    return X, t


def least_squares_mle(X, t):
    """The MLE of linear regression with Gaussian noise: ``w = argmin ||t - X w||^2`` and ``sigma^2 = RSS / N``.

    Maximising ``sum_n log N(t_n; x_n^T w, sigma^2)`` over ``w`` minimises the residual sum of squares
    whatever ``sigma^2`` is; then ``sigma^2_MLE`` is the mean squared residual (biased, as in
    :func:`~lecture_utils.mle.gaussian_mle`). No intercept is added: append a column of ones to ``X``.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)

    Returns
    -------
    w : ndarray of shape (d,)
    sigma2 : float
    """
    X, t = _design(X, t)
    w, *_ = np.linalg.lstsq(X, t, rcond=None)                         # solves X^T X w = X^T t stably
    residuals = t - X @ w
    return w, float(np.mean(residuals ** 2))                           # RSS / N


def linear_regression_map(X, t, sigma2, tau2):
    """The MAP of linear regression under the prior ``w ~ N(0, tau2 I)``: ridge regression.

    ``w_MAP = argmin ||t - X w||^2 / (2 sigma^2) + ||w||^2 / (2 tau^2) = (X^T X + lambda I)^{-1} X^T t`` with
    ``lambda = sigma^2 / tau^2`` (scikit-learn's ``Ridge(alpha=lambda, fit_intercept=False)``). Every weight,
    a column of ones included, is shrunk.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)
    sigma2 : float > 0
        The noise variance.
    tau2 : float > 0
        The prior variance of each weight.

    Returns
    -------
    ndarray of shape (d,)
    """
    X, t = _design(X, t)
    lam = check_positive(sigma2, "sigma2") / check_positive(tau2, "tau2")   # lambda = sigma^2 / tau^2
    d = X.shape[1]
    # [X; sqrt(lambda) I] w ~ [t; 0]: the same normal equations, without forming X^T X
    augmented = np.vstack([X, np.sqrt(lam) * np.eye(d)])
    w, *_ = np.linalg.lstsq(augmented, np.concatenate([t, np.zeros(d)]), rcond=None)
    return w
