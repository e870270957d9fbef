"""What the generic tests of tests/test_exercises.py do not cover in notebook 05's exercises.

References: exact fractions and the standard library's math for the hand answers; a Hessian built
with numpy's diagonal matrix and a Newton step by the normal equations, implementations a student may
reasonably submit and the exercises forbid (issue 32: the check catches both, and says what was built or
what was lost); exact fractions for the ill-conditioned Newton step; chord gaps on a grid for the convexity
exercise; numpy's SVD rank for the flat directions of the softmax Hessian; exact fractions for the optimality
conditions of the L1 step's landing point.
"""

import math
import time
import warnings
from fractions import Fraction

import numpy as np
import pytest

from lecture_utils.exercises import newton as exercises
from lecture_utils.exercises.newton import convexity_and_newton, irls_and_variants
from lecture_utils.exercises._core import Outcome
from lecture_utils.logistic import LogisticLoss
from lecture_utils.optimization import minimize


def test_the_hand_answers_agree_with_independent_references():
    # theta a^2 + (1 - theta) b^2 - (theta a + (1 - theta) b)^2 at a = -1, b = 3, theta = 1/4, exactly
    theta = Fraction(1, 4)
    assert theta * 1 + (1 - theta) * 9 - (theta * -1 + (1 - theta) * 3) ** 2 == exercises.chord_above_parabola.correct_answer
    assert math.ceil(math.log(1e-11) / math.log(0.9)) == exercises.steps_to_twelve_digits.correct_answer == 241
    assert exercises.newton_on_sqrt.correct_answer == pytest.approx(-0.8 ** 3, rel=1e-15)
    # z = ln 3: p = 3/4, s = 3/16 and r = ln 3 + (0 - 3/4) / (3/16)
    p = Fraction(3, 4)
    r, s = exercises.working_response_by_hand.correct_answer
    assert s == p * (1 - p) and r == pytest.approx(math.log(3) + float((0 - p) / (p * (1 - p))), rel=1e-15)


def test_a_hessian_built_with_a_diagonal_matrix_is_caught_and_the_model_solution_is_quiet():
    def with_diag(X, w):
        p = 1 / (1 + np.exp(-(X @ w)))
        return X.T @ np.diag(p * (1 - p)) @ X / len(X)

    def with_eye(X, w):
        p = 1 / (1 + np.exp(-(X @ w)))
        return X.T @ (np.eye(len(X)) * (p * (1 - p))) @ X / len(X)

    for built in (with_diag, with_eye):                   # right on the small cases, refused on N = 8 000 000
        feedback = exercises.logistic_hessian.check(built)
        assert feedback.verdict == "wrong" and feedback.message.startswith("hidden case 5 of 5: X=<an array of shape")
        assert "raised MemoryError" in feedback.message and "np.diag(s)" in feedback.message
        assert "N = 8 000 000" in feedback.message and "512 TB" in feedback.message
    assert 8 * convexity_and_newton._N_LARGE ** 2 > 2 ** 48                   # beyond every usual process's addresses
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert exercises.logistic_hessian.check(exercises.logistic_hessian.correct_answer).correct


def test_the_large_hessian_case_is_quick_for_a_vectorised_function_and_slow_for_a_loop():
    case = exercises.logistic_hessian.cases[-1]
    assert case["X"].shape == (convexity_and_newton._N_LARGE, 1) and not case["X"].flags.writeable    # a view: no memory
    start = time.perf_counter()
    assert exercises.logistic_hessian.check(lambda X, w: convexity_and_newton._hessian_solution(X, w)).correct
    assert time.perf_counter() - start < exercises.logistic_hessian.time_limit     # the whole check, well within one case's limit
    note = convexity_and_newton._large_case_note(Outcome(timed_out=True))
    assert "Python loop" in note and convexity_and_newton._large_case_note(Outcome(value=1.0)) == ""


def test_the_claims_of_the_convexity_exercise_hold_on_numbers():
    # e^x + |x| passes every chord test on a grid; e^x - |x|, with the same f'' away from 0, fails at the kink
    grid = np.linspace(-3, 3, 61)
    theta = np.linspace(0, 1, 11)[:, None, None]
    a, b = grid[None, :, None], grid[None, None, :]
    for f, convex in ((lambda x: np.exp(x) + np.abs(x), True), (lambda x: np.exp(x) - np.abs(x), False)):
        gaps = theta * f(a) + (1 - theta) * f(b) - f(theta * a + (1 - theta) * b)
        assert (gaps.min() >= -1e-12) == convex
    assert 0.5 * (np.exp(-1) - 1) + 0.5 * (np.exp(1) - 1) < 1.0        # the chord from -1 to 1 passes below f(0) = 1


def _exact_newton_point_from_zero(X, t):
    """Newton's point from w = 0 in exact fractions: there s_i = 1/4 and r_i = 4 t_i - 2, so it solves X^T X v = X^T r."""
    rows = [[Fraction(float(x)) for x in row] for row in X]
    r = [4 * Fraction(float(target)) - 2 for target in t]
    (a, b), (c, d) = [[sum(row[j] * row[k] for row in rows) for k in range(2)] for j in range(2)]
    e, f = [sum(row[j] * r_i for row, r_i in zip(rows, r)) for j in range(2)]
    return (d * e - b * f) / (a * d - b * c), (a * f - c * e) / (a * d - b * c)     # Cramer's rule


def test_a_newton_step_by_the_normal_equations_loses_the_ill_conditioned_case():
    def normal_equations(X, t, w):                     # X^T S X v = X^T S r, solved directly
        p = 1 / (1 + np.exp(-(X @ w)))
        s = p * (1 - p)
        return np.linalg.solve(X.T @ (s[:, None] * X), X.T @ (s * (X @ w) + (t - p)))

    def newton_form(X, t, w):                          # w - H^-1 grad E
        p = 1 / (1 + np.exp(-(X @ w)))
        return w - np.linalg.solve(X.T @ ((p * (1 - p))[:, None] * X), X.T @ (p - t))

    def by_qr(X, t, w):                                # least squares by hand: right
        y = X @ w
        p = 1 / (1 + np.exp(-y))
        root = np.sqrt(p * (1 - p))
        Q, R = np.linalg.qr(root[:, None] * X)
        return np.linalg.solve(R, Q.T @ (root * (y + (t - p) / root ** 2)))

    case = exercises.irls_by_least_squares.cases[-1]
    exact = np.array([float(v) for v in _exact_newton_point_from_zero(case["X"], case["t"])])
    np.testing.assert_allclose(exact, [1.0, 1.0], rtol=1e-6)                          # fitted exactly, up to rounding
    np.testing.assert_allclose(irls_and_variants._newton_point(**case), exact, rtol=1e-8)      # the reference: lstsq
    assert 1e7 < np.linalg.cond(case["X"]) < 3e7
    for squared in (normal_equations, newton_form):
        assert np.max(np.abs(squared(**case) - exact)) > 1e-4                           # digits lost, on any BLAS
        feedback = exercises.irls_by_least_squares.check(squared)
        assert feedback.verdict == "wrong" and feedback.message.startswith("hidden case 5 of 5")
        assert "squares that condition number" in feedback.message and "np.linalg.lstsq" in feedback.message
    assert exercises.irls_by_least_squares.check(by_qr).correct
    for case in exercises.irls_by_least_squares.cases[:-1]:       # the lstsq reference is the package's Newton step
        objective = LogisticLoss(case["X"], case["t"], fit_intercept=False)
        np.testing.assert_allclose(irls_and_variants._newton_point(**case),
                                   minimize(objective, case["w"], "newton", max_iter=1, tol=0).weights[1], rtol=1e-10)


def test_the_flat_directions_are_d_plus_one():
    # the null space of the unpenalised softmax Hessian, by numpy's rank (an SVD), not the package's rule
    from lecture_utils.datasets import load_iris
    from lecture_utils.logistic import SoftmaxLoss
    iris = load_iris()
    objective = SoftmaxLoss(iris.X, iris.y)
    H = objective.hessian(np.random.default_rng(1).normal(scale=0.2, size=15))
    assert 15 - np.linalg.matrix_rank(H) == exercises.softmax_null_directions.correct_answer == 4 + 1


def test_the_l1_step_lands_where_the_optimality_conditions_hold_in_exact_fractions():
    # 1/2 w^T H w - b^T w + 1/2 ||w||_1 with H = [[1, 9/10], [9/10, 1]], b = (-3/2, -3/5), at the answer (-1, 0)
    half, w1, w2 = Fraction(1, 2), *(Fraction(value) for value in exercises.orthant_newton_step.correct_answer)
    assert (w1, w2) == (-1, 0)
    g1, g2 = w1 + Fraction(9, 10) * w2 + Fraction(3, 2), Fraction(9, 10) * w1 + w2 + Fraction(3, 5)
    assert g1 - half == 0 and abs(g2) <= half               # g1 + lambda sign(w1) = 0; |g2| <= lambda at w2 = 0
    # the step on both freed weights would move w2 up, against its sign: H d = v = (1, 1/10) by Cramer's rule
    det = 1 - Fraction(81, 100)
    d2 = (1 * Fraction(1, 10) - Fraction(9, 10) * 1) / det
    assert -d2 > 0


def test_exercise_7_s_solution_stops_before_exercise_8_s_answer():
    """Its solution is offered once exercise 7 is answered, before exercise 8 asks what happens from 1.2."""
    solution = exercises.newton_on_sqrt.solution
    assert "-0.512" in solution and "x_k^3" in solution
    assert not any(word in solution for word in ("diverge", "cycle", "converge", "|x_0| > 1"))


def test_a_loop_that_is_right_but_slow_is_told_so():
    note = convexity_and_newton._large_case_note(Outcome(timed_out=True))
    assert "too slow, not endless" in note and "vectorised" in note


def _plain_newton(X, t, tol):
    """Newton's method from 0 on the mean logistic loss in plain numpy, stopped at ||grad E|| <= tol: its iterates,
    and at each its gradient and Newton decrement."""
    w, iterates, gradients, decrements = np.zeros(X.shape[1]), [], [], []
    while True:
        p = 1 / (1 + np.exp(-(X @ w)))
        g, H = X.T @ (p - t) / len(t), X.T @ ((p * (1 - p))[:, None] * X) / len(t)
        iterates.append(w)
        gradients.append(np.linalg.norm(g))
        decrements.append(np.sqrt(g @ np.linalg.solve(H, g)))
        if gradients[-1] <= tol:
            return np.array(iterates), np.array(gradients), np.array(decrements)
        w = w - np.linalg.solve(H, g)


def test_the_count_of_newton_s_steps_in_minutes_depends_on_the_stopping_test_the_iterates_do_not():
    """Exercise 11's after-answer block: the same 5 steps at ||grad E|| <= 1e-13 (section 7's test), but at 1e-9 the
    hours stop after 4 (9.4e-10) and the minutes after 5 (5.6e-8); the Newton decrement is the same in both units."""
    from scipy.special import expit
    rng = np.random.default_rng(5)                                   # notebook 05's running example
    hours = rng.normal(3.0, 1.0, size=60)
    passed = (rng.uniform(size=60) < expit(1.5 * hours - 4.5)).astype(int)
    in_hours, in_minutes = np.column_stack([hours, np.ones(60)]), np.column_stack([60 * hours, np.ones(60)])
    for tol, counts in ((1e-13, (5, 5)), (1e-9, (4, 5))):
        runs = [_plain_newton(X, passed, tol) for X in (in_hours, in_minutes)]
        assert tuple(len(run[0]) - 1 for run in runs) == counts
    (w_h, g_h, d_h), (w_m, g_m, d_m) = (_plain_newton(X, passed, 1e-13) for X in (in_hours, in_minutes))
    np.testing.assert_allclose(w_m * [60, 1], w_h, rtol=1e-12, atol=1e-12)
    assert f"{g_h[4]:.1e}" == "9.4e-10" and f"{g_m[4]:.1e}" == "5.6e-08"
    np.testing.assert_allclose(d_m[:5], d_h[:5], rtol=1e-6)


def test_the_wolfe_interval_is_the_hand_solution_of_both_inequalities():
    # phi(a) = (a - 2)^2 + 1, phi(0) = 5, phi'(0) = -4, c1 = 1/4, c2 = 1/2: decrease a^2 - 3a <= 0, curvature a >= 1
    c1, c2 = Fraction(1, 4), Fraction(1, 2)
    largest = 4 - (-4 * c1) * -1                          # (a - 2)^2 + 1 <= 5 + c1 a (-4): a (a - 4 + 4 c1) <= 0
    smallest = 2 + c2 * -4 / 2                            # 2 (a - 2) >= c2 (-4)
    assert [smallest, largest] == [1, 3] == exercises.wolfe_steps.correct_answer
    assert np.allclose(exercises.wolfe_steps.truth, [1, 3], rtol=0, atol=1e-12)


def test_the_probit_weights_are_the_hand_formulas_at_50_digits():
    import mpmath
    mpmath.mp.dps = 50
    phi, Phi = mpmath.npdf(1), mpmath.ncdf(1)
    mills = phi / Phi
    expected, observed = exercises.probit_information.correct_answer
    assert expected == pytest.approx(float(phi ** 2 / (Phi * (1 - Phi))), rel=1e-14)
    assert observed == pytest.approx(float(mills * (1 + mills)), rel=1e-14)
    # the expectation of the observed weight over t ~ Bernoulli(Phi(1)) is the expected weight
    mills_0 = phi / (1 - Phi)
    assert Phi * mills * (1 + mills) + (1 - Phi) * mills_0 * (-1 + mills_0) == pytest.approx(phi ** 2 / (Phi * (1 - Phi)))


def test_the_moderated_prediction_is_the_hand_computation():
    # sigma_a^2 = x~^T S_N x~ with x~ = (3, 1), exactly; kappa = (1 + pi 5.3 / 8)^(-1/2), p = sigma(kappa)
    x, S = (Fraction(3), Fraction(1)), ((Fraction(1, 2), Fraction(1, 10)), (Fraction(1, 10), Fraction(1, 5)))
    variance = sum(x[i] * S[i][j] * x[j] for i in range(2) for j in range(2))
    assert variance == Fraction(53, 10)
    answer = exercises.laplace_predictive.correct_answer
    assert answer[0] == pytest.approx(5.3, rel=1e-15)
    assert answer[1] == pytest.approx(1 / (1 + math.exp(-1 / math.sqrt(1 + math.pi * 5.3 / 8))), rel=1e-15)


@pytest.mark.parametrize("answer, hint", [([4.7, 0.644], "counts twice"), ([4.7, 0.65], "counts twice"),
                                          ([4.7, 0.6], "counts twice"), ([4.5, 0.64], "The bias is a weight"),
                                          ([5.3, 0.570], "0.570 is kappa"), ([5.3, 0.57], "0.570 is kappa")])
def test_a_slip_in_the_predictive_is_named_whatever_p_was_rounded_to(answer, hint):
    # the variance alone names its slip (review round 6, defect 5); kappa given as p gets its own hint
    feedback = exercises.laplace_predictive.check(answer)
    assert feedback.verdict == "wrong" and hint in feedback.message


def test_the_dogleg_step_is_the_hand_solution_of_its_quadratic():
    # p_U = (-0.8, -0.8), p_N - p_U = (-1.2, 0.3): 1.53 tau^2 + 1.44 tau - 0.97 = 0, the larger root
    tau = (-1.44 + math.sqrt(1.44 ** 2 + 4 * 1.53 * 0.97)) / (2 * 1.53)
    assert exercises.dogleg_by_hand.correct_answer == pytest.approx([-0.8 - 1.2 * tau, -0.8 + 0.3 * tau], rel=1e-9)
