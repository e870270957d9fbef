"""Each notebook reads as one document (issue 37, Notebooks for All): one H1, and headings that never skip a level.

A screen reader's user moves through a page by its headings; a skipped level (an H2 followed by an H4) or a
second H1 breaks that outline. The references are the Markdown sources of the stored notebooks.
"""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def heading_levels(path: Path) -> list[int]:
    """The level of every Markdown heading of the notebook, in order (fenced code left out)."""
    levels = []
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        fenced = False
        for line in "".join(cell["source"]).splitlines():
            fenced ^= line.startswith("```")
            match = re.match(r"(#{1,6}) ", line)
            if match and not fenced:
                levels.append(len(match.group(1)))
    return levels


def test_headings_are_read_as_a_reader_would(tmp_path):
    """Hand-made: a comment in fenced code and a #hashtag are no headings."""
    cells = [{"cell_type": "markdown", "source": ["# Title\n", "#hashtag\n", "## Part\n"]},
             {"cell_type": "code", "source": ["# a comment"]},
             {"cell_type": "markdown", "source": ["```python\n", "# inside code\n", "```\n", "### Step"]}]
    path = tmp_path / "99_example.ipynb"
    path.write_text(json.dumps({"cells": cells}))
    assert heading_levels(path) == [1, 2, 3]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_one_title_and_headings_in_order(path):
    levels = heading_levels(path)
    assert levels[:1] == [1] and levels.count(1) == 1, f"{path.name}: one H1 first, got levels {levels[:5]}..."
    skips = [(index, before, after) for index, (before, after) in enumerate(zip(levels, levels[1:]))
             if after > before + 1]
    assert not skips, f"{path.name}: headings that skip a level (index, from, to): {skips}"
