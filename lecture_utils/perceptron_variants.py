"""Perceptrons beyond the first: for data that are not separable, through a kernel, and for K classes.

Taught in notebook 01, section 8. The same update as :class:`~lecture_utils.perceptron.Perceptron`,
``w <- w + t_i x_i`` whenever ``t_i x_i^T w <= 0``, used four more ways:

- :class:`PocketPerceptron` (Gallant 1990) keeps, "in its pocket", the weights with the fewest
  training mistakes seen so far: on data that are not separable the perceptron's own weights never
  settle, but the pocket's only improve.
- :class:`AveragedPerceptron` (Freund and Schapire 1999) predicts with the average of the weights
  over every example it visited: a weight vector that survived many examples counts many times.
- :class:`KernelPerceptron` runs the perceptron in its dual form. The weights are always
  ``w = sum_i alpha_i t_i phi(x_i)``, with ``alpha_i`` the number of updates example ``i`` made,
  so the scores need only inner products ``k(x_i, x) = phi(x_i)^T phi(x)``: the feature map
  ``phi`` is never built.
- :class:`MulticlassPerceptron` keeps a weight vector per class and predicts the class of largest
  score; a mistake moves the true class's weights towards the example and the strongest rival's away.

:func:`nonseparable_mistake_bound` is Freund and Schapire's bound on the mistakes of one pass over
data that no hyperplane separates.
"""

from __future__ import annotations

import numpy as np

from ._base import Classifier
from ._numerics import norm, scaled, unscale
from ._validation import (as_class_labels, as_matrix, as_scalar, as_signed_labels, as_vector, check_fitted,
                          check_flag, check_n_features, check_non_negative, check_option, check_positive,
                          check_positive_int)
from .perceptron import (_SignClassifier, _check_scale, _mistakes, _validated_inputs, _warn_not_converged,
                         radius)


def _signed_inputs(X, t, fit_intercept) -> np.ndarray:
    """The rows ``t_i x_i`` (with the constant input 1 for a bias), as the perceptron's test uses them."""
    inputs, t = _validated_inputs(X, t, check_flag(fit_intercept, "fit_intercept"))
    return t[:, None] * inputs


class _LinearPerceptron(_SignClassifier):
    """What the pocket and averaged perceptrons share: weights ``coef_`` and ``intercept_`` for {-1, +1}."""

    def _set_weights(self, w: np.ndarray) -> None:
        self.coef_ = w[:-1] if self.fit_intercept else w
        self.intercept_ = float(w[-1]) if self.fit_intercept else 0.0
        self.classes_ = np.array([-1, 1])


class PocketPerceptron(_LinearPerceptron):
    """The perceptron with a pocket: the weights with the fewest training mistakes seen so far.

    The perceptron runs as usual (examples in order, ``w <- w + t_i x_i``
    when ``t_i x_i^T w <= 0``) for ``max_epochs`` passes, or until a pass
    without a mistake. Before each update, and at the end, the weights are
    scored on the whole training set; weights with fewer mistakes than the
    pocket's replace them (Gallant's pocket algorithm with the ratchet).

    Parameters
    ----------
    max_epochs : int
        Passes over the data: on data that are not separable, all of them run.
    fit_intercept : bool
        Learn a bias ``b`` as the weight of a constant input 1.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
        The pocket's weights.
    n_updates_ : int
        Updates of the perceptron's own weights.
    n_mistakes_ : int
        Training examples the pocket's weights get wrong (a score of 0 counts as wrong).
    mistakes_history_ : ndarray of shape (n_updates_ + 1,)
        Training mistakes of the perceptron's weights ``w_k`` after ``k`` updates: they jump about on
        data that are not separable, where the pocket keeps their running minimum.
    converged_ : bool
        Whether a pass found no mistake (the data are separable).
    classes_ : ndarray, ``[-1, 1]``
    """

    def __init__(self, max_epochs=100, fit_intercept=True):
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept

    def fit(self, X, t):
        """Learn the pocket's weights from ``X`` (n_samples, n_features) and ``t`` in {-1, +1}."""
        max_epochs = check_positive_int(self.max_epochs, "max_epochs")
        signed = _signed_inputs(X, t, self.fit_intercept)
        w, history, converged = np.zeros(signed.shape[1]), [], False
        for _ in range(max_epochs):
            updates_before = len(history)
            for position in _mistakes(signed, w):
                history.append((np.count_nonzero(signed @ w <= 0), w.copy()))   # score w before it moves
                w += signed[position]                                            # w <- w + t_i x_i
            if len(history) == updates_before:
                converged = True
                break
        history.append((np.count_nonzero(signed @ w <= 0), w))
        counts = np.array([count for count, _ in history])
        best = int(np.argmin(counts))                        # the first of the fewest: the ratchet keeps it
        self._set_weights(history[best][1])
        self.n_updates_, self.n_mistakes_ = len(history) - 1, int(counts[best])
        self.mistakes_history_, self.converged_ = counts, converged
        return self


class AveragedPerceptron(_LinearPerceptron):
    """The averaged perceptron: the mean of the weights over every example visited.

    The perceptron runs for exactly ``n_epochs`` passes over the examples in
    order. After each example (updated or not) its current weights are added
    to a sum; the model's weights are that sum over the ``n_epochs * N``
    visits, divided by their number. Weights that classify long stretches of
    examples correctly dominate the average, so a late update on a noisy
    example moves the average little (Freund and Schapire 1999; this is the
    "averaged" form of their voted perceptron).

    Parameters
    ----------
    n_epochs : int
        Passes over the data.
    fit_intercept : bool
        Learn a bias ``b`` as the weight of a constant input 1.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
        The averaged weights.
    last_coef_ : ndarray of shape (n_features,)
    last_intercept_ : float
        The perceptron's own weights after the last pass.
    n_updates_ : int
    classes_ : ndarray, ``[-1, 1]``
    """

    def __init__(self, n_epochs=10, fit_intercept=True):
        self.n_epochs = n_epochs
        self.fit_intercept = fit_intercept

    def fit(self, X, t):
        """Learn the averaged weights from ``X`` (n_samples, n_features) and ``t`` in {-1, +1}."""
        n_epochs = check_positive_int(self.n_epochs, "n_epochs")
        signed = _signed_inputs(X, t, self.fit_intercept)
        n = len(signed)
        w, total, n_updates = np.zeros(signed.shape[1]), np.zeros(signed.shape[1]), 0
        for _ in range(n_epochs):
            visited = 0                                      # examples of this pass already added to the sum
            for position in _mistakes(signed, w):
                total += (position - visited) * w            # the examples before it, seen with these weights
                w += signed[position]
                total += w                                   # the example itself, after its update
                visited, n_updates = position + 1, n_updates + 1
            total += (n - visited) * w
        last = w.copy()
        self._set_weights(total / (n_epochs * n))
        self.last_coef_ = last[:-1] if self.fit_intercept else last
        self.last_intercept_ = float(last[-1]) if self.fit_intercept else 0.0
        self.n_updates_ = n_updates
        return self


#: The kernels a KernelPerceptron takes by name.
KERNELS = ("linear", "poly", "rbf")


def polynomial_kernel(A, B, degree: int = 2, gamma: float = 1.0, coef0: float = 1.0) -> np.ndarray:
    """``k(a, b) = (gamma a^T b + coef0)^degree`` for each row of ``A`` against each row of ``B``.

    For ``degree=2, gamma=1, coef0=c`` it is ``phi(a)^T phi(b)`` with the
    explicit map of all products of two inputs, the inputs scaled by
    ``sqrt(2 c)`` and the constant ``c`` (see :func:`quadratic_features`).

    Returns
    -------
    ndarray of shape (len(A), len(B))
    """
    return _finite(_kernel_values("poly", *_rows(A, B), degree, gamma, coef0), "A and B", "poly")


def rbf_kernel(A, B, gamma: float = 1.0) -> np.ndarray:
    """``k(a, b) = exp(-gamma ||a - b||^2)`` for each row of ``A`` against each row of ``B``.

    The squared distances are ``||a||^2 + ||b||^2 - 2 a^T b``, clipped at 0
    where rounding makes them slightly negative, computed on both scaled by a
    power of two so that no square overflows: points too far apart for
    float64 get exactly 0.

    Returns
    -------
    ndarray of shape (len(A), len(B)), values in [0, 1]
    """
    return _kernel_values("rbf", *_rows(A, B), gamma=gamma)


def _rows(A, B) -> tuple[np.ndarray, np.ndarray]:
    A, B = as_matrix(A, "A"), as_matrix(B, "B")
    check_n_features(B, A.shape[1], "B")
    return A, B


def _kernel_values(kernel: str, A: np.ndarray, B: np.ndarray, degree=2, gamma=1.0, coef0=1.0) -> np.ndarray:
    """``k(a_i, b_j)`` of the kernel named ``kernel`` (one of :data:`KERNELS`), inf where it overflows."""
    if kernel == "linear":
        with np.errstate(over="ignore", invalid="ignore"):
            return A @ B.T
    gamma = check_positive(gamma, "gamma")
    if kernel == "poly":
        degree, coef0 = check_positive_int(degree, "degree"), check_non_negative(coef0, "coef0")
        with np.errstate(over="ignore", invalid="ignore"):
            return (gamma * (A @ B.T) + coef0) ** degree
    both, e = scaled(np.vstack([A, B]))
    A_scaled, B_scaled = both[:len(A)], both[len(A):]
    squared = (np.sum(A_scaled ** 2, axis=1)[:, None] + np.sum(B_scaled ** 2, axis=1)[None, :]
               - 2 * (A_scaled @ B_scaled.T))
    return np.exp(-unscale(np.maximum(squared, 0.0) * gamma, 2 * e))   # gamma ||a - b||^2: inf past float64


def _finite(values: np.ndarray, names: str, kernel: str) -> np.ndarray:
    """``values`` if the kernel's values are all finite, else a ``ValueError`` naming the inputs to rescale."""
    if not np.all(np.isfinite(values)):
        raise ValueError(f"{names} are too large for the {kernel} kernel: its values overflow float64. "
                         "Rescale them (standardise the features), or lower gamma or the degree.")
    return values


def quadratic_features(X, coef0: float = 1.0) -> np.ndarray:
    """The explicit feature map of the degree-2 polynomial kernel: ``phi(a)^T phi(b) = (a^T b + coef0)^2``.

    ``phi(x)`` holds ``x_j^2``, ``sqrt(2) x_j x_k`` for ``j < k``, ``sqrt(2 coef0) x_j``
    and ``coef0``: ``D (D + 3) / 2 + 1`` features for ``D`` inputs. For two
    inputs that is ``(x_1^2, x_2^2, sqrt(2) x_1 x_2, sqrt(2c) x_1, sqrt(2c) x_2, c)``;
    its product feature ``x_1 x_2`` is what makes XOR separable.

    Returns
    -------
    ndarray of shape (n_samples, D (D + 3) / 2 + 1)
    """
    X = as_matrix(X)
    coef0 = check_non_negative(coef0, "coef0")
    rows, cols = np.triu_indices(X.shape[1], k=1)
    return np.hstack([X ** 2, np.sqrt(2.0) * X[:, rows] * X[:, cols], np.sqrt(2.0 * coef0) * X,
                      np.full((X.shape[0], 1), coef0)])


class KernelPerceptron(_SignClassifier):
    """The perceptron in its dual form, with a kernel ``k(x, x') = phi(x)^T phi(x')``.

    It makes exactly the updates the perceptron would make on ``phi(x)``
    (starting from ``w = 0``, examples in order, a mistake when
    ``t_i y(x_i) <= 0``) but stores ``alpha_i``, how many updates example
    ``i`` made, and scores with ``y(x) = sum_i alpha_i t_i k(x_i, x)``. With a
    bias, the constant input 1 is part of ``phi``: ``k(x, x') + 1``.

    Parameters
    ----------
    kernel : {"linear", "poly", "rbf"}
        ``x^T x'``, ``(gamma x^T x' + coef0)^degree`` or ``exp(-gamma ||x - x'||^2)``.
    degree : int
    gamma : float
    coef0 : float
        The kernel's parameters (``degree`` and ``coef0`` for "poly" only).
    max_epochs : int
    fit_intercept : bool

    Attributes
    ----------
    alpha_ : ndarray of shape (n_samples,)
        Updates made by each training example.
    support_ : ndarray of int
        The examples with ``alpha_i > 0``: the only ones the scores need.
    support_vectors_ : ndarray of shape (n_support, n_features)
    dual_coef_ : ndarray of shape (n_support,)
        ``alpha_i t_i`` of each of them.
    n_updates_ : int
    converged_ : bool
    classes_ : ndarray, ``[-1, 1]``
    """

    def __init__(self, kernel="rbf", degree=2, gamma=1.0, coef0=1.0, max_epochs=100, fit_intercept=True):
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept

    def _gram(self, A, B) -> np.ndarray:
        """``k(a_i, b_j)`` (plus 1 for the bias), shape (len(A), len(B))."""
        kernel = check_option(self.kernel, "kernel", KERNELS)
        gram = _finite(_kernel_values(kernel, A, B, self.degree, self.gamma, self.coef0), "X", kernel)
        return gram + 1.0 if check_flag(self.fit_intercept, "fit_intercept") else gram

    def fit(self, X, t):
        """Learn ``alpha_`` from ``X`` (n_samples, n_features) and ``t`` in {-1, +1}."""
        max_epochs = check_positive_int(self.max_epochs, "max_epochs")
        X = as_matrix(X)
        t = as_signed_labels(t, X.shape[0])
        gram = self._gram(X, X)
        alpha, scores, self.converged_ = np.zeros(len(t)), np.zeros(len(t)), False
        for _ in range(max_epochs):
            updates_before = alpha.sum()
            position = 0
            while position < len(t):
                wrong = np.flatnonzero(t[position:] * scores[position:] <= 0)
                if not wrong.size:
                    break
                i = position + wrong[0]
                alpha[i] += 1                                # the update w <- w + t_i phi(x_i), in the dual
                scores += t[i] * gram[i]                     # y(x_j) gains t_i k(x_i, x_j) for every j
                position = i + 1
            if alpha.sum() == updates_before:
                self.converged_ = True
                break
        self.alpha_, self.support_ = alpha, np.flatnonzero(alpha)
        self.support_vectors_ = X[self.support_]
        self.dual_coef_ = alpha[self.support_] * t[self.support_]
        self.n_updates_, self.classes_ = int(alpha.sum()), np.array([-1, 1])
        if not self.converged_:
            _warn_not_converged(max_epochs)
        return self

    def decision_function(self, X) -> np.ndarray:
        """Return ``y(x) = sum_i alpha_i t_i k(x_i, x)`` for each row of ``X``, shape (n_samples,)."""
        check_fitted(self, "alpha_")
        X = as_matrix(X)
        check_n_features(X, self.support_vectors_.shape[1])
        return self._gram(X, self.support_vectors_) @ self.dual_coef_


class MulticlassPerceptron(Classifier):
    """The perceptron for K classes: a weight vector per class, the class of largest score predicted.

    Starting from ``W = 0`` and visiting the examples in order, example
    ``(x_i, t_i)`` is a mistake when its class's score is not strictly the
    largest: ``w_{t_i}^T x_i <= w_r^T x_i`` for the strongest rival
    ``r = argmax_{k != t_i} w_k^T x_i``. Then ``w_{t_i} <- w_{t_i} + x_i`` and
    ``w_r <- w_r - x_i``. With two classes, ``w_1 - w_0`` makes the binary
    perceptron's updates (twice over). On data that some ``W`` classifies
    with a margin, it stops after finitely many mistakes, as the binary one.

    Parameters
    ----------
    max_epochs : int
    fit_intercept : bool

    Attributes
    ----------
    coef_ : ndarray of shape (n_classes, n_features)
    intercept_ : ndarray of shape (n_classes,)
    classes_ : ndarray of shape (n_classes,)
    n_updates_ : int
    converged_ : bool
    """

    def __init__(self, max_epochs=100, fit_intercept=True):
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept

    def fit(self, X, t):
        """Learn ``coef_`` and ``intercept_`` from ``X`` (n_samples, n_features) and labels ``t`` of any kind."""
        max_epochs = check_positive_int(self.max_epochs, "max_epochs")
        fit_intercept = check_flag(self.fit_intercept, "fit_intercept")
        X = _check_scale(as_matrix(X))
        self.classes_, index = as_class_labels(t, X.shape[0])
        inputs = np.hstack([X, np.ones((len(X), 1))]) if fit_intercept else X
        W, self.n_updates_, self.converged_ = np.zeros((len(self.classes_), inputs.shape[1])), 0, False
        for _ in range(max_epochs):
            updates_before = self.n_updates_
            for x_i, k_i in zip(inputs, index):
                scores = W @ x_i
                true_score, scores[k_i] = scores[k_i], -np.inf
                rival = int(np.argmax(scores))
                if true_score <= scores[rival]:             # not strictly the largest: a mistake
                    W[k_i] += x_i
                    W[rival] -= x_i
                    self.n_updates_ += 1
            if self.n_updates_ == updates_before:
                self.converged_ = True
                break
        self.coef_ = W[:, :-1] if fit_intercept else W
        self.intercept_ = W[:, -1] if fit_intercept else np.zeros(len(self.classes_))
        if not self.converged_:
            _warn_not_converged(max_epochs)
        return self

    def decision_function(self, X) -> np.ndarray:
        """The scores ``w_k^T x + b_k``, shape (n_samples, n_classes), columns in ``classes_`` order."""
        check_fitted(self, "coef_")
        X = as_matrix(X)
        check_n_features(X, self.coef_.shape[1])
        return X @ self.coef_.T + self.intercept_

    def predict(self, X) -> np.ndarray:
        """The class of largest score, shape (n_samples,)."""
        scores = self.decision_function(X)
        return self.classes_[np.argmax(scores, axis=1)]


def nonseparable_mistake_bound(X, t, w_star, gamma) -> float:
    """Freund and Schapire's bound on the perceptron's mistakes in one pass: ``((R + D) / gamma)^2``.

    For any unit vector ``u = w_star / ||w_star||`` and any target margin
    ``gamma > 0``, each example falls short of it by
    ``d_i = max(0, gamma - t_i x_i^T u)``, and ``D = sqrt(sum_i d_i^2)``. The
    perceptron (from ``w = 0``, rate 1, the examples in the order given) makes
    at most ``((R + D) / gamma)^2`` mistakes, ``R = max_i ||x_i||``, whether
    or not the data are separable. With ``D = 0`` it is Novikoff's bound. To
    bound several passes, pass the data repeated: ``D^2`` grows with each.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        As the perceptron sees it (append a column of ones for a bias).
    t : array-like of shape (n_samples,), values in {-1, +1}
    w_star : array-like of shape (n_features,), not zero
    gamma : float > 0

    Returns
    -------
    float
    """
    X = as_matrix(X)
    t = as_signed_labels(t, X.shape[0])
    w_star = as_vector(w_star, "w_star", X.shape[1])
    gamma = check_positive(as_scalar(gamma, "gamma"), "gamma")
    if not np.any(w_star):
        raise ValueError("w_star must be a direction, not zero: the bound is for the unit vector w_star / ||w_star||.")
    unit = scaled(w_star)[0]
    unit = unit / norm(unit)
    shortfall = np.maximum(0.0, gamma - t * (X @ unit))                # d_i
    return float(((radius(X) + np.linalg.norm(shortfall)) / gamma) ** 2)
