"""What every estimator of the package shares: its parameters and its repr."""

from __future__ import annotations

import inspect


class Estimator:
    """Base class giving an estimator scikit-learn's ``get_params`` and a readable repr.

    Subclasses store each ``__init__`` argument under its own name and do
    nothing else in ``__init__``, as in scikit-learn.
    """

    def get_params(self) -> dict:
        """Return the constructor arguments as a dict, in signature order."""
        names = inspect.signature(type(self).__init__).parameters
        return {name: getattr(self, name) for name in names if name != "self"}

    def __repr__(self) -> str:
        arguments = ", ".join(f"{name}={value!r}" for name, value in self.get_params().items())
        return f"{type(self).__name__}({arguments})"
