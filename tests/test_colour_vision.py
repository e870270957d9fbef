"""Figures stay readable with a colour-vision deficiency (issue 37): no legend tells its entries apart by hue alone.

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of color
vision deficiency", IEEE TVCG 15(6), at severity 1: one 3 x 3 matrix per deficiency, applied to linear sRGB (the
model colorspacious implements). Two colours count as told apart when their CIELAB distance (Delta E 1976) is at
least 15 under normal vision and under each simulation: Okabe and Ito's palette, which the course uses, keeps
every pair at 16 or more.

Every figure the notebooks show is checked, the widgets' included: each notebook runs in a kernel that records,
for every figure it draws, each legend's entries (colour, marker, hollow or filled, line style, hatch); two
entries must differ by one of these, or by colours told apart under every simulation.
"""

import json
from itertools import combinations
from pathlib import Path

import nbformat
import numpy as np
import pytest
from matplotlib.colors import to_rgb
from nbclient import NotebookClient

from lecture_utils.plotting import PALETTE

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))

MACHADO = {
    "normal vision": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
#: The least CIELAB distance at which two colours of a legend count as told apart.
TOLD_APART = 15.0

_SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
_WHITE = np.array([0.95047, 1.0, 1.08883])


def _linear(rgb):
    rgb = np.asarray(rgb, dtype=float)
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def lab_as_seen(colour, deficiency: str) -> np.ndarray:
    """CIELAB of ``colour`` as seen with ``deficiency`` (a key of MACHADO)."""
    xyz = _SRGB_TO_XYZ @ np.clip(MACHADO[deficiency] @ _linear(to_rgb(colour)), 0.0, 1.0)
    t = xyz / _WHITE
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def least_distance(first, second) -> tuple[float, str]:
    """The smallest CIELAB distance between two colours over normal vision and the three deficiencies."""
    return min((float(np.linalg.norm(lab_as_seen(first, kind) - lab_as_seen(second, kind))), kind)
               for kind in MACHADO)


def test_the_simulation_matches_hand_computed_points():
    """White and black are fixed points of every simulation; pure red under protanopia is the first column of
    the matrix (the model is linear in linear sRGB), which turns it a dark olive."""
    for kind in MACHADO:
        np.testing.assert_allclose(lab_as_seen("white", kind), [100.0, 0.0, 0.0], atol=0.6)
        np.testing.assert_allclose(lab_as_seen("black", kind), [0.0, 0.0, 0.0], atol=1e-9)
    red = lab_as_seen("red", "protanopia")
    expected = _SRGB_TO_XYZ @ np.clip(MACHADO["protanopia"][:, 0], 0, 1)
    assert red[0] == pytest.approx(116 * np.cbrt(expected[1]) - 16, abs=1e-9)
    assert least_distance("red", "green")[1] in ("protanopia", "deuteranopia")     # the classic confusion


def test_the_palette_is_told_apart_with_every_deficiency():
    distances = {(a, b): least_distance(a, b) for a, b in combinations(PALETTE, 2)}
    close = {pair: found for pair, found in distances.items() if found[0] < TOLD_APART}
    assert not close, f"palette colours closer than Delta E {TOLD_APART}: {close}"


# Runs first in the kernel: records the legends of every figure drawn, through matplotlib or a course widget.
_RECORDER = r'''
import json as _json
import matplotlib.backend_bases as _backend_bases
from matplotlib.colors import to_hex as _to_hex
from matplotlib.lines import Line2D as _Line2D
from lecture_utils.widgets import _base as _widget_base

_legends = {}

def _entry(handle, label):
    colour = None
    for getter in ("get_color", "get_facecolor", "get_edgecolor"):
        value = getattr(handle, getter, lambda: None)()
        if getattr(value, "ndim", 1) == 2:
            value = value[0] if len(value) else None
        try:
            colour = _to_hex(value, keep_alpha=False)
            break
        except (ValueError, TypeError):
            continue
    line = isinstance(handle, _Line2D)
    marker = handle.get_marker() if line else (f"path{len(handle.get_paths()[0].vertices)}"
                                               if hasattr(handle, "get_paths") and handle.get_paths() else "")
    marker = "" if marker in (None, "None", "") else str(marker)
    hollow = line and marker and str(handle.get_markerfacecolor()).lower() == "none"
    if line and marker and handle.get_linestyle() in ("None", "", " "):      # markers only: their own colour
        colour = _to_hex(handle.get_markeredgecolor() if hollow else handle.get_markerfacecolor(), keep_alpha=False)
    return {"label": label, "colour": colour, "marker": marker, "fill": "hollow" if hollow else "filled",
            "linestyle": str(handle.get_linestyle()) if line else "",
            "hatch": str(getattr(handle, "get_hatch", lambda: "")() or "")}

def _record(figure, where):
    legends = [ax.get_legend() for ax in figure.axes] + list(figure.legends)
    for number, legend in enumerate(legend for legend in legends if legend is not None):
        entries = [_entry(h, t.get_text()) for h, t in zip(legend.legend_handles, legend.get_texts())]
        _legends[f"{where}, legend {number + 1}: {figure.axes[0].get_title() if figure.axes else ''}"] = entries

_print_figure = _backend_bases.FigureCanvasBase.print_figure
def _recording_print_figure(self, *args, **kwargs):
    _record(self.figure, f"figure {len(_legends)}")
    return _print_figure(self, *args, **kwargs)
_backend_bases.FigureCanvasBase.print_figure = _recording_print_figure

_png = _widget_base.FigureWidget.png
def _recording_png(self):
    _record(self.fig, type(self).__name__)
    return _png(self)
_widget_base.FigureWidget.png = _recording_png
'''


def _legends_of(path: Path) -> dict:
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(_RECORDER))
    notebook.cells.append(nbformat.v4.new_code_cell("print(_json.dumps(_legends))"))
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return json.loads(notebook.cells[-1].outputs[0]["text"])


def _told_apart(first: dict, second: dict) -> bool:
    if any(first[key] != second[key] for key in ("marker", "fill", "linestyle", "hatch")):
        return True
    if first["colour"] is None or second["colour"] is None:
        return first["colour"] != second["colour"]
    return least_distance(first["colour"], second["colour"])[0] >= TOLD_APART


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_no_legend_tells_its_entries_apart_by_hue_alone(path):
    legends = _legends_of(path)
    assert legends, f"{path.name}: no legend recorded: the recorder missed the figures"
    by_hue_alone = []
    for where, entries in legends.items():
        for first, second in combinations(entries, 2):
            if not _told_apart(first, second):
                distance, kind = least_distance(first["colour"], second["colour"])
                by_hue_alone.append(f"{where}: '{first['label']}' and '{second['label']}' differ only by colour, "
                                    f"Delta E {distance:.1f} under {kind}")
    assert not by_hue_alone, "\n".join(by_hue_alone)
