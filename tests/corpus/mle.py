"""Bad and extreme calls of lecture_utils.mle."""

import math
import statistics
from fractions import Fraction

import mpmath
import numpy as np
from scipy import stats

from lecture_utils import mle
from lecture_utils.exceptions import ConvergenceWarning

from . import (NOT_POSITIVE, answers, bad_arrays, bad_counts, bad_numbers, bad_seeds, case, close, equal, refuses,
               satisfies)

COINS = np.array([1, 0, 1, 1, 0, 1])
SAMPLE = np.array([2.1, -0.4, 3.3, 1.7, 0.2])
DIE = np.array([0, 2, 2, 5, 1, 2])


def _exact_moments(x):
    """Mean and biased variance of a sample with exact rational arithmetic."""
    values = [Fraction(float(v)) for v in x]
    mean = sum(values) / len(values)
    return float(mean), float(sum((v - mean) ** 2 for v in values) / len(values))


def _exact_mean_square(values):
    return float(sum(Fraction(float(v)) ** 2 for v in values) / len(values))


def _betaln(h, n):
    mpmath.mp.dps = 40
    return float(mpmath.log(mpmath.beta(h + 1, n - h + 1)))


def _bernoulli_cases():
    cases = []
    for name in ("bernoulli_log_likelihood", "bernoulli_likelihood"):
        function, target = getattr(mle, name), f"mle.{name}"
        cases += [
            *bad_arrays(target, "x", lambda value, function=function: function(0.5, value), COINS),
            case(target, "x of 0/2", lambda function=function: function(0.5, [0, 2]), refuses("x")),
            case(target, "x 2-D", lambda function=function: function(0.5, [COINS]), refuses("x")),
            case(target, "phi = 1.5", lambda function=function: function(1.5, COINS), refuses("phi")),
            case(target, "phi nan", lambda function=function: function(np.nan, COINS), refuses("phi")),
            case(target, "phi text", lambda function=function: function("half", COINS), refuses("phi")),
        ]
    big = np.r_[np.ones(700_000), np.zeros(300_000)]
    cases += [
        case("mle.bernoulli_log_likelihood", "phi = 1e-300", lambda: mle.bernoulli_log_likelihood(1e-300, COINS),
             answers(close(stats.bernoulli.logpmf(COINS, 1e-300).sum(), rtol=1e-14))),
        case("mle.bernoulli_log_likelihood", "phi = 0 with a one", lambda: mle.bernoulli_log_likelihood(0.0, COINS),
             answers(equal(-np.inf), infinite=True)),
        case("mle.bernoulli_log_likelihood", "10**6 tosses", lambda: mle.bernoulli_log_likelihood(0.7, big),
             answers(close(7e5 * np.log(0.7) + 3e5 * np.log(0.3), rtol=1e-13))),
        case("mle.bernoulli_likelihood", "10**6 tosses underflow to 0", lambda: mle.bernoulli_likelihood(0.7, big),
             answers(equal(0.0))),
        *bad_arrays("mle.bernoulli_mle", "x", mle.bernoulli_mle, COINS),
        case("mle.bernoulli_mle", "x of 0/2", lambda: mle.bernoulli_mle([0, 2]), refuses("x")),
        case("mle.bernoulli_mle", "bools", lambda: mle.bernoulli_mle([True, False, True, True]), answers(equal(0.75))),
        case("mle.bernoulli_mle", "a batch", lambda: mle.bernoulli_mle([[1, 0], [1, 1]]), answers(equal([0.5, 1.0]))),
        case("mle.bernoulli_mle", "an empty batch row", lambda: mle.bernoulli_mle(np.empty((3, 0))), refuses("x")),
        *bad_counts("mle.bernoulli_likelihood_integral", "N", lambda value: mle.bernoulli_likelihood_integral(2, value)),
        case("mle.bernoulli_likelihood_integral", "h > N", lambda: mle.bernoulli_likelihood_integral(5, 4),
             refuses("n_heads")),
        case("mle.bernoulli_likelihood_integral", "h = 2.5", lambda: mle.bernoulli_likelihood_integral(2.5, 4),
             refuses("n_heads")),
        case("mle.bernoulli_likelihood_integral", "h nan", lambda: mle.bernoulli_likelihood_integral(np.nan, 4),
             refuses("n_heads")),
        case("mle.bernoulli_likelihood_integral", "log of N = 10**9",
             lambda: mle.bernoulli_likelihood_integral(4 * 10 ** 8, 10 ** 9, log=True),
             answers(close(_betaln(4 * 10 ** 8, 10 ** 9), rtol=1e-12))),
        case("mle.bernoulli_likelihood_integral", "N = 10**5 underflows to 0",
             lambda: mle.bernoulli_likelihood_integral(50_000, 100_000), answers(equal(0.0))),
        case("mle.bernoulli_likelihood_integral", "log not a bool",
             lambda: mle.bernoulli_likelihood_integral(2, 4, log="yes"), refuses("log")),
    ]
    return cases


def _categorical_cases():
    p = np.array([0.1, 0.2, 0.3, 0.05, 0.05, 0.3])
    return [
        *bad_arrays("mle.categorical_log_likelihood", "x", lambda value: mle.categorical_log_likelihood(p, value), DIE),
        case("mle.categorical_log_likelihood", "x = 6 of 6 categories",
             lambda: mle.categorical_log_likelihood(p, [0, 6]), refuses("x")),
        case("mle.categorical_log_likelihood", "p not summing to 1",
             lambda: mle.categorical_log_likelihood(p * 2, DIE), refuses("p")),
        case("mle.categorical_log_likelihood", "counts of the wrong length",
             lambda: mle.categorical_log_likelihood(p, [1, 2, 3], counts=True), refuses("x")),
        case("mle.categorical_log_likelihood", "negative counts",
             lambda: mle.categorical_log_likelihood(p, [1, -2, 3, 0, 0, 1], counts=True), refuses("x")),
        case("mle.categorical_log_likelihood", "counts of 10**300",
             lambda: mle.categorical_log_likelihood(p, [1e300, 0, 0, 0, 0, 1e300], counts=True),
             answers(close(1e300 * (np.log(0.1) + np.log(0.3)), rtol=1e-14))),
        case("mle.categorical_log_likelihood", "p of 1e-300",
             lambda: mle.categorical_log_likelihood([1 - 1e-300, 1e-300], [0, 1, 1]),
             answers(close(2 * np.log(1e-300), rtol=1e-14))),
        *bad_arrays("mle.categorical_mle", "x", lambda value: mle.categorical_mle(value, 6), DIE),
        *bad_counts("mle.categorical_mle", "n_categories", lambda value: mle.categorical_mle(DIE, value)),
        case("mle.categorical_mle", "x = 6 of 6 categories", lambda: mle.categorical_mle([0, 6], 6), refuses("x")),
        case("mle.categorical_mle", "10**5 draws of 10**6 categories (no 10**11 table)",
             lambda: mle.categorical_mle(np.arange(10 ** 5) * 10, 10 ** 6),
             answers(satisfies(lambda q: q.shape == (10 ** 6,) and q[0] == 1e-5 and q.sum() == 1.0 and q[1] == 0,
                               "1e-5 at every tenth category"))),
        case("mle.categorical_mle", "a batch against Counter",
             lambda: mle.categorical_mle([[0, 1, 1], [2, 2, 2]], 3),
             answers(close([[1 / 3, 2 / 3, 0], [0, 0, 1]], rtol=1e-15))),
        case("mle.categorical_mle", "10**4 samples of 10**6 categories cannot fit",
             lambda: mle.categorical_mle(np.zeros((10 ** 4, 3)), 10 ** 6), refuses("n_categories", match="GiB")),
    ]


def _gaussian_cases():
    mean, variance = _exact_moments(SAMPLE)
    cases = [
        *bad_arrays("mle.gaussian_log_likelihood", "x", lambda value: mle.gaussian_log_likelihood(0.0, 1.0, value),
                    SAMPLE),
        case("mle.gaussian_log_likelihood", "sigma2 = 0", lambda: mle.gaussian_log_likelihood(0.0, 0.0, SAMPLE),
             refuses("sigma2")),
        case("mle.gaussian_log_likelihood", "mu and sigma2 of shapes 3 and 2",
             lambda: mle.gaussian_log_likelihood([0.0, 1.0, 2.0], [1.0, 2.0], SAMPLE), refuses("sigma2", match="mu")),
        *[case("mle.gaussian_log_likelihood", f"x, mu and sigma at {scale:g}",
               lambda scale=scale: mle.gaussian_log_likelihood(0.5 * scale, (1.5 * scale) ** 2, SAMPLE * scale),
               answers(close(stats.norm.logpdf(SAMPLE, 0.5, 1.5).sum() - SAMPLE.size * np.log(scale), rtol=1e-12)))
          for scale in (1e150, 1e-150, 1e100, 1e-100)],
        case("mle.gaussian_log_likelihood", "x at 1e300, sigma2 1e-300 (beyond the float range)",
             lambda: mle.gaussian_log_likelihood(0.0, 1e-300, SAMPLE * 1e300), answers(equal(-np.inf), infinite=True)),
        *bad_arrays("mle.gaussian_mle", "x", mle.gaussian_mle, SAMPLE),
        *[case("mle.gaussian_mle", f"scale {scale:g}", lambda scale=scale: mle.gaussian_mle(SAMPLE * scale),
               answers(close(_exact_moments(SAMPLE * scale), rtol=1e-13)))
          for scale in (1e150, 1e-150, 1e-300)],
        case("mle.gaussian_mle", "values at the largest float", lambda: mle.gaussian_mle([1.7e308] * 3),
             answers(equal([1.7e308, 0.0]))),
        case("mle.gaussian_mle", "offset 1e10 (two passes)", lambda: mle.gaussian_mle(SAMPLE + 1e10),
             answers(close(_exact_moments(SAMPLE + 1e10), rtol=1e-6))),
        case("mle.gaussian_mle", "variance 1e600 beyond the float range", lambda: mle.gaussian_mle(SAMPLE * 1e300),
             refuses("x", match="float")),
        case("mle.gaussian_mle", "a batch at two scales", lambda: mle.gaussian_mle([SAMPLE * 1e-200, SAMPLE * 1e150]),
             answers(lambda result: np.testing.assert_allclose(
                 np.transpose(result), [_exact_moments(SAMPLE * 1e-200), _exact_moments(SAMPLE * 1e150)], rtol=1e-13))),
        case("mle.gaussian_mle", "a single value", lambda: mle.gaussian_mle([5.0]), answers(equal([5.0, 0.0]))),
        # issue 20, item 14's family: deviations that overflow, and deviations smaller than the mean's rounding
        case("mle.gaussian_mle", "1 and 1 + eps: the variance of the deviations, not of the rounded mean's",
             lambda: mle.gaussian_mle([1.0, 1.0 + 2 ** -52, 1.0]),
             answers(close(_exact_moments([1.0, 1.0 + 2 ** -52, 1.0]), rtol=1e-13))),
        case("mle.gaussian_mle", "values from -1.7e308 to 1.7e308: a variance beyond the range",
             lambda: mle.gaussian_mle([-1.7e308, 1.7e308]), refuses("x", match="float")),
        case("mle.gaussian_log_likelihood", "mu 1.5e308 from the data at -1.5e308: x_bar - mu overflows, -inf not nan",
             lambda: mle.gaussian_log_likelihood(1.5e308, 1e300, [-1.5e308] * 4), answers(equal(-np.inf), infinite=True)),
        *bad_arrays("mle.unbiased_variance", "x", mle.unbiased_variance, SAMPLE),
        case("mle.unbiased_variance", "one value", lambda: mle.unbiased_variance([1.0]), refuses("x")),
        *[case("mle.unbiased_variance", f"scale {scale:g}", lambda scale=scale: mle.unbiased_variance(SAMPLE * scale),
               answers(close(statistics.variance(SAMPLE * scale), rtol=1e-13)))
          for scale in (1e150, 1e-150)],
        *bad_arrays("mle.laplace_mle", "x", mle.laplace_mle, SAMPLE),
        *[case("mle.laplace_mle", f"scale {scale:g}", lambda scale=scale: mle.laplace_mle(SAMPLE * scale),
               answers(close([statistics.median(SAMPLE * scale),
                              float(np.mean(np.abs(SAMPLE - statistics.median(SAMPLE)))) * scale], rtol=1e-13)))
          for scale in (1e300, 1e-300)],
        case("mle.laplace_mle", "values near the largest float", lambda: mle.laplace_mle([1.7e308, -1.7e308, 1.6e308]),
             answers(close([1.6e308, float(2 * Fraction(1.7e308) / 3)], rtol=1e-14))),
    ]
    return cases


def _any_model_cases():
    logpdf = stats.norm.logpdf
    return [
        case("mle.empirical_distribution", "2-D x", lambda: mle.empirical_distribution([[1, 2]]), refuses("x")),
        case("mle.empirical_distribution", "empty x", lambda: mle.empirical_distribution([]), refuses("x")),
        case("mle.empirical_distribution", "nan in x", lambda: mle.empirical_distribution([1.0, np.nan]), refuses("x")),
        # issue 35: numbers and text are no one sample space (numpy read 1 as "1"), and an observation of inf none
        case("mle.empirical_distribution", "numbers and text", lambda: mle.empirical_distribution([1, "a", 1]),
             refuses("x", match="numbers and text")),
        case("mle.empirical_distribution", "numbers and text in an object array",
             lambda: mle.empirical_distribution(np.array([1, "a", 1], dtype=object)), refuses("x")),
        case("mle.empirical_distribution", "inf in x", lambda: mle.empirical_distribution([1.0, np.inf]),
             refuses("x")),
        case("mle.negative_log_likelihood", "an observation of inf (its likelihood was 0, its NLL inf)",
             lambda: mle.negative_log_likelihood(logpdf, [1.0, np.inf], 0.0, 1.0), refuses("x")),
        case("mle.negative_log_likelihood", "an observation of -inf under a count model",
             lambda: mle.negative_log_likelihood(stats.poisson.logpmf, [1.0, -np.inf], 2.0), refuses("x")),
        case("mle.negative_log_likelihood", "numbers and text", lambda: mle.negative_log_likelihood(
            lambda x, p: np.log(np.where(x == "a", p, 1 - p)), [1, "a"], 0.5), refuses("x")),
        case("mle.negative_log_likelihood", "logpdf of Python floats that overflows (issue 35)",
             lambda: mle.negative_log_likelihood(lambda x, m: -(x - m) ** 2 * math.exp(800.0), SAMPLE, 0.0),
             refuses("logpdf")),
        case("mle.negative_log_likelihood", "logpdf of +inf at an observation: an infinite likelihood",
             lambda: mle.negative_log_likelihood(stats.beta.logpdf, [0.0, 0.5], 0.5, 0.5), refuses("logpdf")),
        case("mle.fit_mle_numerically", "logpdf of Python floats that overflows",
             lambda: mle.fit_mle_numerically(lambda x, m: -(x - m) ** 2 * math.exp(800.0), SAMPLE, [0.0]),
             refuses("logpdf")),
        case("mle.fit_mle_numerically", "an observation of inf", lambda: mle.fit_mle_numerically(
            logpdf, [1.0, 2.0, np.inf], [0.0, 1.0], bounds=[(None, None), (1e-9, None)]), refuses("x")),
        case("mle.empirical_distribution", "values of 1e300", lambda: mle.empirical_distribution([1e300, -1e300, 1e300]),
             answers(lambda result: np.testing.assert_allclose(result[1], [1 / 3, 2 / 3]))),
        *bad_arrays("mle.likelihood_product", "probabilities", mle.likelihood_product, [0.5, 0.25]),
        case("mle.likelihood_product", "negative", lambda: mle.likelihood_product([0.5, -0.1]),
             refuses("probabilities")),
        case("mle.likelihood_product", "1000 densities of 3 overflow (what it shows)",
             lambda: mle.likelihood_product(np.full(1000, 3.0)), answers(equal(np.inf), infinite=True)),
        *bad_arrays("mle.log_likelihood_sum", "probabilities", mle.log_likelihood_sum, [0.5, 0.25]),
        case("mle.log_likelihood_sum", "1000 densities of 3", lambda: mle.log_likelihood_sum(np.full(1000, 3.0)),
             answers(close(1000 * np.log(3.0), rtol=1e-13))),
        case("mle.log_likelihood_sum", "a probability of 0", lambda: mle.log_likelihood_sum([0.5, 0.0]),
             answers(equal(-np.inf), infinite=True)),
        case("mle.negative_log_likelihood", "logpdf not callable", lambda: mle.negative_log_likelihood(3, SAMPLE),
             refuses("logpdf")),
        case("mle.negative_log_likelihood", "params that do not broadcast",
             lambda: mle.negative_log_likelihood(logpdf, SAMPLE, [0.0, 1.0, 2.0], [1.0, 2.0]), refuses("params")),
        case("mle.negative_log_likelihood", "nan param", lambda: mle.negative_log_likelihood(logpdf, SAMPLE, np.nan, 1.0),
             refuses("params")),
        case("mle.negative_log_likelihood", "text param", lambda: mle.negative_log_likelihood(logpdf, SAMPLE, "0", 1.0),
             refuses("params")),
        case("mle.negative_log_likelihood", "a scale < 0 gives nan",
             lambda: mle.negative_log_likelihood(logpdf, SAMPLE, 0.0, -1.0), refuses("logpdf", match="params")),
        case("mle.negative_log_likelihood", "a grid of candidates",
             lambda: mle.negative_log_likelihood(logpdf, SAMPLE, np.array([0.0, 1.0])[:, None], [1.0, 2.0]),
             answers(close(-logpdf(SAMPLE, np.array([0.0, 1.0])[:, None, None], np.array([1.0, 2.0])[:, None]).sum(-1),
                           rtol=1e-13))),
        case("mle.negative_log_likelihood", "empty x", lambda: mle.negative_log_likelihood(logpdf, [], 0.0, 1.0),
             refuses("x")),
        case("mle.negative_log_likelihood", "logpdf that sums", lambda: mle.negative_log_likelihood(
            lambda x, m: np.sum(logpdf(x, m)), SAMPLE, 0.0), refuses("logpdf")),
        case("mle.fit_mle_numerically", "normal MLE", lambda: mle.fit_mle_numerically(
            logpdf, SAMPLE, [0.0, 1.0], bounds=[(None, None), (1e-9, None)]).params,
             answers(close([_exact_moments(SAMPLE)[0], np.sqrt(_exact_moments(SAMPLE)[1])], rtol=1e-5))),
        case("mle.fit_mle_numerically", "nan start", lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [np.nan, 1.0]),
             refuses("initial_params")),
        case("mle.fit_mle_numerically", "one bound for two parameters",
             lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [0.0, 1.0], bounds=[(0, 1)]), refuses("bounds")),
        case("mle.fit_mle_numerically", "a bound that is no pair",
             lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [0.0, 1.0], bounds=[0, 1]), refuses("bounds")),
        case("mle.fit_mle_numerically", "unknown method",
             lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [0.0, 1.0], method="best"), refuses("method")),
        case("mle.fit_mle_numerically", "negative tol",
             lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [0.0, 1.0], tol=-1.0), refuses("tol")),
        case("mle.fit_mle_numerically", "tol None",
             lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [0.0, 1.0], tol=None), refuses("tol")),
        case("mle.fit_mle_numerically", "a loose tol stops short of the minimum",
             lambda: mle.fit_mle_numerically(logpdf, SAMPLE, [0.0, 1.0], bounds=[(None, None), (1e-9, None)],
                                             method="nelder-mead", tol=0.5),
             answers(satisfies(lambda fit: not fit.converged and fit.descent > mle.DESCENT_TOLERANCE,
                               "no minimum, and said so"), warns=ConvergenceWarning)),
        case("mle.fit_mle_numerically", "the minimum at a bound",
             lambda: mle.fit_mle_numerically(stats.bernoulli.logpmf, [0, 0, 0], 0.5, bounds=[(1e-9, 1 - 1e-9)]),
             answers(satisfies(lambda fit: fit.converged and abs(fit.params[0] - 1e-9) < 1e-12, "phi = 1e-9"))),
        case("mle.fit_mle_numerically", "logpdf not callable",
             lambda: mle.fit_mle_numerically(None, SAMPLE, [0.0, 1.0]), refuses("logpdf")),
    ]


def _simulation_cases():
    normal = stats.norm(0, 1)
    median = lambda s: np.median(s, axis=-1)          # noqa: E731
    estimates = np.array([[0.1, -0.2, 0.3], [0.0, 0.1, 0.2]])
    return [
        *bad_counts("mle.simulate_estimates", "N", lambda value: mle.simulate_estimates(median, normal, value, 10)),
        case("mle.simulate_estimates", "N with a 0", lambda: mle.simulate_estimates(median, normal, [5, 0], 10),
             refuses("N")),
        *bad_counts("mle.simulate_estimates", "n_repeats",
                    lambda value: mle.simulate_estimates(median, normal, 5, value)),
        *bad_seeds("mle.simulate_estimates", lambda value: mle.simulate_estimates(median, normal, 5, 10,
                                                                                random_state=value)),
        case("mle.simulate_estimates", "estimator not callable",
             lambda: mle.simulate_estimates("median", normal, 5, 10), refuses("estimator")),
        case("mle.simulate_estimates", "distribution of the wrong kind",
             lambda: mle.simulate_estimates(median, "normal", 5, 10), refuses("distribution")),
        case("mle.simulate_estimates", "an estimator that does not reduce",
             lambda: mle.simulate_estimates(lambda s: s, normal, 5, 10), refuses("estimator")),
        case("mle.simulate_estimates", "10**6 x 10**6 draws cannot fit",
             lambda: mle.simulate_estimates(median, normal, 10 ** 6, 10 ** 6), refuses("N", match="GiB|draws")),
        case("mle.simulate_estimates", "N = 10**30 cannot fit",
             lambda: mle.simulate_estimates(median, normal, 10 ** 30, 2), refuses("N")),
        case("mle.simulate_estimates", "an estimator of Python floats that overflows (issue 35)",
             lambda: mle.simulate_estimates(lambda s: np.full(s.shape[0], math.exp(800.0)), normal, 5, 10),
             refuses("estimator")),
        case("mle.simulate_estimates", "a distribution that draws inf (issue 35)",
             lambda: mle.simulate_estimates(median, lambda rng, size: np.full(size, np.inf), 5, 10),
             refuses("distribution")),
        case("mle.simulate_estimates", "an estimator undefined for N = 1 (nan)",
             lambda: mle.simulate_estimates(lambda s: np.var(s, axis=-1, ddof=1) if s.shape[-1] > 1 else
                                            np.full(s.shape[0], np.nan), normal, [1, 5], 10), refuses("estimator")),
        case("mle.simulate_estimates", "distribution returning the wrong shape",
             lambda: mle.simulate_estimates(median, lambda rng, size: rng.random(3), 5, 10), refuses("distribution")),
        case("mle.simulate_estimates", "the sample mean's spread",
             lambda: mle.simulate_estimates(lambda s: s.mean(axis=-1), normal, 100, 4000, random_state=0),
             answers(satisfies(lambda e: abs(e.std() - 0.1) < 0.005, "standard deviation 1/sqrt(100)"))),
        *bad_arrays("mle.mean_squared_error", "estimates", lambda value: mle.mean_squared_error(value, 0.0),
                    estimates, kinds=("nan", "inf", "string", "none", "ragged")),
        case("mle.mean_squared_error", "no repeats", lambda: mle.mean_squared_error([], 0.0), refuses("estimates")),
        case("mle.mean_squared_error", "true_value of 3 for 2 rows",
             lambda: mle.mean_squared_error(estimates, [0.0, 0.1, 0.2]), refuses("true_value", match="estimates")),
        case("mle.mean_squared_error", "nan true_value", lambda: mle.mean_squared_error(estimates, np.nan),
             refuses("true_value")),
        case("mle.mean_squared_error", "errors of 1e-200",
             lambda: mle.mean_squared_error(estimates * 1e-200, 0.0),
             answers(close([_exact_mean_square(row) for row in estimates * 1e-200], rtol=1e-13))),
        case("mle.mean_squared_error", "errors of 1e150",
             lambda: mle.mean_squared_error(estimates * 1e150, 0.0),
             answers(close(np.mean(estimates ** 2, axis=-1) * 1e300, rtol=1e-13))),
        case("mle.mean_squared_error", "errors of 1e200: 1e400 beyond the float range",
             lambda: mle.mean_squared_error(estimates * 1e200, 0.0), refuses("estimates", match="float")),
        *bad_arrays("mle.bias", "estimates", lambda value: mle.bias(value, 0.0), estimates,
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("mle.bias", "no repeats", lambda: mle.bias(np.empty((2, 0)), 0.0), refuses("estimates")),
        case("mle.bias", "true_value of 3 for 2 rows", lambda: mle.bias(estimates, [0.0, 0.1, 0.2]),
             refuses("true_value", match="estimates")),
        case("mle.bias", "estimates near the largest float", lambda: mle.bias([1.7e308, 1.7e308], 0.0),
             answers(close(1.7e308, rtol=1e-15))),
        *bad_arrays("mle.exceedance_probability", "estimates",
                    lambda value: mle.exceedance_probability(value, 0.0, 0.1), estimates,
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("mle.exceedance_probability", "no repeats", lambda: mle.exceedance_probability([], 0.0, 0.1),
             refuses("estimates")),
        *bad_numbers("mle.exceedance_probability", "eps", lambda value: mle.exceedance_probability(estimates, 0.0, value),
                     NOT_POSITIVE),
        case("mle.exceedance_probability", "true_value of 3 for 2 rows",
             lambda: mle.exceedance_probability(estimates, [0.0, 0.1, 0.2], 0.1), refuses("true_value")),
        *bad_numbers("mle.cramer_rao_bound_gaussian_mean", "sigma2",
                     lambda value: mle.cramer_rao_bound_gaussian_mean(value, 10), NOT_POSITIVE),
        *bad_counts("mle.cramer_rao_bound_gaussian_mean", "N", lambda value: mle.cramer_rao_bound_gaussian_mean(1.0, value)),
        case("mle.cramer_rao_bound_gaussian_mean", "N = 10**30",
             lambda: mle.cramer_rao_bound_gaussian_mean(1.0, 10 ** 30), answers(close(1e-30, rtol=1e-15))),
        case("mle.cramer_rao_bound_gaussian_mean", "sigma2 = 1e-300, N = 10**10",
             lambda: mle.cramer_rao_bound_gaussian_mean(1e-300, 10 ** 10), answers(close(1e-310, rtol=1e-6))),
        *bad_numbers("mle.gaussian_median_variance", "sigma2",
                     lambda value: mle.gaussian_median_variance(value, 11), NOT_POSITIVE),
        *bad_counts("mle.gaussian_median_variance", "N", lambda value: mle.gaussian_median_variance(1.0, value)),
        case("mle.gaussian_median_variance", "an even N", lambda: mle.gaussian_median_variance(1.0, 10),
             refuses("N", match="odd")),
        case("mle.gaussian_median_variance", "N = 1: the normal itself", lambda: mle.gaussian_median_variance(4.0, 1),
             answers(close(4.0, rtol=1e-12))),
        case("mle.gaussian_median_variance", "N = 3: 1 - sqrt(3)/pi", lambda: mle.gaussian_median_variance(1.0, [3]),
             answers(close([1 - np.sqrt(3) / np.pi], rtol=1e-12))),
        case("mle.gaussian_median_variance", "N = 10**12 + 1: pi/2 times the bound",
             lambda: mle.gaussian_median_variance(1.0, 10 ** 12 + 1), answers(close(np.pi / 2 / 1e12, rtol=1e-9))),
        case("mle.gaussian_median_variance", "sigma2 = 1e-300, N = 101",
             lambda: mle.gaussian_median_variance(1e-300, 101),
             answers(close(lambda: 1e-300 * mle.gaussian_median_variance(1.0, 101), rtol=1e-12))),
    ]


def _cross_entropy_cases():
    t = np.array([1, 0, 1, 1])
    p = np.array([0.9, 0.2, 0.6, 0.99])
    logits = np.log(p / (1 - p))
    reference = -np.mean(t * np.log(p) + (1 - t) * np.log(1 - p))
    return [
        case("mle.binary_cross_entropy", "neither p nor logits", lambda: mle.binary_cross_entropy(t),
             refuses("logits", match="p")),
        case("mle.binary_cross_entropy", "both p and logits", lambda: mle.binary_cross_entropy(t, p, logits=logits),
             refuses("logits", match="p")),
        *bad_arrays("mle.binary_cross_entropy", "t", lambda value: mle.binary_cross_entropy(value, p), t,
                    kinds=("nan", "inf", "string", "none", "empty")),
        case("mle.binary_cross_entropy", "t of -1/+1", lambda: mle.binary_cross_entropy(2 * t - 1, p), refuses("t")),
        case("mle.binary_cross_entropy", "p of the wrong length", lambda: mle.binary_cross_entropy(t, p[:3]),
             refuses("p")),
        case("mle.binary_cross_entropy", "p = 1.2", lambda: mle.binary_cross_entropy(t, [1.2, 0.1, 0.5, 0.5]),
             refuses("p")),
        case("mle.binary_cross_entropy", "logits of the wrong length",
             lambda: mle.binary_cross_entropy(t, logits=logits[:3]), refuses("logits")),
        case("mle.binary_cross_entropy", "logits nan", lambda: mle.binary_cross_entropy(t, logits=[np.nan] * 4),
             refuses("logits")),
        case("mle.binary_cross_entropy", "logits of +-1e300",
             lambda: mle.binary_cross_entropy(t, logits=[1e300, 1e300, -1e300, 1e300]),
             answers(close(1e300 / 4 + 1e300 / 4, rtol=1e-14))),
        case("mle.binary_cross_entropy", "from logits as from p", lambda: mle.binary_cross_entropy(t, logits=logits),
             answers(close(reference, rtol=1e-13))),
        case("mle.binary_cross_entropy", "p = 0 for a one", lambda: mle.binary_cross_entropy(t, [0.0, 0.2, 0.6, 0.99]),
             answers(equal(np.inf), infinite=True)),
    ]


def _posterior_cases():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(12, 3))
    t = X @ np.array([1.0, -2.0, 0.5]) + rng.normal(size=12)
    cases = []
    for name in ("beta_bernoulli_posterior", "beta_bernoulli_map"):
        function, target = getattr(mle, name), f"mle.{name}"
        cases += [
            *bad_arrays(target, "x", lambda value, function=function: function(value), COINS),
            case(target, "x of 0/2", lambda function=function: function([0, 2]), refuses("x")),
            *bad_numbers(target, "a", lambda value, function=function: function(COINS, a=value), NOT_POSITIVE),
            *bad_numbers(target, "b", lambda value, function=function: function(COINS, b=value), NOT_POSITIVE),
        ]
    cases += [
        case("mle.beta_bernoulli_posterior", "Beta(1e300, 1e300)", lambda: mle.beta_bernoulli_posterior(COINS, 1e300, 1e300),
             answers(close((1e300, 1e300), rtol=1e-15))),
        case("mle.beta_bernoulli_map", "a = 0.5 (no mode inside)", lambda: mle.beta_bernoulli_map(COINS, 0.5, 2.0),
             refuses("a")),
        case("mle.beta_bernoulli_map", "Beta(2, 2) is Laplace's rule", lambda: mle.beta_bernoulli_map(COINS),
             answers(close((4 + 1) / (6 + 2), rtol=1e-15))),
        case("mle.beta_bernoulli_map", "Beta(1, 1) on one 0 is the MLE 0", lambda: mle.beta_bernoulli_map([0], 1, 1),
             answers(equal(0.0))),
        case("mle.beta_bernoulli_map", "a batch", lambda: mle.beta_bernoulli_map([[1, 1], [0, 1]], 2, 2),
             answers(close([0.75, 0.5], rtol=1e-15))),
        *bad_arrays("mle.gaussian_mean_map", "x", lambda value: mle.gaussian_mean_map(value, 1.0), SAMPLE),
        *bad_numbers("mle.gaussian_mean_map", "sigma2", lambda value: mle.gaussian_mean_map(SAMPLE, value), NOT_POSITIVE),
        *bad_numbers("mle.gaussian_mean_map", "tau2", lambda value: mle.gaussian_mean_map(SAMPLE, 1.0, tau2=value),
                     NOT_POSITIVE),
        *bad_numbers("mle.gaussian_mean_map", "mu0", lambda value: mle.gaussian_mean_map(SAMPLE, 1.0, mu0=value),
                     {"nan": float("nan"), "text": "0", "a list": [0.0, 1.0]}),
        case("mle.gaussian_mean_map", "x at 1e307", lambda: mle.gaussian_mean_map(np.full(4, 1e307), 1.0, 0.0, 1.0),
             answers(close(0.8e307, rtol=1e-14))),
        case("mle.gaussian_mean_map", "sigma2 = 1e-300", lambda: mle.gaussian_mean_map(SAMPLE, 1e-300, 5.0, 1e300),
             answers(close(statistics.fmean(SAMPLE), rtol=1e-14))),
        case("mle.gaussian_mean_map", "tau2 = 1e-300 (the prior wins)",
             lambda: mle.gaussian_mean_map(SAMPLE, 1e300, 5.0, 1e-300), answers(close(5.0, rtol=1e-14))),
    ]
    for name in ("least_squares_mle", "linear_regression_map"):
        function, target = getattr(mle, name), f"mle.{name}"
        more = () if name == "least_squares_mle" else (1.0, 1.0)
        cases += [
            *bad_arrays(target, "X", lambda value, function=function, more=more: function(value, t, *more), X),
            *bad_arrays(target, "t", lambda value, function=function, more=more: function(X, value, *more), t,
                        kinds=("nan", "inf", "string", "none", "empty")),
            case(target, "t of 11 for 12 rows", lambda function=function, more=more: function(X, t[:-1], *more),
                 refuses("t")),
        ]
    w_ls = np.linalg.solve(X.T @ X, X.T @ t)
    cases += [
        case("mle.least_squares_mle", "columns of 1e150",
             lambda: mle.least_squares_mle(X * 1e150, t)[0], answers(close(w_ls / 1e150, rtol=1e-9))),
        case("mle.least_squares_mle", "a repeated column (rank-deficient)",
             lambda: mle.least_squares_mle(np.c_[X, X[:, 0]], t)[0],
             answers(close(np.r_[w_ls[0] / 2, w_ls[1:], w_ls[0] / 2], rtol=1e-9, atol=1e-12))),
        *bad_numbers("mle.linear_regression_map", "sigma2", lambda value: mle.linear_regression_map(X, t, value, 1.0),
                     NOT_POSITIVE),
        *bad_numbers("mle.linear_regression_map", "tau2", lambda value: mle.linear_regression_map(X, t, 1.0, value),
                     NOT_POSITIVE),
        case("mle.linear_regression_map", "tau2 = 1e300 is least squares",
             lambda: mle.linear_regression_map(X, t, 1.0, 1e300), answers(close(w_ls, rtol=1e-10))),
        case("mle.linear_regression_map", "tau2 = 1e-300 shrinks to 0",
             lambda: mle.linear_regression_map(X, t, 1.0, 1e-300), answers(close(np.zeros(3), atol=1e-290))),
    ]
    return cases


CASES = [*_bernoulli_cases(), *_categorical_cases(), *_gaussian_cases(), *_any_model_cases(),
         *_simulation_cases(), *_cross_entropy_cases(), *_posterior_cases()]
