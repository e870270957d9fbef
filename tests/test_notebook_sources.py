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


def _installed_with_the_course() -> set[str]:
    """The distributions that installing the course brings (pyproject's dependencies and theirs, no extras),
    by their canonical names."""
    import tomllib
    from importlib.metadata import PackageNotFoundError, requires
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    wanted = [Requirement(line) for line in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
              ["dependencies"]]
    found = set()
    while wanted:
        requirement = wanted.pop()
        name = canonicalize_name(requirement.name)
        if name in found or (requirement.marker and not requirement.marker.evaluate({"extra": ""})):
            continue
        found.add(name)
        try:
            wanted.extend(Requirement(line) for line in requires(name) or ())
        except PackageNotFoundError:
            pass
    return found


def _imported_packages(source: Path) -> set[str]:
    """The top-level modules a notebook's source imports."""
    import ast
    modules = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.add(node.module.split(".")[0])
    return modules


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_notebook_imports_only_what_the_course_installs(source):
    """A student's environment (`make lab`, Binder, the hub's image) has the course's dependencies, not its
    test extras: a notebook that imports statsmodels runs under `make test` and fails in the lecture."""
    import sys
    from importlib.metadata import packages_distributions
    from packaging.utils import canonicalize_name

    installed, providers = _installed_with_the_course(), packages_distributions()
    for module in sorted(_imported_packages(source) - set(sys.stdlib_module_names) - {"lecture_utils"}):
        distributions = {canonicalize_name(name) for name in providers.get(module, [])}
        assert distributions & installed, (
            f"notebooks/src/{source.name} imports {module} (from {sorted(distributions) or 'nowhere'}), which the "
            "course's dependencies in pyproject.toml do not install: add it there, or compare another way")


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.stem)
def test_a_cell_stores_its_printed_lines_as_one_output(source):
    """The kernel may send a cell's printed lines in several messages; stored as several outputs, they show as
    several boxes (a slide grows). `make notebooks` joins them."""
    committed = nbformat.read(ROOT / "notebooks" / f"{source.stem}.ipynb", as_version=4)
    for index, cell in enumerate(committed.cells):
        outputs = cell.get("outputs", [])
        for first, second in zip(outputs, outputs[1:]):
            assert not (first.output_type == second.output_type == "stream" and first.name == second.name), (
                f"cell {index} stores its {first.name} in pieces: run `make notebooks`")
