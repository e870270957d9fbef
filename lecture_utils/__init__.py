"""Companion package of the interactive course on linear classifiers.

Algorithms (numpy only) live in one module each: ``perceptron``,
``losses``, ... ; ``plotting`` draws them and ``widgets`` makes them
interactive. Importing the package is cheap: matplotlib and ipywidgets are
loaded only by the modules that draw.
"""

from .exceptions import ConvergenceWarning

__all__ = ["ConvergenceWarning"]
__version__ = "0.1.0"
