"""Issue 13: every bad input a clear error, every extreme input a right answer.

Runs the corpus of ``tests/corpus`` (one module per module of the package) and
checks that it covers every public name of ``lecture_utils``.
"""

import inspect

import pytest

from corpus import corpus_modules, covered_by, public_names, run, takes_arguments

MODULES = corpus_modules()
CASES = [case for module in MODULES for case in module.CASES]
DRAWING = ("plotting", "widgets")


def _of(group):
    return [case for case in CASES if (case.target.split(".")[0] in DRAWING) == (group == "drawing")
            and (case.target.startswith("exercises")) == (group == "exercises")]


# Names with arguments but nothing a caller could get wrong in them (names that take no
# argument at all, such as get_params() or step(), need no case either).
EXEMPT = {
    "exceptions.ConvergenceWarning": "a warning category: raised, never called by the caller",
    "exceptions.DivergenceWarning": "a warning category",
    "exceptions.SeparationWarning": "a warning category",
    "exceptions.FoldWarning": "a warning category",
    "optimization.objective.Objective.loss": "an abstract method: subclasses (FunctionObjective, LogisticLoss) supply it",
    "optimization.objective.Objective.gradient": "an abstract method",
    "optimization.objective.Objective.hessian": "an abstract method",
}


class TestAlgorithms:
    @pytest.mark.parametrize("case", _of("algorithms"), ids=lambda case: case.id)
    def test_case(self, case):
        run(case)


class TestDrawing:
    @pytest.mark.parametrize("case", _of("drawing"), ids=lambda case: case.id)
    def test_case(self, case):
        run(case)


class TestExercises:
    @pytest.mark.parametrize("case", _of("exercises"), ids=lambda case: case.id)
    def test_case(self, case):
        run(case)


def test_every_public_name_has_a_case():
    names = public_names()
    covered = {case.target for case in CASES}
    missing = sorted(name for name, obj in names.items()
                     if covered.isdisjoint(covered_by(name, obj)) and name not in EXEMPT and takes_arguments(obj))
    assert not missing, f"public names without a case in tests/corpus: {missing}"


def test_every_case_names_a_public_name_once():
    names = public_names()
    def public(target):                  # a public name, or a method a public class inherits (QDA.fit is RDA.fit)
        owner, _, attr = target.rpartition(".")
        return target in names or (inspect.isclass(names.get(owner)) and hasattr(names[owner], attr))

    assert not sorted(target for target in {case.target for case in CASES} if not public(target)), \
        "cases of names that are not public"
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert not sorted(set(EXEMPT) - set(names)), "exemptions of names that are not public"
