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
- :class:`GaussianNB`: a univariate Gaussian per feature and class, which is
  QDA with diagonal covariance matrices; with ``shared_variance=True`` one
  variance per feature for all classes, LDA with a diagonal covariance, whose
  log-odds is linear (the generative partner of logistic regression);
- :class:`MixedNB`: one of these per group of features, for data of mixed
  types: their log-likelihoods add.

:class:`QuantileBins` cuts numeric features into bins, categories for
:class:`CategoricalNB`. :func:`parameter_counts` compares the size of the model
with a full table of ``p(x | C_k)``, and :func:`word_presence` turns short texts
into the binary features of :class:`BernoulliNB`.
"""

from __future__ import annotations

import math
import numbers
import re

import numpy as np

from ._base import Estimator, GenerativeClassifier, check_finite_scores, clone
from ._numerics import scaled
from ._validation import (_check_table_shape, _object_table, as_categorical_matrix, as_class_labels, as_float_array,
                          as_matrix, check_binary, check_fitted, check_flag, check_n_features, check_non_negative,
                          check_positive_int, check_scale, check_sequence, check_size)

# --------------------------------------------------------------------------
# Estimates
# --------------------------------------------------------------------------


def laplace_estimate(counts, alpha=1.0) -> np.ndarray:
    """The smoothed frequencies ``(N_kv + alpha) / (N_k + alpha V)`` along the last axis.

    Laplace (add-alpha) smoothing as in Arias, UPC topic 2: each of the ``V``
    values gets ``alpha`` imaginary observations before counting, so a value
    never seen with a class keeps a probability ``alpha / (N_k + alpha V) > 0``.
    ``alpha = 0`` is the maximum-likelihood estimate ``N_kv / N_k``; ``alpha = 1``
    is Laplace's rule. Notebook 07, "Laplace smoothing".

    Parameters
    ----------
    counts : array-like of shape (..., V)
        The counts ``N_kv`` of each value ``v`` (e.g. one row per class ``k``).
    alpha : float >= 0

    Returns
    -------
    ndarray of shape (..., V)
        Distributions along the last axis.

    Raises
    ------
    ValueError
        If a count is negative, or ``alpha = 0`` and a row has no counts at all
        (its frequencies would be 0 / 0).
    """
    alpha = check_non_negative(alpha, "alpha")
    n_kv = as_float_array(counts, "counts")
    if n_kv.ndim == 0 or n_kv.shape[-1] == 0:
        raise ValueError(f"counts must hold the counts of V >= 1 values along its last axis; got shape {n_kv.shape}.")
    if np.any(n_kv < 0):
        raise ValueError(f"counts must be >= 0; got a smallest count of {n_kv.min():g}.")
    if alpha == 0 and np.any(n_kv.sum(axis=-1) == 0):
        raise ValueError("counts has a row of zeros, whose maximum-likelihood frequencies are 0 / 0; "
                         "use alpha > 0 to smooth it, or drop the empty row.")
    # the same ratio with the counts and alpha of each row divided by a power of two: N_k never overflows
    n_kv, _ = scaled(np.concatenate([n_kv, np.broadcast_to(alpha, n_kv.shape[:-1] + (1,))], axis=-1), axis=-1)
    n_kv, alpha = n_kv[..., :-1], n_kv[..., -1:]
    return (n_kv + alpha) / (n_kv.sum(axis=-1, keepdims=True) + alpha * n_kv.shape[-1])   # (N_kv + a) / (N_k + a V)


# --------------------------------------------------------------------------
# The cost of a model, and words as binary features
# --------------------------------------------------------------------------


def parameter_counts(n_values, n_classes) -> dict:
    """How many free probabilities a full joint table and Naive Bayes estimate for categorical features.

    A full table of ``p(x | C_k)`` has one cell per combination of values,
    ``prod_j V_j`` cells summing to 1: ``prod_j V_j - 1`` free numbers per
    class. Naive Bayes has one table per feature, ``V_j - 1`` free numbers
    each: ``sum_j (V_j - 1)`` per class. Both add ``K - 1`` priors. The
    first grows exponentially with the number of features, the second
    linearly. Notebook 07, "The naive assumption".

    Parameters
    ----------
    n_values : sequence of int >= 1
        ``V_j``, the number of values of each feature.
    n_classes : int >= 1
        ``K``.

    Returns
    -------
    dict
        ``{"joint": K (prod_j V_j - 1) + K - 1, "naive": K sum_j (V_j - 1) + K - 1}``.
    """
    values = [check_positive_int(v, "n_values") for v in check_sequence(n_values, "n_values", "integers V_j >= 1")]
    k = check_positive_int(n_classes, "n_classes")
    return {"joint": k * (math.prod(values) - 1) + k - 1,
            "naive": k * sum(v - 1 for v in values) + k - 1}


#: A word for :func:`word_presence`: letters, possibly joined by apostrophes.
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)*")


def word_presence(documents, vocabulary=None) -> tuple[np.ndarray, tuple]:
    """Binary bag of words: ``X[i, j] = 1`` if word ``j`` of the vocabulary occurs in document ``i``.

    A word is a run of letters (``a``-``z`` after lower-casing, apostrophes
    kept inside words, as in "don't"); how often it occurs does not matter,
    only whether it does: the input of :class:`BernoulliNB`. Words outside
    ``vocabulary`` are ignored. This is scikit-learn's
    ``CountVectorizer(binary=True, token_pattern=r"[a-z]+(?:'[a-z]+)*")``.
    Notebook 07, "Bernoulli features".

    Parameters
    ----------
    documents : sequence of str
    vocabulary : sequence of str, optional
        The words to look for, in the order of the columns; by default every
        word of ``documents``, sorted.

    Returns
    -------
    X : ndarray of int, shape (n_documents, V)
    vocabulary : tuple of str
    """
    if isinstance(documents, str) or not isinstance(documents, (list, tuple, np.ndarray)) \
            or not all(isinstance(d, str) for d in documents):
        raise TypeError("documents must be a list of strings, one per document, e.g. ['free money', "
                        f"'see you at lunch']; got {type(documents).__name__}.")
    words = [set(_WORD.findall(document.lower())) for document in documents]
    if vocabulary is None:
        vocabulary = sorted(set().union(*words))
    else:
        vocabulary = check_sequence(vocabulary, "vocabulary", "words (strings)")
        if not all(isinstance(w, str) for w in vocabulary):
            raise TypeError(f"vocabulary must be a list of words (strings); got {vocabulary!r}.")
        unusable = [w for w in vocabulary if not _WORD.fullmatch(w)]
        if unusable or len(set(vocabulary)) < len(vocabulary):
            raise ValueError(f"vocabulary must list distinct lower-case words (letters, apostrophes inside), as "
                             f"documents are read; got {unusable or vocabulary}.")
    check_size(len(words) * len(vocabulary), "the table of words", "documents or vocabulary")
    vocabulary = tuple(vocabulary)
    X = np.array([[word in present for word in vocabulary] for present in words], dtype=int)
    return X.reshape(len(words), len(vocabulary)), vocabulary


def _log(p: np.ndarray) -> np.ndarray:
    """``log p`` with ``log 0 = -inf`` and no warning: an unsmoothed zero count vetoes its class."""
    with np.errstate(divide="ignore"):
        return np.log(p)


# --------------------------------------------------------------------------
# The shared model: g_k(x) = log pi_k + sum_j log p(x_j | C_k)
# --------------------------------------------------------------------------


class _NaiveBayes(GenerativeClassifier):
    """Naive Bayes: a subclass supplies how to check ``X``, fit the factors ``p(x_j | C_k)`` and
    look up their logarithms; the priors, the sum over features and the posteriors live here.
    """

    #: Why every class can have likelihood zero for an example, and what to do.
    _zero_likelihood_hint = ""

    def fit(self, X, t):
        """Estimate the priors ``pi_k = N_k / N`` and each factor ``p(x_j | C_k)`` from the training data.

        Parameters
        ----------
        X : array-like of shape (N, n_features)
            The values the model takes (see the class).
        t : array-like of shape (N,)
            Class labels of any kind, at least two different ones.

        Returns
        -------
        self
            With the fitted attributes listed in the class docstring.
        """
        X = self._checked_input(X)
        classes, k = as_class_labels(t, X.shape[0])
        vars(self).pop("classes_", None)            # the model counts as fitted once classes_ is set, last
        self.class_count_ = np.bincount(k, minlength=classes.size)          # N_k
        self.class_prior_ = self.class_count_ / X.shape[0]                   # pi_k = N_k / N
        self._fit_factors(X, k, classes)
        self.classes_, self.n_features_in_ = classes, X.shape[1]
        return self

    def _checked_input(self, X) -> np.ndarray:
        """``X`` as an array of shape (n_samples, n_features) of the values the model takes."""
        raise NotImplementedError

    def _fit_factors(self, X, k, classes) -> None:
        """Estimate ``p(x_j | C_k)`` from ``X`` and the index ``k`` in ``classes`` of each example's class."""
        raise NotImplementedError

    def _validated(self, X) -> np.ndarray:
        """``X`` checked against the fitted model, ready for :meth:`_log_factors`."""
        X = self._checked_input(X)
        check_n_features(X, self.n_features_in_)
        return X

    def _log_factors(self, X) -> np.ndarray:
        """``log p(x_ij | C_k)`` for the validated ``X``, shape (n_samples, K, n_features).

        Fastest as a transposed view of an array laid out as (K, n_features,
        n_samples): the sum over features then adds rows of length
        n_samples, and gives a (K, n_samples) array, across whose columns
        the posteriors are normalised faster.
        """
        raise NotImplementedError

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        """``sum_j log p(x_ij | C_k)``, shape (n_samples, K); a subclass may compute it faster, and leave
        out the terms common to every class when not ``common`` (the posteriors do not need them)."""
        return self._log_factors(X).sum(axis=2)

    def _joint_log_likelihood(self, X, common: bool = True) -> np.ndarray:
        # g_k(x) = log pi_k + sum_j log p(x_j | C_k): the naive assumption, in log space
        joint = np.log(self.class_prior_) + self._sum_log_factors(self._validated(X), common)
        impossible = np.isneginf(joint).all(axis=1)
        if np.any(impossible):
            raise ValueError(
                f"Example {int(np.argmax(impossible))} of X has likelihood 0 under every class, so its "
                f"posterior p(C_k | x) = 0 / 0 is undefined. {self._zero_likelihood_hint}"
            )
        return joint

    def _posterior_scores(self, X) -> np.ndarray:
        return self._joint_log_likelihood(X, common=False)

    def decision_function(self, X) -> np.ndarray:
        """The discriminants ``g_k(x) = log pi_k + sum_j log p(x_j | C_k)``, shape (n_samples, K).

        ``g_k(x) = log p(x, C_k)``; it is ``-inf`` for a class that a zero
        factor vetoes. The predicted class is the largest, and
        ``predict_log_proba`` is ``g_k(x) - logsumexp_k g_k(x)``.
        """
        return self._checked_joint_log_likelihood(X)

    def feature_factors(self, x) -> np.ndarray:
        """The factors ``p(x_j | C_k)`` of one example ``x``, shape (K, n_features).

        ``class_prior_ * feature_factors(x).prod(axis=1)`` is ``p(x, C_k)``,
        the numerator of Bayes' theorem, computed as on the slides (it may
        underflow for many features, unlike :meth:`predict_proba`). For
        :class:`GaussianNB` the factors are densities, which may exceed 1.

        Parameters
        ----------
        x : array-like of shape (n_features,)
            One example, e.g. ``["Sunny", "Hot", "Normal", "Weak"]``.
        """
        check_fitted(self, "classes_")
        if np.ndim(x) != 1:
            raise ValueError(f"x must be one example, a 1-D array of its n_features values; got shape {np.shape(x)}.")
        return np.exp(self._log_factors(self._validated([list(x)]))[0])


class _SmoothedNaiveBayes(_NaiveBayes):
    """Naive Bayes whose factors are value frequencies smoothed by ``alpha`` (:func:`laplace_estimate`)."""

    _zero_likelihood_hint = ("With alpha=0 a value never seen with a class in training has probability 0 and "
                             "vetoes that class, and here every class is vetoed; smooth with alpha > 0 "
                             "(alpha=1 is Laplace's rule).")

    def __init__(self, alpha=1.0):
        self.alpha = alpha


# --------------------------------------------------------------------------
# Categorical features: p(x_j = v | C_k) = (N_kv + alpha) / (N_k + alpha V_j)
# --------------------------------------------------------------------------


# Integer values spanning at most this many are looked up in a table indexed by value.
_LARGEST_TABLE = 1 << 16


def _small_integers(values: np.ndarray) -> bool:
    return (values.dtype.kind in "iu" and values.size > 0
            and int(values.max()) - int(values.min()) < _LARGEST_TABLE)


def _encode(column: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of a column and each entry's position among them.

    The values are sorted when they can be compared (numbers, strings), else
    (say 1 and "a" in one column) kept in order of first appearance.
    """
    if _small_integers(column):                              # counting is faster than sorting
        smallest = int(column.min())
        categories = np.flatnonzero(np.bincount(column.astype(np.int64) - smallest)) + smallest
        return categories, _positions(categories, column)
    try:
        return np.unique(column, return_inverse=True)
    except TypeError:
        values = list(dict.fromkeys(column.tolist()))
        categories = np.empty(len(values), dtype=object)
        categories[:] = values
        return categories, _positions(categories, column)


def _positions(categories: np.ndarray, column: np.ndarray) -> np.ndarray:
    """The position of each entry of ``column`` in ``categories`` (from :func:`_encode`), -1 if unseen."""
    if _small_integers(categories) and column.dtype.kind in "iu":
        table = np.full(int(categories[-1] - categories[0]) + 1, -1)     # value -> position
        table[categories - categories[0]] = np.arange(categories.size)
        shifted = column.astype(np.int64) - categories[0]
        inside = (shifted >= 0) & (shifted < table.size)
        return np.where(inside, table.take(shifted, mode="clip"), -1)
    if categories.dtype != object:                           # sorted by np.unique: binary search
        try:
            positions = np.searchsorted(categories, column).clip(max=categories.size - 1)
            return np.where(categories[positions] == column, positions, -1)
        except TypeError:                                    # values that do not compare, such as 1 and "a"
            pass
    index = {value: position for position, value in enumerate(categories.tolist())}
    return np.array([index.get(value, -1) for value in column.tolist()])


class CategoricalNB(_SmoothedNaiveBayes):
    """Naive Bayes for categorical features, with Laplace (add-alpha) smoothing.

    Each feature ``j`` takes one of the ``V_j`` values seen in training
    (strings, integers or any hashable values); its factor is estimated as

        p(x_j = v | C_k) = (N_kv + alpha) / (N_k + alpha V_j),

    with ``N_kv`` the number of examples of class ``C_k`` whose feature ``j``
    is ``v`` (:func:`laplace_estimate`), and the priors as ``pi_k = N_k / N``
    (not smoothed). ``alpha = 0`` is the maximum-likelihood estimate: then a
    value never seen with class ``C_k`` has factor 0 and vetoes the class,
    whose posterior is exactly 0. Notebook 07, "Categorical features" and
    "Laplace smoothing".

    A value not seen in training for a feature raises a ``ValueError`` at
    prediction (naming the feature, the value and the values seen): the
    model has no count for it, and smoothing only covers the ``V_j`` values
    it was fitted on (changing ``V_j`` would change every other estimate).

    Parameters
    ----------
    alpha : float >= 0
        Imaginary observations of each value per class; 1 is Laplace's rule.

    Attributes
    ----------
    classes_, class_count_, class_prior_ : ndarrays of shape (K,)
        The sorted class labels, ``N_k`` and ``pi_k = N_k / N``.
    categories_ : list of n_features ndarrays, the j-th of shape (V_j,)
        The values of each feature seen in training, sorted when they can be
        compared, else in order of first appearance.
    category_count_ : list of n_features ndarrays of int, the j-th of shape (K, V_j)
        ``category_count_[j][k, v] = N_kv``, the table of counts of feature j.
    feature_prob_ : list of n_features ndarrays, the j-th of shape (K, V_j)
        ``p(x_j = categories_[j][v] | C_k)``; each row sums to 1.
    feature_log_prob_ : list of n_features ndarrays, the j-th of shape (K, V_j)
        Their logarithms (``-inf`` for an unsmoothed zero count).
    n_features_in_ : int

    Examples
    --------
    >>> from lecture_utils.datasets import load_play_tennis
    >>> tennis = load_play_tennis()
    >>> model = CategoricalNB(alpha=0).fit(tennis.X, tennis.y)
    >>> model.predict_proba([["Sunny", "Hot", "Normal", "Weak"]]).round(4)
    array([[0.3271, 0.6729]])
    """

    _checked_input = staticmethod(as_categorical_matrix)

    def _fit_factors(self, X, k, classes) -> None:
        # count N_kv, the examples of class k whose feature j takes its v-th value, and smooth
        alpha = check_non_negative(self.alpha, "alpha")
        n_classes = classes.size
        self.categories_, self.category_count_ = [], []
        for column in X.T:
            categories, v = _encode(column)
            n_values = categories.size
            n_kv = np.bincount(k * n_values + v, minlength=n_classes * n_values).reshape(n_classes, n_values)
            self.categories_.append(categories)
            self.category_count_.append(n_kv)
        self.feature_prob_ = [laplace_estimate(n_kv, alpha) for n_kv in self.category_count_]
        self.feature_log_prob_ = [_log(p) for p in self.feature_prob_]
        # All tables side by side, one column per (feature, value), so that one look-up serves
        # every feature: value v of feature j is column offsets[j] + v.
        self._log_table = np.hstack(self.feature_log_prob_)
        self._offsets = np.cumsum([0] + [categories.size for categories in self.categories_[:-1]])

    def _validated(self, X) -> np.ndarray:
        """The position of each value of ``X`` among ``categories_``, shape (n_samples, n_features)."""
        X = super()._validated(X)
        columns = np.ascontiguousarray(X.T)                  # one contiguous row per feature: faster look-ups
        positions = np.array([_positions(categories, column)
                              for categories, column in zip(self.categories_, columns)]).T
        unseen = positions < 0
        if np.any(unseen):
            row, j = np.argwhere(unseen)[0]
            raise ValueError(
                f"X has the value {X[row, j]!r} for feature {j} (row {row}), which was not seen in training; "
                f"the values seen for feature {j} are {self.categories_[j].tolist()}. The model has no "
                "count for it: map it to one of those values, or refit on data that contains it."
            )
        return positions

    def _log_factors(self, X) -> np.ndarray:
        # log p(x_j = v | C_k), looked up in the table of feature j (laid out as _NaiveBayes says)
        return self._log_table.take(X.T + self._offsets[:, None], axis=1).transpose(2, 0, 1)


# --------------------------------------------------------------------------
# Binary features: p(x_j | C_k) = p_kj^x_j (1 - p_kj)^(1 - x_j)
# --------------------------------------------------------------------------


class BernoulliNB(_SmoothedNaiveBayes):
    """Naive Bayes for binary features: each ``x_j`` in {0, 1} is Bernoulli given the class.

    The factor of feature ``j`` is ``p_kj^x_j (1 - p_kj)^(1 - x_j)``: an
    absent feature (``x_j = 0``) counts too, through ``1 - p_kj``. So

        g_k(x) = log pi_k + sum_j [x_j log p_kj + (1 - x_j) log(1 - p_kj)],

    a linear function of ``x`` (Arias, UPC topic 2). ``p_kj`` is the smoothed
    frequency of ``x_j = 1`` in class ``C_k``, ``(N_kj + alpha) / (N_k + 2 alpha)``:
    :class:`CategoricalNB` with the ``V = 2`` values 0 and 1. This is
    scikit-learn's ``BernoulliNB(alpha=alpha, binarize=None)``. Notebook 07,
    "Bernoulli features".

    Parameters
    ----------
    alpha : float >= 0
        Imaginary observations of each of the values 0 and 1 per class.

    Attributes
    ----------
    classes_, class_count_, class_prior_ : ndarrays of shape (K,)
        The sorted class labels, ``N_k`` and ``pi_k = N_k / N``.
    feature_count_ : ndarray of shape (K, n_features)
        ``N_kj``, the number of examples of class ``C_k`` with ``x_j = 1``.
    feature_prob_ : ndarray of shape (K, n_features)
        ``p_kj = p(x_j = 1 | C_k)``.
    feature_log_prob_ : ndarray of shape (K, n_features)
        ``log p_kj`` (``-inf`` for an unsmoothed zero count).
    n_features_in_ : int
    """

    @staticmethod
    def _checked_input(X) -> np.ndarray:
        return check_binary(as_matrix(X), "X", "Binarise it first, e.g. X = (counts > 0).astype(int) "
                                               "for the presence of each word.")

    def _fit_factors(self, X, k, classes) -> None:
        # count N_kj, the examples of class k with x_j = 1, and smooth as a feature with V = 2 values
        alpha = check_non_negative(self.alpha, "alpha")
        one_hot = (k[:, None] == np.arange(classes.size)).astype(float)
        self.feature_count_ = one_hot.T @ X                                          # N_kj
        absent_and_present = np.stack([self.class_count_[:, None] - self.feature_count_,
                                       self.feature_count_], axis=2)                  # (N_k - N_kj, N_kj)
        self.feature_prob_ = laplace_estimate(absent_and_present, alpha)[..., 1]
        self.feature_log_prob_ = _log(self.feature_prob_)

    def _log_factors(self, X) -> np.ndarray:
        # x_j log p_kj + (1 - x_j) log(1 - p_kj), chosen rather than multiplied so that 0 log 0 = 0
        present = X[:, None, :] == 1
        return np.where(present, self.feature_log_prob_, _log(1 - self.feature_prob_))

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        # Linear in x: a zero factor (p_kj = 0 or 1, possible when alpha = 0) is counted as a veto
        # rather than multiplied by 0, so that 0 log 0 = 0.
        log_q, log_p = _log(1 - self.feature_prob_), self.feature_log_prob_
        zero_q, zero_p = np.isneginf(log_q), np.isneginf(log_p)
        total = _linear_in_x(X, np.where(zero_q, 0, log_q), np.where(zero_p, 0, log_p))
        if not (zero_q.any() or zero_p.any()):
            return total
        return np.where(_linear_in_x(X, zero_q, zero_p) > 0, -np.inf, total)


def _linear_in_x(X, if_0, if_1) -> np.ndarray:
    """``sum_j [x_j if_1[k, j] + (1 - x_j) if_0[k, j]] = (if_1 - if_0)_k^T x + sum_j if_0[k, j]``, shape (n, K)."""
    if_0, if_1 = np.asarray(if_0, dtype=float), np.asarray(if_1, dtype=float)
    return ((if_1 - if_0) @ X.T + if_0.sum(axis=1)[:, None]).T      # laid out (K, n), as _NaiveBayes says


# --------------------------------------------------------------------------
# Gaussian features: p(x_j | C_k) = N(x_j; mu_kj, sigma^2_kj)
# --------------------------------------------------------------------------


class GaussianNB(_NaiveBayes):
    """Naive Bayes for real features: each ``x_j`` is Gaussian given the class.

    The factor of feature ``j`` is ``N(x_j; mu_kj, sigma^2_kj)`` with the
    maximum-likelihood estimates over the ``N_k`` examples of class ``C_k``:

        mu_kj = (1/N_k) sum_{i in C_k} x_ij,    sigma^2_kj = (1/N_k) sum_{i in C_k} (x_ij - mu_kj)^2.

    Their product is a Gaussian with the diagonal covariance
    ``diag(sigma^2_k1, ..., sigma^2_kD)`` (:attr:`covariances_`): Gaussian Naive
    Bayes is QDA with diagonal covariance matrices (notebook 06), estimated
    with ``1/N_k`` rather than QDA's unbiased ``1/(N_k - 1)``. It is
    scikit-learn's ``GaussianNB(var_smoothing=var_smoothing)``. Notebook 07,
    "Gaussian Naive Bayes".

    With ``shared_variance=True`` every class has the same variance of
    feature ``j``, the maximum-likelihood estimate of the model in which the
    classes share it: the pooled within-class variance

        sigma^2_j = (1/N) sum_k sum_{i in C_k} (x_ij - mu_kj)^2 = sum_k (N_k / N) sigma^2_kj.

    Then the terms in ``x_j^2`` and ``log sigma_j`` are the same for every class
    and cancel: the log-odds of two classes is linear in ``x``, with
    ``w_j = (mu_1j - mu_0j) / sigma^2_j``. This is LDA with a diagonal
    covariance, and the generative half of Ng and Jordan's (2001) pair with
    logistic regression (notebook 07, "Generative or discriminative"). The
    divisor is ``N``, not LDA's ``N - K`` (:class:`~lecture_utils.discriminant.LDA`),
    because every estimate of this class is the maximum-likelihood one, as in
    Ng and Jordan's generative classifier; the two differ by the factor
    ``N / (N - K)``, which scales ``w`` and leaves the prior's term alone.

    Parameters
    ----------
    var_smoothing : float >= 0
        Adds ``var_smoothing`` times the largest variance of a feature over
        all of ``X`` to every ``sigma^2_kj``, as scikit-learn does (its
        default is ``1e-9``). The default 0 keeps the maximum-likelihood
        estimates.
    shared_variance : bool
        Whether the classes share the variance of each feature (linear
        log-odds) or each has its own (the default; quadratic log-odds).

    Attributes
    ----------
    classes_, class_count_, class_prior_ : ndarrays of shape (K,)
        The sorted class labels, ``N_k`` and ``pi_k = N_k / N``.
    means_ : ndarray of shape (K, n_features)
        ``mu_kj``.
    variances_ : ndarray of shape (K, n_features)
        ``sigma^2_kj``, all > 0; with ``shared_variance=True`` every row is
        the pooled ``sigma^2_j``.
    n_features_in_ : int

    Raises
    ------
    ValueError
        At ``fit``, if ``var_smoothing`` is 0 and a variance is 0: a feature
        constant within a class (a class with one example included), or with
        ``shared_variance=True`` constant within every class. Its Gaussian
        is a spike that no other value can reach.
    """

    _zero_likelihood_hint = ("Its values are so far from every class mean that each Gaussian density "
                             "underflows to 0 in float64; check X for outliers or a change of units.")

    _checked_input = staticmethod(as_matrix)

    def __init__(self, var_smoothing=0.0, shared_variance=False):
        self.var_smoothing = var_smoothing
        self.shared_variance = shared_variance

    def _fit_factors(self, X, k, classes) -> None:
        var_smoothing = check_non_negative(self.var_smoothing, "var_smoothing")
        shared = check_flag(self.shared_variance, "shared_variance")
        check_scale(X, "X", "the variances sigma^2_kj (averages of squares of entries of X)")
        # About the centre c of X (its mean): far from the origin (x = 1e8 + u) x - c keeps every digit of u,
        # where mu_kj itself would be rounded to the spacing of floats there (1.5e-8), and so would x - mu_kj.
        self._centre = X.mean(axis=0)
        in_class = [X[k == c] - self._centre for c in range(classes.size)]
        self._offsets = np.array([X_k.mean(axis=0) for X_k in in_class])      # mu_kj - c_j, 1/N_k
        self.means_ = self._centre + self._offsets                             # mu_kj
        self.variances_ = np.array([X_k.var(axis=0) for X_k in in_class])      # sigma^2_kj, 1/N_k
        if shared:                                  # sigma^2_j = sum_k (N_k / N) sigma^2_kj, in every row
            self.variances_ = np.tile(self.class_prior_ @ self.variances_, (classes.size, 1))
        self._shared = shared
        if var_smoothing > 0:
            self.variances_ += var_smoothing * X.var(axis=0).max()
        self._check_variances(classes, shared)

    def _check_variances(self, classes, shared: bool) -> None:
        if np.all(self.variances_ > 0):
            return
        c, j = np.argwhere(self.variances_ == 0)[0]
        where = (f"is constant within every class (over all {self.class_count_.sum()} examples), so its pooled"
                 if shared else
                 f"is constant (= {self.means_[c, j]:g}) over the {self.class_count_[c]} example(s) of class "
                 f"{classes.tolist()[c]!r}, so its")
        raise ValueError(
            f"Feature {j} of X {where} maximum-likelihood variance is 0 and its Gaussian a spike of infinite "
            "density. Pass var_smoothing > 0 (scikit-learn's default is 1e-9), drop the feature, or collect more "
            "examples."
        )

    @property
    def covariances_(self) -> np.ndarray:
        """The class covariances of the equivalent QDA, ``diag(sigma^2_k)``, shape (K, D, D)."""
        return self.variances_[:, :, None] * np.eye(self.variances_.shape[1])

    def _log_factors(self, X) -> np.ndarray:
        # log N(x_j; mu_kj, sigma^2_kj) = -(x_j - mu_kj)^2 / (2 sigma^2_kj) - log(2 pi sigma^2_kj) / 2
        with np.errstate(over="ignore"):                     # far out, the density underflows to 0
            return -0.5 * ((X - self._centre)[:, None, :] - self._offsets) ** 2 / self.variances_ \
                - 0.5 * np.log(2 * np.pi * self.variances_)

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        if self._shared and not common:
            return self._linear_log_factors(X)
        # The same sum in QDA's form, with Sigma_k = diag(sigma^2_k):
        # log N(x; mu_k, Sigma_k) = -(x - mu_k)^T Sigma_k^-1 (x - mu_k) / 2 - log |2 pi Sigma_k| / 2
        squares = (X - self._centre) - self._offsets[:, None, :]     # in place: one array of shape (K, n, d)
        with np.errstate(over="ignore"):
            squares **= 2
        squares /= self.variances_[:, None, :]
        log_likelihood = -0.5 * squares.sum(axis=2) - 0.5 * np.log(2 * np.pi * self.variances_).sum(axis=1)[:, None]
        return log_likelihood.T                              # laid out (K, n), as _NaiveBayes says

    def _linear_log_factors(self, X) -> np.ndarray:
        # With shared variances, sum_j log N(x_j; mu_kj, sigma^2_j) less the terms common to every class
        # (-(x_j - c_j)^2 / (2 sigma^2_j) - log(2 pi sigma^2_j) / 2) is linear in x, as LDA's:
        # sum_j [(x_j - c_j) m_kj - m_kj^2 / 2] / sigma^2_j with m_kj = mu_kj - c_j; the common terms
        # cancel exactly, not in floating point, where far from the data they would take every digit.
        weights = self._offsets / self.variances_                                  # m_kj / sigma^2_j, (K, d)
        with np.errstate(over="ignore", invalid="ignore"):
            linear = weights @ (X - self._centre).T - 0.5 * np.sum(weights * self._offsets, axis=1)[:, None]
            return check_finite_scores(linear.T)             # laid out (K, n), as _NaiveBayes says


# --------------------------------------------------------------------------
# Numeric features as categories, and a different factor for each group of features
# --------------------------------------------------------------------------


class QuantileBins(Estimator):
    """Cut each numeric feature into bins of (about) equal frequency, numbered 0, 1, ...: categories.

    The first way of Arias, UPC topic 2, to use numeric features in Naive
    Bayes: discretise them and fit :class:`CategoricalNB` to the bin numbers,
    which assumes no shape of ``p(x_j | C_k)`` at all (a histogram per class,
    with ``V_j - 1`` free numbers per feature and class where a Gaussian has
    2). ``fit`` puts the edges of feature ``j`` at its ``ceil(N b / B)``-th
    smallest training value, ``b = 1, ..., B - 1`` (the "inverted cdf"
    quantiles ``b / B``, each a value of the data), dropping repeated edges and
    any equal to the largest value. ``transform`` gives ``x`` the number of edges
    below it: bin ``b`` is ``(e_b, e_{b+1}]``, and values beyond the training
    range fall in the first or last bin. So every bin holds at least one
    training value (a categorical model meets no value it has not seen), and
    ``N`` distinct values fill each bin with ``floor(N/B)`` or ``ceil(N/B)`` of
    them; many tied values may leave fewer than ``B`` bins. When ``B`` divides
    ``N`` and the values are distinct, the training values fall in the bins of
    scikit-learn's ``KBinsDiscretizer(n_bins, encode="ordinal",
    strategy="quantile")``, which cuts midway between two neighbouring values
    rather than at the lower one.
    Notebook 07, "Numeric and mixed features".

    Parameters
    ----------
    n_bins : int >= 2
        ``B``, the number of bins of each feature.

    Attributes
    ----------
    edges_ : list of n_features ndarrays, the j-th of shape (n_bins_[j] - 1,)
        The increasing edges between the bins of each feature.
    n_bins_ : ndarray of int, shape (n_features,)
        The number of bins of each feature, at most ``n_bins``.
    n_features_in_ : int

    Examples
    --------
    >>> QuantileBins(3).fit_transform([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]).ravel()
    array([0, 0, 1, 1, 2, 2])
    """

    def __init__(self, n_bins=5):
        self.n_bins = n_bins

    def fit(self, X, t=None):
        """Find the edges between each feature's bins from the training values ``X``; returns ``self``.

        Parameters
        ----------
        X : array-like of shape (N, n_features)
        t : ignored
            Accepted so that the bins can be a step of a pipeline.
        """
        n_bins = check_positive_int(self.n_bins, "n_bins")
        if n_bins < 2:
            raise ValueError(f"n_bins must be at least 2 (a single bin says nothing about x); got {n_bins}.")
        X = as_matrix(X)
        edges = np.quantile(X, np.arange(1, n_bins) / n_bins, axis=0, method="inverted_cdf")   # (B - 1, D)
        self.edges_ = [np.unique(column[column < largest]) for column, largest in zip(edges.T, X.max(axis=0))]
        self.n_bins_ = np.array([column.size + 1 for column in self.edges_])
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X) -> np.ndarray:
        """The bin of each value, ``0, ..., n_bins_[j] - 1`` in column ``j``: an int array of the shape of ``X``."""
        check_fitted(self, "edges_")
        X = as_matrix(X)
        check_n_features(X, self.n_features_in_)
        return np.column_stack([np.searchsorted(edges, column, side="left")      # the number of edges < x
                                for edges, column in zip(self.edges_, X.T)])

    def fit_transform(self, X, t=None) -> np.ndarray:
        """``fit(X).transform(X)``."""
        return self.fit(X, t).transform(X)


class MixedNB(_NaiveBayes):
    """Naive Bayes with its own kind of factor for each group of features: their log-likelihoods add.

    For data of mixed types, Arias (UPC topic 2) uses "a different
    distribution for each feature" and adds the log-likelihoods: with the
    features split into parts (categorical ones, Gaussian ones, ...),

        g_k(x) = log pi_k + sum_parts sum_{j in part} log p(x_j | C_k),

    each part's factors estimated by its own model as if it were alone. A
    factor may be a probability (a category) or a density (a real value):
    the product is then a density of the whole ``x``, and Bayes' theorem
    divides it by the same ``p(x)`` for every class. Notebook 07, "Numeric
    and mixed features".

    Parameters
    ----------
    parts : list of (model, columns) pairs
        ``model`` is a :class:`CategoricalNB`, :class:`BernoulliNB` or
        :class:`GaussianNB` (its parameters are used; it is cloned, not
        fitted); ``columns`` lists the indices of the features of ``X`` it
        models. Every feature belongs to exactly one part.

    Attributes
    ----------
    classes_, class_count_, class_prior_ : ndarrays of shape (K,)
        The sorted class labels, ``N_k`` and ``pi_k = N_k / N``.
    parts_ : list of (model, columns) pairs
        The fitted models, with their columns as int arrays.
    n_features_in_ : int

    Examples
    --------
    >>> X = [["Sunny", 85.0], ["Rain", 70.0], ["Sunny", 72.0], ["Rain", 65.0]]
    >>> model = MixedNB([(CategoricalNB(alpha=1), [0]), (GaussianNB(), [1])]).fit(X, ["No", "Yes", "Yes", "No"])
    >>> model.predict([["Sunny", 80.0]]).tolist()
    ['No']
    """

    def __init__(self, parts):
        self.parts = parts

    @staticmethod
    def _checked_input(X) -> np.ndarray:
        # only the shape of the table here (a list of rows kept as objects: "1" and 1 stay apart);
        # each part checks the values of its own columns
        X = X if isinstance(X, np.ndarray) else _object_table(X, "X")
        _check_table_shape(X, "X")
        return X

    def _fit_factors(self, X, k, classes) -> None:
        t = classes[k]
        self.parts_ = []
        for position, (model, columns) in enumerate(self._checked_parts(X.shape[1])):
            model = clone(model)
            _in_part(position, columns, lambda: model.fit(X[:, columns], t))
            self.parts_.append((model, columns))

    def _checked_parts(self, n_features: int) -> list:
        """``parts`` as (model, int array of columns) pairs, every column of ``X`` in exactly one of them."""
        usage = ("parts must be a list of (model, columns) pairs, e.g. [(CategoricalNB(alpha=1), [0, 3]), "
                 "(GaussianNB(), [1, 2])], each model a CategoricalNB, BernoulliNB or GaussianNB")
        parts = self.parts
        if not isinstance(parts, (list, tuple)) or not parts:
            raise TypeError(f"{usage}; got {parts!r}.")
        checked = []
        for position, part in enumerate(parts):
            if not (isinstance(part, (list, tuple)) and len(part) == 2
                    and isinstance(part[0], (CategoricalNB, BernoulliNB, GaussianNB))):
                raise TypeError(f"{usage}; got {part!r} at position {position}.")
            columns = part[1]
            if not (isinstance(columns, (list, tuple, np.ndarray)) and len(columns) > 0
                    and all(isinstance(c, numbers.Integral) and not isinstance(c, (bool, np.bool_)) for c in columns)):
                raise TypeError(f"{usage}; the columns of part {position} must be a non-empty list of integer "
                                f"column indices; got {columns!r}.")
            checked.append((part[0], np.array(columns, dtype=int)))
        used = [int(c) for _, columns in checked for c in columns]
        if sorted(used) != list(range(n_features)):
            missing = sorted(set(range(n_features)) - set(used))
            repeated = sorted({c for c in used if used.count(c) > 1})
            outside = sorted({c for c in used if not 0 <= c < n_features})
            raise ValueError(f"parts must give each of the {n_features} columns of X to exactly one model; "
                             f"columns missing {missing}, given more than once {repeated}, beyond X {outside}.")
        return checked

    @property
    def _zero_likelihood_hint(self) -> str:
        return " ".join(dict.fromkeys(model._zero_likelihood_hint for model, _ in getattr(self, "parts_", [])))

    def _log_factors(self, X) -> np.ndarray:
        # each part's log p(x_j | C_k), put back in the columns of X
        factors = np.empty((X.shape[0], self.classes_.size, X.shape[1]))
        for position, (model, columns) in enumerate(self.parts_):
            factors[:, :, columns] = _in_part(position, columns,
                                              lambda: model._log_factors(model._validated(X[:, columns])))
        return factors

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        # sum over the parts of sum_{j in part} log p(x_j | C_k): the log-likelihoods add
        return sum(_in_part(position, columns,
                            lambda: model._sum_log_factors(model._validated(X[:, columns]), common))
                   for position, (model, columns) in enumerate(self.parts_))


def _in_part(position: int, columns: np.ndarray, call):
    """``call()``, with an error about ``X`` told in terms of the columns of the whole ``X``."""
    try:
        return call()
    except (ValueError, TypeError) as error:
        raise type(error)(f"In the columns {columns.tolist()} of X (part {position} of parts, whose own "
                          f"features are numbered from 0 below): {error}") from None
