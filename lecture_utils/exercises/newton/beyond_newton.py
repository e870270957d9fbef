"""The exercises of notebook 05, sections 19-22: the Wolfe conditions, a trust region (section 20, last in this
file), Fisher scoring for a GLM and the Laplace approximation."""

from __future__ import annotations

import numpy as np
from scipy.special import expit, ndtr

from ...logistic import probit_approximation
from ...logistic.glm import _per_example
from ...optimization import dogleg_step, wolfe_conditions
from .._core import Derive, grade, significant_digits


# ---------------------------------------------------------------- section 19

#: phi(a) = E(w + a p) = (a - 2)^2 + 1 along the exercise's direction, and its Wolfe constants.
_C1_WOLFE, _C2_WOLFE = 0.25, 0.5


def _phi(a):
    return (np.asarray(a, dtype=float)[0] - 2.0) ** 2 + 1.0


def _phi_slope(a):
    return 2.0 * (np.asarray(a, dtype=float) - 2.0)


def _wolfe_interval():
    """The smallest and largest step meeting both Wolfe conditions on phi, by bisection of the package's check."""
    def both(step):
        return all(wolfe_conditions(_phi, _phi_slope, 0.0, 1.0, step, _C1_WOLFE, _C2_WOLFE))

    inside = 2.0                                             # the lowest point of phi meets both
    ends = []
    for outside in (1e-9, 10.0):
        low, high = outside, inside
        for _ in range(80):
            middle = (low + high) / 2
            low, high = (low, middle) if both(middle) else (middle, high)
        ends.append(high if outside < inside else low)
    return np.round(ends, 12)                                 # the bisection leaves a few ulps


wolfe_steps = Derive(
    "the steps that meet the Wolfe conditions",
    r"""
**$[1, 3]$.** Here $\phi(0) = 5$ and $\phi'(\alpha) = 2(\alpha - 2)$, so $\phi'(0) = -4$.

*Sufficient decrease*, $\phi(\alpha) \le \phi(0) + c_1\alpha\,\phi'(0)$:
$(\alpha - 2)^2 + 1 \le 5 - \alpha$, that is $\alpha^2 - 3\alpha \le 0$, so $0 \le \alpha \le 3$. Steps longer than 3 lower
the loss by less than a quarter of what the first slope promises (beyond 4 they raise it).

*Curvature*, $\phi'(\alpha) \ge c_2\,\phi'(0)$: $2(\alpha - 2) \ge -2$, so $\alpha \ge 1$. Shorter steps stop where the loss
still falls steeply: a step that short would have been worth taking longer.

Both hold for $1 \le \alpha \le 3$. The exact minimiser along the line, $\alpha = 2$, is in the middle; the strong Wolfe
conditions, $|\phi'(\alpha)| \le c_2|\phi'(0)|$, give the same interval here, since $\phi'$ reaches $+2$ only at $\alpha = 3$.
""",
    truth=_wolfe_interval,
    answer=[1.0, 3.0], what="[smallest step, largest step]", example="[0.5, 2.5]",
    praise="Armijo: (a - 2)^2 + 1 <= 5 - a for 0 <= a <= 3; curvature: 2(a - 2) >= -2 for a >= 1.",
    slips=[(lambda: [0.0, 3.0], "That is the sufficient-decrease condition alone. The curvature condition also "
                                "refuses steps that stop while the slope is still steep: phi'(a) >= c2 phi'(0)."),
           (lambda: [1.0, 4.0], "4 is where phi returns to phi(0): the decrease condition asks for more than a "
                                "lower loss, a fall of at least c1 a |phi'(0)|."),
           (lambda: [1.5, 2.0], "c1 and c2 are swapped: c1 = 1/4 belongs to the decrease "
                                "condition, c2 = 1/2 to the curvature condition."),
           (lambda: [0.0, 1.0], "Check the direction of the curvature condition: the slope at the step must have "
                                "risen to at least c2 times the first slope, phi'(a) >= c2 phi'(0), with phi'(0) < 0.")],
    advice="Write phi(0) and phi'(0); solve each condition as an inequality in alpha, then intersect.",
    names=("smallest", "largest"),
)


# ---------------------------------------------------------------- section 21

def _probit_weights_at_one():
    """The expected and observed information weights of one example with score 1 and target 1, probit link."""
    _, expected, observed = _per_example(np.array([1.0]), np.array([1.0]), "probit")
    return [float(expected[0]), float(observed[0])]


_PHI_1, _CDF_1 = np.exp(-0.5) / np.sqrt(2 * np.pi), ndtr(1.0)

probit_information = Derive(
    "expected and observed information of a probit example",
    r"""
**Expected $0.4386$, observed $0.3703$.** With $\mu = \Phi(1) = 0.8413$, $V = \mu(1 - \mu) = 0.1335$ and
$F'(1) = \phi(1) = 0.2420$:

$$c^{\text{exp}} = \frac{\phi(1)^2}{\Phi(1)\,(1 - \Phi(1))} = \frac{0.05855}{0.1335} = 0.4386 .$$

The observed weight is the curvature of this example's log-likelihood $\ell(y) = \ln\Phi(y)$ (its target is 1). With
the ratio $\lambda(y) = \phi(y)/\Phi(y)$, $\ell'(y) = \lambda(y)$ and, since $\phi'(y) = -y\,\phi(y)$,
$\lambda'(y) = -y\lambda - \lambda^2$, so

$$c^{\text{obs}} = -\ell''(1) = \lambda(1)\,(1 + \lambda(1)) = 0.2876 \times 1.2876 = 0.3703 .$$

An example with the same score and target 0 has $\ell(y) = \ln\Phi(-y)$ and $c^{\text{obs}} = \lambda(-1)(-1 + \lambda(-1)) = 0.8009$:
averaged over $t$ with the model's own probabilities, $0.8413 \times 0.3703 + 0.1587 \times 0.8009 = 0.4386$, the expected
weight. For the logistic link both weights would be $\sigma(1)\sigma(-1) = 0.1966$, whatever the target.
""",
    truth=_probit_weights_at_one,
    answer=[0.438628861102214, 0.3703137142233946], what="[expected weight, observed weight]",
    example="[0.5, 0.4]",
    praise="phi(1)^2 / (Phi(1)(1 - Phi(1))) = 0.4386; lambda(1)(1 + lambda(1)) = 0.3703 with lambda = phi / Phi.",
    slips=[(lambda: [0.19661193324148185, 0.19661193324148185],
            "Those are the logistic link's weights, sigma(1) sigma(-1). The probit link has mu = Phi(y) and "
            "F'(y) = phi(y)."),
           (lambda: [0.438628861102214, 0.438628861102214],
            "The two weights agree for the canonical (logistic) link, not for the probit: differentiate "
            "ln Phi(y) twice for the observed one."),
           (lambda: [0.3703137142233946, 0.438628861102214], "The two numbers are swapped: the expected weight "
                                                              "does not depend on the target."),
           (lambda: [0.438628861102214, float(_per_example(np.array([1.0]), np.array([-1.0]), "probit")[2][0])],
            "That observed weight belongs to target 0, ln Phi(-y); this example's target is 1."),
           (lambda: [_PHI_1 / (_CDF_1 * (1 - _CDF_1)), 0.3703137142233946],
            "The expected weight squares F'(y): F'(y)^2 / V, from the score's factor F' / V times the slope F' of "
            "the mean."),
           (lambda: [0.438628861102214, _PHI_1 / _CDF_1 * (1 - _PHI_1 / _CDF_1)],
            "Check the derivative of lambda = phi / Phi: phi'(y) = -y phi(y), so lambda' = -y lambda - lambda^2 "
            "and -l'' = lambda (y + lambda).")],
    advice="Expected: F'(y)^2 / (mu (1 - mu)) with F = Phi. Observed: minus the second derivative of ln Phi(y) at "
           "y = 1; phi'(y) = -y phi(y) helps.",
    names=("expected", "observed"),
)


# ---------------------------------------------------------------- section 22

#: The exercise's posterior: w_MAP = (w, b), its covariance S_N, and the input x = 3 with its 1 for the bias.
_W_MAP, _S_N, _X_TILDE = np.array([1.0, -2.0]), np.array([[0.5, 0.1], [0.1, 0.2]]), np.array([3.0, 1.0])


def _moderated(variance):
    return probit_approximation(float(_X_TILDE @ _W_MAP), variance)


def _names_the_value(number, value):
    """Whether ``number`` is ``value`` to every figure it shows, with at least 2 figures (as the core matches slips)."""
    verdict = grade(number, value)
    return verdict == "correct" or (verdict == "close" and significant_digits(number) >= 2)


_DOUBLE_COUNT = "The covariance 0.1 between w and b counts twice in x~^T S_N x~: 2 x 0.1 x 3 x 1 = 0.6."
_NO_BIAS = "The bias is a weight too: x~ = (3, 1) includes its 1, so S_N's whole 2 x 2 matrix enters."


def _predictive_advice(value):
    """A slip in the variance (4.7 or 4.5) is named by the variance alone, whatever p was rounded to."""
    for slipped, hint in ((4.7, _DOUBLE_COUNT), (4.5, _NO_BIAS)):
        if _names_the_value(float(np.ravel(value)[0]), slipped):
            return hint
    return "mu_a = x~^T w_MAP and sigma_a^2 = x~^T S_N x~ with x~ = (3, 1); then sigma(kappa mu_a)."


def _score_variance_and_predictive():
    variance = float(_X_TILDE @ _S_N @ _X_TILDE)
    return [variance, _moderated(variance)]


laplace_predictive = Derive(
    "the moderated predictive probability",
    r"""
**$\sigma_a^2 = 5.3$, $p = 0.639$.** The score of $\tilde{\mathbf{x}} = (3, 1)$ has the mean
$\mu_a = \tilde{\mathbf{x}}^T\mathbf{w}_\text{MAP} = 3 - 2 = 1$ and the variance

$$\sigma_a^2 = \tilde{\mathbf{x}}^T\mathbf{S}_N\tilde{\mathbf{x}} = 0.5 \cdot 3^2 + 2 \cdot 0.1 \cdot 3 \cdot 1 + 0.2 \cdot 1^2 = 4.5 + 0.6 + 0.2 = 5.3 .$$

Then $\kappa = (1 + \pi \cdot 5.3/8)^{-1/2} = (3.081)^{-1/2} = 0.5696$ and $p = \sigma(0.5696) = 0.639$. The MAP weights alone
say $\sigma(1) = 0.731$: the uncertainty of the weights pulls the probability towards $\tfrac12$, without changing its side.
(Quadrature of $\int \sigma(a)\,\mathcal{N}(a \mid 1, 5.3)\,da$ gives $0.636$: the probit approximation is good to about 0.02.)
""",
    truth=_score_variance_and_predictive,
    answer=[5.3, 0.6386898401252996], what="[sigma_a^2, p]", example="[2.5, 0.6]",
    praise="sigma_a^2 = x~^T S_N x~ = 4.5 + 0.6 + 0.2 = 5.3; kappa = (1 + 5.3 pi / 8)^(-1/2) = 0.570; sigma(0.570) = 0.639.",
    slips=[(lambda: [4.7, _moderated(4.7)], _DOUBLE_COUNT),
           (lambda: [5.3, 1 / np.sqrt(1 + np.pi * 5.3 / 8)], "0.570 is kappa, the factor; p = sigma(kappa mu_a)."),
           (lambda: [5.3, float(expit(1.0))], "sigma(mu_a) = 0.731 is the MAP's plug-in probability; the "
                                              "predictive one is sigma(kappa mu_a), with kappa < 1."),
           (lambda: [5.3, _moderated(np.sqrt(5.3))], "kappa takes the variance sigma_a^2 = 5.3, not the standard "
                                                     "deviation."),
           (lambda: [5.3, float(expit(np.sqrt(1 + np.pi * 5.3 / 8)))],
            "kappa = (1 + pi sigma^2 / 8)^(-1/2) is below 1: it divides the score by sqrt(1 + pi sigma^2 / 8)."),
           (lambda: [5.3, 0.6357636337841128], "0.636 is the integral itself, by quadrature: right, and more than "
                                               "the exercise asks. Give the probit approximation sigma(kappa mu_a)."),
           (lambda: [4.5, _moderated(4.5)], _NO_BIAS)],
    advice=_predictive_advice,
    names=("variance", "p"),
)


# ---------------------------------------------------------------- section 20

#: The exercise's model m(p) = g^T p + p^T H p / 2 and radius.
_G_TR, _H_TR, _RADIUS_TR = np.array([2.0, 2.0]), np.diag([1.0, 4.0]), 1.5


def _radius_along(direction):
    """The point at distance _RADIUS_TR along ``direction``."""
    return _RADIUS_TR * direction / np.linalg.norm(direction)


dogleg_by_hand = Derive(
    "a dogleg step",
    r"""
**$\mathbf{p} = (-1.345, -0.664)$.** Newton's step $\mathbf{p}_N = -\mathbf{H}^{-1}\mathbf{g} = (-2, -0.5)$ has length
$\sqrt{4.25} = 2.06 > 1.5$: outside the region. The model's lowest point along $-\mathbf{g}$ is
$\mathbf{p}_U = -\frac{\mathbf{g}^T\mathbf{g}}{\mathbf{g}^T\mathbf{H}\mathbf{g}}\,\mathbf{g} = -\frac{8}{20}(2, 2) = (-0.8, -0.8)$, of
length $1.131 < 1.5$: inside. So the step lies on the second leg, $\mathbf{p}_U + \tau(\mathbf{p}_N - \mathbf{p}_U)$ with
$\mathbf{p}_N - \mathbf{p}_U = (-1.2, 0.3)$, where its length is 1.5:

$$(0.8 + 1.2\tau)^2 + (0.8 - 0.3\tau)^2 = 2.25 \iff 1.53\tau^2 + 1.44\tau - 0.97 = 0 \iff \tau = 0.4543,$$

and $\mathbf{p} = (-0.8 - 1.2 \cdot 0.4543,\; -0.8 + 0.3 \cdot 0.4543) = (-1.345, -0.664)$.
""",
    truth=lambda: dogleg_step(_G_TR, _H_TR, _RADIUS_TR)[0],
    answer=[-1.3451742504, -0.6637064374], what="the step (p_1, p_2)", example="[-1.0, -0.5]",
    praise="p_N = (-2, -0.5) is outside, p_U = (-0.8, -0.8) inside: the second leg meets the circle at tau = 0.454, "
           "p = (-1.345, -0.664).",
    slips=[(lambda: -np.linalg.solve(_H_TR, _G_TR), "Newton's step has length 2.06, beyond the radius 1.5: the "
                                                     "dogleg cuts it."),
           (lambda: -(_G_TR @ _G_TR) / (_G_TR @ _H_TR @ _G_TR) * _G_TR,
            "p_U is the corner of the dogleg, of length 1.13 < 1.5: the path goes on towards Newton's step until it "
            "reaches the radius."),
           (lambda: _radius_along(-_G_TR), "That is steepest descent cut at the radius, the step when p_U itself lies "
                                           "outside; here p_U is inside, and the path turns towards Newton's step."),
           (lambda: _radius_along(-np.linalg.solve(_H_TR, _G_TR)),
            "That is Newton's direction cut at the radius. The dogleg path runs from 0 to p_U and then straight to "
            "p_N: find where that second leg meets the circle."),
           (lambda: -dogleg_step(_G_TR, _H_TR, _RADIUS_TR)[0], "Check the sign: the step goes downhill, against g.")],
    advice="Compute Newton's step and p_U = -(g^T g / g^T H g) g and their lengths; if p_N is outside and p_U inside, "
           "solve ||p_U + tau (p_N - p_U)|| = 1.5 for tau.",
    names=("p_1", "p_2"),
)
