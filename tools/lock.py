"""What is derived from the lock, requirements-lock.txt (which `make lock` writes with uv).

    python tools/lock.py environment   writes environment.yml: Python and pip from conda-forge, then
                                       pyproject's dependencies from pip at the lock's versions (`make lock`)
    python tools/lock.py versions      prints the Python and the dependencies installed, each with the
                                       lock's version beside it where they differ (`make test-latest`)
    python tools/lock.py wheels        asks PyPI whether every locked version has a wheel (or is pure Python)
                                       for each Python from 3.11 to the newest on Linux, macOS and Windows, and
                                       fails naming those that would have to be built from source (`make lock`)
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


#: The Pythons the lock must install on without building a package, from requires-python to the newest released.
PYTHONS = ["3.11", "3.12", "3.13", "3.14", "3.15"]
#: The marker values of each platform, and how its wheels' platform tags begin.
PLATFORMS = {"linux": ({"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"}, ("manylinux", "musllinux")),
             "macOS": ({"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix"}, ("macosx",)),
             "Windows": ({"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt"}, ("win",))}


def locked_requirements(python=None, platform_markers=None) -> list:
    """The lock's requirements (name==version) that apply to a Python (``"3.11"``; by default the one running) on a
    platform (marker values, e.g. ``PLATFORMS["Windows"][0]``; by default this one). The lock holds one version of
    each package for every platform and each Python, and a few differ between Pythons: where the newest release for
    3.12 and later dropped 3.11 (numpy, scipy), whose version for 3.11 has no wheels for the newest Python."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    environment = default_environment() | (platform_markers or {})
    if python is not None:
        environment |= {"python_version": python, "python_full_version": f"{python}.99"}   # its newest release
    lines = (ROOT / "requirements-lock.txt").read_text().splitlines()
    requirements = [Requirement(line) for line in lines if line and line[0] not in "# "]
    return [requirement for requirement in requirements
            if requirement.marker is None or requirement.marker.evaluate(environment)]


def locked_versions(python=None, platform_markers=None) -> dict:
    """{name: version} of :func:`locked_requirements`."""
    return {name_of(requirement.name): str(requirement.specifier).removeprefix("==")
            for requirement in locked_requirements(python, platform_markers)}


def write_environment():
    python = re.search(r"\d+\.\d+", PROJECT["requires-python"])[0]   # ">=3.11": the Python CI tests
    locked = locked_versions(python)
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


def _installs_without_building(wheel: str, python: str, platform_tags) -> bool:
    """Whether a wheel's file name (name-version-python-abi-platform.whl) fits a CPython and a platform."""
    pythons, abi, platforms = wheel.removesuffix(".whl").split("-")[-3:]
    cpython = "cp" + python.replace(".", "")
    fits_python = any(tag.startswith("py3") or tag == cpython or (abi == "abi3" and tag.startswith("cp3")
                                                                   and int(tag[3:]) <= int(cpython[3:]))
                      for tag in pythons.split("."))
    return fits_python and (platforms == "any" or platforms.startswith(platform_tags))


def check_wheels():
    import json
    from urllib.request import Request, urlopen

    wheels, missing = {}, []
    for python in PYTHONS:
        for platform_name, (markers, platform_tags) in PLATFORMS.items():
            for name, locked in sorted(locked_versions(python, markers).items()):
                if (name, locked) not in wheels:
                    request = Request(f"https://pypi.org/simple/{name}/",
                                      headers={"Accept": "application/vnd.pypi.simple.v1+json"})
                    files = json.load(urlopen(request, timeout=60))["files"]
                    wheels[name, locked] = [f["filename"] for f in files
                                            if f["filename"].endswith(".whl") and f"-{locked}-" in f["filename"]]
                if not any(_installs_without_building(wheel, python, platform_tags) for wheel in wheels[name, locked]):
                    missing.append(f"{name}=={locked} on Python {python}, {platform_name}")
    if missing:
        sys.exit("no wheel for (pip would have to build these from source):\n  " + "\n  ".join(missing))
    print(f"every locked version has a wheel for Python {', '.join(PYTHONS)} on {', '.join(PLATFORMS)}")


if __name__ == "__main__":
    {"environment": write_environment, "versions": print_versions, "wheels": check_wheels}[sys.argv[1]]()
