"""Platt scaling and isotonic calibration against scikit-learn's CalibratedClassifierCV on a frozen model, by
their own optimality conditions, and by hand."""

import numpy as np
import pytest
from scipy.special import expit
from sklearn.calibration import CalibratedClassifierCV
from sklearn.frozen import FrozenEstimator
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression
from sklearn.naive_bayes import GaussianNB

from lecture_utils import SeparationWarning
from lecture_utils.calibration import IsotonicCalibration, PlattScaling
from lecture_utils.datasets import load_breast_cancer


@pytest.fixture(scope="module")
def tumours():
    """A model trained on 200 tumours, 200 more to calibrate on, the rest to test."""
    data = load_breast_cancer()
    order = np.random.default_rng(0).permutation(len(data.y))
    train, calibrate, test = order[:200], order[200:400], order[400:]
    return data.X, data.y, train, calibrate, test


@pytest.mark.parametrize("method, ours, tolerance", [("sigmoid", PlattScaling, 1e-6),
                                                      ("isotonic", IsotonicCalibration, 1e-12)])
@pytest.mark.parametrize("response", ["predict_proba", "decision_function"])
def test_as_scikit_learns_calibration_of_a_frozen_model(tumours, method, ours, tolerance, response):
    X, y, train, calibrate, test = tumours
    model = (GaussianNB() if response == "predict_proba"
             else SklearnLogisticRegression(C=0.01, max_iter=5000)).fit(X[train], y[train])

    def scores(rows):
        values = getattr(model, response)(X[rows])
        return values[:, 1] if values.ndim == 2 else values

    theirs = CalibratedClassifierCV(FrozenEstimator(model), method=method).fit(X[calibrate], y[calibrate])
    mine = ours().fit(scores(calibrate), y[calibrate]).predict(scores(test))
    np.testing.assert_allclose(mine, theirs.predict_proba(X[test])[:, 1], atol=tolerance)


def test_platts_fit_is_where_its_gradient_vanishes():
    rng = np.random.default_rng(1)
    s = rng.normal(size=300)
    t = (rng.uniform(size=300) < expit(2.5 * s - 0.7)).astype(int)
    model = PlattScaling().fit(s, t)
    targets = np.where(t == 1, (t.sum() + 1) / (t.sum() + 2), 1 / (300 - t.sum() + 2))
    residual = expit(model.a_ * s + model.b_) - targets
    np.testing.assert_allclose([residual @ s / 300, residual.mean()], [0.0, 0.0], atol=1e-12)
    assert 2.0 < model.a_ < 3.0 and -1.0 < model.b_ < -0.4


def test_platt_does_not_depend_on_the_scores_scale():
    rng = np.random.default_rng(2)
    s = rng.normal(size=100)
    t = (s + rng.normal(size=100) > 0).astype(int)
    plain = PlattScaling().fit(s, t).predict(s)
    for scale in (1e-200, 1e6, 1e300):
        np.testing.assert_allclose(PlattScaling().fit(s * scale, t).predict(s * scale), plain, rtol=1e-9)


def test_separating_scores_keep_a_finite_slope_with_platts_targets_and_warn_without():
    s, t = [0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1]
    model = PlattScaling().fit(s, t)
    assert np.isfinite(model.a_) and model.a_ > 0
    np.testing.assert_allclose(model.predict([0.9]), 3 / 4, atol=0.06)     # about Platt's target (2 + 1) / (2 + 2)
    with pytest.warns(SeparationWarning):
        PlattScaling(platt_targets=False).fit(s, t)


def test_pool_adjacent_violators_by_hand():
    """Targets 1, 0, 1, 0, 0, 1 at scores 1..6: 1 > 0 pools (0.5, 0.5); 1 > 0 pools (0.5, 0.5) at 3, 4, then
    0.5 > 0 at 5 pools 3-5 into 1/3, below the first block's 0.5: all of 1-5 pool into 2/5; then 1."""
    model = IsotonicCalibration().fit([1, 2, 3, 4, 5, 6], [1, 0, 1, 0, 0, 1])
    np.testing.assert_allclose(model.values_, [0.4, 0.4, 0.4, 0.4, 0.4, 1.0])
    np.testing.assert_allclose(model.predict([0.0, 5.5, 10.0]), [0.4, 0.7, 1.0])


def test_isotonic_pools_equal_scores_and_is_scikit_learns_isotonic_regression():
    rng = np.random.default_rng(3)
    s = np.round(rng.normal(size=400), 1)                               # many equal scores
    t = (rng.uniform(size=400) < expit(2 * s)).astype(int)
    model = IsotonicCalibration().fit(s, t)
    grid = np.linspace(-4, 4, 81)
    reference = IsotonicRegression(out_of_bounds="clip", y_min=0, y_max=1).fit(s, t)
    np.testing.assert_allclose(model.predict(grid), reference.predict(grid), atol=1e-12)
    assert np.all(np.diff(model.values_) >= 0) and len(model.thresholds_) == len(np.unique(s))
