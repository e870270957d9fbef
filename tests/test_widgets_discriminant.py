"""The widgets of notebook 06 driven through their Python API: what the figures and the status show.

References: scipy.stats' normal cdf and pdf and closed-form thresholds for the loss-matrix explorer;
scipy.stats.multivariate_normal densities, the closed-form error Phi(-Delta/2) of two classes with one
covariance, and scikit-learn's LDA and QDA for the Gaussian classes explorer; RDA's covariances
written out with numpy and scored with scipy densities for the RDA explorer.
"""

import numpy as np
import pytest
from scipy import integrate, special, stats
from scipy.spatial.distance import mahalanobis

from lecture_utils import plotting
from lecture_utils.datasets import make_gaussian_classes
from lecture_utils.discriminant import covariance_from_axes
from lecture_utils.widgets import GaussianClassesExplorer, LossMatrixExplorer, RDAExplorer
from lecture_utils.widgets._base import KEPT_BACKGROUNDS, SCREEN_DPI
from pictures import picture


def shoelace(polygon) -> float:
    x, y = np.asarray(polygon).T
    return 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def fits_the_screen(widget) -> bool:
    width, height = widget.fig.get_size_inches()
    return height <= 4.6 and width <= 10.5 and widget.fig.dpi == 2 * SCREEN_DPI


# --------------------------------------------------------------------------
# The loss-matrix explorer
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def losses():
    return LossMatrixExplorer()


def equal_variance_threshold(miss, false_alarm, prior, means=(0.0, 2.0)):
    """Where p(C_1) miss N(x; mu_1, 1) = p(C_0) false_alarm N(x; mu_0, 1), solved by hand for sigma = 1."""
    mu_0, mu_1 = means
    return (mu_0 + mu_1) / 2 + np.log((1 - prior) * false_alarm / (prior * miss)) / (mu_1 - mu_0)


def test_the_start_is_the_lectures_medical_table(losses):
    losses.set_costs(miss=50, false_alarm=10, prior=0.5)
    # threshold 1 + ln(10/50)/2 = 0.1953; the Bayes risk 0.5 (50 Phi(t - 2) + 10 (1 - Phi(t))) and the
    # 0-1 threshold's cost 0.5 (50 + 10) Phi(-1), both with scipy
    t = 1 + np.log(0.2) / 2
    risk = 0.5 * (50 * stats.norm.cdf(t - 2) + 10 * stats.norm.sf(t))
    errors = 0.5 * (stats.norm.cdf(t - 2) + stats.norm.sf(t))
    assert f"{t:.3f}" == "0.195" and f"{risk:.3f}" == "3.002"
    assert losses.status == (f"miss 50, false alarm 10, p(sick) = 0.50: decide sick where p(sick | x) > 0.167, "
                             f"i.e. x > 0.195. Bayes risk {risk:.3f} with error rate {errors:.3f}; the 0-1 loss's "
                             f"rule (x > 1.000) would cost {30 * stats.norm.cdf(-1):.3f}")
    assert fits_the_screen(losses)


@pytest.mark.parametrize("miss, false_alarm, prior", [(50, 10, 0.5), (1, 1, 0.5), (100, 3, 0.2), (5, 80, 0.9)])
def test_the_threshold_lines_sit_where_the_weighted_costs_balance(losses, miss, false_alarm, prior):
    losses.set_costs(miss=miss, false_alarm=false_alarm, prior=prior)
    expected = equal_variance_threshold(miss, false_alarm, prior)
    for lines in losses._thresholds:
        (segment,) = lines.get_segments()
        np.testing.assert_allclose(segment[:, 0], expected, rtol=1e-9, atol=1e-9)
    assert f"x > {expected:.3f}" in losses.status
    assert f"p(sick | x) > {false_alarm / (false_alarm + miss):.3f}" in losses.status


def test_the_shaded_areas_are_the_two_kinds_of_mistake(losses):
    losses.set_costs(miss=30, false_alarm=10, prior=0.3)
    t = equal_variance_threshold(30, 10, 0.3)
    healthy_area, sick_area = (shoelace(area.get_xy()) for area in losses._areas)
    # false alarms: healthy (prior 0.7) right of t; misses: sick (prior 0.3) left of t; up to the grid's step
    assert healthy_area == pytest.approx(0.7 * stats.norm.sf(t), rel=2e-3)
    assert sick_area == pytest.approx(0.3 * stats.norm.cdf(t - 2), rel=2e-3)


def test_the_expected_loss_curves_are_the_costs_times_the_posteriors(losses):
    losses.set_costs(miss=40, false_alarm=7, prior=0.35)
    x = losses.x
    joint = np.column_stack([0.65 * stats.norm.pdf(x, 0, 1), 0.35 * stats.norm.pdf(x, 2, 1)])
    posterior = joint / joint.sum(axis=1, keepdims=True)
    decide_healthy, decide_sick = (curve.get_ydata() for curve in losses._loss_curves)
    np.testing.assert_allclose(decide_healthy, 40 * posterior[:, 1], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(decide_sick, 7 * posterior[:, 0], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(losses._envelope.get_ydata(), np.minimum(decide_healthy, decide_sick))
    np.testing.assert_allclose(losses._curves[1].get_ydata(), joint[:, 1], rtol=1e-10)
    assert losses.ax_loss.get_ylim() == (0.0, 50.0)              # 40 and 5% headroom, up to a multiple of 10


def test_unequal_spreads_give_two_thresholds():
    explorer = LossMatrixExplorer(means=(0.0, 1.0), sigmas=(1.0, 2.5), miss_cost=1, false_alarm_cost=1)
    # where 0.5 N(x; 0, 1) = 0.5 N(x; 1, 2.5^2): the roots of the quadratic of the log densities
    a, b = 0.5 - 0.5 / 2.5 ** 2, 1 / 2.5 ** 2
    c = -0.5 / 2.5 ** 2 + np.log(1 / 2.5)
    expected = np.sort(np.roots([a, b, c]))
    drawn = np.sort([segment[0, 0] for segment in explorer._thresholds[0].get_segments()])
    np.testing.assert_allclose(drawn, expected, rtol=1e-9)
    assert f"x < {expected[0]:.3f} or x > {expected[1]:.3f}" in explorer.status


def test_after_many_moves_the_picture_is_the_one_a_fresh_widget_draws(losses):
    for miss, false_alarm, prior in [(3, 90, 0.1), (100, 1, 0.95), (7, 7, 0.4)]:
        losses.set_costs(miss=miss, false_alarm=false_alarm, prior=prior)
    losses.set_costs(miss=60, false_alarm=20, prior=0.45)
    assert losses.png() == LossMatrixExplorer(miss_cost=60, false_alarm_cost=20, prior=0.45).png()


def test_a_loss_axis_seen_before_is_drawn_as_a_fresh_widget_draws_it(losses):
    losses.set_costs(miss=60, false_alarm=20, prior=0.45)                 # the loss axis up to 70
    losses.set_costs(miss=100, false_alarm=1)                              # to 110
    losses.set_costs(miss=60, false_alarm=20)                              # back to 70: its background kept
    assert losses.ax_loss.get_ylim() == (0.0, 70.0)
    assert losses.png() == LossMatrixExplorer(miss_cost=60, false_alarm_cost=20, prior=0.45).png()


def test_only_the_latest_loss_axes_are_kept_and_a_forgotten_one_is_drawn_again(losses):
    tops = []
    for miss in range(5, 101, 5):                                         # the loss axis through ten tops
        losses.set_costs(miss=miss, false_alarm=1, prior=0.5)
        tops.append(losses.ax_loss.get_ylim()[1])
    assert len(set(tops)) > KEPT_BACKGROUNDS                              # more than are kept
    assert len(losses._backgrounds) == KEPT_BACKGROUNDS
    losses.set_costs(miss=5, false_alarm=1)                               # the first top: forgotten, drawn again
    assert picture(losses) == picture(LossMatrixExplorer(miss_cost=5, false_alarm_cost=1, prior=0.5))


@pytest.mark.parametrize("kwargs, match", [
    ({"sigmas": (1.0, 0.0)}, "sigmas must be two standard deviations > 0"),
    ({"miss_cost": 0}, "miss_cost must be a whole number from 1"),
    ({"false_alarm_cost": 2.5}, "false_alarm_cost must be a whole number"),
    ({"prior": 0.99}, r"prior must lie in \[0.05, 0.95\]"),
])
def test_loss_explorer_rejects_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        LossMatrixExplorer(**kwargs)


# --------------------------------------------------------------------------
# The Gaussian classes explorer
# --------------------------------------------------------------------------


@pytest.fixture
def classes():
    return GaussianClassesExplorer()


def test_sliders_set_one_class_and_the_priors_keep_their_ratios():
    explorer = GaussianClassesExplorer(means=((0, 0), (2, 0), (0, 2)), spreads=((1, 1), (1, 0.5), (0.5, 1)),
                                       angles=(0, 45, 90), priors=(0.5, 0.3, 0.2))
    explorer.set_class(1, mean=(1.5, -1.0), spreads=(2.0, 0.4), angle=30, prior=0.6)
    np.testing.assert_allclose(explorer.means, [[0, 0], [1.5, -1.0], [0, 2]])
    np.testing.assert_allclose(explorer.covariances[1], covariance_from_axes([2.0, 0.4], np.radians(30)))
    np.testing.assert_allclose(explorer.covariances[0], np.eye(2))
    # the others share 0.4 in their old ratio 5 : 2
    np.testing.assert_allclose(explorer.priors, [0.4 * 5 / 7, 0.6, 0.4 * 2 / 7], rtol=1e-12)
    explorer.class_selector.value = 2                  # selecting shows the class's values on the sliders
    assert [s.value for s in explorer.mean_sliders] == [0, 2] and explorer.angle_slider.value == 90
    assert explorer.prior_slider.value == pytest.approx(0.4 * 2 / 7)
    np.testing.assert_allclose(explorer.means[2], [0, 2])
    assert explorer.status.startswith("class 3 selected")
    assert fits_the_screen(explorer)


def test_the_bayes_error_of_one_shared_covariance_is_phi_of_minus_half_the_distance():
    explorer = GaussianClassesExplorer(means=((-1.0, 0.0), (1.0, 0.5)), spreads=((1.2, 0.6), (1.2, 0.6)),
                                       angles=(20, 20), n_test=20_000)
    covariance = covariance_from_axes([1.2, 0.6], np.radians(20))
    distance = mahalanobis([-1.0, 0.0], [1.0, 0.5], np.linalg.inv(covariance))
    assert explorer.bayes_error.error == pytest.approx(stats.norm.cdf(-distance / 2), abs=1e-6)
    assert explorer.bayes_error.tolerance < 1e-6
    # stratified over 2 x 20 000 test points: the standard error is about 0.0017; no model beats the Bayes rule
    assert explorer.errors["LDA"] >= explorer.bayes_error.error - 3 * explorer.standard_error
    assert explorer.errors["QDA"] >= explorer.bayes_error.error - 3 * explorer.standard_error
    assert f"Bayes error of the classes {explorer.bayes_error.error:.4f}" in explorer.status


def test_the_bayes_error_belongs_to_the_classes_not_to_the_sample(classes):
    """A new sample or another N changes the test errors, never the Bayes error; a new prior changes it."""
    before, status = classes.bayes_error.error, classes.status
    classes.new_sample()
    classes.N_slider.value = 200
    assert classes.bayes_error.error == before and classes.status != status
    # the reference: 1 - integral of max_k p(C_k) p(x | C_k) by Simpson's rule on a grid of 0.02 (good to ~5e-7)
    x = np.linspace(-14, 14, 1401)
    grid = np.stack(np.meshgrid(x, x), axis=-1).reshape(-1, 2)
    weighted = np.max([p * stats.multivariate_normal(m, c).pdf(grid)
                       for m, c, p in zip(classes.means, classes.covariances, classes.priors)], axis=0)
    exact = 1 - integrate.simpson(integrate.simpson(weighted.reshape(x.size, x.size), x=x), x=x)
    assert before == pytest.approx(exact, abs=2e-6)
    classes.set_class(1, prior=0.8)
    assert classes.bayes_error.error < before - 0.01


def test_the_bayes_boundary_is_where_the_true_weighted_densities_are_equal(classes):
    classes.set_class(1, prior=0.3)
    covariances, priors = classes.covariances, classes.priors
    segments = classes._boundaries["Bayes"][0].get_segments()
    assert segments and all(len(segment) > 10 for segment in segments)
    points = np.vstack(segments)
    log_ratio = [np.log(priors[1]) + stats.multivariate_normal(classes.means[1], covariances[1]).logpdf(points)
                 - np.log(priors[0]) - stats.multivariate_normal(classes.means[0], covariances[0]).logpdf(points)]
    # linear interpolation on a grid of 0.1: the log-ratio is off by at most a few hundredths
    assert np.max(np.abs(log_ratio)) < 0.05
    assert classes._boundaries["Bayes"][1].get_segments()[0].tolist() == segments[0].tolist()   # both panels


def scikit_learns_models(n: int) -> dict:
    """scikit-learn's LDA and QDA with our covariances, for a sample of ``n`` examples of two classes."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
    from test_discriminant import _ScaledEmpiricalCovariance

    # scikit-learn pools S_W / N and (>= 1.9.1) divides class covariances by N_k: hand it ours
    return {"LDA": LinearDiscriminantAnalysis(solver="lsqr",
                                              covariance_estimator=_ScaledEmpiricalCovariance(n / (n - 2))),
            "QDA": QuadraticDiscriminantAnalysis(solver="eigen",
                                                 covariance_estimator=_ScaledEmpiricalCovariance(ddof=1))}


def test_fitted_boundaries_are_scikit_learns_given_our_covariances(classes):
    X, t = classes.X, classes.t
    for name, model in scikit_learns_models(len(t)).items():
        points = np.vstack(classes._boundaries[name][0].get_segments())
        log_odds = model.fit(X, t).predict_log_proba(points) @ [-1, 1]
        assert np.max(np.abs(log_odds)) < 0.05, name          # on the boundary, up to the grid's interpolation


def test_the_test_errors_are_those_of_scikit_learns_predictions_on_the_test_set(classes):
    """LDA and QDA are fitted from one set of estimates and decide the test set by the sign of the scores that trace
    their boundaries: the errors of scikit-learn's predictions, each class's error rate weighted by its prior."""
    classes.set_class(1, mean=(0.8, 0.4), spreads=(1.8, 0.5), angle=60, prior=0.35)
    X, t = classes.X, classes.t
    X_test, t_test = classes._test_set()
    for name, model in scikit_learns_models(len(t)).items():
        wrong = model.fit(X, t).predict(X_test) != t_test
        expected = sum(prior * wrong[t_test == k].mean() for k, prior in enumerate(classes.priors))
        assert classes.errors[name] == pytest.approx(expected, abs=1e-12), name
    bayes = np.argmax([np.log(p) + stats.multivariate_normal(m, c).logpdf(X_test)
                       for m, c, p in zip(classes.means, classes.covariances, classes.priors)], axis=0)
    error_rates = [np.mean(bayes[t_test == k] != k) for k in range(2)]
    standard_error = np.sqrt(sum(p ** 2 * e * (1 - e) / np.sum(t_test == k)
                                 for k, (p, e) in enumerate(zip(classes.priors, error_rates))))
    assert classes.standard_error == pytest.approx(standard_error, rel=1e-9)


def test_the_sample_is_drawn_and_moves_with_its_class(classes):
    X, t = classes.X, classes.t
    assert X.shape == (40, 2) and set(t) == {0, 1}
    drawn = np.vstack([points.get_xydata() for points in classes._points])
    np.testing.assert_allclose(np.sort(drawn, axis=0), np.sort(X, axis=0))
    classes.set_class(0, mean=(-0.2, 0.6))                 # the class moves right by 1.0, its points with it
    np.testing.assert_allclose(classes.X[t == 0], X[t == 0] + [1.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(classes.X[t == 1], X[t == 1])
    classes.N_slider.value = 100
    assert len(classes.t) == 100 and np.array_equal(classes.t[:40], t)
    classes.new_sample()
    assert not np.array_equal(classes.t[:40], t)


def test_after_moves_of_the_classes_and_of_N_the_picture_is_the_one_a_fresh_widget_draws():
    """The held left panel is drawn anew while a class slider moves (its background not copied), then kept
    while N moves: each state is the picture of a widget built in it."""
    explorer = GaussianClassesExplorer(N=40)
    for x in (0.2, 0.4, 0.6):
        explorer.mean_sliders[0].value = x
    assert explorer._background is None                       # the held artists changed at every render
    assert picture(explorer) == picture(GaussianClassesExplorer(means=((0.6, 0.6), (1.2, -0.4)), N=40))
    for n in (60, 80):
        explorer.N_slider.value = n
    assert explorer._background is not None                   # unchanged twice: kept
    assert picture(explorer) == picture(GaussianClassesExplorer(means=((0.6, 0.6), (1.2, -0.4)), N=80))


@pytest.mark.parametrize("seed, n_small", [(5, 2), (1, 0)])
def test_a_class_too_small_for_qda_is_named_and_its_boundary_hidden(seed, n_small):
    explorer = GaussianClassesExplorer(priors=(0.9, 0.1), N=20, random_state=seed)
    assert np.bincount(explorer.t, minlength=2)[1] == n_small
    assert explorer._boundaries["QDA"][0].get_segments() == [] and np.isnan(explorer.errors["QDA"])
    if n_small == 2:             # N_k = D: a singular class covariance, but LDA pools and still fits
        assert "QDA not fitted: class 2 has N_k = 2 <= D = 2, a singular covariance" in explorer.status
        assert np.isfinite(explorer.errors["LDA"]) and explorer._boundaries["LDA"][0].get_segments()
    else:
        assert "LDA not fitted: class 2 has N_k = 0 < 2 examples" in explorer.status


def test_after_many_moves_the_classes_picture_is_the_one_a_fresh_widget_draws(classes):
    classes.set_class(1, mean=(2.0, 2.0), spreads=(0.5, 2.0), angle=120, prior=0.7)
    classes.N_slider.value = 300
    classes.set_class(1, mean=(1.2, -0.4), spreads=(1.6, 0.45), angle=30, prior=0.5)
    classes.N_slider.value = 40                            # the same classes: their test set kept
    classes.class_selector.value = 0
    fresh = GaussianClassesExplorer()
    assert classes.png() == fresh.png() and classes.status == fresh.status


def test_selecting_another_class_changes_the_status_only_and_a_new_sample_still_refits(classes):
    picture, errors = classes.png(), dict(classes.errors)
    classes.class_selector.value = 1
    assert classes.png() == picture and classes.errors == errors and classes.status.startswith("class 2 selected")
    classes.new_sample()                                   # the same classes, another sample: refitted and redrawn
    assert classes.png() != picture and classes.errors != errors


@pytest.mark.parametrize("kwargs, match", [
    ({"means": ((0, 0),)}, "means must hold 2 or 3 class means"),
    ({"spreads": ((1, 1), (1, 0))}, "spreads must hold two standard deviations > 0"),
    ({"priors": (0.5, 0.6)}, "priors must sum to 1"),
    ({"N": 10}, "N must be a whole number from 20"),
])
def test_classes_explorer_rejects_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        GaussianClassesExplorer(**kwargs)


# --------------------------------------------------------------------------
# The RDA explorer
# --------------------------------------------------------------------------


MEANS = np.array([[0.0, 1.2], [-1.3, -0.7], [1.3, -0.7]])
COVARIANCES = np.array([covariance_from_axes(s, np.radians(a)) for s, a in [((1.4, 0.6), 10), ((0.8, 0.6), 100),
                                                                           ((1.3, 0.5), 50)]])


@pytest.fixture(scope="module")
def rda():
    train = make_gaussian_classes(MEANS, COVARIANCES, 6, random_state=5)
    validation = make_gaussian_classes(MEANS, COVARIANCES, 200, random_state=105)
    return RDAExplorer(train.X, train.y, validation.X, validation.y, step=0.1)


def scipy_rda_accuracy(X, t, X_new, t_new, alpha, gamma):
    """RDA written out with numpy (the lecture's formulas) and scored with scipy's normal densities."""
    classes = np.unique(t)
    counts = np.array([np.sum(t == k) for k in classes])
    covariances = np.array([np.cov(X[t == k].T, ddof=1) for k in classes])
    pooled = sum((n - 1) * c for n, c in zip(counts, covariances)) / (len(t) - len(classes))
    scores = []
    for k, n in zip(classes, counts):
        mixed = alpha * covariances[k] + (1 - alpha) * pooled
        shrunk = (1 - gamma) * mixed + gamma * np.trace(mixed) / 2 * np.eye(2)
        scores.append(np.log(n / len(t)) + stats.multivariate_normal(X[t == k].mean(axis=0), shrunk).logpdf(X_new))
    return np.mean(classes[np.argmax(scores, axis=0)] == t_new)


@pytest.mark.parametrize("alpha, gamma", [(0.0, 0.0), (1.0, 0.0), (0.3, 0.7), (1.0, 1.0)])
def test_the_heat_map_holds_the_accuracies_of_rda_written_out(rda, alpha, gamma):
    i, j = round(gamma * 10), round(alpha * 10)
    assert rda.validation_accuracy[i, j] == pytest.approx(
        scipy_rda_accuracy(rda.X_train, rda.t_train, rda.X_val, rda.t_val, alpha, gamma), abs=1e-12)
    assert rda.training_accuracy[i, j] == pytest.approx(
        scipy_rda_accuracy(rda.X_train, rda.t_train, rda.X_train, rda.t_train, alpha, gamma), abs=1e-12)


def test_the_ellipses_are_the_regularised_covariances(rda):
    rda.set_point(0.3, 0.7)
    for k, line in enumerate(rda._ellipses):
        points = np.column_stack(line.get_data())
        X_k = rda.X_train[rda.t_train == k]
        mixed = 0.3 * np.cov(X_k.T) + 0.7 * rda.model.covariance_
        shrunk = 0.3 * mixed + 0.7 * np.trace(mixed) / 2 * np.eye(2)
        inverse = np.linalg.inv(shrunk)
        distances = [mahalanobis(p, X_k.mean(axis=0), inverse) for p in points]
        np.testing.assert_allclose(distances, 1.5, rtol=1e-10)
    (alpha,), (gamma,) = rda._marker.get_data()
    assert (alpha, gamma) == (0.3, 0.7)


def test_the_regions_are_shaded_by_the_posteriors_of_rda_written_out(rda):
    rda.set_point(0.3, 0.7)
    scores = []
    for k in range(3):
        X_k = rda.X_train[rda.t_train == k]
        mixed = 0.3 * np.cov(X_k.T) + 0.7 * rda.model.covariance_
        shrunk = 0.3 * mixed + 0.7 * np.trace(mixed) / 2 * np.eye(2)
        scores.append(np.log(len(X_k) / len(rda.t_train))
                      + stats.multivariate_normal(X_k.mean(axis=0), shrunk).logpdf(rda.grid))
    posteriors = np.exp(np.array(scores).T - special.logsumexp(np.array(scores).T, axis=1, keepdims=True))
    expected = plotting.posterior_image(posteriors, rda.resolution).astype(int)
    assert np.abs(rda._regions.get_array().astype(int) - expected).max() <= 1   # the same colours but for round-off


def test_the_status_names_the_corners_and_the_best_point(rda):
    rda.set_point(0.0, 0.0)
    assert "(LDA)" in rda.status and f"validation accuracy {rda.validation_accuracy[0, 0]:.3f}" in rda.status
    rda.set_point(1.0, 0.0)
    assert "(QDA)" in rda.status
    best = np.unravel_index(np.argmax(rda.validation_accuracy), rda.validation_accuracy.shape)
    assert rda.best == (rda.alphas[best[1]], rda.gammas[best[0]])
    rda.set_point(*rda.best)
    assert f"validation accuracy {rda.validation_accuracy.max():.3f}; best" in rda.status
    assert fits_the_screen(rda)


def test_after_many_moves_the_rda_picture_is_the_one_a_fresh_widget_draws(rda):
    for alpha, gamma in [(1.0, 1.0), (0.5, 0.2), (0.0, 0.9)]:
        rda.set_point(alpha, gamma)
    rda.set_point(0.0, 0.0)
    fresh = RDAExplorer(rda.X_train, rda.t_train, rda.X_val, rda.t_val, step=0.1)
    assert rda.png() == fresh.png()


def test_rda_explorer_rejects_bad_arguments(rda):
    with pytest.raises(ValueError, match="2 features"):
        RDAExplorer(np.zeros((6, 3)), [0, 0, 0, 1, 1, 1], np.zeros((2, 3)), [0, 1])
    with pytest.raises(ValueError, match="step must divide 1"):
        RDAExplorer(rda.X_train, rda.t_train, rda.X_val, rda.t_val, step=0.3)
