"""The self-checks of notebook 02 accept the right answers (worked out here by hand) and name the usual slips."""

import numpy as np
import pytest

from lecture_utils.exercises import information as ex

LN2 = np.log(2)

# The distributions of the notebook's exercises. By hand, in bits:
# H(P) = 1/2 * 1 + 2 * 1/4 * 2 = 1.5;  H(Q) = 2 * 1/8 * 3 + 3/4 * log2(4/3) = 0.75 + 0.75 * (2 - log2 3)
# H(P, Q) = 1/2 * 3 + 1/4 * 3 + 1/4 * log2(4/3) = 2.25 + 0.25 * (2 - log2 3)
# H(Q, P) = 1/8 * 1 + 1/8 * 2 + 3/4 * 2 = 1.875
P, Q = [0.5, 0.25, 0.25], [0.125, 0.125, 0.75]
LOG2_3 = np.log(3) / LN2
H_P, H_Q = 1.5, 0.75 + 0.75 * (2 - LOG2_3)
H_PQ, H_QP = 2.25 + 0.25 * (2 - LOG2_3), 1.875
KL_PQ, KL_QP = H_PQ - H_P, H_QP - H_Q


def test_placeholders_ask_for_an_answer():
    for feedback in (ex.check_entropy_bits(P, ...), ex.check_gaussian_entropy(0.1, ...),
                     ex.check_cross_entropies(P, Q, ..., 1.0), ex.check_cross_entropies(P, Q, 1.0, ...),
                     ex.check_kl_divergences(P, Q, ..., ...)):
        assert not feedback and "Replace the ..." in repr(feedback)


def test_entropy_in_bits():
    p = [0.25, 0.25, 0.25, 0.125, 0.125]                     # 3 * 1/4 * 2 + 2 * 1/8 * 3 = 2.25 bits
    assert ex.check_entropy_bits(p, 2.25)
    assert ex.check_entropy_bits(p, 2.2501)                  # rounded by hand
    assert ex.check_entropy_bits([0.0, 1.0], 0.0)            # 0 log 0 = 0: no surprise
    assert "in nats" in repr(ex.check_entropy_bits(p, 2.25 * LN2))
    assert "minus sign" in repr(ex.check_entropy_bits(p, -2.25))
    assert "without weighting" in repr(ex.check_entropy_bits(p, 3 * 2 + 2 * 3))
    assert "more than log2 5" in repr(ex.check_entropy_bits(p, 2.5))
    assert "multiply by P(x)" in repr(ex.check_entropy_bits(p, 2.0))


def test_gaussian_entropy_in_nats():
    # 1/2 log(2 pi e) = 1.41894 nats; with sigma = 0.1 add log 0.1 = -2.30259: -0.88365, negative
    truth = 0.5 * np.log(2 * np.pi * np.e) + np.log(0.1)
    assert truth == pytest.approx(-0.88365, abs=1e-5)
    feedback = ex.check_gaussian_entropy(0.1, -0.8836)
    assert feedback and "negative" in repr(feedback)
    assert "in bits" in repr(ex.check_gaussian_entropy(0.1, truth / LN2))
    assert "absolute value" in repr(ex.check_gaussian_entropy(0.1, 0.8836))
    assert "Square sigma" in repr(ex.check_gaussian_entropy(0.1, 0.5 * np.log(2 * np.pi * np.e * 0.1)))
    assert "lost the e" in repr(ex.check_gaussian_entropy(0.1, 0.5 * np.log(2 * np.pi * 0.01)))
    assert "1/2 log(2 pi e sigma^2)" in repr(ex.check_gaussian_entropy(0.1, 3.0))
    assert "negative" not in repr(ex.check_gaussian_entropy(2.0, 0.5 * np.log(2 * np.pi * np.e * 4)))


def test_cross_entropies_in_bits():
    assert H_PQ == pytest.approx(2.3538, abs=1e-4) and H_QP == 1.875
    feedback = ex.check_cross_entropies(P, Q, H_PQ, H_QP)
    assert feedback and "changes the value" in repr(feedback)
    assert "swapped" in repr(ex.check_cross_entropies(P, Q, H_QP, H_PQ))
    feedback = ex.check_cross_entropies(P, Q, H_PQ * LN2, H_QP)
    assert "H(P, Q) is in nats" in repr(feedback) and "H(Q, P)" not in repr(feedback)
    assert "H(Q, P) has the wrong sign" in repr(ex.check_cross_entropies(P, Q, H_PQ, -H_QP))
    assert "entropy of P" in repr(ex.check_cross_entropies(P, Q, H_P, H_QP))
    assert "Recompute H(Q, P) = -sum_x Q(x) log2 P(x)" in repr(ex.check_cross_entropies(P, Q, H_PQ, 1.0))


def test_kl_divergences_in_bits():
    assert KL_PQ == pytest.approx(0.8538, abs=1e-4) and KL_QP == pytest.approx(0.8137, abs=1e-4)
    feedback = ex.check_kl_divergences(P, Q, KL_PQ, KL_QP)
    assert feedback and "KL(P||Q) is larger" in repr(feedback)
    assert "KL(Q||P) is larger" in repr(ex.check_kl_divergences(Q, P, KL_QP, KL_PQ))
    assert "swapped" in repr(ex.check_kl_divergences(P, Q, KL_QP, KL_PQ))
    assert "cross-entropy H(P, Q)" in repr(ex.check_kl_divergences(P, Q, H_PQ, KL_QP))
    assert "cross-entropy H(Q, P)" in repr(ex.check_kl_divergences(P, Q, KL_PQ, H_QP))
    assert "never negative" in repr(ex.check_kl_divergences(P, Q, -KL_PQ, KL_QP))
    assert "KL(Q||P) is in nats" in repr(ex.check_kl_divergences(P, Q, KL_PQ, KL_QP * LN2))
    assert "Recompute KL(P||Q)" in repr(ex.check_kl_divergences(P, Q, 0.5, KL_QP))


@pytest.mark.parametrize("answer", ["two", None, [1.0, 2.0], float("nan"), True, {"H": 1}])
def test_nonsense_answers_get_a_hint_not_an_error(answer):
    for feedback in (ex.check_entropy_bits(P, answer), ex.check_gaussian_entropy(0.1, answer),
                     ex.check_cross_entropies(P, Q, answer, H_QP), ex.check_kl_divergences(P, Q, KL_PQ, answer)):
        assert not feedback and "one finite number" in repr(feedback)
