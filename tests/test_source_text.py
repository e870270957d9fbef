"""The course's sources hold printable text only: a TeX command written into a plain (not raw) string, or a
string run through one more round of escapes, becomes a control character (\\frac a form feed, \\approx a bell,
\\tau and \\text a tab, \\beta a backspace, \\varepsilon a vertical tab, \\rho a carriage return), and a worked
solution then shows garbled formulas."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(path for folder in ("lecture_utils", "notebooks/src", "homework", "publish", "tools", "benchmarks")
                 for path in (ROOT / folder).rglob("*.py"))
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")          # all but the newline; a tab is one too (PEP 8: spaces)


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_source_holds_no_control_character(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found = CONTROL.search(line)
        assert not found, (f"{path.relative_to(ROOT)}:{number} holds {found.group()!r}, a TeX backslash lost? "
                           f"{line.strip()[:80]!r}")
