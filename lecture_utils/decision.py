"""Bayes decision theory: loss matrices, the expected loss, the Bayes decision and the Bayes risk.

Taught in notebook 06 ("Decision theory" to "The Bayes error rate"), following
Arias, UPC topic 2. Notation: classes ``C_1, ..., C_K`` with priors ``p(C_k)``
and class densities ``p(x | C_k)``; the posterior ``p(C_k | x)``; a loss
matrix ``L[a, j]``, the cost of deciding ``a`` when the true class is ``j``
(rows are decisions, columns true classes, as in the lecture's tables). The
expected loss (conditional risk) of decision ``a`` at ``x`` is

    R(a | x) = sum_j L[a, j] p(C_j | x),

and the Bayes decision ``argmin_a R(a | x)`` minimises it. With the 0-1 loss
``L = 1 - I``, ``R(a | x) = 1 - p(C_a | x)``: the Bayes decision is the class
of largest posterior. Averaged over ``x`` it gives the Bayes risk

    R* = integral of min_a sum_j L[a, j] p(C_j) p(x | C_j) dx,

which for the 0-1 loss is the Bayes error rate
``1 - integral of max_k p(C_k) p(x | C_k) dx``: no classifier does better.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ._numerics import scaled, unscale
from ._validation import (as_distribution, as_float_array, as_positive_array, as_priors, as_vector, check_draws,
                          check_positive_int, check_random_state, check_sequence, check_size)

# Probability left out in each tail of a distribution when searching for thresholds.
_TAIL = 1e-12

#: What :func:`bayes_decision` returns where rejecting (deciding nothing) costs less than any class.
REJECT = -1

#: The largest error that ``scipy.integrate.quad`` may estimate for a region's probability under a plain
#: density function before :func:`bayes_error_1d` and :func:`threshold_rule_risk` refuse the result.
QUADRATURE_ERROR = 1e-7
#: The most points of the grid on which :func:`bayes_error_1d` looks for changes of decision (about 2 s).
MAX_SEARCH_GRID = 10 ** 6
#: The most regions whose probabilities under a plain density function are found by quadrature in one call
#: (a few milliseconds each, per class).
MAX_QUADRATURES = 500


# --------------------------------------------------------------------------
# Input checks private to this module
# --------------------------------------------------------------------------


def _as_loss_matrix(loss_matrix, n_classes: int | None = None) -> np.ndarray:
    """Return ``L[a, j]`` as a finite float array of shape (n_decisions, K)."""
    loss = as_float_array(loss_matrix, "loss_matrix")
    if loss.ndim != 2 or loss.shape[0] == 0 or loss.shape[1] < 2:
        raise ValueError(
            "loss_matrix must be a 2-D array L[decision, true class] with a column per class "
            f"(at least 2), e.g. [[0, 50], [10, 0]]; got shape {loss.shape}."
        )
    if n_classes is not None and loss.shape[1] != n_classes:
        raise ValueError(
            f"loss_matrix has {loss.shape[1]} columns (true classes) but there are {n_classes} classes; "
            "its rows are decisions and its columns true classes, L[decision, true class]."
        )
    return loss


def _loss_or_zero_one(loss_matrix, n_classes: int) -> np.ndarray:
    return zero_one_loss(n_classes) if loss_matrix is None else _as_loss_matrix(loss_matrix, n_classes)


def _as_posterior(posterior) -> np.ndarray:
    posterior = as_distribution(posterior, "posterior")
    if posterior.ndim > 2:
        raise ValueError(
            "posterior must have shape (K,) for one x or (n_samples, K) for many; "
            f"got shape {posterior.shape}."
        )
    return posterior


def _mistake_costs(loss_matrix) -> tuple[float, float]:
    """``(L[1, 0] - L[0, 0], L[0, 1] - L[1, 1])``: what each wrong decision of two classes costs extra."""
    loss = _as_loss_matrix(loss_matrix, 2)
    if loss.shape != (2, 2):
        raise ValueError(f"loss_matrix must be 2 x 2 for two classes; got shape {loss.shape}.")
    cost_0, cost_1 = loss[1, 0] - loss[0, 0], loss[0, 1] - loss[1, 1]
    if cost_0 <= 0 or cost_1 <= 0:
        raise ValueError(
            "loss_matrix must make each mistake cost more than the right decision, L[1, 0] > L[0, 0] and "
            f"L[0, 1] > L[1, 1]; got {loss.tolist()}. Otherwise one decision is best for every x and "
            "there is no threshold."
        )
    return float(cost_0), float(cost_1)


# --------------------------------------------------------------------------
# The expected loss and the Bayes decision
# --------------------------------------------------------------------------


def zero_one_loss(n_classes: int) -> np.ndarray:
    """The 0-1 loss matrix ``L = 1 - I``: every mistake costs 1, every right decision 0.

    Parameters
    ----------
    n_classes : int
        ``K``.

    Returns
    -------
    ndarray of shape (K, K)
    """
    n_classes = check_positive_int(n_classes, "n_classes")
    check_size(n_classes ** 2, "the 0-1 loss matrix", "n_classes")
    return 1.0 - np.eye(n_classes)


def expected_loss(loss_matrix, posterior) -> np.ndarray:
    """The expected loss ``R(a | x) = sum_j L[a, j] p(C_j | x)`` of every decision ``a``.

    Parameters
    ----------
    loss_matrix : array-like of shape (n_decisions, K)
        ``L[a, j]``, the cost of deciding ``a`` when the true class is ``j``:
        rows are decisions, columns true classes, as in the lecture's tables.
    posterior : array-like of shape (K,) or (n_samples, K)
        ``p(C_k | x)`` for one ``x`` or for each of ``n_samples``; each sums to 1.

    Returns
    -------
    ndarray of shape (n_decisions,) or (n_samples, n_decisions)
    """
    posterior = _as_posterior(posterior)
    loss = _as_loss_matrix(loss_matrix, posterior.shape[-1])
    return posterior @ loss.T                                # sum_j L[a, j] p(C_j | x)


def bayes_decision(loss_matrix, posterior, reject_cost=None):
    """The Bayes decision ``argmin_a R(a | x)``, optionally with a reject option.

    With the 0-1 loss this is the class of largest posterior. With
    ``reject_cost`` the decision may also be "reject" (:data:`REJECT`, i.e.
    -1), which costs ``reject_cost`` whatever the class: it is taken where
    every decision's expected loss exceeds it. For the 0-1 loss that is
    where ``max_k p(C_k | x) < 1 - reject_cost``. Ties go to the first decision.

    Parameters
    ----------
    loss_matrix : array-like of shape (n_decisions, K)
        ``L[a, j]`` as in :func:`expected_loss`.
    posterior : array-like of shape (K,) or (n_samples, K)
    reject_cost : float or None
        The cost of rejecting; None for no reject option.

    Returns
    -------
    int or ndarray of int of shape (n_samples,)
        The row of ``loss_matrix`` chosen for each ``x``, or :data:`REJECT`.
    """
    risks = expected_loss(loss_matrix, posterior)
    decisions = np.argmin(risks, axis=-1)                     # argmin_a R(a | x)
    if reject_cost is not None:
        if isinstance(reject_cost, bool) or not isinstance(reject_cost, numbers.Real) or not np.isfinite(reject_cost):
            raise TypeError(f"reject_cost must be a finite number or None; got {reject_cost!r}.")
        decisions = np.where(np.min(risks, axis=-1) > reject_cost, REJECT, decisions)
    return decisions[()] if decisions.ndim == 0 else decisions


def posterior_threshold(loss_matrix) -> float:
    """The posterior ``p(C_1 | x)`` above which the Bayes decision for two classes is class 1.

    Deciding 1 costs less than deciding 0 when
    ``(L[1, 0] - L[0, 0]) p(C_0 | x) < (L[0, 1] - L[1, 1]) p(C_1 | x)``, that is when

        p(C_1 | x) > (L[1, 0] - L[0, 0]) / ((L[1, 0] - L[0, 0]) + (L[0, 1] - L[1, 1])).

    The 0-1 loss gives 1/2; the lecture's medical table ``[[0, 50], [10, 0]]``
    (missing a cancer costs 50, a false alarm 10) gives 10/60 = 1/6.

    Parameters
    ----------
    loss_matrix : array-like of shape (2, 2)
        ``L[decision, true class]``; each mistake must cost more than the right decision.

    Returns
    -------
    float in (0, 1)
    """
    cost_0, cost_1 = _mistake_costs(loss_matrix)
    with np.errstate(over="ignore"):                     # a ratio beyond 1e308: the threshold is 0.0
        return float(1 / (1 + np.float64(cost_1) / cost_0))      # cost_0 / (cost_0 + cost_1), never inf / inf


# --------------------------------------------------------------------------
# Two 1-D Gaussian classes: the thresholds in closed form
# --------------------------------------------------------------------------


def gaussian_threshold_1d(means, sigmas, priors=(0.5, 0.5), loss_matrix=None) -> np.ndarray:
    """Where the Bayes decision between two 1-D Gaussian classes changes: 0, 1 or 2 thresholds.

    Class 1 is decided where ``c_1 N(x; mu_1, sigma_1^2) > c_0 N(x; mu_0, sigma_0^2)``
    with ``c_1 = p(C_1) (L[0, 1] - L[1, 1])`` and ``c_0 = p(C_0) (L[1, 0] - L[0, 0])``.
    Taking logs, the boundary solves the quadratic ``a x^2 + b x + c = 0`` with

        a = 1 / (2 sigma_0^2) - 1 / (2 sigma_1^2),
        b = mu_1 / sigma_1^2 - mu_0 / sigma_0^2,
        c = mu_0^2 / (2 sigma_0^2) - mu_1^2 / (2 sigma_1^2) + log(c_1 sigma_0 / (c_0 sigma_1)).

    With equal variances ``a = 0`` and the single threshold is
    ``(mu_0 + mu_1) / 2 + sigma^2 log(c_0 / c_1) / (mu_1 - mu_0)``: a costlier
    false negative (larger ``L[0, 1]``) moves it towards ``mu_0``.

    Parameters
    ----------
    means, sigmas : array-like of shape (2,)
        ``mu_0, mu_1`` and the standard deviations ``sigma_0, sigma_1 > 0``.
    priors : array-like of shape (2,)
        ``p(C_0), p(C_1)``, each > 0.
    loss_matrix : array-like of shape (2, 2) or None
        ``L[decision, true class]``; None for the 0-1 loss.

    Returns
    -------
    ndarray of shape (0,), (1,) or (2,)
        The thresholds in increasing order (none if one class wins everywhere).
    """
    (mu_0, mu_1), (sigma_0, sigma_1) = as_vector(means, "means", 2), as_vector(sigmas, "sigmas", 2)
    as_positive_array([sigma_0, sigma_1], "sigmas", "a standard deviation")
    prior_0, prior_1 = as_priors(priors, 2)
    cost_0, cost_1 = _mistake_costs(zero_one_loss(2) if loss_matrix is None else loss_matrix)
    # In the units u = (x - mu_0) / sigma_0 the classes are N(0, 1) and N(d, r^2), whatever the scale of x:
    # the same quadratic with mu_0 = 0, sigma_0 = 1, mu_1 = d, sigma_1 = r, then x = mu_0 + sigma_0 u.
    d, r = (mu_1 - mu_0) / sigma_0, sigma_1 / sigma_0
    a = 0.5 - 1 / (2 * r ** 2)
    b = d / r ** 2
    c = -d ** 2 / (2 * r ** 2) + np.log(prior_1 * cost_1 / (prior_0 * cost_0)) - np.log(r)
    if a == 0:
        roots = np.array([]) if b == 0 else np.array([-c / b])
    else:
        discriminant = b ** 2 - 4 * a * c
        if discriminant <= 0:                                # no crossing, or a touch that changes nothing
            return np.array([])
        q = -0.5 * (b + np.copysign(np.sqrt(discriminant), b))   # the two roots q / a and c / q, without cancellation
        roots = np.sort([q / a, c / q])
    return mu_0 + sigma_0 * roots


# --------------------------------------------------------------------------
# The Bayes risk of known class densities
# --------------------------------------------------------------------------


def _risks_from_joint(log_joint: np.ndarray, loss: np.ndarray) -> np.ndarray:
    """``R(a | x)`` from ``log p(x, C_k)`` of shape (n, K): the posterior is their softmax."""
    weights = np.exp(log_joint - log_joint.max(axis=1, keepdims=True))     # p(x, C_k) / max_j p(x, C_j)
    return (weights / weights.sum(axis=1, keepdims=True)) @ loss.T        # sum_j L[a, j] p(C_j | x)


@dataclass(frozen=True)
class BayesRisk1D:
    """The Bayes decision regions of 1-D class densities and the risk they incur.

    The real line is cut at ``thresholds`` into regions ``(-inf, t_0)``,
    ``(t_0, t_1)``, ..., ``(t_last, inf)``; region ``j`` is given the decision
    ``decisions[j]`` (a row of the loss matrix). With the 0-1 loss the error
    areas under ``p(C_k) p(x | C_k)`` are those of each class ``k`` outside its
    own regions.

    Attributes
    ----------
    risk : float
        The Bayes risk ``R*``; the Bayes error rate for the 0-1 loss.
    thresholds : ndarray of shape (n_thresholds,)
        Increasing.
    decisions : ndarray of int, shape (n_thresholds + 1,)
    class_risks : ndarray of shape (K,)
        What each true class contributes to the risk,
        ``p(C_k) sum_j L[decisions[j], k] P(x in region j | C_k)``; they sum to ``risk``.
    """

    risk: float
    thresholds: np.ndarray
    decisions: np.ndarray
    class_risks: np.ndarray

    @property
    def regions(self) -> list[tuple[float, float, int]]:
        """``(low, high, decision)`` of each region, from ``-inf`` to ``inf``."""
        edges = np.r_[-np.inf, self.thresholds, np.inf]
        return [(float(low), float(high), int(decision))
                for low, high, decision in zip(edges[:-1], edges[1:], self.decisions)]

    def decide(self, x) -> np.ndarray:
        """The Bayes decision at each point of ``x`` (any shape), an int array of the same shape."""
        return self.decisions[np.searchsorted(self.thresholds, as_float_array(x, "x"))]


def _log_density(density, k: int):
    """``x -> log p(x | C_k)`` of a scipy frozen distribution or of a callable density."""
    if hasattr(density, "logpdf"):
        return density.logpdf
    if callable(density):
        def log_of(x):
            with np.errstate(divide="ignore"):               # log 0 = -inf outside the support
                return np.log(density(x))
        return log_of
    raise TypeError(
        f"densities[{k}] must be a scipy.stats frozen distribution (e.g. scipy.stats.norm(0, 1)) "
        f"or a function x -> p(x | C_k); got {density!r}."
    )


def _check_densities(densities) -> None:
    """A clear ``TypeError`` for a density that is neither a scipy.stats distribution nor a function."""
    for k, density in enumerate(densities):
        _log_density(density, k)


def _search_grid(densities, support, n_grid: int) -> np.ndarray:
    """Where the Bayes decision is evaluated: ``n_grid`` points over ``support``, or, by default,
    ``n_grid`` quantiles spread over the classes (dense where the probability is), from 1e-12 to 1 - 1e-12."""
    if support is not None:
        low, high = as_vector(support, "support", 2)
        if not low < high:
            raise ValueError(f"support must be an interval (low, high) with low < high; got {support!r}.")
        return np.linspace(low, high, n_grid)
    if not all(hasattr(density, "ppf") for density in densities):
        raise ValueError(
            "support=(low, high) is needed when a density is a plain function: give the interval "
            "that holds (nearly) all of every class's probability."
        )
    levels = np.linspace(_TAIL, 1 - _TAIL, -(-n_grid // len(densities)))
    return np.unique(np.concatenate([density.ppf(levels) for density in densities]))


def _region_probabilities(density, k: int, edges: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """``P(e_j < x < e_{j+1} | C_k)`` of each region between consecutive ``edges``: from the cdf when the
    distribution has one (all regions at once), else by quadrature over the grid, region by region."""
    if hasattr(density, "cdf"):
        cdf, sf = density.cdf(edges), density.sf(edges)
        return np.where(cdf[:-1] < 0.5, cdf[1:] - cdf[:-1], sf[:-1] - sf[1:])   # the upper tail: no 1 - (1 - small)
    return np.array([_region_probability(density, k, low, high, grid) for low, high in zip(edges[:-1], edges[1:])])


def _region_probability(density, k: int, low: float, high: float, grid: np.ndarray) -> float:
    """``P(low < x < high | C_k)`` for a plain density function, by quadrature over the grid.

    A quadrature whose own error estimate exceeds :data:`QUADRATURE_ERROR` is refused: a risk built on it
    could be wrong in any digit it shows.
    """
    low, high = max(low, grid[0]), min(high, grid[-1])
    if not low < high:
        return 0.0
    from scipy import integrate                              # here: importing it costs a second
    probability, error, *problem = integrate.quad(density, low, high, limit=200, full_output=1)
    if not error <= QUADRATURE_ERROR:                         # also a nan estimate
        why = f" (quad: {problem[1].split('.')[0]})" if len(problem) > 1 else ""
        raise ValueError(
            f"densities[{k}] cannot be integrated accurately over ({low:.6g}, {high:.6g}): scipy.integrate.quad "
            f"estimates its error at {error:.2g}, more than {QUADRATURE_ERROR:g}{why}. Give the class as a "
            "scipy.stats distribution (its cdf is exact), or a density without fast oscillations or spikes."
        )
    return float(probability)


def bayes_error_1d(densities, priors, loss_matrix=None, support=None, n_grid: int = 20_001) -> BayesRisk1D:
    """The Bayes risk of 1-D class densities by numerical integration, with its decision regions.

    The Bayes decision is evaluated on a grid of ``n_grid`` points, by
    default quantiles of the classes (dense where the probability is);
    wherever it changes between two grid points, the threshold is found by
    root finding (``brentq``) on the difference of the two expected losses.
    Each region's probability under each class then comes from the
    distribution's cdf (exact), or from ``scipy.integrate.quad`` for a plain
    density function; a ``ValueError`` refuses a quadrature whose own error
    estimate exceeds :data:`QUADRATURE_ERROR` (a spike that quad never
    samples escapes its estimate too: prefer distributions with a cdf).
    Regions narrower than the grid spacing can be missed,
    and so can changes of decision beyond the grid, where every class has
    less than 1e-12 of its probability (e.g. the far crossing of two normals
    of unequal variances): they move the risk by less than that.

    Parameters
    ----------
    densities : sequence of K scipy.stats frozen distributions or callables
        ``p(x | C_k)``: e.g. ``[scipy.stats.norm(0, 1), scipy.stats.norm(2, 1)]``,
        or functions returning the density of an array of ``x``.
    priors : array-like of shape (K,)
        ``p(C_k)``, each > 0, summing to 1.
    loss_matrix : array-like of shape (n_decisions, K) or None
        ``L[decision, true class]``; None for the 0-1 loss (the Bayes error rate).
    support : (float, float) or None
        An interval holding (nearly) all the mass, searched on an even grid;
        by default the quantiles of the distributions from 1e-12 to
        1 - 1e-12. Needed for plain functions, whose mass outside it is ignored.
    n_grid : int
        Points of the search grid, at most :data:`MAX_SEARCH_GRID`.

    Returns
    -------
    BayesRisk1D
        ``risk``, ``thresholds``, ``decisions`` and ``class_risks``.

    Raises
    ------
    ValueError
        For bad arguments, and when a plain density cannot be integrated to
        :data:`QUADRATURE_ERROR` over a region.
    """
    densities = check_sequence(densities, "densities", "densities, one per class (scipy.stats distributions)")
    n_classes = len(densities)
    if n_classes < 2:
        raise ValueError(f"densities must hold one density per class, at least 2; got {n_classes}.")
    priors = as_priors(priors, n_classes)
    loss = _loss_or_zero_one(loss_matrix, n_classes)
    n_grid = check_positive_int(n_grid, "n_grid")
    check_size(n_grid * n_classes, "the search grid of every class", "n_grid")
    if n_grid > MAX_SEARCH_GRID:
        raise ValueError(f"n_grid = {n_grid} points would take minutes (about 2 seconds per million); use at most "
                         f"{MAX_SEARCH_GRID:.0e}: thresholds are found to 1e-14 between grid points anyway.")
    _check_densities(densities)
    return _bayes_rule(densities, priors, loss, _SearchGrid.of(densities, support, max(n_grid, 3)))


class _SearchGrid(NamedTuple):
    """Where :func:`bayes_error_1d` looks for changes of decision, and ``log p(x | C_k)`` there, shape (n, K):
    both depend on the densities only, so a caller that varies the priors or the loss (a widget) keeps them."""

    points: np.ndarray
    log_densities: np.ndarray

    @classmethod
    def of(cls, densities, support, n_grid: int) -> _SearchGrid:
        points = _search_grid(densities, support, n_grid)
        return cls(points, np.column_stack([_log_density(density, k)(points) for k, density in enumerate(densities)]))


def _bayes_rule(densities, priors: np.ndarray, loss: np.ndarray, search: _SearchGrid) -> BayesRisk1D:
    """:func:`bayes_error_1d` on arguments it has checked: the decisions on the search grid, then each change
    of decision found to 1e-14 by root finding."""
    log_densities = [_log_density(density, k) for k, density in enumerate(densities)]

    def risks(x):                                            # R(a | x) for each x, shape (len(x), n_decisions)
        log_joint = np.column_stack([f(np.atleast_1d(x)) for f in log_densities]) + np.log(priors)
        return _risks_from_joint(log_joint, loss)

    grid = search.points
    on_grid = np.argmin(_risks_from_joint(search.log_densities + np.log(priors), loss), axis=1)
    changes = np.flatnonzero(on_grid[1:] != on_grid[:-1])
    xtol = 1e-14 * np.max(np.abs(grid[[0, -1]]))            # relative to the grid: any scale of x
    from scipy import optimize                               # here: importing it costs a second
    thresholds = np.array([optimize.brentq(lambda x, a=on_grid[i], b=on_grid[i + 1]: np.diff(risks(x)[0, [a, b]])[0],
                                           grid[i], grid[i + 1], xtol=xtol, rtol=1e-14)
                           for i in changes])
    decisions = np.r_[on_grid[0], on_grid[changes + 1]]
    return _regions_risk(densities, priors, loss, thresholds, decisions, grid)


def _regions_risk(densities, priors, loss, thresholds, decisions, grid) -> BayesRisk1D:
    """The risk of deciding ``decisions[j]`` in the ``j``-th region between the ``thresholds`` (``grid`` bounds the
    quadrature of a plain density function; None when every density has a cdf)."""
    edges = np.r_[-np.inf, thresholds, np.inf]
    probabilities = np.column_stack([_region_probabilities(density, k, edges, grid)
                                     for k, density in enumerate(densities)])   # P(region j | C_k)
    class_risks = priors * np.sum(loss[decisions] * probabilities, axis=0)
    return BayesRisk1D(float(class_risks.sum()), thresholds, decisions, class_risks)


def threshold_rule_risk(densities, priors, thresholds, decisions, loss_matrix=None, support=None) -> BayesRisk1D:
    """The risk of any rule that cuts the real line at ``thresholds`` and decides ``decisions[j]`` in region ``j``.

    ``R = sum_k p(C_k) sum_j L[decisions[j], k] P(x in region j | C_k)``: for
    instance the cost of the 0-1 loss's threshold under an asymmetric loss,
    to compare with the Bayes risk of :func:`bayes_error_1d`, which no rule beats.

    Parameters
    ----------
    densities, priors, loss_matrix, support
        As in :func:`bayes_error_1d` (``support`` bounds the quadrature of plain density functions).
    thresholds : array-like of shape (n_thresholds,)
        Increasing.
    decisions : array-like of int, shape (n_thresholds + 1,)
        The decision (a row of the loss matrix) in each region, from ``-inf`` to ``inf``.

    Returns
    -------
    BayesRisk1D
        The rule's ``risk`` and ``class_risks``, with its ``thresholds`` and ``decisions``.

    Raises
    ------
    ValueError
        For bad arguments, and when a plain density cannot be integrated to
        :data:`QUADRATURE_ERROR` over a region.
    """
    densities = check_sequence(densities, "densities", "densities, one per class (scipy.stats distributions)")
    priors = as_priors(priors, len(densities))
    loss = _loss_or_zero_one(loss_matrix, len(densities))
    thresholds = np.atleast_1d(as_float_array(thresholds, "thresholds"))
    if thresholds.ndim != 1 or np.any(np.diff(thresholds) <= 0):
        raise ValueError(f"thresholds must be increasing numbers; got {thresholds.tolist()}.")
    decisions = np.asarray(decisions)
    if (decisions.shape != (thresholds.size + 1,) or decisions.dtype.kind not in "iu"
            or np.any(decisions < 0) or np.any(decisions >= loss.shape[0])):
        raise ValueError(f"decisions must hold one decision (a row 0..{loss.shape[0] - 1} of the loss matrix) per "
                         f"region, {thresholds.size + 1} for {thresholds.size} thresholds; got {decisions.tolist()}.")
    _check_densities(densities)
    if thresholds.size + 1 > MAX_QUADRATURES and not all(hasattr(density, "cdf") for density in densities):
        raise ValueError(f"thresholds makes {thresholds.size + 1} regions, each integrated by scipy.integrate.quad "
                         f"under a plain density function (milliseconds each): more than {MAX_QUADRATURES} would "
                         "take minutes. Give the classes as scipy.stats distributions (their cdf serves any number "
                         "of regions), or fewer thresholds.")
    with_cdf = all(hasattr(density, "cdf") for density in densities)
    bounds = None if with_cdf and support is None else _search_grid(densities, support, 3)   # quad's, else unused
    return _regions_risk(densities, priors, loss, thresholds, decisions, bounds)


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
    log_joint = np.column_stack([np.reshape(d.logpdf(x.squeeze(axis=1) if x.shape[1] == 1 else x), -1)
                                 for d in distributions]) + np.log(priors)
    decisions = np.argmin(_risks_from_joint(log_joint, loss), axis=1)         # the Bayes decision a(x)
    return stratified_risk(decisions, np.repeat(np.arange(n_classes), n_samples), priors, loss)
