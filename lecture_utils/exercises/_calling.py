"""Calling a student's function on a hidden case, under a time limit, and comparing what it returns with the
expected result."""

from __future__ import annotations

import copy
import ctypes
import threading
from dataclasses import dataclass

import numpy as np

from ._exercise import _form
from ._guard import Guard
from ._numbers import as_numbers


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
