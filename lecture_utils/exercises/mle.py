"""Self-checks for the exercises of notebook 03, maximum likelihood estimation."""

from __future__ import annotations

import math

import numpy as np

from ..mle import (bernoulli_likelihood, bernoulli_likelihood_integral, bernoulli_log_likelihood,
                   binary_cross_entropy, categorical_mle, gaussian_mle, unbiased_variance)
from ._feedback import PLACEHOLDER, Feedback, as_number, as_numbers, check_number, close, first_slip, unanswered


def _heads_and_tosses(x) -> tuple:
    """``(h, n)``: the number of ones in the tosses ``x``, and of tosses."""
    x = np.asarray(x)
    return int(x.sum()), x.size


def check_likelihood_integral(x, answer) -> Feedback:
    """Exercise: the area ``int_0^1 L(phi) dphi`` under the likelihood of the coin tosses ``x``."""
    h, n = _heads_and_tosses(x)
    truth = bernoulli_likelihood_integral(h, n)
    slips = [
        (1.0, "The likelihood is not a density over phi, so there is no reason for its area to be 1: "
              "integrate phi^h (1 - phi)^(n - h) from 0 to 1."),
        (bernoulli_likelihood(h / n, x), "That is the height of the peak, L(h/n), not the area under the curve."),
        (1 / (n + 1), "That is the area under the binomial probability C(n, h) phi^h (1 - phi)^(n - h) of the "
                      "count. The data here are the sequence of tosses: its likelihood has no C(n, h)."),
        (math.factorial(h) * math.factorial(n - h) / math.factorial(n),
         "Almost: int_0^1 phi^a (1 - phi)^b dphi = a! b! / (a + b + 1)!, with (n + 1)! below, not n!."),
    ]
    return check_number(
        answer, "the area", "0.25", truth,
        praise=f"int_0^1 phi^{h} (1 - phi)^{n - h} dphi = {h}! {n - h}! / {n + 1}! = {truth:.4g}: "
               "far from 1, so L is not a probability density over phi.",
        slips=slips,
        advice=f"Count h = {h} heads in n = {n} tosses; the area is "
               "int_0^1 phi^h (1 - phi)^(n - h) dphi = h! (n - h)! / (n + 1)!.")


def check_log_likelihood(x, phi, answer) -> Feedback:
    """Exercise: the log-likelihood ``sum_i log P(x_i; phi)`` of the coin tosses ``x`` at ``phi``."""
    h, n = _heads_and_tosses(x)
    truth = bernoulli_log_likelihood(phi, x)
    slips = [
        (-truth, "Check the sign: the log of a probability is negative, and so is the log-likelihood. "
                 "You computed the negative log-likelihood."),
        (bernoulli_likelihood(phi, x), "That is the likelihood L(phi) itself: take its logarithm."),
        (bernoulli_log_likelihood(1 - phi, x), "Heads and tails are swapped: phi is the probability of a 1, "
                                               "so each 1 contributes log phi and each 0 log(1 - phi)."),
        (truth / math.log(10), "That is log base 10; the course uses natural logarithms (np.log)."),
        (truth / math.log(2), "That is log base 2 (bits); the course uses natural logarithms (np.log)."),
        (truth / n, "That is the mean over the tosses; the log-likelihood is the sum."),
    ]
    return check_number(
        answer, "the log-likelihood", "-3.5", truth,
        praise=f"log L({phi:g}) = {h} log {phi:g} + {n - h} log {1 - phi:g} = {truth:.4f}.",
        slips=slips,
        advice=f"Count h = {h} ones and n - h = {n - h} zeros, then compute h log(phi) + (n - h) log(1 - phi).")


def check_categorical_mle(counts, answer) -> Feedback:
    """Exercise: the MLE ``p_k = n_k / N`` of a die's face probabilities from the counts ``n_k``."""
    if unanswered(answer):
        return PLACEHOLDER
    counts = np.asarray(counts, dtype=int)
    n_faces, total = counts.size, int(counts.sum())
    value = as_numbers(answer, (n_faces,))
    if value is None or not np.all(np.isfinite(value)):
        return Feedback(False, f"Give {n_faces} numbers, one probability per face, in the order of the counts.")
    truth = categorical_mle(np.repeat(np.arange(n_faces), counts), n_faces)
    if close(value, truth):
        return Feedback(True, f"p_k = n_k / N with N = {total}: each face gets its share of the rolls"
                              + (", and a face never rolled gets 0." if np.any(counts == 0) else "."))
    slips = [
        (counts, f"Those are the counts n_k; divide them by the number of rolls N = {total}."),
        ((counts + 1) / (total + n_faces), "That is add-one (Laplace) smoothing, (n_k + 1) / (N + K): a good "
                                           "idea (notebook 07), but not the maximum likelihood estimate."),
        (np.full(n_faces, 1 / n_faces), "That is the uniform distribution: it ignores the data."),
    ]
    hint = first_slip(value, slips)
    if hint is None and not close(value.sum(), 1.0):
        hint = f"Your probabilities sum to {value.sum():.4g}; the probabilities of a distribution sum to 1."
    return Feedback(False, hint or "Maximise sum_k n_k log p_k subject to sum_k p_k = 1: "
                                   "the solution is each face's frequency n_k / N.")


def check_gaussian_mle(x, mu, sigma2) -> Feedback:
    """Exercise: the MLE of a Gaussian's mean ``mu`` and variance ``sigma^2`` from the sample ``x``."""
    if unanswered(mu) or unanswered(sigma2):
        return PLACEHOLDER
    mu_value, sigma2_value = as_number(mu), as_number(sigma2)
    if mu_value is None or sigma2_value is None:
        return Feedback(False, f"Give mu and sigma2 as one number each; got {mu!r} and {sigma2!r}.")
    x = np.asarray(x, dtype=float)
    mu_true, sigma2_true = gaussian_mle(x)
    hints = []
    if not close(mu_value, mu_true):
        hints.append("mu_MLE is the sample mean (1/N) sum_i x_i.")
    if not close(sigma2_value, sigma2_true):
        slips = [
            (unbiased_variance(x), "You divided by N - 1: that is the unbiased estimate s^2. The MLE divides "
                                   "by N (and is biased: section 10)."),
            (math.sqrt(sigma2_true), "That is sigma, the standard deviation; give its square, the variance."),
            (math.sqrt(unbiased_variance(x)), "That is the square root of the 1/(N - 1) variance; the MLE of "
                                              "sigma^2 is (1/N) sum_i (x_i - mu)^2."),
            (np.mean(x ** 2), "That is (1/N) sum_i x_i^2: subtract the mean first, (1/N) sum_i (x_i - mu)^2."),
        ]
        hints.append(first_slip(sigma2_value, slips)
                     or "sigma2_MLE is the mean squared deviation from the mean, (1/N) sum_i (x_i - mu)^2.")
    if not hints:
        return Feedback(True, f"mu = {mu_true:.4g} and sigma^2 = {sigma2_true:.4g} (divided by N = {x.size}; "
                              f"the unbiased 1/(N-1) estimate would be {unbiased_variance(x):.4g}).")
    return Feedback(False, " ".join(hints))


def check_mean_nll(t, p, answer) -> Feedback:
    """Exercise: the mean negative log-likelihood ``-(1/N) sum_i log p(t_i | x_i)`` of predictions ``p = P(t=1|x)``."""
    t, p = np.asarray(t, dtype=float), np.asarray(p, dtype=float)
    truth = binary_cross_entropy(t, p)
    with np.errstate(divide="ignore"):
        always_p = -np.mean(np.log(p))
    slips = [
        (-truth, "Check the sign: -log of a probability is positive, so the loss is too."),
        (truth * t.size, "That is the sum over the examples; take the mean (divide by N)."),
        (always_p, "For t_i = 0 the probability of the target is 1 - p_i, not p_i: "
                   "p(t | x) = p^t (1 - p)^(1 - t)."),
        (truth / math.log(2), "That is in bits (log base 2); use natural logarithms."),
        (truth / math.log(10), "That is log base 10; use natural logarithms."),
    ]
    return check_number(
        answer, "the loss", "0.5", truth,
        praise=f"-(1/N) sum_i log p(t_i | x_i) = {truth:.4f}: the binary cross-entropy, "
               "the loss logistic regression minimises.",
        slips=slips,
        advice="For each example take the probability the model gives its target "
               "(p_i if t_i = 1, 1 - p_i if t_i = 0), then average -log of them.")


__all__ = ["check_likelihood_integral", "check_log_likelihood", "check_categorical_mle",
           "check_gaussian_mle", "check_mean_nll"]
