# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 03 · Maximum likelihood estimation
#
# **What you will learn**
#
# - what a likelihood is: the probability (or density) of data we already have, read as a function of
#   the parameters, and why it is not a probability distribution over them;
# - why we maximise the *log*-likelihood: the plain product underflows, or overflows;
# - the maximum likelihood estimates of a coin, a die and a Gaussian, derived on paper (boundary cases
#   and the check that it is a maximum included) and found again by a numerical optimiser;
# - why maximising the likelihood is minimising the negative log-likelihood, the cross-entropy and,
#   for discrete data, the KL divergence between the data and the model;
# - how *conditional* maximum likelihood gives the loss of a probabilistic classifier, which
#   logistic regression (notebook 04) minimises;
# - the properties that make maximum likelihood the default: consistency, efficiency, and the bias
#   it may have on small samples;
# - least squares as a Gaussian MLE; the multivariate Gaussian's MLE; the invariance of the MLE;
# - standard errors from the observed information; a prior: MAP estimates, conjugate priors, Laplace
#   smoothing and ridge regression.
#
# **What you need**: the Bernoulli, categorical and normal distributions; entropy, cross-entropy
# and KL divergence (notebook 02); derivatives and second derivatives, and a Lagrange multiplier once.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Sliders redraw at once. Cells
# marked ✏️ are exercises of four kinds: *derive* a number, *implement* a function, *predict* what a cell or
# widget will show before you run it, *explain* by picking an option. Replace the `...`, run the cell, and
# the check says whether you are right or gives a hint; once you have answered, its **Show the solution**
# button offers a worked solution. An *implement* exercise is checked with the course's package and
# scikit-learn switched off: write the function with numpy and scipy. The cells after an exercise show their
# outcome only once you have answered (any answer): run them again after your answer, then open **After your
# answer: why**.
#
# **Notation**: the course's one notation is listed in [the notation table](NOTATION.md): $N$ examples,
# $\boldsymbol\theta$ the parameters of a probability model, $t$ a target and $p$ a probability.
# Straka's NPFL129 lecture 3, which this notebook follows, writes $\mathbf{w}$ for the parameters and
# $m$ for the sample size in its properties of the MLE. All logarithms are natural.

# %% slideshow={"slide_type": "subslide"}
import lecture_utils  # the course's package: if it is older than this notebook needs, say how to update it
assert hasattr(lecture_utils, "require"), "lecture_utils is older than 0.2: update it as the README's 'Updating the course' says"
lecture_utils.require("0.2")
import itertools

import matplotlib.pyplot as plt
import numpy as np
from scipy import integrate, stats
from scipy.optimize import minimize, minimize_scalar
from scipy.special import expit, softmax

from lecture_utils import information, mle, plotting
from lecture_utils.display import show_source
from lecture_utils.exercises import mle as exercises
from lecture_utils.losses import logistic_loss
from lecture_utils.probability import gaussian_mixture_moments, gaussian_mixture_pdf
from lecture_utils.widgets import EstimatorExplorer, GaussianLikelihoodExplorer, LikelihoodExplorer

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The likelihood: the data are fixed, the parameters move
#
# We have training data $\mathbf{X} = \{\mathbf{x}_1, \dots, \mathbf{x}_N\}$, drawn independently from an
# unknown **data-generating distribution** $p_\text{data}$, and a family of candidate models
# $p_\text{model}(\mathbf{x}; \boldsymbol\theta)$, one distribution for every value of the parameters
# $\boldsymbol\theta$. The **empirical distribution** puts mass $1/N$ on every example:
#
# $$\hat p_\text{data}(\mathbf{x}) = \frac{\big|\{i : \mathbf{x}_i = \mathbf{x}\}\big|}{N}.$$
#
# The expression $p_\text{model}(\mathbf{x}; \boldsymbol\theta)$ can be read in two ways.
#
# - Fix $\boldsymbol\theta$ and let $\mathbf{x}$ vary: it is a probability distribution over data, summing
#   (or integrating) to 1.
# - Fix the data and let $\boldsymbol\theta$ vary: the probability of *our* data under each candidate,
#
#   $$L(\boldsymbol\theta) = p_\text{model}(\mathbf{X}; \boldsymbol\theta) = \prod_{i=1}^N p_\text{model}(\mathbf{x}_i; \boldsymbol\theta),$$
#
#   is the **likelihood** of $\boldsymbol\theta$ (the product because the examples are independent).

# %% [markdown] slideshow={"slide_type": "subslide"}
# The likelihood is a function of the parameters, not a distribution over them: nothing makes it sum
# or integrate to 1 over $\boldsymbol\theta$. Take ten coin tosses with seven heads, $x_i = 1$ for heads,
# and the Bernoulli model $P(x; \phi) = \phi^x (1-\phi)^{1-x}$. Then $L(\phi) = \phi^7 (1-\phi)^3$, and
#
# $$\int_0^1 \phi^h (1-\phi)^{N-h}\,d\phi = \frac{h!\,(N-h)!}{(N+1)!}, \qquad
# \int_0^1 \phi^7 (1-\phi)^3\,d\phi = \frac{7!\,3!}{11!} = \frac{1}{1320}$$
#
# (the Beta function; integrate by parts $N-h$ times). Read the other way, with $\phi = 0.7$ fixed, the
# probabilities of all $2^{10} = 1024$ possible sequences of ten tosses do add up to 1.

# %% slideshow={"slide_type": "subslide"}
x_coin = np.array([1, 0, 1, 1, 0, 1, 1, 1, 0, 1])          # 7 heads in 10 tosses
h, N = int(x_coin.sum()), x_coin.size

sequences = np.array(list(itertools.product([0, 1], repeat=N)))     # every possible data set
probabilities = np.array([mle.bernoulli_likelihood(0.7, s) for s in sequences])
print(f"phi = 0.7 fixed: {len(sequences)} data sets, total probability {probabilities.sum():.4f}")

area, _ = integrate.quad(lambda phi: mle.bernoulli_likelihood(phi, x_coin), 0, 1)
print(f"data fixed: area under L(phi) = {area:.8f} by quadrature; "
      f"7! 3! / 11! = {mle.bernoulli_likelihood_integral(h, N):.8f}; 1/1320 = {1 / 1320:.8f}")

# %% slideshow={"slide_type": "subslide"}
phi = np.linspace(0, 1, 401)
fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
by_heads = np.bincount(sequences.sum(axis=1), weights=probabilities)   # all sequences with h heads
axes[0].bar(np.arange(N + 1), by_heads, color=plotting.PALETTE[2])
axes[0].set(xlabel="number of heads in the data set", ylabel="total probability",
            title=r"$\phi = 0.7$ fixed: a distribution over data (sums to 1)")
plotting.plot_likelihood(axes[1], phi, mle.bernoulli_likelihood(phi, x_coin), h / N,
                         mle.bernoulli_likelihood(h / N, x_coin))
axes[1].set_title(f"data fixed ({h} heads in {N}): area under $L$ = 1/1320", fontsize="medium")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): the area under a likelihood
#
# The same holds for densities. The data are two measurements, $\mathbf{x} = (0, 0)$, from the model
# $\mathcal{N}(\mu, 1)$, whose variance is known. Compute the area $\int_{-\infty}^{\infty} L(\mu)\,d\mu$ under
# their likelihood, on paper.

# %%
area_answer = ...     # ✏️ a number
exercises.area_under_likelihood.check(area_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the area by quadrature, for one to four measurements at 0.
if exercises.area_under_likelihood.revealed():
    for n_measurements in range(1, 5):
        area_mu, _ = integrate.quad(lambda mu: np.exp(mle.gaussian_log_likelihood(mu, 1.0, np.zeros(n_measurements))),
                                    -np.inf, np.inf)
        print(f"{n_measurements} measurement(s) at 0: area under L(mu) = {area_mu:.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2 (explain): a likelihood of 50.7
#
# Three measurements close to the mean of a narrow normal distribution, $\mathcal{N}(0, 0.1^2)$, and their
# likelihood under it:

# %%
x_close = np.array([0.02, -0.05, 0.04])
densities = stats.norm.pdf(x_close, loc=0, scale=0.1)
print(f"the likelihood of x = {x_close}: L(mu = 0, sigma = 0.1) = {np.prod(densities):.2f}")

# %% [markdown]
# What does $L(\mu = 0, \sigma = 0.1) = 50.7$ tell you?
#
# - **(a)** Something went wrong: a likelihood is a probability, and a probability cannot exceed 1.
# - **(b)** Each factor is a density, which may exceed 1, so the product may too: $L$ is not a
#   probability.
# - **(c)** Given the data, the parameters $(\mu, \sigma) = (0, 0.1)$ have probability density 50.7.
# - **(d)** Rounding errors have accumulated in the product.

# %%
likelihood_explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.likelihood_above_one.check(likelihood_explanation)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the three factors of the likelihood.
if exercises.likelihood_above_one.revealed():
    print("the three factors p(x_i; mu = 0, sigma = 0.1):", densities)

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the factors are densities.** For a coin or a die every factor of the likelihood is a
# probability, so $L$ lies in $[0, 1]$. For continuous data the factors are densities, probabilities per
# unit of $x$, and a narrow distribution has densities far above 1 near its mean: here 3.5 to 3.9 each,
# 50.7 together. The likelihood is the density of the observed data, as a function of the parameters,
# not the probability of anything, and only ratios of its values are compared. Straka's NPFL129
# lecture 3 remarks that even when its value lies in $[0, 1]$ the likelihood is not a probability; with
# densities it need not even lie in $[0, 1]$.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. From a product of probabilities to a sum of logs
#
# The **maximum likelihood estimate** (MLE) is the parameter under which the data are most probable:
#
# $$\boldsymbol\theta_\text{MLE} = \operatorname*{argmax}_{\boldsymbol\theta} \prod_{i=1}^N p_\text{model}(\mathbf{x}_i; \boldsymbol\theta)
# = \operatorname*{argmax}_{\boldsymbol\theta} \sum_{i=1}^N \log p_\text{model}(\mathbf{x}_i; \boldsymbol\theta).$$
#
# The two are the same because $\log$ is strictly increasing: it changes the values of the objective,
# never the place of its maximum. The sum of logs is preferred for three reasons:
#
# - **it neither underflows nor overflows.** A double holds magnitudes from about $5 \times 10^{-324}$
#   to about $1.8 \times 10^{308}$. With a discrete model every factor is a probability, at most 1, and
#   the product shrinks exponentially with $N$ until it is exactly 0. With densities the factors exceed
#   1 wherever the model is concentrated, and the product can just as well grow exponentially until it
#   is `inf`. The sum of logs only grows linearly with $N$;
# - **a sum is easier to differentiate** than a product: its gradient is the sum of the examples'
#   gradients (the basis of stochastic gradient descent);
# - **the common models become simple**: the log cancels the exponentials of the normal and the
#   powers of the Bernoulli and categorical distributions.
#
# Two examples, one of each failure. First, 1000 rolls of a loaded die and two models for it: a fair
# die, and the loaded die that generated the data. Both likelihoods come out as exactly zero; their
# logarithms are fine, and their difference says which model is more likely, and by how much.

# %% slideshow={"slide_type": "subslide"}
rng = np.random.default_rng(0)
p_loaded = np.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.5])
rolls = rng.choice(6, size=1000, p=p_loaded)               # faces 0..5
p_fair = np.full(6, 1 / 6)
for name, p in [("fair die", p_fair), ("loaded die", p_loaded)]:
    print(f"{name:10}: product = {mle.likelihood_product(p[rolls])}, "
          f"log-likelihood = {mle.log_likelihood_sum(p[rolls]):.2f}")
gap = mle.log_likelihood_sum(p_loaded[rolls]) - mle.log_likelihood_sum(p_fair[rolls])
print(f"the loaded die is e^{gap:.1f} = 10^{gap / np.log(10):.1f} times more likely")

# %% [markdown]
# Second, 1000 measurements of a rod 2 m long with an instrument precise to about a millimetre, and two
# normal models: the right one, $\sigma = 1$ mm, and a sloppier $\sigma = 2$ mm. A typical density is in
# the hundreds (per metre), and both likelihoods overflow to `inf`, which cannot even be compared:
# `inf - inf` is `nan`.

# %%
rod = np.random.default_rng(13).normal(2.0, 0.001, size=1000)     # metres
for sigma in (0.001, 0.002):
    density = stats.norm.pdf(rod, 2.0, sigma)
    print(f"sigma = {sigma * 1000:.0f} mm: product = {mle.likelihood_product(density)}, "
          f"log-likelihood = {mle.log_likelihood_sum(density):.1f}")

# %% slideshow={"slide_type": "subslide"}
fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
plotting.plot_running_product(axes[0], p_fair[rolls])
plotting.plot_running_product(axes[1], stats.norm.pdf(rod, 2.0, 0.001))
axes[0].set_title("probabilities (the fair die): the product underflows", fontsize="medium")
axes[1].set_title("densities (the rod): the product overflows", fontsize="medium")
axes[0].legend(loc="lower left")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (derive): a log-likelihood by hand
#
# Five tosses $\mathbf{x} = (1, 0, 1, 1, 0)$. What is the log-likelihood $\log L(\phi)$ of the Bernoulli
# model at $\phi = 0.6$ (natural logarithm)?

# %%
log_likelihood = ...     # ✏️ a number
exercises.log_likelihood_by_hand.check(log_likelihood)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. A coin: $\hat\phi = h/N$
#
# With $h = \sum_i x_i$ heads among $N$ tosses, the log-likelihood of the Bernoulli model is
#
# $$\log L(\phi) = \sum_{i=1}^N \big[x_i \log\phi + (1 - x_i)\log(1-\phi)\big] = h\log\phi + (N-h)\log(1-\phi).$$
#
# Set its derivative to zero:
#
# $$\frac{d}{d\phi}\log L = \frac{h}{\phi} - \frac{N-h}{1-\phi} = 0
# \iff h(1-\phi) = (N-h)\,\phi \iff \hat\phi = \frac{h}{N}.$$
#
# It is a maximum: the second derivative $-h/\phi^2 - (N-h)/(1-\phi)^2$ is negative everywhere, so
# $\log L$ is concave and has no other stationary point. If all tosses show tails ($h = 0$), there is no
# stationary point inside $(0, 1)$: $\log L = N\log(1-\phi)$ decreases, and the maximum is at the
# boundary, $\hat\phi = 0 = h/N$ again (likewise $\hat\phi = 1$ for $h = N$).

# %% [markdown] slideshow={"slide_type": "subslide"}
# A numerical optimiser knows nothing of $h/N$: `fit_mle_numerically` hands the mean negative
# log-likelihood of any model (here `scipy.stats.bernoulli.logpmf`) to `scipy.optimize.minimize`. It
# then checks the answer by the condition of a minimum itself: no small step along a parameter (inside
# its bounds) may still lower the mean NLL, beyond a slope of $10^{-6}$ (relative to the mean NLL when
# that exceeds 1). How many iterations the optimiser took, and whether it calls its own run a success,
# depend on the machine and on scipy's version; that check does not.

# %%
fit_coin = mle.fit_mle_numerically(stats.bernoulli.logpmf, x_coin, initial_params=0.5, bounds=[(1e-9, 1 - 1e-9)])
print(f"closed form h/N = {mle.bernoulli_mle(x_coin):.4f}, numerical optimum {fit_coin.params[0]:.4f}; "
      f"a minimum, checked: {fit_coin.converged}; they agree to 1e-6: {abs(fit_coin.params[0] - h / N) < 1e-6}")
curve = mle.bernoulli_log_likelihood(phi[1:-1], x_coin)
print("log L is concave on the grid (all second differences < 0):", bool(np.all(np.diff(curve, 2) < 0)))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (implement): a Bernoulli negative log-likelihood that never breaks
#
# Write `bernoulli_nll(phi, x)`, the negative log-likelihood $-\log L(\phi)$ of the tosses `x` (an array
# of 0s and 1s) at one value $\phi \in [0, 1]$. The hidden cases include $\phi = 10^{-200}$, where the
# product of the probabilities is too small for a float but $-\log L$ is a perfectly finite number,
# and $\phi = 0$ or $1$, where $0 \log 0 = 0$: the answer is $0$ when the data agree with the certain
# outcome and $+\infty$ when they contradict it, never `nan`. The probabilities of `scipy.stats`'
# distributions (`stats.bernoulli.logpmf` and the like) are switched off while your function is checked.

# %%
def bernoulli_nll(phi, x):
    """Return -log L(phi) = -sum_i log P(x_i; phi) for tosses x in {0, 1}."""
    ...              # ✏️ your code


exercises.bernoulli_nll.check(bernoulli_nll)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's log-likelihood, to compare with yours.
if exercises.bernoulli_nll.revealed():
    show_source(mle.bernoulli_log_likelihood)

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Sum the logs; never form the product.** $-\log L(\phi) = -h\log\phi - (N - h)\log(1 - \phi)$, with
# $h$ the number of ones: at $\phi = 10^{-200}$ the product $\phi^h(1-\phi)^{N-h}$ underflows to 0 for
# $h \ge 2$ and its log is $-\infty$, while $h \cdot 200 \log 10$ is an ordinary number. At $\phi = 0$ or $1$
# a term whose count is 0 must count 0 ($0 \log 0 = 0$), not $0 \cdot (-\infty)$ = `nan`: a term with a
# positive count and a zero probability is $+\infty$, the data contradicting a certain outcome.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: the likelihood of your own tosses
#
# It starts at $h = 7$ heads in $N = 10$ tosses: left $\log L$, its maximum (the diamond) at $h/N$; right $L$.
#
# - **Move $h$**: the diamond follows $h/N$ in both panels.
# - **Keep $h/N = 0.7$ and raise $N$** (14 of 20, 28 of 40, 70 of 100): the curves narrow around 0.7, as
#   more data pin $\phi$ down, while the peak of $L$ and its area fall towards 0 (see the power of ten).
# - **Set $h = 0$ or $h = N$**: the maximum moves to $\phi = 0$ or $1$, where $\log L = 0$ and $L = 1$.

# %%
explorer = LikelihoodExplorer(h=7, N=10)
explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same widget from code: `set_counts(h, N)` moves both sliders, and moving $N$ below $h$ pulls $h$
# down with it. A second explorer does it here, so the one above keeps showing 7 heads in 10.

# %%
demo = LikelihoodExplorer(h=7, N=10)
for h_demo, N_demo in [(14, 20), (70, 100)]:
    demo.set_counts(h=h_demo, N=N_demo)
    print(demo.status)
demo.N_slider.value = 12                 # fewer tosses than heads: h follows N down
print(demo.status)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. A die: $\hat p_k = N_k / N$
#
# A categorical variable with $K$ outcomes has $P(x; \mathbf{p}) = p_x$, i.e.
# $\prod_k p_k^{[x = k]}$ in one-hot form. With $N_k$ the number of examples equal to $k$,
#
# $$\log L(\mathbf{p}) = \sum_{i=1}^N \log p_{x_i} = \sum_{k=1}^{K} N_k \log p_k .$$
#
# The parameters are constrained, $\sum_k p_k = 1$ and $p_k \ge 0$. Suppose first that every face was
# seen, $N_k > 0$. Then the maximum is inside the simplex (at $p_k = 0$ the term $N_k\log p_k$ is
# $-\infty$), and it is a stationary point of the Lagrangian
# $\sum_k N_k \log p_k + \nu\big(1 - \sum_k p_k\big)$:
#
# $$\frac{\partial}{\partial p_k}: \ \frac{N_k}{p_k} - \nu = 0 \iff p_k = \frac{N_k}{\nu}, \qquad
# \sum_k p_k = 1 \iff \nu = N, \qquad \hat p_k = \frac{N_k}{N}.$$

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Faces never seen.** If $N_k = 0$, that face's condition reads $-\nu = 0$, while the seen faces need
# $\nu = N > 0$: the Lagrangian has no stationary point inside the simplex, and the maximum sits on its
# boundary. The reason is plain:
# $p_k$ does not appear in $\log L$ at all ($0 \log p_k = 0$), so any mass given to an unseen face is
# mass taken from the seen ones, whose terms $N_j \log p_j$ grow if it is given back to them. Hence
# $\hat p_k = 0$ for every unseen face, and the argument above, run over the seen faces only (their
# $p_k$ sum to 1, $\nu = \sum_{\text{seen}} N_j = N$), gives $\hat p_k = N_k/N$ for them: the same
# formula covers both cases. (With Karush-Kuhn-Tucker multipliers $\kappa_k \ge 0$ for $p_k \ge 0$: an
# unseen face has $-\nu + \kappa_k = 0$, so $\kappa_k = N > 0$, and complementary slackness forces
# $p_k = 0$.)
#
# **A maximum, not just a stationary point.** Each term $N_k\log p_k$ is concave in $p_k$ (second
# derivative $-N_k/p_k^2 \le 0$), so $\log L$ is concave on the convex set of distributions, and a
# stationary point is its global maximum. Its Hessian is diagonal, with entries $-N_k/p_k^2$, which are
# $-N^2/N_k$ at $\hat{\mathbf{p}}$. A direction $\mathbf{d}$ that stays on the simplex has
# $\sum_k d_k = 0$, and along it the second derivative is
#
# $$\mathbf{d}^T\mathbf{H}\,\mathbf{d} = -N^2\sum_k \frac{d_k^2}{N_k} < 0 .$$
#
# Checked on sixty rolls: second differences of $\log L$ along 1000 random directions on the simplex
# against the formula, and $\log L$ lower at every nearby point.

# %% slideshow={"slide_type": "subslide"}
counts = np.array([8, 9, 11, 7, 10, 15])                    # 60 rolls
p_hat = counts / counts.sum()
directions = np.random.default_rng(11).normal(size=(1000, 6))
directions -= directions.mean(axis=1, keepdims=True)       # sum_k d_k = 0: p_hat + s d is a distribution
s = 1e-3
log_L = lambda p: mle.categorical_log_likelihood(p, counts, counts=True)   # p: one or many distributions
second = (log_L(p_hat + s * directions) - 2 * log_L(p_hat) + log_L(p_hat - s * directions)) / s ** 2
derived = -counts.sum() ** 2 * np.sum(directions ** 2 / counts, axis=1)
print("second differences = -N^2 sum_k d_k^2 / N_k, to", f"{np.max(np.abs(second / derived - 1)):.0e};",
      "all negative:", bool(np.all(second < 0)))
nearby = np.r_[p_hat + s * directions, p_hat - s * directions]
print("log L lower at all 2000 nearby points:", bool(np.all(log_L(nearby) < log_L(p_hat))))

# %% [markdown]
# To check the formula itself numerically, the constraint has to go: write
# $\mathbf{p} = \operatorname{softmax}(\mathbf{a})$ with any real $\mathbf{a}$, and minimise the negative
# log-likelihood over $\mathbf{a}$ without constraints.

# %%
result = minimize(lambda a: -mle.categorical_log_likelihood(softmax(a), counts, counts=True), np.zeros(6))
p_closed = mle.categorical_mle(np.repeat(np.arange(6), counts), 6)
print("closed form N_k/N: ", p_closed)
print("numerical optimum: ", softmax(result.x), " agree:", np.allclose(softmax(result.x), p_closed, atol=1e-4))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A face never seen gets probability zero.** With few data that is a problem: the model then declares
# a single future roll of that face impossible, and the log-likelihood of any data containing it is
# $-\infty$. Smoothing the counts (notebook 07) is the usual cure.

# %%
p_few = mle.categorical_mle([0, 1, 1, 3, 4, 4, 4, 2], 6)    # face 6 (index 5) never rolled
print("MLE from 8 rolls:", p_few, "  log-likelihood of one roll of face 6:",
      mle.categorical_log_likelihood(p_few, [5]))

# %% [markdown]
# ### ✏️ Exercise 5 (derive): the MLE of a die
#
# Twenty rolls gave the counts $(3, 5, 2, 6, 4, 0)$ for faces 1 to 6. What is the maximum likelihood
# estimate of the six face probabilities?

# %%
p_die = ...          # ✏️ six numbers, as a list
exercises.die_mle.check(p_die)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. A Gaussian: the sample mean and the $1/N$ variance
#
# For $\mathcal{N}(x; \mu, \sigma^2) = \frac{1}{\sqrt{2\pi\sigma^2}} \exp\!\big(-\frac{(x-\mu)^2}{2\sigma^2}\big)$,
#
# $$\log L(\mu, \sigma^2) = -\frac{N}{2}\log(2\pi\sigma^2) - \frac{1}{2\sigma^2}\sum_{i=1}^N (x_i - \mu)^2 .$$
#
# - In $\mu$: $\ \dfrac{\partial \log L}{\partial \mu} = \dfrac{1}{\sigma^2}\sum_i (x_i - \mu) = 0
#   \iff \hat\mu = \dfrac{1}{N}\sum_i x_i$, the sample mean, whatever $\sigma^2$.
# - In $\sigma^2$: $\ \dfrac{\partial \log L}{\partial \sigma^2} = -\dfrac{N}{2\sigma^2} + \dfrac{1}{2\sigma^4}\sum_i (x_i - \mu)^2 = 0
#   \iff \hat\sigma^2 = \dfrac{1}{N}\sum_i (x_i - \hat\mu)^2 .$
#
# The variance estimate divides by $N$, not by $N - 1$: it is the mean squared deviation. Statistics
# software often reports $s^2 = \frac{1}{N-1}\sum_i (x_i - \hat\mu)^2$ instead; section 10 compares the
# two. `scipy.stats.norm.fit` returns the MLE.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A maximum?** The second derivatives are
# $\partial^2_\mu \log L = -N/\sigma^2$, $\ \partial_\mu\partial_{\sigma^2} \log L = -\sum_i (x_i - \mu)/\sigma^4$ and
# $\partial^2_{\sigma^2} \log L = N/(2\sigma^4) - \sum_i (x_i - \mu)^2/\sigma^6$. At $(\hat\mu, \hat\sigma^2)$ the
# mixed one vanishes ($\sum_i (x_i - \hat\mu) = 0$) and $\sum_i (x_i - \hat\mu)^2 = N\hat\sigma^2$, so
#
# $$\mathbf{H} = \begin{pmatrix} -N/\hat\sigma^2 & 0 \\ 0 & -N/(2\hat\sigma^4) \end{pmatrix},$$
#
# negative definite: a local maximum. It is also the global one, though not by concavity: $\log L$ is
# not concave in $(\mu, \sigma^2)$ (at $\mu = \hat\mu$, $\partial^2_{\sigma^2}\log L > 0$ once
# $\sigma^2 > 2\hat\sigma^2$). It is the only stationary point, and $\log L \to -\infty$ at every edge of
# the parameter space ($|\mu| \to \infty$, $\sigma^2 \to \infty$, $\sigma^2 \to 0$), so the highest point
# is that one. The last limit needs two different values among the $x_i$: if they are all equal (one
# observation, say), $L$ grows without bound as $\sigma^2 \to 0$ at $\mu = x_1$, and no maximum exists.
#
# Checked on ten draws: the closed form against a numerical optimiser and scipy, and the Hessian above
# against second differences of $\log L$.

# %% slideshow={"slide_type": "subslide"}
x_gauss = np.random.default_rng(1).normal(2.0, 1.5, size=10)
mu_hat, sigma2_hat = mle.gaussian_mle(x_gauss)
fit_gauss = mle.fit_mle_numerically(stats.norm.logpdf, x_gauss, initial_params=[0.0, 1.0],
                                    bounds=[(None, None), (1e-6, None)])       # parameters loc, scale = sigma
numerical = np.array([fit_gauss.params[0], fit_gauss.params[1] ** 2])           # (mu, sigma^2)
loc, scale = stats.norm.fit(x_gauss)
print(f"closed form:          mu = {mu_hat:.4f}, sigma^2 = {sigma2_hat:.4f}")
print(f"numerical optimum:    mu = {numerical[0]:.4f}, sigma^2 = {numerical[1]:.4f}  (a minimum, checked: "
      f"{fit_gauss.converged}; agrees to 1e-6: {np.allclose(numerical, [mu_hat, sigma2_hat], rtol=0, atol=1e-6)})")
print(f"scipy.stats.norm.fit: mu = {loc:.4f}, sigma^2 = {scale ** 2:.4f}")
print(f"np.var (ddof=0, numpy's default): {np.var(x_gauss):.4f}")

# %% slideshow={"slide_type": "subslide"}
def second_differences(f, point, step=1e-4):
    """The Hessian of f at point by central differences: no formula from the derivation goes in."""
    e = step * np.eye(len(point))
    return np.array([[(f(point + a + b) - f(point + a - b) - f(point - a + b) + f(point - a - b)) / (4 * step ** 2)
                      for b in e] for a in e])


N_gauss = x_gauss.size
log_L = lambda theta: mle.gaussian_log_likelihood(theta[0], theta[1], x_gauss)      # theta = (mu, sigma^2)
H_numerical = second_differences(log_L, np.array([mu_hat, sigma2_hat]))
H_derived = np.diag([-N_gauss / sigma2_hat, -N_gauss / (2 * sigma2_hat ** 2)])
print("Hessian by second differences:\n", np.round(H_numerical, 4) + 0.0)     # + 0.0: no "-0." from round-off
print("as derived: diag(-N/sigma^2, -N/(2 sigma^4)) =", np.diag(H_derived), " agree:",
      np.allclose(H_numerical, H_derived, rtol=1e-5, atol=1e-5), "  eigenvalues:", np.linalg.eigvalsh(H_numerical))
mu_grid, sigma2_grid = np.linspace(1.2, 3.5, 201), np.linspace(0.25, 3.0, 201)
surface = mle.gaussian_log_likelihood(mu_grid[:, None], sigma2_grid[None, :], x_gauss)   # for the figure

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(8, 3.6))
levels = surface.max() - np.array([10, 5, 2, 1, 0.5, 0.1])          # increasing, as contour wants
ax.clabel(ax.contour(mu_grid, sigma2_grid, surface.T, levels=levels, colors=plotting.PALETTE[0],
                     linewidths=1.2, linestyles="solid"),
          fmt=lambda v: f"{v - surface.max():.1f}", fontsize="small")          # each level's label on its line
ax.plot(mu_hat, sigma2_hat, **plotting.MLE_STYLE, label=r"MLE $(\hat\mu, \hat\sigma^2)$")
ax.set(xlabel=r"$\mu$", ylabel=r"$\sigma^2$", title=r"$\log L(\mu, \sigma^2) - \log L(\hat\mu, \hat\sigma^2)$")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (derive): a Gaussian by hand
#
# Fit a normal distribution by maximum likelihood to the six values $2, 4, 4, 5, 7, 8$: what are
# $\hat\mu$ and $\hat\sigma^2$?

# %%
mu_sigma2 = ...      # ✏️ [mu, sigma^2]
exercises.gaussian_by_hand.check(mu_sigma2)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (derive): the MLE of a Laplace distribution
#
# The Laplace distribution has the density $p(x; \mu, b) = \frac{1}{2b}\exp\!\big(-\frac{|x - \mu|}{b}\big)$,
# with a location $\mu$ and a scale $b > 0$: the normal's squared deviation becomes an absolute one.
# Derive its maximum likelihood estimates (hint: in $\mu$, how does $\sum_i |x_i - \mu|$ change as $\mu$
# moves past a data point?), then compute them for the five values $3, 9, 1, 4, 8$.

# %%
mu_b = ...           # ✏️ [mu, b]
exercises.laplace_by_hand.check(mu_b)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **The median, and the mean absolute deviation from it.** As $\mu$ moves right past a data point, that
# point's $|x_i - \mu|$ turns from falling to rising, so the slope of $\sum_i |x_i - \mu|$ is the number of
# points left of $\mu$ minus the number right of it: it is smallest where as many lie on each side, at the
# median. Then $\partial_b \log L = -N/b + \sum_i |x_i - \hat\mu|/b^2 = 0$ gives
# $\hat b = \frac1N\sum_i |x_i - \hat\mu|$. The cell below checks the package's closed form on other data,
# 201 draws from a Laplace distribution, against scipy's fit and a numerical optimiser that knows only
# `scipy.stats.laplace.logpdf`. The NLL has a kink at every data point, so the optimiser is Nelder-Mead,
# which uses no derivatives.
#
# </details>

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the closed form on 201 draws, against scipy and a numerical optimiser.
if exercises.laplace_by_hand.revealed():
    x_laplace = np.random.default_rng(12).laplace(1.0, 2.0, size=201)
    closed_laplace = np.array(mle.laplace_mle(x_laplace))
    fit_laplace = mle.fit_mle_numerically(stats.laplace.logpdf, x_laplace, initial_params=[0.0, 1.0],
                                          bounds=[(None, None), (1e-6, None)], method="Nelder-Mead")
    print("closed form (mle.laplace_mle):  mu = {:.4f}, b = {:.4f}".format(*closed_laplace))
    print("scipy.stats.laplace.fit:        mu = {:.4f}, b = {:.4f}".format(*stats.laplace.fit(x_laplace)))
    print("numerical optimum:              mu = {:.4f}, b = {:.4f}".format(*fit_laplace.params),
          f" (a minimum, checked: {fit_laplace.converged}; agrees to 1e-6: "
          f"{np.allclose(fit_laplace.params, closed_laplace, rtol=0, atol=1e-6)})")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Likelihood, negative log-likelihood, cross-entropy, KL: one optimum
#
# Dividing by $N$ changes no minimiser, and an average over the examples is an expectation under the
# empirical distribution: grouping equal examples, $\frac{1}{N}\sum_i f(\mathbf{x}_i) = \sum_\mathbf{x}
# \hat p_\text{data}(\mathbf{x})\, f(\mathbf{x})$. So
#
# $$\begin{aligned}
# \boldsymbol\theta_\text{MLE} &= \operatorname*{argmax}_{\boldsymbol\theta}\ \prod_{i=1}^N p_\text{model}(\mathbf{x}_i; \boldsymbol\theta)
#   && \text{the likelihood}\\
# &= \operatorname*{argmin}_{\boldsymbol\theta}\ \sum_{i=1}^N -\log p_\text{model}(\mathbf{x}_i; \boldsymbol\theta)
#   && \text{the negative log-likelihood (NLL)}\\
# &= \operatorname*{argmin}_{\boldsymbol\theta}\ \mathbb{E}_{\mathbf{x} \sim \hat p_\text{data}}\big[-\log p_\text{model}(\mathbf{x}; \boldsymbol\theta)\big]
#   = \operatorname*{argmin}_{\boldsymbol\theta}\ H\big(\hat p_\text{data}, p_\text{model}(\cdot; \boldsymbol\theta)\big)
#   && \text{the cross-entropy}\\
# &= \operatorname*{argmin}_{\boldsymbol\theta}\ D_\text{KL}\big(\hat p_\text{data} \,\|\, p_\text{model}(\cdot; \boldsymbol\theta)\big)
#   && \text{the KL divergence (discrete data),}
# \end{aligned}$$
#
# the last because $H(\hat p_\text{data}, p_\text{model}) = D_\text{KL}(\hat p_\text{data} \| p_\text{model}) + H(\hat p_\text{data})$
# and the entropy of the data does not depend on $\boldsymbol\theta$. In numbers:
# $\text{NLL}/N$ *equals* the cross-entropy, and exceeds the KL divergence by the constant
# $H(\hat p_\text{data})$. Gibbs' inequality gives the die's MLE of section 4 at once: $D_\text{KL} \geq 0$ with
# equality only for $p_\text{model} = \hat p_\text{data}$, so when the model family contains the
# empirical distribution, that is the MLE, and the smallest NLL/N is $H(\hat p_\text{data})$.
#
# Checked on twenty tosses of a coin, over a grid of $\phi$:

# %% slideshow={"slide_type": "subslide"}
x20 = np.random.default_rng(2).binomial(1, 0.35, size=20)
outcomes, p_hat20 = mle.empirical_distribution(x20)        # outcomes 0 and 1, their frequencies
grid = np.linspace(0, 1, 201)[1:-1]                        # 0.005 ... 0.995: contains every h/20
model = np.column_stack([1 - grid, grid])                  # P(x = 0), P(x = 1) for every phi

likelihood = mle.bernoulli_likelihood(grid, x20)
nll = -mle.bernoulli_log_likelihood(grid, x20)
cross = information.cross_entropy(p_hat20, model)
kl = information.kl_divergence(p_hat20, model)
print(f"h/N = {mle.bernoulli_mle(x20):.3f};  the optimum on the grid: of the likelihood "
      f"{grid[np.argmax(likelihood)]:.3f}, of the NLL {grid[np.argmin(nll)]:.3f}, "
      f"of the cross-entropy {grid[np.argmin(cross)]:.3f}, of the KL {grid[np.argmin(kl)]:.3f}")
print("NLL / N equals the cross-entropy:                ", np.allclose(nll / len(x20), cross, rtol=1e-12))
print(f"cross-entropy - KL is constant, = H(p_hat) = {information.entropy(p_hat20):.4f}:",
      np.allclose(cross - kl, information.entropy(p_hat20), rtol=1e-12))

# %% slideshow={"slide_type": "subslide"}
objectives = {r"likelihood $L(\phi)$": (likelihood, "max"), r"NLL $-\log L(\phi)$": (nll, "min"),
              r"cross-entropy $H(\hat p, p_\phi)$": (cross, "min"), r"KL $D_{KL}(\hat p \,\|\, p_\phi)$": (kl, "min")}
fig, axes = plt.subplots(2, 2, figsize=(10, 3.9), sharex=True)
plotting.plot_objectives(axes.flat, grid, objectives, optimum=mle.bernoulli_mle(x20), xlabel=r"$\phi$")
axes[1, 0].axhline(information.entropy(p_hat20), color=plotting.PALETTE[2], linestyle=":",
                   label=r"$H(\hat p)$: the lowest possible")
axes[1, 0].legend(loc="upper center")
for ax in axes[0]:
    ax.set_xlabel("")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Continuous data.** For a continuous model the chain holds down to the cross-entropy line:
# $H(\hat p_\text{data}, p_\text{model}) = \frac1N\sum_i -\log p_\text{model}(\mathbf{x}_i; \boldsymbol\theta)$ is still an
# average over the sample (an expectation, under the discrete $\hat p_\text{data}$, of a log-*density*), and
# minimising it still maximises the likelihood. The last line breaks. The empirical distribution is
# still discrete, $N$ spikes of mass $1/N$, and its Shannon entropy is finite: $H(\hat p_\text{data}) \le \log N$,
# with equality when the $\mathbf{x}_i$ all differ, as continuous data almost surely do. What is not
# defined is its *differential* entropy (it has no density) and its KL divergence from a density: the
# identity $H(P, Q) = D_\text{KL}(P \| Q) + H(P)$ needs $P$ and $Q$ of the same kind, and $\hat p_\text{data}$
# puts mass on single points, to which a density gives probability zero (taken as a limit, the
# divergence is $+\infty$ for every $\boldsymbol\theta$). Subtracting anyway gives nonsense: in the example
# below, the cross-entropy minus the spikes' entropy is *negative*, which no KL divergence can be.
#
# **Many data: the model closest to the truth.** For each fixed $\boldsymbol\theta$, the law of large numbers
# gives $\frac1N\sum_i -\log p_\text{model}(\mathbf{x}_i; \boldsymbol\theta) \to H(p_\text{data}, p_\text{model}(\cdot; \boldsymbol\theta))
# = D_\text{KL}(p_\text{data} \| p_\text{model}) + H(p_\text{data})$. That alone does not move the *minimiser*:
# convergence at each $\boldsymbol\theta$ separately still lets the curve dip somewhere else for every $N$.
# It takes a **uniform** law of large numbers, $\sup_{\boldsymbol\theta} \big|\frac1N \text{NLL}(\boldsymbol\theta) -
# H(p_\text{data}, p_\text{model}(\cdot; \boldsymbol\theta))\big| \to 0$ (it holds, for instance, when the parameters
# range over a compact set, $\log p_\text{model}$ is continuous in $\boldsymbol\theta$ and bounded by an
# integrable function of $\mathbf{x}$), and a unique, well-separated minimiser $\boldsymbol\theta_*$ of
# $D_\text{KL}(p_\text{data} \| p_\text{model})$. Then the MLE converges to $\boldsymbol\theta_*$, the model closest to the
# *true* distribution in the **forward** KL of notebook 02 (Wald, 1949; White, 1982, for models that do
# not contain the truth). When the family contains $p_\text{data}$, $\boldsymbol\theta_*$ is the truth: that is
# consistency (section 8). For a Gaussian model $\boldsymbol\theta_*$ matches the mean and variance, even when
# the data are not Gaussian at all: the Gaussian MLE of a large sample from a two-peaked mixture is the
# Gaussian that covers both peaks.

# %% slideshow={"slide_type": "subslide"}
weights, means, sigmas = [0.3, 0.7], [-2.0, 1.5], [0.6, 1.0]
component = np.random.default_rng(3).choice(2, size=50_000, p=weights)
big_sample = np.random.default_rng(4).normal(np.array(means)[component], np.array(sigmas)[component])
x_grid = np.linspace(-8, 8, 1601)
mu_kl, sigma_kl = information.fit_gaussian_forward_kl(gaussian_mixture_pdf(x_grid, weights, means, sigmas), x_grid)
mean, variance = gaussian_mixture_moments(weights, means, sigmas)
mu_mle, sigma2_mle = mle.gaussian_mle(big_sample)
print(f"Gaussian MLE of 50 000 draws:   mu = {mu_mle:.2f}, sigma = {np.sqrt(sigma2_mle):.2f}")
print(f"argmin of KL(p_data || q):      mu = {mu_kl:.2f}, sigma = {sigma_kl:.2f}")
print(f"the mixture's own moments:      mu = {mean:.2f}, sigma = {np.sqrt(variance):.2f}")

spikes = mle.empirical_distribution(big_sample)[1]        # 50 000 distinct values, mass 1/N each
cross_entropy = -np.mean(stats.norm.logpdf(big_sample, mu_mle, np.sqrt(sigma2_mle)))
entropy_of_spikes = information.entropy(spikes)
print(f"Shannon entropy of the spikes H(p_hat) = {entropy_of_spikes:.3f} = log N = {np.log(spikes.size):.3f}: finite")
print(f"cross-entropy (mean -log q(x_i)) = {cross_entropy:.3f}; minus H(p_hat): "
      f"{cross_entropy - entropy_of_spikes:.3f}, negative: not a KL divergence")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Conditional maximum likelihood: the loss of a classifier
#
# A classifier does not model the inputs, only the target given the input: $p_\text{model}(t \mid \mathbf{x}; \mathbf{w})$,
# with weights $\mathbf{w}$ as its parameters. Maximum likelihood carries over with the inputs held fixed,
#
# $$\begin{aligned}
# \mathbf{w}_\text{MLE} = \operatorname*{argmax}_{\mathbf{w}} \prod_{i=1}^N p_\text{model}(t_i \mid \mathbf{x}_i; \mathbf{w})
# &= \operatorname*{argmin}_{\mathbf{w}} \sum_{i=1}^N -\log p_\text{model}(t_i \mid \mathbf{x}_i; \mathbf{w}) \\
# &= \operatorname*{argmin}_{\mathbf{w}} H\big(\hat p_\text{data}, p_\text{model}\big)
# = \operatorname*{argmin}_{\mathbf{w}} D_\text{KL}\big(\hat p_\text{data} \,\|\, p_\text{model}\big),
# \end{aligned}$$
#
# now with the *conditional* cross-entropy $\mathbb{E}_{(\mathbf{x}, t) \sim \hat p_\text{data}}[-\log p_\text{model}(t \mid \mathbf{x}; \mathbf{w})]$
# and the conditional entropy $\mathbb{E}_{(\mathbf{x}, t) \sim \hat p_\text{data}}[-\log \hat p_\text{data}(t \mid \mathbf{x})]$,
# which has no parameters. The targets are discrete, so the KL line holds here. The resulting loss goes
# by three names, **negative log-likelihood**, **cross-entropy** and KL divergence, for three quantities
# with one minimiser: the NLL is $N$ times the conditional cross-entropy, and the KL divergence is the
# cross-entropy minus the conditional entropy. They coincide (up to the factor $N$) only when the
# conditional entropy is 0, that is when no input occurs twice with different targets (for instance when
# every input occurs once). Even if the pairs
# $(\mathbf{x}_i, t_i)$ are modelled jointly, $p(\mathbf{x}_i, t_i) = p(\mathbf{x}_i)\,p(t_i \mid \mathbf{x}_i; \mathbf{w})$,
# the factor $p(\mathbf{x}_i)$ does not depend on $\mathbf{w}$ and drops out of the argmax: that is why a
# *discriminative* model may ignore how the inputs are distributed.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Two classes.** Let the model give the probability of the positive class,
# $p(\mathbf{x}; \mathbf{w}) = P(t = 1 \mid \mathbf{x})$, for $t \in \{0, 1\}$, and write $p_i = p(\mathbf{x}_i; \mathbf{w})$.
# Then $p(t \mid \mathbf{x}) = p^t (1-p)^{1-t}$, a Bernoulli distribution whose parameter depends on
# $\mathbf{x}$, and
#
# $$E(\mathbf{w}) = \frac{1}{N}\sum_{i=1}^N -\log p(t_i \mid \mathbf{x}_i; \mathbf{w})
# = -\frac{1}{N}\sum_{i=1}^N \big[t_i \log p_i + (1 - t_i)\log(1 - p_i)\big],$$
#
# the **binary cross-entropy** or **log loss**. Logistic regression sets $p = \sigma(y(\mathbf{x}))$, the
# sigmoid $\sigma(a) = 1/(1 + e^{-a})$ of the score $y(\mathbf{x}) = \mathbf{x}^T\mathbf{w} + b$. (Straka writes
# $y(\mathbf{x}; \mathbf{w})$ for this probability and $\bar y$ for the score; Arias writes $\hat y$ for it.)
#
# **The log loss of one example.** A prediction $p$ costs $-\log p$ if the target is 1 and
# $-\log(1 - p)$ if it is 0. Arias (UPC topic 2) tabulates it to two decimals; here it is computed,
# and compared with the table digit for digit:

# %% slideshow={"slide_type": "subslide"}
p_grid = np.arange(1, 10) / 10                             # the model's P(t = 1)
loss_if_0 = np.array([mle.binary_cross_entropy([0], [p]) for p in p_grid])     # -log(1 - p)
loss_if_1 = np.array([mle.binary_cross_entropy([1], [p]) for p in p_grid])     # -log p
arias = {0: [0.11, 0.22, 0.36, 0.51, 0.69, 0.92, 1.20, 1.61, 2.30],           # as printed in the lecture
         1: [2.30, 1.61, 1.20, 0.92, 0.69, 0.51, 0.36, 0.22, 0.11]}
print("prediction p = P(t = 1)   " + "".join(f"{p:7.1f}" for p in p_grid))
for t, loss in [(0, loss_if_0), (1, loss_if_1)]:
    print(f"loss if t = {t}             " + "".join(f"{v:7.3f}" for v in loss),
          "   = the table, rounded:", np.array_equal(np.round(loss, 2), arias[t]))

# %% slideshow={"slide_type": "subslide"}
p_fine = np.linspace(0.005, 0.995, 199)
fig, ax = plt.subplots(figsize=(6.4, 3.6))
for t, loss, fine in [(1, loss_if_1, -np.log(p_fine)), (0, loss_if_0, -np.log1p(-p_fine))]:
    ax.plot(p_fine, fine, color=plotting.PALETTE[t], linestyle=plotting.LINESTYLES[t])
    ax.plot(p_grid, loss, linestyle="none", **plotting.class_style(t))
    ax.text(0.12 if t else 0.88, 3.4 if t else 2.6, f"target t = {t}: $-\\log {'p' if t else '(1 - p)'}$",
            ha="left" if t else "right", color=plotting.PALETTE[t])   # beside its own curve, crossing none
ax.set(xlabel="predicted probability $p = P(t = 1 \\mid \\mathbf{x})$", ylabel="loss (nats)", ylim=(0, 4.2),
       title="log loss of one example: a confident mistake costs most")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **With labels $\pm 1$** (Liu's USC CSCI 567 notes use them, the other lectures $\{0, 1\}$) the same model reads
# $p(t \mid \mathbf{x}) = \sigma(t\,y(\mathbf{x}))$, because $1 - \sigma(a) = \sigma(-a)$. Its negative log is
# $\log(1 + e^{-t\,y(\mathbf{x})})$: the **logistic loss** of the margin $z = t\,y(\mathbf{x})$, the surrogate loss
# of notebook 01. Same model, same loss, two ways of writing the labels:

# %%
rng = np.random.default_rng(5)
scores = rng.normal(0, 3, size=1000)                       # scores y(x_i) of 1000 examples
t01 = rng.integers(0, 2, size=1000)
print("binary cross-entropy (t in {0, 1}) = mean logistic loss of the margin (t in {-1, +1}):",
      np.isclose(mle.binary_cross_entropy(t01, logits=scores), np.mean(logistic_loss((2 * t01 - 1) * scores)), rtol=1e-12))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A first logistic regression.** One input $x$, the model $P(t = 1 \mid x) = \sigma(wx + b)$, and the
# loss minimised numerically over $(w, b)$. Notebook 04 derives its gradient,
# $\nabla E = \frac1N\sum_i (p_i - t_i)\,\tilde{\mathbf{x}}_i$ with $\tilde{\mathbf{x}}_i = (x_i, 1)$; the cell
# below checks it (and its sign) against finite differences. At the optimum its last component, the
# derivative in $b$, is zero: $\sum_i p_i = \sum_i t_i$, so the fitted probabilities add up to the number
# of positive examples, and on average the model is calibrated. Without the input the model is a coin,
# and $\sigma(\hat b) = h/N$ is its MLE from section 3.

# %% slideshow={"slide_type": "subslide"}
rng = np.random.default_rng(6)
t_train = rng.integers(0, 2, size=60)
x_train = rng.normal(np.where(t_train == 1, 1.0, -1.0), 1.2)          # class 1 sits further right

loss = lambda wb: mle.binary_cross_entropy(t_train, logits=wb[0] * x_train + wb[1])
X_tilde = np.c_[x_train, np.ones(60)]                     # rows (x_i, 1)
gradient = lambda wb: X_tilde.T @ (expit(X_tilde @ wb) - t_train) / 60     # (1/N) sum_i (p_i - t_i) x_i
at, step = np.array([0.5, -0.2]), 1e-6
by_differences = [(loss(at + step * e) - loss(at - step * e)) / (2 * step) for e in np.eye(2)]
print("gradient (1/N) sum_i (p_i - t_i) x_i:", gradient(at), " by finite differences:", np.array(by_differences),
      " agree:", np.allclose(gradient(at), by_differences, rtol=1e-6))

w_fit, b_fit = minimize(loss, np.zeros(2), jac=gradient, tol=1e-10).x
p_fit = expit(w_fit * x_train + b_fit)
print(f"w = {w_fit:.3f}, b = {b_fit:.3f}, mean loss {loss([w_fit, b_fit]):.4f} (a constant 1/2 scores log 2 = {np.log(2):.4f})")
print(f"mean fitted probability {p_fit.mean():.4f} = fraction of positives {t_train.mean():.4f}:",
      np.isclose(p_fit.mean(), t_train.mean(), atol=1e-5))

b_only = minimize(lambda b: mle.binary_cross_entropy(t_train, logits=np.full(60, b[0])), [0.0]).x[0]
print(f"no input: sigma(b) = {expit(b_only):.4f} = h/N = {mle.bernoulli_mle(t_train):.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(6.4, 3.8))
xs = np.linspace(-4.5, 4.5, 300)
jitter = np.random.default_rng(7).uniform(-0.03, 0.03, size=60)
for k in (0, 1):
    ax.scatter(x_train[t_train == k], t_train[t_train == k] + jitter[t_train == k],
               label=f"t = {k}", **plotting.class_style(k), s=30, zorder=3)
ax.plot(xs, expit(w_fit * xs + b_fit), color="black", label=r"$P(t = 1 \mid x) = \sigma(\hat w x + \hat b)$")
ax.set(xlabel="$x$", ylabel="$t$ and $P(t = 1 \\mid x)$", title="the conditional MLE of a sigmoid model")
ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (derive): the loss of three predictions
#
# A classifier predicts $P(t = 1 \mid \mathbf{x}) = 0.9, 0.2, 0.6$ for three examples whose targets are
# $t = 1, 0, 0$. What is its mean negative log-likelihood (binary cross-entropy)?

# %%
mean_loss = ...      # ✏️ a number
exercises.loss_of_three.check(mean_loss)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Consistency: the estimate closes in on the truth
#
# Why trust maximum likelihood? Suppose the model family contains the true distribution,
# $p_\text{data} = p_\text{model}(\cdot; \boldsymbol\theta_*)$ for exactly one $\boldsymbol\theta_*$ (it is *identifiable*),
# and let $\hat{\boldsymbol\theta}_N$ be the MLE from $N$ examples. Then, under regularity conditions (those of
# section 6), the MLE is **consistent**: $\hat{\boldsymbol\theta}_N$ converges to $\boldsymbol\theta_*$ in
# probability, i.e. for every $\varepsilon > 0$
#
# $$P\big(\|\hat{\boldsymbol\theta}_N - \boldsymbol\theta_*\| > \varepsilon\big) \to 0 \quad \text{as } N \to \infty .$$
#
# For the coin this can be computed exactly: $h \sim \text{Binomial}(N, \phi)$, so the probability that
# $h/N$ misses $\phi$ by more than $\varepsilon$ is a finite sum of binomial probabilities. The simulation
# below draws 2000 samples of each size, takes the MLE of each, and counts the misses.

# %% slideshow={"slide_type": "subslide"}
phi_true, eps = 0.3, 0.05
sizes = np.array([10, 30, 100, 300, 1000, 3000])
coin_estimates = mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(phi_true), sizes, n_repeats=2000,
                                        random_state=0)
simulated = mle.exceedance_probability(coin_estimates, phi_true, eps)


def exact_miss(N):                                         # P(|h/N - phi| > eps), h ~ Binomial(N, phi)
    h = np.arange(N + 1)
    return stats.binom.pmf(h, N, phi_true)[np.abs(h / N - phi_true) > eps].sum()


exact_misses = np.array([exact_miss(size) for size in sizes])
print("    N   P(|phi_N - phi| > 0.05)   exact")
for size, p_sim, p_exact in zip(sizes, simulated, exact_misses):
    print(f"{size:5d}   {p_sim:23.4f}   {p_exact:.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(6.4, 3.8))
plotting.plot_exceedance(ax, sizes, {"simulated (2000 samples per size)": simulated})
ax.plot(sizes, exact_misses, color="black", linewidth=1, label="exact (binomial)")
ax.set_title(r"coin, $\phi = 0.3$, $\varepsilon = 0.05$", fontsize="medium")
ax.legend()
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: sampling distributions narrowing
#
# Consistency is not special to maximum likelihood. The widget below estimates the mean $\mu = 0$ of
# $\mathcal{N}(0, 1)$ two ways, with the sample mean (the MLE) and with the sample median, on the very
# same 2000 samples of each size $N$. On the left, the histograms of the 2000 estimates and the band
# $|\hat\theta_N - \theta| \le \varepsilon$; on the right, the fraction of estimates outside the band
# against $N$. It starts at $N = 5$ with $\varepsilon = 0.1$.

# %% slideshow={"slide_type": "subslide"}
mean_and_median = {"sample mean (MLE)": lambda s: mle.gaussian_mle(s)[0],
                   "sample median": lambda s: np.median(s, axis=-1)}
sampling = EstimatorExplorer(mean_and_median, stats.norm(0, 1), true_value=0.0,
                             sizes=[5, 10, 20, 50, 100, 200, 500, 1000], eps=0.1)
sampling

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (predict): how much narrower with four times the data?
#
# Before you move the slider: when $N$ goes from 50 to 200, the histogram of the sample mean becomes
#
# - **(a)** a quarter as wide;
# - **(b)** half as wide;
# - **(c)** as wide as before: the data still have standard deviation 1.

# %%
width_prediction = ...     # ✏️ "a", "b" or "c"
exercises.four_times_the_data.check(width_prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the widget's estimates, read without moving its sliders (sampling.N_slider and
# sampling.eps_slider): the standard deviation of the 2000 sample means at each size, which is the width of
# the histogram, and the same for the coin's estimates h/N above.
if exercises.four_times_the_data.revealed():
    spread = sampling.estimates["sample mean (MLE)"].std(axis=1)
    for size, sd in zip(sampling.sizes, spread):
        print(f"N = {size:4d}: sd of the sample means {sd:.4f}, sigma/sqrt(N) = {1 / np.sqrt(size):.4f}")
    print(f"from N = 50 to N = 200 the width shrinks by a factor {spread[3] / spread[5]:.2f}")
    print("the coin, sqrt(N) x sd of h/N:", np.round(np.sqrt(sizes) * coin_estimates.std(axis=1), 3))

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the width follows $\sigma/\sqrt N$.** The mean of $N$ independent draws has variance $\sigma^2/N$,
# so four times the data halve its standard deviation. The coin's $h/N$ narrows the same way, with
# standard deviation $\sqrt{\phi(1-\phi)/N}$: $\sqrt{N}\,\mathrm{sd}$ stays near $\sqrt{0.3 \cdot 0.7} = 0.458$.
#
# Now try it in the widget above. Move $N$ to 50, then to 200, and compare the widths; move it on to 1000:
# both histograms close in on 0, and the fraction outside the band (the big markers) falls towards 0.
# Then move $\varepsilon$: the curves on the right shift, but for every $\varepsilon$ they still fall to
# 0, which is what consistency says. Look at the median's histogram all along: always a little wider
# than the mean's. Section 9 measures by how much.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Efficiency: the MLE attains the Cramér–Rao bound as $N \to \infty$
#
# Among unbiased estimators, which is the most accurate? Measure an estimator by its **mean squared
# error** $\mathbb{E}\big[\|\hat{\boldsymbol\theta}_N - \boldsymbol\theta_*\|^2\big]$ over samples of size $N$; for an
# unbiased one it is its variance. The **Cramér–Rao bound** (Rao 1945, Cramér 1946) says that, at
# every $N$, an unbiased estimator of a scalar parameter has
#
# $$\mathbb{E}\big[(\hat\theta_N - \theta_*)^2\big] \geq \frac{1}{N\, \mathcal{I}(\theta_*)}, \qquad
# \mathcal{I}(\theta) = \mathbb{E}_x\Big[-\frac{\partial^2}{\partial \theta^2}\log p(x; \theta)\Big]$$
#
# (the **Fisher information** of one example), for a *regular* model: the set of $x$ where
# $p(x; \theta) > 0$ does not depend on $\theta$, and $\log p$ is smooth enough in $\theta$ to differentiate
# under the integral. Without that the bound can fail. For $\text{Uniform}(0, \theta)$ the support moves with
# $\theta$; $\frac{N+1}{N}\max_i x_i$ is unbiased with variance $\theta^2/(N(N+2))$, which falls like $1/N^2$,
# below the $\theta^2/N$ the formula would give with $\mathcal{I} = \mathbb{E}[(\partial_\theta \log p)^2] = 1/\theta^2$
# (the second-derivative form even gives $-1/\theta^2$: the two forms agree only for regular models).

# %% slideshow={"slide_type": "subslide"}
N_uniform = 10                                         # Uniform(0, 1): the unbiased (N + 1)/N max_i x_i
scaled_max = mle.simulate_estimates(lambda s: (N_uniform + 1) / N_uniform * s.max(axis=-1), stats.uniform(0, 1),
                                    N_uniform, 20_000, random_state=14)
print(f"Uniform(0, 1), N = {N_uniform}, 20 000 samples: (N + 1)/N max x_i has mean {scaled_max.mean():.3f}, "
      f"variance {scaled_max.var():.5f}; theta^2/(N(N + 2)) = {1 / (N_uniform * (N_uniform + 2)):.5f}, "
      f"theta^2/N = {1 / N_uniform:.5f}")

# %% [markdown]
# For a regular model the MLE attains the Cramér–Rao bound as $N \to \infty$ (it is *asymptotically*
# unbiased, with variance approaching $1/(N\mathcal{I})$), which is the sense in which it is the most
# **efficient** estimator.
#
# For the mean of $\mathcal{N}(\mu, \sigma^2)$, $\log p = -\frac{(x - \mu)^2}{2\sigma^2} + \text{const}$, so
# $\mathcal{I}(\mu) = 1/\sigma^2$ and the bound is $\sigma^2 / N$. The sample mean attains it exactly, for every $N$
# ($\operatorname{Var}\bar x = \sigma^2/N$). The sample median, also unbiased here by symmetry, has a mean
# squared error that *tends to* $\frac{\pi}{2}\,\sigma^2/N$ (its asymptotic variance is
# $1/(4 N\,p(\mu)^2)$ with $p(\mu) = 1/\sqrt{2\pi\sigma^2}$): it needs about 57% more data for the same
# accuracy. For small $N$ the ratio is below $\pi/2$; it only approaches it.

# %% [markdown] slideshow={"slide_type": "subslide"}
# The simulation (10 000 samples of each size, the same samples for both estimators) has Monte Carlo
# noise of about 1.4% in each MSE, about $\pm 0.02$ in a ratio near $\pi/2$. So a simulated ratio can land
# above $\pi/2$, and two in the table below do: 1.600 at $N = 101$ and 1.625 at $N = 201$, 1.6 and 2.5
# standard errors above the exact 1.564 and 1.567. That is the noise, not the median: the exact column
# stays below $\pi/2$ at every $N$. The median's MSE can be computed exactly. With $\Phi$ the
# distribution function of $\mathcal{N}(0, 1)$, the median of $N = 2k + 1$ of its draws lies at $z$ when one
# draw falls at $z$, $k$ below it and $k$ above it, so its density is proportional to
# $g(z) = \mathcal{N}(z; 0, 1)\,\Phi(z)^k\,(1 - \Phi(z))^k$. It is symmetric about 0, and the MSE is its
# variance $\int z^2 g(z)\,dz \,/ \int g(z)\,dz$, a one-dimensional integral: `mle.gaussian_median_variance`
# computes it by Gauss-Legendre quadrature (the tests check it to 12 digits against mpmath's).

# %% slideshow={"slide_type": "subslide"}
sizes = np.array([5, 11, 21, 51, 101, 201, 501])            # odd: the median is the middle value
normal = stats.norm(0, 1)
means = mle.simulate_estimates(lambda s: mle.gaussian_mle(s)[0], normal, sizes, n_repeats=10_000, random_state=8)
medians = mle.simulate_estimates(lambda s: np.median(s, axis=-1), normal, sizes, n_repeats=10_000, random_state=8)
mse_mean, mse_median = mle.mean_squared_error(means, 0.0), mle.mean_squared_error(medians, 0.0)
bound = mle.cramer_rao_bound_gaussian_mean(1.0, sizes)
exact_median = mle.gaussian_median_variance(1.0, sizes)      # the integral above, by quadrature

print("                                MSE of the median    median / bound")
print("   N   MSE mean   Cramer-Rao   simulated    exact   simulated  exact")
for row in zip(sizes, mse_mean, bound, mse_median, exact_median, mse_median / bound, exact_median / bound):
    print("{:4d}   {:8.5f}   {:10.5f}   {:9.5f}  {:.5f}   {:9.3f}  {:.3f}".format(*row))
print(f"pi / 2 = {np.pi / 2:.3f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 3.8))
ax.plot(sizes, sizes * mse_mean, "o", color=plotting.PALETTE[0], label="sample mean (MLE), simulated")
ax.plot(sizes, sizes * mse_median, "s", color=plotting.PALETTE[1], label="sample median, simulated")
ax.plot(sizes, sizes * exact_median, "--", color=plotting.PALETTE[1], label="sample median, exact")
ax.axhline(1.0, color="black", linewidth=1, label=r"Cramér–Rao bound $\sigma^2/N$, times $N$")
ax.axhline(np.pi / 2, color="grey", linestyle=":", label=r"$\pi/2$")
ax.set_xscale("log")
ax.set(xlabel="sample size $N$", ylabel=r"$N \times$ mean squared error", ylim=(0.85, 1.7),
       title=r"estimating the mean of $\mathcal{N}(0, 1)$")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Can an estimator beat the sample mean?** Shrink it towards 0: $\tilde\mu = \frac{N}{N + 5}\,\bar x$.
# This estimator is consistent, since $\frac{N}{N+5} \to 1$. Its MSE at $N = 10$, for three true means, on
# 20 000 samples each:

# %%
N_small = 10
shrunk = lambda s: s.shape[-1] / (s.shape[-1] + 5) * s.mean(axis=-1)
mse_shrunk = {}
print(f"N = {N_small}: Cramer-Rao bound {mle.cramer_rao_bound_gaussian_mean(1.0, N_small):.3f}")
for mu in [0.0, 0.5, 2.0]:
    population = stats.norm(mu, 1)
    means_10 = mle.simulate_estimates(lambda s: s.mean(axis=-1), population, N_small, 20000, random_state=9)
    shrunk_10 = mle.simulate_estimates(shrunk, population, N_small, 20000, random_state=9)
    mse_mle, mse_shrunk[mu] = mle.mean_squared_error(means_10, mu), mle.mean_squared_error(shrunk_10, mu)
    print(f"  true mu = {mu}: MSE of the mean {mse_mle:.3f}, of the shrunk mean {mse_shrunk[mu]:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (explain): how can the shrunk mean beat the Cramér–Rao bound?
#
# At $\mu = 0$ the shrunk mean's MSE is well below the bound $\sigma^2/N = 0.1$. Why is that possible?
#
# - **(a)** It is simulation noise: with more samples the gap would close.
# - **(b)** The bound holds for unbiased estimators, and the shrunk mean is biased.
# - **(c)** The shrunk mean is not consistent, so the bound does not apply to it.
# - **(d)** The shrunk mean uses more information than the sample mean.

# %%
shrinkage_explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.shrinkage_beats_the_bound.check(shrinkage_explanation)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the shrunk mean is biased.** So at a finite $N$ a consistent estimator can have a smaller mean
# squared error than the MLE. The shrunk mean has expectation $\frac{N}{N+5}\mu$: it is biased, and the
# Cramér–Rao bound says nothing about biased estimators. Its MSE is its variance plus its squared bias,
# $\big(\frac{N}{N+5}\big)^2\frac{\sigma^2}{N} + \big(\frac{5\mu}{N+5}\big)^2$ (the cell below compares it with the
# simulation): near $\mu = 0$ the bias costs little and the smaller variance wins, far from 0 the bias
# dominates. What does hold: as $N \to \infty$, no regular estimator has a smaller asymptotic variance than
# the MLE.
#
# </details>

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the shrunk mean's MSE, simulated and by the formula variance + bias^2.
if exercises.shrinkage_beats_the_bound.revealed():
    for mu, simulated_mse in mse_shrunk.items():
        formula = (N_small / (N_small + 5)) ** 2 / N_small + (5 * mu / (N_small + 5)) ** 2
        print(f"true mu = {mu}: MSE of the shrunk mean {simulated_mse:.3f} simulated, {formula:.3f} by the formula")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. Bias: is the MLE of a variance right on average?
#
# An estimator is **unbiased** if $\mathbb{E}[\hat\theta_N] = \theta_*$: right on average, over samples of
# size $N$. Is the MLE of a variance?

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 11 (predict): too small or too large?
#
# Before reading on: averaged over many samples of size $N$ from $\mathcal{N}(\mu, \sigma^2)$, the MLE
# $\hat\sigma^2 = \frac1N\sum_i (x_i - \bar x)^2$ is
#
# - **(a)** larger than $\sigma^2$;
# - **(b)** smaller than $\sigma^2$;
# - **(c)** equal to $\sigma^2$: the MLE is unbiased;
# - **(d)** larger or smaller, depending on the distribution of the data.

# %%
bias_prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.variance_bias_direction.check(bias_prediction)

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: both estimates, the MLE and s^2 = sum_i (x_i - mean)^2 / (N - 1), averaged over
# 20 000 samples of each size from N(0, 4), and their mean squared errors.
sigma2 = 4.0
normal = stats.norm(0, np.sqrt(sigma2))
if exercises.variance_bias_direction.revealed():
    print("  N   E[MLE] / sigma^2   (N-1)/N   E[s^2] / sigma^2   MSE MLE   MSE s^2   exact MSEs")
    for size in [2, 5, 10, 50]:
        biased = mle.simulate_estimates(lambda s: mle.gaussian_mle(s)[1], normal, size, 20000, random_state=10)
        unbiased = mle.simulate_estimates(mle.unbiased_variance, normal, size, 20000, random_state=10)
        exact_mse = ((2 * size - 1) / size ** 2 * sigma2 ** 2, 2 / (size - 1) * sigma2 ** 2)
        print(f"{size:3d}   {biased.mean() / sigma2:16.3f}   {(size - 1) / size:7.3f}   "
              f"{unbiased.mean() / sigma2:16.3f}   {mle.mean_squared_error(biased, sigma2):7.2f}   "
              f"{mle.mean_squared_error(unbiased, sigma2):7.2f}   {exact_mse[0]:5.2f}, {exact_mse[1]:5.2f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): smaller, by the factor $(N-1)/N$.** The derivation needs only independent draws with
# mean $\mu$ and finite variance $\sigma^2$. Split each deviation at the true mean:
# $\sum_i (x_i - \bar x)^2 = \sum_i (x_i - \mu)^2 - N(\bar x - \mu)^2$. Taking expectations, with
# $\mathbb{E}(x_i - \mu)^2 = \sigma^2$ and $\mathbb{E}(\bar x - \mu)^2 = \sigma^2/N$,
#
# $$\mathbb{E}\Big[\sum_i (x_i - \bar x)^2\Big] = N\sigma^2 - \sigma^2 = (N-1)\,\sigma^2
# \quad\Longrightarrow\quad \mathbb{E}[\hat\sigma^2_\text{MLE}] = \frac{N-1}{N}\,\sigma^2 .$$
#
# The sample mean sits closer to the data than the true mean does, so deviations from it are too
# small. Dividing by $N - 1$ instead gives the unbiased $s^2$. The bias $-\sigma^2/N$ vanishes as $N$
# grows, so the MLE stays consistent; and unbiased is not the same as accurate: for Gaussian data the
# $1/N$ estimate has the *smaller* mean squared error, $\frac{2N-1}{N^2}\sigma^4$ against
# $\frac{2}{N-1}\sigma^4$. The course uses both: Gaussian naive Bayes takes the MLE (notebook 07), LDA and
# QDA the unbiased covariances (notebook 06).
#
# </details>

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 12 (implement): the unbiased variance, computed stably
#
# Write `unbiased_variance(x)`, returning $s^2 = \frac{1}{N-1}\sum_i (x_i - \bar x)^2$ for a sample `x` of
# $N \ge 2$ numbers (an array or a list). One hidden case is four measurements near $10^8$: there, an
# algebraically equal formula loses every digit. (`np.var(x, ddof=1)` would pass; write it yourself.)

# %%
def unbiased_variance(x):
    """Return the 1/(N - 1) variance of the sample x."""
    ...              # ✏️ your code


exercises.stable_unbiased_variance.check(unbiased_variance)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 11. Least squares is a maximum likelihood estimate
#
# Linear regression predicts a real target, $t_n = \mathbf{w}^T\mathbf{x}_n + \varepsilon_n$. Liu's USC CSCI 567
# notes fit it by minimising the residual sum of squares $\mathrm{RSS}(\mathbf{w}) = \sum_n (t_n - \mathbf{w}^T\mathbf{x}_n)^2$.
# Maximum likelihood gives the same answer once we say what the noise is. Take
# $\varepsilon_n \sim \mathcal{N}(0, \sigma^2)$, independent: then
# $p(t_n \mid \mathbf{x}_n; \mathbf{w}, \sigma^2) = \mathcal{N}(t_n; \mathbf{w}^T\mathbf{x}_n, \sigma^2)$ and the conditional
# negative log-likelihood (section 7) is
#
# $$-\log L(\mathbf{w}, \sigma^2) = \frac N2 \log(2\pi\sigma^2) + \frac{1}{2\sigma^2}\,\mathrm{RSS}(\mathbf{w}).$$
#
# - **Over $\mathbf{w}$**, for any $\sigma^2$, only the RSS depends on $\mathbf{w}$: $\mathbf{w}_\text{MLE}$ is the
#   least-squares solution. Its gradient $-2\mathbf{X}^T(\mathbf{t} - \mathbf{X}\mathbf{w})$ vanishes at the normal
#   equations $\mathbf{X}^T\mathbf{X}\mathbf{w} = \mathbf{X}^T\mathbf{t}$.
# - **Over $\sigma^2$**: $\frac{\partial}{\partial\sigma^2} = \frac{N}{2\sigma^2} - \frac{\mathrm{RSS}}{2\sigma^4} = 0$ gives
#   $\hat\sigma^2 = \mathrm{RSS}(\mathbf{w}_\text{MLE})/N$, the mean squared residual (biased, as in section 10).
#
# Liu minimises the RSS by stochastic gradient descent, one example at a time:
# $\mathbf{w} \leftarrow \mathbf{w} + \eta\,(t_n - \mathbf{w}^T\mathbf{x}_n)\,\mathbf{x}_n$. Below, `mle.least_squares_mle` against
# scikit-learn's `LinearRegression`, a numerical maximisation of the Gaussian likelihood, and SGD.

# %% slideshow={"slide_type": "subslide"}
from sklearn.linear_model import LinearRegression, Ridge   # noqa: E402  (sections 11 and 14 compare with it)

rng_ls = np.random.default_rng(21)
X_ls = np.column_stack([np.ones(40), rng_ls.uniform(-2, 2, size=(40, 2))])     # a column of ones: the bias
t_ls = X_ls @ np.array([0.5, 2.0, -1.0]) + rng_ls.normal(0, 0.7, size=40)
w_ls, sigma2_ls = mle.least_squares_mle(X_ls, t_ls)
print("least squares (package):        ", w_ls, f" sigma^2 = RSS/N = {sigma2_ls:.4f}")
print("scikit-learn LinearRegression:  ", LinearRegression(fit_intercept=False).fit(X_ls, t_ls).coef_)


def gaussian_nll(theta):                 # theta = (w, log sigma^2): - sum_n log N(t_n; w^T x_n, sigma^2)
    return -stats.norm.logpdf(t_ls, X_ls @ theta[:3], np.exp(theta[3] / 2)).sum()


numerical = minimize(gaussian_nll, np.zeros(4), method="BFGS", options={"gtol": 1e-8}).x
print("maximum of the Gaussian likelihood:", numerical[:3].round(4), f" sigma^2 = {np.exp(numerical[3]):.4f}")
w_sgd = np.zeros(3)
for epoch in range(100):                 # SGD on the RSS, eta = 0.01, the examples in a fixed order
    for x_n, t_n in zip(X_ls, t_ls):
        w_sgd += 0.01 * (t_n - w_sgd @ x_n) * x_n
print("SGD on the RSS, 100 epochs:      ", w_sgd.round(2))

# %% [markdown] slideshow={"slide_type": "subslide"}
# The four agree (SGD with a fixed step hovers within a few hundredths of the minimum).
#
# ### ✏️ Exercise 13 (explain): the loss of another noise
#
# Keep $t_n = \mathbf{w}^T\mathbf{x}_n + \varepsilon_n$, but let the noise follow a Laplace distribution,
# $p(\varepsilon) = \frac{1}{2b}e^{-|\varepsilon|/b}$ with a known scale $b$. The MLE of $\mathbf{w}$ minimises
#
# - **(a)** the sum of squared residuals, as before: least squares is the MLE of any linear model;
# - **(b)** the sum of absolute residuals $\sum_n |t_n - \mathbf{w}^T\mathbf{x}_n|$;
# - **(c)** the squared residuals, each weighted by its own scale;
# - **(d)** the largest absolute residual.

# %%
noise_explanation = ...   # ✏️ "a", "b", "c" or "d"
exercises.least_squares_noise.check(noise_explanation)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the loss is the noise's negative log-density.** $-\log L(\mathbf{w}) = N\log(2b) + \frac1b\sum_n |t_n -
# \mathbf{w}^T\mathbf{x}_n|$: least absolute deviations, whatever $b$ is. With an intercept only, that is
# section 5's Laplace MLE, the median. Absolute residuals grow more slowly than squares, so a few
# outliers pull the fit far less: the model of the noise is a choice of loss.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 12. The multivariate Gaussian, and the invariance of the MLE
#
# Notebook 06 fits a Gaussian $\mathcal{N}(\boldsymbol\mu, \Sigma)$ to each class in $d$ dimensions. Its log-likelihood is
#
# $$\ell(\boldsymbol\mu, \Sigma) = -\frac N2 \log\det(2\pi\Sigma) - \frac12 \sum_{i=1}^N (\mathbf{x}_i - \boldsymbol\mu)^T\Sigma^{-1}(\mathbf{x}_i - \boldsymbol\mu).$$
#
# - **The mean.** $\nabla_{\boldsymbol\mu}\ell = \Sigma^{-1}\sum_i(\mathbf{x}_i - \boldsymbol\mu) = \mathbf{0}$ gives
#   $\hat{\boldsymbol\mu} = \bar{\mathbf{x}}$, whatever $\Sigma$ is.
# - **The covariance.** Write $\ell$ with the precision $\Lambda = \Sigma^{-1}$ and the scatter
#   $S = \sum_i (\mathbf{x}_i - \bar{\mathbf{x}})(\mathbf{x}_i - \bar{\mathbf{x}})^T$: a quadratic form is its own trace,
#   so $\ell = \frac N2 \log\det\Lambda - \frac12\operatorname{tr}(\Lambda S) + \text{const}$. With
#   $\nabla_\Lambda \log\det\Lambda = \Lambda^{-1}$ and $\nabla_\Lambda \operatorname{tr}(\Lambda S) = S$, the gradient
#   $\frac N2\Lambda^{-1} - \frac12 S = 0$ gives $\hat\Sigma = S/N$, the $\frac1N$ covariance; $\ell$ is concave
#   in $\Lambda$, so this is the maximum. Notebook 06 uses the unbiased $\frac{1}{N-1}$ version instead (section 10).

# %% slideshow={"slide_type": "subslide"}
from sklearn.covariance import EmpiricalCovariance   # noqa: E402

cov_true = np.array([[2.0, 0.8], [0.8, 1.0]])
X_2d = np.random.default_rng(22).multivariate_normal([1.0, -1.0], cov_true, size=300)
mu_hat, cov_hat = X_2d.mean(axis=0), (X_2d - X_2d.mean(axis=0)).T @ (X_2d - X_2d.mean(axis=0)) / len(X_2d)
print("mu_hat:", mu_hat, "  Sigma_hat = S / N:", cov_hat.ravel())
print("scikit-learn EmpiricalCovariance:    ", EmpiricalCovariance().fit(X_2d).covariance_.ravel())


def mvn_nll(theta):            # theta = (mu, the entries of a Cholesky factor L with log-diagonal): Sigma = L L^T
    L = np.array([[np.exp(theta[2]), 0.0], [theta[3], np.exp(theta[4])]])
    return -stats.multivariate_normal(theta[:2], L @ L.T).logpdf(X_2d).sum()


theta_hat = minimize(mvn_nll, np.zeros(5), method="BFGS", options={"gtol": 1e-7}).x
L_hat = np.array([[np.exp(theta_hat[2]), 0.0], [theta_hat[3], np.exp(theta_hat[4])]])
print("numerical maximum:", theta_hat[:2].round(4), (L_hat @ L_hat.T).ravel().round(4))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 14 (derive): the MLE of a covariance matrix
#
# Three points in the plane, $(0, 0)$, $(2, 1)$ and $(1, 5)$, are modelled by a Gaussian
# $\mathcal{N}(\boldsymbol\mu, \Sigma)$. Compute, on paper, the maximum likelihood estimate $\hat\Sigma$.

# %%
Sigma_answer = ...    # ✏️ your answer, as [Sigma_11, Sigma_12, Sigma_22] (or the 2 x 2 matrix)
exercises.covariance_mle.check(Sigma_answer)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The invariance of the MLE
#
# If $\hat{\boldsymbol\theta}$ maximises $L$, then for a one-to-one $g$ the likelihood written in
# $\boldsymbol\eta = g(\boldsymbol\theta)$ is $L(g^{-1}(\boldsymbol\eta))$, which peaks at $\hat{\boldsymbol\eta} = g(\hat{\boldsymbol\theta})$:
# the same models, relabelled. So $\hat\sigma = \sqrt{\hat\sigma^2}$, the MLE of a coin's log-odds is
# $\log\frac{\hat\phi}{1-\hat\phi}$, and any function of $\Sigma$, such as a correlation, is estimated by that
# function of $\hat\Sigma$. For a $g$ that is not one-to-one, define the likelihood of $\boldsymbol\eta$ as the
# largest $L$ over the $\boldsymbol\theta$ that map to it (the *profile* likelihood): it too peaks at
# $g(\hat{\boldsymbol\theta})$. Unbiasedness does not carry over: $s^2$ is unbiased for $\sigma^2$, but
# $s = \sqrt{s^2}$ is biased low for $\sigma$, since $\mathbb{E}[\sqrt{s^2}] < \sqrt{\mathbb{E}[s^2]}$ (Jensen,
# $\sqrt{\cdot}$ being concave). Below, $\sigma$ fitted directly against $\sqrt{\hat\sigma^2}$.

# %%
sigma_numerical = minimize(lambda s: -stats.norm.logpdf(X_2d[:, 0], mu_hat[0], s[0]).sum(), [1.0],
                           bounds=[(1e-3, None)]).x[0]
print(f"invariance: the likelihood maximised over sigma itself gives {sigma_numerical:.4f}; "
      f"sqrt(sigma^2_MLE) = {np.sqrt(cov_hat[0, 0]):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Explore: the likelihood surface of a Gaussian
#
# For one variable, $\ell(\mu, \sigma^2)$ is a surface over two parameters. Below, its contours for 20 draws
# from $\mathcal{N}(1, 2^2)$, with the MLE starred, and the sample under the density of the candidate
# $(\mu, \sigma^2)$ that the sliders choose. Climb the surface by hand and watch the status: how far below
# the maximum the candidate lies.
#
# - Move $\mu$ alone: the loss is a parabola in $\mu$, and its best $\mu$ is $\bar x$ for every $\sigma^2$.
# - Move $\sigma^2$ alone: the surface is steep towards 0 (a narrow density misses the outlying points)
#   and flat towards large $\sigma^2$.
# - Press **MLE**: the candidate jumps to $(\bar x, \hat\sigma^2)$, and its density to the dashed one.

# %% slideshow={"slide_type": "subslide"}
x_surface = np.random.default_rng(23).normal(1.0, 2.0, size=20)
surface_explorer = GaussianLikelihoodExplorer(x_surface, mu=0.0, sigma2=8.0)
surface_explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 15 (derive): the MLE of a tail probability
#
# Model the widget's 20 draws, `x_surface`, by a Gaussian $\mathcal{N}(\mu, \sigma^2)$. What is the maximum
# likelihood estimate of the probability that one more draw exceeds 3.5, $P(X > 3.5)$? Compute it in code
# (`stats` is scipy's), to 3 significant figures.

# %%
tail_answer = ...     # ✏️ your answer, a number
exercises.tail_probability_mle.check(tail_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: P(X > 3.5) at the MLE, against the likelihood written in eta = P(X > 3.5), maximised.
if exercises.tail_probability_mle.revealed():
    plug_in = stats.norm.sf(3.5, x_surface.mean(), x_surface.std())

    def nll_eta(params):               # eta = expit(params[0]), sigma = exp(params[1]), and mu = 3.5 - sigma isf(eta)
        eta, sigma = expit(params[0]), np.exp(params[1])
        return -stats.norm.logpdf(x_surface, 3.5 - sigma * stats.norm.isf(eta), sigma).sum()

    eta_fit = expit(minimize(nll_eta, [0.0, 0.0], method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12}).x[0])
    print(f"P(X > 3.5) at (mu_hat, sigma_hat): {plug_in:.4f}; the likelihood in (eta, sigma) peaks at "
          f"eta = {eta_fit:.4f}")
    with_s = stats.norm.sf(3.5, x_surface.mean(), x_surface.std(ddof=1))
    print(f"not the MLE: with s in place of sigma_hat {with_s:.4f}; "
          f"the fraction of draws above 3.5 {np.mean(x_surface > 3.5):.4f}")

# %% [markdown]
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Evaluate the probability at the MLE.** Under the model, $P(X > 3.5) = 1 - \Phi\big((3.5 - \mu)/\sigma\big)$ is a
# function of $(\mu, \sigma)$, so its MLE is that function at $(\bar x, \hat\sigma)$, with $\hat\sigma$ the root of
# the $\frac1N$ variance. The cell checks it the long way: written in $\eta = P(X > 3.5)$ and $\sigma$ (a one-to-one
# change of parameters, $\mu = 3.5 - \sigma\,\Phi^{-1}(1 - \eta)$), the likelihood peaks at the same $\eta$. With $s$,
# the estimate is the plug-in of the unbiased variance, not the MLE; the fraction of the sample above 3.5 is an
# estimate that ignores the Gaussian model. Invariance says nothing about bias: this MLE, like $\hat\sigma$, is
# biased, and the bias fades as $N$ grows.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 13. Standard errors from the observed information
#
# Section 9 showed the MLE's variance reaching the Cramér–Rao bound $1/(N\,\mathcal{I}(\theta))$ as $N$
# grows, with the **Fisher information** $\mathcal{I}(\theta) = \mathbb{E}\big[-\frac{\partial^2}{\partial\theta^2}\log p(x; \theta)\big]$.
# The fuller statement, for a correct model regular enough (the support not depending on $\theta$, the
# truth inside the parameter space), is **asymptotic normality**:
#
# $$\sqrt N\,(\hat\theta_N - \theta_*) \;\to\; \mathcal{N}\big(0, \mathcal{I}(\theta_*)^{-1}\big) \quad \text{in distribution}.$$
#
# The truth is unknown, so we plug in the estimate. The **observed information** is the curvature of the
# log-likelihood at its peak, $J(\hat\theta) = -\ell''(\hat\theta)$, and the **standard error** is
# $\mathrm{SE} = 1/\sqrt{J(\hat\theta)}$ (in several dimensions, the square roots of the diagonal of
# $J^{-1}$). A sharp peak means a precise estimate; $\hat\theta \pm 1.96\,\mathrm{SE}$ is an approximate 95%
# interval (the Wald interval).
#
# **A coin.** $\ell(\phi) = h\log\phi + (N - h)\log(1-\phi)$, so
# $-\ell''(\phi) = \frac{h}{\phi^2} + \frac{N-h}{(1-\phi)^2}$; at $\hat\phi = h/N$ this is
# $\frac{N}{\hat\phi(1-\hat\phi)}$, and $\mathrm{SE} = \sqrt{\hat\phi(1-\hat\phi)/N}$.
# **Linear regression.** The information of $\mathbf{w}$ is $\mathbf{X}^T\mathbf{X}/\sigma^2$, so the standard errors are
# the square roots of the diagonal of $\hat\sigma^2(\mathbf{X}^T\mathbf{X})^{-1}$.

# %% slideshow={"slide_type": "subslide"}
x_se = np.r_[np.ones(30), np.zeros(70)]                # 30 heads in 100 tosses
phi_se = mle.bernoulli_mle(x_se)
step = 1e-4
curvature = (mle.bernoulli_log_likelihood(phi_se + step, x_se) - 2 * mle.bernoulli_log_likelihood(phi_se, x_se)
             + mle.bernoulli_log_likelihood(phi_se - step, x_se)) / step ** 2
print(f"coin: -l''(phi_hat) by finite differences {-curvature:.2f}, N / (phi(1 - phi)) = {100 / (0.3 * 0.7):.2f}; "
      f"SE = {1 / np.sqrt(-curvature):.4f}")
estimates_se = mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(0.3), 100, 4000, random_state=24)
errors = np.sqrt(estimates_se * (1 - estimates_se) / 100)
print(f"4000 samples of 100 tosses, phi = 0.3: spread of phi_hat {estimates_se.std():.4f}, "
      f"mean SE {errors.mean():.4f}, Wald interval covers 0.3 in {np.mean(np.abs(estimates_se - 0.3) <= 1.96 * errors):.1%}")
se_mle = np.sqrt(np.diag(sigma2_ls * np.linalg.inv(X_ls.T @ X_ls)))     # section 11's regression
noise = np.random.default_rng(25).normal(0, 0.7, size=(4000, 40))           # 4000 new samples of its noise
refits = np.linalg.lstsq(X_ls, (X_ls @ np.array([0.5, 2.0, -1.0]) + noise).T, rcond=None)[0]
print("regression SEs from sigma^2_MLE (X^T X)^-1:", se_mle.round(4))
print("spread of w_hat over 4000 new samples:     ", refits.std(axis=1).round(4), " (true sigma 0.7)")

# %% [markdown] slideshow={"slide_type": "subslide"}
# With 100 tosses and $\phi = 0.3$ the normal approximation is good: the standard error matches the spread
# of the estimates, and the interval covers the truth about 95% of the time. The regression's standard errors
# match the spread of its estimates over new samples of the noise to within 3%: they use the estimate
# $\hat\sigma = 0.686$, where the samples used the true $\sigma = 0.7$.
#
# ### ✏️ Exercise 16 (predict): a standard error on a small sample
#
# A coin with $\phi = 0.05$ is tossed $N = 10$ times, and we report $\hat\phi \pm 1.96\sqrt{\hat\phi(1-\hat\phi)/N}$.
# Over many repetitions, how often does this interval contain $\phi = 0.05$?
#
# - **(a)** About 95%, as designed.
# - **(b)** Always: with so few tosses the interval is wide.
# - **(c)** About 40%.
# - **(d)** About 90%.

# %%
coverage_prediction = ...   # ✏️ "a", "b", "c" or "d"
exercises.wald_coverage.check(coverage_prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: 20 000 simulated repetitions, and the exact probability from the binomial distribution.
if exercises.wald_coverage.revealed():
    small = mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(0.05), 10, 20_000, random_state=25)
    covered = np.abs(small - 0.05) <= 1.96 * np.sqrt(small * (1 - small) / 10)
    print(f"simulated coverage {covered.mean():.3f}; no head at all in {np.mean(small == 0):.3f} of the samples; "
          f"exact P(no head) = 0.95^10 = {0.95 ** 10:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(c): the interval collapses when no head shows.** That happens with probability $0.95^{10} \approx 0.60$;
# then $\hat\phi = 0$, the log-likelihood's peak sits on the boundary with infinite curvature, the standard
# error is 0 and the interval is the point 0. With one to three heads it covers 0.05 (four or more, which
# happen 0.1% of the time, put it above), so the coverage is about 40%. The theorem assumed the truth inside the parameter space and $N$ large; here $\hat\phi$ sits on the
# boundary more than half the time. Intervals built from the likelihood itself, or from a prior (section
# 14), do better on small samples.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 14. A prior: MAP estimation and conjugate priors
#
# The MLE uses the data only: after three heads in three tosses it says $\hat\phi = 1$, and tails is
# impossible. A **prior** $p(\boldsymbol\theta)$ states what we believed before the data. Bayes' rule gives the
# **posterior** $p(\boldsymbol\theta \mid \mathbf{X}) \propto L(\boldsymbol\theta)\,p(\boldsymbol\theta)$, and its mode is the
# **maximum a posteriori** (MAP) estimate:
#
# $$\boldsymbol\theta_\text{MAP} = \operatorname*{argmax}_{\boldsymbol\theta}\; \big[\log L(\boldsymbol\theta) + \log p(\boldsymbol\theta)\big],$$
#
# the MLE with one more term. A prior is **conjugate** to a likelihood when the posterior stays in the
# prior's family; then the MAP has a closed form.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Beta-Bernoulli.** The prior $\mathrm{Beta}(a, b) \propto \phi^{a-1}(1-\phi)^{b-1}$ times
# $L(\phi) = \phi^h(1-\phi)^{N-h}$ is $\phi^{h+a-1}(1-\phi)^{N-h+b-1}$: the posterior is $\mathrm{Beta}(a + h, b + N - h)$.
# For $a, b \ge 1$ its mode is
#
# $$\hat\phi_\text{MAP} = \frac{h + a - 1}{N + a + b - 2}.$$
#
# When the mode lies inside $(0, 1)$, the derivative of the log vanishes there. When one of $h + a - 1$ and
# $N - h + b - 1$ is 0, the log rises all the way to a boundary, where its derivative is not 0 (three heads
# under the flat prior, the first row below: $\hat\phi_\text{MAP} = 1$); the formula gives that boundary too.
# For $a < 1$ or $b < 1$ the prior's density is infinite at 0 or 1, and the formula fails.
#
# The prior acts as $a - 1$ heads and $b - 1$ tails seen before the data. $a = b = 1$ (flat) gives the
# MLE; $a = b = 2$ gives $\frac{h+1}{N+2}$, **Laplace smoothing**, and $a = b = 1 + \alpha$ gives
# $\frac{h + \alpha}{N + 2\alpha}$, the smoothing of notebook 07. (The posterior *mean* $\frac{h + a}{N + a + b}$ is
# another estimate; with the flat prior it is $\frac{h+1}{N+2}$ as well, Laplace's rule of succession.)

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A Gaussian prior is L2 regularisation.** In the regression of section 11, put the prior
# $\mathbf{w} \sim \mathcal{N}(\mathbf{0}, \tau^2 I)$ on the weights (here on all of them, the bias included, for
# simplicity: `X_ls` carries it as the weight of its column of ones; notebook 04 leaves the bias under a
# flat prior, unpenalised). Then
#
# $$-\log p(\mathbf{w} \mid \mathbf{X}, \mathbf{t}) = \frac{1}{2\sigma^2}\,\mathrm{RSS}(\mathbf{w}) + \frac{1}{2\tau^2}\|\mathbf{w}\|^2 + \text{const},$$
#
# and multiplying by $2\sigma^2$: the MAP is **ridge regression**, $\operatorname{argmin}\; \mathrm{RSS}(\mathbf{w}) + \lambda\|\mathbf{w}\|^2$ with
# $\lambda = \sigma^2/\tau^2$, solved by $(\mathbf{X}^T\mathbf{X} + \lambda I)\mathbf{w} = \mathbf{X}^T\mathbf{t}$. A vague prior ($\tau \to \infty$)
# gives back least squares; a confident one shrinks every weight to 0. The L2 penalty of notebook 04 is
# the same prior on logistic regression's weights. Below, the package's MAP estimates against scipy's
# Beta posterior and scikit-learn's `Ridge`.

# %% slideshow={"slide_type": "subslide"}
x_three = np.ones(3)                                     # three heads in three tosses
phi_grid = np.linspace(0, 1, 100_001)
for a_prior, b_prior in [(1, 1), (2, 2), (3, 3)]:
    a_post, b_post = mle.beta_bernoulli_posterior(x_three, a_prior, b_prior)
    mode_on_grid = phi_grid[np.argmax(stats.beta.logpdf(phi_grid, a_post, b_post))]
    print(f"Beta({a_prior}, {b_prior}) prior: posterior Beta({a_post:.0f}, {b_post:.0f}), "
          f"MAP {mle.beta_bernoulli_map(x_three, a_prior, b_prior):.4f}, mode of scipy's density {mode_on_grid:.4f}")
for tau2 in [100.0, 1.0, 0.01]:
    ridge = Ridge(alpha=sigma2_ls / tau2, fit_intercept=False).fit(X_ls, t_ls).coef_
    print(f"tau^2 = {tau2:6}: MAP w = {mle.linear_regression_map(X_ls, t_ls, sigma2_ls, tau2).round(4)}, "
          f"scikit-learn Ridge(alpha = sigma^2 / tau^2) = {ridge.round(4)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The MAP is not invariant
#
# Unlike the MLE (section 12), the MAP depends on how the parameter is written. A likelihood is a
# function of the parameter, and relabelling it moves nothing; a prior is a *density*, and a density
# gains a Jacobian. In the log-odds $\eta = \log\frac{\phi}{1-\phi}$, with $\frac{d\phi}{d\eta} = \phi(1-\phi)$, the posterior
# density becomes $\propto \phi^{h+a}(1-\phi)^{N-h+b}$, whose mode in $\eta$ is at $\phi = \frac{h+a}{N+a+b}$ (the posterior
# mean in $\phi$). With the flat prior and three heads, the MAP is $\phi = 1$ in $\phi$ but $\phi = \frac45$ in $\eta$:
# a prior flat in one parameter is not flat in another (Murphy, *Machine Learning: a Probabilistic
# Perspective*, section 5.2.1.4; Bishop, exercise 1.4). Below, the posterior's mode found numerically in $\eta$.

# %% slideshow={"slide_type": "subslide"}
def map_in_log_odds(a_post, b_post):
    """The mode of a Beta(a_post, b_post) posterior written in eta = logit(phi), returned as phi."""
    def neg_log_density(eta):         # p(eta) = p(phi) dphi/deta, with dphi/deta = phi (1 - phi)
        return -(stats.beta.logpdf(expit(eta), a_post, b_post) + np.log(expit(eta) * expit(-eta)))
    return expit(minimize_scalar(neg_log_density, bounds=(-20, 20), method="bounded", options={"xatol": 1e-10}).x)


for a_prior, b_prior in [(1, 1), (2, 2)]:
    a_post, b_post = mle.beta_bernoulli_posterior(x_three, a_prior, b_prior)
    print(f"Beta({a_prior}, {b_prior}) prior, three heads: MAP in phi {mle.beta_bernoulli_map(x_three, a_prior, b_prior):.4f}, "
          f"MAP in eta (as phi) {map_in_log_odds(a_post, b_post):.4f}, (h + a) / (N + a + b) = "
          f"{(3 + a_prior) / (3 + a_prior + b_prior):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 17 (derive): how many heads before the MAP passes 0.9?
#
# With the prior $\mathrm{Beta}(5, 5)$ on a coin's $\phi$, you toss and see only heads. After how many heads,
# at the fewest, is $\hat\phi_\text{MAP}$ above 0.9? Work it out by hand.

# %%
heads_answer = ...    # ✏️ a whole number
exercises.map_heads_needed.check(heads_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the package's MAP after h heads in h tosses, around the answer.
if exercises.map_heads_needed.revealed():
    heads_map = {h: mle.beta_bernoulli_map(np.ones(h), 5, 5) for h in range(30, 36)}
    print("MAP after h heads: " + ", ".join(f"h = {h}: {value:.4f}" for h, value in heads_map.items())
          + f"; first above 0.9 at h = {min(h for h, value in heads_map.items() if value > 0.9)}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# - **Straka, NPFL129 lecture 3**, defines the conditional entropy as
#   $\mathbb{E}[-\log \hat p_\text{data}(t \mid \mathbf{x}; \mathbf{w})]$. The data distribution has no
#   parameters: $\mathbb{E}[-\log \hat p_\text{data}(t \mid \mathbf{x})]$ (section 7).
# - **Straka, NPFL129 lecture 3**, says that no consistent estimator has a lower mean squared error
#   than the MLE. At a finite $N$ a biased but consistent estimator can: at $N = 10$ the shrunk mean
#   $\frac{N}{N+5}\bar x$ has MSE 0.044 against the sample mean's 0.099 when $\mu = 0$ (section 9). The true
#   statements are the Cramér–Rao bound for unbiased estimators, at every $N$, and the MLE's asymptotic
#   efficiency.
# - **Liu, USC CSCI 567**, where $y_i$ is the label, factorises the joint likelihood as
#   $P(\mathbf{x}_i)\,P(\mathbf{x}_i \mid y_i; \mathbf{w})$ in the line that defines the log-likelihood. It is
#   $P(\mathbf{x}_i)\,P(y_i \mid \mathbf{x}_i; \mathbf{w})$: the model predicts the label from the input (section 7).
# - **Liu, USC CSCI 567**, ends the same chain with
#   $\operatorname{argmin}_{\mathbf{w}} \sum_n \ell_\text{logistic}(y_n\mathbf{w}^T\mathbf{x}_n) = \operatorname{argmax}_{\mathbf{w}} F(\mathbf{w})$,
#   where $F(\mathbf{w})$ is that very sum of logistic losses. It is $\operatorname{argmin} F(\mathbf{w})$: maximum
#   likelihood minimises the loss. Section 7 checks that the mean logistic loss of the margins is the
#   binary cross-entropy, the negative log-likelihood per example, and minimises it.
# - **Arias, UPC topic 2**, and **the course notes** write the log loss as
#   $-\sum_i t_i \log p_i + (1 - t_i)\log(1 - p_i)$, where the minus sign covers only the first term. It
#   needs brackets, $-\sum_i \big[t_i \log p_i + (1 - t_i)\log(1 - p_i)\big]$ (section 7). The course notes
#   also write $\sigma(x)$ for $\sigma(\mathbf{w}^T\mathbf{x}_i)$.
# - **Arias, UPC topic 2**, gives the gradient of the negative log-likelihood as
#   $\sum_i (t_i - p_i)\,\mathbf{x}_i$. That is the gradient of the log-likelihood; the NLL's is
#   $\sum_i (p_i - t_i)\,\mathbf{x}_i$, as section 7 checks against finite differences.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The likelihood $L(\boldsymbol\theta) = \prod_i p_\text{model}(\mathbf{x}_i; \boldsymbol\theta)$ is the probability (or
#   density) of the observed data as a function of the parameters. It is not a distribution over them
#   (ten tosses with seven heads: area $1/1320$), and with densities it can exceed 1.
# - Maximise $\sum_i \log p_\text{model}(\mathbf{x}_i; \boldsymbol\theta)$ instead: the same maximiser, no underflow
#   (1000 probabilities multiply to 0.0) and no overflow (1000 densities multiply to `inf`), and sums are
#   easy to differentiate.
# - Closed forms: a coin $\hat\phi = h/N$, a die $\hat p_k = N_k/N$ (0 for a face never seen: a boundary
#   maximum), a Gaussian $\hat\mu = \bar x$ and $\hat\sigma^2 = \frac{1}{N}\sum_i (x_i - \bar x)^2$ (and, in an
#   exercise, a Laplace distribution). Second derivatives confirm the maxima; a numerical optimiser finds
#   the same values.
# - $\operatorname{argmax} L = \operatorname{argmin} \text{NLL} = \operatorname{argmin} H(\hat p_\text{data}, p_\text{model})$, and for
#   discrete data $= \operatorname{argmin} D_\text{KL}(\hat p_\text{data} \| p_\text{model})$: NLL/N is the cross-entropy,
#   which exceeds the KL divergence by the constant $H(\hat p_\text{data}) \le \log N$. With many data and a
#   uniform law of large numbers, the MLE approaches the model closest to the truth in forward KL.
# - Conditional MLE of $p(t \mid \mathbf{x}; \mathbf{w})$ gives the classification loss: for two classes the
#   binary cross-entropy $-\frac{1}{N}\sum_i [t_i\log p_i + (1-t_i)\log(1-p_i)]$, which is the logistic
#   loss of the margin for labels $\pm 1$.
# - If the model is right, the MLE is consistent ($P(\|\hat{\boldsymbol\theta}_N - \boldsymbol\theta_*\| > \varepsilon) \to 0$)
#   and asymptotically efficient (the sample mean attains the Cramér–Rao bound; the median needs about
#   $\pi/2$ times as many data), but it can be biased: $\mathbb{E}[\hat\sigma^2] = \frac{N-1}{N}\sigma^2$.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Summary** (continued)
#
# - Least squares is the MLE of linear regression under Gaussian noise, with $\hat\sigma^2 = \mathrm{RSS}/N$; the
#   multivariate Gaussian's MLE is the sample mean and the $\frac1N$ covariance; and the MLE of $g(\boldsymbol\theta)$
#   is $g(\hat{\boldsymbol\theta})$ (invariance, through the profile likelihood when $g$ is not one-to-one): a
#   fitted Gaussian's $P(X > c)$ is read at $(\bar x, \hat\sigma)$. Unbiasedness does not carry over.
# - Asymptotically $\hat\theta \approx \mathcal{N}(\theta_*, \mathcal{I}(\theta_*)^{-1}/N)$; the standard error is
#   $1/\sqrt{-\ell''(\hat\theta)}$, from the observed information, and can fail badly on small samples.
# - A prior turns the MLE into the MAP, $\operatorname{argmax}\, \log L + \log p(\boldsymbol\theta)$: a Beta prior on a coin
#   gives Laplace smoothing, a Gaussian prior on regression weights gives ridge ($\lambda = \sigma^2/\tau^2$).
#
# **Next:** notebook 04 puts $p = \sigma(\mathbf{x}^T\mathbf{w} + b)$ into this loss: logistic regression,
# trained by gradient descent on the negative log-likelihood.
