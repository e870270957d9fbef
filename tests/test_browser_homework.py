"""nbgrader's formgrader in the course's JupyterLab, in headless Chromium: an instructor grades an explain task by hand,
and a student's script in an answer runs neither in the formgrader nor in the feedback.

A course in a temporary folder holds homework 01, released, and two autograded submissions: the model solution, and
a blank one whose explanation holds an ``<img onerror=...>`` and a ``<script>``; JupyterLab is started in it as an instructor
would start it (``make formgrader``), with the course's settings and nbgrader's extensions. One test opens the
formgrader from JupyterLab's Nbgrader menu, finds the submission, enters a manual score for the explain task, and reads
it back from nbgrader's gradebook; the other opens the second submission's formgrader page and feedback page and finds
that no script ran.
"""

from pathlib import Path

import pytest

from homework_class import HW01_FULL, SCRIPT_IN_AN_ANSWER
from homework_course import cell, make_course, require_a_sandbox, scores, submit, tool
from lab_session import PROJECTOR, jupyterlab_server, menu

pytestmark = pytest.mark.browser

HW01 = "hw01_perceptron"


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    require_a_sandbox()
    course = make_course(tmp_path_factory.mktemp("formgrader"))
    submit(course, HW01, "alice")
    submit(course, HW01, "mallory", model=False,            # nothing autograded: 0 / 20, told apart from alice
           edit=lambda notebook: setattr(cell(notebook, "explain"), "source", SCRIPT_IN_AN_ANSWER))
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
            submission = formgrader.locator("tr", has_text="17 / 20")     # alice: every autograded point
            submission.wait_for(timeout=30_000)
            needs_manual = submission.locator("td.needs-manual-grade")          # a tick, searchable by its text
            assert needs_manual.get_attribute("data-search") == "needs manual grade"
            assert needs_manual.locator(".glyphicon-ok").count() == 1
            submission.locator("a:has-text('Submission #')").click()

            score = formgrader.locator("input.score#explain")          # the explain task's manual score
            score.wait_for(timeout=30_000)
            assert formgrader.locator("text=Rubric (3 points").count() == 1   # the rubric shows beside the answer
            score.fill("2.5")
            score.press("Tab")                                            # the change event saves it
            page.wait_for_timeout(500)
            for _ in range(120):                                          # up to 30 s on a busy machine
                if scores(course_in(lab), HW01)["alice"]["explain"] == 2.5:
                    break
                page.wait_for_timeout(250)
        finally:
            page.close()
        assert scores(course_in(lab), HW01)["alice"] == {**HW01_FULL, "explain": 2.5}


def course_in(lab) -> Path:
    """The copy of the course that the server serves (and whose gradebook the formgrader writes)."""
    return lab.root


def test_a_students_script_runs_neither_in_the_formgrader_nor_in_the_feedback(browser, course):
    from nbgrader.api import Gradebook
    with jupyterlab_server(course, run_in_root=True) as lab:
        with Gradebook(f"sqlite:///{course_in(lab) / 'gradebook.db'}") as gradebook:
            submission = gradebook.find_submission_notebook(HW01, HW01, "mallory").id
        page = browser.new_page(viewport=PROJECTOR)
        dialogs = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        try:
            page.goto(f"{lab.url}/lab?reset&token={lab.token}")      # the instructor's session, as in the formgrader
            page.wait_for_selector(".lm-MenuBar-itemLabel:text-is('Nbgrader')", timeout=60_000)
            for url in (f"{lab.url}/formgrader/submissions/{submission}/",
                        (course / "feedback" / "mallory" / HW01 / f"{HW01}.html").as_uri()):
                page.goto(url)
                page.wait_for_selector("text=The bound is an upper bound only.", timeout=30_000)
                page.wait_for_timeout(1000)                             # time for an image to fail and a script to run
                assert page.evaluate("window.__pwned") is None, url
                assert "<img src=" in page.inner_text("body"), url       # shown as text
                assert page.locator("img[onerror]").count() == 0 and page.locator("script:text('__pwned')").count() == 0
        finally:
            page.close()
    assert dialogs == []
