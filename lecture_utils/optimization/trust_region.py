"""Trust-region Newton: the dogleg step within a radius, and the loop that grows and shrinks the radius.

Taught in notebook 05 ("Trust regions"); Nocedal and Wright, Numerical Optimization, chapter 4. At ``w`` the
quadratic model of the loss is ``m(p) = E + g^T p + p^T H p / 2`` (``g`` the gradient, ``H`` the Hessian), trusted
within ``||p|| <= Delta``. The dogleg step follows the path from ``0`` to ``p_U = -(g^T g / g^T H g) g``, the
model's lowest point along steepest descent, and on to Newton's ``p_N = -H^{-1} g``, as far as the radius allows.
After the step the ratio

    rho = (E(w) - E(w + p)) / (m(0) - m(p))          actual over predicted decrease

decides: ``rho < 1/4`` shrinks the radius to a quarter, ``rho > 3/4`` with a step on the boundary doubles it (up to
``max_radius``), and the step is taken only if ``rho > eta``. These are scipy's rules
(``scipy.optimize.minimize(method="dogleg")``), whose iterates :func:`trust_region` reproduces. Here a step is
*added* (``w + p``), where the package's line searches subtract theirs (``w - alpha d``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import (as_vector, call_function, check_callable, check_interval, check_positive,
                           check_positive_int)


@dataclass(frozen=True)
class TrustRegionResult:
    """What :func:`trust_region` did.

    Attributes
    ----------
    weights : ndarray of shape (n_iter + 1, D)
        The start and the point after each iteration (unchanged after a rejected step).
    radii : ndarray of shape (n_iter,)
        The radius each iteration's step was computed within.
    ratios : ndarray of shape (n_iter,)
        Each step's ``rho``, actual over predicted decrease.
    status : str
        ``"converged"`` (``||g|| <= tol``) or ``"max_iter"``.
    """

    weights: np.ndarray
    radii: np.ndarray
    ratios: np.ndarray
    status: str

    @property
    def w(self) -> np.ndarray:
        """The last point."""
        return self.weights[-1]


def _checked_model(gradient, hessian, radius):
    g = as_vector(gradient, "gradient")
    H = np.asarray(hessian, dtype=float)
    if H.shape != (len(g), len(g)):
        raise ValueError(f"hessian must be a {len(g)} x {len(g)} matrix, as the gradient has length {len(g)}; got "
                         f"shape {H.shape}.")
    if not np.all(np.isfinite(H)):
        raise ValueError("hessian must be finite.")
    return g, H, check_positive(radius, "radius")


def dogleg_step(gradient, hessian, radius) -> tuple[np.ndarray, bool]:
    """The dogleg step of the model ``m(p) = g^T p + p^T H p / 2`` within ``||p|| <= radius``.

    Newton's step ``p_N = -H^{-1} g`` if it lies within the radius; else the point of the path
    ``0 -> p_U -> p_N`` at distance ``radius`` from 0, with ``p_U = -(g^T g / g^T H g) g``.

    Parameters
    ----------
    gradient : array-like of shape (D,)
    hessian : array-like of shape (D, D), symmetric positive definite
    radius : float > 0

    Returns
    -------
    p : ndarray of shape (D,)
    on_boundary : bool
        Whether ``||p|| = radius`` (the step was cut by the radius).

    Raises
    ------
    ValueError
        If ``hessian`` is not positive definite (the dogleg needs ``p_N`` to be the model's minimum).
    """
    g, H, radius = _checked_model(gradient, hessian, radius)
    try:
        factor = np.linalg.cholesky(H)
    except np.linalg.LinAlgError:
        raise ValueError("hessian must be positive definite for a dogleg step; where it is not, use a step that "
                         "handles negative curvature (scipy's trust-exact or trust-ncg).") from None
    newton = -np.linalg.solve(factor.T, np.linalg.solve(factor, g))
    if np.linalg.norm(newton) < radius:
        return newton, False
    steepest = -(g @ g) / (g @ H @ g) * g
    length = np.linalg.norm(steepest)
    if length >= radius:
        return steepest * (radius / length), True
    # ||p_U + tau (p_N - p_U)|| = radius for tau in [0, 1]: a quadratic in tau, its larger root
    leg = newton - steepest
    a, b, c = leg @ leg, 2 * steepest @ leg, steepest @ steepest - radius ** 2
    tau = (-b + np.sqrt(b * b - 4 * a * c)) / (2 * a)
    return steepest + tau * leg, True


def trust_region(loss, gradient, hessian, w0, radius=1.0, max_radius=1000.0, eta=0.15, tol=1e-4,
                 max_iter=200) -> TrustRegionResult:
    """Minimise ``loss`` by dogleg steps within a trust region that grows and shrinks with ``rho``.

    Parameters
    ----------
    loss, gradient, hessian : callable
        ``loss(w) -> float``, ``gradient(w) -> (D,)``, ``hessian(w) -> (D, D)``, positive definite wherever
        the loop goes (as for the logistic loss on data that are not separable).
    w0 : array-like of shape (D,)
    radius : float > 0
        The first radius (scipy's ``initial_trust_radius``).
    max_radius : float >= radius
    eta : float in [0, 1/4)
        A step is taken only if ``rho > eta``.
    tol : float > 0
        Stop when ``||gradient|| < tol`` (scipy's ``gtol``).
    max_iter : int >= 1

    Returns
    -------
    TrustRegionResult
    """
    for function, name in ((loss, "loss"), (gradient, "gradient"), (hessian, "hessian")):
        check_callable(function, name, f"{name}(w)")
    w = as_vector(w0, "w0")
    radius, max_radius = check_positive(radius, "radius"), check_positive(max_radius, "max_radius")
    if max_radius < radius:
        raise ValueError(f"max_radius must be at least radius; got max_radius = {max_radius}, radius = {radius}.")
    eta = check_interval(eta, "eta", 0.0, 0.25, "(a step must at least keep a quarter of its promise to be taken)")
    if eta == 0.25:
        raise ValueError("eta must be below 1/4: with eta = 1/4 a step could be refused while the radius stays.")
    tol, max_iter = check_positive(tol, "tol"), check_positive_int(max_iter, "max_iter")
    value, g = float(call_function(loss, "loss", w)), as_vector(call_function(gradient, "gradient", w), "gradient(w0)",
                                                                 len(w))
    if not np.isfinite(value):
        raise ValueError("loss(w0) must be finite.")
    weights, radii, ratios = [w], [], []
    while np.linalg.norm(g) >= tol and len(radii) < max_iter:
        H = np.asarray(call_function(hessian, "hessian", w), dtype=float)
        p, on_boundary = dogleg_step(g, H, radius)
        predicted = -(g @ p + 0.5 * p @ H @ p)                              # m(0) - m(p) > 0
        trial = w + p
        with np.errstate(over="ignore", invalid="ignore"):
            trial_value = float(call_function(loss, "loss", trial))
        rho = (value - trial_value) / predicted if predicted > 0 else -np.inf
        radii.append(radius)
        ratios.append(rho)
        if rho < 0.25:
            radius *= 0.25
        elif rho > 0.75 and on_boundary:
            radius = min(2 * radius, max_radius)
        if rho > eta:
            w, value = trial, trial_value
            g = as_vector(call_function(gradient, "gradient", w), "gradient(w)", len(w))
        weights.append(w)
    return TrustRegionResult(np.array(weights), np.array(radii), np.array(ratios),
                             "converged" if np.linalg.norm(g) < tol else "max_iter")
