"""`make site` (and so `make slides`) in headless Chromium with the network blocked.

The site is built once from the stored notebooks. Every deck is walked slide by slide at
1280 x 720 and every page is opened: nothing may leave the machine, no local file may be
missing, MathJax must typeset all the maths, pictures must load at no more than their
natural size, and every slide must fit the page: one too wide or too tall fails, even
if it scrolls, since a projector shows only its top. A deck made to break each rule
shows that the checks catch it.
"""

import sys
from pathlib import Path

import nbformat
import pytest

from static_pages import SLIDE_VIEWPORT, check_page, deck_accessibility_problems, serve, walk_deck

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "publish"))
import course_pages  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    course_pages.build_site(out)
    with serve(out) as base:
        yield out, base


@pytest.fixture(scope="module")
def page(browser):
    page = browser.new_page(viewport=SLIDE_VIEWPORT)
    yield page
    page.close()


def test_site_lists_every_notebook_in_teaching_order(site, page):
    out, base = site
    page.goto(f"{base}/index.html")
    links = page.locator("td a:text-is('page')").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert links == [f"{path.stem}.html" for path in course_pages.course_notebooks()]
    assert page.locator(f"a[href='{course_pages.binder_url()}']").count() >= 1


def test_download_links_download_the_notebook_and_titles_are_the_notebooks(site, page):
    out, base = site
    page.goto(f"{base}/index.html")
    with page.expect_download() as download:          # the `download` attribute: saved, not shown as JSON
        page.locator("td a:text-is('download')").first.click()
    assert download.value.suggested_filename == course_pages.course_notebooks()[0].name
    page.goto(f"{base}/04_logistic_regression.html")
    assert page.title().startswith("04 · Logistic regression")
    assert page.locator("a:text-is('NOTATION.md')").count() == 0


def test_every_page_works_offline(site, page):
    out, base = site
    pages = sorted(path.name for path in out.glob("*.html") if not path.name.endswith(".slides.html"))
    problems = [f"{name}: {problem}" for name in pages for problem in check_page(page, base, name)]
    assert not problems


@pytest.mark.parametrize("opened", [False, True], ids=["closed", "after-answer blocks open"])
def test_every_deck_works_offline_and_every_slide_fits_the_page(site, page, opened):
    """Every slide as a student first sees it, and with every after-answer block open, as an instructor
    shows it once the room has answered: both must fit."""
    out, base = site
    failures = []
    for deck in sorted(out.glob("*.slides.html")):
        slides, problems = walk_deck(page, base, deck.name, opened)
        print(f"{deck.name}: {len(slides)} slides")
        failures += [f"{deck.name}: {problem}" for problem in problems]
        failures += [f"{slide}: {failure}" for slide in slides for failure in slide.failures]
    assert not failures


def test_every_slide_of_every_deck_meets_wcag_2_1_aa(site, page):
    """axe-core over all the slides of each deck (reveal.js's print view shows them all), blocks open."""
    out, base = site
    problems = [f"{deck.name}: {problem}" for deck in sorted(out.glob("*.slides.html"))
                for problem in deck_accessibility_problems(page, base, deck.name)]
    assert not problems


def test_the_checks_catch_a_broken_deck(tmp_path, page):
    """Raw TeX, a maths error, a request to the internet, a missing file, a slide too wide, one too tall, one
    that fits until its after-answer block is opened, and text too faint to read (WCAG's contrast)."""
    cells = [nbformat.v4.new_markdown_cell(source, metadata={"slideshow": {"slide_type": "slide"}}) for source in (
        "# Fine\n\n$x^2$",
        "# Raw\n\nA dollar sign MathJax cannot pair: $x",
        "# Error\n\n$\\frac{1}$",
        '# Online\n\n<img src="https://example.org/picture.png">',
        '# Missing\n\n<img src="nowhere.png">',
        '# Wide\n\n<div style="width: 3000px; white-space: nowrap">wide</div>',
        '# Tall\n\n<div style="height: 2000px">tall</div>',
        '# Closed\n\n<details class="after-answer"><summary>After your answer: why</summary>\n\n'
        '$\\sqrt{x}$ <div style="height: 2000px">tall once open</div>\n\n</details>',
        '# Faint\n\n<p style="color: #bbbbbb">grey on white, 1.9:1</p>',
    )]
    notebook = nbformat.v4.new_notebook(cells=cells)
    course_pages.copy_static(tmp_path)
    course_pages.export(course_pages.exporter(slides=True), notebook, "broken", tmp_path, ".slides.html")
    with serve(tmp_path) as base:
        slides, problems = walk_deck(page, base, "broken.slides.html")
        inaccessible = deck_accessibility_problems(page, base, "broken.slides.html")
        opened = {slide.title.split()[0]: " ".join(slide.failures)
                  for slide in walk_deck(page, base, "broken.slides.html", opened=True)[0]}
    failures = {slide.title.split()[0]: " ".join(slide.failures) for slide in slides}
    assert failures["Fine"] == "" and failures["Closed"] == ""          # the maths inside is typeset, closed too
    assert any("WCAG color-contrast" in problem and "bbbbbb" not in problem for problem in inaccessible)
    assert "too tall" in opened["Closed"] and opened["Fine"] == ""
    assert "raw TeX" in failures["Raw"]
    assert "MathJax error" in failures["Error"]
    assert "too wide" in failures["Wide"]
    assert "too tall" in failures["Tall"]
    assert "picture not loaded" in failures["Missing"]
    assert any("leaving the machine: https://example.org/picture.png" in p for p in problems)
    assert any("missing local file" in p and "nowhere.png" in p for p in problems)
