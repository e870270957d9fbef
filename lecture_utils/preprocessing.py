"""Standardising features, and chaining it with a model so that cross-validation refits it per fold.

Taught in notebook 04 ("Feature scaling" and "Model selection"). Gradient
descent uses one learning rate for every weight, so features on very
different scales give elongated contours and zig-zag paths; standardising
``x_j <- (x_j - mean_j) / std_j`` makes them round. The means and standard
deviations are estimated on the training data only and then applied,
unchanged, to validation and test data: a :class:`Pipeline` does this inside
every fold of a cross-validation.
"""

from __future__ import annotations

import numpy as np

from ._base import Classifier, Estimator, clone
from ._numerics import mean, root_mean_square
from ._validation import as_matrix, check_fitted, check_n_features


class StandardScaler(Estimator):
    """Standardise each feature to mean 0 and standard deviation 1, with statistics of the training data.

    As scikit-learn's ``StandardScaler``: the standard deviation is the
    ``1/N`` one, and a constant feature is left unscaled (only centred).

    Attributes
    ----------
    mean_ : ndarray of shape (D,)
    scale_ : ndarray of shape (D,)
        The standard deviations (1.0 for a constant feature).
    """

    def fit(self, X, t=None):
        """Estimate ``mean_`` and ``scale_`` from ``X`` of shape (N, D); returns ``self``."""
        X = as_matrix(X)
        self.mean_ = mean(X, axis=0)
        scale = root_mean_square(X - self.mean_, axis=0)         # summed at a scale where no square overflows
        self.scale_ = np.where(scale > 10 * np.finfo(float).eps * np.abs(self.mean_), scale, 1.0)
        return self

    def transform(self, X) -> np.ndarray:
        """``(x - mean_) / scale_`` for each row of ``X``, with the fitted statistics."""
        check_fitted(self, "mean_")
        X = as_matrix(X)
        check_n_features(X, self.mean_.size)
        return (X - self.mean_) / self.scale_

    def fit_transform(self, X, t=None) -> np.ndarray:
        """:meth:`fit`, then :meth:`transform` the same data."""
        return self.fit(X).transform(X)

    def inverse_transform(self, X) -> np.ndarray:
        """Back to the original units: ``x * scale_ + mean_``."""
        check_fitted(self, "mean_")
        X = as_matrix(X)
        check_n_features(X, self.mean_.size)
        return X * self.scale_ + self.mean_


class Pipeline(Classifier):
    """Transformers followed by a classifier, fitted and applied as one model.

    ``Pipeline([StandardScaler(), LogisticRegression(l2=0.01)])`` fits the
    scaler on the training data, transforms them, fits the model on the
    result; ``predict`` applies the same fitted scaler to new data first. So
    :func:`~lecture_utils.model_selection.cross_val_score` refits the scaler
    on each training fold and never sees the held-out fold.

    Parameters
    ----------
    steps : list of estimators
        Every step but the last has ``fit`` and ``transform``; the last is a
        classifier. They are cloned when fitting, so the list is left as given.

    Attributes
    ----------
    steps_ : list
        The fitted steps.
    classes_ : ndarray
        Those of the final classifier.
    """

    def __init__(self, steps):
        self.steps = steps

    def fit(self, X, t):
        """Fit each transformer on the output of the previous one, then the classifier; returns ``self``."""
        if not isinstance(self.steps, (list, tuple)) or not self.steps:
            raise ValueError("steps must be a list of at least a classifier, e.g. [StandardScaler(), "
                             f"LogisticRegression()]; got {self.steps!r}.")
        steps = list(self.steps)
        for position, step in enumerate(steps):
            needed = ("fit", "transform") if position < len(steps) - 1 else ("fit", "predict")
            missing = [method for method in needed if not callable(getattr(step, method, None))]
            if missing:
                raise TypeError(f"steps[{position}] ({type(step).__name__}) has no {' or '.join(missing)}: every "
                                "step before the last must have fit and transform, and the last fit and predict.")
        self.steps_ = [clone(step) for step in steps]
        for transformer in self.steps_[:-1]:
            X = transformer.fit(X, t).transform(X)
        self.steps_[-1].fit(X, t)
        self.classes_ = self.steps_[-1].classes_
        return self

    def _final(self, method: str, X):
        """The final classifier's ``method`` applied to ``X`` transformed by the fitted steps."""
        check_fitted(self, "steps_")
        if not callable(getattr(self.steps_[-1], method, None)):
            raise TypeError(f"The last step of steps, {type(self.steps_[-1]).__name__}, has no {method}.")
        for transformer in self.steps_[:-1]:
            X = transformer.transform(X)
        return getattr(self.steps_[-1], method)(X)

    def predict(self, X) -> np.ndarray:
        """The final classifier's prediction on the transformed ``X``."""
        return self._final("predict", X)

    def predict_proba(self, X) -> np.ndarray:
        """The final classifier's ``predict_proba`` on the transformed ``X``."""
        return self._final("predict_proba", X)

    def predict_log_proba(self, X) -> np.ndarray:
        """The final classifier's ``predict_log_proba`` on the transformed ``X`` (exact where ``p`` rounds to 0 or 1)."""
        return self._final("predict_log_proba", X)

    def decision_function(self, X) -> np.ndarray:
        """The final classifier's ``decision_function`` on the transformed ``X``."""
        return self._final("decision_function", X)


def make_pipeline(*steps) -> Pipeline:
    """``Pipeline(list(steps))``: e.g. ``make_pipeline(StandardScaler(), LogisticRegression(l2=0.01))``."""
    return Pipeline(list(steps))
