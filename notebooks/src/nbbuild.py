"""Build a notebook from its text source in this folder (one ``NN_name.py`` per notebook).

A source is a script of ``md(...)`` and ``code(...)`` calls, so a notebook's text can
be reviewed and edited as plain Python. ``make notebooks`` builds every notebook and
executes it; ``tests/test_notebook_sources.py`` checks that each committed notebook
still has exactly the cells its source describes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat


class Builder:
    """Collects cells: markdown or code, with slide type, nbval tags and hidden input."""

    def __init__(self):
        self.cells = []

    def _next_id(self) -> str:
        """Stable cell ids (``cell-000``, ...), so that rebuilding a notebook changes no id."""
        return f"cell-{len(self.cells):03d}"

    def md(self, text: str, slide: str = "-") -> None:
        """A Markdown cell; ``slide`` is its reveal.js type ("slide", "subslide", "-", ...)."""
        cell = nbformat.v4.new_markdown_cell(text.strip("\n"), id=self._next_id())
        cell.metadata["slideshow"] = {"slide_type": slide}
        self.cells.append(cell)

    def code(self, source: str, tags=(), hidden: bool = False, slide: str = "-") -> None:
        """A code cell; ``hidden`` collapses its input (exercise solutions)."""
        cell = nbformat.v4.new_code_cell(source.strip("\n"), id=self._next_id())
        cell.metadata["slideshow"] = {"slide_type": slide}
        if tags:
            cell.metadata["tags"] = list(tags)
        if hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        self.cells.append(cell)

    def notebook(self, title: str) -> nbformat.NotebookNode:
        """The cells as an unexecuted notebook for the python3 kernel."""
        notebook = nbformat.v4.new_notebook()
        notebook.cells = self.cells
        notebook.metadata = {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "title": title,
        }
        return notebook

    def save(self, source_file: str, title: str) -> None:
        """Write ``notebooks/<name>.ipynb`` for the source ``<name>.py``, or the path given as argv[1]."""
        default = Path(source_file).resolve().parent.parent / (Path(source_file).stem + ".ipynb")
        nbformat.write(self.notebook(title), sys.argv[1] if len(sys.argv) > 1 else default)
