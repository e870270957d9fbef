# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 06 · Bayes decisions, LDA, QDA and RDA
#
# **What you will learn**
#
# - how a classifier should decide when mistakes cost different amounts: loss matrices, the expected
#   loss of each decision, and the Bayes decision that minimises it (with the 0-1 loss: the most
#   probable class; with a reject option: sometimes no class at all);
# - why the Bayes classifier is optimal, what its error rate is, and how an asymmetric loss moves its
#   threshold, computed by integration and checked by simulation;
# - generative classifiers, which model $p(\mathbf{x} \mid C_k)\,p(C_k)$, against discriminative ones,
#   which model $p(C_k \mid \mathbf{x})$ directly;
# - Gaussian classes: quadratic boundaries (QDA), linear ones when the classes share a covariance
#   (LDA, whose posterior is exactly a logistic regression for two classes and a softmax for more, and how much better LDA estimates it when
#   its model is right), the diagonal and spherical cases down to the nearest-mean classifier;
# - why any exponential family of class densities gives a linear log-odds (Bishop 4.2.4), and what LDA
#   costs when the classes are not Gaussian, however many examples it sees: skewed classes, and far
#   outliers on one side, where logistic regression reaches the Bayes error and LDA does not (but not
#   mislabelled outliers, which pull both, nor heavy tails that both classes share, when the classes are equally
#   likely);
# - estimating the parameters, the pooled covariance with its $N - K$, why QDA overfits when classes
#   are small, and regularised discriminant analysis (RDA) between the two;
# - all of it on iris (with a test of equal covariances), beside scikit-learn, and LDA as Fisher's
#   projection, down to reduced-rank LDA, which classifies in the leading discriminant coordinates.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What you need**: the normal distribution (notebook 02), Bayes' theorem,
# $p(C_k \mid \mathbf{x}) \propto p(\mathbf{x} \mid C_k)\,p(C_k)$ (section 4 says more), maximum likelihood
# (notebook 03), the sigmoid and logistic regression (notebook 04), cross-validation (notebook 04);
# matrices, inverses and determinants.
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Sliders redraw at once. Cells
# marked ✏️ are exercises of four kinds: *derive* a number, *implement* a function, *predict* what a cell or
# widget will show before you run it, *explain* by picking an option. Replace the `...`, run the cell, and
# the check says whether you are right or gives a hint; once you have answered, its **Show the solution**
# button offers a worked solution. An *implement* exercise is checked with the course's package and
# scikit-learn switched off: write the function with numpy and scipy. The cells after an exercise show their
# outcome only once you have answered (any answer): run them again after your answer, then open **After your
# answer: why**.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Sources and notation**: the notebook follows Arias, UPC topic 2 ("Linear classifiers": decision
# theory, the Bayes classifier, LDA, QDA and RDA). Where its slides slip, the box before the Summary
# says so. The course's one notation is in [the notation table](NOTATION.md): $N$ examples, $N_k$ of them in
# class $C_k$, $K$ classes, $D$ features (the slides write $n$, $n_k$ and $d$), and a loss matrix
# $L_{aj}$, the cost of deciding $a$ when the truth is $C_j$: rows are decisions, columns true classes,
# as in the slides' tables. All logarithms are natural.

# %% slideshow={"slide_type": "subslide"}
import lecture_utils  # the course's package: if it is older than this notebook needs, say how to update it
assert hasattr(lecture_utils, "require"), "lecture_utils is older than 0.2: update it as the README's 'Updating the course' says"
lecture_utils.require("0.2")
import matplotlib.pyplot as plt
import numpy as np
from scipy import stats
from scipy.spatial.distance import mahalanobis
from scipy.special import expit, softmax
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression

from lecture_utils import datasets, decision, discriminant, plotting
from lecture_utils.discriminant import LDA, QDA, RDA
from lecture_utils.exercises import discriminant as exercises
from lecture_utils.logistic import LogisticRegression
from lecture_utils.model_selection import confusion_matrix, cross_val_predict, cross_val_score, kfold_indices
from lecture_utils.naive_bayes import GaussianNB
from lecture_utils.widgets import GaussianClassesExplorer, LossMatrixExplorer, RDAExplorer

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Deciding under uncertainty: posteriors and a loss matrix
#
# A classifier sees an input $\mathbf{x}$ and must decide among the classes $C_1, \dots, C_K$. Suppose it
# knows the **posterior** probabilities $p(C_k \mid \mathbf{x})$. Which class should it announce? That
# depends on what mistakes cost. A **loss matrix** $L_{aj}$ says what deciding $a$ costs when the truth
# is $C_j$; the slides' screening test for cancer:
#
# | | truly healthy ($C_0$) | truly has cancer ($C_1$) |
# |---|---|---|
# | **decide healthy** | 0 | 50 |
# | **decide sick** | 10 | 0 |
#
# Missing a cancer (50) is far worse than a false alarm (10), which further tests can correct. The
# truth is unknown, so average the cost over it: the **expected loss** (conditional risk) of decision
# $a$ at $\mathbf{x}$ is
#
# $$R(a \mid \mathbf{x}) = \sum_{j} L_{aj}\, p(C_j \mid \mathbf{x}),$$
#
# row $a$ of the table times the posteriors. The **Bayes decision** takes the smallest:
# $a^*(\mathbf{x}) = \operatorname{argmin}_a R(a \mid \mathbf{x})$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# With $p(C_1 \mid \mathbf{x}) = 0.2$, deciding healthy risks $50 \times 0.2 = 10$ and deciding sick
# risks $10 \times 0.8 = 8$: decide **sick**, although the patient is probably healthy. In general,
# deciding sick is better when $10\,(1 - p) < 50\,p$, that is when
#
# $$p(C_1 \mid \mathbf{x}) > \frac{10}{10 + 50} = \frac{1}{6}.$$
#
# With the 0-1 loss, where both mistakes cost 1, the threshold would be $1/2$.

# %%
MEDICAL = np.array([[0, 50],     # decide healthy: right if healthy, 50 if the patient has cancer
                    [10, 0]])    # decide sick: 10 if healthy (a false alarm), right if sick
print("R(healthy | x), R(sick | x) at p(C_1 | x) = 0.2:",
      decision.expected_loss(MEDICAL, [0.8, 0.2]))
print("Bayes decision (0 = healthy, 1 = sick):", decision.bayes_decision(MEDICAL, [0.8, 0.2]))
print(f"decide sick above p(C_1 | x) = {decision.posterior_threshold(MEDICAL):.4f} = 1/6")

# %% slideshow={"slide_type": "subslide"}
p_sick = np.linspace(0, 1, 201)
risks = decision.expected_loss(MEDICAL, np.column_stack([1 - p_sick, p_sick]))
fig, ax = plt.subplots(figsize=(7, 3.2))
ax.plot(p_sick, risks[:, 0], label="decide healthy: $50\\,p$")
ax.plot(p_sick, risks[:, 1], "--", label="decide sick: $10\\,(1 - p)$")
ax.plot(p_sick, risks.min(axis=1), color="black", alpha=0.3, linewidth=5,
        label="Bayes: the smaller")
ax.axvline(1 / 6, color="grey", linewidth=1)
ax.set(xlabel="posterior $p = p(C_1 \\mid \\mathbf{x})$ of cancer", ylabel="expected loss",
       title="the costs cross at $p = 1/6$, not at $1/2$")
ax.legend(loc="upper center")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# The slides' second table has three classes. At the posteriors $(0.5, 0.3, 0.2)$ the Bayes decision is
# **c**, although **a** is the most probable class: deciding a risks $50 \times 0.3 + 25 \times 0.2 = 20$,
# deciding c only $15 \times 0.5 + 10 \times 0.3 = 10.5$. When a is nearly certain, $(0.9, 0.05, 0.05)$,
# deciding a is cheapest.

# %%
ABC = np.array([[0, 50, 25],       # decide a; columns: the truth is a, b, c
                [10, 0, 500],      # decide b
                [15, 10, 0]])      # decide c

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): the expected losses of the a/b/c table
#
# With the table above and the posteriors $p(\text{a} \mid \mathbf{x}) = 0.6$,
# $p(\text{b} \mid \mathbf{x}) = 0.3$, $p(\text{c} \mid \mathbf{x}) = 0.1$, compute the three expected losses
# by hand. Which decision is best?

# %%
expected_losses = ...     # ✏️ [R(a | x), R(b | x), R(c | x)]
exercises.abc_expected_losses.check(expected_losses)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell computes the expected losses with the package, at the two
# posteriors above and at the exercise's.
if exercises.abc_expected_losses.revealed():
    for posterior in ([0.5, 0.3, 0.2], [0.9, 0.05, 0.05], [0.6, 0.3, 0.1]):
        risks = decision.expected_loss(ABC, posterior)
        print(f"p = {posterior}: R(a), R(b), R(c) = {risks} -> decide "
              f"{'abc'[decision.bayes_decision(ABC, posterior)]}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2 (implement): the expected losses and the Bayes decision
#
# Write `bayes_decision(L, p)` for a loss matrix `L` (rows: decisions, columns: true classes; it may
# have more rows than columns, e.g. a "don't know" row) and the posteriors `p` of one input. Return a
# pair: the array of the expected losses of all decisions, and the index of the Bayes decision. (The
# package's `decision.expected_loss` and `decision.bayes_decision` are what the check compares yours
# with: write your own, with numpy.)

# %%
def bayes_decision(L, p):
    """Return (R, a): R[a] = sum_j L[a, j] p[j] for every decision a, and the best a."""
    ...              # ✏️ your code


exercises.bayes_decision_by_code.check(bayes_decision)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The 0-1 loss: the most probable class, and a reject option
#
# With the 0-1 loss every mistake costs 1 and every right decision 0, $L_{aj} = 1 - [a = j]$ (the bracket is 1 when $a = j$, else 0), so
#
# $$R(a \mid \mathbf{x}) = \sum_{j \ne a} p(C_j \mid \mathbf{x}) = 1 - p(C_a \mid \mathbf{x}),
# \qquad a^*(\mathbf{x}) = \operatorname*{argmin}_a \big(1 - p(C_a \mid \mathbf{x})\big)
# = \operatorname*{argmax}_a p(C_a \mid \mathbf{x}).$$
#
# This is the **Bayes classifier**: the class of largest posterior. It is the rule the slides call
# optimal, and it is optimal *for the 0-1 loss*; section 1 showed that other costs give other rules.
# A check on 10 000 random posteriors of 4 classes:

# %%
posteriors = np.random.default_rng(0).dirichlet(np.full(4, 0.3), size=10_000)
zero_one = decision.zero_one_loss(4)
print(zero_one)
print("expected losses are 1 - p(C_a | x):",
      np.allclose(decision.expected_loss(zero_one, posteriors), 1 - posteriors))
print("the Bayes decision is the argmax of the posterior:",
      np.array_equal(decision.bayes_decision(zero_one, posteriors), posteriors.argmax(axis=1)))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A reject option.** Sometimes the best answer is "I don't know": pass the case to a human or a
# further test at a fixed cost $\lambda$, whatever the class. Add that decision: under the 0-1 loss,
# rejecting beats every class when $\lambda < \min_a R(a \mid \mathbf{x}) = 1 - \max_k p(C_k \mid \mathbf{x})$,
# that is when the most probable class has a posterior below $1 - \lambda$. With $\lambda = 0.2$ every
# input whose largest posterior is under 0.8 is rejected (`REJECT` is -1):

# %%
few = np.array([[0.9, 0.05, 0.05], [0.5, 0.3, 0.2], [0.79, 0.2, 0.01], [0.4, 0.59, 0.01]])
print("decisions:", decision.bayes_decision(decision.zero_one_loss(3), few, reject_cost=0.2))
rejected = decision.bayes_decision(zero_one, posteriors, reject_cost=0.2) == decision.REJECT
print(f"of the 10 000 random posteriors, {rejected.mean():.1%} are rejected; "
      f"all have max p < 0.8: {np.all(posteriors[rejected].max(axis=1) < 0.8)}, "
      f"none of the others: {np.all(posteriors[~rejected].max(axis=1) >= 0.8)}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The Bayes error: no classifier does better
#
# A classifier is a rule $a(\mathbf{x})$; under the 0-1 loss its error rate is
#
# $$P(\text{error}) = 1 - \int p\big(C_{a(\mathbf{x})} \mid \mathbf{x}\big)\, p(\mathbf{x})\, d\mathbf{x}
# = 1 - \int p(C_{a(\mathbf{x})})\, p\big(\mathbf{x} \mid C_{a(\mathbf{x})}\big)\, d\mathbf{x}.$$
#
# At every $\mathbf{x}$ the integrand is largest when $a(\mathbf{x})$ is the class of largest posterior, so the
# Bayes classifier minimises the integral point by point: no rule has a lower error. Its error rate,
# the **Bayes error**, is
#
# $$P^* = 1 - \int \max_k\, p(C_k)\, p(\mathbf{x} \mid C_k)\, d\mathbf{x}
# = \sum_k \int_{\mathbf{x} \notin \mathcal{R}_k} p(C_k)\, p(\mathbf{x} \mid C_k)\, d\mathbf{x},$$
#
# with $\mathcal{R}_k$ the region where class $k$ is decided: each class's probability mass that falls in
# the other classes' regions. It is a property of the distribution $p(\mathbf{x}, C_k)$, not of a data set:
# no classifier, however it was trained and on however many examples, has a lower error rate on new
# examples drawn from that distribution. It is 0 only when the classes do not overlap.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Two 1-D Gaussians.** Let $p(x \mid C_0) = \mathcal{N}(0, 1)$, $p(x \mid C_1) = \mathcal{N}(2, 1)$ and equal priors. The
# weighted densities cross at $x = 1$, and each class has probability $\Phi(-1)$ of falling on the wrong
# side, so $P^* = \tfrac12\Phi(-1) + \tfrac12\Phi(-1) = \Phi(-1) = 0.1587$. `bayes_error_1d` integrates
# numerically (it searches the thresholds, then integrates each region); a simulation of 200 000
# patients agrees within its standard error, and every other threshold does worse:

# %%
normals = [stats.norm(0, 1), stats.norm(2, 1)]
bayes = decision.bayes_error_1d(normals, [0.5, 0.5])
print(f"threshold {bayes.thresholds}, Bayes error {bayes.risk:.6f}; "
      f"Phi(-1) = {stats.norm.cdf(-1):.6f}")
simulated = decision.bayes_error_monte_carlo(normals, [0.5, 0.5], n_samples=200_000, random_state=0)
print(f"simulated: {simulated.risk:.5f} +- {simulated.standard_error:.5f}")
cuts = np.linspace(-1, 3, 81)
errors = [decision.threshold_rule_risk(normals, [0.5, 0.5], [c], [0, 1]).risk for c in cuts]
print(f"over 81 thresholds from -1 to 3, the lowest error is at x = {cuts[np.argmin(errors)]:.2f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **An asymmetric loss moves the threshold.** With the medical costs, decide sick where its expected loss
# is smaller, $10\,p(C_0 \mid x) < 50\,p(C_1 \mid x)$. By Bayes' theorem, with equal priors (which cancel),
# that is where $10\,\mathcal{N}(x; 0, 1) < 50\,\mathcal{N}(x; 2, 1)$. Take logs: the $-x^2/2$ terms cancel and
#
# $$x > x^* = \frac{\mu_0 + \mu_1}{2} + \frac{\sigma^2}{\mu_1 - \mu_0}\,\ln\frac{L_{10}}{L_{01}}
# = 1 + \frac{1}{2}\ln\frac{10}{50} = 0.195 .$$
#
# The threshold moves towards the healthy class: more false alarms, fewer misses. The error rate rises,
# but the expected cost per patient falls below what the 0-1 loss's threshold costs. Shaded below:
# the mistakes of each rule.

# %%
bayes_cost = decision.bayes_error_1d(normals, [0.5, 0.5], MEDICAL)
print(f"threshold {bayes_cost.thresholds[0]:.4f}; 1 + ln(0.2)/2 = {1 + np.log(0.2) / 2:.4f}")
cost_of_zero_one = decision.threshold_rule_risk(normals, [0.5, 0.5], [1.0], [0, 1], MEDICAL)
error_of_cost_rule = decision.threshold_rule_risk(normals, [0.5, 0.5], bayes_cost.thresholds,
                                                  [0, 1])
print(f"Bayes risk {bayes_cost.risk:.3f} (error rate {error_of_cost_rule.risk:.3f}); "
      f"the 0-1 threshold x = 1 costs {cost_of_zero_one.risk:.3f} (error rate {bayes.risk:.3f})")
simulated = decision.bayes_error_monte_carlo(normals, [0.5, 0.5], MEDICAL, n_samples=200_000,
                                             random_state=1)
print(f"simulated Bayes risk: {simulated.risk:.3f} +- {simulated.standard_error:.3f}")

# %% slideshow={"slide_type": "subslide"}
x = np.linspace(-4, 6, 601)
weighted = 0.5 * np.array([normals[0].pdf(x), normals[1].pdf(x)])
fig, axes = plt.subplots(1, 2, figsize=(10, 3.4), sharey=True)
for ax, rule, title in [(axes[0], bayes, "0-1 loss: threshold 1, error 0.159"),
                        (axes[1], bayes_cost, "medical loss: threshold 0.195, risk 3.00")]:
    plotting.plot_error_areas(ax, x, weighted, rule.decide(x), ["healthy", "sick"])
    ax.axvline(rule.thresholds[0], color="black", linestyle="--", linewidth=1.2)
    ax.set_title(title, fontsize="medium")
axes[0].legend(loc="upper left", fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (derive): how rare a disease moves the threshold to 1.5
#
# Same classes and costs (a miss costs 50, a false alarm 10), but now the disease is rare. How small must
# its prior $p(C_1)$ be for the Bayes threshold to sit at $x^* = 1.5$, half-way between the midpoint 1 and
# the sick class's mean 2? Predict first: must $p(C_1)$ be below $1/6$, the prior at which the rarity and the
# cost of a miss cancel, or above it? Then compute.

# %%
prior_sick = ...     # ✏️ p(C_1), a number
exercises.asymmetric_threshold.check(prior_sick)

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: the cost of a miss
#
# The explorer starts with the slides' medical table: a miss costs 50, a false alarm 10, equal priors.
# On the left, the weighted densities with the Bayes rule's mistakes shaded (the healthy class's false
# alarms, the sick class's misses); on the right, the expected loss of each decision against $x$: the
# Bayes rule follows the lower curve, and the threshold is where they cross. Try:
#
# - **lower the miss cost to 10**: the threshold moves back to 1, the midpoint, and the shaded areas
#   become equal;
# - **raise it to 100**: the threshold moves further left, the false alarms grow; read the status: the
#   error rate rises while the expected cost stays below that of the 0-1 rule;
# - **lower the prior of sickness**: which way does the threshold move? Between which two settings of
#   the prior does it pass $x = 1.5$, and does your answer to Exercise 3 lie between them?

# %% slideshow={"slide_type": "subslide"}
costs = LossMatrixExplorer(means=(0, 2), sigmas=(1, 1), miss_cost=50, false_alarm_cost=10)
costs

# %% [markdown] slideshow={"slide_type": "subslide"}
# From code, a second explorer steps the miss cost up (the one above keeps the slides' table):

# %%
demo = LossMatrixExplorer()
for miss in (10, 50, 100):
    demo.set_costs(miss=miss)
    print(demo.status)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Two ways to learn the posterior: generative and discriminative
#
# In practice $p(C_k \mid \mathbf{x})$ is unknown and must be learnt from data; the Bayes classifier is the
# ideal that a learnt classifier approaches. There are two routes (slides, after Freund):
#
# - **generative**: model how each class produces its inputs, $p(\mathbf{x} \mid C_k)$, and the class
#   frequencies $p(C_k)$; then Bayes' theorem gives
#   $p(C_k \mid \mathbf{x}) = p(\mathbf{x} \mid C_k)\,p(C_k) / \sum_j p(\mathbf{x} \mid C_j)\,p(C_j)$. LDA, QDA and RDA
#   (this notebook) and Naive Bayes (notebook 07) do this;
# - **discriminative**: model $p(C_k \mid \mathbf{x})$ directly, as logistic regression does
#   (notebook 04), without saying anything about how $\mathbf{x}$ is distributed.
#
# The generative route assumes more. When its assumptions hold, it gets more out of the same examples:
# its estimates vary less from sample to sample (section 5 measures by how much, at a fixed $N$); when
# they do not hold, its posterior is wrong however many examples it sees. In exchange it can generate
# inputs and handle a missing feature by integrating it out.

# %% [markdown] slideshow={"slide_type": "subslide"}
# For the two Gaussians of section 3 the generative model gives the log-odds
#
# $$\ln\frac{p(C_1 \mid x)}{p(C_0 \mid x)} = \ln\frac{p(C_1)}{p(C_0)} - \frac{(x - \mu_1)^2}{2\sigma^2}
# + \frac{(x - \mu_0)^2}{2\sigma^2} = \underbrace{\frac{\mu_1 - \mu_0}{\sigma^2}}_{w}\,x
# \underbrace{- \frac{\mu_1^2 - \mu_0^2}{2\sigma^2} + \ln\frac{p(C_1)}{p(C_0)}}_{b}:$$
#
# a linear function, so the posterior is $\sigma(wx + b)$, exactly the model that logistic regression
# fits. With unequal variances the $x^2$ terms stay and the log-odds are quadratic: no logistic
# regression on $x$ alone can represent that posterior.

# %%
x = np.linspace(-4, 6, 101)
for sigma_1 in (1.0, 2.0):
    variances = [[[1.0]], [[sigma_1 ** 2]]]
    true_posterior = discriminant.gaussian_posterior(x[:, None], [[0], [2]], variances,
                                                     [0.5, 0.5])[:, 1]
    log_odds = np.log(true_posterior / (1 - true_posterior))
    curvature = np.polyfit(x, log_odds, 2)[0]
    print(f"sigma_1 = {sigma_1}: log-odds = a x^2 + w x + b with a = {curvature:+.4f}", end="")
    print(f"; sigma(2x - 2) exact: {np.allclose(true_posterior, expit(2 * x - 2))}"
          if sigma_1 == 1 else "")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Gaussian classes: QDA, LDA and the nearest mean
#
# **Discriminant analysis** is the Bayes classifier for Gaussian classes,
# $p(\mathbf{x} \mid C_k) = \mathcal{N}(\mathbf{x}; \boldsymbol\mu_k, \boldsymbol\Sigma_k)$, with priors $\pi_k = p(C_k)$. The
# discriminant function of class $k$ is its joint log-probability,
#
# $$g_k(\mathbf{x}) = \ln \pi_k + \ln \mathcal{N}(\mathbf{x}; \boldsymbol\mu_k, \boldsymbol\Sigma_k)
# = \ln\pi_k - \tfrac12 \ln\lvert 2\pi\boldsymbol\Sigma_k\rvert - \tfrac12 \Delta_k(\mathbf{x})^2,
# \qquad \Delta_k(\mathbf{x})^2 = (\mathbf{x} - \boldsymbol\mu_k)^T\boldsymbol\Sigma_k^{-1}(\mathbf{x} - \boldsymbol\mu_k),$$
#
# and the posterior is $p(C_k \mid \mathbf{x}) = e^{g_k(\mathbf{x})} / \sum_j e^{g_j(\mathbf{x})}$, the softmax of the
# $g_k$. $\Delta_k$ is the **Mahalanobis distance** from $\mathbf{x}$ to the class mean: distance measured in
# units of the class's spread in each direction, so that a point far along a direction where the class
# is wide counts as near. Each $g_k$ is quadratic in $\mathbf{x}$, and so are the boundaries
# $g_j(\mathbf{x}) = g_k(\mathbf{x})$: **quadratic discriminant analysis** (QDA).

# %% [markdown] slideshow={"slide_type": "subslide"}
# The package computes
# $\Delta_k$ with a Cholesky factor $\boldsymbol\Sigma_k = \mathbf{L}_k\mathbf{L}_k^T$, as $\|\mathbf{L}_k^{-1}(\mathbf{x} - \boldsymbol\mu_k)\|$,
# and normalises in log space; checked against scipy:

# %%
means = np.array([[0.0, 0.0], [2.0, 1.0]])
covariances = np.array([[[1.0, 0.5], [0.5, 1.5]], [[0.6, -0.2], [-0.2, 0.4]]])
priors = np.array([0.6, 0.4])
points = np.random.default_rng(1).normal(size=(5, 2)) * 2
g = discriminant.gaussian_joint_log_likelihood(points, means, covariances, priors)
scipy_g = np.column_stack([np.log(p) + stats.multivariate_normal(m, c).logpdf(points)
                           for m, c, p in zip(means, covariances, priors)])
print("g_k(x) equal scipy's log pi_k + log N:", np.allclose(g, scipy_g, rtol=1e-12))
distance = discriminant.mahalanobis_distance(points, means[1], covariances[1])
scipy_distance = [mahalanobis(x_, means[1], np.linalg.inv(covariances[1])) for x_ in points]
print("Mahalanobis distances to mu_2:", distance, np.allclose(distance, scipy_distance, rtol=1e-12))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **One shared covariance: LDA.** If every class has the same $\boldsymbol\Sigma$, the terms
# $-\frac12\ln\lvert 2\pi\boldsymbol\Sigma\rvert$ and $-\frac12\mathbf{x}^T\boldsymbol\Sigma^{-1}\mathbf{x}$ are the same in every
# $g_k$ and cancel in the softmax. What is left is linear in $\mathbf{x}$ ($\simeq$: equal up to terms that are
# the same for every class):
#
# $$g_k(\mathbf{x}) \simeq \mathbf{w}_k^T\mathbf{x} + b_k, \qquad \mathbf{w}_k = \boldsymbol\Sigma^{-1}\boldsymbol\mu_k, \qquad
# b_k = -\tfrac12\boldsymbol\mu_k^T\boldsymbol\Sigma^{-1}\boldsymbol\mu_k + \ln\pi_k ,$$
#
# the slides' linear discriminant functions: **linear discriminant analysis** (LDA), with hyperplanes for
# boundaries. The posterior is the softmax of these $K$ linear functions (section 10 checks it on
# iris); for two classes it is exactly a logistic regression,
# $p(C_1 \mid \mathbf{x}) = \sigma(\mathbf{w}^T\mathbf{x} + b)$ with $\mathbf{w} = \boldsymbol\Sigma^{-1}(\boldsymbol\mu_1 - \boldsymbol\mu_0)$ and
# $b = b_1 - b_0$. Below: 2000 examples with $\boldsymbol\mu_1 - \boldsymbol\mu_0 = (2, 1)$ and
# $\boldsymbol\Sigma = \begin{pmatrix} 1 & 0.5 \\ 0.5 & 1.5 \end{pmatrix}$, for which $\mathbf{w} = (2, 0)$ and
# $b = -2$ exactly. LDA estimates them through the means and $\boldsymbol\Sigma$; logistic regression
# (Newton's method, notebook 05) fits the same function directly; both come close.

# %%
shared = np.array([[1.0, 0.5], [0.5, 1.5]])
data = datasets.make_gaussian_classes(means, [shared, shared], 1000, random_state=1)
lda = LDA().fit(data.X, data.y)
logistic_of_linear = expit(data.X @ lda.coef_[0] + lda.intercept_[0])
print("LDA's posterior is sigma(w^T x + b):",
      np.allclose(lda.predict_proba(data.X)[:, 1], logistic_of_linear))
logistic = LogisticRegression(solver="newton").fit(data.X, data.y)
print(f"true w = (2, 0), b = -2; LDA w = {lda.coef_[0]}, b = {lda.intercept_[0]:.4f}; "
      f"logistic w = {logistic.coef_}, b = {logistic.intercept_:.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Both estimate the same $(\mathbf{w}, b)$ when the classes really are Gaussian with a shared covariance.
# Which estimate is better? A fair answer needs many samples: 2000 samples of $N = 200$ examples, each
# example's class drawn with probability $\frac12$ (so the class sizes vary, as in Efron's setting
# below), and two measures of each fit:
#
# - the squared error $\|(\hat{\mathbf{w}}, \hat b) - (\mathbf{w}, b)\|^2$ of the parameters, which is what a
#   posterior probability depends on;
# - the **excess error rate**, the fitted rule's error rate less the Bayes error, which is what the
#   decisions depend on. For a linear rule on Gaussian classes it is exact: within class $k$ the score
#   $\hat{\mathbf{w}}^T\mathbf{x} + \hat b$ is normal with mean $\hat{\mathbf{w}}^T\boldsymbol\mu_k + \hat b$ and variance
#   $\hat{\mathbf{w}}^T\boldsymbol\Sigma\hat{\mathbf{w}}$, so each class's error is a value of $\Phi$.
#
# Fitting 4000 models one by one would take seconds, so `fit_both` fits all the samples at once: LDA by
# its formulas, logistic regression by Newton's method (notebook 05) on every sample together. First it
# is checked against the package's `LDA` and `LogisticRegression` on three samples.

# %% slideshow={"slide_type": "subslide"}
def fit_both(X, t):
    """LDA's and logistic regression's (w_1, w_2, b) on each sample X[s], t[s], all at once."""
    return lda_fits(X, t), logistic_fits(X, t)


def lda_fits(X, t):
    """LDA's (w_1, w_2, b) on each sample, by its formulas."""
    onehot = np.stack([1 - t, t], axis=-1).astype(float)                      # (S, N, 2)
    counts = onehot.sum(axis=1)                                               # N_0, N_1 of each sample
    mu = onehot.transpose(0, 2, 1) @ X / counts[..., None]                    # the class means, (S, 2, 2)
    centred = X - onehot @ mu                                                 # x minus its class's mean
    pooled = centred.transpose(0, 2, 1) @ centred / (X.shape[1] - 2)          # pooled covariance, N - K
    w = np.linalg.solve(pooled, (mu[:, 1] - mu[:, 0])[..., None])[..., 0]
    b = -0.5 * np.sum(w * (mu[:, 1] + mu[:, 0]), axis=1) + np.log(counts[:, 1] / counts[:, 0])
    return np.column_stack([w, b])


def logistic_fits(X, t):
    """Logistic regression's (w_1, w_2, b) on each sample, by Newton's method on every sample together."""
    design = np.concatenate([X, np.ones(X.shape[:2] + (1,))], axis=2)         # the inputs (x, 1), (S, N, 3)
    v, gradient = np.zeros((len(X), 3, 1)), np.ones((len(X), 3, 1))
    while np.abs(gradient).max() > 1e-9:                # Newton: gradient, Hessian, solve, every sample
        p = expit(design @ v)                                                 # (S, N, 1)
        gradient = design.transpose(0, 2, 1) @ (p - t[..., None])             # X^T (p - t)
        hessian = design.transpose(0, 2, 1) @ (design * (p * (1 - p)))        # X^T diag(p (1 - p)) X
        v -= np.linalg.solve(hessian, gradient)
    return v[..., 0]


# %% slideshow={"slide_type": "subslide"}
def samples(rng, separation, S=2000, N=200):
    """S samples of N examples of the two classes, their means moved apart to Mahalanobis distance separation."""
    t = rng.integers(0, 2, size=(S, N))                 # each example's class, with probability 1/2
    x = datasets.gaussian_classes_from_noise(rng.standard_normal((S * N, 2)), t.ravel(),
                                             means * separation / 2, [shared, shared])
    return x.reshape(S, N, 2), t


rng = np.random.default_rng(2)
X_s, t_s = samples(rng, 2, S=3)
for X_one, t_one, lda_fit, logistic_fit in zip(X_s, t_s, *fit_both(X_s, t_s)):
    ours = LDA().fit(X_one, t_one), LogisticRegression(solver="newton", tol=1e-12).fit(X_one, t_one)
    print("fit_both = LDA, LogisticRegression on a sample:",
          np.allclose(lda_fit, np.r_[ours[0].coef_[0], ours[0].intercept_], rtol=1e-10),
          np.allclose(logistic_fit, np.r_[ours[1].coef_, ours[1].intercept_], rtol=1e-8))

# %% slideshow={"slide_type": "subslide"}
def error_rate(fits, mu):
    """The exact error rate of each linear rule w^T x + b > 0 (decide class 1) on the two Gaussian classes."""
    w, b = fits[:, :2], fits[:, 2]
    spread = np.sqrt(np.einsum("si,ij,sj->s", w, shared, w))
    return 0.5 * stats.norm.sf(-(w @ mu[0] + b) / spread) + 0.5 * stats.norm.cdf(-(w @ mu[1] + b) / spread)


def ratio(a, b):
    """mean(a) / mean(b) over the same samples, with its standard error (delta method), as text."""
    r = a.mean() / b.mean()
    return f"{r:.2f} +- {r * np.std(a / a.mean() - b / b.mean()) / np.sqrt(len(a)):.2f}"


# %% slideshow={"slide_type": "subslide"}
for separation in (2, 3):                              # 2: the means above; 3: further apart
    mu = means * separation / 2
    w_true = np.linalg.solve(shared, mu[1] - mu[0])
    truth = np.r_[w_true, -0.5 * w_true @ (mu[0] + mu[1])]
    fits = fit_both(*samples(rng, separation))
    squared = [np.sum((fit - truth) ** 2, axis=1) for fit in fits]
    along = [((fit - truth) @ truth) ** 2 / (truth @ truth) for fit in fits]     # along (w, b) itself
    excess = [error_rate(fit, mu) - stats.norm.cdf(-separation / 2) for fit in fits]
    print(f"distance {separation}, Bayes error {stats.norm.cdf(-separation / 2):.3f}, means of 2000 samples:")
    print(f"  squared error of (w, b): LDA {squared[0].mean():.3f}, logistic {squared[1].mean():.3f}, "
          f"ratio {ratio(*squared)}; the share along (w, b) itself: LDA "
          f"{along[0].mean() / squared[0].mean():.2f}, logistic {along[1].mean() / squared[1].mean():.2f}")
    print(f"  excess error rate: LDA {excess[0].mean():.4f}, logistic {excess[1].mean():.4f}, "
          f"ratio {ratio(*excess)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# LDA is the more accurate by both measures, and the more so the further apart the classes are; the
# measures disagree on how much. Logistic regression's squared error of $(\mathbf{w}, b)$ grows fast as the
# classes separate, and most of it lies along $(\mathbf{w}, b)$ itself: with few examples near the
# boundary, the likelihood hardly changes when $(\mathbf{w}, b)$ is scaled up or down, so the estimates
# scatter in that direction. Scaling $(\mathbf{w}, b)$ does not move the boundary
# $\mathbf{w}^T\mathbf{x} + b = 0$: the posteriors suffer, the decisions far less.
#
# Efron (1975) compared the two on this model (two Gaussian classes sharing a covariance, the examples
# drawn from the mixture) by the expected excess error rate, as $N \to \infty$. The limit of the ratio
# LDA / logistic of the excess errors is logistic regression's **asymptotic relative efficiency**: it
# needs about 1/ratio times as many examples to decide as well as LDA. He found it close to 1 when the
# classes overlap heavily and falling as they separate: "between one half and two thirds" for the
# separations he judged statistically interesting. The simulation, at a finite $N = 200$, follows the
# same trend (0.89 at distance 2, 0.62 at distance 3). Were the classes not Gaussian, LDA's estimate
# could be off however large $N$; logistic regression needs only the log-odds to be linear.

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Classes that are not Gaussian: exponential families
#
# Linear log-odds are not special to Gaussians (Bishop, *Pattern Recognition and Machine Learning*,
# 4.2.4). Let each class density belong to one **exponential family**,
#
# $$p(\mathbf{x} \mid \boldsymbol\theta_k) = h(\mathbf{x})\, g(\boldsymbol\theta_k)\, \exp\big(\boldsymbol\theta_k^T \mathbf{x}\big),$$
#
# with its own natural parameter $\boldsymbol\theta_k$ and the same $h$. Then
# $\ln p(\mathbf{x} \mid C_k)\,p(C_k) = \boldsymbol\theta_k^T\mathbf{x} + \ln g(\boldsymbol\theta_k) + \ln\pi_k + \ln h(\mathbf{x})$, and the
# last term, the only one not linear in $\mathbf{x}$, is common to every class and cancels in Bayes' theorem:
#
# $$p(C_k \mid \mathbf{x}) = \operatorname{softmax}_k\big(\mathbf{w}_k^T\mathbf{x} + b_k\big), \qquad
# \mathbf{w}_k = \boldsymbol\theta_k, \quad b_k = \ln g(\boldsymbol\theta_k) + \ln\pi_k ;$$
#
# for two classes $\sigma(\mathbf{w}^T\mathbf{x} + b)$ with $\mathbf{w} = \boldsymbol\theta_1 - \boldsymbol\theta_0$. Gaussians sharing a
# covariance are one case ($\boldsymbol\theta_k = \boldsymbol\Sigma^{-1}\boldsymbol\mu_k$, the quadratic form in $h$); independent
# Bernoulli features (notebook 07), Poisson counts and exponential waiting times are others. Logistic
# regression is the right model for all of them; LDA only for the first.

# %% slideshow={"slide_type": "subslide"}
# Poisson counts, rates 2 and 5, priors 0.3 and 0.7: theta_k = ln(lambda_k), g(theta_k) = exp(-lambda_k), h = 1 / x!
x_counts = np.arange(0, 16)
poisson_rates, poisson_priors = np.array([2.0, 5.0]), np.array([0.3, 0.7])
poisson_joint = poisson_priors[:, None] * stats.poisson.pmf(x_counts, poisson_rates[:, None])   # p(x | C_k) p(C_k)
w_poisson = np.log(poisson_rates[1] / poisson_rates[0])
b_poisson = -(poisson_rates[1] - poisson_rates[0]) + np.log(poisson_priors[1] / poisson_priors[0])
print(f"w = ln(5/2) = {w_poisson:.4f}, b = -(5 - 2) + ln(0.7/0.3) = {b_poisson:.4f}")
print("p(C_1 | x) = sigmoid(w x + b) for x = 0..15, against scipy's Poisson pmf:",
      np.allclose(poisson_joint[1] / poisson_joint.sum(axis=0), expit(w_poisson * x_counts + b_poisson), rtol=1e-12))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (derive): the Bayes threshold of two exponential classes
#
# Waiting times: class $C_0$ is exponential with rate $\lambda_0 = 1$, $p(x \mid C_0) = e^{-x}$ for $x \ge 0$, and
# class $C_1$ with rate $\lambda_1 = 5$, $p(x \mid C_1) = 5e^{-5x}$; the priors are equal. Below which $x^*$ is
# $C_1$ the more probable class?

# %%
threshold = ...     # ✏️ a number
exercises.exponential_threshold.check(threshold)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell fits LDA and logistic regression to N waiting times (half of each
# class) and prints the threshold -b/w each finds, and its error rate, exact for these classes.
def exponential_error(threshold):
    """The error rate of 'decide C_1 below the threshold' for the rates 1 and 5, equal priors."""
    return 0.5 * np.exp(-5 * threshold) + 0.5 * (1 - np.exp(-threshold))


waiting = np.random.default_rng(6)
thresholds = {}
for N in (100, 1_000, 10_000, 100_000):
    x_wait = np.r_[waiting.exponential(1.0, N // 2), waiting.exponential(1 / 5, N // 2)][:, None]
    t_wait = np.r_[np.zeros(N // 2, int), np.ones(N // 2, int)]
    fits = [LDA().fit(x_wait, t_wait), LogisticRegression(solver="newton").fit(x_wait, t_wait)]
    thresholds[N] = [float(-np.ravel(m.intercept_)[0] / np.ravel(m.coef_)[0]) for m in fits]
if exercises.exponential_threshold.revealed():
    print(f"Bayes: threshold ln 5 / 4 = {np.log(5) / 4:.4f}, error {exponential_error(np.log(5) / 4):.4f}")
    for N, (lda_x, logistic_x) in thresholds.items():
        print(f"N = {N:6}: LDA {lda_x:.4f} (error {exponential_error(lda_x):.4f}), "
              f"logistic {logistic_x:.4f} (error {exponential_error(logistic_x):.4f})")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **$x^* = \ln 5/4 \approx 0.402$.** The log-odds $\ln\frac{5e^{-5x}}{e^{-x}} = \ln 5 - 4x$ is linear, as the
# exponential family promises, and vanishes there. Logistic regression fits exactly that family, and its
# threshold tends to 0.402 as $N$ grows. LDA models each class as a Gaussian with one shared variance; with
# equal priors its threshold is the midpoint of the class means, $(1 + 0.2)/2 = 0.6$, and more examples
# only pin it down more precisely there: its error tends to 0.250, against the Bayes error 0.2325. This is
# the other side of Efron's comparison: LDA gains efficiency when its assumption holds and pays a fixed
# price, which no $N$ removes, when it does not. Skewed classes and outliers move the means and variances
# that LDA builds its boundary from; the next subsection shows outliers doing it.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Far outliers on one side: a price LDA pays at any $N$
#
# The waiting times were skewed. Outliers are the other common way for classes not to be Gaussian. Take one
# feature: class $C_0$ is $\mathcal{N}(0, 1)$ and class $C_1$ is $\mathcal{N}(2, 1)$, except that a share
# $\varepsilon = 0.05$ of class 1's examples come from $\mathcal{N}(30, 1)$ instead: correctly labelled, and so
# deep in class 1's side that a sensible classifier never gets them wrong. The classes are equally frequent.
# Near $x = 1$ the far examples change only class 1's density, by the factor 0.95, so the Bayes threshold
# moves just from 1 to $1 - \frac12\ln 0.95 = 1.026$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 5 (derive): LDA's error rate with far outliers
#
# LDA is fitted to $N$ examples of these classes. As $N$ grows, its rule "decide $C_1$ above $x^*$" tends to a
# fixed rule. To which error rate on these classes does it tend? Give 3 significant figures (`stats.norm.cdf`
# gives $\Phi$).

# %%
lda_error = ...     # ✏️ a number
exercises.outlier_error_rate.check(lda_error)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell fits LDA and logistic regression, the package's and scikit-learn's, to N
# examples and prints the threshold -b/w each finds, and its error rate, exact for these classes.
def far_sample(rng, N, share=0.05, far=30.0):
    """N // 2 examples of each class: N(0, 1), and N(2, 1) with a share of them drawn from N(far, 1) instead."""
    x_0, x_1 = rng.normal(0.0, 1.0, N // 2), rng.normal(2.0, 1.0, N // 2)
    x_1[rng.random(N // 2) < share] += far - 2.0
    return np.r_[x_0, x_1][:, None], np.repeat([0, 1], N // 2)


def far_error(threshold, share=0.05, far=30.0):
    """The error rate of 'decide C_1 above the threshold' on those classes."""
    missed = (1 - share) * stats.norm.cdf(threshold - 2) + share * stats.norm.cdf(threshold - far)
    return 0.5 * stats.norm.sf(threshold) + 0.5 * missed


rng = np.random.default_rng(7)
found = {}
for N in (100, 1_000, 10_000, 100_000):
    x_far, t_far = far_sample(rng, N)
    models = [LDA(), LinearDiscriminantAnalysis(), LogisticRegression(solver="newton"),
              SklearnLogisticRegression(C=np.inf, solver="newton-cholesky")]
    found[N] = [float(-np.ravel(m.fit(x_far, t_far).intercept_)[0] / np.ravel(m.coef_)[0]) for m in models]
if exercises.outlier_error_rate.revealed():
    print(f"Bayes: threshold {1 - np.log(0.95) / 2:.3f}, error {far_error(1 - np.log(0.95) / 2):.4f}")
    print("threshold (error)   LDA: ours         scikit-learn     logistic: ours      scikit-learn")
    for N, found_N in found.items():
        print(f"N = {N:6}:  " + "  ".join(f"{x:.3f} ({far_error(x):.4f})" for x in found_N))

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **$0.204$.** With equal priors LDA's threshold is the midpoint of its class means, whatever its pooled
# variance $s^2$: $-b/w = (\hat\mu_0 + \hat\mu_1)/2$, since $s^2$ scales $w$ and $b$ alike. Class 1's mean
# tends to $0.95 \cdot 2 + 0.05 \cdot 30 = 3.4$, so the threshold tends to 1.7, 0.67 past the Bayes threshold
# into class 1. That rule misses class 0's examples above 1.7 and class 1's below it, never the far ones:
# $\frac12(1 - \Phi(1.7)) + \frac12 \cdot 0.95\,\Phi(-0.3) = 0.0223 + 0.1815 = 0.204$, against the Bayes error 0.155. More examples pin LDA's threshold
# down, at the wrong place. Logistic regression's tends to the Bayes threshold: its limit, found by quadrature,
# is $w = 2$, $b = -2 + \ln 0.95$ to 8 figures, since the far examples, already classified with certainty,
# add nothing to its gradient. scikit-learn's two classes agree with the package's.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Outliers in the plane: the two boundaries, and the error rate against $N$
#
# The same in two dimensions, with the classes of section 5 ($\boldsymbol\mu_0 = (0, 0)$, $\boldsymbol\mu_1 = (2, 1)$,
# the shared $\boldsymbol\Sigma$): each example of class 1 is moved, with probability 0.05, to
# $\mathcal{N}((12, -4), 0.25\,\mathbf{I})$, correctly labelled and deep in class 1's side. A linear rule's error
# rate is exact, as in `error_rate` above, plus the outliers' own share. The Bayes boundary is the clean one
# moved by $\ln 0.95$, as in one dimension (on it the outliers' density is below $10^{-100}$ of class 1's).
# Below: the mean error rates of 20 samples for each $N$.

# %% slideshow={"slide_type": "subslide"}
def outlier_sample(rng, N, far=(12.0, -4.0), share=0.05):
    """N examples of section 5's classes; each of class 1 is moved, with probability share, to N(far, 0.25 I)."""
    t = rng.integers(0, 2, N)
    x = datasets.gaussian_classes_from_noise(rng.standard_normal((N, 2)), t, means, [shared, shared])
    moved = (t == 1) & (rng.random(N) < share)
    x[moved] = np.asarray(far) + 0.5 * rng.standard_normal((moved.sum(), 2))
    return x, t, moved


def outlier_error(w, b, far=(12.0, -4.0), share=0.05):
    """The exact error rate of the linear rule w^T x + b > 0 (decide class 1) on those classes, outliers included."""
    spread = np.sqrt(w @ shared @ w)
    missed = [stats.norm.sf(-(w @ means[0] + b) / spread), stats.norm.cdf(-(w @ means[1] + b) / spread),
              stats.norm.cdf(-(w @ np.asarray(far) + b) / (0.5 * np.linalg.norm(w)))]
    return 0.5 * missed[0] + 0.5 * ((1 - share) * missed[1] + share * missed[2])


def rule(model):
    """A fitted linear model's (w, b), for two classes, whichever package fitted it."""
    return np.ravel(model.coef_), float(np.ravel(model.intercept_)[0])


# %% slideshow={"slide_type": "subslide"}
w_clean = np.linalg.solve(shared, means[1] - means[0])
b_clean = -0.5 * w_clean @ (means[0] + means[1])
print(f"Bayes error {outlier_error(w_clean, b_clean + np.log(0.95)):.4f}; mean error rates of 20 samples:")
print("     N   LDA: ours  scikit-learn   logistic: ours  scikit-learn")
rng = np.random.default_rng(8)
for N in (100, 1_000, 10_000):
    rates = []
    for _ in range(20):
        X_out, t_out, moved = outlier_sample(rng, N)
        models = [LDA(), LinearDiscriminantAnalysis(), LogisticRegression(solver="newton"),
                  SklearnLogisticRegression(C=np.inf, solver="newton-cholesky")]
        rates.append([outlier_error(*rule(m.fit(X_out, t_out))) for m in models])
    print(f"{N:6}      " + "        ".join(f"{r:.4f}" for r in np.mean(rates, axis=0)))

# %% slideshow={"slide_type": "subslide"}
# One sample of 1000 examples, and where the boundaries fitted to it go:
X_out, t_out, moved = outlier_sample(np.random.default_rng(9), 1000)
lda_out, logistic_out = LDA().fit(X_out, t_out), LogisticRegression(solver="newton").fit(X_out, t_out)
view = (-4, 14), (-6, 5)
fig, ax = plt.subplots(figsize=(5.6, 2.9))
plotting.plot_data(ax, X_out, t_out, labels=["class 0", "class 1"], s=16)
for (w, b), label, style in (((w_clean, b_clean + np.log(0.95)), "Bayes", "Bayes"),
                             (rule(lda_out), "LDA", "LDA"), (rule(logistic_out), "logistic regression", "QDA")):
    plotting.plot_hyperplane(ax, w, b, False, *view, label=label, **plotting.BOUNDARY_STYLES[style])   # no arrow
ax.set(aspect="equal", xlabel="$x_1$", ylabel="$x_2$")
ax.legend(loc="upper right", fontsize=8)
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# LDA's error rate settles near 0.19 while logistic regression's falls to the Bayes error, 0.155; each
# package agrees with scikit-learn.
#
# **Why.** LDA's boundary is a function of its estimates alone: the normal
# $\mathbf{w} = \hat{\boldsymbol\Sigma}^{-1}(\hat{\boldsymbol\mu}_1 - \hat{\boldsymbol\mu}_0)$, and with priors nearly equal, as
# here, the boundary passes near the midpoint of the means. The outliers pull class 1's mean towards $(12, -4)$
# and stretch the pooled covariance along $(10, -5)$, so the boundary turns, and passes through a moved
# midpoint. Those are the limits of the estimates, not noise in them: no $N$ undoes them.
#
# Logistic regression minimises $\sum_i -\ln \sigma\big(\pm(\mathbf{w}^T\mathbf{x}_i + b)\big)$. A point far on its own
# side has a loss near 0 and a gradient term $(p_i - t_i)\,\tilde{\mathbf{x}}_i$ near 0 as well: the loss saturates,
# and the fit is set by the points near the boundary, where $p_i$ is far from $t_i$. The next cell checks
# both on the sample above.

# %% slideshow={"slide_type": "subslide"}
# The sample above, refitted without its outliers:
kept = ~moved
lda_kept = LDA().fit(X_out[kept], t_out[kept])
logistic_kept = LogisticRegression(solver="newton").fit(X_out[kept], t_out[kept])
print(f"{moved.sum()} outliers; LDA, class 1's mean: {lda_out.means_[1]} with them, {lda_kept.means_[1]} without")
print("pooled covariance with them:", lda_out.covariance_.ravel(), "without:", lda_kept.covariance_.ravel())
print(f"LDA's normal w is turned by {np.degrees(np.arctan2(*rule(lda_out)[0][::-1])):.0f} degrees from (2, 0), Bayes'")
print(f"logistic: on the outliers 1 - p is at most {np.max(1 - logistic_out.predict_proba(X_out[moved])[:, 1]):.0e};")
print("  (w, b) with them:", np.r_[rule(logistic_out)[0], rule(logistic_out)[1]],
      "without:", np.r_[rule(logistic_kept)[0], rule(logistic_kept)[1]])

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### What is not true: two limits of the argument
#
# - **Logistic regression is not robust to far outliers on the wrong side.** Put the same 5% of class 1 at
#   $(-10, 4)$, deep in class 0's side, still labelled 1 (mislabelled examples, say). Their loss grows
#   linearly with their distance from the boundary and does not saturate: they pull on logistic regression
#   as hard as on LDA.
# - **Heavy tails shared by equally likely classes do not bias LDA.** If both classes are Student $t$ with $\nu = 3$ degrees of freedom
#   and the same scatter matrix $\boldsymbol\Sigma$, each density decreases with the Mahalanobis distance
#   $\Delta_k(\mathbf{x})$, so with equal priors the Bayes boundary is $\Delta_0 = \Delta_1$, LDA's hyperplane;
#   and LDA's estimates tend to the means and to $\frac{\nu}{\nu - 2}\boldsymbol\Sigma$, whose scale does not
#   move that boundary. With unequal priors they do: the Bayes boundary is then a conic, not a line, and the scale
#   $\frac{\nu}{\nu - 2}$ shrinks LDA's $\mathbf{w}$ against the $\ln(\pi_1/\pi_0)$ in its $b$, which moves its line
#   (the cell's second case, priors 0.2 and 0.8).

# %% slideshow={"slide_type": "subslide"}
# Both on 10 000 examples, each rule's error rate exact (on the clean classes in the first case):
rng = np.random.default_rng(10)
X_wrong, t_wrong, _ = outlier_sample(rng, 10_000, far=(-10.0, 4.0))
wrong = [outlier_error(*rule(m.fit(X_wrong, t_wrong)), share=0.0)
         for m in (LDA(), LogisticRegression(solver="newton"))]
print(f"mislabelled outliers: LDA {wrong[0]:.4f}, logistic {wrong[1]:.4f}; clean Bayes error {stats.norm.cdf(-1):.4f}")
t_heavy = rng.integers(0, 2, 10_000)
noise = rng.standard_normal((10_000, 2)) * np.sqrt(3 / rng.chisquare(3, 10_000))[:, None]   # Student t, nu = 3
X_heavy = datasets.gaussian_classes_from_noise(noise, t_heavy, means, [shared, shared])
heavy = []
for m in (LDA(), LogisticRegression(solver="newton")):
    w, b = rule(m.fit(X_heavy, t_heavy))
    spread = np.sqrt(w @ shared @ w)
    heavy.append(0.5 * stats.t.sf(-(w @ means[0] + b) / spread, 3) + 0.5 * stats.t.cdf(-(w @ means[1] + b) / spread, 3))
print(f"Student t classes: LDA {heavy[0]:.4f}, logistic {heavy[1]:.4f}; Bayes error {stats.t.cdf(-1, 3):.4f}")

# %% slideshow={"slide_type": "subslide"}
# The same classes with priors 0.2 and 0.8; the Bayes rule compares the t densities, a function of the Mahalanobis
# distances, and its error rate is counted on 200 000 new examples:
t_heavy = (rng.random(10_000) < 0.8).astype(int)
noise = rng.standard_normal((10_000, 2)) * np.sqrt(3 / rng.chisquare(3, 10_000))[:, None]
X_heavy = datasets.gaussian_classes_from_noise(noise, t_heavy, means, [shared, shared])
heavy = []
for m in (LDA(), LogisticRegression(solver="newton")):
    w, b = rule(m.fit(X_heavy, t_heavy))
    spread = np.sqrt(w @ shared @ w)
    heavy.append(0.2 * stats.t.sf(-(w @ means[0] + b) / spread, 3) + 0.8 * stats.t.cdf(-(w @ means[1] + b) / spread, 3))
t_new = (rng.random(200_000) < 0.8).astype(int)
noise = rng.standard_normal((200_000, 2)) * np.sqrt(3 / rng.chisquare(3, 200_000))[:, None]
X_new = datasets.gaussian_classes_from_noise(noise, t_new, means, [shared, shared])
distance = [np.einsum("ij,jk,ik->i", X_new - mu, np.linalg.inv(shared), X_new - mu) for mu in means]
bayes_t = np.log(0.8 / 0.2) - 2.5 * (np.log1p(distance[1] / 3) - np.log1p(distance[0] / 3)) > 0   # (nu + 2) / 2 = 2.5
print(f"priors 0.2 and 0.8: LDA {heavy[0]:.4f}, logistic {heavy[1]:.4f}; Bayes error {np.mean(bayes_t != t_new):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (predict): what a larger prior does to LDA's boundary
#
# Two classes share a covariance, and the prior of class 1 rises from $\pi_1 = 0.5$ to $0.9$. What does
# the LDA boundary do?
#
# - **(a)** It turns towards class 1.
# - **(b)** It slides, parallel to itself, towards the mean of class 0.
# - **(c)** It slides, parallel to itself, towards the mean of class 1.
# - **(d)** Nothing: the priors change the posteriors' values but not the boundary.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.prior_moves_boundary.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell draws the true boundary of the two classes above for both priors.
if exercises.prior_moves_boundary.revealed():
    view = (-3, 5), (-3, 4)
    fig, ax = plt.subplots(figsize=(5.2, 3.0))
    for prior_1, style in ((0.5, "-"), (0.9, "--")):
        scores = discriminant.gaussian_joint_log_likelihood(plotting.grid_points(*view, 120), means,
                                                            shared, [1 - prior_1, prior_1])
        plotting.plot_boundaries(ax, plotting.boundary_segments(scores, *view), "Bayes", linestyle=style,
                                 label=f"$\\pi_1 = {prior_1}$")
    plotting.plot_class_ellipses(ax, means, [shared, shared])
    ax.set(xlim=view[0], ylim=view[1], aspect="equal", xlabel="$x_1$", ylabel="$x_2$")
    ax.legend(loc="lower right")
    plt.show()
    w = np.linalg.solve(shared, means[1] - means[0])
    print(f"w = {w}, shift ln 9 / ||w|| = {np.log(9) / np.linalg.norm(w):.3f}")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **It slides, parallel to itself, towards $\boldsymbol\mu_0$ (b).** The prior enters the log-odds only
# through $b$: raising $\pi_1$ adds $\ln(0.9/0.1) - \ln(0.5/0.5) = \ln 9$ to $b$ and leaves
# $\mathbf{w} = \boldsymbol\Sigma^{-1}(\boldsymbol\mu_1 - \boldsymbol\mu_0)$ alone. The line keeps its direction and
# moves by $\ln 9 / \|\mathbf{w}\| = 2.197 / 2 = 1.099$ against $\mathbf{w}$, towards $\boldsymbol\mu_0$: the more
# probable class claims more of the plane.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Further assumptions: a diagonal shared covariance
#
# If the shared covariance is diagonal,
# $\boldsymbol\Sigma = \operatorname{diag}(\sigma_1^2, \dots, \sigma_D^2)$, the features are independent within
# each class (for Gaussians, uncorrelated means independent), and the Mahalanobis distance becomes a
# **weighted Euclidean distance**, each feature measured in units of its own standard deviation:
#
# $$g_k(\mathbf{x}) = \ln\pi_k - \frac12\sum_{j=1}^D \frac{(x_j - \mu_{kj})^2}{\sigma_j^2} + \text{const}.$$
#
# It is LDA with $\mathbf{w}_k = (\mu_{k1}/\sigma_1^2, \dots, \mu_{kD}/\sigma_D^2)$: linear boundaries that ignore
# the correlations between the features, with $D$ variances to estimate instead of $D(D+1)/2$ covariance
# entries. With equal priors it is the nearest class mean after dividing each feature by its $\sigma_j$.
# On iris (150 flowers, four measurements in cm, three species of 50; section 10 studies it), with the
# diagonal of the pooled covariance:

# %% slideshow={"slide_type": "subslide"}
iris = datasets.load_iris()
iris_lda = LDA().fit(iris.X, iris.y)
variances = np.diag(iris_lda.covariance_)                      # sigma_j^2, the pooled within-class variances
g_diagonal = discriminant.gaussian_joint_log_likelihood(iris.X, iris_lda.means_, np.diag(variances),
                                                        iris_lda.priors_)
weighted = np.sum((iris.X[:, None, :] - iris_lda.means_) ** 2 / variances, axis=2)   # sum_j (x_j - mu_kj)^2 / s_j^2
difference = g_diagonal - (np.log(iris_lda.priors_) - weighted / 2)
print("g_k = ln pi_k - weighted distance / 2 + the same constant for every class:",
      np.allclose(difference, difference[:, :1], rtol=0, atol=1e-10))
standardized = iris.X / np.sqrt(variances)
nearest_standardized = np.argmin(np.linalg.norm(standardized[:, None, :] - iris_lda.means_ / np.sqrt(variances),
                                                axis=2), axis=1)
print("equal priors: the Bayes class is the nearest mean in standardized units for all 150 flowers:",
      np.array_equal(g_diagonal.argmax(axis=1), nearest_standardized))
print(f"training accuracy: diagonal {np.mean(g_diagonal.argmax(axis=1) == iris.y):.3f}, "
      f"full LDA {iris_lda.score(iris.X, iris.y):.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The same spread for every feature: the nearest mean.** With $\boldsymbol\Sigma = \sigma^2\mathbf{I}$,
# $g_k(\mathbf{x}) = \ln\pi_k - \|\mathbf{x} - \boldsymbol\mu_k\|^2 / (2\sigma^2)$, and with equal priors the Bayes
# classifier picks the **nearest mean** in Euclidean distance. With equal priors all these are
# minimum-distance classifiers: LDA with one shared Mahalanobis distance, the diagonal model with a weighted
# Euclidean distance, the nearest-mean classifier with the plain Euclidean one; QDA with one Mahalanobis
# distance per class, plus the term $\ln\lvert\boldsymbol\Sigma_k\rvert$ of each class's spread. Checked at
# random points, three classes:

# %%
centres = np.array([[0.0, 0.0], [3.0, 1.0], [1.0, 3.0]])
anywhere = np.random.default_rng(4).uniform(-3, 6, size=(10_000, 2))
bayes_isotropic = discriminant.gaussian_posterior(anywhere, centres, 2 * np.eye(2), np.ones(3) / 3)
nearest = np.argmin(np.linalg.norm(anywhere[:, None, :] - centres, axis=2), axis=1)
print("Sigma = 2 I, equal priors: the Bayes class is the nearest mean at all 10 000 points:",
      np.array_equal(bayes_isotropic.argmax(axis=1), nearest))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (predict): a change of units
#
# The iris measurements are in centimetres. Suppose the sepal width (the second feature) is recorded in
# millimetres instead, ten times larger, and three classifiers are fitted again: the nearest class mean
# (Euclidean), the diagonal shared-covariance model, and LDA. Whose predictions change?
#
# - **(a)** None of them: each learns its parameters in whatever units it is given.
# - **(b)** The nearest mean's only.
# - **(c)** The nearest mean's and the diagonal model's, but not LDA's.
# - **(d)** All three, LDA's too.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.feature_units.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell refits the three classifiers with the sepal width in millimetres.
if exercises.feature_units.revealed():
    predictions = {}
    for units, X_units in (("cm", iris.X), ("mm", iris.X * [1, 10, 1, 1])):
        fitted = LDA().fit(X_units, iris.y)
        distances = np.linalg.norm(X_units[:, None, :] - fitted.means_, axis=2)
        diagonal = discriminant.gaussian_joint_log_likelihood(X_units, fitted.means_,
                                                              np.diag(np.diag(fitted.covariance_)), fitted.priors_)
        predictions[units] = {"nearest mean": distances.argmin(axis=1), "diagonal": diagonal.argmax(axis=1),
                              "LDA": fitted.predict(X_units)}
    for name in predictions["cm"]:
        cm, mm = predictions["cm"][name], predictions["mm"][name]
        print(f"{name:12}: {np.sum(cm != mm):2} of 150 predictions change; training accuracy "
              f"{np.mean(cm == iris.y):.3f} in cm, {np.mean(mm == iris.y):.3f} with the sepal width in mm")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Only the nearest mean's (b).** The Euclidean distance adds up squared differences in whatever
# units the features have, so a feature recorded ten times larger weighs a hundred times more. The
# diagonal model divides each difference by that feature's own standard deviation, which scales with it;
# LDA's Mahalanobis distance is unchanged by any invertible linear change of the inputs, a rotation
# included. Rescaling the inputs before a nearest-mean (or nearest-neighbour) classifier is a modelling
# choice; for LDA, QDA and the diagonal model it is not.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Explore: the Bayes boundary, and what LDA and QDA learn from a sample
#
# The explorer draws two Gaussian classes: class 1 round, class 2 long and tilted. On the left, the
# true posteriors shaded, the ellipses at Mahalanobis distances 1 and 2, and the Bayes boundary: a
# conic, since the covariances differ, here a hyperbola with two branches ($\boldsymbol\Sigma_1^{-1} - \boldsymbol\Sigma_2^{-1}$
# has one positive and one negative eigenvalue; nested classes would give an ellipse). On the right, a sample of $N = 40$
# examples with the boundaries that LDA and QDA fit to it. The status gives the Bayes error of the two
# classes, computed from their distribution (to within $10^{-6}$, by integrating along rays from each
# mean; it changes when the classes do, never with the sample), and each model's error on 4000 test examples
# (the same for both; after the $\pm$, the standard error of such an estimate, so a model may come out
# a hair below the Bayes error by chance). Choose a class with the buttons, then:
#
# - **set N to 20, then press "new sample" a few times**: with about ten examples per class the fitted
#   boundaries swing from sample to sample, QDA's most. QDA is the right model, yet after a lucky first
#   sample (0.060, LDA 0.089) its test error is 0.128, 0.171 and 0.313, above LDA's each time;
# - **then drag N up to 400**: QDA's boundary comes close to the Bayes boundary, even its second branch
#   far from the data, and its test error comes down to the Bayes error; LDA's stays a line, its error above;
# - **give class 2 the shape of class 1** (spreads 1 and 1): the Bayes boundary becomes a line, and LDA
#   is now the right model;
# - **move a prior**: which way does the Bayes boundary move, and does it match your answer to
#   Exercise 6?

# %% slideshow={"slide_type": "subslide"}
classes = GaussianClassesExplorer(N=40)
classes

# %% [markdown] slideshow={"slide_type": "subslide"}
# From code, a second explorer draws the same samples as the one above: the test errors of its first 20
# samples at $N = 20$ and at $N = 400$. With so few examples QDA is no better than LDA on average, and
# far from the Bayes error.

# %%
demo = GaussianClassesExplorer(N=20)
errors = np.empty((20, 2, 2))                        # sample, N = 20 or 400, LDA or QDA
for sample in range(20):
    if sample:
        demo.new_sample()
    for n, N in enumerate((20, 400)):
        demo.N_slider.value = N
        errors[sample, n] = demo.errors["LDA"], demo.errors["QDA"]
print(f"Bayes error {demo.bayes_error.error:.4f}; test errors of the first four samples, N = 20: "
      f"LDA {errors[:4, 0, 0].round(3)}, QDA {errors[:4, 0, 1].round(3)}")
for n, N in enumerate((20, 400)):
    print(f"N = {N:3}, means of 20 samples: LDA {errors[:, n, 0].mean():.3f}, QDA {errors[:, n, 1].mean():.3f}; "
          f"QDA below LDA in {np.sum(errors[:, n, 1] < errors[:, n, 0])} of 20")

# %% [markdown] slideshow={"slide_type": "subslide"}
# A third explorer gives both classes the same round shape: LDA is the right model, and the Bayes error
# has the closed form $\Phi(-\Delta/2)$ of two equally likely classes sharing a covariance, $\Delta$ the
# Mahalanobis distance between the means.

# %%
demo = GaussianClassesExplorer(N=40)
demo.set_class(1, spreads=(1.0, 1.0))
print(demo.status)
distance = discriminant.mahalanobis_distance(demo.means[:1], demo.means[1], np.eye(2))[0]
print(f"Phi(-Delta/2) with Delta = {distance:.3f}: {stats.norm.cdf(-distance / 2):.4f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Estimating the parameters
#
# The Bayes classifier needs the true $\pi_k$, $\boldsymbol\mu_k$ and $\boldsymbol\Sigma_k$; LDA and QDA plug in
# estimates from the $N_k$ training examples of each class. The prior and the mean are the maximum
# likelihood estimates (notebook 03); the covariance, as in the lecture, is not:
#
# $$\hat\pi_k = \frac{N_k}{N}, \qquad \hat{\boldsymbol\mu}_k = \frac{1}{N_k}\sum_{\mathbf{x} \in C_k}\mathbf{x}, \qquad
# \hat{\boldsymbol\Sigma}_k = \frac{1}{N_k - 1}\sum_{\mathbf{x} \in C_k}(\mathbf{x} - \hat{\boldsymbol\mu}_k)(\mathbf{x} - \hat{\boldsymbol\mu}_k)^T .$$
#
# The maximum likelihood covariance divides by $N_k$, and on average it is too small by the factor
# $(N_k - 1)/N_k$ (notebook 03), because the deviations are measured from $\hat{\boldsymbol\mu}_k$, which sits
# closer to the sample than the true mean does. Dividing by $N_k - 1$ gives the **unbiased** estimate, and
# the pooled covariance below the same way. That is the reason, and a convention: for classifying,
# neither is "the right one"; they differ by the factor $1 - 1/N_k$, which matters only for small classes.

# %% [markdown] slideshow={"slide_type": "subslide"}
# LDA needs one covariance for all classes. Each class's scatter about its own mean has expectation
# $(N_k - 1)\boldsymbol\Sigma$, so their sum has expectation $(N - K)\boldsymbol\Sigma$: $N$ examples less one
# degree of freedom per estimated mean. The unbiased **pooled covariance** is therefore
#
# $$\hat{\boldsymbol\Sigma} = \frac{1}{N - K}\sum_{k=1}^K (N_k - 1)\,\hat{\boldsymbol\Sigma}_k .$$
#
# (The slide prints the denominator as $n - n_k$; see the box at the end.)

# %% [markdown] slideshow={"slide_type": "subslide"}
# A simulation with classes of 4, 6 and 10 examples sharing $\boldsymbol\Sigma$ ($N = 20$, $K = 3$): the
# total scatter within the classes, averaged over 20 000 samples and divided by $N - K = 17$, gives
# $\boldsymbol\Sigma$; divided by $N = 20$ (the maximum likelihood estimate) or by $N - N_1 = 16$, it does not.

# %%
def within_scatter(samples, sizes):
    """Each sample's scatter about its class means, (S, 2, 2): the classes are consecutive blocks of sizes."""
    scatter = 0
    for block in np.split(samples, np.cumsum(sizes)[:-1], axis=1):     # one class per block of examples
        centred = block - block.mean(axis=1, keepdims=True)             # about its own sample mean
        scatter = scatter + np.einsum("sni,snj->sij", centred, centred)
    return scatter


truth, sizes = np.array([[2.0, 0.6], [0.6, 1.0]]), (4, 6, 10)
draws = datasets.make_gaussian_classes([[0, 0]], [truth], 20_000 * 20, random_state=3).X
scatter = within_scatter(draws.reshape(20_000, 20, 2), sizes)
for name, denominator in (("N - K", 17), ("N", 20), ("N - N_1", 16)):
    mean_estimate = np.mean(scatter / denominator, axis=0)
    print(f"divided by {name:7} = {denominator}: mean {mean_estimate.ravel()}")
print(f"the truth:                {truth.ravel()}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (implement): the pooled covariance
#
# Write `pooled_covariance(X, t)`: the pooled covariance of the inputs `X` (shape `(N, D)`) with class
# labels `t` (any labels). The hidden cases include a single feature and string labels. (The package's
# `LDA` computes it as `covariance_`, and the check compares yours with the package's: write your own,
# with numpy.)

# %%
def pooled_covariance(X, t):
    """Return sum_k (N_k - 1) Sigma_k / (N - K), shape (D, D)."""
    ...              # ✏️ your code


exercises.pooled_covariance_by_code.check(pooled_covariance)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. How many parameters? Why QDA overfits, and when it cannot be fitted
#
# LDA and QDA estimate the same priors and class means; they differ in the covariances: one, shared by
# all classes, for LDA, and one per class for QDA. How many numbers is that?

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (derive): count the parameters of LDA and QDA
#
# Iris has $D = 4$ features and $K = 3$ classes. How many numbers does each model estimate (priors, class
# means and covariances, counting only the free ones)? To test your rule: with $D = 2$ features and three
# classes, LDA estimates 11 numbers and QDA 17.

# %%
counts = ...     # ✏️ [LDA, QDA]
exercises.count_parameters.check(counts)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell prints the package's counts for K = 3 classes as D grows.
if exercises.count_parameters.revealed():
    for D in (2, 4, 10, 50, 100):
        package_counts = discriminant.parameter_counts(D, 3)
        print(f"D = {D:3}: LDA {package_counts['LDA']:6}, QDA {package_counts['QDA']:6}")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# The priors and the means add only $K - 1 + KD$ numbers, a count linear in $D$. The covariances
# grow with $D^2$: each symmetric $D \times D$ matrix has $D(D+1)/2$ free entries, one matrix for LDA and
# $K$ of them for QDA. At $D = 100$ that is 5352 numbers for LDA and 15 452 for QDA. Quadratic growth in
# $D$, $K$ times over, is the price of QDA's flexibility.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Too few examples: when QDA cannot be fitted, and when it overfits
#
# The estimates are fragile: a class
# covariance built from $N_k$ examples has rank at most $N_k - 1$, so it is **singular when
# $N_k \le D$** and QDA cannot be fitted at all; the pooled covariance has rank at most $N - K$, so LDA
# fails when $N - K < D$, that is when $N < D + K$. (The slides write "$d > n_k$" and "$d > n$": one
# example short for QDA, which fails already at $N_k = D$, and $K$ examples short for LDA.) The package
# says so instead of failing inside linear algebra:

# %%
few_per_class = datasets.make_gaussian_classes(np.zeros((2, 3)), [np.eye(3)] * 2, 3, random_state=0)
try:
    QDA().fit(few_per_class.X, few_per_class.y)          # N_k = 3 examples, D = 3 features
except ValueError as error:
    print(error)
print("LDA pools N - K = 4 >= D = 3 degrees of freedom and fits:",
      LDA().fit(few_per_class.X, few_per_class.y).covariance_.shape)

# %% [markdown] slideshow={"slide_type": "subslide"}
# Before it fails, QDA overfits. Two classes in $D = 8$ dimensions with different covariances (so QDA
# is the right model; the Bayes classifier's accuracy on the test set is 0.843), 20 training samples for
# each $N_k$, mean accuracy on 10 000 test examples: with 10 or 15 examples per class LDA wins; from 25
# per class on, QDA does. (Seeds 5, 6 and 7 for `rng` give the same picture: the curves cross between 15
# and 25 examples per class.)

# %% slideshow={"slide_type": "subslide"}
D = 8
rotation, _ = np.linalg.qr(np.random.default_rng(0).normal(size=(D, D)))
high_means = np.vstack([np.zeros(D), np.full(D, 0.5)])
high_covariances = np.array([np.eye(D), rotation @ np.diag(np.geomspace(0.3, 3, D)) @ rotation.T])
test = datasets.make_gaussian_classes(high_means, high_covariances, 5000, random_state=99)
true_scores = discriminant.gaussian_joint_log_likelihood(test.X, high_means, high_covariances,
                                                         [0.5, 0.5])
bayes_accuracy = np.mean(true_scores.argmax(axis=1) == test.y)
print(f"Bayes accuracy on the test set: {bayes_accuracy:.3f}")
rng, sizes = np.random.default_rng(4), [10, 15, 25, 50, 100, 200]
accuracy = {"LDA": [], "QDA": []}
for N_k in sizes:
    draws = [datasets.make_gaussian_classes(high_means, high_covariances, N_k, random_state=rng)
             for _ in range(20)]
    for name, model in (("LDA", LDA), ("QDA", QDA)):
        scores = [model().fit(d.X, d.y).score(test.X, test.y) for d in draws]
        accuracy[name].append(np.mean(scores))
print({name: np.round(values, 3) for name, values in accuracy.items()})

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.4))
for (name, values), marker in zip(accuracy.items(), ("o", "s")):
    ax.plot(sizes, values, marker=marker, label=name)
ax.axhline(bayes_accuracy, color="black", linestyle=":", label="Bayes")
ax.set(xscale="log", xlabel="training examples per class $N_k$ (D = 8)", ylabel="test accuracy",
       title="QDA needs more data than LDA")
ax.legend(loc="lower right")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (explain): why QDA loses with few examples per class
#
# In the experiment above, at $N_k = 10$ QDA's test accuracy is below LDA's, although QDA is the right
# model. Why?
#
# - **(a)** The Bayes boundary of Gaussian classes is a hyperplane, so a quadratic boundary must be
#   wrong.
# - **(b)** Each class covariance has 36 free entries estimated from 10 points: its smallest
#   eigenvalues come out far too small, and the Mahalanobis distances blow up along those directions.
# - **(c)** QDA uses the unbiased $1/(N_k - 1)$ covariance; the $1/N_k$ one would fix it.
# - **(d)** LDA estimates the class means from all the data, QDA from each class only.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.qda_overfits.check(explanation)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: inside the experiment's 20 fits at N_k = 10, each covariance's smallest
# eigenvalue, and the median squared Mahalanobis distance of each class's test examples to their class.
def inside(covariances, means):
    distances = [discriminant.mahalanobis_distance(test.X[test.y == k], means[k], covariances[k]) ** 2
                 for k in range(2)]
    return np.r_[np.linalg.eigvalsh(covariances)[:, 0], np.median(distances, axis=1)]


if exercises.qda_overfits.revealed():
    rng_10 = np.random.default_rng(4)                  # the experiment's generator: its first 20 samples
    fits = [(QDA().fit(d.X, d.y), LDA().fit(d.X, d.y)) for d in
            [datasets.make_gaussian_classes(high_means, high_covariances, 10, random_state=rng_10)
             for _ in range(20)]]
    print("            smallest eigenvalues   median squared distances (classes 1, 2)")
    print("truth      ", inside(high_covariances, high_means).round(3))
    print("QDA, mean  ", np.mean([inside(q.covariances_, q.means_) for q, _ in fits], axis=0).round(3))
    print("LDA, mean  ", np.mean([inside(np.array([l.covariance_] * 2), l.means_) for _, l in fits], axis=0).round(3))

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The covariance estimates (b).** From 10 points, a class covariance in 8 dimensions has 36 free
# entries and rank at most 9. The sample spreads too little in some directions by chance, and the
# estimate's smallest eigenvalue is on average about 0.015 for class 1 and 0.018 for class 2, where the
# truth has 1 and 0.3. Along those directions $\hat{\boldsymbol\Sigma}_k^{-1}$ is huge, and the distances blow up:
# the test examples of class 1 lie at a median squared Mahalanobis distance of about 170 from their own
# class, where the true covariance gives 7.2. QDA's discriminants are then dominated by estimation noise.
# LDA's pooled covariance, from 18 degrees of freedom, is biased (the true covariances differ) but far
# less variable: distances of about 16. With more examples QDA's estimates settle, and its right form pays.
# (Options a and d are false of this model; c rescales each covariance by 10/9, a small shift.)
#
# </details>
# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Regularised discriminant analysis: between LDA and QDA
#
# Regularised discriminant analysis (RDA) mixes each class covariance with the pooled one, then with a
# multiple of the identity. The lecture's form, used here:
#
# $$\hat{\boldsymbol\Sigma}_k(\alpha) = \alpha\,\hat{\boldsymbol\Sigma}_k + (1 - \alpha)\,\hat{\boldsymbol\Sigma}, \qquad
# \hat{\boldsymbol\Sigma}_k(\alpha, \gamma) = (1 - \gamma)\,\hat{\boldsymbol\Sigma}_k(\alpha) + \gamma\,\hat\sigma_k^2\,\mathbf{I}, \qquad
# \hat\sigma_k^2 = \frac{\operatorname{tr}\hat{\boldsymbol\Sigma}_k(\alpha)}{D}.$$
#
# It simplifies Friedman's (1989), which mixes the scatter matrices with weights by sample size,
# $\hat{\boldsymbol\Sigma}_k(\lambda) = \big[(1 - \lambda)\mathbf{S}_k + \lambda\mathbf{S}\big] / \big[(1 - \lambda)N_k + \lambda N\big]$
# with $\mathbf{S}_k$ class $k$'s scatter and $\mathbf{S} = \sum_k \mathbf{S}_k$, so that his $\lambda = 1$ is LDA,
# the reverse of $\alpha$; his $\gamma$ step is the one above.

# %% [markdown] slideshow={"slide_type": "subslide"}
# The corner $(\alpha, \gamma) = (1, 0)$ is QDA and $(0, 0)$ is LDA. With $\gamma = 1$ each covariance
# becomes spherical, $\hat\sigma_k^2\mathbf{I}$, with the same trace (total variance) as its own
# $\hat{\boldsymbol\Sigma}_k(\alpha)$. In between, $\gamma$ keeps the eigenvectors of $\hat{\boldsymbol\Sigma}_k(\alpha)$ and
# maps each eigenvalue $\ell_i$ to $(1 - \gamma)\ell_i + \gamma\hat\sigma_k^2$: it shrinks them
# towards their mean $\hat\sigma_k^2$. So every eigenvalue is at least $\gamma\hat\sigma_k^2 > 0$ (unless
# the class does not vary at all), and the covariance is invertible even when $N_k \le D$. Checked:

# %%
sample = datasets.make_gaussian_classes(high_means, high_covariances, 30, random_state=5)
for (alpha, gamma), corner in (((1, 0), QDA()), ((0, 0), LDA())):
    same = np.allclose(RDA(alpha, gamma).fit(sample.X, sample.y).predict_proba(test.X),
                       corner.fit(sample.X, sample.y).predict_proba(test.X), rtol=1e-9)
    print(f"RDA({alpha}, {gamma}) has the posteriors of {type(corner).__name__}: {same}")
eigenvalues = np.linalg.eigvalsh(RDA(0.5, 0).fit(sample.X, sample.y).regularized_covariances_)
shrunk = np.linalg.eigvalsh(RDA(0.5, 0.3).fit(sample.X, sample.y).regularized_covariances_)
print("gamma = 0.3 maps each eigenvalue l to 0.7 l + 0.3 sigma_k^2:",
      np.allclose(shrunk, 0.7 * eigenvalues + 0.3 * eigenvalues.mean(axis=1, keepdims=True)))
spherical = RDA(0.5, 1).fit(sample.X, sample.y).regularized_covariances_
print("gamma = 1: each covariance is sigma_k^2 I:",
      all(np.allclose(c, c[0, 0] * np.eye(D)) for c in spherical), spherical[:, 0, 0])
print("QDA fails on the 3-example classes above; RDA(1, 0.1) fits:",
      RDA(1, 0.1).fit(few_per_class.X, few_per_class.y).classes_)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 11 (predict): which classifier is RDA(0, 1)?
#
# With $\alpha = 0$ and $\gamma = 1$, which classifier is RDA?
#
# - **(a)** QDA.
# - **(b)** LDA.
# - **(c)** The nearest class mean in Euclidean distance, corrected by the log priors.
# - **(d)** Gaussian Naive Bayes (a diagonal covariance per class).

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.rda_corner.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell compares RDA(0, 1)'s predictions on the 10 000 test points with
# those of the four candidates.
if exercises.rda_corner.revealed():
    rda_01_model = RDA(0, 1).fit(sample.X, sample.y)
    rda_01 = rda_01_model.predict(test.X)
    nearest_mean = np.argmin(np.linalg.norm(test.X[:, None, :] - rda_01_model.means_, axis=2), axis=1)
    candidates = {"(a) QDA": QDA().fit(sample.X, sample.y).predict(test.X),
                  "(b) LDA": LDA().fit(sample.X, sample.y).predict(test.X), "(c) nearest mean": nearest_mean,
                  "(d) Gaussian Naive Bayes": GaussianNB().fit(sample.X, sample.y).predict(test.X)}
    for name, predicted in candidates.items():
        print(f"{name:25} agrees with RDA(0, 1) on {np.mean(predicted == rda_01):.1%} of the test points")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The nearest mean, corrected by the log priors (c).** With $\alpha = 0$ every class takes the pooled
# $\hat{\boldsymbol\Sigma}$, so all share one $\hat\sigma^2 = \operatorname{tr}(\hat{\boldsymbol\Sigma})/D$, and
# $\gamma = 1$ replaces $\hat{\boldsymbol\Sigma}$ by $\hat\sigma^2\mathbf{I}$: the isotropic case of section 5
# (here the classes are equally large, so plainly the nearest mean).
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Choosing $(\alpha, \gamma)$ by cross-validation
#
# One caution first. $\gamma$ shrinks towards $\hat\sigma_k^2\mathbf{I}$, and $\hat\sigma_k^2$ averages the
# variances of all the features, so RDA with $\gamma > 0$, unlike LDA and QDA, depends on the units: with
# iris's sepal width in millimetres instead of centimetres, 6 of the 150 training predictions of
# RDA(0.5, 0.1) change, and 21 of RDA(0.5, 0.5)'s. Features measured in different units should be
# standardised before $\gamma$ is tuned. (The eight synthetic features here have no units to choose, and
# iris's four lengths, in section 10, are all in centimetres.)
#
# The $D = 8$ problem of section 8 with 20 examples per class: 10-fold cross-validated accuracy over a
# grid of $11 \times 11$ pairs, every pair scored on the same folds. `rda_accuracy_grid` scores all 121 pairs at once (the accuracies of `RDA(alpha, gamma)`
# fitted pair by pair, a hundred times faster). Then the chosen pair, LDA and QDA on the 10 000 test
# examples.

# %% slideshow={"slide_type": "subslide"}
steps = np.linspace(0, 1, 11)
folds = kfold_indices(40, 10, shuffle=True, random_state=0)


def cross_validated_grid(X, t, folds=folds):
    """Mean accuracy over the folds of RDA(alpha, gamma) for the 11 x 11 grid, rows gamma, columns alpha."""
    return np.mean([discriminant.rda_accuracy_grid(X[fit], t[fit], X[held_out], t[held_out], steps, steps)
                    for fit, held_out in folds], axis=0)


def best_pair(scores):
    """The (alpha, gamma) of the highest score (the first of equals, by gamma then alpha)."""
    i, j = np.unravel_index(np.argmax(scores), scores.shape)
    return steps[j], steps[i]


train = datasets.make_gaussian_classes(high_means, high_covariances, 20, random_state=100)
cv_scores = cross_validated_grid(train.X, train.y)
best_alpha, best_gamma = best_pair(cv_scores)
print(f"best: alpha = {best_alpha:.1f}, gamma = {best_gamma:.1f}, CV accuracy {cv_scores.max():.3f}")
for name, model in (("LDA", LDA()), ("QDA", QDA()), ("RDA", RDA(best_alpha, best_gamma))):
    print(f"{name}: test accuracy {model.fit(train.X, train.y).score(test.X, test.y):.3f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(6, 3.5))
plotting.plot_score_grid(ax, cv_scores, steps, steps, label="10-fold CV accuracy")
ax.plot(best_alpha, best_gamma, marker="*", markersize=16, color="white", markeredgecolor="black")
ax.set_title("RDA on 2 x 20 examples in 8 dimensions", fontsize="medium")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# On this sample the chosen pair beats both corners on the test set. The heat map is noisy (40
# examples, scores in steps of 1/40): draw another training set and the best pair moves far. Is this
# sample typical? The same choice on 30 more training sets:

# %%
outcomes = []
for seed in range(101, 131):
    other = datasets.make_gaussian_classes(high_means, high_covariances, 20, random_state=seed)
    outcomes.append([model.fit(other.X, other.y).score(test.X, test.y) for model in
                     (LDA(), QDA(), RDA(*best_pair(cross_validated_grid(other.X, other.y))))])
lda_accuracy, qda_accuracy, rda_accuracy = np.transpose(outcomes)
better, worse = np.maximum(lda_accuracy, qda_accuracy), np.minimum(lda_accuracy, qda_accuracy)
print(f"mean test accuracy: LDA {lda_accuracy.mean():.3f}, QDA {qda_accuracy.mean():.3f}, "
      f"RDA with (alpha, gamma) chosen by cross-validation {rda_accuracy.mean():.3f}")
print(f"RDA at or above the better corner in {np.sum(rda_accuracy >= better)} of 30, "
      f"between the corners in {np.sum((rda_accuracy < better) & (rda_accuracy >= worse))}, "
      f"below both in {np.sum(rda_accuracy < worse)}")

# %% [markdown]
# Cross-validating a continuum need not find the optimum, but on average it gains over both corners and
# rarely does worse than the worse of them. (Run the loop above with other seeds: the counts move by a
# few, the ranking of the means does not.)

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: RDA from LDA to QDA
#
# Three classes in the plane with only 5 training examples each (large markers), and 200 validation
# examples each (small ones). The explorer starts at LDA, $(\alpha, \gamma) = (0, 0)$. On the left, the
# posteriors, the boundary, and each class's $\hat{\boldsymbol\Sigma}_k(\alpha, \gamma)$ as an ellipse; on the
# right, the validation accuracy over the whole grid, the star at its best. Try:
#
# - **slide $\alpha$ to 1** (QDA): the ellipses take each class's own shape, the boundaries curve, the
#   training accuracy reaches 1 and the validation accuracy drops: overfitting;
# - **then raise $\gamma$**: the ellipses round off, and the validation accuracy recovers;
# - **press "best"**, and compare the training and validation accuracies there.

# %%
small_means = np.array([[0.0, 1.2], [-1.3, -0.7], [1.3, -0.7]])
small_covariances = np.array([discriminant.covariance_from_axes(s, np.radians(a)) for s, a in
                              [((1.4, 0.6), 10), ((0.8, 0.6), 100), ((1.3, 0.5), 50)]])
small = datasets.make_gaussian_classes(small_means, small_covariances, 5, random_state=42)
validation = datasets.make_gaussian_classes(small_means, small_covariances, 200, random_state=105)

# %% slideshow={"slide_type": "subslide"}
rda_explorer = RDAExplorer(small.X, small.y, validation.X, validation.y)
rda_explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# The corners and the best pair, from a second explorer:

# %%
demo = RDAExplorer(small.X, small.y, validation.X, validation.y)
for alpha, gamma in ((0, 0), (1, 0), demo.best):
    demo.set_point(alpha, gamma)
    print(demo.status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# One sample of 15 examples says little by itself. Over 30 other training samples of the same classes,
# the validation accuracies on the same grid, averaged:

# %%
grids = []
for seed in range(200, 230):
    other = datasets.make_gaussian_classes(small_means, small_covariances, 5, random_state=seed)
    grids.append(discriminant.rda_accuracy_grid(other.X, other.y, validation.X, validation.y, steps, steps))
grids = np.array(grids)
average = grids.mean(axis=0)
print(f"mean validation accuracy: LDA {average[0, 0]:.3f}, QDA {average[0, -1]:.3f} (below LDA in "
      f"{np.sum(grids[:, 0, -1] < grids[:, 0, 0])} of 30); the best pair of the average grid "
      f"({best_pair(average)[0]:.1f}, {best_pair(average)[1]:.1f}) {average.max():.3f}")

# %% [markdown]
# On average QDA loses to LDA (in about two samples of three) and pairs in the middle of the square beat
# both, by about 0.01 over LDA: the explorer's sample shows the same picture, more sharply than most.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. Iris: LDA, QDA and RDA on four features
#
# Fisher's iris data, met in section 5: 150 flowers, 50 of each of three species, four measurements
# each. Ten-fold cross-validation (the same shuffled folds for every model) gives each model's
# accuracy, and the predictions of the held-out folds give cross-validated confusion matrices (rows:
# true species).

# %%
iris_folds = kfold_indices(150, 10, shuffle=True, random_state=0)
iris_scores = cross_validated_grid(iris.X, iris.y, iris_folds)
ties = np.sum(np.isclose(iris_scores, iris_scores.max()))
print(f"RDA grid: {ties} of the 121 pairs share the best CV accuracy {iris_scores.max():.3f}, LDA's corner "
      f"among them: {np.isclose(iris_scores[0, 0], iris_scores.max())}; with gamma = 1 at most "
      f"{iris_scores[-1].max():.3f}")
models = {"LDA": LDA(), "QDA": QDA(), "RDA(0.5, 0.1)": RDA(0.5, 0.1)}
for name, model in models.items():
    scores = cross_val_score(model, iris.X, iris.y, folds=iris_folds)
    print(f"{name:14} 10-fold accuracy {scores.mean():.3f} (fold std {scores.std():.3f})")

# %% slideshow={"slide_type": "subslide"}
fig, axes = plt.subplots(1, 3, figsize=(10.5, 3.3))
for ax, (name, model) in zip(axes, models.items()):
    predicted = cross_val_predict(model, iris.X, iris.y, folds=iris_folds)
    plotting.plot_confusion_matrix(ax, confusion_matrix(iris.y, predicted), iris.target_names, name)
for ax in axes[1:]:
    ax.set(ylabel="", yticklabels=[])
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# All three separate setosa perfectly and confuse a few versicolor and virginica flowers. With 50
# examples per class for 10 covariance entries each, QDA is not starved, and LDA sits at the best
# accuracy of the whole grid. Is that because the species share one covariance? No. **Box's M test**
# (Box, 1949) compares $M = (N - K)\ln\lvert\hat{\boldsymbol\Sigma}\rvert - \sum_k (N_k - 1)\ln\lvert\hat{\boldsymbol\Sigma}_k\rvert$,
# which is 0 when all the class covariances are equal, with its distribution under that hypothesis: the
# test statistic printed is $(1 - c)M$, with Box's small-sample correction $c$, against a $\chi^2$ distribution:

# %%
test_all = discriminant.box_m_test(iris.X, iris.y)
test_pair = discriminant.box_m_test(iris.X[iris.y > 0], iris.y[iris.y > 0])
print(f"Box's M, three species: chi2 = {test_all.chi2:.1f} on {test_all.df} df, p = {test_all.p_value:.1e}; "
      f"versicolor and virginica only: chi2 = {test_pair.chi2:.1f} on {test_pair.df} df, p = {test_pair.p_value:.1e}")
class_covariances = QDA().fit(iris.X, iris.y).covariances_
print("petal length variance per species:", np.round(class_covariances[:, 2, 2], 3),
      "; determinants:", [f"{d:.1e}" for d in np.linalg.det(class_covariances)])
pooled = LDA().fit(iris.X, iris.y)
distances = [discriminant.mahalanobis_distance(pooled.means_[[j]], pooled.means_[k], pooled.covariance_)[0]
             for j, k in ((0, 1), (0, 2), (1, 2))]
print("Mahalanobis distances between the species' means (pooled covariance): setosa-versicolor "
      f"{distances[0]:.1f}, setosa-virginica {distances[1]:.1f}, versicolor-virginica {distances[2]:.1f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The covariances differ, clearly: the variance of setosa's petal length is a tenth of virginica's, and
# even versicolor and virginica alone fail the test. LDA loses nothing in *accuracy* anyway, because the
# species whose covariance differs most, setosa, lies far from the other two (about 9.5 and 13.4 pooled
# standard deviations): any reasonable boundary separates it, whatever its exact shape. Only the
# versicolor-virginica boundary is close to any flower, and there the pooled covariance's stable
# estimate is as good as QDA's two separate ones on these 100 flowers. A test of equal covariances
# answers a different question from "will LDA classify well?": with many examples it detects
# differences too small to matter, and it reacts to non-normal data as much as to unequal
# covariances.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Beside scikit-learn.** Its `LinearDiscriminantAnalysis` reports the pooled biased class
# covariances, $\sum_k (N_k/N)\,\mathbf{S}_k / N_k = \mathbf{S}_W / N$, as `covariance_`: ours times
# $(N - K)/N = 147/150$. Its `QuadraticDiscriminantAnalysis` divides each class's scatter by $N_k$, ours by
# $N_k - 1$, since version 1.9.1: up to 1.9.0 its default solver (`"svd"`) divided by $N_k - 1$ as
# ours does, and its LDA's by $N - K$, so that the posteriors agreed with ours; 1.9.1 made both solvers
# use the maximum likelihood estimates. With the installed version the posteriors differ a little, the
# predictions and the cross-validated accuracies not at all here:

# %% slideshow={"slide_type": "subslide"}
ours_lda, theirs_lda = LDA().fit(iris.X, iris.y), LinearDiscriminantAnalysis(store_covariance=True)
theirs_lda.fit(iris.X, iris.y)
print("our LDA's posterior is the softmax of K = 3 linear functions:", np.allclose(
    ours_lda.predict_proba(iris.X), softmax(iris.X @ ours_lda.coef_.T + ours_lda.intercept_, axis=1)))
print("LDA covariance_: scikit-learn's = ours x 147/150:",
      np.allclose(theirs_lda.covariance_, ours_lda.covariance_ * 147 / 150, rtol=1e-12))
ours_qda = QDA().fit(iris.X, iris.y)
theirs_qda = QuadraticDiscriminantAnalysis(store_covariance=True).fit(iris.X, iris.y)
print("QDA covariances: scikit-learn's = ours x 49/50 (true from scikit-learn 1.9.1 on):",
      np.allclose(theirs_qda.covariance_, ours_qda.covariances_ * 49 / 50, rtol=1e-12))
for name, ours, theirs in (("LDA", ours_lda, theirs_lda), ("QDA", ours_qda, theirs_qda)):
    gap = np.abs(ours.predict_proba(iris.X) - theirs.predict_proba(iris.X)).max()
    agree = np.mean(ours.predict(iris.X) == theirs.predict(iris.X))
    cv = cross_val_score(type(theirs)(), iris.X, iris.y, folds=iris_folds).mean()
    print(f"{name}: largest posterior gap {gap:.4f}, same predictions {agree:.0%}, "
          f"scikit-learn's 10-fold accuracy {cv:.3f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 11. LDA as a projection: Fisher's directions and reduced-rank LDA
#
# Fisher (1936) asked a different question: onto which direction $\mathbf{w}$ should the data be projected so
# that the classes are best separated? He measured separation as the spread of the projected class
# means relative to the spread within the classes,
#
# $$J(\mathbf{w}) = \frac{\mathbf{w}^T\mathbf{S}_B\,\mathbf{w}}{\mathbf{w}^T\mathbf{S}_W\,\mathbf{w}}, \qquad
# \mathbf{S}_W = \sum_k\sum_{\mathbf{x} \in C_k}(\mathbf{x} - \hat{\boldsymbol\mu}_k)(\mathbf{x} - \hat{\boldsymbol\mu}_k)^T, \quad
# \mathbf{S}_B = \sum_k N_k(\hat{\boldsymbol\mu}_k - \hat{\boldsymbol\mu})(\hat{\boldsymbol\mu}_k - \hat{\boldsymbol\mu})^T .$$

# %% [markdown] slideshow={"slide_type": "subslide"}
# Setting the gradient to zero gives $\mathbf{S}_B\mathbf{w} = J\,\mathbf{S}_W\mathbf{w}$, a generalised eigenproblem with
# at most $K - 1$ useful directions. For two classes $\mathbf{S}_B\mathbf{w}$ always points along
# $\hat{\boldsymbol\mu}_1 - \hat{\boldsymbol\mu}_0$, so $\mathbf{w} \propto \mathbf{S}_W^{-1}(\hat{\boldsymbol\mu}_1 - \hat{\boldsymbol\mu}_0)$: LDA's
# $\mathbf{w}$, since $\hat{\boldsymbol\Sigma} = \mathbf{S}_W/(N - K)$. No Gaussian assumption was needed to get there.

# %%
versicolor_virginica = iris.y > 0
X2, t2 = iris.X[versicolor_virginica], iris.y[versicolor_virginica]
fisher = discriminant.fisher_directions(X2, t2)[0]
lda_w = LDA().fit(X2, t2).coef_[0]
cosine = fisher @ lda_w / np.linalg.norm(lda_w)
print(f"cosine between Fisher's direction and LDA's w: {cosine:.12f}")
others = np.random.default_rng(6).normal(size=(1000, 4))
best_other = max(discriminant.fisher_criterion(v, X2, t2) for v in others)
print(f"J(Fisher) = {discriminant.fisher_criterion(fisher, X2, t2):.3f}; "
      f"the best of 1000 random directions: {best_other:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# With three classes there are two Fisher directions: the best plane in which to look at the
# four-dimensional iris data. The species separate along the first direction; the second adds little.

# %%
directions = discriminant.fisher_directions(iris.X, iris.y)
projected = iris.X @ directions.T
fig, ax = plt.subplots(figsize=(6.4, 2.8))
plotting.plot_data(ax, projected, iris.y, labels=iris.target_names)
ax.set(xlabel="first Fisher direction", ylabel="second")
ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize="small")
plt.show()
print("J of the two directions:", [round(discriminant.fisher_criterion(d, iris.X, iris.y), 2)
                                   for d in directions])

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Reduced-rank LDA
#
# Fisher's directions can also *classify* (Hastie, Tibshirani and Friedman, *The Elements of Statistical
# Learning*, 4.3.3). Whiten the data with the pooled covariance, $\hat{\boldsymbol\Sigma} = \mathbf{R}\mathbf{R}^T$ (its
# Cholesky factor), $\mathbf{u} = \mathbf{R}^{-1}(\mathbf{x} - \bar{\mathbf{x}})$: there every class has covariance $\mathbf{I}$, and
# LDA assigns $\mathbf{u}$ to the class whose mean $\mathbf{m}_k$ is nearest, allowing for the priors:
# $\ln\pi_k - \frac12\|\mathbf{u} - \mathbf{m}_k\|^2$. The means spread out along the eigenvectors $\mathbf{v}_l$ of
#
# $$\mathbf{B}^* = \sum_k \pi_k(\mathbf{m}_k - \bar{\mathbf{m}})(\mathbf{m}_k - \bar{\mathbf{m}})^T, \qquad \bar{\mathbf{m}} = \sum_k \pi_k\mathbf{m}_k,$$
#
# whose rank is at most $K - 1$; back in the original units $\mathbf{a}_l = \mathbf{R}^{-T}\mathbf{v}_l$ are Fisher's
# directions, scaled so that the spread within a class along each is 1. **Reduced-rank LDA** keeps the $M$
# leading ones, the **discriminant coordinates** $\mathbf{z} = (\mathbf{a}_1, \dots, \mathbf{a}_M)^T(\mathbf{x} - \bar{\mathbf{x}})$, and
# assigns $\mathbf{x}$ to the nearest mean in them, $\ln\pi_k - \frac12\|\mathbf{z} - \mathbf{z}_k\|^2$: the best
# $M$-dimensional view of the data, used to classify. `ReducedRankLDA(n_components=M)`; its `transform` is
# scikit-learn's `LinearDiscriminantAnalysis.transform`, up to the sign and scale of each coordinate and a shift:

# %% slideshow={"slide_type": "subslide"}
from lecture_utils.discriminant import ReducedRankLDA

reduced = ReducedRankLDA(n_components=2).fit(iris.X, iris.y)
Z = reduced.transform(iris.X)
Z_sklearn = LinearDiscriminantAnalysis().fit(iris.X, iris.y).transform(iris.X)
print("each coordinate is +-c times scikit-learn's plus a shift; |correlations|:",
      ", ".join(f"{abs(np.corrcoef(ours, theirs)[0, 1]):.12f}" for ours, theirs in zip(Z.T, Z_sklearn.T)))
print("scale c:", (Z_sklearn.std(axis=0) / Z.std(axis=0)).round(4), "= sqrt(N / (N - K)) =",
      round(np.sqrt(150 / 147), 4), "(scikit-learn pools with 1/N)")
print("within-class covariance of z (pooled):", np.round(sum(np.cov(Z[iris.y == k].T) * 49 for k in range(3)) / 147, 10))
print("between-class variance along each, and its share:", reduced.eigenvalues_.round(3),
      reduced.explained_variance_ratio_.round(4))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 12 (predict): two discriminant coordinates of iris
#
# Iris has $K = 3$ species and $D = 4$ features. Reduced-rank LDA with $M = 2$ classifies the 150 flowers
# by their two discriminant coordinates only, where LDA uses all four dimensions. How many of the 150
# predictions differ from LDA's?
#
# - **(a)** none;
# - **(b)** a few, near the boundary between versicolor and virginica;
# - **(c)** many: half of the dimensions are dropped;
# - **(d)** it depends on the units in which the four features are measured.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.two_coordinates.check(prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered, this cell compares reduced-rank LDA with M = 2 and M = 1 with LDA on the
# 150 flowers: predictions that differ, the largest gap between posteriors, and the training accuracy.
lda_iris = LDA().fit(iris.X, iris.y)
if exercises.two_coordinates.revealed():
    for M in (2, 1):
        model = ReducedRankLDA(M).fit(iris.X, iris.y)
        print(f"M = {M}: {np.sum(model.predict(iris.X) != lda_iris.predict(iris.X))} predictions differ, "
              f"posteriors within {np.abs(model.predict_proba(iris.X) - lda_iris.predict_proba(iris.X)).max():.1e}; "
              f"accuracy {model.score(iris.X, iris.y):.3f} (LDA {lda_iris.score(iris.X, iris.y):.3f})")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **None (a).** Three points always lie in a plane: in the whitened space the three class means span a
# plane, $\mathbf{B}^*$ has rank 2, and the two discriminant coordinates hold every difference between them.
# Along the two remaining directions every class mean projects to the same point, so they add the same
# amount to every class's squared distance, and cancel in the posteriors. With $M = \min(K - 1, D)$
# reduced-rank LDA *is* LDA, whatever the units. Fewer coordinates are a real constraint: with the first
# alone, which holds 99.1 % of the spread between the means, 3 of the 150 predictions change (148 right,
# one more than LDA). With many classes a few coordinates may classify about as well as all $K - 1$ while
# fitting fewer parameters; how many to keep is then a question for cross-validation.
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Many classes: when a few coordinates classify better than all $K - 1$
#
# What reduced rank is for shows with many classes whose means lie close to a low-dimensional subspace (Hastie,
# Tibshirani and Friedman, figure 4.10, on eleven vowels). Here $K = 8$ classes in $D = 20$ dimensions, of unit
# covariance, with their means on a circle of radius 3 in the first two features and spread at random, with a
# standard deviation of 0.1, in the other 18; 10 training examples per class, and 1000 new ones per class to measure
# the accuracy:

# %% slideshow={"slide_type": "subslide"}
circle = np.random.default_rng(11)
angles = 2 * np.pi * np.arange(8) / 8
circle_means = np.c_[3.0 * np.cos(angles), 3.0 * np.sin(angles), 0.1 * circle.standard_normal((8, 18))]

y_circle, y_circle_new = np.repeat(np.arange(8), 10), np.repeat(np.arange(8), 1000)      # 10 and 1000 per class
X_circle = circle_means[y_circle] + circle.standard_normal((80, 20))
X_circle_new = circle_means[y_circle_new] + circle.standard_normal((8000, 20))
print(" M   between-class share   training accuracy   accuracy on new examples")
for M in range(1, 8):
    model = ReducedRankLDA(M).fit(X_circle, y_circle)
    print(f"{M:2}   {model.explained_variance_ratio_[:M].sum():19.3f}   {model.score(X_circle, y_circle):17.3f}   "
          f"{model.score(X_circle_new, y_circle_new):24.3f}")
print(f"LDA: accuracy on new examples {LDA().fit(X_circle, y_circle).score(X_circle_new, y_circle_new):.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The training accuracy rises, from 0.512 to 0.925, as coordinates are added: each adds freedom to fit. On new
# examples two coordinates do best, 0.632; the other five hold mostly the noise of 80 training examples in 20
# dimensions, and using them costs accuracy, down to LDA's 0.564 with all seven ($M = K - 1$ is LDA). $M$ is
# then a regularisation parameter, chosen by cross-validation.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# - **Arias, UPC topic 2**, writes the expected loss $\sum_y L(y, c)\,p(Y = y \mid \mathbf{x})$ and, having
#   announced that the course focuses on the 0-1 loss, simplifies it in the next line to
#   $\sum_{y \ne c} p(Y = y \mid \mathbf{x}) = 1 - p(Y = c \mid \mathbf{x})$ with the note "if $y = c$, 0". The
#   note holds for the medical and a/b/c tables too; the step also needs every mistake to cost 1. The
#   general rule, $\hat y = \operatorname{argmin}_y \mathbb{E}_Y[L(Y, y)]$, is written before it is specialised
#   to the 0-1 loss, and the a/b/c table's three expected losses are written as formulas, but the rule is
#   never applied to a table: the medical table that motivates it is left undecided. Section 1 decides it
#   (sick above $p = 1/6$), and the a/b/c table at two posteriors.
# - **Arias, UPC topic 2**, writes the isotropic equal-prior discriminant as
#   $g_k(\mathbf{x}) = -\frac12\|\boldsymbol\mu_k - \mathbf{x}\|^2$, dropping the $1/\sigma^2$ of the line before. The
#   argmax is unchanged, so the classifier is the same; the values are not the log-posteriors up to a
#   constant unless $\sigma = 1$ (section 5).
# - **Arias, UPC topic 2**, prints the pooled covariance as $\frac{1}{n - n_k}\sum_k (n_k - 1)\hat{\boldsymbol\Sigma}_k$.
#   The denominator is $N - K$, the examples less one per estimated mean; section 7's simulation shows
#   $N - K$ unbiased and $N - N_1$ not.
# - **Arias, UPC topic 2**, says QDA cannot be applied "if $d > n_k$" and neither LDA nor QDA "if
#   $d > n$". A class covariance has rank at most $N_k - 1$, so QDA fails already at $N_k = D$
#   (section 8 fails it at $N_k = D = 3$), one example before the slide's bound; the pooled covariance
#   has rank at most $N - K$, so LDA fails as soon as $N < D + K$, $K$ examples before the slide's
#   $N < D$.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A loss matrix $L_{aj}$ (rows: decisions, columns: true classes) turns posteriors into decisions: the
#   Bayes decision minimises the expected loss $\sum_j L_{aj}\,p(C_j \mid \mathbf{x})$. The slides' medical
#   table decides "sick" above $p = 1/6$; its a/b/c table can prefer a class that is not the most probable.
# - With the 0-1 loss the Bayes decision is the most probable class, and a reject option of cost
#   $\lambda$ rejects where $\max_k p(C_k \mid \mathbf{x}) < 1 - \lambda$.
# - The Bayes classifier has the lowest possible error, the Bayes error: $\Phi(-1) = 0.159$ for
#   $\mathcal{N}(0, 1)$ against $\mathcal{N}(2, 1)$. A costly miss moves the threshold from 1 to 0.195: more mistakes,
#   lower cost (3.00 against 4.76 per patient).
# - Generative models learn $p(\mathbf{x} \mid C_k)\,p(C_k)$ and apply Bayes' theorem; discriminative ones learn
#   $p(C_k \mid \mathbf{x})$. For Gaussian classes the log-posteriors are quadratic (QDA), or linear with a
#   shared covariance (LDA), whose posterior is exactly a logistic regression. When the model is right,
#   LDA's estimate is the better one: on 2000 samples of 200 examples its excess error rate was 0.89
#   of logistic regression's for classes at Mahalanobis distance 2, and 0.62 at distance 3, the trend of
#   Efron's (1975) asymptotic efficiency. Any exponential family of class densities gives a linear log-odds,
#   so logistic regression stays right where LDA does not: for exponential waiting times LDA's threshold
#   tends to the wrong point however large $N$. So do far outliers on one class's own side: 5% of them
#   hold LDA's error rate near 0.19 at every $N$, while logistic regression's loss saturates on them and
#   its error falls to the Bayes error, 0.155. Mislabelled outliers pull logistic regression too.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Summary, continued**
#
# - A shared diagonal covariance gives a weighted Euclidean distance, $\boldsymbol\Sigma = \sigma^2\mathbf{I}$ the nearest
#   mean: the distance, and so the classifier, depends on the features' units only in the last case (as
#   does RDA with $\gamma > 0$, which shrinks towards $\hat\sigma_k^2\mathbf{I}$).
# - The estimates: $N_k/N$, the class means, unbiased class covariances, and the pooled covariance with
#   $N - K$. QDA needs $K D(D+1)/2$ covariance entries, overfits with small classes and fails at
#   $N_k \le D$ (LDA at $N < D + K$); RDA's $(\alpha, \gamma)$, chosen by cross-validation, moves between
#   LDA, QDA and spherical covariances, and on average beats both corners.
# - On iris LDA reaches 0.98 cross-validated accuracy, QDA 0.973, although Box's M test rejects equal
#   covariances: the species whose covariance differs most, setosa, is far from the others.
#   scikit-learn's versions differ only in the covariances' denominators. LDA's direction is also
#   Fisher's: the projection that best separates the class means relative to the spread within the
#   classes. Reduced-rank LDA classifies in the $M$ leading discriminant coordinates; with
#   $M = \min(K - 1, D)$ it is LDA itself.
#
# **Next:** notebook 07 makes a stronger assumption, features independent within each class: Naive
# Bayes.
