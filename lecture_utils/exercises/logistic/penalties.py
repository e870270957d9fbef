"""The exercises of notebook 04's second half, sections 7-12: the soft perceptron, the squared error, separable data,
softmax regression, L1 and L2 (and their priors) and choosing their strength, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.logistic` (or
:mod:`lecture_utils.losses`), independently of the hand solution it stores.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from ...logistic import LogisticLoss, logit, softmax
from ...losses import logistic_loss_derivative
from .._core import Choice, Derive, Option

# ---------------------------------------------------------------- section 7

_SOFT_W, _SOFT_X, _SOFT_T, _SOFT_ETA = np.array([1.0, 0.0, 0.0]), np.array([2.0, 1.0, 1.0]), -1.0, 0.5


def _soft_step(weight_of_margin):
    z = _SOFT_T * _SOFT_W @ _SOFT_X                                 # the margin t± x~^T w
    return _SOFT_W + _SOFT_ETA * weight_of_margin(z) * _SOFT_T * _SOFT_X


soft_perceptron_step = Derive(
    "one step of the soft perceptron",
    r"""
With the constant input, $\tilde{\mathbf{x}} = (2, 1, 1)$; the margin is
$z = t^\pm\,\tilde{\mathbf{x}}^T\mathbf{w} = -(2 \cdot 1 + 0 + 0) = -2$: the example is misclassified. The step is
$\mathbf{w} \leftarrow \mathbf{w} + \eta\,\sigma(-z)\,t^\pm\,\tilde{\mathbf{x}}$ with $\sigma(2) = 0.8808$, the probability
the model gives the wrong label:

$$\mathbf{w} \leftarrow (1, 0, 0) + 0.5 \cdot 0.8808 \cdot (-1)\,(2, 1, 1) = (0.1192, -0.4404, -0.4404).$$

The perceptron would step by the full $\eta\,t^\pm\,\tilde{\mathbf{x}}$, to $(0, -0.5, -0.5)$; the soft perceptron
steps 88% of the way.
""",
    truth=lambda: _soft_step(lambda z: -logistic_loss_derivative(z)),     # -l'(z) = sigma(-z)
    answer=[1 - expit(2.0), -0.5 * expit(2.0), -0.5 * expit(2.0)],
    what="the new weights (w_1, w_2, b)", example="[0.5, -1, 0.25]",
    praise="z = -2, so the step weight is sigma(2) = 0.881: w = (1, 0, 0) - 0.5 * 0.881 * (2, 1, 1).",
    slips=[(lambda: _soft_step(expit), "The weight is sigma(-z), the probability of the wrong label, not "
                                         "sigma(z): here z = -2, so sigma(-z) = sigma(2) = 0.881. (Liu's "
                                         "notes print sigma(z): a slip.)"),
           (lambda: _soft_step(lambda z: 1.0), "That is the perceptron's step; the soft perceptron weighs it "
                                               "by sigma(-z) = 0.881."),
           (lambda: _soft_step(lambda z: -expit(-z)), "Check the sign: SGD steps against the gradient "
                                                        "-sigma(-z) t± x, so w moves by +eta sigma(-z) t± x."),
           (lambda: np.array([1.0, 0.0, 0.0]) + 0.5 * expit(2.0) * -1 * np.array([2.0, 1.0, 0.0]),
            "Don't forget the bias: its input is the constant 1, so b changes too.")],
    advice="Compute the margin z = t± x^T w with x = (2, 1, 1), then w + eta sigma(-z) t± x.",
    names=("w_1", "w_2", "b"),
)

# ---------------------------------------------------------------- section 8

squared_error_from_zero = Choice(
    "the squared error from a neutral start",
    r"""
**(b)**. At $\mathbf{w} = \mathbf{0}$ every $p_i = \frac12$: no example is confidently wrong, and the squared
error's gradient $\frac2N\sum_i (p_i - t_i)\,p_i(1 - p_i)\,\tilde{\mathbf{x}}_i$ is exactly half the
cross-entropy's, since $p_i(1 - p_i) = \frac14$. The run heads for the same region and stops, after 1745
steps against the cross-entropy's 752, at $\mathbf{w} = (0.923, -2.424)$, beside the cross-entropy's
$(0.927, -2.527)$: boundaries at 2.63 and 2.73 hours, training accuracies 0.70 and 0.72.

Not the same weights: the two losses weigh the examples differently, so on 50 examples their minimisers
differ. The squared error's trouble is its plateaus, and a start far out lands on one; the convex
cross-entropy has no such trap and reaches its one minimum from any start.
""",
    kind="predict",
    options={
        "a": Option(False, "Not convex means that plateaus exist, not that every start lands on one. From w = 0 "
                           "every p_i = 1/2, no example is confidently wrong, and the gradient is half the "
                           "cross-entropy's: the run heads for the same region."),
        "b": Option(True, "From w = 0 nobody is confidently wrong: the run stops at w = (0.923, -2.424) after "
                          "1745 steps, beside the cross-entropy's (0.927, -2.527) after 752."),
        "c": Option(False, "Close, but not the same: with infinitely many examples from a logistic model both "
                           "losses would find the true weights, but on 50 examples they weigh the examples "
                           "differently: (0.923, -2.424) against (0.927, -2.527)."),
        "d": Option(False, "It converges: its gradient falls below 1e-6 after 1745 steps. Where no example is "
                           "confidently wrong its gradient is about half the cross-entropy's."),
    },
)

# ---------------------------------------------------------------- section 9

separable_weights = Choice(
    "ten times more steps on separable data",
    r"""
**(b)**. On separable data $E(c\,\mathbf{w}) \to 0$ as $c \to \infty$ for any separating $\mathbf{w}$, so there
is no minimum to stop at, and gradient descent keeps pushing the weights out. But the loss and its
gradient shrink like $e^{-\text{margin}}$, so each step is shorter than the one before: in the run after the
exercise, $\|\mathbf{w}\|$ goes 4.2, 10.0, 20.5, 35.8 at 10, 100, 1000, 10 000 steps. Per decade of steps it
grows by 5.9, 10.4, 15.4 (and 18.0 up to $10^5$ steps): increments that tend to $\ln 10/\gamma = 19.9$, with
$\gamma = 0.116$ the widest margin of the points with their constant input. In the long run
$\|\mathbf{w}_k\|$ grows like $(\ln k)/\gamma$ (Soudry, Hoffer, Nacson, Gunasekar and Srebro, 2018): far less
than tenfold per tenfold of steps. Nothing overflows; the probabilities just creep towards 0 and 1.
""",
    kind="predict",
    options={
        "a": Option(False, "There is no finite minimum on separable data: scaling a separating w up always "
                           "lowers the loss, so the weights never stop growing."),
        "b": Option(True, "The weights grow for ever, by less at every step as the gradient shrinks with the loss: "
                          "from 20.5 at 1000 steps to 35.8 at 10 000 (in the long run like (ln k) / gamma, "
                          "gamma the widest margin)."),
        "c": Option(False, "The gradient shrinks as the loss does (both like e^-margin), so the steps get "
                           "shorter: 20.5 at 1000 steps becomes 35.8 at 10 000, not 205."),
        "d": Option(False, "With eta below the safe bound every step lowers the loss, and the weights grow "
                           "only slowly; nothing overflows (the library warns that the data are separable)."),
    },
)

large_step_on_separable_data = Choice(
    "a step far too large on separable data",
    r"""
**(c)**. Of section 4's two reasons for bouncing, only the first holds on separable data. Each step is
still at most $\eta\max_i\|\tilde{\mathbf{x}}_i\|$ long, so the weights cannot grow geometrically and nothing
overflows. But the second reason fails: nowhere far out does the loss rise again, because along a
separating direction it keeps falling. The run overshoots once (the loss rose at the second step only),
then heads out along such a direction; the margins grow, the gradient decays like $e^{-\text{margin}}$, and
the steps shrink: $\|\mathbf{w}\|$ is 28.1, 31.7 and 43.8 after 10, 100 and 1000 steps, a growth like
$(\ln k)/\gamma$ in the long run, as with a small step, while the loss tends to 0. That gradient descent does this on separable data for every constant
step is a theorem of Wu, Bartlett, Telgarsky and Yu (2024).
""",
    kind="predict",
    options={
        "a": Option(False, "The gradient is bounded by max ||x_i||, whatever the weights, so each step moves them "
                           "by at most eta max ||x_i||: they cannot grow geometrically, and nothing overflows."),
        "b": Option(False, "Bouncing needs walls: on the hours data the loss grows in every direction. On "
                           "separable data it falls for ever along a separating direction, and the path runs "
                           "out along it."),
        "c": Option(True, "Bounded steps, and no wall along a separating direction: ||w|| goes 28.1, 31.7, 43.8 "
                          "at 10, 100, 1000 steps while the loss falls towards 0."),
        "d": Option(False, "Separable data have no finite minimiser (section 9): scaling a separating w up "
                           "always lowers the loss, whatever the step."),
    },
)

# ---------------------------------------------------------------- section 10

_SCORES, _CLASS = np.array([2.0, 1.0, 0.0]), 0

softmax_gradient = Derive(
    "the gradient of the cross-entropy in the scores",
    r"""
$\operatorname{softmax}(2, 1, 0) = (e^2, e^1, e^0)/(e^2 + e + 1) = (7.389, 2.718, 1)/11.107 = (0.665, 0.245, 0.090)$,
and the gradient of $-\log p_0$ in the scores is softmax minus one-hot:

$$\mathbf{p} - \mathbf{t} = (0.665 - 1,\; 0.245,\; 0.090) = (-0.335,\; 0.245,\; 0.090).$$

The components sum to 0: adding the same amount to every score changes nothing.
""",
    truth=lambda: softmax(_SCORES) - np.eye(3)[_CLASS],
    answer=[np.e ** 2 / (np.e ** 2 + np.e + 1) - 1, np.e / (np.e ** 2 + np.e + 1), 1 / (np.e ** 2 + np.e + 1)],
    what="the gradient (three numbers)", example="[0.1, -0.3, 0.2]",
    praise="softmax(2, 1, 0) - (1, 0, 0): the gradient is the prediction minus the one-hot target.",
    slips=[(lambda: softmax(_SCORES), "That is softmax(y) itself; subtract the one-hot target (1, 0, 0)."),
           (lambda: np.eye(3)[_CLASS] - softmax(_SCORES), "Check the sign: the gradient of the negative "
                                                          "log-likelihood is p - t, prediction minus target."),
           (lambda: expit(_SCORES) - np.eye(3)[_CLASS], "Use the softmax of all three scores, not a sigmoid "
                                                           "of each one: the probabilities must sum to 1.")],
    advice="Compute p = softmax(2, 1, 0) = e^y / sum e^y, then subtract the one-hot vector of class 0.",
    names=("the first component", "the second", "the third"),
)

# ---------------------------------------------------------------- section 11

_X_L1, _T_L1 = np.array([-2.0, -1.0, 1.0, 2.0]), np.array([0, 1, 0, 1])


def _l1_threshold():
    """The largest |dE/dw_j| at w = 0 with the best bias: the L1 strength at which every weight is 0."""
    objective = LogisticLoss(_X_L1[:, None], _T_L1)
    return np.abs(objective.gradient(np.array([0.0, logit(_T_L1.mean())]))[:-1]).max()


l1_lambda_max = Derive(
    "the L1 strength that zeroes every weight",
    r"""
With every weight 0 the best bias makes $\sigma(b) = \bar t = 1/2$ (the fraction of positives), so every
$p_i = 1/2$. The weight $w = 0$ is optimal while $|\partial E/\partial w| \le \lambda$, and

$$\frac{\partial E}{\partial w}\Big|_{w = 0} = \frac1N\sum_i (p_i - t_i)\,x_i
= \tfrac14\big[(-2)(\tfrac12) + (-1)(-\tfrac12) + (1)(\tfrac12) + (2)(-\tfrac12)\big] = -0.25.$$

So $\lambda_\text{max} = 0.25$: for $\lambda \ge 0.25$ the L1 fit has $w = 0$ exactly.
""",
    truth=_l1_threshold,
    answer=0.25, what="lambda_max", example="0.5",
    praise="At w = 0 the best bias gives p_i = 1/2, and |(1/N) sum (p_i - t_i) x_i| = 0.25.",
    slips=[(lambda: 1.0, "E is the mean negative log-likelihood: divide the sum by N = 4."),
           (lambda: -0.25, "lambda is a strength, >= 0: the condition is |dE/dw| <= lambda."),
           (lambda: 0.5, "The penalty is lambda |w|, not lambda/2 |w|: lambda_max is |dE/dw| itself, with "
                         "no factor 2.")],
    advice="At w = 0 every p_i = mean(t) = 1/2; compute dE/dw = (1/N) sum (p_i - t_i) x_i and take its size.",
)

_N_MAP, _TAU_MAP = 250, 0.2


def _map_l2_strength():
    """The lambda whose penalised mean loss is the negative log-posterior over N under a N(0, tau^2) prior on each
    coefficient: read off the curvature of -log p(w) / N, which is lambda for the penalty lambda/2 ||w||^2."""
    minus_log_prior = lambda w: w ** 2 / (2 * _TAU_MAP ** 2) + np.log(np.sqrt(2 * np.pi) * _TAU_MAP)   # N(0, tau^2)
    # the second difference of a quadratic is exact for any step, up to round-off (hence the rounding to 12 places)
    curvature = minus_log_prior(1.0) - 2 * minus_log_prior(0.0) + minus_log_prior(-1.0)
    return round(curvature / _N_MAP, 12)


map_l2_strength = Derive(
    "the L2 strength of a Gaussian prior",
    r"""
The prior's log-density of one coefficient is $\log p(w_j) = -\frac{w_j^2}{2\tau^2} - \log(\sqrt{2\pi}\,\tau)$. The negative
log-posterior, divided by $N$, is

$$E(\mathbf{w}) + \frac{1}{N}\sum_j \frac{w_j^2}{2\tau^2} + \text{const} = E(\mathbf{w}) + \frac{1}{2N\tau^2}\|\mathbf{w}\|^2 + \text{const},$$

which is $E_\text{L2}$ with $\lambda/2 = 1/(2N\tau^2)$:

$$\lambda = \frac{1}{N\tau^2} = \frac{1}{250 \cdot 0.04} = 0.1 .$$

A narrower prior (smaller $\tau$) or fewer examples mean a stronger penalty; with more data the likelihood outweighs
the prior. scikit-learn's $C = 1/(N\lambda) = \tau^2$ is the prior's variance.
""",
    truth=_map_l2_strength,
    answer=0.1, what="lambda", example="0.5",
    praise="-log p(w) / N = ||w||^2 / (2 N tau^2) = lambda/2 ||w||^2 with lambda = 1 / (N tau^2) = 1 / (250 * 0.04) = 0.1.",
    slips=[(lambda: 1 / _TAU_MAP ** 2, "E is the *mean* negative log-likelihood: divide the log-prior by N = 250 too, "
                                       "so that the posterior keeps its maximum."),
           (lambda: 1 / (_N_MAP * _TAU_MAP), "The prior's exponent has tau squared: w^2 / (2 tau^2)."),
           (lambda: 2 / (_N_MAP * _TAU_MAP ** 2), "The penalty is lambda/2 ||w||^2, with its 1/2: match lambda/2 with "
                                                  "1 / (2 N tau^2)."),
           (lambda: 1 / (2 * _N_MAP * _TAU_MAP ** 2), "That is lambda/2; the penalty is lambda/2 ||w||^2, so double it."),
           (lambda: _TAU_MAP ** 2, "tau^2 = 0.04 is scikit-learn's C = 1/(N lambda), not lambda.")],
    advice="Write -log p(w_j) for the Gaussian prior, divide the negative log-posterior by N, and match its "
           "penalty with lambda/2 ||w||^2.",
)

# ---------------------------------------------------------------- section 12

best_cv_score = Choice(
    "the best cross-validation score",
    r"""
**(b)**. Each of the nine cross-validation means is a noisy estimate of how well its $\lambda$ does on new
data, and the largest was picked *because* it is the largest: its noise more likely pushed it up than down.
Taking the maximum of several noisy estimates is biased upwards (the mean of a maximum is at least the
maximum of the means), by more the more candidates there are and the noisier each is. So 0.9765 is an
optimistic estimate; the honest one scores the chosen model once on data that played no part in the
choice: the test set (0.958 here), or nested cross-validation, which repeats the whole search inside
each outer fold. Each fold's model does train on only 4/5 of the data, which makes cross-validation a
little pessimistic, but that is a different effect, and it does not make the maximum honest.
""",
    options={
        "a": Option(False, "Each score is honest for its own lambda, but the best of nine was chosen because it "
                           "was largest: selecting the maximum of noisy estimates biases it upwards."),
        "b": Option(True, "The best of nine noisy estimates, chosen for being the best, is biased upwards: "
                          "score the chosen model once on the untouched test set (or use nested "
                          "cross-validation)."),
        "c": Option(False, "Training each fold on 4/5 of the data does make cross-validation a little "
                           "pessimistic, but that does not cancel the optimism of picking the largest of nine "
                           "noisy scores, and the two need not balance."),
        "d": Option(False, "Shuffling decides which examples share a fold; the chosen score is still the "
                           "largest of nine noisy estimates, biased upwards."),
    },
)

#: The exercises of sections 7-12, in the order the notebook asks them.
EXERCISES = (soft_perceptron_step, squared_error_from_zero, separable_weights, large_step_on_separable_data,
             softmax_gradient, l1_lambda_max, map_l2_strength, best_cv_score)
