"""Bad and extreme calls of lecture_utils.perceptron."""

import numpy as np
from sklearn.linear_model import Perceptron as SklearnPerceptron

from lecture_utils import ConvergenceWarning
from lecture_utils import perceptron as P
from lecture_utils.datasets import make_separable

from . import (NOT_POSITIVE, answers, bad_arrays, bad_counts, bad_numbers, bad_seeds, case, close, equal,
               refuses, satisfies)

DATA = make_separable(30, 0.1, random_state=3)
X, T = DATA.X, DATA.y
X_TILDE = P.add_bias(X)
W_STAR = DATA.w_star
XOR_X, XOR_T = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]), np.array([-1, -1, 1, 1])


def _sklearn_perceptron():
    model = SklearnPerceptron(shuffle=False, eta0=1.0, tol=None, max_iter=100).fit(X, T)
    return model.coef_[0], model.intercept_[0]


def _fits_like_sklearn(scale):
    coef, intercept = _sklearn_perceptron()

    def check(model):
        assert model.converged_ and model.score(X * scale, T) == 1.0
        np.testing.assert_allclose(model.coef_ / scale, coef, rtol=1e-12)
        np.testing.assert_allclose(model.intercept_, intercept, rtol=1e-12)
    return check


def _fit(**params):
    return lambda: P.Perceptron(**params).fit(X, T)


def _estimator_cases():
    target = "perceptron.Perceptron"
    fitted = P.Perceptron().fit(X, T)
    cases = [
        *bad_arrays(f"{target}.fit", "X", lambda value: P.Perceptron().fit(value, T), X),
        case(f"{target}.fit", "1-D X", lambda: P.Perceptron().fit(X[:, 0], T), refuses("X")),
        case(f"{target}.fit", "t of 0/1", lambda: P.Perceptron().fit(X, (T + 1) // 2), refuses("t")),
        case(f"{target}.fit", "t too short", lambda: P.Perceptron().fit(X, T[:-1]), refuses("t")),
        case(f"{target}.fit", "nan in t", lambda: P.Perceptron().fit(X, np.r_[np.nan, T[1:]]), refuses("t")),
        case(f"{target}.fit", "text labels", lambda: P.Perceptron().fit(X, np.where(T > 0, "a", "b")),
             refuses("t")),
        case(f"{target}.fit", "one class", lambda: P.Perceptron().fit(X, np.ones(len(T))),
             answers(satisfies(lambda m: m.converged_ and m.score(X, np.ones(len(T))) == 1, "all predicted +1"))),
        *bad_counts(f"{target}.fit", "max_epochs", lambda value: P.Perceptron(max_epochs=value).fit(X, T)),
        *bad_numbers(f"{target}.fit", "learning_rate", lambda value: P.Perceptron(learning_rate=value).fit(X, T),
                     NOT_POSITIVE),
        *bad_seeds(f"{target}.fit", lambda value: P.Perceptron(shuffle=True, random_state=value).fit(X, T)),
        case(f"{target}.fit", "plain scale", _fit(), answers(_fits_like_sklearn(1.0))),
        case(f"{target}.fit", "scale 1e100", lambda: P.Perceptron().fit(X * 1e100, T),
             answers(satisfies(lambda m: m.converged_ and m.score(X * 1e100, T) == 1, "separates"))),
        case(f"{target}.fit", "scale 1e306 (no false convergence)", lambda: P.Perceptron().fit(X * 1e306, T),
             refuses("X", match="scale|overflow|rescale")),
        case(f"{target}.fit", "scale 1e-320 (subnormal)", lambda: P.Perceptron().fit(X * 1e-320, T),
             refuses("X", match="scale|underflow|rescale")),
        case(f"{target}.fit", "scale 1e300 without bias",
             lambda: P.Perceptron(fit_intercept=False).fit(X_TILDE * 1e300, T),
             refuses("X", match="scale|overflow|rescale")),
        case(f"{target}.fit", "XOR", lambda: P.Perceptron(max_epochs=5).fit(XOR_X, XOR_T),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=ConvergenceWarning)),
        case(f"{target}.fit", "int8 X, list t", lambda: P.Perceptron().fit(np.array([[1, 2], [-3, 1]], np.int8),
                                                                           [1, -1]),
             answers(satisfies(lambda m: m.converged_, "converged"))),
        case(f"{target}.fit", "huge max_epochs on XOR stops on time",
             lambda: P.Perceptron(max_epochs=20_000).fit(XOR_X, XOR_T),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=ConvergenceWarning)),
    ]
    for method in ("predict", "decision_function"):
        call = getattr(fitted, method)
        cases += [
            *bad_arrays(f"{target}.{method}", "X", call, X),
            case(f"{target}.{method}", "3 features", lambda call=call: call(np.ones((2, 3))), refuses("X")),
            case(f"{target}.{method}", "unfitted", lambda method=method: getattr(P.Perceptron(), method)(X),
                 refuses("fit")),
        ]
    cases += [
        case(f"{target}.predict", "scale 1e300", lambda: fitted.predict(X * 1e300),
             answers(equal(lambda: fitted.predict(X)))),
        case(f"{target}.decision_function", "scale 1e-300", lambda: fitted.decision_function(X * 1e-300),
             answers(close(lambda: fitted.intercept_ + X @ fitted.coef_ * 1e-300, rtol=1e-12))),
        case(f"{target}.score", "t of 0/1", lambda: fitted.score(X, (T + 1) // 2), refuses("t")),
        case(f"{target}.score", "t too short", lambda: fitted.score(X, T[:-1]), refuses("t")),
        case(f"{target}.score", "nan in X", lambda: fitted.score(np.full_like(X, np.nan), T), refuses("X")),
        case(f"{target}.score", "unfitted", lambda: P.Perceptron().score(X, T), refuses("fit")),
        case(f"{target}", "bad max_epochs fails at fit, not at construction",
             lambda: P.Perceptron(max_epochs="many"), answers(satisfies(lambda m: m.max_epochs == "many", "stored"))),
    ]
    return cases


def _trace_cases():
    target = "perceptron.perceptron_trace"
    return [
        *bad_arrays(target, "X", lambda value: P.perceptron_trace(value, T), X),
        case(target, "t of 0/1", lambda: P.perceptron_trace(X, (T + 1) // 2), refuses("t")),
        *bad_counts(target, "max_epochs", lambda value: P.perceptron_trace(X, T, max_epochs=value)),
        *bad_seeds(target, lambda value: P.perceptron_trace(X, T, shuffle=True, random_state=value)),
        case(target, "scale 1e306", lambda: P.perceptron_trace(X * 1e306, T), refuses("X")),
        case(target, "scale 1e100 makes the updates of scale 1", lambda: P.perceptron_trace(X * 2.0 ** 300, T,
                                                                                         fit_intercept=False),
             answers(satisfies(lambda trace: np.array_equal(
                 trace.index, P.perceptron_trace(X, T, fit_intercept=False).index), "same updates"))),
        case("perceptron.PerceptronTrace.n_mistakes", "no updates",
             lambda: P.perceptron_trace([[1.0, 0.0]], [1]).n_mistakes(), answers(equal([1, 0]))),
        case("perceptron.PerceptronTrace.update_counts", "XOR",
             lambda: P.perceptron_trace(XOR_X, XOR_T, max_epochs=3).update_counts(),
             answers(satisfies(lambda counts: counts.sum() > 0 and counts.shape == (4,), "counts per example"),
                     warns=ConvergenceWarning)),
    ]


def _plain_cases():
    target = "perceptron.perceptron_plain"
    return [
        *bad_arrays(target, "X", lambda value: P.perceptron_plain(value, T), X_TILDE),
        case(target, "t of 0/1", lambda: P.perceptron_plain(X_TILDE, (T + 1) // 2), refuses("t")),
        *bad_counts(target, "max_epochs", lambda value: P.perceptron_plain(X_TILDE, T, max_epochs=value)),
        case(target, "scale 1e306", lambda: P.perceptron_plain(X_TILDE * 1e306, T), refuses("X")),
        case(target, "same as the estimator", lambda: P.perceptron_plain(X_TILDE, T),
             answers(close(lambda: np.r_[_sklearn_perceptron()[0], _sklearn_perceptron()[1]], rtol=1e-12))),
    ]


def _geometry_cases():
    norms = np.linalg.norm(X_TILDE, axis=1)
    margins = T * (X_TILDE @ W_STAR)
    bound = norms.max() ** 2 * (W_STAR @ W_STAR) / margins.min() ** 2
    return [
        *bad_arrays("perceptron.add_bias", "X", P.add_bias, X),
        case("perceptron.add_bias", "1-D X", lambda: P.add_bias(X[:, 0]), refuses("X")),
        *bad_arrays("perceptron.radius", "X", P.radius, X),
        case("perceptron.radius", "scale 1e300", lambda: P.radius(X * 1e300), answers(close(np.linalg.norm(X, axis=1).max() * 1e300, rtol=1e-14))),
        case("perceptron.radius", "scale 1e-300", lambda: P.radius(X * 1e-300),
             answers(close(np.linalg.norm(X, axis=1).max() * 1e-300, rtol=1e-14))),
        case("perceptron.radius", "sqrt(2) 1.7e308 exceeds the float range", lambda: P.radius([[1.7e308, 1.7e308]]),
             refuses("X", match="float64")),
        *bad_arrays("perceptron.min_margin", "w", lambda value: P.min_margin(X_TILDE, T, value), W_STAR,
                    kinds=("nan", "inf", "string", "none")),
        case("perceptron.min_margin", "w too short", lambda: P.min_margin(X_TILDE, T, W_STAR[:2]), refuses("w")),
        case("perceptron.min_margin", "t of 0/1", lambda: P.min_margin(X_TILDE, (T + 1) // 2, W_STAR),
             refuses("t")),
        case("perceptron.min_margin", "X 1e-300, w 1e300", lambda: P.min_margin(X_TILDE * 1e-300, T, W_STAR * 1e300),
             answers(close(margins.min(), rtol=1e-12))),
        case("perceptron.min_margin", "X and w 1e200: 1e400 overflows",
             lambda: P.min_margin(X_TILDE * 1e200, T, W_STAR * 1e200), refuses("w", match="float")),
        case("perceptron.mistake_bound", "by hand", lambda: P.mistake_bound(X_TILDE, T, W_STAR),
             answers(close(bound, rtol=1e-12))),
        *[case("perceptron.mistake_bound", f"X at scale {scale:g}, w* at {w_scale:g}",
               lambda scale=scale, w_scale=w_scale: P.mistake_bound(X_TILDE * scale, T, W_STAR * w_scale),
               answers(close(bound, rtol=1e-12)))
          for scale, w_scale in ((1e300, 1.0), (1e-300, 1.0), (1.0, 1e300), (1.0, 1e-300), (1e200, 1e200),
                                 (1e-200, 1e-200), (1e300, 1e-300))],
        case("perceptron.mistake_bound", "w* not separating", lambda: P.mistake_bound(X_TILDE, T, -W_STAR),
             refuses("w_star")),
        case("perceptron.mistake_bound", "w* = 0", lambda: P.mistake_bound(X_TILDE, T, 0 * W_STAR),
             refuses("w_star")),
        case("perceptron.mistake_bound", "w* of wrong length", lambda: P.mistake_bound(X_TILDE, T, W_STAR[:2]),
             refuses("w_star")),
        *bad_arrays("perceptron.mistake_bound", "w_star", lambda value: P.mistake_bound(X_TILDE, T, value), W_STAR,
                    kinds=("nan", "inf", "string", "none")),
        case("perceptron.geometric_margin", "coef = 0", lambda: P.geometric_margin(X, T, [0.0, 0.0], 1.0),
             refuses("coef")),
        case("perceptron.geometric_margin", "coef 1e300", lambda: P.geometric_margin(X, T, W_STAR[:2] * 1e300,
                                                                                    W_STAR[2] * 1e300),
             answers(close(margins.min() / np.linalg.norm(W_STAR[:2]), rtol=1e-12))),
        case("perceptron.geometric_margin", "coef 1e-300", lambda: P.geometric_margin(X, T, W_STAR[:2] * 1e-300,
                                                                                     W_STAR[2] * 1e-300),
             answers(close(margins.min() / np.linalg.norm(W_STAR[:2]), rtol=1e-12))),
        case("perceptron.geometric_margin", "X and b at 1e300", lambda: P.geometric_margin(X * 1e300, T, W_STAR[:2],
                                                                                          W_STAR[2] * 1e300),
             answers(close(margins.min() / np.linalg.norm(W_STAR[:2]) * 1e300, rtol=1e-12))),
        case("perceptron.geometric_margin", "nan intercept", lambda: P.geometric_margin(X, T, W_STAR[:2], np.nan),
             refuses("intercept")),
        case("perceptron.geometric_margin", "array intercept", lambda: P.geometric_margin(X, T, W_STAR[:2], [1, 2]),
             refuses("intercept")),
        case("perceptron.geometric_margin", "coef too long", lambda: P.geometric_margin(X, T, W_STAR, 0.0),
             refuses("coef")),
        case("perceptron.perceptron_criterion", "coef too long",
             lambda: P.perceptron_criterion(X, T, W_STAR, 0.0), refuses("coef")),
        case("perceptron.perceptron_criterion", "t of 0/1",
             lambda: P.perceptron_criterion(X, (T + 1) // 2, W_STAR[:2], 0.0), refuses("t")),
        case("perceptron.perceptron_criterion", "nan intercept",
             lambda: P.perceptron_criterion(X, T, W_STAR[:2], np.nan), refuses("intercept")),
        case("perceptron.perceptron_criterion", "scale 1e-300",
             lambda: P.perceptron_criterion(X * 1e-300, T, -W_STAR[:2], -W_STAR[2] * 1e-300)[0],
             answers(close(lambda: P.perceptron_criterion(X, T, -W_STAR[:2], -W_STAR[2])[0] * 1e-300, rtol=1e-12))),
        case("perceptron.convergence_curves", "w* of wrong length",
             lambda: P.convergence_curves(P.perceptron_trace(X, T), W_STAR[:2]), refuses("w_star")),
        case("perceptron.convergence_curves", "not a trace",
             lambda: P.convergence_curves(X, W_STAR), refuses("trace")),
        case("perceptron.convergence_curves", "w* not separating",
             lambda: P.convergence_curves(P.perceptron_trace(X, T), -W_STAR), refuses("w_star")),
        case("perceptron.convergence_curves", "w* at 1e300",
             lambda: P.convergence_curves(P.perceptron_trace(X, T), W_STAR * 1e300).max_updates,
             answers(close(bound, rtol=1e-12))),
    ]


def _flag_cases():
    """Issue 35: a flag given as a string ("False" counts as true) or a number is refused, naming the flag."""
    flags = [("Perceptron.fit", "fit_intercept", lambda value: P.Perceptron(fit_intercept=value).fit(X, T)),
             ("Perceptron.fit", "shuffle", lambda value: P.Perceptron(shuffle=value).fit(X, T)),
             ("perceptron_trace", "fit_intercept", lambda value: P.perceptron_trace(X, T, fit_intercept=value)),
             ("perceptron_trace", "shuffle", lambda value: P.perceptron_trace(X, T, shuffle=value))]
    return [case(f"perceptron.{name}", f"{flag}={value!r}", lambda call=call, value=value: call(value), refuses(flag))
            for name, flag, call in flags for value in ("False", 0)]


CASES = [*_estimator_cases(), *_trace_cases(), *_plain_cases(), *_geometry_cases(), *_flag_cases()]
