"""K classes from binary classifiers: one-vs-rest and one-vs-one.

Taught in notebook 04 ("Multi-class"), beside the softmax model that handles
K classes at once. One-vs-rest trains K classifiers, "class k or not", and
predicts the class whose classifier scores highest; one-vs-one trains
K (K - 1) / 2 classifiers, one per pair of classes on that pair's examples
only, and lets them vote. Both give the same predictions as scikit-learn's
``OneVsRestClassifier`` and ``OneVsOneClassifier`` around the same model.
"""

from __future__ import annotations

import numpy as np

from ._base import Classifier, clone
from ._validation import as_class_labels, as_table, check_fitted


#: The labels each binary classifier is trained on: -1 for "the other class" and +1, which every classifier of
#: the package (the perceptron's t in {-1, +1} included) and scikit-learn's accept.
_OTHER, _THIS = -1, 1


def _positive_score(estimator, X) -> np.ndarray:
    """How strongly a binary classifier favours +1 over -1 for each row of ``X``, shape (N,).

    ``decision_function`` gives one score per example (``x^T w + b``, a
    log-odds) or, for models such as Naive Bayes, one per class (``g_k(x)``):
    then the score is their difference, the log-odds of +1, with 0 where both
    classes are impossible (``-inf - -inf``).
    """
    scores = np.asarray(estimator.decision_function(X), dtype=float)
    if scores.ndim == 2 and scores.shape[1] == 2:
        positive = int(np.flatnonzero(np.asarray(estimator.classes_) == _THIS)[0])
        with np.errstate(invalid="ignore"):
            scores = scores[:, positive] - scores[:, 1 - positive]
        return np.where(np.isnan(scores), 0.0, scores)
    if scores.shape != (X.shape[0],):
        raise TypeError(f"estimator's decision_function must give one score per example, or one per class of two; "
                        f"got shape {scores.shape} for {X.shape[0]} examples.")
    return scores


class _Ensemble(Classifier):
    def __init__(self, estimator):
        self.estimator = estimator

    def _check_estimator(self) -> None:
        if not (callable(getattr(self.estimator, "fit", None))
                and callable(getattr(self.estimator, "decision_function", None))):
            raise TypeError(f"estimator must be a binary classifier with fit and decision_function, e.g. "
                            f"LogisticRegression(); got {type(self.estimator).__name__}.")

    def _fitted_inputs(self, X) -> np.ndarray:
        check_fitted(self, "estimators_")
        return as_table(X)

    def _scores(self, X) -> np.ndarray:
        """The score of every binary classifier for its class +1, shape (N, n_classifiers)."""
        X = self._fitted_inputs(X)
        return np.column_stack([_positive_score(estimator, X) for estimator in self.estimators_])

    def predict(self, X) -> np.ndarray:
        """The class with the largest :meth:`decision_function`, shape (N,)."""
        scores = self.decision_function(X)
        return self.classes_[np.argmax(scores, axis=1)]


class OneVsRestClassifier(_Ensemble):
    """K binary classifiers, "class k against all the others"; predict the most confident.

    Parameters
    ----------
    estimator : binary classifier
        E.g. ``LogisticRegression(l2=0.01)``; cloned once per class. It
        needs ``decision_function`` (and ``predict_proba`` for this model's).

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    estimators_ : list of K fitted classifiers
        ``estimators_[k]`` separates ``classes_[k]`` (label +1) from the rest (label -1).
    """

    def fit(self, X, t):
        """Fit one classifier per class on all of ``X``; returns ``self``."""
        self._check_estimator()
        X = as_table(X)
        self.classes_, index = as_class_labels(t, X.shape[0])
        self.estimators_ = [clone(self.estimator).fit(X, np.where(index == k, _THIS, _OTHER))
                            for k in range(self.classes_.size)]
        return self

    def decision_function(self, X) -> np.ndarray:
        """``decision_function`` of each class's classifier, shape (N, K)."""
        return self._scores(X)

    def predict_proba(self, X) -> np.ndarray:
        """Each classifier's ``p(class k | x)``, renormalised to sum to 1 over the classes; shape (N, K).

        The K probabilities come from separate models, so they need not sum
        to 1 before renormalising: one reason to prefer the softmax model.
        """
        X = self._fitted_inputs(X)
        p = np.column_stack([estimator.predict_proba(X)[:, list(estimator.classes_).index(_THIS)]
                             for estimator in self.estimators_])
        return p / p.sum(axis=1, keepdims=True)


class OneVsOneClassifier(_Ensemble):
    """K (K - 1) / 2 binary classifiers, one per pair of classes; each votes, the most votes win.

    Ties in the votes are broken by the summed confidences, squashed into
    (-1/3, 1/3) so that they never outweigh a vote (as scikit-learn does).

    Parameters
    ----------
    estimator : binary classifier with ``decision_function``

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    pairs_ : list of (i, j) with i < j
    estimators_ : list of fitted classifiers
        ``estimators_[m]`` is trained on the examples of classes
        ``classes_[i]`` (label -1) and ``classes_[j]`` (label +1) only, for ``(i, j) = pairs_[m]``.
    """

    def fit(self, X, t):
        """Fit one classifier per pair of classes, on that pair's examples; returns ``self``."""
        self._check_estimator()
        X = as_table(X)
        self.classes_, index = as_class_labels(t, X.shape[0])
        n_classes = self.classes_.size
        self.pairs_ = [(i, j) for i in range(n_classes) for j in range(i + 1, n_classes)]
        self.estimators_ = []
        for i, j in self.pairs_:
            pair = (index == i) | (index == j)
            self.estimators_.append(clone(self.estimator).fit(X[pair], np.where(index[pair] == j, _THIS, _OTHER)))
        return self

    def decision_function(self, X) -> np.ndarray:
        """Votes plus tie-breaking confidences, shape (N, K): the predicted class scores highest."""
        scores = self._scores(X)
        votes = np.zeros((scores.shape[0], self.classes_.size))
        confidence = np.zeros_like(votes)
        for m, (i, j) in enumerate(self.pairs_):
            votes[:, j] += scores[:, m] > 0                  # a positive score votes for class j,
            votes[:, i] += scores[:, m] <= 0                 # anything else for class i
            confidence[:, j] += scores[:, m]
            confidence[:, i] -= scores[:, m]
        with np.errstate(invalid="ignore"):                  # an infinite confidence squashes to +-1/3
            squashed = np.where(np.isinf(confidence), np.sign(confidence) / 3, confidence / (3 * (np.abs(confidence) + 1)))
        return votes + squashed
