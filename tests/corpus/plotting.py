"""Bad and extreme calls of lecture_utils.plotting: every drawing checks what its caller passes.

Each drawing function declares its checks (``plotting._checks.checked``); for
every checked argument of every function this corpus passes values of the
wrong kind (text, nan, an empty or ragged array, one entry too few, a
misspelled option, a count too large to draw) to an otherwise valid call and
expects a clear error naming that argument. Each function also gets a valid
call, often an extreme one (8 classes, scales of 1e300), whose result is
compared with a hand computation.
"""

import importlib
import inspect

import numpy as np
from matplotlib.figure import Figure

from lecture_utils import plotting as P
from lecture_utils.datasets import make_gaussian_classes
from lecture_utils.model_selection import calibration_curve, learning_curve
from lecture_utils.optimization import SCALAR_FUNCTIONS, FunctionObjective, quadratic_model
from lecture_utils.perceptron import convergence_curves, perceptron_trace
from lecture_utils.discriminant import LDA

from . import answers, case, close, equal, refuses, satisfies


def _ax():
    return Figure().add_subplot()


def _axes(n):
    return list(Figure().subplots(1, n, squeeze=False)[0])


X8 = np.column_stack([np.arange(16.0), np.arange(16.0) % 3])
T8 = np.arange(16) % 8
GRID = np.linspace(0.0, 1.0, 11)
DATA = make_gaussian_classes([[0.0, 0.0], [2.0, 1.0]], [np.eye(2)] * 2, n_per_class=15, random_state=0)
QUADRATIC = FunctionObjective(lambda w: float(w @ w), lambda w: 2 * w, lambda w: 2 * np.eye(2))
TRACE = perceptron_trace(np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -2.0], [-2.0, -0.5]]), np.array([1, 1, -1, -1]))
CURVES = convergence_curves(TRACE, np.array([1.0, 1.0, 0.0]) / np.sqrt(2))
CALIBRATION = calibration_curve([0, 1, 1, 0, 1], [0.1, 0.7, 0.9, 0.4, 0.6], 3)
LEARNING = learning_curve(LDA(), DATA.X, DATA.y, [6, 10], n_repeats=2, random_state=0)
POSTERIORS = np.tile([[0.2, 0.8]], (16, 1))


def _colors(artists):
    from matplotlib.colors import to_hex
    return [to_hex(artist.get_facecolor()[0] if hasattr(artist, "get_offsets") else artist.get_color())
            for artist in artists]


def _wraps(artists):
    """The k-th class has the k-th colour of the palette, modulo its length."""
    return _colors(artists) == [P.PALETTE[k % len(P.PALETTE)].lower() for k in range(len(artists))]


def _on_line(w, b):
    def check(segment):
        np.testing.assert_allclose(segment @ np.asarray(w)[:2] + b, 0.0, atol=1e-9 * np.abs(segment).max())
    return check


def _ellipse_check(mean, covariance, radius):
    def check(points):                       # every point at Mahalanobis distance radius (by hand)
        d = points - mean
        np.testing.assert_allclose(np.einsum("ni,ij,nj->n", d, np.linalg.inv(covariance), d), radius ** 2,
                                   rtol=1e-10)
    return check


#: Each function: a valid call (a function of fresh axes giving the keyword arguments) and a check of its result.
VALID = {
    "plot_data": (lambda: dict(ax=_ax(), X=X8, t=T8), satisfies(_wraps, "8 classes wrap the palette")),
    "plot_markers": (lambda: dict(ax=_ax(), X=np.empty((0, 2)), s=1e-300),
                     satisfies(lambda line: line.get_xydata().shape == (0, 2) and line.get_linestyle() == "None",
                               "no points yet, markers only")),
    "hyperplane_segment": (lambda: dict(w=[1e300, 1e300], b=0.0, xlim=(-1, 1), ylim=(-1, 1)),
                           _on_line([1.0, 1.0], 0.0)),
    "half_plane_polygon": (lambda: dict(w=[1.0, 0.0], b=0.0, xlim=(-1, 1), ylim=(-1, 1)),
                           satisfies(lambda corners: np.allclose(sorted(map(tuple, corners)),
                                                                 [(0, -1), (0, 1), (1, -1), (1, 1)]),
                                     "the right half of the box")),
    "normal_arrow": (lambda: dict(w=[1e-300, 0.0], b=0.0, xlim=(-1, 1), ylim=(-1, 1)),
                     satisfies(lambda ends: np.allclose(ends[1] - ends[0], [0.24, 0.0]), "along w, 12% of the box")),
    "plot_hyperplane": (lambda: dict(ax=_ax(), w=[1.0, -1.0], b=0.5, xlim=(-2, 2), ylim=(-2, 2)),
                        satisfies(lambda drawn: np.allclose(np.column_stack(drawn[0].get_data()) @ [1, -1] + 0.5, 0),
                                  "the line w^T x + b = 0")),
    "grid_points": (lambda: dict(xlim=(0, 1e300), ylim=(-1e-300, 0), resolution=2),
                    close([[0.25e300, -0.75e-300], [0.75e300, -0.75e-300], [0.25e300, -0.25e-300],
                           [0.75e300, -0.25e-300]], rtol=1e-15)),
    "region_colormap": (lambda: dict(n_classes=9), satisfies(lambda cmap: cmap.N == 9, "nine colours")),
    "plot_decision_regions": (lambda: dict(ax=_ax(), classify=lambda Z: (Z[:, 0] > 0).astype(int),
                                           xlim=(-1, 1), ylim=(-1, 1), resolution=4),
                              satisfies(lambda image: np.array_equal(image.get_array()[0], [0, 0, 1, 1]),
                                        "left 0, right 1")),
    "ellipse_points": (lambda: dict(mean=[0.0, 0.0], covariance=np.array([[4.0, 1.0], [1.0, 2.0]]) * 1e200,
                                    radius=2.0),
                       _ellipse_check(np.zeros(2), np.array([[4.0, 1.0], [1.0, 2.0]]) * 1e200, 2.0)),
    "padded_limits": (lambda: dict(X=[[0.0, 1e300], [1.0, -1e300]], pad=0.1),
                      close([(-0.1, 1.1), (-1.2e300, 1.2e300)], rtol=1e-15)),
    "plot_pmf": (lambda: dict(ax=_ax(), p=[0.5, 0.5, 0.0]), satisfies(lambda bars: [b.get_height() for b in bars]
                                                                     == [0.5, 0.5, 0.0], "the probabilities")),
    "surprise_label": (lambda: dict(p=1e-300), equal(f"{-np.log2(1e-300):.2f}")),
    "plot_entropy_gauge": (lambda: dict(ax=_ax(), n_outcomes=1000),
                           satisfies(lambda bar: bar.axes.get_ylim()[1] == 1.5 * np.log2(1000), "1.5 log2 K")),
    "filled_area": (lambda: dict(x=[0.0, 1.0], y=[1e300, 1e300]),
                    equal([[0.0, 0.0], [0.0, 1e300], [1.0, 1e300], [1.0, 0.0]])),
    "plot_density_and_fit": (lambda: dict(ax=_ax(), x=GRID, p=GRID, q=1 - GRID, fit_label="q"),
                             satisfies(lambda drawn: np.array_equal(drawn[2].get_ydata(), 1 - GRID), "q drawn")),
    "histogram_density": (lambda: dict(z=[0.5, 1.5, 1.5, 9.0], edges=[0.0, 1.0, 2.0]), equal([0.25, 0.5])),
    "bin_edges_around": (lambda: dict(values=[1e300, 2e300, 3e300]), close([0.5e300, 1.5e300, 2.5e300, 3.5e300])),
    "plot_standardized_histogram": (lambda: dict(ax=_ax(), z=[0.5, 1.5], edges=[0.0, 1.0, 2.0],
                                                 reference_x=GRID, reference_density=GRID),
                                    satisfies(lambda drawn: np.array_equal(drawn[0].get_data()[0], [0.5, 0.5]),
                                              "half in each bin")),
    "power_of_ten": (lambda: dict(exponent=-300), equal("10\u207b\u00b3\u2070\u2070")),
    "plain_number": (lambda: dict(value=1e300), equal("1.000\u00d710\u00b3\u2070\u2070")),
    "nice_upper_limit": (lambda: dict(value=1e300), close(2e300, rtol=1e-15)),
    "label_in_units": (lambda: dict(axis=_ax().yaxis, top=1e-300), equal("\u00d710\u207b\u00b3\u2070\u2070")),
    "plot_likelihood": (lambda: dict(ax=_ax(), phi=GRID, likelihood=GRID * 1e-300, phi_hat=1.0, peak=1e-300),
                        satisfies(lambda drawn: len(drawn) >= 2, "the curve and its marker")),
    "plot_log_likelihood": (lambda: dict(ax=_ax(), phi=GRID, log_likelihood=np.r_[-np.inf, -GRID[1:]], phi_hat=0.1,
                                         peak=-0.1, floor=-5.0),
                            satisfies(lambda drawn: drawn[0].get_ydata()[0] == -5.0, "-inf drawn at the floor")),
    "plot_objectives": (lambda: dict(axes=_axes(2), w=GRID, objectives={"L": (GRID, "max"), "E": (-GRID, "min")},
                                     optimum=1.0),
                        satisfies(lambda pairs: [pair[1].get_xdata()[0] for pair in pairs] == [1.0, 1.0],
                                  "both optima at w = 1")),
    "plot_sampling_distributions": (lambda: dict(ax=_ax(), estimates={f"e{k}": GRID for k in range(9)},
                                                 edges=[0.0, 0.5, 1.0], true_value=0.5, eps=0.1),
                                    satisfies(lambda drawn: len(drawn[0]) == 9, "nine estimators, colours wrapping")),
    "plot_exceedance": (lambda: dict(ax=_ax(), sizes=[10.0, 100.0], probabilities={f"e{k}": [0.5, 0.1]
                                                                                   for k in range(9)}),
                        satisfies(lambda lines: len(lines) == 9, "nine lines")),
    "bar_style": (lambda: dict(k=15), satisfies(lambda style: style["edgecolor"] == P.PALETTE[15 % len(P.PALETTE)],
                                                 "wraps the palette")),
    "plot_class_bars": (lambda: dict(ax=_ax(), n_groups=3, class_names=["a", "b"]),
                        satisfies(lambda drawn: len(drawn[0]) == 2, "one bar container per class")),
    "plot_covariance_ellipses": (lambda: dict(ax=_ax(), means=np.zeros((9, 2)), covariances=[np.eye(2)] * 9),
                                 satisfies(lambda lines: len(lines) == 9, "nine ellipses, colours wrapping")),
    "contour_lines": (lambda: dict(xs=GRID, ys=GRID, values=np.subtract.outer(GRID - 0.25, np.zeros(11)) * 1e-300),
                      satisfies(lambda lines: len(lines) == 1 and np.allclose(lines[0][:, 1], 0.25), "y = 1/4")),
    "level_curve": (lambda: dict(xs=GRID, ys=GRID, values=np.subtract.outer(np.zeros(11), GRID - 0.5) * 1e300),
                    satisfies(lambda line: np.allclose(line[~np.isnan(line[:, 0]), 0], 0.5), "x = 1/2")),
    "posterior_colormap": (lambda: dict(n_steps=2), satisfies(lambda cmap: cmap.N == 2, "two steps")),
    "plot_reliability": (lambda: dict(ax=_ax(), curves={"m": CALIBRATION}),
                         satisfies(lambda lines: np.array_equal(lines[0].get_xdata(), CALIBRATION.predicted),
                                   "the predicted probabilities")),
    "plot_log_odds": (lambda: dict(ax=_ax(), log_odds={"m": [-1e300, 1e300, np.inf]}, t=[0, 1, 1],
                                   class_names=["no", "yes"]),
                      satisfies(lambda lines: len(lines) >= 1, "drawn")),
    "plot_learning_curves": (lambda: dict(ax=_ax(), curves={"LDA": LEARNING}),
                             satisfies(lambda lines: len(lines) >= 1, "drawn")),
    "plot_chord": (lambda: dict(ax=_ax(), f=np.square, a=-1.0, b=1.0, theta=0.5),
                   satisfies(lambda drawn: len(drawn) >= 2, "the graph and the chord")),
    "loss_on_grid": (lambda: dict(loss=lambda w: float(w @ w), xlim=(-1, 1), ylim=(-1, 1), resolution=2),
                     satisfies(lambda values: values.shape == (2, 2), "a 2 x 2 grid")),
    "plot_loss_surface": (lambda: dict(ax=_ax(), values=np.add.outer(GRID, GRID), xlim=(0, 1), ylim=(0, 1)),
                          satisfies(lambda drawn: len(drawn) >= 1, "drawn")),
    "plot_path": (lambda: dict(ax=_ax(), weights=[[0.0, 0.0], [1e300, -1e300]], method="newton"),
                  satisfies(lambda line: np.array_equal(line.get_xdata(), [0.0, 1e300]), "the path")),
    "model_ellipse": (lambda: dict(model=quadratic_model(QUADRATIC, [1.0, 1.0]), level=2.0, n_points=8),
                      satisfies(lambda points: np.allclose(np.sum(points ** 2, axis=1), 2.0), "w^T w = level")),
    "plot_errors": (lambda: dict(ax=_ax(), errors={"gd": [1.0, 1e-300, 0.0], "newton": [1.0]}),
                    satisfies(lambda lines: lines["gd"].get_ydata()[-1] == 1e-16, "0 drawn at the floor")),
    "label_decades": (lambda: dict(axis=_ax().yaxis, every=2), satisfies(lambda result: result is None, "labels")),
    "plot_scalar_function": (lambda: dict(ax_f=_ax(), ax_derivative=_ax(), function=SCALAR_FUNCTIONS["sqrt"],
                                          x=GRID), satisfies(lambda drawn: len(drawn) >= 2, "f and f'")),
    "plot_surrogate_losses": (lambda: dict(ax=_ax(), losses={f"l{k}": np.abs for k in range(9)}),
                              satisfies(lambda lines: len(lines) == 9, "nine losses")),
    "plot_proof_curves": (lambda: dict(axes=_axes(3), curves=CURVES, upto=1),
                          satisfies(lambda drawn: len(drawn[0]) == 3, "three panels")),
    "grid_axes": (lambda: dict(xlim=(0, 1), ylim=(0, 2), resolution=2),
                  satisfies(lambda axes_: np.allclose(axes_[0], [0.25, 0.75]) and np.allclose(axes_[1], [0.5, 1.5]),
                            "the cell centres")),
    "boundary_segments": (lambda: dict(scores=P.grid_points((-1, 1), (-1, 1), 20)[:, 0] * 1e300, xlim=(-1, 1),
                                       ylim=(-1, 1)),
                          satisfies(lambda segments: all(np.allclose(s[:, 0], 0, atol=1e-12) for s in segments)
                                    and len(segments) == 1, "the line x = 0")),
    "plot_boundaries": (lambda: dict(ax=_ax(), segments=[np.array([[0.0, 0.0], [1.0, 1.0]])], style="QDA"),
                        satisfies(lambda lines: len(lines.get_segments()) == 1, "one segment")),
    "class_tints": (lambda: dict(n_classes=9), satisfies(lambda tints: tints.shape == (9, 3), "nine tints")),
    "posterior_image": (lambda: dict(posteriors=POSTERIORS, resolution=4),
                        satisfies(lambda image: image.shape == (4, 4, 4), "a 4 x 4 RGBA image")),
    "plot_shading": (lambda: dict(ax=_ax(), values=np.eye(3), xlim=(0, 1), ylim=(0, 1), cmap="gray"),
                     satisfies(lambda image: image.get_array().shape == (3, 3), "the image")),
    "plot_posterior": (lambda: dict(ax=_ax(), posteriors=POSTERIORS, xlim=(0, 1), ylim=(0, 1), resolution=4),
                       satisfies(lambda image: image.get_array().shape == (4, 4, 4), "the image")),
    "plot_class_ellipses": (lambda: dict(ax=_ax(), means=np.zeros((9, 2)), covariances=[np.eye(2)] * 9),
                            satisfies(lambda drawn: len(drawn) == 9, "nine classes")),
    "move_class_ellipses": (lambda: dict(drawn=_function("plot_class_ellipses")(_ax(), np.zeros((2, 2)), [np.eye(2)] * 2),
                                         means=[[1e100, 0.0], [0.0, 0.0]], covariances=[np.eye(2)] * 2),
                            satisfies(lambda result: result is None, "moved")),
    "error_area": (lambda: dict(x=[0.0, 1.0, 2.0], weighted_density=[1e300, 1e300, 1e300], wrong=[0, 1, 1]),
                   equal([[0.0, 0.0], [0.0, 0.0], [1.0, 1e300], [2.0, 1e300], [2.0, 0.0]])),
    "plot_error_areas": (lambda: dict(ax=_ax(), x=GRID, weighted=[GRID, 1 - GRID], decided=(GRID > 0.5).astype(int)),
                         satisfies(lambda drawn: len(drawn[0]) == 2, "two classes")),
    "plot_expected_losses": (lambda: dict(ax=_ax(), x=GRID, risks=np.c_[GRID, 1 - GRID], labels=["a", "b"]),
                             satisfies(lambda drawn: np.allclose(drawn[1].get_ydata(), np.minimum(GRID, 1 - GRID)),
                                       "the lower envelope")),
    "plot_confusion_matrix": (lambda: dict(ax=_ax(), counts=[[3, 1], [0, 2]], labels=["a", "b"]),
                              satisfies(lambda result: result is None, "drawn")),
    "plot_score_grid": (lambda: dict(ax=_ax(), scores=[[0.5, 0.6]], alphas=[0.0, 1.0], gammas=[0.0], colorbar=False),
                        satisfies(lambda image: image.get_array().shape == (1, 2), "the scores")),
    "plot_running_product": (lambda: dict(ax=_ax(), factors=np.full(400, 1e-3)),
                             equal(108)),               # 1e-3^N rounds to 0 once below 2.5e-324: N > 323.6 / 3
    "gap_levels": (lambda: dict(gap_min=1e-300, gap_max=1e300, per_decade=1), close(10.0 ** np.arange(-300, 301),
                                                                                     rtol=1e-12)),
    "square_view": (lambda: dict(a=[0.0, 0.0], b=[2e300, 1e300], margin=0.15),
                    close([(1e300 - 1.3e300, 1e300 + 1.3e300), (0.5e300 - 1.3e300, 0.5e300 + 1.3e300)], rtol=1e-15)),
    "plot_loss_contours": (lambda: dict(ax=_ax(), w1=GRID, w2=GRID, gap=np.add.outer(GRID, GRID) + 1e-3,
                                        optimum=[0.0, 0.0]),
                           satisfies(lambda drawn: list(drawn[1].get_xdata()) == [0.0], "the optimum starred")),
    "plot_descent_path": (lambda: dict(ax=_ax(), weights=[[0.0, 0.0], [1e300, 1.0]]),
                          satisfies(lambda line: list(line.get_xdata()) == [0.0, 1e300], "the path")),
    "plot_loss_gap": (lambda: dict(ax=_ax(), gap=[1.0, 1e-300, 0.0]),
                      satisfies(lambda line: list(line.get_ydata()) == [1.0, 1e-300, 0.0], "the gaps")),
    "plot_binary_targets": (lambda: dict(ax=_ax(), x=GRID, t=(GRID > 0.5).astype(int)),
                            satisfies(lambda points: [len(p.get_offsets()) for p in points] == [6, 5], "6 and 5")),
    "plot_coefficients": (lambda: dict(ax=_ax(), names=["a", "b"], coef=[1e300, -1e300]),
                          satisfies(lambda bars: [b.get_height() for b in bars] == [1e300, -1e300], "the weights")),
    "plot_regularization_path": (lambda: dict(ax=_ax(), lambdas=[1e-8, 1.0, 1e8], coef=np.ones((3, 9)),
                                              names=[f"f{j}" for j in range(9)], highlight=list(range(9))),
                                 satisfies(lambda lines: len(lines) == 9, "nine features, colours wrapping")),
    "present": (lambda: dict(on=False), satisfies(lambda result: result is None, "the house style")),
    "class_style": (lambda: dict(k=10 ** 6), satisfies(lambda style: style["color"] == P.PALETTE[10 ** 6 % 7],
                                                        "wraps the palette")),
}

#: Values of the wrong kind for each kind of check (the name of the function that builds the check).
BAD = {
    "AXES": {"None": None, "text": "ax", "a figure": Figure()},
    "axes_list": {"text": "ax", "one axes too few": "FEWER"},
    "array": {"text": "abc", "nan": "NAN", "empty": "EMPTY", "ragged": [[1.0, 2.0], [3.0]],
              "one entry too few": "SHORT", "coordinates near 1e308 (issue 35: axes computed as inf)": "FAR"},
    "labels": {"ragged": [[0], [1, 0]], "one entry too few": "SHORT"},
    "names": {"one string": "ab", "a number": 3, "one name too few": "SHORT"},
    "limits": {"reversed": (1.0, 0.0), "text": "ab", "nan": (0.0, np.nan), "three numbers": (0, 1, 2),
               "wider than float64 holds": (-1e308, 1e308), "beyond what matplotlib lays out": (0.0, 1e307)},
    "NUMBER": {"text": "a", "nan": np.nan, "two numbers": [1.0, 2.0]},
    "EXTENDED": {"text": "a", "nan": np.nan},
    "positive": {"0": 0.0, "-1": -1.0, "nan": np.nan, "text": "1"},
    "unit_interval": {"2": 2.0, "-0.5": -0.5, "nan": np.nan},
    "count": {"0": 0, "2.5": 2.5, "text": "3", "too large to draw": "HUGE"},
    "INDEX": {"-1": -1, "1.5": 1.5, "text": "a"},
    "INTEGER": {"1.5": 1.5, "text": "a"},
    "option": {"misspelled": "maximum"},
    "FUNCTION": {"a number": 3, "text": "f"},
    "mapping": {"empty": {}, "text": "abc", "a bad entry": "BADENTRY"},
    "TEXT": {"a number": 3},
    "FLAG": {"text": "yes", "the text False (true as a string)": "False", "the number 0": 0},
    "AXIS": {"an Axes": "AXESINSTEAD", "None": None},
    "record": {"a number": 3},
    "covariances": {"not positive definite": "NOTPD", "nan": "NAN", "text": "abc", "one too few": "SHORT"},
    "segments": {"text": "abc", "nan": [np.array([[np.nan, 0.0], [1.0, 1.0]])]},
    "COLOR": {"not a colour": "notacolour"},
    "drawn": {"text": "abc", "one class too few": "SHORT"},
}


def _kind(check):
    return check.__qualname__.split(".")[0]


def _bad_value(marker, valid, check, arguments):
    nonlocals = inspect.getclosurevars(check).nonlocals
    if marker == "NAN":
        array = np.array(valid, dtype=float)
        return np.where(np.arange(array.size).reshape(array.shape) == 0, np.nan, array) if array.size else None
    if marker == "SHORT":
        like = nonlocals.get("like")
        if like is None or like not in arguments:
            return None
        axis = nonlocals.get("axis", 0)
        return np.delete(np.asarray(valid), -1, axis=axis) if np.shape(valid)[axis:] else None
    if marker == "NOTPD":
        return np.broadcast_to([[1.0, 2.0], [2.0, 1.0]], np.shape(valid)).copy()
    if marker == "EMPTY":
        return [] if nonlocals.get("min_size", 1) > 0 else None
    if marker == "HUGE":
        return 10 ** 9 if nonlocals.get("cells", 1) > 1 else None
    if marker == "FAR":
        return np.full(np.shape(valid), 1e308) if nonlocals.get("largest") is not None and np.size(valid) else None
    if marker == "FEWER":
        return valid[:-1]
    if marker == "AXESINSTEAD":
        return _ax()
    if marker == "BADENTRY":
        entry = nonlocals.get("check_value")
        return {"x": "abc"} if entry is not None else None
    return marker


MODULES = [importlib.import_module(f"lecture_utils.plotting.{module}") for module in
           ("_style", "geometry", "information", "mle", "naive_bayes", "newton", "perceptron", "discriminant",
            "logistic")]


def _function(name):
    return next(getattr(module, name) for module in MODULES if name in vars(module))


def _cases_of(name):
    function = _function(name)
    module = function.__module__.rsplit(".", 1)[1]
    target = f"plotting.{name}" if module == "_style" else f"plotting.{module}.{name}"
    make, check = VALID[name]
    cases = [case(target, "a valid call", lambda: function(**make()), answers(check))]
    example = make()
    for argument, argument_check in function.checks.items():
        valid = example.get(argument, inspect.signature(function).parameters[argument].default)
        for kind, marker in BAD[_kind(argument_check)].items():
            value = _bad_value(marker, valid, argument_check, example) if isinstance(marker, str) and \
                marker.isupper() else marker
            if value is None and marker is not None:
                continue                                   # this kind does not apply to this argument
            cases.append(case(target, f"{argument} {kind}",
                              lambda argument=argument, value=value: function(**{**make(), argument: value}),
                              refuses(argument)))
    return cases


CASES = [
    *[one for name in VALID for one in _cases_of(name)],
    case("plotting.mle.plot_objectives", "a misspelled sense", lambda: P.plot_objectives(
        _axes(1), GRID, {"L": (GRID, "maximise")}, 1.0), refuses("objectives['L']'s sense")),
    case("plotting.newton.plot_errors", "an unknown method", lambda: _function("plot_errors")(_ax(), {"bfgs": [1.0]}),
         refuses("errors")),
    case("plotting.geometry.ellipse_points", "a mean of three coordinates",
         lambda: _function("ellipse_points")([0.0, 0.0, 0.0], np.eye(2)), refuses("mean")),
    # issue 35: axis limits computed as inf for data near 1e308
    case("plotting.geometry.padded_limits", "data near 1e300 and a pad of 1e10: limits beyond any axes",
         lambda: P.padded_limits([[0.0, 1e300], [1.0, -1e300]], pad=1e10), refuses("pad")),
    case("plotting.geometry.padded_limits", "data of 1e300 padded by 0.1: finite limits",
         lambda: P.padded_limits([[-1e300, 1e300], [1e300, -1e300]], pad=0.1),
         answers(close([[-1.2e300, 1.2e300], [-1.2e300, 1.2e300]], rtol=1e-15))),
    case("plotting.mle.nice_upper_limit", "a peak of 1.7e308 (its axis was set to 1, silently)",
         lambda: P.nice_upper_limit(1.7e308), refuses("value")),
    case("plotting.mle.nice_upper_limit", "a peak of 9e304", lambda: P.nice_upper_limit(9e304),
         answers(close(1e305, rtol=1e-15))),
    case("plotting.geometry.ellipse_points", "a covariance at scale 1e-300",
         lambda: _function("ellipse_points")([0.0, 0.0], np.eye(2) * 1e-300, 2.0),
         answers(satisfies(lambda points: np.allclose(np.hypot(*points.T), 2e-150, rtol=1e-12), "radius 2e-150"))),
    case("plotting.geometry.plot_decision_regions", "classify returning one label",
         lambda: _function("plot_decision_regions")(_ax(), lambda Z: 0, (0, 1), (0, 1)), refuses("classify")),
    case("plotting.geometry.plot_decision_regions", "classify returning text",
         lambda: _function("plot_decision_regions")(_ax(), lambda Z: "a", (0, 1), (0, 1)), refuses("classify")),
    case("plotting.newton.loss_on_grid", "loss returning text",
         lambda: _function("loss_on_grid")(lambda w: "a", (0, 1), (0, 1), 3), refuses("loss")),
    case("plotting.newton.loss_on_grid", "resolution 10**4: 1e8 calls of loss (issue 20)",
         lambda: _function("loss_on_grid")(lambda w: 0.0, (0, 1), (0, 1), 10 ** 4), refuses("resolution")),
    case("plotting.newton.plot_chord", "f of Python floats that overflows at an end (issue 35)",
         lambda: _function("plot_chord")(_ax(), lambda x: float(x) ** 400, 10.0, 1.0, 0.5), refuses("f")),
    case("plotting.newton.plot_chord", "f returning text",
         lambda: _function("plot_chord")(_ax(), lambda x: "a", 0.0, 1.0, 0.5), refuses("f")),
    case("plotting.newton.model_ellipse", "a model of three weights", lambda: _function("model_ellipse")(
        quadratic_model(FunctionObjective(lambda w: float(w @ w), lambda w: 2 * w, lambda w: 2 * np.eye(3)),
                        [1.0, 1.0, 1.0]), 1.0), refuses("model")),
    case("plotting.perceptron.plot_surrogate_losses", "a loss returning text",
         lambda: _function("plot_surrogate_losses")(_ax(), {"bad": lambda z: "x"}), refuses("losses['bad']")),
    case("plotting.logistic.plot_regularization_path", "a highlighted feature that does not exist",
         lambda: _function("plot_regularization_path")(_ax(), [1.0, 2.0], np.ones((2, 3)), highlight=[99]),
         refuses("highlight")),
    case("plotting.logistic.gap_levels", "gap_min above gap_max", lambda: _function("gap_levels")(1.0, 1e-3),
         refuses("gap_min")),
    case("plotting.geometry.plot_markers", "a marker area of 0", lambda: P.plot_markers(_ax(), X8, s=0.0),
         refuses("s")),
    case("plotting.geometry.plot_markers", "points with three coordinates",
         lambda: P.plot_markers(_ax(), np.ones((3, 3))), refuses("X")),
    case("plotting.geometry.plot_data", "t one label short", lambda: P.plot_data(_ax(), X8, T8[:-1]), refuses("t")),
    case("plotting.geometry.plot_data", "labels for fewer classes", lambda: P.plot_data(_ax(), X8, T8, labels=["a"]),
         refuses("labels")),
]
