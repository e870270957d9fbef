"""Facts that notebook 01's exercises quote about its own run, checked against the package."""

import re

import numpy as np

from lecture_utils.datasets import make_separable
from lecture_utils.exercises import perceptron as ex
from lecture_utils.perceptron import perceptron_trace


def test_the_mistake_counts_quoted_by_exercise_4_are_those_of_the_stepper():
    data = make_separable(n_samples=40, margin=0.1, random_state=1)            # the data of notebook 01
    counts = perceptron_trace(data.X, data.y).n_mistakes()
    exercise = ex.mistakes_during_training
    texts = [exercise.solution] + [option.feedback for option in exercise.options.values()]
    quoted = [[int(n) for n in re.findall(r"\d+", run)]
              for text in texts for run in re.findall(r"goes\s+((?:\**\d+\**, )+\**\d+\**)", text)]
    assert len(quoted) == 2                                                  # the solution and option (c)
    for run in quoted:
        np.testing.assert_array_equal(run, counts[:len(run)])
    jumps = [text for text in texts if "after the third update the count jumps from" in text]
    assert len(jumps) == 2
    assert all(f"jumps from {counts[2]} to {counts[3]}" in text for text in jumps) and counts[3] > counts[2]


def test_an_overflowing_logistic_loss_gets_the_exercises_own_hint():
    def naive(z):                                  # e^-z overflows to inf for z = -1000
        with np.errstate(over="ignore"):
            return np.log2(1 + np.exp(-np.asarray(z, dtype=float)))

    feedback = ex.logistic_in_bits.check(naive)
    assert feedback.message.startswith("hidden case 3 of 4: z=np.array([-1000.0, 1000.0])")
    assert "got      np.array([inf, 0.0])" in feedback.message
    assert "infinity where a finite number is expected" in feedback.message and "np.logaddexp" in feedback.message
