"""Small helpers for showing the package's own code in a notebook."""

from __future__ import annotations

import ast
import inspect
import textwrap


def source_without_docstring(function) -> str:
    """The source code of ``function`` with its docstring removed, dedented."""
    if not (inspect.isfunction(function) or inspect.ismethod(function) or inspect.isclass(function)):
        raise TypeError(f"function must be a Python function, method or class, e.g. perceptron.perceptron_plain; "
                        f"got {function!r} of type {type(function).__name__}, which has no Python source.")
    source = textwrap.dedent(inspect.getsource(function))
    body = getattr(ast.parse(source).body[0], "body", None)              # a lambda in an assignment has none
    if not (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        return source
    lines = source.splitlines()
    docstring = body[0]
    return "\n".join(lines[:docstring.lineno - 1] + lines[docstring.end_lineno:]) + "\n"


def show_source(function) -> None:
    """Print the code of a function of the package, so a notebook shows exactly what runs."""
    print(source_without_docstring(function), end="")
