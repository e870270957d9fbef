"""The memory of processes as the operating system counts it for a group of them (a student's server and kernels,
in one container): each process's own pages, and each page of a file mapped into several of them once.

A kernel's resident memory (``VmRSS``) counts the pages of the libraries it maps (numpy's, scipy's, ...): seven
kernels map the same files, so summing their resident memory counts those pages seven times, where the system, and a
container's memory limit, counts them once. Which pages of each file are resident comes from ``/proc/<pid>/pagemap``
(its present and file-page bits, which a process's owner may read).
"""

from __future__ import annotations

import array
import os
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
_PRESENT, _FILE_PAGE = 1 << 63, 1 << 61


def memory_of(pid: int | str = "self") -> dict:
    """The memory of process ``pid`` now: ``VmHWM`` (peak resident), ``VmRSS``, ``RssAnon`` (its own) and ``RssFile``
    in MB, and ``files``: for each file mapped, the set of its page numbers resident in the process."""
    proc = Path(f"/proc/{pid}")
    memory = {key: int(value.split()[0]) / 1024 for key, _, value in
              (line.partition(":") for line in (proc / "status").read_text().splitlines())
              if key in ("VmHWM", "VmRSS", "RssAnon", "RssFile")}
    memory["files"] = {}
    with open(proc / "maps") as maps, open(proc / "pagemap", "rb") as pagemap:
        for line in maps:
            fields = line.split()
            if len(fields) < 6 or not fields[5].startswith("/"):
                continue
            low, high = (int(address, 16) for address in fields[0].split("-"))
            pagemap.seek(low // PAGE * 8)
            entries = array.array("Q", pagemap.read((high - low) // PAGE * 8))
            first = int(fields[2], 16) // PAGE
            memory["files"].setdefault(fields[5], set()).update(
                first + index for index, entry in enumerate(entries) if entry & _PRESENT and entry & _FILE_PAGE)
    return memory


def together_mb(memories) -> float:
    """The memory of processes together, in MB: each one's own pages, and each page of a file once."""
    pages = {(name, page) for memory in memories for name, resident in memory["files"].items() for page in resident}
    return sum(memory["RssAnon"] for memory in memories) + len(pages) * PAGE / 2**20
