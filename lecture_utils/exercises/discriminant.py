"""The exercises of notebook 06, Bayes decision theory and discriminant analysis, in the order the notebook
asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.decision` or
:mod:`lecture_utils.discriminant`; each implement exercise compares the
student's function with the package's.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq
from scipy.special import ndtr

from ..decision import bayes_decision, expected_loss, gaussian_threshold_1d
from ..discriminant import parameter_counts, pooled_covariance
from ._core import Choice, Count, Derive, Implement, Option, matches

# The lecture's tables, rows = decision, columns = true class (Arias, UPC topic 2).
_MEDICAL = np.array([[0.0, 50.0], [10.0, 0.0]])
_ABC = np.array([[0.0, 50.0, 25.0], [10.0, 0.0, 500.0], [15.0, 10.0, 0.0]])
_P = np.array([0.6, 0.3, 0.1])

# ---------------------------------------------------------------- section 1


abc_expected_losses = Derive(
    "the expected losses of the a/b/c table",
    r"""
Each decision's expected loss is its **row** of the table times the posteriors:

$$\begin{aligned}
R(\text{a} \mid \mathbf{x}) &= 0 \cdot 0.6 + 50 \cdot 0.3 + 25 \cdot 0.1 = 17.5,\\
R(\text{b} \mid \mathbf{x}) &= 10 \cdot 0.6 + 0 \cdot 0.3 + 500 \cdot 0.1 = 56,\\
R(\text{c} \mid \mathbf{x}) &= 15 \cdot 0.6 + 10 \cdot 0.3 + 0 \cdot 0.1 = 12.
\end{aligned}$$

The Bayes decision is **c**, the cheapest, although **a** is the most probable class: deciding a risks the
costly mistakes of the second and third columns (50 and 25), deciding c only the cheap ones (15 and 10).
""",
    truth=lambda: expected_loss(_ABC, _P),
    answer=[17.5, 56, 12], what="[R(a | x), R(b | x), R(c | x)]", example="[10, 20.5, 3]",
    praise="R = (17.5, 56, 12): the Bayes decision is c, the cheapest, although a is the most probable class.",
    slips=[(lambda: _P @ _ABC, "You multiplied the posteriors by the columns. In the lecture's tables the rows are "
                               "the decisions and the columns the true classes: R(a | x) = sum_j L[a, j] p(C_j | x) "
                               "runs along row a."),
           (lambda: 1 - _P, "That is the expected loss under the 0-1 loss, 1 - p(C_a | x). Here each mistake has "
                            "its own cost: use the table."),
           (lambda: _ABC @ _P / 3, "Do not average: the expected loss is a sum over the true classes, each cost "
                                   "weighted by its posterior.")],
    advice="For each decision (a row of the table), multiply each entry by the posterior of its column's class "
           "and add up.",
    names=("R(a | x)", "R(b | x)", "R(c | x)"),
)


def _decision_reference(L, p):
    return expected_loss(L, p), int(bayes_decision(L, p))


def _decision_solution(L, p):
    risks = L @ p                      # R(a | x) = sum_j L[a, j] p(C_j | x): one row per decision
    return risks, int(np.argmin(risks))


def _decision_columns(L, p):
    risks = p @ L
    return risks, int(np.argmin(risks))


def _decision_argmax_risk(L, p):
    risks = L @ p
    return risks, int(np.argmax(risks))


def _decision_most_probable(L, p):
    return L @ p, int(np.argmax(p))


_DECISION_CASES = [dict(L=_ABC, p=np.array([0.5, 0.3, 0.2])), dict(L=_MEDICAL, p=np.array([0.8, 0.2])),
                   dict(L=_ABC, p=np.array([0.9, 0.05, 0.05])), dict(L=1 - np.eye(3), p=np.array([0.2, 0.5, 0.3])),
                   dict(L=np.array([[0.0, 1.0], [1.0, 0.0], [0.3, 0.3]]), p=np.array([0.55, 0.45])),
                   dict(L=_MEDICAL, p=np.array([1.0, 0.0]))]


def _reversed_pair(case):
    """The note of a hidden case for a pair returned in the other order, (a, R) instead of (R, a): the usual
    report says only that the first result is a number where an array was expected."""
    def note(outcome) -> str:
        value = outcome.value if outcome.returned else None
        if not (isinstance(value, (tuple, list)) and len(value) == 2
                and np.ndim(value[0]) == 0 and np.ndim(value[1]) == 1):
            return ""
        swapped_right = matches((value[1], value[0]), _decision_reference(**case))
        return ("Your two results are in the reverse order: return (R, a), the array of expected losses first, "
                "then the index of the Bayes decision" + (" (swapped back, they are right on this case)."
                                                           if swapped_right else "."))
    return note


bayes_decision_by_code = Implement(
    "the expected losses and the Bayes decision",
    r"""
With the loss matrix laid out as in the lecture, rows the decisions and columns the true classes, the
expected losses of all decisions are one matrix-vector product, $\mathbf{R} = \mathbf{L}\,\mathbf{p}$, and
the Bayes decision is the row with the **smallest** expected loss. The posterior alone does not decide:
with costly mistakes the cheapest decision need not be the most probable class.
""",
    reference=_decision_reference, model_solution=_decision_solution, cases=_DECISION_CASES,
    notes={number: _reversed_pair(case) for number, case in enumerate(_DECISION_CASES, start=1)},
    slips=[(_decision_columns, "Rows are decisions and columns true classes: R(a | x) = sum_j L[a, j] p(C_j | x) "
                               "is L @ p, not p @ L."),
           (_decision_argmax_risk, "The Bayes decision minimises the expected loss: argmin, not argmax."),
           (_decision_most_probable, "The most probable class is the Bayes decision only under the 0-1 loss; "
                                     "here choose the decision of smallest expected loss.")],
)

# ---------------------------------------------------------------- section 3

def _prior_for_threshold(threshold: float) -> float:
    """p(C_1) that puts the Bayes threshold of the medical loss between N(0, 1) and N(2, 1) at ``threshold``."""
    return brentq(lambda p: gaussian_threshold_1d([0, 2], [1, 1], [1 - p, p], _MEDICAL)[0] - threshold,
                  1e-6, 0.5, xtol=1e-15)


def _prior_for_log_ratio(log_ratio: float) -> float:
    """The prior p(C_1) = 1 / (1 + r) of prior odds p(C_0) / p(C_1) = r = e^log_ratio."""
    return 1 / (1 + np.exp(log_ratio))


asymmetric_threshold = Derive(
    "how rare a disease moves the threshold to 1.5",
    r"""
Decide sick where the expected loss of "sick" is smaller:
$10\,p(C_0 \mid x) < 50\,p(C_1 \mid x)$, i.e. $10\,\pi_0\,\mathcal{N}(x; 0, 1) < 50\,\pi_1\,\mathcal{N}(x; 2, 1)$.
Take logs; the $-x^2/2$ terms cancel and

$$x > x^* = 1 + \tfrac12\ln\frac{10\,\pi_0}{50\,\pi_1} = 1 + \tfrac12\ln\frac{\pi_0}{5\,\pi_1}.$$

For $x^* = 1.5$: $\ln\frac{\pi_0}{5\pi_1} = 1$, so $\pi_0 / \pi_1 = 5e = 13.59$ and

$$p(C_1) = \pi_1 = \frac{1}{1 + 5e} = 0.0685 .$$

A rare disease moves the threshold up, towards the sick class's mean: here its prior odds pull by
$\frac12\ln 13.59 = 1.305$, and the costly miss pulls back down by $\frac12\ln 5 = 0.805$. The two cancel at
$\pi_0/\pi_1 = 5$, $p(C_1) = 1/6$: there the threshold is the midpoint 1, where the two densities are equal, so
the posterior equals the prior, and section 1's rule "decide sick above $p(C_1 \mid x) = 1/6$" puts the
boundary there.
""",
    truth=lambda: _prior_for_threshold(1.5),
    answer=1 / (1 + 5 * np.e), what="the prior p(C_1)", example="0.25", within=(0, 1),
    praise="p(C_1) = 1/(1 + 5e) = 0.0685: prior odds of 13.6 to 1 pull the threshold up by 1.305, the cost of a "
           "miss pulls it down by 0.805.",
    slips=[(lambda: _prior_for_log_ratio(np.log(5) + 0.5),
            "Almost: the linear term is (mu_1 - mu_0) x / sigma^2 = 2x, so x* = 1 + (1/2) ln(10 p(C_0) / (50 "
            "p(C_1))), and x* = 1.5 needs the logarithm to be 1, not 1/2."),
           (lambda: _prior_for_log_ratio(1.0),
            "That puts the threshold at 1.5 under the 0-1 loss, where only the priors count. Here a miss costs 50 "
            "and a false alarm 10: compare 10 p(C_0) N(x; 0, 1) with 50 p(C_1) N(x; 2, 1)."),
           (lambda: _prior_for_log_ratio(1.0 - np.log(5)),
            "The costs are the other way round: a false alarm costs 10 and a miss 50, so the costly miss pulls "
            "the threshold down, and the disease must be all the rarer to push it up to 1.5."),
           (lambda: 1 - _prior_for_log_ratio(np.log(5) + 1.0),
            "That is p(C_0), the prior of the healthy class; the question asks for p(C_1), and a rare disease "
            "has a small prior."),
           (lambda: 1 / (5 * np.e),
            "That is the prior odds p(C_1) / p(C_0) = 1/(5e); the prior itself is p(C_1) = 1/(1 + 5e)."),
           (lambda: 1 / 6,
            "At p(C_1) = 1/6 the rarity and the cost cancel and the threshold is back at the midpoint 1; the "
            "disease must be rarer still to move it on to 1.5.")],
    advice="Compare the expected losses 10 p(C_0 | x) and 50 p(C_1 | x); with Bayes' theorem they become "
           "10 p(C_0) N(x; 0, 1) and 50 p(C_1) N(x; 2, 1). Take logs, set x = 1.5, and solve for p(C_1) = "
           "1 - p(C_0).",
)

# ---------------------------------------------------------------- section 5

_RATES = (1.0, 5.0)                       # exponential waiting times: C_0 at rate 1, C_1 at rate 5


def _exponential_threshold(rates=_RATES, priors=(0.5, 0.5)) -> float:
    """Where ``p(C_1 | x) = 1/2`` for two exponential classes, found by a root finder on their log-odds
    ``log(pi_1 lambda_1 e^{-lambda_1 x}) - log(pi_0 lambda_0 e^{-lambda_0 x})``."""
    (l0, l1), (p0, p1) = rates, priors
    return brentq(lambda x: np.log(p1 * l1) - l1 * x - np.log(p0 * l0) + l0 * x, 0.0, 50.0, xtol=1e-14)


exponential_threshold = Derive(
    "the Bayes threshold of two exponential classes",
    r"""
The log-odds of two exponential classes is linear in $x$, as every exponential family's is:

$$\ln\frac{p(C_1 \mid x)}{p(C_0 \mid x)} = \ln\frac{\lambda_1 e^{-\lambda_1 x}}{\lambda_0 e^{-\lambda_0 x}}
= \ln\frac{\lambda_1}{\lambda_0} - (\lambda_1 - \lambda_0)\,x = \ln 5 - 4x,$$

which is 0 at $x^* = \ln 5 / 4 \approx 0.4024$: decide $C_1$, the quick class, below it. LDA fits Gaussians
with one shared variance instead; with equal priors its threshold tends to the midpoint of the class
means, $(1 + 1/5)/2 = 0.6$, however many examples it sees, while logistic regression, which fits
$\sigma(wx + b)$ directly, tends to $x^*$.
""",
    truth=_exponential_threshold, answer=np.log(5) / 4, what="the threshold x*", example="1.5",
    praise="ln(5 e^{-5x}) = ln(e^{-x}) at x* = ln 5 / 4 = 0.4024: below it the quick class C_1.",
    slips=[(lambda: (1 + 1 / 5) / 2,
            "That is the midpoint of the means 1 and 1/5, LDA's threshold for Gaussians of one variance. Set the "
            "two exponential densities equal: 5 e^{-5x} = e^{-x}."),
           (lambda: 4 / np.log(5), "Solve ln 5 - 4x = 0 for x: x = ln 5 / 4, not 4 / ln 5."),
           (lambda: np.log10(5) / 4, "Use the natural logarithm: the densities hold e^{-lambda x}."),
           (lambda: np.log(5) / 6, "The exponents subtract: -5x - (-x) = -4x, so x* = ln 5 / 4."),
           (lambda: np.log(5) / 5, "Both classes' exponents count: ln 5 - 5x + x = 0 gives x = ln 5 / 4.")],
    advice="With equal priors p(C_1 | x) = 1/2 where the densities are equal: 5 e^{-5x} = 1 e^{-x}. Take logarithms "
           "and solve for x.",
)

# One feature: C_0 is N(0, 1); C_1 is N(2, 1), but a share of its examples come from N(30, 1) instead.
_OUTLIERS = dict(means=(0.0, 2.0), far=30.0, share=0.05)


def _outlier_lda_threshold(means=_OUTLIERS["means"], far=_OUTLIERS["far"], share=_OUTLIERS["share"]) -> float:
    """LDA's threshold -b/w as N grows, from the population moments of the two classes (unit variances, equal
    class sizes): the class means, the pooled variance, and the log of the priors' ratio, which is 0."""
    mu_0 = means[0]
    mu_1 = (1 - share) * means[1] + share * far
    var_1 = (1 - share) * (1 + means[1] ** 2) + share * (1 + far ** 2) - mu_1 ** 2
    pooled = (1 + var_1) / 2
    w = (mu_1 - mu_0) / pooled
    b = -(mu_1 ** 2 - mu_0 ** 2) / (2 * pooled) + np.log(0.5 / 0.5)
    return round(-b / w, 12)                    # 1.7, not 1.6999999999999997 (which cuts to 1.69)


def _outlier_error(threshold, means=_OUTLIERS["means"], far=_OUTLIERS["far"], share=_OUTLIERS["share"]) -> float:
    """The error rate of 'decide C_1 above the threshold' on those classes, equal priors: class 0's examples above
    it, class 1's below it, its far share included."""
    missed_1 = (1 - share) * ndtr(threshold - means[1]) + share * ndtr(threshold - far)
    return float(0.5 * ndtr(means[0] - threshold) + 0.5 * missed_1)


_NEAR_ONE = ("That is the error rate of a threshold near 1 (the clean midpoint 1, or the Bayes threshold 1.026): "
             "LDA's threshold goes to the midpoint of the means it estimates, the far examples included.")

outlier_error_rate = Derive(
    "LDA's error rate with far outliers",
    r"""
**$0.204$.** With equal priors LDA's threshold is the midpoint of its two class means, whatever its pooled
variance $s^2$: $w = (\hat\mu_1 - \hat\mu_0)/s^2$ and $b = -(\hat\mu_1^2 - \hat\mu_0^2)/(2s^2)$, so
$-b/w = (\hat\mu_0 + \hat\mu_1)/2$; the variance scales $w$ and $b$ alike. As $N$ grows the means tend to
those of the classes: $\hat\mu_0 \to 0$ and, since 5% of class 1 come from $\mathcal{N}(30, 1)$ instead of
$\mathcal{N}(2, 1)$,

$$\hat\mu_1 \to 0.95 \cdot 2 + 0.05 \cdot 30 = 3.4, \qquad x^* = \frac{0 + 3.4}{2} = 1.7 .$$

The rule "decide $C_1$ above 1.7" errs on class 0's examples above 1.7 and on class 1's below it; the far ones,
29 standard deviations up, never:

$$\tfrac12\big(1 - \Phi(1.7)\big) + \tfrac12\big(0.95\,\Phi(1.7 - 2) + 0.05\,\Phi(1.7 - 30)\big)
= \tfrac12 \cdot 0.0446 + \tfrac12 \cdot 0.3630 = 0.204 .$$

The Bayes threshold is $1 - \frac12\ln 0.95 = 1.026$, with the error rate $0.155$: the outliers, which a sensible
classifier never gets wrong, move LDA's threshold 0.67 into class 1 and cost it 0.05 in error, and no number of
examples gives that back.
""",
    truth=lambda: _outlier_error(_outlier_lda_threshold()), answer=0.203774805839519, what="LDA's limiting error rate",
    example="0.25", within=(0.0, 1.0),
    praise="LDA's threshold tends to (0 + 0.95 * 2 + 0.05 * 30) / 2 = 1.7, and its error rate to "
           "(1 - Phi(1.7)) / 2 + 0.95 Phi(-0.3) / 2 = 0.204, against the Bayes error 0.155.",
    slips=[(lambda: _outlier_error(1.0), _NEAR_ONE),
           (lambda: _outlier_error(1 - np.log(0.95) / 2), _NEAR_ONE),
           (lambda: 1.7, "1.7 is where LDA's threshold goes; the question asks for the error rate of the rule "
                         "'decide C_1 above 1.7' on these classes."),
           (lambda: _outlier_error(1.7, share=0.0),
            "Only 95% of class 1 sit around 2; the far 5%, at 30, are never below 1.7: class 1's miss rate is "
            "0.95 Phi(-0.3)."),
           (lambda: _outlier_error((2 + 0.05 * 30) / 2),
            "The far examples replace 5% of class 1, they are not added to it: class 1's mean is 0.95 * 2 + "
            "0.05 * 30, and LDA's threshold 1.7."),
           (lambda: 2 * _outlier_error(1.7), "Each class is half of the examples: weigh each miss rate by 1/2."),
           (lambda: _outlier_error(3.4), "3.4 is class 1's mean; with equal priors LDA's threshold is the midpoint "
                                         "of the two means.")],
    advice="First find where LDA's threshold goes: with equal priors, the midpoint of the two class means it "
           "estimates, class 1's including its far 5%. Then the rule's error rate: half of class 0's mass above the "
           "threshold plus half of class 1's below it (stats.norm.cdf gives Phi).",
)

prior_moves_boundary = Choice(
    "what a larger prior does to LDA's boundary",
    r"""
**(b)**. With a shared covariance the log-odds are $\ell(\mathbf{x}) = \mathbf{w}^T\mathbf{x} + b$, where the
normal $\mathbf{w} = \boldsymbol\Sigma^{-1}(\boldsymbol\mu_1 - \boldsymbol\mu_0)$ holds no prior and
$b = -\frac12\boldsymbol\mu_1^T\boldsymbol\Sigma^{-1}\boldsymbol\mu_1 + \frac12\boldsymbol\mu_0^T\boldsymbol\Sigma^{-1}\boldsymbol\mu_0
+ \ln\frac{\pi_1}{\pi_0}$. The priors appear only in $b$: raising $\pi_1$ from 0.5 to 0.9 adds
$\ln 9 = 2.2$ to $b$, so the line $\ell(\mathbf{x}) = 0$ keeps its normal $\mathbf{w}$ (no rotation) and moves
by $2.2/\|\mathbf{w}\|$ against $\mathbf{w}$, that is towards $\boldsymbol\mu_0$: class 1's region grows.
""",
    kind="predict",
    options={
        "a": Option(False, "The direction of the boundary is set by w = Sigma^-1 (mu_1 - mu_0), which holds no "
                           "prior: the boundary cannot rotate. The priors only enter the bias b."),
        "b": Option(True, "The priors only enter b, by ln(pi_1/pi_0): the boundary keeps its normal and slides "
                          "towards mu_0, so that class 1, now more probable, claims more of the plane."),
        "c": Option(False, "A more probable class 1 should win more points, so its region grows: the boundary "
                           "moves away from mu_1, towards mu_0."),
        "d": Option(False, "The priors enter the posterior through Bayes' theorem, p(C_k | x) proportional to "
                           "p(x | C_k) pi_k, and so the log-odds' bias b, by ln(pi_1/pi_0) = ln 9."),
    },
)

feature_units = Choice(
    "a change of units",
    r"""
**(b)**. The nearest-mean classifier adds up squared differences $\sum_j (x_j - \mu_{kj})^2$ in whatever units
the features have: the sepal width in millimetres weighs $10^2 = 100$ times more than in centimetres, and
the nearest mean changes for many flowers. The diagonal model divides each difference by that feature's
standard deviation $\sigma_j$, which is ten times larger too, so its weighted distance
$\sum_j (x_j - \mu_{kj})^2 / \sigma_j^2$ is unchanged. LDA's Mahalanobis distance is unchanged by any
invertible linear map $\mathbf{x} \mapsto \mathbf{A}\mathbf{x}$: the means become $\mathbf{A}\boldsymbol\mu_k$, the
covariance $\mathbf{A}\boldsymbol\Sigma\mathbf{A}^T$, and
$(\mathbf{A}\mathbf{x} - \mathbf{A}\boldsymbol\mu_k)^T(\mathbf{A}\boldsymbol\Sigma\mathbf{A}^T)^{-1}(\mathbf{A}\mathbf{x} - \mathbf{A}\boldsymbol\mu_k)
= (\mathbf{x} - \boldsymbol\mu_k)^T\boldsymbol\Sigma^{-1}(\mathbf{x} - \boldsymbol\mu_k)$.
""",
    kind="predict",
    options={
        "a": Option(False, "The nearest-mean classifier does learn its means in the new units, but its Euclidean "
                           "distance adds the squared differences of all features as they are: a feature ten "
                           "times larger weighs a hundred times more."),
        "b": Option(True, "Only the Euclidean distance depends on the units; the diagonal model divides each "
                          "feature by its own standard deviation, and LDA's Mahalanobis distance is unchanged by "
                          "any invertible linear change of the inputs."),
        "c": Option(False, "The diagonal model's weighted distance divides (x_j - mu_kj)^2 by sigma_j^2, and "
                           "sigma_j is ten times larger in millimetres too: the weights absorb the units."),
        "d": Option(False, "LDA's Mahalanobis distance uses the covariance estimated in the same units: "
                           "(Ax - A mu)^T (A Sigma A^T)^-1 (Ax - A mu) = (x - mu)^T Sigma^-1 (x - mu) for any "
                           "invertible A, a change of units included."),
    },
)

# ---------------------------------------------------------------- section 7


def _class_covariances(X, t):
    """The unbiased covariance Sigma_k and the size N_k of each class, in the order of ``np.unique(t)``."""
    classes = np.unique(t)
    covariances = np.array([np.cov(X[t == k].T, ddof=1).reshape(X.shape[1], X.shape[1]) for k in classes])
    return covariances, np.array([np.sum(t == k) for k in classes])


def _pooled_reference(X, t):
    return pooled_covariance(*_class_covariances(X, t))


def _pooled_solution(X, t):
    classes = np.unique(t)
    scatter = np.zeros((X.shape[1], X.shape[1]))
    for k in classes:
        centred = X[t == k] - X[t == k].mean(axis=0)       # x - mu_k
        scatter += centred.T @ centred                     # sum over class k of (x - mu_k)(x - mu_k)^T
    return scatter / (len(t) - len(classes))               # = sum_k (N_k - 1) Sigma_k / (N - K)


def _pooled_divided_by(X, t, denominator):
    """The summed within-class scatter divided by ``denominator`` instead of N - K."""
    return _pooled_solution(X, t) * (len(t) - len(np.unique(t))) / denominator


def _pooled_by_n(X, t):
    return _pooled_divided_by(X, t, len(t))


def _pooled_by_n_minus_one(X, t):
    return _pooled_divided_by(X, t, len(t) - 1)


def _pooled_by_n_minus_first_class(X, t):
    return _pooled_divided_by(X, t, len(t) - np.sum(t == np.unique(t)[0]))


def _pooled_plain_mean(X, t):
    covariances, _ = _class_covariances(X, t)
    return covariances.mean(axis=0)


def _pooled_weighted_by_N_k(X, t):
    covariances, sizes = _class_covariances(X, t)
    return np.tensordot(sizes, covariances, axes=1) / (len(t) - len(sizes))


def _pooled_ignoring_classes(X, t):
    return np.cov(X.T, ddof=1).reshape(X.shape[1], X.shape[1])


_RNG = np.random.default_rng(6)

pooled_covariance_by_code = Implement(
    "the pooled covariance",
    r"""
Add up the scatter of every class about **its own** mean, then divide by the degrees of freedom left:
$N$ examples less one for each of the $K$ estimated means,

$$\hat{\boldsymbol\Sigma} = \frac{1}{N - K}\sum_{k=1}^K \sum_{\mathbf{x} \in C_k} (\mathbf{x} - \hat{\boldsymbol\mu}_k)(\mathbf{x} - \hat{\boldsymbol\mu}_k)^T
= \frac{1}{N-K}\sum_{k=1}^K (N_k - 1)\,\hat{\boldsymbol\Sigma}_k .$$

Each class covariance is weighted by its $N_k - 1$, so a large class counts more than a small one; and the
total covariance of all the data (ignoring the classes) would add the spread *between* the class means.
""",
    reference=_pooled_reference, model_solution=_pooled_solution,
    cases=[dict(X=_RNG.normal(size=(12, 2)), t=np.repeat([0, 1, 2], [3, 4, 5])),
           dict(X=_RNG.normal(size=(9, 3)) + np.repeat([[0, 0, 0], [5, 5, 5]], [6, 3], axis=0),
                t=np.repeat([0, 1], [6, 3])),
           dict(X=_RNG.normal(size=(6, 1)), t=np.array(["b", "a", "b", "a", "b", "a"])),
           dict(X=np.array([[0.0, 0.0], [2.0, 0.0], [10.0, 1.0], [10.0, 3.0]]), t=np.array([1, 1, 2, 2]))],
    slips=[(_pooled_by_n, "You divided by N: that is the pooled maximum likelihood estimate (and scikit-learn's "
                          "covariance_). The unbiased pooled covariance divides by N - K."),
           (_pooled_by_n_minus_one, "You divided by N - 1, as for one class with one mean; here K means are "
                                    "estimated, one per class, and each takes one degree of freedom: divide by "
                                    "N - K."),
           (_pooled_by_n_minus_first_class, "The denominator is N - K (examples less one per estimated mean), "
                                            "not N - N_k as the lecture's slide prints it."),
           (_pooled_plain_mean, "A plain mean of the class covariances gives a class of 3 examples as much weight "
                                "as one of 300: weight each Sigma_k by its N_k - 1."),
           (_pooled_weighted_by_N_k, "Weight each Sigma_k by N_k - 1, not N_k: (N_k - 1) Sigma_k is the scatter of "
                                     "class k about its own mean, sum over x in C_k of (x - mu_k)(x - mu_k)^T, and "
                                     "those scatters add up to (N - K) times the pooled covariance."),
           (_pooled_ignoring_classes, "That is the covariance of all the data, which also holds the spread between "
                                      "the class means. Centre each class on its own mean.")],
)

# ---------------------------------------------------------------- section 8

count_parameters = Count(
    "count the parameters of LDA and QDA",
    r"""
Both models estimate $K - 1 = 2$ free priors (they sum to 1) and $K D = 12$ mean entries. A symmetric
$D \times D$ covariance has $D(D+1)/2 = 10$ free entries: LDA estimates one, QDA one per class.

$$\text{LDA: } 2 + 12 + 10 = 24, \qquad \text{QDA: } 2 + 12 + 3 \cdot 10 = 44.$$

For $D = 100$ features the gap is $2 \cdot 5050 = 10\,100$ numbers: QDA's covariances dominate everything.
""",
    truth=lambda: [parameter_counts(4, 3)["LDA"], parameter_counts(4, 3)["QDA"]],
    answer=[24, 44], what="[LDA, QDA]", example="[20, 40]", names=("LDA", "QDA"),
    praise="LDA 2 + 12 + 10 = 24 numbers, QDA 2 + 12 + 3 * 10 = 44: QDA's K covariances dominate as D grows.",
    slips=[(lambda: [30, 62], "A covariance matrix is symmetric: only D(D + 1)/2 = 10 of its 16 entries are free."),
           (lambda: [25, 45], "The priors sum to 1, so only K - 1 = 2 of them are free."),
           (lambda: [22, 42], "Don't forget the priors: K - 1 = 2 free numbers."),
           (lambda: [parameter_counts(4, 3, of="boundary")["LDA"], parameter_counts(4, 3, of="boundary")["QDA"]],
            "Those are the parameters of the boundaries (the log-odds against a reference class); count the "
            "generative model's: priors, means and covariances.")],
    advice="Count the free priors (they sum to 1), the mean entries (K D), and the free entries of each "
           "symmetric D x D covariance, D(D + 1)/2.",
)

qda_overfits = Choice(
    "why QDA loses with few examples per class",
    r"""
**(b)**. With $N_k = 10$ examples the class covariance has rank at most $N_k - 1 = 9$, just above $D = 8$, and
its $36$ free entries come from 10 points. Its smallest eigenvalues are then far too small (the sample
hardly spreads in some directions by chance), and $\boldsymbol\Sigma_k^{-1}$ is huge along them: a new point
that strays a little in such a direction gets a large Mahalanobis distance and is assigned elsewhere. LDA's
pooled covariance uses all $N - K$ degrees of freedom, a less variable estimate: biased (the true
covariances differ), but the variance it saves is worth more here. RDA trades between the two.
""",
    options={
        "a": Option(False, "The Bayes classifier of Gaussian classes with different covariances is quadratic: the "
                           "form is right. What goes wrong is the estimation of its parameters."),
        "b": Option(True, "36 covariance entries from 10 points per class: the smallest eigenvalues are badly "
                          "underestimated, Mahalanobis distances explode along them, QDA overfits. LDA's pooled "
                          "estimate varies far less."),
        "c": Option(False, "The 1/(N_k - 1) versus 1/N_k factor rescales a covariance by 10/9: it shifts the "
                           "boundary a little, but does not explain a large loss of accuracy."),
        "d": Option(False, "Both models use the same class means, mu_k estimated from the N_k examples of "
                           "class k. They differ only in the covariances."),
    },
)

# ---------------------------------------------------------------- section 9

rda_corner = Choice(
    "which classifier is RDA(0, 1)?",
    r"""
**(c)**. With $\alpha = 0$ every class takes the pooled $\hat{\boldsymbol\Sigma}$; with $\gamma = 1$ it is
replaced by $\hat\sigma^2\mathbf{I}$ with $\hat\sigma^2 = \operatorname{tr}(\hat{\boldsymbol\Sigma})/D$, the
same for all classes. Then $g_k(\mathbf{x}) = \ln\pi_k - \|\mathbf{x} - \boldsymbol\mu_k\|^2/(2\hat\sigma^2) +
\text{const}$: the nearest class mean in Euclidean distance, each distance corrected by its class's prior
(with equal priors, plainly the nearest mean).
""",
    kind="predict",
    options={
        "a": Option(False, "QDA is the corner alpha = 1, gamma = 0, where each class keeps its own Sigma_k."),
        "b": Option(False, "LDA is alpha = 0, gamma = 0. With gamma = 1 the pooled Sigma is replaced by a multiple "
                           "of the identity: the correlations and unequal variances are gone."),
        "c": Option(True, "All classes share sigma^2 I with sigma^2 = tr(Sigma)/D: the discriminant is "
                          "ln pi_k - ||x - mu_k||^2 / (2 sigma^2), the nearest mean (corrected by the priors)."),
        "d": Option(False, "Gaussian Naive Bayes has a diagonal covariance per class, with each feature's own "
                           "variance; RDA(0, 1) has one variance for all features and all classes."),
    },
)

# ---------------------------------------------------------------- section 11

two_coordinates = Choice(
    "two discriminant coordinates of iris",
    r"""
**(a)**. In the whitened space the three class means lie in a plane (any three points do), so the
between-class covariance $\mathbf{B}^*$ has rank 2, and two coordinates hold every difference between the
means. Along the other two directions every class mean projects to the same point, so the squared
distances $\|\mathbf{u} - \mathbf{m}_k\|^2$ differ between the classes only in the plane: the same nearest mean, the
same posteriors (to $10^{-15}$), the same 150 predictions. In general $M = \min(K - 1, D)$ coordinates are
all of LDA; fewer are a constraint: here the first coordinate alone, with 99.1 % of the between-class
variance, changes 3 of the 150 predictions, and gets 148 right against LDA's 147.
""",
    kind="predict",
    options={
        "a": Option(True, "Three class means span a plane: the two coordinates hold all their differences, and the "
                          "other two directions add the same to every class's distance. Not one prediction "
                          "changes."),
        "b": Option(False, "The two dropped directions carry no difference between the class means (three means "
                           "span a plane), so they add the same amount to every class's distance: no prediction "
                           "changes."),
        "c": Option(False, "Half the directions are dropped, but none of the differences between the means: three "
                           "means lie in a plane, the two coordinates span it, and the dropped directions are the "
                           "same for every class. All 150 predictions stay."),
        "d": Option(False, "The coordinates are computed after whitening by the pooled covariance, so they do not "
                           "depend on the units; and with three classes, two of them are all of LDA."),
    },
)

#: The exercises in the order the notebook asks them.
EXERCISES = (abc_expected_losses, bayes_decision_by_code, asymmetric_threshold, exponential_threshold,
             outlier_error_rate, prior_moves_boundary, feature_units, pooled_covariance_by_code, count_parameters,
             qda_overfits, rda_corner, two_coordinates)
