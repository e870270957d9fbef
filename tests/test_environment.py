"""environment.yml (conda, Binder) and pyproject.toml (pip) ask for the same things."""

import sys
from pathlib import Path

import yaml
from packaging.requirements import Requirement

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def test_conda_environment_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    conda = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert conda["channels"] == ["conda-forge"]
    from_pip = {Requirement(line).name: str(Requirement(line).specifier) for line in project["dependencies"]}
    from_pip["python"] = project["requires-python"]
    from_conda = {Requirement(line).name: str(Requirement(line).specifier)
                  for line in conda["dependencies"] if line != "pip"}
    assert from_conda == from_pip
    assert "pip" in conda["dependencies"]


def test_binder_installs_the_package_without_an_editable_install():
    post_build = (ROOT / "postBuild").read_text()
    assert "pip install --no-deps ." in post_build
    assert "-e" not in (ROOT / "environment.yml").read_text().split()
