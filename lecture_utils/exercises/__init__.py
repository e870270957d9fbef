"""Self-checks for the notebooks' exercises: each says "correct" or gives a hint.

A check compares the student's answer with what the package computes and
returns :class:`Feedback`, which a notebook shows as one line of text.
"""

from ._feedback import Feedback

__all__ = ["Feedback"]
