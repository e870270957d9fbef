"""Graded homework (homework/, tools/homework.py, homework/grader): the student versions hold no answer, each student
is graded against numbers of their own, the tests reject the usual wrong answers, and a class of honest, careless
and hostile submissions is graded with exact points and readable flags, harming no one.

One course in a temporary folder: every assignment is released (``make homework``'s code), then a class of
submissions made from the student version by small edits (tests/homework_class.py) is graded at once (``make
grade``'s code): for every assignment the model solution, a blank, a student who works out her own numbers and one
who hands in her notebook; for homework 01 the usual slips, the careless cases and every attack of the review of
2026-11-29, each as its own student; for homework 04 a second class. The grader itself checks, after each
submission, that nothing but it changed the course, the repository, the environments or anyone's grades (it would
stop); the tests check the attacks' targets too. About 2 minutes on 2 cores. The tasks themselves are checked in
this process, without the sandbox (``homework_tasks``): every wrong implementation of ``homework_wrong`` fails its
task's tests for every student, and every blind spot the reviews found is closed.
"""

from __future__ import annotations

import csv
import hashlib
import html
import json
import os
import re
import shutil
import site
import sysconfig
from pathlib import Path

import nbformat
import numpy as np
import psutil
import pytest

import homework_course as course_tools
import homework_tasks
from homework_class import (CLASSES, HW01, HW01_CLASS, HW01_FULL, HW04, HW04_CLASS, HW04_FULL, JUDGED, SECRET,
                            Context, expected_flags, full_points)
from homework_course import ROOT, cell, scores, submit, tool
from homework_wrong import RIGHT, WRONG
from grader import sandbox  # noqa: E402  (homework/grader, on the path through homework_course's tool)

pytestmark = pytest.mark.homework

#: Seconds a cell may run in these tests (make grade gives 30): the hanging cell costs this.
CELL_TIMEOUT = 10
#: The homework handed in late (its penalty: all points).
LATE = "hw02_information_theory"
ASSIGNMENTS = tool.assignments(course_tools.HOMEWORK)


def _targets(course: Path) -> list[Path]:
    """What the hostile submissions try to change: the course's and the repository's code, another's notebook."""
    return [course / "source" / HW01 / "homework_checks.py", ROOT / "lecture_utils" / "exercises" / "_core.py",
            course / "submitted" / "model" / HW01 / f"{HW01}.ipynb", course / "source" / HW01 / f"{HW01}.ipynb"]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The course, released, with the simulated class submitted and graded; the flags, and what the attacks aimed at."""
    course_tools.require_a_sandbox()
    course = course_tools.make_course(tmp_path_factory.mktemp("homework"))
    context = Context(course, tmp_path_factory.mktemp("outside") / "written-by-a-submission.txt")
    for assignment in ASSIGNMENTS:
        submit(course, assignment, "model")
        submit(course, assignment, "blank", model=False)
    _a_late_submission(course)
    for assignment, students in CLASSES.items():
        for name, student in students.items():
            if name not in ("model", "blank"):
                submit(course, assignment, name, **student.arguments(context, assignment, name))
    before = {path: _digest(path) for path in _targets(course)}
    os.environ[SECRET[0]] = SECRET[1]
    try:
        flags = tool.grade(course, cell_timeout=CELL_TIMEOUT)
    finally:
        del os.environ[SECRET[0]]
    return course, flags, context, before


def _a_late_submission(course: Path) -> None:
    """Homework 02 due a day before "late" handed in the model solution, and the course's penalty: all points."""
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        gradebook.update_or_create_assignment(LATE, duedate="2026-11-01 12:00:00 UTC")
    with open(course / "nbgrader_config.py", "a") as config:
        config.write('\nc.LateSubmissionPlugin.penalty_method = "zero"\n')
    folder = submit(course, LATE, "late")
    (folder / "timestamp.txt").write_text("2026-11-02 12:00:00 UTC")


def _graded_notebook(course: Path, student: str, assignment: str = HW01):
    return nbformat.read(course / "autograded" / student / assignment / f"{assignment}.ipynb", as_version=4)


def _feedback_text(course: Path, student: str, assignment: str = HW01) -> str:
    page = (course / "feedback" / student / assignment / f"{assignment}.html").read_text()
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def _message(notebook, grade_id: str) -> str:
    return "".join(output.get("evalue", "") + output.get("text", "") for output in cell(notebook, grade_id).outputs)


# ----------------------------------------------------------------------------------------------------------------
# The student version, and the sources
# ----------------------------------------------------------------------------------------------------------------


def test_the_student_version_holds_no_solution_hidden_test_or_rubric(graded):
    course, *_ = graded
    assert tool.leaks(course) == []
    for assignment in ASSIGNMENTS:
        files = sorted(path.name for path in (course / "release" / assignment).rglob("*") if path.is_file())
        assert files == sorted({*tool.SHIPPED, *(path.name for path in (course / "source" / assignment).glob("*.ipynb"))})
        secret = [line for notebook in (course / "source" / assignment).glob("*.ipynb") for line in tool.secrets(notebook)]
        assert len(secret) >= 10, "the source notebook should hold solutions and hidden tests"
        for path in (course / "release" / assignment).rglob("*"):
            text = path.read_text()
            assert not [line for line in secret if line in text], path
            assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text and "MARK SCHEME" not in text


def test_the_leak_check_finds_a_solution_or_hidden_test_put_back(graded, tmp_path):
    course, *_ = graded
    copy = tmp_path / "course"
    shutil.copytree(course / "source", copy / "source")
    shutil.copytree(course / "release", copy / "release")
    notebook_path = copy / "release" / HW01 / f"{HW01}.ipynb"
    source = nbformat.read(copy / "source" / HW01 / f"{HW01}.ipynb", as_version=4)
    for grade_id in ("pocket", "pocket_hidden", "explain_task"):
        notebook = nbformat.read(notebook_path, as_version=4)
        cell(notebook, grade_id).source = cell(source, grade_id).source.replace("### BEGIN", "").replace("### END", "")
        nbformat.write(notebook, notebook_path)
        problems = tool.leaks(copy)
        assert problems and all("instructor's line" in problem for problem in problems), grade_id
        shutil.copy(course / "release" / HW01 / f"{HW01}.ipynb", notebook_path)
    (copy / "release" / HW01 / "answers.txt").write_text("pocket_perceptron")
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


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_each_hidden_case_is_named_and_invalid_input_has_cells_of_its_own(graded, assignment):
    """A failed hidden case is named by what it tests; a cell of cases that must raise holds no other case, so a
    function that does not validate its input loses that cell only."""
    from grader.autograde import Notebook
    from grader.checks import FunctionCheck
    course, *_ = graded
    for notebook in Notebook.of(course, assignment):
        for test in notebook.tests_for("a-student").values():
            functions = [check for check in test.checks if isinstance(check, FunctionCheck)]
            assert all(check.hidden for check in functions if "visible" not in test.grade_id), test.grade_id
            raising = {check.options["raises"] is not None for check in functions}
            assert len(raising) <= 1, f"{test.grade_id} mixes cases that must raise with others"


# ----------------------------------------------------------------------------------------------------------------
# The class, graded
# ----------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_model_solution_gets_every_autograded_point_and_a_blank_none(graded, assignment):
    course, *_ = graded
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
    course, *_ = graded
    expected = HW01_CLASS[student].expected(HW01, student)
    if expected is None:
        assert not (course / "autograded" / student / HW01).exists()
    else:
        assert scores(course, HW01)[student] == expected


@pytest.mark.parametrize("student", HW04_CLASS)
def test_homework_04_is_graded_cell_by_cell(graded, student):
    course, *_ = graded
    assert scores(course, HW04)[student] == HW04_CLASS[student].expected(HW04, student)


@pytest.mark.parametrize("assignment, student", [(assignment, name) for assignment, students in CLASSES.items()
                                                 for name, student in students.items() if student.points == JUDGED])
def test_a_slip_loses_the_cells_of_its_own_tasks_and_no_other(assignment, student):
    """The usual slips of the class are judged in this process (their hidden cases are the student's own), and the
    grader must agree; each loses something, and only in the tasks it slipped on."""
    slipped = CLASSES[assignment][student].slipped(assignment, student)
    lost = {grade_id for grade_id, points in CLASSES[assignment][student].expected(assignment, student).items()
            if points == 0 and full_points(assignment)[grade_id]}
    tasks = {test for grade_id in slipped for test in homework_tasks.cells_testing(assignment, grade_id)}
    assert lost and lost <= tasks and all(lost & set(homework_tasks.cells_testing(assignment, grade_id))
                                          for grade_id in slipped)


def test_a_late_submission_gets_the_courses_penalty(graded):
    from nbgrader.api import Gradebook
    course, *_ = graded
    assert scores(course, LATE)["late"] == scores(course, LATE)["model"]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission(LATE, "late")
        assert submission.total_seconds_late == 86_400 and submission.late_submission_penalty == submission.score > 0
        assert gradebook.find_submission(LATE, "model").late_submission_penalty == 0


def test_the_classes_name_every_autograded_cell():
    for assignment, full in ((HW01, HW01_FULL), (HW04, HW04_FULL)):
        assert full == _autograded_points(assignment)
    for assignment, students in CLASSES.items():
        assert all(set(student.expected(assignment, name)) == set(full_points(assignment))
                   for name, student in students.items() if student.points)


def test_flagged_submissions_and_nothing_else_each_with_a_readable_reason(graded):
    course, flags, *_ = graded
    for assignment in ASSIGNMENTS:
        expected = expected_flags(assignment) if assignment in CLASSES else {}
        assert set(flags.get(assignment, {})) == set(expected), assignment
        for student, words in expected.items():
            assert words in flags[assignment][student], (student, flags[assignment][student])
    assert json.loads((course / "flags.json").read_text()) == flags


def _inside_a_live_sandbox(process) -> bool:
    """Whether ``process`` runs under a bubblewrap that is still running: another test's sandbox at work (the tests
    run on two workers), not a program that outlived the grading of this class."""
    try:
        return any(parent.name() == "bwrap" for parent in process.parents())
    except psutil.Error:                                  # it ended meanwhile: nothing left behind
        return True


def test_the_attacks_harmed_no_one(graded):
    """Their targets are as they were, nothing was written outside, and no program they started is left."""
    course, _, context, before = graded
    assert {path: _digest(path) for path in _targets(course)} == before
    assert not context.outside.exists()
    assert not [path for path in course.rglob("owned*")]
    for folder in {sysconfig.get_paths()["purelib"], *site.getsitepackages()}:
        assert not list(Path(folder).glob("owned-by-a-submission*"))
    assert not [process for process in psutil.process_iter(["uids"]) if process.info["uids"]
                and (process.info["uids"].real == 65534 or process.info["uids"].real >= sandbox.USERS)
                and not _inside_a_live_sandbox(process)]
    assert (course / "autograded" / "writes_outside" / HW01 / f"{HW01}.ipynb").exists()
    printed = _message(_graded_notebook(course, "writes_outside"), "criterion")
    assert printed.count("refused:") == 9 and "allowed" not in printed.splitlines()


def test_a_submission_that_prints_megabytes_keeps_a_small_graded_notebook(graded):
    course, *_ = graded
    path = course / "autograded" / "prints_megabytes" / HW01 / f"{HW01}.ipynb"
    assert path.stat().st_size < 150_000
    assert "output cut" in _message(nbformat.read(path, as_version=4), "start")


def test_a_failed_check_says_why_a_hidden_case_by_its_name_only(graded):
    course, *_ = graded
    notebook = _graded_notebook(course, "slips_a")
    assert _message(notebook, "pocket_visible").startswith("pocket_perceptron(X=np.array([[0, 2, 1], [-1, -1, 1]")
    assert "; expected (np.array([0.0, 2.0, 1.0]), 2)." in _message(notebook, "pocket_visible")
    assert _message(notebook, "kernel_invalid") == ('kernel_perceptron, on the hidden case "K not square", should raise '
                                                    'ValueError; it raised IndexError.')
    assert _message(notebook, "criterion_test") == "criterion is not right to 3 significant figures."
    assert _message(_graded_notebook(course, "loops_forever"), "pocket_hidden") == (
        'pocket_perceptron, on the hidden case "twelve points in two overlapping classes", did not return within 5 s.')


def test_feedback_shows_the_messages_but_no_hidden_test_rubric_or_grader_secret(graded):
    course, *_ = graded
    for assignment in ASSIGNMENTS:
        assert tool.feedback_leaks(course, assignment) == []
    for student in ("model", "blank", "slips_a", "slips_b", "prints_the_history", "prints_the_environment"):
        text = _feedback_text(course, student)
        truth = repr(float(homework_tasks.tests_for(HW01, student)["start_hidden"].checks[0].options["expected"]))
        assert "[1, 3, 1], [-1, -2, 1]" not in text and truth[:8] not in text      # a hidden case, the student's truth
        assert "Rubric" not in text and "MARK SCHEME" not in text and SECRET[1] not in text
    assert 'on the hidden case "K not square"' in _feedback_text(course, "slips_a")
    assert 'start_bound, on the hidden case "a start along w*", returned a wrong result' in _feedback_text(course, "slips_b")
    carried = _feedback_text(course, "carries_a_case_out")      # what its function chose never reaches its feedback
    assert 'on the hidden case "twelve points in two overlapping classes", raised an exception of its own' in carried
    assert ('on the hidden case "separable data: the pocket ends on a separator", returned a result of the wrong form'
            in carried)
    hidden = _message(_graded_notebook(course, "carries_a_case_out"), "pocket_hidden") + _message(
        _graded_notebook(course, "carries_a_case_out"), "pocket_edge")
    assert "Leak_" not in hidden and "[[" not in hidden and "shape (" not in hidden
    assert "HOME" in _message(_graded_notebook(course, "prints_the_environment"), "criterion")
    for path in (course / "autograded").rglob("*.ipynb"):
        assert SECRET[1] not in path.read_text()


def test_the_grades_csv_has_a_row_per_student(graded):
    """Each homework's column holds its class's totals (the model and a blank for a homework without a class), ""
    where a student submitted nothing or was not graded; the total adds a student's homeworks."""
    course, *_ = graded
    rows = {row["student_id"]: row for row in csv.DictReader(open(course / "grades.csv"))}
    expected = {assignment: {"model": sum(_autograded_points(assignment).values()), "blank": 0}
                for assignment in ASSIGNMENTS}
    expected[LATE]["late"] = 0                              # every point, and the course's penalty took them all
    for assignment, students in CLASSES.items():
        expected[assignment].update({name: sum(student.expected(assignment, name).values()) if student.points else ""
                                     for name, student in students.items()})
    for assignment in ASSIGNMENTS:
        assert {student: row[assignment] for student, row in rows.items()} == {
            student: f"{expected[assignment].get(student, ''):g}" if expected[assignment].get(student, "") != "" else ""
            for student in rows}, assignment
    for student, row in rows.items():
        assert row["total"] == f"{sum(points.get(student) or 0 for points in expected.values()):g}", student
    assert rows["model"]["status"] == "; ".join(f"{assignment}: needs manual grading" for assignment in ASSIGNMENTS)
    assert rows["blank"]["status"] == ""                    # nothing written: no manual grade needed, 0
    assert rows["invalid_json"]["status"].startswith(f"{HW01}: not graded, flagged: the notebook is not valid JSON")
    assert f"{HW01}: not submitted" in rows["partial"]["status"]
    assert {row["max_total"] for row in rows.values()} == {f"{20 * len(ASSIGNMENTS)}"}


def test_nbgrader_autograde_refuses_to_run_students_code(graded):
    course, *_ = graded
    result = tool.nbgrader(course, "autograde", HW01, "--student", "model", "--force", check=False)
    assert result.returncode != 0 and "would run students' code unconfined" in result.stdout


def test_the_witness_sees_what_the_grader_did_not_write(graded):
    from grader.witness import Witness
    from nbgrader.api import Gradebook
    course, *_ = graded
    db_url = f"sqlite:///{course / 'gradebook.db'}"
    witness = Witness(course, ROOT, db_url)
    with Gradebook(db_url) as gradebook:
        gradebook.find_grade("pocket_visible", HW01, HW01, "model").auto_score = 0
        gradebook.find_grade("pocket_visible", HW01, HW01, "blank").auto_score = 1
        gradebook.db.commit()
    (course / "autograded" / "model" / HW01 / "notes.txt").write_text("the grader's own folder")
    (course / "source" / HW01 / "notes.txt").write_text("not the grader's")
    try:
        assert witness.changes({(HW01, "model")}) == [str(course / "source" / HW01 / "notes.txt"),
                                                       f"the grade of blank for {HW01}/pocket_visible"]
    finally:
        (course / "source" / HW01 / "notes.txt").unlink()
        with Gradebook(db_url) as gradebook:
            gradebook.find_grade("pocket_visible", HW01, HW01, "model").auto_score = 2
            gradebook.find_grade("pocket_visible", HW01, HW01, "blank").auto_score = 0
            gradebook.db.commit()


def _autograded_points(assignment: str) -> dict[str, float]:
    """{grade_id: points} of every graded cell of an assignment's source, 0 for a cell graded by hand."""
    source = nbformat.read(next((course_tools.HOMEWORK / "source" / assignment).glob("*.ipynb")), as_version=4)
    return {each.metadata.nbgrader["grade_id"]: 0 if each.metadata.nbgrader.get("solution") else
            each.metadata.nbgrader["points"] for each in source.cells if each.metadata.get("nbgrader", {}).get("grade")}


# ----------------------------------------------------------------------------------------------------------------
# Numbers of each student's own
# ----------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_two_students_get_numbers_of_their_own_and_are_graded_against_them(graded, assignment):
    """Ana and Ben get different numbers for every derive task; Ana, who worked out hers, gets every point; the
    model solution, which computes from the numbers of whoever runs it, too."""
    import homework_numbers
    course, *_ = graded
    ana, ben = (homework_numbers.numbers_of(assignment, name) for name in ("ana", "ben"))
    for task in homework_numbers.DRAWS[assignment]:
        assert repr(getattr(ana, task)) != repr(getattr(ben, task)), task
    for grade_id in homework_tasks.derive_cells(assignment):
        assert homework_tasks.literal_answers(assignment, "ana")[grade_id] != \
            homework_tasks.literal_answers(assignment, "ben")[grade_id], grade_id
    assert scores(course, assignment)["ana"] == scores(course, assignment)["model"] == full_points(assignment)
    shown = repr(getattr(ana, next(iter(homework_numbers.DRAWS[assignment])))).splitlines()[1].strip()
    assert shown in _feedback_text(course, "ana", assignment)      # the feedback shows the numbers it was graded with


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_a_copied_answer_earns_nothing(graded, assignment):
    """Ben hands in Ana's notebook: the code of her implement tasks earns his points, her numbers none of the derive
    tasks that are numbers, and her STUDENT_ID flags the submission; Cy (homework 01) copies quietly, STUDENT_ID left
    empty: no flag, and no point for the numbers either."""
    course, flags, *_ = graded
    graded_scores = scores(course, assignment)
    copied = {test for grade_id in homework_tasks.derive_cells(assignment)
              for test in homework_tasks.cells_testing(assignment, grade_id)}
    assert copied
    for name in ("ben", "cy") if assignment == HW01 else ("ben",):
        assert {grade_id: points for grade_id, points in graded_scores[name].items() if grade_id in copied} == \
            dict.fromkeys(copied, 0), name
        assert {grade_id: points for grade_id, points in graded_scores[name].items() if grade_id not in copied} == \
            {grade_id: points for grade_id, points in full_points(assignment).items() if grade_id not in copied}, name
    assert flags[assignment]["ben"] == ("its STUDENT_ID is 'ana', but it was submitted by 'ben': it was graded with "
                                        "the numbers of 'ben' (a notebook copied, or an id mistyped?)")
    assert "cy" not in flags.get(assignment, {})


# ----------------------------------------------------------------------------------------------------------------
# The tasks' tests, in this process: wrong answers rejected, right ones written otherwise accepted, blind spots closed
# ----------------------------------------------------------------------------------------------------------------

#: Students whose numbers and hidden cases the tasks are tried with.
STUDENTS = ("ana", "ben", "a-sample-student")
#: The wrong answers overflow, divide by zero and take logs of 0, as a student's would: numpy says so, the tests judge.
quiet = pytest.mark.filterwarnings("ignore::RuntimeWarning")
IMPLEMENT = [(assignment, grade_id) for assignment in ASSIGNMENTS for grade_id in homework_tasks.implement_cells(assignment)
             if homework_tasks.kind(assignment, grade_id) == "implement"]
WRONG_ANSWERS = [(assignment, grade_id, name) for assignment, cells in WRONG.items() for grade_id, answers in cells.items()
                 for name in answers]
RIGHT_ANSWERS = [(assignment, grade_id, name) for assignment, cells in RIGHT.items() for grade_id, answers in cells.items()
                 for name in answers]


def test_every_homework_keeps_its_20_points_and_its_mix_of_kinds():
    for assignment in ASSIGNMENTS:
        kinds = {}
        for grade_id, points in full_points(assignment).items():
            answer = next(cell for cell in homework_tasks.source(assignment).cells
                          if cell.metadata.nbgrader.get("grade_id") == grade_id)
            kinds.setdefault(homework_tasks.kind(assignment, grade_id), 0)
            kinds[homework_tasks.kind(assignment, grade_id)] += answer.metadata.nbgrader["points"]
        assert sum(kinds.values()) == 20 and set(kinds) == {"implement", "derive", "explain"}, (assignment, kinds)
        assert kinds["implement"] == 11 and kinds["explain"] == 3, (assignment, kinds)


@quiet
@pytest.mark.parametrize("assignment, grade_id", IMPLEMENT)
def test_every_implement_task_has_five_wrong_implementations_and_a_visible_test_one_of_them_fails(assignment, grade_id):
    wrong = WRONG[assignment][grade_id]
    assert len(wrong) >= 5
    cells = homework_tasks.cells_testing(assignment, grade_id)
    visible = [cell for cell in cells if cell.endswith("_visible")]
    assert len(visible) == 1 and any(cell.endswith("_invalid") for cell in cells)     # validation: a cell of its own
    assert any(homework_tasks.failures(assignment, "ana", {grade_id: code}, cells=visible) for code in wrong.values())


@quiet
@pytest.mark.parametrize("assignment, grade_id, name", [answer for answer in WRONG_ANSWERS if answer[:2] in IMPLEMENT])
def test_a_wrong_implementation_fails_its_tasks_tests_for_every_student(assignment, grade_id, name):
    code, cells = WRONG[assignment][grade_id][name], homework_tasks.cells_testing(assignment, grade_id)
    for student in STUDENTS:
        assert homework_tasks.failures(assignment, student, {grade_id: code}, cells=cells), student


@quiet
@pytest.mark.parametrize("assignment, grade_id, name", [answer for answer in WRONG_ANSWERS if answer[:2] not in IMPLEMENT])
def test_a_derive_slip_is_wrong_for_most_students(assignment, grade_id, name):
    """A derive task's usual slip fails its test for most students (for some, a slip may give their right number:
    a batch step and an epoch that make the same updates)."""
    code, cells = WRONG[assignment][grade_id][name], homework_tasks.cells_testing(assignment, grade_id)
    caught = [student for student in (f"student{number}" for number in range(10))
              if homework_tasks.failures(assignment, student, {grade_id: code}, cells=cells)]
    assert len(caught) >= 6, caught


@pytest.mark.parametrize("assignment, grade_id, name", RIGHT_ANSWERS)
def test_a_right_answer_written_otherwise_passes(assignment, grade_id, name):
    code = RIGHT[assignment][grade_id][name]
    for student in STUDENTS:
        assert homework_tasks.failures(assignment, student, {grade_id: code}) == {}, student


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_model_solution_passes_every_test_for_every_student(assignment):
    for student in STUDENTS + tuple(f"student{number}" for number in range(5)):
        assert homework_tasks.failures(assignment, student) == {}, student


def _cases(assignment: str, grade_id: str, student: str = "ana") -> dict:
    """{case name: arguments} of the function checks of a test cell."""
    return {check.hidden: check.arguments for check in homework_tasks.tests_for(assignment, student)[grade_id].checks}


#: The blind spots the reviews of 2026-11-29 found, each with the wrong answer it let through and the cell that now
#: rejects it (for every student).
BLIND_SPOTS = [
    ("HW03 T1: log(pdf) summed observation by observation, an observation 40 sigma out",
     "hw03_maximum_likelihood", "grid", "log(pdf) summed observation by observation", "grid_hidden"),
    ("hw05 T2: a check of the Hessian's diagonal", "hw05_newton_irls", "minimise", "looks at the diagonal only",
     "minimise_indefinite"),
    ("hw05 T2: a check of det H > 0", "hw05_newton_irls", "minimise", "looks at the determinant only",
     "minimise_indefinite"),
    ("hw05 T2: the gradient tested after each step", "hw05_newton_irls", "minimise", "tests the gradient after each step",
     "minimise_edge"),
    ("hw06 T1: a covariance judged by the sign of its determinant", "hw06_discriminant_analysis", "quadratic",
     "positive definite read off the determinant", "quadratic_invalid"),
    ("hw07 T1: the visible test, failed by the Bernoulli model", "hw07_naive_bayes", "multinomial",
     "the Bernoulli model: whether a word occurs, not how often", "multinomial_visible"),
    ("hw07 T1: the visible test, failed by a smoothing over one word", "hw07_naive_bayes", "multinomial",
     "smoothed over one word, n_k + alpha", "multinomial_visible"),
    ("hw07 T5: the ln(2 pi sigma^2) terms dropped", "hw07_naive_bayes", "two_gaussians",
     "the ln(2 pi sigma^2) terms dropped", "two_gaussians_test"),
]


@quiet
@pytest.mark.parametrize("spot, assignment, grade_id, name, cell", BLIND_SPOTS, ids=[spot[0] for spot in BLIND_SPOTS])
def test_a_blind_spot_of_the_reviews_is_closed(spot, assignment, grade_id, name, cell):
    for student in STUDENTS + tuple(f"student{number}" for number in range(7)):
        assert cell in homework_tasks.failures(assignment, student, {grade_id: WRONG[assignment][grade_id][name]}), student


def test_the_blind_spots_of_the_reviews_in_the_cases_themselves():
    """HW01's N = 0 has X of shape (N, D), which an implementation unpacking X.shape accepts; hw05 T2's Hessians that
    are not positive definite include non-diagonal ones, one with a positive diagonal and determinant; hw06 T1's
    include one with a positive determinant; hw07's two Gaussian features have variances whose products differ for
    every student; no homework tests a convention no notebook states (hw04's KFold remainder is gone)."""
    import homework_numbers
    (empty,) = [case for name, case in _cases(HW01, "pocket_edge").items() if name.startswith("N = 0")]
    assert empty["X"].shape == (0, 3)
    hessians = [case["hessian"](np.asarray(case["x0"], dtype=float)) for case in _cases("hw05_newton_irls", "minimise_indefinite").values()]
    assert all(np.any(hessian != np.diag(np.diag(hessian))) for hessian in hessians)
    assert any(np.all(np.diag(hessian) > 0) and np.linalg.det(hessian) > 0 for hessian in hessians)
    assert any(np.linalg.det(case["covariances"][1]) > 0
               for case in _cases("hw06_discriminant_analysis", "quadratic_invalid").values() if "covariance" in str(case))
    for number in range(50):
        variances = homework_numbers.numbers_of("hw07_naive_bayes", f"student{number}").gaussian.variances
        ratio = variances[0].prod() / variances[1].prod()
        assert ratio >= 2 or ratio <= 0.5
    hw04 = "\n".join(cell.source for cell in homework_tasks.source(HW04).cells)
    assert "KFold" not in hw04 and "kfold" not in hw04


def test_the_false_premises_of_the_reviews_are_gone():
    """hw05's explain task no longer says the run never stops, nor blames an ill-conditioned solve; hw04's rubric
    argues the minimum's existence with both classes, the bias being free."""
    hw05 = " ".join(" ".join(cell.source.split()) for cell in homework_tasks.source("hw05_newton_irls").cells)
    assert "never stops" not in hw05 and "the run stops and reports that it converged" in hw05
    assert "makes the solve ill-conditioned" not in hw05 and "the linear solve is not ill-conditioned" in hw05
    hw04 = homework_tasks.source(HW04).cells
    rubric = next(cell.source for cell in hw04 if cell.metadata.nbgrader.get("grade_id") == "explain_task")
    assert "because both classes are present" in rubric and "so it needs no penalty to have a minimum" not in rubric
