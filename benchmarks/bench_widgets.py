"""Benchmarks of every widget of the course: each control of each widget, from the control's change to new
PNG bytes in the kernel (target < 16 ms, one frame at 60 Hz), the import of ``lecture_utils.widgets``, and
the widgets that fit a grid of models when built (target < 1 s).

Each widget is built as its notebook builds it, under the BLAS threads its notebook uses (notebook 04
limits BLAS to one thread; the others leave it as it is). A control is timed as a student moves it: through
values the widget has not seen before. A sweep passes through the values a student would (a slider dragged
end to end, a menu tried option by option, a button pressed again and again) on a widget built afresh for
that control, and only the changes that bring the widget to a state it has not shown before are timed (the
state: the values of all its controls), so that nothing a widget keeps from earlier frames (pictures of a
step, glyphs of a label, fits of a setting) makes a control look faster than a student finds it. Where a
sweep gives fewer than ``MIN_SAMPLES`` new states (a checkbox has one), further fresh widgets add theirs.
Two kinds of control are timed at every press: one that brings the widget back where it was (Reset), and
one that shows something new at every press (a new sample). The median of the timed changes is reported,
with the 90th percentile. A button's time is that of its ``click()``: its callback, the redraw and the
encoding. A "play" button moves the step slider in the browser, so its time in the kernel is the step
slider's.

``python benchmarks/run.py widgets`` runs only these; ``WIDGETS=Newton1D,RDAExplorer`` (names, comma
separated) runs only the widgets named.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from contextlib import nullcontext

import numpy as np
from scipy import stats
from scipy.special import expit
from threadpoolctl import threadpool_limits

from _timing import report

#: One frame at 60 Hz.
TARGET_MS = 16


def _button(widget, description: str):
    """The button of ``widget`` labelled ``description``, found in its controls."""
    stack = [widget.ui]
    while stack:
        node = stack.pop()
        if getattr(node, "description", None) == description and hasattr(node, "click"):
            return node
        stack.extend(getattr(node, "children", ()))
    raise LookupError(f"{type(widget).__name__} has no button {description!r}")


def _setter(control, cast=float):
    return lambda value: setattr(control, "value", cast(value))


def _perceptron(w_star: bool):
    from lecture_utils.datasets import make_separable
    from lecture_utils.widgets import PerceptronStepper

    data = make_separable(40, 0.1, random_state=1)                 # notebook 01's data
    stepper = PerceptronStepper(data.X, data.y, w_star=data.w_star if w_star else None)
    n = stepper.trace.n_updates
    step, reset = _button(stepper, "Step"), _button(stepper, "Reset")
    return stepper, [
        ("update k (slider, play)", _setter(stepper.slider, int), np.tile(np.r_[1:n + 1, 0], 3)),
        ("Step", lambda k: step.click() if k else reset.click(), np.tile(np.r_[np.ones(n), 0], 3)),
        ("Reset (from update k)", lambda _: reset.click(), np.r_[1:n + 1], _setter(stepper.slider, int)),
    ]


def _perceptron_explorer():
    from lecture_utils.widgets import PerceptronExplorer

    explorer = PerceptronExplorer()                                   # notebook 01, section 8
    low, high, step = explorer.MARGINS
    margins = np.round(np.r_[low:high + step / 2:step], 2)
    rates = list(explorer.LEARNING_RATES)
    return explorer, [
        ("data margin", _setter(explorer.margin_slider), np.r_[margins, margins[::-1]]),
        ("order", _setter(explorer.order, str), ["shuffled", "fixed"] * 5),
        ("learning rate", _setter(explorer.learning_rate_slider), rates + rates[::-1]),
        ("update k (slider, play)", _setter(explorer.slider, int), np.r_[0:explorer.trace.n_updates + 1]),
    ]


def _entropy():
    from lecture_utils.widgets import EntropyExplorer

    explorer = EntropyExplorer(weights=[4, 2, 1, 1])
    sweep = np.round(np.r_[0.1:10.01:0.5, 9.9:0:-0.5], 1)
    controls = [(f"weight {j + 1}", _setter(slider), sweep) for j, slider in enumerate(explorer.sliders)]
    uniform, reset = _button(explorer, "Uniform"), _button(explorer, "Reset")
    controls += [("Uniform / Reset in turn", lambda k: (uniform if k % 2 else reset).click(), range(20))]
    return explorer, controls


def _kl():
    from lecture_utils.widgets import KLAsymmetryExplorer

    explorer = KLAsymmetryExplorer(separation=4.0)
    steps = np.arange(0.0, explorer.slider.max + 0.01, explorer.slider.step)
    return explorer, [("separation", _setter(explorer.slider), np.r_[steps, steps[::-1]])]


def _clt():
    from lecture_utils.widgets import CLTExplorer

    explorer = CLTExplorer(n=1)
    sources = [key for _, key in explorer.SOURCES] * 5
    return explorer, [("n draws (slider, play)", _setter(explorer.slider, int), np.r_[2:explorer.slider.max + 1, 1]),
                      ("source", _setter(explorer.source, str), sources)]


def _likelihood():
    from lecture_utils.widgets import LikelihoodExplorer

    explorer = LikelihoodExplorer(h=7, N=10)
    return explorer, [("tosses N", _setter(explorer.N_slider, int), np.r_[11:101:3, 99:9:-3]),
                      ("heads h", _setter(explorer.h_slider, int), np.r_[0:11, 9:-1:-1])]


def _gaussian_surface():
    from lecture_utils.widgets import GaussianLikelihoodExplorer

    explorer = GaussianLikelihoodExplorer(np.random.default_rng(23).normal(1.0, 2.0, size=20), mu=0.0, sigma2=8.0)
    mus = np.round(np.r_[-1.5:3.51:0.25, 3.25:-1.51:-0.25], 3)
    variances = np.round(np.r_[0.8:12.01:0.56, 11.44:0.79:-0.56], 3)
    return explorer, [("mu", _setter(explorer.mu_slider), mus), ("sigma^2", _setter(explorer.sigma2_slider), variances),
                      ("MLE", lambda k: _button(explorer, "MLE").click() if k % 2 else
                       setattr(explorer.mu_slider, "value", float(mus[k])), range(20))]


def _estimators():
    from lecture_utils import mle
    from lecture_utils.widgets import EstimatorExplorer

    estimators = {"sample mean (MLE)": lambda s: mle.gaussian_mle(s)[0],
                  "sample median": lambda s: np.median(s, axis=-1)}
    explorer = EstimatorExplorer(estimators, stats.norm(0, 1), true_value=0.0,
                                 sizes=[5, 10, 20, 50, 100, 200, 500, 1000], eps=0.1)
    sizes = [10, 20, 50, 100, 200, 500, 1000, 500, 200, 100, 50, 20, 10, 5] * 2
    eps = np.round(np.r_[explorer.eps_slider.min:explorer.eps_slider.max:explorer.eps_slider.step], 3)
    return explorer, [("sample size N", _setter(explorer.N_slider, int), sizes),
                      ("band eps", _setter(explorer.eps_slider), np.r_[eps[1:], eps[::-1]])]


def _hours():
    rng = np.random.default_rng(3)                                 # notebook 04's hours data
    hours = rng.uniform(0.5, 5.5, size=50)
    return hours, (rng.uniform(size=50) < expit(1.2 * (hours - 3))).astype(int)


def _learning_rate():
    from lecture_utils.widgets import LearningRateExplorer

    explorer = LearningRateExplorer(*_hours(), learning_rate=0.6, n_updates=150)
    rates = [rate for _, rate in explorer.learning_rate_slider.options]
    step, reset = _button(explorer, "Step"), _button(explorer, "Reset")
    return explorer, [
        ("step k (slider, play)", _setter(explorer.slider, int), np.r_[1:61, 0:150:10]),
        ("Step", lambda _: step.click(), range(30), lambda k: k or reset.click()),
        ("Reset (from step k)", lambda _: reset.click(), np.r_[10:151:10], _setter(explorer.slider, int)),
        ("learning rate", lambda eta: setattr(explorer.learning_rate_slider, "value", eta), rates + rates[::-1]),
        ("batch size", _setter(explorer.batch, int), [10, 1, 50] * 6),
        ("standardise x", _setter(explorer.standardize, bool), [True, False] * 8),
    ]


def _regularization():
    from lecture_utils import datasets
    from lecture_utils.widgets import RegularizationExplorer

    covariances = [[[1, 0], [0, 1]], [[0.3, 0.2], [0.2, 2]]]                 # notebook 04's plane
    plane = datasets.make_gaussian_classes([[0, 0], [1.5, 0.5]], covariances, n_per_class=30, random_state=59)
    explorer = RegularizationExplorer(plane.X[::2], plane.y[::2], plane.X[1::2], plane.y[1::2], degree=4, lam=0.001)
    lambdas = explorer.lambdas
    return explorer, [("penalty lambda", _setter(explorer.slider), np.r_[lambdas[1:], lambdas[::-1]]),
                      ("L1 / L2", _setter(explorer.penalty, str), ["l1", "l2"] * 8)]


def _newton_1d():
    from lecture_utils.widgets import Newton1D

    explorer = Newton1D("sqrt", x0=0.5)
    step, reset = _button(explorer, "Step"), _button(explorer, "Reset")
    names = [value for _, value in explorer.function_menu.options] if isinstance(
        explorer.function_menu.options[0], tuple) else list(explorer.function_menu.options)
    return explorer, [
        ("step k (slider)", _setter(explorer.slider, int), np.tile(np.r_[1:13, 0], 3)),
        ("Step / Reset", lambda k: (step if k else reset).click(), np.tile(np.r_[np.ones(12), 0], 3)),
        ("start x0", _setter(explorer.x0_slider), np.round(np.r_[np.linspace(-1.9, 1.9, 39)], 2)),
        ("damped (line search)", _setter(explorer.damping, bool), [True, False] * 8),
        ("function", _setter(explorer.function_menu, str), (names[1:] + names[:1]) * 5),
    ]


def _newton_stepper():
    from lecture_utils.logistic import LogisticLoss, learning_rate_bound
    from lecture_utils.widgets import NewtonStepper

    rng = np.random.default_rng(5)                                 # notebook 05's running example
    hours = rng.normal(3.0, 1.0, size=60)
    passed = (rng.uniform(size=60) < expit(1.5 * hours - 4.5)).astype(int)
    loss = LogisticLoss(hours[:, None], passed)
    explorer = NewtonStepper(loss, learning_rate_bound(loss.X[:, :1]) / 2, xlim=(-4, 6), ylim=(-12, 6))
    step, reset = _button(explorer, "Step"), _button(explorer, "Reset")
    sliders = explorer.start_sliders
    sweeps = [np.r_[np.linspace(s.min, s.max, 21)[1:], np.linspace(s.min, s.max, 21)[::-1]] for s in sliders]
    return explorer, [
        ("step k (slider)", _setter(explorer.slider, int), np.tile(np.r_[1:31, 0], 2)),
        ("Step / Reset", lambda k: (step if k else reset).click(), np.tile(np.r_[np.ones(10), 0], 3)),
        ("start w", _setter(sliders[0]), sweeps[0]),
        ("start b", _setter(sliders[1]), sweeps[1]),
        ("damped Newton", _setter(explorer.damping, bool), [True, False] * 8),
    ]


def _loss_matrix():
    from lecture_utils.widgets import LossMatrixExplorer

    explorer = LossMatrixExplorer(means=(0, 2), sigmas=(1, 1), miss_cost=50, false_alarm_cost=10)
    return explorer, [("miss cost", _setter(explorer.miss_slider, int), np.r_[51:101:4, 99:0:-4]),
                      ("false alarm cost", _setter(explorer.false_alarm_slider, int), np.r_[12:101:4, 99:0:-4]),
                      ("prior", _setter(explorer.prior_slider), np.round(np.r_[0.55:0.96:0.05, 0.9:0.04:-0.05], 2))]


def _gaussian_classes():
    from lecture_utils.widgets import GaussianClassesExplorer

    explorer = GaussianClassesExplorer(N=40)
    mean_sweep = np.round(np.r_[-1.0:3.01:0.2, 2.8:-3.01:-0.2], 1)
    spread_sweep = np.round(np.r_[1.1:2.51:0.1, 2.4:0.19:-0.1], 2)
    new_sample = _button(explorer, "new sample")
    return explorer, [
        ("class selected", _setter(explorer.class_selector, int), [1, 0] * 8),
        ("mean x1", _setter(explorer.mean_sliders[0]), mean_sweep),
        ("mean x2", _setter(explorer.mean_sliders[1]), mean_sweep),
        ("spread 1", _setter(explorer.spread_sliders[0]), spread_sweep),
        ("spread 2", _setter(explorer.spread_sliders[1]), spread_sweep),
        ("angle", _setter(explorer.angle_slider), np.r_[5:176:10, 170:-1:-10]),
        ("prior", _setter(explorer.prior_slider), np.round(np.r_[0.55:0.91:0.05, 0.85:0.09:-0.05], 2)),
        ("sample size N", _setter(explorer.N_slider, int), np.r_[50:401:20, 390:19:-20]),
        ("new sample", lambda _: new_sample.click(), range(12)),
    ]


def _rda():
    from lecture_utils import datasets
    from lecture_utils.discriminant import covariance_from_axes
    from lecture_utils.widgets import RDAExplorer

    means = np.array([[0.0, 1.2], [-1.3, -0.7], [1.3, -0.7]])             # notebook 06's data
    covariances = [covariance_from_axes(s, np.radians(a)) for s, a in [((1.4, 0.6), 10), ((0.8, 0.6), 100),
                                                                       ((1.3, 0.5), 50)]]
    small = datasets.make_gaussian_classes(means, covariances, 5, random_state=42)
    validation = datasets.make_gaussian_classes(means, covariances, 200, random_state=105)
    explorer = RDAExplorer(small.X, small.y, validation.X, validation.y)
    sweep = np.round(np.r_[0.05:1.001:0.05, 0.95:-0.001:-0.05], 2)
    buttons = [_button(explorer, name) for name in ("QDA", "best", "LDA")]
    return explorer, [("alpha", _setter(explorer.alpha_slider), sweep),
                      ("gamma", _setter(explorer.gamma_slider), sweep),
                      ("LDA / QDA / best buttons", lambda k: buttons[k % 3].click(), range(18))]


def _play_tennis():
    from lecture_utils.widgets import PlayTennisExplorer

    explorer = PlayTennisExplorer(day=("Sunny", "Cool", "High", "Strong"), alpha=0.0)   # notebook 07's query
    controls = []
    for dropdown in explorer.dropdowns:
        options = list(dropdown.options)
        start = options.index(dropdown.value)
        cycle = (options[start + 1:] + options[:start + 1]) * (12 // len(options) + 1)
        controls.append((dropdown.description, _setter(dropdown, str), cycle))
    alphas = np.round(np.r_[0.1:5.01:0.2, 4.9:-0.01:-0.2], 1)
    reset = _button(explorer, "Reset")
    controls += [("smoothing alpha", _setter(explorer.alpha_slider), alphas),
                 ("Reset (from another alpha)", lambda _: reset.click(), alphas[:12], _setter(explorer.alpha_slider))]
    return explorer, controls


def _correlation():
    from lecture_utils.widgets import CorrelationExplorer

    explorer = CorrelationExplorer(rho=0.0)
    rhos = np.round(np.r_[0.05:0.951:0.05, 0.9:-0.01:-0.05], 2)
    return explorer, [("correlation rho", _setter(explorer.rho_slider), rhos)]


#: Each widget of the course, in the notebooks' order: (name, notebook, its factory).
WIDGETS = [
    ("PerceptronStepper", "01", lambda: _perceptron(False)),
    ("PerceptronStepper with proof panels", "01", lambda: _perceptron(True)),
    ("PerceptronExplorer", "01", _perceptron_explorer),
    ("EntropyExplorer", "02", _entropy),
    ("KLAsymmetryExplorer", "02", _kl),
    ("CLTExplorer", "02", _clt),
    ("LikelihoodExplorer", "03", _likelihood),
    ("GaussianLikelihoodExplorer", "03", _gaussian_surface),
    ("EstimatorExplorer", "03", _estimators),
    ("LearningRateExplorer", "04", _learning_rate),
    ("RegularizationExplorer", "04", _regularization),
    ("Newton1D", "05", _newton_1d),
    ("NewtonStepper", "05", _newton_stepper),
    ("LossMatrixExplorer", "06", _loss_matrix),
    ("GaussianClassesExplorer", "06", _gaussian_classes),
    ("RDAExplorer", "06", _rda),
    ("PlayTennisExplorer", "07", _play_tennis),
    ("CorrelationExplorer", "07", _correlation),
]


def _chosen() -> list:
    names = [name for name in os.environ.get("WIDGETS", "").split(",") if name]
    return [entry for entry in WIDGETS if not names or entry[0].split()[0] in names or entry[0] in names]


def median_change_ms(change, values, prepare=None) -> tuple[float, float]:
    """Median wall-clock and CPU times (ms, the CPU of all the process's threads) of ``change(value)`` over the
    values; ``prepare(value)``, if given, runs before each, untimed (a reset timed from where the student left
    the widget). On a busy machine the CPU time is the steadier measure of the work."""
    wall, cpu = [], []
    for value in values:
        if prepare is not None:
            prepare(value)
        start, start_cpu = time.perf_counter(), time.process_time()
        change(value)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return 1e3 * statistics.median(wall), 1e3 * statistics.median(cpu)


#: Timed changes to gather for a control, from as many fresh widgets as it takes (at most MAX_WIDGETS).
MIN_SAMPLES, MAX_WIDGETS = 10, 6
#: Controls timed at every press: Reset brings the widget back where it was; a new sample is new every time.
TIMED_AT_EVERY_PRESS = ("Reset", "new sample")


def state_of(widget) -> tuple:
    """What the widget shows, as far as its controls say: the value of each control in its ``ui``."""
    import ipywidgets

    values, stack = [], [widget.ui]
    while stack:
        node = stack.pop()
        if isinstance(node, ipywidgets.ValueWidget) and not isinstance(
                node, (ipywidgets.widgets.widget_string._String, ipywidgets.widgets.widget_media._Media)):
            values.append(repr(node.value))
        stack.extend(getattr(node, "children", ()))
    return tuple(values)


def unseen_change_ms(factory, index: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU times (ms) of the changes of control ``index`` that bring a widget to a state it has
    not shown, each widget fresh from ``factory`` (see the module's docstring)."""
    wall, cpu = [], []
    for _ in range(MAX_WIDGETS):
        widget, controls = factory()
        label, change, values, *prepare = controls[index]
        every_press = label.startswith(TIMED_AT_EVERY_PRESS)
        seen = {state_of(widget)}
        for value in values:
            if prepare:
                prepare[0](value)
                seen.add(state_of(widget))
            start, start_cpu = time.perf_counter(), time.process_time()
            change(value)
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            state = state_of(widget)
            if every_press or state not in seen:
                wall.append(1e3 * elapsed)
                cpu.append(1e3 * elapsed_cpu)
            seen.add(state)
        if len(wall) >= MIN_SAMPLES:
            break
    return wall, cpu


def _blas_threads() -> int:
    from lecture_utils._parallel import blas_threads
    return blas_threads()


def bench_import() -> None:
    print("import lecture_utils.widgets in a fresh interpreter (median of 5), against matplotlib + ipywidgets:")
    code = "import time; s = time.perf_counter(); import {}; print(time.perf_counter() - s)"
    times = {}
    for _ in range(5):
        for what in ("lecture_utils.widgets", "matplotlib.figure, matplotlib.backends.backend_agg, ipywidgets"):
            out = subprocess.run([sys.executable, "-c", code.format(what)], capture_output=True, text=True, check=True)
            times.setdefault(what, []).append(1e3 * float(out.stdout))
    ours, peer = (float(np.median(values)) for values in times.values())
    report("import lecture_utils.widgets", ours, 2 * peer, f"matplotlib + ipywidgets {peer:.0f} ms, "
                                                           f"ratio {ours / peer:.2f}")


def bench_every_control() -> None:
    from lecture_utils import plotting

    plotting.use_house_style()
    print(f"every control of every widget, its change to new PNG bytes in the kernel, through values the widget "
          f"has not seen (median, and 90th percentile; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the start):")
    for name, notebook, factory in _chosen():
        limits = threadpool_limits(1) if notebook == "04" else nullcontext()     # as notebook 04 sets it
        with limits:
            _, controls = factory()
            print(f" {name} (notebook {notebook}, BLAS threads {_blas_threads()}):")
            for index, (label, *_) in enumerate(controls):
                wall, cpu = unseen_change_ms(factory, index)
                report(f"  {label}", statistics.median(wall), TARGET_MS,
                       f"(90th percentile {np.percentile(wall, 90):.1f} ms, CPU {statistics.median(cpu):.1f} ms, "
                       f"{len(wall)} changes)")


def bench_construction() -> None:
    print("widgets that compute a grid of fits when built (median of 3, target < 1 s):")
    for name, notebook, factory in _chosen():
        if name in ("KLAsymmetryExplorer", "RDAExplorer", "RegularizationExplorer"):
            with threadpool_limits(1) if notebook == "04" else nullcontext():
                wall, cpu = median_change_ms(lambda _: factory(), range(3))
            report(f"{name}, built", wall, 1000, f"(CPU {cpu:.0f} ms)")


BENCHMARKS = [bench_import, bench_every_control, bench_construction]
