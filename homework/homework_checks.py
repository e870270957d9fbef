"""The checks that the homework's test cells run: a student's function on a case, and a derived number.

Shipped with every homework (nbgrader copies it into the student's folder), for the student's own runs of
the visible tests. It holds no answer: the cases and the true values are written in the test cells, the
hidden ones only in the instructor's version. When the homework is graded, the tests do not run in the
student's notebook at all: the grader (``homework/grader``) calls the student's functions in a sandbox,
and judges what comes back in its own process with this module's :func:`verdict`, :func:`is_number` and
:func:`check_number`, so a student reads the same message from their own run and from the grader.

The rules are the notebooks' self-checks' (:mod:`lecture_utils.exercises._core`):

- a number is right when it agrees with the truth to 3 significant figures, rounded or cut
  (:func:`lecture_utils.exercises._core.grade`); an answer right only to the fewer figures it
  shows ("close") is not enough for the points;
- a function's result is right when it has the expected structure and shape and its numbers agree
  to a relative 1e-6 (:func:`lecture_utils.exercises._core.matches`), or, where a task has many right
  answers (a Huffman code), when it has the property the test asks for (``satisfies``); it is called positionally,
  under a time limit of 5 s per case (:func:`lecture_utils.exercises._core.attempt`, which stops a
  runaway call), so a function that never returns loses its case, not the whole homework;
- while the student's function runs, the course's package (``lecture_utils``) and scikit-learn are
  switched off: calling them raises :class:`NotAllowed`, and a case whose call reached them fails,
  even if the function caught the error and found another way. A task that asks for numpy only
  names scipy's compiled functions it would use in ``forbid``, and scipy is switched off too.
"""

from __future__ import annotations

import builtins
import importlib.util
import os
import sys
from dataclasses import dataclass

import numpy as np
from lecture_utils.exercises._calling import _mismatch, _non_finite
from lecture_utils.exercises._core import TIME_LIMIT, as_numbers, attempt, grade, matches, off_by_one_unit

__all__ = ["NotAllowed", "Result", "check", "check_number", "is_number", "verdict", "FORBIDDEN_PACKAGES"]

#: The packages whose code may not run inside a student's function while it is checked.
FORBIDDEN_PACKAGES = ("lecture_utils", "sklearn")

_ELLIPSIS_HINT = "replace the ... with your answer (a number) and run the cell again"


class NotAllowed(Exception):
    """Raised when a student's function calls what its task asks them to write themselves."""


# ----------------------------------------------------------------------------------------------
# Numbers
# ----------------------------------------------------------------------------------------------


def is_number(answer, name: str = "your answer", size: int | None = None) -> None:
    """Raise AssertionError unless ``answer`` is a finite number (or ``size`` numbers): the visible test of a derive task."""
    if answer is Ellipsis or (isinstance(answer, (list, tuple)) and any(part is Ellipsis for part in answer)):
        raise AssertionError(f"{name} still holds ...: {_ELLIPSIS_HINT}.")
    array = as_numbers(answer, None if size else ())
    if array is None or (size and array.shape != (size,)):
        what = "a number" if not size else f"a list of {size} numbers"
        raise AssertionError(f"{name} must be {what}; got {_shown(answer)}.")
    if not np.all(np.isfinite(array)):
        raise AssertionError(f"{name} must be finite; got {_shown(answer)}.")


def check_number(answer, truth, name: str = "your answer") -> None:
    """Raise AssertionError unless ``answer`` agrees with ``truth`` to 3 significant figures, number by number.

    ``truth`` is a number or a sequence of numbers; ``answer`` must have the same shape (a list is
    welcome for a vector). "Close" answers (right only to the 1 or 2 figures they show) fail, with
    a message saying so.
    """
    truth = np.asarray(truth, dtype=float)
    is_number(answer, name, size=truth.size if truth.ndim else None)
    values = as_numbers(answer, truth.shape)
    verdicts = [grade(float(value), float(true)) for value, true in zip(values.ravel(), truth.ravel())]
    if all(verdict == "correct" for verdict in verdicts):
        return
    if all(verdict in ("correct", "close") for verdict in verdicts):
        raise AssertionError(f"{name} is right only to the figures it shows: give 3 significant figures.")
    if all(verdict == "correct" or off_by_one_unit(float(value), float(true))
           for verdict, value, true in zip(verdicts, values.ravel(), truth.ravel())):
        raise AssertionError(f"{name} is one unit off in its last figure: an intermediate value was rounded too "
                             "early. Carry at least 5 significant figures through the steps and round only the "
                             "result.")
    raise AssertionError(f"{name} is not right to 3 significant figures.")


# ----------------------------------------------------------------------------------------------
# Functions
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """What one call of a student's function gave, as :func:`verdict` judges it.

    In the student's notebook :func:`check` makes it from the call itself; when the homework is graded, the
    grader makes it from the plain data the sandbox sends back (the call ran there).
    """

    value: object = None
    raised: tuple = ()               #: the exception's class and its bases, qualified names ("ValueError", ...)
    message: str = ""                #: the exception's message
    timed_out: bool = False
    arguments: tuple | None = None   #: the arguments as they were after the call
    used: str = ""                   #: a switched-off package's function the call reached


def check(function, arguments: dict, expected=None, *, raises: type[BaseException] | None = None,
          satisfies=None, unchanged: bool = False, forbid=(), time_limit: float = TIME_LIMIT, rtol: float = 1e-6,
          atol: float = 1e-9, case: str | None = None) -> None:
    """Call ``function`` on one case and raise AssertionError, naming the case, unless it does what is expected.

    Parameters
    ----------
    function : callable
        The student's function; it is called positionally with ``arguments``' values, in order.
    arguments : dict
        The case: argument names (for the message) and values. The function gets a copy.
    expected : object
        The expected result (a number, an array, or a tuple of them), compared with
        :func:`lecture_utils.exercises._core.matches`. Ignored when ``raises`` is given.
    raises : exception class, optional
        The function must raise this (for example ``ValueError`` for invalid input).
    satisfies : callable, optional
        Instead of ``expected``, a property the result must have, where many results are right:
        ``satisfies(result)`` returns "" if it has it, else what is wrong, as a noun phrase that quotes no value
        ("a code that is not prefix-free").
    unchanged : bool
        The function must not change its arguments in place.
    forbid : sequence of callables
        This task asks for numpy only: scipy is switched off while the function runs (when the homework
        is graded, scipy is not there at all); these compiled functions (ufuncs) are named, since a
        notebook cannot watch them otherwise.
    time_limit : float
        Seconds the call may take.
    case : str, optional
        What the case tests ("N = 0", "scores near 800"): a hidden case is named by it in the feedback.
    """
    name = getattr(function, "__name__", "your function")
    if not callable(function):
        raise AssertionError(f"{name} must be a function; got {_shown(function)}.")
    guard = _Guard(FORBIDDEN_PACKAGES + (("scipy",) if forbid else ()))
    passed = {}

    def guarded(*values):
        passed["values"] = values
        result = guard.run(function, values)
        guard.run(_materialise, (result,))        # a lazy result (a generator, an object with __array__) is built here
        return result

    with _switched_off(forbid), _Captured() as printed:
        outcome = attempt(guarded, arguments, time_limit)
    printed.show(name)
    error = outcome.error
    result = Result(outcome.value, tuple(_qualified(cls) for cls in type(error).__mro__) if error else (),
                    str(error) if error else "", outcome.timed_out, passed.get("values"), guard.violation)
    message = verdict(name, arguments, result, expected, raises=raises, satisfies=satisfies, unchanged=unchanged,
                      time_limit=time_limit, rtol=rtol, atol=atol)
    if message:
        raise AssertionError(message)


def verdict(name: str, arguments: dict, result: Result, expected=None, *, raises=None, satisfies=None,
            unchanged: bool = False, time_limit: float = TIME_LIMIT, rtol: float = 1e-6, atol: float = 1e-9,
            hidden: str | None = None) -> str:
    """What is wrong with ``result`` of calling ``name`` on ``arguments`` ("" if nothing): :func:`check`'s judgement.

    ``hidden`` names a hidden case ("N = 0"): the message then names the case by it and shows none of its
    values, nor anything the student's code chose (what came back, its shape or type, the error's message, the
    name it reached a switched-off package by): only words of a fixed list, so that a function cannot carry a
    hidden case out through its message.
    """
    call = (f"{name}, on the hidden case \"{hidden}\"," if hidden is not None else
            f"{name}({', '.join(f'{key}={_shown(value)}' for key, value in arguments.items())})")
    if result.used:
        used = result.used if hidden is None else result.used.partition(".")[0]
        return f"{call} used {used}: switched off here, since this task asks you to write it yourself (numpy is fine)."
    if result.timed_out:
        return f"{call} did not return within {time_limit:g} s."
    if raises is not None:
        if _qualified(raises) in result.raised:
            return ""
        got = _raised(result, hidden) if result.raised else "returned " + ("a result" if hidden else _shown(result.value))
        return f"{call} should raise {raises.__name__}; it {got}."
    if result.raised:
        return f"{call} {_raised(result, hidden)}."
    if satisfies is not None:
        lacking = _lacking(satisfies, result.value)
        if lacking:
            return f"{call} returned {lacking}." if hidden is not None else \
                f"{call} returned {_shown(result.value)}: {lacking}."
    elif not matches(result.value, expected, rtol, atol):
        if hidden is None:
            return f"{call} returned {_shown(result.value)}; expected {_shown(expected)}."
        wrong = _non_finite(result.value, expected) or (_mismatch(result.value, expected) and "a result of the "
                                                         "wrong form (its type or shape)")
        return f"{call} returned {wrong or 'a wrong result'}."
    if unchanged and result.arguments is not None:
        changed = [key for key, before, after in zip(arguments, arguments.values(), result.arguments)
                   if not callable(before) and not _same(before, after)]
        if changed:
            return (f"{call} changed its argument {', '.join(changed)} in place: work on a copy (for example "
                    f"w = w + ..., not w += ...).")
    return ""


#: Exceptions a hidden case's message may name: Python's own and numpy's (a student's own class could carry data).
_NAMED_ERRORS = {name for name, value in vars(builtins).items()
                 if isinstance(value, type) and issubclass(value, BaseException)} | {"numpy.linalg.LinAlgError"}


def _qualified(cls: type) -> str:
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


def _raised(result: Result, hidden: str | None) -> str:
    kind = result.raised[0]
    if hidden is None:
        return f"raised {kind.rpartition('.')[2]}: {_cut(result.message, 200)}"
    return f"raised {kind.rpartition('.')[2]}" if kind in _NAMED_ERRORS else "raised an exception of its own"


class _Guard:
    """Runs a function with the code of some packages switched off, and remembers the first call into them.

    A profile function (:func:`sys.setprofile`, in the thread that calls the function) sees every
    call: one into a file of a forbidden package, or into a builtin those packages define, raises
    :class:`NotAllowed`. CPython removes a profile function that raises, so the call that raised is
    remembered, and the case fails whatever happens afterwards. (Threads that the function starts
    are not watched: the profile of new threads is global, and a runaway call that never ends would
    leave it set for every later check.)
    """

    def __init__(self, packages):
        self.folders = tuple(folder for package in packages for folder in _folders(package))
        self.packages = tuple(packages)
        self.violation = ""

    def _profile(self, frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(self.folders):
            module, name = frame.f_globals.get("__name__", "?"), frame.f_code.co_qualname
            self._stop(f"{module} (importing it runs its code)" if name == "<module>" else f"{module}.{name}")
        elif event == "c_call":
            module = getattr(arg, "__module__", None) or ""
            if module.split(".")[0] in self.packages:
                self._stop(f"{module}.{getattr(arg, '__qualname__', arg)}")

    def _stop(self, what: str):
        self.violation = self.violation or what
        raise NotAllowed(f"{what} is switched off while your function is checked")

    def run(self, function, values):
        profile = self._profile
        sys.setprofile(profile)
        try:
            return function(*values)
        finally:
            untouched = sys.getprofile() in (profile, None)
            sys.setprofile(None)
            if not untouched:
                self.violation = self.violation or "sys.setprofile"


def _folders(package: str) -> list[str]:
    """The folders holding a package's code, without importing it (empty if it is not installed)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return []
    locations = list(spec.submodule_search_locations or []) if spec else []
    return [os.path.realpath(folder) + os.sep for folder in locations] + [folder + os.sep for folder in locations]


class _Captured:
    """What the function prints (stdout and stderr, warnings included), kept to a few hundred characters.

    Shown afterwards on stdout: nbgrader gives a test cell no points if it writes to stderr, and a
    function that prints megabytes must not fill the graded notebook.
    """

    WIDTH = 500

    def __init__(self):
        self.text, self.cut = "", 0

    def write(self, text) -> int:
        text = str(text)
        room = self.WIDTH - len(self.text)
        self.text += text[:max(room, 0)]
        self.cut += max(len(text) - max(room, 0), 0)
        return len(text)

    def flush(self) -> None:
        pass

    def __enter__(self):
        self.saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = self
        return self

    def __exit__(self, *exc):
        sys.stdout, sys.stderr = self.saved

    def show(self, name: str) -> None:
        if self.text:
            more = f"\n... and {self.cut} more characters" if self.cut else ""
            print(f"{name} printed:\n{self.text}{more}")


class _switched_off:
    """Replace each of ``objects`` by a stub raising :class:`NotAllowed`, wherever a loaded module or the notebook names it."""

    def __init__(self, objects):
        self.objects = {id(obj): obj for obj in objects}
        self.replaced = []

    def __enter__(self):
        if not self.objects:
            return self
        found = {}
        for module_name, module in sorted(sys.modules.items(), key=lambda item: (item[0].startswith("_") or
                                                                             "._" in item[0], len(item[0]))):
            namespace = getattr(module, "__dict__", None) or {}
            for key, value in list(namespace.items()):
                if id(value) in self.objects and value is self.objects[id(value)]:
                    found.setdefault(id(value), f"{module_name}.{key}")   # its public name, for the message
                    self.replaced.append((namespace, key, value))
        for namespace, key, value in self.replaced:
            namespace[key] = _stub(found[id(value)])
        return self

    def __exit__(self, *exc):
        for namespace, key, value in reversed(self.replaced):
            namespace[key] = value


class _stub:
    """Stands in for a switched-off object: calling it, or any attribute of it (``norm.logpdf``), raises."""

    def __init__(self, what: str):
        self._what = what

    def _refuse(self):
        raise NotAllowed(f"{self._what} is switched off while your function is checked: this task asks you to "
                         "write it")

    def __call__(self, *args, **kwargs):
        self._refuse()

    def __getattr__(self, name):
        self._refuse()


def _materialise(result) -> None:
    for part in (result if isinstance(result, (tuple, list)) else (result,)):
        try:
            np.asarray(part, dtype=float)
        except Exception:
            pass


def _lacking(satisfies, value) -> str:
    """What ``value`` lacks of the property ``satisfies`` checks ("" if nothing); a property that fails on it
    means a result of the wrong form."""
    try:
        return str(satisfies(value) or "")
    except Exception:
        return "a result of the wrong form"


def _same(before, after) -> bool:
    try:
        return bool(np.array_equal(np.asarray(before), np.asarray(after), equal_nan=True))
    except Exception:
        return before is after


def _shown(value) -> str:
    """A value as it would be typed, cut to a few hundred characters; never raises."""
    try:
        if isinstance(value, np.ndarray) and value.size <= 100:
            text = f"np.array({np.round(value, 6).tolist() if value.dtype.kind == 'f' else value.tolist()})"
        elif isinstance(value, np.ndarray):
            text = f"<an array of shape {value.shape}>"
        elif isinstance(value, tuple):
            text = "(" + ", ".join(_shown(item) for item in value) + ("," if len(value) == 1 else "") + ")"
        elif isinstance(value, (float, np.floating)):
            text = f"{value:.6g}"
        else:
            text = repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    return _cut(text, 300)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 4] + " ..."
