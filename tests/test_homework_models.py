"""The homework's model solutions, which give every student's expected values, against independent references.

The grader computes a student's expected answers by running the instructor's model solution at that student's
numbers (``grader.checks``). So the model must be right for every student, not only for one: here it is run for
several students (``homework_tasks.namespace_of``) and each derived answer, and each function at the student's own
numbers, is compared with a reference it does not share code with: the course's package, scipy, scikit-learn,
numerical derivatives, or a brute-force search.
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.optimize
import scipy.special
import scipy.stats

import homework_tasks
from lecture_utils import decision, discriminant, information, logistic, naive_bayes, optimization, perceptron

STUDENTS = ("ana", "ben", "student3", "student4")


def _model(assignment: str, student: str) -> dict:
    return homework_tasks.namespace_of(assignment, student)


def _close(value, reference, rtol=1e-7, atol=1e-10) -> None:
    np.testing.assert_allclose(np.asarray(value, dtype=float), np.asarray(reference, dtype=float), rtol=rtol, atol=atol)


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_01(student):
    m = _model("hw01_perceptron", student)
    c = m["numbers"].criterion
    E, grad_coef, grad_bias = perceptron.perceptron_criterion(c.X[:, :2], c.t, c.w0[:2], c.w0[2])
    _close(m["criterion"], [E, *grad_coef, grad_bias])
    _close(m["after"][:3], c.w0 - np.array([*grad_coef, grad_bias]))
    X = np.column_stack([np.random.default_rng(len(student)).integers(-3, 4, (9, 2)), np.ones(9)])
    t = np.where(X[:, 0] - X[:, 1] >= 0, 1, -1)
    run = perceptron.perceptron_trace(X, t, max_epochs=4, fit_intercept=False)
    _close(m["kernel_perceptron"](X @ X.T, t, 4), np.bincount(run.index, minlength=len(t)))
    for a, q, gamma, R in [(0.7, 1.0, 0.3, 2.0), (-1.5, 4.0, 0.5, 1.5), (0.0, 2.0, 0.2, 3.0)]:
        largest = scipy.optimize.brentq(lambda k: np.sqrt(q + k * R ** 2) - (a + k * gamma), max(-a / gamma, 0), 1e6)
        _close(m["start_bound"](a, q, gamma, R), largest, rtol=1e-9)


def test_homework_01_pocket_keeps_the_fewest_mistakes_seen():
    """Brute force: every weight vector the perceptron passes through, and the first with the fewest mistakes."""
    m = _model("hw01_perceptron", "ana")
    rng = np.random.default_rng(4)
    X = np.column_stack([rng.integers(-3, 4, (12, 2)), np.ones(12)])
    t = rng.choice([-1, 1], 12)
    seen, w = [np.zeros(3)], np.zeros(3)
    for _ in range(4):
        for x_i, t_i in zip(X, t):
            if t_i * (x_i @ w) <= 0:
                w = w + t_i * x_i
                seen.append(w)
    mistakes = [int(np.sum(t * (X @ v) <= 0)) for v in seen]
    best = int(np.argmin(mistakes))
    pocket, fewest = m["pocket_perceptron"](X, t, 4)
    _close(pocket, seen[best])
    assert fewest == mistakes[best]


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_02(student):
    m = _model("hw02_information_theory", student)
    p = m["numbers"].pairs.p
    pairs = np.outer(p, p).ravel()
    _close(m["pairs"], [information.entropy(p, base=2), p @ information.huffman_code_lengths(p),
                        pairs @ information.huffman_code_lengths(pairs) / 2])
    p, q = m["numbers"].mismatch.p, m["numbers"].mismatch.q
    _close(m["mismatch"], [information.entropy(p, base=2), p @ information.huffman_code_lengths(q),
                           information.kl_divergence(p, q, base=2)])
    rng = np.random.default_rng(len(student))
    p = rng.dirichlet(np.ones(7))
    code = m["huffman_code"](p)
    assert p @ [len(word) for word in code] == pytest.approx(p @ information.huffman_code_lengths(p), rel=1e-12)
    joint = rng.dirichlet(np.ones(12)).reshape(3, 4)
    _close(m["mutual_information"](joint),
           information.kl_divergence(joint.ravel(), np.outer(joint.sum(1), joint.sum(0)).ravel(), base=2))
    weights, means, sigmas = rng.dirichlet(np.ones(3)), rng.normal(size=3), rng.uniform(0.2, 2, 3)
    grid = np.linspace(-20, 20, 400_001)
    density = np.sum(weights * scipy.stats.norm.pdf(grid[:, None], means, sigmas), axis=1)
    mean = np.trapezoid(grid * density, grid)
    _close(m["forward_fit"](weights, means, sigmas), [mean, np.trapezoid((grid - mean) ** 2 * density, grid)], rtol=1e-6)


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_03(student):
    m = _model("hw03_maximum_likelihood", student)
    x = m["numbers"].sample.x

    def negative_log_likelihood(theta):
        return -np.sum(scipy.stats.norm.logpdf(x, theta[0], np.sqrt(theta[1])))

    mle = np.array([x.mean(), x.var()])
    hessian = optimization.numerical_hessian(lambda theta: optimization.numerical_gradient(negative_log_likelihood, theta, 1e-5),
                                             mle, 1e-4)
    _close(m["errors"], [*mle, *np.sqrt(np.diag(np.linalg.inv(hessian)))], rtol=1e-4)
    coin = m["numbers"].coin
    posterior = scipy.stats.beta(coin.a + coin.h, coin.b + coin.N - coin.h)
    mode = scipy.optimize.minimize_scalar(lambda phi: -posterior.logpdf(phi), bounds=(1e-9, 1 - 1e-9), method="bounded",
                                          options={"xatol": 1e-12}).x
    _close(m["coin"], [coin.h / coin.N, mode, posterior.mean()], rtol=1e-6)
    N, sigma2, c = 9, 1.7, 0.13
    S = scipy.stats.chi2(N - 1, scale=sigma2)
    _close(m["scatter_mse"](c, N, sigma2), c ** 2 * S.var() + (c * S.mean() - sigma2) ** 2)


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_03_functions(student):
    m = _model("hw03_maximum_likelihood", student)
    rng = np.random.default_rng(len(student))
    x = scipy.stats.weibull_min(1.7, scale=3.0).rvs(40, random_state=rng)
    k, lam = m["weibull_mle"](x)
    score = optimization.numerical_gradient(lambda theta: np.sum(scipy.stats.weibull_min.logpdf(x, theta[0], scale=theta[1])),
                                            np.array([k, lam]))
    assert np.all(np.abs(score) < 1e-6 * len(x))
    mu, sigma2 = np.array([[1.0], [2.5]]), np.array([0.5, 3.0])
    _close(m["gaussian_log_likelihood"](mu, sigma2, x),
           scipy.stats.norm.logpdf(x[:, None, None], mu, np.sqrt(sigma2)).sum(axis=0))


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_04(student):
    m = _model("hw04_logistic_regression", student)
    counts = m["numbers"].table.counts
    x = np.repeat([0.0, 0.0, 1.0, 1.0], counts.ravel())
    t = np.repeat([0, 1, 0, 1], counts.ravel())
    fit = logistic.LogisticRegression(solver="newton", tol=1e-12, max_iter=100).fit(x[:, None], t)
    _close(m["mle"], [fit.coef_[0], fit.intercept_], rtol=1e-7)
    _close(m["nll"], logistic.log_loss(t, fit.predict_proba(x[:, None])[:, 1]))
    rates = m["numbers"].rates
    _close(m["rate"][1], logistic.learning_rate_bound(rates.x[:, None]))
    _close(m["rate_penalised"], logistic.learning_rate_bound(rates.x[:, None], l2=rates.l2))
    rng = np.random.default_rng(len(student))
    X, t, W = rng.normal(size=(6, 3)), rng.integers(0, 4, 6), rng.normal(size=(3, 4))
    Q = 0.85 * np.eye(4)[t] + 0.15 / 4

    def loss(flat):
        return -np.mean(np.sum(Q * scipy.special.log_softmax(X @ flat.reshape(3, 4), axis=1), axis=1))

    E, G = m["smoothed_softmax_loss"](X, t, W, 0.15)
    _close(E, loss(W.ravel()))
    _close(G.ravel(), optimization.numerical_gradient(loss, W.ravel()), rtol=1e-6, atol=1e-9)


@pytest.mark.filterwarnings("ignore:Newton's method. stopped after max_iter")     # three steps, as the task asks
@pytest.mark.parametrize("student", STUDENTS)
def test_homework_05(student):
    m = _model("hw05_newton_irls", student)
    r = m["numbers"].irls
    X_repeated, t_repeated = np.repeat(r.X, r.c, axis=0), np.repeat(r.t, r.c)
    _close(m["working"], logistic.working_response(r.X @ r.w, r.t)[1])
    _close(m["irls"], logistic.irls_step(X_repeated[:, :1], t_repeated, r.w, l2=r.l2), rtol=1e-7)
    n = m["numbers"].newton
    trace = optimization.newton(lambda x: np.exp(n.a * (x[0] - n.m)) + n.c * (x[0] - n.m) ** 2 - n.a * x[0],
                                lambda x: np.array([n.a * np.exp(n.a * (x[0] - n.m)) + 2 * n.c * (x[0] - n.m) - n.a]),
                                lambda x: np.array([[n.a ** 2 * np.exp(n.a * (x[0] - n.m)) + 2 * n.c]]),
                                np.array([n.x0]), max_iter=3, tol=0.0)
    _close(m["newton"], trace.weights[1:4, 0])
    second = lambda x: n.a ** 2 * np.exp(n.a * (x - n.m)) + 2 * n.c
    third = (second(n.m + 1e-5) - second(n.m - 1e-5)) / 2e-5
    _close(m["convergence"][0], third / (2 * second(n.m)), rtol=1e-6)


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_05_pinned_softmax(student):
    m = _model("hw05_newton_irls", student)
    rng = np.random.default_rng(len(student))
    X, t, V = np.column_stack([rng.normal(size=(10, 2)), np.ones(10)]), np.arange(10) % 3, rng.normal(size=(3, 2))

    def loss(flat):
        scores = np.column_stack([X @ flat.reshape(3, 2), np.zeros(10)])
        return -np.mean(scipy.special.log_softmax(scores, axis=1)[np.arange(10), t])

    P = scipy.special.softmax(np.column_stack([X @ V, np.zeros(10)]), axis=1)[:, :2]
    hessian = sum(np.kron(np.outer(x, x), np.diag(p) - np.outer(p, p)) for x, p in zip(X, P)) / 10   # (d, k) order
    step = np.linalg.solve(hessian, optimization.numerical_gradient(loss, V.ravel()))
    _close(m["pinned_softmax_newton_step"](X, t, V).ravel(), V.ravel() - step, rtol=1e-6, atol=1e-8)
    t2, v = np.arange(10) % 2, rng.normal(size=(3, 1))
    _close(m["pinned_softmax_newton_step"](X, t2, v).ravel(), logistic.irls_step(X[:, :2], (t2 == 0).astype(int), v.ravel()))


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_06(student):
    m = _model("hw06_discriminant_analysis", student)
    L = m["numbers"].losses
    posterior = L.priors * L.likelihoods / np.sum(L.priors * L.likelihoods)
    _close(m["posteriors"], posterior)
    _close(m["expected_losses"], decision.expected_loss(L.losses, posterior))
    D = m["numbers"].lda
    priors, means = np.array([1 - D.prior1, D.prior1]), np.array([D.mu0, D.mu1])
    posterior = discriminant.gaussian_posterior(D.x[None], means, np.array([D.covariance] * 2), priors)[0, 1]
    _close(m["lda"][3], posterior)
    _close(np.log(posterior / (1 - posterior)), np.dot(m["lda"][:2], D.x) + m["lda"][2])
    P = m["numbers"].pooled
    x, t = np.r_[P.x0, P.x1].astype(float)[:, None], np.r_[np.zeros(len(P.x0)), np.ones(len(P.x1))]
    lda = discriminant.LDA().fit(x, t)
    threshold = scipy.optimize.brentq(lambda value: lda.predict_proba([[value]])[0, 1] - 0.5, -100, 100, xtol=1e-13)
    _close(m["lda_1d"], [lda.covariance_[0, 0], threshold])


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_06_functions(student):
    m = _model("hw06_discriminant_analysis", student)
    rng = np.random.default_rng(len(student))
    means, priors = rng.normal(size=(2, 3)), np.array([0.35, 0.65])
    covariances = np.array([(lambda a: a @ a.T + np.eye(3))(rng.normal(size=(3, 3))) for _ in range(2)])
    A, b, c = m["quadratic_discriminant"](means, covariances, priors)
    X = rng.normal(size=(5, 3))
    g = discriminant.gaussian_joint_log_likelihood(X, means, covariances, priors)
    _close(np.einsum("id,de,ie->i", X, A, X) + X @ b + c, g[:, 1] - g[:, 0])
    mu, sigma = np.array([0.0, 1.5]), np.array([1.0, 2.2])
    thresholds, error = m["bayes_error_1d"](mu, sigma, np.array([0.4, 0.6]))
    reference = decision.bayes_error_1d([scipy.stats.norm(mu[0], sigma[0]), scipy.stats.norm(mu[1], sigma[1])],
                                        [0.4, 0.6], support=(-40, 40), n_grid=200_001)
    assert error == pytest.approx(reference.risk, rel=1e-6)
    for threshold in thresholds:
        assert 0.4 * scipy.stats.norm.pdf(threshold, mu[0], sigma[0]) == pytest.approx(
            0.6 * scipy.stats.norm.pdf(threshold, mu[1], sigma[1]), rel=1e-10)


@pytest.mark.parametrize("student", STUDENTS)
def test_homework_07(student):
    from sklearn.naive_bayes import GaussianNB, MultinomialNB
    m = _model("hw07_naive_bayes", student)
    S = m["numbers"].smoothed
    rows = []
    for mode in (0, 1):
        weather = np.repeat(["sun", "cloud", "rain"], S.weather[mode])
        wind = np.repeat(["calm", "windy"], S.wind[mode])
        rows += [(w, v, mode) for w, v in zip(weather, wind)]
    X, t = np.array([row[:2] for row in rows]), np.array([row[2] for row in rows])
    fit = naive_bayes.CategoricalNB(alpha=S.alpha).fit(X, t)
    _close(m["smoothed"][2], fit.predict_proba(np.array([["rain", "calm"]]))[0, 0])
    G = m["numbers"].gaussian
    posterior = discriminant.gaussian_posterior(G.x[None], G.means, np.array([np.diag(v) for v in G.variances]), G.priors)
    _close(m["two_gaussians"][1], posterior[0, 1])
    C = m["numbers"].copies
    joint = np.array([C.prior * C.ratio ** C.copies, 1 - C.prior])       # naive: p(s | D)^m / p(s | not D)^m, scaled
    _close(m["copies"][1], joint[0] / joint.sum())
    rng = np.random.default_rng(len(student))
    counts, labels, new = rng.integers(0, 5, (9, 6)), np.arange(9) % 3, rng.integers(0, 7, (4, 6))
    _close(m["multinomial_nb_log_proba"](counts, labels, new, 0.7),
           MultinomialNB(alpha=0.7, force_alpha=True).fit(counts, labels).predict_log_proba(new))
    X_train, X_new = rng.normal(size=(12, 2)) + np.repeat([[0, 0], [2, 1]], 6, axis=0), rng.normal(size=(3, 2))
    t_train = np.repeat([0, 1], 6)
    _close(m["gaussian_nb_log_proba"](X_train, t_train, X_new),
           GaussianNB(var_smoothing=0.0).fit(X_train, t_train).predict_log_proba(X_new), rtol=1e-6)
