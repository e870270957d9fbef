"""Bad and extreme calls of lecture_utils.information."""

import mpmath
import numpy as np
from scipy import stats

from lecture_utils import information as I

from . import answers, bad_arrays, case, close, equal, refuses, satisfies

P, Q = np.array([0.5, 0.25, 0.25]), np.array([0.125, 0.125, 0.75])
X_GRID = np.linspace(-8.0, 8.0, 801)
BIMODAL = 0.5 * stats.norm.pdf(X_GRID, -3, 1) + 0.5 * stats.norm.pdf(X_GRID, 3, 1)


def _kl_mp(mu_p, sigma_p, mu_q, sigma_q):
    mpmath.mp.dps = 50
    mu_p, sigma_p, mu_q, sigma_q = (mpmath.mpf(float(v)) for v in (mu_p, sigma_p, mu_q, sigma_q))
    return float(mpmath.log(sigma_q / sigma_p) + (sigma_p ** 2 + (mu_p - mu_q) ** 2) / (2 * sigma_q ** 2) - 0.5)


def _binary_entropy_mp(phi):
    """``-phi log phi - (1 - phi) log(1 - phi)`` in 50 digits."""
    mpmath.mp.dps = 50
    phi = mpmath.mpf(phi)
    return float(-phi * mpmath.log(phi) - (1 - phi) * mpmath.log1p(-phi))


def _base_cases(target, call):
    return [case(target, f"base={base!r}", lambda base=base: call(base), refuses("base"))
            for base in (1, 0, -2, "2", np.nan, True)]


def _discrete_cases():
    cases = []
    for name in ("entropy", "huffman_code_lengths"):
        function, target = getattr(I, name), f"information.{name}"
        cases += [
            *bad_arrays(target, "p", function, P, kinds=("nan", "inf", "string", "none", "ragged")),
            case(target, "p not summing to 1", lambda function=function: function([0.5, 0.6]), refuses("p")),
            case(target, "negative p", lambda function=function: function([1.5, -0.5]), refuses("p")),
            case(target, "p a number", lambda function=function: function(1.0), refuses("p")),
            case(target, "empty p", lambda function=function: function([]), refuses("p")),
        ]
    for name in ("cross_entropy", "kl_divergence"):
        function, target = getattr(I, name), f"information.{name}"
        cases += [
            *bad_arrays(target, "q", lambda value, function=function: function(P, value), Q,
                        kinds=("nan", "inf", "string", "none")),
            case(target, "p of 3, q of 2", lambda function=function: function(P, [0.5, 0.5]), refuses("q", match="p")),
            case(target, "batches of 2 and 3", lambda function=function: function(np.tile(P, (2, 1)), np.tile(Q, (3, 1))),
                 refuses("q", match="p")),
            *_base_cases(target, lambda base, function=function: function(P, Q, base=base)),
        ]
    tiny = np.array([1 - 2e-300, 1e-300, 1e-300])
    cases += [
        *_base_cases("information.entropy", lambda base: I.entropy(P, base=base)),
        case("information.entropy", "probabilities of 1e-300", lambda: I.entropy(tiny),
             answers(close(stats.entropy(tiny), rtol=1e-12))),
        case("information.entropy", "a batch", lambda: I.entropy([P, Q], base=2),
             answers(close([stats.entropy(P, base=2), stats.entropy(Q, base=2)], rtol=1e-14))),
        case("information.cross_entropy", "q of 1e-300", lambda: I.cross_entropy(P, [1 - 2e-300, 1e-300, 1e-300]),
             answers(close(-(P @ np.log([1 - 2e-300, 1e-300, 1e-300])), rtol=1e-14))),
        case("information.cross_entropy", "q = 0 < p", lambda: I.cross_entropy(P, [0.5, 0.5, 0.0]),
             answers(equal(np.inf), infinite=True)),
        case("information.kl_divergence", "p and q of 1e-300", lambda: I.kl_divergence(tiny, [1 - 4e-300, 3e-300, 1e-300]),
             answers(close(0.0, atol=2e-300))),
        case("information.kl_divergence", "p tiny, q of 1e-320 (ratio overflows)",
             lambda: I.kl_divergence([1 - 1e-10, 1e-10], [1 - 1e-320, 1e-320]),
             answers(close(1e-10 * (np.log(1e-10) - np.log(1e-320)) + (1 - 1e-10) * np.log1p(-1e-10), rtol=1e-9))),
        case("information.kl_divergence", "q = 0 < p", lambda: I.kl_divergence(P, [0.5, 0.5, 0.0]),
             answers(equal(np.inf), infinite=True)),
        case("information.self_information", "p = 1.5", lambda: I.self_information(1.5), refuses("p")),
        case("information.self_information", "p text", lambda: I.self_information("half"), refuses("p")),
        case("information.self_information", "p = 5e-324", lambda: I.self_information(5e-324, base=2),
             answers(close(1074.0, rtol=1e-15))),
        case("information.self_information", "p = 0", lambda: I.self_information(0.0),
             answers(equal(np.inf), infinite=True)),
        *_base_cases("information.self_information", lambda base: I.self_information(0.5, base=base)),
        case("information.binary_entropy", "phi = -0.5", lambda: I.binary_entropy(-0.5), refuses("phi")),
        # issue 35: 1 - phi rounds to 1 for phi below 1e-16, and log(1 - phi) to 0 instead of -phi (scipy's entropy of
        # [phi, 1 - phi] has the same slip): the reference is exact, in 50 digits
        *[case("information.binary_entropy", f"phi = {phi:g}, whose complement rounds to 1",
               lambda phi=phi: I.binary_entropy(phi), answers(close(_binary_entropy_mp(phi), rtol=1e-14)))
          for phi in (1e-17, 1e-100, 1e-300)],
        case("information.binary_entropy", "phi = 1 - 2^-53, in bits", lambda: I.binary_entropy(1 - 2.0 ** -53, base=2),
             answers(close(_binary_entropy_mp(1 - 2.0 ** -53) / np.log(2), rtol=1e-14))),
        case("information.binary_entropy", "phi nan", lambda: I.binary_entropy(np.nan), refuses("phi")),
        case("information.huffman_code_lengths", "a batch", lambda: I.huffman_code_lengths([P, Q]), refuses("p")),
        case("information.huffman_code_lengths", "10**5 outcomes of a geometric distribution, in time",
             lambda: I.huffman_code_lengths(0.5 ** np.arange(1, 10 ** 5 + 1) / (1 - 0.5 ** 10 ** 5)),
             answers(satisfies(lambda lengths: lengths[0] == 1 and lengths[1] == 2 and lengths.max() > 1000,
                               "lengths 1, 2, 3, ..."))),
        case("information.huffman_code_lengths", "2**16 equal outcomes, in time",
             lambda: I.huffman_code_lengths(np.full(2 ** 16, 2.0 ** -16)),
             answers(satisfies(lambda lengths: np.all(lengths == 16), "16 questions each"))),
        case("information.huffman_code_lengths", "2**21 outcomes would take minutes",
             lambda: I.huffman_code_lengths(np.full(2 ** 21, 2.0 ** -21)), refuses("p", match="outcomes")),
    ]
    return cases


def _gaussian_cases():
    return [
        case("information.gaussian_entropy", "sigma = 0", lambda: I.gaussian_entropy(0.0), refuses("sigma")),
        case("information.gaussian_entropy", "sigma text", lambda: I.gaussian_entropy("1"), refuses("sigma")),
        *[case("information.gaussian_entropy", f"sigma = {sigma:g}", lambda sigma=sigma: I.gaussian_entropy(sigma),
               answers(close(stats.norm(0, sigma).entropy(), rtol=1e-13)))
          for sigma in (1e-300, 1e300, 5e-324)],
        *_base_cases("information.gaussian_entropy", lambda base: I.gaussian_entropy(1.0, base=base)),
        *[case("information.gaussian_kl", f"all at scale {scale:g}",
               lambda scale=scale: I.gaussian_kl(0.3 * scale, 1.2 * scale, -0.4 * scale, 0.7 * scale),
               answers(close(_kl_mp(0.3, 1.2, -0.4, 0.7), rtol=1e-13)))
          for scale in (1e300, 1e-300, 1e200, 1e-200, 1.0)],
        case("information.gaussian_kl", "equal distributions at 1e300", lambda: I.gaussian_kl(1e300, 1e300, 1e300, 1e300),
             answers(equal(0.0))),
        case("information.gaussian_kl", "sigma_q / sigma_p = 1e300",
             lambda: I.gaussian_kl(0.0, 1e-150, 0.0, 1e150),
             answers(close(_kl_mp(0.0, 1e-150, 0.0, 1e150), rtol=1e-13))),
        case("information.gaussian_kl", "sigma_p / sigma_q = 1e200 (1e400 nats)",
             lambda: I.gaussian_kl(0.0, 1e100, 0.0, 1e-100), answers(equal(np.inf), infinite=True)),
        case("information.gaussian_kl", "sigma_q = 0", lambda: I.gaussian_kl(0.0, 1.0, 0.0, 0.0), refuses("sigma_q")),
        case("information.gaussian_kl", "nan mu_p", lambda: I.gaussian_kl(np.nan, 1.0, 0.0, 1.0), refuses("mu_p")),
        case("information.gaussian_kl", "mu_p of 3 and sigma_q of 2",
             lambda: I.gaussian_kl([0.0, 1.0, 2.0], 1.0, 0.0, [1.0, 2.0]), refuses("sigma_q", match="mu_p")),
        *_base_cases("information.gaussian_kl", lambda base: I.gaussian_kl(0.0, 1.0, 1.0, 1.0, base=base)),
        case("information.entropies_at_fixed_variance", "variance 0", lambda: I.entropies_at_fixed_variance(0.0),
             refuses("variance")),
        case("information.entropies_at_fixed_variance", "variance text",
             lambda: I.entropies_at_fixed_variance("1"), refuses("variance")),
        *[case("information.entropies_at_fixed_variance", f"variance {v:g}",
               lambda v=v: I.entropies_at_fixed_variance(v),
               answers(lambda result, v=v: np.testing.assert_allclose(
                   [result[name] for name in ("normal", "logistic", "laplace", "uniform")],
                   [stats.norm(scale=np.sqrt(v)).entropy(), stats.logistic(scale=np.sqrt(3 * v) / np.pi).entropy(),
                    stats.laplace(scale=np.sqrt(v / 2)).entropy(), stats.uniform(scale=np.sqrt(12 * v)).entropy()],
                   rtol=1e-12)))
          for v in (1e-300, 1e300)],
        case("information.entropies_at_fixed_variance", "variance 1.7e308",
             lambda: I.entropies_at_fixed_variance(1.7e308)["normal"],
             answers(close(0.5 * np.log(2 * np.pi * np.e) + 0.5 * np.log(1.7e308), rtol=1e-14))),
        *_base_cases("information.entropies_at_fixed_variance",
                     lambda base: I.entropies_at_fixed_variance(1.0, base=base)),
    ]


def _grid_cases():
    p = stats.norm.pdf(X_GRID, 0.5, 1.3)
    q = stats.norm.pdf(X_GRID, -0.5, 2.0)
    cases = []
    for name in ("cross_entropy_on_grid", "kl_divergence_on_grid"):
        function, target = getattr(I, name), f"information.{name}"
        cases += [
            case(target, "p and q of different lengths", lambda function=function: function(p, q[:-1], X_GRID),
                 refuses("q")),
            case(target, "x not increasing", lambda function=function: function(p, q, X_GRID[::-1]), refuses("x")),
            case(target, "negative q", lambda function=function: function(p, -q, X_GRID), refuses("q")),
            case(target, "nan p", lambda function=function: function(np.r_[np.nan, p[1:]], q, X_GRID), refuses("p")),
            case(target, "batches of 2 and 3", lambda function=function: function([p, p], [q, q, q], X_GRID),
                 refuses("q", match="p")),
            *_base_cases(target, lambda base, function=function: function(p, q, X_GRID, base=base)),
        ]
    kl = I.gaussian_kl(0.5, 1.3, -0.5, 2.0)
    cases += [
        case("information.kl_divergence_on_grid", "against the closed form",
             lambda: I.kl_divergence_on_grid(p, q, X_GRID), answers(close(kl, rtol=1e-6))),
        case("information.kl_divergence_on_grid", "x and densities at scale 1e300",
             lambda: I.kl_divergence_on_grid(p * 1e-300, q * 1e-300, X_GRID * 1e300),
             answers(close(kl, rtol=1e-6))),
        case("information.kl_divergence_on_grid", "x at scale 1e-300, densities 1e300",
             lambda: I.kl_divergence_on_grid(p * 1e300, q * 1e300, X_GRID * 1e-300),
             answers(close(kl, rtol=1e-6))),
        case("information.cross_entropy_on_grid", "q = 0 where p > 0", lambda: I.cross_entropy_on_grid(p, 0 * q, X_GRID),
             answers(equal(np.inf), infinite=True)),
        case("information.differential_entropy_on_grid", "against the closed form",
             lambda: I.differential_entropy_on_grid(p, X_GRID), answers(close(I.gaussian_entropy(1.3), rtol=1e-6))),
        case("information.differential_entropy_on_grid", "scale 1e300",
             lambda: I.differential_entropy_on_grid(p * 1e-300, X_GRID * 1e300),
             answers(close(I.gaussian_entropy(1.3) + np.log(1e300), rtol=1e-6))),
        case("information.differential_entropy_on_grid", "scale 1e-300",
             lambda: I.differential_entropy_on_grid(p * 1e300, X_GRID * 1e-300),
             answers(close(I.gaussian_entropy(1.3) - np.log(1e300), rtol=1e-6))),
        case("information.differential_entropy_on_grid", "x of one point",
             lambda: I.differential_entropy_on_grid([1.0], [0.0]), refuses("x")),
        case("information.differential_entropy_on_grid", "density of the wrong length",
             lambda: I.differential_entropy_on_grid(p[:-1], X_GRID), refuses("density")),
        case("information.differential_entropy_on_grid", "x with nan",
             lambda: I.differential_entropy_on_grid(p, np.r_[np.nan, X_GRID[1:]]), refuses("x")),
        *_base_cases("information.differential_entropy_on_grid",
                     lambda base: I.differential_entropy_on_grid(p, X_GRID, base=base)),
        case("information.kl_divergence_from_log_densities", "against the closed form",
             lambda: I.kl_divergence_from_log_densities(stats.norm.logpdf(X_GRID, 0.5, 1.3),
                                                        stats.norm.logpdf(X_GRID, -0.5, 2.0), X_GRID),
             answers(close(kl, rtol=1e-6))),
        case("information.kl_divergence_from_log_densities", "-inf where both densities are 0",
             lambda: I.kl_divergence_from_log_densities(np.where(np.abs(X_GRID) < 4, np.log(p), -np.inf),
                                                        np.where(np.abs(X_GRID) < 6, np.log(q), -np.inf), X_GRID),
             answers(satisfies(lambda value: np.isfinite(value) and value > 0, "finite and positive"))),
        case("information.kl_divergence_from_log_densities", "log q = -inf where p > 0",
             lambda: I.kl_divergence_from_log_densities(np.log(p), np.full_like(p, -np.inf), X_GRID),
             answers(equal(np.inf), infinite=True)),
        case("information.kl_divergence_from_log_densities", "log q = -inf where p is tiny (log p = -1000): inf, "
             "not nan", lambda: I.kl_divergence_from_log_densities(np.where(np.abs(X_GRID) < 7, np.log(p), -1000.0),
                                                                   np.where(np.abs(X_GRID) < 7, np.log(q), -np.inf),
                                                                   X_GRID),
             answers(equal(np.inf), infinite=True)),
        case("information.kl_divergence_from_log_densities", "every log-density near -1e300 (no mass as a float)",
             lambda: I.kl_divergence_from_log_densities(np.log(p) - 1e300, np.log(q) - 1e300, X_GRID),
             answers(satisfies(lambda value: np.isfinite(value), "finite"))),
        case("information.kl_divergence_from_log_densities", "a grid of 1e300 scale: the same divergence",
             lambda: I.kl_divergence_from_log_densities(np.log(p) - np.log(1e300), np.log(q) - np.log(1e300),
                                                        X_GRID * 1e300), answers(close(kl, rtol=1e-6))),
        case("information.kl_divergence_from_log_densities", "log p all -inf (no mass)",
             lambda: I.kl_divergence_from_log_densities(np.full_like(p, -np.inf), np.log(q), X_GRID),
             answers(equal(0.0))),
        case("information.kl_divergence_from_log_densities", "log-densities of 1e300 scale densities",
             lambda: I.kl_divergence_from_log_densities(np.log(p) + np.log(1e300), np.log(q) + np.log(1e300),
                                                        X_GRID * 1e-300),
             answers(close(kl, rtol=1e-6))),
        case("information.kl_divergence_from_log_densities", "+inf in log_p",
             lambda: I.kl_divergence_from_log_densities(np.r_[np.inf, np.log(p[1:])], np.log(q), X_GRID),
             refuses("log_p")),
        case("information.kl_divergence_from_log_densities", "text log_q",
             lambda: I.kl_divergence_from_log_densities(np.log(p), ["a"] * len(p), X_GRID), refuses("log_q")),
        case("information.kl_divergence_from_log_densities", "batches of 2 and 3",
             lambda: I.kl_divergence_from_log_densities([np.log(p)] * 2, [np.log(q)] * 3, X_GRID),
             refuses("log_q", match="log_p")),
        *_base_cases("information.kl_divergence_from_log_densities",
                     lambda base: I.kl_divergence_from_log_densities(np.log(p), np.log(q), X_GRID, base=base)),
    ]
    return cases


def _fit_cases():
    forward = I.fit_gaussian_forward_kl(BIMODAL, X_GRID)
    reverse = I.fit_gaussian_reverse_kl(BIMODAL, X_GRID)
    cases = []
    for name, plain in (("fit_gaussian_forward_kl", forward), ("fit_gaussian_reverse_kl", reverse)):
        function, target = getattr(I, name), f"information.{name}"
        cases += [
            case(target, "p all zero", lambda function=function: function(np.zeros_like(X_GRID), X_GRID), refuses("p")),
            case(target, "negative p", lambda function=function: function(-BIMODAL, X_GRID), refuses("p")),
            case(target, "p a batch", lambda function=function: function([BIMODAL, BIMODAL], X_GRID), refuses("p")),
            case(target, "x of another length", lambda function=function: function(BIMODAL, X_GRID[:-1]),
                 refuses("p")),
            case(target, "x decreasing", lambda function=function: function(BIMODAL, X_GRID[::-1]), refuses("x")),
            *[case(target, f"x at scale {scale:g}, p at {1 / scale:g}",
                   lambda function=function, scale=scale: function(BIMODAL / scale, X_GRID * scale),
                   answers(close(np.multiply(plain, scale), rtol=1e-6, atol=1e-6 * scale)))
              for scale in (1e300, 1e-300)],
            case(target, "shifted by 1e10", lambda function=function: function(BIMODAL, X_GRID + 1e10),
                 answers(close(np.add(plain, [1e10, 0.0]), rtol=1e-13, atol=1e-4))),
        ]
    cases += [
        case("information.fit_gaussian_forward_kl", "the moments of the mixture",
             lambda: I.fit_gaussian_forward_kl(BIMODAL, X_GRID), answers(close([0.0, np.sqrt(10.0)], atol=1e-5))),
        case("information.fit_gaussian_reverse_kl", "one of the modes",
             lambda: I.fit_gaussian_reverse_kl(BIMODAL, X_GRID),
             answers(satisfies(lambda fit: abs(abs(fit[0]) - 3) < 0.05 and abs(fit[1] - 1) < 0.05, "a mode"))),
    ]
    return cases


JOINT = np.array([[0.3, 0.1], [0.2, 0.4]])


def _joint_cases():
    from sklearn.metrics import mutual_info_score
    cases = []
    for name in ("joint_entropy", "conditional_entropy", "mutual_information"):
        function, target = getattr(I, name), f"information.{name}"
        cases += [
            *bad_arrays(target, "joint", function, JOINT),
            case(target, "joint of one variable", lambda function=function: function([0.5, 0.5]), refuses("joint")),
            case(target, "joint of 3 axes", lambda function=function: function(np.full((2, 2, 2), 0.125)),
                 refuses("joint")),
            case(target, "joint summing to 1.2", lambda function=function: function(JOINT * 1.2), refuses("joint")),
            case(target, "negative joint", lambda function=function: function([[0.6, -0.1], [0.3, 0.2]]),
                 refuses("joint")),
            *_base_cases(target, lambda base, function=function: function(JOINT, base=base)),
        ]
    tiny = np.array([[1 - 3e-300, 1e-300], [1e-300, 1e-300]])
    x = np.repeat([0, 0, 1, 1], [3, 1, 2, 4])
    y = np.repeat([0, 1, 0, 1], [3, 1, 2, 4])
    cases += [
        case("information.joint_entropy", "cells of 1e-300", lambda: I.joint_entropy(tiny),
             answers(close(stats.entropy(tiny.ravel()), rtol=1e-12))),
        case("information.conditional_entropy", "a row of zeros", lambda: I.conditional_entropy([[0.5, 0.5], [0, 0]]),
             answers(close(np.log(2), rtol=1e-15))),
        case("information.conditional_entropy", "cells of 1e-300", lambda: I.conditional_entropy(tiny),
             answers(close(stats.entropy(tiny.ravel()) - stats.entropy(tiny.sum(1)), rtol=1e-9, atol=1e-290))),
        case("information.mutual_information", "independent, cells of 1e-300",
             lambda: I.mutual_information(np.outer([1 - 1e-300, 1e-300], [0.5, 0.5])), answers(close(0.0, atol=1e-300))),
        case("information.mutual_information", "against scikit-learn", lambda: I.mutual_information(JOINT),
             answers(close(mutual_info_score(x, y), rtol=1e-12))),
        case("information.joint_distribution", "x of 3, y of 2", lambda: I.joint_distribution([0, 1, 2], [0, 1]),
             refuses("y", match="x")),
        case("information.joint_distribution", "empty", lambda: I.joint_distribution([], []), refuses("x")),
        case("information.joint_distribution", "nan in x", lambda: I.joint_distribution([0.0, np.nan], [0, 1]),
             refuses("x")),
        case("information.joint_distribution", "x 2-D", lambda: I.joint_distribution([[0, 1]], [0, 1]), refuses("x")),
        case("information.joint_distribution", "numbers and text", lambda: I.joint_distribution([0, "a"], [0, 1]),
             refuses("x")),
        case("information.joint_distribution", "strings", lambda: I.joint_distribution(list("aabb"), [1, 1, 2, 1]),
             answers(close([[0.5, 0.0], [0.25, 0.25]], rtol=1e-15))),
        case("information.joint_distribution", "counts of JOINT", lambda: I.joint_distribution(x, y),
             answers(close(JOINT, rtol=1e-15))),
    ]
    return cases


CASES = [*_discrete_cases(), *_gaussian_cases(), *_grid_cases(), *_fit_cases(), *_joint_cases()]
