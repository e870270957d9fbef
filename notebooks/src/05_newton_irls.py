# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 05 · Convexity, Newton's method and IRLS
#
# **What you will learn**
#
# - what makes a function convex (the chord above the graph, the tangent below it, a positive
#   semi-definite Hessian), what that says about its stationary points, and what to do where there is no
#   Hessian;
# - the gradient and Hessian of the logistic loss, $\mathbf{H} = \mathbf{X}^T\mathbf{S}\mathbf{X}/N$, and why it makes
#   the loss convex while the squared error of a sigmoid is not;
# - Newton's method twice over: as root finding on the gradient and as minimising the second-order
#   Taylor model; why it needs no learning rate, what it does on a quadratic, and why near a minimum it
#   doubles its correct digits at every step;
# - what a Newton step costs, and when gradient methods win anyway;
# - what pure Newton does far from the minimum, or where the function is not convex, and what a line
#   search (damping) changes;
# - IRLS: for logistic regression each Newton step is a weighted least-squares fit;
# - what rescaling the features does to Newton and to gradient descent; what separable data do to IRLS; and
#   why Newton's method cannot train a perceptron;
# - the Hessian of the softmax loss, its flat directions, and Newton's method for more than two classes;
# - Newton's method for an L1 penalty, one orthant of the weights' signs at a time; and inexact Newton (Newton-CG),
#   by conjugate gradients with no Hessian, against Newton with a Cholesky factor.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **And around Newton's step** (sections 19-22):
#
# - the Wolfe conditions of a line search, and why L-BFGS needs their curvature condition; trust regions, in brief;
# - Fisher scoring for a generalised linear model, and why for logistic regression it is Newton's method and IRLS;
# - the Laplace approximation: Bayesian logistic regression, its Gaussian posterior from Newton's Hessian, and a
#   predictive probability that is less sure far from the data.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What you need**: notebook 04 (the logistic loss, its gradient, gradient descent and its learning rate,
# softmax regression); derivatives, Taylor series, and matrices (eigenvalues, solving a linear system).
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Sliders and buttons redraw at
# once. Cells marked ✏️ are exercises of four kinds: *derive* a number, *implement* a function, *predict*
# what a cell or widget will show before you run it, *explain* by picking an option. Replace the `...`, run
# the cell, and the check says whether you are right or gives a hint; once you have answered, its **Show the
# solution** button offers a worked solution. An *implement* exercise is checked with the course's package
# and scikit-learn switched off: write the function with numpy and scipy. The cells after an exercise show
# their outcome only once you have answered (any answer): run them again after your answer, then open
# **After your answer: why**.
#
# **Sources and notation**: the notebook follows the course notes (convexity, matrix derivatives), Arias,
# UPC topic 2 (Newton's method, IRLS, the multi-class model) and Liu, USC CSCI 567 (Newton from the Taylor
# expansion, gradient descent against Newton). The course's one notation is in [the notation table](NOTATION.md): targets
# $t_i \in \{0, 1\}$, $N$ examples, weights $\mathbf{w}$ with the bias as the last weight (its input is the constant 1),
# scores $y_i = \mathbf{x}_i^T\mathbf{w}$, $p_i = \sigma(y_i)$, and the objective $E(\mathbf{w})$, the *mean* negative
# log-likelihood. Here $s_i = p_i(1 - p_i)$ always means the weights of IRLS; where labels in $\{-1, +1\}$ are
# needed (sections 14 and 15) they are written $t_i \in \{-1, +1\}$, as in notebook 01. The course notes write $t$
# for the point on a chord; here it is $\theta$, since $t$ is a target.

# %% slideshow={"slide_type": "subslide"}
import lecture_utils  # the course's package: if it is older than this notebook needs, say how to update it
assert hasattr(lecture_utils, "require"), "lecture_utils is older than 0.2: update it as the README's 'Updating the course' says"
lecture_utils.require("0.2")
import warnings

import matplotlib.pyplot as plt
import numpy as np
from scipy import optimize
from scipy.special import expit, log_expit, log_ndtr, ndtr

from lecture_utils import SeparationWarning, optimization, plotting
from lecture_utils.datasets import load_breast_cancer, load_iris, make_separable
from lecture_utils.display import show_source
from lecture_utils.exercises import newton as exercises
from lecture_utils.logistic import (LogisticLoss, LogisticRegression, SoftmaxLoss, SoftmaxRegression, irls_step,
                                    learning_rate_bound, working_response)
from lecture_utils.losses import perceptron_loss, perceptron_loss_derivative
from lecture_utils.max_margin import max_margin_separator
from lecture_utils.optimization import (SCALAR_FUNCTIONS, chord_gap, minimize, newton, numerical_gradient,
                                        numerical_hessian, quadratic_model)
from lecture_utils.widgets import Newton1D, NewtonStepper

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The running example.** Sixty students report how many hours $x_i$ they studied for an exam and whether
# they passed ($t_i = 1$) or not. The model is $p(t = 1 \mid x) = \sigma(w x + b)$, two weights
# $\mathbf{w} = (w, b)$, so every loss surface of this notebook can be drawn. The data are simulated
# (from $w = 1.5$, $b = -4.5$), seeded, and the same on every run.

# %%
rng = np.random.default_rng(5)
hours = rng.normal(3.0, 1.0, size=60)
passed = (rng.uniform(size=60) < expit(1.5 * hours - 4.5)).astype(int)
X_hours = hours[:, None]                      # N x D with D = 1; LogisticLoss appends the 1 for b
loss = LogisticLoss(X_hours, passed)          # E(w, b), its gradient and its Hessian
print(f"N = {len(hours)}, {passed.sum()} passed; hours from {hours.min():.2f} to {hours.max():.2f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Convex functions: the chord lies above the graph
#
# A function $f$ on $\mathbb{R}^D$ is **convex** if for every two points $\mathbf{a}, \mathbf{b}$ and every
# $\theta \in [0, 1]$
#
# $$f\big(\theta\mathbf{a} + (1 - \theta)\mathbf{b}\big) \;\le\; \theta f(\mathbf{a}) + (1 - \theta) f(\mathbf{b}).$$
#
# The left side is the graph at a point between $\mathbf{a}$ and $\mathbf{b}$; the right side is the chord
# joining $(\mathbf{a}, f(\mathbf{a}))$ and $(\mathbf{b}, f(\mathbf{b}))$ above the same point. So: *every chord
# lies on or above the graph*. The **gap**
# $\theta f(\mathbf{a}) + (1-\theta) f(\mathbf{b}) - f(\theta\mathbf{a} + (1-\theta)\mathbf{b})$ is never negative.
#
# This is the two-point case of **Jensen's inequality**. By induction it extends to any weights
# $\theta_i \ge 0$ with $\sum_i \theta_i = 1$: $f(\sum_i \theta_i \mathbf{w}_i) \le \sum_i \theta_i f(\mathbf{w}_i)$, and in
# the limit to expectations, $f(\mathbb{E}[\mathbf{w}]) \le \mathbb{E}[f(\mathbf{w})]$. The restriction $\theta \in [0, 1]$ matters: outside it the point lies beyond
# $\mathbf{a}$ or $\mathbf{b}$, and the inequality turns round (for $f(x) = x^2$, $a = 0$, $b = 1$, $\theta = 2$: the
# graph is at $f(-1) = 1$, the extended chord at $-1$).

# %% [markdown] slideshow={"slide_type": "subslide"}
# A chord of the logistic loss of one example, $\ell(z) = \log(1 + e^{-z})$ of its margin $z$ (convex), and of the
# squared error of a sigmoid, $(\sigma(z) - 1)^2$ (not convex; Sarkar and Das, IIT CS60010, compare the two):

# %%
logistic = lambda z: np.logaddexp(0.0, -z)                        # log(1 + e^-z), no overflow
squared_error = lambda z: (expit(z) - 1.0) ** 2                   # (sigma(z) - t)^2 for t = 1
fig, axes = plt.subplots(1, 2, figsize=(10, 3.2))
for ax, f, name in [(axes[0], logistic, r"$\log(1 + e^{-z})$"), (axes[1], squared_error, r"$(\sigma(z) - 1)^2$")]:
    plotting.plot_chord(ax, f, a=-5.0, b=0.5, theta=0.5)
    gap = chord_gap(f, -5.0, 0.5, 0.5)
    ax.set(xlabel="$z$", title=f"{name}: gap at the midpoint {gap:+.3f}")
    ax.legend(loc="upper right")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# A convex function has a non-negative gap on *every* chord, so one negative gap proves non-convexity, while
# no number of positive gaps proves convexity. Still, a random search is a good test of a claim. Draw 2000
# chords in the $(w, b)$ plane of the running example and compute the gap of the logistic loss $E(w, b)$, and
# of the mean squared error of the sigmoid $\frac1N\sum_i (\sigma(w x_i + b) - t_i)^2$ on the same data:

# %%
def mean_squared_error(w):
    return np.mean((expit(w[0] * hours + w[1]) - passed) ** 2)


box = np.array([[-4.0, -12.0], [6.0, 6.0]])                       # the (w, b) region we draw later
ends_a, ends_b = rng.uniform(*box, size=(2000, 2)), rng.uniform(*box, size=(2000, 2))
thetas = rng.uniform(size=2000)
for name, E in [("logistic loss E(w, b)", loss.loss), ("squared error of the sigmoid", mean_squared_error)]:
    gaps = np.array([chord_gap(E, a, b, th) for a, b, th in zip(ends_a, ends_b, thetas)])
    negative = gaps < -1e-12                                      # below round-off
    print(f"{name:30}: negative gaps {negative.sum():4d} of 2000" + (f", down to {gaps.min():.3f}" if negative.any()
                                                                       else ""))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): the gap under a chord
#
# Take $f(x) = x^2$, the chord from $a = -1$ to $b = 3$, and $\theta = \tfrac14$. How far above the graph does the
# chord lie at $x_\theta = \theta a + (1 - \theta) b$?

# %%
gap_answer = ...     # ✏️ a number
exercises.chord_above_parabola.check(gap_answer)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The tangent lies below the graph
#
# For a differentiable $f$, convexity is equivalent to the **first-order condition**: the tangent plane at any
# point lies below the graph,
#
# $$f(\mathbf{v}) \;\ge\; f(\mathbf{w}) + \nabla f(\mathbf{w})^T(\mathbf{v} - \mathbf{w}) \quad\text{for all } \mathbf{v}, \mathbf{w}.$$
#
# *Why*: rewrite the chord inequality with $\mathbf{a} = \mathbf{v}$, $\mathbf{b} = \mathbf{w}$ as
# $\frac{f(\mathbf{w} + \theta(\mathbf{v} - \mathbf{w})) - f(\mathbf{w})}{\theta} \le f(\mathbf{v}) - f(\mathbf{w})$ and let
# $\theta \to 0$: the left side tends to the directional derivative $\nabla f(\mathbf{w})^T(\mathbf{v} - \mathbf{w})$.
# (Notebook 02 proved Gibbs' inequality with this condition for the concave $\log$, whose tangent at 1 lies above it:
# $\log u \le u - 1$.)

# %% [markdown] slideshow={"slide_type": "subslide"}
# The tangent-plane gap on the same 2000 random pairs, with the gradient of the logistic loss from notebook
# 04 and a finite-difference gradient for the squared error:

# %%
for name, E, gradient in [("logistic loss", loss.loss, loss.gradient),
                          ("squared error of the sigmoid", mean_squared_error,
                           lambda w: numerical_gradient(mean_squared_error, w))]:
    below = np.array([E(v) - E(w) - gradient(w) @ (v - w) for v, w in zip(ends_a, ends_b)])
    negative = below < -1e-9                                      # below the error of the finite differences
    print(f"{name:30}: f(v) below the tangent at w for {negative.sum():4d} of 2000 pairs"
          + (f", by up to {-below.min():.3f}" if negative.any() else ""))

# %% [markdown]
# For a twice differentiable $f$ there is a **second-order condition**: $f$ is convex if and only if its Hessian
# $\mathbf{H}(\mathbf{w}) = \nabla^2 f(\mathbf{w})$ is positive semi-definite everywhere, $\mathbf{v}^T\mathbf{H}\mathbf{v} \ge 0$ for
# all $\mathbf{v}$ (in one dimension, $f'' \ge 0$). Section 4 checks this condition for the logistic loss.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2 (explain): a stationary point of a convex function
#
# $E$ is convex and differentiable, and $\nabla E(\mathbf{w}_0) = \mathbf{0}$. What follows?
#
# - **(a)** $\mathbf{w}_0$ is a local minimum, but a lower point may exist elsewhere.
# - **(b)** $\mathbf{w}_0$ is a global minimum, though perhaps not the only one.
# - **(c)** $\mathbf{w}_0$ may be a saddle point; look at the Hessian to tell.
# - **(d)** $\mathbf{w}_0$ is the unique global minimum.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.stationary_point_of_a_convex_function.check(explanation)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The consequence that makes convexity worth having.** If $\nabla f(\mathbf{w}_*) = \mathbf{0}$, the first-order
# condition reads $f(\mathbf{v}) \ge f(\mathbf{w}_*)$ for every $\mathbf{v}$: a stationary point is a *global* minimum. No
# local minima to get stuck in, no saddles, and "the gradient is zero" is a complete stopping rule.
#
# Not necessarily the only one: $(w_1 + w_2)^2$ is convex, and every point of the line $w_1 + w_2 = 0$ is a minimum.
# If $\mathbf{H}$ is positive *definite* everywhere, $f$ is strictly convex and has at most one minimum: for the
# logistic loss, when $\mathbf{X}$ has full column rank (section 4).
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The derivatives Newton's method needs
#
# A few rules of matrix calculus do all the work. We write the gradient as a column vector, the shape of
# $\mathbf{w}$; the course notes write the same derivatives as row vectors, which is the transpose.
#
# | function of $\mathbf{w}$ | gradient | why |
# |---|---|---|
# | $\mathbf{a}^T\mathbf{w}$ | $\mathbf{a}$ | $\partial_j \sum_k a_k w_k = a_j$ |
# | $\mathbf{u}^T\mathbf{A}\mathbf{w}$ | $\mathbf{A}^T\mathbf{u}$ | the first row with $\mathbf{a} = \mathbf{A}^T\mathbf{u}$ |
# | $\mathbf{w}^T\mathbf{A}\mathbf{w}$ | $(\mathbf{A} + \mathbf{A}^T)\mathbf{w}$, which is $2\mathbf{A}\mathbf{w}$ for a symmetric $\mathbf{A}$ | $\partial_j \sum_{k,l} w_k A_{kl} w_l = \sum_l A_{jl} w_l + \sum_k w_k A_{kj}$ |
# | $\log\sigma(\mathbf{x}^T\mathbf{w})$ | $(1 - \sigma(\mathbf{x}^T\mathbf{w}))\,\mathbf{x}$ | chain rule with $\sigma' = \sigma(1 - \sigma)$ |
#
# The course notes also differentiate $\alpha = \mathbf{y}^T\mathbf{A}\mathbf{x}$ by the *left* vector:
# $\partial\alpha/\partial\mathbf{y} = \mathbf{x}^T\mathbf{A}^T$, the row form of $\mathbf{A}\mathbf{x}$. In our columns,
# $\nabla_{\mathbf{u}}(\mathbf{u}^T\mathbf{A}\mathbf{w}) = \mathbf{A}\mathbf{w}$: the first row again, since
# $\mathbf{u}^T\mathbf{A}\mathbf{w} = \mathbf{w}^T\mathbf{A}^T\mathbf{u}$ is linear in $\mathbf{u}$ with coefficients $\mathbf{A}\mathbf{w}$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Each checked by central finite differences (`numerical_gradient`, error about $10^{-10}$), at a random point
# and with a matrix $\mathbf{A}$ that is *not* symmetric:

# %%
a, A, x_one = rng.normal(size=3), rng.normal(size=(3, 3)), rng.normal(size=3)
w0, u0 = rng.normal(size=3), rng.normal(size=3)
rules = [("a^T w", lambda w: a @ w, w0, a),
         ("u^T A w, in w", lambda w: u0 @ A @ w, w0, A.T @ u0),
         ("u^T A w, in u", lambda u: u @ A @ w0, u0, A @ w0),
         ("w^T A w", lambda w: w @ A @ w, w0, (A + A.T) @ w0),
         ("log sigma(x^T w)", lambda w: log_expit(x_one @ w), w0, (1 - expit(x_one @ w0)) * x_one)]
for name, f, at, formula in rules:
    agree = np.allclose(formula, numerical_gradient(f, at), rtol=1e-8, atol=1e-8)
    print(f"{name:17} formula = finite differences to 1e-8: {agree}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The Hessian of the logistic loss.** Notebook 04 derived the gradient of
# $E(\mathbf{w}) = -\frac1N\sum_i \big[t_i \log p_i + (1 - t_i)\log(1 - p_i)\big]$ with the last rule:
#
# $$\nabla E(\mathbf{w}) = \frac1N \sum_i (p_i - t_i)\,\mathbf{x}_i = \frac1N \mathbf{X}^T(\mathbf{p} - \mathbf{t}).$$
#
# Differentiate once more. Only $p_i = \sigma(\mathbf{x}_i^T\mathbf{w})$ depends on $\mathbf{w}$, and
# $\nabla p_i = p_i(1 - p_i)\,\mathbf{x}_i$, so the $j$-th component $\frac1N\sum_i (p_i - t_i) x_{ij}$ has gradient
# $\frac1N\sum_i p_i(1-p_i)\, x_{ij}\,\mathbf{x}_i$. Stacking the components,
#
# $$\mathbf{H}(\mathbf{w}) = \frac1N \sum_i s_i\, \mathbf{x}_i\mathbf{x}_i^T = \frac1N \mathbf{X}^T\mathbf{S}\mathbf{X},
# \qquad s_i = p_i(1 - p_i), \quad \mathbf{S} = \operatorname{diag}(s_1, \dots, s_N).$$
#
# The targets have dropped out: the curvature depends only on how sure the model is.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (implement): the Hessian of the logistic loss
#
# Write `logistic_hessian(X, w)` for a design matrix `X` of shape $(N, D)$ (any bias column already in it) and
# weights `w` of shape $(D,)$: compute $p_i = \sigma(\mathbf{x}_i^T\mathbf{w})$ and return
# $\frac1N\mathbf{X}^T\mathbf{S}\mathbf{X}$ with $\mathbf{S} = \operatorname{diag}(p_i(1 - p_i))$, without building the
# $N \times N$ matrix $\mathbf{S}$ and without a Python loop over the examples (vectorised, with numpy's array
# operations): one hidden case has $N = 8\,000\,000$ examples.

# %%
def logistic_hessian(X, w):
    """Return X^T S X / N, S = diag(p_i (1 - p_i)), p = sigmoid(X w)."""
    ...              # ✏️ your code


exercises.logistic_hessian.check(logistic_hessian)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's version, as it runs.
if exercises.logistic_hessian.revealed():
    show_source(LogisticLoss.hessian)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The package computes it without ever forming the $N \times N$ matrix $\mathbf{S}$: it scales the rows of
# $\mathbf{X}$ by $\sqrt{s_i}$ and takes one symmetric product $(\mathbf{S}^{1/2}\mathbf{X})^T(\mathbf{S}^{1/2}\mathbf{X})$,
# a block of rows at a time. A sum over the examples can be cut anywhere, so on large data the CPU cores share the
# rows. It never computes $1 - p_i$, which rounds to 0 where $p_i$ rounds to 1 and would lose the example; instead
# $s_i = \sigma(y_i)\,\sigma(-y_i) = \frac{1}{(1 + e^{-y_i})(1 + e^{y_i})} = \frac{1}{2 + 2\cosh y_i}
# = \frac{1}{4\cosh^2(y_i/2)}$, so $\sqrt{s_i} = 1/(2\cosh(y_i/2))$, one function of the score. The cell below
# checks it against finite differences of the gradient.
#
# </details>

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's Hessian at w = (0.8, -2) against finite differences of its gradient.
w_random = np.array([0.8, -2.0])
H_formula = loss.hessian(w_random)
H_numerical = numerical_hessian(loss.gradient, w_random)
if exercises.logistic_hessian.revealed():
    print("X^T S X / N at w = (0.8, -2):\n", H_formula)
    print("= finite differences of the gradient to 1e-8:", np.allclose(H_formula, H_numerical, rtol=1e-8, atol=1e-8))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. The logistic loss is convex, the squared error of a sigmoid is not
#
# With the Hessian in hand the second-order condition is one line. For any $\mathbf{v}$,
#
# $$\mathbf{v}^T\mathbf{H}\mathbf{v} = \frac1N\sum_i s_i\,\mathbf{v}^T\mathbf{x}_i\mathbf{x}_i^T\mathbf{v}
# = \frac1N\sum_i s_i\,(\mathbf{x}_i^T\mathbf{v})^2 \;\ge\; 0,$$
#
# since every $s_i = p_i(1 - p_i) > 0$. So $\mathbf{H}$ is positive semi-definite at every $\mathbf{w}$ and the
# logistic loss is convex. It is positive **definite** when $\mathbf{X}$ (with its column of ones) has full column
# rank: then $\mathbf{X}\mathbf{v} \ne \mathbf{0}$ for $\mathbf{v} \ne \mathbf{0}$, some $\mathbf{x}_i^T\mathbf{v} \ne 0$, and the sum is
# positive. A feature that copies another (or a constant feature beside the bias) breaks this: the loss is then flat
# in some direction. The eigenvalues of $\mathbf{H}$ at three random weights, and with a duplicated feature:

# %% slideshow={"slide_type": "subslide"}
for w in rng.uniform(*box, size=(3, 2)):
    print(f"w = ({w[0]:5.2f}, {w[1]:6.2f}): eigenvalues of H", *(f"{v:.2e}" for v in np.linalg.eigvalsh(loss.hessian(w))))
doubled = LogisticLoss(np.column_stack([hours, 2 * hours]), passed)        # hours, and hours again x 2
eigenvalues_doubled = np.linalg.eigvalsh(doubled.hessian(np.array([0.3, 0.4, -3.0])))
print("with a copy of the feature:", *(f"{v:.2e}" for v in eigenvalues_doubled[1:]),
      "and one that is 0 to round-off (below 1e-12 of the largest):",
      abs(eigenvalues_doubled[0]) < 1e-12 * eigenvalues_doubled[-1])

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The squared error of a sigmoid.** Its loss per example is $g(y) = (\sigma(y) - t)^2$ of the score
# $y = \mathbf{x}^T\mathbf{w}$, so by the same chain rule its Hessian is $\frac1N\sum_i g''(y_i)\,\mathbf{x}_i\mathbf{x}_i^T$, with
#
# $$g'(y) = 2(\sigma - t)\,\sigma(1 - \sigma), \qquad
# g''(y) = 2\sigma(1-\sigma)\big[\sigma(1-\sigma) + (\sigma - t)(1 - 2\sigma)\big].$$
#
# The same form as the logistic loss's, but the weights $g''(y_i)$ can be negative: for $t = 1$ the bracket is
# $\sigma(1-\sigma) - (1-\sigma)(1-2\sigma) = (1-\sigma)(3\sigma - 1)$, negative wherever $\sigma < 1/3$, that is for
# a confidently wrong example. Where such examples dominate, the Hessian has a negative eigenvalue. The formula,
# checked against finite differences, and its smallest eigenvalue over the $(w, b)$ plane of the running example:

# %% slideshow={"slide_type": "subslide"}
X1 = np.column_stack([hours, np.ones_like(hours)])                # the design matrix, rows (x_i, 1)


def squared_error_hessian(w):
    p = expit(X1 @ w)
    curvature = 2 * p * (1 - p) * (p * (1 - p) + (p - passed) * (1 - 2 * p))     # g''(y_i)
    return X1.T @ (curvature[:, None] * X1) / len(hours)


w_check = np.array([1.0, -5.0])                                   # finite differences of finite differences: ~1e-5
by_differences = numerical_hessian(lambda w: numerical_gradient(mean_squared_error, w), w_check)
print("g'' formula = finite differences to 1e-4 (their own error is about 1e-5):",
      np.allclose(squared_error_hessian(w_check), by_differences, rtol=0, atol=1e-4))
grid = plotting.grid_points(box[:, 0], box[:, 1], 60)
lowest = np.array([np.linalg.eigvalsh(squared_error_hessian(w))[0] for w in grid]).reshape(60, 60)
print(f"smallest eigenvalue on a 60 x 60 grid: {lowest.min():.4f}; negative on {np.mean(lowest < 0):.0%} of the grid")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Only in a narrow band around its minimum is the squared error convex:

# %%
fig, ax = plt.subplots(figsize=(5.5, 3.8))
ax.imshow(lowest < 0, origin="lower", extent=(*box[:, 0], *box[:, 1]), aspect="auto",
          cmap=plotting.region_colormap(2), interpolation="nearest")
ax.set(xlabel="$w$", ylabel="$b$", title="squared error of the sigmoid:\nHessian indefinite (orange) or not (blue)")
ax.grid(False)
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Two examples from the course notes.** Least squares, $f(\mathbf{w}) = \|\mathbf{A}\mathbf{w} - \mathbf{b}\|^2
# = \mathbf{w}^T\mathbf{A}^T\mathbf{A}\mathbf{w} - 2\mathbf{b}^T\mathbf{A}\mathbf{w} + \mathbf{b}^T\mathbf{b}$: by the rules of section 3 its gradient is
# $2\mathbf{A}^T\mathbf{A}\mathbf{w} - 2\mathbf{A}^T\mathbf{b} = 2\mathbf{A}^T(\mathbf{A}\mathbf{w} - \mathbf{b})$ and its Hessian the constant
# $2\mathbf{A}^T\mathbf{A}$, with $\mathbf{v}^T(2\mathbf{A}^T\mathbf{A})\mathbf{v} = 2\|\mathbf{A}\mathbf{v}\|^2 \ge 0$: convex for every
# $\mathbf{A}$, strictly when $\mathbf{A}$ has full column rank (section 11 meets weighted least squares again):

# %%
A_notes, b_notes, w_any = rng.normal(size=(5, 3)), rng.normal(size=5), rng.normal(size=3)
least_squares_loss = lambda w: np.sum((A_notes @ w - b_notes) ** 2)
least_squares_gradient = lambda w: 2 * A_notes.T @ (A_notes @ w - b_notes)
print("gradient 2 A^T (A w - b) = finite differences to 1e-8:",
      np.allclose(least_squares_gradient(w_any), numerical_gradient(least_squares_loss, w_any), rtol=1e-8))
print("Hessian 2 A^T A = finite differences of the gradient to 1e-8:",
      np.allclose(2 * A_notes.T @ A_notes, numerical_hessian(least_squares_gradient, w_any), rtol=1e-8))
print("eigenvalues of 2 A^T A:", np.linalg.eigvalsh(2 * A_notes.T @ A_notes))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (explain): is $e^x + |x|$ convex?
#
# The course notes' second example is $f(x) = e^x + |x|$. Is it convex, and what shows it?
#
# - **(a)** Yes: $f''(x) = e^x > 0$ for every $x$, so the second-order condition holds.
# - **(b)** Yes: $e^x$ and $|x|$ each satisfy the chord inequality, and adding the chord inequalities of two
#   functions gives that of their sum.
# - **(c)** No: a convex function must be differentiable, and $|x|$ has a kink at 0.
# - **(d)** It cannot be decided: the second-order condition does not apply at $x = 0$.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.convex_without_a_hessian.check(explanation)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: random chords on [-3, 3] of e^x + |x| and of e^x - |x|, and the chord from -1 to 1 over
# the kink.
kinked = {"e^x + |x|": lambda x: np.exp(x) + np.abs(x), "e^x - |x|": lambda x: np.exp(x) - np.abs(x)}
ends = rng.uniform(-3.0, 3.0, size=(2000, 2))
weights = rng.uniform(size=2000)
kink_gaps = {name: np.array([chord_gap(f, a, b, th) for (a, b), th in zip(ends, weights)])
             for name, f in kinked.items()}
if exercises.convex_without_a_hessian.revealed():
    for name, f in kinked.items():
        gap = chord_gap(f, -1.0, 1.0, 0.5)
        print(f"{name}: negative chord gaps {np.sum(kink_gaps[name] < -1e-12):4d} of 2000; the chord from -1 to 1 "
              f"lies {abs(gap):.3f} {'above' if gap >= 0 else 'below'} f(0)")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The definition by chords needs no derivative, so it decides where the Hessian test cannot: $|x|$ passes it by the
# triangle inequality, $e^x$ by its positive second derivative, and sums of convex functions are convex. The
# second-order test needs $f''$ *everywhere*; away from the kink, $f'' = e^x > 0$ proves nothing: $e^x - |x|$ has the
# same $f''$ there and is not convex, its kink pointing the wrong way (the cell above: its chord from $-1$ to $1$
# passes below $f(0)$).
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Newton's method in one dimension: two pictures of one step
#
# **Root finding on the derivative.** A minimum of a smooth $f$ is a root of $f'$. Newton's method for roots
# replaces $f'$ near the current point $x_k$ by its tangent, $f'(x_k) + f''(x_k)(x - x_k)$, and jumps to the
# tangent's zero:
#
# $$x_{k+1} = x_k - \frac{f'(x_k)}{f''(x_k)} .$$
#
# **Minimising a parabola.** Replace $f$ near $x_k$ by its second-order Taylor polynomial, the parabola that
# touches it with the same slope and curvature (the *osculating* parabola),
#
# $$q_k(x) = f(x_k) + f'(x_k)(x - x_k) + \tfrac12 f''(x_k)(x - x_k)^2,$$
#
# and jump to its vertex, where $q_k'(x) = f'(x_k) + f''(x_k)(x - x_k) = 0$: the same point. The tangent of $f'$
# *is* the derivative of the parabola. If $f''(x_k) > 0$ the parabola is a bowl and the step goes to its
# lowest point; if $f''(x_k) < 0$ it is a cap, and the "same" step goes to its top.

# %% [markdown] slideshow={"slide_type": "subslide"}
# The widget draws both pictures. Left: $f$ and the parabola at $x_k$ (orange), whose vertex (the cross) is
# the next point. Right: $f'$ and its tangent at $x_k$, whose zero is the same point. Squares mark the earlier
# iterates. It starts on the double well $f(x) = x^4/4 - x^2/2$, with minima at $\pm 1$ and a maximum at 0, from
# $x_0 = 1.5$, where the parabola is a bowl ($f''(x) = 3x^2 - 1 > 0$ for $|x| > 1/\sqrt3$).
#
# - **Try**: press **Step** five times and read the status line; move $x_0$ and step again.
# - **Look for**: the distance to the minimum at 1. Once it is small, each step roughly *doubles* its number of
#   correct digits, as section 7 proves in general. Starts nearer 0 are for section 9, and the menu's other
#   functions for later sections.

# %% slideshow={"slide_type": "subslide"}
newton_1d = Newton1D("double_well", x0=1.5)
newton_1d

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same from code, the first five iterates in a demo widget of its own, and their distances to the minimum (a
# few operations on one number, no long sums, so every machine prints these digits):

# %%
demo_1d = Newton1D("double_well", x0=1.5)
for _ in range(5):
    demo_1d.step()
print("iterates:              ", *(f"{x:.9g}" for x in demo_1d.iterates))
print("distance to 1, |x - 1|:", *(f"{abs(x - 1):.2g}" for x in demo_1d.iterates))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Newton's method in $D$ dimensions
#
# The same idea with the second-order Taylor model of $E$ at $\mathbf{w}_k$ (Liu, USC CSCI 567; Arias, UPC topic 2).
# With $\mathbf{d} = \mathbf{w} - \mathbf{w}_k$, $\mathbf{g} = \nabla E(\mathbf{w}_k)$ and $\mathbf{H} = \mathbf{H}(\mathbf{w}_k)$,
#
# $$E(\mathbf{w}) \approx m_k(\mathbf{w}) = E(\mathbf{w}_k) + \mathbf{g}^T\mathbf{d} + \tfrac12\,\mathbf{d}^T\mathbf{H}\,\mathbf{d}.$$
#
# By the rules of section 3 (with $\mathbf{H}$ symmetric), $\nabla m_k = \mathbf{g} + \mathbf{H}\mathbf{d}$, which is zero at
# $\mathbf{d} = -\mathbf{H}^{-1}\mathbf{g}$. If $\mathbf{H}$ is positive definite this is the model's one minimum, and
#
# $$\mathbf{w}_{k+1} = \mathbf{w}_k - \mathbf{H}(\mathbf{w}_k)^{-1}\nabla E(\mathbf{w}_k).$$
#
# - **No learning rate.** Gradient descent moves by $\eta\,\mathbf{g}$ and needs $\eta$ chosen by hand (notebook 04).
#   Newton's step has its own length and direction: along each eigenvector of $\mathbf{H}$ the gradient is divided by
#   that direction's curvature, long steps where the loss is flat, short ones where it is steep.
# - **Solve, never invert.** Compute $\mathbf{d}$ from the linear system $\mathbf{H}\mathbf{d} = \mathbf{g}$ by a Cholesky
#   factorisation, $D^3/3$ flops, that is $D^3/6$ multiply-adds (an $LDL^T$ factorisation, about as cheap, where
#   $\mathbf{H}$ may be indefinite). Forming $\mathbf{H}^{-1}$ costs about three times as much and is less accurate.

# %% [markdown] slideshow={"slide_type": "subslide"}
# The package's step, from the shared loop of notebook 04 ("gradient, Hessian, solve"). Before it solves, it asks
# whether $\mathbf{H}$ is singular by an explicit rule, the same on every machine: scaled to a unit diagonal, its
# eigenvalue nearest 0 is at most $10^{-12}$ of its largest (`optimization.SINGULAR_RTOL`). Then there is no reliable
# solution, and the run stops with the status `singular_hessian`.

# %%
show_source(optimization._newton_step)

# %% [markdown] slideshow={"slide_type": "subslide"}
# Checks on numbers: the model agrees with $E$ to second order around $\mathbf{w}_k$ (the error shrinks like
# $\|\mathbf{d}\|^3$, a thousandfold for each tenfold shorter $\mathbf{d}$), and its minimum is the package's Newton step.

# %%
w_k = np.array([0.5, -1.0])
model = quadratic_model(loss, w_k)
for h in [1e-1, 1e-2, 1e-3]:
    d = h * np.array([0.6, -0.8])
    print(f"|d| = {h:g}: E(w_k + d) - m(w_k + d) = {loss.loss(w_k + d) - model(w_k + d):+.2e}")   # O(|d|^3)
step = minimize(loss, w_k, "newton", max_iter=1, tol=0).weights[1]
print("model's minimum", model.newton_point, " Newton's step", step)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 5 (predict): Newton's method on a quadratic
#
# Liu asks: how many iterations does Newton's method need on a quadratic? Take
# $E(\mathbf{w}) = \tfrac12\mathbf{w}^T\mathbf{A}\mathbf{w} - \mathbf{b}^T\mathbf{w}$ in $D = 5$ dimensions, $\mathbf{A}$ positive definite
# with condition number $10^4$, from $\mathbf{w}_0 = \mathbf{0}$. Until the gradient is zero to rounding, it takes
#
# - **(a)** one step;
# - **(b)** about $D = 5$ steps;
# - **(c)** more steps the larger the condition number;
# - **(d)** infinitely many: it converges, but never exactly.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.newton_on_a_quadratic.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: Newton's method on such a quadratic, from w = 0, until the gradient is zero to rounding.
if exercises.newton_on_a_quadratic.revealed():
    generator = np.random.default_rng(6)
    Q, _ = np.linalg.qr(generator.normal(size=(5, 5)))
    A_spd = Q @ np.diag(np.geomspace(1, 1e4, 5)) @ Q.T                 # eigenvalues 1 ... 10^4
    b_vec = generator.normal(size=5)
    run = newton(lambda w: 0.5 * w @ A_spd @ w - b_vec @ w, lambda w: A_spd @ w - b_vec, lambda w: A_spd,
                 np.zeros(5), tol=1e-9)
    print(f"{run.n_iter} step(s); w_1 = A^-1 b to 1e-9 (relative):",
          np.allclose(run.w, np.linalg.solve(A_spd, b_vec), rtol=1e-9, atol=0))

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **A quadratic in one step.** If $E$ is quadratic, its Taylor model at any point is $E$ itself, $m_k = E$, so the
# model's minimum is $E$'s: $\mathbf{w}_1 = \mathbf{w}_0 - \mathbf{A}^{-1}(\mathbf{A}\mathbf{w}_0 - \mathbf{b}) =
# \mathbf{A}^{-1}\mathbf{b}$, whatever the dimension and the condition number (which only sets the rounding error,
# about $\kappa(\mathbf{A})$ machine epsilons). In one dimension: choose the parabola $(x - 1)^2/2 + 1$ in the widget
# of section 5 and press **Step** once, and the cross sits on the minimum.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Quadratic convergence: the digits double
#
# Near a minimum $\mathbf{w}_*$ with $\mathbf{H}(\mathbf{w}_*)$ positive definite, Newton's error is squared at every step.
# In one dimension, expand $f'$ around $x_k$ to second order at the root: $0 = f'(x_*) = f'(x_k) + f''(x_k)(x_* - x_k) +
# \tfrac12 f'''(\xi)(x_* - x_k)^2$. Divide by $f''(x_k)$ and use the step $x_{k+1} = x_k - f'(x_k)/f''(x_k)$:
#
# $$x_{k+1} - x_* = \frac{f'''(\xi)}{2 f''(x_k)}\,(x_k - x_*)^2, \qquad\text{so}\qquad e_{k+1} \le C\,e_k^2 .$$
#
# In $D$ dimensions the same holds with $C = M / (2\mu)$ when the Hessian changes at most by $M\|\mathbf{u} - \mathbf{v}\|$
# between two points and its eigenvalues stay above $\mu$. An error of $10^{-3}$ becomes about $10^{-6}$, then
# $10^{-12}$: the number of correct digits doubles. Gradient descent, by contrast, converges **linearly**: near the
# minimum each step multiplies the error by about $\rho = \max_i |1 - \eta\lambda_i|$ over the eigenvalues
# $\lambda_i$ of $\mathbf{H}(\mathbf{w}_*)$, a fixed factor.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Both on the running example, from $(0, 0)$, gradient descent with notebook 04's safe learning rate $\eta = 1/L$:

# %%
eta = learning_rate_bound(X_hours) / 2                             # 1 / L
newton_run = minimize(loss, np.zeros(2), "newton", tol=1e-13)
gd_run = minimize(loss, np.zeros(2), "gd", learning_rate=eta, tol=1e-10, max_iter=20_000)
w_star = newton_run.w
newton_errors = np.linalg.norm(newton_run.weights - w_star, axis=1)
gd_errors = np.linalg.norm(gd_run.weights - w_star, axis=1)
print(f"w* = w_{newton_run.n_iter} = {w_star} (|grad| <= 1e-13: {newton_run.converged}); eta = {eta:.4f}")
print(" k   Newton ||w_k - w*||   e_k / e_(k-1)^2   gradient descent ||w_k - w*||")
for k in range(newton_run.n_iter):
    ratio = f"{newton_errors[k] / newton_errors[k - 1] ** 2:15.3f}" if k else " " * 15
    print(f"{k:2d}   {newton_errors[k]:19.3e}   {ratio}   {gd_errors[k]:25.3e}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The ratio $e_k / e_{k-1}^2$ settles at a constant, about 0.13: quadratic convergence. Gradient descent's errors
# fall by a constant factor per step, which the eigenvalues of $\mathbf{H}(\mathbf{w}_*)$ predict:

# %%
eigenvalues = np.linalg.eigvalsh(loss.hessian(w_star))
rho = np.max(np.abs(1 - eta * eigenvalues))
observed = (gd_errors[2000] / gd_errors[1000]) ** (1 / 1000)
print(f"eigenvalues of H(w*) {eigenvalues}, condition number {eigenvalues[1] / eigenvalues[0]:.0f}")
print(f"predicted factor per step rho = {rho:.5f}; observed from step 1000 to 2000: {observed:.5f}")
print(f"gradient descent needs {gd_run.n_iter} steps to |grad| <= 1e-10, Newton {newton_run.n_iter} to 1e-13")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.6))
plotting.plot_errors(ax, {"newton": newton_errors, "gd": gd_errors[:41]}, steps=40)
ax.set_ylim(1e-17, 30)
ax.legend(loc="center right")
ax.set_title("running example: quadratic against linear convergence", fontsize="medium")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (derive): twelve digits at a linear rate
#
# From an error of $0.1$, Newton's method with $e_{k+1} = e_k^2$ needs 4 steps to reach $10^{-12}$:
# $10^{-1}, 10^{-2}, 10^{-4}, 10^{-8}, 10^{-16}$. A method with the linear rate $e_{k+1} = 0.9\,e_k$, a fast rate for
# gradient descent, starts from the same $0.1$. After how many steps is its error at most $10^{-12}$ for the first
# time?

# %%
steps_answer = ...     # ✏️ a whole number
exercises.steps_to_twelve_digits.check(steps_answer)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. The price of a step, and when gradient methods win
#
# Count the arithmetic for a model of $D$ weights (the bias included) in **passes over the data**, one pass being the
# $N D$ multiply-adds of $\mathbf{X}\mathbf{w}$:
#
# | method | work per step | steps |
# |---|---|---|
# | gradient descent | $\mathbf{X}\mathbf{w}$ and $\mathbf{X}^T(\mathbf{p} - \mathbf{t})$: **2** passes | many if $\mathbf{H}$ is ill-conditioned |
# | Newton | those 2, plus $\mathbf{X}^T\mathbf{S}\mathbf{X}$ ($N D^2/2$ multiply-adds: $D/2$ passes), plus the solve ($D^3/6$ multiply-adds: $D^2/(6N)$ passes) | a handful |
# | L-BFGS (the default of scikit-learn and of our `LogisticRegression`) | those 2, plus one pass per try of its line search, plus $4mD$ multiply-adds for its direction | in between |
#
# So one Newton step costs $2 + D/2 + D^2/(6N)$ passes, about $1 + D/4$ gradient steps while $D \ll N$: about 51
# gradient steps for 200 weights, but only 1.5 for 2. Newton wins when gradient descent needs more than that many
# times its number of steps.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **L-BFGS** (limited-memory BFGS, a *quasi-Newton* method) takes Newton's step $\mathbf{w} - \alpha\mathbf{B}\nabla E$
# with a matrix $\mathbf{B}$ that imitates $\mathbf{H}^{-1}$ without ever forming a Hessian. It remembers the last $m$
# steps $\mathbf{s}_k = \mathbf{w}_{k+1} - \mathbf{w}_k$ and the changes of the gradient they caused,
# $\mathbf{y}_k = \nabla E(\mathbf{w}_{k+1}) - \nabla E(\mathbf{w}_k)$. For a quadratic $\mathbf{y}_k = \mathbf{H}\mathbf{s}_k$
# exactly, so a good $\mathbf{B}$ satisfies the *secant condition* $\mathbf{B}\mathbf{y}_k = \mathbf{s}_k$: it
# undoes the curvature seen along the directions travelled. BFGS builds such a $\mathbf{B}$ from a multiple
# $\gamma\mathbf{I}$ ($\gamma = \mathbf{s}^T\mathbf{y}/\mathbf{y}^T\mathbf{y}$, the *inverse* of the curvature along the last
# step: the scale of $\mathbf{H}^{-1}$, Nocedal and Wright's eq. 7.20) by one
# rank-two correction per pair, and the *two-loop recursion* applies it to $\nabla E$ with $4mD$ multiply-adds,
# never storing a $D \times D$ matrix. The corrections keep $\mathbf{B}$ positive definite, so that $-\mathbf{B}\nabla E$
# goes downhill, as long as every pair has $\mathbf{s}^T\mathbf{y} > 0$: positive curvature along the step.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The step length: the standard line search and ours.** Standard L-BFGS, such as scipy's L-BFGS-B, which
# scikit-learn's default solver calls, takes a step that meets the **Wolfe conditions**: a sufficient decrease
# (Armijo's condition, section 9) and a *curvature condition*, that the slope along the step has risen, $\nabla E(\mathbf{w}_{k+1})^T\mathbf{s}_k \ge
# c_2\,\nabla E(\mathbf{w}_k)^T\mathbf{s}_k$ with $c_2 = 0.9$. Subtract $\nabla E(\mathbf{w}_k)^T\mathbf{s}_k < 0$ (a step
# downhill) from both sides: $\mathbf{s}_k^T\mathbf{y}_k \ge (c_2 - 1)\,\nabla E(\mathbf{w}_k)^T\mathbf{s}_k > 0$, on any smooth
# function, so every pair can be used (Nocedal and Wright, section 6.1).
#
# The package's version is simpler: a backtracking line search like damped Newton's (section 9). It tries $\alpha = 1$,
# and after a trial that fails the lowest point of the parabola through the loss at $\alpha = 0$, its slope there and
# the loss at the trial (kept between a tenth and a half of the trial), so that a much too long trial costs one or two
# more, not many halvings. Backtracking checks only the decrease, not the curvature, so a pair with
# $\mathbf{s}^T\mathbf{y} \le 0$ is possible and is skipped. On a strictly convex loss such as ours, $\mathbf{s}^T\mathbf{y} > 0$
# holds for every step anyway (the gradient of a strictly convex function increases along every line), and the skip is
# only a guard. Our version of the direction, with $m = 10$:

# %% slideshow={"slide_type": "subslide"}
show_source(optimization._Memory.direction)

# %% [markdown] slideshow={"slide_type": "subslide"}
# Three simulated problems with $N = 2000$: many independent features, fewer strongly correlated ones, and two
# independent ones, with L-BFGS as a third contestant, each run counted in passes:

# %%
def simulated(D, correlation, seed):
    """N = 2000 examples whose D standard normal features share `correlation` of their variance."""
    generator = np.random.default_rng(seed)
    shared = generator.normal(size=(2000, 1))
    X = np.sqrt(correlation) * shared + np.sqrt(1 - correlation) * generator.normal(size=(2000, D))
    return X, (generator.uniform(size=2000) < expit(X @ generator.normal(size=D) / np.sqrt(D))).astype(int)


class CountedLoss(LogisticLoss):
    """The logistic loss, counting how often it is evaluated."""
    evaluations = 0

    def loss(self, w):
        self.evaluations += 1
        return super().loss(w)


# %% slideshow={"slide_type": "subslide"}
def race(X, t):
    """Newton, gradient descent (1000 steps at most) and L-BFGS from 0: each one's iterates and work in passes."""
    objective, D = LogisticLoss(X, t), X.shape[1] + 1                  # D weights, the bias included
    start = np.zeros(D)
    exact = minimize(objective, start, "newton", tol=1e-12, line_search=True)
    gd = minimize(objective, start, "gd", learning_rate=learning_rate_bound(X) / 2, tol=1e-12, max_iter=1000)
    counted, evaluated = CountedLoss(X, t), []                          # the evaluations so far, after each step
    lbfgs = minimize(counted, start, "lbfgs", tol=1e-12, callback=lambda w: evaluated.append(counted.evaluations))
    tries = np.diff(np.r_[1, evaluated]) - 1          # a step evaluates once per try, then once at its new point
    newton_per_step = 2 + D / 2 + D ** 2 / (6 * len(t))                 # gradient, X^T S X, solve
    return newton_per_step, {"newton": (exact.weights, newton_per_step * np.arange(exact.n_iter + 1)),
                             "gd": (gd.weights, 2.0 * np.arange(gd.n_iter + 1)),
                             "lbfgs": (lbfgs.weights, np.r_[0, np.cumsum(2 + tries)])}


# %% slideshow={"slide_type": "subslide"}
def against(work, other):
    """How `work` compares with `other`: fewer below 3/4 of it, more above 5/4 of it, else about as many."""
    if work < 0.75 * other:
        return "fewer passes than"
    return "more passes than" if work > 1.25 * other else "about as many passes as"


def passes_to(weights, work, exact, error=1e-6):
    """The work done when the error ||w - w*|| first falls to `error` (inf if it never does)."""
    reached = np.flatnonzero(np.linalg.norm(weights - exact, axis=1) <= error)
    return work[reached[0]] if reached.size else np.inf

# %% slideshow={"slide_type": "subslide"}
problems = {"200 independent features": simulated(200, 0.0, 1), "50 features, correlation 0.9": simulated(50, 0.9, 2),
            "2 independent features": simulated(2, 0.0, 3)}
costs = {}
for name, (X, t) in problems.items():
    newton_per_step, costs[name] = race(X, t)
    work = {method: passes_to(*path, costs[name]["newton"][0][-1]) for method, path in costs[name].items()}
    gd_text = f"{work['gd']:.0f}" if np.isfinite(work["gd"]) else "more than 2000"          # 1000 steps at most
    print(f"{name}: a Newton step is {newton_per_step:.1f} passes ({newton_per_step / 2:.1f} gradient steps)\n"
          f"    passes to error 1e-6: Newton {work['newton']:.1f}, gradient descent {gd_text}; L-BFGS "
          f"{against(work['lbfgs'], work['gd'])} gradient descent, within 3 times the better of the two: "
          f"{work['lbfgs'] <= 3 * min(work['newton'], work['gd'])}")

# %% slideshow={"slide_type": "subslide"}
fig, axes = plt.subplots(1, 3, figsize=(11, 3.1), sharey=True)
for ax, (name, runs) in zip(axes, costs.items()):
    exact = runs["newton"][0][-1]
    for method, (weights, work) in runs.items():
        error = np.maximum(np.linalg.norm(weights - exact, axis=1), plotting.ERROR_FLOOR)
        style = {**plotting.METHOD_STYLES[method], "markersize": 3}
        ax.plot(work[1:], error[1:], **style)                      # the start, at work 0, is off the log scale
    ax.set(xscale="log", yscale="log", xlim=(1, 1e4), ylim=(1e-13, 10), xlabel="work: passes over the data")
    ax.set_title(name, fontsize="medium")
axes[0].set_ylabel(r"$\|\mathbf{w} - \mathbf{w}_*\|$")
axes[1].legend(loc="lower left", fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# With 200 independent features a Newton step costs 53 gradient steps, and gradient descent needs only 15 times as
# many steps as Newton: it wins. With correlated features gradient descent crawls, and Newton wins by far. With two
# features a Newton step costs less than two gradient steps, and Newton wins although the problem is well-conditioned.
# L-BFGS, which learns the curvature from the gradients it has seen, is never far behind the better of the two (within
# three times its work, here), and ahead of both with 200 independent features (the figure). With two well-conditioned
# features, where a plain gradient step is already a good one, it needs about as many passes as gradient descent. Its
# exact count of passes can move by a step with the machine's round-off, so the cell prints only what holds everywhere.
#
# Passes are arithmetic, not time. The Hessian's $N D^2/2$ multiply-adds run as one matrix-matrix product, several
# times faster per operation than the matrix-vector products of a gradient, which wait for memory. (Gradient descent
# with a fixed $\eta$ needs no line search; L-BFGS pays a pass for each try of its line search, counted above.) The
# package's benchmark
# (`make bench`, `benchmarks/bench_fits.py`) times the real thing on $N = 100\,000$, $D = 50$ against scikit-learn:
# with independent features L-BFGS fits in a few cheap iterations and beats IRLS's Newton steps, each of which pays
# $D/2$ passes for its Hessian; that is why `LogisticRegression` and `SoftmaxRegression` use L-BFGS unless told
# `solver="newton"`. Newton's method wins when the curvature is hard to learn from gradients and $D$ is moderate;
# gradient methods win for large $D$ (the $D \times D$ Hessian alone needs $8D^2$ bytes: 7.2 GB at $D = 30\,000$)
# and for well-conditioned problems.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Newton's method from farther away
#
# Newton's method trusts its quadratic model completely, and near a minimum that pays (section 7). What does it do
# from farther away? Take the convex $f(x) = \sqrt{1 + x^2}$, with its one minimum at 0; it grows like $|x|$ far out.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (derive): Newton's step on $\sqrt{1 + x^2}$
#
# Derive Newton's iteration for $f(x) = \sqrt{1 + x^2}$ on paper (simplify $f'(x)/f''(x)$), and give $x_1$ from
# $x_0 = 0.8$.

# %%
x1_answer = ...     # ✏️ a number
exercises.newton_on_sqrt.check(x1_answer)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (predict): pure Newton from $x_0 = 1.2$
#
# Starting from $x_0 = 1.2$ instead, pure Newton (full steps) on $\sqrt{1 + x^2}$
#
# - **(a)** converges to the minimum 0, more slowly than from 0.8;
# - **(b)** diverges: the iterates alternate in sign and grow;
# - **(c)** cycles between $1.2$ and $-1.2$;
# - **(d)** converges to some other stationary point.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.newton_from_far.check(prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: six steps of pure Newton from 0.5, 1 and 1.2.
if exercises.newton_from_far.revealed():
    sqrt_f = SCALAR_FUNCTIONS["sqrt"]
    for x0 in [0.5, 1.0, 1.2]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")                           # a divergence is what we want to see
            run = newton(sqrt_f.f, sqrt_f.derivative, sqrt_f.second_derivative, x0, max_iter=6)
        print(f"x0 = {x0}: {np.array2string(run.weights[:, 0], precision=4)}  -> {run.status}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The map $x \mapsto -x^3$.** Exercise 7's iteration, $x_{k+1} = -x_k^3$, decides everything: it converges for
# $|x_0| < 1$, cycles between $\pm 1$ for $|x_0| = 1$, and for $|x_0| > 1$ each step cubes the size and flips the
# sign. Far from 0 the function is almost $|x|$: its curvature $f''(x) = (1 + x^2)^{-3/2}$ dies away, so the parabola
# Newton minimises is very flat and its vertex lies far on the other side. Convexity guarantees one minimum, not
# that the model is a good guide far from it.
#
# Near the minimum the error is *cubed*, $e_{k+1} = e_k^3$, not squared: in section 7's bound the constant is
# $f'''(\xi)/(2f''(x_k))$, and here $f$ is even, so $f'''(0) = 0$ and the constant vanishes at the minimum; the next
# term of the expansion, of order $e_k^3$, takes over (from 0.5 in the cell above: $-0.125$, $0.00195$, ...).
# Quadratic convergence is what is guaranteed, and a function with $f'''(x_*) = 0$ does better.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Damped Newton
#
# Keep Newton's direction $\mathbf{d} = \mathbf{H}^{-1}\nabla E$ but choose the step length by a
# **backtracking line search**: try $\alpha = 1, \tfrac12, \tfrac14, \dots$ and take the first with
# $E(\mathbf{w} - \alpha\mathbf{d}) \le E(\mathbf{w}) - c\,\alpha\,\nabla E^T\mathbf{d}$ (here $c = 10^{-4}$: the loss must fall by a
# little of what the slope promises). Where $\mathbf{H}$ is positive definite, $\nabla E^T\mathbf{d} = \nabla E^T\mathbf{H}^{-1}\nabla E > 0$:
# the direction goes downhill, so some $\alpha$ works. Near the minimum the full step $\alpha = 1$ passes the test,
# and quadratic convergence is kept. `LogisticRegression(solver="newton")` always damps.

# %%
sqrt_f = SCALAR_FUNCTIONS["sqrt"]
for x0 in [1.2, 3.0]:
    run = newton(sqrt_f.f, sqrt_f.derivative, sqrt_f.second_derivative, x0, line_search=True)
    print(f"x0 = {x0}: {run.n_iter} steps, step lengths alpha = {run.step_size}, x = {run.w[0]:.1e}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A function that is not convex.** Where $f'' < 0$ the parabola is a cap, and Newton's step goes to its top: Newton
# looks for a zero of $f'$, and a maximum is one too. The double well $f(x) = x^4/4 - x^2/2$ has minima at $\pm 1$ and a
# maximum at 0, with $f'' < 0$ for $|x| < 1/\sqrt3$. From $x_0 = 0.3$ pure Newton converges to the maximum. In $D$
# dimensions a saddle attracts it the same way. A line search cannot repair this: the direction goes *uphill*
# ($\nabla E^T\mathbf{d} < 0$), so the loss rises for every small $\alpha$, in particular for every $\alpha \le 1$ that
# backtracking tries, and the package stops and says so. (A long step can land lower by jumping over the hill: from
# 0.3, $\alpha = 4$ reaches the other well. Nothing local tells a method to try it.) Practical methods change the
# direction instead, e.g. by adding a multiple of $\mathbf{I}$ to $\mathbf{H}$ until it is positive definite.

# %% slideshow={"slide_type": "subslide"}
well = SCALAR_FUNCTIONS["double_well"]
with warnings.catch_warnings(record=True) as caught:            # each run warns; the damped one's is printed
    warnings.simplefilter("always")
    pure = newton(well.f, well.derivative, well.second_derivative, 0.3)
    damped = newton(well.f, well.derivative, well.second_derivative, 0.3, line_search=True)
print(f"pure Newton from 0.3: {np.array2string(pure.weights[:4, 0], precision=6)} ... -> x = {pure.w[0]:.1e}, "
      f"f''(x) = {well.second_derivative(pure.w[0]):.0f}: a maximum (status {pure.status!r})")
print(f"damped: {damped.status}, after {damped.n_iter} steps; warning: {caught[-1].message}")
d_well = well.derivative(0.3) / well.second_derivative(0.3)        # Newton's d at 0.3
for alpha in [1 / 8, 1 / 4, 1 / 2, 1, 4]:
    print(f"alpha = {alpha:5.3f}: x = {0.3 - alpha * d_well:+.3f}, f(x) - f(0.3) = "
          f"{well.f(0.3 - alpha * d_well) - well.f(0.3):+.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Try both failures in the widget, which starts where exercise 8 does: $\sqrt{1 + x^2}$ from $x_0 = 1.2$, pure Newton.
#
# - **Try**: press **Step** twice and watch the flat parabola throw the iterate to the other side, farther out
#   each time; tick **damped** and step again; then choose the double well with $x_0 = 0.3$, with and without
#   damping; and $\sqrt{1+x^2}$ from $x_0 = 1$ exactly.
# - **Look for**: with damping, the first steps are shortened ($\alpha < 1$ in the status line) and the last ones are
#   full; on the double well, a parabola that opens downward; from $x_0 = 1$, a cycle $1, -1, 1, \dots$ that never ends.

# %% slideshow={"slide_type": "subslide"}
failures_1d = Newton1D("sqrt", x0=1.2)
failures_1d

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. Newton against gradient descent on the loss surface
#
# Back to the running example, $E(w, b)$. Its contours are long thin ellipses along $b \approx -3w$: changing the
# slope $w$ by 1 and the bias by $-3$ (about the mean number of hours) hardly changes any prediction, so the loss
# is nearly flat that way, the condition number of $\mathbf{H}(\mathbf{w}_*)$ is about 150, and gradient descent with
# $\eta = 1/L$ crawls along the valley. Newton's step divides by the curvature in each direction.

# %% [markdown] slideshow={"slide_type": "subslide"}
# The widget runs both from the start you choose. Around Newton's current point it draws three contours of the
# quadratic model $m_k$ (light orange), centred on the model's minimum (the cross): the next point. The right
# panel shows both distances to $\mathbf{w}_*$ (the star) on a log scale.
#
# - **Try**: press **Step** five times from $(0, 0)$; then set the start to $w = 4$, $b = -4$ and step again; then
#   tick **damped Newton**.
# - **Look for**: from $(0, 0)$ Newton's distance plunges to 0 in 5 steps, while gradient descent's
#   has only gone from 3.74 to 3.60; the model's ellipses hug the loss's contours near $\mathbf{w}_*$, and are far too
#   long and wide far from it. From $(4, -4)$ the model is almost flat: the first pure step overshoots to
#   $(w, b) = (-150, 189)$, where every $s_i$ is tiny, and the next goes to $10^{10}$. Damped, the first step is cut
#   to $\alpha = 1/32$, and five full steps finish.

# %% slideshow={"slide_type": "subslide"}
stepper = NewtonStepper(loss, learning_rate=eta, start=(0.0, 0.0), xlim=box[:, 0], ylim=box[:, 1])
stepper

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same runs from code, on a demo widget:

# %%
demo = NewtonStepper(loss, learning_rate=eta, start=(0.0, 0.0), xlim=box[:, 0], ylim=box[:, 1], k=5)
print(demo.status)
demo.set_start(4.0, -4.0)
w_1, w_2 = demo.newton.weights[1:3]
print(f"pure Newton from (4, -4): w_1 = ({w_1[0]:.1f}, {w_1[1]:.1f}), then ||w_2|| = {np.linalg.norm(w_2):.1e}")
demo.damping.value = True
print(demo.status)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 11. IRLS: each Newton step is a weighted least-squares fit
#
# Arias (UPC topic 2) calls Newton's method for logistic regression **iteratively reweighted least squares**.
# Write the step with $\mathbf{H} = \frac1N\mathbf{X}^T\mathbf{S}\mathbf{X}$ and $\nabla E = \frac1N\mathbf{X}^T(\mathbf{p} - \mathbf{t})$, and factor
# out $\mathbf{X}^T\mathbf{S}$:
#
# $$\mathbf{w}_{k+1} = \mathbf{w}_k - (\mathbf{X}^T\mathbf{S}\mathbf{X})^{-1}\mathbf{X}^T(\mathbf{p} - \mathbf{t})
# = (\mathbf{X}^T\mathbf{S}\mathbf{X})^{-1}\mathbf{X}^T\mathbf{S}\,\big(\mathbf{X}\mathbf{w}_k + \mathbf{S}^{-1}(\mathbf{t} - \mathbf{p})\big)
# = (\mathbf{X}^T\mathbf{S}\mathbf{X})^{-1}\mathbf{X}^T\mathbf{S}\,\mathbf{r}.$$
#
# That is the solution of a **weighted least-squares** problem, $\min_{\mathbf{v}} \sum_i s_i\,(r_i - \mathbf{x}_i^T\mathbf{v})^2$,
# whose normal equations are $\mathbf{X}^T\mathbf{S}\mathbf{X}\mathbf{v} = \mathbf{X}^T\mathbf{S}\mathbf{r}$. The targets are the **working
# response** $r_i = y_i + (t_i - p_i)/s_i$, the current score $y_i = \mathbf{x}_i^T\mathbf{w}_k$ moved by the residual in
# units of the sigmoid's slope, and the weights $s_i = p_i(1 - p_i)$ are largest for unsure examples. Both change every
# step: reweighted, iteratively. (With an L2 penalty $\frac\lambda2\|\mathbf{w}\|^2$ the normal equations gain
# $N\lambda\mathbf{I}$: ridge regression.)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (derive): the working response of one example
#
# An example has score $y = \ln 3$ under the current weights, and target $t = 0$. Give its working response $r$ and
# its weight $s$ in the least-squares fit.

# %%
r_and_s = ...     # ✏️ [r, s]
exercises.working_response_by_hand.check(r_and_s)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (implement): a Newton step as weighted least squares
#
# Write `irls_update(X, t, w)` for a design matrix `X` of shape $(N, D)$ (any bias column already in it), targets
# `t` in $\{0, 1\}$ and the current weights `w`: compute the scores, the weights $s_i$ and the working responses $r_i$,
# and return the solution $\mathbf{w}_{k+1}$ of $\min_{\mathbf{v}} \sum_i s_i\,(r_i - \mathbf{x}_i^T\mathbf{v})^2$ found with
# `np.linalg.lstsq(A, b, rcond=None)[0]`, which minimises the *unweighted* $\|\mathbf{A}\mathbf{v} - \mathbf{b}\|^2$. Do not
# form $\mathbf{X}^T\mathbf{S}\mathbf{X}$. The check compares your result with the package's Newton step from `w`.

# %%
def irls_update(X, t, w):
    """Return Newton's next weights for the logistic loss, as a weighted least-squares fit."""
    ...              # ✏️ your code


exercises.irls_by_least_squares.check(irls_update)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, on numbers: the package's weighted least squares (irls_step) and its Newton step (minimize)
# from the same point; the working responses and their weights; and the IRLS slide's sign.
w_k = np.array([0.5, -1.0])
newton_point = minimize(loss, w_k, "newton", max_iter=1, tol=0).weights[1]
least_squares = irls_step(X_hours, passed, w_k)
s_k, r_k = working_response(loss.X @ w_k, passed)
wrong_sign = w_k - np.linalg.solve(loss.hessian(w_k), loss.X.T @ (passed - expit(loss.X @ w_k)) / len(passed))
if exercises.irls_by_least_squares.revealed():
    print("Newton step       ", newton_point, f" E = {loss.loss(newton_point):.4f}")
    print("weighted LS (IRLS)", least_squares, " the same to 1e-12:", np.allclose(newton_point, least_squares, rtol=1e-12))
    print(f"weights s_i from {s_k.min():.3f} to {s_k.max():.3f}; working responses from {r_k.min():.1f} to "
          f"{r_k.max():.1f}")
    print(f"with the slide's sign: E goes from {loss.loss(w_k):.4f} to {loss.loss(wrong_sign):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# A least-squares solver minimises a plain sum of squares, so each weighted term is written as one:
# $s_i(r_i - \mathbf{x}_i^T\mathbf{v})^2 = (\sqrt{s_i}\,r_i - \sqrt{s_i}\,\mathbf{x}_i^T\mathbf{v})^2$. The package's `irls_step`
# solves with `numpy.linalg.lstsq` on the rows $\sqrt{s_i}\,\mathbf{x}_i$ and targets $\sqrt{s_i}\,r_i$, never touching the
# Hessian, whose condition number is the square of theirs (one hidden case has nearly parallel features to show what
# that costs); `minimize` takes a Newton step. From the same point they agree to rounding. The last line follows the
# IRLS slide literally: it writes the gradient as $\mathbf{X}^T(\mathbf{t} - \mathbf{p})$, the gradient of the
# log-*likelihood*, next to the Hessian of the *negative* log-likelihood; with that sign the step goes the wrong way.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 12. Rescaling the features
#
# Measure study time in minutes instead of hours: the feature becomes $x' = 60x$, and every model of the old
# features is a model of the new ones, with the slope divided by 60.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 11 (predict): minutes instead of hours
#
# From $(0, 0)$ Newton needs 5 steps on the hours until $\|\nabla E\| \le 10^{-13}$ (section 7). With the feature in
# minutes ($x' = 60x$) and the same test, it needs
#
# - **(a)** more steps: the loss surface is stretched 60-fold along $w$;
# - **(b)** fewer steps: the optimal slope is 60 times smaller, closer to the start;
# - **(c)** the same 5 steps;
# - **(d)** no number of steps: pure Newton diverges.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.minutes_instead_of_hours.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: Newton and gradient descent from (0, 0) on the feature in hours, in minutes and standardised.
if exercises.minutes_instead_of_hours.revealed():
    scalings = {"hours": hours, "minutes": 60 * hours, "standardised": (hours - hours.mean()) / hours.std()}
    print("feature        Newton steps   slope w      bias b     gradient descent steps (eta = 1/L)")
    for name, feature in scalings.items():
        objective = LogisticLoss(feature[:, None], passed)
        nt = minimize(objective, np.zeros(2), "newton", tol=1e-13)
        gd = minimize(objective, np.zeros(2), "gd", learning_rate=learning_rate_bound(feature[:, None]) / 2,
                      tol=1e-6, max_iter=5000)
        steps = f"{gd.n_iter}" if gd.converged else f"more than {gd.n_iter}"
        print(f"{name:12}   {nt.n_iter:12d}   {nt.w[0]:8.5f}   {nt.w[1]:8.4f}   {steps}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# In general, change the features by an invertible matrix,
# $\mathbf{x}' = \mathbf{B}^T\mathbf{x}$ (with the bias row inside $\mathbf{B}$, so centring is allowed too). The scores
# $\mathbf{x}'^T\mathbf{v} = \mathbf{x}^T\mathbf{B}\mathbf{v}$ are those of the old model with $\mathbf{w} = \mathbf{B}\mathbf{v}$, so the new loss is
# $E'(\mathbf{v}) = E(\mathbf{B}\mathbf{v})$, with
#
# $$\nabla E'(\mathbf{v}) = \mathbf{B}^T\nabla E(\mathbf{w}), \qquad \mathbf{H}'(\mathbf{v}) = \mathbf{B}^T\mathbf{H}(\mathbf{w})\mathbf{B}.$$
#
# Newton's step for $\mathbf{v}$ is then $(\mathbf{B}^T\mathbf{H}\mathbf{B})^{-1}\mathbf{B}^T\nabla E = \mathbf{B}^{-1}\mathbf{H}^{-1}\nabla E$: the old
# step, mapped by $\mathbf{B}^{-1}$ like the weights themselves. Started at corresponding points, the two runs are the same
# run, $\mathbf{v}_k = \mathbf{B}^{-1}\mathbf{w}_k$, step for step (**affine invariance**). Gradient descent's step is
# $\eta\,\mathbf{B}^T\nabla E$, which maps differently, and its safe $\eta$ depends on the scale: in minutes the curvature
# along $w$ grows 3600-fold, the safe $\eta$ shrinks with it, and the bias, whose curvature has not changed, crawls.
# Standardising does the opposite: it makes the Hessian better conditioned, and gradient descent fast. The cell
# below checks the runs step for step.
#
# </details>

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: Newton's iterates in minutes against those in hours, step for step, and at each step the
# size of the gradient and the Newton decrement sqrt(grad^T H^-1 grad), in both units.
in_minutes = LogisticLoss(60 * X_hours, passed)
minutes = minimize(in_minutes, np.zeros(2), "newton", tol=1e-13)
in_hours = minimize(loss, np.zeros(2), "newton", tol=1e-13)


def size_and_decrement(objective, w):
    """||grad E(w)|| and sqrt(grad^T H^-1 grad) at w, as text ("< 1e-12" below that: rounding)."""
    g = objective.gradient(w)
    values = np.linalg.norm(g), np.sqrt(g @ np.linalg.solve(objective.hessian(w), g))
    return [f"{value:8.1e}" if value > 1e-12 else "< 1e-12" for value in values]


if exercises.minutes_instead_of_hours.revealed():
    print("Newton's iterates in minutes, times (60, 1), are those in hours to 1e-12:",
          minutes.n_iter == in_hours.n_iter and np.allclose(minutes.weights * [60, 1], in_hours.weights, rtol=1e-12,
                                                             atol=1e-12))
    print(f"{'k':>2}   {'||grad E||, hours':>17}   {'minutes':>8}   {'decrement, hours':>16}   {'minutes':>8}")
    for k, (w_h, w_m) in enumerate(zip(in_hours.weights, minutes.weights)):
        (g_h, d_h), (g_m, d_m) = size_and_decrement(loss, w_h), size_and_decrement(in_minutes, w_m)
        print(f"{k:2d}   {g_h:>17}   {g_m:>8}   {d_h:>16}   {d_m:>8}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The iterates do not depend on the units; the count of steps can, through the stopping test.** The test
# $\|\nabla E\| \le$ `tol` is not affine invariant: in minutes the gradient is $\mathbf{B}^T\nabla E$, its slope component
# 60 times larger. After 4 steps $\|\nabla E\|$ is $9.4 \cdot 10^{-10}$ in hours and $5.6 \cdot 10^{-8}$ in minutes (the
# cell above), so with `tol` $= 10^{-9}$ the run in hours would stop after 4 steps and the run in minutes after 5, on the
# same iterates. The **Newton decrement** $\sqrt{\nabla E^T\mathbf{H}^{-1}\nabla E}$ is the same in any units, since
# $\nabla E^T\mathbf{B}(\mathbf{B}^T\mathbf{H}\mathbf{B})^{-1}\mathbf{B}^T\nabla E = \nabla E^T\mathbf{H}^{-1}\nabla E$, and half its
# square is the decrease the quadratic model promises: a stopping test on it counts the same steps in any units.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 13. Separable data: IRLS has nowhere to go
#
# If a line separates the classes, scaling a separating $\mathbf{w}$ up makes every $p_i$ approach its target and the
# loss approach 0, never reaching it: there is no minimum (notebook 04 saw gradient descent's weights grow without
# end). As the $p_i$ approach 0 or 1 every weight $s_i = p_i(1 - p_i)$ vanishes, and the Hessian
# $\frac1N\mathbf{X}^T\mathbf{S}\mathbf{X}$ tends to the zero matrix. But the gradient vanishes just as fast: far out along the
# widest-margin direction $\mathbf{u}$ ($\|\mathbf{u}\| = 1$, margin $\gamma = \min_i t_i\,\mathbf{x}_i^T\mathbf{u}$ with $t_i = \pm 1$
# and $\mathbf{x}_i$ holding its 1), the loss at $\mathbf{w} = c\,\mathbf{u}$ is dominated by the examples on the margin,
# about $A e^{-\gamma c}$, and Newton's step in $c$ is $-f'/f'' = \gamma A e^{-\gamma c} / (\gamma^2 A e^{-\gamma c}) = 1/\gamma$.
# So the steps tend to a **constant length** $1/\gamma$, and $\|\mathbf{w}_k\|$ grows **linearly**: faster than
# gradient descent's $\log k$, but not "ever faster". Forty pure Newton steps, with $1/\gamma$ from notebook 01's
# widest-margin separator (through the origin, on the inputs with their 1):

# %% slideshow={"slide_type": "subslide"}
separable = make_separable(60, margin=0.05, random_state=3)
separable_loss = LogisticLoss(separable.X, separable.y)
run_off = minimize(separable_loss, np.zeros(3), "newton", max_iter=40, tol=0)
norms = np.linalg.norm(run_off.weights, axis=1)
widest, _ = max_margin_separator(np.column_stack([separable.X, np.ones(60)]), separable.y, fit_intercept=False)
print(f"1 / gamma = {np.linalg.norm(widest):.2f}")
print(" k   ||w_k||   ||w_k|| - ||w_(k-1)||     E(w_k)   largest eigenvalue of H")
for k in [0, 1, 2, 3, 4, 6, 8, 12, 16, 20, 30, 40]:
    increment = f"{norms[k] - norms[k - 1]:20.2f}" if k else " " * 20
    print(f"{k:2d}   {norms[k]:7.1f}   {increment}   {run_off.loss[k]:9.1e}   "
          f"{np.linalg.eigvalsh(separable_loss.hessian(run_off.weights[k]))[-1]:12.1e}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The first steps are a transient; from about step 12 each adds nearly $1/\gamma$ to $\|\mathbf{w}_k\|$, while the loss and
# the whole Hessian shrink by a constant factor per step. Gradient descent's weights grow only like $\log k$: after
# 10 000 steps they are still shorter than Newton's after 8.

# %%
gd_off = minimize(separable_loss, np.zeros(3), "gd", learning_rate=learning_rate_bound(separable.X) / 2,
                  max_iter=10_000, tol=0)
print("gradient descent, ||w_k|| at k = 10, 100, 1000, 10000:",
      *(f"{np.linalg.norm(gd_off.weights[k]):.1f}" for k in (10, 100, 1000, 10_000)))

# %% [markdown] slideshow={"slide_type": "subslide"}
# `LogisticRegression(solver="newton")` watches for this: once the weights classify every training example
# correctly, it stops and warns. An L2 penalty $\frac\lambda2\|\mathbf{w}\|^2$ adds $\lambda\mathbf{I}$ to the Hessian (on the
# coefficients), which keeps it positive definite, and makes the loss grow again for large weights: a finite,
# unique minimum, found in a few steps.

# %%
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always", SeparationWarning)
    unpenalised = LogisticRegression(solver="newton").fit(separable.X, separable.y)
print("warning:", str(caught[0].message)[:160], "...")
ridge = LogisticRegression(solver="newton", l2=1e-3).fit(separable.X, separable.y)
print(f"with l2 = 1e-3: converged {ridge.converged_} in {ridge.n_iter_} steps, coef {ridge.coef_}, "
      f"b = {ridge.intercept_:.3f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 14. Can Newton's method train a perceptron?
#
# Liu (USC CSCI 567) asks whether Newton's method applies to the perceptron loss or the hinge loss:
# $\max(0, -t\,\mathbf{x}^T\mathbf{w})$ and $\max(0, 1 - t\,\mathbf{x}^T\mathbf{w})$ per example, with targets $t \in \{-1, +1\}$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 12 (explain): Newton's method for the perceptron
#
# Why can Newton's method not train a perceptron?
#
# - **(a)** The perceptron loss is not convex.
# - **(b)** Its gradient is zero almost everywhere.
# - **(c)** Its Hessian is zero wherever it exists, and does not exist at the kinks.
# - **(d)** It processes one example at a time, and Newton needs all of them.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.newton_for_the_perceptron.check(explanation)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, on the running example with t_i = 2 passed_i - 1: the perceptron loss's gradient, its
# Hessian by finite differences, and what Newton's method makes of it with that Hessian.
t_pm = 2 * passed - 1                                             # the targets in {-1, +1} (notebook 01)
perceptron_E = lambda w: np.mean(perceptron_loss(t_pm * (X1 @ w)))
perceptron_gradient = lambda w: X1.T @ (perceptron_loss_derivative(t_pm * (X1 @ w)) * t_pm) / len(t_pm)
w_try = np.array([0.7, -1.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    attempt = newton(perceptron_E, perceptron_gradient, lambda w: numerical_hessian(perceptron_gradient, w), w_try)
if exercises.newton_for_the_perceptron.revealed():
    print("gradient", perceptron_gradient(w_try), " Hessian by finite differences:\n",
          numerical_hessian(perceptron_gradient, w_try))
    print(f"Newton: {attempt.status} after {attempt.n_iter} steps")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# Both losses are piecewise linear in $\mathbf{w}$. Away from the kinks their second derivative is exactly 0, and at
# the kinks it does not exist. So the Hessian of $E(\mathbf{w}) = \frac1N\sum_i \max(0, -t_i\mathbf{x}_i^T\mathbf{w})$ is
# the zero matrix wherever it is defined (the cell above), the quadratic model is a plane with no minimum, and
# $\mathbf{H}\mathbf{d} = \nabla E$ has no solution. Both losses are convex (maxima of linear functions); that is not
# what goes wrong.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 15. The fit against independent references
#
# A last check of `LogisticRegression(solver="newton")`, on simulated data with three features on different scales:
# its weights beside those of `scipy.optimize.minimize` (BFGS) on the negative log-likelihood written out again
# below, without the package, unpenalised and with an L2 penalty. BFGS's success flag is not trusted (it depends on
# round-off near its tolerance); its answer is judged by its own gradient.

# %% slideshow={"slide_type": "subslide"}
generator = np.random.default_rng(20240402)
X3 = generator.normal(size=(400, 3)) * [1.0, 3.0, 0.5] + [0.0, 1.0, -1.0]
t3 = (generator.uniform(size=400) < expit(X3 @ [1.2, -0.4, 0.8] - 0.5)).astype(int)


def reference_fit(l2):
    """BFGS on mean log(1 + exp(-t_i y_i)) + l2/2 ||coef||^2 (t_i in {-1, +1}), independently of the package.

    Returns the weights (w_1, w_2, w_3, b) and the norm of the gradient there.
    """
    design, t_pm3 = np.column_stack([X3, np.ones(400)]), 2 * t3 - 1
    penalty = np.r_[np.full(3, l2), 0.0]                          # no penalty on the bias
    value = lambda v: np.mean(np.logaddexp(0, -t_pm3 * (design @ v))) + 0.5 * v @ (penalty * v)
    gradient = lambda v: design.T @ (-t_pm3 * expit(-t_pm3 * (design @ v))) / 400 + penalty * v
    found = optimize.minimize(value, np.zeros(4), jac=gradient, method="BFGS", options={"gtol": 1e-8}).x
    return found, np.linalg.norm(gradient(found))

# %% slideshow={"slide_type": "subslide"}
for l2 in [0.0, 0.01]:
    ours = LogisticRegression(solver="newton", l2=l2, tol=1e-10).fit(X3, t3)
    reference, reference_gradient = reference_fit(l2)
    print(f"l2 = {l2}: ours  {np.r_[ours.coef_, ours.intercept_]}\n          BFGS  {reference}")
    print(f"          BFGS's gradient below 1e-7: {reference_gradient < 1e-7};  the two agree to 1e-6: "
          f"{np.allclose(np.r_[ours.coef_, ours.intercept_], reference, rtol=0, atol=1e-6)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Standard errors.** At the optimum, the inverse of the Hessian of the *total* negative log-likelihood,
# $(N\mathbf{H})^{-1}$, estimates the covariance of the fitted weights over repeated samples (the Cramér–Rao bound of
# notebook 03, for many parameters), and the standard errors `bse_` are the square roots of its diagonal, in the
# notebook's order of the weights, $(w_1, w_2, w_3, b)$ (statsmodels, after `add_constant`, lists the intercept first).
# An independent check that needs no formula: refit on 400 bootstrap resamples of the data and
# take the standard deviation of each fitted weight. The two should agree to within about 10%: the bootstrap's own
# noise is about $1/\sqrt{2 \cdot 400} = 3.5\%$ per value, and the formula is exact only for large $N$. The unit tests
# (`tests/test_logistic.py`) compare the same fit with statsmodels' `Logit` (coefficients to $10^{-8}$, standard errors
# to $10^{-6}$) and with scikit-learn's `LogisticRegression` (section 18 runs two of its solvers; this notebook does not need statsmodels).

# %%
fit = LogisticRegression(solver="newton", tol=1e-10).fit(X3, t3)
resamples = [generator.integers(0, 400, size=400) for _ in range(400)]
boot = np.array([(lambda m: np.r_[m.coef_, m.intercept_])(LogisticRegression(solver="newton").fit(X3[i], t3[i]))
                 for i in resamples])
print("             w_1      w_2      w_3      b")
print("bse_       ", fit.bse_)
print("bootstrap  ", boot.std(axis=0, ddof=1))
print("ratio      ", boot.std(axis=0, ddof=1) / fit.bse_)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 16. More than two classes: Newton's method for softmax regression
#
# Arias (UPC topic 2) fits the multi-class model "as in the binary case", by gradient descent or Newton's method.
# Notebook 04 fitted it by gradient descent. With $K$ classes, weights $\mathbf{w}_1, \dots, \mathbf{w}_K$, scores
# $y_{ik} = \tilde{\mathbf{x}}_i^T\mathbf{w}_k$, probabilities $p_{ik} = \operatorname{softmax}(\mathbf{y}_i)_k$ and one-hot targets
# $t_{ik}$, the loss $E = -\frac1N\sum_i\sum_k t_{ik}\log p_{ik}$ has the gradient
# $\nabla_{\mathbf{w}_k} E = \frac1N\sum_i (p_{ik} - t_{ik})\,\tilde{\mathbf{x}}_i$ (softmax minus one-hot).
#
# Differentiate once more. The softmax's derivatives are $\partial p_{ik}/\partial y_{il} = p_{ik}(\delta_{kl} - p_{il})$
# ($p_k - p_k^2$ for $l = k$, $-p_k p_l$ otherwise), and $\partial y_{il}/\partial\mathbf{w}_l = \tilde{\mathbf{x}}_i$, so the
# Hessian is a $K \times K$ array of blocks of size $(D + 1) \times (D + 1)$:
#
# $$\mathbf{H}_{kl} = \frac{\partial^2 E}{\partial\mathbf{w}_k\,\partial\mathbf{w}_l^T}
# = \frac1N\sum_i p_{ik}(\delta_{kl} - p_{il})\,\tilde{\mathbf{x}}_i\tilde{\mathbf{x}}_i^T .$$
#
# With two classes and $\mathbf{w}_1$ fixed at $\mathbf{0}$, the one block left is $\frac1N\sum_i p_{i2}(1 - p_{i2})\tilde{\mathbf{x}}_i\tilde{\mathbf{x}}_i^T$:
# the binary Hessian of section 3.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Convex, but not strictly.** For directions $\mathbf{v}_1, \dots, \mathbf{v}_K$, write $a_{ik} = \tilde{\mathbf{x}}_i^T\mathbf{v}_k$:
#
# $$\sum_{k,l}\mathbf{v}_k^T\mathbf{H}_{kl}\mathbf{v}_l = \frac1N\sum_i\Big[\sum_k p_{ik}a_{ik}^2 - \Big(\sum_k p_{ik}a_{ik}\Big)^2\Big] \;\ge\; 0,$$
#
# the variance of $a_{i1}, \dots, a_{iK}$ under the probabilities $p_{i1}, \dots, p_{iK}$: the cross-entropy is convex in
# the weights. It is 0 where each example's $a_{ik}$ are equal for all $k$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 13 (derive): the flat directions of the softmax loss
#
# On the iris data, $D = 4$ standardised features and the bias, $K = 3$ classes: 15 weights, and $\tilde{\mathbf{X}}$ has
# full column rank. The Hessian of the unpenalised loss is singular at every $\mathbf{W}$. Along how many independent
# directions is the loss flat, that is, what is the dimension of the Hessian's null space?

# %%
null_directions = ...     # ✏️ a whole number
exercises.softmax_null_directions.check(null_directions)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the Hessian of the unpenalised loss on the iris data at random weights, its eigenvalues
# that are 0 to round-off, and one flat direction.
iris = load_iris()
X_iris = (iris.X - iris.X.mean(axis=0)) / iris.X.std(axis=0)
iris_loss = SoftmaxLoss(X_iris, iris.y)
W_random = np.random.default_rng(8).normal(scale=0.5, size=iris_loss.n_weights)
H_iris = iris_loss.hessian(W_random)
eigenvalues_iris = np.linalg.eigvalsh(H_iris)
flat = np.abs(eigenvalues_iris) <= 1e-12 * eigenvalues_iris[-1]
v = np.random.default_rng(9).normal(size=5)                        # one vector for every class: W + v 1^T
if exercises.softmax_null_directions.revealed():
    print("H = finite differences of the gradient to 1e-8:",
          np.allclose(H_iris, numerical_hessian(iris_loss.gradient, W_random), rtol=1e-8, atol=1e-8))
    print(f"eigenvalues 0 to round-off: {flat.sum()} of {flat.size}; the smallest of the others "
          f"{eigenvalues_iris[~flat][0]:.4f}")
    print("H (v, v, v) = 0 to round-off:", np.allclose(H_iris @ np.repeat(v, 3), 0, atol=1e-12))

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The variance is 0 for all examples when $\tilde{\mathbf{X}}(\mathbf{v}_k - \mathbf{v}_l) = \mathbf{0}$ for every pair,
# which for a full-rank $\tilde{\mathbf{X}}$ means $\mathbf{v}_1 = \dots = \mathbf{v}_K$: the flat directions add the same
# vector $\mathbf{v}$ to every class's weights, which adds $\tilde{\mathbf{x}}^T\mathbf{v}$ to every score and changes no
# probability (notebook 04). Each entry of $\mathbf{v}$, one per input and one for the bias, is free: the null space
# has one dimension per entry (the cell above counts the eigenvalues that are 0).
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Newton's method among the weights that sum to zero
#
# **Newton's step needs a unique solution**, and $\mathbf{H}\mathbf{d} = \nabla E$ has a whole family. Three ways out:
#
# - **fix one class's weights at $\mathbf{0}$**, a reference class, as binary logistic regression does ($K - 1$ classes
#   of weights remain);
# - **penalise**: $\frac\lambda2\|\mathbf{W}\|^2$ adds $\lambda\mathbf{I}$ on the coefficients and removes their flat directions,
#   but not the biases', which it spares: one flat direction stays;
# - **solve among the weights with $\sum_k \mathbf{w}_k = \mathbf{0}$**, where every family has exactly one member, the
#   penalty's minimum lies (notebook 04), and gradient descent from $\mathbf{0}$ stays.
#
# `SoftmaxRegression(solver="newton")` does the last. It writes $\mathbf{W} = \mathbf{V}\mathbf{C}^T$ with a $K \times (K-1)$
# matrix $\mathbf{C}$ of orthonormal columns that sum to 0, and takes Newton's steps on $\mathbf{V}$, whose Hessian
# $(\mathbf{I} \otimes \mathbf{C})^T\mathbf{H}(\mathbf{I} \otimes \mathbf{C})$ is positive definite: the same loop as for two classes,
# "gradient, Hessian, solve", with a line search. On iris, with notebook 04's penalty $\lambda = 10^{-3}$:

# %% slideshow={"slide_type": "subslide"}
fits = {solver: SoftmaxRegression(solver=solver, l2=1e-3, tol=1e-8, max_iter=50_000).fit(X_iris, iris.y)
        for solver in ["newton", "accelerated", "gd"]}
for solver, model in fits.items():
    print(f"{solver:12} converged {model.converged_} in {model.n_iter_:5d} steps")
newton_fit = fits["newton"]
print("the same weights to 1e-4:", all(np.allclose(model.coef_, newton_fit.coef_, atol=1e-4)
                                       and np.allclose(model.intercept_, newton_fit.intercept_, atol=1e-4)
                                       for model in fits.values()))
print("Newton's weights of the classes sum to 0:",
      np.allclose(newton_fit.coef_.sum(axis=0), 0, atol=1e-12), np.isclose(newton_fit.intercept_.sum(), 0, atol=1e-12))
print("Newton's |grad| step by step:", *(f"{g:.0e}" for g in newton_fit.trace_.grad_norm if g > 1e-9), "...")

# %% [markdown] slideshow={"slide_type": "subslide"}
# All three stop where the gradient is below $10^{-8}$; since the penalised loss curves by at least about $10^{-3}$ in
# every direction of the sum-zero weights, that puts them within about $10^{-5}$ of the optimum, hence "to $10^{-4}$".
# Newton needs a handful of steps where gradient descent needs hundreds or thousands; each of its steps solves a
# system of $(D + 1)(K - 1) = 10$ unknowns. The same trade-off as in section 8, with $K - 1$ times as many weights: for
# many features and many classes, the Hessian's $((D + 1)(K - 1))^2$ entries make quasi-Newton methods the practical
# choice (scikit-learn's default for this model is L-BFGS).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 17. An L1 penalty: Newton's method one orthant at a time
#
# Notebook 04 fitted the L1 penalty, $E_\text{L1}(\mathbf{w}) = E(\mathbf{w}) + \lambda\|\mathbf{w}\|_1$ (the bias spared), by
# proximal gradient steps: thousands of them on the breast-cancer data, even accelerated. Newton's method seems
# ruled out, since $|w_j|$ has no second derivative at 0 (exercise 4), and `solver="newton"` refuses an L1 penalty.
# But the kink lies only where a weight changes sign. In an **orthant**, a region where every weight keeps a sign
# $\zeta_j \in \{-1, +1\}$, $|w_j| = \zeta_j w_j$ is linear, and there
#
# $$E_\text{L1}(\mathbf{w}) = E(\mathbf{w}) + \lambda\sum_j\zeta_j w_j, \qquad \nabla E_\text{L1} = \nabla E + \lambda\boldsymbol{\zeta},
# \qquad \mathbf{H}_\text{L1} = \mathbf{H} :$$
#
# smooth, with the Hessian of $E$ itself (a linear term has no curvature). Newton's method works inside an orthant,
# if it knows which one and never leaves it.

# %% [markdown] slideshow={"slide_type": "subslide"}
# One step of `solver="newton-l1"`, with $\mathbf{g} = \nabla E(\mathbf{w})$:
#
# 1. **The smallest subgradient** $\mathbf{v}$, built from notebook 04's optimality conditions (section 11), which hold
#    exactly when $\mathbf{v} = \mathbf{0}$: $v_j = g_j + \lambda\operatorname{sign}(w_j)$ for a
#    nonzero weight; for a zero weight the subgradients fill $[g_j - \lambda, g_j + \lambda]$, and $v_j$ is its point
#    nearest 0: 0 if $|g_j| \le \lambda$, otherwise $g_j - \lambda\operatorname{sign}(g_j)$. The loop stops when
#    $\|\mathbf{v}\| \le$ `tol`.
# 2. **Which weights move.** A zero weight with $|g_j| \le \lambda$ is held at 0: the penalty holds it harder than the
#    data pull. Every other weight is free; a free zero weight takes the sign it moves to, downhill,
#    $\zeta_j = -\operatorname{sign}(v_j)$.
# 3. **Newton's step on the free weights** $F$: solve $\mathbf{H}_{FF}\,\mathbf{d}_F = \mathbf{v}_F$. Through the coupling in
#    $\mathbf{H}$ the step can push a freed weight against its sign; such a weight is held at 0 after all, and the
#    system solved again without it.
# 4. **Stay in the orthant.** Try $\alpha = 1, \frac12, \frac14, \dots$ along $\mathbf{w} - \alpha\mathbf{d}$, with every weight
#    that would cross 0 set to 0 instead, giving a point $\mathbf{w}'$; keep the first with
#    $E_\text{L1}(\mathbf{w}') \le E_\text{L1}(\mathbf{w}) + c\,\mathbf{v}^T(\mathbf{w}' - \mathbf{w})$. With nothing set to 0,
#    $\mathbf{w}' - \mathbf{w} = -\alpha\mathbf{d}$, and this is section 9's Armijo condition for $E_\text{L1}$, whose gradient in
#    the orthant is $\mathbf{v}$. A weight stopped at 0 is freed again at the next step only if the data pull on it harder
#    than $\lambda$.
#
# Once the signs settle, this is Newton's method on a smooth function of the free weights, and the digits double
# (section 7). OWL-QN (Andrew and Gao, 2007), a standard solver for L1-penalised logistic regression, works in the
# orthant too, with L-BFGS's sketch of $\mathbf{H}$; where a component of its move disagrees in sign with $-v_j$, it sets
# that component to 0 instead of solving again.

# %% slideshow={"slide_type": "subslide"}
show_source(optimization._orthant_newton_step)

# %% [markdown] slideshow={"slide_type": "subslide"}
# On notebook 04's breast-cancer data (30 standardised features), at two penalties, against FISTA, both to a
# smallest subgradient of $10^{-10}$:

# %%
cancer = load_breast_cancer()
Z_cancer = (cancer.X - cancer.X.mean(axis=0)) / cancer.X.std(axis=0)
for lam in (0.01, 0.001):
    orthant = LogisticRegression(solver="newton-l1", l1=lam, tol=1e-10).fit(Z_cancer, cancer.y)
    fista = LogisticRegression(solver="accelerated", l1=lam, tol=1e-10, max_iter=100_000).fit(Z_cancer, cancer.y)
    same = np.allclose(orthant.coef_, fista.coef_, atol=1e-6) and np.array_equal(orthant.coef_ == 0, fista.coef_ == 0)
    print(f"lambda = {lam}: newton-l1 {orthant.n_iter_} steps, FISTA {fista.n_iter_}; "
          f"{np.count_nonzero(orthant.coef_)} of 30 weights nonzero; the same weights (to 1e-6) and zeros: {same}")
    print("  nonzero weights step by step:", [int(np.count_nonzero(w[:-1])) for w in orthant.trace_.weights])
    print("  |v| step by step:", *(f"{g:.0e}" if g > 1e-12 else "<1e-12" for g in orthant.trace_.grad_norm))

# %% [markdown] slideshow={"slide_type": "subslide"}
# Eight and ten steps where FISTA takes about 1 600 and 4 900, to the same weights and the same zeros. At
# $\mathbf{w} = \mathbf{0}$, 27 and 30 of the weights have $|g_j| > \lambda$ and are freed; but the features are correlated,
# and Newton's step would push most of them against their signs: held after all, after four and three more solves,
# they leave 7 and 9 that move. Later steps free and hold a few more, and a weight that crosses 0 stops there (at
# $\lambda = 0.001$ the count rises to 16, then falls back to 15). The signs settle after two steps at
# $\lambda = 0.01$ and after seven at $\lambda = 0.001$; from there it is Newton's method on a smooth function: a few
# steps to come close, then $\|\mathbf{v}\|$ falls from about $10^{-5}$ to $10^{-8}$ to the rounding of the sums, a few
# times $10^{-15}$, in the last three: the digits double (section 7). Each step forms one Hessian and solves a few systems of at most 31 unknowns, cheap at
# this size; with thousands of features, section 8's trade-off returns, and proximal or quasi-Newton methods win. Notebook 04's regularisation explorer fits its whole L1 path this way, a few steps per
# $\lambda$, when it is built.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 14 (derive): one step of Newton's method with an L1 penalty
#
# Two weights, both penalised with $\lambda = 0.5$, and a quadratic smooth part
# $E(\mathbf{w}) = \frac12\mathbf{w}^T\mathbf{H}\mathbf{w} - \mathbf{b}^T\mathbf{w}$ with
# $\mathbf{H} = \begin{pmatrix} 1 & 0.9 \\ 0.9 & 1 \end{pmatrix}$ and $\mathbf{b} = (-1.5, -0.6)$, so
# $\nabla E = \mathbf{H}\mathbf{w} - \mathbf{b}$. Where does the first step of this section's method (what
# `minimize(..., "newton-l1")` takes) from $\mathbf{w} = \mathbf{0}$ land? Follow the four parts of a step.

# %%
weights_after_one_step = ...     # ✏️ two numbers (w1, w2), as a list
exercises.orthant_newton_step.check(weights_after_one_step)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 18. Inexact Newton: conjugate gradients instead of the Hessian
#
# Section 8 priced a Newton step at $D/2$ passes over the data for $\mathbf{X}^T\mathbf{S}\mathbf{X}$, $D^3/6$ multiply-adds
# for its Cholesky factor, and $8D^2$ bytes to hold it. Yet the step needs only the *solution* of
# $\mathbf{H}\mathbf{d} = \nabla E$, and far from the minimum not even that exactly: the line search (section 9) fixes the
# length, and any direction downhill will do. **Inexact Newton** solves the system roughly, by an iterative method
# that touches $\mathbf{H}$ only through products $\mathbf{H}\mathbf{v}$. For the logistic loss a product needs no Hessian:
#
# $$\mathbf{H}\mathbf{v} = \tfrac1N\mathbf{X}^T\big(\mathbf{s} \odot \mathbf{X}\mathbf{v}\big) + \lambda\mathbf{v},$$
#
# one pass for $\mathbf{X}\mathbf{v}$ and one for $\mathbf{X}^T$ times the weighted result: **2 passes** and $O(D)$ memory
# (`LogisticLoss.hessian_vector`).

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Conjugate gradients (CG)** solve $\mathbf{H}\mathbf{d} = \mathbf{g}$, for $\mathbf{g} = \nabla E$ and a positive definite
# $\mathbf{H}$, by minimising the quadratic model $q(\mathbf{d}) = \tfrac12\mathbf{d}^T\mathbf{H}\mathbf{d} - \mathbf{g}^T\mathbf{d}$,
# whose gradient is minus the **residual** $\mathbf{r} = \mathbf{g} - \mathbf{H}\mathbf{d}$. From $\mathbf{d}_0 = \mathbf{0}$, with
# $\mathbf{r}_0 = \mathbf{g}$ and a first direction $\mathbf{p}_0 = \mathbf{r}_0$, each iteration
#
# 1. moves to the lowest point of $q$ on the line $\mathbf{d}_j + \alpha\mathbf{p}_j$, at the price of one product
#    $\mathbf{H}\mathbf{p}_j$: $\mathbf{d}_{j+1} = \mathbf{d}_j + \alpha_j\mathbf{p}_j$;
# 2. updates the residual with that same product, $\mathbf{r}_{j+1} = \mathbf{r}_j - \alpha_j\mathbf{H}\mathbf{p}_j$;
# 3. turns the new residual into a direction **conjugate** to the last one, $\mathbf{p}_{j+1} = \mathbf{r}_{j+1} + \beta_j\mathbf{p}_j$
#    with $\beta_j = \|\mathbf{r}_{j+1}\|^2/\|\mathbf{r}_j\|^2$, which makes $\mathbf{p}_{j+1}^T\mathbf{H}\mathbf{p}_j = 0$ (and, by
#    induction, $\mathbf{p}_{j+1}$ conjugate to every earlier direction).
#
# Conjugate directions do not spoil one another: after the step along $\mathbf{p}_{j}$, $\mathbf{d}_{j+1}$ is the minimum
# of $q$ over everything spanned by $\mathbf{p}_0, \dots, \mathbf{p}_j$. So in exact arithmetic CG reaches
# $\mathbf{H}^{-1}\mathbf{g}$ after at most $D$ products, and after as many as $\mathbf{H}$ has distinct eigenvalues, if fewer:
# eigenvalues in a few tight clusters take about one product per cluster.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 15 (derive): the first iterate of conjugate gradients
#
# Take $\mathbf{H} = \begin{pmatrix} 4 & 1 \\ 1 & 3 \end{pmatrix}$ and $\mathbf{g} = (1, 2)$. Where is CG's first iterate
# $\mathbf{d}_1$, after one product?

# %%
first_iterate = ...     # ✏️ two numbers (d_1, d_2), as a list
exercises.first_cg_iterate.check(first_iterate)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### CG on the tumours' Hessian
#
# On notebook 04's breast-cancer data (section 17's 30 standardised features, the bias, $\lambda = 10^{-3}$), at some
# weights $\mathbf{w}$: the product without the Hessian against $\mathbf{H}\mathbf{v}$ with it, then CG stopped after a given
# number of products, against `np.linalg.solve`.

# %% slideshow={"slide_type": "subslide"}
tumour_loss = LogisticLoss(Z_cancer, cancer.y, l2=1e-3)
w_some = np.linspace(-0.2, 0.2, tumour_loss.n_weights)
v_some = np.cos(np.arange(tumour_loss.n_weights))
H_some, g_some = tumour_loss.hessian(w_some), tumour_loss.gradient(w_some)
exact_direction, relative = np.linalg.solve(H_some, g_some), {}
print("H v without H is H @ v:", np.allclose(tumour_loss.hessian_vector(w_some, v_some), H_some @ v_some, rtol=1e-12,
      atol=1e-15), f"; condition number of H: {np.linalg.cond(H_some):.0f}")
print("products   ||g - H d|| / ||g||   ||d - H^-1 g|| / ||H^-1 g||   downhill, g^T d > 0")
for products in (1, 3, 10, 20, 31):
    d = optimization.conjugate_gradient(lambda v: tumour_loss.hessian_vector(w_some, v), g_some, tol=0,
                                        max_iter=products).x
    relative[products] = np.linalg.norm(g_some - H_some @ d) / np.linalg.norm(g_some)
    if products < 31:                                   # beyond 20 products the digits depend on the round-off
        print(f"{products:8d}   {relative[products]:19.1e}   "
              f"{np.linalg.norm(d - exact_direction) / np.linalg.norm(exact_direction):27.1e}   {g_some @ d > 0}")
print(f"after 31 products, one per weight, the residual is still between 1e-5 and 1e-3: {1e-5 < relative[31] < 1e-3}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Every iterate goes downhill, $\mathbf{g}^T\mathbf{d}_j > 0$ (Nocedal and Wright, section 7.1): a line search can use it
# at any stage. The residual falls fast at first, the error of the direction more slowly, along the directions of
# small curvature. With a condition number near 3000 the round-off spoils the conjugacy, and 31 products (one per weight)
# leave a residual of order $10^{-4}$ instead of 0 (its digits depend on the round-off); more products bring it down.
# A Newton step rarely needs that accuracy.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Newton-CG** stops CG as soon as $\|\mathbf{g} - \mathbf{H}\mathbf{d}\| \le \eta_k\|\nabla E(\mathbf{w}_k)\|$, with the
# *forcing term* $\eta_k = \min\big(\tfrac12, \sqrt{\|\nabla E(\mathbf{w}_k)\| / \|\nabla E(\mathbf{w}_0)\|}\big)$, and then
# backtracks along $\mathbf{d}$ as damped Newton does (section 9). Far from the minimum a product or two give a rough
# direction, which is all a line search needs; as the gradient shrinks, $\eta_k \to 0$, the steps become Newton's,
# and the convergence is **superlinear**: $\|\nabla E(\mathbf{w}_{k+1})\| / \|\nabla E(\mathbf{w}_k)\| \to 0$ (Dembo, Eisenstat
# and Steihaug, 1982; Nocedal and Wright, Theorem 7.2; $\eta_k$ proportional to $\|\nabla E\|$ would even make it
# quadratic). Nocedal and Wright's $\eta_k$ uses $\sqrt{\|\nabla E\|}$ itself; dividing by the start's gradient makes the
# rule the same in any units of $E$. Where $\mathbf{H}$ is not positive definite, CG meets a direction with
# $\mathbf{p}^T\mathbf{H}\mathbf{p} \le 0$ and stops there (*truncated* CG); the logistic loss never has one.
#
# `LogisticRegression(solver="newton-cg")` on the tumours, against Newton's method and scipy's own Newton-CG
# (`scipy.optimize.minimize(method="Newton-CG")`, given our loss, gradient and product); the unit tests
# (`tests/test_newton_cg.py`) compare it with scikit-learn's `LogisticRegression(solver="newton-cg")` as well.

# %% slideshow={"slide_type": "subslide"}
inexact = LogisticRegression(solver="newton-cg", l2=1e-3, tol=1e-10).fit(Z_cancer, cancer.y)
cholesky = LogisticRegression(solver="newton", l2=1e-3, tol=1e-10).fit(Z_cancer, cancer.y)
scipy_cg = optimize.minimize(tumour_loss.loss, np.zeros(tumour_loss.n_weights), jac=tumour_loss.gradient,
                             hessp=tumour_loss.hessian_vector, method="Newton-CG", options={"xtol": 1e-12})
ours_cg = np.r_[inexact.coef_, inexact.intercept_]
products = inexact.trace_.hessian_products
print(f"Newton-CG: {inexact.n_iter_} steps; products in the first five {products[:5].tolist()}, in the last one "
      f"between 12 and 20: {12 <= products[-1] <= 20}")          # the last counts depend on the round-off
print("  ||grad E|| step by step:", *(f"{g:.0e}" if g > 1e-9 else "<1e-9" for g in inexact.trace_.grad_norm))
print(f"Newton (Cholesky): {cholesky.n_iter_} steps; the same weights to 1e-7: "
      f"{np.allclose(ours_cg, np.r_[cholesky.coef_, cholesky.intercept_], rtol=0, atol=1e-7)}")
print(f"scipy's Newton-CG: {scipy_cg.nit} steps, {scipy_cg.nhev} products, stopped at ||grad E|| = "
      f"{np.linalg.norm(tumour_loss.gradient(scipy_cg.x)):.0e}; the same weights to 1e-4: "
      f"{np.allclose(ours_cg, scipy_cg.x, rtol=0, atol=1e-4)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The products per step grow as the forcing term tightens, from one at the start to about half the number of weights
# (31) in the last step (its exact count depends on the round-off), and the ratio of successive gradients falls towards 0: superlinear. Newton's method needs as
# many steps here, each with a whole Hessian. scipy's version has its own rules for stopping CG and the whole run, and
# stops while its gradient is still about $10^{-7}$: with a condition number near 3000, its weights are then off by
# up to $10^{-4}$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The trade-off: Newton-CG or Newton with Cholesky
#
# In section 8's units, a step of Newton with Cholesky costs $2 + D/2 + D^2/(6N)$ passes, whatever the problem; a
# step of Newton-CG costs $2 + 2m$ for its $m$ products, and $m$ depends on the problem: on how the Hessian's
# eigenvalues cluster and on how close the step is to the minimum.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 16 (predict): Newton-CG against Newton with Cholesky
#
# Take section 8's three simulated problems ($N = 2000$): 200 independent features, 50 features with correlation 0.9,
# and 2 independent features. Counting passes as above, on which does Newton-CG reach $\|\mathbf{w} - \mathbf{w}_*\| \le 10^{-6}$
# in fewer passes than Newton with Cholesky?
#
# - **(a)** only on the 200 independent features;
# - **(b)** on the 200 independent features and on the 50 correlated ones, not on the 2 features;
# - **(c)** on all three;
# - **(d)** on none: near the minimum CG needs about $D$ products a step, as dear as forming $\mathbf{H}$.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.newton_cg_against_cholesky.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: Newton-CG on section 8's problems, its passes to 1e-6 against Newton's (section 8's runs).
inexact_runs = {name: minimize(LogisticLoss(X, t), np.zeros(X.shape[1] + 1), "newton-cg", tol=1e-12)
                for name, (X, t) in problems.items()}
if exercises.newton_cg_against_cholesky.revealed():
    for name, run in inexact_runs.items():
        exact_weights, exact_work = costs[name]["newton"]
        work = 2.0 * np.arange(run.n_iter + 1) + 2.0 * np.r_[0, np.cumsum(run.hessian_products)]
        cg_passes = passes_to(run.weights, work, exact_weights[-1])
        print(f"{name}: Newton-CG {cg_passes:.0f} passes, products per step {run.hessian_products.tolist()}; "
              f"Newton {passes_to(exact_weights, exact_work, exact_weights[-1]):.1f} passes: Newton-CG needs "
              f"{against(cg_passes, passes_to(exact_weights, exact_work, exact_weights[-1]))} Newton")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# With 200 independent features a Newton step pays about 100 passes for its Hessian, while CG, on a Hessian whose
# eigenvalues lie close together, needs a handful of products. With 50 features sharing one factor the Hessian is
# ill-conditioned, which is what makes gradient descent crawl (section 8); but its eigenvalues form two tight groups,
# one large one for the shared factor and many small ones for the rest, and CG needs a few products a step (at most 9
# here), far below the 13 at which a step of products costs as much as forming $\mathbf{H}$; their number follows the
# groups of eigenvalues and the forcing term, not the condition number. With 2 features a whole Newton step costs 3.5 passes, less than two products, and
# Newton-CG's rough early steps add steps: Newton wins.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### In practice: memory and speed
#
# Newton with Cholesky forms and factorises $\mathbf{H}$: its memory grows like $D^2$ and its work like $N D^2 + D^3$,
# but the $N D^2$ runs as one fast matrix-matrix product. It suits many examples and a moderate number of features, as
# scikit-learn's documentation advises for its `newton-cholesky` (with $N \gg D$). Newton-CG needs $O(D)$ memory and
# only products, so it takes any number of features (`solver="newton-cg"` has no limit of weights; `"newton"` refuses
# more than 1000); each of its products is two matrix-vector passes, which wait for memory and run slower per operation
# than the Hessian's matrix-matrix product. The package's benchmark (`python benchmarks/run.py logistic`) times both on
# $N = 100\,000$, $D = 50$ against scikit-learn's `newton-cholesky` and `newton-cg`. Here, untimed, scikit-learn's two
# fit the tumours with the same penalty, $C = 1/(N\lambda)$, beside the package's two: their steps and their weights.

# %%
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression

print(f"ours: newton-cg {inexact.n_iter_} steps, newton (Cholesky) {cholesky.n_iter_} steps")
for solver in ("newton-cg", "newton-cholesky"):
    theirs = SklearnLogisticRegression(solver=solver, C=1 / (len(cancer.y) * 1e-3), tol=1e-10).fit(Z_cancer, cancer.y)
    print(f"scikit-learn's {solver}: {theirs.n_iter_[0]} steps; the same weights as ours to 1e-6: "
          f"{np.allclose(np.r_[theirs.coef_[0], theirs.intercept_], ours_cg, rtol=0, atol=1e-6)}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 19. The Wolfe conditions: how long a step L-BFGS takes
#
# Section 8 named the conditions that a standard L-BFGS line search meets; here they are at work. Along a direction
# $\mathbf{p}$ that goes downhill from $\mathbf{w}$, write the loss as a function of the step length,
# $\phi(\alpha) = E(\mathbf{w} + \alpha\mathbf{p})$, with slope $\phi'(\alpha) = \nabla E(\mathbf{w} + \alpha\mathbf{p})^T\mathbf{p}$ and
# $\phi'(0) < 0$. (Newton's step of section 9 is $\mathbf{p} = -\mathbf{d}$.) A step $\alpha$ meets the **Wolfe conditions**
# with constants $0 < c_1 < c_2 < 1$ when
#
# $$\phi(\alpha) \le \phi(0) + c_1\,\alpha\,\phi'(0) \quad\text{(sufficient decrease)}, \qquad
# \phi'(\alpha) \ge c_2\,\phi'(0) \quad\text{(curvature)}.$$
#
# The first refuses steps that are too long for what they gain, the second steps that stop while the loss still falls
# steeply. **Why L-BFGS needs the second**: its matrix $\mathbf{B}$ must satisfy $\mathbf{B}\mathbf{y} = \mathbf{s}$ and stay positive
# definite. Then $\mathbf{s}^T\mathbf{y} = \mathbf{y}^T\mathbf{B}\mathbf{y} > 0$: a pair with $\mathbf{s}^T\mathbf{y} \le 0$ admits no such
# $\mathbf{B}$ at all. The curvature condition guarantees $\mathbf{s}^T\mathbf{y} \ge (c_2 - 1)\,\alpha\,\phi'(0) > 0$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 17 (derive): which steps meet the Wolfe conditions?
#
# Along some direction the loss is $\phi(\alpha) = (\alpha - 2)^2 + 1$. With $c_1 = \tfrac14$ and $c_2 = \tfrac12$, which
# step lengths $\alpha > 0$ meet both Wolfe conditions? They form an interval: give its two ends.

# %%
wolfe_answer = ...     # ✏️ [smallest step, largest step]
exercises.wolfe_steps.check(wolfe_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's check of each condition at five step lengths.
if exercises.wolfe_steps.revealed():
    phi, phi_slope = (lambda a: (a[0] - 2) ** 2 + 1), (lambda a: 2 * (a - 2))
    for step in [0.5, 1.0, 2.0, 3.0, 3.5]:
        decrease, curvature = optimization.wolfe_conditions(phi, phi_slope, 0.0, 1.0, step, c1=0.25, c2=0.5)
        print(f"alpha = {step}: sufficient decrease {decrease}, curvature {curvature}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **$1 \le \alpha \le 3$.** With $\phi(0) = 5$ and $\phi'(0) = -4$, the decrease condition reads $(\alpha - 2)^2 + 1 \le 5 - \alpha$,
# that is $0 \le \alpha \le 3$; the curvature condition reads $2(\alpha - 2) \ge -2$, that is $\alpha \ge 1$. The best step along
# the line, $\alpha = 2$, is well inside: the conditions ask for a *reasonable* step, not the best one, which is what
# keeps a line search cheap (one or two trials per step, section 8).
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### A step without the curvature condition, and scipy's line search
#
# On section 9's double well, from $x = 0.3$ downhill ($p = -f'(0.3) = 0.273$), short steps pass the decrease test
# but end where the slope is *steeper* (it is steepest at $1/\sqrt3$): then $s\,y < 0$, a pair L-BFGS cannot use.
# scipy's `optimize.line_search` ($c_1 = 10^{-4}$, $c_2 = 0.9$) returns a step meeting both (in their strong form):

# %%
well = SCALAR_FUNCTIONS["double_well"]
f_well, slope_well = (lambda x: well.f(x[0])), (lambda x: np.atleast_1d(well.derivative(x[0])))
p_well = -well.derivative(0.3)
for step in [0.5, 1.0, optimize.line_search(f_well, slope_well, np.array([0.3]), np.array([p_well]))[0]]:
    x_new = 0.3 + step * p_well
    s_y = step * p_well * (well.derivative(x_new) - well.derivative(0.3))
    print(f"double well, alpha = {step}: (decrease, curvature) = "
          f"{optimization.wolfe_conditions(f_well, slope_well, 0.3, p_well, step)}, s y = {s_y:+.4f}")
p_start = -loss.gradient(np.zeros(2))                                    # the running example, from w = 0, downhill
alpha_scipy = optimize.line_search(loss.loss, loss.gradient, np.zeros(2), p_start)[0]
s_y = alpha_scipy * p_start @ (loss.gradient(alpha_scipy * p_start) - loss.gradient(np.zeros(2)))
print(f"running example: scipy's alpha = {alpha_scipy}, (decrease, curvature) = "
      f"{optimization.wolfe_conditions(loss.loss, loss.gradient, np.zeros(2), p_start, alpha_scipy)}, s^T y = {s_y:.4f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 20. Trust regions, in brief
#
# A line search fixes the direction and chooses the length. A **trust region** does the opposite: it chooses a radius
# $\Delta$ within which it trusts the quadratic model, and takes the best step there,
#
# $$\min_{\|\mathbf{p}\| \le \Delta}\; m(\mathbf{p}) = E(\mathbf{w}) + \nabla E^T\mathbf{p} + \tfrac12\,\mathbf{p}^T\mathbf{H}\mathbf{p} .$$
#
# After the step it compares what the loss did with what the model promised, $\rho = \dfrac{E(\mathbf{w}) - E(\mathbf{w} + \mathbf{p})}{m(\mathbf{0}) - m(\mathbf{p})}$:
# for $\rho < \tfrac14$ the model was poor and $\Delta$ shrinks to a quarter; for $\rho > \tfrac34$ with a step on the
# boundary the model was good and $\Delta$ doubles; the step is taken only if $\rho > \eta$ (scipy: $\eta = 0.15$). The
# **dogleg** solves the subproblem approximately for a positive definite $\mathbf{H}$: it follows steepest descent to
# $\mathbf{p}_U = -\frac{\nabla E^T\nabla E}{\nabla E^T\mathbf{H}\nabla E}\nabla E$, the model's lowest point along $-\nabla E$, then turns
# straight towards Newton's step $\mathbf{p}_N = -\mathbf{H}^{-1}\nabla E$, and stops where the path leaves the region (or at
# $\mathbf{p}_N$, if it lies inside). Where $\mathbf{H}$ is not positive definite, other solvers of the subproblem
# (scipy's `trust-exact`, `trust-ncg`) follow negative curvature instead of stopping.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 18 (derive): a dogleg step
#
# The model has the gradient $\nabla E = (2, 2)$ and the Hessian $\mathbf{H} = \operatorname{diag}(1, 4)$, and the radius is
# $\Delta = 1.5$. Give the dogleg step $\mathbf{p}$.

# %%
dogleg_answer = ...     # ✏️ [p_1, p_2]
exercises.dogleg_by_hand.check(dogleg_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's dogleg step at four radii.
if exercises.dogleg_by_hand.revealed():
    for radius in (0.5, 1.0, 1.5, 2.5):
        step, on_boundary = optimization.dogleg_step([2.0, 2.0], np.diag([1.0, 4.0]), radius)
        print(f"radius {radius}: p = {step}, length {np.linalg.norm(step):.3f}, on the boundary: {on_boundary}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **$\mathbf{p} = (-1.345, -0.664)$.** Newton's step $(-2, -0.5)$, of length 2.06, lies outside the radius 1.5; the corner
# $\mathbf{p}_U = -\tfrac{8}{20}(2, 2) = (-0.8, -0.8)$, of length 1.13, inside. The second leg
# $\mathbf{p}_U + \tau\,(-1.2, 0.3)$ reaches length 1.5 at $\tau = 0.454$. The cell shows the path as the radius grows: up to
# $\|\mathbf{p}_U\| = 1.13$ the step is steepest descent cut at the radius, then it bends towards Newton's direction, and
# from $\|\mathbf{p}_N\| = 2.06$ on it is Newton's step itself.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### From $(4, -4)$, where pure Newton overshot
#
# Section 10's pure Newton step from $(w, b) = (4, -4)$ jumped to $(-150, 189)$. The package's `trust_region` (dogleg
# steps, scipy's rules for $\Delta$, starting from $\Delta = 1$) and scipy's `minimize(method="dogleg")` from there:

# %%
trust = optimization.trust_region(loss.loss, loss.gradient, loss.hessian, [4.0, -4.0], tol=1e-8)
scipy_path = [np.array([4.0, -4.0])]
scipy_trust = optimize.minimize(loss.loss, [4.0, -4.0], jac=loss.gradient, hess=loss.hessian, method="dogleg",
                                options={"gtol": 1e-8}, callback=lambda w: scipy_path.append(np.copy(w)))
for step, (radius, rho) in enumerate(zip(trust.radii, trust.ratios), start=1):
    print(f"step {step}: radius {radius:g}, rho = {rho:.3f}, w = {trust.weights[step]}")
print(f"{trust.status}; scipy: {scipy_trust.nit} steps, every iterate the same to 1e-12: "
      f"{np.abs(np.array(scipy_path) - trust.weights).max() < 1e-12}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Every step keeps its promise well ($\rho$ from 0.5 to just above 1), so the radius never shrinks, and the last steps,
# inside the region, are Newton's own: quadratic convergence is kept, as with damping (section 9). Damping and trust
# regions protect the same Newton step in two ways: a line search shortens a direction it has already chosen; a trust
# region bounds the step first and lets the bound choose the direction, between steepest descent (small $\Delta$) and
# Newton's (large $\Delta$). scipy offers both: `Newton-CG` searches along a line; `dogleg`, `trust-ncg`, `trust-krylov`
# and `trust-exact` bound the step.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 21. Fisher scoring: IRLS for any link
#
# Logistic regression is one *generalised linear model* (GLM) among several: $p(t = 1 \mid \mathbf{x}) = \mu = F(y)$ with
# $y = \mathbf{x}^T\mathbf{w}$ and a link $F$, e.g. the **probit** $F = \Phi$, the standard normal CDF, with density
# $F' = \phi$. Write $V_i = \mu_i(1 - \mu_i)$, the variance of $t_i$. The log-likelihood $\ell(\mathbf{w}) = -N E(\mathbf{w})$ has
# the score $\nabla\ell = \sum_i (t_i - \mu_i)\,\frac{F'(y_i)}{V_i}\,\mathbf{x}_i$, and two curvatures:
#
# - the **observed information** $\mathbf{J} = -\nabla^2\ell$, what Newton's method uses, which depends on the $t_i$;
# - the **expected information** $\mathbf{I} = \mathbb{E}[\mathbf{J}] = \sum_i \frac{F'(y_i)^2}{V_i}\,\mathbf{x}_i\mathbf{x}_i^T$, the $t_i$
#   drawn from the model: the terms with $t_i - \mu_i$ average to 0.
#
# **Fisher scoring** steps $\mathbf{w} + \mathbf{I}^{-1}\nabla\ell$: section 11's weighted least squares with the weights
# $F'(y_i)^2/V_i$ and the working response $y_i + (t_i - \mu_i)/F'(y_i)$, whatever the link. For the logistic link
# $F' = \sigma(1 - \sigma) = V$: the score's factor $F'/V$ is 1, $\mathbf{J}$ no longer depends on the $t_i$, and
# $\mathbf{J} = \mathbf{I} = N\mathbf{H}$. That is why Newton's method, Fisher scoring and IRLS are one method for logistic
# regression: its link is the *canonical* one. For the probit they are three names for two methods.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 19 (derive): expected and observed information of one probit example
#
# One example has the score $y = 1$ and the target $t = 1$, under the probit link. Give its weight in the expected
# information, $F'(y)^2/V$, and in the observed one, $-\frac{d^2}{dy^2}\ln\Phi(y)$ at $y = 1$. You need
# $\phi(1) = 0.24197$, $\Phi(1) = 0.84134$ and $\phi'(y) = -y\,\phi(y)$.

# %%
weights_answer = ...     # ✏️ [expected weight, observed weight]
exercises.probit_information.check(weights_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's information of two examples with the score 1, targets 1 and 0 (it needs both
# labels), and the observed weight of the first alone.
if exercises.probit_information.revealed():
    information = lecture_utils.logistic.glm_information
    info = {kind: information([[1.0], [1.0]], [1, 0], [1.0], "probit", kind, fit_intercept=False)[0, 0]
            for kind in ("expected", "observed")}
    mills = np.exp(-0.5) / np.sqrt(2 * np.pi) / ndtr(1.0)                  # lambda(1) = phi(1) / Phi(1)
    print(f"two examples: expected information {info['expected']:.4f} = 2 x {info['expected'] / 2:.4f}, "
          f"observed {info['observed']:.4f}")
    print(f"target 1 alone: observed weight lambda(1) (1 + lambda(1)) = {mills * (1 + mills):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Expected $0.4386$, observed $0.3703$.** Two examples with the score 1 share the expected weight; their observed
# weights, $0.3703$ for $t = 1$ and $0.8009$ for $t = 0$, add to $1.1712$, not to $2 \times 0.4386$. The expected weight $\phi(1)^2/(\Phi(1)(1 - \Phi(1))) = 0.05855/0.1335$ ignores the target; the observed one
# is the curvature of $\ln\Phi(y)$: with $\lambda = \phi/\Phi$, $-\ell'' = \lambda(y + \lambda) = 0.2876 \times 1.2876$. Weighted
# by the model's own probabilities, $0.8413 \times 0.3703 + 0.1587 \times 0.8009 = 0.4386$: the expectation. With the
# logistic link both weights are $\sigma(1)\sigma(-1) = 0.1966$, for either target.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Probit and logistic regression on the running example
#
# The package's `fisher_scoring` fits both links by Fisher scoring and by Newton's method, from $\mathbf{w} = \mathbf{0}$.
# The reference for the probit is scipy's BFGS on its negative log-likelihood $-\sum_i \ln\Phi((2t_i - 1)\,y_i)$
# (the tests also hold it to statsmodels' `GLM` with a probit link, which this notebook does not load). At the fitted
# weights, the cell compares $\mathbf{I}$ and $\mathbf{J}$:

# %% slideshow={"slide_type": "subslide"}
from lecture_utils.logistic import fisher_scoring, glm_information

probit_nll = lambda w: -log_ndtr((2 * passed - 1) * (w[0] * hours + w[1])).sum()    # -sum_i ln Phi((2 t_i - 1) y_i)
reference_probit = optimize.minimize(probit_nll, np.zeros(2), method="BFGS", options={"gtol": 1e-9}).x
for link in ("logit", "probit"):
    w_fisher, steps_fisher = fisher_scoring(X_hours, passed, link, return_n_iter=True)
    w_newton, steps_newton = fisher_scoring(X_hours, passed, link, "newton", return_n_iter=True)
    I_exp, J_obs = (glm_information(X_hours, passed, w_fisher, link, kind) for kind in ("expected", "observed"))
    print(f"{link}: w = {w_fisher}, Fisher scoring {steps_fisher} steps, Newton {steps_newton}; "
          f"max |I - J| / max |I| = {np.abs(I_exp - J_obs).max() / np.abs(I_exp).max():.1e}, "
          f"eigenvalues of I^-1 J {np.sort(np.linalg.eigvals(np.linalg.solve(I_exp, J_obs)).real).round(4)}")
print(f"probit by BFGS: w = {reference_probit}, the same to 1e-7: {np.abs(reference_probit - w_fisher).max() < 1e-7}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# For the logistic link $\mathbf{I} = \mathbf{J}$ exactly, and both methods take the same steps. For the probit the two
# informations differ by about 1% at the maximum, where the residuals $t_i - \mu_i$ are small and average out, and by
# about 6% at $(w, b) = (1, -3)$ or $(0.5, -1)$ (at $\mathbf{w} = \mathbf{0}$, where every score is 0, they coincide); Newton's method, with the true curvature, converges quadratically in 6 steps, Fisher scoring
# only linearly (its matrix is right only on average), in 10. What sets its rate is $\mathbf{I}^{-1}\mathbf{J}$: near the
# maximum a step multiplies the error along each of its eigenvectors by one minus the eigenvalue, and with the eigenvalues $0.9546$
# and $1.0157$ printed above the error shrinks by a factor of about $0.045$ a step (from $0.39$ after the first step to
# $2 \times 10^{-11}$ after the ninth), however small $\max|\mathbf{I} - \mathbf{J}|$ looks. Fisher scoring has its own merits: $\mathbf{I}$ is positive
# semi-definite for every link, where $\mathbf{J}$ can be indefinite for some non-canonical links (not the probit, whose
# log-likelihood is concave), and
# $\mathbf{I}^{-1}$ at the maximum is the usual estimate of the weights' covariance (statsmodels' standard errors).
# The probit's weights are about $1/1.6$ of the logistic's: $\Phi(y) \approx \sigma(1.6\,y)$.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 22. The Laplace approximation: Bayesian logistic regression
#
# Give each coefficient a Gaussian prior, $w_j \sim \mathcal{N}(0, \tau^2)$ (Bishop's $\alpha = 1/\tau^2$; the bias gets a flat
# prior, as the course never penalises it). The negative log-posterior is then, up to a constant,
# $N E(\mathbf{w}) + \|\mathbf{w}\|^2/(2\tau^2)$: the L2 objective with $\lambda = 1/(N\tau^2)$, whose minimum, the
# **posterior mode** $\mathbf{w}_\text{MAP}$, Newton's method finds. The posterior itself is no Gaussian, but near its mode the
# log-posterior is a quadratic, so replace it by the Gaussian with that mode and that curvature (Bishop, section 4.4):
#
# $$p(\mathbf{w} \mid \mathcal{D}) \approx \mathcal{N}(\mathbf{w} \mid \mathbf{w}_\text{MAP}, \mathbf{S}_N), \qquad
# \mathbf{S}_N^{-1} = \mathbf{X}^T\mathbf{S}\mathbf{X} + \operatorname{diag}(\tau^{-2}, \dots, \tau^{-2}, 0) = N\,\mathbf{H}(\mathbf{w}_\text{MAP}),$$
#
# the Hessian that IRLS already computes, times $N$. For an input $\tilde{\mathbf{x}} = (\mathbf{x}, 1)$ the score
# $a = \tilde{\mathbf{x}}^T\mathbf{w}$ is Gaussian, with mean $\mu_a = \tilde{\mathbf{x}}^T\mathbf{w}_\text{MAP}$ and variance
# $\sigma_a^2 = \tilde{\mathbf{x}}^T\mathbf{S}_N\tilde{\mathbf{x}}$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# The **predictive probability** averages the sigmoid over the weights, $p(t = 1 \mid \mathbf{x}) = \int \sigma(a)\,
# \mathcal{N}(a \mid \mu_a, \sigma_a^2)\,da$, which has no closed form. Replace $\sigma(a)$ by the probit $\Phi(\lambda a)$ with
# the same slope at 0, $\lambda^2 = \pi/8$; for it the integral is exact, $\Phi\big(\mu_a/\sqrt{\lambda^{-2} + \sigma_a^2}\big)$.
# Back in sigmoids (Bishop, eq. 4.153):
#
# $$p(t = 1 \mid \mathbf{x}) \approx \sigma\big(\kappa(\sigma_a^2)\,\mu_a\big), \qquad \kappa(\sigma^2) = (1 + \pi\sigma^2/8)^{-1/2} .$$
#
# The package's `BayesianLogisticRegression` fits $\mathbf{w}_\text{MAP}$ by Newton's method and $\mathbf{S}_N$ from its
# Hessian; `probit_approximation(mu, variance)` is $\sigma(\kappa\mu)$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 20 (derive): a moderated prediction
#
# A model with one feature has the posterior mode $\mathbf{w}_\text{MAP} = (w, b) = (1, -2)$ and the covariance
# $\mathbf{S}_N = \begin{pmatrix} 0.5 & 0.1 \\ 0.1 & 0.2 \end{pmatrix}$. For the input $x = 3$, give the variance $\sigma_a^2$ of its
# score and its predictive probability $p(t = 1 \mid x)$ by the probit approximation.

# %%
predictive_answer = ...     # ✏️ [sigma_a^2, p]
exercises.laplace_predictive.check(predictive_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the score's distribution, the plug-in, the approximation and the integral by quadrature.
if exercises.laplace_predictive.revealed():
    x_tilde, S_N = np.array([3.0, 1.0]), np.array([[0.5, 0.1], [0.1, 0.2]])
    mu_a, var_a = x_tilde @ [1.0, -2.0], x_tilde @ S_N @ x_tilde
    nodes, node_weights = np.polynomial.hermite_e.hermegauss(60)          # Gauss-Hermite: int f(z) N(z | 0, 1) dz
    integral = node_weights @ expit(mu_a + np.sqrt(var_a) * nodes) / np.sqrt(2 * np.pi)
    print(f"mu_a = {mu_a:.1f}, sigma_a^2 = {var_a:.2f}; MAP sigma(mu_a) = {expit(mu_a):.4f}, "
          f"probit approximation {lecture_utils.logistic.probit_approximation(mu_a, var_a):.4f}, quadrature {integral:.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **$\sigma_a^2 = 5.3$ and $p = 0.639$.** $\mu_a = 3 - 2 = 1$, and
# $\sigma_a^2 = 0.5 \cdot 9 + 2 \cdot 0.1 \cdot 3 + 0.2 = 5.3$: the covariance of $w$ and $b$ counts twice. Then
# $\kappa = (1 + 5.3\pi/8)^{-1/2} = 0.570$ and $\sigma(0.570) = 0.639$, against the plug-in $\sigma(1) = 0.731$. The
# uncertainty of the weights pulls the probability towards $\tfrac12$ and never across it: the decision
# $p \gtrless \tfrac12$ is the MAP's, only the confidence changes. The exact integral is $0.636$ (the cell); the
# approximation is within 0.02 of it for every $\mu_a$ and $\sigma_a^2$.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The posterior of the running example
#
# With $\tau^2 = 1$ the cell fits the model, compares $\mathbf{w}_\text{MAP}$ with the course's L2 fit at $\lambda = 1/(N\tau^2)$
# (the tests hold it to scikit-learn's `LogisticRegression(C=1/alpha)` too: $C = 1/(N\lambda) = \tau^2$, its intercept
# unpenalised as ours), $\mathbf{S}_N$ with the inverse of a finite-difference Hessian of the negative log-posterior,
# and the predictive probability with quadrature and with a Monte Carlo average over 4000 weights drawn from the
# Gaussian posterior:

# %%
from lecture_utils.logistic import BayesianLogisticRegression, probit_approximation

tau2 = 1.0
bayes = BayesianLogisticRegression(prior_variance=tau2).fit(X_hours, passed)
l2_fit = LogisticRegression(solver="newton", l2=1 / (len(passed) * tau2), tol=1e-10).fit(X_hours, passed)
print(f"w_MAP = {bayes.weights_}; the L2 fit: ({l2_fit.coef_[0]:.4f}, {l2_fit.intercept_:.4f})")
posterior_gradient = lambda w: len(passed) * loss.gradient(w) + np.r_[w[0] / tau2, 0.0]    # of -log p(w | D)
S_N_check = np.linalg.inv(numerical_hessian(posterior_gradient, bayes.weights_))
print(f"S_N = {np.array2string(bayes.covariance_, precision=4)}; the finite differences' the same to 1e-9: "
      f"{np.abs(S_N_check - bayes.covariance_).max() < 1e-9}")

# %% slideshow={"slide_type": "subslide"}
hours_far = np.array([[-4.0], [3.0], [8.0], [14.0]])
mu_far, var_far = bayes.score_distribution(hours_far)
nodes, node_weights = np.polynomial.hermite_e.hermegauss(60)
quadrature = expit(mu_far[:, None] + np.sqrt(var_far)[:, None] * nodes) @ node_weights / np.sqrt(2 * np.pi)
draws = np.random.default_rng(0).multivariate_normal(bayes.weights_, bayes.covariance_, size=4000)
monte_carlo = expit(hours_far * draws[:, 0] + draws[:, 1]).mean(axis=1)
for row, x in enumerate(hours_far[:, 0]):
    print(f"{x:5.1f} hours: MAP {expit(mu_far[row]):.4f}, moderated {probit_approximation(mu_far[row], var_far[row]):.4f}, "
          f"quadrature {quadrature[row]:.4f}, Monte Carlo {monte_carlo[row]:.4f}")

# %% slideshow={"slide_type": "subslide"}
grid_hours = np.linspace(-6, 14, 201)
p_map, p_moderated = (bayes.predict_proba(grid_hours[:, None], moderated=flag)[:, 1] for flag in (False, True))
mu_grid, var_grid = bayes.score_distribution(grid_hours[:, None])
p_exact = expit(mu_grid[:, None] + np.sqrt(var_grid)[:, None] * nodes) @ node_weights / np.sqrt(2 * np.pi)
fig, axes = plt.subplots(1, 2, figsize=(10, 2.9))
for ax, transform, label in ((axes[0], lambda p: p, "$p(t = 1 \\mid x)$"),
                             (axes[1], lambda p: np.log(p / (1 - p)), "log-odds")):
    ax.plot(grid_hours, transform(p_map), "-", label=r"MAP: $\sigma(\mu_a)$")
    ax.plot(grid_hours, transform(p_moderated), "--", label=r"probit approximation: $\sigma(\kappa\mu_a)$")
    ax.plot(grid_hours, transform(p_exact), ":", label="predictive (quadrature)")
    ax.axvspan(hours.min(), hours.max(), color="0.9", zorder=0, label="range of the data")
    ax.set(xlabel="hours studied $x$", ylabel=label)
axes[0].legend(loc="upper left", fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# Inside the data's range the two curves agree: there the weights are well determined. Far from it $\sigma_a^2$ grows
# like $x^2$ (a slope uncertain by $\pm 0.33$ moves the score by about $\pm 3$ at 10 hours from the data's mean), and the
# predictive log-odds bend away from the MAP's straight line: at 14 hours the MAP says the odds of passing are
# about $10^5$ to 1, the probit approximation about 90 to 1, the exact predictive (the quadrature, dotted) about 350
# to 1. The approximation is within 0.02 in probability, but near 0 or 1 that is much in log-odds: far out it
# understates the confidence. The log-odds of $\sigma(\kappa\mu_a)$ tend to the constant
# $w\sqrt{8/\pi}/\sqrt{(\mathbf{S}_N)_{11}} = 5.0$, those of the exact predictive to
# $\ln(\Phi(z)/(1 - \Phi(z))) = 7.1$ with $z = w/\sqrt{(\mathbf{S}_N)_{11}} = 3.15$: either way the model's confidence far out is
# bounded by how well it knows its slope.
# More data shrink $\mathbf{S}_N$ (its inverse grows like $N$) and the curves approach each other; at the decision boundary
# $\mu_a = 0$ they always agree.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# - **Liu, USC CSCI 567**, writes the quadratic term of the Taylor expansion as $\tfrac12\,\mathbf{w}'\mathbf{H}_t\mathbf{w}'^T$ for the
#   column vector $\mathbf{w}' = \mathbf{w} - \mathbf{w}^{(t)}$. That product, $(D \times 1)(D \times D)(1 \times D)$, is not
#   defined: the shapes do not match. The term is the number $\tfrac12\,\mathbf{w}'^T\mathbf{H}_t\mathbf{w}'$ (section 6, where
#   the model's error shrinks like $\|\mathbf{d}\|^3$).
# - **Liu, USC CSCI 567**, answers "can we apply Newton's method to the perceptron or hinge loss?" with "no, it may
#   introduce a non-convex problem". Both losses are convex; the reason is that their Hessian is zero wherever it
#   exists and undefined at the kinks, so the Newton system has no solution (section 14, where the finite-difference
#   Hessian is the zero matrix and the package stops with a singular Hessian).
# - **Liu, USC CSCI 567**, writes $\nabla_{\mathbf{w}}\ell_\text{logistic}(\mathbf{w}) = -\sigma(-\mathbf{w})$ for what is the
#   derivative of $\ell(z) = \log(1 + e^{-z})$ in the margin $z$, $\ell'(z) = -\sigma(-z)$; the gradient in $\mathbf{w}$ of
#   $\ell(t\,\mathbf{x}^T\mathbf{w})$ is $-\sigma(-z)\,t\,\mathbf{x}$ (the chain rule of section 3).
# - **Arias, UPC topic 2**, writes on the IRLS slide the gradient $\mathbf{X}^T(\mathbf{t} - \sigma(\mathbf{X}\mathbf{w}))$ of the
#   log-likelihood next to the Hessian $\mathbf{X}^T\mathbf{S}\mathbf{X}$ of the *negative* log-likelihood. Put into
#   $\mathbf{w} - \mathbf{H}^{-1}\nabla E$, that sign steps uphill (section 11: the loss rises from 0.6511 to 0.8622);
#   the gradient of the negative log-likelihood is $\mathbf{X}^T(\mathbf{p} - \mathbf{t})$.
# - **Arias, UPC topic 2**, fits the multi-class model "as in the binary case" with Newton's method, without saying that
#   its Hessian is singular: adding one vector to every class's weights changes nothing (section 16).
# - **The course notes** define convexity by $f(t x_1 + (1-t) x_2) \le t f(x_1) + (1-t) f(x_2)$ without saying for
#   which $t$. It must hold for all $t \in [0, 1]$, and only there: for $f(x) = x^2$, $x_1 = 0$, $x_2 = 1$ and $t = 2$
#   the left side is 1 and the right side $-1$ (section 1).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Convex: every chord above the graph (Jensen), every tangent below it, or (twice differentiable) a positive
#   semi-definite Hessian. Then a stationary point is a global minimum. $\|\mathbf{A}\mathbf{w} - \mathbf{b}\|^2$ passes the
#   Hessian test ($2\mathbf{A}^T\mathbf{A}$); $e^x + |x|$ has no Hessian at 0 and passes the chord test, as a sum of convex functions.
# - The logistic loss has gradient $\frac1N\mathbf{X}^T(\mathbf{p} - \mathbf{t})$ and Hessian $\frac1N\mathbf{X}^T\mathbf{S}\mathbf{X}$,
#   $\mathbf{v}^T\mathbf{H}\mathbf{v} = \frac1N\sum_i s_i(\mathbf{x}_i^T\mathbf{v})^2 \ge 0$: convex, strictly so when $\mathbf{X}$ has full
#   column rank. The squared error of a sigmoid is not convex.
# - Newton's step $\mathbf{w} - \mathbf{H}^{-1}\nabla E$ is the zero of the gradient's tangent and the minimum of the quadratic
#   Taylor model: no learning rate, one step on a quadratic, the error squared at each step near a minimum (5 steps
#   to $10^{-14}$ on the running example; gradient descent needs thousands). Solve $\mathbf{H}\mathbf{d} = \nabla E$, never invert.

# %% [markdown] slideshow={"slide_type": "subslide"}
# - A Newton step costs about $1 + D/4$ gradient steps for $D$ weights (51 at $D = 200$, 1.5 at $D = 2$): gradient
#   methods win when $D$ is large and the problem well-conditioned; Newton wins for small $D$ or correlated features.
# - Pure Newton can diverge far from the minimum (on $\sqrt{1+x^2}$ for $|x_0| > 1$, exercises 7 and 8) and is drawn to
#   maxima and saddles; a backtracking line search fixes the first.
# - For logistic regression a Newton step is a weighted least-squares fit to $r_i = y_i + (t_i - p_i)/s_i$ with weights
#   $s_i$ (IRLS). It ignores rescaled features. On separable data its steps tend to the constant length $1/\gamma$, and
#   L2 gives back a minimum. The perceptron and hinge losses have no useful Hessian at all.
# - The softmax loss has Hessian blocks $\frac1N\sum_i p_{ik}(\delta_{kl} - p_{il})\tilde{\mathbf{x}}_i\tilde{\mathbf{x}}_i^T$, flat along
#   one vector added to every class; Newton's method works among the weights whose classes sum to zero.
# - An L1 penalty is linear within an orthant of signs, so Newton's method applies there: hold the zero weights the
#   penalty holds, solve on the others, hold too any freed weight the step would push against its sign (and solve
#   again), and set to 0 any weight that would cross 0. About ten steps where FISTA takes thousands.
# - Newton-CG solves $\mathbf{H}\mathbf{d} = \nabla E$ only roughly, by conjugate gradients on products
#   $\mathbf{H}\mathbf{v} = \frac1N\mathbf{X}^T(\mathbf{s} \odot \mathbf{X}\mathbf{v})$ (2 passes each, no Hessian), to a
#   tolerance that tightens as the gradient shrinks: superlinear convergence, $O(D)$ memory. It beats Newton with
#   Cholesky where the Hessian's eigenvalues cluster and $D$ is large; Cholesky wins for a few features.

# %% [markdown] slideshow={"slide_type": "subslide"}
# - A line search for L-BFGS meets the Wolfe conditions: enough decrease, $\phi(\alpha) \le \phi(0) + c_1\alpha\phi'(0)$, and a
#   slope that has risen, $\phi'(\alpha) \ge c_2\phi'(0)$. The second gives $\mathbf{s}^T\mathbf{y} > 0$, without which no
#   positive definite $\mathbf{B}$ satisfies $\mathbf{B}\mathbf{y} = \mathbf{s}$.
# - A trust region bounds the step, $\|\mathbf{p}\| \le \Delta$, and adapts $\Delta$ to how well the model predicted the decrease
#   ($\rho$); the dogleg bends from steepest descent to Newton's step as $\Delta$ grows.
# - Fisher scoring steps with the expected information $\mathbf{I} = \sum_i F'(y_i)^2/V_i\,\mathbf{x}_i\mathbf{x}_i^T$ instead of the
#   observed $\mathbf{J} = -\nabla^2\ell$: IRLS for any link. For the logistic (canonical) link $\mathbf{I} = \mathbf{J}$, so Newton,
#   Fisher scoring and IRLS coincide; for the probit they differ, and Newton converges in fewer steps.
# - The Laplace approximation puts a Gaussian at the posterior mode $\mathbf{w}_\text{MAP}$ (the L2 fit, $\lambda = 1/(N\tau^2)$) with
#   covariance $\mathbf{S}_N = (N\mathbf{H})^{-1}$. The predictive probability (and its probit approximation $\sigma(\kappa(\sigma_a^2)\mu_a)$) keeps the MAP's
#   decisions but moves towards $\tfrac12$ where the score is uncertain, far from the data.
#
# **Next:** notebook 06 leaves discriminative training for generative models: Bayes decisions with loss matrices,
# and linear and quadratic discriminant analysis.
