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
#   the same model as a neuron with a step activation, and what the step's value at 0 does to training;
# - the perceptron algorithm (Rosenblatt, 1958), step by step, and why its weights are a combination
#   of the training examples;
# - why it always stops on linearly separable data, with a proof you can watch, in its general and
#   its normalised form;
# - the perceptron as stochastic gradient descent on the perceptron criterion: unbiased gradients,
#   random order, and why its learning rate does not matter;
# - the surrogate losses that replace the 0-1 loss, their units and their convexity, and the
#   perceptron's limits;
# - beyond one line: a feature map that makes XOR separable, the kernel perceptron in its dual form,
#   the multiclass perceptron, and the pocket and averaged perceptrons with Freund and Schapire's
#   mistake bound for data that are not separable.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What you need**: vectors, dot products and norms; reading Python and numpy.
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
# **Sources and notation**: the notebook follows Straka, NPFL129 lecture 3, with material from
# Arias, UPC topic 2; Liu, USC CSCI 567; Sarkar and Das, IIT CS60010; and the course notes. Where
# their slides slip, the box before the Summary says so. The course uses one notation throughout,
# listed in [the notation table](NOTATION.md): $t$ is a target, $y(\mathbf{x})$ a score, $z = t\,y(\mathbf{x})$
# a margin, $N$ the number of examples.

# %% slideshow={"slide_type": "subslide"}
import lecture_utils  # the course's package: if it is older than this notebook needs, say how to update it
assert hasattr(lecture_utils, "require"), "lecture_utils is older than 0.2: update it as the README's 'Updating the course' says"
lecture_utils.require("0.2")
import warnings

import matplotlib.pyplot as plt
import numpy as np

from lecture_utils import datasets, plotting
from lecture_utils.display import show_source
from lecture_utils.exercises import perceptron as exercises
from lecture_utils.logistic import sigmoid
from lecture_utils.losses import SURROGATE_LOSSES, hinge_loss, logistic_loss, perceptron_loss, zero_one_loss
from lecture_utils.max_margin import max_margin_separator, widest_margin
from lecture_utils.perceptron import (Perceptron, add_bias, convergence_curves, geometric_margin, min_margin,
                                      mistake_bound, perceptron_criterion, perceptron_plain, perceptron_trace,
                                      radius)
from lecture_utils.perceptron_variants import (AveragedPerceptron, KernelPerceptron, MulticlassPerceptron,
                                               PocketPerceptron, nonseparable_mistake_bound, quadratic_features)
from lecture_utils.widgets import PerceptronExplorer, PerceptronStepper

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
# Here is a small two-dimensional data set of $N = 40$ examples and a boundary chosen by hand.

# %%
data = datasets.make_separable(n_samples=40, margin=0.1, random_state=1)
X, t = data.X, data.y

w, bias = np.array([-2.0, -1.0]), 0.3               # a guess
y = X @ w + bias                                     # the score of every example
prediction = np.where(y > 0, 1, -1)
print(f"N = {len(t)} examples, {np.sum(t == 1)} with t = +1; accuracy of the guess: {np.mean(prediction == t):.3f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 4.0))
xlim, ylim = plotting.padded_limits(X)
plotting.plot_decision_regions(ax, lambda p: (p @ w + bias > 0).astype(int), xlim, ylim)
plotting.plot_data(ax, X, t)
plotting.plot_hyperplane(ax, w, bias)
wrong = prediction != t
ax.scatter(*X[wrong].T, s=220, facecolors="none", edgecolors="black", label="misclassified")
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="a hand-picked boundary and its normal $\\mathbf{w}$")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))         # beside the data, not over it
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A neuron with a step.** Arias (UPC topic 2) and Sarkar and Das (IIT CS60010) draw the same model as
# an artificial neuron, after Rosenblatt (1958): the inputs $x_j$ arrive with weights $w_j$, the neuron
# adds them to its **pre-activation** $z = \mathbf{x}^T\mathbf{w} + b$ (our score $y(\mathbf{x})$), and
# fires through a step **activation** $g$: the output is $g(z)$. The sources differ at $z = 0$, a point
# on the boundary:
#
# - Sarkar and Das take $g(z) = +1$ for $z \ge 0$ and $-1$ for $z < 0$, so $g(0) = +1$;
# - Arias writes $\operatorname{sign}(\mathbf{w}^T\mathbf{x})$ as $+1$ if $> 0$ and $-1$ otherwise, so $g(0) = -1$,
#   as this course's `predict` does.
#
# Which one is used only matters for points exactly on the boundary, a set of probability 0 for
# continuous inputs once the weights are set. Training, though, starts at $\mathbf{w} = \mathbf{0}$, where every
# score is 0: exercise 4 (section 3) asks what the convention does there.

# %%
step_sarkar = lambda z: np.where(z >= 0, 1, -1)     # noqa: E731  g(0) = +1
step_arias = lambda z: np.where(z > 0, 1, -1)       # noqa: E731  g(0) = -1, as predict
z_check = np.array([-0.5, 0.0, 0.5])
print("z:", z_check, " Sarkar's g(z):", step_sarkar(z_check), " Arias's g(z):", step_arias(z_check))
print(f"the guess above: the two conventions disagree on {np.sum(step_sarkar(y) != step_arias(y))} of the {len(y)} "
      "examples (none has a score of exactly 0)")

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
# positive on the side $\mathbf{w}$ points to. The score itself is the distance only for a unit normal,
# $\|\mathbf{w}\| = 1$ (Sarkar and Das, IIT CS60010, draw this picture; the box before the Summary notes
# where they drop that condition).
#
# **The boundary's distance from the origin** is the distance of $\mathbf{x} = \mathbf{0}$, where
# $y(\mathbf{0}) = b$: it is $|b| / \|\mathbf{w}\|$.

# %% slideshow={"slide_type": "subslide"}
segment = plotting.hyperplane_segment(w, bias, xlim, ylim)        # two points on the boundary
print("(x1 - x2)^T w is zero:", abs((segment[0] - segment[1]) @ w) < 1e-12)

x = np.array([0.5, 0.6])
r = (x @ w + bias) / np.linalg.norm(w)                             # signed distance
x_perp = x - r * w / np.linalg.norm(w)                             # its projection
print(f"r = {r:.4f};  y(x_perp) is zero: {abs(x_perp @ w + bias) < 1e-12};  ||x - x_perp|| = {np.linalg.norm(x - x_perp):.4f}")

# brute force: 100,001 points along the boundary, through x_perp, orthogonal to w
offsets = np.linspace(-3, 3, 100_001)[:, None]
along = x_perp + offsets * np.array([-w[1], w[0]]) / np.linalg.norm(w)
print(f"by search: nearest boundary point to x  {np.min(np.linalg.norm(along - x, axis=1)):.4f},"
      f" to the origin {np.min(np.linalg.norm(along, axis=1)):.4f};  |b|/||w|| = {abs(bias) / np.linalg.norm(w):.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(5.5, 3.1))
plotting.plot_hyperplane(ax, w, bias, arrow=False, xlim=xlim, ylim=ylim)
origin_foot = -bias * w / (w @ w)                                  # nearest boundary point to 0
ax.plot(*np.c_[x, x_perp], ":", color=plotting.PALETTE[1])
ax.plot(*np.c_[[0, 0], origin_foot], ":", color=plotting.PALETTE[0])
ax.scatter(*x, color=plotting.PALETTE[1], zorder=5)
ax.scatter(0, 0, color=plotting.PALETTE[0], marker="s", zorder=5)
ax.annotate(f"$r = y(\\mathbf{{x}})/\\|\\mathbf{{w}}\\| = {r:.2f}$", x, xytext=(8, 8), textcoords="offset points")
ax.annotate(f"$|b|/\\|\\mathbf{{w}}\\| = {abs(bias) / np.linalg.norm(w):.2f}$", (0, 0), (-0.5, -0.55),
            ha="center", va="top", arrowprops=dict(arrowstyle="-", color="0.4"))   # below, clear of the axis
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="distances to the boundary")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): a signed distance by hand
#
# The boundary $3x_1 - 4x_2 + 2 = 0$ has $\mathbf{w} = (3, -4)$ and $b = 2$. What is the signed distance
# $r$ of the point $\mathbf{x} = (1, 2)$ from it? Work it out on paper, then type the number.

# %%
r_answer = ...        # ✏️ your answer
exercises.signed_distance.check(r_answer)

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
# > **Perceptron** (Rosenblatt, 1958). Input: $\mathbf{X} \in \mathbb{R}^{N \times (D+1)}$ (the inputs with their
# > constant 1), $\mathbf{t} \in \{-1, +1\}^N$.
# > - $\mathbf{w} \leftarrow \mathbf{0}$
# > - until a whole pass over the data makes no mistake, for each example $i$ in turn:
# >   - if $t_i\,\mathbf{x}_i^T\mathbf{w} \le 0$ (misclassified, or on the boundary):
# >     $\ \mathbf{w} \leftarrow \mathbf{w} + t_i\,\mathbf{x}_i$
#
# **Why the update helps.** After it, the margin of the same example is
# $t_i\,\mathbf{x}_i^T(\mathbf{w} + t_i\mathbf{x}_i) = t_i\,\mathbf{x}_i^T\mathbf{w} + \|\mathbf{x}_i\|^2$:
# it grows by $\|\mathbf{x}_i\|^2$ (Liu, USC CSCI 567, makes the same argument). It may still be
# negative, so this alone proves nothing about convergence; section 5 does.
#
# The package's `perceptron_plain` runs the box one example at a time (exercise 3 asks you to write it;
# its code is shown once you have answered):

# %% slideshow={"slide_type": "subslide"}
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
# **What the weights are made of.** Every update adds one $t_i\mathbf{x}_i$ to weights that start at
# $\mathbf{0}$, so when the run ends
#
# $$\mathbf{w} = \sum_{i=1}^N c_i\,t_i\,\mathbf{x}_i, \qquad c_i = \text{the number of updates example } i \text{ triggered}.$$
#
# The weights are a combination of the training examples, with non-negative whole coefficients
# (Liu, USC CSCI 567, notes it in passing). Only the examples the run got wrong at some point take
# part: trained on them alone, the perceptron ends at the same weights (checked below). This "dual"
# view, weights as a weighted sum of examples, is the one kernel methods and support vector machines
# build on. `perceptron_trace` records every update of a run, so we can count the $c_i$:

# %%
trace = perceptron_trace(X, t)                     # every update of the run, in order
c = trace.update_counts()                          # c_i: the updates example i triggered
print(f"{trace.n_updates} updates, triggered by {np.count_nonzero(c)} of the N = {len(t)} examples; c =\n{c}")
print("w = sum_i c_i t_i x_i:", np.allclose(X_tilde.T @ (c * t), w_plain))
used = c > 0
alone = Perceptron().fit(X[used], t[used])         # trained on those examples only
print("trained on those examples alone, the same w and b:",
      np.array_equal(np.r_[alone.coef_, alone.intercept_], w_plain))

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
# example, a run that hits the boundary exactly, XOR (which never converges), and a data set whose
# weights change with every pass, so that only exactly `max_epochs` passes give its expected weights.

# %%
def my_perceptron(X, t, max_epochs=100):
    """Return the weights the perceptron learns from X (N, D) and t in {-1, +1}."""
    ...              # ✏️ your code


exercises.perceptron_algorithm.check(my_perceptron)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's version, to compare with yours.
if exercises.perceptron_algorithm.revealed():
    show_source(perceptron_plain)

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Two details decide it.** The test is $t_i\,\mathbf{x}_i^T\mathbf{w} \le 0$, so an example on the
# boundary counts as a mistake whatever its target: at $\mathbf{w} = \mathbf{0}$ every score is 0, and a
# strict $<$ would never leave $\mathbf{0}$. And the loop stops only after a whole pass without a
# mistake; one pass is not enough, even on separable data.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (predict): a point on the boundary, $g(0) = +1$ against $\operatorname{sign}(0) = 0$
#
# Section 1's neuron suggests another test: update when its output is wrong, $g(z_i) \ne t_i$ with
# $z_i = \mathbf{x}_i^T\mathbf{w}$. Two readings of that output at $z = 0$: Sarkar and Das's step, $g(0) = +1$,
# tested as `g(z) != t`; and numpy's `np.sign`, whose $\operatorname{sign}(0) = 0$, tested as `np.sign(z) != t`.
# Sort section 1's 40 examples so that the 24 with $t = +1$ come first, and start each run from
# $\mathbf{w} = \mathbf{0}$. In the first pass ...
#
# - **(a)** both make the box's updates: at $\mathbf{w} = \mathbf{0}$ every example lies on the boundary, and a point
#   on the boundary is a mistake under either test;
# - **(b)** `np.sign` makes the box's updates; with $g(0) = +1$ the first 24 examples pass without an update, and
#   the first update is on the 25th, the first with $t = -1$;
# - **(c)** $g(0) = +1$ makes the box's updates; `np.sign` returns 0, which is no class, so no example counts as
#   wrong and that run never leaves $\mathbf{w} = \mathbf{0}$;
# - **(d)** both let the first 24 examples pass: at $\mathbf{w} = \mathbf{0}$ none is on the wrong side yet, only on the
#   boundary.

# %%
convention_prediction = ...    # ✏️ "a", "b", "c" or "d"
exercises.boundary_convention.check(convention_prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the three tests run from w = 0 on the sorted examples, then in section 1's order.
if exercises.boundary_convention.revealed():
    tests = {"the box, t z <= 0": lambda z, t_i: t_i * z <= 0,
             "g(z) != t, g(0) = +1": lambda z, t_i: (1 if z >= 0 else -1) != t_i,
             "np.sign(z) != t": lambda z, t_i: np.sign(z) != t_i}

    def run_with(test, X_run, t_run, max_epochs=100):
        w, updates = np.zeros(X_run.shape[1]), []         # updates: the number (from 1) of each updating example
        for _ in range(max_epochs):
            before = len(updates)
            for number, (x_i, t_i) in enumerate(zip(X_run, t_run), start=1):
                if test(x_i @ w, t_i):
                    w, updates = w + t_i * x_i, updates + [number]
            if len(updates) == before:
                return w, updates
        return w, updates

    order = np.argsort(-t, kind="stable")                # the 24 examples with t = +1 first
    for label, test in tests.items():
        w_run, updates = run_with(test, X_tilde[order], t[order])
        print(f"{label:22s} first updates on examples {updates[:3]}, {len(updates)} updates in all, w = {w_run}")
    same = [run_with(test, X_tilde, t)[1] for test in tests.values()]
    print("in section 1's order (example 1 has t = -1) the three runs make the same updates:",
          same[0] == same[1] == same[2])

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Only $g(0) = +1$ changes the first steps.** At $\mathbf{w} = \mathbf{0}$ every score is 0. `np.sign(0) = 0` equals
# neither target, so every example on the boundary is updated on: that is the box's $t_i z_i \le 0$. The step with
# $g(0) = +1$ already outputs $+1$ there, so the 24 examples with $t = +1$ pass, $\mathbf{w}$ stays $\mathbf{0}$, and the
# first update is on the 25th. The runs then part: 15 updates against 19, to other weights. Each update
# of the neuron's rule has $t_i z_i \le 0$ too, so section 5's proof holds for it; but it may stop with a $t = +1$
# example exactly on the boundary, right for its own $g$ and wrong for a `predict` with $g(0) = -1$: train and
# predict with the same $g$. Liu, USC CSCI 567, tests $\operatorname{sgn}(\mathbf{x}_i^T\mathbf{w}) \ne t_i$ with
# $\operatorname{sgn}(0) = -1$, the mirror image: there the examples with $t = -1$ pass at $\mathbf{w} = \mathbf{0}$. In
# section 1's order the first example has $t = -1$, so the three runs above make the same updates.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Watch it learn
#
# The widget below steps through the run on our 40 examples. The shading shows the predicted
# class, the black line the boundary, the arrow the direction of $\mathbf{w}$ (its length is fixed for
# readability), and the circle the misclassified example that triggers the next update. The line
# under the figure says where the run is and how many training examples the current weights get
# wrong.
#
# At $\mathbf{w}_0 = \mathbf{0}$, where the run starts, every score is 0, and the perceptron's test
# $t_i\,y(\mathbf{x}_i) \le 0$ counts all 40 examples as mistakes. The shading shows what `predict` says,
# and `predict` must pick a class: it maps a score of 0 to $-1$. So at $\mathbf{w}_0$ the whole plane is
# shaded $-1$, and the 16 examples with $t = -1$ look right although the perceptron counts them as
# mistakes too: the circled one, the first to trigger an update, is one of them.

# %% slideshow={"slide_type": "subslide"}
stepper = PerceptronStepper(X, t)
stepper

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 5 (predict): does every update reduce the mistakes?
#
# Before you press **Step**, commit to a prediction. As the perceptron updates, the number of
# misclassified training examples ...
#
# - **(a)** falls by exactly one at each update;
# - **(b)** never rises, but may stay the same for a while;
# - **(c)** can rise after an update.

# %%
mistakes_prediction = ...      # ✏️ "a", "b" or "c"
exercises.mistakes_during_training.check(mistakes_prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: a second stepper, driven from code through the API that the buttons use (the
# widget above stays where you left it), prints its status line after each of the first three updates.
if exercises.mistakes_during_training.revealed():
    demo = PerceptronStepper(X, t)
    for _ in range(3):
        demo.step()
        print(demo.status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The count can rise**: the first three updates take it from 40 to 24 to 12, and then *up* to 23.
# Each update moves the whole boundary, and while the circled example gains margin, others can lose
# it. Now test it in the widget above, from $\mathbf{w}_0 = \mathbf{0}$:
#
# - **Try**: press **Step** a few times, reading the mistake count in the status line; then **Reset**
#   and **play**, or drag the slider to any update $k$.
# - **Look for**: how the count moves from one update to the next, and what an update does to the
#   examples it was not made for. The run ends when a whole pass finds nothing to circle.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (derive): count the updates
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
# updates, whatever the order of the examples.
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

# %% [markdown] slideshow={"slide_type": "subslide"}
# 3. *So the cosine of the angle $\alpha_k$ between $\mathbf{w}_k$ and $\mathbf{w}_*$ has a lower bound
#    that rises like $\sqrt{k}$:*
#    $$\cos\alpha_k = \frac{\mathbf{w}_*^T\mathbf{w}_k}{\|\mathbf{w}_*\|\,\|\mathbf{w}_k\|} \ge \frac{k\gamma}{\|\mathbf{w}_*\|\sqrt{k}\,R} = \frac{\sqrt{k}\,\gamma}{R\,\|\mathbf{w}_*\|}.$$
#    The bound rises at every update; the cosine itself need not. An update adds $t\,\mathbf{x}$, which
#    points towards the misclassified example, not towards $\mathbf{w}_*$, and it can turn
#    $\mathbf{w}_k$ *away* from $\mathbf{w}_*$: in our run below the angle opens again after 7 of the
#    17 updates. The proof never needs the angle to close at every step, only the bound to rise.
# 4. A cosine is at most 1, so $\sqrt{k}\,\gamma \le R\,\|\mathbf{w}_*\|$, i.e. $k \le R^2\|\mathbf{w}_*\|^2/\gamma^2$. $\square$
#
# The bound depends neither on the number of examples nor on the dimension, only on how wide the
# gap between the classes is compared with the size of the data. Scaling $\mathbf{w}_*$ does not change
# it ($\gamma$ scales too), and it holds for *every* separating $\mathbf{w}_*$, so the best bound comes
# from the $\mathbf{w}_*$ with the largest normalised margin $\gamma / \|\mathbf{w}_*\|$ (Sarkar and Das,
# IIT CS60010, state the theorem with that largest margin).

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Checked on numbers.** Our data were generated by a known separating line; with the bias
# it is a $\mathbf{w}_*$ for the proof. `convergence_curves` evaluates both sides of each inequality
# after every update of the run.

# %%
curves = convergence_curves(trace, data.w_star)
print(f"R = {radius(X_tilde):.3f}, gamma = {min_margin(X_tilde, t, data.w_star):.3f}, ||w*|| = {np.linalg.norm(data.w_star):.3f}"
      f"  (without the targets, min_i x_i^T w* = {np.min(X_tilde @ data.w_star):.3f}: not a margin)")
print("step 1, w*^T w_k >= k gamma:       ", bool(np.all(curves.alignment >= curves.alignment_bound)))
print("step 2, ||w_k||^2 <= k R^2:        ", bool(np.all(curves.norm_sq <= curves.norm_sq_bound)))
print("step 3, cos(alpha_k) >= its bound: ", bool(np.all(curves.cosine[1:] >= curves.cosine_bound[1:])))
print(f"step 4: {trace.n_updates} updates <= bound {curves.max_updates:.1f}")
print("\ncos(alpha_k) for k = 1..8:", curves.cosine[1:9])
print("it falls after the updates k =", curves.dips, "; its bound rises at every update:",
      bool(np.all(np.diff(curves.cosine_bound) > 0)))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The normalised form.** Divide every input by $R$ and $\mathbf{w}_*$ by its length. The perceptron
# does not notice: on the inputs $\mathbf{x}_i / R$ it makes the same updates, on the same examples,
# with weights $\mathbf{w}_k / R$ (a positive factor never changes the sign of a score). But now
# $\|\mathbf{x}_i\| \le 1$ and $\|\mathbf{w}_*\| = 1$, so $\gamma$ is the distance (section 2) of the
# closest example from the hyperplane $\mathbf{x}^T\mathbf{w}_* = 0$, in units of the data's radius, and
# the theorem reads
#
# $$k \le \frac{1}{\gamma^2} \qquad \text{for } \|\mathbf{x}_i\| \le 1,\ \|\mathbf{w}_*\| = 1.$$
#
# Arias, UPC topic 2, states the theorem in this form, but scales each example to length 1 instead (that
# changes the run, though not the side of a boundary through the origin that an example lies on), and
# drops the target from $\gamma$ (see the box before the Summary). The margin, measured in units of the
# data's radius, is all that matters: halve it and the perceptron may need four times as many updates.
# (Remember that $\mathbf{x}$ includes the constant input 1, so the hyperplane passes through the
# origin of the inputs with their 1 appended.)

# %%
scaled = perceptron_trace(X_tilde / radius(X_tilde), t, fit_intercept=False)       # the normalised form
unit_star = data.w_star / np.linalg.norm(data.w_star)
print(f"normalised: R = {radius(scaled.X):.3f}, ||w*|| = {np.linalg.norm(unit_star):.3f}, "
      f"gamma = {min_margin(scaled.X, t, unit_star):.4f}, 1/gamma^2 = {1 / min_margin(scaled.X, t, unit_star) ** 2:.1f}; "
      f"same updates on the same examples: {np.array_equal(scaled.index, trace.index)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same run with the proof beside it, at its end: actual values in blue, the bounds of steps 1 to 3
# dashed, a triangle where $\cos\alpha_k$ fell. **Try** **Reset**, then **Step**. **Look for**:
# $\mathbf{w}_*^T\mathbf{w}_k$ rises by at least $\gamma$ at every update; $\|\mathbf{w}_k\|^2$ stays under $kR^2$
# but can shrink (update 2); $\cos\alpha_k$ dips (0.649 to 0.593 at update 3, and six times more), its
# bound never.

# %%
proof_stepper = PerceptronStepper(X, t, w_star=data.w_star, k=trace.n_updates)
proof_stepper

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The bound against reality.** The bound grows like $1/\gamma^2$ as the gap between the classes
# shrinks. It holds for every separating $\mathbf{w}_*$, and it reads $R^2/(\gamma/\|\mathbf{w}_*\|)^2$, so
# the tightest bound comes from the $\mathbf{w}_*$ with the largest normalised margin $\gamma/\|\mathbf{w}_*\|$.
# Here $\mathbf{w}_*$ acts on the inputs *with* their constant 1, so its bias counts in $\|\mathbf{w}_*\|$: we
# need the widest-margin hyperplane through the origin of the points $(\mathbf{x}_i, 1)$, which
# `max_margin_separator(add_bias(X), t, fit_intercept=False)` returns (section 8 shows how it is found,
# and proved to be the widest). For our 40 examples:

# %%
best_star, _ = max_margin_separator(X_tilde, t, fit_intercept=False)
print(f"bound with the generator's w*: {mistake_bound(X_tilde, t, data.w_star):.1f}, "
      f"with the max-margin w*: {mistake_bound(X_tilde, t, best_star):.1f}; actual updates: {trace.n_updates}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# For margins from 0.2 down to 0.005 we draw ten data sets of 100 points each and compare the number
# of updates the perceptron actually makes with both bounds.

# %%
margins = [0.2, 0.1, 0.05, 0.02, 0.01, 0.005]
rows = []
for margin in margins:
    for seed in range(10):
        d = datasets.make_separable(100, margin, random_state=seed)
        X_d, t_d = add_bias(d.X), d.y
        best, _ = max_margin_separator(X_d, t_d, fit_intercept=False)
        updates = Perceptron(max_epochs=100_000).fit(d.X, t_d).n_updates_
        rows.append((margin, updates, mistake_bound(X_d, t_d, d.w_star), mistake_bound(X_d, t_d, best)))
rows = np.array(rows)
print("margin  mean updates  max updates  mean bound: generator's w*  max-margin w*  all below both")
for margin in margins:
    m = rows[rows[:, 0] == margin]
    print(f"{margin:6.3f}  {m[:, 1].mean():12.1f}  {m[:, 1].max():11.0f}  {m[:, 2].mean():26.0f}  "
          f"{m[:, 3].mean():13.0f}  {bool(np.all(m[:, 1] <= m[:, 3]) and np.all(m[:, 3] <= m[:, 2]))}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 3.8))
ax.loglog(rows[:, 0] * 0.93, rows[:, 2], "s", color=plotting.PALETTE[1], markerfacecolor="none",
          label="bound, the generator's $\\mathbf{w}_*$")
ax.loglog(rows[:, 0] * 1.07, rows[:, 3], "^", color=plotting.PALETTE[2], label="bound, the max-margin $\\mathbf{w}_*$")
ax.loglog(rows[:, 0], rows[:, 1], "o", color=plotting.PALETTE[0], label="actual updates")
ax.set(xlabel="margin of the generated data (the bounds drawn a little to each side)", ylabel="updates",
       title="the bound holds, and even the tightest is loose",
       xlim=(0.0035, 0.3), ylim=(rows[:, 1:].min() / 2, rows[:, 1:].max() * 3))
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (derive): the tightest bound by hand
#
# The two examples $\mathbf{x}_1 = (2, 0, 1)$ with $t_1 = +1$ and $\mathbf{x}_2 = (0, 1, 1)$ with
# $t_2 = -1$ already include the bias input 1. Every $\mathbf{w}_* = (1, -1, c)$ with $-2 < c < 1$ separates
# them, and each gives its own bound $R^2\|\mathbf{w}_*\|^2/\gamma^2$. Which $c$ gives the smallest bound, and
# what is that bound? Work it out on paper.

# %%
c_bound = ...         # ✏️ your answer, as [c, bound]
exercises.bound_by_hand.check(c_bound)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the bound of (1, -1, c) for a few c, from the package.
if exercises.bound_by_hand.revealed():
    X_two, t_two = np.array([[2.0, 0.0, 1.0], [0.0, 1.0, 1.0]]), np.array([1, -1])
    for c in [-1.5, -1.0, -0.5, 0.0, 0.5]:
        w_c = np.array([1.0, -1.0, c])
        print(f"c = {c:+.1f}: margins {t_two * (X_two @ w_c)}, bound {mistake_bound(X_two, t_two, w_c):.2f}")

# %% [markdown]
# ### ✏️ Exercise 8 (derive): the bound for normalised data
#
# The inputs of a data set (the constant 1 included) have $R = \max_i \|\mathbf{x}_i\| = 4$, and a
# $\mathbf{w}_*$ of length 1 separates them with margin $\min_i t_i\,\mathbf{x}_i^T\mathbf{w}_* = 0.2$.
# Normalise them as in the normalised form of the theorem (divide the inputs by $R$; $\mathbf{w}_*$ already
# has length 1): what is their margin $\gamma$ then, and at most how many updates can the perceptron make?
# Type the number of updates.

# %%
max_updates = ...     # ✏️ your answer
exercises.normalised_bound.check(max_updates)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. The perceptron is stochastic gradient descent
#
# **The perceptron criterion** (the course notes, which call it $\phi$; here $\phi$ is the Bernoulli
# parameter of notebooks 02 and 03, so we write $E_\mathrm{P}$). Measure how wrong a boundary is by how far the
# misclassified examples lie on the wrong side of it. Keep the bias apart for a moment, write
# $z_i = t_i(\mathbf{x}_i^T\mathbf{w} + b)$ for the margin of example $i$, and let $\mathcal{M}$ be the
# set of examples with $z_i \le 0$. By section 2, example $i \in \mathcal{M}$ lies at distance
# $-z_i/\|\mathbf{w}\|$ from the boundary, so
#
# $$E_\mathrm{P}(\mathbf{w}, b) = -\sum_{i \in \mathcal{M}} t_i(\mathbf{x}_i^T\mathbf{w} + b) = \sum_{i=1}^N \max(0, -z_i)$$
#
# is $\|\mathbf{w}\|$ times the summed distance of the misclassified examples (the course notes take
# $\|\mathbf{w}\| = 1$, and then it *is* the summed distance). It is the sum of the **perceptron
# losses** $\ell(z) = \max(0, -z)$ of the examples. Its gradient is
#
# $$\frac{\partial E_\mathrm{P}}{\partial\mathbf{w}} = -\sum_{i \in \mathcal{M}} t_i\,\mathbf{x}_i, \qquad \frac{\partial E_\mathrm{P}}{\partial b} = -\sum_{i \in \mathcal{M}} t_i,$$
#
# where on the boundary ($z_i = 0$, a kink of the loss) we take the slope from the wrong side, a
# *subgradient*; that is what lets the first step leave $\mathbf{w} = \mathbf{0}$. Gradient descent with
# rate $\eta$ then updates $\mathbf{w} \leftarrow \mathbf{w} + \eta\sum_{\mathcal{M}} t_i\mathbf{x}_i$ and,
# separately, $b \leftarrow b + \eta\sum_{\mathcal{M}} t_i$: the bias moves like a weight whose input
# is the constant 1, the trick of section 3. Checked at $\mathbf{w}_3$, the weights after the third
# update of our run:

# %% slideshow={"slide_type": "subslide"}
coef, b = trace.weights[3, :2], trace.weights[3, 2]                       # w_3 and its bias
E_P, grad_coef, grad_b = perceptron_criterion(X, t, coef, b)
y = X @ coef + b
wrong = t * y <= 0                                                         # the set M
p_1, p_2 = plotting.hyperplane_segment(coef, b, xlim, ylim)                # two points on the boundary
along = (p_2 - p_1) / np.linalg.norm(p_2 - p_1)                            # unit vector along it
offset = X[wrong] - p_1
distance = np.linalg.norm(offset - np.outer(offset @ along, along), axis=1)    # what is left across it
print(f"{np.sum(wrong)} misclassified; E_P = {E_P:.4f}, the sum of perceptron losses "
      f"{perceptron_loss(t * y).sum():.4f}, ||w|| x their summed distance {np.linalg.norm(coef) * distance.sum():.4f}")

step = 1e-6                                                                # E_P is linear near w_3: exact
numeric = [(perceptron_criterion(X, t, coef + step * e[:2], b + step * e[2])[0]
            - perceptron_criterion(X, t, coef - step * e[:2], b - step * e[2])[0]) / (2 * step) for e in np.eye(3)]
print("gradient (w, b):", np.r_[grad_coef, grad_b], "  by central differences:", np.array(numeric))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **One example at a time.** Stochastic gradient descent replaces the sum by a single term: it
# takes one example $i$ and steps along the gradient of its loss alone, which is $-t_i\mathbf{x}_i$ and
# $-t_i$ if the example is misclassified and zero otherwise:
#
# $$\mathbf{w} \leftarrow \mathbf{w} + \eta\,t_i\,\mathbf{x}_i, \quad b \leftarrow b + \eta\,t_i \qquad \text{if } t_i(\mathbf{x}_i^T\mathbf{w} + b) \le 0.$$
#
# With $\eta = 1$ this is the perceptron's update. Full gradient descent would need a whole pass
# over the data for every step; SGD takes a step per example.
#
# **An unbiased estimate.** Why should one term do? Draw $i$ uniformly from $1, \dots, N$. Then
#
# $$\mathbb{E}\big[N\,\nabla\ell_i\big] = \sum_{i=1}^N \frac{1}{N}\,N\,\nabla\ell_i = \nabla E_\mathrm{P}:$$
#
# $N\nabla\ell_i$ is an **unbiased estimate** of the full gradient (Liu, USC CSCI 567). Each step is
# noisy, but on average it points where full gradient descent would go, at $1/N$ of the cost; the
# learning rate absorbs the factor $N$. On numbers, at $\mathbf{w}_3$ again:

# %% slideshow={"slide_type": "subslide"}
def example_gradient(i):
    """The gradient (w, b) of example i's perceptron loss alone, at w_3, from the package."""
    _, g, g_b = perceptron_criterion(X[[i]], t[[i]], coef, b)
    return np.r_[g, g_b]


N = len(t)
per_example = np.array([example_gradient(i) for i in range(N)])
i = trace.index[3]                                                         # the example of update 4
print("one SGD step on example", i, "gives w_4:", np.allclose(np.r_[coef, b] - per_example[i], trace.weights[4]))
print("average of N grad l_i over all i:", N * per_example.mean(axis=0), " = grad E_P:", np.r_[grad_coef, grad_b])
draws = np.random.default_rng(0).integers(N, size=10_000)                  # i uniform, 10 000 times
estimates = N * per_example[draws]
print("mean of 10 000 random draws:     ", estimates.mean(axis=0),
      " standard error:", estimates.std(axis=0, ddof=1) / np.sqrt(len(draws)))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Random order.** The algorithm box visits the examples in a fixed order; the SGD view suggests a
# random one. `Perceptron(shuffle=True)` draws a fresh random order for every epoch. That samples
# without replacement, so each epoch still visits every example, and an epoch without a mistake
# still proves that the weights separate the data. The proof of section 5 never used the order,
# so every order stops within the same bound; the order changes which separator the run ends at,
# and how fast:

# %%
bound = mistake_bound(X_tilde, t, best_star)
print(f"fixed order: {model.n_updates_} updates in {model.n_epochs_} epochs, w = {np.r_[model.coef_, model.intercept_]}")
for seed in range(5):
    shuffled = Perceptron(shuffle=True, random_state=seed).fit(X, t)
    print(f"random order, seed {seed}: {shuffled.n_updates_} updates in {shuffled.n_epochs_} epochs, "
          f"w = {np.r_[shuffled.coef_, shuffled.intercept_]}, within the bound {bound:.0f}: {shuffled.n_updates_ <= bound}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The learning rate.** With rate $\eta$ the update adds $\eta\,t_i\mathbf{x}_i$ instead of $t_i\mathbf{x}_i$.
# Runs with rates from 0.001 to 1000 on our data, each compared with the run at rate 1 on a grid of
# 10 000 points:

# %%
rates = [0.001, 0.1, 1.0, 10.0, 1000.0]
runs = {eta: Perceptron(learning_rate=eta).fit(X, t) for eta in rates}
grid = plotting.grid_points(xlim, ylim, resolution=100)
print(" eta      updates  same predictions on 10 000 points as eta = 1")
for eta, run in runs.items():
    print(f"{eta:7g}  {run.n_updates_:7d}  {np.array_equal(run.predict(grid), runs[1.0].predict(grid))}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (explain): why the learning rate changes nothing
#
# Which statement explains the table above?
#
# - **(a)** The perceptron always uses $\eta = 1$ internally.
# - **(b)** Every $\mathbf{w}_k$ of the run with rate $\eta$ is $\eta$ times the one with rate 1, and the
#   predicted sign ignores a positive factor.
# - **(c)** The data are separable, so any step size converges.
# - **(d)** A smaller $\eta$ is compensated by more updates.

# %%
rate_explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.learning_rate.check(rate_explanation)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the weights and bias of each run, divided by its rate.
if exercises.learning_rate.revealed():
    for eta, run in runs.items():
        print(f"eta = {eta:7g}:  (coef_, intercept_) / eta = {np.round(np.r_[run.coef_, run.intercept_] / eta, 6)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Every run is the run at rate 1, scaled by $\eta$** (the cell above). Run the algorithm with rate
# $\eta$ and with rate 1 side by side. Both start at $\mathbf{0} = \eta \cdot \mathbf{0}$. If $\mathbf{w}^{(\eta)}_k = \eta\,\mathbf{w}^{(1)}_k$, then
# $t\,\mathbf{x}^T\mathbf{w}^{(\eta)}_k = \eta\,t\,\mathbf{x}^T\mathbf{w}^{(1)}_k$ has the same sign, so both runs update on
# the same example, and $\mathbf{w}^{(\eta)}_{k+1} = \eta\,\mathbf{w}^{(1)}_k + \eta\,t\,\mathbf{x} = \eta\,\mathbf{w}^{(1)}_{k+1}$.
# Two facts carry the induction: the prediction $\operatorname{sign}(\mathbf{x}^T\mathbf{w})$ ignores a
# positive factor, and the gradient $-t\,\mathbf{x}$ does not depend on $\mathbf{w}$. Logistic regression
# (notebook 04) keeps the first but not the second. With the sigmoid $\sigma(a) = 1/(1 + e^{-a})$, the
# gradient of one example's logistic loss $\log(1 + e^{-z})$ is $-\sigma(-t\,\mathbf{x}^T\mathbf{w})\,t\,\mathbf{x}$
# (section 7 checks $\ell'(z) = -\sigma(-z)$), which changes when $\mathbf{w}$ is scaled: there the
# learning rate matters.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Surrogate losses
#
# Write every loss as a function of the margin $z = t\,\mathbf{x}^T\mathbf{w}$, positive when the
# prediction is right. What we really care about is the **0-1 loss** $[z \le 0]$, which counts
# mistakes. But it is flat almost everywhere, so its gradient says nothing, and minimising it over
# linear classifiers is NP-hard in general (Liu, USC CSCI 567). Training therefore minimises a
# **surrogate**, by empirical risk minimisation
# $\hat{\mathbf{w}} = \operatorname{argmin}_{\mathbf{w}} \sum_i \ell(t_i\,\mathbf{x}_i^T\mathbf{w})$:
#
# | loss | $\ell(z)$ | unit | used by |
# |---|---|---|---|
# | 0-1 | $[z \le 0]$ | mistakes | what we want to count |
# | perceptron | $\max(0, -z)$ | the score's | the perceptron |
# | hinge | $\max(0, 1 - z)$ | the score's | support vector machines: it wants a margin of at least 1 |
# | logistic | $\log_2(1 + e^{-z})$ | bits | logistic regression (notebook 04) |
#
# The perceptron and hinge losses are measured in the units of the score: double $\mathbf{w}$ and the
# perceptron loss of a mistake doubles. The logistic loss is drawn in bits: a mistake ($z \le 0$)
# costs at least $\log_2 2 = 1$ bit, so it lies above the 0-1 loss, like the hinge loss. In nats,
# $\ln(1 + e^{-z})$, it is $\ln 2 \approx 0.69$ times as large and dips below the step for $z$ in
# $(-\ln(e - 1), 0] = (-0.541, 0]$; the base of the logarithm changes the scale, not the minimiser.

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 4))
plotting.plot_surrogate_losses(ax, SURROGATE_LOSSES)
ax.set(ylim=(-0.1, 3.5), title="losses against the margin")
plt.show()

# %% slideshow={"slide_type": "subslide"}
z = np.linspace(-5, 5, 100_001)
print("hinge >= 0-1:            ", bool(np.all(hinge_loss(z) >= zero_one_loss(z))))
print("logistic in bits >= 0-1: ", bool(np.all(SURROGATE_LOSSES["logistic (bits)"](z) >= zero_one_loss(z))))
below = z[logistic_loss(z) < zero_one_loss(z)]
print(f"logistic in nats < 0-1 for z in [{below.min():.4f}, {below.max():.4f}]; -ln(e - 1) = {-np.log(np.e - 1):.4f}")

# %% [markdown]
# **All three surrogates are convex in $\mathbf{w}$**, which is what makes minimising them
# tractable: every local minimum is a global one. As functions of the margin, $\max(0, -z)$ and
# $\max(0, 1 - z)$ are the larger of two linear functions, and a maximum of linear functions is
# convex; the logistic loss (in nats) has $\ell'(z) = -\sigma(-z)$ and $\ell''(z) = \sigma(z)\,\sigma(-z) > 0$,
# with the **sigmoid** $\sigma(a) = 1/(1 + e^{-a})$. The margin $z_i = t_i\,\mathbf{x}_i^T\mathbf{w}$ is linear in
# $\mathbf{w}$, a convex function of a linear function is convex, and so is a mean of convex functions:
# the training objective $E(\mathbf{w}) = \frac1N\sum_i \ell(z_i)$ is convex in $\mathbf{w}$. The 0-1 loss is not convex: it
# is 1 at $z = 0$, but the chord from $z = -1$ (loss 1) to $z = 1$ (loss 0) passes there at
# $\tfrac12$. Notebook 05 treats convexity in general (Jensen's inequality, a positive semidefinite
# Hessian); here we check the chord inequality
# $E(s\,\mathbf{w}_a + (1 - s)\,\mathbf{w}_b) \le s\,E(\mathbf{w}_a) + (1 - s)\,E(\mathbf{w}_b)$, $s \in [0, 1]$,
# for the training objective on our data at 10 000 random pairs of weights, and the logistic loss's
# derivatives by finite differences:

# %% slideshow={"slide_type": "subslide"}
def objective(loss, W):
    """E(w) = (1/N) sum_i l(t_i x_i^T w) for each row w of W."""
    return loss(t * (W @ X_tilde.T)).mean(axis=1)


rng = np.random.default_rng(0)
W_a, W_b = rng.normal(size=(2, 10_000, 3))                          # 10 000 random pairs (w_a, w_b)
s = rng.uniform(size=(10_000, 1))                                   # where on the chord
for name, loss in SURROGATE_LOSSES.items():
    between = objective(loss, s * W_a + (1 - s) * W_b)
    chord = s[:, 0] * objective(loss, W_a) + (1 - s[:, 0]) * objective(loss, W_b)
    print(f"{name:25s} above its chord in {np.sum(between > chord + 1e-9):5d} of 10 000 cases")

z_few, h = z[::5000], 1e-4                                          # 21 margins; central differences
first = (logistic_loss(z_few + h) - logistic_loss(z_few - h)) / (2 * h)
second = (logistic_loss(z_few + h) - 2 * logistic_loss(z_few) + logistic_loss(z_few - h)) / h ** 2
print("logistic l'(z) = -sigma(-z):         ", np.allclose(first, -sigmoid(-z_few), atol=1e-6))
print("logistic l''(z) = sigma(z) sigma(-z):", np.allclose(second, sigmoid(z_few) * sigmoid(-z_few), atol=1e-6))

# %% [markdown] slideshow={"slide_type": "subslide"}
# The perceptron loss has a catch: $\mathbf{w} = \mathbf{0}$ gives every example $z = 0$ and loss 0,
# a trivial minimiser (Liu, USC CSCI 567: "try $\mathbf{w} = 0$"). The algorithm still works because
# it steps on $z \le 0$ and starts exactly there; it is the convergence proof, not loss
# minimisation, that guarantees a separator. The logistic loss is never zero, so every example
# keeps pulling on the weights.

# %% [markdown]
# ### ✏️ Exercise 10 (implement): the logistic loss in bits, without overflow
#
# Write $\ell(z) = \log_2(1 + e^{-z})$ for an array of margins. The hidden cases include
# $z = -1000$, where $e^{-z}$ does not fit in a float: your function must still return the right,
# finite value. (Hint: `np.logaddexp`.)

# %%
def my_logistic_loss_bits(z):
    """Return log2(1 + exp(-z)) for each margin in z, finite for every finite z."""
    ...              # ✏️ your code


exercises.logistic_in_bits.check(my_logistic_loss_bits)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Limits of the perceptron
#
# Three limits: it never settles on data that are not linearly separable; on separable data it stops
# at *some* separator, not a good one; and it outputs only a class, never a probability. Logistic
# regression (notebook 04) lifts the third: it keeps the linear score but passes it through a sigmoid,
# and is trained by maximum likelihood (notebook 03). This section is about the first two.
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

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What it does instead.** The *perceptron cycling theorem* (Minsky and Papert, 1969; Block and
# Levin, 1970) says that on a finite data set the weights stay bounded, separable or not, in
# whatever order the examples come: $\|\mathbf{w}_k\| \le M$ for a constant $M$ that depends on the
# data alone. What follows depends on the numbers in the data.
#
# - **Integer inputs** (or rational ones: multiply them by a common denominator, which changes no
#   decision): every $\mathbf{w}_k$ is a sum of integer vectors, and a bounded set holds only finitely
#   many integer vectors, so the weights must repeat. With a fixed order, the weights at the end of
#   an epoch determine the whole next epoch, so once they repeat the run repeats forever: it
#   **cycles**. XOR has integer inputs:

# %%
with warnings.catch_warnings():
    warnings.simplefilter("ignore")            # the warning was shown above
    xor_trace = perceptron_trace(X_xor, t_xor, max_epochs=8)
for epoch in range(1, 9):
    last = np.flatnonzero(xor_trace.epoch == epoch)[-1]
    print(f"epoch {epoch}: {np.sum(xor_trace.epoch == epoch)} updates, ends at w = {xor_trace.weights[last + 1]}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# - **Real inputs**: the weights stay bounded but need not ever repeat. The smallest example has one
#   input and no bias, $x_1 = 1$ with $t_1 = +1$ and $x_2 = \sqrt{2}$ with $t_2 = -1$: two points on the
#   same side of the origin with opposite targets, so no boundary through the origin separates them.
#   After $a$ updates on $x_1$ and $c$ on $x_2$ the weight is $w = a - c\sqrt{2}$. Every epoch makes an
#   update, so $a + c$ keeps growing, and since $\sqrt{2}$ is irrational, different $(a, c)$ give
#   different $w$: no weight ever comes back. With $x_2 = 2$ instead, the run cycles at once.

# %%
with warnings.catch_warnings():
    warnings.simplefilter("ignore")            # neither run converges, by design
    for x_2 in (2.0, np.sqrt(2)):
        run = perceptron_trace([[1.0], [x_2]], [1, -1], max_epochs=1000, fit_intercept=False)
        w_k = run.weights[:, 0]
        print(f"x_2 = {x_2:.4f}: {run.n_updates} updates in 1000 epochs, w stays in [{w_k.min():.3f}, {w_k.max():.3f}] "
              f"and takes {len(np.unique(w_k))} different values")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **On separable data it stops at *some* separator, not a good one.** Once every example is
# correct it never moves again, wherever its boundary then lies. The separator with the largest
# **geometric margin** $\min_i t_i(\mathbf{x}_i^T\mathbf{w} + b)/\|\mathbf{w}\|$ (the hard-margin support
# vector machine, with a free bias) is another choice.

# %%
few = datasets.make_separable(20, margin=0.15, random_state=4)
X_few, t_few = few.X, few.y
perceptron = Perceptron().fit(X_few, t_few)
widest = widest_margin(X_few, t_few)
svm_coef, svm_intercept = widest.coef, widest.intercept     # margin lines: x^T w + b = +-1
print(f"geometric margin: perceptron {geometric_margin(X_few, t_few, perceptron.coef_, perceptron.intercept_):.3f}, "
      f"largest margin {geometric_margin(X_few, t_few, svm_coef, svm_intercept):.3f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.1))
box = dict(arrow=False, xlim=(-1.1, 1.1), ylim=(-1.1, 1.1))
plotting.plot_data(ax, X_few, t_few)
plotting.plot_hyperplane(ax, perceptron.coef_, perceptron.intercept_, label="perceptron", **box)
plotting.plot_hyperplane(ax, svm_coef, svm_intercept, color=plotting.PALETTE[2], linestyle="--", label="largest margin", **box)
for side in (-1, 1):
    plotting.plot_hyperplane(ax, svm_coef, svm_intercept + side, color=plotting.PALETTE[2], linewidth=0.8, linestyle=":", **box)
ax.scatter(*X_few[widest.support].T, s=220, facecolors="none", edgecolors=plotting.PALETTE[2], label="support vectors")
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="two separators of the same 20 points")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **How the widest margin is found, and proved.** Draw the smallest convex polygon around each
# class (its *convex hull*). The widest margin is half the distance between the two hulls, and the
# best boundary is the perpendicular bisector of the shortest segment between them. That segment is
# a difference $\mathbf{u}$ of a point of one hull and a point of the other, and such differences fill
# the hull of the differences $\mathbf{x}_i - \mathbf{x}_j$ ($t_i = +1$, $t_j = -1$): $\mathbf{u}$ is the point
# of that hull nearest the origin. The margin lines $\mathbf{x}^T\mathbf{w} + b = \pm 1$ lie $2/\|\mathbf{w}\|$
# apart, which must be $\|\mathbf{u}\|$, with $\mathbf{w}$ along $\mathbf{u}$: $\mathbf{w} = 2\mathbf{u}/\|\mathbf{u}\|^2$.
#
# **Wolfe's method** (1976) finds the nearest point of a hull exactly, in finitely many steps. It keeps
# a few of the points and $\mathbf{v}$, the point of *their* hull nearest the origin, and asks which point
# $\mathbf{q}$ of the whole set lies lowest along $\mathbf{v}$ (the smallest $\mathbf{v}^T\mathbf{q}$; for the
# differences, the lowest positive example minus the highest negative one). If
# $\mathbf{v}^T\mathbf{q} \ge \|\mathbf{v}\|^2$, the whole hull lies beyond the plane through $\mathbf{v}$
# perpendicular to it, so no point is nearer and $\mathbf{v}$ is the answer. Otherwise $\mathbf{q}$ joins the
# kept points, $\mathbf{v}$ moves to the nearest point of their hull (points that no longer help are
# dropped), and the question is asked again.

# %% [markdown] slideshow={"slide_type": "subslide"}
# An answer is then *checked*, not trusted. The problem $\min \|\mathbf{w}\|^2/2$ subject to
# $t_i(\mathbf{x}_i^T\mathbf{w} + b) \ge 1$ is convex, so $(\mathbf{w}, b)$ is optimal exactly when
# multipliers $\alpha_i$ exist with
#
# - every margin $t_i(\mathbf{x}_i^T\mathbf{w} + b) \ge 1$ (feasible), and every $\alpha_i \ge 0$;
# - $\mathbf{w} = \sum_i \alpha_i t_i \mathbf{x}_i$ and $\sum_i \alpha_i t_i = 0$ (the Lagrangian's gradient vanishes);
# - $\alpha_i = 0$ unless $\mathbf{x}_i$ lies on the margin (complementary slackness).
#
# These are the Karush-Kuhn-Tucker conditions. Wolfe's method hands us the $\alpha_i$: it writes
# $\mathbf{u}$ as a weighted average of a few differences $\mathbf{x}_i - \mathbf{x}_j$, so
# $\mathbf{w} = 2\mathbf{u}/\|\mathbf{u}\|^2 = \sum_i \alpha_i t_i \mathbf{x}_i$ with $\alpha_i$ the total weight of
# the differences that use example $i$, times $2/\|\mathbf{u}\|^2$. Each difference gives the same weight
# to a positive and a negative example, so $\sum_i \alpha_i t_i = 0$. The examples
# with $\alpha_i > 0$, ringed above, are the **support vectors**: every other example could move
# (without crossing the margin lines) and the separator would stay the same. `widest_margin` returns the
# $\alpha_i$ and refuses to answer if any condition fails by more than $10^{-8}$: the conditions, not an
# optimiser's "success" flag, are the proof.

# %%
print(f"support vectors: examples {widest.support.tolist()} with alpha = {np.round(widest.multipliers[widest.support], 2)}")
print(f"w = sum_i alpha_i t_i x_i: {np.allclose(widest.coef, (widest.multipliers * t_few) @ X_few)}, "
      f"sum_i alpha_i t_i = {abs(widest.multipliers @ t_few):.1f}, "
      f"smallest margin {np.min(t_few * (X_few @ widest.coef + widest.intercept)):.6f}; "
      f"every condition holds to 1e-8: {widest.residuals.hold()}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Does a wider margin predict better?** An experiment: 100 data sets of $N = 20$ training points,
# each with 1000 fresh points from the same distribution as a test set. On each, train both
# separators and compare their test accuracies.

# %%
def compare_separators(n_train, n_sets=100, n_test=1000):
    """Test accuracies of the perceptron and the largest-margin separator, one row per data set."""
    accuracies = []
    for seed in range(n_sets):
        d = datasets.make_separable(n_train + n_test, margin=0.02, random_state=seed)
        (X_train, t_train), (X_test, t_test) = (d.X[:n_train], d.y[:n_train]), (d.X[n_train:], d.y[n_train:])
        coef, intercept = max_margin_separator(X_train, t_train)
        accuracies.append((Perceptron(max_epochs=10_000).fit(X_train, t_train).score(X_test, t_test),
                           np.mean(np.where(X_test @ coef + intercept > 0, 1, -1) == t_test)))
    return np.array(accuracies)


# %% slideshow={"slide_type": "subslide"}
def summarise(accuracies):
    """Print the mean test accuracies of both separators and how often each wins."""
    gain = accuracies[:, 1] - accuracies[:, 0]
    print(f"mean test accuracy: perceptron {accuracies[:, 0].mean():.3f}, largest margin {accuracies[:, 1].mean():.3f}; "
          f"gain {gain.mean():+.3f} (standard error {gain.std(ddof=1) / np.sqrt(len(gain)):.3f}); the largest "
          f"margin is better on {np.sum(gain > 0)}, worse on {np.sum(gain < 0)}, equal on {np.sum(gain == 0)} data sets")


summarise(compare_separators(n_train=20))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 11 (explain): why a wider margin tends to predict better
#
# - **(a)** The largest-margin separator makes fewer mistakes on the training set.
# - **(b)** New points scatter around the training points, and a boundary far from all of them
#   leaves room for that scatter.
# - **(c)** It is the unique solution of a convex problem, found exactly, while the perceptron's
#   separator depends on the order of the examples.
# - **(d)** It predicts better on every test set.

# %%
margin_explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.wider_margin.check(margin_explanation)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the same experiment with 200 training points in each data set.
if exercises.wider_margin.revealed():
    summarise(compare_separators(n_train=200))

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b), and only on average.** Both separators classify every training point correctly, so the
# training error cannot tell them apart. New points come from the same distribution and land near the
# training points; a boundary far from all of them leaves room for that scatter, one that hugs a
# training point misclassifies its close neighbours. With 20 training points the largest-margin
# separator classifies about 2 percentage points more of the test points correctly than the
# perceptron's, more than four standard errors away from no gain. But:
#
# - *it is a tendency, not a law*: on 31 of the 100 data sets the perceptron's separator did
#   better. A single data set proves nothing either way.
# - *the advantage shrinks with data*: with 200 training points both separators are pinned down
#   by the data, and the gain drops to half a percentage point (the cell above).
# - *it needs separable data*: with overlapping classes no separator has a positive margin; the
#   soft-margin support vector machine trades margin against the hinge losses of section 7.
# - *theory agrees, as a bound*: learning theory bounds the test error of a separator by a quantity
#   that grows with $(R/\gamma)^2$, with $\gamma$ the geometric margin (in section 5's unnormalised terms,
#   $(R\|\mathbf{w}_*\|/\gamma)^2$), and shrinks with $N$, independently of the dimension; a bound, like
#   Novikoff's, that says which way to lean, not what will happen on a given data set.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Explore: the data's margin, the order of the examples, the learning rate
#
# The stepper of section 4, with three more controls. Each change draws the data again or reruns the
# perceptron, and shows the run at its last update (press **Reset** and **Step** to replay it).
#
# - **data margin**: the gap around the generating line, from 0.02 to 0.3 (the same line, new points).
#   Narrow gaps take more updates, as the bound $1/\gamma^2$ of section 5 says, though far fewer than it.
# - **order**: the fixed order, or a new random order every epoch (section 6): other updates, another
#   separator, about as many updates.
# - **learning rate** $\eta$: every $\mathbf{w}_k$ is multiplied by $\eta$; the boundaries, the circled
#   examples and the number of updates stay the same (section 6, exercise 9).

# %% slideshow={"slide_type": "subslide"}
explorer = PerceptronExplorer(margin=0.1)
explorer

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Beyond one line: features, kernels, many classes, noisy data
#
# Section 8's limits have standard answers, each a small change to the same update. This section takes
# four: a feature map for data that no line separates, its kernel form, more than two classes, and data
# whose labels are noisy.
#
# **A feature map.** Liu's USC CSCI 567 notes suggest applying a nonlinear map $\boldsymbol\phi$ to the inputs
# and running the linear model on $\boldsymbol\phi(\mathbf{x})$: a hyperplane in the features, a curve back in the
# plane of $(x_1, x_2)$. For XOR one product feature suffices, as the next exercise shows: once some weights
# separate the features, the perceptron run on them must converge (section 5).

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 12 (derive): weights for XOR on four features
#
# Give XOR's inputs a constant and their product, $\boldsymbol\phi(\mathbf{x}) = (1, x_1, x_2, x_1x_2)$, so that
# $y(\mathbf{x}) = w_0 + w_1x_1 + w_2x_2 + w_3x_1x_2$. Separating XOR needs only $t_i\,y(\mathbf{x}_i) > 0$ at its four
# corners; ask for more, to make the answer one vector. Find, by hand, the weights whose score at every corner
# equals its target as section 8 codes it ($t = -1$ at $(0, 0)$ and $(1, 1)$, $t = +1$ at $(0, 1)$ and $(1, 0)$):
# a margin of exactly 1 at each.

# %%
xor_weights = ...     # ✏️ your answer, as [w0, w1, w2, w3]
exercises.xor_features.check(xor_weights)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the weights solved from the corners, their scores, and the perceptron on the features.
if exercises.xor_features.revealed():
    phi_xor = np.column_stack([np.ones(4), X_xor, X_xor[:, 0] * X_xor[:, 1]])      # (1, x1, x2, x1 x2)
    w_xor = np.linalg.solve(phi_xor, t_xor)
    print("w =", w_xor, "scores the corners", phi_xor @ w_xor, "  targets", t_xor)
    xor_mapped = Perceptron(fit_intercept=False).fit(phi_xor, t_xor)
    print(f"perceptron on (1, x1, x2, x1 x2): converged {xor_mapped.converged_} after {xor_mapped.n_updates_} "
          f"updates, w = {xor_mapped.coef_}, accuracy {xor_mapped.score(phi_xor, t_xor):.0%}")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **One equation per corner.** At $(0, 0)$ only the constant is on: $w_0 = -1$. At $(1, 0)$ and $(0, 1)$,
# $w_0 + w_1 = w_0 + w_2 = 1$: $w_1 = w_2 = 2$. At $(1, 1)$ all four are on: $w_3 = -1 - 3 = -4$. Four features on
# four points make the system square; without $x_1x_2$ the last equation contradicts the others (and section 8
# shows that no line separates XOR at all). Back in the plane, $y = -4\,(x_1 - \frac12)(x_2 - \frac12)$: the boundary is the pair of
# lines $x_1 = \frac12$ and $x_2 = \frac12$, a hyperbola collapsed onto its asymptotes, and the score is positive
# where exactly one input exceeds $\frac12$. Many other weights separate too; run on these features from
# $\mathbf{0}$, the perceptron happens to stop at these very weights, after 25 updates.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The kernel perceptron
#
# Section 3 showed $\mathbf{w} = \sum_i \alpha_i t_i \mathbf{x}_i$, with $\alpha_i$ the
# number of updates example $i$ made. On $\boldsymbol\phi(\mathbf{x})$ the same holds, so the score is
#
# $$y(\mathbf{x}) = \mathbf{w}^T\boldsymbol\phi(\mathbf{x}) = \sum_i \alpha_i t_i\, \boldsymbol\phi(\mathbf{x}_i)^T\boldsymbol\phi(\mathbf{x}) = \sum_i \alpha_i t_i\, k(\mathbf{x}_i, \mathbf{x}),$$
#
# and the update "$\mathbf{w} \leftarrow \mathbf{w} + t_i\boldsymbol\phi(\mathbf{x}_i)$ when $t_i\,y(\mathbf{x}_i) \le 0$" becomes
# "$\alpha_i \leftarrow \alpha_i + 1$": this is the **dual form**. It needs only the **kernel**
# $k(\mathbf{x}, \mathbf{x}') = \boldsymbol\phi(\mathbf{x})^T\boldsymbol\phi(\mathbf{x}')$, never $\boldsymbol\phi$ itself. The polynomial kernel
# $(1 + \mathbf{x}^T\mathbf{x}')^2$ is the inner product of six features ($x_1^2$, $x_2^2$, $\sqrt2 x_1x_2$, $\sqrt2 x_1$,
# $\sqrt2 x_2$, 1: `quadratic_features`), and the Gaussian (RBF) kernel $\exp(-\gamma\|\mathbf{x} - \mathbf{x}'\|^2)$ is that of
# infinitely many. Below, the dual form against the perceptron on the explicit features (the same
# updates, so the same $\alpha_i$ and scores), then the RBF kernel on a ring that no line separates.

# %% slideshow={"slide_type": "subslide"}
ring_rng = np.random.default_rng(7)
radius_ring = np.r_[ring_rng.uniform(0, 0.8, 60), ring_rng.uniform(1.2, 2.0, 60)]
angle_ring = ring_rng.uniform(0, 2 * np.pi, 120)
X_ring = np.column_stack([radius_ring * np.cos(angle_ring), radius_ring * np.sin(angle_ring)])
t_ring = np.r_[np.ones(60), -np.ones(60)].astype(int)            # +1 inside, -1 on the ring
dual = KernelPerceptron(kernel="poly", degree=2, coef0=1.0, fit_intercept=False).fit(X_ring, t_ring)
primal = perceptron_trace(quadratic_features(X_ring), t_ring, fit_intercept=False)
alpha_primal = np.bincount(primal.index, minlength=len(t_ring))   # updates made by each example
print(f"polynomial kernel: {dual.n_updates_} updates, converged {dual.converged_}; the explicit features: "
      f"{primal.n_updates} updates; same alpha_i: {np.array_equal(dual.alpha_, alpha_primal)}; same scores: "
      f"{np.allclose(dual.decision_function(X_ring), quadratic_features(X_ring) @ primal.weights[-1])}")
rbf = KernelPerceptron(kernel="rbf", gamma=1.0).fit(X_ring, t_ring)
print(f"RBF kernel: converged {rbf.converged_} after {rbf.n_updates_} updates, {len(rbf.support_)} of 120 examples "
      "with alpha_i > 0")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.3))
ring_lim = (-2.2, 2.2)
plotting.plot_decision_regions(ax, lambda p: (rbf.decision_function(p) > 0).astype(int), ring_lim, ring_lim)
plotting.plot_data(ax, X_ring, t_ring)
ax.scatter(*X_ring[rbf.support_].T, s=160, facecolors="none", edgecolors="black", linewidth=0.8,
           label="$\\alpha_i > 0$")
ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal", title="the kernel perceptron, RBF kernel, on a ring")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 13 (derive): a score in the dual form
#
# A kernel perceptron with $k(\mathbf{x}, \mathbf{x}') = (1 + \mathbf{x}^T\mathbf{x}')^2$ and no bias has been trained on a
# larger set. Only two of its examples have $\alpha_i > 0$: $\mathbf{x}_1 = (1, 0)$ with $t_1 = +1$, which made
# $\alpha_1 = 2$ updates, and $\mathbf{x}_2 = (0, 1)$ with $t_2 = -1$, which made $\alpha_2 = 1$. Compute, by hand,
# its score $y(\mathbf{x})$ at $\mathbf{x} = (3, 1)$.

# %%
dual_answer = ...     # ✏️ a number
exercises.dual_score.check(dual_answer)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Many classes
#
# With $K$ classes keep one weight vector $\mathbf{w}_k$ per class and predict the class of
# largest score $\mathbf{w}_k^T\mathbf{x}$ (the bias as a constant input). When example $(\mathbf{x}_i, t_i)$'s own class
# does not score strictly highest, let $r$ be the strongest rival and update
#
# $$\mathbf{w}_{t_i} \leftarrow \mathbf{w}_{t_i} + \mathbf{x}_i, \qquad \mathbf{w}_r \leftarrow \mathbf{w}_r - \mathbf{x}_i.$$
#
# The gap $(\mathbf{w}_{t_i} - \mathbf{w}_r)^T\mathbf{x}_i$ grows by $2\|\mathbf{x}_i\|^2$, and with two classes
# $\mathbf{w}_1 - \mathbf{w}_0$ makes exactly the binary perceptron's updates, twice over (Sarkar and Das's
# multi-class slides treat $K$ classes with one score each, as here). On data some $W$ separates with a
# margin it stops, by the same proof as section 5. Below: three Gaussian classes, and the check for $K = 2$.

# %% slideshow={"slide_type": "subslide"}
three = datasets.make_gaussian_classes(means=[[0, 2], [-2, -1], [2, -1]], covariances=[0.25 * np.eye(2)] * 3,
                                       n_per_class=30, random_state=8)
multi = MulticlassPerceptron().fit(three.X, three.y)
print(f"three classes: converged {multi.converged_} after {multi.n_updates_} updates, "
      f"training accuracy {multi.score(three.X, three.y):.0%}")
two_classes = MulticlassPerceptron().fit(X, (t + 1) // 2)                # section 1's data, classes 0 and 1
binary = Perceptron().fit(X, t)
print(f"K = 2: w_1 - w_0 = {two_classes.coef_[1] - two_classes.coef_[0]}, b_1 - b_0 = "
      f"{two_classes.intercept_[1] - two_classes.intercept_[0]:.3f}; twice the binary perceptron's: "
      f"{2 * binary.coef_}, {2 * binary.intercept_:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 14 (derive): one update of the multiclass perceptron
#
# Three classes 0, 1, 2 in two dimensions, no bias, with the current weights $\mathbf{w}_0 = (1, 0)$,
# $\mathbf{w}_1 = (0, 1)$ and $\mathbf{w}_2 = (-1, -1)$. The example $\mathbf{x} = (2, 1)$ of class 2 comes next. Give
# the weights after the perceptron has processed it.

# %%
W_after = ...         # ✏️ your answer: w_0, w_1, w_2 as six numbers, e.g. [1, 0, 0, 1, -1, -1] before the update (or 3 rows)
exercises.multiclass_update.check(W_after)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Noisy data: keep the best, or average
#
# With labels that no hyperplane fits, the perceptron's
# weights never settle (section 8): it stops after its last pass, wherever the updates have left it.
# Two variants keep the update and change which weights are returned:
#
# - the **pocket algorithm with ratchet** (Gallant, 1990) scores every weight vector it passes on the
#   whole training set and keeps, in its pocket, the one with the fewest mistakes (Gallant's plain pocket
#   keeps instead the weights with the longest run of correct classifications);
# - the **averaged perceptron** (Freund and Schapire, 1999) returns the mean of the weights over every
#   example visited, so a weight vector that survived many examples counts many times.
#
# The experiment: 30 data sets of 100 training points with 10% of their targets flipped, 20 passes,
# and 1000 clean test points each.

# %% slideshow={"slide_type": "subslide"}
def noisy_comparison(n_sets=30):
    """Test accuracies of the last weights, the pocket and the average after 20 passes, one row per data set."""
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")            # no run converges: the data are not separable
        for seed in range(n_sets):
            d = datasets.make_separable(1100, margin=0.02, random_state=seed)
            t_noisy = np.where(np.random.default_rng(100 + seed).random(1100) < 0.1, -d.y, d.y)   # flip 10%
            X_train, t_train, X_test, t_test = d.X[:100], t_noisy[:100], d.X[100:], d.y[100:]
            rows.append([model.fit(X_train, t_train).score(X_test, t_test) for model in
                         (Perceptron(max_epochs=20), PocketPerceptron(max_epochs=20), AveragedPerceptron(n_epochs=20))])
    return np.array(rows)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 15 (predict): which weights to keep when the data are not separable
#
# Before running the experiment: on the clean test points, over the 30 data sets,
#
# - **(a)** the last weights do about as well as the pocket and the average;
# - **(b)** the last weights do clearly worse on average, and the pocket and the average do about equally well;
# - **(c)** the pocket does worst, since it fits the flipped training labels best;
# - **(d)** the average does worst, since it averages in the poor weights of the first passes.

# %%
noise_prediction = ...    # ✏️ "a", "b", "c" or "d"
exercises.noisy_training.check(noise_prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the experiment.
if exercises.noisy_training.revealed():
    accuracy = noisy_comparison()
    for name, column in zip(["last weights", "pocket", "averaged"], accuracy.T):
        better = "" if name == "last weights" else f", better than the last weights on {np.sum(column > accuracy[:, 0])} of 30"
        print(f"{name:>12}: mean test accuracy {column.mean():.3f}, spread {column.std():.3f}{better}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the last weights are a lottery, the pocket and the average are not.** On noisy data the last
# updates are often on flipped examples, and they throw the boundary about: about 86% on average, with a
# spread of 9 points. The pocket keeps the best weights seen, the average smooths the run; both reach about
# 95%. A linear separator with three weights cannot memorise the flipped labels, so the pocket's fewer
# training mistakes carry over to new data; and early weights survive few examples, so they count little
# in the average.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### How many mistakes on data that are not separable?
#
# Novikoff's bound (section 5) needs a separator.
# Freund and Schapire (1999) bound the mistakes of one pass without one. Take any unit vector $\mathbf{u}$ and
# any target margin $\gamma > 0$; example $i$ falls short of it by $d_i = \max(0, \gamma - t_i\mathbf{x}_i^T\mathbf{u})$,
# and $D = \sqrt{\sum_i d_i^2}$. Then the perceptron makes at most
#
# $$k \le \Big(\frac{R + D}{\gamma}\Big)^2 \qquad\text{mistakes.}$$
#
# *Why.* Add a coordinate per example: $\mathbf{x}_i' = (\mathbf{x}_i, \Delta\,\mathbf{e}_i)$ and
# $\mathbf{u}' = (\mathbf{u}, (t_1d_1, \dots, t_Nd_N)/\Delta)$, normalised. Now every example reaches the margin $\gamma$
# along $\mathbf{u}'$, the perceptron makes the same mistakes on the $\mathbf{x}_i'$ (the new coordinates never
# change a score before their own example's update), and Novikoff's bound applies with
# $R'^2 = R^2 + \Delta^2$ and $\|\mathbf{u}'\|^2 = 1 + D^2/\Delta^2$; the best $\Delta = \sqrt{RD}$ gives
# $(R + D)^2/\gamma^2$. With $D = 0$ it is Novikoff's bound again. Below, the first noisy data set, one pass,
# against the bound for the generator's direction and 300 target margins.

# %% slideshow={"slide_type": "subslide"}
first = datasets.make_separable(1100, margin=0.02, random_state=0)
t_first = np.where(np.random.default_rng(100).random(1100) < 0.1, -first.y, first.y)[:100]
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    one_pass = perceptron_trace(first.X[:100], t_first, max_epochs=1)
margins = np.linspace(0.05, 3, 300)
bounds = np.array([nonseparable_mistake_bound(add_bias(first.X[:100]), t_first, first.w_star, g) for g in margins])
print(f"one pass over 100 points with {np.sum(t_first != first.y[:100])} flipped targets: {one_pass.n_updates} mistakes; "
      f"the bound over 300 target margins: at least {bounds.min():.1f} (at gamma = {margins[np.argmin(bounds)]:.2f}); "
      f"the count is below it at every margin: {bool(np.all(one_pass.n_updates <= bounds))}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 16 (derive): Freund and Schapire's bound by hand
#
# Three examples with $R = \max_i\|\mathbf{x}_i\| = 1$ have the margins $t_i\mathbf{x}_i^T\mathbf{u} = 1$, $0.2$ and $0.1$
# along a unit vector $\mathbf{u}$. For the target margin $\gamma = 0.5$, what does the bound say about the
# number of mistakes the perceptron makes in one pass? Work it out by hand.

# %%
fs_bound = ...        # ✏️ a number
exercises.nonseparable_bound.check(fs_bound)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the bound from the package, and the mistakes of one pass over the three examples.
if exercises.nonseparable_bound.revealed():
    X_fs, t_fs = np.array([[1.0, 0.0], [0.2, 0.0], [0.1, 0.0]]), np.array([1, 1, 1])   # margins 1, 0.2, 0.1 along u
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")            # one pass with a mistake: "not converged"
        fs_pass = perceptron_trace(X_fs, t_fs, fit_intercept=False, max_epochs=1)
    print(f"the bound at gamma = 0.5: {nonseparable_mistake_bound(X_fs, t_fs, np.array([1.0, 0.0]), 0.5):.1f}; "
          f"one pass over the 3 examples: {fs_pass.n_updates} mistake")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Here the bound says nothing**: one pass over 3 examples makes at most 3 mistakes, and this one makes
# a single mistake, since after the first update every margin is positive. The bound matters on long
# sequences, where it caps a count that could grow with $N$: on the 100 noisy points above, one pass made
# 24 mistakes against a bound of at least 80.6 at every target margin tried.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# - **Straka, NPFL129 lecture 3**, last step of the convergence proof, prints
#   $k \ge R^2\|\mathbf{w}_*\|^2/\gamma^2$. It is an *upper* bound: $k \le R^2\|\mathbf{w}_*\|^2/\gamma^2$.
#   Section 5 checks it: 17 updates against a bound of 200, and on 60 more data sets.
# - **Straka, NPFL129 lecture 3**, the same proof, says that the angle between $\mathbf{w}_*$ and
#   $\mathbf{w}_k$ "decreases at each step" and that $\cos\alpha$ "increases during every update". Only the
#   lower bound $\sqrt{k}\,\gamma/(R\|\mathbf{w}_*\|)$ does; the cosine itself falls after 7 of the 17
#   updates of section 5's run (from 0.649 to 0.593 at the third), which the proof widget marks.
# - **Arias, UPC topic 2**, defines linearly separable as "$\mathbf{w}^T\mathbf{x} = y$ for all
#   examples". That would be a system of linear equations; separable means
#   $\operatorname{sign}(\mathbf{w}_*^T\mathbf{x}_i) = t_i$, i.e. $t_i\,\mathbf{x}_i^T\mathbf{w}_* > 0$. The
#   generator's $\mathbf{w}_*$ in section 5 separates our data with margins from $\gamma = 0.109$ up,
#   not equal to the targets.
# - **Arias, UPC topic 2**, states the bound $(1/\gamma)^2$ with $\gamma = \min_{\mathbf{x}} \mathbf{w}_*^T\mathbf{x}$,
#   without the target. Every example with $t = -1$ has $\mathbf{w}_*^T\mathbf{x} < 0$, so that minimum is
#   negative for every separating $\mathbf{w}_*$ and the bound says nothing. The margin needs the target:
#   $\gamma = \min_i t_i\,\mathbf{x}_i^T\mathbf{w}_*$. Section 5 prints both for our data: $-0.756$ without the
#   targets, 0.109 with them.
# - **Arias, UPC topic 2**, says that the perceptron optimises "the 0-1 loss". It updates on the examples
#   the 0-1 loss counts, but its steps are those of stochastic gradient descent on the perceptron loss
#   $\max(0, -z)$, a convex surrogate that also weighs how far an example lies on the wrong side
#   (section 6 checks the step and the gradient).

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Where the lecture slides slip** (continued)
#
# - **Liu, USC CSCI 567**, writes empirical risk minimisation as an $\operatorname{argmax}$ of the summed
#   loss. A loss is minimised: $\operatorname{argmin}$ (section 7); section 6 descends its gradient.
# - **Liu, USC CSCI 567**, "Why does it make sense?": after an update on a mistake it prints
#   $y_n\mathbf{w}'^T\mathbf{x}_n = y_n\mathbf{w}^T\mathbf{x}_n + y_n^2\mathbf{x}_n^T\mathbf{x}_n \le y_n\mathbf{w}^T\mathbf{x}_n$.
#   The added term is $\|\mathbf{x}_n\|^2 \ge 0$, so the inequality is $\ge$: the update raises the margin of
#   its example, as section 3 checks on the first update.
# - **Liu, USC CSCI 567**, derives $\ell'(z) = -\sigma(-z)$ for the logistic loss, then writes the SGD step
#   as $\mathbf{w} \leftarrow \mathbf{w} + \eta\,\sigma(y_n\mathbf{w}^T\mathbf{x}_n)\,y_n\mathbf{x}_n$. With its own
#   derivative the step is $\mathbf{w} + \eta\,\sigma(-y_n\mathbf{w}^T\mathbf{x}_n)\,y_n\mathbf{x}_n$: an example
#   classified right by a wide margin barely moves the weights, a confident mistake moves them most.
#   Section 7 checks $\ell'(z) = -\sigma(-z)$ by finite differences.
# - **Sarkar and Das, IIT CS60010**, say that $\boldsymbol\theta^T\mathbf{x}$ is the (signed) distance of
#   $\mathbf{x}$ to the hyperplane $\boldsymbol\theta^T\mathbf{x} = 0$. The distance is
#   $\boldsymbol\theta^T\mathbf{x}/\|\boldsymbol\theta\|$, and with a bias $\theta_0$ it is
#   $(\boldsymbol\theta^T\mathbf{x} + \theta_0)/\|\boldsymbol\theta\|$: $\boldsymbol\theta^T\mathbf{x}$ is the distance
#   only when $\|\boldsymbol\theta\| = 1$ and there is no bias. Section 2 checks $r = y(\mathbf{x})/\|\mathbf{w}\|$
#   by a brute-force search; there $\|\mathbf{w}\| = \sqrt 5$, and the score is $\sqrt 5$ times the distance.
# - **The course notes** derive the perceptron criterion's gradient for the bias,
#   $\partial\phi/\partial b = -\sum_{\mathcal{M}} t_i$ (their $\phi$ is our $E_\mathrm{P}$), but their closing
#   loop scores $\beta^T\mathbf{x}_i$ without $b$ and updates $\beta$ only. With a bias, score
#   $\mathbf{x}_i^T\mathbf{w} + b$ and update $b \leftarrow b + t_i$ too (or append the constant 1 to
#   $\mathbf{x}_i$); section 6 checks that this step is the perceptron's.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A linear classifier predicts $\operatorname{sign}(\mathbf{x}^T\mathbf{w} + b)$; $\mathbf{w}$ is normal to
#   the boundary, $y(\mathbf{x})/\|\mathbf{w}\|$ is the signed distance to it, and $|b|/\|\mathbf{w}\|$ the
#   boundary's distance from the origin. As a neuron it fires through a step $g$; trained on "$g(z) \ne t$",
#   Sarkar and Das's $g(0) = +1$ lets an example with $t = +1$ on the boundary pass, where the box's
#   $t\,z \le 0$ (and `np.sign`'s 0) updates: from $\mathbf{w} = \mathbf{0}$ the first steps differ.
# - With the bias as an extra constant input, the perceptron starts at $\mathbf{w} = \mathbf{0}$ and adds
#   $t_i\mathbf{x}_i$ for every misclassified example until a pass makes no mistake; so
#   $\mathbf{w} = \sum_i c_i t_i\mathbf{x}_i$, with $c_i$ the updates example $i$ triggered.
# - On separable data it makes at most $R^2\|\mathbf{w}_*\|^2/\gamma^2$ updates, $1/\gamma^2$ for
#   normalised data: $\mathbf{w}_*^T\mathbf{w}_k$ grows like $k$, $\|\mathbf{w}_k\|$ only like $\sqrt{k}$, and
#   a cosine cannot exceed 1. The cosine itself can fall; only its bound rises at every step. The
#   max-margin $\mathbf{w}_*$ gives the tightest bound, still far above the actual count.
# - It is SGD on the perceptron criterion $E_\mathrm{P} = \sum_i \max(0, -z_i)$, $\|\mathbf{w}\|$ times the
#   summed distance of the misclassified points; one example's gradient, times $N$, is an
#   unbiased estimate of the full one, and the examples may come in any order. Because the gradient
#   does not depend on $\mathbf{w}$ and the prediction ignores scale, the learning rate changes nothing.
# - The 0-1 loss is replaced by convex surrogates: perceptron, hinge, logistic (above the 0-1 loss
#   when measured in bits).
# - Limits: on non-separable data its weights stay bounded and, for integer data, cycle forever;
#   it stops at an arbitrary separator, whose margin is often small, and a wider margin predicts
#   better on average, not always; it gives no probabilities.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Summary** (continued)
#
# - A feature map (one product $x_1x_2$ for XOR) makes data separable, and the dual form
#   $y(\mathbf{x}) = \sum_i \alpha_i t_i k(\mathbf{x}_i, \mathbf{x})$ runs the perceptron through a kernel without building the
#   features. With $K$ classes, a mistake moves the true class's weights towards $\mathbf{x}$ and the strongest
#   rival's away. On noisy data the pocket and averaged perceptrons give stable weights, and one pass makes at
#   most $((R + D)/\gamma)^2$ mistakes (Freund and Schapire).
#
# **Next:** notebook 02 builds the information theory (entropy, cross-entropy, KL divergence) that
# turns classification into probability estimation.
