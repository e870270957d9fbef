"""Judging in the grader's process: what the sandbox reported, against the instructor's expected values.

Every report comes from a process the student's code controlled, so each is checked for its form here
(:class:`Malformed` if it is off) and its values decoded by ``plain.decode``; then ``homework_checks`` judges
them, with the messages the student's own run of a visible test prints. A test cell passes when every check in
it does, and shows the first failure's message; a hidden case is named by what it tests, never shown.

The flags come from here too: what the runner noted in a cell or a case (a program started, a write outside
its folder, a database opened, a switched-off package used, ...), a cell that ran out of memory, was refused
by the sandbox or imported what grading does not provide.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass

import homework_checks
import nbformat

from . import plain
from .checks import AnswerCheck, FunctionCheck

#: The error numbers of a file operation the sandbox refuses.
_REFUSED = {errno.EROFS, errno.EACCES, errno.EPERM}


class Malformed(ValueError):
    """A report that is not of the runner's form: the student's code wrote into the channel."""


@dataclass
class Verdict:
    """A test cell's outcome: passed, or the message of its first failed check."""

    passed: bool
    message: str = ""


# ----------------------------------------------------------------------------------------------
# The form of a report
# ----------------------------------------------------------------------------------------------


def _text(value, limit: int = 20_000) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise Malformed("a text of the wrong form")
    return value


def _texts(value, limit: int = 50) -> list[str]:
    if not isinstance(value, list) or len(value) > limit:
        raise Malformed("a list of texts of the wrong form")
    return [_text(item, 2_000) for item in value]


def _error_of(report: dict) -> dict | None:
    """The report's error, checked: type, its classes, message, traceback, errno (None if it has none)."""
    error = report.get("error", report.get("raised"))
    if error is None:
        return None
    if not isinstance(error, dict):
        raise Malformed("an error of the wrong form")
    number = error.get("errno")
    return {"type": _text(error.get("type"), 300), "mro": _texts(error.get("mro"), 12),
            "message": _text(error.get("message"), 2_000), "traceback": _texts(error.get("traceback")),
            "errno": number if isinstance(number, int) else None}


def _events_of(report: dict) -> list[str]:
    return _texts(report.get("events", []), 20)


# ----------------------------------------------------------------------------------------------
# Checks
# ----------------------------------------------------------------------------------------------


def _judge_function(check: FunctionCheck, report: dict | None) -> str:
    """The message of a function check ("" if it passes), from its case's report."""
    where = f"{check.function}, on the hidden case \"{check.hidden}\"," if check.hidden else check.function
    if report is None or report.get("skipped"):
        return f"{where} was not run: the grading stopped before it"
    if "stopped" in report:                              # a hidden case's message holds no code's choice
        reason = _text(report["stopped"], 300)
        if check.hidden and report.get("flag") is not False:
            reason = "stopped the grading process"
        return f"{where} {reason}."
    if report.get("missing"):
        return (f"{check.function} is not defined when its test runs: run the cell that defines it (and fix any "
                "error it shows) before the test.")
    error = _error_of(report)
    arguments = report.get("arguments")
    if (error is None) == ("returned" not in report) or not isinstance(arguments, list) \
            or len(arguments) != len(check.arguments):
        raise Malformed("a case's report of the wrong form")
    result = homework_checks.Result(
        value=plain.decode(report["returned"]) if error is None else None,
        raised=tuple(error["mro"]) if error else (), message=error["message"] if error else "",
        arguments=tuple(plain.decode(argument) for argument in arguments), used=_text(report.get("used", ""), 300))
    return homework_checks.verdict(check.function, check.arguments, result, hidden=check.hidden, **check.options)


def _judge_answer(check: AnswerCheck, test_report: dict | None) -> str:
    """The message of a derived-answer check ("" if it passes), from the report of its test cell."""
    reads = test_report.get("reads") if test_report else None
    read = reads.get(check.variable) if isinstance(reads, dict) else None
    if not isinstance(read, dict):
        reason = _text(test_report["stopped"], 300) if test_report and "stopped" in test_report else "was not run"
        return f"the test of {check.variable} {reason}."
    if read.get("missing"):
        return f"{check.variable} is not defined: run its cell (and fix any error it shows)."
    value = plain.decode(read.get("value"))
    try:
        getattr(homework_checks, check.judge)(value, **check.arguments)
    except AssertionError as failure:
        return str(failure)
    return ""


def _judge_cell(test, case_reports: list, test_report: dict | None) -> Verdict:
    """A test cell's verdict: each check in order (``case_reports`` beside them), until one fails."""
    for check, case_report in zip(test.checks, case_reports):
        if isinstance(check, FunctionCheck):
            message = _judge_function(check, case_report)
        else:
            message = _judge_answer(check, test_report)
        if message:
            return Verdict(False, message)
    return Verdict(True)


# ----------------------------------------------------------------------------------------------
# Flags and outputs
# ----------------------------------------------------------------------------------------------


def _flags(label: str, report: dict, limits) -> list[str]:
    """Why a cell's or a case's report flags the submission (``limits``: the sandbox's, ``sandbox.Limits``)."""
    found = [f"{label} {event}" for event in _events_of(report)]
    if "stopped" in report and report.get("flag") is True:
        found.append(f"{label} {_text(report['stopped'], 300)}")
    printed = report.get("printed", 0)
    if isinstance(printed, int) and printed > limits.output:
        found.append(f"{label} printed more than {limits.output // 2**20} MB")
    error = _error_of(report)
    if error is None:
        return found
    if "MemoryError" in error["mro"]:
        found.append(f"{label} ran out of memory (the limit is {limits.memory / 2**30:g} GiB)")
    elif error["errno"] in _REFUSED:
        found.append(f"{label} was refused by the sandbox ({error['message'][:200]})")
    elif "ModuleNotFoundError" in error["mro"]:
        found.append(f"{label} imports a module that grading does not provide ({error['message'][:200]})")
    return found


def _outputs(report: dict | None, cap: int) -> list:
    """A student cell's outputs for the graded notebook: what it printed, then its error or why it stopped."""
    if report is None:
        return []
    found = []
    text = _text(report.get("output", ""), cap + 10)
    printed = report.get("printed", 0)
    if isinstance(printed, int) and printed > len(text):
        text += f"\n... output cut: this cell printed {printed} characters (the grader keeps {cap})\n"
    if text:
        found.append(nbformat.v4.new_output("stream", name="stdout", text=text))
    error = _error_of(report)
    if error is not None:
        found.append(nbformat.v4.new_output("error", ename=error["type"].rpartition(".")[2],
                                            evalue=error["message"], traceback=error["traceback"]))
    elif "stopped" in report:
        reason = _text(report["stopped"], 300)
        found.append(nbformat.v4.new_output("error", ename="Stopped", evalue=reason,
                                            traceback=[f"Stopped: this cell {reason}; the notebook went on without it"]))
    return found


def _verdict_outputs(verdict: Verdict, count: int) -> list:
    """A test cell's outputs: a line if it passed, its message as an error (no points) if not."""
    if verdict.passed:
        checks = "its check" if count == 1 else f"all {count} of its checks"
        return [nbformat.v4.new_output("stream", name="stdout", text=f"Passed {checks}.\n")]
    return [nbformat.v4.new_output("error", ename="AssertionError", evalue=verdict.message,
                                   traceback=[f"AssertionError: {verdict.message}"])]


# ----------------------------------------------------------------------------------------------
# What autograde.py uses: each takes a report as it came, and never raises
# ----------------------------------------------------------------------------------------------

_CHANNEL = "wrote into the grader's channel"


def student_cell(label: str, report: dict | None, cap: int, limits) -> tuple[list, list[str]]:
    """A student cell's outputs for the graded notebook, and the flags of its report."""
    try:
        return _outputs(report, cap), _flags(label, report, limits) if report else []
    except (Malformed, plain.NotPlain):
        return [], [f"{label} {_CHANNEL}"]


def test_cell(test, case_reports: list, test_report: dict | None) -> tuple[list, list[str]]:
    """A test cell's outputs (passed, or its first failure's message as an error: no points), and flags."""
    try:
        verdict, flags = _judge_cell(test, case_reports, test_report), []
    except (Malformed, plain.NotPlain):
        verdict = Verdict(False, "the grader could not read what the code sent back")
        flags = [f"the code tested by {test.grade_id} {_CHANNEL}"]
    return _verdict_outputs(verdict, len(test.checks)), flags


def case_flags(label: str, report: dict, limits) -> list[str]:
    """The flags of a case's report."""
    try:
        return _flags(label, report, limits)
    except (Malformed, plain.NotPlain):
        return [f"{label} {_CHANNEL}"]
