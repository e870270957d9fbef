"""The memory of each notebook's kernel after Run All, in a student's environment (`make test-hub`: .venv-hub holds
the course's dependencies and the hub's, not the test extras, whose statsmodels would bring pandas into every
kernel that imports scikit-learn).

Issue 38 asks for a peak of at most 200 MB per kernel. The imports alone take 125-185 MB (a bare kernel 51 MB;
scipy.stats and scikit-learn about 85 MB more), so that target is not met yet: these ceilings are today's peaks
with a little room, and hold each notebook to them, so that no change makes a kernel heavier unnoticed.
"""

import ast
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
#: (at the session's start they were 226, 403, none (notebook 03 failed: it imported statsmodels), 304, 333, 428, 324).
CEILING_MB = {"01": 215, "02": 275, "03": 295, "04": 335, "05": 300, "06": 360, "07": 300}

#: The last cell: the kernel's own peak and present resident memory, from /proc.
PROBE = ("print({line.split(':')[0]: int(line.split()[1]) // 1024 for line in open('/proc/self/status') "
         "if line.startswith(('VmHWM', 'VmRSS'))})")


def kernel_memory(path: Path) -> dict:
    """Run the notebook top to bottom in a fresh kernel of this Python; its peak and resident memory in MB."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE))
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return ast.literal_eval(notebook.cells[-1].outputs[0]["text"])


def test_the_environment_is_a_students():
    """pandas is not among the course's dependencies: where it is installed, scikit-learn imports it (28 MB)."""
    import importlib.util
    assert importlib.util.find_spec("pandas") is None, f"{sys.prefix} has pandas: not a student's environment"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_kernel_peak_after_run_all_stays_under_its_ceiling(path):
    memory = kernel_memory(path)
    print(f"{path.stem}: peak {memory['VmHWM']} MB, resident after Run All {memory['VmRSS']} MB "
          f"(OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', 'unset')})")
    assert memory["VmHWM"] <= CEILING_MB[path.stem[:2]], memory
