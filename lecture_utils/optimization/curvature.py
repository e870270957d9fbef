"""Convexity and the quadratic model, for notebook 05: how far a chord lies above the graph, the second-order
Taylor model that Newton's step minimises, and the 1-D functions Newton's method is tried on."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import as_float_array, as_real_array, as_scalar, call_function, check_callable, float_or_array
from .objective import FunctionObjective, Objective, _check_objective
from .singular import SINGULAR_RTOL, _newton_direction, _scaled_eigenvalues


def chord_gap(f, a, b, theta) -> float:
    """``theta f(a) + (1 - theta) f(b) - f(theta a + (1 - theta) b)``: how far the chord lies above the graph.

    Notebook 05, "Convex functions": ``f`` is convex exactly when this gap is
    ``>= 0`` for every pair of points ``a``, ``b`` and every ``theta`` in
    [0, 1] (Jensen's inequality for two points).

    Parameters
    ----------
    f : callable
        ``f(w) -> float``.
    a, b : float or array-like of shape (D,)
        The ends of the chord.
    theta : float
        Where along the chord, in [0, 1] (1 gives ``a``, 0 gives ``b``).

    Returns
    -------
    float
    """
    check_callable(f, "f", "f(w) -> float")
    a, b = as_float_array(a, "a"), as_float_array(b, "b")
    if a.shape != b.shape:
        raise ValueError(f"a and b must be points of the same space; got shapes {a.shape} and {b.shape}.")
    theta = as_scalar(theta, "theta")
    if not 0 <= theta <= 1:
        raise ValueError(f"theta must lie in [0, 1] (a point between a and b); got {theta}.")

    def value(w):                                                        # numbers stay numbers
        result = as_real_array(call_function(f, "f", float(w) if a.ndim == 0 else w), "f")
        if result.ndim != 0 or np.isnan(result):
            raise ValueError(f"f must return a number at every point of the chord; got {result!r} at {w}.")
        return float(result)

    with np.errstate(over="ignore"):                                     # a gap beyond 1.8e308 is inf
        return theta * value(a) + (1 - theta) * value(b) - value(theta * a + (1 - theta) * b)


@dataclass(frozen=True)
class QuadraticModel:
    """The second-order Taylor model of ``E`` at ``w_k``, the function Newton's step minimises.

    ``m(w) = E(w_k) + grad E(w_k)^T (w - w_k) + 1/2 (w - w_k)^T H(w_k) (w - w_k)``
    (notebook 05, "Newton's method in D dimensions"). Where ``H`` is positive
    definite, ``m`` has one minimum, ``w_k - H^{-1} grad E(w_k)``: Newton's
    next point. Where it is not, ``m`` has no minimum (it is unbounded below,
    or flat in some direction) and Newton's step heads for a stationary point
    of ``m`` that may be a saddle or a maximum.

    Attributes
    ----------
    at : ndarray of shape (D,)
        The expansion point ``w_k``.
    value : float
        ``E(w_k)``.
    gradient : ndarray of shape (D,)
    hessian : ndarray of shape (D, D)
    """

    at: np.ndarray
    value: float
    gradient: np.ndarray
    hessian: np.ndarray

    def __call__(self, w):
        """``m(w)`` at points of shape (..., D), or for D = 1 at numbers of any shape; returns shape (...)."""
        w = as_float_array(w, "w")
        if self.at.size > 1 and w.shape[-1:] != self.at.shape:
            raise ValueError(f"w must be points of shape (..., {self.at.size}), like the expansion point; got "
                             f"shape {w.shape}.")
        v = (w[..., None] if self.at.size == 1 else w) - self.at      # w - w_k; for D = 1 each number is a point
        return float_or_array(self.value + v @ self.gradient + 0.5 * np.einsum("...i,ij,...j->...", v,
                                                                               self.hessian, v))

    @property
    def positive_definite(self) -> bool:
        """Whether ``H`` is positive definite, i.e. ``m`` is a bowl with a single lowest point.

        By the rule of :mod:`~lecture_utils.optimization.singular`: scaled to a unit diagonal, its
        smallest eigenvalue is above :data:`SINGULAR_RTOL` times its largest.
        """
        if not np.all(np.isfinite(self.hessian)):
            return False
        eigenvalues = _scaled_eigenvalues(self.hessian)
        return bool(eigenvalues[0] > SINGULAR_RTOL * np.abs(eigenvalues).max())

    @property
    def newton_point(self) -> np.ndarray | None:
        """``w_k - H^{-1} grad E(w_k)``, where ``grad m = 0`` (None if ``H`` is singular)."""
        direction = _newton_direction(self.hessian, self.gradient)
        return None if direction is None else self.at - direction

    @property
    def decrement(self) -> float:
        """``m(w_k) - min m = 1/2 grad^T H^{-1} grad`` (nan unless ``H`` is positive definite).

        How much Newton expects the step to lower the loss; near the minimum it
        is about ``E(w_k) - E(w*)``.
        """
        point = self.newton_point
        if point is None or not self.positive_definite:
            return float("nan")
        return 0.5 * float(self.gradient @ (self.at - point))


def quadratic_model(objective: Objective, w) -> QuadraticModel:
    """The second-order Taylor model of ``objective`` at ``w`` (see :class:`QuadraticModel`).

    Parameters
    ----------
    objective : Objective
        Supplies ``loss``, ``gradient`` and ``hessian`` (e.g. a
        :class:`FunctionObjective` or :class:`lecture_utils.logistic.LogisticLoss`).
    w : float or array-like of shape (D,)

    Returns
    -------
    QuadraticModel
    """
    _check_objective(objective)
    w = np.atleast_1d(as_float_array(w, "w")).astype(float)
    if w.ndim != 1:
        raise ValueError(f"w must be a number or a vector of shape (D,); got shape {w.shape}.")
    model = QuadraticModel(w, objective.loss(w), objective.gradient(w), objective.hessian(w))
    for part, value in (("loss", model.value), ("gradient", model.gradient)):   # (a Hessian of inf: not pos. def.)
        if not np.all(np.isfinite(value)):
            raise ValueError(f"The objective's {part} at w is not finite (nan or inf): there is no quadratic model "
                             "there; expand it where the loss and the gradient are finite.")
    return model


@dataclass(frozen=True)
class ScalarFunction:
    """A function of one variable with its first and second derivatives, vectorised over numbers.

    Notebook 05 runs Newton's method on these in one dimension, where the
    tangent of ``f'`` and the osculating parabola of ``f`` can be drawn.

    Attributes
    ----------
    label : str
        How figures and status lines name it, e.g. ``"sqrt(1 + x^2)"``.
    f, derivative, second_derivative : callable
        ``f(x)``, ``f'(x)``, ``f''(x)``, each taking and returning numbers or arrays.
    minima : tuple of float
        Where ``f`` has its local minima.
    """

    label: str
    f: object
    derivative: object
    second_derivative: object
    minima: tuple

    def objective(self) -> FunctionObjective:
        """As an :class:`Objective` of one weight, for :func:`~lecture_utils.optimization.minimize`."""
        return FunctionObjective(self.f, self.derivative, self.second_derivative, scalar=True)


#: The 1-D examples of notebook 05, by name.
SCALAR_FUNCTIONS = {
    # a parabola: its own Taylor model, so Newton lands on the minimum in one step
    "quadratic": ScalarFunction("(x - 1)^2 / 2 + 1", lambda x: 0.5 * (x - 1.0) ** 2 + 1.0, lambda x: x - 1.0,
                                lambda x: np.ones(np.shape(x)),
                                (1.0,)),
    # convex, but flatter and flatter far out: f'/f'' = x (1 + x^2), so Newton maps x to -x^3
    "sqrt": ScalarFunction("sqrt(1 + x^2)", lambda x: np.sqrt(1.0 + np.square(x)),
                           lambda x: x / np.sqrt(1.0 + np.square(x)), lambda x: (1.0 + np.square(x)) ** -1.5, (0.0,)),
    # not convex: minima at -1 and +1, a maximum at 0, f'' < 0 for |x| < 1/sqrt(3)
    "double_well": ScalarFunction("x^4/4 - x^2/2", lambda x: np.power(x, 4) / 4 - np.square(x) / 2,
                                  lambda x: np.power(x, 3) - x, lambda x: 3 * np.square(x) - 1.0, (-1.0, 1.0)),
}
