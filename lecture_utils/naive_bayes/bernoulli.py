"""Naive Bayes for binary features, ``p(x_j | C_k) = p_kj^x_j (1 - p_kj)^(1 - x_j)``, and words as binary
features (notebook 07, "Bernoulli features")."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from .._validation import as_matrix, check_binary, check_non_negative, check_sequence, check_size
from ._model import _log, _log_complement, _SmoothedNaiveBayes
from .estimates import laplace_estimate


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
    return _word_table(documents, vocabulary, count=False)


def _word_table(documents, vocabulary, count: bool) -> tuple[np.ndarray, tuple]:
    """``X[i, j]``: whether (or, if ``count``, how often) word ``j`` of ``vocabulary`` occurs in document ``i``;
    the checks of :func:`word_presence`, the vocabulary by default every word of ``documents``, sorted."""
    if isinstance(documents, str) or not isinstance(documents, (list, tuple, np.ndarray)) \
            or not all(isinstance(d, str) for d in documents):
        raise TypeError("documents must be a list of strings, one per document, e.g. ['free money', "
                        f"'see you at lunch']; got {type(documents).__name__}.")
    found = [_WORD.findall(document.lower()) for document in documents]
    if vocabulary is None:
        vocabulary = sorted(set().union(*found))
    else:
        vocabulary = check_sequence(vocabulary, "vocabulary", "words (strings)")
        if not all(isinstance(w, str) for w in vocabulary):
            raise TypeError(f"vocabulary must be a list of words (strings); got {vocabulary!r}.")
        unusable = [w for w in vocabulary if not _WORD.fullmatch(w)]
        if unusable or len(set(vocabulary)) < len(vocabulary):
            raise ValueError(f"vocabulary must list distinct lower-case words (letters, apostrophes inside), as "
                             f"documents are read; got {unusable or vocabulary}.")
    check_size(len(found) * len(vocabulary), "the table of words", "documents or vocabulary")
    vocabulary = tuple(vocabulary)
    tallies = [Counter(words) for words in found]
    X = np.array([[tally[word] for word in vocabulary] for tally in tallies], dtype=int)
    if not count:
        X = np.minimum(X, 1)                                     # presence only
    return X.reshape(len(found), len(vocabulary)), vocabulary


class BernoulliNB(_SmoothedNaiveBayes):
    """Naive Bayes for binary features: each ``x_j`` in {0, 1} is Bernoulli given the class.

    The factor of feature ``j`` is ``p_kj^x_j (1 - p_kj)^(1 - x_j)``: an
    absent feature (``x_j = 0``) counts too, through ``1 - p_kj``. So

        g_k(x) = log pi_k + sum_j [x_j log p_kj + (1 - x_j) log(1 - p_kj)],

    a linear function of ``x`` (Arias, UPC topic 2). ``p_kj`` is the smoothed
    frequency of ``x_j = 1`` in class ``C_k``, ``(N_kj + alpha) / (N_k + 2 alpha)``:
    :class:`~lecture_utils.naive_bayes.CategoricalNB` with the ``V = 2`` values 0 and 1. This is
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
        return np.where(present, self.feature_log_prob_, _log_complement(self.feature_prob_))

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        # Linear in x: a zero factor (p_kj = 0 or 1, possible when alpha = 0) is counted as a veto
        # rather than multiplied by 0, so that 0 log 0 = 0.
        log_q, log_p = _log_complement(self.feature_prob_), self.feature_log_prob_
        zero_q, zero_p = np.isneginf(log_q), np.isneginf(log_p)
        total = _linear_in_x(X, np.where(zero_q, 0, log_q), np.where(zero_p, 0, log_p))
        if not (zero_q.any() or zero_p.any()):
            return total
        return np.where(_linear_in_x(X, zero_q, zero_p) > 0, -np.inf, total)


def _linear_in_x(X, if_0, if_1) -> np.ndarray:
    """``sum_j [x_j if_1[k, j] + (1 - x_j) if_0[k, j]] = (if_1 - if_0)_k^T x + sum_j if_0[k, j]``, shape (n, K)."""
    if_0, if_1 = np.asarray(if_0, dtype=float), np.asarray(if_1, dtype=float)
    return ((if_1 - if_0) @ X.T + if_0.sum(axis=1)[:, None]).T      # laid out (K, n), as _NaiveBayes says
