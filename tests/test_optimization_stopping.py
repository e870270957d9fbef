"""The patience rule of early stopping against scikit-learn's and against a second implementation, and
EarlyStopping as a callback of minimize.

References: scikit-learn's SGDClassifier with early_stopping=True, whose validation scores (printed with
verbose=1) and n_iter_ give the epoch its rule stopped at; a brute-force reading of the rule (the epochs since the
last improving epoch, recounted from scratch at every epoch); the held-out loss of each weight of the trace.
"""

from __future__ import annotations

import contextlib
import io
import re
import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import SGDClassifier

from lecture_utils.datasets import load_breast_cancer
from lecture_utils.logistic import LogisticLoss
from lecture_utils.model_selection import train_test_split
from lecture_utils.optimization import EarlyStopping, PatienceStop, minimize, patience_stop
from lecture_utils.preprocessing import StandardScaler


def _brute_force(losses, patience, min_delta):
    """The rule recounted at each epoch: the epochs since the last one at most min_delta below every loss before it."""
    losses = list(losses)
    for epoch in range(1, len(losses) + 1):
        improving = [e for e in range(1, epoch + 1) if losses[e - 1] <= min(losses[:e - 1], default=np.inf) - min_delta]
        if epoch - max(improving, default=0) >= patience:
            seen = losses[:epoch]
            return epoch, seen.index(min(seen)) + 1
    return None, losses.index(min(losses)) + 1


@pytest.mark.parametrize("seed", range(40))
def test_the_rule_agrees_with_its_brute_force_reading(seed):
    rng = np.random.default_rng(seed)
    losses = np.round(1 / np.arange(1, 41) + rng.normal(scale=0.02, size=40) + 0.002 * np.arange(40), 2)   # ties too
    patience, min_delta = int(rng.integers(1, 6)), float(rng.choice([0.0, 0.005, 0.02]))
    stop = patience_stop(losses, patience, min_delta)
    assert (stop.epoch, stop.best_epoch) == _brute_force(losses, patience, min_delta)


def _sklearn_validation_scores(X, t, patience, tol, seed):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = SGDClassifier(loss="log_loss", early_stopping=True, validation_fraction=0.3, n_iter_no_change=patience,
                              tol=tol, learning_rate="constant", eta0=0.05, max_iter=60, random_state=seed,
                              verbose=1).fit(X, t)
    scores = [float(score) for score in re.findall(r"Validation score: ([-0-9.]+)", out.getvalue())]
    return np.array(scores), model.n_iter_


@pytest.mark.parametrize("patience, tol", [(1, 0.0), (3, 1e-3), (5, 0.0), (2, 0.01), (4, 0.003)])
def test_the_rule_is_scikit_learns(patience, tol):
    # its validation score is an accuracy, higher is better: as a loss, minus the score; ties are frequent
    cancer = load_breast_cancer()
    Z = StandardScaler().fit_transform(cancer.X)
    for seed in range(3):
        scores, n_iter = _sklearn_validation_scores(Z, cancer.y, patience, tol, seed)
        assert len(scores) == n_iter
        stop = patience_stop(-scores, patience, tol)
        assert (stop.epoch or 60) == n_iter


def test_early_stopping_keeps_the_weights_of_the_lowest_held_out_loss():
    cancer = load_breast_cancer()
    Z = StandardScaler().fit_transform(cancer.X)
    Z_train, Z_held, t_train, t_held = train_test_split(Z, cancer.y, test_size=0.75, random_state=1)
    held = LogisticLoss(Z_held, t_held)
    stopper = EarlyStopping(held.loss, patience=10)
    trace = minimize(LogisticLoss(Z_train, t_train), np.zeros(31), "sgd", batch_size=10, learning_rate=0.1,
                     max_iter=120, tol=0, random_state=0, callback=stopper)
    losses = [held.loss(w) for w in trace.weights[1:]]
    np.testing.assert_allclose(stopper.losses_, losses, rtol=1e-15)
    assert trace.status == "stopped" and stopper.stopped_epoch_ == trace.n_iter
    assert patience_stop(losses, 10) == PatienceStop(trace.n_iter, stopper.best_epoch_)
    np.testing.assert_array_equal(stopper.best_weights_, trace.weights[stopper.best_epoch_])
    assert stopper.best_epoch_ == int(np.argmin(losses)) + 1 < trace.n_iter
    assert f"best was at epoch {stopper.best_epoch_}" in trace.message
    with pytest.raises(RuntimeError, match="make a new one"):
        stopper(trace.w)


def test_without_a_stop_the_rule_says_none_and_the_best_epoch():
    assert patience_stop([3.0, 2.0, 1.0], patience=2) == PatienceStop(None, 3)
    assert patience_stop([1.0, 1.0, 1.0], patience=2) == PatienceStop(None, 1)           # a tie improves by 0
    assert patience_stop([1.0, 1.0, 1.0], patience=2, min_delta=1e-9) == PatienceStop(3, 1)
