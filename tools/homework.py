"""The course's graded homework on nbgrader: the student versions (`make homework`) and the grading (`make grade`).

    python tools/homework.py release [COURSE]   nbgrader generate_assignment for every assignment of
                                                COURSE/source/ (default: homework/), into COURSE/release/,
                                                then check that no file of the release holds a solution,
                                                a hidden test or a rubric
    python tools/homework.py grade [COURSE]     nbgrader autograde for every submission under
                                                COURSE/submitted/<student>/<assignment>/, each in its own
                                                process under a time limit; then nbgrader
                                                generate_feedback, and COURSE/grades.csv

Every nbgrader command runs in COURSE, so it reads COURSE/nbgrader_config.py. A submission is
*flagged* (in the gradebook, which the formgrader shows, in COURSE/flags.json and in the status
column of grades.csv) when its autograding failed (the kernel died, the notebook could not be
read), ran past SUBMISSION_TIME_LIMIT, or changed a file of the course outside its own folder;
the other submissions are graded all the same.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "homework"
#: The module the test cells import; one copy, put into each assignment's folder before nbgrader runs.
CHECKS = "homework_checks.py"
#: Seconds a whole submission may take to autograde (each cell has nbgrader_config.py's own limit).
SUBMISSION_TIME_LIMIT = 600
#: What marks the instructor-only parts of a source notebook.
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS",
           "BEGIN MARK SCHEME", "END MARK SCHEME")
_REGION = re.compile(r"^[^\n]*BEGIN (SOLUTION|HIDDEN TESTS|MARK SCHEME)[^\n]*\n(.*?)^[^\n]*END \1", re.M | re.S)


def environment(**extra: str) -> dict:
    """This Python's environment, with its scripts first on PATH: nbgrader's gradebook runs `alembic` from there."""
    scripts = str(Path(sys.executable).parent)
    return dict(os.environ, PATH=os.pathsep.join([scripts, os.environ.get("PATH", "")]), PYTHONDONTWRITEBYTECODE="1",
                **extra)


def assignments(course: Path) -> list[str]:
    return sorted(path.name for path in (course / "source").iterdir() if path.is_dir() and path.name[0] not in "._")


def nbgrader(course: Path, *arguments: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run an nbgrader command in ``course``, so that it reads the course's nbgrader_config.py."""
    command = [sys.executable, "-m", "nbgrader", *arguments]
    return subprocess.run(command, cwd=course, check=check, env=environment(), text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


# ----------------------------------------------------------------------------------------------
# The student versions
# ----------------------------------------------------------------------------------------------


def ship_checks(course: Path) -> None:
    """Copy homework_checks.py into every assignment's source folder: nbgrader releases it with the
    notebook, and copies it again over a submission's before autograding."""
    for name in assignments(course):
        target = course / "source" / name / CHECKS
        if not target.exists() or target.read_bytes() != (course / CHECKS).read_bytes():
            shutil.copyfile(course / CHECKS, target)


def release(course: Path = COURSE) -> None:
    """The student version of every assignment in course/release/, checked for leaks."""
    ship_checks(course)
    for name in assignments(course):
        result = nbgrader(course, "generate_assignment", name, "--force", check=False)
        if result.returncode != 0:
            sys.exit(f"nbgrader generate_assignment {name} failed:\n{result.stdout}")
    problems = leaks(course)
    if problems:
        sys.exit("The student version gives answers away:\n  " + "\n  ".join(problems))
    print(f"{len(assignments(course))} assignments released in {course / 'release'}, with no solution, "
          "hidden test or rubric in them")


def secrets(notebook: Path) -> list[str]:
    """The lines of a source notebook that only the instructor may see: its solutions, hidden tests and rubrics."""
    lines = []
    for cell in nbformat.read(notebook, as_version=4).cells:
        meta = cell.metadata.get("nbgrader", {})
        regions = [match.group(2) for match in _REGION.finditer(cell.source)]
        if meta.get("solution") and not regions:          # a solution cell without markers is a solution whole
            regions = [cell.source]
        lines += [line.strip() for region in regions for line in region.splitlines()]
    # too short or too common to mean anything: "return w", "else:", "### END SOLUTION"
    return sorted({line for line in lines if len(line) >= 12 and not line.startswith("#")})


def leaks(course: Path) -> list[str]:
    """Each way a file of course/release/ gives away a solution, a hidden test or a rubric (empty if none)."""
    problems = []
    for name in assignments(course):
        source, released = course / "source" / name, course / "release" / name
        hidden = [line for notebook in sorted(source.glob("*.ipynb")) for line in secrets(notebook)]
        if not released.is_dir():
            problems.append(f"{released} is missing")
            continue
        expected = {path.relative_to(source) for path in source.rglob("*") if path.is_file()
                    and not {".ipynb_checkpoints", "__pycache__"} & set(path.parts)}
        found = {path.relative_to(released) for path in released.rglob("*") if path.is_file()}
        problems += [f"{released / extra} is not in the source folder" for extra in sorted(found - expected)]
        for path in sorted(released.rglob("*")):
            if not path.is_file():
                continue
            text = path.read_bytes().decode("utf-8", errors="replace")
            if path.suffix == ".ipynb":
                notebook = nbformat.reads(text, as_version=4)
                text = "\n".join(cell.source for cell in notebook.cells) + "\n" + text
                problems += [f"{path}: cell {index} has stored output" for index, cell in enumerate(notebook.cells)
                             if cell.get("outputs") or cell.get("attachments")]
            problems += [f"{path}: holds the marker {marker!r}" for marker in MARKERS if marker in text]
            problems += [f"{path}: holds the instructor's line {line!r}" for line in hidden if line in text]
    return problems


# ----------------------------------------------------------------------------------------------
# Grading
# ----------------------------------------------------------------------------------------------


def submissions(course: Path) -> list[tuple[str, str]]:
    """(assignment, student) of every folder course/submitted/<student>/<assignment>/, for known assignments."""
    known, found = set(assignments(course)), []
    for student in sorted((course / "submitted").glob("*")):
        for folder in sorted(student.glob("*")):
            if folder.is_dir() and folder.name in known and student.name[0] not in "._":
                found.append((folder.name, student.name))
    return found


def _files(course: Path, assignment: str, student: str) -> dict:
    """Every file of the course, but those that grading this submission writes: path -> (size, mtime)."""
    own = course / "autograded" / student / assignment
    skip = {course / "gradebook.db", course / "gradebook.db-journal", course / ".nbgrader.log",
            course / "flags.json", course / "grades.csv"}
    found = {}
    for folder, directories, files in os.walk(course):
        if Path(folder) == own:
            directories[:] = []
            continue
        for file in files:
            path = Path(folder) / file
            if path not in skip:
                try:
                    status = path.lstat()
                except OSError:
                    continue
                found[path] = (status.st_size, status.st_mtime_ns)
    return found


def _kill_tree(process: subprocess.Popen) -> None:
    import psutil
    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    for child in children:
        try:
            child.kill()
        except psutil.NoSuchProcess:
            pass
    process.kill()
    process.wait()


def autograde(course: Path, assignment: str, student: str, time_limit: float = SUBMISSION_TIME_LIMIT,
              extra: tuple[str, ...] = ()) -> str:
    """Autograde one submission in its own nbgrader process; return why it is flagged ("" if it is not)."""
    before = _files(course, assignment, student)
    command = [sys.executable, "-m", "nbgrader", "autograde", assignment, "--student", student, *extra]
    process = subprocess.Popen(command, cwd=course, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env=environment())
    try:
        log, _ = process.communicate(timeout=time_limit)
        reason = "" if process.returncode == 0 else "autograding failed: " + _last_error(log)
    except subprocess.TimeoutExpired:
        _kill_tree(process)
        reason = f"autograding did not finish within {time_limit:g} s"
    if reason:                                           # no partial grade: the submission is flagged, not graded
        shutil.rmtree(course / "autograded" / student / assignment, ignore_errors=True)
        with contextlib.suppress(OSError):              # and the student's folder, if nothing else is in it
            (course / "autograded" / student).rmdir()
    after = _files(course, assignment, student)
    changed = sorted(str(path.relative_to(course)) for path in set(before) | set(after)
                     if before.get(path) != after.get(path))
    if changed:
        reason = "; ".join(filter(None, [reason, "changed files outside its folder: " + ", ".join(changed[:5])]))
    return reason


def _last_error(log: str) -> str:
    """What went wrong, from nbgrader's log: the exception that ended a traceback, or else the first error."""
    lines, errors, exception = log.splitlines(), [], ""
    for index, line in enumerate(lines):
        if not re.search(r"[ |]ERROR\]", line):
            continue
        message = line.split("ERROR] ", 1)[-1]
        if message.startswith("Traceback"):
            block = []
            for following in lines[index + 1:]:
                if following.startswith("["):
                    break
                block.append(following.strip())
            exception = exception or next((text for text in reversed(block) if text), "")
        elif not message.startswith(("There was an error processing", "Please see the")):
            errors.append(message)
    return (exception or (errors or ["see nbgrader's log"])[0])[:300]


def grade(course: Path = COURSE, time_limit: float = SUBMISSION_TIME_LIMIT, extra: tuple[str, ...] = ()) -> dict:
    """Autograde every new submission, write the feedback and course/grades.csv; return the flags."""
    ship_checks(course)
    if not (course / "gradebook.db").exists() or not (course / "release").is_dir():
        release(course)
    flags_file = course / "flags.json"
    flags = json.loads(flags_file.read_text()) if flags_file.exists() else {}
    todo = submissions(course)
    for number, (assignment, student) in enumerate(todo, 1):
        graded = course / "autograded" / student / assignment
        if graded.is_dir() and _newest(graded) >= _newest(course / "submitted" / student / assignment):
            continue                                     # graded before, and not submitted again since
        started = time.monotonic()
        reason = autograde(course, assignment, student, time_limit, extra)
        flags.setdefault(assignment, {}).pop(student, None)
        if reason:
            flags[assignment][student] = reason
        print(f"[{number}/{len(todo)}] {assignment} {student}: {time.monotonic() - started:.0f} s"
              + (f"  FLAGGED: {reason}" if reason else ""))
    flags_file.write_text(json.dumps(flags, indent=1, sort_keys=True) + "\n")
    _flag_in_gradebook(course, flags)
    for assignment in sorted({assignment for assignment, _ in todo}):
        nbgrader(course, "generate_feedback", assignment, "--force", check=False)
    rows = write_grades(course, flags)
    print(f"grades of {len(rows)} students in {course / 'grades.csv'}; feedback in {course / 'feedback'}")
    return flags


def _newest(folder: Path) -> float:
    return max((path.stat().st_mtime for path in folder.rglob("*") if path.is_file()), default=0.0)


def _flag_in_gradebook(course: Path, flags: dict) -> None:
    from nbgrader.api import Gradebook, MissingEntry
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for assignment, students in flags.items():
            for student in students:
                try:
                    submission = gradebook.find_submission(assignment, student)
                except MissingEntry:
                    continue
                for notebook in submission.notebooks:
                    notebook.flagged = True
        gradebook.db.commit()


def write_grades(course: Path, flags: dict) -> list[dict]:
    """course/grades.csv: a row per student, a score per assignment, the total, and what needs attention."""
    from nbgrader.api import Gradebook, MissingEntry
    names = assignments(course)
    rows = []
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        maximum = {name: gradebook.find_assignment(name).max_score for name in names
                   if name in {assignment.name for assignment in gradebook.assignments}}
        for student in sorted(gradebook.students, key=lambda student: student.id):
            row = {"student_id": student.id, "last_name": student.last_name or "",
                   "first_name": student.first_name or "", "email": student.email or ""}
            notes, total = [], 0.0
            for name in names:
                try:
                    submission = gradebook.find_submission(name, student.id)
                except MissingEntry:
                    row[name] = ""
                    notes.append(f"{name}: not submitted")
                    continue
                failed = not (course / "autograded" / student.id / name).is_dir()
                reason = flags.get(name, {}).get(student.id)
                if failed:
                    row[name] = ""
                    notes.append(f"{name}: not graded, flagged: {reason or 'no autograded notebook'}")
                    continue
                score = max(submission.score - submission.late_submission_penalty, 0.0)
                row[name] = f"{score:g}"
                total += score
                if reason:
                    notes.append(f"{name}: flagged: {reason}")
                if submission.needs_manual_grade:
                    notes.append(f"{name}: needs manual grading")
            row["total"] = f"{total:g}"
            row["max_total"] = f"{sum(maximum.values()):g}"
            row["status"] = "; ".join(notes)
            rows.append(row)
    columns = ["student_id", "last_name", "first_name", "email", *names, "total", "max_total", "status"]
    with open(course / "grades.csv", "w", newline="") as file:
        writer = csv.DictWriter(file, columns)
        writer.writeheader()
        writer.writerows(rows)
    return rows


if __name__ == "__main__":
    action = sys.argv[1] if len(sys.argv) > 1 else ""
    course = Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else COURSE
    if action == "release":
        release(course)
    elif action == "grade":
        grade(course)
    else:
        sys.exit(__doc__)
