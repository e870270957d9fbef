"""The four kinds of exercise and the verdict a self-check gives.

- :class:`Derive` asks for a number (or a few) that a derivation gives, and
  :class:`Count` for a whole number (or a few): a count of updates, steps or
  parameters;
- :class:`Implement` runs the student's function on hidden cases;
- :class:`Choice` asks to *predict* an outcome before seeing it, or to
  *explain* one, by picking an option; each wrong option names the
  misconception behind it.

Every exercise knows its worked solution (Markdown, shown only when the
student asks for it, so that no answer is stored in a notebook) and a
correct answer, which the tests run through the check. Whatever the student
passes, and whatever their function does, the check gives a verdict: it
never raises.

How a number is judged
----------------------
Let ``u`` be the place value of the third significant figure of the truth
``t`` (0.01 for 2.197, 0.001 for 0.3666). Each number of an answer is

- **correct** when it agrees with ``t`` to 3 significant figures, rounded
  or cut: within ``u/2`` of ``t`` (``t`` rounded to 3 or more figures: 2.20
  or 2.197 for 2.197), or between ``t`` and ``t`` cut to 3 figures (0.366 for
  0.3666, 2.19 for 2.197). So 2.18 and 2.21 are not correct for 2.197, nor
  0.249 for 0.25. A truth of 0 takes 0 (to 1e-12); an infinite truth takes
  that infinity.
- **close** when it is not correct but right to every figure it shows:
  ``t`` rounded to the answer's own number of significant figures is the
  answer (0.3 for 1/3, 2.2 for 2.236, 0.12 for 0.1192). A tie counts when
  it is rounded the usual way, half away from zero (0.3 for 0.25, 18 for
  17.5), not the other (0.2 for 0.25); a cut to fewer than 3 figures does
  not (0.3 for 0.3666). A whole number of one significant figure is never
  close (2 for 2.32, 20 for 19.7): it reads as an exact count, and "right to
  1 significant figure" would tell a student who counted 2 questions for 5
  letters that the count was nearly right.
- **wrong** otherwise. A wrong answer of 3 or more figures that is one unit
  off in its last figure (-0.191 for -0.190499) is told to check its
  rounding: the method was right, an intermediate was rounded too early.
  A wrong answer of 2 or more figures that is the truth cut short, not
  rounded (0.34 for 0.3499), is told so, and never taken for a usual slip's
  value at those figures.

A float does not remember the zeros a student typed at its end (``0.120 ==
0.12``), so an answer's figures are those of its shortest decimal form, and
its zero-padded reading counts: 2.2 for 2.197 is correct, because 2.20 is.
A close answer is told that its padded reading is not right to 3 figures
("0.12 is right to 2 significant figures, but 0.120 is not right to 3"), so
that a student who typed 0.120 learns that their third figure is off, never
that it is missing: an answer typed with 3 significant figures is never
asked for 3 significant figures.

A vector is judged number by number: correct if all are, close if all are
correct or close (the message names the first close one), wrong otherwise
(the message names the wrong ones). Before "close" or "wrong", a value that
one of the usual slips gives, to 3 significant figures, gets that slip's
hint. A :class:`Count` takes whole numbers only: ``3`` and ``3.0`` are
correct for 3, ``3.2`` and ``2.99`` are wrong, nothing is close.

How a function is judged
------------------------
The student's function is called positionally on a copy of each hidden
case's arguments (so its parameters may have any names, and a lambda does),
under a time limit per case (see :func:`attempt`). Its result is right when
it has the expected structure and shape and its numbers agree with the
expected ones to a relative 1e-6 (an absolute 1e-9 near 0); nan is never
right, an infinity only where one is expected. The first
case it gets wrong is reported with its input, the expected result and what
came back, followed by

- for an exception, its type and message; for no result in time, "did not
  return within 5 s" (and the call is stopped, see :func:`~lecture_utils.exercises._calling._stop`);
- for nan, or an infinity where a finite number is expected, the exercise's
  hint about where such values come from, never a slip's hint: that a slip
  also gives nan says nothing about why the student's function does;
- otherwise the hint of a usual slip that behaves as the student's function
  does on every hidden case (the same results, or the same type of
  exception), or else what is wrong with the result's form (text, None, a
  generator, a wrong shape). A slip that only agrees on the failing case
  gives no hint: two mistakes often coincide on one case.

One module per part: ``_exercise`` (the :class:`Feedback` of a check, the :class:`Exercise` every kind
extends, values shown in messages), ``_numbers`` (reading and grading numbers), ``_answers``
(:class:`Derive`, :class:`Count`, :class:`Choice`), ``_calling`` (a student's function on a hidden case) and
``_implement`` (:class:`Implement`). Every name the exercise modules, the tests and the homework's checks
use is importable from ``_core`` too.
"""

from ._answers import Choice, Count, Derive, Option
from ._calling import TIME_LIMIT, Outcome, attempt, matches
from ._exercise import PLACEHOLDER, PREFIXES, Exercise, Feedback
from ._implement import INF_HINT, NAN_HINT, Implement
from ._numbers import agrees, as_numbers, grade, off_by_one_unit, right_to_its_figures, significant_digits

__all__ = ["Feedback", "Exercise", "Derive", "Count", "Option", "Choice", "Implement", "PREFIXES", "PLACEHOLDER",
           "NAN_HINT", "INF_HINT", "TIME_LIMIT", "Outcome", "attempt", "matches", "as_numbers", "significant_digits",
           "agrees", "right_to_its_figures", "off_by_one_unit", "grade"]
