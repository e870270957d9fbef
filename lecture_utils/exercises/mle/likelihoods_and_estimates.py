"""The exercises of notebook 03, sections 1-7: the likelihood, the coin, the die and the Gaussian, one optimum for
the likelihood, cross-entropy and KL, and the loss of a classifier."""

from __future__ import annotations

import numpy as np
from scipy import integrate, stats

from ...mle import (bernoulli_likelihood, bernoulli_log_likelihood, beta_bernoulli_map, binary_cross_entropy, categorical_mle,
                   gaussian_log_likelihood, gaussian_mle, laplace_mle, unbiased_variance)
from .._core import Choice, Derive, Implement, Option, matches

# ---------------------------------------------------------------- section 1

_TOSSES = np.array([1, 1, 0, 0])

_TWO_ZEROS = np.array([0.0, 0.0])


def _gaussian_likelihood_area(x, sigma2=1.0) -> float:
    """``int L(mu) dmu`` of the known-variance Gaussian likelihood, by quadrature of the package's log-likelihood."""
    area, _ = integrate.quad(lambda mu: np.exp(gaussian_log_likelihood(mu, sigma2, x)), -np.inf, np.inf,
                             epsabs=1e-14, epsrel=1e-12)
    return area


area_under_likelihood = Derive(
    "the area under a likelihood",
    r"""
With $\sigma = 1$ each factor is $\mathcal{N}(0; \mu, 1) = e^{-\mu^2/2}/\sqrt{2\pi}$, so

$$L(\mu) = \frac{1}{2\pi}\, e^{-\mu^2}, \qquad \int_{-\infty}^{\infty} L(\mu)\,d\mu = \frac{1}{2\pi}\sqrt{\pi}
= \frac{1}{2\sqrt{\pi}} \approx 0.282,$$

using $\int e^{-a\mu^2} d\mu = \sqrt{\pi/a}$ with $a = 1$. With one measurement the area would be exactly 1
(a Gaussian density is symmetric in $x$ and $\mu$), but that is a coincidence: with two it is $0.282$, and
it keeps shrinking with more. $L$ is not a probability density over $\mu$.
""",
    truth=lambda: _gaussian_likelihood_area(_TWO_ZEROS),
    answer=1 / (2 * np.sqrt(np.pi)), what="the area", example="0.5",
    praise="L(mu) = e^(-mu^2) / (2 pi), whose area is sqrt(pi) / (2 pi) = 1 / (2 sqrt(pi)) = 0.282: not 1, so L "
           "is not a density over mu.",
    slips=[(lambda: 1.0, "The likelihood is not a density over mu, so nothing makes its area 1 (it is 1 for a "
                         "single measurement only): multiply the two densities and integrate over mu."),
           (lambda: float(np.exp(gaussian_log_likelihood(0.0, 1.0, _TWO_ZEROS))),
            "That is the height of the peak, L(0) = 1 / (2 pi), not the area under the curve."),
           (lambda: np.sqrt(np.pi), "That is the integral of e^(-mu^2) alone: keep the factor 1 / (2 pi) of the two "
                                    "normalising constants 1 / sqrt(2 pi)."),
           (lambda: 1 / np.sqrt(2 * np.pi), "The two factors give e^(-mu^2/2) e^(-mu^2/2) = e^(-mu^2), whose integral is "
                                            "sqrt(pi), not sqrt(2 pi): the product is narrower than each factor.")],
    advice="Multiply the two densities N(0; mu, 1) into one exponential in mu, then use "
           "int e^(-a mu^2) dmu = sqrt(pi / a).",
)

likelihood_above_one = Choice(
    "a likelihood of 50.7",
    r"""
**(b)**. For continuous data each factor $p(x_i; \mu, \sigma)$ is a *density*, a probability per unit of
$x$, and a density exceeds 1 wherever the distribution is concentrated: $\mathcal{N}(0, 0.1^2)$ has
$p(0) = 1/(0.1\sqrt{2\pi}) \approx 3.99$. Three such factors near the mean multiply to 50.7. Nothing is
wrong: a likelihood is neither a probability of the data (only a density of it) nor a distribution over
the parameters, so no rule keeps it below 1. Only its comparisons matter:
$L(\boldsymbol\theta_1)/L(\boldsymbol\theta_2)$.
""",
    options={
        "a": Option(False, "Nothing is wrong: the factors are densities, probabilities per unit of x, and a "
                           "narrow normal density exceeds 1 near its mean (N(0, 0.1^2) has p(0) = 3.99). "
                           "Only a product of probabilities is bounded by 1."),
        "b": Option(True, "Each factor is a density, up to 1/(0.1 sqrt(2 pi)) = 3.99 here, so the product "
                          "can exceed 1; only ratios of likelihoods carry meaning."),
        "c": Option(False, "The likelihood is not a probability of the parameters: it is not even "
                           "normalised over them (section 1: the area under a coin's likelihood is 1/1320). "
                           "It is the density of the data, read as a function of the parameters."),
        "d": Option(False, "Three factors between 3.5 and 4 multiply to 50.7 exactly as on paper; rounding "
                           "errors are about 1e-16 of the result. The value is right, and above 1 because the "
                           "factors are densities."),
    },
)

# ---------------------------------------------------------------- section 2

_FIVE = np.array([1, 0, 1, 1, 0])

log_likelihood_by_hand = Derive(
    "a log-likelihood by hand",
    r"""
Three ones contribute $\log 0.6$ each and two zeros $\log 0.4$ each:

$$\log L(0.6) = 3\log 0.6 + 2\log 0.4 = 3(-0.5108) + 2(-0.9163) = -3.365.$$
""",
    truth=lambda: bernoulli_log_likelihood(0.6, _FIVE),
    answer=3 * np.log(0.6) + 2 * np.log(0.4), what="the log-likelihood", example="-3.5",
    praise="log L(0.6) = 3 log 0.6 + 2 log 0.4 = -3.365.",
    slips=[(lambda: -bernoulli_log_likelihood(0.6, _FIVE), "Check the sign: the log of a probability is "
                                                           "negative, and so is a sum of them. You computed "
                                                           "the negative log-likelihood."),
           (lambda: bernoulli_likelihood(0.6, _FIVE), "That is the likelihood L(0.6) itself: take its "
                                                      "logarithm."),
           (lambda: bernoulli_log_likelihood(0.4, _FIVE), "Heads and tails are swapped: phi is P(x = 1), so "
                                                          "each 1 contributes log phi and each 0 log(1 - phi)."),
           (lambda: bernoulli_log_likelihood(0.6, _FIVE) / np.log(10), "That is log base 10; the course uses "
                                                                       "natural logarithms (np.log)."),
           (lambda: bernoulli_log_likelihood(0.6, _FIVE) / np.log(2), "That is log base 2 (bits); the course "
                                                                      "uses natural logarithms (np.log)."),
           (lambda: bernoulli_log_likelihood(0.6, _FIVE) / 5, "That is the mean over the tosses; the "
                                                              "log-likelihood is the sum.")],
    advice="Count h = 3 ones and N - h = 2 zeros, then compute h log(phi) + (N - h) log(1 - phi).",
)

# ---------------------------------------------------------------- section 3


def _bernoulli_nll_reference(phi, x):
    return 0.0 - bernoulli_log_likelihood(phi, x)            # 0.0 - 0.0 is 0.0, never -0.0


def _bernoulli_nll_solution(phi, x):
    from scipy.special import xlog1py, xlogy     # a log b and a log(1 + b), with 0 log 0 = 0
    h, N = np.sum(x), np.size(x)                 # heads, tosses
    return -(xlogy(h, phi) + xlog1py(N - h, -phi))   # -[h log phi + (N - h) log(1 - phi)]


def _bernoulli_nll_mean(phi, x):
    return _bernoulli_nll_solution(phi, x) / np.size(x)


def _bernoulli_nll_swapped(phi, x):
    return _bernoulli_nll_solution(1 - phi, x)


def _bernoulli_log_likelihood_only(phi, x):
    return -_bernoulli_nll_solution(phi, x)


bernoulli_nll = Implement(
    "a Bernoulli negative log-likelihood that never breaks",
    r"""
Count first: with $h$ ones among $N$ tosses, $-\log L(\phi) = -[h\log\phi + (N-h)\log(1-\phi)]$. A sum of
logs never underflows (the product $\prod_i P(x_i; \phi)$ does: $(10^{-200})^2 = 10^{-400}$ is 0.0 in
floating point, and $-\log 0 = \infty$), and counting skips the terms whose count is 0, which is what
$0\log 0 = 0$ says: at $\phi = 0$ all-tails data have $L = 1$, and the elementwise
$x_i\log\phi$ would be $0 \cdot (-\infty) = $ `nan`. `scipy.special.xlogy(a, b)` computes $a\log b$ with
exactly that convention, and `xlog1py(a, b)` computes $a\log(1 + b)$ (here $b = -\phi$).
""",
    reference=_bernoulli_nll_reference, model_solution=_bernoulli_nll_solution,
    forbid=(stats.rv_discrete.pmf, stats.rv_discrete.logpmf),   # stats.bernoulli.logpmf and its kin
    cases=[dict(phi=0.6, x=np.array([1, 0, 1, 1, 0])), dict(phi=0.25, x=np.array([0])),
           dict(phi=1e-200, x=np.array([1, 1])), dict(phi=0.0, x=np.array([0, 0, 0])),
           dict(phi=1.0, x=np.array([1, 1])), dict(phi=0.0, x=np.array([0, 1, 0])),
           dict(phi=1.0, x=np.array([1, 0]))],
    slips=[(_bernoulli_nll_mean, "That is the mean over the tosses; the negative log-likelihood is the sum."),
           (_bernoulli_nll_swapped, "phi is P(x = 1): each 1 contributes -log(phi), each 0 -log(1 - phi)."),
           (_bernoulli_log_likelihood_only, "That is log L itself; return its negative, -log L >= 0.")],
    nan_hint="x_i log(phi) is 0 * (-inf) = nan when x_i = 0 and phi = 0, but 0 log 0 counts as 0: count the "
             "heads h first and skip a term whose count is 0 (scipy.special.xlogy does exactly that).",
    inf_hint="The product of the probabilities underflows: (1e-200)^2 = 1e-400 is 0.0 in floating point, and "
             "-log 0 = inf. Sum the logs instead.",
)

# ---------------------------------------------------------------- section 4

_DIE_COUNTS = np.array([3, 5, 2, 6, 4, 0])


def _die_advice(value) -> str:
    total = float(np.sum(value))
    if abs(total - 1) > 1e-3:
        return f"Your probabilities sum to {total:.4g}; the probabilities of a distribution sum to 1."
    return ("Maximise sum_k N_k log p_k subject to sum_k p_k = 1: the solution is each face's frequency "
            "N_k / N.")


die_mle = Derive(
    "the MLE of a die",
    r"""
$\hat p_k = N_k / N$ with $N = 3 + 5 + 2 + 6 + 4 + 0 = 20$:

$$\hat{\mathbf{p}} = (3, 5, 2, 6, 4, 0)/20 = (0.15, 0.25, 0.10, 0.30, 0.20, 0).$$

The face never rolled gets probability 0: its term $0 \log p_6$ does not reward any mass there, so
all of it goes to the faces that were seen (the boundary case of section 4).
""",
    truth=lambda: categorical_mle(np.repeat(np.arange(6), _DIE_COUNTS), 6),
    answer=[0.15, 0.25, 0.10, 0.30, 0.20, 0.0], what="the six probabilities", example="[0.1, 0.2, 0.1, 0.3, 0.2, 0.1]",
    praise="p_k = N_k / N with N = 20: each face gets its share of the rolls, and the face never rolled gets 0.",
    slips=[(lambda: _DIE_COUNTS, "Those are the counts N_k; divide them by the number of rolls N = 20."),
           (lambda: (_DIE_COUNTS + 1) / (_DIE_COUNTS.sum() + 6),
            "That is add-one (Laplace) smoothing, (N_k + 1)/(N + K): a good idea (notebook 07), but not "
            "the maximum likelihood estimate."),
           (lambda: np.full(6, 1 / 6), "That is the uniform distribution: it ignores the data.")],
    advice=_die_advice, names=("p_1", "p_2", "p_3", "p_4", "p_5", "p_6"),
    within=(0.0, 1.0),
)

# ---------------------------------------------------------------- section 5

_SAMPLE = np.array([2.0, 4.0, 4.0, 5.0, 7.0, 8.0])

gaussian_by_hand = Derive(
    "a Gaussian by hand",
    r"""
$\hat\mu = (2 + 4 + 4 + 5 + 7 + 8)/6 = 30/6 = 5$. The squared deviations from it are $9, 1, 1, 0, 4, 9$,
which sum to 24, so $\hat\sigma^2 = 24/6 = 4$: the MLE divides by $N = 6$. (The $s^2$ of section 10
divides by $N - 1$: $24/5 = 4.8$.)
""",
    truth=lambda: gaussian_mle(_SAMPLE),
    answer=[5, 4], what="[mu, sigma^2]", example="[4.5, 3.2]",
    praise="mu = 30/6 = 5; the squared deviations 9, 1, 1, 0, 4, 9 sum to 24, and 24/N = 4.",
    slips=[(lambda: [5.0, 24 / 5], "You divided by N - 1: that is s^2, the estimate section 10 compares with "
                                   "the MLE. The MLE divides by N."),
           (lambda: [5.0, 2.0], "That is sigma, the standard deviation; give its square, the variance."),
           (lambda: [5.0, np.sqrt(24 / 5)], "That is the square root of the 1/(N - 1) variance; the MLE of "
                                            "sigma^2 is (1/N) sum_i (x_i - mu)^2."),
           (lambda: [5.0, np.mean(_SAMPLE ** 2)], "That is (1/N) sum_i x_i^2: subtract the mean first, "
                                                  "(1/N) sum_i (x_i - mu)^2.")],
    advice="mu is the sample mean; sigma^2 the mean squared deviation from it, (1/N) sum_i (x_i - mu)^2.",
    names=("mu", "sigma^2"),
)

_LAPLACE_SAMPLE = np.array([3.0, 9.0, 1.0, 4.0, 8.0])

laplace_by_hand = Derive(
    "the MLE of a Laplace distribution",
    r"""
$\log L(\mu, b) = -N\log(2b) - \frac{1}{b}\sum_i |x_i - \mu|$.

- **In $\mu$**: only $\sum_i |x_i - \mu|$ depends on $\mu$, and it must be as small as possible. Its
  slope is $\#\{x_i < \mu\} - \#\{x_i > \mu\}$ (each $|x_i - \mu|$ has slope $\pm 1$): negative while
  fewer than half the points lie below $\mu$, positive once more than half do. So the minimum is at the
  **median**: sorted, the sample reads $1, 3, 4, 8, 9$, and $\hat\mu = 4$.
- **In $b$**: $\frac{\partial}{\partial b}\log L = -\frac{N}{b} + \frac{1}{b^2}\sum_i|x_i - \hat\mu| = 0$ gives
  $\hat b = \frac1N\sum_i |x_i - \hat\mu|$, the mean absolute deviation from the median:
  $|x_i - 4| = 1, 5, 3, 0, 4$, which sum to 13, so $\hat b = 13/5 = 2.6$. (The second derivative there,
  $N/\hat b^2 - 2N\hat b/\hat b^3 = -N/\hat b^2 < 0$: a maximum.)

The Gaussian's squared deviations lead to the mean; the Laplace's absolute deviations lead to the median,
the estimator that section 8 compares with the mean. (For an even $N$ every point between the two middle
values is a maximiser, and $\hat b$ is the same for all of them.)
""",
    truth=lambda: laplace_mle(_LAPLACE_SAMPLE),
    answer=[4, 2.6], what="[mu, b]", example="[4.5, 3.2]",
    praise="The median 4 minimises sum_i |x_i - mu|, and b = (1 + 5 + 3 + 0 + 4)/5 = 13/5 = 2.6.",
    slips=[(lambda: [5.0, np.mean(np.abs(_LAPLACE_SAMPLE - 5.0))],
            "That is the mean, the Gaussian's answer. Here log L depends on mu through sum_i |x_i - mu|: "
            "its slope counts the points below mu minus those above, zero at the median."),
           (lambda: [4.0, 13 / 4], "You divided by N - 1; setting d/db log L = -N/b + sum_i |x_i - mu| / b^2 "
                                   "to zero gives a division by N."),
           (lambda: [4.0, np.mean((_LAPLACE_SAMPLE - 4.0) ** 2)],
            "That is the mean squared deviation; the Laplace density has |x - mu|, not its square, so b "
            "is the mean absolute deviation."),
           (lambda: [4.0, np.sqrt(np.mean((_LAPLACE_SAMPLE - 4.0) ** 2))],
            "That is a root mean square; b is the mean absolute deviation (1/N) sum_i |x_i - mu|.")],
    advice="Maximise -N log(2b) - (1/b) sum_i |x_i - mu|: first in mu (only the sum depends on it), then "
           "set the derivative in b to zero.",
    names=("mu", "b"),
)

# ---------------------------------------------------------------- section 7

_T, _P = np.array([1, 0, 0]), np.array([0.9, 0.2, 0.6])

loss_of_three = Derive(
    "the loss of three predictions",
    r"""
The probabilities the model gives the targets are $p_1 = 0.9$ (target 1), $1 - p_2 = 0.8$ and
$1 - p_3 = 0.4$ (targets 0), so

$$E = -\tfrac13(\log 0.9 + \log 0.8 + \log 0.4) = \tfrac13(0.1054 + 0.2231 + 0.9163) = 0.4149.$$

The third example, predicted 0.6 for a target 0, costs the most: $-\log 0.4 = 0.92$, as in the table.
""",
    truth=lambda: binary_cross_entropy(_T, _P),
    answer=-np.mean(np.log([0.9, 0.8, 0.4])), what="the mean loss", example="0.5",
    praise="-(log 0.9 + log 0.8 + log 0.4)/3 = 0.4149: the binary cross-entropy, the loss logistic "
           "regression minimises.",
    slips=[(lambda: -binary_cross_entropy(_T, _P), "Check the sign: -log of a probability is positive, so "
                                                   "the loss is too."),
           (lambda: 3 * binary_cross_entropy(_T, _P), "That is the sum over the examples; take the mean "
                                                      "(divide by N = 3)."),
           (lambda: -np.mean(np.log(_P)), "For t_i = 0 the probability of the target is 1 - p_i, not p_i: "
                                          "p(t | x) = p^t (1 - p)^(1 - t)."),
           (lambda: binary_cross_entropy(_T, _P) / np.log(2), "That is in bits (log base 2); use natural "
                                                              "logarithms."),
           (lambda: binary_cross_entropy(_T, _P) / np.log(10), "That is log base 10; use natural logarithms.")],
    advice="For each example take the probability the model gives its target (p_i if t_i = 1, 1 - p_i if "
           "t_i = 0), then average -log of them.",
)
