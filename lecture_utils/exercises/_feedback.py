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
