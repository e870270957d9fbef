"""The exercises of notebook 02, information theory, in the order the notebook asks them.

Each is checked against the package (:mod:`lecture_utils.information`,
:mod:`lecture_utils.probability`), independently of the hand solution it stores.
"""

from __future__ import annotations

import numpy as np
from scipy import optimize, special, stats

from ..information import (binary_entropy, conditional_entropy, cross_entropy, entropy, gaussian_entropy,
                           huffman_code_lengths, joint_distribution, kl_divergence, mutual_information)
from ..probability import categorical_mean, categorical_pmf, one_hot
from ._core import Choice, Derive, Implement, Option

_LN2 = np.log(2)

# ---------------------------------------------------------------- section 2

_P_CATEGORICAL = np.array([0.1, 0.7, 0.2])


def _one_hot_covariance(p) -> np.ndarray:
    """``Cov(x) = E[x x^T] - E[x] E[x]^T`` of the one-hot code, from its K possible values."""
    codes = one_hot(np.arange(len(p)), len(p))
    weights = categorical_pmf(codes, p)                   # P(x) of each code
    mean = categorical_mean(p)
    return (codes.T * weights) @ codes - np.outer(mean, mean)


def _one_hot_moments(p) -> list:
    """``[Cov(x_0, x_1), Var(x_1 + x_2)]`` of the one-hot code: from its covariance, and from ``x_1 + x_2`` itself."""
    codes = one_hot(np.arange(len(p)), len(p))
    weights = categorical_pmf(codes, p)                   # P(x) of each code
    sums = codes[:, 1] + codes[:, 2]                      # x_1 + x_2 for each code
    mean = np.sum(weights * sums)
    return [_one_hot_covariance(p)[0, 1], np.sum(weights * (sums - mean) ** 2)]


one_hot_moments = Derive(
    "the moments of a one-hot code",
    r"""
Exactly one coordinate is 1, so $x_0 x_1 = 0$ for every outcome and

$$\operatorname{Cov}(x_0, x_1) = \mathbb{E}[x_0 x_1] - \mathbb{E}[x_0]\,\mathbb{E}[x_1] = 0 - 0.1 \cdot 0.7 = -0.07.$$

$x_1 + x_2$ is 1 exactly when the outcome is 1 or 2: it is $1 - x_0$, a Bernoulli variable with
$\phi = p_1 + p_2 = 0.9$, so $\operatorname{Var}(x_1 + x_2) = 0.9 \cdot 0.1 = 0.09$. The same from the
covariance: $\operatorname{Var}(x_1) + \operatorname{Var}(x_2) + 2\operatorname{Cov}(x_1, x_2)
= 0.21 + 0.16 - 2 \cdot 0.14 = 0.09$, far below $0.37$, the sum of the variances. The coordinates are
negatively correlated: when one of them is 1, the others must be 0.
""",
    truth=lambda: np.round(_one_hot_moments(_P_CATEGORICAL), 12),    # -7/100 without float noise (0.1 * 0.7)
    answer=[-0.07, 0.09], what="[Cov(x_0, x_1), Var(x_1 + x_2)]", example="[0.1, 0.05]",
    praise="Cov(x_0, x_1) = 0 - p_0 p_1 = -0.07 (x_0 x_1 is always 0), and x_1 + x_2 = 1 - x_0 is Bernoulli "
           "with phi = 0.9: Var = 0.9 * 0.1 = 0.09.",
    slips=[(lambda: [0.0, 0.37], "The coordinates are not independent: exactly one of them is 1, so x_0 x_1 = 0 "
                                 "for every outcome and Cov(x_0, x_1) = E[x_0 x_1] - p_0 p_1 = -p_0 p_1."),
           (lambda: [-0.07, 0.37], "Var(x_1 + x_2) = Var(x_1) + Var(x_2) + 2 Cov(x_1, x_2), and the covariance "
                                   "is negative here: x_1 and x_2 are never both 1."),
           (lambda: [-0.07, 0.23], "The cross term of Var(x_1 + x_2) counts twice: + 2 Cov(x_1, x_2)."),
           (lambda: [-0.07, 0.9], "That is E[(x_1 + x_2)^2] = p_1 + p_2; the variance subtracts the squared "
                                  "mean: 0.9 - 0.9^2."),
           (lambda: [0.07, 0.09], "Check the sign of the covariance: E[x_0 x_1] = 0 (never both 1), so "
                                  "Cov = 0 - p_0 p_1 is negative.")],
    advice="Use Cov(x_0, x_1) = E[x_0 x_1] - E[x_0] E[x_1]; for Var(x_1 + x_2), ask which outcomes make "
           "x_1 + x_2 equal to 1.",
    names=("Cov(x_0, x_1)", "Var(x_1 + x_2)"),
)

# ---------------------------------------------------------------- section 3

density_above_one = Choice(
    "a density of 3.99",
    r"""
**(b)**. A density is probability *per unit length*: $P(a \le x \le a + h) = \int_a^{a+h} p(x)\,\mathrm{d}x
\approx p(a)\,h$ for a short interval. A Gaussian bell has the area of a rectangle as high as its peak
and $\sqrt{2\pi}\,\sigma$ wide; with $\sigma = 0.1$ that width is about 0.25, so for an area of 1 the peak
must be $1/(0.1\sqrt{2\pi}) \approx 3.99$. Every single point has probability 0, for any $\sigma$; only
intervals have positive probability, and those never exceed 1.
""",
    options={
        "a": Option(False, "A density is not the probability of a point: P(x = 0) is 0 for every continuous "
                           "distribution. The density is probability per unit length, and it may exceed 1."),
        "b": Option(True, "Probability per unit length: P(|x| <= h/2) is about 3.99 h for a short interval. "
                          "The bell has the area of a rectangle as high as its peak and sqrt(2 pi) sigma = 0.25 "
                          "wide, so its peak must be 3.99 for an area of 1."),
        "c": Option(False, "Nothing needs fixing: only the integral of a density over an interval is a "
                           "probability. Densities are unbounded in general; N(0, 0.001^2) peaks at 399."),
        "d": Option(False, "The point x = 0 has probability 0, but the density there is 3.99: a density is "
                           "not a probability, it is probability per unit length near x."),
    },
)

# ---------------------------------------------------------------- section 5

_P_FIVE = np.array([1 / 4, 1 / 4, 1 / 4, 1 / 8, 1 / 8])

entropy_in_bits = Derive(
    "an entropy in bits",
    r"""
Three outcomes have surprise $-\log_2 \frac14 = 2$ bits and two have $-\log_2 \frac18 = 3$ bits. The
entropy is their average, weighted by the probabilities:

$$H(P) = 3 \cdot \tfrac14 \cdot 2 + 2 \cdot \tfrac18 \cdot 3 = 1.5 + 0.75 = 2.25 \text{ bits},$$

below $\log_2 5 \approx 2.32$ bits, the entropy of the uniform distribution on five outcomes.
""",
    truth=lambda: entropy(_P_FIVE, base=2),
    answer=2.25, what="the entropy in bits", example="1.5",
    praise="H(P) = 3 * 1/4 * 2 + 2 * 1/8 * 3 = 2.25 bits: the average surprise.",
    slips=[(lambda: 2.25 * _LN2, "That is the entropy in nats (natural log). For bits use log base 2: "
                                 "np.log2, or divide nats by ln 2."),
           (lambda: -2.25, "Check the sign: log P(x) <= 0, so H(P) = -sum P(x) log P(x) is >= 0. "
                           "Don't forget the minus sign."),
           (lambda: 3 * 2 + 2 * 3, "You added up the surprises -log2 P(x) without weighting them: the "
                                   "entropy is their average, sum_x P(x) (-log2 P(x))."),
           (lambda: np.log2(5), "That is log2 5, the entropy of the uniform distribution on five outcomes "
                                "and the largest possible; this P is not uniform.")],
    advice="Compute -log2 P(x) for each outcome, multiply by P(x), and add up.",
)


def _entropy_bits(p):
    return entropy(p, base=2)


def _entropy_solution(p):
    p = np.asarray(p, dtype=float)
    safe = np.where(p > 0, p, 1.0)                       # log2(1) = 0 where p = 0: no warning, no nan
    return -np.sum(np.where(p > 0, p * np.log2(safe), 0.0), axis=-1)   # 0 log 0 = 0


def _entropy_nats(p):
    return _entropy_solution(p) * np.log(2.0)                # the same sum with the natural logarithm


def _entropy_all_axes(p):
    return float(np.sum(_entropy_solution(p)))


entropy_function = Implement(
    "entropy with 0 log 0 = 0",
    r"""
Compute $-P(x)\log_2 P(x)$ only where $P(x) > 0$ and count $0$ elsewhere (the limit $t\log t \to 0$).
`p * np.log2(p)` alone gives `0 * -inf = nan` for a zero; `np.where(p > 0, ..., 0.0)` picks the
right term, and taking the logarithm of `np.where(p > 0, p, 1.0)` keeps numpy from warning.
Summing along `axis=-1` scores each distribution of a batch separately
(`scipy.special.xlogy(p, p)` is the library's way to write $p \log p$ with $0 \log 0 = 0$).
""",
    reference=_entropy_bits, model_solution=_entropy_solution, forbid=(stats.entropy, special.entr),
    cases=[dict(p=np.array([0.5, 0.5])),
           dict(p=np.array([0.5, 0.25, 0.125, 0.125])),
           dict(p=np.array([0.5, 0.0, 0.5])),
           dict(p=np.array([0.0, 1.0, 0.0, 0.0])),
           dict(p=np.full(8, 1 / 8)),
           dict(p=np.array([[0.5, 0.25, 0.25], [1.0, 0.0, 0.0], [0.1, 0.2, 0.7]])),
           dict(p=np.array([1 - 1e-12, 1e-12]))],
    slips=[(_entropy_nats, "That is the entropy in nats; for bits take log base 2 (np.log2)."),
           (_entropy_all_axes, "Sum along the last axis only (axis=-1): each row is a distribution of its "
                               "own and gets its own entropy.")],
    nan_hint="An outcome with P(x) = 0 must add 0 (0 log 0 = 0), but p * np.log2(p) gives 0 * (-inf) = nan "
             "there: use np.where(p > 0, ..., 0.0).",
)

_FIVE = np.full(5, 1 / 5)

five_letter_questions = Derive(
    "the best questions for five equally likely letters",
    r"""
Build the strategy from the bottom, as Huffman's code does: merge the two least likely groups, again
and again; each merge adds one question for every letter inside it.

| merge | groups and their probabilities |
|---|---|
| A + E | {A, E} 0.4, I 0.2, O 0.2, U 0.2 |
| I + O | {A, E} 0.4, {I, O} 0.4, U 0.2 |
| U + {I, O} | {A, E} 0.4, {I, O, U} 0.6 |
| the last two | everything, 1 |

A and E took part in 2 merges, I and O in 3, U in 2. As questions: "is it A or E?"; if yes, "is it
A?" settles it after **2**; if no, "is it U?" settles U after **2**, and "is it I?" settles I and O
after **3**. So three letters need 2 questions and two need 3:

$$L = \tfrac15(2 + 2 + 2 + 3 + 3) = \tfrac{12}{5} = 2.4 \text{ questions}.$$

It lies between $H = \log_2 5 \approx 2.322$ bits and $H + 1$: questions come whole, and $\frac15$ is not
a power of $\frac12$, so no strategy reaches the entropy exactly.
""",
    truth=lambda: _FIVE @ huffman_code_lengths(_FIVE),
    answer=12 / 5, what="the expected number of questions", example="2.5",
    praise="L = (2 + 2 + 2 + 3 + 3) / 5 = 2.4 questions: above H = log2 5 = 2.322 bits, and below H + 1.",
    slips=[(lambda: np.log2(5), "That is the entropy log2 5, a lower bound that questions cannot reach here: "
                                "each letter needs a whole number of questions. Find an actual strategy."),
           (lambda: 3.0, "Three questions always suffice, but a good strategy can stop after two for some "
                         "letters: count the questions letter by letter and average them."),
           (lambda: 14 / 5, "Asking \"is it A?\", \"is it E?\", ... one letter at a time takes 1, 2, 3, 4, 4 "
                            "questions: too many on average. Ask about two letters at once first."),
           (lambda: 2.0, "Two questions have only 2^2 = 4 possible answer sequences, too few to tell 5 letters "
                         "apart: some letters need a third question. Count them letter by letter and average.")],
    advice="Build the questions as Huffman's code does: merge the two least likely groups, again and again; each "
           "merge adds a question for every letter inside. Then average the letters' question counts.",
)

# ---------------------------------------------------------------- section 6

_SIGMA_MINUS_ONE_NAT = np.exp(-1.5) / np.sqrt(2 * np.pi)      # 1/2 log(2 pi e sigma^2) = -1


def _sigma_for_entropy(H, e=np.e):
    """The sigma whose 1/2 log(2 pi e sigma^2) is H nats (``e=1``: the formula without its e)."""
    return np.exp(H) / np.sqrt(2 * np.pi * e)


narrow_gaussian_entropy = Derive(
    "the width of a Gaussian with entropy -1 nat",
    r"""
The mean does not matter. Solve $\tfrac12\log(2\pi e \sigma^2) = -1$ for $\sigma$:

$$\log(2\pi e\sigma^2) = -2 \;\Rightarrow\; \sigma^2 = \frac{e^{-2}}{2\pi e} = \frac{e^{-3}}{2\pi}
\;\Rightarrow\; \sigma = \frac{e^{-3/2}}{\sqrt{2\pi}} \approx 0.0890.$$

It is below $1/\sqrt{2\pi e} \approx 0.242$, where the entropy is 0, as it must be for a negative entropy:
each halving of $\sigma$ takes $\log 2 \approx 0.693$ nats off, since the entropy is $\log\sigma$ plus a constant.
""",
    truth=lambda: optimize.brentq(lambda sigma: gaussian_entropy(sigma) + 1.0, 1e-3, 1.0, xtol=1e-15),   # H = -1 nat
    answer=np.exp(-1.5) / np.sqrt(2 * np.pi), what="the standard deviation sigma", example="0.5",
    praise="sigma = e^(-3/2) / sqrt(2 pi) = 0.0890: the differential entropy 1/2 log(2 pi e sigma^2) is -1 nat "
           "there, below 0 because sigma < 0.242.",
    slips=[(lambda: _SIGMA_MINUS_ONE_NAT ** 2, "That is the variance sigma^2; the exercise asks for the standard "
                                                "deviation sigma: take its square root."),
           (lambda: _sigma_for_entropy(1.0), "That sigma gives an entropy of +1 nat; the exercise asks for -1: check "
                                             "the sign when you solve for sigma."),
           (lambda: _sigma_for_entropy(-np.log(2)), "That sigma has an entropy of -1 bit (-0.693 nats); the "
                                                     "exercise asks for -1 nat: use the natural log."),
           (lambda: _sigma_for_entropy(-1.0, e=1.0), "You lost the e: the entropy is 1/2 log(2 pi e sigma^2), "
                                                      "with the 1/2 of E[(x - mu)^2] / (2 sigma^2) = 1/2 log e inside."),
           (lambda: _sigma_for_entropy(-2.0), "The 1/2 in front applies to the whole log: 1/2 log(2 pi e sigma^2) = "
                                              "-1 gives log(2 pi e sigma^2) = -2, and sigma^2 = e^-2 / (2 pi e).")],
    advice="Set 1/2 log(2 pi e sigma^2) = -1 (natural log), solve for sigma^2, then take the square root; mu does "
           "not matter.",
)

# ---------------------------------------------------------------- section 7

_P = np.array([1 / 2, 1 / 4, 1 / 4])
_Q = np.array([1 / 8, 1 / 8, 3 / 4])

cross_entropies = Derive(
    "cross-entropy both ways",
    r"""
The first argument weights the terms, the second sits inside the logarithm:

$$H(P, Q) = \tfrac12 \cdot 3 + \tfrac14 \cdot 3 + \tfrac14 \log_2\tfrac43 = 2.25 + 0.25\,(2 - \log_2 3) \approx 2.354 \text{ bits},$$

$$H(Q, P) = \tfrac18 \cdot 1 + \tfrac18 \cdot 2 + \tfrac34 \cdot 2 = 1.875 \text{ bits}.$$

Swapping the arguments changes the value.
""",
    truth=lambda: [cross_entropy(_P, _Q, base=2), cross_entropy(_Q, _P, base=2)],
    answer=[2.25 + 0.25 * (2 - np.log2(3)), 1.875], what="[H(P, Q), H(Q, P)] in bits",
    example="[1.5, 2.0]",
    praise="H(P, Q) = 2.354 and H(Q, P) = 1.875 bits: swapping the arguments changes the value.",
    slips=[(lambda: [1.875, 2.25 + 0.25 * (2 - np.log2(3))],
            "The two are swapped: in H(P, Q) the outcomes come from P, which weights the terms; Q is "
            "inside the log."),
           (lambda: [cross_entropy(_P, _Q), cross_entropy(_Q, _P)], "Those are in nats; use log base 2 for bits."),
           (lambda: [entropy(_P, base=2), entropy(_Q, base=2)],
            "Those are the entropies H(P) and H(Q): inside the log goes the second distribution."),
           (lambda: [-cross_entropy(_P, _Q, base=2), -cross_entropy(_Q, _P, base=2)],
            "-log2 of a probability is >= 0, so a cross-entropy is too; don't forget the minus sign.")],
    advice="H(A, B) = -sum_x A(x) log2 B(x).",
    names=("H(P, Q)", "H(Q, P)"),
)

# ---------------------------------------------------------------- section 8

divergences = Derive(
    "the divergence both ways",
    r"""
Subtract the entropy of the first argument from the cross-entropy, with $H(P) = 1.5$ bits and
$H(Q) = 2 \cdot \frac18 \cdot 3 + \frac34\log_2\frac43 \approx 1.061$ bits:

$$D_\mathrm{KL}(P \| Q) = 2.354 - 1.5 \approx 0.854 \text{ bits}, \qquad D_\mathrm{KL}(Q \| P) = 1.875 - 1.061 \approx 0.814 \text{ bits}.$$

They differ, so the divergence is not symmetric, though here only a little; the pair of section 8
differs by a factor of two.
""",
    truth=lambda: [kl_divergence(_P, _Q, base=2), kl_divergence(_Q, _P, base=2)],
    answer=[0.75 + 0.25 * (2 - np.log2(3)), 1.875 - 0.75 - 0.75 * (2 - np.log2(3))],
    what="[KL(P||Q), KL(Q||P)] in bits", example="[0.5, 0.25]",
    praise="KL(P||Q) = 0.854 and KL(Q||P) = 0.814 bits: the divergence is not symmetric.",
    slips=[(lambda: [kl_divergence(_Q, _P, base=2), kl_divergence(_P, _Q, base=2)],
            "The two are swapped: in KL(P||Q) the outcomes come from P, which weights the terms."),
           (lambda: [cross_entropy(_P, _Q, base=2), cross_entropy(_Q, _P, base=2)],
            "Those are the cross-entropies; subtract the entropy of the first argument: "
            "KL(P||Q) = H(P, Q) - H(P)."),
           (lambda: [cross_entropy(_P, _Q, base=2) - entropy(_Q, base=2),
                     cross_entropy(_Q, _P, base=2) - entropy(_P, base=2)],
            "Subtract the entropy of the first argument, the distribution the outcomes come from: "
            "KL(P||Q) = H(P, Q) - H(P)."),
           (lambda: [kl_divergence(_P, _Q), kl_divergence(_Q, _P)], "Those are in nats; use log base 2 for bits."),
           (lambda: [-kl_divergence(_P, _Q, base=2), -kl_divergence(_Q, _P, base=2)],
            "A divergence is never negative (Gibbs): the log holds P(x) / Q(x) for KL(P||Q), not "
            "Q(x) / P(x).")],
    advice="KL(A||B) = sum_x A(x) log2(A(x) / B(x)) = H(A, B) - H(A).",
    names=("KL(P||Q)", "KL(Q||P)"),
)


def _kl_solution(p, q):
    p, q = np.asarray(p, dtype=float), np.asarray(q, dtype=float)
    seen = p > 0                                         # terms with P(x) = 0 count 0
    with np.errstate(divide="ignore"):                   # log 0 = -inf where Q(x) = 0 < P(x): the term is inf
        log_ratio = np.log(np.where(seen, p, 1.0)) - np.log(np.where(seen, q, 1.0))
    return np.sum(np.where(seen, p * log_ratio, 0.0), axis=-1)


def _kl_swapped(p, q):
    return _kl_solution(q, p)


def _kl_bits(p, q):
    return _kl_solution(p, q) / _LN2


kl_function = Implement(
    "the KL divergence, zeros included",
    r"""
Each term is $P(x)\log\frac{P(x)}{Q(x)}$: it counts $0$ where $P(x) = 0$ (whatever $Q(x)$ is) and $+\infty$
where $Q(x) = 0 < P(x)$. Writing the log as $\log P(x) - \log Q(x)$, with $\log 0 = -\infty$, gives the
infinity by itself; `np.where(p > 0, ..., 0.0)` gives the zeros. `p * np.log(p / q)` alone returns
`nan` for $P(x) = 0$, because $0 \cdot (-\infty)$ and $0/0$ are undefined in floating point.
""",
    reference=kl_divergence, model_solution=_kl_solution,
    forbid=(stats.entropy, special.rel_entr, special.kl_div),
    cases=[dict(p=np.array([0.5, 0.5]), q=np.array([0.5, 0.5])),
           dict(p=np.array([0.98, 0.01, 0.01]), q=np.full(3, 1 / 3)),
           dict(p=np.array([0.5, 0.5, 0.0]), q=np.array([0.25, 0.25, 0.5])),
           dict(p=np.array([1.0, 0.0]), q=np.array([1.0, 0.0])),
           dict(p=np.array([0.5, 0.5]), q=np.array([1.0, 0.0])),
           dict(p=np.array([[0.5, 0.5, 0.0], [0.2, 0.3, 0.5], [0.0, 0.0, 1.0]]),
                q=np.array([[0.25, 0.25, 0.5], [0.5, 0.3, 0.2], [0.5, 0.5, 0.0]]))],
    slips=[(_kl_swapped, "That is KL(Q||P): in KL(P||Q) the outcomes come from P, so P(x) weights the terms "
                         "and sits on top of the fraction."),
           (_kl_bits, "That is in bits; the exercise asks for nats (np.log).")],
    nan_hint="Terms with P(x) = 0 must count 0, but p * np.log(p / q) gives 0 * (-inf) or 0/0, that is nan, "
             "there: use np.where(p > 0, ..., 0.0).",
)

# ---------------------------------------------------------------- section 9

reverse_fit_divergences = Choice(
    "the other divergence of the mode-seeking fit",
    r"""
**(b)**: $D_\mathrm{KL}(p \| q^*) \approx 7.86$ nats, more than eleven times $D_\mathrm{KL}(q^* \| p) \approx 0.689$.
The forward divergence averages $\log\frac{p(x)}{q^*(x)}$ over $p$, and half of $p$'s mass sits on the right
bump, where $q^* = \mathcal{N}(-2.98, 1.02^2)$ is tiny: at $x = 3$ the log-ratio is about 16.4 nats. It is
not infinite, because a Gaussian is positive everywhere, but it is far larger than the divergence the fit
minimised. Each fit is best only by its own measure.
""",
    kind="predict",
    options={
        "a": Option(False, "The two directions are different functions, and for this fit they are far apart: "
                           "KL(p||q*) = 7.86 nats against KL(q*||p) = 0.689. Near-symmetry holds only when p "
                           "and q are close everywhere."),
        "b": Option(True, "KL(p||q*) = 7.86 nats: half of p's mass sits on the right bump, where q* is tiny "
                          "(log p/q* is about 16 nats at x = 3). The fit minimised the other direction only."),
        "c": Option(False, "q* minimises KL(q||p), not KL(p||q): by the forward divergence it does far worse, "
                           "7.86 nats against the forward fit's 0.462."),
        "d": Option(False, "A Gaussian is positive everywhere, so log p/q* is finite: KL(p||q*) is large, "
                           "7.86 nats, but finite. It would be infinite only if q* were exactly 0 where p is not."),
    },
)

# ---------------------------------------------------------------- section 10

what_converges = Choice(
    "what the central limit theorem says converges",
    r"""
**(b)**. $S_n$ has mean $n\mu$ and variance $n\sigma^2$: both grow without bound, so $S_n$ has no limit. The
mean $S_n/n$ has variance $\sigma^2/n \to 0$: it settles on the *number* $\mu$ (the law of large numbers), a
spike, not a bell. Only the deviation of the mean blown up by $\sqrt{n}$, which is
$Z_n = (S_n - n\mu)/(\sqrt{n}\,\sigma)$, keeps mean 0 and variance 1, and its distribution tends to
$\mathcal{N}(0, 1)$: the histogram of the widget below.
""",
    options={
        "a": Option(False, "S_n has mean n mu and variance n sigma^2, both growing with n: its distribution "
                           "slides away and spreads out, and has no limit. Standardise it first."),
        "b": Option(True, "Z_n keeps mean 0 and variance 1 for every n, and its distribution tends to "
                          "N(0, 1), whatever the distribution of the draws (if its variance is finite)."),
        "c": Option(False, "The mean has variance sigma^2 / n, which tends to 0: it converges to the number "
                           "mu (the law of large numbers), a spike, not a bell. A bell appears only after "
                           "multiplying its deviation from mu by sqrt(n)."),
        "d": Option(False, "Each draw keeps its own distribution (an exponential draw stays exponential, "
                           "whatever n); what becomes normal is their standardised sum."),
    },
)

# ---------------------------------------------------------------- section 11

#: A fair die X, and two questions about it: Y, "is it even?", and Z, "is it at least 4?".
_DIE = np.arange(1, 7)
_EVEN, _HIGH = _DIE % 2 == 0, _DIE >= 4


def _two_questions() -> list:
    """``[I(Y; Z), H(X | Y, Z)]`` in bits, from the package: the pair of answers is one variable with 4 values."""
    return [mutual_information(joint_distribution(_EVEN, _HIGH), base=2),
            conditional_entropy(joint_distribution(_DIE, 2 * _EVEN + _HIGH).T, base=2)]


_TWO_QUESTIONS = (1 - float(binary_entropy(1 / 3, base=2)), 2 / 3)     # the hand solution
_CUT = "has every figure right, but it is cut short, not rounded: give 3 significant figures, rounded."

die_information = Derive(
    "two questions about a die",
    r"""
Each question alone is a fair coin, 1 bit. But given "even" ($X \in \{2, 4, 6\}$), "at least 4" has
probability $\frac23$, and given "odd" ($\{1, 3, 5\}$) it has $\frac13$: $Z$ is $Y$ through a noisy copy with
$\varepsilon = \frac13$, so

$$I(Y; Z) = H(Z) - H(Z \mid Y) = 1 - h(\tfrac13) \approx 1 - 0.918 = 0.0817 \text{ bits}.$$

The two answers together tell $H(Y, Z) = H(Y) + H(Z) - I(Y; Z) \approx 1.918$ bits, not 2. The pair $(Y, Z)$ is a
function of $X$, so $H(Y, Z \mid X) = 0$ and the chain rule gives
$H(X \mid Y, Z) = H(X) - H(Y, Z) = \log_2 6 - 1.918 \approx 0.667$ bits. Directly: the four pairs of answers
leave the faces $\{4, 6\}$, $\{2\}$, $\{5\}$, $\{1, 3\}$, with probabilities $\frac13, \frac16, \frac16, \frac13$
and 1, 0, 0, 1 bit left: $H(X \mid Y, Z) = \frac13 + \frac13 = \frac23$ bits.
""",
    truth=_two_questions,
    answer=list(_TWO_QUESTIONS), what="[I(Y; Z), H(X | Y, Z)] in bits", example="[0.5, 1.5]",
    praise="Z is Y through a noisy copy with epsilon = 1/3, so I(Y; Z) = 1 - h(1/3) = 0.0817 bits; together the "
           "answers tell H(Y, Z) = 2 - 0.0817 bits, and H(X | Y, Z) = log2 6 - H(Y, Z) = 2/3 bits.",
    slips=[(lambda: [0.0, np.log2(6) - 2], "Each question alone is a fair coin, but the two are not independent: "
                                           "given 'even' (2, 4, 6), 'at least 4' has probability 2/3, not 1/2."),
           (lambda: [_TWO_QUESTIONS[0] * _LN2, 2 / 3 * _LN2], "Those are nats; the exercise asks for bits "
                                                              "(log base 2)."),
           (lambda: [2 / 3, _TWO_QUESTIONS[0]], "Those are the two values in the wrong order: the answer is "
                                                "[I(Y; Z), H(X | Y, Z)]."),
           (lambda: [_TWO_QUESTIONS[0], 2 - _TWO_QUESTIONS[0]], "That second value is H(Y, Z), what the two "
                                                                "answers tell together; the exercise asks what is "
                                                                "left about the die: H(X) - H(Y, Z)."),
           (lambda: [_TWO_QUESTIONS[0], 0.5], "Weight each pair of answers by its probability: (even, at least 4) "
                                              "leaves two faces and has probability 1/3, (even, below 4) one face "
                                              "and probability 1/6."),
           (lambda: [0.081, 2 / 3], f"I(Y; Z) = 0.081 {_CUT}"),
           (lambda: [_TWO_QUESTIONS[0], 0.66], f"H(X | Y, Z) = 0.66 {_CUT}")],
    advice="Given Y, Z is a coin: find P(Z = 1 | Y = y) for each y. The pair (Y, Z) is a function of X, so "
           "H(X | Y, Z) = H(X) - H(Y, Z) (the chain rule).",
    names=("I(Y; Z)", "H(X | Y, Z)"),
)

one_observation_uncertainty = Choice(
    "can one observation add uncertainty?",
    r"""
**(b)**. $H(Y \mid X) = \sum_x P(x)\, H(Y \mid X = x) \le H(Y)$ holds on average over $x$, because
$H(Y) - H(Y \mid X) = I(X; Y) = D_\mathrm{KL}(P(X, Y) \,\|\, P(X)P(Y)) \ge 0$. A single value $x$ can still
leave $Y$ more uncertain than before. A disease with prior $P(Y = 1) = 0.01$ has $H(Y) \approx 0.081$ bits;
a positive result of a test with sensitivity 0.9 and a false-positive rate of 0.05 raises $P(Y = 1 \mid
\text{positive})$ to about $0.154$, where $H(Y \mid \text{positive}) \approx 0.62$ bits. The negative results,
which are most of them, lower it only to $0.012$ bits, by far less than the positive one raised it, but they
are 16 times as frequent, and the weighted average goes down. A positive result has $P(X = x) \approx 0.0585$,
more than $P(Y = 1) = 0.01$.
""",
    options={
        "a": Option(False, "Only the average over x obeys H(Y | X) <= H(Y). A rare disease has H(Y) = 0.081 bits; "
                           "a positive test makes it likelier and H(Y | positive) = 0.62 bits, larger."),
        "b": Option(True, "H(Y | X) <= H(Y) is an average over x (its gap is I(X; Y) >= 0). A positive test for a "
                          "rare disease raises the uncertainty (0.081 -> 0.62 bits); the many negatives lower it."),
        "c": Option(False, "Nothing makes the changes cancel unweighted: a positive test for a rare disease raises "
                           "H(Y) = 0.081 bits to H(Y | positive) = 0.62, a negative one lowers it only to 0.012. "
                           "It is the average weighted by P(x) that cannot rise."),
        "d": Option(False, "A positive test for a rare disease has P(positive) = 0.0585, more than P(ill) = 0.01, "
                           "and still raises H(Y) = 0.081 bits to H(Y | positive) = 0.62. Only the average over "
                           "x cannot rise."),
    },
)

#: The exercises in the order the notebook asks them.
EXERCISES = (one_hot_moments, density_above_one, entropy_in_bits, entropy_function, five_letter_questions,
             narrow_gaussian_entropy, cross_entropies, divergences, kl_function, reverse_fit_divergences,
             what_converges, die_information, one_observation_uncertainty)
