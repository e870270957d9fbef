"""The self-checks of notebook 03 accept the right answers (computed here by hand) and hint at the usual slips."""

import math

import numpy as np
import pytest

from lecture_utils.exercises import mle as ex

COIN = [1, 0, 1, 1, 0]                       # h = 3 of n = 5
DIE = [3, 5, 2, 6, 4, 0]                     # N = 20
SAMPLE = [2, 4, 4, 5, 7, 8]                  # mean 5; squared deviations 9 1 1 0 4 9, sum 24
T, P = [1, 0, 0], [0.9, 0.2, 0.6]            # probabilities of the targets 0.9, 0.8, 0.4


def hint(feedback) -> str:
    assert not feedback, f"accepted a wrong answer: {feedback!r}"
    return repr(feedback)


def test_placeholders_ask_for_an_answer():
    for feedback in (ex.check_likelihood_integral([1, 0], ...), ex.check_log_likelihood(COIN, 0.6, ...),
                     ex.check_categorical_mle(DIE, ...), ex.check_gaussian_mle(SAMPLE, ..., ...),
                     ex.check_gaussian_mle(SAMPLE, 5.0, ...), ex.check_mean_nll(T, P, ...)):
        assert not feedback and "Replace the ..." in repr(feedback)


def test_likelihood_integral():
    # x = (1, 1, 0, 0): int_0^1 phi^2 (1 - phi)^2 dphi = 2! 2! / 5! = 4 / 120 = 1/30
    x = [1, 1, 0, 0]
    assert ex.check_likelihood_integral(x, 1 / 30)
    assert ex.check_likelihood_integral(x, 0.03333)                   # rounded by hand
    assert "not a density" in hint(ex.check_likelihood_integral(x, 1.0))
    assert "height of the peak" in hint(ex.check_likelihood_integral(x, 0.5 ** 4))      # L(1/2) = 1/16
    assert "binomial" in hint(ex.check_likelihood_integral(x, 6 / 30))  # C(4, 2) / 30 = 1/(n + 1)
    assert "(n + 1)!" in hint(ex.check_likelihood_integral(x, 4 / 24))  # 2! 2! / 4!
    assert "h! (n - h)! / (n + 1)!" in hint(ex.check_likelihood_integral(x, 0.3))
    # x = (1, 0, 1): 2! 1! / 4! = 1/12
    assert ex.check_likelihood_integral([1, 0, 1], 1 / 12)


def test_log_likelihood():
    truth = 3 * math.log(0.6) + 2 * math.log(0.4)                    # -3.36506
    assert ex.check_log_likelihood(COIN, 0.6, truth)
    assert ex.check_log_likelihood(COIN, 0.6, -3.365)
    assert "sign" in hint(ex.check_log_likelihood(COIN, 0.6, -truth))
    assert "take its logarithm" in hint(ex.check_log_likelihood(COIN, 0.6, 0.6 ** 3 * 0.4 ** 2))
    assert "swapped" in hint(ex.check_log_likelihood(COIN, 0.6, 3 * math.log(0.4) + 2 * math.log(0.6)))
    assert "base 10" in hint(ex.check_log_likelihood(COIN, 0.6, 3 * math.log10(0.6) + 2 * math.log10(0.4)))
    assert "base 2" in hint(ex.check_log_likelihood(COIN, 0.6, 3 * math.log2(0.6) + 2 * math.log2(0.4)))
    assert "sum" in hint(ex.check_log_likelihood(COIN, 0.6, truth / 5))
    assert "h log(phi) + (n - h) log(1 - phi)" in hint(ex.check_log_likelihood(COIN, 0.6, -1.0))


def test_categorical_mle():
    truth = [0.15, 0.25, 0.10, 0.30, 0.20, 0.0]
    feedback = ex.check_categorical_mle(DIE, truth)
    assert feedback and "never rolled gets 0" in repr(feedback)
    assert ex.check_categorical_mle(DIE, np.array(truth))
    assert "divide them by the number of rolls N = 20" in hint(ex.check_categorical_mle(DIE, DIE))
    assert "Laplace" in hint(ex.check_categorical_mle(DIE, [(c + 1) / 26 for c in DIE]))
    assert "uniform" in hint(ex.check_categorical_mle(DIE, [1 / 6] * 6))
    assert "sum to 1.2" in hint(ex.check_categorical_mle(DIE, [0.15, 0.25, 0.1, 0.3, 0.2, 0.2]))
    assert "n_k / N" in hint(ex.check_categorical_mle(DIE, [0.25, 0.15, 0.1, 0.3, 0.2, 0.0]))
    assert "Give 6 numbers" in hint(ex.check_categorical_mle(DIE, [0.5, 0.5]))


def test_gaussian_mle():
    feedback = ex.check_gaussian_mle(SAMPLE, 5.0, 4.0)
    assert feedback and "4.8" in repr(feedback)                       # names the unbiased one too
    assert "N - 1" in hint(ex.check_gaussian_mle(SAMPLE, 5.0, 24 / 5))
    assert "standard deviation" in hint(ex.check_gaussian_mle(SAMPLE, 5.0, 2.0))
    assert "square root of the 1/(N - 1)" in hint(ex.check_gaussian_mle(SAMPLE, 5.0, math.sqrt(4.8)))
    assert "subtract the mean" in hint(ex.check_gaussian_mle(SAMPLE, 5.0, 174 / 6))   # mean of x^2
    only_mu = hint(ex.check_gaussian_mle(SAMPLE, 4.0, 4.0))
    assert "sample mean" in only_mu and "sigma2" not in only_mu
    assert "mean squared deviation" in hint(ex.check_gaussian_mle(SAMPLE, 5.0, 3.0))


def test_mean_nll():
    truth = -(math.log(0.9) + math.log(0.8) + math.log(0.4)) / 3      # 0.41493
    assert ex.check_mean_nll(T, P, truth)
    assert ex.check_mean_nll(T, P, 0.4149)
    assert "sign" in hint(ex.check_mean_nll(T, P, -truth))
    assert "mean" in hint(ex.check_mean_nll(T, P, 3 * truth))
    assert "1 - p_i" in hint(ex.check_mean_nll(T, P, -(math.log(0.9) + math.log(0.2) + math.log(0.6)) / 3))
    assert "bits" in hint(ex.check_mean_nll(T, P, truth / math.log(2)))
    assert "average -log" in hint(ex.check_mean_nll(T, P, 1.0))


@pytest.mark.parametrize("answer", ["two", None, True, [0.1, 0.2], float("nan"), {"a": 1}])
def test_nonsense_answers_get_a_hint_not_an_error(answer):
    assert "one number" in hint(ex.check_likelihood_integral([1, 0], answer))
    assert "one number" in hint(ex.check_log_likelihood(COIN, 0.6, answer))
    assert "Give 6 numbers" in hint(ex.check_categorical_mle(DIE, answer))
    assert "one number each" in hint(ex.check_gaussian_mle(SAMPLE, answer, 4.0))
    assert "one number each" in hint(ex.check_gaussian_mle(SAMPLE, 5.0, answer))
    assert "one number" in hint(ex.check_mean_nll(T, P, answer))


def test_a_model_that_gives_the_target_probability_zero_is_handled():
    # p = 1 for a t = 0 example: the true loss is infinite, and no finite answer is accepted
    assert not ex.check_mean_nll([0, 1], [1.0, 0.5], 0.3466)
    assert not ex.check_mean_nll([0, 1], [1.0, 0.5], float("inf"))
