"""What is derived from the lock, requirements-lock.txt (which `make lock` writes with uv).

    python tools/lock.py environment   writes environment.yml: Python and pip from conda-forge, then
                                       pyproject's dependencies from pip at the lock's versions (`make lock`)
    python tools/lock.py versions      prints the Python and the dependencies installed, each with the
                                       lock's version beside it where they differ (`make test-latest`)
"""

import platform
import re
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def name_of(requirement):
    """The normalised name (PEP 503) of the package in a requirement such as 'scikit_learn>=1.8'."""
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9._-]+", requirement)[0]).lower()


def locked_versions():
    """{name: version} of the lock; it holds one version of each package, for every platform and Python."""
    lines = (ROOT / "requirements-lock.txt").read_text().splitlines()
    pins = [line.split(";")[0].strip().split("==") for line in lines if line and line[0] not in "# "]
    return {name_of(name): version for name, version in pins}


def write_environment():
    python = re.search(r"\d+\.\d+", PROJECT["requires-python"])[0]   # ">=3.11": the Python CI tests
    locked = locked_versions()
    pins = "".join(f"      - {name_of(line)}=={locked[name_of(line)]}\n" for line in PROJECT["dependencies"])
    (ROOT / "environment.yml").write_text(f"""\
# The course's dependencies for conda and Binder (repo2docker) at the versions of requirements-lock.txt:
# conda-forge gives Python and pip, pip installs the rest from PyPI as `make lab` does.
# Written by `make lock` (tools/lock.py) and checked by tests/test_environment.py: do not edit by hand.
# Binder then runs postBuild, which installs lecture_utils itself.
name: linear-classifiers
channels:
  - conda-forge
dependencies:
  - python={python}
  - pip
  - pip:
{pins}""")


def print_versions():
    locked = locked_versions()
    print(f"{'python':24} {platform.python_version()}")
    for line in PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]:
        name = name_of(line)
        installed = version(name)
        print(f"{name:24} {installed}" + ("" if installed == locked.get(name) else f"   (lock: {locked.get(name)})"))


if __name__ == "__main__":
    {"environment": write_environment, "versions": print_versions}[sys.argv[1]]()
