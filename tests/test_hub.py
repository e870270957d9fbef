"""The course on a real JupyterHub (`make test-hub`): an instructor and two students, in headless Chromium.

One hub (``hub_session.jupyterhub``: JupyterHub and configurable-http-proxy, the dummy authenticator, a local
process per user) serves every test of this module, in order:

1. alice clicks the README's nbgitpuller link (pointed at a bare clone of this repository): the course is cloned
   into her home and notebook 01 opens; she runs it, moves the perceptron's slider and presses Step, and the
   picture changes; she writes an answer to exercise 1 and saves;
2. the instructor changes notebook 01 upstream; alice clicks the link again: the change arrives, and her answer
   and outputs are still there;
3. the course's settings hold on her server: the news pop-up is off and the notebooks' sources (``src``) are
   hidden from the file browser, though they are on disk; the version check of a notebook that needs a newer
   package stops at its first cell, saying how to update on JupyterHub (``%pip install --upgrade ..``);
4. homework 01 goes through nbgrader's exchange: the instructor releases it, alice and bob fetch it (alice from
   JupyterLab's Assignment List) and submit (alice the model solution, bob the notebook as released), the
   instructor collects, grades with the course's sandboxed grader (``make grade``), releases the feedback, and
   each student fetches their own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.hub

hub_session = pytest.importorskip("hub_session")
from lab_session import CHROMIUM, CHROMIUM_ARGS, PROJECTOR, menu, open_and_run_all  # noqa: E402

NOTEBOOK_01 = "01_perceptron.ipynb"
HW01 = "hw01_perceptron"
#: What alice writes as her answer to exercise 1 of notebook 01 (a cell the instructor's change does not touch).
ALICE_ANSWER = "r_answer = 1.4  # alice's own answer"
#: The instructor's change upstream: a sentence added to a Markdown cell of notebook 01.
UPSTREAM_LINE = "**Theorem** (Novikoff, 1962)."
UPSTREAM_NOTE = "**Theorem** (Novikoff, 1962; this week's lecture proves it on the board)."


def _fail_or_skip(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (under CI the hub tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def hub():
    try:
        hub_session.check()
    except hub_session.Unavailable as unavailable:
        _fail_or_skip(str(unavailable))
    with hub_session.jupyterhub() as running:
        yield running


@pytest.fixture(scope="module")
def chromium():
    if not CHROMIUM.exists():
        _fail_or_skip(f"Chromium not found at {CHROMIUM}: `apt-get install chromium`")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def students(hub, chromium):
    """{name: page}: alice and bob, each logged in to the hub in a browser context of their own."""
    pages = {}
    for name in ("alice", "bob"):
        page = chromium.new_context(viewport=PROJECTOR).new_page()
        hub_session.log_in(page, hub, name)
        pages[name] = page
    return pages


def course_notebook(hub, user: str, name: str = NOTEBOOK_01) -> Path:
    return hub.home(user) / hub_session.COURSE / "notebooks" / name


def click_the_link(page, hub, urlpath: str | None = None) -> None:
    """Open the README's nbgitpuller link (on this hub, pulling its upstream); wait for JupyterLab's notebook."""
    page.goto(hub.pull_link(hub_session.readme_pull_link(), urlpath))
    page.wait_for_url("**/lab/tree/**", timeout=180_000)           # nbgitpuller redirects once it has pulled
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)


def instructor_changes_upstream(hub, edit) -> None:
    """The instructor clones the course, edits it with ``edit(folder)``, commits and pushes to main."""
    work = hub.root / "instructor-work"
    if not work.exists():
        hub_session.git(hub.root, "clone", "--quiet", str(hub.upstream), str(work))
    hub_session.git(work, "pull", "--quiet")
    edit(work)
    env = {**os.environ, **hub_session.GIT_IDENTITY}
    hub_session.git(work, "commit", "--quiet", "--all", "-m", "the instructor's change", env=env)
    hub_session.git(work, "push", "--quiet", "origin", "HEAD:main")


def user_server_api(hub, user: str, path: str):
    request = urllib.request.Request(f"{hub.url}/user/{user}/{path}", headers={"Authorization": f"token {hub.token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


# --------------------------------------------------------------------------------------------------------------
# 1-2. nbgitpuller: the course arrives, and an update keeps the student's work
# --------------------------------------------------------------------------------------------------------------


def test_the_readme_link_clones_the_course_and_notebook_01_runs_with_its_widgets(hub, students):
    page = students["alice"]
    assert not (hub.home("alice") / hub_session.COURSE).exists()
    click_the_link(page, hub)
    notebook = course_notebook(hub, "alice")
    assert notebook.exists(), "nbgitpuller did not clone the course into alice's home"
    assert "/lab/tree/linear-classifiers/notebooks/01_perceptron.ipynb" in page.url   # the README's urlpath
    assert hub_session.git(notebook.parent, "rev-parse", "HEAD") == hub_session.git(hub.upstream, "rev-parse", "main")

    open_and_run_all(page, f"{hub.url}/user/alice", "", f"{hub_session.COURSE}/notebooks/{NOTEBOOK_01}")
    box = page.locator(".widget-vbox").filter(has=page.locator("button:has-text('Step')")).first
    box.scroll_into_view_if_needed()
    image, status = box.locator("img.lecture-picture"), box.locator(".lecture-status")
    before_src, before_status = image.get_attribute("src"), status.inner_text()
    box.locator("button:has-text('Step')").click()
    page.wait_for_function("([img, src]) => img.src !== src && img.complete",
                           arg=[image.element_handle(), before_src], timeout=30_000)
    page.wait_for_function("([s, text]) => s.textContent !== text", arg=[status.element_handle(), before_status],
                           timeout=30_000)
    after_step, src = status.inner_text(), image.get_attribute("src")
    box.locator(".noUi-handle").first.focus()                         # the slider moves back a step
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("([s, text]) => s.textContent !== text", arg=[status.element_handle(), after_step],
                           timeout=30_000)
    page.wait_for_function("([img, src]) => img.src !== src", arg=[image.element_handle(), src], timeout=30_000)

    # alice answers exercise 1 and saves
    answer_cell = page.locator(".jp-CodeCell", has_text="r_answer = ...").first
    answer_cell.scroll_into_view_if_needed()
    answer_cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.type(ALICE_ANSWER)
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 30
    while ALICE_ANSWER not in notebook.read_text() and time.monotonic() < deadline:
        time.sleep(0.3)
    assert ALICE_ANSWER in notebook.read_text()
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')", timeout=30_000)


def test_clicking_the_link_again_brings_the_update_and_keeps_the_students_answer(hub, students):
    page, notebook = students["alice"], course_notebook(hub, "alice")
    assert ALICE_ANSWER in notebook.read_text(), "the first test did not leave alice's answer"
    outputs_before = sum(len(cell.get("outputs", [])) for cell in json.loads(notebook.read_text())["cells"])

    def add_a_note(work: Path):
        path = work / "notebooks" / NOTEBOOK_01
        text = path.read_text()
        assert text.count(UPSTREAM_LINE) == 1
        path.write_text(text.replace(UPSTREAM_LINE, UPSTREAM_NOTE))
    instructor_changes_upstream(hub, add_a_note)
    assert UPSTREAM_NOTE not in notebook.read_text()

    click_the_link(page, hub)
    text = notebook.read_text()
    assert UPSTREAM_NOTE in text, "the instructor's change did not arrive"
    assert ALICE_ANSWER in text, "alice's answer was lost"
    cells = json.loads(text)["cells"]
    assert sum(len(cell.get("outputs", [])) for cell in cells) == outputs_before, "alice's outputs changed"
    page.wait_for_selector(f"text=this week's lecture proves it on the board", state="attached", timeout=60_000)
    upstream_head = hub_session.git(hub.upstream, "rev-parse", "main").strip()
    assert hub_session.git(notebook.parent, "merge-base", "--is-ancestor", upstream_head, "HEAD") == ""


# --------------------------------------------------------------------------------------------------------------
# 3. the course's settings and the version check, on a hub's server
# --------------------------------------------------------------------------------------------------------------


def test_the_courses_settings_hold_on_the_hub(hub, students):
    assert (course_notebook(hub, "alice").parent / "src").is_dir()             # on disk...
    listing = user_server_api(hub, "alice", f"api/contents/{hub_session.COURSE}/notebooks")
    names = {item["name"] for item in listing["content"]}
    assert NOTEBOOK_01 in names and "src" not in names                         # ...but not in the file browser
    news = user_server_api(hub, "alice", "lab/api/settings/@jupyterlab/apputils-extension:notification")
    defaults = news["schema"]["properties"]                 # the course's overrides.d drop-in sets the defaults
    assert defaults["fetchNews"]["default"] == "false" and defaults["checkForUpdates"]["default"] is False
    page = students["alice"]
    toasts = page.locator(".Toastify__toast").all_inner_texts()
    assert not [toast for toast in toasts if "news" in toast.lower()]


def test_a_notebook_that_needs_a_newer_package_says_how_to_update_on_the_hub(hub, students):
    """The instructor's notebook 02 now needs lecture_utils 99.0; bob pulls it and runs it."""
    def need_a_newer_package(work: Path):
        path = work / "notebooks" / "02_information_theory.ipynb"
        text = path.read_text()
        assert text.count('lecture_utils.require(\\"0.2\\")') == 1
        path.write_text(text.replace('lecture_utils.require(\\"0.2\\")', 'lecture_utils.require(\\"99.0\\")'))
    instructor_changes_upstream(hub, need_a_newer_package)

    page = students["bob"]
    click_the_link(page, hub, urlpath="lab/tree/linear-classifiers/notebooks/02_information_theory.ipynb")
    page.goto(f"{hub.url}/user/bob/lab/tree/{hub_session.COURSE}/notebooks/02_information_theory.ipynb?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(
        "() => /\\|\\s*Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent ?? '')", timeout=120_000)
    menu(page, "Run", "Run All Cells")
    error = page.locator(".jp-OutputArea-output", has_text="needs lecture_utils 99.0 or newer").first
    error.wait_for(timeout=120_000)
    message = error.inner_text()
    assert "0.2.0 is installed" in message and "%pip install --upgrade .." in message
    assert "JupyterHub" in message


# --------------------------------------------------------------------------------------------------------------
# 4. homework through nbgrader's exchange
# --------------------------------------------------------------------------------------------------------------


def as_user(hub, user: str, cwd: Path) -> dict:
    """The environment a command gets in ``user``'s terminal on the hub (the spawner's, as in the user image)."""
    hub_config = (hub.root / "jupyterhub_config.py").read_text()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "LOGNAME"))}
    env.update(USER=user, HOME=str(hub.home(user)), JUPYTERHUB_USER=user,
               JUPYTER_CONFIG_PATH=str(hub.root / "etc-jupyter"),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    assert "JUPYTER_CONFIG_PATH" in hub_config                # the same exchange the servers see
    return env


def nbgrader_as(hub, user: str, cwd: Path, *arguments: str) -> str:
    result = subprocess.run([sys.executable, "-m", "nbgrader", *arguments], cwd=cwd, env=as_user(hub, user, cwd),
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
    assert result.returncode == 0, f"nbgrader {' '.join(arguments)} as {user} failed:\n{result.stdout}"
    return result.stdout


def test_homework_goes_through_the_exchange_and_the_sandboxed_grader(hub, students):
    import shutil

    import nbformat
    from homework_class import full_points
    from homework_course import HOMEWORK, model_solutions, require_a_sandbox, scores, tool

    require_a_sandbox()
    hub.start_server(hub_session.INSTRUCTOR)
    course = hub.home(hub_session.INSTRUCTOR) / "course"        # the course's homework/, with homework 01 only
    (course / "source").mkdir(parents=True)
    for path in HOMEWORK.glob("*.py"):
        shutil.copy(path, course / path.name)
    shutil.copytree(HOMEWORK / "source" / HW01, course / "source" / HW01,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", *tool.SHIPPED))
    tool.release(course)                                        # make homework
    nbgrader_as(hub, hub_session.INSTRUCTOR, course, "release_assignment", HW01)
    assert (hub.root / "exchange" / hub_session.COURSE / "outbound" / HW01).is_dir()

    # alice fetches it in JupyterLab (Nbgrader > Assignment List); bob in his terminal
    page = students["alice"]
    page.goto(f"{hub.url}/user/alice/lab?reset")
    page.wait_for_selector(".lm-MenuBar-itemLabel:text-is('Nbgrader')", timeout=60_000)
    menu(page, "Nbgrader", "Assignment List")
    fetch = page.locator("#released_assignments_list .list_item", has_text=HW01).locator("button:has-text('Fetch')")
    fetch.wait_for(timeout=60_000)
    fetch.click()
    fetched = hub.home("alice") / HW01 / f"{HW01}.ipynb"
    deadline = time.monotonic() + 60
    while not fetched.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert fetched.exists(), "alice's Fetch did not bring the homework into her home"
    nbgrader_as(hub, "bob", hub.home("bob"), "fetch_assignment", HW01)
    assert (hub.home("bob") / HW01 / f"{HW01}.ipynb").exists()

    # alice writes the model solution (as if typed) and submits from the Assignment List; bob submits as released
    notebook = nbformat.read(fetched, as_version=4)
    solutions = model_solutions(course, HW01)
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in solutions:
            cell.source = solutions[grade_id]
    nbformat.write(notebook, fetched)
    page.goto(f"{hub.url}/user/alice/lab?reset")
    page.wait_for_selector(".lm-MenuBar-itemLabel:text-is('Nbgrader')", timeout=60_000)
    menu(page, "Nbgrader", "Assignment List")
    submit = page.locator("#fetched_assignments_list .list_item", has_text=HW01).locator("button:has-text('Submit')")
    submit.wait_for(timeout=60_000)
    submit.click()
    page.locator("#submitted_assignments_list .list_item", has_text=HW01).first.wait_for(timeout=60_000)
    nbgrader_as(hub, "bob", hub.home("bob"), "submit", HW01)
    inbound = {path.name.split("+")[0] for path in (hub.root / "exchange" / hub_session.COURSE / "inbound").iterdir()}
    assert inbound == {"alice", "bob"}

    # the instructor collects and grades (make grade: each submission in the sandbox), then releases the feedback
    nbgrader_as(hub, hub_session.INSTRUCTOR, course, "collect", HW01)
    assert {path.name for path in (course / "submitted").iterdir()} == {"alice", "bob"}
    flags = tool.grade(course)
    assert not flags.get(HW01), flags
    graded = scores(course, HW01)
    assert graded["alice"] == full_points(HW01), graded["alice"]     # every autograded cell's points
    autograded = {student: sum(grades.values()) for student, grades in graded.items()}
    assert autograded["bob"] < autograded["alice"], autograded
    nbgrader_as(hub, hub_session.INSTRUCTOR, course, "release_feedback", HW01)

    # each student fetches their own feedback
    for student in ("alice", "bob"):
        nbgrader_as(hub, student, hub.home(student), "fetch_feedback", HW01)
        pages = list((hub.home(student) / HW01 / "feedback").glob(f"*/{HW01}.html"))
        assert len(pages) == 1, f"{student} has no feedback"
        text = pages[0].read_text()
        assert f"{autograded[student]:g}" in text or f"{autograded[student]:.1f}" in text
        assert "BEGIN HIDDEN TESTS" not in text and "MARK SCHEME" not in text
