"""A simulated class for the homework tests: honest, careless and hostile submissions, and what each must get.

Every submission is made from the student version by small edits (``homework_course.submit``), so the class stays
in step with the sources. Each :class:`Student` states its points cell by cell (None: not graded at all) and the
words its flag must hold (None: not flagged). Each student has numbers of their own: an honest student's derived
answers are the numbers worked out for them (``homework_tasks.literal_answers``), and a student who hands in a
classmate's numbers gets nothing for them. The hostile ones hold every attack of the review of 2026-11-29
(``../shared/reviews/2026-11-29-homework-grading-attack.md``), each as its own student: the tricks that got full
marks with no work (get 0, for the tasks they cheat on), those that aimed at the gradebook, the course, the
environment, other students or the grader (harm no one: they keep their honest points), and the ways around the
switched-off packages. A :class:`Context` carries what an attack aims at: the course's path, the grader's process.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

import nbformat

from homework_course import HOMEWORK, ROOT, cell, model_solutions, tool
from homework_tasks import cells_testing, derive_cells, failures, literal_answers, source
from homework_wrong import WRONG

HW01 = "hw01_perceptron"
HW04 = "hw04_logistic_regression"
ASSIGNMENTS = tool.assignments(HOMEWORK)
#: A variable in the grader's environment that no submission may see.
SECRET = ("HOMEWORK_GRADER_SECRET", "open-sesame-4711")


@dataclass
class Context:
    """What the hostile submissions aim at."""

    course: Path
    outside: Path                    #: a file outside the course that a submission tries to write
    grader_pid: int = field(default_factory=os.getpid)
    assignment: str = ""             #: the homework, and the student, of the submission being made
    student: str = ""


@dataclass
class Student:
    """How a submission is made (``homework_course.submit``'s arguments, or a function of the context giving
    them), the autograded points of each cell (None: not graded), and the words its flag holds (None: no flag).

    Unless ``honest`` is False, the derived answers are the numbers worked out for this student (an attack that
    edits one of those cells keeps them after its own code); ``answers`` given in ``how`` take their place.
    """

    how: object
    points: dict | None
    flag: str | None = None
    honest: bool = True

    def slipped(self, assignment: str, name: str) -> set[str]:
        """The answer cells this student's own answers replace (beyond the numbers worked out for them)."""
        return set((self.how(replace(Context(Path("."), Path(".")), assignment=assignment, student=name))
                    if callable(self.how) else self.how).get("answers", {}))

    def expected(self, assignment: str, name: str) -> dict | None:
        """The points of each cell: as given, or, for :data:`JUDGED`, the tests' verdicts on its answers in this
        process (its hidden cases are the student's own)."""
        if self.points != JUDGED:
            return self.points
        answers = self.arguments(Context(Path("."), Path(".")), assignment, name)["answers"]
        return _but(full_points(assignment), *failures(assignment, name, answers))

    def arguments(self, context: Context, assignment: str, name: str) -> dict:
        context = replace(context, assignment=assignment, student=name)
        arguments = dict(self.how(context) if callable(self.how) else self.how)
        if self.honest and "homework" not in arguments:
            numbers = literal_answers(assignment, name)
            given = arguments.get("answers", {})
            arguments["answers"] = {**numbers, **{grade_id: answer.replace(HONEST, f"\n{numbers.get(grade_id, '')}\n")
                                                  for grade_id, answer in given.items()}}
        return arguments


#: The points of a slip: the verdicts of the tests on its answers in this process (homework_tasks), which the grader
#: must give too.
JUDGED = "judged in this process"
#: Where an attack's cell keeps the student's own honest answer, after the attack's code.
HONEST = "\n# (the honest answer follows)\n"




def full_points(assignment: str) -> dict[str, float]:
    """{grade_id: points} of every graded cell of an assignment's source, 0 for a cell graded by hand."""
    return {each.metadata.nbgrader["grade_id"]: 0 if each.metadata.nbgrader.get("solution") else
            each.metadata.nbgrader["points"] for each in source(assignment).cells
            if each.metadata.get("nbgrader", {}).get("grade")}


def _but(full: dict, *lost: str, **changed) -> dict:
    """``full``, with the cells of ``lost`` at 0 and some cells' points changed."""
    return {**full, **dict.fromkeys(lost, 0), **changed}


def _delete(notebook, *grade_ids) -> None:
    notebook.cells = [each for each in notebook.cells
                      if each.metadata.get("nbgrader", {}).get("grade_id") not in grade_ids]


def _append(source_text: str):
    def edit(notebook) -> None:
        notebook.cells.append(nbformat.v4.new_code_cell(source_text))
    return edit


def _explain(text: str):
    def edit(notebook) -> None:
        cell(notebook, "explain").source = text
    return edit


def _nbformat_3(text: str) -> str:
    return nbformat.writes(nbformat.convert(nbformat.reads(text, as_version=4), 3))


# ----------------------------------------------------------------------------------------------------------------
# Homework 01
# ----------------------------------------------------------------------------------------------------------------

HW01_FULL = {"pocket_visible": 2, "pocket_hidden": 2, "pocket_edge": 1, "pocket_invalid": 1, "kernel_visible": 1,
             "kernel_hidden": 2, "kernel_edge": 1, "kernel_invalid": 1, "criterion_test": 1, "after_test": 2,
             "start_visible": 1, "start_hidden": 2, "explain": 0}
HW01_NONE = dict.fromkeys(HW01_FULL, 0)
POCKET = ("pocket_visible", "pocket_hidden", "pocket_edge", "pocket_invalid")
KERNEL = ("kernel_visible", "kernel_hidden", "kernel_edge", "kernel_invalid")


def but(*lost: str, **changed) -> dict:
    """HW01's full autograded marks, with the cells of ``lost`` at 0."""
    return _but(HW01_FULL, *lost, **changed)


SLIPS_01 = WRONG[HW01]
STRICT = SLIPS_01["pocket"]["a point on the boundary is no mistake when updating"]
START = model_solutions(ROOT / "homework", HW01)["start"]
CALLS_THE_PACKAGE = '''
from lecture_utils.perceptron import perceptron_trace

def kernel_perceptron(K, t, n_epochs):
    X = np.linalg.cholesky(np.asarray(K, dtype=float) + 1e-9 * np.eye(len(K)))     # features whose inner products are K
    trace = perceptron_trace(X, t, max_epochs=n_epochs, fit_intercept=False)
    return np.bincount(trace.index, minlength=len(t))
'''
CALLS_THE_VARIANTS = '''
from lecture_utils.perceptron_variants import PocketPerceptron

def pocket_perceptron(X, t, n_epochs):
    model = PocketPerceptron(max_epochs=n_epochs, fit_intercept=False).fit(X, t)
    return model.coef_, int(np.sum(t * (np.asarray(X) @ model.coef_) <= 0))
'''
LOOPS_FOREVER = "def pocket_perceptron(X, t, n_epochs):\n    while True:\n        pass\n"
HOLDS_THE_GIL = "def pocket_perceptron(X, t, n_epochs):\n    return sum(range(10 ** 13))     # one call into C: no signal stops it\n"
STUB = "\n\ndef pocket_perceptron(X, t, n_epochs):\n    return None\n"


def _edit(notebook) -> None:
    cell(notebook, "pocket_visible").source = "pass"
    cell(notebook, "pocket_hidden").source = "assert True"
    cell(notebook, "criterion_test").source = "criterion = [0, 0, 0, 0]"


def _set_metadata(notebook) -> None:
    cell(notebook, "pocket_visible").metadata.nbgrader["points"] = 100
    cell(notebook, "pocket_hidden").metadata.nbgrader["grade"] = False
    cell(notebook, "pocket_edge").metadata.nbgrader["grade_id"] = "my_own_cell"
    cell(notebook, "start_hidden").metadata.nbgrader.update(solution=True, grade=False, locked=False)
    cell(notebook, "criterion").metadata.nbgrader.update(grade=True, points=50)
    cell(notebook, "kernel_visible").metadata.nbgrader.pop("grade_id")
    notebook.metadata.kernelspec = {"name": "bash", "display_name": "Bash", "language": "bash"}


def _move_hidden_test_to_the_top(notebook) -> None:
    hidden = cell(notebook, "pocket_hidden")
    notebook.cells.remove(hidden)
    notebook.cells.insert(0, hidden)


def _solution_in_a_new_cell(notebook) -> None:
    """The solution written in a new cell below the (untouched) answer cell, and the visible test deleted."""
    _delete(notebook, "pocket_visible")
    at = notebook.cells.index(cell(notebook, "pocket")) + 1
    notebook.cells.insert(at, nbformat.v4.new_code_cell(model_solutions(ROOT / "homework", HW01)["pocket"]))


def _copied_from(owner: str, claims: str | None):
    """A notebook handed in with ``owner``'s numbers, its STUDENT_ID set to ``claims`` (None: left empty)."""
    def how(context: Context) -> dict:
        return dict(answers=literal_answers(context.assignment, owner),
                    edit=None if claims is None else _claim(claims))
    return how


def _claim(student_id: str):
    def edit(notebook) -> None:
        cell(notebook, "student_id").source = f'STUDENT_ID = "{student_id}"'
    return edit


PRINTS_MEGABYTES = {
    "pocket": model_solutions(ROOT / "homework", HW01)["pocket"].replace(
        "    w = np.zeros(X.shape[1])\n", '    w = np.zeros(X.shape[1])\n    print("x" * 5_000_000)\n'),
    "start": 'print("y" * 3_000_000)\nfor _ in range(20_000):\n    print("line")\n' + START}

# -- the tricks that got full marks with no work ---------------------------------------------------------------------
INPUT_TRANSFORMER = "get_ipython().input_transformers_cleanup.append(lambda lines: [])" + STUB
REBINDS_THE_CHECKS = "check = check_number = is_number = lambda *args, **kwargs: None" + STUB
REPLACES_THEIR_CODE = ("check.__code__ = (lambda *args, **kwargs: None).__code__\n"
                       "check_number.__code__ = is_number.__code__ = check.__code__" + STUB)
READS_THE_GRADERS_FRAMES = '''
import sys

def pocket_perceptron(X, t, n_epochs):
    for frame in sys._current_frames().values():
        while frame is not None:
            if "expected" in frame.f_locals:
                return frame.f_locals["expected"]
            frame = frame.f_back
    return None
'''
TRUTH_THROUGH_ARRAY = '''
import sys

class Truth:
    """Converts to whatever truth a frame of the grader holds."""
    def __array__(self, dtype=None, copy=None):
        for frame in sys._current_frames().values():
            while frame is not None:
                if "truth" in frame.f_locals:
                    return np.asarray(frame.f_locals["truth"])
                frame = frame.f_back
        return np.zeros(4)

criterion = Truth()
'''

# -- around the switched-off packages -------------------------------------------------------------------------------
FROM_A_THREAD = '''
import threading
from lecture_utils.perceptron import perceptron_trace

def kernel_perceptron(K, t, n_epochs):
    found = {}
    X = np.linalg.cholesky(np.asarray(K, dtype=float) + 1e-9 * np.eye(len(K)))
    worker = threading.Thread(target=lambda: found.update(value=perceptron_trace(X, t, max_epochs=n_epochs,
                                                                                  fit_intercept=False)))
    worker.start()
    worker.join()
    return np.bincount(found["value"].index, minlength=len(t))
'''
AFTER_SETPROFILE = '''
import sys
from lecture_utils.perceptron import perceptron_trace

def kernel_perceptron(K, t, n_epochs):
    sys.setprofile(None)
    X = np.linalg.cholesky(np.asarray(K, dtype=float) + 1e-9 * np.eye(len(K)))
    return np.bincount(perceptron_trace(X, t, max_epochs=n_epochs, fit_intercept=False).index, minlength=len(t))
'''
FROM_A_COPIED_FILE = '''
from perceptron_copy import perceptron_trace

def kernel_perceptron(K, t, n_epochs):
    X = np.linalg.cholesky(np.asarray(K, dtype=float) + 1e-9 * np.eye(len(K)))
    return np.bincount(perceptron_trace(X, t, max_epochs=n_epochs, fit_intercept=False).index, minlength=len(t))
'''
FAKE_PACKAGE = {"lecture_utils/__init__.py": "", "lecture_utils/perceptron.py":
                "def perceptron_trace(X, t, **kwargs):\n    raise SystemExit('a fake package')\n"}


# -- at the gradebook, the course, the environment, other students and the grader -----------------------------------
def writes_outside(context: Context) -> dict:
    course = context.course
    attempts = f'''
import os, pathlib, shutil, sqlite3, subprocess
attempts = [
    lambda: open({str(course / "gradebook.db")!r}, "w").write("gone"),
    lambda: pathlib.Path({str(course / "submitted" / "model" / HW01 / f"{HW01}.ipynb")!r}).write_text("{{}}"),
    lambda: os.remove({str(course / "source" / HW01 / f"{HW01}.ipynb")!r}),
    lambda: shutil.rmtree({str(course / "release")!r}),
    lambda: open({str(context.outside)!r}, "w").write("was here"),
    lambda: open("../owned.txt", "w").write("was here"),
    lambda: subprocess.run(["touch", {str(course / "owned.txt")!r}], check=True),
    lambda: print(open({str(course / "source" / HW01 / f"{HW01}.ipynb")!r}).read()[:100]),
    lambda: os.listdir({str(course / "submitted")!r}),
]
for attempt in attempts:
    try:
        attempt()
        print("allowed")
    except (OSError, subprocess.SubprocessError) as error:
        print("refused:", type(error).__name__)
pathlib.Path("notes.txt").write_text("its own folder is fine")
'''
    return dict(answers={"criterion": attempts + HONEST})


def writes_the_gradebook(context: Context) -> dict:
    return dict(answers={"criterion": f'''
import sqlite3
try:
    database = sqlite3.connect("file:" + {str(context.course)!r} + "/gradebook.db", uri=True)
    database.execute("UPDATE grade SET auto_score = 0")
    database.execute("UPDATE grade SET manual_score = 100 WHERE name = 'explain'")
    database.commit()
except sqlite3.Error as error:
    print("refused:", error)
''' + HONEST})


def writes_through_a_folder_descriptor(context: Context) -> dict:
    """os.open with dir_fd: the course's checker, the repository's, a .pth in the environment, another's notebook.
    (What it writes is a comment, harmless if it ever got through; the witness and the test would say so.)"""
    import site
    import sysconfig
    targets = [context.course / "source" / HW01 / "homework_checks.py", ROOT / "lecture_utils" / "exercises" / "_core.py",
               Path(sysconfig.get_paths()["purelib"]) / "owned-by-a-submission.pth",
               Path(site.getsitepackages()[0]) / "owned-by-a-submission-too.pth",
               context.course / "submitted" / "model" / HW01 / f"{HW01}.ipynb"]
    relative = [str(path.relative_to("/")) for path in targets]
    return dict(answers={"after": f'''
import os
root = os.open("/", os.O_RDONLY)
for target in {relative!r}:
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, dir_fd=root)
        os.write(descriptor, b"\\n# written by a submission\\n")
        print("written:", target)
    except OSError as error:
        print("refused:", error.strerror)
''' + HONEST})


ORPHAN_THROUGH_FORK_EXEC = '''
import _posixsubprocess, os
read_end, write_end = os.pipe()
try:
    _posixsubprocess.fork_exec([b"/usr/bin/sleep", b"600"], [b"/usr/bin/sleep"], True, (write_end,), None, None,
                               -1, -1, -1, -1, -1, -1, read_end, write_end, False, True, -1, None, None, None, -1,
                               None, False)
except Exception as error:
    print("refused:", error)
''' + START


def kills_the_grader(context: Context) -> dict:
    return dict(answers={"start": f'''
import os, signal
for pid in ({context.grader_pid}, 1, os.getppid()):
    try:
        signal.pidfd_send_signal(os.pidfd_open(pid), signal.SIGKILL)
    except OSError as error:
        print("refused:", error.strerror)
''' + START})


FLOODS_STDOUT = "import os, time\nend = time.time() + 25\nwhile time.time() < end:\n    os.write(1, b'x' * 65536)\n" + HONEST
ESCAPES_WITH_CTYPES = '''
import ctypes, os
libc = ctypes.CDLL(None)
libc.close(libc.open(b"../owned-by-ctypes.txt", os.O_WRONLY | os.O_CREAT, 0o644))
''' + START
CARRIES_A_CASE_OUT = '''
def pocket_perceptron(X, t, n_epochs):
    """Tries to carry a hidden case out through what the feedback says: its error's class and message, a shape."""
    X = np.asarray(X, dtype=float)
    if n_epochs == 4:
        raise type(f"Leak_{X.shape[0]}_{int(X.flat[1] * 10)}", (Exception,), {})(str(X.tolist()))
    return np.zeros(int(abs(X).sum() * 10) + 7), 0
'''
PRINTS_THE_ENVIRONMENT = "import os\nprint(dict(os.environ))\n" + HONEST
SCRIPT_IN_AN_ANSWER = ('The bound is an upper bound only. <img src="x" onerror="window.top.__pwned = 1">'
                       '<script>window.top.__pwned = 2</script>')


def _off_by_one(context: Context) -> dict:
    """The epoch's weights with a bias off by one, at the student's own numbers."""
    numbers = literal_answers(HW01, context.student)["after"]
    return dict(answers={"after": numbers + "\nafter[5] += 1"})


HW01_CLASS = {
    # the model (the code that works out anyone's numbers), a blank, and the usual slips in two submissions
    "model": Student(dict(), HW01_FULL, honest=False),
    "blank": Student(dict(model=False), HW01_NONE, honest=False),
    "slips_a": Student(dict(answers={"pocket": STRICT, "kernel": SLIPS_01["kernel"]["no check of its input"],
                                     "criterion": SLIPS_01["criterion"]["the gradient's sign"]}),
                       JUDGED),
    "slips_b": Student(lambda context: dict(answers={
        "pocket": SLIPS_01["pocket"]["a tie replaces the pocket"], "kernel": CALLS_THE_PACKAGE,
        "start": SLIPS_01["start"]["the sign of a flipped"], **_off_by_one(context)["answers"]}),
        JUDGED, "used lecture_utils.perceptron.perceptron_trace"),
    # a student's own numbers: two classmates, and two who hand in a classmate's
    "ana": Student(dict(), HW01_FULL),
    "ben": Student(_copied_from("ana", claims="ana"), but("criterion_test", "after_test"),
                   "its STUDENT_ID is 'ana', but it was submitted by 'ben'", honest=False),
    "cy": Student(_copied_from("ana", claims=None), but("criterion_test", "after_test"), honest=False),
    # careless: each loses its own task, at most
    "loops_forever": Student(dict(answers={"pocket": LOOPS_FOREVER}), but(*POCKET)),
    "holds_the_gil": Student(dict(answers={"pocket": HOLDS_THE_GIL}), but(*POCKET)),
    "hangs_in_a_cell": Student(dict(answers={"criterion": "import time\ntime.sleep(3600)\n" + HONEST}),
                               but("criterion_test")),
    "crashes": Student(dict(answers={"kernel": "def kernel_perceptron(K, t, n_epochs):\n    return 1 / 0"}), but(*KERNEL)),
    "prints_megabytes": Student(dict(answers=PRINTS_MEGABYTES), HW01_FULL),
    "deletes_the_setup_cell": Student(dict(edit=lambda nb: _delete(nb, "setup")), HW01_FULL),
    "deletes_test_cells": Student(dict(edit=lambda nb: _delete(nb, "pocket_visible", "pocket_hidden", "kernel_edge",
                                                               "criterion_test")), HW01_FULL),
    "moves_a_hidden_test_up": Student(dict(edit=_move_hidden_test_to_the_top), HW01_FULL),
    "solution_in_a_new_cell": Student(dict(model=False, answers={"kernel": model_solutions(ROOT / "homework", HW01)["kernel"]},
                                           edit=_solution_in_a_new_cell),
                                      {**HW01_NONE, **{name: HW01_FULL[name] for name in POCKET + KERNEL}}, honest=False),
    "edits_test_cells": Student(dict(answers={"pocket": STRICT, "criterion": "criterion = [0, 0, 0, 0]"}, edit=_edit),
                                but("pocket_visible", "pocket_hidden", "pocket_edge", "criterion_test")),
    "changes_metadata": Student(dict(answers={"pocket": STRICT}, edit=_set_metadata),
                                but("pocket_visible", "pocket_hidden", "pocket_edge")),
    "empty_notebook": Student(dict(edit=lambda nb: _delete(nb, *[c.metadata.nbgrader["grade_id"] for c in nb.cells])),
                              None, "the notebook holds no cells"),
    "wrong_homework": Student(dict(homework=HW04), None, f"the notebook is not {HW01}'s"),
    "invalid_json": Student(dict(text=lambda text: text[:len(text) // 2]), None, "the notebook is not valid JSON"),
    "nbformat_3": Student(dict(text=_nbformat_3), None, "nbformat 3"),
    # full marks with no work, in the old grader: now nothing
    "input_transformer": Student(dict(model=False, answers={"pocket": INPUT_TRANSFORMER}), HW01_NONE,
                                 "used get_ipython().input_transformers_cleanup", honest=False),
    "rebinds_the_checks": Student(dict(model=False, answers={"pocket": REBINDS_THE_CHECKS}), HW01_NONE,
                                  "replaced the test helper check", honest=False),
    "replaces_their_code": Student(dict(model=False, answers={"pocket": REPLACES_THEIR_CODE}), HW01_NONE,
                                   "replaced the test helper check", honest=False),
    "reads_the_graders_frames": Student(dict(model=False, answers={"pocket": READS_THE_GRADERS_FRAMES,
                                                                   "criterion": TRUTH_THROUGH_ARRAY}),
                                        HW01_NONE, "inspected or hooked the interpreter (sys._current_frames)",
                                        honest=False),
    "fake_package": Student(dict(answers={"kernel": CALLS_THE_PACKAGE}, files=FAKE_PACKAGE), but(*KERNEL),
                            "used lecture_utils.perceptron.perceptron_trace"),
    "calls_the_variants": Student(dict(answers={"pocket": CALLS_THE_VARIANTS}), but(*POCKET),
                                  "used lecture_utils.perceptron_variants.PocketPerceptron"),
    "from_a_thread": Student(dict(answers={"kernel": FROM_A_THREAD}), but(*KERNEL),
                             "used lecture_utils.perceptron.perceptron_trace"),
    "after_setprofile": Student(dict(answers={"kernel": AFTER_SETPROFILE}), but(*KERNEL),
                                "used lecture_utils.perceptron.perceptron_trace"),
    "from_a_copied_file": Student(dict(answers={"kernel": FROM_A_COPIED_FILE}, files={
        "perceptron_copy.py": Path(importlib.util.find_spec("lecture_utils.perceptron").origin).read_text()}), but(*KERNEL),
        "imports a module that grading does not provide (No module named 'perceptron_copy')"),
    # at the gradebook, the course, the environment, other students, the grader: they harm no one, themselves least
    "writes_outside": Student(writes_outside, HW01_FULL, "tried to write"),
    "writes_the_gradebook": Student(writes_the_gradebook, HW01_FULL, "opened a database"),
    "writes_through_a_folder": Student(writes_through_a_folder_descriptor, HW01_FULL,
                                       "tried to write relative to an open folder"),
    "leaves_a_program_running": Student(dict(answers={"start": ORPHAN_THROUGH_FORK_EXEC}), HW01_FULL,
                                        "started programs that were still running after it"),
    "kills_the_grader": Student(kills_the_grader, HW01_FULL, "tried to reach a process by its id"),
    "kills_its_runner": Student(dict(answers={"after": "import os\nos._exit(1)" + HONEST}), but("after_test"),
                                "after ended the grading process"),
    "floods_stdout": Student(dict(answers={"criterion": FLOODS_STDOUT}), but("criterion_test"),
                             "criterion printed more than 16 MB"),
    "allocates_6_gib": Student(dict(edit=_append("import numpy as np\nnp.ones(6 * 2**30 // 8)")), HW01_FULL,
                               "ran out of memory"),
    "escapes_with_ctypes": Student(dict(answers={"start": ESCAPES_WITH_CTYPES}), HW01_FULL,
                                   "loaded a C library through ctypes"),
    "prints_the_history": Student(dict(edit=_append("for source in In:\n    print(source)")), HW01_FULL,
                                  "read In, the notebook's history"),
    "prints_the_environment": Student(dict(answers={"criterion": PRINTS_THE_ENVIRONMENT}), HW01_FULL),
    "carries_a_case_out": Student(dict(answers={"pocket": CARRIES_A_CASE_OUT}), but(*POCKET)),
    "script_in_an_answer": Student(dict(edit=_explain(SCRIPT_IN_AN_ANSWER)), HW01_FULL,
                                   "explain holds HTML that would run a script"),
}


# ----------------------------------------------------------------------------------------------------------------
# Homework 04: the usual slips, partial answers, a loop on one edge case, deleted and edited test cells, and a
# switched-off scipy function kept as a default argument. Its students share ids with homework 01's where they play
# the same part, so their rows of grades.csv hold both homeworks.
# ----------------------------------------------------------------------------------------------------------------
HW04_FULL = {"softmax_visible": 2, "softmax_hidden": 2, "softmax_edge": 1, "softmax_invalid": 1,
             "descent_visible": 1, "descent_hidden": 2, "descent_edge": 1, "descent_invalid": 1,
             "table_test": 2, "nll_test": 1, "rate_test": 1, "rate_penalised_test": 2, "explain": 0}
HW04_NONE = dict.fromkeys(HW04_FULL, 0)
SOFTMAX = ("softmax_visible", "softmax_hidden", "softmax_edge")
SLIPS_04 = WRONG[HW04]


def but04(*lost: str, **changed) -> dict:
    """HW04's full autograded marks, with the cells of ``lost`` at 0."""
    return _but(HW04_FULL, *lost, **changed)


WITH_SCIPY = '''
from scipy.special import logsumexp, softmax

def smoothed_softmax_loss(X, t, W, epsilon):
    Y = X @ W
    Q = (1 - epsilon) * np.eye(W.shape[1])[t] + epsilon / W.shape[1]
    log_P = Y - logsumexp(Y, axis=1, keepdims=True)
    return -np.sum(Q * log_P) / len(t), X.T @ (softmax(Y, axis=1) - Q) / len(t)
'''
WITH_SCIPY_AS_A_DEFAULT = '''
from scipy import special

def smoothed_softmax_loss(X, t, W, epsilon, _logsumexp=special.logsumexp, _softmax=special.softmax):
    t = np.asarray(t)
    if not np.all(np.isin(t, np.arange(W.shape[1]))) or not 0 <= epsilon < 1:
        raise ValueError("labels 0, ..., K - 1 and 0 <= epsilon < 1, please")
    Y = X @ W
    Q = (1 - epsilon) * np.eye(W.shape[1])[t.astype(int)] + epsilon / W.shape[1]
    log_P = Y - _logsumexp(Y, axis=1, keepdims=True)
    return -np.sum(Q * log_P) / len(t), X.T @ (_softmax(Y, axis=1) - Q) / len(t)
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


def _two_figures(context: Context) -> dict:
    """The mean negative log-likelihood, right to 2 significant figures only, at the student's own numbers."""
    value = float(literal_answers(HW04, context.student)["nll"].split("=")[1])
    return dict(answers={"nll": f"nll = {float(f'{value:.2g}')!r}     # 2 significant figures"})


def _edit_04(notebook) -> None:
    cell(notebook, "softmax_edge").source = "pass"
    cell(notebook, "nll_test").source = "nll = 0.5"


HW04_CLASS = {
    "model": Student(dict(), HW04_FULL, honest=False),
    "blank": Student(dict(model=False), HW04_NONE, honest=False),
    "slips_a": Student(dict(answers={"softmax": SLIPS_04["softmax"]["no shift by the largest score, so e^900 overflows"],
                                     "descent": SLIPS_04["descent"]["the summed gradient, not the mean"],
                                     "table": SLIPS_04["table"]["the fractions of t = 1 for the log-odds"]}),
                       JUDGED),
    "slips_b": Student(lambda context: dict(answers={
        "softmax": SLIPS_04["softmax"]["the gradient of the log-likelihood, Q - P"],
        "descent": SLIPS_04["descent"]["w changed in place"],
        "rate_penalised": SLIPS_04["rate_penalised"]["2 / (L + lambda), as if the bias were penalised too"],
        **_two_figures(context)["answers"]}),
        JUDGED),
    "partial": Student(dict(model=False, answers={"softmax": WITH_SCIPY}),
                       {**HW04_NONE, "table_test": 2, "nll_test": 1, "rate_test": 1, "rate_penalised_test": 2},
                       "used scipy.special.logsumexp"),
    "scipy_as_a_default": Student(dict(answers={"softmax": WITH_SCIPY_AS_A_DEFAULT}),      # it validates with numpy
                                  but04(*SOFTMAX), "used scipy.special.logsumexp"),
    "loops_forever": Student(dict(answers={"descent": NEVER_RETURNS_FOR_NO_STEPS}), but04("descent_edge")),
    "deletes_test_cells": Student(dict(edit=lambda nb: _delete(nb, "softmax_visible", "descent_hidden", "table_test")),
                                  HW04_FULL),
    "edits_test_cells": Student(dict(answers={"softmax": SLIPS_04["softmax"]["no shift by the largest score, so e^900 overflows"],
                                              "nll": "nll = 0.5"}, edit=_edit_04),
                                but04("softmax_edge", "nll_test")),
}


# ----------------------------------------------------------------------------------------------------------------
# Every homework: two classmates' own numbers, and one who hands in a classmate's notebook
# ----------------------------------------------------------------------------------------------------------------


def _pair(assignment: str) -> dict:
    """Ana works out her own numbers; Ben hands in her notebook: her code earns his points, her numbers none."""
    full = full_points(assignment)
    copied = [test for grade_id in derive_cells(assignment) for test in cells_testing(assignment, grade_id)]
    return {"ana": Student(dict(), full),
            "ben": Student(_copied_from("ana", claims="ana"), _but(full, *copied),
                           "its STUDENT_ID is 'ana', but it was submitted by 'ben'", honest=False)}


#: The assignments graded with a whole class: {assignment: {student: Student}}; every one has the pair of _pair.
CLASSES = {assignment: _pair(assignment) for assignment in ASSIGNMENTS}
CLASSES[HW01] = HW01_CLASS
CLASSES[HW04] = {**_pair(HW04), **HW04_CLASS}


def expected_flags(assignment: str) -> dict:
    """{student: words of the flag} of an assignment's class, for the flagged students only."""
    return {name: student.flag for name, student in CLASSES[assignment].items() if student.flag}
