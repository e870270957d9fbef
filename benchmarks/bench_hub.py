"""Benchmark of a class on a real JupyterHub: twenty students open notebook 01 at once and move its widget.

The class runs in the hub's own environment (``.venv-hub``, which `make bench` makes with `make hub`, as `make
test-hub` does), in ``benchmarks/hub_class.py``: one JupyterHub with a server per student, one headless Chromium
with a browser context per student. Printed: the time from a click on the perceptron stepper's Step button, or a
key press on its slider, to the widget's new pixels on the student's screen, median and 95th percentile over the
whole class (target < 100 ms, as for one student); how long the class took to get notebook 01 cloned and run; the
memory of each student's server and kernel (resident, as the hub's processes see it; the kernel's peak beside it);
each notebook's kernel peak after Run All in a hub's server; and a student's server with all seven left open. If
the hub cannot start, it says why, and the other benchmarks still print.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
from pathlib import Path

from _timing import report

ROOT = Path(__file__).resolve().parent.parent
HUB_PYTHON = ROOT / ".venv-hub" / "bin" / "python"
STUDENTS = 20
#: The same target as one student's click to new pixels (README: < 100 ms).
TARGET_MS = 100


def _children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench_a_class_of_20() -> None:
    print(f"JupyterHub, a class of {STUDENTS} opening notebook 01 at once and moving its stepper "
          f"({os.cpu_count()} cores):")
    if not HUB_PYTHON.exists():
        print("  skipped: the hub's environment .venv-hub is missing (`make hub` makes it; `make bench` runs it)")
        return
    cpu = _children_cpu_s()
    try:
        run = subprocess.run([str(HUB_PYTHON), str(ROOT / "benchmarks" / "hub_class.py"), str(STUDENTS)],
                             capture_output=True, text=True, timeout=3600, cwd=ROOT)
    except subprocess.TimeoutExpired:
        print("  skipped: the class did not finish within an hour")
        return
    cpu = _children_cpu_s() - cpu
    lines = run.stdout.strip().splitlines()
    try:
        result = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        print(f"  failed (exit {run.returncode}): {(run.stderr or run.stdout).strip()[-1500:]}")
        return
    if "unavailable" in result:
        print(f"  skipped: the hub cannot start here: {result['unavailable']}")
        return
    if "failed" in result:
        print(f"  failed: {result['failed']}")
        return
    figures = result["class"]
    report("click to pixels, median", figures["median_ms"], TARGET_MS, f"(n = {figures['presses']})")
    report("click to pixels, 95th percentile", figures["p95_ms"], TARGET_MS)
    lost = sum(len(presses) for presses in figures["lost"].values())
    print(f"  presses whose pixels did not show within 2 minutes: {lost} of {figures['presses'] + lost}"
          + "".join(f"\n    {name}: {len(presses)}; the page at the first: "
                    + ", ".join(f"{key} {str(value)[:60]!r}" for key, value in presses[0].items())
                    for name, presses in figures["lost"].items()))
    print(f"  students stopped before their presses: {len(figures['stopped'])} of {STUDENTS}"
          + "".join(f"\n    {name}: {why}" for name, why in figures["stopped"].items()))
    errors = figures.get("page_errors", {})
    print(f"  students whose page logged errors: {len(errors)} of {STUDENTS}" + "".join(
        f"\n    {name}: " + "; ".join(sorted({error.splitlines()[0][:90] for error in found}))
        for name, found in errors.items()))
    opened = figures["open_and_run_s"]
    print(f"  {STUDENTS} servers started in {figures['spawn_s']:.0f} s; the link clicked and notebook 01 run: "
          f"first {opened[0]:.0f} s, median {statistics.median(opened):.0f} s, last {opened[-1]:.0f} s; "
          f"CPU of the whole run {cpu:.0f} s (hub, servers, kernels, Chromium)")
    memory = figures["memory"]
    totals = sorted(entry["server_mb"] + entry["kernel_mb"] for entry in memory.values())
    servers = sorted(entry["server_mb"] for entry in memory.values())
    kernels = sorted(entry["kernel_mb"] for entry in memory.values())
    peaks = sorted(entry["kernel_peak_mb"] for entry in memory.values())
    print(f"  memory of a student with notebook 01 open (resident MB): server {servers[0]:.0f}-{servers[-1]:.0f} "
          f"(median {statistics.median(servers):.0f}), kernel {kernels[0]:.0f}-{kernels[-1]:.0f} "
          f"(median {statistics.median(kernels):.0f}, peak up to {peaks[-1]:.0f}), together "
          f"{totals[0]:.0f}-{totals[-1]:.0f} (median {statistics.median(totals):.0f}); the class "
          f"{sum(totals) / 1024:.1f} GB")
    print("  each server + kernel (MB): " + ", ".join(
        f"{name.removeprefix('student')} {entry['server_mb']:.0f}+{entry['kernel_mb']:.0f}"
        for name, entry in sorted(memory.items())))
    if "kernel_peaks" in result:
        kernels = result["kernel_peaks"]
        print("  each notebook's kernel after Run All in a hub's server, peak resident MB (issue 38's target 200): "
              + ", ".join(f"{name[:2]} {peak:.0f}" for name, peak in kernels["peaks"].items()))
        print(f"  a student who left all seven open: the server and {kernels['kernels']} kernels together "
              f"{kernels['all_open_mb']:.0f} MB (each one's own pages and the libraries' once, as a container's limit "
              "counts them)")
    else:
        print(f"  each notebook's kernel peak: not measured ({result.get('kernel_peaks_error')})")


BENCHMARKS = [bench_a_class_of_20]
