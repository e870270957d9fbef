"""The perceptron (Rosenblatt 1958) and the quantities of its convergence proof.

Taught in notebook 01. Notation: inputs ``x_i`` (with a constant 1 appended
when the model has a bias), targets ``t_i`` in {-1, +1}, weights ``w``.
An example is misclassified when ``t_i x_i^T w <= 0``; the update is
``w <- w + t_i x_i``.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ._base import Estimator
from ._numerics import norm, scaled, unscale
from ._validation import (as_matrix, as_scalar, as_signed_labels, as_vector, check_fitted, check_flag,
                          check_n_features, check_positive, check_positive_int, check_random_state, check_scale)
from .exceptions import ConvergenceWarning

# Examples scored at once while the weights do not change. After a mistake
# the next block is twice the gap since the previous one (mistakes come at a
# similar rate); it doubles while no mistake is found.
_SMALLEST_BLOCK, _LARGEST_BLOCK = 16, 4096


def add_bias(X) -> np.ndarray:
    """Append the constant input 1 to every example, so the bias is the last weight.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    ndarray of shape (n_samples, n_features + 1)
    """
    X = as_matrix(X)
    return np.hstack([X, np.ones((X.shape[0], 1))])


def perceptron_plain(X, t, max_epochs: int = 100) -> np.ndarray:
    """The perceptron exactly as in the lecture's algorithm box, one example at a time.

    A reference for teaching and testing; :class:`Perceptron` makes the very
    same updates faster. Append a column of ones to ``X`` for a bias.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    t : array-like of shape (n_samples,), values in {-1, +1}
    max_epochs : int
        Passes over the data before giving up.

    Returns
    -------
    w : ndarray of shape (n_features,)
    """
    X = _check_scale(as_matrix(X))
    t = as_signed_labels(t, X.shape[0])
    w = np.zeros(X.shape[1])
    for _ in range(check_positive_int(max_epochs, "max_epochs")):
        all_correct = True
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:       # misclassified (or on the boundary)
                w = w + t_i * x_i          # the perceptron update
                all_correct = False
        if all_correct:
            break
    return w


def _mistakes(signed_X: np.ndarray, w: np.ndarray):
    """Yield, in order, each position ``i`` with ``signed_X[i] @ w <= 0``.

    The caller may update ``w`` in place after each yield; the scan resumes
    just after the yielded position with the new weights. Between two
    mistakes the weights do not change, so a block of examples is scored at
    once: the result is exactly that of scoring them one by one.
    """
    position, block = 0, _SMALLEST_BLOCK
    while position < len(signed_X):
        wrong = signed_X[position:position + block] @ w <= 0
        gap = wrong.argmax()
        if not wrong[gap]:
            position += block
            block = min(2 * block, _LARGEST_BLOCK)
            continue
        position += gap
        yield position
        position += 1
        block = min(max(2 * int(gap), _SMALLEST_BLOCK), _LARGEST_BLOCK)


@dataclass(frozen=True)
class _Run:
    w: np.ndarray
    n_epochs: int
    n_updates: int
    converged: bool


def _run(signed_X, max_epochs, learning_rate, shuffle, random_state, on_update=None) -> _Run:
    """Run the perceptron on the rows ``t_i x_i``; call ``on_update(epoch, i, w)`` before each update."""
    shuffle = check_flag(shuffle, "shuffle")
    rng = check_random_state(random_state)
    w = np.zeros(signed_X.shape[1])
    n_updates = 0
    for epoch in range(1, max_epochs + 1):
        order = rng.permutation(len(signed_X)) if shuffle else np.arange(len(signed_X))
        examples = signed_X[order] if shuffle else signed_X
        updates_before = n_updates
        for position in _mistakes(examples, w):
            if on_update is not None:
                on_update(epoch, order[position], w)
            w += learning_rate * examples[position]      # w <- w + eta t_i x_i
            n_updates += 1
        if n_updates == updates_before:                   # a whole epoch without a mistake
            _check_scores(signed_X, w)
            return _Run(w, epoch, n_updates, True)
    return _Run(w, max_epochs, n_updates, False)


def _validated_inputs(X, t, fit_intercept):
    fit_intercept = check_flag(fit_intercept, "fit_intercept")
    X = _check_scale(as_matrix(X))
    t = as_signed_labels(t, X.shape[0])
    return (add_bias(X) if fit_intercept else X), t


def _check_scale(X: np.ndarray) -> np.ndarray:
    """Refuse inputs whose scores ``x_i^T w`` would overflow or underflow float64."""
    return check_scale(X, "X", "the perceptron's scores x_i^T w (w is a sum of examples)",
                       "Without a bias this changes only the scale of w (c X gives the same updates for every "
                       "c > 0); with one it also changes the size of the features against the constant input 1.")


def _check_scores(signed_X: np.ndarray, w: np.ndarray) -> None:
    """A run ends without mistakes only if every score is > 0: never claim it for an overflowed (nan) score."""
    with np.errstate(over="ignore", invalid="ignore"):
        if np.all(np.isfinite(w)) and np.all(signed_X @ w > 0):
            return
    raise ValueError("X is too large for float64: the perceptron's weights or scores x_i^T w overflowed during "
                     "training. Rescale X (divide it by a power of ten, or standardise its features).")


def _warn_not_converged(max_epochs: int) -> None:
    warnings.warn(
        f"The perceptron still made mistakes in epoch {max_epochs} (max_epochs={max_epochs}). "
        "The data may not be linearly separable, in which case it never converges; "
        "otherwise raise max_epochs.",
        ConvergenceWarning, stacklevel=3)


class _SignClassifier(Estimator):
    """A classifier of targets in {-1, +1} by the sign of its score: +1 where ``y(x) > 0``, -1 elsewhere.

    Subclasses supply :meth:`decision_function`; this one gives it as ``x^T w + b`` from ``coef_`` and
    ``intercept_``, as the perceptron and its variants of :mod:`lecture_utils.perceptron_variants` learn them.
    """

    def decision_function(self, X) -> np.ndarray:
        """Return ``y(x) = x^T w + b`` for each row of ``X``, shape (n_samples,)."""
        check_fitted(self, "coef_")
        X = as_matrix(X)
        check_n_features(X, self.coef_.shape[0])
        return X @ self.coef_ + self.intercept_

    def predict(self, X) -> np.ndarray:
        """Return ``+1`` where ``y(x) > 0`` and ``-1`` elsewhere, shape (n_samples,)."""
        return np.where(self.decision_function(X) > 0, 1, -1)

    def score(self, X, t) -> float:
        """Return the accuracy: the fraction of examples with ``predict(x) == t``."""
        predictions = self.predict(X)
        return float(np.mean(predictions == as_signed_labels(t, predictions.shape[0])))


class Perceptron(_SignClassifier):
    """The perceptron classifier for targets in {-1, +1}.

    ``fit`` starts from ``w = 0`` and visits the examples in order (or in a
    fresh random order each epoch if ``shuffle``); whenever
    ``t_i x_i^T w <= 0`` it updates ``w <- w + learning_rate * t_i x_i``. It
    stops after an epoch without mistakes, or after ``max_epochs`` with a
    :class:`~lecture_utils.ConvergenceWarning`.

    Parameters
    ----------
    max_epochs : int
        Passes over the data before giving up.
    fit_intercept : bool
        Learn a bias ``b`` as the weight of a constant input 1.
    shuffle : bool
        Visit the examples in a new random order in each epoch.
    random_state : int, numpy Generator or None
        Seed for the shuffling.
    learning_rate : float
        Step size ``eta``; it scales the weights but never changes a prediction.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    n_updates_ : int
        Number of updates (mistakes) made during training.
    n_epochs_ : int
        Passes over the data, the final mistake-free one included.
    converged_ : bool
        Whether an epoch passed without a mistake.
    classes_ : ndarray, ``[-1, 1]``
    """

    def __init__(self, max_epochs=100, fit_intercept=True, shuffle=False, random_state=None,
                 learning_rate=1.0):
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept
        self.shuffle = shuffle
        self.random_state = random_state
        self.learning_rate = learning_rate

    def fit(self, X, t):
        """Learn ``coef_`` and ``intercept_`` from ``X`` (n_samples, n_features) and ``t`` in {-1, +1}."""
        max_epochs = check_positive_int(self.max_epochs, "max_epochs")
        learning_rate = check_positive(self.learning_rate, "learning_rate")
        inputs, t = _validated_inputs(X, t, self.fit_intercept)
        run = _run(t[:, None] * inputs, max_epochs, learning_rate, self.shuffle, self.random_state)
        self.coef_ = run.w[:-1] if self.fit_intercept else run.w
        self.intercept_ = float(run.w[-1]) if self.fit_intercept else 0.0
        self.n_updates_, self.n_epochs_, self.converged_ = run.n_updates, run.n_epochs, run.converged
        self.classes_ = np.array([-1, 1])
        if not run.converged:
            _warn_not_converged(max_epochs)
        return self


@dataclass(frozen=True)
class PerceptronTrace:
    """Every update of one perceptron run, in order.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_inputs)
        The inputs the algorithm saw (with the column of ones if it fitted a bias).
    t : ndarray of shape (n_samples,)
    index : ndarray of shape (n_updates,)
        ``index[j]`` is the example that triggered update ``j + 1``.
    epoch : ndarray of shape (n_updates,)
        The epoch (from 1) in which each update happened.
    weights : ndarray of shape (n_updates + 1, n_inputs)
        ``weights[k]`` is ``w_k``, the weights after ``k`` updates; ``weights[0] = 0``.
    converged : bool
    n_epochs : int
    """

    X: np.ndarray
    t: np.ndarray
    index: np.ndarray
    epoch: np.ndarray
    weights: np.ndarray
    converged: bool
    n_epochs: int

    @property
    def n_updates(self) -> int:
        """Number of updates ``k``."""
        return len(self.index)

    @property
    def examples(self) -> np.ndarray:
        """The example ``x_i`` of each update, shape (n_updates, n_inputs)."""
        return self.X[self.index]

    @property
    def w_before(self) -> np.ndarray:
        """Weights before each update, shape (n_updates, n_inputs)."""
        return self.weights[:-1]

    @property
    def w_after(self) -> np.ndarray:
        """Weights after each update, shape (n_updates, n_inputs)."""
        return self.weights[1:]

    def update_counts(self) -> np.ndarray:
        """``c_i``: how many updates example ``i`` triggered, shape (n_samples,).

        The weights are a combination of the training examples (notebook 01,
        section 3): ``w_k = sum_i c_i t_i x_i`` (times the learning rate).
        """
        return np.bincount(self.index, minlength=len(self.t))

    def n_mistakes(self) -> np.ndarray:
        """Training examples misclassified by ``w_k``, for k = 0..n_updates, shape (n_updates + 1,)."""
        return np.sum(self.t[:, None] * (self.X @ self.weights.T) <= 0, axis=0)


def perceptron_trace(X, t, max_epochs=100, fit_intercept=True, shuffle=False, random_state=None,
                     learning_rate=1.0) -> PerceptronTrace:
    """Run the perceptron and record every update, for plots and widgets.

    Makes exactly the updates of :class:`Perceptron` with the same arguments.

    Returns
    -------
    PerceptronTrace
    """
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    learning_rate = check_positive(learning_rate, "learning_rate")
    inputs, t = _validated_inputs(X, t, fit_intercept)
    updates = []
    run = _run(t[:, None] * inputs, max_epochs, learning_rate, shuffle, random_state,
               on_update=lambda epoch, i, w: updates.append((epoch, i, w.copy())))
    if not run.converged:
        _warn_not_converged(max_epochs)
    epochs, index, before = zip(*updates) if updates else ((), (), ())
    weights = np.vstack([*before, run.w]) if updates else run.w[None, :]
    return PerceptronTrace(inputs, t, np.array(index, dtype=int), np.array(epochs, dtype=int),
                           weights, run.converged, run.n_epochs)


def radius(X) -> float:
    """``R = max_i ||x_i||``, the largest norm of an example (hypot-style: no square overflows).

    Raises
    ------
    ValueError
        If ``R`` exceeds the largest float (about 1.8e308).
    """
    largest = float(np.max(norm(as_matrix(X), axis=1)))
    return _in_range(largest, "the radius R = max_i ||x_i||", "X")


def _in_range(value: float, what: str, names: str) -> float:
    """``value`` if it is finite, else a ``ValueError``: the exact result exceeds float64's range."""
    if not np.isfinite(value):
        raise ValueError(f"{what} exceeds the largest float64 (about 1.8e308); rescale {names}.")
    return value


def _min_margin_scaled(X: np.ndarray, t: np.ndarray, w: np.ndarray) -> tuple[float, int]:
    """``min_i t_i x_i^T w`` as ``(m, e)`` with the margin ``m 2^e``: exact however large or small X and w are."""
    (X_scaled, e_x), (w_scaled, e_w) = scaled(X), scaled(w)
    return float(np.min(t * (X_scaled @ w_scaled))), e_x + e_w


def min_margin(X, t, w) -> float:
    """``gamma = min_i t_i x_i^T w``, the smallest (unnormalised) margin of ``w``.

    Raises
    ------
    ValueError
        If ``|gamma|`` exceeds the largest float (about 1.8e308).
    """
    X = as_matrix(X)
    margin, e = _min_margin_scaled(X, as_signed_labels(t, X.shape[0]), as_vector(w, "w", X.shape[1]))
    return _in_range(float(unscale(margin, e)), "the margin min_i t_i x_i^T w", "X or w")


def mistake_bound(X, t, w_star) -> float:
    """Novikoff's bound on the number of perceptron updates: ``R^2 ||w*||^2 / gamma^2``.

    ``R = max ||x_i||`` and ``gamma = min t_i x_i^T w*``, with ``X`` as given:
    for a model with a bias, append a column of ones to ``X`` (see
    :func:`add_bias`) and the bias to ``w_star``. The bound does not change
    when ``X`` or ``w_star`` is scaled, so it is computed on both scaled to
    sizes near 1: finite for any finite inputs.

    Raises
    ------
    ValueError
        If ``w_star`` does not separate the data (``gamma <= 0``), or the
        bound exceeds the largest float (``gamma`` nearly 0).
    """
    X = as_matrix(X)
    w_star = as_vector(w_star, "w_star", X.shape[1])
    margin, e = _min_margin_scaled(X, as_signed_labels(t, X.shape[0]), w_star)
    if not margin > 0:
        raise ValueError(
            f"w_star does not separate the data: min_i t_i x_i^T w_star = {unscale(margin, e):.4g} <= 0. "
            "Pass weights that classify every example correctly (for a bias, append a column "
            "of ones to X and the bias to w_star)."
        )
    X_scaled, w_scaled = scaled(X)[0], scaled(w_star)[0]
    ratio = np.max(np.linalg.norm(X_scaled, axis=1)) * np.linalg.norm(w_scaled) / margin   # R ||w*|| / gamma
    with np.errstate(over="ignore"):
        return _in_range(float(ratio ** 2), "the bound R^2 ||w*||^2 / gamma^2 (w_star barely separates the data)",
                         "w_star")


@dataclass(frozen=True)
class ConvergenceCurves:
    """The three inequalities of the convergence proof along a trace, for k = 0..n_updates.

    Attributes
    ----------
    k : ndarray of int
    alignment, alignment_bound : ndarray
        ``w*^T w_k`` and its lower bound ``k gamma``.
    norm_sq, norm_sq_bound : ndarray
        ``||w_k||^2`` and its upper bound ``k R^2``.
    cosine, cosine_bound : ndarray
        ``cos(alpha_k) = w*^T w_k / (||w*|| ||w_k||)`` (nan at k = 0) and its
        lower bound ``sqrt(k) gamma / (R ||w*||)``. Only the bound rises at
        every update; the cosine itself may fall (see :attr:`dips`).
    max_updates : float
        ``R^2 ||w*||^2 / gamma^2``, where the cosine bound reaches 1.
    """

    k: np.ndarray
    alignment: np.ndarray
    alignment_bound: np.ndarray
    norm_sq: np.ndarray
    norm_sq_bound: np.ndarray
    cosine: np.ndarray
    cosine_bound: np.ndarray
    max_updates: float

    @property
    def dips(self) -> np.ndarray:
        """The updates ``k`` after which ``cos(alpha_k) < cos(alpha_{k-1})``: the angle to ``w*`` opened."""
        return np.flatnonzero(np.diff(self.cosine) < 0) + 1      # nan at k = 0 compares False


def convergence_curves(trace: PerceptronTrace, w_star) -> ConvergenceCurves:
    """Evaluate both sides of each inequality of the proof at every step of ``trace``.

    ``w_star`` must separate ``trace.X`` (the inputs with the bias column if
    the run fitted one); the trace must come from a run with learning rate 1.
    """
    if not isinstance(trace, PerceptronTrace):
        raise TypeError(f"trace must be a PerceptronTrace, as perceptron_trace(X, t) returns; "
                        f"got {type(trace).__name__}.")
    w_star = as_vector(w_star, "w_star", trace.X.shape[1])
    max_updates = mistake_bound(trace.X, trace.t, w_star)
    k = np.arange(trace.n_updates + 1)
    gamma, big_r, norm_star = min_margin(trace.X, trace.t, w_star), radius(trace.X), float(norm(w_star))
    with np.errstate(over="ignore"):
        alignment = trace.weights @ w_star                  # w*^T w_k >= k gamma
    _in_range(np.max(np.abs(alignment)) * trace.n_updates, "w*^T w_k", "w_star")
    norm_sq = np.sum(trace.weights ** 2, axis=1)            # ||w_k||^2 <= k R^2
    with np.errstate(invalid="ignore", divide="ignore"):
        cosine = alignment / (norm_star * np.sqrt(norm_sq))
    return ConvergenceCurves(k, alignment, k * gamma, norm_sq, k * big_r ** 2, cosine,
                             np.sqrt(k) * gamma / (big_r * norm_star), max_updates)


def geometric_margin(X, t, coef, intercept) -> float:
    """``min_i t_i (x_i^T w + b) / ||w||``: the distance from the boundary to the nearest example
    (negative if some example is on the wrong side).

    It does not change when ``w`` and ``b`` are scaled together, so they are
    scaled to sizes near 1 first: finite however large or small they are.
    """
    X = as_matrix(X)
    coef = as_vector(coef, "coef", X.shape[1])
    intercept = as_scalar(intercept, "intercept")
    if not np.any(coef):
        raise ValueError("coef must not be all zero: x^T w + b = 0 is then no hyperplane, and its distance "
                         "from an example is undefined.")
    weights, _ = scaled(np.r_[coef, intercept])                 # (w, b) / 2^e: the same hyperplane
    signed = as_signed_labels(t, X.shape[0]) * (X @ weights[:-1] + weights[-1])
    return float(np.min(signed) / norm(weights[:-1]))


def perceptron_criterion(X, t, coef, intercept) -> tuple[float, np.ndarray, float]:
    """The perceptron criterion of the course notes and its gradient (notebook 01, section 6).

    ``E_P(w, b) = -sum_{i in M} t_i (x_i^T w + b)`` (the course notes' ``phi``)
    over the set ``M`` of examples with ``t_i (x_i^T w + b) <= 0``. Each term is
    ``||w||`` times the distance of a misclassified example from the boundary, so
    for ``||w|| = 1`` ``E_P`` is their summed distance. It is the sum of the
    perceptron losses ``max(0, -z_i)``; its gradient, with the bias kept apart, is

    ``d E_P / d w = -sum_{i in M} t_i x_i`` and ``d E_P / d b = -sum_{i in M} t_i``,

    taking the subgradient ``-t_i x_i`` (and ``-t_i``) on the boundary, as the
    perceptron's update does.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Inputs without the constant 1: the bias is ``intercept``.
    t : array-like of shape (n_samples,), values in {-1, +1}
    coef : array-like of shape (n_features,)
    intercept : float

    Returns
    -------
    value : float
    grad_coef : ndarray of shape (n_features,)
    grad_intercept : float
    """
    X = as_matrix(X)
    t = as_signed_labels(t, X.shape[0])
    coef = as_vector(coef, "coef", X.shape[1])
    z = t * (X @ coef + as_scalar(intercept, "intercept"))   # the margins
    wrong = z <= 0                                           # the set M
    return float(-np.sum(z[wrong])), -t[wrong] @ X[wrong], float(-np.sum(t[wrong]))
