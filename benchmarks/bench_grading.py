"""Benchmark of `make grade`: a class of one homework graded end to end, each submission in the sandbox.

The homework is the heaviest to grade (homework 06: its setup imports scipy.stats, and one task runs again in the
numpy-only view); the class is the model solution and the usual slips, as a class mostly is, each student with numbers
of their own (the grader reads the tests for each, running the model solution at their numbers). The figure is the time
of ``tools/homework.py grade`` (release excluded; sandboxes, judging, gradebook, feedback and grades.csv included)
for ``CLASS`` submissions on this machine's cores, scaled to a class of 200 (each submission costs the same); the
target is 10 minutes on 2 cores. The CPU time of the grader and its sandboxes is printed beside it: on a machine that
others load, wall time says more about them than about the grader.
"""

from __future__ import annotations

import os
import resource
import tempfile
import time
from pathlib import Path

from _timing import report

#: The homework graded, and how many submissions the benchmark grades.
HOMEWORK = "hw06_discriminant_analysis"
CLASS = 40
#: The target: a class of 200 graded in 10 minutes.
TARGET_MS = 10 * 60 * 1000
SLIPS = {"lda": "lda = [1.0, 1.0, 0.0, 0.27]", "pooled": "lda_1d = [4.8, 5.8]",
         "losses": "expected_losses = [42.5, 14.0625, 26.3]"}


def _cpu_seconds() -> float:
    return sum(usage.ru_utime + usage.ru_stime for usage in
               (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))


def bench_a_class_of_200() -> None:
    from homework_course import make_course, submit, tool

    print(f"make grade, {HOMEWORK}: a class of {CLASS} graded on {os.cpu_count()} cores, scaled to 200:")
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as folder:
        course = make_course(Path(folder))
        for number in range(CLASS):
            answers = {name: answer for index, (name, answer) in enumerate(SLIPS.items()) if number % 4 == index + 1}
            submit(course, HOMEWORK, f"student{number:03d}", answers=answers)
        cpu, start = _cpu_seconds(), time.perf_counter()
        tool.grade(course)
        wall, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
    report("a class of 200", 1e3 * wall * 200 / CLASS, TARGET_MS,
           f"({wall / CLASS:.2f} s a submission; CPU {cpu / CLASS:.2f} s a submission, "
           f"{cpu * 200 / CLASS / 2 / 60:.1f} min for 200 on 2 idle cores)")


BENCHMARKS = [bench_a_class_of_200]
