"""The lock (requirements-lock.txt), pyproject.toml (pip) and environment.yml (conda, Binder) agree."""

import tomllib
from collections import Counter
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
LOCK = [Requirement(line) for line in (ROOT / "requirements-lock.txt").read_text().splitlines()
        if line and line[0] not in "# "]


def pins(requirements):
    """{name: version} of requirements of the form name==version."""
    pinned = {canonicalize_name(requirement.name): str(requirement.specifier) for requirement in requirements}
    assert all(specifier.startswith("==") for specifier in pinned.values())
    return {name: specifier.removeprefix("==") for name, specifier in pinned.items()}


def test_the_lock_holds_one_version_of_each_package_for_every_platform_and_python():
    """So the versions CI tests are the ones every student gets (uv's --fork-strategy fewest)."""
    twice = [name for name, count in Counter(canonicalize_name(requirement.name) for requirement in LOCK).items() if count > 1]
    assert twice == []


def test_the_lock_satisfies_pyproject():
    locked = pins(LOCK)
    for line in PROJECT["dependencies"] + [line for extra in PROJECT["optional-dependencies"].values() for line in extra]:
        requirement = Requirement(line)
        version = locked.get(canonicalize_name(requirement.name))
        assert version and version in requirement.specifier, f"{line}, but the lock has {version}: run `make lock`"


def test_conda_environment_pins_pyproject_dependencies_at_the_locked_versions():
    conda = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert conda["channels"] == ["conda-forge"]
    *conda_packages, pip = conda["dependencies"]
    assert conda_packages == [f"python={PROJECT['requires-python'].removeprefix('>=')}", "pip"]
    from_pip = [Requirement(line) for line in pip["pip"]]
    names = [canonicalize_name(Requirement(line).name) for line in PROJECT["dependencies"]]
    assert pins(from_pip) == {name: pins(LOCK)[name] for name in names}, "run `make lock`"
    assert len(from_pip) == len(names)


def test_binder_installs_the_package_without_an_editable_install():
    post_build = (ROOT / "postBuild").read_text()
    assert "pip install --no-deps ." in post_build
    assert "-e" not in (ROOT / "environment.yml").read_text().split()
