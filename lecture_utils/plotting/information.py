"""Drawings of notebook 02: distributions, surprise, entropy and KL fits."""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Polygon

from ._checks import AXES, COLOR, TEXT, array, checked, count, curve, labels, names, unit_interval
from ._style import PALETTE, _light


@checked(ax=AXES, p=array(ndim=1), labels=names(like="p"), color=COLOR)
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


@checked(p=unit_interval)
def surprise_label(p: float) -> str:
    """The surprise ``-log_2 P(x)`` in bits as a short number over a bar: ``"1.00"``, ``"∞"`` for ``P(x) = 0``.

    Plain text, not mathtext, and only the number: widgets redraw it on every
    move, and each glyph costs time to draw (the unit goes in the title).
    """
    if p <= 0:
        return "\u221e"
    return f"{-np.log2(p) + 0.0:.2f}"                   # + 0.0: no "-0.00" for P(x) = 1


@checked(ax=AXES, n_outcomes=count(low=2))
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


@checked(x=curve(), y=curve(like="x"))
def filled_area(x, y) -> np.ndarray:
    """Corners of the region between the curve ``(x, y)`` and the x-axis, for ``Polygon.set_xy``."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    return np.column_stack([np.r_[x[0], x, x[-1]], np.r_[0.0, y, 0.0]])


@checked(ax=AXES, x=curve(), p=curve(like="x"), q=curve(like="x"), fit_label=TEXT)
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


@checked(z=array(ndim=1), edges=curve())
def histogram_density(z, edges) -> np.ndarray:
    """Heights of a density histogram: the fraction of ``z`` in each bin divided by its width.

    Values outside the bins still count in the total, so the bars are
    comparable with a density even where the bins miss a tail.
    """
    z, edges = np.asarray(z, dtype=float), np.asarray(edges, dtype=float)
    counts, _ = np.histogram(z, edges)
    return counts / (z.size * np.diff(edges))


@checked(values=curve())
def bin_edges_around(values) -> np.ndarray:
    """Edges of bins centred on equally spaced ``values``, each as wide as their spacing.

    A density histogram on these bins shows ``P(z) / spacing`` for a variable
    that takes only these values, which is what compares with a density.
    """
    values = np.asarray(values, dtype=float)
    half = (values[1] - values[0]) / 2
    return np.r_[values - half, values[-1] + half]


@checked(ax=AXES, z=array(ndim=1), edges=curve(), reference_x=curve(), reference_density=curve(like="reference_x"))
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
