"""The exercise answered with a function: :class:`Implement` runs it on hidden cases and reports the first it
gets wrong, with the hint of the slip it makes."""

from __future__ import annotations

import ast
import copy
import inspect
import textwrap
import types

from .._validation import check_positive
from ._calling import TIME_LIMIT, Outcome, _mismatch, _non_finite, attempt, matches
from ._exercise import _WIDTH, Exercise, Feedback, _check_slips, _shown


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
    The first case it gets wrong is reported as the docstring of ``_core`` says:
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
        note = self.notes[number](outcome) if number in self.notes else ""
        if outcome.switched_off:
            lines.append(f"    got      a call of {outcome.switched_off}, which is switched off while your function "
                         "is checked: the exercise asks for code of your own (the course's package and scikit-learn "
                         "are off for every exercise" + (", and this one's one-call answers too" if self.forbid else "")
                         + ").")
        elif outcome.timed_out:                              # a case's note says why better than a guess
            lines.append(f"    got      no result: your function did not return within {self.time_limit:g} s"
                         + ("" if note else " (too slow, or a loop that never ends?)"))
        elif outcome.error is not None:
            lines.append(f"    got      raised {type(outcome.error).__name__}: {_shown_error(outcome.error)}")
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
