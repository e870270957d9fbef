"""A student's work survives an update of the course: no save in JupyterLab touches notebooks/src (no
jupytext pairing), and `make update` (git pull keeping the student's changes) never stops on them.

The browser side (a save in JupyterLab leaves notebooks/src as it was) is in ``test_browser.py``.
"""

import json
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "notebooks/04_logistic_regression.ipynb"
GIT_IDENTITY = {"GIT_AUTHOR_NAME": "course", "GIT_AUTHOR_EMAIL": "course@example.org",
                "GIT_COMMITTER_NAME": "course", "GIT_COMMITTER_EMAIL": "course@example.org"}


def test_no_notebook_is_paired_with_its_source():
    """Pairing (jupytext.toml's or a notebook's own `formats`) would make JupyterLab rewrite notebooks/src."""
    assert "formats" not in tomllib.loads((ROOT / "notebooks" / "jupytext.toml").read_text())
    paired = [path.name for path in (ROOT / "notebooks").glob("*.ipynb")
              if "formats" in json.loads(path.read_text()).get("metadata", {}).get("jupytext", {})]
    assert paired == []


def git(where, *args, env=None):
    return subprocess.run(["git", "-C", str(where), *args], check=True, capture_output=True, text=True,
                          env=env).stdout


def edit(path: Path, cell: int, source: str) -> None:
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[cell].source = source
    nbformat.write(notebook, path)


@pytest.fixture
def course_and_student(tmp_path):
    """The course's repository (its Makefile and notebook 04) and a student's clone of it."""
    if shutil.which("git") is None or shutil.which("make") is None:
        pytest.skip("git and make are needed")
    course, student = tmp_path / "course", tmp_path / "student"
    (course / "notebooks").mkdir(parents=True)
    shutil.copy(ROOT / "Makefile", course)
    shutil.copy(ROOT / NOTEBOOK, course / NOTEBOOK)
    env = {**os.environ, **GIT_IDENTITY}
    git(course, "init", "--quiet", "--initial-branch=main")
    git(course, "add", ".")
    git(course, "commit", "--quiet", "-m", "the course", env=env)
    git(tmp_path, "clone", "--quiet", str(course), str(student))
    return course, student, env


def test_make_update_merges_the_course_into_a_students_edited_notebook(course_and_student):
    course, student, env = course_and_student
    answer = next(i for i, cell in enumerate(nbformat.read(student / NOTEBOOK, as_version=4).cells)
                  if cell.cell_type == "code" and "exercises." in cell.source)
    # the student answers an exercise; the course fixes the title and rewrites the same exercise cell
    edit(student / NOTEBOOK, answer, "my_answer = 2.197   # the student's")
    edit(course / NOTEBOOK, 0, "# 04 · Logistic regression, corrected")
    edit(course / NOTEBOOK, answer, "# the course's new version of the exercise")
    git(course, "commit", "--quiet", "-am", "the course, updated", env=env)

    # a plain `git pull` stops: the student's change would be overwritten
    blocked = subprocess.run(["git", "-C", str(student), "pull", "--no-rebase"], capture_output=True, text=True)
    assert blocked.returncode != 0 and "overwritten" in blocked.stderr

    # `make update` keeps the student's answer and brings in the course's fix, without a conflict
    home = student.parent / "home"                              # no git identity configured: make update sets one
    home.mkdir()
    done = subprocess.run(["make", "-C", str(student), "update"], capture_output=True, text=True,
                          env={"PATH": os.environ["PATH"], "HOME": str(home)})
    assert done.returncode == 0, done.stderr
    merged = nbformat.read(student / NOTEBOOK, as_version=4)
    nbformat.validate(merged)
    assert merged.cells[answer].source == "my_answer = 2.197   # the student's"
    assert merged.cells[0].source == "# 04 · Logistic regression, corrected"
    assert git(student, "status", "--porcelain") == ""
    assert "My work, before updating the course" in git(student, "log", "--format=%s")


def test_each_notebook_checks_the_package_version_first():
    """nbgitpuller updates the notebooks, not the package: each says how to update instead of failing on a name."""
    import jupytext

    import lecture_utils

    for source in sorted((ROOT / "notebooks" / "src").glob("[0-9][0-9]_*.py")):
        first = next(cell for cell in jupytext.read(source).cells if cell.cell_type == "code").source.splitlines()
        assert first[0].startswith("import lecture_utils"), source.name
        assert first[1].startswith('assert hasattr(lecture_utils, "require"), ') and "update" in first[1]
        needed = first[2].removeprefix('lecture_utils.require("').removesuffix('")')
        assert first[2] == f'lecture_utils.require("{needed}")', source.name
        lecture_utils.require(needed)                     # the installed package is new enough
