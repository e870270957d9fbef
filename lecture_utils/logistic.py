"""Logistic regression: the sigmoid and softmax, the log loss, and linear models fitted by
gradient descent, SGD or Newton's method (IRLS).

Taught in notebook 04 ("Logistic regression", "Gradient descent", "Multi-class",
"Regularisation") and notebook 05 ("IRLS", "Multi-class Newton"). Notation: inputs ``x_i`` with a
constant 1 appended for the bias (the bias is then the *last* weight), targets
``t_i`` in {0, 1} (``t_i = 1`` for ``classes_[1]``), whose sign ``2 t_i - 1`` is the
label in {-1, +1}; weights ``w``; scores ``z_i = x_i^T w`` (the notebooks' ``y(x_i)``);
probabilities ``p_i = sigma(z_i) = p(t = 1 | x_i)``; sample size ``N``. The model minimises
the mean negative log-likelihood plus penalties on the coefficients (never the bias):

    E(w) = (1/N) sum_i -[t_i log p_i + (1 - t_i) log(1 - p_i)] + l2/2 ||w||^2 + l1 ||w||_1
         = (1/N) sum_i log(1 + exp(-(2 t_i - 1) z_i))           + l2/2 ||w||^2 + l1 ||w||_1

with, for the smooth part,

    grad E(w) = (1/N) sum_i (p_i - t_i) x_i + l2 w = X^T (p - t) / N + l2 w
    H(w)      = (1/N) sum_i s_i x_i x_i^T + l2 I = X^T S X / N + l2 I,  s_i = p_i (1 - p_i), S = diag(s_i).

The softmax model's Hessian has a block for each pair of classes (k, l),
``(1/N) sum_i p_ik (delta_kl - p_il) x_i x_i^T``, and is singular: adding one
vector to every class's weights changes no probability. Newton's method for
it works on the weights whose classes sum to zero (:class:`SoftmaxRegression`).

Arias (UPC topic 2) prints the gradient as ``sum_i (t_i - p_i) x_i``: that is the
gradient of the log-likelihood, not of its negative. scikit-learn's ``C`` is
``1 / (N l2)`` (``1 / (N l1)`` for its L1 penalty).
"""

from __future__ import annotations

import dataclasses
import numbers
import warnings
from dataclasses import dataclass
from functools import partial

import numpy as np
import scipy.linalg
from scipy.special import expit, log_expit
from scipy.special import logit as _logit

from ._base import Classifier
from ._numerics import largest_magnitude, reduce_over
from ._parallel import blas_threads, single_threaded_blas, sum_over_rows
from ._validation import (_check_table_shape, as_class_labels, as_float_array, as_limits, as_matrix, as_probabilities,
                          as_real_array, as_vector, check_binary, check_broadcast, check_fitted, check_flag,
                          check_iterations, check_n_features, check_non_negative, check_option, check_positive,
                          check_positive_int, check_scale, check_size, float_or_array)
from .exceptions import ConvergenceWarning, DivergenceWarning, SeparationWarning
from .losses import _logistic_loss
from .mle import binary_cross_entropy
from .optimization import MAX_NEWTON_WEIGHTS, Objective, _solve_symmetric, minimize

# --------------------------------------------------------------------------
# The link functions
# --------------------------------------------------------------------------


def sigmoid(z):
    """``sigma(z) = 1 / (1 + e^{-z})``, in (0, 1); never overflows (``scipy.special.expit``).

    ``sigma(-z) = 1 - sigma(z)``, ``sigma'(z) = sigma(z) (1 - sigma(z))``, slope 1/4 at 0.

    Parameters
    ----------
    z : float or array-like of any shape

    Returns
    -------
    float or ndarray of the shape of ``z``
    """
    return float_or_array(expit(as_float_array(z, "z")))


def logit(p):
    """``log(p / (1 - p))``, the log-odds: the inverse of :func:`sigmoid`.

    ``logit(0) = -inf`` and ``logit(1) = inf``, without a warning.

    Parameters
    ----------
    p : float or array-like, values in [0, 1]

    Returns
    -------
    float or ndarray of the shape of ``p``
    """
    return float_or_array(_logit(as_probabilities(p, "p")))


def log_sigmoid(z):
    """``log sigma(z) = -log(1 + e^{-z})`` elementwise, exact for any finite ``z``.

    ``log_sigmoid(-1000.0)`` is ``-1000.0``, where ``log(sigmoid(-1000.0))``
    gives ``-inf``. Takes and returns what :func:`sigmoid` does.
    """
    return float_or_array(log_expit(as_float_array(z, "z")))


def _as_scores(z, axis) -> np.ndarray:
    scores = as_float_array(z, "z")
    if scores.ndim == 0:
        raise ValueError("z must hold one score per class along an axis, e.g. [2.0, 1.0, 0.1]; got a number.")
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral) or not -scores.ndim <= axis < scores.ndim:
        raise ValueError(f"axis must be an axis of z, an integer from {-scores.ndim} to {scores.ndim - 1}; got {axis!r}.")
    if scores.shape[axis] == 0:
        raise ValueError(f"z must hold at least one score along axis {axis}; got shape {scores.shape}.")
    return scores


def _log_softmax(z: np.ndarray, axis: int) -> np.ndarray:
    """``z_k - log sum_j exp(z_j)``, with the largest score subtracted first so that no exp overflows (the max and
    the sum over the few classes taken class by class: :func:`~lecture_utils._numerics.reduce_over`)."""
    with np.errstate(over="ignore"):                             # z_k - max beyond -1.8e308: exp is 0 anyway
        shifted = z - np.expand_dims(reduce_over(np.maximum, z, axis), axis)   # softmax(z - c) = softmax(z): exp <= 1
    return shifted - np.log(np.expand_dims(reduce_over(np.add, np.exp(shifted), axis), axis))


def softmax(z, axis=-1):
    """``softmax(z)_k = exp(z_k) / sum_j exp(z_j)`` along ``axis``; never overflows.

    Adding a constant to every score leaves it unchanged; for two classes
    ``softmax([0, z])_1 = sigma(z)``.

    Parameters
    ----------
    z : array-like of shape (..., K)
        Scores (logits), one per class along ``axis``.
    axis : int

    Returns
    -------
    ndarray of the shape of ``z``; sums to 1 along ``axis``
    """
    return np.exp(_log_softmax(_as_scores(z, axis), axis))


def log_softmax(z, axis=-1):
    """``log softmax(z)_k = z_k - log sum_j exp(z_j)``, exact even where ``softmax`` underflows to 0.

    Parameters
    ----------
    z : array-like of shape (..., K)
    axis : int

    Returns
    -------
    ndarray of the shape of ``z``
    """
    return _log_softmax(_as_scores(z, axis), axis)


def log_loss(t, p) -> float:
    """The log loss: ``-(1/N) sum_i [t_i log p_i + (1 - t_i) log(1 - p_i)]`` (binary cross-entropy).

    The same function as :func:`lecture_utils.mle.binary_cross_entropy`, which
    also takes logits; the log-loss table of Arias (UPC topic 2) is
    ``log_loss([t], [p])`` for ``p = 0.1, ..., 0.9``. Uses ``0 log 0 = 0``:
    ``p_i = 0`` costs nothing when ``t_i = 0`` and is ``inf`` when ``t_i = 1``.

    Parameters
    ----------
    t : array-like of shape (N,), values in {0, 1}
    p : array-like of shape (N,)
        ``p(t = 1 | x_i)``, in [0, 1].

    Returns
    -------
    float
    """
    return binary_cross_entropy(t, p)


# --------------------------------------------------------------------------
# The objectives the models minimise
# --------------------------------------------------------------------------


# Rows of X handled at a time by the sums over the examples: a block (2048 x 50 floats, 0.8 MB) stays in cache
# between the products that read it, so that X is read from memory once per pass (2048 rows: 7% faster than 4096
# for the gradient and the Hessian of 100,000 x 50 on one thread, and no slower than 1024).
_BLOCK = 2048


def _row_blocks(n_rows: int):
    """Slices of ``_BLOCK`` consecutive rows that cover ``range(n_rows)``."""
    return (slice(start, start + _BLOCK) for start in range(0, n_rows, _BLOCK))


def _largest_entry(X) -> float:
    """``max |x_ij|`` (nan or inf if ``X`` holds one: the maximum and minimum carry them), in one pass over ``X``,
    a block of rows at a time."""
    return float(np.max([largest_magnitude(X[rows]) for rows in _row_blocks(len(X))]))


def _features(X) -> tuple[np.ndarray, float]:
    """``X`` as a 2-D float array (not copied), and ``max |x_ij|``; the largest entry also tells whether ``X``
    holds nan or inf, so the finite check of ``as_matrix`` comes for free."""
    X = as_real_array(X, "X")
    _check_table_shape(X, "X")
    largest = _largest_entry(X)
    if not np.isfinite(largest):
        as_matrix(X)                                              # raises: X holds nan or inf, and says so
    check_scale(X, "X", "the Hessian X^T S X / N (sums of products of entries of X)", largest=largest)
    return X, largest


def _with_bias(X, fit_intercept) -> np.ndarray:
    """The design matrix ``[X 1]``: ``X`` with a column of ones appended when the model has a bias (a copy).

    The fits never form it for all of ``X`` (a copy of the data): they add the bias to ``X w`` and sum the
    residuals for its gradient, and append the ones only to a block of rows in cache for the Hessian.
    """
    return np.column_stack([X, np.ones(len(X))]) if fit_intercept else X


def _scores_of(X, W, fit_intercept) -> np.ndarray:
    """``[X 1] W = X W[:-1] + W[-1]`` (``X W`` without a bias), without forming ``[X 1]``; ``W`` of shape
    (D + fit_intercept,) or (D + fit_intercept, K)."""
    return X @ W[:-1] + W[-1] if fit_intercept else X @ W


def _transposed_times(X, R, fit_intercept) -> np.ndarray:
    """``[X 1]^T R``: ``X^T R``, then the sums of ``R`` over the rows for the bias, without forming ``[X 1]``."""
    product = X.T @ R
    return np.concatenate([product, np.sum(R, axis=0, keepdims=True)]) if fit_intercept else product


def _centre(objective) -> None:
    """Subtract from each feature of ``objective`` its mean ``m_j`` (a centred copy: the caller's ``X`` stays),
    if one lies further from 0 than its standard deviation.

    The scores are unchanged if the bias becomes ``b' = b + w^T m``, the score at the mean: the same model
    in other coordinates. Far from 0 (features near 1e8 with a spread of 1) a feature is nearly a multiple of
    the column of ones, and ``X^T S X`` nearly singular; centred, it is as well conditioned as for features
    near 0. Features within a standard deviation of 0 (standardised ones, say) gain nothing from it but
    round-off, at the price of a copy of ``X``: they stay. Sets ``objective.means``, and ``feature_scale`` to
    the largest ``|x_ij - m_j|``.
    """
    X = objective.features
    # m_j^2 <= var_j = E[x_j^2] - m_j^2, from two products (the sums' round-off cannot turn a feature far from 0
    # into one near it); a mean square beyond the floats' range (|x_ij| near 1e150) means "far"
    rough_means, mean_squares = np.ones(len(X)) @ X / len(X), np.einsum("ij,ij->j", X, X) / len(X)
    if np.all(np.isfinite(mean_squares)) and np.all(2 * rough_means ** 2 <= mean_squares):
        return
    objective.means = X.mean(axis=0)                              # no overflow: |x_ij| <= 1e150 (check_scale)
    objective.features = X - objective.means
    objective.feature_scale = _largest_entry(objective.features)


def _uncentred(weights, objective) -> np.ndarray:
    """Weights of ``objective``'s centred features as weights of the features given: ``b = b' - w^T m``.

    ``weights`` has rows ``(w_1, ..., w_D, b')`` (for the softmax model, ``W`` of shape (D + 1, K) flattened
    row by row), one weight vector per row of a 2-D array, or a single one.
    """
    if objective.means is None:
        return weights
    W = np.array(weights, dtype=float).reshape(np.shape(weights)[:-1] + (objective.means.size + 1, -1))
    W[..., -1, :] -= np.einsum("j,...jk->...k", objective.means, W[..., :-1, :])
    return W.reshape(np.shape(weights))


def _centred(weights, objective) -> np.ndarray:
    """The inverse of :func:`_uncentred`: ``b' = b + w^T m`` (for a warm start)."""
    if objective.means is None:
        return weights
    W = np.array(weights, dtype=float).reshape(objective.means.size + 1, -1)
    W[-1] += objective.means @ W[:-1]
    return W.reshape(np.shape(weights))


def _penalty_weights(strength: float, shape, fit_intercept: bool) -> np.ndarray:
    """The penalty of every weight: ``strength`` on the coefficients, 0 on the bias (the last row)."""
    weights = np.full(shape, strength, dtype=float)
    if fit_intercept:
        weights[-1] = 0.0
    return weights


def _scores_gradient_and_loss(w, fit_intercept, X, signs, z) -> np.ndarray:
    """Fill ``z`` with the scores ``z_i = x_i^T w + b``; return the sums over the rows of the log loss's gradient
    in ``(w, b)`` and of the log loss itself: ``(sum_i (p_i - t_i) x_i, sum_i (p_i - t_i), sum_i -log p(t_i | x_i))``.

    A block of rows at a time: the block is read from memory for its scores and is still in cache for its
    share of the gradient and of the loss, so that both cost one pass over ``X``.
    """
    coef, bias = (w[:-1], w[-1]) if fit_intercept else (w, 0.0)
    sums = np.zeros(X.shape[1] + 2)
    for rows in _row_blocks(len(X)):
        scores = np.matmul(X[rows], coef, out=z[rows])
        scores += bias
        margins = signs[rows] * scores                            # u_i z_i, labels u_i in {-1, +1}
        # p_i - t_i = -u_i sigma(-u_i z_i), as in LogisticLoss.gradient
        residuals = -signs[rows] * expit(-margins)
        sums[:-2] += residuals @ X[rows]
        sums[-2] += residuals.sum()
        sums[-1] += _logistic_loss(margins).sum()                 # -log p(t_i | x_i) = log(1 + exp(-u_i z_i))
    return sums


def _scaled_gram(fit_intercept, X, root_s) -> np.ndarray:
    """``[X 1]^T S [X 1] = (S^1/2 [X 1])^T (S^1/2 [X 1])``, a block of rows of ``S^1/2 [X 1]`` at a time."""
    n_columns = X.shape[1] + fit_intercept
    gram = np.zeros((n_columns, n_columns))
    rows = np.empty((min(_BLOCK, len(X)), n_columns))              # reused by every block
    for block in _row_blocks(len(X)):
        root = root_s[block, None]
        scaled = rows[:len(root)]
        np.multiply(X[block], root, out=scaled[:, :X.shape[1]])
        if fit_intercept:
            scaled[:, -1:] = root                                  # the column of ones, scaled
        gram += scaled.T @ scaled                                  # a symmetric product (syrk)
    return gram


class LogisticLoss(Objective):
    """The objective of :class:`LogisticRegression`: ``E(w) = (1/N) sum_i log(1 + exp(-u_i x_i^T w)) + l2/2 ||w||^2``
    with the signs ``u_i = 2 t_i - 1`` in {-1, +1}.

    Notebook 04 checks :meth:`gradient` against finite differences; notebook 05
    builds Newton's method from :meth:`hessian`. The weights are
    ``w = (w_1, ..., w_D, b)``; the bias ``b`` is not penalised.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,)
        Any two labels; the larger one (``classes[1]``) is ``t = 1``.
    l2 : float
        ``>= 0``.
    fit_intercept : bool
        Append a constant input 1, whose weight is the bias.

    Attributes
    ----------
    features : ndarray of shape (N, D)
        ``X`` as given (not copied), or centred (see ``means``).
    X : ndarray of shape (N, D + fit_intercept)
        The design matrix ``[X 1]`` with its column of ones, formed when asked (the fits never do).
    fit_intercept : bool
    feature_scale : float
        ``max |x_ij|`` over the features (not the column of ones).
    t : ndarray of shape (N,)
        The targets as 0.0 and 1.0.
    signs : ndarray of shape (N,)
        ``u_i = 2 t_i - 1``, the targets as -1.0 and 1.0.
    classes : ndarray of shape (2,)
    n_samples : int
    penalised : ndarray of shape (D + fit_intercept,)
        1.0 for a coefficient, 0.0 for the bias.
    n_threads : int
        The threads among which the loss and the Hessian split the rows of
        large data: as many as BLAS had when the objective was made.
    means : None
        The means subtracted from the features: None, as given (a model's Newton fit centres them).
    """

    convex = True                                     # H = X^T S X / N + l2 I, with s_i > 0

    def __init__(self, X, t, l2=0.0, fit_intercept=True):
        self.features, self.feature_scale = _features(X)
        self.fit_intercept = check_flag(fit_intercept, "fit_intercept")
        self.means = None
        self.classes, index = as_class_labels(t, self.features.shape[0])
        if self.classes.size != 2:
            raise ValueError(
                f"t has {self.classes.size} classes {self.classes.tolist()[:5]}, but logistic regression "
                "is binary: use SoftmaxRegression for K > 2 classes (or OneVsRestClassifier)."
            )
        self.t = index.astype(float)
        self.signs = 2 * self.t - 1                               # u_i in {-1, +1}
        self.n_samples = self.features.shape[0]
        self.penalised = _penalty_weights(1.0, self.n_weights, self.fit_intercept)     # 0 for the bias
        self.penalty = check_non_negative(l2, "l2") * self.penalised
        self.n_threads = blas_threads()
        self._at = self._z = self._loss = self._gradient = None

    @property
    def n_weights(self) -> int:
        return self.features.shape[1] + self.fit_intercept

    @property
    def X(self) -> np.ndarray:
        return _with_bias(self.features, self.fit_intercept)

    def _scores(self, w) -> np.ndarray:
        """``z = [X 1] w`` and with it the gradient and the loss, computed once per weight vector (loss, gradient
        and Hessian share them) in one pass over ``X``, by parts of the rows in parallel."""
        w = as_real_array(w, "w")
        if self._at is not None and w.shape == self._at.shape and (w == self._at).all():
            return self._z                                         # the last weights again (checked then)
        w = as_vector(w, "w", self.n_weights)
        z = np.empty(self.n_samples)
        sums = sum_over_rows(partial(_scores_gradient_and_loss, w, self.fit_intercept), self.features, self.signs, z,
                             n_parts=self.n_threads)
        self._at, self._z = np.array(w, dtype=float), z
        # (1/N) [X 1]^T (p - t) + l2 w
        self._gradient = (sums[:-1] if self.fit_intercept else sums[:-2]) / self.n_samples + self.penalty * w
        # (1/N) sum_i log(1 + exp(-u_i z_i)) + l2/2 ||w||^2
        self._loss = float(sums[-1]) / self.n_samples + 0.5 * float(w @ (self.penalty * w))
        return z

    def loss(self, w) -> float:
        self._scores(w)
        return self._loss

    def gradient(self, w, batch=None) -> np.ndarray:
        if batch is None:                        # all N examples: summed with the scores, in one pass over X
            self._scores(w)
            return self._gradient.copy()
        batch, w = _as_batch(batch, self.n_samples), as_vector(w, "w", self.n_weights)
        X, u = self.features[batch], self.signs[batch]
        z = _scores_of(X, w, self.fit_intercept)
        # dE/dz_i = p_i - t_i (chain rule through -log sigma), dz_i/dw = x_i (1 for the bias): (1/N) X^T (p - t),
        # plus l2 w; p_i - t_i = -u_i sigma(-u_i z_i), exact where p_i rounds to t_i (1 - p_i computed as sigma(-z_i))
        return _transposed_times(X, -u * expit(-u * z), self.fit_intercept) / u.size + self.penalty * w

    def hessian(self, w) -> np.ndarray:
        check_size(self.n_weights ** 2, f"the Hessian of {self.n_weights} weights", "the features of X")
        z = self._scores(w)
        # s_i = dp_i/dz_i = sigma'(z_i) = p_i (1 - p_i) = sigma(z_i) sigma(-z_i) = 1 / (4 cosh^2(z_i / 2)), so
        # sqrt(s_i) = 1 / (2 cosh(z_i / 2)): one pass over z, no 1 - p_i that rounds to 0 (cosh overflows to inf,
        # and sqrt(s_i) to 0, only past |z_i| = 1420, where s_i is 0 in floats anyway)
        with np.errstate(over="ignore"):
            root_s = 0.5 / np.cosh(0.5 * z)
        # X^T S X without the N x N matrix S: (S^1/2 X)^T (S^1/2 X), by parts of the rows in parallel
        hessian = sum_over_rows(partial(_scaled_gram, self.fit_intercept), self.features, root_s,
                                n_parts=self.n_threads) / self.n_samples
        hessian[np.diag_indices_from(hessian)] += self.penalty   # + l2 I on the coefficients
        return hessian

    def along(self, W, gradients=False):
        """The loss (and its gradient) at many weight vectors at once: a grid, or every step of a path.

        Parameters
        ----------
        W : ndarray of shape (n, D + fit_intercept)
            One weight vector ``(w_1, ..., w_D, b)`` per row.
        gradients : bool
            Also return the gradients.

        Returns
        -------
        loss : ndarray of shape (n,)
        gradient : ndarray of shape (n, D + fit_intercept)
            Only with ``gradients=True``.
        """
        W = as_float_array(W, "W")
        if W.ndim != 2 or W.shape[1] != self.n_weights:
            raise ValueError(f"W must hold one weight vector of length {self.n_weights} per row; got shape {W.shape}.")
        check_size(len(W) * self.n_samples, "the scores of every row of W on every example", "the rows of W")
        with np.errstate(over="ignore"):                       # a loss beyond 1.8e308 is inf
            Z = _scores_of(self.features, W.T, self.fit_intercept).T     # z_i for every (w, example): one product
            # l2/2 ||w||^2 over the penalised weights only: an unpenalised weight of 1e300 adds 0, not 0 * inf
            squares = np.multiply(self.penalty, W ** 2, where=self.penalty > 0, out=np.zeros_like(W))
            loss = np.mean(_logistic_loss(self.signs * Z), axis=1) + 0.5 * np.sum(squares, axis=1)
        if not check_flag(gradients, "gradients"):
            return loss
        # row k: (1/N) X^T (p - t) + l2 w_k with p_i - t_i = -u_i sigma(-u_i z_i), as in gradient()
        residuals = -self.signs * expit(-self.signs * Z)
        return loss, _transposed_times(self.features, residuals.T, self.fit_intercept).T / self.n_samples \
            + self.penalty * W

    def separates(self, w) -> bool:
        """Whether ``w`` classifies every example correctly (``u_i z_i > 0``): then the data are
        linearly separable and ``c w`` for ``c -> inf`` drives the unpenalised loss to 0."""
        return bool(np.all(self.signs * self._scores(w) > 0))

    def no_minimum(self, w) -> str | None:
        """Why the loss has no minimum, if ``w`` shows it: without a penalty, ``w`` separates the data."""
        return _no_minimum(self, w)


class SoftmaxLoss(Objective):
    """The objective of :class:`SoftmaxRegression`, the cross-entropy of the softmax model.

    ``E(W) = (1/N) sum_i -log softmax(W^T x_i)_{t_i} + l2/2 ||W||^2`` with
    ``W`` of shape (D + 1, K) (the biases in the last row, not penalised),
    flattened row by row into ``w``. Its gradient is ``X^T (P - Y) / N + l2 W``:
    softmax minus one-hot (notebook 04, "Multi-class"). Its Hessian (notebook 05,
    "Multi-class Newton") has the block ``(1/N) sum_i p_ik (delta_kl - p_il) x_i x_i^T``
    for the classes k and l (plus ``l2 I`` on the coefficients).

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), any K >= 2 labels
    l2 : float
    fit_intercept : bool

    Attributes
    ----------
    features : ndarray of shape (N, D)
    X : ndarray of shape (N, D + fit_intercept)
        ``[X 1]``, formed when asked, as for :class:`LogisticLoss`.
    fit_intercept : bool
    feature_scale : float
        ``max |x_ij|`` over the features.
    Y : ndarray of shape (N, K)
        The one-hot targets.
    classes : ndarray of shape (K,)
    n_samples : int
    penalised : ndarray of shape ((D + fit_intercept) K,)
        1.0 for a coefficient, 0.0 for a bias.
    means : None
        As for :class:`LogisticLoss`.
    """

    convex = True                                     # H = sum_i (x_i x_i^T) (x) (diag(p_i) - p_i p_i^T) / N + l2 I

    def __init__(self, X, t, l2=0.0, fit_intercept=True):
        self.features, self.feature_scale = _features(X)
        self.fit_intercept = check_flag(fit_intercept, "fit_intercept")
        self.means = None
        self.classes, self.index = as_class_labels(t, self.features.shape[0])
        # one-hot, stored column by column as the probabilities are (see _scores): P - Y is then too, and its
        # column sums and product with X run along whole columns (the gradient 1.3x faster for K = 3)
        self.Y = np.asfortranarray(self.index[:, None] == np.arange(self.classes.size), dtype=float)
        self.n_samples = self.features.shape[0]
        self.shape = (self.features.shape[1] + self.fit_intercept, self.classes.size)
        self.penalised = _penalty_weights(1.0, self.shape, self.fit_intercept).ravel()   # 0 for the biases
        self.penalty = check_non_negative(l2, "l2") * self.penalised
        self._at = self._z = self._log_p = None

    @property
    def n_weights(self) -> int:
        return self.shape[0] * self.shape[1]

    @property
    def X(self) -> np.ndarray:
        return _with_bias(self.features, self.fit_intercept)

    def _scores(self, w) -> np.ndarray:
        """``Z = [X 1] W``, shape (N, K), and ``log softmax`` of its rows, computed once per weight vector."""
        w = as_vector(w, "w", self.n_weights)
        if self._at is None or not np.array_equal(w, self._at):
            # Z = [X 1] W computed as (W^T [X 1]^T)^T, stored column by column: log softmax's sums and maxima over
            # the K classes of each row then run along whole columns, twice as fast as along rows of K numbers
            W = w.reshape(self.shape)
            scores = W[:self.features.shape[1]].T @ self.features.T          # (K, N): W^T X^T, then the biases
            if self.fit_intercept:
                scores += W[-1][:, None]
            self._at, self._z = np.array(w, dtype=float), scores.T
            self._log_p = _log_softmax(self._z, axis=1)
        return self._z

    def loss(self, w) -> float:
        self._scores(w)
        w = self._at
        nll = -self._log_p[np.arange(self.n_samples), self.index]    # -log softmax(z_i)_{t_i}
        return float(np.mean(nll)) + 0.5 * float(w @ (self.penalty * w))

    def gradient(self, w, batch=None) -> np.ndarray:
        if batch is None:
            self._scores(w)
            w, X, Y, P = self._at, self.features, self.Y, np.exp(self._log_p)
        else:
            batch, w = _as_batch(batch, self.n_samples), as_vector(w, "w", self.n_weights)
            X, Y = self.features[batch], self.Y[batch]
            P = np.exp(_log_softmax(_scores_of(X, w.reshape(self.shape), self.fit_intercept), axis=1))
        # dE/dz_ik = p_ik - y_ik (softmax minus one-hot), dz_ik/dW = [x_i 1] e_k^T
        return _transposed_times(X, P - Y, self.fit_intercept).ravel() / Y.shape[0] + self.penalty * w

    def hessian(self, w) -> np.ndarray:
        """``H``, shape (n_weights, n_weights): the block of classes (k, l) is
        ``(1/N) sum_i p_ik (delta_kl - p_il) x_i x_i^T`` (plus ``l2 I`` on the coefficients).

        Entry ``((j, k), (m, l))``, in the order of ``w`` (``W`` row by row), is
        ``d^2 E / dW_jk dW_ml``. Singular wherever it is evaluated: adding the same
        vector to every class's weights (``W + v 1^T``) changes no probability, so
        ``H`` maps every such direction to 0 (the penalty, which spares the biases,
        removes only the coefficients' part of that null space).
        """
        check_size(self.n_weights ** 2, f"the Hessian of (D + 1) K = {self.n_weights} weights",
                   "the features of X or the classes of t")
        return self._hessian_in(w, np.eye(self.shape[1]))

    def _hessian_in(self, w, basis) -> np.ndarray:
        """``H`` in the coordinates ``V`` of ``W = V B^T`` (``B = basis``, shape (K, R)): ``(I (x) B)^T H (I (x) B)``,
        without forming ``H``; for ``B = I`` it is ``H`` itself. The penalty ``l2 I`` stays ``l2 I`` for
        orthonormal columns of ``B``."""
        self._scores(w)
        hessian = _softmax_curvature(self.features, np.exp(self._log_p), self.fit_intercept, basis) / self.n_samples
        penalty = self.penalty.reshape(self.shape)[:, 0]                 # l2 for each coefficient's row, 0 for the bias
        hessian[np.diag_indices_from(hessian)] += np.repeat(penalty, basis.shape[1])
        return hessian

    def separates(self, w) -> bool:
        """Whether ``W`` scores every example's class strictly highest (then the unpenalised loss has no minimum)."""
        Z = self._scores(w)
        true = Z[np.arange(self.n_samples), self.index]
        others = np.where(self.Y == 1, -np.inf, Z).max(axis=1)
        return bool(np.all(true > others))

    def no_minimum(self, w) -> str | None:
        """Why the loss has no minimum, if ``w`` shows it: without a penalty, ``W`` separates the classes."""
        return _no_minimum(self, w)


def _softmax_curvature(X, P, fit_intercept, basis) -> np.ndarray:
    """``sum_i (x_i x_i^T) (x) B^T (diag(p_i) - p_i p_i^T) B``, with ``x_i`` and its 1 for the bias: ``N H`` of the
    softmax loss in the coordinates of ``W = V B^T`` (``B = I``: of ``W``), rows ``(j, a)`` in the order of ``V``.

    With ``b_k`` the k-th row of ``B`` and ``q_i = B^T p_i``, ``B^T (diag(p_i) - p_i p_i^T) B = sum_k p_ik b_k b_k^T
    - q_i q_i^T``: the sum is ``sum_k (X^T diag(p_k) X) (x) b_k b_k^T - A^T A`` with A's row i ``x_i (x) q_i``,
    K + 1 symmetric products (syrk), a block of rows at a time.
    """
    n_columns, (n_classes, n_reduced) = X.shape[1] + fit_intercept, basis.shape
    grams = np.zeros((n_classes, n_columns, n_columns))                  # X^T diag(p_k) X for each class k
    outer = np.zeros((n_columns * n_reduced, n_columns * n_reduced))     # A^T A
    # a block's examples as columns (D + 1, rows), the bias's 1 last: every elementwise product runs along the rows
    inputs = np.ones((n_columns, min(_BLOCK, len(X))))                  # reused by every block
    for rows in _row_blocks(len(X)):
        P_T = P[rows].T                                                      # (K, rows)
        columns = inputs[:, :P_T.shape[1]]
        columns[:X.shape[1]] = X[rows].T
        A_T = (columns[:, None, :] * (basis.T @ P_T)).reshape(-1, columns.shape[1])   # column i: x_i (x) q_i
        outer += A_T @ A_T.T
        for k, root in enumerate(np.sqrt(P_T)):
            scaled = columns * root                                          # X^T diag(p_k)^1/2
            grams[k] += scaled @ scaled.T
    return np.einsum("kjm,ka,kb->jamb", grams, basis, basis).reshape(outer.shape) - outer


def _no_minimum(objective, w) -> str | None:
    """:meth:`LogisticLoss.no_minimum` and :meth:`SoftmaxLoss.no_minimum`."""
    if np.any(objective.penalty) or not objective.separates(w):
        return None
    length = np.linalg.norm(_uncentred(np.asarray(w, dtype=float), objective))
    return (f"the weights (||w|| = {length:.3g}) classify every training example correctly, so the data are "
            "linearly separable: the unpenalised loss falls towards 0 as they grow, and has no minimum (an L2 "
            "penalty, l2 > 0, gives it one)")


def _sum_to_zero_basis(K: int) -> np.ndarray:
    """``C``, shape (K, K - 1): orthonormal columns that sum to zero (Helmert's contrasts), in closed form.

    Column ``a`` (from 1) is ``(1, ..., 1, -a, 0, ..., 0) / sqrt(a (a + 1))`` with ``a`` ones.
    """
    basis = np.zeros((K, K - 1))
    for a in range(1, K):
        basis[:a, a - 1] = 1.0
        basis[a, a - 1] = -a
        basis[:, a - 1] /= np.sqrt(a * (a + 1))
    return basis


class _SumToZero(Objective):
    """:class:`SoftmaxLoss` on the weights whose classes sum to zero: what Newton's method minimises.

    The Hessian of the softmax loss is singular along ``W + v 1^T`` (the same
    ``v`` added to every class), so ``H d = grad E`` has no unique solution.
    Every model is reached with ``W 1 = 0`` (each row of ``W`` summing to zero
    over the classes), where a penalty puts its minimum anyway, so Newton's
    method works in coordinates of that subspace: ``W = V C^T`` with the
    orthonormal contrasts ``C`` of :func:`_sum_to_zero_basis`, ``V`` of shape
    (D + 1, K - 1). Then ``grad_V = (grad_W) C`` and ``H_V = (I (x) C)^T H (I (x) C)``,
    which is positive definite when ``X`` has full column rank (and no
    weights separate the classes), and ``||V|| = ||W||``.
    """

    convex = True                                     # SoftmaxLoss on a subspace

    def __init__(self, objective: SoftmaxLoss):
        self.objective = objective
        self.n_samples = objective.n_samples
        self.basis = _sum_to_zero_basis(objective.shape[1])
        self.shape = (objective.shape[0], objective.shape[1] - 1)

    @property
    def n_weights(self) -> int:
        return self.shape[0] * self.shape[1]

    def expand(self, v) -> np.ndarray:
        """``W = V C^T`` flattened, for one ``v`` of shape (n_weights,) or a row each of shape (n, n_weights)."""
        v = np.asarray(v, dtype=float)
        return (v.reshape(v.shape[:-1] + self.shape) @ self.basis.T).reshape(v.shape[:-1] + (-1,))

    def restrict(self, w) -> np.ndarray:
        """``V = W C`` flattened: the coordinates of ``W``'s part with classes summing to zero."""
        w = np.asarray(w, dtype=float)
        return (w.reshape(w.shape[:-1] + self.objective.shape) @ self.basis).reshape(w.shape[:-1] + (-1,))

    def loss(self, v) -> float:
        return self.objective.loss(self.expand(as_vector(v, "v", self.n_weights)))

    def gradient(self, v, batch=None) -> np.ndarray:
        return self.restrict(self.objective.gradient(self.expand(as_vector(v, "v", self.n_weights)), batch))

    def hessian(self, v) -> np.ndarray:
        # H_V = (I (x) C)^T H (I (x) C), formed directly in these coordinates
        return self.objective._hessian_in(self.expand(as_vector(v, "v", self.n_weights)), self.basis)

    def separates(self, v) -> bool:
        return self.objective.separates(self.expand(v))

    def no_minimum(self, v) -> str | None:
        return self.objective.no_minimum(self.expand(v))


def _as_batch(batch, n_samples: int) -> np.ndarray:
    """The indices of a minibatch: a non-empty 1-D array of integers in 0..N-1."""
    batch = np.asarray(batch)
    if batch.ndim != 1 or batch.size == 0 or batch.dtype.kind not in "iu" or batch.min() < 0 \
            or batch.max() >= n_samples:
        raise ValueError(f"batch must be a non-empty 1-D array of example indices from 0 to {n_samples - 1}; "
                         f"got {np.array2string(batch, threshold=6)}.")
    return batch


# --------------------------------------------------------------------------
# The learning rate: how large a gradient step may be
# --------------------------------------------------------------------------


def _largest_eigenvalue_of_gram(X: np.ndarray) -> float:
    """``lambda_max(X^T X / N)``, from the smaller of ``X^T X`` and ``X X^T`` (same nonzero eigenvalues)."""
    gram = X.T @ X if X.shape[0] >= X.shape[1] else X @ X.T       # one symmetric product
    return float(scipy.linalg.eigvalsh(gram, subset_by_index=[gram.shape[0] - 1] * 2)[0]) / X.shape[0]


def _curvature_bound(design, l2, fit_intercept, curvature) -> float:
    """``L = lambda_max(curvature X^T X / N + l2 I)`` (no penalty on the bias), which bounds every Hessian.

    ``curvature`` bounds the second derivative of the loss in the scores:
    ``sigma' <= 1/4`` for the sigmoid, ``diag(p) - p p^T <= 1/2`` for the softmax.
    """
    if l2 == 0 or not fit_intercept:
        return curvature * _largest_eigenvalue_of_gram(design) + l2
    bound = curvature * (design.T @ design) / design.shape[0] + np.diag(_penalty_weights(l2, design.shape[1], True))
    return float(np.linalg.eigvalsh(bound)[-1])


def learning_rate_bound(X, l2=0.0, fit_intercept=True) -> float:
    """``2 / L``: gradient descent on the logistic loss lowers it at every step with a learning rate below this.

    Notebook 04, "How large a step?": ``sigma'(z) = p (1 - p) <= 1/4``, so
    every Hessian ``X^T S X / N + l2 I`` is at most ``L I`` with
    ``L = lambda_max(X^T X / (4N) + l2 I)`` (the bias column included, not
    penalised). A step ``eta < 2 / L`` then decreases the loss; ``eta = 1 / L``
    (what ``learning_rate="auto"`` uses) guarantees ``E(w_k) - E(w*) <= L ||w_0 - w*||^2 / (2k)``.

    Parameters
    ----------
    X : array-like of shape (N, D)
    l2 : float
    fit_intercept : bool

    Returns
    -------
    float
    """
    design = _with_bias(_features(X)[0], check_flag(fit_intercept, "fit_intercept"))
    return 2.0 / _curvature_bound(design, check_non_negative(l2, "l2"), fit_intercept, 0.25)


# --------------------------------------------------------------------------
# The models
# --------------------------------------------------------------------------


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
        if not isinstance(self.learning_rate, str):
            check_positive(self.learning_rate, "learning_rate")
        elif self.learning_rate != "auto":
            raise ValueError(f"learning_rate must be a number > 0 or 'auto' (1 / L, the safe step); "
                             f"got {self.learning_rate!r}.")
        if self.batch_size is not None:
            check_positive_int(self.batch_size, "batch_size")
            if self.solver != "sgd":
                raise ValueError(f"batch_size is a setting of solver='sgd'; solver={self.solver!r} always "
                                 "uses every example. Leave batch_size=None or pass solver='sgd'.")
        if self.solver in ("newton", "newton-l1", "lbfgs"):
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
        objective = self._objective(X, t, self.l2, self.fit_intercept)
        newton = self.solver in ("newton", "newton-l1")
        if newton and objective.n_weights > MAX_NEWTON_WEIGHTS:
            raise ValueError(f"solver={self.solver!r} solves with the Hessian of all {objective.n_weights} weights at "
                             f"every step (X has {objective.features.shape[1]} features), about "
                             f"{objective.n_weights}^3 operations: seconds to minutes per step beyond "
                             f"{MAX_NEWTON_WEIGHTS} weights. Use solver='accelerated' (or 'gd'), or fewer features.")
        if newton and self.fit_intercept:
            _centre(objective)
        self._check_feature_scale(objective)
        w0 = np.zeros(objective.n_weights) if w0 is None else _centred(w0, objective)
        l1 = self.l1 * objective.penalised
        separation_stop = newton and self.l2 == 0 and self.l1 == 0
        with single_threaded_blas():            # the objective's sums over the rows use the cores themselves
            trace = self._minimize(objective, w0, learning_rate=self._step(objective), decay=self.decay,
                                   batch_size=self.batch_size, max_iter=self.max_iter, tol=self.tol, l1=l1,
                                   line_search=True, random_state=self.random_state,
                                   callback=self._stop_if_separated(objective) if separation_stop else None)
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
        if self.solver in ("newton", "newton-l1", "lbfgs"):
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
        name = type(self).__name__
        unit = "epochs" if self.solver == "sgd" else "steps"
        if trace.diverged:
            bound = 2.0 / self._curvature_bound(objective)
            warnings.warn(
                f"{name} {trace.message}: learning_rate={self._step(objective):.3g} is too large. Full-batch "
                f"gradient descent lowers this loss at every step for learning_rate < {bound:.3g}. "
                "diverged_ is True.", DivergenceWarning, stacklevel=4)
        elif trace.status == "stopped":
            warnings.warn(f"{name} stopped: {trace.message}. Add an L2 penalty (l2 > 0) for a finite optimum.",
                          SeparationWarning, stacklevel=4)
        elif trace.status == "singular_hessian":
            warnings.warn(
                f"{name}: {trace.message}. Either the features are collinear (drop a redundant one) or the data "
                "are (quasi-)separable, so that p_i (1 - p_i) -> 0 and the weights run off; an L2 penalty "
                "(l2 > 0) fixes both.", SeparationWarning, stacklevel=4)
        elif self.l2 == 0 and self.l1 == 0 and objective.separates(trace.w):
            warnings.warn(
                f"{name}: the fitted weights classify every training example correctly, so the data are "
                "linearly separable and the unpenalised likelihood has no maximum: the weights grow for as long "
                f"as the optimiser runs (||w|| = {np.linalg.norm(_uncentred(trace.w, objective)):.3g} after "
                f"{trace.n_iter} {unit}). Add an L2 penalty (l2 > 0) for a finite, unique optimum.",
                SeparationWarning, stacklevel=4)
        elif not trace.converged:
            warnings.warn(
                f"{name} did not converge in max_iter={self.max_iter} {unit}: |grad| = {trace.grad_norm[-1]:.3g} "
                f"> tol = {self.tol:g}. To get there, {', or '.join(self._hints(objective))}.", ConvergenceWarning,
                stacklevel=4)

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
    solver : {"lbfgs", "gd", "accelerated", "sgd", "newton", "newton-l1"}
        L-BFGS (the default, as scikit-learn's: a quasi-Newton method, notebook 05,
        with a line search and no learning rate), full-batch gradient descent,
        Nesterov's accelerated gradient descent (FISTA with ``l1``), (minibatch)
        stochastic gradient descent, Newton's method with a backtracking line
        search, or Newton's method for an L1 penalty (notebook 05: the step on
        the weights that are not held at 0, each kept to its sign; a few steps
        where FISTA takes thousands, the fast way to an L1 fit). L1 needs a
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
        bound of :func:`learning_rate_bound` (for SGD with minibatches, the
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
    _solvers = ("lbfgs", "gd", "accelerated", "sgd", "newton", "newton-l1")

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


# --------------------------------------------------------------------------
# For the notebooks' figures and widgets
# --------------------------------------------------------------------------


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
    n_updates = check_iterations(n_updates, "n_updates")
    N = objective.n_samples
    check_size((n_updates + 1) * N, "the scores of every update on every example", "n_updates")
    B = N if batch_size is None else min(check_positive_int(batch_size, "batch_size"), N)
    w0 = np.zeros(objective.n_weights) if w0 is None else as_float_array(w0, "w0").reshape(-1)
    if w0.shape != (objective.n_weights,):
        raise ValueError(f"w0 must have length {objective.n_weights} (one weight per feature, then the bias); "
                         f"got shape {w0.shape}.")
    per_epoch = -(-N // B)                                       # ceil(N / B) updates make an epoch
    if B == N:
        weights = minimize(objective, w0, "gd", learning_rate=learning_rate, max_iter=n_updates, tol=0).weights
    else:
        weights = minimize(objective, w0, "sgd", learning_rate=learning_rate, batch_size=B,
                           max_iter=-(-n_updates // per_epoch), tol=0, random_state=random_state,
                           record_updates=True).updates[:n_updates + 1]
    k = np.arange(len(weights))
    loss, gradient = objective.along(weights, gradients=True)
    return DescentPath(weights, loss, np.linalg.norm(gradient, axis=1), k // per_epoch + (k % per_epoch) * B / N,
                       float(learning_rate), B)


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


def working_response(z, t) -> tuple[np.ndarray, np.ndarray]:
    """The weights ``s_i`` and the working response ``r_i`` of one IRLS step, from the scores ``z_i = x_i^T w``.

    Notebook 05, "IRLS": ``p_i = sigma(z_i)``, ``s_i = p_i (1 - p_i)`` and
    ``r_i = z_i + (t_i - p_i) / s_i``, the score moved by the residual
    ``t_i - p_i`` measured in units of the slope ``dp/dz = s_i``: where
    the model is unsure (``p_i`` near 1/2) the weight is large and the
    correction small.

    Parameters
    ----------
    z : float or array-like of shape (N,)
        The scores ``x_i^T w``.
    t : float or array-like of shape (N,)
        The targets, in {0, 1}.

    Returns
    -------
    s, r : ndarrays of the shape of ``z``
        ``s_i = sigma(z_i) sigma(-z_i)`` stays positive where ``p_i`` rounds to 1;
        ``r_i`` is computed without the 0/0 of ``(t_i - p_i) / s_i`` where
        ``p_i`` rounds to 0 or 1 (it may overflow to an infinity, never nan).
    """
    z = as_float_array(z, "z")
    t = check_binary(as_float_array(t, "t"), "t", "use t_i = 1 for the positive class and 0 for the other")
    check_broadcast(("z", z), ("t", t))
    p = expit(z)
    s = p * expit(-z)                                             # p (1 - p): the weights of the least squares
    # (t - p) / s is 1 / p = 1 + e^{-z} where t = 1 and -1 / (1 - p) = -(1 + e^z) where t = 0
    with np.errstate(over="ignore"):
        return s, z + np.where(t == 1, 1 + np.exp(-z), -(1 + np.exp(z)))     # r = z + S^{-1} (t - p)


def irls_step(X, t, w, l2=0.0, fit_intercept=True) -> np.ndarray:
    """One Newton step for logistic regression, written as the weighted least-squares problem of IRLS.

    Notebook 05, "IRLS": with ``S = diag(p_i (1 - p_i))`` and the working
    response ``r = X w + S^{-1} (t - p)``, the Newton step
    ``w - H^{-1} grad E`` equals

        argmin_v  sum_i s_i (r_i - x_i^T v)^2 + N l2 ||v||^2,

    a least-squares fit of ``S^{1/2} r`` on ``S^{1/2} X`` (the L2 penalty as
    extra rows ``sqrt(N l2) I``). Solved here by ``numpy.linalg.lstsq``, as an
    independent check of :class:`LogisticRegression`'s Newton step.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,), two labels
    w : array-like of shape (D + fit_intercept,)
        Current weights ``(w_1, ..., w_D, b)``.
    l2 : float
    fit_intercept : bool

    Returns
    -------
    ndarray of shape (D + fit_intercept,)
    """
    objective = LogisticLoss(X, t, l2, fit_intercept)
    w = as_float_array(w, "w").reshape(-1)
    if w.shape != (objective.n_weights,):
        raise ValueError(f"w must have length {objective.n_weights} (one weight per feature, then the bias); "
                         f"got shape {w.shape}.")
    s, response = working_response(objective.X @ w, objective.t)
    if np.any(s == 0):
        i = int(np.argmin(s))
        raise ValueError(f"w gives example {i} the score z_i = {(objective.X @ w)[i]:g}, whose weight "
                         "s_i = p_i (1 - p_i) underflows to 0: its working response is infinite. Start from "
                         "smaller weights.")
    rows = np.vstack([np.sqrt(s)[:, None] * objective.X,
                      np.diag(np.sqrt(objective.n_samples * objective.penalty))])
    targets = np.r_[np.sqrt(s) * response, np.zeros(objective.n_weights)]
    return np.linalg.lstsq(rows, targets, rcond=None)[0]
