"""Drive JupyterLab in headless Chromium: start a server, open a notebook, run it, time widget redraws.

Used by the browser test and by ``make bench``. Playwright drives Debian's
Chromium (``/usr/bin/chromium``); it never downloads a browser of its own.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Installed in the page: the time of each click on a button, and the time the
# image in the same widget first shows new pixels (new src decoded, then painted).
_TIMING_PROBE = """
([button, image]) => {
    window.__timings = [];
    let clicked = null;
    button.addEventListener('click', () => { clicked = performance.now(); }, true);
    new MutationObserver(async () => {
        if (clicked === null) return;
        const start = clicked;
        clicked = null;
        await image.decode();
        requestAnimationFrame(() => window.__timings.push(performance.now() - start));
    }).observe(image, {attributes: true, attributeFilter: ['src']});
}
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def jupyterlab_server(notebooks: Path = NOTEBOOKS):
    """Start JupyterLab on a copy of the notebooks; yield its base URL and token."""
    workdir = Path(tempfile.mkdtemp(prefix="lab-test-"))
    shutil.copytree(notebooks, workdir / "notebooks")
    settings = workdir / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # start the notebook's kernel without asking, and render every cell (not only those in view)
    # so that widgets far down the notebook exist in the page
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none", "autoStartDefaultKernel": true}')
    port, token = _free_port(), secrets.token_hex(16)
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={workdir / 'notebooks'}",
               f"--LabApp.user_settings_dir={workdir / 'settings'}",
               f"--LabApp.workspaces_dir={workdir / 'workspaces'}", "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("JupyterLab did not start within 60 s") from None
                time.sleep(0.3)
        yield url, token
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(workdir, ignore_errors=True)


@contextlib.contextmanager
def browser_page():
    """A Playwright page in headless Debian Chromium, 1400 x 1000 pixels."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport={"width": 1400, "height": 1000})
        finally:
            browser.close()


def _menu(page, menu: str, item: str) -> None:
    page.click(f".lm-MenuBar-itemLabel:text-is('{menu}')")
    page.click(f".lm-Menu-itemLabel:text-is('{item}')")


def open_and_run_all(page, url: str, token: str, notebook: str, timeout_s: float = 180) -> None:
    """Open ``notebook`` alone in JupyterLab, clear its stored outputs, run all cells and wait for the last.

    ``reset`` closes whatever an earlier call left open, so only this notebook's cells are in the page.
    """
    page.goto(f"{url}/lab/tree/{notebook}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(   # the kernel has started and is connected
        "() => /\\|\\s*Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent ?? '')",
        timeout=60_000)
    _menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].some(p => /\\d/.test(p.textContent))")
    for _ in range(3):   # a click too early after the kernel connects can run nothing: retry
        _menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(
                "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].some(p => /[*\\d]/.test(p.textContent))",
                timeout=15_000)
            break
        except PlaywrightTimeout:
            continue
    try:
        page.wait_for_function(  # cells with hidden input show no prompt
            """() => {
                const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                    .map(p => p.textContent.trim()).filter(text => text.length > 0);
                return prompts.length > 0 && prompts.every(text => /\\[\\d+\\]/.test(text));
            }""", timeout=timeout_s * 1000)
    except PlaywrightTimeout:
        shot = Path(tempfile.gettempdir()) / f"failed-{notebook}.png"
        page.screenshot(path=str(shot))
        prompts = page.evaluate("[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent)")
        raise RuntimeError(f"{notebook} did not finish running; prompts {prompts}; screenshot {shot}") from None


def widget_with_button(page, label: str, index: int = 0):
    """The ``index``-th widget box holding a button labelled ``label``, and its image."""
    box = page.locator(".widget-vbox").filter(has=page.locator(f"button:has-text('{label}')")).nth(index)
    box.scroll_into_view_if_needed()
    return box, box.locator("img").first


def time_clicks(page, button, image, clicks: int) -> list[float]:
    """Click ``button`` ``clicks`` times; return each click-to-new-pixels time in ms."""
    page.evaluate(_TIMING_PROBE, [button.element_handle(), image.element_handle()])
    for done in range(1, clicks + 1):
        button.click()
        page.wait_for_function(f"window.__timings.length >= {done}", timeout=20_000)
    return page.evaluate("window.__timings")


def summary(times: list[float]) -> str:
    """Median, minimum and maximum of a list of milliseconds."""
    return f"median {statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f}, n = {len(times)})"
