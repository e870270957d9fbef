"""The drawings of notebook 05: what they put on the axes, against hand values."""

import numpy as np
import pytest
from matplotlib.figure import Figure

from lecture_utils import plotting
from lecture_utils.optimization import FunctionObjective, quadratic_model


@pytest.fixture
def ax():
    return Figure().add_subplot()


def test_the_chord_and_its_gap_for_a_parabola(ax):
    artists = plotting.plot_chord(ax, np.square, a=-1.0, b=3.0, theta=0.25)
    np.testing.assert_array_equal(np.column_stack(artists["chord"].get_data()), [[-1.0, 1.0], [3.0, 9.0]])
    x, y = artists["gap"].get_data()
    # at x = 1/4 (-1) + 3/4 (3) = 2 the graph is at 4 and the chord at 1/4 + 27/4 = 7
    np.testing.assert_array_equal(x, [2.0, 2.0])
    np.testing.assert_array_equal(y, [4.0, 7.0])


def test_the_grid_has_the_second_weight_along_its_rows():
    values = plotting.loss_on_grid(lambda w: 10 * w[0] + w[1], (0, 4), (0, 2), resolution=4)
    # cell centres: 0.5, 1.5, 2.5, 3.5 along the first weight and 0.25, ..., 1.75 along the second
    np.testing.assert_allclose(values[0], 10 * np.array([0.5, 1.5, 2.5, 3.5]) + 0.25)
    np.testing.assert_allclose(values[:, 0], 5 + np.array([0.25, 0.75, 1.25, 1.75]))


def test_a_grid_of_more_calls_than_run_in_a_minute_is_refused_before_the_first():
    calls = []
    with pytest.raises(ValueError, match=r"resolution = 10000 asks for 1e\+08 calls of loss.*resolution <= 1000"):
        plotting.loss_on_grid(lambda w: calls.append(w) or 0.0, (0, 1), (0, 1), resolution=10 ** 4)
    assert calls == []
    assert plotting.loss_on_grid(lambda w: 0.0, (0, 1), (0, 1), resolution=3).shape == (3, 3)


def test_an_ellipse_of_the_model_is_a_level_set_around_newtons_point():
    H = np.array([[3.0, 1.0], [1.0, 0.5]])                           # positive definite, tilted
    g, w = np.array([0.4, -1.0]), np.array([1.0, 2.0])
    model = quadratic_model(FunctionObjective(lambda v: 2.0, lambda v: g, lambda v: H), w)
    points = plotting.model_ellipse(model, 0.3)
    centre = w - np.linalg.solve(H, g)
    # m(v) - min m = 1/2 (v - centre)^T H (v - centre), by hand
    np.testing.assert_allclose(0.5 * np.einsum("ni,ij,nj->n", points - centre, H, points - centre), 0.3, rtol=1e-12)
    np.testing.assert_allclose(points[-1], points[0], atol=1e-12)             # a closed curve
    np.testing.assert_allclose(points[:-1].mean(axis=0), centre, atol=1e-12)  # symmetric about the centre
    saddle = quadratic_model(FunctionObjective(lambda v: 0.0, lambda v: g, lambda v: -H), w)
    assert np.all(np.isnan(plotting.model_ellipse(saddle, 0.3)))


def test_errors_are_drawn_on_a_log_scale_with_exact_zeros_at_the_floor(ax):
    lines = plotting.plot_errors(ax, {"newton": [1.0, 1e-3, 0.0], "gd": [1.0, 0.5, 0.25]}, steps=5)
    np.testing.assert_array_equal(lines["newton"].get_ydata(), [1.0, 1e-3, plotting.ERROR_FLOOR])
    assert ax.get_yscale() == "log" and ax.get_xlim() == (-0.5, 5.5)
    formatter = ax.yaxis.get_major_formatter()
    assert formatter(1e-6, 0) == "10\u207b\u2076" and formatter(1000.0, 0) == "10\u00b3"
    assert lines["gd"].get_label() == "gradient descent" and lines["newton"].get_marker() == "s"
