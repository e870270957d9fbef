"""Drawings of notebook 04: loss surfaces with an optimiser's path, loss curves, coefficients."""

from __future__ import annotations

import numpy as np

from ._checks import AXES, TEXT, array, checked, count, curve, labels, names, points, positive
from ._style import MARKERS, PALETTE, class_style

#: How the optimum is marked on every loss surface of notebook 04.
OPTIMUM_STYLE = {"marker": "*", "markersize": 15, "color": PALETTE[4], "markeredgecolor": "black",
                 "linestyle": "none", "zorder": 6}
#: How an optimiser's path is drawn: its steps as dots joined by a line.
PATH_STYLE = {"color": PALETTE[1], "marker": "o", "markersize": 3.5, "linewidth": 1.3, "zorder": 4}


@checked(gap_min=positive, gap_max=positive, per_decade=count())
def gap_levels(gap_min: float, gap_max: float, per_decade: int = 2) -> np.ndarray:
    """Contour levels of ``E(w) - E(w*)`` spaced evenly in log scale, from ``gap_min`` to ``gap_max``.

    A loss surface has a flat bottom and steep walls: levels evenly spaced
    in ``log(E - E*)`` show both, where evenly spaced levels of ``E`` crowd on the walls.
    """
    if gap_min > gap_max:
        raise ValueError(f"gap_min must not exceed gap_max; got {gap_min:g} > {gap_max:g}.")
    low, high = np.floor(np.log10(gap_min) * per_decade), np.ceil(np.log10(gap_max) * per_decade)
    return 10.0 ** (np.arange(low, high + 1) / per_decade)


@checked(a=array(ndim=1, min_size=2), b=array(ndim=1, min_size=2), margin=positive, smallest=positive)
def square_view(a, b, margin=0.15, smallest=1.0) -> tuple:
    """Square axis limits around two points of the plane, e.g. the start and the optimum of a descent.

    The square is centred between them, and its half-width is ``1/2 + margin``
    times their larger coordinate distance (at least ``smallest``).

    Returns
    -------
    ((x0, x1), (y0, y1))
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    centre, half = (a + b) / 2, max((0.5 + margin) * np.abs(b - a).max(), smallest)
    return (centre[0] - half, centre[0] + half), (centre[1] - half, centre[1] + half)


@checked(ax=AXES, w1=curve(), w2=curve(), gap=array(ndim=2, like="w2"),
         optimum=array(ndim=1, min_size=2), labels=names())
def plot_loss_contours(ax, w1, w2, gap, optimum, levels=None, labels=("$w_1$", "$w_2$")):
    """Contour lines of a loss surface over two weights, as its excess ``E(w) - E(w*)`` over the optimum.

    Parameters
    ----------
    ax : matplotlib Axes
    w1, w2 : ndarray of shape (n1,) and (n2,)
        The grid's axes.
    gap : ndarray of shape (n2, n1)
        ``E(w) - E(w*)`` on the grid (from :func:`lecture_utils.logistic.loss_surface`, minus the minimum).
    optimum : sequence of 2 floats
        ``w*``, marked with a star.
    levels : array-like, optional
        By default :func:`gap_levels` over the range of ``gap``.
    labels : two str
        Axis labels.

    Returns
    -------
    contours : QuadContourSet
    star : Line2D
    """
    gap = np.maximum(gap, 1e-300)
    levels = gap_levels(max(gap.min(), 1e-4), gap.max()) if levels is None else levels
    contours = ax.contour(w1, w2, gap, levels=levels, colors="grey", linewidths=0.8, alpha=0.8)
    star, = ax.plot([optimum[0]], [optimum[1]], **OPTIMUM_STYLE)
    ax.set(xlabel=labels[0], ylabel=labels[1], xlim=(w1[0], w1[-1]), ylim=(w2[0], w2[-1]), aspect="equal")
    ax.grid(False)
    return contours, star


@checked(ax=AXES, weights=points(2, min_size=0))
def plot_descent_path(ax, weights, **kwargs):
    """Draw an optimiser's path ``w_0, w_1, ...`` over two weights; returns the Line2D (``set_data`` it)."""
    weights = np.asarray(weights, dtype=float)
    line, = ax.plot(weights[:, 0], weights[:, 1], **{**PATH_STYLE, **kwargs})
    return line


@checked(ax=AXES, gap=array(ndim=1, min_size=0, finite=False), label=TEXT)
def plot_loss_gap(ax, gap, label=None, **kwargs):
    """Draw ``E(w_k) - E(w*)`` against the step ``k`` on a log scale; returns the Line2D."""
    gap = np.asarray(gap, dtype=float)
    line, = ax.semilogy(np.arange(len(gap)), gap, label=label, **kwargs)
    ax.set(xlabel="step $k$", ylabel=r"$E(\mathbf{w}_k) - E(\mathbf{w}^*)$")
    return line


@checked(ax=AXES, x=array(ndim=1), t=labels(like="x"), jitter=positive)
def plot_binary_targets(ax, x, t, jitter=0.04, random_state=0) -> list:
    """One input against its 0/1 target, each class with its own colour and marker, jittered vertically.

    Returns
    -------
    list of two PathCollection
    """
    x, t = np.asarray(x, dtype=float), np.asarray(t)
    offsets = np.random.default_rng(random_state).uniform(-jitter, jitter, size=len(x))
    points = [ax.scatter(x[t == k], k + offsets[t == k], s=28, zorder=3, label=f"t = {k}",
                         edgecolors="white", linewidths=0.5, **class_style(k)) for k in (0, 1)]
    ax.set(ylabel="$t$ and $p(t = 1 \\mid x)$", ylim=(-0.12, 1.12))
    return points


@checked(ax=AXES, names=names(), coef=array(ndim=1, like="names"))
def plot_coefficients(ax, names, coef, rotation=90, **kwargs):
    """Bars of the coefficients ``w_j``, one per feature, with a line at 0; returns the BarContainer.

    The feature names label the bars, turned by ``rotation`` degrees. Update the
    heights with ``bar.set_height`` for each bar of the container.
    """
    positions = np.arange(len(names))
    bars = ax.bar(positions, coef, color=PALETTE[0], width=0.7, zorder=3, **kwargs)
    ax.axhline(0, color="black", linewidth=0.8)
    slanted = 0 < rotation < 90                                    # anchored at the right end, under its bar
    ax.set_xticks(positions, names, rotation=rotation, ha="right" if slanted else "center",
                  rotation_mode="anchor" if slanted else "default")
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.grid(axis="x", visible=False)
    return bars


@checked(ax=AXES, lambdas=array(ndim=1), coef=array(ndim=2, like="lambdas"),
         names=names(like="coef", axis=1))
def plot_regularization_path(ax, lambdas, coef, names=None, highlight=()):
    """The coefficients against the penalty strength ``lambda`` (log scale), one line per feature.

    Parameters
    ----------
    ax : matplotlib Axes
    lambdas : ndarray of shape (n_lambdas,)
    coef : ndarray of shape (n_lambdas, D)
    names : sequence of D str, optional
        Labels of the features listed in ``highlight``.
    highlight : sequence of int
        Features drawn in colour (with their names at the left end), the others in grey.

    Returns
    -------
    list of Line2D
    """
    if not all(isinstance(j, (int, np.integer)) and 0 <= j < coef.shape[1] for j in highlight):
        raise ValueError(f"highlight must list features 0..{coef.shape[1] - 1} of coef; got {list(highlight)!r}.")
    order = np.argsort(lambdas)
    lambdas, coef = np.asarray(lambdas)[order], np.asarray(coef)[order]
    lines = []
    for j in range(coef.shape[1]):
        if j in highlight:
            k = list(highlight).index(j)
            style = {"color": PALETTE[k % len(PALETTE)], "linewidth": 2, "zorder": 3,
                     "marker": MARKERS[k % len(MARKERS)], "markevery": [0], "markersize": 6}
        else:
            style = {"color": "grey", "linewidth": 0.8, "alpha": 0.6, "zorder": 2}
        lines.append(ax.semilogx(lambdas, coef[:, j], label=None if names is None else names[j], **style)[0])
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set(xlabel=r"penalty strength $\lambda$", ylabel="coefficient $w_j$")
    return lines
