"""Naive Bayes for counts, the multinomial event model of text: ``p(x | C_k) ∝ prod_j theta_kj^x_j``, and words
counted (notebook 07, "Counting words: the multinomial model")."""

from __future__ import annotations

import numpy as np

from .._validation import as_matrix, check_non_negative, check_scale
from ._model import _log, _SmoothedNaiveBayes
from .bernoulli import _word_table
from .estimates import laplace_estimate


def word_counts(documents, vocabulary=None) -> tuple[np.ndarray, tuple]:
    """Bag of words: ``X[i, j]`` is how often word ``j`` of the vocabulary occurs in document ``i``.

    Words are read as :func:`~lecture_utils.naive_bayes.word_presence` reads
    them (runs of letters after lower-casing, apostrophes kept inside words);
    this counts them instead of marking them: the input of
    :class:`MultinomialNB`. It is scikit-learn's
    ``CountVectorizer(token_pattern=r"[a-z]+(?:'[a-z]+)*")``. Notebook 07,
    "Counting words".

    Parameters
    ----------
    documents : sequence of str
        One string per document.
    vocabulary : sequence of str, optional
        The words to count, in the order of the columns (by default every
        word of ``documents``, sorted).

    Returns
    -------
    (X, vocabulary) : tuple
        The counts, an int array of shape (n_documents, V), and the words of
        its columns, a tuple of V strings.
    """
    return _word_table(documents, vocabulary, count=True)


class MultinomialNB(_SmoothedNaiveBayes):
    """Naive Bayes for counts: a document is a sequence of words drawn independently from its class's
    distribution ``theta_k`` over the ``D`` words of the vocabulary.

    With ``x_j`` the count of word ``j`` and ``L = sum_j x_j`` the length,

        p(x | C_k) = L! / prod_j x_j! * prod_j theta_kj^x_j,
        g_k(x) = log pi_k + sum_j x_j log theta_kj,

    the multinomial coefficient being the same for every class and left out
    of ``g_k`` (as scikit-learn does). An absent word has the factor
    ``theta_kj^0 = 1``: unlike :class:`~lecture_utils.naive_bayes.BernoulliNB`
    the model uses the words present only, each as often as it occurs. The
    estimate is the smoothed share of word ``j`` among all the words of class
    ``C_k``,

        theta_kj = (N_kj + alpha) / (N_k + alpha D),
        N_kj = sum_{i in C_k} x_ij,   N_k = sum_j N_kj,

    :func:`~lecture_utils.naive_bayes.laplace_estimate` over the words. Like
    the Bernoulli model it is linear in ``x``. This is scikit-learn's
    ``MultinomialNB(alpha=alpha)`` (with ``force_alpha=True`` for a small alpha).
    Counts need not be integers (term frequencies work too), but must be >= 0.
    Notebook 07, "Counting words".

    Parameters
    ----------
    alpha : float >= 0
        Imaginary occurrences of each word per class; ``alpha = 0`` leaves a
        word never seen with a class a veto.

    Attributes
    ----------
    classes_, class_count_, class_prior_ : ndarrays of shape (K,)
        The sorted class labels, ``N_k`` (documents) and ``pi_k``.
    feature_count_ : ndarray of shape (K, D)
        ``N_kj``, the occurrences of word ``j`` in the documents of class ``C_k``.
    feature_prob_ : ndarray of shape (K, D)
        ``theta_kj``; each row sums to 1.
    feature_log_prob_ : ndarray of shape (K, D)
        ``log theta_kj`` (``-inf`` for an unsmoothed zero count).
    n_features_in_ : int
    """

    _zero_likelihood_hint = ("With alpha=0 a word never seen with a class in training has theta_kj = 0 and "
                             "vetoes that class, and here every class is vetoed; smooth with alpha > 0.")

    @staticmethod
    def _checked_input(X) -> np.ndarray:
        X = as_matrix(X)
        if np.any(X < 0):
            raise ValueError(f"X must hold counts >= 0 (how often each word occurs); got a smallest value of "
                             f"{X.min():g}. For values of either sign use GaussianNB.")
        return check_scale(X, "X", "the log-likelihoods sum_j x_j log theta_kj", power=1)

    def _fit_factors(self, X, k, classes) -> None:
        # N_kj: the occurrences of word j in class k; theta_kj their smoothed share of the class's words
        alpha = check_non_negative(self.alpha, "alpha")
        one_hot = (k[:, None] == np.arange(classes.size)).astype(float)
        self.feature_count_ = one_hot.T @ X                                           # N_kj
        if alpha == 0 and np.any(self.feature_count_.sum(axis=1) == 0):
            raise ValueError("A class of t has no word at all in X, so its theta_kj = 0 / 0; use alpha > 0.")
        self.feature_prob_ = laplace_estimate(self.feature_count_, alpha)              # theta_kj
        self.feature_log_prob_ = _log(self.feature_prob_)

    def _log_factors(self, X) -> np.ndarray:
        # x_j log theta_kj, with 0 log 0 = 0: an absent word's factor is theta^0 = 1, even when theta = 0
        present = X[:, None, :] > 0
        with np.errstate(invalid="ignore"):
            return np.where(present, X[:, None, :] * self.feature_log_prob_, 0.0)

    def _sum_log_factors(self, X, common: bool = True) -> np.ndarray:
        # sum_j x_j log theta_kj = X @ log(theta)^T; a zero theta_kj met by x_j > 0 is a veto, counted apart
        log_theta = self.feature_log_prob_
        vetoed = np.isneginf(log_theta)
        total = (np.where(vetoed, 0.0, log_theta) @ X.T).T
        if not vetoed.any():
            return total
        return np.where(((vetoed.astype(float) @ (X.T > 0)).T) > 0, -np.inf, total)
