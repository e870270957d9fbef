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
# - what a likelihood is: the probability of data we already have, read as a function of the
#   parameters, and why it is not a probability distribution over them;
# - why we maximise the *log*-likelihood, and what goes wrong with the plain product;
# - the maximum likelihood estimates of a coin, a die and a Gaussian, derived on paper and found
#   again by a numerical optimiser;
# - why maximising the likelihood is the same as minimising the negative log-likelihood, the
#   cross-entropy and the KL divergence between the data and the model;
# - how *conditional* maximum likelihood gives the loss of a probabilistic classifier, which
#   logistic regression (notebook 04) minimises;
# - the properties that make maximum likelihood the default: consistency, efficiency, and the bias
#   it may have on small samples.
#
# **What you need**: the Bernoulli, categorical and normal distributions; entropy, cross-entropy
# and KL divergence (notebook 02); derivatives, and a Lagrange multiplier once.
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Cells marked ✏️ are
# exercises: replace the `...` and run the check below it. Sliders redraw at once.

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np
from scipy import integrate, stats
from scipy.optimize import minimize
from scipy.special import expit, softmax

from lecture_utils import information, mle, plotting
from lecture_utils.display import show_source
from lecture_utils.exercises import mle as exercises
from lecture_utils.losses import logistic_loss
from lecture_utils.probability import gaussian_mixture_moments, gaussian_mixture_pdf
from lecture_utils.widgets import EstimatorExplorer, LikelihoodExplorer

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The likelihood: the data are fixed, the parameters move
#
# We have training data $\mathbf{X} = \{\mathbf{x}_1, \dots, \mathbf{x}_N\}$, drawn independently from an
# unknown **data-generating distribution** $p_\text{data}$, and a family of candidate models
# $p_\text{model}(\mathbf{x}; \mathbf{w})$, one distribution for every value of the parameters $\mathbf{w}$.
# The **empirical distribution** puts mass $1/N$ on every example:
#
# $$\hat p_\text{data}(\mathbf{x}) = \frac{\big|\{i : \mathbf{x}_i = \mathbf{x}\}\big|}{N}.$$
#
# The expression $p_\text{model}(\mathbf{x}; \mathbf{w})$ can be read in two ways.
#
# - Fix $\mathbf{w}$ and let $\mathbf{x}$ vary: it is a probability distribution over data, summing (or
#   integrating) to 1.
# - Fix the data and let $\mathbf{w}$ vary: the probability of *our* data under each candidate,
#
#   $$L(\mathbf{w}) = p_\text{model}(\mathbf{X}; \mathbf{w}) = \prod_{i=1}^N p_\text{model}(\mathbf{x}_i; \mathbf{w}),$$
#
#   is the **likelihood** of $\mathbf{w}$ (the product because the examples are independent).
#
# The likelihood is a function of the parameters, not a distribution over them: nothing makes it sum
# or integrate to 1 over $\mathbf{w}$. Take ten coin tosses with seven heads, $x_i = 1$ for heads, and
# the Bernoulli model $P(x; \phi) = \phi^x (1-\phi)^{1-x}$. Then
# $L(\phi) = \phi^7 (1-\phi)^3$, and
#
# $$\int_0^1 \phi^h (1-\phi)^{n-h}\,d\phi = \frac{h!\,(n-h)!}{(n+1)!}, \qquad
# \int_0^1 \phi^7 (1-\phi)^3\,d\phi = \frac{7!\,3!}{11!} = \frac{1}{1320}$$
#
# (the Beta function; integrate by parts $n-h$ times). Read the other way, with $\phi = 0.7$ fixed, the
# probabilities of all $2^{10} = 1024$ possible sequences of ten tosses do add up to 1.

# %%
x_coin = np.array([1, 0, 1, 1, 0, 1, 1, 1, 0, 1])          # 7 heads in 10 tosses
h, n = int(x_coin.sum()), x_coin.size

sequences = np.array(list(itertools.product([0, 1], repeat=n)))     # every possible data set
probabilities = np.array([mle.bernoulli_likelihood(0.7, s) for s in sequences])
print(f"phi = 0.7 fixed: {len(sequences)} data sets, total probability {probabilities.sum():.4f}")

area, _ = integrate.quad(lambda phi: mle.bernoulli_likelihood(phi, x_coin), 0, 1)
print(f"data fixed: area under L(phi) = {area:.8f} by quadrature; "
      f"7! 3! / 11! = {mle.bernoulli_likelihood_integral(h, n):.8f}; 1/1320 = {1 / 1320:.8f}")

# %%
phi = np.linspace(0, 1, 401)
fig, (ax_data, ax_lik) = plt.subplots(1, 2, figsize=(11, 4))
by_heads = np.bincount(sequences.sum(axis=1), weights=probabilities)   # all sequences with h heads
ax_data.bar(np.arange(n + 1), by_heads, color=plotting.PALETTE[2])
ax_data.set(xlabel="number of heads in the data set", ylabel="total probability",
            title=r"$\phi = 0.7$ fixed: a distribution over data (sums to 1)")
plotting.plot_likelihood(ax_lik, phi, mle.bernoulli_likelihood(phi, x_coin), h / n,
                         mle.bernoulli_likelihood(h / n, x_coin))
ax_lik.set_title(f"data fixed ({h} heads in {n}): area under $L$ = 1/1320", fontsize="medium")
plt.show()

# %% [markdown]
# Lecture 000 adds that a likelihood is not a probability even though its values lie in $[0, 1]$.
# That holds for a coin or a die, but not in general: for continuous data the factors are *densities*,
# which may exceed 1, and three measurements close to the mean of a narrow normal distribution have a
# likelihood far above 1.

# %%
x_close = np.array([0.02, -0.05, 0.04])
L = np.prod(stats.norm.pdf(x_close, loc=0, scale=0.1))
print(f"L(mu = 0, sigma = 0.1) = {L:.2f}: a likelihood, not a probability")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1: the area under a likelihood
#
# The data are four tosses, heads, heads, tails, tails: $\mathbf{x} = (1, 1, 0, 0)$. Compute the area
# $\int_0^1 L(\phi)\,d\phi$ under their likelihood, on paper.

# %%
area_answer = ...     # a number
exercises.check_likelihood_integral([1, 1, 0, 0], area_answer)

# %% jupyter={"source_hidden": true}
# Solution: L(phi) = phi^2 (1 - phi)^2, and int_0^1 phi^2 (1 - phi)^2 dphi = 2! 2! / 5! = 4 / 120 = 1/30
exercises.check_likelihood_integral([1, 1, 0, 0], 1 / 30)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. From a product of probabilities to a sum of logs
#
# The **maximum likelihood estimate** (MLE) is the parameter under which the data are most probable:
#
# $$\mathbf{w}_\text{MLE} = \operatorname*{argmax}_{\mathbf{w}} \prod_{i=1}^N p_\text{model}(\mathbf{x}_i; \mathbf{w})
# = \operatorname*{argmax}_{\mathbf{w}} \sum_{i=1}^N \log p_\text{model}(\mathbf{x}_i; \mathbf{w}).$$
#
# The two are the same because $\log$ is strictly increasing: it changes the values of the objective,
# never the place of its maximum. The sum of logs is preferred for three reasons:
#
# - **it does not underflow.** Every factor is below 1, so the product shrinks exponentially with $N$,
#   and a double cannot hold a number below about $5 \times 10^{-324}$;
# - **a sum is easier to differentiate** than a product: its gradient is the sum of the examples'
#   gradients (the basis of stochastic gradient descent);
# - **the common models become simple**: the log cancels the exponentials of the normal and the
#   powers of the Bernoulli and categorical distributions.
#
# Here are 1000 rolls of a loaded die, and two models for it: a fair die, and the loaded die that
# generated the data. Both likelihoods come out as exactly zero; their logarithms are fine, and their
# difference says which model is more likely, and by how much.

# %%
rng = np.random.default_rng(0)
p_loaded = np.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.5])
rolls = rng.choice(6, size=1000, p=p_loaded)               # faces 0..5
p_fair = np.full(6, 1 / 6)
for name, p in [("fair die", p_fair), ("loaded die", p_loaded)]:
    print(f"{name:10}: product = {mle.likelihood_product(p[rolls])}, "
          f"log-likelihood = {mle.log_likelihood_sum(p[rolls]):.2f}")
gap = mle.log_likelihood_sum(p_loaded[rolls]) - mle.log_likelihood_sum(p_fair[rolls])
print(f"the loaded die is e^{gap:.1f} = 10^{gap / np.log(10):.1f} times more likely")

# %%
running_product = np.cumprod(p_fair[rolls])
running_log = np.cumsum(np.log(p_fair[rolls]))
first_zero = np.argmax(running_product == 0)
print(f"the running product of the fair die becomes 0.0 at roll {first_zero + 1}")

fig, ax = plt.subplots(figsize=(6.4, 4))
with np.errstate(divide="ignore"):
    ax.plot(np.arange(1, 1001), np.log10(running_product), label="$\\log_{10}$ of the running product")
ax.plot(np.arange(1, 1001), running_log / np.log(10), "--", label="running log-likelihood / $\\ln 10$")
ax.axhline(np.log10(np.nextafter(0, 1)), color="grey", linewidth=1)
ax.annotate("smallest positive double", (1000, np.log10(np.nextafter(0, 1))), xytext=(0, 4),
            textcoords="offset points", ha="right", color="grey")
ax.annotate(f"the product is 0.0 from roll {first_zero + 1} on", (first_zero, np.log10(running_product[first_zero - 1])),
            xytext=(30, 60), textcoords="offset points", arrowprops={"arrowstyle": "->"})
ax.set(xlabel="number of rolls $N$", ylabel="$\\log_{10} L$", title="the product underflows, the sum does not")
ax.legend(loc="lower left")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2: a log-likelihood by hand
#
# Five tosses $\mathbf{x} = (1, 0, 1, 1, 0)$. What is the log-likelihood $\log L(\phi)$ of the Bernoulli
# model at $\phi = 0.6$ (natural logarithm)?

# %%
log_likelihood_answer = ...
exercises.check_log_likelihood([1, 0, 1, 1, 0], 0.6, log_likelihood_answer)

# %% jupyter={"source_hidden": true}
# Solution: three ones contribute log 0.6 each, two zeros log 0.4 each
exercises.check_log_likelihood([1, 0, 1, 1, 0], 0.6, 3 * np.log(0.6) + 2 * np.log(0.4))

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
#
# The package computes the log-likelihood exactly like this, with $0\log 0 = 0$ for the boundary
# cases:

# %%
show_source(mle.bernoulli_log_likelihood)

# %% [markdown]
# A numerical optimiser knows nothing of $h/N$: `fit_mle_numerically` hands the mean negative
# log-likelihood of any model (here `scipy.stats.bernoulli.logpmf`) to `scipy.optimize.minimize`.

# %%
fit = mle.fit_mle_numerically(stats.bernoulli.logpmf, x_coin, initial_params=0.5, bounds=[(1e-9, 1 - 1e-9)])
print(f"closed form h/N = {mle.bernoulli_mle(x_coin):.4f}, numerical optimum {fit.params[0]:.4f} "
      f"after {fit.n_iter} iterations; they agree: {abs(fit.params[0] - h / n) < 1e-5}")
curve = mle.bernoulli_log_likelihood(phi[1:-1], x_coin)
print("log L is concave on the grid (all second differences < 0):", bool(np.all(np.diff(curve, 2) < 0)))

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: the likelihood of your own tosses
#
# Move the sliders for the number of tosses $n$ and of heads $h$. On the left the log-likelihood, whose
# maximum (the diamond) sits at $h/n$; on the right the likelihood itself, with the area under it. Watch
# three things: the maximum follows $h/n$; with more tosses the curves get narrower (the data pin
# $\phi$ down better) while the likelihood and its area shrink towards zero; and for $h = 0$ or $h = n$
# the maximum sits at the boundary.

# %%
explorer = LikelihoodExplorer(h=7, n=10)
explorer

# %% [markdown]
# The same widget from code: `set_counts(h, n)` moves both sliders, and moving $n$ below $h$ pulls
# $h$ down with it.

# %%
explorer.set_counts(h=0, n=5)
print(explorer.status)
explorer.set_counts(h=18, n=30)
explorer.n_slider.value = 12            # fewer tosses than heads: h follows n down
print(explorer.status)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. A die: $\hat p_k = n_k / N$
#
# A categorical variable with $K$ outcomes has $P(x; \mathbf{p}) = p_x$, i.e.
# $\prod_k p_k^{[x = k]}$ in one-hot form. With $n_k$ the number of examples equal to $k$,
#
# $$\log L(\mathbf{p}) = \sum_{i=1}^N \log p_{x_i} = \sum_{k=0}^{K-1} n_k \log p_k .$$
#
# The parameters are constrained, $\sum_k p_k = 1$, so maximise the Lagrangian
# $\sum_k n_k \log p_k + \lambda\big(1 - \sum_k p_k\big)$:
#
# $$\frac{\partial}{\partial p_k}: \ \frac{n_k}{p_k} - \lambda = 0 \iff p_k = \frac{n_k}{\lambda}, \qquad
# \sum_k p_k = 1 \iff \lambda = N, \qquad \hat p_k = \frac{n_k}{N}.$$
#
# The MLE is the empirical distribution itself: each face gets its observed frequency. (Section 6
# proves the same without calculus, from Gibbs' inequality.)
#
# To check it numerically, the constraint has to go: write $\mathbf{p} = \operatorname{softmax}(\mathbf{z})$
# with any real logits $\mathbf{z}$, and minimise the negative log-likelihood over $\mathbf{z}$ without
# constraints.

# %%
counts = np.array([8, 9, 11, 7, 10, 15])                    # 60 rolls
result = minimize(lambda z: -mle.categorical_log_likelihood(softmax(z), counts, counts=True), np.zeros(6))
p_closed = mle.categorical_mle(np.repeat(np.arange(6), counts), 6)
print("closed form n_k/N: ", p_closed)
print("numerical optimum: ", softmax(result.x), " agree:", np.allclose(softmax(result.x), p_closed, atol=1e-4))

# %% [markdown]
# **A face never seen gets probability zero.** With few data that is a problem: the model then declares
# a single future roll of that face impossible, and the log-likelihood of any data containing it is
# $-\infty$. Smoothing the counts (notebook 07) is the usual cure.

# %%
p_few = mle.categorical_mle([0, 1, 1, 3, 4, 4, 4, 2], 6)    # face 5 never rolled
print("MLE from 8 rolls:", p_few, "  log-likelihood of one roll of face 5:",
      mle.categorical_log_likelihood(p_few, [5]))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3: the MLE of a die
#
# Twenty rolls gave the counts below for faces 1 to 6. What is the maximum likelihood estimate of the
# six face probabilities?

# %%
die_counts = [3, 5, 2, 6, 4, 0]
p_answer = ...        # six numbers
exercises.check_categorical_mle(die_counts, p_answer)

# %% jupyter={"source_hidden": true}
# Solution: divide each count by N = 20; the face never rolled gets 0
exercises.check_categorical_mle(die_counts, np.array(die_counts) / 20)

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
# The variance estimate divides by $N$, not by $N - 1$: it is the mean squared deviation. Section 10
# shows it is slightly too small on average, which is why statistics software often reports
# $s^2 = \frac{1}{N-1}\sum_i (x_i - \hat\mu)^2$ instead. `scipy.stats.norm.fit` returns the MLE.

# %%
x_gauss = np.random.default_rng(1).normal(2.0, 1.5, size=10)
mu_hat, sigma2_hat = mle.gaussian_mle(x_gauss)
fit = mle.fit_mle_numerically(stats.norm.logpdf, x_gauss, initial_params=[0.0, 1.0],
                              bounds=[(None, None), (1e-6, None)])       # parameters loc, scale = sigma
loc, scale = stats.norm.fit(x_gauss)
print(f"closed form:         mu = {mu_hat:.4f}, sigma^2 = {sigma2_hat:.4f}")
print(f"numerical optimum:   mu = {fit.params[0]:.3f},  sigma^2 = {fit.params[1] ** 2:.3f}")
print(f"scipy.stats.norm.fit: mu = {loc:.4f}, sigma^2 = {scale ** 2:.4f}")
print(f"np.var with ddof=0: {np.var(x_gauss):.4f};  the unbiased 1/(N-1) estimate s^2 = {mle.unbiased_variance(x_gauss):.4f}")

# %%
mu_grid, sigma2_grid = np.linspace(1.2, 3.5, 201), np.linspace(0.25, 3.0, 201)
surface = mle.gaussian_log_likelihood(mu_grid[:, None], sigma2_grid[None, :], x_gauss)

fig, ax = plt.subplots(figsize=(8, 4.4))
levels = surface.max() - np.array([10, 5, 2, 1, 0.5, 0.1])          # increasing, as contour wants
contours = ax.contour(mu_grid, sigma2_grid, surface.T, levels=levels, colors=plotting.PALETTE[0],
                      linewidths=1.2, linestyles="solid")
ax.clabel(contours, fmt=lambda v: f"{v - surface.max():.1f}", fontsize="small")
ax.plot(mu_hat, sigma2_hat, **plotting.MLE_STYLE, label=r"MLE $(\hat\mu, \hat\sigma^2)$")
ax.plot(mu_hat, mle.unbiased_variance(x_gauss), "s", color=plotting.PALETTE[2], label=r"$(\hat\mu, s^2)$, not the maximum")
ax.set(xlabel=r"$\mu$", ylabel=r"$\sigma^2$", title=r"$\log L(\mu, \sigma^2) - \log L(\hat\mu, \hat\sigma^2)$")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4: a Gaussian by hand
#
# Fit a normal distribution by maximum likelihood to the six values below: what are $\hat\mu$ and
# $\hat\sigma^2$?

# %%
sample = [2, 4, 4, 5, 7, 8]
mu_answer, sigma2_answer = ..., ...
exercises.check_gaussian_mle(sample, mu_answer, sigma2_answer)

# %% jupyter={"source_hidden": true}
# Solution: mean 30 / 6 = 5; squared deviations 9, 1, 1, 0, 4, 9 sum to 24, and 24 / 6 = 4
exercises.check_gaussian_mle(sample, 5.0, 4.0)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Likelihood, negative log-likelihood, cross-entropy, KL: one optimum
#
# Dividing by $N$ changes no minimiser, and an average over the examples is an expectation under the
# empirical distribution: grouping equal examples, $\frac{1}{N}\sum_i f(\mathbf{x}_i) = \sum_\mathbf{x}
# \hat p_\text{data}(\mathbf{x})\, f(\mathbf{x})$. So
#
# $$\begin{aligned}
# \mathbf{w}_\text{MLE} &= \operatorname*{argmax}_{\mathbf{w}}\ \prod_{i=1}^N p_\text{model}(\mathbf{x}_i; \mathbf{w})
#   && \text{the likelihood}\\
# &= \operatorname*{argmin}_{\mathbf{w}}\ \sum_{i=1}^N -\log p_\text{model}(\mathbf{x}_i; \mathbf{w})
#   && \text{the negative log-likelihood (NLL)}\\
# &= \operatorname*{argmin}_{\mathbf{w}}\ \mathbb{E}_{\mathbf{x} \sim \hat p_\text{data}}\big[-\log p_\text{model}(\mathbf{x}; \mathbf{w})\big]
#   = \operatorname*{argmin}_{\mathbf{w}}\ H\big(\hat p_\text{data}, p_\text{model}(\cdot; \mathbf{w})\big)
#   && \text{the cross-entropy}\\
# &= \operatorname*{argmin}_{\mathbf{w}}\ D_\text{KL}\big(\hat p_\text{data} \,\|\, p_\text{model}(\cdot; \mathbf{w})\big)
#   && \text{the KL divergence,}
# \end{aligned}$$
#
# the last because $H(\hat p_\text{data}, p_\text{model}) = D_\text{KL}(\hat p_\text{data} \| p_\text{model}) + H(\hat p_\text{data})$
# and the entropy of the data does not depend on $\mathbf{w}$. In numbers:
# $\text{NLL}/N$ *equals* the cross-entropy, and exceeds the KL divergence by the constant
# $H(\hat p_\text{data})$. Gibbs' inequality gives the die's MLE of section 4 at once: $D_\text{KL} \geq 0$ with
# equality only for $p_\text{model} = \hat p_\text{data}$, so when the model family contains the
# empirical distribution, that is the MLE, and the smallest NLL/N is $H(\hat p_\text{data})$.
#
# Checked on twenty tosses of a coin, over a grid of $\phi$:

# %%
x20 = np.random.default_rng(2).binomial(1, 0.35, size=20)
values, p_hat = mle.empirical_distribution(x20)            # outcomes 0 and 1, their frequencies
grid = np.linspace(0, 1, 201)[1:-1]                        # 0.005 ... 0.995: contains every h/20
model = np.column_stack([1 - grid, grid])                  # P(x = 0), P(x = 1) for every phi

objectives = {
    r"likelihood $L(\phi)$": (mle.bernoulli_likelihood(grid, x20), "max"),
    r"NLL $-\log L(\phi)$": (-mle.bernoulli_log_likelihood(grid, x20), "min"),
    r"cross-entropy $H(\hat p, p_\phi)$": (information.cross_entropy(p_hat, model), "min"),
    r"KL $D_{KL}(\hat p \,\|\, p_\phi)$": (information.kl_divergence(p_hat, model), "min"),
}
best = {name: grid[np.argmax(v) if sense == "max" else np.argmin(v)] for name, (v, sense) in objectives.items()}
print(f"h/N = {mle.bernoulli_mle(x20):.3f};  the optimum of each objective on the grid:",
      ", ".join(f"{b:.3f}" for b in best.values()))
nll, cross, kl = (values for values, _ in list(objectives.values())[1:])
print("NLL / N equals the cross-entropy:                ", np.allclose(nll / len(x20), cross, rtol=1e-12))
print(f"cross-entropy - KL is constant, = H(p_hat) = {information.entropy(p_hat):.4f}:",
      np.allclose(cross - kl, information.entropy(p_hat), rtol=1e-12))

# %%
fig, axes = plt.subplots(2, 2, figsize=(10, 6), sharex=True)
plotting.plot_objectives(axes.flat, grid, objectives, optimum=mle.bernoulli_mle(x20), xlabel=r"$\phi$")
axes[1, 0].axhline(information.entropy(p_hat), color=plotting.PALETTE[2], linestyle=":",
                   label=r"$H(\hat p)$: the lowest possible")
axes[1, 0].legend(loc="upper center")
for ax in axes[0]:
    ax.set_xlabel("")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Continuous data, and the limit of many data.** For continuous $\mathbf{x}$ the empirical
# distribution is a set of spikes, and only the first three lines of the chain make literal sense:
# the cross-entropy is still the average $-\log p_\text{model}(\mathbf{x}_i; \mathbf{w})$, but a distribution
# made of spikes has no density, so its entropy and its KL divergence from a density are not finite. The chain says something stronger when $N$ grows: by the law of large
# numbers NLL/N tends to $H(p_\text{data}, p_\text{model})$, so the MLE approaches the model closest to the
# *true* distribution in the sense of $D_\text{KL}(p_\text{data} \| p_\text{model})$, the **forward** KL of
# notebook 02. For a Gaussian model that is moment matching, even when the data are not Gaussian at
# all: the Gaussian MLE of a large sample from a two-peaked mixture is the Gaussian that covers both
# peaks.

# %%
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

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Conditional maximum likelihood: the loss of a classifier
#
# A classifier does not model the inputs, only the target given the input: $p_\text{model}(t \mid \mathbf{x}; \mathbf{w})$.
# Maximum likelihood carries over with the inputs held fixed,
#
# $$\begin{aligned}
# \mathbf{w}_\text{MLE} = \operatorname*{argmax}_{\mathbf{w}} \prod_{i=1}^N p_\text{model}(t_i \mid \mathbf{x}_i; \mathbf{w})
# &= \operatorname*{argmin}_{\mathbf{w}} \sum_{i=1}^N -\log p_\text{model}(t_i \mid \mathbf{x}_i; \mathbf{w}) \\
# &= \operatorname*{argmin}_{\mathbf{w}} H\big(\hat p_\text{data}, p_\text{model}\big)
# = \operatorname*{argmin}_{\mathbf{w}} D_\text{KL}\big(\hat p_\text{data} \,\|\, p_\text{model}\big),
# \end{aligned}$$
#
# now with the *conditional* cross-entropy $\mathbb{E}_{(\mathbf{x}, t) \sim \hat p_\text{data}}[-\log p_\text{model}(t \mid \mathbf{x}; \mathbf{w})]$
# and conditional entropy $\mathbb{E}_{(\mathbf{x}, t) \sim \hat p_\text{data}}[-\log \hat p_\text{data}(t \mid \mathbf{x})]$
# (lecture 000 writes a stray "$; \mathbf{w}$" inside the latter; the data distribution has no parameters).
# The resulting loss goes by three names: **negative log-likelihood**, **cross-entropy**, or KL
# divergence. Even if the pairs $(\mathbf{x}_i, t_i)$ are modelled jointly,
# $p(\mathbf{x}_i, t_i) = p(\mathbf{x}_i)\,p(t_i \mid \mathbf{x}_i; \mathbf{w})$, the factor $p(\mathbf{x}_i)$ does
# not depend on $\mathbf{w}$ and drops out of the argmax: that is why a *discriminative* model may ignore
# how the inputs are distributed. (Lecture 002 writes this factorisation with $p(\mathbf{x}_i \mid t_i; \mathbf{w})$,
# the two variables swapped.)
#
# **Two classes.** Let the model output $y(\mathbf{x}; \mathbf{w}) = P(t = 1 \mid \mathbf{x})$ for $t \in \{0, 1\}$. Then
# $p(t \mid \mathbf{x}) = y^t (1-y)^{1-t}$, a Bernoulli distribution whose parameter depends on $\mathbf{x}$, and
#
# $$E(\mathbf{w}) = \frac{1}{N}\sum_{i=1}^N -\log p(t_i \mid \mathbf{x}_i; \mathbf{w})
# = -\frac{1}{N}\sum_{i=1}^N \big[t_i \log y_i + (1 - t_i)\log(1 - y_i)\big],$$
#
# the **binary cross-entropy** or **log loss** (lecture 004 drops the brackets around the sum's two
# terms and writes $\sigma(x)$ for $\sigma(\mathbf{w}^T\mathbf{x}_i)$). Logistic regression sets
# $y = \sigma(\mathbf{x}^T\mathbf{w})$ with the sigmoid $\sigma(z) = 1/(1 + e^{-z})$.
# Lecture 001 tabulates the loss of one example; here it is, recomputed:

# %%
y_hat = np.round(np.arange(0.1, 1.0, 0.1), 1)
loss_if_0 = [mle.binary_cross_entropy([0], [p]) for p in y_hat]
loss_if_1 = [mle.binary_cross_entropy([1], [p]) for p in y_hat]
print("y_hat  ", "  ".join(f"{p:4.1f}" for p in y_hat))
print("t = 0  ", "  ".join(f"{v:4.2f}" for v in loss_if_0))
print("t = 1  ", "  ".join(f"{v:4.2f}" for v in loss_if_1))
lecture_001 = [0.11, 0.22, 0.36, 0.51, 0.69, 0.92, 1.20, 1.61, 2.30]
print("same as the lecture's table:", np.allclose(np.round(loss_if_0, 2), lecture_001)
      and np.allclose(np.round(loss_if_1, 2), lecture_001[::-1]))

# %% [markdown]
# **With labels $\pm 1$** (lecture 002 uses them, lectures 001, 003 and 004 use $\{0, 1\}$) the same model reads
# $p(t \mid \mathbf{x}) = \sigma(t\,\mathbf{x}^T\mathbf{w})$, because $1 - \sigma(z) = \sigma(-z)$. Its negative log is
# $\log(1 + e^{-t\,\mathbf{x}^T\mathbf{w}})$: the **logistic loss** of the margin, the surrogate loss of
# notebook 01. Same model, same loss, two ways of writing the labels:

# %%
rng = np.random.default_rng(5)
z = rng.normal(0, 3, size=1000)                            # scores x^T w of 1000 examples
t01 = rng.integers(0, 2, size=1000)
print("binary cross-entropy (t in {0, 1}) = mean logistic loss of the margin (t in {-1, +1}):",
      np.isclose(mle.binary_cross_entropy(t01, logits=z), np.mean(logistic_loss((2 * t01 - 1) * z)), rtol=1e-12))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A first logistic regression.** One input $x$, the model $P(t = 1 \mid x) = \sigma(wx + b)$, and the
# loss minimised numerically over $(w, b)$. At the optimum the derivative in $b$ is zero; it is
# $\frac{1}{N}\sum_i (\sigma(wx_i + b) - t_i)$ (notebook 04 derives the whole gradient,
# $\sum_i (\sigma(\mathbf{w}^T\mathbf{x}_i) - t_i)\,\mathbf{x}_i$ for the sum; lecture 001 prints it with the sign
# flipped). So the fitted probabilities add up to the number of positive examples: on average the
# model is calibrated. Without the input the model is a coin, and $\sigma(\hat b) = h/N$ is its MLE
# from section 3.

# %%
rng = np.random.default_rng(6)
t_train = rng.integers(0, 2, size=60)
x_train = rng.normal(np.where(t_train == 1, 1.0, -1.0), 1.2)          # class 1 sits further right

loss = lambda wb: mle.binary_cross_entropy(t_train, logits=wb[0] * x_train + wb[1])
w_fit, b_fit = minimize(loss, np.zeros(2)).x
p_fit = expit(w_fit * x_train + b_fit)
print(f"w = {w_fit:.3f}, b = {b_fit:.3f}, mean loss {loss([w_fit, b_fit]):.4f} (a constant 1/2 scores log 2 = {np.log(2):.4f})")
print(f"mean fitted probability {p_fit.mean():.4f} = fraction of positives {t_train.mean():.4f}:",
      np.isclose(p_fit.mean(), t_train.mean(), atol=1e-5))

b_only = minimize(lambda b: mle.binary_cross_entropy(t_train, logits=np.full(60, b[0])), [0.0]).x[0]
print(f"no input: sigma(b) = {expit(b_only):.4f} = h/N = {mle.bernoulli_mle(t_train):.4f}")

# %%
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
# ### ✏️ Exercise 5: the loss of three predictions
#
# A classifier predicts $P(t = 1 \mid \mathbf{x}) = 0.9, 0.2, 0.6$ for three examples whose targets are
# $t = 1, 0, 0$. What is its mean negative log-likelihood (binary cross-entropy)?

# %%
nll_answer = ...
exercises.check_mean_nll(t=[1, 0, 0], p=[0.9, 0.2, 0.6], answer=nll_answer)

# %% jupyter={"source_hidden": true}
# Solution: the probabilities of the targets are 0.9, 1 - 0.2 = 0.8 and 1 - 0.6 = 0.4
exercises.check_mean_nll(t=[1, 0, 0], p=[0.9, 0.2, 0.6], answer=-np.mean(np.log([0.9, 0.8, 0.4])))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Consistency: the estimate closes in on the truth
#
# Why trust maximum likelihood? Suppose the model family contains the true distribution,
# $p_\text{data} = p_\text{model}(\cdot; \mathbf{w}_*)$ for exactly one $\mathbf{w}_*$ (it is *identifiable*),
# and let $\mathbf{w}_m$ be the MLE from $m$ examples. Then, under mild regularity conditions, the MLE is
# **consistent**: $\mathbf{w}_m$ converges to $\mathbf{w}_*$ in probability, i.e. for every $\varepsilon > 0$
#
# $$P\big(\|\mathbf{w}_m - \mathbf{w}_*\| > \varepsilon\big) \to 0 \quad \text{as } m \to \infty .$$
#
# For the coin this can be computed exactly: $h \sim \text{Binomial}(m, \phi)$, so the probability that
# $h/m$ misses $\phi$ by more than $\varepsilon$ is a finite sum of binomial probabilities. The simulation
# below draws 2000 samples of each size, takes the MLE of each, and counts the misses. The estimate's
# standard deviation is $\sqrt{\phi(1-\phi)/m}$: it shrinks like $1/\sqrt{m}$, so
# $\sqrt{m}\,\mathrm{sd}$ stays at $\sqrt{0.3 \cdot 0.7} = 0.458$.

# %%
phi_true, eps = 0.3, 0.05
sizes = np.array([10, 30, 100, 300, 1000, 3000])
estimates = mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(phi_true), sizes, n_repeats=2000, random_state=0)
simulated = mle.exceedance_probability(estimates, phi_true, eps)
def exact_miss(m):                                         # P(|h/m - phi| > eps), h ~ Binomial(m, phi)
    h = np.arange(m + 1)
    return stats.binom.pmf(h, m, phi_true)[np.abs(h / m - phi_true) > eps].sum()

exact = np.array([exact_miss(m) for m in sizes])
print("    m   P(|phi_m - phi| > 0.05)   exact   sqrt(m) * sd")
for m, p_sim, p_exact, est in zip(sizes, simulated, exact, estimates):
    print(f"{m:5d}   {p_sim:23.4f}   {p_exact:.4f}   {np.sqrt(m) * est.std():.3f}")

# %%
fig, ax = plt.subplots(figsize=(6.4, 4))
plotting.plot_exceedance(ax, sizes, {"simulated (2000 samples per size)": simulated})
ax.plot(sizes, exact, color="black", linewidth=1, label="exact (binomial)")
ax.set_title(r"coin, $\phi = 0.3$, $\varepsilon = 0.05$", fontsize="medium")
ax.legend()
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: sampling distributions narrowing
#
# Consistency is not special to maximum likelihood. The widget below estimates the mean $\mu = 0$ of
# $\mathcal{N}(0, 1)$ two ways: with the sample mean (the MLE) and with the sample median, on the very
# same 2000 samples of each size $m$. Move $m$: both histograms close in on 0, and the fraction of
# estimates outside the band $|w_m - w| \leq \varepsilon$ falls to zero for both, whatever $\varepsilon$ you
# choose. But the median's histogram is always a little wider: the next section measures by how much.

# %%
mean_and_median = {"sample mean (MLE)": lambda s: mle.gaussian_mle(s)[0],
                   "sample median": lambda s: np.median(s, axis=-1)}
sampling = EstimatorExplorer(mean_and_median, stats.norm(0, 1), true_value=0.0,
                             sizes=[5, 10, 20, 50, 100, 200, 500, 1000], eps=0.1)
sampling

# %% [markdown]
# From code: the sliders are `m_slider` and `eps_slider`.

# %%
sampling.m_slider.value = 100
print(sampling.status)
sampling.eps_slider.value = 0.2
print(sampling.status)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Efficiency: no unbiased estimator does better, asymptotically
#
# Among consistent estimators, which converges fastest? Measure an estimator by its **mean squared
# error** $\mathbb{E}\big[\|\mathbf{w}_m - \mathbf{w}_*\|^2\big]$ over samples of size $m$. The
# **Cramér–Rao bound** (Rao 1945, Cramér 1946) says that an *unbiased* estimator of a scalar parameter
# has
#
# $$\mathbb{E}\big[(w_m - w_*)^2\big] \geq \frac{1}{m\, I(w_*)}, \qquad
# I(w) = \mathbb{E}_x\Big[-\frac{\partial^2}{\partial w^2}\log p(x; w)\Big]$$
#
# (the **Fisher information** of one example). The MLE reaches this bound as $m \to \infty$, which is
# the sense in which it is the most **efficient** estimator.
#
# For the mean of $\mathcal{N}(\mu, \sigma^2)$, $\log p = -\frac{(x - \mu)^2}{2\sigma^2} + \text{const}$, so
# $I(\mu) = 1/\sigma^2$ and the bound is $\sigma^2 / m$. The sample mean attains it exactly, for every $m$
# ($\operatorname{Var}\bar x = \sigma^2/m$). The sample median, also unbiased here by symmetry, has a mean
# squared error that *tends to* $\frac{\pi}{2}\,\sigma^2/m$ (its asymptotic variance is
# $1/(4 m\,p(\mu)^2)$ with $p(\mu) = 1/\sqrt{2\pi\sigma^2}$): it needs about 57% more data for the same
# accuracy. For small $m$ the ratio is below $\pi/2$; it only approaches it.

# %% [markdown]
# The simulation (10 000 samples of each size, the same samples for both estimators) has Monte Carlo
# noise of about 1.4% in each MSE. The median's MSE can also be computed exactly: the median of
# $m = 2k + 1$ uniform draws follows $\text{Beta}(k + 1, k + 1)$, and the normal quantile function
# $\Phi^{-1}$ turns uniform draws into normal ones, so the median of normal draws has variance
# $\mathbb{E}\big[\Phi^{-1}(U)^2\big]$ with $U \sim \text{Beta}(k+1, k+1)$, a one-dimensional integral.

# %%
sizes = np.array([5, 11, 21, 51, 101, 201, 501])            # odd: the median is the middle value
normal = stats.norm(0, 1)
means = mle.simulate_estimates(lambda s: mle.gaussian_mle(s)[0], normal, sizes, n_repeats=10_000, random_state=8)
medians = mle.simulate_estimates(lambda s: np.median(s, axis=-1), normal, sizes, n_repeats=10_000, random_state=8)
mse_mean, mse_median = mle.mean_squared_error(means, 0.0), mle.mean_squared_error(medians, 0.0)
bound = mle.cramer_rao_bound_gaussian_mean(1.0, sizes)
exact_median = np.array([stats.beta(m // 2 + 1, m // 2 + 1).expect(lambda u: stats.norm.ppf(u) ** 2) for m in sizes])

print("                                MSE of the median    median / bound")
print("   m   MSE mean   Cramer-Rao   simulated    exact   simulated  exact")
for row in zip(sizes, mse_mean, bound, mse_median, exact_median, mse_median / bound, exact_median / bound):
    print("{:4d}   {:8.5f}   {:10.5f}   {:9.5f}  {:.5f}   {:9.3f}  {:.3f}".format(*row))
print(f"pi / 2 = {np.pi / 2:.3f}")

# %%
fig, ax = plt.subplots(figsize=(7.5, 4))
ax.plot(sizes, sizes * mse_mean, "o", color=plotting.PALETTE[0], label="sample mean (MLE), simulated")
ax.plot(sizes, sizes * mse_median, "s", color=plotting.PALETTE[1], label="sample median, simulated")
ax.plot(sizes, sizes * exact_median, "--", color=plotting.PALETTE[1], label="sample median, exact")
ax.axhline(1.0, color="black", linewidth=1, label=r"Cramér–Rao bound $\sigma^2/m$, times $m$")
ax.axhline(np.pi / 2, color="grey", linestyle=":", label=r"$\pi/2$")
ax.set_xscale("log")
ax.set(xlabel="sample size $m$", ylabel=r"$m \times$ mean squared error", ylim=(0.85, 1.7),
       title=r"estimating the mean of $\mathcal{N}(0, 1)$")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The fine print.** Lecture 000 says no consistent estimator has a lower mean squared error than the
# MLE. Taken literally, at a finite $m$, that is not true: the bound is for *unbiased* estimators, and
# a biased one can beat it where its bias happens to help. Shrinking the mean towards 0,
# $\tilde\mu = \frac{m}{m + 5}\,\bar x$, is still consistent, has a lower MSE than $\bar x$ when the true
# $\mu$ is near 0, and a much higher one elsewhere. What does hold: as $m \to \infty$, no regular
# estimator has a smaller asymptotic variance than the MLE.

# %%
m = 10
shrunk = lambda s: s.shape[-1] / (s.shape[-1] + 5) * s.mean(axis=-1)
print(f"m = {m}: Cramer-Rao bound {mle.cramer_rao_bound_gaussian_mean(1.0, m):.3f}")
for mu in [0.0, 0.5, 2.0]:
    data = stats.norm(mu, 1)
    mse_mle = mle.mean_squared_error(mle.simulate_estimates(lambda s: s.mean(axis=-1), data, m, 20000, random_state=9), mu)
    mse_shrunk = mle.mean_squared_error(mle.simulate_estimates(shrunk, data, m, 20000, random_state=9), mu)
    print(f"  true mu = {mu}: MSE of the mean {mse_mle:.3f}, of the shrunk mean {mse_shrunk:.3f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. Bias: the MLE of a variance is too small
#
# An estimator is **unbiased** if $\mathbb{E}[w_m] = w_*$. The MLE need not be. For the Gaussian
# variance, split each deviation at the true mean: $\sum_i (x_i - \bar x)^2 = \sum_i (x_i - \mu)^2 - N(\bar x - \mu)^2$.
# Taking expectations, with $\mathbb{E}(x_i - \mu)^2 = \sigma^2$ and $\mathbb{E}(\bar x - \mu)^2 = \sigma^2/N$,
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

# %%
sigma2 = 4.0
normal = stats.norm(0, np.sqrt(sigma2))
print("  N   E[MLE] / sigma^2   (N-1)/N   E[s^2] / sigma^2   MSE MLE   MSE s^2   exact MSEs")
for N in [2, 5, 10, 50]:
    biased = mle.simulate_estimates(lambda s: mle.gaussian_mle(s)[1], normal, N, 20000, random_state=10)
    unbiased = mle.simulate_estimates(mle.unbiased_variance, normal, N, 20000, random_state=10)
    exact = ((2 * N - 1) / N ** 2 * sigma2 ** 2, 2 / (N - 1) * sigma2 ** 2)
    print(f"{N:3d}   {biased.mean() / sigma2:16.3f}   {(N - 1) / N:7.3f}   {unbiased.mean() / sigma2:16.3f}"
          f"   {mle.mean_squared_error(biased, sigma2):7.2f}   {mle.mean_squared_error(unbiased, sigma2):7.2f}"
          f"   {exact[0]:5.2f}, {exact[1]:5.2f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The likelihood $L(\mathbf{w}) = \prod_i p_\text{model}(\mathbf{x}_i; \mathbf{w})$ is the probability of the
#   observed data as a function of the parameters. It is not a distribution over them (ten tosses
#   with seven heads: area $1/1320$), and for densities it can exceed 1.
# - Maximise $\sum_i \log p_\text{model}(\mathbf{x}_i; \mathbf{w})$ instead: same maximiser, no underflow
#   (1000 probabilities multiply to 0.0), and sums are easy to differentiate.
# - Closed forms: a coin $\hat\phi = h/N$, a die $\hat p_k = n_k/N$, a Gaussian $\hat\mu = \bar x$ and
#   $\hat\sigma^2 = \frac{1}{N}\sum_i (x_i - \bar x)^2$; a numerical optimiser finds the same values.
# - $\operatorname{argmax} L = \operatorname{argmin} \text{NLL} = \operatorname{argmin} H(\hat p_\text{data}, p_\text{model})
#   = \operatorname{argmin} D_\text{KL}(\hat p_\text{data} \| p_\text{model})$: NLL/N is the cross-entropy, which exceeds
#   the KL divergence by the constant $H(\hat p_\text{data})$.
# - Conditional MLE of $p(t \mid \mathbf{x}; \mathbf{w})$ gives the classification loss: for two classes the
#   binary cross-entropy $-\frac{1}{N}\sum_i [t_i\log y_i + (1-t_i)\log(1-y_i)]$, which is the logistic
#   loss of the margin for labels $\pm 1$.
# - If the model is right, the MLE is consistent ($P(\|\mathbf{w}_m - \mathbf{w}_*\| > \varepsilon) \to 0$) and
#   asymptotically efficient (the sample mean attains the Cramér–Rao bound; the median needs about
#   $\pi/2$ times as many data), but it can be biased: $\mathbb{E}[\hat\sigma^2] = \frac{N-1}{N}\sigma^2$.
#
# **Next:** notebook 04 puts $y = \sigma(\mathbf{x}^T\mathbf{w})$ into this loss: logistic regression, trained
# by gradient descent on the negative log-likelihood.
