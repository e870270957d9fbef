"""JupyterLab in headless Chromium: run a notebook, press a widget's button or move its slider,
and see the figure change (notebook 01's stepper, notebook 02's entropy explorer)."""

import os

import pytest

from lab_session import (CHROMIUM, browser_page, jupyterlab_server, open_and_run_all, summary,
                         time_clicks, widget_with_button)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab():
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM}: install it with `apt-get install chromium` for the browser test"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (under CI it must run)")
        pytest.skip(message)
    with jupyterlab_server() as server, browser_page() as page:
        yield server, page


def test_stepper_redraws_when_clicked(lab):
    (url, token), page = lab
    open_and_run_all(page, url, token, "01_perceptron.ipynb")
    box, image = widget_with_button(page, "Step")
    status = box.locator(".widget-html").last
    before_pixels, before_status = image.screenshot(), status.inner_text()
    assert before_status.startswith("start: w = (0.00, 0.00, 0.00)")

    times = time_clicks(page, box.locator("button:has-text('Step')"), image, clicks=8)

    assert image.screenshot() != before_pixels
    assert status.inner_text().startswith("epoch ") and "update 8 of" in status.inner_text()
    print(f"\nbrowser: Step click to new pixels, {summary(times)}")

    slider = box.locator(".slider-container .noUi-handle, .widget-slider .noUi-handle").first
    slider.focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("s => !s.textContent.includes('update 8 of')", arg=status.element_handle(), timeout=10_000)
    assert "update 7 of" in status.inner_text()


def test_entropy_explorer_redraws_when_a_slider_moves(lab):
    (url, token), page = lab
    open_and_run_all(page, url, token, "02_information_theory.ipynb")
    box, image = widget_with_button(page, "Uniform")                 # notebook 02's EntropyExplorer
    status = box.locator(":scope > .widget-html").last               # the status line under the figure
    start = "P = (0.500, 0.250, 0.125, 0.125): H(P) = 1.7500 bits"
    page.wait_for_function("([s, start]) => s.textContent.startsWith(start)",    # the drive cell reset it
                           arg=[status.element_handle(), start], timeout=10_000)
    before_pixels, before_src = image.screenshot(), image.get_attribute("src")

    handle = box.locator(".noUi-handle").first                       # the weight of outcome 0: 4.0 -> 4.1
    handle.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([s, start]) => !s.textContent.startsWith(start)",
                           arg=[status.element_handle(), start], timeout=10_000)
    assert status.inner_text().startswith("P = (0.506, 0.247, 0.123, 0.123): H(P) = 1.7406 bits")  # 4.1 / 8.1
    page.wait_for_function("([img, src]) => img.src !== src && img.complete",    # the new picture has loaded
                           arg=[image.element_handle(), before_src], timeout=10_000)
    assert image.screenshot() != before_pixels
