"""Drawings of notebook 07: Naive Bayes' factors, Gaussian ellipses, posteriors, calibration and learning curves."""

from __future__ import annotations

import numpy as np
from matplotlib import transforms
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.ticker import NullFormatter

from ._checks import (AXES, FLAG, INDEX, NUMBER, array, checked, count, covariances, curve, labels, mapping, names,
                      points, positive, record, unit_interval)
from ._style import LINESTYLES, PALETTE, _light, class_style
from .geometry import contour_lines, ellipse_points

@checked(k=INDEX)
def bar_style(k: int) -> dict:
    """Fill and edge of the bars of the ``k``-th class: its colour, solid for even ``k`` and light for odd
    ``k`` (with an edge in the full colour), so that neighbouring classes differ in greyscale too.
    (Hatching would do as well, but costs a widget a millisecond per bar.)"""
    color = PALETTE[k % len(PALETTE)]
    return {"color": _light(color, 0.5) if k % 2 else color, "edgecolor": color if k % 2 else "black",
            "linewidth": 1.6 if k % 2 else 0.8}


@checked(ax=AXES, n_groups=count(), class_names=names(), width=positive, value_labels=FLAG)
def plot_class_bars(ax, n_groups: int, class_names, width: float = 0.8, value_labels: bool = True) -> tuple:
    """Side-by-side bars, one per class in each of ``n_groups`` groups, all of height 0 to start with.

    Parameters
    ----------
    ax : matplotlib Axes
    n_groups : int
        The groups sit at x = 0, 1, ..., n_groups - 1.
    class_names : sequence of str
        One bar per class in each group, labelled for a legend.
    width : float
        The width of a group's bars together.
    value_labels : bool
        Whether to add an (empty) text above each bar, for its value.

    Returns
    -------
    bars : list of BarContainer, one per class
        Set each height with ``bars[k][g].set_height(...)``.
    labels : list of lists of Text, ``labels[k][g]``, or None
        2 points above the top of each bar once moved there with ``set_y``; fill with ``set_text``.
    """
    n_classes = len(class_names)
    step = width / n_classes
    groups = np.arange(n_groups)
    above = transforms.offset_copy(ax.transData, ax.figure, y=2, units="points")
    bars, labels = [], []
    for k, name in enumerate(class_names):
        x = groups - width / 2 + (k + 0.5) * step
        bars.append(ax.bar(x, np.zeros(n_groups), width=step * 0.92, label=name, **bar_style(k)))
        if value_labels:
            labels.append([ax.text(xk, 0.0, "", transform=above, ha="center", va="bottom", fontsize="small")
                           for xk in x])
    ax.set_xticks(groups)
    ax.grid(axis="x", visible=False)
    return bars, (labels if value_labels else None)


@checked(ax=AXES, means=points(2), covariances=covariances(like="means"), n_std=positive)
def plot_covariance_ellipses(ax, means, covariances, n_std: float = 2.0, linestyle="-", **kwargs) -> list:
    """Draw each class's ``n_std``-standard-deviation ellipse in its colour (the 2-D Gaussians of a model).

    Parameters
    ----------
    means : array-like of shape (K, 2)
    covariances : array-like of shape (K, 2, 2)

    Returns
    -------
    list of Line2D, one per class
        Move one with ``line.set_data(*ellipse_points(mean, covariance, n_std).T)``.
    """
    return [ax.plot(*ellipse_points(mean, covariance, n_std).T, color=class_style(k)["color"], linestyle=linestyle,
                    linewidth=1.6, **kwargs)[0]
            for k, (mean, covariance) in enumerate(zip(means, covariances))]


@checked(xs=curve(), ys=curve(), values=array(ndim=2, like="ys"), level=NUMBER)
def level_curve(xs, ys, values, level: float = 0.0) -> np.ndarray:
    """The curve where ``values`` (on the grid ``xs`` x ``ys``) crosses ``level``, as one polyline.

    A decision boundary ``g_1(x) - g_0(x) = 0`` of any model (the pieces of
    :func:`~lecture_utils.plotting.contour_lines`), as one line a widget moves with ``set_data``.

    Parameters
    ----------
    xs : array of shape (n_x,)
    ys : array of shape (n_y,)
    values : array of shape (n_y, n_x)
        ``values[i, j]`` at ``(xs[j], ys[i])``.

    Returns
    -------
    ndarray of shape (n_points, 2)
        The pieces of the curve, separated by rows of nan; shape (1, 2) of nan if there is none.
    """
    pieces = contour_lines(xs, ys, values, level)
    if not pieces:
        return np.full((1, 2), np.nan)
    separated = [part for piece in pieces for part in (piece, np.full((1, 2), np.nan))]
    return np.concatenate(separated[:-1])


@checked(n_steps=count(low=2))
def posterior_colormap(n_steps: int = 256) -> LinearSegmentedColormap:
    """From class 0's colour (``p(C_1 | x) = 0``) through white (1/2) to class 1's colour (1), lightened."""
    return LinearSegmentedColormap.from_list("posterior", [_light(PALETTE[0], 0.35), (1, 1, 1),
                                                           _light(PALETTE[1], 0.35)], N=n_steps)


@checked(ax=AXES, curves=mapping(record("predicted", "observed", "counts")), sizes=FLAG)
def plot_reliability(ax, curves: dict, sizes: bool = True) -> list:
    """A reliability diagram: the observed frequency of class 1 against the predicted probability.

    A calibrated model lies on the diagonal; an over-confident one below it on
    the right and above it on the left (its probabilities are too extreme).

    Parameters
    ----------
    curves : dict
        Name -> :class:`lecture_utils.model_selection.CalibrationCurve`.
    sizes : bool
        Scale each marker's area with the number of examples in its bin.

    Returns
    -------
    list of Line2D, one per curve (the markers are a separate scatter when ``sizes``)
    """
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1.2, label="calibrated")
    lines = []
    for k, (name, curve) in enumerate(curves.items()):
        style = class_style(k + 2)                         # colours of their own, not the classes'
        lines.append(ax.plot(curve.predicted, curve.observed, color=style["color"], marker=style["marker"],
                             linestyle=LINESTYLES[k % len(LINESTYLES)], label=name,
                             markersize=0 if sizes else 6, clip_on=False)[0])
        if sizes:
            area = 300 * curve.counts / curve.counts.sum()
            ax.scatter(curve.predicted, curve.observed, s=np.maximum(area, 12), color=style["color"],
                       marker=style["marker"], edgecolors="white", linewidths=0.5, zorder=3, clip_on=False)
    ax.set(xlim=(0, 1), ylim=(0, 1), aspect="equal", xlabel="predicted probability of class 1",
           ylabel="observed fraction of class 1")
    return lines


@checked(ax=AXES, log_odds=mapping(array(ndim=1, finite=False, like="t")), t=labels(), class_names=names(),
         limit=positive, sure=unit_interval)
def plot_log_odds(ax, log_odds: dict, t, class_names, limit: float = 60.0, sure: float = 0.999) -> list:
    """Each model's log-odds ``log p(C_1 | x) / p(C_0 | x)`` of each example, one row of points per model
    (the first model on top).

    The points are spread a little up and down (deterministically) so that
    they do not hide each other, and marked by their true class; values
    beyond ``+-limit`` are drawn at the limit. The grey band is where the
    model is less than ``sure`` certain: ``|log-odds| < log(sure / (1 - sure))``.

    Parameters
    ----------
    log_odds : dict
        Name -> array of shape (N,).
    t : array of shape (N,)
        True classes in {0, 1}.
    class_names : (str, str)

    Returns
    -------
    list of PathCollection, one per (model, class)
    """
    t = np.asarray(t)
    band = np.log(sure / (1 - sure))
    ax.axvspan(-band, band, color="0.9", zorder=0, label=f"less than {sure:.1%} sure")
    ax.axvline(0, color="black", linewidth=1)
    points = []
    for row, values in enumerate(log_odds.values()):
        spread = 0.6 * ((np.arange(len(values)) * 0.6180339887) % 1 - 0.5)       # golden-ratio offsets
        for k, name in enumerate(class_names):
            chosen = t == k
            points.append(ax.scatter(np.clip(values[chosen], -limit, limit), row + spread[chosen], s=16,
                                     label=name if row == 0 else None, edgecolors="white", linewidths=0.3,
                                     zorder=3, **class_style(k)))
    ax.set(yticks=range(len(log_odds)), xlim=(-1.05 * limit, 1.05 * limit), ylim=(-0.5, len(log_odds) - 0.5))
    ax.set_yticklabels(list(log_odds))
    ax.invert_yaxis()
    ax.grid(axis="y", visible=False)
    return points


@checked(ax=AXES, curves=mapping(record("train_sizes", "errors")))
def plot_learning_curves(ax, curves: dict) -> list:
    """Mean test error against training-set size, with a band of one standard error, on a log x-axis.

    Parameters
    ----------
    curves : dict
        Name -> :class:`lecture_utils.model_selection.LearningCurve`.

    Returns
    -------
    list of Line2D, one per curve
    """
    lines = []
    for k, (name, curve) in enumerate(curves.items()):
        style = class_style(k + 2)
        mean, error = curve.mean_error, curve.standard_error
        lines.append(ax.plot(curve.train_sizes, mean, color=style["color"], marker=style["marker"],
                             linestyle=LINESTYLES[k % len(LINESTYLES)], label=name)[0])
        ax.fill_between(curve.train_sizes, mean - error, mean + error, color=style["color"], alpha=0.2,
                        linewidth=0)
    sizes = next(iter(curves.values())).train_sizes
    ax.set_xscale("log")
    ax.set_xticks(sizes, [str(m) for m in sizes])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set(xlabel="training examples $N$ (log scale)", ylabel="test error")
    return lines

