"""Drawings of notebook 05: chords of convex functions, loss surfaces with optimiser paths, the
quadratic model Newton's step minimises, and errors falling step by step."""

from __future__ import annotations

import math

import numpy as np

from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from ._checks import (AXES, AXIS, FUNCTION, NUMBER, array, checked, count, curve, limits, mapping, option, points,
                      record, results, unit_interval)
from .._validation import MAX_ITERATIONS
from ._style import LINESTYLES, PALETTE, _light
from .geometry import grid_points
from .mle import power_of_ten

#: How each optimiser is drawn, in every figure and widget of notebook 05.
METHOD_STYLES = {
    "gd": {"color": PALETTE[0], "marker": "o", "linestyle": LINESTYLES[0], "label": "gradient descent"},
    "newton": {"color": PALETTE[1], "marker": "s", "linestyle": LINESTYLES[1], "label": "Newton"},
    "lbfgs": {"color": PALETTE[2], "marker": "^", "linestyle": LINESTYLES[3], "label": "L-BFGS"},
}
#: The quadratic model and Newton's target, drawn in the colour of Newton's path.
MODEL_COLOR = _light(PALETTE[1], 0.35)
#: The smallest error a log-scale plot shows: an exact 0 is drawn here instead of vanishing.
ERROR_FLOOR = 1e-16


@checked(ax=AXES, f=FUNCTION, a=NUMBER, b=NUMBER, theta=unit_interval, x=curve())
def plot_chord(ax, f, a: float, b: float, theta: float, x=None) -> dict:
    """Draw ``f`` with the chord from ``(a, f(a))`` to ``(b, f(b))`` and the gap at ``theta``.

    The point ``x_theta = theta a + (1 - theta) b`` is marked on the graph and
    on the chord, joined by a vertical segment: its length is
    :func:`lecture_utils.optimization.chord_gap`, ``>= 0`` for a convex ``f``.

    Parameters
    ----------
    ax : matplotlib Axes
    f : callable
        Vectorised ``f(x)``.
    a, b, theta : float
    x : array, optional
        Where to draw ``f`` (by default a little beyond ``[a, b]``).

    Returns
    -------
    dict of artists: ``"graph"``, ``"chord"``, ``"gap"``.
    """
    low, high = min(a, b), max(a, b)
    x = np.linspace(low - 0.3 * (high - low), high + 0.3 * (high - low), 301) if x is None else np.asarray(x)
    mixed = theta * a + (1 - theta) * b
    f_a, f_b, f_mixed = (float(results(f, "f", point, ())) for point in (a, b, mixed))
    on_chord = theta * f_a + (1 - theta) * f_b
    graph, = ax.plot(x, results(f, "f", x, x.shape), color=PALETTE[0], label="$f$")
    chord, = ax.plot([a, b], [f_a, f_b], color=PALETTE[1], linestyle="--", marker="o", label="chord")
    gap, = ax.plot([mixed, mixed], [f_mixed, on_chord], color=PALETTE[2], marker="_", markersize=12,
                   label="gap at $\\theta$")
    return {"graph": graph, "chord": chord, "gap": gap}


@checked(loss=FUNCTION, xlim=limits, ylim=limits, resolution=count(low=2, cells=2))
def loss_on_grid(loss, xlim, ylim, resolution: int = 80) -> np.ndarray:
    """``loss(w)`` at the centres of a ``resolution x resolution`` grid over a box, shape (resolution, resolution).

    Row ``i`` holds the ``i``-th value of the second weight, as ``imshow(origin="lower")`` expects.
    ``loss`` is called once per cell, at most :data:`~lecture_utils._validation.MAX_ITERATIONS` times
    (``resolution <= 1000``): a Python call per cell, a minute at most for a loss of tens of microseconds.
    """
    if resolution ** 2 > MAX_ITERATIONS:
        raise ValueError(f"resolution = {resolution} asks for {resolution ** 2:.3g} calls of loss, one per cell of the "
                         f"grid, more than the {MAX_ITERATIONS:.0e} made in one drawing (they would take minutes to "
                         f"hours); use resolution <= {math.isqrt(MAX_ITERATIONS)}.")
    points = grid_points(xlim, ylim, resolution)
    return np.array([results(loss, "loss", w, ()) for w in points]).reshape(resolution, resolution)


@checked(ax=AXES, values=array(ndim=2, finite=False), xlim=limits, ylim=limits, minimum=NUMBER, n_levels=count())
def plot_loss_surface(ax, values, xlim, ylim, minimum=None, n_levels: int = 12) -> tuple:
    """Shade a loss surface over two weights and draw its contour lines, closer together near the minimum.

    The shade is ``log(E - E_min)``, so the floor of a long, flat valley still
    shows its shape; the contour levels are spaced the same way.

    Parameters
    ----------
    values : array of shape (n, n)
        From :func:`loss_on_grid`.
    xlim, ylim : (float, float)
    minimum : float, optional
        ``E(w*)``; by default the smallest value on the grid.

    Returns
    -------
    image : AxesImage
    contours : QuadContourSet
    """
    floor = np.min(values) if minimum is None else minimum
    excess = np.log10(np.maximum(values - floor, 1e-12) + 1e-3 * (np.max(values) - floor))
    image = ax.imshow(excess, origin="lower", extent=(*xlim, *ylim), aspect="auto", cmap="cividis",
                      interpolation="bilinear", alpha=0.55, zorder=0)
    n = values.shape[0]
    xs = np.linspace(*xlim, n + 1)
    ys = np.linspace(*ylim, n + 1)
    centres = ((xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2)
    levels = np.linspace(np.min(excess), np.max(excess), n_levels + 2)[1:-1]
    contours = ax.contour(*centres, excess, levels=levels, colors="grey", linewidths=0.7, linestyles="solid",
                          zorder=1)
    ax.set(xlim=xlim, ylim=ylim)
    ax.grid(False)
    return image, contours


@checked(ax=AXES, weights=points(2, min_size=0), method=option("gd", "newton", "lbfgs"))
def plot_path(ax, weights, method: str, **kwargs):
    """Draw an optimiser's path ``w_0, w_1, ...`` over two weights (``weights`` of shape (n, 2))."""
    style = {**METHOD_STYLES[method], "markersize": 4, "linewidth": 1.5, "zorder": 4, **kwargs}
    line, = ax.plot(*np.asarray(weights, dtype=float).reshape(-1, 2).T, **style)
    return line


@checked(model=record("hessian", "newton_point", "positive_definite"), level=NUMBER, n_points=count(low=2))
def model_ellipse(model, level: float, n_points: int = 90) -> np.ndarray:
    """The points where a 2-D quadratic model equals its minimum plus ``level``: an ellipse around Newton's target.

    With ``H = Q Lambda Q^T`` and ``w = w_N + sqrt(2 level) Q Lambda^{-1/2} u`` for
    unit vectors ``u``, ``m(w) - min m = 1/2 (w - w_N)^T H (w - w_N) = level``.

    Parameters
    ----------
    model : lecture_utils.optimization.QuadraticModel
        Of two weights, with a positive definite Hessian.
    level : float
        Height above the model's minimum, ``>= 0``.

    Returns
    -------
    ndarray of shape (n_points, 2); all nan if the model has no minimum.
    """
    if np.shape(model.hessian) != (2, 2):
        raise ValueError(f"model must be a quadratic model of two weights, to be drawn; got a Hessian of shape "
                         f"{np.shape(model.hessian)}.")
    if not model.positive_definite or not level >= 0:
        return np.full((n_points, 2), np.nan)
    return _level_ellipses(model.newton_point, model.hessian, [level], n_points)[0]


def _level_ellipses(centre, hessian, levels, n_points: int = 90) -> list:
    """The ellipses ``1/2 (w - centre)^T H (w - centre) = level``, one per level, from one eigendecomposition of ``H``.

    Unchecked, for a caller whose arguments are known good (a widget drawing
    the levels of one model at every update): ``H`` of shape (2, 2) positive
    definite, each level ``>= 0``. :func:`model_ellipse` is the checked way.

    Returns
    -------
    list of ndarray of shape (n_points, 2)
    """
    eigenvalues, Q = np.linalg.eigh(hessian)
    angles = np.linspace(0, 2 * np.pi, n_points)
    unit = np.column_stack([np.cos(angles), np.sin(angles)]) / np.sqrt(eigenvalues)
    return [centre + np.sqrt(2 * level) * unit @ Q.T for level in levels]


@checked(ax=AXES, errors=mapping(array(ndim=1, min_size=1), keys=METHOD_STYLES), steps=count())
def plot_errors(ax, errors: dict, steps=None) -> dict:
    """Draw ``||w_k - w*||`` against the step ``k`` on a log scale, one line per method.

    Parameters
    ----------
    ax : matplotlib Axes
    errors : dict
        Method (``"gd"`` or ``"newton"``) -> errors ``e_0, e_1, ...``; an exact
        0 is drawn at :data:`ERROR_FLOOR`.
    steps : int, optional
        Width of the x-axis (by default the longest run).

    Returns
    -------
    dict of Line2D, by method.
    """
    lines = {}
    for method, values in errors.items():
        values = np.maximum(np.asarray(values, dtype=float), ERROR_FLOOR)
        lines[method], = ax.plot(np.arange(values.size), values, **{**METHOD_STYLES[method], "markersize": 4})
    longest = max((np.size(values) for values in errors.values()), default=1) - 1
    ax.set(yscale="log", xlabel="step $k$", ylabel=r"error $\|\mathbf{w}_k - \mathbf{w}_*\|$",
           xlim=(-0.5, (steps if steps is not None else longest) + 0.5))
    label_decades(ax.yaxis)
    return lines


@checked(axis=AXIS, every=count())
def label_decades(axis, every: int = 3) -> None:
    """Label a log axis at every ``every``-th power of ten, as plain text ``10\u207b\u2076``.

    Mathtext labels cost milliseconds each to lay out; a widget's log axis redrawn often
    pays for that at every new layout.
    """
    axis.set_major_locator(LogLocator(base=10.0 ** every, numticks=12))
    axis.set_minor_locator(LogLocator(base=10.0, subs=(1.0,), numticks=40))
    axis.set_minor_formatter(NullFormatter())
    axis.set_major_formatter(FuncFormatter(lambda value, _: power_of_ten(round(np.log10(value)))))


@checked(ax_f=AXES, ax_derivative=AXES, function=record("f", "derivative", "second_derivative"), x=curve())
def plot_scalar_function(ax_f, ax_derivative, function, x) -> tuple:
    """Draw ``f`` on one axes and ``f'`` (with the line ``f' = 0``) on the other, for the 1-D Newton pictures.

    Parameters
    ----------
    ax_f, ax_derivative : matplotlib Axes
    function : lecture_utils.optimization.ScalarFunction
    x : array of shape (n_points,)

    Returns
    -------
    (Line2D, Line2D, Line2D)
        The curves of ``f`` and ``f'``, to ``set_ydata`` for another function, and the line ``f' = 0``.
    """
    f_curve, = ax_f.plot(x, function.f(x), color=PALETTE[0])
    ax_f.set(xlabel="$x$", ylabel="$f(x)$", xlim=(x[0], x[-1]))
    derivative_curve, = ax_derivative.plot(x, function.derivative(x), color=PALETTE[0])
    zero = ax_derivative.axhline(0, color="black", linewidth=0.8)
    ax_derivative.set(xlabel="$x$", ylabel="$f'(x)$", xlim=(x[0], x[-1]))
    return f_curve, derivative_curve, zero
