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

import ast
import functools
import os
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

#: Peak resident memory (MB) of each notebook's kernel after Run All: measured 2026-11-29 in .venv-hub, plus 15
#: (at the start of 29 November they were 226, 403, none (notebook 03 failed: it imported statsmodels), 304, 333,
#: 428, 324).
CEILING_MB = {"01": 215, "02": 275, "03": 295, "04": 335, "05": 300, "06": 360, "07": 300}
#: Issue 38's aim: a student's seven kernels, left open after Run All, in 1.5 GB.
SEVEN_OPEN_MB = 1536

#: The last cell: the kernel's peak and present resident memory, and how much of it is its own (anonymous: Python's
#: objects, arrays, pictures), in MB; and which pages of each file mapped into it (the libraries) are resident, as
#: ranges [first, last + 1) of page numbers in the file (from /proc/self/pagemap: present, and the file's own page).
PROBE = """
import array as _array, os as _os
_page = _os.sysconf("SC_PAGE_SIZE")
_memory = {line.split(':')[0]: int(line.split()[1]) // 1024 for line in open('/proc/self/status')
           if line.startswith(('VmHWM', 'VmRSS', 'RssAnon', 'RssFile'))}
_memory['files'], _memory['page_kb'] = {}, _page // 1024
with open('/proc/self/maps') as _maps, open('/proc/self/pagemap', 'rb') as _pagemap:
    for _line in _maps:
        _fields = _line.split()
        if len(_fields) < 6 or not _fields[5].startswith('/'):
            continue
        _low, _high = (int(_address, 16) for _address in _fields[0].split('-'))
        _pagemap.seek(_low // _page * 8)
        _entries = _array.array('Q', _pagemap.read((_high - _low) // _page * 8))
        _first, _ranges = int(_fields[2], 16) // _page, _memory['files'].setdefault(_fields[5], [])
        for _index, _entry in enumerate(_entries):
            if _entry >> 63 & 1 and _entry >> 61 & 1:
                if _ranges and _ranges[-1][1] == _first + _index:
                    _ranges[-1][1] += 1
                else:
                    _ranges.append([_first + _index, _first + _index + 1])
print(_memory)
"""


@functools.cache
def kernel_memory(path: Path) -> dict:
    """Run the notebook top to bottom in a fresh kernel of this Python; its memory in MB, as PROBE reads it."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE))
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return ast.literal_eval("".join(output["text"] for output in notebook.cells[-1].outputs))


def seven_open_mb(memories) -> int:
    """The memory of kernels left open together: each one's own pages, and each page of a file once, however many
    of them map it."""
    pages = {(name, page) for memory in memories for name, ranges in memory["files"].items()
             for first, stop in ranges for page in range(first, stop)}
    return sum(memory["RssAnon"] for memory in memories) + len(pages) * memories[0]["page_kb"] // 1024


def test_the_environment_is_a_students():
    """pandas is not among the course's dependencies: where it is installed, scikit-learn imports it (28 MB)."""
    import importlib.util
    assert importlib.util.find_spec("pandas") is None, f"{sys.prefix} has pandas: not a student's environment"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_kernel_peak_after_run_all_stays_under_its_ceiling(path):
    memory = kernel_memory(path)
    print(f"{path.stem}: peak {memory['VmHWM']} MB, resident after Run All {memory['VmRSS']} MB (its own "
          f"{memory['RssAnon']}, the libraries' files {memory['RssFile']}; "
          f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', 'unset')})")
    assert memory["VmHWM"] <= CEILING_MB[path.stem[:2]], memory


def test_seven_kernels_left_open_fit_in_a_student_share():
    memories = [kernel_memory(path) for path in NOTEBOOKS]
    total = seven_open_mb(memories)
    own = sum(memory["RssAnon"] for memory in memories)
    print(f"seven kernels left open after Run All: {total} MB (their own {own}, the libraries' files once "
          f"{total - own}; their resident memory summed, the files counted in each, {sum(m['VmRSS'] for m in memories)})")
    assert len(memories) == 7 and total <= SEVEN_OPEN_MB, (total, own)


def test_seven_open_counts_each_kernel_own_pages_and_each_file_page_once():
    """Checked by hand: 100 + 120 MB of their own; of a library, pages 0-767 in one kernel and 512-1279 in the other
    (1,280 pages, 5 MB); of another, 256 pages (1 MB) in one only: 220 + 5 + 1."""
    memories = [{"RssAnon": 100, "files": {"/lib/a.so": [[0, 768]], "/lib/b.so": [[0, 100], [200, 356]]}, "page_kb": 4},
                {"RssAnon": 120, "files": {"/lib/a.so": [[512, 1280]]}, "page_kb": 4}]
    assert seven_open_mb(memories) == 226
