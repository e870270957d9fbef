"""What every estimator of the package shares: its parameters, its repr, and a classifier's API."""

from __future__ import annotations

import copy
import inspect

import numpy as np
from scipy.special import logsumexp

from ._validation import check_fitted, check_known_labels


class Estimator:
    """Base class giving an estimator scikit-learn's ``get_params`` and a readable repr.

    Subclasses store each ``__init__`` argument under its own name and do
    nothing else in ``__init__``, as in scikit-learn.
    """

    def get_params(self) -> dict:
        """Return the constructor arguments as a dict, in signature order."""
        parameters = inspect.signature(type(self).__init__).parameters.values()
        named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
        return {p.name: getattr(self, p.name) for p in parameters if p.kind in named and p.name != "self"}

    def __repr__(self) -> str:
        arguments = ", ".join(f"{name}={value!r}" for name, value in self.get_params().items())
        return f"{type(self).__name__}({arguments})"


def check_instance(estimator, name: str = "estimator") -> None:
    """Refuse a model's class where a model is needed (``LDA`` for ``LDA()``), naming ``name``.

    A class has ``fit`` too, so without this check the mistake surfaces later
    as "fit() missing 1 required positional argument".
    """
    if inspect.isclass(estimator):
        raise TypeError(f"{name} must be a model, such as {estimator.__name__}(); got the class {estimator.__name__} "
                        "itself: add the parentheses.")


def clone(estimator):
    """A new, unfitted estimator with the same parameters (deep copies of them), as scikit-learn's ``clone``.

    Another library's estimator (anything with ``fit``) is deep-copied, so
    that fitting the copy leaves the original untouched.
    """
    check_instance(estimator)
    if isinstance(estimator, Estimator):
        return type(estimator)(**copy.deepcopy(estimator.get_params()))
    if not callable(getattr(estimator, "fit", None)):
        raise TypeError(f"estimator must be a model with a fit method, e.g. LogisticRegression(); "
                        f"got {type(estimator).__name__}.")
    return copy.deepcopy(estimator)


class Classifier(Estimator):
    """A fitted classifier predicts one of ``classes_``; ``score`` is its accuracy."""

    def predict(self, X) -> np.ndarray:
        """The predicted label of each row of ``X``, shape (n_samples,), values from ``classes_``."""
        raise NotImplementedError

    def score(self, X, t) -> float:
        """The accuracy: the fraction of examples with ``predict(x) == t``.

        Every label of ``t`` must be one of ``classes_``: a class the model was not fitted on is never
        predicted, and labels coded otherwise than the training labels (-1 and 1 for 0 and 1) would score
        as chance, silently.
        """
        predictions = self.predict(X)
        t = np.asarray(t)
        if t.shape != predictions.shape:
            raise ValueError(f"t must hold one label per row of X, shape {predictions.shape}; got shape {t.shape}.")
        check_known_labels(t, self.classes_, "t")
        return float(np.mean(predictions == t))


def log_posteriors(log_joint) -> np.ndarray:
    """Bayes' theorem in log space: ``log p(C_k | x) = g_k - logsumexp_j g_j`` along each row.

    ``g_k = log p(x, C_k)``. The log-sum-exp shifts by the largest ``g_j``
    before exponentiating, so rows such as ``(-1000, -1001)``, whose
    ``exp`` underflows to 0, give the right posteriors; a class with
    ``g_k = -inf`` (vetoed) gets ``-inf``. Notebook 07, "Computing in log space".

    Parameters
    ----------
    log_joint : array-like of shape (n_samples, K)
        Not ``-inf`` in a whole row (then every class is impossible).

    Returns
    -------
    ndarray of shape (n_samples, K)
        Each row's exponentials sum to 1.
    """
    log_joint = np.asarray(log_joint, dtype=float)
    if log_joint.ndim != 2:
        raise ValueError(f"log_joint must be a 2-D array, one row of K log-joints per example; got shape "
                         f"{log_joint.shape}. Reshape one example with log_joint[None, :].")
    # less the largest first: the normalisation stays exact even where the g_k are of size 1e300
    largest = log_joint.max(axis=1, keepdims=True)
    shifted = log_joint - np.where(np.isfinite(largest), largest, 0.0)
    return shifted - logsumexp(shifted, axis=1, keepdims=True)


def check_finite_scores(scores: np.ndarray) -> np.ndarray:
    """``scores`` of the rows of ``X`` (computed under ``np.errstate(over="ignore", invalid="ignore")``) if
    they are finite, else a ``ValueError`` naming the example of ``X`` so far out that they overflowed."""
    finite = np.isfinite(scores).all(axis=1)
    if not finite.all():
        raise ValueError(f"Example {int(np.argmin(finite))} of X is so far from the training data that its "
                         "discriminants overflow float64; check X for outliers or a change of units.")
    return scores


class GenerativeClassifier(Classifier):
    """A classifier built from ``p(x | C_k) p(C_k)`` and Bayes' theorem (notebooks 06 and 07).

    Subclasses supply only :meth:`_joint_log_likelihood`, the matrix of
    ``log p(x_i | C_k) + log p(C_k)``; the posteriors are normalised in log
    space here, once, so that many features never underflow:
    ``log p(C_k | x) = log p(x, C_k) - logsumexp_j log p(x, C_j)``. A model
    whose ``g_k`` share a term (a common covariance) may leave it out in
    :meth:`_posterior_scores`, so that it cancels exactly.
    """

    def _joint_log_likelihood(self, X) -> np.ndarray:
        """``log p(x_i, C_k)`` for each row of ``X`` (validated by the subclass), shape (n_samples, K)."""
        raise NotImplementedError

    def _checked_joint_log_likelihood(self, X) -> np.ndarray:
        check_fitted(self, "classes_")
        return self._joint_log_likelihood(X)

    def _posterior_scores(self, X) -> np.ndarray:
        """``log p(x_i, C_k)`` less any term common to every class, shape (n_samples, K): all the posteriors need.

        By default the joint log-likelihood itself. With a shared covariance the
        ``g_k`` share ``-1/2 x^T Sigma^{-1} x``; left out, it cancels exactly rather than in floating point,
        where far from the data it would take every digit of the differences with it.
        """
        return self._joint_log_likelihood(X)

    def predict_log_proba(self, X) -> np.ndarray:
        """``log p(C_k | x_i)``, shape (n_samples, K), columns in ``classes_`` order."""
        check_fitted(self, "classes_")
        return log_posteriors(self._posterior_scores(X))

    def predict_proba(self, X) -> np.ndarray:
        """``p(C_k | x_i)``, shape (n_samples, K), columns in ``classes_`` order; rows sum to 1."""
        return np.exp(self.predict_log_proba(X))

    def predict(self, X) -> np.ndarray:
        """The class of largest posterior (the Bayes decision under 0-1 loss), shape (n_samples,)."""
        check_fitted(self, "classes_")
        return self.classes_[np.argmax(self._posterior_scores(X), axis=1)]
