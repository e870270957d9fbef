"""lecture_utils gives the memory a cell freed back to the system after each cell (`lecture_utils._memory`)."""

import subprocess
import sys
import textwrap

import pytest

from lecture_utils import _memory

glibc = pytest.mark.skipif(_memory._TRIM is None, reason="malloc_trim is glibc's (Linux)")


def run(code: str) -> str:
    """Run ``code`` in a fresh interpreter (a heap of its own); what it prints."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


@glibc
def test_freed_heap_memory_goes_back_to_the_system():
    """200 MB of arrays of 100 kB (below glibc's mmap threshold: they come from the heap), freed while one small array
    made after each stays: glibc keeps the freed memory (more than 150 MB still resident), and
    release_freed_memory hands it back (less than 30 MB left above where the process started)."""
    before, freed, released = map(int, run("""
        import numpy as np
        from lecture_utils._memory import release_freed_memory
        def own_mb():
            return next(int(line.split()[1]) // 1024 for line in open("/proc/self/status") if line.startswith("RssAnon"))
        start, big, small = own_mb(), [], []
        for _ in range(2000):
            big.append(np.ones(12_500))
            small.append(np.ones(200))
        del big
        freed = own_mb()
        release_freed_memory()
        print(start, freed, own_mb())
    """).split())
    assert freed - before > 150, (before, freed)
    assert released - before < 30, (before, released)


def test_in_a_kernel_it_runs_after_every_cell_registered_once():
    calls = run("""
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        import lecture_utils
        from lecture_utils import _memory
        _memory.release_after_each_cell()                       # a second import registers nothing more
        registered = shell.events.callbacks["post_run_cell"].count(_memory.release_freed_memory)
        counted = []
        _memory._TRIM = lambda pad: counted.append(pad)
        for cell in ("x = 1", "y = [0] * 10", "1 / 0"):           # after a failing cell too
            shell.run_cell(cell)
        print(registered, len(counted))
    """).split()
    assert calls[-2:] == ["1", "3"]


def test_a_plain_script_neither_imports_ipython_nor_registers_anything():
    assert run("import sys, lecture_utils; print('IPython' in sys.modules)").strip() == "False"
