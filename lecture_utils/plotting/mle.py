"""Drawings of notebook 03: likelihoods, objectives and sampling distributions."""

from __future__ import annotations

import math

import numpy as np
from matplotlib.patches import Polygon, Rectangle
from matplotlib.ticker import FuncFormatter

from ._checks import (AXES, AXIS, EXTENDED, INTEGER, LARGEST_LIMIT, NUMBER, array, axes_list, checked, curve, mapping,
                      objective, positive, within_drawing)
from ._style import LINESTYLES, MARKERS, PALETTE, _light, class_style
from .information import filled_area, histogram_density


#: How the maximum likelihood estimate is marked in every figure of notebook 03.
MLE_STYLE = {"color": PALETTE[1], "marker": "D", "markersize": 8, "linestyle": "none", "zorder": 5,
             "clip_on": False}


def _padded(grid, pad: float = 0.02) -> tuple:
    """x-limits a little wider than the grid, so that a maximum at an end stays in view."""
    margin = pad * (grid[-1] - grid[0])
    return grid[0] - margin, grid[-1] + margin


_SUPERSCRIPTS = str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")


@checked(exponent=INTEGER)
def power_of_ten(exponent: int) -> str:
    """``10`` with ``exponent`` as a superscript in plain text, e.g. ``10\u207b\u2074``: mathtext costs 30 ms a redraw."""
    return "10" + str(exponent).translate(_SUPERSCRIPTS)


@checked(value=NUMBER)
def plain_number(value: float) -> str:
    """``0.0007576`` as ``7.576\u00d710\u207b\u2074`` in plain text; numbers from 0.001 to 9999 as they are."""
    if value == 0 or 1e-3 <= abs(value) < 1e4:
        return f"{value:.4g}"
    mantissa, exponent = f"{value:.3e}".split("e")
    return f"{mantissa}\u00d7{power_of_ten(int(exponent))}"


@checked(value=EXTENDED, headroom=positive)
def nice_upper_limit(value: float, headroom: float = 1.08) -> float:
    """The smallest of 1, 2, 5 times a power of ten above ``headroom * value``: y-limits that change seldom.

    A curve whose peak is ``value`` then fills 40% to 93% of the axes, and the
    axis needs redrawing only when the peak moves to another step of the ladder.
    """
    if not value > 0 or math.isinf(value):
        return 1.0
    within_drawing(headroom * value, "headroom * value", LARGEST_LIMIT / 10)     # its nice limit: at most 10 times
    target = headroom * value
    decade = 10.0 ** math.floor(math.log10(target))
    return next(step * decade for step in (1, 2, 5, 10) if step * decade >= target * (1 - 1e-12))


@checked(axis=AXIS, top=positive)
def label_in_units(axis, top: float) -> str:
    """Write the tick labels of ``axis`` (from 0 to ``top``) in units of a power of ten, with no offset text.

    Matplotlib would print a factor such as "1e-16" above the axes, where it
    collides with the title; the factor goes into the axis label instead.

    Returns
    -------
    str
        The unit to append to the axis label, e.g. ``"\u00d710\u207b\u2074"``; empty when ``top >= 0.01``.
    """
    exponent = math.floor(math.log10(top)) if 0 < top < 1e-2 else 0
    scale = 10.0 ** exponent
    axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value / scale:.4g}"))
    return f"\u00d7{power_of_ten(exponent)}" if exponent else ""


@checked(ax=AXES, phi=curve(), likelihood=curve(like="phi"), phi_hat=NUMBER, peak=NUMBER)
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


@checked(ax=AXES, phi=curve(), log_likelihood=curve(like="phi", finite=False), phi_hat=NUMBER, peak=NUMBER,
         floor=NUMBER)
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


@checked(ax=AXES, factors=array(ndim=1, finite=False))
def plot_running_product(ax, factors) -> int:
    """The running product of ``factors`` beside their running log-likelihood, both as ``log10`` (notebook 03, section 2).

    The product is taken in floating point, as a plain loop would take it, so it
    underflows to 0 (probabilities) or overflows to ``inf`` (large densities);
    the sum of logs never does. A grey line marks the limit of doubles that the
    product crosses, and an arrow the first ``N`` at which it fails.

    Parameters
    ----------
    ax : matplotlib Axes
    factors : array of shape (n_factors,)
        Positive probabilities or densities, one per example.

    Returns
    -------
    int
        The first ``N`` (counting from 1) at which the product is 0 or ``inf``; 0 if it never fails.
    """
    factors = np.asarray(factors, dtype=float)
    n = np.arange(1, factors.size + 1)
    with np.errstate(divide="ignore", over="ignore", under="ignore"):
        product = np.log10(np.cumprod(factors))               # -inf once it is 0.0, inf once it is inf
    log_likelihood = np.cumsum(np.log(factors)) / np.log(10)
    ax.plot(n, product, label="$\\log_{10}$ of the running product")
    ax.plot(n, log_likelihood, "--", label="running log-likelihood / $\\ln 10$")
    underflows = log_likelihood[-1] < 0
    limit = np.log10(np.nextafter(0, 1) if underflows else np.finfo(float).max)
    ax.axhline(limit, color="grey", linewidth=1)
    ax.annotate("smallest double > 0" if underflows else "largest double", (n[-1], limit), xytext=(0, 4),
                textcoords="offset points", ha="right", color="grey", fontsize="small")
    ax.set(xlabel="number of factors $N$", ylabel="$\\log_{10} L$")
    failed = np.flatnonzero(~np.isfinite(product))
    if failed.size == 0:
        return 0
    first = int(failed[0])                                    # index of the first failure: N = first + 1
    ax.annotate(f"{'0.0' if underflows else 'inf'} from N = {first + 1} on", (first, product[max(first - 1, 0)]),
                xytext=(0.45, 0.8) if underflows else (0.04, 0.8), textcoords="axes fraction",
                arrowprops={"arrowstyle": "->"})
    return first + 1


@checked(w=curve(), objectives=mapping(objective(like="w")), optimum=NUMBER, axes=axes_list(like="objectives"))
def plot_objectives(axes, w, objectives: dict, optimum: float, xlabel: str = "parameter") -> list:
    """Draw several objectives of one parameter, one per axes, each with its own optimum on the grid.

    A dashed line marks ``optimum`` (say, the closed-form MLE) in every
    panel, so one sees at a glance whether all the objectives agree on it.
    Tiny values (a likelihood) are labelled in units of a power of ten, named
    in the title.

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
        unit = label_in_units(ax.yaxis, np.max(np.abs(values[np.isfinite(values)])))
        ax.set_title(f"{title}{' ' + unit if unit else ''}  ({sense}imise)", fontsize="medium")
        ax.set_xlabel(xlabel)
        pairs.append((curve, marker))
    return pairs


@checked(ax=AXES, estimates=mapping(array(ndim=1)), edges=curve(), true_value=NUMBER, eps=positive)
def plot_sampling_distributions(ax, estimates: dict, edges, true_value: float, eps: float) -> tuple:
    """Histograms of the estimates of several estimators, the true value and the band ``|theta_N - theta| <= eps``.

    Parameters
    ----------
    ax : matplotlib Axes
    estimates : dict
        Name -> estimates, an array of shape (n_repeats,).
    edges : array of shape (n_bins + 1,)
    true_value : float
        The parameter ``theta`` that generated the samples.
    eps : float

    Returns
    -------
    steps : list of StepPatch, one per estimator
        Update with ``step.set_data(histogram_density(values, edges))``.
    band : Rectangle
        From ``theta - eps`` to ``theta + eps``, the full height of the axes.
    """
    band = ax.add_patch(Rectangle((true_value - eps, 0), 2 * eps, 1, transform=ax.get_xaxis_transform(),
                                  color=_light(PALETTE[2], 0.75), linewidth=0, zorder=0,
                                  label=r"$|\hat\theta_N - \theta| \leq \varepsilon$"))
    steps = [ax.stairs(histogram_density(values, edges), edges, color=class_style(k)["color"], linewidth=2,
                       linestyle=LINESTYLES[k % len(LINESTYLES)], label=name, zorder=3)
             for k, (name, values) in enumerate(estimates.items())]
    ax.axvline(true_value, color="black", linewidth=1, zorder=2)
    ax.set(xlabel=r"estimate $\hat\theta_N$", ylabel="density", xlim=(edges[0], edges[-1]))
    return steps, band


@checked(ax=AXES, sizes=curve(), probabilities=mapping(curve(like="sizes")))
def plot_exceedance(ax, sizes, probabilities: dict) -> list:
    """``P(|theta_N - theta| > eps)`` against the sample size ``N`` (log scale), one curve per estimator.

    The x-axis reaches a little beyond the smallest and largest sizes, so a
    marker there is not cut by the edge of the axes.

    Parameters
    ----------
    sizes : array of shape (n_sizes,)
    probabilities : dict
        Name -> the probability at each size, shape (n_sizes,).

    Returns
    -------
    list of Line2D, one per estimator
    """
    lines = [ax.plot(sizes, values, color=class_style(k)["color"], marker=MARKERS[k % len(MARKERS)],
                     linestyle=LINESTYLES[k % len(LINESTYLES)], label=name)[0]
             for k, (name, values) in enumerate(probabilities.items())]
    ax.set_xscale("log")
    pad = (sizes[-1] / sizes[0]) ** 0.04                   # 4% of the axis on each side, in log space
    ax.set(xlabel="sample size $N$", ylabel=r"$P(|\hat\theta_N - \theta| > \varepsilon)$", ylim=(-0.03, 1.03),
           xlim=(sizes[0] / pad, sizes[-1] * pad))
    return lines
