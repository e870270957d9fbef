"""The memory of each notebook's kernel after Run All, in a student's environment (`make test-hub`: .venv-hub holds
the course's dependencies and the hub's, not the test extras, whose statsmodels would bring pandas into every
kernel that imports scikit-learn).

Issue 38 asks for a peak of at most 200 MB per kernel, so that a student's seven kernels fit in 1.5 GB. The imports
alone take 165-181 MB in notebooks 02-07 (a bare kernel 51 MB; matplotlib 30, scipy.stats and scikit-learn about 70
more), so the per-kernel target is not met: the ceilings below are today's peaks with a little room, and hold each
notebook to them, so that no change makes a kernel heavier unnoticed. What the target is for is measured as such:
seven kernels left open hold their private memory each, and the libraries' pages (numpy's, scipy's, ... mapped from
the same files) once, since the operating system, and a container's memory limit, count a file's page once.
"""

import functools
import os
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from process_memory import PAGE, memory_of, together_mb

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

#: Peak resident memory (MB) of each notebook's kernel after Run All: measured 2026-11-29 in .venv-hub, plus 15
#: (at the start of 29 November they were 226, 403, none (notebook 03 failed: it imported statsmodels), 304, 333,
#: 428, 324; at the start of its afternoon 185, 240, 262, 302, 267, 329, 268).
CEILING_MB = {"01": 195, "02": 250, "03": 250, "04": 300, "05": 260, "06": 300, "07": 250}
#: Issue 38's aim: a student's seven kernels, left open after Run All, in 1.5 GB.
SEVEN_OPEN_MB = 1536


@functools.cache
def kernel_memory(path: Path) -> dict:
    """Run the notebook top to bottom in a fresh kernel of this Python; its memory at the end (`memory_of`)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        return memory_of(client.km.provisioner.pid)


def test_the_environment_is_a_students():
    """pandas is not among the course's dependencies: where it is installed, scikit-learn imports it (28 MB)."""
    import importlib.util
    assert importlib.util.find_spec("pandas") is None, f"{sys.prefix} has pandas: not a student's environment"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_kernel_peak_after_run_all_stays_under_its_ceiling(path):
    memory = kernel_memory(path)
    print(f"{path.stem}: peak {memory['VmHWM']:.0f} MB, resident after Run All {memory['VmRSS']:.0f} MB (its own "
          f"{memory['RssAnon']:.0f}, the libraries' files {memory['RssFile']:.0f}; "
          f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', 'unset')})")
    assert memory["VmHWM"] <= CEILING_MB[path.stem[:2]], {key: memory[key] for key in ("VmHWM", "VmRSS", "RssAnon")}


def test_seven_kernels_left_open_fit_in_a_student_share():
    memories = [kernel_memory(path) for path in NOTEBOOKS]
    total, own = together_mb(memories), sum(memory["RssAnon"] for memory in memories)
    print(f"seven kernels left open after Run All: {total:.0f} MB (their own {own:.0f}, the libraries' files once "
          f"{total - own:.0f}; their resident memory summed, the files counted in each, "
          f"{sum(memory['VmRSS'] for memory in memories):.0f})")
    assert len(memories) == 7 and total <= SEVEN_OPEN_MB, (total, own)


def test_together_counts_each_process_own_pages_and_each_file_page_once():
    """Checked by hand: 100 + 120 MB of their own; of a library, pages 0-767 in one process and 512-1279 in the
    other (1,280 pages); of another, 256 pages in one only: 220 MB and 1,536 pages."""
    memories = [{"RssAnon": 100, "files": {"/lib/a.so": set(range(768)), "/lib/b.so": set(range(256))}},
                {"RssAnon": 120, "files": {"/lib/a.so": set(range(512, 1280))}}]
    assert together_mb(memories) == 220 + 1536 * PAGE / 2**20


def test_a_processes_own_memory_and_its_files_add_up_to_its_resident_memory():
    """The pages `memory_of` finds mapped from files are the process's file-backed resident memory (within 1 MB, what
    changes between the two reads of /proc)."""
    memory = memory_of()
    files_mb = sum(map(len, memory["files"].values())) * PAGE / 2**20
    assert abs(files_mb - memory["RssFile"]) < 1.0, (files_mb, memory["RssFile"])
