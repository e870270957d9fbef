"""Shared fixtures of the browser tests: one Chromium and one JupyterLab server for the whole run."""

import os

import pytest

from lab_session import CHROMIUM, PROJECTOR, LabPage, chromium, jupyterlab_server


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
