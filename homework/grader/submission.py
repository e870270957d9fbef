"""A submitted notebook, read with care and put back in the assignment's shape, in the grader's process.

:func:`load` reads the file as the untrusted text it is: a regular file (not a link), at most
:data:`MAX_BYTES`, UTF-8, JSON, nbformat 4, cells of the three kinds. Nothing else of the submission's folder is
read, and nothing of the file is executed here. :class:`Unreadable` says in a sentence what is wrong.

:func:`restore` lays the submission over the assignment's cells, in the source's order: a cell the
assignment locks (the setup, the questions, the tests) comes from the instructor's version wherever the
student moved, edited or deleted it; a solution cell keeps the student's text (or the blank one, if deleted);
a cell the student added stays after the assignment's cell it followed. A cell is the assignment's by its
nbgrader ``grade_id``, the first cell that claims it; the student's metadata is otherwise ignored. A notebook
with no cell of the assignment's, or more cells of other assignments' than of its own, is not graded.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

import nbformat

#: The largest notebook the grader reads.
MAX_BYTES = 20 * 2**20


class Unreadable(Exception):
    """The submission cannot be graded; the message is a sentence for the instructor (and the student)."""


@dataclass
class Submitted:
    """One cell of a submission, as read: its kind, text, and the assignment's cell it claims to be."""

    cell_type: str
    source: str
    grade_id: str | None


@dataclass
class Entry:
    """One cell of the notebook as graded: the cell to store, and how the sandbox runs it."""

    cell: nbformat.NotebookNode
    kind: str                        #: "setup" or "test" (the instructor's code) or "student": run; "answer"
                                     #: (the student's Markdown) or "" (the instructor's): not run
    label: str                       #: how messages name it: its grade_id, or "a cell added after epoch"
    run: str = ""                    #: the Python the sandbox runs (a test cell: its visible part)


def load(path: Path) -> list[Submitted]:
    """The cells of the notebook at ``path``; :class:`Unreadable` if it is not a notebook one can grade."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as error:
        raise Unreadable(f"the notebook {path.name} could not be opened ({error.strerror}): is it a file, and not "
                         "a link?") from None
    with os.fdopen(descriptor, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise Unreadable(f"{path.name} is not a file")
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Unreadable(f"the notebook is larger than {MAX_BYTES // 2**20} MB: clear its outputs "
                         "(Edit → Clear Outputs of All Cells), save it and submit it again")
    try:
        notebook = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Unreadable("the notebook is not text (UTF-8): it is not a Jupyter notebook, or it is damaged") from None
    except json.JSONDecodeError as error:
        raise Unreadable(f"the notebook is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg}): "
                         "it was cut short or edited outside Jupyter; open it in Jupyter, save it and submit it "
                         "again") from None
    except RecursionError:
        raise Unreadable("the notebook's JSON is nested too deeply to be a notebook") from None
    return _cells(notebook)


def _cells(notebook) -> list[Submitted]:
    if not isinstance(notebook, dict) or "cells" not in notebook and "worksheets" not in notebook:
        raise Unreadable("the file is JSON but not a Jupyter notebook (it has no cells)")
    version = notebook.get("nbformat")
    if version != 4:
        raise Unreadable(f"the notebook is in format nbformat {version!r}, not 4: it was saved by an old or odd "
                         "program; open it in JupyterLab, save it and submit it again")
    cells = notebook.get("cells")
    if not isinstance(cells, list):
        raise Unreadable("the notebook's cells are not a list: the file is damaged")
    return [_cell(number, cell) for number, cell in enumerate(cells, 1)]


def _cell(number: int, cell) -> Submitted:
    if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw"):
        raise Unreadable(f"cell {number} of the notebook is not a code, markdown or raw cell: the file is damaged")
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        source = "".join(source)
    if not isinstance(source, str):
        raise Unreadable(f"cell {number} of the notebook has no text: the file is damaged")
    metadata = cell.get("metadata")
    nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    grade_id = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
    return Submitted(cell["cell_type"], source, grade_id if isinstance(grade_id, str) else None)


def restore(submitted: list[Submitted], release: nbformat.NotebookNode, source: nbformat.NotebookNode,
            assignment: str, python=lambda text: text) -> list[Entry]:
    """The notebook as graded: ``release``'s cells in order, ``source``'s text for its locked ones, the student's
    for the solutions, and the student's added cells after the cell they followed.

    ``python`` turns a code cell's text into the Python the sandbox runs (IPython's syntax: magics, ``!``).
    """
    if not submitted:
        raise Unreadable("the notebook holds no cells: an empty notebook was submitted")
    known = {cell.metadata.nbgrader["grade_id"]: cell for cell in release.cells if "nbgrader" in cell.metadata}
    full = {cell.metadata.nbgrader["grade_id"]: cell.source for cell in source.cells if "nbgrader" in cell.metadata}
    answers, added, anchor = {}, {}, None
    for cell in submitted:
        if cell.grade_id in known and cell.grade_id not in answers:
            answers[cell.grade_id] = cell
            anchor = cell.grade_id
        else:
            added.setdefault(anchor, []).append(cell)
    if not answers:
        raise Unreadable(f"none of the notebook's cells is one of {assignment}'s: was a notebook of its own "
                         "submitted instead of the homework's?")
    strangers = sum(cell.grade_id is not None and cell.grade_id not in known for cell in submitted)
    if strangers >= len(answers):                        # shared names ("setup", "explain") do not make it ours
        raise Unreadable(f"the notebook is not {assignment}'s: {strangers} of its graded cells are another "
                         f"homework's, {len(answers)} this one's (was another homework's notebook submitted?)")
    entries = [_added(cell, None, python) for cell in added.get(None, [])]
    for grade_id, cell in known.items():
        entries.append(_assignment_cell(cell, full[grade_id], answers.get(grade_id), python))
        entries += [_added(extra, grade_id, python) for extra in added.get(grade_id, [])]
    return entries


def _assignment_cell(released, full: str, answer: Submitted | None, python) -> Entry:
    meta = released.metadata.nbgrader
    grade_id = meta["grade_id"]
    cell = nbformat.from_dict({"cell_type": released.cell_type, "id": released.get("id", grade_id),
                               "metadata": {"nbgrader": dict(meta)}, "source": full})
    if cell.cell_type == "code":
        cell.update(outputs=[], execution_count=None)
    if meta.get("locked"):
        kind = "" if cell.cell_type != "code" else "test" if meta.get("grade") else "setup"
        return Entry(cell, kind, grade_id, python(released.source) if kind else "")
    cell.source = answer.source if answer is not None else released.source
    return Entry(cell, "student" if cell.cell_type == "code" else "answer", grade_id,
                 python(cell.source) if cell.cell_type == "code" else "")


def _added(cell: Submitted, anchor: str | None, python) -> Entry:
    label = f"a cell added after {anchor}" if anchor else "a cell added at the top"
    kind = "code" if cell.cell_type == "code" else "markdown"    # a raw cell is shown as text, never as HTML
    node = (nbformat.v4.new_code_cell(cell.source) if kind == "code" else nbformat.v4.new_markdown_cell(cell.source))
    return Entry(node, "student" if kind == "code" else "answer", label, python(cell.source) if kind == "code" else "")


def ipython_to_python(text: str) -> str:
    """A cell's IPython (``%magic``, ``!command``, ``x?``) as the Python it stands for; the text itself if that fails."""
    from IPython.core.inputtransformer2 import TransformerManager
    try:
        return TransformerManager().transform_cell(text)
    except Exception:                                    # the sandbox's compile reports the error to the student
        return text
