"""What a widget holds in a student's kernel: a widget nothing shows is freed, and only the widgets drawn most
recently keep their pixels (issue 38: each notebook's kernel stays under 200 MB after Run All)."""

import gc
import weakref

import pytest

from pictures import Picture

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _controls(widget):
    """Every ipywidget inside the widget's box."""
    found, stack = [], [widget.ui]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(getattr(node, "children", ()))
    return found


def test_a_widget_never_shown_is_freed_once_no_name_refers_to_it_and_its_controls_are_closed():
    from lecture_utils.widgets import GaussianClassesExplorer
    demo = GaussianClassesExplorer(N=20)
    controls, freed = _controls(demo), weakref.ref(demo)
    assert all(control.comm is not None for control in controls)
    del demo
    gc.collect()
    assert freed() is None
    assert all(control.comm is None for control in controls)       # closed: the front end forgets them too


def test_a_widget_shown_stays_alive_without_a_name_and_still_answers_its_controls():
    from lecture_utils.widgets import LossMatrixExplorer
    shown = LossMatrixExplorer()
    shown._repr_mimebundle_()                                       # what display() asks of it
    slider, alive = shown.miss_slider, weakref.ref(shown)
    del shown
    gc.collect()
    assert alive() is not None
    before = alive().status
    slider.value = 7
    assert alive().status != before and "7" in alive().status


def test_only_the_widgets_drawn_last_keep_their_pixels_and_another_draws_the_same_picture_when_moved():
    from lecture_utils.widgets import LossMatrixExplorer
    from lecture_utils.widgets._base import LIVE_WIDGETS
    first = LossMatrixExplorer()
    shown_first = Picture(first.png())
    later = [LossMatrixExplorer() for _ in range(LIVE_WIDGETS)]
    assert first.fig.canvas.renderer is None                       # its canvas let go
    assert all(widget.fig.canvas.renderer is not None for widget in later)
    assert Picture(first.png()) == shown_first                     # it still shows its last picture
    first.miss_slider.value = 93                                   # moved again: drawn whole, then kept
    assert first.fig.canvas.renderer is not None and later[0].fig.canvas.renderer is None
    assert Picture(first.png()) == Picture(LossMatrixExplorer(miss_cost=93).png())


def test_one_png_encoder_serves_widgets_of_every_size_with_the_memory_of_the_largest():
    from lecture_utils.widgets import GaussianClassesExplorer, LossMatrixExplorer
    from lecture_utils.widgets._base import _ENCODER
    large, small = GaussianClassesExplorer(N=20), LossMatrixExplorer()
    height, width = large.fig.canvas.get_width_height(physical=True)[::-1]
    assert _ENCODER._memory.size >= height * (1 + 4 * width)
    large.prior_slider.value = 0.3                                  # the large one again, after the small one
    assert Picture(large.png()).pixels.shape[:2] == (height, width)
    assert Picture(small.png()).pixels.shape[:2] == small.fig.canvas.get_width_height(physical=True)[::-1]


def test_a_widget_not_drawn_last_lets_go_of_its_shadings_maps_and_finds_them_again():
    from lecture_utils.plotting.geometry import _NearestImage
    from lecture_utils.widgets import GaussianClassesExplorer, LossMatrixExplorer
    first = GaussianClassesExplorer(N=20)
    shadings = first.fig.findobj(_NearestImage)
    assert shadings and all(shading._map is not None for shading in shadings)
    LossMatrixExplorer()                                            # drawn last now
    assert all(shading._map is None for shading in shadings)
    first.prior_slider.value = 0.3                                  # drawn whole again, its maps found again
    assert all(shading._map is not None for shading in shadings)
    again = GaussianClassesExplorer(N=20)
    again.prior_slider.value = 0.3
    assert Picture(first.png()) == Picture(again.png())


def test_a_widget_that_lets_go_of_its_pixels_lets_go_of_its_canvas_though_its_texts_drew_on_it():
    from lecture_utils.widgets import LossMatrixExplorer
    first = LossMatrixExplorer()
    canvas = weakref.ref(first.fig.canvas.get_renderer())          # 5 MB of pixels at 200 dpi
    LossMatrixExplorer()                                            # drawn last now
    gc.collect()
    assert canvas() is None


def test_a_kept_background_is_the_few_boxes_its_held_axis_changes_not_a_copy_of_the_figure():
    from lecture_utils.widgets import LossMatrixExplorer
    losses = LossMatrixExplorer()
    for miss in (95, 50):                                           # two tops of the loss axis, each kept
        losses.miss_slider.value = miss
    width, height = losses.fig.canvas.get_width_height(physical=True)
    for boxes in losses._backgrounds.values():
        kept = sum((right - left) * (bottom - top) for left, top, right, bottom in
                   (box.get_extents() for box in boxes))
        assert 0 < kept < width * height / 10                      # the grid lines and tick labels only


def test_the_boxes_of_a_mask_cover_its_changes_and_leave_out_wide_unchanged_gaps():
    import numpy as np

    from lecture_utils.widgets._base import BOX_GAP, changed_boxes
    changed = np.zeros((100, 200), dtype=bool)
    changed[10:12, 20:180] = True                                   # a grid line
    changed[30:70, 5:9] = True                                      # a rotated label, left of the lines below
    changed[40:42, 20:180] = changed[60:62, 20:180] = True
    changed[80, 50] = changed[80, 50 + BOX_GAP] = True              # two pixels close enough to share a box
    boxes = changed_boxes(changed)
    covered = np.zeros_like(changed)
    for top, bottom, left, right in boxes:
        covered[top:bottom, left:right] = True
    assert np.all(covered[changed])
    assert covered.sum() == changed.sum() - 1 + BOX_GAP             # nothing else but the gap shared in row 80
    assert changed_boxes(np.zeros((4, 4), dtype=bool)) == []
