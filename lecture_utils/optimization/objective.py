"""What the optimisers minimise: the :class:`Objective` a model supplies (loss, gradient, Hessian), and
:class:`FunctionObjective`, one made of plain callables for the notebooks' toy surfaces."""

from __future__ import annotations

import numpy as np

from .._validation import as_float_array, as_real_array, check_flag


class Objective:
    """A differentiable function ``E(w)`` of a weight vector ``w`` of shape (D,).

    Subclasses supply :meth:`loss` and :meth:`gradient`, and :meth:`hessian`
    for Newton's method (Newton-CG needs only :meth:`hessian_vector`, which by default multiplies by it). For SGD, ``E`` is a mean over ``n_samples`` examples
    and ``gradient(w, batch)`` is the gradient of the mean over the examples
    of ``batch`` only (an unbiased estimate of the full gradient).
    """

    #: Number of examples ``E`` averages over (needed by SGD only).
    n_samples: int | None = None
    #: Whether ``H(w)`` is positive semidefinite everywhere (the logistic losses): then every point where the gradient
    #: vanishes is a minimum, and :func:`~lecture_utils.optimization.minimize` skips the second-order test at the end
    #: of a run.
    convex: bool = False

    def loss(self, w: np.ndarray) -> float:
        """``E(w)``."""
        raise NotImplementedError

    def gradient(self, w: np.ndarray, batch: np.ndarray | None = None) -> np.ndarray:
        """``grad E(w)``, shape (D,); with ``batch`` (indices), that of the minibatch's mean loss."""
        raise NotImplementedError

    def hessian(self, w: np.ndarray) -> np.ndarray:
        """``H(w) = grad^2 E(w)``, shape (D, D)."""
        raise NotImplementedError(f"{type(self).__name__} supplies no Hessian, so it cannot use Newton's method.")

    def hessian_vector(self, w: np.ndarray, v: np.ndarray) -> np.ndarray:
        """``H(w) v``, shape (D,): what Newton-CG asks for. By default ``hessian(w) @ v``; an objective that can
        form the product without the ``D x D`` matrix (:class:`~lecture_utils.logistic.LogisticLoss`) overrides it."""
        return self.hessian(w) @ as_float_array(v, "v")

    def no_minimum(self, w) -> str | None:
        """Why ``E`` has no minimum, if the weights ``w`` show it (a sentence); None if they do not.

        :func:`~lecture_utils.optimization.minimize` asks at the end of a run whose gradient has become small:
        a loss that falls for ever along a direction (the unpenalised logistic loss
        on separable data) has gradients as small as one likes far out, and no
        minimum there. By default nothing is known: None.
        """
        return None


class FunctionObjective(Objective):
    """An :class:`Objective` made of plain callables, for toy surfaces in the notebooks.

    Parameters
    ----------
    loss : callable
        ``loss(w) -> float``.
    gradient : callable
        ``gradient(w) -> array`` of the shape of ``w``.
    hessian : callable, optional
        ``hessian(w) -> array`` of shape (D, D) (a number for a 1-D function).
    scalar : bool
        Whether the callables take and return plain numbers (a 1-D function
        ``f(x)``): the loop then works on arrays of shape (1,) and converts.
    """

    def __init__(self, loss, gradient, hessian=None, scalar=False):
        for name, function in (("loss", loss), ("gradient", gradient)):
            if not callable(function):
                raise TypeError(f"{name} must be a function of the weights w; got {type(function).__name__}.")
        if hessian is not None and not callable(hessian):
            raise TypeError(f"hessian must be a function of the weights w; got {type(hessian).__name__}.")
        self._loss, self._gradient, self._hessian = loss, gradient, hessian
        self._scalar = check_flag(scalar, "scalar")

    def _argument(self, w):
        w = as_float_array(w, "w")
        return float(w.reshape(-1)[0]) if self._scalar else w.copy()

    def _at(self, function, w, overflowed):
        """``function`` at ``w``, or ``overflowed`` (infinities) where Python's floats overflow inside it (numpy's
        give inf): the loop stops on a loss, gradient or Hessian that is not finite, and says which."""
        try:
            return function(self._argument(w))
        except OverflowError:
            return overflowed

    def loss(self, w):
        loss = as_real_array(self._at(self._loss, w, np.inf), "loss")        # nan or inf: the loop stops on it
        if loss.ndim != 0:
            raise ValueError(f"loss must return a number, E(w); got an array of shape {loss.shape}.")
        return float(loss)

    def gradient(self, w, batch=None):
        w = as_float_array(w, "w")
        gradient = as_real_array(self._at(self._gradient, w, np.full(w.shape, np.inf)), "gradient").reshape(-1)
        if gradient.shape != w.shape:
            raise ValueError(f"gradient must return one partial derivative per weight, shape {w.shape}; "
                             f"got shape {gradient.shape}.")
        return gradient

    def hessian(self, w):
        if self._hessian is None:
            raise TypeError("newton needs the Hessian: pass hessian=, a function of w returning the "
                            "matrix of second derivatives (a number for a 1-D function).")
        w = as_float_array(w, "w")
        hessian = as_real_array(self._at(self._hessian, w, np.full((w.size, w.size), np.inf)), "hessian")
        if hessian.size != w.size ** 2:
            raise ValueError(f"hessian must return a ({w.size}, {w.size}) matrix; got shape {hessian.shape}.")
        return hessian.reshape(w.size, w.size)


def _check_objective(objective) -> None:
    if not (callable(getattr(objective, "loss", None)) and callable(getattr(objective, "gradient", None))):
        raise TypeError(f"objective must be an Objective with loss(w) and gradient(w), e.g. "
                        f"FunctionObjective(loss, gradient); got {type(objective).__name__}.")
