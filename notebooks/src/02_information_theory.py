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
# - how many yes/no questions it takes to find an outcome: the entropy in bits, up to one question,
#   and exactly in the long run (Huffman's code);
# - cross-entropy, Gibbs' inequality and the Kullback-Leibler divergence, each proved and then
#   checked on thousands of random distributions;
# - why the KL divergence is not symmetric, seen by fitting one Gaussian to two bumps;
# - why the normal distribution is everywhere: the central limit theorem and the principle of
#   maximum entropy;
# - two variables at once: joint and conditional entropy, the chain rule, and mutual information,
#   the information one variable carries about another (checked against scikit-learn).

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What you need**: sums, logarithms and expectations; a little calculus (an integral, a derivative
# set to zero); reading Python and numpy as in notebook 01.
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
# **Sources and notation**: the notebook follows Straka, NPFL129 lecture 3, which covers these
# distributions, information theory, the central limit theorem and maximum entropy (the other lectures
# of the course meet only the log loss of section 7); where its slides slip, the box before the Summary
# says so. The course uses one notation throughout, listed in [the notation table](NOTATION.md). Here
# $x$ is an outcome, $P, Q$ are distributions (lower case $p, q$ for densities) and $t$ is a target
# (a class label). All logarithms are natural (base $e$, nats) unless a base is written.

# %% slideshow={"slide_type": "subslide"}
import lecture_utils  # the course's package: if it is older than this notebook needs, say how to update it
assert hasattr(lecture_utils, "require"), "lecture_utils is older than 0.2: update it as the README's 'Updating the course' says"
lecture_utils.require("0.2")
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import display
from scipy import stats
from scipy.integrate import quad, trapezoid

from lecture_utils import plotting
from lecture_utils.exercises import information as exercises
from lecture_utils.datasets import load_play_tennis
from lecture_utils.information import (binary_entropy, conditional_entropy, cross_entropy,
                                       differential_entropy_on_grid, entropies_at_fixed_variance, entropy,
                                       fit_gaussian_forward_kl, fit_gaussian_reverse_kl, gaussian_entropy,
                                       gaussian_kl, huffman_code_lengths, joint_distribution, joint_entropy,
                                       kl_divergence, kl_divergence_on_grid, mutual_information,
                                       self_information)
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
# or class 1). Its single parameter $\phi \in [0, 1]$ is the probability of a one:
#
# $$P(x) = \phi^x (1 - \phi)^{1 - x}.$$
#
# One formula serves both outcomes: for $x = 1$ it leaves $\phi$, for $x = 0$ it leaves $1 - \phi$.
#
# **Mean.** $\mathbb{E}[x] = 0 \cdot (1 - \phi) + 1 \cdot \phi = \phi$.
#
# **Variance.** Because $x \in \{0, 1\}$, $x^2 = x$ and so $\mathbb{E}[x^2] = \phi$ too. Then
# $\operatorname{Var}(x) = \mathbb{E}[x^2] - \mathbb{E}[x]^2 = \phi - \phi^2 = \phi(1 - \phi)$.
# Its derivative $1 - 2\phi$ vanishes at $\phi = 1/2$: a fair coin is the most variable,
# with variance $1/4$, and a coin that always lands the same way ($\phi \in \{0, 1\}$) has none.
# Checked against 100 000 simulated flips:

# %%
phi = 0.3
print("P(x = 0), P(x = 1):", bernoulli_pmf([0, 1], phi))
flips = (np.random.default_rng(1).random(100_000) < phi).astype(int)
print(f"mean:     formula {bernoulli_mean(phi):.4f}, 100 000 flips {flips.mean():.4f}")
print(f"variance: formula {bernoulli_variance(phi):.4f}, 100 000 flips {flips.var():.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8), width_ratios=(1, 1.6))
plotting.plot_pmf(left, bernoulli_pmf([0, 1], phi))
left.set_title(f"$P(x)$ for $\\phi = {phi}$")
phis = np.linspace(0, 1, 201)
right.plot(phis, bernoulli_mean(phis), label="mean $\\mathbb{E}[x] = \\phi$")
right.plot(phis, bernoulli_variance(phis), "--", label="variance $\\phi(1 - \\phi)$")
right.plot(0.5, 0.25, "o", color="black", label="largest variance: $1/4$ at $\\phi = 1/2$")
right.set(xlabel="$\\phi = P(x = 1)$", title="mean and variance of a Bernoulli variable")
right.legend(loc="upper left")
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The categorical distribution and one-hot vectors
#
# A **categorical** variable takes one of $K$ values $x \in \{0, 1, \dots, K-1\}$ (a die, a word, one
# of $K$ classes; like Straka's lecture and like Python, this notebook numbers them from 0, while the
# other notebooks number classes $1, \dots, K$). Its parameter is a vector $\mathbf{p} \in [0, 1]^K$ with $\sum_i p_i = 1$, where
# $p_i = P(x = i)$. For $K = 2$ it is the Bernoulli distribution.
#
# It is convenient to write an outcome as a **one-hot** vector: $K$ entries, all zero except a one
# in position $x$,
#
# $$\mathbf{1}_x = \big([i = x]\big)_{i=0}^{K-1} = (\underbrace{0, \dots, 0}_{x}, 1, \underbrace{0, \dots, 0}_{K-x-1}).$$
#
# With this code the probability of an outcome, its mean and its variance look like the
# Bernoulli ones:
#
# $$P(\mathbf{x}) = \prod_{i=0}^{K-1} p_i^{x_i}, \qquad \mathbb{E}[x_i] = p_i, \qquad \operatorname{Var}(x_i) = p_i(1 - p_i).$$
#
# The product picks out one factor: every $p_i^{0} = 1$ except $p_x^{1} = p_x$. Each coordinate
# $x_i$ is a Bernoulli variable ("is the outcome $i$?") with $\phi = p_i$, which gives its mean
# and variance. The coordinates are not independent, though: exactly one of them is 1. Below, the
# covariance matrix of 100 000 draws shows what that does (exercise 1 asks why). One-hot vectors
# come back as the targets $\mathbf{t}_i$ of multi-class classifiers (notebook 04).

# %% slideshow={"slide_type": "subslide"}
p = np.array([0.2, 0.5, 0.3])
codes = one_hot([0, 1, 2], 3)
print("one-hot codes of the outcomes 0, 1, 2:\n", codes)
probabilities = categorical_pmf(codes, p)                # prod_i p_i^x_i for each code
print("P(x) of each code:", probabilities, " equal to p:", np.array_equal(probabilities, p))

draws = one_hot(np.random.default_rng(2).choice(3, size=100_000, p=p), 3)
print("E[x_i]:   formula", categorical_mean(p), "  100 000 draws", draws.mean(axis=0))
print("Var(x_i): formula", categorical_variance(p), "  100 000 draws", draws.var(axis=0))
print("covariance matrix of the 100 000 draws:\n", np.cov(draws.T, bias=True))

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): the moments of a one-hot code
#
# A categorical variable has $\mathbf{p} = (0.1, 0.7, 0.2)$ and is written one-hot,
# $\mathbf{x} = (x_0, x_1, x_2)$. What are $\operatorname{Cov}(x_0, x_1)$ and $\operatorname{Var}(x_1 + x_2)$?
# (What are $x_0 x_1$ and $x_1 + x_2$ for each of the three outcomes?)

# %%
moments = ...         # ✏️ your answer, as [Cov(x_0, x_1), Var(x_1 + x_2)]
exercises.one_hot_moments.check(moments)

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
# $\mu \pm \sigma$ and about 95 % within $\mu \pm 2\sigma$. Below, the integral, mean and variance are
# computed numerically on a fine grid (the trapezoid rule), and the density at the mean,
# $1/(\sigma\sqrt{2\pi})$, is printed too.

# %% slideshow={"slide_type": "subslide"}
x = np.linspace(-15, 15, 30_001)
for mu, sigma in [(0, 1.0), (2, 0.3), (-1, 2.0)]:
    density = normal_pdf(x, mu, sigma)
    mass, mean = trapezoid(density, x), trapezoid(x * density, x)
    variance = trapezoid((x - mean) ** 2 * density, x)
    print(f"mu = {mu}, sigma = {sigma}: integral {mass:.4f}, mean {round(mean, 4) + 0:.4f}, variance "
          f"{variance:.4f} (sigma^2 = {sigma ** 2:.4f}), density at the mean {normal_pdf(mu, mu, sigma):.4f}")
within = [trapezoid(normal_pdf(x[np.abs(x) <= k]), x[np.abs(x) <= k]) for k in (1, 2)]  # x holds +-1, +-2
print(f"mass within 1 sigma {within[0]:.4f}, within 2 sigma {within[1]:.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.8))
x_plot = np.linspace(-6, 6, 601)
for (mu, sigma), style in zip([(0, 1.0), (2, 0.3), (-1, 2.0)], ["-", "--", "-."]):
    ax.plot(x_plot, normal_pdf(x_plot, mu, sigma), style, label=f"$\\mu = {mu}$, $\\sigma = {sigma}$")
ax.set(xlabel="$x$", ylabel="density $\\mathcal{N}(x; \\mu, \\sigma^2)$",
       title="normal densities: a narrow one rises above 1")
ax.legend()
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2 (explain): a density of 3.99
#
# The density of $\mathcal{N}(0, 0.1^2)$ at its mean is $1/(0.1\sqrt{2\pi}) \approx 3.99$. Which statement is right?
#
# - **(a)** $P(x = 0) = 3.99$, so this normal distribution is not a proper probability distribution.
# - **(b)** For a short interval of length $h$ around 0, $P$ is about $3.99\,h$: a bell this narrow must
#   be tall for its area to be 1.
# - **(c)** It is a mistake: a density must stay below 1, so the formula needs a smaller constant when
#   $\sigma$ is small.
# - **(d)** A single point has probability 0, so the density at 0 is really 0 and 3.99 is an artefact
#   of the formula.

# %%
density_explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.density_above_one.check(density_explanation)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): a density is not a probability.** Its *integral* over an interval is, and those integrals
# never exceed 1; a single point has probability 0 under any density. The density itself is
# probability per unit length, and it may exceed 1: at the mean it is $1/(\sigma\sqrt{2\pi})$, above 1
# once $\sigma < 1/\sqrt{2\pi} \approx 0.399$, as for $\sigma = 0.3$ above. Keep this in mind for section 6.
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Self-information: how surprising is an outcome?
#
# We want a number $I(x)$ for the **surprise** of seeing an outcome $x$ of probability $P(x)$.
# Three wishes pin it down:
#
# 1. an outcome that is certain carries no surprise: $P(x) = 1 \Rightarrow I(x) = 0$;
# 2. the rarer an outcome, the more surprising: $I$ decreases as $P(x)$ grows;
# 3. the surprises of independent outcomes add up: if two outcomes $x$ and $x'$ are independent,
#    $P(x, x') = P(x)P(x')$, then $I(x, x') = I(x) + I(x')$.
#
# **Derivation.** Write $I(x) = f(P(x))$. Wish 3 says $f(ab) = f(a) + f(b)$ for all $a, b \in (0, 1]$.
# Substitute $a = e^{-u}$, $b = e^{-v}$ and $g(u) = f(e^{-u})$ for $u, v \ge 0$: then
# $g(u + v) = g(u) + g(v)$. A monotone function with this property is linear (first for whole
# multiples, $g(nu) = n\,g(u)$, then for fractions, then for all $u$ by monotonicity): $g(u) = c\,u$.
# Back in terms of $a = e^{-u}$, $f(a) = -c\log a$, and wish 2 needs $c > 0$. Wish 1 holds since
# $\log 1 = 0$. So
#
# $$I(x) = -\log P(x) = \log\frac{1}{P(x)}.$$
#
# **Units.** The constant $c$ is a choice of unit, the same as a choice of base for the logarithm:
# with $\log_2$ the unit is the **bit** (one flip of a fair coin carries $-\log_2 \frac12 = 1$ bit),
# with the natural $\log$ it is the **nat**. Since $\log_2 p = \ln p / \ln 2$, one bit is
# $\ln 2 \approx 0.6931$ nats and one nat is $1/\ln 2 \approx 1.4427$ bits. As in Straka's NPFL129
# lecture 3, we use nats from here on unless we say bits.

# %% slideshow={"slide_type": "subslide"}
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

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.8))
p_grid = np.linspace(0.005, 1, 400)
ax.plot(p_grid, self_information(p_grid, base=2), label="in bits, $-\\log_2 P(x)$")
ax.plot(p_grid, self_information(p_grid), "--", label="in nats, $-\\ln P(x)$")
ax.plot([0.5, 1], [1, 0], "o", color="black", label="fair coin: 1 bit; certain: 0", clip_on=False)
ax.set(xlabel="$P(x)$", ylabel="surprise $I(x)$", xlim=(0, 1.02), ylim=(0, 6),
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
# undefined, but $\lim_{u \to 0^+} u \log u = 0$ (write $u\log u = \log u / (1/u)$ and apply
# l'Hôpital: $(1/u) / (-1/u^2) = -u \to 0$), so we set $0 \log 0 = 0$.
#
# Examples, in bits: a fair coin has $H = 1$; a certain outcome has $H = 0$; and
# $P = (\frac12, \frac14, \frac18, \frac18)$ has $H = \frac12 \cdot 1 + \frac14 \cdot 2 + 2 \cdot \frac18 \cdot 3 = 1.75$ bits.
#
# For a Bernoulli variable the entropy is a function of $\phi$ alone,
#
# $$H(\phi) = -\phi \log \phi - (1 - \phi) \log (1 - \phi),$$
#
# zero at $\phi \in \{0, 1\}$ and largest, 1 bit, for the fair coin. More generally (for discrete data),
# with $K$ outcomes $0 \le H(P) \le \log K$, the top reached only by the uniform distribution (proved in
# section 7); the entropy of a density can even be negative (section 6).

# %% slideshow={"slide_type": "subslide"}
u = np.array([1e-2, 1e-4, 1e-8, 1e-16])
print("u log u as u -> 0:", ", ".join(f"{value:.1e}" for value in u * np.log(u)))
examples = {"fair coin": [0.5, 0.5], "certain": [0.0, 1.0], "1/2, 1/4, 1/8, 1/8": [0.5, 0.25, 0.125, 0.125]}
for name, dist in examples.items():
    print(f"{name:>18}: H = {entropy(dist, base=2):.4f} bits = {entropy(dist):.4f} nats "
          f"(scipy: {stats.entropy(dist):.4f} nats)")

rng = np.random.default_rng(3)
for K in (2, 5, 20):
    random_dists = rng.dirichlet(np.ones(K), size=10_000)
    print(f"K = {K:2d}: largest H of 10 000 random distributions {entropy(random_dists).max():.4f} "
          f"<= log K = {np.log(K):.4f}; uniform: {entropy(np.full(K, 1 / K)):.4f}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7, 3.8))
phis = np.linspace(0, 1, 401)
ax.plot(phis, binary_entropy(phis, base=2), label="$H(\\phi)$ in bits")
ax.plot(phis, binary_entropy(phis), "--", label="$H(\\phi)$ in nats")
ax.axhline(1, color="grey", linewidth=0.8)
ax.set(xlabel="$\\phi = P(x = 1)$", ylabel="entropy",
       title="entropy of a Bernoulli variable: largest for a fair coin")
ax.legend(loc="lower center")
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Explore.** Shape a distribution over four outcomes with the sliders (weights, divided by their sum);
# it starts at $P = (\frac12, \frac14, \frac18, \frac18)$. Over each bar is its surprise $-\log_2 P(x)$ in
# bits; on the right their average, the entropy.
#
# - Push the entropy above the dashed line $\log_2 4 = 2$ bits: you cannot; **Uniform** reaches it.
# - All the weight on one outcome: its surprise falls to 0, the others' rise to $\infty$.
# - One outcome rare: its surprise shoots up, yet its share $P(x)(-\log_2 P(x))$ shrinks to 0, so the
#   entropy tends to that of the others ($\log_2 3 \approx 1.585$ bits for three equal ones), not to $\infty$.

# %%
explorer = EntropyExplorer(weights=[4, 2, 1, 1])
explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same moves from code, on an instance of its own (the widget above stays as described):

# %%
demo = EntropyExplorer(weights=[4, 2, 1, 1])
print(demo.status)
demo.make_uniform()
print(demo.status)
for weights in ([10, 0, 0, 0], [4, 4, 4, 0.1]):
    demo.set_weights(weights)
    print(demo.status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (derive): an entropy in bits
#
# What is the entropy, in bits, of $P = (\frac14, \frac14, \frac14, \frac18, \frac18)$? Work it out by hand
# (the logarithms are whole numbers), then type it.

# %%
H_bits = ...          # ✏️ your answer, in bits
exercises.entropy_in_bits.check(H_bits)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: a five-outcome explorer with the weights 2, 2, 2, 1, 1 prints its status line.
if exercises.entropy_in_bits.revealed():
    print(EntropyExplorer(weights=[2, 2, 2, 1, 1]).status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (implement): entropy with $0 \log 0 = 0$
#
# Write the entropy in bits of each distribution along the last axis of `p`: one number for a 1-D
# `p`, one per row for a 2-D one. The hidden cases include outcomes of probability 0 (whose terms
# must count 0, not `nan`), a one-hot distribution, a uniform one and a batch of three. Write the sum
# yourself: `scipy.stats.entropy` and `scipy.special.entr`, which are the exercise in one call, are switched
# off while your function is checked (numpy and the rest of scipy are fine).

# %%
def my_entropy(p):
    """Return -sum_x p(x) log2 p(x) along the last axis of p, with 0 log 0 = 0."""
    ...              # ✏️ your code


exercises.entropy_function.check(my_entropy)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### Entropy counts yes/no questions, up to one
#
# To find the outcome of $P = (\frac12, \frac14, \frac18, \frac18)$ by yes/no questions, ask "is it 0?",
# then "is it 1?", then "is it 2?": one question half the time, two a quarter of the time, three
# otherwise, $\frac12 \cdot 1 + \frac14 \cdot 2 + \frac14 \cdot 3 = 1.75$ questions on average, exactly
# $H(P)$ in bits. Each outcome took $-\log_2 P(x)$ questions, its surprise in bits.
#
# That is exact only because every $P(x)$ here is a power of $\frac12$ (a **dyadic** distribution).
# Questions come whole, and in general $-\log_2 P(x)$ is not. A strategy that singles out $x$ after
# $l(x)$ answers is a binary **prefix code** (the answers, written as 0s and 1s, are the codeword of
# $x$), and the best one is **Huffman's code** (1952): merge the two least likely outcomes into one,
# again and again; each merge costs the outcomes inside one more question. It builds the questions
# from the bottom. Splitting the probability as evenly as you can with each question, from the top,
# sounds as good but is not: for $P = (0.4, 0.4, 0.1, 0.1)$ the split $\{0.4, 0.1\}$ | $\{0.4, 0.1\}$ is
# perfectly even and leads to 2 questions for every outcome, while Huffman's code merges the two 0.1s,
# then them with a 0.4, and so asks about the other 0.4 first: 1, 2, 3 and 3 questions, 1.8 on average
# (checked below).

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Within one question of the entropy.** The expected number of questions of Huffman's code,
# $L = \sum_x P(x)\,l(x)$, obeys
#
# $$H(P) \le L < H(P) + 1 \qquad \text{(in bits)}.$$
#
# *Why.* The answers of any strategy satisfy Kraft's inequality $\sum_x 2^{-l(x)} \le 1$ (a question
# halves the set of answer sequences, and $x$ claims a share $2^{-l(x)}$ of them). With
# $Q(x) = 2^{-l(x)} / \sum_{x'} 2^{-l(x')}$, Gibbs' inequality (section 7) gives
# $H(P) \le H(P, Q) = L + \log_2 \sum_x 2^{-l(x)} \le L$. Conversely, Kraft's inequality is all a
# strategy needs: any whole numbers $l(x)$ with $\sum_x 2^{-l(x)} \le 1$ are the lengths of some prefix
# code (hand out the codewords in order of increasing length, each taking the next free block of
# $2^{-l(x)}$ of the answer sequences). The lengths $l(x) = \lceil -\log_2 P(x) \rceil$ satisfy it, since
# $2^{-l(x)} \le P(x)$, so some strategy needs fewer than
# $\sum_x P(x)(-\log_2 P(x) + 1) = H(P) + 1$ questions, and Huffman's needs no more than it.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **In the long run it is exact.** Ask about a block of $n$ independent outcomes at once: its entropy
# is $nH$, so its best code takes between $nH$ and $nH + 1$ questions, between $H$ and $H + 1/n$ per
# outcome (Shannon's source coding theorem). Below, Huffman's code for a few distributions, checked
# against the bound, and for blocks of tosses of a coin with $P(\text{heads}) = 0.9$:

# %%
print("distribution                     lengths l(x)     H (bits)  L = sum P(x) l(x)   H <= L < H + 1")
for name, dist in {"1/2, 1/4, 1/8, 1/8 (dyadic)": [0.5, 0.25, 0.125, 0.125],
                   "0.3, 0.3, 0.2, 0.1, 0.1": [0.3, 0.3, 0.2, 0.1, 0.1],
                   "0.4, 0.4, 0.1, 0.1": [0.4, 0.4, 0.1, 0.1], "a coin, P(heads) = 0.9": [0.9, 0.1]}.items():
    lengths, bits = huffman_code_lengths(dist), entropy(dist, base=2)
    questions = np.dot(dist, lengths)
    print(f"{name:<32} {str(lengths):<16} {bits:.4f}    {questions:.4f}              {bits <= questions < bits + 1}")

# %% slideshow={"slide_type": "subslide"}
coin, block = np.array([0.9, 0.1]), np.ones(1)
print("tosses per block n   questions per toss L_n / n   H + 1/n")
for n in range(1, 13):
    block = np.outer(block, coin).ravel()                  # the 2^n sequences of n tosses and their probabilities
    if n in (1, 2, 3, 4, 8, 12):
        per_toss = block @ huffman_code_lengths(block) / n
        print(f"{n:18d}   {per_toss:24.4f}   {entropy(coin, base=2) + 1 / n:.4f}")
print(f"H = {entropy(coin, base=2):.4f} bits per toss")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 5 (derive): the best questions for five equally likely letters
#
# One of the letters A, E, I, O, U is drawn, each with probability $\frac15$. With the best strategy of
# yes/no questions, how many questions do you need on average to find it? (Build the questions from the
# bottom, as Huffman's code does.)

# %%
questions = ...       # ✏️ your answer
exercises.five_letter_questions.check(questions)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: Huffman's code lengths for the five letters, from the package.
if exercises.five_letter_questions.revealed():
    letters = np.full(5, 1 / 5)
    print(f"A, E, I, O, U: lengths {huffman_code_lengths(letters)}, L = {letters @ huffman_code_lengths(letters):.4f}, "
          f"H = {entropy(letters, base=2):.4f} bits")

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

# %% slideshow={"slide_type": "subslide"}
x = np.linspace(-20, 20, 40_001)
print("sigma    formula   on the grid  scipy")
for sigma in [0.1, 0.5, 1.0, 3.0]:
    on_grid = differential_entropy_on_grid(normal_pdf(x, 0, sigma), x)
    print(f"{sigma:.4f}  {gaussian_entropy(sigma):+.4f}   {on_grid:+.4f}      {stats.norm(0, sigma).entropy():+.4f}")
sigma_zero = 1 / np.sqrt(2 * np.pi * np.e)
print(f"sigma = 1 / sqrt(2 pi e) = {sigma_zero:.4f}: H = 0 up to rounding: "
      f"{abs(gaussian_entropy(sigma_zero)) < 1e-12}")

# %% slideshow={"slide_type": "subslide"}
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.1))
sigmas = np.linspace(0.05, 3, 300)
left.plot(sigmas, gaussian_entropy(sigmas), label="$\\frac{1}{2}\\log(2\\pi e \\sigma^2)$")
left.axhline(0, color="grey", linewidth=0.8)
left.plot(sigma_zero, 0, "o", color="black", label="zero at $\\sigma = 1/\\sqrt{2\\pi e} \\approx 0.242$")
left.set(xlabel="$\\sigma$", ylabel="$H$ in nats", title="$H(\\mathcal{N}(0, \\sigma^2))$")
left.legend(loc="lower right")
x_plot = np.linspace(-0.5, 0.5, 501)
right.plot(x_plot, normal_pdf(x_plot, 0, 0.1), label="density $p(x)$")
right.plot(x_plot, -normal_logpdf(x_plot, 0, 0.1), "--", label="surprise $-\\log p(x)$, in nats")
right.axhline(0, color="grey", linewidth=0.8)
right.set(xlabel="$x$", ylim=(-3.5, 6), title="$p = \\mathcal{N}(0, 0.1^2)$")
right.legend(loc="lower left", fontsize="small")
plt.show()

# %% slideshow={"slide_type": "subslide"}
print(f"bins of width Delta on N(0, 1): discrete entropy + log Delta -> H(N(0, 1)) = {gaussian_entropy(1.0):.4f}")
for delta in [1.0, 0.1, 0.01]:
    edges = np.arange(-12, 12 + delta / 2, delta)
    bins = np.diff(stats.norm.cdf(edges))                 # the probability of each bin
    h_bins = entropy(bins / bins.sum())
    print(f"Delta = {delta:5.2f}: discrete entropy {h_bins:.4f}, plus log Delta {h_bins + np.log(delta):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (derive): how narrow is an entropy of −1 nat?
#
# Which standard deviation $\sigma$ gives $\mathcal{N}(5, \sigma^2)$ a differential entropy of exactly
# $-1$ nat? Solve for $\sigma$ on paper (3 significant figures).

# %%
sigma_answer = ...    # ✏️ your answer: the standard deviation sigma
exercises.narrow_gaussian_entropy.check(sigma_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the entropy of N(5, sigma^2) at the solution's sigma, by the formula and by scipy.
if exercises.narrow_gaussian_entropy.revealed():
    sigma_solution = np.exp(-1.5) / np.sqrt(2 * np.pi)
    print(f"sigma = {sigma_solution:.5f}: formula {gaussian_entropy(sigma_solution):+.6f} nats, "
          f"scipy {stats.norm(5, sigma_solution).entropy():+.6f} nats")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Cross-entropy and Gibbs' inequality
#
# Suppose the outcomes come from $P$ but we judge their surprise with another distribution $Q$ (a
# model of $P$, say). The average surprise is then the **cross-entropy**
#
# $$H(P, Q) = -\mathbb{E}_{x \sim P}[\log Q(x)] = -\sum_x P(x) \log Q(x).$$
#
# **It is the classification loss.** For a training example whose target is class $t$, the "true"
# distribution is the one-hot $P = \mathbf{1}_t$, and the model predicts a distribution $Q$ over the
# classes; then $H(\mathbf{1}_t, Q) = -\log Q(t)$: the surprise of the model at the right answer. With
# two classes, $t \in \{0, 1\}$ and the model's $p = Q(t = 1)$, this is the **log loss** or binary
# cross-entropy $-[t\log p + (1 - t)\log(1 - p)]$; with $K$ classes and the one-hot target
# $\mathbf{t}$ it is $-\sum_k t_k \log Q(k)$. Notebook 03 (section 7) derives it as a negative
# log-likelihood and tabulates it; notebook 04 minimises it.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Gibbs' inequality.** $H(P, Q) \ge H(P)$, with equality only if $Q = P$: describing $P$'s outcomes
# with any other distribution makes them more surprising on average.
#
# *Proof.* It rests on one fact: $\log u \le u - 1$ for all $u > 0$, with equality only at $u = 1$ (the
# concave $\log$ lies below its tangent at $u = 1$; see the figure). Sum over the outcomes with
# $P(x) > 0$ and use it with $u = Q(x)/P(x)$:
#
# $$H(P) - H(P, Q) = \sum_{x: P(x) > 0} P(x) \log \frac{Q(x)}{P(x)} \le \sum_{x: P(x) > 0} P(x) \left(\frac{Q(x)}{P(x)} - 1\right) = \sum_{x: P(x) > 0} Q(x) - 1 \le 0.$$
#
# Equality needs $Q(x) / P(x) = 1$ wherever $P(x) > 0$, and no mass of $Q$ elsewhere: $Q = P$. $\square$
# (Outcomes with $P(x) = 0$ are left out because $0 \log 0 = 0$, and the last sum then stays below 1 if $Q$
# has mass there; if $Q(x) = 0 < P(x)$ somewhere, $H(P, Q) = \infty$ and there is nothing to prove.)

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(6.4, 3.8))
u = np.linspace(0.05, 3, 300)
ax.plot(u, u - 1, "--", label="$u - 1$")
ax.plot(u, np.log(u), label="$\\log u$")
ax.plot(1, 0, "o", color="black", label="equal only at $u = 1$")
ax.set(xlabel="$u$", ylim=(-3, 2), title="$\\log u \\leq u - 1$: the tangent at 1 lies above")
ax.legend()
plt.show()
u_fine = np.linspace(1e-6, 100, 100_001)                  # a thousandth apart
print("log u <= u - 1 on 100 001 points in (0, 100]:", bool(np.all(np.log(u_fine) <= u_fine - 1)))

# %% [markdown] slideshow={"slide_type": "subslide"}
# Now the inequality on 10 000 random pairs of distributions over 6 outcomes, a fifth of them with
# two outcomes of probability zero in $P$, where $\sum_{x: P(x) > 0} Q(x)$ falls short of 1:

# %%
rng = np.random.default_rng(4)
P, Q = rng.dirichlet(np.ones(6), size=10_000), rng.dirichlet(np.ones(6), size=10_000)
P[:2000, :2] = 0.0                                         # zeros in P: 0 log 0 = 0
P /= P.sum(axis=1, keepdims=True)
gap = cross_entropy(P, Q) - entropy(P)                     # H(P, Q) - H(P), one per pair
print(f"H(P, Q) >= H(P) for all 10 000 pairs: {bool(np.all(gap >= 0))}; smallest gap {gap.min():.4f} nats")
print("equality at Q = P:", np.allclose(cross_entropy(P, P), entropy(P), rtol=1e-12, atol=1e-15))
q_on_support = np.sum(np.where(P > 0, Q, 0.0), axis=1)     # sum of Q(x) over the x with P(x) > 0
print(f"pairs with zeros in P: sum of Q over P's outcomes between {q_on_support[:2000].min():.4f} "
      f"and {q_on_support[:2000].max():.4f}, below 1")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Corollary: $H(P) \le \log K$** (for discrete data). Take $Q$ uniform over the $K$ outcomes,
# $Q(x) = 1/K$. Then
# $H(P) \le H(P, Q) = -\sum_x P(x) \log\frac1K = \log K$, with equality only for $P = Q$, the uniform
# distribution. This is the bound the widget of section 5 shows.
#
# **Not symmetric.** In general $H(P, Q) \ne H(Q, P)$: the first argument weights the terms, the
# second is inside the logarithm. Take an outcome that is nearly certain, $P = (0.98, 0.01, 0.01)$,
# and the uniform $Q = (\frac13, \frac13, \frac13)$. Judged by $Q$, every outcome of $P$ costs $\log 3$,
# so $H(P, Q) = \log 3$. Judged by $P$, the outcomes of $Q$ are rare two times out of three, and each
# rare one costs $-\log 0.01 \approx 4.6$ nats, so $H(Q, P)$ is almost three times larger:

# %%
uniform = np.full(6, 1 / 6)
print(f"H(P, uniform) = log 6 = {np.log(6):.4f} for every P:",
      np.allclose(cross_entropy(P, uniform), np.log(6), rtol=1e-12))
print(f"largest H(P) of the 10 000: {entropy(P).max():.4f} <= log 6")
p_ex, q_ex = np.array([0.98, 0.01, 0.01]), np.full(3, 1 / 3)
print(f"P = {p_ex}, Q = uniform: H(P, Q) = {cross_entropy(p_ex, q_ex):.4f} nats (log 3 = {np.log(3):.4f}), "
      f"H(Q, P) = {cross_entropy(q_ex, p_ex):.4f} nats")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (derive): cross-entropy both ways
#
# For $P = (\frac12, \frac14, \frac14)$ and $Q = (\frac18, \frac18, \frac34)$, compute $H(P, Q)$ and $H(Q, P)$
# in bits. (One of them needs $\log_2 3$; use `np.log2`.)

# %%
H_both = ...          # ✏️ your answer, in bits, as [H(P, Q), H(Q, P)]
exercises.cross_entropies.check(H_both)

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
# the same as minimising $D_\mathrm{KL}(P \| Q)$. For discrete data that is how maximum likelihood
# (notebook 03) fits a model to data; for continuous data only the cross-entropy form carries over,
# as notebook 03 shows. For the nearly certain $P$ and the uniform $Q$ above, the two directions differ by a
# factor of two:

# %% slideshow={"slide_type": "subslide"}
kl = kl_divergence(P, Q)                                   # the 10 000 pairs of section 7
decomposition = cross_entropy(P, Q) - entropy(P)
print("KL(P||Q) = H(P, Q) - H(P) for all pairs:", bool(np.all(np.abs(kl - decomposition) < 1e-12)))
print("matches scipy.stats.entropy(P, Q):    ", np.allclose(kl, stats.entropy(P, Q, axis=1), rtol=1e-12))
print(f"KL >= 0: {bool(np.all(kl >= 0))};  KL(P||P) = 0 for all: {bool(np.all(kl_divergence(P, P) == 0))}")
print(f"P = {p_ex}, Q = uniform: KL(P||Q) = {kl_divergence(p_ex, q_ex):.4f}, "
      f"KL(Q||P) = {kl_divergence(q_ex, p_ex):.4f} nats")
print(f"Q misses an outcome of P: KL = {kl_divergence([0.5, 0.5], [1.0, 0.0])}; "
      f"the other way round: {kl_divergence([1.0, 0.0], [0.5, 0.5]):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (derive): the divergence both ways
#
# For the same $P = (\frac12, \frac14, \frac14)$ and $Q = (\frac18, \frac18, \frac34)$ as in exercise 7,
# compute $D_\mathrm{KL}(P \| Q)$ and $D_\mathrm{KL}(Q \| P)$ in bits. (Reuse your cross-entropies.)

# %%
KL_both = ...         # ✏️ your answer, in bits, as [KL(P||Q), KL(Q||P)]
exercises.divergences.check(KL_both)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (implement): the KL divergence, zeros included
#
# Write $D_\mathrm{KL}(P \| Q)$ in nats along the last axis of `p` and `q` (arrays of the same shape). A
# term with $P(x) = 0$ counts 0, whatever $Q(x)$ is; where $Q(x) = 0 < P(x)$ the divergence is infinite:
# return `np.inf` (the same as `float('inf')`), not a large number. The hidden cases include both, and
# a batch of three pairs. `scipy.stats.entropy`, `scipy.special.rel_entr` and `scipy.special.kl_div` are
# switched off while your function is checked.

# %%
def my_kl(p, q):
    """Return sum_x p(x) log(p(x) / q(x)) along the last axis, 0 where p = 0, inf where q = 0 < p."""
    ...              # ✏️ your code


exercises.kl_function.check(my_kl)

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
# **mode-seeking**). There is no closed form, and the divergence is not convex in $(\mu, \sigma)$: it
# can have several local minima, so `fit_gaussian_reverse_kl` minimises it numerically from several
# starts (the moment-matched fit and each bump) and keeps the lowest.
#
# Straka's NPFL129 lecture 3 shows this picture (after Goodfellow, Bengio and Courville, *Deep Learning*,
# fig. 3.6). First the numbers for $d = 6$, checked: the forward fit against the moments of the mixture,
# the reverse fit against a brute-force search over a grid of $(\mu, \sigma)$, and the divergence between
# two Gaussians on the grid against its closed form
# $D_\mathrm{KL}(\mathcal{N}(\mu_1, \sigma_1^2) \| \mathcal{N}(\mu_2, \sigma_2^2)) = \log\frac{\sigma_2}{\sigma_1} + \frac{\sigma_1^2 + (\mu_1 - \mu_2)^2}{2\sigma_2^2} - \frac12$.

# %% slideshow={"slide_type": "subslide"}
x = np.linspace(-12, 12, 481)
d = 6.0
p_mix = gaussian_mixture_pdf(x, [0.5, 0.5], [-d / 2, d / 2], [1.0, 1.0])
mean, variance = gaussian_mixture_moments([0.5, 0.5], [-d / 2, d / 2], [1.0, 1.0])
mu_f, sigma_f = fit_gaussian_forward_kl(p_mix, x)
mu_r, sigma_r = fit_gaussian_reverse_kl(p_mix, x)
print(f"forward fit N({round(mu_f, 4) + 0:.4f}, {sigma_f:.4f}^2); the mixture's mean {round(mean, 4) + 0:.4f} "
      f"and sd {np.sqrt(variance):.4f} (= sqrt(1 + d^2/4) = {np.sqrt(1 + d ** 2 / 4):.4f})")
fit_kl = kl_divergence_on_grid(normal_pdf(x, mu_r, sigma_r), p_mix, x)
print(f"reverse fit N({mu_r:.3f}, {sigma_r:.3f}^2): KL(q||p) = {fit_kl:.4f}")

# %% slideshow={"slide_type": "subslide"}
mus, sigmas = np.linspace(-5, 5, 101), np.linspace(0.5, 4, 71)[:, None]


def reverse_kl_grid(p):
    """KL(q || p) for every Gaussian q = N(mu, sigma^2) of the grid: a row per mu, a column per sigma."""
    return np.array([kl_divergence_on_grid(normal_pdf(x, mu, sigmas), p, x) for mu in mus])


reverse_kl = reverse_kl_grid(p_mix)
i, j = np.unravel_index(np.argmin(reverse_kl), reverse_kl.shape)   # one of two mirror images: the bumps tie
print(f"brute force over {reverse_kl.size} Gaussians: N(+-{abs(mus[i]):.2f}, {sigmas[j, 0]:.2f}^2): "
      f"KL(q||p) = {reverse_kl.min():.4f}")
print(f"KL(N(0, 1) || N(1, 2^2)): closed form {gaussian_kl(0, 1, 1, 2):.6f}, on the grid "
      f"{kl_divergence_on_grid(normal_pdf(x, 0, 1), normal_pdf(x, 1, 2), x):.6f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Not convex: the reverse fit leaps.** It does not slide from the middle to a bump as $d$ grows. Below,
# for each $\mu$ on the grid, the smallest $D_\mathrm{KL}(q \| p)$ over $\sigma$: the divergence's valleys along
# $\mu$. Up to $d \approx 4.8$ there is one, in the middle. Then a valley opens on each bump (mirror
# images), at first higher than the middle one: from there on, local minima coexist. Near $d = 5.6$ the
# valleys on the bumps sink below the middle one, the *global* minimum switches, and the best fit jumps
# onto a bump (the left one of two equally good, by the package's convention). The middle stays a local
# minimum well beyond: a minimiser started only from the moment-matched fit would stay there, which is
# why the package starts from each bump too.

# %%
def valleys(separation):
    """For each mu of the grid above, the smallest KL(q || p) over its sigmas; and its local minima, (mu, KL)."""
    p_sep = gaussian_mixture_pdf(x, [0.5, 0.5], [-separation / 2, separation / 2], [1.0, 1.0])
    profile = reverse_kl_grid(p_sep).min(axis=1)
    at = np.flatnonzero((profile[1:-1] < profile[:-2]) & (profile[1:-1] < profile[2:])) + 1
    return profile, mus[at] + 0.0, profile[at].round(3)


# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(7.5, 2.7))
found = []
for separation, style in zip([4.5, 5.0, 5.5, 6.5], ["-", "--", "-.", ":"]):
    profile, mu_min, kl_min = valleys(separation)
    ax.plot(mus, profile, style, label=f"$d = {separation}$")
    found.append(f"d = {separation}: local minima at mu = {mu_min}, KL(q||p) = {kl_min}")
print("\n".join(found))
ax.set(xlabel="$\\mu$ of $q$", ylabel="$\\min_\\sigma D_\\mathrm{KL}(q \\| p)$", ylim=(0.2, 1.6))
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# The package's fit as $d$ grows: in the middle up to the switch, on the left bump after it. Far apart,
# the bumps barely overlap: on a bump $p$ is half that bump's density, so the fit on it has
# $\log(q^*/p) \approx \log 2$ wherever its mass is, and its $D_\mathrm{KL}(q^* \| p)$ tends to
# $\log 2 \approx 0.693$ nats:

# %%
for separation in [4.0, 5.0, 5.5, 5.75, 6.0, 8.0, 10.0]:
    p_sep = gaussian_mixture_pdf(x, [0.5, 0.5], [-separation / 2, separation / 2], [1.0, 1.0])
    mu_sep, sigma_sep = fit_gaussian_reverse_kl(p_sep, x)
    kl_sep = kl_divergence_on_grid(normal_pdf(x, mu_sep, sigma_sep), p_sep, x)
    print(f"d = {separation:5.2f}: reverse fit N({round(mu_sep, 2) + 0:5.2f}, {sigma_sep:.2f}^2), KL(q||p) = {kl_sep:.4f}")
print(f"log 2 = {np.log(2):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Explore.** The slider sets the distance $d$ between the means of the two bumps; it starts at
# $d = 4$, where both fits sit in the middle. Left the mass-covering fit, right the mode-seeking one,
# each with both its divergences, the one it minimises first. Answer exercise 10 before you move it.

# %%
kl_explorer = KLAsymmetryExplorer(separation=4.0)
kl_explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (predict): the other divergence of the mode-seeking fit
#
# At $d = 6$ the reverse fit $q^*$ sits on the left bump, with $D_\mathrm{KL}(q^* \| p) \approx 0.689$ nats,
# the divergence it minimises (computed above). Before you slide the widget to $d = 6$, predict its
# other divergence, $D_\mathrm{KL}(p \| q^*)$, which the right panel lists too:
#
# - **(a)** about the same, near 0.7: a good fit is good in both directions;
# - **(b)** much larger, several nats;
# - **(c)** smaller than 0.689, since $q^*$ is the best Gaussian;
# - **(d)** infinite, since $q^*$ misses the right bump.

# %%
kl_prediction = ...      # ✏️ "a", "b", "c" or "d"
exercises.reverse_fit_divergences.check(kl_prediction)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: a second explorer, set to d = 6 (the one above stays where you left it), prints
# both divergences of both fits, as its panels list them.
if exercises.reverse_fit_divergences.revealed():
    at_six = KLAsymmetryExplorer(separation=6.0)
    for fit, name in [("forward", "mass-covering fit"), ("reverse", "mode-seeking fit q*")]:
        print(f"{name:>19}: KL(p||q) = {at_six.divergences[fit, 'p||q']:.3f}, "
              f"KL(q||p) = {at_six.divergences[fit, 'q||p']:.3f} nats")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): each fit is the better one only by its own measure.** The forward divergence of $q^*$ averages
# $\log(p/q^*)$ over $p$, and half of $p$'s mass sits on the right bump, where $q^*$ is tiny: several nats
# there, finite only because a Gaussian is positive everywhere. Now use the widget above:
#
# - Compare the panels at $d = 6$: each fit wins by the divergence it minimises and loses by the other.
# - Slide $d$ down to 0: the bumps merge into one Gaussian, both fits become $\mathcal{N}(0, 1)$ and
#   every divergence 0.
# - Slide it up: the forward fit only widens (variance $1 + d^2/4$); the reverse fit stays in the middle
#   until the global minimum switches, near $d = 5.6$, and it leaps onto the left bump (between the
#   slider's $5.5$ and $5.75$).
#
# </details>

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 10. Why the normal distribution?
#
# Two reasons make the normal distribution the default model of a real-valued quantity.
#
# **The central limit theorem.** Let $x_1, x_2, \dots$ be independent draws of one distribution with
# mean $\mu$ and finite variance $\sigma^2$, and $S_n = x_1 + \dots + x_n$. Means and variances of
# independent variables add, so $S_n$ has mean $n\mu$ and variance $n\sigma^2$. Straka's NPFL129
# lecture 3 puts the theorem as "the sum of independent identically distributed random variables with
# finite variance converges to normal distribution". What exactly converges?

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 11 (explain): what converges?
#
# As $n$ grows, what does tend to a normal distribution?
#
# - **(a)** The sum $S_n = x_1 + \dots + x_n$ itself.
# - **(b)** The distribution of $Z_n = (S_n - n\mu)/(\sqrt{n}\,\sigma)$, towards $\mathcal{N}(0, 1)$.
# - **(c)** The mean $S_n / n$, towards $\mathcal{N}(\mu, \sigma^2)$.
# - **(d)** Each draw $x_i$: the more draws, the more normal each of them becomes.

# %%
clt_explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.what_converges.check(clt_explanation)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the standardised sum.** $S_n$ itself has mean $n\mu$ and variance $n\sigma^2$, both growing
# without bound; the mean $S_n/n$ has variance $\sigma^2/n \to 0$ and settles on the number $\mu$ (the law
# of large numbers); each draw keeps its own distribution. The standardised sum
#
# $$Z_n = \frac{S_n - n\mu}{\sqrt{n}\,\sigma}$$
#
# has mean 0 and variance 1 for every $n$, and its *distribution* tends to $\mathcal{N}(0, 1)$, whatever
# the distribution of the draws. How fast depends on how lopsided the draws are, which the **skewness**
# $\gamma_1 = \mathbb{E}[(x - \mu)^3]/\sigma^3$ measures (0 for a symmetric distribution). Third central
# moments of independent variables add, like variances, so $S_n$ has third central moment
# $n\gamma_1\sigma^3$ and $Z_n$ has skewness $n\gamma_1\sigma^3/(\sqrt{n}\,\sigma)^3 = \gamma_1/\sqrt{n}$: the
# asymmetry fades like $1/\sqrt{n}$. The cell below draws 20 000 sums of exponential draws (rate 1:
# $\mu = \sigma = 1$, $\gamma_1 = 2$) for each $n$; its last column is the Kolmogorov-Smirnov distance, the
# largest gap between their distribution function and that of $\mathcal{N}(0, 1)$.
#
# </details>

# %% jupyter={"source_hidden": true} slideshow={"slide_type": "subslide"}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: mean, variance, skewness and distance to N(0, 1) of 20 000 standardised sums Z_n.
if exercises.what_converges.revealed():
    print("   n     mean  variance  skewness (exact)  distance to N(0, 1)")
    for n in [1, 2, 5, 20, 100, 1000]:
        z = standardized_sums("exponential", n, 20_000, random_state=5)
        exact_skewness, distance = sum_skewness("exponential", n), stats.kstest(z, "norm").statistic
        print(f"{n:4d}  {z.mean():+.4f}  {z.var():7.3f}  {sample_skewness(z):8.3f} ({exact_skewness:.3f})  {distance:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **Explore** (in the cell below, once you have answered). 20 000 standardised sums $Z_n$ of $n$ draws
# under the density of $\mathcal{N}(0, 1)$; the buttons choose the draws. At $n = 1$ the histogram is the
# exponential density, moved to mean 0.
#
# - Move $n$ up, or press play: the skew fades like $2/\sqrt{n}$ (0.37 at $n = 30$).
# - **uniform**: symmetric, skewness 0; at $n = 3$ already hard to tell from the bell.
# - **Bernoulli** ($\phi = 0.2$): $S_n$ takes the values $0, \dots, n$, one bar each; slow (skewness $1.5/\sqrt{n}$).
#
# </details>

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the explorer, starting at n = 1.
if exercises.what_converges.revealed():
    clt = CLTExplorer(n=1)
    display(clt)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### The principle of maximum entropy
#
# Among all distributions that satisfy what we know (the
# constraints), pick the one of largest entropy: it assumes nothing more than the constraints. If we
# know a mean and a variance, that distribution is the normal one.
#
# *Proof with Gibbs' inequality.* Gibbs' inequality holds for densities by the same argument, with
# integrals. Let $p$ have mean $\mu$ and variance $\sigma^2$, and let $q = \mathcal{N}(\mu, \sigma^2)$. Then
#
# $$H(p) \le H(p, q) = \mathbb{E}_p\left[\tfrac12\log(2\pi\sigma^2) + \frac{(x-\mu)^2}{2\sigma^2}\right] = \tfrac12\log(2\pi\sigma^2) + \tfrac12 = H(q),$$
#
# with equality only for $p = q$. The key step: the cross-entropy with a Gaussian depends on $p$
# only through its variance, which is fixed. (Straka's lecture states the result without proof; this
# one needs nothing beyond section 7.)
#
# Checked for five distributions scaled to variance 1: each entropy against scipy, each
# cross-entropy with $\mathcal{N}(0, 1)$ by numerical integration (`scipy.integrate.quad`, whose error
# bound is checked too; all equal $H(\mathcal{N}(0, 1)) = \frac12\log(2\pi e) \approx 1.4189$), and the
# normal on top.

# %% slideshow={"slide_type": "subslide"}
unit_variance = {"normal": stats.norm(0, 1), "logistic": stats.logistic(0, np.sqrt(3) / np.pi),  # scaled to variance 1
                 "triangular": stats.triang(0.5, -np.sqrt(6), 2 * np.sqrt(6)),
                 "laplace": stats.laplace(0, 1 / np.sqrt(2)),
                 "uniform": stats.uniform(-np.sqrt(3), 2 * np.sqrt(3))}


def cross_entropy_with_standard_normal(dist):
    """-E_p[log N(x; 0, 1)] and quad's error bound, integrating on each side of 0 (where two densities have a kink)."""
    low, high = dist.support()
    pieces = [quad(lambda x: -dist.pdf(x) * normal_logpdf(x), a, b) for a, b in [(low, 0.0), (0.0, high)]]
    return sum(value for value, _ in pieces), sum(error for _, error in pieces)


# %% slideshow={"slide_type": "subslide"}
print("distribution  variance  entropy  scipy   H(p, N(0, 1))")
error_bounds = []
for name, value in entropies_at_fixed_variance(1.0).items():
    dist = unit_variance[name]
    cross, error = cross_entropy_with_standard_normal(dist)
    error_bounds.append(error)
    print(f"{name:>12}  {dist.var():8.4f}  {value:.4f}  {dist.entropy():.4f}  {cross:.4f}")
entropies = entropies_at_fixed_variance(1.0)
print(f"the normal has the largest entropy: {max(entropies, key=entropies.get) == 'normal'}; "
      f"every quadrature error bound below 1e-7: {max(error_bounds) < 1e-7}")

# %% slideshow={"slide_type": "subslide"}
fig, ax = plt.subplots(figsize=(8, 4))
x_plot = np.linspace(-3.5, 3.5, 701)
for (name, value), style in zip(entropies_at_fixed_variance(1.0).items(), ["-", "--", "-.", ":", "-"]):
    ax.plot(x_plot, unit_variance[name].pdf(x_plot), style, label=f"{name}: $H = {value:.4f}$")
ax.set(xlabel="$x$", ylabel="density", ylim=(0, 0.85),
       title="five distributions of variance 1: the normal has the most entropy")
ax.legend(loc="upper right", title="entropy in nats")
plt.show()

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 11. Two variables: joint and conditional entropy, mutual information
#
# Section 5 measured the uncertainty of one variable. With two, $X$ and $Y$, the distribution is a table
# $P(x, y)$, and three questions arise: how uncertain is the pair, how uncertain is $Y$ once $X$ is known,
# and how much does $X$ tell about $Y$? Straka's lecture uses only the conditional entropy, in its maximum
# likelihood part: its $H(\hat p_\text{data})$ is $H(Y \mid X)$ below, with the input as $X$, the target as
# $Y$ and $P = \hat p_\text{data}$ (notebook 03 corrects a slip in it). It defines neither the joint entropy
# nor the mutual information; the definitions below are the standard ones (Cover and Thomas, *Elements of
# Information Theory*, ch. 2).
#
# - The **joint entropy** is the entropy of the pair, one outcome of a larger set:
#   $H(X, Y) = -\sum_{x, y} P(x, y) \log P(x, y)$.
# - The **conditional entropy** averages, over $x$, the entropy of $Y$ given $X = x$:
#   $$H(Y \mid X) = \sum_x P(x)\, H(Y \mid X = x) = -\sum_{x, y} P(x, y) \log P(y \mid x).$$
# - **The chain rule.** Take $-\log$ of $P(x, y) = P(x)\,P(y \mid x)$ and average over $P(x, y)$:
#   $$H(X, Y) = H(X) + H(Y \mid X) = H(Y) + H(X \mid Y).$$
#   The uncertainty of the pair is that of $X$, plus what is left of $Y$ once $X$ is known.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Mutual information** is what knowing $X$ removes from the uncertainty of $Y$:
#
# $$I(X; Y) = H(Y) - H(Y \mid X) = \sum_{x, y} P(x, y) \log \frac{P(x, y)}{P(x)\,P(y)} = D_\mathrm{KL}\big(P(X, Y) \,\big\|\, P(X)\,P(Y)\big).$$
#
# The middle form follows from $\log P(y \mid x) - \log P(y) = \log \frac{P(x, y)}{P(x)P(y)}$. Read as a
# divergence (section 8), it measures how far the table is from the product of its margins, the table
# the two variables would have if they were independent. So:
#
# - $I(X; Y) \ge 0$, by Gibbs' inequality, and $= 0$ exactly when $X$ and $Y$ are independent;
# - it is symmetric: $I(X; Y) = H(X) - H(X \mid Y) = H(X) + H(Y) - H(X, Y)$;
# - $H(Y \mid X) \le H(Y)$: conditioning on $X$ never brings the conditional entropy above $H(Y)$;
# - it is at most $\min(H(X), H(Y))$, reached when one variable is a function of the other.
#
# In a decision tree, $I(X; Y)$ between a feature $X$ and the class $Y$ is the **information gain** of
# splitting on $X$: ID3 splits first on the feature with the largest one. In notebook 03, section 7, the
# conditional entropy of the target given the input is the least a classifier's log loss can reach.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Checked numerically.** Below, on 500 random $3 \times 4$ tables: the chain rule both ways, the three
# forms of $I(X; Y)$, its symmetry and its bounds. Then on the Play Tennis table of notebook 07, the
# information each feature carries about the class, from the empirical joint distribution of the two
# columns, against scikit-learn's `mutual_info_score` (which works in nats: divide by $\ln 2$ for bits).

# %% slideshow={"slide_type": "subslide"}
tables = np.random.default_rng(11).dirichlet(np.ones(12), size=500).reshape(-1, 3, 4)
tables[::4, 0, :] = 0                                      # a quarter of the tables with a row of zeros
tables /= tables.sum(axis=(1, 2), keepdims=True)
worst = {"chain rule H(X,Y) = H(X) + H(Y|X)": 0.0, "chain rule H(X,Y) = H(Y) + H(X|Y)": 0.0,
         "I = H(Y) - H(Y|X)": 0.0, "I = H(X) + H(Y) - H(X,Y)": 0.0, "I(X;Y) = I(Y;X)": 0.0}
inside = True
for table in tables:
    H_x, H_y, H_xy = entropy(table.sum(axis=1)), entropy(table.sum(axis=0)), joint_entropy(table)
    H_y_x, H_x_y, mi = conditional_entropy(table), conditional_entropy(table.T), mutual_information(table)
    for name, gap in zip(worst, [H_xy - H_x - H_y_x, H_xy - H_y - H_x_y, mi - (H_y - H_y_x),
                                 mi - (H_x + H_y - H_xy), mi - mutual_information(table.T)]):
        worst[name] = max(worst[name], abs(gap))
    inside &= bool(0 <= mi <= min(H_x, H_y) + 1e-12 and H_y_x <= H_y + 1e-12)
for name, gap in worst.items():
    print(f"{name:<36} holds to 1e-12 in all 500 tables: {gap < 1e-12}")
print(f"0 <= I(X;Y) <= min(H(X), H(Y)) and H(Y|X) <= H(Y) in all 500 tables: {inside}")

# %% slideshow={"slide_type": "subslide"}
from sklearn.metrics import mutual_info_score       # noqa: E402  (only this section uses scikit-learn)

tennis = load_play_tennis()
print("feature       I(feature; play) bits   scikit-learn / ln 2   H(play | feature) bits")
for j, name in enumerate(tennis.feature_names):
    table = joint_distribution(tennis.X[:, j], tennis.y)
    print(f"{name:<12}  {mutual_information(table, base=2):20.4f}   "
          f"{mutual_info_score(tennis.X[:, j], tennis.y) / np.log(2):19.4f}   {conditional_entropy(table, base=2):21.4f}")
print(f"H(play) = {entropy(joint_distribution(tennis.X[:, 0], tennis.y).sum(axis=0), base=2):.4f} bits")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Outlook carries the most information about the class in this table, about a quarter of a bit of the
# 0.94 bits of $H(\text{play})$: ID3 would split on it first. But these are plug-in estimates from
# $N = 14$ examples, and the plug-in estimate is biased upwards: for independent columns it averages about
# $(|X| - 1)(|Y| - 1)/(2N \ln 2)$ bits, not 0. The cell below shuffles the class 1000 times, which makes it
# independent of every feature, and counts how often chance alone gives as much.

# %% slideshow={"slide_type": "subslide"}
rng = np.random.default_rng(36)
_, play = np.unique(tennis.y, return_inverse=True)                    # the class as 0, 1
shuffles = rng.permuted(np.tile(play, (1000, 1)), axis=1)             # 1000 shuffles: independent of every feature
print("feature      values  I bits   mean over shuffles   bias (|X|-1)/(2N ln 2)   shuffles giving as much")
for j, name in enumerate(tennis.feature_names):
    _, x = np.unique(tennis.X[:, j], return_inverse=True)
    K, N, observed = x.max() + 1, len(play), mutual_information(joint_distribution(x, play), base=2)
    cells = (x * 2 + shuffles) + 2 * K * np.arange(len(shuffles))[:, None]          # one joint table per shuffle
    tables = np.bincount(cells.ravel(), minlength=2 * K * len(shuffles)).reshape(-1, K, 2) / N
    null = np.array([mutual_information(table, base=2) for table in tables])
    print(f"{name:<12} {K:>5}  {observed:7.4f}   {null.mean():18.4f}   {(K - 1) / (2 * N * np.log(2)):22.4f}   "
          f"{np.mean(null >= observed - 1e-12):22.0%}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Shuffled labels reach outlook's and humidity's values about a quarter of the time, and temperature's
# 0.029 bits is the least any shuffle gives: at $N = 14$, none of the four features is told apart from
# independence. The bias grows with the number of values $|X|$, so the gain favours many-valued features
# (an identifier column would get the largest, all of $H(\text{play})$); C4.5 therefore divides it by
# $H(X)$, the **gain ratio**.
#
# **A noisy copy.** Let $X$ be a fair bit and $Y$ the same bit, flipped with probability $\varepsilon$
# (a binary symmetric channel). Given $X$, $Y$ is a coin with $P(\text{flip}) = \varepsilon$, so
# $H(Y \mid X) = h(\varepsilon)$, the binary entropy, while $Y$ alone is a fair bit, $H(Y) = 1$; hence
# $I(X; Y) = 1 - h(\varepsilon)$ bits. The figure checks the formula against the tables.

# %% slideshow={"slide_type": "subslide"}
flips = np.linspace(0, 1, 101)
channel_info = [mutual_information(np.array([[1 - f, f], [f, 1 - f]]) / 2, base=2) for f in flips]
fig, ax = plt.subplots(figsize=(6, 2.9))
ax.plot(flips, binary_entropy(flips, base=2), label="$H(Y \\mid X) = h(\\varepsilon)$")
ax.plot(flips, 1 - binary_entropy(flips, base=2), label="$1 - h(\\varepsilon)$")
ax.plot(flips[::5], channel_info[::5], "o", markersize=4, label="$I(X; Y)$ from the table")
ax.set(xlabel="flip probability $\\varepsilon$", ylabel="bits", title="A fair bit sent through a noisy copy")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize="small")       # outside: the curves fill the axes
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# At $\varepsilon = \frac12$ the copy is pure noise and tells nothing; at $\varepsilon = 1$ it is the bit
# inverted, and tells everything again.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 12 (derive): two questions about a die
#
# A fair die shows $X \in \{1, \dots, 6\}$. You ask two yes/no questions: $Y$, "is it even?", and $Z$, "is it
# at least 4?". Each alone is a fair question, worth 1 bit. Compute, in bits, the mutual information
# $I(Y; Z)$ between the two answers, and the uncertainty $H(X \mid Y, Z)$ left about the die once you know both.

# %%
die_answer = ...      # ✏️ your answer, in bits, as [I(Y; Z), H(X | Y, Z)]
exercises.die_information.check(die_answer)

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: both values from the package, the pair of answers (Y, Z) taken as one variable.
if exercises.die_information.revealed():
    die = np.arange(1, 7)
    even, high = die % 2 == 0, die >= 4
    print(f"I(Y; Z) = {mutual_information(joint_distribution(even, high), base=2):.4f} bits")
    print(f"H(X | Y, Z) = {conditional_entropy(joint_distribution(die, 2 * even + high).T, base=2):.4f} bits")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 13 (explain): can one observation add uncertainty?
#
# Section 11 showed $H(Y \mid X) \le H(Y)$. Can observing one particular value $X = x$ leave $Y$ more
# uncertain than before, $H(Y \mid X = x) > H(Y)$? Take $Y$ binary.
#
# - **(a)** No, never: information can only reduce uncertainty.
# - **(b)** Yes: only the average over $x$, weighted by $P(x)$, cannot rise.
# - **(c)** Yes, but another value of $X$ must then lower it by the same amount, so the unweighted changes cancel.
# - **(d)** Yes, but only when $P(X = x) < P(Y = 1)$.

# %%
uncertainty_explanation = ...   # ✏️ "a", "b", "c" or "d"
exercises.one_observation_uncertainty.check(uncertainty_explanation)

# %% [markdown] slideshow={"slide_type": "subslide"}
# <details class="after-answer"><summary>After your answer: why</summary>
#
# **(b): the inequality is about the average.** $H(Y) - H(Y \mid X) = I(X; Y) \ge 0$, and
# $H(Y \mid X) = \sum_x P(x) H(Y \mid X = x)$ is an average over $x$; single terms may exceed $H(Y)$. A rare
# disease ($P(Y = 1) = 0.01$) and a test with sensitivity 0.9 and false-positive rate 0.05: a positive result
# makes the disease likelier, about 0.154, and so *less* certain either way. A negative result lowers the
# uncertainty by far less than a positive one raises it, but it is 16 times as frequent: only the average
# weighted by $P(x)$ goes down. And a positive result, $P(x) \approx 0.0585$, is commoner than the disease.
# The cell below computes it.
#
# </details>

# %% jupyter={"source_hidden": true}
# After your answer: the outcome (run this cell again once you have answered)
# Once you have answered: the disease and its test as a joint table, and H(Y | X = x) for each result.
if exercises.one_observation_uncertainty.revealed():
    test_table = np.array([[0.99 * 0.95, 0.01 * 0.1],      # rows: negative, positive; columns: healthy, ill
                           [0.99 * 0.05, 0.01 * 0.9]])
    print(f"H(Y) = {entropy(test_table.sum(axis=0), base=2):.3f} bits before the test")
    for name, row in zip(["negative", "positive"], test_table):
        print(f"{name}: P(x) = {row.sum():.4f}, P(ill | x) = {row[1] / row.sum():.4f}, "
              f"H(Y | X = x) = {entropy(row / row.sum(), base=2):.3f} bits")
    print(f"H(Y | X) = {conditional_entropy(test_table, base=2):.3f} bits on average, "
          f"I(X; Y) = {mutual_information(test_table, base=2):.3f} bits")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# - **Straka, NPFL129 lecture 3, the one-hot vector.** It prints $\mathbf{1}_x$ with $k$ zeros before
#   the 1 and $K - k - 1$ after it, but the position of the 1 is the outcome $x$: $x$ zeros before it
#   and $K - x - 1$ after. Section 2 prints the codes of the outcomes 0, 1, 2.
# - **Straka, NPFL129 lecture 3, the proof of Gibbs' inequality.** It writes
#   $\sum_x P(x)\big(\frac{Q(x)}{P(x)} - 1\big) = \sum_x Q(x) - \sum_x P(x) = 0$, dividing by $P(x)$ also where
#   $P(x) = 0$. The sum runs over the outcomes with $P(x) > 0$ only, and there it is
#   $\sum_{x: P(x) > 0} Q(x) - 1 \le 0$, with equality only if $Q$ puts no mass outside them; that is
#   why equality needs $Q = P$ everywhere. Section 7 checks it on 2000 pairs with zeros in $P$, where the
#   sum stays below 1.
# - **Straka, NPFL129 lecture 3, the central limit theorem.** "The sum of independent identically
#   distributed random variables with finite variance converges to normal distribution": the sum does
#   not converge, its variance $n\sigma^2$ grows without bound. Exercise 11 asks what does converge, and
#   its solution states the theorem exactly; once it is answered, section 10 shows the limit.
# - **Straka, NPFL129 lecture 3, maximum entropy.** The normal distribution's maximum entropy "can be
#   proven (using variational inference)": the tool of that proof is the calculus of variations;
#   variational inference is a method of approximate Bayesian inference. Section 10 proves it with
#   Gibbs' inequality instead and checks it on five distributions of variance 1.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A Bernoulli variable has $P(x) = \phi^x(1-\phi)^{1-x}$, mean $\phi$ and variance $\phi(1-\phi)$; a
#   categorical one, written one-hot, has $P(\mathbf{x}) = \prod_i p_i^{x_i}$, each coordinate is Bernoulli
#   with $\phi = p_i$, and two coordinates have covariance $-p_i p_j$; the normal density is
#   $\exp(-(x-\mu)^2/(2\sigma^2))/\sqrt{2\pi\sigma^2}$, which may exceed 1.
# - The surprise of an outcome is $I(x) = -\log P(x)$, forced by three wishes; the base is the unit
#   (bits for $\log_2$, nats for $\ln$; 1 bit $= \ln 2$ nats).
# - Entropy $H(P) = -\sum_x P(x)\log P(x)$ is the average surprise, with $0 \log 0 = 0$; for discrete
#   data it lies between 0 and $\log K$. In bits it is the number of yes/no questions the best strategy
#   (Huffman's code) needs, up to one: $H \le L < H + 1$, exactly $H$ for a dyadic distribution and per
#   outcome in the long run. The differential entropy $\frac12\log(2\pi e\sigma^2)$ of a Gaussian is negative for
#   $\sigma < 0.242$.
# - Cross-entropy $H(P, Q) = -\sum_x P(x) \log Q(x)$ is the classification loss; Gibbs' inequality
#   $H(P, Q) \ge H(P)$ follows from $\log u \le u - 1$.
# - $D_\mathrm{KL}(P\|Q) = H(P, Q) - H(P) \ge 0$, zero only for $P = Q$, infinite where $Q$ misses an
#   outcome of $P$, and not symmetric: fitting one Gaussian to two bumps, the forward divergence covers
#   both and the reverse one picks one.
# - The normal distribution is the limit in the central limit theorem (exercise 11 asks the limit of
#   what) and the maximum-entropy distribution for a given variance.

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Summary** (continued)
#
# - For two variables, $H(X, Y) = H(X) + H(Y \mid X)$ (the chain rule), and the mutual information
#   $I(X; Y) = H(Y) - H(Y \mid X) = D_\mathrm{KL}(P(X, Y) \| P(X) P(Y)) \ge 0$ is symmetric and 0 exactly for
#   independent variables: $H(Y \mid X) \le H(Y)$, an average over $x$ (exercise 13 asks what that says of
#   one $x$).
#
# **Next:** notebook 03 fits models to data by maximum likelihood, which is minimising the
# cross-entropy $H(\hat p_\mathrm{data}, p_\mathrm{model})$ and, for discrete data, the same as minimising
# $D_\mathrm{KL}(\hat p_\mathrm{data} \| p_\mathrm{model})$.
