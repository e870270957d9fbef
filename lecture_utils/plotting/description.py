"""Alt text for figures: what a figure shows, with its data, for a reader who cannot see it.

A figure's description is carried as the ``alt`` of its PNG output (JupyterLab, the
site and the decks read it there). It has two parts:

- sentences that the plotting functions attach to the panels they draw
  (:func:`describe`): what the drawing means, with its numbers ("the line
  0.8 x1 - 0.6 x2 + 0.1 = 0", "18 of 20 points on their own side");
- a reading of every panel's artists (:func:`alt_text`): its axes and their
  ranges, each labelled curve or set of points with its size and range, bars
  with their heights, shaded maps, and the panel's annotations.

:func:`use_alt_text` makes every figure that a notebook shows carry it, with
no work in the notebook: the PNG of a figure comes with its description.
"""

from __future__ import annotations

import functools
import numbers
import re
import weakref

import numpy as np
from matplotlib.collections import PathCollection, PolyCollection, QuadMesh
from matplotlib.container import BarContainer
from matplotlib.figure import Figure

from ._checks import AXES, checked

#: Sentences attached to each panel by the plotting functions, in the order they were drawn. The artists they are
#: about are held weakly: an artist holds its panel, and a value that held its own key would never let a figure go.
_SENTENCES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: The most artists of one kind named one by one in a panel's reading.
_MOST_NAMED = 8
_GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "kappa", "lambda",
          "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "phi", "varphi", "chi", "psi", "omega", "Sigma", "Phi",
          "Lambda", "Delta", "Gamma", "Theta", "Omega", "Pi", "Psi")
_SYMBOLS = {r"\|": "‖", r"\cdot": "·", r"\times": "×", r"\le": "≤", r"\leq": "≤", r"\ge": "≥", r"\geq": "≥",
            r"\ne": "≠", r"\neq": "≠", r"\approx": "≈", r"\infty": "∞", r"\to": "→", r"\propto": "∝",
            r"\in": "∈",
            r"\sum": "sum", r"\log": "log", r"\ln": "ln", r"\exp": "exp", r"\min": "min", r"\max": "max",
            r"\partial": "∂", r"\nabla": "∇", r"\top": "T", r"\pm": "±", r"\mid": "|", r"\,": " ", r"\;": " ",
            r"\!": "", r"\quad": " ", r"\ ": " ", r"\%": "%"}
#: One pattern for every command of _SYMBOLS: a command of letters only when no letter follows (\le, not \left).
_SYMBOL_PATTERN = re.compile("|".join(re.escape(command) + ("(?![A-Za-z])" if command[1:].isalpha() else "")
                                      for command in sorted(_SYMBOLS, key=len, reverse=True)))


@checked(ax=AXES)
def describe(ax, sentence: str, about=None) -> None:
    """Attach a sentence about what ``ax`` shows to its figure's alt text.

    Parameters
    ----------
    ax : matplotlib Axes
        The panel the sentence is about.
    sentence : str
        What the drawing means, with its numbers; mathtext (``$w_1$``) is read as plain text.
    about : matplotlib Artist or list of them, optional
        The artists the sentence describes: the panel's reading leaves them out while the sentence holds. It
        holds until one of them is removed or its data moved (a widget moving a boundary): the artists are then
        read like any other.
    """
    if not isinstance(sentence, str) or not sentence.strip():
        raise ValueError(f"sentence must be a non-empty str, got {sentence!r}")
    about = [] if about is None else list(about) if isinstance(about, (list, tuple)) else [about]
    _SENTENCES[ax] = _kept(ax) + [([(weakref.ref(artist), _data(artist)) for artist in about], _sentence(sentence))]


def _data(artist):
    """What an artist shows, to tell later whether it moved: a line's points, a scatter's offsets."""
    if hasattr(artist, "get_xydata"):
        return np.array(artist.get_xydata(), dtype=float)
    if hasattr(artist, "get_offsets"):
        return np.array(artist.get_offsets(), dtype=float)
    return None


def _holds(about) -> bool:
    return all(_still_drawn(artist(), data) for artist, data in about)


def _still_drawn(artist, data) -> bool:
    """Whether ``artist`` is alive, in its panel, and shows ``data`` still."""
    return (artist is not None and artist.axes is not None
            and (data is None or np.array_equal(_data(artist), data, equal_nan=True)))


def _sentence(text: str) -> str:
    """``text`` as plain text, with a capital and a full stop."""
    text = plain_text(text).rstrip(". ")
    return text[:1].upper() + text[1:] + "." if text else ""


def _kept(ax) -> list:
    return [(about, text) for about, text in _SENTENCES.get(ax, []) if _holds(about)]


@checked(ax=AXES)
def sentences(ax) -> list[str]:
    """The sentences attached to ``ax`` by :func:`describe`, of the artists still drawn."""
    return [text for _, text in _kept(ax)]


def _described(ax) -> set:
    return {id(artist()) for about, _ in _kept(ax) for artist, _ in about}


def plain_text(text: str) -> str:
    """Mathtext and TeX commands read as plain text: ``"$\\mathbf{w}^\\top x_1$"`` gives ``"w^T x1"``."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str (a label or title), got {type(text).__name__}")
    return _plain(text)


@functools.lru_cache(maxsize=4096)                           # a widget's labels are read on every change
def _plain(text: str) -> str:
    text = text.replace("$", "")
    text = re.sub(r"\\(hat|bar|tilde)\s*(\{[^{}]*\}|\\?[A-Za-z]+)", r"\2-\1", text)    # \hat\mu reads "mu-hat"
    text = _SYMBOL_PATTERN.sub(lambda match: _SYMBOLS[match.group(0)], text)
    text = re.sub(r"\\(" + "|".join(_GREEK) + r")(?![A-Za-z])", r"\1", text)
    text = re.sub(r"\\(?:mathbf|mathrm|boldsymbol|mathcal|text|textrm|textbf|operatorname|hat|tilde|bar)\{([^{}]*)\}",
                  r"\1", text)
    text = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"(\1)/(\2)", text)
    text = re.sub(r"_\{([^{}]*)\}|_(\w)", lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"\^\{([^{}]*)\}", r"^\1", text)
    text = re.sub(r"\\[A-Za-z]+", "", text).replace("{", "").replace("}", "")
    return re.sub(r"\s+", " ", text).strip()


def number(value: float) -> str:
    """A value to 3 significant figures, as a reader hears it (``-0.457``, ``1.2e+04`` as ``12000``)."""
    if not isinstance(value, (numbers.Real, np.floating, np.integer)):
        raise TypeError(f"value must be a real number, got {value!r}")
    value = float(value)
    if not np.isfinite(value):
        return {np.inf: "infinity", -np.inf: "minus infinity"}.get(value, "undefined")
    if 1e-4 <= abs(value) < 1e6:
        return f"{float(f'{value:.3g}'):g}" if abs(value) >= 1 else f"{value:.3g}"
    return f"{value:.3g}"


def alt_text(fig) -> str:
    """A description of every panel of ``fig``: the sentences its plotting functions attached, then its data.

    Parameters
    ----------
    fig : matplotlib Figure

    Returns
    -------
    str
        Plain text, one paragraph; panels are numbered when there are several.
    """
    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    panels = [ax for ax in fig.axes if ax.get_visible() and not _is_colorbar(ax)]
    title = plain_text(fig.get_suptitle())
    parts = [_sentence(title)]
    if len(panels) > 1:
        parts.append(f"{len(panels)} panels.")
    for k, ax in enumerate(panels):
        parts.append(_panel(ax, f"Panel {k + 1}" if len(panels) > 1 else ""))
    return " ".join(part for part in parts if part)


def _is_colorbar(ax) -> bool:
    return hasattr(ax, "_colorbar") or ax.get_label() == "<colorbar>"


def _panel(ax, name: str) -> str:
    title = plain_text(ax.get_title())
    lines = [_sentence(f"{name}{': ' if name and title else ''}{title}")]
    lines += sentences(ax)
    lines += [_axis(ax, "x"), _axis(ax, "y")]
    described = _described(ax)
    lines += _curves(ax, described) + _point_sets(ax, described) + _bars(ax) + _maps(ax) + _annotations(ax)
    return " ".join(line for line in lines if line)


def _axis(ax, which: str) -> str:
    label = plain_text(getattr(ax, f"get_{which}label")())
    low, high = sorted(getattr(ax, f"get_{which}lim")())
    scale = getattr(ax, f"get_{which}scale")()
    shown = f" ({scale} scale)" if scale != "linear" else ""
    if not label and not getattr(ax, f"get_{which}axis")().get_visible():
        return ""
    return f"{which} axis{': ' + label if label else ''}, from {number(low)} to {number(high)}{shown}."


def _finite(values) -> np.ndarray:
    values = np.asarray(values, dtype=float).ravel()
    return values[np.isfinite(values)]


def _span(values) -> str:
    values = _finite(values)
    if values.size == 0:
        return ""
    low, high = float(values.min()), float(values.max())
    return number(low) if high - low <= 1e-9 * max(abs(low), abs(high)) else f"from {number(low)} to {number(high)}"


def _labelled(artist) -> str:
    label = artist.get_label()
    return "" if not label or label.startswith("_") else plain_text(label)


def _curves(ax, described: set) -> list[str]:
    curves, markers = [], []
    lines = [line for line in ax.get_lines() if line.get_visible() and id(line) not in described]   # hidden: unread
    for line in lines:
        x, y = _finite(line.get_xdata(orig=False)), _finite(line.get_ydata(orig=False))
        if y.size == 0:
            continue
        label = _labelled(line)
        if line.get_linestyle() in ("None", "", " ") and line.get_marker() not in (None, "None", ""):
            markers.append(f"{label or 'points'}: {y.size} point{'s' * (y.size > 1)}, "
                           f"x {_span(x)}, y {_span(y)}")
        elif label:
            curves.append(f"{label}: y {_span(y)} over x {_span(x)}, ending at {number(y[-1])}")
    unnamed = sum(1 for line in lines if not _labelled(line) and line.get_linestyle() not in ("None", "", " "))
    sentences = [f"Curve {text}." for text in curves[:_MOST_NAMED]]
    sentences += [f"Markers {text}." for text in markers[:_MOST_NAMED]]
    if unnamed:
        sentences.append(f"{unnamed} unlabelled line{'s' * (unnamed > 1)}.")
    return sentences


def _point_sets(ax, described: set) -> list[str]:
    readings = []
    for collection in ax.collections:
        if (not isinstance(collection, PathCollection) or not collection.get_visible()
                or id(collection) in described):
            continue
        offsets = np.asarray(collection.get_offsets())
        if offsets.size == 0:
            continue
        label = _labelled(collection) or "Points"
        readings.append(f"{label}: {len(offsets)} point{'s' * (len(offsets) > 1)}, "
                        f"x {_span(offsets[:, 0])}, y {_span(offsets[:, 1])}.")
    return readings[:_MOST_NAMED]


def _bars(ax) -> list[str]:
    readings = []
    for container in ax.containers:
        if not isinstance(container, BarContainer):
            continue
        vertical = container.orientation == "vertical"
        names = _tick_names(ax.xaxis if vertical else ax.yaxis)
        bars = [(patch.get_x() + patch.get_width() / 2, patch.get_height()) if vertical
                else (patch.get_y() + patch.get_height() / 2, patch.get_width()) for patch in container.patches]
        shown = ", ".join(f"{names.get(round(centre, 6), '')} {number(size)}".strip() for centre, size in bars[:12])
        label = _labelled(container) or "Bars"
        readings.append(f"{label}: {len(bars)} bar{'s' * (len(bars) > 1)}, {shown}{', ...' if len(bars) > 12 else ''}.")
    return readings[:_MOST_NAMED]


def _tick_names(axis) -> dict:
    """The text of each tick that names a category (a bar's), by its position."""
    positions = axis.get_ticklocs()
    texts = axis.get_major_formatter().format_ticks(positions)
    return {round(float(position), 6): plain_text(text) for position, text in zip(positions, texts)
            if text and not re.fullmatch(r"[−\-\d.,e+ ]+", text)}


def _maps(ax) -> list[str]:
    readings = []
    for artist in list(ax.images) + [c for c in ax.collections if isinstance(c, QuadMesh)]:
        values = _finite(np.ma.filled(np.ma.asarray(artist.get_array(), dtype=float), np.nan))
        if values.size:
            readings.append(f"A shaded map of values {_span(values)}.")
    filled = sum(isinstance(c, PolyCollection) for c in ax.collections)
    if filled:
        readings.append(f"{filled} shaded area{'s' * (filled > 1)}.")
    return readings[:_MOST_NAMED]


def _annotations(ax) -> list[str]:
    texts = [plain_text(text.get_text()) for text in ax.texts if text.get_visible()]
    texts = [text for text in texts if text]
    if not texts:
        return []
    return [f"Labels on the panel: {'; '.join(texts[:_MOST_NAMED])}."]


def _alt_metadata(fig) -> tuple[dict, dict]:
    """No data of its own, and the alt text of ``fig``'s PNG as metadata (IPython keeps it beside the PNG)."""
    return {}, {"image/png": {"alt": alt_text(fig)}}


def use_alt_text() -> None:
    """Make every figure shown in the running IPython kernel carry its :func:`alt_text` (no-op outside IPython).

    The description travels as metadata from IPython's mime-bundle formatter, which the inline backend leaves
    alone, so it holds whenever and however often the backend sets up its PNG formatter.
    """
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.mimebundle_formatter.for_type(Figure, _alt_metadata)
