"""What the generic tests of tests/test_exercises.py do not cover in notebook 05's exercises.

References: exact fractions and the standard library's math for the hand answers; a Hessian built
with numpy's diagonal matrix, an implementation a student may reasonably submit.
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


def test_the_newton_step_reports_the_case_of_negative_curvature():
    feedback = exercises.newton_step_1d.check(exercises._newton_step_absolute)
    assert feedback.message.startswith("hidden case 4 of 5: f_prime=x^3 - x, f_second=3 x^2 - 1, x=0.3")
    assert "expected -0.0739726" in feedback.message and "|f''(x)|" in feedback.message

