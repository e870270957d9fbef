"""Iterative minimisation: gradient descent, stochastic (minibatch) gradient descent, Newton's method (with an L1
penalty too) and L-BFGS.

Taught in notebook 04 ("Gradient descent", "SGD and minibatches", "Regularisation")
and notebook 05 ("Newton's method"). The methods share one loop, :func:`minimize`,
and differ only in how one step is computed from the current weights ``w_k``:

    gradient descent   w_{k+1} = w_k - eta_k grad E(w_k)
    accelerated        v = w_k + m/(m + 3) (w_k - w_{k-1});  w_{k+1} = v - eta_k grad E(v)
    SGD, one epoch     for each minibatch b of a shuffled order:  w <- w - eta_k grad E_b(w)
    Newton             solve H(w_k) d = grad E(w_k);  w_{k+1} = w_k - alpha_k d
    Newton-CG          d from conjugate gradients on H(w_k) d = grad E(w_k), stopped early (H v products only)
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

One module per job: :mod:`~lecture_utils.optimization.objective` (what the loop minimises),
:mod:`~lecture_utils.optimization.loop` (:func:`minimize`, its :class:`Trace`, :func:`gradient_descent` and
:func:`newton`), :mod:`~lecture_utils.optimization.steps` (one step of each method),
:mod:`~lecture_utils.optimization.inexact` (conjugate gradients, for Newton-CG),
:mod:`~lecture_utils.optimization.stopping` (early stopping on held-out data: the patience rule),
:mod:`~lecture_utils.optimization.line_search`, :mod:`~lecture_utils.optimization.trust_region` (dogleg steps
within a trust region), :mod:`~lecture_utils.optimization.singular` (when a Hessian is
singular, and solving by that rule), :mod:`~lecture_utils.optimization.finite_differences` (gradient checks)
and :mod:`~lecture_utils.optimization.curvature` (convexity and the quadratic model, for notebook 05). Every
name is importable from ``lecture_utils.optimization`` itself; so are the steps that notebook 05 shows
(``_newton_step``, ``_Memory``, ``_orthant_newton_step``) and ``_backtrack``, for the tests.
"""

from .curvature import SCALAR_FUNCTIONS, QuadraticModel, ScalarFunction, chord_gap, quadratic_model
from .finite_differences import numerical_gradient, numerical_hessian
from .inexact import ConjugateGradientResult, conjugate_gradient
from .line_search import _backtrack, wolfe_conditions
from .loop import DIVERGENCE_FACTOR, MAX_NEWTON_WEIGHTS, METHODS, Trace, gradient_descent, minimize, newton
from .objective import FunctionObjective, Objective
from .singular import SINGULAR_RTOL
from .trust_region import TrustRegionResult, dogleg_step, trust_region
from .steps import LBFGS_MEMORY, _Memory, _newton_step, _orthant_newton_step, soft_threshold
from .stopping import EarlyStopping, PatienceStop, patience_stop

__all__ = ["Objective", "FunctionObjective", "Trace", "minimize", "gradient_descent", "newton", "METHODS",
           "DIVERGENCE_FACTOR", "MAX_NEWTON_WEIGHTS", "LBFGS_MEMORY", "SINGULAR_RTOL", "soft_threshold",
           "numerical_gradient", "numerical_hessian", "chord_gap", "QuadraticModel", "quadratic_model",
           "ScalarFunction", "SCALAR_FUNCTIONS", "conjugate_gradient", "ConjugateGradientResult", "wolfe_conditions",
           "dogleg_step", "trust_region", "TrustRegionResult", "EarlyStopping", "PatienceStop", "patience_stop"]
