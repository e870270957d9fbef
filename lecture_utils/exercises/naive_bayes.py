"""The exercises of notebook 07, Naive Bayes, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.naive_bayes` (or
:mod:`lecture_utils.decision` for two Gaussians), fitted on the play-tennis
days where it asks about them; each implement exercise compares the
student's function with the package's.
"""

from __future__ import annotations

import numpy as np
from scipy import special

from ..datasets import load_play_tennis
from .._base import log_posteriors
from ..decision import gaussian_threshold_1d
from ..naive_bayes import CategoricalNB, MultinomialNB, laplace_estimate, parameter_counts, word_counts
from ._core import Choice, Count, Derive, Implement, Option


def _posterior_of_yes(day, alpha: float) -> float:
    """``p(Yes | day)`` of categorical Naive Bayes fitted on the 14 play-tennis days."""
    tennis = load_play_tennis()
    model = CategoricalNB(alpha=alpha).fit(tennis.X, tennis.y)
    return float(model.predict_proba([day])[0, list(model.classes_).index("Yes")])


def _posterior(joint_yes: float, joint_no: float) -> float:
    return joint_yes / (joint_yes + joint_no)


# ---------------------------------------------------------------- section 1

_EXAMPLES = 1_000_000


def _features_beyond(examples: int, per_class_only: bool = False, naive: bool = False) -> int:
    """The smallest number D of yes/no features whose model, for two classes, has more free parameters than
    ``examples``: the full table (or only one class's table, or Naive Bayes')."""
    if naive:                                        # 2 D + 1 > examples (parameter_counts([2] * D, 2)["naive"])
        d = examples // 2
        return d + 1 if 2 * d + 1 <= examples else d
    d = 1
    while (2 ** d - 1 if per_class_only else parameter_counts([2] * d, 2)["joint"]) <= examples:
        d += 1
    return d


parameter_count = Count(
    "when the full table outgrows the data",
    r"""
With $D$ binary features a full table of $p(\mathbf{x} \mid C_k)$ has $2^D$ cells summing to 1: $2^D - 1$ free
numbers per class. Two classes and the prior $p(C_1) = 1 - p(C_0)$ make

$$2\,(2^D - 1) + 1 = 2^{D+1} - 1 .$$

This exceeds $10^6$ when $2^{D+1} > 10^6 + 1$. Since $2^{19} = 524\,288$ and $2^{20} = 1\,048\,576$, that is
$D + 1 = 20$: from **$D = 19$** features on (1 048 575 numbers; at $D = 18$, 524 287). With $D = 19$ the two
class tables have $2 \times 2^{19} = 2^{20} = 1\,048\,576$ cells: a million examples cannot put even one in
each, and real data, far from uniform, leave most of them empty. Naive Bayes at $D = 19$ has $2 \times 19 + 1 = 39$ numbers; its count passes a million only at
$D = 500\,000$. Each extra feature doubles the first count and adds 2 to the second.
""",
    truth=lambda: _features_beyond(_EXAMPLES),
    answer=19, what="the number of features D", example="30",
    praise="2 (2^19 - 1) + 1 = 1 048 575 > 10^6, while D = 18 gives 524 287: nineteen yes/no features outgrow a "
           "million examples. Naive Bayes then has 2 x 19 + 1 = 39 numbers.",
    slips=[(lambda: _features_beyond(_EXAMPLES, per_class_only=True),
            "That counts one class's table only: there are two, and the prior, 2 (2^D - 1) + 1 = 2^(D+1) - 1 "
            "numbers."),
           (lambda: _features_beyond(_EXAMPLES) - 1,
            "At D = 18 the full model has 2 (2^18 - 1) + 1 = 524 287 numbers, still below a million."),
           (lambda: _features_beyond(_EXAMPLES, naive=True),
            "That is when Naive Bayes' count, 2 D + 1, passes a million; the question asks for the full table "
            "of all 2^D combinations.")],
    advice="With D yes/no features each class's table has 2^D cells, and 2^D - 1 free numbers; count both classes "
           "and the prior, and find the smallest D for which that exceeds 1 000 000 (2^20 = 1 048 576).",
)

# ---------------------------------------------------------------- section 2

_NO_OUTLOOK = ["Cool", "High", "Strong"]


def _posterior_without_outlook(alpha: float = 0) -> float:
    """``p(Yes | Cool, High, Strong)``: the outlook summed out, which for Naive Bayes drops its factor, the same as
    fitting the model without the outlook's column."""
    tennis = load_play_tennis()
    model = CategoricalNB(alpha=alpha).fit(tennis.X[:, 1:], tennis.y)
    return float(model.predict_proba([_NO_OUTLOOK])[0, list(model.classes_).index("Yes")])


missing_outlook = Derive(
    "a day whose outlook was not recorded",
    r"""
Sum over the outlook's values $v$: under the naive model

$$p(\text{Cool}, \text{High}, \text{Strong} \mid C_k) = \sum_v p(v \mid C_k)\, p(\text{Cool} \mid C_k)\,
p(\text{High} \mid C_k)\, p(\text{Strong} \mid C_k) = p(\text{Cool} \mid C_k)\, p(\text{High} \mid C_k)\,
p(\text{Strong} \mid C_k),$$

since the outlook's factors of one class sum to 1: a missing feature's factor simply drops out. With
$\pi_\text{Yes} = 9/14$ and $\pi_\text{No} = 5/14$:

$$p(\mathbf{x}, \text{Yes}) = \tfrac{9}{14}\cdot\tfrac{3}{9}\cdot\tfrac{3}{9}\cdot\tfrac{3}{9} = \tfrac{1}{42}
\approx 0.02381, \qquad
p(\mathbf{x}, \text{No}) = \tfrac{5}{14}\cdot\tfrac{1}{5}\cdot\tfrac{4}{5}\cdot\tfrac{3}{5} = \tfrac{6}{175}
\approx 0.03429,$$

$$p(\text{Yes} \mid \mathbf{x}) = \frac{1/42}{1/42 + 6/175} = \frac{25}{61} \approx 0.4098 .$$

Cool favours Yes a little, high humidity and strong wind favour No more: predict No. With the outlook known
the answer would move: 0.2046 for Sunny, 0.3666 for Rain, and 1 for Overcast (the veto of a zero count).
Averaging those three would give 0.524, which is wrong: the sum weighs each outlook by how probable it
is *in each class*, and that weighting is what cancels the outlook's factor. A discriminative model such as
logistic regression has no such shortcut: it needs every input it was trained on.
""",
    truth=lambda: _posterior_without_outlook(alpha=0),
    answer=25 / 61, what="p(Yes | x)", example="0.75", within=(0, 1),
    praise="p(x, Yes) = 1/42 and p(x, No) = 6/175, so p(Yes | x) = 25/61 = 0.4098: the outlook's factor drops "
           "out, and the day leans to No.",
    slips=[(lambda: _posterior((3 / 9) ** 3, 1 / 5 * 4 / 5 * 3 / 5),
            "Multiply by the priors too: p(x, C_k) = p(C_k) prod_j p(x_j | C_k), with p(Yes) = 9/14."),
           (lambda: 1 / 42, "That is p(x, Yes), the numerator; divide by p(x) = p(x, Yes) + p(x, No)."),
           (lambda: 36 / 61, "That is p(No | x); the question asks for p(Yes | x)."),
           (lambda: _posterior_of_yes(["Rain", "Cool", "High", "Strong"], alpha=0),
            "That is the posterior of a rainy day; the outlook is unknown here. Sum over its three values: "
            "the outlook's factors p(v | C_k) of each class sum to 1."),
           (lambda: np.mean([_posterior_of_yes([v, "Cool", "High", "Strong"], alpha=0)
                             for v in ("Sunny", "Overcast", "Rain")]),
            "Averaging the three outlooks' posteriors weighs them equally. Sum the joint probabilities "
            "p(v, Cool, High, Strong, C_k) over v instead: each outlook counts as much as it is probable in "
            "each class, and the outlook's factors, which sum to 1, drop out.")],
    advice="Sum p(v | C_k) p(Cool | C_k) p(High | C_k) p(Strong | C_k) over the outlook's values v: what is left of "
           "the outlook? Then multiply by the priors and normalise the two products.",
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

_SNOWY_DAY = ["Snowy", "Cool", "High", "Strong"]


def _posterior_with_an_unseen_value(alpha: float = 1.0, n_outlooks: int = 4, factor: bool = True) -> float:
    """``p(Yes | Snowy, Cool, High, Strong)`` with the outlook declared to have ``n_outlooks`` values, Snowy among
    them and never seen: its factor is alpha / (N_k + alpha V) (left out when ``factor`` is False); the other
    factors are the package's."""
    tennis = load_play_tennis()
    model = CategoricalNB(alpha=alpha).fit(tennis.X[:, 1:], tennis.y)
    snowy = alpha / (model.class_count_ + alpha * n_outlooks) if factor else 1.0
    joint = model.class_prior_ * snowy * model.feature_factors(_SNOWY_DAY[1:]).prod(axis=1)
    return float(joint[list(model.classes_).index("Yes")] / joint.sum())


unseen_value = Derive(
    "a value that no class has seen",
    r"""
With $\alpha = 1$ each factor is $(N_{kv} + 1)/(N_k + V_j)$: $V = 4$ for the outlook now, 3 for the temperature,
2 for humidity and wind. Snowy has count 0 in both classes. The priors are not smoothed.

$$p(\mathbf{x}, \text{Yes}) = \tfrac{9}{14}\cdot\tfrac{0+1}{9+4}\cdot\tfrac{3+1}{9+3}\cdot\tfrac{3+1}{9+2}
\cdot\tfrac{3+1}{9+2} = \tfrac{24}{11011} \approx 0.0021796,$$

$$p(\mathbf{x}, \text{No}) = \tfrac{5}{14}\cdot\tfrac{0+1}{5+4}\cdot\tfrac{1+1}{5+3}\cdot\tfrac{4+1}{5+2}
\cdot\tfrac{3+1}{5+2} = \tfrac{25}{6174} \approx 0.0040492,$$

$$p(\text{Yes} \mid \mathbf{x}) = \frac{21168}{60493} \approx 0.3499 .$$

A value that no class has seen is no longer a veto, nor an error, but it is not neutral either: its factor
$\alpha/(N_k + \alpha V)$ is $1/13$ for Yes and $1/9$ for No, larger for the class with fewer examples, where
the imaginary examples weigh more. So it counts as evidence for No: the odds of Yes are multiplied by
$9/13$. Without the Snowy factor the posterior would be 0.4374. (scikit-learn's `CategoricalNB` makes
room for values never seen in training with its `min_categories`.)
""",
    truth=lambda: _posterior_with_an_unseen_value(),
    answer=21168 / 60493, what="p(Yes | x)", example="0.75", within=(0, 1),
    praise="24/11011 against 25/6174: p(Yes | x) = 21168/60493 = 0.3499. Snowy's factor, 1/13 against 1/9, "
           "leans to No, the smaller class.",
    slips=[(lambda: _posterior_with_an_unseen_value(factor=False),
            "An unseen value is not left out: with alpha = 1 it gets the factor (0 + 1) / (N_k + 4) in each "
            "class, 1/13 for Yes and 1/9 for No, and those differ."),
           (lambda: _posterior_with_an_unseen_value(n_outlooks=3),
            "Snowy is a fourth value of the outlook, so its denominator is N_k + 4 alpha: 9 + 4 for Yes and "
            "5 + 4 for No."),
           (lambda: _posterior(10 / 16 * 1 / 13 * 4 / 12 * 4 / 11 * 4 / 11, 6 / 16 * 1 / 9 * 2 / 8 * 5 / 7 * 4 / 7),
            "Smooth only the factors p(x_j | C_k); the priors stay N_k / N = 9/14 and 5/14."),
           (lambda: _posterior(9 / 14 * 1 / 10 * 4 / 10 * 4 / 10 * 4 / 10, 5 / 14 * 1 / 6 * 2 / 6 * 5 / 6 * 4 / 6),
            "The denominator grows by alpha V, one imaginary example per value: 9 + 4 for the outlook, not "
            "9 + 1."),
           (lambda: 1 - 21168 / 60493, "That is p(No | x); the question asks for p(Yes | x).")],
    advice="Smooth each factor as (N_kv + 1) / (N_k + V_j), with N_kv = 0 and V = 4 for Snowy, multiply by the "
           "unsmoothed prior, and normalise the two products.",
)

def _add(pseudo: float) -> float:
    """``p(Sunny | Yes)`` smoothed by add-``pseudo``, ``(N_kv + pseudo) / (N_k + pseudo V)``, from the counts of the
    14 play-tennis days: the posterior mean under Dirichlet(pseudo), the MAP estimate under Dirichlet(pseudo + 1)."""
    model = CategoricalNB(alpha=0).fit(load_play_tennis().X, load_play_tennis().y)
    outlook = model.category_count_[0][list(model.classes_).index("Yes")]              # counts of each outlook
    return float(laplace_estimate(outlook, pseudo)[list(model.categories_[0]).index("Sunny")])


dirichlet_readings = Derive(
    "the posterior mean and the MAP estimate",
    r"""
The prior Dirichlet$(3, 3, 3)$ and the counts (Overcast 4, Rain 3, Sunny 2) give the posterior
Dirichlet$(4 + 3, 3 + 3, 2 + 3) = $ Dirichlet$(7, 6, 5)$, whose parameters sum to $18$.

- Its **mean** is each parameter over their sum: $E[\theta_\text{Sunny}] = 5/18 \approx 0.2778$, add-3
  smoothing, $(2 + 3)/(9 + 3 \cdot 3)$.
- Its **mode** (the MAP estimate) maximises $\prod_v \theta_v^{\beta_v - 1}$ on the simplex: by the die's
  derivation with $\beta_v - 1$ in place of the counts, $(\beta_v - 1)/\sum_u(\beta_u - 1) = (5 - 1)/(18 - 3) =
  4/15 \approx 0.2667$, add-2 smoothing.

The prior's three pseudo-counts enter the mean whole, and the mode less one each: add-$\alpha$ smoothing is
the posterior mean under Dirichlet$(\alpha, \dots, \alpha)$ and the MAP estimate under
Dirichlet$(\alpha + 1, \dots, \alpha + 1)$. Both move the maximum likelihood $2/9 = 0.222$ towards $1/3$, the
mean more than the mode.
""",
    truth=lambda: [_add(3), _add(2)],
    answer=[5 / 18, 4 / 15], what="[the posterior mean, the MAP estimate]", example="[0.5, 0.4]",
    names=("the posterior mean", "the MAP estimate"),
    praise="The posterior is Dirichlet(7, 6, 5): its mean 5/18 = 0.2778 is add-3 smoothing, its mode 4/15 = "
           "0.2667 add-2.",
    slips=[(lambda: [_add(2), _add(3)], "Give the posterior mean first, then the MAP estimate; the mean is the "
                                        "larger here, as it keeps all three pseudo-counts."),
           (lambda: [_add(3), _add(3)], "The mean of Dirichlet(7, 6, 5) is 5/18, right; its mode is not its mean: "
                                        "it maximises prod theta_v^(beta_v - 1), which gives (beta_v - 1) / "
                                        "sum (beta_u - 1)."),
           (lambda: [_add(2), _add(2)], "The MAP estimate 4/15 is right; the mean of a Dirichlet(beta) is "
                                        "beta_v / sum beta_u, with the whole pseudo-counts."),
           (lambda: [_add(4), _add(3)], "The posterior adds the prior's parameters alpha = 3 to the counts, not "
                                        "alpha + 1: Dirichlet(7, 6, 5), whose mean is 5/18 and whose mode is 4/15."),
           (lambda: [_add(0), _add(0)], "That is the maximum likelihood estimate 2/9, which ignores the prior; "
                                        "the posterior is Dirichlet(4 + 3, 3 + 3, 2 + 3).")],
    advice="Add the prior's 3 to each count to get the posterior Dirichlet(beta); its mean is beta_v / sum beta_u "
           "and its mode (beta_v - 1) / sum (beta_u - 1).",
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
EXERCISES = (parameter_count, missing_outlook, laplace_table, unseen_value, dirichlet_readings, empty_message,
             repeated_word, log_posterior, one_feature_gaussians, temperature_units, copied_feature, still_accurate,
             recalibrated, few_and_many)
