"""Checking that only the grader wrote: the course, the repository, the Python environments and the grades.

The sandbox shows a submission none of these (``sandbox.py``), so nothing should ever change them but the
grader's own writes. :class:`Witness` takes a snapshot before a class is graded and compares after each
submission: every file of the course but what the grader writes (``autograded/``, ``feedback/``, the gradebook,
``grades.csv``, ``flags.json``), every file the repository's git tracks, the entries of each environment's
``site-packages`` (a new ``.pth`` file would run in every later Python), and every grade in the gradebook but
those of the submission just recorded. Any other change means the sandbox did not hold: the grader flags the
submissions that were running and stops.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

#: What the grader itself writes in the course folder.
GRADER_WRITES = ("autograded", "feedback", "gradebook.db", "gradebook.db-journal", "grades.csv", "flags.json",
                 ".nbgrader.log")


def _status(path: Path):
    try:
        status = path.lstat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns, status.st_mode


class Witness:
    """A snapshot of what only the grader may change, and the differences since."""

    def __init__(self, course: Path, repository: Path, db_url: str):
        self.course, self.repository, self.db_url = course, repository, db_url
        tracked = subprocess.run(["git", "ls-files", "-z"], cwd=repository, capture_output=True, check=False)
        self.tracked = [repository / name for name in tracked.stdout.decode().split("\0") if name]
        base = {"base": sys.base_prefix, "platbase": sys.base_prefix}
        self.environments = sorted({Path(sysconfig.get_paths()[key]) for key in ("purelib", "platlib")}
                                   | {Path(sysconfig.get_paths(vars=base)[key]) for key in ("purelib", "platlib")})
        self.files, self.grades = self._files(), self._grades()

    def _files(self) -> dict:
        found = {}
        for folder, directories, files in os.walk(self.course):
            if Path(folder) == self.course:
                directories[:] = [name for name in directories if name not in GRADER_WRITES]
                files = [name for name in files if name not in GRADER_WRITES]
            directories[:] = [name for name in directories if name != "__pycache__"]
            for name in files:
                found[Path(folder) / name] = _status(Path(folder) / name)
        for path in self.tracked:
            found[path] = _status(path)
        for folder in self.environments:
            for entry in (os.scandir(folder) if folder.is_dir() else ()):
                found[Path(entry.path)] = _status(Path(entry.path))
        return found

    def _grades(self) -> dict:
        from nbgrader.api import Grade, Gradebook
        with Gradebook(self.db_url) as gradebook:
            return {(grade.assignment.name, grade.student.id, grade.notebook.name, grade.name):
                    (grade.auto_score, grade.manual_score, grade.extra_credit, grade.needs_manual_grade)
                    for grade in gradebook.db.query(Grade).all()}

    def changes(self, recorded: set[tuple[str, str]]) -> list[str]:
        """What changed since the last call, but the grades of the (assignment, student) pairs just ``recorded``."""
        files, grades = self._files(), self._grades()
        changed = [str(path) for path in sorted(set(files) | set(self.files), key=str)
                   if files.get(path) != self.files.get(path)]
        for key in sorted(set(grades) | set(self.grades)):
            assignment, student, _, cell = key
            if (assignment, student) not in recorded and grades.get(key) != self.grades.get(key):
                changed.append(f"the grade of {student} for {assignment}/{cell}")
        self.files, self.grades = files, grades
        return changed
