"""A control group for one sandbox: its memory and its processes counted together, where the machine allows one.

A resource limit (``setrlimit``) binds each process alone: 32 processes of 1 GiB each could still take 32 GiB
together. A cgroup bounds the sandbox as a whole: all its processes share ``memory`` bytes (no swap) and
``processes`` processes; past the memory, the kernel ends one of them (the runner, as a rule), which the grader
sees as a stop. The grader makes one when it runs as root and the cgroup file system is writable (cgroup v2, or
v1's ``memory`` and ``pids`` hierarchies); elsewhere :meth:`Cgroup.make` gives None and the resource limits are
all there is (``sandbox.py`` says so).

The sandbox enters it from its first instant: bubblewrap is started by a shell that first writes its own process
id into the group's ``cgroup.procs`` and then becomes bubblewrap (:meth:`Cgroup.wrap`), so every process of the
sandbox is born inside.
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
#: The folder of the grader's groups, one level below the cgroup root.
NAME = "homework-grader"
_groups = itertools.count()


class Cgroup:
    """The folders of one sandbox's group (one in cgroup v2, one per hierarchy in v1)."""

    def __init__(self, folders: list[Path]):
        self.folders = folders

    @classmethod
    def make(cls, memory: int, processes: int) -> Cgroup | None:
        """A new group limited to ``memory`` bytes and ``processes`` processes, or None if none can be made here."""
        if os.geteuid() != 0:
            return None
        name = f"sandbox-{os.getpid()}-{next(_groups)}"
        try:
            if (ROOT / "cgroup.controllers").exists():
                return cls._v2(name, memory, processes)
            if (ROOT / "memory").is_dir() and (ROOT / "pids").is_dir():
                return cls._v1(name, memory, processes)
        except OSError:
            pass
        return None

    @classmethod
    def _v2(cls, name: str, memory: int, processes: int) -> Cgroup:
        parent = ROOT / NAME
        parent.mkdir(exist_ok=True)
        for folder in (ROOT, parent):                    # the controllers, passed down to the sandboxes' groups
            enabled = (folder / "cgroup.subtree_control").read_text().split()
            if not {"memory", "pids"} <= set(enabled):
                (folder / "cgroup.subtree_control").write_text("+memory +pids")
        group = parent / name
        group.mkdir()
        _write(group, {"memory.max": memory, "memory.swap.max": 0, "pids.max": processes})
        return cls([group])

    @classmethod
    def _v1(cls, name: str, memory: int, processes: int) -> Cgroup:
        folders = [ROOT / "memory" / NAME / name, ROOT / "pids" / NAME / name]
        for folder in folders:
            folder.mkdir(parents=True)
        memsw = folders[0] / "memory.memsw.limit_in_bytes"
        _write(folders[0], {"memory.limit_in_bytes": memory, **({memsw.name: memory} if memsw.exists() else {})})
        _write(folders[1], {"pids.max": processes})
        return cls(folders)

    def wrap(self, command: list[str]) -> list[str]:
        """``command``, started inside the group (by a shell that enters it, then becomes ``command``)."""
        enter = "; ".join(f"echo $$ > {folder / 'cgroup.procs'}" for folder in self.folders)
        return ["/bin/sh", "-c", f'{enter} && exec "$@"', "enter-cgroup", *command]

    def remove(self) -> None:
        """End every process left in the group, and remove it (the kernel takes a moment to let go of them)."""
        for folder in self.folders:
            for pid in (folder / "cgroup.procs").read_text().split():
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except OSError:
                    pass
        for folder in self.folders:
            for _ in range(50):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


def _write(folder: Path, values: dict) -> None:
    for name, value in values.items():
        (folder / name).write_text(str(value))
