"""The exercise answered with a function: :class:`Implement` runs it on hidden cases and reports the first it
gets wrong, with the hint of the slip it makes."""

from __future__ import annotations

import copy
import inspect

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
    """

    kind = "implement"

    def __init__(self, title, solution, *, reference, model_solution, cases, slips=(), nan_hint=NAN_HINT,
                 inf_hint=INF_HINT, time_limit=TIME_LIMIT):
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

    @property
    def correct_answer(self):
        return self.model_solution

    def _judge(self, function) -> Feedback:
        if not callable(function):
            return self._feedback("invalid", f"pass your function itself (its name, without calling it); "
                                             f"got {_shown(function)}.")
        if function is self.reference:
            return self._feedback("invalid", f"that is the package's own {getattr(function, '__name__', 'function')}, "
                                             "which the check compares yours with: write your own function.")
        for number, arguments in enumerate(self.cases, start=1):
            expected = self.reference(**copy.deepcopy(arguments))
            outcome = attempt(function, arguments, self.time_limit)
            if outcome.returned and outcome.value is None and number == 1:
                return self._feedback("unanswered", "your function returns None: write its body and "
                                                    "return the result.")
            if not (outcome.returned and matches(outcome.value, expected)):
                return self._failure(number, arguments, expected, outcome, function)
        return self._feedback("correct", f"all {len(self.cases)} hidden cases give the right result, "
                                         "edge cases included.")

    def _failure(self, number: int, arguments: dict, expected, outcome: Outcome, function) -> Feedback:
        lines = [f"hidden case {number} of {len(self.cases)}: {_call(arguments)}", f"    expected {_shown(expected)}"]
        if outcome.timed_out:
            lines.append(f"    got      no result: your function did not return within {self.time_limit:g} s "
                         "(a loop that never ends?)")
        elif outcome.error is not None:
            lines.append(f"    got      raised {type(outcome.error).__name__}: {_shown_error(outcome.error)}")
        else:
            lines.append(f"    got      {_shown(outcome.value)}")
            lines.append(self._diagnosis(outcome.value, expected, function))
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
            outcome = attempt(function, arguments, self.time_limit)
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
