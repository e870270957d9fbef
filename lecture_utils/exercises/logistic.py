"""The exercises of notebook 04, logistic regression, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.logistic` (or
:mod:`lecture_utils.losses`), independently of the hand solution it stores; each
implement exercise compares the student's function with one built on the package's
:class:`~lecture_utils.logistic.LogisticLoss`.
"""

from __future__ import annotations

import numpy as np

from ..logistic import LogisticLoss, logit, sigmoid, softmax
from ..losses import logistic_loss_derivative
from ._core import Choice, Derive, Implement, Option

# ---------------------------------------------------------------- section 1

score_for_ninety_percent = Derive(
    "the score of a 90% prediction",
    r"""
The score is the log-odds: $p = \sigma(y) \iff y = \operatorname{logit}(p) = \log\frac{p}{1 - p}$. So

$$y = \log\frac{0.9}{0.1} = \log 9 \approx 2.197.$$

Odds of 9 to 1 need a score of about 2.2; $p = 0.99$ needs $\log 99 \approx 4.6$, and every further "9"
adds another $\log 10 \approx 2.3$.
""",
    truth=lambda: logit(0.9),
    answer=np.log(9), what="the score y(x)", example="1.25",
    praise="y = logit(0.9) = log(0.9 / 0.1) = log 9: odds of 9 to 1.",
    slips=[(lambda: -np.log(9), "Check the sign: a probability above 1/2 needs a positive score."),
           (lambda: np.log10(9), "The logit uses the natural logarithm: sigma(y) = 1 / (1 + e^-y)."),
           (lambda: np.log(0.9), "log p alone is not the inverse of the sigmoid: it is log(p / (1 - p))."),
           (lambda: sigmoid(0.9), "That is sigma(0.9); you need the inverse, the y with sigma(y) = 0.9.")],
    advice="Solve 0.9 = 1 / (1 + e^-y) for y: e^-y = 1/9.",
)

# ---------------------------------------------------------------- section 3


def _nll_gradient_reference(X, t, w):
    return LogisticLoss(X, t, fit_intercept=False).gradient(np.asarray(w, dtype=float))


def _nll_gradient_solution(X, t, w):
    p = 1 / (1 + np.exp(-np.clip(X @ w, -500, 500)))   # sigma(z); the clip only silences overflow warnings
    return X.T @ (p - t) / len(t)                        # (1/N) sum_i (p_i - t_i) x_i


def _nll_gradient_arias(X, t, w):
    return -_nll_gradient_solution(X, t, w)


def _nll_gradient_summed(X, t, w):
    return _nll_gradient_solution(X, t, w) * len(t)


def _nll_gradient_without_dp_dz(X, t, w):
    p = sigmoid(X @ w)
    with np.errstate(divide="ignore", invalid="ignore"):
        return X.T @ ((p - t) / (p * (1 - p))) / len(t)


_RNG = np.random.default_rng(4)
_X_GRADIENT = np.column_stack([_RNG.normal(size=(12, 3)), np.ones(12)])

nll_gradient = Implement(
    "the gradient of the mean negative log-likelihood",
    r"""
With $p_i = \sigma(\mathbf{x}_i^T\mathbf{w})$ the chain rule gives, per example,
$\frac{\partial \ell_i}{\partial p_i}\,\frac{\partial p_i}{\partial z_i}\,\frac{\partial z_i}{\partial \mathbf{w}}
= \frac{p_i - t_i}{p_i(1 - p_i)}\; p_i(1 - p_i)\; \mathbf{x}_i = (p_i - t_i)\,\mathbf{x}_i$, and the mean over
the examples is one matrix product: $\nabla E = \frac1N \mathbf{X}^T(\mathbf{p} - \mathbf{t})$. For scores
of $\pm 800$ the naive $1/(1 + e^{-z})$ overflows to `inf` inside (harmlessly: it still gives 0 or 1,
with a warning); `scipy.special.expit` avoids even the warning.
""",
    reference=_nll_gradient_reference, model_solution=_nll_gradient_solution,
    cases=[dict(X=np.array([[1.0, 1.0], [2.0, 1.0], [-1.0, 1.0]]), t=np.array([1, 0, 0]), w=np.array([0.5, -0.2])),
           dict(X=_X_GRADIENT, t=(_X_GRADIENT[:, 0] + _RNG.normal(size=12) > 0).astype(int),
                w=np.array([0.3, -0.7, 0.1, 0.2])),
           dict(X=np.array([[1.0, 1.0], [-1.0, 1.0], [3.0, 1.0]]), t=np.array([0, 1, 1]), w=np.array([400.0, 0.0])),
           dict(X=np.array([[2.0], [-1.0], [0.5], [0.0]]), t=np.array([1, 1, 0, 0]), w=np.array([0.0]))],
    slips=[(_nll_gradient_arias, "Check the sign: the gradient of the negative log-likelihood is "
                                 "(1/N) sum (p_i - t_i) x_i, prediction minus target. (t_i - p_i) is the "
                                 "gradient of the log-likelihood, which Arias prints by mistake."),
           (_nll_gradient_summed, "That is the gradient of the summed loss; E is the mean, so divide by N."),
           (_nll_gradient_without_dp_dz, "The chain rule has three factors: dl/dp = (p - t) / (p (1 - p)), "
                                         "dp/dz = p (1 - p) and dz/dw = x. The middle one cancels the "
                                         "denominator of the first.")],
    nan_hint="e^z overflows to inf for z above about 709, and e^z / (1 + e^z) is then inf / inf = nan: compute "
             "sigma(z) as 1 / (1 + e^-z), which is 0 or 1 there, or with scipy.special.expit.",
)

# ---------------------------------------------------------------- section 4

too_large_learning_rate = Choice(
    "a learning rate 45 times too large",
    r"""
**(b)**. The gradient of the logistic loss is bounded: $\|\nabla E\| \le \frac1N\sum_i |p_i - t_i|\,\|\mathbf{x}_i\|
\le \max_i \|\mathbf{x}_i\|$, so a step moves the weights by at most $\eta\max_i\|\mathbf{x}_i\|$, and the loss
of an example grows at most linearly in the weights. With $\eta = 30$ the path leaps from one wall of the
valley to the other; the loss jumps up and down (it rose at 22 of the first 40 steps and stands at 29.4
after them, against a minimum of 0.536) but stays finite, for as long as you play. On a quadratic,
whose gradient grows with $\mathbf{w}$, the same excess makes the error grow geometrically until it
overflows.
""",
    kind="predict",
    options={
        "a": Option(False, "That is what happens on a quadratic, whose gradient grows with the weights. The "
                           "logistic loss has a bounded gradient (at most max ||x_i||), so each step moves "
                           "the weights a bounded distance: they bounce, the loss stays finite."),
        "b": Option(True, "Each step moves w by at most eta max ||x_i||, so the path bounces from wall to "
                          "wall of the valley and the loss jumps up and down without ever blowing up: "
                          "no convergence, no overflow."),
        "c": Option(False, "Above 2 / lambda_max of the curvature near the optimum (about 1.0 here) the "
                           "steps overshoot further each time near the minimum: the run never settles, "
                           "however long it goes on."),
        "d": Option(False, "A larger step is faster only while it stays below about 2 / lambda_max of "
                           "the curvature; far above it every step overshoots across the valley."),
    },
)

# ---------------------------------------------------------------- section 5

why_standardise = Choice(
    "why standardising helps gradient descent",
    r"""
**(b)**. Gradient descent has one learning rate for every direction. To be stable it must be below
$2/\lambda_\text{max}$ of the Hessian, and then along the flattest direction each step removes only a
fraction $\eta\lambda_\text{min} < 2\lambda_\text{min}/\lambda_\text{max}$ of the error: the number of steps
grows with the condition number $\kappa = \lambda_\text{max}/\lambda_\text{min}$. An input far from 0 couples
$w$ and $b$ (the Gram matrix has off-diagonal mean $\bar x$), an input on a large scale stretches its own
direction; standardising gives the Gram matrix $\mathbf{I}$. The fitted *model* is the same: only its
parameterisation changes.
""",
    options={
        "a": Option(False, "The model is the same: sigma(w' (x - m)/s + b') is sigma(w x + b) with w = w'/s "
                           "and b = b' - w' m / s. The predictions at the optimum are identical; only the "
                           "path to it changes."),
        "b": Option(True, "One learning rate must suit every direction: stability is set by the steepest "
                          "curvature, progress by the flattest. Standardising makes them alike."),
        "c": Option(False, "Standardising shifts and scales every value alike; an outlier stays just as far "
                           "out in standard deviations."),
        "d": Option(False, "The logistic loss is convex in (w, b) before and after: its Hessian "
                           "X^T S X / N is positive semidefinite for any inputs."),
    },
)

# ---------------------------------------------------------------- section 6


def _sgd_epoch_reference(X, t, w, eta, batch_size, order):
    objective = LogisticLoss(X, t, fit_intercept=False)
    w = np.asarray(w, dtype=float)
    for start in range(0, len(order), batch_size):
        w = w - eta * objective.gradient(w, np.asarray(order[start:start + batch_size]))
    return w


def _sgd_epoch_solution(X, t, w, eta, batch_size, order):
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]                  # the next minibatch (the last may be smaller)
        p = 1 / (1 + np.exp(-(X[b] @ w)))
        w = w - eta * X[b].T @ (p - t[b]) / len(b)           # the mean gradient of the minibatch
    return w


def _sgd_epoch_summed(X, t, w, eta, batch_size, order):
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (sigmoid(X[b] @ w) - t[b])
    return w


def _sgd_epoch_over_N(X, t, w, eta, batch_size, order):
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (sigmoid(X[b] @ w) - t[b]) / len(t)
    return w


def _sgd_epoch_in_index_order(X, t, w, eta, batch_size, order):
    return _sgd_epoch_solution(X, t, w, eta, batch_size, np.arange(len(t)))


def _sgd_epoch_full_batches_only(X, t, w, eta, batch_size, order):
    for start in range(0, len(order) - batch_size + 1, batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (sigmoid(X[b] @ w) - t[b]) / len(b)
    return w


def _sgd_epoch_one_step(X, t, w, eta, batch_size, order):
    return w - eta * X.T @ (sigmoid(X @ w) - t) / len(t)


_X_SGD = np.column_stack([np.random.default_rng(6).normal(size=(7, 2)), np.ones(7)])

sgd_epoch = Implement(
    "one epoch of minibatch SGD",
    r"""
Straka's algorithm box, once through the data: take the examples in the given order, `batch_size` at
a time (the last minibatch takes what is left), and after each minibatch $b$ step along the mean
gradient of its examples, $\mathbf{w} \leftarrow \mathbf{w} - \eta\,\frac{1}{|b|}\sum_{i \in b}(p_i - t_i)\,\mathbf{x}_i$,
with $p_i$ computed from the *current* weights. `batch_size = 1` is pure SGD; `batch_size = N` is one
step of gradient descent.
""",
    reference=_sgd_epoch_reference, model_solution=_sgd_epoch_solution,
    cases=[dict(X=_X_SGD[:6], t=np.array([1, 0, 1, 1, 0, 0]), w=np.zeros(3), eta=0.5, batch_size=2,
                order=np.array([3, 0, 5, 1, 4, 2])),
           dict(X=_X_SGD, t=np.array([0, 1, 1, 0, 1, 0, 1]), w=np.array([0.2, -0.1, 0.3]), eta=1.0, batch_size=3,
                order=np.array([6, 2, 0, 4, 1, 5, 3])),
           dict(X=_X_SGD[:5], t=np.array([1, 1, 0, 0, 1]), w=np.array([0.5, 0.5, 0.0]), eta=0.3, batch_size=1,
                order=np.array([4, 3, 2, 1, 0])),
           dict(X=_X_SGD[:4], t=np.array([0, 1, 0, 1]), w=np.array([-0.2, 0.4, 0.1]), eta=2.0, batch_size=4,
                order=np.array([1, 3, 0, 2]))],
    slips=[(_sgd_epoch_summed, "Average the gradient over the minibatch (divide by its size), so that eta "
                               "means the same for every batch size."),
           (_sgd_epoch_over_N, "Divide by the size of the minibatch, not by N: each step uses the mean "
                               "gradient of the examples it sees."),
           (_sgd_epoch_in_index_order, "Take the examples in the order given by `order` (a shuffle), not "
                                       "0, 1, 2, ..."),
           (_sgd_epoch_full_batches_only, "Don't drop the last minibatch when it is smaller: an epoch "
                                          "visits every example once."),
           (_sgd_epoch_one_step, "That is one step of gradient descent on all the examples; SGD takes one "
                                 "step per minibatch.")],
)

# ---------------------------------------------------------------- section 7

_SOFT_W, _SOFT_X, _SOFT_S, _SOFT_ETA = np.array([1.0, 0.0, 0.0]), np.array([2.0, 1.0, 1.0]), -1.0, 0.5


def _soft_step(weight_of_margin):
    z = _SOFT_S * _SOFT_W @ _SOFT_X
    return _SOFT_W + _SOFT_ETA * weight_of_margin(z) * _SOFT_S * _SOFT_X


soft_perceptron_step = Derive(
    "one step of the soft perceptron",
    r"""
With the constant input, $\tilde{\mathbf{x}} = (2, 1, 1)$; the margin is
$z = s\,\tilde{\mathbf{x}}^T\mathbf{w} = -(2 \cdot 1 + 0 + 0) = -2$: the example is misclassified. The step is
$\mathbf{w} \leftarrow \mathbf{w} + \eta\,\sigma(-z)\,s\,\tilde{\mathbf{x}}$ with $\sigma(2) = 0.8808$, the probability
the model gives the wrong label:

$$\mathbf{w} \leftarrow (1, 0, 0) + 0.5 \cdot 0.8808 \cdot (-1)\,(2, 1, 1) = (0.1192, -0.4404, -0.4404).$$

The perceptron would step by the full $\eta\,s\,\tilde{\mathbf{x}}$, to $(0, -0.5, -0.5)$; the soft perceptron
steps 88% of the way.
""",
    truth=lambda: _soft_step(lambda z: -logistic_loss_derivative(z)),     # -l'(z) = sigma(-z)
    answer=[1 - sigmoid(2.0), -0.5 * sigmoid(2.0), -0.5 * sigmoid(2.0)],
    what="the new weights (w_1, w_2, b)", example="[0.5, -1, 0.25]",
    praise="z = -2, so the step weight is sigma(2) = 0.881: w = (1, 0, 0) - 0.5 * 0.881 * (2, 1, 1).",
    slips=[(lambda: _soft_step(sigmoid), "The weight is sigma(-z), the probability of the wrong label, not "
                                         "sigma(z): here z = -2, so sigma(-z) = sigma(2) = 0.881. (Liu's "
                                         "notes print sigma(z): a slip.)"),
           (lambda: _soft_step(lambda z: 1.0), "That is the perceptron's step; the soft perceptron weighs it "
                                               "by sigma(-z) = 0.881."),
           (lambda: _soft_step(lambda z: -sigmoid(-z)), "Check the sign: SGD steps against the gradient "
                                                        "-sigma(-z) s x, so w moves by +eta sigma(-z) s x."),
           (lambda: np.array([1.0, 0.0, 0.0]) + 0.5 * sigmoid(2.0) * -1 * np.array([2.0, 1.0, 0.0]),
            "Don't forget the bias: its input is the constant 1, so b changes too.")],
    advice="Compute the margin z = s x^T w with x = (2, 1, 1), then w + eta sigma(-z) s x.",
    names=("w_1", "w_2", "b"),
)

# ---------------------------------------------------------------- section 8

squared_error_on_a_sigmoid = Choice(
    "why not the squared error on a sigmoid?",
    r"""
**(b)**. For $t = 1$ the squared error $(\sigma(y) - 1)^2$ has the derivative $-2\,\sigma(y)(1 - \sigma(y))^2$
in the score, which tends to 0 as $y \to -\infty$: the more confidently wrong an example, the less it
pulls. Its second derivative $-2\,\sigma(1 - \sigma)^2(1 - 3\sigma)$ is negative for $y < -\log 2$, so the
loss is not convex in the score, nor in $\mathbf{w}$, and gradient descent can sit on a plateau far from the
optimum. The cross-entropy's derivative $\sigma(y) - 1$ tends to $-1$ instead, and it is convex.
""",
    options={
        "a": Option(False, "It is differentiable everywhere: (sigma(y) - t)^2 is smooth. Its problem is "
                           "where its gradient goes, not whether it exists."),
        "b": Option(True, "Its gradient sigma' (sigma - t) vanishes on confidently wrong examples, and it "
                          "is not convex in w: gradient descent can stall on a plateau."),
        "c": Option(False, "It is bounded, but that does not make training faster or slower by itself; the "
                           "trouble is that its gradient is nearly 0 exactly where the model is most wrong."),
        "d": Option(False, "Both cost about the same: one sigmoid and a few arithmetic operations per "
                           "example."),
    },
)

# ---------------------------------------------------------------- section 9

separable_weights = Choice(
    "ten times more steps on separable data",
    r"""
**(b)**. On separable data $E(c\,\mathbf{w}) \to 0$ as $c \to \infty$ for any separating $\mathbf{w}$, so there
is no minimum to stop at, and gradient descent keeps pushing the weights out. But the loss and its
gradient shrink like $e^{-\text{margin}}$, so each decade of steps adds less and less loss reduction and
only a bounded amount to $\|\mathbf{w}\|$: in the run above, $\|\mathbf{w}\|$ goes 4.2, 10.0, 20.5, 35.8 at
10, 100, 1000, 10 000 steps (theory: it grows like $\log k$). Nothing overflows; the probabilities just
creep towards 0 and 1.
""",
    kind="predict",
    options={
        "a": Option(False, "There is no finite minimum on separable data: scaling a separating w up always "
                           "lowers the loss, so the weights never stop growing."),
        "b": Option(True, "The weights grow for ever, but ever more slowly: from 20.5 at 1000 steps to 35.8 "
                          "at 10 000 (like log k), as the gradient shrinks with the loss."),
        "c": Option(False, "The gradient shrinks as the loss does (both like e^-margin), so the steps get "
                           "shorter: 20.5 at 1000 steps becomes 35.8 at 10 000, not 205."),
        "d": Option(False, "With eta below the safe bound every step lowers the loss, and the weights grow "
                           "only slowly; nothing overflows (the library warns that the data are separable)."),
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
           (lambda: sigmoid(_SCORES) - np.eye(3)[_CLASS], "Use the softmax of all three scores, not a sigmoid "
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

# ---------------------------------------------------------------- section 12

test_set_reuse = Choice(
    "choosing lambda on the test set",
    r"""
**(b)**. The test accuracy of each candidate is a noisy estimate; taking the best of 30 noisy estimates
picks the luckiest, so the reported maximum is biased upwards, by more the more candidates there are
and the smaller the test set. Once the test set has chosen something it is no longer new data. Choose
$\lambda$ by cross-validation on the training data, then score the chosen model on the test set once.
""",
    options={
        "a": Option(False, "The test set was not used to fit the weights, but it was used to choose lambda: "
                           "the best of 30 noisy scores is optimistic, so it is no longer an honest estimate."),
        "b": Option(True, "The maximum of 30 noisy estimates is biased upwards: the test set has been used "
                          "for choosing, so its score is no longer an honest estimate."),
        "c": Option(False, "The weights are fitted on the training data only and never see the test set; "
                           "the problem is the score: the best of 30 noisy test scores is optimistic."),
        "d": Option(False, "A larger test set shrinks the bias but does not remove it; the fix is to choose "
                           "on validation data (or by cross-validation) and to test once."),
    },
)

#: The exercises in the order the notebook asks them.
EXERCISES = (score_for_ninety_percent, nll_gradient, too_large_learning_rate, why_standardise, sgd_epoch,
             soft_perceptron_step, squared_error_on_a_sigmoid, separable_weights, softmax_gradient,
             l1_lambda_max, test_set_reuse)
