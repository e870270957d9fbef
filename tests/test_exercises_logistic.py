"""What the generic tests of tests/test_exercises.py do not cover in notebook 04's exercises (issue 32).

References: a walk through the held-out losses by hand (the patience exercise's table), and the notebook's own copy
of them; plain gradient descent in numpy, run ten times longer than the notebook runs it, and the
widest-margin separator, for the growth of the weights on separable data; plain numpy for the scores of the gradient
exercise's hidden case; the standard library's ceiling for the count of steps the O(1/k) bound promises.
"""

import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from scipy.special import expit

from lecture_utils import datasets
from lecture_utils.exercises import logistic as exercises
from lecture_utils.exercises.logistic import descent
from lecture_utils.logistic import LogisticLoss, learning_rate_bound
from lecture_utils.max_margin import max_margin_separator


def test_on_separable_data_each_decade_of_steps_adds_more_to_the_weights_up_to_ln_10_over_gamma():
    """Exercise 9's explanation: ||w_k|| adds 5.9, 10.4, 15.4 and 18.0 per decade, tending to ln 10 / gamma = 19.9
    (not less and less per decade, as "it grows like log k" read)."""
    data = datasets.make_separable(40, 0.1, random_state=1)
    flat = LogisticLoss(data.X, data.y)
    X, t, eta = flat.X, flat.t, learning_rate_bound(data.X) / 2
    w, norms = np.zeros(3), []
    for k in range(1, 100_001):
        w = w - eta * X.T @ (expit(X @ w) - t) / 40
        if k in (10, 100, 1000, 10_000, 100_000):
            norms.append(np.linalg.norm(w))
    norms = np.array(norms)
    np.testing.assert_array_equal(norms[:4].round(2), [4.18, 10.04, 20.45, 35.84])       # as the notebook prints
    np.testing.assert_array_equal(np.diff(norms).round(1), [5.9, 10.4, 15.4, 18.0])
    widest, _ = max_margin_separator(flat.X, 2 * flat.t - 1, fit_intercept=False)
    gamma = 1 / np.linalg.norm(widest)
    assert round(gamma, 3) == 0.116 and round(math.log(10) / gamma, 1) == 19.9
    assert np.all(np.diff(norms) < math.log(10) / gamma)                               # rising towards it
    assert exercises.separable_weights.correct_answer == "b"


def test_the_gradient_exercise_has_a_case_with_the_scores_the_notebook_names():
    X, w = exercises.nll_gradient.cases[2]["X"], exercises.nll_gradient.cases[2]["w"]
    np.testing.assert_array_equal(X @ w, [400.0, -400.0, 1200.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")                               # 1/(1 + e^-z) does not even overflow here
        np.testing.assert_allclose(1 / (1 + np.exp(-(X @ w))), [1.0, 0.0, 1.0], rtol=0, atol=1e-170)
    with np.errstate(over="ignore", invalid="ignore"):
        assert np.isnan(np.exp(X @ w) / (1 + np.exp(X @ w)))[2]      # e^z / (1 + e^z) is inf / inf at z = 1200


def test_the_bound_promises_the_threshold_rounded_up_from_the_numbers_the_question_gives():
    exercise = exercises.steps_promised_by_the_bound
    crossing = 3.0255 * (0.927 ** 2 + 2.5266 ** 2) / (2 * 1e-3)      # L and w* as the question gives them
    assert crossing == pytest.approx(10956.90, abs=0.01) and math.ceil(crossing) == exercise.truth == 10957
    assert descent._bound_crossing() == pytest.approx(10956.80, abs=0.01)               # all digits: the same count
    assert "rounded up" in exercise.check(10956).message and "fewest" in exercise.check(11000).message
    assert "Carry 5 significant figures" in exercise.check(10958).message


def _plain_epoch(X, t, w, eta, batch_size, order, *, divide_by=None, p_from_start=False, sign=-1.0):
    """One epoch of minibatch SGD in plain numpy, with one of the usual slips switched on."""
    p_start = 1 / (1 + np.exp(-(X @ w)))
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        p = p_start[b] if p_from_start else 1 / (1 + np.exp(-(X[b] @ w)))
        w = w + sign * eta * X[b].T @ (p - t[b]) / (divide_by or len(b))
    return w


@pytest.mark.parametrize("slip, words", [
    (dict(divide_by="batch_size"), "its own size, len(b)"),
    (dict(p_from_start=True), "from the current weights"),
    (dict(sign=+1.0), "Check the sign")])
def test_the_usual_slips_of_an_sgd_epoch_get_their_hints(slip, words):
    """Issue 32, round 4: the last minibatch divided by batch_size, p computed once per epoch and the step's sign got
    only expected against got."""
    def student(X, t, w, eta, batch_size, order):
        options = {**slip, "divide_by": batch_size} if slip.get("divide_by") else slip
        return _plain_epoch(X, t, w, eta, batch_size, order, **options)

    feedback = exercises.sgd_epoch.check(student)
    assert feedback.verdict == "wrong" and words in feedback.message
    assert exercises.sgd_epoch.check(lambda *arguments: _plain_epoch(*arguments)).correct


@pytest.mark.parametrize("parts", [lambda n, size: -(-n // size), lambda n, size: max(n // size, 1)])
def test_minibatches_from_np_array_split_get_their_own_hint(parts):
    """Round 5: np.array_split spreads the remainder (7 in threes: 3, 2, 2 or 4, 3), and got only expected against
    got."""
    def student(X, t, w, eta, batch_size, order):
        for b in np.array_split(order, parts(len(order), batch_size)):
            w = w - eta * X[b].T @ (1 / (1 + np.exp(-(X[b] @ w))) - t[b]) / len(b)
        return w

    feedback = exercises.sgd_epoch.check(student)
    assert feedback.verdict == "wrong" and "np.array_split" in feedback.message


def test_the_gradient_s_source_shows_only_after_exercise_2():
    """The package's gradient prints the overflow-safe form the hidden case with the score 1200 tests: it is shown only
    under the exercise's lock, and its code is collapsed."""
    import nbformat
    from pathlib import Path
    notebook = nbformat.read(Path(__file__).resolve().parent.parent / "notebooks" / "04_logistic_regression.ipynb", 4)
    shown = [cell for cell in notebook.cells if cell.cell_type == "code" and "show_source(LogisticLoss.gradient)" in cell.source]
    assert shown and all("if exercises.nll_gradient.revealed():" in cell.source
                         and cell.metadata.get("jupyter", {}).get("source_hidden") for cell in shown)


def test_the_patience_exercise_walks_its_table_to_epoch_15_keeping_epoch_14():
    exercise, losses = exercises.patience_stop_epoch, np.array(exercises.VALIDATION_LOSSES)
    best, waited, improved = np.inf, 0, []
    for loss in losses[:15]:                                          # the solution's table, epoch by epoch
        improved.append(bool(loss <= best - 0.005))
        waited = 0 if improved[-1] else waited + 1
        best = min(best, loss)
    assert waited == 3 and improved == [True] * 4 + [False, False, True, False, False, True, False, True] + [False] * 3
    np.testing.assert_array_equal(exercise.truth, [15, 14])
    assert losses[13] == losses[:15].min() and losses.argmin() == 18                 # epoch 19's is no part of it
    margins = [abs(loss - (min(losses[:e]) - 0.005)) for e, loss in enumerate(losses[1:15], start=1)]
    assert min(margins) >= 0.0009                                     # no comparison is decided by rounding
    for slip, _hint in exercise.slips:
        assert not np.array_equal(slip(), [15, 14])


def test_the_notebook_prints_the_losses_the_patience_exercise_checks():
    source = (Path(__file__).parents[1] / "notebooks/src/04_logistic_regression.py").read_text()
    rows = re.findall(r"^# \| \$V_e\$ \|(.*)\|$", source, flags=re.MULTILINE)            # epochs 1-10, 11-20
    assert [float(cell) for row in rows for cell in row.split("|")] == list(exercises.VALIDATION_LOSSES)


def test_the_best_epoch_slip_names_the_scikit_learn_estimator_that_keeps_the_best():
    """Review 6, defect 12: SGDClassifier returns its last weights; only MLPClassifier(early_stopping=True) keeps the
    best ones, updated on any lower loss (score), as the package's rule does."""
    message = exercises.patience_stop_epoch.check([15, 12]).message
    assert "MLPClassifier" in message and "scikit-learn's rule" not in message
