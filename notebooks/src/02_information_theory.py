# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 02 · Information theory, with the probability it needs
#
# **What you will learn**
#
# - the Bernoulli, categorical and normal distributions, with their means and variances, and the
#   one-hot encoding of categories;
# - self-information, derived from three wishes, and its units, bits and nats;
# - entropy, for discrete and for continuous distributions, and why a uniform distribution has the
#   most of it;
# - cross-entropy, Gibbs' inequality and the Kullback-Leibler divergence, each proved and then
#   checked on thousands of random distributions;
# - why the KL divergence is not symmetric, seen by fitting one Gaussian to two bumps;
# - why the normal distribution is everywhere: the central limit theorem and the principle of
#   maximum entropy.
#
# **What you need**: sums, logarithms and expectations; a little calculus (an integral, a derivative
# set to zero); reading Python and numpy as in notebook 01.
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Cells marked ✏️ are
# exercises: replace the `...` and run the check below it. Sliders redraw at once. All logarithms
# are natural (base $e$) unless a base is written.

# %%
import matplotlib.pyplot as plt
import numpy as np
from scipy import stats
from scipy.integrate import trapezoid

from lecture_utils import plotting
from lecture_utils.exercises import information as exercises
from lecture_utils.information import (binary_entropy, cross_entropy, differential_entropy_on_grid,
                                       entropies_at_fixed_variance, entropy, fit_gaussian_forward_kl,
                                       fit_gaussian_reverse_kl, gaussian_entropy, gaussian_kl,
                                       kl_divergence, kl_divergence_on_grid, self_information)
from lecture_utils.probability import (bernoulli_mean, bernoulli_pmf, bernoulli_variance, categorical_mean,
                                       categorical_pmf, categorical_variance, gaussian_mixture_moments,
                                       gaussian_mixture_pdf, normal_logpdf, normal_pdf, one_hot,
                                       sample_skewness, standardized_sums, sum_skewness)
from lecture_utils.widgets import CLTExplorer, EntropyExplorer, KLAsymmetryExplorer

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The Bernoulli distribution
#
# A **Bernoulli** variable takes two values, $x \in \{0, 1\}$ (tails or heads, wrong or right, class 0
# or class 1). Its single parameter $\varphi \in [0, 1]$ is the probability of a one:
#
# $$P(x) = \varphi^x (1 - \varphi)^{1 - x}.$$
#
# One formula serves both outcomes: for $x = 1$ the second factor is $(1-\varphi)^0 = 1$, leaving
# $\varphi$; for $x = 0$ the first factor is $1$, leaving $1 - \varphi$.
#
# **Mean.** $\mathbb{E}[x] = 0 \cdot (1 - \varphi) + 1 \cdot \varphi = \varphi$.
#
# **Variance.** Because $x \in \{0, 1\}$, $x^2 = x$ and so $\mathbb{E}[x^2] = \varphi$ too. Then
# $\operatorname{Var}(x) = \mathbb{E}[x^2] - \mathbb{E}[x]^2 = \varphi - \varphi^2 = \varphi(1 - \varphi)$.
# Its derivative $1 - 2\varphi$ vanishes at $\varphi = 1/2$: a fair coin is the most variable,
# with variance $1/4$, and a coin that always lands the same way ($\varphi \in \{0, 1\}$) has none.
#
# Checked against 100 000 simulated flips:

# %%
phi = 0.3
print("P(x = 0), P(x = 1):", bernoulli_pmf([0, 1], phi))
flips = (np.random.default_rng(1).random(100_000) < phi).astype(int)
print(f"mean:     formula {bernoulli_mean(phi):.4f}, 100 000 flips {flips.mean():.4f}")
print(f"variance: formula {bernoulli_variance(phi):.4f}, 100 000 flips {flips.var():.4f}")

# %%
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8), width_ratios=(1, 1.6))
plotting.plot_pmf(left, bernoulli_pmf([0, 1], phi))
left.set_title(f"$P(x)$ for $\\varphi = {phi}$")
phis = np.linspace(0, 1, 201)
right.plot(phis, bernoulli_mean(phis), label="mean $\\mathbb{E}[x] = \\varphi$")
right.plot(phis, bernoulli_variance(phis), "--", label="variance $\\varphi(1 - \\varphi)$")
right.plot(0.5, 0.25, "o", color="black", label="largest variance: $1/4$ at $\\varphi = 1/2$")
right.set(xlabel="$\\varphi = P(x = 1)$", title="mean and variance of a Bernoulli variable")
right.legend(loc="upper left")
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The categorical distribution and one-hot vectors
#
# A **categorical** variable takes one of $K$ values $x \in \{0, 1, \dots, K-1\}$ (a die, a word, one
# of $K$ classes). Its parameter is a vector $\mathbf{p} \in [0, 1]^K$ with $\sum_i p_i = 1$, where
# $p_i = P(x = i)$. For $K = 2$ it is the Bernoulli distribution.
#
# It is convenient to write an outcome as a **one-hot** vector: $K$ entries, all zero except a one
# in position $x$,
#
# $$\mathbf{1}_x = \big([i = x]\big)_{i=0}^{K-1} = (0, \dots, 0, 1, 0, \dots, 0).$$
#
# With this code the probability of an outcome, its mean and its variance look like the
# Bernoulli ones:
#
# $$P(\mathbf{x}) = \prod_{i=0}^{K-1} p_i^{x_i}, \qquad \mathbb{E}[x_i] = p_i, \qquad \operatorname{Var}(x_i) = p_i(1 - p_i).$$
#
# The product picks out one factor: every $p_i^{0} = 1$ except $p_x^{1} = p_x$. Each coordinate
# $x_i$ is a Bernoulli variable ("is the outcome $i$?") with $\varphi = p_i$, which gives its mean
# and variance. The coordinates are not independent, though: exactly one of them is 1, so
# $\operatorname{Cov}(x_i, x_j) = \mathbb{E}[x_i x_j] - p_i p_j = -p_i p_j$ for $i \ne j$.
# One-hot vectors come back as the targets of multi-class classifiers (notebook 04).

# %%
p = np.array([0.2, 0.5, 0.3])
codes = one_hot([0, 1, 2], 3)
print("one-hot codes of the outcomes 0, 1, 2:\n", codes)
probabilities = categorical_pmf(codes, p)                # prod_i p_i^x_i for each code
print("P(x) of each code:", probabilities, " equal to p:", np.array_equal(probabilities, p))

draws = one_hot(np.random.default_rng(2).choice(3, size=100_000, p=p), 3)
print("E[x_i]:   formula", categorical_mean(p), "  100 000 draws", draws.mean(axis=0))
print("Var(x_i): formula", categorical_variance(p), "  100 000 draws", draws.var(axis=0))
print(f"Cov(x_0, x_1): formula {-p[0] * p[1]:.4f}, draws {np.cov(draws.T, bias=True)[0, 1]:.4f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The normal distribution
#
# The **normal** (or Gaussian) distribution lives on the real numbers. It has a mean $\mu$ and a
# variance $\sigma^2$, and its density is
#
# $$\mathcal{N}(x; \mu, \sigma^2) = \frac{1}{\sqrt{2\pi\sigma^2}} \exp\left(-\frac{(x - \mu)^2}{2\sigma^2}\right),$$
#
# with the **standard normal** $\mathcal{N}(x; 0, 1) = e^{-x^2/2}/\sqrt{2\pi}$ as the special case. The bell
# is symmetric about $\mu$, and $\sigma$ sets its width: about 68 % of the mass lies within
# $\mu \pm \sigma$ and about 95 % within $\mu \pm 2\sigma$.
#
# A density is not a probability: its *integral* over an interval is. So it may exceed 1. At the
# mean it is $1/(\sigma\sqrt{2\pi})$, which is above 1 once $\sigma < 1/\sqrt{2\pi} \approx 0.399$. Keep
# this in mind for section 6. Below, the integral, mean and variance are computed numerically on a
# fine grid (the trapezoid rule).

# %%
x = np.linspace(-15, 15, 30_001)
for mu, sigma in [(0, 1.0), (2, 0.3), (-1, 2.0)]:
    density = normal_pdf(x, mu, sigma)
    mass, mean = trapezoid(density, x), trapezoid(x * density, x)
    variance = trapezoid((x - mean) ** 2 * density, x)
    print(f"mu = {mu}, sigma = {sigma}: integral {mass:.4f}, mean {round(mean, 4) + 0:.4f}, variance "
          f"{variance:.4f} (sigma^2 = {sigma ** 2:.4f}), density at the mean {normal_pdf(mu, mu, sigma):.4f}")
within = [trapezoid(normal_pdf(x[np.abs(x) <= k]), x[np.abs(x) <= k]) for k in (1, 2)]  # x holds +-1, +-2
print(f"mass within 1 sigma {within[0]:.4f}, within 2 sigma {within[1]:.4f}")

# %%
fig, ax = plt.subplots(figsize=(7, 3.8))
x_plot = np.linspace(-6, 6, 601)
for (mu, sigma), style in zip([(0, 1.0), (2, 0.3), (-1, 2.0)], ["-", "--", "-."]):
    ax.plot(x_plot, normal_pdf(x_plot, mu, sigma), style, label=f"$\\mu = {mu}$, $\\sigma = {sigma}$")
ax.set(xlabel="$x$", ylabel="density $\\mathcal{N}(x; \\mu, \\sigma^2)$",
       title="normal densities: a narrow one rises above 1")
ax.legend()
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Self-information: how surprising is an outcome?
#
# We want a number $I(x)$ for the **surprise** of seeing an outcome $x$ of probability $P(x)$.
# Three wishes pin it down:
#
# 1. an outcome that is certain carries no surprise: $P(x) = 1 \Rightarrow I(x) = 0$;
# 2. the rarer an outcome, the more surprising: $I$ decreases as $P(x)$ grows;
# 3. the surprises of independent outcomes add up: if $P(x, y) = P(x)P(y)$ then $I(x, y) = I(x) + I(y)$.
#
# **Derivation.** Write $I(x) = f(P(x))$. Wish 3 says $f(pq) = f(p) + f(q)$ for all $p, q \in (0, 1]$.
# Substitute $p = e^{-s}$, $q = e^{-t}$ and $g(t) = f(e^{-t})$ for $s, t \ge 0$: then
# $g(s + t) = g(s) + g(t)$. A monotone function with this property is linear (first for whole
# multiples, $g(nt) = n\,g(t)$, then for fractions, then for all $t$ by monotonicity): $g(t) = c\,t$.
# Back in terms of $p = e^{-t}$, $f(p) = -c\log p$, and wish 2 needs $c > 0$. Wish 1 holds since
# $\log 1 = 0$. So
#
# $$I(x) = -\log P(x) = \log\frac{1}{P(x)}.$$
#
# **Units.** The constant $c$ is a choice of unit, the same as a choice of base for the logarithm:
# with $\log_2$ the unit is the **bit** (one flip of a fair coin carries $-\log_2 \frac12 = 1$ bit),
# with the natural $\log$ it is the **nat**. Since $\log_2 p = \ln p / \ln 2$, one bit is
# $\ln 2 \approx 0.6931$ nats and one nat is $1/\ln 2 \approx 1.4427$ bits. As in the lecture, we use
# nats from here on unless we say bits.

# %%
print(f"a certain outcome: I = {self_information(1.0):.4f}")
print(f"one side of a fair coin: {self_information(0.5, base=2):.4f} bit = {self_information(0.5):.4f} nats")
p_six, p_heads = 1 / 6, 1 / 2                       # a six on a die and heads on a coin: independent
together = self_information(p_six * p_heads, base=2)
apart = self_information(p_six, base=2) + self_information(p_heads, base=2)
print(f"I(six and heads) = {together:.4f} bits, I(six) + I(heads) = {apart:.4f} bits, "
      f"equal: {abs(together - apart) < 1e-12}")
probabilities = np.linspace(0.01, 1, 100)
ratio = self_information(probabilities, base=2)[:-1] / self_information(probabilities)[:-1]
print(f"bits / nats = 1 / ln 2 = {1 / np.log(2):.4f} for every p: {np.allclose(ratio, 1 / np.log(2), rtol=1e-12)}")

# %%
fig, ax = plt.subplots(figsize=(7, 3.8))
p_grid = np.linspace(0.005, 1, 400)
ax.plot(p_grid, self_information(p_grid, base=2), label="in bits, $-\\log_2 P(x)$")
ax.plot(p_grid, self_information(p_grid), "--", label="in nats, $-\\ln P(x)$")
ax.plot([0.5, 1], [1, 0], "o", color="black", label="fair coin: 1 bit; certain: 0")
ax.set(xlabel="$P(x)$", ylabel="surprise $I(x)$", ylim=(0, 6),
       title="self-information: rare outcomes surprise more")
ax.legend()
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Entropy
#
# The **entropy** of a distribution is its expected surprise:
#
# $$H(P) = \mathbb{E}_{x \sim P}[I(x)] = -\mathbb{E}_{x \sim P}[\log P(x)] = -\sum_x P(x) \log P(x).$$
#
# An outcome with $P(x) = 0$ never happens and should contribute nothing. Its term $0 \log 0$ is
# undefined, but $\lim_{t \to 0^+} t \log t = 0$ (write $t\log t = \log t / (1/t)$ and apply
# l'Hôpital: $(1/t) / (-1/t^2) = -t \to 0$), so we set $0 \log 0 = 0$.
#
# Examples, in bits: a fair coin has $H = 1$; a certain outcome has $H = 0$; and
# $P = (\frac12, \frac14, \frac18, \frac18)$ has $H = \frac12 \cdot 1 + \frac14 \cdot 2 + 2 \cdot \frac18 \cdot 3 = 1.75$ bits.
# That last number is also the average number of yes/no questions needed to find the outcome when
# the questions are asked in order of probability ("is it 0?", "is it 1?", "is it 2?"): one question
# half the time, two a quarter of the time, three otherwise. Entropy in bits counts questions.
#
# For a Bernoulli variable the entropy is a function of $\varphi$ alone,
#
# $$H(\varphi) = -\varphi \log \varphi - (1 - \varphi) \log (1 - \varphi),$$
#
# zero at $\varphi \in \{0, 1\}$ and largest, 1 bit, for the fair coin. More generally, with $n$
# outcomes $H(P) \le \log n$, reached only by the uniform distribution (proved in section 7).

# %%
t = np.array([1e-2, 1e-4, 1e-8, 1e-16])
print("t log t as t -> 0:", ", ".join(f"{value:.1e}" for value in t * np.log(t)))
examples = {"fair coin": [0.5, 0.5], "certain": [0.0, 1.0], "1/2, 1/4, 1/8, 1/8": [0.5, 0.25, 0.125, 0.125]}
for name, dist in examples.items():
    print(f"{name:>18}: H = {entropy(dist, base=2):.4f} bits = {entropy(dist):.4f} nats "
          f"(scipy: {stats.entropy(dist):.4f} nats)")

rng = np.random.default_rng(3)
for n in (2, 5, 20):
    random_dists = rng.dirichlet(np.ones(n), size=10_000)
    print(f"n = {n:2d}: largest H of 10 000 random distributions {entropy(random_dists).max():.4f} "
          f"<= log n = {np.log(n):.4f}; uniform: {entropy(np.full(n, 1 / n)):.4f}")

# %%
fig, ax = plt.subplots(figsize=(7, 3.8))
phis = np.linspace(0, 1, 401)
ax.plot(phis, binary_entropy(phis, base=2), label="$H(\\varphi)$ in bits")
ax.plot(phis, binary_entropy(phis), "--", label="$H(\\varphi)$ in nats")
ax.axhline(1, color="grey", linewidth=0.8)
ax.set(xlabel="$\\varphi = P(x = 1)$", ylabel="entropy",
       title="entropy of a Bernoulli variable: largest for a fair coin")
ax.legend(loc="lower center")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Explore.** Shape a distribution over four outcomes with the sliders (each sets a weight; the
# weights are divided by their sum). Over each bar is the surprise $-\log_2 P(x)$ of that outcome; the
# right panel is the entropy, their average, in bits on the left scale and nats on the right one.
# Try to push it above the dashed line $\log_2 4 = 2$ bits, press **Uniform** to reach it, and move all
# the weight onto one outcome to bring it to zero.

# %%
explorer = EntropyExplorer(weights=[4, 2, 1, 1])
explorer

# %% [markdown]
# The same widget driven from code:

# %%
for weights in ([1, 1, 1, 1], [9, 1, 0, 0], [0, 0, 5, 0]):
    explorer.set_weights(weights)
    print(explorer.status)
explorer.reset()
print(explorer.status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1: an entropy in bits
#
# What is the entropy, in bits, of $P = (\frac14, \frac14, \frac14, \frac18, \frac18)$? Work it out by hand
# (the logarithms are whole numbers), then type it. Check it with the widget afterwards: it has four
# outcomes, so try a five-outcome one, `EntropyExplorer([2, 2, 2, 1, 1])`.

# %%
H_answer = ...        # in bits
exercises.check_entropy_bits([1/4, 1/4, 1/4, 1/8, 1/8], H_answer)

# %% jupyter={"source_hidden": true}
# Solution: three outcomes of surprise log2(4) = 2 bits, two of log2(8) = 3 bits:
# H = 3 * 1/4 * 2 + 2 * 1/8 * 3 = 1.5 + 0.75 = 2.25 bits
exercises.check_entropy_bits([1/4, 1/4, 1/4, 1/8, 1/8], 2.25)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Differential entropy
#
# For a density $p$ the sum becomes an integral, the **differential entropy**
#
# $$H(p) = -\int p(x) \log p(x)\, \mathrm{d}x.$$
#
# **The normal distribution.** $-\log \mathcal{N}(x; \mu, \sigma^2) = \frac12\log(2\pi\sigma^2) + \frac{(x-\mu)^2}{2\sigma^2}$.
# Take the expectation under the same normal, where $\mathbb{E}[(x-\mu)^2] = \sigma^2$:
#
# $$H(\mathcal{N}(\mu, \sigma^2)) = \tfrac12\log(2\pi\sigma^2) + \tfrac12 = \tfrac12 \log(2\pi e \sigma^2).$$
#
# It does not depend on $\mu$: moving a density does not change how spread out it is.
#
# **It can be negative.** $\frac12\log(2\pi e\sigma^2) < 0$ exactly when $\sigma < 1/\sqrt{2\pi e} \approx 0.2420$.
# No discrete entropy is ever negative, but a narrow density exceeds 1 (section 3), so its
# "surprise" $-\log p(x)$ is negative where the mass is.
#
# **It is not the limit of discrete entropies.** Cut the line into bins of width $\Delta$: bin $i$ has
# probability $P_i \approx p(x_i)\Delta$, so
# $-\sum_i P_i \log P_i \approx -\sum_i p(x_i)\Delta \log p(x_i) - \log\Delta \sum_i p(x_i)\Delta \approx H(p) - \log \Delta$,
# which grows without bound as $\Delta \to 0$ (pinning down a real number exactly takes infinitely many
# questions). The differential entropy is what is left after removing $-\log\Delta$, so only differences
# of differential entropies, and the divergences below, keep the meaning of the discrete ones.

# %%
x = np.linspace(-20, 20, 40_001)
print("sigma    formula   on the grid  scipy")
for sigma in [0.1, 0.5, 1.0, 3.0]:
    on_grid = differential_entropy_on_grid(normal_pdf(x, 0, sigma), x)
    print(f"{sigma:.4f}  {gaussian_entropy(sigma):+.4f}   {on_grid:+.4f}      {stats.norm(0, sigma).entropy():+.4f}")
sigma_zero = 1 / np.sqrt(2 * np.pi * np.e)
print(f"sigma = 1 / sqrt(2 pi e) = {sigma_zero:.4f}: H = 0 up to rounding: "
      f"{abs(gaussian_entropy(sigma_zero)) < 1e-12}")

print(f"\nbins of width Delta on N(0, 1): discrete entropy + log Delta -> H(N(0, 1)) = {gaussian_entropy(1.0):.4f}")
for delta in [1.0, 0.1, 0.01]:
    edges = np.arange(-12, 12 + delta / 2, delta)
    bins = np.diff(stats.norm.cdf(edges))                 # the probability of each bin
    h_bins = entropy(bins / bins.sum())
    print(f"Delta = {delta:5.2f}: discrete entropy {h_bins:.4f}, plus log Delta {h_bins + np.log(delta):.4f}")

# %%
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8))
sigmas = np.linspace(0.05, 3, 300)
left.plot(sigmas, gaussian_entropy(sigmas), label="$\\frac{1}{2}\\log(2\\pi e \\sigma^2)$")
left.axhline(0, color="grey", linewidth=0.8)
left.plot(sigma_zero, 0, "o", color="black", label="zero at $\\sigma = 1/\\sqrt{2\\pi e} \\approx 0.242$")
left.set(xlabel="$\\sigma$", ylabel="$H$ in nats", title="differential entropy of $\\mathcal{N}(0, \\sigma^2)$")
left.legend(loc="lower right")
x_plot = np.linspace(-0.5, 0.5, 501)
right.plot(x_plot, normal_pdf(x_plot, 0, 0.1),
           label=f"$p = \\mathcal{{N}}(0, 0.1^2)$: $H = {gaussian_entropy(0.1):.2f}$ nats")
right.plot(x_plot, -np.log(normal_pdf(x_plot, 0, 0.1)), "--", label="surprise $-\\log p(x)$")
right.axhline(0, color="grey", linewidth=0.8)
right.set(xlabel="$x$", ylim=(-3.5, 6), title="a narrow density: negative surprise where its mass is")
right.legend(loc="lower left", fontsize="small")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2: the entropy of a narrow Gaussian
#
# What is the differential entropy, in nats, of $\mathcal{N}(5, 0.1^2)$ (mean 5, standard deviation 0.1)?

# %%
H_gauss_answer = ...  # in nats
exercises.check_gaussian_entropy(sigma=0.1, answer=H_gauss_answer)

# %% jupyter={"source_hidden": true}
# Solution: the mean does not matter; 1/2 log(2 pi e 0.01) = 1.4189 + log(0.1) = 1.4189 - 2.3026
exercises.check_gaussian_entropy(sigma=0.1, answer=0.5 * np.log(2 * np.pi * np.e * 0.1 ** 2))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Cross-entropy and Gibbs' inequality
#
# Suppose the outcomes come from $P$ but we judge their surprise with another distribution $Q$ (a
# model of $P$, say). The average surprise is then the **cross-entropy**
#
# $$H(P, Q) = -\mathbb{E}_{x \sim P}[\log Q(x)] = -\sum_x P(x) \log Q(x).$$
#
# **It is the classification loss.** For a training example of class $t$ the "true" distribution is
# the one-hot $P = \mathbf{1}_t$ and the model predicts probabilities $\hat{\mathbf{y}}$; then
# $H(\mathbf{1}_t, \hat{\mathbf{y}}) = -\log \hat y_t$: the surprise of the model at the right answer.
# With two classes, $y \in \{0, 1\}$ and $\hat y = P(y = 1)$, this is the **log loss** or binary
# cross-entropy $-[y\log\hat y + (1 - y)\log(1 - \hat y)]$, and with $K$ classes $-\sum_k y_k \log \hat y_k$
# (notebooks 03 and 04 minimise it). Lecture 001 tabulates the log loss; here it is recomputed:

# %%
y_hat = np.arange(1, 10) / 10                                   # the model's P(y = 1)
predictions = np.column_stack([1 - y_hat, y_hat])               # (P(y = 0), P(y = 1)) for each
loss_if_0 = cross_entropy(one_hot(0, 2), predictions)           # the target is the one-hot code
loss_if_1 = cross_entropy(one_hot(1, 2), predictions)
lecture_0 = [0.11, 0.22, 0.36, 0.51, 0.69, 0.92, 1.20, 1.61, 2.30]  # lecture 001's table
lecture_1 = [2.30, 1.61, 1.20, 0.92, 0.69, 0.51, 0.36, 0.22, 0.11]
print("y_hat  ", y_hat)
for y, loss, lecture in [(0, loss_if_0, lecture_0), (1, loss_if_1, lecture_1)]:
    print(f"y = {y}  ", np.round(loss, 2), " as in the lecture:", np.array_equal(np.round(loss, 2), lecture))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Gibbs' inequality.** $H(P, Q) \ge H(P)$, with equality only if $Q = P$: describing $P$'s outcomes
# with any other distribution makes them more surprising on average.
#
# *Proof.* It rests on one fact: $\log t \le t - 1$ for all $t > 0$, with equality only at $t = 1$ (the
# concave $\log$ lies below its tangent at $t = 1$; see the figure). Sum over the outcomes with
# $P(x) > 0$ and use it with $t = Q(x)/P(x)$:
#
# $$H(P) - H(P, Q) = \sum_{x: P(x) > 0} P(x) \log \frac{Q(x)}{P(x)} \le \sum_{x: P(x) > 0} P(x) \left(\frac{Q(x)}{P(x)} - 1\right) = \sum_{x: P(x) > 0} Q(x) - 1 \le 0.$$
#
# Equality needs $Q(x) / P(x) = 1$ wherever $P(x) > 0$, and no mass of $Q$ elsewhere: $Q = P$. $\square$
# (Outcomes with $P(x) = 0$ are left out because $0 \log 0 = 0$; if $Q(x) = 0 < P(x)$ somewhere, $H(P, Q) = \infty$
# and there is nothing to prove.)

# %%
fig, ax = plt.subplots(figsize=(6.4, 3.8))
t = np.linspace(0.05, 3, 300)
ax.plot(t, t - 1, "--", label="$t - 1$")
ax.plot(t, np.log(t), label="$\\log t$")
ax.plot(1, 0, "o", color="black", label="equal only at $t = 1$")
ax.set(xlabel="$t$", ylim=(-3, 2), title="$\\log t \\leq t - 1$: the tangent at 1 lies above")
ax.legend()
plt.show()
t_fine = np.linspace(1e-6, 100, 1_000_001)
print("log t <= t - 1 on a million points in (0, 100]:", bool(np.all(np.log(t_fine) <= t_fine - 1)))

# %% [markdown]
# Now the inequality on 10 000 random pairs of distributions over 6 outcomes, a fifth of them with
# some outcomes of probability zero in $P$:

# %%
rng = np.random.default_rng(4)
P, Q = rng.dirichlet(np.ones(6), size=10_000), rng.dirichlet(np.ones(6), size=10_000)
P[:2000, :2] = 0.0                                         # zeros in P: 0 log 0 = 0
P /= P.sum(axis=1, keepdims=True)
gap = cross_entropy(P, Q) - entropy(P)                     # H(P, Q) - H(P), one per pair
print(f"H(P, Q) >= H(P) for all 10 000 pairs: {bool(np.all(gap >= 0))}; smallest gap {gap.min():.4f} nats")
print("equality at Q = P:", np.allclose(cross_entropy(P, P), entropy(P), rtol=1e-12, atol=1e-15))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Corollary: $H(P) \le \log n$.** Take $Q$ uniform over the $n$ outcomes, $Q(x) = 1/n$. Then
# $H(P) \le H(P, Q) = -\sum_x P(x) \log\frac1n = \log n$, with equality only for $P = Q$, the uniform
# distribution. This is the bound the widget of section 5 shows.
#
# **Not symmetric.** In general $H(P, Q) \ne H(Q, P)$: the first argument weights the terms, the
# second is inside the logarithm.

# %%
uniform = np.full(6, 1 / 6)
print(f"H(P, uniform) = log 6 = {np.log(6):.4f} for every P:",
      np.allclose(cross_entropy(P, uniform), np.log(6), rtol=1e-12))
print(f"largest H(P) of the 10 000: {entropy(P).max():.4f} <= log 6")
p_ex, q_ex = np.array([0.7, 0.2, 0.1]), np.array([0.1, 0.3, 0.6])
print(f"P = {p_ex}, Q = {q_ex}: H(P, Q) = {cross_entropy(p_ex, q_ex):.4f}, "
      f"H(Q, P) = {cross_entropy(q_ex, p_ex):.4f} nats")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3: cross-entropy both ways
#
# For $P = (\frac12, \frac14, \frac14)$ and $Q = (\frac18, \frac18, \frac34)$, compute $H(P, Q)$ and $H(Q, P)$
# in bits. (One of them needs $\log_2 3$; use `np.log2`.)

# %%
H_PQ_answer, H_QP_answer = ..., ...    # in bits
exercises.check_cross_entropies([1/2, 1/4, 1/4], [1/8, 1/8, 3/4], H_PQ_answer, H_QP_answer)

# %% jupyter={"source_hidden": true}
# Solution: H(P, Q) = 1/2 * 3 + 1/4 * 3 + 1/4 * log2(4/3);  H(Q, P) = 1/8 * 1 + 1/8 * 2 + 3/4 * 2 = 1.875
exercises.check_cross_entropies([1/2, 1/4, 1/4], [1/8, 1/8, 3/4], 2.25 + 0.25 * np.log2(4 / 3), 1.875)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. The Kullback-Leibler divergence
#
# The extra surprise caused by using $Q$ instead of $P$ is the **Kullback-Leibler divergence**, also
# called the **relative entropy**:
#
# $$D_\mathrm{KL}(P \,\|\, Q) = H(P, Q) - H(P) = \mathbb{E}_{x \sim P}[\log P(x) - \log Q(x)] = \sum_x P(x) \log\frac{P(x)}{Q(x)}.$$
#
# Its properties follow from the previous section:
#
# - $D_\mathrm{KL}(P \| Q) \ge 0$, and $= 0$ only if $P = Q$: this is Gibbs' inequality rewritten;
# - it is **not symmetric**, $D_\mathrm{KL}(P \| Q) \ne D_\mathrm{KL}(Q \| P)$ in general, so it is not a distance;
# - it is infinite when $Q(x) = 0 < P(x)$: a model that rules out something that happens is infinitely wrong.
#
# Because $H(P)$ does not depend on $Q$, minimising the cross-entropy $H(P, Q)$ over models $Q$ is
# the same as minimising $D_\mathrm{KL}(P \| Q)$: that is how maximum likelihood (notebook 03) fits a model
# to data.

# %%
kl = kl_divergence(P, Q)                                   # the 10 000 pairs of section 7
decomposition = cross_entropy(P, Q) - entropy(P)
print("KL(P||Q) = H(P, Q) - H(P) for all pairs:", bool(np.all(np.abs(kl - decomposition) < 1e-12)))
print("matches scipy.stats.entropy(P, Q):    ", np.allclose(kl, stats.entropy(P, Q, axis=1), rtol=1e-12))
print(f"KL >= 0: {bool(np.all(kl >= 0))};  KL(P||P) = 0 for all: {bool(np.all(kl_divergence(P, P) == 0))}")
print(f"P = {p_ex}, Q = {q_ex}: KL(P||Q) = {kl_divergence(p_ex, q_ex):.4f}, "
      f"KL(Q||P) = {kl_divergence(q_ex, p_ex):.4f} nats")
print(f"Q misses an outcome of P: KL = {kl_divergence([0.5, 0.5], [1.0, 0.0])}; "
      f"the other way round: {kl_divergence([1.0, 0.0], [0.5, 0.5]):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4: the divergence both ways
#
# For the same $P = (\frac12, \frac14, \frac14)$ and $Q = (\frac18, \frac18, \frac34)$ as in exercise 3,
# compute $D_\mathrm{KL}(P \| Q)$ and $D_\mathrm{KL}(Q \| P)$ in bits. Which is larger? (Reuse your
# cross-entropies.)

# %%
KL_PQ_answer, KL_QP_answer = ..., ...  # in bits
exercises.check_kl_divergences([1/2, 1/4, 1/4], [1/8, 1/8, 3/4], KL_PQ_answer, KL_QP_answer)

# %% jupyter={"source_hidden": true}
# Solution: subtract the entropy of the first argument from the cross-entropy
P_ex, Q_ex = np.array([1/2, 1/4, 1/4]), np.array([1/8, 1/8, 3/4])
exercises.check_kl_divergences(P_ex, Q_ex, cross_entropy(P_ex, Q_ex, base=2) - entropy(P_ex, base=2),
                               cross_entropy(Q_ex, P_ex, base=2) - entropy(Q_ex, base=2))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. The asymmetry in a picture: one Gaussian for two bumps
#
# Let $p$ be a mixture of two normal densities, $p(x) = \frac12\mathcal{N}(x; -\frac d2, 1) + \frac12\mathcal{N}(x; \frac d2, 1)$,
# and approximate it by a single Gaussian $q = \mathcal{N}(\mu, \sigma^2)$. Which $q$ is best depends on
# the direction of the divergence. (The definitions carry over to densities with integrals.)
#
# **Forward, $\min_q D_\mathrm{KL}(p \| q)$.** $D_\mathrm{KL}(p\|q) = -H(p) - \mathbb{E}_p[\log q(x)]$, and only the second term
# depends on $q$:
# $-\mathbb{E}_p[\log q(x)] = \frac12\log(2\pi\sigma^2) + \mathbb{E}_p[(x - \mu)^2]/(2\sigma^2)$.
# Its derivative in $\mu$ vanishes at $\mu = \mathbb{E}_p[x]$, and then its derivative in $\sigma$,
# $1/\sigma - \operatorname{Var}_p(x)/\sigma^3$, vanishes at $\sigma^2 = \operatorname{Var}_p(x)$: the best $q$
# **matches the mean and variance** of $p$. The average is over $p$, and $\log(p/q)$ explodes wherever
# $p$ has mass that $q$ lacks, so $q$ must **cover all the mass** of $p$, gap included.
#
# **Reverse, $\min_q D_\mathrm{KL}(q \| p) = \mathbb{E}_q[\log q(x) - \log p(x)]$.** Now the average is over $q$:
# $q$ is punished for putting mass where $p$ is small (in the gap between the bumps), and not for
# ignoring a bump. For bumps far enough apart the best $q$ **sits on one of them** (it is
# **mode-seeking**). There is no closed form; `fit_gaussian_reverse_kl` minimises numerically from a
# start at each bump and keeps the best.
#
# The lecture shows this picture (after Goodfellow et al., *Deep Learning*, fig. 3.6). First the
# numbers for $d = 6$, checked: the forward fit against the moments of the mixture, the reverse fit
# against a brute-force search over a grid of $(\mu, \sigma)$, and the divergence between two Gaussians
# on the grid against its closed form
# $D_\mathrm{KL}(\mathcal{N}(\mu_1, \sigma_1^2) \| \mathcal{N}(\mu_2, \sigma_2^2)) = \log\frac{\sigma_2}{\sigma_1} + \frac{\sigma_1^2 + (\mu_1 - \mu_2)^2}{2\sigma_2^2} - \frac12$.

# %%
x = np.linspace(-12, 12, 481)
d = 6.0
p_mix = gaussian_mixture_pdf(x, [0.5, 0.5], [-d / 2, d / 2], [1.0, 1.0])
mean, variance = gaussian_mixture_moments([0.5, 0.5], [-d / 2, d / 2], [1.0, 1.0])
mu_f, sigma_f = fit_gaussian_forward_kl(p_mix, x)
mu_r, sigma_r = fit_gaussian_reverse_kl(p_mix, x)
print(f"forward fit N({round(mu_f, 4) + 0:.4f}, {sigma_f:.4f}^2); the mixture's mean {round(mean, 4) + 0:.4f} "
      f"and sd {np.sqrt(variance):.4f} (= sqrt(1 + d^2/4) = {np.sqrt(1 + d ** 2 / 4):.4f})")

mus, sigmas = np.linspace(-5, 5, 101)[:, None, None], np.linspace(0.5, 4, 71)[None, :, None]
reverse_kl = kl_divergence_on_grid(normal_pdf(x, mus, sigmas), p_mix, x)     # KL(q || p) for every (mu, sigma)
i, j = np.unravel_index(np.argmin(reverse_kl), reverse_kl.shape)   # one of two mirror images: the bumps tie
fit_kl = kl_divergence_on_grid(normal_pdf(x, mu_r, sigma_r), p_mix, x)
print(f"reverse fit N({mu_r:.3f}, {sigma_r:.3f}^2): KL(q||p) = {fit_kl:.4f}")
print(f"brute force over {reverse_kl.size} Gaussians: N(+-{abs(mus[i, 0, 0]):.2f}, {sigmas[0, j, 0]:.2f}^2): "
      f"KL(q||p) = {reverse_kl.min():.4f}")
print(f"KL(N(0, 1) || N(1, 2^2)): closed form {gaussian_kl(0, 1, 1, 2):.6f}, on the grid "
      f"{kl_divergence_on_grid(normal_pdf(x, 0, 1), normal_pdf(x, 1, 2), x):.6f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Explore.** The slider moves the two bumps apart ($d$ is the distance between their means); both
# fits are recomputed. Each panel lists both divergences of its fit, the one it minimises first:
# each fit is the better one only by its own measure. Watch the reverse fit stay in the middle while
# the bumps overlap, then jump onto one bump (the left one, of two equally good) once the gap between
# them is deep enough: between $d = 5.5$ and $d = 5.75$ the best fit leaps from the middle to a bump
# instead of sliding there.

# %%
kl_explorer = KLAsymmetryExplorer(separation=6.0)
kl_explorer

# %%
for separation in [0.0, 2.0, 4.0, 5.0, 8.0]:
    kl_explorer.slider.value = separation
    print(kl_explorer.status)
kl_explorer.slider.value = 6.0

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. Why the normal distribution?
#
# Two reasons make the normal distribution the default model of a real-valued quantity.
#
# **The central limit theorem.** Let $x_1, x_2, \dots$ be independent draws of one distribution with
# mean $\mu$ and finite variance $\sigma^2$, and $S_n = x_1 + \dots + x_n$. Means and variances of independent
# variables add, so $S_n$ has mean $n\mu$ and variance $n\sigma^2$, and the standardised sum
#
# $$Z_n = \frac{S_n - n\mu}{\sqrt{n}\,\sigma}$$
#
# has mean 0 and variance 1 for every $n$. The theorem says more: the *distribution* of $Z_n$ tends to
# $\mathcal{N}(0, 1)$, whatever the distribution of the draws. The third central moments of independent
# variables add too, so the skewness of $Z_n$ is $\gamma_1/\sqrt{n}$ (with $\gamma_1$ that of one draw): the
# asymmetry fades like $1/\sqrt{n}$. Below, exponential draws (rate 1: $\mu = \sigma = 1$, skewness
# $\gamma_1 = 2$), 20 000 sums for each $n$; the last column is the Kolmogorov-Smirnov distance, the largest
# gap between the distribution function of the $Z_n$ and that of $\mathcal{N}(0, 1)$.

# %%
print("   n     mean  variance  skewness (exact)  distance to N(0, 1)")
for n in [1, 2, 5, 20, 100, 1000]:
    z = standardized_sums("exponential", n, 20_000, random_state=5)
    exact_skewness, distance = sum_skewness("exponential", n), stats.kstest(z, "norm").statistic
    print(f"{n:4d}  {z.mean():+.4f}  {z.var():7.3f}  {sample_skewness(z):8.3f} ({exact_skewness:.3f})  {distance:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Explore.** Move $n$ (or press play) and watch the histogram of the standardised sums lose its
# skew and settle on the normal density.

# %%
clt = CLTExplorer(n=1)
clt

# %%
for n in [1, 5, 30, 100]:
    clt.slider.value = n
    print(clt.status)
clt.slider.value = 1

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The principle of maximum entropy.** Among all distributions that satisfy what we know (the
# constraints), pick the one of largest entropy: it assumes nothing more than the constraints. If we
# know a mean and a variance, that distribution is the normal one.
#
# *Proof with Gibbs' inequality.* Gibbs' inequality holds for densities by the same argument, with
# integrals. Let $p$ have mean $\mu$ and variance $\sigma^2$, and let $q = \mathcal{N}(\mu, \sigma^2)$. Then
#
# $$H(p) \le H(p, q) = \mathbb{E}_p\left[\tfrac12\log(2\pi\sigma^2) + \frac{(x-\mu)^2}{2\sigma^2}\right] = \tfrac12\log(2\pi\sigma^2) + \tfrac12 = H(q),$$
#
# with equality only for $p = q$. The key step: the cross-entropy with a Gaussian depends on $p$
# only through its variance, which is fixed. (The lecture cites a variational proof, by the
# calculus of variations; this one needs nothing beyond section 7.)
#
# Checked for five distributions scaled to variance 1: each entropy against scipy, each
# cross-entropy with $\mathcal{N}(0, 1)$ by numerical integration (all equal $H(\mathcal{N}(0, 1)) = \frac12\log(2\pi e) \approx 1.4189$),
# and the normal on top.

# %%
unit_variance = {"normal": stats.norm(0, 1), "logistic": stats.logistic(0, np.sqrt(3) / np.pi),  # scaled to variance 1
                 "triangular": stats.triang(0.5, -np.sqrt(6), 2 * np.sqrt(6)),
                 "laplace": stats.laplace(0, 1 / np.sqrt(2)),
                 "uniform": stats.uniform(-np.sqrt(3), 2 * np.sqrt(3))}
print("distribution  variance  entropy  scipy   H(p, N(0, 1))")
for name, value in entropies_at_fixed_variance(1.0).items():
    dist = unit_variance[name]
    cross = dist.expect(lambda t: -normal_logpdf(t))           # -E_p[log N(x; 0, 1)], by quadrature
    print(f"{name:>12}  {dist.var():8.4f}  {value:.4f}  {dist.entropy():.4f}  {cross:.4f}")
entropies = entropies_at_fixed_variance(1.0)
print("the normal has the largest entropy:", max(entropies, key=entropies.get) == "normal")

# %%
fig, ax = plt.subplots(figsize=(8, 4))
x_plot = np.linspace(-3.5, 3.5, 701)
for (name, value), style in zip(entropies_at_fixed_variance(1.0).items(), ["-", "--", "-.", ":", "-"]):
    ax.plot(x_plot, unit_variance[name].pdf(x_plot), style, label=f"{name}: $H = {value:.4f}$")
ax.set(xlabel="$x$", ylabel="density", ylim=(0, 0.85),
       title="five distributions of variance 1: the normal has the most entropy")
ax.legend(loc="upper right", title="entropy in nats")
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A Bernoulli variable has $P(x) = \varphi^x(1-\varphi)^{1-x}$, mean $\varphi$ and variance $\varphi(1-\varphi)$; a
#   categorical one, written one-hot, has $P(\mathbf{x}) = \prod_i p_i^{x_i}$ and each coordinate is Bernoulli
#   with $\varphi = p_i$; the normal density is $\exp(-(x-\mu)^2/(2\sigma^2))/\sqrt{2\pi\sigma^2}$.
# - The surprise of an outcome is $I(x) = -\log P(x)$, forced by three wishes; the base is the unit
#   (bits for $\log_2$, nats for $\ln$; 1 bit $= \ln 2$ nats).
# - Entropy $H(P) = -\sum_x P(x)\log P(x)$ is the average surprise, between 0 and $\log n$; the
#   differential entropy $\frac12\log(2\pi e\sigma^2)$ of a Gaussian is negative for $\sigma < 0.242$.
# - Cross-entropy $H(P, Q) = -\sum_x P(x) \log Q(x)$ is the classification loss; Gibbs' inequality
#   $H(P, Q) \ge H(P)$ follows from $\log t \le t - 1$.
# - $D_\mathrm{KL}(P\|Q) = H(P, Q) - H(P) \ge 0$, zero only for $P = Q$, and not symmetric: fitting one
#   Gaussian to two bumps, the forward divergence covers both and the reverse one picks one.
# - The normal distribution is the limit of standardised sums (central limit theorem) and the
#   maximum-entropy distribution for a given variance.
#
# **Next:** notebook 03 fits models to data by maximum likelihood, which is minimising the
# cross-entropy $H(\hat p_\mathrm{data}, p_\mathrm{model})$, the same as minimising $D_\mathrm{KL}(\hat p_\mathrm{data} \| p_\mathrm{model})$.
