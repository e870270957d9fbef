"""One step of each method, from the current weights ``w_k`` to ``w_{k+1}``: the gradient step (with the
proximal step of an L1 penalty), an SGD epoch, Nesterov's accelerated step, Newton's step (within the orthant
of the weights' signs for an L1 penalty), Newton-CG's and L-BFGS's; and the loss, gradient and its norm at the new weights.

Newton-CG's step solves Newton's system by conjugate gradients (:mod:`~lecture_utils.optimization.inexact`).
A step that cannot go on raises :class:`_Stop` with the status and the message the loop records. The formulas
are in the docstring of :mod:`lecture_utils.optimization`.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from .._numerics import norm
from .._validation import as_float_array, check_broadcast
from .inexact import _conjugate_gradient, _forcing_tolerance
from .line_search import _ARMIJO, _SMALLEST_STEP, _backtrack, _rounding
from .singular import SINGULAR_RTOL, _newton_direction, _solve_symmetric


#: Pairs of steps and gradient changes that L-BFGS remembers (scipy's and scikit-learn's default, 10).
LBFGS_MEMORY = 10


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


def _newton_cg_step(objective, w, loss, gradient, k, products, start_norm):
    """``w - alpha d`` with ``d`` from conjugate gradients on ``H(w) d = grad E(w)``, stopped once
    ``||H d - grad E|| <= min(1/2, sqrt(||grad E|| / ||grad E(w_0)||)) ||grad E||`` (inexact Newton): gradient, Hessian-vector
    products, backtrack. Appends the number of products to ``products``."""
    def product(v):
        Hv = np.asarray(objective.hessian_vector(w, v), dtype=float)
        if not np.isfinite(Hv).all():
            raise _Stop("not_finite", f"a Hessian-vector product at step {k} is {_not_finite(Hv)}, where the loss "
                                      f"is finite ({loss:.4g}): check the objective's Hessian there")
        return Hv

    result = _conjugate_gradient(product, gradient, _forcing_tolerance(float(norm(gradient)), start_norm), 2 * w.size)
    products.append(result.n_products)
    alpha = _backtrack(objective, w, loss, gradient, result.x)
    if alpha is None:
        raise _Stop("no_descent", f"no step along Newton-CG's direction lowers the loss at step {k}: the loss is "
                                  "flat to rounding there")
    return w - alpha * result.x, alpha                   # w - alpha (H^{-1} grad E, to the forcing tolerance)


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


class _Steps:
    """The step of :func:`~lecture_utils.optimization.minimize`'s method, with what the method carries from one
    step to the next: the last weights and the momentum of the accelerated method, the pairs L-BFGS remembers,
    and the updates within SGD's epochs when they are recorded."""

    def __init__(self, objective, settings, w0):
        self.objective, self.settings = objective, settings
        self.previous, self.momentum = w0, 0                     # w_{k-1}, and the steps since the last restart
        self.memory = _Memory() if settings.method == "lbfgs" else None
        self.updates = [w0] if settings.method == "sgd" and settings.record_updates else None
        self.products = [] if settings.method == "newton-cg" else None     # Hessian-vector products per step

    def take(self, w, loss, gradient, k):
        """``w_{k+1}`` from ``w_k``, its loss and its gradient, and the size of the step (``eta_k`` or ``alpha_k``)."""
        objective, method, l1 = self.objective, self.settings.method, self.settings.l1
        eta = self.settings.learning_rate / (1 + self.settings.decay * k)
        if method == "gd":
            return _gradient_step(w, gradient, eta, l1), eta
        if method == "accelerated":
            w_new, restart = _accelerated_step(objective, w, self.previous, self.momentum, eta, l1, k)
            self.previous, self.momentum = w, 0 if restart else self.momentum + 1
            return w_new, eta
        if method == "sgd":
            return _sgd_epoch(objective, w, eta, l1, self.settings.batch_size, self.settings.rng, self.updates, k), eta
        if method == "lbfgs":
            return _quasi_newton_step(objective, w, loss, gradient, self.memory, k)
        if method == "newton-cg":
            if k == 0:
                self.start_norm = float(norm(gradient))           # the forcing term's unit
            return _newton_cg_step(objective, w, loss, gradient, k, self.products, self.start_norm)
        if method == "newton-l1":
            return _orthant_newton_step(objective, w, loss, gradient, l1, k)
        return _newton_step(objective, w, loss, gradient, self.settings.line_search, k)

    def finite_updates(self) -> np.ndarray | None:
        """The recorded updates of SGD (None if not recorded), without those that overflowed."""
        if self.updates is None:
            return None
        return np.array([u for u in self.updates if np.all(np.isfinite(u))])
