"""The exercises as the notebooks ask them: enough of each kind, spread out, and no answer stored.

A notebook imports its module as ``from lecture_utils.exercises import <topic> as exercises``
and asks each exercise in a cell ending with ``exercises.<name>.check(<answer>)``.
"""

import importlib
import json
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
CHECK = re.compile(r"^exercises\.(\w+)\.check\(", re.M)
IMPORT = re.compile(r"from lecture_utils\.exercises import (\w+) as exercises")


def exercise_module(notebook):
    for cell in notebook.cells:
        found = IMPORT.search(cell.source) if cell.cell_type == "code" else None
        if found:
            return importlib.import_module(f"lecture_utils.exercises.{found.group(1)}")
    pytest.fail("the notebook does not import its exercises as `exercises`")


def asked(notebook) -> list[tuple[int, str]]:
    """(cell index, exercise name) of every check, in order."""
    return [(index, name) for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"
            for name in CHECK.findall(cell.source)]


def names_in(module) -> dict:
    ids = {id(exercise) for exercise in module.EXERCISES}
    return {id(value): name for name, value in vars(module).items() if id(value) in ids}


@pytest.fixture(params=NOTEBOOKS, ids=lambda path: path.stem, scope="module")
def notebook(request):
    return request.param, nbformat.read(request.param, as_version=4)


def test_each_exercise_is_asked_once_in_order(notebook):
    _, nb = notebook
    module = exercise_module(nb)
    names = names_in(module)
    assert [name for _, name in asked(nb)] == [names[id(exercise)] for exercise in module.EXERCISES]


def test_enough_exercises_of_each_kind(notebook):
    _, nb = notebook
    kinds = [exercise.kind for exercise in exercise_module(nb).EXERCISES]
    assert len(kinds) >= 6 and kinds.count("implement") >= 2 and kinds.count("predict") >= 1, kinds


def test_no_three_sections_in_a_row_without_an_exercise(notebook):
    _, nb = notebook
    checks = {index for index, _ in asked(nb)}
    starts = [index for index, cell in enumerate(nb.cells)
              if cell.cell_type == "markdown" and re.match(r"## \d+\.", cell.source)] + [len(nb.cells)]
    with_exercise = [any(start <= index < end for index in checks) for start, end in zip(starts, starts[1:])]
    runs = "".join("x" if has else "." for has in with_exercise)
    assert "..." not in runs, f"sections with (x) and without (.) an exercise: {runs}"


def test_the_stored_notebook_shows_no_answer(notebook):
    path, nb = notebook
    for index, _ in asked(nb):
        texts = [output.get("data", {}).get("text/plain", "") for output in nb.cells[index].outputs]
        assert texts and all(text.startswith("Your turn:") for text in texts), (index, texts)
    stored = path.read_text()
    for exercise in exercise_module(nb).EXERCISES:
        for line in exercise.solution.splitlines():
            if len(line) > 40:
                assert json.dumps(line)[1:-1] not in stored, f"{exercise.title}: {line}"
