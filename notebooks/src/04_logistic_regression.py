# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 04 · Logistic regression, gradient descent and its learning rate
#
# **What you will learn**
#
# - how the sigmoid turns the perceptron's hard sign into a probability, why the model is still a
#   linear classifier, and what moving its threshold away from $\frac12$ does;
# - the loss of logistic regression, its gradient by the chain rule (with the sign right), and why it
#   has no closed-form minimum;
# - gradient descent: how large a step may be (derived, then checked), what a step too small, right or
#   too large does, how many steps it needs, and why features should be standardised;
# - stochastic gradient descent with minibatches, why its learning rate must decay, and the soft
#   perceptron hidden in its update;
# - when to stop: what a small gradient guarantees (and a small change of the loss does not), and early
#   stopping on held-out data with patience;
# - why not the squared error, what goes wrong on separable data, softmax regression for $K$ classes;
# - L2 and L1 regularisation, their reading as Gaussian and Laplace priors (the MAP estimate), choosing their
#   strength by cross-validation, and our fits beside scikit-learn's.
#
# %% [markdown] slideshow={"slide_type": "subslide"}
# **What you need**: the perceptron and the surrogate losses (notebook 01), cross-entropy (notebook 02),
# and conditional maximum likelihood (notebook 03, section 7); derivatives and the chain rule; a
# little linear algebra (eigenvalues of a symmetric matrix).
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Sliders and buttons redraw at
# once. Cells marked ✏️ are exercises of four kinds: *derive* a number, *implement* a function, *predict*
# what a cell or widget will show before you run it, *explain* by picking an option. Replace the `...`, run
# the cell, and the check says whether you are right or gives a hint; once you have answered, its **Show the
# solution** button offers a worked solution. An *implement* exercise is checked with the course's package
# and scikit-learn switched off: write the function with numpy and scipy. The cells after an exercise show
# their outcome only once you have answered (any answer): run them again after your answer, then open
# **After your answer: why**.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Sources and notation**: Straka, NPFL129 lecture 3; Arias, UPC topic 2; Liu, USC CSCI 567; Sarkar
# and Das, IIT CS60010; and the course notes. Where their slides slip, the box before the Summary says
# so. The notation is the course's ([the notation table](NOTATION.md)): targets $t_i \in \{0, 1\}$ (or the same
# target as a sign, $t^\pm_i = 2t_i - 1 \in \{-1, +1\}$, where a lecture uses signs), the score $y(\mathbf{x}) = \mathbf{x}^T\mathbf{w} + b$,
# $\tilde{\mathbf{x}} = (\mathbf{x}, 1)$ so that $y = \tilde{\mathbf{x}}^T\tilde{\mathbf{w}}$ with $\tilde{\mathbf{w}} = (\mathbf{w}, b)$,
# $p_i = \sigma(y(\mathbf{x}_i))$, $N$ examples, learning rate $\eta$, penalty strength $\lambda$. Where no
# confusion can arise, $\mathbf{w}$ includes the bias.

# %% slideshow={"slide_type": "skip"}
import lecture_utils  # the course's package: if it is older than this notebook needs, say how to update it
assert hasattr(lecture_utils, "require"), "lecture_utils is older than 0.2: update it as the README's 'Updating the course' says"
lecture_utils.require("0.2")

# %% slideshow={"slide_type": "subslide"}
import warnings
import matplotlib.pyplot as plt
import numpy as np
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression, SGDClassifier
from sklearn.model_selection import KFold
from threadpoolctl import threadpool_limits
from lecture_utils import datasets, plotting
from lecture_utils.display import show_source
from lecture_utils.exercises import logistic as exercises
from lecture_utils.logistic import (LogisticLoss, LogisticRegression, SoftmaxLoss, SoftmaxRegression, descent_path,
                                    learning_rate_bound, log_loss, log_sigmoid, logit, loss_grid, regularization_path,
                                    sigmoid, softmax)
from lecture_utils.losses import logistic_loss
from lecture_utils.max_margin import max_margin_separator
from lecture_utils.mle import binary_cross_entropy
from lecture_utils.model_selection import (cross_val_score, grid_search, kfold_indices,
                                           leave_one_out, train_test_split)
from lecture_utils.multiclass import OneVsOneClassifier, OneVsRestClassifier
from lecture_utils.optimization import EarlyStopping, gradient_descent, minimize, numerical_gradient, patience_stop
from lecture_utils.preprocessing import PolynomialFeatures, StandardScaler, make_pipeline
from lecture_utils.widgets import LearningRateExplorer, RegularizationExplorer

threadpool_limits(1)           # small data: one BLAS thread is fastest, on a busy machine too
plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. From a hard sign to a probability: the sigmoid
#
# The perceptron (notebook 01) predicts $\operatorname{sign}(y(\mathbf{x}))$: a class, with no sense of how sure
# it is. A point just across the boundary and one far from it get the same answer. **Logistic
# regression** keeps the score $y(\mathbf{x}) = \mathbf{x}^T\mathbf{w} + b$ but squashes it into a probability,
#
# $$p(t = 1 \mid \mathbf{x}) = \sigma\big(y(\mathbf{x})\big), \qquad \sigma(a) = \frac{1}{1 + e^{-a}} \in (0, 1),$$
#
# the **logistic sigmoid**. Three properties are used over and over:
#
# - **symmetry**: $1 - \sigma(a) = \frac{e^{-a}}{1 + e^{-a}} = \frac{1}{e^{a} + 1} = \sigma(-a)$, so
#   $p(t = 0 \mid \mathbf{x}) = \sigma(-y(\mathbf{x}))$;
# - **its derivative is made of itself**: $\sigma'(a) = \frac{e^{-a}}{(1 + e^{-a})^2}
#   = \sigma(a)\,\frac{e^{-a}}{1 + e^{-a}} = \sigma(a)\big(1 - \sigma(a)\big)$;
# - **its slope is at most $\frac14$**, reached at $a = 0$: a product $q(1 - q)$ of two numbers that add
#   up to 1 is largest when both are $\frac12$. Section 4 builds the safe learning rate on this.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Its inverse is the **logit**: $p = \sigma(a) \iff a = \log\frac{p}{1 - p}$, the log of the odds.
# So the score of logistic regression *is* a log-odds (Straka calls it the logit), and each unit of
# input $x_j$ multiplies the odds by $e^{w_j}$.

# %%
a = np.linspace(-8, 8, 1601)
h = 1e-5
slope = (sigmoid(a + h) - sigmoid(a - h)) / (2 * h)                 # central differences
p = sigmoid(a)
print("sigma(-a) = 1 - sigma(a) to 1e-15:", np.abs(sigmoid(-a) - (1 - p)).max() < 1e-15)
print("sigma' = sigma (1 - sigma) to 1e-9:", np.abs(slope - p * (1 - p)).max() < 1e-9)
print(f"slope at 0: {slope[800]:.6f}; largest on the grid: {slope.max():.6f}, "
      f"at a = {a[slope.argmax()]}")
print("logit(sigma(a)) = a to 1e-11:", np.abs(logit(p) - a).max() < 1e-11)
print("no overflow at +-1000:", sigmoid(np.array([-1000.0, 1000.0])),
      " log sigma(-1000) =", log_sigmoid(-1000.0))

# %% slideshow={"slide_type": "subslide"}
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.3))
left.plot(a, p, color=plotting.PALETTE[0])
left.plot(a[600:1001], 0.5 + a[600:1001] / 4, "--", color=plotting.PALETTE[1],
          label="tangent at 0, slope 1/4")
left.set(xlabel="score $a$", ylabel=r"$\sigma(a)$", title="the sigmoid: a probability",
         ylim=(-0.05, 1.05))
left.legend(loc="upper left")
right.plot(a, p * (1 - p), color=plotting.PALETTE[0])
right.axhline(0.25, color="grey", linestyle=":")
right.set(xlabel="score $a$", ylabel=r"$\sigma'(a) = \sigma(a)(1 - \sigma(a))$",
          title="its slope: at most 1/4", ylim=(0, 0.28))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Still a linear classifier.** With the threshold $\frac12$ (Arias), the prediction is class 1 iff
# $\sigma(y(\mathbf{x})) > \frac12 \iff y(\mathbf{x}) > 0$: the same hyperplane as the perceptron's.
# More: the points where the model is exactly $c$ sure lie on $y(\mathbf{x}) = \operatorname{logit}(c)$, a line
# parallel to the boundary at signed distance $\operatorname{logit}(c)/\|\mathbf{w}\|$ from it. The probability
# changes only across the boundary, never along it. A fit on two Gaussian classes:

# %%
blobs = datasets.make_gaussian_classes([[0, 0], [2, 1]], [np.eye(2), np.eye(2)], n_per_class=40,
                                       random_state=0)
model = LogisticRegression(solver="newton").fit(blobs.X, blobs.y)
xlim, ylim = plotting.padded_limits(blobs.X)
grid = plotting.grid_points(xlim, ylim, resolution=200)
p_grid = model.predict_proba(grid)[:, 1].reshape(200, 200)
levels = [0.1, 0.25, 0.5, 0.75, 0.9]
print("distance of each level line from the boundary, logit(c) / ||w||:",
      np.round([logit(c) / np.linalg.norm(model.coef_) for c in levels], 3))

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(6.2, 3.6))
image = ax.imshow(p_grid, origin="lower", extent=(*xlim, *ylim), cmap="RdBu_r", vmin=0, vmax=1,
                  aspect="auto")
axes_grid = np.meshgrid(np.linspace(*xlim, 200), np.linspace(*ylim, 200))
lines = ax.contour(*axes_grid, p_grid, levels=levels, colors="black",
                   linewidths=[0.8, 0.8, 2, 0.8, 0.8])
ax.clabel(lines, fmt="%.2f", fontsize="small")
plotting.plot_data(ax, blobs.X, blobs.y, labels=["t = 0", "t = 1"])
fig.colorbar(image, ax=ax, label=r"$p(t = 1 \mid \mathbf{x})$")
ax.set(xlabel="$x_1$", ylabel="$x_2$", title="levels of the probability: parallel lines")
ax.legend(loc="upper left")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Other thresholds.** $\frac12$ is the natural threshold, not the only one: another one makes the classifier
# "more or less conservative" (Arias). Predict class 1 when $p(t = 1 \mid \mathbf{x}) > c$: since $\sigma$ is
# increasing, that is $y(\mathbf{x}) > \operatorname{logit}(c)$: the boundary becomes the level line of $c$ (like
# those in the figure), the same line moved along $\mathbf{w}$ by $\operatorname{logit}(c)/\|\mathbf{w}\|$. A larger $c$
# calls no more points positive: the **recall** (the fraction of the positives found) never rises, and stays put
# when no positive lies between the two thresholds; the **precision** (the fraction of right calls) usually rises,
# but need not. Which $c$ is best depends on what each mistake costs (notebook 06). On the 80 points above:

# %%
p_fit, positive = model.predict_proba(blobs.X)[:, 1], blobs.y == 1
for c in (0.1, 0.3, 0.5, 0.7, 0.9):
    called = p_fit > c                                            # called positive at the threshold c
    print(f"threshold c = {c:4}: {called.sum():2d} called positive, precision "
          f"{np.mean(positive[called]):.2f}, recall {np.mean(called[positive]):.2f}")

# %% [markdown]
# **No model of the inputs.** Logistic regression models $p(t \mid \mathbf{x})$ and nothing else: it makes no
# assumption on how $\mathbf{x}$ is distributed (Arias), which is why Liu calls it **discriminative**. The
# generative models of notebooks 06 and 07 model $p(\mathbf{x} \mid C_k)$ instead and obtain the posterior by
# Bayes' rule. The two classes above are Gaussian with one shared covariance, and for such classes the true
# posterior is exactly a sigmoid of a linear score (notebook 06 derives it); logistic regression fits the same
# kind of model to inputs of any distribution.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): the score of a 90% prediction
#
# A logistic regression gives $p(t = 1 \mid \mathbf{x}) = 0.9$. What is its score $y(\mathbf{x})$? (Natural
# logarithm.)

# %%
score = ...     # ✏️ a number
exercises.score_for_ninety_percent.check(score)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The loss: the negative log-likelihood of the labels
#
# Each target is a coin toss whose bias depends on the input: $t_i \sim \text{Bernoulli}(p_i)$ with
# $p_i = \sigma(y(\mathbf{x}_i))$, so $p(t_i \mid \mathbf{x}_i) = p_i^{t_i}(1 - p_i)^{1 - t_i}$. Conditional
# maximum likelihood (notebook 03, section 7) turns this into the loss to minimise, the mean
# **negative log-likelihood**
#
# $$E(\mathbf{w}) = -\frac1N\sum_{i=1}^N \big[t_i\log p_i + (1 - t_i)\log(1 - p_i)\big],$$
#
# also called the **log loss** or **binary cross-entropy**. We take the mean rather than Arias's sum:
# the minimiser is the same, and the learning rate then does not have to shrink as $N$ grows.
# One example costs $-\log p$ if $t = 1$ and $-\log(1 - p)$ if $t = 0$; Arias's log-loss table, from
# `log_loss`:

# %%
p_table = np.arange(1, 10) / 10                                   # the predicted p(t = 1 | x)
arias_t0 = [0.11, 0.22, 0.36, 0.51, 0.69, 0.92, 1.20, 1.61, 2.30]   # her t = 0; t = 1 reversed
table = np.array([[log_loss([t], [p]) for p in p_table] for t in (0, 1)])
print("p      ", p_table)
print("t = 0  ", table[0], "\nt = 1  ", table[1])
print("her table, to two decimals:", np.array_equal(table.round(2), [arias_t0, arias_t0[::-1]]))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **With labels $t^\pm_i = 2t_i - 1 \in \{-1, +1\}$** (Liu's notes, which call them $y_n$): by the symmetry of
# section 1, $p(t_i \mid \mathbf{x}_i) = \sigma(t^\pm_i\,y(\mathbf{x}_i))$ for both labels, and
#
# $$-\log \sigma(z) = \log(1 + e^{-z}), \qquad z_i = t^\pm_i\,y(\mathbf{x}_i),$$
#
# the **logistic loss** of the margin $z_i$, the smooth surrogate of notebook 01. Same model, same loss.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Our running example has one input: 50 students, $x$ the hours each spent revising, $t = 1$ if they
# passed. Three candidate models and their losses, computed three ways:

# %%
rng = np.random.default_rng(3)
hours = rng.uniform(0.5, 5.5, size=50)
passed = (rng.uniform(size=50) < sigmoid(1.2 * (hours - 3))).astype(int)   # a logistic model
X1 = hours[:, None]                                                 # shape (N, 1)
objective = LogisticLoss(X1, passed)                                # its weights are (w, b)

for w, b in [(0.0, 0.0), (0.5, -1.0), (1.0, -2.5)]:
    scores = w * hours + b
    cross_entropy = binary_cross_entropy(passed, sigmoid(scores))    # t in {0, 1}
    margins = np.mean(logistic_loss((2 * passed - 1) * scores))     # t± = 2t - 1 in {-1, +1}
    print(f"w = {w}, b = {b:4}: cross-entropy {cross_entropy:.4f}, logistic loss of the "
          f"margins {margins:.4f}, LogisticLoss {objective.loss(np.array([w, b])):.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.6))
plotting.plot_binary_targets(ax, hours, passed)
curve = np.linspace(0.5, 5.5, 200)
for (w, b), style in zip([(0.0, 0.0), (0.5, -1.0), (1.0, -2.5)], plotting.LINESTYLES):
    ax.plot(curve, sigmoid(w * curve + b), color="black", linestyle=style,
            label=f"w = {w}, b = {b}: E = {objective.loss(np.array([w, b])):.3f}")
ax.set(xlabel="hours of revision $x$", title="the lower the loss, the likelier the labels")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The gradient, by the chain rule
#
# Take one example and follow the chain $\mathbf{w} \to z = \tilde{\mathbf{x}}^T\mathbf{w} \to p = \sigma(z) \to
# \ell = -[t\log p + (1 - t)\log(1 - p)]$ (Sarkar and Das derive it this way):
#
# $$\frac{\partial \ell}{\partial p} = -\frac{t}{p} + \frac{1 - t}{1 - p} = \frac{p - t}{p(1 - p)}, \qquad
# \frac{\partial p}{\partial z} = p(1 - p), \qquad \frac{\partial z}{\partial \mathbf{w}} = \tilde{\mathbf{x}},$$
#
# and the product is $(p - t)\,\tilde{\mathbf{x}}$: the sigmoid's derivative cancels the denominator.
# Averaged over the examples,
#
# $$\nabla E(\mathbf{w}) = \frac1N\sum_{i=1}^N (p_i - t_i)\,\tilde{\mathbf{x}}_i = \frac1N\tilde{\mathbf{X}}^T(\mathbf{p} - \mathbf{t}).$$

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The sign**: prediction minus target. Each example pushes $\mathbf{w}$ along $-\tilde{\mathbf{x}}_i$ in proportion
# to its error; a gradient *step* $-\eta\nabla E$ moves $\mathbf{w}$ towards the positive examples the model
# underrates and away from the negative ones it overrates. Sarkar and Das write $\sum_i (t_i - p_i)\,\mathbf{x}_i$
# for the gradient of the log-*likelihood* and climb it; Arias prints the same expression for the
# *negative* log-likelihood, a slip. The package's gradient, `LogisticLoss.gradient`, checked against central
# differences at a few weights, on the hours data and on the 30 features of the breast-cancer data:

# %%
cancer = datasets.load_breast_cancer()
cancer_objective = LogisticLoss(StandardScaler().fit_transform(cancer.X), cancer.y)
for name, problem in [("hours", objective), ("breast cancer", cancer_objective)]:
    for seed in range(2):
        w = np.random.default_rng(seed).normal(scale=0.5, size=problem.n_weights)
        error = np.abs(problem.gradient(w) - numerical_gradient(problem.loss, w)).max()
        print(f"{name:13}, weights {seed}: |analytic - numerical| < 1e-8: {error < 1e-8}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **No closed form.** At a minimum the gradient vanishes: $\sum_i \sigma(\tilde{\mathbf{x}}_i^T\mathbf{w})\,\tilde{\mathbf{x}}_i
# = \sum_i t_i\,\tilde{\mathbf{x}}_i$. The bias's equation says that the fitted probabilities add up to the
# number of positives, but the unknown $\mathbf{w}$ sits inside a sigmoid in every term: unlike least
# squares, these equations cannot be solved for $\mathbf{w}$ by algebra. We minimise iteratively instead.
# That this works, with no local minimum to get stuck in, is because $E$ is **convex**: its Hessian
# $\mathbf{H} = \frac1N\tilde{\mathbf{X}}^T\mathbf{S}\tilde{\mathbf{X}}$ with $\mathbf{S} = \operatorname{diag}(p_i(1 - p_i))$ is positive
# semidefinite. Notebook 05 treats convexity in depth and builds Newton's method (IRLS) on this Hessian.

# %% [markdown]
# ### ✏️ Exercise 2 (implement): the gradient of the mean negative log-likelihood
#
# Write `nll_gradient(X, t, w)`: `X` of shape $(N, D)$ already holds the constant column (so `w` has
# $D$ entries, the bias among them), `t` holds 0s and 1s. Return $\nabla E(\mathbf{w})$, shape $(D,)$. One
# hidden case has the scores 400, $-400$ and 1200.

# %%
def nll_gradient(X, t, w):
    """Return (1/N) sum_i (sigma(x_i^T w) - t_i) x_i."""
    ...              # ✏️ your code


exercises.nll_gradient.check(nll_gradient)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's version, as it runs.
if exercises.nll_gradient.revealed():
    show_source(LogisticLoss.gradient)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The package's code (the cell above) writes $p_i - t_i$ as $-t^\pm_i\,\sigma(-t^\pm_i z_i)$ (its `u` is the label as
# a sign, $t^\pm_i = 2t_i - 1$; section 7 meets this form again): the same number, but accurate even where $p_i$
# rounds to $t_i$. At $z_i = 40$ with $t_i = 1$, $p_i$ rounds to 1 and $p_i - t_i$ to 0, while
# $-\sigma(-40) = -4.2 \cdot 10^{-18}$. The hidden case with the scores 400, $-400$ and 1200 checks another danger:
# at $z = 1200$, $e^z/(1 + e^z)$ is $\infty/\infty$, not a number, while $1/(1 + e^{-z})$ and `scipy.special.expit`
# give 1.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Gradient descent: how large a step?
#
# Gradient descent repeats $\mathbf{w}_{k+1} = \mathbf{w}_k - \eta\,\nabla E(\mathbf{w}_k)$. Liu's argument
# for it is first order: $E(\mathbf{w} - \eta\mathbf{g}) \approx E(\mathbf{w}) - \eta\|\mathbf{g}\|^2$. It says a small
# enough step goes down, not how small is small enough. The second-order term does. If every Hessian
# satisfies $\mathbf{H}(\mathbf{u}) \preceq L\,\mathbf{I}$ (no curvature above $L$ in any direction), Taylor's
# theorem with the remainder taken at some point $\mathbf{u}$ between $\mathbf{w}$ and $\mathbf{v}$ gives
#
# $$E(\mathbf{v}) \le E(\mathbf{w}) + \nabla E(\mathbf{w})^T(\mathbf{v} - \mathbf{w}) + \tfrac{L}{2}\|\mathbf{v} - \mathbf{w}\|^2 .$$
#
# Put $\mathbf{v} = \mathbf{w} - \eta\mathbf{g}$ with $\mathbf{g} = \nabla E(\mathbf{w})$:
#
# $$E(\mathbf{w}_{k+1}) \le E(\mathbf{w}_k) - \eta\Big(1 - \frac{\eta L}{2}\Big)\|\mathbf{g}\|^2 .$$
#
# So every step lowers the loss if $\eta < 2/L$, and the guaranteed decrease is largest at $\eta = 1/L$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# For logistic regression $\mathbf{H} = \frac1N\sum_i p_i(1 - p_i)\,\tilde{\mathbf{x}}_i\tilde{\mathbf{x}}_i^T$, and each
# $p_i(1 - p_i) \le \frac14$ (section 1), so $\mathbf{H} \preceq \frac{1}{4N}\tilde{\mathbf{X}}^T\tilde{\mathbf{X}}$ at every $\mathbf{w}$:
#
# $$L = \lambda_\text{max}\Big(\frac{\tilde{\mathbf{X}}^T\tilde{\mathbf{X}}}{4N}\Big), \qquad \text{every step descends for } \eta < \frac{2}{L}.$$

# %%
X1_tilde = np.column_stack([hours, np.ones(50)])
L = np.linalg.eigvalsh(X1_tilde.T @ X1_tilde / (4 * 50))[-1]
print(f"2 / L = {2 / L:.4f};  learning_rate_bound(X) = {learning_rate_bound(X1):.4f}")
W_random = np.random.default_rng(1).normal(scale=3, size=(2000, 2))      # 2000 random weights
largest = max(np.linalg.eigvalsh(objective.hessian(w))[-1] for w in W_random)
print(f"largest curvature of the Hessian at 2000 random weights: {largest:.4f} <= L = {L:.4f}")
for eta in [0.99 * 2 / L, 1.0]:
    path = descent_path(X1, passed, eta, n_updates=300)
    rises = np.sum(np.diff(path.loss) > 0)
    print(f"eta = {eta:.3f}: the loss rose at {rises:3d} of 300 steps; E after 300 steps "
          f"{path.loss[-1]:.5f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Below $2/L = 0.661$ no step ever goes up. At $\eta = 1$ some do, yet the run still converges: the bound
# is *sufficient*, not necessary. It assumes the worst curvature, $p(1 - p) = \frac14$, everywhere; near
# the optimum most examples are confidently classified and the curvature is smaller. What decides
# whether the run converges in the end is the curvature at the minimum: with $\mathbf{H}_*$ the Hessian there,
# steps above $2/\lambda_\text{max}(\mathbf{H}_*)$ overshoot by more each time they come close. Five learning
# rates, 300 steps each:

# %%
exact = LogisticRegression(solver="newton", tol=1e-12).fit(X1, passed)
w_star = np.r_[exact.coef_, exact.intercept_]
E_star = objective.loss(w_star)
print(f"minimum E(w*) = {E_star:.6f} at w* = {w_star}; "
      f"2 / lambda_max(H*) = {2 / np.linalg.eigvalsh(objective.hessian(w_star))[-1]:.3f}")
etas = [0.05, 0.3, 0.6, 1.0, 3.0]
runs = {eta: descent_path(X1, passed, eta, n_updates=300) for eta in etas}

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 3.6))
for (eta, run), style in zip(runs.items(), plotting.LINESTYLES + ("-",)):
    plotting.plot_loss_gap(ax, np.maximum(run.loss - E_star, 1e-16), label=f"$\\eta$ = {eta}",
                           linestyle=style, linewidth=1.6)
ax.set(ylim=(1e-10, 20), title="gradient descent on the hours data (2/L = 0.661)")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Too large: diverge, or bounce?** Along an eigenvector of a quadratic $\frac12(\mathbf{w} - \mathbf{w}_*)^T\mathbf{A}(\mathbf{w} - \mathbf{w}_*)$
# with eigenvalue $\lambda$, a step multiplies the error by $1 - \eta\lambda$; above $\eta = 2/\lambda_\text{max}$
# that factor exceeds 1 in size, and the error grows geometrically until it overflows. The logistic
# loss is different far from its minimum, for two reasons.
#
# - Its gradient is **bounded**,
#   $\|\nabla E(\mathbf{w})\| \le \frac1N\sum_i |p_i - t_i|\,\|\tilde{\mathbf{x}}_i\| \le \max_i \|\tilde{\mathbf{x}}_i\|$,
#   so a step moves the weights by at most $\eta\max_i\|\tilde{\mathbf{x}}_i\|$: no geometric blow-up, no
#   overflow. That alone does not keep the weights near $\mathbf{w}_*$: bounded steps could still carry them
#   off, one after another.
# - What holds them back is that the hours data are **not separable**: in every direction some example
#   ends up on the wrong side, and its loss $\log(1 + e^{-z})$ grows linearly, so $E$ grows at least
#   linearly in every direction away from $\mathbf{w}_*$, and far out the negative gradient points back.

# %% [markdown] slideshow={"slide_type": "subslide"}
# In symbols, with $\mathbf{g} = \nabla E(\mathbf{w}_k)$ and convexity (the tangent plane at $\mathbf{w}_k$ lies
# below $E$, at $\mathbf{w}_*$ too):
#
# $$\|\mathbf{w}_{k+1} - \mathbf{w}_*\|^2 = \|\mathbf{w}_k - \mathbf{w}_*\|^2 - 2\eta\,\mathbf{g}^T(\mathbf{w}_k - \mathbf{w}_*)
# + \eta^2\|\mathbf{g}\|^2, \qquad \mathbf{g}^T(\mathbf{w}_k - \mathbf{w}_*) \ge E(\mathbf{w}_k) - E(\mathbf{w}_*).$$
#
# The middle term grows linearly with the distance $\|\mathbf{w}_k - \mathbf{w}_*\|$, the last stays below
# $\eta^2\max_i\|\tilde{\mathbf{x}}_i\|^2$: far enough out, every step moves closer to $\mathbf{w}_*$. The path
# stays in a bounded region and bounces between the walls of the valley instead of flying off. Below, the
# quadratic model of our loss at its minimum ($\mathbf{A} = \mathbf{H}_*$) and the loss itself, both with
# $\eta = 1.1$, just above $2/\lambda_\text{max}(\mathbf{H}_*) = 1.02$:

# %% slideshow={"slide_type": "subslide"}
H_star = objective.hessian(w_star)
quadratic = (lambda w: 0.5 * (w - w_star) @ H_star @ (w - w_star),        # E_q(w)
             lambda w: H_star @ (w - w_star))                             # its gradient
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    on_quadratic = gradient_descent(*quadratic, np.zeros(2), learning_rate=1.1, max_iter=300,
                                    tol=0)
on_logistic = descent_path(X1, passed, 1.1, n_updates=300)
print("quadratic:", caught[0].message)
print(f"logistic loss: 300 steps taken, largest |w| = {np.abs(on_logistic.weights).max():.2f},"
      f" last losses {on_logistic.loss[-4:].round(4)}")
W_huge = np.random.default_rng(2).normal(scale=1e3, size=(500, 2))
_, gradients = objective.along(W_huge, gradients=True)
print(f"largest gradient norm at 500 huge weights: {np.linalg.norm(gradients, axis=1).max():.3f}"
      f" <= max ||x_i|| = {np.linalg.norm(X1_tilde, axis=1).max():.3f}")
closer = (np.linalg.norm(W_huge - 1.1 * gradients - w_star, axis=1)
          < np.linalg.norm(W_huge - w_star, axis=1))
print("from each of them, a step with eta = 1.1 moves closer to w*:", closer.all())

# %% slideshow={"slide_type": "subslide"}
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.3))
distance = np.linalg.norm(on_quadratic.weights - w_star, axis=1)
left.semilogy(distance, color=plotting.PALETTE[1])
left.set(xlabel="step $k$", ylabel=r"$\|\mathbf{w}_k - \mathbf{w}^*\|$",
         title=r"quadratic, $\eta = 1.1$: diverges")
right.plot(on_logistic.loss - E_star, color=plotting.PALETTE[1])
right.set(xlabel="step $k$", ylabel=r"$E(\mathbf{w}_k) - E(\mathbf{w}^*)$",
          title=r"logistic loss, $\eta = 1.1$: bounces")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The learning-rate explorer.** Left: the contours of $E(w, b) - E(w^*, b^*)$ over the two weights of the
# hours model (levels ten times apart for every two lines), the start $(0, 0)$ as a black dot, the
# minimum as a star, and the path so far. Middle: the excess loss against the step, on a log scale.
# Right: the data and the current model $\sigma(w_k x + b_k)$.
#
# It starts at $\eta = 0.6$, just below the safe $2/L = 0.661$. **Press Play.** Every step goes down, but
# the valley is long and narrow: the path runs down its steep side at once, then crawls along the
# floor, and after 150 steps it has not arrived. Then try:
#
# - $\eta = 0.05$: too small, it barely moves;
# - $\eta = 1$: above the safe bound, it zig-zags across the valley yet gets further (the loss rises at
#   62 of the 150 steps);
# - $\eta = 30$, 45 times the bound: the path leaps from wall to wall for as long as you play, and the
#   loss jumps up and down but stays finite (the panel zooms out to hold the whole path, as the status says;
#   the dashed square is the usual frame);
# - **standardise $x$** (section 5): the contours turn round, and $\eta = 0.6$ is now small beside the new
#   safe bound of 8: try 5 (there in a few steps), then 30 (bouncing again);
# - **one example** or **a minibatch** per step (section 6): the path turns noisy.

# %% slideshow={"slide_type": "subslide"}
explorer = LearningRateExplorer(hours, passed, learning_rate=0.6, n_updates=150)
explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# The explorer draws the runs of `descent_path`, made for all its learning rates at once by
# `descent_paths`; the same runs as numbers, over their first 40 steps. (A bouncing run is chaotic:
# two computers, or two ways of computing, that round differently in the 16th digit draw visibly
# different paths after some 60 steps; the first 40 agree.)

# %%
for name, X in [("raw x", X1), ("standardised x", StandardScaler().fit_transform(X1))]:
    for eta in (0.05, 0.6, 1.0, 5.0, 30.0):
        run = descent_path(X, passed, eta, n_updates=40)
        rises = np.sum(np.diff(run.loss) > 1e-12 * run.loss[1:])     # beyond rounding
        excess = run.loss[-1] - E_star
        shown = f"{excess:8.2e}" if excess > 1e-10 else "  < 1e-10"      # not mere rounding
        print(f"{name:14}, eta = {eta:5}: excess loss after 40 steps {shown}, "
              f"the loss rose at {rises:2d} of them")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **How many steps?** Liu asks how many iterations make $E(\mathbf{w}_k) - E(\mathbf{w}_*) \le \epsilon$. Take
# $\eta \le 1/L$, so that the descent lemma gives $E(\mathbf{w}_{k+1}) \le E(\mathbf{w}_k) - \frac\eta2\|\mathbf{g}\|^2$,
# add the convexity bound $E(\mathbf{w}_k) \le E(\mathbf{w}_*) + \mathbf{g}^T(\mathbf{w}_k - \mathbf{w}_*)$ and the
# expansion of $\|\mathbf{w}_{k+1} - \mathbf{w}_*\|^2$ above:
#
# $$E(\mathbf{w}_{k+1}) - E(\mathbf{w}_*) \le \mathbf{g}^T(\mathbf{w}_k - \mathbf{w}_*) - \frac\eta2\|\mathbf{g}\|^2
# = \frac{1}{2\eta}\Big(\|\mathbf{w}_k - \mathbf{w}_*\|^2 - \|\mathbf{w}_{k+1} - \mathbf{w}_*\|^2\Big).$$
#
# Summed over the first $k$ steps the right-hand side telescopes, and as the loss never rises, the last
# of the $k$ losses is the lowest:
#
# $$E(\mathbf{w}_k) - E(\mathbf{w}_*) \le \frac{\|\mathbf{w}_0 - \mathbf{w}_*\|^2}{2\eta k},$$
#
# an $O(1/k)$ rate: ten times the accuracy for ten times the steps. It holds for every convex loss with
# curvature at most $L$ that has a minimiser; true for the worst of them, it is pessimistic for most.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Faster in a bowl.** If moreover every Hessian has curvature at least $\mu > 0$ in every direction
# ($\mathbf{H} \succeq \mu\mathbf{I}$: *strongly convex*), the gap shrinks by a constant factor at every step,
# $E(\mathbf{w}_k) - E(\mathbf{w}_*) \le (1 - \mu/L)^k\,\big(E(\mathbf{w}_0) - E(\mathbf{w}_*)\big)$ for $\eta = 1/L$:
# **linear** convergence, about $\kappa\ln 10$ steps per decade of accuracy with $\kappa = L/\mu$. The
# logistic loss is not strongly convex everywhere (far out every $p_i(1 - p_i) \to 0$), but near its
# minimum it is, with $\mu \approx \lambda_\text{min}(\mathbf{H}_*)$: there the error along the flattest
# direction shrinks by the factor $1 - \eta\lambda_\text{min}(\mathbf{H}_*)$ per step, and the gap, quadratic in
# the error, by its square.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (derive): the steps the bound promises
#
# Gradient descent on the hours data starts at $\mathbf{w}_0 = \mathbf{0}$ with $\eta = 1/L$; take $L = 3.0255$
# and $\mathbf{w}_* = (0.927, -2.5266)$, as printed above. After how many steps $k$, at the fewest, does the $O(1/k)$
# bound guarantee $E(\mathbf{w}_k) - E(\mathbf{w}_*) \le 10^{-3}$? (A whole number of steps, to the last one.)

# %%
steps_promised = ...     # ✏️ a whole number
exercises.steps_promised_by_the_bound.check(steps_promised)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: what gradient descent with eta = 1/L actually does on these data, step by step against
# the bound, and its factor per step late in the run against (1 - lambda_min(H*) / L)^2.
gap = descent_path(X1, passed, 1 / L, n_updates=1000).loss - E_star
k = np.arange(1, 1001)
lambda_min = np.linalg.eigvalsh(H_star)[0]
if exercises.steps_promised_by_the_bound.revealed():
    print("E(w_k) - E* <= ||w_0 - w*||^2 / (2 eta k) at each of 1000 steps:",
          np.all(gap[1:] <= L * (w_star @ w_star) / (2 * k)))
    print(f"steps to reach E(w_k) - E* <= 1e-3: {np.argmax(gap <= 1e-3)}")
    print(f"factor per step from step 500 to 800: {(gap[800] / gap[500]) ** (1 / 300):.4f}; "
          f"(1 - lambda_min(H*) / L)^2 = {(1 - lambda_min / L) ** 2:.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The bound's promise is pessimistic: gradient descent gets to $10^{-3}$ after 247 steps (the cell above), dozens
# of times sooner. The bound is met at every step, with a wide margin: it must hold for the worst convex loss of
# curvature $L$, while this one is nearly quadratic near its minimum and converges linearly, with the factor the
# Hessian there predicts. The flattest direction sets the pace: the smaller $\lambda_\text{min}(\mathbf{H}_*)$ is
# beside $L$, the more steps each decade costs. That is what the next section attacks.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Feature scaling: round contours
#
# Why is the valley so narrow? Near the optimum the loss is close to the quadratic $\frac12(\mathbf{w} - \mathbf{w}_*)^T\mathbf{H}_*(\mathbf{w} - \mathbf{w}_*)$.
# Gradient descent must keep $\eta < 2/\lambda_\text{max}$ to be stable, and then along the flattest
# direction each step removes only a fraction $\eta\lambda_\text{min} < 2\lambda_\text{min}/\lambda_\text{max}$
# of the error: the number of steps grows with the **condition number** $\kappa = \lambda_\text{max}/\lambda_\text{min}$.
# Arias: feature scaling matters "because the same learning rate is used for all features".

# %% [markdown] slideshow={"slide_type": "subslide"}
# For one input with mean $m$ and standard deviation $s$, the Gram matrix behind the Hessian is
#
# $$\frac1N\tilde{\mathbf{X}}^T\tilde{\mathbf{X}} = \begin{pmatrix} m^2 + s^2 & m \\ m & 1\end{pmatrix}:$$
#
# an input far from 0 couples $w$ and $b$ (a larger $w$ must be paid for by a lower $b$: the tilted
# valley), and one on a large scale stretches its own direction. **Standardising**, $x' = (x - m)/s$,
# makes this matrix the identity. It changes the parameterisation, not the model:
# $\sigma(w'x' + b') = \sigma(w x + b)$ with $w = w'/s$ and $b = b' - w'm/s$.

# %%
scaler = StandardScaler().fit(X1)
X1_std = scaler.transform(X1)
m, s = scaler.mean_[0], scaler.scale_[0]
for name, X in [("raw", X1), ("standardised", X1_std)]:
    tilde = np.column_stack([X, np.ones(50)])
    fit = LogisticRegression(solver="gd", tol=1e-4, max_iter=20_000).fit(X, passed)
    H = LogisticLoss(X, passed).hessian(np.r_[fit.coef_, fit.intercept_])
    gram = ((tilde.T @ tilde / 50).round(3) + 0.0).tolist()               # + 0.0: no -0.0
    print(f"{name:12}: Gram {gram}, cond(H*) = {np.linalg.cond(H):6.2f}, "
          f"{fit.n_iter_:5d} steps to |grad| <= 1e-4")
fit_std = LogisticRegression(solver="newton", tol=1e-12).fit(X1_std, passed)
w_back, b_back = fit_std.coef_[0] / s, fit_std.intercept_ - fit_std.coef_[0] * m / s
print(f"back from the standardised fit: w = {w_back:.6f}, b = {b_back:.6f}; raw fit: {w_star}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The two surfaces side by side, each with 40 steps of gradient descent at $\eta = 1$ (the explorer's
# pictures, without the widget): a zig-zag down a tilted valley, and a straight run into a round bowl.

# %%
fig, axes = plt.subplots(1, 2, figsize=(8.4, 3.2))
for ax, X, name in [(axes[0], X1, "raw x: w and b"), (axes[1], X1_std, "standardised x")]:
    optimum = LogisticRegression(solver="newton", tol=1e-12).fit(X, passed)
    optimum = np.r_[optimum.coef_, optimum.intercept_]
    w_axis, b_axis, loss = loss_grid(X, passed, *plotting.square_view([0, 0], optimum))
    plotting.plot_loss_contours(ax, w_axis, b_axis, loss - E_star, optimum,
                                levels=plotting.gap_levels(1e-3, 100), labels=("weight", "bias"))
    plotting.plot_descent_path(ax, descent_path(X, passed, 1.0, n_updates=40).weights)
    ax.set_title(name, fontsize="medium")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# The mean and standard deviation are statistics of the *training* data. Validation and test data are
# transformed with the same numbers, never with their own: section 12 does it inside every fold with a
# pipeline, `make_pipeline(StandardScaler(), LogisticRegression(...))`.
#
# ### ✏️ Exercise 4 (derive): two correlated inputs, standardised
#
# A model has two inputs whose correlation is $\rho = 0.9$; both are standardised. What is the condition
# number $\kappa = \lambda_\text{max}/\lambda_\text{min}$ of the Gram matrix $\frac1N\tilde{\mathbf{X}}^T\tilde{\mathbf{X}}$
# of $(x_1', x_2', 1)$?

# %%
kappa = ...     # ✏️ a number
exercises.condition_after_standardising.check(kappa)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, on numbers: two inputs drawn with correlation 0.9, and the 30 features of the
# breast-cancer data (section 3), each set standardised.
first = np.random.default_rng(0).normal(size=(2, 1000))
pair = np.column_stack([first[0], 0.9 * first[0] + np.sqrt(1 - 0.9 ** 2) * first[1]])
if exercises.condition_after_standardising.revealed():
    for name, X in [("the pair", pair), ("breast cancer", cancer.X)]:
        tilde = np.column_stack([StandardScaler().fit_transform(X), np.ones(len(X))])
        print(f"{name:13}: cond of the standardised Gram matrix {np.linalg.cond(tilde.T @ tilde / len(X)):.3g}")
    r = np.corrcoef(pair.T)[0, 1]
    print(f"the pair's sample correlation r = {r:.4f}; (1 + r) / (1 - r) = {(1 + r) / (1 - r):.3g}")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# Standardising removes offsets and scales, not correlations between inputs: the Gram matrix keeps $\rho$
# between the two inputs, and the valley along the difference of the two weights stays. The breast-cancer
# features, many of them strongly correlated, keep a condition number of about $10^5$ after standardising (the
# cell above), which is why section 11 needs a faster solver for them. Decorrelating the inputs (whitening)
# would make the Gram matrix $\mathbf{I}$.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Stochastic gradient descent and minibatches
#
# The gradient is a mean over the examples, so each step of gradient descent reads all $N$ of them.
# Straka's algorithm box for logistic regression steps after every **minibatch** instead:
#
# > $\mathbf{w} \leftarrow \mathbf{0}$; until convergence, process a minibatch of examples $\mathbf{b}$:
# > $\mathbf{g} \leftarrow \frac{1}{|\mathbf{b}|}\sum_{i \in \mathbf{b}} \nabla_\mathbf{w}\big[-\log p(C_{t_i} \mid \mathbf{x}_i; \mathbf{w})\big]$,
# > $\mathbf{w} \leftarrow \mathbf{w} - \eta\,\mathbf{g}$.
#
# - **Unbiased** (Liu): if $\mathbf{b}$ is a uniformly random set of $B$ examples, each example is in it
#   with probability $B/N$, so $\mathbb{E}[\mathbf{g}] = \frac1B\sum_i \frac{B}{N}\nabla\ell_i = \nabla E$.
# - **Noisy**: with $\sigma^2 = \frac1N\sum_i\|\nabla\ell_i - \nabla E\|^2$ the spread of the examples' gradients,
#   sampling without replacement gives $\mathbb{E}\|\mathbf{g} - \nabla E\|^2 = \frac{\sigma^2}{B}\cdot\frac{N - B}{N - 1}$:
#   ten times the batch, a tenth of the noise (and none at $B = N$).
# - **Epochs and shuffling**: one pass through a fresh random order of the data is an epoch, $\lceil N/B\rceil$
#   steps; every example is used once per epoch.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Checked on the breast-cancer data ($N = 569$, 30 standardised features), with every minibatch of 200
# random orders. The gradient of a minibatch's mean loss is the mean of its examples' gradients:

# %%
Z = StandardScaler().fit_transform(cancer.X)
cancer_l2 = LogisticLoss(Z, cancer.y, l2=1e-3)              # a small penalty: a finite optimum
w = np.random.default_rng(0).normal(scale=0.2, size=31)
each = np.array([cancer_l2.gradient(w, [i]) for i in range(569)])   # per-example gradients
full = cancer_l2.gradient(w)
spread = np.mean(np.sum((each - full) ** 2, axis=1))        # sigma^2
print("mean of the per-example gradients = the full gradient:",
      np.allclose(each.mean(axis=0), full))
orders = np.array([np.random.default_rng(seed).permutation(569) for seed in range(200)])
for B in (1, 10, 100):
    g = [each[order[:569 // B * B]].reshape(-1, B, 31).mean(axis=1)   # the full minibatches of each order,
         for order in orders]                                         # one array per order (no copy of them all)
    bias = np.abs(np.mean([g_order.mean(axis=0) for g_order in g], axis=0) - full).max()
    noise = np.mean([np.sum((g_order - full) ** 2, axis=1) for g_order in g])
    bias = f"{bias:.1e}" if bias > 1e-10 else "< 1e-10"      # B = 1: exact, but for rounding
    print(f"B = {B:3d}: {len(g) * len(g[0]):6d} minibatches, |mean - full| {bias}, noise {noise:.5f}, "
          f"formula {spread / B * (569 - B) / 568:.5f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Cost per step against progress per step.** An epoch costs the same $N$ per-example gradients
# whatever $B$ is; gradient descent makes one careful step of it, SGD with $B = 1$ makes 569 noisy
# ones. Early on the noise does not matter and SGD races ahead. Near the optimum the full gradient
# tends to 0 but the noise does not: with a constant $\eta$ SGD ends up hovering at a level set by
# $\eta$ and the noise. A **decaying learning rate**, here $\eta = \eta_0/(1 + 0.5e)$ in epoch $e$,
# shrinks the hover; larger minibatches shrink the noise. Twenty epochs on the breast-cancer data:

# %% slideshow={"slide_type": "subslide"}
exact_cancer = LogisticRegression(solver="newton", l2=1e-3, tol=1e-12).fit(Z, cancer.y)
E_cancer = exact_cancer.loss_history_[-1]
settings = {
    "gradient descent, \u03b7 = 1/L": dict(solver="gd"),
    "minibatches of 32, \u03b7 = 0.5": dict(solver="sgd", batch_size=32, learning_rate=0.5),
    "one example, \u03b7 = 0.1": dict(solver="sgd", batch_size=1, learning_rate=0.1),
    "one example, \u03b7 = 0.1 / (1 + 0.5 e)": dict(solver="sgd", batch_size=1, learning_rate=0.1,
                                                    decay=0.5)}
epochs = 20
histories = {}
for name, options in settings.items():
    fit = LogisticRegression(l2=1e-3, max_iter=epochs, tol=0, random_state=0, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                              # no run reaches tol = 0
        histories[name] = fit.fit(Z, cancer.y).loss_history_ - E_cancer
    print(f"{name:36}: excess loss after 1 epoch {histories[name][1]:.2e}, "
          f"after {epochs} {histories[name][-1]:.2e}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 3.6))
for (name, history), style in zip(histories.items(), plotting.LINESTYLES):
    ax.semilogy(history, linestyle=style, label=name)
ax.set(xlabel="epochs (passes over the 569 examples)", title="the same cost, different progress",
       ylabel=r"$E(\mathbf{w}) - E(\mathbf{w}^*)$")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Why the rate must decay, and what it costs.** Robbins and Monro's conditions for SGD to converge are
#
# $$\sum_k \eta_k = \infty \quad\text{(the steps can still carry the weights any distance)}, \qquad
# \sum_k \eta_k^2 < \infty \quad\text{(the noise they add up has a finite variance)}.$$
#
# A constant $\eta$ fails the second, and hovers. The schedule above, $\eta_0/(1 + 0.5e)$ in epoch $e$
# (the same rate for the 569 updates of an epoch), meets both: a harmonic series diverges, the series of
# its squares converges. The price is speed. For a convex loss whose stochastic gradients have bounded
# size, a run of $K$ steps of size $\eta \propto 1/\sqrt{K}$ that reports the average $\bar{\mathbf{w}}_K$ of its
# iterates has $\mathbb{E}[E(\bar{\mathbf{w}}_K)] - E(\mathbf{w}_*) = O(1/\sqrt{K})$ (Nemirovski, Juditsky, Lan and
# Shapiro, 2009: there the averaging, not a vanishing step, tames the noise); for a strongly convex loss,
# such as the L2-penalised one here, $\eta_k \propto 1/k$ gives $\mathbb{E}[E(\mathbf{w}_k)] - E(\mathbf{w}_*) = O(1/k)$
# (Bottou, Curtis and Nocedal, 2018). Gradient descent's gap shrinks geometrically near the minimum (section 4), but each of
# its steps costs $N$ of SGD's: early on SGD is far ahead, as the plot shows; for a high enough accuracy
# a geometric rate wins in the end, since it beats any power of $1/k$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Back in the explorer of section 4, standardise $x$, choose **one example** per step and play: the path
# wanders around the minimum instead of settling, and the excess loss hovers around $10^{-2}$; with a
# **minibatch of 10** it hovers below $10^{-3}$. The status line says that the safe bound is for
# full-batch steps only: at $\eta = 0.6$, far below the standardised bound of 8, the loss still rises at
# 91 of the 150 one-example updates (68 with minibatches of 10), since each follows a noisy gradient.
#
# ### ✏️ Exercise 5 (implement): one epoch of minibatch SGD
#
# Write `sgd_epoch(X, t, w, eta, batch_size, order)`: `X` holds the constant column, `order` is a
# permutation of the example indices. Take the examples in that order, `batch_size` at a time (the last
# minibatch may be smaller), and after each minibatch step along the mean gradient of its examples.
# Return the weights after the epoch.

# %%
def sgd_epoch(X, t, w, eta, batch_size, order):
    """Return w after one pass of minibatch SGD over the examples in the given order."""
    ...              # ✏️ your code


exercises.sgd_epoch.check(sgd_epoch)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### When to stop
#
# Every run so far took a fixed number of steps, or ran until the gradient's norm fell below `tol`. Three rules
# are in use, and they promise different things:
#
# - **the gradient**: stop when $\|\nabla E(\mathbf{w}_k)\| \le \epsilon$ (the package's `tol`; scikit-learn's
#   `LogisticRegression` uses the largest component, $\max_j |\partial E/\partial w_j| \le$ `tol`);
# - **the change of the loss** (Liu: "stop when $F$ does not change much"): stop when
#   $E(\mathbf{w}_{k-1}) - E(\mathbf{w}_k) \le \epsilon_\text{rel}\max(|E(\mathbf{w}_{k-1})|, |E(\mathbf{w}_k)|, 1)$, scipy's
#   `ftol` for L-BFGS;
# - **held-out data and patience** (Straka: "until convergence, or patience runs out"): stop when the loss on
#   examples the run does not train on has not improved for a number of epochs, and keep the best weights.
#
# The first two ask whether the *optimisation* is done; the third asks whether going on still helps on new data.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What a small gradient guarantees.** Suppose every Hessian has curvature at least $\mu > 0$ in every
# direction, $\mathbf{H} \succeq \mu\mathbf{I}$ (strongly convex, section 4). Along the segment from $\mathbf{w}_*$ to
# $\mathbf{w}$ the gradient changes by the mean Hessian on it, $\bar{\mathbf{H}} = \int_0^1 \mathbf{H}(\mathbf{w}_* + s(\mathbf{w} - \mathbf{w}_*))\,ds \succeq \mu\mathbf{I}$,
# and $\nabla E(\mathbf{w}_*) = \mathbf{0}$, so
#
# $$\nabla E(\mathbf{w}) = \bar{\mathbf{H}}\,(\mathbf{w} - \mathbf{w}_*) \;\Rightarrow\;
# \|\nabla E(\mathbf{w})\|\,\|\mathbf{w} - \mathbf{w}_*\| \ge (\mathbf{w} - \mathbf{w}_*)^T\nabla E(\mathbf{w}) \ge \mu\|\mathbf{w} - \mathbf{w}_*\|^2
# \;\Rightarrow\; \|\mathbf{w} - \mathbf{w}_*\| \le \frac{\|\nabla E(\mathbf{w})\|}{\mu}$$
#
# (Cauchy-Schwarz on the left). The least value of the quadratic lower bound $E(\mathbf{w}) + \mathbf{g}^T\mathbf{d} + \frac\mu2\|\mathbf{d}\|^2$
# bounds the loss too: $E(\mathbf{w}) - E(\mathbf{w}_*) \le \|\nabla E(\mathbf{w})\|^2/(2\mu)$. An L2 penalty
# $\frac\lambda2\|\mathbf{w}\|^2$ on *every* weight adds $\lambda\mathbf{I}$ to the Hessian, so $\mu \ge \lambda$: the
# tolerance $\epsilon$ certifies $\|\mathbf{w} - \mathbf{w}_*\| \le \epsilon/\lambda$ without knowing $\mathbf{w}_*$. A small change of
# the loss certifies nothing of the kind: a step lowers $E$ by about $\eta\|\nabla E\|^2$ (section 4), so a small
# learning rate makes small changes far from the minimum.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Checked on the breast-cancer data with $\lambda = 0.01$ on all 31 weights (the bias too, so that $\mu \ge \lambda$
# holds), gradient descent for 3000 steps at $\eta = 1/L$ and at a twentieth of it, and where each rule would
# have stopped it ($\epsilon = 10^{-3}$, $\epsilon_\text{rel} = 10^{-5}$):

# %%
lam = 0.01
every = LogisticLoss(np.column_stack([Z, np.ones(569)]), cancer.y, l2=lam, fit_intercept=False)   # bias penalised
w_every = minimize(every, np.zeros(31), "newton", tol=1e-12).w                    # w*
E_every = every.loss(w_every)
L_every = np.linalg.eigvalsh(every.hessian(np.zeros(31)))[-1]    # at w = 0 every p(1 - p) = 1/4: the most curvature
long_runs = {eta: minimize(every, np.zeros(31), "gd", learning_rate=eta, max_iter=3000, tol=0)
             for eta in (1 / L_every, 0.05 / L_every)}

# %% slideshow={"slide_type": "subslide"}
for eta, run in long_runs.items():
    distance = np.linalg.norm(run.weights - w_every, axis=1)
    change = -np.diff(run.loss) / np.maximum(np.maximum(np.abs(run.loss[:-1]), np.abs(run.loss[1:])), 1)
    print(f"eta = {eta * L_every:.2f} / L: ||w_k - w*|| <= ||grad E(w_k)|| / lambda at all 3001 iterates: "
          f"{np.all(distance <= run.grad_norm / lam)} (at most {np.max(distance * lam / run.grad_norm):.2f} of it)")
    for rule, met in [("||grad E|| <= 1e-3", run.grad_norm <= 1e-3), ("change <= 1e-5", np.r_[False, change <= 1e-5])]:
        k = int(np.argmax(met))
        print(f"  {rule:18}: " + (f"stops at step {k:4d}, ||w_k - w*|| = {distance[k]:.2f}, E - E* = "
                                  f"{run.loss[k] - E_every:.1e}" if met.any() else "not met in 3000 steps"))

# %% [markdown] slideshow={"slide_type": "subslide"}
# The bound holds at every iterate, and it is nearly tight at $\eta = 1/L$: late in the run the error lies along
# the flattest direction, whose curvature is close to $\lambda$. The gradient rule at $10^{-3}$ guarantees
# $\|\mathbf{w} - \mathbf{w}_*\| \le 0.1$, and delivers it. The change rule with the same $\epsilon_\text{rel}$ stops
# at 0.29 from $\mathbf{w}_*$ with the larger step and at 0.74 with the smaller one, with a loss ten times further from
# its minimum: what it promises depends on $\eta$. scikit-learn's L-BFGS stops on the gradient (`tol`, on its
# largest component) and keeps the change rule only as a backstop, at $\epsilon_\text{rel} = 64$ times the
# machine epsilon, where no further progress is possible. Its objective is the mean log loss plus
# $\|\mathbf{w}\|^2/(2CN)$, ours with $\lambda = 1/(CN)$ and the bias free. At its fits the largest component of our
# gradient is below its `tol`, and the distance to $\mathbf{w}_*$ shrinks with it:

# %%
for tol in (1e-2, 1e-4):
    fitted = SklearnLogisticRegression(C=1 / (lam * 569), tol=tol).fit(Z, cancer.y)
    w_sk = np.r_[fitted.coef_[0], fitted.intercept_]
    exact_l2 = LogisticRegression(solver="newton", l2=lam, tol=1e-12).fit(Z, cancer.y)
    print(f"scikit-learn, tol = {tol:g}: largest |dE/dw_j| of our loss at its weights "
          f"{np.abs(LogisticLoss(Z, cancer.y, l2=lam).gradient(w_sk)).max():.1e}, "
          f"||w - w*|| = {np.linalg.norm(w_sk - np.r_[exact_l2.coef_, exact_l2.intercept_]):.1e}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Early stopping.** An unpenalised model fitted to few examples goes on lowering its training loss by growing
# its weights to fit their noise, and its loss on new data, after falling, rises. Hold out examples the run does
# not train on, and after each epoch $e$ compute their mean loss $V_e$. The patience rule (scikit-learn's
# `n_iter_no_change` and `tol`, written $\delta$ here):
#
# - an epoch *improves* if $V_e \le V_\text{best} - \delta$, with $V_\text{best}$ the lowest held-out loss before it;
# - a counter of epochs without improvement goes up by one at each other epoch, and back to 0 at an improving one;
#   $V_\text{best}$ becomes $V_e$ whenever $V_e$ is lower, improving by $\delta$ or not;
# - the run stops at the epoch at which the counter reaches the **patience**, and returns the weights of the epoch
#   of $V_\text{best}$.
#
# One rise is no trend: SGD's held-out loss is noisy, and patience buys some epochs of evidence. Those epochs are past
# the best, which is why the best weights are kept. A held-out set used this way has chosen the model: an honest
# estimate of its error needs a third set, as the test set of section 12. Starting from $\mathbf{w} = \mathbf{0}$,
# stopping early keeps $\|\mathbf{w}\|$ small, much as the L2 penalty of section 11 does.

# %% slideshow={"slide_type": "subslide"}
Z_fit, Z_held, t_fit, t_held = train_test_split(Z, cancer.y, test_size=0.75, random_state=1)
fitting, held_out = LogisticLoss(Z_fit, t_fit), LogisticLoss(Z_held, t_held)        # no penalty
sgd = dict(method="sgd", batch_size=10, learning_rate=0.1, tol=0, random_state=0)
watch = EarlyStopping(held_out.loss, patience=1000)                   # never stops: it only records V_e
long_run = minimize(fitting, np.zeros(31), max_iter=120, callback=watch, **sgd)
stopper = EarlyStopping(held_out.loss, patience=10)
stopped = minimize(fitting, np.zeros(31), max_iter=120, callback=stopper, **sgd)
print(f"{len(t_fit)} examples to fit, {len(t_held)} held out. {stopped.message}.")
print("the patience rule on the 120 recorded held-out losses:", patience_stop(watch.losses_, patience=10))
for name, epoch in [("the best", stopper.best_epoch_), ("the stop", stopped.n_iter), ("the last of 120", 120)]:
    w = long_run.weights[epoch]
    accuracy = np.mean(((Z_held @ w[:-1] + w[-1]) > 0) == t_held)
    print(f"epoch {epoch:3d}, {name:15}: fitting loss {long_run.loss[epoch]:.4f}, held-out loss "
          f"{watch.losses_[epoch - 1]:.4f}, held-out accuracy {accuracy:.3f}, ||w|| = {np.linalg.norm(w[:-1]):.1f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 3.0))
epochs_run = np.arange(1, 121)
ax.plot(epochs_run, long_run.loss[1:], linestyle="-", label="fitting loss $E$ (142 examples)")
ax.plot(epochs_run, watch.losses_, linestyle="--", label="held-out loss $V_e$ (427 examples)")
marks = [ax.axvline(stopper.best_epoch_, color="0.4", linestyle=":", label=f"best, epoch {stopper.best_epoch_}"),
         ax.axvline(stopped.n_iter, color="0.4", linestyle="-.", label=f"stop (patience 10), epoch {stopped.n_iter}")]
plotting.describe(ax, f"Vertical lines mark the best epoch, {stopper.best_epoch_}, and the stop, epoch "
                      f"{stopped.n_iter}.", about=marks)
ax.set(xlabel="epoch", ylabel="mean log loss", ylim=(0, 0.25), title="SGD without a penalty: fitting on, getting worse")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# scikit-learn's `SGDClassifier(early_stopping=True)` applies the same rule (`tests/test_optimization_stopping.py`
# checks it against scikit-learn's own validation scores), with three differences: it holds out
# `validation_fraction` of the training data itself; it watches the *accuracy* there, not the loss (an improvement
# is an accuracy at least `tol` above the best); and it returns the *last* weights, not the best (its
# `MLPClassifier` keeps the best). Without `early_stopping` it applies the rule to the training loss.

# %%
sk_sgd = SGDClassifier(loss="log_loss", early_stopping=True, validation_fraction=0.25, n_iter_no_change=10,
                       tol=1e-3, random_state=0).fit(Z_fit, t_fit)
print(f"SGDClassifier: stopped after {sk_sgd.n_iter_} epochs, with the weights of that last epoch; "
      f"accuracy on our held-out examples {sk_sgd.score(Z_held, t_held):.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (derive): where patience runs out
#
# A run without a stopping rule records these held-out losses over 20 epochs (the values exactly as shown):
#
# | epoch | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |
# |---|---|---|---|---|---|---|---|---|---|---|
# | $V_e$ | 0.690 | 0.540 | 0.470 | 0.452 | 0.449 | 0.455 | 0.441 | 0.438 | 0.436 | 0.429 |
# | **epoch** | **11** | **12** | **13** | **14** | **15** | **16** | **17** | **18** | **19** | **20** |
# | $V_e$ | 0.433 | 0.423 | 0.426 | 0.421 | 0.425 | 0.422 | 0.419 | 0.430 | 0.415 | 0.437 |
#
# Under the patience rule above, with a patience of 3 epochs and $\delta = 0.005$, at which epoch would it have
# stopped, and the weights of which epoch would it return? Walk the counter by hand, epoch by epoch (the
# cell after your answer checks it with `patience_stop`). Answer `[stop epoch, best epoch]`.

# %%
stop_and_best = ...     # ✏️ two whole numbers, [stop epoch, best epoch]
exercises.patience_stop_epoch.check(stop_and_best)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's patience rule on the table, and the counter epoch by epoch.
table = np.array(exercises.VALIDATION_LOSSES)
if exercises.patience_stop_epoch.revealed():
    print("patience_stop:", patience_stop(table, patience=3, min_delta=0.005))
    best, waited = np.inf, 0
    for epoch, loss in enumerate(table, start=1):
        waited = 0 if loss <= best - 0.005 else waited + 1
        best = min(best, loss)
        print(f"epoch {epoch:2d}: V = {loss:.3f}, best {best:.3f}, counter {waited}")
        if waited == 3:                # the patience runs out
            break

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The counter reaches 3 at epoch 15, and the lowest loss up to then is epoch 14's 0.421. Epochs 5, 8, 9 and 14 each
# set a new lowest loss without improving on the best by 0.005: they count as epochs without improvement, yet the
# next epoch is measured against them. Epoch 14's 0.421 is the lowest so far but not 0.005 below 0.423, so the
# counter goes on, and epoch 15 ends the run. A run under the rule never reaches epochs 16-20: epoch 19's 0.415
# plays no part.
# With $\delta = 0$ the same table never stops the run within 20 epochs: $\delta$ is what ends a run that still
# creeps down, by less than $\delta$ an epoch.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. The soft perceptron
#
# Write one SGD step on a single example with Liu's labels $t^\pm \in \{-1, +1\}$ and the margin
# $z = t^\pm\,\tilde{\mathbf{x}}^T\mathbf{w}$. The loss is $\ell(z) = \log(1 + e^{-z})$, whose derivative *in the margin* is
#
# $$\ell'(z) = \frac{-e^{-z}}{1 + e^{-z}} = -\sigma(-z), \qquad\text{so}\qquad
# \nabla_\mathbf{w}\,\ell = \ell'(z)\,\frac{\partial z}{\partial \mathbf{w}} = -\sigma(-z)\,t^\pm\,\tilde{\mathbf{x}},$$
#
# and the SGD step is
#
# $$\mathbf{w} \leftarrow \mathbf{w} + \eta\,\sigma\big(-t^\pm\,\tilde{\mathbf{x}}^T\mathbf{w}\big)\,t^\pm\,\tilde{\mathbf{x}}.$$

# %% [markdown] slideshow={"slide_type": "subslide"}
# The perceptron (notebook 01) steps by $t^\pm\,\tilde{\mathbf{x}}$ when $z \le 0$ and not at all otherwise. Here
# the same step is **weighted by $\sigma(-z) = 1 - \sigma(z) = 1 - p(t \mid \mathbf{x})$, the probability the
# model gives the wrong label**: a confident mistake moves the weights almost a full perceptron step, a
# confident success hardly at all, and everything in between a little. With 0/1 targets the same step
# reads $\mathbf{w} \leftarrow \mathbf{w} - \eta\,(p - t)\,\tilde{\mathbf{x}}$, the gradient of section 3 for one example. The
# sign inside the sigmoid matters: Liu prints $\sigma(y_n\mathbf{w}^T\mathbf{x}_n)$, the probability of the *right*
# label, which would push hardest on the examples the model already gets right.

# %%
t_pm = 2 * passed - 1                                           # the labels t± in {-1, +1}
w = np.array([0.5, -1.0])
z = t_pm * (X1_tilde @ w)                                       # the margins
per_example = np.array([objective.gradient(w, [i]) for i in range(50)])
print("SGD gradient of one example = -sigma(-z) t± x:",
      np.allclose(per_example, -sigmoid(-z)[:, None] * t_pm[:, None] * X1_tilde))
p_label = np.where(passed == 1, sigmoid(X1_tilde @ w), 1 - sigmoid(X1_tilde @ w))
print("sigma(-z) = 1 - p(t | x), the probability of the wrong label:",
      np.allclose(sigmoid(-z), 1 - p_label))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The perceptron is its limit.** Scale the weights by $c$: the weight $\sigma(-c\,z)$ of each example
# tends to 1 if $z < 0$ (misclassified) and to 0 if $z > 0$, the perceptron's rule. Five examples of
# the hours data at $\mathbf{w} = (0.5, -1)$:

# %%
some = np.argsort(z)[[0, 12, 25, 37, 49]]               # from the worst margin to the best
print("margin z       ", z[some].round(3))
for c in (1, 3, 10, 100):
    print(f"sigma(-{c:3} z)  ", sigmoid(-c * z[some]).round(4))
print("perceptron      ", (z[some] <= 0).astype(float))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (derive): one step of the soft perceptron
#
# The weights are $(w_1, w_2, b) = (1, 0, 0)$. The example $\mathbf{x} = (2, 1)$ has label $t^\pm = -1$. Take one
# soft-perceptron step with $\eta = 0.5$. What are the new $(w_1, w_2, b)$?

# %%
new_weights = ...     # ✏️ three numbers, as a list [w_1, w_2, b]
exercises.soft_perceptron_step.check(new_weights)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Cross-entropy versus squared error on a sigmoid
#
# Why not fit the probabilities by least squares, $E_\text{sq}(\mathbf{w}) = \frac1N\sum_i(\sigma(y_i) - t_i)^2$?
# Take an example with $t = 1$ and score $y$ (Sarkar and Das compare the two losses after Glorot and
# Bengio, 2010):
#
# | | loss | derivative in $y$ | as $y \to -\infty$ (confidently wrong) |
# |---|---|---|---|
# | cross-entropy | $-\log\sigma(y)$ | $\sigma(y) - 1$ | $\to -1$: a full push |
# | squared error | $(\sigma(y) - 1)^2$ | $-2\,\sigma(y)(1 - \sigma(y))^2$ | $\to 0$: no push at all |
#
# The squared error's gradient carries the sigmoid's slope $\sigma(1 - \sigma)$, which vanishes exactly
# where the model is most wrong; the cross-entropy's $\frac{1}{p(1 - p)}$ cancels it (section 3). Worse,
# its second derivative $-2\,\sigma(1 - \sigma)^2(1 - 3\sigma)$ is negative wherever $\sigma(y) < \frac13$,
# that is for $y < -\log 2$: the squared error is **not convex**, and gradient descent can stall on its
# plateaus.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Both claims on a grid of scores, with second differences for the curvature:

# %%
y = np.linspace(-8, 8, 1601)
cross_entropy, squared = -log_sigmoid(y), (sigmoid(y) - 1) ** 2
slopes = {"cross-entropy": sigmoid(y) - 1,
          "squared error": -2 * sigmoid(y) * (1 - sigmoid(y)) ** 2}
curvature = np.diff(squared, 2)                                  # second differences
print(f"the squared error is concave for y < {y[1:-1][curvature < 0].max():.2f} "
      f"(on a grid of step 0.01); -log 2 = {-np.log(2):.3f}")
print("the cross-entropy is convex everywhere:", bool(np.all(np.diff(cross_entropy, 2) > 0)))
print("slopes at y = -8:", {name: round(float(v[0]), 5) for name, v in slopes.items()})

# %% slideshow={"slide_type": "subslide"}
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.3))
for k, (name, values) in enumerate([("cross-entropy", cross_entropy),
                                    ("squared error", squared)]):
    style = dict(color=plotting.PALETTE[k], linestyle=plotting.LINESTYLES[k], label=name)
    left.plot(y, values, **style)
    right.plot(y, slopes[name], **style)
left.axvspan(-8, -np.log(2), color="grey", alpha=0.15, label="squared error concave")
left.set(xlabel="score $y$ (target $t = 1$)", ylabel="loss", ylim=(0, 4), title="losses")
right.set(xlabel="score $y$ (target $t = 1$)", ylabel="derivative", title="their slopes")
left.legend(loc="upper right", fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# On the hours data, from a model that is confidently wrong about almost everyone (it says the students
# who revised least pass), 3000 steps of gradient descent on each loss:

# %%
def squared_error(w):                 # E_sq = (1/N) sum_i (sigma(x_i^T w) - t_i)^2
    return np.mean((sigmoid(X1_tilde @ w) - passed) ** 2)


def squared_error_gradient(w):        # chain rule: (2/N) sum_i (p_i - t_i) p_i (1 - p_i) x_i
    p = sigmoid(X1_tilde @ w)
    return X1_tilde.T @ (2 * (p - passed) * p * (1 - p)) / 50


wrong = np.array([-4.0, 10.0])
print("gradient check:",
      np.allclose(squared_error_gradient(wrong), numerical_gradient(squared_error, wrong)))
print(f"|gradient| at the start: cross-entropy {np.linalg.norm(objective.gradient(wrong)):.4f}, "
      f"squared error {np.linalg.norm(squared_error_gradient(wrong)):.6f}")

# %% slideshow={"slide_type": "subslide"}
losses = {"cross-entropy": (objective.loss, objective.gradient),
          "squared error": (squared_error, squared_error_gradient)}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")                                # max_iter reached: a warning
    runs = {name: gradient_descent(*pair, wrong, learning_rate=0.6, max_iter=3000)
            for name, pair in losses.items()}
for name, run in runs.items():
    print(f"{name:13}: after {run.n_iter} steps w = {run.w.round(3)}, training accuracy "
          f"{np.mean((X1_tilde @ run.w > 0) == passed):.2f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (predict): the squared error from a neutral start
#
# Start both runs at $\mathbf{w} = (0, 0)$ instead, everything else as above (3000 steps of $\eta = 0.6$ at
# most). Where does gradient descent on the squared error end?
#
# - **(a)** On a plateau again, far from the cross-entropy's model: the squared error is not convex.
# - **(b)** Close to the cross-entropy's model, only after more steps.
# - **(c)** At exactly the cross-entropy's weights: both losses are minimised where the model's
#   probabilities match the data.
# - **(d)** Nowhere: $\eta = 0.6$ makes it diverge.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.squared_error_from_zero.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: both runs from w = (0, 0), where they end and how many steps they take.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")                                # max_iter reached: a warning
    from_zero = {name: gradient_descent(*pair, np.zeros(2), learning_rate=0.6, max_iter=3000)
                 for name, pair in losses.items()}
if exercises.squared_error_from_zero.revealed():
    for name, run in from_zero.items():
        print(f"{name:13}: after {run.n_iter} steps w = {run.w.round(3)}, boundary at "
              f"x = {-run.w[1] / run.w[0]:.2f} hours, training accuracy "
              f"{np.mean((X1_tilde @ run.w > 0) == passed):.2f}")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# At $\mathbf{w} = \mathbf{0}$ every $p_i = \frac12$: no example is confidently wrong, and the squared error's
# gradient is exactly half the cross-entropy's, since $2p_i(1 - p_i) = \frac12$. Both runs head for the same region
# and end near each other, but not at the same weights: the two losses weigh the examples differently. The squared
# error's trouble is its plateaus, where a start far out lands; the convex cross-entropy has no such trap.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Separable data: a likelihood without a maximum
#
# If some $\mathbf{w}$ classifies every example correctly, all its margins $z_i = t^\pm_i\,\tilde{\mathbf{x}}_i^T\mathbf{w}$ are
# positive, and scaling it up lowers the loss for ever:
#
# $$E(c\,\mathbf{w}) = \frac1N\sum_i \log\big(1 + e^{-c z_i}\big) \;\searrow\; 0 \quad (c \to \infty).$$
#
# The infimum 0 is never reached: there is **no minimiser**, the likelihood has no maximum. What gradient descent
# does when there is nothing to converge to is the subject of the next two exercises. An L2 penalty
# $\frac\lambda2\|\mathbf{w}\|^2$ gives back a minimum: it grows faster than the loss can fall, so a finite minimiser
# exists, and it is unique (section 11).

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (predict): ten times more steps
#
# The next cell runs 10 000 steps of gradient descent on 40 separable points. After 1000 steps
# $\|\mathbf{w}\| = 20.5$. After 10 000 steps it is:
#
# - **(a)** still about 20.5: gradient descent has converged;
# - **(b)** larger, but far less than 10 times: it keeps growing, by less at every step;
# - **(c)** about 10 times larger, around 200;
# - **(d)** undefined: the weights overflow and gradient descent stops with an error.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.separable_weights.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: 10 000 steps of gradient descent on 40 separable points, without and with an L2 penalty.
separable = datasets.make_separable(40, 0.1, random_state=1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    LogisticRegression().fit(separable.X, separable.y)
flat = LogisticLoss(separable.X, separable.y)
penalised = LogisticLoss(separable.X, separable.y, l2=0.01)
eta = learning_rate_bound(separable.X) / 2
unpenalised_run = minimize(flat, np.zeros(3), "gd", learning_rate=eta, max_iter=10_000, tol=0)
penalised_run = minimize(penalised, np.zeros(3), "gd", learning_rate=eta, max_iter=10_000,
                         tol=1e-12)
widest, _ = max_margin_separator(flat.X, 2 * flat.t - 1, fit_intercept=False)   # on (x, 1): margin 1 / ||w||
if exercises.separable_weights.revealed():
    print("LogisticRegression warns:", caught[0].message, "\n")
    for k in (10, 100, 1000, 10_000):
        norm = np.linalg.norm(unpenalised_run.weights[k])
        norm_l2 = np.linalg.norm(penalised_run.weights[min(k, penalised_run.n_iter)])
        print(f"k = {k:6d}: no penalty ||w|| = {norm:6.2f}, E = {unpenalised_run.loss[k]:.5f};"
              f"   l2 = 0.01: ||w|| = {norm_l2:.3f}")
    print(f"with l2 = 0.01 gradient descent converged after {penalised_run.n_iter} steps")
    gamma = 1 / np.linalg.norm(widest)
    print(f"the widest margin of the data (with their constant input): gamma = {gamma:.4f}; "
          f"ln 10 / gamma = {np.log(10) / gamma:.1f}")

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered exercise 9: the runs as pictures.
if exercises.separable_weights.revealed():
    steps = np.arange(1, 10_001)
    fig, (ax_w, ax_e) = plt.subplots(1, 2, figsize=(10, 3.3))
    for k, (run, name) in enumerate([(unpenalised_run, "no penalty"), (penalised_run, "L2, 0.01")]):
        ax_w.semilogx(steps[:run.n_iter], np.linalg.norm(run.weights[1:], axis=1),
                      color=plotting.PALETTE[k], linestyle=plotting.LINESTYLES[k], label=name)
    ax_e.loglog(steps, unpenalised_run.loss[1:], color=plotting.PALETTE[0])
    ax_w.set(xlabel="step $k$", ylabel=r"$\|\mathbf{w}_k\|$", title="the weights grow for ever")
    ax_e.set(xlabel="step $k$", ylabel=r"$E(\mathbf{w}_k)$, no penalty", title="the loss creeps to 0")
    ax_w.legend(loc="upper left")
    plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The weights grow for ever, by less at every step.** No minimiser means nothing to stop at, and nothing
# overflows: the loss and its gradient shrink like $e^{-\text{margin}}$, so each step is shorter than the one
# before, and the probabilities creep towards 0 and 1, a model as overconfident as the perceptron. Per *decade* of
# steps, though, $\|\mathbf{w}\|$ grows by more each time here: by 5.9, 10.4 and 15.4 from 10 to 10 000 steps (and
# by 18.0 from $10^4$ to $10^5$). These increments tend to $\ln 10/\gamma = 19.9$, where $\gamma = 0.116$ is the
# widest margin of the points with their constant input (notebook 01): in the long run $\|\mathbf{w}_k\|$ grows like
# $(\ln k)/\gamma$, and its direction turns towards the widest-margin separator (Soudry, Hoffer, Nacson,
# Gunasekar and Srebro, 2018). With the L2 penalty the run stops at a finite $\mathbf{w}$.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (predict): a step far too large on separable data
#
# On the hours data, $\eta = 30$ bounced for ever (section 4). Now run gradient descent on the 40 separable
# points above with $\eta = 100$, about 13 times their safe $2/L = 7.89$, for 1000 steps. What happens?
#
# - **(a)** The loss overflows: with no minimum to hold them, the weights grow geometrically.
# - **(b)** The path bounces across a valley, as on the hours data; the weights stay bounded.
# - **(c)** The weights grow for ever, by less and less each step, and the loss falls towards 0.
# - **(d)** It converges to a finite minimiser, faster than with a small step.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.large_step_on_separable_data.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: 1000 steps of gradient descent with eta = 100 on the same 40 points.
large_steps = descent_path(separable.X, separable.y, 100.0, n_updates=1000)
lengths = np.linalg.norm(np.diff(large_steps.weights, axis=0), axis=1)
rose = np.flatnonzero(np.diff(large_steps.loss) > 1e-12 * large_steps.loss[1:]) + 1
if exercises.large_step_on_separable_data.revealed():
    for k in (1, 10, 100, 1000):
        print(f"k = {k:4d}: ||w|| = {np.linalg.norm(large_steps.weights[k]):5.1f}, "
              f"E = {large_steps.loss[k]:.1e}")
    print(f"the loss rose at step(s) {rose.tolist()} only; the longest step {lengths.max():.1f} <= "
          f"eta max ||x_i|| = {100 * np.linalg.norm(flat.X, axis=1).max():.0f}; "
          f"the last ten steps {lengths[-10:].mean():.4f} long on average")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# Section 4's argument had two parts, and only the first holds here. The gradient is bounded, so no step is longer
# than $\eta\max_i\|\tilde{\mathbf{x}}_i\|$ and nothing overflows. But no wall sends the path back: along a
# separating direction the loss falls for ever. After a step or two that overshoot, the path runs out along such a
# direction; as the margins grow the gradient shrinks like $e^{-\text{margin}}$, each step is shorter than the
# last, $\|\mathbf{w}\|$ grows in the long run like $(\ln k)/\gamma$ as with a small step, and the loss falls
# towards 0. Wu, Bartlett, Telgarsky and Yu (2024) prove that gradient descent with any constant step does this
# on separable data.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. More than two classes: softmax regression
#
# With $K$ classes, give each its own weights $\mathbf{w}_k$ and score $y_k = \tilde{\mathbf{x}}^T\mathbf{w}_k$, and turn the
# scores into probabilities with the **softmax** (Arias, Sarkar and Das):
#
# $$p(C_k \mid \mathbf{x}) = \operatorname{softmax}(\mathbf{y})_k = \frac{e^{y_k}}{\sum_{j=1}^K e^{y_j}} .$$
#
# - **Adding a constant to every score changes nothing**: $e^{y_k + c}/\sum_j e^{y_j + c} = e^{y_k}/\sum_j e^{y_j}$.
#   The code subtracts the largest score first, so that no $e^{y}$ overflows.
# - **Two classes give the sigmoid**: $\frac{e^{y_1}}{e^{y_0} + e^{y_1}} = \frac{1}{1 + e^{-(y_1 - y_0)}} = \sigma(y_1 - y_0)$.
#   Only differences of scores matter, so the model is **over-parameterised**: $(\mathbf{w}_k + \mathbf{v})_k$ is the
#   same model for any $\mathbf{v}$. Binary logistic regression fixes $\mathbf{w}_0 = \mathbf{0}$. An L2 penalty
#   picks the member with $\sum_k \mathbf{w}_k = \mathbf{0}$: $\sum_k\|\mathbf{w}_k + \mathbf{v}\|^2$ is smallest for
#   $\mathbf{v} = -\frac1K\sum_k \mathbf{w}_k$, minus the mean of the $\mathbf{w}_k$. (An L1 penalty is smallest at a
#   median instead, and the unpenalised biases are not fixed by any penalty: see below.)

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Loss and gradient**: with one-hot targets $\mathbf{t}_i \in \{0, 1\}^K$, the negative log-likelihood is
#   the cross-entropy $E = -\frac1N\sum_i\sum_k t_{ik}\log p_{ik}$. Per example,
#   $-\log p_{c} = -y_{c} + \log\sum_j e^{y_j}$, whose derivative in $y_k$ is $-t_k + p_k$:
#
# $$\frac{\partial E}{\partial \mathbf{w}_k} = \frac1N\sum_i (p_{ik} - t_{ik})\,\tilde{\mathbf{x}}_i \qquad\text{(softmax minus one-hot).}$$

# %%
iris = datasets.load_iris()
X_iris = StandardScaler().fit_transform(iris.X)
scores = np.random.default_rng(0).normal(scale=3, size=(5, 3))
print("softmax(y + 7) = softmax(y):", np.allclose(softmax(scores + 7), softmax(scores)))
pairs = np.column_stack([np.zeros(5), scores[:, 0]])                 # scores (0, y)
print("softmax(0, y)_1 = sigma(y):", np.allclose(softmax(pairs)[:, 1], sigmoid(scores[:, 0])))
print("no overflow:", softmax(np.array([1000.0, 999.0, -1000.0])))
iris_objective = SoftmaxLoss(X_iris, iris.y)
w = np.random.default_rng(1).normal(scale=0.3, size=iris_objective.n_weights)
error = np.abs(iris_objective.gradient(w) - numerical_gradient(iris_objective.loss, w)).max()
print(f"gradient = softmax minus one-hot: |analytic - numerical| < 1e-8: {error < 1e-8}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The over-parameterisation on numbers: a fit to the iris data, then the same fit with one vector added
# to every class's weights:

# %%
softmax_model = SoftmaxRegression(solver="accelerated", l2=1e-3, tol=1e-8, max_iter=20_000)
softmax_model.fit(X_iris, iris.y)
print("the coefficients of the classes add up to 0 (to 1e-8):",
      np.abs(softmax_model.coef_.sum(axis=0)).max() < 1e-8)
unpenalised = SoftmaxLoss(X_iris, iris.y)
W = np.vstack([softmax_model.coef_.T, softmax_model.intercept_])           # (D + 1, K)
W_shifted = W + np.array([[1.0], [-2.0], [0.5], [3.0], [-1.0]])          # v added to every class
X_iris_tilde = np.column_stack([X_iris, np.ones(150)])
print("the same probabilities:",
      np.allclose(softmax(X_iris_tilde @ W), softmax(X_iris_tilde @ W_shifted)),
      "; the same unpenalised loss:",
      np.isclose(unpenalised.loss(W.ravel()), unpenalised.loss(W_shifted.ravel()), rtol=1e-12))

# %% [markdown] slideshow={"slide_type": "subslide"}
# The biases $b_k$ are not penalised, so the loss is the same for $(b_k + c)_k$ whatever $c$, and no penalty
# picks one. Ours add up to 0 all the same, for another reason: the solver starts at $\mathbf{0}$, and the
# gradients in the biases add up to 0 at every point,
# $\sum_k \partial E/\partial b_k = \frac1N\sum_i\sum_k (p_{ik} - t_{ik}) = 0$ (each example's probabilities and
# its one-hot target both add up to 1), so no step changes $\sum_k b_k$. Another start would keep its own sum.

# %%
print("sum_k dE/db_k = 0 at random weights (to 1e-12):",
      all(abs(iris_objective.gradient(v).reshape(5, 3)[-1].sum()) < 1e-12
          for v in np.random.default_rng(2).normal(size=(5, iris_objective.n_weights))))
print("the biases add up to 0 (to 1e-8):", abs(softmax_model.intercept_.sum()) < 1e-8)

# %% [markdown] slideshow={"slide_type": "subslide"}
# **From binary classifiers** (the course notes): *one-vs-rest* trains $K$ logistic regressions, "class
# $k$ or not", and predicts the most confident; *one-vs-one* trains $K(K - 1)/2$, one per pair of classes
# on that pair's examples, and lets them vote. Accuracy on iris, by 5-fold cross-validation (section 12):

# %%
base = LogisticRegression(solver="newton", l2=1e-3)
models = {"softmax": SoftmaxRegression(solver="accelerated", l2=1e-3, tol=1e-6, max_iter=20_000),
          "one-vs-rest": OneVsRestClassifier(base), "one-vs-one": OneVsOneClassifier(base)}
for name, classifier in models.items():
    cv = cross_val_score(classifier, X_iris, iris.y, k=5, shuffle=True, random_state=0)
    training = classifier.fit(X_iris, iris.y).score(X_iris, iris.y)
    print(f"{name:12}: training accuracy {training:.3f}, 5-fold CV {cv.mean():.3f}")

# %% slideshow={"slide_type": "subslide"}
petals = iris.X[:, 2:]                                      # petal length and width, in cm
xlim, ylim = plotting.padded_limits(petals)
fig, axes = plt.subplots(1, 3, figsize=(10.5, 3.4), sharey=True)
for ax, (name, classifier) in zip(axes, models.items()):
    pipeline = make_pipeline(StandardScaler(), classifier).fit(petals, iris.y)
    plotting.plot_decision_regions(ax, pipeline.predict, xlim, ylim, n_classes=3, resolution=120)
    plotting.plot_data(ax, petals, iris.y, labels=iris.target_names, s=22)
    ax.set(title=name, xlabel="petal length (cm)")
    ax.grid(False)
axes[0].set_ylabel("petal width (cm)")
axes[0].legend(loc="upper left", fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# The three agree near the data and differ away from them, where no example constrains the boundaries.
# One-vs-rest's regions come from three models trained on three different questions, whose
# probabilities need not add up to 1; softmax regression is one model with one loss, and its
# probabilities add up to 1 by construction.
#
# ### ✏️ Exercise 11 (derive): the gradient of the cross-entropy in the scores
#
# An example of class 0 gets the scores $\mathbf{y} = (2, 1, 0)$. What is the gradient of its loss
# $-\log p(C_0 \mid \mathbf{x})$ with respect to the three scores?

# %%
gradient_in_scores = ...     # ✏️ three numbers, as a list
exercises.softmax_gradient.check(gradient_in_scores)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 11. Regularisation: L2 and L1
#
# A penalty on the size of the weights (never on the bias) trades a little training loss for simpler,
# more stable weights:
#
# $$E_\text{L2}(\mathbf{w}) = E(\mathbf{w}) + \frac\lambda2\|\mathbf{w}\|^2, \qquad E_\text{L1}(\mathbf{w}) = E(\mathbf{w}) + \lambda\|\mathbf{w}\|_1 .$$
#
# - **L2 (ridge)** adds $\lambda\mathbf{w}$ to the gradient: a step is $\mathbf{w} \leftarrow (1 - \eta\lambda)\,\mathbf{w} - \eta\nabla E$,
#   "weight decay". It adds $\lambda$ to the Hessian's diagonal for every weight but not for the bias,
#   $\operatorname{diag}(\lambda, \dots, \lambda, 0)$. $E_\text{L2}$ is still strictly convex: a direction
#   $(\mathbf{v}, c)$ with $\mathbf{v} \ne \mathbf{0}$ gains the curvature $\lambda\|\mathbf{v}\|^2 > 0$ from the
#   penalty, and the bias alone has the curvature $\frac{c^2}{N}\sum_i p_i(1 - p_i) > 0$, as every $p_i$ lies
#   strictly between 0 and 1. So it has one finite minimiser, even on separable data (section 9), and the
#   weights shrink smoothly towards 0 as $\lambda$ grows.
# - **L1 (lasso)** has a kink at $w_j = 0$. A gradient step on $E$ followed by the **proximal step**
#   $w_j \leftarrow \operatorname{sign}(w_j)\max(|w_j| - \eta\lambda, 0)$ (soft thresholding) is one iteration of
#   *proximal gradient descent*; repeated with $\eta \le 1/L$, it converges to the minimiser of $E_\text{L1}$, and it sets small
#   weights *exactly* to 0.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **When is a weight 0?** The minimiser's conditions (Karush-Kuhn-Tucker, with the subgradient
# $[-1, 1]$ of $|w_j|$ at 0), with $g_j = \partial E/\partial w_j$ there:
#
# - a nonzero weight has $g_j = -\lambda\operatorname{sign}(w_j)$, so $|g_j| = \lambda$ exactly;
# - a zero weight has $|g_j| \le \lambda$.
#
# So $|g_j| < \lambda$ forces $w_j = 0$: where the data pull on a weight less than the penalty holds it, it
# is 0 (at $|g_j| = \lambda$ both can happen). For $\lambda \ge \lambda_\text{max} = \max_j |\partial E/\partial w_j|$
# at $\mathbf{w} = \mathbf{0}$ with the best bias ($\sigma(b) = \bar t$), $\mathbf{w} = \mathbf{0}$ meets every
# condition: every weight is 0. In between, L1 **selects features**.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Whose $\lambda$?** Arias adds $\lambda\sum_k w_k^2$ (no $\frac12$) or $\lambda\sum_k|w_k|$ to the *summed*
# negative log-likelihood, $N\,E(\mathbf{w})$. Dividing by $N$ shows her $\lambda_\text{A}$ is our $2\lambda_\text{A}/N$
# for L2 and $\lambda_\text{A}/N$ for L1. scikit-learn minimises $C\,N\,E(\mathbf{w}) + \frac12\|\mathbf{w}\|^2$ (or
# $+\,\|\mathbf{w}\|_1$), so its $C = 1/(N\lambda)$ for both; Arias's $\lambda_\text{A}$ is $C = 1/(2\lambda_\text{A})$ for L2
# and $C = 1/\lambda_\text{A}$ for L1. Section 13 checks the mapping.

# %% [markdown] slideshow={"slide_type": "subslide"}
# Proximal gradient steps crawl when the features are correlated, as the 30 of the breast-cancer data
# are (the condition number of their Gram matrix is about $10^5$). The package's `"accelerated"` solver
# takes the same step from a point pushed further along the previous move (Nesterov's momentum; with
# the proximal step this is FISTA, Beck and Teboulle 2009), which needs about the square root as many
# steps, still up to thousands here. The path below takes about four per $\lambda$ (three to six), to the weights
# FISTA finds: Newton's method within the orthant of the weights' signs (notebook 05, section 17), each fit starting
# at the last.

# %% slideshow={"slide_type": "subslide"}
b_best = logit(cancer.y.mean())                             # sigma(b) = fraction of positives
at_zero = LogisticLoss(Z, cancer.y).gradient(np.r_[np.zeros(30), b_best])
lambda_max = np.abs(at_zero[:30]).max()                     # the largest |dE/dw_j| at w = 0
l1_lambdas = np.geomspace(1.01 * lambda_max, 2e-3, 16)
l2_lambdas = np.logspace(-4, 1, 30)
l1_path = regularization_path(Z, cancer.y, l1_lambdas, penalty="l1", tol=1e-10)   # Newton in the orthant
l2_path = regularization_path(Z, cancer.y, l2_lambdas)      # Newton's method, warm-started
print(f"lambda_max = {lambda_max:.4f}")
for lam, coef in list(zip(l1_lambdas, l1_path.coef))[::5]:
    print(f"L1, lambda = {lam:.4f}: {np.count_nonzero(coef):2d} of 30 weights nonzero")
entry = [l1_lambdas[np.flatnonzero(l1_path.coef[:, j])].max(initial=0) for j in range(30)]
first = np.argsort(-np.array(entry), kind="stable")[:4]     # the first four features to enter
print("the first features L1 keeps:", [cancer.feature_names[j] for j in first])

# %% slideshow={"slide_type": "subslide"}
fig, (left, right) = plt.subplots(1, 2, figsize=(10.5, 3.6))
names = cancer.feature_names
plotting.plot_regularization_path(left, l2_lambdas, l2_path.coef, names, highlight=first)
lines = plotting.plot_regularization_path(right, l1_lambdas, l1_path.coef, names, highlight=first)
right.axvline(lambda_max, color="grey", linestyle=":")
left.set(title="L2: every weight shrinks smoothly", ylim=(-6, 6))
right.set(title=r"L1: weights reach exactly 0 (all at $\lambda_{max}$)")
right.legend(handles=[lines[j] for j in first], loc="center left", bbox_to_anchor=(1.01, 0.5),
             fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 12 (derive): the L1 strength that zeroes every weight
#
# Four examples with one input: $x = (-2, -1, 1, 2)$ and $t = (0, 1, 0, 1)$. Above which $\lambda_\text{max}$
# does the L1-penalised logistic regression set its weight $w$ exactly to 0?

# %%
threshold = ...     # ✏️ a number
exercises.l1_lambda_max.check(threshold)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The MAP reading: a penalty is a prior
#
# Notebook 03 maximised the likelihood; a Bayesian puts a **prior** $p(\mathbf{w})$ on the coefficients (none on the
# bias: a flat prior) and maximises the **posterior** $p(\mathbf{w} \mid \text{data}) \propto p(\text{data} \mid \mathbf{w})\,p(\mathbf{w})$:
# the *maximum a posteriori* (MAP) estimate. Its negative logarithm, divided by $N$, is
#
# $$-\frac1N\log p(\mathbf{w} \mid \text{data}) = E(\mathbf{w}) - \frac1N\log p(\mathbf{w}) + \text{const},$$
#
# the mean negative log-likelihood plus a penalty: **each penalty is a prior**. Take independent Laplace priors,
# $p(w_j) = \frac{1}{2\beta}e^{-|w_j|/\beta}$ with scale $\beta$: then $-\frac1N\log p(\mathbf{w}) = \frac{1}{N\beta}\|\mathbf{w}\|_1 + \text{const}$,
# which is the L1 penalty with $\lambda = 1/(N\beta)$. The Laplace density has a sharp peak at 0, and the MAP estimate,
# the posterior's *mode*, inherits it: weights exactly 0. The posterior's *mean* is in general not exactly 0 (it is
# where symmetry forces it: a feature that is 0 on every example leaves its weight's posterior equal to the
# prior); the sparsity belongs to the mode, not to the Bayesian answer as a whole.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 13 (derive): the L2 strength of a Gaussian prior
#
# Independent Gaussian priors $w_j \sim \mathcal{N}(0, \tau^2)$ with $\tau = 0.2$ on each coefficient, and $N = 250$
# examples. For which $\lambda$ is the minimiser of $E_\text{L2}(\mathbf{w}) = E(\mathbf{w}) + \frac\lambda2\|\mathbf{w}\|^2$ the
# MAP estimate?

# %%
strength = ...     # ✏️ a number
exercises.map_l2_strength.check(strength)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: on the tumours (Z, N = 569) with a N(0, 0.5^2) prior, the log-posterior written out with
# scipy.stats and maximised by scipy, beside our L2-penalised fit; then the Laplace prior's MAP, whose
# log-posterior no small move from our L1-penalised fit raises.
from scipy import optimize as scipy_optimize, stats

n_map, tau, beta = len(cancer.y), 0.5, 0.05
signs_map, design_map = 2 * cancer.y - 1, np.column_stack([Z, np.ones(n_map)])


def log_posterior(v, log_prior):
    """log p(t | X, w) + log p(w), the bias (last) under a flat prior."""
    return -np.logaddexp(0, -signs_map * (design_map @ v)).sum() + log_prior(v[:-1]).sum()


if exercises.map_l2_strength.revealed():
    gaussian = lambda w: stats.norm.logpdf(w, scale=tau)
    by_scipy = scipy_optimize.minimize(lambda v: -log_posterior(v, gaussian), np.zeros(31), method="BFGS",
                                       options={"gtol": 1e-6}).x
    l2_fit = LogisticRegression(solver="newton", l2=1 / (n_map * tau ** 2), tol=1e-10).fit(Z, cancer.y)
    laplace = lambda w: stats.laplace.logpdf(w, scale=beta)
    l1_fit = LogisticRegression(solver="newton-l1", l1=1 / (n_map * beta), tol=1e-10).fit(Z, cancer.y)
    l1_weights = np.r_[l1_fit.coef_, l1_fit.intercept_]
    moves = np.random.default_rng(12).normal(scale=1e-3, size=(200, 31))
    print(f"Gaussian prior, tau = {tau}: lambda = 1/(N tau^2) = {1 / (n_map * tau ** 2):.5f}; the MAP by scipy and "
          f"the L2 fit agree to 1e-4: {np.allclose(by_scipy, np.r_[l2_fit.coef_, l2_fit.intercept_], atol=1e-4)}")
    print(f"Laplace prior, beta = {beta}: lambda = 1/(N beta) = {1 / (n_map * beta):.5f}; "
          f"{np.count_nonzero(l1_fit.coef_)} of 30 weights nonzero; 200 random small moves all lower the "
          f"log-posterior: {all(log_posterior(l1_weights + m, laplace) < log_posterior(l1_weights, laplace) for m in moves)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# For the Gaussian prior, $-\log p(w_j) = \frac{w_j^2}{2\tau^2} + \text{const}$, and divided by $N$ the penalty is
# $\frac{1}{2N\tau^2}\|\mathbf{w}\|^2$: $\lambda = 1/(N\tau^2)$, $0.1$ for $\tau = 0.2$ and $N = 250$. L2 is a Gaussian prior, L1 a
# Laplace prior, and the strength falls like $1/N$: the more data, the less the prior matters. scikit-learn's
# $C = 1/(N\lambda)$ is then the prior's variance $\tau^2$ (or its scale $\beta$ for L1). Section 12's cross-validation
# chooses $\lambda$, that is the prior's width, from the data.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The regularisation explorer
#
# Two classes in the plane, 30 training points, and a logistic
# regression on the 14 monomials $x_1, x_2, x_1^2, x_1x_2, \dots, x_2^4$ of degree up to 4 (standardised): its
# boundary is a quartic curve. Every fit is made when the widget is built. Left: the training data and
# the decision regions; middle: the 14 weights, a cross where one is exactly 0; right: the mean negative
# log-likelihood on the training data and on 30 validation points, against $\lambda$ (the grey line
# marks the $\lambda$ shown).

# %% [markdown] slideshow={"slide_type": "subslide"}
# It starts at the smallest penalty, $\lambda = 0.001$, with L2: the boundary bends around single training
# points (a strip at the right edge claims two circles for their class), 93% of the training points are
# right, and the validation loss is high. **Move $\lambda$ up**: the bars shrink, the boundary
# straightens, the training loss rises, and the validation loss falls to its lowest near $\lambda = 0.02$,
# then rises again as the model underfits. **Switch to L1**: weights drop to exactly 0. Near
# $\lambda = 0.02$ four of the 14 remain ($x_1$, $x_2$, $x_1^4$, $x_1^3x_2$); at $\lambda = 0.2$ only $x_1$ is
# left and the boundary is a vertical line; above $\lambda_\text{max}$ no weight is left, and every point
# gets $p = \frac12$, the fraction of positives in the training data. A weight, once 0, need not stay 0 as
# $\lambda$ grows: with correlated features, shrinking one weight can make another worth its penalty, and
# here $x_1^3x_2$, 0 at the smallest penalties, enters at $\lambda = 0.00316$ as $x_2^2$ leaves, and stays
# up to $\lambda = 0.1$.

# %% slideshow={"slide_type": "subslide"}
covariances = [[[1, 0], [0, 1]], [[0.3, 0.2], [0.2, 2]]]
plane = datasets.make_gaussian_classes([[0, 0], [1.5, 0.5]], covariances, n_per_class=30,
                                       random_state=59)
X_fit, t_fit = plane.X[::2], plane.y[::2]             # every other point: 15 of each class
X_val, t_val = plane.X[1::2], plane.y[1::2]           # the others, to validate
regularization = RegularizationExplorer(X_fit, t_fit, X_val, t_val, degree=4, lam=0.001)
regularization

# %% [markdown] slideshow={"slide_type": "subslide"}
# The explorer's fits, read without moving its slider: the validation loss at both ends and where it is
# lowest, and the weights L1 keeps.

# %%
lambdas, names = regularization.lambdas, regularization.names
for penalty in ("l2", "l1"):
    losses = regularization.losses[penalty]["validation"]
    best = int(np.argmin(losses))
    print(f"{penalty.upper()}: validation loss {losses[0]:.3f} at lambda = {lambdas[0]:.3g}, lowest "
          f"{losses[best]:.3f} at lambda = {lambdas[best]:.3g} "
          f"({np.count_nonzero(regularization.coef[penalty][best])} of {len(names)} weights nonzero), "
          f"{losses[-1]:.3f} at lambda = {lambdas[-1]:.3g}")

# %% slideshow={"slide_type": "subslide"}
l1_coef = regularization.coef["l1"]
print("L1, weights nonzero as lambda grows:", [int(np.count_nonzero(coef)) for coef in l1_coef])
for lam in (0.02, 0.2):
    kept = np.flatnonzero(l1_coef[np.argmin(np.abs(lambdas - lam))])
    print(f"L1 keeps at lambda = {lam}:", ", ".join(names[j] for j in kept))
design = regularization.scaler.transform(regularization.features.transform(X_fit))
at_zero = LogisticLoss(design, t_fit).gradient(np.r_[np.zeros(len(names)), logit(t_fit.mean())])
print(f"lambda_max = max |dE/dw_j| at w = 0 = {np.abs(at_zero[:-1]).max():.3f}; "
      f"the first lambda with no weight left: {lambdas[np.all(l1_coef == 0, axis=1)].min():.3g}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# This draw of the data is typical, not a lucky one. Over 100 draws of the same classes (`random_state`
# 0 to 99, checked by the tests), the L2 validation loss at $\lambda = 0.001$ exceeded its lowest value by
# more than 0.05 in 77 draws, and its lowest value lay strictly inside the range of $\lambda$ in 94; scored
# on 10 000 new points instead of 30, the excess was above 0.05 in 91. Here it is 0.207, near the median
# excess of the 100 draws, about 0.19. With only 30 validation points, about one draw in four would not show
# the lesson clearly.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 12. Model selection: choosing $\lambda$
#
# The explorer just chose $\lambda$ on validation data. Straka's rules: the **test set** is used neither for
# training nor for choosing hyperparameters; those are chosen on a **validation** set held out from
# the training data. One validation split is noisy, so **$k$-fold cross-validation** splits the training
# data into $k$ folds, trains on $k - 1$ and scores on the one left out, $k$ times, and averages; with
# $k = N$ it is **leave-one-out**. A preprocessing step (the scaler) is part of the model and is refitted
# in every fold. Our folds are scikit-learn's, and $\lambda$ is chosen on the breast-cancer data:

# %% slideshow={"slide_type": "subslide"}
same = [np.array_equal(ours[1], theirs[1])
        for ours, theirs in zip(kfold_indices(10, 3), KFold(3).split(range(10)))]
print("kfold_indices(10, 3) = scikit-learn's KFold(3):", all(same))
X_train, X_test, t_train, t_test = train_test_split(cancer.X, cancer.y, test_size=0.25,
                                                    random_state=0)
candidates = np.logspace(-4, 0, 9)


def make_model(l2):
    return make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=l2))


search = grid_search(make_model, candidates, X_train, t_train, k=5, shuffle=True, random_state=0)
print("lambda            ", " ".join(f"{lam:6.0e}" for lam in candidates))
print("5-fold CV accuracy", " ".join(f"{mean:6.4f}" for mean in search.mean_score))
print("  its spread (sd)  ", " ".join(f"{sd:6.4f}" for sd in search.std_score))
print(f"chosen lambda = {search.best_value:.0e}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 14 (explain): the best cross-validation score
#
# A report chooses $\lambda$ as above and gives the best of the nine cross-validation accuracies, 0.9765,
# as the accuracy to expect on new data. What is wrong with that figure?
#
# - **(a)** Nothing: every cross-validation score comes from data its model was not trained on.
# - **(b)** It is the largest of nine noisy estimates, picked for being the largest: it is biased upwards.
# - **(c)** It is too low if anything: each fold's model was trained on only 4/5 of the data.
# - **(d)** Nothing, because the folds were shuffled.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.best_cv_score.check(explanation)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the chosen model scored once on the test set, and how noisy a cross-validation score is.
# The score of one validation split depends on which examples landed in it: repeat with other random partitions of
# the same training data, 100 single 80/20 splits, the five folds of one 5-fold run, and 5-fold cross-validation
# repeated with 20 shufflings (all at the chosen lambda).
final = make_model(search.best_value).fit(X_train, t_train)
chosen = make_model(search.best_value)
n_train = len(t_train)
single = [cross_val_score(chosen, X_train, t_train,                  # one 80/20 split
                          folds=kfold_indices(n_train, 5, shuffle=True, random_state=seed)[:1])[0]
          for seed in range(100)]
folds = cross_val_score(chosen, X_train, t_train, k=5, shuffle=True, random_state=0)
repeated = [cross_val_score(chosen, X_train, t_train, k=5, shuffle=True, random_state=seed).mean()
            for seed in range(20)]
if exercises.best_cv_score.revealed():
    print(f"chosen lambda = {search.best_value:.0e}: test accuracy, measured once, {final.score(X_test, t_test):.4f}")
    print(f"one validation split:  mean accuracy {np.mean(single):.4f}, standard deviation "
          f"{np.std(single):.4f}, range {min(single):.3f} to {max(single):.3f}")
    print(f"one 5-fold run, folds: {folds.round(3)}, standard deviation {np.std(folds):.4f}, "
          f"mean {folds.mean():.4f}")
    print(f"20 5-fold runs:        their means' standard deviation {np.std(repeated):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The best of nine noisy scores is optimistic.** Each cross-validation mean is honest for its own $\lambda$, but
# it is noisy, and the largest of nine was picked *because* it is the largest: its noise more likely pushed it up
# than down. The honest figure scores the chosen model once on data that played no part in the choice: the test
# set (the cell above), or nested cross-validation, which repeats the whole search inside each outer fold.
#
# How noisy? Averaging the five folds removes most of the noise of *which* partition: 20 shufflings move the mean
# by little. But that small spread is partition noise on this one training set, not the precision of the
# estimate: another training set of 426 examples from the same population would give another estimate, and the
# fold scores themselves spread about as much as single splits do. A rough error bar for the mean of five folds
# is their standard deviation over $\sqrt5$; even that is too small, since the folds share their training data
# (Bengio and Grandvalet, 2004, show that no unbiased estimate of this variance exists).
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Leave-one-out
#
# Leave-one-out on the 30 training points of the explorer's data, beside 5-fold, over the L2 penalties
# (on 30 points an accuracy moves in steps of 1/30: one example):

# %%
def poly_model(l2):
    return make_pipeline(PolynomialFeatures(4), StandardScaler(),
                         LogisticRegression(solver="newton", l2=l2))


small_grid = [0.001, 0.01, 0.1, 1.0]
loo = grid_search(poly_model, small_grid, X_fit, t_fit, folds=leave_one_out(len(t_fit)))
five = grid_search(poly_model, small_grid, X_fit, t_fit, k=5, shuffle=True, random_state=0)
for lam, a_loo, a_five in zip(small_grid, loo.mean_score, five.mean_score):
    print(f"lambda = {lam:5}: leave-one-out accuracy {a_loo:.3f} ({len(t_fit)} fits), "
          f"5-fold {a_five:.3f} (5 fits)")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Leave-one-out for free, in one case.** For L2-penalised *linear* regression, minimising
# $\sum_i (t_i - \tilde{\mathbf{x}}_i^T\mathbf{w})^2 + \lambda\|\mathbf{w}\|^2$ (bias unpenalised), leave-one-out costs a
# single fit (Straka). The fitted scores are linear in the targets, $\mathbf{y} = \mathbf{H}\mathbf{t}$ with the
# hat matrix $\mathbf{H} = \tilde{\mathbf{X}}(\tilde{\mathbf{X}}^T\tilde{\mathbf{X}} + \boldsymbol{\Lambda})^{-1}\tilde{\mathbf{X}}^T$,
# $\boldsymbol{\Lambda} = \operatorname{diag}(\lambda, \dots, \lambda, 0)$. Removing example $i$ changes
# $\tilde{\mathbf{X}}^T\tilde{\mathbf{X}}$ by the rank-one $\tilde{\mathbf{x}}_i\tilde{\mathbf{x}}_i^T$, and the
# Sherman-Morrison formula turns the residual of the refit into
#
# $$t_i - y_{-i}(\mathbf{x}_i) = \frac{t_i - y(\mathbf{x}_i)}{1 - h_{ii}} .$$
#
# Checked on the hours data (a least-squares fit of the 0/1 targets, $\lambda = 1$) against 50 refits. The
# logistic fit has no such shortcut: its weights are not linear in $\mathbf{t}$, so there is no hat matrix
# with $\mathbf{y} = \mathbf{H}\mathbf{t}$, and leave-one-out above took one fit per example.

# %%
penalty = np.diag([1.0, 0.0])                                       # lambda = 1 on w, none on b
hat = X1_tilde @ np.linalg.solve(X1_tilde.T @ X1_tilde + penalty, X1_tilde.T)
shortcut = (passed - hat @ passed) / (1 - np.diag(hat))
refits = []
for i in range(50):
    rest = np.arange(50) != i
    w_i = np.linalg.solve(X1_tilde[rest].T @ X1_tilde[rest] + penalty,
                          X1_tilde[rest].T @ passed[rest])
    refits.append(passed[i] - X1_tilde[i] @ w_i)
print("leave-one-out residuals by the hat matrix = by 50 refits (to 1e-10):",
      np.allclose(shortcut, refits, rtol=0, atol=1e-10))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 13. Beside scikit-learn
#
# Our `LogisticRegression` minimises the mean negative log-likelihood $+ \frac{\lambda}{2}\|\mathbf{w}\|^2$ (`l2`)
# or $+ \lambda\|\mathbf{w}\|_1$ (`l1`); scikit-learn's minimises $C\sum_i(\dots) + \frac12\|\mathbf{w}\|^2$ (or $+\|\mathbf{w}\|_1$).
# The same minimiser for $C = 1/(N\lambda)$; no penalty is $C = \infty$. Fitted side by side on the
# standardised breast-cancer training data (the hours data for the unpenalised fit, which is not
# separable) and, for the softmax model, on iris:

# %%
Z_train = StandardScaler().fit_transform(X_train)
N = len(t_train)
pairs = {
    "L2, lambda = 0.01": (
        LogisticRegression(solver="newton", l2=0.01, tol=1e-10),
        SklearnLogisticRegression(C=1 / (N * 0.01), tol=1e-10), Z_train, t_train),
    "L1, lambda = 0.02 (the ten 'mean' features)": (
        LogisticRegression(solver="accelerated", l1=0.02, tol=1e-9, max_iter=50_000),
        SklearnLogisticRegression(C=1 / (N * 0.02), l1_ratio=1.0, solver="saga", tol=1e-8,
                                  max_iter=100_000, random_state=0), Z_train[:, :10], t_train),
    "no penalty (hours)": (
        LogisticRegression(solver="newton", tol=1e-10),
        SklearnLogisticRegression(C=np.inf, tol=1e-10), X1, passed),
    "softmax, lambda = 0.01 (iris)": (
        SoftmaxRegression(solver="accelerated", l2=0.01, tol=1e-9, max_iter=50_000),
        SklearnLogisticRegression(C=1 / (150 * 0.01), tol=1e-10), X_iris, iris.y),
}

# %% slideshow={"slide_type": "subslide"}
for name, (ours, theirs, X, t) in pairs.items():
    ours.fit(X, t), theirs.fit(X, t)
    ours_w, theirs_w = np.ravel(ours.coef_) + 0.0, np.ravel(theirs.coef_) + 0.0   # no -0.0
    close = np.abs(ours_w - theirs_w).max() < 1e-6
    print(f"{name}:\n  ours    {ours_w[:5]} ... intercept {np.ravel(ours.intercept_)[:3]}"
          f"\n  sklearn {theirs_w[:5]} ... intercept {theirs.intercept_[:3]}"
          f"\n  every coefficient within 1e-6: {close}; "
          f"zeros {np.sum(ours_w == 0)} and {np.sum(theirs_w == 0)}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# - **Arias, UPC topic 2**, gives the gradient of the negative log-likelihood as $\sum_i (t_i - p_i)\,\mathbf{x}_i$,
#   on the gradient-descent slide and again before IRLS. That is the gradient of the log-likelihood;
#   the negative log-likelihood's is $\sum_i (p_i - t_i)\,\mathbf{x}_i$ (section 3, against finite differences).
#   Stepping along her expression with $\mathbf{w}_{k+1} = \mathbf{w}_k - \gamma\nabla E$ would climb the loss.
# - **Arias, UPC topic 2, and the course notes** say the sigmoid maps to $[0, 1]$. It never reaches 0 or 1:
#   its range is the open interval $(0, 1)$, so every finite score has a finite log loss. (In floating point
#   $\sigma(\pm 1000)$ rounds to 0 and 1, section 1, which is why the code computes $\log\sigma$ directly.)
# - **Arias, UPC topic 2**, is not wrong but uses another scale: her penalties $\lambda\sum_k w_k^2$ (no $\frac12$)
#   and $\lambda\sum_k|w_k|$ are added to the *summed* negative log-likelihood. Her $\lambda$ is our $2\lambda/N$ for L2
#   and $\lambda/N$ for L1, scikit-learn's $C = 1/(2\lambda)$ and $C = 1/\lambda$: compare numbers only after
#   converting (sections 11 and 13).

# %% [markdown] slideshow={"slide_type": "subslide"}
# - **Liu, USC CSCI 567**, writes the soft-perceptron update as $\mathbf{w} + \eta\,\sigma(y_n\mathbf{w}^T\mathbf{x}_n)\,y_n\mathbf{x}_n$,
#   then as $\mathbf{w} + \eta\,\mathbb{P}(y_n\mathbf{w}^T\mathbf{x}_n)\,y_n\mathbf{x}_n$, shorthand for
#   $\mathbb{P}(y_n \mid \mathbf{x}_n; \mathbf{w}) = \sigma(y_n\mathbf{w}^T\mathbf{x}_n)$, the probability of the *correct*
#   label, which shows the slip: since $\ell'(z) = -\sigma(-z)$, two lines earlier in the same notes, the
#   weight is $\sigma(-y_n\mathbf{w}^T\mathbf{x}_n) = 1 - \mathbb{P}(y_n \mid \mathbf{x}_n; \mathbf{w})$, the probability of
#   the *wrong* label (section 7 checks it on every example; exercise 7 has the numbers).
# - **Liu, USC CSCI 567**, in "Applying Newton to logistic loss" writes
#   $\nabla_\mathbf{w}\ell_\text{logistic}(\mathbf{w}) = \partial\ell_\text{logistic}(w)/\partial w = -\sigma(-w)$: that is the
#   derivative in the margin, $\ell'(z) = -\sigma(-z)$; the gradient in $\mathbf{w}$ is $-\sigma(-z)\,y_n\mathbf{x}_n$ (section 7).
# - **Liu, USC CSCI 567**, in the maximum-likelihood derivation, writes the log-likelihood with
#   $\mathbb{P}(\mathbf{x}_i \mid y_i; \mathbf{w})$, a generative model of the inputs given the label, where
#   $\mathbb{P}(y_i \mid \mathbf{x}_i; \mathbf{w})$ is meant (the model says nothing about $\mathbf{x}$, section 1); and
#   it ends with "$= \operatorname{argmax}_\mathbf{w} F(\mathbf{w})$", where $F$ is the summed logistic loss, which
#   maximum likelihood *minimises* (sections 2 and 4: every fit here lowers $F$).

# %% [markdown] slideshow={"slide_type": "subslide"}
# - **The course notes** state the boundary condition as $\frac{1}{1 + e^{\mathbf{w}^T\mathbf{x} + b}} = 0.5$. The sigmoid
#   is $\frac{1}{1 + e^{-(\mathbf{w}^T\mathbf{x} + b)}}$; the boundary $\mathbf{w}^T\mathbf{x} + b = 0$ comes out the same, but
#   the printed expression is $p(t = 0 \mid \mathbf{x})$ (section 1).
# - **The course notes** write $P(y = 1 \mid x, w) = \sigma(x)$ and the log-likelihood as
#   $\sum_i y_i\log\sigma(x) + (1 - y_i)\log(1 - \sigma(x))$, dropping the weights (and the index $i$): the
#   probability is $\sigma(\mathbf{w}^T\mathbf{x}_i + b)$, and the loss depends on $\mathbf{w}$ only through it (section 2).
# - **The course notes** use $\lambda$ for the learning rate, $w \leftarrow w - \lambda\,\partial l/\partial w$, the
#   letter Arias and this course keep for the penalty strength (section 11). Here the learning rate is $\eta$.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Logistic regression models $p(t = 1 \mid \mathbf{x}) = \sigma(\mathbf{x}^T\mathbf{w} + b)$ and nothing about $\mathbf{x}$
#   (discriminative): the score is the log-odds, the boundary at the threshold $\frac12$ is the perceptron's
#   hyperplane, and a threshold $c$ moves it along $\mathbf{w}$ by $\operatorname{logit}(c)/\|\mathbf{w}\|$ (a larger $c$:
#   recall never higher, precision usually higher). $\sigma(-a) = 1 - \sigma(a)$, $\sigma' = \sigma(1 - \sigma) \le \frac14$.
# - Its loss is the mean negative log-likelihood (log loss, binary cross-entropy), the logistic loss of
#   the margin for labels $t^\pm = \pm 1$. Its gradient is $\frac1N\sum_i (p_i - t_i)\,\tilde{\mathbf{x}}_i$: prediction
#   minus target. There is no closed-form minimum, but the loss is convex.
# - Gradient descent lowers the loss at every step if $\eta < 2/L$ with $L = \lambda_\text{max}(\tilde{\mathbf{X}}^T\tilde{\mathbf{X}}/4N)$
#   ($L = 3.03$, so $2/L = 0.661$, on the hours data): sufficient, not necessary. Too small crawls; too
#   large bounces on data that are not separable (bounded steps, and a loss that grows in every
#   direction) where a quadratic would diverge. With $\eta = 1/L$ the gap falls like $O(1/k)$ for every
#   convex loss, and geometrically where the curvature is bounded below, as near this loss's minimum.
# - Standardising the features makes the contours round (780 steps became 9 on the hours data), but it
#   leaves correlations: two standardised inputs keep a condition number that grows without bound as their
#   correlation $\rho \to 1$ (exercise 4).

# %% [markdown] slideshow={"slide_type": "subslide"}
# - SGD steps on minibatches: unbiased, with noise $\propto 1/B$; it races ahead early and then hovers
#   unless $\eta$ decays ($\sum_k \eta_k = \infty$, $\sum_k \eta_k^2 < \infty$), at the rate $O(1/\sqrt k)$ on a
#   convex loss, $O(1/k)$ on a strongly convex one. Its one-example step is the soft perceptron, weighted
#   by the probability of the wrong label.
# - Stop on the gradient: with curvature at least $\mu$ (at least $\lambda$ under an L2 penalty on every weight),
#   $\|\mathbf{w} - \mathbf{w}_*\| \le \|\nabla E(\mathbf{w})\|/\mu$; a small change of the loss promises nothing alone, and
#   means less the smaller $\eta$ is. Early stopping watches a held-out loss, stops when it has not improved by
#   $\delta$ for a patience of epochs, and keeps the best epoch's weights (scikit-learn's `SGDClassifier` keeps the last).
# - The squared error on a sigmoid has vanishing gradients where the model is most wrong and is not
#   convex. On separable data the likelihood has no maximum and $\|\mathbf{w}\|$ grows for ever, in the long run
#   like $(\ln k)/\gamma$ with $\gamma$ the widest margin, even with a step far above $2/L$.
# - Softmax regression handles $K$ classes with the gradient softmax minus one-hot; one-vs-rest and
#   one-vs-one build $K$ classes from binary models.
# - L2 shrinks weights and makes the optimum unique; L1 sets weights exactly to 0, every one of them for
#   $\lambda \ge \max_j |\partial E/\partial w_j|$ at $\mathbf{w} = \mathbf{0}$ with the best bias. Choose $\lambda$ by
#   cross-validation (the best of its scores is optimistic), test once; $C = 1/(N\lambda)$ in scikit-learn's
#   terms. Each penalised fit is a MAP estimate: L2 under Gaussian priors $\mathcal{N}(0, \tau^2)$ with
#   $\lambda = 1/(N\tau^2)$, L1 under Laplace priors of scale $\beta$ with $\lambda = 1/(N\beta)$.
#
# **Next:** notebook 05 uses the Hessian $\frac1N\tilde{\mathbf{X}}^T\mathbf{S}\tilde{\mathbf{X}}$ for Newton's method (IRLS), which needs no
# learning rate and reaches the optimum in a handful of steps.
