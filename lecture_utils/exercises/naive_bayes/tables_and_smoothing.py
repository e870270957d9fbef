"""The exercises of notebook 07, sections 1-3: the naive assumption, categorical Naive Bayes on the play-tennis days,
and Laplace smoothing."""

from __future__ import annotations

import numpy as np

from ...datasets import load_play_tennis
from ...naive_bayes import CategoricalNB, laplace_estimate, parameter_counts
from .._core import Count, Derive, Implement


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
    if naive:                                        # 2 D + 1 > examples
        d = examples // 2
        return d + 1 if parameter_counts([2] * d, 2)["naive"] <= examples else d
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
