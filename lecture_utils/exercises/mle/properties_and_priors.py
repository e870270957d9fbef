"""The exercises of notebook 03, sections 8-14: consistency, efficiency and bias, least squares, the multivariate
Gaussian and the invariance of the MLE, standard errors, and MAP estimates."""

from __future__ import annotations

import numpy as np
from scipy import stats

from ...mle import beta_bernoulli_map, gaussian_mle, unbiased_variance
from .._core import Choice, Derive, Implement, Option, matches
from .._numbers import as_numbers

# ---------------------------------------------------------------- section 8

four_times_the_data = Choice(
    "how much narrower with four times the data?",
    r"""
**(b)**. The sample mean of $N$ independent draws has variance $\sigma^2/N$, so its standard deviation,
the width of its histogram, is $\sigma/\sqrt N$: four times the data halve the width. In the widget the
simulated standard deviations at $N = 50$ and $N = 200$ are 0.141 and 0.070 (the cell after this
exercise prints them once you have answered), a factor 2.00. Precision is expensive: each extra correct
digit costs a hundred times the data.
""",
    kind="predict",
    options={
        "a": Option(False, "That is what happens to the variance, sigma^2/N. The width of the histogram is a "
                           "standard deviation, sigma/sqrt(N): it halves. Compare N = 50 and N = 200 in the "
                           "widget."),
        "b": Option(True, "The standard deviation of the mean is sigma/sqrt(N): four times the data, half the "
                          "width. The widget shows it at N = 50 and N = 200."),
        "c": Option(False, "The spread of the data stays sigma = 1, but the estimate averages N draws, whose "
                           "errors partly cancel: its spread is sigma/sqrt(N), and it halves."),
    },
)

# ---------------------------------------------------------------- section 9

shrinkage_beats_the_bound = Choice(
    "how can the shrunk mean beat the Cramér–Rao bound?",
    r"""
**(b)**. The Cramér–Rao bound holds for *unbiased* estimators. The shrunk mean
$\tilde\mu = \frac{N}{N+5}\bar x$ has expectation $\frac{N}{N+5}\mu$, a bias of $-\frac{5}{N+5}\mu$, and a
smaller variance, $\left(\frac{N}{N+5}\right)^2\frac{\sigma^2}{N}$. Its MSE is variance plus squared bias:
at $N = 10$, $\sigma = 1$ it is $\frac{4}{9}\cdot 0.1 + \frac19\mu^2 = 0.044 + 0.111\,\mu^2$, below the bound
$0.1$ for $|\mu| < 0.71$ and far above it for large $|\mu|$. It trades bias for variance, and wins only
where the bias happens to be small.
""",
    options={
        "a": Option(False, "The gap is no accident: 0.044 against 0.099 over 20 000 samples is dozens of "
                           "standard errors, and the formula 4/9 * 0.1 + mu^2/9 = 0.044 at mu = 0 agrees."),
        "b": Option(True, "The bound is for unbiased estimators, and the shrunk mean is biased by "
                          "-5 mu/(N + 5): where mu is near 0 the bias is small and its lower variance wins."),
        "c": Option(False, "It is consistent: N/(N + 5) tends to 1, so it converges to mu. What frees it from "
                           "the bound is its bias, not a lack of consistency."),
        "d": Option(False, "It uses exactly the same N draws, only scaled by N/(N + 5). What frees it from the "
                           "bound is its bias."),
    },
)

# ---------------------------------------------------------------- section 10

variance_bias_direction = Choice(
    "too small or too large?",
    r"""
**(b)**, too small on average: $\mathbb{E}[\hat\sigma^2] = \frac{N-1}{N}\sigma^2$. The deviations are measured
from $\bar x$, the point that minimises $\sum_i (x_i - c)^2$ over all $c$; the true mean $\mu$ is another
$c$, so $\sum_i (x_i - \bar x)^2 \le \sum_i (x_i - \mu)^2$ on every sample, and the right-hand side divided
by $N$ is unbiased. The derivation below makes the gap exact.
""",
    kind="predict",
    options={
        "a": Option(False, "The deviations are measured from x_bar, which minimises sum_i (x_i - c)^2 over "
                           "all c: they are smaller than the deviations from the true mean, not larger."),
        "b": Option(True, "x_bar sits closer to the data than the true mean does, so the deviations from it "
                          "are too small: E[sigma^2_MLE] = (N - 1)/N sigma^2."),
        "c": Option(False, "The sample mean is unbiased, but the variance around it is not: deviations from "
                           "x_bar are smaller than deviations from mu, by N (x_bar - mu)^2 exactly."),
        "d": Option(False, "The identity sum_i (x_i - x_bar)^2 = sum_i (x_i - mu)^2 - N (x_bar - mu)^2 holds "
                           "for every sample, whatever the distribution: the estimate is always too small "
                           "on average, by sigma^2/N."),
    },
)


def _unbiased_variance_solution(x):
    x = np.asarray(x, dtype=float)
    deviations = x - x.mean()                   # from the sample mean: no cancellation of large numbers
    return np.sum(deviations ** 2) / (x.size - 1)


def _variance_over_N(x):
    return np.var(np.asarray(x, dtype=float))


def _standard_deviation(x):
    return np.sqrt(_unbiased_variance_solution(x))


def _one_pass_variance(x):
    x = np.asarray(x, dtype=float)
    return (np.sum(x ** 2) - x.size * x.mean() ** 2) / (x.size - 1)


_FAR_FROM_ZERO = np.array([1e8 + 1, 1e8 + 2, 1e8 + 3, 1e8 + 4])     # the variance of 1, 2, 3, 4: 5/3


def _far_from_zero_note(outcome) -> str:
    """What hidden case 4 (:data:`_FAR_FROM_ZERO`) catches besides the one-pass formula: single precision, or
    another formula that squares before it subtracts the mean."""
    if not outcome.returned:
        return ""
    value = outcome.value
    if np.asarray(value).dtype == np.float32:
        return ("Your function computes in float32 (single precision), where numbers near 1e8 are 8 apart: "
                "1e8 + 1, ..., 1e8 + 4 all round to 1e8 before any arithmetic. Keep numpy's default, float64 "
                "(np.asarray(x, dtype=float)), where they are 1.5e-8 apart.")
    if matches(value, 0.0):
        return ("0 is the variance of four equal numbers: did your function convert the data to float32 (single "
                "precision)? There, numbers near 1e8 are 8 apart, and 1e8 + 1, ..., 1e8 + 4 all round to 1e8. Keep "
                "numpy's default, float64 (np.asarray(x, dtype=float)).")
    if matches(value, _one_pass_variance(_FAR_FROM_ZERO)):
        return ""                                             # the one-pass formula's own hint says it
    return ("These inputs are 1e8 + 1, ..., 1e8 + 4, whose variance is that of 1, 2, 3, 4: 5/3. Their squares are "
            "near 1e16, where doubles are 2 apart, so a formula that squares before it subtracts the mean loses "
            "the answer. Subtract the mean first, then square.")


stable_unbiased_variance = Implement(
    "the unbiased variance, computed stably",
    r"""
Subtract the mean first, then square: $s^2 = \frac{1}{N-1}\sum_i (x_i - \bar x)^2$. The algebraically
equal one-pass formula $\big(\sum_i x_i^2 - N\bar x^2\big)/(N-1)$ subtracts two huge, nearly equal numbers
when the data sit far from 0: for $x_i \approx 10^8$ the squares are about $10^{16}$, where neighbouring
doubles are 2 apart, and their sum, about $4 \times 10^{16}$, is stored to the nearest 8: the difference
loses every digit of the answer $5/3$. `np.var(x, ddof=1)` subtracts the mean first, as above.
""",
    reference=unbiased_variance, model_solution=_unbiased_variance_solution,
    cases=[dict(x=np.array([2.0, 4.0, 4.0, 5.0, 7.0, 8.0])), dict(x=[1.0, 3.0]),
           dict(x=np.array([-1.5, -1.5, -1.5])), dict(x=_FAR_FROM_ZERO),
           dict(x=np.array([-0.25, 0.5, 3.0, -2.0, 1.25]))],
    notes={4: _far_from_zero_note},
    slips=[(_variance_over_N, "You divided by N: that is the MLE sigma^2, which is biased. The unbiased "
                              "estimate divides by N - 1."),
           (_standard_deviation, "That is the standard deviation s; return its square, the variance."),
           (_one_pass_variance, "sum x_i^2 - N x_bar^2 subtracts two nearly equal numbers near 4e16, where "
                                "doubles are 8 apart: the answer 5/3 is lost. Subtract the mean first, then "
                                "square.")],
)

# ---------------------------------------------------------------- section 11

least_squares_noise = Choice(
    "the loss of another noise",
    r"""
**(b)**. With $t_n = \mathbf{w}^T\mathbf{x}_n + \varepsilon_n$ and Laplace noise,
$p(t_n \mid \mathbf{x}_n; \mathbf{w}) = \frac{1}{2b}\exp(-|t_n - \mathbf{w}^T\mathbf{x}_n|/b)$, so

$$-\log L(\mathbf{w}) = N \log(2b) + \frac1b \sum_n |t_n - \mathbf{w}^T\mathbf{x}_n|:$$

the MLE minimises the sum of *absolute* residuals (least absolute deviations), whatever $b$ is. The squared
residuals come from the $(t - \mathbf{w}^T\mathbf{x})^2$ in the Gaussian's exponent, not from the model being
linear. With only an intercept it is the median of the $t_n$ (section 5's Laplace MLE), which a few
outliers barely move.
""",
    options={
        "a": Option(False, "The squared residuals come from the Gaussian's exponent -(t - w^T x)^2 / (2 sigma^2); a "
                           "Laplace density has -|t - w^T x| / b there, so the MLE minimises the absolute residuals."),
        "b": Option(True, "-log L = N log(2b) + sum_n |t_n - w^T x_n| / b: the sum of absolute residuals, whatever b "
                          "is (least absolute deviations; with an intercept only, the median)."),
        "c": Option(False, "Each example's noise has the same scale b, so no residual gets a weight of its own: "
                           "-log L = N log(2b) + sum_n |t_n - w^T x_n| / b, the absolute residuals."),
        "d": Option(False, "The largest residual is what the MLE of uniform noise minimises (every residual must fit "
                           "inside the noise's range). Laplace noise gives sum_n |t_n - w^T x_n| / b."),
    },
)

# ---------------------------------------------------------------- section 12

_POINTS = np.array([[0.0, 0.0], [2.0, 1.0], [1.0, 5.0]])


def _covariance_mle(points) -> np.ndarray:
    """(Sigma_11, Sigma_12, Sigma_22) of the MLE covariance: the package's 1/N variances, and the mean product of the
    deviations."""
    (_, var_1), (_, var_2) = gaussian_mle(points[:, 0]), gaussian_mle(points[:, 1])
    deviations = points - points.mean(axis=0)
    return np.array([var_1, np.mean(deviations[:, 0] * deviations[:, 1]), var_2])


class _SymmetricMatrix(Derive):
    """(Sigma_11, Sigma_12, Sigma_22), which may also be typed as the 2 x 2 matrix itself, if it is symmetric."""

    def _judge(self, answer):
        matrix = as_numbers(answer, (2, 2))
        if matrix is None:
            return super()._judge(answer)
        if not np.isclose(matrix[0, 1], matrix[1, 0], rtol=0.01, atol=1e-12):        # (typed to different figures)
            return self._feedback("wrong", f"A covariance matrix is symmetric, Sigma_12 = Sigma_21 (the mean product of "
                                           f"the same two deviations); got {matrix[0, 1]:g} and {matrix[1, 0]:g}.")
        return super()._judge(matrix[[0, 0, 1], [0, 1, 1]])


covariance_mle = _SymmetricMatrix(
    "the MLE of a covariance matrix",
    r"""
The mean is $\hat{\boldsymbol\mu} = (1, 2)$, and the deviations are $(-1, -2)$, $(1, -1)$, $(0, 3)$. The MLE
divides their scatter by $N = 3$:

$$\hat\Sigma = \frac13 \begin{pmatrix} 1 + 1 + 0 & 2 - 1 + 0 \\ 2 - 1 + 0 & 4 + 1 + 9 \end{pmatrix}
= \begin{pmatrix} 2/3 & 1/3 \\ 1/3 & 14/3 \end{pmatrix}.$$

The $\frac{1}{N-1}$ covariance, which notebook 06 uses, would be $\begin{pmatrix} 1 & 1/2 \\ 1/2 & 7 \end{pmatrix}$.
""",
    truth=lambda: _covariance_mle(_POINTS),
    answer=[2 / 3, 1 / 3, 14 / 3], what="(Sigma_11, Sigma_12, Sigma_22)", example="[1.5, -0.25, 2]",
    praise="Deviations (-1, -2), (1, -1), (0, 3) from the mean (1, 2): Sigma_hat = [[2/3, 1/3], [1/3, 14/3]].",
    slips=[(lambda: _covariance_mle(_POINTS) * 3 / 2, "That is the 1/(N - 1) covariance, the unbiased one; the MLE "
                                                      "divides the scatter by N = 3."),
           (lambda: (_POINTS.T @ _POINTS / 3)[[0, 0, 1], [0, 1, 1]],
            "Subtract the mean (1, 2) first: those are the averages of x_1^2, x_1 x_2 and x_2^2 about 0."),
           (lambda: np.array([2 / 3, 0.0, 14 / 3]), "The deviations (-1, -2), (1, -1), (0, 3) have products 2, -1 "
                                                    "and 0: their mean is 1/3, not 0.")],
    advice="Compute the mean, then the deviations from it, then the means of their squares and of their product.",
    names=("Sigma_11", "Sigma_12", "Sigma_22"),
)

#: Notebook 03's sample under its likelihood-surface widget (``x_surface``): 20 draws from N(1, 2^2).
_SURFACE_SAMPLE = np.random.default_rng(23).normal(1.0, 2.0, size=20)
_THRESHOLD = 3.5


def _tail_mle(x, scale=lambda x: np.sqrt(gaussian_mle(x)[1])) -> float:
    """P(X > 3.5) under the Gaussian fitted to ``x``: the package's MLE of the mean, and a scale (the MLE's unless
    given)."""
    return float(stats.norm.sf(_THRESHOLD, gaussian_mle(x)[0], scale(x)))


tail_probability_mle = Derive(
    "the MLE of a tail probability",
    r"""
The probability is a function of the parameters,
$g(\mu, \sigma) = P(X > 3.5) = 1 - \Phi\big((3.5 - \mu)/\sigma\big)$, so by invariance its MLE is $g$ at the MLE: $\hat\mu = \bar x = 0.8735$ and $\hat\sigma = \sqrt{\hat\sigma^2} =
\sqrt{3.4036} = 1.8449$ (the $\frac1N$ variance, `np.var`'s default), and

$$\widehat{P}(X > 3.5) = 1 - \Phi\Big(\frac{3.5 - 0.8735}{1.8449}\Big) = 1 - \Phi(1.4237) \approx 0.0773,$$

`stats.norm.sf(3.5, x_surface.mean(), x_surface.std())`. Two other estimates are not this MLE: the fraction of the
sample above 3.5 ($1/20 = 0.05$) ignores the Gaussian model, and $s$ in place of $\hat\sigma$ gives $0.0826$, the
plug-in of the unbiased variance.
""",
    truth=lambda: _tail_mle(_SURFACE_SAMPLE),
    answer=0.0773, what="the MLE of P(X > 3.5)", example="0.2", within=(0.0, 1.0),
    praise="By invariance, P(X > 3.5) at the MLE: 1 - Phi((3.5 - 0.8735) / 1.8449) = 0.0773, with the 1/N standard "
           "deviation.",
    slips=[(lambda: _tail_mle(_SURFACE_SAMPLE, scale=lambda x: np.sqrt(unbiased_variance(x))),
            "That uses s, the square root of the 1/(N - 1) variance. The MLE of sigma is the square root of the MLE "
            "of sigma^2, the 1/N variance (np.var's and np.std's default, ddof=0)."),
           (lambda: _tail_mle(_SURFACE_SAMPLE, scale=lambda x: gaussian_mle(x)[1]),
            "The normal's scale is the standard deviation sigma_hat, not the variance sigma_hat^2."),
           (lambda: np.mean(_SURFACE_SAMPLE > _THRESHOLD),
            "That is the fraction of the sample above 3.5, which ignores the Gaussian model. Under the model "
            "P(X > 3.5) is a function of (mu, sigma): evaluate it at their MLE."),
           (lambda: float(stats.norm.sf(_THRESHOLD, 1.0, 2.0)),
            "That is P(X > 3.5) under the distribution the draws came from, N(1, 2^2), which a real sample does not "
            "tell you: estimate (mu, sigma) from the 20 draws first."),
           (lambda: 1 - _tail_mle(_SURFACE_SAMPLE), "That is P(X <= 3.5), the cdf; the tail P(X > 3.5) is 1 minus "
                                                    "it (stats.norm.sf).")],
    advice="Fit mu and sigma by maximum likelihood (the mean, and the square root of the 1/N variance), then evaluate "
           "P(X > 3.5) = 1 - Phi((3.5 - mu) / sigma) there.",
)

# ---------------------------------------------------------------- section 13

#: A coin with phi = 0.05 tossed N = 10 times, and the 95% Wald interval phi_hat +- 1.96 SE.
_WALD_N, _WALD_PHI = 10, 0.05


def _wald_coverage(N, phi) -> float:
    """The exact probability that phi_hat +- 1.96 sqrt(phi_hat (1 - phi_hat) / N) contains phi."""
    h = np.arange(N + 1)
    phi_hat = h / N
    se = np.sqrt(phi_hat * (1 - phi_hat) / N)
    covers = np.abs(phi_hat - phi) <= 1.96 * se
    return float(stats.binom.pmf(h, N, phi)[covers].sum())


wald_coverage = Choice(
    "the coverage of a standard error on a small sample",
    r"""
**(c)**, about 40%. With $N = 10$ and $\phi = 0.05$, no head at all has probability $0.95^{10} \approx 0.60$;
then $\hat\phi = 0$, the observed information is infinite, the standard error $\sqrt{\hat\phi(1-\hat\phi)/N}$
is 0, and the interval is the single point 0, which misses $\phi = 0.05$. With one to three heads it covers
$\phi$; with four or more (probability 0.001) it lies above it. The coverage is about $1 - 0.60 = 0.40$. The normal approximation behind $\hat\phi \pm 1.96\,\mathrm{SE}$
holds as $N \to \infty$; here the sampling distribution of $\hat\phi$ is far from a bell (it sits on 0 more
than half the time).
""",
    kind="predict",
    options={
        "a": Option(False, "The 95% holds as N grows. At N = 10 and phi = 0.05, 60% of samples have no head: "
                           "phi_hat = 0, SE = 0, and the interval {0} misses phi. The coverage is about 40%."),
        "b": Option(False, "The interval is not always wide: with no head (probability 0.95^10 = 0.60), phi_hat = 0 "
                           "and SE = 0, so the interval is the point 0 and misses phi. Coverage: about 40%."),
        "c": Option(True, "With no head (probability 0.95^10 = 0.60) phi_hat = 0 and SE = 0: the interval is the point "
                          "0 and misses phi = 0.05. One to three heads, and it covers: about 1 - 0.60 = 0.40."),
        "d": Option(False, "It is far worse than 90%: 60% of samples have no head, where SE = 0 and the interval {0} "
                           "misses phi = 0.05. The coverage is about 40%."),
    },
)

# ---------------------------------------------------------------- section 14

_PRIOR_A = _PRIOR_B = 5.0


def _heads_needed(a, b, above=0.9, estimate=beta_bernoulli_map) -> int:
    """The fewest tosses, all heads, after which ``estimate`` exceeds ``above``."""
    h = 1
    while not estimate(np.ones(h), a, b) > above:
        h += 1
    return h


def _posterior_mean(x, a, b):
    return (x.sum() + a) / (x.size + a + b)


map_heads_needed = Derive(
    "how many heads before the MAP passes 0.9?",
    r"""
With $h$ heads in $h$ tosses and the prior $\mathrm{Beta}(5, 5)$, the posterior is $\mathrm{Beta}(5 + h, 5)$ and

$$\hat\phi_\text{MAP} = \frac{h + 5 - 1}{h + 5 + 5 - 2} = \frac{h + 4}{h + 8} > 0.9
\iff h + 4 > 0.9h + 7.2 \iff h > 32.$$

So **33** heads. At $h = 32$ the MAP is $36/40 = 0.9$ exactly, not above it. The MLE $h/h = 1$ jumps there
after one toss; the prior acts like 4 heads and 4 tails seen before the data, and it takes dozens of real
tosses to outweigh them.
""",
    truth=lambda: _heads_needed(_PRIOR_A, _PRIOR_B),
    answer=33, what="the number of heads", example="10",
    praise="(h + 4) / (h + 8) > 0.9 once h > 32: 33 heads. The Beta(5, 5) prior counts as 4 heads and 4 tails "
           "seen before.",
    slips=[(lambda: 32, "At h = 32 the MAP is (32 + 4) / (32 + 8) = 0.9 exactly, not above 0.9: one more head."),
           (lambda: 1, "That is when the MLE h / N = 1 passes 0.9. The MAP adds the prior's pseudo-counts: "
                       "(h + a - 1) / (N + a + b - 2)."),
           (lambda: _heads_needed(_PRIOR_A, _PRIOR_B, estimate=_posterior_mean),
            "That is when the posterior *mean* (h + 5) / (h + 10) passes 0.9; the MAP is the posterior's mode, "
            "(h + a - 1) / (N + a + b - 2)."),
           (lambda: _heads_needed(2.0, 2.0), "That is Laplace's prior Beta(2, 2), (h + 1) / (h + 2); this prior is "
                                             "Beta(5, 5): (h + 4) / (h + 8).")],
    advice="The MAP under Beta(a, b) is (h + a - 1) / (N + a + b - 2); with N = h and a = b = 5, solve "
           "(h + 4) / (h + 8) > 0.9 for the smallest whole h.",
)
