"""`make slides` and `make site`: the executed notebooks as reveal.js decks and web pages that need no network.

    python publish/course_pages.py slides [OUT]   a deck of each notebook (default build/slides)
    python publish/course_pages.py site [OUT]     the course site (default build/site): an index in teaching
                                           order, each notebook as a page and as a deck, the notation,
                                           and the notebooks themselves to download

Everything a page loads sits in ``_static/`` beside it: reveal.js (vendored in
``publish/vendor``), MathJax 2 (from the jupyter-server-mathjax package) and the
course's styles. A widget shows the picture stored with it, at its natural size;
an exercise check shows its verdict. The output folder can be copied to any web
server, or opened from disk.

Only notebooks as `make notebooks` leaves them are published: a notebook with an error
output or a code cell that was not run (as one saved in JupyterLab mid-session may be)
is refused, naming the notebook and the cell, before anything is written.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import jupyter_server_mathjax
import nbformat
from jinja2 import Environment, FileSystemLoader
from nbconvert import HTMLExporter, SlidesExporter
from traitlets.config import Config

from lecture_utils.widgets._base import display_size

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"
TEMPLATES = HERE / "templates"
STATIC = "_static"

#: The course's public repository on GitHub; the README's Binder badge points to the same.
REPOSITORY = "linear-classifiers/linear-classifiers"
BINDER = f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: The size of a deck's slide in CSS pixels: a 16:9 projector.
SLIDE_WIDTH, SLIDE_HEIGHT = 1280, 720

# a link to another notebook or to the notation, e.g. "](02_information_theory.ipynb#3-entropy)"
_LOCAL_LINK = re.compile(r"\]\((?P<name>NOTATION|\d\d_\w+)\.(?:md|ipynb)(?P<anchor>#[^)\s]*)?\)")


def course_notebooks() -> list[Path]:
    """The course's notebooks in teaching order (their names start with two digits)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


class NotReady(Exception):
    """A notebook that must not be published as it is: an error output or a code cell not run."""


def check_ready(path: Path, notebook) -> None:
    """Refuse a notebook with an error output or a code cell that was not run, naming the notebook and cell."""
    for number, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        errors = [output for output in cell.get("outputs", []) if output.get("output_type") == "error"]
        problem = (f"an error output ({errors[0].get('ename', 'error')})" if errors
                   else "no output of a run" if cell.get("execution_count") is None else None)
        if problem:
            first_line = cell.source.strip().splitlines()[0][:60]
            raise NotReady(f"{path.name}, cell {number} ({first_line!r}): {problem}. Rebuild it from its source "
                           f"(`make notebooks ONLY={path.name[:2]}`), or go back to the committed notebook "
                           f"(`git restore notebooks/{path.name}`, which drops your changes to it), then try again.")


def binder_url(notebook: str = "01_perceptron.ipynb") -> str:
    """Binder's launch link, opening ``notebook`` in JupyterLab."""
    return f"{BINDER}?urlpath=lab/tree/notebooks/{notebook}"


def title(notebook) -> str:
    """The notebook's title: its first Markdown heading."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return notebook.metadata.get("title", "")


def prepared(path: Path, page_suffix: str):
    """The notebook ready to export: stored pictures instead of live widgets, links between pages.

    Without the widget state nbconvert shows each widget's fallback output (its
    picture), and loads no widget manager from a CDN.
    """
    notebook = nbformat.read(path, as_version=4)
    check_ready(path, notebook)
    notebook.metadata.pop("widgets", None)
    notebook.metadata["title"] = title(notebook) or path.stem      # the page's and deck's title, not the file's name
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = _LOCAL_LINK.sub(
                lambda m: f"]({m['name']}{'.html' if m['name'] == 'NOTATION' else page_suffix}{m['anchor'] or ''})",
                cell.source)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and "image/png" in data and "image/png" not in output.get("metadata", {}):
                # a widget's picture is drawn at twice its size on screen: show it at its natural size
                width, height = display_size(data["image/png"])
                output.setdefault("metadata", {})["image/png"] = {"width": width, "height": height}
    return notebook


def exporter(slides: bool):
    """nbconvert's exporter of a deck (``slides``) or of a page, with the course's templates."""
    config = Config()
    config.TemplateExporter.extra_template_basedirs = [str(TEMPLATES)]
    config.TemplateExporter.extra_template_paths = [str(TEMPLATES)]      # for course_head.html.j2
    if slides:
        config.TemplateExporter.exclude_input_prompt = True
        config.TemplateExporter.exclude_output_prompt = True
        config.SlidesExporter.reveal_url_prefix = f"{STATIC}/reveal.js"
        config.SlidesExporter.reveal_theme = "course"
        config.SlidesExporter.reveal_width = str(SLIDE_WIDTH)
        config.SlidesExporter.reveal_height = str(SLIDE_HEIGHT)
        return SlidesExporter(config=config, template_name="course_reveal")
    return HTMLExporter(config=config, template_name="course_lab")


def export(through, notebook, name: str, out: Path, suffix: str, **resources) -> Path:
    """Write ``notebook`` through the exporter ``through`` to ``out/<name><suffix>``."""
    body, _ = through.from_notebook_node(
        notebook, resources={"metadata": {"name": name}, "static_prefix": STATIC, **resources})
    target = out / f"{name}{suffix}"
    target.write_text(body, encoding="utf-8")
    return target


def copy_static(out: Path) -> None:
    """reveal.js with the course's theme, MathJax, and the site's style sheet, into ``out/_static``."""
    static = out / STATIC
    shutil.rmtree(static, ignore_errors=True)
    shutil.copytree(HERE / "vendor" / "reveal.js", static / "reveal.js", ignore=shutil.ignore_patterns("*.md"))
    (static / "reveal.js" / "dist" / "theme").mkdir()
    shutil.copy(HERE / "static" / "slides.css", static / "reveal.js" / "dist" / "theme" / "course.css")
    shutil.copy(HERE / "static" / "site.css", static / "site.css")
    shutil.copy(HERE / "static" / "contrast.css", static / "contrast.css")
    mathjax = Path(jupyter_server_mathjax.__file__).parent / "static"
    # what the pages load (TeX in, HTML-CSS out, English): not the SVG output, the accessibility
    # explorer or the other languages, 9 MB they never ask for (the browser tests would see a missing file)
    shutil.copytree(mathjax, static / "mathjax", ignore=shutil.ignore_patterns("localization", "SVG", "a11y"))


def notation_page(out: Path, in_site: bool) -> Path:
    """notebooks/NOTATION.md as a page of its own (its tables hold maths), with the site's bar ``in_site``."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        (NOTEBOOKS / "NOTATION.md").read_text(encoding="utf-8"))], metadata={"title": "The course's notation"})
    return export(exporter(slides=False), notebook, "NOTATION", out, ".html", course_notebook=False,
                  in_site=in_site)


def build_slides(out: Path) -> list[Path]:
    """A deck of each notebook, ``NN_name.slides.html``, with what they load; returns the decks.

    Raises :class:`NotReady`, before writing anything, if a notebook has an error output or a cell not run.
    """
    notebooks = {path: prepared(path, ".slides.html") for path in course_notebooks()}
    out.mkdir(parents=True, exist_ok=True)
    copy_static(out)
    notation_page(out, in_site=False)
    decks = exporter(slides=True)
    return [export(decks, notebook, path.stem, out, ".slides.html") for path, notebook in notebooks.items()]


def build_site(out: Path) -> list[Path]:
    """The course site: ``index.html``, a page and a deck of each notebook; returns every page."""
    decks = build_slides(out)
    notation_page(out, in_site=True)
    pages_exporter = exporter(slides=False)
    pages, entries = [], []
    for path in course_notebooks():
        notebook = prepared(path, ".html")
        pages.append(export(pages_exporter, notebook, path.stem, out, ".html", course_notebook=True, in_site=True,
                            binder_url=binder_url(path.name)))
        shutil.copy(path, out / path.name)
        entries.append({"name": path.stem, "title": title(notebook), "binder": binder_url(path.name)})
    index = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True).get_template("site_index.html.j2")
    (out / "index.html").write_text(index.render(notebooks=entries, binder=binder_url()), encoding="utf-8")
    return [out / "index.html", out / "NOTATION.html", *pages, *decks]


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in ("slides", "site"):
        sys.exit(__doc__)
    kind = sys.argv[1]
    out = Path(sys.argv[2] if len(sys.argv) == 3 else ROOT / "build" / kind)
    try:
        written = (build_slides if kind == "slides" else build_site)(out)
    except NotReady as refused:
        sys.exit(f"Nothing published: {refused}")
    print(f"{len(written)} pages in {out}: open {out / ('index.html' if kind == 'site' else written[0].name)}")
