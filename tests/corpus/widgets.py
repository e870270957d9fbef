"""Bad and extreme calls of lecture_utils.widgets: constructors check their arguments, setters their values.

A slider would clamp an out-of-range value silently, or take nan; the
widgets' setters and constructors refuse such values with the argument's
name (one shared check, ``widgets._base.on_slider``). Sizes that would take
minutes or gigabytes are refused with a message. Each widget is also built
once from valid arguments, and what it shows is compared with a hand
computation. Widgets are built lazily and shared by the cases that only
call a setter with a refused value (a refused value changes nothing).
"""

import functools

import numpy as np
from scipy.special import expit
from scipy.stats import entropy as scipy_entropy
from matplotlib.lines import Line2D

from lecture_utils import widgets as W
from lecture_utils.datasets import make_gaussian_classes, make_separable
from lecture_utils.logistic import LogisticLoss
from lecture_utils.widgets import decision as WDE
from lecture_utils.widgets import discriminant as WD
from lecture_utils.widgets import information as WI
from lecture_utils.widgets import logistic as WL
from lecture_utils.widgets import mle as WM
from lecture_utils.widgets import naive_bayes as WN
from lecture_utils.widgets import newton as WT
from lecture_utils.widgets import perceptron as WP

from . import answers, bad_seeds, case, close, equal, refuses, satisfies

RNG = np.random.default_rng(3)
HOURS = RNG.uniform(0.5, 5.5, size=50)
PASSED = (RNG.uniform(size=50) < expit(1.2 * (HOURS - 3))).astype(int)
PLANE = make_gaussian_classes([[0, 0], [1.5, 0.5]], [[[1, 0], [0, 1]], [[0.3, 0.2], [0.2, 2]]], n_per_class=30,
                              random_state=2)
SPLIT = (PLANE.X[::2], PLANE.y[::2], PLANE.X[1::2], PLANE.y[1::2])
SEPARABLE = make_separable(12, margin=0.2, random_state=1)


def _draw(rng, size):
    return rng.normal(0.0, 1.0, size)


ESTIMATORS = {"mean": lambda s: s.mean(axis=-1), "median": lambda s: np.median(s, axis=-1)}

#: How to build each widget from valid (small, fast) arguments.
MAKE = {
    "decision.LossMatrixExplorer": lambda **kw: WDE.LossMatrixExplorer(**{"n_grid": 201, **kw}),
    "discriminant.GaussianClassesExplorer": lambda **kw: WD.GaussianClassesExplorer(
        **{"resolution": 30, "n_test": 200, **kw}),
    "discriminant.RDAExplorer": lambda **kw: WD.RDAExplorer(**{**dict(zip(("X_train", "t_train", "X_val", "t_val"),
                                                                          SPLIT)), "step": 0.25, "resolution": 30,
                                                               **kw}),
    "information.EntropyExplorer": lambda **kw: WI.EntropyExplorer(**kw),
    "information.KLAsymmetryExplorer": lambda **kw: WI.KLAsymmetryExplorer(**{"n_points": 201, **kw}),
    "information.CLTExplorer": lambda **kw: WI.CLTExplorer(**{"n_max": 10, "n_repeats": 500, **kw}),
    "logistic.LearningRateExplorer": lambda **kw: WL.LearningRateExplorer(HOURS, PASSED, **{"learning_rate": 0.3,
                                                                                            "n_updates": 20, **kw}),
    "logistic.RegularizationExplorer": lambda **kw: WL.RegularizationExplorer(
        *SPLIT, **{"degree": 2, "lambdas": np.logspace(-3, 0, 4), **kw}),
    "mle.LikelihoodExplorer": lambda **kw: WM.LikelihoodExplorer(**kw),
    "mle.GaussianLikelihoodExplorer": lambda **kw: WM.GaussianLikelihoodExplorer(
        **{"x": np.random.default_rng(23).normal(1.0, 2.0, size=20), **kw}),
    "mle.EstimatorExplorer": lambda **kw: WM.EstimatorExplorer(**{"estimators": ESTIMATORS, "distribution": _draw,
                                                                  "true_value": 0.0, "sizes": [5, 20],
                                                                  "n_repeats": 200, "random_state": 3, **kw}),
    "naive_bayes.PlayTennisExplorer": lambda **kw: WN.PlayTennisExplorer(**kw),
    "naive_bayes.CorrelationExplorer": lambda **kw: WN.CorrelationExplorer(**{"n_train": 200, "n_test": 200,
                                                                              "resolution": 20, **kw}),
    "newton.Newton1D": lambda **kw: WT.Newton1D(**kw),
    "newton.NewtonStepper": lambda **kw: WT.NewtonStepper(**{"objective": LogisticLoss(HOURS[:, None], PASSED),
                                                             "learning_rate": 0.4, "resolution": 30, **kw}),
    "perceptron.PerceptronStepper": lambda **kw: WP.PerceptronStepper(SEPARABLE.X, SEPARABLE.y, **kw),
    "perceptron.PerceptronExplorer": lambda **kw: WP.PerceptronExplorer(**kw),
}


@functools.cache
def _shared(name):
    return MAKE[name]()


def _target(name):
    return f"widgets.{name}"


def _refused(name, kind, argument, value, names=None):
    """Building widget ``name`` with ``argument=value`` is refused, naming ``names`` (the argument by default)."""
    return case(_target(name), kind, lambda: MAKE[name](**{argument: value}), refuses(names or argument))


def _moved_explorer():
    explorer = MAKE["perceptron.PerceptronExplorer"]()
    explorer.margin_slider.value, explorer.order.value, explorer.learning_rate_slider.value = 0.3, "shuffled", 100.0
    return explorer


def _status_without(*words):
    return satisfies(lambda widget: all(word not in widget.status for word in words), f"a status without {words}")


VALID = [
    case(_target("decision.LossMatrixExplorer"), "costs at the ends of their sliders",
         lambda: MAKE["decision.LossMatrixExplorer"](miss_cost=100, false_alarm_cost=1, prior=0.95),
         answers(satisfies(lambda w: np.array_equal(w.loss_matrix, [[0, 100], [1, 0]]), "L = [[0, 100], [1, 0]]"))),
    case(_target("discriminant.GaussianClassesExplorer"), "three classes",
         lambda: MAKE["discriminant.GaussianClassesExplorer"](means=[[-1, 0], [1, 0], [0, 1.5]],
                                                               spreads=[[1, 1]] * 3, angles=[0, 0, 0]),
         answers(satisfies(lambda w: w.n_classes == 3 and np.allclose(w.priors, 1 / 3), "three equal priors"))),
    case(_target("discriminant.RDAExplorer"), "the grid of alpha and gamma",
         lambda: MAKE["discriminant.RDAExplorer"](),
         answers(satisfies(lambda w: np.allclose(w.alphas, [0, 0.25, 0.5, 0.75, 1]), "steps of 0.25"))),
    case(_target("information.EntropyExplorer"), "weights (4, 2, 1, 1): 1.75 bits",
         lambda: MAKE["information.EntropyExplorer"](weights=(4, 2, 1, 1)).entropy(),
         answers(close(1.75, rtol=1e-15))),
    case(_target("information.KLAsymmetryExplorer"), "separation 0: both fits are the target",
         lambda: MAKE["information.KLAsymmetryExplorer"](separation=0.0),
         answers(_status_without("nan", "inf"))),
    case(_target("information.CLTExplorer"), "n = n_max", lambda: MAKE["information.CLTExplorer"](n=10),
         answers(satisfies(lambda w: w.n == 10, "n = 10"))),
    case(_target("logistic.LearningRateExplorer"), "the first step from zero",
         lambda: MAKE["logistic.LearningRateExplorer"](k=0),
         answers(satisfies(lambda w: np.array_equal(w.weights, [0.0, 0.0]), "w_0 = 0"))),
    case(_target("logistic.RegularizationExplorer"), "the middle penalty",
         lambda: MAKE["logistic.RegularizationExplorer"](),
         answers(satisfies(lambda w: w.lam in w.lambdas, "a penalty of the grid"))),
    case(_target("mle.LikelihoodExplorer"), "N = N_max = 1000, h = 0 (a valid large sample)",
         lambda: MAKE["mle.LikelihoodExplorer"](h=0, N=1000, N_max=1000),
         answers(satisfies(lambda w: w.phi_hat == 0.0 and "area = 0," not in w.status,
                           "phi_hat = 0 and an area that is not 0"))),
    case(_target("mle.EstimatorExplorer"), "two sizes", lambda: MAKE["mle.EstimatorExplorer"](),
         answers(satisfies(lambda w: w.N == 5, "the first size"))),
    case(_target("naive_bayes.PlayTennisExplorer"), "a rainy day with smoothing 5 (the largest)",
         lambda: MAKE["naive_bayes.PlayTennisExplorer"](day=("Rain", "Cool", "High", "Strong"), alpha=5.0),
         answers(satisfies(lambda w: np.isclose(w.posterior.sum(), 1.0), "a posterior"))),
    case(_target("naive_bayes.CorrelationExplorer"), "rho = 0.95, the largest",
         lambda: MAKE["naive_bayes.CorrelationExplorer"](rho=0.95),
         answers(satisfies(lambda w: np.allclose(w.covariance, [[1, 0.95], [0.95, 1]]), "the covariance"))),
    case(_target("newton.Newton1D"), "the double well from x0 = 1", lambda: MAKE["newton.Newton1D"](
        function="double_well", x0=1.0), answers(_status_without("nan", "inf"))),
    case(_target("newton.NewtonStepper"), "from the origin", lambda: MAKE["newton.NewtonStepper"](),
         answers(_status_without("nan", "inf"))),
    case(_target("perceptron.PerceptronStepper"), "every update shown",
         lambda: MAKE["perceptron.PerceptronStepper"](k=0), answers(satisfies(lambda w: w.k == 0, "k = 0"))),
]

REFUSED = [
    # notebook 06
    _refused("decision.LossMatrixExplorer", "miss_cost above max_cost", "miss_cost", 1000),
    _refused("decision.LossMatrixExplorer", "prior nan", "prior", np.nan),
    _refused("decision.LossMatrixExplorer", "sigmas of 0", "sigmas", (0.0, 1.0)),
    _refused("decision.LossMatrixExplorer", "n_grid 0", "n_grid", 0),
    case(_target("decision.LossMatrixExplorer.set_costs"), "miss beyond its slider",
         lambda: _shared("decision.LossMatrixExplorer").set_costs(miss=1000), refuses("miss")),
    case(_target("decision.LossMatrixExplorer.set_costs"), "prior nan",
         lambda: _shared("decision.LossMatrixExplorer").set_costs(prior=np.nan), refuses("prior")),
    case(_target("decision.LossMatrixExplorer.set_costs"), "false_alarm 2.5 on an integer slider",
         lambda: _shared("decision.LossMatrixExplorer").set_costs(false_alarm=2.5), refuses("false_alarm")),
    _refused("discriminant.GaussianClassesExplorer", "means as text", "means", "abc"),
    _refused("discriminant.GaussianClassesExplorer", "four classes", "means", np.zeros((4, 2))),
    _refused("discriminant.GaussianClassesExplorer", "spreads with nan", "spreads", [[1, np.nan], [1, 1]]),
    _refused("discriminant.GaussianClassesExplorer", "resolution 10**6: 10**12 pixels", "resolution", 10 ** 6),
    _refused("discriminant.GaussianClassesExplorer", "n_test 10**10", "n_test", 10 ** 10),
    _refused("discriminant.GaussianClassesExplorer", "limits reversed", "limits", (4.5, -4.5)),
    *bad_seeds(_target("discriminant.GaussianClassesExplorer"),
               lambda value: MAKE["discriminant.GaussianClassesExplorer"](random_state=value)),
    case(_target("discriminant.GaussianClassesExplorer.set_class"), "class 5 of 2",
         lambda: _shared("discriminant.GaussianClassesExplorer").set_class(5), refuses("k")),
    case(_target("discriminant.GaussianClassesExplorer.set_class"), "a mean beyond its slider",
         lambda: _shared("discriminant.GaussianClassesExplorer").set_class(0, mean=(1e300, 0.0)), refuses("mean")),
    case(_target("discriminant.GaussianClassesExplorer.set_class"), "an angle nan",
         lambda: _shared("discriminant.GaussianClassesExplorer").set_class(0, angle=np.nan), refuses("angle")),
    case(_target("discriminant.GaussianClassesExplorer.set_class"), "spreads as text",
         lambda: _shared("discriminant.GaussianClassesExplorer").set_class(0, spreads="ab"), refuses("spreads")),
    _refused("discriminant.RDAExplorer", "nan in X_train", "X_train", np.full((30, 2), np.nan)),
    _refused("discriminant.RDAExplorer", "t_train one label short", "t_train", SPLIT[1][:-1]),
    _refused("discriminant.RDAExplorer", "step 0.3 does not divide 1", "step", 0.3),
    _refused("discriminant.RDAExplorer", "step 0", "step", 0.0),
    _refused("discriminant.RDAExplorer", "alpha 2", "alpha", 2.0),
    case(_target("discriminant.RDAExplorer.set_point"), "alpha beyond [0, 1]",
         lambda: _shared("discriminant.RDAExplorer").set_point(1.5, 0.0), refuses("alpha")),
    case(_target("discriminant.RDAExplorer.set_point"), "gamma nan",
         lambda: _shared("discriminant.RDAExplorer").set_point(0.0, np.nan), refuses("gamma")),
    # notebook 02
    _refused("information.EntropyExplorer", "a weight above max_weight", "weights", (20, 1)),
    _refused("information.EntropyExplorer", "nan in weights", "weights", (np.nan, 1)),
    _refused("information.EntropyExplorer", "labels for fewer outcomes", "labels", ["a"]),
    case(_target("information.EntropyExplorer.set_weights"), "a weight beyond its slider",
         lambda: _shared("information.EntropyExplorer").set_weights([100, 1, 1, 1]), refuses("weights")),
    case(_target("information.EntropyExplorer.set_weights"), "nan",
         lambda: _shared("information.EntropyExplorer").set_weights([np.nan, 1, 1, 1]), refuses("weights")),
    case(_target("information.EntropyExplorer.set_weights"), "three weights for four outcomes",
         lambda: _shared("information.EntropyExplorer").set_weights([1, 1, 1]), refuses("weights")),
    case(_target("information.EntropyExplorer.entropy"), "in nats",
         lambda: MAKE["information.EntropyExplorer"](weights=(1, 1, 0.5, 0.5)).entropy(np.e),
         answers(close(scipy_entropy([1, 1, 0.5, 0.5]), rtol=1e-14))),
    case(_target("information.EntropyExplorer.entropy"), "base 1", lambda: _shared("information.EntropyExplorer")
         .entropy(1), refuses("base")),
    _refused("information.KLAsymmetryExplorer", "n_points 10**7 (it hung)", "n_points", 10 ** 7),
    _refused("information.KLAsymmetryExplorer", "separation beyond its slider", "separation", 100.0),
    _refused("information.KLAsymmetryExplorer", "sigma 0", "sigma", 0.0),
    _refused("information.KLAsymmetryExplorer", "weights that do not sum to 1", "weights", (0.5, 0.6)),
    _refused("information.CLTExplorer", "a misspelled distribution", "distribution", "exponentail"),
    _refused("information.CLTExplorer", "n beyond n_max", "n", 11),
    _refused("information.CLTExplorer", "n_repeats 10**12", "n_repeats", 10 ** 12),
    # notebook 03
    _refused("mle.LikelihoodExplorer", "h above N", "h", 11, names="h"),
    _refused("mle.LikelihoodExplorer", "grid_points 10**9", "grid_points", 10 ** 9),
    case(_target("mle.LikelihoodExplorer.set_counts"), "N beyond N_max",
         lambda: _shared("mle.LikelihoodExplorer").set_counts(5, 1000), refuses("N")),
    case(_target("mle.LikelihoodExplorer.set_counts"), "h nan",
         lambda: _shared("mle.LikelihoodExplorer").set_counts(np.nan, 10), refuses("h")),
    _refused("mle.EstimatorExplorer", "estimators a list", "estimators", [np.mean]),
    _refused("mle.EstimatorExplorer", "decreasing sizes", "sizes", [20, 5]),
    _refused("mle.EstimatorExplorer", "eps 0", "eps", 0.0),
    # notebooks 04, 05, 07
    _refused("logistic.LearningRateExplorer", "a learning rate not on the slider", "learning_rate", 0.31),
    _refused("logistic.LearningRateExplorer", "k beyond n_updates", "k", 21),
    _refused("logistic.LearningRateExplorer", "minibatch 1", "minibatch", 1),
    _refused("logistic.RegularizationExplorer", "lam not among the lambdas", "lam", 0.5),
    *[_refused("logistic.RegularizationExplorer", f"penalty {value!r} (ipywidgets' TraitError, issue 35)", "penalty",
               value) for value in ("l3", None, "L2")],
    _refused("information.EntropyExplorer", "labels a number (Python's 'not iterable')", "labels", 3),
    _refused("mle.EstimatorExplorer", "sizes a number (Python's 'not iterable')", "sizes", 5),
    _refused("mle.EstimatorExplorer", "true_value as text (Python's float())", "true_value", "abc"),
    _refused("mle.EstimatorExplorer", "true_value 1e300: errors beyond float64, named", "true_value", 1e300),
    _refused("logistic.RegularizationExplorer", "one lambda", "lambdas", [0.1]),
    _refused("logistic.RegularizationExplorer", "degree 0", "degree", 0),
    case(_target("logistic.RegularizationExplorer.decision_function"), "one input instead of two",
         lambda: _shared("logistic.RegularizationExplorer").decision_function(np.zeros((3, 1))), refuses("X")),
    case(_target("logistic.RegularizationExplorer.decision_function"), "nan in X",
         lambda: _shared("logistic.RegularizationExplorer").decision_function(np.full((3, 2), np.nan)),
         refuses("X")),
    _refused("naive_bayes.PlayTennisExplorer", "a day of three values", "day", ("Sunny", "Hot", "High")),
    _refused("naive_bayes.PlayTennisExplorer", "alpha beyond its slider", "alpha", 50.0),
    case(_target("naive_bayes.PlayTennisExplorer.set_day"), "a misspelled outlook",
         lambda: _shared("naive_bayes.PlayTennisExplorer").set_day(("Suny", "Hot", "High", "Weak")), refuses("day")),
    case(_target("naive_bayes.PlayTennisExplorer.set_day"), "alpha nan",
         lambda: _shared("naive_bayes.PlayTennisExplorer").set_day(("Sunny", "Hot", "High", "Weak"), alpha=np.nan),
         refuses("alpha")),
    _refused("naive_bayes.CorrelationExplorer", "rho above 0.95", "rho", 0.99),
    _refused("naive_bayes.CorrelationExplorer", "n_train 10**10", "n_train", 10 ** 10),
    *bad_seeds(_target("naive_bayes.CorrelationExplorer"),
               lambda value: MAKE["naive_bayes.CorrelationExplorer"](random_state=value)),
    case(_target("naive_bayes.CorrelationExplorer.sample"), "a misspelled sample",
         lambda: _shared("naive_bayes.CorrelationExplorer").sample("validation"), refuses("which")),
    case(_target("naive_bayes.CorrelationExplorer.sample"), "the test sample has the class means",
         lambda: _shared("naive_bayes.CorrelationExplorer").sample("test"),
         answers(satisfies(lambda Xt: np.allclose([Xt[0][Xt[1] == k].mean(axis=0) for k in (0, 1)],
                                                  [(-0.8, -0.6), (0.8, 0.6)], atol=0.25), "near the means"))),
    _refused("newton.Newton1D", "a misspelled function", "function", "sqr"),
    _refused("newton.Newton1D", "x0 outside xlim", "x0", 3.0),
    _refused("newton.Newton1D", "k beyond max_steps", "k", 13),
    _refused("newton.NewtonStepper", "learning_rate 0", "learning_rate", 0.0),
    _refused("newton.NewtonStepper", "start outside the view", "start", (100.0, 0.0)),
    _refused("newton.NewtonStepper", "an objective of three weights", "objective",
             LogisticLoss(np.c_[HOURS, HOURS], PASSED)),
    case(_target("newton.NewtonStepper.set_start"), "w1 beyond its slider",
         lambda: _shared("newton.NewtonStepper").set_start(100.0, 0.0), refuses("w1")),
    case(_target("newton.NewtonStepper.set_start"), "w2 nan",
         lambda: _shared("newton.NewtonStepper").set_start(0.0, np.nan), refuses("w2")),
    # issue 20: flags, counts and sizes of the Newton widgets (items 8, 12, 13), a maximum (4), no minimum (5)
    *[case(_target(name), f"{argument}={value!r}",
           lambda name=name, argument=argument, value=value: MAKE[name](**{argument: value}),
           refuses(argument, not_names=("max_iter", "resolution") if argument == "max_steps" else ()))
      for name in ("newton.Newton1D", "newton.NewtonStepper")
      for argument, value in (("line_search", "no"), ("line_search", "False"), ("max_steps", 10 ** 12),
                              ("max_steps", 2.5), ("k", 2.5), ("xlim", (-2.0, 0.0, 2.0)))],
    _refused("newton.Newton1D", "x0 of two numbers", "x0", [0.1, 0.2]),
    _refused("newton.NewtonStepper", "resolution 10**4: 1e8 losses, half an hour", "resolution", 10 ** 4),
    _refused("newton.NewtonStepper", "names as one string", "names", "wb"),
    _refused("newton.NewtonStepper", "names a number", "names", 5),
    _refused("newton.NewtonStepper", "objective a plain function", "objective", lambda w: 0.0),
    _refused("newton.NewtonStepper", "ylim reversed", "ylim", (6.0, -12.0)),
    case(_target("newton.Newton1D"), "the double well from 0.3: the maximum reached is said to be one",
         lambda: MAKE["newton.Newton1D"](function="double_well", x0=0.3, k=12),
         answers(_status_without("converged"))),
    case(_target("newton.NewtonStepper"), "separable data: no star, no minimum claimed",
         lambda: MAKE["newton.NewtonStepper"](objective=LogisticLoss([[0.5], [1.0], [4.0], [5.0]], [0, 0, 1, 1]),
                                               k=30),
         answers(satisfies(lambda w: w.optimum is None and "no minimum" in w.status and "converged" not in w.status
                           and not any(line.get_marker() == "*" for line in w.ax_surface.lines),
                           "no star and a status that says so"))),
    case(_target("newton.NewtonStepper"), "a minimum outside the box: named, not drawn",
         lambda: MAKE["newton.NewtonStepper"](xlim=(-1.0, 0.5), ylim=(-1.0, 1.0)),
         answers(satisfies(lambda w: not w.optimum_shown and "outside the view" in w.ax_errors.get_title()
                           and not any(line.get_marker() == "*" for line in w.ax_surface.lines),
                           "the minimum named in the title, no star"))),
    # issue 20: what a control cannot show is refused at construction (item 6), sizes before allocating (8),
    # text where flags and numbers belong (12), messages in the widget's own words (13)
    _refused("discriminant.GaussianClassesExplorer", "a mean beyond its slider (it moved silently)", "means",
             ((5, 0), (-1.2, 0.6))),
    _refused("discriminant.GaussianClassesExplorer", "N_max 10**12: terabytes", "N_max", 10 ** 12),
    _refused("decision.LossMatrixExplorer", "n_grid 10**12: terabytes", "n_grid", 10 ** 12),
    case(_target("decision.LossMatrixExplorer"), "n_grid 1: named, not the grid's x",
         lambda: MAKE["decision.LossMatrixExplorer"](n_grid=1), refuses("n_grid", not_names="x must")),
    _refused("discriminant.RDAExplorer", "step 1e-6: a million grid points", "step", 1e-6),
    _refused("logistic.LearningRateExplorer", "standardize as text", "standardize", "no"),
    _refused("logistic.LearningRateExplorer", "k of 2.5 steps", "k", 2.5),
    _refused("logistic.LearningRateExplorer", "k as True", "k", True),
    case(_target("logistic.RegularizationExplorer"), "lam as text: named, not numpy's DTypePromotionError",
         lambda: MAKE["logistic.RegularizationExplorer"](lam="abc"), refuses("lam", not_names="DType")),
    _refused("naive_bayes.PlayTennisExplorer", "alpha as True", "alpha", True),
    # notebook 01
    _refused("perceptron.PerceptronStepper", "k beyond the updates", "k", 10 ** 6),
    _refused("perceptron.PerceptronStepper", "max_epochs 0", "max_epochs", 0),
    *bad_seeds(_target("perceptron.PerceptronStepper"),
               lambda value: MAKE["perceptron.PerceptronStepper"](shuffle=True, random_state=value)),
    # issue 36: the explorer's controls take only what their sliders and buttons can show
    *[_refused("mle.GaussianLikelihoodExplorer", f"x {kind}", "x", value)
      for kind, value in (("of one value", [1.0]), ("constant", [2.0, 2.0]), ("with nan", [1.0, np.nan]),
                          ("text", "abc"), ("2-D", [[1.0, 2.0]]))],
    *[_refused("mle.GaussianLikelihoodExplorer", f"mu {value!r}", "mu", value) for value in (10.0, np.nan, "0")],
    *[_refused("mle.GaussianLikelihoodExplorer", f"sigma2 {value!r}", "sigma2", value) for value in (0.1, 50.0, None)],
    _refused("mle.GaussianLikelihoodExplorer", "sigma2_range from 0", "sigma2_range", (0.0, 12.0)),
    _refused("mle.GaussianLikelihoodExplorer", "mu_range missing the MLE", "mu_range", (5.0, 6.0)),
    _refused("mle.GaussianLikelihoodExplorer", "mu_range reversed", "mu_range", (3.5, -1.5)),
    *[_refused("perceptron.PerceptronExplorer", f"margin {value!r}", "margin", value)
      for value in (0.0, 0.5, 0.13, np.nan, "0.1", True)],
    *[_refused("perceptron.PerceptronExplorer", f"learning_rate {value!r}", "learning_rate", value)
      for value in (0.0, -1.0, 3.0, np.inf, "1", None)],
    _refused("perceptron.PerceptronExplorer", "order 'random'", "order", "random"),
    _refused("perceptron.PerceptronExplorer", "n_samples 1", "n_samples", 1),
    _refused("perceptron.PerceptronExplorer", "n_samples 10**9: gigabytes", "n_samples", 10 ** 9),
    *bad_seeds(_target("perceptron.PerceptronExplorer"), lambda value: MAKE["perceptron.PerceptronExplorer"](
        order="shuffled", random_state=value)),
    case(_target("perceptron.PerceptronExplorer"), "every control moved, the run shown to its end",
         lambda: _moved_explorer(), answers(satisfies(
             lambda w: w.k == w.trace.n_updates and "η = 100" in w.status and "shuffled" in w.status,
             "the last update of the new run, named in the status"))),
    # issue 35: a seed the widget cannot use (refused at once, not at the first minibatch run), validation labels
    # that the training labels lack, a slider's largest value of 0, nan or beyond what can be computed
    *bad_seeds(_target("logistic.LearningRateExplorer"),
               lambda value: MAKE["logistic.LearningRateExplorer"](random_state=value)),
    *[case(_target("logistic.RegularizationExplorer"), kind, lambda t_val=t_val: WL.RegularizationExplorer(
        *SPLIT[:3], t_val, degree=2, lambdas=np.logspace(-3, 0, 4)), refuses("t_val"))
      for kind, t_val in (("t_val of other labels (1 and 2 for 0 and 1)", SPLIT[3] + 1),
                          ("t_val of one class", np.zeros_like(SPLIT[3])))],
    _refused("discriminant.RDAExplorer", "t_val of labels t_train lacks", "t_val", np.where(SPLIT[3] == 0, "a", "b")),
    *[_refused("information.EntropyExplorer", f"max_weight {value!r}", "max_weight", value)
      for value in (0.0, -1.0, np.nan, np.inf, "10", None, True)],
    *[_refused("information.KLAsymmetryExplorer", f"max_separation {value!r}", "max_separation", value)
      for value in (0.0, np.nan, np.inf, "8", 1e300)],
    _refused("information.KLAsymmetryExplorer", "sigma 1e307: a view to 5e307 (a bare OverflowError)", "sigma", 1e307),
    _refused("newton.Newton1D", "xlim to 5e307: beyond what matplotlib lays out", "xlim", (-5e307, 5e307)),
    _refused("newton.Newton1D", "xlim wider than float64 holds", "xlim", (-1e308, 1e308)),
    _refused("newton.NewtonStepper", "ylim to 1e307", "ylim", (-1e307, 1e307)),
    _refused("discriminant.GaussianClassesExplorer", "limits to 1e307", "limits", (-1e307, 1e307)),
    case(_target("logistic.LearningRateExplorer"), "x near 1e300: named x, not the loss's X",
         lambda: WL.LearningRateExplorer(HOURS * 1e300, PASSED, learning_rate=0.3, n_updates=20), refuses("x")),
    case(_target("information.KLAsymmetryExplorer"), "max_separation 100: the most positions, each fitted",
         lambda: MAKE["information.KLAsymmetryExplorer"](max_separation=100.0, n_points=101),
         answers(satisfies(lambda widget: widget.slider.max == 100.0, "a slider up to 100"))),
]


class _Dot(W.FigureWidget):
    """The smallest widget: one dot moved by a slider (to drive the base class as a widget author does)."""

    def __init__(self, figsize=(2.0, 2.0)):
        import ipywidgets
        self.slider = ipywidgets.FloatSlider(0.5, min=0.0, max=1.0)
        super().__init__(figsize, [self.slider])
        self.start(self.slider)

    def _build_figure(self):
        ax = self.fig.add_subplot()
        ax.set(xlim=(0, 1), ylim=(0, 1))
        self.dot = self.animate(ax.plot([0.5], [0.5], "o")[0])
        self.hold(ax.xaxis)

    def update(self):
        self.dot.set_data([self.slider.value], [0.5])
        self.render(f"x = {self.slider.value:.2f}")


BASE = [
    case("widgets.FigureWidget", "a widget built on it", lambda: _Dot(), answers(satisfies(
        lambda w: w.status == "x = 0.50" and w.png().startswith(b"\x89PNG"), "its status and picture"))),
    case("widgets.FigureWidget", "figsize as text", lambda: _Dot("ab"), refuses("figsize")),
    case("widgets.FigureWidget", "figsize of 1000 inches", lambda: _Dot((1000.0, 1000.0)), refuses("figsize")),
    case("widgets.FigureWidget", "figsize with nan", lambda: _Dot((np.nan, 2.0)), refuses("figsize")),
    case("widgets.FigureWidget.animate", "not an artist", lambda: _Dot().animate("dot"), refuses("artist")),
    case("widgets.FigureWidget.hold", "not an artist", lambda: _Dot().hold(None), refuses("artist")),
    case("widgets.FigureWidget.animate", "a line", lambda: _Dot().animate(Line2D([0], [0])),
         answers(satisfies(lambda line: line.get_animated(), "marked animated"))),
    case("widgets.FigureWidget.render", "a status that is no text", lambda: _Dot().render(3), refuses("status")),
    case("widgets.FigureWidget.render", "a new status", lambda: _render(_Dot(), "moved"),
         answers(equal("moved"))),
    case("widgets.FigureWidget.start", "a control that is no widget", lambda: _Dot().start("slider"),
         refuses("watched")),
    case("widgets.FigureWidget.redraw_held", "an unhashable key", lambda: _Dot().redraw_held(["view"]),
         refuses("key")),
    case("widgets.FigureWidget.redraw_held", "a key, then render", lambda: _render_held(_Dot()),
         answers(equal("x = 0.50"))),
]


def _render(widget, status):
    widget.render(status)
    return widget.status


def _render_held(widget):
    widget.redraw_held("view")
    widget.render()
    return widget.status


CASES = [*VALID, *REFUSED, *BASE]
