"""What the generic tests of tests/test_exercises.py cannot see in notebook 02's exercises.

The numbers that solutions and feedback quote are checked against scipy and
against the widget the exercise talks about, and the hidden cases of the
implement exercises are checked to hold the edge cases the notebook promises.
"""

import numpy as np
import pytest
from scipy import stats

from lecture_utils.exercises import information as ex
from lecture_utils.widgets import KLAsymmetryExplorer

P, Q = [1 / 2, 1 / 4, 1 / 4], [1 / 8, 1 / 8, 3 / 4]


def quoted(text: str, value: float, digits: int) -> bool:
    """Whether ``text`` quotes ``value`` rounded to ``digits`` decimals."""
    return f"{value:.{digits}f}" in text


def test_one_hot_moments_match_scipys_multinomial():
    covariance = stats.multinomial(1, [0.1, 0.7, 0.2]).cov()               # one draw: the one-hot code
    variance_of_sum = np.array([0, 1, 1]) @ covariance @ np.array([0, 1, 1])    # Var(x_1 + x_2)
    np.testing.assert_allclose(ex.one_hot_moments.truth, [covariance[0, 1], variance_of_sum], rtol=1e-12)
    assert variance_of_sum == pytest.approx(0.9 * 0.1, rel=1e-12)             # x_1 + x_2 = 1 - x_0


def test_the_density_quoted_is_scipys():
    assert quoted(ex.density_above_one.solution, stats.norm(0, 0.1).pdf(0), 2)          # 3.99
    width = 1 / stats.norm(0, 0.1).pdf(0)                 # the bell's area is its peak times sqrt(2 pi) sigma
    assert quoted(ex.density_above_one.options["b"].feedback, width, 2) and f"{width:.2f}" == "0.25"
    assert f"peaks at {stats.norm(0, 0.001).pdf(0):.0f}" in ex.density_above_one.options["c"].feedback


def test_entropies_and_questions_quoted_are_scipys():
    assert ex.entropy_in_bits.truth == pytest.approx(stats.entropy([1, 1, 1, 0.5, 0.5], base=2), rel=1e-12)
    assert quoted(ex.entropy_in_bits.solution, np.log2(5), 2)
    five = stats.entropy(np.ones(5), base=2)
    assert quoted(ex.five_letter_questions.solution, five, 3) and quoted(ex.five_letter_questions.praise, five, 3)
    assert five <= ex.five_letter_questions.truth < five + 1                         # H <= L < H + 1
    sigma = ex.narrow_gaussian_entropy.truth
    assert stats.norm(5, sigma).entropy() == pytest.approx(-1.0, rel=1e-12)
    assert quoted(ex.narrow_gaussian_entropy.solution, sigma, 4) and quoted(ex.narrow_gaussian_entropy.praise, sigma, 4)


def test_cross_entropies_and_divergences_quoted_are_scipys():
    h_pq = stats.entropy(P, base=2) + stats.entropy(P, Q, base=2)             # H(P, Q) = H(P) + KL(P || Q)
    h_qp = stats.entropy(Q, base=2) + stats.entropy(Q, P, base=2)
    np.testing.assert_allclose(ex.cross_entropies.truth, [h_pq, h_qp], rtol=1e-12)
    for value in (h_pq, h_qp):
        assert quoted(ex.cross_entropies.solution, value, 3) and quoted(ex.cross_entropies.praise, value, 3)
    kl = [stats.entropy(P, Q, base=2), stats.entropy(Q, P, base=2)]
    np.testing.assert_allclose(ex.divergences.truth, kl, rtol=1e-12)
    for value in (*kl, stats.entropy(Q, base=2)):
        assert quoted(ex.divergences.solution, value, 3)


def test_the_predicted_divergences_are_the_widgets():
    explorer = KLAsymmetryExplorer(separation=6.0)                        # the state exercise 10 asks about
    forward, reverse = explorer.divergences["forward", "p||q"], explorer.divergences["reverse", "p||q"]
    minimised = explorer.divergences["reverse", "q||p"]
    mu, sigma = explorer.reverse_fit
    text = ex.reverse_fit_divergences.solution
    assert quoted(text, reverse, 2) and quoted(text, minimised, 3) and f"({mu:.2f}, {sigma:.2f}^2)" in text
    assert reverse / minimised > 11
    for option in ex.reverse_fit_divergences.options.values():
        assert quoted(option.feedback, reverse, 2)
    assert quoted(ex.reverse_fit_divergences.options["c"].feedback, forward, 3)
    log_ratio = (np.logaddexp(stats.norm(-3, 1).logpdf(3), stats.norm(3, 1).logpdf(3)) + np.log(0.5)
                 - stats.norm(mu, sigma).logpdf(3))
    assert quoted(text, log_ratio, 1)                                      # at x = 3


def test_the_hidden_cases_hold_the_promised_edge_cases():
    entropy_cases = [np.asarray(case["p"]) for case in ex.entropy_function.cases]
    assert any(np.any(p == 0) and np.count_nonzero(p) > 1 for p in entropy_cases)            # a zero
    assert any(p.ndim == 1 and np.count_nonzero(p) == 1 for p in entropy_cases)              # one-hot
    assert any(p.ndim == 1 and p.size > 2 and np.all(p == p[0]) for p in entropy_cases)      # uniform
    assert any(p.ndim == 2 for p in entropy_cases)                                           # a batch
    kl_cases = [(np.asarray(case["p"]), np.asarray(case["q"])) for case in ex.kl_function.cases]
    assert any(np.any((q == 0) & (p > 0)) and p.ndim == 1 for p, q in kl_cases)              # inf
    assert any(np.any((p == 0) & (q > 0)) and p.ndim == 1 for p, q in kl_cases)              # 0 log 0
    assert any(np.any((p == 0) & (q == 0)) and p.ndim == 1 for p, q in kl_cases)             # 0 log 0/0
    assert any(p.ndim == 2 and np.any(np.isinf(stats.entropy(p, q, axis=-1))) for p, q in kl_cases)


def test_infinity_is_expected_where_q_misses_an_outcome_of_p():
    def replaces_zeros(p, q):                     # a usual way round the infinity, which is wrong
        p, q = np.asarray(p), np.maximum(np.asarray(q), 1e-12)
        return np.sum(np.where(p > 0, p * np.log(np.where(p > 0, p, 1.0) / q), 0.0), axis=-1)

    feedback = ex.kl_function.check(replaces_zeros)
    assert not feedback and "expected inf" in feedback.message


def test_a_nan_from_0_log_0_gets_the_exercises_own_hint():
    def naive_entropy(p):                          # p * log2(p) is 0 * (-inf) = nan where p = 0
        p = np.asarray(p, dtype=float)
        with np.errstate(all="ignore"):
            return -np.sum(p * np.log2(p), axis=-1)

    def naive_kl(p, q):                            # the same where P(x) = 0
        p, q = np.asarray(p, dtype=float), np.asarray(q, dtype=float)
        with np.errstate(all="ignore"):
            return np.sum(p * np.log(p / q), axis=-1)

    for exercise, function in ((ex.entropy_function, naive_entropy), (ex.kl_function, naive_kl)):
        feedback = exercise.check(function)
        assert feedback.message.startswith("hidden case 3 of") and "returned nan" in feedback.message
        assert exercise.nan_hint in feedback.message and "np.where(p > 0" in exercise.nan_hint


def test_feedback_on_whole_numbers_and_rounding_is_precise():
    """Issue 32: a whole number that is wrong is wrong, never 'right to 1 significant figure'; a last figure
    one unit off from a rounded intermediate (-0.1905 -> -0.191) is told to check its rounding."""
    for exercise, answer in ((ex.entropy_in_bits, 2), (ex.five_letter_questions, 2), (ex.cross_entropies, [2, 2])):
        feedback = exercise.check(answer)
        assert feedback.verdict == "wrong" and "significant figure" not in feedback.message, (exercise, answer)
    assert "4 possible answer sequences" in ex.five_letter_questions.check(2).message   # 2 questions, 5 letters
    feedback = ex.narrow_gaussian_entropy.check(0.0891)                             # truth 0.0890141
    assert feedback.verdict == "wrong" and "rounded too early" in feedback.message


def _most_even_split_lengths(p):
    """The question counts of splitting the probability as evenly as possible with each question, from the top."""
    from itertools import combinations
    lengths = np.zeros(len(p), dtype=int)

    def split(group):
        if len(group) == 1:
            return
        total = sum(p[i] for i in group)
        halves = [(A, tuple(i for i in group if i not in A)) for r in range(1, len(group))
                  for A in combinations(group, r) if group[0] in A]
        A, B = min(halves, key=lambda h: abs(2 * sum(p[i] for i in h[0]) - total))
        for half in (A, B):
            lengths[list(half)] += 1
            split(half)

    split(tuple(range(len(p))))
    return lengths


def test_splitting_evenly_from_the_top_is_not_huffmans_code():
    """Issue 32: the notebook no longer advises splitting evenly; its example, and the homework's, cost more that
    way than Huffman's merges from the bottom (and exercise 5's five letters do not tell the two apart)."""
    from lecture_utils.information import huffman_code_lengths
    for p, even, best in (([0.4, 0.4, 0.1, 0.1], 2.0, 1.8), ([0.4, 0.3, 0.2, 0.1], 2.0, 1.9), ([0.2] * 5, 2.4, 2.4)):
        p = np.array(p)
        assert p @ _most_even_split_lengths(p) == pytest.approx(even)
        assert p @ huffman_code_lengths(p) == pytest.approx(best)
    assert "evenly" not in ex.five_letter_questions.solution + ex.five_letter_questions.advice


def test_the_reverse_fit_switches_global_minimum_near_d_5_6():
    """Notebook 02, section 9 and exercise 10's explanation: the middle fit is the global minimum up to d = 5.6,
    a fit on the left bump from there (both are local minima on either side of the switch)."""
    from lecture_utils.information import fit_gaussian_reverse_kl
    from lecture_utils.probability import gaussian_mixture_pdf
    x = np.linspace(-12, 12, 481)                                               # the notebook's grid
    for d, on_a_bump in ((5.55, False), (5.65, True)):
        mu, _ = fit_gaussian_reverse_kl(gaussian_mixture_pdf(x, [0.5, 0.5], [-d / 2, d / 2], [1.0, 1.0]), x)
        assert (mu < -2) if on_a_bump else abs(mu) < 1e-6, (d, mu)


def test_the_die_questions_and_the_rare_disease_quote_scikit_learn_and_scipy():
    """Section 11: exercise 12's values are scikit-learn's, from the die's faces; exercise 13's numbers are those
    of the disease and its test."""
    from sklearn.metrics import mutual_info_score
    faces = np.arange(1, 7)
    even, high = faces % 2 == 0, faces >= 4
    mi, h_x_given_both = ex.die_information.truth
    assert mi == pytest.approx(mutual_info_score(even, high) / np.log(2), rel=1e-12)
    answers_tell = mutual_info_score(faces, 2 * even + high) / np.log(2)          # I(X; (Y, Z)) = H(Y, Z)
    assert h_x_given_both == pytest.approx(np.log2(6) - answers_tell, rel=1e-12)
    assert h_x_given_both == pytest.approx(2 / 3) and answers_tell == pytest.approx(2 - mi)
    assert quoted(ex.die_information.solution, mi, 4) and quoted(ex.die_information.solution, h_x_given_both, 3)
    for answer, slip in (([0.081, 0.667], "cut short"), ([0.0817, 0.66], "cut short"), ([0.667, 0.0817], "order")):
        feedback = ex.die_information._judge(answer)
        assert feedback.verdict == "wrong" and slip in feedback.message, (answer, feedback)
    prior = stats.entropy([0.99, 0.01], base=2)
    positive = 0.9 * 0.01 / (0.9 * 0.01 + 0.05 * 0.99)
    after = stats.entropy([positive, 1 - positive], base=2)
    assert after > prior
    text = ex.one_observation_uncertainty.solution
    assert quoted(text, prior, 3) and quoted(text, positive, 3) and quoted(text, after, 2)
    assert quoted(text, 0.99 * 0.05 + 0.01 * 0.9, 4)                      # P(positive), above P(ill) = 0.01
    for option in ex.one_observation_uncertainty.options.values():
        assert "0.081" in option.feedback
