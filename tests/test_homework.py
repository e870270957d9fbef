"""Graded homework on nbgrader (homework/, tools/homework.py): the student versions hold no answer, and a simulated
class is graded with exact points.

One course in a temporary folder: every assignment is released (``make homework``'s code), then a class of
submissions made from the student version by small edits (tests/homework_course.py) is graded at once
(``make grade``'s code): for every assignment the model solution and a blank; for homework 01 also the usual
slips and each hostile case (a loop that never returns, a cell that hangs, a crash, a dead kernel, deleted and
edited test cells, edited metadata, megabytes of output, writing outside its folder, escaping the hook with
ctypes); for homework 04 a second class (the usual slips, partial answers, a loop that never returns on one case,
deleted and edited test cells). About 2 minutes on 2 cores.
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
HW04 = "hw04_logistic_regression"
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


# ----------------------------------------------------------------------------------------------------------------
# Homework 04's class: the model, a blank, the usual slips, partial answers, and hostile cases (a loop that never
# returns on one edge case, deleted and edited test cells). Its students share ids with homework 01's where they
# play the same part, so their rows of grades.csv hold both homeworks.
# ----------------------------------------------------------------------------------------------------------------
HW04_FULL = {"softmax_visible": 2, "softmax_hidden": 2, "softmax_edge": 2, "descent_visible": 1, "descent_hidden": 2,
             "descent_edge": 2, "cross_entropy_test": 2, "eta_max_test": 2, "cv_test": 2, "explain": 0}


def but04(**changed) -> dict:
    """HW04's full autograded marks, with some cells' points changed."""
    return {**HW04_FULL, **changed}


NAIVE_SOFTMAX = '''
def softmax_loss_gradient(X, t, W):
    t = np.asarray(t)
    if not np.all(np.isin(t, np.arange(W.shape[1]))):
        raise ValueError("t must hold labels 0, ..., K - 1")
    E = np.exp(X @ W)                       # the slip: no shift by the largest score, so e^900 overflows
    P = E / E.sum(axis=1, keepdims=True)
    T = np.eye(W.shape[1])[t]
    return -np.mean(np.log(P[np.arange(len(t)), t])), X.T @ (P - T) / len(t)
'''
SUMMED_DESCENT = '''
def regularised_descent(X, t, w, eta, l2, l1, n_steps):
    if eta <= 0 or l2 < 0 or l1 < 0 or n_steps < 0:
        raise ValueError("eta > 0, l2 >= 0, l1 >= 0 and n_steps >= 0, please")
    w = np.array(w, dtype=float)
    mask = np.r_[np.ones(len(w) - 1), 0.0]
    for _ in range(n_steps):
        p = 1 / (1 + np.exp(-(X @ w)))
        w = w - eta * (X.T @ (p - t) + l2 * mask * w)       # the slip: the summed gradient, not the mean
        w = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0)
    return w
'''
ASCENT_SOFTMAX = NAIVE_SOFTMAX.replace("E = np.exp(X @ W)                       # the slip: no shift by the largest score, so e^900 overflows",
                                       "Y = X @ W\n    E = np.exp(Y - Y.max(axis=1, keepdims=True))").replace(
    "X.T @ (P - T) / len(t)", "X.T @ (T - P) / len(t)       # the slip: the gradient of the log-likelihood")
IN_PLACE_DESCENT = '''
def regularised_descent(X, t, w, eta, l2, l1, n_steps):
    w = np.asarray(w, dtype=float)          # the slip: no copy, so -= changes the caller's array; and no checks
    mask = np.r_[np.ones(len(w) - 1), 0.0]
    for _ in range(n_steps):
        p = np.exp(-np.logaddexp(0, -(X @ w)))
        w -= eta * (X.T @ (p - t) / len(t) + l2 * mask * w)
        w[:] = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0)
    return w
'''
WITH_SCIPY = '''
from scipy.special import logsumexp, softmax

def softmax_loss_gradient(X, t, W):
    Y = X @ W
    T = np.eye(W.shape[1])[t]
    return np.mean(logsumexp(Y, axis=1) - Y[np.arange(len(t)), t]), X.T @ (softmax(Y, axis=1) - T) / len(t)
'''
NEVER_RETURNS_FOR_NO_STEPS = '''
def regularised_descent(X, t, w, eta, l2, l1, n_steps):
    if eta <= 0 or l2 < 0 or l1 < 0 or n_steps < 0:
        raise ValueError("eta > 0, l2 >= 0, l1 >= 0 and n_steps >= 0, please")
    w = np.array(w, dtype=float)
    mask = np.r_[np.ones(len(w) - 1), 0.0]
    k = 0
    while True:                             # a step first, then the test: with n_steps = 0 it never ends
        p = np.exp(-np.logaddexp(0, -(X @ w)))
        w = w - eta * (X.T @ (p - t) / len(t) + l2 * mask * w)
        w = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0)
        k += 1
        if k == n_steps:
            return w
'''
DERIVED_ONLY = {"cross_entropy": "cross_entropy = [1.8956, -0.84977, 0.027444, 0.82233]",
                "eta_max": "eta_max = 8 / (2 + 2 ** 0.5)", "cv": "cv_accuracy = 0.78"}


def _edit_04(notebook) -> None:
    cell(notebook, "softmax_edge").source = "pass"
    cell(notebook, "cv_test").source = "cv_accuracy = 0.78"


HW04_CLASS = {
    "model": (dict(), HW04_FULL),
    "blank": (dict(model=False), {name: 0 for name in HW04_FULL}),
    "slips_a": (dict(answers={"softmax": NAIVE_SOFTMAX, "descent": SUMMED_DESCENT,
                              "cv": "cv_accuracy = 1 - 5 / 23     # all the mistakes over all the examples"}),
                but04(softmax_edge=0, descent_visible=0, descent_hidden=0, descent_edge=0, cv_test=0)),
    "slips_b": (dict(answers={"softmax": ASCENT_SOFTMAX, "descent": IN_PLACE_DESCENT,
                              "eta_max": "eta_max = 4 / (2 + 2 ** 0.5)     # 1 / L, not 2 / L",
                              "cross_entropy": "cross_entropy = [1.9, -0.85, 0.027, 0.82]     # 2 figures only"}),
                but04(softmax_visible=0, softmax_hidden=0, softmax_edge=0, descent_edge=0, eta_max_test=0,
                      cross_entropy_test=0)),
    "partial": (dict(model=False, answers={**DERIVED_ONLY, "softmax": WITH_SCIPY}),
                {**{name: 0 for name in HW04_FULL}, "cross_entropy_test": 2, "eta_max_test": 2, "cv_test": 2}),
    "loops_forever": (dict(answers={"descent": NEVER_RETURNS_FOR_NO_STEPS}), but04(descent_edge=0)),
    "deletes_test_cells": (dict(edit=lambda nb: _delete(nb, "softmax_visible", "descent_hidden", "cv_test")), HW04_FULL),
    "edits_test_cells": (dict(answers={"softmax": NAIVE_SOFTMAX, "cv": "cv_accuracy = 0.5"}, edit=_edit_04),
                         but04(softmax_edge=0, cv_test=0)),
}


#: The assignments graded with a whole class: {assignment: {student: (how, points)}}.
CLASSES = {HW01: HW01_CLASS, HW04: HW04_CLASS}


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
    for assignment, students in CLASSES.items():
        for student, (how, _) in students.items():
            if student not in ("model", "blank"):
                submit(course, assignment, student, **how)
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


@pytest.mark.parametrize("student", HW04_CLASS)
def test_homework_04_is_graded_cell_by_cell(graded, student):
    course, _ = graded
    assert scores(course, HW04)[student] == HW04_CLASS[student][1]


def test_homework_04s_class_has_every_autograded_cell_and_the_models_points():
    """The expected points name every autograded cell of the source, and the model's are the cells' points."""
    points = _autograded_points(HW04)
    assert HW04_FULL == points
    assert all(set(expected) == set(points) for _, expected in HW04_CLASS.values())
    assert len(HW04_CLASS) >= 8


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


def _autograded_points(assignment: str) -> dict[str, float]:
    """{grade_id: points} of every graded cell of an assignment's source, 0 for a cell graded by hand."""
    source = nbformat.read(next((course_tools.HOMEWORK / "source" / assignment).glob("*.ipynb")), as_version=4)
    return {each.metadata.nbgrader["grade_id"]: 0 if each.metadata.nbgrader.get("solution") else
            each.metadata.nbgrader["points"] for each in source.cells if each.metadata.get("nbgrader", {}).get("grade")}


def test_the_grades_csv_has_a_row_per_student(graded):
    """Each homework's column holds its class's totals (the model and a blank for a homework without a class), ""
    where a student submitted nothing or was not graded; the total adds a student's homeworks."""
    course, _ = graded
    rows = {row["student_id"]: row for row in __import__("csv").DictReader(open(course / "grades.csv"))}
    expected = {assignment: {"model": sum(_autograded_points(assignment).values()), "blank": 0}
                for assignment in ASSIGNMENTS}
    for assignment, students in CLASSES.items():
        expected[assignment] = {student: sum(points.values()) for student, (_, points) in students.items()}
    expected[HW01]["writes_outside"] = sum(HW01_FULL.values())
    for assignment in ASSIGNMENTS:
        assert {student: row[assignment] for student, row in rows.items()} == {
            student: f"{expected[assignment][student]:g}" if student in expected[assignment] else ""
            for student in rows}, assignment
    for student, row in rows.items():
        assert row["total"] == f"{sum(points.get(student, 0) for points in expected.values()):g}", student
    assert rows["slips_a"]["total"] == f"{sum(HW01_CLASS['slips_a'][1].values()) + sum(HW04_CLASS['slips_a'][1].values()):g}"
    assert rows["model"]["status"] == "; ".join(f"{assignment}: needs manual grading" for assignment in ASSIGNMENTS)
    assert rows["blank"]["status"] == ""                    # nothing written: no manual grade needed, 0
    assert rows["escapes_with_ctypes"]["status"].startswith(f"{HW01}: flagged: changed files outside its folder")
    assert rows["kills_its_kernel"]["status"].startswith(f"{HW01}: not graded, flagged: autograding failed")
    assert f"{HW01}: not submitted" in rows["partial"]["status"]
    assert {row["max_total"] for row in rows.values()} == {f"{20 * len(ASSIGNMENTS)}"}


def test_feedback_shows_the_test_messages_but_no_hidden_test_or_rubric(graded):
    course, _ = graded
    for student in ("model", "blank", "slips_a"):
        html = (course / "feedback" / student / HW01 / f"{HW01}.html").read_text()
        assert "check(perceptron_epoch, dict(X=np.array([[0.5" not in html      # a hidden test's code
        assert "Rubric" not in html and "MARK SCHEME" not in html
    html = (course / "feedback" / "slips_a" / HW01 / f"{HW01}.html").read_text()
    assert "should raise ValueError" in html                                # the failed hidden edge case says why
