"""Graded homework on nbgrader (homework/, tools/homework.py): the student versions hold no answer, and a simulated
class is graded with exact points.

One course in a temporary folder: every assignment is released (``make homework``'s code), then a class of
submissions made from the student version by small edits (tests/homework_course.py) is graded at once
(``make grade``'s code): for every assignment the model solution and a blank; for homework 01 also the usual
slips and each hostile case (a loop that never returns, a cell that hangs, a crash, a dead kernel, deleted and
edited test cells, edited metadata, megabytes of output, writing outside its folder, escaping the hook with
ctypes). About 2 minutes on 2 cores.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

import homework_course as course_tools
from homework_course import cell, model_solutions, released, scores, submit, tool

pytestmark = pytest.mark.homework

HW01 = "hw01_perceptron"
#: Seconds a cell may run in these tests (the course's nbgrader_config.py gives 30): the hanging cell costs this.
CELL_TIMEOUT = 10
ASSIGNMENTS = tool.assignments(course_tools.HOMEWORK)

HW01_FULL = {"epoch_visible": 2, "epoch_hidden": 3, "epoch_edge": 2, "bound_visible": 1, "bound_hidden": 2,
             "bound_edge": 1, "distance_test": 2, "criterion_test": 2, "bits_test": 2, "explain": 0}


def but(**changed) -> dict:
    """HW01's full autograded marks, with some cells' points changed."""
    return {**HW01_FULL, **changed}


STRICT = '''
def perceptron_epoch(X, t, w):
    w = np.array(w, dtype=float)
    updates = 0
    for x_i, t_i in zip(X, t):
        if t_i * (x_i @ w) < 0:             # the slip: a point on the boundary is no mistake
            w = w + t_i * x_i
            updates += 1
    return w, updates
'''
IN_PLACE = '''
def perceptron_epoch(X, t, w):
    w = np.asarray(w, dtype=float)          # the slip: no copy, so += changes the caller's array
    updates = 0
    for x_i, t_i in zip(X, t):
        if t_i * (x_i @ w) <= 0:
            w += t_i * x_i
            updates += 1
    return w, updates
'''
NO_VALUE_ERROR = '''
def update_bound(X, t, w_star):
    gamma = np.min(t * (X @ w_star))
    return np.max(np.sum(X ** 2, axis=1)) * (w_star @ w_star) / gamma ** 2
'''
CALLS_THE_PACKAGE = '''
from lecture_utils.perceptron import mistake_bound

def update_bound(X, t, w_star):
    return mistake_bound(X, t, w_star)
'''
LOOPS_FOREVER = '''
def perceptron_epoch(X, t, w):
    while True:
        pass
'''


def writes_outside(outside: Path) -> str:
    """A distance cell that first tries to harm the course and the machine, then answers."""
    return f'''
import os, pathlib, shutil, sqlite3, subprocess
attempts = [
    lambda: open("../../../gradebook.db", "w").write("gone"),
    lambda: pathlib.Path("../../../submitted/model/{HW01}/{HW01}.ipynb").write_text("{{}}"),
    lambda: os.remove("../../../source/{HW01}/{HW01}.ipynb"),
    lambda: shutil.rmtree("../../../release"),
    lambda: open({str(outside)!r}, "w").write("was here"),
    lambda: sqlite3.connect("../../../gradebook.db").execute("DROP TABLE grade"),
    lambda: subprocess.run(["touch", "../../../owned.txt"]),
    lambda: os.system("touch ../../../owned.txt"),
    lambda: print(open("../../../source/{HW01}/{HW01}.ipynb").read()[:100]),
    lambda: os.listdir("../../../submitted"),
]
for attempt in attempts:
    try:
        attempt()
        print("allowed")
    except PermissionError as error:
        print("refused:", error)
pathlib.Path("notes.txt").write_text("its own folder is fine")
distance = (2 * -1 + -1 * 3 + 0.5) / np.sqrt(5)
'''


ESCAPES_WITH_CTYPES = '''
import ctypes, os
libc = ctypes.CDLL(None)
libc.close(libc.open(b"../../../owned-by-ctypes.txt", os.O_WRONLY | os.O_CREAT, 0o644))
loss_bits = np.log2(1 + np.exp(-0.4))
'''


def _set_metadata(notebook) -> None:
    cell(notebook, "epoch_visible").metadata.nbgrader["points"] = 100
    cell(notebook, "epoch_hidden").metadata.nbgrader["grade"] = False
    cell(notebook, "epoch_edge").metadata.nbgrader["grade_id"] = "my_own_cell"
    cell(notebook, "bits_test").metadata.nbgrader.update(solution=True, grade=False, locked=False)
    cell(notebook, "distance").metadata.nbgrader.update(grade=True, points=50)
    cell(notebook, "bound_visible").metadata.nbgrader.pop("grade_id")
    notebook.metadata.kernelspec = {"name": "bash", "display_name": "Bash", "language": "bash"}


def _delete(notebook, *grade_ids) -> None:
    notebook.cells = [each for each in notebook.cells
                      if each.metadata.get("nbgrader", {}).get("grade_id") not in grade_ids]


def _edit(notebook) -> None:
    cell(notebook, "epoch_visible").source = "pass"
    cell(notebook, "epoch_hidden").source = "assert True"
    cell(notebook, "distance_test").source = "distance = -2.01"


HW01_CLASS = {
    # student: (how the submission is made, the autograded points of each cell)
    "model": (dict(), HW01_FULL),
    "blank": (dict(model=False), {name: 0 for name in HW01_FULL}),
    # the usual slips, one per task in two submissions
    "slips_a": (dict(answers={"epoch": STRICT, "bound": NO_VALUE_ERROR,
                              "bits": "loss_bits = np.log(1 + np.exp(-0.4))     # nats, not bits"}),
                but(epoch_visible=0, epoch_hidden=0, epoch_edge=0, bound_edge=0, bits_test=0)),
    "slips_b": (dict(answers={"epoch": IN_PLACE, "bound": CALLS_THE_PACKAGE,
                              "distance": "distance = -2.0     # right to 2 significant figures only",
                              "criterion": "criterion = [2.75, 1, -2, 0]"}),
                but(epoch_edge=0, bound_visible=0, bound_hidden=0, bound_edge=0, distance_test=0)),
    # hostile submissions
    "loops_forever": (dict(answers={"epoch": LOOPS_FOREVER}), but(epoch_visible=0, epoch_hidden=0, epoch_edge=0)),
    "hangs_in_a_cell": (dict(answers={"distance": "import time\ntime.sleep(3600)\ndistance = -2.01"}),
                        but(distance_test=0)),
    "crashes": (dict(answers={"bound": "def update_bound(X, t, w_star):\n    return 1 / 0"}),
                but(bound_visible=0, bound_hidden=0, bound_edge=0)),
    "deletes_test_cells": (dict(edit=lambda nb: _delete(nb, "epoch_visible", "epoch_hidden", "bound_edge",
                                                        "distance_test")), HW01_FULL),
    "edits_test_cells": (dict(answers={"epoch": STRICT, "distance": "distance = 2.01"}, edit=_edit),
                         but(epoch_visible=0, epoch_hidden=0, epoch_edge=0, distance_test=0)),
    "changes_metadata": (dict(answers={"epoch": STRICT}, edit=_set_metadata),
                         but(epoch_visible=0, epoch_hidden=0, epoch_edge=0)),
    "prints_megabytes": (dict(answers={
        "epoch": model_solutions(course_tools.HOMEWORK, HW01)["epoch"].replace(
            "    updates = 0\n", '    updates = 0\n    print("x" * 5_000_000)\n'),
        "bits": 'print("y" * 3_000_000)\nfor _ in range(20_000):\n    print("line")\nloss_bits = 0.7401'}),
        HW01_FULL),
    "escapes_with_ctypes": (dict(answers={"bits": ESCAPES_WITH_CTYPES}), HW01_FULL),
}
#: Hostile submissions whose grading is flagged; those with None are not graded at all.
HW01_FLAGGED = {"escapes_with_ctypes": "changed files outside its folder: owned-by-ctypes.txt",
                "kills_its_kernel": None}


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> Path:
    """A path outside the course that a submission tries to write."""
    return tmp_path_factory.mktemp("outside") / "written-by-a-submission.txt"


@pytest.fixture(scope="module")
def graded(tmp_path_factory, outside):
    """The course, released, with the simulated class submitted and graded; and the flags of the grading."""
    course = course_tools.make_course(tmp_path_factory.mktemp("homework"))
    for assignment in ASSIGNMENTS:
        submit(course, assignment, "model")
        submit(course, assignment, "blank", model=False)
    for student, (how, _) in HW01_CLASS.items():
        if student not in ("model", "blank"):
            submit(course, HW01, student, **how)
    submit(course, HW01, "writes_outside", answers={"distance": writes_outside(outside)})
    submit(course, HW01, "kills_its_kernel", answers={"criterion": "import os\nos._exit(1)"})
    flags = tool.grade(course, extra=(f"--Execute.timeout={CELL_TIMEOUT}",))
    return course, flags


# ----------------------------------------------------------------------------------------------------------------
# The student version
# ----------------------------------------------------------------------------------------------------------------


def test_the_student_version_holds_no_solution_hidden_test_or_rubric(graded):
    course, _ = graded
    assert tool.leaks(course) == []
    for assignment in ASSIGNMENTS:
        files = sorted(path.name for path in (course / "release" / assignment).rglob("*") if path.is_file())
        assert files == sorted({tool.CHECKS, *(path.name for path in (course / "source" / assignment).glob("*.ipynb"))})
        secret = [line for notebook in (course / "source" / assignment).glob("*.ipynb") for line in tool.secrets(notebook)]
        assert len(secret) >= 10, "the source notebook should hold solutions and hidden tests"
        for path in (course / "release" / assignment).rglob("*"):
            text = path.read_text()
            assert not [line for line in secret if line in text], path
            assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text and "MARK SCHEME" not in text


def test_the_leak_check_finds_a_solution_or_hidden_test_put_back(graded, tmp_path):
    course, _ = graded
    copy = tmp_path / "course"
    shutil.copytree(course / "source", copy / "source")
    shutil.copytree(course / "release", copy / "release")
    notebook_path = copy / "release" / HW01 / f"{HW01}.ipynb"
    source = nbformat.read(copy / "source" / HW01 / f"{HW01}.ipynb", as_version=4)
    for grade_id in ("epoch", "epoch_hidden", "explain_task"):
        notebook = nbformat.read(notebook_path, as_version=4)
        cell(notebook, grade_id).source = cell(source, grade_id).source.replace("### BEGIN", "").replace("### END", "")
        nbformat.write(notebook, notebook_path)
        problems = tool.leaks(copy)
        assert problems and all("instructor's line" in problem for problem in problems), grade_id
        shutil.copy(course / "release" / HW01 / f"{HW01}.ipynb", notebook_path)
    (copy / "release" / HW01 / "answers.txt").write_text("perceptron_epoch")
    assert tool.leaks(copy) == [f"{copy / 'release' / HW01 / 'answers.txt'} is not in the source folder"]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_each_homework_states_its_points_and_each_task_its_share(assignment):
    """The header's "(N points)" is the sum of the points of the graded cells; each task's heading states the points
    of the graded cells under it, and its kind."""
    for path in (course_tools.HOMEWORK / "source" / assignment).glob("*.ipynb"):
        notebook = nbformat.read(path, as_version=4)
        total = sum(each.metadata.nbgrader.get("points", 0) for each in notebook.cells if "nbgrader" in each.metadata)
        header = re.search(r"^# .*\((\d+) points\)", notebook.cells[0].source, re.M)
        assert header and int(header[1]) == total, path
        tasks, current = {}, None
        for each in notebook.cells:
            heading = re.search(r"^## Task \d+ \((implement|derive|explain), (\d+) points?\)", each.source, re.M)
            if each.cell_type == "markdown" and heading:
                current = each.metadata.nbgrader["grade_id"]
                tasks[current] = [int(heading[2]), 0]
            elif current and each.metadata.get("nbgrader", {}).get("grade"):
                tasks[current][1] += each.metadata.nbgrader["points"]
        assert tasks and all(stated == found for stated, found in tasks.values()), tasks


# ----------------------------------------------------------------------------------------------------------------
# The simulated class
# ----------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_model_solution_gets_every_autograded_point_and_a_blank_none(graded, assignment):
    course, _ = graded
    graded_scores = scores(course, assignment)
    source = nbformat.read(next((course / "source" / assignment).glob("*.ipynb")), as_version=4)
    autograded = {each.metadata.nbgrader["grade_id"]: each.metadata.nbgrader["points"] for each in source.cells
                  if each.metadata.get("nbgrader", {}).get("grade") and not each.metadata.nbgrader.get("solution")}
    manual = {each.metadata.nbgrader["grade_id"] for each in source.cells
              if each.metadata.get("nbgrader", {}).get("grade") and each.metadata.nbgrader.get("solution")}
    assert graded_scores["model"] == {**autograded, **{name: 0 for name in manual}}
    assert graded_scores["blank"] == {name: 0 for name in {**autograded, **dict.fromkeys(manual)}}


@pytest.mark.parametrize("student", HW01_CLASS)
def test_homework_01_is_graded_cell_by_cell(graded, student):
    course, _ = graded
    assert scores(course, HW01)[student] == HW01_CLASS[student][1]


def test_flagged_submissions_and_nothing_else(graded):
    course, flags = graded
    assert set(flags[HW01]) == set(HW01_FLAGGED)
    assert flags[HW01]["escapes_with_ctypes"] == HW01_FLAGGED["escapes_with_ctypes"]
    assert flags[HW01]["kills_its_kernel"].startswith("autograding failed")
    assert not (course / "autograded" / "kills_its_kernel").exists()
    assert json.loads((course / "flags.json").read_text()) == flags


def test_a_submission_that_prints_megabytes_keeps_a_small_graded_notebook(graded):
    course, _ = graded
    path = course / "autograded" / "prints_megabytes" / HW01 / f"{HW01}.ipynb"
    assert path.stat().st_size < 150_000
    notebook = nbformat.read(path, as_version=4)
    assert "output cut" in "".join(output.get("text", "") for output in cell(notebook, "bits").outputs)
    assert "more characters" in "".join(output.get("text", "") for output in cell(notebook, "epoch_visible").outputs)


def test_a_submission_cannot_write_or_read_outside_its_folder(graded, outside):
    course, _ = graded
    notebook = nbformat.read(course / "autograded" / "writes_outside" / HW01 / f"{HW01}.ipynb", as_version=4)
    printed = "".join(output.get("text", "") for output in cell(notebook, "distance").outputs)
    assert printed.count("refused:") == 10 and "allowed" not in printed.splitlines()
    assert scores(course, HW01)["writes_outside"] == HW01_FULL
    assert not outside.exists() and not (course / "owned.txt").exists()
    assert (course / "source" / HW01 / f"{HW01}.ipynb").exists() and (course / "release" / HW01).is_dir()
    assert nbformat.read(course / "submitted" / "model" / HW01 / f"{HW01}.ipynb", as_version=4).cells
    assert (course / "autograded" / "writes_outside" / HW01 / "notes.txt").exists()


def test_the_grades_csv_has_a_row_per_student(graded):
    course, _ = graded
    rows = {row["student_id"]: row for row in __import__("csv").DictReader(open(course / "grades.csv"))}
    expected = {student: sum(points.values()) for student, (_, points) in HW01_CLASS.items()}
    expected["writes_outside"] = sum(HW01_FULL.values())
    assert {student: row[HW01] for student, row in rows.items()} == {
        **{student: f"{total:g}" for student, total in expected.items()}, "kills_its_kernel": ""}
    assert rows["model"]["status"] == f"{HW01}: needs manual grading"
    assert rows["blank"]["status"] == ""                    # nothing written: no manual grade needed, 0
    assert rows["escapes_with_ctypes"]["status"].startswith(f"{HW01}: flagged: changed files outside its folder")
    assert rows["kills_its_kernel"]["status"].startswith(f"{HW01}: not graded, flagged: autograding failed")
    assert {row["max_total"] for row in rows.values()} == {"20"}


def test_feedback_shows_the_test_messages_but_no_hidden_test_or_rubric(graded):
    course, _ = graded
    for student in ("model", "blank", "slips_a"):
        html = (course / "feedback" / student / HW01 / f"{HW01}.html").read_text()
        assert "check(perceptron_epoch, dict(X=np.array([[0.5" not in html      # a hidden test's code
        assert "Rubric" not in html and "MARK SCHEME" not in html
    html = (course / "feedback" / "slips_a" / HW01 / f"{HW01}.html").read_text()
    assert "should raise ValueError" in html                                # the failed hidden edge case says why
