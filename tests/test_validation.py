"""The shared input checks: one message per kind of bad argument."""

import numpy as np
import pytest

from lecture_utils._validation import check_random_state


@pytest.mark.parametrize("seed", [None, 0, 7, np.int64(3), np.random.default_rng(1)])
def test_check_random_state_gives_a_generator(seed):
    assert isinstance(check_random_state(seed), np.random.Generator)


def test_check_random_state_reproduces_a_seed():
    assert check_random_state(5).random() == np.random.default_rng(5).random()


@pytest.mark.parametrize("seed, error", [("abc", TypeError), (1.5, TypeError), (True, TypeError), (-1, ValueError)])
def test_check_random_state_names_the_argument(seed, error):
    with pytest.raises(error, match="random_state"):
        check_random_state(seed)


def test_as_class_labels_encodes_any_hashable_labels():
    from lecture_utils._validation import as_class_labels
    classes, indices = as_class_labels(["b", "a", "b", "c"], 4)
    assert classes.tolist() == ["a", "b", "c"] and indices.tolist() == [1, 0, 1, 2]


@pytest.mark.parametrize("t, n, match", [([1, 1, 1], 3, "at least 2 different labels"),
                                         ([0, 1], 3, "2 labels but X has 3 samples"),
                                         ([[0, 1]], 1, "1-D"), ([0.0, np.nan], 2, "nan")])
def test_as_class_labels_names_the_argument(t, n, match):
    from lecture_utils._validation import as_class_labels
    with pytest.raises(ValueError, match=match):
        as_class_labels(t, n)


def test_generative_classifier_normalises_in_log_space():
    from lecture_utils._base import GenerativeClassifier

    class Fixed(GenerativeClassifier):
        classes_ = np.array(["a", "b"])

        def _joint_log_likelihood(self, X):
            return np.asarray(X, dtype=float)

    joint = np.array([[-1000.0, -1001.0], [-5.0, -3.0]])        # exp underflows to 0 for the first row
    model = Fixed()
    expected = np.exp(joint[1]) / np.exp(joint[1]).sum()
    np.testing.assert_allclose(model.predict_proba(joint)[1], expected, rtol=1e-12)
    np.testing.assert_allclose(model.predict_proba(joint)[0], [1 / (1 + np.exp(-1)), 1 / (1 + np.e)], rtol=1e-12)
    assert model.predict(joint).tolist() == ["a", "b"]
    assert model.score(joint, ["a", "a"]) == 0.5


@pytest.mark.parametrize("value, error, match", [(1.5, ValueError, "alpha must lie in"), (-0.1, ValueError, "lie in"),
                                                 (float("nan"), ValueError, "lie in"), ("0.5", TypeError, "a number"),
                                                 (True, TypeError, "a number")])
def test_check_unit_interval_names_the_argument(value, error, match):
    from lecture_utils._validation import check_unit_interval
    with pytest.raises(error, match=match):
        check_unit_interval(value, "alpha")


def test_check_unit_interval_accepts_the_ends():
    from lecture_utils._validation import check_unit_interval
    assert [check_unit_interval(v, "alpha") for v in (0, 1, 0.25)] == [0.0, 1.0, 0.25]


@pytest.mark.parametrize("priors, match", [([0.5, 0.5, 0.0], "prior 0"), ([0.5, 0.5], r"shape \(3,\)"),
                                           ([0.5, 0.6, -0.1], "negative"), ([0.2, 0.2, 0.2], "sum to 1")])
def test_as_priors_names_the_argument(priors, match):
    from lecture_utils._validation import as_priors
    with pytest.raises(ValueError, match=match):
        as_priors(priors, 3)
@pytest.mark.parametrize("value, error, match", [(-1, ValueError, ">= 0"), (np.inf, ValueError, "finite"),
                                                 ("1", TypeError, "a number >= 0"), (True, TypeError, "bool")])
def test_check_non_negative_names_the_argument(value, error, match):
    from lecture_utils._validation import check_non_negative
    with pytest.raises(error, match=f"alpha.*{match}"):
        check_non_negative(value, "alpha")


def test_check_non_negative_accepts_zero():
    from lecture_utils._validation import check_non_negative
    assert check_non_negative(0, "alpha") == 0.0


def test_as_categorical_matrix_keeps_each_value_of_a_list_as_it_is():
    from lecture_utils._validation import as_categorical_matrix
    table = as_categorical_matrix([[1, "a", ("t", 1)], [2, "b", None]])
    assert table.shape == (2, 3) and table[0].tolist() == [1, "a", ("t", 1)]
    assert as_categorical_matrix(np.array([["x", "y"]])).dtype.kind == "U"


@pytest.mark.parametrize("X, match", [(["a", "b"], "2-D array.*reshape"), ([["a"], ["b", "c"]], "different lengths"),
                                      ([["a", float("nan")]], "nan .*row 0, feature 1"), ([], "at least one sample")])
def test_as_categorical_matrix_names_the_argument(X, match):
    from lecture_utils._validation import as_categorical_matrix
    with pytest.raises(ValueError, match=f"X.*{match}"):
        as_categorical_matrix(X)


def test_an_unfitted_generative_classifier_says_so():
    from lecture_utils._base import GenerativeClassifier
    for method in (GenerativeClassifier().predict, GenerativeClassifier().predict_proba):
        with pytest.raises(ValueError, match="not fitted yet"):
            method([[0.0]])
