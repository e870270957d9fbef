"""Loss surfaces and the paths through them, for the notebooks' figures and widgets: the logistic loss over a
grid of weights, the steps of gradient descent and SGD, and the coefficients against the penalty.

Taught in notebook 04 ("Gradient descent", "SGD", "Regularisation"); drawn by
:mod:`lecture_utils.plotting.logistic` and the widgets of :mod:`lecture_utils.widgets.logistic`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import expit

from .._validation import (as_class_labels, as_float_array, as_limits, as_matrix, check_broadcast, check_iterations,
                           check_non_negative, check_option, check_positive_int, check_random_state, check_size,
                           float_or_array)
from ..optimization import DIVERGENCE_FACTOR, minimize
from ._design import _scores_of, _transposed_times
from .classifiers import LogisticRegression
from .objectives import LogisticLoss


def loss_surface(X, t, coef, intercept=0.0, l2=0.0, l1=0.0):
    """The objective of :class:`LogisticRegression` at many weight vectors at once.

    For a contour plot over two weights, or along an optimiser's path:
    ``E(w, b) = (1/N) sum_i log(1 + exp(-u_i (x_i^T w + b))) + l2/2 ||w||^2 + l1 ||w||_1``
    (signs ``u_i = 2 t_i - 1``)
    for every ``w`` in ``coef``, with one matrix product for all of them.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels (the larger is ``t = 1``)
    coef : array-like of shape (..., D)
        E.g. ``np.stack(np.meshgrid(w1, w2), axis=-1)`` (shape (n2, n1, 2))
        for a grid, or the coefficients of a trace (shape (n_steps, D)).
    intercept : float or array-like of shape (...)
        The bias of each weight vector.
    l2, l1 : float

    Returns
    -------
    float or ndarray of shape (...)
    """
    X = as_matrix(X)
    classes, _ = as_class_labels(t, X.shape[0])
    if classes.size != 2:
        raise ValueError("t must hold exactly two labels: loss_surface is the binary logistic loss.")
    coef = as_float_array(coef, "coef")
    if coef.ndim == 0 or coef.shape[-1] != X.shape[1]:
        raise ValueError(f"coef must have shape (..., {X.shape[1]}), one weight per feature of X; "
                         f"got shape {coef.shape}.")
    grid_shape = coef.shape[:-1]
    weights = coef.reshape(-1, X.shape[1])
    intercept = as_float_array(intercept, "intercept")
    if check_broadcast(("coef without its last axis", coef[..., 0]), ("intercept", intercept)) != grid_shape:
        raise ValueError(f"intercept must have the shape of the grid of coef, {grid_shape} (or be one number); "
                         f"got shape {intercept.shape}.")
    intercept = np.broadcast_to(intercept, grid_shape).reshape(-1)
    check_size(len(weights) * X.shape[0], "the scores of every weight vector of coef on every example", "coef")
    smooth = LogisticLoss(X, t, l2).along(np.column_stack([weights, intercept]))
    with np.errstate(over="ignore"):                              # a loss beyond 1.8e308 is inf
        penalty = check_non_negative(l1, "l1") * np.sum(np.abs(weights), axis=1)
    return float_or_array((smooth + penalty).reshape(grid_shape))


def loss_grid(X, t, w_limits, b_limits, n=70):
    """The loss of the one-input model ``sigma(w x + b)`` on an ``n x n`` grid of ``(w, b)``, for contours.

    Parameters
    ----------
    X : array-like of shape (N, 1)
    t : array-like of shape (N,), two labels
    w_limits, b_limits : (float, float)
        The ranges of the weight and of the bias.
    n : int
        Grid points per axis.

    Returns
    -------
    w : ndarray of shape (n,)
    b : ndarray of shape (n,)
    E : ndarray of shape (n, n)
        ``E[i, j]`` is the loss at ``(w[j], b[i])`` (rows follow ``b``, as ``contour`` expects).
    """
    if as_matrix(X).shape[1] != 1:
        raise ValueError("X must have one input, shape (N, 1), for a grid over its weight and the bias; "
                         f"got shape {as_matrix(X).shape}.")
    w_limits, b_limits = as_limits(w_limits, "w_limits"), as_limits(b_limits, "b_limits")
    n = check_positive_int(n, "n")
    check_size(n * n * as_matrix(X).shape[0], "the scores of the grid", "n")
    w, b = np.linspace(*w_limits, n), np.linspace(*b_limits, n)
    W, B = np.meshgrid(w, b)
    return w, b, loss_surface(X, t, W[..., None], B)


@dataclass(frozen=True)
class DescentPath:
    """Every update of gradient descent or (minibatch) SGD on the logistic loss, from :func:`descent_path`.

    Attributes
    ----------
    weights : ndarray of shape (n_updates + 1, D + fit_intercept)
        ``w_0`` and the weights after each update (one minibatch each for SGD).
    loss : ndarray of shape (n_updates + 1,)
        The full objective ``E(w_k)`` over all N examples, even when a step saw only a minibatch.
    grad_norm : ndarray of shape (n_updates + 1,)
        ``||grad E(w_k)||`` of the full objective.
    epoch : ndarray of shape (n_updates + 1,)
        Passes over the data after each update: ``k B / N`` for minibatches of B examples.
    learning_rate : float
    batch_size : int
        B; equal to N for full-batch gradient descent.
    """

    weights: np.ndarray
    loss: np.ndarray
    grad_norm: np.ndarray
    epoch: np.ndarray
    learning_rate: float
    batch_size: int

    @property
    def n_updates(self) -> int:
        """Updates taken: fewer than asked if the weights stopped being finite."""
        return len(self.loss) - 1


def descent_path(X, t, learning_rate, n_updates=100, batch_size=None, w0=None, l2=0.0, fit_intercept=True,
                 random_state=None) -> DescentPath:
    """Run gradient descent or SGD on the logistic loss for a number of updates, recording each one.

    Notebook 04, "Gradient descent" and "SGD": what the learning-rate explorer
    draws. Full batch, each update is ``w <- w - eta grad E(w)``; with
    minibatches of ``B`` examples (a fresh random order every epoch) it is
    ``w <- w - eta grad E_b(w)``, and the recorded loss and gradient norm are
    those of the full objective, so that the noise of the steps shows.
    The run takes exactly ``n_updates`` updates: it does not stop at a
    small gradient, and stops early only if the weights overflow.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels
    learning_rate : float
        ``eta > 0``, constant.
    n_updates : int
    batch_size : int or None
        B examples per update; None (or B >= N) for full-batch gradient descent.
    w0 : array-like of shape (D + fit_intercept,), optional
        The start ``(w_1, ..., w_D, b)``; zero by default.
    l2 : float
    fit_intercept : bool
    random_state : int, numpy Generator or None
        Seeds the order of the examples in each epoch.

    Returns
    -------
    DescentPath
    """
    objective = LogisticLoss(X, t, l2, fit_intercept)
    n_updates, B, per_epoch = _schedule(objective, n_updates, batch_size)
    w0 = np.zeros(objective.n_weights) if w0 is None else as_float_array(w0, "w0").reshape(-1)
    if w0.shape != (objective.n_weights,):
        raise ValueError(f"w0 must have length {objective.n_weights} (one weight per feature, then the bias); "
                         f"got shape {w0.shape}.")
    if B == objective.n_samples:
        weights = minimize(objective, w0, "gd", learning_rate=learning_rate, max_iter=n_updates, tol=0).weights
    else:
        weights = minimize(objective, w0, "sgd", learning_rate=learning_rate, batch_size=B,
                           max_iter=-(-n_updates // per_epoch), tol=0, random_state=random_state,
                           record_updates=True).updates[:n_updates + 1]
    return _path(objective, weights, learning_rate, B, per_epoch)


def descent_paths(X, t, learning_rates, n_updates=100, batch_size=None, random_state=None) -> list[DescentPath]:
    """:func:`descent_path` at several learning rates at once, from ``w_0 = 0``: the same runs, each update one
    product for all of them.

    Every run takes the examples in the same seeded order, so one pass steps
    them all: ``W <- W - eta grad E_b(W)``, with a column of ``W`` per
    learning rate. One run takes a third of the time of :func:`descent_path`'s
    loop, and twenty take about as long as that loop's one (the
    learning-rate explorer of notebook 04 makes all those of a setting at once). The runs agree with
    :func:`descent_path`'s to rounding (a bouncing run, which is chaotic,
    for its first few dozen steps). A run whose weights, loss or gradient
    stop being finite, or whose loss passes the divergence bound of
    :func:`~lecture_utils.optimization.minimize`, is made again by
    :func:`descent_path`, whose loop says where such a run stops.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels
    learning_rates : array-like of shape (n_rates,)
        Each ``eta > 0``, constant.
    n_updates : int
    batch_size : int or None
        B examples per update; None (or B >= N) for full-batch gradient descent.
    random_state : int or None
        Seeds the order of the examples in each epoch, as in :func:`descent_path`.

    Returns
    -------
    list of DescentPath
        One per learning rate, in their order.
    """
    objective = LogisticLoss(X, t)
    rates = as_float_array(learning_rates, "learning_rates").reshape(-1)
    if rates.size == 0 or np.any(rates <= 0):
        raise ValueError(f"learning_rates must be one or more numbers > 0, e.g. (0.1, 1.0); got {learning_rates!r}.")
    n_updates, B, per_epoch = _schedule(objective, n_updates, batch_size)
    check_size((n_updates + 1) * rates.size * objective.n_weights, "the weights of every update of every run",
               "n_updates")
    rng, N = check_random_state(random_state), objective.n_samples
    W = np.zeros((objective.n_weights, rates.size))                  # one column per learning rate
    updates = [W]
    with np.errstate(over="ignore", invalid="ignore"):               # a run that overflows is made again below
        while len(updates) <= n_updates:
            order = rng.permutation(N) if B < N else np.arange(N)      # a fresh order every epoch, as minimize's SGD
            for start in range(0, N, B):
                W = W - rates * _minibatch_gradients(objective, W, order[start:start + B])
                updates.append(W)
    weights = np.stack(updates[:n_updates + 1]).transpose(2, 0, 1)   # (n_rates, n_updates + 1, D + 1)
    return [_bounded_path(objective, run, rate, B, per_epoch)
            or descent_path(X, t, rate, n_updates, batch_size, random_state=random_state)
            for run, rate in zip(weights, rates)]


def _schedule(objective, n_updates, batch_size) -> tuple[int, int, int]:
    """``n_updates`` checked, the batch size ``B`` (at most N) and the updates of an epoch, ``ceil(N / B)``."""
    n_updates = check_iterations(n_updates, "n_updates")
    N = objective.n_samples
    check_size((n_updates + 1) * N, "the scores of every update on every example", "n_updates")
    B = N if batch_size is None else min(check_positive_int(batch_size, "batch_size"), N)
    return n_updates, B, -(-N // B)


def _minibatch_gradients(objective, W, batch) -> np.ndarray:
    """``grad E_b`` of the examples ``batch`` at each column of ``W`` (shape (D + 1, n)): ``(1/B) [X_b 1]^T (p - t)``
    with ``p_i - t_i = -u_i sigma(-u_i z_i)``, as :meth:`LogisticLoss.gradient` computes it for one ``w``."""
    X, u = objective.features[batch], objective.signs[batch, None]
    return _transposed_times(X, -u * expit(-u * _scores_of(X, W, True)), True) / len(batch)


def _path(objective, weights, learning_rate, B, per_epoch) -> DescentPath:
    """The :class:`DescentPath` of ``weights``: the full loss and gradient norm at each, and the epochs."""
    k, N = np.arange(len(weights)), objective.n_samples
    loss, gradient = objective.along(weights, gradients=True)
    return DescentPath(weights, loss, np.linalg.norm(gradient, axis=1), k // per_epoch + (k % per_epoch) * B / N,
                       float(learning_rate), B)


def _bounded_path(objective, weights, learning_rate, B, per_epoch) -> DescentPath | None:
    """The :class:`DescentPath` of ``weights`` if every weight, loss and gradient norm is finite and the loss stays
    within :func:`~lecture_utils.optimization.minimize`'s divergence bound ``E(w_0) + DIVERGENCE_FACTOR
    max(|E(w_0)|, 1)``; else None (where such a run stops is the loop's to say)."""
    if not np.isfinite(weights).all():
        return None
    path = _path(objective, weights, learning_rate, B, per_epoch)
    bound = path.loss[0] + DIVERGENCE_FACTOR * max(abs(path.loss[0]), 1.0)
    return path if np.isfinite(path.grad_norm).all() and np.all(path.loss <= bound) else None


@dataclass(frozen=True)
class RegularizationPath:
    """Fitted coefficients against the penalty strength, from :func:`regularization_path`.

    Attributes
    ----------
    lambdas : ndarray of shape (n_lambdas,)
        In the order given.
    coef : ndarray of shape (n_lambdas, D)
    intercept : ndarray of shape (n_lambdas,)
    n_iter : ndarray of int, shape (n_lambdas,)
    converged : ndarray of bool, shape (n_lambdas,)
    """

    lambdas: np.ndarray
    coef: np.ndarray
    intercept: np.ndarray
    n_iter: np.ndarray
    converged: np.ndarray


#: The most penalty strengths of one regularisation path: each is a fit of its own (milliseconds for Newton,
#: up to seconds for an L1 fit).
MAX_PATH = 1000


def regularization_path(X, t, lambdas, penalty="l2", **params) -> RegularizationPath:
    """Fit :class:`LogisticRegression` for each penalty strength, each fit warm-started at the last.

    Notebook 04, "Regularisation": the coefficients shrink towards zero as
    lambda grows; with L1 they reach exactly zero one by one. The fits run
    from the largest lambda (small, sparse weights, found fast) down, each
    starting from the previous solution.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels
    lambdas : array-like of shape (n_lambdas,)
        Penalty strengths, each >= 0; at most :data:`MAX_PATH` of them.
    penalty : {"l2", "l1"}
    **params
        Further :class:`LogisticRegression` parameters. The solver defaults
        to ``"newton"`` for L2 and ``"newton-l1"`` for L1 (pass ``solver="accelerated"``
        beyond :data:`~lecture_utils.optimization.MAX_NEWTON_WEIGHTS` weights).

    Returns
    -------
    RegularizationPath
    """
    penalty = check_option(penalty, "penalty", ("l2", "l1"))
    lambdas = as_float_array(lambdas, "lambdas").reshape(-1)
    if lambdas.size == 0 or np.any(lambdas < 0):
        raise ValueError("lambdas must be a non-empty list of penalty strengths >= 0, e.g. np.logspace(-4, 0, 30).")
    if lambdas.size > MAX_PATH:
        raise ValueError(f"lambdas holds {lambdas.size} penalty strengths, one fit each: more than {MAX_PATH} fits "
                         "would take minutes to hours. Use fewer, e.g. np.logspace(-4, 0, 30).")
    params.setdefault("solver", "newton" if penalty == "l2" else "newton-l1")
    X = as_matrix(X)
    coef = np.empty((lambdas.size, X.shape[1]))
    intercept, n_iter = np.empty(lambdas.size), np.empty(lambdas.size, dtype=int)
    converged = np.empty(lambdas.size, dtype=bool)
    w = None
    for position in np.argsort(-lambdas, kind="stable"):          # largest lambda first
        model = LogisticRegression(**{**params, penalty: float(lambdas[position])})
        model._check_hyperparameters()
        model._fit(X, t, w)
        w = model.trace_.w
        coef[position], intercept[position] = model.coef_, model.intercept_
        n_iter[position], converged[position] = model.n_iter_, model.converged_
    return RegularizationPath(lambdas, coef, intercept, n_iter, converged)
