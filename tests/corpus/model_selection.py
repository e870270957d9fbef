"""Bad and extreme calls of lecture_utils.model_selection, preprocessing and multiclass."""

import numpy as np
from sklearn.linear_model import Perceptron as SklearnPerceptron
from sklearn.model_selection import KFold
from sklearn.multiclass import OneVsOneClassifier as SklearnOneVsOne
from sklearn.multiclass import OneVsRestClassifier as SklearnOneVsRest
from sklearn.naive_bayes import GaussianNB as SklearnGaussianNB
from sklearn.preprocessing import StandardScaler as SklearnStandardScaler

from lecture_utils import ConvergenceWarning, FoldWarning
from lecture_utils.datasets import make_gaussian_classes
from lecture_utils.discriminant import LDA, QDA
from lecture_utils.logistic import LogisticRegression
from lecture_utils.model_selection import (calibration_curve, confusion_matrix, cross_val_predict, cross_val_score,
                                           grid_search, kfold_indices, learning_curve, learning_curve_splits,
                                           leave_one_out, train_test_split)
from lecture_utils.multiclass import OneVsOneClassifier, OneVsRestClassifier
from lecture_utils.naive_bayes import CategoricalNB, GaussianNB
from lecture_utils.perceptron import Perceptron
from lecture_utils.preprocessing import Pipeline, StandardScaler, make_pipeline

from . import (answers, bad_arrays, bad_counts, bad_seeds, case, classifier_cases, close, equal, refuses, satisfies)

DATA = make_gaussian_classes([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], [np.eye(2)] * 3, n_per_class=12, random_state=6)
X, T = DATA.X, DATA.y
BINARY = T < 2


def _folds_cases():
    return [
        case("model_selection.kfold_indices", "as scikit-learn's KFold", lambda: [test for _, test in kfold_indices(10, 3)],
             answers(lambda folds: [np.testing.assert_array_equal(a, b) for a, (_, b) in
                                    zip(folds, KFold(3).split(np.zeros(10)))])),
        *bad_counts("model_selection.kfold_indices", "n", lambda value: kfold_indices(value, 2)),
        *bad_counts("model_selection.kfold_indices", "k", lambda value: kfold_indices(10, value)),
        case("model_selection.kfold_indices", "k > n", lambda: kfold_indices(3, 5), refuses("k")),
        case("model_selection.kfold_indices", "k = 1", lambda: kfold_indices(3, 1), refuses("k")),
        *bad_seeds("model_selection.kfold_indices", lambda value: kfold_indices(10, 3, shuffle=True,
                                                                              random_state=value)),
        case("model_selection.kfold_indices", "shuffle text", lambda: kfold_indices(10, 3, shuffle="yes"),
             refuses("shuffle")),
        case("model_selection.kfold_indices", "n = 10**9 cannot fit", lambda: kfold_indices(10 ** 9, 5),
             refuses("n", match="GiB")),
        *bad_counts("model_selection.leave_one_out", "n", leave_one_out),
        case("model_selection.leave_one_out", "n = 1", lambda: leave_one_out(1), refuses("n")),
        case("model_selection.leave_one_out", "n = 10**5 cannot fit", lambda: leave_one_out(10 ** 5),
             refuses("n", match="GiB")),
        case("model_selection.leave_one_out", "n = 4", lambda: [test.tolist() for _, test in leave_one_out(4)],
             answers(equal([[0], [1], [2], [3]]))),
        *bad_arrays("model_selection.train_test_split", "X", lambda value: train_test_split(value, T), X),
        case("model_selection.train_test_split", "t too short", lambda: train_test_split(X, T[:-1]), refuses("t")),
        *[case("model_selection.train_test_split", f"test_size={value!r}",
               lambda value=value: train_test_split(X, T, test_size=value), refuses("test_size"))
          for value in (0.0, 1.0, -0.1, "0.2", np.nan, 3)],
        case("model_selection.train_test_split", "test_size 0.25 as scikit-learn",
             lambda: [len(part) for part in train_test_split(X, T, test_size=0.25, random_state=0)],
             answers(equal([27, 9, 27, 9]))),
        *bad_seeds("model_selection.train_test_split", lambda value: train_test_split(X, T, random_state=value)),
        case("model_selection.train_test_split", "test_size = 0.001: one example", lambda: train_test_split(
            X, T, test_size=0.001), answers(satisfies(lambda parts: len(parts[1]) == 1, "1 test example"))),
    ]


def _score_cases():
    model = LogisticRegression(solver="newton", l2=0.1)
    return [
        case("model_selection.cross_val_score", "as by hand", lambda: cross_val_score(model, X[BINARY], T[BINARY], k=4),
             answers(close(lambda: [LogisticRegression(solver="newton", l2=0.1).fit(X[BINARY][train], T[BINARY][train])
                                    .score(X[BINARY][test], T[BINARY][test])
                                    for train, test in kfold_indices(int(BINARY.sum()), 4)], rtol=1e-15))),
        case("model_selection.cross_val_score", "estimator without fit", lambda: cross_val_score("model", X, T),
             refuses("estimator")),
        case("model_selection.cross_val_score", "scoring not callable", lambda: cross_val_score(model, X, T,
                                                                                              scoring="accuracy"),
             refuses("scoring")),
        case("model_selection.cross_val_score", "t too short", lambda: cross_val_score(model, X, T[:-1]), refuses("t")),
        case("model_selection.cross_val_score", "k > N", lambda: cross_val_score(model, X, T, k=100), refuses("k")),
        case("model_selection.cross_val_score", "folds out of range", lambda: cross_val_score(
            LDA(), X, T, folds=[(np.arange(30), np.arange(30, 40))]), refuses("folds")),
        case("model_selection.cross_val_score", "folds that are no pairs", lambda: cross_val_score(
            LDA(), X, T, folds=[np.arange(10)]), refuses("folds")),
        case("model_selection.cross_val_score", "a training fold of one class", lambda: cross_val_score(
            LDA(), X, T, folds=[(np.arange(12), np.arange(12, 36))]), refuses("t")),
        case("model_selection.cross_val_score", "2 folds of examples sorted by two classes: which fold, and why "
             "(issue 35)", lambda: cross_val_score(LDA(), X[BINARY], T[BINARY], k=2),
             refuses("t", match="Fold 1 of 2 .* sorted by class")),
        case("model_selection.cross_val_predict", "2 folds of examples sorted by two classes: which fold",
             lambda: cross_val_predict(LDA(), X[BINARY], T[BINARY], k=2), refuses("t", match="Fold 1 of 2")),
        case("model_selection.grid_search", "2 folds of examples sorted by two classes: which fold",
             lambda: grid_search(lambda value: LDA(), [0], X[BINARY], T[BINARY], k=2), refuses("t", match="Fold 1")),
        case("model_selection.cross_val_score", "a fold whose fit fails: the fold is named (issue 35)",
             lambda: cross_val_score(QDA(), X[:, :1].repeat(2, axis=1), T, k=3, shuffle=True, random_state=0),
             refuses("covariance", match="fold 1 of 3")),
        case("model_selection.learning_curve", "a split whose fit fails: the split is named (issue 35)",
             lambda: learning_curve(QDA(), X[:, :1].repeat(2, axis=1), T, [9, 20], n_repeats=3, random_state=0),
             refuses("covariance", match="split 1 of 3")),
        case("model_selection.cross_val_score", "the class LDA, not a model", lambda: cross_val_score(LDA, X, T),
             refuses("estimator", match="LDA\\(\\)")),
        case("model_selection.cross_val_score", "3 folds of examples sorted by class: each tests an unseen class",
             lambda: cross_val_score(LDA(), X, T, k=3), answers(equal([0.0, 0.0, 0.0]), warns=FoldWarning)),
        case("model_selection.cross_val_score", "3 folds of the same examples shuffled",
             lambda: cross_val_score(LDA(), X, T, k=3, shuffle=True, random_state=0),
             answers(satisfies(lambda scores: np.all(scores > 0.6), "scores of a model that saw every class"))),
        case("model_selection.cross_val_predict", "3 folds of examples sorted by class",
             lambda: cross_val_predict(LDA(), X, T, k=3), answers(warns=FoldWarning)),
        case("model_selection.grid_search", "the best l2", lambda: grid_search(
            lambda l2: LogisticRegression(solver="newton", l2=l2), [1e-3, 1e3], X[BINARY], T[BINARY], k=3).best_value,
             answers(equal(1e-3))),
        case("model_selection.grid_search", "make_estimator not callable", lambda: grid_search(model, [0.1], X, T),
             refuses("make_estimator")),
        case("model_selection.grid_search", "no values", lambda: grid_search(lambda v: model, [], X, T),
             refuses("values")),
        case("model_selection.grid_search", "values not iterable", lambda: grid_search(lambda v: model, 0.1, X, T),
             refuses("values")),
        case("model_selection.grid_search", "make_estimator returning no model",
             lambda: grid_search(lambda v: None, [0.1], X[BINARY], T[BINARY]), refuses("estimator")),
    ]


def _preprocessing_cases():
    scaler = StandardScaler().fit(X)
    return [
        *bad_arrays("preprocessing.StandardScaler.fit", "X", lambda value: StandardScaler().fit(value), X),
        case("preprocessing.StandardScaler.fit", "X at scale 1e300", lambda: StandardScaler().fit(X * 1e300).scale_,
             answers(close(lambda: X.std(axis=0) * 1e300, rtol=1e-13))),
        case("preprocessing.StandardScaler.fit", "X at scale 1e-300", lambda: StandardScaler().fit(X * 1e-300).scale_,
             answers(close(lambda: X.std(axis=0) * 1e-300, rtol=1e-13))),
        case("preprocessing.StandardScaler.fit", "a constant feature of 1e300",
             lambda: StandardScaler().fit(np.full((3, 1), 1e300)).scale_, answers(equal([1.0]))),
        case("preprocessing.StandardScaler.fit_transform", "as scikit-learn",
             lambda: StandardScaler().fit_transform(X * 1e200),
             answers(close(lambda: SklearnStandardScaler().fit_transform(X), rtol=1e-12, atol=1e-14))),
        case("preprocessing.StandardScaler.fit_transform", "nan X",
             lambda: StandardScaler().fit_transform(X * np.nan), refuses("X")),
        case("preprocessing.StandardScaler.transform", "unfitted", lambda: StandardScaler().transform(X),
             refuses("fit")),
        case("preprocessing.StandardScaler.transform", "one feature more", lambda: scaler.transform(np.c_[X, X[:, 0]]),
             refuses("X")),
        case("preprocessing.StandardScaler.transform", "text X", lambda: scaler.transform([["a", "b"]]), refuses("X")),
        case("preprocessing.StandardScaler.inverse_transform", "round trip",
             lambda: scaler.inverse_transform(scaler.transform(X)), answers(close(X, rtol=1e-13, atol=1e-15))),
        case("preprocessing.StandardScaler.inverse_transform", "unfitted",
             lambda: StandardScaler().inverse_transform(X), refuses("fit")),
        case("preprocessing.StandardScaler.inverse_transform", "nan X", lambda: scaler.inverse_transform(X * np.nan),
             refuses("X")),
        *classifier_cases("preprocessing.Pipeline", lambda: Pipeline([StandardScaler(), LDA()]), X, T,
                          scales=(1e300, 1e-300)),
        case("preprocessing.Pipeline.fit", "no steps", lambda: Pipeline([]).fit(X, T), refuses("steps")),
        case("preprocessing.Pipeline.fit", "the class StandardScaler, not a scaler",
             lambda: Pipeline([StandardScaler, LDA()]).fit(X, T), refuses("steps[0]", match="StandardScaler\\(\\)")),
        case("preprocessing.Pipeline.fit", "steps not a list", lambda: Pipeline(LDA()).fit(X, T), refuses("steps")),
        case("preprocessing.Pipeline.fit", "a step without transform", lambda: Pipeline([LDA(), LDA()]).fit(X, T),
             refuses("steps")),
        case("preprocessing.Pipeline.predict_proba", "a last step without predict_proba",
             lambda: Pipeline([StandardScaler(), _NoProba()]).fit(X, T).predict_proba(X), refuses("predict_proba")),
        case("preprocessing.make_pipeline", "no steps", lambda: make_pipeline().fit(X, T), refuses("steps")),
        case("preprocessing.make_pipeline", "a string step", lambda: make_pipeline("scaler", LDA()).fit(X, T),
             refuses("steps")),
        case("preprocessing.make_pipeline", "as Pipeline", lambda: make_pipeline(StandardScaler(), LDA()).fit(
            X, T).predict(X), answers(equal(lambda: LDA().fit(X, T).predict(X)))),
    ]


class _NoProba:
    """A classifier without predict_proba (scikit-learn's Perceptron is one)."""

    def fit(self, X, t):
        self.classes_ = np.unique(t)
        return self

    def predict(self, X):
        return np.full(len(X), self.classes_[0])


def _multiclass_cases():
    base = LogisticRegression(solver="newton", l2=0.1)
    return [
        *classifier_cases("multiclass.OneVsRestClassifier", lambda: OneVsRestClassifier(LDA()), X, T,
                          scales=(1e100, 1e-100)),
        *classifier_cases("multiclass.OneVsOneClassifier", lambda: OneVsOneClassifier(base), X, T, scales=()),
        case("multiclass.OneVsRestClassifier.fit", "as scikit-learn", lambda: OneVsRestClassifier(LDA()).fit(
            X, T).predict(X), answers(equal(lambda: SklearnOneVsRest(_SklearnLDA()).fit(X, T).predict(X)))),
        case("multiclass.OneVsOneClassifier.fit", "as scikit-learn", lambda: OneVsOneClassifier(LDA()).fit(
            X, T).predict(X), answers(equal(lambda: SklearnOneVsOne(_SklearnLDA()).fit(X, T).predict(X)))),
        case("multiclass.OneVsRestClassifier.fit", "estimator without fit", lambda: OneVsRestClassifier("lda").fit(
            X, T), refuses("estimator")),
        case("multiclass.OneVsOneClassifier.fit", "estimator without decision_function",
             lambda: OneVsOneClassifier(_NoProba()).fit(X, T), refuses("estimator")),
        case("multiclass.OneVsRestClassifier.fit", "X at scale 1e300 reaches the base model's check",
             lambda: OneVsRestClassifier(base).fit(X * 1e300, T), refuses("X")),
        *[case(f"multiclass.{ours.__name__}.fit", f"around {model}, as scikit-learn",
               lambda ours=ours, theirs=theirs, make=make, fitted=fitted:
               ours(make()).fit(X, T).predict(X),
               answers(equal(lambda theirs=theirs, fitted=fitted: theirs(fitted()).fit(X, T).predict(X)), warns=warns))
          for ours, theirs in ((OneVsRestClassifier, SklearnOneVsRest), (OneVsOneClassifier, SklearnOneVsOne))
          for model, make, fitted, warns in (
              ("Gaussian Naive Bayes (a score per class)", GaussianNB, lambda: SklearnGaussianNB(var_smoothing=0.0), ()),
              ("the perceptron (labels -1 and +1)", lambda: Perceptron(max_epochs=1000),      # the classes overlap
               lambda: SklearnPerceptron(shuffle=False, eta0=1.0, tol=None, max_iter=1000), ConvergenceWarning))],
        case("multiclass.OneVsRestClassifier.fit", "categorical text X handed on to the model",
             lambda: OneVsRestClassifier(CategoricalNB()).fit([["a"], ["b"], ["c"]] * 2, [0, 1, 2] * 2).predict(
                 [["c"], ["a"]]), answers(equal([2, 0]))),
        case("multiclass.OneVsRestClassifier.decision_function", "a model with three scores per example",
             lambda: OneVsRestClassifier(_ThreeScores()).fit(X, T).decision_function(X), refuses("estimator")),
    ]


class _ThreeScores(LogisticRegression):
    """A binary model whose decision_function returns three columns: no score of one class against another."""

    def decision_function(self, X):
        return np.zeros((len(X), 3))


def _SklearnLDA():
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    return LinearDiscriminantAnalysis()


def _evaluation_cases():
    from sklearn.calibration import calibration_curve as sklearn_calibration
    from sklearn.metrics import confusion_matrix as sklearn_confusion

    rng = np.random.default_rng(3)
    p = rng.random(50)
    t = (rng.random(50) < p).astype(int)
    Xb, tb = X[BINARY], T[BINARY]
    splits = learning_curve_splits(tb, 3, 0.25, 2, random_state=0)
    return [
        case("model_selection.calibration_curve", "as scikit-learn", lambda: calibration_curve(t, p, 5),
             answers(satisfies(lambda curve: np.allclose(curve.predicted, sklearn_calibration(t, p, n_bins=5)[1],
                                                         rtol=1e-14)
                               and np.allclose(curve.observed, sklearn_calibration(t, p, n_bins=5)[0], rtol=1e-14),
                               "scikit-learn's prob_pred and prob_true"))),
        case("model_selection.calibration_curve", "probabilities 1e-300 and 1 - 1e-16",
             lambda: calibration_curve([0, 1], [1e-300, 1 - 1e-16], 2).predicted,
             answers(close([1e-300, 1 - 1e-16], rtol=1e-15))),
        case("model_selection.calibration_curve", "ragged t", lambda: calibration_curve([[0], [1, 0]], [0.1, 0.8]),
             refuses("t")),
        case("model_selection.calibration_curve", "t of 0 and 2", lambda: calibration_curve([0, 2], [0.1, 0.8]),
             refuses("t")),
        case("model_selection.calibration_curve", "nan in p", lambda: calibration_curve([0, 1], [0.1, np.nan]),
             refuses("p")),
        case("model_selection.calibration_curve", "p and t of different lengths",
             lambda: calibration_curve([0, 1, 1], [0.1, 0.8]), refuses("t")),
        case("model_selection.calibration_curve", "n_bins = 10**12 cannot fit",
             lambda: calibration_curve([0, 1], [0.1, 0.8], 10 ** 12), refuses("n_bins", match="GiB")),
        case("model_selection.confusion_matrix", "as scikit-learn", lambda: confusion_matrix(T, np.roll(T, 5)),
             answers(equal(lambda: sklearn_confusion(T, np.roll(T, 5))))),
        case("model_selection.confusion_matrix", "text labels in a given order",
             lambda: confusion_matrix(["b", "a", "a"], ["a", "a", "b"], labels=["b", "a"]),
             answers(equal(lambda: sklearn_confusion(["b", "a", "a"], ["a", "a", "b"], labels=["b", "a"])))),
        case("model_selection.confusion_matrix", "t mixing numbers and text (issue 35)",
             lambda: confusion_matrix([1, "a", 1], [1, 1, "a"]), refuses("t")),
        case("model_selection.confusion_matrix", "ragged t", lambda: confusion_matrix([[0], [1, 0]], [0, 1]),
             refuses("t")),
        case("model_selection.confusion_matrix", "different lengths", lambda: confusion_matrix([0, 1, 1], [0, 1]),
             refuses("predictions")),
        case("model_selection.confusion_matrix", "a label missing from labels",
             lambda: confusion_matrix([0, 1], [0, 2], labels=[0, 1]), refuses("labels")),
        case("model_selection.confusion_matrix", "a label twice in labels",
             lambda: confusion_matrix([0, 1], [0, 1], labels=[0, 1, 1]), refuses("labels")),
        case("model_selection.confusion_matrix", "10**5 labels: 10**10 cells",
             lambda: confusion_matrix(np.arange(10 ** 5), np.arange(10 ** 5)), refuses("labels", match="GiB")),
        case("model_selection.cross_val_predict", "as fold by fold", lambda: cross_val_predict(LDA(), X, T, k=4),
             answers(equal(lambda: _by_folds(kfold_indices(len(T), 4))))),
        case("model_selection.cross_val_predict", "estimator as text", lambda: cross_val_predict("lda", X, T),
             refuses("estimator")),
        case("model_selection.cross_val_predict", "folds that are no pairs",
             lambda: cross_val_predict(LDA(), X, T, folds=[np.arange(3)]), refuses("folds")),
        *bad_seeds("model_selection.cross_val_predict",
                   lambda value: cross_val_predict(LDA(), X, T, shuffle=True, random_state=value)),
        case("model_selection.learning_curve", "as split by split",
             lambda: learning_curve(LDA(), Xb, tb, [6, 12], n_repeats=3, random_state=0).errors,
             answers(close(lambda: [[1 - LDA().fit(Xb[train[:m]], tb[train[:m]]).score(Xb[test], tb[test])
                                     for train, test in splits] for m in (6, 12)], rtol=1e-15))),
        case("model_selection.learning_curve", "train_sizes a number",
             lambda: learning_curve(LDA(), Xb, tb, 6, n_repeats=2), refuses("train_sizes")),
        case("model_selection.learning_curve", "train_sizes beyond the training part",
             lambda: learning_curve(LDA(), Xb, tb, [100], n_repeats=2), refuses("train_sizes")),
        case("model_selection.learning_curve", "a training set of one example, one class",
             lambda: learning_curve(LDA(), Xb, tb, [1, 12], n_repeats=2), refuses("train_sizes", match="from 4")),
        case("model_selection.learning_curve", "train_sizes as text",
             lambda: learning_curve(LDA(), Xb, tb, "ab", n_repeats=2), refuses("train_sizes")),
        case("model_selection.learning_curve", "estimator as text",
             lambda: learning_curve("lda", Xb, tb, [6], n_repeats=2), refuses("estimator")),
        case("model_selection.learning_curve", "t too short",
             lambda: learning_curve(LDA(), Xb, tb[:-1], [6], n_repeats=2), refuses("t")),
        case("model_selection.learning_curve_splits", "nested training sets holding every class",
             lambda: learning_curve_splits(tb, 3, 0.25, 2, random_state=0),
             answers(satisfies(lambda result: all(np.bincount(tb[train[:4]], minlength=2).min() >= 2
                                                  and np.intersect1d(train, test).size == 0
                                                  and train.size + test.size == tb.size for train, test in result),
                               "disjoint splits whose first 2K training examples hold every class twice"))),
        *[case("model_selection.learning_curve_splits", f"test_size={value!r}",
               lambda value=value: learning_curve_splits(tb, 2, value), refuses("test_size"))
          for value in (1.0, 0.0, 1, np.nan, "0.25")],
        *bad_counts("model_selection.learning_curve_splits", "n_repeats",
                    lambda value: learning_curve_splits(tb, value)),
        case("model_selection.learning_curve_splits", "n_repeats = 10**9 cannot fit",
             lambda: learning_curve_splits(tb, 10 ** 9), refuses("n_repeats", match="GiB")),
        case("model_selection.learning_curve_splits", "min_per_class more than a class holds",
             lambda: learning_curve_splits(tb, 2, 0.25, 100), refuses("min_per_class")),
        case("model_selection.learning_curve_splits", "nan in t",
             lambda: learning_curve_splits(np.r_[np.nan, tb[1:]], 2), refuses("t")),
        *bad_seeds("model_selection.learning_curve_splits", lambda value: learning_curve_splits(tb, 2,
                                                                                                random_state=value)),
    ]


def _by_folds(folds):
    predictions = np.empty_like(T)
    for train, test in folds:
        predictions[test] = LDA().fit(X[train], T[train]).predict(X[test])
    return predictions


def _polynomial_cases():
    from sklearn.preprocessing import PolynomialFeatures as SklearnPolynomialFeatures
    from lecture_utils.preprocessing import PolynomialFeatures
    fitted = PolynomialFeatures(3).fit(X)
    return [
        case("preprocessing.PolynomialFeatures.fit_transform", "as scikit-learn at scale 1e90",
             lambda: PolynomialFeatures(3).fit_transform(X * 1e90),
             answers(close(lambda: SklearnPolynomialFeatures(3, include_bias=False).fit_transform(X * 1e90),
                           rtol=1e-14))),
        case("preprocessing.PolynomialFeatures.fit", "degree 0", lambda: PolynomialFeatures(0).fit(X),
             refuses("degree")),
        case("preprocessing.PolynomialFeatures.fit", "degree 2.5", lambda: PolynomialFeatures(2.5).fit(X),
             refuses("degree")),
        *[case("preprocessing.PolynomialFeatures.fit", f"degree {degree} of {inputs} inputs: {count} features",
               lambda degree=degree, inputs=inputs: PolynomialFeatures(degree).fit(np.ones((2, inputs))),
               refuses("degree", match="features"))
          for degree, inputs, count in ((200, 30, "1e39"), (5000, 2, "12.5 million"), (446, 2, "100 127"))],
        case("preprocessing.PolynomialFeatures.fit", "degree 200 of 2 inputs: 20 300 features, as scikit-learn",
             lambda: PolynomialFeatures(200).fit(np.ones((2, 2))).powers_,
             answers(equal(lambda: SklearnPolynomialFeatures(200, include_bias=False).fit(np.ones((2, 2))).powers_))),
        case("preprocessing.PolynomialFeatures.fit", "nan in X", lambda: PolynomialFeatures(2).fit(X * np.nan),
             refuses("X")),
        case("preprocessing.PolynomialFeatures.transform", "cubes of 1e110 beyond float64",
             lambda: fitted.transform(X * 1e110), refuses("X")),
        case("preprocessing.PolynomialFeatures.transform", "cubes of 1e-110 rounding to 0",
             lambda: fitted.transform(X * 1e-110), refuses("X")),
        case("preprocessing.PolynomialFeatures.transform", "unfitted", lambda: PolynomialFeatures(2).transform(X),
             refuses("fit")),
        case("preprocessing.PolynomialFeatures.transform", "one input fewer", lambda: fitted.transform(X[:, :1]),
             refuses("X")),
        case("preprocessing.PolynomialFeatures.feature_names", "as scikit-learn",
             lambda: PolynomialFeatures(2).fit(X).feature_names(["a", "b"]),
             answers(equal(lambda: [name.replace(" ", " ") for name in SklearnPolynomialFeatures(
                 2, include_bias=False).fit(X).get_feature_names_out(["a", "b"])]))),
        case("preprocessing.PolynomialFeatures.feature_names", "one name for two inputs",
             lambda: fitted.feature_names(["a"]), refuses("input_names")),
        case("preprocessing.PolynomialFeatures.feature_names", "names as one string",
             lambda: fitted.feature_names("ab"), refuses("input_names")),
        case("preprocessing.PolynomialFeatures.feature_names", "unfitted",
             lambda: PolynomialFeatures(2).feature_names(), refuses("fit")),
    ]


CASES = [*_folds_cases(), *_score_cases(), *_preprocessing_cases(), *_multiclass_cases(), *_evaluation_cases(),
         *_polynomial_cases()]
