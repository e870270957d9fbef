"""The exercises of notebook 07, Naive Bayes, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.naive_bayes` (or
:mod:`lecture_utils.discriminant` for a Gaussian), fitted on the play-tennis
days where it asks about them; each implement exercise compares the
student's function with the package's.
"""

from __future__ import annotations

import numpy as np

from ..datasets import load_play_tennis
from ..discriminant import gaussian_posterior
from .._base import log_posteriors
from ..logistic import sigmoid
from ..naive_bayes import CategoricalNB, laplace_estimate, parameter_counts
from ._core import Choice, Count, Derive, Implement, Option


def _posterior_of_yes(day, alpha: float) -> float:
    """``p(Yes | day)`` of categorical Naive Bayes fitted on the 14 play-tennis days."""
    tennis = load_play_tennis()
    model = CategoricalNB(alpha=alpha).fit(tennis.X, tennis.y)
    return float(model.predict_proba([day])[0, list(model.classes_).index("Yes")])


def _posterior(joint_yes: float, joint_no: float) -> float:
    return joint_yes / (joint_yes + joint_no)


# ---------------------------------------------------------------- section 1

parameter_count = Count(
    "eight yes/no features",
    r"""
A full table of $p(\mathbf{x} \mid C_k)$ over eight binary features has $2^8 = 256$ cells summing to 1:
$255$ free numbers per class, $2 \times 255 = 510$ for both, and one more for the prior
$p(C_1) = 1 - p(C_0)$: **511**. Naive Bayes keeps one Bernoulli parameter $p_{kj}$ per feature and class,
$2 \times 8 = 16$, plus the prior: 17. Each extra feature doubles the first count (roughly) and adds 2 to
the second.
""",
    truth=lambda: parameter_counts([2] * 8, 2)["joint"],
    answer=511, what="the number of free parameters", example="100",
    praise="2 (2^8 - 1) + 1 = 511, against 2 x 8 + 1 = 17 for Naive Bayes: exponential against linear in "
           "the number of features.",
    slips=[(lambda: 510, "The model also needs the class prior p(C_1): one more number."),
           (lambda: 513, "A distribution over m cells has m - 1 free numbers, since they sum to 1: 2^8 - 1 "
                         "per class."),
           (lambda: 256, "Each class has its own table: count both, and add the prior."),
           (lambda: 17, "That is Naive Bayes' count; the question asks for the full table of all 2^8 "
                        "combinations."),
           (lambda: 512, "That counts every cell of the table over the class and the eight features, 2^9; "
                         "its cells sum to 1, so one of them is fixed by the others.")],
    advice="Per class, a table over 2^8 cells has 2^8 - 1 free numbers; multiply by the number of classes "
           "and add the prior.",
)

# ---------------------------------------------------------------- section 2

_RAINY_DAY = ["Rain", "Cool", "High", "Strong"]

rainy_day = Derive(
    "a cool, windy, rainy day",
    r"""
From the count tables, with $\pi_\text{Yes} = 9/14$ and $\pi_\text{No} = 5/14$:

$$p(\mathbf{x}, \text{Yes}) = \tfrac{9}{14}\cdot\tfrac{3}{9}\cdot\tfrac{3}{9}\cdot\tfrac{3}{9}\cdot\tfrac{3}{9}
= \tfrac{1}{126} \approx 0.007937, \qquad
p(\mathbf{x}, \text{No}) = \tfrac{5}{14}\cdot\tfrac{2}{5}\cdot\tfrac{1}{5}\cdot\tfrac{4}{5}\cdot\tfrac{3}{5}
= \tfrac{12}{875} \approx 0.013714,$$

$$p(\text{Yes} \mid \mathbf{x}) = \frac{1/126}{1/126 + 12/875} = \frac{125}{341} \approx 0.3666 .$$

Rain and cool favour Yes a little, high humidity and strong wind favour No more: predict No.
""",
    truth=lambda: _posterior_of_yes(_RAINY_DAY, alpha=0),
    answer=125 / 341, what="p(Yes | x)", example="0.42",
    praise="p(x, Yes) = 1/126 and p(x, No) = 12/875, so p(Yes | x) = 125/341 = 0.3666: predict No.",
    slips=[(lambda: _posterior((3 / 9) ** 4, 2 / 5 * 1 / 5 * 4 / 5 * 3 / 5),
            "Multiply by the priors too: p(x, C_k) = p(C_k) prod_j p(x_j | C_k), with p(Yes) = 9/14."),
           (lambda: 1 / 126, "That is p(x, Yes), the numerator; divide by p(x) = p(x, Yes) + p(x, No)."),
           (lambda: 216 / 341, "That is p(No | x); the question asks for p(Yes | x).")],
    advice="Read p(x_j | C_k) = N_kv / N_k off each count table, multiply the four factors by the prior of "
           "each class, and divide p(x, Yes) by the sum of both products.",
)

# ---------------------------------------------------------------- section 3


def _laplace_solution(counts, alpha):
    counts = np.asarray(counts, dtype=float)
    n_values = counts.shape[-1]                               # V
    return (counts + alpha) / (counts.sum(axis=-1, keepdims=True) + alpha * n_values)


def _laplace_without_v(counts, alpha):
    counts = np.asarray(counts, dtype=float)
    return (counts + alpha) / (counts.sum(axis=-1, keepdims=True) + alpha)


def _laplace_numerator_only(counts, alpha):
    counts = np.asarray(counts, dtype=float)
    return (counts + alpha) / counts.sum(axis=-1, keepdims=True)


def _laplace_over_classes(counts, alpha):
    counts = np.asarray(counts, dtype=float)
    return (counts + alpha) / (counts.sum(axis=0, keepdims=True) + alpha * counts.shape[0])


def _laplace_classes_for_values(counts, alpha):
    counts = np.atleast_2d(np.asarray(counts, dtype=float))
    return (counts + alpha) / (counts.sum(axis=-1, keepdims=True) + alpha * counts.shape[0])


def _laplace_zeros_only(counts, alpha):
    counts = np.asarray(counts, dtype=float)
    smoothed = np.where(counts == 0, alpha, counts)
    return smoothed / smoothed.sum(axis=-1, keepdims=True)


laplace_table = Implement(
    "a smoothed table from counts",
    r"""
Each row holds the counts $N_{kv}$ of one class over the $V$ values (the last axis). Add $\alpha$ to every
count, including the non-zero ones, and divide by the new row total $N_k + \alpha V$, so that every row
still sums to 1. A row of zeros becomes uniform for any $\alpha > 0$; $\alpha = 0$ leaves the
maximum-likelihood frequencies.
""",
    reference=laplace_estimate, model_solution=_laplace_solution,
    cases=[dict(counts=np.array([[0, 2, 3], [4, 3, 2]]), alpha=1.0),
           dict(counts=np.array([[0, 2, 3], [4, 3, 2]]), alpha=0.0),
           dict(counts=np.array([[1, 0], [3, 3], [0, 5]]), alpha=0.5),
           dict(counts=np.array([[0, 0, 0, 0], [5, 1, 0, 2]]), alpha=1.0),
           dict(counts=np.array([2, 0, 1, 1]), alpha=2.0)],
    slips=[(_laplace_numerator_only, "You added alpha to the counts but not to their total, so a row no longer "
                                     "sums to 1: divide by the total of the smoothed counts, N_k + alpha V."),
           (_laplace_without_v, "Each of the V values gets alpha imaginary examples, so the row total grows "
                                "by alpha V, not alpha: divide by N_k + alpha V."),
           (_laplace_over_classes, "Normalise along the values (the last axis, each row of one class), not "
                                   "down the classes."),
           (_laplace_zeros_only, "Add alpha to every count, not only to the zeros: smoothing shifts every "
                                 "estimate towards 1/V."),
           (_laplace_classes_for_values, "V is the number of values of the feature (the length of the last "
                                         "axis), not the number of classes (the rows).")],
)

_OVERCAST_DAY = ["Overcast", "Cool", "High", "Strong"]

smoothed_overcast_day = Derive(
    "a smoothed posterior",
    r"""
With $\alpha = 1$ each factor is $(N_{kv} + 1)/(N_k + V_j)$: $V = 3$ for outlook and temperature, $V = 2$ for
humidity and wind. The priors are not smoothed.

$$p(\mathbf{x}, \text{Yes}) = \tfrac{9}{14}\cdot\tfrac{4+1}{9+3}\cdot\tfrac{3+1}{9+3}\cdot\tfrac{3+1}{9+2}
\cdot\tfrac{3+1}{9+2} = \tfrac{10}{847} \approx 0.011806,$$

$$p(\mathbf{x}, \text{No}) = \tfrac{5}{14}\cdot\tfrac{0+1}{5+3}\cdot\tfrac{1+1}{5+3}\cdot\tfrac{4+1}{5+2}
\cdot\tfrac{3+1}{5+2} = \tfrac{25}{5488} \approx 0.004555,$$

$$p(\text{Yes} \mid \mathbf{x}) = \frac{1568}{2173} \approx 0.7216 .$$

Without smoothing the unseen (Overcast, No) vetoes No and the posterior is exactly 1; with it, the
humid and windy day gets a real chance of No.
""",
    truth=lambda: _posterior_of_yes(_OVERCAST_DAY, alpha=1),
    answer=1568 / 2173, what="p(Yes | x)", example="0.75",
    praise="10/847 against 25/5488: p(Yes | x) = 1568/2173 = 0.7216, no longer the unsmoothed 1.",
    slips=[(lambda: 1.0, "That is the unsmoothed answer, where (Overcast, No) has count 0 and vetoes No. "
                         "With alpha = 1 every factor is (N_kv + 1) / (N_k + V)."),
           (lambda: _posterior(9 / 14 * 5 / 10 * 4 / 10 * 4 / 10 * 4 / 10, 5 / 14 * 1 / 6 * 2 / 6 * 5 / 6 * 4 / 6),
            "The denominator grows by alpha V, one imaginary example per value: 9 + 3 for outlook, not 9 + 1."),
           (lambda: _posterior(10 / 16 * 5 / 12 * 4 / 12 * 4 / 11 * 4 / 11, 6 / 16 * 1 / 8 * 2 / 8 * 5 / 7 * 4 / 7),
            "Smooth only the factors p(x_j | C_k); the priors stay N_k / N = 9/14 and 5/14."),
           (lambda: 605 / 2173, "That is p(No | x); the question asks for p(Yes | x).")],
    advice="Smooth each factor as (N_kv + 1) / (N_k + V_j), multiply by the unsmoothed prior, and normalise "
           "the two products.",
)

# ---------------------------------------------------------------- section 4

empty_message = Choice(
    "a message with no known word",
    r"""
**(b)**. Bernoulli Naive Bayes has a factor for *every* word of the vocabulary: $p_{kj}$ if the word is
present, $1 - p_{kj}$ if it is absent. An empty message has all $x_j = 0$, so

$$\log\frac{p(\text{spam} \mid \mathbf{x})}{p(\text{ham} \mid \mathbf{x})} = \log\frac{\pi_\text{spam}}{\pi_\text{ham}}
+ \sum_j \log\frac{1 - p_{\text{spam},j}}{1 - p_{\text{ham},j}},$$

which is the prior's log-odds only if every word is equally common in both classes. Here the words of
ham messages ("the", "meeting", "monday", ...) are missing, and that is evidence for spam: 0.56 against
the prior 0.5. A model that multiplies only the factors of the words present would return the prior.
""",
    kind="predict",
    options={
        "a": Option(False, "Only a model that ignores absent words returns the prior. Bernoulli Naive Bayes "
                           "multiplies 1 - p_kj for every absent word, and their product differs between "
                           "the classes."),
        "b": Option(True, "Every absent word contributes 1 - p_kj, and missing ham words (the, meeting, "
                          "monday) are evidence for spam: 0.56, not the prior 0.5."),
        "c": Option(False, "Nothing is 0 / 0: every factor 1 - p_kj is positive with alpha = 1, so both "
                           "products are positive and the posterior is defined."),
        "d": Option(False, "Even with no word present the model is not undecided: the absent words are "
                           "evidence, and it leans to spam (0.56)."),
    },
)

# ---------------------------------------------------------------- section 5


def _log_posterior_solution(log_joint):
    log_joint = np.asarray(log_joint, dtype=float)
    largest = log_joint.max(axis=1, keepdims=True)            # shift: the largest term becomes e^0 = 1
    return log_joint - (largest + np.log(np.exp(log_joint - largest).sum(axis=1, keepdims=True)))


def _log_posterior_shift_only(log_joint):
    log_joint = np.asarray(log_joint, dtype=float)
    return log_joint - log_joint.max(axis=1, keepdims=True)


def _log_posterior_over_examples(log_joint):
    log_joint = np.asarray(log_joint, dtype=float)
    largest = log_joint.max(axis=0, keepdims=True)
    return log_joint - (largest + np.log(np.exp(log_joint - largest).sum(axis=0, keepdims=True)))


log_posterior = Implement(
    "posteriors in log space",
    r"""
$\log p(C_k \mid \mathbf{x}) = g_k - \log\sum_j e^{g_j}$ with $g_k = \log p(\mathbf{x}, C_k)$. For
$g = (-1000, -1001)$, $e^{g_k}$ is 0 in floating point, so compute the log-sum-exp after shifting by the
largest term $m = \max_j g_j$: $\log\sum_j e^{g_j} = m + \log\sum_j e^{g_j - m}$, where the largest
$e^{g_j - m}$ is $e^0 = 1$ and nothing underflows. A class with $g_k = -\infty$ (a vetoed class) gets
$-\infty$, as it should. (`scipy.special.logsumexp` does the same.)
""",
    reference=log_posteriors, model_solution=_log_posterior_solution,
    cases=[dict(log_joint=np.array([[-1.0, -2.0]])),
           dict(log_joint=np.array([[-3.0, -1.0, -2.0], [0.5, 0.5, 0.5]])),
           dict(log_joint=np.array([[-1000.0, -1001.0], [-2000.0, -1990.0]])),
           dict(log_joint=np.array([[-np.inf, -750.0], [-5.0, -np.inf]])),
           dict(log_joint=np.array([[-800.0, -805.0, -745.0]]))],
    slips=[(_log_posterior_shift_only, "Shifting by the largest value is only the first step: subtract the "
                                       "whole log-sum-exp, so that the posteriors of each row sum to 1."),
           (_log_posterior_over_examples, "Normalise across the classes of one example (each row, axis=1), "
                                          "not across the examples.")],
    nan_hint="e^-1000 underflows to 0 and log(0 / 0) is nan: subtract the largest log-joint of each row before "
             "exponentiating, and add it back after the log.",
)

# ---------------------------------------------------------------- section 6

one_feature_gaussians = Derive(
    "two Gaussians of different widths",
    r"""
With equal priors the log-odds is the difference of the two log-densities, each
$-\frac{(x - \mu_k)^2}{2\sigma_k^2} - \frac12\log(2\pi\sigma_k^2)$:

$$g_1(1) - g_0(1) = \Big[-\frac{(1-2)^2}{2 \cdot 4} - \tfrac12\log(2\pi \cdot 4)\Big]
- \Big[-\frac{(1-0)^2}{2 \cdot 1} - \tfrac12\log(2\pi)\Big] = -\tfrac18 + \tfrac12 - \tfrac12\log 4 \approx -0.3181,$$

so $p(C_1 \mid x = 1) = 1/(1 + e^{0.3181}) \approx 0.4211$ (the sigmoid of the log-odds). The point $x = 1$ is closer to $\mu_1 = 2$ in units
of standard deviation (half of one, against one), yet $C_0$ wins: its density is taller, because it is
narrower. That is the $\log\sigma_k$ term; drop it and the answer flips to 0.593.
""",
    truth=lambda: gaussian_posterior([[1.0]], [[0.0], [2.0]], [[[1.0]], [[4.0]]], [0.5, 0.5])[0, 1],
    answer=float(sigmoid(-1 / 8 + 1 / 2 - 0.5 * np.log(4))), what="p(C_1 | x = 1)", example="0.6",
    praise="g_1 - g_0 = -1/8 + 1/2 - log 2 = -0.318, so p(C_1 | x) = 0.421: the narrower class wins.",
    slips=[(lambda: float(sigmoid(-1 / 8 + 1 / 2)),
            "Keep the normalising term -1/2 log(2 pi sigma_k^2): with different variances it does not cancel "
            "(it cancels only when sigma is shared by the classes)."),
           (lambda: float(sigmoid(-1 / 4 + 1 / 2 - 0.5 * np.log(4))),
            "The exponent divides by 2 sigma^2, the variance: 2 x 4 = 8 for C_1, not 2 x 2."),
           (lambda: float(sigmoid(-1 / 8 + 1 / 2 - np.log(4))),
            "The density has sqrt(2 pi sigma^2) below, so its log loses 1/2 log(sigma^2) = log sigma, "
            "not log(sigma^2).")],
    advice="Write log N(x; mu_k, sigma_k^2) = -(x - mu_k)^2 / (2 sigma_k^2) - 1/2 log(2 pi sigma_k^2) for "
           "both classes, subtract, and apply the sigmoid.",
)

# ---------------------------------------------------------------- section 7

temperature_units = Choice(
    "degrees Celsius",
    r"""
**(a)**. The maximum likelihood estimates follow the change of units: in °C each class's temperature
mean is $(\mu_k - 32)/1.8$ and its standard deviation $\sigma_k/1.8$. A Gaussian density at the converted
temperature is then exactly 1.8 times the density in °F,

$$\mathcal{N}\Big(\tfrac{x - 32}{1.8}; \tfrac{\mu_k - 32}{1.8}, \tfrac{\sigma_k^2}{1.8^2}\Big)
= 1.8\,\mathcal{N}(x; \mu_k, \sigma_k^2),$$

for *both* classes, because a density is probability per unit and a degree Celsius is 1.8 degrees
Fahrenheit. So each $g_k$ grows by the same $\log 1.8$, and Bayes' theorem, which divides by the sum over
the classes, cancels it: $p(\text{Yes} \mid \mathbf{x})$ does not change in any digit that matters. A
density on its own has units; its ratio between the classes has none.
""",
    kind="predict",
    options={
        "a": Option(True, "Both classes' temperature densities are multiplied by the same 1.8, so every g_k "
                          "grows by log 1.8 and Bayes' theorem cancels it."),
        "b": Option(False, "The densities do grow by 1.8, but for both classes alike: the likelihood ratio of "
                           "the temperature, the only thing the posterior uses, stays the same."),
        "c": Option(False, "The product is the density of the whole x, and it changes with the units by one "
                           "factor common to all classes, which Bayes' theorem cancels."),
        "d": Option(False, "The estimates are those of the same data in other units: the mean and standard "
                           "deviation convert exactly as the temperatures do, so nothing is re-estimated "
                           "differently."),
    },
)

# ---------------------------------------------------------------- section 8

copied_feature = Choice(
    "a copy of humidity",
    r"""
**(b)**. The model multiplies the copy's factor as if it were new, independent evidence, so the
humidity likelihood ratio $p(\text{Normal} \mid \text{Yes}) / p(\text{Normal} \mid \text{No}) =
(6/9)/(1/5) = 10/3$ enters twice. The posterior odds go from $(8/567)/(6/875) = 2.06$ to
$2.06 \times 10/3 = 6.86$, and $p(\text{Yes} \mid \mathbf{x})$ from 0.673 to 0.873. Nothing was learnt: a
duplicated, or strongly correlated, feature makes Naive Bayes over-confident.
""",
    kind="predict",
    options={
        "a": Option(False, "It would stay put for a model that knew the copy adds no information. Naive "
                           "Bayes assumes the features independent given the class, so it multiplies the "
                           "humidity factor in a second time."),
        "b": Option(True, "The humidity ratio 10/3 counts twice: the odds go from 2.06 to 6.86, p(Yes | x) "
                          "from 0.673 to 0.873, with no new information."),
        "c": Option(False, "More features do not dilute the evidence in Naive Bayes: every factor "
                           "multiplies the odds, and Normal humidity favours Yes, so the copy pushes "
                           "p(Yes | x) up."),
        "d": Option(False, "The posterior would reach 1 only if a factor of No were 0. The copy multiplies "
                           "the odds by 10/3 once more: 0.873, not 1."),
    },
)

still_accurate = Choice(
    "why it still classifies well",
    r"""
**(c)**. A classifier needs only the side of the boundary, the sign of the log-odds, not its size.
Counting correlated evidence twice inflates the log-odds and pushes the probabilities towards 0 and
1, but it rarely changes the decision. If the correct log-odds is $a + b$, with $a$ the evidence of a group of
correlated features that the model counts $k$ times instead of once, the model's log-odds is
$(a + b) + (k - 1)a$: the decision flips only when the extra $(k - 1)a$ points against the correct one and
outweighs it, $|a + b| < (k - 1)|a|$, i.e. where the correct log-odds is small next to the evidence counted
again (Domingos and Pazzani, 1997). So the
accuracy drops a little while the probabilities become badly calibrated: of the test tumours
Gaussian Naive Bayes is 99.9% sure about, about 3% are misclassified.

Zhang (2004) made the same point in general. With the true factors $p(x_j \mid C_k)$, the true odds are
Naive Bayes' odds times a **dependence factor**,
$$\frac{p(C_1 \mid \mathbf{x})}{p(C_0 \mid \mathbf{x})} = \frac{\pi_1 \prod_j p(x_j \mid C_1)}{\pi_0 \prod_j p(x_j \mid C_0)}
\cdot \frac{p(\mathbf{x} \mid C_1) / \prod_j p(x_j \mid C_1)}{p(\mathbf{x} \mid C_0) / \prod_j p(x_j \mid C_0)},$$
the ratio between the classes of how much the dependencies change each class's likelihood. Where the
dependencies are alike in both classes, or those favouring one class offset those favouring the other,
that factor is near 1, or at least does not carry the odds across 1, and Naive Bayes decides as the Bayes
classifier does, however strong the dependencies. That cancelling happens between the classes, in the
decision; it does not make the probabilities right, and the log loss, which scores the probabilities
(their calibration), is what shows how far off they are here.
""",
    options={
        "a": Option(False, "They are not independent: within a class, radius, perimeter and area of the "
                           "cell nuclei are almost perfectly correlated. The assumption is wrong here."),
        "b": Option(False, "Smoothing has nothing to do with it (the features are Gaussian, not counts), "
                           "and no correction of the double counting happens."),
        "c": Option(True, "The decision needs only the sign of the log-odds. Double counting inflates its "
                          "size, which ruins the probabilities, but rarely flips its sign."),
        "d": Option(False, "Within a class the errors add up: radius, perimeter and area put nearly the same "
                           "factor in three times. Its log-odds are about 35 for a typical tumour, against "
                           "logistic regression's 5 or so, and its log loss, which scores the probabilities "
                           "(their calibration), is six times logistic regression's. A cancelling of another "
                           "kind does help: dependencies that are alike in both classes cancel in the ratio "
                           "between the classes, so the decision can still be the Bayes classifier's (Zhang, "
                           "2004). That is about the sign of the log-odds, as in (c), not the probabilities."),
    },
)

# ---------------------------------------------------------------- section 9

few_and_many = Choice(
    "with few examples, and with many",
    r"""
**(c)**. With 10 tumours Naive Bayes' error is about 0.09 and logistic regression's about 0.11; with 426
it is the other way round, about 0.06 against 0.03. Naive Bayes estimates each mean and variance by an
average, and averages settle after a few examples; logistic regression fits 31 weights jointly to the
labels, and 10 examples in 30 dimensions can be separated in many ways that the data cannot tell apart.
With many examples
the assumptions decide. Naive Bayes' assumption is wrong here (radius, perimeter and area are nearly one
measurement, counted three times), and more data cannot fix a wrong assumption: its curve flattens.
Logistic regression assumes only a linear log-odds, and keeps improving. Ng and Jordan (2001) proved
both halves for a generative-discriminative pair, with the discriminative model taken as the linear
classifier of fewest training errors: its limiting error is never above Naive Bayes', and Naive Bayes
approaches its own limit with far fewer examples. (Logistic regression, which tends to the linear
model of least log loss rather than of fewest errors, behaves the same way here.)
""",
    kind="predict",
    options={
        "a": Option(False, "Naive Bayes is ahead with 10 tumours, but its wrong independence assumption "
                           "caps it: with 426, logistic regression's error is about half Naive Bayes'."),
        "b": Option(False, "With 426 tumours yes, but with 10, logistic regression's 31 weights are poorly "
                           "determined, while Naive Bayes' averages have already settled: Naive Bayes is "
                           "lower."),
        "c": Option(True, "Naive Bayes' averages settle fast, so it leads with 10 tumours; its wrong "
                          "assumption sets its floor, and logistic regression ends lower with 426."),
        "d": Option(False, "It is the other way round: the generative model, with its simple averages, "
                           "learns faster, and the discriminative one, with fewer assumptions, ends lower."),
    },
)

#: The exercises in the order the notebook asks them.
EXERCISES = (parameter_count, rainy_day, laplace_table, smoothed_overcast_day, empty_message, log_posterior,
             one_feature_gaussians, temperature_units, copied_feature, still_accurate, few_and_many)
