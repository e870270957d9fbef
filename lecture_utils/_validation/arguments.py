"""Checks of the other arguments: counts and numbers in a range, seeds, options, flags, functions and
sequences, whether a model is fitted, and sizes, draws and iterations a call can afford."""

from __future__ import annotations

import numbers

import numpy as np


def check_positive_int(value, name: str) -> int:
    """Return ``value`` if it is an integer >= 1, else raise naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer >= 1; got {value!r} of type {type(value).__name__}.")
    if value < 1:
        raise ValueError(f"{name} must be an integer >= 1; got {value}.")
    return int(value)


def _check_real(value, name: str, expected: str) -> None:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {expected}; got {value!r} of type {type(value).__name__}.")


def check_positive(value, name: str) -> float:
    """Return ``value`` as a float if it is a finite number > 0, else raise naming ``name``."""
    _check_real(value, name, "a positive number")
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0; got {value}.")
    return float(value)


def check_interval(value, name: str, low: float, high: float, why: str = "") -> float:
    """Return ``value`` as a float if it is a number in [low, high], else raise naming ``name`` (and ``why``)."""
    _check_real(value, name, f"a number in [{low:g}, {high:g}]")
    if not low <= value <= high:
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}]{' ' + why if why else ''}; got {value}.")
    return float(value)


def check_unit_interval(value, name: str) -> float:
    """Return ``value`` as a float if it is a number in [0, 1], else raise naming ``name``."""
    return check_interval(value, name, 0.0, 1.0)


def check_counts(value, name: str, length: int) -> np.ndarray:
    """Return ``value`` as ``length`` integers >= 1: one integer for all, or a sequence of ``length`` of them."""
    counts = np.asarray(value, dtype=object)
    if counts.shape not in ((), (length,)) or not all(
            isinstance(count, numbers.Integral) and not isinstance(count, (bool, np.bool_)) for count in counts.flat):
        raise TypeError(f"{name} must be an integer >= 1 or a sequence of {length} of them; got {value!r}.")
    counts = np.broadcast_to(counts.astype(np.int64), (length,))
    if np.any(counts < 1):
        raise ValueError(f"{name} must be an integer >= 1 or a sequence of {length} of them; got {value!r}.")
    return counts


def check_non_negative(value, name: str) -> float:
    """Return ``value`` as a float if it is a finite number >= 0, else raise naming ``name``."""
    _check_real(value, name, "a number >= 0")
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0; got {value}.")
    return float(value)


def check_fitted(estimator, attribute: str) -> None:
    """Raise a ``ValueError`` if ``estimator`` has not been fitted yet."""
    if not hasattr(estimator, attribute):
        name = type(estimator).__name__
        raise ValueError(f"This {name} is not fitted yet: call fit(X, t) before using it.")


def check_random_state(random_state, name: str = "random_state") -> np.random.Generator:
    """Return a numpy ``Generator`` for ``random_state``: None, an integer >= 0, or a Generator.

    Every function that draws random numbers takes its generator from here, so
    a seed such as ``"abc"``, ``1.5`` or ``-1`` gets one clear message.

    Raises
    ------
    TypeError
        If ``random_state`` is neither None, an integer nor a Generator.
    ValueError
        If it is a negative integer.
    """
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if isinstance(random_state, bool) or not isinstance(random_state, numbers.Integral):
        raise TypeError(
            f"{name} must be None, an integer seed >= 0 or a numpy Generator; "
            f"got {random_state!r} of type {type(random_state).__name__}."
        )
    if random_state < 0:
        raise ValueError(f"{name} must be an integer seed >= 0; got {random_state}.")
    return np.random.default_rng(int(random_state))


def call_function(function, name: str, *arguments):
    """``function(*arguments)``, a function the caller passed as ``name``, with the ``OverflowError`` that
    Python's floats raise inside it (where numpy's give inf) told as a ``ValueError`` that names it, and where."""
    try:
        return function(*arguments)
    except OverflowError:
        first = np.asarray(arguments[0], dtype=object) if arguments else np.empty(0, dtype=object)
        numeric = 0 < first.size <= 6 and all(isinstance(value, numbers.Real) for value in first.ravel())
        where = " at " + np.array2string(first.astype(float), threshold=4, formatter={"float_kind": "{:g}".format}) \
            if numeric else ""
        raise ValueError(f"{name} overflowed{where}: Python's floats raise OverflowError where numpy's give inf. "
                         f"Evaluate {name} where it stays finite, or compute it with numpy (np.exp, np.power)."
                         ) from None


def check_callable(function, name: str, what: str) -> None:
    """Raise a ``TypeError`` naming ``name`` unless ``function`` is callable; ``what`` shows its signature."""
    if not callable(function):
        raise TypeError(f"{name} must be a function {what}; got {type(function).__name__}.")


def check_sequence(value, name: str, what: str) -> list:
    """``value`` as a list if it is a list, tuple or 1-D array (not text, not a single number), else a ``TypeError``."""
    if isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim == 1):
        return list(value)
    raise TypeError(f"{name} must be a list of {what}; got {value!r}.")


def check_option(value, name: str, options) -> str:
    """Return ``value`` if it is one of ``options`` (strings), else raise listing them."""
    if not isinstance(value, str) or value not in options:
        raise ValueError(f"{name} must be one of {', '.join(repr(option) for option in options)}; got {value!r}.")
    return value


#: The largest array a function builds for its caller: beyond it the machine would swap or fail.
MAX_BYTES = 2 ** 31
#: The most random numbers a function draws in one call (about ten seconds of drawing).
MAX_DRAWS = 2 ** 30


def check_size(n_values, what: str, names: str, itemsize: int = 8) -> None:
    """Refuse to build ``what`` of ``n_values`` entries if it would exceed :data:`MAX_BYTES`, naming ``names``."""
    if n_values * itemsize > MAX_BYTES:
        raise ValueError(
            f"{what} would hold {float(n_values):.3g} values ({n_values * itemsize / 2 ** 30:.3g} GiB), more than "
            f"the {MAX_BYTES / 2 ** 30:g} GiB that fit in memory here; reduce {names}."
        )


def check_draws(n_draws, names: str) -> None:
    """Refuse a simulation of more than :data:`MAX_DRAWS` random numbers (it would run for minutes), naming ``names``."""
    if n_draws > MAX_DRAWS:
        raise ValueError(
            f"{names} ask for {float(n_draws):.3g} random draws, more than the {MAX_DRAWS:.3g} (about ten seconds) "
            "drawn in one call; reduce them."
        )


#: The most steps an iterative method takes in one call (a few seconds of Python loop).
MAX_ITERATIONS = 10 ** 6


def check_iterations(value, name: str) -> int:
    """``value`` as a number of iterations from 1 to :data:`MAX_ITERATIONS`, naming ``name``."""
    value = check_positive_int(value, name)
    if value > MAX_ITERATIONS:
        raise ValueError(f"{name} = {value} iterations would run for minutes or hours; use at most "
                         f"{MAX_ITERATIONS:.0e}, or a tolerance that stops the run.")
    return value


def check_flag(value, name: str) -> bool:
    """Return ``value`` if it is True or False; a string such as ``"False"`` would count as true."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r} of type {type(value).__name__}.")
    return bool(value)
