"""Showing the package's code in a notebook: the source without its docstring."""

from lecture_utils.display import show_source, source_without_docstring


def documented(x):
    """A docstring
    over two lines."""
    return x + 1          # the body


def undocumented(x):
    return x * 2


def test_docstring_is_removed_and_the_body_kept():
    assert source_without_docstring(documented) == (
        "def documented(x):\n    return x + 1          # the body\n")


def test_a_function_without_docstring_is_shown_whole(capsys):
    show_source(undocumented)
    assert capsys.readouterr().out == "def undocumented(x):\n    return x * 2\n"
