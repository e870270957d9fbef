"""The course's graded homework on nbgrader: the student versions (`make homework`) and the grading (`make grade`).

    python tools/homework.py release [COURSE]   nbgrader generate_assignment for every assignment of
                                                COURSE/source/ (default: homework/), into COURSE/release/,
                                                then check that no file of the release holds a solution,
                                                a hidden test or a rubric, and that the grader can read
                                                every test cell
    python tools/homework.py grade [COURSE]     autograde every new submission under
                                                COURSE/submitted/<student>/<assignment>/, its code in a
                                                sandbox (homework/grader); then nbgrader's
                                                generate_feedback, and COURSE/grades.csv

Every nbgrader command runs in COURSE, so it reads COURSE/nbgrader_config.py. nbgrader keeps the
gradebook, the formgrader and the feedback; the grader, not nbgrader's in-kernel autograde, runs the
students' code and writes the automatic scores. A submission is *flagged* (in the gradebook, which the
formgrader shows, in COURSE/flags.json and in the status column of grades.csv) when it could not be
graded (a sentence says why), or did what a homework never needs (started a program, wrote outside its
folder, used a switched-off package, ran out of memory, ...); the other submissions are graded all the
same.
"""

from __future__ import annotations

import concurrent.futures
import csv
import html
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
sys.path.insert(0, str(ROOT / "homework"))
from grader import autograde, sandbox  # noqa: E402  (homework/grader, beside the course's homework_checks.py)
from grader.witness import Witness  # noqa: E402

COURSE = ROOT / "homework"
#: The modules every homework imports (its tests' checks, each student's numbers): one copy each, put into each
#: assignment's folder before nbgrader runs, so that they are released with the notebook.
SHIPPED = ("homework_checks.py", "homework_numbers.py")
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


def ship_modules(course: Path) -> None:
    """Copy the shipped modules (homework_checks.py, homework_numbers.py) into every assignment's source folder:
    nbgrader releases them with the notebook."""
    for name in assignments(course):
        for module in SHIPPED:
            target = course / "source" / name / module
            if not target.exists() or target.read_bytes() != (course / module).read_bytes():
                shutil.copyfile(course / module, target)


def release(course: Path = COURSE) -> None:
    """The student version of every assignment in course/release/, checked for leaks."""
    ship_modules(course)
    for name in assignments(course):
        result = nbgrader(course, "generate_assignment", name, "--force", check=False)
        if result.returncode != 0:
            sys.exit(f"nbgrader generate_assignment {name} failed:\n{result.stdout}")
    problems = leaks(course)
    if problems:
        sys.exit("The student version gives answers away:\n  " + "\n  ".join(problems))
    for name in assignments(course):
        try:
            autograde.Notebook.of(course, name)
        except ValueError as error:
            sys.exit(f"The grader cannot read the tests of {name}: {error}")
    print(f"{len(assignments(course))} assignments released in {course / 'release'}, with no solution, "
          "hidden test or rubric in them")


def secrets(notebook: Path, kinds=("SOLUTION", "HIDDEN TESTS", "MARK SCHEME")) -> list[str]:
    """The lines of a source notebook that only the instructor may see: its solutions, hidden tests and rubrics
    (those of ``kinds``)."""
    lines = []
    for cell in nbformat.read(notebook, as_version=4).cells:
        meta = cell.metadata.get("nbgrader", {})
        regions = [match.group(2) for match in _REGION.finditer(cell.source) if match.group(1) in kinds]
        if meta.get("solution") and not regions and "SOLUTION" in kinds:   # a solution cell without markers
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


def _timestamp(folder: Path):
    """When the submission was collected (nbgrader's timestamp.txt), or None; ValueError if it is not a date."""
    from nbgrader.utils import parse_utc
    path = folder / "timestamp.txt"
    if not path.is_file() or path.is_symlink():
        return None
    return parse_utc(path.read_bytes()[:100].decode("utf-8", errors="replace").strip())


def _grade_submission(course: Path, notebooks: list, student: str, settings) -> tuple[float, list]:
    """Grade each notebook of one submission (in a worker thread: nothing is written): the seconds it took, the
    results. A failure of the grader itself flags that submission, not graded, and the class goes on."""
    folder, started = course / "submitted" / student / notebooks[0].assignment, time.monotonic()
    try:
        results = [autograde.grade(notebook, folder / f"{notebook.name}.ipynb", student, settings)
                   for notebook in notebooks]
    except Exception as error:                           # a bug of the grader, or a sandbox that would not start
        reason = f"the grader failed on it ({type(error).__name__}: {error}): grade it by hand, and report this"
        results = [autograde.Graded(None, [reason]) for _ in notebooks]
    return time.monotonic() - started, results


def grade(course: Path = COURSE, jobs: int = os.cpu_count() or 2, **settings) -> dict:
    """Autograde every new submission, write the feedback and course/grades.csv; return the flags.

    Each submission's code runs in the sandbox (``homework/grader``), ``jobs`` submissions at a time; the
    grades are recorded here, one submission at a time, and after each the course, the repository, the
    environments and everyone else's grades are compared with before (``witness.py``). ``settings`` are
    :class:`autograde.Settings`' (``cell_timeout``, ``deadline``, ``limits``).
    """
    try:
        sandbox.check()
    except sandbox.Unavailable as unavailable:
        sys.exit(f"make grade refuses to run students' code unconfined: {unavailable}")
    ship_modules(course)
    if not (course / "gradebook.db").exists() or not (course / "release").is_dir():
        release(course)
    flags_file = course / "flags.json"
    flags = json.loads(flags_file.read_text()) if flags_file.exists() else {}
    todo = [(assignment, student) for assignment, student in submissions(course) if _is_new(course, assignment, student)]
    notebooks = {assignment: autograde.Notebook.of(course, assignment) for assignment in {name for name, _ in todo}}
    db_url, config = f"sqlite:///{course / 'gradebook.db'}", autograde.course_config(course)
    witness = Witness(course, ROOT, db_url)
    options = autograde.Settings(**settings)
    with concurrent.futures.ThreadPoolExecutor(max(jobs, 1)) as pool:
        running = {pool.submit(_grade_submission, course, notebooks[assignment], student, options):
                   (assignment, student) for assignment, student in todo}
        for number, future in enumerate(concurrent.futures.as_completed(running), 1):
            assignment, student = running[future]
            seconds, results = future.result()
            reasons = _record(course, notebooks[assignment], student, results, db_url, config)
            flags.setdefault(assignment, {}).pop(student, None)
            if reasons:
                flags[assignment][student] = "; ".join(reasons)
            print(f"[{number}/{len(todo)}] {assignment} {student}: {seconds:.1f} s"
                  + (f"  FLAGGED: {flags[assignment][student]}" if reasons else ""), flush=True)
            changed = witness.changes({(assignment, student)})
            if changed:
                suspects = sorted({f"{assignment} {student}"} | {f"{name} {who}" for other, (name, who) in
                                                                 running.items() if other.running()})
                pool.shutdown(wait=False, cancel_futures=True)
                _write_flags(course, flags)
                sys.exit(f"STOPPED: while {', '.join(suspects)} was graded, something other than the grader changed "
                         f"{', '.join(changed[:5])}. The sandbox did not hold; look at these submissions by hand.")
    _write_flags(course, flags)
    for assignment in sorted({assignment for assignment, _ in todo}):
        nbgrader(course, "generate_feedback", assignment, "--force", check=False)
        for problem in feedback_leaks(course, assignment):
            student, path = problem
            path.unlink()
            flags.setdefault(assignment, {})[student] = "; ".join(filter(None, [
                flags[assignment].get(student), "its feedback would show a hidden test or a rubric: not written"]))
    _write_flags(course, flags)
    rows = write_grades(course, flags)
    print(f"grades of {len(rows)} students in {course / 'grades.csv'}; feedback in {course / 'feedback'}")
    return flags


def _is_new(course: Path, assignment: str, student: str) -> bool:
    """Whether the submission was not graded yet, or was submitted again since."""
    graded = course / "autograded" / student / assignment
    return not graded.is_dir() or _newest(graded) < _newest(course / "submitted" / student / assignment)


def _record(course: Path, notebooks: list, student: str, graded: list, db_url: str, config) -> list[str]:
    """Record a submission's notebooks as graded; the reasons to flag it."""
    folder = course / "submitted" / student / notebooks[0].assignment
    reasons = []
    try:
        timestamp = _timestamp(folder)
    except ValueError:
        timestamp, reasons = None, ["its timestamp.txt is not a date (graded as on time)"]
    for notebook, result in zip(notebooks, graded):
        autograde.record(course, notebook, student, result, timestamp, db_url, config)
        reasons += [reason if len(notebooks) == 1 else f"{notebook.name}: {reason}" for reason in result.flags]
    return reasons


def _write_flags(course: Path, flags: dict) -> None:
    (course / "flags.json").write_text(json.dumps(flags, indent=1, sort_keys=True) + "\n")
    _flag_in_gradebook(course, flags)


def feedback_leaks(course: Path, assignment: str) -> list[tuple[str, Path]]:
    """(student, page) of every feedback page of ``assignment`` whose text holds a line of a hidden test or rubric."""
    hidden = [line for notebook in sorted((course / "source" / assignment).glob("*.ipynb"))
              for line in secrets(notebook, kinds=("HIDDEN TESTS", "MARK SCHEME"))]
    found = []
    for page in sorted((course / "feedback").glob(f"*/{assignment}/*.html")):
        text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(errors="replace")))
        if any(line in text for line in hidden):
            found.append((page.parent.parent.name, page))
    return found


def _newest(folder: Path) -> float:
    """When the newest file in ``folder`` was changed (its links not followed)."""
    return max((os.lstat(os.path.join(root, name)).st_mtime for root, _, files in os.walk(folder) for name in files),
               default=0.0)


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
