"""The exercises of notebook 05, sections 1-9: convexity, the Hessian, Newton's step and how fast it converges."""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from ...logistic import LogisticLoss
from ...optimization import SCALAR_FUNCTIONS, chord_gap, minimize
from .._core import Choice, Count, Derive, Implement, Option, Outcome


# ---------------------------------------------------------------- section 1

chord_above_parabola = Derive(
    "the gap under a chord",
    r"""
The point is $x_\theta = \tfrac14(-1) + \tfrac34 \cdot 3 = 2$, where the graph is at $f(2) = 4$. The chord there
is at $\tfrac14 f(-1) + \tfrac34 f(3) = \tfrac14 + \tfrac{27}{4} = 7$. The gap is $7 - 4 = 3$.

In general, for $f(x) = x^2$,

$$\theta a^2 + (1-\theta) b^2 - \big(\theta a + (1-\theta) b\big)^2 = \theta(1-\theta)(a - b)^2
= \tfrac14 \cdot \tfrac34 \cdot 16 = 3,$$

never negative: the parabola is convex, and the gap is largest halfway ($\theta = \tfrac12$).
""",
    truth=lambda: chord_gap(np.square, -1.0, 3.0, 0.25),
    answer=3, what="the gap", example="2.5",
    praise="The chord is at 1/4 * 1 + 3/4 * 9 = 7 above x = 2, the graph at 4: a gap of "
           "theta (1 - theta) (a - b)^2 = 3.",
    slips=[(lambda: -3.0, "Check the sign: the gap is the chord minus the graph, theta f(a) + (1 - theta) f(b) - "
                          "f(x_theta), positive for a convex function."),
           (lambda: 7.0, "7 is the height of the chord at x = 2; subtract the graph's height there, f(2) = 4."),
           (lambda: 4.0, "4 is the graph's height f(2); the gap is the chord's height (7) minus it.")],
    advice="Find x_theta = theta a + (1 - theta) b first, then compare the chord's height "
           "theta f(a) + (1 - theta) f(b) with f(x_theta).",
)

# ---------------------------------------------------------------- section 2

stationary_point_of_a_convex_function = Choice(
    "a stationary point of a convex function",
    r"""
**(b)**. The first-order condition of a convex differentiable $E$ is
$E(\mathbf{v}) \ge E(\mathbf{w}) + \nabla E(\mathbf{w})^T(\mathbf{v} - \mathbf{w})$ for all $\mathbf{v}$. At
$\mathbf{w}_0$ the gradient is zero, so $E(\mathbf{v}) \ge E(\mathbf{w}_0)$ everywhere: a global minimum.
It need not be the only one: $E(w_1, w_2) = (w_1 + w_2)^2$ is convex and has the whole line
$w_1 + w_2 = 0$ as minima. Uniqueness needs *strict* convexity, e.g. a positive definite Hessian, which the
logistic loss has when $\mathbf{X}$ has full column rank (section 4).
""",
    options={
        "a": Option(False, "For a convex function every local minimum is global: the tangent plane at w_0 is "
                           "flat and lies below the graph everywhere, so nothing anywhere is lower."),
        "b": Option(True, "With grad E(w_0) = 0 the first-order condition reads E(v) >= E(w_0) for every v: "
                          "a global minimum (not necessarily the only one)."),
        "c": Option(False, "A saddle needs the function to curve down in some direction (a negative "
                           "eigenvalue of the Hessian), which a convex function never does."),
        "d": Option(False, "Global, yes; unique, not necessarily: (w_1 + w_2)^2 is convex with a whole line "
                           "of minima. Uniqueness needs strict convexity."),
    },
)

# ---------------------------------------------------------------- section 3


def _hessian_reference(X, w):
    """The package's Hessian of the mean logistic loss (no bias added: X is the design matrix as given).

    A mean over the examples: of N copies of one example (the hidden case of N = 8 000 000), it is that example's
    own term, computed on two of the copies.
    """
    X = np.asarray(X, dtype=float)
    if len(X) > 2 and np.all(X == X[0]):
        X = X[:2]
    targets = np.arange(len(X)) % 2                               # irrelevant to the Hessian; two classes
    return LogisticLoss(X, targets, fit_intercept=False).hessian(np.asarray(w, dtype=float))


#: The examples of the hidden case whose N x N matrix cannot be allocated anywhere: 8 N^2 bytes = 512 TB (466 TiB),
#: beyond the 128 or 256 TiB of addresses a process has on 64-bit systems, so numpy refuses at once, even where the
#: system promises memory it does not have (overcommit), which would let a smaller matrix be half built first.
_N_LARGE = 8_000_000


def _large_case_note(outcome: Outcome) -> str:
    """What a function that fails the case of N = 8 000 000 examples has done: built S, or looped over the examples."""
    examples = f"{_N_LARGE:,}".replace(",", " ")
    if isinstance(outcome.error, MemoryError):
        return (f"This case has N = {examples} examples (one example repeated), and your function tried to build "
                "an N x N array: np.diag(s), np.eye(N), X @ X.T or the like, 8 N^2 bytes = 512 TB here. S is "
                "diagonal, so S X only scales row i of X by s_i: broadcasting does it, s[:, None] * X, in the memory "
                "of X itself.")
    if outcome.timed_out:
        return (f"This case has N = {examples} examples. A Python loop over them may well compute the right Hessian, "
                "but it takes far longer than the check allows: the loop is too slow, not endless. The task asks for "
                "vectorised code: scale the rows of X by s_i at once (s[:, None] * X) and take one matrix product.")
    return ""


def _hessian_solution(X, w):
    p = 1 / (1 + np.exp(-(X @ w)))             # p_i = sigma(x_i^T w)
    s = p * (1 - p)                            # the diagonal of S, as a vector
    return X.T @ (s[:, None] * X) / len(X)     # scale row i of X by s_i: never the N x N matrix S


def _hessian_without_mean(X, w):
    p = expit(X @ w)
    return X.T @ ((p * (1 - p))[:, None] * X)


def _hessian_of_p(X, w):
    p = expit(X @ w)
    return X.T @ (p[:, None] * X) / len(X)


def _hessian_squared_weights(X, w):
    p = expit(X @ w)
    scaled = (p * (1 - p))[:, None] * X
    return scaled.T @ scaled / len(X)


def _hessian_negated(X, w):
    return -_hessian_solution(X, w)


logistic_hessian = Implement(
    "the Hessian of the logistic loss",
    r"""
$\mathbf{H} = \frac1N \sum_i s_i\, \mathbf{x}_i \mathbf{x}_i^T = \frac1N \mathbf{X}^T \mathbf{S}\mathbf{X}$ with
$s_i = p_i(1 - p_i)$. Multiplying $\mathbf{S}\mathbf{X}$ only scales row $i$ of $\mathbf{X}$ by $s_i$, which
broadcasting does in $O(ND)$ memory: `s[:, None] * X`. Building `np.diag(s)` would store $N^2$ numbers
(80 GB for $N = 100\,000$) only to multiply by zeros; one hidden case has $N = 8\,000\,000$ examples, whose
$\mathbf{S}$ would need 512 TB, and numpy refuses to allocate it. For a symmetric product with half the arithmetic,
scale the rows by $\sqrt{s_i}$ and form $\mathbf{A}^T\mathbf{A}$, which is what `LogisticLoss.hessian`
does (`A.T @ A` is recognised by numpy, which then computes only one triangle).
""",
    reference=_hessian_reference, model_solution=_hessian_solution,
    cases=[dict(X=np.array([[1.0, 2.0], [1.0, -1.0], [1.0, 0.5]]), w=np.array([0.3, -0.2])),
           dict(X=np.array([[2.0, 0.0], [0.0, 1.0]]), w=np.zeros(2)),
           dict(X=np.array([[1.0, 0.5, -1.0], [0.2, 1.0, 1.0], [-1.0, 2.0, 0.0], [0.3, -0.4, 1.0]]),
                w=np.array([0.5, -1.0, 2.0])),
           dict(X=np.array([[1.0, 30.0], [1.0, -30.0], [1.0, 1.0]]), w=np.array([0.0, 1.0])),
           # one example repeated, as a read-only view that takes no memory until the check copies it
           dict(X=np.broadcast_to(np.array([[0.5]]), (_N_LARGE, 1)), w=np.array([2.0]))],
    notes={5: _large_case_note},
    slips=[(_hessian_without_mean, "That is the Hessian of the summed loss; E is the mean over the N examples, "
                                   "so divide by N."),
           (_hessian_of_p, "The weight of example i is dp_i/dz_i = p_i (1 - p_i), the slope of the sigmoid, "
                           "not p_i."),
           (_hessian_squared_weights, "Scaling both factors by s_i counts it twice (s_i^2); scale one factor "
                                      "by s_i, or both by sqrt(s_i)."),
           (_hessian_negated, "The loss is the negative log-likelihood, so its Hessian is +X^T S X / N: "
                              "positive semi-definite, as a convex function's must be.")],
)

# ---------------------------------------------------------------- section 4

convex_without_a_hessian = Choice(
    "is e^x + |x| convex?",
    r"""
**(b)**. $|x|$ is convex by the definition itself: $|\theta a + (1-\theta) b| \le \theta|a| + (1-\theta)|b|$ is the
triangle inequality (for $\theta \in [0, 1]$). $e^x$ is convex because $(e^x)'' = e^x > 0$. And a sum of convex
functions is convex: write the chord inequality for each and add them,

$$(f + g)\big(\theta a + (1-\theta) b\big) \le \theta\,(f + g)(a) + (1-\theta)\,(f + g)(b).$$

The second-order test cannot be used on $e^x + |x|$ itself: it asks for a second derivative *everywhere*, and at
$x = 0$ there is not even a first one. Away from 0, $f'' = e^x > 0$ is true but proves nothing: $e^x - |x|$ has the
same $f''$ away from 0 and is not convex (its kink points up: the chord from $-1$ to $1$ passes *below* $f(0) = 1$).
""",
    options={
        "a": Option(False, "f'' = e^x > 0 holds only away from 0, where the test is not needed; at the kink f has no "
                           "derivative at all. e^x - |x| has the same f'' away from 0 and is not convex: the kink "
                           "decides, and the second-order test cannot see it."),
        "b": Option(True, "Each term passes the chord test (for |x| it is the triangle inequality), and the chord "
                          "inequalities of two functions add up to that of their sum; no derivative is needed."),
        "c": Option(False, "Convexity is defined by chords, not derivatives: |x| itself is convex, with a kink at 0. "
                           "Differentiability is what the tangent and Hessian tests need, not convexity."),
        "d": Option(False, "The definition by chords needs no derivative, so it decides where the Hessian test "
                           "cannot: e^x + |x| is a sum of two functions that each pass it."),
    },
)

# ---------------------------------------------------------------- section 6

newton_on_a_quadratic = Choice(
    "Newton's method on a quadratic",
    r"""
**(a)**, one step, whatever the dimension and the condition number. A quadratic
$E(\mathbf{w}) = \tfrac12 \mathbf{w}^T\mathbf{A}\mathbf{w} - \mathbf{b}^T\mathbf{w} + c$ is its own second-order
Taylor model at every point, so the minimum of the model is the minimum of $E$:
$\mathbf{w}_1 = \mathbf{w}_0 - \mathbf{A}^{-1}(\mathbf{A}\mathbf{w}_0 - \mathbf{b}) = \mathbf{A}^{-1}\mathbf{b}$.
In floating point the error after that step is at the level of rounding, about
$\kappa(\mathbf{A})$ times the machine epsilon.
""",
    kind="predict",
    options={
        "a": Option(True, "A quadratic is its own Taylor model, so the model's minimum, where Newton steps, "
                          "is the minimum: one step, w_1 = A^{-1} b."),
        "b": Option(False, "One step per dimension is what conjugate gradients needs on a quadratic; Newton "
                           "solves with the whole Hessian at once and lands in one step."),
        "c": Option(False, "The condition number slows gradient descent, whose step ignores the curvature; "
                           "Newton divides by the curvature in every direction and lands in one step."),
        "d": Option(False, "Newton's method converges in infinitely many steps only on non-quadratic "
                           "functions; a quadratic is its own Taylor model, so one step is exact."),
    },
)

# ---------------------------------------------------------------- section 7


def _steps_until(error: float, step, tolerance: float = 1e-12) -> int:
    """How many applications of ``step`` take ``error`` to at most ``tolerance``."""
    steps = 0
    while error > tolerance:
        error, steps = step(error), steps + 1
    return steps


steps_to_twelve_digits = Count(
    "twelve digits at a linear rate",
    r"""
$0.1 \cdot 0.9^k \le 10^{-12}$ means $0.9^k \le 10^{-11}$, i.e. $k \ln 0.9 \le \ln 10^{-11}$; dividing by the
negative $\ln 0.9$ turns the inequality round:

$$k \ge \frac{\ln 10^{-11}}{\ln 0.9} = \frac{-25.328}{-0.10536} = 240.4,$$

so **241** steps, against Newton's **4**. Each step of gradient descent gains $-\log_{10} 0.9 = 0.046$ digits,
a digit every 22 steps; each step of Newton doubles the digits it has. And 0.9 is a fast linear rate:
on the running example gradient descent's is $\rho = 0.99475$ (section 7), about 0.995.
""",
    truth=lambda: _steps_until(0.1, lambda e: 0.9 * e),
    answer=241, what="the number of steps", example="100",
    praise="0.1 * 0.9^k <= 1e-12 for k >= ln(1e-11)/ln(0.9) = 240.4: 241 steps, against Newton's 4.",
    slips=[(lambda: 240, "k >= 240.4 and k is a whole number of steps: round up."),
           (lambda: 263, "The error starts at 0.1, not 1: solve 0.1 * 0.9^k <= 1e-12, i.e. 0.9^k <= 1e-11."),
           (lambda: 254, "ln 0.9 = -0.1054, not -0.1: that 5% matters over 240 steps."),
           (lambda: 11, "Each step multiplies the error by 0.9; it does not gain a digit. A digit takes "
                        "ln 10 / -ln 0.9 = 22 steps.")],
    advice="Solve 0.1 * 0.9^k <= 1e-12 for the smallest whole number k (take logarithms).",
)

# ---------------------------------------------------------------- section 9

_SQRT = SCALAR_FUNCTIONS["sqrt"]

newton_on_sqrt = Derive(
    "Newton's step on sqrt(1 + x^2)",
    r"""
$f'(x) = \frac{x}{\sqrt{1+x^2}}$ and $f''(x) = \frac{\sqrt{1+x^2} - x \cdot \frac{x}{\sqrt{1+x^2}}}{1+x^2}
= (1+x^2)^{-3/2}$, so

$$\frac{f'(x)}{f''(x)} = x(1 + x^2), \qquad x_{k+1} = x_k - x_k(1 + x_k^2) = -x_k^3 .$$

From $x_0 = 0.8$: $x_1 = -0.8^3 = -0.512$.
""",
    truth=lambda: minimize(_SQRT.objective(), [0.8], "newton", max_iter=1, tol=0).weights[1, 0],
    answer=-0.512, what="x_1", example="0.25",
    praise="f'/f'' = x (1 + x^2), so Newton maps x to -x^3: 0.8 -> -0.512.",
    slips=[(lambda: 0.512, "Check the sign: x - x (1 + x^2) = -x^3, so the iterate changes side."),
           (lambda: 0.8 - _SQRT.derivative(0.8), "That is a gradient step, x - f'(x); Newton divides f'(x) by "
                                                 "f''(x) = (1 + x^2)^(-3/2)."),
           (lambda: 0.8 - _SQRT.f(0.8) / _SQRT.derivative(0.8),
            "That is Newton's method for a root of f itself, x - f/f'; a minimum is a root of f', so "
            "use x - f'/f''."),
           (lambda: 0.8 + 0.8 * 1.64, "Check the sign of the step: x - f'(x)/f''(x).")],
    advice="Compute f'(x) and f''(x), simplify f'(x)/f''(x), then x_1 = x_0 - f'(x_0)/f''(x_0).",
)

newton_from_far = Choice(
    "pure Newton from x_0 = 1.2",
    r"""
**(b)**. With $x_{k+1} = -x_k^3$: $1.2 \to -1.728 \to 5.16 \to -137.4 \to 2.6 \times 10^6$, and the
loop stops, declaring divergence. Far from 0 the function is almost $|x|$: its curvature
$(1+x^2)^{-3/2}$ is tiny, so the parabola Newton minimises is very flat and its vertex lies far on the
other side. Convexity does not save pure Newton: it guarantees a single minimum, not that the
quadratic model is a good guide far from it.
""",
    kind="predict",
    options={
        "a": Option(False, "Convexity guarantees one minimum, not that Newton's steps approach it: from 1.2 "
                           "the map x -> -x^3 gives -1.728, 5.16, -137.4, ..."),
        "b": Option(True, "|x_{k+1}| = |x_k|^3 > |x_k| when |x_k| > 1: the iterates alternate in sign and "
                          "grow, 1.2, -1.728, 5.16, -137.4, ..."),
        "c": Option(False, "A cycle needs |x_k|^3 = |x_k|, i.e. |x_0| = 1 exactly; from 1.2 each step cubes "
                           "the size, so it grows."),
        "d": Option(False, "sqrt(1 + x^2) has one minimum, at 0, and no other stationary point for Newton to "
                           "find; from 1.2 the iterates grow without bound."),
    },
)
