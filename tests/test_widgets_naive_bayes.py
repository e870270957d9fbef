"""The widgets of notebook 07 driven through their Python API: what the figures and the status show.

References: the play-tennis table counted in exact fractions with plain Python (no numpy, no package
code) for the play-tennis explorer; scikit-learn's GaussianNB (var_smoothing=0) and
calibration_curve, and scipy's multivariate normal with numpy's unbiased class covariances (QDA as
the lecture estimates it; scikit-learn's QDA divides by N_k from version 1.8 on), for the
correlation explorer.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from scipy import stats
from sklearn.calibration import calibration_curve
from sklearn.metrics import accuracy_score, log_loss
from sklearn.naive_bayes import GaussianNB as SklearnGaussianNB

from lecture_utils.datasets import load_play_tennis
from lecture_utils.widgets import CorrelationExplorer, PlayTennisExplorer
from pictures import picture

TENNIS = load_play_tennis()
SLIDES_DAY = ("Sunny", "Hot", "Normal", "Weak")


def factors_by_hand(day, alpha) -> dict:
    """Class -> [prior, p(x_1 | C), ..., p(x_4 | C)] as exact fractions, counted in plain Python."""
    rows, labels, alpha = TENNIS.X.tolist(), TENNIS.y.tolist(), Fraction(alpha).limit_denominator(1000)
    result = {}
    for label in ("No", "Yes"):
        in_class = [row for row, t in zip(rows, labels) if t == label]
        result[label] = [Fraction(len(in_class), len(rows))]
        for j, value in enumerate(day):
            n_values = len({row[j] for row in rows})
            n_kv = sum(row[j] == value for row in in_class)
            result[label].append((n_kv + alpha) / (len(in_class) + alpha * n_values))
    return result


def heights(bars) -> list[float]:
    return [bar.get_height() for bar in bars]


@pytest.fixture(scope="module")
def tennis():
    return PlayTennisExplorer()


def test_the_start_shows_the_slides_query_without_smoothing(tennis):
    tennis.reset()
    assert tennis.day == SLIDES_DAY and tennis.alpha == 0.0
    # by hand: p(x, Yes) = 9/14 (2/9)(2/9)(6/9)(6/9) = 8/567, p(x, No) = 5/14 (3/5)(2/5)(1/5)(2/5) = 6/875
    assert float(Fraction(8, 567)) == pytest.approx(0.0141093, rel=1e-5)
    assert tennis.status == ("(Sunny, Hot, Normal, Weak), \u03b1 = 0.0: p(x, No) = 0.006857, p(x, Yes) = 0.01411; "
                             "P(Yes | x) = 0.6729, predict Yes")
    assert [text.get_text() for text in tennis._values] == ["= Sunny", "= Hot", "= Normal", "= Weak"]


@pytest.mark.parametrize("day, alpha", [(SLIDES_DAY, 0.0), (SLIDES_DAY, 1.0), (("Rain", "Cool", "High", "Strong"), 0.0),
                                        (("Overcast", "Mild", "High", "Strong"), 2.5), (("Sunny", "Mild", "Normal", "Weak"), 0.3)])
def test_bars_show_the_factors_their_products_and_the_posterior(tennis, day, alpha):
    tennis.set_day(day, alpha)
    exact = factors_by_hand(day, alpha)
    joint = {label: np.prod([float(f) for f in fs]) for label, fs in exact.items()}
    for k, label in enumerate(("No", "Yes")):
        np.testing.assert_allclose(heights(tennis._factor_bars[k]), [float(f) for f in exact[label][1:]], rtol=1e-12)
        assert tennis._joint_bars[0][k].get_height() == pytest.approx(joint[label], rel=1e-12)
        posterior = joint[label] / sum(joint.values())
        assert tennis._joint_bars[1][k].get_height() == pytest.approx(posterior, rel=1e-12)
        assert tennis._factor_labels[k][0].get_text() == f"{float(exact[label][1]):.3g}"
        assert tennis._joint_labels[1][k].get_text() == f"{posterior:.3g}"
        assert tennis._factor_labels[k][0].get_position()[1] == tennis._factor_bars[k][0].get_height()
    assert f"P(Yes | x) = {joint['Yes'] / sum(joint.values()):.4f}" in tennis.status


@pytest.mark.parametrize("alpha, expected", [(0.0, Fraction(500, 743)), (1.0, Fraction(2401, 3611))])
def test_the_slides_day_posterior_is_exact(tennis, alpha, expected):
    tennis.set_day(SLIDES_DAY, alpha)
    assert tennis.posterior[1] == pytest.approx(float(expected), rel=1e-13)


def test_an_overcast_day_vetoes_no_until_smoothed(tennis):
    tennis.set_day(("Overcast", "Hot", "High", "Strong"), 0.0)
    assert tennis._factor_bars[0][0].get_height() == 0 and tennis._factor_labels[0][0].get_text() == "0"
    assert heights(tennis._joint_bars[1]) == [0.0, 1.0]                # exactly, not nearly
    assert "(a zero count vetoes No)" in tennis.status and "predict Yes" in tennis.status
    tennis.alpha_slider.value = 1.0
    # by hand: 9/14 (5/12)(3/12)(4/11)(4/11) = 15/1694 against 5/14 (1/8)(3/8)(5/7)(4/7) = 75/10976
    assert tennis.posterior[1] == pytest.approx(784 / 1389, rel=1e-13)
    assert "vetoes" not in tennis.status


def test_the_priors_are_drawn_once_and_never_smoothed(tennis):
    prior_bars = [patch for patch in tennis.ax_factors.patches if patch not in sum(tennis._factor_bars, [])]
    assert sorted(bar.get_height() for bar in prior_bars) == pytest.approx([5 / 14, 9 / 14], rel=1e-15)
    tennis.alpha_slider.value = 4.0
    assert sorted(bar.get_height() for bar in prior_bars) == pytest.approx([5 / 14, 9 / 14], rel=1e-15)
    assert not any(bar.get_animated() for bar in prior_bars)


@pytest.mark.parametrize("alpha", [0.0, 0.1, 2.7, 5.0, 0.1 + 0.2])     # 0.1 + 0.2 is no exact slider position
def test_the_model_shown_is_fitted_with_the_smoothing_shown(tennis, alpha):
    tennis.set_day(SLIDES_DAY, 4.0)
    tennis.alpha_slider.value = alpha               # the slider's own value: a position fitted when built, or not
    exact = factors_by_hand(SLIDES_DAY, alpha)
    assert tennis.model.alpha == alpha
    np.testing.assert_allclose(tennis.factors, [[float(f) for f in exact[label][1:]] for label in ("No", "Yes")],
                               rtol=1e-12)


def test_after_many_changes_the_picture_is_the_one_a_fresh_widget_draws(tennis):
    for value in ("Rain", "Overcast"):
        tennis.dropdowns[0].value = value
    tennis.dropdowns[2].value = "High"
    tennis.alpha_slider.value = 3.3
    tennis.reset()
    assert picture(tennis) == picture(PlayTennisExplorer())


@pytest.mark.parametrize("arguments, error, message", [
    (dict(day=("Sunny", "Hot", "Normal")), ValueError, "one value per feature"),
    (dict(day=("Snow", "Hot", "Normal", "Weak")), ValueError, r"'Snow' for outlook; choose one of \['Overcast'"),
    (dict(alpha=-1), ValueError, r"alpha must lie in \[0, 5\]"),
    (dict(alpha=6), ValueError, r"alpha must lie in \[0, 5\], the range of its slider"),
    (dict(alpha="1"), TypeError, "alpha must be numeric"),
])
def test_bad_arguments_are_named(arguments, error, message):
    with pytest.raises(error, match=message):
        PlayTennisExplorer(**arguments)


# --------------------------------------------------------------------------
# The correlation explorer
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def correlation():
    return CorrelationExplorer(rho=0.8)


@pytest.mark.parametrize("rho", [0.0, 0.5, 0.95])
def test_the_classes_share_the_covariance_of_the_slider(correlation, rho):
    correlation.rho_slider.value = rho
    X, t = correlation.sample("train")
    for k in (0, 1):
        # 1000 draws per class: the sample covariance is within a few standard errors of the truth
        np.testing.assert_allclose(np.cov(X[t == k].T), [[1, rho], [rho, 1]], atol=0.15)
        np.testing.assert_allclose(X[t == k].mean(axis=0), correlation.means[k], atol=0.15)


@pytest.mark.parametrize("rho", [0.2, 0.8])
def test_shading_shows_each_models_posterior_as_the_references_compute_it(correlation, rho):
    correlation.rho_slider.value = rho
    X, t = correlation.sample("train")
    grid = correlation._grid
    shape = (correlation.resolution,) * 2
    naive = SklearnGaussianNB(var_smoothing=0).fit(X, t).predict_proba(grid)[:, 1].reshape(shape)
    densities = [stats.multivariate_normal(X[t == k].mean(axis=0), np.cov(X[t == k].T)).pdf(grid) for k in (0, 1)]
    qda = (densities[1] / (densities[0] + densities[1])).reshape(shape)          # equal priors
    np.testing.assert_allclose(correlation._images[0].get_array(), naive, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(correlation._images[1].get_array(), qda, rtol=1e-9, atol=1e-12)
    # the grid's first row is at the bottom (origin="lower"), its first column on the left
    assert grid[0, 0] < grid[1, 0] and grid[0, 1] < grid[correlation.resolution, 1]


def test_boundaries_lie_where_each_model_is_undecided(correlation):
    correlation.rho_slider.value = 0.6
    models = (correlation.naive_bayes, correlation.qda)
    for ax in (correlation.ax_nb, correlation.ax_qda):
        for line, model in zip(correlation._boundaries[ax], models):
            points = np.column_stack(line.get_data())
            points = points[~np.isnan(points).any(axis=1)]
            assert len(points) > 10
            # linear interpolation on a grid of 60 x 60 cells: within 0.02 of one half
            np.testing.assert_allclose(model.predict_proba(points)[:, 1], 0.5, atol=0.02)


def test_reliability_and_status_are_scikit_learns_on_the_test_points(correlation):
    correlation.rho_slider.value = 0.8
    X, t = correlation.sample("test")
    shown = []
    for line, model in zip(correlation._reliability, (correlation.naive_bayes, correlation.qda)):
        p = model.predict_proba(X)[:, 1]
        observed, predicted = calibration_curve(t, p, n_bins=10)
        np.testing.assert_allclose(line.get_xdata(), predicted, rtol=1e-12)
        np.testing.assert_allclose(line.get_ydata(), observed, rtol=1e-12)
        shown.append((accuracy_score(t, p > 0.5), np.mean(np.maximum(p, 1 - p)), log_loss(t, p)))
    (nb_acc, nb_conf, nb_loss), (qda_acc, qda_conf, qda_loss) = shown
    assert correlation.status == (
        f"\u03c1 = 0.80, on 4000 test points: Gaussian NB accuracy {nb_acc:.1%}, mean confidence {nb_conf:.1%}, "
        f"log loss {nb_loss:.3f}; QDA {qda_acc:.1%}, {qda_conf:.1%}, {qda_loss:.3f}")


def test_naive_bayes_grows_over_confident_with_the_correlation_and_qda_does_not(correlation):
    gaps = {}
    for rho in (0.0, 0.9):
        correlation.rho_slider.value = rho
        scores = correlation.scores()
        gaps[rho] = {name: s["confidence"] - s["accuracy"] for name, s in scores.items()}
    assert abs(gaps[0.0]["Gaussian NB"]) < 0.02 and abs(gaps[0.0]["QDA"]) < 0.02
    assert gaps[0.9]["Gaussian NB"] > 0.06 and abs(gaps[0.9]["QDA"]) < 0.03
    # Naive Bayes' fitted ellipses stay axis-parallel: its covariances are diagonal whatever rho
    assert np.all(correlation.naive_bayes.covariances_[:, 0, 1] == 0)
    assert correlation.qda.covariances_[0, 0, 1] == pytest.approx(0.9, abs=0.05)


def test_the_picture_follows_the_slider_back_and_forth():
    explorer = CorrelationExplorer(rho=0.3)
    first = picture(explorer)
    for rho in (0.5, 0.95, 0.0, 0.3):
        explorer.rho_slider.value = rho
    assert picture(explorer) == first


def test_a_correlation_between_the_slider_positions_is_computed_when_shown():
    explorer = CorrelationExplorer(rho=0.33, n_train=200, n_test=200)
    X, t = explorer.sample("train")
    np.testing.assert_allclose(explorer.qda.covariances_, [np.cov(X[t == k].T) for k in (0, 1)], rtol=1e-12)
    naive = SklearnGaussianNB(var_smoothing=0).fit(X, t).predict_proba(explorer._grid)[:, 1]
    np.testing.assert_allclose(explorer._images[0].get_array().ravel(), naive, rtol=1e-9, atol=1e-12)
    assert explorer.status.startswith("\u03c1 = 0.33, on 400 test points")


@pytest.mark.parametrize("arguments, error, message", [
    (dict(rho=0.99), ValueError, r"rho must lie in \[0, 0.95\], the range of its slider"),
    (dict(rho=-0.1), ValueError, r"rho must lie in \[0, 0.95\]"),
    (dict(means=((0, 0), (1, 1), (2, 2))), ValueError, "two 2-D class means"),
    (dict(n_train=0), ValueError, "n_train must be an integer >= 1"),
])
def test_bad_correlation_arguments_are_named(arguments, error, message):
    with pytest.raises(error, match=message):
        CorrelationExplorer(**arguments)
