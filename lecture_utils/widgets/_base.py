"""The pattern every widget follows: controls above a figure, a one-line status below.

A widget is a class with a Python API (``step()``, ``reset()``, its sliders
as attributes), a matplotlib figure ``.fig`` and a text ``.status``, so tests
drive it without a browser. It draws with Agg and shows the figure as an
image: an update redraws only the artists that move (blitting) and encodes a
PNG, which takes a few milliseconds. The picture carries its description as
alt text and the status line is announced by screen readers
(:class:`~lecture_utils.widgets._view.FigureView`). Without a widget frontend
(nbval, GitHub, an exported page) it shows a static picture of its current
state, with the same description.
"""

from __future__ import annotations

import base64
import numbers
import struct
import weakref
from contextlib import contextmanager

import ipywidgets as widgets
import numpy as np
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.image import AxesImage
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from .._png import PngEncoder
from ..plotting.description import alt_text
from ._text import GlyphCache
from ._view import FigureView

#: CSS pixels per inch of the figure as displayed, and how many image pixels each one gets.
SCREEN_DPI, PIXEL_RATIO = 100, 2
#: Backgrounds kept by ``redraw_held(key)``, the most recently used: each is a copy of the boxes where the held
#: artists differ from the base (up to the whole figure, about 5 MB at twice the screen's resolution), and a view not
#: kept is drawn again when it comes back.
KEPT_BACKGROUNDS = 6
#: The fewest unchanged rows or columns of pixels between two of the boxes a background keeps (see
#: `changed_boxes`): a box costs a call to restore it, the pixels between two boxes the memory of a copy.
BOX_GAP = 8
#: Widgets that keep their pixels (the canvas, its background copies and their glyphs, 10-50 MB each), the most
#: recently drawn: a student moves one widget at a time. Another widget draws itself afresh at its next change
#: (a full draw, about 0.1 s, once), so that a notebook of many widgets holds the memory of a few.
LIVE_WIDGETS = 1
#: The widgets keeping their pixels, the most recently drawn last.
_live = []
#: One PNG encoder for all widgets: its buffer is as large as the largest picture (they are encoded one at a time).
_ENCODER = PngEncoder()

#: Slider labels at their natural width.
LABEL_STYLE = {"description_width": "initial"}


class FigureWidget:
    """Base of the course's widgets: controls above a figure, a status line below.

    A subclass creates its controls, calls ``super().__init__``, then
    :meth:`start` with the controls to watch. It supplies ``_build_figure()``
    (draw on ``self.fig``, register the artists that move with :meth:`animate`,
    and those that change now and then, such as an axis whose limits jump,
    with :meth:`hold`) and ``update()`` (move those artists, then :meth:`render`
    with the status).

    Attributes
    ----------
    fig : matplotlib.figure.Figure
    ui : ipywidgets.VBox
        What the notebook displays.
    """

    #: The largest figure a widget draws, in inches (at 200 dpi: 6000 x 4000 pixels).
    MAX_FIGSIZE = (30.0, 20.0)

    def __init__(self, figsize, controls=()):
        from .._validation import as_float_array
        size = as_float_array(figsize, "figsize")
        if size.shape != (2,) or not np.all(size > 0) or np.any(size > self.MAX_FIGSIZE):
            raise ValueError(f"figsize must be (width, height) in inches, each > 0 and at most {self.MAX_FIGSIZE}; "
                             f"got {figsize!r}.")
        # Drawn at twice the screen's resolution and shown at its natural size: sharp on
        # high-density screens and projectors, never stretched to the notebook's width.
        self.fig = Figure(figsize=figsize, dpi=PIXEL_RATIO * SCREEN_DPI, layout="constrained")
        FigureCanvasAgg(self.fig)
        self._animated = []
        self._held = []
        self._base = None                                # the full draw, without animated and held artists
        self._background = None                          # the pixels the held artists change on the base
        self._backgrounds = {}                           # backgrounds kept by redraw_held(key), by key
        self._background_key = None
        self._held_drawn = False                         # the held artists drawn since they last changed
        self._holding = False
        self._glyphs = GlyphCache()                      # the bitmaps of the texts drawn, by string and place
        self._view = FigureView(width=f"{round(figsize[0] * SCREEN_DPI)}px")
        self._view.unanswered = weakly(self._replace_view)
        self.ui = widgets.VBox([widgets.HBox(list(controls)), self._view])
        self.ui.add_class("lecture-widget")                   # found and measured by the browser tests
        self.ui.add_class(f"lecture-widget-{type(self).__name__}")
        # ipywidgets keeps every control until it is closed, and the controls call this widget only weakly
        # (see `weakly`): a widget never shown, once no name refers to it, is freed with its figure, its
        # controls closed. One shown stays as long as its view (see _repr_mimebundle_).
        weakref.finalize(self, close_all, self.ui).atexit = False

    @property
    def status(self) -> str:
        """The one-line text status under the figure."""
        return self._view.status

    def start(self, *watched) -> None:
        """Build the figure, redraw whenever a watched control's value changes, and draw the first state."""
        for control in watched:
            if not callable(getattr(control, "observe", None)):
                raise TypeError(f"watched must be ipywidgets controls (with observe), e.g. a FloatSlider; got "
                                f"{type(control).__name__}.")
        self._build_figure()
        for control in watched:
            control.observe(weakly(self._on_change), names="value")
        self.redraw()

    def _on_change(self, change=None) -> None:
        if not self._holding:
            self.redraw()

    def redraw(self) -> None:
        """:meth:`update`, the browser getting one picture however many renders it makes (a widget drawn afresh
        may render backgrounds first: sent on their way, they flashed, and a picture replaced while the browser
        decoded it never showed)."""
        with self._view.hold_sync():
            self.update()

    @contextmanager
    def holding_redraws(self):
        """Change several controls, then redraw once: watched controls stay quiet meanwhile."""
        outer, self._holding = self._holding, True
        try:
            yield
        finally:
            self._holding = outer
        if not outer:
            self.redraw()

    def update(self) -> None:
        """Move the animated artists to the state the controls show, then :meth:`render`."""
        raise NotImplementedError

    def animate(self, artist):
        """Mark ``artist`` as one that changes; it is redrawn on every :meth:`render`."""
        _check_artist(artist)
        artist.set_animated(True)
        self._animated.append(artist)
        return artist

    def hold(self, artist):
        """Mark ``artist`` as one that changes now and then: it is drawn into the cached background,
        and redrawn only after :meth:`redraw_held` (an axis redrawn only when its limits change)."""
        _check_artist(artist)
        artist.set_animated(True)                        # left out of the full draw
        self._held.append(artist)
        return artist

    def redraw_held(self, key=None) -> None:
        """Make the next :meth:`render` redraw the held artists (e.g. after new axis limits).

        Without a ``key`` the background is copied only when a render finds
        the held artists unchanged since the last: a widget whose held
        artists change on every update of one control (and not of another)
        skips the copy, a few milliseconds, while that control moves. With a
        ``key`` (any hashable naming the state of the held artists, say one of
        a few views a widget switches between), the background drawn is kept,
        and reused when the same key is asked for again (the
        :data:`KEPT_BACKGROUNDS` most recently used are kept).
        """
        try:
            hash(key)
        except TypeError:
            raise TypeError(f"key must be hashable (a string or a tuple naming the view); got {key!r}.") from None
        self._background = self._backgrounds.pop(key, None) if key is not None else None
        if self._background is not None:
            self._backgrounds[key] = self._background           # now the most recently used
        self._background_key = key
        self._held_drawn = False

    def redraw_all(self) -> None:
        """Make the next :meth:`render` redraw the static parts too (e.g. after new fixed axis limits)."""
        self._base = None

    def freeze_layout(self) -> None:
        """Lay the figure out once and keep that layout, so later full redraws never move the axes."""
        self.fig.get_layout_engine().execute(self.fig)   # the layout needs the texts' sizes, not their pixels
        self.fig.set_layout_engine("none")

    def render(self, status: str | None = None) -> None:
        """Redraw the changing artists over the cached background and show the result."""
        if status is not None and not isinstance(status, str):
            raise TypeError(f"status must be a string (the line under the figure); got {status!r}.")
        canvas = self.fig.canvas
        self._keep_pixels()
        if self._base is None:
            canvas.draw()                                    # everything but the animated and held artists
            self._base, self._background, self._backgrounds = canvas.copy_from_bbox(self.fig.bbox), None, {}
        agg = canvas.get_renderer()
        texts = self._glyphs.renderer_for(agg)               # texts redrawn from the glyphs drawn before

        def draw(artist):                                    # an image gets Agg itself, whose pixels it may copy
            artist.draw(agg if isinstance(artist, AxesImage) else texts)

        canvas.restore_region(self._base)
        if self._background is None:
            for artist in sorted(self._held, key=lambda a: a.get_zorder()):    # as a full draw would
                draw(artist)
            if self._held and (self._held_drawn or self._background_key is not None):   # drawn twice: worth keeping
                self._background = self._held_pixels()
                if self._background_key is not None:
                    self._keep_background()
            self._held_drawn = True
        else:
            for box in self._background:
                canvas.restore_region(box)
        for artist in sorted(self._animated, key=lambda a: a.get_zorder()):
            draw(artist)
        with self._view.hold_sync():                         # one message: the picture, its words, the status
            if status is not None:
                self._view.status = status
            self._view.png = _ENCODER.encode(np.asarray(canvas.buffer_rgba()))
            self._view.alt = alt_text(self.fig)

    def _held_pixels(self) -> list:
        """Copies of the boxes of the canvas where the held artists, just drawn, changed the base: restored over the
        base, they give the background back (an axis's grid lines and tick labels are a few thin boxes, where a
        copy of the figure took 5 MB)."""
        canvas = self.fig.canvas
        left, top, right, bottom = self._base.get_extents()  # in rows from the top: a figure's fractional pixel
        now = np.asarray(canvas.buffer_rgba())[top:bottom, left:right]     # height leaves the base a row short
        changed = now.view(np.uint32)[..., 0] != np.asarray(self._base).view(np.uint32)[..., 0]   # a word a pixel
        height = canvas.get_renderer().height                # a box counts rows from the bottom
        return [canvas.copy_from_bbox(Bbox([[left + x0, height - top - y1], [left + x1, height - top - y0]]))
                for y0, y1, x0, x1 in changed_boxes(changed)]

    def _keep_pixels(self) -> None:
        """Count this widget among the :data:`LIVE_WIDGETS` that keep their pixels; the one drawn longest ago
        past them lets its go."""
        _live[:] = [ref for ref in _live if ref() not in (None, self)] + [weakref.ref(self)]
        while len(_live) > LIVE_WIDGETS:
            oldest = _live.pop(0)()
            if oldest is not None:
                oldest._forget_pixels()

    def _forget_pixels(self) -> None:
        """Let go of the canvas's pixels, the background copies, the glyphs and what artists keep for drawing
        fast (a shading's map of pixels): the next :meth:`render` draws the whole figure again."""
        for artist in self.fig.findobj():
            for text in _texts_kept_by(artist):
                text._renderer = None           # the renderer it last drew on: it kept the canvas and the glyphs
            if callable(getattr(artist, "forget_cache", None)):
                artist.forget_cache()
        canvas = self.fig.canvas
        canvas.renderer, canvas._lastKey = None, None       # Agg makes a new canvas at the next draw
        self._base = self._background = None
        self._backgrounds = {}
        self._held_drawn = False
        self._glyphs = GlyphCache()

    def _keep_background(self) -> None:
        """Keep the background just drawn under its key, forgetting the least recently used past KEPT_BACKGROUNDS."""
        self._backgrounds[self._background_key] = self._background
        while len(self._backgrounds) > KEPT_BACKGROUNDS:
            del self._backgrounds[next(iter(self._backgrounds))]

    def png(self) -> bytes:
        """The figure as last rendered, as PNG bytes (fast, lightly compressed): the picture the widget shows."""
        return self._view.png

    def _replace_view(self) -> None:
        """Show a new view of the figure in place of one that a page no longer updates (see FigureView)."""
        lost, self._view = self._view, self._view.copy()
        self._view.unanswered = weakly(self._replace_view)
        self._view.shown_widget = self                   # shown: lives as long as its view
        self.ui.children = tuple(self._view if child is lost else child for child in self.ui.children)
        lost.close()

    def _repr_mimebundle_(self, include=None, exclude=None):
        self._view.shown_widget = self                   # shown: lives as long as its view
        bundle = self.ui._repr_mimebundle_(include=include, exclude=exclude)
        bundle["image/png"] = base64.b64encode(self.png()).decode("ascii")
        bundle["text/plain"] = self.status
        return bundle

    def _ipython_display_(self) -> None:
        """Show the live widget; its fallback picture keeps its natural size (the PNG is drawn at 2x)."""
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        width, height = display_size(bundle["image/png"])
        alt = f"{self.status.rstrip('. ')}. {self._view.alt}" if self.status else self._view.alt
        display(bundle, metadata={"image/png": {"width": width, "height": height, "alt": alt}}, raw=True)


def _texts_kept_by(artist) -> list:
    """``[artist]`` for a text; for an axis, its tick labels, those of ticks not shown now too (kept for later,
    they are not among the figure's artists); else none."""
    if isinstance(artist, Text):
        return [artist]
    if isinstance(artist, Axis):
        return [label for tick in (*artist.majorTicks, *artist.minorTicks) for label in (tick.label1, tick.label2)]
    return []


def _check_artist(artist) -> None:
    from matplotlib.artist import Artist
    if not isinstance(artist, Artist):
        raise TypeError(f"artist must be a matplotlib Artist (a line, an image, an axis); got {type(artist).__name__}.")


def changed_boxes(changed, y=0, x=0) -> list:
    """Boxes ``(row, row past, column, column past)`` that cover the True pixels of the 2-D mask ``changed``, found by
    cutting it along rows, then columns, ... wherever more than :data:`BOX_GAP` of them are all False (an axis's
    label, tick labels and grid lines each get their own)."""
    boxes = []
    for y0, y1 in _runs(changed.any(axis=1)):
        columns = _runs(changed[y0:y1].any(axis=0))
        if len(columns) == 1 and (y0, y1) == (0, len(changed)):            # cut no further either way
            return [(y, y + y1, x + columns[0][0], x + columns[0][1])]
        for x0, x1 in columns:
            boxes += changed_boxes(changed[y0:y1, x0:x1], y + y0, x + x0)
    return boxes


def _runs(marked) -> list:
    """``(start, past)`` of the runs of a 1-D boolean array's True values, runs closer than :data:`BOX_GAP` joined."""
    where = marked.nonzero()[0]
    if not where.size:
        return []
    cut = np.flatnonzero(where[1:] - where[:-1] > BOX_GAP)
    return list(zip([int(where[0]), *where[cut + 1].tolist()], [*(where[cut] + 1).tolist(), int(where[-1]) + 1]))


def display_size(png) -> tuple[int, int]:
    """The size in CSS pixels at which a widget's picture (PNG bytes, or base64 text) is shown."""
    if isinstance(png, str):
        png = base64.b64decode(png[:44])                  # enough for the signature and the header
    width, height = struct.unpack(">II", png[16:24])        # IHDR, right after the 8-byte signature
    return round(width / PIXEL_RATIO), round(height / PIXEL_RATIO)


def on_slider(value, name: str, low: float, high: float, integer: bool = False,
              step: float | None = None) -> float | int:
    """``value`` if it is a number in ``[low, high]``, the range of its slider (a whole number for an
    integer slider), else a ``ValueError`` naming ``name``: a slider would clamp it silently, or take nan.

    With a ``step``, ``value`` must also be one of the slider's positions ``low + k step``, for a widget
    whose status or heat map shows the value at a position (an accuracy of the grid, a readout of one decimal).
    """
    from .._validation import as_scalar
    if isinstance(value, (bool, np.bool_)):                  # True would pass for 1
        raise TypeError(f"{name} must be a number in [{low:g}, {high:g}]; got {value!r}.")
    if integer:
        if not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be a whole number in [{low:g}, {high:g}]; got {value!r} of type "
                            f"{type(value).__name__}.")
        number = int(value)
    else:
        number = as_scalar(value, name)
    if not low <= number <= high:
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}], the range of its slider; got "
                         f"{number if integer else format(number, 'g')}.")
    if step is not None and not abs(number - low - round((number - low) / step) * step) < 1e-9 * max(1.0, step):
        nearest = low + round((number - low) / step) * step
        start = "" if low == 0 else f"{low:g} plus "
        raise ValueError(f"{name} must be a position of its slider, {start}a multiple of its step {step:g}; "
                         f"got {number:g} (the nearest is {nearest:g}).")
    return number


def slider_maximum(value, name: str, low: float = 0.0, step: float | None = None,
                   most_positions: int | None = None) -> float:
    """``value`` as the largest value of a slider from ``low``: a finite number above ``low``, else an error naming
    ``name`` (a slider from 0 to 0, or to nan, moves nothing); with ``most_positions``, one whose slider of ``step``
    has at most that many positions, for a widget that computes what each position shows."""
    from .._validation import as_scalar
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a number above {low:g}, the largest value of its slider; got {value!r}.")
    number = as_scalar(value, name)
    if not number > low:
        raise ValueError(f"{name} must be above {low:g}, the smallest value of its slider; got {number:g}.")
    if most_positions is not None and (number - low) / step > most_positions:
        raise ValueError(f"{name} = {number:g} gives its slider {(number - low) / step:.3g} positions of {step:g}, each "
                         f"computed in advance: at most {most_positions} (up to {low + most_positions * step:g}) "
                         "are drawn in seconds.")
    return number


def set_slider(slider, value, name: str) -> None:
    """Move ``slider`` to ``value``, checked by :func:`on_slider` against the slider's range first."""
    slider.value = on_slider(value, name, slider.min, slider.max, integer=isinstance(slider.value, int))


def button(description: str, icon: str, callback) -> widgets.Button:
    """A button that calls ``callback()`` when clicked, at its label's width (a narrow notebook never cuts it)."""
    clickable = widgets.Button(description=description, icon=icon,
                               layout=widgets.Layout(width="auto", flex="0 0 auto"))
    callback = weakly(callback)
    clickable.on_click(lambda _: callback())
    return clickable


def weakly(callback):
    """``callback`` for a control to call, holding its object only weakly when it is a bound method (a widget's):
    ipywidgets keeps every control until it is closed, and a control that held its widget would keep the widget's
    figure and pixels (10-50 MB) for the rest of the session, though nothing shows it."""
    if getattr(callback, "__self__", None) is None:
        return callback
    method = weakref.WeakMethod(callback)

    def call(*args, **kwargs):
        bound = method()
        return None if bound is None else bound(*args, **kwargs)
    return call


def close_all(widget) -> None:
    """Close an ipywidget and every widget inside it (a box's children, each one's layout and style), freeing
    their comms."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, widgets.Widget):
            part.close()
    widget.close()


def labelled_slider(kind, value, low, high, step, description, width="300px", **kwargs):
    """A slider of ``kind`` (``widgets.FloatSlider``, ``widgets.IntSlider``) that updates as it moves, its label
    at its natural width and the slider ``width`` wide."""
    return kind(value=value, min=low, max=high, step=step, description=description, continuous_update=True,
                style=LABEL_STYLE, layout=widgets.Layout(width=width), **kwargs)
