"""Python's syntax trees, made one at a time in the grader's process.

`make grade` grades several submissions at once, in threads (``tools/homework.py``). CPython 3.11 counts the depth
of a tree it converts (source to tree, tree to code) in state its threads share, so two conversions at once can
fail with "SystemError: AST constructor recursion depth mismatch" (python/cpython#106905; seen once in `make
test`, which flagged a submission "the grader failed on it"). The grader's parses and compilations of trees go
through here.
"""

from __future__ import annotations

import ast
import threading

_ONE_AT_A_TIME = threading.Lock()


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse(source, filename)``, while no other thread of the grader converts a tree."""
    with _ONE_AT_A_TIME:
        return ast.parse(source, filename)


def compile_tree(tree: ast.Module, filename: str):
    """``compile(tree, filename, "exec")``, while no other thread of the grader converts a tree."""
    with _ONE_AT_A_TIME:
        return compile(tree, filename, "exec")
