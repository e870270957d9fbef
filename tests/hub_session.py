"""A real JupyterHub in a scratch folder, for `make test-hub` and the 20-student benchmark.

The hub is JupyterHub from PyPI (the ``hub`` extra, in ``.venv-hub``) behind configurable-http-proxy from npm
(``hub/package-lock.json``, in ``hub/node_modules``), with the dummy authenticator (any name, no password) and the
simple local-process spawner: each user's server is ``jupyterhub-singleuser`` of the same environment, started in
the user's home folder ``<scratch>/home/<name>``, with the settings the course installs into that environment
(``jupyter-config/``), nbgitpuller and nbgrader, as in the user image (``hub/Dockerfile``). nbgrader's exchange
is a folder of the scratch folder, named by a ``nbgrader_config.py`` on every server's Jupyter config path, as
shared storage is on a Kubernetes hub (``hub/config.yaml``).

The course the students pull is a bare clone of this repository's committed ``HEAD`` as branch ``main``, named
``linear-classifiers`` (nbgitpuller names the student's folder after the repository, without ``.git``).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
#: The proxy, installed by `make test-hub` with npm ci from hub/package-lock.json.
PROXY = ROOT / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
#: The course's name on the hub: the folder nbgitpuller clones it into, and nbgrader's course id.
COURSE = "linear-classifiers"
#: The instructor's user name: an admin of the hub, and the one who runs nbgrader's release and collect.
INSTRUCTOR = "instructor"


class Unavailable(RuntimeError):
    """The hub cannot start here: what is missing, and how to get it."""


def check() -> None:
    """Raise :class:`Unavailable` naming what the hub needs and lacks."""
    bin_ = Path(sys.executable).parent
    missing = [name for name in ("jupyterhub", "jupyterhub-singleuser", "nbgrader") if not (bin_ / name).exists()]
    if missing:
        raise Unavailable(f"{', '.join(missing)} not installed in {sys.prefix}: `make test-hub` makes .venv-hub with them")
    if not PROXY.exists():
        raise Unavailable(f"configurable-http-proxy not found at {PROXY}: `make test-hub` installs it with npm ci")
    if shutil.which("node") is None:
        raise Unavailable("node not found: `apt-get install nodejs npm`, which the proxy needs")
    if shutil.which("git") is None:
        raise Unavailable("git not found: nbgitpuller needs it")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def git(where, *args, env=None) -> str:
    return subprocess.run(["git", "-C", str(where), *args], check=True, capture_output=True, text=True,
                          env=env, timeout=120).stdout


GIT_IDENTITY = {"GIT_AUTHOR_NAME": "instructor", "GIT_AUTHOR_EMAIL": "instructor@example.org",
                "GIT_COMMITTER_NAME": "instructor", "GIT_COMMITTER_EMAIL": "instructor@example.org"}


def publish_course(folder: Path) -> Path:
    """A bare repository ``folder/linear-classifiers`` holding this repository's ``HEAD`` as branch ``main``."""
    upstream = folder / COURSE
    subprocess.run(["git", "init", "--quiet", "--bare", "--initial-branch=main", str(upstream)], check=True)
    git(upstream, "config", "receive.shallowUpdate", "true")         # CI's checkout may be shallow
    git(ROOT, "push", "--quiet", str(upstream), "HEAD:refs/heads/main")
    return upstream


_CONFIG = """\
# written by tests/hub_session.py
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = {bind_url!r}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = {proxy_api!r}
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.should_start = True
c.JupyterHub.db_url = {db_url!r}
c.JupyterHub.cookie_secret_file = {cookie!r}
c.JupyterHub.pid_file = {pid!r}
c.JupyterHub.cleanup_servers = True
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {{{instructor!r}}}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {home!r}
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = {args!r}
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
c.Spawner.environment = {environment!r}
c.JupyterHub.services = [{{"name": "driver", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "driver", "services": ["driver"],
                            "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"]}}]
c.JupyterHub.concurrent_spawn_limit = 0
c.JupyterHub.active_server_limit = 0
"""

# nbgrader's exchange, as every server sees it (on Kubernetes: a shared volume mounted at the same place)
_NBGRADER = """\
import os
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {course!r}
c.Exchange.root = {exchange!r}
# On Z2JH every server runs as jovyan, and nbgrader names the student by JUPYTERHUB_USER; here every server runs as
# this machine's one user (the simple local-process spawner), so a student's server names its student the same way.
if os.environ.get("JUPYTERHUB_USER") not in (None, {instructor!r}):
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
"""


class Hub(NamedTuple):
    """A running hub: its public URL, the scratch folder, the driver service's API token, and the course's upstream."""

    url: str
    root: Path
    token: str
    upstream: Path

    def home(self, user: str) -> Path:
        return self.root / "home" / user

    def api(self, method: str, path: str, body=None, timeout: float = 30):
        request = urllib.request.Request(f"{self.url}/hub/api{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read()
            return json.loads(text) if text else None

    def start_server(self, user: str, timeout: float = 240) -> None:
        """Create ``user`` if needed and start their server; return once it answers."""
        with contextlib.suppress(urllib.error.HTTPError):
            self.api("POST", f"/users/{user}")
        with contextlib.suppress(urllib.error.HTTPError):
            self.api("POST", f"/users/{user}/server")
        deadline = time.monotonic() + timeout
        while not self.api("GET", f"/users/{user}")["servers"].get("", {}).get("ready"):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{user}'s server did not start within {timeout:.0f} s; see {self.root}/hub.log")
            time.sleep(0.5)

    def server_pid(self, user: str) -> int:
        """The process id of ``user``'s single-user server (the local process spawner's child)."""
        state = self.api("GET", f"/users/{user}?include_stopped_servers")["servers"][""]
        return int(state["state"]["pid"])

    def pull_link(self, readme_link: str, urlpath: str | None = None) -> str:
        """The README's nbgitpuller link, on this hub and pulling this hub's upstream (its branch and path kept)."""
        parts = urllib.parse.urlsplit(readme_link)
        query = dict(urllib.parse.parse_qsl(parts.query))
        query["repo"] = self.upstream.as_uri()
        if urlpath is not None:
            query["urlpath"] = urlpath
        return f"{self.url}{parts.path}?{urllib.parse.urlencode(query)}"


def readme_pull_link() -> str:
    """The nbgitpuller link that the README hands out (``https://HUB/hub/user-redirect/git-pull?...``)."""
    for line in (ROOT / "README.md").read_text().splitlines():
        if "/hub/user-redirect/git-pull?" in line:
            return line.strip().strip("<>`")
    raise AssertionError("the README hands out no nbgitpuller link")


@contextlib.contextmanager
def jupyterhub(folder: Path | None = None, environment: dict | None = None):
    """Start a hub in a scratch folder (``folder``, or a new temporary one); yield a :class:`Hub`.

    The hub's log is ``<scratch>/hub.log``. Every server and the proxy are stopped when the block ends.
    """
    check()
    scratch = Path(folder or tempfile.mkdtemp(prefix="hub-test-"))
    (scratch / "home").mkdir(parents=True, exist_ok=True)
    exchange = scratch / "exchange"
    exchange.mkdir(exist_ok=True)
    exchange.chmod(0o1777)                  # nbgrader's exchange: everyone writes, nobody removes others' files
    config_dir = scratch / "etc-jupyter"
    config_dir.mkdir(exist_ok=True)
    (config_dir / "nbgrader_config.py").write_text(_NBGRADER.format(course=COURSE, exchange=str(exchange), instructor=INSTRUCTOR))
    drop_ins = config_dir / "jupyter_server_config.d"             # the user image's, where hub/Dockerfile puts it
    drop_ins.mkdir(exist_ok=True)
    shutil.copy(ROOT / "hub" / "jupyter_server_config.json", drop_ins / "linear-classifiers-hub.json")
    upstream = publish_course(scratch / "upstream")

    port, token = free_port(), secrets.token_hex(16)
    bin_ = Path(sys.executable).parent
    env = {"JUPYTER_CONFIG_PATH": str(config_dir),
           "PATH": os.pathsep.join([str(bin_), "/usr/local/bin", "/usr/bin", "/bin"]),
           **(environment or {})}
    (scratch / "jupyterhub_config.py").write_text(_CONFIG.format(
        bind_url=f"http://127.0.0.1:{port}", hub_port=free_port(), proxy_api=f"http://127.0.0.1:{free_port()}",
        proxy=str(PROXY), db_url=f"sqlite:///{scratch / 'jupyterhub.sqlite'}", cookie=str(scratch / "cookie_secret"),
        pid=str(scratch / "jupyterhub.pid"), instructor=INSTRUCTOR, home=str(scratch / "home" / "{username}"),
        singleuser=str(bin_ / "jupyterhub-singleuser"), args=["--allow-root"] if os.geteuid() == 0 else [],
        environment=env, token=token))
    log = open(scratch / "hub.log", "w")
    hub_env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "LOGNAME"))}
    hub_env["PATH"] = env["PATH"]
    process = subprocess.Popen([str(bin_ / "jupyterhub"), "-f", str(scratch / "jupyterhub_config.py")],
                               cwd=scratch, stdout=log, stderr=subprocess.STDOUT, env=hub_env,
                               start_new_session=True)
    hub = Hub(f"http://127.0.0.1:{port}", scratch, token, upstream)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                hub.api("GET", "/", timeout=2)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    tail = (scratch / "hub.log").read_text()[-3000:]
                    raise Unavailable(f"JupyterHub did not start within 90 s (log {scratch}/hub.log):\n{tail}") from None
                time.sleep(0.3)
        yield hub
    finally:
        process.terminate()                 # the hub stops its servers (cleanup_servers) and its proxy
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
        log.close()
        if folder is None and os.environ.get("KEEP_HUB") is None:
            shutil.rmtree(scratch, ignore_errors=True)


def log_in(page, hub: Hub, user: str) -> None:
    """Log ``user`` in on the hub's login page (the dummy authenticator takes any password)."""
    page.goto(f"{hub.url}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", "anything")
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(lambda url: "/hub/login" not in url, timeout=60_000)


def children(pid: int) -> list[int]:
    """Every descendant of ``pid`` (the kernels a server started)."""
    found, queue = [], [pid]
    while queue:
        parent = queue.pop()
        for task in Path(f"/proc/{parent}/task").iterdir():
            with contextlib.suppress(OSError):
                kids = [int(kid) for kid in (task / "children").read_text().split()]
                found += kids
                queue += kids
    return found


def kernel_pids(server_pid: int) -> list[int]:
    """The ipykernel processes under a server."""
    found = []
    for pid in children(server_pid):
        with contextlib.suppress(OSError):
            if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
    return found
