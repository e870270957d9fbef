"""What the generic tests of tests/test_exercises.py do not cover in notebook 05's exercises.

References: exact fractions and the standard library's math for the hand answers; a Hessian built
with numpy's diagonal matrix and a Newton step by the normal equations, implementations a student may
reasonably submit; chord gaps on a grid for the convexity exercise; numpy's SVD rank for the flat
directions of the softmax Hessian; exact fractions for the optimality conditions of the L1 step's landing point.
"""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

from lecture_utils.exercises import newton as exercises


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


def test_a_hessian_built_with_a_diagonal_matrix_is_right_and_the_model_solution_is_quiet():
    def with_diag(X, w):
        p = 1 / (1 + np.exp(-(X @ w)))
        return X.T @ np.diag(p * (1 - p)) @ X / len(X)

    assert exercises.logistic_hessian.check(with_diag).correct              # right numbers (the text says why not)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert exercises.logistic_hessian.check(exercises._hessian_solution).correct


def test_the_claims_of_the_convexity_exercise_hold_on_numbers():
    # e^x + |x| passes every chord test on a grid; e^x - |x|, with the same f'' away from 0, fails at the kink
    grid = np.linspace(-3, 3, 61)
    theta = np.linspace(0, 1, 11)[:, None, None]
    a, b = grid[None, :, None], grid[None, None, :]
    for f, convex in ((lambda x: np.exp(x) + np.abs(x), True), (lambda x: np.exp(x) - np.abs(x), False)):
        gaps = theta * f(a) + (1 - theta) * f(b) - f(theta * a + (1 - theta) * b)
        assert (gaps.min() >= -1e-12) == convex
    assert 0.5 * (np.exp(-1) - 1) + 0.5 * (np.exp(1) - 1) < 1.0        # the chord from -1 to 1 passes below f(0) = 1


def test_a_newton_step_by_the_normal_equations_is_right_and_the_flat_directions_are_d_plus_one():
    def normal_equations(X, t, w):                     # X^T S X v = X^T S r, solved directly: also right
        p = 1 / (1 + np.exp(-(X @ w)))
        s = p * (1 - p)
        return np.linalg.solve(X.T @ (s[:, None] * X), X.T @ (s * (X @ w) + (t - p)))

    assert exercises.irls_by_least_squares.check(normal_equations).correct
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
