"""What the generic tests of tests/test_exercises.py do not cover in notebook 03's exercises.

References: exact fractions, scipy.stats, the standard library's statistics module and
scikit-learn's log_loss for the hand answers; numpy's and the standard library's own
variance for implementations a student may reasonably submit.
"""

import math
import statistics
from fractions import Fraction

import numpy as np
import pytest
from scipy import integrate, stats
from sklearn.metrics import log_loss

from lecture_utils import mle
from lecture_utils.exercises import mle as exercises
from lecture_utils.exercises.mle import properties_and_priors
from lecture_utils.exercises._core import Derive


def test_the_hand_answers_agree_with_independent_references():
    # int N(0; mu, 1)^2 dmu = int e^(-mu^2) / (2 pi) dmu = 1 / (2 sqrt(pi)); scipy's density, squared, by quadrature
    area, _ = integrate.quad(lambda mu: stats.norm.pdf(0, mu, 1) ** 2, -np.inf, np.inf, epsabs=1e-14)
    assert exercises.area_under_likelihood.correct_answer == pytest.approx(area, rel=1e-10)
    assert exercises.area_under_likelihood.truth == pytest.approx(1 / (2 * np.sqrt(np.pi)), rel=1e-10)
    assert exercises.log_likelihood_by_hand.correct_answer == pytest.approx(
        stats.bernoulli.logpmf([1, 0, 1, 1, 0], 0.6).sum(), rel=1e-12)
    sample = [2, 4, 4, 5, 7, 8]
    assert exercises.gaussian_by_hand.correct_answer == [statistics.fmean(sample), statistics.pvariance(sample)]
    assert exercises.laplace_by_hand.correct_answer == pytest.approx(stats.laplace.fit([3, 9, 1, 4, 8]), rel=1e-12)
    assert exercises.loss_of_three.correct_answer == pytest.approx(log_loss([1, 0, 0], [0.9, 0.2, 0.6]), rel=1e-12)


def test_a_gaussian_of_one_observation_accepts_a_zero_variance():
    # Issue 7: the old check refused mu = 5, sigma^2 = 0 for the sample [5] (it crashed computing s^2).
    one_point = Derive("one observation", "x" * 100, truth=lambda: mle.gaussian_mle([5.0]), answer=[5, 0],
                       what="[mu, sigma^2]", example="[1, 2]", praise="yes",
                       slips=[(lambda: [5.0, 5.0], "that is x itself")], names=("mu", "sigma^2"))
    assert one_point.check([5.0, 0.0]).correct and one_point.check([5, 0]).correct
    assert one_point.check([5.0, 0.01]).message.startswith("Check sigma^2")


def test_die_hints_say_when_the_probabilities_do_not_sum_to_one():
    assert "sum to 1.2" in exercises.die_mle.check([0.15, 0.25, 0.1, 0.3, 0.2, 0.2]).message
    shuffled = exercises.die_mle.check([0.25, 0.15, 0.1, 0.3, 0.2, 0.0])
    assert shuffled.verdict == "wrong" and "N_k / N" in shuffled.message


def test_a_wrong_mean_alone_is_named():
    feedback = exercises.gaussian_by_hand.check([4.0, 4.0])
    assert feedback.verdict == "wrong" and feedback.message.startswith("Check mu.")


def _nll_by_product(phi, x):                      # underflows to -log 0 = inf for phi = 1e-200
    x = np.asarray(x, dtype=float)
    with np.errstate(all="ignore"):
        return -np.log(np.prod(phi ** x * (1 - phi) ** (1 - x)))


def _nll_elementwise(phi, x):                     # 0 * log 0 = nan for phi = 0
    x = np.asarray(x, dtype=float)
    with np.errstate(all="ignore"):
        return -np.sum(x * np.log(phi) + (1 - x) * np.log(1 - phi))


def test_the_bernoulli_nll_reports_where_each_usual_mistake_breaks():
    check = exercises.bernoulli_nll.check
    underflow = check(_nll_by_product).message
    assert underflow.startswith("hidden case 3 of 7: phi=1e-200") and "expected 921.034" in underflow
    assert "got      inf" in underflow and "infinity where a finite number is expected" in underflow
    assert exercises.bernoulli_nll.inf_hint in underflow
    zero_log_zero = check(_nll_elementwise).message
    assert zero_log_zero.startswith("hidden case 4 of 7: phi=0, x=np.array([0, 0, 0])")
    assert "expected 0\n" in zero_log_zero and "got      nan" in zero_log_zero
    assert "returned nan" in zero_log_zero and exercises.bernoulli_nll.nan_hint in zero_log_zero


def test_the_bernoulli_nll_accepts_other_right_implementations_but_not_scipys_distribution():
    def by_cases(phi, x):                           # counts, with the boundary cases spelled out
        h, N = int(np.sum(x)), len(x)
        if (phi == 0 and h > 0) or (phi == 1 and h < N):
            return math.inf
        return -((h * math.log(phi) if h else 0.0) + ((N - h) * math.log1p(-phi) if N - h else 0.0))

    def via_scipy(phi, x):                          # the elementwise log-pmf, summed: the exercise in one call
        return -stats.bernoulli.logpmf(x, phi).sum()

    assert exercises.bernoulli_nll.check(by_cases).correct
    assert "switched off" in exercises.bernoulli_nll.check(via_scipy).message           # round 5 of the reviews


def test_the_stable_variance_accepts_numpy_and_the_standard_library_and_catches_the_one_pass_formula():
    check = exercises.stable_unbiased_variance.check
    assert check(lambda x: np.var(x, ddof=1)).correct
    assert check(lambda x: statistics.variance(np.asarray(x, dtype=float).tolist())).correct
    one_pass = check(properties_and_priors._one_pass_variance).message
    assert one_pass.startswith("hidden case 4 of 5") and "expected 1.66667" in one_pass


def test_a_variance_computed_in_float32_is_told_so():
    """Round 4 of the reviews: 1e8 + 1, ..., 1e8 + 4 all round to 1e8 in float32, so a function that works in single
    precision returns 0 on hidden case 4, whose inputs are shown in full, and is told why."""
    def single(x):
        x = np.asarray(x, dtype=np.float32)
        return np.sum((x - x.mean()) ** 2) / (x.size - 1)

    assert np.float32(1e8 + 1) == np.float32(1e8 + 4) == np.float32(1e8)
    check = exercises.stable_unbiased_variance.check
    for function in (single, lambda x: float(single(x))):          # float32 kept, or converted back
        message = check(function).message
        assert message.startswith("hidden case 4 of 5: x=np.array([100000001.0, 100000002.0, 100000003.0, "
                                  "100000004.0])")
        assert "got      0\n" in message and "float32" in message and "8 apart" in message
    assert "float32" not in check(properties_and_priors._one_pass_variance).message       # that one has its own hint

    def squares_first(x):                                          # not the usual slip's formula, the same trouble
        x = np.asarray(x, dtype=float)
        return (np.sum(x ** 2) - np.sum(x) ** 2 / x.size) / (x.size - 1) + 1.0 * (x.size == 4)

    assert "Subtract the mean first" in check(squares_first).message


def test_the_shrinkage_solution_states_its_mean_squared_error_correctly():
    # MSE of N/(N+5) x_bar at N = 10, sigma = 1: variance (10/15)^2 / 10 plus bias^2 (5 mu / 15)^2
    def mse(mu):
        return (10 / 15) ** 2 / 10 + (5 * mu / 15) ** 2

    assert mse(0.0) == pytest.approx(0.0444, abs=5e-5) and 1 / 9 == pytest.approx(0.111, abs=5e-4)
    crossing = math.sqrt((0.1 - mse(0.0)) * 9)                      # where the MSE reaches the bound 0.1
    assert crossing == pytest.approx(0.71, abs=0.005)
    assert "0.044 + 0.111" in exercises.shrinkage_beats_the_bound.solution
    assert "|\\mu| < 0.71" in exercises.shrinkage_beats_the_bound.solution


def test_the_new_sections_exercises_agree_with_independent_references():
    """Issue 36, sections 11-14: the covariance is numpy's and scikit-learn's, the coverage is a simulation's, and the
    number of heads is where scipy's Beta posterior's mode passes 0.9."""
    from sklearn.covariance import EmpiricalCovariance
    points = np.array([[0.0, 0.0], [2.0, 1.0], [1.0, 5.0]])
    expected = EmpiricalCovariance().fit(points).covariance_[[0, 0, 1], [0, 1, 1]]
    np.testing.assert_allclose(exercises.covariance_mle.truth, expected, rtol=1e-12)
    np.testing.assert_allclose(exercises.covariance_mle.truth, np.cov(points.T, bias=True)[[0, 0, 1], [0, 1, 1]],
                               rtol=1e-12)
    np.testing.assert_allclose(exercises.covariance_mle.truth, [2 / 3, 1 / 3, 14 / 3], rtol=1e-12)
    rng = np.random.default_rng(0)
    phi_hat = rng.binomial(10, 0.05, size=200_000) / 10
    covered = np.abs(phi_hat - 0.05) <= 1.96 * np.sqrt(phi_hat * (1 - phi_hat) / 10)
    assert properties_and_priors._wald_coverage(10, 0.05) == pytest.approx(covered.mean(), abs=0.005)
    no_head, four_or_more = stats.binom.pmf(0, 10, 0.05), stats.binom.sf(3, 10, 0.05)   # the two ways to miss
    assert properties_and_priors._wald_coverage(10, 0.05) == pytest.approx(1 - no_head - four_or_more, rel=1e-12)
    assert "40%" in exercises.wald_coverage.solution and f"{0.95 ** 10:.2f}" in exercises.wald_coverage.solution

    def mode(h):                                            # of Beta(5 + h, 5), scipy's density on a fine grid
        grid = np.linspace(0, 1, 200_001)
        return grid[np.argmax(stats.beta.logpdf(grid, 5 + h, 5))]
    heads = int(exercises.map_heads_needed.truth)
    assert heads == 33 and mode(heads) > 0.9 and mode(heads - 1) == pytest.approx(0.9, abs=1e-5)
    assert exercises.least_squares_noise.options["b"].correct


def test_the_tail_probability_is_the_maximum_of_its_own_profile_likelihood():
    """Issue 36, invariance: the MLE of P(X > 3.5) on the widget's sample is P(X > 3.5) at (mu_hat, sigma_hat); the
    likelihood written in eta = P(X > 3.5) and sigma peaks there (scipy's optimiser); the numbers the solution quotes
    are the sample's, and the sample is the notebook's."""
    from pathlib import Path
    from scipy.optimize import minimize
    from scipy.special import expit
    source = (Path(__file__).resolve().parent.parent / "notebooks" / "src" / "03_maximum_likelihood.py").read_text()
    assert "x_surface = np.random.default_rng(23).normal(1.0, 2.0, size=20)" in source
    x = np.random.default_rng(23).normal(1.0, 2.0, size=20)
    np.testing.assert_array_equal(properties_and_priors._SURFACE_SAMPLE, x)
    plug_in = stats.norm.sf(3.5, x.mean(), x.std())
    assert exercises.tail_probability_mle.truth == pytest.approx(plug_in, rel=1e-12)

    def nll(params):                       # eta = P(X > 3.5) and log sigma; mu = 3.5 - sigma isf(eta)
        eta, sigma = expit(params[0]), np.exp(params[1])
        return -stats.norm.logpdf(x, 3.5 - sigma * stats.norm.isf(eta), sigma).sum()

    fit = minimize(nll, [0.0, 0.0], method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12})
    assert expit(fit.x[0]) == pytest.approx(plug_in, abs=1e-6)
    solution = exercises.tail_probability_mle.solution
    for number in (f"{x.mean():.4f}", f"{x.var():.4f}", f"{x.std():.4f}", f"{(3.5 - x.mean()) / x.std():.4f}",
                   f"{plug_in:.4f}", f"{stats.norm.sf(3.5, x.mean(), x.std(ddof=1)):.4f}"):
        assert number in solution, number
    assert np.mean(x > 3.5) == 0.05 and "1/20 = 0.05" in solution


def test_worked_solutions_keep_their_tex_backslashes():
    """A solution written as a plain string loses \\frac, \\approx, \\boldsymbol, \\rho, \\text and \\varepsilon to
    control characters (form feed, bell, backspace, carriage return, tab, vertical tab): none is left."""
    import re
    for exercise in exercises.EXERCISES:
        assert not re.search(r"[\x07\x08\x09\x0b\x0c\x0d]", exercise.solution), exercise.title


def test_the_covariance_may_be_typed_as_the_symmetric_matrix():
    """Review 6, defect 11: Sigma as the 2 x 2 matrix is read as (Sigma_11, Sigma_12, Sigma_22); an asymmetric one is
    told that a covariance is symmetric."""
    exercise = exercises.covariance_mle
    assert exercise.check([[2 / 3, 1 / 3], [1 / 3, 14 / 3]]).correct
    assert exercise.check(np.array([[0.667, 0.333], [0.333, 4.67]])).correct
    assert "1/(N - 1)" in exercise.check([[1, 0.5], [0.5, 7]]).message
    asymmetric = exercise.check([[2 / 3, 1 / 3], [0.5, 14 / 3]])
    assert asymmetric.verdict == "wrong" and "symmetric" in asymmetric.message
    assert exercise.check([[1, 2, 3]]).verdict == "invalid"
