"""The exercises answered with a value: :class:`Derive` (a number or a few), :class:`Count` (whole numbers) and
:class:`Choice` (an option, to predict or explain)."""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .._validation import check_option
from ._exercise import Exercise, Feedback, _check_slips, _listed, _shown
from ._numbers import _too_large, as_numbers, cut_to_its_figures, grade, off_by_one_unit, significant_digits


class Derive(Exercise):
    """A number, or a short vector of numbers, that a derivation or hand computation gives.

    Each number is judged as the docstring of ``_core`` says: correct to 3
    significant figures (rounded or cut), close when right only to the fewer
    figures it shows, wrong otherwise; a value that one of the usual slips
    gives gets that slip's hint, to 3 significant figures or, when it is not
    close to the truth, to the 2 or more it shows.

    Parameters
    ----------
    title, solution : str
    truth : callable
        Computes the right value (with the package, so it is independent of
        the hand solution in ``answer``); called once, on the first check.
    answer : float or sequence
        The hand solution, as the worked solution states it.
    what, example : str
        How to ask for it, e.g. ``"the distance r"`` and ``"-1.25"``.
    praise : str or callable
        Confirmation, or a function of the true value giving it.
    slips : list of (callable, str)
        Each usual mistake: a function computing the value it gives, and its hint.
    advice : str or callable
        The hint for any other wrong value, or a function of the answer giving it.
    names : sequence of str
        The name of each number of a vector answer (required when there are
        several), used in the messages.
    kind : {"derive", "predict"}
    within : (float, float), optional
        The range every part of a possible answer lies in (``(0, 1)`` for
        probabilities): an answer outside it (and no usual slip) is "invalid".
    """

    def __init__(self, title, solution, *, truth, answer, what, example, praise, slips=(), advice="",
                 names=None, kind="derive", within=None):
        super().__init__(title, solution)
        self.kind = check_option(kind, "kind", ("derive", "predict"))
        _check_slips(slips)
        if within is not None and not (len(within) == 2 and within[0] < within[1]):
            raise ValueError(f"within must be a range (low, high) with low < high; got {within!r}.")
        if np.size(answer) > 1 and (names is None or len(names) != np.size(answer)):
            raise ValueError(f"names must name each of the {np.size(answer)} parts of the answer; got {names!r}.")
        self._truth, self._answer = truth, answer
        self.what, self.example, self.praise, self.advice = what, example, praise, advice
        self.slips = list(slips)
        self.names, self.within = names, within

    @property
    def truth(self) -> np.ndarray:
        """The right value, as a float array (shape ``()`` for one number)."""
        if callable(self._truth):
            self._truth = np.asarray(self._truth(), dtype=float)
        return self._truth

    @property
    def correct_answer(self):
        return self._answer

    def slip_values(self) -> list[tuple[np.ndarray, str]]:
        """Each slip's value and hint, skipping slips that happen to give the right value here."""
        values = [(np.asarray(slip(), dtype=float), hint) for slip, hint in self.slips]
        return [(value, hint) for value, hint in values if not self._right(value, self.truth)]

    def _grade(self, value: float, truth: float) -> str:
        """The verdict on one number: see :func:`grade`."""
        return grade(value, truth)

    def _grades(self, value: np.ndarray, truth: np.ndarray) -> list[str]:
        return [self._grade(float(v), float(t)) for v, t in zip(np.ravel(value), np.ravel(truth))]

    def _right(self, value: np.ndarray, truth: np.ndarray) -> bool:
        return all(verdict == "correct" for verdict in self._grades(value, truth))

    def _judge(self, answer) -> Feedback:
        value = as_numbers(answer.limit_denominator() if isinstance(answer, Fraction) else answer,
                           self.truth.shape)
        if value is None:
            return self._invalid(answer)
        grades = self._grades(value, self.truth)
        if all(verdict == "correct" for verdict in grades):
            return self._feedback("correct", self._praise())
        slips = self.slip_values()
        for slip, hint in slips:
            if self._right(value, slip):
                return self._feedback("wrong", hint)
        if self.within is not None and not np.all((self.within[0] <= value) & (value <= self.within[1])):
            low, high = self.within                          # (a usual slip out of range gets its hint above)
            return self._feedback("invalid", f"{self.what} must lie in [{low:g}, {high:g}]; got {_shown(answer)}.")
        if "wrong" not in grades:
            return self._feedback("close", self._too_few_figures(value, grades.index("close")))
        if self._cut_short(value):
            return self._feedback("wrong", f"Every figure of {_shown(answer)} is right, but it is cut short, not "
                                  "rounded: give 3 significant figures, rounded.")
        for slip, hint in slips:
            if self._slip_to_its_figures(value, slip):
                return self._feedback("wrong", hint)
        rounded_early = self._rounded_early(value, grades)
        if rounded_early:
            return self._feedback("wrong", rounded_early)
        return self._feedback("wrong", self._advice(value, grades))

    def _rounded_early(self, value: np.ndarray, grades: list[str]) -> str:
        """The message for an answer whose only wrong numbers are one unit off in their last figure ("" if not)."""
        wrong = [index for index, verdict in enumerate(grades) if verdict == "wrong"]
        values, truths = np.ravel(value), np.ravel(self.truth)
        if not all(self._one_unit_off(float(values[i]), float(truths[i])) for i in wrong):
            return ""
        shown = ", ".join(f"{values[i]:g}" if self.truth.shape == () else f"{self.names[i]} = {values[i]:g}"
                          for i in wrong)
        return (f"{shown} is one unit off in its last figure: the method looks right, but an intermediate value "
                "was rounded too early. Carry at least 5 significant figures through the steps and round only "
                "the result.")

    def _one_unit_off(self, value: float, truth: float) -> bool:
        return off_by_one_unit(value, truth)

    def _cut_short(self, value: np.ndarray) -> bool:
        """Whether every number of ``value`` is the truth cut, not rounded, to the figures it shows."""
        return all(cut_to_its_figures(float(v), float(t)) for v, t in zip(np.ravel(value), np.ravel(self.truth)))

    def _slip_to_its_figures(self, value: np.ndarray, slip: np.ndarray) -> bool:
        """Whether ``value`` is a slip's value given to fewer figures (-4.8 for -4.789): each number right to every
        figure it shows, and at least 2 of them (a single figure fits too many values to name the slip)."""
        return all(verdict == "correct" or (verdict == "close" and significant_digits(v) >= 2)
                   for v, verdict in zip(np.ravel(value), self._grades(value, slip)))

    def _invalid(self, answer) -> Feedback:
        shape = "one number" if self.truth.shape == () else f"{self.truth.size} numbers, as a list"
        infinite = " (type float('inf') for an infinite value)" if np.any(np.isinf(self.truth)) else ""
        return self._feedback("invalid", f"give {self.what} as {shape}{infinite}, e.g. {self.example}; "
                                         f"got {_shown(answer)}{_reading_note(answer)}.")

    def _praise(self) -> str:
        return self.praise(self.truth) if callable(self.praise) else self.praise

    def _too_few_figures(self, value: np.ndarray, index: int) -> str:
        """The message of a close answer, about its first number that is right only to fewer than 3 figures."""
        number = float(np.ravel(value)[index])
        figures = significant_digits(number)
        shown = f"{number:g}" if self.truth.shape == () else f"{self.names[index]} = {number:g}"
        padded = f"{number:#.3g}".rstrip(".")
        return (f"{shown} is right to {figures} significant figure{'' if figures == 1 else 's'}, but {padded} "
                "is not right to 3: work out 3 significant figures (e.g. 0.123 or 12.3).")

    def _advice(self, value: np.ndarray, grades: list[str]) -> str:
        advice = self.advice(value) if callable(self.advice) else self.advice
        if self.truth.shape == ():
            return advice
        wrong = [name for name, verdict in zip(self.names, grades) if verdict == "wrong"]
        return f"Check {_listed(wrong)}. {advice}".strip()


def _reading_note(answer) -> str:
    """Why an answer that looks like a number is not read as one: beyond floating point, or text ("" otherwise)."""
    if _too_large(answer):
        return f" (beyond floating point, whose largest number is about {sys.float_info.max:.1e})"
    if isinstance(answer, str):
        try:
            return " (text: type the number without quotes)" if math.isfinite(float(answer)) else ""
        except ValueError:
            return ""
    return ""


class Count(Derive):
    """A whole number, or a few: a count of updates, steps or parameters.

    ``3``, ``3.0`` and ``np.int64(3)`` are right for 3; a number that is not
    whole (``3.2``, ``2.99``) is wrong whatever it is near, and nothing is
    close: a count has no figures to round. Takes the parameters of
    :class:`Derive`; ``truth`` must give whole numbers.
    """

    @property
    def truth(self) -> np.ndarray:
        truth = super().truth
        if np.any(truth != np.round(truth)):
            raise ValueError(f"the truth of the count {self.title!r} must be whole numbers; got {truth}.")
        return truth

    def _grade(self, value: float, truth: float) -> str:
        return "correct" if value == truth else "wrong"

    def _one_unit_off(self, value: float, truth: float) -> bool:
        return False                                         # a count has no rounding to slip on

    def _cut_short(self, value: np.ndarray) -> bool:
        return False                                         # nor to cut short (10 is no cut 19)

    def _judge(self, answer) -> Feedback:
        value = as_numbers(answer, self.truth.shape)
        if value is not None and np.allclose(value, np.round(value), rtol=1e-12, atol=0):
            answer = np.round(value)                         # 399.99999999999994 from 16 / 0.2**2 is 400
        value = as_numbers(answer, self.truth.shape)
        if value is not None and np.any(value != np.round(value)):
            whole = "is a whole number" if value.ndim == 0 else "are whole numbers"
            typed = ", ".join(repr(float(number)) for number in np.ravel(value))     # 399.9999, not "400"
            return self._feedback("wrong", f"{self.what[0].upper()}{self.what[1:]} {whole}; got {typed}.")
        return super()._judge(answer)


@dataclass(frozen=True)
class Option:
    """One option of a :class:`Choice`: whether it is right, and what picking it says."""

    correct: bool
    feedback: str


class Choice(Exercise):
    """Pick one option by its letter: *predict* before running, or *explain* after.

    Parameters
    ----------
    title, solution : str
    options : dict of str to Option
        Keyed by letter ("a", "b", ...); the options' texts are in the
        notebook, each wrong option's feedback names the misconception.
    kind : {"explain", "predict"}
    """

    def __init__(self, title, solution, *, options: dict, kind="explain"):
        super().__init__(title, solution)
        if not isinstance(options, dict) or not all(isinstance(letter, str) and isinstance(option, Option)
                                                    for letter, option in options.items()):
            raise TypeError(f"options must be a dict of letters to Option(correct, feedback); got {options!r}.")
        if sum(option.correct for option in options.values()) != 1:
            raise ValueError(f"exactly one option of {title!r} must be correct")
        self.kind, self.options = check_option(kind, "kind", ("explain", "predict")), options

    @property
    def correct_answer(self) -> str:
        return next(letter for letter, option in self.options.items() if option.correct)

    def _judge(self, answer) -> Feedback:
        letters = ", ".join(self.options)
        letter = answer.strip().strip("()").lower() if isinstance(answer, str) else None
        if letter not in self.options:
            return self._feedback("invalid", f"answer with one of the letters {letters}, as a string "
                                             f"such as \"{next(iter(self.options))}\"; got {_shown(answer)}.")
        option = self.options[letter]
        return self._feedback("correct" if option.correct else "wrong", option.feedback)
