"""One-vs-rest and one-vs-one around every binary classifier of the package, against scikit-learn's wrappers."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import Perceptron as SklearnPerceptron
from sklearn.multiclass import OneVsOneClassifier as SklearnOneVsOne
from sklearn.multiclass import OneVsRestClassifier as SklearnOneVsRest
from sklearn.naive_bayes import CategoricalNB as SklearnCategoricalNB
from sklearn.naive_bayes import GaussianNB as SklearnGaussianNB

from lecture_utils import ConvergenceWarning
from lecture_utils.datasets import load_iris
from lecture_utils.multiclass import OneVsOneClassifier, OneVsRestClassifier
from lecture_utils.naive_bayes import CategoricalNB, GaussianNB
from lecture_utils.perceptron import Perceptron

IRIS = load_iris()
PAIRS = {  # ours and scikit-learn's, fitting the same model
    "Gaussian Naive Bayes": (GaussianNB(), SklearnGaussianNB(var_smoothing=0.0)),
    "perceptron": (Perceptron(max_epochs=50), SklearnPerceptron(shuffle=False, eta0=1.0, tol=None, max_iter=50)),
}


@pytest.mark.parametrize("model", PAIRS)
@pytest.mark.parametrize("wrappers", [(OneVsRestClassifier, SklearnOneVsRest), (OneVsOneClassifier, SklearnOneVsOne)],
                         ids=["one-vs-rest", "one-vs-one"])
def test_the_wrappers_predict_as_scikit_learns_around_the_same_model(model, wrappers):
    ours, theirs = PAIRS[model]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)   # iris' versicolor and virginica overlap
        predicted = wrappers[0](ours).fit(IRIS.X, IRIS.y).predict(IRIS.X)
    np.testing.assert_array_equal(predicted, wrappers[1](theirs).fit(IRIS.X, IRIS.y).predict(IRIS.X))
    assert np.mean(predicted == IRIS.y) > 0.66           # the two-column scores of a model are no longer stacked


def test_one_vs_rest_probabilities_of_naive_bayes_as_scikit_learns():
    ours = OneVsRestClassifier(GaussianNB()).fit(IRIS.X, IRIS.y).predict_proba(IRIS.X)
    theirs = SklearnOneVsRest(SklearnGaussianNB(var_smoothing=0.0)).fit(IRIS.X, IRIS.y).predict_proba(IRIS.X)
    np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12)


def test_infinite_scores_of_a_model_that_vetoes_a_class_still_give_votes():
    # unsmoothed categorical Naive Bayes vetoes a class (log-odds +-inf) for a value it never saw with that
    # class: class 1 never shows "c", class 2 never "b"; every pair of classes sees every value, no two
    # classes tie on any value
    X = np.array([["a"], ["a"], ["b"], ["c"], ["a"], ["b"], ["b"], ["a"], ["c"], ["c"], ["c"]])
    t = np.array([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2])
    codes = np.searchsorted(["a", "b", "c"], X)
    for wrapper, theirs in ((OneVsOneClassifier, SklearnOneVsOne), (OneVsRestClassifier, SklearnOneVsRest)):
        scores = wrapper(CategoricalNB(alpha=0.0)).fit(X, t).decision_function(X)
        assert np.all(np.isfinite(scores) | (scores == np.inf) | (scores == -np.inf)) and not np.any(np.isnan(scores))
        reference = theirs(SklearnCategoricalNB(alpha=1e-10, force_alpha=True)).fit(codes, t)
        np.testing.assert_array_equal(wrapper(CategoricalNB(alpha=0.0)).fit(X, t).predict(X), reference.predict(codes))
