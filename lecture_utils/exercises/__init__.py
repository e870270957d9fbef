"""Self-checks for the notebooks' exercises, one module per notebook, in four kinds.

Each notebook's module (``perceptron``, ``information``, ``mle``, ...) lists its
exercises in ``EXERCISES``: *derive* a number (a whole one for a :class:`Count`),
*implement* a function, *predict* an outcome before seeing it, *explain* one by
picking an option. A check returns a :class:`Feedback`; in a notebook it shows
the verdict and a button for the worked solution, which is written into the page
only when pressed.
"""

from ._core import Choice, Count, Derive, Feedback, Implement, Option

__all__ = ["Feedback", "Derive", "Count", "Implement", "Choice", "Option"]
