"""Plausible wrong answers to the homework's tasks, which its tests must reject.

``WRONG[assignment][grade_id]`` maps a name to the source of a wrong answer cell: for every implement task at least
five wrong implementations, each the slip a student makes (a strict inequality, a copy forgotten, the sum for the
mean, a product that overflows, a convention of another course); for a derive task its usual slips, computed from
the student's own ``numbers``. ``tests/test_homework.py`` checks each against the tests of its task, hidden ones
included, for several students (``homework_tasks.failures``), and that the right answers of ``RIGHT``, written
otherwise than the model solution, pass them all.
"""

from __future__ import annotations

WRONG: dict[str, dict[str, dict[str, str]]] = {}
#: Right answers written otherwise than the model solution, which the tests must accept: the same form.
RIGHT: dict[str, dict[str, dict[str, str]]] = {}

# ----------------------------------------------------------------------------------------------------------------
# Homework 01
# ----------------------------------------------------------------------------------------------------------------

_POCKET = '''
def pocket_perceptron(X, t, n_epochs):
    X, t = np.asarray(X, dtype=float), np.asarray(t)
    if not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("t in {-1, 1} and n_epochs >= 0, please")
    w = np.zeros(X.shape[1])
    pocket, fewest = w, int(np.sum(t * (X @ w) <= 0))
    for _ in range(n_epochs):
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:
                w = w + t_i * x_i
                if int(np.sum(t * (X @ w) <= 0)) < fewest:
                    pocket, fewest = w, int(np.sum(t * (X @ w) <= 0))
    return pocket, fewest
'''
_KERNEL = '''
def kernel_perceptron(K, t, n_epochs):
    K, t = np.asarray(K, dtype=float), np.asarray(t)
    if K.shape != (len(t), len(t)) or not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("a square K, t in {-1, 1} and n_epochs >= 0, please")
    alpha = np.zeros(len(t), dtype=int)
    for _ in range(n_epochs):
        for j in range(len(t)):
            if t[j] * np.sum(alpha * t * K[:, j]) <= 0:
                alpha[j] += 1
    return alpha
'''

_CRITERION = '''
c = numbers.criterion


def perceptron_criterion(w):
    wrong = c.t * (c.X @ w) <= 0
    return -np.sum(c.t[wrong] * (c.X[wrong] @ w)), -(c.t[wrong] @ c.X[wrong])


E_0, g_0 = perceptron_criterion(c.w0)
criterion = [E_0, *g_0]
'''
_AFTER = '''
w_b = c.w0 - g_0
w_e, n_updates = c.w0, 0
for x_i, t_i in zip(c.X, c.t):
    if t_i * (x_i @ w_e) <= 0:
        w_e, n_updates = w_e + t_i * x_i, n_updates + 1
after = [perceptron_criterion(w_b)[0], perceptron_criterion(w_e)[0], n_updates]
'''

WRONG["hw01_perceptron"] = {
    "pocket": {
        "returns the last weights, not the pocket's": '''
def pocket_perceptron(X, t, n_epochs):
    X, t = np.asarray(X, dtype=float), np.asarray(t)
    if not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("t in {-1, 1} and n_epochs >= 0, please")
    w = np.zeros(X.shape[1])
    for _ in range(n_epochs):
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:
                w = w + t_i * x_i
    return w, int(np.sum(t * (X @ w) <= 0))
''',
        "a tie replaces the pocket": _POCKET.replace(") < fewest:", ") <= fewest:"),
        "a point on the boundary is no mistake when counting": _POCKET.replace("(X @ w) <= 0))", "(X @ w) < 0))"),
        "the pocket is checked once an epoch": '''
def pocket_perceptron(X, t, n_epochs):
    X, t = np.asarray(X, dtype=float), np.asarray(t)
    if not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("t in {-1, 1} and n_epochs >= 0, please")
    w = np.zeros(X.shape[1])
    pocket, fewest = w, int(np.sum(t * (X @ w) <= 0))
    for _ in range(n_epochs):
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:
                w = w + t_i * x_i
        if int(np.sum(t * (X @ w) <= 0)) < fewest:
            pocket, fewest = w, int(np.sum(t * (X @ w) <= 0))
    return pocket, fewest
''',
        "a point on the boundary is no mistake when updating": _POCKET.replace("if t_i * (x_i @ w) <= 0:",
                                                                             "if t_i * (x_i @ w) < 0:"),
        "no check of its input": _POCKET.replace('''    if not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("t in {-1, 1} and n_epochs >= 0, please")
''', ""),
    },
    "kernel": {
        "counts signed updates, alpha_j += t_j": '''
def kernel_perceptron(K, t, n_epochs):
    K, t = np.asarray(K, dtype=float), np.asarray(t)
    if K.shape != (len(t), len(t)) or not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("a square K, t in {-1, 1} and n_epochs >= 0, please")
    alpha = np.zeros(len(t), dtype=int)
    for _ in range(n_epochs):
        for j in range(len(t)):
            if t[j] * np.sum(alpha * K[:, j]) <= 0:
                alpha[j] += t[j]
    return alpha
''',
        "the score forgets the targets t_i": _KERNEL.replace("np.sum(alpha * t * K[:, j])", "np.sum(alpha * K[:, j])"),
        "updates once an epoch, on every mistake of the epoch's start": '''
def kernel_perceptron(K, t, n_epochs):
    K, t = np.asarray(K, dtype=float), np.asarray(t)
    if K.shape != (len(t), len(t)) or not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("a square K, t in {-1, 1} and n_epochs >= 0, please")
    alpha = np.zeros(len(t), dtype=int)
    for _ in range(n_epochs):
        alpha = alpha + (t * (K @ (alpha * t)) <= 0)
    return alpha
''',
        "leaves out the example's own k(x_j, x_j)": _KERNEL.replace(
            "np.sum(alpha * t * K[:, j])", "(np.sum(alpha * t * K[:, j]) - alpha[j] * t[j] * K[j, j])"),
        "a point on the boundary is no mistake": _KERNEL.replace("<= 0:", "< 0:"),
        "starts every epoch from alpha = 0": _KERNEL.replace(
            "    alpha = np.zeros(len(t), dtype=int)\n    for _ in range(n_epochs):\n",
            "    alpha = np.zeros(len(t), dtype=int)\n    for _ in range(n_epochs):\n        alpha = np.zeros(len(t), dtype=int)\n"),
        "no check of its input": _KERNEL.replace('''    if K.shape != (len(t), len(t)) or not np.all(np.isin(t, (-1, 1))) or n_epochs < 0:
        raise ValueError("a square K, t in {-1, 1} and n_epochs >= 0, please")
''', ""),
    },
    "start": {
        "the bound from 0, R^2 / gamma^2": "def start_bound(a, q, gamma, R):\n    return R ** 2 / gamma ** 2\n",
        "the smaller root": '''
def start_bound(a, q, gamma, R):
    b = R ** 2 - 2 * a * gamma
    return (b - np.sqrt(b ** 2 + 4 * gamma ** 2 * (q - a ** 2))) / (2 * gamma ** 2)
''',
        "the sign of a flipped": '''
def start_bound(a, q, gamma, R):
    b = R ** 2 + 2 * a * gamma
    return (b + np.sqrt(b ** 2 + 4 * gamma ** 2 * (q - a ** 2))) / (2 * gamma ** 2)
''',
        "the start's length added to R^2 / gamma^2": "def start_bound(a, q, gamma, R):\n    return (R ** 2 + q) / gamma ** 2\n",
    },
    "criterion": {
        "a point on the boundary is no mistake": _CRITERION.replace("(c.X @ w) <= 0", "(c.X @ w) < 0"),
        "the gradient's sign": _CRITERION.replace("-(c.t[wrong] @ c.X[wrong])", "c.t[wrong] @ c.X[wrong]"),
        "the criterion summed over every example": _CRITERION.replace(
            "wrong = c.t * (c.X @ w) <= 0", "wrong = np.ones(len(c.t), dtype=bool)"),
    },
    "after": {
        "the epoch's mistakes all taken at w0, as the batch step does": _AFTER.replace(
            "if t_i * (x_i @ w_e) <= 0:", "if t_i * (x_i @ c.w0) <= 0:"),
        "a point on the boundary is no mistake in the epoch": _AFTER.replace("(x_i @ w_e) <= 0", "(x_i @ w_e) < 0"),
    },
}

RIGHT["hw01_perceptron"] = {
    "pocket": {
        "unpacks N, D = X.shape (X of shape (0, D) when N = 0)": _POCKET.replace(
            "w = np.zeros(X.shape[1])", "N, D = X.shape\n    w = np.zeros(D)"),
    },
    "kernel": {
        "reads the scores from the row of K": _KERNEL.replace("np.sum(alpha * t * K[:, j])", "K[j] @ (alpha * t)"),
    },
    "start": {
        "solves the quadratic with numpy's roots": '''
def start_bound(a, q, gamma, R):
    return max(np.roots([gamma ** 2, 2 * a * gamma - R ** 2, a ** 2 - q]).real)
''',
    },
}
