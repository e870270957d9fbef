"""Reading a number the way a careful student types it, and grading it against the truth to 3 significant
figures (the rules are in the docstring of :mod:`lecture_utils.exercises._core`)."""

from __future__ import annotations

import math
import numbers
import sys

import numpy as np


def as_numbers(answer, shape: tuple | None = (), allow_nan: bool = False) -> np.ndarray | None:
    """The answer as a float array of ``shape`` (any shape if None), or None if it is not one.

    Lists, tuples, Fractions, ints and numpy numbers are welcome; text, bools,
    None, complex numbers, ragged lists, numbers beyond floating point
    (``10**400``) and nan (unless ``allow_nan``) are not.
    """
    if isinstance(answer, (str, bytes, bool, np.bool_)) or answer is None:
        return None
    try:
        array = np.asarray(answer)
        if array.dtype.kind == "c":                          # a complex number is no real answer (numpy would drop 1j)
            return None
        array = array.astype(float)
    except Exception:                                        # ragged lists, 10**400, a student's odd object
        return None
    if (shape is not None and array.shape != shape) or (not allow_nan and np.any(np.isnan(array))):
        return None
    return array


def significant_digits(value: float) -> int:
    """How many significant figures the shortest decimal form of ``value`` shows (``2.2``: 2; ``400``, ``0.06``: 1)."""
    if value == 0 or not math.isfinite(value):
        return 15
    typed = np.format_float_positional(abs(value), trim="-")
    digits = typed.replace(".", "").lstrip("0") if "." in typed else typed.rstrip("0")
    return max(len(digits), 1)


#: Room for the rounding errors of floating point, as a fraction of the place value of a figure.
_SLACK = 1e-9


def _place(value: float, figures: int) -> float:
    """The place value of the last of ``figures`` significant figures of ``value``: 0.01 for 2.197 and 3."""
    return 10.0 ** (math.floor(math.log10(abs(value))) - figures + 1)


def agrees(value: float, truth: float) -> bool:
    """Whether ``value`` is ``truth`` to 3 significant figures, rounded or cut.

    With ``u`` the place value of the third figure of ``truth``: within ``u/2``
    of it (2.20 or 2.197 for 2.197), or between ``truth`` and ``truth`` cut to
    3 figures (2.19 for 2.197). A truth of 0 takes 0 (to 1e-12), an infinite
    truth that infinity.
    """
    if math.isinf(value) or math.isinf(truth):
        return bool(value == truth)
    if truth == 0:
        return bool(abs(value) <= 1e-12)
    unit = _place(truth, 3)
    if abs(value - truth) <= (0.5 + _SLACK) * unit:
        return True
    cut = math.floor(abs(truth) / unit + _SLACK) * unit      # the size of truth cut to 3 figures
    return bool((value > 0) == (truth > 0) and cut - _SLACK * unit <= abs(value) <= abs(truth))


def right_to_its_figures(value: float, truth: float) -> bool:
    """Whether ``truth`` rounded to the significant figures ``value`` shows is ``value``: 0.3 for 1/3, 2.2 for 2.236,
    0.1 for 0.096 (the rounding carries), and not 0.098 or 0.099 for 0.1 (which is 0.10 to 2 figures).

    A tie counts when rounded half away from zero (0.3 for 0.25, 18 for
    17.5), not the other way (0.2 for 0.25); a cut does not (0.3 for
    0.3666), nor does a whole number of one figure (2 for 2.32: see the
    docstring of :mod:`~lecture_utils.exercises._core`).
    """
    if value == 0 or truth == 0 or not (math.isfinite(value) and math.isfinite(truth)):
        return False
    figures = significant_digits(value)
    if figures == 1 and value == round(value):
        return False
    place = _place(truth, figures)                                    # truth rounded half away from zero
    rounded = math.copysign(math.floor(abs(truth) / place + 0.5 + _SLACK) * place, truth)    # 0.096: 0.1
    return bool(abs(value - rounded) <= _SLACK * place)


def cut_to_its_figures(value: float, truth: float) -> bool:
    """Whether ``value`` is ``truth`` cut, not rounded, to the 2 or more significant figures it shows: 0.34 for
    0.3499.

    Such an answer has every figure right; it must not be taken for a usual
    slip's value given to those figures (0.34 for a slip's 0.3448), which
    needs 2 figures too. One figure fits too many values (and a whole number
    of one figure reads as an exact count: see :func:`right_to_its_figures`).
    """
    figures = significant_digits(value)
    if figures < 2 or truth == 0 or not (math.isfinite(value) and math.isfinite(truth)):
        return False
    unit = _place(truth, figures)
    cut = math.floor(abs(truth) / unit + _SLACK) * unit
    return bool((value > 0) == (truth > 0) and abs(abs(value) - cut) <= _SLACK * unit)


def off_by_one_unit(value: float, truth: float) -> bool:
    """Whether ``value``, given to 3 or more figures, is ``truth`` with its third figure one unit off, where ``truth``
    has more figures than 3.

    That is a rounding slip (-0.191 for -0.190499, an intermediate rounded
    to -0.1905): more than half a unit of the third figure from ``truth``,
    and at most one and a half. A truth of 3 figures or fewer (17.5, 2.25,
    -0.512) has nothing to round on the way: one unit off there is a slip of
    arithmetic, and gets the exercise's advice.
    """
    if not (math.isfinite(value) and math.isfinite(truth)) or truth == 0 or significant_digits(value) < 3:
        return False
    unit = _place(truth, 3)
    exact = abs(truth - round(truth / unit) * unit) <= _SLACK * unit
    return bool(not exact and abs(value - truth) <= (1.5 + _SLACK) * unit)


def grade(value: float, truth: float) -> str:
    """"correct" (see :func:`agrees`), "close" (see :func:`right_to_its_figures`) or "wrong"."""
    if agrees(value, truth):
        return "correct"
    return "close" if right_to_its_figures(value, truth) else "wrong"


def _too_large(value) -> bool:
    """Whether ``value`` is a whole or rational number beyond floating point, such as ``10**400``."""
    return (isinstance(value, numbers.Rational) and not isinstance(value, bool)
            and abs(value) > sys.float_info.max)
