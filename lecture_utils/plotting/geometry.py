"""Data and linear models in the plane: points, hyperplanes, decision regions (every notebook)."""

from __future__ import annotations

import functools
import weakref

import contourpy
import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.colors import ListedColormap
from matplotlib.image import AxesImage

from ._checks import (AXES, FLAG, FUNCTION, LARGEST_LIMIT, NUMBER, array, checked, count, covariances, curve, labels,
                      limits, names, points, positive, results)
from ._style import PALETTE, class_style, _light
from .description import describe, number, plain_text

#: How a reader hears each of the house style's markers.
MARKER_NAMES = {"o": "circles", "s": "squares", "^": "triangles", "D": "diamonds", "v": "downward triangles",
                "P": "plus signs", "X": "crosses"}
#: The points plot_data last drew on each panel (so that a boundary drawn there can say how it splits them).
_DATA: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@checked(ax=AXES, X=points(2), t=labels(like="X"), labels=names(classes_of="t"))
def plot_data(ax, X, t, labels=None, **kwargs) -> list:
    """Draw 2-D points, each class (in sorted order of the targets ``t``) with its own colour and marker.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array of shape (N, 2)
    t : array of shape (N,)
        The targets (class labels).
    labels : sequence of str, optional
        Legend label of each class; defaults to ``"t = <value>"``.
    **kwargs
        Options of :func:`plot_markers` (``s``, ``edgecolors``, ``linewidths``, ``alpha``, ``zorder``, ...).

    Returns
    -------
    list of Line2D, one per class
        Markers only; move a class's points with ``set_data``.
    """
    X, t = np.asarray(X, dtype=float), np.asarray(t)
    classes = np.unique(t)
    labels = labels if labels is not None else [f"t = {c:+d}" if np.issubdtype(classes.dtype, np.integer)
                                                else str(c) for c in classes]
    options = {"s": 45, "edgecolors": "white", "linewidths": 0.6, "zorder": 3, **kwargs}
    drawn = [plot_markers(ax, X[t == c], label=label, **class_style(k), **options)
             for k, (c, label) in enumerate(zip(classes, labels))]
    _DATA[ax] = (X, t)
    counts = ", ".join(f"{np.sum(t == c)} {MARKER_NAMES[class_style(k)['marker']]} ({plain_text(label)})"
                       for k, (c, label) in enumerate(zip(classes, labels)))
    describe(ax, f"{len(t)} data points in {len(classes)} classes: {counts}", about=drawn)
    return drawn


@checked(ax=AXES, X=points(2, min_size=0), s=positive)
def plot_markers(ax, X, s=36.0, edgecolors="face", linewidths=None, **kwargs):
    """Points of one style drawn as the markers of a line: what ``ax.scatter`` draws, 4x faster to redraw.

    A scatter's ``PathCollection`` works out its marker's extents, curve by
    curve, at every draw (about 1 ms for a circle); a widget that redraws its
    points on every update draws them as a ``Line2D`` instead. The marker has
    the same size and outline (to a fraction of a pixel).

    Parameters
    ----------
    ax : matplotlib Axes
    X : array of shape (N, 2)
    s : float
        Marker area in points squared, as ``scatter``'s ``s``.
    edgecolors : color or "face"
        The outline's colour; ``"face"`` is the fill colour.
    linewidths : float, optional
        The outline's width in points; by default ``rcParams["lines.linewidth"]``, as for ``scatter``.
    **kwargs
        ``color``, ``marker``, ``alpha``, ``zorder``, ``label``, ... of ``Line2D``.

    Returns
    -------
    Line2D
        Move the points with ``set_data(x, y)``.
    """
    edge = kwargs.get("color") if isinstance(edgecolors, str) and edgecolors == "face" else edgecolors
    width = matplotlib.rcParams["lines.linewidth"] if linewidths is None else linewidths
    line, = ax.plot(X[:, 0], X[:, 1], linestyle="none", markersize=np.sqrt(s), markeredgecolor=edge,
                    markeredgewidth=width, **{"marker": "o", **kwargs})
    return line


def _unit_scale(w, b) -> tuple[float, float, float]:
    """``(w_1, w_2, b) / max|w_j|``: the same line, at a scale where a threshold on ``|w_j|`` means the same."""
    largest = max(abs(float(w[0])), abs(float(w[1])))
    if largest == 0:
        return 0.0, 0.0, float(b)
    with np.errstate(over="ignore"):                     # a tiny w and a large b: the line is at infinity
        return float(w[0]) / largest, float(w[1]) / largest, float(b) / largest


@checked(w=array(ndim=1, min_size=2), b=NUMBER, xlim=limits, ylim=limits)
def hyperplane_segment(w, b, xlim, ylim) -> np.ndarray:
    """The part of the line ``w_1 x_1 + w_2 x_2 + b = 0`` inside a box, as two end points.

    Returns
    -------
    ndarray of shape (2, 2)
        ``[[x_a, y_a], [x_b, y_b]]``, each within ``1e-9`` times the box's size of
        its edges (round-off); all nan if the line misses the box or ``w = 0``.
    """
    (x0, x1), (y0, y1) = xlim, ylim
    w1, w2, b = _unit_scale(w, b)
    points = []
    if abs(w2) > 1e-12:                                  # crossings of the left and right sides
        points += [(x, -(w1 * x + b) / w2) for x in (x0, x1)]
    if abs(w1) > 1e-12:                                  # crossings of the bottom and top sides
        points += [(-(w2 * y + b) / w1, y) for y in (y0, y1)]
    tolerance = 1e-9 * max(x1 - x0, y1 - y0)
    inside = [p for p in points if x0 - tolerance <= p[0] <= x1 + tolerance
              and y0 - tolerance <= p[1] <= y1 + tolerance]
    if len(inside) < 2:
        return np.full((2, 2), np.nan)
    inside = np.array(inside)
    first = inside[0]
    last = inside[np.argmax(np.linalg.norm(inside - first, axis=1))]
    return np.array([first, last])


@checked(w=array(ndim=1, min_size=2), b=NUMBER, xlim=limits, ylim=limits)
def half_plane_polygon(w, b, xlim, ylim) -> np.ndarray:
    """The part of a box where ``w_1 x_1 + w_2 x_2 + b > 0``, as the corners of a polygon.

    A linear classifier's decision region, clipped to the view: filling this
    polygon is far cheaper than shading a grid, so widgets redraw it fast.

    Returns
    -------
    ndarray of shape (n_corners, 2)
        Counter-clockwise corners; empty (shape (0, 2)) if no part of the box is on the positive side.
    """
    (x0, x1), (y0, y1) = xlim, ylim
    box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    w1, w2, b = _unit_scale(w, b)
    score = [w1 * corner[0] + w2 * corner[1] + b for corner in box]
    corners = []
    for j, (corner, value) in enumerate(zip(box, score)):      # clip the box by the half-plane
        following, following_value = box[(j + 1) % 4], score[(j + 1) % 4]
        if value > 0:
            corners.append(corner)
        if (value > 0) != (following_value > 0):                # the boundary crosses this edge
            fraction = value / (value - following_value)
            corners.append(tuple(np.add(corner, fraction * np.subtract(following, corner))))
    return np.array(corners, dtype=float).reshape(-1, 2)


@checked(w=array(ndim=1, min_size=2), b=NUMBER, xlim=limits, ylim=limits, length=positive)
def normal_arrow(w, b, xlim, ylim, length: float = 0.12) -> tuple:
    """Where to draw ``w``'s direction: from a boundary point near the view's centre, inside the view.

    The arrow is ``length`` times the view's size long, whatever ``||w||``;
    its tail is the point of the visible boundary nearest the centre whose
    arrow head stays in view (or nearest the centre if there is none).

    Returns
    -------
    (tail, head) : two ndarrays of shape (2,); nan if the boundary is not visible.
    """
    segment = hyperplane_segment(w, b, xlim, ylim)
    w1, w2, _ = _unit_scale(w, b)
    direction = np.array([w1, w2]) / (np.hypot(w1, w2) or np.nan)
    tails = segment[0] + np.linspace(0, 1, 41)[:, None] * (segment[1] - segment[0])
    heads = tails + length * max(xlim[1] - xlim[0], ylim[1] - ylim[0]) * direction
    centre = np.array([np.mean(xlim), np.mean(ylim)])
    in_view = ((heads[:, 0] >= xlim[0]) & (heads[:, 0] <= xlim[1])
               & (heads[:, 1] >= ylim[0]) & (heads[:, 1] <= ylim[1]))
    distance = np.linalg.norm(tails - centre, axis=1)
    if np.any(in_view):
        distance = np.where(in_view, distance, np.inf)
    best = np.argmin(distance)                           # a nan tail if the line misses the view
    return tails[best], heads[best]


@checked(ax=AXES, w=array(ndim=1, min_size=2), b=NUMBER, arrow=FLAG, xlim=limits, ylim=limits)
def plot_hyperplane(ax, w, b, arrow: bool = True, xlim=None, ylim=None, **kwargs):
    """Draw the decision boundary ``w^T x + b = 0`` and, optionally, the normal ``w`` as an arrow.

    Returns
    -------
    line : Line2D
    arrow : Annotation or None
    """
    xlim = xlim if xlim is not None else ax.get_xlim()
    ylim = ylim if ylim is not None else ax.get_ylim()
    segment = hyperplane_segment(w, b, xlim, ylim)
    options = {"color": "black", "linewidth": 2.2, "zorder": 4, **kwargs}
    line, = ax.plot(*segment.T, **options)
    annotation = None
    if arrow:
        tail, head = normal_arrow(w, b, xlim, ylim)
        annotation = ax.annotate("", xy=head, xytext=tail, zorder=5, annotation_clip=False,
                                 arrowprops={"arrowstyle": "-|>", "color": options["color"],
                                             "linewidth": 2, "mutation_scale": 18})
        annotation.arrow_patch.set_clip_box(ax.bbox)
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    describe(ax, _boundary_sentence(ax, np.asarray(w, dtype=float), float(b), kwargs.get("label")), about=line)
    return line, annotation


def _boundary_sentence(ax, w, b, label) -> str:
    """The boundary w^T x + b = 0 in words, and how many of the panel's data points lie on their class's side."""
    terms = "".join(f" {'-' if wi < 0 else '+'} {number(abs(wi))} x{i + 1}" for i, wi in enumerate(w))
    terms = ("-" + terms[3:] if terms.startswith(" -") else terms[3:]) + f" {'-' if b < 0 else '+'} {number(abs(b))}"
    sentence = f"{plain_text(label) + ': ' if label else ''}the line {terms} = 0"
    X, t = _DATA.get(ax, (None, None))
    if X is not None and len(X) and set(np.unique(t)) <= {-1, 1} and X.shape[1] == len(w):
        right = int(np.sum(np.sign(X @ w + b) == t))
        sentence += f", with {right} of the {len(t)} points on their own class's side"
    return sentence


@checked(xlim=limits, ylim=limits, resolution=count(cells=2))
def grid_points(xlim, ylim, resolution: int = 60) -> np.ndarray:
    """Centres of a ``resolution x resolution`` grid over a box, shape (resolution**2, 2), row by row."""
    xs = np.linspace(*xlim, resolution + 1)
    ys = np.linspace(*ylim, resolution + 1)
    centres_x, centres_y = np.meshgrid((xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2)
    return np.column_stack([centres_x.ravel(), centres_y.ravel()])


@checked(n_classes=count())
def region_colormap(n_classes: int) -> ListedColormap:
    """Light versions of the class colours, for shading decision regions."""
    return ListedColormap([_light(class_style(k)["color"]) for k in range(n_classes)])


@checked(ax=AXES, classify=FUNCTION, xlim=limits, ylim=limits, n_classes=count(), resolution=count(cells=2))
def plot_decision_regions(ax, classify, xlim=None, ylim=None, n_classes: int = 2,
                          resolution: int = 60, **kwargs):
    """Shade each point of a box by the class a model assigns to it.

    Parameters
    ----------
    classify : callable
        Maps an array of points of shape (m, 2) to class indices 0..n_classes-1.
    resolution : int
        Grid cells per side; a coarse grid keeps interactive redraws fast.

    Returns
    -------
    AxesImage
        Update it with ``image.set_data(...)`` in widgets.
    """
    xlim = xlim if xlim is not None else ax.get_xlim()
    ylim = ylim if ylim is not None else ax.get_ylim()
    labels = results(classify, "classify", grid_points(xlim, ylim, resolution), (resolution ** 2,))
    labels = labels.reshape(resolution, resolution)
    options = {"cmap": region_colormap(n_classes), "vmin": -0.5, "vmax": n_classes - 0.5, **kwargs}
    return plot_shading(ax, labels, xlim, ylim, **options)


class _NearestImage(AxesImage):
    """An image sampled to the nearest pixel, as ``imshow`` draws it, but faster on Agg where its colours are opaque.

    Matplotlib resamples the whole image on every draw. With nearest-neighbour
    sampling each pixel of the screen shows one pixel of the image, and which one
    depends only on the layout: the first draw in a layout finds that map by drawing
    the image with each pixel's own number as its colour (twice, the second time
    inverted, so that a pixel of the screen is known to be covered when the two
    draws are each other's complement), and later draws copy pixels by the map.
    Values (rather than RGBA pixels) are coloured first, by the image's colormap.
    Where the pixels covered form a rectangle whose rows each show one row of the
    image and whose columns each show one column (the usual case, an image filling
    its axes), the map is kept as those two lists and the copy is a block of pixels
    taken row by row, then column by column. Where the map cannot be exact (a pixel partly covered, another renderer, colours
    not opaque) it draws as ``imshow`` does.
    """

    def __init__(self, ax, **kwargs):
        super().__init__(ax, interpolation="nearest", **kwargs)
        self._map_key, self._map = None, None

    def _layout(self, renderer) -> tuple:
        clip = self.get_clip_box()
        return (renderer.width, renderer.height, tuple(self.axes.bbox.bounds), tuple(self.axes.viewLim.bounds),
                tuple(self.get_extent()), self._A.shape, None if clip is None else tuple(clip.bounds))

    def _find_map(self, renderer):
        """(screen pixels, image pixels) as flat indices, or None where the map would not be exact."""
        data, canvas = self._A, np.asarray(renderer.buffer_rgba()).view(np.uint32)[..., 0]
        rows, columns = self._reach(canvas.shape)
        screen = canvas[rows, columns]                     # the pixels the image can change, a view
        before = screen.copy()
        height, width = data.shape[:2]
        numbers = np.arange(height * width, dtype=np.uint32)
        drawn = []
        for code in (numbers, numbers ^ 0xFFFFFF):                   # the image's pixel numbers, then inverted
            colours = np.empty((height * width, 4), dtype=np.uint8)
            colours[:, 0], colours[:, 1], colours[:, 2] = code >> 16, (code >> 8) & 255, code & 255
            colours[:, 3] = 255
            self._A = colours.reshape(height, width, 4)
            super().draw(renderer)
            drawn.append(screen.copy())
            screen[...] = before
        self._A = data
        covered = (drawn[0] ^ drawn[1]) == np.array([255, 255, 255, 0], dtype=np.uint8).view(np.uint32)[0]
        if np.any((drawn[0] != before) & ~covered):                # blended with what was below: not exact
            return None
        at_row, at_column = np.divmod(np.flatnonzero(covered), screen.shape[1])
        pixels = (at_row + rows.start) * canvas.shape[1] + at_column + columns.start     # in the whole canvas
        source = drawn[0][covered].view(np.uint8).reshape(-1, 4)[:, :3].astype(np.uint32)
        source = (source[:, 0] << 16) | (source[:, 1] << 8) | source[:, 2]
        return _block_map(pixels, source, canvas.shape, width) or (pixels, source)

    def _reach(self, shape) -> tuple[slice, slice]:
        """The rows and columns of a canvas of ``shape`` that drawing the image can change: where matplotlib clips
        it (its clip box, else its axes), a pixel wider on each side; the whole canvas if it is not clipped. Copying
        only those (a third of a widget's figure, say) keeps finding the map from holding several copies of the
        whole canvas at once."""
        if not self.get_clip_on():
            return slice(0, shape[0]), slice(0, shape[1])
        x0, y0, x1, y1 = (self.get_clip_box() or self.axes.bbox).extents     # display pixels, from the bottom left
        return (slice(max(0, int(np.floor(shape[0] - y1)) - 1), min(shape[0], int(np.ceil(shape[0] - y0)) + 1)),
                slice(max(0, int(np.floor(x0)) - 1), min(shape[1], int(np.ceil(x1)) + 1)))

    def forget_cache(self) -> None:
        """Let go of the map (up to a few MB for a large image): the next draw finds it again."""
        self._map_key, self._map = None, None

    def _colours(self):
        """The image's pixels as opaque 8-bit RGBA, or None."""
        data = self._A
        if data is None or (data.ndim == 3 and (data.dtype != np.uint8 or data.shape[2] != 4)):
            return None
        colours = data if data.ndim == 3 else self.to_rgba(data, bytes=True)
        return colours if np.all(colours[..., 3] == 255) else None

    def draw(self, renderer):
        colours = self._colours() if isinstance(renderer, RendererAgg) and self.get_visible() else None
        if colours is None:
            return super().draw(renderer)
        key = self._layout(renderer)
        if key != self._map_key:
            self._map_key, self._map = key, self._find_map(renderer)
        if self._map is None:
            return super().draw(renderer)
        screen = np.asarray(renderer.buffer_rgba()).view(np.uint32)[..., 0]
        colours = np.ascontiguousarray(colours).view(np.uint32)[..., 0]         # one uint32 per pixel
        if len(self._map) == 3:                                               # a block: rows, then columns
            block, rows, columns = self._map
            screen[block] = colours.take(rows, axis=0).take(columns, axis=1)
        else:
            pixels, source = self._map
            screen.reshape(-1)[pixels] = colours.reshape(-1)[source]
        self.stale = False


def _block_map(pixels, source, screen_shape, width):
    """``(block, rows, columns)``: the screen's ``block`` (two slices) shows ``image[rows][:, columns]``, if the
    map of screen pixels (flat indices, in order) to image pixels (flat indices) is such a block; else None."""
    if pixels.size == 0:                                      # nothing covered (e.g. savefig's first, tight-box draw)
        return None
    screen_rows, screen_columns = np.unravel_index(pixels[[0, -1]], screen_shape)
    height, across = screen_rows[1] - screen_rows[0] + 1, screen_columns[1] - screen_columns[0] + 1
    if pixels.size != height * across or across <= 0:
        return None
    block = (slice(screen_rows[0], screen_rows[1] + 1), slice(screen_columns[0], screen_columns[1] + 1))
    if not np.array_equal(pixels, np.ravel_multi_index(np.mgrid[block], screen_shape).ravel()):
        return None
    rows, columns = np.divmod(source.reshape(height, across), width)
    if not (np.all(rows == rows[:, :1]) and np.all(columns == columns[:1])):
        return None
    return block, rows[:, 0].copy(), columns[0].copy()           # copies: a view would keep every pixel's numbers


@checked(ax=AXES, xlim=limits, ylim=limits)
def plot_shading(ax, values, xlim, ylim, **kwargs):
    """``ax.imshow(values, origin="lower", interpolation="nearest", extent=(*xlim, *ylim), **kwargs)``, filling
    the box, drawn fast where a widget updates it with ``set_data`` (a copy of pixels by a map found once per
    layout rather than a resampling on every draw, to the same pixels); returns the ``AxesImage``."""
    values = np.asarray(values)                               # as it is: 8-bit RGBA stays 8-bit
    if values.ndim not in (2, 3) or values.size == 0 or values.dtype.kind not in "uif":
        raise ValueError(f"values must be a 2-D array of numbers, or an RGB(A) image of shape (rows, columns, 3 or "
                         f"4); got shape {values.shape} of {values.dtype}.")
    options = {"origin": "lower", "extent": (*xlim, *ylim), "zorder": 0, **kwargs}
    aspect, vmin, vmax = (options.pop(name, None) for name in ("aspect", "vmin", "vmax"))
    image = _NearestImage(ax, **options)
    image.set_data(values)
    if vmin is not None or vmax is not None:
        image.set_clim(vmin, vmax)
    ax.add_image(image)
    image.set_extent(options["extent"])
    if aspect is not None:
        ax.set_aspect(aspect)
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    return image


@checked(mean=array(ndim=1, min_size=2), covariance=covariances(), radius=positive, n_points=count(low=2))
def ellipse_points(mean, covariance, radius: float = 1.0, n_points: int = 91) -> np.ndarray:
    """The closed curve of points at Mahalanobis distance ``radius`` from ``mean`` (an ellipse in 2-D).

    Drawn for the Gaussian classes of notebooks 06 and 07 (``radius = 2`` encloses
    most of a class).

    ``x = mu + radius * L (cos s, sin s)`` with ``Sigma = L L^T``, since then
    ``(x - mu)^T Sigma^{-1} (x - mu) = radius^2``.

    Returns
    -------
    ndarray of shape (n_points, 2)
        The first point repeated at the end.
    """
    angles = np.linspace(0, 2 * np.pi, n_points)
    circle = np.stack([np.cos(angles), np.sin(angles)])
    if mean.shape != (2,):
        raise ValueError(f"mean must be a point of the plane, shape (2,); got shape {mean.shape}.")
    return mean + radius * (np.linalg.cholesky(covariance) @ circle).T


@checked(xs=curve(), ys=curve(), values=array(ndim=2, like="ys"), level=NUMBER)
def contour_lines(xs, ys, values, level: float = 0.0) -> list[np.ndarray]:
    """Where ``values`` (on the grid ``xs`` x ``ys``) crosses ``level``, as polylines of two or more points.

    Marching squares with linear interpolation between cells (contourpy, which
    matplotlib's ``contour`` uses) without drawing a contour set, so a widget can
    move existing lines. ``values[i, j]`` is the value at ``(xs[j], ys[i])``.
    """
    x, y = _mesh(xs.tobytes(), ys.tobytes())
    return [line for line in _contour_generator(x, y, values).lines(level) if len(line) > 1]


def _contour_generator(x, y, z):
    """contourpy's serial generator of finite values ``z`` on the mesh ``x, y``, as ``contourpy.contour_generator``
    makes it with its defaults, without the ~0.3 ms of its wrapper (a masked copy of ``z``, a new mesh)."""
    return contourpy.SerialContourGenerator(x, y, z, None, corner_mask=True, line_type=contourpy.LineType.Separate,
                                            fill_type=contourpy.FillType.OuterOffset, quad_as_tri=False,
                                            z_interp=contourpy.ZInterp.Linear)


@functools.lru_cache(maxsize=8)
def _mesh(xs: bytes, ys: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The mesh of the grid axes ``xs`` and ``ys`` (their float64 bytes), kept for the next contour on that grid."""
    x, y = np.meshgrid(np.frombuffer(xs), np.frombuffer(ys))
    x.flags.writeable = y.flags.writeable = False
    return x, y


@checked(X=points(2), pad=positive)
def padded_limits(X, pad: float = 0.1) -> tuple:
    """Axis limits around 2-D data with a margin of ``pad`` times the range."""
    X = np.asarray(X, dtype=float)
    low, high = X.min(axis=0), X.max(axis=0)
    with np.errstate(over="ignore"):                      # X is within LARGEST_COORDINATE: only a huge pad overflows
        margin = pad * np.maximum(high - low, 1e-9)
        limits = (low[0] - margin[0], high[0] + margin[0]), (low[1] - margin[1], high[1] + margin[1])
    largest = float(np.max(np.abs(limits)))
    if not largest <= LARGEST_LIMIT:
        raise ValueError(f"pad = {pad:g} puts the axis limits at {largest:.3g}, beyond the {LARGEST_LIMIT:g} matplotlib "
                         "can lay out; use a smaller pad.")
    return limits
