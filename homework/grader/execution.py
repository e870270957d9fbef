"""Running one submission in the sandbox: its cells in order, then its functions on the cases, with restarts.

A notebook's cells run once in each view the cases need (``sandbox.VIEWS``): the ``full`` view reports every
cell, the ``numpy`` view (for tasks that switch scipy off) only runs them again for its cases. Then the cases
go in two batches, the visible ones first: what a function does on a hidden case never reaches anything
shown before it.

The grader holds the clock. A cell gets ``cell_timeout`` seconds and a case its own time limit; past it, or
when the runner dies (a crash, ``os._exit``, a limit), the sandbox is killed, the cell or case is marked
stopped, and a new sandbox replays the cells before it (without reporting them again) and goes on without
it: a function that holds the GIL, or a cell that sleeps, loses its own task only. A case that stops ends
its test cell (the other cases of that cell are not run: the cell has failed). The whole submission gets
``deadline`` seconds; what is left then is not run, and the submission is flagged.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field

from . import plain
from .sandbox import Limits, Session, Stopped

#: Seconds the runner may take to start, and to begin a case once asked.
STARTUP = 60.0
#: Seconds a case may take beyond its time limit, for sending its result.
SLACK = 1.0


@dataclass
class Cell:
    """A cell as the runner runs it."""

    source: str                      #: Python (the grader turned IPython's syntax into Python)
    kind: str                        #: "setup" or "test" (the instructor's code), "student"
    reads: list = field(default_factory=list)        #: a test cell: the derived answers it reads
    functions: list = field(default_factory=list)    #: a test cell: the functions its cases call

    def command(self) -> dict:
        return {"source": self.source, "test": self.kind == "test", "trusted": self.kind == "setup",
                "reads": self.reads, "functions": self.functions}


@dataclass
class Case:
    """One call of a student's function: which function, as its test cell (``cell``) found it, on what."""

    k: int
    cell: int
    function: str
    arguments: tuple
    hidden: bool
    view: str = "full"
    time_limit: float = 5.0

    def command(self) -> dict:
        return {"k": self.k, "cell": self.cell, "function": self.function,
                "arguments": [plain.encode(argument, functions=True) for argument in self.arguments]}


@dataclass
class Execution:
    """What the sandbox reported: each cell's report, each case's, and why to flag the submission."""

    cells: dict = field(default_factory=dict)
    cases: dict = field(default_factory=dict)
    flags: list = field(default_factory=list)

    def flag(self, sentence: str) -> None:
        if sentence not in self.flags:
            self.flags.append(sentence)


def _stopped(stop: Exception, timed_out: str) -> dict:
    """A report's record of a stop: why, and whether that flags the submission."""
    if isinstance(stop, Stopped):
        return {"stopped": stop.reason, "flag": stop.flag}
    return {"stopped": timed_out, "flag": False}


class _Clock:
    def __init__(self, seconds: float):
        self.end = time.monotonic() + seconds

    def left(self, at_most: float) -> float:
        return min(at_most, self.end - time.monotonic())


def execute(cells: list[Cell], cases: list[Case], cell_timeout: float = 30.0, deadline: float = 600.0,
            limits: Limits = Limits(), student: str = "") -> Execution:
    """Run ``cells`` and ``cases`` in the sandbox (each view the cases need, ``full`` always), as ``student``, whose
    numbers the notebook draws there."""
    result, clock = Execution(), _Clock(deadline)
    for view in ["full", *sorted({case.view for case in cases} - {"full"})]:
        _View(view, cells, [case for case in cases if case.view == view], result, clock, cell_timeout,
              limits, student).run()
    return result


class _View:
    """The cells and cases of one view, through as many sandboxes as stops make necessary."""

    def __init__(self, view, cells, cases, result, clock, cell_timeout, limits, student):
        self.view, self.cells, self.cases, self.result, self.clock = view, cells, cases, result, clock
        self.cell_timeout, self.limits, self.student = cell_timeout, limits, student
        self.left_out: set[int] = set()                  # cells that stopped a runner, not run again
        self.reporting = view == "full"

    def run(self) -> None:
        while True:
            if self.clock.left(1.0) <= 0:
                self._out_of_time()
                return
            with Session(self.view, self.limits, self.student) as session:
                try:
                    if self._run(session):
                        return
                except (Stopped, queue.Empty) as error:  # before any of the submission's code ran
                    reason = getattr(error, "reason", "no answer")
                    raise RuntimeError(f"the sandbox did not start ({reason}): is the machine overloaded?") from None

    def _run(self, session: Session) -> bool:
        """Whether everything is done; False if the sandbox stopped and a new one must go on."""
        self._receive(session, STARTUP)
        done = max(self.result.cells, default=-1) + 1 if self.reporting else len(self.cells)
        session.send({"cells": [None if index in self.left_out else cell.command()
                                for index, cell in enumerate(self.cells)], "quiet": done})
        turns = iter([index for index in range(len(self.cells)) if index not in self.left_out])
        running, reported = None, False                  # the cell running, and whether its report came
        while True:
            try:
                report = self._receive(session, self.cell_timeout if running is not None else STARTUP)
            except (Stopped, queue.Empty) as stop:
                if running is None:
                    raise
                self._stop_cell(running, stop)
                return False
            # the runner's reports come in the cells' order: "running" for the next cell once the one before
            # has reported (if it reports: from `done` on), its report, and "cells done" after the last
            finished = running is None or running < done or reported
            if "running" in report:
                in_turn = finished and report["running"] == next(turns, None)
            elif "cell" in report:
                in_turn = running is not None and report["cell"] == running and running >= done and not reported
            else:
                in_turn = not report.get("cells_done") or (finished and next(turns, None) is None)
            if not in_turn:
                self._stop_cell(running, Stopped("answered out of turn", flag=True))
                return False                             # the student's code wrote into the channel
            if "running" in report:
                running, reported = report["running"], False
            elif "cell" in report:
                reported = True
                if self.reporting:
                    self.result.cells[running] = report
            elif report.get("cells_done"):
                break
        for hidden in (False, True):
            if not self._batch(session, hidden):
                return False
        return True

    def _batch(self, session: Session, hidden: bool) -> bool:
        todo = [case for case in self.cases if case.hidden == hidden and case.k not in self.result.cases]
        if not todo:
            return True
        session.send({"cases": [case.command() for case in todo]})
        for case in todo:
            try:
                started = self._receive(session, STARTUP)
                if started.get("case") != case.k:
                    raise Stopped("answered out of turn", flag=True)
                report = self._receive(session, case.time_limit + SLACK)
            except (Stopped, queue.Empty) as stop:
                self._stop_case(case, stop)
                return False
            if report.get("case") != case.k:
                self._stop_case(case, Stopped("answered out of turn", flag=True))
                return False
            self.result.cases[case.k] = report
        return True

    def _receive(self, session: Session, seconds: float) -> dict:
        left = self.clock.left(seconds)
        if left <= 0:
            raise queue.Empty
        return session.receive(left)

    def _stop_cell(self, index: int, stop: Exception) -> None:
        self.left_out.add(index)
        if self.reporting and index not in self.result.cells:
            self.result.cells[index] = {"cell": index, **_stopped(stop, f"did not finish within {self.cell_timeout:g} s")}

    def _stop_case(self, case: Case, stop: Exception) -> None:
        self.result.cases[case.k] = {"case": case.k, **_stopped(stop, f"did not return within {case.time_limit:g} s")}
        for other in self.cases:                         # its test cell has failed: the rest of it is not run
            if other.cell == case.cell and other.k not in self.result.cases:
                self.result.cases[other.k] = {"case": other.k, "skipped": True}

    def _out_of_time(self) -> None:
        self.result.flag("grading it took longer than the submission's time limit; what was left was not run")
        for index in range(len(self.cells)):
            if self.reporting and index not in self.result.cells:
                self.result.cells[index] = {"cell": index, "stopped": "was not run: out of time", "flag": False}
        for case in self.cases:
            self.result.cases.setdefault(case.k, {"case": case.k, "stopped": "was not run: out of time", "flag": False})
