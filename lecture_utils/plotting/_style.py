"""The house style: a colour-blind-safe palette, one marker per class, and a presentation mode."""

from __future__ import annotations

import matplotlib as mpl
from matplotlib.colors import to_rgb

from ._checks import FLAG, INDEX, checked


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
    """Apply the course's matplotlib style to every following figure, and give each figure shown its alt text."""
    from .description import use_alt_text
    mpl.rcParams.update(HOUSE_STYLE)
    use_alt_text()


@checked(on=FLAG)
def present(on: bool = True) -> None:
    """Switch presentation mode on (larger fonts, thicker lines) or back off.

    Affects figures and widgets created afterwards.
    """
    use_house_style()
    if on:
        mpl.rcParams.update(PRESENTATION_STYLE)


@checked(k=INDEX)
def class_style(k: int) -> dict:
    """Colour and marker of the ``k``-th class, for ``scatter`` or ``plot``."""
    return {"color": PALETTE[k % len(PALETTE)], "marker": MARKERS[k % len(MARKERS)]}


def _light(color: str, amount: float = 0.8) -> tuple:
    """Mix ``color`` with white: 0 keeps it, 1 gives white."""
    return tuple(c + (1 - c) * amount for c in to_rgb(color))
