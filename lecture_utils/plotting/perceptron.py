"""Drawings of notebook 01: surrogate losses and the convergence proof's inequalities."""

from __future__ import annotations

import numpy as np

from ._style import PALETTE, LINESTYLES


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
