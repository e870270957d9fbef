"""The model every Naive Bayes classifier shares: ``g_k(x) = log pi_k + sum_j log p(x_j | C_k)``.

A subclass supplies how to check ``X``, fit the factors ``p(x_j | C_k)`` and look up their logarithms; the
priors, the sum over the features and the posteriors live here.
"""

from __future__ import annotations

import numpy as np

from .._base import GenerativeClassifier
from .._validation import as_class_labels, check_fitted, check_n_features


def _log(p: np.ndarray) -> np.ndarray:
    """``log p`` with ``log 0 = -inf`` and no warning: an unsmoothed zero count vetoes its class."""
    with np.errstate(divide="ignore"):
        return np.log(p)


def _log_complement(p: np.ndarray) -> np.ndarray:
    """``log(1 - p)`` as :func:`_log` does it, exact for a tiny ``p``: ``log1p(-p)``, since ``1 - p`` rounds to 1
    below about 1e-16 and its logarithm to 0 instead of ``-p``."""
    with np.errstate(divide="ignore"):
        return np.log1p(-p)


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
        :class:`~lecture_utils.naive_bayes.GaussianNB` the factors are densities, which may exceed 1.

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
    """Naive Bayes whose factors are value frequencies smoothed by ``alpha``
    (:func:`~lecture_utils.naive_bayes.laplace_estimate`)."""

    _zero_likelihood_hint = ("With alpha=0 a value never seen with a class in training has probability 0 and "
                             "vetoes that class, and here every class is vetoed; smooth with alpha > 0 "
                             "(alpha=1 is Laplace's rule).")

    def __init__(self, alpha=1.0):
        self.alpha = alpha
