"""A widget's view on a page that drops the kernel's messages (anywidget gives up on a model whose code took the
page over 2 s to start: `make bench`'s class of 20 saw it) is replaced by a new view; a kernel that was only busy
is not mistaken for it. The browser's side: tests/test_browser.py."""

from types import SimpleNamespace

import pytest

from lecture_utils.widgets import _view

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Clock:
    """Stands in for time.monotonic: the test moves it."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(_view, "time", SimpleNamespace(monotonic=clock))   # the view's clock only
    return clock


@pytest.fixture
def stepper():
    from lecture_utils import datasets
    from lecture_utils.widgets import PerceptronStepper
    data = datasets.make_separable(n_samples=40, margin=0.1, random_state=1)
    widget = PerceptronStepper(data.X, data.y)
    widget._repr_mimebundle_()                                      # shown, as display() shows it
    return widget


def from_the_page(view, message: str) -> list:
    """Deliver ``message`` from a page's view to the kernel's model; return what the kernel sent back."""
    sent = []
    view.send = sent.append
    view._handle_custom_msg(message, [])
    return sent


def test_the_kernel_answers_a_views_question(stepper):
    assert from_the_page(stepper._view, "ping") == ["pong"]


def test_a_view_whose_answer_went_unanswered_long_after_it_was_sent_is_replaced_by_one_showing_the_same(stepper, clock):
    lost = stepper._view
    from_the_page(lost, "ping")
    clock.now += _view.FigureView.ANSWER_TRAVEL_S + 4               # the page asks again 8 s after it first asked
    from_the_page(lost, "unanswered")

    new = stepper._view
    assert new is not lost and stepper.ui.children[-1] is new
    assert lost.comm is None                                        # closed: every page forgets it
    assert (new.png, new.alt, new.width, new.status) == (lost.png, lost.alt, lost.width, lost.status)
    stepper.step()                                                  # and the new view follows the widget
    assert new.status.startswith("epoch 1, update 1 of") and new.png != lost.png


@pytest.mark.parametrize("after_s", [0.0, 3.9])
def test_a_view_unanswered_because_the_kernel_was_busy_is_kept(stepper, clock, after_s):
    """A busy kernel (Run All) reads the page's question and its "unanswered" together, and answers both: the
    answer is on its way."""
    kept = stepper._view
    from_the_page(kept, "ping")
    clock.now += after_s
    from_the_page(kept, "unanswered")
    assert stepper._view is kept and stepper.ui.children[-1] is kept


def test_a_view_never_answered_is_kept_until_the_kernel_has_read_its_question(stepper, clock):
    kept = stepper._view
    clock.now += 60
    from_the_page(kept, "unanswered")
    assert stepper._view is kept
