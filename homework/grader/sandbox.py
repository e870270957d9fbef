"""The sandbox a submission's code runs in: bubblewrap, an unprivileged user, a view of numpy, scipy and matplotlib.

:class:`Session` starts ``runner.py`` under bubblewrap (``bwrap``) and talks to it. What the sandbox is:

- **its own namespaces**: process ids (it sees only its own processes, and when the runner ends or is killed,
  every process it started ends with it: ``--unshare-pid``, ``--die-with-parent``), network (no interface but
  its own loopback), IPC, host name, cgroup; a new session (no terminal to inject into);
- **an unprivileged user**: run as root, the grader starts the runner as root inside the sandbox with no
  capability but changing its user, and the runner becomes a user and group of its own before it reads anything
  (:data:`USERS`, one per sandbox, so that the limit on processes is the sandbox's alone: a fork bomb in one
  submission takes nothing from another graded beside it); run as another user, the sandbox is a user namespace
  (which counts its processes apart) in which the runner is 65534 ("nobody");
- **a read-only system, and a scratch folder**: ``/usr`` (the system's programs and libraries) and the
  Python interpreter's own folder, read-only, with every ``site-packages`` and ``dist-packages`` folder in them
  hidden; ``/tmp`` a private in-memory folder of ``scratch`` bytes, the only place it can write; its own
  ``/proc`` and a minimal ``/dev``. Nothing else of the machine: not the course, the gradebook, other
  submissions, the repository, its ``.venv``, the home folders;
- **the packages a homework may use**: numpy, scipy and matplotlib and what they need, each bound read-only
  from the grader's environment into ``/sandbox/site`` (:func:`packages`). ``lecture_utils``, scikit-learn and
  nbgrader are not there at all; a task that switches scipy off runs in the ``numpy`` view, without it;
- **limits** (:class:`Limits`, set by the runner on itself before it drops root, so they bind the student's
  code and everything it starts): address space, processes, file size, open files, CPU time; where the grader
  can make a cgroup (``cgroup.py``: as root, on a writable cgroup file system), the sandbox's processes also share
  one memory limit and one count; the grader adds a wall-clock deadline per cell and per case, and a cap on what
  the sandbox may print or send;
- **a short environment**: only the variables of :func:`command`, none of the grader's; and, as on the course's
  JupyterHub, ``JUPYTERHUB_USER``, the student the submission belongs to, whose numbers the notebook draws
  (``homework_numbers``, bound read-only beside the runner).

Where bubblewrap is missing or cannot make namespaces (macOS, a container without the right to), the grader
refuses (:func:`check`) with :data:`HOW_TO_GRADE`.
"""

from __future__ import annotations

import functools
import glob
import importlib.metadata
import itertools
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import homework_numbers

from . import plain
from .cgroup import Cgroup

HERE = Path(__file__).resolve().parent
#: The module that draws each student's numbers, as the grader itself imports it.
NUMBERS = Path(homework_numbers.__file__).resolve()
#: The distributions a homework may import, by view: everything, or without scipy.
VIEWS = {"full": ("numpy", "scipy", "matplotlib"), "numpy": ("numpy", "matplotlib")}
#: Distributions that must never be visible in the sandbox (checked whenever a view is built).
NEVER = {"scikit-learn", "lecture-utils", "nbgrader"}
#: The user ids the sandboxes run as, when the grader runs as root: USERS + n for the n-th (no one else's ids).
USERS = 2**30
_sessions = itertools.count()
#: Why each switched-off package raises when used, as the student reads it.
SWITCHED_OFF = {"lecture_utils": "the course's package is not available while homework is graded",
                "sklearn": "scikit-learn is not available while homework is graded"}
SCIPY_OFF = "this task asks for numpy only, so scipy is switched off while its function is graded"
#: What to do where no sandbox can be made.
HOW_TO_GRADE = ("Grade on Linux with bubblewrap (apt-get install bubblewrap), for example on the course's "
                "JupyterHub or in a container that may create namespaces: docker run --rm --security-opt "
                "seccomp=unconfined --security-opt apparmor=unconfined --cap-add SYS_ADMIN -v \"$PWD:/course\" "
                "-w /course python:3.11 sh -c 'apt-get update && apt-get install -y bubblewrap && make grade "
                "VENV=/tmp/venv'.")


class Unavailable(RuntimeError):
    """No sandbox can be made here; the message says why and how to grade instead."""


@dataclass(frozen=True)
class Limits:
    """What one sandboxed runner may use (each a hard resource limit it sets on itself)."""

    memory: int = 2**30              #: bytes of address space of each process (RLIMIT_AS)
    total_memory: int = 2 * 2**30    #: bytes of memory of all its processes together (a cgroup, where there is one)
    processes: int = 32              #: processes and threads of the sandbox's user (RLIMIT_NPROC; a cgroup's too)
    file_size: int = 16 * 2**20      #: bytes of any one file it writes (RLIMIT_FSIZE)
    open_files: int = 256            #: open file descriptors (RLIMIT_NOFILE)
    cpu_seconds: int = 600           #: CPU time of the whole runner (RLIMIT_CPU)
    scratch: int = 64 * 2**20        #: bytes of its scratch folder /tmp, in memory
    output: int = 16 * 2**20         #: bytes it may print outside Python's print before it is stopped
    channel: int = 16 * 2**20        #: bytes it may send to the grader in one session

    def rlimits(self) -> dict:
        return {"RLIMIT_AS": self.memory, "RLIMIT_NPROC": self.processes, "RLIMIT_FSIZE": self.file_size,
                "RLIMIT_NOFILE": self.open_files, "RLIMIT_CPU": self.cpu_seconds, "RLIMIT_CORE": 0}


# ----------------------------------------------------------------------------------------------
# The sandbox's view of the machine
# ----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def packages(view: str) -> tuple[tuple[str, str], ...]:
    """(path in the grader's environment, name in /sandbox/site) of every file and folder of ``view``'s packages."""
    found, todo, seen = {}, list(VIEWS[view]), set()
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        if name in NEVER:
            raise RuntimeError(f"{name} would be visible to students' code: it is required by {VIEWS[view]}")
        distribution = importlib.metadata.distribution(name)
        for requirement in map(Requirement, distribution.requires or []):
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
        for file in distribution.files or []:
            top = file.parts[0]
            if top not in ("..", "__pycache__") and not top.endswith(".pth"):
                found[top] = str(distribution.locate_file(top))
    return tuple(sorted((path, top) for top, path in found.items()))


def _hidden_package_folders(root: Path) -> list[str]:
    patterns = ("lib*/python3*/site-packages", "lib*/python3*/dist-packages", "lib/python3/dist-packages",
                "local/lib*/python3*/site-packages", "local/lib*/python3*/dist-packages")
    return sorted({folder for pattern in patterns for folder in glob.glob(str(root / pattern))})


def _read_only_system() -> list[str]:
    """bwrap's arguments for /usr and the interpreter's folder, read-only, their package folders hidden."""
    arguments = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64"):
        if os.path.islink(top):
            arguments += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            arguments += ["--ro-bind", top, top]
    prefix = Path(sys.base_prefix).resolve()
    if not prefix.is_relative_to("/usr"):
        for parent in reversed(prefix.parents[:-1]):
            arguments += ["--perms", "0755", "--dir", str(parent)]
        arguments += ["--ro-bind", str(prefix), str(prefix)]
    for folder in _hidden_package_folders(Path("/usr")) + _hidden_package_folders(prefix):
        arguments += ["--perms", "0555", "--tmpfs", folder]
    return arguments


def interpreter() -> str:
    """The grader's base Python (not its venv's), which runs in the sandbox at the same path."""
    return os.path.realpath(getattr(sys, "_base_executable", sys.executable))


def command(view: str, limits: Limits, channel: int, student: str = "") -> list[str]:
    """The bwrap command line that starts the runner in ``view``, reporting on file descriptor ``channel``, as
    ``student`` (if given)."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise Unavailable("bubblewrap (bwrap) is not installed, so students' code cannot be confined. "
                          + HOW_TO_GRADE)
    identity = (["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"] if os.geteuid() == 0
                else ["--unshare-user", "--uid", "65534", "--gid", "65534", "--disable-userns"])
    site = []
    for path, name in packages(view):
        site += ["--ro-bind", path, f"/sandbox/site/{name}"]
    environment = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8",
                   "MPLBACKEND": "Agg", "MPLCONFIGDIR": "/tmp/matplotlib", "OPENBLAS_NUM_THREADS": "1",
                   "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", **({"JUPYTERHUB_USER": student} if student else {})}
    switched_off = dict(SWITCHED_OFF, **({"scipy": SCIPY_OFF} if view == "numpy" else {}))
    options = {"limits": limits.rlimits(), "switched_off": switched_off, "output_cap": 20_000, "channel": channel,
               "site": ["/sandbox/site"], "user": USERS + next(_sessions) % 100_000}
    return [bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            *identity, "--die-with-parent", "--new-session", "--clearenv",
            *[item for key, value in environment.items() for item in ("--setenv", key, value)],
            *_read_only_system(), "--proc", "/proc", "--dev", "/dev",
            "--perms", "1777", "--size", str(limits.scratch), "--tmpfs", "/tmp",
            "--perms", "1777", "--size", str(2**20), "--tmpfs", "/dev/shm",
            "--perms", "0755", "--dir", "/sandbox", "--perms", "0755", "--dir", "/sandbox/site", *site,
            "--perms", "0755", "--dir", "/sandbox/grader",
            "--ro-bind", str(HERE / "runner.py"), "/sandbox/grader/runner.py",
            "--ro-bind", str(HERE / "plain.py"), "/sandbox/grader/plain.py",
            "--ro-bind", str(NUMBERS), "/sandbox/grader/homework_numbers.py",
            "--chdir", "/tmp", interpreter(), "-I", "-S", "-B", "/sandbox/grader/runner.py", json.dumps(options)]


# ----------------------------------------------------------------------------------------------
# A session with the runner
# ----------------------------------------------------------------------------------------------


class Stopped(Exception):
    """The runner is gone or was stopped: ``reason`` says why, to follow a cell's name ("epoch printed more than
    16 MB"); ``flag`` if that is worth the instructor's attention (a timeout is not: the student loses the task)."""

    def __init__(self, reason: str, flag: bool = False):
        super().__init__(reason)
        self.reason, self.flag = reason, flag


class Session:
    """One runner in its sandbox: :meth:`send` commands, :meth:`receive` reports; :meth:`close` ends it all.

    Three threads keep the grader safe from what the sandbox sends: one reads the reports, a line at a time
    within ``limits.channel`` bytes, parsing each as a JSON object (``plain.loads``); one reads what the
    sandbox prints outside Python's ``print`` (a C library, ``os.write(1, ...)``) and only counts it, stopping
    the sandbox past ``limits.output``; one writes the commands, so that a runner that stops reading cannot
    block the grader.
    """

    def __init__(self, view: str = "full", limits: Limits = Limits(), student: str = ""):
        self.limits = limits
        read_end, write_end = os.pipe()
        self.cgroup = None
        try:
            started = command(view, limits, write_end, student)
            self.cgroup = Cgroup.make(limits.total_memory, limits.processes)
            self.process = subprocess.Popen(self.cgroup.wrap(started) if self.cgroup else started,
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                            pass_fds=(write_end,), start_new_session=True)
        except BaseException:
            os.close(read_end)
            if self.cgroup:
                self.cgroup.remove()
            raise
        finally:
            os.close(write_end)
        self.reports: queue.Queue = queue.Queue()
        self.commands: queue.Queue = queue.Queue()
        self.printed, self.head = 0, b""
        self._printed_too_much = None                    # the stop, once the sandbox has printed past its limit
        self._channel = os.fdopen(read_end, "rb")
        for target in (self._read_reports, self._count_output, self._write_commands):
            threading.Thread(target=target, daemon=True).start()

    def _read_reports(self) -> None:
        received = 0
        for line in iter(lambda: self._channel.readline(self.limits.channel - received + 1), b""):
            received += len(line)
            if received > self.limits.channel:
                self._stop(Stopped(f"sent the grader more than {self.limits.channel // 2**20} MB", flag=True))
                return
            try:
                self.reports.put(plain.loads(line))
            except plain.NotPlain:
                self._stop(Stopped("wrote into the grader's channel", flag=True))
                return
        self.reports.put(self._printed_too_much or self._ended())

    def _ended(self) -> Stopped:
        code = self.process.wait()
        if code < 0 or code > 128:
            number = -code if code < 0 else code - 128
            name = signal.Signals(number).name if number in signal.valid_signals() else f"signal {number}"
            return Stopped(f"ended the grading process ({name}: a crash, a limit, or the code itself)", flag=True)
        return Stopped(f"ended the grading process (it exited with code {code})", flag=True)

    def _count_output(self) -> None:
        for chunk in iter(lambda: self.process.stdout.read1(65536), b""):
            self.printed += len(chunk)
            self.head = (self.head + chunk)[:2000]       # what bwrap says if it cannot start, for check()
            if self.printed > self.limits.output:
                # said after the reports the runner wrote before it was killed (which cell was running): the
                # channel's reader reads them to the end the kill makes, then this
                self._printed_too_much = Stopped(f"printed more than {self.limits.output // 2**20} MB", flag=True)
                self.kill()
                return

    def _write_commands(self) -> None:
        while (line := self.commands.get()) is not None:
            try:
                self.process.stdin.write(line)
                self.process.stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                return

    def _stop(self, stopped: Stopped) -> None:
        self.reports.put(stopped)
        self.kill()

    def send(self, record: dict) -> None:
        self.commands.put(json.dumps(record).encode() + b"\n")

    def receive(self, timeout: float) -> dict:
        """The next report; raises :class:`Stopped` if the runner is gone, ``queue.Empty`` after ``timeout`` s."""
        report = self.reports.get(timeout=max(timeout, 0.0))
        if isinstance(report, Stopped):
            self.reports.put(report)                     # it stays stopped
            raise report
        return report

    def kill(self) -> None:
        """End the sandbox: bwrap, and with it (its pid namespace) every process the student's code started."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        self.kill()
        self.commands.put(None)
        self.process.wait()
        if self.cgroup:
            self.cgroup.remove()
        for stream in (self.process.stdin, self.process.stdout, self._channel):
            try:
                stream.close()
            except OSError:
                pass

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def check(limits: Limits = Limits()) -> None:
    """Raise :class:`Unavailable` unless a sandbox starts here and its runner is ready within 60 s."""
    try:
        with Session("full", limits) as session:
            report = session.receive(60)
    except (Stopped, queue.Empty, OSError) as error:
        said = session.head.decode(errors="replace").strip() if "session" in locals() else ""
        reason = "; ".join(filter(None, [getattr(error, "reason", None) or type(error).__name__, said]))
        raise Unavailable(f"bubblewrap could not start a sandbox here ({reason}). {HOW_TO_GRADE}") from None
    if report != {"ready": True}:
        raise Unavailable(f"the sandbox's runner did not start properly. {HOW_TO_GRADE}")
