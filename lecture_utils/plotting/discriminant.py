"""Drawings of notebook 06: Gaussian classes, posteriors, decision boundaries, error areas and loss curves.

Widgets redraw these fast: posteriors are shaded with ``imshow`` on a coarse
grid (an RGB image updated with ``set_data``), boundaries are line segments
(a ``LineCollection`` updated with ``set_segments``), ellipses are lines.
"""

from __future__ import annotations

import functools

import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.patches import Polygon

from ..logistic import softmax
from ._checks import (AXES, FLAG, TEXT, array, checked, count, covariances, curve, drawn, labels, limits, names,
                      option, points, segments, unit_interval)
from ._style import PALETTE, _light, class_style
from .geometry import contour_lines, ellipse_points, plot_shading
from .information import filled_area

#: How each decision rule's boundary is drawn: the true Bayes classifier solid, the fitted models broken.
BOUNDARY_STYLES = {
    "Bayes": {"color": "black", "linestyle": "-", "linewidth": 2.2},
    "LDA": {"color": PALETTE[4], "linestyle": (0, (5, 2)), "linewidth": 2.4},
    "QDA": {"color": PALETTE[3], "linestyle": (0, (1.2, 1.6)), "linewidth": 2.8},
    "RDA": {"color": "black", "linestyle": "-", "linewidth": 2.0},
}

#: :func:`~lecture_utils.plotting.ellipse_points` without its checks, for covariances checked already.
_ellipse_points = ellipse_points.__wrapped__


# --------------------------------------------------------------------------
# Geometry: ellipses and boundaries
# --------------------------------------------------------------------------


@checked(xlim=limits, ylim=limits, resolution=count(cells=2))
def grid_axes(xlim, ylim, resolution: int) -> tuple[np.ndarray, np.ndarray]:
    """The cell centres along each axis of :func:`~lecture_utils.plotting.grid_points`' grid."""
    return _grid_axes(xlim, ylim, resolution)


def _grid_axes(xlim, ylim, resolution: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`grid_axes` of arguments checked already."""
    xs, ys = np.linspace(*xlim, resolution + 1), np.linspace(*ylim, resolution + 1)
    return (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2


@checked(scores=array(finite=False), xlim=limits, ylim=limits)
def boundary_segments(scores, xlim, ylim) -> list[np.ndarray]:
    """The decision boundaries of discriminant scores on a grid, as polylines.

    Class ``k`` wins where ``f_k = g_k - max_{j != k} g_j > 0``, so the edge of
    its region is the zero contour of ``f_k`` (traced with linear
    interpolation between the cells by contourpy). The regions of classes
    ``0 .. K - 2`` touch every boundary, so their edges are all of them.

    Parameters
    ----------
    scores : array of shape (resolution**2, K), or (resolution**2,) for the log-odds of two classes
        ``g_k(x)`` at the points of ``grid_points(xlim, ylim, resolution)``, row by row.
    xlim, ylim : (float, float)

    Returns
    -------
    list of ndarray of shape (n_points, 2)
        For ``LineCollection.set_segments``.
    """
    return _boundary_segments(_as_class_scores(scores), xlim, ylim)


def _boundary_segments(scores: np.ndarray, xlim, ylim) -> list[np.ndarray]:
    """:func:`boundary_segments` of scores of shape (resolution**2, K) and limits checked already (a widget's own
    grid, scored by its own models)."""
    resolution = int(round(np.sqrt(scores.shape[0])))
    xs, ys = _grid_axes(xlim, ylim, resolution)
    segments = []
    for margin in _margins(scores, resolution):
        if margin.min() < 0 < margin.max():
            segments += contour_lines(xs, ys, margin)
    return segments


def _boundary_scores(model, grid) -> np.ndarray:
    """Scores of a fitted model on ``grid`` whose :func:`boundary_segments` are those of its log posteriors: its
    discriminants (``decision_function``). The posteriors' normaliser is common to every class, so it cancels
    from each margin ``g_k - g_j``: left out, it adds neither round-off nor work."""
    return _as_class_scores(model.decision_function(grid))


def _posteriors(scores) -> np.ndarray:
    """``p(C_k | x) = softmax_k g_k(x)`` of scores of shape (n, K), or of the log-odds of two classes, shape (n,)."""
    return softmax(_as_class_scores(scores), axis=1)


def _as_class_scores(scores) -> np.ndarray:
    """Scores of shape (n, K); the log-odds of two classes, shape (n,), as ``(0, g_1 - g_0)``."""
    scores = np.asarray(scores, dtype=float)
    return np.column_stack([np.zeros_like(scores), scores]) if scores.ndim == 1 else scores


def _margins(scores: np.ndarray, resolution: int):
    """``f_k = g_k - max_{j != k} g_j`` on the grid, shape (resolution, resolution), for ``k = 0 .. K - 2``."""
    columns = list(scores.T)
    for k in range(len(columns) - 1):
        others = np.maximum.reduce(columns[:k] + columns[k + 1:])           # column by column: faster than axis=1
        yield (columns[k] - others).reshape(resolution, resolution)


@checked(ax=AXES, segments=segments, style=option(*BOUNDARY_STYLES))
def plot_boundaries(ax, segments, style: str = "Bayes", **kwargs) -> LineCollection:
    """Draw boundary polylines (from :func:`boundary_segments`) in the style of ``style``."""
    options = {**BOUNDARY_STYLES[style], "zorder": 4, "capstyle": "round", **kwargs}
    lines = LineCollection(segments, colors=options.pop("color"), linestyles=options.pop("linestyle"),
                           linewidths=options.pop("linewidth"), **options)
    ax.add_collection(lines)
    return lines


# --------------------------------------------------------------------------
# Posterior shading
# --------------------------------------------------------------------------


@checked(n_classes=count(), amount=unit_interval)
def class_tints(n_classes: int, amount: float = 0.55) -> np.ndarray:
    """Light versions of the class colours as RGB rows, shape (K, 3), for mixing by posterior."""
    return _class_tints(n_classes, amount).copy()


@functools.lru_cache(maxsize=None)
def _class_tints(n_classes: int, amount: float) -> np.ndarray:
    """:func:`class_tints`, worked out once per ``(n_classes, amount)`` (read-only)."""
    tints = np.array([_light(class_style(k)["color"], amount) for k in range(n_classes)])
    tints.flags.writeable = False
    return tints


@checked(posteriors=array(ndim=2), resolution=count(cells=2), amount=unit_interval)
def posterior_image(posteriors, resolution: int, amount: float = 0.55) -> np.ndarray:
    """An RGBA image mixing the class tints by ``p(C_k | x)`` at each grid point, for ``imshow``.

    A point where one class is certain gets that class's tint; a point where
    two classes are equally likely gets the average of their tints, so the
    boundary shows as a blend and the certainty as saturation. The image is
    8-bit RGBA, which matplotlib draws three times faster than floats.

    Parameters
    ----------
    posteriors : array of shape (resolution**2, K)
        Rows sum to 1, row by row over the grid (origin at the bottom left).
    resolution : int

    Returns
    -------
    ndarray of uint8, shape (resolution, resolution, 4)
    """
    return _posterior_image(posteriors, resolution, amount)


def _posterior_image(posteriors: np.ndarray, resolution: int, amount: float = 0.55) -> np.ndarray:
    """:func:`posterior_image` of posteriors checked already (a widget's own, from its models' scores)."""
    image = np.full((posteriors.shape[0], 4), 255, dtype=np.uint8)
    image[:, :3] = np.clip(np.rint(255 * posteriors @ _class_tints(posteriors.shape[1], amount)), 0, 255)
    return image.reshape(resolution, resolution, 4)


@checked(ax=AXES, posteriors=array(ndim=2), xlim=limits, ylim=limits, resolution=count(cells=2))
def plot_posterior(ax, posteriors, xlim, ylim, resolution: int, **kwargs):
    """Shade a box by the posteriors (see :func:`posterior_image` and :func:`plot_shading`); returns the
    ``AxesImage`` to ``set_data``."""
    return plot_shading(ax, posterior_image(posteriors, resolution), xlim, ylim, **kwargs)


@checked(ax=AXES, means=points(2), covariances=covariances(like="means"), radii=array(ndim=1))
def plot_class_ellipses(ax, means, covariances, radii=(1.0, 2.0)) -> list[list]:
    """Draw the ellipses at Mahalanobis distances ``radii`` of each class and mark its mean.

    Returns
    -------
    list of K lists ``[mean_marker, ellipse_1, ellipse_2, ...]`` of Line2D
    """
    drawn = []
    for k, (mean, covariance) in enumerate(zip(means, covariances)):
        style = class_style(k)
        marker, = ax.plot(*mean, marker=style["marker"], color=style["color"], markersize=11,
                          markeredgecolor="black", linestyle="none", zorder=6)
        ellipses = [ax.plot(*ellipse_points(mean, covariance, radius).T, color=style["color"],
                            linewidth=1.6 if radius == radii[0] else 1.0, zorder=3)[0] for radius in radii]
        drawn.append([marker, *ellipses])
    return drawn


@checked(drawn=drawn(like="means"), means=points(2), covariances=covariances(like="means"), radii=array(ndim=1))
def move_class_ellipses(drawn, means, covariances, radii=(1.0, 2.0)) -> None:
    """Move the artists of :func:`plot_class_ellipses` to new means and covariances."""
    _move_class_ellipses(drawn, means, covariances, radii)


def _move_class_ellipses(drawn, means, covariances, radii=(1.0, 2.0)) -> None:
    """:func:`move_class_ellipses` of arguments checked already (a widget's classes, checked when set)."""
    for (marker, *ellipses), mean, covariance in zip(drawn, means, covariances):
        marker.set_data([mean[0]], [mean[1]])
        for line, radius in zip(ellipses, radii):
            line.set_data(*_ellipse_points(mean, covariance, radius).T)


# --------------------------------------------------------------------------
# One dimension: weighted densities, error areas and expected losses
# --------------------------------------------------------------------------


@checked(x=curve(), weighted_density=curve(like="x"), wrong=labels(like="x"))
def error_area(x, weighted_density, wrong) -> np.ndarray:
    """Corners of the area under ``p(C_k) p(x | C_k)`` where the decision is not ``k``, for ``Polygon.set_xy``."""
    return filled_area(x, np.where(wrong, weighted_density, 0.0))


@checked(ax=AXES, x=curve(), weighted=array(ndim=2, like="x", axis=1), decided=labels(like="x"),
         labels=names(like="weighted"))
def plot_error_areas(ax, x, weighted, decided, labels=None) -> tuple[list, list]:
    """Draw ``p(C_k) p(x | C_k)`` for each class and shade the part of it decided as another class.

    The shaded areas sum to the error rate of the rule ``decided``; weighted
    by the costs of the loss matrix, to its risk.

    Parameters
    ----------
    x : array of shape (n,)
    weighted : array of shape (K, n)
        ``p(C_k) p(x | C_k)``.
    decided : array of int, shape (n,)
        The decision at each ``x``.
    labels : sequence of K str, optional

    Returns
    -------
    curves : list of K Line2D
    areas : list of K Polygon
    """
    labels = labels if labels is not None else [f"class {k}" for k in range(len(weighted))]
    curves, areas = [], []
    for k, (density, label) in enumerate(zip(weighted, labels)):
        color = class_style(k)["color"]
        curves.append(ax.plot(x, density, color=color, label=label, zorder=3)[0])
        area = Polygon(error_area(x, density, decided != k), closed=True, facecolor=_light(color, 0.45),
                       edgecolor="none", hatch="///" if k else "\\\\\\", zorder=2)
        areas.append(ax.add_patch(area))
    ax.set(xlabel="$x$", ylabel=r"$p(C_k)\,p(x \mid C_k)$")
    ax.set_xlim(x[0], x[-1])
    return curves, areas


@checked(ax=AXES, x=curve(), risks=array(ndim=2, like="x"), labels=names(like="risks", axis=1))
def plot_expected_losses(ax, x, risks, labels) -> tuple[list, object]:
    """Draw the expected loss ``R(a | x)`` of each decision against ``x``, and their minimum, the Bayes rule's.

    Parameters
    ----------
    risks : array of shape (n, n_decisions)
        From :func:`lecture_utils.decision.expected_loss`.
    labels : sequence of str
        The decisions' names.

    Returns
    -------
    curves : list of Line2D, one per decision
    envelope : Line2D
        ``min_a R(a | x)``.
    """
    risks = np.asarray(risks, dtype=float)
    curves = [ax.plot(x, risks[:, a], color=class_style(a)["color"], linewidth=1.6, label=f"decide {label}",
                      zorder=3)[0] for a, label in enumerate(labels)]
    envelope, = ax.plot(x, risks.min(axis=1), color="black", linewidth=3.2, alpha=0.35, zorder=2,
                        label="Bayes: the smaller")
    ax.set(xlabel="$x$", ylabel=r"expected loss $R(a \mid x)$")
    ax.set_xlim(x[0], x[-1])
    return curves, envelope


# --------------------------------------------------------------------------
# Tables: confusion matrices and scores over a grid
# --------------------------------------------------------------------------


@checked(ax=AXES, counts=array(ndim=2), labels=names(like="counts"), title=TEXT)
def plot_confusion_matrix(ax, counts, labels, title: str = "") -> None:
    """A confusion matrix as a table of shaded cells: rows the true class, columns the prediction."""
    counts = np.asarray(counts)
    ax.imshow(counts, cmap="Blues", vmin=0, vmax=counts.max() * 1.6)
    for (row, column), value in np.ndenumerate(counts):
        ax.text(column, row, str(value), ha="center", va="center",
                fontweight="bold" if row == column else "normal")
    ax.set_xticks(range(len(labels)), labels, rotation=20)
    ax.set_yticks(range(len(labels)), labels)
    ax.set(xlabel="predicted", ylabel="true", title=title)
    ax.grid(False)
    for spine in ax.spines.values():
        spine.set_visible(False)


@checked(ax=AXES, scores=array(ndim=2, like="gammas"), alphas=curve(min_size=1), gammas=curve(min_size=1), label=TEXT,
         colorbar=FLAG)
def plot_score_grid(ax, scores, alphas, gammas, label: str = "accuracy", colorbar: bool = True):
    """A heat map of scores over RDA's ``(alpha, gamma)`` grid, ``alpha`` across and ``gamma`` up.

    Parameters
    ----------
    scores : array of shape (len(gammas), len(alphas))
    alphas, gammas : arrays, evenly spaced and increasing

    Returns
    -------
    AxesImage
    """
    alphas, gammas = np.asarray(alphas, dtype=float), np.asarray(gammas, dtype=float)
    half_a, half_g = (np.diff(values[:2]).sum() / 2 if values.size > 1 else 0.5 for values in (alphas, gammas))
    image = ax.imshow(scores, origin="lower", cmap="cividis", aspect="auto", interpolation="nearest",
                      extent=(alphas[0] - half_a, alphas[-1] + half_a, gammas[0] - half_g, gammas[-1] + half_g))
    if colorbar:
        ax.figure.colorbar(image, ax=ax, label=label, fraction=0.06, pad=0.03)
    ax.set(xlabel=r"$\alpha$ (0: LDA's pooled $\Sigma$, 1: QDA's $\Sigma_k$)",
           ylabel=r"$\gamma$ (1: spherical)")
    ax.grid(False)
    return image
