"""Every exercise of every notebook: its solution passes its check, and the check reads answers fairly.

Each exercise is driven with its correct answer (a hand solution for *derive*,
a plain implementation for *implement*, checked against the package), the
answer rounded to 3 significant figures, a near-miss, each known slip and
garbage, and the verdict and message are asserted.
"""

import importlib
import math
import pkgutil
from fractions import Fraction

import numpy as np
import pytest

import lecture_utils.exercises as exercises_package
from lecture_utils.exercises._core import (Choice, Derive, Feedback, Implement, agrees, near_miss,
                                           significant_digits)

MODULES = [importlib.import_module(f"lecture_utils.exercises.{info.name}")
           for info in pkgutil.iter_modules(exercises_package.__path__) if not info.name.startswith("_")]
EXERCISES = [exercise for module in MODULES for exercise in module.EXERCISES]
DERIVE = [e for e in EXERCISES if isinstance(e, Derive)]
CHOICE = [e for e in EXERCISES if isinstance(e, Choice)]
IMPLEMENT = [e for e in EXERCISES if isinstance(e, Implement)]


def name(exercise) -> str:
    return exercise.title.replace(" ", "_")


def round_significant(value: float, digits: int) -> float:
    return 0.0 if value == 0 else round(value, digits - 1 - math.floor(math.log10(abs(value))))


@pytest.mark.parametrize("exercise", EXERCISES, ids=name)
def test_the_solution_passes_the_check(exercise):
    feedback = exercise.check(exercise.correct_answer)
    assert feedback.verdict == "correct", repr(feedback)


@pytest.mark.parametrize("exercise", EXERCISES, ids=name)
def test_the_placeholder_asks_for_an_answer(exercise):
    feedback = exercise.check(...)
    assert feedback.verdict == "unanswered" and "replace the ..." in repr(feedback).lower()


@pytest.mark.parametrize("exercise", EXERCISES, ids=name)
def test_the_solution_is_worked_out(exercise):
    assert len(exercise.solution) > 80 and exercise.kind in {"derive", "implement", "predict", "explain"}


@pytest.mark.parametrize("exercise", DERIVE, ids=name)
def test_three_significant_figures_are_enough(exercise):
    rounded = [round_significant(v, 3) for v in np.ravel(exercise.truth)]
    answer = rounded[0] if exercise.truth.shape == () else rounded
    assert exercise.check(answer).verdict == "correct"
    assert exercise.check(np.asarray(answer).tolist()).verdict == "correct"          # a list is fine


@pytest.mark.parametrize("exercise", [e for e in DERIVE if not e.integer], ids=name)
def test_too_few_digits_are_close_not_a_slip(exercise):
    truth = np.ravel(exercise.truth)
    coarse = [round_significant(v, 1) if not agrees(round_significant(v, 1), v) else v * 1.004 for v in truth]
    answer = coarse[0] if exercise.truth.shape == () else coarse
    assert exercise.check(answer).verdict == "close", (answer, repr(exercise.check(answer)))


@pytest.mark.parametrize("exercise", [e for e in DERIVE if e.integer], ids=name)
def test_a_count_may_be_typed_as_a_float(exercise):
    assert exercise.check(float(exercise.truth)).verdict == "correct"
    assert exercise.check(float(exercise.truth) + 0.5).verdict == "invalid"


@pytest.mark.parametrize("exercise", DERIVE, ids=name)
def test_each_slip_gets_its_own_hint(exercise):
    assert exercise.slip_values(), "a derive exercise names at least one usual slip"
    for value, hint in exercise.slip_values():
        feedback = exercise.check(value.tolist())
        assert feedback.verdict == "wrong" and feedback.message == hint


@pytest.mark.parametrize("exercise", DERIVE, ids=name)
def test_garbage_gets_a_message_not_a_traceback(exercise):
    wrong_shape = [1.0] * (exercise.truth.size + 1)
    for garbage in ("abc", None, float("nan"), wrong_shape, {"a": 1}, True):
        feedback = exercise.check(garbage)
        assert feedback.verdict == "invalid" and "give" in feedback.message.lower(), garbage


@pytest.mark.parametrize("exercise", CHOICE, ids=name)
def test_each_wrong_option_names_its_misconception(exercise):
    feedbacks = {letter: exercise.check(letter) for letter in exercise.options}
    assert sum(f.verdict == "correct" for f in feedbacks.values()) == 1
    wrong = [f.message for f in feedbacks.values() if f.verdict == "wrong"]
    assert len(wrong) >= 2 and len(set(wrong)) == len(wrong)
    assert exercise.check(f" ({exercise.correct_answer.upper()}) ").verdict == "correct"


@pytest.mark.parametrize("exercise", CHOICE, ids=name)
def test_a_choice_needs_a_letter(exercise):
    for garbage in (3, "z", None, ["a"]):
        feedback = exercise.check(garbage)
        assert feedback.verdict == "invalid" and "letter" in feedback.message


@pytest.mark.parametrize("exercise", IMPLEMENT, ids=name)
def test_each_wrong_implementation_gets_its_hint(exercise):
    assert exercise.slips, "an implement exercise names at least one usual mistake"
    for slip, hint in exercise.slips:
        feedback = exercise.check(slip)
        assert feedback.verdict == "wrong" and hint in feedback.message
        assert "expected" in feedback.message and "got" in feedback.message


@pytest.mark.parametrize("exercise", IMPLEMENT, ids=name)
def test_a_broken_implementation_is_reported_not_raised(exercise):
    def broken(**kwargs):
        raise ZeroDivisionError("division by zero")

    feedback = exercise.check(lambda *args, **kwargs: broken())
    assert feedback.verdict == "wrong" and "raised ZeroDivisionError" in feedback.message
    assert exercise.check(lambda *args, **kwargs: None).verdict == "unanswered"
    assert exercise.check("my_function").verdict == "invalid"


@pytest.mark.parametrize("exercise", IMPLEMENT, ids=name)
def test_hidden_cases_are_not_changed_by_the_student(exercise):
    def vandal(**kwargs):
        for value in kwargs.values():
            if isinstance(value, np.ndarray) and value.flags.writeable:
                value[...] = 0
        return exercise.model_solution(**kwargs)

    exercise.check(vandal)
    assert exercise.check(exercise.model_solution).verdict == "correct"


# ---------------------------------------------------------------- the number reader


@pytest.mark.parametrize("typed, digits", [(2.24, 3), (2.2, 2), (0.06, 1), (400.0, 1), (1442.7, 5), (-0.6, 1)])
def test_significant_digits(typed, digits):
    assert significant_digits(typed) == digits


@pytest.mark.parametrize("value, truth, right", [
    (2.24, np.sqrt(5), True), (2.236, np.sqrt(5), True), (2.23, np.sqrt(5), False),
    (0.333, 1 / 3, True), (0.33, 1 / 3, False), (1442.7, 1000 / np.log(2), True),
    (1e-7, 1.004e-7, True), (0.0, 0.0, True), (1e-13, 0.0, True), (math.inf, math.inf, True)])
def test_agrees_to_three_significant_figures(value, truth, right):
    assert agrees(value, truth) is right


@pytest.mark.parametrize("value, truth, close", [
    (2.2, np.sqrt(5), True), (2.23, np.sqrt(5), True), (0.3, 1 / 3, True), (2.0, np.sqrt(5), True),
    (3.0, np.sqrt(5), False), (2.3, np.sqrt(5), False), (4.0, 5.0, False), (2.0, 2.9, True),
    (-0.6, 0.6, False), (0.5, 1 / 3, False)])
def test_near_miss(value, truth, close):
    assert near_miss(value, truth) is close


def test_a_fraction_is_a_number():
    exercise = Derive("a third", "x" * 100, truth=lambda: 1 / 3, answer=Fraction(1, 3), what="x",
                      example="0.5", praise="yes", slips=[(lambda: 3.0, "inverted")], advice="no")
    assert exercise.check(Fraction(1, 3)).correct and exercise.check(Fraction(3)).message == "inverted"


def test_feedback_is_truthy_only_when_correct():
    assert Feedback("correct", "") and not Feedback("close", "") and not Feedback("wrong", "")
    assert repr(Feedback("close", "more digits")) == "Close: more digits"


def test_a_choice_needs_exactly_one_right_option():
    from lecture_utils.exercises._core import Option
    with pytest.raises(ValueError, match="exactly one"):
        Choice("two right", "x", options={"a": Option(True, "x"), "b": Option(True, "y")})
