"""Widgets driven through their Python API: what the figure and the status show."""

import base64

import numpy as np
import pytest

from lecture_utils import ConvergenceWarning
from lecture_utils.datasets import make_separable
from lecture_utils.widgets import PerceptronStepper
from pictures import picture


@pytest.fixture(scope="module")
def data():
    return make_separable(30, 0.1, random_state=1)


def boundary_residual(stepper):
    """w_1 x_1 + w_2 x_2 + b at the end points of the drawn boundary (zero if drawn right)."""
    w = stepper.weights
    points = np.column_stack(stepper._boundary.get_data())
    return points @ w[:2] + w[2]


def test_steps_move_the_boundary_and_the_status(data):
    stepper = PerceptronStepper(data.X, data.y)
    trace = stepper.trace
    assert stepper.k == 0 and stepper.status.startswith("start: w = (0.00, 0.00, 0.00)")
    assert f"{len(data.y)} mistakes left" in stepper.status
    first_picture = picture(stepper)
    for k in range(1, trace.n_updates + 1):
        stepper.step()
        assert stepper.k == k
        np.testing.assert_array_equal(stepper.weights, trace.weights[k])
        np.testing.assert_allclose(boundary_residual(stepper), 0, atol=1e-9)
        assert f"{trace.n_mistakes()[k]} mistakes left" in stepper.status or k == trace.n_updates
    assert picture(stepper) != first_picture
    assert stepper.status.startswith(f"converged after {trace.n_updates} updates")
    stepper.step()                                       # past the end: stays
    assert stepper.k == trace.n_updates
    stepper.reset()
    assert stepper.k == 0 and picture(stepper) == first_picture


def test_the_next_misclassified_example_is_circled(data):
    stepper = PerceptronStepper(data.X, data.y)
    for k in range(3):
        i = stepper.trace.index[k]
        np.testing.assert_array_equal(stepper._next.get_xydata()[0], data.X[i])
        assert f"next: example {i} (t = {data.y[i]:+d})" in stepper.status
        w = stepper.weights
        assert data.y[i] * (data.X[i] @ w[:2] + w[2]) <= 0          # it really is misclassified
        stepper.step()


def test_shaded_region_is_where_the_model_predicts_plus_one(data):
    stepper = PerceptronStepper(data.X, data.y)
    stepper.slider.value = 4
    w = stepper.weights
    corners = stepper._positive.get_xy()
    assert np.all(corners @ w[:2] + w[2] >= -1e-9)                # every corner on the +1 side
    inside = stepper._positive.get_path().contains_points(data.X)
    np.testing.assert_array_equal(inside, data.X @ w[:2] + w[2] > 0)
    tail, head = stepper._arrow.xyann, stepper._arrow.xy
    assert np.dot(np.subtract(head, tail), w[:2]) > 0            # the arrow points along w


def test_proof_panels_grow_with_k(data):
    stepper = PerceptronStepper(data.X, data.y, w_star=data.w_star)
    stepper.slider.value = 3
    (alignment, alignment_bound), (norm_sq, _), (cosine, cosine_bound) = stepper._proof_lines
    k, values = alignment.get_data()
    np.testing.assert_array_equal(k, [0, 1, 2, 3])
    np.testing.assert_allclose(values, stepper.trace.weights[:4] @ data.w_star)
    assert np.all(np.asarray(values) >= np.asarray(alignment_bound.get_data()[1]) - 1e-12)
    assert "bound: at most" in stepper.status
    assert len(stepper.fig.axes) == 4


def test_static_picture_without_a_frontend(data):
    stepper = PerceptronStepper(data.X, data.y)
    bundle = stepper._repr_mimebundle_()
    assert bundle["text/plain"] == stepper.status
    assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_non_separable_data_gives_up_with_a_clear_status():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    with pytest.warns(ConvergenceWarning):
        stepper = PerceptronStepper(X, [-1, -1, 1, 1], max_epochs=5)
    stepper.slider.value = stepper.trace.n_updates
    assert stepper.status.startswith("gave up after 5 epochs")


def test_only_two_dimensional_data_can_be_drawn():
    with pytest.raises(ValueError, match="X must have 2 features"):
        PerceptronStepper(np.eye(3), [1, -1, 1])


def test_proof_panel_marks_each_fall_of_the_cosine(data):
    stepper = PerceptronStepper(data.X, data.y, w_star=data.w_star)
    weights, w_star = stepper.trace.weights, data.w_star
    cosines = np.array([np.nan] + [w @ w_star / (np.linalg.norm(w) * np.linalg.norm(w_star)) for w in weights[1:]])
    fell = [k for k in range(2, len(cosines)) if cosines[k] < cosines[k - 1]]
    assert fell, "this run should show at least one fall of the cosine"
    for k in range(len(cosines)):
        stepper.slider.value = k
        np.testing.assert_array_equal(stepper._dips.get_data()[0], [j for j in fell if j <= k])
        if k >= 2:
            direction = "down" if k in fell else "up"
            assert f"cos α_k = {cosines[k]:.3f}, {direction} from {cosines[k - 1]:.3f}" in stepper.status


def test_starts_at_the_given_update(data):
    end = PerceptronStepper(data.X, data.y, w_star=data.w_star, k=3)
    assert end.k == 3 and end.play.value == 3
    np.testing.assert_array_equal(end.weights, end.trace.weights[3])
    np.testing.assert_array_equal(end._proof_lines[0][0].get_data()[0], np.arange(4))
    for bad in (-1, end.trace.n_updates + 1, 2.5, True):
        with pytest.raises(ValueError, match="k must be a whole number of updates from 0 to"):
            PerceptronStepper(data.X, data.y, k=bad)


@pytest.mark.parametrize("with_proof", [False, True])
def test_fits_a_projector_and_clips_no_marker(data, with_proof):
    # shown at 100 px per inch: with its controls (about 40 px) and a status of two lines (about 50 px)
    # the widget must fit 600 px of height, and the picture 1050 px of width
    stepper = PerceptronStepper(data.X, data.y, w_star=data.w_star if with_proof else None)
    width, height = stepper.fig.get_size_inches()
    assert height * 100 + 40 + 50 <= 600 and width * 100 <= 1050
    assert stepper._view.width == f"{round(width * 100)}px"
    for ax in stepper.fig.axes[1:]:                                  # the proof panels: k = 0 and the end inside
        low, high = ax.get_xlim()
        assert low < 0 and high > stepper.trace.n_updates


def test_the_explorer_runs_again_when_the_data_change():
    """Issue 36: the stepper's controls for the data's margin, the order of the examples and the learning rate."""
    from lecture_utils.datasets import make_separable
    from lecture_utils.perceptron import perceptron_trace
    from lecture_utils.widgets import PerceptronExplorer
    explorer = PerceptronExplorer(margin=0.1)
    assert explorer.k == explorer.trace.n_updates and "margin 0.10" in explorer.status
    updates = {}
    for margin in (0.02, 0.1, 0.3):
        explorer.margin_slider.value = margin
        data = make_separable(40, margin=margin, random_state=1)
        expected = perceptron_trace(data.X, data.y, max_epochs=1000)
        assert explorer.trace.n_updates == expected.n_updates == explorer.k == explorer.slider.max
        np.testing.assert_array_equal(explorer.trace.weights, expected.weights)
        shown = np.vstack([np.column_stack(points.get_data()) for points in explorer._points])
        np.testing.assert_array_equal(np.sort(shown, axis=0), np.sort(data.X, axis=0))       # the new points drawn
        updates[margin] = expected.n_updates
    assert updates[0.3] < updates[0.02]                                  # a wider gap, fewer updates
    explorer.order.value = "shuffled"
    shuffled = perceptron_trace(explorer.data.X, explorer.data.y, max_epochs=1000, shuffle=True, random_state=1)
    np.testing.assert_array_equal(explorer.trace.index, shuffled.index)
    before = explorer.trace.weights.copy()
    explorer.learning_rate_slider.value = 100.0                          # eta scales every w_k, nothing else
    np.testing.assert_allclose(explorer.trace.weights, 100 * before, rtol=1e-12)
    assert "η = 100" in explorer.status and "stops after" in explorer.status
    explorer.reset()
    assert explorer.k == 0 and explorer.status.startswith("margin 0.30, shuffled every epoch")


def test_the_explorer_fits_a_projector():
    from lecture_utils.widgets import PerceptronExplorer
    explorer = PerceptronExplorer()
    width, height = explorer.fig.get_size_inches()
    # two rows of controls (about 80 px) and a status of two lines (about 50 px)
    assert height * 100 + 80 + 50 <= 600 and width * 100 <= 1050
