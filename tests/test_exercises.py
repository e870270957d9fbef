"""The self-checks accept the right answers (computed here by hand) and hint at the usual slips."""

import numpy as np
import pytest

from lecture_utils.exercises import perceptron as ex


def test_placeholder_asks_for_an_answer():
    for feedback in (ex.check_update([0, 0, 0], [1, 1], 1, ...), ex.check_update_count([[1, 1]], [1], ...),
                     ex.check_bound([[1.0]], [1], [1.0], ..., 1, 1), ex.check_signed_distance([1, 0], 0, [1, 1], ...)):
        assert not feedback and "Replace the ..." in repr(feedback)


def test_signed_distance():
    # w = (3, 4), b = -5, x = (3, 4): y = 9 + 16 - 5 = 20, ||w|| = 5, r = 4
    assert ex.check_signed_distance([3, 4], -5, [3, 4], 4.0)
    assert ex.check_signed_distance([3, 4], -5, [3, 4], 4.0004)        # rounding is fine
    assert "sign" in repr(ex.check_signed_distance([3, 4], -5, [3, 4], -4.0))
    assert "divide it by the length" in repr(ex.check_signed_distance([3, 4], -5, [3, 4], 20.0))


def test_update():
    # w = (1, -1, 0.5), x = (2, 1), t = -1: t x^T w = -(2 - 1 + 0.5) = -1.5 <= 0, so w - (2, 1, 1)
    w, x = [1.0, -1.0, 0.5], [2.0, 1.0]
    assert ex.check_update(w, x, -1, [-1.0, -2.0, -0.5])
    assert "bias" in repr(ex.check_update(w, x, -1, [-1.0, -2.0, 0.5]))
    assert "sign" in repr(ex.check_update(w, x, -1, [3.0, 0.0, 1.5]))
    assert "3 numbers" in repr(ex.check_update(w, x, -1, [1.0, 2.0]))
    # t = +1: margin 1.5 > 0, the weights stay
    assert ex.check_update(w, x, 1, w)
    assert "already correct" in repr(ex.check_update(w, x, 1, [3.0, 0.0, 1.5]))


def test_bound():
    # rows (2, 0, 1) and (0, 1, 1): R = sqrt(5); w* = (1, -1, 0): margins 2 and 1, gamma = 1; bound 5 * 2 = 10
    X, t, w_star = [[2.0, 0.0, 1.0], [0.0, 1.0, 1.0]], [1, -1], [1.0, -1.0, 0.0]
    assert ex.check_bound(X, t, w_star, np.sqrt(5), 1.0, 10.0)
    feedback = ex.check_bound(X, t, w_star, 1.5, 1.0, 10.0)
    assert not feedback and "largest length" in repr(feedback) and "smallest" not in repr(feedback)
    assert "smallest" in repr(ex.check_bound(X, t, w_star, np.sqrt(5), 2.0, 10.0))


def test_update_count():
    # by hand: x0 = (1, 1, 1), t = +1 -> w = (1, 1, 1); x1 = (2, -1, 1), t = -1: -2 -> w = (-1, 2, 0);
    # epoch 2 has no mistakes: 2 updates
    X, t = [[1, 1], [2, -1]], [1, -1]
    assert ex.check_update_count(X, t, 2)
    assert "too few" in repr(ex.check_update_count(X, t, 1))
    assert "too many" in repr(ex.check_update_count(X, t, 3))


@pytest.mark.parametrize("answer", ["two", None])
def test_nonsense_answers_get_a_hint_not_an_error(answer):
    assert not ex.check_update([1.0, 0.0, 0.0], [1.0, 1.0], 1, answer)
    assert not ex.check_signed_distance([3, 4], -5, [3, 4], answer)
    assert not ex.check_bound([[1.0]], [1], [1.0], answer, 1.0, 1.0)
    assert "whole number" in repr(ex.check_update_count([[1, 1], [2, -1]], [1, -1], answer))
