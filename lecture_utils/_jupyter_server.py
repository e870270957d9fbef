"""The course's setting of a Jupyter server, as a server extension enabled by a named drop-in.

pip installs ``etc/jupyter/jupyter_server_config.d/linear-classifiers.json`` (from
``jupyter-config/server-config.json``), which enables this extension. Files in that folder
only enable extensions (a server reads other settings from its top-level
``jupyter_server_config.json``, which belongs to whoever runs it: a JupyterHub's admin), so
the setting is made here: folders named ``src``, the notebooks' jupytext sources, are added
to what the file browser hides, beside whatever the server already hides. An admin turns it
off with ``jupyter server extension disable lecture_utils._jupyter_server``.
"""

#: Names the file browser hides besides the server's own list: the notebooks' sources (notebooks/src).
HIDDEN = ("src",)


def _jupyter_server_extension_points():
    return [{"module": "lecture_utils._jupyter_server"}]


def _load_jupyter_server_extension(serverapp) -> None:
    manager = serverapp.contents_manager
    manager.hide_globs = [*manager.hide_globs, *(name for name in HIDDEN if name not in manager.hide_globs)]
