"""Every figure is described for a reader who cannot see it (issue 37): its alt text, from its data.

The references are hand computations on the data drawn: the number of points on each side of a line counted
with numpy, the ranges and heights read off the arrays passed to matplotlib.
"""

import gc
import json
import re
import weakref
from pathlib import Path

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from lecture_utils import plotting  # noqa: E402
from lecture_utils.plotting.description import alt_text, describe, number, plain_text  # noqa: E402

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


@pytest.mark.parametrize("tex, plain", [
    (r"$\mathbf{w}^\top \mathbf{x}_1$", "w^T x1"),
    (r"$\|\mathbf{w}\|$", "‖w‖"),
    (r"$\hat{\sigma}^{2}_{\mathrm{MLE}}$", "sigma-hat^2MLE"),
    (r"$\frac{1}{N}\sum_{n} \ln p$", "(1)/(N)sumn ln p"),
    (r"cost $\lambda \geq 0$", "cost lambda ≥ 0"),
    (r"$\left(\le \ne\right)$", "(≤ ≠)"),
    ("plain words", "plain words"),
])
def test_mathtext_is_read_as_plain_text(tex, plain):
    assert plain_text(tex) == plain


@pytest.mark.parametrize("value, spoken", [(1234.5, "1230"), (-0.45678, "-0.457"), (0.0, "0"), (2e-7, "2e-07"),
                                           (np.inf, "infinity"), (3.0, "3")])
def test_numbers_are_read_to_three_significant_figures(value, spoken):
    assert number(value) == spoken


def test_a_boundary_says_how_many_points_lie_on_their_own_side(ax):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 2))
    t = np.where(X[:, 0] + 0.5 * X[:, 1] > 0.2, 1, -1)
    t[:4] *= -1                                                    # four points on the wrong side of that line
    w, b = np.array([0.9, -0.4]), 0.3
    plotting.plot_data(ax, X, t)
    plotting.plot_hyperplane(ax, w, b)
    right = int(np.sum(np.sign(X @ w + b) == t))                  # counted by hand, independently
    text = alt_text(ax.figure)
    assert f"The line 0.9 x1 - 0.4 x2 + 0.3 = 0, with {right} of the 30 points on their own class's side." in text
    assert f"{np.sum(t == -1)} circles (t = -1), {np.sum(t == 1)} squares (t = +1)" in text


def test_a_sentence_goes_when_its_artist_moves_or_is_removed(ax):
    line, = ax.plot([0, 1], [0, 1])
    describe(ax, "the diagonal", about=line)
    assert "The diagonal." in alt_text(ax.figure) and "unlabelled" not in alt_text(ax.figure)
    line.set_data([0, 1], [1, 0])                                  # a widget moved it: the sentence no longer holds
    assert "diagonal" not in alt_text(ax.figure) and "1 unlabelled line" in alt_text(ax.figure)
    describe(ax, "the other diagonal", about=line)
    line.remove()
    assert "diagonal" not in alt_text(ax.figure)


def test_a_described_figure_goes_when_nothing_else_holds_it():
    """A sentence about an artist does not keep the figure alive (a notebook's static figures, about 3 MB each)."""
    fig, ax = plt.subplots()
    line, = ax.plot([0, 1], [0, 1])
    describe(ax, "the diagonal", about=line)
    plt.close(fig)
    figure = weakref.ref(fig)
    del fig, ax, line
    gc.collect()
    assert figure() is None


def test_the_reading_gives_axes_curves_points_bars_and_maps_with_their_data():
    fig, (left, right) = plt.subplots(1, 2)
    x = np.array([1.0, 10.0, 100.0])
    left.loglog(x, 5 * x ** 1.5, label="bound")
    left.plot(x, [3.0, 20.0, 60.0], "o", label="updates")
    left.set(xlabel="margin $\\gamma$", title="the bound holds")
    right.bar(["spam", "ham"], [0.25, 0.75])
    right.imshow(np.arange(6.0).reshape(2, 3))
    fig.suptitle("two panels")
    text = alt_text(fig)
    plt.close(fig)
    assert text.startswith("Two panels. 2 panels. Panel 1: the bound holds.")
    lo, hi = left.get_xlim()
    assert f"x axis: margin gamma, from {number(lo)} to {number(hi)} (log scale)." in text
    assert "Curve bound: y from 5 to 5000 over x from 1 to 100, ending at 5000." in text
    assert "Markers updates: 3 points, x from 1 to 100, y from 3 to 60." in text
    assert "Bars: 2 bars, spam 0.25, ham 0.75." in text
    assert "A shaded map of values from 0 to 5." in text


def test_a_shown_figure_carries_its_description_as_the_pngs_alt():
    from IPython.core.interactiveshell import InteractiveShell
    from matplotlib.figure import Figure

    shell = InteractiveShell.instance()
    plotting.use_house_style()
    fig = Figure()
    fig.add_subplot().plot([0, 1], [2, 3], label="a rising line")
    data, metadata = shell.display_formatter.format(fig)
    assert metadata["image/png"]["alt"] == alt_text(fig)
    assert "Curve a rising line: y from 2 to 3" in metadata["image/png"]["alt"]


def _figure_outputs(path):
    for index, cell in enumerate(json.loads(path.read_text())["cells"]):
        for output in cell.get("outputs", []):
            if "image/png" in output.get("data", {}):
                yield index, cell, output


def _titles(cell) -> set:
    titles = re.findall(r"title=\"([^\"]*)\"|set_title\(\"([^\"]*)\"|suptitle\(\"([^\"]*)\"", "".join(cell["source"]))
    return {plain_text(part).rstrip(".").lower() for groups in titles for part in groups if part}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_stored_figure_has_a_description_from_its_data_not_only_its_title(path):
    missing, thin = [], []
    for index, cell, output in _figure_outputs(path):
        alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
        if not alt.strip():
            missing.append(index)
        elif alt.rstrip(".").lower() in _titles(cell) or not re.search(r"\d", alt) or len(alt.split()) < 12:
            thin.append((index, alt))
    assert not missing, f"{path.name}: figures without alt text in cells {missing}"
    assert not thin, f"{path.name}: alt text that is only a title, or without the data: {thin}"
