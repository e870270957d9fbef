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
    """Two PNGs that differ (a widget after many changes against a fresh one): say where their pixels differ,
    which tells more than the first differing byte of the compressed data."""
    signature = b"\x89PNG\r\n\x1a\n"
    if op != "==" or not all(isinstance(side, bytes) and side.startswith(signature) for side in (left, right)):
        return None
    import io

    import numpy as np
    from PIL import Image

    first, second = (np.asarray(Image.open(io.BytesIO(side)).convert("RGBA"), dtype=int) for side in (left, right))
    if first.shape != second.shape:
        return [f"two PNGs of different sizes: {first.shape[1::-1]} != {second.shape[1::-1]} (width, height)"]
    differ = np.argwhere((first != second).any(axis=-1))
    if differ.size == 0:
        return ["two PNGs of the same pixels, encoded differently"]
    (top, left_edge), (bottom, right_edge) = differ.min(axis=0), differ.max(axis=0)
    return [f"two PNGs whose pixels differ: {len(differ)} pixels in rows {top}-{bottom}, columns "
            f"{left_edge}-{right_edge} of {first.shape[1]} x {first.shape[0]}; largest channel difference "
            f"{np.abs(first - second).max()}"]
