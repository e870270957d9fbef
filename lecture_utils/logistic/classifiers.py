"""The linear classifiers: :class:`LogisticRegression` and :class:`SoftmaxRegression`, fitted by any method of
:func:`~lecture_utils.optimization.minimize`, with warnings that say what went wrong and what to do.

Taught in notebook 04 ("Logistic regression", "Gradient descent", "Multi-class", "Regularisation") and
notebook 05 ("IRLS", "Multi-class Newton"); the notation is that of :mod:`lecture_utils.logistic`.
"""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
from scipy.special import log_expit

from .._base import Classifier
from .._parallel import single_threaded_blas
from .._validation import (as_matrix, check_fitted, check_flag, check_n_features, check_non_negative, check_option,
                           check_positive, check_positive_int)
from ..exceptions import ConvergenceWarning, DivergenceWarning, SeparationWarning
from ..optimization import MAX_NEWTON_WEIGHTS, minimize
from ..optimization.singular import _solve_symmetric
from ._design import _centre, _centred, _uncentred
from .links import _log_softmax
from .newton import _SumToZero
from .objectives import LogisticLoss, SoftmaxLoss, _curvature_bound


#: The solvers that take Newton's step, and those whose steps come with their own lengths (no learning rate).
_NEWTON, _OWN_STEP_LENGTH = ("newton", "newton-l1"), ("newton", "newton-l1", "newton-cg", "lbfgs")


class _LinearClassifier(Classifier):
    """What :class:`LogisticRegression` and :class:`SoftmaxRegression` share: their
    hyperparameters, the fit through :func:`~lecture_utils.optimization.minimize`, and the warnings.

    Subclasses set ``_objective`` (the loss class), ``_curvature`` (the bound
    on the second derivative of the loss in the scores: 1/4 for the sigmoid,
    1/2 for the softmax), ``_solvers``, and store the weights in :meth:`_set_weights`.
    """

    _objective: type
    _curvature: float
    _solvers: tuple

    def __init__(self, solver="lbfgs", learning_rate="auto", decay=0.0, batch_size=None, max_iter=1000, tol=1e-6,
                 l2=0.0, l1=0.0, fit_intercept=True, random_state=None):
        self.solver = solver
        self.learning_rate = learning_rate
        self.decay = decay
        self.batch_size = batch_size
        self.max_iter = max_iter
        self.tol = tol
        self.l2 = l2
        self.l1 = l1
        self.fit_intercept = fit_intercept
        self.random_state = random_state

    def _check_hyperparameters(self) -> None:
        check_option(self.solver, "solver", self._solvers)
        check_flag(self.fit_intercept, "fit_intercept")
        check_non_negative(self.l2, "l2")
        check_non_negative(self.l1, "l1")
        check_non_negative(self.decay, "decay")
        check_positive_int(self.max_iter, "max_iter")
        check_non_negative(self.tol, "tol")
        self._check_learning_rate()
        self._check_batch_size()
        if self.solver in _OWN_STEP_LENGTH:
            self._check_second_order()

    def _check_learning_rate(self) -> None:
        if not isinstance(self.learning_rate, str):
            check_positive(self.learning_rate, "learning_rate")
        elif self.learning_rate != "auto":
            raise ValueError(f"learning_rate must be a number > 0 or 'auto' (1 / L, the safe step); "
                             f"got {self.learning_rate!r}.")

    def _check_batch_size(self) -> None:
        if self.batch_size is not None:
            check_positive_int(self.batch_size, "batch_size")
            if self.solver != "sgd":
                raise ValueError(f"batch_size is a setting of solver='sgd'; solver={self.solver!r} always "
                                 "uses every example. Leave batch_size=None or pass solver='sgd'.")

    def _check_second_order(self) -> None:
        """Newton's method and L-BFGS: no L1 penalty (but newton-l1's), and no learning rate to set."""
        if self.l1 > 0 and self.solver != "newton-l1":
            hint = "solver='newton-l1' (Newton's method within the orthant of the weights' signs) or " if (
                "newton-l1" in self._solvers) else ""
            raise ValueError(f"solver={self.solver!r} cannot fit an L1 penalty l1 > 0 (|w| has no second derivative "
                             f"at 0); use {hint}solver='accelerated' (or 'gd', 'sgd'), whose proximal step sets "
                             "weights exactly to zero.")
        if self.learning_rate != "auto" or self.decay:
            step = "length comes from a line search" if self.solver == "lbfgs" else "H^{-1} grad is complete"
            raise ValueError(f"solver={self.solver!r} has no learning rate: its step {step}. Leave "
                             "learning_rate='auto' and decay=0, or pass solver='gd' (or 'sgd') to set one.")

    def fit(self, X, t):
        """Fit the weights to the examples ``X`` and their labels ``t``; returns ``self``.

        Parameters
        ----------
        X : array-like of shape (N, D)
        t : array-like of shape (N,)
        """
        self._check_hyperparameters()
        return self._fit(X, t)

    def _fit(self, X, t, w0=None):
        """Minimise the objective on ``(X, t)`` from ``w0`` (zero, or a warm start for a regularisation path).

        Newton's method with a bias works on the centred features ``x - m``
        when one lies off centre (:func:`_centre`): its steps are the same in any affine coordinates
        (notebook 05, section 12), so this changes no iterate, only the round-off,
        and keeps ``H`` well conditioned for features far from 0. The trace is
        mapped back (``b = b' - w^T m``); its gradient norms, which ``tol``
        judges, are those in the centred coordinates.
        """
        objective = self._prepared_objective(X, t)
        w0 = np.zeros(objective.n_weights) if w0 is None else _centred(w0, objective)
        with single_threaded_blas():            # the objective's sums over the rows use the cores themselves
            trace = self._minimize(objective, w0, **self._minimize_options(objective))
        self.classes_ = objective.classes
        self.n_features_in_ = objective.features.shape[1]
        self._warn(trace, objective)                               # in the coordinates of the fit
        self.trace_ = dataclasses.replace(trace, weights=_uncentred(trace.weights, objective))
        self._set_weights(self.trace_.w, objective)
        self.loss_history_ = trace.loss
        self.n_iter_ = trace.n_iter
        self.converged_ = trace.converged
        self.diverged_ = trace.diverged
        return self

    def _prepared_objective(self, X, t):
        """The objective on ``(X, t)``, its features centred for Newton's method when one lies off centre."""
        objective = self._objective(X, t, self.l2, self.fit_intercept)
        if self.solver in _NEWTON and objective.n_weights > MAX_NEWTON_WEIGHTS:
            raise ValueError(f"solver={self.solver!r} solves with the Hessian of all {objective.n_weights} weights at "
                             f"every step (X has {objective.features.shape[1]} features), about "
                             f"{objective.n_weights}^3 operations: seconds to minutes per step beyond "
                             f"{MAX_NEWTON_WEIGHTS} weights. Use solver='accelerated' (or 'gd'), or fewer features.")
        if self.solver in _NEWTON + ("newton-cg",) and self.fit_intercept:
            _centre(objective)
        self._check_feature_scale(objective)
        return objective

    def _minimize_options(self, objective) -> dict:
        """The settings of :func:`~lecture_utils.optimization.minimize` for this model's fit of ``objective``."""
        separation_stop = self.solver in _NEWTON + ("newton-cg",) and self.l2 == 0 and self.l1 == 0
        return dict(learning_rate=self._step(objective), decay=self.decay, batch_size=self.batch_size,
                    max_iter=self.max_iter, tol=self.tol, l1=self.l1 * objective.penalised, line_search=True,
                    random_state=self.random_state,
                    callback=self._stop_if_separated(objective) if separation_stop else None)

    def _minimize(self, objective, w0, **options):
        """:func:`~lecture_utils.optimization.minimize` with the model's solver (a subclass may change coordinates)."""
        return minimize(objective, w0, self.solver, **options)

    def _check_feature_scale(self, objective) -> None:
        """Refuse features so small that no gradient component of their weights can exceed ``tol``.

        ``|dE/dw_j| = |(1/N) sum_i (p_i - t_i) x_ij| <= max_i |x_ij|`` (at ``w = 0``), so if
        ``sqrt(D) max |x_ij| <= tol`` the fit would stop at once, blind to the features.
        """
        largest, n_features = objective.feature_scale, objective.features.shape[1]
        if 0 < np.sqrt(n_features) * largest <= self.tol:
            size = "of size" if objective.means is None else "that differ from their means by"
            raise ValueError(
                f"X has features {size} at most {largest:.3g}, so no gradient component of their weights can exceed "
                f"sqrt(D) max |x_ij| = {np.sqrt(n_features) * largest:.3g} <= tol = {self.tol:g}: the fit would "
                "stop at once without using them. Standardise X (or measure it in larger units), or lower tol."
            )

    def _step(self, objective) -> float:
        """The learning rate: the one given, or ``1 / L`` for ``"auto"``."""
        if self.solver in _OWN_STEP_LENGTH:
            return 1.0                                          # unused: their steps come with their own lengths
        if self.learning_rate != "auto":
            return float(self.learning_rate)
        if self.solver == "sgd" and self.batch_size is not None:
            # every minibatch step safe: L from the largest curvature of a single example
            largest = np.max(np.einsum("ij,ij->i", objective.features, objective.features)) + self.fit_intercept
            return 1.0 / (self._curvature * largest + self.l2)
        return 1.0 / self._curvature_bound(objective)

    def _curvature_bound(self, objective) -> float:
        return _curvature_bound(objective.X, self.l2, self.fit_intercept, self._curvature)

    def _stop_if_separated(self, objective):
        def stop(w):
            if objective.separates(w):
                return (f"the weights classify every training example correctly, so the data are linearly "
                        f"separable: the unpenalised likelihood has no maximum, and Newton's weights (now "
                        f"||w|| = {np.linalg.norm(_uncentred(w, objective)):.3g}) would grow without bound")
            return None
        return stop

    def _warn(self, trace, objective) -> None:
        """Warn of a fit that found no finite optimum, saying why and what to do (its caller's caller called fit)."""
        problem = self._problem(trace, objective)
        if problem is not None:
            warnings.warn(*problem, stacklevel=4)

    def _problem(self, trace, objective) -> tuple[str, type] | None:
        """What went wrong in the fit that ``trace`` records, and the warning's category; None if nothing."""
        name = type(self).__name__
        unit = "epochs" if self.solver == "sgd" else "steps"
        if trace.diverged:
            bound = 2.0 / self._curvature_bound(objective)
            return (f"{name} {trace.message}: learning_rate={self._step(objective):.3g} is too large. Full-batch "
                    f"gradient descent lowers this loss at every step for learning_rate < {bound:.3g}. "
                    "diverged_ is True.", DivergenceWarning)
        if trace.status == "stopped":
            return (f"{name} stopped: {trace.message}. Add an L2 penalty (l2 > 0) for a finite optimum.",
                    SeparationWarning)
        if trace.status == "singular_hessian":
            return (f"{name}: {trace.message}. Either the features are collinear (drop a redundant one) or the data "
                    "are (quasi-)separable, so that p_i (1 - p_i) -> 0 and the weights run off; an L2 penalty "
                    "(l2 > 0) fixes both.", SeparationWarning)
        if self.l2 == 0 and self.l1 == 0 and objective.separates(trace.w):
            return (f"{name}: the fitted weights classify every training example correctly, so the data are "
                    "linearly separable and the unpenalised likelihood has no maximum: the weights grow for as long "
                    f"as the optimiser runs (||w|| = {np.linalg.norm(_uncentred(trace.w, objective)):.3g} after "
                    f"{trace.n_iter} {unit}). Add an L2 penalty (l2 > 0) for a finite, unique optimum.",
                    SeparationWarning)
        if not trace.converged:
            return (f"{name} did not converge in max_iter={self.max_iter} {unit}: |grad| = {trace.grad_norm[-1]:.3g} "
                    f"> tol = {self.tol:g}. To get there, {', or '.join(self._hints(objective))}.", ConvergenceWarning)
        return None

    def _hints(self, objective) -> list:
        """What may bring an unconverged fit to its optimum; never the solver it already uses."""
        features = objective.features
        scales, offsets = features.std(axis=0), np.abs(features.mean(axis=0))
        if self.fit_intercept and np.any(offsets > 10 * scales):
            # a feature far from 0 couples its weight with the bias: a long valley that more steps hardly descend
            hints = ["centre the features, X - X.mean(axis=0) (one lies "
                     f"{np.max(offsets / np.maximum(scales, np.finfo(float).tiny)):.3g} standard deviations from 0), "
                     "or standardise them"]
        else:
            hints = ["increase max_iter"]
            if scales.max() > 10 * scales.min():                    # elongated contours: zig-zag steps
                hints.append("standardise the features (their standard deviations range from "
                             f"{scales.min():.3g} to {scales.max():.3g})")
        newton = "newton" if self.l1 == 0 else "newton-l1"
        if newton in self._solvers and self.solver != newton:
            hints.append(f"use solver={newton!r}")
        return hints

    def _checked_inputs(self, X) -> np.ndarray:
        check_fitted(self, "coef_")
        X = as_matrix(X)
        check_n_features(X, self.n_features_in_)
        return X

    def predict_proba(self, X) -> np.ndarray:
        """``p(C_k | x_i)``, shape (N, K), columns in ``classes_`` order; rows sum to 1."""
        return np.exp(self.predict_log_proba(X))


class LogisticRegression(_LinearClassifier):
    """Binary logistic regression ``p(t = 1 | x) = sigma(x^T w + b)``, fitted by minimising the
    mean negative log-likelihood ``+ l2/2 ||w||^2 + l1 ||w||_1`` (the bias is not penalised).

    Notebook 04 fits it by gradient descent and SGD; notebook 05 by Newton's
    method, which for this loss is iteratively reweighted least squares
    (IRLS): "gradient, Hessian, solve", and by L-BFGS (the default). scikit-learn's ``C`` is ``1 / (N l2)``.

    Parameters
    ----------
    solver : {"lbfgs", "gd", "accelerated", "sgd", "newton", "newton-l1", "newton-cg"}
        L-BFGS (the default, as scikit-learn's: a quasi-Newton method, notebook 05,
        with a line search and no learning rate), full-batch gradient descent,
        Nesterov's accelerated gradient descent (FISTA with ``l1``), (minibatch)
        stochastic gradient descent, Newton's method with a backtracking line
        search, or Newton's method for an L1 penalty (notebook 05: the step on
        the weights that are not held at 0, each kept to its sign; a few steps
        where FISTA takes thousands, the fast way to an L1 fit), or inexact Newton
        (``"newton-cg"``, notebook 05: Newton's system solved roughly by conjugate
        gradients on Hessian-vector products, the Hessian never formed; as
        scikit-learn's ``newton-cg``, with no limit on the number of weights, and
        on centred features as Newton's method). L1 needs a
        gradient method or ``"newton-l1"``. Newton's method (for at most :data:`~lecture_utils.optimization.MAX_NEWTON_WEIGHTS`
        weights) fits the features centred at their means (when one lies further
        from 0 than its standard deviation) and maps the weights back, which
        changes none of its steps: features far from 0 (``x + 1e8``)
        fit as those near 0, to the digits float64 keeps of them, about
        ``16 - log10(|mean| / spread)`` (none at ``x + 1e16`` for a spread of 1).
        The gradient methods do not (notebook 04 shows why they need it); they
        advise it when they do not converge.
    learning_rate : float or "auto"
        ``eta_0`` of the gradient methods; ``"auto"`` is ``1 / L`` with ``L`` the
        bound of :func:`~lecture_utils.logistic.learning_rate_bound` (for SGD with minibatches, the
        largest ``||x_i||^2 / 4 + l2``), which never diverges.
    decay : float
        ``eta_k = eta_0 / (1 + decay k)``, k the step (epoch for SGD).
    batch_size : int or None
        SGD: examples per step (1 = pure SGD, None = all).
    max_iter : int
        Steps (epochs for SGD).
    tol : float
        Stop when the gradient norm (with L1, the smallest subgradient's) is <= tol.
    l2, l1 : float
        Penalty strengths, >= 0. L1 needs a gradient solver, whose proximal step
        (soft thresholding) after each gradient step sets weights exactly to 0,
        or ``"newton-l1"``, which sets a weight to 0 where its step crosses 0.
    fit_intercept : bool
    random_state : int, numpy Generator or None
        SGD: seeds the shuffling of each epoch.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the positive class (``t = 1``).
    coef_ : ndarray of shape (D,)
    intercept_ : float
    n_iter_ : int
        Steps (epochs for SGD) taken.
    loss_history_ : ndarray of shape (n_iter_ + 1,)
        The penalised loss at the start and after each step.
    trace_ : lecture_utils.optimization.Trace
        Weights ``(w_1, ..., w_D, b)``, loss and gradient norm at every step.
    converged_, diverged_ : bool
    bse_ : ndarray of shape (D + fit_intercept,) or None
        Standard errors ``sqrt(diag((N H)^{-1}))`` from the Hessian of the
        total negative log-likelihood at the fitted weights, in the order of the
        weights ``(w_1, ..., w_D, b)`` (as ``trace_.weights``): the bias *last*,
        where statsmodels, after ``sm.add_constant``, puts it first. ``inf`` for
        every weight when the Hessian is singular (the rule of
        :mod:`lecture_utils.optimization`): the data do not determine the
        weights. With ``l2 > 0`` they are those of the Laplace
        approximation under the matching Gaussian prior; ``None`` when ``l1 > 0``
        or the fit diverged. Computed when first read (one more Hessian, which
        the fit itself does not need): until then the model keeps its training data.
    """

    _objective = LogisticLoss
    _curvature = 0.25
    _solvers = ("lbfgs", "gd", "accelerated", "sgd", "newton", "newton-l1", "newton-cg")

    def _set_weights(self, w, objective) -> None:
        self.coef_ = w[:self.n_features_in_].copy()
        self.intercept_ = float(w[-1]) if self.fit_intercept else 0.0
        # the standard errors need one more Hessian: computed when first asked for, as statsmodels does
        self._bse = None
        self._bse_at = None if self.l1 > 0 or self.trace_.diverged else (objective, w)

    @property
    def bse_(self) -> np.ndarray | None:
        check_fitted(self, "coef_")
        if self._bse_at is not None and self._bse_at[0].n_weights > MAX_NEWTON_WEIGHTS:
            n_weights = self._bse_at[0].n_weights
            raise ValueError(f"bse_ inverts the Hessian of the {n_weights} weights, about {n_weights}^3 operations: "
                             f"seconds to minutes beyond {MAX_NEWTON_WEIGHTS} weights. Fit on fewer features of X to "
                             "have standard errors.")
        if self._bse_at is not None:
            self._bse = _standard_errors(*self._bse_at)
            self._bse_at = None                                  # and the training data are let go
        return self._bse

    def decision_function(self, X) -> np.ndarray:
        """``z = x^T w + b`` of each row, shape (N,): the log-odds of ``classes_[1]``."""
        return self._checked_inputs(X) @ self.coef_ + self.intercept_

    def predict_log_proba(self, X) -> np.ndarray:
        """``log p(C_k | x_i)``, shape (N, 2): ``log sigma(-z)`` and ``log sigma(z)``, exact for any ``z``."""
        z = self.decision_function(X)
        return np.column_stack([log_expit(-z), log_expit(z)])

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where ``z > 0`` (``p > 1/2``), else ``classes_[0]``; shape (N,)."""
        positive = self.decision_function(X) > 0
        return self.classes_[positive.astype(int)]


def _standard_errors(objective, w) -> np.ndarray | None:
    """``sqrt(diag((N H)^{-1}))``, in the order of the weights; ``inf`` if ``H`` is singular, None if it overflowed.

    For an objective on centred features, ``H`` is that of the centred weights ``(w, b')``, and the covariance
    of ``(w, b) = A (w, b')`` is ``A (N H)^{-1} A^T``, with ``A`` the identity except for the row ``(-m^T, 1)``.
    """
    total_hessian = objective.hessian(_centred(w, objective)) * objective.n_samples   # of sum_i -log p(t_i | x_i)
    if not np.all(np.isfinite(total_hessian)):
        return None                                            # a diverged fit: no meaningful errors
    covariance = _solve_symmetric(total_hessian, np.eye(total_hessian.shape[0]))   # (N H)^{-1}, column by column
    if covariance is None:
        return np.full(total_hessian.shape[0], np.inf)         # singular: the data do not determine the weights
    if objective.means is not None:
        A = np.eye(covariance.shape[0])
        A[-1, :-1] = -objective.means                          # b = b' - m^T w
        covariance = A @ covariance @ A.T
    return np.sqrt(np.diag(covariance))


class SoftmaxRegression(_LinearClassifier):
    """Multi-class logistic regression ``p(C_k | x) = softmax(W^T x + b)_k`` with the cross-entropy loss.

    Notebook 04, "Multi-class"; notebook 05, "Multi-class Newton". Minimises
    ``(1/N) sum_i -log p(C_{t_i} | x_i) + l2/2 ||W||^2 + l1 ||W||_1`` (biases not
    penalised) by L-BFGS (the default), gradient descent, SGD or Newton's method; the parameters are
    as for :class:`LogisticRegression`. Without a penalty the weights are
    determined only up to adding the same vector to every class (softmax is
    invariant to it), and the Hessian is singular along those directions:
    gradient descent and L-BFGS from zero keep ``sum_k w_k = 0`` (their steps
    combine gradients, which sum to zero over the classes), as scikit-learn's
    multinomial model does, and Newton's method (with a backtracking line
    search) solves for its steps among the weights with ``sum_k w_k = 0`` (and
    biases summing to 0), so every solver ends at the same weights.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    coef_ : ndarray of shape (K, D)
    intercept_ : ndarray of shape (K,)
    n_iter_, loss_history_, trace_, converged_, diverged_
        As for :class:`LogisticRegression`; ``trace_.weights`` rows are ``W``
        of shape (D + 1, K) flattened row by row.
    """

    _objective = SoftmaxLoss
    _curvature = 0.5
    _solvers = ("lbfgs", "gd", "accelerated", "sgd", "newton")

    def _minimize(self, objective, w0, **options):
        if self.solver != "newton":
            return super()._minimize(objective, w0, **options)
        # H is singular along (v, ..., v): Newton steps among the weights whose classes sum to zero
        reduced = _SumToZero(objective)
        stop = options.pop("callback")
        options.update(l1=0.0, callback=None if stop is None else lambda v: stop(reduced.expand(v)))
        trace = minimize(reduced, reduced.restrict(w0), "newton", **options)
        return dataclasses.replace(trace, weights=reduced.expand(trace.weights))

    def _set_weights(self, w, objective) -> None:
        W = w.reshape(objective.shape)
        self.coef_ = W[:self.n_features_in_].T.copy()
        self.intercept_ = W[-1].copy() if self.fit_intercept else np.zeros(objective.shape[1])

    def decision_function(self, X) -> np.ndarray:
        """The scores ``z_ik = w_k^T x_i + b_k``, shape (N, K)."""
        return self._checked_inputs(X) @ self.coef_.T + self.intercept_

    def predict_log_proba(self, X) -> np.ndarray:
        """``log softmax(z_i)``, shape (N, K), columns in ``classes_`` order."""
        return _log_softmax(self.decision_function(X), 1)

    def predict(self, X) -> np.ndarray:
        """The class of largest score, shape (N,)."""
        scores = self.decision_function(X)
        return self.classes_[np.argmax(scores, axis=1)]
