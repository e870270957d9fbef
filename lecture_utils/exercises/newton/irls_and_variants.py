"""The exercises of notebook 05, sections 11-18: IRLS, the softmax Hessian, Newton for the perceptron and for
an L1 penalty, conjugate gradients."""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from ...datasets import load_iris
from ...logistic import SoftmaxLoss, irls_step, working_response
from ...optimization import SINGULAR_RTOL, FunctionObjective, conjugate_gradient, minimize
from .._core import Choice, Count, Derive, Implement, Option, Outcome


# ---------------------------------------------------------------- section 11

working_response_by_hand = Derive(
    "the working response of one example",
    r"""
$p = \sigma(\ln 3) = \frac{1}{1 + 1/3} = \frac34$, so $s = p(1 - p) = \frac34 \cdot \frac14 = \frac{3}{16} = 0.1875$, and

$$r = y + \frac{t - p}{s} = \ln 3 + \frac{0 - 3/4}{3/16} = \ln 3 - 4 = -2.901 .$$

The model says 3 to 1 for the positive class, the target is 0: the working response pulls the score
down by four units of the sigmoid's slope, and the example enters the least-squares fit with weight
$0.1875$ (an unsure example, $p = 1/2$, would weigh $0.25$).
""",
    truth=lambda: np.array(working_response(np.log(3.0), 0.0))[::-1],
    answer=[np.log(3.0) - 4.0, 0.1875], what="[r, s]", example="[1.5, 0.2]",
    praise="p = 3/4, s = 3/16 and r = ln 3 + (0 - 3/4)/(3/16) = ln 3 - 4.",
    slips=[(lambda: [np.log(3.0) + 4.0, 0.1875], "Check the sign of the residual: r = y + (t - p)/s, and "
                                                  "t - p = -3/4 here."),
           (lambda: [-4.0, 0.1875], "-4 is the correction (t - p)/s; the working response adds it to the score "
                                    "y = ln 3."),
           (lambda: [np.log(3.0) - 1.0, 0.75], "The weight is s = p (1 - p) = 3/16, the slope of the sigmoid, "
                                               "not p."),
           (lambda: [np.log(3.0) + (1 - 0.75) / 0.1875, 0.1875], "The target is 0, not 1: t - p = -3/4.")],
    advice="sigma(ln 3) = 3/4; then s = p (1 - p) and r = y + (t - p)/s.",
    names=("r", "s"),
)



def _newton_point(X, t, w):
    """The package's Newton step from w on the mean logistic loss of (X, t), X with any bias column in it, solved as
    IRLS's weighted least squares (its `irls_step`), accurate where X^T S X is too ill-conditioned to solve with."""
    return irls_step(X, t, w, fit_intercept=False)


#: The ill-conditioned hidden case: two features that differ by 1e-7 (times c), built so that from w = 0, where every
#: s_i = 1/4 and r_i = 4 t_i - 2, the working response is fitted exactly by v = (1, 1): 2 x_1 + 1e-7 c = 4 t - 2.
#: cond(S^1/2 X) = 1.7e7, so cond(X^T S X) = 2.9e14: least squares on S^1/2 X finds v to about 1e-10, the normal
#: equations (or w - H^-1 grad E) only to a few 1e-2 (the tests measure both against exact fractions).
_T_ILL, _C_ILL = np.array([0.0, 1.0, 1.0, 0.0, 1.0]), np.array([1.0, -2.0, 0.5, 3.0, -1.0])
_X1_ILL = ((4 * _T_ILL - 2) - 1e-7 * _C_ILL) / 2
_X_ILL = np.column_stack([_X1_ILL, _X1_ILL + 1e-7 * _C_ILL])


def _ill_conditioned_note(outcome: Outcome) -> str:
    """What a function that fails the ill-conditioned case has done: solved with X^T S X."""
    return ("Your step is right where the problem is well conditioned, but not here: the two features of this case "
            "differ by about 1e-7 (their digits above), so cond(S^1/2 X) is about 1.7e7. The case is built so that "
            "v = (1, 1) fits its working responses exactly: the expected result is (1, 1) to rounding. Forming X^T S X "
            "(or the Hessian) squares that condition number, to about 3e14, and a solve with it keeps only a digit or "
            "two of the 16 a float carries. np.linalg.lstsq works on the rows sqrt(s_i) x_i themselves, by an "
            "orthogonal factorisation, and keeps about 9: that is why IRLS is solved as least squares, without "
            "forming X^T S X.")


def _irls_solution(X, t, w):
    y = X @ w                                   # the scores y_i = x_i^T w
    p = 1 / (1 + np.exp(-y))
    s = p * (1 - p)                             # the weights s_i
    r = y + (t - p) / s                         # the working response r_i
    root = np.sqrt(s)                           # s_i (r_i - x_i^T v)^2 = (sqrt(s_i) r_i - sqrt(s_i) x_i^T v)^2
    return np.linalg.lstsq(root[:, None] * X, root * r, rcond=None)[0]


def _irls_weights_squared(X, t, w):
    y = X @ w
    p = expit(y)
    s = p * (1 - p)
    return np.linalg.lstsq(s[:, None] * X, s * (y + (t - p) / s), rcond=None)[0]


def _irls_unweighted(X, t, w):
    y = X @ w
    p = expit(y)
    return np.linalg.lstsq(X, y + (t - p) / (p * (1 - p)), rcond=None)[0]


def _irls_slide_sign(X, t, w):
    y = X @ w
    p = expit(y)
    s = p * (1 - p)
    return np.linalg.lstsq(np.sqrt(s)[:, None] * X, np.sqrt(s) * (y + (p - t) / s), rcond=None)[0]


def _irls_step_only(X, t, w):
    y = X @ w
    p = expit(y)
    s = p * (1 - p)
    return np.linalg.lstsq(np.sqrt(s)[:, None] * X, np.sqrt(s) * (t - p) / s, rcond=None)[0]


irls_by_least_squares = Implement(
    "a Newton step as weighted least squares",
    r"""
A least-squares solver minimises a plain sum of squares, $\sum_i (b_i - \mathbf{a}_i^T\mathbf{v})^2$. Each term
of the weighted sum is one of those after multiplying by $\sqrt{s_i}$:
$s_i(r_i - \mathbf{x}_i^T\mathbf{v})^2 = (\sqrt{s_i}\,r_i - \sqrt{s_i}\,\mathbf{x}_i^T\mathbf{v})^2$. So scale row $i$
of $\mathbf{X}$ and the working response $r_i$ by $\sqrt{s_i}$ and call `np.linalg.lstsq`: its normal equations are
$\mathbf{X}^T\mathbf{S}\mathbf{X}\mathbf{v} = \mathbf{X}^T\mathbf{S}\mathbf{r}$, and their solution is Newton's
next point
$\mathbf{w}_{k+1}$ itself (not the step $\mathbf{d}$), because $\mathbf{r}$ contains the current scores
$\mathbf{X}\mathbf{w}_k$. `lstsq` works on $\mathbf{S}^{1/2}\mathbf{X}$ by an orthogonal factorisation and never forms
$\mathbf{X}^T\mathbf{S}\mathbf{X}$, whose condition number is the square of that of $\mathbf{S}^{1/2}\mathbf{X}$. One hidden
case has two features that differ by about $10^{-7}$: there $\operatorname{cond}(\mathbf{S}^{1/2}\mathbf{X}) \approx 1.7
\cdot 10^7$, and a solve with $\mathbf{X}^T\mathbf{S}\mathbf{X}$, condition number $3 \cdot 10^{14}$, keeps a digit or
two where `lstsq` keeps about nine.
""",
    reference=_newton_point, model_solution=_irls_solution,
    cases=[dict(X=np.array([[1.0, 1.0], [2.0, 1.0], [3.0, 1.0], [4.0, 1.0]]), t=np.array([0.0, 1.0, 0.0, 1.0]),
                w=np.zeros(2)),
           dict(X=np.array([[0.5, 1.0], [1.5, 1.0], [2.5, 1.0], [3.5, 1.0], [4.5, 1.0]]),
                t=np.array([0.0, 0.0, 1.0, 0.0, 1.0]), w=np.array([1.0, -3.0])),
           dict(X=np.array([[1.0, 0.5, -1.0], [0.2, 1.0, 1.0], [-1.0, 2.0, 0.0], [0.3, -0.4, 1.0], [1.5, 1.0, 0.5]]),
                t=np.array([1.0, 0.0, 1.0, 0.0, 1.0]), w=np.array([0.5, -1.0, 2.0])),
           dict(X=np.array([[1.0, -4.0], [1.0, -1.0], [1.0, 1.0], [1.0, 4.0], [1.0, 0.0]]),
                t=np.array([0.0, 1.0, 0.0, 1.0, 1.0]), w=np.array([0.2, 2.0])),
           dict(X=_X_ILL, t=_T_ILL, w=np.zeros(2))],                # nearly parallel features
    notes={5: _ill_conditioned_note},
    slips=[(_irls_weights_squared, "lstsq minimises the plain sum of squares of (row v - target): scaling row i and "
                                   "r_i by s_i weighs its squared residual by s_i^2. Scale both by sqrt(s_i)."),
           (_irls_unweighted, "That is ordinary least squares on the working response: every example weighs the "
                              "same. Newton's step weighs example i by s_i = p_i (1 - p_i)."),
           (_irls_slide_sign, "Check the sign of the residual: r_i = y_i + (t_i - p_i)/s_i. With (p_i - t_i), the "
                              "sign of Arias's IRLS slide, the fit moves the scores away from the targets: uphill."),
           (_irls_step_only, "That is Newton's step d = w_{k+1} - w_k: the working response starts from the "
                             "current score, r_i = y_i + (t_i - p_i)/s_i, and then the fit gives w_{k+1} itself.")],
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
                           "scales exactly as the weights do, so the iterates are the same, w_k / 60 and b_k. The "
                           "gradient test is 60 times stricter on the slope, but at 1e-13 that costs no step "
                           "(the block below)."),
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

# ---------------------------------------------------------------- section 16


def _null_directions_of_the_iris_hessian() -> int:
    """How many eigenvalues of the unpenalised softmax Hessian on iris (4 features, 3 classes) are 0 to round-off."""
    iris = load_iris()
    X = (iris.X - iris.X.mean(axis=0)) / iris.X.std(axis=0)
    objective = SoftmaxLoss(X, iris.y)
    w = np.random.default_rng(0).normal(scale=0.5, size=objective.n_weights)
    eigenvalues = np.linalg.eigvalsh(objective.hessian(w))
    return int(np.sum(np.abs(eigenvalues) <= SINGULAR_RTOL * np.abs(eigenvalues).max()))


softmax_null_directions = Count(
    "the flat directions of the softmax loss",
    r"""
**5**, which is $D + 1$. Adding the same vector $\mathbf{v}$ to every class's weights,
$\mathbf{w}_k \to \mathbf{w}_k + \mathbf{v}$, adds $\tilde{\mathbf{x}}^T\mathbf{v}$ to every score of an example, which
softmax ignores: the loss is constant along each such direction, and the Hessian maps it to $\mathbf{0}$. The vectors
$\mathbf{v}$ have $D + 1 = 5$ entries (4 features and the bias), each free, so they fill a space of dimension 5. In the
other directions the loss curves when $\tilde{\mathbf{X}}$ has full column rank: the Hessian's rank is
$(D + 1)(K - 1) = 10$ of the 15 weights, the number of free parameters of the model (binary logistic regression,
$K = 2$, has $D + 1$ of $2(D + 1)$).
""",
    truth=_null_directions_of_the_iris_hessian,
    answer=5, what="the number of independent flat directions", example="2",
    praise="v in R^(D+1), added to every class's weights, changes no probability: D + 1 = 5 flat directions.",
    slips=[(lambda: 1, "Adding one number c to every score is the flat direction of one example; across all examples "
                       "it is a whole vector v (one entry per input, bias included) added to every class's weights."),
           (lambda: 4, "The bias is a weight too: adding the same number to every class's bias changes no "
                       "probability either. Count the entries of v, inputs and bias."),
           (lambda: 3, "K = 3 is the number of classes; the flat directions are the vectors v added to every class, "
                       "one entry per input and bias."),
           (lambda: 10, "(D + 1)(K - 1) = 10 is the number of directions in which the loss does curve (the free "
                        "parameters); the flat ones are the rest of the 15."),
           (lambda: 15, "Not every direction is flat: adding v to only one class's weights changes its probabilities."),
           (lambda: 0, "The binary Hessian is positive definite for a full-rank X, but the softmax model has more "
                       "weights than it needs: some changes of W leave every probability alone.")],
    advice="Which changes of W = (w_1, ..., w_K) leave every softmax probability unchanged? Count how many numbers "
           "describe such a change.",
)


# ---------------------------------------------------------------- section 17

#: E(w) = 1/2 w^T H w - b^T w + lambda ||w||_1, both weights penalised: the exercise's problem.
_H_L1, _B_L1, _LAMBDA_L1 = np.array([[1.0, 0.9], [0.9, 1.0]]), np.array([-1.5, -0.6]), 0.5


def _orthant_step_from_zero():
    """The weights after one step of ``minimize(..., "newton-l1")`` from w = 0 on the exercise's problem."""
    objective = FunctionObjective(lambda w: 0.5 * w @ _H_L1 @ w - _B_L1 @ w, lambda w: _H_L1 @ w - _B_L1,
                                  lambda w: _H_L1)
    return minimize(objective, np.zeros(2), "newton-l1", l1=_LAMBDA_L1, max_iter=1, tol=0).weights[1]


def _both_free():
    """Newton's step on both freed weights, with no weight held: w - H^{-1} v."""
    gradient = -_B_L1
    return -np.linalg.solve(_H_L1, gradient - _LAMBDA_L1 * np.sign(gradient))


orthant_newton_step = Derive(
    "one step of Newton's method with an L1 penalty",
    r"""
**$\mathbf{w} = (-1, 0)$.** At $\mathbf{w} = \mathbf{0}$ the gradient of the smooth part is
$\mathbf{g} = \mathbf{H}\mathbf{w} - \mathbf{b} = (1.5, 0.6)$. Both $|g_j|$ exceed $\lambda = 0.5$, so both weights are freed,
with the smallest subgradient $\mathbf{v} = \mathbf{g} - \lambda\operatorname{sign}(\mathbf{g}) = (1, 0.1)$ and the signs
$\zeta_j = -\operatorname{sign}(v_j) = -1$: both are to move down.

Newton's step on both solves $\mathbf{H}\mathbf{d} = \mathbf{v}$:
$\mathbf{d} = \frac{1}{0.19}(1 - 0.9 \cdot 0.1,\; -0.9 + 0.1) = (4.789, -4.211)$, so $\mathbf{w} - \mathbf{d} = (-4.789, 4.211)$:
$w_2$ would move *up*, against its sign. The coupling $0.9$ in $\mathbf{H}$ does it: as $w_1$ falls, the data's pull on
$w_2$, $g_2 = 0.9\,w_1 + 0.6$, weakens and turns. So $w_2$ is held at 0, and the step solved for $w_1$ alone:
$H_{11} d_1 = v_1$, $d_1 = 1$, $\mathbf{w} = (-1, 0)$. The full step lowers the total loss from 0 to
$\frac12 - 1.5 + 0.5 = -0.5$, so the line search keeps $\alpha = 1$.

It is the minimum: at $(-1, 0)$, $\mathbf{g} = (-1 + 1.5,\; -0.9 + 0.6) = (0.5, -0.3)$, so
$g_1 + \lambda\operatorname{sign}(w_1) = 0.5 - 0.5 = 0$ and $|g_2| = 0.3 \le \lambda$ (notebook 04's conditions). Had both
weights stayed free, the step to $(-4.789, 0)$ (with $w_2$ stopped at 0) would overshoot, and the line search would
need two halvings, to $w_1 = -1.197$ at $\alpha = \frac14$, past the minimum at $-1$.
""",
    truth=_orthant_step_from_zero,
    answer=[-1.0, 0.0], what="the weights (w1, w2) after the step", example="[-0.5, 0.2]",
    praise="Both weights freed (|g| = (1.5, 0.6) > 0.5), but the step H^{-1} v = (4.79, -4.21) would push w2 up, "
           "against its sign: held at 0, it leaves w1 = -v1 / H11 = -1, already the minimum.",
    slips=[(lambda: np.array([_both_free()[0], 0.0]),
            "That is the step on both freed weights with w2 stopped at 0 where it crossed. But that step would "
            "move w2 against the sign it was freed with: hold w2 at 0 first, then solve for w1 alone."),
           (lambda: np.array([_both_free()[0] / 4, 0.0]),
            "That is the step on both freed weights, w2 set to 0 where it crossed, then two halvings of the line "
            "search. But a freed weight the step pushes against its sign is held before the line search: hold w2 at "
            "0, solve for w1 alone, and the full step passes."),
           (_both_free, "Both weights were freed to move down (zeta = -sign(v) = (-1, -1)), and this step moves w2 "
                        "up: hold such a weight at 0 and solve again without it."),
           (lambda: np.array([-(-_B_L1[0] + _LAMBDA_L1) / _H_L1[0, 0], 0.0]),
            "Check the penalty's slope: w1 moves down (zeta_1 = -1), where lambda |w1| = -lambda w1 has slope "
            "-lambda, so v1 = g1 - lambda = 1, not g1 + lambda."),
           (lambda: np.linalg.solve(_H_L1, _B_L1), "That is the minimum of the smooth part alone. Newton's step in the "
                                                   "orthant solves with the smallest subgradient v = g - lambda "
                                                   "sign(g), the penalty's slope included."),
           (lambda: np.array([_B_L1[0] / _H_L1[0, 0], 0.0]),
            "Right to hold w2 at 0, but solve with v1 = g1 - lambda = 1, not g1 = 1.5: the penalty's slope is part "
            "of the gradient in the orthant."),
           (lambda: -_orthant_step_from_zero(), "Check the sign: the step is w - d with H d = v, downhill.")],
    advice="Compute g = H w - b at w = 0, then v = g - lambda sign(g) for the freed weights, solve H d = v, and check "
           "that each freed weight moves the way its sign says (zeta_j = -sign(v_j)).",
    names=("w1", "w2"),
)


# ---------------------------------------------------------------- section 18

_H_CG, _G_CG = np.array([[4.0, 1.0], [1.0, 3.0]]), np.array([1.0, 2.0])


def _cg_iterate(products):
    """The iterate of conjugate gradients on H d = g after ``products`` products, from d_0 = 0."""
    return conjugate_gradient(lambda v: _H_CG @ v, _G_CG, tol=0, max_iter=products).x


first_cg_iterate = Derive(
    "the first iterate of conjugate gradients",
    r"""
Along $\mathbf{p}_0 = \mathbf{g}$ the model is $q(\alpha\mathbf{g}) = \tfrac12\alpha^2\,\mathbf{g}^T\mathbf{H}\mathbf{g} - \alpha\,\mathbf{g}^T\mathbf{g}$,
a parabola in $\alpha$, lowest where its derivative $\alpha\,\mathbf{g}^T\mathbf{H}\mathbf{g} - \mathbf{g}^T\mathbf{g}$ vanishes:

$$\alpha_0 = \frac{\mathbf{g}^T\mathbf{g}}{\mathbf{g}^T\mathbf{H}\mathbf{g}}, \qquad \mathbf{H}\mathbf{g} = (4 + 2,\; 1 + 6) = (6, 7),
\quad \mathbf{g}^T\mathbf{H}\mathbf{g} = 6 + 14 = 20, \quad \mathbf{g}^T\mathbf{g} = 5,$$

so $\alpha_0 = \tfrac14$ and $\mathbf{d}_1 = \tfrac14(1, 2) = (0.25, 0.5)$, after one product $\mathbf{H}\mathbf{g}$. It is the
*Cauchy point*, the minimum of the model along steepest descent. The residual is then
$\mathbf{r}_1 = \mathbf{g} - \tfrac14\mathbf{H}\mathbf{g} = (-0.5, 0.25)$, orthogonal to $\mathbf{g}$; the second product lands on
$\mathbf{H}^{-1}\mathbf{g} = \tfrac1{11}(1, 7) = (0.0909, 0.6364)$, as CG must for $D = 2$.
""",
    truth=lambda: _cg_iterate(1),
    answer=[0.25, 0.5], what="the first iterate d_1 = (d_1, d_2)", example="[0.5, 0.1]",
    praise="alpha_0 = g^T g / g^T H g = 5 / 20 = 1/4, so d_1 = (0.25, 0.5): the minimum of the model along g.",
    slips=[(lambda: _G_CG, "That is the direction p_0 = g with a step of 1. Go to the minimum of the model along it: "
                           "q(alpha g) is a parabola in alpha."),
           (lambda: 4.0 * _G_CG, "Check which way round the step goes: the more curved the model along g (the "
                                 "larger g^T H g), the shorter the step to its lowest point."),
           (lambda: -0.25 * _G_CG, "Check the sign: the model q(d) = d^T H d / 2 - g^T d falls along +g from 0, "
                                   "since its gradient there is -g."),
           (lambda: _cg_iterate(2), "That is H^{-1} g, where CG lands after its second product. The first iterate "
                                    "is the minimum of the model along g alone."),
           (lambda: _G_CG / np.diag(_H_CG), "That divides each component by the diagonal of H (Jacobi's step). CG "
                                            "moves along the whole vector g, to the lowest point of the model on "
                                            "that line.")],
    advice="Write the model along the first direction, q(alpha g), as a parabola in alpha, and find its lowest point.",
    names=("d_1", "d_2"),
)

newton_cg_against_cholesky = Choice(
    "Newton-CG against Newton with Cholesky",
    r"""
**(b)**. A step of Newton with Cholesky costs $2 + D/2 + D^2/(6N)$ passes, one of Newton-CG $2 + 2m$ for its $m$
products; Newton-CG wins when its $m$ stay well under $D/4$ and its extra steps do not undo that.
- *200 independent features*: $\mathbf{H}$ is close to a multiple of $\mathbf{I}$ (its eigenvalues are clustered), and CG
  needs a handful of products where forming $\mathbf{H}$ costs 100 passes: about 46 passes against 420.
- *50 correlated features*: the one shared factor gives $\mathbf{H}$ one large eigenvalue and many nearly equal small
  ones. That ill-conditioning is what slows gradient descent (section 8), but CG needs a few products a step (at most 9
  here, as the forcing term tightens), far below the 13 at which they cost as much as forming $\mathbf{H}$; their number
  follows the groups of eigenvalues, not the condition number: about 56 passes against 83.
- *2 features*: a Newton step costs 3.5 passes, less than two products; Newton-CG's rough early steps then cost it
  more passes in all, about 20 against 10.5.
""",
    kind="predict",
    options={
        "a": Option(False, "The correlated features make H ill-conditioned, which is what slows gradient descent; CG "
                           "needs a few products a step (at most 9 here), far below the 13 at which they cost a Hessian: "
                           "one shared factor makes two groups of eigenvalues, not a spread."),
        "b": Option(True, "Newton-CG wins where its products per step stay far below D/4: with 200 features "
                          "(clustered eigenvalues) and with 50 correlated ones (two clusters, at most 9 products a step "
                          "against D/4 = 13), not with 2 features, "
                          "where a whole Newton step costs less than two products."),
        "c": Option(False, "With 3 weights a Newton step, Hessian and Cholesky included, costs 2 + 1.5 passes: "
                           "less than one step of Newton-CG with two products, and Newton-CG takes more steps."),
        "d": Option(False, "The forcing term asks CG for accuracy only near the minimum, and even there CG needs "
                           "a few products a step (at most 9 with D = 51 weights), set by the groups of the Hessian's "
                           "eigenvalues, not D."),
    },
)
