"""The exercises of notebook 01, the perceptron, in the order the notebook asks them.

Each is checked against the package (:mod:`lecture_utils.perceptron`,
:mod:`lecture_utils.losses`), independently of the hand solution it stores.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np

from ..losses import logistic_loss_bits
from ..perceptron import Perceptron, min_margin, mistake_bound, perceptron_trace, radius
from ._core import Choice, Count, Derive, Implement, Option, matches

# ---------------------------------------------------------------- section 2

signed_distance = Derive(
    "a signed distance by hand",
    r"""
The score is $y(\mathbf{x}) = 3 \cdot 1 - 4 \cdot 2 + 2 = -3$ and $\|\mathbf{w}\| = \sqrt{3^2 + 4^2} = 5$, so

$$r = \frac{y(\mathbf{x})}{\|\mathbf{w}\|} = -\frac{3}{5} = -0.6.$$

The minus sign says that $\mathbf{x}$ lies on the side that $\mathbf{w}$ points *away* from.
""",
    truth=lambda: (np.array([1.0, 2.0]) @ [3.0, -4.0] + 2.0) / np.hypot(3.0, -4.0),
    answer=-0.6, what="the distance r", example="-1.25",
    praise="r = y(x) / ||w|| = -3 / 5: x lies on the side w points away from.",
    slips=[(lambda: 0.6, "Check the sign: r is positive on the side w points to, where y(x) > 0; "
                         "here y(x) < 0."),
           (lambda: -3.0, "That is y(x) itself; divide it by the length ||w|| to get a distance."),
           (lambda: -3.0 / 7.0, "||w|| is sqrt(3^2 + 4^2) = 5, not |3| + |-4| = 7.")],
    advice="Compute y(x) = x^T w + b first, then divide by ||w|| = sqrt(w_1^2 + w_2^2).",
)

# ---------------------------------------------------------------- section 3

one_update = Derive(
    "one update by hand",
    r"""
With the constant input, $\tilde{\mathbf{x}} = (2, 1, 1)$ and
$t\,\tilde{\mathbf{x}}^T\mathbf{w} = -(2 - 1 + 0.5) = -1.5 \le 0$: a mistake. So

$$\mathbf{w} \leftarrow \mathbf{w} + t\,\tilde{\mathbf{x}} = (1, -1, 0.5) - (2, 1, 1) = (-1, -2, -0.5).$$
""",
    truth=lambda: np.array([1.0, -1.0, 0.5]) - np.array([2.0, 1.0, 1.0]),
    answer=[-1, -2, -0.5], what="the weights (w_1, w_2, b)", example="[0.5, 1, -2]",
    praise="t x^T w = -1.5 <= 0, a mistake, so w <- w + t x with x = (2, 1, 1).",
    slips=[(lambda: [-1.0, -2.0, 0.5], "Don't forget the bias: its input is the constant 1, so b "
                                       "changes by t too."),
           (lambda: [3.0, 0.0, 1.5], "Check the sign: the update adds t x, and t = -1 here, so it "
                                     "subtracts x."),
           (lambda: [1.0, -1.0, 0.5], "The example is misclassified (t x^T w = -1.5 <= 0), so the "
                                      "weights do change.")],
    advice="Append the constant input 1 to x, test whether t x^T w <= 0, and if so add t x to w.",
    names=("w_1", "w_2", "b"),
)


def _perceptron_fit(X, t, max_epochs):
    """The package's perceptron on inputs that already hold the bias column."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                       # a capped run is a case, not a mistake
        return Perceptron(max_epochs=max_epochs, fit_intercept=False).fit(X, t).coef_


def _perceptron_solution(X, t, max_epochs):
    w = np.zeros(X.shape[1])
    for epoch in range(max_epochs):
        mistakes = 0
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:          # misclassified, or on the boundary
                w = w + t_i * x_i
                mistakes += 1
        if mistakes == 0:                     # a whole pass without a mistake
            break
    return w


def _strict_inequality(X, t, max_epochs):
    w = np.zeros(X.shape[1])
    for _ in range(max_epochs):
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) < 0:
                w = w + t_i * x_i
    return w


def _wrong_sign(X, t, max_epochs):
    w = np.zeros(X.shape[1])
    for _ in range(max_epochs):
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:
                w = w - t_i * x_i
    return w


def _sign_at_zero_is_minus(X, t, max_epochs):
    w = np.zeros(X.shape[1])
    for _ in range(max_epochs):
        mistakes = 0
        for x_i, t_i in zip(X, t):
            if (1 if x_i @ w > 0 else -1) != t_i:   # sgn(0) = -1: a t = -1 example on the boundary passes
                w = w + t_i * x_i
                mistakes += 1
        if mistakes == 0:
            break
    return w


def _one_epoch(X, t, max_epochs):
    return _perceptron_solution(X, t, 1)


_XOR = np.array([[0.0, 0.0, 1.0], [1.0, 1.0, 1.0], [0.0, 1.0, 1.0], [1.0, 0.0, 1.0]])

#: Not separable (targets +1, -1, +1 along a line) and with an irrational input, so its weights never repeat:
#: every number of passes ends at other weights, and only exactly ``max_epochs`` passes give the expected ones.
_EVERY_PASS_COUNTS = dict(X=np.array([[0.0, 1.0], [1.0, 1.0], [math.sqrt(2), 1.0]]), t=np.array([1, -1, 1]),
                          max_epochs=7)


def _passes_note(outcome) -> str:
    """What hidden case 6 (:data:`_EVERY_PASS_COUNTS`) catches: a loop that makes other than ``max_epochs`` passes."""
    X, t, n = _EVERY_PASS_COUNTS["X"], _EVERY_PASS_COUNTS["t"], _EVERY_PASS_COUNTS["max_epochs"]
    if not outcome.returned:
        return ""
    note = ("This data set is not separable (targets +1, -1, +1 along a line), and with the input sqrt(2) its "
            "weights after each pass differ from those after any other: the expected ones are those after exactly "
            f"max_epochs = {n} passes.")
    w = np.zeros(X.shape[1])
    for passes in range(1, 1001):                             # the weights after each pass, the box's loop
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:
                w = w + t_i * x_i
        if passes != n and matches(outcome.value, w):
            return note + f" Yours are the weights after {passes} passes: count the passes your loop makes."
    return ""              # no pass count explains the result (float32 arithmetic, say): the usual diagnosis


perceptron_algorithm = Implement(
    "the perceptron",
    r"""
Start from $\mathbf{w} = \mathbf{0}$; pass over the examples in order, adding $t_i\mathbf{x}_i$ whenever
$t_i\,\mathbf{x}_i^T\mathbf{w} \le 0$ (the boundary counts as a mistake, which is what lets the very first
step leave $\mathbf{0}$); stop after a pass without a mistake, or after `max_epochs` passes.
""",
    reference=_perceptron_fit, model_solution=_perceptron_solution,
    cases=[       # case 1 meets the boundary with t = -1 in its second pass; none is another exercise's data
        dict(X=np.array([[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [0.0, 1.0, 1.0]]), t=np.array([1, -1, 1]),
             max_epochs=100),
        dict(X=np.array([[1.0, 2.0, 1.0]]), t=np.array([-1]), max_epochs=100),
        dict(X=np.array([[1.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [3.0, 1.0, 1.0], [-2.0, -1.0, 1.0]]),
             t=np.array([1, -1, 1, -1]), max_epochs=100),
        dict(X=np.array([[0.5, 1.5, 1.0], [2.0, -1.0, 1.0], [-1.0, -1.0, 1.0], [1.0, 1.0, 1.0],
                         [-0.5, 2.0, 1.0]]), t=np.array([1, 1, -1, 1, -1]), max_epochs=100),
        dict(X=_XOR, t=np.array([-1, -1, 1, 1]), max_epochs=3),
        _EVERY_PASS_COUNTS,
    ],
    notes={6: _passes_note},
    slips=[(_strict_inequality, "Test t x^T w <= 0, not < 0: at w = 0 every score is 0, and with a "
                                "strict test the perceptron never leaves w = 0."),
           (_wrong_sign, "Check the sign of the update: w <- w + t x moves w towards x when t = +1."),
           (_sign_at_zero_is_minus, "Your loop is right, but your test is not the perceptron's: an example "
                                    "with score 0 lies on the boundary and counts as a mistake whatever its label "
                                    "(t x^T w <= 0). Comparing sgn(x^T w) with t, where sgn(0) = -1, lets an "
                                    "example with t = -1 on the boundary pass without an update."),
           (_one_epoch, "Keep passing over the data until a whole pass makes no mistake (or max_epochs "
                        "passes are done); one pass is not enough.")],
)

# ---------------------------------------------------------------- section 4

mistakes_during_training = Choice(
    "does the number of mistakes fall at every update?",
    r"""
**(c)**. An update $\mathbf{w} \leftarrow \mathbf{w} + t_i\mathbf{x}_i$ moves the whole boundary. It raises
the margin of its own example by $\|\mathbf{x}_i\|^2$, which need not be enough to make that example
right, and it can push other, correctly classified, examples across. In the run above the count goes
40, 24, 12, **23**, 2, 11, ...: it jumps up several times. What does progress steadily is what the
convergence proof tracks (section 5): $\mathbf{w}_*^T\mathbf{w}_k$ grows by at least $\gamma$ per update.
""",
    kind="predict",
    options={
        "a": Option(False, "An update need not even fix its own example (its margin rises by ||x_i||^2, "
                           "which may not be enough), and it can break others. Step through the widget: "
                           "after the third update the count jumps from 12 to 23."),
        "b": Option(False, "An update moves the whole boundary, so examples that were right can end up on "
                           "the wrong side. Step through the widget: after the third update the count "
                           "jumps from 12 to 23."),
        "c": Option(True, "Each update moves the whole boundary and can break examples that were right: "
                          "in the widget the count goes 40, 24, 12, 23, 2, 11, ... What rises steadily "
                          "is w*^T w_k, as the proof of section 5 shows."),
    },
)

update_count = Count(
    "count the updates",
    r"""
With $\tilde{\mathbf{x}} = (x_1, x_2, 1)$ and $\mathbf{w}_0 = \mathbf{0}$:

| example | $t\,\tilde{\mathbf{x}}^T\mathbf{w}$ before | update? | $\mathbf{w}$ after |
|---|---|---|---|
| $(2, 1), +1$ | 0 | yes | $(2, 1, 1)$ |
| $(0, 1), -1$ | $-2$ | yes | $(2, 0, 0)$ |
| $(1, -1), +1$ | 2 | no | $(2, 0, 0)$ |
| $(2, 1), +1$ | 4 | no | |
| $(0, 1), -1$ | 0 | yes | $(2, -1, -1)$ |
| $(1, -1), +1$ | 2 | no | |

The third epoch makes no mistake (margins 2, 2, 2), so the perceptron stops after **3** updates.
""",
    truth=lambda: perceptron_trace(np.array([[2.0, 1.0], [0.0, 1.0], [1.0, -1.0]]),
                                   np.array([1, -1, 1])).n_updates,
    answer=3, what="the number of updates", example="5",
    praise="3 updates: on (2, 1), on (0, 1), and on (0, 1) again in the second epoch, whose score "
           "was exactly 0. The third epoch is clean.",
    slips=[(lambda: 2, "Too few: look again at (0, 1) in the second epoch; its score is exactly 0, and "
                       "t x^T w <= 0 counts as a mistake."),
           (lambda: 1, "Too few: w starts at 0, so the first example is a mistake, and the second one "
                       "is then misclassified too.")],
    advice="Write w after each example, with x = (x_1, x_2, 1), and keep going until a whole pass makes "
           "no mistake.",
)

# ---------------------------------------------------------------- section 5

_BOUND_X = np.array([[2.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
_BOUND_T = np.array([1, -1])
_BOUND_W = np.array([1.0, -1.0, 0.0])

bound_by_hand = Derive(
    "the bound by hand",
    r"""
$R = \max_i \|\mathbf{x}_i\| = \|(2, 0, 1)\| = \sqrt{5} \approx 2.236$. The margins are
$t_i\,\mathbf{x}_i^T\mathbf{w}_* = 2$ and $-(0 - 1 + 0) = 1$, so $\gamma = 1$. With $\|\mathbf{w}_*\|^2 = 2$
the bound is $R^2\|\mathbf{w}_*\|^2/\gamma^2 = 5 \cdot 2 / 1 = 10$ updates.
""",
    truth=lambda: [radius(_BOUND_X), min_margin(_BOUND_X, _BOUND_T, _BOUND_W),
                   mistake_bound(_BOUND_X, _BOUND_T, _BOUND_W)],
    answer=[np.sqrt(5), 1, 10], what="[R, gamma, bound]", example="[1.5, 0.5, 9]",
    praise="R = sqrt(5), gamma = 1, ||w*||^2 = 2: at most 5 * 2 / 1 = 10 updates.",
    slips=[(lambda: [np.mean(np.linalg.norm(_BOUND_X, axis=1)), 1.0,
                     2 * np.mean(np.linalg.norm(_BOUND_X, axis=1)) ** 2],
            "R is the largest length ||x_i|| (bias input included), not an average."),
           (lambda: [np.sqrt(5), 1 / np.sqrt(2), 20.0],
            "gamma is min_i t_i x_i^T w* itself, not divided by ||w*||: the bound's ||w*||^2 "
            "already accounts for the scale of w*."),
           (lambda: [np.sqrt(2), 1.0, 4.0], "Include the bias input 1 in each x_i when you compute R."),
           (lambda: [np.sqrt(5), 1.0, 5.0], "The bound is R^2 ||w*||^2 / gamma^2: you left out ||w*||^2 = 2."),
           (lambda: [np.sqrt(5), 1.0, np.sqrt(10)], "The bound is R^2 ||w*||^2 / gamma^2: square all three.")],
    advice="R = max_i ||x_i||, gamma = min_i t_i x_i^T w*, bound = R^2 ||w*||^2 / gamma^2.",
    names=("R", "gamma", "the bound"),
)

_RADIUS, _MARGIN = 4, Fraction("0.2")       # R of the data, and min_i t_i x_i^T w* for a unit-length w*

normalised_bound = Count(
    "the bound for normalised data",
    r"""
Normalised, the inputs are $\mathbf{x}_i / 4$, so every margin $t_i\,\mathbf{x}_i^T\mathbf{w}_*$ is divided by
$R\,\|\mathbf{w}_*\| = 4$: the normalised margin is $\gamma = 0.2/4 = 0.05$, the distance of the closest example
from the hyperplane in units of the data's radius, and the bound is $1/\gamma^2 = 1/0.0025 = 400$ updates.
The unnormalised bound agrees, $R^2\|\mathbf{w}_*\|^2/\gamma^2 = 16 \cdot 1/0.04 = 400$: scaling the inputs
changes neither the run nor its bound.
""",
    truth=lambda: math.floor(_RADIUS ** 2 / _MARGIN ** 2),     # R^2 ||w*||^2 / gamma^2 with ||w*|| = 1, exactly
    answer=400, what="the largest number of updates", example="250",
    praise="Normalised, gamma = 0.2 / R = 0.05 and 1 / gamma^2 = 400 updates; R^2 ||w*||^2 / gamma^2 = 16 / 0.04 "
           "gives the same.",
    slips=[(lambda: 25, "That is 1/0.2^2, with the margin in the original units. Normalising divides the inputs "
                        "by R = 4, and every margin with them: gamma = 0.05."),
           (lambda: 20, "That is 1/gamma; the bound is 1/gamma^2."),
           (lambda: 100, "R enters the bound squared: R^2 ||w*||^2 / gamma^2 = 16 / 0.04."),
           (lambda: 80, "Square gamma too: R^2 ||w*||^2 / gamma^2 = 16 / 0.2^2."),
           (lambda: 399, "One short. If you computed it in code: int() cuts off, and in floating point 16 / 0.2**2 "
                         "is 399.99999999999994 (0.2 has no exact binary form); round() it, or type the whole "
                         "number.")],
    advice="Divide each x_i by R = 4: the margins shrink by the same factor. Then put the normalised gamma into "
           "1/gamma^2.",
)

# ---------------------------------------------------------------- section 6

learning_rate = Choice(
    "why the learning rate changes nothing",
    r"""
**(b)**. By induction, the run with rate $\eta$ has $\mathbf{w}^{(\eta)}_k = \eta\,\mathbf{w}^{(1)}_k$: both
start at $\mathbf{0}$, the sign of $t\,\mathbf{x}^T\mathbf{w}$ ignores the positive factor $\eta$ (so both runs
update on the same examples), and the step $\eta\,t\,\mathbf{x}$ does not depend on $\mathbf{w}$. Logistic
regression (notebook 04) loses the second property, and there the learning rate matters.
""",
    options={
        "a": Option(False, "The notebook runs rates from 0.001 to 1000. The rate is a real parameter; the "
                           "question is why its value has no effect."),
        "b": Option(True, "w_k with rate eta is eta times w_k with rate 1, and the sign of the score "
                          "ignores a positive factor; this needs the step t x to be independent of w."),
        "c": Option(False, "Separability is not the reason: on XOR too the runs with different rates make "
                           "the same updates. The argument is a scaling one, not about convergence."),
        "d": Option(False, "The number of updates is exactly the same for every rate (see the table), "
                           "so nothing is compensated: every w_k is simply scaled by eta."),
    },
)

# ---------------------------------------------------------------- section 7


def _logistic_bits_solution(z):
    z = np.asarray(z, dtype=float)
    return np.logaddexp(0.0, -z) / np.log(2)      # log2(1 + e^-z) = ln(e^0 + e^-z) / ln 2, no overflow


def _logistic_nats(z):
    return np.logaddexp(0.0, -np.asarray(z, dtype=float))


logistic_in_bits = Implement(
    "the logistic loss in bits, without overflow",
    r"""
$\log_2(1 + e^{-z}) = \ln(e^0 + e^{-z}) / \ln 2$, and `np.logaddexp(a, b)` computes
$\ln(e^a + e^b)$ without ever forming $e^{1000}$: for $z = -1000$ it returns $1000$, so the loss is
$1000/\ln 2 \approx 1442.7$ bits, where the naive formula overflows to `inf`.
""",
    reference=logistic_loss_bits, model_solution=_logistic_bits_solution,
    cases=[dict(z=0.0), dict(z=np.array([-2.0, 0.5, 3.0])), dict(z=np.array([-1000.0, 1000.0])),
           dict(z=np.array([-745.0, -40.0, 40.0, 745.0]))],
    slips=[(_logistic_nats, "That is the loss in nats (natural log); divide by ln 2 for bits.")],
    inf_hint="e^-z overflows to inf for z below about -710: compute ln(1 + e^-z) as np.logaddexp(0, -z), "
             "then divide by ln 2.",
)

# ---------------------------------------------------------------- section 8

wider_margin = Choice(
    "why a wider margin tends to predict better",
    r"""
**(b)**. Both separators make no mistake on the training set, so training error cannot tell them apart.
New points come from the same distribution as the training points and land near them; a boundary far
from every training point leaves room for that scatter, one that hugs a training point misclassifies
its close neighbours. Theory agrees: margin bounds on the test error depend on $(R/\gamma)^2$, with $\gamma$
the geometric margin $\min_i t_i(\mathbf{x}_i^T\mathbf{w} + b)/\|\mathbf{w}\|$, and not on the dimension. It is a
tendency over data sets, not a law for each one.
""",
    options={
        "a": Option(False, "On separable data both separators classify every training point correctly: "
                           "their training errors are equal (zero), so that cannot be the difference."),
        "b": Option(True, "New points scatter around the training points; a boundary far from all of them "
                          "leaves room for that scatter. It is a tendency, not a guarantee on every data set."),
        "c": Option(False, "Being unique is not being good: the perceptron with a fixed order is deterministic "
                           "too, and the largest-margin boundary shifted to 0.01 from its nearest negative example "
                           "is just as unique, yet hugs the data. What matters is where the boundary lies relative "
                           "to the points, not how it is found."),
        "d": Option(False, "It is a tendency, not a law: on a particular test set a narrow-margin boundary "
                           "can be luckier. Count the data sets in the experiment above."),
    },
)

#: The exercises in the order the notebook asks them.
EXERCISES = (signed_distance, one_update, perceptron_algorithm, mistakes_during_training, update_count,
             bound_by_hand, normalised_bound, learning_rate, logistic_in_bits, wider_margin)
