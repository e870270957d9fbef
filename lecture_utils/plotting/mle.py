"""Drawings of notebook 03: likelihoods, objectives and sampling distributions."""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Polygon, Rectangle

from ._style import LINESTYLES, MARKERS, PALETTE, _light
from .information import filled_area, histogram_density


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
