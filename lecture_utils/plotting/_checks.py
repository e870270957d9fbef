"""What the drawing functions check of their caller's arguments, declared once per function.

``@checked(ax=AXES, X=points(columns=2), t=labels(like="X"))`` checks (and
converts) each named argument before the function runs, through the shared
checks of :mod:`lecture_utils._validation`, so that a bad argument gives a
``ValueError`` or ``TypeError`` naming it, never a raw matplotlib or numpy
error from deep inside a drawing. An argument whose default is None may be
left out (or passed as None). Each check is a function ``(value, name,
arguments) -> value`` that sees the arguments already checked (to compare
lengths).
"""

from __future__ import annotations

import functools
import inspect
import numbers

import numpy as np

from .._validation import (as_float_array, as_labels, as_limits, as_scalar, call_function, check_callable, check_option,
                           check_positive_int, check_size)


#: The largest coordinate of the data a drawing takes, and of its axis limits (room for margins around the data):
#: matplotlib lays out axes within about 1e307, beyond which its tick locators overflow float64.
LARGEST_COORDINATE, LARGEST_LIMIT = 1e300, 1e306


def within_drawing(values, name: str, bound: float = LARGEST_COORDINATE) -> None:
    """Refuse values (finite, checked already) larger in size than ``bound``, naming ``name``: axes around them
    would reach beyond what matplotlib can lay out, or be computed as inf."""
    largest = float(np.max(np.abs(values))) if np.size(values) else 0.0
    if largest > bound:
        raise ValueError(f"{name} reaches {largest:.3g}, beyond the {bound:g} a drawing takes: matplotlib lays out "
                         "axes within about 1e307 (its ticks overflow float64 beyond). Rescale it, e.g. divide by "
                         "1e300 and read the axes in units of 1e300.")


def as_drawn_limits(value, name: str) -> tuple[float, float]:
    """Axis limits: two finite numbers, the first smaller, within what matplotlib can lay out."""
    low, high = as_limits(value, name)
    within_drawing((low, high), name, LARGEST_LIMIT)
    return low, high


def checked(**checks):
    """Check the named arguments of the decorated function with ``checks`` (name -> check) before it runs.

    The function without its checks stays at hand as ``__wrapped__`` (as ``functools.wraps`` leaves it), for a
    caller in a widget's update whose arguments were checked when the widget was built.
    """
    def decorate(function):
        signature = inspect.signature(function)
        optional = {name for name, parameter in signature.parameters.items() if parameter.default is None}

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            for name, check in checks.items():
                if name in bound.arguments and not (name in optional and bound.arguments[name] is None):
                    bound.arguments[name] = check(bound.arguments[name], name, bound.arguments)
            return function(*bound.args, **bound.kwargs)

        wrapper.checks = checks
        return wrapper
    return decorate


def AXES(value, name, arguments):
    """A matplotlib Axes (``fig, ax = plt.subplots()``)."""
    from matplotlib.axes import Axes
    if not isinstance(value, Axes):
        raise TypeError(f"{name} must be a matplotlib Axes, e.g. from fig, {name} = plt.subplots(); "
                        f"got {type(value).__name__}.")
    return value


def axes_list(count: int | None = None, like: str | None = None):
    """A sequence of ``count`` matplotlib Axes, or one per entry of argument ``like``."""
    def check(value, name, arguments):
        number = count if like is None else len(arguments[like])
        if isinstance(value, np.ndarray):
            value = list(value.ravel())
        elif not isinstance(value, (str, bytes)) and hasattr(value, "__iter__"):
            value = list(value)                                  # axes.flat, a generator
        if not isinstance(value, (list, tuple)) or len(value) != number:
            which = f" (one per entry of {like})" if like else ""
            raise TypeError(f"{name} must be {number} matplotlib Axes{which}, e.g. from fig, {name} = "
                            f"plt.subplots(1, {number}); got {type(value).__name__}.")
        return [AXES(ax, f"{name}[{j}]", arguments) for j, ax in enumerate(value)]
    return check


def _length(arguments, like):
    return None if like is None or like not in arguments or arguments[like] is None else len(arguments[like])


def array(ndim: int | None = None, columns: int | None = None, like: str | None = None, axis: int = 0,
          min_size: int = 1, finite: bool = True, largest: float | None = None):
    """A float array of ``ndim`` dimensions (``columns`` columns), as long along ``axis`` as argument ``like``, its
    entries at most ``largest`` in size (coordinates of a drawing)."""
    def check(value, name, arguments):
        array_ = as_float_array(value, name, allow_infinite=not finite)
        if ndim is not None and array_.ndim != ndim:
            raise ValueError(f"{name} must be a {ndim}-D array; got shape {array_.shape}.")
        if columns is not None and (array_.ndim != 2 or array_.shape[1] != columns):
            raise ValueError(f"{name} must have {columns} columns; got shape {array_.shape}.")
        if array_.size < min_size:
            raise ValueError(f"{name} must hold at least {min_size} value{'s' * (min_size > 1)}; got shape "
                             f"{array_.shape}.")
        length = _length(arguments, like)
        if length is not None and (array_.ndim <= axis or array_.shape[axis] != length):
            raise ValueError(f"{name} must hold one entry per entry of {like} ({length}) along axis {axis}; got "
                             f"shape {array_.shape}.")
        if largest is not None:
            within_drawing(array_, name, largest)
        return array_
    return check


def points(columns: int = 2, like: str | None = None, min_size: int = 1):
    """Points as rows, ``columns`` coordinates each (``min_size=0``: none yet, as a path before its first step),
    within what a drawing takes."""
    return array(ndim=2, columns=columns, like=like, min_size=min_size, largest=LARGEST_COORDINATE)


def curve(like: str | None = None, finite: bool = True, min_size: int = 2):
    """A 1-D array of at least ``min_size`` values, as long as argument ``like``."""
    return array(ndim=1, like=like, finite=finite, min_size=min_size)


def labels(like: str | None = None):
    """One label (number or text) per entry of argument ``like``."""
    def check(value, name, arguments):
        labels_ = as_labels(value, name)
        length = _length(arguments, like)
        if length is not None and labels_.size != length:
            raise ValueError(f"{name} must hold one label per entry of {like} ({length}); got {labels_.size}.")
        return labels_
    return check


def names(like: str | None = None, axis: int = 0, classes_of: str | None = None):
    """A sequence of strings (legend or tick labels), one per entry of argument ``like`` along ``axis``,
    or one per distinct label of argument ``classes_of``."""
    def check(value, name, arguments):
        if isinstance(value, str) or not isinstance(value, (list, tuple, np.ndarray)):
            raise TypeError(f"{name} must be a list of strings; got {value!r}.")
        value = [str(item) for item in value]
        reference = arguments.get(like if classes_of is None else classes_of)
        if classes_of is not None and reference is not None:
            if len(value) != np.unique(reference).size:
                raise ValueError(f"{name} must hold one name per class of {classes_of} ({np.unique(reference).size}); "
                                 f"got {len(value)}.")
        elif like is not None and reference is not None:
            length = np.shape(reference)[axis] if np.ndim(reference) > axis else len(reference)
            if len(value) != length:
                raise ValueError(f"{name} must hold one name per entry of {like} ({length}); got {len(value)}.")
        return value
    return check


def limits(value, name, arguments):
    """Axis limits: two finite numbers, the first smaller, within what matplotlib can lay out."""
    return as_drawn_limits(value, name)


def NUMBER(value, name, arguments):
    """A finite number."""
    return as_scalar(value, name)


def positive(value, name, arguments):
    """A finite number > 0."""
    number = as_scalar(value, name)
    if not number > 0:
        raise ValueError(f"{name} must be a number > 0; got {number}.")
    return number


def unit_interval(value, name, arguments):
    """A number in [0, 1]."""
    number = as_scalar(value, name)
    if not 0 <= number <= 1:
        raise ValueError(f"{name} must lie in [0, 1]; got {number}.")
    return number


def count(low: int = 1, cells: int = 1):
    """A whole number >= ``low``; ``count ** cells`` values must fit in memory (a grid's resolution)."""
    def check(value, name, arguments):
        number = check_positive_int(value, name) if not (low == 0 and value == 0) else 0
        if number < low:
            raise ValueError(f"{name} must be an integer >= {low}; got {number}.")
        check_size(number ** cells, "the drawing", name)
        return number
    return check


def INDEX(value, name, arguments):
    """A whole number >= 0 (a class index)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or value < 0:
        raise TypeError(f"{name} must be an integer >= 0; got {value!r}.")
    return int(value)


def option(*options):
    """One of ``options`` (strings), spelled exactly."""
    return lambda value, name, arguments: check_option(value, name, options)


def FUNCTION(value, name, arguments):
    """A callable."""
    check_callable(value, name, "")
    return value


def mapping(check_value=None, keys=None):
    """A non-empty dict of names (one of ``keys``, if given) to values, each checked by ``check_value``."""
    def check(value, name, arguments):
        if not isinstance(value, dict) or not value:
            raise TypeError(f"{name} must be a non-empty dict of names to values; got {type(value).__name__}.")
        for key in value:
            if keys is not None:
                check_option(key, f"each key of {name}", tuple(keys))
        if check_value is None:
            return value
        return {key: check_value(item, f"{name}[{key!r}]", arguments) for key, item in value.items()}
    return check


def TEXT(value, name, arguments):
    """A string."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string; got {value!r}.")
    return value


def INTEGER(value, name, arguments):
    """A whole number."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer; got {value!r}.")
    return int(value)


def FLAG(value, name, arguments):
    """True or False."""
    from .._validation import check_flag
    return check_flag(value, name)


def AXIS(value, name, arguments):
    """A matplotlib Axis (``ax.xaxis`` or ``ax.yaxis``)."""
    from matplotlib.axis import Axis
    if not isinstance(value, Axis):
        raise TypeError(f"{name} must be a matplotlib Axis such as ax.yaxis; got {type(value).__name__}.")
    return value


def record(*attributes):
    """An object with the named attributes (a result record of the package, e.g. a CalibrationCurve)."""
    def check(value, name, arguments):
        missing = [attribute for attribute in attributes if not hasattr(value, attribute)]
        if missing:
            raise TypeError(f"{name} must be a record with {', '.join(attributes)} (as the package returns); "
                            f"got {type(value).__name__}, which has no {', '.join(missing)}.")
        return value
    return check


def objective(like: str):
    """A pair ``(values, "max" or "min")``: an objective's values on the grid ``like`` and its sense."""
    values_check, sense_check = curve(like=like), option("max", "min")

    def check(value, name, arguments):
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            raise TypeError(f"{name} must be a pair (values, \"max\" or \"min\"); got {value!r}.")
        return values_check(value[0], name, arguments), sense_check(value[1], f"{name}'s sense", arguments)
    return check


def EXTENDED(value, name, arguments):
    """A number, infinite ones included (not nan)."""
    number = as_float_array(value, name, allow_infinite=True)
    if number.ndim != 0:
        raise ValueError(f"{name} must be a single number; got an array of shape {number.shape}.")
    return float(number)


def covariances(like: str | None = None):
    """Symmetric positive-definite 2 x 2 covariances: one (``like=None``) or one per row of argument ``like``."""
    def check(value, name, arguments):
        from .._validation import as_covariances
        count_ = _length(arguments, like)
        shape = (2, 2) if like is None else (count_ if count_ is not None else np.shape(value)[0], 2, 2)
        stacked = as_covariances(value, {shape: ("(2, 2)" if like is None else f"(len({like}), 2, 2)",
                                                 "a covariance of the plane" if like is None else f"one per {like}")},
                                 name).reshape(-1, 2, 2)
        unit = stacked / np.maximum(np.abs(stacked).max(axis=(1, 2), keepdims=True), np.finfo(float).tiny)
        if not np.all((unit[:, 0, 0] > 0) & (np.linalg.det(unit) > 0)):           # judged at unit scale
            raise ValueError(f"{name} must be positive definite (variances > 0 and a determinant > 0), as a "
                             "Gaussian's covariance is; e.g. [[1, 0.5], [0.5, 1]].")
        return stacked.reshape(shape)
    return check


def segments(value, name, arguments):
    """Line segments: a list of arrays of points (n, 2), finite."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a list of arrays of points of shape (n, 2); got {value!r}.")
    return [points(2, min_size=0)(segment, f"{name}[{j}]", arguments) for j, segment in enumerate(value)]


def COLOR(value, name, arguments):
    """A matplotlib colour ("C0", "#0072B2", (r, g, b), ...)."""
    from matplotlib.colors import is_color_like
    if not is_color_like(value):
        raise ValueError(f"{name} must be a matplotlib colour such as '#0072B2' or 'black'; got {value!r}.")
    return value


def drawn(like: str):
    """What a drawing function returned for each row of argument ``like``: lists of matplotlib artists."""
    def check(value, name, arguments):
        from matplotlib.artist import Artist
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError(f"{name} must be what the drawing returned, a list of lists of artists; got {value!r}.")
        value = [list(item) if hasattr(item, "__iter__") else item for item in value]
        if not all(isinstance(item, list) and all(isinstance(a, Artist) for a in item) for item in value):
            raise TypeError(f"{name} must be what the drawing returned, a list of lists of artists.")
        length = _length(arguments, like)
        if length is not None and len(value) != length:
            raise ValueError(f"{name} must hold the artists of each entry of {like} ({length}); got {len(value)}.")
        return value
    return check


def results(function, name: str, at, shape: tuple):
    """``function(at)`` as a float array of ``shape``: what a caller's function returned, checked and named."""
    values = as_float_array(call_function(function, name, at), f"what {name} returns", allow_infinite=True)
    if values.shape != shape:
        raise ValueError(f"{name} must return an array of shape {shape} here; got shape {values.shape}.")
    return values
