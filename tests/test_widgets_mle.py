"""The widgets of notebook 03 driven through their Python API: what the figures and the status show.

References: scipy.stats' Bernoulli log-pmf, scipy.integrate.quad and exact factorials for the
likelihood; the estimates redrawn here with numpy from the same seed for the sampling explorer.
"""

import base64
import math

import numpy as np
import pytest
from scipy import integrate, stats

from lecture_utils.widgets import EstimatorExplorer, LikelihoodExplorer
from pictures import picture


@pytest.fixture(scope="module")
def explorer():
    return LikelihoodExplorer(h=7, N=10)


def scipy_log_likelihood(phi, h, N):
    """sum_i log P(x_i; phi) over a sequence of h ones and N - h zeros, by scipy.stats."""
    sequence = np.r_[np.ones(h), np.zeros(N - h)]
    with np.errstate(divide="ignore"):
        return stats.bernoulli.logpmf(sequence[None, :], np.asarray(phi)[:, None]).sum(axis=1)


def drawn_data(*artists):
    return np.concatenate([np.ravel(a.get_data() if hasattr(a, "get_data") else a.get_xy()) for a in artists])


def test_the_start_shows_seven_heads_in_ten_tosses(explorer):
    explorer.set_counts(7, 10)
    # by hand: log L(0.7) = 7 log 0.7 + 3 log 0.3 = -6.1086, L = 0.7^7 0.3^3 = 0.0022236,
    # area 7! 3! / 11! = 1/1320 = 0.00075758
    assert explorer.status == ("h = 7 heads in N = 10 tosses: the MLE is \u03c6 = h/N = 0.700, where "
                               "log L = -6.109 and L = 0.002224; the area under L(\u03c6) is 0.0007576, not 1")
    assert explorer._area_text.get_text() == "7.576\u00d710\u207b\u2074"
    # the peak 0.0022 sets the axis to 0..0.005, labelled in units of 10^-3 beside the axis, not above it
    assert explorer.ax_lik.get_ylim() == (0.0, 0.005)
    assert explorer.ax_lik.get_ylabel() == "likelihood L(\u03c6)  \u00d710\u207b\u00b3"
    assert explorer.ax_lik.yaxis.get_major_formatter()(0.004, 0) == "4"
    assert explorer.ax_lik.yaxis.get_offset_text().get_text() == ""


@pytest.mark.parametrize("h, N", [(7, 10), (3, 40), (13, 13), (0, 1), (0, 100), (50, 100)])
def test_curves_are_the_log_likelihood_and_the_likelihood_of_the_data(explorer, h, N):
    explorer.set_counts(h, N)
    phi, drawn_log = explorer._log_curve.get_data()
    expected = scipy_log_likelihood(phi, h, N)
    bottom, top = explorer.ax_log.get_ylim()
    visible = expected >= bottom
    np.testing.assert_allclose(np.asarray(drawn_log)[visible], expected[visible], rtol=1e-12, atol=1e-12)
    assert np.all(np.asarray(drawn_log)[~visible] < bottom)          # off the view, not nan
    _, drawn = explorer._curve.get_data()
    np.testing.assert_allclose(drawn, phi ** h * (1 - phi) ** (N - h), rtol=1e-10, atol=1e-300)


@pytest.mark.parametrize("h, N", [(7, 10), (3, 40), (0, 5), (20, 20)])
def test_the_maximum_is_marked_at_h_over_n_above_every_point_of_the_curves(explorer, h, N):
    explorer.set_counts(h, N)
    (x_log,), (y_log,) = explorer._log_marker.get_data()
    (x_lik,), (y_lik,) = explorer._marker.get_data()
    assert x_log == x_lik == h / N == explorer.phi_hat
    assert explorer._log_line.get_xdata()[0] == explorer._line.get_xdata()[0] == h / N
    assert y_log == pytest.approx(scipy_log_likelihood([h / N], h, N)[0], rel=1e-12, abs=1e-12)
    assert y_log >= np.max(explorer._log_curve.get_ydata()) - 1e-12
    assert y_lik >= np.max(explorer._curve.get_ydata()) * (1 - 1e-12)
    bottom, top = explorer.ax_log.get_ylim()
    assert bottom < y_log < top                                      # the maximum is in view
    assert 0 < y_lik < explorer.ax_lik.get_ylim()[1]
    assert f"\u03c6 = h/N = {h / N:.3f}" in explorer.status


@pytest.mark.parametrize("h, N", [(7, 10), (2, 4), (1, 1), (0, 25)])
def test_shaded_area_and_title_give_the_integral_of_the_likelihood(explorer, h, N):
    explorer.set_counts(h, N)
    exact = math.factorial(h) * math.factorial(N - h) / math.factorial(N + 1)
    quad, _ = integrate.quad(lambda p: p ** h * (1 - p) ** (N - h), 0, 1, epsabs=0, epsrel=1e-12)
    assert exact == pytest.approx(quad, rel=1e-9)
    x, y = explorer._area.get_xy().T                                # shoelace area of the shaded polygon
    shaded = 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
    assert shaded == pytest.approx(exact, rel=2e-3)
    assert f"the area under L(\u03c6) is {exact:.4g}, not 1" in explorer.status


def test_the_title_writes_tiny_areas_with_a_power_of_ten(explorer):
    explorer.set_counts(50, 100)
    exact = math.factorial(50) ** 2 / math.factorial(101)
    assert f"{exact:.3e}" == "9.814e-32"
    assert explorer._area_text.get_text() == "9.814\u00d710\u207b\u00b3\u00b2"
    explorer.set_counts(1, 1)
    assert explorer._area_text.get_text() == "0.5"


@pytest.mark.parametrize("h, N, top, unit", [(0, 1, 2.0, ""), (1, 2, 0.5, ""), (3, 40, 5e-05, "\u00d710\u207b\u2075"),
                                             (50, 100, 1e-30, "\u00d710\u207b\u00b3\u2070")])
def test_the_likelihood_axis_steps_through_1_2_5_and_names_its_unit(explorer, h, N, top, unit):
    explorer.set_counts(h, N)
    peak = (h / N) ** h * (1 - h / N) ** (N - h)
    assert explorer.ax_lik.get_ylim() == (0.0, pytest.approx(top, rel=1e-12))
    assert 0.4 * top <= peak <= top / 1.08                           # the peak fills 40% to 93% of the axis
    assert explorer.ax_lik.get_ylabel() == f"likelihood L(\u03c6)  {unit}".rstrip()


def test_an_axis_is_redrawn_only_when_its_limits_change_and_the_picture_is_right():
    explorer = LikelihoodExplorer(h=21, N=40)
    held_redraws = []
    original = explorer.redraw_held
    explorer.redraw_held = lambda key=None: (held_redraws.append(explorer.ax_lik.get_ylim()), original(key))
    explorer.h_slider.value = 23                                     # peak 9.6e-13 -> 1.43e-12: same axis
    assert held_redraws == []
    explorer.h_slider.value = 30                                     # peak 1.7e-10: a new axis
    assert held_redraws == [(0.0, 2e-10)]
    # after all these partial redraws the picture is the one a fresh widget draws
    for h in (3, 0, 25, 7):
        explorer.h_slider.value = h
    explorer.set_counts(7, 10)
    assert picture(explorer) == picture(LikelihoodExplorer(h=7, N=10))


def test_an_axis_seen_lately_is_not_drawn_again_and_the_picture_is_right():
    explorer = LikelihoodExplorer(h=3, N=10)
    drawn = []
    draw_axis = explorer.ax_lik.yaxis.draw
    explorer.ax_lik.yaxis.draw = lambda renderer: (drawn.append(explorer.ax_lik.get_ylim()), draw_axis(renderer))
    explorer.h_slider.value = 5                                      # peak 2^-10 = 9.8e-4: a new axis
    explorer.h_slider.value = 7                                      # L(7) = L(3) by symmetry: the axis of h = 3
    assert drawn == [(0.0, 2e-3)]
    assert picture(explorer) == picture(LikelihoodExplorer(h=7, N=10))


def test_moving_N_below_h_pulls_h_down_with_one_redraw():
    explorer = LikelihoodExplorer(h=7, N=10)
    renders = []
    original = explorer.render
    explorer.render = lambda status=None: (renders.append(status), original(status))
    explorer.N_slider.value = 4
    assert explorer.h == 4 and explorer.h_slider.max == 4 and len(renders) == 1
    assert explorer.status.startswith("h = 4 heads in N = 4 tosses: the MLE is \u03c6 = h/N = 1.000")
    explorer.h_slider.value = 9                                      # beyond N: the slider clamps it
    assert explorer.h == 4
    explorer.N_slider.value = 30                                     # more tosses: h stays, may now grow
    assert explorer.h == 4 and explorer.h_slider.max == 30 and len(renders) == 2
    explorer.set_counts(20, 25)
    assert len(renders) == 3 and (explorer.h, explorer.N) == (20, 25)


@pytest.mark.parametrize("h, N", [(0, 1), (1, 1), (0, 100), (100, 100), (50, 100), (1, 2)])
def test_extremes_draw_no_nan_and_keep_finite_limits(h, N):
    explorer = LikelihoodExplorer(h=h, N=N)
    data = drawn_data(explorer._log_curve, explorer._log_marker, explorer._curve, explorer._marker,
                      explorer._area)
    assert np.all(np.isfinite(data))
    for ax in (explorer.ax_log, explorer.ax_lik):
        bottom, top = ax.get_ylim()
        assert np.isfinite(bottom) and np.isfinite(top) and bottom < top
    assert "nan" not in explorer.status and "-0.000" not in explorer.status
    assert explorer.png().startswith(b"\x89PNG")


def test_the_log_likelihood_axis_changes_only_between_ranges_of_N(explorer):
    limits = {}
    for N in (6, 10, 11, 20, 21):
        explorer.set_counts(0, N)
        limits[N] = explorer.ax_log.get_ylim()
        assert limits[N][0] < -N * math.log(2)                      # below the lowest peak, at h = N/2
    assert limits[6] == limits[10] != limits[11] == limits[20] != limits[21]


def test_the_picture_changes_and_has_a_static_version(explorer):
    explorer.set_counts(7, 10)
    before = picture(explorer)
    explorer.h_slider.value = 3
    assert picture(explorer) != before and explorer.h == 3
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == explorer.status
    assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")
    assert "application/vnd.jupyter.widget-view+json" in bundle


@pytest.mark.parametrize("h, N, message", [(11, 10, "from 0 to N = 10"), (-1, 10, "from 0 to N = 10"),
                                           (2.5, 10, "whole number"), (3, 101, "at most N_max = 100"),
                                           (0, 0, "N must be")])
def test_bad_counts_are_refused_with_a_clear_message(explorer, h, N, message):
    with pytest.raises(ValueError, match=message):
        explorer.set_counts(h, N)
    with pytest.raises(ValueError, match=message):
        LikelihoodExplorer(h=h, N=N)


# --------------------------------------------------------------------------
# The sampling distributions of estimators
# --------------------------------------------------------------------------

SIZES, REPEATS, SEED = [5, 20, 80], 500, 3


def draw(rng, size):
    return rng.normal(0.0, 1.0, size)


@pytest.fixture(scope="module")
def sampling():
    estimators = {"mean": lambda s: s.mean(axis=-1), "median": lambda s: np.median(s, axis=-1)}
    return EstimatorExplorer(estimators, draw, true_value=0.0, sizes=SIZES, eps=0.1, n_repeats=REPEATS,
                             random_state=SEED)


@pytest.fixture(scope="module")
def redrawn():
    """The estimates recomputed here: one generator, all repeats of each size in turn."""
    def estimates(estimator):
        rng = np.random.default_rng(SEED)
        return [estimator(rng.normal(0.0, 1.0, (REPEATS, N))) for N in SIZES]

    return {"mean": estimates(lambda s: s.mean(axis=1)), "median": estimates(lambda s: np.median(s, axis=1))}


@pytest.mark.parametrize("index", [0, 1, 2])
def test_histograms_show_the_estimates_at_the_chosen_N(sampling, redrawn, index):
    sampling.N_slider.value = SIZES[index]
    for step, name in zip(sampling._steps, ("mean", "median")):
        heights, edges = step.get_data().values, step.get_data().edges
        counts, _ = np.histogram(redrawn[name][index], edges)
        np.testing.assert_allclose(heights, counts / (REPEATS * np.diff(edges)), rtol=1e-12)
        assert np.sum(counts) >= 0.99 * REPEATS                      # the bins cover nearly all estimates
    highest = max(step.get_data().values.max() for step in sampling._steps)
    top = sampling.ax_hist.get_ylim()[1]
    assert sampling.ax_hist.get_ylim()[0] == 0 and 1.12 * highest <= top <= 2.5 * 1.12 * highest
    assert top / 10 ** np.floor(np.log10(top)) in (1.0, 2.0, 5.0)   # a step of 1, 2, 5 times a power of ten


def test_histograms_narrow_as_N_grows(sampling):
    widths = []
    for N in SIZES:
        sampling.N_slider.value = N
        edges = sampling._steps[0].get_data().edges
        widths.append(edges[-1] - edges[0])
    assert widths[0] > 1.5 * widths[1] > 2.25 * widths[2]            # about 1/sqrt(N): 2x per 4x data


@pytest.mark.parametrize("eps", [0.05, 0.2])
def test_exceedance_curves_band_and_markers(sampling, redrawn, eps):
    sampling.N_slider.value = 20
    sampling.eps_slider.value = eps
    for curve, point, name in zip(sampling._curves, sampling._points, ("mean", "median")):
        expected = [np.mean(np.abs(values) > eps) for values in redrawn[name]]
        np.testing.assert_allclose(curve.get_ydata(), expected, rtol=0, atol=1e-15)
        np.testing.assert_array_equal(curve.get_xdata(), SIZES)
        assert point.get_data()[0][0] == 20 and point.get_data()[1][0] == pytest.approx(expected[1])
    assert sampling._now.get_xdata()[0] == 20
    assert sampling._band.get_x() == pytest.approx(-eps) and sampling._band.get_width() == pytest.approx(2 * eps)


def test_markers_at_the_largest_and_smallest_N_are_not_cut_by_the_edge(sampling):
    left, right = sampling.ax_prob.get_xlim()
    assert left < SIZES[0] and right > SIZES[-1]
    marker_radius = sampling._points[0].get_markersize() / 2 * sampling.fig.dpi / 72      # in pixels
    to_pixels = sampling.ax_prob.transData.transform
    assert to_pixels((right, 0))[0] - to_pixels((SIZES[-1], 0))[0] > marker_radius
    assert to_pixels((SIZES[0], 0))[0] - to_pixels((left, 0))[0] > marker_radius


def test_status_reports_misses_and_mean_squared_errors(sampling, redrawn):
    sampling.eps_slider.value = 0.1
    sampling.N_slider.value = 80
    mean, median = redrawn["mean"][2], redrawn["median"][2]
    assert sampling.status == (
        f"N = 80, \u03b5 = 0.100: mean: P = {np.mean(np.abs(mean) > 0.1):.3f}, MSE = {np.mean(mean ** 2):.4g}; "
        f"median: P = {np.mean(np.abs(median) > 0.1):.3f}, MSE = {np.mean(median ** 2):.4g}")
    assert np.mean(median ** 2) > np.mean(mean ** 2)                 # the median is less efficient


def test_the_band_starts_at_the_eps_asked_for(sampling):
    estimators = {"mean": lambda s: s.mean(axis=-1)}
    for eps in (0.1, 0.05, 0.25):
        explorer = EstimatorExplorer(estimators, draw, 0.0, SIZES, eps=eps, n_repeats=REPEATS, random_state=SEED)
        assert explorer.eps == eps and explorer.status.startswith(f"N = 5, \u03b5 = {eps:.3f}:")


def test_both_estimators_are_consistent(sampling):
    sampling.eps_slider.value = 0.2
    for curve in sampling._curves:
        misses = curve.get_ydata()
        assert misses[0] > 0.4 and misses[-1] < 0.15 and np.all(np.diff(misses) < 0)


def test_it_starts_at_the_size_asked_for_and_redraws_its_axis_correctly(sampling):
    estimators = {"mean": lambda s: s.mean(axis=-1), "median": lambda s: np.median(s, axis=-1)}
    fresh = EstimatorExplorer(estimators, draw, 0.0, SIZES, N=20, eps=0.1, n_repeats=REPEATS, random_state=SEED)
    assert fresh.N == 20 and fresh.status.startswith("N = 20,")
    for N in (80, 5, 20):                                            # new histogram axes, partly redrawn
        sampling.N_slider.value = N
    sampling.eps_slider.value = 0.1
    assert picture(sampling) == picture(fresh)


def test_sampling_explorer_refuses_bad_input():
    with pytest.raises(TypeError, match="non-empty dict"):
        EstimatorExplorer({}, draw, 0.0, SIZES)
    with pytest.raises(ValueError, match="increasing"):
        EstimatorExplorer({"mean": lambda s: s.mean(axis=-1)}, draw, 0.0, [20, 5])
    with pytest.raises(ValueError, match="sizes"):
        EstimatorExplorer({"mean": lambda s: s.mean(axis=-1)}, draw, 0.0, [0, 5])
    with pytest.raises(ValueError, match="N must be one of the sizes"):
        EstimatorExplorer({"mean": lambda s: s.mean(axis=-1)}, draw, 0.0, SIZES, N=30)


# --------------------------------------------------------------------------
# Both: they fit a 1366x768 screen, with their slider labels in full
# --------------------------------------------------------------------------


@pytest.mark.parametrize("widget", ["explorer", "sampling"])
def test_the_widget_fits_the_screen_and_labels_are_not_cut(widget, request):
    shown = request.getfixturevalue(widget)
    width, height = shown.fig.get_size_inches()
    assert height <= 4.6 and width <= 10.5                             # 100 px per inch on screen
    for slider in shown.ui.children[0].children:
        assert slider.style.description_width == "initial"


def test_the_gaussian_surface_marks_the_mle_and_follows_the_sliders():
    """Issue 36: the likelihood-surface widget of notebook 03, section 12, against scipy's normal log-density."""
    from lecture_utils.widgets import GaussianLikelihoodExplorer
    x = np.random.default_rng(23).normal(1.0, 2.0, size=20)
    widget = GaussianLikelihoodExplorer(x, mu=0.0, sigma2=8.0)
    assert widget.mu_hat == pytest.approx(x.mean()) and widget.sigma2_hat == pytest.approx(x.var())
    gap = stats.norm.logpdf(x, x.mean(), x.std()).sum() - stats.norm.logpdf(x, 0.0, np.sqrt(8.0)).sum()
    assert f"{gap:.2f} below the maximum" in widget.status
    widget.mu_slider.value, widget.sigma2_slider.value = 2.0, 2.0
    assert widget._dot.get_data()[0][0] == pytest.approx(2.0) and widget._dot.get_data()[1][0] == pytest.approx(2.0)
    t, density = widget._density.get_data()
    np.testing.assert_allclose(density, stats.norm.pdf(t, 2.0, np.sqrt(2.0)), rtol=1e-12)
    widget.to_mle()
    assert float(widget.status.split(" below")[0].rsplit(", ", 1)[1]) < 0.01          # at the slider's nearest
    width, height = widget.fig.get_size_inches()
    assert height * 100 + 40 + 50 <= 600 and width * 100 <= 1050
    for bad in ([1.0], [2.0, 2.0]):
        with pytest.raises(ValueError, match="two different values"):
            GaussianLikelihoodExplorer(bad)
    with pytest.raises(ValueError, match="widen"):
        GaussianLikelihoodExplorer(x + 10)
