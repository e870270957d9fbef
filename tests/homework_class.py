"""A simulated class for the homework tests: honest, careless and hostile submissions, and what each must get.

Every submission is made from the student version by small edits (``homework_course.submit``), so the class stays
in step with the sources. Each :class:`Student` states its points cell by cell (None: not graded at all) and the
words its flag must hold (None: not flagged). The hostile ones hold every attack of the review of 2026-11-29
(``../shared/reviews/2026-11-29-homework-grading-attack.md``), each as its own student: the tricks that got full
marks with no work (get 0, for the tasks they cheat on), those that aimed at the gradebook, the course, the
environment, other students or the grader (harm no one: they keep their honest points), and the ways around the
switched-off packages. A :class:`Context` carries what an attack aims at: the course's path, the grader's process.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from homework_course import ROOT, cell, model_solutions

HW01 = "hw01_perceptron"
HW04 = "hw04_logistic_regression"
#: A variable in the grader's environment that no submission may see.
SECRET = ("HOMEWORK_GRADER_SECRET", "open-sesame-4711")


@dataclass
class Context:
    """What the hostile submissions aim at."""

    course: Path
    outside: Path                    #: a file outside the course that a submission tries to write
    grader_pid: int = field(default_factory=os.getpid)


@dataclass
class Student:
    """How a submission is made (``homework_course.submit``'s arguments, or a function of the context giving
    them), the autograded points of each cell (None: not graded), and the words its flag holds (None: no flag)."""

    how: object
    points: dict | None
    flag: str | None = None

    def arguments(self, context: Context) -> dict:
        return self.how(context) if callable(self.how) else self.how


# ----------------------------------------------------------------------------------------------------------------
# Homework 01
# ----------------------------------------------------------------------------------------------------------------

HW01_FULL = {"epoch_visible": 2, "epoch_hidden": 3, "epoch_edge": 2, "bound_visible": 1, "bound_hidden": 2,
             "bound_edge": 1, "distance_test": 2, "criterion_test": 2, "bits_test": 2, "explain": 0}
HW01_NONE = dict.fromkeys(HW01_FULL, 0)


def but(**changed) -> dict:
    """HW01's full autograded marks, with some cells' points changed."""
    return {**HW01_FULL, **changed}


NO_EPOCH = but(epoch_visible=0, epoch_hidden=0, epoch_edge=0)
NO_BOUND = but(bound_visible=0, bound_hidden=0, bound_edge=0)
DISTANCE = "distance = (2 * -1 + -1 * 3 + 0.5) / np.sqrt(5)"
CRITERION = "criterion = [1.45 + 1.3, 1.0, -2.0, 0.0]"
BITS = "loss_bits = np.log2(1 + np.exp(-0.4))"

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
LOOPS_FOREVER = "def perceptron_epoch(X, t, w):\n    while True:\n        pass\n"
HOLDS_THE_GIL = "def perceptron_epoch(X, t, w):\n    return sum(range(10 ** 13))     # one call into C: no signal stops it\n"
STUB = "\n\ndef perceptron_epoch(X, t, w):\n    return None\n"


def _delete(notebook, *grade_ids) -> None:
    notebook.cells = [each for each in notebook.cells
                      if each.metadata.get("nbgrader", {}).get("grade_id") not in grade_ids]


def _edit(notebook) -> None:
    cell(notebook, "epoch_visible").source = "pass"
    cell(notebook, "epoch_hidden").source = "assert True"
    cell(notebook, "distance_test").source = "distance = -2.01"


def _set_metadata(notebook) -> None:
    cell(notebook, "epoch_visible").metadata.nbgrader["points"] = 100
    cell(notebook, "epoch_hidden").metadata.nbgrader["grade"] = False
    cell(notebook, "epoch_edge").metadata.nbgrader["grade_id"] = "my_own_cell"
    cell(notebook, "bits_test").metadata.nbgrader.update(solution=True, grade=False, locked=False)
    cell(notebook, "distance").metadata.nbgrader.update(grade=True, points=50)
    cell(notebook, "bound_visible").metadata.nbgrader.pop("grade_id")
    notebook.metadata.kernelspec = {"name": "bash", "display_name": "Bash", "language": "bash"}


def _move_hidden_test_to_the_top(notebook) -> None:
    hidden = cell(notebook, "epoch_hidden")
    notebook.cells.remove(hidden)
    notebook.cells.insert(0, hidden)


def _solution_in_a_new_cell(notebook) -> None:
    """The solution written in a new cell below the (untouched) answer cell, and the visible test deleted."""
    _delete(notebook, "epoch_visible")
    at = notebook.cells.index(cell(notebook, "epoch")) + 1
    notebook.cells.insert(at, nbformat.v4.new_code_cell(model_solutions(ROOT / "homework", HW01)["epoch"]))


def _append(source: str):
    def edit(notebook) -> None:
        notebook.cells.append(nbformat.v4.new_code_cell(source))
    return edit


def _explain(text: str):
    def edit(notebook) -> None:
        cell(notebook, "explain").source = text
    return edit


def _nbformat_3(text: str) -> str:
    return nbformat.writes(nbformat.convert(nbformat.reads(text, as_version=4), 3))


PRINTS_MEGABYTES = {
    "epoch": model_solutions(ROOT / "homework", HW01)["epoch"].replace(
        "    updates = 0\n", '    updates = 0\n    print("x" * 5_000_000)\n'),
    "bits": 'print("y" * 3_000_000)\nfor _ in range(20_000):\n    print("line")\n' + BITS}

# -- the tricks that got full marks with no work ---------------------------------------------------------------------
INPUT_TRANSFORMER = "get_ipython().input_transformers_cleanup.append(lambda lines: [])" + STUB
REBINDS_THE_CHECKS = "check = check_number = is_number = lambda *args, **kwargs: None" + STUB
REPLACES_THEIR_CODE = ("check.__code__ = (lambda *args, **kwargs: None).__code__\n"
                       "check_number.__code__ = is_number.__code__ = check.__code__" + STUB)
READS_THE_GRADERS_FRAMES = '''
import sys

def perceptron_epoch(X, t, w):
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
        return np.array(0.0)

distance = Truth()
'''

# -- around the switched-off packages -------------------------------------------------------------------------------
FROM_A_THREAD = '''
import threading
from lecture_utils.perceptron import mistake_bound

def update_bound(X, t, w_star):
    found = {}
    worker = threading.Thread(target=lambda: found.update(value=mistake_bound(X, t, w_star)))
    worker.start()
    worker.join()
    return found.get("value")
'''
AFTER_SETPROFILE = '''
import sys
from lecture_utils.perceptron import mistake_bound

def update_bound(X, t, w_star):
    sys.setprofile(None)
    return mistake_bound(X, t, w_star)
'''
FROM_A_COPIED_FILE = '''
from perceptron_copy import mistake_bound

def update_bound(X, t, w_star):
    return mistake_bound(X, t, w_star)
'''
FAKE_PACKAGE = {"lecture_utils/__init__.py": "", "lecture_utils/perceptron.py":
                "def mistake_bound(X, t, w_star):\n    return 12.0\n"}


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
    return dict(answers={"distance": attempts + DISTANCE})


def writes_the_gradebook(context: Context) -> dict:
    return dict(answers={"distance": f'''
import sqlite3
try:
    database = sqlite3.connect("file:" + {str(context.course)!r} + "/gradebook.db", uri=True)
    database.execute("UPDATE grade SET auto_score = 0")
    database.execute("UPDATE grade SET manual_score = 100 WHERE name = 'explain'")
    database.commit()
except sqlite3.Error as error:
    print("refused:", error)
''' + DISTANCE})


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
    return dict(answers={"criterion": f'''
import os
root = os.open("/", os.O_RDONLY)
for target in {relative!r}:
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, dir_fd=root)
        os.write(descriptor, b"\\n# written by a submission\\n")
        print("written:", target)
    except OSError as error:
        print("refused:", error.strerror)
''' + CRITERION})


ORPHAN_THROUGH_FORK_EXEC = '''
import _posixsubprocess, os
read_end, write_end = os.pipe()
try:
    _posixsubprocess.fork_exec([b"/usr/bin/sleep", b"600"], [b"/usr/bin/sleep"], True, (write_end,), None, None,
                               -1, -1, -1, -1, -1, -1, read_end, write_end, False, True, -1, None, None, None, -1,
                               None, False)
except Exception as error:
    print("refused:", error)
''' + BITS


def kills_the_grader(context: Context) -> dict:
    return dict(answers={"bits": f'''
import os, signal
for pid in ({context.grader_pid}, 1, os.getppid()):
    try:
        signal.pidfd_send_signal(os.pidfd_open(pid), signal.SIGKILL)
    except OSError as error:
        print("refused:", error.strerror)
''' + BITS})


FLOODS_STDOUT = "import os, time\nend = time.time() + 25\nwhile time.time() < end:\n    os.write(1, b'x' * 65536)\n" + DISTANCE
ESCAPES_WITH_CTYPES = '''
import ctypes, os
libc = ctypes.CDLL(None)
libc.close(libc.open(b"../owned-by-ctypes.txt", os.O_WRONLY | os.O_CREAT, 0o644))
''' + BITS
CARRIES_A_CASE_OUT = '''
def perceptron_epoch(X, t, w):
    """Tries to carry a hidden case out through what the feedback says: its error's class and message, a shape."""
    X = np.asarray(X, dtype=float)
    if not np.any(w):
        raise type(f"Leak_{X.shape[0]}_{int(X.flat[1] * 10)}", (Exception,), {})(str(X.tolist()))
    return np.zeros(int(abs(X).sum() * 10) + 7), 0
'''
PRINTS_THE_ENVIRONMENT = "import os\nprint(dict(os.environ))\n" + DISTANCE
SCRIPT_IN_AN_ANSWER = ('The bound is an upper bound only. <img src="x" onerror="window.top.__pwned = 1">'
                       '<script>window.top.__pwned = 2</script>')

HW01_CLASS = {
    # the model, a blank, and the usual slips, one per task in two submissions
    "model": Student(dict(), HW01_FULL),
    "blank": Student(dict(model=False), HW01_NONE),
    "slips_a": Student(dict(answers={"epoch": STRICT, "bound": NO_VALUE_ERROR,
                                     "bits": "loss_bits = np.log(1 + np.exp(-0.4))     # nats, not bits"}),
                       but(epoch_visible=0, epoch_hidden=0, epoch_edge=0, bound_edge=0, bits_test=0)),
    "slips_b": Student(dict(answers={"epoch": IN_PLACE, "bound": CALLS_THE_PACKAGE,
                                     "distance": "distance = -2.0     # right to 2 significant figures only",
                                     "criterion": "criterion = [2.75, 1, -2, 0]"}),
                       but(epoch_edge=0, bound_visible=0, bound_hidden=0, bound_edge=0, distance_test=0),
                       "used lecture_utils.perceptron.mistake_bound"),
    # careless: each loses its own task, at most
    "loops_forever": Student(dict(answers={"epoch": LOOPS_FOREVER}), NO_EPOCH),
    "holds_the_gil": Student(dict(answers={"epoch": HOLDS_THE_GIL}), NO_EPOCH),
    "hangs_in_a_cell": Student(dict(answers={"distance": "import time\ntime.sleep(3600)\n" + DISTANCE}),
                               but(distance_test=0)),
    "crashes": Student(dict(answers={"bound": "def update_bound(X, t, w_star):\n    return 1 / 0"}), NO_BOUND),
    "prints_megabytes": Student(dict(answers=PRINTS_MEGABYTES), HW01_FULL),
    "deletes_the_setup_cell": Student(dict(edit=lambda nb: _delete(nb, "setup")), HW01_FULL),
    "deletes_test_cells": Student(dict(edit=lambda nb: _delete(nb, "epoch_visible", "epoch_hidden", "bound_edge",
                                                               "distance_test")), HW01_FULL),
    "moves_a_hidden_test_up": Student(dict(edit=_move_hidden_test_to_the_top), HW01_FULL),
    "solution_in_a_new_cell": Student(dict(model=False, answers={"bound": model_solutions(ROOT / "homework", HW01)["bound"]},
                                           edit=_solution_in_a_new_cell),
                                      {**HW01_NONE, "epoch_visible": 2, "epoch_hidden": 3, "epoch_edge": 2,
                                       "bound_visible": 1, "bound_hidden": 2, "bound_edge": 1}),
    "edits_test_cells": Student(dict(answers={"epoch": STRICT, "distance": "distance = 2.01"}, edit=_edit),
                                but(epoch_visible=0, epoch_hidden=0, epoch_edge=0, distance_test=0)),
    "changes_metadata": Student(dict(answers={"epoch": STRICT}, edit=_set_metadata), NO_EPOCH),
    "empty_notebook": Student(dict(edit=lambda nb: _delete(nb, *[c.metadata.nbgrader["grade_id"] for c in nb.cells])),
                              None, "the notebook holds no cells"),
    "wrong_homework": Student(dict(homework=HW04), None, f"the notebook is not {HW01}'s"),
    "invalid_json": Student(dict(text=lambda text: text[:len(text) // 2]), None, "the notebook is not valid JSON"),
    "nbformat_3": Student(dict(text=_nbformat_3), None, "nbformat 3"),
    # full marks with no work, in the old grader: now nothing
    "input_transformer": Student(dict(model=False, answers={"epoch": INPUT_TRANSFORMER}), HW01_NONE,
                                 "used get_ipython().input_transformers_cleanup"),
    "rebinds_the_checks": Student(dict(model=False, answers={"epoch": REBINDS_THE_CHECKS}), HW01_NONE,
                                  "replaced the test helper check"),
    "replaces_their_code": Student(dict(model=False, answers={"epoch": REPLACES_THEIR_CODE}), HW01_NONE,
                                   "replaced the test helper check"),
    "reads_the_graders_frames": Student(dict(model=False, answers={"epoch": READS_THE_GRADERS_FRAMES,
                                                                   "distance": TRUTH_THROUGH_ARRAY}),
                                        HW01_NONE, "inspected or hooked the interpreter (sys._current_frames)"),
    "fake_package": Student(dict(answers={"bound": CALLS_THE_PACKAGE}, files=FAKE_PACKAGE), NO_BOUND,
                            "used lecture_utils.perceptron.mistake_bound"),
    "from_a_thread": Student(dict(answers={"bound": FROM_A_THREAD}), NO_BOUND,
                             "used lecture_utils.perceptron.mistake_bound"),
    "after_setprofile": Student(dict(answers={"bound": AFTER_SETPROFILE}), NO_BOUND,
                                "used lecture_utils.perceptron.mistake_bound"),
    "from_a_copied_file": Student(dict(answers={"bound": FROM_A_COPIED_FILE}, files={
        "perceptron_copy.py": (ROOT / "lecture_utils" / "perceptron.py").read_text()}), NO_BOUND,
        "imports a module that grading does not provide (No module named 'perceptron_copy')"),
    # at the gradebook, the course, the environment, other students, the grader: they harm no one, themselves least
    "writes_outside": Student(writes_outside, HW01_FULL, "tried to write"),
    "writes_the_gradebook": Student(writes_the_gradebook, HW01_FULL, "opened a database"),
    "writes_through_a_folder": Student(writes_through_a_folder_descriptor, HW01_FULL,
                                       "tried to write relative to an open folder"),
    "leaves_a_program_running": Student(dict(answers={"bits": ORPHAN_THROUGH_FORK_EXEC}), HW01_FULL,
                                        "started programs that were still running after it"),
    "kills_the_grader": Student(kills_the_grader, HW01_FULL, "tried to reach a process by its id"),
    "kills_its_runner": Student(dict(answers={"criterion": "import os\nos._exit(1)"}), but(criterion_test=0),
                                "criterion ended the grading process"),
    "floods_stdout": Student(dict(answers={"distance": FLOODS_STDOUT}), but(distance_test=0),
                             "distance printed more than 16 MB"),
    "allocates_6_gib": Student(dict(edit=_append("import numpy as np\nnp.ones(6 * 2**30 // 8)")), HW01_FULL,
                               "ran out of memory"),
    "escapes_with_ctypes": Student(dict(answers={"bits": ESCAPES_WITH_CTYPES}), HW01_FULL,
                                   "loaded a C library through ctypes"),
    "prints_the_history": Student(dict(edit=_append("for source in In:\n    print(source)")), HW01_FULL,
                                  "read In, the notebook's history"),
    "prints_the_environment": Student(dict(answers={"distance": PRINTS_THE_ENVIRONMENT}), HW01_FULL),
    "carries_a_case_out": Student(dict(answers={"epoch": CARRIES_A_CASE_OUT}), NO_EPOCH),
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
             "cross_entropy_test": 2, "eta_max_test": 2, "cv_test": 2, "explain": 0}
HW04_NONE = dict.fromkeys(HW04_FULL, 0)


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
ASCENT_SOFTMAX = NAIVE_SOFTMAX.replace(
    "E = np.exp(X @ W)                       # the slip: no shift by the largest score, so e^900 overflows",
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
WITH_SCIPY_AS_A_DEFAULT = '''
from scipy import special

def softmax_loss_gradient(X, t, W, _logsumexp=special.logsumexp, _softmax=special.softmax):
    t = np.asarray(t)
    if not np.all(np.isin(t, np.arange(W.shape[1]))):
        raise ValueError("t must hold labels 0, ..., K - 1")
    Y = X @ W
    T = np.eye(W.shape[1])[t]
    return np.mean(_logsumexp(Y, axis=1) - Y[np.arange(len(t)), t]), X.T @ (_softmax(Y, axis=1) - T) / len(t)
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
    "model": Student(dict(), HW04_FULL),
    "blank": Student(dict(model=False), HW04_NONE),
    "slips_a": Student(dict(answers={"softmax": NAIVE_SOFTMAX, "descent": SUMMED_DESCENT,
                                     "cv": "cv_accuracy = 1 - 5 / 23     # all the mistakes over all the examples"}),
                       but04(softmax_edge=0, descent_visible=0, descent_hidden=0, descent_edge=0, cv_test=0)),
    "slips_b": Student(dict(answers={"softmax": ASCENT_SOFTMAX, "descent": IN_PLACE_DESCENT,
                                     "eta_max": "eta_max = 4 / (2 + 2 ** 0.5)     # 1 / L, not 2 / L",
                                     "cross_entropy": "cross_entropy = [1.9, -0.85, 0.027, 0.82]     # 2 figures"}),
                       but04(softmax_visible=0, softmax_hidden=0, softmax_edge=0, descent_edge=0, descent_invalid=0,
                             eta_max_test=0, cross_entropy_test=0)),
    "partial": Student(dict(model=False, answers={**DERIVED_ONLY, "softmax": WITH_SCIPY}),
                       {**HW04_NONE, "cross_entropy_test": 2, "eta_max_test": 2, "cv_test": 2},
                       "used scipy.special.logsumexp"),
    "scipy_as_a_default": Student(dict(answers={"softmax": WITH_SCIPY_AS_A_DEFAULT}),      # it validates with numpy
                                  but04(softmax_visible=0, softmax_hidden=0, softmax_edge=0),
                                  "used scipy.special.logsumexp"),
    "loops_forever": Student(dict(answers={"descent": NEVER_RETURNS_FOR_NO_STEPS}), but04(descent_edge=0)),
    "deletes_test_cells": Student(dict(edit=lambda nb: _delete(nb, "softmax_visible", "descent_hidden", "cv_test")),
                                  HW04_FULL),
    "edits_test_cells": Student(dict(answers={"softmax": NAIVE_SOFTMAX, "cv": "cv_accuracy = 0.5"}, edit=_edit_04),
                                but04(softmax_edge=0, cv_test=0)),
}

#: The assignments graded with a whole class: {assignment: {student: Student}}.
CLASSES = {HW01: HW01_CLASS, HW04: HW04_CLASS}


def expected_flags(assignment: str) -> dict:
    """{student: words of the flag} of an assignment's class, for the flagged students only."""
    return {name: student.flag for name, student in CLASSES[assignment].items() if student.flag}
