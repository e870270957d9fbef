"""The one loop of every method, :func:`minimize`, the :class:`Trace` it records, and its two faces for plain
functions, :func:`gradient_descent` and :func:`newton`."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .._numerics import norm
from .._validation import (as_float_array, check_broadcast, check_flag, check_iterations, check_non_negative,
                           check_option, check_positive, check_positive_int, check_random_state)
from ..exceptions import ConvergenceWarning, DivergenceWarning
from .finite_differences import _central_differences
from .objective import FunctionObjective, Objective, _check_objective
from .singular import SINGULAR_RTOL, _scaled_eigenvalues
from .steps import _evaluate, _not_finite, _optimality, _Steps, _Stop, _total_loss


METHODS = ("gd", "accelerated", "sgd", "newton", "newton-l1", "newton-cg", "lbfgs")


#: The loop declares divergence when the loss exceeds ``E(w_0) + DIVERGENCE_FACTOR * max(|E(w_0)|, 1)``.
DIVERGENCE_FACTOR = 1e4


#: The most weights Newton's method takes: each step finds the eigenvalues of the D x D Hessian and solves
#: with it, about D^3 operations, half a second at this size and minutes per step at 5000 weights.
MAX_NEWTON_WEIGHTS = 1000


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
    hessian_products : ndarray of shape (n_iter,) or None
        Newton-CG: the Hessian-vector products (conjugate-gradient iterations)
        each step took; None for the other methods.
    """

    weights: np.ndarray
    loss: np.ndarray
    grad_norm: np.ndarray
    step_size: np.ndarray
    status: str
    message: str
    updates: np.ndarray | None = None
    hessian_products: np.ndarray | None = None

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


@dataclass(frozen=True)
class _Settings:
    """The arguments of :func:`minimize` but the objective and the start, checked."""

    method: str
    learning_rate: float
    decay: float
    batch_size: int | None
    max_iter: int
    tol: float
    l1: np.ndarray
    line_search: bool
    rng: np.random.Generator
    record_updates: bool
    callback: object


def _checked_settings(objective, w0, method, learning_rate, decay, batch_size, max_iter, tol, l1, line_search,
                      random_state, record_updates, callback) -> tuple[np.ndarray, _Settings]:
    """``w0`` as a vector of floats, and the other arguments of :func:`minimize` checked, in their order."""
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
    w = _checked_start(objective, w0)
    l1 = _checked_l1(l1, w, method)
    batch_size = _checked_batch_size(objective, batch_size) if method == "sgd" else batch_size
    return w, _Settings(method, learning_rate, decay, batch_size, max_iter, tol, l1, line_search,
                        check_random_state(random_state), record_updates, callback)


def _checked_start(objective, w0) -> np.ndarray:
    """``w0`` as a vector of floats, one per weight of the objective."""
    w = as_float_array(w0, "w0").astype(float).reshape(-1)
    n_weights = getattr(objective, "n_weights", w.size)
    if w.size != n_weights:
        raise ValueError(f"w0 must hold one weight per weight of the objective, {n_weights}; got {w.size}.")
    return w


def _checked_l1(l1, w, method: str) -> np.ndarray:
    """The L1 strength of each weight, and a method that can minimise it (and as many weights)."""
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
    if method in ("newton", "newton-cg", "lbfgs") and np.any(l1 > 0):
        raise ValueError(f"method={method!r} cannot minimise an L1 penalty l1 > 0 (|w| has no second derivative "
                         "at 0); use method='newton-l1' (Newton's method within the orthant of the weights' signs), "
                         "or 'gd' or 'sgd', whose proximal step handles it.")
    return l1


def _checked_batch_size(objective, batch_size) -> int:
    """SGD's minibatch size: all the examples of the objective by default."""
    if objective.n_samples is None:
        raise TypeError(f"method='sgd' needs an objective that averages over examples; "
                        f"{type(objective).__name__} has no n_samples.")
    return objective.n_samples if batch_size is None else check_positive_int(batch_size, "batch_size")


def _start(objective, w, l1) -> tuple[float, np.ndarray, float]:
    """The loss, the gradient and its norm at the start; a ``ValueError`` naming ``w0`` unless they are finite."""
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
    return loss, gradient, grad_norm


class _Record:
    """The weights, loss and gradient norm at the start and after every step, and each step's size."""

    def __init__(self, w, loss, grad_norm):
        self.weights, self.losses, self.norms, self.steps = [w], [loss], [grad_norm], []

    def add(self, w, loss, grad_norm, step) -> None:
        self.weights.append(w)
        self.losses.append(loss)
        self.norms.append(grad_norm)
        self.steps.append(step)

    def trace(self, status: str, message: str, updates, products=None) -> Trace:
        # a step that stopped the run inside its line search counted its products, but was not taken
        products = None if products is None else np.array(products[:len(self.steps)], dtype=int)
        return Trace(np.array(self.weights), np.array(self.losses), np.array(self.norms), np.array(self.steps),
                     status, message, updates, products)


def _small_gradient(objective, w, settings: _Settings, k: int, grad_norm: float) -> tuple[str, str]:
    """Why the run stops where the gradient is small: converged, or not at a minimum."""
    # grad E = 0 at a maximum or a saddle point too: a minimum only if the curvature says so
    why = _not_a_minimum(objective, w, settings.l1)
    if why is None:
        return "converged", f"converged after {k} steps: |grad| = {grad_norm:.3g} <= tol = {settings.tol:g}"
    return "not_minimum", (f"stopped after {k} steps where |grad| = {grad_norm:.3g} <= tol = {settings.tol:g}, but "
                           f"not at a minimum: {why}")


def _exploded(start_loss: float, loss: float, k: int) -> tuple[str, str] | None:
    """``"diverged"`` if the loss has grown past ``E(w_0) + DIVERGENCE_FACTOR * max(|E(w_0)|, 1)``."""
    if loss > start_loss + DIVERGENCE_FACTOR * max(abs(start_loss), 1.0):
        return "diverged", f"diverged at step {k}: the loss grew from {start_loss:.4g} to {loss:.4g}"
    return None


def _stopped_by(callback, w) -> tuple[str, str] | None:
    """``"stopped"`` with the callback's sentence, if it returned one."""
    reason = callback(w) if callback is not None else None
    return ("stopped", reason) if reason else None


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
    method : {"gd", "accelerated", "sgd", "newton", "newton-l1", "newton-cg", "lbfgs"}
        ``"accelerated"`` is Nesterov's method (FISTA with ``l1``): far fewer
        steps than ``"gd"`` on ill-conditioned problems, each at the cost of
        two gradients, with the same safe learning rate ``1 / L``. ``"lbfgs"``
        is the limited-memory BFGS quasi-Newton method: Newton's step with
        ``H^{-1}`` sketched from the last 10 steps' gradient changes, a line
        search, no Hessian and no learning rate. ``"newton-cg"`` is inexact
        Newton: Newton's system solved roughly by conjugate gradients on
        Hessian-vector products (the objective's ``hessian_vector``), the
        Hessian never formed, with a line search
        (:mod:`~lecture_utils.optimization.inexact`); ``Trace.hessian_products``
        counts the products of each step. ``"newton-l1"`` is Newton's
        method for an ``l1`` penalty (:func:`~lecture_utils.optimization.steps._orthant_newton_step`): a few
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
    w, settings = _checked_settings(objective, w0, method, learning_rate, decay, batch_size, max_iter, tol, l1,
                                    line_search, random_state, record_updates, callback)
    loss, gradient, grad_norm = _start(objective, w, settings.l1)
    record, steps = _Record(w, loss, grad_norm), _Steps(objective, settings, w)
    k = 0
    while True:
        # Stop on the gradient, not on a small change of the loss: at a minimum of a smooth
        # function the gradient is zero, and for a strongly convex one ||grad E|| bounds both
        # E(w) - E(w*) and ||w - w*||, whereas a slow method on a plateau changes the loss
        # little while still far from the minimum.
        if grad_norm <= settings.tol:
            status, message = _small_gradient(objective, w, settings, k, grad_norm)
            break
        if k == settings.max_iter:
            status, message = "max_iter", (f"stopped after max_iter = {k} steps with |grad| = {grad_norm:.3g} > "
                                           f"tol = {settings.tol:g}")
            break
        try:
            w_new, step = steps.take(w, loss, gradient, k)                     # the method's step
            loss_new, gradient, grad_norm = _evaluate(objective, w_new, settings.l1, k, loss)
        except _Stop as stop:
            status, message = stop.args
            break
        w, loss, k = w_new, loss_new, k + 1
        record.add(w, loss, grad_norm, step)
        stopped = _exploded(record.losses[0], loss, k) or _stopped_by(settings.callback, w)
        if stopped:
            status, message = stopped
            break
    return record.trace(status, message, steps.finite_updates(), steps.products)


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
