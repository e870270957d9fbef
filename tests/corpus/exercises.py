"""Bad and extreme answers to every exercise of every notebook, and bad arguments to the exercise kinds.

An answer that cannot be one (text, nan, a complex number, a ragged list, a
function where a number is asked, 10**400) gets the verdict "invalid" with a
message saying what to give; a right answer is "correct" in every form a
student may type it (a list, a tuple, a numpy array, a Fraction, a float32);
an absurd number (1e308) gets a verdict, not an overflow; a student's function
gets a verdict whatever it returns, and a function that never returns gets one
within its time limit. The exercise kinds check the arguments an author passes
them.
"""

import importlib
import pkgutil
from fractions import Fraction

import numpy as np

import lecture_utils.exercises as exercises_package
from lecture_utils.exercises import Choice, Count, Derive, Implement, Option

from . import answers, case, refuses, satisfies

MODULES = [importlib.import_module(f"lecture_utils.exercises.{info.name}")
           for info in pkgutil.iter_modules(exercises_package.__path__) if not info.name.startswith("_")]


def verdict(*expected):
    """A check: the feedback's verdict is one of ``expected`` (and an "invalid" one says what to give)."""
    def check(feedback):
        assert feedback.verdict in expected, f"verdict {feedback.verdict!r}, expected {expected}: {feedback!r}"
        assert feedback.message.strip(), "a verdict without a message"
    return satisfies(lambda feedback: check(feedback) is None, f"a verdict in {expected}")


def _name(module, exercise) -> str:
    return next(name for name, value in vars(module).items() if value is exercise)


def _derive_cases(target, exercise):
    truth = exercise.truth
    worked = np.asarray(float(exercise.correct_answer) if isinstance(exercise.correct_answer, Fraction)
                        else exercise.correct_answer, dtype=float)
    finite = bool(np.all(np.isfinite(truth)))
    cases = [
        case(target, "the worked answer as a numpy array", lambda: exercise.check(worked), answers(verdict("correct"))),
        case(target, "the worked answer as a tuple or a numpy scalar",
             lambda: exercise.check(tuple(worked.ravel()) if worked.ndim else worked[()]), answers(verdict("correct"))),
        case(target, "the worked answer in float32", lambda: exercise.check(worked.astype(np.float32)),
             answers(verdict("correct", "close"))),
        case(target, "a complex number", lambda: exercise.check(np.full(truth.shape, 1 + 1j)),
             answers(verdict("invalid"))),
        case(target, "a ragged list", lambda: exercise.check([[1.0, 2.0], [3.0]]), answers(verdict("invalid"))),
        case(target, "nan", lambda: exercise.check(np.full(truth.shape, np.nan)), answers(verdict("invalid"))),
        case(target, "a number as text", lambda: exercise.check("1.5"), answers(verdict("invalid"))),
        case(target, "a function", lambda: exercise.check(abs), answers(verdict("invalid"))),
        case(target, "one axis too many", lambda: exercise.check(np.zeros(truth.shape + (1,))),
             answers(verdict("invalid"))),
        case(target, "1e308 everywhere", lambda: exercise.check(np.full(truth.shape, 1e308)),
             answers(verdict("wrong", "invalid"))),
        case(target, "-1e308 everywhere", lambda: exercise.check(np.full(truth.shape, -1e308)),
             answers(verdict("wrong", "invalid"))),
        case(target, "10**400", lambda: exercise.check(10 ** 400),
             answers(satisfies(lambda f: f.verdict == "invalid" and "beyond floating point" in f.message,
                               "says the number is beyond floating point"))),
        case(target, "-10**400 in a list", lambda: exercise.check([-10 ** 400] * truth.size),
             answers(verdict("invalid"))),
    ]
    if finite:
        cases.append(case(target, "inf for a finite answer", lambda: exercise.check(np.full(truth.shape, np.inf)),
                          answers(verdict("wrong", "invalid"))))
    else:
        cases.append(case(target, "the infinite answer as float('inf')",
                          lambda: exercise.check(truth.tolist()), answers(verdict("correct"))))
        cases.append(case(target, "an infinite answer asked for", lambda: exercise.check("inf"),
                          answers(satisfies(lambda f: f.verdict == "invalid" and "float('inf')" in f.message,
                                            "says how to type an infinite value"))))
    if truth.shape == () and finite:
        cases.append(case(target, "the worked answer as a Fraction",
                          lambda: exercise.check(Fraction(float(worked))), answers(verdict("correct"))))
    if isinstance(exercise, Count):
        cases.append(case(target, "the count as a numpy integer", lambda: exercise.check(worked.astype(np.int64)),
                          answers(verdict("correct"))))
        cases.append(case(target, "the count plus 0.3", lambda: exercise.check((truth + 0.3).tolist()),
                          answers(satisfies(lambda f: f.verdict == "wrong" and "whole number" in f.message,
                                            "says a count is a whole number"))))
    return cases


def _choice_cases(target, exercise):
    right = exercise.correct_answer
    return [
        case(target, "the letter in capitals, parenthesised and padded",
             lambda: exercise.check(f" ({right.upper()}) "), answers(verdict("correct"))),
        case(target, "the letter as a numpy string", lambda: exercise.check(np.str_(right)),
             answers(verdict("correct"))),
        case(target, "two letters", lambda: exercise.check("ab"), answers(verdict("invalid"))),
        case(target, "the letter as bytes", lambda: exercise.check(right.encode()), answers(verdict("invalid"))),
        case(target, "a number", lambda: exercise.check(1), answers(verdict("invalid"))),
        case(target, "an empty string", lambda: exercise.check(""), answers(verdict("invalid"))),
    ]


def _implement_cases(target, exercise):
    return [
        case(target, "the model solution", lambda: exercise.check(exercise.correct_answer),
             answers(verdict("correct"))),
        case(target, "a function returning nan", lambda: exercise.check(lambda *args, **kwargs: np.nan),
             answers(verdict("wrong"))),
        case(target, "a function returning a complex number",
             lambda: exercise.check(lambda *args, **kwargs: 1 + 1j), answers(verdict("wrong"))),
        case(target, "a function returning a ragged list",
             lambda: exercise.check(lambda *args, **kwargs: [1.0, [2.0]]), answers(verdict("wrong"))),
        case(target, "a function returning text", lambda: exercise.check(lambda *args, **kwargs: "abc"),
             answers(verdict("wrong"))),
        case(target, "a function of no arguments", lambda: exercise.check(lambda: 1.0), answers(verdict("wrong"))),
        case(target, "a function returning 10**400", lambda: exercise.check(lambda *args: 10 ** 400),
             answers(verdict("wrong"))),
        case(target, "a function returning an iterator", lambda: exercise.check(lambda *args: iter(args)),
             answers(verdict("wrong"))),
        case(target, "the model solution under other names", lambda: exercise.check(
            lambda *anything: exercise.model_solution(*anything)), answers(verdict("correct"))),
        case(target, "a number instead of a function", lambda: exercise.check(1.0), answers(verdict("invalid"))),
        case(target, "10**400 instead of a function", lambda: exercise.check(10 ** 400), answers(verdict("invalid"))),
    ]


def _exercise_cases():
    cases = []
    for module in MODULES:
        for exercise in module.EXERCISES:
            target = f"exercises.{module.__name__.rsplit('.', 1)[1]}.{_name(module, exercise)}"
            kind = next(kind for kind in type(exercise).__mro__ if kind in (Derive, Count, Choice, Implement))
            make = {Derive: _derive_cases, Count: _derive_cases, Choice: _choice_cases,       # (a module's own
                    Implement: _implement_cases}[kind]                                       # subclass: its kind)
            cases += make(target, exercise)
    return cases


# ---------------------------------------------------------------- the kinds, as an author calls them

def _derive(**changes):
    arguments = dict(truth=lambda: 1 / 3, answer=Fraction(1, 3), what="the probability", example="0.5",
                     praise="yes", slips=[(lambda: 3.0, "inverted")], advice="no")
    return Derive("a third", "worked " * 20, **{**arguments, **changes})


def _count(**changes):
    arguments = dict(truth=lambda: [3, 5], answer=[3, 5], what="the counts", example="[1, 2]", praise="yes",
                     slips=[(lambda: [3, 6], "one too many")], advice="no", names=("a", "b"))
    return Count("two counts", "worked " * 20, **{**arguments, **changes})


def _choice(**changes):
    arguments = dict(options={"a": Option(True, "right"), "b": Option(False, "a misconception")})
    return Choice("a choice", "worked " * 20, **{**arguments, **changes})


def _implement(**changes):
    arguments = dict(reference=lambda x: np.square(x), model_solution=_square,
                     cases=[{"x": 2.0}, {"x": np.array([1.0, -3.0])}])
    return Implement("a square", "worked " * 20, **{**arguments, **changes})


def _square(x):
    return x * x


def _endless(x):
    while True:
        pass


def _kind_cases():
    return [
        case("exercises.Derive", "kind not derive or predict", lambda: _derive(kind="choose"), refuses("kind")),
        case("exercises.Derive", "slips not pairs", lambda: _derive(slips=[3.0]), refuses("slips")),
        case("exercises.Derive", "within reversed", lambda: _derive(within=(1.0, 0.0)), refuses("within")),
        case("exercises.Derive", "title not text", lambda: Derive(None, "worked", truth=lambda: 1.0, answer=1.0,
                                                                  what="x", example="1", praise="yes"),
             refuses("title")),
        case("exercises.Derive.check", "a Fraction", lambda: _derive().check(Fraction(1, 3)),
             answers(verdict("correct"))),
        case("exercises.Derive.check", "a probability out of [0, 1]", lambda: _derive(within=(0, 1)).check(2.0),
             answers(satisfies(lambda f: f.verdict == "invalid" and "[0, 1]" in f.message, "says the range"))),
        case("exercises.Derive.check", "the usual slip, out of range, gets its hint",
             lambda: _derive(within=(0, 1)).check(3.0), answers(satisfies(lambda f: f.message == "inverted",
                                                                          "the slip's hint"))),
        case("exercises.Derive.check", "a complex number", lambda: _derive().check(1 / 3 + 0j),
             answers(verdict("invalid"))),
        case("exercises.Count", "a vector without names", lambda: _count(names=None), refuses("names")),
        case("exercises.Count", "one name for two counts", lambda: _count(names=("a",)), refuses("names")),
        case("exercises.Count.check", "floats for whole numbers", lambda: _count().check([3.0, 5.0]),
             answers(verdict("correct"))),
        case("exercises.Count.check", "a number that is not whole", lambda: _count().check([3.2, 5]),
             answers(satisfies(lambda f: f.verdict == "wrong" and "whole numbers" in f.message, "says whole"))),
        case("exercises.Count.check", "10**400", lambda: _count().check([10 ** 400, 5]), answers(verdict("invalid"))),
        case("exercises.Choice", "options not a dict", lambda: _choice(options=["a", "b"]), refuses("options")),
        case("exercises.Choice", "two right options", lambda: _choice(
            options={"a": Option(True, "x"), "b": Option(True, "y")}), refuses("option", match="exactly one")),
        case("exercises.Choice", "kind not explain or predict", lambda: _choice(kind="derive"), refuses("kind")),
        case("exercises.Choice.check", "a letter with spaces and parentheses", lambda: _choice().check(" (A) "),
             answers(verdict("correct"))),
        case("exercises.Choice.check", "a list of a letter", lambda: _choice().check(["a"]),
             answers(verdict("invalid"))),
        case("exercises.Implement", "reference not callable", lambda: _implement(reference=4.0),
             refuses("reference")),
        case("exercises.Implement", "no cases", lambda: _implement(cases=[]), refuses("cases")),
        case("exercises.Implement", "slips not pairs", lambda: _implement(slips=[np.abs]), refuses("slips")),
        case("exercises.Implement", "time_limit 0", lambda: _implement(time_limit=0), refuses("time_limit")),
        case("exercises.Implement", "nan_hint not text", lambda: _implement(nan_hint=None), refuses("nan_hint")),
        case("exercises.Implement.check", "a right function", lambda: _implement().check(lambda x: x ** 2),
             answers(verdict("correct"))),
        case("exercises.Implement.check", "a function that raises", lambda: _implement().check(lambda x: 1 / 0),
             answers(satisfies(lambda f: f.verdict == "wrong" and "ZeroDivisionError" in f.message,
                               "reports the error"))),
        case("exercises.Implement.check", "a function returning inf", lambda: _implement().check(
            lambda x: np.full(np.shape(x), np.inf)), answers(verdict("wrong"))),
        case("exercises.Implement.check", "a function that never returns",
             lambda: _implement(time_limit=0.2).check(_endless),
             answers(satisfies(lambda f: f.verdict == "wrong" and "did not return within 0.2 s" in f.message,
                               "says it did not return"))),
        case("exercises.Implement.check", "another parameter name", lambda: _implement().check(lambda y: y * y),
             answers(verdict("correct"))),
    ]


CASES = [*_exercise_cases(), *_kind_cases()]
