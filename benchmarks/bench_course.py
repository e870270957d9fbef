"""Benchmarks of notebooks 01-03 and of the course as a whole: widgets, notebook run times, browser."""

from __future__ import annotations

import statistics
import warnings
from pathlib import Path

import numpy as np
from scipy import stats

from _timing import median_ms, median_update_ms, notebook_ms, report
from lecture_utils import plotting
from lecture_utils.datasets import make_separable
from lecture_utils.perceptron import Perceptron
from lecture_utils.widgets import (CLTExplorer, EntropyExplorer, EstimatorExplorer, KLAsymmetryExplorer,
                                   LikelihoodExplorer, PerceptronStepper)

ROOT = Path(__file__).resolve().parent.parent


def bench_widgets() -> None:
    print("widgets, one update redrawn and encoded in the kernel (median):")
    plotting.use_house_style()
    data = make_separable(40, 0.1, random_state=1)
    for label, w_star in (("PerceptronStepper", None), ("PerceptronStepper with proof panels", data.w_star)):
        stepper = PerceptronStepper(data.X, data.y, w_star=w_star)
        steps = np.tile(np.r_[1:stepper.trace.n_updates + 1, 0], 4)
        report(label, median_update_ms(lambda k: setattr(stepper.slider, "value", int(k)), steps), 40)

    entropy = EntropyExplorer()
    weights = np.linspace(0.5, 9.5, 40)
    report("EntropyExplorer, one weight", median_update_ms(
        lambda w: setattr(entropy.sliders[0], "value", float(w)), weights), 40)
    kl = KLAsymmetryExplorer()
    separations = np.arange(0.0, kl.slider.max + 0.01, kl.slider.step)
    report("KLAsymmetryExplorer, new separation", median_update_ms(
        lambda d: setattr(kl.slider, "value", float(d)), separations), 40)
    report("KLAsymmetryExplorer, built with its 33 fits", median_ms(KLAsymmetryExplorer, 3), 1000)
    clt = CLTExplorer()
    report("CLTExplorer, n", median_update_ms(lambda n: setattr(clt.slider, "value", int(n)),
                                               np.r_[2:clt.slider.max + 1]), 40)
    sources = [key for _, key in clt.SOURCES] * 5
    report("CLTExplorer, source", median_update_ms(lambda key: setattr(clt.source, "value", key), sources), 40)
    likelihood = LikelihoodExplorer(h=0, N=40)
    report("LikelihoodExplorer, heads h", median_update_ms(
        lambda h: setattr(likelihood.h_slider, "value", int(h)), np.r_[1:41, 0:40]), 40)
    report("LikelihoodExplorer, tosses N", median_update_ms(
        lambda N: setattr(likelihood.N_slider, "value", int(N)), np.r_[41:101, 40]), 40)
    estimators = {"mean": lambda s: np.mean(s, axis=-1), "median": lambda s: np.median(s, axis=-1)}
    sampling = EstimatorExplorer(estimators, stats.norm(0, 1), 0.0, [5, 10, 20, 50, 100, 200, 500, 1000])
    report("EstimatorExplorer, sample size N", median_update_ms(
        lambda N: setattr(sampling.N_slider, "value", int(N)), [10, 20, 50, 100, 200, 500, 1000, 5] * 4), 40)
    report("EstimatorExplorer, band eps", median_update_ms(
        lambda eps: setattr(sampling.eps_slider, "value", float(eps)), np.linspace(0.05, 0.5, 30)), 40)


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
        report(path.name, notebook_ms(path), 20_000, "(kernel start included)")


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
            times = time_clicks(page, box.locator("button:has-text('Step')"), image, clicks=12)
            report(label, statistics.median(times), 100, summary(times))
        open_and_run_all(page, lab.url, lab.token, "02_information_theory.ipynb")
        box, image = widget_with_button(page, "Uniform")
        times = time_keys(page, box.locator(".noUi-handle").first, image, "ArrowRight", presses=12)
        report("EntropyExplorer, a weight's slider", statistics.median(times), 100, summary(times))


#: Run in this order by ``run.py``; the browser comes last (it is the slowest).
BENCHMARKS = [bench_widgets, bench_perceptron_fit, bench_notebooks, bench_browser]
