"""Estimating how well a model generalises: train/test splits, k-fold and leave-one-out
cross-validation, and choosing a hyperparameter by cross-validation; learning curves and
calibration (reliability) curves.

Taught in notebook 04 ("Model selection"), after Straka (NPFL129 lecture 3,
"Cross-validation"): the test set is used neither for training nor for
choosing hyperparameters. k-fold cross-validation splits the training data
into k folds, trains on k - 1 of them and scores on the one left out, k
times; the mean of the k scores estimates the accuracy on new data, with
less variance than a single validation split.

Notebook 07 adds learning curves (test error against training-set size, for
comparing a generative and a discriminative model, after Ng and Jordan 2001)
and calibration curves (are the predicted probabilities right?).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ._base import clone
from ._validation import (as_class_labels, as_labels, as_matrix, as_probabilities, check_binary, check_flag,
                          check_positive_int, check_random_state, check_same_shape, check_sequence, check_size)
from .exceptions import FoldWarning


def kfold_indices(n, k, shuffle=False, random_state=None) -> list[tuple[np.ndarray, np.ndarray]]:
    """The k folds of ``n`` examples: ``(train, test)`` index arrays, the test folds covering each example once.

    The folds are consecutive blocks of ``0..n-1`` (of a random permutation of
    it with ``shuffle=True``); the first ``n % k`` folds hold one example more
    than the others. Without shuffling these are exactly scikit-learn's
    ``KFold(k).split`` folds; with it, a seeded ``random_state`` gives the same
    folds every time.

    Parameters
    ----------
    n : int
        Number of examples.
    k : int
        Number of folds, 2 <= k <= n.
    shuffle : bool
    random_state : int, numpy Generator or None

    Returns
    -------
    list of k tuples ``(train, test)`` of int ndarrays, each sorted
    """
    n = check_positive_int(n, "n")
    k = check_positive_int(k, "k")
    if not 2 <= k <= n:
        raise ValueError(f"k must be between 2 and n = {n} (each fold needs an example); got k = {k}.")
    check_size(k * n, f"the index arrays of {k} folds", "n or k")
    order = check_random_state(random_state).permutation(n) if check_flag(shuffle, "shuffle") else np.arange(n)
    sizes = np.full(k, n // k)
    sizes[:n % k] += 1                                       # the first n % k folds take one more
    folds = []
    for stop, size in zip(np.cumsum(sizes), sizes):
        test = np.sort(order[stop - size:stop])
        folds.append((np.setdiff1d(np.arange(n), test, assume_unique=True), test))
    return folds


def leave_one_out(n) -> list[tuple[np.ndarray, np.ndarray]]:
    """``n`` folds with one test example each: k-fold cross-validation with ``k = n``.

    Parameters
    ----------
    n : int, at least 2

    Returns
    -------
    list of n tuples ``(train, test)``, ``test = [i]``
    """
    n = check_positive_int(n, "n")
    if n < 2:
        raise ValueError("n must be at least 2 to leave one example out and train on the rest; got 1.")
    return kfold_indices(n, n)


def train_test_split(X, t, test_size=0.25, shuffle=True, random_state=None):
    """Split the examples into a training and a test part.

    ``ceil(test_size N)`` examples go to the test part (as scikit-learn's
    ``train_test_split`` with a fraction), chosen at random unless
    ``shuffle=False`` (then the last ones). Call it twice for a train /
    validation / test split.

    Parameters
    ----------
    X : array-like of shape (N, D)
    t : array-like of shape (N,)
    test_size : float
        Fraction of the examples in the test part, in (0, 1).
    shuffle : bool
    random_state : int, numpy Generator or None

    Returns
    -------
    X_train, X_test, t_train, t_test : ndarrays
    """
    X = as_matrix(X)
    t = np.asarray(t)
    if t.shape != (X.shape[0],):
        raise ValueError(f"t must hold one label per row of X, shape ({X.shape[0]},); got shape {t.shape}.")
    if not (isinstance(test_size, float) and 0 < test_size < 1):
        raise ValueError(f"test_size must be a fraction strictly between 0 and 1, e.g. 0.25; got {test_size!r}.")
    n_test = int(np.ceil(test_size * X.shape[0]))
    if not 0 < n_test < X.shape[0]:
        raise ValueError(f"test_size={test_size} leaves no example for one of the parts of N = {X.shape[0]}.")
    order = check_random_state(random_state).permutation(X.shape[0]) if shuffle else np.arange(X.shape[0])
    train, test = order[:-n_test], order[-n_test:]
    return X[train], X[test], t[train], t[test]


def _checked_folds(t: np.ndarray, k, shuffle, random_state, folds) -> list:
    """The folds to use, with a :class:`FoldWarning` for each that tests a class its training part lacks; a fold
    that trains on a single class is refused, naming it."""
    pairs = _folds(t.shape[0], k, shuffle, random_state, folds)
    for number, (train, _) in enumerate(pairs, 1):
        labels = list(dict.fromkeys(t[train].tolist()))
        if len(labels) < 2:
            raise ValueError(f"Fold {number} of {len(pairs)} trains on {train.size} examples whose labels t are all "
                             f"{labels[0]!r}: no classifier is fitted to a single class. Are the examples sorted by "
                             "class? Pass shuffle=True (and a random_state) to cut the folds from shuffled examples.")
    lacking = [number for number, (train, test) in enumerate(pairs, 1) if np.setdiff1d(t[test], t[train]).size]
    if lacking:
        warnings.warn(f"{len(lacking)} of the {len(pairs)} folds (fold {', '.join(map(str, lacking[:5]))}"
                      f"{', ...' if len(lacking) > 5 else ''}) test a class that their training part lacks, so no "
                      "model fitted there can predict it. Are the examples sorted by class? Pass shuffle=True "
                      "(and a random_state) to cut the folds from shuffled examples.", FoldWarning, stacklevel=3)
    return pairs


def _folds(n, k, shuffle, random_state, folds):
    if folds is None:
        return kfold_indices(n, k, shuffle=shuffle, random_state=random_state)
    try:
        pairs = [(np.asarray(train), np.asarray(test)) for train, test in folds]
    except (TypeError, ValueError):
        pairs = None
    if not pairs or any(part.ndim != 1 or part.size == 0 or part.dtype.kind not in "iu" or part.min() < 0
                        or part.max() >= n for pair in pairs for part in pair):
        raise ValueError(f"folds must be a list of (train, test) pairs of non-empty arrays of example indices from 0 "
                         f"to {n - 1}, e.g. leave_one_out({n}) or kfold_indices({n}, 5).")
    return pairs


def cross_val_score(estimator, X, t, k=5, shuffle=False, random_state=None, folds=None, scoring=None) -> np.ndarray:
    """Score a fresh copy of ``estimator`` on each held-out fold after fitting it on the others.

    Parameters
    ----------
    estimator : classifier
        Cloned for every fold (the one given stays unfitted). To standardise
        inside the folds, pass ``make_pipeline(StandardScaler(), model)``.
    X : array-like of shape (N, D)
    t : array-like of shape (N,)
    k : int
        Number of folds (``k = N`` is leave-one-out).
    shuffle, random_state
        As in :func:`kfold_indices`.
    folds : list of (train, test) index arrays, optional
        Use these folds instead, e.g. ``leave_one_out(N)``.
    scoring : callable, optional
        ``scoring(fitted_estimator, X_test, t_test) -> float``, larger is
        better; by default the accuracy of its predictions (a fold that tests
        a class its training part lacks counts those examples as mistakes,
        with a :class:`~lecture_utils.FoldWarning`).

    Returns
    -------
    ndarray of shape (k,)
        One score per fold.
    """
    X = as_matrix(X)
    t = np.asarray(t)
    as_class_labels(t, X.shape[0])
    if scoring is not None and not callable(scoring):
        raise TypeError(f"scoring must be a function (estimator, X, t) -> float; got {type(scoring).__name__}.")
    scores = []
    pairs = _checked_folds(t, k, shuffle, random_state, folds)
    for number, (train, test) in enumerate(pairs, 1):
        model = _fitted(estimator, X, t, train, f"fold {number} of {len(pairs)}")
        scores.append(scoring(model, X[test], t[test]) if scoring else np.mean(model.predict(X[test]) == t[test]))
    return np.array(scores, dtype=float)


def cross_val_predict(estimator, X, t, k=5, shuffle=False, random_state=None, folds=None) -> np.ndarray:
    """The prediction for each example by a copy of ``estimator`` fitted on the folds that leave it out.

    Every example is predicted exactly once, by the model that did not see
    it: the predictions behind a cross-validated confusion matrix. Arguments
    as in :func:`cross_val_score`.

    Returns
    -------
    ndarray of shape (N,)
        The predicted labels, in the order of ``t``.
    """
    X = as_matrix(X)
    t = np.asarray(t)
    as_class_labels(t, X.shape[0])
    predictions = np.empty_like(t)
    pairs = _checked_folds(t, k, shuffle, random_state, folds)
    for number, (train, test) in enumerate(pairs, 1):
        predictions[test] = _fitted(estimator, X, t, train, f"fold {number} of {len(pairs)}").predict(X[test])
    return predictions


def _fitted(estimator, X, t, train, where: str):
    """A fresh copy of ``estimator`` fitted on the examples ``train``; an error of the fit says where it happened
    (``where``: "fold 2 of 5"), which the caller cannot see from the estimator's message alone."""
    model = clone(estimator)
    try:
        return model.fit(X[train], t[train])
    except (ValueError, TypeError) as error:
        if type(error) not in (ValueError, TypeError):
            raise
        raise type(error)(f"On the training part of {where} ({train.size} examples): {error}") from None


def confusion_matrix(t, predictions, labels=None) -> np.ndarray:
    """Counts of each (true class, predicted class) pair: row ``j`` is the true class, column ``k`` the prediction.

    The diagonal holds the right predictions; as scikit-learn's
    ``confusion_matrix``. (Transposed, with predictions as rows, it is laid
    out like the loss matrices of notebook 06, ``L[predicted, true]``.)

    Parameters
    ----------
    t : array-like of shape (N,)
        The true labels.
    predictions : array-like of shape (N,)
        The predicted labels.
    labels : sequence, optional
        The classes, in the order of the rows and columns; by default the
        sorted labels found in ``t`` and ``predictions``.

    Returns
    -------
    ndarray of int, shape (K, K)
    """
    t, predictions = as_labels(t, "t"), as_labels(predictions, "predictions")
    if t.shape != predictions.shape:
        raise ValueError(f"t and predictions must hold one label per example; got shapes {t.shape} "
                         f"and {predictions.shape}.")
    labels = np.unique(np.concatenate([t, predictions])) if labels is None else as_labels(labels, "labels")
    if np.unique(labels).size != labels.size:
        raise ValueError(f"labels must list each class once; got {labels.tolist()}.")
    check_size(labels.size ** 2, "the confusion matrix", "the number of labels")
    position = {label: j for j, label in enumerate(labels.tolist())}
    missing = sorted({label for label in t.tolist() + predictions.tolist() if label not in position}, key=str)
    if missing:
        raise ValueError(f"labels must list every label in t and predictions; {missing} are missing.")
    counts = np.zeros((labels.size, labels.size), dtype=int)
    for true, predicted in zip(t.tolist(), predictions.tolist()):
        counts[position[true], position[predicted]] += 1
    return counts


@dataclass(frozen=True)
class GridSearchResult:
    """Cross-validated scores of a model for each value of one hyperparameter, from :func:`grid_search`.

    Attributes
    ----------
    values : list
        The candidate values, in the order given.
    scores : ndarray of shape (n_values, k)
        The score of each value on each fold (the same folds for every value).
    mean_score, std_score : ndarray of shape (n_values,)
        The mean and standard deviation (``1/k``, as scikit-learn's
        ``cv_results_``) over the folds.
    best_index : int
        The value with the highest mean score (the first of equals).
    best_value
        ``values[best_index]``.
    best_score : float
    """

    values: list
    scores: np.ndarray
    mean_score: np.ndarray
    std_score: np.ndarray
    best_index: int

    @property
    def best_value(self):
        return self.values[self.best_index]

    @property
    def best_score(self) -> float:
        return float(self.mean_score[self.best_index])


def grid_search(make_estimator, values, X, t, k=5, shuffle=False, random_state=None, folds=None,
                scoring=None) -> GridSearchResult:
    """Choose one hyperparameter by k-fold cross-validation.

    Example: ``grid_search(lambda l2: make_pipeline(StandardScaler(),
    LogisticRegression(solver="newton", l2=l2)), np.logspace(-4, 0, 9), X, t)``.

    Parameters
    ----------
    make_estimator : callable
        ``make_estimator(value)`` returns an unfitted model using that value.
    values : sequence
        The candidate values.
    X, t, k, shuffle, random_state, folds, scoring
        As in :func:`cross_val_score`; every value is scored on the same folds.

    Returns
    -------
    GridSearchResult
    """
    if not callable(make_estimator):
        raise TypeError("make_estimator must be a function value -> unfitted model, e.g. "
                        f"lambda l2: LogisticRegression(l2=l2); got {type(make_estimator).__name__}.")
    try:
        values = list(values)
    except TypeError:
        raise TypeError(f"values must be a list of candidate values, e.g. [0.01, 0.1, 1]; got {values!r}.") from None
    if not values:
        raise ValueError("values must hold at least one candidate value.")
    X = as_matrix(X)
    folds = _folds(X.shape[0], k, shuffle, random_state, folds)
    scores = np.array([cross_val_score(make_estimator(value), X, t, folds=folds, scoring=scoring)
                       for value in values])
    mean = scores.mean(axis=1)
    return GridSearchResult(values, scores, mean, scores.std(axis=1), int(np.argmax(mean)))


# --------------------------------------------------------------------------
# Learning curves and calibration (notebook 07)
# --------------------------------------------------------------------------


def learning_curve_splits(t, n_repeats=20, test_size=0.25, min_per_class=2, random_state=None) -> list:
    """Random train/test splits whose training part is ordered for nested training sets.

    Each split holds out ``ceil(test_size N)`` random examples for testing and
    shuffles the rest; the training indices are then reordered (stably) so
    that the first ``min_per_class`` examples of every class come first. The
    first ``m`` training indices are the training set of size ``m``: the sets
    are nested, and from ``m = K min_per_class`` on each holds every class at
    least ``min_per_class`` times (a Gaussian needs two points for a variance).

    Parameters
    ----------
    t : array-like of shape (N,)
        The labels.
    n_repeats : int
        Number of splits.
    test_size : float in (0, 1)
    min_per_class : int >= 1
    random_state : int, numpy Generator or None

    Returns
    -------
    list of n_repeats tuples ``(train, test)`` of int ndarrays
        ``train`` in training order, ``test`` sorted. scikit-learn's
        ``learning_curve(..., cv=splits, shuffle=False)`` trains on the same
        ``train[:m]``.
    """
    t = np.asarray(t)
    classes, k = as_class_labels(t, t.size)
    n_repeats, min_per_class = check_positive_int(n_repeats, "n_repeats"), check_positive_int(min_per_class,
                                                                                            "min_per_class")
    if not (isinstance(test_size, float) and 0 < test_size < 1):
        raise ValueError(f"test_size must be a fraction strictly between 0 and 1, e.g. 0.25; got {test_size!r}.")
    n_test = int(np.ceil(test_size * t.size))
    check_size(n_repeats * t.size, "the splits' index arrays", "n_repeats")
    rng = check_random_state(random_state)
    splits = []
    for _ in range(n_repeats):
        order = rng.permutation(t.size)
        test, train = np.sort(order[:n_test]), order[n_test:]
        rank = np.zeros(train.size, dtype=int)                 # the position of each example within its class
        for c in range(classes.size):
            in_class = k[train] == c
            rank[in_class] = np.arange(np.count_nonzero(in_class))
        if np.bincount(k[train], minlength=classes.size).min() < min_per_class:
            raise ValueError(f"A training part of N - ceil(test_size N) = {train.size} examples holds fewer than "
                             f"min_per_class = {min_per_class} examples of a class; use a smaller test_size "
                             "or min_per_class.")
        splits.append((train[np.argsort(rank >= min_per_class, kind="stable")], test))
    return splits


@dataclass(frozen=True)
class LearningCurve:
    """Test errors of a model trained on nested training sets of growing size, from :func:`learning_curve`.

    Attributes
    ----------
    train_sizes : ndarray of int, shape (n_sizes,)
    errors : ndarray of shape (n_sizes, n_repeats)
        The test error (1 - accuracy) at each size on each split.
    """

    train_sizes: np.ndarray
    errors: np.ndarray

    @property
    def mean_error(self) -> np.ndarray:
        """The mean test error over the splits at each size, shape (n_sizes,)."""
        return self.errors.mean(axis=1)

    @property
    def standard_error(self) -> np.ndarray:
        """The standard error of :attr:`mean_error`, ``s / sqrt(n_repeats)``, shape (n_sizes,)."""
        return self.errors.std(axis=1, ddof=1) / np.sqrt(self.errors.shape[1])


def learning_curve(estimator, X, t, train_sizes, n_repeats=20, test_size=0.25, min_per_class=2,
                   random_state=None) -> LearningCurve:
    """Test error against training-set size, averaged over random splits (Ng and Jordan, 2001).

    On each split of :func:`learning_curve_splits` a fresh copy of
    ``estimator`` is trained on the first ``m`` training examples, for every
    ``m`` in ``train_sizes``, and scored on the split's test part. Two models
    given the same ``random_state`` see the same splits, so their curves
    differ by the models only. Notebook 07, "Generative or discriminative".

    Parameters
    ----------
    estimator : classifier
        Cloned for every fit; scikit-learn's estimators work too.
    X : array-like of shape (N, D)
    t : array-like of shape (N,)
    train_sizes : sequence of int
        Each between ``K min_per_class`` (the smallest training set that
        holds every class ``min_per_class`` times) and the size of the
        training part.
    n_repeats, test_size, min_per_class, random_state
        As in :func:`learning_curve_splits`.

    Returns
    -------
    LearningCurve
    """
    X = as_matrix(X)
    t = np.asarray(t)
    as_class_labels(t, X.shape[0])
    splits = learning_curve_splits(t, n_repeats, test_size, min_per_class, random_state)
    sizes = np.array([check_positive_int(m, "train_sizes")
                      for m in check_sequence(train_sizes, "train_sizes", "training-set sizes")], dtype=int)
    n_train, smallest = splits[0][0].size, np.unique(t).size * min_per_class
    if sizes.size == 0 or sizes.max() > n_train or sizes.min() < smallest:
        raise ValueError(f"train_sizes must hold sizes from {smallest} (min_per_class = {min_per_class} examples of "
                         f"each of the {smallest // min_per_class} classes) to the training part's {n_train} "
                         f"examples; got {sizes.tolist()}.")
    errors = np.array([[1 - _fitted(estimator, X, t, train[:m], f"split {number} of {len(splits)}").score(
                            X[test], t[test]) for number, (train, test) in enumerate(splits, 1)] for m in sizes])
    return LearningCurve(sizes, errors)


@dataclass(frozen=True)
class CalibrationCurve:
    """A reliability diagram's points, from :func:`calibration_curve`: one per non-empty bin.

    Attributes
    ----------
    predicted : ndarray of shape (n_nonempty,)
        The mean predicted probability ``p`` of the examples in the bin.
    observed : ndarray of shape (n_nonempty,)
        The fraction of them with ``t = 1``.
    counts : ndarray of int, shape (n_nonempty,)
        How many examples fell in the bin.
    """

    predicted: np.ndarray
    observed: np.ndarray
    counts: np.ndarray


def calibration_curve(t, p, n_bins=10) -> CalibrationCurve:
    """How often ``t = 1`` among the examples given each predicted probability ``p``, in bins.

    The interval [0, 1] is cut into ``n_bins`` equal bins (an edge belongs to
    the bin below it). A calibrated model has ``observed = predicted`` in
    every bin: of the examples it gives probability 0.8, 80% are positive. An
    over-confident one has ``observed`` closer to 1/2 than ``predicted`` at
    both ends. This is scikit-learn's ``calibration_curve(t, p, n_bins=n_bins)``
    (its ``prob_pred`` and ``prob_true``). Notebook 07, "Correlated features".

    Parameters
    ----------
    t : array-like of shape (N,)
        Targets in {0, 1} (or booleans).
    p : array-like of shape (N,)
        Predicted probabilities of ``t = 1``.
    n_bins : int >= 1

    Returns
    -------
    CalibrationCurve
    """
    p = as_probabilities(p, "p")
    t = check_binary(as_labels(t, "t"), "t", "Give t = 1 for the class whose probability p is.")
    check_same_shape(t, p, "t", "p")
    n_bins = check_positive_int(n_bins, "n_bins")
    check_size(3 * n_bins, "the bins' counts and sums", "n_bins")
    bins = np.searchsorted(np.linspace(0.0, 1.0, n_bins + 1)[1:-1], p)
    counts = np.bincount(bins, minlength=n_bins)
    filled = counts > 0
    predicted = np.bincount(bins, weights=p, minlength=n_bins)[filled] / counts[filled]
    observed = np.bincount(bins, weights=t.astype(float), minlength=n_bins)[filled] / counts[filled]
    return CalibrationCurve(predicted, observed, counts[filled])
