"""The exercises of notebook 07, sections 4-9: words (Bernoulli and multinomial), log space, numeric features,
correlated features and calibration, Naive Bayes against logistic regression."""

from __future__ import annotations

import numpy as np
from scipy import special

from ..._base import log_posteriors
from ...decision import gaussian_threshold_1d
from ...naive_bayes import MultinomialNB, word_counts
from .._core import Choice, Derive, Implement, Option


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

#: The ten messages of section 4, and the classes' word totals: 26 words in spam, 28 in ham, 32 distinct.
MESSAGES = [("win a free prize now", "spam"), ("free money, click now", "spam"),
            ("claim your prize money today", "spam"), ("cheap offer: win big today", "spam"),
            ("click here to claim a free offer", "spam"),
            ("the meeting moved to monday", "ham"), ("can you send the report today", "ham"),
            ("lunch with the team on monday", "ham"),
            ("the report is ready for the meeting", "ham"), ("see you at lunch", "ham")]


def _odds_factor_of_free(alpha: float = 1.0, per_value: int | None = None) -> float:
    """``theta_spam,free / theta_ham,free`` of the multinomial model fitted on :data:`MESSAGES`; with ``per_value``
    the smoothing's denominator is ``N_k + alpha per_value`` instead of ``N_k + alpha D`` (the slips)."""
    X, vocabulary = word_counts([text for text, _ in MESSAGES])
    labels = np.array([label for _, label in MESSAGES])
    model = MultinomialNB(alpha=alpha).fit(X, labels)
    words = model.feature_count_.sum(axis=1)                               # N_k
    counts = model.feature_count_[:, vocabulary.index("free")]             # N_k,free
    theta = (model.feature_prob_[:, vocabulary.index("free")] if per_value is None
             else (counts + alpha) / (words + alpha * per_value))
    spam, ham = list(model.classes_).index("spam"), list(model.classes_).index("ham")
    return float(theta[spam] / theta[ham])


repeated_word = Derive(
    "one more free",
    r"""
Under the multinomial model the message's log-odds is $\log\frac{\pi_\text{spam}}{\pi_\text{ham}} + \sum_j x_j
\log\frac{\theta_{\text{spam},j}}{\theta_{\text{ham},j}}$: each occurrence of "free" adds the same
$\log(\theta_{\text{spam,free}}/\theta_{\text{ham,free}})$, so it multiplies the odds by that ratio, however many
there are already. "free" occurs 3 times among the 26 words of spam and never among the 28 of ham; with
$\alpha = 1$ and $D = 32$ words,

$$\theta_\text{spam,free} = \frac{3 + 1}{26 + 32} = \frac{4}{58}, \qquad
\theta_\text{ham,free} = \frac{0 + 1}{28 + 32} = \frac{1}{60}, \qquad
\frac{4/58}{1/60} = \frac{240}{58} \approx 4.138 .$$

The Bernoulli model's factor for "free" is the same for one occurrence or three: a second "free" changes
nothing there.
""",
    truth=_odds_factor_of_free, answer=240 / 58, what="the factor", example="2.5", within=(0, np.inf),
    praise="theta_spam,free / theta_ham,free = (4/58) / (1/60) = 240/58 = 4.138: every further 'free' multiplies "
           "the odds of spam by it.",
    slips=[(lambda: 1 / _odds_factor_of_free(), "That is the factor for ham; the question asks by how much the "
                                                "odds of spam grow: theta_spam,free / theta_ham,free."),
           (lambda: _odds_factor_of_free(per_value=2),
            "That smooths each word as a yes/no value (N_k + 2 alpha), as the Bernoulli model does. The multinomial "
            "model shares out the class's words over all D = 32 words of the vocabulary: N_k + alpha D."),
           (lambda: _odds_factor_of_free(per_value=1),
            "Each of the D = 32 words gets alpha imaginary occurrences, so the class's total grows by alpha D, not "
            "alpha: 26 + 32 and 28 + 32."),
           (lambda: (4 / 7) / (1 / 7), "That is the Bernoulli model's ratio p_spam,free / p_ham,free, a share of "
                                       "messages; the multinomial model's theta is a share of the class's words: "
                                       "(3 + 1) / (26 + 32).")],
    advice="Each occurrence of a word multiplies the odds of spam by theta_spam,j / theta_ham,j. Count 'free' in the "
           "26 words of spam and the 28 of ham, and smooth each as (N_kj + 1) / (N_k + 32).",
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
$-\infty$, as it should. (`scipy.special.logsumexp` does the same; the check switches it off, as it is the
exercise in one call.)
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
    forbid=(special.logsumexp, special.log_softmax, special.softmax),    # each is the exercise in one call
)

# ---------------------------------------------------------------- section 6

def _switch_points(log_sigma_weight: float = 0.5, exponent_scale: float = 1.0) -> list:
    """Where p(C_1 | x) = 1/2 for N(0, 1) against N(2, 4) with equal priors, solving
    -x^2 / 2 = -(x - 2)^2 / (2 s) - w log 4, with s = 4 exponent_scale and w = log_sigma_weight (the slips
    change them), from left to right."""
    s, w = 4 * exponent_scale, log_sigma_weight
    # multiply by -2 s: s x^2 = (x - 2)^2 + 2 s w log 4
    roots = np.roots([s - 1, 4, -4 - 2 * s * w * np.log(4)])
    return sorted(float(r) for r in roots.real)


one_feature_gaussians = Derive(
    "two Gaussians of different widths",
    r"""
With equal priors $p(C_1 \mid x) = 1/2$ where the two log-densities are equal, each
$-\frac{(x - \mu_k)^2}{2\sigma_k^2} - \frac12\log(2\pi\sigma_k^2)$:

$$-\frac{x^2}{2} - \tfrac12\log(2\pi) = -\frac{(x - 2)^2}{8} - \tfrac12\log(8\pi)
\iff 4x^2 = (x - 2)^2 + 8\log 2 \iff 3x^2 + 4x - 4 - 8\log 2 = 0,$$

$$x = \frac{-2 \pm \sqrt{16 + 24\log 2}}{3}: \qquad x = -2.571 \quad\text{and}\quad x = 1.238 .$$

Between them the narrow class $C_0$ wins; outside them the wide class $C_1$ wins, on *both* sides: far left
of $\mu_0 = 0$ too, although there $x$ is nearer $\mu_0$, because the wide class's tails are heavier. At
$x = 1$, closer to $\mu_1 = 2$ in units of standard deviation (half of one, against one), $C_0$ still wins,
$p(C_1 \mid x = 1) = 0.421$: its density is taller because it is narrower. That is the $\log\sigma_k$
term; drop it and the points move to $-2$ and $2/3$, and $x = 1$ goes to $C_1$.
""",
    truth=lambda: gaussian_threshold_1d([0.0, 2.0], [1.0, 2.0], [0.5, 0.5]),
    answer=[(-2 - np.sqrt(16 + 24 * np.log(2))) / 3, (-2 + np.sqrt(16 + 24 * np.log(2))) / 3],
    what="the two points [left, right]", example="[-1, 2]", names=("the left point", "the right point"),
    praise="x = (-2 - sqrt(16 + 24 log 2)) / 3 = -2.571 and (-2 + sqrt(16 + 24 log 2)) / 3 = 1.238: the narrow C_0 "
           "in between, the wide C_1 on both sides.",
    slips=[(lambda: _switch_points(log_sigma_weight=0),
            "Keep the normalising term -1/2 log(2 pi sigma_k^2): with different variances it does not cancel "
            "(it cancels only when sigma is shared by the classes)."),
           (lambda: _switch_points(log_sigma_weight=1),
            "The density has sqrt(2 pi sigma^2) below, so its log loses 1/2 log(sigma^2) = log sigma, "
            "not log(sigma^2)."),
           (lambda: _switch_points(exponent_scale=0.5),
            "The exponent divides by 2 sigma^2, the variance: 2 x 4 = 8 for C_1, not 2 x 2."),
           (lambda: _switch_points()[::-1], "Give the two points from left to right: the smaller first.")],
    advice="Set the two log-densities equal, -(x - mu_k)^2 / (2 sigma_k^2) - 1/2 log(2 pi sigma_k^2) for each "
           "class, multiply by -8, and solve the quadratic in x.",
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

recalibrated = Choice(
    "Platt scaling of Naive Bayes",
    r"""
**(b)**. Platt's map $p = \sigma(a s + b)$ is increasing in the score $s$ (here $a \approx 0.09$): it keeps the
order of the tumours and changes only the probability attached to each score. Naive Bayes' log-odds are
far too large (section 8), and the fitted $a$ shrinks them about elevenfold, to a size the held-out tumours
bear out: the log loss falls from 0.490 to 0.125 (logistic regression's is 0.074). The decisions change only
for the tumours whose log-odds lie between 0 and the new threshold $-b/a \approx -4.6$: two of them, one
now right and one now wrong, so the accuracy stays at 0.951. Recalibration repairs the probabilities; it
cannot repair the order of the tumours, on which the accuracy at any threshold and the ROC curve depend.
Isotonic regression does the same job without assuming a sigmoid, and needs more held-out examples to do it.
""",
    kind="predict",
    options={
        "a": Option(False, "The map is increasing, so the order of the tumours stays, but the probabilities "
                           "change: the fitted a is about 0.09, which shrinks Naive Bayes' log-odds about "
                           "elevenfold, and the log loss falls from 0.490 to 0.125."),
        "b": Option(True, "An increasing map keeps the order and moves only the threshold: the log loss falls "
                          "from 0.490 to 0.125, the accuracy stays at 0.951 (two tumours change side, one each "
                          "way)."),
        "c": Option(False, "The map is increasing in the score, so a tumour changes side only if its log-odds "
                           "lie between 0 and -b/a = -4.6 (two, one each way): the accuracy stays at 0.951; "
                           "only the probabilities, and with them the log loss, improve."),
        "d": Option(False, "The model's scores stay, but the probabilities attached to them change, and the log "
                           "loss scores those: it falls from 0.490 to 0.125, while the accuracy stays at 0.951."),
    },
)

# ---------------------------------------------------------------- section 9

few_and_many = Choice(
    "with few examples",
    r"""
**(c)**. With 10 tumours Naive Bayes' error is about 0.09 and logistic regression's about 0.11; with 15 Naive
Bayes is still lower, at 20 the two are level, and from 30 on logistic regression is lower, ending with 426
at about 0.03 against 0.06. Naive Bayes estimates each mean and variance by an average, and averages settle
after a few examples; logistic regression fits 31 weights jointly to the labels, and 10 examples in 30
dimensions can be separated in many ways that the data cannot tell apart: it needs some tens of examples,
of the order of its number of weights, before it overtakes: here it is first lower at 30. In ten more runs
of 60 splits it was first lower at 30 or at 50 every time. With many examples the assumptions decide. Naive Bayes'
assumption is wrong here (radius, perimeter and area are nearly one measurement, counted three times), and
more data cannot fix a wrong assumption: its curve flattens. Logistic regression assumes only a linear
log-odds, and keeps improving. Ng and Jordan (2001) proved both halves for a generative-discriminative pair,
with the discriminative model taken as the linear classifier of fewest training errors: its limiting error
is never above Naive Bayes', and Naive Bayes approaches its own limit with far fewer examples (of the order
of $\log D$ against $D$). (Logistic regression, which tends to the linear model of least log loss rather than
of fewest errors, behaves the same way here.)
""",
    kind="predict",
    options={
        "a": Option(False, "With 10 tumours logistic regression's 31 weights are poorly determined, while Naive "
                           "Bayes' averages have already settled: Naive Bayes is lower (about 0.09 against 0.11)."),
        "b": Option(False, "Naive Bayes stays ahead longer: it is still lower with 15 tumours and level at 20. "
                           "Logistic regression, with 31 weights to fit, is first lower at 30 (at 30 or 50 "
                           "in ten more runs)."),
        "c": Option(True, "Naive Bayes' averages settle fast, so it leads with 10 tumours; logistic regression, "
                          "with 31 weights to fit, needs some tens of examples and is first lower at 30 (at 30 or "
                          "50 in ten more runs)."),
        "d": Option(False, "Logistic regression overtakes far earlier: with 50 tumours it is lower in every run. "
                           "Naive Bayes' averages settle fast, but its wrong independence assumption caps it "
                           "early."),
    },
)

#: The exercises in the order the notebook asks them.
