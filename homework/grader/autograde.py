"""Autograding one submitted notebook: read it, run it in the sandbox, judge it, and record the grades.

:func:`grade` is the part that may run beside others (it writes nothing): it reads the submission
(``submission.py``), runs its cells and cases in the sandbox (``execution.py``) and judges the reports
(``judge.py``) against the expected values of that student's own numbers, giving the notebook as graded, with
every cell's outputs and every test's verdict, and the flags. :func:`record` then writes it, in the grader's process
only: the notebook in ``autograded/<student>/<assignment>/`` and the scores through nbgrader's own ``SaveAutoGrades`` and
``AssignLatePenalties`` into the gradebook, so that nbgrader's formgrader and feedback work as they do after
``nbgrader autograde``.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from . import identity, judge, submission
from .checks import FunctionCheck, read
from .execution import Case, Cell, execute
from .sandbox import Limits

#: The most characters of a cell's output the graded notebook keeps.
OUTPUT_CAP = 20_000
#: HTML in an answer that would run a script if a page showed it as HTML.
_SCRIPT = re.compile(r"<\s*script|<[^>]*\son[a-z]+\s*=|javascript:", re.IGNORECASE)


#: The student whose tests are read when an assignment is checked before a class is graded (``make homework``).
SAMPLE_STUDENT = "a-sample-student"


@dataclass
class Notebook:
    """One notebook of an assignment, as the instructor wrote it: all the grader needs to grade it.

    The tests are read for each student (:meth:`tests_for`): their expected values come from the student's own
    numbers.
    """

    assignment: str
    name: str
    release: nbformat.NotebookNode   #: the student's version (nbgrader's metadata and checksums)
    source: nbformat.NotebookNode    #: the instructor's version (hidden tests, rubrics)
    setup: str                       #: the locked code cells that are not tests, in order
    test_sources: list               #: (grade_id, source) of each test cell
    solutions: list                  #: the sources of the model solution's code cells

    @classmethod
    def of(cls, course: Path, assignment: str) -> list[Notebook]:
        """Every notebook of ``assignment``, from ``course``/source and ``course``/release; ``ValueError`` if the
        grader cannot read its tests."""
        found = []
        for path in sorted((course / "release" / assignment).glob("*.ipynb")):
            source = nbformat.read(course / "source" / assignment / path.name, as_version=4)
            notebook = cls(assignment, path.stem, nbformat.read(path, as_version=4), source, *instructor_parts(source))
            notebook.tests_for(SAMPLE_STUDENT)
            found.append(notebook)
        return found

    def tests_for(self, student: str) -> dict:
        """{grade_id: checks.TestCell} of the test cells, their expected values computed for ``student``."""
        return {test.grade_id: test for test in read(self.setup, self.test_sources, self.solutions, student)}


def instructor_parts(source: nbformat.NotebookNode) -> tuple[str, list, list]:
    """What the grader runs of the instructor's version: the setup (the locked code cells that are not tests, in
    order), the (grade_id, source) of each test cell, and the sources of the model solution's code cells."""
    code = [(cell.source, cell.metadata.get("nbgrader", {})) for cell in source.cells if cell.cell_type == "code"]
    return ("\n".join(text for text, meta in code if meta.get("locked") and not meta.get("grade")),
            [(meta["grade_id"], text) for text, meta in code if meta.get("grade") and not meta.get("solution")],
            [text for text, meta in code if meta.get("solution")])


@dataclass
class Settings:
    """How long, and with what, a notebook may run."""

    cell_timeout: float = 30.0
    deadline: float = 600.0
    limits: Limits = field(default_factory=Limits)


@dataclass
class Graded:
    """A notebook as graded (None if it could not be), and the sentences that flag it."""

    notebook: nbformat.NotebookNode | None
    flags: list


def grade(notebook: Notebook, path: Path, student: str, settings: Settings = Settings()) -> Graded:
    """Grade the notebook at ``path``, submitted by ``student`` (whose numbers it is graded with); nothing is
    written."""
    try:
        entries = submission.restore(submission.load(path), notebook.release, notebook.source, notebook.assignment,
                                     python=submission.ipython_to_python)
    except submission.Unreadable as unreadable:
        return Graded(None, [str(unreadable)])
    tests = notebook.tests_for(student)
    plan = _Plan(tests, entries)
    ran = execute(plan.cells, plan.cases, settings.cell_timeout, settings.deadline, settings.limits, student)
    flags = identity.flags(entries, student) + list(ran.flags)
    for index, entry in enumerate(entries):
        report = ran.cells.get(plan.position.get(index))
        if entry.kind == "student":
            entry.cell.outputs, found = judge.student_cell(entry.label, report, OUTPUT_CAP, settings.limits)
        elif entry.kind == "test":
            reports = [ran.cases.get(k) for k in plan.cases_of[index]]
            entry.cell.outputs, found = judge.test_cell(tests[entry.label], reports, report)
        elif entry.kind == "setup":
            entry.cell.outputs, found = identity.numbers_shown(entry.cell.source, notebook.assignment, student), []
        else:
            found = [f"{entry.label} holds HTML that would run a script (the formgrader and the feedback show it as "
                     "text)"] if entry.kind == "answer" and _SCRIPT.search(entry.cell.source) else []
        flags += found
    for case in plan.cases:
        if case.k in ran.cases:
            flags += judge.case_flags(f"{case.function} (a case of {plan.labels[case.cell]})", ran.cases[case.k],
                                      settings.limits)
    graded = nbformat.v4.new_notebook(cells=[entry.cell for entry in entries], metadata=notebook.release.metadata)
    return Graded(graded, list(dict.fromkeys(flags)))


class _Plan:
    """What the sandbox runs for a notebook: its cells, its tests' cases, and where each entry's are."""

    def __init__(self, tests: dict, entries: list):
        self.cells, self.cases, self.labels = [], [], []
        self.position, self.cases_of = {}, {}
        for index, entry in enumerate(entries):
            if entry.kind not in ("setup", "test", "student"):
                continue
            self.position[index] = len(self.cells)
            self.labels.append(entry.label)
            test = tests[entry.label] if entry.kind == "test" else None
            self.cells.append(Cell(entry.run, entry.kind, test.answers if test else [], test.functions if test else []))
            self.cases_of[index] = [self._case(check, self.position[index]) if isinstance(check, FunctionCheck)
                                    else None for check in (test.checks if test else [])]

    def _case(self, check: FunctionCheck, cell: int) -> int:
        self.cases.append(Case(len(self.cases), cell, check.function, tuple(check.arguments.values()),
                               check.hidden is not None, "numpy" if check.numpy_only else "full",
                               check.options["time_limit"]))
        return self.cases[-1].k


# ----------------------------------------------------------------------------------------------
# Recording, in the grader's process only
# ----------------------------------------------------------------------------------------------


def course_config(course: Path):
    """The course's nbgrader settings (``nbgrader_config.py``: a late-submission penalty, ...), for :func:`record`."""
    from traitlets.config.loader import PyFileConfigLoader
    return PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()


def record(course: Path, notebook: Notebook, student: str, graded: Graded, timestamp, db_url: str,
           config=None) -> None:
    """Write the graded notebook and its scores (or, if it could not be graded, remove any older ones); ``config``
    is the course's nbgrader settings (:func:`course_config`)."""
    from nbgrader.api import Gradebook
    from nbgrader.preprocessors import AssignLatePenalties, SaveAutoGrades
    from sqlalchemy.exc import SAWarning

    folder = course / "autograded" / student / notebook.assignment
    with Gradebook(db_url) as gradebook:
        gradebook.update_or_create_student(student)
    with Gradebook(db_url) as gradebook, warnings.catch_warnings():
        warnings.simplefilter("ignore", SAWarning)       # nbgrader's add_submission, as under `nbgrader autograde`
        if timestamp is None:
            gradebook.update_or_create_submission(notebook.assignment, student)
        else:
            gradebook.update_or_create_submission(notebook.assignment, student, timestamp=timestamp)
    if graded.notebook is None:
        shutil.rmtree(folder, ignore_errors=True)
        return
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".ipynb")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        nbformat.write(graded.notebook, file)
    os.replace(temporary, folder / f"{notebook.name}.ipynb")
    # nbgrader's two notes of the exchange, kept as its autograde keeps them: generate_feedback passes them on, and
    # release_feedback needs both (when, and the secret that names the feedback the student can fetch)
    for name in ("timestamp.txt", "submission_secret.txt"):
        collected = course / "submitted" / student / notebook.assignment / name
        if collected.is_file() and not collected.is_symlink() and collected.stat().st_size <= 1024:
            shutil.copyfile(collected, folder / name)
    resources = {"nbgrader": {"notebook": notebook.name, "assignment": notebook.assignment, "student": student,
                              "db_url": db_url}}
    for step in (SaveAutoGrades(config=config), AssignLatePenalties(config=config)):
        step.preprocess(graded.notebook, resources)
