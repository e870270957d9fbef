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
from ._validation import as_class_labels, as_matrix, check_fitted


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
        return as_matrix(X)

    def _scores(self, X) -> np.ndarray:
        """``decision_function(x)`` of every binary classifier, shape (N, n_classifiers)."""
        X = self._fitted_inputs(X)
        return np.column_stack([estimator.decision_function(X) for estimator in self.estimators_])

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
        ``estimators_[k]`` separates ``classes_[k]`` (label 1) from the rest (label 0).
    """

    def fit(self, X, t):
        """Fit one classifier per class on all of ``X``; returns ``self``."""
        self._check_estimator()
        X = as_matrix(X)
        self.classes_, index = as_class_labels(t, X.shape[0])
        self.estimators_ = [clone(self.estimator).fit(X, (index == k).astype(int))
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
        p = np.column_stack([estimator.predict_proba(X)[:, 1] for estimator in self.estimators_])
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
        ``classes_[i]`` (label 0) and ``classes_[j]`` (label 1) only, for ``(i, j) = pairs_[m]``.
    """

    def fit(self, X, t):
        """Fit one classifier per pair of classes, on that pair's examples; returns ``self``."""
        self._check_estimator()
        X = as_matrix(X)
        self.classes_, index = as_class_labels(t, X.shape[0])
        n_classes = self.classes_.size
        self.pairs_ = [(i, j) for i in range(n_classes) for j in range(i + 1, n_classes)]
        self.estimators_ = []
        for i, j in self.pairs_:
            pair = (index == i) | (index == j)
            self.estimators_.append(clone(self.estimator).fit(X[pair], (index[pair] == j).astype(int)))
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
        return votes + confidence / (3 * (np.abs(confidence) + 1))
