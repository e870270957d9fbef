"""Each student's own numbers: the data of a homework's derive tasks, drawn from the student's identity.

Shipped with every homework, beside ``homework_checks.py``. A notebook's setup asks for them once,
``numbers = your_numbers("hw01_perceptron", STUDENT_ID)``, and each derive task shows its own
(``numbers.criterion``). They are drawn from a seed that hashes the course, the homework, the student's id
and the task: the same student always gets the same numbers, on any machine, with any version of Python
or numpy (only ``random.Random.random``, whose sequence Python guarantees, is used); two students get
different ones.

Whose numbers: on the course's JupyterHub, the user's name (``JUPYTERHUB_USER``), which is the student's
nbgrader id; off the hub, the ``STUDENT_ID`` the notebook asks for, which must be the id the instructor
registered. When the homework is graded, the grader draws the numbers of the student the submission belongs
to (its folder's id), in its own process, and computes the expected answers from them; the notebook runs
in the sandbox as it would on the hub, as that student. A submission whose ``STUDENT_ID`` names someone
else is flagged, and graded with its owner's numbers.

The hidden tests draw their cases from the same identity (:meth:`Numbers.stream` with a label of their
own), in the grader's process only.
"""

from __future__ import annotations

import hashlib
import math
import os
import random

import numpy as np

__all__ = ["COURSE", "Draw", "Numbers", "Stream", "numbers_of", "your_numbers"]

#: The course's id (nbgrader's ``course_id``): part of every seed, so that another course's numbers differ.
COURSE = "linear-classifiers"


def seed(assignment: str, student: str, label: str) -> int:
    """The seed of one stream of draws: a hash of the course, the homework, the student and the stream's label.

    Parameters
    ----------
    assignment : str
        The homework (``"hw01_perceptron"``).
    student : str
        The student's id (nbgrader's, the JupyterHub user name).
    label : str
        The stream: a task's name (``"criterion"``), or a hidden test's (``"pocket_hidden"``).

    Returns
    -------
    int
        The first 8 bytes of the SHA-256 of the four, joined.
    """
    text = "\x1f".join((COURSE, assignment, student, label)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class Stream:
    """Draws from one seed, the same on every machine: each is built from ``random.Random.random()`` only.

    ``size`` gives an array of that shape (as numpy's); without it, one number.
    """

    def __init__(self, value: int):
        self.seed = value
        self._random = random.Random(value)

    def _many(self, draw, size):
        if size is None:
            return draw()
        count = math.prod((size,) if isinstance(size, int) else size)
        return np.array([draw() for _ in range(count)]).reshape(size)

    def uniform(self, low: float, high: float, size=None, decimals: int | None = None):
        """Numbers spread evenly over [low, high), rounded to ``decimals`` places if given."""
        def one():
            value = low + (high - low) * self._random.random()
            return round(value, decimals) if decimals is not None else value
        return self._many(one, size)

    def integers(self, low: int, high: int, size=None):
        """Whole numbers from ``low`` to ``high - 1``, each as likely."""
        return self._many(lambda: low + min(int((high - low) * self._random.random()), high - low - 1), size)

    def normal(self, loc: float = 0.0, scale: float = 1.0, size=None):
        """Normal draws (Box and Muller's transform of two uniform ones)."""
        def one():
            radius = math.sqrt(-2.0 * math.log(1.0 - self._random.random()))
            return loc + scale * radius * math.cos(2.0 * math.pi * self._random.random())
        return self._many(one, size)

    def choice(self, values):
        """One of ``values``, each as likely."""
        values = list(values)
        return values[self.integers(0, len(values))]

    def permutation(self, n: int) -> np.ndarray:
        """The numbers 0, ..., n - 1 in a random order (Fisher and Yates)."""
        order = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.integers(0, i + 1)
            order[i], order[j] = order[j], order[i]
        return np.array(order, dtype=int)


class Draw:
    """One task's numbers, shown as a student would type them (``X = np.array([[1, 2], ...])``)."""

    def __init__(self, title: str, **values):
        self._title = title
        self.__dict__.update(values)

    def __repr__(self) -> str:
        lines = [f"{self._title}:"]
        for name, value in self.__dict__.items():
            if not name.startswith("_"):
                lines.append(f"    {name} = {_typed(value)}")
        return "\n".join(lines)


def _typed(value) -> str:
    if isinstance(value, np.ndarray):
        return f"np.array({(value + 0.0 if value.dtype.kind == 'f' else value).tolist()!r})"     # no -0.0
    if isinstance(value, (float, np.floating)):
        return repr(float(value) + 0.0)
    if isinstance(value, (np.integer,)):
        return repr(int(value))
    return repr(value)


class Numbers:
    """The numbers of one student for one homework: an attribute per derive task (a :class:`Draw`)."""

    def __init__(self, assignment: str, student: str):
        if assignment not in DRAWS:
            raise ValueError(f"no numbers are drawn for {assignment!r}; the homeworks are {sorted(DRAWS)}")
        self.assignment, self.student = assignment, student
        for task, draw in DRAWS[assignment].items():
            setattr(self, task, draw(self.stream(task)))

    def stream(self, label: str) -> Stream:
        """The draws of this student labelled ``label`` (a task's, or a hidden test's)."""
        return Stream(seed(self.assignment, self.student, label))

    def __repr__(self) -> str:
        tasks = ", ".join(f"numbers.{task}" for task in DRAWS[self.assignment])
        return f"<the numbers of student {self.student!r} for {self.assignment}: {tasks}>"


def numbers_of(assignment: str, student: str) -> Numbers:
    """The numbers of ``student`` for ``assignment``: the grader's way, the id known.

    Parameters
    ----------
    assignment : str
        The homework, one of :data:`DRAWS`.
    student : str
        The student's id.

    Returns
    -------
    Numbers
        An attribute per derive task, each a :class:`Draw`.
    """
    return Numbers(assignment, student)


def your_numbers(assignment: str, student_id: str = "") -> Numbers:
    """Your numbers for ``assignment``: drawn from your JupyterHub user name, or off the hub from ``student_id``.

    Parameters
    ----------
    assignment : str
        The homework, one of :data:`DRAWS`.
    student_id : str
        The notebook's ``STUDENT_ID``: ignored on the hub (with a word if it names someone else), needed off it.

    Returns
    -------
    Numbers
        The numbers of the student, as :func:`numbers_of` gives them.

    Raises
    ------
    ValueError
        Off the hub, when ``student_id`` is empty: your numbers need your id.
    """
    on_hub = os.environ.get("JUPYTERHUB_USER", "")
    student_id = str(student_id).strip()
    if on_hub:
        if student_id and student_id != on_hub:
            print(f"STUDENT_ID says {student_id!r}, but you are logged in as {on_hub!r}: your numbers are "
                  f"{on_hub!r}'s, and the homework is graded as theirs. Leave STUDENT_ID empty on the hub.")
        student = on_hub
    elif student_id:
        student = student_id
    else:
        raise ValueError("Write your student id in the cell above, STUDENT_ID = \"...\" (the id your instructor "
                         "registered, as you submit under it), and run it again: your numbers are drawn from it.")
    print(f"The numbers of student {student!r}: each task shows its own.")
    return numbers_of(assignment, student)


#: Each homework's draws: {assignment: {task: function of a Stream giving the task's Draw}}, filled below.
DRAWS: dict[str, dict] = {}


# ----------------------------------------------------------------------------------------------
# Each homework's numbers (what each derive task shows; the tests draw their hidden cases themselves)
# ----------------------------------------------------------------------------------------------


def _hw01_criterion(draw: Stream) -> Draw:
    """Four examples in the plane with the bias input 1, their targets, and a start that has the first of them on
    its boundary and misclassifies one or two others."""
    while True:
        X = np.column_stack([draw.integers(-3, 4, (4, 2)), np.ones(4, dtype=int)])
        t = np.array([draw.choice((-1, 1)) for _ in range(4)])
        w0 = draw.integers(-2, 3, 3)
        margins = t * (X @ w0)
        if np.sum(margins == 0) == 1 and 1 <= np.sum(margins < 0) <= 2:
            first = np.argsort(margins != 0, kind="stable")        # the example on the boundary comes first
            return Draw("Task 3, your numbers", X=X[first], t=t[first], w0=w0)


DRAWS["hw01_perceptron"] = {"criterion": _hw01_criterion}


def _hw02_pairs(draw: Stream) -> Draw:
    """A source of three symbols, one of them common."""
    first = draw.uniform(0.55, 0.8, decimals=2)
    second = draw.uniform(0.1, round(1 - first - 0.05, 2), decimals=2)
    return Draw("Task 3, your numbers", p=np.array([first, second, round(1 - first - second, 2)])[draw.permutation(3)])


def _hw02_mismatch(draw: Stream) -> Draw:
    """A source p of four symbols, and a poor model q of it, whose probabilities are powers of 1/2: the more
    likely a symbol, the less likely q makes it."""
    weights = draw.integers(1, 10, 4)
    p = np.round(weights / weights.sum(), 2)
    p[np.argmax(p)] += round(1 - p.sum(), 2)
    q = np.empty(4)
    q[np.argsort(p, kind="stable")] = [0.5, 0.25, 0.125, 0.125]
    return Draw("Task 4, your numbers", p=np.round(p, 2), q=q)


DRAWS["hw02_information_theory"] = {"pairs": _hw02_pairs, "mismatch": _hw02_mismatch}


def _hw03_sample(draw: Stream) -> Draw:
    """Six whole-number measurements, not all the same."""
    while True:
        x = draw.integers(0, 21, 6)
        if len(set(x.tolist())) >= 3:
            return Draw("Task 4, your numbers", x=x)


def _hw03_coin(draw: Stream) -> Draw:
    """A coin tossed N times with h heads, and a Beta(a, b) prior on its probability of heads."""
    N, a = draw.integers(8, 21), draw.integers(2, 6)
    return Draw("Task 5, your numbers", N=N, h=draw.integers(1, N), a=a, b=(a + draw.integers(1, 4) - 2) % 4 + 2)


DRAWS["hw03_maximum_likelihood"] = {"sample": _hw03_sample, "coin": _hw03_coin}


def _hw04_table(draw: Stream) -> Draw:
    """Counts of a binary feature x against a binary target t, every cell at least 2."""
    counts = draw.integers(2, 30, (2, 2))
    return Draw("Task 3, your numbers (counts[x, t]: examples with feature x and target t)", counts=counts)


def _hw04_rates(draw: Stream) -> Draw:
    """Four values of one feature, spread less than the bias input, and the strength of an L2 penalty on its weight."""
    x = draw.uniform(-1.2, 1.5, 4, decimals=1)
    return Draw("Task 4, your numbers", x=x, l2=draw.uniform(0.1, 1.0, decimals=2))


DRAWS["hw04_logistic_regression"] = {"table": _hw04_table, "rates": _hw04_rates}


def _hw05_irls(draw: Stream) -> Draw:
    """Three examples (a feature and the bias input 1) of both classes, weights counting each example c_i times,
    a current (w, b) and the strength of an L2 penalty on w."""
    X = np.column_stack([draw.uniform(-2, 2, 3, decimals=1), np.ones(3)])
    t = np.array([1, 0, draw.choice((0, 1))])[draw.permutation(3)]
    return Draw("Task 3, your numbers", X=X, t=t, c=draw.integers(1, 4, 3), w=draw.uniform(-1, 1, 2, decimals=1),
                l2=draw.uniform(0.1, 1.0, decimals=2))


def _hw05_newton(draw: Stream) -> Draw:
    """f(x) = e^(a (x - m)) + c (x - m)^2 - a x, whose minimiser is m, and a start x0 near it."""
    m = draw.choice((-1, 1)) * draw.uniform(1.0, 3.0, decimals=1)
    return Draw("Task 4, your numbers", a=draw.uniform(0.5, 2.0, decimals=1), c=draw.uniform(0.1, 1.0, decimals=2),
                m=m, x0=round(m + draw.choice((-1, 1)) * draw.uniform(0.4, 0.8, decimals=1), 1))


DRAWS["hw05_newton_irls"] = {"irls": _hw05_irls, "newton": _hw05_newton}


def _hw06_losses(draw: Stream) -> Draw:
    """A machine in one of three states (priors, likelihoods of a reading) and the losses of three decisions."""
    priors = np.array([draw.uniform(0.6, 0.9, decimals=2), 0.0, 0.0])
    priors[1] = draw.uniform(0.05, round(0.95 - priors[0], 2), decimals=2)
    priors[2] = round(1 - priors[0] - priors[1], 2)
    likelihoods = np.sort(draw.uniform(0.01, 0.4, 3, decimals=2))
    losses = np.array([[0, draw.integers(10, 40), draw.integers(100, 300)],
                       [draw.integers(2, 10), 0, draw.integers(30, 90)],
                       [draw.integers(20, 60), draw.integers(5, 25), 0]])
    return Draw("Task 3, your numbers (losses[decision, state])", priors=priors, likelihoods=likelihoods, losses=losses)


def _hw06_lda(draw: Stream) -> Draw:
    """Two Gaussian classes in the plane with a shared covariance, their priors, and a point."""
    variances = draw.uniform(1.0, 3.0, 2, decimals=1)
    covariance = np.diag(variances)
    covariance[0, 1] = covariance[1, 0] = draw.uniform(-0.8, 0.8, decimals=1)
    return Draw("Task 4, your numbers", covariance=covariance, mu0=draw.integers(-2, 2, 2).astype(float),
                mu1=draw.integers(0, 4, 2).astype(float) + 1, prior1=draw.uniform(0.2, 0.8, decimals=2),
                x=draw.uniform(-2, 3, 2, decimals=1))


def _hw06_pooled(draw: Stream) -> Draw:
    """One feature: four examples of class 0 and three of class 1, whole numbers, the classes apart."""
    while True:
        x0, x1 = np.sort(draw.integers(0, 8, 4)), np.sort(draw.integers(5, 14, 3))
        if len(set(x0.tolist())) > 1 and len(set(x1.tolist())) > 1 and x1.mean() > x0.mean() + 2:
            return Draw("Task 5, your numbers", x0=x0, x1=x1)


DRAWS["hw06_discriminant_analysis"] = {"losses": _hw06_losses, "lda": _hw06_lda, "pooled": _hw06_pooled}


def _hw07_smoothed(draw: Stream) -> Draw:
    """Days by bike and by bus, counted by weather (sun, cloud, rain) and wind (calm, windy); never by bike in rain."""
    bike, bus = draw.integers(6, 12), draw.integers(4, 9)
    sun = draw.integers(1, bike)
    calm = draw.integers(1, bike)
    rain = draw.integers(1, bus - 1)
    weather = np.array([[sun, bike - sun, 0], [draw.integers(0, bus - rain), 0, rain]])
    weather[1, 1] = bus - weather[1, 0] - rain
    wind_bus = draw.integers(0, bus)
    return Draw("Task 3, your numbers (rows: bike, bus)", days=np.array([bike, bus]), weather=weather,
                wind=np.array([[calm, bike - calm], [wind_bus, bus - wind_bus]]),
                alpha=draw.choice((0.5, 1.0, 2.0)))


def _hw07_gaussian(draw: Stream) -> Draw:
    """Gaussian Naive Bayes with two features: priors, means and variances of two classes, and a point. The
    products of each class's variances differ by a factor 2 or more."""
    while True:
        variances = draw.uniform(0.3, 4.0, (2, 2), decimals=1)
        ratio = variances[0].prod() / variances[1].prod()
        if ratio >= 2 or ratio <= 0.5:
            break
    prior1 = draw.uniform(0.3, 0.7, decimals=1)
    return Draw("Task 4, your numbers (rows: C_0, C_1)", priors=np.array([round(1 - prior1, 1), prior1]),
                means=draw.integers(-2, 4, (2, 2)).astype(float), variances=variances, x=draw.uniform(-1, 3, 2, decimals=1))


def _hw07_copies(draw: Stream) -> Draw:
    """A disease's prior, one symptom's likelihood ratio, and how many times the symptom is recorded."""
    return Draw("Task 5, your numbers", prior=draw.uniform(0.05, 0.3, decimals=2), ratio=draw.uniform(2.0, 6.0, decimals=1),
                copies=draw.integers(3, 6))


DRAWS["hw07_naive_bayes"] = {"smoothed": _hw07_smoothed, "gaussian": _hw07_gaussian, "copies": _hw07_copies}
