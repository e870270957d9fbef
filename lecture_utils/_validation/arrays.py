"""Checks of arrays of numbers: finite floats, matrices and tables, vectors and scalars, distributions and
priors, covariances, ranges, shapes that broadcast, and entries whose products stay within float64."""

from __future__ import annotations

import itertools
import math
import numbers

import numpy as np

from .._numerics import largest_magnitude


def as_float_array(value, name: str, *, allow_infinite: bool = False) -> np.ndarray:
    """Return ``value`` as a finite float array of any shape (``-inf`` and ``inf`` too if ``allow_infinite``).

    Raises
    ------
    TypeError
        If ``value`` is not numeric: None, text (also numbers written as
        text, such as ``"0.5"`` read from a file), complex numbers, or other objects.
    ValueError
        If it is ragged (rows of different lengths) or holds nan or inf.
    """
    array = as_real_array(value, name)
    if allow_infinite:
        if np.isnan(array).any():
            raise ValueError(f"{name} contains nan, which is no number; remove or impute it first.")
    elif not np.isfinite(array).all():                       # (method calls: twice as fast as np.all)
        raise ValueError(
            f"{name} contains nan or infinite values; remove or impute them first."
        )
    return array


def as_real_array(value, name: str) -> np.ndarray:
    """``value`` as a float array (nan and inf allowed), or a message saying what kind of thing it is."""
    if type(value) is np.ndarray and value.dtype == np.float64:
        return value                                         # the common case, checked in a microsecond
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be numeric array-like (a number, or a list or numpy array of numbers); "
                        f"got {value!r}.")
    try:
        array = np.asarray(value)
    except ValueError:                                       # numpy refuses nested lists of different lengths
        raise ValueError(f"{name} must be a rectangular array of numbers; its rows (or entries) have different "
                         "lengths.") from None
    text = array.dtype.kind in "US" or (array.dtype.kind == "O"
                                        and any(isinstance(item, (str, bytes)) for item in array.flat))
    if text:
        first = next(item for item in array.flat if isinstance(item, (str, bytes, np.str_, np.bytes_)))
        raise TypeError(f"{name} must be numeric; it holds text such as {str(first)!r}. Convert numbers read "
                        f"as text first, e.g. {name} = np.asarray({name}, dtype=float).")
    if array.dtype.kind in "cmM":
        raise TypeError(f"{name} must be numeric (real numbers); got an array of {array.dtype}.")
    try:
        return array.astype(float, copy=False)
    except (TypeError, ValueError):
        kinds = sorted({type(item).__name__ for item in array.flat if not isinstance(item, numbers.Real)})
        raise TypeError(f"{name} must be numeric (real numbers); it holds {', '.join(kinds) or 'other'} objects.") from None


def float_or_array(value):
    """A 0-d result as a Python float, anything else as the array it is (what functions return)."""
    return float(value) if np.ndim(value) == 0 else value


def as_matrix(X, name: str = "X") -> np.ndarray:
    """Return ``X`` as a finite float array of shape ``(n_samples, n_features)``.

    Raises
    ------
    TypeError
        If ``X`` is not numeric.
    ValueError
        If ``X`` is not 2-D, is empty, or holds nan or inf.
    """
    array = as_float_array(X, name)
    _check_table_shape(array, name)
    return array


def _check_table_shape(array: np.ndarray, name: str) -> None:
    """Raise unless ``array`` is 2-D with at least one row and one column."""
    if array.ndim != 2:
        hint = f" For a single feature use {name}.reshape(-1, 1)." if array.ndim == 1 else ""
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); "
            f"got an array of shape {array.shape}.{hint}"
        )
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise ValueError(f"{name} must hold at least one sample and one feature; got shape {array.shape}.")


def as_table(X, name: str = "X") -> np.ndarray:
    """Return ``X`` as a 2-D array of shape ``(n_samples, n_features)`` of any values, checking only its shape.

    For code that selects rows of ``X`` and hands them to a model, which
    checks the values itself (numbers for one model, categories for another).
    An array keeps its dtype; a list becomes an ``object`` array.
    """
    array = X if isinstance(X, np.ndarray) else _object_table(X, name)
    _check_table_shape(array, name)
    return array


def as_categorical_matrix(X, name: str = "X") -> np.ndarray:
    """Return ``X`` as an array of shape ``(n_samples, n_features)`` of categorical values.

    The values may be of any hashable type (strings, integers, ...). An
    array keeps its dtype; a list becomes an ``object`` array, so that the
    integer 1 in a list beside strings stays 1 (numpy would make it "1").

    Raises
    ------
    ValueError
        If ``X`` is not 2-D, is empty, or holds nan (a missing value, which
        is no category).
    """
    array = as_table(X, name)
    if array.dtype.kind in "fcOmM" and np.any(array != array):     # only nan (and NaT) differs from itself
        row, column = np.argwhere(array != array)[0]
        raise ValueError(
            f"{name} contains nan (first at row {row}, feature {column}); categorical features need a "
            "value in every cell: drop those rows, or make 'missing' a category of its own."
        )
    return array


def _object_table(X, name: str) -> np.ndarray:
    """The rows of ``X`` as a 2-D object array that keeps each value as it is (a tuple stays one value)."""
    try:
        rows = [list(row) for row in X]
    except TypeError:                                        # not a sequence of rows, e.g. a number
        rows = None
    if rows is None or any(isinstance(row, str) for row in X):
        return np.asarray(X, dtype=object)                   # not 2-D: the shape check explains
    if len({len(row) for row in rows}) > 1:
        raise ValueError(f"{name} must be a 2-D array of shape (n_samples, n_features); "
                         "its rows have different lengths.")
    n_features = len(rows[0]) if rows else 0
    values = itertools.chain.from_iterable(rows)
    return np.fromiter(values, dtype=object, count=len(rows) * n_features).reshape(len(rows), n_features)


def as_vector(v, name: str, length: int | None = None) -> np.ndarray:
    """Return ``v`` as a finite 1-D float array, of the given length if one is given.

    Raises
    ------
    TypeError
        If ``v`` is not numeric.
    ValueError
        If ``v`` is not 1-D, has the wrong length, or holds nan or inf.
    """
    array = as_float_array(v, name)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array; got an array of shape {array.shape}.")
    if length is not None and array.shape[0] != length:
        raise ValueError(f"{name} must have length {length}; got length {array.shape[0]}.")
    return array


def as_scalar(value, name: str) -> float:
    """Return ``value`` as a finite float, raising naming ``name`` if it is not one number."""
    array = as_float_array(value, name)
    if array.ndim != 0:
        raise ValueError(f"{name} must be a single number; got an array of shape {array.shape}.")
    return float(array)


def check_binary(array: np.ndarray, name: str, hint: str) -> np.ndarray:
    """Return ``array`` if it holds only 0 and 1, else raise naming ``name`` and giving ``hint``."""
    others = (array != 0) & (array != 1)
    if np.any(others):
        shown = np.unique(array[others])[:5].tolist()
        raise ValueError(
            f"{name} must contain only the Bernoulli outcomes 0 and 1; got also the values {shown}. {hint}"
        )
    return array


def check_n_features(X: np.ndarray, n_features: int, name: str = "X") -> None:
    """Raise if ``X`` does not have the number of features the model was fitted on."""
    if X.shape[1] != n_features:
        raise ValueError(
            f"{name} has {X.shape[1]} features, but the model was fitted on {n_features}."
        )


def as_distribution(p, name: str = "p", atol: float = 1e-8) -> np.ndarray:
    """Return ``p`` as float probability distributions along its last axis.

    Raises
    ------
    ValueError
        If an entry is negative, or a distribution does not sum to one
        (within ``atol``), or ``p`` is a scalar.
    """
    array = as_float_array(p, name)
    if array.ndim == 0 or array.shape[-1] == 0:
        raise ValueError(
            f"{name} must hold probabilities along its last axis (e.g. [0.2, 0.8]); got shape {array.shape}."
        )
    if np.any(array < 0):
        raise ValueError(f"{name} has negative entries ({array.min():.3g}); probabilities must be >= 0.")
    sums = array.sum(axis=-1)
    if not np.allclose(sums, 1.0, rtol=0, atol=atol):
        worst = np.ravel(sums)[np.argmax(np.abs(np.ravel(sums) - 1))]
        raise ValueError(
            f"{name} must sum to 1 along its last axis; a distribution sums to {worst:.6g}. "
            f"Normalise it with {name} / {name}.sum(axis=-1, keepdims=True)."
        )
    return array


def as_priors(priors, n_classes: int, name: str = "priors") -> np.ndarray:
    """Return class priors ``p(C_k)`` as a float vector of length ``n_classes``, each > 0, summing to 1.

    Raises
    ------
    ValueError
        If ``priors`` is not a distribution over ``n_classes`` classes, or gives a class prior 0.
    """
    array = as_distribution(priors, name)
    if array.shape != (n_classes,):
        raise ValueError(f"{name} must hold one probability per class, shape ({n_classes},); got shape {array.shape}.")
    if np.any(array == 0):
        raise ValueError(
            f"{name} gives class {int(np.argmin(array))} the prior 0, so it could never be predicted; "
            "give every class a prior > 0, or drop the class."
        )
    return array


def as_covariances(covariances, shapes: dict, name: str = "covariances") -> np.ndarray:
    """Return ``covariances`` as finite symmetric float matrices of one of ``shapes``.

    ``shapes`` maps each accepted shape to its symbolic form and meaning, e.g.
    ``{(3, 2, 2): ("(K, d, d)", "one per class")}``.

    Symmetry is judged relative to the largest entry, so it holds at any scale.
    """
    covariances = as_float_array(covariances, name)
    if covariances.shape not in shapes:
        expected = " or ".join(f"{symbolic} = {shape}, {meaning}" for shape, (symbolic, meaning) in shapes.items())
        raise ValueError(f"{name} must have shape {expected}; got {covariances.shape}.")
    largest = np.abs(covariances).max(initial=0.0)
    if np.any(np.abs(covariances - np.swapaxes(covariances, -1, -2)) > 1e-10 * largest):
        raise ValueError(f"{name} must be symmetric matrices; symmetrise with (S + S.T) / 2.")
    return covariances


def check_same_shape(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    """Raise if two arrays that pair up entry by entry have different shapes."""
    if a.shape != b.shape:
        raise ValueError(f"{name_a} and {name_b} must have the same shape; got {a.shape} and {b.shape}.")


def as_probabilities(value, name: str) -> np.ndarray:
    """Return ``value`` as a float array of probabilities, each in [0, 1]."""
    array = as_float_array(value, name)
    if np.any((array < 0) | (array > 1)):
        raise ValueError(
            f"{name} must be a probability in [0, 1]; got values from {array.min():.4g} to {array.max():.4g}. "
            "Clip a grid of candidates to [0, 1], e.g. np.linspace(0, 1, 201)."
        )
    return array


def as_positive_array(value, name: str, meaning: str) -> np.ndarray:
    """Return ``value`` as a float array whose entries are all > 0, e.g. standard deviations.

    ``meaning`` says what the value is, e.g. ``"a standard deviation"``.
    """
    array = as_float_array(value, name)
    if np.any(array <= 0):
        raise ValueError(f"{name} must be > 0, as {meaning}; got a smallest value of {array.min():.4g}.")
    return array


def as_limits(value, name: str) -> tuple[float, float]:
    """A range ``(low, high)``: two finite numbers with low < high, whose width ``high - low`` is finite too
    (a grid or an axis over it divides the width into steps)."""
    low_high = as_float_array(value, name)
    if low_high.shape != (2,) or not low_high[0] < low_high[1]:
        raise ValueError(f"{name} must be two numbers (low, high) with low < high; got {value!r}.")
    low, high = float(low_high[0]), float(low_high[1])
    if not math.isfinite(high - low):
        raise ValueError(f"{name} = ({low:g}, {high:g}) is wider than float64 can hold (high - low overflows to inf); "
                         "give a narrower range, or rescale the values.")
    return low, high


def check_broadcast(*named) -> tuple:
    """The shape that the ``(name, array)`` pairs broadcast to, or a ``ValueError`` naming two that do not.

    numpy's own message ("operands could not be broadcast together") names
    neither argument; this one names the caller's.
    """
    try:
        return np.broadcast_shapes(*(np.shape(array) for _, array in named))
    except ValueError:
        pass
    for (name_a, a), (name_b, b) in itertools.combinations(named, 2):
        try:
            np.broadcast_shapes(np.shape(a), np.shape(b))
        except ValueError:
            raise ValueError(
                f"{name_a} and {name_b} have shapes {np.shape(a)} and {np.shape(b)}, which do not broadcast "
                "against each other; pass arrays of the same shape, or a single number for one of them."
            ) from None
    names = ", ".join(name for name, _ in named)
    raise ValueError(f"{names} have shapes {[np.shape(a) for _, a in named]}, which do not broadcast together.")


#: Entries of a data matrix between these sizes keep their products and sums of squares (scores,
#: covariances, Hessians) inside float64's range: below 1e300 and above 1e-300.
LARGEST_ENTRY, SMALLEST_ENTRY = 1e150, 1e-150


def check_scale(X: np.ndarray, name: str, what: str, hint: str = "", power: int = 2,
                largest: float | None = None) -> np.ndarray:
    """Refuse ``X`` whose largest entry is beyond 1e150 or below 1e-150 (but not 0): ``what``,
    built from products of its entries, would overflow or underflow float64.

    For products of ``power`` entries (a polynomial of that degree) the bounds
    are ``1e(300 / power)`` and ``1e(-300 / power)`` instead. ``largest`` is
    ``max |X_ij|`` when the caller already has it.
    """
    largest = float(largest_magnitude(X)) if largest is None else largest
    high, low = (LARGEST_ENTRY, SMALLEST_ENTRY) if power == 2 else (10.0 ** (300 / power), 10.0 ** (-300 / power))
    if largest > high or 0 < largest < low:
        fate = "overflow to inf" if largest > 1 else "underflow to 0"
        raise ValueError(
            f"{name} has entries of size up to {largest:.3g}: {what}, built from products of its entries, would "
            f"{fate} in float64. Rescale {name} to sizes between {low:g} and {high:g}, e.g. "
            f"{name} / {largest:.0e} or standardised features.{' ' + hint if hint else ''}"
        )
    return X
