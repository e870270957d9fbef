"""The four kinds of exercise and the verdict a self-check gives.

- :class:`Derive` asks for a number (or a few) that a derivation gives;
- :class:`Implement` runs the student's function on hidden cases;
- :class:`Choice` asks to *predict* an outcome before seeing it, or to
  *explain* one, by picking an option; each wrong option names the
  misconception behind it.

Every exercise knows its worked solution (Markdown, shown only when the
student asks for it, so that no answer is stored in a notebook) and a
correct answer, which the tests run through the check.
"""

from __future__ import annotations

import copy
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .._validation import check_option

#: What each verdict is called in front of its message.
PREFIXES = {"correct": "Correct! ", "close": "Close: ", "wrong": "Not yet. ",
            "invalid": "Can't check this: ", "unanswered": "Your turn: "}


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer; ``bool(feedback)`` is whether it is right.

    Attributes
    ----------
    verdict : {"correct", "close", "wrong", "invalid", "unanswered"}
        "close" is a right answer with too few digits; "invalid" is not an
        answer of the kind asked for (text for a number, a wrong shape, nan).
    message : str
        What the student reads: a confirmation with the reasoning, or a hint.
    exercise : Exercise, optional
        The exercise checked, whose worked solution the display offers.
    """

    verdict: str
    message: str
    exercise: Exercise | None = field(default=None, compare=False, repr=False)

    @property
    def correct(self) -> bool:
        return self.verdict == "correct"

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return PREFIXES[self.verdict] + self.message

    def _repr_mimebundle_(self, include=None, exclude=None):
        from ._display import feedback_bundle                 # ipywidgets only where it is shown
        return feedback_bundle(self)


PLACEHOLDER = "replace the ... with your answer and run the cell again."


# --------------------------------------------------------------------------
# Reading a number the way a careful student types it
# --------------------------------------------------------------------------


def as_numbers(answer, shape: tuple = (), allow_nan: bool = False) -> np.ndarray | None:
    """The answer as a float array of ``shape`` (lists, tuples, Fractions, ints all welcome), or None."""
    if isinstance(answer, (str, bytes, bool, np.bool_)) or answer is None:
        return None
    try:
        array = np.asarray(answer)
        if array.dtype.kind == "c":                          # a complex number is no real answer (numpy would drop 1j)
            return None
        array = array.astype(float)
    except (TypeError, ValueError):                          # ragged lists, text, other objects
        return None
    if array.shape != shape or (not allow_nan and np.any(np.isnan(array))):
        return None
    return array


def significant_digits(value: float) -> int:
    """How many significant digits ``value`` was typed with (``2.2`` has 2; ``400`` and ``0.06`` have 1)."""
    if value == 0 or not math.isfinite(value):
        return 15
    typed = np.format_float_positional(abs(value), trim="-")
    digits = typed.replace(".", "").lstrip("0") if "." in typed else typed.rstrip("0")
    return max(len(digits), 1)


def rounding_tolerance(truth: float, digits: int) -> float:
    """Half a unit in the last of ``digits`` significant digits of ``truth``: the largest rounding error."""
    if truth == 0:
        return 1e-12
    return 0.5 * 10.0 ** (math.floor(math.log10(abs(truth))) - digits + 1) * (1 + 1e-9)


def agrees(value: float, truth: float, digits: int = 3) -> bool:
    """Whether ``value`` is ``truth`` to at least ``digits`` significant digits (or exactly, if infinite)."""
    if math.isinf(truth) or math.isinf(value):
        return bool(value == truth)
    return bool(abs(value - truth) <= max(rounding_tolerance(truth, digits), 1e-9 * abs(truth)))


def near_miss(value: float, truth: float) -> bool:
    """A right answer with too few digits: ``truth`` rounded or cut to the digits typed, or within 1%."""
    if math.isinf(truth) or math.isinf(value) or truth == 0 or value == 0:
        return False
    unit = 10.0 ** (math.floor(math.log10(abs(value))) - significant_digits(value) + 1)
    rounded = abs(value - truth) <= unit / 2 * (1 + 1e-9)
    cut = (value > 0) == (truth > 0) and abs(value) <= abs(truth) < abs(value) + unit * (1 - 1e-9)  # 5 is no cut of 4
    return bool(rounded or cut or abs(value - truth) <= 0.01 * abs(truth))


def all_agree(values: np.ndarray, truths: np.ndarray) -> bool:
    return all(agrees(v, t) for v, t in zip(np.ravel(values), np.ravel(truths)))


# --------------------------------------------------------------------------
# The exercises
# --------------------------------------------------------------------------


class Exercise:
    """What every exercise has: a kind, a title, a check and a worked solution.

    Parameters
    ----------
    title : str
        As in the notebook's heading, e.g. "a signed distance by hand".
    solution : str
        The worked solution in Markdown (LaTeX allowed), shown on request only.
    """

    kind = ""

    def __init__(self, title: str, solution: str):
        for name, text in (("title", title), ("solution", solution)):
            if not isinstance(text, str):
                raise TypeError(f"{name} must be a string; got {text!r}.")
        self.title = title
        self.solution = solution.strip()

    def check(self, answer) -> Feedback:
        """The verdict on ``answer``, with the exercise attached for its solution button."""
        if answer is Ellipsis:
            return self._feedback("unanswered", PLACEHOLDER[0].upper() + PLACEHOLDER[1:])
        return self._judge(answer)

    def _judge(self, answer) -> Feedback:
        raise NotImplementedError

    def _feedback(self, verdict: str, message: str) -> Feedback:
        return Feedback(verdict, message, self)

    def show_solution(self):
        """Display the worked solution (what the notebook's "Show the solution" button does)."""
        from IPython.display import Markdown, display
        display(Markdown(f"**Solution: {self.title}**\n\n{self.solution}"))

    @property
    def correct_answer(self):
        """An answer the check must call correct (the tests run it)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.kind} exercise: {self.title}>"


class Derive(Exercise):
    """A number, or a short vector of numbers, that a derivation or hand computation gives.

    Answers count as right to 3 significant figures; fewer digits get
    "close"; a value that one of the usual slips gives gets that slip's hint.

    Parameters
    ----------
    title, solution : str
    truth : callable
        Computes the right value (with the package, so it is independent of
        the hand solution in ``answer``); called once, on the first check.
    answer : float or sequence
        The hand solution, as the worked solution states it.
    what, example : str
        How to ask for it, e.g. ``"the distance r"`` and ``"-1.25"``.
    praise : str or callable
        Confirmation, or a function of the true value giving it.
    slips : list of (callable, str)
        Each usual mistake: a function computing the value it gives, and its hint.
    advice : str
        The hint for any other wrong value.
    integer : bool
        A count: ``3.0`` is accepted for ``3``, nothing is rounded.
    names : sequence of str, optional
        The names of the parts of a vector answer, used in hints.
    kind : {"derive", "predict"}
    within : (float, float), optional
        The range every part of a possible answer lies in (``(0, 1)`` for
        probabilities): an answer outside it (and no usual slip) is "invalid".
    """

    def __init__(self, title, solution, *, truth, answer, what, example, praise, slips=(), advice="",
                 integer=False, names=None, kind="derive", within=None):
        super().__init__(title, solution)
        self.kind = check_option(kind, "kind", ("derive", "predict"))
        _check_slips(slips)
        if within is not None and not (len(within) == 2 and within[0] < within[1]):
            raise ValueError(f"within must be a range (low, high) with low < high; got {within!r}.")
        self._truth, self._answer = truth, answer
        self.what, self.example, self.praise, self.advice = what, example, praise, advice
        self.slips = list(slips)
        self.integer, self.names, self.within = integer, names, within

    @property
    def truth(self) -> np.ndarray:
        """The right value, as a float array (shape ``()`` for one number)."""
        if callable(self._truth):
            self._truth = np.asarray(self._truth(), dtype=float)
        return self._truth

    @property
    def correct_answer(self):
        return self._answer

    def slip_values(self) -> list[tuple[np.ndarray, str]]:
        """Each slip's value and hint, skipping slips that happen to give the right value here."""
        values = [(np.asarray(slip(), dtype=float), hint) for slip, hint in self.slips]
        return [(value, hint) for value, hint in values if not all_agree(value, self.truth)]

    def _invalid(self, answer) -> Feedback:
        shape = "one number" if self.truth.shape == () else f"{self.truth.size} numbers, as a list"
        infinite = " (type float('inf') for an infinite value)" if np.any(np.isinf(self.truth)) else ""
        return self._feedback("invalid", f"give {self.what} as {shape}{infinite}, e.g. {self.example}; "
                                         f"got {answer!r}.")

    def _judge(self, answer) -> Feedback:
        value = as_numbers(answer.limit_denominator() if isinstance(answer, Fraction) else answer,
                           self.truth.shape)
        if value is None:
            return self._invalid(answer)
        if self.integer:
            if np.any(value != np.round(value)):
                return self._feedback("invalid", f"{self.what} is a whole number; got {answer!r}.")
            if np.array_equal(value, self.truth):
                return self._feedback("correct", self._praise())
        elif all_agree(value, self.truth):
            return self._feedback("correct", self._praise())
        for slip, hint in self.slip_values():
            if all_agree(value, slip):
                return self._feedback("wrong", hint)
        if self.within is not None and not np.all((self.within[0] <= value) & (value <= self.within[1])):
            low, high = self.within                          # (a usual slip out of range gets its hint above)
            return self._feedback("invalid", f"{self.what} lie in [{low:g}, {high:g}]; got {answer!r}.")
        if not self.integer and all(agrees(v, t) or near_miss(v, t)
                                    for v, t in zip(np.ravel(value), np.ravel(self.truth))):
            return self._feedback("close", "that is right to the digits you give; give at least 3 "
                                           "significant figures (e.g. 0.123 or 12.3).")
        return self._feedback("wrong", self._advice(value))

    def _praise(self) -> str:
        return self.praise(self.truth) if callable(self.praise) else self.praise

    def _advice(self, value) -> str:
        if self.names is not None:
            wrong = [name for name, v, t in zip(self.names, np.ravel(value), np.ravel(self.truth))
                     if not agrees(v, t)]
            listed = wrong[0] if len(wrong) == 1 else ", ".join(wrong[:-1]) + " and " + wrong[-1]
            return f"Check {listed}. {self.advice}".strip()
        return self.advice(value) if callable(self.advice) else self.advice


@dataclass(frozen=True)
class Option:
    """One option of a :class:`Choice`: whether it is right, and what picking it says."""

    correct: bool
    feedback: str


class Choice(Exercise):
    """Pick one option by its letter: *predict* before running, or *explain* after.

    Parameters
    ----------
    title, solution : str
    options : dict of str to Option
        Keyed by letter ("a", "b", ...); the options' texts are in the
        notebook, each wrong option's feedback names the misconception.
    kind : {"explain", "predict"}
    """

    def __init__(self, title, solution, *, options: dict, kind="explain"):
        super().__init__(title, solution)
        if not isinstance(options, dict) or not all(isinstance(letter, str) and isinstance(option, Option)
                                                    for letter, option in options.items()):
            raise TypeError(f"options must be a dict of letters to Option(correct, feedback); got {options!r}.")
        if sum(option.correct for option in options.values()) != 1:
            raise ValueError(f"exactly one option of {title!r} must be correct")
        self.kind, self.options = check_option(kind, "kind", ("explain", "predict")), options

    @property
    def correct_answer(self) -> str:
        return next(letter for letter, option in self.options.items() if option.correct)

    def _judge(self, answer) -> Feedback:
        letters = ", ".join(self.options)
        letter = answer.strip().strip("()").lower() if isinstance(answer, str) else None
        if letter not in self.options:
            return self._feedback("invalid", f"answer with one of the letters {letters}, as a string "
                                             f"such as \"{next(iter(self.options))}\"; got {answer!r}.")
        option = self.options[letter]
        return self._feedback("correct" if option.correct else "wrong", option.feedback)


def _check_slips(slips) -> None:
    """``slips`` must be (function, hint) pairs: the function gives the slip's value (or result), the hint explains it."""
    if not all(isinstance(slip, (tuple, list)) and len(slip) == 2 and callable(slip[0]) and isinstance(slip[1], str)
               for slip in slips):
        raise TypeError(f"slips must be a list of (function, hint) pairs; got {slips!r}.")


def _call(arguments: dict) -> str:
    """The arguments of a hidden case as they would be typed, e.g. ``p=[0.5, 0.5, 0.0]``."""
    return ", ".join(f"{name}={_shown(value)}" for name, value in arguments.items())


def _shown(value) -> str:
    if isinstance(value, np.ndarray):
        return f"np.array({np.round(value, 6).tolist()})"
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(item) for item in value) + ")"
    if isinstance(value, (float, np.floating)):
        return f"{value:.6g}"
    return repr(value)


def matches(got, expected, rtol: float = 1e-6, atol: float = 1e-9) -> bool:
    """Whether a function's result equals the expected one: same structure, numbers close, nan only for nan."""
    if isinstance(expected, tuple):
        return (isinstance(got, (tuple, list)) and len(got) == len(expected)
                and all(matches(g, e, rtol, atol) for g, e in zip(got, expected)))
    if isinstance(expected, (numbers.Number, np.ndarray, np.number)):
        got_array = as_numbers(got, np.shape(expected), allow_nan=True)
        return got_array is not None and bool(np.allclose(got_array, expected, rtol=rtol, atol=atol,
                                                          equal_nan=True))
    return got == expected


def _result(function, arguments: dict):
    """``function(**arguments)`` on a copy of the arguments, or the exception it raised."""
    try:
        return function(**copy.deepcopy(arguments))
    except Exception as error:                               # the student's code: report it, don't crash
        return error


class Implement(Exercise):
    """Write a function; the check runs it on hidden cases, edge cases included.

    Parameters
    ----------
    title, solution : str
        ``solution`` explains the idea; the code of ``model_solution`` is
        appended to it.
    reference : callable
        Computes the expected result of each case (the package's function).
    model_solution : callable
        The plain solution a student would write, shown with the solution.
    cases : list of dict
        Keyword arguments of each hidden case; the student's function is
        called with copies, so mutating them does no harm.
    slips : list of (callable, str)
        Usual wrong implementations and their hints: when the student's
        result equals a slip's on the failing case, the hint is added.
    """

    kind = "implement"

    def __init__(self, title, solution, *, reference, model_solution, cases, slips=()):
        import inspect
        for name, function in (("reference", reference), ("model_solution", model_solution)):
            if not callable(function):
                raise TypeError(f"{name} must be a function; got {function!r}.")
        if not isinstance(cases, (list, tuple)) or not cases or not all(isinstance(case, dict) for case in cases):
            raise TypeError(f"cases must be a non-empty list of dicts of keyword arguments; got {cases!r}.")
        _check_slips(slips)
        super().__init__(title, solution + "\n\n```python\n" + inspect.getsource(model_solution).strip()
                         + "\n```")
        self.reference, self.model_solution = reference, model_solution
        self.cases, self.slips = cases, list(slips)

    @property
    def correct_answer(self):
        return self.model_solution

    def _judge(self, function) -> Feedback:
        if not callable(function):
            return self._feedback("invalid", f"pass your function itself (its name, without calling it); "
                                             f"got {function!r}.")
        for number, arguments in enumerate(self.cases, start=1):
            expected = self.reference(**copy.deepcopy(arguments))
            got = _result(function, arguments)
            if isinstance(got, Exception):
                return self._failure(number, arguments, expected, f"raised {type(got).__name__}: {got}")
            if got is None and number == 1:
                return self._feedback("unanswered", "your function returns None: write its body and "
                                                    "return the result.")
            if not matches(got, expected):
                return self._failure(number, arguments, expected, _shown(got), got)
        return self._feedback("correct", f"all {len(self.cases)} hidden cases give the right result, "
                                         "edge cases included.")

    def _failure(self, number, arguments, expected, got_text, got=None) -> Feedback:
        message = (f"hidden case {number} of {len(self.cases)}: {_call(arguments)}\n"
                   f"    expected {_shown(expected)}\n    got      {got_text}")
        hint = next((hint for slip, hint in self.slips
                     if got is not None and matches(got, _result(slip, arguments))), None)
        return self._feedback("wrong", message + (f"\n{hint}" if hint else ""))
