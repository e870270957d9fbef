"""Give the memory freed by a cell back to the system, so that a kernel waiting for the next cell holds what it
uses rather than what it once used.

glibc's malloc keeps memory freed inside its heap (a cell's temporary arrays, a widget's pictures) for later
allocations: after Run All, notebooks 04 and 06 held 25-33 MB so, and a student leaves several kernels open.
``malloc_trim(0)`` hands those pages back, in under a millisecond (Dask's workers do the same). Other C libraries
(macOS, Windows, musl) return memory differently, and nothing is done there.
"""

from __future__ import annotations

import ctypes
import sys


def _malloc_trim():
    """glibc's ``malloc_trim``, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim        # the C library the process already runs on
    except (OSError, AttributeError):
        return None


_TRIM = _malloc_trim()


def release_freed_memory(*_ignored) -> None:
    """Return the free pages of the C heap to the system (glibc); elsewhere do nothing. Takes and ignores the
    arguments of an IPython event, so that it can be one."""
    if _TRIM is not None:
        _TRIM(0)


def release_after_each_cell() -> None:
    """In IPython (a Jupyter kernel), call :func:`release_freed_memory` after every cell; once, however often the
    package is imported. Outside IPython, nothing."""
    ipython = sys.modules.get("IPython")                 # never imported here: a plain script does not need it
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None and release_freed_memory not in shell.events.callbacks["post_run_cell"]:
        shell.events.register("post_run_cell", release_freed_memory)
