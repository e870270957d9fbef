"""Bad and extreme calls of lecture_utils.perceptron_variants."""

import numpy as np
from sklearn.metrics.pairwise import polynomial_kernel as sklearn_polynomial, rbf_kernel as sklearn_rbf

from lecture_utils import ConvergenceWarning
from lecture_utils import perceptron as P
from lecture_utils import perceptron_variants as V
from lecture_utils.datasets import make_separable

from . import (NOT_POSITIVE, answers, bad_arrays, bad_counts, case, classifier_cases, close, equal, refuses,
               satisfies)

DATA = make_separable(30, 0.1, random_state=3)
X, T = DATA.X, DATA.y
NOISY_T = np.where(np.arange(len(T)) % 7 == 0, -T, T)                # a few labels flipped: not separable
XOR_X, XOR_T = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]), np.array([-1, -1, 1, 1])
THREE = np.array([[0.0, 2.0], [0.2, 2.5], [2.0, -1.0], [2.5, -1.2], [-2.0, -1.0], [-2.4, -0.8]])
THREE_T = np.array(["a", "a", "b", "b", "c", "c"])


def _binary_cases(name: str, make, epochs: str, far):
    """The bad inputs of a binary variant: its arrays, labels, epochs and predictions; ``far`` is what its
    predictions at 1e300 times the training scale must be."""
    target = f"perceptron_variants.{name}"
    fitted = make().fit(X, NOISY_T)
    cases = [
        *bad_arrays(f"{target}.fit", "X", lambda value: make().fit(value, T), X),
        case(f"{target}.fit", "1-D X", lambda: make().fit(X[:, 0], T), refuses("X")),
        case(f"{target}.fit", "t of 0/1", lambda: make().fit(X, (T + 1) // 2), refuses("t")),
        case(f"{target}.fit", "t too short", lambda: make().fit(X, T[:-1]), refuses("t")),
        case(f"{target}.fit", "text labels", lambda: make().fit(X, np.where(T > 0, "a", "b")), refuses("t")),
        case(f"{target}.fit", "scale 1e306", lambda: make().fit(X * 1e306, T), refuses("X")),
        case(f"{target}.predict", "scale 1e300", lambda: fitted.predict(X * 1e300), far(fitted)),
        case(f"{target}.fit", "fit_intercept='False'", lambda: make(fit_intercept="False").fit(X, T),
             refuses("fit_intercept")),
        *bad_counts(f"{target}.fit", epochs, lambda value: make(**{epochs: value}).fit(X, T)),
    ]
    for method in ("predict", "decision_function"):
        call = getattr(fitted, method)
        cases += [
            *bad_arrays(f"{target}.{method}", "X", call, X),
            case(f"{target}.{method}", "3 features", lambda call=call: call(np.ones((2, 3))), refuses("X")),
            case(f"{target}.{method}", "unfitted", lambda method=method: getattr(make(), method)(X), refuses("fit")),
        ]
    cases += [
        case(f"{target}.score", "t of 0/1", lambda: fitted.score(X, (NOISY_T + 1) // 2), refuses("t")),
        case(f"{target}.score", "unfitted", lambda: make().score(X, T), refuses("fit")),
    ]
    return cases


def _pocket(**params):
    return V.PocketPerceptron(**{"max_epochs": 20, **params})


def _averaged(**params):
    return V.AveragedPerceptron(**params)


def _kernel(**params):
    return V.KernelPerceptron(**{"kernel": "poly", "max_epochs": 50, **params})


def _kernel_cases():
    target = "perceptron_variants.KernelPerceptron.fit"
    return [
        case(target, "kernel='sigmoid'", lambda: _kernel(kernel="sigmoid").fit(X, T), refuses("kernel")),
        *[case(target, f"gamma={kind}", lambda value=value: _kernel(gamma=value).fit(X, T), refuses("gamma"))
          for kind, value in NOT_POSITIVE.items()],
        case(target, "degree=0", lambda: _kernel(degree=0).fit(X, T), refuses("degree")),
        case(target, "coef0=-1", lambda: _kernel(coef0=-1.0).fit(X, T), refuses("coef0")),
        case(target, "XOR with a quadratic kernel", lambda: _kernel(coef0=1.0).fit(XOR_X, XOR_T).predict(XOR_X),
             answers(equal(XOR_T))),
        case(target, "XOR with a linear kernel never converges", lambda: _kernel(kernel="linear").fit(XOR_X, XOR_T),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=ConvergenceWarning)),
        case(target, "rbf at scale 1e-150 (every kernel value 1)",
             lambda: V.KernelPerceptron(max_epochs=3).fit(X * 1e-150, T),
             answers(satisfies(lambda m: np.isfinite(m.decision_function(X * 1e-150)).all(), "finite scores"),
                     warns=ConvergenceWarning)),
        case("perceptron_variants.KernelPerceptron.decision_function", "rbf far from every example: the bias alone",
             lambda: V.KernelPerceptron().fit(X, T).decision_function(X * 1e300),
             answers(close(lambda: np.full(len(X), V.KernelPerceptron().fit(X, T).dual_coef_.sum()), rtol=1e-12))),
    ]


def _kernel_function_cases():
    cases = []
    for name, function, reference in (("polynomial_kernel", V.polynomial_kernel,
                                       lambda A, B: sklearn_polynomial(A, B, degree=2, gamma=1.0, coef0=1.0)),
                                      ("rbf_kernel", V.rbf_kernel, lambda A, B: sklearn_rbf(A, B, gamma=1.0))):
        target = f"perceptron_variants.{name}"
        cases += [
            *bad_arrays(target, "A", lambda value, function=function: function(value, X), X),
            *bad_arrays(target, "B", lambda value, function=function: function(X, value), X),
            case(target, "B of other width", lambda function=function: function(X, np.ones((2, 3))), refuses("B")),
            case(target, "as scikit-learn", lambda function=function: function(X, X[:5]),
                 answers(close(lambda reference=reference: reference(X, X[:5]), rtol=1e-12))),
            case(target, "gamma=0", lambda function=function: function(X, X, gamma=0.0), refuses("gamma")),
        ]
    cases += [
        case("perceptron_variants.rbf_kernel", "far apart: exactly 0, not nan",
             lambda: V.rbf_kernel([[1e200, 0.0]], [[-1e200, 0.0]]), answers(equal([[0.0]]))),
        case("perceptron_variants.polynomial_kernel", "degree=1.5",
             lambda: V.polynomial_kernel(X, X, degree=1.5), refuses("degree")),
        *bad_arrays("perceptron_variants.quadratic_features", "X", V.quadratic_features, X),
        case("perceptron_variants.quadratic_features", "coef0=-1", lambda: V.quadratic_features(X, coef0=-1.0),
             refuses("coef0")),
        case("perceptron_variants.quadratic_features", "its inner products are the kernel's",
             lambda: V.quadratic_features(X, 0.5) @ V.quadratic_features(X[:4], 0.5).T,
             answers(close(lambda: sklearn_polynomial(X, X[:4], degree=2, gamma=1.0, coef0=0.5), rtol=1e-12))),
    ]
    return cases


def _bound_cases():
    target = "perceptron_variants.nonseparable_mistake_bound"
    tilde = P.add_bias(X)
    return [
        *bad_arrays(target, "X", lambda value: V.nonseparable_mistake_bound(value, T, [1.0, 1.0], 0.1), X),
        case(target, "t of 0/1", lambda: V.nonseparable_mistake_bound(X, (T + 1) // 2, [1.0, 1.0], 0.1),
             refuses("t")),
        case(target, "w_star zero", lambda: V.nonseparable_mistake_bound(X, T, [0.0, 0.0], 0.1), refuses("w_star")),
        case(target, "w_star too short", lambda: V.nonseparable_mistake_bound(X, T, [1.0], 0.1), refuses("w_star")),
        *[case(target, f"gamma={kind}", lambda value=value: V.nonseparable_mistake_bound(X, T, [1.0, 1.0], value),
               refuses("gamma")) for kind, value in NOT_POSITIVE.items()],
        case(target, "separable at its own margin: Novikoff's bound",
             lambda: V.nonseparable_mistake_bound(tilde, T, DATA.w_star,
                                                  P.min_margin(tilde, T, DATA.w_star) / np.linalg.norm(DATA.w_star)),
             answers(close(lambda: P.mistake_bound(tilde, T, DATA.w_star), rtol=1e-9))),
        case(target, "w_star at scale 1e300", lambda: V.nonseparable_mistake_bound(X, T, np.array([1.0, 1.0]) * 1e300,
                                                                                   0.1),
             answers(close(lambda: V.nonseparable_mistake_bound(X, T, [1.0, 1.0], 0.1), rtol=1e-12))),
    ]


def _bias_negligible(fitted):
    """Far out, a linear model's bias no longer counts: its predictions are the signs of ``x^T w``."""
    return answers(equal(lambda: np.where(X @ fitted.coef_ > 0, 1, -1)))


CASES = [
    *_binary_cases("PocketPerceptron", _pocket, "max_epochs", _bias_negligible),
    *_binary_cases("AveragedPerceptron", _averaged, "n_epochs", _bias_negligible),
    *_binary_cases("KernelPerceptron", _kernel, "max_epochs", lambda fitted: refuses("X")),
    *_kernel_cases(),
    *_kernel_function_cases(),
    *classifier_cases("perceptron_variants.MulticlassPerceptron", V.MulticlassPerceptron, THREE, THREE_T,
                      scales=(2.0 ** 300, 2.0 ** -300)),
    case("perceptron_variants.MulticlassPerceptron.fit", "fit_intercept='False'",
         lambda: V.MulticlassPerceptron(fit_intercept="False").fit(THREE, THREE_T), refuses("fit_intercept")),
    *bad_counts("perceptron_variants.MulticlassPerceptron.fit", "max_epochs",
                lambda value: V.MulticlassPerceptron(max_epochs=value).fit(THREE, THREE_T)),
    case("perceptron_variants.MulticlassPerceptron.fit", "scale 1e306",
         lambda: V.MulticlassPerceptron().fit(THREE * 1e306, THREE_T), refuses("X")),
    *_bound_cases(),
]
