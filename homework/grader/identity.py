"""Whose numbers a submission is graded with: its owner's; a notebook that names someone else is flagged.

Each student's derive tasks and hidden cases are drawn from their identity (``homework_numbers``). A submission
belongs to the student of its folder (``submitted/<student>/<assignment>/``, nbgrader's student id, the JupyterHub
user name on a hub), and it is graded with that student's numbers, always. Off the hub, the notebook asks for the
student's id once, in its ``student_id`` cell (``STUDENT_ID = "..."``); read here as text, never run, it must be
empty (on the hub) or the folder's id, or the submission is flagged: a notebook copied from a classmate, or the id
mistyped, shows the wrong student's numbers, and its answers are judged against its owner's.

The graded notebook, and so the feedback, shows the numbers it was graded with: the cells that show a task's numbers
(``numbers.criterion``) get them as their output, drawn here, in the grader's process (:func:`numbers_shown`).
"""

from __future__ import annotations

import ast
import re

import homework_numbers
import nbformat

from . import syntax

#: The grade_id of the cell in which the notebook asks for the student's id.
CELL = "student_id"
#: The name that cell assigns.
NAME = "STUDENT_ID"
#: The longest ``student_id`` cell read: a few lines of text. A longer one is not plain (12 MB of code took the
#: grader's parser 25 s, while the other submissions' parses waited).
MOST_CHARACTERS = 10_000


def claimed(source: str) -> str | None:
    """The id a ``student_id`` cell assigns to ``STUDENT_ID`` (its last plain text assignment), "" if it assigns
    none, None if it is not plain Python assigning text (or longer than :data:`MOST_CHARACTERS`)."""
    if len(source) > MOST_CHARACTERS:
        return None
    try:
        tree = syntax.parse(source)
    except (SyntaxError, ValueError):
        return None
    found = ""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(target, ast.Name) and target.id == NAME
                                                for target in node.targets):
            if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
                return None
            found = node.value.value.strip()
    return found


def flags(entries: list, student: str) -> list[str]:
    """The sentence that flags a submission whose ``student_id`` cell names another student than ``student``."""
    for entry in entries:
        if entry.label == CELL and entry.kind == "student":
            name = claimed(entry.cell.source)
            if name is None:
                return [f"its {CELL} cell does not say plainly whose it is ({NAME} = \"...\"): it was graded with "
                        f"the numbers of {student!r}, whose submission it is"]
            if name and name != student:
                return [f"its {NAME} is {name[:60]!r}, but it was submitted by {student!r}: it was graded with the "
                        f"numbers of {student!r} (a notebook copied, or an id mistyped?)"]
    return []


#: A cell that shows one task's numbers: ``numbers.<task>`` alone.
_SHOWN = re.compile(r"^\s*numbers\.([A-Za-z_]\w*)\s*$")


def numbers_shown(source: str, assignment: str, student: str) -> list:
    """The outputs of a locked cell that shows a task's numbers, for ``student`` (none for any other cell)."""
    match = _SHOWN.match(source)
    if not match or assignment not in homework_numbers.DRAWS:
        return []
    value = getattr(homework_numbers.numbers_of(assignment, student), match[1], None)
    if value is None:
        return []
    return [nbformat.v4.new_output("execute_result", data={"text/plain": repr(value)}, execution_count=None)]
