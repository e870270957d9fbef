"""When to stop on held-out data: the patience rule, as :func:`patience_stop` on a sequence of losses and as
:class:`EarlyStopping`, a callback of :func:`~lecture_utils.optimization.minimize` that keeps the best weights.

Notebook 04, "When to stop". The rule is scikit-learn's (``SGDClassifier``'s ``n_iter_no_change`` and ``tol``):
after each epoch ``e`` the held-out loss ``V_e`` is compared with the lowest loss seen before it, ``V_best``. The
epoch *improves* if ``V_e <= V_best - min_delta``; otherwise a counter of epochs without improvement rises by
one, and an improving epoch sets it back to 0. The run stops at the epoch at which the counter reaches
``patience``. ``V_best`` is the lowest loss seen so far, whether or not its epoch improved by ``min_delta``, and
the weights kept are those of that epoch (scikit-learn's ``SGDClassifier`` returns the last weights instead).
The gradient's tolerance, the loop's own stopping rule, is ``tol`` in :func:`minimize`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import as_float_array, check_non_negative, check_positive_int


@dataclass(frozen=True)
class PatienceStop:
    """Where the patience rule stops a sequence of held-out losses (epochs counted from 1).

    Attributes
    ----------
    epoch : int or None
        The epoch at which the counter of epochs without improvement reaches the patience; None if it never does.
    best_epoch : int
        The epoch of the lowest loss up to the stop (the first of equal ones): the weights to keep.
    """

    epoch: int | None
    best_epoch: int


class _Patience:
    """The rule's state: the lowest loss so far, its epoch, and the epochs without improvement."""

    def __init__(self, patience: int, min_delta: float):
        self.patience, self.min_delta = patience, min_delta
        self.best, self.best_epoch, self.waited, self.epoch = np.inf, 0, 0, 0

    def update(self, loss: float) -> bool:
        """Count one more epoch with this held-out loss; True if the run should stop after it."""
        self.epoch += 1
        if loss <= self.best - self.min_delta:                # improved by min_delta (-inf - 0 is -inf: none first)
            self.waited = 0
        else:
            self.waited += 1
        if loss < self.best:                                  # the lowest so far, improved enough or not
            self.best, self.best_epoch = loss, self.epoch
        return self.waited >= self.patience


def _checked_rule(patience, min_delta) -> tuple[int, float]:
    return check_positive_int(patience, "patience"), check_non_negative(min_delta, "min_delta")


def patience_stop(losses, patience, min_delta=0.0) -> PatienceStop:
    """The epoch at which the patience rule stops, reading the held-out losses of successive epochs.

    Parameters
    ----------
    losses : array-like of shape (n_epochs,)
        ``losses[e - 1]`` is the held-out loss after epoch ``e``; finite numbers.
    patience : int
        How many epochs in a row without improvement stop the run (``n_iter_no_change``); >= 1.
    min_delta : float
        How much lower than the best so far a loss must be to count as an improvement (scikit-learn's
        ``tol``); >= 0.

    Returns
    -------
    PatienceStop
        ``epoch``: the epoch at which the rule stops (None if the losses run out first);
        ``best_epoch``: the epoch of the lowest loss up to then, whose weights early stopping keeps.

    Examples
    --------
    >>> patience_stop([0.9, 0.7, 0.72, 0.71, 0.75], patience=3)
    PatienceStop(epoch=5, best_epoch=2)
    """
    losses = as_float_array(losses, "losses").astype(float)
    if losses.ndim != 1 or losses.size == 0:
        raise ValueError(f"losses must be a non-empty 1-D sequence, one loss per epoch; got shape {losses.shape}.")
    if not np.all(np.isfinite(losses)):
        raise ValueError(f"losses must be finite; epoch {int(np.argmin(np.isfinite(losses))) + 1} is "
                         f"{losses[np.argmin(np.isfinite(losses))]}.")
    rule = _Patience(*_checked_rule(patience, min_delta))
    for loss in losses:
        if rule.update(float(loss)):
            return PatienceStop(rule.epoch, rule.best_epoch)
    return PatienceStop(None, rule.best_epoch)


class EarlyStopping:
    """Early stopping on held-out data, as a ``callback`` of :func:`~lecture_utils.optimization.minimize`.

    After every step (an epoch of SGD) it computes the held-out loss of the weights, keeps the weights of the
    lowest one, and stops the run (status ``"stopped"``) when ``patience`` epochs in a row have not improved on
    the best by ``min_delta`` (the rule of :func:`patience_stop`). One object serves one run.

    Parameters
    ----------
    validation_loss : callable
        ``validation_loss(w)``: the loss of the weights ``w`` on data the run does not train on, a number.
    patience : int
        >= 1.
    min_delta : float
        >= 0.

    Attributes
    ----------
    losses_ : list of float
        The held-out loss after each epoch.
    best_epoch_ : int
        The epoch of the lowest held-out loss (0 before the first).
    best_weights_ : ndarray or None
        The weights of that epoch: the model early stopping returns.
    stopped_epoch_ : int or None
        The epoch at which the rule stopped the run, or None.

    Examples
    --------
    >>> from lecture_utils.logistic import LogisticLoss
    >>> X, t = np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([0, 1, 0, 1])
    >>> stopper = EarlyStopping(LogisticLoss(X, t).loss, patience=2)
    >>> trace = minimize(LogisticLoss(X, t), np.zeros(2), "sgd", batch_size=1, random_state=0, callback=stopper)
    >>> len(stopper.losses_) == trace.n_iter
    True
    """

    def __init__(self, validation_loss, patience=5, min_delta=0.0):
        if not callable(validation_loss):
            raise TypeError(f"validation_loss must be a function of the weights; got {type(validation_loss).__name__}.")
        self.validation_loss = validation_loss
        self._rule = _Patience(*_checked_rule(patience, min_delta))
        self.patience, self.min_delta = self._rule.patience, self._rule.min_delta
        self.losses_, self.best_weights_, self.stopped_epoch_ = [], None, None

    @property
    def best_epoch_(self) -> int:
        return self._rule.best_epoch

    def __call__(self, w) -> str | None:
        if self.stopped_epoch_ is not None:
            raise RuntimeError("This EarlyStopping has stopped a run already: make a new one for a new run.")
        loss = float(self.validation_loss(w))
        if not np.isfinite(loss):
            raise ValueError(f"validation_loss returned {loss} at epoch {self._rule.epoch + 1}: it must be finite.")
        self.losses_.append(loss)
        best = self._rule.best_epoch
        stop = self._rule.update(loss)
        if self._rule.best_epoch != best:
            self.best_weights_ = np.array(w, dtype=float, copy=True)
        if stop:
            self.stopped_epoch_ = self._rule.epoch
            target = (f"the best, {self._rule.best:.4g}" if self.min_delta == 0 else
                      f"the best minus min_delta, {self._rule.best:.4g} - {self.min_delta:g}")
            return (f"stopped early at epoch {self._rule.epoch}: the held-out loss has not reached {target}, for "
                    f"{self.patience} epochs in a row; the best was at epoch {self._rule.best_epoch}")
        return None
