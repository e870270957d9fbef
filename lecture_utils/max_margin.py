"""The widest-margin separator (the hard-margin SVM), found as the nearest point of a convex hull and proved.

Taught in notebook 01 (sections 5 and 8). The separator through the origin
with the widest margin for the inputs ``z_i = t_i x_i`` solves

    min ||w||^2 / 2   subject to   z_i^T w >= 1 for every i,

and its margin ``1 / ||w||`` is the distance from the origin to the convex
hull of the ``z_i``: if ``u`` is the hull's nearest point to the origin, then
``w = u / ||u||^2``. With a free bias ``b`` the widest margin is half the
distance between the two classes' hulls, and the difference of the hulls is
the hull of the differences ``x_i - x_j`` (``t_i = +1``, ``t_j = -1``): its
nearest point ``u`` gives ``w = 2 u / ||u||^2``.

The nearest point is found by Wolfe's method (P. Wolfe, "Finding the nearest
point in a polytope", Math. Programming 11, 1976), which is exact in a
finite number of steps, and the answer is then *proved* optimal by the
Karush-Kuhn-Tucker conditions of the problem above (:func:`optimality_residuals`):
no library's success flag decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

import numpy as np

from ._numerics import largest_magnitude, norm, scaled
from ._validation import (LARGEST_ENTRY, SMALLEST_ENTRY, as_matrix, as_scalar, as_signed_labels, as_vector,
                          call_function, check_callable, check_flag, check_positive_int)

#: Each condition of optimality holds to this relative tolerance (see :func:`optimality_residuals`).
TOLERANCE = 1e-8
# Wolfe's method stops when no point of the hull lies lower than x along x by more than this share of ||x||^2.
_STOP = 1e-12
# A nearest point closer to the origin than this share of the points' size is the origin itself, to round-off.
_ORIGIN = 2.0 ** -36
_MAX_STEPS = 10_000


def nearest_point(lowest: Callable[[np.ndarray], tuple[Hashable, np.ndarray]], direction,
                  max_steps: int = _MAX_STEPS) -> tuple[np.ndarray, dict]:
    """The point of a polytope nearest to the origin, by Wolfe's method.

    The polytope is the convex hull of a set of points, which the method
    only ever asks one question: which of your points lies lowest along a
    direction ``d``, i.e. minimises ``d^T p``? It keeps a few of the points
    (the *corral*) and ``x``, the nearest point of their hull:

    1. find the point ``q`` lowest along ``x``; if ``x^T q >= ||x||^2``, no
       point of the polytope is nearer than ``x`` and ``x`` is the answer;
    2. add ``q`` to the corral; move ``x`` to the nearest point of the
       corral's affine hull, or, if that point lies outside the corral's
       convex hull, as far towards it as the hull allows, dropping the point
       whose weight fell to zero, and repeat.

    Parameters
    ----------
    lowest : callable
        ``lowest(d)`` returns ``(key, p)``: a hashable name of the point ``p``
        of the set that minimises ``d^T p``.
    direction : array-like of shape (d,)
        Where to look first: the method starts at ``lowest(direction)``.
    max_steps : int
        Points added to the corral before giving up.

    Returns
    -------
    x : ndarray of shape (d,)
        The nearest point (all zeros, to round-off, when the origin is in the polytope).
    weights : dict
        ``{key: lambda}``: ``x = sum lambda_key p_key`` with every ``lambda > 0``, summing to 1.
    """
    check_callable(lowest, "lowest", "lowest(d) returning (key, p), the point p of the set minimising d^T p")
    direction = as_vector(direction, "direction")
    max_steps = check_positive_int(max_steps, "max_steps")
    key, point = _ask(lowest, direction)
    keys, points, weights = [key], point[None, :], np.ones(1)
    size = norm(point)
    for _ in range(max_steps):
        x = weights @ points
        if norm(x) <= _ORIGIN * size:                        # the origin is in the polytope
            break
        key, point = _ask(lowest, x)
        size = max(size, norm(point))
        if key in keys or x @ point >= (1 - _STOP) * (x @ x):  # nothing lies lower than x along x
            break
        keys, points, weights = _nearest_in_corral(keys + [key], np.vstack([points, point]), np.r_[weights, 0.0])
        if key not in keys:                                  # q brought x no nearer: x is nearest, to round-off
            break
    else:
        raise RuntimeError(f"Wolfe's method added {max_steps} points without finding the nearest point.")
    return weights @ points, dict(zip(keys, weights))


def _ask(lowest: Callable, direction: np.ndarray) -> tuple[Hashable, np.ndarray]:
    """``lowest(direction)``, checked: a hashable key and a finite point of the direction's length."""
    answer = call_function(lowest, "lowest", direction)
    if not (isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[0], Hashable)):
        raise TypeError(f"lowest must return a pair (key, point) with a hashable key; got {answer!r:.80}.")
    return answer[0], as_vector(answer[1], "the point lowest returned", direction.shape[0])


def _nearest_in_corral(keys: list, points: np.ndarray, weights: np.ndarray) -> tuple[list, np.ndarray, np.ndarray]:
    """Wolfe's minor cycle: from ``weights @ points``, move to the nearest point of the corral's hull."""
    while True:
        affine = _affine_nearest(points)
        if np.all(affine > 0):                               # inside the corral's hull: the step is whole
            return keys, points, affine
        # go from the weights towards the affine point until the first weight reaches 0, and drop that point
        falling = affine <= 0
        steps = weights[falling] / (weights[falling] - affine[falling])
        step = np.min(steps)
        weights = weights + step * (affine - weights)
        weights[np.flatnonzero(falling)[np.argmin(steps)]] = 0.0
        keep = weights > 0
        keys, points, weights = [k for k, kept in zip(keys, keep) if kept], points[keep], weights[keep]


def _affine_nearest(points: np.ndarray) -> np.ndarray:
    """The weights ``mu`` (summing to 1) of the point of the points' affine hull nearest to the origin.

    ``p_0 + sum_{i>0} c_i (p_i - p_0)`` is nearest for the least-squares ``c``;
    then ``mu = (1 - sum c, c)``.
    """
    c = np.linalg.lstsq((points[1:] - points[0]).T, -points[0], rcond=None)[0]
    return np.r_[1.0 - c.sum(), c]


@dataclass(frozen=True)
class MaxMargin:
    """The widest-margin separator and the multipliers that prove it.

    Attributes
    ----------
    coef : ndarray of shape (n_features,)
        ``w``, scaled so that the nearest examples have ``t_i (x_i^T w + b) = 1``.
    intercept : float
        ``b`` (0.0 without a fitted bias).
    multipliers : ndarray of shape (n_samples,)
        ``alpha_i >= 0`` with ``w = sum_i alpha_i t_i x_i`` (and
        ``sum_i alpha_i t_i = 0`` with a bias); nonzero only for the
        support vectors, which lie on the margin.
    residuals : OptimalityResiduals
        How closely the conditions of optimality hold (each below :data:`TOLERANCE`).
    """

    coef: np.ndarray
    intercept: float
    multipliers: np.ndarray
    residuals: OptimalityResiduals

    @property
    def margin(self) -> float:
        """The geometric margin ``1 / ||w||``: the distance from the boundary to the nearest example."""
        return float(1.0 / norm(self.coef))

    @property
    def support(self) -> np.ndarray:
        """The indices of the support vectors (``alpha_i > 0``)."""
        return np.flatnonzero(self.multipliers > 0)


@dataclass(frozen=True)
class OptimalityResiduals:
    """How far ``(w, b, alpha)`` is from satisfying each Karush-Kuhn-Tucker condition, relative to its scale.

    With the margins ``m_i = t_i (x_i^T w + b)``, ``(w, b)`` is the widest-margin
    separator if and only if some ``alpha`` makes all of these zero:

    Attributes
    ----------
    infeasibility : float
        ``max(0, 1 - min_i m_i)``: primal feasibility, every ``m_i >= 1``.
    negative_multipliers : float
        ``max(0, -min_i alpha_i) / max_i alpha_i``: the multipliers' signs, ``alpha_i >= 0``.
    slackness : float
        ``max_i alpha_i |m_i - 1| / max_i alpha_i``: complementary slackness,
        ``alpha_i = 0`` unless ``x_i`` lies on the margin.
    stationarity : float
        ``||w - sum_i alpha_i t_i x_i|| / ||w||``, and with a bias also
        ``|sum_i alpha_i t_i| / sum_i alpha_i``, the larger of the two: the
        gradient of the Lagrangian vanishes.
    """

    infeasibility: float
    negative_multipliers: float
    slackness: float
    stationarity: float

    def hold(self, tolerance: float = TOLERANCE) -> bool:
        """Whether every condition holds to ``tolerance``."""
        return max(self.infeasibility, self.negative_multipliers, self.slackness, self.stationarity) <= tolerance


def optimality_residuals(X, t, coef, intercept, multipliers, fit_intercept: bool = True) -> OptimalityResiduals:
    """Check a claimed widest-margin separator by its optimality conditions (see :class:`OptimalityResiduals`).

    The problem is convex, so conditions that hold are a proof: no other
    separator has a wider margin. Any solver's answer can be checked this
    way, given its multipliers (scikit-learn's ``SVC`` holds ``alpha_i t_i``
    of its support vectors in ``dual_coef_``).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    t : array-like of shape (n_samples,), values in {-1, +1}
    coef : array-like of shape (n_features,)
    intercept : float
    multipliers : array-like of shape (n_samples,)
    fit_intercept : bool
        Whether the bias is free (adds the condition ``sum_i alpha_i t_i = 0``).

    Returns
    -------
    OptimalityResiduals
    """
    fit_intercept = check_flag(fit_intercept, "fit_intercept")
    X = as_matrix(X)
    t = as_signed_labels(t, X.shape[0])
    coef, intercept = as_vector(coef, "coef", X.shape[1]), as_scalar(intercept, "intercept")
    alpha = as_vector(multipliers, "multipliers", X.shape[0])
    # On X / 2^e the same hyperplane has weights 2^e w and multipliers 2^(2e) alpha (w = sum alpha t x): all near 1.
    X, e = scaled(X)
    coef, alpha = np.ldexp(coef, e), np.ldexp(alpha, 2 * e)
    margins = t * (X @ coef + intercept)
    largest = max(float(np.max(alpha)), np.finfo(float).tiny)
    stationarity = norm(coef - (alpha * t) @ X) / norm(coef)
    if fit_intercept:
        stationarity = max(stationarity, abs(alpha @ t) / max(np.sum(np.abs(alpha)), np.finfo(float).tiny))
    return OptimalityResiduals(infeasibility=max(0.0, 1.0 - float(np.min(margins))),
                               negative_multipliers=max(0.0, -float(np.min(alpha))) / largest,
                               slackness=float(np.max(alpha * np.abs(margins - 1))) / largest,
                               stationarity=float(stationarity))


def widest_margin(X, t, fit_intercept: bool = True) -> MaxMargin:
    """The separating hyperplane farthest from its nearest example (the hard-margin SVM), proved optimal.

    Solves ``min ||w||^2 / 2`` subject to ``t_i (x_i^T w + b) >= 1`` as the
    nearest point of a convex hull (see the module's docstring), then checks
    the answer by the Karush-Kuhn-Tucker conditions to :data:`TOLERANCE`.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    t : array-like of shape (n_samples,), values in {-1, +1}
    fit_intercept : bool
        Learn a free, unpenalised bias ``b`` (the usual SVM). If False the
        hyperplane passes through the origin, ``b = 0``, and every weight
        counts in ``||w||``: on ``add_bias(X)`` this gives the ``w*`` with the
        smallest perceptron mistake bound ``R^2 ||w*||^2 / gamma^2``.

    Returns
    -------
    MaxMargin

    Raises
    ------
    ValueError
        If the data are not linearly separable (through the origin, if
        ``fit_intercept`` is False).
    """
    fit_intercept = check_flag(fit_intercept, "fit_intercept")
    X = as_matrix(X)
    largest = float(largest_magnitude(X))
    if largest > LARGEST_ENTRY or 0 < largest < SMALLEST_ENTRY:
        raise ValueError(f"X has entries of size up to {largest:.3g}: the multipliers alpha_i, of size 1 / x^2, "
                         f"would leave float64's range. Rescale X to sizes between {SMALLEST_ENTRY:g} and "
                         f"{LARGEST_ENTRY:g} (X / c has the separator (c w, b), with the margin divided by c).")
    t = as_signed_labels(t, X.shape[0])
    if fit_intercept and np.all(t == t[0]):
        raise ValueError(f"t holds only the class {t[0]:+.0f}: with a free bias every far enough hyperplane "
                         "leaves it on one side, so no margin is widest. Pass examples of both classes.")
    # Solved on X / 2^e, whose entries are near 1 (exact): the same hyperplane has weights 2^e w there.
    inputs, e = scaled(X)
    coef, intercept, alpha = (_with_bias if fit_intercept else _through_origin)(inputs, t)
    residuals = optimality_residuals(inputs, t, coef, intercept, alpha, fit_intercept)
    if not residuals.hold():
        size = float(np.max(norm(inputs, axis=1)) * norm(coef))
        raise ValueError(f"X's widest margin is about {1 / size:.1e} of the size of its largest example, too thin "
                         f"to prove optimal in float64 ({residuals}). If the features have very different "
                         "scales, standardise them (the margin depends on each feature's scale).")
    return MaxMargin(np.ldexp(coef, -e), intercept, np.ldexp(alpha, -2 * e), residuals)


def max_margin_separator(X, t, fit_intercept: bool = True) -> tuple[np.ndarray, float]:
    """``(coef, intercept)`` of the widest-margin separator, proved optimal: see :func:`widest_margin`.

    Notebook 01 uses it to show how poor the perceptron's arbitrary separator
    can be (section 8) and, with ``fit_intercept=False`` on inputs that carry
    the constant 1, for the tightest mistake bound (section 5).
    """
    found = widest_margin(X, t, fit_intercept)
    return found.coef, found.intercept


def _through_origin(X: np.ndarray, t: np.ndarray) -> tuple[np.ndarray, float, np.ndarray]:
    """``w = u / ||u||^2`` for the nearest point ``u = sum_i lambda_i t_i x_i`` of the hull of the ``t_i x_i``."""
    signed = t[:, None] * X

    def lowest(direction):
        i = int(np.argmin(signed @ direction))
        return i, signed[i]

    u, weights = nearest_point(lowest, np.mean(signed, axis=0))
    _check_separable(u, X, " by a hyperplane through the origin")
    support = list(weights)
    w, multipliers = _on_the_margin(signed[support], 1.0, u, np.array(list(weights.values())))
    alpha = np.zeros(len(t))
    alpha[support] = multipliers
    return w, 0.0, alpha


def _with_bias(X: np.ndarray, t: np.ndarray) -> tuple[np.ndarray, float, np.ndarray]:
    """``w = 2 u / ||u||^2`` for the nearest point ``u`` of the hull of the differences ``x_i - x_j``."""
    positive, negative = np.flatnonzero(t > 0), np.flatnonzero(t < 0)

    def lowest(direction):
        # the lowest difference x_i - x_j pairs the lowest positive example with the highest negative one
        scores = X @ direction
        i, j = positive[np.argmin(scores[positive])], negative[np.argmax(scores[negative])]
        return (int(i), int(j)), X[i] - X[j]

    u, weights = nearest_point(lowest, X[positive].mean(axis=0) - X[negative].mean(axis=0))
    _check_separable(u, X, "")
    pairs = np.array(list(weights))
    w, multipliers = _on_the_margin(X[pairs[:, 0]] - X[pairs[:, 1]], 2.0, u, np.array(list(weights.values())))
    scores = X @ w
    intercept = -(np.min(scores[positive]) + np.max(scores[negative])) / 2   # margin 1 on either side
    alpha = np.zeros(len(t))         # sum over pairs of mu (x_i - x_j) = sum_i alpha_i t_i x_i
    np.add.at(alpha, pairs[:, 0], multipliers)
    np.add.at(alpha, pairs[:, 1], multipliers)
    return w, float(intercept), alpha


def _on_the_margin(support: np.ndarray, level: float, u: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The weights ``w`` that put every support point at ``p^T w = level``, and their multipliers.

    ``w = level u / ||u||^2`` in exact arithmetic; solving ``P w = level`` on
    the support points (least squares) is more accurate when the margin is
    thin. The multipliers are the nearest point's weights scaled so that
    ``w = sum mu_p p``, to least squares.
    """
    w = np.linalg.lstsq(support, np.full(len(support), level), rcond=None)[0]
    return w, weights * (w @ u) / (u @ u)


def _check_separable(u: np.ndarray, X: np.ndarray, through: str) -> None:
    if norm(u) <= _ORIGIN * max(norm(X, axis=1)):
        raise ValueError(f"X and t are not linearly separable{through} (or only by a margin below 1e-11 of the size of "
                         "the examples, which float64 cannot resolve): the hulls of the classes touch or overlap, so "
                         "there is no hard-margin separator.")
