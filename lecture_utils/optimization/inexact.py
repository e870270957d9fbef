"""Inexact Newton (Newton-CG): Newton's system ``H d = grad E`` solved only roughly, by conjugate gradients on
Hessian-vector products, so that the ``D x D`` Hessian is never formed.

Taught in notebook 05, section "Inexact Newton". Each outer step:

    r = ||grad E(w_k)||, forcing eta_k = min(1/2, sqrt(r / ||grad E(w_0)||))
    d ~ H^{-1} grad E   by conjugate gradients, stopped once ||H d - grad E|| <= eta_k r
    w_{k+1} = w_k - alpha_k d,  alpha_k from the backtracking line search of damped Newton

Far from the minimum (``r`` large) a few products give a rough direction, which is all a line search
needs; near it ``eta_k -> 0`` like ``sqrt(r)``, so the steps become Newton's and the convergence
superlinear (Nocedal and Wright, Numerical Optimization, Algorithm 7.1 and Theorem 7.2). A product
``H v = X^T (s * (X v)) / N`` costs two passes over ``X``, about ``4 N D`` operations, against the
``N D^2`` of forming ``H`` and the ``D^3 / 3`` of factorising it (Cholesky): for many features
Newton-CG wins, for few, and tall data, Newton with Cholesky does.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._numerics import norm
from .._validation import as_float_array, check_iterations, check_non_negative


@dataclass(frozen=True)
class ConjugateGradientResult:
    """What :func:`conjugate_gradient` found.

    Attributes
    ----------
    x : ndarray of shape (D,)
        The approximate solution of ``A x = b``.
    n_products : int
        Products ``A p`` it took (one per iteration).
    residual : float
        ``||b - A x||``, as the recurrence of the residuals tracks it.
    status : str
        ``"converged"`` (``residual <= tol``), ``"max_iter"``, or ``"negative_curvature"`` (a direction
        ``p`` with ``p^T A p <= 0``: ``A`` is not positive definite, and ``x`` is the last iterate before it,
        or ``b`` itself if it was the first).
    """

    x: np.ndarray
    n_products: int
    residual: float
    status: str


def conjugate_gradient(matvec, b, *, tol=1e-10, max_iter=None) -> ConjugateGradientResult:
    """Solve ``A x = b`` for a symmetric positive definite ``A`` known only through ``matvec(v) = A v``.

    From ``x_0 = 0``, each iteration steps along a direction ``p_j`` conjugate to all earlier ones
    (``p_i^T A p_j = 0``), to the minimum of ``x^T A x / 2 - b^T x`` along it: in exact arithmetic the
    residual ``b - A x`` vanishes after at most ``D`` products. Newton-CG stops it early, at the
    forcing tolerance (notebook 05, "Inexact Newton"), and stops where ``A`` shows a direction of
    non-positive curvature (truncated CG).

    Parameters
    ----------
    matvec : callable
        ``matvec(v) -> A v``, an array of shape (D,) for ``v`` of shape (D,).
    b : array-like of shape (D,)
    tol : float
        Stop once ``||b - A x|| <= tol`` (>= 0).
    max_iter : int, optional
        Most products; ``2 D`` by default.

    Returns
    -------
    ConjugateGradientResult

    Examples
    --------
    >>> A = np.array([[4.0, 1.0], [1.0, 3.0]])
    >>> result = conjugate_gradient(lambda v: A @ v, [1.0, 2.0])
    >>> result.n_products, np.allclose(A @ result.x, [1.0, 2.0])
    (2, True)
    """
    if not callable(matvec):
        raise TypeError(f"matvec must be a function v -> A v; got {type(matvec).__name__}.")
    b = as_float_array(b, "b").astype(float)
    if b.ndim != 1:
        raise ValueError(f"b must be a vector, shape (D,); got shape {b.shape}.")
    tol = check_non_negative(tol, "tol")
    max_iter = 2 * b.size if max_iter is None else check_iterations(max_iter, "max_iter")

    def product(v):
        Av = np.asarray(matvec(v), dtype=float)
        if Av.shape != v.shape:
            raise ValueError(f"matvec must return A v of the shape of v, {v.shape}; got shape {Av.shape}.")
        if not np.isfinite(Av).all():
            raise ValueError("matvec returned nan or inf for a finite vector: check the function A v.")
        return Av

    return _conjugate_gradient(product, b, tol, max_iter)


def _conjugate_gradient(product, b, tol, max_iter) -> ConjugateGradientResult:
    """:func:`conjugate_gradient` unchecked, for the Newton-CG step.

    It solves for ``b / c`` and scales the solution back (``A x = b`` is linear in ``b``), ``c`` the power of 2
    nearest ``||b||``, so that the products ``p^T A p`` stay within the floats' range for any size of ``b`` (a
    gradient of 1e100), and the scaling itself is exact."""
    size = float(norm(b))
    if size == 0:
        return ConjugateGradientResult(np.zeros_like(b), 0, 0.0, "converged")
    scale = 2.0 ** np.round(np.log2(size))
    b, tol = b / scale, tol / scale
    x, r = np.zeros_like(b), b.copy()                     # r = b - A x, with x = 0
    p, rr = r.copy(), float(r @ r)
    j = 0
    while np.sqrt(rr) > tol:
        if j == max_iter:
            return ConjugateGradientResult(scale * x, j, scale * float(np.sqrt(rr)), "max_iter")
        Ap = product(p)
        j += 1
        curvature = float(p @ Ap)                         # p^T A p: > 0 for a positive definite A
        if not curvature > 0:
            # a direction where the quadratic model is flat or falls for ever: keep what we have
            # (at the first product, b itself: the steepest-descent direction of Newton-CG)
            return ConjugateGradientResult(scale * (x if j > 1 else b), j, scale * float(np.sqrt(rr)),
                                           "negative_curvature")
        step = rr / curvature                             # the minimum along p
        x += step * p
        r -= step * Ap                                    # b - A x, updated without another product
        rr, rr_old = float(r @ r), rr
        p = r + (rr / rr_old) * p                         # conjugate to every earlier direction
    return ConjugateGradientResult(scale * x, j, scale * float(np.sqrt(rr)), "converged")


def _forcing_tolerance(grad_norm: float, start_norm: float) -> float:
    """``eta_k ||grad E||`` with ``eta_k = min(1/2, sqrt(||grad E|| / ||grad E(w_0)||))``: loose far out, ever
    stricter near the minimum, where it makes the convergence superlinear (Nocedal and Wright, Algorithm 7.1,
    whose ``sqrt(||grad E||)`` is measured here against the start's gradient, so that the rule does not depend
    on the units of ``E``)."""
    return min(0.5, np.sqrt(grad_norm / start_norm)) * grad_norm if start_norm > 0 else 0.0
