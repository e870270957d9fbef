"""The drawings of notebook 03: what they put on the axes, against scipy and hand values."""

import math

import numpy as np
import pytest
from matplotlib.figure import Figure
from scipy import stats

from lecture_utils import information, mle, plotting


@pytest.fixture
def ax():
    return Figure().add_subplot()


def test_the_four_objectives_of_the_chain_share_their_optimum_at_h_over_n():
    x = np.array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0])    # 6 ones in 20
    grid = np.linspace(0, 1, 201)[1:-1]
    model = np.column_stack([1 - grid, grid])
    p_hat = np.array([14 / 20, 6 / 20])
    cross = np.array([stats.entropy(p_hat) + stats.entropy(p_hat, q) for q in model])   # H + KL, by scipy
    objectives = {
        "L": (mle.bernoulli_likelihood(grid, x), "max"),
        "NLL": (-mle.bernoulli_log_likelihood(grid, x), "min"),
        "H": (information.cross_entropy(mle.empirical_distribution(x)[1], model), "min"),
        "KL": (information.kl_divergence(p_hat, model), "min"),
    }
    np.testing.assert_allclose(objectives["H"][0], cross, rtol=1e-12)
    np.testing.assert_allclose(objectives["NLL"][0] / 20, cross, rtol=1e-12)
    axes = list(Figure().subplots(2, 2).flat)
    pairs = plotting.plot_objectives(axes, grid, objectives, optimum=0.3, xlabel="phi")
    for ax, (curve, marker), (values, _) in zip(axes, pairs, objectives.values()):
        np.testing.assert_array_equal(curve.get_ydata(), values)
        assert marker.get_xdata()[0] == pytest.approx(0.3, abs=1e-12)         # each optimum on the grid
        assert ax.lines[0].get_xdata()[0] == 0.3                              # the dashed line of the MLE
    # the peak 0.3^6 0.7^14 = 4.94e-6 is labelled in units of 10^-6, named in the title, not printed above the axes
    assert 0.3 ** 6 * 0.7 ** 14 == pytest.approx(4.94e-6, rel=1e-3)
    assert [ax.get_title() for ax in axes] == ["L \u00d710\u207b\u2076  (maximise)", "NLL  (minimise)",
                                               "H  (minimise)", "KL  (minimise)"]
    assert axes[0].yaxis.get_major_formatter()(3e-6, 0) == "3"
    assert axes[1].yaxis.get_major_formatter()(40.0, 0) == "40"


def test_likelihood_is_drawn_with_the_area_under_it(ax):
    phi = np.linspace(0, 1, 2001)
    likelihood = phi ** 7 * (1 - phi) ** 3
    curve, area, marker = plotting.plot_likelihood(ax, phi, likelihood, 0.7, 0.7 ** 7 * 0.3 ** 3)
    np.testing.assert_array_equal(curve.get_ydata(), likelihood)
    x, y = area.get_xy().T
    shoelace = 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
    assert shoelace == pytest.approx(math.factorial(7) * math.factorial(3) / math.factorial(11), rel=1e-5)
    assert marker.get_xdata()[0] == 0.7
    assert ax.get_xlim()[0] < 0 and ax.get_xlim()[1] > 1                      # a peak at an end stays in view
    assert not marker.get_clip_on()


def test_log_likelihood_floors_minus_infinity_without_nan(ax):
    phi = np.linspace(0, 1, 11)
    with np.errstate(divide="ignore"):
        values = 3 * np.log(phi) + 2 * np.log1p(-phi)                          # -inf at both ends
    curve, marker = plotting.plot_log_likelihood(ax, phi, values, 0.6, values[6], floor=-50.0)
    drawn = curve.get_ydata()
    assert drawn[0] == drawn[-1] == -50.0 and np.all(np.isfinite(drawn))
    np.testing.assert_array_equal(drawn[1:-1], values[1:-1])
    assert marker.get_data()[0][0] == 0.6


def test_sampling_distributions_and_the_band(ax):
    estimates = {"a": np.array([-0.25, -0.05, 0.02, 0.05, 0.25, 5.0]), "b": np.full(4, 0.01)}
    edges = np.linspace(-0.5, 0.5, 11)
    steps, band = plotting.plot_sampling_distributions(ax, estimates, edges, true_value=0.0, eps=0.1)
    # "a": one value in [-0.3,-0.2), one in [-0.1,0), two in [0,0.1), one in [0.2,0.3); 5.0 outside; width 0.1
    expected = np.array([0, 0, 1, 0, 1, 2, 0, 1, 0, 0]) / (6 * 0.1)
    np.testing.assert_allclose(steps[0].get_data().values, expected)
    assert steps[1].get_data().values[5] == pytest.approx(1 / 0.1)
    assert (band.get_x(), band.get_width()) == (pytest.approx(-0.1), pytest.approx(0.2))
    assert band.get_data_transform() == ax.get_xaxis_transform()               # full height whatever the y-limits
    assert [step.get_label() for step in steps] == ["a", "b"]


def test_exceedance_curves(ax):
    lines = plotting.plot_exceedance(ax, [10, 100, 1000], {"mle": [0.5, 0.2, 0.01], "median": [0.6, 0.3, 0.05]})
    assert ax.get_xscale() == "log"
    left, right = ax.get_xlim()                                            # 4% of the log axis beyond each end
    assert np.log10(10 / left) == pytest.approx(0.08) and np.log10(right / 1000) == pytest.approx(0.08)
    np.testing.assert_array_equal(lines[1].get_ydata(), [0.6, 0.3, 0.05])
    assert lines[0].get_marker() != lines[1].get_marker()                  # told apart without colour
    assert lines[0].get_linestyle() != lines[1].get_linestyle()


@pytest.mark.parametrize("value, top", [(1.0, 2.0), (0.9, 1.0), (0.0022236, 0.005), (4.6e-4, 5e-4),
                                        (1.5e-19, 2e-19), (0.0, 1.0), (np.inf, 1.0)])
def test_nice_upper_limits_are_1_2_5_times_a_power_of_ten_above_the_value(value, top):
    assert plotting.nice_upper_limit(value) == pytest.approx(top, rel=1e-12)


@pytest.mark.parametrize("value, text", [(0.0007576, "7.576\u00d710\u207b\u2074"),
                                         (1.386e-19, "1.386\u00d710\u207b\u00b9\u2079"), (0.5, "0.5"),
                                         (1234.5, "1234"), (0.0, "0"), (2.5e6, "2.500\u00d710\u2076")])
def test_plain_numbers_use_superscripts_not_mathtext(value, text):
    assert plotting.plain_number(value) == text


@pytest.mark.parametrize("top, unit, tick, label", [(5e-4, "\u00d710\u207b\u2074", 3e-4, "3"),
                                                   (2e-30, "\u00d710\u207b\u00b3\u2070", 1.5e-30, "1.5"),
                                                   (0.05, "", 0.02, "0.02"), (20.0, "", 15.0, "15")])
def test_labels_in_units_of_a_power_of_ten(ax, top, unit, tick, label):
    assert plotting.label_in_units(ax.yaxis, top) == unit
    assert ax.yaxis.get_major_formatter()(tick, 0) == label


def first_failure(factors) -> int:
    """The first N at which a plain loop's running product is 0.0 or inf (0 if never), by hand."""
    product = 1.0
    for n, factor in enumerate(factors, start=1):
        product *= float(factor)
        if product == 0.0 or math.isinf(product):
            return n
    return 0


@pytest.mark.parametrize("factors, failure", [(np.full(1000, 1 / 6), "0.0"), (np.full(300, 400.0), "inf"),
                                              (np.full(50, 0.5), None)])
def test_the_running_product_fails_where_a_loop_would_and_the_log_likelihood_never(ax, factors, failure):
    first = plotting.plot_running_product(ax, factors)
    product, log_likelihood = ax.lines[:2]
    assert first == first_failure(factors)
    np.testing.assert_allclose(log_likelihood.get_ydata(), np.arange(1, factors.size + 1) * math.log10(factors[0]),
                               rtol=1e-12)
    assert np.all(np.isfinite(log_likelihood.get_ydata()))
    arrows = [text.get_text() for text in ax.texts if "from N" in text.get_text()]
    if failure is None:
        assert first == 0 and np.all(np.isfinite(product.get_ydata())) and not arrows
    else:
        assert not np.any(np.isfinite(product.get_ydata()[first - 1:]))
        assert np.all(np.isfinite(product.get_ydata()[:first - 1]))
        assert arrows == [f"{failure} from N = {first} on"]
