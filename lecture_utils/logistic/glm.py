"""Binary generalised linear models, ``p(t = 1 | x) = F(x^T w)``, with the logistic link (``F = sigma``, canonical)
or the probit link (``F = Phi``, the standard normal CDF); fitted by Fisher scoring or by Newton's method.

Taught in notebook 05 ("Fisher scoring"). With scores ``z_i = x_i^T w``, ``mu_i = F(z_i)``, the variance
``V_i = mu_i (1 - mu_i)`` and the log-likelihood ``l(w) = sum_i t_i log mu_i + (1 - t_i) log(1 - mu_i)``:

    score                 grad l(w) = sum_i (t_i - mu_i) F'(z_i) / V_i  x_i
    expected information  I(w) = E[-Hess l] = sum_i F'(z_i)^2 / V_i  x_i x_i^T   (the targets drawn from the model)
    observed information  J(w) = -Hess l(w) = I(w) - sum_i (t_i - mu_i) g'(z_i) x_i x_i^T,  g = F' / V

Fisher scoring steps ``w + I^{-1} grad l``: the weighted least squares of IRLS with the weights ``F'^2 / V`` and
the working response ``z_i + (t_i - mu_i) / F'(z_i)``. Newton's method steps ``w + J^{-1} grad l``. For the
canonical link ``F' = V``, so ``g = 1``, ``g' = 0`` and ``J = I``: Newton, Fisher scoring and IRLS are one method
(McCullagh and Nelder, Generalized Linear Models, section 2.5; the course's :func:`irls_step`). For the probit
link they differ away from the maximum, and agree at it only in expectation.

The log-likelihood here is the *sum* over the examples (the statistician's convention, as in statsmodels), where
the course's objective ``E`` is the mean of its negative: ``I = N H`` for the logistic link. Every per-example
quantity is written with the signed score ``u_i = (2 t_i - 1) z_i`` (``F(-z) = 1 - F(z)`` for both links), so
that nothing overflows or loses its digits far out in the tails.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy.special import expit, log_ndtr

from .._validation import as_float_array, check_flag, check_option, check_positive, check_positive_int
from ..exceptions import ConvergenceWarning
from .objectives import LogisticLoss

#: The links :func:`fisher_scoring` and :func:`glm_information` know.
LINKS = ("logit", "probit")
_LOG_ROOT_TWO_PI = 0.5 * np.log(2 * np.pi)


def _log_density(z):
    """``log F'(z)``: ``log phi(z)`` for the probit link."""
    return -0.5 * z ** 2 - _LOG_ROOT_TWO_PI


def _per_example(z, signs, link):
    """For each example, ``dl_i/dz_i``, the expected information weight ``F'^2 / V`` and the observed one
    ``-d^2 l_i / dz_i^2``, from its score ``z_i`` and sign ``u_i = 2 t_i - 1``."""
    u = signs * z
    if link == "logit":
        slope = signs * expit(-u)                              # t - mu
        weight = expit(z) * expit(-z)                          # mu (1 - mu), also -l''
        return slope, weight, weight
    mills = np.exp(_log_density(u) - log_ndtr(u))              # lambda(u) = phi(u) / Phi(u), the inverse Mills ratio
    expected = np.exp(2 * _log_density(z) - log_ndtr(z) - log_ndtr(-z))      # phi^2 / (Phi (1 - Phi))
    return signs * mills, expected, mills * (u + mills)       # l = log Phi(u): l' = u' lambda, -l'' = lambda (u + lambda)


def _design(X, t, w, fit_intercept):
    design = LogisticLoss(X, t, 0.0, fit_intercept)            # checks X and t, and gives t in {0, 1}
    if w is None:
        return design, np.zeros(design.n_weights)
    w = as_float_array(w, "w").reshape(-1)
    if w.shape != (design.n_weights,):
        raise ValueError(f"w must have length {design.n_weights} (one weight per feature, then the bias if "
                         f"fit_intercept); got shape {w.shape}.")
    return design, w


def glm_information(X, t, w, link="logit", kind="expected", fit_intercept=True) -> np.ndarray:
    """The expected (Fisher) or observed information of a binary GLM at ``w``: ``sum_i c_i x_i x_i^T``.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels
    w : array-like of shape (D + fit_intercept,)
        The weights ``(w_1, ..., w_D, b)``.
    link : {"logit", "probit"}
    kind : {"expected", "observed"}
        ``"expected"``: ``c_i = F'(z_i)^2 / V_i``, which does not depend on ``t``; ``"observed"``: ``c_i`` the
        curvature ``-d^2 l_i / dz_i^2`` of the example's log-likelihood. The same for ``"logit"``.
    fit_intercept : bool

    Returns
    -------
    ndarray of shape (D + fit_intercept, D + fit_intercept)
        Positive semi-definite (the probit and logit log-likelihoods are concave).
    """
    check_option(link, "link", LINKS)
    check_option(kind, "kind", ("expected", "observed"))
    design, w = _design(X, t, w, fit_intercept)
    Xb = design.X
    _, expected, observed = _per_example(Xb @ w, design.signs, link)
    weights = expected if kind == "expected" else observed
    return (Xb * weights[:, None]).T @ Xb


def fisher_scoring(X, t, link="probit", method="fisher", fit_intercept=True, tol=1e-10, max_iter=100,
                   return_n_iter=False):
    """Maximum likelihood for a binary GLM by Fisher scoring (IRLS) or by Newton's method, from ``w = 0``.

    Fisher scoring solves the weighted least squares ``min_v sum_i c_i (r_i - x_i^T v)^2`` with
    ``c_i = F'(z_i)^2 / V_i`` and ``r_i = z_i + (dl_i/dz_i) / c_i`` (``numpy.linalg.lstsq`` on ``C^1/2 X``);
    Newton's method solves ``J d = grad l`` with the observed information. Both stop when no weight moves by more
    than ``tol (1 + max |w_j|)``.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels (``t_i = 1`` for the larger one)
    link : {"probit", "logit"}
    method : {"fisher", "newton"}
    fit_intercept : bool
    tol : float > 0
    max_iter : int >= 1
    return_n_iter : bool
        Also return the number of steps taken.

    Returns
    -------
    w : ndarray of shape (D + fit_intercept,)
        ``(w_1, ..., w_D, b)``, as statsmodels' ``GLM(t, [X 1], Binomial(link)).fit().params``.
    n_iter : int, only with ``return_n_iter``

    Warns
    -----
    ConvergenceWarning
        If ``max_iter`` steps do not converge, as on separable data (no maximum: the weights grow without bound).
    """
    check_option(link, "link", LINKS)
    check_option(method, "method", ("fisher", "newton"))
    tol, max_iter = check_positive(tol, "tol"), check_positive_int(max_iter, "max_iter")
    return_n_iter = check_flag(return_n_iter, "return_n_iter")
    design, w = _design(X, t, None, fit_intercept)
    Xb = design.X
    for n_iter in range(1, max_iter + 1):
        z = Xb @ w
        slope, expected, observed = _per_example(z, design.signs, link)
        if method == "fisher":
            root = np.sqrt(expected)
            with np.errstate(divide="ignore", invalid="ignore"):
                targets = np.where(root > 0, root * z + slope / root, 0.0)
            new = np.linalg.lstsq(root[:, None] * Xb, targets, rcond=None)[0]
        else:
            new = w + np.linalg.lstsq((Xb * observed[:, None]).T @ Xb, Xb.T @ slope, rcond=None)[0]
        moved = np.max(np.abs(new - w))
        w = new
        if not np.all(np.isfinite(w)):
            raise ValueError("the weights overflowed: the data are separable or nearly so, and the likelihood has "
                             "no maximum; add an L2 penalty or remove the separating feature.")
        if moved <= tol * (1 + np.max(np.abs(w))):
            return (w, n_iter) if return_n_iter else w
    warnings.warn(f"Fisher scoring did not converge in {max_iter} steps (the last moved a weight by {moved:.3g}); "
                  "on separable data the likelihood has no maximum. Raise max_iter or check the data.",
                  ConvergenceWarning, stacklevel=2)
    return (w, max_iter) if return_n_iter else w
