"""Numeric features as categories (:class:`QuantileBins`), and a different kind of factor for each group of
features (:class:`MixedNB`), for data of mixed types (notebook 07, "Numeric and mixed features")."""

from __future__ import annotations

import numbers

import numpy as np

from .._base import Estimator, clone
from .._validation import (_check_table_shape, _object_table, as_matrix, check_fitted, check_n_features,
                           check_positive_int)
from ._model import _NaiveBayes
from .bernoulli import BernoulliNB
from .categorical import CategoricalNB
from .gaussian import GaussianNB


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
