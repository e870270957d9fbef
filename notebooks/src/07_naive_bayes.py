# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown] slideshow={"slide_type": "slide"}
# # 07 · Naive Bayes
#
# **What you will learn**
#
# - the naive assumption, that the features are independent *given the class*, and what it buys: a
#   number of parameters linear instead of exponential in the number of features;
# - categorical Naive Bayes as counting, which is maximum likelihood; the play-tennis example of the
#   lecture computed exactly, step by step;
# - the zero-count problem, where one value never seen with a class vetoes it, and Laplace smoothing;
# - Bernoulli Naive Bayes on a bag of words, where absent words are evidence too, and why it is a
#   linear classifier;
# - why every implementation sums logarithms and normalises with log-sum-exp;
# - Gaussian Naive Bayes as QDA with diagonal covariances, and what correlated features do to it:
#   double counting and over-confident probabilities, seen in reliability diagrams;
# - when a generative model beats a discriminative one: learning curves of Naive Bayes against
#   logistic regression (Ng and Jordan, 2001).

# %% [markdown] slideshow={"slide_type": "subslide"}
# **What you need**: Bayes' theorem and generative classifiers, QDA (notebook 06); the maximum likelihood
# estimates of a die and a Gaussian (notebook 03); logistic regression (notebook 04).
#
# **How to use it**: run the cells from top to bottom (*Run → Run All Cells*). Sliders and menus redraw
# at once. Cells marked ✏️ are exercises of four kinds: *derive* a number, *implement* a function,
# *predict* what a cell or widget will show before you run it, *explain* by picking an option. Replace
# the `...`, run the cell, and the check says whether you are right or gives a hint; its **Show the
# solution** button reveals a worked solution, so try first.
#
# **Notation**: the course's one notation is in [NOTATION.md](NOTATION.md): $N$ examples, $D$ features
# $x_1, \dots, x_D$, $K$ classes $C_k$ with $N_k$ examples each. This notebook follows Arias, UPC topic 2,
# which writes $n$, $n_k$ and $d$ for $N$, $N_k$ and $D$, and $\pi_k = p(C_k)$ for the priors. $N_{kv}$ counts
# the examples of class $C_k$ whose feature takes the value $v$, and $V_j$ is the number of values of
# feature $j$.

# %% slideshow={"slide_type": "subslide"}
import itertools
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

from lecture_utils import plotting
from lecture_utils.datasets import load_breast_cancer, load_iris, load_play_tennis
from lecture_utils.discriminant import QDA, gaussian_joint_log_likelihood, gaussian_posterior
from lecture_utils.exercises import naive_bayes as exercises
from lecture_utils.logistic import LogisticRegression, log_loss
from lecture_utils.model_selection import learning_curve, train_test_split
from lecture_utils.naive_bayes import (BernoulliNB, CategoricalNB, GaussianNB,
                                       laplace_estimate, parameter_counts, word_presence)
from lecture_utils.preprocessing import StandardScaler, make_pipeline
from lecture_utils.widgets import CorrelationExplorer, PlayTennisExplorer

plotting.use_house_style()     # plotting.present() enlarges everything for a lecture hall
np.set_printoptions(precision=4, suppress=True)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The naive assumption
#
# A generative classifier (notebook 06) models how each class produces its inputs, $p(\mathbf{x} \mid C_k)$,
# and the class frequencies $\pi_k = p(C_k)$, and classifies by Bayes' theorem:
#
# $$p(C_k \mid \mathbf{x}) = \frac{p(\mathbf{x} \mid C_k)\,\pi_k}{\sum_{j} p(\mathbf{x} \mid C_j)\,\pi_j}.$$
#
# For $D$ categorical features with $V_1, \dots, V_D$ values, a full table of $p(\mathbf{x} \mid C_k)$ has a cell
# for every combination of values: $\prod_j V_j$ cells, summing to 1, so $\prod_j V_j - 1$ free
# numbers per class. That grows exponentially with $D$, and most cells are never seen in training.
#
# **Naive Bayes** assumes the features are independent *within each class*:
#
# $$p(\mathbf{x} \mid C_k) = \prod_{j=1}^{D} p(x_j \mid C_k), \qquad
# g_k(\mathbf{x}) = \log p(\mathbf{x}, C_k) = \log \pi_k + \sum_{j=1}^{D} \log p(x_j \mid C_k).$$
#
# Now each class needs one small table per feature, $\sum_j (V_j - 1)$ numbers, linear in $D$. The
# predicted class is the largest $g_k(\mathbf{x})$, and $p(C_k \mid \mathbf{x})$ is $e^{g_k}$ normalised.
# The play-tennis data of the lecture have four features with 3, 3, 2 and 2 values and two classes:

# %% slideshow={"slide_type": "subslide"}
tennis = load_play_tennis()
n_values = [len(set(column)) for column in tennis.X.T]
print("values per feature:", dict(zip(tennis.feature_names, n_values)))
print("free parameters with the prior, full table and naive:", parameter_counts(n_values, 2))
for label in tennis.target_names:
    seen = {tuple(row) for row, t in zip(tennis.X, tennis.y) if t == label}
    print(f"class {label}: {np.sum(tennis.y == label)} days, {len(seen)} of the "
          f"{np.prod(n_values)} cells of its table seen at least once")

# %% [markdown] slideshow={"slide_type": "subslide"}
# So the full model has $2 \times 35 + 1 = 71$ numbers to estimate from 14 days, and leaves 31 of the 36
# cells of class No and 27 of class Yes without a single example; Naive Bayes has $2 \times 6 + 1 = 13$.
#
# **Which independence?** The factorisation needs the features to be *mutually* independent given the
# class. Independence of every pair is not enough. Take, within one class, two fair coins $x_1, x_2$ and
# $x_3 = x_1 \oplus x_2$ (exclusive or): any two of the three are independent, yet $x_3$ is fixed by the
# other two, and the product of the marginals is wrong on every cell.

# %% slideshow={"slide_type": "subslide"}
cells = list(itertools.product([0, 1], repeat=3))
joint = {c: 0.25 if c[2] == c[0] ^ c[1] else 0.0 for c in cells}     # x3 = x1 xor x2


def probability(fixed):
    """p(x_j = v for every j: v in fixed), summed from the joint table."""
    return sum(p for c, p in joint.items() if all(c[j] == v for j, v in fixed.items()))


pairs_independent = all(
    np.isclose(probability({i: a, j: b}), probability({i: a}) * probability({j: b}))
    for i, j in itertools.combinations(range(3), 2) for a in (0, 1) for b in (0, 1))
print("every pair independent:", pairs_independent)
for c in cells[:4]:
    product = np.prod([probability({j: v}) for j, v in enumerate(c)])
    print(f"p(x = {c}) = {joint[c]:.3f}, product of the marginals = {product:.3f}")

# %% [markdown]
# The naive assumption is almost always false: the temperature and the outlook of a day are related
# whatever the decision to play. Section 7 shows what that costs, and why the classifications often
# survive it while the probabilities do not.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 1 (derive): eight yes/no features
#
# Two classes, eight binary features. How many free parameters does the full model, one table of
# $p(\mathbf{x} \mid C_k)$ per class plus the prior, have to estimate?

# %%
n_parameters = ...     # ✏️ a whole number
exercises.parameter_count.check(n_parameters)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Categorical features: counting is maximum likelihood
#
# Under the naive model the log-likelihood of the training data splits into independent pieces. With
# $t_i$ the class of example $i$ and $p_{kjv} = p(x_j = v \mid C_k)$,
#
# $$\log L = \sum_{i=1}^{N}\Big[\log \pi_{t_i} + \sum_{j=1}^{D} \log p(x_{ij} \mid C_{t_i})\Big]
# = \sum_k N_k \log \pi_k + \sum_{j=1}^{D}\sum_k \sum_v N_{kjv} \log p_{kjv},$$
#
# where $N_{kjv}$ counts the examples of class $k$ with $x_j = v$. The priors and each table row
# $(p_{kjv})_v$ appear in separate sums, each with its own constraint $\sum_v p_{kjv} = 1$, and each is the
# die of notebook 03. So the maximum likelihood estimates are frequencies:
#
# $$\hat\pi_k = \frac{N_k}{N}, \qquad \hat p(x_j = v \mid C_k) = \frac{N_{kv}}{N_k}$$
#
# (dropping the index $j$ from $N_{kjv}$ when the feature is clear). `CategoricalNB(alpha=0)` stores the
# counts as `category_count_`, one table per feature with a row per class:

# %% slideshow={"slide_type": "subslide"}
model = CategoricalNB(alpha=0).fit(tennis.X, tennis.y)
print(f"classes {model.classes_.tolist()}, N_k = {model.class_count_.tolist()}")
for name, values, counts in zip(tennis.feature_names, model.categories_,
                                model.category_count_):
    print(f"{name:12}", "  ".join(f"{v:>8}" for v in values))
    for label, row in zip(model.classes_, counts):
        print(f"   {label:9}", "  ".join(f"{n:>8}" for n in row))

# %% [markdown] slideshow={"slide_type": "subslide"}
# These are the lecture's tables: 9 days with play and 5 without, Overcast 0 No and 4 Yes, and so on.
# Counted again by hand, with no numpy, for the outlook:

# %%
outlook_counts = {(t, day[0]): 0 for t in ("No", "Yes") for day in tennis.X.tolist()}
for day, t in zip(tennis.X.tolist(), tennis.y.tolist()):
    outlook_counts[t, day[0]] += 1
print(sorted(outlook_counts.items()))
print("same as the model's table:", all(
    outlook_counts[label, value] == model.category_count_[0][k, v]
    for k, label in enumerate(model.classes_) for v, value in enumerate(model.categories_[0])))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The lecture's query**, $\mathbf{x}^* = (\text{Sunny}, \text{Hot}, \text{Normal}, \text{Weak})$. Each class
# multiplies its prior by one factor per feature, read off the tables:
#
# $$p(\mathbf{x}^*, \text{Yes}) = \tfrac{9}{14}\cdot\tfrac{2}{9}\cdot\tfrac{2}{9}\cdot\tfrac{6}{9}\cdot\tfrac{6}{9}
# = \tfrac{8}{567}, \qquad
# p(\mathbf{x}^*, \text{No}) = \tfrac{5}{14}\cdot\tfrac{3}{5}\cdot\tfrac{2}{5}\cdot\tfrac{1}{5}\cdot\tfrac{2}{5}
# = \tfrac{6}{875},$$
#
# $$p(\text{Yes} \mid \mathbf{x}^*) = \frac{8/567}{8/567 + 6/875} = \frac{500}{743}.$$
#
# The same in exact fractions, from the model's own factors (`feature_factors` gives
# $p(x_j \mid C_k)$ for one example):

# %% slideshow={"slide_type": "subslide"}
query = ["Sunny", "Hot", "Normal", "Weak"]


def exact_joint(model, day):
    """Each class's prior and factors as fractions, and their product p(x, C_k)."""
    priors = [Fraction(int(n), int(model.class_count_.sum())) for n in model.class_count_]
    factors = [[Fraction(f).limit_denominator(100) for f in row]
               for row in model.feature_factors(day)]
    return {label: (prior, row, prior * np.prod(row))
            for label, prior, row in zip(model.classes_, priors, factors)}


joints = exact_joint(model, query)
for label, (prior, factors, product) in joints.items():
    print(f"{label:4} prior {str(prior):5} factors {[str(f) for f in factors]}: "
          f"p(x, {label}) = {product} = {float(product):.7f}")
posterior_yes = joints["Yes"][2] / (joints["Yes"][2] + joints["No"][2])
print(f"p(Yes | x) = {posterior_yes} = {float(posterior_yes):.5f};  "
      f"the model: {model.predict_proba([query])[0, 1]:.5f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The lecture quotes "Yes with probability 0.671". The exact value is $500/743 = 0.6729$. The 0.671
# comes from rounding the two joint probabilities to four decimals before normalising:

# %%
yes, no = round(float(joints["Yes"][2]), 4), round(float(joints["No"][2]), 4)
rounded = yes / (yes + no)
print(f"rounded joints {yes} and {no}: {rounded:.4f} = "
      f"{Fraction(rounded).limit_denominator(100)}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 2 (derive): a cool, windy, rainy day
#
# From the count tables above, with $\alpha = 0$ (plain frequencies): what is
# $p(\text{Yes} \mid \text{Rain}, \text{Cool}, \text{High}, \text{Strong})$?

# %%
p_yes = ...     # ✏️ a number
exercises.rainy_day.check(p_yes)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Zero counts and Laplace smoothing
#
# No day in the data is Overcast without play: $\hat p(\text{Overcast} \mid \text{No}) = 0/5 = 0$. One zero
# factor makes the whole product zero, so for *every* Overcast day $p(\mathbf{x}, \text{No}) = 0$ and
# $p(\text{Yes} \mid \mathbf{x}) = 1$ exactly, whatever the other three features say. A hot, humid, windy
# Overcast day has three features that favour No:

# %%
overcast_day = ["Overcast", "Hot", "High", "Strong"]
factors = model.feature_factors(overcast_day)
print("factors p(x_j | C_k), rows", model.classes_.tolist(), ":\n", factors)
print("ratios p(x_j | Yes) / p(x_j | No) of the other three:", factors[1, 1:] / factors[0, 1:])
print("posterior (No, Yes):", model.predict_proba([overcast_day])[0])
try:
    model.predict_proba([["Snowy", "Hot", "High", "Strong"]])
except ValueError as error:                       # a value never seen with any class
    print("a Snowy day:", str(error).split(";")[0])

# %% [markdown] slideshow={"slide_type": "subslide"}
# Five training days are too few to conclude that Overcast *never* goes with No. **Laplace smoothing**
# (add-$\alpha$) pretends that every value was seen $\alpha$ more times in every class:
#
# $$\hat p(x_j = v \mid C_k) = \frac{N_{kv} + \alpha}{N_k + \alpha V_j}.$$
#
# It is a maximum *a posteriori* estimate: multiply the likelihood $\prod_v p_v^{N_{kv}}$ of one table row
# by a Dirichlet prior $\propto \prod_v p_v^{\alpha}$ (that is, Dirichlet$(\alpha + 1, \dots, \alpha + 1)$),
# and the die's derivation of notebook 03, with $N_{kv} + \alpha$ in place of $N_{kv}$, gives the formula.
# $\alpha = 0$ is the maximum likelihood estimate, $\alpha = 1$ is Laplace's rule, and as
# $\alpha \to \infty$ every factor tends to $1/V_j$, which carries no information. The priors $\pi_k$ are
# not smoothed (every class has examples).

# %% slideshow={"slide_type": "subslide"}
outlook = model.category_count_[0]
for alpha in (0, 1, 10):
    print(f"alpha = {alpha:2}: p(outlook | No) =", laplace_estimate(outlook, alpha)[0],
          " p(outlook | Yes) =", laplace_estimate(outlook, alpha)[1])
smoothed = CategoricalNB(alpha=1).fit(tennis.X, tennis.y)
print("\nthe Overcast day, alpha = 1: (No, Yes) =", smoothed.predict_proba([overcast_day])[0])
joints_1 = exact_joint(smoothed, query)
posterior_1 = joints_1["Yes"][2] / (joints_1["Yes"][2] + joints_1["No"][2])
print(f"the lecture's query, alpha = 1: p(Yes | x) = {posterior_1} = {float(posterior_1):.5f}")

# %% [markdown]
# With $\alpha = 1$ the Overcast day gets $p(\text{Yes} \mid \mathbf{x}) = 0.56$: still Yes, barely, where
# it was certain. The lecture's query moves only a little, from $500/743 = 0.6729$ to $2401/3611 = 0.6649$:
# its counts are not zero, and smoothing only pulls each factor a little towards $1/V_j$. A value never
# seen with *any* class, such as a Snowy outlook, is another matter: the model has no count for it at
# all, and `CategoricalNB` says so rather than guess.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 3 (implement): a smoothed table from counts
#
# Write `laplace(counts, alpha)`: `counts` holds the counts $N_{kv}$ of one feature, one row per class
# (the values along the last axis, as in `category_count_`); return the smoothed probabilities
# $(N_{kv} + \alpha)/(N_k + \alpha V)$, same shape. The hidden cases include $\alpha = 0$, a row of zeros and
# a single row given as a 1-D array.

# %%
def laplace(counts, alpha):
    """Return (counts + alpha) / (row totals + alpha V), along the last axis."""
    ...              # ✏️ your code


exercises.laplace_table.check(laplace)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 4 (derive): a smoothed posterior
#
# With $\alpha = 1$, what is $p(\text{Yes} \mid \text{Overcast}, \text{Cool}, \text{High}, \text{Strong})$? Compute it
# by hand from the count tables of section 2 before you try the day in the explorer below.

# %%
p_yes_smoothed = ...     # ✏️ a number
exercises.smoothed_overcast_day.check(p_yes_smoothed)

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: the posterior of any day, factor by factor
#
# The explorer starts at the lecture's query with $\alpha = 0$. On the left, each class's prior and its
# four factors, one pair of bars per feature (No dark, Yes light); in the middle their products
# $p(\mathbf{x}, C_k)$; on the right the products normalised, $p(C_k \mid \mathbf{x})$.
#
# - **Try**: set the outlook to Overcast. No's outlook bar drops to 0, its product to 0, and Yes gets
#   probability 1. Then raise $\alpha$ slowly from 0.
# - **Look for**: the products are tiny (about 0.01) and only their ratio matters; a bar of 0 vetoes a
#   class outright; as $\alpha$ grows every factor moves towards $1/V_j$ (1/3 or 1/2), and the posterior
#   towards the priors ($9/14 = 0.643$ for Yes, reached only as $\alpha \to \infty$). Then check your
#   answer to exercise 4.

# %% slideshow={"slide_type": "subslide"}
explorer = PlayTennisExplorer(day=query, alpha=0.0)
explorer

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same from code, on a second explorer so that the one above stays where you left it:
# `set_day(day, alpha)` changes the menus and the slider with one redraw.

# %%
demo = PlayTennisExplorer()
for alpha in (0.0, 0.5, 1.0, 5.0):
    demo.set_day(overcast_day, alpha)
    print(demo.status)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Bernoulli features: absent words count too
#
# A text becomes binary features by asking, for each word of a vocabulary, whether it occurs: $x_j = 1$ if
# word $j$ is in the document, else 0 (a "binary bag of words"). Each feature is a Bernoulli variable with
# its own parameter per class, $p_{kj} = p(x_j = 1 \mid C_k)$ (the lecture's notation), so
#
# $$p(\mathbf{x} \mid C_k) = \prod_{j=1}^{D} p_{kj}^{x_j}(1 - p_{kj})^{1 - x_j}, \qquad
# g_k(\mathbf{x}) = \log\pi_k + \sum_{j=1}^{D}\big[x_j \log p_{kj} + (1 - x_j)\log(1 - p_{kj})\big].$$
#
# Every word of the vocabulary contributes a factor: $p_{kj}$ if present, $1 - p_{kj}$ if absent. The
# estimate is categorical Naive Bayes with $V = 2$: $\hat p_{kj} = (N_{kj} + \alpha)/(N_k + 2\alpha)$, where $N_{kj}$
# counts the documents of class $k$ containing word $j$. Ten short messages, written for this notebook:

# %% slideshow={"slide_type": "subslide"}
messages = [("win a free prize now", "spam"), ("free money, click now", "spam"),
            ("claim your prize money today", "spam"), ("cheap offer: win big today", "spam"),
            ("click here to claim a free offer", "spam"),
            ("the meeting moved to monday", "ham"), ("can you send the report today", "ham"),
            ("lunch with the team on monday", "ham"),
            ("the report is ready for the meeting", "ham"), ("see you at lunch", "ham")]
texts, labels = [text for text, _ in messages], np.array([label for _, label in messages])
X_words, vocabulary = word_presence(texts)
words = BernoulliNB(alpha=1).fit(X_words, labels)
print(f"{len(vocabulary)} words:", " ".join(vocabulary))
print("classes", words.classes_.tolist(), " p(word | class) of 'free':",
      words.feature_prob_[:, vocabulary.index("free")])

# %% [markdown] slideshow={"slide_type": "subslide"}
# **A linear classifier.** $g_k$ is linear in $\mathbf{x}$, so for two classes the log-odds is
#
# $$g_1(\mathbf{x}) - g_0(\mathbf{x}) = \mathbf{w}^T\mathbf{x} + b, \qquad
# w_j = \log\frac{p_{1j}(1 - p_{0j})}{p_{0j}(1 - p_{1j})}, \qquad
# b = \log\frac{\pi_1}{\pi_0} + \sum_j \log\frac{1 - p_{1j}}{1 - p_{0j}},$$
#
# and $p(C_1 \mid \mathbf{x}) = \sigma(\mathbf{w}^T\mathbf{x} + b)$: the form of logistic regression (notebook 04),
# with weights set by counting instead of by minimising a loss. Checked on every message, and the
# words that push hardest towards spam:

# %%
p0, p1 = words.feature_prob_
w = np.log(p1 * (1 - p0) / (p0 * (1 - p1)))
b = np.log(words.class_prior_[1] / words.class_prior_[0]) + np.sum(np.log((1 - p1) / (1 - p0)))
g = words.decision_function(X_words)
print("g_1 - g_0 = w^T x + b on every message:",
      np.allclose(g[:, 1] - g[:, 0], X_words @ w + b))
order = np.argsort(w)
print("most spam:", ", ".join(f"{vocabulary[j]} {w[j]:+.2f}" for j in order[::-1][:4]))
print("most ham: ", ", ".join(f"{vocabulary[j]} {w[j]:+.2f}" for j in order[:4]))

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Absent words are evidence.** A new message, "free lunch today": "free" points to spam, "lunch" to ham.
# Its posterior with all the factors, and with only the factors of the words present:

# %%
x_new, _ = word_presence(["free lunch today"], vocabulary)
factors = words.feature_factors(x_new[0])                      # (K, D): p_kj or 1 - p_kj
present = x_new[0] == 1
only_present = words.class_prior_ * factors[:, present].prod(axis=1)
print("p(spam | x) with every factor:", words.predict_proba(x_new)[0, 1].round(4),
      "  with the present words' only:", (only_present[1] / only_present.sum()).round(4))
absent_ratio = factors[1, ~present] / factors[0, ~present]
print("product of the absent words' ratios (1 - p_spam) / (1 - p_ham):",
      absent_ratio.prod().round(3))

# %% [markdown]
# The 29 absent words multiply the odds of spam by about 2.1: most ham messages contain "the", "meeting"
# or "monday", and their absence here speaks against ham. (The multinomial Naive Bayes of text
# classification counts how often each word occurs instead, and uses the words present only.)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 5 (predict): a message with no known word
#
# A message contains none of the 32 words of the vocabulary (it is empty, or all its words are new). The
# priors are 5/10 for each class. What does the model above give as $p(\text{spam} \mid \mathbf{x})$?
#
# - **(a)** exactly the prior, 0.5: no word, no evidence;
# - **(b)** something else: every absent word is evidence;
# - **(c)** nothing: it is $0/0$, undefined;
# - **(d)** exactly 0.5, but only because the priors happen to be equal.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.empty_message.check(prediction)

# %%
x_empty, _ = word_presence(["ok, thanks!"], vocabulary)          # no word of the vocabulary
print("words found:", x_empty.sum(), " p(spam | x) =",
      words.predict_proba(x_empty)[0, 1].round(4))

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Computing in log space
#
# Each factor $p(x_j \mid C_k)$ is a probability, at most 1, and often far below it; their product shrinks
# geometrically with $D$. A double holds nothing below about $4.9 \times 10^{-324} = e^{-744.4}$: with a few
# hundred features both products $p(\mathbf{x}, C_k)$ become exactly 0, and $0/0$ is `nan`. So every
# implementation sums logarithms, $g_k = \log\pi_k + \sum_j \log p(x_j \mid C_k)$, and normalises with the
# **log-sum-exp** trick: with $m = \max_j g_j$,
#
# $$\log p(C_k \mid \mathbf{x}) = g_k - \log\sum_j e^{g_j} = g_k - m - \log\sum_j e^{g_j - m},$$
#
# where the largest term of the sum is $e^0 = 1$, so nothing underflows. Checked on 500 categorical features
# with five values each, sampled from two random classes:

# %% slideshow={"slide_type": "subslide"}
rng = np.random.default_rng(10)
D, V = 500, 5
shared = rng.dirichlet(np.full(V, 3.0), size=D)              # one table per feature ...
value_probabilities = np.stack([0.9 * shared + 0.1 * rng.dirichlet(np.full(V, 3.0), size=D)
                                for _ in range(2)])          # ... varied a little per class
t_many = rng.integers(2, size=301)
cumulative = value_probabilities[t_many].cumsum(axis=2)               # (N, D, V)
X_many = (rng.random((301, D, 1)) > cumulative).sum(axis=2)           # inverse-cdf sampling
many = CategoricalNB(alpha=1).fit(X_many[:300], t_many[:300])
x_last = X_many[300]
factors = many.feature_factors(x_last)                                # (2, 500)
print(f"a typical factor p(x_j | C_k) is {np.median(factors):.3f}; "
      f"the new example's class is {t_many[300]}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# The posterior from the first $D$ features, by multiplying and by summing logarithms:

# %%
print("    D   p(x, C_0)    p(x, C_1)    posterior from products   from logs (log-sum-exp)")
for d in (50, 100, 200, 300, 400, 500):
    products = many.class_prior_ * factors[:, :d].prod(axis=1)
    with np.errstate(invalid="ignore"):
        from_products = products / products.sum()
    log_joint = np.log(many.class_prior_) + np.log(factors[:, :d]).sum(axis=1)
    from_logs = np.exp(log_joint - np.logaddexp.reduce(log_joint))
    print(f"{d:5}   {products[0]:.3e}    {products[1]:.3e}    {from_products.round(4)}"
          f"        {from_logs.round(4)}")
print("the model's predict_proba on all 500:", many.predict_proba([x_last])[0].round(4),
      "  its g_k = log p(x, C_k):", many.decision_function([x_last])[0].round(1))

# %% [markdown]
# The products underflow to 0 between 400 and 500 features, while the sums of logarithms are ordinary
# numbers (about $-750$) and give the posterior to full precision. The package's Naive Bayes models (and
# its QDA) never form the products.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 6 (implement): posteriors in log space
#
# Write `log_posterior(log_joint)`: `log_joint` has one row per example and one column per class, holding
# $g_k = \log p(\mathbf{x}, C_k)$; return $\log p(C_k \mid \mathbf{x})$, same shape. The hidden cases include rows
# such as $(-1000, -1001)$ and a class with $g_k = -\infty$ (vetoed by a zero count). Use numpy only, no
# `scipy.special.logsumexp`.

# %%
def log_posterior(log_joint):
    """Return log p(C_k | x) for each row of log p(x, C_k)."""
    ...              # ✏️ your code


exercises.log_posterior.check(log_posterior)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Gaussian Naive Bayes is QDA with diagonal covariances
#
# For real-valued features the lecture takes each $p(x_j \mid C_k)$ univariate Gaussian,
# $\mathcal{N}(x_j; \mu_{kj}, \sigma^2_{kj})$, fitted by maximum likelihood (notebook 03): the class's sample
# mean and its $1/N_k$ variance, feature by feature. The product of the $D$ densities is one multivariate
# Gaussian with a diagonal covariance $\boldsymbol\Sigma_k = \operatorname{diag}(\sigma^2_{k1}, \dots, \sigma^2_{kD})$,
# since $|\boldsymbol\Sigma_k| = \prod_j \sigma^2_{kj}$ and
# $(\mathbf{x} - \boldsymbol\mu_k)^T\boldsymbol\Sigma_k^{-1}(\mathbf{x} - \boldsymbol\mu_k) = \sum_j (x_j - \mu_{kj})^2/\sigma^2_{kj}$:
#
# $$g_k(\mathbf{x}) = \log\pi_k - \frac12\sum_{j=1}^{D}\Big[\frac{(x_j - \mu_{kj})^2}{\sigma^2_{kj}} + \log(2\pi\sigma^2_{kj})\Big]
# = \log\pi_k + \log\mathcal{N}(\mathbf{x}; \boldsymbol\mu_k, \boldsymbol\Sigma_k).$$
#
# That is QDA's discriminant (notebook 06) with diagonal covariances, **provided** they are the
# maximum likelihood ones. The lecture's QDA, and ours, divide by $N_k - 1$, so its diagonal is
# $N_k/(N_k - 1)$ times Naive Bayes' variances. On the iris flowers:

# %% slideshow={"slide_type": "subslide"}
iris = load_iris()
gnb = GaussianNB().fit(iris.X, iris.y)
qda = QDA().fit(iris.X, iris.y)
as_qda = gaussian_joint_log_likelihood(iris.X, gnb.means_, gnb.covariances_, gnb.class_prior_)
print("g_k(x) of Gaussian NB = QDA's with diag(sigma^2_k), to 1e-10:",
      np.allclose(as_qda, gnb.decision_function(iris.X), rtol=0, atol=1e-10))
n_k = gnb.class_count_[:, None]
qda_diagonal = np.diagonal(qda.covariances_, axis1=1, axis2=2)
print("QDA's diagonal * (N_k - 1)/N_k = Naive Bayes' variances:",
      np.allclose(qda_diagonal * (n_k - 1) / n_k, gnb.variances_, rtol=1e-12))
unbiased = gaussian_posterior(iris.X, gnb.means_, qda_diagonal[:, :, None] * np.eye(4),
                              gnb.class_prior_)
print(f"with the unbiased diagonal instead, posteriors move by up to "
      f"{np.abs(unbiased - gnb.predict_proba(iris.X)).max():.4f}; predictions changed: "
      f"{np.sum(unbiased.argmax(axis=1) != gnb.predict(iris.X))}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **The $\log\sigma$ term.** The lecture's diagonal discriminant, $\log\pi_k - \frac12\sum_j (\mu_{kj} - x_j)^2/\sigma_j^2$,
# has no $\log\sigma$ term because there the covariance is shared by all classes (the LDA case), so the
# term is the same for every class and cancels. Naive Bayes estimates a variance per class, and then the
# term stays: a narrow class has a taller density. Leaving it out changes predictions:

# %%
squares = ((iris.X[:, None, :] - gnb.means_) ** 2 / gnb.variances_).sum(axis=2)
without_log_sigma = np.log(gnb.class_prior_) - squares / 2
print("predictions changed:", np.sum(without_log_sigma.argmax(axis=1) != gnb.predict(iris.X)),
      f"  accuracy {np.mean(without_log_sigma.argmax(axis=1) == iris.y):.3f} instead of "
      f"{gnb.score(iris.X, iris.y):.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Independent within a class only.** A diagonal $\boldsymbol\Sigma_k$ makes the features independent *given
# the class*; the model's features are still correlated overall, through the class means. The fitted
# model's own covariance of petal length and width, a mixture of the three classes
# ($\sum_k \pi_k\boldsymbol\Sigma_k + \sum_k \pi_k(\boldsymbol\mu_k - \boldsymbol\mu)(\boldsymbol\mu_k - \boldsymbol\mu)^T$):

# %%
pi, mu = gnb.class_prior_, gnb.means_
centred = mu - pi @ mu
overall = np.einsum("k,kij->ij", pi, gnb.covariances_) + centred.T @ (pi[:, None] * centred)
petals = overall[2:, 2:]
print(f"correlation of petal length and width under the fitted model: "
      f"{petals[0, 1] / np.sqrt(petals[0, 0] * petals[1, 1]):.3f}; within each class: 0")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Within a class, though, the iris features are correlated too: sepal length and width have correlation
# 0.74 among the setosas. Naive Bayes' ellipses (dashed) stay parallel to the axes; QDA's (solid) tilt
# with the data:

# %%
two = iris.X[:, :2]
gnb_2d, qda_2d = GaussianNB().fit(two, iris.y), QDA().fit(two, iris.y)
fig, ax = plt.subplots(figsize=(7.5, 3.2))
plotting.plot_data(ax, two, iris.y, labels=iris.target_names, s=25)
plotting.plot_covariance_ellipses(ax, gnb_2d.means_, gnb_2d.covariances_, linestyle="--")
plotting.plot_covariance_ellipses(ax, qda_2d.means_, qda_2d.covariances_)
ax.set(xlabel="sepal length (cm)", ylabel="sepal width (cm)",
       title="2-standard-deviation ellipses: Gaussian NB (dashed), QDA (solid)")
ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
plt.show()

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 7 (derive): two Gaussians of different widths
#
# One feature, two classes with equal priors: $C_0$ has $\mu_0 = 0$, $\sigma_0^2 = 1$ and $C_1$ has
# $\mu_1 = 2$, $\sigma_1^2 = 4$. What is $p(C_1 \mid x = 1)$?

# %%
p_c1 = ...     # ✏️ a number
exercises.one_feature_gaussians.check(p_c1)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Correlated features: double counting and over-confidence
#
# When two features carry the same information, Naive Bayes multiplies it in twice. The extreme case is
# a feature and its copy.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 8 (predict): a copy of humidity
#
# Add a fifth column to the play-tennis data, an exact copy of humidity, and refit the unsmoothed model.
# For the lecture's query (Sunny, Hot, Normal, Weak, and Normal again), $p(\text{Yes} \mid \mathbf{x})$ was 0.673.
# Now it is:
#
# - **(a)** still 0.673: the copy adds no information;
# - **(b)** higher;
# - **(c)** lower: the evidence is spread over more features;
# - **(d)** exactly 1.

# %%
prediction = ...     # ✏️ "a", "b", "c" or "d"
exercises.copied_feature.check(prediction)

# %%
doubled = CategoricalNB(alpha=0).fit(np.column_stack([tennis.X, tennis.X[:, 2]]), tennis.y)
p_doubled = doubled.predict_proba([query + ["Normal"]])[0, 1]
odds = lambda p: p / (1 - p)
print(f"p(Yes | x) = {p_doubled:.4f}; the odds grew by "
      f"{odds(p_doubled) / odds(float(posterior_yes)):.4f} = p(Normal | Yes) / p(Normal | No)"
      f" = (6/9) / (1/5) = {(6 / 9) / (1 / 5):.4f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# **Real data.** The breast-cancer data of notebook 04 describe each tumour by ten measurements of its
# cell nuclei, each three times (mean, standard error, worst). Radius, perimeter and area are nearly the
# same measurement:

# %%
cancer = load_breast_cancer()
names = list(cancer.feature_names)
benign = cancer.X[cancer.y == 1]
for other in ("mean_perimeter", "mean_area", "worst_radius"):
    r = np.corrcoef(benign[:, names.index("mean_radius")], benign[:, names.index(other)])[0, 1]
    print(f"correlation of mean_radius and {other} among the benign tumours: {r:.3f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Gaussian Naive Bayes and logistic regression (standardised inputs, a light L2 penalty), trained on half
# of the tumours and tested on the other half:

# %%
X_train, X_test, t_train, t_test = train_test_split(cancer.X, cancer.y, test_size=0.5,
                                                    random_state=0)
logistic = make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=1e-2))
models = {"Gaussian NB": GaussianNB(), "logistic regression": logistic}
for name, m in models.items():
    p = m.fit(X_train, t_train).predict_proba(X_test)[:, 1]
    sure = np.maximum(p, 1 - p) > 0.999
    wrong = (p > 0.5) != t_test
    print(f"{name:20}: accuracy {m.score(X_test, t_test):.3f}, "
          f"log loss {log_loss(t_test, p):.3f}; {sure.mean():.0%} at > 99.9%, "
          f"of which {wrong[sure].mean():.1%} wrong")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Each test tumour's log-odds of benign, $\log p(\text{benign} \mid \mathbf{x}) / p(\text{malignant} \mid \mathbf{x})$,
# under both models, marked by its true class. Outside the grey band a model is more than 99.9% sure;
# a circle right of the black line, or a square left of it, is a mistake.

# %%
log_odds = {name: m.predict_log_proba(X_test) @ [-1, 1] for name, m in models.items()}
fig, ax = plt.subplots(figsize=(9, 2.3))
plotting.plot_log_odds(ax, log_odds, t_test, cancer.target_names)
ax.set_xlabel("log-odds of benign (values beyond \u00b160 drawn at \u00b160)")
ax.legend(loc="lower left", bbox_to_anchor=(0, 1.02), ncol=3, borderaxespad=0)
plt.show()
for name, values in log_odds.items():
    wrong = (values > 0) != t_test
    print(f"{name:20}: median |log-odds| {np.median(np.abs(values)):5.1f}; "
          f"its mistakes reach |log-odds| {np.abs(values[wrong]).max():.1f}")

# %% [markdown] slideshow={"slide_type": "subslide"}
# Naive Bayes' typical log-odds is about 35, odds of $10^{15}$ to 1, and some of its mistakes are made at
# odds of $5 \times 10^{11}$ to 1: thirty features, several of them near-copies of each other, each multiply their
# likelihood ratio into the product as if it were new evidence. It is wrong on 3% of the tumours it is
# 99.9% sure about, and its log loss is more than six times logistic regression's, though its accuracy is
# only two and a half points lower. Logistic regression, fitted by conditional maximum likelihood, learns
# how much the correlated features together are worth.

# %% [markdown] slideshow={"slide_type": "slide"}
# ### Explore: correlation pulls Naive Bayes away from QDA
#
# Two Gaussian classes with equal priors share the covariance $\begin{pmatrix}1 & \rho\\ \rho & 1\end{pmatrix}$,
# and their means differ along a direction that is not an axis. Both models are fitted on 1000 points per
# class (100 shown); the shading is each model's $p(C_1 \mid \mathbf{x})$, the ellipses its fitted classes, and
# both boundaries are drawn in both panels. On the right, the reliability diagram of both on 4000 new
# points. The explorer starts at $\rho = 0$, where Naive Bayes' assumption holds and the two agree.
#
# - **Try**: move $\rho$ to 0.5, then 0.8, then 0.95.
# - **Look for**: QDA's ellipses tilt with the data and its boundary turns; Naive Bayes' ellipses and
#   boundary stay where they were, since the variances of the single features do not change. In the
#   status line, Naive Bayes' mean confidence stays near 86% while its accuracy falls below 77%; its
#   reliability curve bends away from the diagonal: over-confident.

# %% slideshow={"slide_type": "subslide"}
correlation = CorrelationExplorer(rho=0.0)
correlation

# %% [markdown] slideshow={"slide_type": "subslide"}
# The same from code, on a second explorer:

# %%
demo = CorrelationExplorer()
for rho in (0.0, 0.5, 0.8, 0.95):
    demo.rho_slider.value = rho
    print(demo.status)

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 9 (explain): why it still classifies well
#
# Naive Bayes' probabilities were far off on the tumours, yet its accuracy was within three points of
# logistic regression's. Why?
#
# - **(a)** The features are in fact independent within each class.
# - **(b)** Laplace smoothing corrects the double counting.
# - **(c)** A decision needs only the sign of the log-odds; double counting mostly inflates its size.
# - **(d)** The errors of the factors cancel in the product.

# %%
explanation = ...     # ✏️ "a", "b", "c" or "d"
exercises.still_accurate.check(explanation)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Generative or discriminative: learning curves
#
# Gaussian Naive Bayes and logistic regression are a *generative-discriminative pair*: with a variance per
# feature shared by the classes, Naive Bayes' log-odds is linear in $\mathbf{x}$, the same family of models
# as logistic regression. Naive Bayes fits $p(\mathbf{x}, t)$ under its assumption; logistic regression fits
# $p(t \mid \mathbf{x})$ and assumes only that the log-odds is linear. Ng and Jordan (2001) showed that the
# discriminative model reaches the lower error in the end, while the generative one approaches its own,
# higher, limit with far fewer examples (of the order of $\log D$ against $D$).
#
# A **learning curve** shows the test error against the number $N$ of training examples. For each of 30
# random splits, both models train on the first $N$ examples of the same shuffled training part (two of
# each class first, so that every variance exists) and are tested on the same held-out quarter.

# %% [markdown] slideshow={"slide_type": "subslide"}
# ### ✏️ Exercise 10 (predict): which model ends lower?
#
# On the breast-cancer data, trained on the whole training part (426 tumours), which model has the lower
# test error?
#
# - **(a)** Naive Bayes: it uses the data more efficiently at every size.
# - **(b)** Logistic regression.
# - **(c)** Neither: with enough data both reach the same error.

# %%
prediction = ...     # ✏️ "a", "b" or "c"
exercises.which_asymptote.check(prediction)

# %%
def compare(X, t, sizes):
    """Learning curves of Gaussian NB and logistic regression on the same 30 seeded splits."""
    logistic = make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=1e-4))
    models = {"Gaussian NB": GaussianNB(var_smoothing=1e-9), "logistic regression": logistic}
    return {name: learning_curve(m, X, t, sizes, n_repeats=30, random_state=1)
            for name, m in models.items()}


cancer_curves = compare(cancer.X, cancer.y, [10, 15, 20, 30, 50, 100, 200, 426])
pair = iris.y > 0                                            # versicolor against virginica
iris_curves = compare(iris.X[pair], iris.y[pair], [6, 10, 15, 20, 30, 50, 75])

# %% [markdown] slideshow={"slide_type": "subslide"}
# Gaussian Naive Bayes gets `var_smoothing=1e-9` (scikit-learn's default) here: iris measurements are
# rounded to millimetres, and two flowers of a class can share a value, whose variance would be 0. Iris
# is reduced to its two overlapping species (setosa is separated from both by any method).

# %% slideshow={"slide_type": "subslide"}
fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
for ax, curves, title in [(axes[0], cancer_curves, "breast cancer, D = 30"),
                          (axes[1], iris_curves, "iris versicolor/virginica, D = 4")]:
    plotting.plot_learning_curves(ax, curves)
    ax.set_title(title)
axes[0].legend(loc="upper right")
plt.show()

# %% slideshow={"slide_type": "subslide"}
for title, curves in [("breast cancer", cancer_curves), ("iris", iris_curves)]:
    print(title, " N:", curves["Gaussian NB"].train_sizes)
    for name, curve in curves.items():
        print(f"   {name:20}", curve.mean_error.round(3))

# %% [markdown]
# On the breast-cancer data the two halves of Ng and Jordan's picture show. Naive Bayes is within a
# point of its final error (6%) from about 30 examples on, and then stops improving: its wrong
# assumption sets the floor. Logistic regression keeps improving and ends at 3%, half Naive Bayes'
# error. The third part, Naive Bayes being *better* with few examples, shows only faintly here (at
# $N = 15$, within the noise), and not at all on iris: with only $D = 4$ features logistic regression needs
# few examples too, and with two or three examples per class Naive Bayes' variance estimates are poor.
# Which model wins with little data depends on the data; which one has the lower floor depends on how
# wrong the generative assumption is.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Side by side with scikit-learn
#
# The package's three models against scikit-learn's, on the data of this notebook (scikit-learn's
# `CategoricalNB` needs the strings coded as integers, and `GaussianNB` gets `var_smoothing=0`, the plain
# maximum likelihood variances):

# %% slideshow={"slide_type": "subslide"}
from sklearn import naive_bayes as sk
from sklearn.preprocessing import OrdinalEncoder

codes = OrdinalEncoder().fit_transform(tennis.X)
side_by_side = [
    ("CategoricalNB, play tennis", CategoricalNB(alpha=1), tennis.X,
     sk.CategoricalNB(alpha=1), codes, tennis.y),
    ("BernoulliNB, messages", BernoulliNB(alpha=1), X_words,
     sk.BernoulliNB(alpha=1, binarize=None), X_words, labels),
    ("GaussianNB, iris", GaussianNB(), iris.X, sk.GaussianNB(var_smoothing=0), iris.X, iris.y)]
for name, ours, X_ours, theirs, X_theirs, t in side_by_side:
    p_ours = ours.fit(X_ours, t).predict_proba(X_ours)
    p_theirs = theirs.fit(X_theirs, t).predict_proba(X_theirs)
    gap = np.abs(p_ours - p_theirs).max()
    print(f"{name:26} example 1: ours {p_ours[0].round(5)}, "
          f"scikit-learn {p_theirs[0].round(5)}; agree to 1e-9: {gap < 1e-9}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Where the lecture slides slip
#
# All in **Arias, UPC topic 2**:
#
# - It says Naive Bayes assumes the features "pair-wise independent" in each class. The factorisation
#   $p(\mathbf{x} \mid C_k) = \prod_j p(x_j \mid C_k)$ needs *mutual* independence given the class; pairwise
#   independence is weaker (the exclusive-or example of section 1, where every pair is independent and the
#   product is wrong on every cell).
# - It quotes the play-tennis query as "Yes with probability 0.671". The exact posterior is
#   $500/743 = 0.6729$; 0.671 comes from rounding $p(\mathbf{x}, C_k)$ to four decimals before normalising
#   ($0.0141/0.0210 = 47/70$, section 2). With $\alpha = 1$ it is $2401/3611 = 0.6649$ (section 3).
# - Its Laplace formula $(n_{kv} + p)/(n_k + pV)$ names the smoothing weight $p$, the letter that also
#   stands for every probability and for the Bernoulli parameters $p_{kj}$; this notebook writes $\alpha$
#   (section 3).
# - "Gaussian Naive Bayes is like QDA with diagonal covariance matrices": exactly so with the maximum
#   likelihood ($1/N_k$) variances that Naive Bayes uses, but the lecture's QDA divides by $N_k - 1$; with
#   those diagonals the iris posteriors move by up to 0.007 (section 6).
# - Its diagonal discriminant $\log\pi_k - \frac12\sum_j (\mu_{kj} - x_j)^2/\sigma_j^2$ belongs to a covariance
#   shared by the classes, where $\log\sigma_j$ cancels; with Naive Bayes' class-wise $\sigma_{kj}$ the term
#   $-\sum_j\log\sigma_{kj}$ stays, and dropping it changes 2 of the 150 iris predictions (section 6,
#   exercise 7). The same slide's "so input features are independent from each other" holds within each
#   class only: under the fitted model petal length and width have correlation 0.93 overall (section 6).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Naive Bayes models each class by independent features, $p(\mathbf{x} \mid C_k) = \prod_j p(x_j \mid C_k)$, and
#   classifies by $g_k(\mathbf{x}) = \log\pi_k + \sum_j \log p(x_j \mid C_k)$: linear instead of exponential in the
#   number of features (13 numbers instead of 71 for play tennis).
# - For categorical features its maximum likelihood estimates are counts, $N_{kv}/N_k$; the lecture's query
#   gets $p(\text{Yes} \mid \mathbf{x}^*) = 500/743 = 0.673$. A zero count vetoes a class; Laplace smoothing,
#   $(N_{kv} + \alpha)/(N_k + \alpha V_j)$, is the cure (a MAP estimate).
# - Bernoulli Naive Bayes gives every vocabulary word a factor, present or absent, and is a linear classifier
#   with weights set by counting.
# - Products of hundreds of probabilities underflow to 0; sums of logarithms normalised with log-sum-exp
#   do not.
# - Gaussian Naive Bayes is QDA with diagonal maximum likelihood covariances; its $\log\sigma_{kj}$ terms
#   matter.
# - Correlated features are counted twice: the decisions often survive, the probabilities do not
#   (reliability diagrams). Naive Bayes learns fast and stops early; logistic regression ends lower
#   when there is enough data.
#
# **Next:** this is the last notebook of the course. Notebook 06's Bayes decisions with a loss matrix work
# with any of these posteriors, and notebook 04's regularised logistic regression is the discriminative
# alternative to try on your own data.
