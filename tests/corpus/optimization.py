"""Bad and extreme calls of lecture_utils.optimization."""

import math

import numpy as np
import scipy.optimize

from lecture_utils import ConvergenceWarning, DivergenceWarning
from lecture_utils import optimization as O
from lecture_utils.logistic import LogisticLoss

from . import (NOT_POSITIVE, answers, bad_counts, bad_numbers, bad_seeds, both, case, close, equal, refuses,
               satisfies)

A = np.array([[3.0, 1.0], [1.0, 2.0]])
QUADRATIC = (lambda w: 0.5 * w @ A @ w, lambda w: A @ w, lambda w: A)
NOT_NEGATIVE = {"-1": -1.0, "nan": float("nan"), "inf": float("inf"), "text": "0.1", "None": None}
X = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, 2.0], [3.0, 1.0], [1.5, 0.0], [0.5, 2.5]])
T = np.array([0, 1, 0, 1, 1, 0])


def correlated(delta):
    """``E(w) = w^T H w / 2`` with ``H = [[1, 1 - delta], [1 - delta, 1]]`` (eigenvalues ``delta`` and ``2 - delta``):
    loss, gradient, Hessian."""
    H = np.array([[1.0, 1.0 - delta], [1.0 - delta, 1.0]])
    return (lambda w: 0.5 * w @ H @ w), (lambda w: H @ w), (lambda w: H)


def _minimize_cases():
    objective = O.FunctionObjective(*QUADRATIC)
    target = "optimization.minimize"
    return [
        case(target, "newton on a quadratic: one step", lambda: O.minimize(objective, [1.0, -2.0], "newton").w,
             answers(close([0.0, 0.0], atol=1e-15))),
        case(target, "an objective that is no Objective", lambda: O.minimize(QUADRATIC[0], [1.0, 1.0]),
             refuses("objective")),
        case(target, "method misspelled", lambda: O.minimize(objective, [1.0, 1.0], "GD"), refuses("method")),
        case(target, "w0 with nan", lambda: O.minimize(objective, [np.nan, 1.0]), refuses("w0")),
        case(target, "w0 of the wrong length", lambda: O.minimize(LogisticLoss(X, T), [1.0, 1.0]), refuses("w0")),
        *bad_numbers(target, "learning_rate", lambda value: O.minimize(objective, [1.0, 1.0], learning_rate=value),
                     NOT_POSITIVE),
        *bad_numbers(target, "decay", lambda value: O.minimize(objective, [1.0, 1.0], decay=value), NOT_NEGATIVE),
        *bad_numbers(target, "tol", lambda value: O.minimize(objective, [1.0, 1.0], tol=value), NOT_NEGATIVE),
        *bad_counts(target, "max_iter", lambda value: O.minimize(objective, [1.0, 1.0], max_iter=value)),
        case(target, "l1 of the wrong length", lambda: O.minimize(objective, [1.0, 1.0], l1=[0.1, 0.1, 0.1]),
             refuses("l1")),
        case(target, "negative l1", lambda: O.minimize(objective, [1.0, 1.0], l1=-0.1), refuses("l1")),
        case(target, "l1 with newton", lambda: O.minimize(objective, [1.0, 1.0], "newton", l1=0.1), refuses("l1")),
        case(target, "sgd on a plain function", lambda: O.minimize(objective, [1.0, 1.0], "sgd"), refuses("sgd")),
        *bad_counts(target, "batch_size", lambda value: O.minimize(LogisticLoss(X, T), np.zeros(3), "sgd",
                                                                   batch_size=value), none_ok=True),
        *bad_seeds(target, lambda value: O.minimize(LogisticLoss(X, T), np.zeros(3), "sgd", batch_size=2,
                                                    random_state=value)),
        case(target, "callback not callable", lambda: O.minimize(objective, [1.0, 1.0], callback="stop"),
             refuses("callback")),
        case(target, "line_search text", lambda: O.minimize(objective, [1.0, 1.0], "newton", line_search="yes"),
             refuses("line_search")),
        case(target, "learning rate 1e300 diverges with a status, no nan",
             lambda: O.minimize(objective, [1.0, 1.0], learning_rate=1e300),
             answers(satisfies(lambda trace: trace.diverged and np.all(np.isfinite(trace.weights)), "diverged"))),
        case(target, "start at 1e150", lambda: O.minimize(objective, [1e150, -1e150], "newton").w,
             answers(close([0.0, 0.0], atol=1e130))),
        case(target, "newton-l1 from 1e150: every weight held at 0, the minimum",
             lambda: O.minimize(objective, [1e150, -1e150], "newton-l1", l1=0.1).w, answers(equal([0.0, 0.0]))),
        case(target, "newton-l1 with l1 = 1e300: both weights cross 0 and stay there",
             lambda: O.minimize(objective, [1.0, -2.0], "newton-l1", l1=1e300).w, answers(equal([0.0, 0.0]))),
        case(target, "newton-l1 with a zero Hessian stops with a status",
             lambda: O.minimize(O.FunctionObjective(lambda w: w.sum(), lambda w: np.ones(2), lambda w: np.zeros((2, 2))),
                                [1.0, 1.0], "newton-l1", l1=0.5).status, answers(equal("singular_hessian"))),
        case(target, "the loss at w0 is inf", lambda: O.minimize(O.FunctionObjective(
            lambda w: np.inf, lambda w: np.zeros(2)), [1.0, 1.0]), refuses("w0")),
    ]


def _wrapper_cases():
    loss, gradient, hessian = QUADRATIC
    return [
        case("optimization.gradient_descent", "a quadratic", lambda: O.gradient_descent(loss, gradient, [1.0, 1.0],
                                                                                        learning_rate=0.3).w,
             answers(close([0.0, 0.0], atol=1e-6))),
        case("optimization.gradient_descent", "loss not callable",
             lambda: O.gradient_descent(3.0, gradient, [1.0, 1.0]), refuses("loss")),
        case("optimization.gradient_descent", "gradient of the wrong shape",
             lambda: O.gradient_descent(loss, lambda w: np.zeros(3), [1.0, 1.0]), refuses("gradient")),
        case("optimization.gradient_descent", "gradient returning text",
             lambda: O.gradient_descent(loss, lambda w: "down", [1.0, 1.0]), refuses("gradient")),
        case("optimization.gradient_descent", "loss returning nan at the start",
             lambda: O.gradient_descent(lambda w: np.nan, gradient, [1.0, 1.0]), refuses("w0")),
        case("optimization.gradient_descent", "a 1-D function from 1e100",
             lambda: O.gradient_descent(lambda x: x * x / 2, lambda x: x, 1e100, learning_rate=1.0).w,
             answers(close([0.0], atol=1e-200))),
        case("optimization.gradient_descent", "too large a step diverges and warns",
             lambda: O.gradient_descent(loss, gradient, [1.0, 1.0], learning_rate=10.0),
             answers(satisfies(lambda trace: trace.diverged, "diverged"), warns=DivergenceWarning)),
        case("optimization.gradient_descent", "w0 text", lambda: O.gradient_descent(loss, gradient, "1"),
             refuses("w0")),
        case("optimization.newton", "hessian not callable", lambda: O.newton(loss, gradient, A, [1.0, 1.0]),
             refuses("hessian")),
        case("optimization.newton", "hessian of the wrong shape",
             lambda: O.newton(loss, gradient, lambda w: np.eye(3), [1.0, 1.0]), refuses("hessian")),
        case("optimization.newton", "a singular hessian stops with a status",
             lambda: O.newton(loss, gradient, lambda w: np.zeros((2, 2)), [1.0, 1.0]),
             answers(satisfies(lambda trace: trace.status == "singular_hessian", "singular"),
                     warns=ConvergenceWarning)),
        case("optimization.newton", "sqrt(1 + x^2) from 2 diverges without nan",
             lambda: O.newton(lambda x: np.sqrt(1 + x * x), lambda x: x / np.sqrt(1 + x * x),
                              lambda x: (1 + x * x) ** -1.5, 2.0),
             answers(satisfies(lambda trace: not trace.converged and np.all(np.isfinite(trace.weights)), "stopped"),
                     warns=ConvergenceWarning)),
        case("optimization.newton", "two weights correlated to 1 - 2e-14: a singular Hessian",
             lambda: O.newton(*correlated(2e-14), [1.0, 1.0]),
             answers(satisfies(lambda trace: trace.status == "singular_hessian", "singular"),
                     warns=ConvergenceWarning)),
        case("optimization.newton", "two weights correlated to 1 - 2e-10: solved", lambda: O.newton(
            *correlated(2e-10), [1.0, 1.0]).w, answers(close([0.0, 0.0], atol=1e-5))),
        case("optimization.newton", "a Hessian diag(1e200, 1e-200): weights on different scales, not singular",
             lambda: O.newton(lambda w: 0.5 * (1e200 * w[0] ** 2 + 1e-200 * w[1] ** 2),
                              lambda w: np.array([1e200 * w[0], 1e-200 * w[1]]), lambda w: np.diag([1e200, 1e-200]),
                              [1.0, 1.0]).w, answers(equal([0.0, 0.0]))),
        case("optimization.newton", "a quadratic scaled by 1e300",
             lambda: O.newton(lambda w: 1e300 * loss(w), lambda w: 1e300 * gradient(w), lambda w: 1e300 * A,
                              [1.0, 1.0], tol=1e290).w, answers(close([0.0, 0.0], atol=1e-12))),
        *bad_counts("optimization.newton", "max_iter", lambda value: O.newton(loss, gradient, hessian, [1.0, 1.0],
                                                                             max_iter=value)),
    ]


def _piece_cases():
    f = lambda w: np.sin(w[0]) * w[1] ** 2          # noqa: E731
    exact_gradient = lambda w: np.array([np.cos(w[0]) * w[1] ** 2, 2 * np.sin(w[0]) * w[1]])   # noqa: E731
    return [
        case("optimization.numerical_gradient", "against the derivative", lambda: O.numerical_gradient(f, [0.3, 1.2]),
             answers(close(exact_gradient(np.array([0.3, 1.2])), rtol=1e-8))),
        case("optimization.numerical_gradient", "f not callable", lambda: O.numerical_gradient(3, [0.3, 1.2]),
             refuses("f")),
        case("optimization.numerical_gradient", "w with nan", lambda: O.numerical_gradient(f, [np.nan, 1.0]),
             refuses("w")),
        *bad_numbers("optimization.numerical_gradient", "eps", lambda value: O.numerical_gradient(f, [0.3, 1.2], value),
                     NOT_POSITIVE),
        case("optimization.numerical_gradient", "f returning a vector",
             lambda: O.numerical_gradient(lambda w: w, [0.3, 1.2]), refuses("f")),
        case("optimization.numerical_gradient", "a linear function at w = 1e300",
             lambda: O.numerical_gradient(lambda w: 2 * w[0] - w[1], [1e300, -1e300]),
             answers(close([2.0, -1.0], rtol=1e-6))),
        case("optimization.numerical_gradient", "a number", lambda: O.numerical_gradient(np.sin, 0.5),
             answers(close(np.cos(0.5), rtol=1e-8))),
        case("optimization.numerical_hessian", "of a quadratic", lambda: O.numerical_hessian(lambda w: A @ w, [0.3, 1.2]),
             answers(close(A, rtol=1e-8))),
        case("optimization.numerical_hessian", "gradient not callable", lambda: O.numerical_hessian(A, [0.3, 1.2]),
             refuses("gradient")),
        case("optimization.numerical_hessian", "gradient of the wrong length",
             lambda: O.numerical_hessian(lambda w: np.zeros(3), [0.3, 1.2]), refuses("gradient")),
        *bad_numbers("optimization.numerical_hessian", "eps",
                     lambda value: O.numerical_hessian(lambda w: A @ w, [0.3, 1.2], value), NOT_POSITIVE),
        case("optimization.soft_threshold", "by hand", lambda: O.soft_threshold([-2.0, -0.5, 0.0, 0.5, 2.0], 1.0),
             answers(equal([-1.0, 0.0, 0.0, 0.0, 1.0]))),
        case("optimization.soft_threshold", "v with nan", lambda: O.soft_threshold([np.nan], 1.0), refuses("v")),
        case("optimization.soft_threshold", "negative threshold", lambda: O.soft_threshold([1.0], -1.0),
             refuses("threshold")),
        case("optimization.soft_threshold", "threshold text", lambda: O.soft_threshold([1.0], "1"),
             refuses("threshold")),
        case("optimization.soft_threshold", "thresholds that do not broadcast",
             lambda: O.soft_threshold([1.0, 2.0, 3.0], [0.1, 0.2]), refuses("threshold", match="v")),
        case("optimization.soft_threshold", "v of 1e300", lambda: O.soft_threshold([1e300, -1e300], 1e299),
             answers(close([9e299, -9e299], rtol=1e-15))),
        case("optimization.FunctionObjective", "loss not callable", lambda: O.FunctionObjective(1.0, QUADRATIC[1]),
             refuses("loss")),
        case("optimization.FunctionObjective", "hessian not callable",
             lambda: O.FunctionObjective(*QUADRATIC[:2], hessian=A), refuses("hessian")),
        case("optimization.FunctionObjective.loss", "w with nan",
             lambda: O.FunctionObjective(*QUADRATIC).loss(np.array([np.nan, 1.0])), refuses("w")),
        case("optimization.FunctionObjective.loss", "a loss that is not a number",
             lambda: O.FunctionObjective(lambda w: "high", QUADRATIC[1]).loss(np.array([1.0, 1.0])), refuses("loss")),
        case("optimization.FunctionObjective.gradient", "w with nan",
             lambda: O.FunctionObjective(*QUADRATIC).gradient(np.array([np.nan, 1.0])), refuses("w")),
        case("optimization.FunctionObjective.hessian", "without a hessian",
             lambda: O.FunctionObjective(*QUADRATIC[:2]).hessian(np.array([1.0, 1.0])), refuses("hessian")),
        case("optimization.FunctionObjective.hessian", "w text",
             lambda: O.FunctionObjective(*QUADRATIC).hessian(["a", "b"]), refuses("w")),
    ]


def _convexity_cases():
    square = lambda w: float(np.sum(np.square(w)))  # noqa: E731
    quadratic = O.FunctionObjective(*QUADRATIC)
    return [
        case("optimization.chord_gap", "w^2 over [-1e150, 1e150]: the gap is 1e300",
             lambda: O.chord_gap(square, -1e150, 1e150, 0.5), answers(close(1e300, rtol=1e-15))),
        case("optimization.chord_gap", "w^2 over [0, 1e-150]", lambda: O.chord_gap(square, 0.0, 1e-150, 0.5),
             answers(close(0.25e-300, rtol=1e-15))),
        case("optimization.chord_gap", "a gap beyond float64 is inf", lambda: O.chord_gap(square, -1e200, 1e200, 0.5),
             answers(equal(np.inf), infinite=True)),
        case("optimization.chord_gap", "f not callable", lambda: O.chord_gap(3, 0.0, 1.0, 0.5), refuses("f")),
        case("optimization.chord_gap", "f returning nan", lambda: O.chord_gap(lambda w: np.nan, 0.0, 1.0, 0.5),
             refuses("f")),
        case("optimization.chord_gap", "f returning a vector", lambda: O.chord_gap(lambda w: np.ones(2), 0.0, 1.0, 0.5),
             refuses("f")),
        case("optimization.chord_gap", "f returning text", lambda: O.chord_gap(lambda w: "a", 0.0, 1.0, 0.5),
             refuses("f")),
        case("optimization.chord_gap", "a and b of different shapes", lambda: O.chord_gap(square, [0.0, 0.0], [1.0],
                                                                                          0.5), refuses("a")),
        *bad_numbers("optimization.chord_gap", "theta", lambda value: O.chord_gap(square, 0.0, 1.0, value),
                     {"2": 2.0, "-0.5": -0.5, "nan": np.nan, "text": "a", "two": [0.1, 0.2]}),
        case("optimization.chord_gap", "nan in a", lambda: O.chord_gap(square, np.nan, 1.0, 0.5), refuses("a")),
        case("optimization.quadratic_model", "the Newton point of a quadratic at 1e100",
             lambda: O.quadratic_model(quadratic, [1e100, -3e100]).newton_point, answers(close([0.0, 0.0], atol=1e85))),
        case("optimization.quadratic_model", "the decrement equals E(w) - min E for a quadratic",
             lambda: O.quadratic_model(quadratic, [1.0, -3.0]).decrement,
             answers(close(lambda: QUADRATIC[0](np.array([1.0, -3.0])), rtol=1e-14))),
        case("optimization.quadratic_model", "two weights correlated to 1 - 2e-14: not positive definite",
             lambda: O.quadratic_model(O.FunctionObjective(*correlated(2e-14)), [1.0, 2.0]).positive_definite,
             answers(equal(False))),
        case("optimization.quadratic_model", "two weights correlated to 1 - 2e-10: positive definite",
             lambda: O.quadratic_model(O.FunctionObjective(*correlated(2e-10)), [1.0, 2.0]).positive_definite,
             answers(equal(True))),
        case("optimization.quadratic_model", "a Hessian diag(1e200, 1e-200) is positive definite (scaled)",
             lambda: O.quadratic_model(O.FunctionObjective(*QUADRATIC[:2], lambda w: np.diag([1e200, 1e-200])),
                                       [1.0, 2.0]).positive_definite, answers(equal(True))),
        case("optimization.quadratic_model", "a Hessian with inf is not positive definite",
             lambda: O.quadratic_model(O.FunctionObjective(*QUADRATIC[:2], lambda w: np.diag([np.inf, 1.0])),
                                       [1.0, 2.0]).positive_definite, answers(equal(False), infinite=True)),
        case("optimization.quadratic_model", "objective a plain function",
             lambda: O.quadratic_model(square, [1.0, 2.0]), refuses("objective")),
        case("optimization.quadratic_model", "w of shape (1, 2)", lambda: O.quadratic_model(quadratic, [[1.0, 2.0]]),
             refuses("w")),
        case("optimization.quadratic_model", "nan in w", lambda: O.quadratic_model(quadratic, [np.nan, 2.0]),
             refuses("w")),
        case("optimization.quadratic_model", "an objective without a Hessian",
             lambda: O.quadratic_model(O.FunctionObjective(*QUADRATIC[:2]), [1.0, 2.0]), refuses("hessian")),
        case("optimization.quadratic_model", "the model at points of the wrong dimension",
             lambda: O.quadratic_model(quadratic, [1.0, 2.0])([1.0, 2.0, 3.0]), refuses("w")),
    ]


WELL = O.SCALAR_FUNCTIONS["double_well"]
SADDLE = (lambda w: w[0] ** 2 - w[1] ** 2, lambda w: np.array([2 * w[0], -2 * w[1]]), lambda w: np.diag([2.0, -2.0]))


def _says(status, *words):
    """A check: the trace's status, and a message with each of ``words`` (and no learning rate blamed)."""
    return satisfies(lambda trace: trace.status == status and all(word in trace.message for word in words)
                     and "learning rate" not in trace.message, f"status {status!r}, a message with {words}")


def _curvature_cases():
    """Issue 20, item 4 and its family: a point where the gradient vanishes is a minimum only if the Hessian says
    so (a maximum or a saddle is reported, with a warning), and a loss without a minimum is not claimed to have one."""
    separable = ([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1])
    return [
        case("optimization.newton", "the double well from 0.3: the maximum at 0, said so",
             lambda: O.newton(WELL.f, WELL.derivative, WELL.second_derivative, 0.3),
             answers(both(_says("not_minimum", "eigenvalue -1 < 0", "maximum"),
                          satisfies(lambda trace: not trace.converged and abs(trace.w[0]) < 1e-12, "x = 0")),
                     warns=ConvergenceWarning)),
        case("optimization.newton", "the double well from 0.8: the minimum at 1, no warning",
             lambda: O.newton(WELL.f, WELL.derivative, WELL.second_derivative, 0.8).w,
             answers(close([1.0], rtol=1e-12))),
        case("optimization.newton", "x^2 - y^2 from (1, 1): the saddle, said so", lambda: O.newton(*SADDLE, [1.0, 1.0]),
             answers(_says("not_minimum", "saddle point"), warns=ConvergenceWarning)),
        case("optimization.gradient_descent", "the double well from its maximum 0",
             lambda: O.gradient_descent(WELL.f, WELL.derivative, 0.0),
             answers(_says("not_minimum", "maximum"), warns=ConvergenceWarning)),
        case("optimization.gradient_descent", "x^2 - y^2 from (1, 0): down the ridge into the saddle",
             lambda: O.gradient_descent(*SADDLE[:2], [1.0, 0.0]),
             answers(_says("not_minimum", "eigenvalue -2 < 0", "saddle point"), warns=ConvergenceWarning)),
        case("optimization.minimize", "newton on a saddle, the objective's Hessian",
             lambda: O.minimize(O.FunctionObjective(*SADDLE), [1.0, 1.0], "newton"),
             answers(_says("not_minimum", "saddle point"))),
        case("optimization.minimize", "accelerated into a saddle, a Hessian by finite differences",
             lambda: O.minimize(O.FunctionObjective(*SADDLE[:2]), [1.0, 0.0], "accelerated"),
             answers(_says("not_minimum", "saddle point"))),
        case("optimization.minimize", "an L1 kink is a minimum along its weight", lambda: O.minimize(
            O.FunctionObjective(lambda w: -w[0] ** 2 / 2 + w[1] ** 2, lambda w: np.array([-w[0], 2 * w[1]])),
            [0.0, 1.0], "gd", learning_rate=0.25, l1=[1.0, 0.0]),
             answers(satisfies(lambda trace: trace.converged and trace.w[0] == 0, "converged at w_1 = 0"))),
        case("optimization.minimize", "Newton on separable logistic data: no minimum, not converged",
             lambda: O.minimize(LogisticLoss(*separable), np.zeros(2), "newton", line_search=True, tol=1e-8),
             answers(_says("not_minimum", "linearly separable", "no minimum"))),
        case("optimization.minimize", "the same data with l2 = 0.01: a minimum", lambda: O.minimize(
            LogisticLoss(*separable, l2=0.01), np.zeros(2), "newton", tol=1e-10).w,
             answers(close(lambda: _sklearn_weights(separable, 0.01), rtol=1e-6))),
        case("optimization.Objective.no_minimum", "nothing known by default",
             lambda: O.FunctionObjective(*QUADRATIC).no_minimum(np.zeros(2)), answers(equal(None))),
    ]


def _sklearn_weights(data, l2):
    """scikit-learn's fit of the mean log loss + l2/2 ||w||^2 (C = 1 / (N l2)), as (w, b)."""
    from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression
    X, t = np.asarray(data[0]), np.asarray(data[1])
    model = SklearnLogisticRegression(C=1 / (len(t) * l2), tol=1e-12, max_iter=10_000).fit(X, t)
    return np.r_[model.coef_[0], model.intercept_]


def _not_finite_cases():
    """Issue 20, item 9 and its family: a gradient or Hessian of nan is named, never blamed on the learning rate."""
    square = lambda w: float(w @ w)                                          # noqa: E731
    half_nan = lambda w: np.where(w > 0.5, 2 * w, np.nan)                     # noqa: E731
    return [
        case("optimization.gradient_descent", "a gradient of nan at w0",
             lambda: O.gradient_descent(square, lambda w: np.full(2, np.nan), [1.0, 1.0]),
             refuses("gradient", match="nan", not_names="learning rate")),
        case("optimization.gradient_descent", "a gradient of inf at w0",
             lambda: O.gradient_descent(square, lambda w: np.full(2, np.inf), [1.0, 1.0]), refuses("gradient")),
        case("optimization.minimize", "an objective whose gradient is nan at w0",
             lambda: O.minimize(O.FunctionObjective(square, lambda w: np.full(2, np.nan)), [1.0, 1.0]),
             refuses("gradient", match="w0")),
        case("optimization.gradient_descent", "a gradient that turns nan at step 2",
             lambda: O.gradient_descent(square, half_nan, [1.0, 1.0], learning_rate=0.2),
             answers(both(_says("not_finite", "gradient at step 2 is nan"),
                          satisfies(lambda trace: np.allclose(trace.w, [0.6, 0.6], rtol=1e-15), "w_1 kept")),
                     warns=ConvergenceWarning)),
        case("optimization.minimize", "accelerated, a gradient that turns nan",
             lambda: O.minimize(O.FunctionObjective(square, half_nan), [1.0, 1.0], "accelerated",
                                learning_rate=0.2),
             answers(_says("not_finite", "nan"))),
        case("optimization.newton", "a Hessian of nan", lambda: O.newton(square, lambda w: 2 * w,
                                                                      lambda w: np.full((2, 2), np.nan), [1.0, 1.0]),
             answers(_says("not_finite", "Hessian at step 0 is nan"), warns=ConvergenceWarning)),
        case("optimization.newton", "a Hessian of inf, not called singular",
             lambda: O.newton(square, lambda w: 2 * w, lambda w: np.diag([np.inf, 2.0]), [1.0, 1.0]),
             answers(_says("not_finite", "infinite"), warns=ConvergenceWarning)),
    ]


def _flag_cases():
    """Issue 20, item 12: a string where a flag belongs ("no" counts as true)."""
    return [
        case("optimization.minimize", "record_updates text",
             lambda: O.minimize(LogisticLoss(X, T), np.zeros(3), "sgd", batch_size=2, record_updates="no"),
             refuses("record_updates")),
        case("optimization.FunctionObjective", "scalar text", lambda: O.FunctionObjective(*QUADRATIC, scalar="False"),
             refuses("scalar")),
        case("optimization.newton", "line_search text", lambda: O.newton(*QUADRATIC, [1.0, 1.0], line_search="no"),
             refuses("line_search")),
        case("optimization.newton", "max_iter = 10**12 would run for hours",
             lambda: O.newton(*QUADRATIC, [1.0, 1.0], max_iter=10 ** 12), refuses("max_iter")),
        case("optimization.gradient_descent", "max_iter = 10**12 would run for hours",
             lambda: O.gradient_descent(*QUADRATIC[:2], [1.0, 1.0], max_iter=10 ** 12), refuses("max_iter")),
        case("optimization.newton", "2000 weights: a 2000^3 solve per step",
             lambda: O.newton(lambda w: w @ w, lambda w: 2 * w, lambda w: 2 * np.eye(w.size), np.ones(2000)),
             refuses("w0", match="method='accelerated'")),
        case("optimization.minimize", "Newton on 2000 weights",
             lambda: O.minimize(O.FunctionObjective(lambda w: w @ w, lambda w: 2 * w, lambda w: 2 * np.eye(w.size)),
                                np.ones(2000), "newton"), refuses("method")),
    ]


def _overflow_cases():
    """Issue 35: a caller's function of Python floats raises OverflowError where numpy's give inf."""
    quartic, cubic, twelve = (lambda x: x ** 4), (lambda x: 4 * x ** 3), (lambda x: 12 * x ** 2)
    return [
        case("optimization.gradient_descent", "from a start where the loss overflows (a bare OverflowError)",
             lambda: O.gradient_descent(quartic, cubic, 1e100), refuses("w0", match="inf")),
        case("optimization.gradient_descent", "math.exp from 1000", lambda: O.gradient_descent(math.exp, math.exp,
                                                                                             1000.0), refuses("w0")),
        case("optimization.gradient_descent", "a gradient that overflows at the start",
             lambda: O.gradient_descent(lambda x: 1.0, lambda x: x ** 400, 10.0), refuses("w0", match="gradient")),
        case("optimization.gradient_descent", "a step to where the loss overflows: diverged, with the last finite w",
             lambda: O.gradient_descent(quartic, cubic, 1e70, learning_rate=1.0),
             answers(satisfies(lambda trace: trace.diverged and trace.w[0] == 1e70, "diverged at w0"),
                     warns=DivergenceWarning)),
        case("optimization.newton", "from a start where the loss overflows",
             lambda: O.newton(quartic, cubic, twelve, 1e100), refuses("w0")),
        case("optimization.minimize", "a FunctionObjective from a start where it overflows",
             lambda: O.minimize(O.FunctionObjective(quartic, cubic, scalar=True), [1e100]), refuses("w0")),
        case("optimization.quadratic_model", "at a point where the loss overflows",
             lambda: O.quadratic_model(O.FunctionObjective(quartic, cubic, twelve, scalar=True), 1e100), refuses("w")),
        case("optimization.chord_gap", "f overflows at an end", lambda: O.chord_gap(quartic, 1e100, 0.0, 0.5),
             refuses("f")),
        case("optimization.numerical_gradient", "f overflows beside w", lambda: O.numerical_gradient(quartic, 1e100),
             refuses("f")),
        case("optimization.numerical_gradient", "numpy's f is inf about w (it warned, and gave nan)",
             lambda: O.numerical_gradient(lambda w: np.exp(w[0]), [800.0]), refuses("f")),
        case("optimization.numerical_hessian", "the gradient overflows beside w",
             lambda: O.numerical_hessian(lambda x: x ** 3, 1e150), refuses("gradient")),
    ]


def _newton_cg_cases():
    """Issue 36: conjugate gradients and inexact Newton."""
    matvec = lambda v: A @ v
    target = "optimization.conjugate_gradient"
    return [
        case(target, "a 2 x 2 system: two products", lambda: O.conjugate_gradient(matvec, [1.0, 2.0]),
             answers(satisfies(lambda r: r.n_products == 2 and np.allclose(A @ r.x, [1.0, 2.0], rtol=1e-12),
                               "solved in two products"))),
        case(target, "b = 0: no product", lambda: O.conjugate_gradient(matvec, [0.0, 0.0]).n_products,
             answers(equal(0))),
        case(target, "matvec not callable", lambda: O.conjugate_gradient(A, [1.0, 2.0]), refuses("matvec")),
        case(target, "matvec of the wrong shape", lambda: O.conjugate_gradient(lambda v: np.ones(3), [1.0, 2.0]),
             refuses("matvec")),
        case(target, "matvec returns nan", lambda: O.conjugate_gradient(lambda v: v * np.nan, [1.0, 2.0]),
             refuses("matvec")),
        case(target, "b a matrix", lambda: O.conjugate_gradient(matvec, A), refuses("b")),
        case(target, "b with inf", lambda: O.conjugate_gradient(matvec, [np.inf, 1.0]), refuses("b")),
        case(target, "b text", lambda: O.conjugate_gradient(matvec, ["1", "2"]), refuses("b")),
        *bad_numbers(target, "tol", lambda value: O.conjugate_gradient(matvec, [1.0, 2.0], tol=value), NOT_NEGATIVE),
        *bad_counts(target, "max_iter", lambda value: O.conjugate_gradient(matvec, [1.0, 2.0], max_iter=value),
                    none_ok=True),
        case(target, "an indefinite matrix: stops with a status",
             lambda: O.conjugate_gradient(lambda v: np.diag([1.0, -1.0]) @ v, [1.0, 1.0]).status,
             answers(equal("negative_curvature"))),
        case(target, "b of 1e300", lambda: O.conjugate_gradient(matvec, [1e300, -1e300]).x,
             answers(close(lambda: np.linalg.solve(A, [1e300, -1e300]), rtol=1e-12))),
        case("optimization.Objective.hessian_vector", "the default: H(w) @ v",
             lambda: O.FunctionObjective(*QUADRATIC).hessian_vector(np.zeros(2), [1.0, -1.0]),
             answers(close(A @ [1.0, -1.0]))),
        case("optimization.Objective.hessian_vector", "without a hessian",
             lambda: O.FunctionObjective(*QUADRATIC[:2]).hessian_vector(np.zeros(2), [1.0, -1.0]), refuses("hessian")),
        case("optimization.minimize", "newton-cg on a quadratic: at most D = 2 products a step",
             lambda: O.minimize(O.FunctionObjective(*QUADRATIC), [1.0, -2.0], "newton-cg"),
             answers(satisfies(lambda trace: trace.converged and len(trace.hessian_products) == trace.n_iter
                               and max(trace.hessian_products) <= 2 and np.allclose(trace.w, 0.0, atol=1e-12),
                               "converged, at most 2 products a step"))),
        case("optimization.minimize", "l1 with newton-cg",
             lambda: O.minimize(O.FunctionObjective(*QUADRATIC), [1.0, 1.0], "newton-cg", l1=0.1), refuses("l1")),
        case("optimization.minimize", "newton-cg where the Hessian is nan stops with a status",
             lambda: O.minimize(O.FunctionObjective(*QUADRATIC[:2], lambda w: np.full((2, 2), np.nan)), [1.0, 1.0],
                                "newton-cg").status, answers(equal("not_finite"))),
    ]


def _stopping_cases():
    target, held = "optimization.patience_stop", LogisticLoss(X, T).loss
    return [
        case(target, "a rise of three epochs", lambda: O.patience_stop([0.9, 0.7, 0.72, 0.71, 0.75], 3),
             answers(equal(O.PatienceStop(5, 2)))),
        case(target, "one epoch", lambda: O.patience_stop([0.5], 1), answers(equal(O.PatienceStop(None, 1)))),
        case(target, "losses of 1e300 and -1e300", lambda: O.patience_stop([1e300, -1e300, 1e300, 1e300], 2),
             answers(equal(O.PatienceStop(4, 2)))),
        case(target, "min_delta of 1e300: only the first epoch improves",
             lambda: O.patience_stop([3.0, 2.0, 1.0], 2, min_delta=1e300), answers(equal(O.PatienceStop(3, 3)))),
        case(target, "no losses", lambda: O.patience_stop([], 3), refuses("losses")),
        case(target, "a table of losses", lambda: O.patience_stop([[0.5, 0.4]], 3), refuses("losses")),
        case(target, "a nan loss", lambda: O.patience_stop([0.5, np.nan], 3), refuses("losses")),
        case(target, "losses as text", lambda: O.patience_stop(["0.5", "0.4"], 3), refuses("losses")),
        *bad_counts(target, "patience", lambda value: O.patience_stop([0.5, 0.4], value)),
        *bad_numbers(target, "min_delta", lambda value: O.patience_stop([0.5, 0.4], 2, min_delta=value),
                     NOT_NEGATIVE),
        case("optimization.EarlyStopping", "stops SGD and keeps the best weights",
             lambda: _stopped(O.EarlyStopping(held, patience=1)),
             answers(satisfies(lambda pair: pair[0].status == "stopped" and np.array_equal(
                 pair[1].best_weights_, pair[0].weights[pair[1].best_epoch_]), "stopped, best weights kept"))),
        case("optimization.EarlyStopping", "validation_loss not callable",
             lambda: O.EarlyStopping(0.5), refuses("validation_loss")),
        case("optimization.EarlyStopping", "a validation loss of nan",
             lambda: _stopped(O.EarlyStopping(lambda w: np.nan)), refuses("validation_loss")),
        *bad_counts("optimization.EarlyStopping", "patience", lambda value: O.EarlyStopping(held, patience=value)),
        *bad_numbers("optimization.EarlyStopping", "min_delta",
                     lambda value: O.EarlyStopping(held, min_delta=value), NOT_NEGATIVE),
    ]


def _stopped(stopper):
    """A run of SGD on the six examples, stopped by ``stopper`` (on their own loss), and the stopper."""
    trace = O.minimize(LogisticLoss(X, T), np.zeros(3), "sgd", batch_size=1, learning_rate=5.0, max_iter=200, tol=0,
                       random_state=0, callback=stopper)
    return trace, stopper


def _wolfe_cases():
    target = "optimization.wolfe_conditions"
    phi, slope = (lambda a: (a[0] - 2.0) ** 2 + 1.0), (lambda a: 2.0 * (a - 2.0))
    quadratic = (QUADRATIC[0], QUADRATIC[1])
    return [
        # phi(a) = (a - 2)^2 + 1, c1 = 1/4, c2 = 1/2: decrease for a <= 3, curvature for a >= 1, by hand
        *[case(target, f"a hand-solved parabola, step {step}",
               lambda step=step: O.wolfe_conditions(phi, slope, 0.0, 1.0, step, 0.25, 0.5), answers(equal(expected)))
          for step, expected in [(0.5, (True, False)), (1.0, (True, True)), (3.0, (True, True)),
                                 (3.5, (False, True))]],
        case(target, "scipy's line_search step meets both", lambda: O.wolfe_conditions(
            *quadratic, [1.0, -2.0], [-1.0, 3.0],
            scipy.optimize.line_search(*quadratic, np.array([1.0, -2.0]), np.array([-1.0, 3.0]))[0]),
             answers(equal((True, True)))),
        case(target, "a direction uphill", lambda: O.wolfe_conditions(*quadratic, [1.0, 1.0], [1.0, 1.0], 0.5),
             refuses("direction")),
        case(target, "c1 above c2", lambda: O.wolfe_conditions(phi, slope, 0.0, 1.0, 1.0, 0.9, 0.1),
             refuses("c1")),
        case(target, "c2 of 1.5", lambda: O.wolfe_conditions(phi, slope, 0.0, 1.0, 1.0, 0.1, 1.5), refuses("c2")),
        *bad_numbers(target, "step", lambda value: O.wolfe_conditions(phi, slope, 0.0, 1.0, value), NOT_POSITIVE),
        case(target, "loss not callable", lambda: O.wolfe_conditions(3.0, slope, 0.0, 1.0, 1.0), refuses("loss")),
        case(target, "a gradient of the wrong shape", lambda: O.wolfe_conditions(
            QUADRATIC[0], lambda w: np.zeros(3), [1.0, 1.0], [-1.0, -1.0], 1.0), refuses("gradient")),
        case(target, "direction of the wrong length", lambda: O.wolfe_conditions(
            *quadratic, [1.0, 1.0], [-1.0, -1.0, 0.0], 1.0), refuses("direction")),
        case(target, "w with nan", lambda: O.wolfe_conditions(*quadratic, [np.nan, 1.0], [-1.0, -1.0], 1.0),
             refuses("w")),
        case(target, "a step to 1e200 overflows the loss: no decrease", lambda: O.wolfe_conditions(
            phi, slope, 0.0, 1.0, 1e200), answers(equal((False, True)))),
    ]


def _trust_region_cases():
    G, H = [2.0, 2.0], np.diag([1.0, 4.0])
    logistic = LogisticLoss(X, T)

    def scipy_dogleg(start):
        return scipy.optimize.minimize(logistic.loss, start, jac=logistic.gradient, hess=logistic.hessian,
                                       method="dogleg", options={"gtol": 1e-8}).x
    return [
        case("optimization.dogleg_step", "Newton's step inside the radius", lambda: O.dogleg_step(G, H, 3.0)[0],
             answers(close([-2.0, -0.5], rtol=1e-15))),
        case("optimization.dogleg_step", "a radius of 1e-300: steepest descent, that short",
             lambda: O.dogleg_step(G, H, 1e-300)[0] * 1e300, answers(close(-np.sqrt(0.5) * np.ones(2), rtol=1e-14))),
        case("optimization.dogleg_step", "an indefinite Hessian", lambda: O.dogleg_step(G, np.diag([1.0, -1.0]), 1.0),
             refuses("hessian")),
        case("optimization.dogleg_step", "a Hessian of the wrong shape", lambda: O.dogleg_step(G, np.eye(3), 1.0),
             refuses("hessian")),
        *bad_numbers("optimization.dogleg_step", "radius", lambda value: O.dogleg_step(G, H, value), NOT_POSITIVE),
        case("optimization.dogleg_step", "nan in the gradient", lambda: O.dogleg_step([np.nan, 1.0], H, 1.0),
             refuses("gradient")),
        case("optimization.trust_region", "scipy's dogleg on a logistic loss, from far",
             lambda: O.trust_region(logistic.loss, logistic.gradient, logistic.hessian, [8.0, -8.0, 8.0], tol=1e-8).w,
             answers(close(lambda: scipy_dogleg([8.0, -8.0, 8.0]), rtol=0, atol=1e-8))),
        case("optimization.trust_region", "a quadratic: one Newton step inside a radius of 10",
             lambda: O.trust_region(*QUADRATIC, [1.0, -2.0], radius=10.0).radii.size, answers(equal(1))),
        case("optimization.trust_region", "max_radius below radius",
             lambda: O.trust_region(*QUADRATIC, [1.0, 1.0], radius=2.0, max_radius=1.0), refuses("max_radius")),
        case("optimization.trust_region", "eta of 1/4", lambda: O.trust_region(*QUADRATIC, [1.0, 1.0], eta=0.25),
             refuses("eta")),
        *bad_numbers("optimization.trust_region", "tol", lambda value: O.trust_region(*QUADRATIC, [1.0, 1.0], tol=value),
                     NOT_POSITIVE),
        *bad_counts("optimization.trust_region", "max_iter",
                    lambda value: O.trust_region(*QUADRATIC, [1.0, 1.0], max_iter=value)),
        case("optimization.trust_region", "hessian not callable",
             lambda: O.trust_region(QUADRATIC[0], QUADRATIC[1], A, [1.0, 1.0]), refuses("hessian")),
        case("optimization.trust_region", "w0 with inf", lambda: O.trust_region(*QUADRATIC, [np.inf, 1.0]),
             refuses("w0")),
        case("optimization.trust_region", "a loss as steep as exp(||w||^2), from (3, 3): the minimum 0",
             lambda: O.trust_region(lambda w: float(np.exp(w @ w)), lambda w: 2 * w * np.exp(w @ w),
                                    lambda w: np.exp(w @ w) * (2 * np.eye(2) + 4 * np.outer(w, w)), [3.0, 3.0]).w,
             answers(close([0.0, 0.0], atol=1e-4))),
    ]


CASES = [*_trust_region_cases(), *_wolfe_cases(), *_newton_cg_cases(), *_minimize_cases(), *_wrapper_cases(),
         *_piece_cases(), *_convexity_cases(), *_curvature_cases(), *_not_finite_cases(), *_flag_cases(),
         *_overflow_cases(), *_stopping_cases()]
