"""The installed version of the course's package, and the check each notebook makes of it first.

A notebook updated by ``git pull`` or nbgitpuller may need a newer package than
the one installed (nbgitpuller updates the files, not the environment). Its first
code cell calls :func:`require`, which stops with how to update instead of letting
a later cell fail on a name the old package lacks.
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version

try:
    #: The version pip installed (pyproject.toml's), so a pulled source tree that was not reinstalled shows its age.
    __version__ = version("lecture-utils")
except PackageNotFoundError:                     # imported from a source tree that was never installed
    __version__ = "0"

_RELEASE = re.compile(r"\d+(\.\d+)*")

HOW_TO_UPDATE = (
    "Update it: in your clone of the course, `git pull` then `make lab` (or `pip install -e .` in the "
    "course's folder); on JupyterHub or Binder, run `%pip install --upgrade ..` in a cell of this notebook "
    "(it installs the course's folder, one up from notebooks/), then Kernel > Restart Kernel. "
    "The README's 'Updating the course' says more.")


def _release(text: str) -> tuple[int, ...]:
    """``"0.2.1"`` as ``(0, 2, 1)``; trailing zeros dropped, so ``"0.2"`` and ``"0.2.0"`` are equal."""
    numbers = [int(part) for part in _RELEASE.match(text).group().split(".")]
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


def require(needed: str) -> None:
    """Stop, saying how to update, if the installed ``lecture_utils`` is older than ``needed``.

    Parameters
    ----------
    needed : str
        The oldest version the notebook works with, e.g. ``"0.2"``.

    Raises
    ------
    ImportError
        The installed package is older, with what to run to update it.
    """
    if not isinstance(needed, str) or not _RELEASE.fullmatch(needed):
        raise ValueError(f"needed must be a version such as \"0.2\" (numbers joined by dots); got {needed!r}.")
    if _release(__version__) < _release(needed):
        raise ImportError(f"This notebook needs lecture_utils {needed} or newer; {__version__} is installed. "
                          + HOW_TO_UPDATE)
