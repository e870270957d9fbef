"""The risk of a rule on a sample, stratified by class, and the Bayes risk of any classes by Monte Carlo, in
any dimension and for any loss (notebook 06, "The Bayes error rate")."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._numerics import scaled, unscale
from .._validation import as_priors, check_draws, check_positive_int, check_random_state
from .risk import _risks_from_joint
from .rules import _loss_or_zero_one


#: Draws whose Bayes decisions :func:`bayes_error_monte_carlo` takes at once: the log-densities, posteriors and
#: expected losses of 200 000 draws per class took 29 MB together.
_BLOCK = 65_536

@dataclass(frozen=True)
class MonteCarloRisk:
    """A Monte Carlo estimate of a risk and its standard error."""

    risk: float
    standard_error: float


def stratified_risk(decisions, t, priors, loss_matrix=None) -> MonteCarloRisk:
    """The risk of a classifier estimated on test examples drawn class by class.

    With ``N_k`` test examples of each class ``k`` (in any proportions, not
    necessarily the priors'), the risk ``R = sum_k p(C_k) E[L[a(x), k] | C_k]``
    is estimated by

        R ~ sum_k p(C_k) (1 / N_k) sum_{i: t_i = k} L[a_i, k],

    with standard error ``sqrt(sum_k p(C_k)^2 Var_k / N_k)``. With the 0-1 loss
    it is the error rate ``sum_k p(C_k) P(a(x) != k | C_k)``.

    Parameters
    ----------
    decisions : array-like of int, shape (n_samples,)
        The decision ``a_i`` taken on each test example (a row of ``loss_matrix``).
    t : array-like of int, shape (n_samples,)
        The true class ``k`` of each, in ``0, ..., K - 1``; every class at least once.
    priors : array-like of shape (K,)
        ``p(C_k)``.
    loss_matrix : array-like of shape (n_decisions, K) or None
        ``L[decision, true class]``; None for the 0-1 loss.

    Returns
    -------
    MonteCarloRisk
        ``risk`` and ``standard_error``.
    """
    priors = as_priors(priors, len(np.atleast_1d(priors)))
    loss = _loss_or_zero_one(loss_matrix, priors.size)
    decisions, t = _as_indices(decisions, "decisions", loss.shape[0]), _as_indices(t, "t", priors.size)
    if decisions.shape != t.shape:
        raise ValueError(f"decisions and t must hold one value per test example; got shapes {decisions.shape} "
                         f"and {t.shape}.")
    counts = np.bincount(t, minlength=priors.size)
    if np.any(counts == 0):
        raise ValueError(f"t must hold at least one test example of every class 0..{priors.size - 1}; "
                         f"class {int(np.argmin(counts))} has none.")
    return _stratified_risk(decisions, t, priors, loss)


def _stratified_risk(decisions: np.ndarray, t: np.ndarray, priors: np.ndarray, loss: np.ndarray) -> MonteCarloRisk:
    """:func:`stratified_risk` of arguments it has checked (a widget scoring a test set it drew itself)."""
    counts = np.bincount(t, minlength=priors.size)
    losses, e = scaled(loss[decisions, t])                     # L[a_i, t_i] / 2^e: no square overflows
    means = np.bincount(t, weights=losses) / counts                          # mean loss within each class
    variances = np.bincount(t, weights=(losses - means[t]) ** 2) / counts   # in two passes: no cancellation
    return MonteCarloRisk(float(unscale(priors @ means, e)), float(unscale(np.sqrt(priors ** 2 @ (variances / counts)),
                                                                         e)))


def _as_indices(values, name: str, n_values: int) -> np.ndarray:
    """``values`` as a 1-D int array of indices in ``0..n_values - 1``."""
    array = np.asarray(values)
    if array.ndim != 1 or array.dtype.kind not in "iu" or np.any(array < 0) or np.any(array >= n_values):
        raise ValueError(f"{name} must be a 1-D array of whole numbers from 0 to {n_values - 1}; got {values!r}.")
    return array


def bayes_error_monte_carlo(distributions, priors, loss_matrix=None, n_samples: int = 100_000,
                            random_state=None) -> MonteCarloRisk:
    """The Bayes risk of known class distributions in any dimension, by stratified Monte Carlo.

    Draws ``n_samples`` examples ``x`` from each class ``k``, takes the Bayes
    decision ``a(x)`` from the true posteriors, and averages the losses
    (:func:`stratified_risk`):

        R* = sum_k p(C_k) E[L[a(x), k] | C_k]  ~  sum_k p(C_k) mean_i L[a(x_ki), k],

    with standard error ``sqrt(sum_k p(C_k)^2 Var_k / n_samples)``. With the
    0-1 loss this is the Bayes error rate.

    Parameters
    ----------
    distributions : sequence of K scipy.stats frozen distributions
        Each with ``rvs`` and ``logpdf``, e.g. ``scipy.stats.multivariate_normal(mean, cov)``.
    priors : array-like of shape (K,)
    loss_matrix : array-like of shape (n_decisions, K) or None
        None for the 0-1 loss.
    n_samples : int
        Draws per class.
    random_state : int, numpy Generator or None

    Returns
    -------
    MonteCarloRisk
        ``risk`` and ``standard_error``.
    """
    distributions = list(distributions)
    n_classes = len(distributions)
    if n_classes < 2 or not all(hasattr(d, "rvs") and hasattr(d, "logpdf") for d in distributions):
        raise TypeError(
            "distributions must hold at least 2 scipy.stats frozen distributions (with rvs and logpdf), "
            "one per class, e.g. [scipy.stats.multivariate_normal([0, 0]), scipy.stats.multivariate_normal([2, 0])]."
        )
    priors = as_priors(priors, n_classes)
    loss = _loss_or_zero_one(loss_matrix, n_classes)
    n_samples = check_positive_int(n_samples, "n_samples")
    check_draws(n_samples * n_classes, "n_samples")
    rng = check_random_state(random_state)
    x = np.concatenate([np.reshape(d.rvs(size=n_samples, random_state=rng), (n_samples, -1)) for d in distributions])
    decisions = np.concatenate([_bayes_decisions(x[start:start + _BLOCK], distributions, priors, loss)
                                for start in range(0, len(x), _BLOCK)])     # in blocks: a few MB of temporaries
    return stratified_risk(decisions, np.repeat(np.arange(n_classes), n_samples), priors, loss)


def _bayes_decisions(x: np.ndarray, distributions: list, priors: np.ndarray, loss: np.ndarray) -> np.ndarray:
    """The Bayes decision ``a(x) = argmin_a R(a | x)`` at each row of ``x``, from the true posteriors."""
    log_joint = np.column_stack([np.reshape(d.logpdf(x.squeeze(axis=1) if x.shape[1] == 1 else x), -1)
                                 for d in distributions]) + np.log(priors)
    return np.argmin(_risks_from_joint(log_joint, loss), axis=1)
