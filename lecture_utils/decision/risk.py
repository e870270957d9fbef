"""The Bayes risk of known 1-D class densities: the regions where each decision is best and what they cost,
by quadrature (notebook 06, "The Bayes error rate"), and the risk of any rule given by its thresholds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .._validation import (as_float_array, as_priors, as_vector, call_function, check_positive_int, check_sequence,
                           check_size)
from .rules import _loss_or_zero_one


# Probability left out in each tail of a distribution when searching for thresholds.
_TAIL = 1e-12


#: The largest error that ``scipy.integrate.quad`` may estimate for a region's probability under a plain
#: density function before :func:`bayes_error_1d` and :func:`threshold_rule_risk` refuse the result.
QUADRATURE_ERROR = 1e-7
#: The most points of the grid on which :func:`bayes_error_1d` looks for changes of decision (about 2 s).
MAX_SEARCH_GRID = 10 ** 6
#: The most regions whose probabilities under a plain density function are found by quadrature in one call
#: (a few milliseconds each, per class).
MAX_QUADRATURES = 500


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
                return np.log(call_function(density, f"densities[{k}]", x))
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
    probability, error, *problem = integrate.quad(lambda x: call_function(density, f"densities[{k}]", x), low, high,
                                                  limit=200, full_output=1)
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
