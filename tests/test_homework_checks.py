"""The homework's derive answers are judged by the notebooks' rules (issue 32, item 3), in the grader's process."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "homework"))
from homework_checks import check_number  # noqa: E402


@pytest.mark.parametrize("answer, truth, message", [
    (-0.191, -0.190499, "rounded too early"),                        # -0.1905 rounded again
    ([1.846, 2.0], [1.846, 1.9], "not right to 3"),                   # a whole number of one figure: wrong
    (2, 2.3219, "not right to 3"),
    (18, 17.5, "right only to the figures it shows"),                  # a tie rounded the usual way
    (17.6, 17.5, "not right to 3"),                                    # exact truth: no rounding to blame
])
def test_a_derive_answer_gets_the_notebooks_verdict(answer, truth, message):
    with pytest.raises(AssertionError, match=message):
        check_number(answer, truth)


def test_three_figures_pass():
    check_number(-0.190, -0.190499)
    check_number([1.85, 1.90], [1.846, 1.9])
