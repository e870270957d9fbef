"""JupyterLab in headless Chromium: run notebook 01, press the stepper's button, see the figure change."""

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
