"""An assignment's tests, read from the instructor's source notebook in the grader's own process.

The test cells are the instructor's code, so the grader runs them, but with ``check``, ``check_number`` and
``is_number`` replaced by recorders: each call becomes a :class:`FunctionCheck` or an :class:`AnswerCheck`
(what to call or read in the sandbox, and what to compare with, here). The student's names in a test cell
(``perceptron_epoch``, ``distance``) are :class:`StudentName` placeholders: nothing of a submission runs here.
The setup cell runs first (``np``, ``scipy`` and the names it defines), then the test cells in order, each
region of it known as visible or hidden by nbgrader's markers.

Each student has numbers of their own (``homework_numbers``): the tests are read for one student, whose
numbers the setup draws (whatever ``STUDENT_ID`` the notebook names), and the hidden tests compute their
expected values from the instructor's **model solution** run on those numbers: the solution cells run, in the
grader's process, after the setup, in a namespace of their own, which the hidden code reaches as ``model``
(``check_number(distance, model.distance, "distance")``, ``expected=model.pocket_perceptron(X, t, 3)``).
Hidden cases draw their data from the student's identity too (``numbers.stream("pocket_hidden")``).

The language of a test cell is therefore: any Python that computes cases, and calls
``check(function_name, dict(...), expected=..., ...)``, ``check_number(name, truth, "name")`` and
``is_number(name, "name", size=...)`` with a student's name as their first argument (a case's argument may be a
``lambda``, which reads the cell's names as they are when its check is made). A hidden ``check`` names
its case (``case="N = 0"``), which is how the feedback names it; only hidden code may use ``model``, which the
student's notebook does not have. :func:`read` raises ``ValueError`` for anything else, so ``make homework``
finds the mistake before a class is graded.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import re
import types
from dataclasses import dataclass, field

import homework_checks
import homework_numbers

from . import syntax

_MARKER = re.compile(r"^\s*#+\s*(BEGIN|END) HIDDEN TESTS\s*$")


@dataclass(frozen=True)
class StudentName:
    """A name the student's notebook defines, as it appears in a test cell."""

    name: str


@dataclass
class FunctionCheck:
    """A call of a student's function on one case, and what it must give (``homework_checks.check``)."""

    function: str
    arguments: dict
    options: dict                    #: expected, raises, unchanged, time_limit, rtol, atol (``verdict``'s)
    numpy_only: bool                 #: the task switches scipy off (``forbid``)
    hidden: str | None               #: the case's name if it is hidden, else None


@dataclass
class AnswerCheck:
    """A derived answer the student's notebook defines, and how it is judged (``is_number`` or ``check_number``)."""

    variable: str
    judge: str                       #: "is_number" or "check_number"
    arguments: dict                  #: the judge's arguments but the answer (truth, name, size)
    hidden: bool


@dataclass
class TestCell:
    """A graded test cell: its checks, in order; it earns its points when all of them pass."""

    grade_id: str
    checks: list = field(default_factory=list)

    @property
    def functions(self) -> list[str]:
        return sorted({check.function for check in self.checks if isinstance(check, FunctionCheck)})

    @property
    def answers(self) -> list[str]:
        return sorted({check.variable for check in self.checks if isinstance(check, AnswerCheck)})


def regions(source: str) -> list[tuple[str, bool]]:
    """The cell's source as (code, hidden) regions, nbgrader's marker lines left out."""
    found, lines, hidden = [], [], False
    for line in source.splitlines():
        match = _MARKER.match(line)
        if match:
            found.append(("\n".join(lines), hidden))
            lines, hidden = [], match[1] == "BEGIN"
        else:
            lines.append(line)
    found.append(("\n".join(lines), hidden))
    return [(code, hidden) for code, hidden in found if code.strip()]


class _Recorder:
    """Stands for ``homework_checks`` while the instructor's test cells run: records each call."""

    def __init__(self):
        self.cell: TestCell | None = None
        self.hidden = False

    def _student(self, value, helper: str) -> str:
        if not isinstance(value, StudentName):
            raise ValueError(f"test cell {self.cell.grade_id}: {helper}'s first argument must be a name that "
                             f"the student's notebook defines; got {value!r}")
        return value.name

    def check(self, *args, **kwargs) -> None:
        bound = inspect.signature(homework_checks.check).bind(*args, **kwargs)
        bound.apply_defaults()
        given = dict(bound.arguments)
        name, arguments, forbid, case = (given.pop(key) for key in ("function", "arguments", "forbid", "case"))
        if not isinstance(arguments, dict):
            raise ValueError(f"test cell {self.cell.grade_id}: check's arguments must be a dict; got {arguments!r}")
        self._no_student_name([arguments, given], "check")
        arguments = {key: _frozen(value) for key, value in arguments.items()}
        if self.hidden and not case:
            raise ValueError(f"test cell {self.cell.grade_id}: a hidden check must name its case (case=\"N = 0\"), "
                             "which is how the feedback names it")
        self.cell.checks.append(FunctionCheck(self._student(name, "check"), arguments, given, bool(forbid),
                                              case if self.hidden else None))

    def check_number(self, *args, **kwargs) -> None:
        self._answer("check_number", args, kwargs)

    def is_number(self, *args, **kwargs) -> None:
        self._answer("is_number", args, kwargs)

    def _answer(self, judge: str, args: tuple, kwargs: dict) -> None:
        given = dict(inspect.signature(getattr(homework_checks, judge)).bind(*args, **kwargs).arguments)
        name = self._student(given.pop("answer"), judge)
        self._no_student_name(given, judge)
        self.cell.checks.append(AnswerCheck(name, judge, given, self.hidden))

    def _no_student_name(self, value, helper: str) -> None:
        """Refuse a student's name anywhere but first: the grader compares with the instructor's values only."""
        if isinstance(value, StudentName):
            raise ValueError(f"test cell {self.cell.grade_id}: {helper} uses {value.name}, which no cell before "
                             "it defines (a typo, or a student's name where the instructor's value belongs)")
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, (list, tuple)):
            for item in value:
                self._no_student_name(item, helper)


class _KeepLambdaSources(ast.NodeTransformer):
    """Wrap each ``lambda`` of a test cell in ``__source__(lambda ..., "lambda ...")``: a case's function argument
    goes into the sandbox as its source (``plain.encode(..., functions=True)``)."""

    def __init__(self, code: str):
        self.code = code

    def visit_Lambda(self, node):
        source = ast.get_source_segment(self.code, node)
        self.generic_visit(node)
        return ast.Call(ast.Name("__source__", ast.Load()), [node, ast.Constant(source)], [])


def _keep_source(function, source: str):
    function.homework_source = source
    return function


def _frozen(value):
    """A test cell's lambda (a case's argument) with the values of the names it reads as they are now, when its
    check is recorded: a later cell, or the next turn of a loop, that binds a name again does not change it."""
    if not isinstance(getattr(value, "homework_source", None), str):
        return value
    codes, names = [value.__code__], set()
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes += [constant for constant in code.co_consts if isinstance(constant, types.CodeType)]
    space = {name: value.__globals__[name] for name in names | {"__builtins__"} if name in value.__globals__}
    frozen = types.FunctionType(value.__code__, space, value.__name__, value.__defaults__, value.__closure__)
    return _keep_source(frozen, value.homework_source)


class _Identity(types.ModuleType):
    """Stands for ``homework_numbers`` while the instructor's cells run: the numbers are ``student``'s, whatever
    ``STUDENT_ID`` the notebook names."""

    def __init__(self, student: str):
        super().__init__("homework_numbers")
        self.__dict__.update({name: getattr(homework_numbers, name) for name in homework_numbers.__all__})
        self.your_numbers = lambda assignment, *_, **__: homework_numbers.numbers_of(assignment, student)


def _model(solutions: list[str], namespace: dict) -> types.SimpleNamespace:
    """The names the model solution defines, from its cells run after the setup (``namespace``) in a copy."""
    space = dict(namespace)
    for index, code in enumerate(solutions):
        exec(compile(code, f"<model solution {index}>", "exec"), space)
    return types.SimpleNamespace(**{name: value for name, value in space.items()
                                    if name not in namespace or space[name] is not namespace[name]})


def _uses_model(code: str) -> bool:
    return any(isinstance(node, ast.Name) and node.id == "model" for node in ast.walk(syntax.parse(code)))


def _run(code: str, namespace: dict, where: str) -> None:
    """Run the instructor's ``code``, every name it reads but nothing defines standing for the student's."""
    tree = syntax.parse(code, where)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id not in namespace and not hasattr(builtins, node.id):
                namespace[node.id] = StudentName(node.id)
    tree = ast.fix_missing_locations(_KeepLambdaSources(code).visit(tree))
    exec(syntax.compile_tree(tree, where), namespace)


def read(setup: str, test_cells: list[tuple[str, str]], solutions: list[str], student: str) -> list[TestCell]:
    """The checks of each test cell for ``student``, from the setup cells' source, each (grade_id, source) of the
    test cells and the sources of the model solution's code cells."""
    recorder, identity = _Recorder(), _Identity(student)

    def importer(name, *args, **kwargs):
        stand_ins = {"homework_checks": recorder, "homework_numbers": identity}
        return stand_ins[name] if name in stand_ins else __import__(name, *args, **kwargs)

    namespace = {"__builtins__": {**vars(builtins), "__import__": importer}, "__name__": "tests",
                 "__source__": _keep_source}
    _run(setup, namespace, "<setup>")
    namespace["model"] = _model(solutions, namespace)
    cells = []
    for grade_id, source in test_cells:
        recorder.cell = TestCell(grade_id)
        for code, hidden in regions(source):
            if not hidden and _uses_model(code):
                raise ValueError(f"test cell {grade_id}: its visible code uses model, which only the grader has "
                                 "(the model solution): the student's notebook would fail there")
            recorder.hidden = hidden
            _run(code, namespace, f"<{grade_id}>")
        if not recorder.cell.checks:
            raise ValueError(f"test cell {grade_id} checks nothing: it calls none of check, check_number, is_number")
        cells.append(recorder.cell)
    return cells
