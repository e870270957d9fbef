"""Bad and extreme calls of lecture_utils.max_margin."""

import numpy as np
from sklearn.svm import SVC

from lecture_utils import max_margin as M
from lecture_utils.datasets import make_separable

from . import answers, bad_arrays, bad_counts, bad_numbers, case, refuses, satisfies

DATA = make_separable(30, 0.1, random_state=3)
X, T = DATA.X, DATA.y
XOR_X, XOR_T = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]), np.array([-1, -1, 1, 1])
SQUARE = np.array([[1.0, 1.0], [1.0, 2.0], [2.0, 1.0], [2.0, 2.0]])


def _svm():
    """The hard-margin SVM: scikit-learn's SVC with a huge C."""
    model = SVC(kernel="linear", C=1e10, tol=1e-10).fit(X, T)
    return model.coef_[0], model.intercept_[0]


def _lowest_of(points):
    def lowest(direction):
        i = int(np.argmin(points @ direction))
        return i, points[i]
    return lowest


def _separator_cases():
    coef, intercept = _svm()
    margin = 1 / np.linalg.norm(coef)

    def like_svm(scale):
        def check(result):
            got_coef, got_intercept = result
            np.testing.assert_allclose(got_coef * scale, coef, rtol=1e-5, atol=1e-6 * np.abs(coef).max())
            np.testing.assert_allclose(got_intercept, intercept, rtol=1e-5, atol=1e-6)
            assert M.optimality_residuals(X * scale, T, got_coef, got_intercept,
                                          M.widest_margin(X * scale, T).multipliers).hold()
            assert abs(1 / np.linalg.norm(got_coef) / scale / margin - 1) < 1e-6
        return check

    target = "max_margin.max_margin_separator"
    return [
        case(target, "plain scale", lambda: M.max_margin_separator(X, T), answers(like_svm(1.0))),
        *[case(target, f"scale {scale:g}", lambda scale=scale: M.max_margin_separator(X * scale, T),
               answers(like_svm(scale))) for scale in (1e100, 1e-100, 1e140, 1e-140)],
        case(target, "scale 1e300", lambda: M.max_margin_separator(X * 1e300, T), refuses("X", match="1 / x\\^2")),
        case(target, "scale 1e-300", lambda: M.max_margin_separator(X * 1e-300, T), refuses("X")),
        case(target, "one class", lambda: M.max_margin_separator(X, np.ones(len(T))), refuses("t")),
        case(target, "one class through the origin", lambda: M.max_margin_separator(X + 3, np.ones(len(T)), False),
             answers(satisfies(lambda r: np.all((X + 3) @ r[0] >= 1 - 1e-12), "every example on the + side"))),
        case(target, "XOR", lambda: M.max_margin_separator(XOR_X, XOR_T), refuses("X", match="separable")),
        *bad_arrays(target, "X", lambda value: M.max_margin_separator(value, T), X),
        case(target, "t of 0/1", lambda: M.max_margin_separator(X, (T + 1) // 2), refuses("t")),
        case(target, "duplicate points of both classes",
             lambda: M.max_margin_separator([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]], [1, -1, 1]),
             refuses("X", match="separable")),
        case("max_margin.widest_margin", "a margin of 1e-6 on 20 000 points",
             lambda: M.widest_margin(*_thin(20_000, 1e-6)),
             answers(satisfies(lambda r: r.residuals.hold() and r.margin >= 1e-6, "a proved margin >= 1e-6"))),
        case("max_margin.widest_margin", "a feature of 1e-6 beside one of 1",
             lambda: M.widest_margin(X * [1e-6, 1.0], T),
             answers(satisfies(lambda r: r.residuals.hold() and r.margin < 1e-6, "a proved margin below 1e-6"))),
        case("max_margin.widest_margin", "a feature of 1e-8 beside one of 1e8: a margin beyond float64",
             lambda: M.widest_margin(X * [1e-8, 1e8], T), refuses("X", match="separable")),
        *bad_arrays("max_margin.widest_margin", "t", lambda value: M.widest_margin(X, value), T,
                    kinds=("string", "none", "empty")),
    ]


def _thin(n_samples, margin):
    """Points of the square [-1, 1]^2 at least ``margin`` from the line x_1 = 0.1, some of them exactly there."""
    X = np.random.default_rng(0).uniform(-1, 1, size=(n_samples, 2))
    X[:, 0] = np.where(X[:, 0] >= 0.1, np.maximum(X[:, 0], 0.1 + margin), np.minimum(X[:, 0], 0.1 - margin))
    return X, np.where(X[:, 0] > 0.1, 1, -1)


def _proof_cases():
    found = M.widest_margin(X, T)
    target = "max_margin.optimality_residuals"
    check = lambda **changed: M.optimality_residuals(**{"X": X, "t": T, "coef": found.coef,  # noqa: E731
                                                        "intercept": found.intercept,
                                                        "multipliers": found.multipliers, **changed})
    return [
        case(target, "the widest margin at scale 1e150",
             lambda: M.optimality_residuals(X * 1e150, T, found.coef / 1e150, found.intercept,
                                            found.multipliers / 1e300),
             answers(satisfies(lambda r: r.hold(), "the conditions hold at any scale"))),
        case(target, "all-zero multipliers", lambda: check(multipliers=np.zeros(len(T))),
             answers(satisfies(lambda r: r.stationarity == 1.0 and not r.hold(), "stationarity fails"))),
        *bad_arrays(target, "coef", lambda value: check(coef=value), found.coef, kinds=("nan", "inf", "string", "none")),
        *bad_arrays(target, "multipliers", lambda value: check(multipliers=value), found.multipliers,
                    kinds=("nan", "inf", "string", "none", "empty")),
        *bad_numbers(target, "intercept", lambda value: check(intercept=value),
                     {"nan": np.nan, "text": "0", "None": None, "two numbers": [0.0, 1.0]}),
        case(target, "a weight too many", lambda: check(coef=np.r_[found.coef, 0.0]), refuses("coef")),
        case(target, "a multiplier too few", lambda: check(multipliers=found.multipliers[1:]),
             refuses("multipliers")),
        case("max_margin.OptimalityResiduals.hold", "tolerance 0 for round-off",
             lambda: found.residuals.hold(0.0), answers(satisfies(lambda held: held in (True, False), "a bool"))),
    ]


def _nearest_point_cases():
    target = "max_margin.nearest_point"
    return [
        case(target, "a square's corner", lambda: M.nearest_point(_lowest_of(SQUARE), [1.0, 1.0])[0],
             answers(satisfies(lambda x: np.allclose(x, [1.0, 1.0], rtol=0, atol=1e-15), "(1, 1)"))),
        case(target, "a square at 1e-150", lambda: M.nearest_point(_lowest_of(SQUARE * 1e-150), [1.0, 1.0])[0],
             answers(satisfies(lambda x: np.allclose(x, [1e-150, 1e-150], rtol=1e-15, atol=0), "(1e-150, 1e-150)"))),
        case(target, "lowest not callable", lambda: M.nearest_point(SQUARE, [1.0, 1.0]), refuses("lowest")),
        case(target, "lowest returns a point only", lambda: M.nearest_point(lambda d: SQUARE[0], [1.0, 1.0]),
             refuses("lowest")),
        case(target, "lowest returns a point of nan",
             lambda: M.nearest_point(lambda d: (0, np.array([np.nan, 1.0])), [1.0, 1.0]), refuses("point")),
        case(target, "lowest returns a point of another length",
             lambda: M.nearest_point(lambda d: (0, np.ones(3)), [1.0, 1.0]), refuses("point")),
        *bad_arrays(target, "direction", lambda value: M.nearest_point(_lowest_of(SQUARE), value), [1.0, 1.0],
                    kinds=("nan", "inf", "string", "none")),
        *bad_counts(target, "max_steps", lambda value: M.nearest_point(_lowest_of(SQUARE), [1.0, 1.0], value)),
        case(target, "lowest overflowing with Python floats (issue 35)",
             lambda: M.nearest_point(lambda d: (0, np.array([10.0 ** 400, 1.0])), [1.0, 1.0]), refuses("lowest")),
    ]


def _flag_cases():
    """Issue 35: fit_intercept given as a string ("False" counts as true) or a number is refused."""
    separator = M.widest_margin(X, T)
    calls = [("max_margin_separator", lambda value: M.max_margin_separator(X, T, fit_intercept=value)),
             ("widest_margin", lambda value: M.widest_margin(X, T, fit_intercept=value)),
             ("optimality_residuals", lambda value: M.optimality_residuals(
                 X, T, separator.coef, separator.intercept, separator.multipliers, fit_intercept=value))]
    return [case(f"max_margin.{name}", f"fit_intercept={value!r}", lambda call=call, value=value: call(value),
                 refuses("fit_intercept")) for name, call in calls for value in ("False", 0)]


CASES = [*_separator_cases(), *_proof_cases(), *_nearest_point_cases(), *_flag_cases()]
