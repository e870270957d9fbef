"""A corpus of bad and extreme calls to every public name of ``lecture_utils`` (issue 13).

Each :class:`Case` calls one public name (``target``, relative to the package,
e.g. ``"perceptron.Perceptron.fit"``) with one kind of bad or extreme input
(``kind``: "nan in X", "scale 1e306", ...) and says what must happen:

- :func:`refuses`: a ``ValueError`` or ``TypeError`` raised by the package's own
  code (never a bare numpy, scipy, matplotlib or Python error), whose message
  names the caller's argument (and no internal name instead of it);
- :func:`answers`: a result, finite unless the case allows ``inf``, that a check
  compares with an independent reference (scipy, mpmath, a scaled hand
  computation), with exactly the warnings the case expects.

Every case runs under a deadline (no hang) and a cap on the address space (a
size that cannot fit must be refused, not attempted). One module of this package
per module of ``lecture_utils``, or per group of them (``corpus/perceptron.py``,
``corpus/model_selection.py`` with preprocessing and multiclass, ``corpus/plotting.py``,
``corpus/widgets.py``, ...), holds its cases in ``CASES``; ``test_corpus.py`` fails for
any public name without a case, so a name added to the package needs its cases here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import inspect
import numbers
import os
import pkgutil
import re
import resource
import signal
import threading
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

import lecture_utils

PACKAGE_DIR = Path(lecture_utils.__file__).resolve().parent

#: A case that runs longer than this has hung (the slowest honest case takes about a second).
DEADLINE_SECONDS = 20.0
#: Address space a case may add to the process: a request beyond it fails at once with MemoryError.
MEMORY_HEADROOM = 6 * 2 ** 30

#: Messages of numpy, scipy and Python that must never reach the caller as they are.
BARE_MESSAGES = ("operands could not be broadcast", "could not convert string", "setting an array element",
                 "out of bounds", "unsupported operand", "object of type", "has no attribute",
                 "not subscriptable", "is not iterable", "must be real number", "Input operand",
                 "truth value of an array", "unhashable type", "division by zero", "math domain error")


# --------------------------------------------------------------------------
# What a case expects
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Refuses:
    """A ``ValueError`` or ``TypeError`` from the package naming the argument ``names``."""

    names: str
    error: tuple = (ValueError, TypeError)
    match: str | None = None
    not_names: tuple = ()

    def verify(self, outcome, caught) -> None:
        assert isinstance(outcome, BaseException), f"returned {_short(outcome)} instead of refusing"
        message = str(outcome)
        assert type(outcome) in self.error, f"raised {_describe(outcome)}, expected {_names(self.error)}"
        assert _raised_by_package(outcome), f"a bare error from outside the package: {_describe(outcome)}"
        assert not any(bare in message for bare in BARE_MESSAGES), f"a bare message: {message!r}"
        assert _mentions(message, self.names), f"the message does not name {self.names!r}: {message!r}"
        for other in self.not_names:
            assert not _mentions(message, other), f"the message names {other!r}, not the caller's: {message!r}"
        if self.match is not None:
            assert re.search(self.match, message), f"the message does not say {self.match!r}: {message!r}"
        _no_numpy_warnings(caught)


@dataclass(frozen=True)
class Answers:
    """A result (finite unless ``infinite``), checked by ``check``, with exactly the warnings ``warns``."""

    check: Callable | None = None
    warns: tuple = ()
    infinite: bool = False
    nan: bool = False

    def verify(self, outcome, caught) -> None:
        if isinstance(outcome, BaseException):
            raise AssertionError(f"raised {_describe(outcome)} instead of answering") from outcome
        _no_numpy_warnings(caught)
        emitted = {type(w.message) for w in caught if issubclass(w.category, UserWarning)}
        for category in self.warns:
            assert any(issubclass(e, category) for e in emitted), f"no {category.__name__} was emitted"
        unexpected = [str(w.message) for w in caught if issubclass(w.category, UserWarning)
                      and not any(issubclass(w.category, category) for category in self.warns)]
        assert not unexpected, f"unexpected warnings: {unexpected}"
        for where, value in _numbers_in(outcome):
            if not self.nan:
                assert not np.any(np.isnan(value)), f"nan in the result ({where})"
            if not self.infinite:
                assert not np.any(np.isinf(value)), f"inf in the result ({where})"
        status = getattr(outcome, "status", None)
        if isinstance(status, str) and hasattr(outcome, "fig"):
            assert not re.search(r"\b(nan|inf)\b", status), f"the widget shows {status!r}"
        if self.check is not None:
            self.check(outcome)


def refuses(names: str, error=None, match: str | None = None, not_names=()) -> Refuses:
    """Expect a ``ValueError``/``TypeError`` (or exactly ``error``) whose message names ``names``."""
    errors = (ValueError, TypeError) if error is None else (error,)
    return Refuses(names, errors, match, tuple(not_names) if not isinstance(not_names, str) else (not_names,))


def answers(check: Callable | None = None, *, warns=(), infinite: bool = False, nan: bool = False) -> Answers:
    """Expect a result that ``check(result)`` accepts (it asserts), finite unless ``infinite``."""
    return Answers(check, tuple(warns) if isinstance(warns, (tuple, list)) else (warns,), infinite, nan)


# --------------------------------------------------------------------------
# The cases
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One call of one public name with one kind of bad or extreme input."""

    target: str
    kind: str
    call: Callable = field(repr=False)
    expect: Refuses | Answers

    @property
    def id(self) -> str:
        return f"{self.target} [{self.kind}]"


def case(target: str, kind: str, call: Callable, expect) -> Case:
    return Case(in_its_room(target), kind, call, expect)


def in_its_room(target: str) -> str:
    """``target`` as :func:`public_names` counts it, in the module that defines the name.

    A case names what it calls as a notebook imports it, from the package that exports it
    (``"logistic.LogisticRegression.fit"``); the name is counted in the room of that package
    that defines it (``"logistic.classifiers.LogisticRegression.fit"``). A target that names no
    function or class stays as it is.
    """
    parts, obj = target.split("."), lecture_utils
    for position, part in enumerate(parts):
        obj = getattr(obj, part, None)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            home = _exporter(obj.__module__).removeprefix("lecture_utils").lstrip(".")
            return ".".join(([home] if home else []) + parts[position:])
        if not inspect.ismodule(obj):
            break
    return target


def run(case: Case) -> None:
    """Call the case under a deadline and a memory cap, then verify what it expects."""
    with deadline(DEADLINE_SECONDS, case.id), memory_cap(MEMORY_HEADROOM), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            outcome = case.call()
        except (AssertionError, Hang):
            raise
        except Exception as error:                       # what the case is about: verified below
            outcome = error
    case.expect.verify(outcome, caught)


class Hang(Exception):
    """A case ran past its deadline."""


@contextlib.contextmanager
def deadline(seconds: float, what: str):
    """Raise :class:`Hang` in the main thread if the block runs longer than ``seconds``."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise Hang(f"{what} ran for more than {seconds:g} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def memory_cap(headroom: int):
    """Limit the address space to what the process uses now plus ``headroom`` bytes."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        used = int(Path("/proc/self/statm").read_text().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = used + headroom
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError):                          # no /proc or no limits here: run uncapped
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# --------------------------------------------------------------------------
# Verifying outcomes
# --------------------------------------------------------------------------


def _raised_by_package(error: BaseException) -> bool:
    """Whether the innermost frame of the traceback is the package's own code (a deliberate raise)."""
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and Path(frames[-1].filename).resolve().is_relative_to(PACKAGE_DIR)


def _mentions(message: str, name: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", message) is not None


def _names(errors) -> str:
    return " or ".join(error.__name__ for error in errors)


def _describe(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}({str(error)[:300]!r}){where}"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) < 200 else text[:200] + "..."


def _no_numpy_warnings(caught) -> None:
    noisy = [f"{w.category.__name__}: {w.message}" for w in caught if issubclass(w.category, RuntimeWarning)]
    assert not noisy, f"numpy warned (a silent overflow, nan or division): {noisy}"


def _numbers_in(value, where: str = "result", depth: int = 0):
    """Every float array or number inside a result: tuples, lists, dicts, dataclasses, fitted attributes."""
    if depth > 4:
        return
    if isinstance(value, (bool, np.bool_, str, bytes)) or value is None:
        return
    if isinstance(value, numbers.Number):
        if isinstance(value, (float, np.floating, complex)):
            yield where, value
        return
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc":
            yield where, value
        elif value.dtype == object:
            for index, item in enumerate(value.ravel()[:1000]):
                yield from _numbers_in(item, f"{where}[{index}]", depth + 1)
        return
    if isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            yield from _numbers_in(item, f"{where}[{index}]", depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers_in(item, f"{where}[{key!r}]", depth + 1)
        return
    if dataclasses.is_dataclass(value):
        for item in dataclasses.fields(value):
            yield from _numbers_in(getattr(value, item.name), f"{where}.{item.name}", depth + 1)
        return
    if hasattr(value, "get_params"):                        # a fitted estimator: its learned attributes
        for name, item in vars(value).items():
            if name.endswith("_") and not name.startswith("_"):
                yield from _numbers_in(item, f"{where}.{name}", depth + 1)


# --------------------------------------------------------------------------
# Checks that compare a result with a reference
# --------------------------------------------------------------------------


def close(reference, rtol: float = 1e-12, atol: float = 0.0) -> Callable:
    """A check: the result equals ``reference`` (or ``reference()``) within the tolerances."""
    def check(result):
        expected = reference() if callable(reference) else reference
        np.testing.assert_allclose(np.asarray(result, dtype=float), np.asarray(expected, dtype=float),
                                   rtol=rtol, atol=atol)
    return check


def equal(reference) -> Callable:
    """A check: the result equals ``reference`` (or ``reference()``) exactly, element by element."""
    def check(result):
        expected = reference() if callable(reference) else reference
        np.testing.assert_array_equal(np.asarray(result), np.asarray(expected))
    return check


def satisfies(predicate: Callable, what: str) -> Callable:
    """A check: ``predicate(result)`` is true; ``what`` says what it asserts."""
    def check(result):
        assert predicate(result), f"{what}: got {_short(result)}"
    return check


def both(*checks: Callable) -> Callable:
    def check(result):
        for one in checks:
            one(result)
    return check


# --------------------------------------------------------------------------
# Batteries: the same kinds of bad input for every argument of a kind
# --------------------------------------------------------------------------


def bad_arrays(target: str, name: str, call_with: Callable, valid, *, finite: bool = True,
               kinds: tuple = ("nan", "inf", "string", "none", "empty", "ragged")) -> list[Case]:
    """A numeric array argument ``name``: nan, inf, text, None, empty, ragged rows."""
    array = np.asarray(valid, dtype=float)
    values = {}
    if "nan" in kinds:
        values["nan"] = np.where(np.arange(array.size).reshape(array.shape) == 0, np.nan, array)
    if "inf" in kinds and finite:
        values["inf"] = np.where(np.arange(array.size).reshape(array.shape) == 0, np.inf, array)
    if "string" in kinds:
        values["text"] = "abc"
        values["text entries"] = np.asarray(array, dtype=object).astype(str)
    if "none" in kinds:
        values["None"] = None
    if "empty" in kinds:
        values["empty"] = np.empty((0,) + array.shape[1:])
    if "ragged" in kinds and array.ndim == 2 and array.shape[0] >= 2:
        values["ragged rows"] = [list(array[0]), list(array[1][:-1])]
    return [case(target, f"{kind} in {name}", lambda value=value: call_with(value), refuses(name))
            for kind, value in values.items()]


def bad_counts(target: str, name: str, call_with: Callable, *, zero_ok: bool = False,
               none_ok: bool = False) -> list[Case]:
    """A whole-number argument ``name`` (>= 1, or >= 0 if ``zero_ok``): negative, fractional, text, bool, nan."""
    values = {"-1": -1, "2.5": 2.5, "text": "3", "bool": True, "nan": float("nan")}
    if not zero_ok:
        values["0"] = 0
    if not none_ok:
        values["None"] = None
    return [case(target, f"{name}={kind}", lambda value=value: call_with(value), refuses(name))
            for kind, value in values.items()]


def bad_seeds(target: str, call_with: Callable, name: str = "random_state") -> list[Case]:
    """A ``random_state`` argument: text, a fraction, a negative number, a bool."""
    return [case(target, f"{name}={value!r}", lambda value=value: call_with(value), refuses(name))
            for value in ("abc", 1.5, -1, True)]


def bad_numbers(target: str, name: str, call_with: Callable, values: dict) -> list[Case]:
    """A scalar argument ``name`` with each of ``values`` (kind -> value), all of which it must refuse."""
    return [case(target, f"{name}={kind}", lambda value=value: call_with(value), refuses(name))
            for kind, value in values.items()]


NOT_POSITIVE = {"0": 0.0, "-1": -1.0, "nan": float("nan"), "inf": float("inf"), "text": "1", "None": None}
NOT_UNIT = {"-0.1": -0.1, "1.1": 1.1, "nan": float("nan"), "text": "0.5"}


# --------------------------------------------------------------------------
# The public names of the package
# --------------------------------------------------------------------------


def _public(name: str) -> bool:
    return not name.startswith("_")


def public_modules() -> list:
    """Every module of the package whose dotted path has no private part."""
    modules = [lecture_utils]
    for info in pkgutil.walk_packages(lecture_utils.__path__, "lecture_utils."):
        if all(_public(part) for part in info.name.split(".")[1:]):
            modules.append(importlib.import_module(info.name))
    return modules


def _exporter(home: str) -> str:
    """The module that exports a name defined in ``home``: itself, or for a private module its public package."""
    parts = home.split(".")
    while not all(_public(part) for part in parts[1:]):
        parts.pop()
    return ".".join(parts)


def _public_objects() -> dict:
    """Every public function and class of the package, each once, at the module that exports it."""
    found = {}
    for module in public_modules():
        prefix = module.__name__.removeprefix("lecture_utils").lstrip(".")
        for name, obj in vars(module).items():
            home = getattr(obj, "__module__", "") or ""
            if (_public(name) and (inspect.isfunction(obj) or inspect.isclass(obj))
                    and home.startswith("lecture_utils") and _exporter(home) == module.__name__):
                found[f"{prefix}.{name}".lstrip(".")] = obj
    return found


def public_names() -> dict[str, Callable]:
    """Every public function, class, method and exercise of the package: dotted name -> object.

    A name is counted where it is defined, or, if it is defined in a private
    module (``plotting._style``), in the package that exports it
    (``plotting.class_style``); a helper imported from a private module
    (``_validation.as_matrix`` in ``perceptron``) is no public name. A class's
    methods are counted under it when the class defines them or inherits them
    from a private base (``_base.Estimator.get_params`` under every estimator);
    those of a public base are counted under that base only. Exercises (the
    instances in ``exercises.<topic>``, whatever part of the topic defines them) are counted as names: their
    check takes the student's answer.
    """
    from lecture_utils.exercises._core import Exercise
    objects = _public_objects()
    public_classes = {obj for obj in objects.values() if inspect.isclass(obj)}
    names = {}
    for dotted, obj in objects.items():
        names[dotted] = obj
        if inspect.isclass(obj):
            names.update(_methods(obj, dotted, public_classes))
    for module in public_modules():
        prefix = module.__name__.removeprefix("lecture_utils").lstrip(".")
        if prefix.count(".") != 1:
            continue                   # exercises.<topic> only: a topic split in parts re-exports its parts' exercises
        for name, obj in vars(module).items():
            if _public(name) and isinstance(obj, Exercise):
                names[f"{prefix}.{name}"] = obj
    return names


def _methods(cls, dotted: str, public_classes: set) -> dict:
    methods = {}
    for attr in dir(cls):
        if not _public(attr):
            continue
        owner = next((base for base in cls.__mro__ if attr in vars(base)), None)
        if owner is None or not owner.__module__.startswith("lecture_utils"):
            continue
        if owner is not cls and owner in public_classes:
            continue                                           # counted under the public base
        raw = inspect.getattr_static(cls, attr)
        function = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
        if inspect.isfunction(function):
            methods[f"{dotted}.{attr}"] = function
    return methods


def takes_arguments(obj) -> bool:
    """Whether a callable has parameters a caller could get wrong (``self`` does not count).

    A record the package returns (a dataclass such as ``Trace``) is read, never
    built, by the caller: its methods count, its constructor does not.
    """
    if not (inspect.isfunction(obj) or inspect.isclass(obj)):
        return True                                            # an exercise: its check takes the answer
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj):
        return False
    try:
        parameters = inspect.signature(obj).parameters
    except (TypeError, ValueError):
        return True
    return any(name not in ("self", "cls") for name in parameters)


def covered_by(name: str, obj) -> tuple:
    """The case targets that cover ``name``: itself, or for an estimator its ``fit`` too.

    Estimators follow scikit-learn: the constructor stores its hyperparameters and
    ``fit`` checks them, so cases of bad hyperparameters call ``fit``.
    """
    from lecture_utils._base import Estimator
    if inspect.isclass(obj) and issubclass(obj, Estimator):
        return name, f"{name}.fit"
    return (name,)


def corpus_modules() -> list:
    """The modules of this package, one per module of ``lecture_utils``, each with its ``CASES``."""
    return [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)]


# --------------------------------------------------------------------------
# A battery for every classifier: bad data at fit, an unfitted or mismatched model at prediction
# --------------------------------------------------------------------------

PREDICTORS = ("predict", "predict_proba", "predict_log_proba", "decision_function")


def classifier_cases(target: str, make: Callable, X, t, *, scales=(1e300, 1e-300), numeric: bool = True) -> list[Case]:
    """The bad inputs every classifier ``make()`` must refuse, and its predictions at extreme scales.

    At a scale ``c`` the model fitted on ``c X`` must predict on ``c X`` what
    the model fitted on ``X`` predicts on ``X`` (every model here is
    equivariant to a common scale of the features), or refuse ``X`` clearly.
    """
    X, t = np.asarray(X), np.asarray(t)
    fitted = make().fit(X, t)
    cases = [
        case(f"{target}.fit", "1-D X", lambda: make().fit(X[:, 0], t), refuses("X")),
        case(f"{target}.fit", "t too short", lambda: make().fit(X, t[:-1]), refuses("t")),
        case(f"{target}.fit", "t 2-D", lambda: make().fit(X, t[:, None]), refuses("t")),
        case(f"{target}.fit", "one class", lambda: make().fit(X, np.full(len(t), t[0])), refuses("t")),
        case(f"{target}.fit", "t mixing numbers and text (issue 35: 1 was read as '1')",
             lambda: make().fit(X, [1 if label == t[0] else "a" for label in t.tolist()]), refuses("t")),
        case(f"{target}.fit", "X None", lambda: make().fit(None, t), refuses("X")),
        case(f"{target}.fit", "X empty", lambda: make().fit(X[:0], t[:0]), refuses("X")),
    ]
    if numeric:
        cases += bad_arrays(f"{target}.fit", "X", lambda value: make().fit(value, t), X,
                            kinds=("nan", "inf", "string", "ragged"))
        cases.append(case(f"{target}.fit", "nan in t", lambda: make().fit(X, np.r_[np.nan, np.ones(len(t) - 1)]),
                          refuses("t")))
    for method in PREDICTORS:
        if not hasattr(fitted, method):
            continue
        call = getattr(fitted, method)
        cases += [
            case(f"{target}.{method}", "unfitted", lambda method=method: getattr(make(), method)(X), refuses("fit")),
            case(f"{target}.{method}", "one feature more", lambda call=call: call(np.c_[X, X[:, :1]]), refuses("X")),
            case(f"{target}.{method}", "1-D X", lambda call=call: call(X[0]), refuses("X")),
        ]
        if numeric:
            cases.append(case(f"{target}.{method}", "nan in X",
                              lambda call=call: call(np.where(np.arange(X.size).reshape(X.shape) == 0, np.nan, X)),
                              refuses("X")))
    cases += [
        case(f"{target}.score", "t too short", lambda: fitted.score(X, t[:-1]), refuses("t")),
        case(f"{target}.score", "t of labels the model was not fitted on (issue 35: scored as mistakes, silently)",
             lambda: fitted.score(X, _relabelled(t)), refuses("t")),
        case(f"{target}.score", "unfitted", lambda: make().score(X, t), refuses("fit")),
        case(f"{target}.score", "on the training data", lambda: fitted.score(X, t),
             answers(satisfies(lambda accuracy: 0.5 <= accuracy <= 1.0, "an accuracy"))),
    ]
    if numeric:
        for scale in scales:
            cases.append(case(f"{target}.fit", f"features at scale {scale:g}",
                              lambda scale=scale: make().fit(X * scale, t).predict(X * scale),
                              answers(equal(lambda: make().fit(X, t).predict(X)))))
    return cases


def _relabelled(t: np.ndarray) -> np.ndarray:
    """The labels ``t`` coded otherwise: numbers moved past the largest (0 and 1 as 2 and 3), other labels renamed."""
    if t.dtype.kind in "iuf":
        return t + (t.max() - t.min() + 1)
    return np.array([f"not {label}" for label in t.tolist()], dtype=object)
