"""A class on a real JupyterHub: students open notebook 01 at the same moment and move a widget (run by bench_hub).

Run with the hub's environment (``make hub`` makes ``.venv-hub``): ``.venv-hub/bin/python benchmarks/hub_class.py
[students]``. One hub (``tests/hub_session.py``) and one headless Chromium with a browser context per student; all
at once, each student clicks the README's nbgitpuller link (the course is cloned into their home, notebook 01
opens), runs all its cells, and presses the perceptron stepper's Step button ``PRESSES / 2`` times, then moves its
slider back as many steps (the left arrow key), each timed from the press to the widget's new pixels on screen (the
probe of ``tests/lab_session.py``). A press whose pixels never show, or a student whose page never gets that far,
is counted and kept with what the page showed; the class goes on. Then the memory of each student's server and
kernel, as the hub's processes see it (resident now, and the kernel's peak). Then one student runs every notebook
in turn, leaving each open: each kernel's peak when its last cell is done, then the server and the seven kernels
together.
Prints one JSON object on its last line for bench_hub.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests")]

from playwright.async_api import TimeoutError as PlaywrightTimeout  # noqa: E402

import hub_session  # noqa: E402
from process_memory import memory_of, together_mb  # noqa: E402
from lab_session import _TIMING_PROBE, CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, PROJECTOR  # noqa: E402

PRESSES = 10
#: A press whose new pixels have not shown after this long is counted as lost (and what the page showed is kept).
LOST_AFTER_S = 120
_WHAT_THE_PAGE_SHOWS = """box => ({focused: document.activeElement?.className ?? null, in_page: box.isConnected,
    slider: box.querySelector('.noUi-handle')?.getAttribute('aria-valuenow') ?? null,
    status: box.querySelector('.lecture-status')?.textContent ?? null,
    picture: box.querySelector('img.lecture-picture')?.src ?? null,
    status_bar: document.querySelector('#jp-main-statusbar')?.textContent ?? null})"""
NOTEBOOK_01 = f"{hub_session.COURSE}/notebooks/01_perceptron.ipynb"
_IDLE = "() => /\\|\\s*Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent ?? '')"
_ALL_RUN = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
        .map(p => p.textContent.trim()).filter(text => text.length > 0);
    return prompts.length > 0 && prompts.every(text => /\\[\\d+\\]/.test(text));
}"""


async def menu(page, *path: str) -> None:
    await page.click(f".lm-MenuBar-itemLabel:text-is('{path[0]}')")
    await page.click(f".lm-Menu-itemLabel:text-is('{path[-1]}')")


async def run_all(page, timeout_s: float) -> None:
    await page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout_s * 1000)
    await page.wait_for_function(_IDLE, timeout=timeout_s * 1000)
    for _ in range(3):                    # a click too early after the kernel connects can run nothing: retry
        await menu(page, "Run", "Run All Cells")
        try:
            await page.wait_for_function("() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                                         ".some(p => /\\*/.test(p.textContent))", timeout=20_000)
            break
        except Exception:
            continue
    await page.wait_for_function(_ALL_RUN, timeout=timeout_s * 1000)


async def log_in(page, hub, name: str) -> None:
    await page.goto(f"{hub.url}/hub/login")
    await page.fill("input[name=username]", name)
    await page.fill("input[name=password]", "anything")
    await page.click("input[type=submit], button[type=submit]")
    await page.wait_for_url(lambda url: "/hub/login" not in url)


async def student(browser, hub, name: str, link: str, start: asyncio.Event, log: dict, ready: list,
                  logins: asyncio.Semaphore) -> None:
    """One student: log in, wait for the class, click the link, run notebook 01 and time the stepper's presses.
    What stops a student (a page that never finishes loading) is written in their log, and the class goes on."""
    context = await browser.new_context(viewport=PROJECTOR)
    context.set_default_timeout(600_000)          # twenty at once on a small machine: slow, but not stuck
    context.set_default_navigation_timeout(600_000)
    page = await context.new_page()
    log[name] = {"latencies_ms": [], "lost": [], "errors": []}
    page.on("console", lambda message: message.type == "error" and log[name]["errors"].append(message.text[:200]))
    async with logins:                            # a few at a time: logging in is not what is measured
        await log_in(page, hub, name)
    ready.append(name)
    if len(ready) == ready[0]:            # the last to log in starts the class: everyone clicks at once
        start.set()
    await start.wait()
    try:
        await open_run_and_press(page, link, log[name])
    except Exception as error:
        log[name]["failed"] = f"{type(error).__name__}: {str(error).splitlines()[0][:300]}"
    await context.close()


async def open_run_and_press(page, link: str, entry: dict) -> None:
    """Click the README's link, run notebook 01, then press the stepper's Step button ``PRESSES / 2`` times and
    its slider's left arrow as many: each press's time to new pixels in ``entry["latencies_ms"]``; a press whose
    pixels do not show within ``LOST_AFTER_S`` in ``entry["lost"]`` (what the page showed then)."""
    began = time.perf_counter()
    await page.goto(link, timeout=600_000)                       # the README's link: clone, then notebook 01
    await page.wait_for_url("**/lab/tree/**", timeout=600_000)
    await run_all(page, 900)
    entry["open_and_run_s"] = time.perf_counter() - began
    box = page.locator(".widget-vbox").filter(has=page.locator("button:has-text('Step')")).first
    await box.scroll_into_view_if_needed()
    image, button = box.locator("img.lecture-picture"), box.locator("button:has-text('Step')")
    handle = box.locator(".noUi-handle").first

    async def slider_left():
        await handle.focus()          # as a student clicks the handle first: a late cell's output may take the focus
        await page.keyboard.press("ArrowLeft")

    for control, event, act in ((button, "click", button.click), (handle, "keydown", slider_left)):
        await page.evaluate(_TIMING_PROBE, [await control.element_handle(), await image.element_handle(), event])
        for _ in range(PRESSES // 2):             # Step forward, then the slider back over the same updates
            shown = await page.evaluate("window.__timings.length")
            await act()
            try:
                await page.wait_for_function(f"window.__timings.length > {shown}", timeout=LOST_AFTER_S * 1000)
            except PlaywrightTimeout:
                entry["lost"].append(await page.evaluate(_WHAT_THE_PAGE_SHOWS, await box.element_handle()))
        entry["latencies_ms"] += await page.evaluate("window.__timings")


def memory_of_student(hub, user: str) -> dict:
    server = hub.server_pid(user)
    kernels = [memory_of(pid) for pid in hub_session.kernel_pids(server)]
    return {"server_mb": memory_of(server)["VmRSS"], "kernel_mb": sum(kernel["VmRSS"] for kernel in kernels),
            "kernel_peak_mb": max((kernel["VmHWM"] for kernel in kernels), default=0.0), "kernels": len(kernels)}


async def a_class(hub, students: int) -> dict:
    from playwright.async_api import async_playwright

    names = [f"student{number:02d}" for number in range(students)]
    link = hub.pull_link(hub_session.readme_pull_link())
    began = time.perf_counter()
    await asyncio.gather(*(asyncio.to_thread(hub.start_server, name, 900) for name in names))
    spawn_s = time.perf_counter() - began
    log, start = {}, asyncio.Event()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        ready, logins = [students + 1], asyncio.Semaphore(4)    # the count, then the names of those logged in
        await asyncio.gather(*(student(browser, hub, name, link, start, log, ready, logins) for name in names))
        await browser.close()
    memory = {name: memory_of_student(hub, name) for name in names}
    latencies = sorted(value for entry in log.values() for value in entry["latencies_ms"])
    if not latencies:
        raise RuntimeError(f"no press reached the screen: {json.dumps(log)[:1000]}")
    return {"students": students, "spawn_s": spawn_s,
            "open_and_run_s": sorted(entry["open_and_run_s"] for entry in log.values() if "open_and_run_s" in entry),
            "median_ms": statistics.median(latencies), "p95_ms": latencies[int(0.95 * (len(latencies) - 1))],
            "presses": len(latencies), "lost": {name: entry["lost"] for name, entry in log.items() if entry["lost"]},
            "stopped": {name: entry["failed"] for name, entry in log.items() if "failed" in entry},
            "page_errors": {name: sorted(set(entry["errors"])) for name, entry in log.items() if entry["errors"]},
            "memory": memory, "cpus": os.cpu_count()}


async def kernel_peaks(hub) -> dict:
    """One student runs each notebook top to bottom in their server and leaves it open: each kernel's peak resident
    memory when its last cell is done, then the memory of the server and the seven kernels together (each process's
    own pages, and each page of the libraries' files once, as the system counts them)."""
    from playwright.async_api import async_playwright

    name, peaks = "student00", {}
    server = hub.server_pid(name)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        context = await browser.new_context(viewport=PROJECTOR)
        context.set_default_timeout(600_000)
        page = await context.new_page()
        await log_in(page, hub, name)
        shut_down_kernels(hub, name)
        for notebook in sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
            earlier = set(hub_session.kernel_pids(server))
            await page.goto(f"{hub.url}/user/{name}/lab/tree/{hub_session.COURSE}/notebooks/{notebook}?reset")
            await run_all(page, 900)
            await page.wait_for_timeout(2000)        # the last pictures reach the page
            peaks[notebook] = max(memory_of(pid)["VmHWM"] for pid in hub_session.kernel_pids(server)
                                  if pid not in earlier)
        kernels = hub_session.kernel_pids(server)
        together = together_mb([memory_of(pid) for pid in [server, *kernels]])
        shut_down_kernels(hub, name)
        await browser.close()
    return {"peaks": peaks, "all_open_mb": together, "kernels": len(kernels)}


def shut_down_kernels(hub, user: str) -> None:
    def call(method, path):
        request = urllib.request.Request(f"{hub.url}/user/{user}/api/{path}", method=method,
                                         headers={"Authorization": f"token {hub.token}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read()
            return json.loads(text) if text else None
    for kernel in call("GET", "kernels"):
        call("DELETE", f"kernels/{kernel['id']}")


def main(students: int) -> None:
    result = {}
    try:
        with hub_session.jupyterhub() as hub:
            try:
                result["class"] = asyncio.run(a_class(hub, students))
            except Exception as error:          # said, not raised: `make bench` goes on
                result["failed"] = f"{type(error).__name__}: {str(error)[:1500]}"
                print(json.dumps(result))
                return
            try:
                result["kernel_peaks"] = asyncio.run(kernel_peaks(hub))
            except Exception as error:          # the class's figures stand without them
                result["kernel_peaks_error"] = f"{type(error).__name__}: {error}"
    except hub_session.Unavailable as unavailable:
        result["unavailable"] = str(unavailable)
    print(json.dumps(result))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
