"""The objectives that logistic and softmax regression minimise, each with its gradient and Hessian, and the
learning rate that gradient descent on them may take.

:class:`LogisticLoss` and :class:`SoftmaxLoss` are :class:`~lecture_utils.optimization.Objective` s: the one
loop of :func:`~lecture_utils.optimization.minimize` fits them by any method. Taught in notebook 04
("Logistic regression", "Gradient descent", "Multi-class") and notebook 05 ("IRLS", "Multi-class Newton");
the notation and the formulas are those of :mod:`lecture_utils.logistic`.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import scipy.linalg
from scipy.special import expit

from .._parallel import blas_threads, sum_over_rows
from .._validation import (as_class_labels, as_float_array, as_real_array, as_vector, check_flag, check_non_negative,
                           check_size)
from ..losses import _logistic_loss
from ..optimization import Objective
from ._design import (_BLOCK, _features, _penalty_weights, _row_blocks, _scores_of, _transposed_times, _uncentred,
                      _with_bias)
from .links import _log_softmax


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


class _LinearObjective(Objective):
    """What :class:`LogisticLoss` and :class:`SoftmaxLoss` share: the examples (``X`` checked once), their
    classes, the bias, the penalty of each weight, and why the loss may have no minimum."""

    def __init__(self, X, t, fit_intercept):
        self.features, self.feature_scale = _features(X)
        self.fit_intercept = check_flag(fit_intercept, "fit_intercept")
        self.means = None
        self.classes, self.index = as_class_labels(t, self.features.shape[0])
        self.n_samples = self.features.shape[0]

    def _penalise(self, l2, shape) -> None:
        """``l2`` on every coefficient, 0 on the biases (the last row of weights of ``shape``)."""
        self.penalised = _penalty_weights(1.0, shape, self.fit_intercept).ravel()      # 0 for the bias
        self.penalty = check_non_negative(l2, "l2") * self.penalised

    @property
    def X(self) -> np.ndarray:
        return _with_bias(self.features, self.fit_intercept)

    def no_minimum(self, w) -> str | None:
        """Why the loss has no minimum, if ``w`` shows it: without a penalty, the weights separate the classes."""
        if np.any(self.penalty) or not self.separates(w):
            return None
        length = np.linalg.norm(_uncentred(np.asarray(w, dtype=float), self))
        return (f"the weights (||w|| = {length:.3g}) classify every training example correctly, so the data are "
                "linearly separable: the unpenalised loss falls towards 0 as they grow, and has no minimum (an L2 "
                "penalty, l2 > 0, gives it one)")


class LogisticLoss(_LinearObjective):
    """The objective of :class:`~lecture_utils.logistic.LogisticRegression`:
    ``E(w) = (1/N) sum_i log(1 + exp(-u_i x_i^T w)) + l2/2 ||w||^2`` with the signs ``u_i = 2 t_i - 1`` in {-1, +1}.

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
        super().__init__(X, t, fit_intercept)
        if self.classes.size != 2:
            raise ValueError(
                f"t has {self.classes.size} classes {self.classes.tolist()[:5]}, but logistic regression "
                "is binary: use SoftmaxRegression for K > 2 classes (or OneVsRestClassifier)."
            )
        self.t = self.index.astype(float)
        self.signs = 2 * self.t - 1                               # u_i in {-1, +1}
        self._penalise(l2, self.n_weights)
        self.n_threads = blas_threads()
        self._at = self._z = self._loss = self._gradient = None
        self._s = self._s_at = None                                # s_i for hessian_vector, and the z they are of

    @property
    def n_weights(self) -> int:
        return self.features.shape[1] + self.fit_intercept

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

    def hessian_vector(self, w, v) -> np.ndarray:
        """``H(w) v = [X 1]^T (s * ([X 1] v)) / N + l2 v``, shape (D + fit_intercept,), without forming ``H``:
        two passes over ``X``, about ``4 N D`` operations where ``H`` itself takes ``N D^2`` (Newton-CG,
        notebook 05, "Inexact Newton")."""
        z = self._scores(w)
        v = as_vector(v, "v", self.n_weights)
        if self._s_at is not z:                                    # s_i at these weights: once per step of CG
            self._s, self._s_at = expit(z) * expit(-z), z          # s_i = p_i (1 - p_i), no 1 - p_i rounding to 0
        return _transposed_times(self.features, self._s * _scores_of(self.features, v, self.fit_intercept),
                                 self.fit_intercept) / self.n_samples + self.penalty * v

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


class SoftmaxLoss(_LinearObjective):
    """The objective of :class:`~lecture_utils.logistic.SoftmaxRegression`, the cross-entropy of the softmax model.

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
        super().__init__(X, t, fit_intercept)
        # one-hot, stored column by column as the probabilities are (see _scores): P - Y is then too, and its
        # column sums and product with X run along whole columns (the gradient 1.3x faster for K = 3)
        self.Y = np.asfortranarray(self.index[:, None] == np.arange(self.classes.size), dtype=float)
        self.shape = (self.features.shape[1] + self.fit_intercept, self.classes.size)
        self._penalise(l2, self.shape)
        self._at = self._z = self._log_p = None

    @property
    def n_weights(self) -> int:
        return self.shape[0] * self.shape[1]

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
