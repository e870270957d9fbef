"""A homework's tests run in the test process, without the sandbox: quick, for checking the tasks themselves.

The grader reads an assignment's tests for one student (``grader.checks.read``: the expected values from the model
solution at that student's numbers); here the source notebook's cells then run in order in this process, the model
solution's or the answers given in their place, and every check of every test cell judges them with
``homework_checks``, as a student's own run of the tests does. So a wrong implementation of a task (``tests/
homework_wrong.py``) can be tried on every case of that task, hidden ones included, for many students, in
milliseconds. (The code run here is the course's own: the model solution and the wrong implementations of
``tests/``; a student's code is never run outside the sandbox.)
"""

from __future__ import annotations

import builtins
import copy
import functools
import re

import nbformat
import numpy as np

from homework_course import HOMEWORK, tool  # noqa: F401  (tool puts homework/ on the path)
import homework_checks  # noqa: E402
from grader.autograde import SAMPLE_STUDENT, instructor_parts  # noqa: E402
from grader.checks import AnswerCheck, FunctionCheck, _Identity, read  # noqa: E402


@functools.lru_cache(maxsize=None)
def source(assignment: str) -> nbformat.NotebookNode:
    """The instructor's version of ``assignment``'s notebook."""
    return nbformat.read(HOMEWORK / "source" / assignment / f"{assignment}.ipynb", as_version=4)


@functools.lru_cache(maxsize=None)
def tests_for(assignment: str, student: str) -> dict:
    """{grade_id: checks.TestCell} of ``assignment`` for ``student``, as the grader reads them."""
    setup, test_sources, solutions = instructor_parts(source(assignment))
    return {test.grade_id: test for test in read(setup, test_sources, solutions, student)}


def namespace_of(assignment: str, student: str, answers: dict | None = None) -> dict:
    """The notebook's namespace after its cells ran for ``student``: the model solution's cells, or ``answers``
    ({grade_id: source}) in their place; test cells and the student's id cell are left out."""
    identity = _Identity(student)

    def importer(name, *args, **kwargs):
        return identity if name == "homework_numbers" else builtins.__import__(name, *args, **kwargs)

    namespace = {"__builtins__": {**vars(builtins), "__import__": importer}, "__name__": "__main__", "STUDENT_ID": ""}
    for cell in source(assignment).cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code" or meta.get("grade") or not (meta.get("locked") or meta.get("solution")):
            continue
        code = (answers or {}).get(meta["grade_id"], cell.source)
        exec(compile(code, f"<{meta['grade_id']}>", "exec"), namespace)
    return namespace


def judge(check, namespace: dict) -> str:
    """The message of one check on the notebook's ``namespace`` ("" if it passes)."""
    try:
        if isinstance(check, FunctionCheck):
            if check.function not in namespace:
                return f"{check.function} is not defined"
            homework_checks.check(namespace[check.function], copy.deepcopy(check.arguments),
                                  case=check.hidden, **check.options)
        else:
            getattr(homework_checks, check.judge)(namespace.get(check.variable), **check.arguments)
    except AssertionError as failure:
        return str(failure)
    return ""


def failures(assignment: str, student: str, answers: dict | None = None, cells=None) -> dict[str, str]:
    """{grade_id: the message of its first failed check} of the test cells (those of ``cells`` if given) that fail
    when ``student``'s notebook holds the model solution with ``answers`` in place of some of its cells."""
    namespace = namespace_of(assignment, student, answers)
    found = {}
    for grade_id, test in tests_for(assignment, student).items():
        if cells is not None and grade_id not in cells:
            continue
        for check in test.checks:
            message = judge(check, namespace)
            if message:
                found[grade_id] = message
                break
    return found


def answers_in_cell(assignment: str, grade_id: str) -> list[str]:
    """The derived answers (variables the tests judge) that the answer cell ``grade_id`` defines."""
    cell = next(cell for cell in source(assignment).cells if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    judged = {check.variable for test in tests_for(assignment, SAMPLE_STUDENT).values() for check in test.checks
              if isinstance(check, AnswerCheck)}
    return [name for name in sorted(judged) if cell.source.lstrip().startswith(f"{name} =")]


def derive_cells(assignment: str) -> list[str]:
    """The grade_ids of the answer cells of derived numbers, in order."""
    return [cell.metadata.nbgrader["grade_id"] for cell in source(assignment).cells
            if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution")
            and answers_in_cell(assignment, cell.metadata.nbgrader["grade_id"])]


def implement_cells(assignment: str) -> list[str]:
    """The grade_ids of the answer cells that define a function the tests call."""
    functions = {check.function for test in tests_for(assignment, SAMPLE_STUDENT).values() for check in test.checks
                 if isinstance(check, FunctionCheck)}
    return [cell.metadata.nbgrader["grade_id"] for cell in source(assignment).cells
            if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution")
            and any(f"def {name}(" in cell.source for name in functions)]


def cells_testing(assignment: str, grade_id: str) -> list[str]:
    """The grade_ids of the test cells that judge what the answer cell ``grade_id`` defines."""
    cell = next(cell for cell in source(assignment).cells if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    found = []
    for cell_id, test in tests_for(assignment, SAMPLE_STUDENT).items():
        names = {check.function if isinstance(check, FunctionCheck) else check.variable for check in test.checks}
        if any(f"def {name}(" in cell.source or cell.source.lstrip().startswith(f"{name} =") for name in names):
            found.append(cell_id)
    return found


def kind(assignment: str, grade_id: str) -> str:
    """The kind of the task an answer cell belongs to ("implement", "derive" or "explain"), from its heading."""
    found = ""
    for cell in source(assignment).cells:
        heading = re.search(r"^## Task \d+ \((implement|derive|explain),", cell.source, re.M)
        if cell.cell_type == "markdown" and heading:
            found = heading[1]
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            return found
    raise KeyError(grade_id)


def literal_answers(assignment: str, student: str) -> dict[str, str]:
    """{grade_id: source} of every derived answer's cell, written as numbers: the model solution's values at
    ``student``'s numbers, as a student who worked them out would type them (17 significant figures)."""
    namespace = namespace_of(assignment, student)
    return {grade_id: "\n".join(f"{name} = {_typed(namespace[name])}" for name in answers_in_cell(assignment, grade_id))
            for grade_id in derive_cells(assignment)}


def _typed(value) -> str:
    array = np.asarray(value, dtype=float)
    return repr(float(array)) if array.ndim == 0 else repr([float(item) for item in array.ravel()])
