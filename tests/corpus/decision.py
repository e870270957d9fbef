"""Bad and extreme calls of lecture_utils.decision."""

import math

import numpy as np
from scipy import integrate, stats

from lecture_utils import decision as D

from . import answers, bad_arrays, bad_counts, bad_seeds, case, close, equal, refuses, satisfies

MEDICAL = np.array([[0.0, 50.0], [10.0, 0.0]])
POSTERIOR = np.array([[0.9, 0.1], [0.2, 0.8], [0.5, 0.5]])
NORMALS = [stats.norm(0, 1), stats.norm(2, 1)]


def _thresholds_by_brute_force(means, sigmas, priors, loss=None):
    """Where c_1 N(x; mu_1) - c_0 N(x; mu_0) changes sign on a fine grid around the means, in log space."""
    loss = np.array([[0.0, 1.0], [1.0, 0.0]]) if loss is None else loss
    c0, c1 = priors[0] * (loss[1, 0] - loss[0, 0]), priors[1] * (loss[0, 1] - loss[1, 1])
    centre, spread = np.mean(means), max(sigmas) * 20 + abs(means[1] - means[0])
    x = np.linspace(centre - spread, centre + spread, 2_000_001)
    g = np.log(c1) + stats.norm.logpdf(x, means[1], sigmas[1]) - np.log(c0) - stats.norm.logpdf(x, means[0], sigmas[0])
    return x[np.flatnonzero(np.diff(np.sign(g)) != 0)]


def _loss_cases():
    return [
        *bad_counts("decision.zero_one_loss", "n_classes", D.zero_one_loss),
        case("decision.zero_one_loss", "10**5 classes cannot fit", lambda: D.zero_one_loss(10 ** 5),
             refuses("n_classes", match="GiB")),
        *bad_arrays("decision.expected_loss", "loss_matrix", lambda value: D.expected_loss(value, POSTERIOR), MEDICAL,
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case("decision.expected_loss", "posterior not summing to 1", lambda: D.expected_loss(MEDICAL, [0.5, 0.6]),
             refuses("posterior")),
        case("decision.expected_loss", "3 classes against a 2-column loss",
             lambda: D.expected_loss(MEDICAL, [0.2, 0.3, 0.5]), refuses("loss_matrix")),
        case("decision.expected_loss", "3-D posterior", lambda: D.expected_loss(MEDICAL, [POSTERIOR]),
             refuses("posterior")),
        case("decision.expected_loss", "losses of 1e300", lambda: D.expected_loss(MEDICAL * 1e300, POSTERIOR),
             answers(close(POSTERIOR @ MEDICAL.T * 1e300, rtol=1e-14))),
        case("decision.expected_loss", "posteriors of 1e-300", lambda: D.expected_loss(MEDICAL, [1 - 1e-300, 1e-300]),
             answers(close([50e-300, 10.0], rtol=1e-14))),
        case("decision.bayes_decision", "reject_cost text", lambda: D.bayes_decision(MEDICAL, POSTERIOR, "5"),
             refuses("reject_cost")),
        case("decision.bayes_decision", "reject_cost nan", lambda: D.bayes_decision(MEDICAL, POSTERIOR, np.nan),
             refuses("reject_cost")),
        case("decision.bayes_decision", "reject_cost -1: always reject",
             lambda: D.bayes_decision(MEDICAL, POSTERIOR, -1.0), answers(equal([D.REJECT] * 3))),
        case("decision.bayes_decision", "by hand", lambda: D.bayes_decision(MEDICAL, POSTERIOR),
             answers(equal([0, 1, 1]))),
        case("decision.bayes_decision", "losses of 1e300, reject at 4e300",
             lambda: D.bayes_decision(MEDICAL * 1e300, POSTERIOR, 4e300), answers(equal([D.REJECT, 1, D.REJECT]))),
        case("decision.bayes_decision", "posterior with nan", lambda: D.bayes_decision(MEDICAL, [np.nan, 1.0]),
             refuses("posterior")),
        case("decision.posterior_threshold", "the lecture's table", lambda: D.posterior_threshold(MEDICAL),
             answers(close(1 / 6, rtol=1e-15))),
        case("decision.posterior_threshold", "a 3 x 3 matrix", lambda: D.posterior_threshold(np.ones((3, 3)) - np.eye(3)),
             refuses("loss_matrix")),
        case("decision.posterior_threshold", "mistakes that cost nothing", lambda: D.posterior_threshold(np.zeros((2, 2))),
             refuses("loss_matrix")),
        case("decision.posterior_threshold", "costs 1e300 and 1e-300",
             lambda: D.posterior_threshold([[0.0, 1e-300], [1e300, 0.0]]), answers(close(1.0, rtol=1e-15))),
        case("decision.posterior_threshold", "costs 1e308 and 1e308",
             lambda: D.posterior_threshold([[0.0, 1.5e308], [1.5e308, 0.0]]), answers(close(0.5, rtol=1e-15))),
    ]


def _threshold_cases():
    target = "decision.gaussian_threshold_1d"
    return [
        case(target, "equal variances", lambda: D.gaussian_threshold_1d([0.0, 2.0], [1.0, 1.0]), answers(close([1.0]))),
        case(target, "unequal variances, brute force", lambda: D.gaussian_threshold_1d([0.0, 2.0], [1.0, 3.0],
                                                                                      [0.3, 0.7], MEDICAL),
             answers(close(lambda: _thresholds_by_brute_force([0.0, 2.0], [1.0, 3.0], [0.3, 0.7], MEDICAL), atol=1e-4))),
        *[case(target, f"at scale {scale:g}",
               lambda scale=scale: D.gaussian_threshold_1d([0.0, 2.0 * scale], [scale, 3.0 * scale], [0.3, 0.7]),
               answers(close(lambda scale=scale: _thresholds_by_brute_force([0.0, 2.0], [1.0, 3.0], [0.3, 0.7]) * scale,
                             rtol=1e-4)))
          for scale in (1e300, 1e-300, 1e200, 1e-200)],
        case(target, "means 1e10 apart with sigma 1", lambda: D.gaussian_threshold_1d([0.0, 1e10], [1.0, 1.0]),
             answers(close([5e9], rtol=1e-14))),
        case(target, "sigma 0", lambda: D.gaussian_threshold_1d([0.0, 1.0], [0.0, 1.0]), refuses("sigmas")),
        case(target, "three means", lambda: D.gaussian_threshold_1d([0.0, 1.0, 2.0], [1.0, 1.0]), refuses("means")),
        case(target, "a prior of 0", lambda: D.gaussian_threshold_1d([0.0, 1.0], [1.0, 1.0], [1.0, 0.0]),
             refuses("priors")),
        case(target, "nan mean", lambda: D.gaussian_threshold_1d([np.nan, 1.0], [1.0, 1.0]), refuses("means")),
        case(target, "a 3 x 3 loss", lambda: D.gaussian_threshold_1d([0.0, 1.0], [1.0, 1.0], loss_matrix=np.ones((3, 3))),
             refuses("loss_matrix")),
        case(target, "equal classes: no threshold", lambda: D.gaussian_threshold_1d([1.0, 1.0], [1.0, 1.0]),
             answers(equal(np.empty(0)))),
    ]


def _risk_cases():
    def exact_risk():                                        # the Bayes error of N(0,1) and N(2,1), equal priors
        return stats.norm.sf(1.0)

    return [
        case("decision.bayes_error_1d", "two unit normals", lambda: D.bayes_error_1d(NORMALS, [0.5, 0.5]).risk,
             answers(close(exact_risk(), rtol=1e-10))),
        case("decision.bayes_error_1d", "one density", lambda: D.bayes_error_1d(NORMALS[:1], [1.0]),
             refuses("densities")),
        case("decision.bayes_error_1d", "a density that is no density",
             lambda: D.bayes_error_1d([NORMALS[0], "normal"], [0.5, 0.5]), refuses("densities")),
        case("decision.bayes_error_1d", "priors of 3 for 2 classes",
             lambda: D.bayes_error_1d(NORMALS, [0.2, 0.3, 0.5]), refuses("priors")),
        case("decision.bayes_error_1d", "support reversed",
             lambda: D.bayes_error_1d([stats.norm(0, 1).pdf, stats.norm(2, 1).pdf], [0.5, 0.5], support=(5, -5)),
             refuses("support")),
        case("decision.bayes_error_1d", "a plain density of Python floats that overflows (issue 35)",
             lambda: D.bayes_error_1d([stats.norm(0, 1).pdf, lambda x: np.exp(-np.square(x - 2) / 2) * math.exp(800)],
                                      [0.5, 0.5], support=(-8, 10)), refuses("densities[1]")),
        case("decision.bayes_error_1d", "a plain function without support",
             lambda: D.bayes_error_1d([stats.norm(0, 1).pdf, stats.norm(2, 1).pdf], [0.5, 0.5]), refuses("support")),
        case("decision.bayes_error_1d", "a density quad cannot integrate (20 000 ripples)",
             lambda: D.bayes_error_1d([lambda x: np.where((x >= 0) & (x <= 1), 1 + np.sin(2e4 * x), 0.0),
                                       lambda x: np.where((x > 1) & (x <= 2), 1.0, 0.0)], [0.5, 0.5],
                                      support=(0, 2), n_grid=201), refuses("densities[0]", match="quad")),
        case("decision.bayes_error_1d", "plain functions on a support",
             lambda: D.bayes_error_1d([stats.norm(0, 1).pdf, stats.norm(2, 1).pdf], [0.5, 0.5], support=(-12, 14)).risk,
             answers(close(exact_risk(), rtol=1e-8))),
        *bad_counts("decision.bayes_error_1d", "n_grid", lambda value: D.bayes_error_1d(NORMALS, [0.5, 0.5],
                                                                                       n_grid=value)),
        case("decision.bayes_error_1d", "a grid of 10**9 points cannot fit",
             lambda: D.bayes_error_1d(NORMALS, [0.5, 0.5], n_grid=10 ** 9), refuses("n_grid", match="GiB")),
        case("decision.bayes_error_1d", "normals at scale 1e300",
             lambda: D.bayes_error_1d([stats.norm(0, 1e300), stats.norm(2e300, 1e300)], [0.5, 0.5]).risk,
             answers(close(exact_risk(), rtol=1e-8))),
        case("decision.bayes_error_1d", "normals at scale 1e-300",
             lambda: D.bayes_error_1d([stats.norm(0, 1e-300), stats.norm(2e-300, 1e-300)], [0.5, 0.5]).risk,
             answers(close(exact_risk(), rtol=1e-8))),
        case("decision.BayesRisk1D.decide", "nan x", lambda: D.bayes_error_1d(NORMALS, [0.5, 0.5]).decide([np.nan]),
             refuses("x")),
        case("decision.BayesRisk1D.decide", "x of 1e300 and -1e300",
             lambda: D.bayes_error_1d(NORMALS, [0.5, 0.5]).decide([-1e300, 1e300]), answers(equal([0, 1]))),
        case("decision.bayes_error_monte_carlo", "two unit normals", lambda: D.bayes_error_monte_carlo(
            NORMALS, [0.5, 0.5], n_samples=40_000, random_state=0).risk,
             answers(close(exact_risk(), atol=5 * np.sqrt(exact_risk() * (1 - exact_risk()) / 80_000)))),
        case("decision.bayes_error_monte_carlo", "plain functions", lambda: D.bayes_error_monte_carlo(
            [stats.norm(0, 1).pdf, stats.norm(2, 1).pdf], [0.5, 0.5]), refuses("distributions")),
        *bad_counts("decision.bayes_error_monte_carlo", "n_samples",
                    lambda value: D.bayes_error_monte_carlo(NORMALS, [0.5, 0.5], n_samples=value)),
        *bad_seeds("decision.bayes_error_monte_carlo",
                   lambda value: D.bayes_error_monte_carlo(NORMALS, [0.5, 0.5], n_samples=10, random_state=value)),
        case("decision.bayes_error_monte_carlo", "10**10 samples would take hours",
             lambda: D.bayes_error_monte_carlo(NORMALS, [0.5, 0.5], n_samples=10 ** 10), refuses("n_samples")),
        case("decision.bayes_error_monte_carlo", "a loss matrix of 3 columns",
             lambda: D.bayes_error_monte_carlo(NORMALS, [0.5, 0.5], loss_matrix=np.ones((2, 3)), n_samples=10),
             refuses("loss_matrix")),
    ]


def _stratified(scale):
    return D.stratified_risk([0, 1, 1, 0], [0, 1, 0, 1], [0.5, 0.5], [[0.0, scale], [scale, 0.0]])


def _rule_cases():
    # by hand: each class loses 0 and L once, so its mean loss is L/2 and variance L^2/4; R = L/2, SE = L/4
    return [
        *[case("decision.stratified_risk", f"losses of {scale:g}", lambda scale=scale: _stratified(scale),
               answers(satisfies(lambda r, scale=scale: np.allclose([r.risk, r.standard_error],
                                                                    [scale / 2, scale / 4], rtol=1e-15, atol=0),
                                 "R = L/2 and SE = L/4")))
          for scale in (1e300, 1e-300, 1.0)],
        case("decision.stratified_risk", "decisions as text", lambda: D.stratified_risk("ab", [0, 1], [0.5, 0.5]),
             refuses("decisions")),
        case("decision.stratified_risk", "a class without test examples",
             lambda: D.stratified_risk([0, 1], [0, 0], [0.5, 0.5]), refuses("t")),
        case("decision.stratified_risk", "decisions and t of different lengths",
             lambda: D.stratified_risk([0, 1, 1], [0, 1], [0.5, 0.5]), refuses("decisions")),
        case("decision.stratified_risk", "priors that do not sum to 1",
             lambda: D.stratified_risk([0, 1], [0, 1], [0.5, 0.6]), refuses("priors")),
        case("decision.threshold_rule_risk", "densities not a list",
             lambda: D.threshold_rule_risk(3, [0.5, 0.5], [1.0], [0, 1]), refuses("densities")),
        case("decision.threshold_rule_risk", "decreasing thresholds",
             lambda: D.threshold_rule_risk(NORMALS, [0.5, 0.5], [2.0, 1.0], [0, 1, 0]), refuses("thresholds")),
        case("decision.threshold_rule_risk", "decisions as text",
             lambda: D.threshold_rule_risk(NORMALS, [0.5, 0.5], [1.0], ["a", "b"]), refuses("decisions")),
        case("decision.threshold_rule_risk", "an infinite threshold",
             lambda: D.threshold_rule_risk(NORMALS, [0.5, 0.5], [np.inf], [0, 1]), refuses("thresholds")),
        case("decision.threshold_rule_risk", "a threshold at 1e300",
             lambda: D.threshold_rule_risk(NORMALS, [0.5, 0.5], [1e300], [0, 1]).risk,
             answers(close(0.5 * stats.norm(2, 1).cdf(1e300) + 0.5 * stats.norm(0, 1).sf(1e300), rtol=1e-12))),
        case("decision.threshold_rule_risk", "the 0-1 rule at the midpoint",
             lambda: D.threshold_rule_risk(NORMALS, [0.5, 0.5], [1.0], [0, 1]).risk,
             answers(close(stats.norm.sf(1.0), rtol=1e-9))),
    ]


CASES = [*_loss_cases(), *_threshold_cases(), *_risk_cases(), *_rule_cases()]
