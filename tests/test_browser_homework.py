"""nbgrader's formgrader in the course's JupyterLab, in headless Chromium: an instructor grades an explain task by hand.

A course in a temporary folder holds homework 01, released, and one autograded submission (the model solution);
JupyterLab is started in it as an instructor would start it (``make formgrader``), with the course's settings and
nbgrader's extensions. The test opens the formgrader from JupyterLab's Nbgrader menu, finds the submission, enters a
manual score for the explain task, and reads it back from nbgrader's gradebook.
"""

from pathlib import Path

import pytest

from homework_course import make_course, scores, submit, tool
from lab_session import PROJECTOR, jupyterlab_server, menu

pytestmark = pytest.mark.browser

HW01 = "hw01_perceptron"


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    course = make_course(tmp_path_factory.mktemp("formgrader"))
    submit(course, HW01, "alice")
    tool.grade(course)
    assert scores(course, HW01)["alice"]["explain"] == 0          # not graded by hand yet
    return course


def test_formgrader_shows_the_submission_and_stores_a_manual_grade(browser, course):
    with jupyterlab_server(course, run_in_root=True) as lab:
        page = browser.new_page(viewport=PROJECTOR)
        try:
            page.goto(f"{lab.url}/lab?reset&token={lab.token}")
            page.wait_for_selector(".lm-MenuBar-itemLabel:text-is('Nbgrader')", timeout=60_000)
            menu(page, "Nbgrader", "Formgrader")
            formgrader = page.frame_locator("iframe[src*='formgrader']")
            formgrader.locator("text=Manage Assignments").first.wait_for(timeout=30_000)
            row = formgrader.locator("tr", has_text=HW01)
            row.wait_for(timeout=30_000)

            formgrader.locator("a:text-is('Manual Grading')").click()     # the gradebook: assignments, notebooks
            formgrader.locator(f"a:text-is('{HW01}')").click()
            formgrader.locator(f"a:text-is('{HW01}')").click()
            submission = formgrader.locator("tr", has=formgrader.locator("a:has-text('Submission #1')"))
            submission.wait_for(timeout=30_000)
            needs_manual = submission.locator("td.needs-manual-grade")          # a tick, searchable by its text
            assert needs_manual.get_attribute("data-search") == "needs manual grade"
            assert needs_manual.locator(".glyphicon-ok").count() == 1
            assert "17 / 20" in submission.inner_text()                          # every autograded point
            submission.locator("a:has-text('Submission #1')").click()

            score = formgrader.locator("input.score#explain")          # the explain task's manual score
            score.wait_for(timeout=30_000)
            assert formgrader.locator("text=Rubric (3 points").count() == 1   # the rubric shows beside the answer
            score.fill("2.5")
            score.press("Tab")                                            # the change event saves it
            page.wait_for_timeout(500)
            for _ in range(40):
                if scores(course_in(lab), HW01)["alice"]["explain"] == 2.5:
                    break
                page.wait_for_timeout(250)
        finally:
            page.close()
        assert scores(course_in(lab), HW01)["alice"] == {
            "epoch_visible": 2, "epoch_hidden": 3, "epoch_edge": 2, "bound_visible": 1, "bound_hidden": 2,
            "bound_edge": 1, "distance_test": 2, "criterion_test": 2, "bits_test": 2, "explain": 2.5}


def course_in(lab) -> Path:
    """The copy of the course that the server serves (and whose gradebook the formgrader writes)."""
    return lab.root
