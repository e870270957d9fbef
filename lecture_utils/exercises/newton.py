"""The exercises of notebook 05, convexity, Newton's method and IRLS, in the order the notebook asks them.

Each derive exercise takes its truth from the package (:mod:`lecture_utils.optimization`,
:mod:`lecture_utils.logistic`), independently of the hand solution it stores; each
implement exercise compares the student's function with the package's.
"""

from __future__ import annotations

import numpy as np

from ..logistic import LogisticLoss, sigmoid, working_response
from ..optimization import SCALAR_FUNCTIONS, FunctionObjective, chord_gap, minimize, quadratic_model
from ._core import Choice, Count, Derive, Implement, Option

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
    """The package's Hessian of the mean logistic loss (no bias added: X is the design matrix as given)."""
    targets = np.arange(len(X)) % 2                               # irrelevant to the Hessian; two classes
    return LogisticLoss(X, targets, fit_intercept=False).hessian(np.asarray(w, dtype=float))


def _hessian_solution(X, w):
    p = 1 / (1 + np.exp(-(X @ w)))             # p_i = sigma(x_i^T w)
    s = p * (1 - p)                            # the diagonal of S, as a vector
    return X.T @ (s[:, None] * X) / len(X)     # scale row i of X by s_i: never the N x N matrix S


def _hessian_without_mean(X, w):
    p = sigmoid(X @ w)
    return X.T @ ((p * (1 - p))[:, None] * X)


def _hessian_of_p(X, w):
    p = sigmoid(X @ w)
    return X.T @ (p[:, None] * X) / len(X)


def _hessian_squared_weights(X, w):
    p = sigmoid(X @ w)
    scaled = (p * (1 - p))[:, None] * X
    return scaled.T @ scaled / len(X)


def _hessian_negated(X, w):
    return -_hessian_reference(X, w)


logistic_hessian = Implement(
    "the Hessian of the logistic loss",
    r"""
$\mathbf{H} = \frac1N \sum_i s_i\, \mathbf{x}_i \mathbf{x}_i^T = \frac1N \mathbf{X}^T \mathbf{S}\mathbf{X}$ with
$s_i = p_i(1 - p_i)$. Multiplying $\mathbf{S}\mathbf{X}$ only scales row $i$ of $\mathbf{X}$ by $s_i$, which
broadcasting does in $O(ND)$ memory: `s[:, None] * X`. Building `np.diag(s)` would store $N^2$ numbers
(80 GB for $N = 100\,000$) only to multiply by zeros. For a symmetric product with half the arithmetic,
scale the rows by $\sqrt{s_i}$ and form $\mathbf{A}^T\mathbf{A}$, which is what `LogisticLoss.hessian`
does (`A.T @ A` is recognised by numpy, which then computes only one triangle).
""",
    reference=_hessian_reference, model_solution=_hessian_solution,
    cases=[dict(X=np.array([[1.0, 2.0], [1.0, -1.0], [1.0, 0.5]]), w=np.array([0.3, -0.2])),
           dict(X=np.array([[2.0, 0.0], [0.0, 1.0]]), w=np.zeros(2)),
           dict(X=np.array([[1.0, 0.5, -1.0], [0.2, 1.0, 1.0], [-1.0, 2.0, 0.0], [0.3, -0.4, 1.0]]),
                w=np.array([0.5, -1.0, 2.0])),
           dict(X=np.array([[1.0, 30.0], [1.0, -30.0], [1.0, 1.0]]), w=np.array([0.0, 1.0]))],
    slips=[(_hessian_without_mean, "That is the Hessian of the summed loss; E is the mean over the N examples, "
                                   "so divide by N."),
           (_hessian_of_p, "The weight of example i is dp_i/dz_i = p_i (1 - p_i), the slope of the sigmoid, "
                           "not p_i."),
           (_hessian_squared_weights, "Scaling both factors by s_i counts it twice (s_i^2); scale one factor "
                                      "by s_i, or both by sqrt(s_i)."),
           (_hessian_negated, "The loss is the negative log-likelihood, so its Hessian is +X^T S X / N: "
                              "positive semi-definite, as a convex function's must be.")],
)

# ---------------------------------------------------------------- section 5


class _Named:
    """A function shown by its formula in the check's messages, e.g. ``x / sqrt(1 + x^2)``."""

    def __init__(self, function, formula: str):
        self.function, self.formula = function, formula

    def __call__(self, x):
        return self.function(x)

    def __repr__(self) -> str:
        return self.formula


def _derivatives(key: str, first: str, second: str) -> dict:
    function = SCALAR_FUNCTIONS[key]
    return dict(f_prime=_Named(function.derivative, first), f_second=_Named(function.second_derivative, second))


def _newton_step_reference(f_prime, f_second, x):
    """Newton's point x - f'(x)/f''(x) from the package's quadratic model (the step needs no f)."""
    model = quadratic_model(FunctionObjective(lambda x: 0.0, f_prime, f_second, scalar=True), x)
    return float(model.newton_point[0])


def _newton_step_solution(f_prime, f_second, x):
    return x - f_prime(x) / f_second(x)        # the zero of the tangent of f' at x


def _newton_step_plus(f_prime, f_second, x):
    return x + f_prime(x) / f_second(x)


def _newton_step_inverted(f_prime, f_second, x):
    return x - f_second(x) / f_prime(x)


def _gradient_step(f_prime, f_second, x):
    return x - f_prime(x)


def _newton_step_absolute(f_prime, f_second, x):
    return x - f_prime(x) / abs(f_second(x))


newton_step_1d = Implement(
    "one Newton step in one dimension",
    r"""
The tangent of $f'$ at $x$ is $f'(x) + f''(x)(u - x)$; it is zero at $u = x - f'(x)/f''(x)$, which is also where
the parabola $f(x) + f'(x)(u - x) + \tfrac12 f''(x)(u - x)^2$ has its vertex. Keep the sign of $f''$: where
$f'' < 0$ the parabola opens downward, and Newton's step goes to its top (one hidden case is there).
""",
    reference=_newton_step_reference, model_solution=_newton_step_solution,
    cases=[dict(**_derivatives("sqrt", "x / sqrt(1 + x^2)", "(1 + x^2)^(-3/2)"), x=0.5),
           dict(**_derivatives("quadratic", "x - 1", "1"), x=4.0),
           dict(**_derivatives("double_well", "x^3 - x", "3 x^2 - 1"), x=2.0),
           dict(**_derivatives("double_well", "x^3 - x", "3 x^2 - 1"), x=0.3),
           dict(**_derivatives("sqrt", "x / sqrt(1 + x^2)", "(1 + x^2)^(-3/2)"), x=0.0)],
    slips=[(_newton_step_absolute, "Newton divides by f''(x) itself, sign included; dividing by |f''(x)| is a "
                                   "different (safeguarded) method, which goes downhill where f'' < 0."),
           (_newton_step_plus, "Check the sign: the step goes against the slope f', x - f'(x)/f''(x)."),
           (_newton_step_inverted, "The step is f'(x) divided by f''(x): the slope over the curvature, so "
                                   "a flat, strongly curved function takes a short step."),
           (_gradient_step, "That is a gradient step with learning rate 1; Newton's method divides the slope by "
                            "the curvature f''(x) instead.")],
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
on the loss surface of section 10 gradient descent's is about 0.994.
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

From $x_0 = 0.8$: $x_1 = -0.512$. The error is cubed at each step, so the iteration converges for $|x_0| < 1$,
cycles between $\pm 1$ for $|x_0| = 1$ and diverges for $|x_0| > 1$.
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

# ---------------------------------------------------------------- section 11

working_response_by_hand = Derive(
    "the working response of one example",
    r"""
$p = \sigma(\ln 3) = \frac{1}{1 + 1/3} = \frac34$, so $s = p(1 - p) = \frac34 \cdot \frac14 = \frac{3}{16} = 0.1875$, and

$$r = z + \frac{t - p}{s} = \ln 3 + \frac{0 - 3/4}{3/16} = \ln 3 - 4 = -2.901 .$$

The model says 3 to 1 for the positive class, the target is 0: the working response pulls the score
down by four units of the sigmoid's slope, and the example enters the least-squares fit with weight
$0.1875$ (an unsure example, $p = 1/2$, would weigh $0.25$).
""",
    truth=lambda: np.array(working_response(np.log(3.0), 0.0))[::-1],
    answer=[np.log(3.0) - 4.0, 0.1875], what="[r, s]", example="[1.5, 0.2]",
    praise="p = 3/4, s = 3/16 and r = ln 3 + (0 - 3/4)/(3/16) = ln 3 - 4.",
    slips=[(lambda: [np.log(3.0) + 4.0, 0.1875], "Check the sign of the residual: r = z + (t - p)/s, and "
                                                  "t - p = -3/4 here."),
           (lambda: [-4.0, 0.1875], "-4 is the correction (t - p)/s; the working response adds it to the score "
                                    "z = ln 3."),
           (lambda: [np.log(3.0) - 1.0, 0.75], "The weight is s = p (1 - p) = 3/16, the slope of the sigmoid, "
                                               "not p."),
           (lambda: [np.log(3.0) + (1 - 0.75) / 0.1875, 0.1875], "The target is 0, not 1: t - p = -3/4.")],
    advice="sigma(ln 3) = 3/4; then s = p (1 - p) and r = z + (t - p)/s.",
    names=("r", "s"),
)

# ---------------------------------------------------------------- section 12

minutes_instead_of_hours = Choice(
    "minutes instead of hours",
    r"""
**(c)**, five again. Measuring in minutes multiplies the feature by 60. Newton's iterates are then the old
ones with the slope divided by 60, $w'_k = w_k/60$ and $b'_k = b_k$, step for step: its step
$\mathbf{H}^{-1}\nabla E$ transforms exactly as the weights do (affine invariance). Gradient descent's does not:
its safe learning rate is set by the largest curvature, now about 3600 times larger along $w$, while the
curvature along $b$ is unchanged, so it crawls along $b$.
""",
    kind="predict",
    options={
        "a": Option(False, "The surface is stretched, but Newton's step stretches with it: H^{-1} grad E "
                           "scales exactly as the weights do, so the number of steps stays 5."),
        "b": Option(False, "The optimal slope is 60 times smaller, so nearer the start w = 0, but Newton's "
                           "iterates are exactly w_k / 60: the same 5 steps, no fewer."),
        "c": Option(True, "Newton's iterates are w_k / 60 and b_k, step for step: the method does not notice "
                          "the change of units."),
        "d": Option(False, "Newton with its full step diverges only where the quadratic model is a poor "
                           "guide; a change of units changes no model, it rescales every iterate by 1/60."),
    },
)

# ---------------------------------------------------------------- section 14

newton_for_the_perceptron = Choice(
    "Newton's method for the perceptron",
    r"""
**(c)**. The perceptron loss $\sum_i \max(0, -t_i\,\mathbf{x}_i^T\mathbf{w})$ is piecewise linear in
$\mathbf{w}$: wherever it is twice differentiable its Hessian is the zero matrix, and on the hyperplanes
$\mathbf{x}_i^T\mathbf{w} = 0$ it is not differentiable at all. So $\mathbf{H}\mathbf{d} = \nabla E$ has no
solution, and the quadratic model is a plane with no minimum. The loss *is* convex (a sum of maxima of
linear functions), so "it is not convex" is not the reason; the same holds for the hinge loss.
""",
    options={
        "a": Option(False, "The perceptron loss is convex: each max(0, -t x^T w) is a maximum of two linear "
                           "functions. Convexity is not what Newton lacks."),
        "b": Option(False, "Its gradient is -sum of t_i x_i over the misclassified examples, not zero; it is "
                           "the second derivative that vanishes."),
        "c": Option(True, "A piecewise linear loss has Hessian 0 wherever it is defined (and none at the "
                          "kinks): H d = grad E has no solution and the model has no minimum."),
        "d": Option(False, "Newton's method needs the whole gradient and Hessian, which a sum over the examples "
                           "gives as easily for the perceptron loss as for the logistic loss; the trouble is "
                           "that this Hessian is zero."),
    },
)


#: In the order notebook 05 asks them.
EXERCISES = (chord_above_parabola, stationary_point_of_a_convex_function, logistic_hessian, newton_step_1d,
             newton_on_a_quadratic, steps_to_twelve_digits, newton_on_sqrt, newton_from_far,
             working_response_by_hand, minutes_instead_of_hours, newton_for_the_perceptron)
