"""Bad and extreme calls of lecture_utils.optimization."""

import numpy as np

from lecture_utils import ConvergenceWarning, DivergenceWarning
from lecture_utils import optimization as O
from lecture_utils.logistic import LogisticLoss

from . import (NOT_POSITIVE, answers, bad_counts, bad_numbers, bad_seeds, case, close, equal, refuses, satisfies)

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


CASES = [*_minimize_cases(), *_wrapper_cases(), *_piece_cases(), *_convexity_cases()]
