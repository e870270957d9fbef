"""Check the course site and its reveal.js decks in headless Chromium with no network.

Used by ``tests/test_static_pages.py``, and on its own to list the slides that need fitting::

    python tests/static_pages.py build/site      # after `make site` (or build/slides after `make slides`)

Every request that would leave the machine is blocked and recorded. A page
fails on such a request, on a local file that is missing, on a picture that
does not load or is shown larger than its natural size, and on TeX that
MathJax left raw, and on what axe-core (vendored in ``tests/vendor``) finds
against WCAG 2.1 A and AA. A deck is walked slide by slide at 1280 x 720: a
slide that is too wide or too tall for the page fails, even one that scrolls,
since a projector shows only its top; axe-core scans all its slides at once,
in reveal.js's print view.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import http.server
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from lab_session import browser_page

SLIDE_VIEWPORT = {"width": 1280, "height": 720}

#: axe-core, vendored (its README says which version and how to update it), and its sha256.
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
#: The rules the course is held to: WCAG 2.1, levels A and AA.
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}

# Promise: the WCAG violations axe-core finds in `root`, one line each ("rule: n nodes, e.g. selector").
_ACCESSIBILITY_PROBLEMS = """
async ([root, options]) => (await axe.run(root, options)).violations.map(v =>
    `WCAG ${v.id}: ${v.nodes.length} node(s), e.g. ${v.nodes[0].target.join(' ')} (${v.help})`)
"""

# A page's language, and on a page with the course's bar a skip link first, to content that exists (WCAG 2.4.1).
_STRUCTURE_PROBLEMS = """
() => {
    const problems = [];
    if (!document.documentElement.lang) problems.push('no page language');
    if (document.querySelector('.course-bar')) {
        const first = document.querySelector('a[href], button, input, [tabindex]:not([tabindex="-1"])');
        if (!first || !first.classList.contains('course-skip') || !document.querySelector(first.getAttribute('href')))
            problems.push('the first stop of the keyboard is no skip link to the content');
    }
    return problems;
}
"""

# Promise: MathJax has loaded and typeset everything queued so far.
_MATHJAX_DONE = """
() => new Promise(resolve => {
    const wait = () => (window.MathJax && MathJax.Hub && MathJax.isReady)
        ? MathJax.Hub.Queue(() => resolve(true)) : setTimeout(wait, 50);
    wait();
})
"""

# Problems of the content of `root`: raw TeX in text MathJax should have typeset, MathJax errors,
# pictures that did not load or are shown larger than their natural size.
_CONTENT_PROBLEMS = """
root => {
    const problems = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent.closest('.jp-RenderedHTMLCommon') || parent.closest('pre, code, script, style, .MathJax_Preview'))
            continue;
        const raw = node.textContent.match(/\\$[^$]*\\$?|\\\\[([]|\\\\begin\\{/);
        if (raw) problems.push(`raw TeX: "${raw[0].slice(0, 60)}"`);
    }
    for (const error of root.querySelectorAll('.MathJax_Error, .noError, merror'))
        problems.push(`MathJax error: "${error.textContent.slice(0, 60)}"`);
    for (const formula of root.querySelectorAll('.MathJax'))
        if (!formula.querySelector('.MJX_Assistive_MathML'))
            problems.push(`formula without MathML for screen readers: "${formula.textContent.slice(0, 40)}"`);
    for (const img of root.querySelectorAll('img')) {
        const name = (img.getAttribute('src') || '').slice(0, 40);
        if (!img.alt || img.alt.startsWith('No description'))
            problems.push(`picture without a description: ${name}`);
        if (!img.complete || img.naturalWidth === 0) problems.push(`picture not loaded: ${name}`);
        else if (img.getBoundingClientRect().width / (window.__slideScale || 1) > img.naturalWidth + 1)
            problems.push(`picture enlarged beyond its ${img.naturalWidth} px: ${name}`);
    }
    return problems;
}
"""

# Every slide of a reveal.js deck, shown in turn: its title, how far its content exceeds the page,
# whether it scrolls, and the problems of its content.
_WALK_DECK = """
async ([contentProblems, opened]) => {
    const problemsOf = eval(contentProblems);
    const report = [];
    if (opened) {
        document.querySelectorAll('details.after-answer').forEach(block => { block.open = true; });
        await new Promise(resolve => MathJax.Hub.Queue(resolve));
    }
    for (const slide of Reveal.getSlides()) {
        const {h, v} = Reveal.getIndices(slide);
        Reveal.slide(h, v);
        await new Promise(resolve => MathJax.Hub.Queue(() => requestAnimationFrame(resolve)));
        window.__slideScale = Reveal.getScale();
        const style = getComputedStyle(slide);
        const heading = slide.querySelector('h1, h2, h3, h4');
        report.push({
            h, v,
            title: Array.from((heading || slide).innerText.replace(/[¶\\s]+/g, ' ').trim()).slice(0, 70).join(''),
            tooTall: slide.scrollHeight - slide.clientHeight,
            tooWide: Math.max(slide.scrollWidth - slide.clientWidth, ...[...slide.querySelectorAll('div, pre, table, p')]
                .filter(box => getComputedStyle(box).overflowX !== 'visible')
                .map(box => box.scrollWidth - box.clientWidth)),
            scrolls: ['auto', 'scroll'].includes(style.overflowY),
            problems: problemsOf(slide),
        });
    }
    return report;
}
"""


@contextlib.contextmanager
def serve(directory: Path):
    """Serve ``directory`` over HTTP on a free local port; yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@dataclass
class Offline:
    """Requests a page made while every address but ``base`` is blocked."""

    base: str
    blocked: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def attach(self, page) -> None:
        page.route("**/*", self._route)
        page.on("response", lambda response: self.missing.append(response.url) if response.status >= 400 else None)

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith((self.base, "data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def problems(self) -> list[str]:
        return ([f"request leaving the machine: {url}" for url in self.blocked]
                + [f"missing local file: {url}" for url in self.missing])


@dataclass
class Slide:
    """One slide of a deck as measured in the browser."""

    deck: str
    h: int
    v: int
    title: str
    too_tall: int
    too_wide: int
    scrolls: bool
    problems: list[str]

    @property
    def failures(self) -> list[str]:
        cut = []
        if self.too_wide > 1:
            cut.append(f"{self.too_wide} px too wide: its right side is cut off")
        if self.too_tall > 1:
            hidden = "it scrolls, and a projector shows only its top" if self.scrolls else "its bottom is cut off"
            cut.append(f"{self.too_tall} px too tall: {hidden}")
        return cut + self.problems

    def __str__(self) -> str:
        return f"{self.deck} slide {self.h + 1}.{self.v + 1} ({self.title})"


#: Opens every exercise's after-answer block, as a student who has answered (or an instructor) does.
_OPEN_AFTER_ANSWER = """
() => new Promise(resolve => {
    document.querySelectorAll('details.after-answer').forEach(block => { block.open = true; });
    MathJax.Hub.Queue(() => resolve(document.querySelectorAll('details.after-answer').length));
})
"""


def inject_axe(page) -> None:
    """Load the vendored axe-core into ``page``, after checking that it is the pinned copy."""
    source = AXE.read_bytes()
    if hashlib.sha256(source).hexdigest() != AXE_SHA256:
        raise RuntimeError(f"{AXE} is not axe-core 4.14.1 as vendored: see tests/vendor/axe-core/README.md")
    page.add_script_tag(content=source.decode())


def accessibility_problems(page, root: str = "document") -> list[str]:
    """The WCAG 2.1 A and AA violations axe-core finds in ``root`` (a JavaScript expression) of ``page``."""
    inject_axe(page)
    return page.evaluate(f"options => ({_ACCESSIBILITY_PROBLEMS})([{root}, options])", AXE_OPTIONS)


def check_page(page, base: str, name: str) -> list[str]:
    """Problems of one page of the site, closed and with every after-answer block open, and of its local links;
    with the WCAG 2.1 A and AA violations axe-core finds."""
    offline = Offline(base)
    offline.attach(page)
    try:
        page.goto(f"{base}/{name}")
        page.wait_for_load_state("load")
        if page.evaluate("() => !!document.querySelector('script[src*=MathJax]')"):
            page.wait_for_function(_MATHJAX_DONE, timeout=30_000)
        problems = page.evaluate(f"({_CONTENT_PROBLEMS})(document.body)") + accessibility_problems(page)
        problems += page.evaluate(_STRUCTURE_PROBLEMS)
        if page.evaluate("() => !!document.querySelector('details.after-answer')"):
            page.evaluate(_OPEN_AFTER_ANSWER)
            problems += [f"{problem} (after-answer blocks open)" for problem in
                         page.evaluate(f"({_CONTENT_PROBLEMS})(document.body)") if problem not in problems]
        broken = page.evaluate("""async () => {
            const links = [...document.querySelectorAll('a[href]')].map(a => a.href)
                .filter(href => href.startsWith(location.origin)).map(href => href.split('#')[0]);
            const broken = [];
            for (const link of new Set(links))
                if (!(await fetch(link, {method: 'HEAD'})).ok) broken.push(link);
            return broken;
        }""")
    finally:
        page.unroute("**/*")
    return problems + [f"broken link: {link}" for link in broken] + offline.problems()


def walk_deck(page, base: str, name: str, opened: bool = False) -> tuple[list[Slide], list[str]]:
    """Every slide of the deck ``name``, and the problems of the deck as a whole (requests).

    ``opened``: with every exercise's after-answer block open, as an instructor shows it once the
    room has answered (each slide must fit then too).
    """
    offline = Offline(base)
    offline.attach(page)
    try:
        page.goto(f"{base}/{name}")
        page.wait_for_load_state("load")
        page.wait_for_function(_MATHJAX_DONE, timeout=30_000)
        report = page.evaluate(_WALK_DECK, [_CONTENT_PROBLEMS, opened])
    finally:
        page.unroute("**/*")
    slides = [Slide(name + (" (after-answer blocks open)" if opened else ""), s["h"], s["v"], s["title"],
                    round(s["tooTall"]), round(s["tooWide"]), s["scrolls"], s["problems"]) for s in report]
    return slides, offline.problems()


def deck_accessibility_problems(page, base: str, name: str) -> list[str]:
    """The WCAG 2.1 A and AA violations axe-core finds in every slide of the deck ``name`` at once.

    reveal.js's print view (``?print-pdf``) lays out every slide as a page of its own, all shown, where the
    deck otherwise hides all but one from the accessibility tree; the after-answer blocks are opened, so
    that what they hold is scanned too. One scan of the whole deck instead of one per slide.
    """
    page.goto(f"{base}/{name}?print-pdf")
    page.wait_for_load_state("load")
    page.wait_for_function(_MATHJAX_DONE, timeout=30_000)
    page.wait_for_function("() => document.documentElement.classList.contains('reveal-print')", timeout=30_000)
    page.evaluate(_OPEN_AFTER_ANSWER)
    return accessibility_problems(page)


def main(directory: Path) -> int:
    """Print each deck's slides that fail, and each page's problems; 1 if anything fails."""
    failed = False
    with serve(directory) as base, browser_page() as page:
        page.set_viewport_size(SLIDE_VIEWPORT)
        for deck, opened in ((deck, opened) for deck in sorted(directory.glob("*.slides.html"))
                             for opened in (False, True)):
            slides, problems = walk_deck(page, base, deck.name, opened)
            problems += deck_accessibility_problems(page, base, deck.name) if not opened else []
            too_big = [s for s in slides if s.too_tall > 1 or s.too_wide > 1]
            print(f"{deck.name}: {len(slides)} slides, {len(too_big)} too large for the page")
            for slide in slides:
                for failure in slide.failures:
                    print(f"  FAIL {slide}: {failure}")
                    failed = True
            for problem in problems:
                print(f"  FAIL {problem}")
                failed = True
        for page_file in sorted(set(directory.glob("*.html")) - set(directory.glob("*.slides.html"))):
            for problem in check_page(page, base, page_file.name):
                print(f"FAIL {page_file.name}: {problem}")
                failed = True
    return int(failed)


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "build/site")))
