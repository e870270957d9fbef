"""A course of graded homework in a temporary folder, with simulated submissions, for the homework tests.

The submissions are made from the student version (nbgrader's release) by small edits: the model
solution is the instructor's solution cells put back; a slip replaces one solution cell; a hostile
submission edits cells, metadata or the notebook itself. So they stay in step with the source.
"""

from __future__ import annotations

import copy
import importlib.util
import os
import re
import shutil
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
HOMEWORK = ROOT / "homework"
_spec = importlib.util.spec_from_file_location("homework_tool", ROOT / "tools" / "homework.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)

_MARKER_LINE = re.compile(r"^[ \t]*#*[ \t]*(BEGIN|END) SOLUTION.*\n?", re.M)


def require_a_sandbox() -> None:
    """Skip the calling test where no sandbox can be made (macOS, no bubblewrap), except under CI, where it fails."""
    import pytest
    try:
        tool.sandbox.check()
    except tool.sandbox.Unavailable as unavailable:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{unavailable} (under CI the homework tests must run)")
        pytest.skip(str(unavailable))


def make_course(folder: Path) -> Path:
    """A copy of the course's homework (its settings, checks and sources) in ``folder``/course, released."""
    course = folder / "course"
    course.mkdir(parents=True)
    for path in HOMEWORK.glob("*.py"):
        shutil.copy(path, course / path.name)
    shutil.copytree(HOMEWORK / "source", course / "source",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", *tool.SHIPPED))
    tool.release(course)
    return course


def model_solutions(course: Path, assignment: str) -> dict[str, str]:
    """{grade_id: source} of every solution cell of the instructor's version, markers taken out."""
    solutions = {}
    for notebook in (course / "source" / assignment).glob("*.ipynb"):
        for cell in nbformat.read(notebook, as_version=4).cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution"):
                solutions[meta["grade_id"]] = _MARKER_LINE.sub("", cell.source)
    return solutions


def released(course: Path, assignment: str) -> dict[str, nbformat.NotebookNode]:
    """{file name: notebook} of the student version."""
    return {path.name: nbformat.read(path, as_version=4) for path in (course / "release" / assignment).glob("*.ipynb")}


def cell(notebook, grade_id: str):
    return next(cell for cell in notebook.cells if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def submit(course: Path, assignment: str, student: str, answers: dict[str, str] | None = None,
           model: bool = True, edit=None, files: dict[str, str] | None = None, text=None,
           homework: str | None = None) -> Path:
    """Write ``student``'s submission: the student version of ``homework`` (``assignment`` unless given) with the
    model solution (or none, if not ``model``), the solution cells in ``answers`` replaced, and then
    ``edit(notebook)`` applied; or, with ``text``, the notebook file's text ``text(notebook as JSON)``.
    ``files`` are more files of the submission's folder ({relative path: text})."""
    homework = homework or assignment
    solutions = model_solutions(course, homework) if model else {}
    solutions.update(answers or {})
    folder = course / "submitted" / student / assignment
    shutil.copytree(course / "release" / assignment, folder)
    for name, notebook in released(course, homework).items():
        notebook = copy.deepcopy(notebook)
        for each in notebook.cells:
            grade_id = each.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in solutions:
                each.source = solutions[grade_id]
        if edit is not None:
            edit(notebook)
        target = folder / name.replace(homework, assignment)
        if text is None:
            nbformat.write(notebook, target)
        else:
            target.write_text(text(nbformat.writes(notebook)))
    for path, content in (files or {}).items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(content)
    return folder


def scores(course: Path, assignment: str) -> dict[str, dict[str, float]]:
    """{student: {grade_id: score}} of every autograded submission, from the gradebook."""
    from nbgrader.api import Gradebook
    found = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for submission in gradebook.assignment_submissions(assignment):
            found[submission.student.id] = {grade.name: grade.score for notebook in submission.notebooks
                                            for grade in notebook.grades}
    return found
