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
