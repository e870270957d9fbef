"""Newton's method on the linear classifiers' objectives: each step of logistic regression as the weighted
least squares of IRLS, and the coordinates in which the softmax model's Hessian is invertible.

Taught in notebook 05 ("IRLS", "Multi-class Newton"); :func:`~lecture_utils.optimization.minimize` takes the
steps, and :class:`~lecture_utils.logistic.SoftmaxRegression` fits by Newton's method through
:class:`_SumToZero`.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from .._validation import as_float_array, as_vector, check_binary, check_broadcast
from ..optimization import Objective
from .objectives import LogisticLoss, SoftmaxLoss


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
    independent check of :class:`~lecture_utils.logistic.LogisticRegression`'s Newton step.

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
