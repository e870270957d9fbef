"""The four kinds of exercise and the verdict a self-check gives.

- :class:`Derive` asks for a number (or a few) that a derivation gives, and
  :class:`Count` for a whole number (or a few): a count of updates, steps or
  parameters;
- :class:`Implement` runs the student's function on hidden cases;
- :class:`Choice` asks to *predict* an outcome before seeing it, or to
  *explain* one, by picking an option; each wrong option names the
  misconception behind it.

Every exercise knows its worked solution (Markdown, shown only when the
student asks for it, so that no answer is stored in a notebook) and a
correct answer, which the tests run through the check. Whatever the student
passes, and whatever their function does, the check gives a verdict: it
never raises.

How a number is judged
----------------------
Let ``u`` be the place value of the third significant figure of the truth
``t`` (0.01 for 2.197, 0.001 for 0.3666). Each number of an answer is

- **correct** when it agrees with ``t`` to 3 significant figures, rounded
  or cut: within ``u/2`` of ``t`` (``t`` rounded to 3 or more figures: 2.20
  or 2.197 for 2.197), or between ``t`` and ``t`` cut to 3 figures (0.366 for
  0.3666, 2.19 for 2.197). So 2.18 and 2.21 are not correct for 2.197, nor
  0.249 for 0.25. A truth of 0 takes 0 (to 1e-12); an infinite truth takes
  that infinity.
- **close** when it is not correct but right to every figure it shows:
  ``t`` rounded to the answer's own number of significant figures is the
  answer (0.3 for 1/3, 2.2 for 2.236, 0.12 for 0.1192). A tie counts when
  it is rounded the usual way, half away from zero (0.3 for 0.25, 18 for
  17.5), not the other (0.2 for 0.25); a cut to fewer than 3 figures does
  not (0.3 for 0.3666). A whole number of one significant figure is never
  close (2 for 2.32, 20 for 19.7): it reads as an exact count, and "right to
  1 significant figure" would tell a student who counted 2 questions for 5
  letters that the count was nearly right.
- **wrong** otherwise. A wrong answer of 3 or more figures that is one unit
  off in its last figure (-0.191 for -0.190499) is told to check its
  rounding: the method was right, an intermediate was rounded too early.

A float does not remember the zeros a student typed at its end (``0.120 ==
0.12``), so an answer's figures are those of its shortest decimal form, and
its zero-padded reading counts: 2.2 for 2.197 is correct, because 2.20 is.
A close answer is told that its padded reading is not right to 3 figures
("0.12 is right to 2 significant figures, but 0.120 is not right to 3"), so
that a student who typed 0.120 learns that their third figure is off, never
that it is missing: an answer typed with 3 significant figures is never
asked for 3 significant figures.

A vector is judged number by number: correct if all are, close if all are
correct or close (the message names the first close one), wrong otherwise
(the message names the wrong ones). Before "close" or "wrong", a value that
one of the usual slips gives, to 3 significant figures, gets that slip's
hint. A :class:`Count` takes whole numbers only: ``3`` and ``3.0`` are
correct for 3, ``3.2`` and ``2.99`` are wrong, nothing is close.

How a function is judged
------------------------
The student's function is called positionally on a copy of each hidden
case's arguments (so its parameters may have any names, and a lambda does),
under a time limit per case (see :func:`attempt`). Its result is right when
it has the expected structure and shape and its numbers agree with the
expected ones to a relative 1e-6 (an absolute 1e-9 near 0); nan is never
right, an infinity only where one is expected. The first
case it gets wrong is reported with its input, the expected result and what
came back, followed by

- for an exception, its type and message; for no result in time, "did not
  return within 5 s" (and the call is stopped, see :func:`_stop`);
- for nan, or an infinity where a finite number is expected, the exercise's
  hint about where such values come from, never a slip's hint: that a slip
  also gives nan says nothing about why the student's function does;
- otherwise the hint of a usual slip that behaves as the student's function
  does on every hidden case (the same results, or the same type of
  exception), or else what is wrong with the result's form (text, None, a
  generator, a wrong shape). A slip that only agrees on the failing case
  gives no hint: two mistakes often coincide on one case.
"""

from __future__ import annotations

import ast
import copy
import ctypes
import inspect
import math
import numbers
import reprlib
import sys
import textwrap
import threading
import types
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .._validation import check_option, check_positive
from ._guard import Guard

#: What each verdict is called in front of its message.
PREFIXES = {"correct": "Correct! ", "close": "Close: ", "wrong": "Not yet. ",
            "invalid": "Can't check this: ", "unanswered": "Your turn: "}


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer; ``bool(feedback)`` is whether it is right.

    Attributes
    ----------
    verdict : {"correct", "close", "wrong", "invalid", "unanswered"}
        "close" is an answer right to every figure it shows, with fewer than
        3 significant figures; "invalid" is not an answer of the kind asked
        for (text for a number, a wrong shape, nan).
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


def as_numbers(answer, shape: tuple | None = (), allow_nan: bool = False) -> np.ndarray | None:
    """The answer as a float array of ``shape`` (any shape if None), or None if it is not one.

    Lists, tuples, Fractions, ints and numpy numbers are welcome; text, bools,
    None, complex numbers, ragged lists, numbers beyond floating point
    (``10**400``) and nan (unless ``allow_nan``) are not.
    """
    if isinstance(answer, (str, bytes, bool, np.bool_)) or answer is None:
        return None
    try:
        array = np.asarray(answer)
        if array.dtype.kind == "c":                          # a complex number is no real answer (numpy would drop 1j)
            return None
        array = array.astype(float)
    except Exception:                                        # ragged lists, 10**400, a student's odd object
        return None
    if (shape is not None and array.shape != shape) or (not allow_nan and np.any(np.isnan(array))):
        return None
    return array


def significant_digits(value: float) -> int:
    """How many significant figures the shortest decimal form of ``value`` shows (``2.2``: 2; ``400``, ``0.06``: 1)."""
    if value == 0 or not math.isfinite(value):
        return 15
    typed = np.format_float_positional(abs(value), trim="-")
    digits = typed.replace(".", "").lstrip("0") if "." in typed else typed.rstrip("0")
    return max(len(digits), 1)


#: Room for the rounding errors of floating point, as a fraction of the place value of a figure.
_SLACK = 1e-9


def _place(value: float, figures: int) -> float:
    """The place value of the last of ``figures`` significant figures of ``value``: 0.01 for 2.197 and 3."""
    return 10.0 ** (math.floor(math.log10(abs(value))) - figures + 1)


def agrees(value: float, truth: float) -> bool:
    """Whether ``value`` is ``truth`` to 3 significant figures, rounded or cut.

    With ``u`` the place value of the third figure of ``truth``: within ``u/2``
    of it (2.20 or 2.197 for 2.197), or between ``truth`` and ``truth`` cut to
    3 figures (2.19 for 2.197). A truth of 0 takes 0 (to 1e-12), an infinite
    truth that infinity.
    """
    if math.isinf(value) or math.isinf(truth):
        return bool(value == truth)
    if truth == 0:
        return bool(abs(value) <= 1e-12)
    unit = _place(truth, 3)
    if abs(value - truth) <= (0.5 + _SLACK) * unit:
        return True
    cut = math.floor(abs(truth) / unit + _SLACK) * unit      # the size of truth cut to 3 figures
    return bool((value > 0) == (truth > 0) and cut - _SLACK * unit <= abs(value) <= abs(truth))


def right_to_its_figures(value: float, truth: float) -> bool:
    """Whether ``truth`` rounded to the significant figures ``value`` shows is ``value``: 0.3 for 1/3, 2.2 for 2.236.

    A tie counts when rounded half away from zero (0.3 for 0.25, 18 for
    17.5), not the other way (0.2 for 0.25); a cut does not (0.3 for
    0.3666), nor does a whole number of one figure (2 for 2.32: see the
    module's docstring).
    """
    if value == 0 or truth == 0 or not (math.isfinite(value) and math.isfinite(truth)):
        return False
    figures = significant_digits(value)
    if figures == 1 and value == round(value):
        return False
    gap, half = abs(value - truth), 0.5 * _place(truth, figures)     # truth rounded to the answer's figures
    rounded_up = (value > 0) == (truth > 0) and abs(value) > abs(truth)
    return bool(gap < (1 - 2 * _SLACK) * half or (rounded_up and gap <= (1 + 2 * _SLACK) * half))


def off_by_one_unit(value: float, truth: float) -> bool:
    """Whether ``value``, given to 3 or more figures, is ``truth`` with its third figure one unit off, where ``truth``
    has more figures than 3.

    That is a rounding slip (-0.191 for -0.190499, an intermediate rounded
    to -0.1905): more than half a unit of the third figure from ``truth``,
    and at most one and a half. A truth of 3 figures or fewer (17.5, 2.25,
    -0.512) has nothing to round on the way: one unit off there is a slip of
    arithmetic, and gets the exercise's advice.
    """
    if not (math.isfinite(value) and math.isfinite(truth)) or truth == 0 or significant_digits(value) < 3:
        return False
    unit = _place(truth, 3)
    exact = abs(truth - round(truth / unit) * unit) <= _SLACK * unit
    return bool(not exact and abs(value - truth) <= (1.5 + _SLACK) * unit)


def grade(value: float, truth: float) -> str:
    """"correct" (see :func:`agrees`), "close" (see :func:`right_to_its_figures`) or "wrong"."""
    if agrees(value, truth):
        return "correct"
    return "close" if right_to_its_figures(value, truth) else "wrong"


def _too_large(value) -> bool:
    """Whether ``value`` is a whole or rational number beyond floating point, such as ``10**400``."""
    return (isinstance(value, numbers.Rational) and not isinstance(value, bool)
            and abs(value) > sys.float_info.max)


# --------------------------------------------------------------------------
# Showing values in messages
# --------------------------------------------------------------------------

_REPR = reprlib.Repr()
_REPR.maxlist = _REPR.maxtuple = 12
_REPR.maxstring = _REPR.maxother = 80
_REPR.maxlong = 40

#: The most characters a value takes in a message.
_WIDTH = 300


def _shown(value) -> str:
    """``value`` as it would be typed (``np.array([...])`` for an array), cut to ``_WIDTH`` characters; never raises."""
    try:
        text = _typed(value)
    except Exception:                                        # a student's object whose repr fails
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= _WIDTH else text[:_WIDTH - 4] + " ..."


def _typed(value) -> str:
    if isinstance(value, np.ndarray) and value.size > 100:
        return f"<an array of shape {value.shape}>"
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "f":                          # 6 significant figures, as for one number,
            shown = [float(f"{v:.6g}") for v in value.ravel()]
            if len(set(shown)) < len(set(value.ravel().tolist())):      # unless that makes two values look one
                shown = value.ravel().tolist()
            value = np.array(shown).reshape(value.shape)
        return f"np.array({value.tolist()})"
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(item) for item in value) + ")"
    if isinstance(value, (float, np.floating)):
        return f"{value:.6g}"
    return _REPR.repr(value)


def _form(value) -> str:
    """What ``value`` is, for a message: "a number", "an array of shape (3,)", "text", "None", "a generator", ..."""
    array = as_numbers(value, None, allow_nan=True)
    if array is not None:
        return "a number" if array.shape == () else f"an array of shape {array.shape}"
    if value is None:
        return "None"
    if isinstance(value, (str, bytes)):
        return "text"
    if _too_large(value):
        return "a number beyond floating point"
    return f"a {type(value).__name__}"


def _listed(names: list[str]) -> str:
    """``["a", "b", "c"]`` as "a, b and c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --------------------------------------------------------------------------
# Calling a student's function
# --------------------------------------------------------------------------

#: How long a student's function may take on one hidden case, in seconds.
TIME_LIMIT = 5.0


@dataclass(frozen=True)
class Outcome:
    """What a call of a student's function gave: a value, an exception, or nothing in time."""

    value: object = None
    error: BaseException | None = None
    timed_out: bool = False
    switched_off: str = ""        # the course's function it called, switched off while it is checked (see _guard)

    @property
    def returned(self) -> bool:
        return self.error is None and not self.timed_out and not self.switched_off


class _TimeUp(BaseException):
    """Raised inside a function that ran past its time limit, to end it.

    Not an ``Exception``, so that an ``except Exception`` in the student's code
    does not swallow it.
    """


def attempt(function, arguments: dict, seconds: float, guarded=False) -> Outcome:
    """Call ``function`` positionally on a copy of ``arguments``, giving it ``seconds`` to return.

    ``guarded``: True, or a tuple of further functions to switch off, for a
    student's function: the course's package and scikit-learn (and those
    functions) are switched off (see :mod:`._guard`); a call into them is the
    outcome, whatever the function did after it.

    The call runs in a daemon thread that the caller waits for. Why a thread:
    the check must work wherever a notebook runs. ``signal.alarm`` exists only
    on Unix and only in the main thread, and would fight any alarm of the
    caller (a test runner's deadline); a subprocess would have to pickle a
    function defined in the notebook, which the "spawn" start method (the
    default on macOS and Windows) cannot. A thread works in ipykernel on
    every system: once the wait times out the notebook goes on, and
    :func:`_stop` ends the runaway call.
    """
    result, guard = {}, Guard(() if guarded is True else guarded) if guarded else None
    named = guard.named_in(function) if guard else ""
    if named:                                                # a compiled function is found by its name, not called
        return Outcome(switched_off=named)

    def call():
        values = copy.deepcopy(tuple(arguments.values()))
        try:
            result["value"] = guard.call(function, values) if guard else function(*values)
        except _TimeUp:
            pass
        except BaseException as error:                       # the student's code: report it, SystemExit included
            result["error"] = error

    worker = threading.Thread(target=call, name="exercise check", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        _stop(worker)
        return Outcome(timed_out=True)
    return Outcome(result.get("value"), result.get("error"), switched_off=guard.violation if guard else "")


def _stop(worker: threading.Thread) -> None:
    """Raise :class:`_TimeUp` in ``worker`` at its next Python instruction (CPython's ``PyThreadState_SetAsyncExc``).

    A loop in Python ends at once; a long call into C (a huge matrix product,
    ``time.sleep``) ends when it returns. Outside CPython the thread runs on,
    a daemon that does not keep Python from exiting.
    """
    set_exception = getattr(getattr(ctypes, "pythonapi", None), "PyThreadState_SetAsyncExc", None)
    if set_exception is not None:
        set_exception(ctypes.c_ulong(worker.ident), ctypes.py_object(_TimeUp))


def matches(got, expected, rtol: float = 1e-6, atol: float = 1e-9, nan_too: bool = False) -> bool:
    """Whether a function's result equals the expected one: same structure and shape, numbers close.

    A nan is never right, unless ``nan_too`` (two results compared with each
    other, not with the truth), where a nan matches a nan.
    """
    if isinstance(expected, tuple):
        return (isinstance(got, (tuple, list)) and len(got) == len(expected)
                and all(matches(g, e, rtol, atol, nan_too) for g, e in zip(got, expected)))
    got_array = as_numbers(got, np.shape(expected), allow_nan=nan_too)
    expected_array = as_numbers(expected, None, allow_nan=True)
    if got_array is None or expected_array is None:
        return False
    with np.errstate(all="ignore"):                          # inf - inf inside allclose
        return bool(np.allclose(got_array, expected_array, rtol=rtol, atol=atol, equal_nan=nan_too))


def _non_finite(got, expected) -> str:
    """"nan" if ``got`` holds a nan, "inf" if it holds an infinity where ``expected`` is finite, else ""."""
    if isinstance(expected, tuple):
        parts = zip(got, expected) if isinstance(got, (tuple, list)) and len(got) == len(expected) else ()
        return next((kind for kind in (_non_finite(g, e) for g, e in parts) if kind), "")
    array = as_numbers(got, None, allow_nan=True)
    if array is None:
        return ""
    if np.any(np.isnan(array)):
        return "nan"
    if array.shape == np.shape(expected) and np.any(np.isinf(array) & (array != np.asarray(expected, dtype=float))):
        return "inf"
    return ""


def _mismatch(got, expected) -> str:
    """How the form of ``got`` differs from that of ``expected``, e.g. "text, not a number" ("" if it does not)."""
    if isinstance(expected, tuple):
        if not (isinstance(got, (tuple, list)) and len(got) == len(expected)):
            return f"{_form(got)}, not a tuple of {len(expected)} results"
        return next((mismatch for mismatch in map(_mismatch, got, expected) if mismatch), "")
    return "" if _form(got) == _form(expected) else f"{_form(got)}, not {_form(expected)}"


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
        self.answered = False

    def check(self, answer) -> Feedback:
        """The verdict on ``answer``, with the exercise attached for its solution button; never raises."""
        if answer is Ellipsis:
            return self._feedback("unanswered", PLACEHOLDER[0].upper() + PLACEHOLDER[1:])
        feedback = self._judge(answer)
        self.answered = self.answered or feedback.verdict in ("correct", "close", "wrong")
        return feedback

    def revealed(self) -> bool:
        """Whether the cell after the exercise may show its outcome: only once the student has answered.

        A notebook shows the outcome of a predict exercise (or a result that
        answers an exercise) under ``if exercises.<name>.revealed():``. Until the
        exercise has an answer, right or wrong, this prints a line saying so and
        returns False: "Run All" and the stored notebook show no outcome, and a
        student who commits to a guess and runs the cell again sees it.
        """
        if not self.answered:          # one write: print() sends the newline apart, and a notebook may store two outputs
            sys.stdout.write(f"\N{LOCK} Answer the exercise above first (\"{self.title}\"), with any guess; then run "
                             "this cell again to see the outcome.\n")
        return self.answered

    def _judge(self, answer) -> Feedback:
        raise NotImplementedError

    def _feedback(self, verdict: str, message: str) -> Feedback:
        return Feedback(verdict, message, self)

    def show_solution(self):
        """Display the worked solution (what the notebook's "Show the solution" button does), once answered."""
        from IPython.display import Markdown, display
        if not self.answered:
            display(Markdown(f"Answer the exercise first (\"{self.title}\"), with any guess: the solution can settle "
                             "later exercises too."))
            return
        display(Markdown(f"**Solution: {self.title}**\n\n{self.solution}"))

    @property
    def correct_answer(self):
        """An answer the check must call correct (the tests run it)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.kind} exercise: {self.title}>"


class Derive(Exercise):
    """A number, or a short vector of numbers, that a derivation or hand computation gives.

    Each number is judged as the module's docstring says: correct to 3
    significant figures (rounded or cut), close when right only to the fewer
    figures it shows, wrong otherwise; a value that one of the usual slips
    gives gets that slip's hint, to 3 significant figures or, when it is not
    close to the truth, to the 2 or more it shows.

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
    advice : str or callable
        The hint for any other wrong value, or a function of the answer giving it.
    names : sequence of str
        The name of each number of a vector answer (required when there are
        several), used in the messages.
    kind : {"derive", "predict"}
    within : (float, float), optional
        The range every part of a possible answer lies in (``(0, 1)`` for
        probabilities): an answer outside it (and no usual slip) is "invalid".
    """

    def __init__(self, title, solution, *, truth, answer, what, example, praise, slips=(), advice="",
                 names=None, kind="derive", within=None):
        super().__init__(title, solution)
        self.kind = check_option(kind, "kind", ("derive", "predict"))
        _check_slips(slips)
        if within is not None and not (len(within) == 2 and within[0] < within[1]):
            raise ValueError(f"within must be a range (low, high) with low < high; got {within!r}.")
        if np.size(answer) > 1 and (names is None or len(names) != np.size(answer)):
            raise ValueError(f"names must name each of the {np.size(answer)} parts of the answer; got {names!r}.")
        self._truth, self._answer = truth, answer
        self.what, self.example, self.praise, self.advice = what, example, praise, advice
        self.slips = list(slips)
        self.names, self.within = names, within

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
        return [(value, hint) for value, hint in values if not self._right(value, self.truth)]

    def _grade(self, value: float, truth: float) -> str:
        """The verdict on one number: see :func:`grade`."""
        return grade(value, truth)

    def _grades(self, value: np.ndarray, truth: np.ndarray) -> list[str]:
        return [self._grade(float(v), float(t)) for v, t in zip(np.ravel(value), np.ravel(truth))]

    def _right(self, value: np.ndarray, truth: np.ndarray) -> bool:
        return all(verdict == "correct" for verdict in self._grades(value, truth))

    def _judge(self, answer) -> Feedback:
        value = as_numbers(answer.limit_denominator() if isinstance(answer, Fraction) else answer,
                           self.truth.shape)
        if value is None:
            return self._invalid(answer)
        grades = self._grades(value, self.truth)
        if all(verdict == "correct" for verdict in grades):
            return self._feedback("correct", self._praise())
        slips = self.slip_values()
        for slip, hint in slips:
            if self._right(value, slip):
                return self._feedback("wrong", hint)
        if self.within is not None and not np.all((self.within[0] <= value) & (value <= self.within[1])):
            low, high = self.within                          # (a usual slip out of range gets its hint above)
            return self._feedback("invalid", f"{self.what} must lie in [{low:g}, {high:g}]; got {_shown(answer)}.")
        if "wrong" not in grades:
            return self._feedback("close", self._too_few_figures(value, grades.index("close")))
        for slip, hint in slips:
            if self._slip_to_its_figures(value, slip):
                return self._feedback("wrong", hint)
        rounded_early = self._rounded_early(value, grades)
        if rounded_early:
            return self._feedback("wrong", rounded_early)
        return self._feedback("wrong", self._advice(value, grades))

    def _rounded_early(self, value: np.ndarray, grades: list[str]) -> str:
        """The message for an answer whose only wrong numbers are one unit off in their last figure ("" if not)."""
        wrong = [index for index, verdict in enumerate(grades) if verdict == "wrong"]
        values, truths = np.ravel(value), np.ravel(self.truth)
        if not all(self._one_unit_off(float(values[i]), float(truths[i])) for i in wrong):
            return ""
        shown = ", ".join(f"{values[i]:g}" if self.truth.shape == () else f"{self.names[i]} = {values[i]:g}"
                          for i in wrong)
        return (f"{shown} is one unit off in its last figure: the method looks right, but an intermediate value "
                "was rounded too early. Carry at least 5 significant figures through the steps and round only "
                "the result.")

    def _one_unit_off(self, value: float, truth: float) -> bool:
        return off_by_one_unit(value, truth)

    def _slip_to_its_figures(self, value: np.ndarray, slip: np.ndarray) -> bool:
        """Whether ``value`` is a slip's value given to fewer figures (-4.8 for -4.789): each number right to every
        figure it shows, and at least 2 of them (a single figure fits too many values to name the slip)."""
        return all(verdict == "correct" or (verdict == "close" and significant_digits(v) >= 2)
                   for v, verdict in zip(np.ravel(value), self._grades(value, slip)))

    def _invalid(self, answer) -> Feedback:
        shape = "one number" if self.truth.shape == () else f"{self.truth.size} numbers, as a list"
        infinite = " (type float('inf') for an infinite value)" if np.any(np.isinf(self.truth)) else ""
        return self._feedback("invalid", f"give {self.what} as {shape}{infinite}, e.g. {self.example}; "
                                         f"got {_shown(answer)}{_reading_note(answer)}.")

    def _praise(self) -> str:
        return self.praise(self.truth) if callable(self.praise) else self.praise

    def _too_few_figures(self, value: np.ndarray, index: int) -> str:
        """The message of a close answer, about its first number that is right only to fewer than 3 figures."""
        number = float(np.ravel(value)[index])
        figures = significant_digits(number)
        shown = f"{number:g}" if self.truth.shape == () else f"{self.names[index]} = {number:g}"
        padded = f"{number:#.3g}".rstrip(".")
        return (f"{shown} is right to {figures} significant figure{'' if figures == 1 else 's'}, but {padded} "
                "is not right to 3: work out 3 significant figures (e.g. 0.123 or 12.3).")

    def _advice(self, value: np.ndarray, grades: list[str]) -> str:
        advice = self.advice(value) if callable(self.advice) else self.advice
        if self.truth.shape == ():
            return advice
        wrong = [name for name, verdict in zip(self.names, grades) if verdict == "wrong"]
        return f"Check {_listed(wrong)}. {advice}".strip()


def _reading_note(answer) -> str:
    """Why an answer that looks like a number is not read as one: beyond floating point, or text ("" otherwise)."""
    if _too_large(answer):
        return f" (beyond floating point, whose largest number is about {sys.float_info.max:.1e})"
    if isinstance(answer, str):
        try:
            return " (text: type the number without quotes)" if math.isfinite(float(answer)) else ""
        except ValueError:
            return ""
    return ""


class Count(Derive):
    """A whole number, or a few: a count of updates, steps or parameters.

    ``3``, ``3.0`` and ``np.int64(3)`` are right for 3; a number that is not
    whole (``3.2``, ``2.99``) is wrong whatever it is near, and nothing is
    close: a count has no figures to round. Takes the parameters of
    :class:`Derive`; ``truth`` must give whole numbers.
    """

    @property
    def truth(self) -> np.ndarray:
        truth = super().truth
        if np.any(truth != np.round(truth)):
            raise ValueError(f"the truth of the count {self.title!r} must be whole numbers; got {truth}.")
        return truth

    def _grade(self, value: float, truth: float) -> str:
        return "correct" if value == truth else "wrong"

    def _one_unit_off(self, value: float, truth: float) -> bool:
        return False                                         # a count has no rounding to slip on

    def _judge(self, answer) -> Feedback:
        value = as_numbers(answer, self.truth.shape)
        if value is not None and np.allclose(value, np.round(value), rtol=1e-12, atol=0):
            answer = np.round(value)                         # 399.99999999999994 from 16 / 0.2**2 is 400
        value = as_numbers(answer, self.truth.shape)
        if value is not None and np.any(value != np.round(value)):
            whole = "is a whole number" if value.ndim == 0 else "are whole numbers"
            typed = ", ".join(repr(float(number)) for number in np.ravel(value))     # 399.9999, not "400"
            return self._feedback("wrong", f"{self.what[0].upper()}{self.what[1:]} {whole}; got {typed}.")
        return super()._judge(answer)


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
                                             f"such as \"{next(iter(self.options))}\"; got {_shown(answer)}.")
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


#: Where a nan comes from, for an exercise that says nothing more specific.
NAN_HINT = ("nan comes from 0 * inf, 0/0, inf - inf or inf/inf: look for an exponential that overflows "
            "(e^z is inf for z above about 709) or a logarithm of 0.")
#: Where an unexpected infinity comes from, for an exercise that says nothing more specific.
INF_HINT = ("An infinity comes from an overflow (e^z is inf for z above about 709), a logarithm of 0 or a "
            "division by 0.")


class Implement(Exercise):
    """Write a function; the check runs it on hidden cases, edge cases included.

    The student's function is called positionally on a copy of each case's
    arguments, under ``time_limit`` seconds per case (see :func:`attempt`).
    The first case it gets wrong is reported as the module's docstring says:
    input, expected result, and what came back, with a hint where one is known.

    Parameters
    ----------
    title, solution : str
        ``solution`` explains the idea; the code of ``model_solution`` is
        appended to it.
    reference : callable
        Computes the expected result of each case (the package's function),
        called with the case's keyword arguments.
    model_solution : callable
        The plain solution a student would write, shown with the solution.
    cases : list of dict
        The arguments of each hidden case, by name and in the order of the
        student's parameters.
    slips : list of (callable, str)
        Usual wrong implementations, called like the student's function, and
        their hints: when the student's result (nan and unexpected
        infinities aside) equals a slip's on the failing case, the hint is
        added.
    nan_hint, inf_hint : str
        Where a nan, or an infinity where a finite number is expected, comes
        from in this exercise: added when the student's result holds one.
    time_limit : float
        Seconds the student's function may take on one case.
    forbid : sequence of callables, optional
        Functions of numpy or scipy that would answer the exercise in one call
        (``scipy.special.logsumexp`` for "the log-sum-exp trick"): switched off
        while the student's function is checked, as the course's package is.
    notes : dict of int to callable, optional
        For a hidden case built to catch one kind of mistake (an N x N
        matrix that cannot be allocated, digits lost to a squared condition
        number), keyed by the case's number (from 1): a function of the
        :class:`Outcome` of the student's call on it, returning what that
        mistake is ("" for nothing to add). The note comes under the failing
        case's result, in place of the usual hint, whichever variant of the
        mistake was written.
    """

    kind = "implement"

    def __init__(self, title, solution, *, reference, model_solution, cases, slips=(), nan_hint=NAN_HINT,
                 inf_hint=INF_HINT, time_limit=TIME_LIMIT, forbid=(), notes=None):
        for name, function in (("reference", reference), ("model_solution", model_solution)):
            if not callable(function):
                raise TypeError(f"{name} must be a function; got {function!r}.")
        if not isinstance(cases, (list, tuple)) or not cases or not all(isinstance(case, dict) for case in cases):
            raise TypeError(f"cases must be a non-empty list of dicts of keyword arguments; got {cases!r}.")
        _check_slips(slips)
        for name, hint in (("nan_hint", nan_hint), ("inf_hint", inf_hint)):
            if not isinstance(hint, str):
                raise TypeError(f"{name} must be a string; got {hint!r}.")
        super().__init__(title, solution + "\n\n```python\n" + inspect.getsource(model_solution).strip()
                         + "\n```")
        self.reference, self.model_solution = reference, model_solution
        self.cases, self.slips = cases, list(slips)
        self.nan_hint, self.inf_hint = nan_hint, inf_hint
        self.time_limit = check_positive(time_limit, "time_limit")
        self.notes, self.forbid = dict(notes or {}), tuple(forbid)

    @property
    def correct_answer(self):
        """A copy of the model solution (the model solution itself is refused as an answer)."""
        solution = self.model_solution
        return types.FunctionType(solution.__code__, solution.__globals__, solution.__name__, solution.__defaults__,
                                  solution.__closure__)

    def _judge(self, function) -> Feedback:
        if not callable(function):
            return self._feedback("invalid", f"pass your function itself (its name, without calling it); "
                                             f"got {_shown(function)}.")
        if function is self.reference:
            return self._feedback("invalid", f"that is the package's own {getattr(function, '__name__', 'function')}, "
                                             "which the check compares yours with: write your own function.")
        if function is self.model_solution:
            return self._feedback("invalid", "that is the exercise's own worked solution: write your own function.")
        for number, arguments in enumerate(self.cases, start=1):
            expected = self.reference(**copy.deepcopy(arguments))
            outcome = attempt(function, arguments, self.time_limit, guarded=self.forbid or True)
            if outcome.returned and outcome.value is None and number == 1:
                if _has_a_body(function):
                    return self._feedback("wrong", "your function returns None: its body runs, but hands nothing "
                                                   "back. End it with `return` and the result (a value changed in "
                                                   "place stays inside the function).")
                return self._feedback("unanswered", "your function returns None: write its body and "
                                                    "return the result.")
            if not (outcome.returned and matches(outcome.value, expected)):
                return self._failure(number, arguments, expected, outcome, function)
        return self._feedback("correct", f"all {len(self.cases)} hidden cases give the right result, "
                                         "edge cases included.")

    def _failure(self, number: int, arguments: dict, expected, outcome: Outcome, function) -> Feedback:
        lines = [f"hidden case {number} of {len(self.cases)}: {_call(arguments)}", f"    expected {_shown(expected)}"]
        if outcome.switched_off:
            lines.append(f"    got      a call of {outcome.switched_off}, which is switched off while your function "
                         "is checked: the exercise asks for code of your own (the course's package and scikit-learn "
                         "are off for every exercise" + (", and this one's one-call answers too" if self.forbid else "")
                         + ").")
        elif outcome.timed_out:
            lines.append(f"    got      no result: your function did not return within {self.time_limit:g} s "
                         "(too slow, or a loop that never ends?)")
        elif outcome.error is not None:
            lines.append(f"    got      raised {type(outcome.error).__name__}: {_shown_error(outcome.error)}")
        note = self.notes[number](outcome) if number in self.notes else ""
        if outcome.returned:
            lines.append(f"    got      {_shown(outcome.value)}")
            lines.append(note or self._diagnosis(outcome.value, expected, function))   # the case's own word first
        else:
            lines.append(note)
        return self._feedback("wrong", "\n".join(line for line in lines if line))

    def _diagnosis(self, got, expected, function) -> str:
        """What to say under a wrong result: where its nan or inf comes from, a slip's hint, or what its form lacks."""
        non_finite = _non_finite(got, expected)
        if non_finite == "nan":
            return f"Your function returned nan. {self.nan_hint}"
        if non_finite == "inf":
            return f"Your function returned an infinity where a finite number is expected. {self.inf_hint}"
        hint = self._slip_hint(function)
        mismatch = _mismatch(got, expected)
        return hint or (f"Your function returned {mismatch}." if mismatch else "")

    def _slip_hint(self, function) -> str:
        """The hint of the usual slip that ``function`` behaves like on every hidden case ("" if none does).

        Agreeing on the failing case alone is not enough: two different
        mistakes often give the same result on one case (a tie at score 0 and
        a single pass over the data both leave the weights of a small case
        alone), and the hint would then name a mistake the student did not make.
        """
        candidates = list(self.slips)
        for arguments in self.cases:
            if not candidates:
                return ""
            outcome = attempt(function, arguments, self.time_limit, guarded=self.forbid or True)
            if outcome.timed_out:
                return ""
            candidates = [(slip, hint) for slip, hint in candidates
                          if _same_outcome(outcome, attempt(slip, arguments, self.time_limit))]
        return candidates[0][1] if candidates else ""


def _has_a_body(function) -> bool:
    """Whether ``function`` has statements of its own beyond a docstring, ``...`` and ``pass`` (False where its source
    cannot be read)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return False
    definition = tree.body[0] if tree.body else None
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return any(not (isinstance(statement, ast.Pass) or (isinstance(statement, ast.Expr)
                                                          and isinstance(statement.value, ast.Constant)))
               for statement in definition.body)


def _same_outcome(first: Outcome, second: Outcome) -> bool:
    """Whether two calls on the same case gave the same result, or raised the same type of exception."""
    if first.returned and second.returned:
        return matches(first.value, second.value, nan_too=True)
    return (first.error is not None and second.error is not None
            and type(first.error) is type(second.error))



def _shown_error(error: BaseException) -> str:
    """The message of an exception the student's function raised; never raises."""
    try:
        return str(error)[:_WIDTH]
    except Exception:                                        # a student's exception whose str fails
        return ""
