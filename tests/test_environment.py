"""The lock (requirements-lock.txt), pyproject.toml (pip) and environment.yml (conda, Binder) agree."""

import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import lock  # noqa: E402  (tools/lock.py: the lock's requirements for a Python and platform)

PYTHONS = lock.PYTHONS
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def pins(requirements):
    """{name: version} of requirements of the form name==version."""
    pinned = {canonicalize_name(requirement.name): str(requirement.specifier) for requirement in requirements}
    assert all(specifier.startswith("==") for specifier in pinned.values())
    return {name: specifier.removeprefix("==") for name, specifier in pinned.items()}


@pytest.mark.parametrize("python", PYTHONS)
def test_the_lock_holds_one_version_of_each_package_for_each_platform_and_python(python):
    """CI tests the versions of Python 3.11; those of 3.12 and later differ only where a package's newest release
    dropped 3.11 (numpy, scipy): `make test PYTHON=python3.13` tests them."""
    for markers, _ in lock.PLATFORMS.values():
        names = Counter(canonicalize_name(requirement.name) for requirement in lock.locked_requirements(python, markers))
        assert [name for name, count in names.items() if count > 1] == []


def test_the_pythons_share_their_versions_but_where_they_cannot():
    oldest = pins(lock.locked_requirements(PYTHONS[0]))
    differ = {name for python in PYTHONS[1:] for name, version in pins(lock.locked_requirements(python)).items()
              if oldest.get(name, version) != version}
    assert differ <= {"numpy", "scipy", "contourpy"}, "a package differs between Pythons without need: make lock"


@pytest.mark.parametrize("python", PYTHONS)
def test_the_lock_satisfies_pyproject(python):
    locked = pins(lock.locked_requirements(python))
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
    assert pins(from_pip) == {name: pins(lock.locked_requirements(PYTHONS[0]))[name] for name in names}, "run `make lock`"
    assert len(from_pip) == len(names)


def test_binder_installs_the_package_without_an_editable_install():
    post_build = (ROOT / "postBuild").read_text()
    assert "pip install --no-deps ." in post_build
    assert "-e" not in (ROOT / "environment.yml").read_text().split()


@pytest.mark.parametrize("wheel, python, platform, fits", [
    ("numpy-2.4.6-cp314-cp314-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl", "3.14", "linux", True),
    ("numpy-2.4.6-cp314-cp314-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl", "3.15", "linux", False),
    ("numpy-2.4.6-cp314-cp314-manylinux_2_27_x86_64.whl", "3.14", "Windows", False),
    ("psutil-7.2.2-cp36-abi3-win_amd64.whl", "3.15", "Windows", True),            # the stable ABI: any later CPython
    ("tornado-6.6.1-cp311-abi3-macosx_10_9_universal2.whl", "3.11", "macOS", True),
    ("tornado-6.6.1-cp311-abi3-macosx_10_9_universal2.whl", "3.15", "linux", False),
    ("six-1.17.0-py2.py3-none-any.whl", "3.15", "Windows", True),                 # pure Python
])
def test_a_wheel_fits_the_pythons_and_platforms_its_tags_name(wheel, python, platform, fits):
    assert lock._installs_without_building(wheel, python, lock.PLATFORMS[platform][1]) == fits
