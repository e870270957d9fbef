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
w_e = c.w0
for x_i, t_i in zip(c.X, c.t):
    if t_i * (x_i @ w_e) <= 0:
        w_e = w_e + t_i * x_i
after = [*w_b, *w_e]
'''

WRONG["hw01_perceptron"] = {
    "pocket": {
        "returns the last weights, not the pocket's": _POCKET.replace(
            "    return pocket, fewest", "    return w, int(np.sum(t * (X @ w) <= 0))"),
        "a tie replaces the pocket": _POCKET.replace(") < fewest:", ") <= fewest:"),
        "a point on the boundary is no mistake when counting": _POCKET.replace("(X @ w) <= 0))", "(X @ w) < 0))"),
        "the pocket is checked once an epoch": _POCKET.replace(
            "                if int(np.sum(t * (X @ w) <= 0)) < fewest:\n"
            "                    pocket, fewest = w, int(np.sum(t * (X @ w) <= 0))",
            "        if int(np.sum(t * (X @ w) <= 0)) < fewest:\n"
            "            pocket, fewest = w, int(np.sum(t * (X @ w) <= 0))"),
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

# ----------------------------------------------------------------------------------------------------------------
# Homework 02
# ----------------------------------------------------------------------------------------------------------------

_CHECKED_P = '''
    p = np.array(p, dtype=float)
    if np.any(p < 0) or not abs(p.sum() - 1.0) <= 1e-8:
        raise ValueError("p must be a distribution")
'''
_MUTUAL = '''
def mutual_information(joint):
    joint = np.array(joint, dtype=float)
    if joint.ndim != 2 or np.any(joint < 0) or not abs(joint.sum() - 1.0) <= 1e-8:
        raise ValueError("a 2-D table of probabilities, please")
    p_x, p_y = joint.sum(axis=1, keepdims=True), joint.sum(axis=0, keepdims=True)
    seen = joint > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.log2(joint) - np.log2(p_x) - np.log2(p_y)
    return float(np.sum(joint[seen] * ratio[seen]))
'''

WRONG["hw02_information_theory"] = {
    "huffman": {
        "splits top-down into halves as even as possible": '''
def huffman_code(p):''' + _CHECKED_P + '''
    def split(outcomes):
        if len(outcomes) == 1:
            return {outcomes[0]: ""}
        best = None
        for size in range(1, len(outcomes)):
            for left in itertools.combinations(outcomes, size):
                gap = abs(2 * sum(p[k] for k in left) - sum(p[k] for k in outcomes))
                if best is None or gap < best[0]:
                    best = (gap, list(left))
        left = best[1]
        right = [k for k in outcomes if k not in left]
        code = {k: "0" + word for k, word in split(left).items()}
        code.update({k: "1" + word for k, word in split(right).items()})
        return code
    code = split(list(range(len(p))))
    return [code[k] for k in range(len(p))]
''',
        "Shannon's lengths, ceil(log2 1/p), as a canonical code": '''
def huffman_code(p):''' + _CHECKED_P + '''
    lengths = [int(np.ceil(-np.log2(p_k))) if p_k > 0 else 12 for p_k in p]
    code, value, previous = [""] * len(p), 0, 0
    for k in sorted(range(len(p)), key=lambda k: lengths[k]):
        value <<= lengths[k] - previous
        code[k], previous, value = format(value, f"0{lengths[k]}b") if lengths[k] else "", lengths[k], value + 1
    return code
''',
        "a code of fixed length": '''
def huffman_code(p):''' + _CHECKED_P + '''
    width = int(np.ceil(np.log2(len(p)))) if len(p) > 1 else 0
    return [format(k, f"0{width}b") if width else "" for k in range(len(p))]
''',
        "merges the two most probable": '''
def huffman_code(p):''' + _CHECKED_P + '''
    code, nodes = [""] * len(p), [(p_k, [k]) for k, p_k in enumerate(p)]
    while len(nodes) > 1:
        nodes.sort(key=lambda node: -node[0])
        (p_0, a), (p_1, b) = nodes[0], nodes[1]
        for k in a:
            code[k] = "0" + code[k]
        for k in b:
            code[k] = "1" + code[k]
        nodes = nodes[2:] + [(p_0 + p_1, a + b)]
    return code
''',
        "gives the codewords in the order of the sorted probabilities": '''
def huffman_code(p):''' + _CHECKED_P + '''
    import heapq
    code, order = [""] * len(p), itertools.count()
    nodes = [(p_k, next(order), [k]) for k, p_k in enumerate(p)]
    heapq.heapify(nodes)
    while len(nodes) > 1:
        p_0, _, a = heapq.heappop(nodes)
        p_1, _, b = heapq.heappop(nodes)
        for k in a:
            code[k] = "0" + code[k]
        for k in b:
            code[k] = "1" + code[k]
        heapq.heappush(nodes, (p_0 + p_1, next(order), a + b))
    return sorted(code, key=len)
''',
        "the codeword of a merged node is written over, not extended": '''
def huffman_code(p):''' + _CHECKED_P + '''
    code, nodes = [""] * len(p), sorted([(p_k, [k]) for k, p_k in enumerate(p)])
    while len(nodes) > 1:
        (p_0, a), (p_1, b) = nodes[0], nodes[1]
        for k in a:
            code[k] = code[k] + "0"
        for k in b:
            code[k] = code[k] + "1"
        nodes = sorted(nodes[2:] + [(p_0 + p_1, a + b)])
    return code
''',
        "no check of its input": '''
def huffman_code(p):
    import heapq
    p = np.array(p, dtype=float)
    code, order = [""] * len(p), itertools.count()
    nodes = [(p_k, next(order), [k]) for k, p_k in enumerate(p)]
    heapq.heapify(nodes)
    while len(nodes) > 1:
        p_0, _, a = heapq.heappop(nodes)
        p_1, _, b = heapq.heappop(nodes)
        for k in a:
            code[k] = "0" + code[k]
        for k in b:
            code[k] = "1" + code[k]
        heapq.heappush(nodes, (p_0 + p_1, next(order), a + b))
    return code
''',
    },
    "mutual": {
        "in nats": _MUTUAL.replace("np.log2", "np.log"),
        "0 log 0 gives nan": _MUTUAL.replace("joint[seen] * ratio[seen]", "joint * ratio"),
        "the ratio p(x, y) / (p(x) p(y)), whose product underflows": _MUTUAL.replace(
            "ratio = np.log2(joint) - np.log2(p_x) - np.log2(p_y)", "ratio = np.log2(joint / (p_x * p_y))"),
        "the marginals from the wrong axes": _MUTUAL.replace(
            "p_x, p_y = joint.sum(axis=1, keepdims=True), joint.sum(axis=0, keepdims=True)",
            "p_x, p_y = joint.sum(axis=0)[:, None] if joint.shape[0] == joint.shape[1] else joint.sum(axis=1, "
            "keepdims=True), joint.sum(axis=1)[None, :] if joint.shape[0] == joint.shape[1] else joint.sum(axis=0, "
            "keepdims=True)"),
        "H(X) + H(Y) - H(X, Y), each with 0 log 0 as nan": '''
def mutual_information(joint):
    joint = np.array(joint, dtype=float)
    if joint.ndim != 2 or np.any(joint < 0) or not abs(joint.sum() - 1.0) <= 1e-8:
        raise ValueError("a 2-D table of probabilities, please")
    entropy = lambda p: -np.sum(p * np.log2(p))
    return float(entropy(joint.sum(axis=1)) + entropy(joint.sum(axis=0)) - entropy(joint))
''',
        "no check of its input": _MUTUAL.replace('''    if joint.ndim != 2 or np.any(joint < 0) or not abs(joint.sum() - 1.0) <= 1e-8:
        raise ValueError("a 2-D table of probabilities, please")
''', ""),
    },
    "forward": {
        "the mean of the variances only": '''
def forward_fit(weights, means, sigmas):
    weights, means, sigmas = (np.asarray(a, dtype=float) for a in (weights, means, sigmas))
    return np.sum(weights * means), np.sum(weights * sigmas ** 2)
''',
        "a standard deviation for the variance": '''
def forward_fit(weights, means, sigmas):
    weights, means, sigmas = (np.asarray(a, dtype=float) for a in (weights, means, sigmas))
    mu = np.sum(weights * means)
    return mu, np.sqrt(np.sum(weights * (sigmas ** 2 + (means - mu) ** 2)))
''',
        "the sigmas taken for variances": '''
def forward_fit(weights, means, sigmas):
    weights, means, sigmas = (np.asarray(a, dtype=float) for a in (weights, means, sigmas))
    mu = np.sum(weights * means)
    return mu, np.sum(weights * (sigmas + (means - mu) ** 2))
''',
    },
    "pairs": {
        "Shannon's lengths ceil(log2 1/p) for Huffman's": '''
p = numbers.pairs.p
shannon = lambda p: np.sum(p * np.ceil(-np.log2(p)))
pairs = [-np.sum(p * np.log2(p)), shannon(p), shannon(np.outer(p, p).ravel()) / 2]
''',
        "the length of the pair code not halved": '''
p = numbers.pairs.p


def expected_length(p):
    nodes, length = sorted(p), 0.0
    while len(nodes) > 1:
        merged = nodes[0] + nodes[1]
        nodes, length = sorted(nodes[2:] + [merged]), length + merged
    return length


pairs = [-np.sum(p * np.log2(p)), expected_length(p), expected_length(np.outer(p, p).ravel())]
''',
    },
    "mismatch": {
        "the code built for p, not q": '''
p, q = numbers.mismatch.p, numbers.mismatch.q
nodes, length = sorted(p), 0.0
while len(nodes) > 1:
    merged = nodes[0] + nodes[1]
    nodes, length = sorted(nodes[2:] + [merged]), length + merged
mismatch = [-np.sum(p * np.log2(p)), length, np.sum(p * np.log2(p / q))]
''',
        "the divergence the other way, D(q || p)": '''
p, q = numbers.mismatch.p, numbers.mismatch.q
mismatch = [-np.sum(p * np.log2(p)), -np.sum(p * np.log2(q)), np.sum(q * np.log2(q / p))]
''',
    },
}

RIGHT["hw02_information_theory"] = {
    "huffman": {
        "ties broken the other way, codewords built from the root": '''
def huffman_code(p):''' + _CHECKED_P + '''
    if len(p) == 1:
        return [""]
    nodes = sorted([(p_k, -k, k) for k, p_k in enumerate(p)], reverse=True)
    children = {}
    label = len(p)
    while len(nodes) > 1:
        a, b = nodes.pop(), nodes.pop()
        children[label] = (b[2], a[2])
        nodes.append((a[0] + b[0], -label, label))
        nodes.sort(reverse=True)
        label += 1
    code, todo = {}, [(nodes[0][2], "")]
    while todo:
        node, word = todo.pop()
        if node in children:
            todo += [(children[node][0], word + "0"), (children[node][1], word + "1")]
        else:
            code[node] = word
    return [code[k] for k in range(len(p))]
''',
    },
    "mutual": {
        "H(X) + H(Y) - H(X, Y), each with 0 log 0 = 0": '''
def mutual_information(joint):
    joint = np.array(joint, dtype=float)
    if joint.ndim != 2 or np.any(joint < 0) or not abs(joint.sum() - 1.0) <= 1e-8:
        raise ValueError("a 2-D table of probabilities, please")
    def entropy(p):
        p = p[p > 0]
        return -np.sum(p * np.log2(p))
    return float(entropy(joint.sum(axis=1)) + entropy(joint.sum(axis=0)) - entropy(joint.ravel()))
''',
    },
}

# ----------------------------------------------------------------------------------------------------------------
# Homework 03
# ----------------------------------------------------------------------------------------------------------------

_WEIBULL = '''
def weibull_mle(x):
    x = np.array(x, dtype=float)
    if x.ndim != 1 or x.size < 2 or np.any(x <= 0) or np.all(x == x[0]):
        raise ValueError("at least 2 positive observations, not all equal, please")
    y = np.log(x / x.max())

    def g(k):
        weights = np.exp(k * y)
        return 1 / k + y.mean() - np.sum(weights * y) / np.sum(weights)

    k = 1.0
    for _ in range(100):                                # Newton's method on g, with a numerical derivative
        slope = (g(k * (1 + 1e-7)) - g(k)) / (k * 1e-7)
        k = max(k - g(k) / slope, k / 2)
    return k, x.max() * np.mean(np.exp(k * y)) ** (1 / k)
'''
_GRID = '''
def gaussian_log_likelihood(mu, sigma2, x):
    mu, sigma2, x = np.asarray(mu, dtype=float), np.asarray(sigma2, dtype=float), np.array(x, dtype=float)
    if np.any(sigma2 <= 0) or x.size == 0:
        raise ValueError("variances > 0 and some data, please")
    squares = np.sum((x.reshape((-1,) + (1,) * np.broadcast(mu, sigma2).ndim) - mu) ** 2, axis=0)
    return -x.size / 2 * np.log(2 * np.pi * sigma2) - squares / (2 * sigma2)
'''

WRONG["hw03_maximum_likelihood"] = {
    "weibull": {
        "the scale from the mean, lam = mean(x)": _WEIBULL.replace(
            "return k, x.max() * np.mean(np.exp(k * y)) ** (1 / k)", "return k, x.mean()"),
        "solved loosely, to 3 digits": _WEIBULL.replace("for _ in range(100):", "for _ in range(3):"),
        "x^k computed as it stands, which overflows": '''
def weibull_mle(x):
    x = np.array(x, dtype=float)
    if x.ndim != 1 or x.size < 2 or np.any(x <= 0) or np.all(x == x[0]):
        raise ValueError("at least 2 positive observations, not all equal, please")
    g = lambda k: 1 / k + np.mean(np.log(x)) - np.sum(x ** k * np.log(x)) / np.sum(x ** k)
    low, high = 1e-3, 1e3
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if g(middle) > 0 else (low, middle)
    return low, np.mean(x ** low) ** (1 / low)
''',
        "the unbiased 1/(N - 1) in lam^k": _WEIBULL.replace(
            "np.mean(np.exp(k * y)) ** (1 / k)", "(np.sum(np.exp(k * y)) / (x.size - 1)) ** (1 / k)"),
        "the 1/k of the score left out": _WEIBULL.replace("return 1 / k + y.mean()", "return 1 / (k + 1) + y.mean()"),
        "returns (lam, k)": _WEIBULL.replace("return k, x.max() * np.mean(np.exp(k * y)) ** (1 / k)",
                                             "return x.max() * np.mean(np.exp(k * y)) ** (1 / k), k"),
        "no check of its input": _WEIBULL.replace('''    if x.ndim != 1 or x.size < 2 or np.any(x <= 0) or np.all(x == x[0]):
        raise ValueError("at least 2 positive observations, not all equal, please")
''', ""),
    },
    "grid": {
        "log(pdf) summed observation by observation": _GRID.replace(
            "return -x.size / 2 * np.log(2 * np.pi * sigma2) - squares / (2 * sigma2)", '''
    shaped = x.reshape((-1,) + (1,) * np.broadcast(mu, sigma2).ndim)
    density = np.exp(-(shaped - mu) ** 2 / (2 * sigma2)) / np.sqrt(2 * np.pi * sigma2)
    return np.sum(np.log(density), axis=0)'''),
        "the sum of squares expanded, sum x^2 - 2 mu sum x + N mu^2": _GRID.replace(
            "squares = np.sum((x.reshape((-1,) + (1,) * np.broadcast(mu, sigma2).ndim) - mu) ** 2, axis=0)",
            "squares = np.sum(x ** 2) - 2 * mu * np.sum(x) + x.size * mu ** 2"),
        "sigma2 taken for a standard deviation": _GRID.replace(
            "return -x.size / 2 * np.log(2 * np.pi * sigma2) - squares / (2 * sigma2)",
            "return -x.size / 2 * np.log(2 * np.pi * sigma2 ** 2) - squares / (2 * sigma2 ** 2)"),
        "the product of the densities": _GRID.replace(
            "return -x.size / 2 * np.log(2 * np.pi * sigma2) - squares / (2 * sigma2)",
            "return np.log((2 * np.pi * sigma2) ** (-x.size / 2) * np.exp(-squares / (2 * sigma2)))"),
        "the data's mean for every mu": _GRID.replace(
            "squares = np.sum((x.reshape((-1,) + (1,) * np.broadcast(mu, sigma2).ndim) - mu) ** 2, axis=0)",
            "squares = np.sum((x - x.mean()) ** 2) + 0 * mu"),
        "no check of its input": _GRID.replace('''    if np.any(sigma2 <= 0) or x.size == 0:
        raise ValueError("variances > 0 and some data, please")
''', ""),
    },
    "scatter": {
        "the variance alone, c^2 Var[S]": "def scatter_mse(c, N, sigma2):\n    return c ** 2 * 2 * (N - 1) * sigma2 ** 2\n",
        "E[S] taken as N sigma^2": '''
def scatter_mse(c, N, sigma2):
    return c ** 2 * 2 * (N - 1) * sigma2 ** 2 + (c * N - 1) ** 2 * sigma2 ** 2
''',
    },
    "sample": {
        "the unbiased variance, 1/(N - 1)": '''
x = numbers.sample.x
errors = [x.mean(), x.var(ddof=1), x.std(ddof=1) / np.sqrt(x.size), x.var(ddof=1) * np.sqrt(2 / x.size)]
''',
        "the information in sigma rather than sigma2": '''
x = numbers.sample.x
errors = [x.mean(), x.var(), x.std() / np.sqrt(x.size), x.std() / np.sqrt(2 * x.size)]
''',
    },
    "coin": {
        "the MAP without the prior's -1s": '''
N, h, a, b = numbers.coin.N, numbers.coin.h, numbers.coin.a, numbers.coin.b
coin = [h / N, (a + h) / (a + b + N), (a + h) / (a + b + N)]
''',
        "a and b swapped": '''
N, h, a, b = numbers.coin.N, numbers.coin.h, numbers.coin.a, numbers.coin.b
coin = [h / N, (b + h - 1) / (a + b + N - 2), (b + h) / (a + b + N)]
''',
    },
}

RIGHT["hw03_maximum_likelihood"] = {
    "weibull": {"Newton's method on the score from k = 1": _WEIBULL},
    "grid": {"every observation against every pair of parameters, by broadcasting": _GRID},
}

# ----------------------------------------------------------------------------------------------------------------
# Homework 04
# ----------------------------------------------------------------------------------------------------------------

_SMOOTHED = '''
def smoothed_softmax_loss(X, t, W, epsilon):
    X, W, t = np.asarray(X, dtype=float), np.asarray(W, dtype=float), np.asarray(t)
    K = W.shape[1]
    if t.ndim != 1 or not np.all(np.isin(t, np.arange(K))) or not 0 <= epsilon < 1:
        raise ValueError("labels 0, ..., K - 1 and 0 <= epsilon < 1, please")
    Y = X @ W
    Y = Y - Y.max(axis=1, keepdims=True)
    log_P = Y - np.log(np.sum(np.exp(Y), axis=1, keepdims=True))
    Q = (1 - epsilon) * np.eye(K)[t.astype(int)] + epsilon / K
    return -np.sum(Q * log_P) / len(t), X.T @ (np.exp(log_P) - Q) / len(t)
'''
_DESCENT = '''
def regularised_descent(X, t, w, eta, l2, l1, n_steps):
    if not (eta > 0 and l2 >= 0 and l1 >= 0 and n_steps >= 0):
        raise ValueError("eta > 0, l2 >= 0, l1 >= 0 and n_steps >= 0, please")
    X, t, w = np.asarray(X, dtype=float), np.asarray(t, dtype=float), np.array(w, dtype=float)
    mask = np.r_[np.ones(len(w) - 1), 0.0]
    for _ in range(n_steps):
        p = np.exp(-np.logaddexp(0.0, -(X @ w)))
        w = w - eta * (X.T @ (p - t) / len(t) + l2 * mask * w)
        w = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0.0)
    return w
'''

WRONG["hw04_logistic_regression"] = {
    "softmax": {
        "no shift by the largest score, so e^900 overflows": _SMOOTHED.replace(
            "    Y = Y - Y.max(axis=1, keepdims=True)\n", ""),
        "the log of the probabilities, -inf where one underflows": _SMOOTHED.replace(
            "log_P = Y - np.log(np.sum(np.exp(Y), axis=1, keepdims=True))",
            "log_P = np.log(np.exp(Y) / np.sum(np.exp(Y), axis=1, keepdims=True))"),
        "epsilon spread over the other K - 1 classes": _SMOOTHED.replace(
            "Q = (1 - epsilon) * np.eye(K)[t.astype(int)] + epsilon / K",
            "Q = (1 - epsilon) * np.eye(K)[t.astype(int)] + epsilon / (K - 1) * (1 - np.eye(K)[t.astype(int)])"),
        "the gradient of the one-hot targets": _SMOOTHED.replace("(np.exp(log_P) - Q)",
                                                                 "(np.exp(log_P) - np.eye(K)[t.astype(int)])"),
        "the sum over the examples, not the mean": _SMOOTHED.replace(
            "return -np.sum(Q * log_P) / len(t), X.T @ (np.exp(log_P) - Q) / len(t)",
            "return -np.sum(Q * log_P), X.T @ (np.exp(log_P) - Q)"),
        "the gradient of the log-likelihood, Q - P": _SMOOTHED.replace("(np.exp(log_P) - Q)", "(Q - np.exp(log_P))"),
        "no check of its input": _SMOOTHED.replace('''    if t.ndim != 1 or not np.all(np.isin(t, np.arange(K))) or not 0 <= epsilon < 1:
        raise ValueError("labels 0, ..., K - 1 and 0 <= epsilon < 1, please")
''', ""),
    },
    "descent": {
        "the summed gradient, not the mean": _DESCENT.replace("X.T @ (p - t) / len(t)", "X.T @ (p - t)"),
        "w changed in place": _DESCENT.replace(
            "np.array(w, dtype=float)", "np.asarray(w, dtype=float)").replace(
            "        w = w - eta * (X.T @ (p - t) / len(t) + l2 * mask * w)\n        w = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0.0)",
            "        w -= eta * (X.T @ (p - t) / len(t) + l2 * mask * w)\n        w[:] = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0.0)").replace(
            "np.asarray(t, dtype=float), np.asarray(w", "np.asarray(t, dtype=float), np.asarray(w"),
        "the bias penalised too": _DESCENT.replace("mask = np.r_[np.ones(len(w) - 1), 0.0]", "mask = np.ones(len(w))"),
        "soft thresholding by l1, not eta l1": _DESCENT.replace("np.abs(w) - eta * l1 * mask", "np.abs(w) - l1 * mask"),
        "a subgradient step on |w| instead of the proximal step": _DESCENT.replace(
            "w = w - eta * (X.T @ (p - t) / len(t) + l2 * mask * w)\n        w = np.sign(w) * np.maximum(np.abs(w) - eta * l1 * mask, 0.0)",
            "w = w - eta * (X.T @ (p - t) / len(t) + l2 * mask * w + l1 * mask * np.sign(w))"),
        "no check of its input": _DESCENT.replace('''    if not (eta > 0 and l2 >= 0 and l1 >= 0 and n_steps >= 0):
        raise ValueError("eta > 0, l2 >= 0, l1 >= 0 and n_steps >= 0, please")
''', ""),
    },
    "table": {
        "the fractions of t = 1 for the log-odds": '''
n = numbers.table.counts
b = n[0, 1] / n[0].sum()
mle = [n[1, 1] / n[1].sum() - b, b]
''',
        "w as the log-odds of the group x = 1 alone": '''
n = numbers.table.counts
b = np.log(n[0, 1] / n[0, 0])
mle = [np.log(n[1, 1] / n[1, 0]), b]
''',
    },
    "rate_penalised": {
        "2 / (L + lambda), as if the bias were penalised too": '''
X_tilde = np.column_stack([numbers.rates.x, np.ones(4)])
rate_penalised = 2 / (np.linalg.eigvalsh(X_tilde.T @ X_tilde / 4)[-1] / 4 + numbers.rates.l2)
''',
    },
}

RIGHT["hw04_logistic_regression"] = {
    "softmax": {"log-sum-exp written out, the gradient from the softmax": '''
def smoothed_softmax_loss(X, t, W, epsilon):
    X, W, t = np.asarray(X, dtype=float), np.asarray(W, dtype=float), np.asarray(t)
    N, K = len(t), W.shape[1]
    if t.ndim != 1 or not np.all(np.isin(t, np.arange(K))):
        raise ValueError("labels 0, ..., K - 1, please")
    if epsilon < 0 or epsilon >= 1:
        raise ValueError("0 <= epsilon < 1, please")
    Y = X @ W
    top = Y.max(axis=1)
    log_sum = top + np.log(np.exp(Y - top[:, None]).sum(axis=1))
    loss = np.mean(log_sum - (1 - epsilon) * Y[np.arange(N), t.astype(int)] - epsilon * Y.mean(axis=1))
    P = np.exp(Y - log_sum[:, None])
    P[np.arange(N), t.astype(int)] -= 1 - epsilon
    return loss, X.T @ (P - epsilon / K) / N
'''},
}

# ----------------------------------------------------------------------------------------------------------------
# Homework 05
# ----------------------------------------------------------------------------------------------------------------

_PINNED = '''
def pinned_softmax_newton_step(X, t, V):
    X, V, t = np.asarray(X, dtype=float), np.asarray(V, dtype=float), np.asarray(t)
    (N, D), K = X.shape, V.shape[1] + 1
    if t.ndim != 1 or not np.all(np.isin(t, np.arange(K))):
        raise ValueError("labels 0, ..., K - 1, please")
    Y = np.column_stack([X @ V, np.zeros(N)])
    Y = Y - Y.max(axis=1, keepdims=True)
    P = (np.exp(Y) / np.exp(Y).sum(axis=1, keepdims=True))[:, :-1]
    T = np.eye(K)[t.astype(int)][:, :-1]
    gradient = X.T @ (P - T) / N
    hessian = np.zeros((D, K - 1, D, K - 1))
    for k in range(K - 1):
        for l in range(K - 1):
            hessian[:, k, :, l] = X.T @ (((k == l) * P[:, k] - P[:, k] * P[:, l])[:, None] * X) / N
    step = np.linalg.solve(hessian.reshape(D * (K - 1), -1), gradient.ravel())
    return V - step.reshape(D, K - 1)
'''
_MINIMISE = '''
def newton_minimise(gradient, hessian, x0, tol, max_iter):
    if tol < 0 or max_iter < 0:
        raise ValueError("tol >= 0 and max_iter >= 0, please")
    x, k = np.array(x0, dtype=float), 0
    while k < max_iter:
        g = np.asarray(gradient(x), dtype=float)
        if np.linalg.norm(g) <= tol:
            break
        H = np.asarray(hessian(x), dtype=float)
        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")
        x, k = x - np.linalg.solve(H, g), k + 1
    return x, k
'''

WRONG["hw05_newton_irls"] = {
    "pinned": {
        "the classes' blocks only: no coupling between classes": _PINNED.replace(
            "for l in range(K - 1):", "for l in [k]:"),
        "diag(p) without the p p^T term": _PINNED.replace(" - P[:, k] * P[:, l])", ")"),
        "the gradient flattened in another order than the Hessian": _PINNED.replace(
            "gradient.ravel()", "gradient.ravel(order='F')"),
        "no shift by the largest score: e^y overflows": _PINNED.replace(
            "    Y = Y - Y.max(axis=1, keepdims=True)\n", ""),
        "the Hessian summed, the gradient averaged": _PINNED.replace(
            "hessian[:, k, :, l] = X.T @ (((k == l) * P[:, k] - P[:, k] * P[:, l])[:, None] * X) / N",
            "hessian[:, k, :, l] = X.T @ (((k == l) * P[:, k] - P[:, k] * P[:, l])[:, None] * X)"),
        "a step uphill, V + H^-1 g": _PINNED.replace("return V - step", "return V + step"),
        "no check of its input": _PINNED.replace('''    if t.ndim != 1 or not np.all(np.isin(t, np.arange(K))):
        raise ValueError("labels 0, ..., K - 1, please")
''', ""),
    },
    "minimise": {
        "looks at the diagonal only": _MINIMISE.replace("np.any(np.linalg.eigvalsh(H) <= 0)", "np.any(np.diag(H) <= 0)"),
        "looks at the determinant only": _MINIMISE.replace("np.any(np.linalg.eigvalsh(H) <= 0)", "np.linalg.det(H) <= 0"),
        "looks at the diagonal and the determinant": _MINIMISE.replace(
            "np.any(np.linalg.eigvalsh(H) <= 0)", "np.any(np.diag(H) <= 0) or np.linalg.det(H) <= 0"),
        "looks at the Hessian at x0 only": _MINIMISE.replace('''        H = np.asarray(hessian(x), dtype=float)
        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")''', '''        H = np.asarray(hessian(x), dtype=float)
        if k == 0 and np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")'''),
        "looks at the Hessian before the gradient": _MINIMISE.replace('''        g = np.asarray(gradient(x), dtype=float)
        if np.linalg.norm(g) <= tol:
            break
        H = np.asarray(hessian(x), dtype=float)
        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")''', '''        H = np.asarray(hessian(x), dtype=float)
        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")
        g = np.asarray(gradient(x), dtype=float)
        if np.linalg.norm(g) <= tol:
            break'''),
        "tests the gradient after each step": _MINIMISE.replace('''        if np.linalg.norm(g) <= tol:
            break
        H = np.asarray(hessian(x), dtype=float)
        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")
        x, k = x - np.linalg.solve(H, g), k + 1''', '''        H = np.asarray(hessian(x), dtype=float)
        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")
        x, k = x - np.linalg.solve(H, g), k + 1
        if np.linalg.norm(gradient(x)) <= tol:
            break'''),
        "x0 changed in place": _MINIMISE.replace("x, k = np.array(x0, dtype=float), 0", "x, k = np.asarray(x0, dtype=float), 0").replace(
            "x, k = x - np.linalg.solve(H, g), k + 1", "x -= np.linalg.solve(H, g)\n        k += 1"),
        "no check of its arguments": _MINIMISE.replace('''    if tol < 0 or max_iter < 0:
        raise ValueError("tol >= 0 and max_iter >= 0, please")
''', ""),
    },
    "irls": {
        "the bias penalised too": '''
weights = r.c * s
A = r.X.T @ (weights[:, None] * r.X) + r.c.sum() * r.l2 * np.eye(2)
irls = np.linalg.solve(A, r.X.T @ (weights * working))
''',
        "the counts left out of the normal equations": '''
A = r.X.T @ (s[:, None] * r.X) + r.c.sum() * r.l2 * np.diag([1.0, 0.0])
irls = np.linalg.solve(A, r.X.T @ (s * working))
''',
        "the penalty not scaled by the total count": '''
weights = r.c * s
A = r.X.T @ (weights[:, None] * r.X) + r.l2 * np.diag([1.0, 0.0])
irls = np.linalg.solve(A, r.X.T @ (weights * working))
''',
    },
    "convergence": {
        "C = f''' / f'', without the 2": '''
e = np.array(iterates) - m
convergence = [a ** 3 / (a ** 2 + 2 * c), e[1] / e[0] ** 2, e[2] / e[1] ** 2]
''',
        "the penalty's curvature left out of f''": '''
e = np.array(iterates) - m
convergence = [a / 2, e[1] / e[0] ** 2, e[2] / e[1] ** 2]
''',
    },
}

RIGHT["hw05_newton_irls"] = {
    "pinned": {"the Hessian block by block, the step as a matrix": _PINNED},
    "minimise": {"Cholesky's factor decides": _MINIMISE.replace('''        if np.any(np.linalg.eigvalsh(H) <= 0):
            raise ValueError("a Hessian that is not positive definite")''', '''        try:
            np.linalg.cholesky(H)
        except np.linalg.LinAlgError:
            raise ValueError("a Hessian that is not positive definite") from None''')},
}

# ----------------------------------------------------------------------------------------------------------------
# Homework 06
# ----------------------------------------------------------------------------------------------------------------

_QUADRATIC = '''
def quadratic_discriminant(means, covariances, priors):
    means, covariances, priors = (np.asarray(a, dtype=float) for a in (means, covariances, priors))
    if np.any(priors <= 0) or not abs(priors.sum() - 1.0) <= 1e-8:
        raise ValueError("positive priors that sum to 1, please")
    if any(np.linalg.eigvalsh(covariance)[0] <= 0 for covariance in covariances):
        raise ValueError("positive definite covariances, please")
    inverses = [np.linalg.inv(covariance) for covariance in covariances]
    log_dets = [np.linalg.slogdet(covariance)[1] for covariance in covariances]
    A = (inverses[0] - inverses[1]) / 2
    b = inverses[1] @ means[1] - inverses[0] @ means[0]
    c = (np.log(priors[1] / priors[0]) - (log_dets[1] - log_dets[0]) / 2
         - (means[1] @ inverses[1] @ means[1] - means[0] @ inverses[0] @ means[0]) / 2)
    return A, b, c
'''
_BAYES = '''
def bayes_error_1d(mu, sigma, priors):
    mu, sigma, priors = (np.asarray(a, dtype=float) for a in (mu, sigma, priors))
    if np.any(sigma <= 0) or np.any(priors <= 0) or not abs(priors.sum() - 1.0) <= 1e-8:
        raise ValueError("positive sigmas and priors that sum to 1, please")
    q = lambda x, k: np.log(priors[k]) - np.log(sigma[k]) - (x - mu[k]) ** 2 / (2 * sigma[k] ** 2)
    a = 1 / (2 * sigma[1] ** 2) - 1 / (2 * sigma[0] ** 2)
    b = mu[0] / sigma[0] ** 2 - mu[1] / sigma[1] ** 2
    c = q(0.0, 0) - q(0.0, 1)
    if abs(a) < 1e-15:
        roots = [-c / b] if b != 0 else []
    else:
        d = b * b - 4 * a * c
        roots = sorted([(-b - np.sqrt(d)) / (2 * a), (-b + np.sqrt(d)) / (2 * a)]) if d > 0 else []
    edges = [-np.inf] + roots + [np.inf]
    error = 0.0
    for low, high in zip(edges[:-1], edges[1:]):
        x = 0.0 if len(edges) == 2 else (high - 1 if low == -np.inf else low + 1 if high == np.inf else (low + high) / 2)
        loser = 1 if q(x, 0) > q(x, 1) else 0
        error += priors[loser] * (scipy.stats.norm.cdf(high, mu[loser], sigma[loser])
                                  - scipy.stats.norm.cdf(low, mu[loser], sigma[loser]))
    return np.array(roots), error
'''

WRONG["hw06_discriminant_analysis"] = {
    "quadratic": {
        "A with the opposite sign": _QUADRATIC.replace("A = (inverses[0] - inverses[1]) / 2", "A = (inverses[1] - inverses[0]) / 2"),
        "A without the factor 1/2": _QUADRATIC.replace("A = (inverses[0] - inverses[1]) / 2", "A = inverses[0] - inverses[1]"),
        "the log-determinants left out": _QUADRATIC.replace(" - (log_dets[1] - log_dets[0]) / 2", ""),
        "the priors the wrong way up": _QUADRATIC.replace("np.log(priors[1] / priors[0])", "np.log(priors[0] / priors[1])"),
        "the covariances for their inverses in b": _QUADRATIC.replace(
            "b = inverses[1] @ means[1] - inverses[0] @ means[0]", "b = covariances[1] @ means[1] - covariances[0] @ means[0]"),
        "the determinant itself, which underflows": _QUADRATIC.replace(
            "np.linalg.slogdet(covariance)[1]", "np.log(np.linalg.det(covariance))"),
        "positive definite read off the determinant": _QUADRATIC.replace(
            "np.linalg.eigvalsh(covariance)[0] <= 0", "np.linalg.det(covariance) <= 0"),
    },
    "bayes": {
        "one threshold midway between the means": '''
def bayes_error_1d(mu, sigma, priors):
    mu, sigma, priors = (np.asarray(a, dtype=float) for a in (mu, sigma, priors))
    if np.any(sigma <= 0) or np.any(priors <= 0) or not abs(priors.sum() - 1.0) <= 1e-8:
        raise ValueError("positive sigmas and priors that sum to 1, please")
    x = (mu[0] + mu[1]) / 2
    low, high = (0, 1) if mu[0] < mu[1] else (1, 0)
    return np.array([x]), (priors[low] * scipy.stats.norm.sf(x, mu[low], sigma[low])
                           + priors[high] * scipy.stats.norm.cdf(x, mu[high], sigma[high]))
''',
        "the log sigma terms left out": _BAYES.replace(" - np.log(sigma[k])", ""),
        "sigma taken for a variance": _BAYES.replace("(2 * sigma[k] ** 2)", "(2 * sigma[k])").replace(
            "a = 1 / (2 * sigma[1] ** 2) - 1 / (2 * sigma[0] ** 2)", "a = 1 / (2 * sigma[1]) - 1 / (2 * sigma[0])").replace(
            "b = mu[0] / sigma[0] ** 2 - mu[1] / sigma[1] ** 2", "b = mu[0] / sigma[0] - mu[1] / sigma[1]").replace(
            "np.log(sigma[k])", "np.log(sigma[k]) / 2"),
        "the priors left out of the error": _BAYES.replace("error += priors[loser] * (", "error += 0.5 * ("),
        "the wider class taken to win outside the thresholds": _BAYES.replace(
            "loser = 1 if q(x, 0) > q(x, 1) else 0",
            "loser = (1 if sigma[1] < sigma[0] else 0) if not (low > -np.inf and high < np.inf) else (0 if sigma[1] < sigma[0] else 1)"),
        "no check of its input": _BAYES.replace('''    if np.any(sigma <= 0) or np.any(priors <= 0) or not abs(priors.sum() - 1.0) <= 1e-8:
        raise ValueError("positive sigmas and priors that sum to 1, please")
''', ""),
    },
    "posteriors": {
        "the likelihoods normalised, the priors left out": '''
joint = numbers.losses.likelihoods
posteriors = joint / joint.sum()
''',
    },
    "losses": {
        "the loss matrix read by columns": '''
expected_losses = numbers.losses.losses.T @ posteriors
''',
    },
    "lda": {
        "the bias without the priors": '''
L = numbers.lda
w_lda = np.linalg.solve(L.covariance, L.mu1 - L.mu0)
b_lda = -0.5 * (L.mu1 + L.mu0) @ w_lda
lda = [*w_lda, b_lda, 1 / (1 + np.exp(-(w_lda @ L.x + b_lda)))]
''',
        "the covariance for its inverse": '''
L = numbers.lda
w_lda = L.covariance @ (L.mu1 - L.mu0)
b_lda = -0.5 * (L.mu1 + L.mu0) @ w_lda + np.log(L.prior1 / (1 - L.prior1))
lda = [*w_lda, b_lda, 1 / (1 + np.exp(-(w_lda @ L.x + b_lda)))]
''',
    },
    "pooled": {
        "the scatters over N, not N - K": '''
x0, x1 = numbers.pooled.x0, numbers.pooled.x1
m0, m1, N = x0.mean(), x1.mean(), len(x0) + len(x1)
sigma2 = (np.sum((x0 - m0) ** 2) + np.sum((x1 - m1) ** 2)) / N
lda_1d = [sigma2, (m0 + m1) / 2 + sigma2 / (m1 - m0) * np.log(len(x0) / len(x1))]
''',
        "the threshold without the priors": '''
x0, x1 = numbers.pooled.x0, numbers.pooled.x1
m0, m1, N = x0.mean(), x1.mean(), len(x0) + len(x1)
sigma2 = (np.sum((x0 - m0) ** 2) + np.sum((x1 - m1) ** 2)) / (N - 2)
lda_1d = [sigma2, (m0 + m1) / 2]
''',
    },
}

RIGHT["hw06_discriminant_analysis"] = {
    "quadratic": {"eigenvalues decide, slogdet and inv compute": _QUADRATIC},
    "bayes": {"the log-densities compared at a point of each interval": _BAYES},
}

# ----------------------------------------------------------------------------------------------------------------
# Homework 07
# ----------------------------------------------------------------------------------------------------------------

_MULTINOMIAL = '''
def multinomial_nb_log_proba(counts_train, t_train, counts_new, alpha):
    X, X_new, t = np.asarray(counts_train, dtype=float), np.asarray(counts_new, dtype=float), np.asarray(t_train)
    if alpha < 0 or X.shape[1] != X_new.shape[1] or np.any(X < 0) or np.any(X_new < 0) \\
            or np.any(X != np.round(X)) or np.any(X_new != np.round(X_new)):
        raise ValueError("alpha >= 0 and whole counts >= 0 over one vocabulary, please")
    classes = np.unique(t)
    log_posteriors = []
    for x in X_new:
        scores = []
        for label in classes:
            n = X[t == label].sum(axis=0)
            theta = (n + alpha) / (n.sum() + alpha * X.shape[1])
            scores.append(np.log(np.mean(t == label))
                          + sum(count * np.log(theta_w) for count, theta_w in zip(x, theta) if count > 0))
        scores = np.array(scores)
        top = scores.max()
        log_posteriors.append(scores - top - np.log(np.sum(np.exp(scores - top))))
    return np.array(log_posteriors)
'''
_GAUSSIAN_NB = '''
def gaussian_nb_log_proba(X_train, t_train, X_new):
    X_train, X_new, t_train = np.asarray(X_train, dtype=float), np.asarray(X_new, dtype=float), np.asarray(t_train)
    classes = np.unique(t_train)
    g = []
    for label in classes:
        rows = X_train[t_train == label]
        mean, variance = rows.mean(axis=0), rows.var(axis=0)
        if np.any(variance == 0):
            raise ValueError("a feature with no spread in a class")
        g.append(np.log(len(rows) / len(t_train))
                 - 0.5 * np.sum((X_new - mean) ** 2 / variance + np.log(2 * np.pi * variance), axis=1))
    g = np.column_stack(g)
    top = g.max(axis=1, keepdims=True)
    return g - top - np.log(np.exp(g - top).sum(axis=1, keepdims=True))
'''

WRONG["hw07_naive_bayes"] = {
    "multinomial": {
        "the Bernoulli model: whether a word occurs, not how often": _MULTINOMIAL.replace(
            "sum(count * np.log(theta_w)", "sum(np.log(theta_w)"),
        "smoothed over one word, n_k + alpha": _MULTINOMIAL.replace("(n.sum() + alpha * X.shape[1])", "(n.sum() + alpha)"),
        "the class's number of messages for its number of words": _MULTINOMIAL.replace(
            "(n.sum() + alpha * X.shape[1])", "(np.sum(t == label) + alpha * X.shape[1])"),
        "the priors from the words, not the messages": _MULTINOMIAL.replace(
            "np.log(np.mean(t == label))", "np.log(n.sum() / X.sum())"),
        "the likelihoods multiplied, not their logs added": _MULTINOMIAL.replace(
            "sum(count * np.log(theta_w) for count, theta_w in zip(x, theta) if count > 0))",
            "np.log(np.prod(theta ** x)))"),
        "0 ln 0 as nan when alpha = 0": _MULTINOMIAL.replace(
            "sum(count * np.log(theta_w) for count, theta_w in zip(x, theta) if count > 0))",
            "np.sum(x * np.log(theta)))"),
        "no check of its input": _MULTINOMIAL.replace('''    if alpha < 0 or X.shape[1] != X_new.shape[1] or np.any(X < 0) or np.any(X_new < 0) \\
            or np.any(X != np.round(X)) or np.any(X_new != np.round(X_new)):
        raise ValueError("alpha >= 0 and whole counts >= 0 over one vocabulary, please")
''', ""),
    },
    "gaussian": {
        "the unbiased variances, 1/(N_k - 1)": _GAUSSIAN_NB.replace("rows.var(axis=0)", "rows.var(axis=0, ddof=1)"),
        "the ln(2 pi sigma^2) terms left out": _GAUSSIAN_NB.replace(" + np.log(2 * np.pi * variance)", ""),
        "the posteriors, not their logs": _GAUSSIAN_NB.replace(
            "return g - top - np.log(np.exp(g - top).sum(axis=1, keepdims=True))",
            "return np.exp(g - top) / np.exp(g - top).sum(axis=1, keepdims=True)"),
        "normalised without the shift, which underflows": _GAUSSIAN_NB.replace(
            "return g - top - np.log(np.exp(g - top).sum(axis=1, keepdims=True))",
            "return g - np.log(np.exp(g).sum(axis=1, keepdims=True))"),
        "uniform priors": _GAUSSIAN_NB.replace("np.log(len(rows) / len(t_train))", "np.log(1 / len(classes))"),
        "no check of its input": _GAUSSIAN_NB.replace('''        if np.any(variance == 0):
            raise ValueError("a feature with no spread in a class")
''', ""),
    },
    "smoothed": {
        "no smoothing": '''
S = numbers.smoothed
rain, calm = S.weather[:, 2] / S.days, S.wind[:, 0] / S.days
joint = S.days / S.days.sum() * rain * calm
smoothed = [rain[0], calm[0], joint[0] / joint.sum()]
''',
        "smoothed over two values, alpha V = 2 alpha, for the weather too": '''
S = numbers.smoothed
rain = (S.weather[:, 2] + S.alpha) / (S.days + 2 * S.alpha)
calm = (S.wind[:, 0] + S.alpha) / (S.days + 2 * S.alpha)
joint = S.days / S.days.sum() * rain * calm
smoothed = [rain[0], calm[0], joint[0] / joint.sum()]
''',
    },
    "two_gaussians": {
        "the ln(2 pi sigma^2) terms dropped": '''
G = numbers.gaussian
g = np.log(G.priors) - 0.5 * np.sum((G.x - G.means) ** 2 / G.variances, axis=1)
two_gaussians = [g[1] - g[0], 1 / (1 + np.exp(g[0] - g[1]))]
''',
    },
    "copies": {
        "the copies counted once by both": '''
C = numbers.copies
odds = C.prior / (1 - C.prior)
copies = [odds * C.ratio / (1 + odds * C.ratio)] * 2
''',
        "the ratio multiplied by the number of copies": '''
C = numbers.copies
odds = C.prior / (1 - C.prior)
copies = [odds * C.ratio / (1 + odds * C.ratio), odds * C.ratio * C.copies / (1 + odds * C.ratio * C.copies)]
''',
    },
}

RIGHT["hw07_naive_bayes"] = {
    "multinomial": {"a message at a time, a class at a time": _MULTINOMIAL},
    "gaussian": {"the discriminants class by class": _GAUSSIAN_NB},
}
