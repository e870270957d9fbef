"""Companion package of the interactive course on linear classifiers.

Algorithms (numpy and scipy only) live in one module each: ``perceptron``,
``losses``, ``probability``, ``information``, ``mle``, ...; ``plotting`` draws them,
``widgets`` makes them interactive and ``exercises`` checks students' answers.
Importing the package is cheap: matplotlib and ipywidgets are
loaded only by the modules that draw.
"""

from ._memory import release_after_each_cell
from ._version import __version__, require
from .exceptions import ConvergenceWarning, DivergenceWarning, FoldWarning, SeparationWarning

release_after_each_cell()

__all__ = ["ConvergenceWarning", "DivergenceWarning", "FoldWarning", "SeparationWarning", "require"]
