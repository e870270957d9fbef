# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 01 · The perceptron and why it converges
#
# **What you will learn**
#
# - how a linear model $y(\mathbf{x}) = \mathbf{x}^T\mathbf{w} + b$ classifies, and the geometry of its decision boundary;
# - the perceptron algorithm (Rosenblatt, 1958), step by step;
# - why it always stops on linearly separable data, with a proof you can watch;
# - the perceptron as stochastic gradient descent, and why its learning rate does not matter;
# - the surrogate losses that replace the 0-1 loss, and the perceptron's limits.
#
# **What you need**: vectors, dot products and norms; reading Python and numpy.
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Sliders and buttons
# redraw at once. Cells marked ✏️ are exercises of four kinds: *derive* a number, *implement* a
# function, *predict* what a cell or widget will show before you run it, *explain* by picking an
# option. Replace the `...`, run the cell, and the check says whether you are right or gives a hint;
# its **Show the solution** button reveals a worked solution, so try first.
#
# **Notation**: the course uses one notation throughout, listed in [NOTATION.md](NOTATION.md).

# %%
import warnings

import matplotlib.pyplot as plt
import numpy as np

from lecture_utils import datasets, plotting
from lecture_utils.display import show_source
from lecture_utils.exercises import perceptron as exercises
from lecture_utils.losses import SURROGATE_LOSSES, hinge_loss, logistic_loss, zero_one_loss
from lecture_utils.perceptron import (Perceptron, add_bias, convergence_curves, geometric_margin,
                                      max_margin_separator, min_margin, mistake_bound,
                                      perceptron_plain, perceptron_trace, radius)
from lecture_utils.widgets import PerceptronStepper

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=3, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Binary classification with a linear model
#
# Each example is a vector of inputs $\mathbf{x} \in \mathbb{R}^D$ with a target $t \in \{-1, +1\}$.
# A linear model computes the score
#
# $$y(\mathbf{x}; \mathbf{w}, b) = \mathbf{x}^T\mathbf{w} + b$$
#
# and predicts $+1$ where $y(\mathbf{x}) > 0$ and $-1$ elsewhere. Comparing with $0$ loses nothing:
# any other threshold would be absorbed by the bias $b$, which is learned anyway.
#
# The simplest measure of success is the **accuracy**, the fraction of examples whose prediction
# equals the target. The points where the score is exactly zero, $\{\mathbf{x} : y(\mathbf{x}) = 0\}$,
# form the **decision boundary**: a line in two dimensions, a hyperplane in general.
#
# Here is a small two-dimensional data set and a boundary chosen by hand.

# %%
data = datasets.make_separable(n_samples=40, margin=0.1, random_state=1)
X, t = data.X, data.y

w, bias = np.array([-2.0, -1.0]), 0.3               # a guess
y = X @ w + bias                                     # the score of every example
prediction = np.where(y > 0, 1, -1)
print(f"{len(t)} examples, {np.sum(t == 1)} with t = +1; accuracy of the guess: {np.mean(prediction == t):.3f}")

# %%
fig, ax = plt.subplots(figsize=(5.5, 5))
xlim, ylim = plotting.padded_limits(X)
plotting.plot_decision_regions(ax, lambda p: (p @ w + bias > 0).astype(int), xlim, ylim)
plotting.plot_data(ax, X, t)
plotting.plot_hyperplane(ax, w, bias)
wrong = prediction != t
ax.scatter(*X[wrong].T, s=220, facecolors="none", edgecolors="black", label="misclassified")
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="a hand-picked boundary and its normal $\\mathbf{w}$")
ax.legend(loc="lower left")
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The geometry of the boundary
#
# Three facts, each derived and then checked on numbers.
#
# **$\mathbf{w}$ is normal to the boundary.** Take two points $\mathbf{x}_1, \mathbf{x}_2$ on the
# boundary. Both have score zero, so $\mathbf{x}_1^T\mathbf{w} + b = \mathbf{x}_2^T\mathbf{w} + b$, that is
# $(\mathbf{x}_1 - \mathbf{x}_2)^T\mathbf{w} = 0$: $\mathbf{w}$ is orthogonal to every direction
# along the boundary.
#
# **The score measures distance.** Write any $\mathbf{x}$ as its orthogonal projection
# $\mathbf{x}_\perp$ onto the boundary plus a step along the unit normal:
# $\mathbf{x} = \mathbf{x}_\perp + r\,\mathbf{w}/\|\mathbf{w}\|$. Multiply by $\mathbf{w}^T$ and add $b$:
# $y(\mathbf{x}) = y(\mathbf{x}_\perp) + r\,\|\mathbf{w}\| = r\,\|\mathbf{w}\|$, so the **signed distance** is
#
# $$r = \frac{y(\mathbf{x})}{\|\mathbf{w}\|},$$
#
# positive on the side $\mathbf{w}$ points to.
#
# **The boundary's distance from the origin** is the distance of $\mathbf{x} = \mathbf{0}$, where
# $y(\mathbf{0}) = b$: it is $|b| / \|\mathbf{w}\|$.

# %%
segment = plotting.hyperplane_segment(w, bias, xlim, ylim)        # two points on the boundary
print("(x1 - x2)^T w is zero:", abs((segment[0] - segment[1]) @ w) < 1e-12)

x = np.array([0.5, 0.6])
r = (x @ w + bias) / np.linalg.norm(w)                             # signed distance
x_perp = x - r * w / np.linalg.norm(w)                             # its projection
print(f"r = {r:.4f};  y(x_perp) is zero: {abs(x_perp @ w + bias) < 1e-12};  ||x - x_perp|| = {np.linalg.norm(x - x_perp):.4f}")

# brute force: a million points along the boundary, through x_perp, orthogonal to w
s = np.linspace(-3, 3, 1_000_001)[:, None]
along = x_perp + s * np.array([-w[1], w[0]]) / np.linalg.norm(w)
print(f"by search: nearest boundary point to x  {np.min(np.linalg.norm(along - x, axis=1)):.4f},"
      f" to the origin {np.min(np.linalg.norm(along, axis=1)):.4f};  |b|/||w|| = {abs(bias) / np.linalg.norm(w):.4f}")

# %%
fig, ax = plt.subplots(figsize=(5.5, 5))
plotting.plot_hyperplane(ax, w, bias, arrow=False, xlim=xlim, ylim=ylim)
origin_foot = -bias * w / (w @ w)                                  # nearest boundary point to 0
ax.plot(*np.c_[x, x_perp], ":", color=plotting.PALETTE[1])
ax.plot(*np.c_[[0, 0], origin_foot], ":", color=plotting.PALETTE[0])
ax.scatter(*x, color=plotting.PALETTE[1], zorder=5)
ax.scatter(0, 0, color=plotting.PALETTE[0], marker="s", zorder=5)
ax.annotate(f"$r = y(\\mathbf{{x}})/\\|\\mathbf{{w}}\\| = {r:.2f}$", x, xytext=(8, 8), textcoords="offset points")
ax.annotate(f"$|b|/\\|\\mathbf{{w}}\\| = {abs(bias) / np.linalg.norm(w):.2f}$", (0, 0), xytext=(8, -16), textcoords="offset points")
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="distances to the boundary")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): a signed distance by hand
#
# The boundary $3x_1 - 4x_2 + 2 = 0$ has $\mathbf{w} = (3, -4)$ and $b = 2$. What is the signed distance
# $r$ of the point $\mathbf{x} = (1, 2)$ from it? Work it out on paper, then type the number.

# %%
r = ...        # ✏️ your answer
exercises.signed_distance.check(r)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The perceptron algorithm
#
# The perceptron looks for weights that put every example on its own side:
# $t_i\,y(\mathbf{x}_i) > 0$ for all $i$. Data for which such weights exist are **linearly separable**.
#
# **The bias as an extra input.** Append a constant $1$ to every input, $\tilde{\mathbf{x}} = (\mathbf{x}, 1)$,
# and the bias to the weights, $\tilde{\mathbf{w}} = (\mathbf{w}, b)$. Then
# $\tilde{\mathbf{x}}^T\tilde{\mathbf{w}} = \mathbf{x}^T\mathbf{w} + b$, and an algorithm for models
# without bias learns the bias too. From here on, $\mathbf{x}$ and $\mathbf{w}$ include that extra
# component.
#
# > **Perceptron** (Rosenblatt, 1958). Input: $\mathbf{X} \in \mathbb{R}^{N \times D}$, $\mathbf{t} \in \{-1, +1\}^N$.
# > - $\mathbf{w} \leftarrow \mathbf{0}$
# > - until a whole pass over the data makes no mistake, for each example $i$ in turn:
# >   - if $t_i\,\mathbf{x}_i^T\mathbf{w} \le 0$ (misclassified, or on the boundary):
# >     $\ \mathbf{w} \leftarrow \mathbf{w} + t_i\,\mathbf{x}_i$
#
# **Why the update helps.** After it, the margin of the same example is
# $t_i\,\mathbf{x}_i^T(\mathbf{w} + t_i\mathbf{x}_i) = t_i\,\mathbf{x}_i^T\mathbf{w} + \|\mathbf{x}_i\|^2$:
# it grows by $\|\mathbf{x}_i\|^2$ (it may still be negative, and other examples may get worse, so
# this alone proves nothing; section 5 does).
#
# Here is the algorithm as the package writes it, one example at a time:

# %%
show_source(perceptron_plain)

# %%
X_tilde = add_bias(X)                     # the inputs with the constant 1 appended
w_plain = perceptron_plain(X_tilde, t)
print("w =", w_plain, "  every margin positive:", bool(np.all(t * (X_tilde @ w_plain) > 0)))

x_i, t_i, w_before = X_tilde[0], t[0], np.zeros(3)   # one update, checked
gain = t_i * x_i @ (w_before + t_i * x_i) - t_i * x_i @ w_before
print(f"the update raised the margin of its example by {gain:.4f} = ||x_i||^2 = {x_i @ x_i:.4f}")

# %% [markdown]
# `Perceptron` is the same algorithm with scikit-learn's interface (`fit`, `predict`, `coef_`,
# `intercept_`). It makes exactly the same updates, but scores a whole block of examples at once
# while the weights do not change, which makes it as fast as scikit-learn's compiled version. The
# test suite checks that both give identical weights.

# %%
model = Perceptron().fit(X, t)
print(model)
print(f"coef_ = {model.coef_}, intercept_ = {model.intercept_:.3f}: {model.n_updates_} updates "
      f"in {model.n_epochs_} epochs, converged: {model.converged_}, training accuracy {model.score(X, t):.2f}")
print("same weights as the plain loop:", np.array_equal(np.r_[model.coef_, model.intercept_], w_plain))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2 (derive): one update by hand
#
# The current weights are $\mathbf{w} = (w_1, w_2, b) = (1, -1, 0.5)$ and the next example is
# $\mathbf{x} = (2, 1)$ with target $t = -1$. What are the weights after the perceptron has processed
# it? (Remember the constant input for the bias.)

# %%
w_after = ...         # ✏️ your answer, as [w1, w2, b]
exercises.one_update.check(w_after)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (implement): the perceptron
#
# Write the algorithm box as a function. `X` already holds the bias column, `t` holds $\pm 1$; start
# from $\mathbf{w} = \mathbf{0}$, visit the examples in order, and stop after a pass without a mistake or
# after `max_epochs` passes. The check runs your function on hidden data sets, including a single
# example, a run that hits the boundary exactly, and XOR (which never converges).

# %%
def my_perceptron(X, t, max_epochs=100):
    """Return the weights the perceptron learns from X (n_samples, D) and t in {-1, +1}."""
    ...              # ✏️ your code


exercises.perceptron_algorithm.check(my_perceptron)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Watch it learn
#
# Press **Step** to apply one update, **Reset** to start again from $\mathbf{w} = \mathbf{0}$, or
# **play** to animate. The shading shows the predicted class, the black line the boundary, the arrow
# the direction of $\mathbf{w}$ (its length is fixed for readability), and the circle the
# misclassified example that triggers the next update. The line below the figure says where the
# run is.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (predict): does every update reduce the mistakes?
#
# Before you press **Step**, commit to a prediction. As the perceptron updates, the number of
# misclassified training examples ...
#
# - **(a)** falls by exactly one at each update;
# - **(b)** never rises, but may stay the same for a while;
# - **(c)** can rise after an update.

# %%
prediction = ...      # ✏️ "a", "b" or "c"
exercises.mistakes_during_training.check(prediction)

# %% [markdown]
# Now step through the run and watch the count in the status line.

# %%
stepper = PerceptronStepper(X, t)
stepper

# %% [markdown]
# The same widget from code: the Python API drives what the buttons drive.

# %%
for _ in range(3):
    stepper.step()
print(stepper.status)
stepper.reset()
print(stepper.status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 5 (derive): count the updates
#
# Run the perceptron by hand (with a bias, examples in the given order, starting from
# $\mathbf{w} = \mathbf{0}$) on the three examples $(2, 1)$ with $t = +1$, $(0, 1)$ with $t = -1$ and
# $(1, -1)$ with $t = +1$. How many updates does it make before a full pass without mistakes?

# %%
n_updates = ...       # ✏️ a whole number
exercises.update_count.check(n_updates)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Why it stops: the convergence proof
#
# **Theorem** (Novikoff, 1962). Suppose some weights $\mathbf{w}_*$ separate the data with margin
# $\gamma = \min_i t_i\,\mathbf{x}_i^T\mathbf{w}_* > 0$, and let $R = \max_i \|\mathbf{x}_i\|$. Then the
# perceptron makes at most
#
# $$k \le \frac{R^2\,\|\mathbf{w}_*\|^2}{\gamma^2}$$
#
# updates, whatever the order of the examples. (Lecture 000 writes $\ge$ in its very last step; it
# is an *upper* bound on $k$.)
#
# **Proof.** Let $\mathbf{w}_k$ be the weights after $k$ updates, $\mathbf{w}_0 = \mathbf{0}$, and let
# the $k$-th update use the example $(\mathbf{x}, t)$, misclassified by $\mathbf{w}_{k-1}$.
#
# 1. *The weights line up with $\mathbf{w}_*$ at least linearly:*
#    $\mathbf{w}_*^T\mathbf{w}_k = \mathbf{w}_*^T\mathbf{w}_{k-1} + t\,\mathbf{x}^T\mathbf{w}_* \ge \mathbf{w}_*^T\mathbf{w}_{k-1} + \gamma$,
#    so by induction $\mathbf{w}_*^T\mathbf{w}_k \ge k\gamma$.
# 2. *Their length grows at most like $\sqrt{k}$:*
#    $\|\mathbf{w}_k\|^2 = \|\mathbf{w}_{k-1}\|^2 + 2\,t\,\mathbf{x}^T\mathbf{w}_{k-1} + \|\mathbf{x}\|^2 \le \|\mathbf{w}_{k-1}\|^2 + R^2$,
#    because the middle term is $\le 0$ for a misclassified example; so $\|\mathbf{w}_k\|^2 \le kR^2$.
# 3. *So the angle $\alpha_k$ between $\mathbf{w}_k$ and $\mathbf{w}_*$ closes:*
#    $$\cos\alpha_k = \frac{\mathbf{w}_*^T\mathbf{w}_k}{\|\mathbf{w}_*\|\,\|\mathbf{w}_k\|} \ge \frac{k\gamma}{\|\mathbf{w}_*\|\sqrt{k}\,R} = \frac{\sqrt{k}\,\gamma}{R\,\|\mathbf{w}_*\|}.$$
# 4. A cosine is at most 1, so $\sqrt{k}\,\gamma \le R\,\|\mathbf{w}_*\|$, i.e. $k \le R^2\|\mathbf{w}_*\|^2/\gamma^2$. $\square$
#
# The bound depends neither on the number of examples nor on the dimension, only on how wide the
# gap between the classes is compared with the size of the data. Scaling $\mathbf{w}_*$ does not change
# it ($\gamma$ scales too), and it holds for *every* separating $\mathbf{w}_*$, so the best bound comes
# from the $\mathbf{w}_*$ with the largest normalised margin.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Checked on numbers.** Our data were generated by a known separating line; with the bias column
# it is a $\mathbf{w}_*$ for the proof. `convergence_curves` evaluates both sides of each inequality
# after every update of the run.

# %%
trace = perceptron_trace(X, t)
curves = convergence_curves(trace, data.w_star)
print(f"R = {radius(trace.X):.3f}, gamma = {min_margin(trace.X, t, data.w_star):.3f}, ||w*|| = {np.linalg.norm(data.w_star):.3f}")
print("step 1, w*^T w_k >= k gamma:       ", bool(np.all(curves.alignment >= curves.alignment_bound)))
print("step 2, ||w_k||^2 <= k R^2:        ", bool(np.all(curves.norm_sq <= curves.norm_sq_bound)))
print("step 3, cos(alpha_k) >= its bound: ", bool(np.all(curves.cosine[1:] >= curves.cosine_bound[1:])))
print(f"step 4: {trace.n_updates} updates <= bound {curves.max_updates:.1f}")

# %% [markdown]
# Step through the same run with the proof beside it: the blue curves are the actual values, the
# dashed ones the bounds of steps 1 to 3. The cosine keeps above its bound, which rises like
# $\sqrt{k}$ and would pass 1 at the bound of step 4.

# %%
proof_stepper = PerceptronStepper(X, t, w_star=data.w_star)
proof_stepper

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The bound against reality.** The bound grows like $1/\gamma^2$ as the gap between the classes
# shrinks. For margins from 0.2 down to 0.005 we draw ten data sets each and compare the number of
# updates the perceptron actually makes with its bound.

# %%
margins = [0.2, 0.1, 0.05, 0.02, 0.01, 0.005]
rows = []
for margin in margins:
    for seed in range(10):
        d = datasets.make_separable(100, margin, random_state=seed)
        updates = Perceptron(max_epochs=100_000).fit(d.X, d.y).n_updates_
        rows.append((margin, updates, mistake_bound(add_bias(d.X), d.y, d.w_star)))
rows = np.array(rows)
print("margin  mean updates  max updates  mean bound  all below bound")
for margin in margins:
    m = rows[rows[:, 0] == margin]
    print(f"{margin:6.3f}  {m[:, 1].mean():12.1f}  {m[:, 1].max():11.0f}  {m[:, 2].mean():10.0f}  {bool(np.all(m[:, 1] <= m[:, 2]))}")

# %%
fig, ax = plt.subplots(figsize=(6.4, 4))
ax.loglog(rows[:, 0], rows[:, 2], "s", color=plotting.PALETTE[1], label="bound $R^2\\|\\mathbf{w}_*\\|^2/\\gamma^2$")
ax.loglog(rows[:, 0], rows[:, 1], "o", color=plotting.PALETTE[0], label="actual updates")
ax.set(xlabel="margin of the generated data", ylabel="updates", title="the bound holds, and is loose")
ax.legend()
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (derive): the bound by hand
#
# The two examples $\mathbf{x}_1 = (2, 0, 1)$ with $t_1 = +1$ and $\mathbf{x}_2 = (0, 1, 1)$ with
# $t_2 = -1$ already include the bias input 1, and $\mathbf{w}_* = (1, -1, 0)$ separates them. Compute
# $R$, $\gamma$ and the bound on the number of updates.

# %%
R_gamma_bound = ...   # ✏️ your answer, as [R, gamma, bound]
exercises.bound_by_hand.check(R_gamma_bound)

# %% [markdown]
# ### ✏️ Exercise 7 (derive): the bound for normalised data
#
# Scale the data so that every $\|\mathbf{x}_i\| \le 1$ and choose $\|\mathbf{w}_*\| = 1$. If the closest
# example is at distance $\gamma = 0.05$ from the separating hyperplane, at most how many updates can the
# perceptron make?

# %%
max_updates = ...     # ✏️ your answer
exercises.normalised_bound.check(max_updates)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. The perceptron is stochastic gradient descent
#
# Take the **perceptron loss** of one example,
#
# $$L(\mathbf{w}; \mathbf{x}, t) = \max(0, -t\,\mathbf{x}^T\mathbf{w}),$$
#
# zero for a correct prediction and growing with the violation for a wrong one. Its gradient is
# $-t\,\mathbf{x}$ where $t\,\mathbf{x}^T\mathbf{w} < 0$ and $\mathbf{0}$ where $t\,\mathbf{x}^T\mathbf{w} > 0$; at the
# kink $t\,\mathbf{x}^T\mathbf{w} = 0$ we take $-t\,\mathbf{x}$ (a subgradient; this is what lets the first
# step leave $\mathbf{w} = \mathbf{0}$). One step of stochastic gradient descent on one example is then
#
# $$\mathbf{w} \leftarrow \mathbf{w} - \eta\,\nabla L = \mathbf{w} + \eta\,t\,\mathbf{x} \quad\text{if } t\,\mathbf{x}^T\mathbf{w} \le 0,$$
#
# the perceptron update with learning rate $\eta$; $\eta = 1$ is Rosenblatt's. Full-batch gradient
# descent would instead add $\eta \sum t_i \mathbf{x}_i$ over *all* misclassified examples in one step,
# a whole pass over the data per update.
#
# **The learning rate changes nothing.** Run the algorithm with rate $\eta$ and with rate 1 side by
# side. Both start at $\mathbf{0} = \eta \cdot \mathbf{0}$. If $\mathbf{w}^{(\eta)}_k = \eta\,\mathbf{w}^{(1)}_k$, then
# $t\,\mathbf{x}^T\mathbf{w}^{(\eta)}_k = \eta\,t\,\mathbf{x}^T\mathbf{w}^{(1)}_k$ has the same sign, so both runs update on
# the same example, and $\mathbf{w}^{(\eta)}_{k+1} = \eta\,\mathbf{w}^{(1)}_k + \eta\,t\,\mathbf{x} = \eta\,\mathbf{w}^{(1)}_{k+1}$.
# Two facts carry the induction: the prediction $\operatorname{sign}(\mathbf{x}^T\mathbf{w})$ ignores a
# positive factor, and the gradient $-t\,\mathbf{x}$ does not depend on $\mathbf{w}$. Logistic regression
# (notebook 04) keeps the first but not the second: its gradient involves $\sigma(t\,\mathbf{x}^T\mathbf{w})$,
# which changes when $\mathbf{w}$ is scaled, so there the learning rate matters.

# %%
unit = Perceptron(learning_rate=1.0).fit(X, t)
grid = plotting.grid_points(xlim, ylim, resolution=100)
print(" eta      updates  coef_ / eta       same predictions on 10 000 points")
for eta in [0.001, 0.1, 1.0, 10.0, 1000.0]:
    scaled = Perceptron(learning_rate=eta).fit(X, t)
    same = np.array_equal(scaled.predict(grid), unit.predict(grid))
    print(f"{eta:7g}  {scaled.n_updates_:7d}  {np.round(scaled.coef_ / eta, 6)}  {same}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (explain): why the learning rate changes nothing
#
# Which statement explains the table above?
#
# - **(a)** The perceptron always uses $\eta = 1$ internally.
# - **(b)** Every $\mathbf{w}_k$ of the run with rate $\eta$ is $\eta$ times the one with rate 1, and the
#   predicted sign ignores a positive factor.
# - **(c)** The data are separable, so any step size converges.
# - **(d)** A smaller $\eta$ is compensated by more updates.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.learning_rate.check(explanation)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Surrogate losses
#
# Write every loss as a function of the **margin** $z = t\,\mathbf{x}^T\mathbf{w}$, positive when the
# prediction is right. What we really care about is the **0-1 loss** $[z \le 0]$, which counts
# mistakes. But it is flat almost everywhere, so its gradient says nothing, and minimising it over
# linear classifiers is NP-hard in general. Training therefore minimises a **surrogate**, by
# empirical risk minimisation $\hat{\mathbf{w}} = \operatorname{argmin}_{\mathbf{w}} \sum_i \ell(t_i\,\mathbf{x}_i^T\mathbf{w})$
# (an argmin: lecture 002 prints argmax):
#
# | loss | $\ell(z)$ | used by |
# |---|---|---|
# | perceptron | $\max(0, -z)$ | the perceptron |
# | hinge | $\max(0, 1 - z)$ | support vector machines: it wants a margin of at least 1 |
# | logistic | $\log(1 + e^{-z})$ | logistic regression (notebook 04) |
#
# All three are convex in $\mathbf{w}$. The perceptron loss has a catch: $\mathbf{w} = \mathbf{0}$ gives
# every example $z = 0$ and loss 0, a trivial minimiser. The algorithm still works because it steps
# on $z \le 0$ and starts exactly there; it is the convergence proof, not loss minimisation, that
# guarantees a separator. The logistic loss is never zero, so every example keeps pulling on the
# weights; in bits ($\log_2$) it lies above the 0-1 loss, like the hinge loss.

# %%
fig, ax = plt.subplots(figsize=(6.4, 4))
plotting.plot_surrogate_losses(ax, SURROGATE_LOSSES)
ax.set(ylim=(-0.1, 3.5), title="losses against the margin")
plt.show()

z = np.linspace(-5, 5, 100_001)
print("hinge >= 0-1:          ", bool(np.all(hinge_loss(z) >= zero_one_loss(z))))
print("logistic in bits >= 0-1:", bool(np.all(logistic_loss(z) / np.log(2) >= zero_one_loss(z))))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (implement): the logistic loss in bits, without overflow
#
# Write $\ell(z) = \log_2(1 + e^{-z})$ for an array of margins. The hidden cases include
# $z = -1000$, where $e^{-z}$ does not fit in a float: your function must still return the right,
# finite value. (Hint: `np.logaddexp`.)

# %%
def logistic_loss_bits(z):
    """Return log2(1 + exp(-z)) for each margin in z, finite for every finite z."""
    ...              # ✏️ your code


exercises.logistic_in_bits.check(logistic_loss_bits)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Limits of the perceptron
#
# **It never settles on data that are not linearly separable.** The classic case is XOR: the
# corners $(0,0)$ and $(1,1)$ in one class, $(0,1)$ and $(1,0)$ in the other. No line separates them.
# Suppose $(w_1, w_2, b)$ did: then $b < 0$, $w_1 + w_2 + b < 0$, $w_2 + b > 0$ and $w_1 + b > 0$.
# Adding the last two gives $w_1 + w_2 + 2b > 0$, so $w_1 + w_2 + b > -b > 0$, contradicting the second.
# The perceptron then runs until `max_epochs` and warns:

# %%
X_xor = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
t_xor = np.array([-1, -1, 1, 1])
xor_model = Perceptron(max_epochs=8).fit(X_xor, t_xor)
print("converged:", xor_model.converged_, " updates:", xor_model.n_updates_)

# %% [markdown]
# It does not wander at random: it cycles. With a fixed order the weights at the end of an epoch
# determine the whole next epoch, so once they repeat, the run repeats forever.

# %%
with warnings.catch_warnings():
    warnings.simplefilter("ignore")            # the warning was shown above
    xor_trace = perceptron_trace(X_xor, t_xor, max_epochs=8)
for epoch in range(1, 9):
    last = np.flatnonzero(xor_trace.epoch == epoch)[-1]
    print(f"epoch {epoch}: {np.sum(xor_trace.epoch == epoch)} updates, ends at w = {xor_trace.weights[last + 1]}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **On separable data it stops at *some* separator, not a good one.** Once every example is
# correct it never moves again, so the boundary often ends up hugging a few training points. The
# separator with the largest **geometric margin** $\min_i t_i(\mathbf{x}_i^T\mathbf{w} + b)/\|\mathbf{w}\|$
# (the hard-margin support vector machine) is a better choice.

# %%
few = datasets.make_separable(20, margin=0.15, random_state=4)
perceptron = Perceptron().fit(few.X, few.y)
svm_coef, svm_intercept = max_margin_separator(few.X, few.y)     # margin lines: x^T w + b = +-1

fig, ax = plt.subplots(figsize=(5.5, 5))
box = dict(arrow=False, xlim=(-1.1, 1.1), ylim=(-1.1, 1.1))
plotting.plot_data(ax, few.X, few.y)
plotting.plot_hyperplane(ax, perceptron.coef_, perceptron.intercept_, label="perceptron", **box)
plotting.plot_hyperplane(ax, svm_coef, svm_intercept, color=plotting.PALETTE[2], linestyle="--", label="largest margin", **box)
for side in (-1, 1):
    plotting.plot_hyperplane(ax, svm_coef, svm_intercept + side, color=plotting.PALETTE[2], linewidth=0.8, linestyle=":", **box)
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="two separators of the same 20 points")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()
print(f"geometric margin: perceptron {geometric_margin(few.X, few.y, perceptron.coef_, perceptron.intercept_):.3f}, "
      f"largest margin {geometric_margin(few.X, few.y, svm_coef, svm_intercept):.3f}")

# %% [markdown]
# Does a wider margin predict better? Over 20 data sets of 20 training points, with 2000 fresh
# points from the same distribution as a test set:

# %%
results = []
for seed in range(20):
    d = datasets.make_separable(2020, margin=0.02, random_state=seed)
    Xa, ta, Xb, tb = d.X[:20], d.y[:20], d.X[20:], d.y[20:]
    p = Perceptron().fit(Xa, ta)
    coef, intercept = max_margin_separator(Xa, ta)
    results.append((p.score(Xb, tb), np.mean(np.where(Xb @ coef + intercept > 0, 1, -1) == tb)))
results = np.array(results)
print(f"mean test accuracy: perceptron {results[:, 0].mean():.3f}, largest margin {results[:, 1].mean():.3f}; "
      f"the largest margin is at least as good on {np.sum(results[:, 1] >= results[:, 0])} of 20 data sets")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (explain): why a wider margin tends to predict better
#
# - **(a)** The largest-margin separator makes fewer mistakes on the training set.
# - **(b)** New points scatter around the training points, and a boundary far from all of them
#   leaves room for that scatter.
# - **(c)** It is found with fewer updates.
# - **(d)** It predicts better on every test set.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.wider_margin.check(explanation)

# %% [markdown]
# The perceptron has a third limit: it only outputs a class, never a probability. Logistic
# regression (notebook 04) keeps the linear score but passes it through a sigmoid, and is trained
# by maximum likelihood (notebook 03).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A linear classifier predicts $\operatorname{sign}(\mathbf{x}^T\mathbf{w} + b)$; $\mathbf{w}$ is normal to
#   the boundary, $y(\mathbf{x})/\|\mathbf{w}\|$ is the signed distance to it, and $|b|/\|\mathbf{w}\|$ the
#   boundary's distance from the origin.
# - With the bias as an extra constant input, the perceptron starts at $\mathbf{w} = \mathbf{0}$ and adds
#   $t_i\mathbf{x}_i$ for every misclassified example until a pass makes no mistake.
# - On separable data it makes at most $R^2\|\mathbf{w}_*\|^2/\gamma^2$ updates: $\mathbf{w}_*^T\mathbf{w}_k$
#   grows like $k$, $\|\mathbf{w}_k\|$ only like $\sqrt{k}$, and a cosine cannot exceed 1.
# - It is SGD on the loss $\max(0, -t\,\mathbf{x}^T\mathbf{w})$; because the gradient does not depend on
#   $\mathbf{w}$ and the prediction ignores scale, the learning rate changes nothing.
# - The 0-1 loss is replaced by convex surrogates: perceptron, hinge, logistic.
# - Limits: it cycles forever on non-separable data such as XOR, stops at an arbitrary separator
#   with a small margin, and gives no probabilities.
#
# **Next:** notebook 02 builds the information theory (entropy, cross-entropy, KL divergence) that
# turns classification into probability estimation.
