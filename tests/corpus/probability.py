"""Bad and extreme calls of lecture_utils.probability."""

import mpmath
import numpy as np
from scipy import stats
from scipy.special import logsumexp

from lecture_utils import probability as Pr

from . import (answers, bad_arrays, bad_counts, bad_seeds, case, close, equal, refuses, satisfies)

W, M, S = np.array([0.3, 0.7]), np.array([-1.0, 2.0]), np.array([0.5, 1.5])
DISTRIBUTIONS = ("exponential", "bernoulli", "uniform")


def _mixture_moments(weights, means, sigmas):
    """Mean and variance of a normal mixture in mpmath, by the law of total variance."""
    mpmath.mp.dps = 60
    w, m, s = ([mpmath.mpf(float(v)) for v in a] for a in (weights, means, sigmas))
    mean = sum(wk * mk for wk, mk in zip(w, m))
    variance = sum(wk * (sk ** 2 + (mk - mean) ** 2) for wk, mk, sk in zip(w, m, s))
    return float(mean), float(variance)


def _bernoulli_cases():
    return [
        *bad_arrays("probability.bernoulli_pmf", "x", lambda value: Pr.bernoulli_pmf(value, 0.3), [0, 1, 1],
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("probability.bernoulli_pmf", "x = 2", lambda: Pr.bernoulli_pmf([0, 2], 0.3), refuses("x")),
        case("probability.bernoulli_pmf", "phi = 1.5", lambda: Pr.bernoulli_pmf([0, 1], 1.5), refuses("phi")),
        case("probability.bernoulli_pmf", "nan phi", lambda: Pr.bernoulli_pmf([0, 1], np.nan), refuses("phi")),
        case("probability.bernoulli_pmf", "x and phi of shapes 3 and 2",
             lambda: Pr.bernoulli_pmf([0, 1, 1], [0.2, 0.5]), refuses("phi", match="x")),
        case("probability.bernoulli_pmf", "phi = 1e-300", lambda: Pr.bernoulli_pmf([0, 1], 1e-300),
             answers(close(stats.bernoulli.pmf([0, 1], 1e-300), rtol=1e-15))),
        case("probability.bernoulli_pmf", "x empty", lambda: Pr.bernoulli_pmf([], 0.3), answers(equal(np.empty(0)))),
        case("probability.bernoulli_mean", "phi = -0.1", lambda: Pr.bernoulli_mean(-0.1), refuses("phi")),
        case("probability.bernoulli_mean", "phi text", lambda: Pr.bernoulli_mean("0.5"), refuses("phi")),
        case("probability.bernoulli_mean", "phi = 1e-300", lambda: Pr.bernoulli_mean(1e-300), answers(equal(1e-300))),
        case("probability.bernoulli_variance", "phi = 1e-300", lambda: Pr.bernoulli_variance(1e-300),
             answers(close(stats.bernoulli.var(1e-300), rtol=1e-15))),
        case("probability.bernoulli_variance", "phi nan", lambda: Pr.bernoulli_variance(np.nan), refuses("phi")),
    ]


def _categorical_cases():
    p = np.array([0.2, 0.5, 0.3])
    return [
        case("probability.one_hot", "x = 3 of 3 categories", lambda: Pr.one_hot([0, 3], 3), refuses("x")),
        case("probability.one_hot", "x = 0.5", lambda: Pr.one_hot([0.5], 3), refuses("x")),
        case("probability.one_hot", "nan x", lambda: Pr.one_hot([np.nan], 3), refuses("x")),
        *bad_counts("probability.one_hot", "n_categories", lambda value: Pr.one_hot([0, 1], value)),
        case("probability.one_hot", "one index of 10**6 categories (no 10**6 x 10**6 identity)",
             lambda: Pr.one_hot(0, 10 ** 6), answers(satisfies(lambda a: a.shape == (10 ** 6,) and a.sum() == 1
                                                                and a[0] == 1, "a single one at 0"))),
        case("probability.one_hot", "10**6 indices of 10**6 categories cannot fit",
             lambda: Pr.one_hot(np.zeros(10 ** 6, dtype=int), 10 ** 6), refuses("x", match="GiB|memory")),
        case("probability.one_hot", "an empty x", lambda: Pr.one_hot([], 3), answers(equal(np.empty((0, 3))))),
        case("probability.categorical_pmf", "x not one-hot", lambda: Pr.categorical_pmf([1, 1, 0], p),
             refuses("x")),
        case("probability.categorical_pmf", "x of 2 categories, p of 3", lambda: Pr.categorical_pmf([1, 0], p),
             refuses("x", match="p")),
        case("probability.categorical_pmf", "p not summing to 1", lambda: Pr.categorical_pmf([1, 0, 0], p * 2),
             refuses("p")),
        case("probability.categorical_pmf", "p with nan", lambda: Pr.categorical_pmf([1, 0, 0], [np.nan, 0.5, 0.5]),
             refuses("p")),
        case("probability.categorical_pmf", "batches of shapes (4, 3) and (2, 3)",
             lambda: Pr.categorical_pmf(Pr.one_hot([0, 1, 2, 0], 3), np.tile(p, (2, 1))), refuses("x", match="p")),
        case("probability.categorical_pmf", "p of 1e-300", lambda: Pr.categorical_pmf([0, 1, 0],
                                                                                     [1 - 1e-300, 1e-300, 0.0]),
             answers(equal(1e-300))),
        case("probability.categorical_mean", "p negative", lambda: Pr.categorical_mean([1.5, -0.5]), refuses("p")),
        case("probability.categorical_mean", "p scalar", lambda: Pr.categorical_mean(1.0), refuses("p")),
        case("probability.categorical_variance", "p text", lambda: Pr.categorical_variance(["a", "b"]), refuses("p")),
        case("probability.categorical_variance", "p of 1e-300", lambda: Pr.categorical_variance([1 - 1e-300, 1e-300]),
             answers(close([0.0, 1e-300], rtol=1e-15, atol=1e-310))),
    ]


def _normal_cases():
    x = np.array([-2.0, 0.0, 3.0])
    return [
        *bad_arrays("probability.normal_logpdf", "x", lambda value: Pr.normal_logpdf(value), x,
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("probability.normal_logpdf", "sigma = 0", lambda: Pr.normal_logpdf(x, 0.0, 0.0), refuses("sigma")),
        case("probability.normal_logpdf", "sigma = -1", lambda: Pr.normal_logpdf(x, 0.0, -1.0), refuses("sigma")),
        case("probability.normal_logpdf", "nan mu", lambda: Pr.normal_logpdf(x, np.nan), refuses("mu")),
        case("probability.normal_logpdf", "x and mu of shapes 3 and 2", lambda: Pr.normal_logpdf(x, [0.0, 1.0]),
             refuses("mu", match="x")),
        case("probability.normal_logpdf", "x and sigma of shapes 3 and 2",
             lambda: Pr.normal_logpdf(x, 0.0, [1.0, 2.0]), refuses("sigma", match="x")),
        *[case("probability.normal_logpdf", f"x, mu and sigma at {scale:g}",
               lambda scale=scale: Pr.normal_logpdf(x * scale, 0.0, scale),
               answers(close(stats.norm.logpdf(x) - np.log(scale), rtol=1e-13)))
          for scale in (1e300, 1e-300)],
        case("probability.normal_logpdf", "x = 1e300 at sigma 1: beyond the float range",
             lambda: Pr.normal_logpdf(1e300), answers(equal(-np.inf), infinite=True)),
        case("probability.normal_pdf", "sigma = 1e-300 at the mean", lambda: Pr.normal_pdf(0.0, 0.0, 1e-300),
             answers(close(1 / (np.sqrt(2 * np.pi) * 1e-300), rtol=1e-14))),
        case("probability.normal_pdf", "sigma = 1e300", lambda: Pr.normal_pdf(1e300, 0.0, 1e300),
             answers(close(stats.norm.pdf(1.0) / 1e300, rtol=1e-13))),
        case("probability.normal_pdf", "sigma text", lambda: Pr.normal_pdf(0.0, 0.0, "1"), refuses("sigma")),
        # issue 20, item 14: x - mu beyond the float range, with z = (x - mu) / sigma of size 2
        case("probability.normal_logpdf", "x = 1e308, mu = -1e308, sigma = 1e308: x - mu overflows, z = 2",
             lambda: Pr.normal_logpdf(1e308, -1e308, 1e308),
             answers(close(float(-2 - mpmath.log(mpmath.mpf(1e308)) - mpmath.log(mpmath.sqrt(2 * mpmath.pi))),
                           rtol=1e-15))),
        case("probability.normal_logpdf", "x = -1.5e308, mu = 1.5e308, sigma = 1: beyond the range, -inf",
             lambda: Pr.normal_logpdf(-1.5e308, 1.5e308), answers(equal(-np.inf), infinite=True)),
        case("probability.normal_pdf", "x = 1e308, mu = -1e308, sigma = 1e308: a subnormal density",
             lambda: Pr.normal_pdf(1e308, -1e308, 1e308),
             answers(close(float(mpmath.exp(-2) / (mpmath.mpf(1e308) * mpmath.sqrt(2 * mpmath.pi))), rtol=1e-12))),
        case("probability.normal_pdf", "sigma = 1.7e308 at the mean (sqrt(2 pi) sigma overflows)",
             lambda: Pr.normal_pdf(0.0, 0.0, 1.7e308),
             answers(close(float(1 / (mpmath.mpf(1.7e308) * mpmath.sqrt(2 * mpmath.pi))), rtol=1e-13))),
        case("probability.gaussian_mixture_pdf", "10**6 points of 10**4 components: 80 GB of densities",
             lambda: Pr.gaussian_mixture_pdf(np.zeros(10 ** 6), np.full(10 ** 4, 1e-4), np.zeros(10 ** 4),
                                             np.ones(10 ** 4)), refuses("x", match="GiB|memory")),
        case("probability.normal_pdf", "x and sigma of shapes 3 and 2", lambda: Pr.normal_pdf(x, 0.0, [1.0, 2.0]),
             refuses("sigma", match="x")),
    ]


def _mixture_cases():
    x = np.array([-1.0, 0.5, 4.0])
    reference_logpdf = logsumexp(stats.norm.logpdf(x[:, None], M, S) + np.log(W), axis=1)
    cases = []
    for name in ("gaussian_mixture_pdf", "gaussian_mixture_logpdf"):
        function, target = getattr(Pr, name), f"probability.{name}"
        cases += [
            case(target, "weights of 2, means of 3", lambda function=function: function(x, W, [0.0, 1.0, 2.0], S),
                 refuses("means", match="weights")),
            case(target, "weights not summing to 1", lambda function=function: function(x, [0.5, 0.6], M, S),
                 refuses("weights")),
            case(target, "sigma 0", lambda function=function: function(x, W, M, [0.0, 1.0]), refuses("sigmas")),
            case(target, "nan x", lambda function=function: function([np.nan], W, M, S), refuses("x")),
            case(target, "2-D weights", lambda function=function: function(x, [W], [M], [S]), refuses("weights")),
            case(target, "empty mixture", lambda function=function: function(x, [], [], []), refuses("weights")),
        ]
    cases += [
        case("probability.gaussian_mixture_pdf", "plain", lambda: Pr.gaussian_mixture_pdf(x, W, M, S),
             answers(close(np.exp(reference_logpdf), rtol=1e-13))),
        case("probability.gaussian_mixture_logpdf", "40 sigmas away",
             lambda: Pr.gaussian_mixture_logpdf([-60.0, 80.0], W, M, S),
             answers(close(logsumexp(stats.norm.logpdf(np.array([-60.0, 80.0])[:, None], M, S) + np.log(W), axis=1),
                           rtol=1e-13))),
        case("probability.gaussian_mixture_logpdf", "scale 1e300",
             lambda: Pr.gaussian_mixture_logpdf(x * 1e300, W, M * 1e300, S * 1e300),
             answers(close(reference_logpdf - np.log(1e300), rtol=1e-12))),
        case("probability.gaussian_mixture_logpdf", "a weight of 0", lambda: Pr.gaussian_mixture_logpdf(x, [0.0, 1.0],
                                                                                                         M, S),
             answers(close(stats.norm.logpdf(x, M[1], S[1]), rtol=1e-13))),
        case("probability.gaussian_mixture_moments", "plain", lambda: Pr.gaussian_mixture_moments(W, M, S),
             answers(close(_mixture_moments(W, M, S), rtol=1e-14))),
        case("probability.gaussian_mixture_moments", "means near 1e8 (no cancellation)",
             lambda: Pr.gaussian_mixture_moments(W, M + 1e8, S),
             answers(close(_mixture_moments(W, M + 1e8, S), rtol=1e-12))),
        case("probability.gaussian_mixture_moments", "scale 1e150 (variance 1e300)",
             lambda: Pr.gaussian_mixture_moments(W, M * 1e150, S * 1e150),
             answers(close(_mixture_moments(W, M * 1e150, S * 1e150), rtol=1e-12))),
        case("probability.gaussian_mixture_moments", "scale 1e-300",
             lambda: Pr.gaussian_mixture_moments(W, M * 1e-300, S * 1e-300),
             answers(close(_mixture_moments(W, M * 1e-300, S * 1e-300), rtol=1e-12))),
        case("probability.gaussian_mixture_moments", "variance 1e600 beyond the float range",
             lambda: Pr.gaussian_mixture_moments(W, M * 1e300, S * 1e300), refuses("sigmas", match="float")),
        case("probability.gaussian_mixture_moments", "sigmas of 3 for 2 weights",
             lambda: Pr.gaussian_mixture_moments(W, M, [1.0, 1.0, 1.0]), refuses("sigmas", match="weights")),
    ]
    return cases


def _clt_cases():
    cases = []
    for name in ("sample_means", "standardized_sums", "standardized_partial_sums"):
        function, target = getattr(Pr, name), f"probability.{name}"
        cases += [
            case(target, "unknown distribution", lambda function=function: function("normal", 3, 10),
                 refuses("distribution")),
            case(target, "distribution not a string", lambda function=function: function(None, 3, 10),
                 refuses("distribution")),
            *bad_counts(target, "n_max" if "partial" in name else "n",
                        lambda value, function=function: function("uniform", value, 10)),
            *bad_counts(target, "n_repeats", lambda value, function=function: function("uniform", 3, value)),
            *bad_seeds(target, lambda value, function=function: function("uniform", 3, 10, random_state=value)),
        ]
    cases += [
        case("probability.sample_means", "n = 10**7 in one repeat (no 80 MB row at once, the right mean)",
             lambda: Pr.sample_means("bernoulli", 10 ** 7, 2, random_state=0),
             answers(close([0.2, 0.2], atol=5 * np.sqrt(0.16 / 10 ** 7)))),
        case("probability.sample_means", "10**12 draws would take hours",
             lambda: Pr.sample_means("uniform", 10 ** 6, 10 ** 6), refuses("n_repeats", match="draws")),
        case("probability.sample_means", "means of 1 draw are the draws",
             lambda: Pr.sample_means("uniform", 1, 1000, random_state=1),
             answers(satisfies(lambda m: stats.kstest(m, "uniform").pvalue > 1e-4, "uniform on [0, 1]"))),
        case("probability.standardized_sums", "bernoulli, n = 1: z takes 2 values",
             lambda: Pr.standardized_sums("bernoulli", 1, 50, random_state=0),
             answers(satisfies(lambda z: set(np.round(z, 12)) <= {-0.5, 2.0}, "z in {-1/2, 2}"))),
        case("probability.standardized_partial_sums", "10**5 x 10**5 cannot fit",
             lambda: Pr.standardized_partial_sums("uniform", 10 ** 5, 10 ** 5), refuses("n_repeats", match="GiB")),
        case("probability.standardized_partial_sums", "one repeat", lambda: Pr.standardized_partial_sums(
            "exponential", 4, 1, random_state=2), answers(satisfies(lambda z: z.shape == (4, 1), "shape (4, 1)"))),
        case("probability.distribution_moments", "unknown distribution", lambda: Pr.distribution_moments("gauss"),
             refuses("distribution")),
        case("probability.distribution_moments", "a list", lambda: Pr.distribution_moments(["uniform"]),
             refuses("distribution")),
        case("probability.distribution_moments", "bernoulli", lambda: Pr.distribution_moments("bernoulli"),
             answers(close([0.2, 0.16], rtol=1e-15))),
        case("probability.sum_skewness", "n = 0", lambda: Pr.sum_skewness("bernoulli", 0), refuses("n")),
        case("probability.sum_skewness", "n = 10**300", lambda: Pr.sum_skewness("exponential", 10 ** 300),
             answers(close(2e-150, rtol=1e-14))),
        case("probability.sum_skewness", "unknown distribution", lambda: Pr.sum_skewness("beta", 3),
             refuses("distribution")),
        case("probability.standardized_sum_values", "n = 10**9 cannot fit",
             lambda: Pr.standardized_sum_values("bernoulli", 10 ** 10), refuses("n", match="GiB")),
        case("probability.standardized_sum_values", "continuous", lambda: Pr.standardized_sum_values("uniform", 10 ** 10),
             answers(satisfies(lambda v: v is None, "None"))),
        case("probability.standardized_sum_values", "n = 2.5", lambda: Pr.standardized_sum_values("bernoulli", 2.5),
             refuses("n")),
    ]
    return cases


def _partial_sums_cases():
    sums = Pr.PartialSums("exponential", 25, 40, random_state=4, every=10)
    table = Pr.standardized_partial_sums("exponential", 25, 40, random_state=4)
    target = "probability.PartialSums"
    return [
        case(target, "unknown distribution", lambda: Pr.PartialSums("normal", 3, 10), refuses("distribution")),
        *bad_counts(target, "n_max", lambda value: Pr.PartialSums("uniform", value, 10)),
        *bad_counts(target, "n_repeats", lambda value: Pr.PartialSums("uniform", 3, value)),
        *bad_counts(target, "every", lambda value: Pr.PartialSums("uniform", 3, 10, every=value)),
        *bad_seeds(target, lambda value: Pr.PartialSums("uniform", 3, 10, random_state=value)),
        case(target, "10**5 x 10**5 sums cannot be drawn", lambda: Pr.PartialSums("uniform", 10 ** 5, 10 ** 5),
             refuses("n_repeats", match="GiB")),
        *bad_counts(f"{target}.sums", "n", lambda value: sums.sums(value)),
        case(f"{target}.sums", "n past n_max", lambda: sums.sums(26), refuses("n", match="n_max")),
        case(f"{target}.sums", "n = n_max, a row after the last kept", lambda: sums.sums(25),
             answers(close(table[24] * np.sqrt(25) + 25, rtol=1e-12))),
        case(f"{target}.standardized", "n = 10, 1, 23 and 10 again in turn: the table's rows, bit for bit",
             lambda: [sums.standardized(n) for n in (10, 1, 23, 10)],
             answers(equal(table[[9, 0, 22, 9]]))),
        case(f"{target}.standardized", "n = 0", lambda: sums.standardized(0), refuses("n")),
    ]


def _skewness_cases():
    z = np.array([0.0, 1.0, 1.0, 5.0, 2.0])
    return [
        *bad_arrays("probability.sample_skewness", "z", Pr.sample_skewness, z,
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("probability.sample_skewness", "one value", lambda: Pr.sample_skewness([1.0]), refuses("z")),
        case("probability.sample_skewness", "no spread", lambda: Pr.sample_skewness([2.0, 2.0, 2.0]),
             refuses("z", match="spread")),
        *[case("probability.sample_skewness", f"scale {scale:g}", lambda scale=scale: Pr.sample_skewness(z * scale),
               answers(close(stats.skew(z), rtol=1e-12)))
          for scale in (1e300, 1e-300, 1e200, 1e-200)],
        case("probability.sample_skewness", "offset 1e10 (centred first)", lambda: Pr.sample_skewness(z + 1e10),
             answers(close(stats.skew(z), rtol=1e-5))),
        case("probability.sample_skewness", "values from -1.5e308 to 1.5e308: differences beyond the range",
             lambda: Pr.sample_skewness(np.array([-1.5, 0.0, 0.0, 1.5, 1.0]) * 1e308),
             answers(close(stats.skew([-1.5, 0.0, 0.0, 1.5, 1.0]), rtol=1e-12))),
        case("probability.sample_skewness", "a batch with a constant row",
             lambda: Pr.sample_skewness(np.array([z, np.ones(5)])), refuses("z", match="spread")),
    ]


CASES = [*_bernoulli_cases(), *_categorical_cases(), *_normal_cases(), *_mixture_cases(), *_clt_cases(), *_partial_sums_cases(),
         *_skewness_cases()]
