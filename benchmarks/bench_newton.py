"""Benchmarks of notebook 05: its widgets' updates and its run time (IRLS against scikit-learn is in bench_logistic)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy.special import expit

from _timing import median_update_ms, report, report_notebook
from lecture_utils import plotting
from lecture_utils.logistic import LogisticLoss, learning_rate_bound
from lecture_utils.widgets import Newton1D, NewtonStepper

ROOT = Path(__file__).resolve().parent.parent


def _hours_loss() -> LogisticLoss:
    """The running example of notebook 05: 60 students' hours of study and whether they passed."""
    rng = np.random.default_rng(5)
    hours = rng.normal(3.0, 1.0, size=60)
    passed = (rng.uniform(size=60) < expit(1.5 * hours - 4.5)).astype(int)
    return LogisticLoss(hours[:, None], passed)


def bench_widgets() -> None:
    print("notebook 05 widgets, one update redrawn and encoded in the kernel (median):")
    plotting.use_house_style()
    one_d = Newton1D("sqrt", x0=0.5)
    report("Newton1D, step k", median_update_ms(lambda k: setattr(one_d.slider, "value", int(k)),
                                                np.tile(np.r_[1:13, 0], 3)), 40)
    report("Newton1D, start x0 (a new run)", median_update_ms(lambda x: setattr(one_d.x0_slider, "value", float(x)),
                                                              np.linspace(-1.9, 1.9, 39)), 40)
    report("Newton1D, function (new axes)", median_update_ms(
        lambda name: setattr(one_d.function_menu, "value", name), ["quadratic", "double_well", "sqrt"] * 5), 40)
    loss = _hours_loss()
    stepper = NewtonStepper(loss, learning_rate_bound(loss.X[:, :1]) / 2, xlim=(-4, 6), ylim=(-12, 6))
    report("NewtonStepper, step k", median_update_ms(lambda k: setattr(stepper.slider, "value", int(k)),
                                                     np.tile(np.r_[1:31, 0], 2)), 40)
    report("NewtonStepper, start w (two new runs)", median_update_ms(
        lambda w: setattr(stepper.start_sliders[0], "value", float(w)), np.linspace(-3.75, 5.75, 39)), 40)
    report("NewtonStepper, damping switch", median_update_ms(
        lambda on: setattr(stepper.damping, "value", bool(on)), [1, 0] * 10), 40)


def bench_notebook() -> None:
    print("notebook 05, executed top to bottom in a fresh kernel:")
    path = ROOT / "notebooks" / "05_newton_irls.ipynb"
    report_notebook(path)


#: Run in this order by ``run.py``.
BENCHMARKS = [bench_widgets, bench_notebook]
