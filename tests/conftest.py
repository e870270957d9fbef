"""Settings of every test, and the fixtures of the browser tests: one Chromium and one JupyterLab server for the
whole run."""

import os

import pytest
from hypothesis import settings

from lab_session import CHROMIUM, PROJECTOR, LabPage, chromium, jupyterlab_server

# No time limit per example: on a loaded machine (both cores busy) an honest example can take longer than
# hypothesis' default 200 ms, and a test must not fail for the machine's load.
settings.register_profile("course", deadline=None)
settings.load_profile("course")


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium; without it the browser tests are skipped, except under CI where they must run."""
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM}: install it with `apt-get install chromium` for the browser tests"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (under CI they must run)")
        pytest.skip(message)
    with chromium() as running:
        yield running


@pytest.fixture(scope="session")
def lab(browser):
    """JupyterLab on a copy of the notebooks, and a page of a projector's size open on it."""
    with jupyterlab_server() as server:
        page = browser.new_page(viewport=PROJECTOR)
        yield LabPage(server, page)
        page.close()


def pytest_assertrepr_compare(op, left, right):
    """Two pictures that differ (a widget after many changes against a fresh one): say where their pixels differ."""
    from pictures import Picture

    if op == "==" and isinstance(left, Picture) and isinstance(right, Picture):
        return [left.differences(right)]
    return None
