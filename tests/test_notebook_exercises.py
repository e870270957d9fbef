"""The exercises as the notebooks ask them: enough of each kind, spread out, and no answer stored.

A notebook imports its module as ``from lecture_utils.exercises import <topic> as exercises``
and asks each exercise in a cell ending with ``exercises.<name>.check(<answer>)``.

Nothing after an exercise shows its answer until the student has given one (issue 32). The
cells from its check to the next heading (or the next check) are its *answer block*, and all
a student sees there before answering is closed or locked:

- Markdown only inside ``<details class="after-answer"><summary>After your answer: why</summary>``
  blocks, closed in JupyterLab, on the site and in the decks, one click away for an instructor
  once the room has answered;
- code that shows its outcome only under ``if exercises.<name>.revealed():``, collapsed (its
  labels, titles and comments can state the outcome; on the site it sits in a closed block, in the
  decks it is left out) and storing only the lock's line; or code that shows nothing.

Every predict and explain exercise explains its outcome in such a block.
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
#: The summary of every after-answer block: it says when to open it, and nothing of what it holds.
SUMMARY = "After your answer: why"
AFTER_ANSWER = re.compile(r'<details class="after-answer">\s*<summary>(?P<summary>.*?)</summary>(?P<body>.*?)</details>',
                          re.S)
LOCKED = "\N{LOCK} Answer the exercise above first"
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


def _printed(cell) -> str:
    """The text a code cell's stored outputs show: streams, plain text and HTML."""
    return "\n".join(output.get("text", "") if output.output_type == "stream"
                     else output.get("data", {}).get("text/plain", "") + output.get("data", {}).get("text/html", "")
                     for output in cell.get("outputs", []))


def _shows(text: str, value: float) -> bool:
    """Whether ``text`` shows ``value`` as a notebook would print it (to 3-5 significant figures or 2-4 decimals)."""
    forms = {f"{value:.{n}g}" for n in (3, 4, 5)} | {f"{value:.{n}f}" for n in (2, 3, 4)}
    return any(re.search(r"(?<![\d.])" + re.escape(form) + r"(?!\d)", text)
               for form in forms if len(form.strip("-0.")) >= 2)                      # "0.5" could be anything


def test_no_stored_output_shows_a_derived_answer_before_its_exercise(notebook):
    """A number to derive is printed nowhere above its exercise (a vector: not all of it in one cell)."""
    _, nb = notebook
    module = exercise_module(nb)
    names, where = names_in(module), {name: index for index, name in asked(nb)}
    for exercise in module.EXERCISES:
        if not hasattr(exercise, "truth"):
            continue
        values = [float(value) for value in exercise.truth.ravel()]
        for index, cell in enumerate(nb.cells[:where[names[id(exercise)]]]):
            text = _printed(cell) if cell.cell_type == "code" else ""
            assert not all(_shows(text, value) for value in values), \
                f"cell {index} shows the answer {values} of {exercise.title!r} before it is asked: {text[:300]}"


def test_a_predict_exercise_reveals_its_outcome_only_after_an_answer(notebook):
    """The first code cell after a predict exercise shows its outcome under `if exercises.<name>.revealed():`,
    so the stored notebook (and Run All) shows only the line asking for an answer first."""
    _, nb = notebook
    names = names_in(exercise_module(nb))
    for index, name in asked(nb):
        exercise = getattr(exercise_module(nb), name)
        if exercise.kind != "predict":
            continue
        after = next(cell for cell in nb.cells[index + 1:] if cell.cell_type == "code")
        assert f"exercises.{name}.revealed()" in after.source, \
            f"{exercise.title!r}: the next code cell shows its outcome without waiting for an answer:\n{after.source}"
        assert _printed(after).startswith("\N{LOCK} Answer the exercise above first"), _printed(after)[:300]
    assert names


def answer_block(notebook, index: int) -> list[int]:
    """The cells after the check in cell ``index``, up to the next heading or the next check."""
    block = []
    for following in range(index + 1, len(notebook.cells)):
        cell = notebook.cells[following]
        if (cell.cell_type == "markdown" and cell.source.lstrip().startswith("#")) or CHECK.search(
                cell.source if cell.cell_type == "code" else ""):
            break
        block.append(following)
    return block


def _locked(cell, name: str) -> bool:
    """Whether the code cell shows its outcome only under ``if exercises.<name>.revealed():``: the line is in its
    code, its code is collapsed (the code of an outcome can state it: labels, titles, a comment), and all it
    stores is the lock's one line."""
    outputs = cell.get("outputs", [])
    streamed = "".join(output.get("text", "") for output in outputs if output.get("output_type") == "stream")
    return (f"\nif exercises.{name}.revealed():\n" in f"\n{cell.source}\n"
            and cell.metadata.get("jupyter", {}).get("source_hidden") is True
            and all(output.get("output_type") == "stream" for output in outputs)
            and streamed.startswith(LOCKED) and streamed.count("\n") <= 1)


def test_an_answer_block_shows_nothing_before_an_answer(notebook):
    """After every exercise, until the next heading, only closed after-answer blocks and locked cells."""
    _, nb = notebook
    problems = []
    for index, name in asked(nb):
        for following in answer_block(nb, index):
            cell = nb.cells[following]
            if cell.cell_type == "markdown":
                shown = AFTER_ANSWER.sub("", cell.source).strip()
                if shown:
                    problems.append(f"{name}: cell {following} shows {shown[:120]!r} outside an after-answer block")
                summaries = {m["summary"].strip() for m in AFTER_ANSWER.finditer(cell.source)}
                if summaries - {SUMMARY}:
                    problems.append(f"{name}: cell {following}'s block is summarised {summaries - {SUMMARY}}, "
                                    f"not {SUMMARY!r}")
            elif cell.get("outputs") and not _locked(cell, name):
                problems.append(f"{name}: cell {following} shows an output without waiting for an answer")
    assert not problems, "\n".join(problems)


def test_every_predict_and_explain_exercise_explains_after_the_answer(notebook):
    _, nb = notebook
    module = exercise_module(nb)
    missing = [name for index, name in asked(nb) if getattr(module, name).kind in ("predict", "explain")
               and not any(nb.cells[cell].cell_type == "markdown" and AFTER_ANSWER.search(nb.cells[cell].source)
                           for cell in answer_block(nb, index))]
    assert not missing, f"no after-answer block explains {missing}"


def test_after_answer_blocks_render_as_markdown_inside():
    """A blank line after the summary and before the end: Markdown (and MathJax) inside an HTML block needs it."""
    for path in NOTEBOOKS:
        for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
            for match in AFTER_ANSWER.finditer(cell.source if cell.cell_type == "markdown" else ""):
                body = match["body"]
                assert body.startswith("\n\n") and body.endswith("\n\n"), (path.stem, index, body[:80])


#: The first line of every locked cell: JupyterLab shows a collapsed cell's first line, so it must say nothing more.
NEUTRAL_FIRST_LINE = "# After your answer: the outcome (run this cell again once you have answered)"


def test_every_locked_cell_is_collapsed_behind_a_neutral_line(notebook):
    """Wherever a cell waits for an answer, its code is collapsed too, in or out of an answer block, and the one
    line JupyterLab still shows of it (the first) is the same neutral line everywhere (round 5 of the reviews:
    a descriptive first comment named the answer)."""
    _, nb = notebook
    locked = [(index, cell) for index, cell in enumerate(nb.cells) if cell.cell_type == "code"
              and re.search(r"(?m)^if exercises\.\w+\.revealed\(\):", cell.source)]
    open_code = [index for index, cell in locked if cell.metadata.get("jupyter", {}).get("source_hidden") is not True]
    telling = [index for index, cell in locked if cell.source.splitlines()[0] != NEUTRAL_FIRST_LINE]
    assert not open_code, f"cells {open_code} wait for an answer but show their code"
    assert not telling, f"cells {telling} do not open with {NEUTRAL_FIRST_LINE!r}"
