"""Facts that notebook 01's exercises quote about its own run, checked against the package."""

import re

import numpy as np
import pytest

from lecture_utils.datasets import make_separable
from lecture_utils.exercises import perceptron as ex
from lecture_utils.perceptron import perceptron_trace


def test_the_mistake_counts_quoted_by_exercise_5_are_those_of_the_stepper():
    data = make_separable(n_samples=40, margin=0.1, random_state=1)            # the data of notebook 01
    counts = perceptron_trace(data.X, data.y).n_mistakes()
    exercise = ex.mistakes_during_training
    texts = [exercise.solution] + [option.feedback for option in exercise.options.values()]
    quoted = [[int(n) for n in re.findall(r"\d+", run)]
              for text in texts for run in re.findall(r"goes\s+((?:\**\d+\**, )+\**\d+\**)", text)]
    assert len(quoted) == 2                                                  # the solution and option (c)
    for run in quoted:
        np.testing.assert_array_equal(run, counts[:len(run)])
    jumps = [text for text in texts if "after the third update the count jumps from" in text]
    assert len(jumps) == 2
    assert all(f"jumps from {counts[2]} to {counts[3]}" in text for text in jumps) and counts[3] > counts[2]


def test_an_overflowing_logistic_loss_gets_the_exercises_own_hint():
    def naive(z):                                  # e^-z overflows to inf for z = -1000
        with np.errstate(over="ignore"):
            return np.log2(1 + np.exp(-np.asarray(z, dtype=float)))

    feedback = ex.logistic_in_bits.check(naive)
    assert feedback.message.startswith("hidden case 3 of 4: z=np.array([-1000.0, 1000.0])")
    assert "got      np.array([inf, 0.0])" in feedback.message
    assert "infinity where a finite number is expected" in feedback.message and "np.logaddexp" in feedback.message



def test_a_slip_hint_fires_only_for_a_function_that_behaves_like_the_slip_on_every_case():
    """Issue 32: comparing sgn(x^T w) with t, sgn(0) = -1, gives the weights of a single pass on hidden case 1
    (its t = -1 example scores 0 in the second pass); a student who passes until nothing changes, with that test,
    is told about the tie, never about passes."""
    hints = {slip.__name__: hint for slip, hint in ex.perceptron_algorithm.slips}

    def with_sign_test(X, t, max_epochs):
        w = np.zeros(X.shape[1])
        for _ in range(max_epochs):
            changed = False
            for x_i, t_i in zip(X, t):
                if (1.0 if x_i @ w > 0 else -1.0) != t_i:
                    w, changed = w + t_i * x_i, True
            if not changed:
                break
        return w

    first_case = ex.perceptron_algorithm.cases[0]
    np.testing.assert_array_equal(with_sign_test(**first_case),
                                  ex._one_epoch(**first_case))               # the coincidence
    message = ex.perceptron_algorithm.check(with_sign_test).message
    assert hints["_sign_at_zero_is_minus"] in message and hints["_one_epoch"] not in message

    def wrong_on_the_first_case_only(X, t, max_epochs):            # like no usual slip on every case
        first = len(t) == len(first_case["t"]) and np.array_equal(t, first_case["t"])
        return (ex._one_epoch if first else ex._perceptron_solution)(X, t, max_epochs)

    message = ex.perceptron_algorithm.check(wrong_on_the_first_case_only).message
    assert "hidden case 1 of" in message and not any(hint in message for hint in hints.values())


def test_no_hidden_case_of_exercise_3_is_the_data_of_exercise_5():
    """Issue 32: a failed attempt prints a hidden case with its expected weights; exercise 6's three examples,
    printed so, would give away its count of updates."""
    exercise_5 = np.array([[2.0, 1.0, 1.0], [0.0, 1.0, 1.0], [1.0, -1.0, 1.0]])
    for case in ex.perceptron_algorithm.cases:
        rows = {tuple(row) for row in np.asarray(case["X"])}
        assert not rows >= {tuple(row) for row in exercise_5}, case


def _loop(passes):
    """The box's loop with early stopping, making ``passes(max_epochs)`` passes at most."""
    def perceptron(X, t, max_epochs=100):
        w = np.zeros(X.shape[1])
        for _ in range(passes(max_epochs)):
            mistakes = 0
            for x_i, t_i in zip(X, t):
                if t_i * (x_i @ w) <= 0:
                    w, mistakes = w + t_i * x_i, mistakes + 1
            if mistakes == 0:
                break
        return w
    return perceptron


def test_exercise_3_tests_max_epochs_with_a_case_whose_weights_change_at_every_pass():
    """Round 4 of the reviews: XOR ends every pass at the same weights and every other case converges, so a loop
    with one pass too few or too many, or a hard-coded 100, passed. Hidden case 6 tells them apart, and says how
    many passes the student's loop made."""
    case = ex.perceptron_algorithm.cases[5]
    weights = [tuple(ex._perceptron_fit(case["X"], case["t"], n)) for n in range(1, 201)]
    assert len(set(weights)) == 200                                # never the same weights twice
    assert ex.perceptron_algorithm.check(_loop(lambda n: n)).correct
    for passes, made in ((lambda n: n - 1, 6), (lambda n: n + 1, 8), (lambda n: 100, 100)):
        message = ex.perceptron_algorithm.check(_loop(passes)).message
        assert message.startswith("hidden case 6 of 6") and f"Yours are the weights after {made} passes" in message


def test_case_6_claims_no_pass_count_when_none_explains_the_result():
    """Round 5 of the reviews: a float32 loop makes exactly max_epochs passes, but its weights are off by 1.7e-6; it
    must get the usual diagnosis of the case, not be told that its pass count is wrong."""
    def float32_perceptron(X, t, max_epochs=100):
        X = np.asarray(X, dtype=np.float32)
        return _loop(lambda n: n)(X, t, max_epochs)

    message = ex.perceptron_algorithm.check(float32_perceptron).message
    assert message.startswith("hidden case 6 of 6"), message
    assert "passes" not in message and "max_epochs = 7" not in message, message


def test_the_normalised_bound_forgives_float_noise_and_explains_int():
    assert ex.normalised_bound.check(16 / 0.2 ** 2).correct and 16 / 0.2 ** 2 != 400
    assert "int() cuts off" in ex.normalised_bound.check(int(16 / 0.2 ** 2)).message


def test_section_9_exercises_agree_with_explicit_features_and_references():
    """Issue 36: the dual score is w^T phi(x) in the explicit features; the multiclass update is the package's
    first step from W; the Freund-Schapire bound is the explicit formula; exercise 7's best c balances the margins."""
    from lecture_utils.perceptron_variants import quadratic_features
    phi_train, phi_query = quadratic_features(ex._DUAL_X), quadratic_features(ex._DUAL_QUERY)
    w = (ex._DUAL_ALPHA * ex._DUAL_T) @ phi_train
    assert ex.dual_score.truth == pytest.approx(float(phi_query[0] @ w), rel=1e-12) and ex.dual_score.truth == 28
    W = np.reshape(ex.multiclass_update.truth, (3, 2))
    assert np.argmax(W @ ex._X_MULTI) == ex._T_MULTI                     # the update fixed the example
    np.testing.assert_array_equal(W[1], ex._W_BEFORE[1])                 # the weaker rival did not move
    d = np.maximum(0, 0.5 - np.array([1.0, 0.2, 0.1]))
    assert ex.nonseparable_bound.truth == pytest.approx(((1 + np.sqrt(np.sum(d ** 2))) / 0.5) ** 2, rel=1e-12)
    c, bound = ex.bound_by_hand.truth
    grid = np.linspace(-1.99, 0.99, 2981)
    bounds = [5 * (2 + g ** 2) / min(2 + g, 1 - g) ** 2 for g in grid]
    assert c == pytest.approx(grid[np.argmin(bounds)], abs=1e-3) and bound == pytest.approx(5.0, rel=1e-12)


def test_the_noisy_experiment_numbers_quoted_are_the_notebooks():
    """Exercise 15: the accuracies its feedback quotes come from the notebook's experiment."""
    import warnings
    from lecture_utils import datasets
    from lecture_utils.perceptron import Perceptron
    from lecture_utils.perceptron_variants import AveragedPerceptron, PocketPerceptron
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(30):
            d = datasets.make_separable(1100, margin=0.02, random_state=seed)
            t_noisy = np.where(np.random.default_rng(100 + seed).random(1100) < 0.1, -d.y, d.y)
            rows.append([m.fit(d.X[:100], t_noisy[:100]).score(d.X[100:], d.y[100:]) for m in
                         (Perceptron(max_epochs=20), PocketPerceptron(max_epochs=20), AveragedPerceptron(n_epochs=20))])
    rows = np.array(rows)
    assert round(100 * rows[:, 0].mean()) == 86 and round(100 * rows[:, 0].std()) == 9
    assert round(100 * rows[:, 1].mean()) == 95 and round(100 * rows[:, 2].mean()) == 95
    assert np.sum(rows[:, 1] > rows[:, 0]) > 20 and np.sum(rows[:, 2] > rows[:, 0]) > 20
    for option in ex.noisy_training.options.values():
        assert "86%" in option.feedback and "95%" in option.feedback


def _run_with(test, X, t, max_epochs=100):
    """The numbers (from 1) of the examples each update was made on, trained on ``test(z, t_i)`` from w = 0."""
    w, updates = np.zeros(X.shape[1]), []
    for _ in range(max_epochs):
        before = len(updates)
        for number, (x_i, t_i) in enumerate(zip(X, t), start=1):
            if test(x_i @ w, t_i):
                w, updates = w + t_i * x_i, updates + [number]
        if len(updates) == before:
            return w, updates, True
    return w, updates, False


def test_the_boundary_convention_numbers_quoted_by_exercise_4_are_the_runs():
    """Issue 36: sorted with the 24 examples of t = +1 first, the box's test and np.sign(z) != t update on example 1
    and make 19 updates; g(0) = +1 first updates on example 25 and makes 15; in section 1's order all three agree."""
    from lecture_utils.perceptron import add_bias
    data = make_separable(n_samples=40, margin=0.1, random_state=1)            # the data of notebook 01
    X, t = add_bias(data.X), data.y
    order = np.argsort(-t, kind="stable")
    assert np.sum(t == 1) == 24 and np.all(t[order][:24] == 1)
    box = _run_with(lambda z, t_i: t_i * z <= 0, X[order], t[order])
    sign = _run_with(lambda z, t_i: np.sign(z) != t_i, X[order], t[order])
    neuron = _run_with(lambda z, t_i: (1 if z >= 0 else -1) != t_i, X[order], t[order])
    assert box[1] == sign[1] and box[1][0] == 1 and len(box[1]) == 19 and box[2]
    assert neuron[1][0] == 25 and len(neuron[1]) == 15 and neuron[2]
    assert not np.allclose(box[0], neuron[0])
    for w, _, _ in (box, neuron):                                             # both end separating the data
        assert np.all(t * (X @ w) > 0)
    assert np.array_equal(box[1], perceptron_trace(data.X[order], t[order]).index + 1)   # the box is the package's
    in_order = [_run_with(test, X, t)[1] for test in (lambda z, t_i: t_i * z <= 0, lambda z, t_i: np.sign(z) != t_i,
                                                       lambda z, t_i: (1 if z >= 0 else -1) != t_i)]
    assert t[0] == -1 and in_order[0] == in_order[1] == in_order[2]
    exercise = ex.boundary_convention
    assert exercise.kind == "predict" and exercise.correct_answer == "b"
    assert "15 updates in all against the box's 19" in exercise.solution and "25th" in exercise.solution
    assert "25th" in exercise.options["b"].feedback and "24" in exercise.options["a"].feedback


def test_the_xor_weights_give_every_corner_its_target_and_need_the_product():
    """Issue 36: exercise 12's weights score each corner of XOR at its target (margin 1), are -4 (x1 - 1/2)(x2 - 1/2),
    and no weights without the product feature do; the advice says what an answer does at the corners."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    t = np.array([-1, -1, 1, 1])
    phi = np.column_stack([np.ones(4), X, X[:, 0] * X[:, 1]])
    w = ex.xor_features.truth
    np.testing.assert_allclose(phi @ w, t, atol=1e-12)
    np.testing.assert_allclose(w, [-1, 2, 2, -4], atol=1e-12)
    grid = np.random.default_rng(0).uniform(-2, 3, size=(50, 2))
    np.testing.assert_allclose(np.column_stack([np.ones(50), grid, grid[:, 0] * grid[:, 1]]) @ w,
                               -4 * (grid[:, 0] - 0.5) * (grid[:, 1] - 0.5), atol=1e-12)
    _, residual, _, _ = np.linalg.lstsq(phi[:, :3], t, rcond=None)              # without x1 x2: no exact fit
    assert residual[0] > 1
    halved = ex.xor_features.check([-0.5, 1, 1, -2])
    assert halved.verdict == "wrong" and "separate XOR" in halved.message and "exactly 1" in halved.message
    linear = ex.xor_features.check([-1, 2, 2, 0])
    assert linear.verdict == "wrong" and "(1, 1) on the wrong side" in linear.message


def test_the_multiclass_update_takes_w_as_rows_like_coef_():
    """Review 6, defect 11: W typed as a 3 x 2 array (the shape of coef_) is read as its rows; the message for an
    answer of another shape asks for 6 numbers once."""
    assert ex.multiclass_update.check([[-1, -1], [0, 1], [1, 0]]).correct
    assert ex.multiclass_update.check(np.array([[-1, -1], [0, 1], [1, 0]])).correct
    assert ex.multiclass_update.check([[-1, -1], [0, 1], [0, 0]]).verdict == "wrong"
    message = ex.multiclass_update.check([[1, 2]]).message
    assert ex.multiclass_update.check([[1, 2]]).verdict == "invalid" and message.count("numbers") == 1
