"""Bad and extreme calls of lecture_utils.logistic."""

import warnings

import mpmath
import numpy as np
import statsmodels.api as sm
from scipy import special
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression

from lecture_utils import ConvergenceWarning, SeparationWarning
from lecture_utils import logistic as LR
from lecture_utils.datasets import make_gaussian_classes

from . import (NOT_POSITIVE, answers, bad_arrays, bad_counts, bad_numbers, bad_seeds, case, classifier_cases, close,
               equal, refuses, satisfies)

DATA = make_gaussian_classes([[0.0, 0.0], [1.5, 1.0]], [np.eye(2), np.eye(2)], n_per_class=25, random_state=4)
X, T = DATA.X, DATA.y
IRIS3 = make_gaussian_classes([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], [np.eye(2)] * 3, n_per_class=15, random_state=5)
NOT_NEGATIVE = {"-1": -1.0, "nan": float("nan"), "inf": float("inf"), "text": "0.1", "None": None}
W = np.array([0.3, -0.2, 0.1])


def _mp(function, values):
    mpmath.mp.dps = 50
    return np.array([float(function(mpmath.mpf(float(v)))) for v in values])


def _sklearn_newton():
    model = SklearnLogisticRegression(C=np.inf, tol=1e-12, max_iter=1000).fit(X, T)
    return model.predict_proba(X)


def _sklearn_multinomial(l2):
    """scikit-learn's multinomial fit of the mean cross-entropy + l2/2 ||W||^2 (its C = 1 / (N l2))."""
    model = SklearnLogisticRegression(C=1 / (len(IRIS3.y) * l2), tol=1e-12, max_iter=1000).fit(IRIS3.X, IRIS3.y)
    return model.predict_proba(IRIS3.X)


def _softmax_hessian_by_hand(w):
    """The softmax Hessian on IRIS3 example by example: sum_i kron(x_i x_i^T, diag(p_i) - p_i p_i^T) / N."""
    design = np.c_[IRIS3.X, np.ones(len(IRIS3.X))]
    P = special.softmax(design @ w.reshape(3, 3), axis=1)
    return sum(np.kron(np.outer(x, x), np.diag(p) - np.outer(p, p)) for x, p in zip(design, P)) / len(design)


def _link_cases():
    z = np.array([-1e300, -800.0, -1e-300, 0.0, 1e-300, 800.0, 1e300])
    return [
        *bad_arrays("logistic.sigmoid", "z", LR.sigmoid, [0.5, 1.0], kinds=("nan", "string", "none", "ragged")),
        case("logistic.sigmoid", "z from -1e300 to 1e300", lambda: LR.sigmoid(z),
             answers(close(_mp(lambda v: 1 / (1 + mpmath.exp(-v)), z), rtol=1e-15))),
        *bad_arrays("logistic.log_sigmoid", "z", LR.log_sigmoid, [0.5, 1.0], kinds=("nan", "string", "none")),
        case("logistic.log_sigmoid", "z from -1e300 to 1e300", lambda: LR.log_sigmoid(z),
             answers(close(_mp(lambda v: -mpmath.log1p(mpmath.exp(-v)), z), rtol=1e-15))),
        *bad_arrays("logistic.logit", "p", LR.logit, [0.5, 0.1], kinds=("nan", "string", "none")),
        case("logistic.logit", "p = 1.5", lambda: LR.logit(1.5), refuses("p")),
        case("logistic.logit", "p = 1e-300", lambda: LR.logit(1e-300), answers(close(np.log(1e-300), rtol=1e-15))),
        case("logistic.logit", "p = 0 and 1", lambda: LR.logit([0.0, 1.0]), answers(equal([-np.inf, np.inf]),
                                                                                     infinite=True)),
        *bad_arrays("logistic.softmax", "z", LR.softmax, [[1.0, 2.0], [0.0, 0.0]], kinds=("nan", "string", "none")),
        case("logistic.softmax", "a number", lambda: LR.softmax(3.0), refuses("z")),
        case("logistic.softmax", "axis 2 of a 2-D array", lambda: LR.softmax([[1.0, 2.0]], axis=2), refuses("axis")),
        case("logistic.softmax", "axis 0.5", lambda: LR.softmax([[1.0, 2.0]], axis=0.5), refuses("axis")),
        case("logistic.softmax", "scores of +-1.7e308", lambda: LR.softmax([1.7e308, -1.7e308, 0.0]),
             answers(equal([1.0, 0.0, 0.0]))),
        case("logistic.softmax", "scores of 1e300 apart by 1", lambda: LR.softmax([1e300, 1e300]),
             answers(equal([0.5, 0.5]))),
        case("logistic.softmax", "an empty row", lambda: LR.softmax(np.empty((2, 0))), refuses("z")),
        case("logistic.log_softmax", "scores of +-1.7e308", lambda: LR.log_softmax([1.7e308, -1.7e308]),
             answers(close([0.0, -np.inf], rtol=1e-15), infinite=True)),
        case("logistic.log_softmax", "axis -3 of a 2-D array", lambda: LR.log_softmax([[1.0, 2.0]], axis=-3),
             refuses("axis")),
        case("logistic.log_softmax", "scores 1000 apart", lambda: LR.log_softmax([0.0, 1000.0]),
             answers(close([-1000.0, 0.0], rtol=1e-15, atol=1e-300))),
        case("logistic.log_loss", "t of -1/+1", lambda: LR.log_loss([-1, 1], [0.2, 0.8]), refuses("t")),
        case("logistic.log_loss", "p = 1.2", lambda: LR.log_loss([0, 1], [0.2, 1.2]), refuses("p")),
        case("logistic.log_loss", "lengths 2 and 3", lambda: LR.log_loss([0, 1], [0.2, 0.8, 0.5]), refuses("p")),
        case("logistic.log_loss", "p = 1e-300 for a one", lambda: LR.log_loss([1], [1e-300]),
             answers(close(-np.log(1e-300), rtol=1e-15))),
    ]


def _objective_cases():
    cases = []
    for name, make, n_weights in (("LogisticLoss", lambda: LR.LogisticLoss(X, T), 3),
                                  ("SoftmaxLoss", lambda: LR.SoftmaxLoss(X, T), 6)):
        target = f"logistic.{name}"
        objective = make()
        for method in ("loss", "gradient", "separates", "hessian"):
            call = getattr(objective, method)
            cases += [
                case(f"{target}.{method}", "w too short", lambda call=call, n=n_weights: call(np.zeros(n - 1)),
                     refuses("w")),
                case(f"{target}.{method}", "w with nan", lambda call=call, n=n_weights: call(np.full(n, np.nan)),
                     refuses("w")),
                case(f"{target}.{method}", "w text", lambda call=call, n=n_weights: call(["a"] * n), refuses("w")),
            ]
        cases += [
            case(f"{target}.gradient", "batch out of range", lambda objective=objective, n=n_weights: objective.gradient(
                np.zeros(n), batch=np.array([0, 500])), refuses("batch")),
            case(f"{target}.gradient", "batch of fractions", lambda objective=objective, n=n_weights: objective.gradient(
                np.zeros(n), batch=np.array([0.5])), refuses("batch")),
            case(target, "nan in X", lambda name=name: getattr(LR, name)(X * np.nan, T), refuses("X")),
            case(target, "t too short", lambda name=name: getattr(LR, name)(X, T[:-1]), refuses("t")),
            case(target, "l2 = -1", lambda name=name: getattr(LR, name)(X, T, l2=-1.0), refuses("l2")),
            case(target, "X at scale 1e300", lambda name=name: getattr(LR, name)(X * 1e300, T),
                 refuses("X", match="Rescale")),
            case(f"{target}.loss", "w of 1e300 (loss ~1e300, not inf)",
                 lambda objective=objective, n=n_weights: objective.loss(np.full(n, 1e300) * np.r_[1, -1, 1, -1, 1, -1][:n]),
                 answers(satisfies(lambda value: 1e298 < value < 1e303, "finite, about 1e300"))),
        ]
    cases += [
        case("logistic.LogisticLoss", "three classes", lambda: LR.LogisticLoss(IRIS3.X, IRIS3.y), refuses("t")),
        case("logistic.LogisticLoss.hessian", "at w = 0: X^T X / 4N", lambda: LR.LogisticLoss(X, T).hessian(np.zeros(3)),
             answers(close(lambda: np.c_[X, np.ones(len(X))].T @ np.c_[X, np.ones(len(X))] / (4 * len(X)),
                           rtol=1e-13))),
        case("logistic.LogisticLoss.separates", "w = 0", lambda: LR.LogisticLoss(X, T).separates(np.zeros(3)),
             answers(equal(False))),
        case("logistic.LogisticLoss.hessian", "scores of 800: s_i = sigma(z) sigma(-z), not 0",
             lambda: LR.LogisticLoss([[1.0], [-1.0]], [1, 0], fit_intercept=False).hessian([800.0]),
             answers(close([[np.exp(-800.0)]], rtol=1e-13))),
        case("logistic.LogisticLoss.gradient", "scores of 40: p - t = -sigma(-40), not a rounded 1 - 1",
             lambda: LR.LogisticLoss([[1.0], [-1.0]], [1, 0], fit_intercept=False).gradient([40.0]),
             answers(close([-special.expit(-40.0)], rtol=1e-13))),
        case("logistic.SoftmaxLoss.hessian", "example by example", lambda: LR.SoftmaxLoss(IRIS3.X, IRIS3.y).hessian(
            np.linspace(-1, 1, 9)), answers(close(lambda: _softmax_hessian_by_hand(np.linspace(-1, 1, 9)), rtol=1e-12,
                                                  atol=1e-15))),
        case("logistic.SoftmaxLoss.hessian", "scores of +-1e300: no nan",
             lambda: LR.SoftmaxLoss(IRIS3.X, IRIS3.y).hessian(np.r_[1e300, -1e300, 0.0, np.zeros(6)]),
             answers(satisfies(lambda H: np.all(np.isfinite(H)), "finite"))),
        case("logistic.learning_rate_bound", "by hand", lambda: LR.learning_rate_bound(X),
             answers(close(lambda: 2 / np.linalg.eigvalsh(np.c_[X, np.ones(len(X))].T @ np.c_[X, np.ones(len(X))]
                                                          / (4 * len(X)))[-1], rtol=1e-12))),
        case("logistic.learning_rate_bound", "X at scale 1e300", lambda: LR.learning_rate_bound(X * 1e300),
             refuses("X")),
        *bad_numbers("logistic.learning_rate_bound", "l2", lambda value: LR.learning_rate_bound(X, l2=value),
                     NOT_NEGATIVE),
        *bad_arrays("logistic.learning_rate_bound", "X", LR.learning_rate_bound, X),
    ]
    return cases


def _model_cases():
    cases = [
        *classifier_cases("logistic.LogisticRegression", lambda: LR.LogisticRegression(solver="newton"), X, T,
                          scales=()),
        case("logistic.LogisticRegression.fit", "Newton at scale 1e100: the same predictions, honestly unconverged",
             lambda: LR.LogisticRegression(solver="newton", max_iter=30).fit(X * 1e100, T).predict(X * 1e100),
             answers(equal(lambda: LR.LogisticRegression(solver="newton").fit(X, T).predict(X)),
                     warns=ConvergenceWarning)),
        case("logistic.LogisticRegression.fit", "features of 1e-100: no gradient can exceed tol",
             lambda: LR.LogisticRegression(solver="newton").fit(X * 1e-100, T), refuses("tol", match="X")),
        case("logistic.SoftmaxRegression.fit", "features of 1e-7: no gradient can exceed tol",
             lambda: LR.SoftmaxRegression().fit(IRIS3.X * 1e-7, IRIS3.y), refuses("tol", match="X")),
        *classifier_cases("logistic.SoftmaxRegression", lambda: LR.SoftmaxRegression(l2=0.01), IRIS3.X, IRIS3.y,
                          scales=()),
        case("logistic.LogisticRegression.fit", "three classes", lambda: LR.LogisticRegression().fit(IRIS3.X, IRIS3.y),
             refuses("t")),
        case("logistic.LogisticRegression.fit", "Newton as scikit-learn", lambda: LR.LogisticRegression(
            solver="newton", tol=1e-10).fit(X, T).predict_proba(X), answers(close(_sklearn_newton, rtol=1e-6))),
        case("logistic.LogisticRegression.fit", "gradient descent at scale 1e100 does not claim convergence",
             lambda: LR.LogisticRegression(solver="gd", max_iter=200).fit(X * 1e100, T),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=ConvergenceWarning)),
        *[case("logistic.LogisticRegression.fit", f"X at scale {scale:g}",
               lambda scale=scale: LR.LogisticRegression().fit(X * scale, T), refuses("X", match="Rescale"))
          for scale in (1e300, 1e-300)],
        case("logistic.LogisticRegression.fit", "separable data, Newton", lambda: LR.LogisticRegression(
            solver="newton").fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=SeparationWarning)),
        *bad_numbers("logistic.LogisticRegression.fit", "learning_rate",
                     lambda value: LR.LogisticRegression(learning_rate=value).fit(X, T),
                     {"0": 0.0, "-1": -1.0, "nan": float("nan"), "inf": float("inf"), "auto misspelled": "Auto"}),
        *bad_numbers("logistic.LogisticRegression.fit", "l2", lambda value: LR.LogisticRegression(l2=value).fit(X, T),
                     NOT_NEGATIVE),
        *bad_numbers("logistic.LogisticRegression.fit", "l1", lambda value: LR.LogisticRegression(l1=value).fit(X, T),
                     NOT_NEGATIVE),
        *bad_numbers("logistic.LogisticRegression.fit", "tol", lambda value: LR.LogisticRegression(tol=value).fit(X, T),
                     NOT_NEGATIVE),
        *bad_numbers("logistic.LogisticRegression.fit", "decay",
                     lambda value: LR.LogisticRegression(decay=value).fit(X, T), NOT_NEGATIVE),
        *bad_counts("logistic.LogisticRegression.fit", "max_iter",
                    lambda value: LR.LogisticRegression(max_iter=value).fit(X, T)),
        *bad_counts("logistic.LogisticRegression.fit", "batch_size",
                    lambda value: LR.LogisticRegression(solver="sgd", batch_size=value).fit(X, T), none_ok=True),
        *bad_seeds("logistic.LogisticRegression.fit",
                   lambda value: LR.LogisticRegression(solver="sgd", batch_size=5, random_state=value).fit(X, T)),
        case("logistic.LogisticRegression.fit", "solver misspelled", lambda: LR.LogisticRegression(solver="Newton").fit(
            X, T), refuses("solver")),
        case("logistic.LogisticRegression.fit", "fit_intercept text", lambda: LR.LogisticRegression(
            fit_intercept="no").fit(X, T), refuses("fit_intercept")),
        case("logistic.LogisticRegression.fit", "learning rate 1e300 diverges with a flag",
             lambda: LR.LogisticRegression(solver="gd", learning_rate=1e300, max_iter=50).fit(X, T),
             answers(satisfies(lambda m: m.diverged_ and not m.converged_, "diverged"), warns=ConvergenceWarning)),
        case("logistic.LogisticRegression.fit", "l2 = 1e300: all weights 0",
             lambda: LR.LogisticRegression(solver="newton", l2=1e300).fit(X, T).coef_,
             answers(close([0.0, 0.0], atol=1e-290))),
        case("logistic.SoftmaxRegression.fit", "Newton as scikit-learn's multinomial fit", lambda: LR.SoftmaxRegression(
            solver="newton", l2=0.01, tol=1e-10).fit(IRIS3.X, IRIS3.y).predict_proba(IRIS3.X),
             answers(close(lambda: _sklearn_multinomial(0.01), rtol=1e-6, atol=1e-9))),
        case("logistic.SoftmaxRegression.fit", "Newton with l1",
             lambda: LR.SoftmaxRegression(solver="newton", l1=0.1).fit(IRIS3.X, IRIS3.y), refuses("l1")),
        case("logistic.SoftmaxRegression.fit", "Newton with a learning rate", lambda: LR.SoftmaxRegression(
            solver="newton", learning_rate=0.5).fit(IRIS3.X, IRIS3.y), refuses("learning_rate", match="newton")),
        case("logistic.SoftmaxRegression.fit", "Newton on separable classes stops and warns",
             lambda: LR.SoftmaxRegression(solver="newton").fit([[0.0], [1.0], [4.0], [5.0], [8.0], [9.0]],
                                                               [0, 0, 1, 1, 2, 2]),
             answers(satisfies(lambda m: not m.converged_ and m.trace_.status == "stopped", "stopped"),
                     warns=SeparationWarning)),
        case("logistic.SoftmaxRegression.fit", "Newton on a copied feature: a singular Hessian, with a warning",
             lambda: LR.SoftmaxRegression(solver="newton").fit(np.c_[IRIS3.X, 2 * IRIS3.X[:, :1]], IRIS3.y),
             answers(satisfies(lambda m: m.trace_.status == "singular_hessian", "singular"), warns=SeparationWarning)),
        case("logistic.SoftmaxRegression.fit", "Newton at scale 1e100: the same predictions",
             lambda: LR.SoftmaxRegression(solver="newton", max_iter=30).fit(IRIS3.X * 1e100, IRIS3.y).predict(
                 IRIS3.X * 1e100),
             answers(equal(lambda: LR.SoftmaxRegression(solver="newton").fit(IRIS3.X, IRIS3.y).predict(IRIS3.X)),
                     warns=ConvergenceWarning)),
        case("logistic.SoftmaxRegression.fit", "X at scale 1e300", lambda: LR.SoftmaxRegression().fit(
            IRIS3.X * 1e300, IRIS3.y), refuses("X")),
    ]
    return cases


def _figure_cases():
    grid = np.stack(np.meshgrid(np.linspace(-2, 2, 3), np.linspace(-1, 1, 2)), axis=-1)
    return [
        case("logistic.loss_surface", "a grid against the objective", lambda: LR.loss_surface(X, T, grid, 0.1),
             answers(close(lambda: np.array([[LR.LogisticLoss(X, T).loss(np.r_[w, 0.1]) for w in row] for row in grid]),
                           rtol=1e-13))),
        case("logistic.loss_surface", "coef of 3 features", lambda: LR.loss_surface(X, T, [1.0, 2.0, 3.0]),
             refuses("coef")),
        case("logistic.loss_surface", "intercepts that do not match the grid",
             lambda: LR.loss_surface(X, T, grid, [0.0, 1.0, 2.0, 3.0]), refuses("intercept")),
        case("logistic.loss_surface", "coef of 1e300", lambda: LR.loss_surface(X, T, [1e300, -1e300]),
             answers(satisfies(lambda value: 1e298 < value < 1e304, "about 1e300"))),
        case("logistic.loss_surface", "l2 with coef of 1e200: 1e400 beyond the float range",
             lambda: LR.loss_surface(X, T, [1e200, -1e200], l2=1.0), answers(equal(np.inf), infinite=True)),
        case("logistic.loss_surface", "three classes", lambda: LR.loss_surface(IRIS3.X, IRIS3.y, [1.0, 1.0]),
             refuses("t")),
        *bad_numbers("logistic.loss_surface", "l1", lambda value: LR.loss_surface(X, T, [1.0, 1.0], l1=value),
                     NOT_NEGATIVE),
        case("logistic.regularization_path", "lambdas from 1e-4 to 1", lambda: LR.regularization_path(
            X, T, np.logspace(-4, 0, 5)).coef[-1],
             answers(close(lambda: LR.LogisticRegression(solver="newton", l2=1.0).fit(X, T).coef_, rtol=1e-6))),
        case("logistic.regularization_path", "negative lambda", lambda: LR.regularization_path(X, T, [0.1, -1.0]),
             refuses("lambdas")),
        case("logistic.regularization_path", "no lambdas", lambda: LR.regularization_path(X, T, []), refuses("lambdas")),
        case("logistic.regularization_path", "penalty misspelled", lambda: LR.regularization_path(X, T, [0.1],
                                                                                                  penalty="L2"),
             refuses("penalty")),
        case("logistic.regularization_path", "an unknown parameter", lambda: LR.regularization_path(
            X, T, [0.1], alpha=3), refuses("alpha")),
        case("logistic.regularization_path", "lambda 1e300", lambda: LR.regularization_path(X, T, [1e300]).coef,
             answers(close([[0.0, 0.0]], atol=1e-290))),
        case("logistic.irls_step", "from w = 0 as the Newton step", lambda: LR.irls_step(X, T, np.zeros(3)),
             answers(close(lambda: -np.linalg.solve(LR.LogisticLoss(X, T).hessian(np.zeros(3)),
                                                    LR.LogisticLoss(X, T).gradient(np.zeros(3))), rtol=1e-10))),
        case("logistic.irls_step", "w of the wrong length", lambda: LR.irls_step(X, T, [0.0, 0.0]), refuses("w")),
        case("logistic.irls_step", "w with nan", lambda: LR.irls_step(X, T, [np.nan, 0.0, 0.0]), refuses("w")),
        case("logistic.irls_step", "w where every p is 0 or 1", lambda: LR.irls_step(X, T, [1e3, 1e3, 0.0]),
             refuses("w", match="p")),
    ]


def _irls_cases():
    mpmath.mp.dps = 50

    def by_mpmath(z, t):                 # s = p (1 - p), r = z + (t - p) / s, at 50 digits (1 - p = e^-z p)
        e = mpmath.exp(-mpmath.mpf(z))
        p, q = 1 / (1 + e), e / (1 + e)
        return float(p * q), float(z + (q if t == 1 else -p) / (p * q))
    return [
        *[case("logistic.working_response", f"z = {z:g}, t = {t}", lambda z=z, t=t: LR.working_response([z], [t]),
               answers(close(lambda z=z, t=t: np.array(by_mpmath(z, t))[:, None], rtol=1e-13)))
          for z, t in ((0.5, 1), (-3.0, 1), (30.0, 1), (-700.0, 0), (700.0, 1))],
        case("logistic.working_response", "z = 1e300 against its target: r overflows to -inf, s to 0",
             lambda: LR.working_response([1e300], [0]), answers(close([[0.0], [-np.inf]]), infinite=True)),
        case("logistic.working_response", "z and t of different lengths",
             lambda: LR.working_response([0.0, 1.0, 2.0], [0, 1]), refuses("z")),
        case("logistic.working_response", "t = 2", lambda: LR.working_response([0.0], [2]), refuses("t")),
        case("logistic.working_response", "nan in z", lambda: LR.working_response([np.nan], [1]), refuses("z")),
        case("logistic.working_response", "z as text", lambda: LR.working_response("ab", [0, 1]), refuses("z")),
    ]


def _path_cases():
    objective = LR.LogisticLoss(X, T, l2=0.1)
    W = np.array([[0.0, 0.0, 0.0], [0.3, -0.2, 0.1], [1e300, -1e300, 0.0]])
    return [
        case("logistic.LogisticLoss.along", "as loss() row by row", lambda: objective.along(W[:2]),
             answers(close(lambda: [objective.loss(w) for w in W[:2]], rtol=1e-13))),
        case("logistic.LogisticLoss.along", "weights of 1e300 with l2: the loss is inf", lambda: objective.along(W),
             answers(satisfies(lambda loss: loss[2] == np.inf, "inf for 1e300"), infinite=True)),
        case("logistic.LogisticLoss.along", "gradients as gradient() row by row",
             lambda: objective.along(W[:2], gradients=True)[1],
             answers(close(lambda: [objective.gradient(w) for w in W[:2]], rtol=1e-13))),
        case("logistic.LogisticLoss.along", "W of the wrong width", lambda: objective.along(np.zeros((2, 2))),
             refuses("W")),
        case("logistic.LogisticLoss.along", "nan in W", lambda: objective.along(np.full((1, 3), np.nan)),
             refuses("W")),
        case("logistic.LogisticLoss.along", "gradients as text", lambda: objective.along(W[:1], gradients="yes"),
             refuses("gradients")),
        case("logistic.descent_path", "as minimize's gradient descent", lambda: LR.descent_path(X, T, 0.5, 5).weights,
             answers(close(lambda: __import__("lecture_utils.optimization", fromlist=["minimize"]).minimize(
                 LR.LogisticLoss(X, T), np.zeros(3), "gd", learning_rate=0.5, max_iter=5, tol=0).weights,
                 rtol=1e-15))),
        case("logistic.descent_path", "epochs of minibatches of 10", lambda: LR.descent_path(
            X, T, 0.5, 4, batch_size=10, random_state=0).epoch, answers(close(np.arange(5) * 10 / len(T)))),
        *bad_numbers("logistic.descent_path", "learning_rate", lambda value: LR.descent_path(X, T, value, 5),
                     NOT_POSITIVE),
        case("logistic.descent_path", "n_updates = 10**12 would run for hours",
             lambda: LR.descent_path(X, T, 0.5, 10 ** 12), refuses("n_updates")),
        *bad_counts("logistic.descent_path", "n_updates", lambda value: LR.descent_path(X, T, 0.5, value)),
        case("logistic.descent_path", "w0 too short", lambda: LR.descent_path(X, T, 0.5, 5, w0=[1.0]), refuses("w0")),
        *bad_seeds("logistic.descent_path", lambda value: LR.descent_path(X, T, 0.5, 5, batch_size=10,
                                                                          random_state=value)),
        case("logistic.descent_paths", "as descent_path at each learning rate",
             lambda: [path.weights for path in LR.descent_paths(X, T, [0.1, 0.5], 5, batch_size=10, random_state=0)],
             answers(close(lambda: [LR.descent_path(X, T, eta, 5, batch_size=10, random_state=0).weights
                                    for eta in (0.1, 0.5)], rtol=1e-12))),
        case("logistic.descent_paths", "no learning rate", lambda: LR.descent_paths(X, T, [], 5),
             refuses("learning_rates")),
        case("logistic.descent_paths", "a learning rate of 0", lambda: LR.descent_paths(X, T, [0.1, 0.0], 5),
             refuses("learning_rates")),
        case("logistic.descent_paths", "nan among the learning rates",
             lambda: LR.descent_paths(X, T, [0.1, float("nan")], 5), refuses("learning_rates")),
        *bad_counts("logistic.descent_paths", "n_updates", lambda value: LR.descent_paths(X, T, [0.5], value)),
        *bad_seeds("logistic.descent_paths", lambda value: LR.descent_paths(X, T, [0.5], 5, batch_size=10,
                                                                            random_state=value)),
        case("logistic.loss_grid", "as loss_surface point by point", lambda: LR.loss_grid(X[:, :1], T, (-1, 1), (-2, 2),
                                                                                          3)[2],
             answers(close(lambda: [[LR.loss_surface(X[:, :1], T, [w], b) for w in np.linspace(-1, 1, 3)]
                                    for b in np.linspace(-2, 2, 3)], rtol=1e-13))),
        case("logistic.loss_grid", "X of two inputs", lambda: LR.loss_grid(X, T, (-1, 1), (-1, 1), 3), refuses("X")),
        case("logistic.loss_grid", "w_limits wider than float64 holds (issue 35: a grid of inf and nan)",
             lambda: LR.loss_grid(X[:, :1], T, (-1e308, 1e308), (-1, 1), 3), refuses("w_limits")),
        case("logistic.loss_grid", "reversed w_limits", lambda: LR.loss_grid(X[:, :1], T, (1, -1), (-1, 1), 3),
             refuses("w_limits")),
        case("logistic.loss_grid", "b_limits with nan", lambda: LR.loss_grid(X[:, :1], T, (-1, 1), (np.nan, 1), 3),
             refuses("b_limits")),
        case("logistic.loss_grid", "n = 10**6 cannot fit", lambda: LR.loss_grid(X[:, :1], T, (-1, 1), (-1, 1), 10 ** 6),
             refuses("n", match="GiB")),
        *bad_counts("logistic.loss_grid", "n", lambda value: LR.loss_grid(X[:, :1], T, (-1, 1), (-1, 1), value)),
    ]


# Issue 20: a 200 x 3 binary problem near 0, and statsmodels' Logit of it
_RNG = np.random.default_rng(7)
XB = _RNG.standard_normal((200, 3))
TB = (_RNG.uniform(size=200) < special.expit(XB @ [1.0, -2.0, 0.5] + 0.3)).astype(int)
SEPARABLE = ([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1])


def _statsmodels(shift=0.0):
    """statsmodels' Logit on XB, as (coef, intercept) of the features XB + shift: (w, b - shift sum_j w_j)."""
    params = sm.Logit(TB, sm.add_constant(XB)).fit(disp=0, tol=1e-12).params
    return np.r_[params[1:], params[0] - shift * params[1:].sum()]


def _warning_of(fit):
    """What ``fit()`` warned, as one text (the warnings caught here, so the case sees none)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fit()
    return " | ".join(str(w.message) for w in caught)


def _shift_cases():
    """Issue 20, item 3 and its family: features far from 0 (x + s) fit as those near 0, their intercept moved by
    -s sum_j w_j. float64 keeps x + s to s 2^-52: about 16 - log10(s) digits of a unit spread, hence the tolerances
    100 s eps; at s = 1e16 the spread itself is rounded away."""
    eps = np.finfo(float).eps
    cases = []
    for shift in (1e6, 1e8, 1e10):
        rtol = max(1e-8, 100 * shift * eps)
        cases.append(case("logistic.LogisticRegression.fit", f"Newton on features shifted by {shift:g}: statsmodels'",
                          lambda shift=shift: (lambda m: np.r_[m.coef_, m.intercept_])(
                              LR.LogisticRegression(solver="newton", tol=1e-10).fit(XB + shift, TB)),
                          answers(close(lambda shift=shift: _statsmodels(shift), rtol=rtol))))
    return cases + [
        case("logistic.LogisticRegression.fit", "Newton at +1e8 without a bias: the features nearly collinear, said so",
             lambda: LR.LogisticRegression(solver="newton", fit_intercept=False).fit(XB + 1e8, TB),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=SeparationWarning)),
        case("logistic.LogisticRegression.bse_", "standard errors at +1e8: the intercept's is that of b - s sum w",
             lambda: LR.LogisticRegression(solver="newton", tol=1e-10).fit(XB + 1e8, TB).bse_,
             answers(close(lambda: _statsmodels_bse(1e8), rtol=1e-6))),
        case("logistic.LogisticRegression.fit", "gradient descent at +1e6: advises centring, not more steps",
             lambda: _warning_of(lambda: LR.LogisticRegression(solver="gd", max_iter=50).fit(XB + 1e6, TB)),
             answers(satisfies(lambda text: "centre the features" in text and "increase max_iter" not in text,
                               "centring advised"))),
        *[case(f"logistic.{name}.fit", "Newton out of steps is never told to use Newton",
               lambda name=name: _warning_of(lambda: getattr(LR, name)(solver="newton", max_iter=1, tol=1e-14).fit(
                   *((XB, TB) if name == "LogisticRegression" else (IRIS3.X, IRIS3.y)))),
               answers(satisfies(lambda text: "did not converge" in text and "solver='newton'" not in text,
                                 "no advice to use the solver in use")))
          for name in ("LogisticRegression", "SoftmaxRegression")],
        case("logistic.SoftmaxRegression.fit", "Newton at +1e8: the coefficients of the fit near 0",
             lambda: LR.SoftmaxRegression(solver="newton", l2=0.01, tol=1e-10).fit(IRIS3.X + 1e8, IRIS3.y).coef_,
             answers(close(lambda: LR.SoftmaxRegression(solver="newton", l2=0.01, tol=1e-10).fit(
                 IRIS3.X, IRIS3.y).coef_, rtol=1e-6, atol=1e-7))),
        case("logistic.regularization_path", "features at +1e8: the path near 0",
             lambda: LR.regularization_path(XB + 1e8, TB, [0.1, 0.01]).coef,
             answers(close(lambda: LR.regularization_path(XB, TB, [0.1, 0.01]).coef, rtol=1e-6))),
    ]


def _statsmodels_bse(shift):
    """statsmodels' standard errors of (w, b - shift sum_j w_j): sqrt(a^T C a) for the intercept, a = (1, -s, ...)."""
    fit = sm.Logit(TB, sm.add_constant(XB)).fit(disp=0, tol=1e-12)
    a = np.r_[1.0, -shift * np.ones(3)]
    return np.r_[fit.bse[1:], np.sqrt(a @ fit.cov_params() @ a)]


def _flag_and_minimum_cases():
    """Issue 20, item 12 (a string where a flag belongs: "False" counts as true) and item 5's family (a loss
    without a minimum)."""
    flags = [("LogisticLoss", lambda value: LR.LogisticLoss(XB, TB, fit_intercept=value)),
             ("SoftmaxLoss", lambda value: LR.SoftmaxLoss(XB, TB, fit_intercept=value)),
             ("learning_rate_bound", lambda value: LR.learning_rate_bound(XB, fit_intercept=value)),
             ("descent_path", lambda value: LR.descent_path(XB, TB, 0.5, 5, fit_intercept=value)),
             ("irls_step", lambda value: LR.irls_step(XB, TB, np.zeros(4), fit_intercept=value)),
             ("SoftmaxRegression.fit", lambda value: LR.SoftmaxRegression(fit_intercept=value).fit(XB, TB))]
    cases = [case(f"logistic.{name}", f"fit_intercept={value!r}", lambda call=call, value=value: call(value),
                  refuses("fit_intercept")) for name, call in flags for value in ("False", 0)]
    for name, n_weights in (("LogisticLoss", 2), ("SoftmaxLoss", 4)):
        objective = getattr(LR, name)(*SEPARABLE)
        separating = np.r_[10.0, -20.0] if n_weights == 2 else np.r_[-5.0, 5.0, 10.0, -10.0]
        cases += [
            case(f"logistic.{name}.no_minimum", "separable data, separating weights",
                 lambda objective=objective, w=separating: objective.no_minimum(w),
                 answers(satisfies(lambda why: "linearly separable" in why, "no minimum, said why"))),
            case(f"logistic.{name}.no_minimum", "weights that do not separate",
                 lambda objective=objective, n=n_weights: objective.no_minimum(np.zeros(n)), answers(equal(None))),
            case(f"logistic.{name}.no_minimum", "with an L2 penalty there is a minimum",
                 lambda name=name, w=separating: getattr(LR, name)(*SEPARABLE, l2=0.1).no_minimum(w),
                 answers(equal(None))),
            case(f"logistic.{name}.no_minimum", "w too short", lambda objective=objective: objective.no_minimum([1.0]),
                 refuses("w")),
            case(f"logistic.{name}.no_minimum", "w with nan",
                 lambda objective=objective, n=n_weights: objective.no_minimum(np.full(n, np.nan)), refuses("w")),
        ]
    return cases


WIDE = np.random.default_rng(8).standard_normal((40, 1500))                # more weights than Newton takes
LONG = np.random.default_rng(9).standard_normal((5000, 2))


def _size_cases():
    """Issue 20, item 8's family: sizes that would run for minutes or not fit, refused before computing."""
    t40, t5000 = np.arange(40) % 2, np.arange(5000) % 2
    return [
        case("logistic.LogisticRegression.fit", "Newton on 1500 features: a 1501^3 solve per step",
             lambda: LR.LogisticRegression(solver="newton").fit(WIDE, t40), refuses("solver", match="X has 1500")),
        case("logistic.SoftmaxRegression.fit", "Newton on 300 features and 4 classes",
             lambda: LR.SoftmaxRegression(solver="newton").fit(WIDE[:, :300], np.arange(40) % 4),
             refuses("solver", match="1204 weights")),
        case("logistic.LogisticRegression.bse_", "standard errors of 1501 weights",
             lambda: LR.LogisticRegression(max_iter=2).fit(WIDE, t40).bse_, refuses("bse_")),
        case("logistic.LogisticLoss.hessian", "20000 features: a Hessian of 3 GiB",
             lambda: LR.LogisticLoss(np.ones((2, 20000)) * [[1.0], [-1.0]], [0, 1]).hessian(np.zeros(20001)),
             refuses("X", match="GiB")),
        case("logistic.SoftmaxLoss.hessian", "5000 features and 4 classes: a Hessian of 3 GiB",
             lambda: LR.SoftmaxLoss(np.ones((4, 5000)) * np.arange(1, 5)[:, None], [0, 1, 2, 3]).hessian(
                 np.zeros(20004)), refuses("X", match="GiB")),
        case("logistic.regularization_path", "10**5 penalty strengths, a fit each",
             lambda: LR.regularization_path(XB, TB, np.logspace(-4, 0, 10 ** 5)), refuses("lambdas")),
        case("logistic.descent_path", "10**6 updates on 5000 examples: 37 GiB of scores",
             lambda: LR.descent_path(LONG, t5000, 0.1, 10 ** 6), refuses("n_updates", match="GiB")),
        case("logistic.loss_surface", "10**6 weight vectors on 5000 examples",
             lambda: LR.loss_surface(LONG, t5000, np.zeros((10 ** 6, 2))), refuses("coef", match="GiB")),
        case("logistic.LogisticLoss.along", "10**6 rows of W on 5000 examples",
             lambda: LR.LogisticLoss(LONG, t5000).along(np.zeros((10 ** 6, 3))), refuses("W", match="GiB")),
    ]


def _newton_cg_cases():
    """Issue 36: inexact Newton, its Hessian-vector product and scikit-learn's newton-cg."""
    loss = lambda: LR.LogisticLoss(X, T, l2=0.1)
    w, v = np.array([0.3, -0.2, 0.1]), np.array([1.0, 2.0, -1.0])
    target = "logistic.LogisticLoss.hessian_vector"
    return [
        case(target, "H v against the Hessian", lambda: loss().hessian_vector(w, v),
             answers(close(lambda: loss().hessian(w) @ v, rtol=1e-13))),
        case(target, "v of the wrong length", lambda: loss().hessian_vector(w, [1.0, 2.0]), refuses("v")),
        case(target, "v with nan", lambda: loss().hessian_vector(w, [1.0, np.nan, 0.0]), refuses("v")),
        case(target, "v text", lambda: loss().hessian_vector(w, ["a", "b", "c"]), refuses("v")),
        case(target, "w of the wrong length", lambda: loss().hessian_vector([1.0], v), refuses("w")),
        case(target, "scores of 800: s_i = sigma(z) sigma(-z), not 0",
             lambda: LR.LogisticLoss([[1.0], [-1.0]], [1, 0], fit_intercept=False).hessian_vector([800.0], [2.0]),
             answers(close([2 * np.exp(-800.0)], rtol=1e-13))),
        case("logistic.LogisticRegression.fit", "Newton-CG as scikit-learn's newton-cg", lambda: LR.LogisticRegression(
            solver="newton-cg", tol=1e-10).fit(X, T).predict_proba(X), answers(close(_sklearn_newton, rtol=1e-6))),
        case("logistic.LogisticRegression.fit", "Newton-CG with an L1 penalty",
             lambda: LR.LogisticRegression(solver="newton-cg", l1=0.1).fit(X, T), refuses("l1")),
        case("logistic.LogisticRegression.fit", "Newton-CG with a learning rate",
             lambda: LR.LogisticRegression(solver="newton-cg", learning_rate=0.1).fit(X, T), refuses("learning_rate")),
        case("logistic.LogisticRegression.fit", "separable data, Newton-CG", lambda: LR.LogisticRegression(
            solver="newton-cg").fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]),
             answers(satisfies(lambda m: not m.converged_, "not converged"), warns=SeparationWarning)),
        case("logistic.LogisticRegression.fit", "Newton-CG on features a million times larger, tol with them",
             lambda: LR.LogisticRegression(solver="newton-cg", tol=1e-4).fit(X * 1e6, T).predict_proba(X * 1e6),
             answers(close(lambda: LR.LogisticRegression(solver="newton", tol=1e-10).fit(X, T).predict_proba(X),
                           atol=1e-7))),
    ]


def _statsmodels_probit(X_, T_):
    model = sm.GLM(T_, np.column_stack([X_, np.ones(len(T_))]), family=sm.families.Binomial(
        link=sm.families.links.Probit()))
    return model, model.fit(tol=1e-13).params


def _glm_cases():
    far = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]])
    return [
        case("logistic.fisher_scoring", "probit as statsmodels' GLM", lambda: LR.fisher_scoring(X, T, "probit"),
             answers(close(lambda: _statsmodels_probit(X, T)[1], rtol=0, atol=1e-8))),
        case("logistic.fisher_scoring", "probit by Newton's method", lambda: LR.fisher_scoring(X, T, "probit", "newton"),
             answers(close(lambda: _statsmodels_probit(X, T)[1], rtol=0, atol=1e-8))),
        case("logistic.fisher_scoring", "logit as the course's Newton fit", lambda: LR.fisher_scoring(X, T, "logit"),
             answers(close(lambda: np.r_[(lambda m: (m.coef_.ravel(), m.intercept_))(LR.LogisticRegression(solver="newton", tol=1e-12).fit(X, T))], rtol=1e-7))),
        case("logistic.fisher_scoring", "features a thousand times larger: the weights a thousand times smaller",
             lambda: LR.fisher_scoring(X * 1e3, T, "probit")[:-1] * 1e3,
             answers(close(lambda: _statsmodels_probit(X, T)[1][:-1], rtol=1e-7))),
        case("logistic.fisher_scoring", "separable data: the weights grow, a warning",
             lambda: LR.fisher_scoring(far, [0, 0, 0, 1, 1, 1], "probit", max_iter=5),
             answers(warns=ConvergenceWarning)),
        case("logistic.fisher_scoring", "link misspelled", lambda: LR.fisher_scoring(X, T, "Probit"), refuses("link")),
        case("logistic.fisher_scoring", "method misspelled", lambda: LR.fisher_scoring(X, T, method="scoring"),
             refuses("method")),
        case("logistic.fisher_scoring", "one class", lambda: LR.fisher_scoring(X, np.zeros(len(X))), refuses("t")),
        case("logistic.fisher_scoring", "nan in X", lambda: LR.fisher_scoring(np.where(X > 2, np.nan, X), T),
             refuses("X")),
        *bad_numbers("logistic.fisher_scoring", "tol", lambda value: LR.fisher_scoring(X, T, tol=value), NOT_POSITIVE),
        *bad_counts("logistic.fisher_scoring", "max_iter", lambda value: LR.fisher_scoring(X, T, max_iter=value)),
        case("logistic.fisher_scoring", "return_n_iter as text", lambda: LR.fisher_scoring(X, T, return_n_iter="yes"),
             refuses("return_n_iter")),
        *[case("logistic.glm_information", f"probit, {kind}, as statsmodels' Hessian",
               lambda kind=kind: LR.glm_information(X, T, _statsmodels_probit(X, T)[1], "probit", kind),
               answers(close(lambda kind=kind: -_statsmodels_probit(X, T)[0].hessian(
                   _statsmodels_probit(X, T)[1], observed=kind == "observed"), rtol=1e-10)))
          for kind in ("expected", "observed")],
        case("logistic.glm_information", "logit: observed = expected = N times the course's Hessian",
             lambda: LR.glm_information(X, T, W, "logit", "observed"),
             answers(close(lambda: len(T) * LR.LogisticLoss(X, T).hessian(W), rtol=1e-12))),
        case("logistic.glm_information", "probit at scores of 40: finite, not nan",
             lambda: LR.glm_information(far, [0, 0, 0, 1, 1, 1], [8.0, 0.0], "probit", "observed"),
             answers(satisfies(lambda J: np.all(np.isfinite(J)) and J[0, 0] > 0, "finite, positive"))),
        case("logistic.glm_information", "kind misspelled", lambda: LR.glm_information(X, T, W, kind="fisher"),
             refuses("kind")),
        case("logistic.glm_information", "w of the wrong length", lambda: LR.glm_information(X, T, [1.0, 2.0]),
             refuses("w")),
    ]


def _laplace_cases():
    target = "logistic.BayesianLogisticRegression"
    fitted = LR.BayesianLogisticRegression(prior_variance=2.0).fit(X, T)
    return [
        *classifier_cases(target, lambda: LR.BayesianLogisticRegression(), X, T, scales=()),
        case(f"{target}.fit", "w_MAP as scikit-learn's LogisticRegression(C = prior_variance)",
             lambda: LR.BayesianLogisticRegression(prior_variance=2.0).fit(X, T).weights_,
             answers(close(lambda: (lambda m: np.r_[m.coef_.ravel(), m.intercept_])(SklearnLogisticRegression(
                 C=2.0, tol=1e-12, max_iter=10_000).fit(X, T)), rtol=0, atol=1e-7))),
        case(f"{target}.fit", "a prior variance of 1e-12: the coefficients pinned at 0",
             lambda: LR.BayesianLogisticRegression(prior_variance=1e-12).fit(X, T).coef_,
             answers(close([0.0, 0.0], atol=1e-9))),
        *bad_numbers(f"{target}.fit", "prior_variance",
                     lambda value: LR.BayesianLogisticRegression(prior_variance=value).fit(X, T), NOT_POSITIVE),
        *bad_numbers(f"{target}.fit", "tol", lambda value: LR.BayesianLogisticRegression(tol=value).fit(X, T),
                     NOT_POSITIVE),
        case(f"{target}.fit", "fit_intercept as text",
             lambda: LR.BayesianLogisticRegression(fit_intercept="no").fit(X, T), refuses("fit_intercept")),
        case(f"{target}.score_distribution", "the variance x~^T S_N x~, by hand",
             lambda: fitted.score_distribution(X[:3])[1],
             answers(close(lambda: np.array([np.r_[x, 1.0] @ fitted.covariance_ @ np.r_[x, 1.0] for x in X[:3]]),
                           rtol=1e-12))),
        case(f"{target}.score_distribution", "unfitted", lambda: LR.BayesianLogisticRegression().score_distribution(X),
             refuses("fit")),
        case(f"{target}.score_distribution", "X of one feature more", lambda: fitted.score_distribution(np.c_[X, X]),
             refuses("X")),
        case(f"{target}.predict_proba", "a point 1e6 away: moderated to an asymptote, not 0 or 1",
             lambda: fitted.predict_proba([[1e6, 1e6]])[0],
             answers(satisfies(lambda p: 1e-6 < p[1] < 1 - 1e-6 and abs(p.sum() - 1) < 1e-15, "inside (0, 1)"))),
        case(f"{target}.predict_proba", "moderated as text", lambda: fitted.predict_proba(X, moderated="yes"),
             refuses("moderated")),
        case("logistic.probit_approximation", "mu = 1, variance 5.3, by hand",
             lambda: LR.probit_approximation(1.0, 5.3),
             answers(close(lambda: float(special.expit(1 / np.sqrt(1 + np.pi * 5.3 / 8))), rtol=1e-15))),
        case("logistic.probit_approximation", "variance 1e300: 1/2 to rounding, no nan, never across",
             lambda: LR.probit_approximation([-1e3, 1e3], 1e300),
             answers(satisfies(lambda p: p[0] <= 0.5 <= p[1] and abs(p[0] - 0.5) < 1e-15, "1/2, each on its side"))),
        case("logistic.probit_approximation", "a negative variance", lambda: LR.probit_approximation(1.0, -1.0),
             refuses("variance")),
        case("logistic.probit_approximation", "shapes that do not broadcast",
             lambda: LR.probit_approximation([1.0, 2.0], [1.0, 2.0, 3.0]), refuses("mean")),
        case("logistic.probit_approximation", "nan in mean", lambda: LR.probit_approximation(np.nan, 1.0),
             refuses("mean")),
    ]


CASES = [*_laplace_cases(), *_glm_cases(), *_link_cases(), *_objective_cases(), *_model_cases(), *_figure_cases(), *_irls_cases(), *_path_cases(),
         *_shift_cases(), *_flag_and_minimum_cases(), *_size_cases(), *_newton_cg_cases()]
