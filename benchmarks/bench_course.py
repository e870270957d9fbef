"""Benchmarks of notebooks 01-03 and of the course as a whole: notebook run times, click to pixels in a browser."""

from __future__ import annotations

import statistics
import warnings
from pathlib import Path

import numpy as np

from _timing import median_ms, report, report_notebook
from lecture_utils.datasets import make_separable
from lecture_utils.perceptron import Perceptron

ROOT = Path(__file__).resolve().parent.parent


def bench_perceptron_fit() -> None:
    from sklearn.linear_model import Perceptron as SklearnPerceptron

    print("perceptron fit on 100 000 examples against scikit-learn (median of 5):")
    for margin in (0.001, 0.0):
        data = make_separable(100_000, margin, random_state=0)
        ours = Perceptron(max_epochs=10_000).fit(data.X, data.y)
        reference = SklearnPerceptron(shuffle=False, eta0=1.0, tol=None, max_iter=ours.n_epochs_)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs_ms = median_ms(lambda: reference.fit(data.X, data.y), 5)
        ours_ms = median_ms(lambda: Perceptron(max_epochs=10_000).fit(data.X, data.y), 5)
        same = np.array_equal(ours.coef_, reference.coef_[0]) and ours.intercept_ == reference.intercept_[0]
        report(f"margin {margin}: {ours.n_updates_} updates, {ours.n_epochs_} epochs", ours_ms, 2 * theirs_ms,
               f"scikit-learn {theirs_ms:.1f} ms, ratio {ours_ms / theirs_ms:.2f}, same weights: {same}")


def bench_notebooks() -> None:
    print("notebooks, executed top to bottom in a fresh kernel:")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        report_notebook(path)


def bench_browser() -> None:
    from lab_session import (CHROMIUM, browser_page, jupyterlab_server, open_and_run_all, summary, time_clicks,
                             time_keys, widget_with_button)

    print("widgets, click (or key press) to new pixels in JupyterLab at 1366 x 768 (headless Chromium):")
    if not CHROMIUM.exists():
        print(f"  skipped: no Chromium at {CHROMIUM} (apt-get install chromium)")
        return
    with jupyterlab_server() as lab, browser_page() as page:
        open_and_run_all(page, lab.url, lab.token, "01_perceptron.ipynb")
        for index, label in enumerate(("PerceptronStepper, Step", "PerceptronStepper with proof panels, Step")):
            box, image = widget_with_button(page, "Step", index)
            # from update 0: the proof's stepper opens at its last update, where Step has nothing to draw
            box.locator("button:has-text('Reset')").click()
            status = box.locator(".lecture-status")
            page.wait_for_function("s => s.textContent.startsWith('start:')", arg=status.element_handle())
            times = time_clicks(page, box.locator("button:has-text('Step')"), image, clicks=12)
            report(label, statistics.median(times), 100, summary(times))
        open_and_run_all(page, lab.url, lab.token, "02_information_theory.ipynb")
        box, image = widget_with_button(page, "Uniform")
        times = time_keys(page, box.locator(".noUi-handle").first, image, "ArrowRight", presses=12)
        report("EntropyExplorer, a weight's slider", statistics.median(times), 100, summary(times))


#: Run in this order by ``run.py``; the browser comes last (it is the slowest).
BENCHMARKS = [bench_perceptron_fit, bench_notebooks, bench_browser]
