"""Naive Bayes for categorical features: ``p(x_j = v | C_k) = (N_kv + alpha) / (N_k + alpha V_j)``
(notebook 07, "Categorical features" and "Laplace smoothing")."""

from __future__ import annotations

import numpy as np

from .._validation import as_categorical_matrix, check_non_negative
from ._model import _log, _SmoothedNaiveBayes
from .estimates import laplace_estimate


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
