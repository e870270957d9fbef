"""What the course installs and publishes besides the package: JupyterLab settings, static pages, Binder links.

The pages themselves are checked in a browser by ``test_static_pages.py``.
"""

import base64
import io
import json
import re
import subprocess
import sys
import tomllib
import urllib.parse
from pathlib import Path

import nbformat
import pytest
from PIL import Image

from lecture_utils.datasets import make_separable
from lecture_utils.widgets import PerceptronStepper
from lecture_utils.widgets._base import PIXEL_RATIO, display_size

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "publish"))
import course_pages  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def stepper():
    data = make_separable(20, 0.1, random_state=0)
    return PerceptronStepper(data.X, data.y)


def test_settings_are_installed_with_the_package():
    """pip installs jupyter-config/ into the environment (make lab, Binder's postBuild, conda)."""
    shared = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"][
        "shared-data"]
    assert set(shared) == {f"jupyter-config/{path.name}" for path in (ROOT / "jupyter-config").glob("*.json")}
    for source, target in shared.items():
        assert json.loads((Path(sys.prefix) / target).read_text()) == json.loads((ROOT / source).read_text())


def test_a_fresh_install_writes_named_drop_ins_and_no_top_level_server_config(tmp_path):
    """On a shared JupyterHub image the environment's jupyter_server_config.json is the admin's: never ours.

    The wheel pip builds is installed into a new environment of its own (never this one: pip's ``--prefix``
    would uninstall the package from the environment running the tests).
    """
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(tmp_path / "wheel"), str(ROOT)], check=True, capture_output=True)
    prefix = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(prefix / "bin" / "python"), "install", "--quiet",
                    "--no-deps", "--no-index", *map(str, (tmp_path / "wheel").glob("*.whl"))],
                   check=True, capture_output=True)
    config = sorted(path.relative_to(prefix).as_posix() for path in (prefix / "etc").rglob("*") if path.is_file())
    assert config == ["etc/jupyter/jupyter_server_config.d/linear-classifiers.json"]
    lab = sorted(path.relative_to(prefix).as_posix() for path in (prefix / "share" / "jupyter").rglob("*")
                 if path.is_file())
    assert lab == ["share/jupyter/lab/settings/overrides.d/linear-classifiers.json"]
    # the drop-in only enables the course's server extension, which the package ships
    enabled = json.loads((prefix / config[0]).read_text())["ServerApp"]["jpserver_extensions"]
    assert enabled == {"lecture_utils._jupyter_server": True}
    site_packages = next(prefix.glob("lib/python*/site-packages"))
    assert (site_packages / "lecture_utils" / "_jupyter_server.py").is_file()


def test_the_server_extension_adds_src_to_what_the_server_already_hides():
    from jupyter_server.services.contents.filemanager import FileContentsManager

    from lecture_utils import _jupyter_server

    class Server:
        contents_manager = FileContentsManager(hide_globs=["*.secret", "__pycache__"])   # an admin's own list

    assert _jupyter_server._jupyter_server_extension_points() == [{"module": "lecture_utils._jupyter_server"}]
    for _ in range(2):                                     # loaded twice, it adds src once
        _jupyter_server._load_jupyter_server_extension(Server)
    assert Server.contents_manager.hide_globs == ["*.secret", "__pycache__", "src"]
    assert not Server.contents_manager.should_list("src") and Server.contents_manager.should_list("notebooks")


def test_a_widget_picture_is_shown_at_half_its_pixels(stepper):
    picture = Image.open(io.BytesIO(stepper.png()))
    assert display_size(stepper.png()) == (picture.width / PIXEL_RATIO, picture.height / PIXEL_RATIO)
    assert display_size(base64.b64encode(stepper.png()).decode()) == display_size(stepper.png())
    # and it is the figure's size in inches at 100 CSS pixels per inch
    assert display_size(stepper.png()) == tuple(round(100 * inches) for inches in stepper.fig.get_size_inches())


def test_a_widget_displays_its_picture_at_its_natural_size(stepper, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *args, **kwargs: shown.append((args, kwargs)))
    stepper._ipython_display_()
    (bundle,), options = shown[0]
    assert WIDGET_VIEW in bundle and options["raw"]
    picture = Image.open(io.BytesIO(base64.b64decode(bundle["image/png"])))
    shown_as = options["metadata"]["image/png"]
    assert (shown_as["width"], shown_as["height"]) == (picture.width // 2, picture.height // 2)
    assert shown_as["alt"].startswith(stepper.status) and "20 data points in 2 classes" in shown_as["alt"]


def test_pages_link_to_each_other_and_show_widget_pictures_at_their_size(tmp_path, stepper):
    png = base64.b64encode(stepper.png()).decode()
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("See [the notation](NOTATION.md#scores), [notebook 02]"
                                      "(02_information_theory.ipynb) and [a site](https://example.org/a.md)."),
        nbformat.v4.new_code_cell("stepper", execution_count=1, outputs=[nbformat.v4.new_output(
            "display_data", data={WIDGET_VIEW: {"model_id": "1"}, "image/png": png, "text/plain": "start"})]),
    ], metadata={"widgets": {"state": {}}})
    path = tmp_path / "99_example.ipynb"
    nbformat.write(notebook, path)

    for suffix in (".html", ".slides.html"):
        prepared = course_pages.prepared(path, suffix)
        assert prepared.cells[0].source == (
            f"See [the notation](NOTATION.html#scores), [notebook 02](02_information_theory{suffix}) "
            "and [a site](https://example.org/a.md).")
        assert "widgets" not in prepared.metadata          # no widget manager: the picture stands in
        picture = Image.open(io.BytesIO(stepper.png()))
        assert prepared.cells[1].outputs[0].metadata["image/png"] == {"width": picture.width / 2,
                                                                      "height": picture.height / 2}


def test_the_vendored_reveal_js_is_what_the_decks_load():
    vendor = ROOT / "publish" / "vendor" / "reveal.js"
    assert "Permission is hereby granted, free of charge" in (vendor / "LICENSE").read_text()   # MIT
    template = (ROOT / "publish" / "templates" / "course_reveal" / "index.html.j2").read_text()
    loaded = re.findall(r"url_prefix }}/([\w/.-]+)", template)
    assert loaded and all((vendor / path).is_file() for path in loaded)


def test_readme_launches_the_same_binder_and_jupyterhub_links_as_the_site():
    readme = (ROOT / "README.md").read_text()
    assert f"[![Binder](https://mybinder.org/badge_logo.svg)]({course_pages.binder_url()})" in readme
    clone = urllib.parse.quote(f"https://github.com/{course_pages.REPOSITORY}", safe="")
    assert f"git-pull?repo={clone}&branch=main&urlpath=" in readme


@pytest.mark.parametrize("spoil, problem", [
    (lambda cell: cell.outputs.append(nbformat.v4.new_output("error", ename="NameError", evalue="x", traceback=[])),
     "an error output (NameError)"),
    (lambda cell: setattr(cell, "execution_count", None), "no output of a run"),
], ids=["error output", "cell not run"])
def test_a_notebook_saved_mid_session_is_refused_before_anything_is_written(tmp_path, monkeypatch, spoil, problem):
    """As JupyterLab's autosave leaves it: the build names the notebook and the cell, and writes nothing."""
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    for path in course_pages.course_notebooks()[:2]:
        (notebooks / path.name).write_bytes(path.read_bytes())
    edited = notebooks / "02_information_theory.ipynb"
    notebook = nbformat.read(edited, as_version=4)
    number, cell = next((number, cell) for number, cell in enumerate(notebook.cells, start=1)
                        if cell.cell_type == "code" and number > 10)
    spoil(cell)
    nbformat.write(notebook, edited)
    monkeypatch.setattr(course_pages, "NOTEBOOKS", notebooks)
    for build in (course_pages.build_slides, course_pages.build_site):
        with pytest.raises(course_pages.NotReady, match=re.escape(f"02_information_theory.ipynb, cell {number} (")) \
                as refused:
            build(tmp_path / "out")
        assert problem in str(refused.value) and "make notebooks ONLY=02" in str(refused.value)
        assert not (tmp_path / "out").exists()


def test_pages_and_decks_take_the_notebooks_titles(tmp_path):
    for path in course_pages.course_notebooks():
        source = ROOT / "notebooks" / "src" / f"{path.stem}.py"                  # its heading, "# # 04 · ..."
        heading = next(line for line in source.read_text().splitlines() if line.startswith("# # "))
        assert course_pages.prepared(path, ".html").metadata["title"] == heading.removeprefix("# # ")
