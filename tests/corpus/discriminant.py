"""Bad and extreme calls of lecture_utils.discriminant."""

import numpy as np
from scipy import stats
from scipy.special import expit, softmax
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from lecture_utils import discriminant as DA
from lecture_utils.datasets import load_iris, make_gaussian_classes

from . import (NOT_UNIT, answers, bad_arrays, bad_counts, bad_numbers, case, classifier_cases, close, equal, refuses,
               satisfies)

DATA = make_gaussian_classes([[0.0, 0.0], [2.0, 1.0], [0.0, 3.0]],
                             [[[1.0, 0.3], [0.3, 1.0]], [[1.0, -0.2], [-0.2, 0.5]], [[0.6, 0.0], [0.0, 0.6]]],
                             n_per_class=20, random_state=0)
X, T = DATA.X, DATA.y
MEANS = np.array([[0.0, 0.0], [2.0, 1.0]])
COVARIANCES = np.array([[[1.0, 0.3], [0.3, 1.0]], [[1.0, -0.2], [-0.2, 0.5]]])
PRIORS = np.array([0.4, 0.6])
IRIS = load_iris()
XI, YI = IRIS.X, IRIS.y


def _joint_reference(X, means, covariances, priors):
    return np.column_stack([np.log(p) + stats.multivariate_normal(m, c).logpdf(X)
                            for m, c, p in zip(means, covariances, priors)])


def _classifiers():
    cases = []
    for name, make in (("LDA", DA.LDA), ("QDA", DA.QDA), ("RDA", lambda: DA.RDA(0.5, 0.1)),
                       ("ReducedRankLDA", lambda: DA.ReducedRankLDA(1))):
        target = f"discriminant.{name}"
        cases += classifier_cases(target, make, X, T, scales=(1e100, 1e-100))
        cases += [
            case(f"{target}.fit", f"X at scale {scale:g}", lambda make=make, scale=scale: make().fit(X * scale, T),
                 refuses("X", match="rescale|Rescale"))
            for scale in (1e300, 1e-300)
        ]
        cases += [
            case(f"{target}.fit", "a class of one example", lambda make=make: make().fit(X[:41], T[:41]), refuses("t")),
            case(f"{target}.fit", "priors of 2 for 3 classes", lambda name=name: (
                DA.RDA(0.5, 0.1, priors=PRIORS) if name == "RDA" else getattr(DA, name)(priors=PRIORS)).fit(X, T),
                 refuses("priors")),
            case(f"{target}.fit", "string labels", lambda make=make: make().fit(X, np.array(["a", "b", "c"])[T]).classes_,
                 answers(equal(["a", "b", "c"]))),
            case(f"{target}.predict_proba", "a point 1e150 away",
                 lambda make=make: make().fit(X, T).predict_proba([[1e150, 1e150]]),
                 answers(satisfies(lambda p: np.allclose(p.sum(), 1) and np.all(p >= 0), "a distribution"))),
        ]
    cases += [
        *bad_numbers("discriminant.RDA.fit", "alpha", lambda value: DA.RDA(value, 0.0).fit(X, T), NOT_UNIT),
        *bad_numbers("discriminant.RDA.fit", "gamma", lambda value: DA.RDA(0.0, value).fit(X, T), NOT_UNIT),
        case("discriminant.QDA.fit", "collinear features", lambda: DA.QDA().fit(np.c_[X, X[:, 0] * 2], T),
             refuses("RDA")),
        case("discriminant.LDA.fit", "predictions as scikit-learn's", lambda: DA.LDA().fit(X, T).predict(X),
             answers(equal(lambda: LinearDiscriminantAnalysis().fit(X, T).predict(X)))),
        *_reduced_rank_cases(),
    ]
    return cases


def _same_up_to_sign_and_scale(ours, theirs) -> bool:
    """Every column of ``ours`` is ``+-c`` times the same column of ``theirs``, plus a shift, for some c > 0."""
    return ours.shape == theirs.shape and all(
        abs(abs(np.corrcoef(a, b)[0, 1]) - 1) < 1e-10 for a, b in zip(ours.T, theirs.T))


def _reduced_rank_cases():
    rank = DA.ReducedRankLDA
    return [
        *bad_counts("discriminant.ReducedRankLDA.fit", "n_components", lambda value: rank(value).fit(X, T),
                    none_ok=True),
        case("discriminant.ReducedRankLDA.fit", "n_components 3 for 3 classes", lambda: rank(3).fit(X, T),
             refuses("n_components", match="K - 1")),
        case("discriminant.ReducedRankLDA.fit", "full rank is LDA", lambda: rank().fit(X, T).predict_proba(X),
             answers(close(lambda: DA.LDA().fit(X, T).predict_proba(X), rtol=1e-10, atol=1e-14))),
        case("discriminant.ReducedRankLDA.fit", "full rank on iris + 1e8 predicts as LDA on iris",
             lambda: rank().fit(XI + 1e8, YI).predict(XI + 1e8),
             answers(equal(lambda: DA.LDA().fit(XI, YI).predict(XI)))),
        case("discriminant.ReducedRankLDA.transform", "iris: scikit-learn's transform, up to sign, scale and shift",
             lambda: rank().fit(XI, YI).transform(XI),
             answers(satisfies(lambda Z: _same_up_to_sign_and_scale(
                 Z, LinearDiscriminantAnalysis().fit(XI, YI).transform(XI)), "the same coordinates"))),
        case("discriminant.ReducedRankLDA.transform", "at scale 1e-100: the same coordinates",
             lambda: rank().fit(X * 1e-100, T).transform(X * 1e-100),
             answers(close(lambda: rank().fit(X, T).transform(X), rtol=1e-9, atol=1e-12))),
        case("discriminant.ReducedRankLDA.transform", "unfitted", lambda: rank().transform(X), refuses("fit")),
        case("discriminant.ReducedRankLDA.transform", "one feature more",
             lambda: rank().fit(X, T).transform(np.c_[X, X[:, :1]]), refuses("X")),
        case("discriminant.ReducedRankLDA.transform", "nan in X",
             lambda: rank().fit(X, T).transform(X * np.nan), refuses("X")),
        case("discriminant.ReducedRankLDA.transform", "1-D X", lambda: rank().fit(X, T).transform(X[0]), refuses("X")),
    ]


def _function_cases():
    x = np.array([[0.5, 0.5], [3.0, -1.0]])
    return [
        case("discriminant.gaussian_joint_log_likelihood", "against scipy",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, COVARIANCES, PRIORS),
             answers(close(_joint_reference(x, MEANS, COVARIANCES, PRIORS), rtol=1e-12))),
        *[case("discriminant.gaussian_joint_log_likelihood", f"everything at scale {scale:g}",
               lambda scale=scale: DA.gaussian_joint_log_likelihood(x * scale, MEANS * scale, COVARIANCES * scale ** 2,
                                                                    PRIORS),
               answers(close(_joint_reference(x, MEANS, COVARIANCES, PRIORS) - 2 * np.log(scale), rtol=1e-10)))
          for scale in (1e100, 1e-100)],
        case("discriminant.gaussian_joint_log_likelihood", "covariances of 1e300 squared overflow",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, COVARIANCES * 1e300, PRIORS),
             answers(close(_joint_reference(x / 1e150, MEANS / 1e150, COVARIANCES, PRIORS) - 2 * np.log(1e150),
                           rtol=1e-10))),
        case("discriminant.gaussian_joint_log_likelihood", "x of 3 features",
             lambda: DA.gaussian_joint_log_likelihood([[0.0, 0.0, 0.0]], MEANS, COVARIANCES, PRIORS), refuses("X")),
        case("discriminant.gaussian_joint_log_likelihood", "covariances of the wrong shape",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, COVARIANCES[:, :1, :1], PRIORS),
             refuses("covariances")),
        case("discriminant.gaussian_joint_log_likelihood", "a covariance with nan",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, COVARIANCES * np.nan, PRIORS), refuses("covariances")),
        case("discriminant.gaussian_joint_log_likelihood", "not positive definite",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, [[[1.0, 2.0], [2.0, 1.0]]] * 2, PRIORS),
             refuses("covariances")),
        case("discriminant.gaussian_joint_log_likelihood", "not symmetric",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, [[[1.0, 0.5], [0.0, 1.0]]] * 2, PRIORS),
             refuses("covariances")),
        case("discriminant.gaussian_joint_log_likelihood", "priors of 3",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS, COVARIANCES, [0.2, 0.3, 0.5]), refuses("priors")),
        case("discriminant.gaussian_joint_log_likelihood", "means 1-D",
             lambda: DA.gaussian_joint_log_likelihood(x, MEANS[0], COVARIANCES, PRIORS), refuses("means")),
        case("discriminant.gaussian_posterior", "a point far in the tails",
             lambda: DA.gaussian_posterior([[1e100, 1e100]], MEANS, COVARIANCES, PRIORS),
             answers(satisfies(lambda p: np.allclose(p.sum(), 1), "sums to 1"))),
        case("discriminant.gaussian_posterior", "nan X", lambda: DA.gaussian_posterior([[np.nan, 0.0]], MEANS,
                                                                                     COVARIANCES, PRIORS),
             refuses("X")),
        case("discriminant.mahalanobis_distance", "identity", lambda: DA.mahalanobis_distance(x, [0.0, 0.0], np.eye(2)),
             answers(close(np.linalg.norm(x, axis=1), rtol=1e-14))),
        *[case("discriminant.mahalanobis_distance", f"at scale {scale:g}",
               lambda scale=scale: DA.mahalanobis_distance(x * scale, [0.0, 0.0], np.eye(2) * scale ** 2),
               answers(close(np.linalg.norm(x, axis=1), rtol=1e-12)))
          for scale in (1e150, 1e-150)],
        case("discriminant.mahalanobis_distance", "covariance of 3 x 3",
             lambda: DA.mahalanobis_distance(x, [0.0, 0.0], np.eye(3)), refuses("covariance")),
        case("discriminant.mahalanobis_distance", "mean of 3", lambda: DA.mahalanobis_distance(x, [0.0] * 3, np.eye(2)),
             refuses("mean")),
        case("discriminant.mahalanobis_distance", "a singular covariance",
             lambda: DA.mahalanobis_distance(x, [0.0, 0.0], np.ones((2, 2))), refuses("covariance")),
        case("discriminant.pooled_covariance", "by hand", lambda: DA.pooled_covariance(COVARIANCES, [3, 5]),
             answers(close((2 * COVARIANCES[0] + 4 * COVARIANCES[1]) / 6, rtol=1e-15))),
        case("discriminant.pooled_covariance", "counts of 1", lambda: DA.pooled_covariance(COVARIANCES, [1, 5]),
             refuses("counts")),
        case("discriminant.pooled_covariance", "counts of 3 for 2 classes",
             lambda: DA.pooled_covariance(COVARIANCES, [3, 5, 6]), refuses("counts")),
        case("discriminant.pooled_covariance", "covariances 2-D", lambda: DA.pooled_covariance(COVARIANCES[0], [3, 5]),
             refuses("covariances")),
        case("discriminant.pooled_covariance", "counts of 10**300",
             lambda: DA.pooled_covariance(COVARIANCES, [1e300, 1e300]),
             answers(close((COVARIANCES[0] + COVARIANCES[1]) / 2, rtol=1e-14))),
        case("discriminant.pooled_covariance", "entries of 1e300", lambda: DA.pooled_covariance(COVARIANCES * 1e300,
                                                                                              [3, 5]),
             answers(close((2 * COVARIANCES[0] + 4 * COVARIANCES[1]) / 6 * 1e300, rtol=1e-14))),
        case("discriminant.regularized_covariances", "corners", lambda: DA.regularized_covariances(
            COVARIANCES, np.eye(2), 1.0, 0.0), answers(close(COVARIANCES, rtol=1e-15))),
        *bad_numbers("discriminant.regularized_covariances", "alpha",
                     lambda value: DA.regularized_covariances(COVARIANCES, np.eye(2), value, 0.0), NOT_UNIT),
        *bad_numbers("discriminant.regularized_covariances", "gamma",
                     lambda value: DA.regularized_covariances(COVARIANCES, np.eye(2), 0.5, value), NOT_UNIT),
        case("discriminant.regularized_covariances", "pooled of the wrong shape",
             lambda: DA.regularized_covariances(COVARIANCES, np.eye(3), 0.5, 0.5), refuses("pooled")),
        case("discriminant.regularized_covariances", "entries of 1e300", lambda: DA.regularized_covariances(
            COVARIANCES * 1e300, np.eye(2) * 1e300, 0.5, 0.5),
             answers(close(lambda: DA.regularized_covariances(COVARIANCES, np.eye(2), 0.5, 0.5) * 1e300, rtol=1e-14))),
        case("discriminant.fisher_directions", "two classes: LDA's direction", lambda: DA.fisher_directions(
            X[T < 2], T[T < 2]), answers(satisfies(lambda w: abs(abs(w[0] @ (lambda c: c / np.linalg.norm(c))(
                DA.LDA().fit(X[T < 2], T[T < 2]).coef_[0])) - 1) < 1e-10, "parallel to LDA's"))),
        case("discriminant.fisher_directions", "one class", lambda: DA.fisher_directions(X, np.zeros(len(T))),
             refuses("t")),
        case("discriminant.fisher_directions", "nan X", lambda: DA.fisher_directions(X * np.nan, T), refuses("X")),
        case("discriminant.fisher_directions", "X at scale 1e300", lambda: DA.fisher_directions(X * 1e300, T),
             refuses("X")),
        case("discriminant.fisher_directions", "X at scale 1e-100", lambda: DA.fisher_directions(X * 1e-100, T),
             answers(close(lambda: DA.fisher_directions(X, T), rtol=1e-8, atol=1e-10))),
        case("discriminant.fisher_directions", "collinear features",
             lambda: DA.fisher_directions(np.c_[X, X[:, 0]], T), refuses("X")),
        case("discriminant.fisher_criterion", "w = 0", lambda: DA.fisher_criterion([0.0, 0.0], X, T), refuses("w")),
        case("discriminant.fisher_criterion", "w of 3", lambda: DA.fisher_criterion([1.0, 0.0, 0.0], X, T),
             refuses("w")),
        case("discriminant.fisher_criterion", "w at 1e300", lambda: DA.fisher_criterion([1e300, 1e300], X, T),
             answers(close(lambda: DA.fisher_criterion([1.0, 1.0], X, T), rtol=1e-12))),
        case("discriminant.fisher_criterion", "w at 1e-300", lambda: DA.fisher_criterion([1e-300, 1e-300], X, T),
             answers(close(lambda: DA.fisher_criterion([1.0, 1.0], X, T), rtol=1e-12))),
        *bad_counts("discriminant.parameter_counts", "n_features", lambda value: DA.parameter_counts(value, 3)),
        *bad_counts("discriminant.parameter_counts", "n_classes", lambda value: DA.parameter_counts(2, value)),
        case("discriminant.parameter_counts", "of a misspelled kind", lambda: DA.parameter_counts(2, 3, of="models"),
             refuses("of")),
        case("discriminant.parameter_counts", "of None", lambda: DA.parameter_counts(2, 3, of=None), refuses("of")),
        case("discriminant.parameter_counts", "d = 10**6", lambda: DA.parameter_counts(10 ** 6, 3),
             answers(equal({"LDA": 2 + 3 * 10 ** 6 + 10 ** 6 * (10 ** 6 + 1) // 2,
                            "QDA": 2 + 3 * 10 ** 6 + 3 * 10 ** 6 * (10 ** 6 + 1) // 2}))),
    ]


def _axes_cases():
    target = "discriminant.covariance_from_axes"

    def rotated(spreads, angle):               # by hand: R diag(s^2) R^T with R the rotation by angle
        c, s = np.cos(angle), np.sin(angle)
        return np.array([[c, -s], [s, c]]) @ np.diag(np.square(spreads)) @ np.array([[c, s], [-s, c]])
    return [
        case(target, "spreads of 1e100 and 1e99", lambda: DA.covariance_from_axes([1e100, 1e99], 0.3),
             answers(close(lambda: rotated([1.0, 0.1], 0.3) * 1e200, rtol=1e-13))),
        case(target, "spreads of 1e-100", lambda: DA.covariance_from_axes([1e-100, 2e-100], 0.3),
             answers(close(lambda: rotated([1.0, 2.0], 0.3) * 1e-200, rtol=1e-13))),
        case(target, "spreads of 1e200: squares beyond float64", lambda: DA.covariance_from_axes([1e200, 1.0], 0.3),
             refuses("spreads")),
        case(target, "spreads of 1e-200: squares round to 0", lambda: DA.covariance_from_axes([1e-200, 1e-200], 0.3),
             refuses("spreads")),
        case(target, "a zero spread", lambda: DA.covariance_from_axes([0.0, 1.0], 0.3), refuses("spreads")),
        case(target, "three spreads", lambda: DA.covariance_from_axes([1.0, 1.0, 1.0], 0.3), refuses("spreads")),
        case(target, "spreads as text", lambda: DA.covariance_from_axes("ab", 0.3), refuses("spreads")),
        case(target, "angle nan", lambda: DA.covariance_from_axes([1.0, 2.0], np.nan), refuses("angle")),
        case(target, "two angles", lambda: DA.covariance_from_axes([1.0, 2.0], [0.1, 0.2]), refuses("angle")),
        case(target, "angle 1e300 (any angle is an angle)", lambda: DA.covariance_from_axes([1.0, 2.0], 1e300),
             answers(close(lambda: rotated([1.0, 2.0], 1e300), rtol=1e-12))),
    ]


def _new_cases():
    """The exact Bayes error, RDA's accuracy grid and Box's M test."""
    bayes, grid, box = ("discriminant.gaussian_bayes_error", "discriminant.rda_accuracy_grid",
                        "discriminant.box_m_test")
    X_test, T_test = X[::2], T[::2]
    return [
        *bad_arrays(bayes, "means", lambda value: DA.gaussian_bayes_error(value, COVARIANCES, PRIORS), MEANS),
        *bad_arrays(bayes, "covariances", lambda value: DA.gaussian_bayes_error(MEANS, value, PRIORS), COVARIANCES,
                    kinds=("nan", "inf", "string", "none")),
        *bad_numbers(bayes, "tol", lambda value: DA.gaussian_bayes_error(MEANS, COVARIANCES, PRIORS, tol=value),
                     {"0": 0.0, "-1": -1.0, "1e-13": 1e-13, "nan": float("nan"), "text": "1e-6", "None": None}),
        case(bayes, "three features", lambda: DA.gaussian_bayes_error(np.zeros((2, 3)), np.eye(3), PRIORS),
             refuses("means")),
        case(bayes, "priors not summing to 1", lambda: DA.gaussian_bayes_error(MEANS, COVARIANCES, [0.5, 0.6]),
             refuses("priors")),
        case(bayes, "a singular covariance", lambda: DA.gaussian_bayes_error(MEANS, [[1.0, 1.0], [1.0, 1.0]], PRIORS),
             refuses("covariances")),
        case(bayes, "means 1e6 apart: error 0", lambda: DA.gaussian_bayes_error([[0.0, 0.0], [1e6, 0.0]],
                                                                                COVARIANCES, PRIORS).error,
             answers(close(0.0, atol=1e-300))),
        case(bayes, "classes at scale 1e-100: the same error", lambda: DA.gaussian_bayes_error(
            MEANS * 1e-100, COVARIANCES * 1e-200, PRIORS).error,
             answers(close(lambda: DA.gaussian_bayes_error(MEANS, COVARIANCES, PRIORS).error, atol=2e-7))),
        case(bayes, "one class: no error", lambda: DA.gaussian_bayes_error(MEANS[:1], COVARIANCES[:1], [1.0]).error,
             answers(close(0.0, atol=0))),
        *bad_arrays(grid, "X", lambda value: DA.rda_accuracy_grid(value, T, X_test, T_test, [0.5], [0.5]), X),
        *bad_arrays(grid, "X_eval", lambda value: DA.rda_accuracy_grid(X, T, value, T_test, [0.5], [0.5]), X_test,
                    kinds=("nan", "inf", "string", "none")),
        *bad_arrays(grid, "alphas", lambda value: DA.rda_accuracy_grid(X, T, X_test, T_test, value, [0.5]),
                    [0.0, 0.5], kinds=("nan", "string", "none", "empty")),
        *bad_numbers(grid, "gammas", lambda value: DA.rda_accuracy_grid(X, T, X_test, T_test, [0.5], [value]),
                     NOT_UNIT),
        case(grid, "t_eval too short", lambda: DA.rda_accuracy_grid(X, T, X_test, T_test[1:], [0.5], [0.5]),
             refuses("t_eval")),
        case(grid, "a fold of examples sorted by class: t_eval holds the class t lacks (issue 35: scored 0 silently)",
             lambda: DA.rda_accuracy_grid(X[T < 2], T[T < 2], X[T == 2], T[T == 2], [0.5], [0.5]),
             refuses("t_eval", match="fold")),
        case(grid, "t_eval coded otherwise (strings for numbers)", lambda: DA.rda_accuracy_grid(
            X, T, X_test, T_test.astype(str), [0.5], [0.5]), refuses("t_eval")),
        case(grid, "a singular pair", lambda: DA.rda_accuracy_grid(X[[0, 1, 20, 21, 40, 41]], T[[0, 1, 20, 21, 40, 41]],
                                                                   X_test, T_test, [0.0, 1.0], [0.0]),
             refuses("RDA")),
        case(grid, "X at scale 1e100: the same accuracies", lambda: DA.rda_accuracy_grid(
            X * 1e100, T, X_test * 1e100, T_test, [0.0, 1.0], [0.0, 0.5]),
             answers(equal(lambda: DA.rda_accuracy_grid(X, T, X_test, T_test, [0.0, 1.0], [0.0, 0.5])))),
        case(grid, "a grid too large for memory", lambda: DA.rda_accuracy_grid(
            X, T, np.zeros((10 ** 6, 2)), np.zeros(10 ** 6), np.linspace(0, 1, 1001), np.linspace(0, 1, 1001)),
             refuses("alphas", match="GiB")),
        case(grid, "9 million pairs would run for a minute", lambda: DA.rda_accuracy_grid(
            X, T, X_test[:1], T_test[:1], np.linspace(0, 1, 3000), np.linspace(0, 1, 3000)), refuses("alphas")),
        *bad_arrays(box, "X", lambda value: DA.box_m_test(value, T), X),
        case(box, "labels of another length", lambda: DA.box_m_test(X, T[1:]), refuses("t")),
        case(box, "a class with N_k <= D", lambda: DA.box_m_test(X[:42], T[:42]), refuses("box_m_test")),
        case(box, "equal class covariances by construction: M = 0, p = 1", lambda: DA.box_m_test(
            np.r_[X[T == 0], X[T == 0] + 5.0], np.repeat([0, 1], 20)),
             answers(satisfies(lambda r: abs(r.statistic) < 1e-9 and r.p_value > 1 - 1e-9, "M = 0 and p = 1"))),
        case(box, "X at scale 1e-100: the same test", lambda: DA.box_m_test(X * 1e-100, T).chi2,
             answers(close(lambda: DA.box_m_test(X, T).chi2, rtol=1e-9))),
    ]


class _Fixed:
    """For scikit-learn's LDA: a given covariance, whatever the data (its pooled covariance is then that one)."""

    def __init__(self, covariance):
        self.covariance = covariance

    def fit(self, X, y=None):
        self.covariance_ = self.covariance
        return self

    def get_params(self, deep=True):
        return {"covariance": self.covariance}


def _on_moved(make, shift, method, X=XI, t=YI):
    """``make()`` fitted on ``X + shift`` and asked ``method`` there."""
    return getattr(make().fit(X + shift, t), method)(X + shift)


def _moved_back(make, shift, method, X=XI, t=YI):
    """The same on the same floats moved back, ``(X + shift) - shift`` (exact): what float64 allows at that shift."""
    back = (X + shift) - shift
    return getattr(make().fit(back, t), method)(back)


def _scikit_learn_lda(X, t, covariance):
    return LinearDiscriminantAnalysis(solver="lsqr", covariance_estimator=_Fixed(covariance)).fit(X, t)


SHIFTED = (("LDA", DA.LDA), ("QDA", DA.QDA), ("RDA", lambda: DA.RDA(0.5, 0.1)), ("RDA", lambda: DA.RDA(0.0, 0.3)))


def _shift_cases():
    """Issue 20, item 2: LDA on iris + 1e8 agreed with itself on iris for 71% of the examples, silently. Every
    model of the module, and every function of the data, must give at x + s what it gives at x."""
    lda_posteriors = lambda: _scikit_learn_lda(XI, YI, DA.LDA().fit(XI, YI).covariance_).predict_proba(XI)
    cases = []
    for name, make in SHIFTED:
        model = f"{name}{'(0, 0.3)' if make().alpha == 0 and name == 'RDA' else ''}"
        for shift in (1e6, 1e8, 1e12):
            cases.append(case(f"discriminant.{name}.predict_proba", f"{model} on iris + {shift:g}: the posteriors of "
                              "the same floats moved back", lambda make=make, shift=shift: _on_moved(
                                  make, shift, "predict_proba"),
                              answers(close(lambda make=make, shift=shift: _moved_back(make, shift, "predict_proba"),
                                            rtol=0, atol=1e-9))))
        cases.append(case(f"discriminant.{name}.predict", f"{model} on iris + 1e10: the predictions moved back",
                          lambda make=make: _on_moved(make, 1e10, "predict"),
                          answers(equal(lambda make=make: _moved_back(make, 1e10, "predict")))))
    cases += [
        *[case("discriminant.LDA.predict", f"iris + {shift:g} predicts as scikit-learn on iris",
               lambda shift=shift: _on_moved(DA.LDA, shift, "predict"),
               answers(equal(lambda: LinearDiscriminantAnalysis().fit(XI, YI).predict(XI)))) for shift in (1e8, 1e9)],
        case("discriminant.LDA.predict_proba", "iris + 1e6: scikit-learn's posteriors on iris (given our covariance)",
             lambda: _on_moved(DA.LDA, 1e6, "predict_proba"), answers(close(lda_posteriors, rtol=0, atol=1e-9))),
        case("discriminant.LDA.predict_proba", "iris + 1e8: scikit-learn's on iris, to the rounding of the data",
             lambda: _on_moved(DA.LDA, 1e8, "predict_proba"), answers(close(lda_posteriors, rtol=0, atol=1e-7))),
        case("discriminant.LDA.decision_function", "three classes on iris + 1e8: their softmax, the posteriors",
             lambda: softmax(_on_moved(DA.LDA, 1e8, "decision_function"), axis=1),
             answers(close(lambda: _moved_back(DA.LDA, 1e8, "predict_proba"), rtol=0, atol=1e-9))),
        case("discriminant.LDA.decision_function", "two classes on iris + 1e8: the log-odds",
             lambda: expit(_on_moved(DA.LDA, 1e8, "decision_function", XI[YI > 0], YI[YI > 0])),
             answers(close(lambda: _moved_back(DA.LDA, 1e8, "predict_proba", XI[YI > 0], YI[YI > 0])[:, 1],
                           rtol=0, atol=1e-9))),
        case("discriminant.LDA.fit", "two classes on iris + 1e8: w as on the data moved back, and b - w^T s",
             lambda: (lambda m: np.r_[m.coef_[0], m.intercept_])(DA.LDA().fit(XI[YI > 0] + 1e8, YI[YI > 0])),
             answers(close(lambda: (lambda m: np.r_[m.coef_[0], m.intercept_ - m.coef_[0] @ np.full(4, 1e8)])(
                 DA.LDA().fit((XI[YI > 0] + 1e8) - 1e8, YI[YI > 0])), rtol=1e-9))),
        *[case("discriminant.rda_accuracy_grid", f"iris + {shift:g}: the accuracies moved back",
               lambda shift=shift: DA.rda_accuracy_grid(XI + shift, YI, XI + shift, YI, [0.0, 0.5, 1.0], [0.0, 0.5]),
               answers(equal(lambda shift=shift: DA.rda_accuracy_grid(
                   XI + shift - shift, YI, XI + shift - shift, YI, [0.0, 0.5, 1.0], [0.0, 0.5]))))
          for shift in (1e8, 1e12)],
        *[case("discriminant.fisher_directions", f"iris + {shift:g}: the directions moved back",
               lambda shift=shift: DA.fisher_directions(XI + shift, YI),
               answers(close(lambda shift=shift: DA.fisher_directions(XI + shift - shift, YI), rtol=0, atol=1e-10)))
          for shift in (1e8, 1e12)],
        case("discriminant.fisher_criterion", "iris + 1e8: J(w) moved back",
             lambda: DA.fisher_criterion([1.0, -1.0, 2.0, 0.5], XI + 1e8, YI),
             answers(close(lambda: DA.fisher_criterion([1.0, -1.0, 2.0, 0.5], XI + 1e8 - 1e8, YI), rtol=1e-12))),
        case("discriminant.box_m_test", "iris + 1e12: M moved back", lambda: DA.box_m_test(XI + 1e12, YI).statistic,
             answers(close(lambda: DA.box_m_test(XI + 1e12 - 1e12, YI).statistic, rtol=1e-10))),
        case("discriminant.gaussian_posterior", "classes and x all moved by 1e8", lambda: DA.gaussian_posterior(
            [[0.5, 0.5], [3.0, -1.0]] + np.float64(1e8), MEANS + 1e8, COVARIANCES, PRIORS),
             answers(close(lambda: DA.gaussian_posterior(([[0.5, 0.5], [3.0, -1.0]] + np.float64(1e8)) - 1e8,
                                                         MEANS + 1e8 - 1e8, COVARIANCES, PRIORS), rtol=0, atol=1e-9))),
    ]
    return cases


def _boundary_far_away(w, b, distance):
    """Points 1e6 away along the boundary w^T x + b = 0 of two classes, with log-odds -2, -1, 0, 1, 2."""
    w = np.asarray(w, dtype=float)
    along = np.array([-w[1], w[0]]) / np.linalg.norm(w)
    return (-b * w / (w @ w))[None] + distance * along[None] + np.arange(-2, 3)[:, None] * w / (w @ w)


def _far_cases():
    """Far from the data: a shared covariance's quadratic term must cancel exactly (RDA(0, gamma) lost every digit of
    the posteriors 1e6 away along a boundary); where every density underflows, a clear error, never nan."""
    X2, t2 = X[T < 2], T[T < 2]
    rda = lambda: DA.RDA(0.0, 0.3)
    reference = lambda: _scikit_learn_lda(X2, t2, rda().fit(X2, t2).regularized_covariances_[0])
    far = lambda: _boundary_far_away(reference().coef_[0], reference().intercept_[0], 1e6)
    return [
        case("discriminant.RDA.predict_proba", "RDA(0, 0.3) 1e6 away along its boundary: log-odds -2 to 2",
             lambda: rda().fit(X2, t2).predict_proba(far())[:, 1], answers(close(expit(np.arange(-2, 3)), atol=1e-5))),
        case("discriminant.RDA.decision_function", "RDA(0, 0.3) 1e6 away along its boundary: log-odds -2 to 2",
             lambda: rda().fit(X2, t2).decision_function(far()), answers(close(np.arange(-2.0, 3.0), atol=1e-4))),
        case("discriminant.LDA.predict_proba", "1e6 away along its boundary: log-odds -2 to 2",
             lambda: DA.LDA().fit(X2, t2).predict_proba(_boundary_far_away(
                 *(lambda m: (m.coef_[0], m.intercept_[0]))(_scikit_learn_lda(X2, t2, DA.LDA().fit(X2, t2).covariance_)),
                 1e6))[:, 1], answers(close(expit(np.arange(-2, 3)), atol=1e-5))),
        *[case(f"discriminant.{name}.predict_proba", "a point 1e160 away: every density underflows",
               lambda make=make: make().fit(X, T).predict_proba([[1e160, 1e160]]), refuses("X"))
          for name, make in (("QDA", DA.QDA), ("RDA", lambda: DA.RDA(0.5, 0.1)))],
        case("discriminant.QDA.predict", "a point 1e160 away: every density underflows",
             lambda: DA.QDA().fit(X, T).predict([[1e160, 1e160]]), refuses("X")),
        case("discriminant.LDA.predict", "a point at 1e308: the linear functions overflow",
             lambda: DA.LDA().fit(X, T).predict([[1e308, -1e308]]), refuses("X")),
        case("discriminant.gaussian_posterior", "a point 1e160 away: every density underflows",
             lambda: DA.gaussian_posterior([[1e160, 1e160]], MEANS, COVARIANCES, PRIORS), refuses("X")),
        case("discriminant.gaussian_joint_log_likelihood", "a point 1e160 away: log densities -inf, no warning",
             lambda: DA.gaussian_joint_log_likelihood([[1e160, 1e160]], MEANS, COVARIANCES, PRIORS),
             answers(equal([[-np.inf, -np.inf]]), infinite=True)),
        case("discriminant.mahalanobis_distance", "a point 1e200 away: no square overflows",
             lambda: DA.mahalanobis_distance([[1e200, 1e200]], [0.0, 0.0], np.eye(2)),
             answers(close([np.sqrt(2) * 1e200], rtol=1e-15))),
        case("discriminant.QDA.predict", "after a fit that failed: not fitted, not the old model with the new means",
             lambda: _refit_failed(DA.QDA()).predict(X), refuses("fit")),
        case("discriminant.LDA.predict_proba", "after a fit that failed", lambda: _refit_failed(DA.LDA())
             .predict_proba(X), refuses("fit")),
    ]


def _refit_failed(model):
    model.fit(X, T)
    try:
        model.fit(np.c_[X, X[:, 0] * 2] if isinstance(model, DA.QDA) else X[[0, 1, 20, 21, 40, 41]] * [1.0, 0.0],
                  T if isinstance(model, DA.QDA) else T[[0, 1, 20, 21, 40, 41]])
    except ValueError:
        pass
    return model


CASES = [*_classifiers(), *_function_cases(), *_axes_cases(), *_new_cases(), *_shift_cases(), *_far_cases()]
