"""The homework's derive answers are judged by the notebooks' rules (issue 32, item 3), in the grader's process."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "homework"))
from homework_checks import check_number  # noqa: E402


@pytest.mark.parametrize("answer, truth, message", [
    (-0.191, -0.190499, "rounded too early"),                        # -0.1905 rounded again
    ([1.846, 2.0], [1.846, 1.9], "not right to 3"),                   # a whole number of one figure: wrong
    (2, 2.3219, "not right to 3"),
    (18, 17.5, "right only to the figures it shows"),                  # a tie rounded the usual way
    (17.6, 17.5, "not right to 3"),                                    # exact truth: no rounding to blame
])
def test_a_derive_answer_gets_the_notebooks_verdict(answer, truth, message):
    with pytest.raises(AssertionError, match=message):
        check_number(answer, truth)


def test_three_figures_pass():
    check_number(-0.190, -0.190499)
    check_number([1.85, 1.90], [1.846, 1.9])


# ----------------------------------------------------------------------------------------------------------------
# Each student's own numbers (homework_numbers), whose id (grader/identity), and a property checked (satisfies)
# ----------------------------------------------------------------------------------------------------------------

import homework_checks  # noqa: E402
import homework_numbers  # noqa: E402
from grader import identity  # noqa: E402


def test_a_students_numbers_are_the_same_on_every_run_and_another_students_differ():
    for assignment in homework_numbers.DRAWS:
        first, again = (homework_numbers.numbers_of(assignment, "ana") for _ in range(2))
        other = homework_numbers.numbers_of(assignment, "ben")
        for task in homework_numbers.DRAWS[assignment]:
            assert repr(getattr(first, task)) == repr(getattr(again, task))
            assert repr(getattr(first, task)) != repr(getattr(other, task))


def test_the_draws_are_fixed_by_the_seed_alone():
    """Only random.Random.random, whose sequence Python guarantees, makes them: these values never change, whatever
    the versions of Python and numpy (a changed draw would change every student's numbers between releases)."""
    stream = homework_numbers.Stream(homework_numbers.seed("hw01_perceptron", "ana", "criterion"))
    assert stream.seed == int.from_bytes(__import__("hashlib").sha256(
        b"linear-classifiers\x1fhw01_perceptron\x1fana\x1fcriterion").digest()[:8], "big")
    assert homework_numbers.Stream(12345).integers(0, 100, 5).tolist() == [41, 1, 82, 29, 36]
    assert homework_numbers.Stream(12345).uniform(0, 1, decimals=3) == 0.417
    assert sorted(homework_numbers.Stream(7).permutation(6).tolist()) == list(range(6))
    assert repr(homework_numbers.numbers_of("hw01_perceptron", "ana").criterion) == (
        "Task 3, your numbers:\n    X = np.array([[0, 0, 1], [2, 2, 1], [-2, 3, 1], [-3, 3, 1]])\n"
        "    t = np.array([1, -1, 1, 1])\n    w0 = np.array([-1, -2, 0])")


def test_your_numbers_are_the_hub_users_or_the_id_the_notebook_asks_for(monkeypatch, capsys):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    with pytest.raises(ValueError, match="Write your student id"):
        homework_numbers.your_numbers("hw02_information_theory", "")
    assert homework_numbers.your_numbers("hw02_information_theory", "ana").student == "ana"
    monkeypatch.setenv("JUPYTERHUB_USER", "ben")
    assert homework_numbers.your_numbers("hw02_information_theory", "").student == "ben"
    assert homework_numbers.your_numbers("hw02_information_theory", "ana").student == "ben"
    assert "STUDENT_ID says 'ana', but you are logged in as 'ben'" in capsys.readouterr().out


@pytest.mark.parametrize("source, claimed", [('STUDENT_ID = ""', ""), ('STUDENT_ID = "ana"  # me', "ana"),
                                             ('STUDENT_ID = " ana "\nx = 1', "ana"), ("x = 1", ""),
                                             ("STUDENT_ID = name", None), ("STUDENT_ID = (", None)])
def test_the_id_a_notebook_claims_is_read_as_text(source, claimed):
    assert identity.claimed(source) == claimed


def test_a_property_is_checked_where_many_results_are_right():
    def even_length(value):
        return "" if len(value) % 2 == 0 else "a list of odd length"

    homework_checks.check(lambda n: [0] * n, dict(n=4), satisfies=even_length)
    with pytest.raises(AssertionError, match=r"returned \[0, 0, 0\]: a list of odd length"):
        homework_checks.check(lambda n: [0] * n, dict(n=3), satisfies=even_length)
    hidden = homework_checks.Result(value=[0, 0, 0])
    assert homework_checks.verdict("f", dict(n=3), hidden, satisfies=even_length, hidden="three") == \
        'f, on the hidden case "three", returned a list of odd length.'
    assert homework_checks.verdict("f", dict(n=3), homework_checks.Result(value=3), satisfies=even_length,
                                   hidden="three") == 'f, on the hidden case "three", returned a result of the wrong form.'


def test_the_graded_notebook_shows_the_numbers_it_was_graded_with():
    (output,) = identity.numbers_shown("numbers.criterion\n", "hw01_perceptron", "ana")
    assert output.data["text/plain"] == repr(homework_numbers.numbers_of("hw01_perceptron", "ana").criterion)
    assert identity.numbers_shown("import numpy as np", "hw01_perceptron", "ana") == []
    assert identity.numbers_shown("numbers.nothing", "hw01_perceptron", "ana") == []


def test_the_graders_syntax_trees_are_made_one_thread_at_a_time():
    """While one thread converts a tree (here: holds the lock), another's parse and compile wait for it: CPython 3.11
    shares the conversion's depth counter between threads (python/cpython#106905), and `make grade` grades in
    threads."""
    import threading

    from grader import syntax
    done = []
    work = threading.Thread(target=lambda: done.append(syntax.compile_tree(syntax.parse("x = 1", "<cell>"), "<cell>")))
    with syntax._ONE_AT_A_TIME:
        work.start()
        work.join(timeout=0.3)
        assert work.is_alive() and not done               # waiting for the lock
    work.join(timeout=10)
    assert len(done) == 1 and done[0].co_filename == "<cell>"


def test_a_student_id_cell_of_megabytes_is_not_read():
    """A student_id cell padded to 12 MB of code took the grader's parser 25 s (every other submission's parse waiting
    on it): past a few lines it is not plain, and flagged like any other cell that is not."""
    assert identity.claimed("x = 1\n" * 2_000_000 + "STUDENT_ID = 'bob'") is None
    assert identity.claimed("x = 1\n" * 100 + "STUDENT_ID = 'bob'") == "bob"
