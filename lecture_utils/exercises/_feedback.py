"""The answer a self-check gives."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Feedback:
    """The verdict on an exercise: ``bool(feedback)`` is whether it is right.

    Attributes
    ----------
    correct : bool
    message : str
        Shown to the student: a confirmation, or a hint towards the answer.
    """

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return ("Correct! " if self.correct else "Not yet. ") + self.message


def unanswered(answer) -> bool:
    """Whether the exercise's placeholder ``...`` is still in place."""
    return answer is Ellipsis


PLACEHOLDER = Feedback(False, "Replace the ... with your answer and run the cell again.")


def as_numbers(answer, shape: tuple) -> np.ndarray | None:
    """The answer as a float array of the expected shape, or None if it is not one."""
    try:
        array = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return None
    return array if array.shape == shape else None


def close(answer, truth, rtol: float = 1e-3, atol: float = 1e-6) -> bool:
    """Equal up to rounding: a relative error below ``rtol`` (answers are often rounded by hand)."""
    try:
        return bool(np.allclose(answer, truth, rtol=rtol, atol=atol))
    except (TypeError, ValueError):
        return False


def as_number(answer) -> float | None:
    """The answer as one finite float, or None if it is not one (booleans are not numbers here)."""
    if isinstance(answer, (bool, np.bool_)):
        return None
    value = as_numbers(answer, ())
    return float(value) if value is not None and np.isfinite(value) else None


def first_slip(value, slips):
    """The hint of the first ``(wrong value, hint)`` pair that ``value`` equals up to rounding, or None."""
    return next((hint for slip, hint in slips if np.all(np.isfinite(slip)) and close(value, slip)), None)


def check_number(answer, what: str, example: str, truth: float, praise: str, slips, advice) -> Feedback:
    """The whole check of a one-number answer: the placeholder, nonsense, right, a known slip, or advice.

    ``slips`` are ``(value, hint)`` pairs, the values the usual mistakes give;
    ``advice`` is the hint for any other wrong value, or a function of that value.
    """
    if unanswered(answer):
        return PLACEHOLDER
    value = as_number(answer)
    if value is None:
        return Feedback(False, f"Give {what} as one number, e.g. {example}; got {answer!r}, "
                               "not one finite number.")
    if close(value, truth):
        return Feedback(True, praise)
    return Feedback(False, first_slip(value, slips) or (advice(value) if callable(advice) else advice))
