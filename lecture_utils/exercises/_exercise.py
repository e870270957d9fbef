"""What every exercise shares: the verdict a check gives (:class:`Feedback`), the check-and-reveal cycle of
:class:`Exercise`, and how values are shown in its messages."""

from __future__ import annotations

import reprlib
import sys
from dataclasses import dataclass, field

import numpy as np

from ._numbers import _too_large, as_numbers


#: What each verdict is called in front of its message.
PREFIXES = {"correct": "Correct! ", "close": "Close: ", "wrong": "Not yet. ",
            "invalid": "Can't check this: ", "unanswered": "Your turn: "}


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer; ``bool(feedback)`` is whether it is right.

    Attributes
    ----------
    verdict : {"correct", "close", "wrong", "invalid", "unanswered"}
        "close" is an answer right to every figure it shows, with fewer than
        3 significant figures; "invalid" is not an answer of the kind asked
        for (text for a number, a wrong shape, nan).
    message : str
        What the student reads: a confirmation with the reasoning, or a hint.
    exercise : Exercise, optional
        The exercise checked, whose worked solution the display offers.
    """

    verdict: str
    message: str
    exercise: Exercise | None = field(default=None, compare=False, repr=False)

    @property
    def correct(self) -> bool:
        return self.verdict == "correct"

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return PREFIXES[self.verdict] + self.message

    def _repr_mimebundle_(self, include=None, exclude=None):
        from ._display import feedback_bundle                 # ipywidgets only where it is shown
        return feedback_bundle(self)


PLACEHOLDER = "replace the ... with your answer and run the cell again."


_REPR = reprlib.Repr()
_REPR.maxlist = _REPR.maxtuple = 12
_REPR.maxstring = _REPR.maxother = 80
_REPR.maxlong = 40

#: The most characters a value takes in a message.
_WIDTH = 300


def _shown(value) -> str:
    """``value`` as it would be typed (``np.array([...])`` for an array), cut to ``_WIDTH`` characters; never raises."""
    try:
        text = _typed(value)
    except Exception:                                        # a student's object whose repr fails
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= _WIDTH else text[:_WIDTH - 4] + " ..."


def _typed(value) -> str:
    if isinstance(value, np.ndarray) and value.size > 100:
        return f"<an array of shape {value.shape}>"
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "f":                          # 6 significant figures, as for one number,
            shown = [float(f"{v:.6g}") for v in value.ravel()]
            if len(set(shown)) < len(set(value.ravel().tolist())):      # unless that makes two values look one
                shown = value.ravel().tolist()
            value = np.array(shown).reshape(value.shape)
        return f"np.array({value.tolist()})"
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(item) for item in value) + ")"
    if isinstance(value, (float, np.floating)):
        return f"{value:.6g}"
    return _REPR.repr(value)


def _form(value) -> str:
    """What ``value`` is, for a message: "a number", "an array of shape (3,)", "text", "None", "a generator", ..."""
    array = as_numbers(value, None, allow_nan=True)
    if array is not None:
        return "a number" if array.shape == () else f"an array of shape {array.shape}"
    if value is None:
        return "None"
    if isinstance(value, (str, bytes)):
        return "text"
    if _too_large(value):
        return "a number beyond floating point"
    return f"a {type(value).__name__}"


def _listed(names: list[str]) -> str:
    """``["a", "b", "c"]`` as "a, b and c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Exercise:
    """What every exercise has: a kind, a title, a check and a worked solution.

    Parameters
    ----------
    title : str
        As in the notebook's heading, e.g. "a signed distance by hand".
    solution : str
        The worked solution in Markdown (LaTeX allowed), shown on request only.
    """

    kind = ""

    def __init__(self, title: str, solution: str):
        for name, text in (("title", title), ("solution", solution)):
            if not isinstance(text, str):
                raise TypeError(f"{name} must be a string; got {text!r}.")
        self.title = title
        self.solution = solution.strip()
        self.answered = False

    def check(self, answer) -> Feedback:
        """The verdict on ``answer``, with the exercise attached for its solution button; never raises."""
        if answer is Ellipsis:
            return self._feedback("unanswered", PLACEHOLDER[0].upper() + PLACEHOLDER[1:])
        feedback = self._judge(answer)
        self.answered = self.answered or feedback.verdict in ("correct", "close", "wrong")
        return feedback

    def revealed(self) -> bool:
        """Whether the cell after the exercise may show its outcome: only once the student has answered.

        A notebook shows the outcome of a predict exercise (or a result that
        answers an exercise) under ``if exercises.<name>.revealed():``. Until the
        exercise has an answer, right or wrong, this prints a line saying so and
        returns False: "Run All" and the stored notebook show no outcome, and a
        student who commits to a guess and runs the cell again sees it.
        """
        if not self.answered:          # one write: print() sends the newline apart, and a notebook may store two outputs
            sys.stdout.write(f"\N{LOCK} Answer the exercise above first (\"{self.title}\"), with any guess; then run "
                             "this cell again to see the outcome.\n")
        return self.answered

    def _judge(self, answer) -> Feedback:
        raise NotImplementedError

    def _feedback(self, verdict: str, message: str) -> Feedback:
        return Feedback(verdict, message, self)

    def show_solution(self):
        """Display the worked solution (what the notebook's "Show the solution" button does), once answered."""
        from IPython.display import Markdown, display
        if not self.answered:
            display(Markdown(f"Answer the exercise first (\"{self.title}\"), with any guess: the solution can settle "
                             "later exercises too."))
            return
        display(Markdown(f"**Solution: {self.title}**\n\n{self.solution}"))

    @property
    def correct_answer(self):
        """An answer the check must call correct (the tests run it)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.kind} exercise: {self.title}>"


def _check_slips(slips) -> None:
    """``slips`` must be (function, hint) pairs: the function gives the slip's value (or result), the hint explains it."""
    if not all(isinstance(slip, (tuple, list)) and len(slip) == 2 and callable(slip[0]) and isinstance(slip[1], str)
               for slip in slips):
        raise TypeError(f"slips must be a list of (function, hint) pairs; got {slips!r}.")
