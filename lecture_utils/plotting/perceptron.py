"""Drawings of notebook 01: surrogate losses and the convergence proof's inequalities."""

from __future__ import annotations

import numpy as np

from ._checks import AXES, FUNCTION, INDEX, axes_list, checked, curve, mapping, record, results
from ._style import PALETTE, LINESTYLES


@checked(ax=AXES, losses=mapping(FUNCTION), z=curve())
def plot_surrogate_losses(ax, losses: dict, z=None) -> list:
    """Draw each loss of ``losses`` (name -> function of the margin ``z``) against ``z``."""
    z = np.linspace(-3, 3, 601) if z is None else np.asarray(z, dtype=float)
    lines = [ax.plot(z, results(loss, f"losses[{name!r}]", z, z.shape), label=name,
                     linestyle=LINESTYLES[k % len(LINESTYLES)])[0]
             for k, (name, loss) in enumerate(losses.items())]
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


@checked(axes=axes_list(3), curves=record("k", "alignment", "cosine", "dips"), upto=INDEX)
def plot_proof_curves(axes, curves, upto: int | None = None) -> tuple[list, object]:
    """Draw the three inequalities of the perceptron's convergence proof, one per axes.

    The cosine panel marks each update after which ``cos(alpha_k)`` fell
    (``curves.dips``): only its lower bound rises at every step.

    Parameters
    ----------
    axes : three matplotlib Axes
    curves : ConvergenceCurves
    upto : int, optional
        Draw only ``k = 0..upto`` (the widget grows the curves step by step);
        the axis limits always cover the whole run.

    Returns
    -------
    pairs : list of (value_line, bound_line), one pair per panel
    dips : Line2D
        The markers of the falls of ``cos(alpha_k)``, on the cosine panel.
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
        ax.set_xlim(-0.5, max(len(curves.k) - 1, 1) + 0.5)        # the end markers whole, not clipped
        ax.set_ylim(low - 0.06 * (high - low), high + 0.06 * (high - low) + 1e-9)
        ax.set_title(title, fontsize="medium")
        pairs.append((value_line, bound_line))
    shown = curves.dips[curves.dips <= upto]
    dips, = axes[-1].plot(shown, curves.cosine[shown], "v", color=PALETTE[3], markersize=8,
                          linestyle="none", zorder=5, label=r"$\cos\alpha_k$ fell")
    axes[-1].axhline(1.0, color="grey", linewidth=0.8)
    axes[-1].set_xlabel("updates $k$")
    axes[0].figure.legend(handles=[*pairs[0], dips], loc="outside upper right", ncol=3, fontsize="small")
    return pairs, dips
