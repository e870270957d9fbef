"""The autograder's sandbox (homework/grader): what students' code sees and may do, and how the grader survives it.

Each test runs a few cells in the sandbox through ``execution.execute``, as the grader runs a submission, and
reads the reports: what the code printed or raised, what the runner noted, and how it stopped. About 20 s.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import numpy as np
import psutil
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "homework"))
from grader import plain, sandbox  # noqa: E402
from grader.execution import Case, Cell, execute  # noqa: E402



@pytest.fixture(autouse=True, scope="module")
def a_sandbox():
    """The tests run where a sandbox can be made: skipped elsewhere, failed under CI."""
    from homework_course import require_a_sandbox
    require_a_sandbox()

#: Small limits, so that hitting them is quick.
LIMITS = sandbox.Limits(memory=1 * 2**30, output=2**20, scratch=8 * 2**20)


def run(*sources: str, cases=(), cell_timeout: float = 20, tests=None, limits=LIMITS):
    """Execute student cells (and test cells after them, given as {after cell index: (reads, functions)})."""
    cells = [Cell("import numpy as np", "setup")]
    for source in sources:
        cells.append(Cell(source, "student"))
    for reads, functions in (tests or []):
        cells.append(Cell("", "test", reads, functions))
    return execute(cells, list(cases), cell_timeout=cell_timeout, deadline=120, limits=limits)


def printed(result, cell: int) -> str:
    return result.cells[cell].get("output", "")


# ----------------------------------------------------------------------------------------------------------------
# Plain data across the wall
# ----------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, True, 3, -2.5, float("inf"), 1 + 2j, "text", Ellipsis, [1, "a", None],
                                   (np.array([1.0, 2.0]), 3), np.float64(12.0), np.int64(-3), np.array(2.0),
                                   np.array([["sun", "rain"]]), np.arange(6).reshape(2, 3).T, 10**400])
def test_plain_data_crosses_as_it_is(value):
    back = plain.decode(json.loads(plain.dumps({"v": plain.encode(value)}))["v"])
    assert type(back) is type(value)
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and np.array_equal(back, value)
    elif isinstance(value, tuple):
        assert np.array_equal(back[0], value[0]) and back[1] == value[1]
    else:
        assert back == value or (value is Ellipsis and back is Ellipsis)


def test_anything_else_crosses_as_its_type_name_only():
    class Sneaky(float):
        def __eq__(self, other):
            return True

    for value, name in [(Sneaky(1.0), "Sneaky"), (iter([1]), "list_iterator"), (np.array([object()]), "ndarray"),
                        ({"a": 1}, "dict"), (lambda: 0, "function")]:
        back = plain.decode(plain.encode(value))
        assert isinstance(back, plain.Opaque) and type(back).__name__ == name and repr(back) == f"<a {name}>"


@pytest.mark.parametrize("data", [
    {"t": "array", "dtype": "|O", "shape": [1], "data": ""},                  # objects: never
    {"t": "array", "dtype": "<f8", "shape": [2], "data": "AAAAAAAAKEA="},     # data short of its shape
    {"t": "array", "dtype": "<f8", "shape": [1], "data": "not base64!"},
    {"t": "array", "dtype": "V8", "shape": [1], "data": "AAAAAAAAKEA="},
    {"t": "array", "dtype": "<f8", "shape": [-1], "data": ""},
    {"t": "function", "source": "__import__('os').system('true')", "modules": {}, "values": {}},
    {"t": "list", "v": "not a list"}, {"t": "pickle"}, ["a bare list"], "x" * 20_000,
    {"t": "tuple", "v": [{"t": "tuple", "v": [[]]}]},
])
def test_the_grader_decodes_nothing_but_plain_data(data):
    with pytest.raises(plain.NotPlain):
        plain.decode(data)


def test_deep_nesting_is_refused():
    data = {"t": "list", "v": []}
    for _ in range(plain.LIMITS["depth"] + 2):
        data = {"t": "list", "v": [data]}
    with pytest.raises(plain.NotPlain, match="nested"):
        plain.decode(data)
    with pytest.raises(plain.NotPlain):
        plain.loads("[" * 100_000)


# ----------------------------------------------------------------------------------------------------------------
# What the sandbox shows
# ----------------------------------------------------------------------------------------------------------------

SURVEY = r'''
import json, os, resource, socket, sys
names = set()
for top in ("/", "/usr", "/sandbox", "/root", "/tmp"):
    for folder, directories, files in os.walk(top):
        if folder.startswith(("/proc", "/sys", "/dev")):
            directories[:] = []
            continue
        names.update(directories)
        names.update(files)
def refused(action):
    try:
        action()
    except OSError as error:
        return error.errno
    return 0
def connect():
    socket.create_connection(("1.1.1.1", 80), timeout=2)
print(json.dumps({
    "uid": [os.getuid(), os.geteuid(), os.getgid(), os.getgroups()],
    "environment": sorted(os.environ),
    "cwd": os.getcwd(),
    "found": sorted(names & {"lecture_utils", "sklearn", "nbgrader", "IPython", "gradebook.db", "homework_checks.py",
                             "submitted", "autograded", "test_homework.py", "requirements-lock.txt"}),
    "exists": [path for path in (%r, %r, "/etc", "/work", "/home") if os.path.exists(path)],
    "home": sorted(os.listdir(%r)) if os.path.isdir(%r) else [],
    "write_system": refused(lambda: open("/usr/owned", "w")),
    "write_packages": refused(lambda: open(os.path.dirname(__import__("numpy").__file__) + "/owned.py", "w")),
    "write_root": refused(lambda: open("/owned", "w")),
    "write_scratch": refused(lambda: open("/tmp/notes.txt", "w").write("mine")),
    "network": refused(connect),
    "processes": sorted(int(name) for name in os.listdir("/proc") if name.isdigit()),
    "limits": {name: resource.getrlimit(getattr(resource, name))[1] for name in ("RLIMIT_AS", "RLIMIT_NPROC",
                                                                           "RLIMIT_FSIZE", "RLIMIT_NOFILE")},
}))
'''


@pytest.fixture(scope="module")
def survey():
    source = SURVEY % (str(ROOT), str(Path(sys.prefix)), str(Path.home()), str(Path.home()))
    result = run(source, "import scipy.stats, matplotlib.pyplot\nprint('imported')",
                 "import sklearn.linear_model\nsklearn.linear_model.LogisticRegression()",
                 "from lecture_utils.perceptron import mistake_bound\nmistake_bound(1, 2, 3)")
    return result, json.loads(printed(result, 1))


def sandbox_user(uid: int) -> bool:
    """Whether ``uid`` is a sandbox's: its own (the grader run as root), or 65534 in a user namespace."""
    return sandbox.USERS <= uid < sandbox.USERS + 100_000 or uid == 65534


def test_students_code_runs_as_an_unprivileged_user_in_its_scratch_folder(survey):
    _, seen = survey
    uid, euid, gid, groups = seen["uid"]
    assert sandbox_user(uid) and euid == gid == uid and groups == []
    assert seen["cwd"] == "/tmp" and seen["write_scratch"] == 0
    assert seen["processes"] == [1, seen["processes"][1]], "only the sandbox's own init and the runner"


def test_it_sees_no_course_repository_environment_or_forbidden_package(survey):
    _, seen = survey
    assert seen["found"] == [] and seen["exists"] == []
    interpreter = Path(sys.base_prefix).resolve()      # the home folder shows only the way to the interpreter
    home = Path.home()
    assert seen["home"] == ([interpreter.relative_to(home).parts[0]] if interpreter.is_relative_to(home) else [])


def test_the_system_and_the_packages_are_read_only_and_there_is_no_network(survey):
    import errno
    _, seen = survey
    assert seen["write_system"] == errno.EROFS and seen["write_packages"] == errno.EROFS
    assert seen["write_root"] in (errno.EACCES, errno.EROFS)
    assert seen["network"] == errno.ENETUNREACH


def test_its_environment_is_a_short_list_and_its_limits_are_set(survey, monkeypatch):
    _, seen = survey
    assert seen["environment"] == sorted(["PATH", "HOME", "TMPDIR", "LANG", "MPLBACKEND", "MPLCONFIGDIR", "PWD",
                                          "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"])
    assert seen["limits"] == {"RLIMIT_AS": LIMITS.memory, "RLIMIT_NPROC": LIMITS.processes,
                              "RLIMIT_FSIZE": LIMITS.file_size, "RLIMIT_NOFILE": LIMITS.open_files}


def test_numpy_scipy_and_matplotlib_import_and_the_forbidden_packages_are_stubs(survey):
    result, _ = survey
    assert printed(result, 2) == "imported\n"
    for cell, name in ((3, "sklearn.linear_model.LogisticRegression"), (4, "lecture_utils.perceptron.mistake_bound")):
        error = result.cells[cell]["error"]
        assert error["type"].endswith("NotAllowed") and error["message"].startswith(f"{name} is switched off")
        assert result.cells[cell]["events"] == [f"used {name}, {error['message'].split(': ', 1)[1]}"]


def test_the_numpy_view_has_no_scipy_even_through_a_default_argument():
    source = ("from scipy.special import logsumexp\n"
              "def f(x, _lse=logsumexp):\n"
              "    return _lse(x)\n")
    result = run(source, tests=[((), ("f",))],
                 cases=[Case(0, 2, "f", (np.ones(3),), hidden=False, view="numpy")])
    report = result.cases[0]
    assert report["used"] == "scipy.special.logsumexp" and report["raised"]["type"].endswith("NotAllowed")


# ----------------------------------------------------------------------------------------------------------------
# What the grader survives
# ----------------------------------------------------------------------------------------------------------------


def _sandboxed_processes() -> list:
    """Programs a sandbox left behind: a sandbox's user id and no live bubblewrap above them (another test's sandbox
    at work on the other worker is not one; as in test_homework)."""
    return [process for process in psutil.process_iter(["uids", "name"])
            if process.info["uids"] and sandbox_user(process.info["uids"].real)
            and not _inside_a_live_sandbox(process)]


def _inside_a_live_sandbox(process) -> bool:
    try:
        return any(parent.name() == "bwrap" for parent in process.parents())
    except psutil.Error:                                  # it ended meanwhile: nothing left behind
        return True


def test_programs_a_cell_starts_end_with_the_sandbox():
    source = ("import os, subprocess, _posixsubprocess\n"
              "subprocess.Popen(['sleep', '600'], start_new_session=True)\n"
              "if os.fork() == 0:\n"
              "    os.setsid(); os.execv('/usr/bin/sleep', ['sleep', '601'])\n")
    result = run(source, "print('still here')")
    assert "tried to start a program" in result.cells[1]["events"]
    assert "started programs that were still running after it (they were ended)" in result.cells[1]["events"]
    assert printed(result, 2) == "still here\n"
    assert not [process for process in _sandboxed_processes() if process.info["name"] == "sleep"]


def test_memory_and_files_are_limited():
    import errno
    result = run("import numpy as np\nnp.ones(6 * 2**30 // 8)", "open('/tmp/big', 'wb').write(b'x' * 32 * 2**20)")
    assert "MemoryError" in result.cells[1]["error"]["mro"]
    assert result.cells[2]["error"]["errno"] in (errno.EFBIG, errno.ENOSPC)      # its file size, or the scratch's


def test_a_flood_of_output_stops_only_that_cell():
    result = run("import os\nwhile True:\n    os.write(1, b'x' * 65536)", "print('next')")
    assert result.cells[1]["stopped"] == "printed more than 1 MB" and result.cells[1]["flag"]
    assert printed(result, 2) == "next\n"


def test_a_flood_of_output_is_said_after_the_reports_written_before_it(monkeypatch):
    """`make test` once graded the flood as "the sandbox did not start": the thread that counts the output had
    stopped the sandbox before the thread that reads the reports had read "cell 1 is running". A reader made slow
    shows the order holds."""
    loads = plain.loads

    def slow_loads(line):
        import time
        time.sleep(0.3)
        return loads(line)
    monkeypatch.setattr(sandbox.plain, "loads", slow_loads)
    result = run("import os\nwhile True:\n    os.write(1, b'x' * 65536)", "print('next')")
    assert result.cells[1]["stopped"] == "printed more than 1 MB" and printed(result, 2) == "next\n"


def test_a_cell_that_says_the_cells_are_done_loses_itself_only():
    """An attack tried on 2026-11-29: a cell wrote the runner's "cells done" into the channel, so that the cells
    after it were neither run nor reported, and nothing was flagged."""
    result = run("import os\nos.write(3, b'{\"cells_done\": true}\\n')", "def f(x):\n    return x + 1",
                 tests=[((), ("f",))], cases=[Case(0, 3, "f", (1,), hidden=False)])
    assert result.cells[1] == {"cell": 1, "stopped": "answered out of turn", "flag": True}
    assert plain.decode(result.cases[0]["returned"]) == 2


def test_a_cell_that_reports_a_later_test_cell_loses_itself_only():
    """An attack tried on 2026-11-29: a cell wrote "running" and a report for the test cell after it, with the
    answer it read, then "cells done"; the forged report was kept as the test cell's."""
    forged = b'{"running": 3}\n{"cell": 3, "reads": {"answer": {"value": 42}}, "events": []}\n{"cells_done": true}\n'
    result = run(f"import os\nos.write(3, {forged!r})", "def f(x):\n    return x + 1",
                 tests=[((), ("f",))], cases=[Case(0, 3, "f", (1,), hidden=False)])
    assert result.cells[1] == {"cell": 1, "stopped": "answered out of turn", "flag": True}
    assert result.cells[3]["reads"] == {} and plain.decode(result.cases[0]["returned"]) == 2


def test_a_cell_past_its_time_is_stopped_and_the_notebook_goes_on():
    result = run("import time\ntime.sleep(600)", "def f(x):\n    return x + 1", cell_timeout=3,
                 tests=[((), ("f",))], cases=[Case(0, 3, "f", (1,), hidden=False)])
    assert result.cells[1] == {"cell": 1, "stopped": "did not finish within 3 s", "flag": False}
    assert plain.decode(result.cases[0]["returned"]) == 2


def test_a_function_that_holds_the_gil_loses_its_cases_only():
    source = "def slow(x):\n    return sum(range(10**13))\ndef quick(x):\n    return 2 * x"
    cases = [Case(0, 2, "slow", (1,), hidden=False, time_limit=1), Case(1, 2, "slow", (2,), hidden=False),
             Case(2, 3, "quick", (3,), hidden=True)]
    result = run(source, tests=[((), ("slow",)), ((), ("quick",))], cases=cases)
    assert result.cases[0]["stopped"] == "did not return within 1 s"
    assert result.cases[1] == {"case": 1, "skipped": True}                  # the rest of its test cell
    assert plain.decode(result.cases[2]["returned"]) == 6


def test_a_cell_that_ends_the_runner_or_writes_into_the_channel_loses_itself_only():
    result = run("import os\nos._exit(3)", "import os\nos.write(3, b'{not json\\n')", "print('last')")
    assert result.cells[1]["stopped"] == "ended the grading process (it exited with code 3)"
    assert result.cells[2]["stopped"] == "wrote into the grader's channel" and result.cells[2]["flag"]
    assert printed(result, 3) == "last\n"


def test_without_a_sandbox_the_grader_refuses_with_how_to_grade(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(sandbox.Unavailable, match="bubblewrap.*not installed.*Grade on Linux with bubblewrap"):
        sandbox.check()


def test_make_grade_refuses_where_there_is_no_sandbox(monkeypatch, tmp_path):
    from homework_course import tool

    def unavailable(*_):
        raise sandbox.Unavailable("no namespaces here. " + sandbox.HOW_TO_GRADE)

    monkeypatch.setattr(tool.sandbox, "check", unavailable)
    with pytest.raises(SystemExit, match="make grade refuses to run students' code unconfined: no namespaces here. "
                                         "Grade on Linux with bubblewrap"):
        tool.grade(tmp_path)
    assert list(tmp_path.iterdir()) == []                # nothing released, nothing graded


def test_each_sandbox_has_a_user_of_its_own_so_a_fork_bomb_takes_nothing_from_another():
    if os.geteuid() != 0:
        pytest.skip("as another user, each sandbox is a user namespace, which counts its processes apart")
    import threading
    import time
    bomb = "import os\nprint(os.getuid(), flush=True)\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass"
    bombed = {}
    worker = threading.Thread(target=lambda: bombed.update(result=run(bomb, cell_timeout=8)))
    worker.start()
    time.sleep(4)                                        # the bomb holds its 64 processes by now
    forks = ("import os\nfor _ in range(20):\n    pid = os.fork()\n    if pid == 0:\n        os._exit(0)\n"
             "    os.waitpid(pid, 0)\nprint(os.getuid(), 'forked 20 times')")
    beside = run(forks)
    worker.join()
    assert bombed["result"].cells[1]["stopped"] == "did not finish within 8 s"
    uid, said = printed(beside, 1).split(" ", 1)
    assert said == "forked 20 times\n" and sandbox_user(int(uid))
    assert not _sandboxed_processes()


def test_where_there_is_a_cgroup_the_sandboxs_processes_share_one_memory_limit():
    from grader.cgroup import Cgroup
    group = Cgroup.make(2**20, 8)
    if group is None:
        pytest.skip("no cgroup can be made here (not root, or no writable cgroup file system): rlimits only")
    group.remove()
    source = ("import os, numpy as np\n"
              "children = []\n"
              "for _ in range(6):\n"
              "    pid = os.fork()\n"
              "    if pid == 0:\n"
              "        block = np.ones(600 * 2**20 // 8)     # 600 MB each, below the limit of a process\n"
              "        os._exit(0)\n"
              "    children.append(pid)\n"
              "print(sorted(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children))")
    result = run(source, limits=sandbox.Limits(memory=2**30, total_memory=2**30))
    report = result.cells[1]
    ended = report.get("stopped", "") + printed(result, 1)
    assert "SIGKILL" in ended or "-9" in ended, report          # the kernel ended some: 3.6 GB do not fit in 1 GiB
    # this process's groups only (sandbox-<pid>-<n>): the other worker's sandboxes may be at work meanwhile
    assert not [leftover for folder in group.folders for leftover in folder.parent.glob(f"sandbox-{os.getpid()}-*")]
