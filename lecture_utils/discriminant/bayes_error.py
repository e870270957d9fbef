"""The Bayes error rate of Gaussian classes in one or two dimensions, computed exactly from the distribution
(notebook 06, "The Bayes error rate")."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from scipy import special

from .._validation import as_matrix, as_scalar
from .gaussian import _known_classes, _log_determinants, _whiten


@dataclass(frozen=True)
class BayesError:
    """The Bayes error rate of known classes, each class's share of it, and how accurate the number is."""

    error: float                 # P* = sum_k p(C_k) P(x not in R_k | C_k)
    class_errors: np.ndarray     # (K,) p(C_k) P(x not in R_k | C_k), summing to error
    tolerance: float             # |error - the exact value| is below this


def _ray_terms(means, factors, log_priors, k: int, j: int) -> tuple[np.ndarray, np.ndarray, float]:
    """``M = L_j^{-1} L_k``, ``e = L_j^{-1} (mu_k - mu_j)`` and ``c``: along the ray ``x = mu_k + r L_k u``,
    ``g_k(x) - g_j(x) = a r^2 + b r + c`` with ``w = M u``, ``a = (||w||^2 - 1) / 2`` and ``b = w.e``
    (see ``_outside_own_region``)."""
    transposed = _whiten(factors[k].T, factors[j])                          # rows L_j^{-1} (L_k)_{:, i}: M^T
    e = _whiten((means[k] - means[j])[None], factors[j])[0]
    log_determinants = _log_determinants(factors)
    c = log_priors[k] - log_priors[j] - 0.5 * (log_determinants[k] - log_determinants[j]) + 0.5 * e @ e
    return transposed.T, e, c


def _outside_own_region(rays: list, directions: np.ndarray, tail) -> np.ndarray:
    """``P(R in {r : class k does not win at mu_k + r L_k u} )`` along each unit direction ``u``, shape (n_dir,).

    Along the ray ``x = mu_k + r L_k u`` (``r >= 0``) each difference
    ``g_k(x) - g_j(x) = a r^2 + b r + c`` is a quadratic: with ``w = L_j^{-1} L_k u``
    and ``e = L_j^{-1} (mu_k - mu_j)``, ``a = (||w||^2 - 1) / 2``, ``b = w.e`` and
    ``c = log(pi_k / pi_j) - (log|Sigma_k| - log|Sigma_j|) / 2 + ||e||^2 / 2``. Their
    positive roots cut the ray into intervals on each of which one class wins
    throughout; the radius ``R = ||z||`` of ``z ~ N(0, I)`` falls in ``(lo, hi)``
    with probability ``tail(lo) - tail(hi)``. ``rays`` holds ``_ray_terms`` of class ``k`` against each other class.
    """
    a, b, c = (np.empty((len(rays), len(directions))) for _ in range(3))    # a row per ray, a column per u:
    for row, (M, e, c[row]) in enumerate(rays):                             # long rows run fastest through numpy
        w = M @ directions.T                                                # L_j^{-1} L_k u
        a[row], b[row] = 0.5 * (np.sum(w ** 2, axis=0) - 1), e @ w
    with np.errstate(divide="ignore", invalid="ignore"):
        root = np.sqrt(b ** 2 - 4 * a * c)                                   # nan where no real root
        q = -0.5 * (b + np.copysign(root, b))                               # the roots q / a and c / q, stably
        roots = np.concatenate([q / a, c / q])
    roots = np.sort(np.where(np.isfinite(roots) & (roots > 0), roots, np.inf), axis=0)
    ends = np.vstack([np.zeros(len(directions)), roots, np.full(len(directions), np.inf)])
    low, high = ends[:-1], ends[1:]                                         # the intervals between the roots
    middle = np.where(np.isinf(high), low + 1, (low + high) / 2)
    middle = np.where(np.isfinite(middle), middle, 0.0)[:, None]            # an empty interval (inf, inf): any point
    wins = np.all(a * middle ** 2 + b * middle + c > 0, axis=1)
    return np.sum(np.where(wins, 0.0, tail(low) - tail(high)), axis=0)


def _break_turns(rays: list) -> np.ndarray:
    """The directions ``u`` (in turns, in [0, 1)) where the probability along a ray from ``mu_k`` is not smooth.

    A quadratic ``a r^2 + b r + c`` of ``_outside_own_region`` gains or loses two roots where its
    discriminant ``b^2 - 4 a c = u^T Q u``, with ``Q = M^T e e^T M - 2 c (M^T M - I)``, changes sign (the
    ray grazes a boundary: a square-root kink), and a root passes through infinity where
    ``a = u^T (M^T M - I) u / 2`` does. A quadrature that steps over either converges slowly. ``rays`` as in
    ``_outside_own_region``.
    """
    turns = [np.empty(0)]
    for M, e, c in rays:
        stretch, along = M.T @ M - np.eye(len(e)), M.T @ e
        turns += [_zeros_on_circle(np.outer(along, along) - 2 * c * stretch), _zeros_on_circle(stretch)]
    return np.unique(np.concatenate(turns))


def _zeros_on_circle(Q: np.ndarray) -> np.ndarray:
    """The turns ``t`` in [0, 1) where ``u^T Q u`` changes sign, ``u = (cos 2 pi t, sin 2 pi t)``, ``Q`` symmetric.

    ``u^T Q u = A + B cos 2 theta + C sin 2 theta`` is zero where ``cos(2 theta - phi) = -A / R``, with
    ``R = sqrt(B^2 + C^2)`` and ``phi`` the angle of ``(B, C)``: four directions, two and their opposites.
    """
    A, B, C = (Q[0, 0] + Q[1, 1]) / 2, (Q[0, 0] - Q[1, 1]) / 2, Q[0, 1]
    R = np.hypot(B, C)
    if not (R > 0 and R >= abs(A)):
        return np.empty(0)
    phi, spread = np.arctan2(C, B), np.arccos(np.clip(-A / R, -1.0, 1.0))
    halves = np.array([phi - spread, phi + spread]) / (4 * np.pi)               # theta / (2 pi)
    return np.mod(np.r_[halves, halves + 0.5], 1.0)


def _circle_rule(breaks: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Nodes (in turns) and weights of a quadrature of ``int_0^1 f(t) dt`` over the circle, ``n`` nodes per arc.

    Without ``breaks`` the trapezoidal rule (exact for a smooth periodic ``f`` as ``n`` grows); else on each
    arc between consecutive breaks, in the variable ``s`` of ``t = t_0 + h (1 - cos(pi s)) / 2`` (which turns
    a square-root kink at either end into a smooth function), Gauss-Legendre with up to
    :data:`_GAUSS_NODES` nodes on each of ``n / _GAUSS_NODES`` equal panels of ``s``.
    """
    if breaks.size == 0:
        return np.arange(n) / n, np.full(n, 1 / n)
    lengths = np.diff(np.append(breaks, breaks[0] + 1))
    rise, slope = _arc_rule(n)
    turns = breaks[:, None] + lengths[:, None] * rise / 2
    weights = lengths[:, None] * slope                                      # w dt/ds
    return np.mod(turns, 1.0).ravel(), weights.ravel()


@functools.lru_cache(maxsize=None)
def _arc_rule(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The composite Gauss-Legendre rule of :func:`_circle_rule` in ``s`` on an arc of length 1 (found once per
    ``n``): ``1 - cos(pi s)`` at its nodes, and its weights ``w`` times ``pi sin(pi s) / 2``, read-only."""
    panels = max(1, n // _GAUSS_NODES)
    nodes, weights = _gauss_legendre(min(n, _GAUSS_NODES))
    s = ((np.arange(panels)[:, None] + nodes) / panels).ravel()
    w = np.tile(weights / panels, panels)
    rule = 1 - np.cos(np.pi * s), w * np.pi * np.sin(np.pi * s) / 2
    for values in rule:
        values.flags.writeable = False
    return rule


#: Nodes of the Gauss-Legendre rule on each panel of :func:`_circle_rule`.
_GAUSS_NODES = 16


@functools.lru_cache(maxsize=None)
def _gauss_legendre(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Nodes and weights of the ``n``-point Gauss-Legendre rule on [0, 1] (found once: an eigenproblem)."""
    x, w = np.polynomial.legendre.leggauss(n)
    return (x + 1) / 2, w / 2


def gaussian_bayes_error(means, covariances, priors, tol: float = 1e-7) -> BayesError:
    """The Bayes error rate ``P* = sum_k p(C_k) P(x not in R_k | C_k)`` of Gaussian classes in 1 or 2 dimensions.

    Computed from the distribution, not from a sample: class ``k`` is
    ``x = mu_k + L_k z`` with ``Sigma_k = L_k L_k^T`` and ``z ~ N(0, I)``. Write
    ``z = r u``, a radius times a unit direction. Along each direction the
    Bayes decision changes only where a quadratic in ``r`` changes sign (see
    ``_outside_own_region``), so the probability that class ``k`` lands
    outside its own region ``R_k`` has a closed form: ``r`` has the tail
    ``P(R > r) = erfc(r / sqrt 2)`` in 1-D and ``exp(-r^2 / 2)`` in 2-D. What
    remains is the average over the direction: in 1-D over ``u = -1, +1``
    (exact), in 2-D over the angle. The integrand is smooth but at the angles,
    found in closed form, where a ray grazes a boundary (a square-root kink)
    or a root of the quadratic passes through infinity: between them, on each
    arc, Gauss-Legendre in a variable that smooths the kinks at the ends
    (without such angles, the trapezoidal rule over the whole circle), doubling
    the nodes until two doublings in a row change each class's share by less
    than ``tol / K`` (a few hundred angles for ``tol = 1e-7``; the plain
    trapezoidal rule needed about 10^4). The 0-1 loss only; the Monte Carlo estimate
    :func:`lecture_utils.decision.bayes_error_monte_carlo` works in any
    dimension and for any loss.

    Parameters
    ----------
    means : array-like of shape (K, d), d = 1 or 2
    covariances : array-like of shape (K, d, d) or (d, d)
        Symmetric positive definite; one (d, d) matrix is shared by all classes.
    priors : array-like of shape (K,)
    tol : float
        The accuracy wanted, an absolute error on ``P*``, from 1e-12 (in 2-D
        below about 1e-9 the 2^17 angles allowed may not suffice for three classes,
        whose boundaries meet at a point).

    Returns
    -------
    BayesError
        ``error``, ``class_errors`` and ``tolerance`` (the sum over the classes of
        the last changes of the 2-D quadrature, 0 in 1-D).

    Raises
    ------
    ValueError
        For ``d`` other than 1 or 2, or when 2^17 angles do not reach ``tol``.
    """
    means = as_matrix(means, "means")
    if means.shape[1] not in (1, 2):
        raise ValueError(f"means must have 1 or 2 columns (features); got {means.shape[1]}. In more dimensions "
                         "estimate the Bayes error with decision.bayes_error_monte_carlo.")
    tol = as_scalar(tol, "tol")
    if not tol >= 1e-12:
        raise ValueError(f"tol must be a number >= 1e-12 (an absolute error on the Bayes error); got {tol}.")
    return _gaussian_bayes_error(*_known_classes(means, covariances, priors), tol)


def _gaussian_bayes_error(means, factors, priors, tol: float) -> BayesError:
    """:func:`gaussian_bayes_error` of :func:`_known_classes` and a ``tol`` checked already (a widget's classes)."""
    factors = np.broadcast_to(factors, (len(means),) + factors.shape[-2:])
    log_priors = np.log(priors)

    rays = [[_ray_terms(means, factors, log_priors, k, j) for j in range(len(means)) if j != k]
            for k in range(len(means))]

    def class_errors(k, rules, tail):
        """``p(C_k) P(x not in R_k | C_k)`` by each rule (nodes, weights), from one pass over all their nodes."""
        turns = np.concatenate([turns for turns, _ in rules])
        directions = _unit_circle(turns) if means.shape[1] == 2 else turns
        outside = np.split(_outside_own_region(rays[k], directions, tail), np.cumsum([len(w) for _, w in rules])[:-1])
        return [priors[k] * weights @ part for (_, weights), part in zip(rules, outside)]

    if means.shape[1] == 1:
        line = (np.array([[-1.0], [1.0]]), np.array([0.5, 0.5]))
        errors = np.array([class_errors(k, [line], lambda r: special.erfc(r / np.sqrt(2)))[0]
                           for k in range(len(means))])
        return BayesError(float(errors.sum()), errors, 0.0)
    ring = lambda r: np.exp(-0.5 * r ** 2)                                  # P(R > r) for z ~ N(0, I_2)
    errors, changes = zip(*(_converged(lambda rules, k=k: class_errors(k, rules, ring),
                                       _break_turns(rays[k]), tol / len(means))
                            for k in range(len(means))))
    if not np.sum(changes) < tol:
        raise ValueError(f"The quadrature over 2^17 angles did not reach tol = {tol:g} (last change "
                         f"{np.sum(changes):.2g}); ask for a larger tol.")
    return BayesError(float(np.sum(errors)), np.array(errors), float(np.sum(changes)))


def _converged(integral, breaks: np.ndarray, tol: float) -> tuple[float, float]:
    """The integral by rules of :func:`_circle_rule` of twice as many nodes each time, until two doublings in a row
    change it by less than ``tol``; the value and the larger of those changes (the last change if 2^17 nodes do not
    reach ``tol``). ``integral(rules)`` gives the values of a list of rules: the first three, the fewest that show
    two changes, are computed in one pass."""
    n, values, changes = 16 if breaks.size else 64, [], [np.inf]      # 16 per arc: most settings converge in one pass
    while n * max(1, breaks.size) <= 2 ** 17:
        sizes = [size for size in (n, 2 * n, 4 * n)[:1 if values else 3] if size * max(1, breaks.size) <= 2 ** 17]
        values += integral([_circle_rule(breaks, size) for size in sizes])
        changes, n = [np.inf, *np.abs(np.diff(values))], 2 * sizes[-1]
        if max(changes[-2:]) < tol:
            break
    return (values[-1] if values else None), max(changes[-2:])


def _unit_circle(turns: np.ndarray) -> np.ndarray:
    """The unit vectors at the angles ``2 pi turns``, shape (n, 2)."""
    return np.column_stack([np.cos(2 * np.pi * turns), np.sin(2 * np.pi * turns)])
