"""Standardising features, polynomial features, and chaining them with a model so that
cross-validation refits them per fold.

Taught in notebook 04 ("Feature scaling", "Regularisation" and "Model selection"). Gradient
descent uses one learning rate for every weight, so features on very
different scales give elongated contours and zig-zag paths; standardising
``x_j <- (x_j - mean_j) / std_j`` makes them round. The means and standard
deviations are estimated on the training data only and then applied,
unchanged, to validation and test data: a :class:`Pipeline` does this inside
every fold of a cross-validation. Polynomial features (all products of the inputs up to a
degree) give a linear model a curved decision boundary, and many weights to regularise.
"""

from __future__ import annotations

import math
from itertools import chain, combinations_with_replacement

import numpy as np

from ._base import Classifier, Estimator, check_instance, clone
from ._numerics import mean, root_mean_square
from ._validation import (as_matrix, check_fitted, check_n_features, check_positive_int, check_scale, check_sequence,
                          check_size)


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


#: The most features :class:`PolynomialFeatures` makes (up to degree 445 of 2 inputs, 9 of 7, 4 of 27).
MAX_FEATURES = 100_000


def _powers(n_inputs: int, degree: int) -> np.ndarray:
    """The powers of the monomials of total ``degree``, one row each, in scikit-learn's order.

    Each monomial is a choice of ``degree`` inputs with repetition (``x_1 x_1 x_2`` is
    ``(0, 0, 1)``), listed as ``combinations_with_replacement`` lists them; its powers
    count how often each input was chosen.
    """
    chosen = np.fromiter(chain.from_iterable(combinations_with_replacement(range(n_inputs), degree)), dtype=int)
    rows = np.repeat(np.arange(chosen.size // degree), degree)
    return np.bincount(rows * n_inputs + chosen, minlength=chosen.size // degree * n_inputs).reshape(-1, n_inputs)


class PolynomialFeatures(Estimator):
    """All products of the inputs up to a total degree, as new features (without the constant 1).

    For two inputs and ``degree=2``: ``x_1, x_2, x_1^2, x_1 x_2, x_2^2``, in
    scikit-learn's order (by degree, then lexicographically). A linear model
    on these features has a polynomial decision boundary; notebook 04's
    regularisation explorer penalises their weights.

    Parameters
    ----------
    degree : int
        The highest total degree, at least 1.

    Attributes
    ----------
    powers_ : ndarray of int, shape (n_output_features, D)
        ``powers_[m, j]``: the power of input ``j`` in feature ``m``.
    """

    def __init__(self, degree=2):
        self.degree = degree

    def fit(self, X, t=None):
        """Work out the monomials of the ``D`` inputs of ``X``; returns ``self``."""
        D = as_matrix(X).shape[1]
        degree = check_positive_int(self.degree, "degree")
        n_monomials = math.comb(D + degree, degree) - 1
        if n_monomials > MAX_FEATURES:
            raise ValueError(f"degree={degree} on {D} inputs gives {n_monomials:,} features, more than the "
                             f"{MAX_FEATURES:,} a model here can be fitted on in reasonable time: lower the degree.")
        self.powers_ = np.vstack([_powers(D, d) for d in range(1, degree + 1)])
        return self

    def transform(self, X) -> np.ndarray:
        """The monomials of each row of ``X``, shape (N, n_output_features)."""
        check_fitted(self, "powers_")
        X = check_scale(as_matrix(X), "X", f"its powers up to {self.degree}", power=int(self.powers_.sum(axis=1).max()))
        check_n_features(X, self.powers_.shape[1])
        check_size(X.shape[0] * self.powers_.size, "the products", "X or degree")
        return np.prod(X[:, None, :] ** self.powers_[None, :, :], axis=2)

    def fit_transform(self, X, t=None) -> np.ndarray:
        """:meth:`fit`, then :meth:`transform` the same data."""
        return self.fit(X).transform(X)

    def feature_names(self, input_names=None) -> list[str]:
        """Each feature written as a product, e.g. ``"x1^2 x2"``; inputs named ``x1, x2, ...`` by default."""
        check_fitted(self, "powers_")
        D = self.powers_.shape[1]
        names = [f"x{j + 1}" for j in range(D)] if input_names is None else [str(name) for name in check_sequence(
            input_names, "input_names", f"{D} names, one per input")]
        if len(names) != D:
            raise ValueError(f"input_names must hold one name per input, {D}; got {len(names)}.")
        return [" ".join(name if power == 1 else f"{name}^{power}" for name, power in zip(names, row) if power)
                for row in self.powers_]


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
            check_instance(step, f"steps[{position}]")
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
