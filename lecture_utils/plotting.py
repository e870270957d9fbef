"""Matplotlib drawings of data, models and traces, in one house style.

Plotting draws; it never trains. The style is colour-blind safe (the
Okabe-Ito palette) and tells classes apart by marker shape too, so a figure
still reads in greyscale or on a washed-out projector. Call
:func:`use_house_style` once per notebook, and :func:`present` before
presenting to enlarge everything.
"""

from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.colors import ListedColormap, to_rgb
from matplotlib.patches import Polygon, Rectangle

#: Okabe & Ito (2008) colours, distinguishable with every common colour-vision deficiency.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
#: One marker shape per class, in the order of ``PALETTE``.
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
#: Line styles for several curves in one panel, so they differ in greyscale too.
LINESTYLES = ("-", "--", "-.", ":")

HOUSE_STYLE = {
    "figure.figsize": (6.4, 4.4),
    "figure.dpi": 100,
    "font.size": 11,
    "axes.titlesize": 12,
    "axes.labelsize": 11,
    "axes.prop_cycle": mpl.cycler(color=PALETTE),
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "lines.linewidth": 2.0,
    "lines.markersize": 7,
    "legend.frameon": False,
    "image.cmap": "cividis",
}

PRESENTATION_STYLE = {
    "figure.dpi": 120,
    "font.size": 16,
    "axes.titlesize": 18,
    "axes.labelsize": 16,
    "xtick.labelsize": 14,
    "ytick.labelsize": 14,
    "legend.fontsize": 14,
    "lines.linewidth": 3.0,
    "lines.markersize": 10,
}


def use_house_style() -> None:
    """Apply the course's matplotlib style to every following figure."""
    mpl.rcParams.update(HOUSE_STYLE)


def present(on: bool = True) -> None:
    """Switch presentation mode on (larger fonts, thicker lines) or back off.

    Affects figures and widgets created afterwards.
    """
    use_house_style()
    if on:
        mpl.rcParams.update(PRESENTATION_STYLE)


def class_style(k: int) -> dict:
    """Colour and marker of the ``k``-th class, for ``scatter`` or ``plot``."""
    return {"color": PALETTE[k % len(PALETTE)], "marker": MARKERS[k % len(MARKERS)]}


def _light(color: str, amount: float = 0.8) -> tuple:
    """Mix ``color`` with white: 0 keeps it, 1 gives white."""
    return tuple(c + (1 - c) * amount for c in to_rgb(color))


def plot_data(ax, X, y, labels=None, **kwargs) -> list:
    """Scatter 2-D points, each class (in sorted order of ``y``) with its own colour and marker.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array of shape (n_samples, 2)
    y : array of shape (n_samples,)
    labels : sequence of str, optional
        Legend label of each class; defaults to ``"t = <value>"``.

    Returns
    -------
    list of PathCollection, one per class
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    classes = np.unique(y)
    labels = labels if labels is not None else [f"t = {c:+d}" if np.issubdtype(classes.dtype, np.integer)
                                                else str(c) for c in classes]
    options = {"s": 45, "edgecolors": "white", "linewidths": 0.6, "zorder": 3, **kwargs}
    return [ax.scatter(*X[y == c].T, label=label, **class_style(k), **options)
            for k, (c, label) in enumerate(zip(classes, labels))]


def hyperplane_segment(w, b, xlim, ylim) -> np.ndarray:
    """The part of the line ``w_1 x_1 + w_2 x_2 + b = 0`` inside a box, as two end points.

    Returns
    -------
    ndarray of shape (2, 2)
        ``[[x_a, y_a], [x_b, y_b]]``; all nan if the line misses the box or ``w = 0``.
    """
    (x0, x1), (y0, y1) = xlim, ylim
    w1, w2 = float(w[0]), float(w[1])
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
    score = [float(np.dot(w[:2], corner) + b) for corner in box]
    corners = []
    for j, (corner, value) in enumerate(zip(box, score)):      # clip the box by the half-plane
        following, following_value = box[(j + 1) % 4], score[(j + 1) % 4]
        if value > 0:
            corners.append(corner)
        if (value > 0) != (following_value > 0):                # the boundary crosses this edge
            fraction = value / (value - following_value)
            corners.append(tuple(np.add(corner, fraction * np.subtract(following, corner))))
    return np.array(corners, dtype=float).reshape(-1, 2)


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
    direction = np.asarray(w[:2], dtype=float) / (np.linalg.norm(w[:2]) or np.nan)
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
    return line, annotation


def grid_points(xlim, ylim, resolution: int = 60) -> np.ndarray:
    """Centres of a ``resolution x resolution`` grid over a box, shape (resolution**2, 2), row by row."""
    xs = np.linspace(*xlim, resolution + 1)
    ys = np.linspace(*ylim, resolution + 1)
    centres_x, centres_y = np.meshgrid((xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2)
    return np.column_stack([centres_x.ravel(), centres_y.ravel()])


def region_colormap(n_classes: int) -> ListedColormap:
    """Light versions of the class colours, for shading decision regions."""
    return ListedColormap([_light(PALETTE[k]) for k in range(n_classes)])


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
    labels = np.asarray(classify(grid_points(xlim, ylim, resolution))).reshape(resolution, resolution)
    options = {"origin": "lower", "extent": (*xlim, *ylim), "cmap": region_colormap(n_classes),
               "vmin": -0.5, "vmax": n_classes - 0.5, "interpolation": "nearest", "zorder": 0,
               "aspect": "auto", **kwargs}
    image = ax.imshow(labels, **options)
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    return image


def padded_limits(X, pad: float = 0.1) -> tuple:
    """Axis limits around 2-D data with a margin of ``pad`` times the range."""
    X = np.asarray(X, dtype=float)
    low, high = X.min(axis=0), X.max(axis=0)
    margin = pad * np.maximum(high - low, 1e-9)
    return (low[0] - margin[0], high[0] + margin[0]), (low[1] - margin[1], high[1] + margin[1])


def plot_surrogate_losses(ax, losses: dict, z=None) -> list:
    """Draw each loss of ``losses`` (name -> function of the margin ``z``) against ``z``."""
    z = np.linspace(-3, 3, 601) if z is None else np.asarray(z, dtype=float)
    lines = [ax.plot(z, loss(z), label=name, linestyle=style)[0]
             for (name, loss), style in zip(losses.items(), LINESTYLES * 2)]
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set(xlabel=r"margin $z = t\,\mathbf{x}^T\mathbf{w}$", ylabel="loss")
    ax.legend()
    return lines


#: How each panel of the convergence proof is drawn: (value, bound, title).
PROOF_PANELS = (
    ("alignment", "alignment_bound", r"$\mathbf{w}_*^T\mathbf{w}_k \geq k\gamma$"),
    ("norm_sq", "norm_sq_bound", r"$\|\mathbf{w}_k\|^2 \leq kR^2$"),
    ("cosine", "cosine_bound", r"$\cos\alpha_k \geq \sqrt{k}\,\gamma / (R\|\mathbf{w}_*\|)$"),
)


def plot_proof_curves(axes, curves, upto: int | None = None) -> list:
    """Draw the three inequalities of the perceptron's convergence proof, one per axes.

    Parameters
    ----------
    axes : three matplotlib Axes
    curves : ConvergenceCurves
    upto : int, optional
        Draw only ``k = 0..upto`` (the widget grows the curves step by step);
        the axis limits always cover the whole run.

    Returns
    -------
    list of (value_line, bound_line), one pair per panel
    """
    upto = len(curves.k) - 1 if upto is None else upto
    pairs = []
    for ax, (value, bound, title) in zip(axes, PROOF_PANELS):
        values, bounds = getattr(curves, value), getattr(curves, bound)
        value_line, = ax.plot(curves.k[:upto + 1], values[:upto + 1], "o-", markersize=3,
                              color=PALETTE[0], label="actual")
        bound_line, = ax.plot(curves.k[:upto + 1], bounds[:upto + 1], "--", color=PALETTE[1],
                              label="bound")
        finite = np.concatenate([values[np.isfinite(values)], bounds])
        low, high = min(finite.min(), 0.0), finite.max()
        ax.set_xlim(0, max(len(curves.k) - 1, 1))
        ax.set_ylim(low - 0.05 * (high - low), high + 0.05 * (high - low) + 1e-9)
        ax.set_title(title, fontsize="medium")
        pairs.append((value_line, bound_line))
    axes[-1].axhline(1.0, color="grey", linewidth=0.8)
    axes[-1].set_xlabel("updates $k$")
    axes[0].legend(loc="upper left", fontsize="small")
    return pairs


# --- notebook 02: information theory ---

def plot_pmf(ax, p, labels=None, color=PALETTE[0], **kwargs):
    """Bars of a discrete distribution ``P(x)`` over the outcomes ``x = 0..K-1``.

    Parameters
    ----------
    p : array-like of shape (K,)
    labels : sequence of str, optional
        Tick label of each outcome; defaults to ``0..K-1``.

    Returns
    -------
    BarContainer
        Update the bars with ``bar.set_height(...)`` in widgets.
    """
    p = np.asarray(p, dtype=float)
    outcomes = np.arange(p.size)
    bars = ax.bar(outcomes, p, width=0.6, color=color, edgecolor="black", linewidth=0.8,
                  **kwargs)
    ax.set_xticks(outcomes, labels if labels is not None else [str(k) for k in outcomes])
    ax.set(xlabel="outcome $x$", ylabel="$P(x)$", ylim=(0, 1.05))
    ax.grid(axis="x", visible=False)
    return bars


def surprise_label(p: float) -> str:
    """``I(x) = -log_2 P(x)`` as a short label over a bar: ``"I = 1.00 bit"``, ``"I = ∞"`` for ``P(x) = 0``.

    Plain text, not mathtext: widgets redraw it on every move, and mathtext is slow to lay out.
    """
    if p <= 0:
        return "I = \u221e"
    bits = -np.log2(p) + 0.0                             # + 0.0: no "-0.00" for P(x) = 1
    return f"I = {bits:.2f} bit" + ("" if round(bits, 2) == 1 else "s")


def plot_entropy_gauge(ax, n_outcomes: int, color=PALETTE[1]):
    """A single bar for the entropy in bits (left axis) and nats (right axis), under the bound ``log K``.

    Returns
    -------
    bar : Rectangle
        Its height is the entropy in bits; set it with ``bar.set_height(...)``.
    """
    bound = np.log2(n_outcomes)
    bar = ax.bar([0], [0.0], width=0.5, color=color, edgecolor="black", linewidth=0.8)[0]
    ax.axhline(bound, color="black", linestyle="--", linewidth=1.2,
               label=f"uniform:\n$\\log_2 {n_outcomes}$ bits")
    ax.legend(loc="upper center", fontsize="small", handlelength=1.5)
    ax.set(xlim=(-0.5, 0.5), ylim=(0, 1.5 * bound), xticks=[], ylabel="$H(P)$ in bits")
    ax.grid(axis="x", visible=False)
    nats = ax.secondary_yaxis("right", functions=(lambda b: b * np.log(2), lambda n: n / np.log(2)))
    nats.set_ylabel("in nats")
    return bar


def filled_area(x, y) -> np.ndarray:
    """Corners of the region between the curve ``(x, y)`` and the x-axis, for ``Polygon.set_xy``."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    return np.column_stack([np.r_[x[0], x, x[-1]], np.r_[0.0, y, 0.0]])


def plot_density_and_fit(ax, x, p, q, fit_label: str, color=PALETTE[0], linestyle="--"):
    """A target density ``p`` (grey, filled) and an approximation ``q`` of it, on the grid ``x``.

    Returns
    -------
    area : Polygon
        The filled region under ``p``; update with ``area.set_xy(filled_area(x, p))``.
    p_line, q_line : Line2D
    """
    area = ax.add_patch(Polygon(filled_area(x, p), closed=True, facecolor="0.85",
                                edgecolor="none", zorder=1))
    p_line, = ax.plot(x, p, color="black", linewidth=1.8, label="$p(x)$: the mixture", zorder=2)
    q_line, = ax.plot(x, q, color=color, linestyle=linestyle, linewidth=2.6, label=fit_label,
                      zorder=3)
    ax.set(xlabel="$x$", xlim=(x[0], x[-1]))
    return area, p_line, q_line


def histogram_density(z, edges) -> np.ndarray:
    """Heights of a density histogram: the fraction of ``z`` in each bin divided by its width.

    Values outside the bins still count in the total, so the bars are
    comparable with a density even where the bins miss a tail.
    """
    z, edges = np.asarray(z, dtype=float), np.asarray(edges, dtype=float)
    counts, _ = np.histogram(z, edges)
    return counts / (z.size * np.diff(edges))


def plot_standardized_histogram(ax, z, edges, reference_x, reference_density,
                                reference_label="$\\mathcal{N}(0, 1)$"):
    """The density histogram of ``z`` as one step patch, under a reference density curve.

    Returns
    -------
    steps : StepPatch
        Update with ``steps.set_data(histogram_density(z, edges))``.
    reference : Line2D
    """
    steps = ax.stairs(histogram_density(z, edges), edges, fill=True, color=_light(PALETTE[0], 0.45),
                      label="histogram of $Z_n$", zorder=1)
    reference, = ax.plot(reference_x, reference_density, color=PALETTE[1], linewidth=2.4,
                         label=reference_label, zorder=3)
    ax.set(xlim=(edges[0], edges[-1]), xlabel="$z$", ylabel="density")
    return steps, reference


# --- notebook 03: maximum likelihood ---

#: How the maximum likelihood estimate is marked in every figure of notebook 03.
MLE_STYLE = {"color": PALETTE[1], "marker": "D", "markersize": 8, "linestyle": "none", "zorder": 5,
             "clip_on": False}


def _padded(grid, pad: float = 0.02) -> tuple:
    """x-limits a little wider than the grid, so that a maximum at an end stays in view."""
    margin = pad * (grid[-1] - grid[0])
    return grid[0] - margin, grid[-1] + margin


def plot_likelihood(ax, phi, likelihood, phi_hat, peak) -> tuple:
    """Draw a likelihood ``L(phi)`` with the area under it shaded and its maximum marked.

    Parameters
    ----------
    ax : matplotlib Axes
    phi : array of shape (n_points,)
        The grid of parameter values.
    likelihood : array of shape (n_points,)
        ``L(phi)`` on the grid.
    phi_hat, peak : float
        Where the maximum is and its value ``L(phi_hat)``.

    Returns
    -------
    curve : Line2D
    area : Polygon
        Update it with ``area.set_xy(filled_area(phi, values))``.
    marker : Line2D
        The maximum.
    """
    area = ax.add_patch(Polygon(filled_area(phi, likelihood), closed=True, linewidth=0,
                                color=_light(PALETTE[0], 0.7), zorder=1))
    curve, = ax.plot(phi, likelihood, color=PALETTE[0], zorder=3)
    marker, = ax.plot([phi_hat], [peak], **MLE_STYLE)
    ax.set(xlabel=r"parameter $\phi$", ylabel=r"likelihood $L(\phi)$", xlim=_padded(phi))
    return curve, area, marker


def plot_log_likelihood(ax, phi, log_likelihood, phi_hat, peak, floor: float) -> tuple:
    """Draw a log-likelihood ``log L(phi)`` with its maximum marked.

    Where ``log L = -inf`` (at ``phi = 0`` or ``1`` when the data hold both
    outcomes) the curve is drawn at ``floor``: choose it below the axis, so
    the curve plunges out of view instead of leaving a gap or a nan.

    Returns
    -------
    curve : Line2D
    marker : Line2D
        The maximum.
    """
    curve, = ax.plot(phi, np.maximum(log_likelihood, floor), color=PALETTE[0], zorder=3)
    marker, = ax.plot([phi_hat], [peak], **MLE_STYLE)
    ax.set(xlabel=r"parameter $\phi$", ylabel=r"log-likelihood $\log L(\phi)$", xlim=_padded(phi))
    return curve, marker


def plot_objectives(axes, w, objectives: dict, optimum: float, xlabel: str = "parameter") -> list:
    """Draw several objectives of one parameter, one per axes, each with its own optimum on the grid.

    A dashed line marks ``optimum`` (say, the closed-form MLE) in every
    panel, so one sees at a glance whether all the objectives agree on it.

    Parameters
    ----------
    axes : sequence of matplotlib Axes, one per objective
    w : array of shape (n_points,)
        The grid of parameter values.
    objectives : dict
        Title -> ``(values, "max" or "min")``: the values on the grid and
        whether the objective is maximised or minimised.
    optimum : float

    Returns
    -------
    list of (curve, marker), one pair per objective
    """
    pairs = []
    for ax, (title, (values, sense)) in zip(axes, objectives.items()):
        values = np.asarray(values, dtype=float)
        best = np.argmax(values) if sense == "max" else np.argmin(values)
        ax.axvline(optimum, color="grey", linestyle="--", linewidth=1)
        curve, = ax.plot(w, values, color=PALETTE[0])
        marker, = ax.plot([w[best]], [values[best]], **MLE_STYLE)
        ax.set_title(f"{title}  ({sense}imise)", fontsize="medium")
        ax.set_xlabel(xlabel)
        pairs.append((curve, marker))
    return pairs


def plot_sampling_distributions(ax, estimates: dict, edges, true_value: float, eps: float) -> tuple:
    """Histograms of the estimates of several estimators, the true value and the band ``|w_m - w| <= eps``.

    Parameters
    ----------
    ax : matplotlib Axes
    estimates : dict
        Name -> estimates, an array of shape (n_repeats,).
    edges : array of shape (n_bins + 1,)
    true_value : float
        The parameter ``w`` that generated the samples.
    eps : float

    Returns
    -------
    steps : list of StepPatch, one per estimator
        Update with ``step.set_data(histogram_density(values, edges))``.
    band : Rectangle
        From ``w - eps`` to ``w + eps``, the full height of the axes.
    """
    band = ax.add_patch(Rectangle((true_value - eps, 0), 2 * eps, 1, transform=ax.get_xaxis_transform(),
                                  color=_light(PALETTE[2], 0.75), linewidth=0, zorder=0,
                                  label=r"$|w_m - w| \leq \varepsilon$"))
    steps = [ax.stairs(histogram_density(values, edges), edges, color=PALETTE[k], linewidth=2,
                       linestyle=LINESTYLES[k % len(LINESTYLES)], label=name, zorder=3)
             for k, (name, values) in enumerate(estimates.items())]
    ax.axvline(true_value, color="black", linewidth=1, zorder=2)
    ax.set(xlabel="estimate $w_m$", ylabel="density", xlim=(edges[0], edges[-1]))
    return steps, band


def plot_exceedance(ax, sizes, probabilities: dict) -> list:
    """``P(|w_m - w| > eps)`` against the sample size ``m`` (log scale), one curve per estimator.

    Parameters
    ----------
    sizes : array of shape (n_sizes,)
    probabilities : dict
        Name -> the probability at each size, shape (n_sizes,).

    Returns
    -------
    list of Line2D, one per estimator
    """
    lines = [ax.plot(sizes, values, color=PALETTE[k], marker=MARKERS[k % len(MARKERS)],
                     linestyle=LINESTYLES[k % len(LINESTYLES)], label=name)[0]
             for k, (name, values) in enumerate(probabilities.items())]
    ax.set_xscale("log")
    ax.set(xlabel="sample size $m$", ylabel=r"$P(|w_m - w| > \varepsilon)$", ylim=(-0.02, 1.02))
    return lines
