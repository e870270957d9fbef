"""Drive JupyterLab in headless Chromium: start a server, open a notebook, run it, measure its widgets,
present it as slides, time widget redraws.

Used by the browser tests and by ``make bench``. Playwright drives Debian's
Chromium (``/usr/bin/chromium``); it never downloads a browser of its own.
The server runs with the settings the course installs into the environment
(``jupyter-config/``), as a student's would.
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
from typing import NamedTuple

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: A projector's screen: the size at which every widget must fit.
PROJECTOR = {"width": 1366, "height": 768}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Installed in the page: the time of each click on a button (or key press on a slider), and the time
# the picture of the same widget first shows new pixels (new src decoded, then painted). A picture that a
# newer one replaces while it decodes is never shown (its decode() rejects): the newer one is waited for.
# The widget may show its picture in a new view (FigureView's replacement): the probe follows it.
_TIMING_PROBE = """
([control, image, event]) => {
    window.__timings = [];
    const widget = image.closest('.lecture-widget');
    let clicked = null;
    control.addEventListener(event, () => { clicked = performance.now(); }, true);
    const isPicture = node => node.nodeType === 1 && node.matches('img.lecture-picture, :has(img.lecture-picture)');
    new MutationObserver(async records => {
        if (clicked === null) return;
        if (!records.some(r => r.type === 'attributes' ? isPicture(r.target) : [...r.addedNodes].some(isPicture))) {
            return;                                                    // the status's text, a slider's readout
        }
        const start = clicked;
        clicked = null;
        const picture = widget.querySelector('img.lecture-picture');
        for (let decoding = null; decoding !== picture.src; ) {
            decoding = picture.src;
            try { await picture.decode(); } catch (error) { if (decoding === picture.src) break; }
        }
        requestAnimationFrame(() => window.__timings.push(performance.now() - start));
    }).observe(widget, {subtree: true, childList: true, attributes: true, attributeFilter: ['src']});
}
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Lab(NamedTuple):
    """A running JupyterLab: its base URL, token, and the folder it serves (a copy of the notebooks)."""

    url: str
    token: str
    root: Path


@contextlib.contextmanager
def jupyterlab_server(notebooks: Path = NOTEBOOKS, run_in_root: bool = False):
    """Start JupyterLab on a copy of the notebooks; yield a :class:`Lab`.

    ``run_in_root`` starts the server in that copy, as nbgrader's formgrader needs (it reads the course's
    nbgrader_config.py from the server's working directory), with this Python's scripts first on PATH
    (nbgrader's gradebook runs ``alembic``).
    """
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
               f"--LabApp.workspaces_dir={workdir / 'workspaces'}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    where = {}
    if run_in_root:
        path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
        where = {"cwd": workdir / "notebooks", "env": dict(os.environ, PATH=path)}
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **where)
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
        yield Lab(url, token, workdir / "notebooks")
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(workdir, ignore_errors=True)


@contextlib.contextmanager
def chromium():
    """Headless Debian Chromium, driven by Playwright."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def browser_page(viewport: dict = PROJECTOR):
    """A page in headless Chromium, by default of a projector's size."""
    with chromium() as browser:
        yield browser.new_page(viewport=viewport)


def menu(page, *path: str) -> None:
    """Choose a menu item by its path, e.g. ``menu(page, "View", "Appearance", "Presentation Mode")``."""
    page.click(f".lm-MenuBar-itemLabel:text-is('{path[0]}')")
    for submenu in path[1:-1]:
        page.hover(f".lm-Menu-itemLabel:text-is('{submenu}')")
    page.click(f".lm-Menu-itemLabel:text-is('{path[-1]}')")


def open_and_run_all(page, url: str, token: str, notebook: str, timeout_s: float = 180) -> None:
    """Open ``notebook`` alone in JupyterLab, clear its stored outputs, run all cells and wait for the last.

    ``reset`` closes whatever an earlier call left open, so only this notebook's cells are in the page.
    """
    page.goto(f"{url}/lab/tree/{notebook}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(   # the kernel has started and is connected
        "() => /\\|\\s*Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent ?? '')",
        timeout=60_000)
    menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].some(p => /\\d/.test(p.textContent))")
    for _ in range(3):   # a click too early after the kernel connects can run nothing: retry
        menu(page, "Run", "Run All Cells")
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
    return box, box.locator("img.lecture-picture")


def time_clicks(page, button, image, clicks: int) -> list[float]:
    """Click ``button`` ``clicks`` times; return each click-to-new-pixels time in ms."""
    page.evaluate(_TIMING_PROBE, [button.element_handle(), image.element_handle(), "click"])
    for done in range(1, clicks + 1):
        button.click()
        page.wait_for_function(f"window.__timings.length >= {done}", timeout=20_000)
    return page.evaluate("window.__timings")


def time_keys(page, handle, image, key: str, presses: int) -> list[float]:
    """Press ``key`` on a slider's ``handle`` ``presses`` times; return each key-to-new-pixels time in ms."""
    page.evaluate(_TIMING_PROBE, [handle.element_handle(), image.element_handle(), "keydown"])
    handle.focus()
    for done in range(1, presses + 1):
        page.keyboard.press(key)
        page.wait_for_function(f"window.__timings.length >= {done}", timeout=20_000)
    return page.evaluate("window.__timings")


def summary(times: list[float]) -> str:
    """Median, minimum and maximum of a list of milliseconds."""
    return f"median {statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f}, n = {len(times)})"


# Every course widget of the open notebook (controls, figure and status): its height, its picture's
# width as shown and as drawn (at 2x), and the height of the notebook's visible area.
_WIDGET_BOXES = """
() => {
    const view = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
    return [...document.querySelectorAll('.jp-OutputArea-output .lecture-widget')].map(box => {
        const image = box.querySelector('img.lecture-picture');
        return {
            name: [...box.classList].find(c => c.startsWith('lecture-widget-')).slice('lecture-widget-'.length),
            height: box.getBoundingClientRect().height,
            shownWidth: image.getBoundingClientRect().width,
            naturalWidth: image.naturalWidth,
            visibleHeight: view.clientHeight,
        };
    });
}
"""


def widget_boxes(page) -> list[dict]:
    """Measure every course widget of the open notebook once its pictures have loaded."""
    page.wait_for_function("""() => [...document.querySelectorAll('.lecture-widget img.lecture-picture')]
        .every(image => image.complete && image.naturalWidth > 0)""", timeout=20_000)
    return page.evaluate(_WIDGET_BOXES)


def cell_of(element):
    """The notebook cell that holds ``element`` (a locator)."""
    return element.locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' jp-Cell ')][1]")


def on_screen(box) -> dict:
    """Where a widget's box lies on the screen: its top and bottom, and the screen's height."""
    return box.evaluate("""box => ({top: box.getBoundingClientRect().top, bottom: box.getBoundingClientRect().bottom,
                                   screen: window.innerHeight})""")


class LabPage:
    """One browser page on one JupyterLab server, shared by the browser tests.

    :meth:`open` runs a notebook only if it is not the one already open, so tests of the
    same notebook reuse one run.
    """

    def __init__(self, lab: Lab, page):
        self.lab, self.page, self.notebook = lab, page, None

    def open(self, notebook: str) -> None:
        if notebook != self.notebook:
            self.notebook = None
            open_and_run_all(self.page, self.lab.url, self.lab.token, notebook)
            self.notebook = notebook

    def presentation_mode(self) -> None:
        """Switch JupyterLab's Presentation Mode on or off (View -> Appearance -> Presentation Mode)."""
        menu(self.page, "View", "Appearance", "Presentation Mode")

    def slides_from(self, cell) -> None:
        """Present the open notebook as slides (jupyterlab-slideshow), starting at ``cell``'s slide."""
        cell.locator(".jp-InputPrompt").first.click()           # select it; the deck starts at the active cell
        self.page.locator("[data-command='deck:toggle']").first.click()
        self.page.wait_for_selector("body[data-jp-deck-mode='presenting']", state="attached")

    def widgets_on_slides(self) -> list[dict]:
        """Present each course widget's slide in turn: where the widget lies on the screen when the slide
        opens (``opened``), and once scrolled into view as a presenter would (``scrolled``)."""
        found = []
        for index in range(self.page.locator(".lecture-widget").count()):
            box = self.page.locator(".lecture-widget").nth(index)
            self.slides_from(cell_of(box))
            try:
                opened = on_screen(box)
                box.evaluate("box => box.scrollIntoView({block: 'nearest'})")
                found.append({"opened": opened, "scrolled": on_screen(box)})
            finally:
                self.stop_slides()
        return found

    def stop_slides(self) -> None:
        self.page.keyboard.press("Escape")
        self.page.wait_for_selector("body:not([data-jp-deck-mode='presenting'])", state="attached")
