"""Iterative minimisation: gradient descent, stochastic (minibatch) gradient descent, Newton's method (with an L1
penalty too) and L-BFGS.

Taught in notebook 04 ("Gradient descent", "SGD and minibatches", "Regularisation")
and notebook 05 ("Newton's method"). The methods share one loop, :func:`minimize`,
and differ only in how one step is computed from the current weights ``w_k``:

    gradient descent   w_{k+1} = w_k - eta_k grad E(w_k)
    accelerated        v = w_k + m/(m + 3) (w_k - w_{k-1});  w_{k+1} = v - eta_k grad E(v)
    SGD, one epoch     for each minibatch b of a shuffled order:  w <- w - eta_k grad E_b(w)
    Newton             solve H(w_k) d = grad E(w_k);  w_{k+1} = w_k - alpha_k d
    L-BFGS             d = B_k grad E(w_k), B_k ~ H^{-1} from the last steps;  w_{k+1} = w_k - alpha_k d
    Newton with L1     on the free weights F:  solve H_FF d = v_F (v: the smallest subgradient);
                       w_{k+1} = w_k - alpha_k d, each weight that crosses 0 set to 0

with ``eta_k = learning_rate / (1 + decay k)`` and ``alpha_k = 1`` (pure
Newton) or the first of 1, 1/2, 1/4, ... that lowers the loss enough (damped
Newton, a backtracking line search). L-BFGS always searches, from 1 too, but
after a failed trial tries the lowest point of the parabola that fits the
loss seen along ``d`` (within 1/10 to 1/2 of the trial). An L1 penalty ``sum_j l1_j |w_j|`` is
handled by a proximal step after each gradient step (soft thresholding), so
weights become exactly zero; or by Newton's method on the orthant of the
weights' signs, where ``|w_j| = sign(w_j) w_j`` is linear and the objective
smooth (:func:`_orthant_newton_step`).

The function to minimise is an :class:`Objective`: it supplies the loss, the
gradient (of a minibatch too, for SGD) and the Hessian. :func:`gradient_descent`
and :func:`newton` wrap plain functions given as callables, so a notebook can
run both on the same 1-D or 2-D surface. The loop records a :class:`Trace` of
the weights, loss and gradient norm at every step, for plots and widgets.

When is a Hessian singular? By an explicit rule, the same on every machine:
scaled to a unit diagonal (``S H S`` with ``S_jj`` the power of two nearest
``1 / sqrt|H_jj|``: exact, and by Sylvester's law of inertia it keeps the signs
of the eigenvalues, so the zero ones too), ``H`` is singular when its eigenvalue
nearest 0 is at most :data:`SINGULAR_RTOL` times its largest in size, and
positive definite when its smallest eigenvalue is above that. Round-off moves
those eigenvalues by about ``D`` machine epsilons of the largest, a thousand
times less than the threshold, so that only a matrix within a hair of the
threshold itself could be judged differently by two BLAS kernels. (LAPACK's
warning of an ill-conditioned system compares an *estimate* of the condition
with the machine epsilon, where an exactly singular matrix computed in
floating point lands: which side it falls on is a matter of round-off.)
"""

from __future__ import annotations

import warnings
from collections import deque
from dataclasses import dataclass

import numpy as np
import scipy.linalg

from ._numerics import norm
from ._validation import (as_float_array, as_real_array, as_scalar, check_broadcast, check_callable, check_flag,
                          check_iterations, check_non_negative, check_option, check_positive, check_positive_int,
                          check_random_state, float_or_array)
from .exceptions import ConvergenceWarning, DivergenceWarning

METHODS = ("gd", "accelerated", "sgd", "newton", "newton-l1", "lbfgs")

#: Pairs of steps and gradient changes that L-BFGS remembers (scipy's and scikit-learn's default, 10).
LBFGS_MEMORY = 10

#: The loop declares divergence when the loss exceeds ``E(w_0) + DIVERGENCE_FACTOR * max(|E(w_0)|, 1)``.
DIVERGENCE_FACTOR = 1e4

# Backtracking line search: accept alpha when E(w - alpha d) <= E(w) - ARMIJO alpha grad^T d,
# shrinking alpha (halving it, or by interpolation) down to SMALLEST_STEP.
_ARMIJO, _SMALLEST_STEP = 1e-4, 1e-10

#: A symmetric matrix scaled to a unit diagonal is singular when its eigenvalue nearest 0 is at most this
#: share of its largest eigenvalue in size (see the module's docstring): a condition number above 1e12.
SINGULAR_RTOL = 1e-12

#: The most weights Newton's method takes: each step finds the eigenvalues of the D x D Hessian and solves
#: with it, about D^3 operations, half a second at this size and minutes per step at 5000 weights.
MAX_NEWTON_WEIGHTS = 1000


# --------------------------------------------------------------------------
# What the loop minimises
# --------------------------------------------------------------------------


class Objective:
    """A differentiable function ``E(w)`` of a weight vector ``w`` of shape (D,).

    Subclasses supply :meth:`loss` and :meth:`gradient`, and :meth:`hessian`
    for Newton's method. For SGD, ``E`` is a mean over ``n_samples`` examples
    and ``gradient(w, batch)`` is the gradient of the mean over the examples
    of ``batch`` only (an unbiased estimate of the full gradient).
    """

    #: Number of examples ``E`` averages over (needed by SGD only).
    n_samples: int | None = None
    #: Whether ``H(w)`` is positive semidefinite everywhere (the logistic losses): then every point where the
    #: gradient vanishes is a minimum, and :func:`minimize` skips the second-order test at the end of a run.
    convex: bool = False

    def loss(self, w: np.ndarray) -> float:
        """``E(w)``."""
        raise NotImplementedError

    def gradient(self, w: np.ndarray, batch: np.ndarray | None = None) -> np.ndarray:
        """``grad E(w)``, shape (D,); with ``batch`` (indices), that of the minibatch's mean loss."""
        raise NotImplementedError

    def hessian(self, w: np.ndarray) -> np.ndarray:
        """``H(w) = grad^2 E(w)``, shape (D, D)."""
        raise NotImplementedError(f"{type(self).__name__} supplies no Hessian, so it cannot use Newton's method.")

    def no_minimum(self, w) -> str | None:
        """Why ``E`` has no minimum, if the weights ``w`` show it (a sentence); None if they do not.

        :func:`minimize` asks at the end of a run whose gradient has become small:
        a loss that falls for ever along a direction (the unpenalised logistic loss
        on separable data) has gradients as small as one likes far out, and no
        minimum there. By default nothing is known: None.
        """
        return None


class FunctionObjective(Objective):
    """An :class:`Objective` made of plain callables, for toy surfaces in the notebooks.

    Parameters
    ----------
    loss : callable
        ``loss(w) -> float``.
    gradient : callable
        ``gradient(w) -> array`` of the shape of ``w``.
    hessian : callable, optional
        ``hessian(w) -> array`` of shape (D, D) (a number for a 1-D function).
    scalar : bool
        Whether the callables take and return plain numbers (a 1-D function
        ``f(x)``): the loop then works on arrays of shape (1,) and converts.
    """

    def __init__(self, loss, gradient, hessian=None, scalar=False):
        for name, function in (("loss", loss), ("gradient", gradient)):
            if not callable(function):
                raise TypeError(f"{name} must be a function of the weights w; got {type(function).__name__}.")
        if hessian is not None and not callable(hessian):
            raise TypeError(f"hessian must be a function of the weights w; got {type(hessian).__name__}.")
        self._loss, self._gradient, self._hessian = loss, gradient, hessian
        self._scalar = check_flag(scalar, "scalar")

    def _argument(self, w):
        w = as_float_array(w, "w")
        return float(w.reshape(-1)[0]) if self._scalar else w.copy()

    def loss(self, w):
        loss = as_real_array(self._loss(self._argument(w)), "loss")        # nan or inf: the loop stops on it
        if loss.ndim != 0:
            raise ValueError(f"loss must return a number, E(w); got an array of shape {loss.shape}.")
        return float(loss)

    def gradient(self, w, batch=None):
        w = as_float_array(w, "w")
        gradient = as_real_array(self._gradient(self._argument(w)), "gradient").reshape(-1)
        if gradient.shape != w.shape:
            raise ValueError(f"gradient must return one partial derivative per weight, shape {w.shape}; "
                             f"got shape {gradient.shape}.")
        return gradient

    def hessian(self, w):
        if self._hessian is None:
            raise TypeError("newton needs the Hessian: pass hessian=, a function of w returning the "
                            "matrix of second derivatives (a number for a 1-D function).")
        w = as_float_array(w, "w")
        hessian = as_real_array(self._hessian(self._argument(w)), "hessian")
        if hessian.size != w.size ** 2:
            raise ValueError(f"hessian must return a ({w.size}, {w.size}) matrix; got shape {hessian.shape}.")
        return hessian.reshape(w.size, w.size)


# --------------------------------------------------------------------------
# The record of a run
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Trace:
    """What an optimiser did, step by step, for plots, widgets and tests.

    Attributes
    ----------
    weights : ndarray of shape (n_iter + 1, D)
        ``w_0, w_1, ..., w_n``: the start, then the weights after each step
        (an SGD step is one epoch). Every entry is finite.
    loss : ndarray of shape (n_iter + 1,)
        ``E(w_k)``, with the L1 penalty included.
    grad_norm : ndarray of shape (n_iter + 1,)
        ``||grad E(w_k)||``; with an L1 penalty, the norm of the smallest
        subgradient (zero exactly at the optimum).
    step_size : ndarray of shape (n_iter,)
        The learning rate ``eta_k`` of each step, or Newton's ``alpha_k``.
    status : str
        Why it stopped: ``"converged"`` (gradient norm <= tol at a minimum),
        ``"not_minimum"`` (gradient norm <= tol, but not at a minimum: the
        Hessian there has a negative eigenvalue, a maximum or a saddle point;
        or the objective has none, :meth:`Objective.no_minimum`), ``"max_iter"``,
        ``"diverged"``, ``"singular_hessian"``, ``"no_descent"`` (the line search found no lower loss along
        Newton's or L-BFGS's direction), ``"not_finite"`` (the gradient or the Hessian is nan or
        infinite where the loss is finite: the caller's derivative is not
        defined there) or ``"stopped"`` (by the callback).
    message : str
        The same, in a sentence with the numbers.
    updates : ndarray of shape (n_updates + 1, D) or None
        SGD with ``record_updates=True``: the weights after every minibatch
        update (the start first), the noisy path within the epochs.
    """

    weights: np.ndarray
    loss: np.ndarray
    grad_norm: np.ndarray
    step_size: np.ndarray
    status: str
    message: str
    updates: np.ndarray | None = None

    @property
    def w(self) -> np.ndarray:
        """The final weights ``w_n``, shape (D,)."""
        return self.weights[-1]

    @property
    def n_iter(self) -> int:
        """Steps taken (epochs for SGD)."""
        return len(self.loss) - 1

    @property
    def converged(self) -> bool:
        return self.status == "converged"

    @property
    def diverged(self) -> bool:
        return self.status == "diverged"


# --------------------------------------------------------------------------
# The pieces of a step
# --------------------------------------------------------------------------


def soft_threshold(v, threshold):
    """``sign(v) max(|v| - threshold, 0)``: the proximal step of ``threshold * |v|``, elementwise.

    After a gradient step on the smooth part of ``E(w) + l1 ||w||_1``, this
    sets every weight whose magnitude is below ``eta * l1`` exactly to zero
    and shrinks the others towards zero by that amount (notebook 04, "L1").
    ``threshold`` (>= 0) broadcasts against ``v``.
    """
    v, threshold = as_float_array(v, "v"), as_float_array(threshold, "threshold")
    if np.any(threshold < 0):
        raise ValueError(f"threshold must be >= 0; got a smallest value of {threshold.min():g}.")
    check_broadcast(("v", v), ("threshold", threshold))
    return _soft_threshold(v, threshold)


def _soft_threshold(v, threshold):
    """:func:`soft_threshold` unchecked, for the loop (whose weights may have overflowed in a step)."""
    return np.sign(v) * np.maximum(np.abs(v) - threshold, 0.0)


def _optimality(w, gradient, l1) -> np.ndarray:
    """The smallest subgradient of ``E(w) + sum_j l1_j |w_j|``; just ``grad E`` when ``l1 = 0``."""
    if not l1.any():
        return gradient
    # where w_j != 0: d/dw_j = g_j + l1_j sign(w_j); where w_j = 0 the subdifferential
    # is [g_j - l1_j, g_j + l1_j], whose point nearest 0 is soft_threshold(g_j, l1_j)
    return np.where(w != 0, gradient + l1 * np.sign(w), _soft_threshold(gradient, l1))


def _total_loss(objective, w, l1) -> float:
    """``E(w) + sum_j l1_j |w_j|``; the caller ignores overflow (a loss beyond 1.8e308 is inf, and stops the run)."""
    return objective.loss(w) + float((l1 * np.abs(w)).sum())


def _gradient_step(w, gradient, eta, l1):
    """``w - eta grad E(w)``, then the L1 proximal step (a no-op when ``l1 = 0``)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return _soft_threshold(w - eta * gradient, eta * l1)


def _gradient_at(objective, v, k, batch=None):
    """``grad E(v)`` (of the minibatch ``batch``) for step ``k + 1``; a :class:`_Stop` unless it is finite."""
    if not np.isfinite(v).all():
        raise _Stop("diverged", f"diverged at step {k + 1}: the weights overflowed, so those of step {k} are kept")
    gradient = objective.gradient(v, batch) if batch is not None else objective.gradient(v)
    if not np.isfinite(gradient).all():
        raise _Stop("not_finite", f"the gradient at step {k + 1} is {_not_finite(gradient)} at finite weights: "
                                  f"check the gradient's function there; the weights of step {k} are kept")
    return gradient


def _sgd_epoch(objective, w, eta, l1, batch_size, rng, updates, k):
    """One pass over the examples in a fresh random order, one step per minibatch."""
    if batch_size >= objective.n_samples:
        batches = [None]                                 # one batch of all the examples: the full gradient
    else:
        order = rng.permutation(objective.n_samples)     # shuffle every epoch
        batches = [order[start:start + batch_size] for start in range(0, objective.n_samples, batch_size)]
    for batch in batches:
        w = _gradient_step(w, _gradient_at(objective, w, k, batch), eta, l1)   # grad E_b: an unbiased estimate
        if updates is not None:
            updates.append(w)
        if not np.all(np.isfinite(w)):                  # diverged within the epoch: stop early
            break
    return w


def _accelerated_step(objective, w, w_previous, momentum, eta, l1, k):
    """Nesterov's accelerated gradient step, with the L1 proximal step (FISTA, Beck and Teboulle 2009).

    It steps from ``v = w_k + m/(m + 3) (w_k - w_{k-1})``, a point carried further
    along the last step, where ``m`` counts the steps since the momentum was last
    reset. Returns the new weights and whether to reset it: when the step turns
    against the momentum, ``(v - w_{k+1})^T (w_{k+1} - w_k) > 0``, the momentum
    has overshot (adaptive restart, O'Donoghue and Candes 2015).
    """
    with np.errstate(over="ignore", invalid="ignore"):
        v = w + momentum / (momentum + 3) * (w - w_previous)
        w_new = _gradient_step(v, _gradient_at(objective, v, k), eta, l1)
        return w_new, bool((v - w_new) @ (w_new - w) > 0)


def _unit_diagonal(matrix: np.ndarray) -> np.ndarray:
    """``s_j``: the power of two nearest ``1 / sqrt|A_jj|`` (1 where ``A_jj = 0``), so that ``S A S`` has a
    diagonal near 1. Scaling by powers of two is exact, and weights on very different scales (a feature in
    units of 1e100 beside the bias) then give a matrix whose rows are alike in size."""
    diagonal = np.abs(np.diag(matrix))
    return np.where(diagonal > 0, np.ldexp(1.0, -np.frexp(np.sqrt(diagonal))[1]), 1.0)


def _scaled_eigenvalues(matrix: np.ndarray) -> np.ndarray:
    """The eigenvalues, ascending, of the symmetric ``matrix`` scaled to a unit diagonal, ``S A S``."""
    s = _unit_diagonal(matrix)
    return np.linalg.eigvalsh(s[:, None] * matrix * s)


def _is_singular(eigenvalues: np.ndarray) -> bool:
    """The rule of the module's docstring: the eigenvalue nearest 0 within SINGULAR_RTOL of the largest."""
    sizes = np.abs(eigenvalues)
    return bool(sizes.max() == 0 or sizes.min() <= SINGULAR_RTOL * sizes.max())


def _solve_symmetric(matrix, rhs) -> np.ndarray | None:
    """Solve ``A x = b`` for a symmetric ``A`` (never inverting it); None if ``A`` is singular by the rule of the
    module's docstring, or not finite.

    Solved as ``(S A S) y = S b``, ``x = S y``, with ``S`` the scaling to a unit diagonal, by an
    ``LDL^T`` factorisation (``A`` may be indefinite). ``b`` may have several columns.
    """
    if not (np.all(np.isfinite(matrix)) and np.all(np.isfinite(rhs))):
        return None
    if _is_singular(_scaled_eigenvalues(matrix)):
        return None
    s = _unit_diagonal(matrix)
    scale = s[:, None] if np.ndim(rhs) == 2 else s
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)   # decided above by the explicit rule
        return scale * scipy.linalg.solve(s[:, None] * matrix * s, scale * rhs, assume_a="sym")


def _newton_direction(hessian, gradient):
    """Solve ``H d = grad E`` (never invert ``H``); None if ``H`` is singular by the rule of the module's docstring."""
    return _solve_symmetric(hessian, gradient)


def _backtrack(objective, w, loss, gradient, direction, interpolate=False):
    """The first ``alpha`` tried, from 1, with ``E(w - alpha d) <= E(w) - c alpha grad^T d`` (Armijo's condition).

    After a trial that fails, the next is ``alpha / 2`` (damped Newton: the largest alpha in 1, 1/2,
    1/4, ...), or with ``interpolate`` (L-BFGS) :func:`_parabola_minimum`, which lands near the lowest
    point along ``d`` when the trial was much too long. Returns None if there is none above ``1e-10``
    (or ``d`` does not descend).
    """
    slope = float(gradient @ direction)                   # -d/dalpha E(w - alpha d) at alpha = 0
    if not slope > 0:
        return None
    rounding = _rounding(loss)
    alpha = 1.0
    while alpha >= _SMALLEST_STEP:
        with np.errstate(over="ignore", invalid="ignore"):
            trial = objective.loss(w - alpha * direction)
        if trial <= loss - _ARMIJO * alpha * slope + rounding:
            return alpha
        alpha = _parabola_minimum(alpha, loss, slope, trial) if interpolate else alpha / 2
    return None


def _rounding(loss: float) -> float:
    """The slack a line search allows a trial loss: near the optimum ``E(w - alpha d)`` and ``E(w)`` agree to
    rounding, a few ulps of ``E``."""
    return 16 * np.finfo(float).eps * abs(loss)


def _parabola_minimum(alpha, loss, slope, trial) -> float:
    """The next trial after ``alpha`` failed: where the parabola through ``E(w)``, the slope ``-slope`` there and
    ``E(w - alpha d) = trial`` is lowest, kept within ``[alpha / 10, alpha / 2]``.

    The safeguarded quadratic interpolation of Nocedal and Wright, Numerical Optimization, section 3.5:
    ``q(a) = E(w) - slope a + curvature a^2`` is lowest at ``slope / (2 curvature)``. The bounds cut each
    trial to at most half the last, and keep a poor fit from cutting it more than tenfold; a loss
    that is not finite (the trial overflowed) says nothing about the curve, and gets the deepest cut.
    """
    if not np.isfinite(trial):
        return alpha / 10
    curvature = (trial - loss + slope * alpha) / alpha ** 2         # > 0: Armijo's condition failed
    return min(max(slope / (2 * curvature), alpha / 10), alpha / 2)


class _Stop(Exception):
    """Raised by a step that cannot go on: ``args = (status, message)``."""


def _newton_step(objective, w, loss, gradient, line_search, k):
    """``w - alpha d`` with ``H(w) d = grad E(w)``: gradient, Hessian, solve (and backtrack)."""
    direction = _newton_direction(_finite_hessian(objective, w, loss, k), gradient)
    if direction is None:
        raise _Stop("singular_hessian",
                    f"the Hessian at step {k} is singular (scaled to a unit diagonal, its condition number "
                    f"exceeds 1/SINGULAR_RTOL = {1 / SINGULAR_RTOL:.0e}), so H d = grad has no reliable solution")
    alpha = _backtrack(objective, w, loss, gradient, direction) if line_search else 1.0
    if alpha is None:
        raise _Stop("no_descent", f"no step along Newton's direction lowers the loss at step {k}: the Hessian "
                                  "is not positive definite there (a non-convex region)")
    return w - alpha * direction, alpha                      # w - alpha H^{-1} grad E


def _orthant_newton_step(objective, w, loss, gradient, l1, k):
    """Newton's step for ``E(w) + sum_j l1_j |w_j|``, taken within the orthant of the weights' signs.

    Where no weight changes sign, ``|w_j| = zeta_j w_j`` is linear, so the
    objective is smooth: its gradient is the smallest subgradient
    ``v = grad E + l1 zeta`` and its Hessian is ``H``. A weight at 0 with
    ``|dE/dw_j| <= l1_j`` is held there (the kink makes 0 its minimum along its
    axis); the others are free, a freed one with the sign ``zeta_j = -sign(v_j)``
    it moves to. Newton's step on the free weights solves ``H_FF d = v_F``; a
    freed weight that this step would move against its sign is held after all,
    and the step solved again. The line search then backtracks along
    ``w - alpha d``, setting to 0 each weight that would cross it (it stays in
    the orthant), until the total loss falls by Armijo's share of ``v^T`` times
    the move. With ``l1 = 0`` this is Newton's step with backtracking.
    """
    subgradient = _optimality(w, gradient, l1)
    penalised = l1 > 0
    signs = np.where(w != 0, np.sign(w), -np.sign(subgradient))
    free = ~penalised | (w != 0) | (subgradient != 0)
    hessian = _finite_hessian(objective, w, loss, k)
    while True:
        direction = np.zeros_like(w)
        solved = _solve_symmetric(hessian[np.ix_(free, free)], subgradient[free]) if free.any() else None
        if solved is None:
            raise _Stop("singular_hessian",
                        f"the Hessian of the free weights at step {k} is singular (scaled to a unit diagonal, its "
                        f"condition number exceeds 1/SINGULAR_RTOL = {1 / SINGULAR_RTOL:.0e}), so H d = v has no "
                        "reliable solution")
        direction[free] = solved
        wrong_way = penalised & (w == 0) & free & (direction * signs >= 0)     # w_j - alpha d_j leaves its orthant
        if not wrong_way.any():
            break
        free &= ~wrong_way
    return _backtrack_in_orthant(objective, w, loss, subgradient, direction, signs * penalised, l1, k)


def _backtrack_in_orthant(objective, w, loss, subgradient, direction, signs, l1, k):
    """The first of ``alpha = 1, 1/2, 1/4, ...`` at which ``w' = w - alpha d``, each weight with a sign in
    ``signs`` that would cross 0 set to 0, satisfies ``F(w') <= F(w) + c v^T (w' - w)`` (Armijo's condition
    for the total loss ``F``); returns ``w'`` and ``alpha``."""
    rounding = _rounding(loss)
    alpha = 1.0
    while alpha >= _SMALLEST_STEP:
        trial = w - alpha * direction
        trial[trial * signs < 0] = 0.0                          # no weight leaves the orthant
        with np.errstate(over="ignore", invalid="ignore"):
            trial_loss = _total_loss(objective, trial, l1)
        if trial_loss <= loss + _ARMIJO * float(subgradient @ (trial - w)) + rounding:
            return trial, alpha
        alpha /= 2
    raise _Stop("no_descent", f"no step along Newton's direction in the orthant lowers the loss at step {k}: the "
                              "loss is flat to rounding there, or its Hessian not positive definite")


class _Memory:
    """The last :data:`LBFGS_MEMORY` steps ``s_j = w_{j+1} - w_j`` and gradient changes ``y_j = grad_{j+1} - grad_j``.

    Along a step the gradient changes by about ``H s_j`` (the secant equation ``y_j = H s_j``): the pairs
    sketch the Hessian where the weights have been, with no Hessian ever formed.
    """

    def __init__(self):
        self.pairs = deque(maxlen=LBFGS_MEMORY)
        self.last = None

    def update(self, w, gradient) -> None:
        """Remember the step from the last weights to ``w``; a pair without positive curvature ``s^T y`` is left out
        (the model of ``H`` stays positive definite, so its direction descends)."""
        if self.last is not None:
            s, y = w - self.last[0], gradient - self.last[1]
            if s @ y > np.finfo(float).eps * norm(s) * norm(y):
                self.pairs.append((s, y, 1.0 / (s @ y)))
        self.last = (w, gradient)

    def direction(self, gradient) -> np.ndarray:
        """``d = B grad``, ``B`` the BFGS update of ``(s^T y / y^T y) I`` by the pairs (Nocedal's two-loop recursion)."""
        q, alphas = gradient.copy(), []
        for s, y, rho in reversed(self.pairs):                 # newest first
            alphas.append(rho * (s @ q))
            q -= alphas[-1] * y
        if self.pairs:
            s, y, _ = self.pairs[-1]
            # B_0 = gamma I with gamma = s^T y / y^T y, the *inverse* of the curvature along the last step: the
            # scale of H^-1, not of H (Nocedal and Wright, eq. 7.20)
            q *= (s @ y) / (y @ y)
        else:
            q /= norm(q)                                       # no pair yet: a first step of length 1 (scipy's)
        for (s, y, rho), alpha in zip(self.pairs, reversed(alphas)):   # oldest first
            q += (alpha - rho * (y @ q)) * s
        return q


def _quasi_newton_step(objective, w, loss, gradient, memory, k):
    """``w - alpha d`` with ``d = B grad E(w)``, ``B`` the inverse Hessian as the last steps sketch it (L-BFGS):
    gradient, remembered curvature, backtrack."""
    memory.update(w, gradient)
    direction = memory.direction(gradient)
    alpha = _backtrack(objective, w, loss, gradient, direction, interpolate=True)
    if alpha is None:
        raise _Stop("no_descent", f"no step along L-BFGS's direction lowers the loss at step {k}: the loss is "
                                  "flat to rounding there, or not smooth")
    return w - alpha * direction, alpha


def _finite_hessian(objective, w, loss, k) -> np.ndarray:
    """The Hessian at ``w``, or a :class:`_Stop` naming it if it holds nan or inf where the loss is finite."""
    hessian = objective.hessian(w)
    if not np.all(np.isfinite(hessian)):
        raise _Stop("not_finite", f"the Hessian at step {k} is {_not_finite(hessian)}, where the loss is finite "
                                  f"({loss:.4g}): Newton's step is undefined there; check the Hessian's function")
    return hessian


def _not_finite(values) -> str:
    return "nan" if np.any(np.isnan(values)) else "infinite"


def _evaluate(objective, w, l1, k, previous_loss):
    """Loss, gradient and its norm at the new weights; a :class:`_Stop` if any is not finite."""
    with np.errstate(over="ignore", invalid="ignore"):
        loss = _total_loss(objective, w, l1) if np.isfinite(w).all() else np.nan
        if not np.isfinite(loss):
            raise _Stop("diverged", f"diverged at step {k + 1}: the loss is no longer finite ({loss}; it was "
                                    f"{previous_loss:.4g}), so the weights of step {k} are kept")
        gradient = objective.gradient(w)
        grad_norm = float(norm(_optimality(w, gradient, l1)))
    if not np.isfinite(grad_norm):
        # the weights and the loss are finite: the gradient's function, not the step, failed here
        raise _Stop("not_finite", f"the gradient at step {k + 1} is {_not_finite(gradient)}, where the loss is "
                                  f"finite ({loss:.4g}): check the gradient's function there; the weights of step "
                                  f"{k} are kept")
    return loss, gradient, grad_norm


#: Without a Hessian of the objective's own, the second-order test at the end of a run differentiates the
#: gradient numerically (2 D gradients): for at most this many weights.
_MOST_WEIGHTS_PROBED = 100


def _hessian_for_test(objective, w) -> tuple[np.ndarray | None, float]:
    """``H(w)`` and the share of its largest eigenvalue that round-off may give the others: the objective's
    own Hessian, or central differences of its gradient (None for many weights)."""
    supplied = getattr(type(objective), "hessian", Objective.hessian) is not Objective.hessian and not (
        isinstance(objective, FunctionObjective) and objective._hessian is None)
    if supplied:
        return np.asarray(objective.hessian(w), dtype=float).reshape(w.size, w.size), SINGULAR_RTOL
    if w.size > _MOST_WEIGHTS_PROBED:
        return None, 0.0
    return _central_differences(objective.gradient, w, 1e-5, "gradient", lambda n: (n,)), 1e-6


def _not_a_minimum(objective, w, l1) -> str | None:
    """Why ``w``, where the gradient vanishes, is no minimum, or None.

    First the objective's own :meth:`Objective.no_minimum` (unless an L1 penalty,
    which grows without bound, holds the weights). Then the second-order test:
    at a minimum the Hessian is positive semidefinite. A
    negative eigenvalue, beyond round-off (:data:`SINGULAR_RTOL` of the largest
    once scaled to a unit diagonal; 1e-6 for a Hessian by finite differences),
    means a direction along which the loss falls: Newton's method, which only
    solves ``grad E = 0``, stops at maxima and saddle points as readily as at
    minima. A weight held at 0 by the kink of an L1 penalty is left out (the
    kink makes it a minimum along its axis); a Hessian that is zero, or not
    finite, decides nothing.
    """
    if not np.any(l1 > 0) and callable(getattr(objective, "no_minimum", None)):
        why = objective.no_minimum(w)
        if why:
            return why
    if getattr(objective, "convex", False):
        return None
    free = ~((w == 0) & (l1 > 0))
    with np.errstate(all="ignore"):
        hessian, rtol = _hessian_for_test(objective, w)
    if hessian is None or not free.any() or not np.all(np.isfinite(hessian)):
        return None
    hessian = (hessian + hessian.T)[np.ix_(free, free)] / 2
    eigenvalues = _scaled_eigenvalues(hessian)
    threshold = rtol * np.abs(eigenvalues).max()
    if not eigenvalues[0] < -threshold:
        return None
    smallest = float(np.linalg.eigvalsh(hessian)[0])
    kind = ("a maximum" if eigenvalues[-1] < -threshold else
            "a saddle point" if eigenvalues[-1] > threshold else "a maximum or a saddle point")
    return f"the Hessian there has the eigenvalue {smallest:.4g} < 0, so this is {kind}"


# --------------------------------------------------------------------------
# The one loop
# --------------------------------------------------------------------------


def _check_objective(objective) -> None:
    if not (callable(getattr(objective, "loss", None)) and callable(getattr(objective, "gradient", None))):
        raise TypeError(f"objective must be an Objective with loss(w) and gradient(w), e.g. "
                        f"FunctionObjective(loss, gradient); got {type(objective).__name__}.")


def minimize(objective: Objective, w0, method="gd", *, learning_rate=0.1, decay=0.0, batch_size=None,
             max_iter=1000, tol=1e-6, l1=0.0, line_search=False, random_state=None, record_updates=False,
             callback=None) -> Trace:
    """Minimise ``E(w) + sum_j l1_j |w_j|`` by gradient descent (plain or accelerated), SGD or Newton's method.

    The loop: evaluate the loss and gradient at ``w_k``; stop if the gradient
    is small (and say whether the Hessian makes that point a minimum, unless
    the objective is ``convex``); otherwise take one step (the method's); check
    that the loss is still finite and not exploding; record. It does not warn:
    the caller reads ``status`` and ``message`` (:func:`gradient_descent`,
    :func:`newton` and the models warn).

    Parameters
    ----------
    objective : Objective
        Supplies ``loss``, ``gradient`` and (for Newton) ``hessian``.
    w0 : array-like of shape (D,)
        Where to start.
    method : {"gd", "accelerated", "sgd", "newton", "newton-l1", "lbfgs"}
        ``"accelerated"`` is Nesterov's method (FISTA with ``l1``): far fewer
        steps than ``"gd"`` on ill-conditioned problems, each at the cost of
        two gradients, with the same safe learning rate ``1 / L``. ``"lbfgs"``
        is the limited-memory BFGS quasi-Newton method: Newton's step with
        ``H^{-1}`` sketched from the last 10 steps' gradient changes, a line
        search, no Hessian and no learning rate. ``"newton-l1"`` is Newton's
        method for an ``l1`` penalty (:func:`_orthant_newton_step`): a few
        steps where the proximal methods take thousands, always with a line
        search.
    learning_rate : float
        ``eta_0 > 0`` (gradient methods).
    decay : float
        ``eta_k = eta_0 / (1 + decay k)``, k the step (or epoch) number.
    batch_size : int or None
        SGD: examples per minibatch (1 = pure SGD, None = all, i.e. gradient descent).
    max_iter : int
        Steps (epochs for SGD) before giving up.
    tol : float
        Stop when ``||grad E(w_k)|| <= tol``.
    l1 : float or array-like of shape (D,)
        L1 strength, per weight if an array (0 for an unpenalised bias).
        Gradient methods and ``"newton-l1"`` only.
    line_search : bool
        Newton: backtrack on the step length (damped Newton) instead of
        always taking the full step.
    random_state : int, numpy Generator or None
        SGD: seeds the shuffling of every epoch.
    record_updates : bool
        SGD: keep the weights after every minibatch update in ``Trace.updates``.
    callback : callable, optional
        ``callback(w)`` after each step; a returned string stops the run with
        status ``"stopped"`` and that string as message.

    Returns
    -------
    Trace
    """
    _check_objective(objective)
    if callback is not None and not callable(callback):
        raise TypeError(f"callback must be a function of the weights, or None; got {type(callback).__name__}.")
    line_search = check_flag(line_search, "line_search")
    record_updates = check_flag(record_updates, "record_updates")
    method = check_option(method, "method", METHODS)
    learning_rate = check_positive(learning_rate, "learning_rate")
    decay = check_non_negative(decay, "decay")
    max_iter = check_iterations(max_iter, "max_iter")
    tol = check_non_negative(tol, "tol")
    w = as_float_array(w0, "w0").astype(float).reshape(-1)
    n_weights = getattr(objective, "n_weights", w.size)
    if w.size != n_weights:
        raise ValueError(f"w0 must hold one weight per weight of the objective, {n_weights}; got {w.size}.")
    l1 = as_float_array(l1, "l1")
    if check_broadcast(("w0", w), ("l1", l1)) != w.shape:
        raise ValueError(f"l1 must be one number or one per weight ({w.size}); got shape {l1.shape}.")
    l1 = np.broadcast_to(l1, w.shape).astype(float)
    if np.any(l1 < 0):
        raise ValueError(f"l1 must be >= 0; got a smallest value of {l1.min():.4g}.")
    if method in ("newton", "newton-l1") and w.size > MAX_NEWTON_WEIGHTS:
        raise ValueError(f"method={method!r} solves H d = grad E with the {w.size} x {w.size} Hessian of the weights of "
                         f"w0 at every step (about {w.size}^3 operations, seconds to minutes per step beyond "
                         f"{MAX_NEWTON_WEIGHTS} weights); use method='accelerated' or 'gd' for {w.size} weights.")
    if method in ("newton", "lbfgs") and np.any(l1 > 0):
        raise ValueError(f"method={method!r} cannot minimise an L1 penalty l1 > 0 (|w| has no second derivative "
                         "at 0); use method='newton-l1' (Newton's method within the orthant of the weights' signs), "
                         "or 'gd' or 'sgd', whose proximal step handles it.")
    if method == "sgd":
        if objective.n_samples is None:
            raise TypeError(f"method='sgd' needs an objective that averages over examples; "
                            f"{type(objective).__name__} has no n_samples.")
        batch_size = objective.n_samples if batch_size is None else check_positive_int(batch_size, "batch_size")
    rng = check_random_state(random_state)

    with np.errstate(over="ignore", invalid="ignore"):
        loss = _total_loss(objective, w, l1)
    if not np.isfinite(loss):
        raise ValueError(f"The loss at the starting point w0 is {loss}; start where it is finite.")
    with np.errstate(over="ignore", invalid="ignore"):
        gradient = objective.gradient(w)
        grad_norm = float(norm(_optimality(w, gradient, l1)))
    if not np.isfinite(grad_norm):
        raise ValueError(f"The gradient at the starting point w0 is {_not_finite(gradient)}, where the loss is "
                         f"finite ({loss:.4g}): check the gradient's function there, or start elsewhere.")
    weights, losses, norms, steps = [w], [loss], [grad_norm], []
    updates = [w] if method == "sgd" and record_updates else None
    start_loss = loss
    memory = _Memory() if method == "lbfgs" else None
    k = momentum = 0
    while True:
        # Stop on the gradient, not on a small change of the loss: at a minimum of a smooth
        # function the gradient is zero, and for a strongly convex one ||grad E|| bounds both
        # E(w) - E(w*) and ||w - w*||, whereas a slow method on a plateau changes the loss
        # little while still far from the minimum.
        if grad_norm <= tol:
            # grad E = 0 at a maximum or a saddle point too: a minimum only if the curvature says so
            why = _not_a_minimum(objective, w, l1)
            status = "converged" if why is None else "not_minimum"
            message = (f"converged after {k} steps: |grad| = {grad_norm:.3g} <= tol = {tol:g}" if why is None else
                       f"stopped after {k} steps where |grad| = {grad_norm:.3g} <= tol = {tol:g}, but not at a "
                       f"minimum: {why}")
            break
        if k == max_iter:
            status = "max_iter"
            message = f"stopped after max_iter = {max_iter} steps with |grad| = {grad_norm:.3g} > tol = {tol:g}"
            break
        eta = learning_rate / (1 + decay * k)
        try:
            if method == "gd":
                w_new, step = _gradient_step(w, gradient, eta, l1), eta
            elif method == "accelerated":
                w_new, restart = _accelerated_step(objective, w, weights[-2] if k else w, momentum, eta, l1, k)
                step, momentum = eta, 0 if restart else momentum + 1
            elif method == "sgd":
                w_new, step = _sgd_epoch(objective, w, eta, l1, batch_size, rng, updates, k), eta
            elif method == "lbfgs":
                w_new, step = _quasi_newton_step(objective, w, loss, gradient, memory, k)
            elif method == "newton-l1":
                w_new, step = _orthant_newton_step(objective, w, loss, gradient, l1, k)
            else:
                w_new, step = _newton_step(objective, w, loss, gradient, line_search, k)
            loss_new, gradient, grad_norm = _evaluate(objective, w_new, l1, k, loss)
        except _Stop as stop:
            status, message = stop.args
            break
        w, loss = w_new, loss_new
        weights.append(w)
        losses.append(loss)
        norms.append(grad_norm)
        steps.append(step)
        k += 1
        if loss > start_loss + DIVERGENCE_FACTOR * max(abs(start_loss), 1.0):
            status = "diverged"
            message = f"diverged at step {k}: the loss grew from {start_loss:.4g} to {loss:.4g}"
            break
        reason = callback(w) if callback is not None else None
        if reason:
            status, message = "stopped", reason
            break
    if updates is not None:
        updates = np.array([u for u in updates if np.all(np.isfinite(u))])
    return Trace(np.array(weights), np.array(losses), np.array(norms), np.array(steps), status, message, updates)


# --------------------------------------------------------------------------
# On plain functions, for the notebooks
# --------------------------------------------------------------------------


def _warn(trace: Trace, what: str, remedy: str) -> None:
    """Warn of a run that found no minimum: ``remedy`` is the advice for a diverged one."""
    if trace.diverged:
        warnings.warn(f"{what}: {trace.message}. {remedy}.", DivergenceWarning, stacklevel=3)
    elif trace.status == "not_minimum":
        warnings.warn(f"{what}: {trace.message}. Start elsewhere (at a minimum the Hessian is positive "
                      "semidefinite).", ConvergenceWarning, stacklevel=3)
    elif not trace.converged and trace.status != "stopped":
        warnings.warn(f"{what}: {trace.message}.", ConvergenceWarning, stacklevel=3)


def _function_problem(loss, gradient, hessian, w0):
    scalar = np.ndim(w0) == 0
    return FunctionObjective(loss, gradient, hessian, scalar), np.atleast_1d(as_float_array(w0, "w0"))


def gradient_descent(loss, gradient, w0, *, learning_rate=0.1, decay=0.0, max_iter=1000, tol=1e-6,
                     l1=0.0) -> Trace:
    """Gradient descent ``w_{k+1} = w_k - eta_k grad E(w_k)`` on any differentiable function.

    Notebook 04, "Gradient descent"; notebook 05 compares it with :func:`newton`
    on the same surface. Warns (:class:`~lecture_utils.DivergenceWarning`) and
    stops if the loss blows up, keeping the last finite weights. Where the
    gradient vanishes at a maximum or a saddle point (a start on one, or on
    a ridge that leads to one: a Hessian by finite differences of ``gradient``
    tells, for up to 100 weights), the status is ``"not_minimum"``, with a
    :class:`~lecture_utils.ConvergenceWarning`.

    Parameters
    ----------
    loss : callable
        ``E(w)``, a number. For a 1-D function pass a number as ``w0``:
        ``loss``, ``gradient`` then take and return numbers.
    gradient : callable
        ``grad E(w)``, an array of the shape of ``w``.
    w0 : float or array-like of shape (D,)
    learning_rate, decay, max_iter, tol, l1
        As in :func:`minimize`.

    Returns
    -------
    Trace
        ``trace.weights`` has shape (n_iter + 1, D), with D = 1 for a 1-D function.

    Examples
    --------
    >>> A = np.array([[3.0, 0.0], [0.0, 1.0]])
    >>> trace = gradient_descent(lambda w: 0.5 * w @ A @ w, lambda w: A @ w, [1.0, 1.0], learning_rate=0.5)
    >>> trace.converged
    True
    """
    objective, w0 = _function_problem(loss, gradient, None, w0)
    trace = minimize(objective, w0, "gd", learning_rate=learning_rate, decay=decay, max_iter=max_iter,
                     tol=tol, l1=l1)
    _warn(trace, "gradient descent", "Lower the learning rate")
    return trace


def newton(loss, gradient, hessian, w0, *, max_iter=100, tol=1e-10, line_search=False) -> Trace:
    """Newton's method ``w_{k+1} = w_k - alpha_k H(w_k)^{-1} grad E(w_k)`` on any twice-differentiable function.

    Notebook 05, "Newton's method": root finding on the gradient, or the
    minimum of the second-order Taylor model at ``w_k``. It solves
    ``H d = grad E`` rather than inverting ``H``; ``alpha_k = 1`` (pure Newton)
    unless ``line_search=True`` (damped Newton: halve ``alpha`` until the
    loss falls enough). On a quadratic it lands on the minimum in one step.
    Pure Newton can diverge far from a minimum (``sqrt(1 + x^2)`` from
    ``|x0| > 1``) or head for a saddle or maximum where ``H`` is not positive
    definite; the trace's ``status`` says which happened: ``"not_minimum"``
    (with a :class:`~lecture_utils.ConvergenceWarning`) where it stopped on a
    stationary point whose Hessian has a negative eigenvalue.

    Parameters
    ----------
    loss, gradient : callable
        As in :func:`gradient_descent`.
    hessian : callable
        ``H(w)``, shape (D, D) (a number for a 1-D function).
    w0 : float or array-like of shape (D,)
    max_iter, tol : as in :func:`minimize`
    line_search : bool

    Returns
    -------
    Trace
        ``trace.step_size`` holds each ``alpha_k``.
    """
    objective, w0 = _function_problem(loss, gradient, hessian, w0)
    trace = minimize(objective, w0, "newton", max_iter=max_iter, tol=tol, line_search=line_search)
    _warn(trace, "Newton's method", "Use line_search=True (damped Newton), or start nearer the minimum")
    return trace


# --------------------------------------------------------------------------
# Finite differences, for gradient checks
# --------------------------------------------------------------------------


def _central_differences(function, w, eps, name: str, shape):
    """``(f(w + h e_j) - f(w - h e_j)) / (2 h)`` for each coordinate j, with ``h = eps max(1, |w_j|)``.

    ``function`` is the caller's argument ``name``, which must return arrays of ``shape(w.size)``.
    """
    w = np.atleast_1d(as_float_array(w, "w")).astype(float)
    eps = check_positive(eps, "eps")

    def value(at):
        result = as_real_array(function(at), name)
        if result.shape != shape(w.size):
            raise ValueError(f"{name} must return an array of shape {shape(w.size)} at w; got shape {result.shape}.")
        return result

    columns = []
    for j in range(w.size):
        h = eps * max(1.0, abs(w.flat[j]))
        step = np.zeros_like(w)
        step.flat[j] = h
        columns.append((value(w + step) - value(w - step)) / (2 * h))
    return np.array(columns)


def numerical_gradient(f, w, eps=1e-6):
    """The gradient of ``f`` at ``w`` by central differences, to check a derived gradient.

    ``(f(w + h e_j) - f(w - h e_j)) / (2h)`` with ``h = eps max(1, |w_j|)``:
    its error is ``O(h^2)``, about ``1e-10`` relative for smooth ``f``.

    Parameters
    ----------
    f : callable
        ``f(w) -> float``.
    w : float or array-like of shape (D,)
    eps : float

    Returns
    -------
    float (for a number ``w``) or ndarray of shape (D,)
    """
    check_callable(f, "f", "f(w) -> float")
    scalar = np.ndim(w) == 0
    derivatives = _central_differences(lambda v: f(v[0] if scalar else v), w, eps, "f", lambda n: ())
    return float(derivatives[0]) if scalar else derivatives


def numerical_hessian(gradient, w, eps=1e-5):
    """The Hessian at ``w`` by central differences of the (analytic) gradient, symmetrised.

    Parameters
    ----------
    gradient : callable
        ``gradient(w) -> array`` of shape (D,) (a number for a 1-D function).
    w : float or array-like of shape (D,)
    eps : float

    Returns
    -------
    float (for a number ``w``) or ndarray of shape (D, D)
    """
    check_callable(gradient, "gradient", "gradient(w) -> array of the shape of w")
    scalar = np.ndim(w) == 0
    columns = _central_differences(lambda v: np.atleast_1d(gradient(v[0] if scalar else v)), w, eps, "gradient",
                                   lambda n: (n,))
    hessian = (columns + columns.T) / 2                     # row j is d grad / d w_j; H is symmetric
    return float(hessian[0, 0]) if scalar else hessian


# --------------------------------------------------------------------------
# Convexity and the quadratic model, for notebook 05
# --------------------------------------------------------------------------


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
        result = as_real_array(f(float(w) if a.ndim == 0 else w), "f")
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

        By the rule of the module's docstring: scaled to a unit diagonal, its
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
    return QuadraticModel(w, objective.loss(w), objective.gradient(w), objective.hessian(w))


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
        """As an :class:`Objective` of one weight, for :func:`minimize`."""
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
