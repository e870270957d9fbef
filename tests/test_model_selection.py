"""Splits and cross-validation against scikit-learn's KFold, LeaveOneOut, cross_val_score and GridSearchCV;
learning curves against scikit-learn's learning_curve on the same splits, calibration curves against
scikit-learn's calibration_curve."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.calibration import calibration_curve as sklearn_calibration_curve
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
from sklearn.metrics import confusion_matrix as sklearn_confusion_matrix
from sklearn.model_selection import GridSearchCV, KFold, LeaveOneOut
from sklearn.model_selection import cross_val_predict as sklearn_cross_val_predict
from sklearn.model_selection import learning_curve as sklearn_learning_curve
from sklearn.naive_bayes import GaussianNB as SklearnGaussianNB
from sklearn.model_selection import cross_val_score as sklearn_cross_val_score
from sklearn.model_selection import train_test_split as sklearn_train_test_split
from sklearn.pipeline import make_pipeline as sklearn_make_pipeline
from sklearn.preprocessing import StandardScaler as SklearnStandardScaler

from lecture_utils.logistic import LogisticRegression
from lecture_utils.datasets import load_iris
from lecture_utils.model_selection import (calibration_curve, confusion_matrix, cross_val_predict, cross_val_score,
                                           grid_search, kfold_indices, learning_curve, learning_curve_splits,
                                           leave_one_out, train_test_split)
from lecture_utils.naive_bayes import GaussianNB
from lecture_utils.preprocessing import StandardScaler, make_pipeline


@pytest.fixture(scope="module")
def cancer():
    data = load_breast_cancer()
    return data.data, data.target


def assert_same_folds(ours, theirs):
    theirs = list(theirs)
    assert len(ours) == len(theirs)
    for (train, test), (their_train, their_test) in zip(ours, theirs):
        np.testing.assert_array_equal(train, their_train)
        np.testing.assert_array_equal(test, their_test)


@pytest.mark.parametrize("n, k", [(10, 2), (10, 3), (11, 5), (150, 10), (7, 7), (569, 5)])
def test_kfold_without_shuffling_is_scikit_learns(n, k):
    assert_same_folds(kfold_indices(n, k), KFold(k).split(np.zeros((n, 1))))


@pytest.mark.parametrize("n, k", [(11, 5), (100, 4)])
def test_shuffled_folds_partition_the_examples_and_repeat_with_a_seed(n, k):
    folds = kfold_indices(n, k, shuffle=True, random_state=3)
    tests = np.concatenate([test for _, test in folds])
    np.testing.assert_array_equal(np.sort(tests), np.arange(n))             # each example tested once
    for train, test in folds:
        np.testing.assert_array_equal(np.sort(np.r_[train, test]), np.arange(n))
    # the fold sizes are KFold's
    assert [len(test) for _, test in folds] == [len(test) for _, test in KFold(k).split(np.zeros((n, 1)))]
    assert_same_folds(kfold_indices(n, k, shuffle=True, random_state=3), folds)
    other = kfold_indices(n, k, shuffle=True, random_state=4)
    assert any(not np.array_equal(a[1], b[1]) for a, b in zip(folds, other))
    assert not np.array_equal(folds[0][1], np.arange(len(folds[0][1])))    # actually shuffled


def test_leave_one_out_is_scikit_learns():
    assert_same_folds(leave_one_out(6), LeaveOneOut().split(np.zeros((6, 1))))


def test_train_test_split_has_scikit_learns_sizes_and_is_a_partition(cancer):
    X, t = cancer
    X_train, X_test, t_train, t_test = train_test_split(X, t, test_size=0.3, random_state=0)
    their_train, their_test, _, _ = sklearn_train_test_split(X, t, test_size=0.3, random_state=0)
    assert X_train.shape == their_train.shape and X_test.shape == their_test.shape
    rows = np.vstack([X_train, X_test])
    np.testing.assert_array_equal(rows[np.lexsort(rows.T[::-1])], X[np.lexsort(X.T[::-1])])
    again = train_test_split(X, t, test_size=0.3, random_state=0)
    np.testing.assert_array_equal(again[1], X_test)
    np.testing.assert_array_equal(again[3], t_test)
    unshuffled = train_test_split(X, t, test_size=0.3, shuffle=False)
    np.testing.assert_array_equal(unshuffled[1], X[-len(X_test):])


def test_cross_val_score_standardising_inside_the_folds_matches_scikit_learn(cancer):
    X, t = cancer
    l2 = 1e-2
    ours = cross_val_score(make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=l2, tol=1e-10)),
                           X, t, k=5)
    theirs = sklearn_cross_val_score(
        sklearn_make_pipeline(SklearnStandardScaler(), SklearnLogisticRegression(C=1 / (455 * l2), tol=1e-10)),
        X, t, cv=KFold(5))                                  # 455 = training examples per fold
    np.testing.assert_array_equal(ours, theirs)


def test_cross_val_score_with_leave_one_out_folds_and_a_scoring_function(cancer):
    X, t = cancer
    X, t = X[:40, :3], t[:40]
    model = make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=0.1))
    scores = cross_val_score(model, X, t, folds=leave_one_out(40),
                             scoring=lambda fitted, X_test, t_test: fitted.predict_proba(X_test)[0, t_test[0]])
    theirs = sklearn_cross_val_score(
        sklearn_make_pipeline(SklearnStandardScaler(), SklearnLogisticRegression(C=1 / (39 * 0.1), tol=1e-10)),
        X, t, cv=LeaveOneOut(), scoring=lambda fitted, X_test, t_test: fitted.predict_proba(X_test)[0, t_test[0]])
    np.testing.assert_allclose(scores, theirs, atol=1e-6)
    assert not hasattr(model, "steps_")                     # the model given is never fitted itself


def test_grid_search_gives_scikit_learns_cv_results(cancer):
    X, t = cancer
    values = [1e-3, 1e-2, 1e-1, 1.0]
    result = grid_search(lambda l2: make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=l2)),
                         values, X, t, k=5)
    # with 455 training examples per fold, l2 corresponds to C = 1 / (455 l2)
    reference = GridSearchCV(
        sklearn_make_pipeline(SklearnStandardScaler(), SklearnLogisticRegression(tol=1e-10)),
        {"logisticregression__C": [1 / (455 * value) for value in values]}, cv=KFold(5)).fit(X, t)
    np.testing.assert_allclose(result.mean_score, reference.cv_results_["mean_test_score"], rtol=1e-12)
    np.testing.assert_allclose(result.std_score, reference.cv_results_["std_test_score"], rtol=1e-9, atol=1e-12)
    assert result.best_value == values[reference.best_index_]
    assert result.best_score == pytest.approx(reference.best_score_)
    assert result.scores.shape == (4, 5)


def test_cross_val_predict_matches_scikit_learn_on_shuffled_folds():
    iris = load_iris()
    folds = kfold_indices(150, 10, shuffle=True, random_state=0)
    # scikit-learn's QDA given the same folds (its covariances differ from ours, so compare with its own model)
    ours = cross_val_predict(QuadraticDiscriminantAnalysis(), iris.X, iris.y, folds=folds)
    theirs = sklearn_cross_val_predict(QuadraticDiscriminantAnalysis(), iris.X, iris.y, cv=folds)
    np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("labels", [None, ["b", "a", "c"], ["c", "b", "a", "d"]])
def test_confusion_matrix_is_scikit_learns(labels):
    rng = np.random.default_rng(3)
    t, predictions = rng.choice(["a", "b", "c"], 60), rng.choice(["a", "b", "c"], 60)
    np.testing.assert_array_equal(confusion_matrix(t, predictions, labels=labels),
                                  sklearn_confusion_matrix(t, predictions, labels=labels))


def test_confusion_matrix_by_hand():
    # true 0, 0, 1, 2, 2, 2 predicted 0, 1, 1, 2, 0, 2: rows true, columns predicted
    assert confusion_matrix([0, 0, 1, 2, 2, 2], [0, 1, 1, 2, 0, 2]).tolist() == [[1, 1, 0], [0, 1, 0], [1, 0, 2]]
def test_learning_curve_splits_partition_the_data_and_put_every_class_first():
    t = np.repeat([0, 1, 2], [30, 10, 60])
    splits = learning_curve_splits(t, n_repeats=6, test_size=0.3, min_per_class=3, random_state=5)
    for train, test in splits:
        assert test.size == 30 and np.array_equal(np.sort(np.r_[train, test]), np.arange(100))
        assert np.array_equal(test, np.sort(test))
        assert np.array_equal(np.sort(t[train[:9]]), np.repeat([0, 1, 2], 3))   # three of each class first
    assert len({tuple(test) for _, test in splits}) == 6                            # different splits
    again = learning_curve_splits(t, n_repeats=6, test_size=0.3, min_per_class=3, random_state=5)
    assert all(np.array_equal(a, b) for split, other in zip(splits, again) for a, b in zip(split, other))


@pytest.mark.parametrize("make_ours, make_theirs", [
    (lambda: GaussianNB(var_smoothing=1e-9), lambda: SklearnGaussianNB()),
    (lambda: make_pipeline(StandardScaler(), LogisticRegression(solver="newton", l2=1e-2)),
     lambda: sklearn_make_pipeline(SklearnStandardScaler(), SklearnLogisticRegression(tol=1e-10))),
])
def test_learning_curve_is_scikit_learns_on_the_same_splits(cancer, make_ours, make_theirs):
    X, t = cancer
    sizes = [4, 10, 30, 100, 426]
    ours = learning_curve(make_ours(), X, t, sizes, n_repeats=4, random_state=3)
    splits = learning_curve_splits(t, n_repeats=4, random_state=3)
    # scikit-learn's estimator through our function, against scikit-learn's learning_curve: identical
    mixed = learning_curve(make_theirs(), X, t, sizes, n_repeats=4, random_state=3)
    _, _, scores = sklearn_learning_curve(make_theirs(), X, t, train_sizes=sizes, cv=splits, shuffle=False)
    np.testing.assert_allclose(mixed.errors, 1 - scores, rtol=0, atol=1e-15)
    assert ours.errors.shape == (5, 4) and np.array_equal(ours.train_sizes, sizes)
    if isinstance(make_ours(), GaussianNB):      # the same model: the same predictions, the same errors
        np.testing.assert_allclose(ours.errors, mixed.errors, rtol=0, atol=1e-15)
    np.testing.assert_allclose(ours.mean_error, ours.errors.mean(axis=1), rtol=1e-15)
    np.testing.assert_allclose(ours.standard_error, np.std(ours.errors, axis=1, ddof=1) / 2, rtol=1e-12)


def test_a_pipeline_gives_the_log_posteriors_of_its_classifier(cancer):
    X, t = cancer
    ours = make_pipeline(StandardScaler(), GaussianNB()).fit(X, t)
    theirs = sklearn_make_pipeline(SklearnStandardScaler(), SklearnGaussianNB(var_smoothing=0)).fit(X, t)
    np.testing.assert_allclose(ours.predict_log_proba(X), theirs.predict_log_proba(X), rtol=1e-9, atol=1e-9)
    assert np.isfinite(ours.predict_log_proba(X)).all() and (ours.predict_proba(X) == 1).any()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.floats(0, 1)), min_size=1, max_size=60), st.integers(1, 12))
def test_calibration_curve_is_scikit_learns(pairs, n_bins):
    t, p = (np.array(values) for values in zip(*pairs))
    ours = calibration_curve(t, p, n_bins=n_bins)
    if np.unique(t).size == 2:                    # scikit-learn wants both classes present
        observed, predicted = sklearn_calibration_curve(t, p, n_bins=n_bins)
        np.testing.assert_allclose(ours.observed, observed, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(ours.predicted, predicted, rtol=1e-12, atol=1e-15)
    assert ours.counts.sum() == t.size and np.all(ours.counts > 0)


def test_a_calibrated_model_lies_on_the_diagonal():
    rng = np.random.default_rng(4)
    p = rng.uniform(size=200_000)
    t = rng.uniform(size=p.size) < p                                    # t = 1 with probability p exactly
    curve = calibration_curve(t, p, n_bins=10)
    np.testing.assert_allclose(curve.predicted, np.arange(0.05, 1, 0.1), atol=2e-3)
    np.testing.assert_allclose(curve.observed, curve.predicted, atol=0.01)   # binomial noise < 0.005 per bin


@pytest.mark.parametrize("call, error, match", [
    (lambda: kfold_indices(10, 1), ValueError, "k must be between 2 and n = 10"),
    (lambda: kfold_indices(3, 4), ValueError, "k must be between 2 and n = 3"),
    (lambda: kfold_indices(10.0, 2), TypeError, "n must be an integer"),
    (lambda: kfold_indices(10, 2, shuffle=True, random_state="seed"), TypeError, "random_state"),
    (lambda: leave_one_out(1), ValueError, "at least 2"),
    (lambda: train_test_split(np.zeros((10, 2)), np.zeros(10), test_size=2), ValueError, "test_size"),
    (lambda: train_test_split(np.zeros((10, 2)), np.zeros(9)), ValueError, "one label per row"),
    (lambda: cross_val_score("model", np.zeros((10, 2)), np.arange(10) % 2), TypeError, "fit method"),
    (lambda: grid_search(LogisticRegression(), [0.1], np.zeros((10, 2)), np.arange(10) % 2), TypeError,
     "make_estimator must be a function"),
    (lambda: grid_search(lambda v: LogisticRegression(), [], np.zeros((10, 2)), np.arange(10) % 2), ValueError,
     "at least one"),
    (lambda: confusion_matrix([0, 1], [0, 1, 1]), ValueError, "one label per example"),
    (lambda: confusion_matrix([0, 1], [0, 2], labels=[0, 1]), ValueError, r"\[2\] are missing"),
    (lambda: cross_val_predict(LogisticRegression(), np.zeros((10, 2)), np.arange(9) % 2), ValueError, "9 labels"),
    (lambda: learning_curve_splits(np.arange(10) % 2, test_size=0.9), ValueError, "smaller test_size"),
    (lambda: learning_curve_splits(np.arange(10) % 2, n_repeats=0), ValueError, "n_repeats"),
    (lambda: learning_curve_splits(np.zeros(10)), ValueError, "at least 2 different labels"),
    (lambda: learning_curve(GaussianNB(), np.zeros((10, 2)), np.arange(10) % 2, [3, 9]), ValueError,
     "train_sizes must hold sizes from 4 .* to the training part's 7"),
    (lambda: learning_curve(GaussianNB(), np.zeros((10, 2)), np.arange(10) % 2, [1, 7]), ValueError,
     "train_sizes must hold sizes from 4 \\(min_per_class = 2 examples of each of the 2 classes\\)"),
    (lambda: learning_curve(GaussianNB(), np.zeros((10, 2)), np.arange(9) % 2, [3]), ValueError, "9 labels"),
    (lambda: calibration_curve([0, 1], [0.5, 1.5]), ValueError, "p must be a probability"),
    (lambda: calibration_curve([0, 2], [0.5, 0.5]), ValueError, "t must contain only"),
    (lambda: calibration_curve([0, 1, 1], [0.5, 0.5]), ValueError, "same shape"),
    (lambda: calibration_curve([0, 1], [0.5, 0.5], n_bins=0), ValueError, "n_bins"),
])
def test_bad_arguments_are_named(call, error, match):
    with pytest.raises(error, match=match):
        call()
