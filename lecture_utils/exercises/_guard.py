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
        self._forbidden_code = {getattr(function, "__code__", None) for function in forbid} - {None}
        self._forbidden_compiled = {id(function) for function in forbid if not hasattr(function, "__code__")}
        self.violation = ""

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
