"""Bad and extreme calls of lecture_utils.datasets and lecture_utils.display."""

import ast
import inspect
import textwrap

import numpy as np

from lecture_utils import datasets as D
from lecture_utils import display as S
from lecture_utils.perceptron import perceptron_plain

from . import (NOT_POSITIVE, answers, bad_arrays, bad_counts, bad_seeds, bad_numbers, both, case, close, refuses,
               satisfies)

MEANS = [[0.0, 0.0], [3.0, 1.0]]
COVARIANCES = [np.eye(2), [[2.0, 0.5], [0.5, 1.0]]]


def _gaussian(means=MEANS, covariances=COVARIANCES, n_per_class=4, random_state=0):
    return D.make_gaussian_classes(means, covariances, n_per_class, random_state=random_state)


def _separated(data):
    """Every point at least ``margin`` from the generating line, on the side its label says (a hand computation)."""
    signed = data.X @ data.w_star[:2] + data.w_star[2]
    distances = data.y * signed / np.hypot(*data.w_star[:2])
    return bool(np.all(distances >= data.margin - 1e-15) and np.isclose(distances.min(), data.margin, rtol=1e-12))


def _datasets_cases():
    target = "datasets.make_gaussian_classes"
    return [
        case("datasets.data_path", "an unknown file", lambda: D.data_path("x.csv"), refuses("filename")),
        case("datasets.data_path", "a list", lambda: D.data_path(["iris.csv"]), refuses("filename")),
        case("datasets.data_path", "None", lambda: D.data_path(None), refuses("filename")),
        case("datasets.data_path", "iris.csv", lambda: D.data_path("iris.csv").read_text().count("\n"),
             answers(satisfies(lambda lines: lines == 151, "a header and 150 rows"))),
        *bad_counts("datasets.make_separable", "n_samples", lambda value: D.make_separable(value)),
        case("datasets.make_separable", "n_samples = 1: one class", lambda: D.make_separable(1), refuses("n_samples")),
        case("datasets.make_separable", "n_samples = 10**12 cannot fit", lambda: D.make_separable(10 ** 12),
             refuses("n_samples", match="GiB")),
        *bad_numbers("datasets.make_separable", "margin", lambda value: D.make_separable(10, value),
                     {"-0.1": -0.1, "0.6": 0.6, "nan": np.nan, "inf": np.inf, "text": "0.1", "None": None}),
        case("datasets.make_separable", "margin 0.5, the largest", lambda: D.make_separable(30, 0.5, random_state=1),
             answers(satisfies(_separated, "separated by at least the margin"))),
        case("datasets.make_separable", "margin 0", lambda: D.make_separable(30, 0.0, random_state=2),
             answers(satisfies(_separated, "separated by at least the margin"))),
        case("datasets.make_separable", "n_samples = 2: both classes", lambda: D.make_separable(2, random_state=3).y,
             answers(satisfies(lambda t: sorted(t) == [-1, 1], "one point of each class"))),
        *bad_seeds("datasets.make_separable", lambda value: D.make_separable(10, random_state=value)),
        *bad_arrays(target, "means", lambda value: _gaussian(means=value), MEANS),
        *bad_arrays(target, "covariances", lambda value: _gaussian(covariances=value), COVARIANCES,
                    kinds=("nan", "inf", "string", "none", "empty")),
        case(target, "covariances ragged", lambda: _gaussian(covariances=[[[1, 0], [0]], np.eye(2)]),
             refuses("covariances")),
        case(target, "covariances of 3 features", lambda: _gaussian(covariances=[np.eye(3)] * 2),
             refuses("covariances")),
        case(target, "covariances not symmetric", lambda: _gaussian(covariances=[[[1, 0.5], [0, 1]]] * 2),
             refuses("covariances", match="symmetric")),
        case(target, "covariances not symmetric at scale 1e-300",
             lambda: _gaussian(covariances=[np.array([[1, 0.5], [0, 1]]) * 1e-300] * 2),
             refuses("covariances", match="symmetric")),
        case(target, "covariances negative definite", lambda: _gaussian(covariances=[-np.eye(2)] * 2),
             refuses("covariances", match="semi-definite")),
        case(target, "covariances indefinite at scale 1e-300",
             lambda: _gaussian(covariances=[np.array([[1.0, 2.0], [2.0, 1.0]]) * 1e-300] * 2),
             refuses("covariances", match="semi-definite")),
        *[case(target, f"covariances at scale {scale:g}",
               lambda scale=scale: _gaussian(covariances=np.array(COVARIANCES) * scale).X,
               answers(close(lambda scale=scale: _gaussian().X * np.sqrt(scale) - np.sqrt(scale) * np.repeat(
                   MEANS, 4, axis=0) + np.repeat(MEANS, 4, axis=0), rtol=1e-9, atol=1e-9 * np.sqrt(scale))))
          for scale in (1e300, 1e-300)],
        case(target, "a nearly diagonal covariance at scale 1e200 (numpy's absolute test would warn)",
             lambda: _gaussian(covariances=[np.array([[1.0, 1e-10], [1e-10, 1.0]]) * 1e200] * 2).X,
             answers(satisfies(lambda X: np.all(np.abs(X) < 1e102), "spread of about 1e100"))),
        case(target, "a singular covariance (semi-definite)", lambda: _gaussian(covariances=[np.ones((2, 2))] * 2).X,
             answers(satisfies(lambda X: np.allclose(X[:4, 0], X[:4, 1], rtol=1e-12, atol=1e-12),
                               "points on the diagonal"))),
        *bad_numbers(target, "n_per_class", lambda value: _gaussian(n_per_class=value),
                     {"0": 0, "-1": -1, "2.5": 2.5, "text": "3", "bool": True, "None": None, "nan": np.nan,
                      "three counts for two classes": [1, 2, 3], "a zero count": [1, 0]}),
        case(target, "n_per_class = 10**12 cannot fit", lambda: _gaussian(n_per_class=10 ** 12),
             refuses("n_per_class", match="GiB")),
        case(target, "n_per_class per class", lambda: np.bincount(_gaussian(n_per_class=[1, 3]).y),
             answers(satisfies(lambda counts: counts.tolist() == [1, 3], "1 and 3 examples"))),
        *bad_seeds(target, lambda value: _gaussian(random_state=value)),
    ]


def _without_docstring(source):
    """A hand reference: the function's AST with its docstring statement dropped."""
    tree = ast.parse(textwrap.dedent(source)).body[0]
    tree.body = tree.body[1:] if ast.get_docstring(tree) is not None else tree.body
    return ast.dump(tree)


def _display_cases():
    cases = []
    for target in ("display.source_without_docstring", "display.show_source"):
        function = getattr(S, target.rsplit(".", 1)[1])
        cases += [
            case(target, "None", lambda function=function: function(None), refuses("function")),
            case(target, "a name as text", lambda function=function: function("perceptron_plain"),
                 refuses("function")),
            case(target, "a builtin without Python source", lambda function=function: function(len),
                 refuses("function")),
            case(target, "a numpy ufunc", lambda function=function: function(np.add), refuses("function")),
        ]
    return [
        *cases,
        case("display.source_without_docstring", "a function of the package",
             lambda: S.source_without_docstring(perceptron_plain),
             answers(satisfies(lambda text: ast.dump(ast.parse(text).body[0])
                               == _without_docstring(inspect.getsource(perceptron_plain)),
                               "the AST minus the docstring"))),
        case("display.source_without_docstring", "a lambda (no docstring to remove)",
             lambda: S.source_without_docstring(_SQUARE), answers(satisfies(lambda text: "lambda x" in text,
                                                                            "the lambda's line"))),
    ]


_SQUARE = lambda x: x * x  # noqa: E731 (a lambda is what the case is about)

def _noise_cases():
    from scipy.linalg import cholesky
    noise = np.random.default_rng(0).standard_normal((6, 2))
    t = np.array([0, 1, 0, 1, 0, 1])
    target = "datasets.gaussian_classes_from_noise"

    def by_hand(scale=1.0):             # mu_k + L_k z_i with the lower Cholesky factor of scipy
        factors = [cholesky(np.asarray(c) * scale, lower=True) for c in COVARIANCES]
        return np.array([MEANS[k] + factors[k] @ z for z, k in zip(noise, t)])
    return [
        *[case(target, f"covariances at scale {scale:g}",
               lambda scale=scale: D.gaussian_classes_from_noise(noise, t, MEANS, np.array(COVARIANCES) * scale),
               answers(close(lambda scale=scale: by_hand(scale), rtol=1e-13, atol=1e-13)))
          for scale in (1.0, 1e300, 1e-300)],
        *bad_arrays(target, "covariances", lambda value: D.gaussian_classes_from_noise(noise, t, MEANS, value),
                    COVARIANCES, kinds=("nan", "string", "none")),
        case(target, "covariances not symmetric",
             lambda: D.gaussian_classes_from_noise(noise, t, MEANS, [[[1, 0.5], [0, 1]]] * 2), refuses("covariances")),
        case(target, "covariances not positive definite",
             lambda: D.gaussian_classes_from_noise(noise, t, MEANS, [-np.eye(2)] * 2), refuses("covariances")),
        *bad_arrays(target, "noise", lambda value: D.gaussian_classes_from_noise(value, t, MEANS, COVARIANCES), noise,
                    kinds=("nan", "inf", "string", "none", "ragged")),
        case(target, "noise of 3 columns", lambda: D.gaussian_classes_from_noise(np.c_[noise, noise[:, 0]], t, MEANS,
                                                                                 COVARIANCES), refuses("noise")),
        case(target, "examples beyond float64", lambda: D.gaussian_classes_from_noise(
            noise * 1e300, t, MEANS, np.array(COVARIANCES) * 1e300), refuses("noise")),
        *[case(target, f"t {kind}", lambda value=value: D.gaussian_classes_from_noise(noise, value, MEANS, COVARIANCES),
               refuses("t")) for kind, value in (("float", t * 1.0), ("text", "abc"), ("class 2", t * 2),
                                                  ("None", None), ("too short", t[:-1]))],
    ]


CASES = [*_datasets_cases(), *_noise_cases(), *_display_cases()]
