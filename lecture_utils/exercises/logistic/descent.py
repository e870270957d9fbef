"""The exercises of notebook 04's first half, sections 1-6: the sigmoid, the loss and its gradient, gradient descent,
feature scaling, SGD and when to stop, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.logistic` (or
:mod:`lecture_utils.optimization`), independently of the hand solution it stores; each
implement exercise compares the student's function with one built on the package's
:class:`~lecture_utils.logistic.LogisticLoss`.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import expit

from ...logistic import LogisticLoss, LogisticRegression, learning_rate_bound, logit
from ...optimization import patience_stop
from ...preprocessing import StandardScaler
from .._core import Count, Derive, Implement

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
           (lambda: expit(0.9), "That is sigma(0.9); you need the inverse, the y with sigma(y) = 0.9.")],
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
    p = expit(X @ w)
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
the examples is one matrix product: $\nabla E = \frac1N \mathbf{X}^T(\mathbf{p} - \mathbf{t})$. One hidden
case has the scores 400, $-400$ and 1200: there $e^z/(1 + e^z)$ is $\infty/\infty$ = nan at $z = 1200$, while
$1/(1 + e^{-z})$ stays finite ($e^{400} \approx 5 \cdot 10^{173}$ is still a float). Below $z \approx -709$ that
form overflows to `inf` inside too, harmlessly (it still gives 0, with a warning); `scipy.special.expit` avoids
even the warning.
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


def _hours_data() -> tuple[np.ndarray, np.ndarray]:
    """Notebook 04's running example: the hours 50 students revised, shape (50, 1), and whether each passed."""
    rng = np.random.default_rng(3)
    hours = rng.uniform(0.5, 5.5, size=50)
    return hours[:, None], (rng.uniform(size=50) < expit(1.2 * (hours - 3))).astype(int)


def _bound_crossing(epsilon: float = 1e-3) -> float:
    """The k at which L ||w_0 - w*||^2 / (2k), the O(1/k) bound of gradient descent with eta = 1/L from
    w_0 = 0, falls to ``epsilon`` on the hours data (not a whole number)."""
    X, t = _hours_data()
    model = LogisticRegression(solver="newton", tol=1e-12).fit(X, t)
    w_star = np.r_[model.coef_, model.intercept_]
    L = 2 / learning_rate_bound(X)                                  # learning_rate_bound is 2/L
    return L * (w_star @ w_star) / (2 * epsilon)


def _steps_promised(epsilon: float = 1e-3) -> int:
    """The fewest whole steps after which the O(1/k) bound guarantees a gap of at most ``epsilon``."""
    return math.ceil(_bound_crossing(epsilon))


_W_STAR_HOURS = np.array([0.927, -2.5266])                           # as the notebook prints them
_L_HOURS = 3.0255


def _promised(numerator: float, denominator: float = 2e-3) -> int:
    """A slip's count: its k = numerator / denominator, rounded up as a count of steps is."""
    return math.ceil(numerator / denominator)


def _steps_advice(value: float) -> str:
    """The hint for a count that is not a usual slip's: near the threshold, the rounding; else the method."""
    if abs(value - _bound_crossing()) <= 50:
        return ("Nearly: the count is the threshold rounded up, to the last step, and here the last digits depend on "
                "the rounding of L and ||w*||^2 on the way. Carry 5 significant figures through (L = 3.0255, "
                "w* = (0.927, -2.5266)) and round only the final k, up.")
    return ("From w_0 = 0 the bound is L ||w*||^2 / (2k): set it equal to 1e-3, solve for k, and round up to a whole "
            "number of steps.")


steps_promised_by_the_bound = Count(
    "the steps the bound promises",
    r"""
With $\eta = 1/L$ the bound reads $E(\mathbf{w}_k) - E(\mathbf{w}_*) \le \frac{\|\mathbf{w}_0 - \mathbf{w}_*\|^2}{2\eta k}
= \frac{L\,\|\mathbf{w}_*\|^2}{2k}$ from $\mathbf{w}_0 = \mathbf{0}$. Here
$\|\mathbf{w}_*\|^2 = 0.927^2 + 2.5266^2 = 0.8593 + 6.3837 = 7.2430$ and $L = 3.0255$, so

$$E(\mathbf{w}_k) - E(\mathbf{w}_*) \le \frac{3.0255 \cdot 7.2430}{2k} = \frac{10.957}{k} \le 10^{-3}
\iff k \ge 10\,956.9 ,$$

and the fewest whole steps are $k = 10\,957$ (with all the digits of $L$ and $\mathbf{w}_*$ the threshold is
10 956.8: the same count). A bound that holds from some step on is a count to round *up*: 10 956 steps leave it
just above $10^{-3}$, and 11 000, though enough, is not the fewest.

Gradient descent needs 247 steps (the cell after the exercise). The bound holds for every convex loss with
curvature at most $L$, the worst of them included; this one is nearly quadratic near its minimum and
converges linearly there, which no $O(1/k)$ bound can see.
""",
    truth=_steps_promised,
    answer=10957,
    what="the number of steps k", example="5000",
    praise="k >= L ||w*||^2 / (2 * 1e-3) = 3.0255 * 7.243 / 0.002 = 10 956.9, so 10 957 steps at least.",
    slips=[(lambda: _promised(_L_HOURS * (_W_STAR_HOURS @ _W_STAR_HOURS)) - 1,
            "The bound falls to 1e-3 at k = 10 956.9, between two whole numbers of steps: after 10 956 it is still "
            "above 1e-3. A count that must reach a threshold is rounded up."),
           (lambda: 11_000,
            "11 000 steps are enough, but the question asks for the fewest: the bound falls to 1e-3 at "
            "k = L ||w*||^2 / (2 * 1e-3), and the count is that k rounded up to a whole number, all its digits."),
           (lambda: _promised(_L_HOURS * np.linalg.norm(_W_STAR_HOURS)),
            "Square the distance: the bound is ||w_0 - w*||^2 / (2 eta k)."),
           (lambda: _promised(_L_HOURS * (_W_STAR_HOURS @ _W_STAR_HOURS), 1e-3),
            "The denominator is 2 eta k: with eta = 1/L, E(w_k) - E* <= L ||w*||^2 / (2k)."),
           (lambda: _promised(_L_HOURS * (_W_STAR_HOURS @ _W_STAR_HOURS), 4e-3),
            "The bound needs eta <= 1/L (then each step lowers E by at least eta/2 ||g||^2); at eta = 2/L it "
            "promises nothing. Take eta = 1/L."),
           (lambda: _promised((_W_STAR_HOURS @ _W_STAR_HOURS) / _L_HOURS),
            "eta = 1/L, so 1 / (2 eta k) = L / (2k): multiply by L, don't divide.")],
    advice=lambda value: _steps_advice(float(value)),
)

# ---------------------------------------------------------------- section 5

_RHO = 0.9


def _standardised_gram_condition() -> float:
    """cond((1/N) X~^T X~) of two inputs with sample correlation exactly 0.9, standardised by the package."""
    u, v = np.random.default_rng(0).normal(size=(2, 200))
    u, v = u - u.mean(), v - v.mean()
    v = v - (u @ v) / (u @ u) * u                                   # centred and orthogonal: correlation 0
    x1, x2 = u / np.linalg.norm(u), v / np.linalg.norm(v)
    X = StandardScaler().fit_transform(np.column_stack([x1, _RHO * x1 + np.sqrt(1 - _RHO ** 2) * x2]))
    X_tilde = np.column_stack([X, np.ones(len(X))])
    return np.linalg.cond(X_tilde.T @ X_tilde / len(X))


condition_after_standardising = Derive(
    "the condition number after standardising",
    r"""
After standardising, each input has mean 0 and $\frac1N\sum_i x_{ij}'^2 = 1$, and
$\frac1N\sum_i x_{i1}'x_{i2}' = \rho$: shifting and scaling leave the correlation as it was. So

$$\frac1N\tilde{\mathbf{X}}^T\tilde{\mathbf{X}} = \begin{pmatrix} 1 & \rho & 0 \\ \rho & 1 & 0 \\ 0 & 0 & 1\end{pmatrix},$$

with the eigenvalues $1 + \rho$ (eigenvector $(1, 1, 0)/\sqrt2$), $1 - \rho$ (eigenvector $(1, -1, 0)/\sqrt2$)
and 1 (the bias). The condition number is

$$\kappa = \frac{1 + \rho}{1 - \rho} = \frac{1.9}{0.1} = 19 .$$

Standardising removes offsets and scales, not correlations: the loss surface stays a valley along the
difference of the two weights, which the data pin down badly, and $\kappa \to \infty$ as $\rho \to 1$.
Decorrelating the inputs (whitening) would make the matrix $\mathbf{I}$.
""",
    truth=_standardised_gram_condition,
    answer=(1 + _RHO) / (1 - _RHO), what="the condition number kappa", example="4.5",
    praise="The Gram matrix keeps rho off the diagonal: eigenvalues 1 + rho, 1 - rho and 1, so kappa = 1.9 / 0.1.",
    slips=[(lambda: 1.0, "Standardising gives each input mean 0 and variance 1, but it leaves their correlation: "
                         "the off-diagonal entries of the Gram matrix are rho = 0.9, not 0."),
           (lambda: 1 + _RHO, "That is lambda_max divided by the bias's eigenvalue 1; the smallest eigenvalue is "
                              "1 - rho."),
           (lambda: 1 / (1 - _RHO), "The largest eigenvalue of [[1, rho], [rho, 1]] is 1 + rho, not 1."),
           (lambda: (1 - _RHO) / (1 + _RHO), "kappa = lambda_max / lambda_min is at least 1: largest over smallest.")],
    advice="Write the Gram matrix of (x1', x2', 1): 1 on the diagonal, the correlation rho between the two inputs, "
           "0 between an input and the constant. Its eigenvalues are those of [[1, rho], [rho, 1]] and 1.",
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
        w = w - eta * X[b].T @ (expit(X[b] @ w) - t[b])
    return w


def _sgd_epoch_over_N(X, t, w, eta, batch_size, order):
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (expit(X[b] @ w) - t[b]) / len(t)
    return w


def _sgd_epoch_in_index_order(X, t, w, eta, batch_size, order):
    return _sgd_epoch_solution(X, t, w, eta, batch_size, np.arange(len(t)))


def _sgd_epoch_full_batches_only(X, t, w, eta, batch_size, order):
    for start in range(0, len(order) - batch_size + 1, batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (expit(X[b] @ w) - t[b]) / len(b)
    return w


def _sgd_epoch_one_step(X, t, w, eta, batch_size, order):
    return w - eta * X.T @ (expit(X @ w) - t) / len(t)


def _sgd_epoch_over_batch_size(X, t, w, eta, batch_size, order):
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (expit(X[b] @ w) - t[b]) / batch_size
    return w


def _sgd_epoch_p_once(X, t, w, eta, batch_size, order):
    p = expit(X @ w)                                         # from the weights at the start of the epoch
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        w = w - eta * X[b].T @ (p[b] - t[b]) / len(b)
    return w


def _sgd_epoch_uphill(X, t, w, eta, batch_size, order):
    for start in range(0, len(order), batch_size):
        b = order[start:start + batch_size]
        w = w + eta * X[b].T @ (expit(X[b] @ w) - t[b]) / len(b)
    return w


def _sgd_epoch_array_split(X, t, w, eta, batch_size, order):
    for b in np.array_split(order, -(-len(order) // batch_size)):   # ceil(N / batch_size) parts, evened out
        w = w - eta * X[b].T @ (expit(X[b] @ w) - t[b]) / len(b)
    return w


def _sgd_epoch_array_split_floor(X, t, w, eta, batch_size, order):
    for b in np.array_split(order, max(len(order) // batch_size, 1)):
        w = w - eta * X[b].T @ (expit(X[b] @ w) - t[b]) / len(b)
    return w


_ARRAY_SPLIT_HINT = ("Take `batch_size` examples at a time: every minibatch but the last has exactly `batch_size` "
                     "examples, and the last takes what is left (7 examples in threes: 3, 3, 1). np.array_split "
                     "spreads the remainder over the parts (3, 2, 2); slice order[start:start + batch_size] instead.")

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
                                 "step per minibatch."),
           (_sgd_epoch_over_batch_size, "The last minibatch of this case is smaller than batch_size: divide its "
                                        "summed gradient by its own size, len(b), to get its mean."),
           (_sgd_epoch_p_once, "Compute p for each minibatch from the current weights: after every step w has "
                               "changed, and probabilities computed once at the start of the epoch are stale."),
           (_sgd_epoch_uphill, "Check the sign: step against the gradient, w - eta * (mean gradient); with + the "
                               "loss goes up."),
           (_sgd_epoch_array_split, _ARRAY_SPLIT_HINT),
           (_sgd_epoch_array_split_floor, _ARRAY_SPLIT_HINT)],
)


# ---------------------------------------------------------------- section 6, when to stop

#: The held-out losses after epochs 1-20 of a run, as the notebook's table prints them.
VALIDATION_LOSSES = (0.690, 0.540, 0.470, 0.452, 0.449, 0.455, 0.441, 0.438, 0.436, 0.429,
                     0.433, 0.423, 0.426, 0.421, 0.425, 0.422, 0.419, 0.430, 0.415, 0.437)
_PATIENCE, _MIN_DELTA = 3, 0.005


def _best_on_improvement_only(losses, patience, min_delta, more_than=False):
    """A slip's rule: the best loss (and its epoch) replaced only by an epoch that improves by min_delta; with
    ``more_than``, the run stops once the counter exceeds the patience instead of reaching it."""
    best, best_epoch, waited = np.inf, 0, 0
    for epoch, loss in enumerate(losses, start=1):
        if loss <= best - min_delta:
            best, best_epoch, waited = loss, epoch, 0
        else:
            waited += 1
        if waited > patience if more_than else waited >= patience:
            return [epoch, best_epoch]
    return [len(losses), best_epoch]


def _against_the_previous_epoch(losses, patience, min_delta):
    """A slip's rule: each epoch compared with the one before it, not with the best so far."""
    waited = 0
    for epoch in range(1, len(losses) + 1):
        previous = losses[epoch - 2] if epoch > 1 else np.inf
        waited = 0 if losses[epoch - 1] <= previous - min_delta else waited + 1
        if waited >= patience:
            return [epoch, int(np.argmin(losses[:epoch])) + 1]
    return [len(losses), int(np.argmin(losses)) + 1]


def _counted_past_the_patience(losses, patience, min_delta):
    """A slip's rule: the package's, but stopping when the counter exceeds the patience (one epoch later)."""
    stop = patience_stop(losses, patience + 1, min_delta)
    return [stop.epoch, stop.best_epoch]


def _patience_truth():
    stop = patience_stop(VALIDATION_LOSSES, _PATIENCE, _MIN_DELTA)
    return [stop.epoch, stop.best_epoch]


def _stop_advice(value) -> str:
    stop, best = (float(number) for number in np.ravel(value))
    if stop == 15 and best != 14:
        return ("The stopping epoch is right. The weights kept are those of the lowest loss seen up to the stop, "
                "epochs 1 to 15 only: the run never sees the epochs after it.")
    if best == 14 and stop != 15:
        return ("The weights are right; recount the stop. Walk the table with the best loss so far and the counter "
                "of epochs that fail to reach it minus 0.005; the run stops at the epoch where the counter reaches 3.")
    return ("Walk the table epoch by epoch, writing down the best loss so far and the counter: an epoch whose loss "
            "is at most best - 0.005 sets the counter to 0, any other adds 1; a new lowest loss becomes the best "
            "either way. The run stops where the counter reaches 3.")


patience_stop_epoch = Count(
    "where patience runs out",
    r"""
Walk the table with the best loss so far $V_\text{best}$ and the counter $c$; an epoch improves if its loss is at
most $V_\text{best} - 0.005$:

| epoch $e$ | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 |
|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
| $V_e$ | .690 | .540 | .470 | .452 | .449 | .455 | .441 | .438 | .436 | .429 | .433 | .423 | .426 | .421 | .425 |
| improves? | yes | yes | yes | yes | no | no | yes | no | no | yes | no | yes | no | no | no |
| $c$ | 0 | 0 | 0 | 0 | 1 | 2 | 0 | 1 | 2 | 0 | 1 | 0 | 1 | 2 | **3** |
| $V_\text{best}$ after | .690 | .540 | .470 | .452 | .449 | .449 | .441 | .438 | .436 | .429 | .429 | .423 | .423 | .421 | .421 |

The counter reaches 3 at **epoch 15**, and the weights kept are those of the lowest loss up to then, 0.421 at
**epoch 14**. Two places decide it. Epochs 5, 8 and 9 lower the best without improving on it by 0.005: they count as
epochs without improvement, yet each becomes the new best, and the next epoch is measured against it (epoch 7's
0.441 is compared with 0.449 - 0.005). And epoch 14 (0.421) is the lowest so far but not 0.005 below 0.423: the
counter goes on to 2, and epoch 15 ends the run. A run under the rule never reaches epochs 16-20: their 0.415 at
epoch 19 plays no part. A patience of 3 with $\delta = 0.005$ stops a run that still creeps down by less than $\delta$ an epoch:
that is what $\delta$ is for.
""",
    truth=_patience_truth,
    answer=[15, 14],
    what="the stopping epoch and the epoch whose weights are kept", example="[10, 8]",
    praise="The counter reaches 3 at epoch 15 (epochs 13, 14, 15 fail to reach 0.423 - 0.005); the lowest loss up "
           "to then is epoch 14's 0.421.",
    slips=[(lambda: _best_on_improvement_only(VALIDATION_LOSSES, _PATIENCE, _MIN_DELTA),
            "The stop is right, but the best so far is the lowest loss seen, whether or not it improved by 0.005: "
            "epoch 14's 0.421 is below epoch 12's 0.423, so its weights are the ones kept (MLPClassifier's rule "
            "too, with early_stopping=True)."),
           (lambda: _against_the_previous_epoch(VALIDATION_LOSSES, _PATIENCE, _MIN_DELTA),
            "Compare each epoch with the best loss so far, not with the epoch before it: a loss that rises and "
            "then falls back is no improvement."),
           (lambda: _counted_past_the_patience(VALIDATION_LOSSES, _PATIENCE, _MIN_DELTA),
            "The run stops at the epoch at which the counter reaches 3, not the one after it (scikit-learn's "
            "SGDClassifier stops when the counter reaches n_iter_no_change; its MLPClassifier waits one epoch "
            "more)."),
           (lambda: [len(VALIDATION_LOSSES), int(np.argmin(VALIDATION_LOSSES)) + 1],
            "An epoch improves only if its loss is at most the best so far minus 0.005: without that margin the "
            "counter never reaches 3 in these 20 epochs, but with it, it does well before the end."),
           (lambda: [15, int(np.argmin(VALIDATION_LOSSES)) + 1],
            "The stop is right, but a run that stops at epoch 15 never reaches epochs 16-20: the weights kept are "
            "the best of epochs 1-15.")],
    advice=_stop_advice,
    names=("stop epoch", "best epoch"),
)

#: The exercises of sections 1-6, in the order the notebook asks them.
EXERCISES = (score_for_ninety_percent, nll_gradient, steps_promised_by_the_bound, condition_after_standardising,
             sgd_epoch, patience_stop_epoch)
