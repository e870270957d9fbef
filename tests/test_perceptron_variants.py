"""The pocket, averaged, kernel and multiclass perceptrons and Freund and Schapire's bound, against references:
scikit-learn's averaged SGD, the perceptron on an explicit feature map, the binary perceptron, and every weight
vector of a recorded run."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import SGDClassifier
from sklearn.metrics.pairwise import rbf_kernel as sklearn_rbf

from lecture_utils import ConvergenceWarning
from lecture_utils.datasets import make_gaussian_classes, make_separable
from lecture_utils.perceptron import Perceptron, add_bias, perceptron_trace
from lecture_utils.perceptron_variants import (AveragedPerceptron, KernelPerceptron, MulticlassPerceptron,
                                               PocketPerceptron, nonseparable_mistake_bound, polynomial_kernel,
                                               quadratic_features, rbf_kernel)

XOR_X, XOR_T = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]), np.array([-1, -1, 1, 1])


def noisy(n=80, flip=0.15, seed=0):
    """Two overlapping classes: no line separates them."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    t = np.where(X[:, 0] - 0.5 * X[:, 1] > 0, 1, -1)
    return X, np.where(rng.uniform(size=n) < flip, -t, t)


# ---------------------------------------------------------------- the averaged perceptron


@pytest.mark.parametrize("fit_intercept", [True, False])
@pytest.mark.parametrize("n_epochs", [1, 4])
def test_the_averaged_perceptron_is_scikit_learns_averaged_sgd_with_the_perceptron_loss(fit_intercept, n_epochs):
    X, t = noisy()
    ours = AveragedPerceptron(n_epochs=n_epochs, fit_intercept=fit_intercept).fit(X, t)
    theirs = SGDClassifier(loss="perceptron", learning_rate="constant", eta0=1.0, penalty=None, alpha=0.0,
                           shuffle=False, max_iter=n_epochs, tol=None, average=True,
                           fit_intercept=fit_intercept).fit(X, t)
    np.testing.assert_allclose(ours.coef_, theirs.coef_[0], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(ours.intercept_, theirs.intercept_[0], rtol=1e-12, atol=1e-12)


def test_the_averaged_perceptrons_last_weights_are_the_perceptrons():
    X, t = noisy()
    averaged = AveragedPerceptron(n_epochs=3).fit(X, t)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        plain = Perceptron(max_epochs=3).fit(X, t)
    np.testing.assert_array_equal(averaged.last_coef_, plain.coef_)
    assert averaged.last_intercept_ == plain.intercept_ and averaged.n_updates_ == plain.n_updates_


def test_the_average_by_hand():
    """Two examples, one pass: w after (2, 1) t=+1 is (2, 1, 1), then (0, 1) t=-1 scores 2 > 0... a mistake:
    w = (2, 0, 0). The average of the weights after each visit: ((2, 1, 1) + (2, 0, 0)) / 2."""
    model = AveragedPerceptron(n_epochs=1).fit([[2.0, 1.0], [0.0, 1.0]], [1, -1])
    np.testing.assert_array_equal(model.coef_, [2.0, 0.5])
    assert model.intercept_ == 0.5


# ---------------------------------------------------------------- the pocket


def test_the_pocket_holds_the_fewest_mistakes_of_every_weight_vector_of_the_run():
    X, t = noisy()
    pocket = PocketPerceptron(max_epochs=10).fit(X, t)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        trace = perceptron_trace(X, t, max_epochs=10)
    mistakes = trace.n_mistakes()                                    # of w_0 .. w_k, counted independently
    np.testing.assert_array_equal(pocket.mistakes_history_, mistakes)
    best = int(np.argmin(mistakes))
    np.testing.assert_array_equal(np.r_[pocket.coef_, pocket.intercept_], trace.weights[best])
    assert pocket.n_mistakes_ == mistakes.min() < mistakes[-1]          # better than where the run ended
    assert pocket.score(X, t) == 1 - mistakes.min() / len(t)
    assert not pocket.converged_ and pocket.n_updates_ == trace.n_updates


def test_on_separable_data_the_pocket_is_the_perceptron():
    data = make_separable(40, 0.1, random_state=1)
    pocket, plain = PocketPerceptron().fit(data.X, data.y), Perceptron().fit(data.X, data.y)
    np.testing.assert_array_equal(pocket.coef_, plain.coef_)
    assert pocket.converged_ and pocket.n_mistakes_ == 0


# ---------------------------------------------------------------- the kernel perceptron


@pytest.mark.parametrize("coef0", [1.0, 0.5])
def test_the_kernel_perceptron_makes_the_updates_of_the_perceptron_on_the_explicit_feature_map(coef0):
    X, t = noisy(n=60, seed=3)
    dual = KernelPerceptron(kernel="poly", degree=2, coef0=coef0, max_epochs=30)
    primal = Perceptron(max_epochs=30)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        dual.fit(X, t)
        primal.fit(quadratic_features(X, coef0), t)
        trace = perceptron_trace(quadratic_features(X, coef0), t, max_epochs=30)
    np.testing.assert_array_equal(dual.alpha_, trace.update_counts())
    grid = np.random.default_rng(9).uniform(-3, 3, size=(200, 2))
    np.testing.assert_allclose(dual.decision_function(grid), primal.decision_function(quadratic_features(grid, coef0)),
                               rtol=1e-9, atol=1e-9)


def test_a_product_feature_makes_xor_separable():
    assert KernelPerceptron(kernel="poly", degree=2).fit(XOR_X, XOR_T).converged_
    assert Perceptron().fit(np.c_[XOR_X, XOR_X[:, 0] * XOR_X[:, 1]], XOR_T).converged_      # x1, x2, x1 x2
    with pytest.warns(ConvergenceWarning):
        assert not Perceptron(max_epochs=50).fit(XOR_X, XOR_T).converged_


def test_the_linear_kernel_gives_the_perceptrons_weights():
    data = make_separable(40, 0.1, random_state=1)
    dual, primal = KernelPerceptron(kernel="linear").fit(data.X, data.y), Perceptron().fit(data.X, data.y)
    np.testing.assert_allclose(dual.dual_coef_ @ dual.support_vectors_, primal.coef_, rtol=1e-12)
    assert dual.n_updates_ == primal.n_updates_ and dual.dual_coef_.sum() == primal.intercept_


def test_the_kernels_are_scikit_learns_and_the_feature_map_is_the_quadratic_kernel():
    A, B = np.random.default_rng(2).normal(size=(7, 3)), np.random.default_rng(3).normal(size=(5, 3))
    np.testing.assert_allclose(rbf_kernel(A, B, gamma=0.7), sklearn_rbf(A, B, gamma=0.7), rtol=1e-12)
    np.testing.assert_allclose(polynomial_kernel(A, B, degree=2, coef0=0.3),
                               quadratic_features(A, 0.3) @ quadratic_features(B, 0.3).T, rtol=1e-12)
    assert quadratic_features(A).shape == (7, 3 * 6 // 2 + 1)


def test_an_rbf_kernel_perceptron_separates_a_ring():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(200, 2))
    X = X[np.abs(np.hypot(*X.T) - 1.1) > 0.25][:80]                  # a gap around the circle of radius 1.1
    t = np.where(np.hypot(*X.T) > 1.1, 1, -1)
    model = KernelPerceptron(kernel="rbf", gamma=2.0).fit(X, t)
    assert model.converged_ and model.score(X, t) == 1.0 and len(model.support_) < len(X)


# ---------------------------------------------------------------- the multiclass perceptron


def test_with_two_classes_the_multiclass_perceptron_is_the_binary_one_twice_over():
    data = make_separable(40, 0.2, random_state=1)
    multi, binary = MulticlassPerceptron().fit(data.X, data.y), Perceptron().fit(data.X, data.y)
    np.testing.assert_allclose(multi.coef_[1] - multi.coef_[0], 2 * binary.coef_, rtol=1e-12)
    assert multi.n_updates_ == binary.n_updates_
    np.testing.assert_array_equal(multi.predict(data.X), binary.predict(data.X))


def test_the_multiclass_updates_by_hand():
    """With the bias input, x_1 = (1, 0, 1) of class a, x_2 = (0, 1, 1) of c, x_3 = (1, 1, 1) of b. All scores 0:
    a tie is a mistake, and the rival is the first other class, b: w_a = x_1, w_b = -x_1. Then x_2 scores 1, -1, 0:
    rival a, w_c = x_2, w_a = x_1 - x_2 = (1, -1, 0). Then x_3 scores 0, -2, 2: rival c, w_b = -x_1 + x_3 =
    (0, 1, 0), w_c = x_2 - x_3 = (-1, 0, 0)."""
    with pytest.warns(ConvergenceWarning):                             # one pass is not enough here
        three = MulticlassPerceptron(max_epochs=1).fit([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], ["a", "c", "b"])
    assert three.classes_.tolist() == ["a", "b", "c"] and three.n_updates_ == 3
    np.testing.assert_array_equal(three.coef_, [[1.0, -1.0], [0.0, 1.0], [-1.0, 0.0]])
    np.testing.assert_array_equal(three.intercept_, [0.0, 0.0, 0.0])
    two = MulticlassPerceptron().fit([[1.0, 0.0], [0.0, 1.0]], ["a", "c"])      # the second pass is clean
    assert two.converged_ and two.n_updates_ == 2
    np.testing.assert_array_equal(two.coef_, [[1.0, -1.0], [-1.0, 1.0]])


def test_the_multiclass_perceptron_separates_three_separable_classes():
    means = [[0.0, 3.0], [3.0, -2.0], [-3.0, -2.0]]
    data = make_gaussian_classes(means, [np.eye(2) * 0.3] * 3, n_per_class=30, random_state=0)
    model = MulticlassPerceptron().fit(data.X, data.y)
    assert model.converged_ and model.score(data.X, data.y) == 1.0


# ---------------------------------------------------------------- Freund and Schapire's bound


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("gamma", [0.1, 0.5, 1.0])
def test_the_mistakes_of_one_pass_and_of_several_stay_under_the_nonseparable_bound(seed, gamma):
    X, t = noisy(seed=seed)
    inputs = add_bias(X)
    u = np.array([1.0, -0.5, 0.0])
    for passes in (1, 3):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            mistakes = perceptron_trace(X, t, max_epochs=passes).n_updates
        repeated = np.tile(inputs, (passes, 1)), np.tile(t, passes)
        assert mistakes <= nonseparable_mistake_bound(*repeated, u, gamma)


def test_the_nonseparable_bound_by_hand():
    """X = (3, 4) with t = +1 and (0, 1) with t = +1, u = (0, 2) (unit (0, 1)), gamma = 2: margins 4 and 1, so
    d = (0, 1), D = 1, R = 5, bound ((5 + 1) / 2)^2 = 9."""
    assert nonseparable_mistake_bound([[3.0, 4.0], [0.0, 1.0]], [1, 1], [0.0, 2.0], 2.0) == 9.0
