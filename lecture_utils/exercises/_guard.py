"""What a student's function may not call while an implement exercise checks it: the course's own code, and
functions an exercise names because they would answer it in one call.

An implement exercise asks for code of the student's own, and the course's
package computes each answer (the check compares with it). A wrapper of the
package's function (``lambda X, t, n: perceptron_plain(X, t, n)``) would pass
every hidden case and teach nothing, so while the student's function runs,
calls into ``lecture_utils`` and scikit-learn are switched off: the first one
raises :class:`SwitchedOff`, and is remembered, so that the case fails even
if the function catches the error and finds another way. numpy and scipy stay
available. This is a fence for honest students, not a sandbox: a self-check
judges only the student's own work, and the homework is graded elsewhere, in
a confined process.
"""

from __future__ import annotations

import importlib.util
import os
import sys

#: The packages a student's function may not call while it is checked.
SWITCHED_OFF = ("lecture_utils", "sklearn")


class SwitchedOff(Exception):
    """Raised in a student's function that called the course's code (or scikit-learn) while it was checked."""


def _folders(package: str) -> tuple[str, ...]:
    """The folders holding a package's code, found without importing it (none if it is not installed)."""
    spec = importlib.util.find_spec(package)
    locations = list(spec.submodule_search_locations or []) if spec else []
    return tuple(folder + os.sep for location in locations
                 for folder in {location, os.path.realpath(location)})


class Guard:
    """Runs a student's function with :data:`SWITCHED_OFF` off, in the calling thread; ``violation`` names the first
    call into them ("" if none).

    A profile function (:func:`sys.setprofile`, which watches only the thread
    that sets it) sees every call: one into a file of those packages, or into
    a compiled function they define, raises :class:`SwitchedOff`. CPython
    removes a profile function that raises, so the call is remembered.
    """

    _folders = None                                              # found once, on first use
    #: The exercises' own code may run: the model solutions and usual slips that tests pass as students' functions
    #: (a wrapper of a model solution copies what "Show the solution" shows anyway).
    _exercises = tuple(folder + os.sep for folder in {os.path.dirname(__file__),
                                                      os.path.realpath(os.path.dirname(__file__))})

    def __init__(self, forbid=()):
        """``forbid``: further functions to switch off (of numpy or scipy: one that answers an exercise in a call)."""
        if Guard._folders is None:
            Guard._folders = tuple(folder for package in SWITCHED_OFF for folder in _folders(package))
        self._forbid = tuple(forbid)
        self._forbidden_code = {getattr(function, "__code__", None) for function in forbid} - {None}
        self._forbidden_compiled = {id(function) for function in forbid if not hasattr(function, "__code__")}
        self.violation = ""

    def named_in(self, function) -> str:
        """A forbidden function that ``function``'s code names, as ``name`` or ``module.name`` ("" if none).

        A compiled function (a ufunc such as ``scipy.special.entr``) is called
        without a profile event, so it is found where the code names it: a
        global, a default argument or a closure holding it, or an attribute of
        a module the code names.
        """
        if not self._forbid or not hasattr(function, "__code__"):
            return ""
        values = dict(getattr(function, "__globals__", {}))
        values.update({f"default {i}": value for i, value in enumerate(function.__defaults__ or ())})
        values.update({f"closure {i}": cell.cell_contents for i, cell in enumerate(function.__closure__ or ())
                       if _has_contents(cell)})
        names = _names(function.__code__)
        for name, value in values.items():
            if (name in names or not name.isidentifier()) and any(value is f for f in self._forbid):
                return getattr(value, "__name__", name)
            if name in names and type(value).__name__ == "module":
                for attribute in names:
                    if any(getattr(value, attribute, None) is f for f in self._forbid):
                        return f"{value.__name__}.{attribute}"
        return ""

    def _profile(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            if code in self._forbidden_code or (code.co_filename.startswith(Guard._folders)
                                                and not code.co_filename.startswith(Guard._exercises)):
                self._stop(_called(frame))
        elif event == "c_call" and (id(arg) in self._forbidden_compiled
                                    or (getattr(arg, "__module__", None) or "").split(".")[0] in SWITCHED_OFF):
            self._stop(f"{arg.__module__}.{getattr(arg, '__qualname__', arg)}")

    def _stop(self, what: str):
        self.violation = self.violation or what
        raise SwitchedOff(f"{what} is switched off while your function is checked: write it yourself.")

    def call(self, function, arguments: tuple):
        """``function(*arguments)`` with the packages switched off; its result, or the exception it raised."""
        sys.setprofile(self._profile)
        try:
            return function(*arguments)
        finally:
            sys.setprofile(None)


def _called(frame) -> str:
    """The name a student called, for the message: a class for its constructor (``lecture_utils.discriminant.LDA``,
    not the private base that defines ``__init__``), else the function's module and qualified name."""
    instance = frame.f_locals.get("self") if frame.f_code.co_name == "__init__" else None
    if instance is not None:
        return f"{type(instance).__module__}.{type(instance).__qualname__}"
    return f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_qualname}"


def _names(code) -> set:
    """The global and attribute names a code object and the code nested in it use."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            names |= _names(constant)
    return names


def _has_contents(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:                                           # an empty cell
        return False
    return True
