"""Each committed notebook has exactly the cells of its paired jupytext script in notebooks/src."""

from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("[0-9][0-9]_*.py"))
KEPT_METADATA = ("slideshow", "tags", "jupyter")          # as cell_metadata_filter in notebooks/jupytext.toml


def cells(notebook):
    return [(cell.cell_type, cell.source, {key: cell.metadata[key] for key in KEPT_METADATA if key in cell.metadata})
            for cell in notebook.cells]


def test_every_notebook_has_a_source():
    notebooks = sorted(path.stem for path in (ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks == [source.stem for source in SOURCES]


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_notebook_matches_its_source(source):
    committed = nbformat.read(ROOT / "notebooks" / f"{source.stem}.ipynb", as_version=4)
    assert cells(committed) == cells(jupytext.read(source)), (
        f"notebooks/{source.stem}.ipynb differs from notebooks/src/{source.name}: run `make notebooks`")


#: The warnings a stored output may show: the course's own, which the notebooks teach from.
COURSE_WARNINGS = ("ConvergenceWarning", "DivergenceWarning", "SeparationWarning", "FoldWarning")


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_stored_stderr_is_only_the_course_s_own_warnings(source):
    """A library's warning caught in a stored output (matplotlib clipping, numpy overflow) is a bug of the
    moment the notebook was built, which nbval would then demand of every later run."""
    committed = nbformat.read(ROOT / "notebooks" / f"{source.stem}.ipynb", as_version=4)
    for index, cell in enumerate(committed.cells):
        for output in cell.get("outputs", []):
            if output.get("name") == "stderr":
                assert any(f"{name}:" in output.text for name in COURSE_WARNINGS), (
                    f"cell {index} stores stderr that is none of the course's warnings: {output.text[:200]!r}")
