"""Naive Bayes: a generative classifier whose features are independent given the class.

Taught in notebook 07 ("Naive Bayes"), after the Bayes classifier and the
Gaussian discriminants of notebook 06. Notation: an input ``x = (x_1, ..., x_D)``,
classes ``C_1, ..., C_K``, ``N`` training examples of which ``N_k`` are of
class ``C_k``. The naive assumption (Arias, UPC topic 2) is

    p(x | C_k) = prod_j p(x_j | C_k),

so the discriminant of class ``C_k`` is a sum of one term per feature,

    g_k(x) = log p(x, C_k) = log pi_k + sum_j log p(x_j | C_k),     pi_k = N_k / N,

and the posterior ``p(C_k | x)`` is ``g_k(x)`` normalised with log-sum-exp (in
:class:`~lecture_utils._base.GenerativeClassifier`), so that hundreds of small
factors never underflow. Each model below differs only in the factor
``p(x_j | C_k)`` it estimates by maximum likelihood (notebook 03):

- :class:`CategoricalNB`: a table of value frequencies per feature and class,
  with Laplace (add-alpha) smoothing, :func:`laplace_estimate`;
- :class:`BernoulliNB`: the same for features in {0, 1}, where an absent
  feature contributes its factor ``1 - p_kj``;
- :class:`MultinomialNB`: counts of words, each occurrence a draw from the
  class's distribution ``theta_k`` over the vocabulary, where an absent word
  contributes nothing;
- :class:`GaussianNB`: a univariate Gaussian per feature and class, which is
  QDA with diagonal covariance matrices; with ``shared_variance=True`` one
  variance per feature for all classes, LDA with a diagonal covariance, whose
  log-odds is linear (the generative partner of logistic regression);
- :class:`MixedNB`: one of these per group of features, for data of mixed
  types: their log-likelihoods add.

:class:`QuantileBins` cuts numeric features into bins, categories for
:class:`CategoricalNB`. :func:`parameter_counts` compares the size of the model
with a full table of ``p(x | C_k)``, and :func:`word_presence` and :func:`word_counts`
turn short texts into the features of :class:`BernoulliNB` and :class:`MultinomialNB`.

One module per model (:mod:`~lecture_utils.naive_bayes.categorical`, :mod:`~lecture_utils.naive_bayes.bernoulli`
with :func:`word_presence`, :mod:`~lecture_utils.naive_bayes.multinomial` with :func:`word_counts`,
:mod:`~lecture_utils.naive_bayes.gaussian`, :mod:`~lecture_utils.naive_bayes.mixed`
with :class:`QuantileBins`) on the shared model of ``_model``, and
:mod:`~lecture_utils.naive_bayes.estimates` (:func:`laplace_estimate`, :func:`parameter_counts`). Every name
is importable from ``lecture_utils.naive_bayes`` itself.
"""

from .bernoulli import BernoulliNB, word_presence
from .categorical import CategoricalNB
from .estimates import laplace_estimate, parameter_counts
from .gaussian import GaussianNB
from .mixed import MixedNB, QuantileBins
from .multinomial import MultinomialNB, word_counts

__all__ = ["laplace_estimate", "parameter_counts", "word_presence", "word_counts", "CategoricalNB", "BernoulliNB",
           "MultinomialNB", "GaussianNB", "QuantileBins", "MixedNB"]
