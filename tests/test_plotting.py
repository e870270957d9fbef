"""Geometry helpers of the drawings, and the house style."""

import matplotlib
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from lecture_utils import plotting
from lecture_utils.plotting.discriminant import _boundary_scores, _posteriors

BOX = ((-1.0, 2.0), (-1.5, 1.0))
coefficient = st.floats(-5, 5).filter(lambda v: abs(v) > 1e-3)


@given(w1=coefficient, w2=coefficient, b=st.floats(-1, 1))
def test_segment_lies_on_the_line_and_in_the_box(w1, w2, b):
    segment = plotting.hyperplane_segment([w1, w2], b, *BOX)
    assume(np.all(np.isfinite(segment)))
    np.testing.assert_allclose(segment @ [w1, w2] + b, 0, atol=1e-9 * max(abs(w1), abs(w2), 1))
    (x0, x1), (y0, y1) = BOX
    slack = 1e-9 * max(x1 - x0, y1 - y0)                 # an end point may sit this far out (round-off)
    assert np.all((segment[:, 0] >= x0 - slack) & (segment[:, 0] <= x1 + slack))
    assert np.all((segment[:, 1] >= y0 - slack) & (segment[:, 1] <= y1 + slack))


def test_segment_spans_the_box_by_hand():
    # x2 = 0.5 x1 crosses x1 = -1 at -0.5 and x1 = 2 at 1.0 (the top edge)
    np.testing.assert_allclose(plotting.hyperplane_segment([0.5, -1.0], 0.0, *BOX), [[-1, -0.5], [2, 1]])
    assert np.all(np.isnan(plotting.hyperplane_segment([0.0, 0.0], 1.0, *BOX)))
    assert np.all(np.isnan(plotting.hyperplane_segment([1.0, 0.0], -5.0, *BOX)))   # x1 = 5: outside


@given(w1=coefficient, w2=coefficient, b=st.floats(-0.5, 0.5))
def test_arrow_starts_on_the_boundary_and_points_along_w(w1, w2, b):
    tail, head = plotting.normal_arrow([w1, w2], b, *BOX)
    assume(np.all(np.isfinite(tail)))
    assert tail @ [w1, w2] + b == pytest.approx(0, abs=1e-9 * max(abs(w1), abs(w2), 1))
    direction = (head - tail) / np.linalg.norm(head - tail)
    np.testing.assert_allclose(direction, np.array([w1, w2]) / np.hypot(w1, w2), atol=1e-12)


@given(w1=coefficient, w2=coefficient, b=st.floats(-3, 3))
def test_half_plane_polygon_has_the_area_of_the_positive_side(w1, w2, b):
    corners = plotting.half_plane_polygon([w1, w2], b, *BOX)
    centres = plotting.grid_points(*BOX, resolution=200)
    positive = np.mean(centres @ [w1, w2] + b > 0)
    x, y = corners[:, 0], corners[:, 1]
    area = 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) if len(corners) else 0.0
    box_area = 3.0 * 2.5
    assert area / box_area == pytest.approx(positive, abs=0.011)   # grid of 200 x 200 cells
    assert np.all(corners @ [w1, w2] + b >= -1e-9 * max(abs(w1), abs(w2), 1))


def test_decision_regions_show_the_classifier_on_the_grid():
    ax = Figure().add_subplot()
    image = plotting.plot_decision_regions(ax, lambda p: (p[:, 0] > 0.5).astype(int), *BOX, resolution=30)
    labels = np.asarray(image.get_array())
    centres = plotting.grid_points(*BOX, resolution=30)
    np.testing.assert_array_equal(labels.ravel(), centres[:, 0] > 0.5)
    assert labels.shape == (30, 30) and image.get_extent() == [-1.0, 2.0, -1.5, 1.0]


def test_classes_differ_in_colour_and_marker():
    styles = [plotting.class_style(k) for k in range(5)]
    assert len({s["color"] for s in styles}) == 5 and len({s["marker"] for s in styles}) == 5
    ax = Figure().add_subplot()
    classes = plotting.plot_data(ax, [[0, 0], [1, 1], [2, 2]], [1, -1, 1])
    assert [points.get_label() for points in classes] == ["t = -1", "t = +1"]
    np.testing.assert_array_equal(classes[1].get_xydata(), [[0, 0], [2, 2]])
    assert [points.get_marker() for points in classes] == [styles[0]["marker"], styles[1]["marker"]]


@pytest.mark.parametrize("marker", ["o", "s", "^", "D", "v"])
def test_markers_draw_what_scatter_draws(marker):
    """The same marker as scatter's (size, outline, fill), to within a pixel: pictures of one big marker
    with a thick white outline on black, drawn both ways (scatter is the reference)."""
    def picture(draw):
        fig = Figure(figsize=(1, 1), dpi=200)
        ax = fig.add_axes((0, 0, 1, 1), xlim=(-1, 1), ylim=(-1, 1), facecolor="black")
        ax.axis("off")
        draw(ax)
        FigureCanvasAgg(fig).draw()
        rgb = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)
        return rgb[..., 0] > 127, rgb[..., 2] > 127                  # the white outline; the blue fill
    style = dict(s=900.0, marker=marker, color="#0000ff", edgecolors="white", linewidths=4.0)
    expected = picture(lambda ax: ax.scatter([0.013], [0.0], **style))
    drawn = picture(lambda ax: plotting.plot_markers(ax, [[0.013, 0.0]], **style))
    for ours, reference in zip(drawn, expected):
        assert abs(int(ours.sum()) - int(reference.sum())) <= 0.03 * reference.sum()
        assert (ours != reference).sum() <= 0.1 * reference.sum()        # the differences at the edges only


def test_present_enlarges_and_restores():
    with matplotlib.rc_context():          # the process's style stays: a widget built before must draw as before
        plotting.present()
        assert matplotlib.rcParams["font.size"] == plotting.PRESENTATION_STYLE["font.size"]
        plotting.present(False)
        assert matplotlib.rcParams["font.size"] == plotting.HOUSE_STYLE["font.size"]


def test_proof_curves_mark_where_the_cosine_fell():
    from lecture_utils.datasets import make_separable
    from lecture_utils.perceptron import convergence_curves, perceptron_trace

    data = make_separable(40, 0.1, random_state=1)
    curves = convergence_curves(perceptron_trace(data.X, data.y), data.w_star)
    fig = Figure()
    axes = [fig.add_subplot(3, 1, row) for row in (1, 2, 3)]
    pairs, dips = plotting.plot_proof_curves(axes, curves)
    k, cosine = dips.get_data()
    fell = [j for j in range(2, len(curves.k)) if curves.cosine[j] < curves.cosine[j - 1]]
    np.testing.assert_array_equal(k, fell)
    np.testing.assert_array_equal(cosine, curves.cosine[fell])
    assert len(pairs) == 3 and dips.axes is axes[2]
    assert [text.get_text() for text in fig.legends[0].get_texts()] == ["actual", "bound", r"$\cos\alpha_k$ fell"]


@given(a=st.tuples(st.floats(-50, 50), st.floats(-50, 50)), b=st.tuples(st.floats(-50, 50), st.floats(-50, 50)))
def test_square_view_is_a_square_centred_between_the_points_with_a_margin(a, b):
    (x0, x1), (y0, y1) = plotting.square_view(a, b, margin=0.15, smallest=1.0)
    assert x1 - x0 == pytest.approx(y1 - y0, rel=1e-12) and x1 - x0 >= 2.0 - 1e-12
    centre = (np.add(a, b)) / 2
    np.testing.assert_allclose([(x0 + x1) / 2, (y0 + y1) / 2], centre, atol=1e-9)
    half = (x1 - x0) / 2
    for point in (a, b):                                         # each point at least 15% of the span inside
        assert np.all(np.abs(np.subtract(point, centre)) <= half - 0.15 * np.abs(np.subtract(b, a)).max() + 1e-9)


def test_square_view_by_hand():
    assert plotting.square_view([0, 0], [2, -1], margin=0.25) == ((-0.5, 2.5), (-2.0, 1.0))
    assert plotting.square_view([0, 0], [0.2, 0.1], smallest=1.0) == ((-0.9, 1.1), (-0.95, 1.05))


def test_slanted_coefficient_names_end_under_their_bars():
    fig = Figure(figsize=(4, 3))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    names = ["x1", "x2", "x1^2 x2", "x2^3"]
    plotting.plot_coefficients(ax, names, [1.0, -0.5, 0.0, 2.0], rotation=35)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    spacing = ax.transData.transform((1, 0))[0] - ax.transData.transform((0, 0))[0]
    for position, label in zip(range(4), ax.get_xticklabels()):
        box = label.get_window_extent(renderer)
        bar_centre = ax.transData.transform((position, 0))[0]
        # the label ends at its bar (within a third of the bars' spacing) and runs down to the left of it
        assert label.get_text() == names[position] and abs(box.x1 - bar_centre) < spacing / 3
        assert bar_centre - box.x0 > 0.6 * box.width


@pytest.mark.parametrize("resolution, figsize, limits", [(90, (4.3, 4.1), (-4.5, 4.5)), (80, (5.1, 4.2), (-3.3, 2.9)),
                                                         (7, (3.0, 2.0), (0.0, 1.0))])
def test_posterior_shading_draws_exactly_the_pixels_of_imshow_nearest(resolution, figsize, limits):
    from lecture_utils.plotting import posterior_image
    rng = np.random.default_rng(resolution)

    def drawn(shade):
        fig = Figure(figsize=figsize, dpi=200, layout="constrained")
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        image = shade(ax, rng.dirichlet(np.ones(3), resolution ** 2))
        ax.set(xlim=limits, ylim=limits)
        fig.canvas.draw()
        return fig, image

    fast, fast_image = drawn(lambda ax, p: plotting.plot_posterior(ax, p, limits, limits, resolution))
    assert fast_image.get_array().dtype == np.uint8              # kept as 8-bit RGBA, not made floats
    reference, reference_image = drawn(lambda ax, p: ax.imshow(posterior_image(p, resolution), origin="lower",
                                                               extent=(*limits, *limits), interpolation="nearest",
                                                               aspect="auto", zorder=0))
    for _ in range(3):                                        # new posteriors, as a widget sets them
        shading = posterior_image(rng.dirichlet(np.ones(3), resolution ** 2), resolution)
        for fig, image in ((fast, fast_image), (reference, reference_image)):
            image.set_data(shading)
            fig.canvas.draw()
        np.testing.assert_array_equal(np.asarray(fast.canvas.buffer_rgba()), np.asarray(reference.canvas.buffer_rgba()))
    assert fast_image._map is not None                         # drawn by its map of pixels, not by resampling


def test_shading_of_values_by_a_colormap_draws_exactly_the_pixels_of_imshow_nearest():
    limits, rng = (-4.0, 4.0), np.random.default_rng(3)

    def drawn(shade):
        fig = Figure(figsize=(6.5, 3.3), dpi=200, layout="constrained")
        FigureCanvasAgg(fig)
        image = shade(fig.add_subplot(), np.full((81, 81), 0.5))
        fig.canvas.draw()
        return fig, image

    options = {"cmap": plotting.posterior_colormap(), "vmin": 0, "vmax": 1, "aspect": "equal"}
    fast, fast_image = drawn(lambda ax, values: plotting.plot_shading(ax, values, limits, limits, **options))
    reference, reference_image = drawn(lambda ax, values: ax.imshow(values, origin="lower", extent=(*limits, *limits),
                                                                    interpolation="nearest", zorder=0, **options))
    for _ in range(3):
        values = rng.uniform(size=(81, 81)) ** 3                     # probabilities, many near 0
        for fig, image in ((fast, fast_image), (reference, reference_image)):
            image.set_data(values)
            fig.canvas.draw()
        np.testing.assert_array_equal(np.asarray(fast.canvas.buffer_rgba()), np.asarray(reference.canvas.buffer_rgba()))
    assert fast_image._map is not None


def test_a_shadings_map_of_pixels_keeps_one_number_per_row_and_column_of_the_screen():
    """A widget keeps the map for as long as it is shown: two short lists, not every pixel's numbers (MB each)."""
    fig = Figure(figsize=(6.5, 3.3), dpi=200, layout="constrained")
    FigureCanvasAgg(fig)
    image = plotting.plot_shading(fig.add_subplot(), np.full((81, 81), 0.5), (-4.0, 4.0), (-4.0, 4.0), cmap="viridis")
    fig.canvas.draw()
    block, rows, columns = image._map
    height, across = (part.stop - part.start for part in block)
    assert rows.shape == (height,) and columns.shape == (across,)
    assert rows.base is None and columns.base is None   # not views of the (height, across) arrays they were cut from


@pytest.mark.parametrize("n_classes", [2, 3])
def test_boundaries_of_the_discriminants_are_those_of_the_log_posteriors(n_classes):
    """The normaliser cancels from every margin: the same polylines, to round-off (1e-9 of the box)."""
    from lecture_utils.discriminant import LDA, QDA, RDA
    rng = np.random.default_rng(n_classes)
    limits, resolution = (-4.5, 4.5), 60
    grid = plotting.grid_points(limits, limits, resolution)
    for _ in range(20):
        means = rng.uniform(-3, 3, (n_classes, 2))
        X = np.vstack([rng.normal(mean, rng.uniform(0.3, 2.0), (12, 2)) for mean in means])
        t = np.repeat(np.arange(n_classes), 12)
        for model in (LDA().fit(X, t), QDA().fit(X, t), RDA(rng.uniform(), rng.uniform()).fit(X, t)):
            expected = plotting.boundary_segments(model.predict_log_proba(grid), limits, limits)
            drawn = plotting.boundary_segments(_boundary_scores(model, grid), limits, limits)
            assert len(drawn) == len(expected) > 0
            for line, reference in zip(drawn, expected):
                np.testing.assert_allclose(line, reference, rtol=0, atol=1e-9 * 9.0)


def test_contour_lines_are_contourpys():
    """The same polylines, bit for bit, as contourpy's own contour_generator (the reference), on grids of
    different sizes in turn (the kept meshes) and at several levels."""
    import contourpy
    rng = np.random.default_rng(7)
    for ny, nx in [(30, 30), (17, 40), (30, 30), (40, 17)]:
        xs, ys = np.sort(rng.uniform(-3, 3, nx)), np.linspace(-1.0, 2.0, ny)
        values = np.sin(xs)[None, :] * np.cos(2 * ys)[:, None] + 0.3 * rng.normal(size=(ny, nx))
        for level in (0.0, 0.5, -0.25):
            expected = [line for line in contourpy.contour_generator(xs, ys, values, line_type="Separate").lines(level)
                        if len(line) > 1]
            drawn = plotting.contour_lines(xs, ys, values, level)
            assert len(drawn) == len(expected) > 0
            for line, reference in zip(drawn, expected):
                np.testing.assert_array_equal(line, reference)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_posteriors_are_the_softmax_of_the_scores_bit_for_bit(n_classes):
    from scipy import special

    from lecture_utils.logistic import softmax
    rng = np.random.default_rng(n_classes)
    scores = rng.normal(size=(5000, n_classes)) * rng.choice([0.01, 1.0, 30.0, 800.0], size=(5000, 1))
    posteriors = _posteriors(scores)
    np.testing.assert_array_equal(posteriors, softmax(scores, axis=1))          # the same numbers, faster
    np.testing.assert_allclose(posteriors, special.softmax(scores, axis=1), rtol=1e-13, atol=1e-300)
    if n_classes == 2:                                                          # log-odds: (1 - sigmoid, sigmoid)
        np.testing.assert_allclose(_posteriors(scores[:, 1] - scores[:, 0])[:, 1],
                                   special.expit(scores[:, 1] - scores[:, 0]), rtol=1e-13, atol=1e-300)


def test_a_shaded_figure_saved_with_a_tight_box_is_the_picture_imshow_saves():
    """The inline backend saves with bbox_inches="tight", whose first draw covers no pixel of the image."""
    import io

    import matplotlib.pyplot as plt

    values = np.random.default_rng(4).uniform(size=(30, 30))
    saved = []
    for shade in (lambda ax: plotting.plot_shading(ax, values, (0, 1), (0, 1), cmap="viridis", vmin=0, vmax=1),
                  lambda ax: ax.imshow(values, origin="lower", extent=(0, 1, 0, 1), interpolation="nearest", zorder=0,
                                       aspect="auto", cmap="viridis", vmin=0, vmax=1)):
        fig, ax = plt.subplots(figsize=(4, 3))
        shade(ax)
        ax.set(xlim=(0, 1), ylim=(0, 1))
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", bbox_inches="tight")
        plt.close(fig)
        saved.append(np.asarray(Image.open(buffer)))
    np.testing.assert_array_equal(*saved)
