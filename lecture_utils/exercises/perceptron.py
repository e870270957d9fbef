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
from ..perceptron_variants import nonseparable_mistake_bound, polynomial_kernel
from ._core import Choice, Count, Derive, Implement, Option, matches
from ._numbers import as_numbers

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

# Section 1's 40 examples, the 24 with t = +1 first (the numbers quoted are recomputed by the tests)
boundary_convention = Choice(
    "a point on the boundary: g(0) = +1 against sign(0) = 0",
    r"""
**(b)**. At $\mathbf{w} = \mathbf{0}$ every score is $z_i = 0$: every example lies on the boundary.

- `np.sign(0)` is 0, which neither target equals, so `np.sign(z) != t` holds for every example on the boundary,
  whatever its target. That is the box's test $t_i z_i \le 0$ exactly: the run makes the box's updates.
- With $g(0) = +1$ the neuron already outputs $+1$ on the boundary, so an example with $t_i = +1$ there is no
  mistake. The first 24 examples pass and $\mathbf{w}$ stays $\mathbf{0}$; the first update is on the 25th, the
  first with $t = -1$. From there the runs differ: 15 updates in all against the box's 19, to other weights, and
  both end separating the data.

Every update of the neuron's rule is one the box's test allows too ($g(z) \ne t$ means $t = +1$ and $z < 0$, or
$t = -1$ and $z \ge 0$: either way $t z \le 0$), so section 5's proof and its bound hold for it as well.
""",
    kind="predict",
    options={
        "a": Option(False, "At w = 0 every example is on the boundary, but whether that is a mistake depends on the "
                           "test: g(0) = +1 already outputs +1 there, so an example with t = +1 is right, and the "
                           "neuron's run passes the first 24 examples without an update."),
        "b": Option(True, "sign(0) = 0 equals neither target, so every example on the boundary is updated on, as in "
                          "the box; g(0) = +1 outputs +1 on the boundary, so the 24 examples with t = +1 pass, and "
                          "the first update is on the 25th, which has t = -1."),
        "c": Option(False, "0 is neither +1 nor -1, so np.sign(z) != t holds for every example on the boundary: an "
                           "update, as in the box. It is g(0) = +1 that lets examples pass at w = 0: those with "
                           "t = +1, whose output +1 is already right."),
        "d": Option(False, "Only g(0) = +1 lets examples pass at w = 0, and only those with t = +1, whose output +1 "
                           "is already right. np.sign returns 0 there, which equals neither target: every example "
                           "on the boundary is updated on, as in the box."),
    },
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


def _bound_for_bias(c) -> float:
    """The bound R^2 ||w*||^2 / gamma^2 of the separator w* = (1, -1, c), by the package."""
    return mistake_bound(_BOUND_X, _BOUND_T, np.array([1.0, -1.0, c]))


def _best_bias() -> list:
    """The c in (-2, 1), where (1, -1, c) separates the examples, whose bound is smallest, and that bound."""
    from scipy import optimize                   # here: notebook 01 needs scipy.optimize for nothing else (16 MB)
    best = optimize.minimize_scalar(_bound_for_bias, bounds=(-1.99, 0.99), method="bounded",
                                    options={"xatol": 1e-10})
    c = round(float(best.x), 8)                  # the kink at c = -1/2, found to 1e-10: drop the solver's noise
    return [c, _bound_for_bias(c)]


bound_by_hand = Derive(
    "the tightest bound by hand",
    r"""
$R^2 = \max_i \|\mathbf{x}_i\|^2 = \|(2, 0, 1)\|^2 = 5$ whatever $\mathbf{w}_*$ is. For $\mathbf{w}_* = (1, -1, c)$
the margins are $t_1\mathbf{x}_1^T\mathbf{w}_* = 2 + c$ and $t_2\mathbf{x}_2^T\mathbf{w}_* = -(-1 + c) = 1 - c$ (both
positive for $-2 < c < 1$), and $\|\mathbf{w}_*\|^2 = 2 + c^2$, so

$$B(c) = \frac{5\,(2 + c^2)}{\min(2 + c,\, 1 - c)^2}.$$

For $c \ge -\frac12$ the smaller margin is $1 - c$, and $B$ grows with $c$ (its derivative has the sign of
$(1 - c)(2 + c) > 0$); for $c \le -\frac12$ it is $2 + c$, and $B$ falls as $c$ rises (the sign of $2c - 2 < 0$).
The minimum is where the two margins are equal, at $c = -\frac12$: both margins are $1.5$,
$\|\mathbf{w}_*\|^2 = 2.25$, and $B = 5 \cdot 2.25 / 2.25 = 5$ updates, half the bound of $c = 0$.
""",
    truth=_best_bias,
    answer=[-0.5, 5.0], what="[c, bound]", example="[0.3, 12]",
    praise="The margins 2 + c and 1 - c balance at c = -1/2; then gamma = 1.5, ||w*||^2 = 2.25, R^2 = 5, and the "
           "bound is 5 * 2.25 / 2.25 = 5 updates.",
    slips=[(lambda: [0.0, _bound_for_bias(0.0)], "That is the bound of w* = (1, -1, 0), with the margins 2 and 1. "
                                                 "Another c raises the smaller margin: find the c that makes the "
                                                 "bound smallest."),
           (lambda: [-0.5, 5 * 2 / 1.5 ** 2], "||w*||^2 changes with c: at c = -1/2 it is 1 + 1 + 0.25 = 2.25."),
           (lambda: [-0.5, np.sqrt(5.0)], "The bound is R^2 ||w*||^2 / gamma^2: square all three."),
           (lambda: [-0.5, 2 * 2.25 / 1.5 ** 2], "R is the largest length of an example with its bias input: "
                                                 "||(2, 0, 1)||^2 = 5, not 2.")],
    advice="Write both margins t_i x_i^T w* and ||w*||^2 as functions of c; the bound R^2 ||w*||^2 / gamma^2 uses the "
           "smaller margin. Where is it smallest?",
    names=("c", "the bound"),
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

# ---------------------------------------------------------------- section 9

#: XOR as notebook 01 codes it (section 8), and the four features (1, x_1, x_2, x_1 x_2) of exercise 12.
_XOR_CORNERS = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
_XOR_T = np.array([-1.0, -1.0, 1.0, 1.0])
_XOR_FEATURES = np.column_stack([np.ones(4), _XOR_CORNERS, _XOR_CORNERS[:, 0] * _XOR_CORNERS[:, 1]])


def _xor_advice(weights) -> str:
    """What the answer's weights do at the four corners: which get the wrong sign, or that the margins are not 1."""
    with np.errstate(all="ignore"):
        scores = _XOR_FEATURES @ np.asarray(weights, dtype=float)
    if not np.all(np.isfinite(scores)):
        return "Work out the four weights from the four corners, one equation per corner."
    shown = ", ".join(f"{s:g}" for s in scores)
    corners = ["(0, 0)", "(1, 1)", "(0, 1)", "(1, 0)"]
    wrong = [corner for corner, score, t in zip(corners, scores, _XOR_T) if t * score <= 0]
    if wrong:
        return (f"Your weights score the corners (0, 0), (1, 1), (0, 1), (1, 0) as {shown}: {', '.join(wrong)} "
                "on the wrong side or on the boundary. Write one equation per corner, y(x) = t, starting at (0, 0), "
                "where only the constant feature is on.")
    return (f"Your weights separate XOR (scores {shown} at (0, 0), (1, 1), (0, 1), (1, 0)), but the exercise asks "
            "for a score equal to the target at every corner, -1, -1, +1, +1: a margin of exactly 1 each.")


xor_features = Derive(
    "weights for XOR on four features",
    r"""
With $\boldsymbol\phi(\mathbf{x}) = (1, x_1, x_2, x_1x_2)$ the score is $y = w_0 + w_1x_1 + w_2x_2 + w_3x_1x_2$. One
equation per corner, $y(\mathbf{x}_i) = t_i$:

- $(0, 0)$, $t = -1$: only the constant is on, so $w_0 = -1$;
- $(1, 0)$, $t = +1$: $w_0 + w_1 = 1$, so $w_1 = 2$; likewise $(0, 1)$ gives $w_2 = 2$;
- $(1, 1)$, $t = -1$: all four features are on, $w_0 + w_1 + w_2 + w_3 = -1$, so $w_3 = -1 - 3 = -4$.

So $\mathbf{w} = (-1, 2, 2, -4)$, and every corner has the margin $t_i\,y(\mathbf{x}_i) = 1$. Four features on four
points make the system square, and here solvable; without $x_1x_2$ the last equation contradicts the others
(section 8's proof). Back in the plane, $y = -4\,(x_1 - \frac12)(x_2 - \frac12)$: the boundary is the two lines
$x_1 = \frac12$ and $x_2 = \frac12$, and the score is positive where exactly one input exceeds $\frac12$.
""",
    truth=lambda: np.linalg.solve(_XOR_FEATURES, _XOR_T),
    answer=[-1, 2, 2, -4], what="the weights (w_0, w_1, w_2, w_3)", example="[0.5, 1, -1, 3]",
    praise="w_0 = -1 from (0, 0), w_1 = w_2 = 2 from (1, 0) and (0, 1), and w_3 = -1 - (-1 + 2 + 2) = -4 from (1, 1): "
           "y = -4 (x_1 - 1/2)(x_2 - 1/2).",
    slips=[(lambda: [1.0, -2.0, -2.0, 4.0], "Those are the weights for the opposite labels: section 8 codes (0, 0) and "
                                           "(1, 1) as t = -1, and (0, 1) and (1, 0) as t = +1."),
           (lambda: [-1.0, 2.0, 2.0, -1.0], "At (1, 1) all four features are 1: the score there is "
                                            "w_0 + w_1 + w_2 + w_3, so w_3 = -1 - (w_0 + w_1 + w_2)."),
           (lambda: [-1.0, 1.0, 1.0, -2.0], "At (1, 0) the constant feature is on too: the score is w_0 + w_1, so "
                                            "w_1 = 1 - w_0 = 2, and w_2 likewise."),
           (lambda: [-1.0, 2.0, 2.0, -5.0], "At (1, 1) the constant feature is on too: w_3 = -1 - (w_0 + w_1 + w_2) "
                                            "= -1 - 3.")],
    advice=_xor_advice,
    names=("w_0", "w_1", "w_2", "w_3"),
)

_DUAL_X = np.array([[1.0, 0.0], [0.0, 1.0]])
_DUAL_T = np.array([1, -1])
_DUAL_ALPHA = np.array([2.0, 1.0])
_DUAL_QUERY = np.array([[3.0, 1.0]])


def _dual_score(kernel_values) -> float:
    return float(kernel_values @ (_DUAL_ALPHA * _DUAL_T))           # y(x) = sum_i alpha_i t_i k(x_i, x)


dual_score = Derive(
    "a score in the dual form",
    r"""
The score is $y(\mathbf{x}) = \sum_i \alpha_i t_i\, k(\mathbf{x}_i, \mathbf{x})$. The kernel values at
$\mathbf{x} = (3, 1)$:

$$k(\mathbf{x}_1, \mathbf{x}) = (1 + 1 \cdot 3 + 0 \cdot 1)^2 = 16, \qquad k(\mathbf{x}_2, \mathbf{x}) = (1 + 0 \cdot 3 + 1 \cdot 1)^2 = 4,$$

so $y(\mathbf{x}) = 2 \cdot (+1) \cdot 16 + 1 \cdot (-1) \cdot 4 = 28$, and $\mathbf{x}$ is classified $+1$. The
same number is $\mathbf{w}^T\boldsymbol\phi(\mathbf{x})$ with $\mathbf{w} = 2\boldsymbol\phi(\mathbf{x}_1) - \boldsymbol\phi(\mathbf{x}_2)$ in the
six features of `quadratic_features`, which the dual form never builds.
""",
    truth=lambda: _dual_score(polynomial_kernel(_DUAL_QUERY, _DUAL_X, degree=2, coef0=1.0)[0]),
    answer=28.0, what="the score y(x)", example="3.5",
    praise="k(x_1, x) = (1 + 3)^2 = 16 and k(x_2, x) = (1 + 1)^2 = 4, so y(x) = 2 * 16 - 1 * 4 = 28: class +1.",
    slips=[(lambda: 2 * 16 + 1 * 4, "Each term carries its target: t_2 = -1, so the second example subtracts "
                                   "alpha_2 k(x_2, x)."),
           (lambda: 16 - 4, "Each example counts alpha_i times, once per update it made: 2 k(x_1, x) - 1 k(x_2, x)."),
           (lambda: _dual_score(_DUAL_X @ _DUAL_QUERY[0]), "That is the linear kernel x_i^T x; this one is "
                                                          "(1 + x_i^T x)^2: add 1, then square."),
           (lambda: _dual_score((_DUAL_X @ _DUAL_QUERY[0]) ** 2), "The kernel is (1 + x_i^T x)^2: add the 1 before "
                                                                  "squaring.")],
    advice="Compute k(x_i, x) = (1 + x_i^T x)^2 for both training examples, then y(x) = sum_i alpha_i t_i k(x_i, x).",
)

_W_BEFORE = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])       # rows: classes 0, 1, 2
_X_MULTI, _T_MULTI = np.array([2.0, 1.0]), 2


def _multiclass_update(W, x, t, rivals="strongest") -> np.ndarray:
    """The multiclass perceptron's step on (x, t): the true class up, the strongest rival (or every rival) down."""
    W, scores = W.copy(), W @ x
    others = [k for k in range(len(W)) if k != t]
    rival = max(others, key=lambda k: scores[k])
    if scores[t] > scores[rival]:
        return W
    W[t] += x
    for k in (others if rivals == "all" else [rival] if rivals == "strongest" else []):
        W[k] -= x
    return W


class _WeightRows(Derive):
    """A vector answer that may also be typed as the matrix of weight rows it lists (``W`` shaped like ``coef_``)."""

    def __init__(self, *args, rows, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = rows

    def _judge(self, answer):
        matrix = as_numbers(answer, (self.rows, np.size(self._answer) // self.rows))
        return super()._judge(answer if matrix is None else matrix.ravel())


multiclass_update = _WeightRows(
    "one update of the multiclass perceptron",
    r"""
The scores $\mathbf{w}_k^T\mathbf{x}$ of $\mathbf{x} = (2, 1)$ are $2$, $1$ and $-3$ for classes 0, 1 and 2. Its
class, 2, does not have the largest: a mistake. The strongest rival is class 0 (score 2), so

$$\mathbf{w}_2 \leftarrow (-1, -1) + (2, 1) = (1, 0), \qquad \mathbf{w}_0 \leftarrow (1, 0) - (2, 1) = (-1, -1),$$

and $\mathbf{w}_1 = (0, 1)$ stays. After the update the scores are $-3$, $1$ and $2$: class 2 wins. Only the
true class and its strongest rival move; with two classes this is the binary update, made on both
weight vectors.
""",
    truth=lambda: _multiclass_update(_W_BEFORE, _X_MULTI, _T_MULTI).ravel(),
    answer=[-1, -1, 0, 1, 1, 0], what="the new weights w_0, w_1, w_2", example="[0, 0, 0, 0, 0, 0]",
    praise="Scores 2, 1, -3: class 2 loses to class 0. So w_2 <- w_2 + x = (1, 0) and w_0 <- w_0 - x = (-1, -1); "
           "w_1 stays (0, 1).",
    slips=[(lambda: _multiclass_update(_W_BEFORE, _X_MULTI, _T_MULTI, rivals="all").ravel(),
            "Only the strongest rival moves away (class 0, score 2), not every other class: w_1 stays (0, 1)."),
           (lambda: _multiclass_update(_W_BEFORE, _X_MULTI, _T_MULTI, rivals="none").ravel(),
            "The true class moves towards x, and the strongest rival, class 0, moves away from it: w_0 <- w_0 - x."),
           (lambda: (2 * _W_BEFORE - _multiclass_update(_W_BEFORE, _X_MULTI, _T_MULTI)).ravel(),
            "Check the signs: the true class gains x (its score must rise), the rival loses x.")],
    advice="Score x with each row of W; if class 2's score is not the largest, add x to w_2 and subtract it from the "
           "row of the largest other score.",
    names=tuple(f"w_{k}[{j + 1}]" for k in range(3) for j in range(2)), rows=3,
)

noisy_training = Choice(
    "which weights to keep when the data are not separable",
    r"""
**(b)**. With 10% of the training targets flipped the perceptron never stops; its last weights are
those after the last few updates, often on a flipped example, and their test accuracy varies widely from
one data set to the next (about 86% on average over 30 data sets, with a spread of 9 points). The pocket
keeps the weights with the fewest training mistakes, and the averaged perceptron weighs each weight
vector by how long it survived: both sit near 95%, and beat the last weights on most data sets. Neither
overfits the noise in the sense of (c): both are still linear separators with three numbers.
""",
    kind="predict",
    options={
        "a": Option(False, "The last weights are those after the last few updates, often on a flipped example: about 86% "
                           "on average, with a spread of 9 points, against about 95% for the pocket and the average."),
        "b": Option(True, "Last weights about 86% (spread 9 points), pocket and averaged about 95%: keeping the best or "
                          "averaging over the run steadies the weights that the last updates throw about."),
        "c": Option(False, "A linear separator with three weights cannot memorise 10 flipped labels out of 100: the pocket's "
                           "fewest training mistakes carry over, about 95% on the test set against 86% for the last weights."),
        "d": Option(False, "Early weights survive few examples before an update, so they count little in the average: the "
                           "averaged perceptron reaches about 95%, against 86% for the last weights."),
    },
)

_FS_X = np.array([[1.0, 0.0], [0.2, 0.0], [0.1, 0.0]])             # margins 1, 0.2, 0.1 along u = (1, 0)
_FS_T = np.array([1, 1, 1])

nonseparable_bound = Derive(
    "Freund and Schapire's bound by hand",
    r"""
The shortfalls $d_i = \max(0, \gamma - t_i\mathbf{x}_i^T\mathbf{u})$ are $0$, $0.5 - 0.2 = 0.3$ and
$0.5 - 0.1 = 0.4$, so $D = \sqrt{0.3^2 + 0.4^2} = 0.5$, and with $R = 1$

$$\Big(\frac{R + D}{\gamma}\Big)^2 = \Big(\frac{1 + 0.5}{0.5}\Big)^2 = 9 \text{ mistakes at most}.$$

Novikoff's bound, $(R/\gamma)^2 = 4$, would not apply: with a target margin of 0.5 two examples fall
short of it. $D$ adds their shortfalls in quadrature, like the length of a vector.

Here the bound says nothing: one pass over 3 examples makes at most 3 mistakes (this one makes 1,
since after the first update every margin is positive). It matters on long sequences: on the 100 noisy
points of the notebook, one pass makes 24 mistakes against a bound of at least 80.6 at every target margin
tried.
""",
    truth=lambda: nonseparable_mistake_bound(_FS_X, _FS_T, np.array([1.0, 0.0]), 0.5),
    answer=9.0, what="the bound on the mistakes", example="4",
    praise="d = (0, 0.3, 0.4), D = sqrt(0.09 + 0.16) = 0.5, and ((1 + 0.5) / 0.5)^2 = 9: more than the 3 mistakes "
           "one pass over 3 examples can make at all: here it says nothing; it matters on long sequences.",
    slips=[(lambda: ((1 + 0.7) / 0.5) ** 2, "D is the square root of the sum of the squared shortfalls, "
                                            "sqrt(0.3^2 + 0.4^2) = 0.5, not their sum 0.7."),
           (lambda: (1 / 0.5) ** 2, "That is Novikoff's bound (R / gamma)^2, for data every example of which reaches "
                                    "the margin gamma; two fall short here, by 0.3 and 0.4: add D = 0.5 to R."),
           (lambda: (1 + 0.5) / 0.5, "Square the ratio: the bound is ((R + D) / gamma)^2."),
           (lambda: ((1 + 0.25) / 0.5) ** 2, "D is the square root of the sum of squares: sqrt(0.25) = 0.5, not 0.25.")],
    advice="Compute each shortfall d_i = max(0, gamma - t_i x_i^T u), then D = sqrt(sum_i d_i^2), R = max_i ||x_i||, "
           "and ((R + D) / gamma)^2.",
)

#: The exercises in the order the notebook asks them.
EXERCISES = (signed_distance, one_update, perceptron_algorithm, boundary_convention, mistakes_during_training,
             update_count, bound_by_hand, normalised_bound, learning_rate, logistic_in_bits, wider_margin, xor_features,
             dual_score, multiclass_update, noisy_training, nonseparable_bound)
