"""Gaussian class-conditional classifiers: the Bayes classifier of Gaussian classes, LDA, QDA and RDA.

Taught in notebook 06 ("Gaussian classes" to "Fisher's direction"), following
Arias, UPC topic 2. Notation: inputs ``x`` in R^d, classes ``C_1, ..., C_K``
with priors ``pi_k``, class densities ``p(x | C_k) = N(x; mu_k, Sigma_k)``,
and ``N`` examples of which ``N_k`` in class ``k``. The discriminant function
of class ``k`` is the joint log-likelihood

    g_k(x) = log p(x, C_k) = log pi_k - 1/2 log|2 pi Sigma_k| - 1/2 Delta_k(x)^2,

with ``Delta_k(x)^2 = (x - mu_k)^T Sigma_k^{-1} (x - mu_k)`` the squared
Mahalanobis distance to the class mean; the posterior ``p(C_k | x)`` is the
softmax of the ``g_k(x)``. Both are computed with a Cholesky factor
``Sigma_k = L_k L_k^T``: ``Delta_k(x) = ||L_k^{-1} (x - mu_k)||`` and
``log|Sigma_k| = 2 sum_j log (L_k)_jj``; no inverse is ever formed.

One function, :func:`gaussian_joint_log_likelihood`, serves known parameters
(the true Bayes classifier) and fitted ones (:class:`LDA`, :class:`QDA`,
:class:`RDA`). The fitted estimates are

    pi_k = N_k / N,    mu_k = (1 / N_k) sum_{x in C_k} x,
    Sigma_k = 1 / (N_k - 1) sum_{x in C_k} (x - mu_k)(x - mu_k)^T          (unbiased),
    Sigma = sum_k (N_k - 1) Sigma_k / (N - K)                               (pooled).

The lecture prints the pooled denominator as ``n - n_k``; it is ``N - K``, the
number of examples less one degree of freedom per estimated mean.

Around them: the exact Bayes error of Gaussian classes in one or two
dimensions (:func:`gaussian_bayes_error`), Box's M test of equal class
covariances (:func:`box_m_test`), RDA's accuracy over a whole grid of
``(alpha, gamma)`` at once (:func:`rda_accuracy_grid`), Fisher's directions and
the parameter counts of LDA and QDA.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from scipy import linalg, special
from scipy.special import logsumexp, softmax

from ._base import GenerativeClassifier, check_finite_scores
from ._numerics import norm, reduce_over, scaled
from ._validation import (as_class_labels, as_covariances, as_float_array, as_matrix, as_priors, as_scalar, as_vector,
                          check_fitted, check_n_features, check_positive_int, check_scale, check_size,
                          check_unit_interval)

_COVARIANCES = "the class covariances (averages of products of entries of X)"

_LOG_2PI = np.log(2 * np.pi)

# A covariance whose smallest eigenvalue, in units where each feature has
# (pooled) variance 1, is below this is treated as singular: its Mahalanobis
# distances would carry errors of about 1e-16 / _SINGULAR relative to their size.
_SINGULAR = 1e-10

#: The most work :func:`rda_accuracy_grid` does in one call (a few seconds), counted as
#: ``pairs x K x (n_eval + 10 d) x d``: each pair's class covariances factored, then every example scored.
MAX_GRID_WORK = 5 * 10 ** 7


# --------------------------------------------------------------------------
# Cholesky factors, with a clear message instead of a LinAlgError
# --------------------------------------------------------------------------


def _smallest_standardized_eigenvalues(covariances: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """Smallest eigenvalue of each ``D^{-1} Sigma_k D^{-1}`` with ``D = diag(scales)``, shape (K,).

    ``scales`` are standard deviations of the features (each covariance's
    own, or the pooled within-class ones), so the test for singularity does
    not depend on the units of the features. A feature with scale 0 keeps
    scale 1, so that its variance 0 shows.
    """
    scales = np.where(scales > 0, scales, 1.0)
    standardized = covariances / (scales[..., :, None] * scales[..., None, :])
    return np.linalg.eigvalsh(standardized)[:, 0]


def _cholesky_factors(covariances: np.ndarray, scales: np.ndarray) -> tuple[np.ndarray, int | None]:
    """Lower Cholesky factors ``L_k`` of covariances of shape (K, d, d), or the first singular class.

    Returns ``(factors, None)``, or ``(None, k)`` when ``Sigma_k`` is not
    numerically positive definite (see ``_SINGULAR``).
    """
    smallest = _smallest_standardized_eigenvalues(covariances, scales)
    singular = np.flatnonzero(~(smallest > _SINGULAR))
    if singular.size:
        return None, int(singular[0])
    try:
        return np.linalg.cholesky(covariances), None
    except np.linalg.LinAlgError:                         # not expected once the eigenvalues passed
        return None, 0


# --------------------------------------------------------------------------
# The Gaussian discriminant functions g_k(x)
# --------------------------------------------------------------------------


def _whiten(X: np.ndarray, factor: np.ndarray) -> np.ndarray:
    """``z_i = L^{-1} x_i`` for each row of ``X``: then ``||z_i||^2 = x_i^T Sigma^{-1} x_i``.

    Forward substitution, one feature at a time and vectorised over the
    examples: ``z_j = (x_j - sum_{l < j} L_jl z_l) / L_jj``. It is the
    triangular solve of LAPACK, without the threads that OpenBLAS starts for
    many right-hand sides (or for the product of a column and a number), which
    stall a busy machine's other work (a widget's drawing) for tens of milliseconds.
    """
    X = np.asfortranarray(X)                                 # columns contiguous
    Z = np.empty_like(X, order="F")
    for j in range(X.shape[1]):
        if j < 2:                                            # no earlier column, or one: a product of it and a number
            earlier = factor[j, 0] * Z[:, 0] if j else 0.0
        else:                                                # many: one pass of BLAS over them
            earlier = Z[:, :j] @ factor[j, :j]
        Z[:, j] = (X[:, j] - earlier) / factor[j, j]
    return Z


def _squared_norms(Z: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):                         # beyond 1e154 the square is inf: its density 0
        return np.einsum("ij,ij->i", Z, Z)


def _squared_mahalanobis(X: np.ndarray, means: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """``Delta_k(x_i)^2 = ||L_k^{-1} (x_i - mu_k)||^2``, shape (n_samples, K).

    ``factors`` has shape (K, d, d), or (d, d) for a covariance shared by all
    classes; then the data are whitened once, ``z = L^{-1} x``, and
    ``Delta_k^2 = ||z||^2 - 2 z^T m_k + ||m_k||^2`` with ``m_k = L^{-1} mu_k``
    (centred on the mean of the class means, so that the expansion keeps its precision).

    The arrays of many rows keep their columns contiguous (Fortran order), the
    result's too: numpy takes ten times longer to subtract a mean from the rows
    of an ``(n, 2)`` array stored row by row, two numbers at a time.
    """
    X = np.asfortranarray(X)
    if factors.ndim == 2:
        centre = means.mean(axis=0)
        z, m = _whiten(X - centre, factors), _whiten(means - centre, factors)
        squared = _squared_norms(z)[:, None] - 2 * z @ m.T + _squared_norms(m)     # ||z - m_k||^2
        return np.maximum(squared, 0.0)
    return np.array([_squared_norms(_whiten(X - mean, factor)) for mean, factor in zip(means, factors)]).T


def _log_determinants(factors: np.ndarray) -> np.ndarray:
    """``log|Sigma_k| = 2 sum_j log (L_k)_jj``, shape (K,) (or a scalar for one shared factor)."""
    return 2 * np.log(np.diagonal(factors, axis1=-2, axis2=-1)).sum(axis=-1)


def _joint_log_likelihood(X: np.ndarray, means: np.ndarray, factors: np.ndarray,
                          log_priors: np.ndarray) -> np.ndarray:
    # g_k(x) = log pi_k - 1/2 (d log 2 pi + log|Sigma_k| + Delta_k(x)^2)
    return log_priors - 0.5 * (X.shape[1] * _LOG_2PI + _log_determinants(factors)
                               + _squared_mahalanobis(X, means, factors))


def _known_parameters(X, means, covariances, priors):
    """Validate ``X``, ``means`` (K, d), ``covariances`` (K, d, d) or (d, d), ``priors`` (K,); returns ``X`` and
    the :func:`_known_classes`."""
    X, means = as_matrix(X), as_matrix(means, "means")
    if X.shape[1] != means.shape[1]:
        raise ValueError(f"X has {X.shape[1]} features but means has {means.shape[1]} columns; give one mean "
                         "entry per feature.")
    return (X, *_known_classes(means, covariances, priors))


def _known_classes(means, covariances, priors) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate ``means`` (K, d), ``covariances`` (K, d, d) or (d, d) and ``priors`` (K,) of Gaussian classes;
    returns the means, the covariances' Cholesky factors (of the covariances' shape) and the priors."""
    means = as_matrix(means, "means")
    n_classes, n_features = means.shape
    covariances = as_covariances(covariances, {(n_classes, n_features, n_features): ("(K, d, d)", "one per class"),
                                               (n_features, n_features): ("(d, d)", "a shared one")})
    stacked = covariances.reshape(-1, n_features, n_features)
    factors, singular = _cholesky_factors(stacked, np.sqrt(np.maximum(np.diagonal(stacked, axis1=1, axis2=2), 0)))
    if singular is not None:
        where = f"covariances[{singular}]" if covariances.ndim == 3 else "covariances"
        raise ValueError(
            f"{where} is not positive definite (or nearly singular), so it is not a Gaussian's covariance; "
            "give a symmetric matrix with positive eigenvalues, e.g. [[1, 0.5], [0.5, 1]]."
        )
    return means, factors.reshape(covariances.shape), as_priors(priors, n_classes)


def gaussian_joint_log_likelihood(X, means, covariances, priors) -> np.ndarray:
    """The discriminant functions ``g_k(x) = log pi_k + log N(x; mu_k, Sigma_k)`` of Gaussian classes.

    The one computation behind the true Bayes classifier of known Gaussian
    classes and the fitted :class:`LDA`, :class:`QDA` and :class:`RDA`:
    ``g_k(x) = log pi_k - 1/2 (d log 2 pi + log|Sigma_k| + Delta_k(x)^2)``,
    through Cholesky factors, in log space (finite far from every mean).

    Parameters
    ----------
    X : array-like of shape (n_samples, d)
    means : array-like of shape (K, d)
        ``mu_k``.
    covariances : array-like of shape (K, d, d) or (d, d)
        ``Sigma_k``, symmetric positive definite; one (d, d) matrix is shared by all classes.
    priors : array-like of shape (K,)
        ``pi_k``, each > 0, summing to 1.

    Returns
    -------
    ndarray of shape (n_samples, K)
        ``log p(x_i, C_k)``.
    """
    X, *classes = _known_parameters(X, means, covariances, priors)
    return _gaussian_joint_log_likelihood(X, *classes)


def _gaussian_joint_log_likelihood(X, means, factors, priors) -> np.ndarray:
    """:func:`gaussian_joint_log_likelihood` of ``X`` and :func:`_known_classes` checked already (a widget scoring
    its own grid and test set with the classes it checked once per setting)."""
    with np.errstate(over="ignore", invalid="ignore"):       # far out, the densities underflow to 0: g_k = -inf
        return _joint_log_likelihood(X, means, factors, np.log(priors))


def gaussian_posterior(X, means, covariances, priors) -> np.ndarray:
    """The posteriors ``p(C_k | x) = softmax_k g_k(x)`` of Gaussian classes with known parameters.

    The true Bayes classifier: its largest posterior is the Bayes decision
    under the 0-1 loss. Arguments as in :func:`gaussian_joint_log_likelihood`.

    Returns
    -------
    ndarray of shape (n_samples, K)
        Rows sum to 1.
    """
    joint = gaussian_joint_log_likelihood(X, means, covariances, priors)
    _check_some_class_possible(joint)
    return softmax(joint, axis=1)


def mahalanobis_distance(X, mean, covariance) -> np.ndarray:
    """The Mahalanobis distance ``Delta(x) = sqrt((x - mu)^T Sigma^{-1} (x - mu))`` of each row of ``X``.

    With ``Sigma = I`` it is the Euclidean distance; the Gaussian density is
    constant where it is constant (on ellipses in 2-D).

    Parameters
    ----------
    X : array-like of shape (n_samples, d)
    mean : array-like of shape (d,)
    covariance : array-like of shape (d, d)
        Symmetric positive definite.

    Returns
    -------
    ndarray of shape (n_samples,)
    """
    X = as_matrix(X)
    mean, covariance = as_vector(mean, "mean", X.shape[1]), as_float_array(covariance, "covariance")
    if covariance.shape != (X.shape[1], X.shape[1]):
        raise ValueError(f"covariance must have shape (d, d) = {(X.shape[1],) * 2}; got {covariance.shape}.")
    X, means, factors, _ = _known_parameters(X, mean[None, :], covariance, [1.0])
    with np.errstate(over="ignore"):                          # a distance beyond 1.8e308 is inf
        return norm(_whiten(X - means[0], factors), axis=1)     # ||L^{-1} (x - mu)||, no square overflows


def covariance_from_axes(spreads, angle) -> np.ndarray:
    """The 2-D covariance whose ellipses have standard deviations ``spreads`` along axes turned by ``angle``.

    ``Sigma = R diag(s_1^2, s_2^2) R^T`` with ``R`` the rotation by ``angle``:
    its eigenvectors are the columns of ``R`` and its eigenvalues ``s_1^2``
    and ``s_2^2``, so ``angle`` is the direction of the first axis.

    Parameters
    ----------
    spreads : array-like of shape (2,)
        ``s_1, s_2 > 0``.
    angle : float
        In radians, anticlockwise from the ``x_1``-axis.

    Returns
    -------
    ndarray of shape (2, 2)
    """
    spreads = as_vector(spreads, "spreads", 2)
    if not np.all(spreads > 0):
        raise ValueError(f"spreads must be two standard deviations > 0; got {spreads.tolist()}.")
    check_scale(spreads, "spreads", "the covariance, built from their squares")
    angle = as_scalar(angle, "angle")
    cos, sin = np.cos(angle), np.sin(angle)
    rotation = np.array([[cos, -sin], [sin, cos]])
    return (rotation * spreads ** 2) @ rotation.T                       # R diag(s^2) R^T


# --------------------------------------------------------------------------
# The Bayes error of Gaussian classes in one or two dimensions, exactly
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class BayesError:
    """The Bayes error rate of known classes, each class's share of it, and how accurate the number is."""

    error: float                 # P* = sum_k p(C_k) P(x not in R_k | C_k)
    class_errors: np.ndarray     # (K,) p(C_k) P(x not in R_k | C_k), summing to error
    tolerance: float             # |error - the exact value| is below this


def _ray_terms(means, factors, log_priors, k: int, j: int) -> tuple[np.ndarray, np.ndarray, float]:
    """``M = L_j^{-1} L_k``, ``e = L_j^{-1} (mu_k - mu_j)`` and ``c``: along the ray ``x = mu_k + r L_k u``,
    ``g_k(x) - g_j(x) = a r^2 + b r + c`` with ``w = M u``, ``a = (||w||^2 - 1) / 2`` and ``b = w.e``
    (see ``_outside_own_region``)."""
    transposed = _whiten(factors[k].T, factors[j])                          # rows L_j^{-1} (L_k)_{:, i}: M^T
    e = _whiten((means[k] - means[j])[None], factors[j])[0]
    log_determinants = _log_determinants(factors)
    c = log_priors[k] - log_priors[j] - 0.5 * (log_determinants[k] - log_determinants[j]) + 0.5 * e @ e
    return transposed.T, e, c


def _outside_own_region(rays: list, directions: np.ndarray, tail) -> np.ndarray:
    """``P(R in {r : class k does not win at mu_k + r L_k u} )`` along each unit direction ``u``, shape (n_dir,).

    Along the ray ``x = mu_k + r L_k u`` (``r >= 0``) each difference
    ``g_k(x) - g_j(x) = a r^2 + b r + c`` is a quadratic: with ``w = L_j^{-1} L_k u``
    and ``e = L_j^{-1} (mu_k - mu_j)``, ``a = (||w||^2 - 1) / 2``, ``b = w.e`` and
    ``c = log(pi_k / pi_j) - (log|Sigma_k| - log|Sigma_j|) / 2 + ||e||^2 / 2``. Their
    positive roots cut the ray into intervals on each of which one class wins
    throughout; the radius ``R = ||z||`` of ``z ~ N(0, I)`` falls in ``(lo, hi)``
    with probability ``tail(lo) - tail(hi)``. ``rays`` holds ``_ray_terms`` of class ``k`` against each other class.
    """
    a, b, c = (np.empty((len(rays), len(directions))) for _ in range(3))    # a row per ray, a column per u:
    for row, (M, e, c[row]) in enumerate(rays):                             # long rows run fastest through numpy
        w = M @ directions.T                                                # L_j^{-1} L_k u
        a[row], b[row] = 0.5 * (np.sum(w ** 2, axis=0) - 1), e @ w
    with np.errstate(divide="ignore", invalid="ignore"):
        root = np.sqrt(b ** 2 - 4 * a * c)                                   # nan where no real root
        q = -0.5 * (b + np.copysign(root, b))                               # the roots q / a and c / q, stably
        roots = np.concatenate([q / a, c / q])
    roots = np.sort(np.where(np.isfinite(roots) & (roots > 0), roots, np.inf), axis=0)
    ends = np.vstack([np.zeros(len(directions)), roots, np.full(len(directions), np.inf)])
    low, high = ends[:-1], ends[1:]                                         # the intervals between the roots
    middle = np.where(np.isinf(high), low + 1, (low + high) / 2)
    middle = np.where(np.isfinite(middle), middle, 0.0)[:, None]            # an empty interval (inf, inf): any point
    wins = np.all(a * middle ** 2 + b * middle + c > 0, axis=1)
    return np.sum(np.where(wins, 0.0, tail(low) - tail(high)), axis=0)


def _break_turns(rays: list) -> np.ndarray:
    """The directions ``u`` (in turns, in [0, 1)) where the probability along a ray from ``mu_k`` is not smooth.

    A quadratic ``a r^2 + b r + c`` of ``_outside_own_region`` gains or loses two roots where its
    discriminant ``b^2 - 4 a c = u^T Q u``, with ``Q = M^T e e^T M - 2 c (M^T M - I)``, changes sign (the
    ray grazes a boundary: a square-root kink), and a root passes through infinity where
    ``a = u^T (M^T M - I) u / 2`` does. A quadrature that steps over either converges slowly. ``rays`` as in
    ``_outside_own_region``.
    """
    turns = [np.empty(0)]
    for M, e, c in rays:
        stretch, along = M.T @ M - np.eye(len(e)), M.T @ e
        turns += [_zeros_on_circle(np.outer(along, along) - 2 * c * stretch), _zeros_on_circle(stretch)]
    return np.unique(np.concatenate(turns))


def _zeros_on_circle(Q: np.ndarray) -> np.ndarray:
    """The turns ``t`` in [0, 1) where ``u^T Q u`` changes sign, ``u = (cos 2 pi t, sin 2 pi t)``, ``Q`` symmetric.

    ``u^T Q u = A + B cos 2 theta + C sin 2 theta`` is zero where ``cos(2 theta - phi) = -A / R``, with
    ``R = sqrt(B^2 + C^2)`` and ``phi`` the angle of ``(B, C)``: four directions, two and their opposites.
    """
    A, B, C = (Q[0, 0] + Q[1, 1]) / 2, (Q[0, 0] - Q[1, 1]) / 2, Q[0, 1]
    R = np.hypot(B, C)
    if not (R > 0 and R >= abs(A)):
        return np.empty(0)
    phi, spread = np.arctan2(C, B), np.arccos(np.clip(-A / R, -1.0, 1.0))
    halves = np.array([phi - spread, phi + spread]) / (4 * np.pi)               # theta / (2 pi)
    return np.mod(np.r_[halves, halves + 0.5], 1.0)


def _circle_rule(breaks: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Nodes (in turns) and weights of a quadrature of ``int_0^1 f(t) dt`` over the circle, ``n`` nodes per arc.

    Without ``breaks`` the trapezoidal rule (exact for a smooth periodic ``f`` as ``n`` grows); else on each
    arc between consecutive breaks, in the variable ``s`` of ``t = t_0 + h (1 - cos(pi s)) / 2`` (which turns
    a square-root kink at either end into a smooth function), Gauss-Legendre with up to
    :data:`_GAUSS_NODES` nodes on each of ``n / _GAUSS_NODES`` equal panels of ``s``.
    """
    if breaks.size == 0:
        return np.arange(n) / n, np.full(n, 1 / n)
    lengths = np.diff(np.append(breaks, breaks[0] + 1))
    rise, slope = _arc_rule(n)
    turns = breaks[:, None] + lengths[:, None] * rise / 2
    weights = lengths[:, None] * slope                                      # w dt/ds
    return np.mod(turns, 1.0).ravel(), weights.ravel()


@functools.lru_cache(maxsize=None)
def _arc_rule(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The composite Gauss-Legendre rule of :func:`_circle_rule` in ``s`` on an arc of length 1 (found once per
    ``n``): ``1 - cos(pi s)`` at its nodes, and its weights ``w`` times ``pi sin(pi s) / 2``, read-only."""
    panels = max(1, n // _GAUSS_NODES)
    nodes, weights = _gauss_legendre(min(n, _GAUSS_NODES))
    s = ((np.arange(panels)[:, None] + nodes) / panels).ravel()
    w = np.tile(weights / panels, panels)
    rule = 1 - np.cos(np.pi * s), w * np.pi * np.sin(np.pi * s) / 2
    for values in rule:
        values.flags.writeable = False
    return rule


#: Nodes of the Gauss-Legendre rule on each panel of :func:`_circle_rule`.
_GAUSS_NODES = 16


@functools.lru_cache(maxsize=None)
def _gauss_legendre(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Nodes and weights of the ``n``-point Gauss-Legendre rule on [0, 1] (found once: an eigenproblem)."""
    x, w = np.polynomial.legendre.leggauss(n)
    return (x + 1) / 2, w / 2


def gaussian_bayes_error(means, covariances, priors, tol: float = 1e-7) -> BayesError:
    """The Bayes error rate ``P* = sum_k p(C_k) P(x not in R_k | C_k)`` of Gaussian classes in 1 or 2 dimensions.

    Computed from the distribution, not from a sample: class ``k`` is
    ``x = mu_k + L_k z`` with ``Sigma_k = L_k L_k^T`` and ``z ~ N(0, I)``. Write
    ``z = r u``, a radius times a unit direction. Along each direction the
    Bayes decision changes only where a quadratic in ``r`` changes sign (see
    ``_outside_own_region``), so the probability that class ``k`` lands
    outside its own region ``R_k`` has a closed form: ``r`` has the tail
    ``P(R > r) = erfc(r / sqrt 2)`` in 1-D and ``exp(-r^2 / 2)`` in 2-D. What
    remains is the average over the direction: in 1-D over ``u = -1, +1``
    (exact), in 2-D over the angle. The integrand is smooth but at the angles,
    found in closed form, where a ray grazes a boundary (a square-root kink)
    or a root of the quadratic passes through infinity: between them, on each
    arc, Gauss-Legendre in a variable that smooths the kinks at the ends
    (without such angles, the trapezoidal rule over the whole circle), doubling
    the nodes until two doublings in a row change each class's share by less
    than ``tol / K`` (a few hundred angles for ``tol = 1e-7``; the plain
    trapezoidal rule needed about 10^4). The 0-1 loss only; the Monte Carlo estimate
    :func:`lecture_utils.decision.bayes_error_monte_carlo` works in any
    dimension and for any loss.

    Parameters
    ----------
    means : array-like of shape (K, d), d = 1 or 2
    covariances : array-like of shape (K, d, d) or (d, d)
        Symmetric positive definite; one (d, d) matrix is shared by all classes.
    priors : array-like of shape (K,)
    tol : float
        The accuracy wanted, an absolute error on ``P*``, from 1e-12 (in 2-D
        below about 1e-9 the 2^17 angles allowed may not suffice for three classes,
        whose boundaries meet at a point).

    Returns
    -------
    BayesError
        ``error``, ``class_errors`` and ``tolerance`` (the sum over the classes of
        the last changes of the 2-D quadrature, 0 in 1-D).

    Raises
    ------
    ValueError
        For ``d`` other than 1 or 2, or when 2^17 angles do not reach ``tol``.
    """
    means = as_matrix(means, "means")
    if means.shape[1] not in (1, 2):
        raise ValueError(f"means must have 1 or 2 columns (features); got {means.shape[1]}. In more dimensions "
                         "estimate the Bayes error with decision.bayes_error_monte_carlo.")
    tol = as_scalar(tol, "tol")
    if not tol >= 1e-12:
        raise ValueError(f"tol must be a number >= 1e-12 (an absolute error on the Bayes error); got {tol}.")
    return _gaussian_bayes_error(*_known_classes(means, covariances, priors), tol)


def _gaussian_bayes_error(means, factors, priors, tol: float) -> BayesError:
    """:func:`gaussian_bayes_error` of :func:`_known_classes` and a ``tol`` checked already (a widget's classes)."""
    factors = np.broadcast_to(factors, (len(means),) + factors.shape[-2:])
    log_priors = np.log(priors)

    rays = [[_ray_terms(means, factors, log_priors, k, j) for j in range(len(means)) if j != k]
            for k in range(len(means))]

    def class_errors(k, rules, tail):
        """``p(C_k) P(x not in R_k | C_k)`` by each rule (nodes, weights), from one pass over all their nodes."""
        turns = np.concatenate([turns for turns, _ in rules])
        directions = _unit_circle(turns) if means.shape[1] == 2 else turns
        outside = np.split(_outside_own_region(rays[k], directions, tail), np.cumsum([len(w) for _, w in rules])[:-1])
        return [priors[k] * weights @ part for (_, weights), part in zip(rules, outside)]

    if means.shape[1] == 1:
        line = (np.array([[-1.0], [1.0]]), np.array([0.5, 0.5]))
        errors = np.array([class_errors(k, [line], lambda r: special.erfc(r / np.sqrt(2)))[0]
                           for k in range(len(means))])
        return BayesError(float(errors.sum()), errors, 0.0)
    ring = lambda r: np.exp(-0.5 * r ** 2)                                  # P(R > r) for z ~ N(0, I_2)
    errors, changes = zip(*(_converged(lambda rules, k=k: class_errors(k, rules, ring),
                                       _break_turns(rays[k]), tol / len(means))
                            for k in range(len(means))))
    if not np.sum(changes) < tol:
        raise ValueError(f"The quadrature over 2^17 angles did not reach tol = {tol:g} (last change "
                         f"{np.sum(changes):.2g}); ask for a larger tol.")
    return BayesError(float(np.sum(errors)), np.array(errors), float(np.sum(changes)))


def _converged(integral, breaks: np.ndarray, tol: float) -> tuple[float, float]:
    """The integral by rules of :func:`_circle_rule` of twice as many nodes each time, until two doublings in a row
    change it by less than ``tol``; the value and the larger of those changes (the last change if 2^17 nodes do not
    reach ``tol``). ``integral(rules)`` gives the values of a list of rules: the first three, the fewest that show
    two changes, are computed in one pass."""
    n, values, changes = 16 if breaks.size else 64, [], [np.inf]      # 16 per arc: most settings converge in one pass
    while n * max(1, breaks.size) <= 2 ** 17:
        sizes = [size for size in (n, 2 * n, 4 * n)[:1 if values else 3] if size * max(1, breaks.size) <= 2 ** 17]
        values += integral([_circle_rule(breaks, size) for size in sizes])
        changes, n = [np.inf, *np.abs(np.diff(values))], 2 * sizes[-1]
        if max(changes[-2:]) < tol:
            break
    return (values[-1] if values else None), max(changes[-2:])


def _unit_circle(turns: np.ndarray) -> np.ndarray:
    """The unit vectors at the angles ``2 pi turns``, shape (n, 2)."""
    return np.column_stack([np.cos(2 * np.pi * turns), np.sin(2 * np.pi * turns)])


# --------------------------------------------------------------------------
# Estimates: class means, unbiased class covariances, the pooled covariance
# --------------------------------------------------------------------------


def _class_statistics(X: np.ndarray, indices: np.ndarray, n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """Class means ``mu_k`` (K, d) and scatter matrices ``sum_{x in C_k} (x - mu_k)(x - mu_k)^T`` (K, d, d)."""
    means, scatters = [], []
    for k in range(n_classes):
        X_k = X[indices == k]
        means.append(X_k.mean(axis=0))                     # mu_k = (1 / N_k) sum x
        centred = X_k - means[-1]
        scatters.append(centred.T @ centred)                # sum (x - mu_k)(x - mu_k)^T
    return np.array(means), np.array(scatters)


def pooled_covariance(covariances, counts) -> np.ndarray:
    """The pooled covariance ``Sigma = sum_k (N_k - 1) Sigma_k / (N - K)`` that LDA shares among classes.

    Each unbiased ``Sigma_k`` is weighted by its degrees of freedom
    ``N_k - 1``; the result is unbiased for a covariance common to all
    classes. (The lecture prints the denominator as ``n - n_k``: a slip.)

    Parameters
    ----------
    covariances : array-like of shape (K, d, d)
        The unbiased class covariances ``Sigma_k``.
    counts : array-like of shape (K,)
        ``N_k``, each >= 2.

    Returns
    -------
    ndarray of shape (d, d)
    """
    covariances = as_float_array(covariances, "covariances")
    if covariances.ndim != 3 or covariances.shape[1] != covariances.shape[2]:
        raise ValueError(f"covariances must have shape (K, d, d); got {covariances.shape}.")
    counts = as_vector(counts, "counts", covariances.shape[0])
    if np.any(counts < 2) or np.any(counts != np.round(counts)):
        raise ValueError(f"counts must hold the class sizes N_k, whole numbers >= 2; got {counts.tolist()}.")
    return np.tensordot(counts - 1, covariances, axes=1) / (counts.sum() - len(counts))


@dataclass(frozen=True)
class BoxM:
    """Box's M test of equal class covariances: the statistic, its chi-squared approximation and the p-value."""

    statistic: float             # M = (N - K) log|Sigma| - sum_k (N_k - 1) log|Sigma_k|
    chi2: float                  # (1 - c) M
    df: int                      # d (d + 1) (K - 1) / 2
    p_value: float               # P(chi2_df > (1 - c) M)


def box_m_test(X, t) -> BoxM:
    """Box's M test of the assumption LDA makes: every class has the same covariance.

    With the unbiased class covariances ``Sigma_k`` and the pooled ``Sigma``,

        M = (N - K) log|Sigma| - sum_k (N_k - 1) log|Sigma_k|,

    which is 0 when all the ``Sigma_k`` are equal and grows as they differ (the
    log-determinant is concave). Box (1949) showed that ``(1 - c) M`` with

        c = (2 d^2 + 3 d - 1) / (6 (d + 1) (K - 1)) * (sum_k 1 / (N_k - 1) - 1 / (N - K))

    is approximately chi-squared with ``d (d + 1) (K - 1) / 2`` degrees of
    freedom when the classes are Gaussian with one covariance. It is
    sensitive to non-normality as much as to unequal covariances, and with
    large classes it detects differences too small to matter: a small
    p-value says the covariances differ, not that LDA will classify worse.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)
        Each class needs ``N_k > d`` examples, so that its covariance is invertible.

    Returns
    -------
    BoxM
        ``statistic``, ``chi2``, ``df`` and ``p_value``.
    """
    estimates = _estimates(X, t)
    n_classes, n_features = estimates.offsets.shape
    counts, n = estimates.counts, estimates.counts.sum()
    factors, singular = _cholesky_factors(np.concatenate([estimates.covariances, estimates.pooled[None]]),
                                          np.sqrt(np.diagonal(estimates.pooled)))
    if singular is not None:
        raise ValueError(f"box_m_test needs every class covariance invertible; class "
                         f"{estimates.classes[min(singular, n_classes - 1)].tolist()!r} has a singular one (N_k = "
                         f"{counts[min(singular, n_classes - 1)]} examples for d = {n_features} features, or "
                         "features constant or collinear within it).")
    log_determinants = _log_determinants(factors)                     # the K classes', then the pooled one
    statistic = (n - n_classes) * log_determinants[-1] - np.sum((counts - 1) * log_determinants[:-1])
    statistic = max(statistic, 0.0)                                    # >= 0 (log det is concave), but for round-off
    c = ((2 * n_features ** 2 + 3 * n_features - 1) / (6 * (n_features + 1) * (n_classes - 1))
         * (np.sum(1 / (counts - 1)) - 1 / (n - n_classes)))
    df = n_features * (n_features + 1) * (n_classes - 1) // 2
    chi2 = (1 - c) * statistic
    return BoxM(float(statistic), float(chi2), df, float(special.chdtrc(df, chi2)))


def regularized_covariances(covariances, pooled, alpha, gamma) -> np.ndarray:
    """RDA's covariances: ``Sigma_k(alpha) = alpha Sigma_k + (1 - alpha) Sigma``, then shrunk by ``gamma``.

    ``Sigma_k(alpha, gamma) = (1 - gamma) Sigma_k(alpha) + gamma sigma_k^2 I``
    with ``sigma_k^2 = tr(Sigma_k(alpha)) / d``. ``(alpha, gamma) = (1, 0)``
    gives QDA's ``Sigma_k``, ``(0, 0)`` LDA's ``Sigma``, and ``gamma = 1``
    spherical covariances ``sigma_k^2 I``.

    Parameters
    ----------
    covariances : array-like of shape (K, d, d)
        The class covariances ``Sigma_k``.
    pooled : array-like of shape (d, d)
        The pooled covariance ``Sigma``.
    alpha, gamma : float in [0, 1]

    Returns
    -------
    ndarray of shape (K, d, d)
    """
    covariances, pooled = as_float_array(covariances, "covariances"), as_float_array(pooled, "pooled")
    if covariances.ndim != 3 or pooled.shape != covariances.shape[1:] or pooled.shape[0] != pooled.shape[1]:
        raise ValueError(
            f"covariances must have shape (K, d, d) and pooled (d, d); got {covariances.shape} and {pooled.shape}."
        )
    return _regularize(covariances, pooled, check_unit_interval(alpha, "alpha"), check_unit_interval(gamma, "gamma"))


def _regularize(covariances: np.ndarray, pooled: np.ndarray, alpha, gamma) -> np.ndarray:
    """``Sigma_k(alpha, gamma)``, shape (..., K, d, d): ``alpha`` and ``gamma`` are numbers, or arrays of shape
    (P, 1, 1, 1) for P pairs at once."""
    mixed = alpha * covariances + (1 - alpha) * pooled                     # Sigma_k(alpha)
    sigma2 = np.trace(mixed, axis1=-2, axis2=-1) / pooled.shape[0]         # tr(Sigma_k(alpha)) / d
    return (1 - gamma) * mixed + gamma * sigma2[..., None, None] * np.eye(pooled.shape[0])


# --------------------------------------------------------------------------
# The estimators
# --------------------------------------------------------------------------


class _Estimates(NamedTuple):
    """What LDA, QDA and RDA estimate from a training set, before any regularisation.

    The class means are kept about a centre ``c``, the mean of the training
    inputs, and the models compute ``x - c`` before anything else: far from
    the origin (``x = 1e8 + u``) that difference keeps every digit of ``u``,
    where ``mu_k`` itself is rounded to the spacing of floats near 1e8
    (1.5e-8), and a discriminant built from products of such numbers
    (``mu_k^T Sigma^{-1} x``, of size 1e16) loses everything after the
    decimal point.
    """

    classes: np.ndarray          # (K,) the sorted labels
    counts: np.ndarray           # (K,) N_k
    centre: np.ndarray           # (d,) c, the mean of X
    offsets: np.ndarray          # (K, d) mu_k - c
    covariances: np.ndarray      # (K, d, d) the unbiased Sigma_k
    pooled: np.ndarray           # (d, d) sum_k (N_k - 1) Sigma_k / (N - K)


def _estimates(X, t) -> _Estimates:
    """The class means, unbiased class covariances and pooled covariance of ``X`` with labels ``t``."""
    X = check_scale(as_matrix(X), "X", _COVARIANCES)
    classes, indices = as_class_labels(t, X.shape[0])
    counts = np.bincount(indices)
    if np.any(counts < 2):
        raise ValueError(
            f"t has a single example of class {classes[np.argmin(counts)].tolist()!r}; a class covariance "
            "1 / (N_k - 1) sum (x - mu_k)(x - mu_k)^T needs at least 2. Add examples or drop the class."
        )
    centre = X.mean(axis=0)
    offsets, scatters = _class_statistics(X - centre, indices, len(classes))   # centred first: see _Estimates
    covariances = scatters / (counts - 1)[:, None, None]                # 1 / (N_k - 1) scatter
    return _Estimates(classes, counts, centre, offsets, covariances, pooled_covariance(covariances, counts))


def _singular_message(name: str, alpha, gamma, estimates: _Estimates, k: int, shared: bool) -> str:
    """Why ``name`` (RDA(alpha, gamma) or a corner of it) cannot use class ``k``'s covariance, and what to do."""
    n_features, n_classes = estimates.offsets.shape[1], len(estimates.counts)
    n_k, n, label = estimates.counts[k], estimates.counts.sum(), estimates.classes[k].tolist()
    if (alpha, gamma) == (1, 0) and n_k <= n_features:
        reason = (f"class {label!r} has N_k = {n_k} examples for d = {n_features} features, so its "
                  f"covariance has rank at most N_k - 1 = {n_k - 1} < d: it is singular.")
    elif (alpha, gamma) == (0, 0) and n - n_classes < n_features:
        reason = (f"the pooled covariance has rank at most N - K = {n - n_classes} < d = {n_features}: "
                  "it is singular.")
    else:
        whose = "the pooled covariance" if shared else f"the covariance of class {label!r}"
        reason = (f"{whose} is (nearly) singular: some features are (nearly) constant or collinear "
                  "within the classes.")
    return (f"{name} cannot invert a covariance matrix: {reason} Use RDA(alpha, gamma) with "
            "gamma > 0 (shrinks towards a multiple of the identity) or alpha < 1 (borrows the pooled "
            "covariance), or drop redundant features.")




def _binary_or_all(scores: np.ndarray) -> np.ndarray:
    """Scores of K classes as they are; for two classes the log-odds of class 1, shape (n_samples,)."""
    return scores[:, 1] - scores[:, 0] if scores.shape[1] == 2 else scores


class RDA(GenerativeClassifier):
    """Regularised discriminant analysis: Gaussian classes with shrunk covariances (the lecture's form of Friedman's).

    Friedman (1989) mixes the scatter matrices with weights by sample size,
    ``[(1 - lambda) S_k + lambda S] / [(1 - lambda) N_k + lambda N]`` (his
    ``lambda = 1`` is LDA); the lecture, and this class, mix the covariances
    with equal weights, ``alpha = 1`` being QDA. The ``gamma`` step is his.

    Class ``k`` is modelled as ``N(mu_k, Sigma_k(alpha, gamma))`` (see
    :func:`regularized_covariances`); the prediction is the class of largest
    posterior, softmax of ``g_k(x)``. ``alpha`` slides from LDA (0) to QDA
    (1); ``gamma`` shrinks towards a multiple of the identity, which keeps the
    covariance invertible when a class has fewer examples than features.

    Parameters
    ----------
    alpha : float in [0, 1]
        Weight of each class's own covariance against the pooled one.
    gamma : float in [0, 1]
        Shrinkage towards ``sigma_k^2 I``.
    priors : array-like of shape (K,) or None
        Class priors ``pi_k`` (in ``classes_`` order); None estimates ``N_k / N``.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    class_count_ : ndarray of int, shape (K,)
        ``N_k``.
    priors_ : ndarray of shape (K,)
    means_ : ndarray of shape (K, d)
    covariances_ : ndarray of shape (K, d, d)
        The unbiased ``Sigma_k``, before regularisation.
    covariance_ : ndarray of shape (d, d)
        The pooled ``Sigma``.
    regularized_covariances_ : ndarray of shape (K, d, d)
        The covariances the model uses, ``Sigma_k(alpha, gamma)``.
    n_features_in_ : int
    """

    def __init__(self, alpha, gamma, priors=None):
        self.alpha = alpha
        self.gamma = gamma
        self.priors = priors

    @property
    def regularized_covariances_(self) -> np.ndarray:
        check_fitted(self, "covariances_")
        return regularized_covariances(self.covariances_, self.covariance_, self.alpha, self.gamma)

    def _model_covariances(self) -> np.ndarray:
        """The covariances ``g_k`` uses: (K, d, d), or for ``alpha = 0`` the (d, d) one every class shares."""
        covariances = self.regularized_covariances_
        return covariances[0] if self.alpha == 0 else covariances       # Sigma_k(0, gamma) is the same for all k

    def fit(self, X, t):
        """Estimate ``pi_k``, ``mu_k``, ``Sigma_k`` and ``Sigma`` from examples ``X`` with labels ``t``.

        Parameters
        ----------
        X : array-like of shape (N, d)
        t : array-like of shape (N,)
            Any labels; each class needs at least 2 examples.

        Returns
        -------
        self

        Raises
        ------
        ValueError
            If a covariance the model uses is singular, e.g. QDA with a class
            of ``N_k <= d`` examples; the message suggests RDA.
        """
        vars(self).pop("classes_", None)             # the model counts as fitted once classes_ is set, last
        return self._fit(_estimates(X, t))

    def _fit(self, estimates: _Estimates):
        """:meth:`fit` of a model not fitted (or forgotten) on the estimates of a training set, made once for several
        models (a widget fitting LDA and QDA on one sample)."""
        check_unit_interval(self.alpha, "alpha")
        check_unit_interval(self.gamma, "gamma")
        self.class_count_, self.n_features_in_ = estimates.counts, estimates.offsets.shape[1]
        self.priors_ = (estimates.counts / estimates.counts.sum() if self.priors is None
                        else as_priors(self.priors, len(estimates.classes)))
        self.means_, self.covariances_, self.covariance_ = (estimates.centre + estimates.offsets,
                                                            estimates.covariances, estimates.pooled)
        self._centre, self._offsets = estimates.centre, estimates.offsets       # what g_k(x) uses: see _Estimates
        covariances = self._model_covariances()
        factors, singular = _cholesky_factors(covariances.reshape(-1, *self.covariance_.shape),
                                              np.sqrt(np.diagonal(self.covariance_)))
        if singular is not None:
            raise ValueError(_singular_message(type(self).__name__, self.alpha, self.gamma, estimates,
                                               singular, shared=covariances.ndim == 2))
        self._factors = factors.reshape(covariances.shape)
        self._linear = self._linear_functions() if covariances.ndim == 2 else None
        self.classes_ = estimates.classes                    # fitted only now
        return self

    def _linear_functions(self) -> tuple[np.ndarray, np.ndarray]:
        """``w_k = Sigma^{-1} (mu_k - c)`` (K, d) and ``b'_k = -1/2 (mu_k - c)^T w_k + log pi_k`` (K,) of a shared
        covariance: ``g_k(x) = w_k^T (x - c) + b'_k`` plus terms common to every class."""
        w = linalg.cho_solve((self._factors, True), self._offsets.T, check_finite=False).T
        return w, -0.5 * np.sum(w * self._offsets, axis=1) + np.log(self.priors_)

    def _centred(self, X) -> np.ndarray:
        """``x - c`` for each row of ``X``, checked against the fitted model (its columns contiguous: see
        :func:`_squared_mahalanobis`)."""
        X = as_matrix(X)
        check_n_features(X, self.n_features_in_)
        return np.subtract(X, self._centre, order="F")

    def _joint_log_likelihood(self, X) -> np.ndarray:
        with np.errstate(over="ignore"):                     # far out, every density may underflow to 0
            joint = _joint_log_likelihood(self._centred(X), self._offsets, self._factors, np.log(self.priors_))
        _check_some_class_possible(joint)
        return joint

    def _posterior_scores(self, X) -> np.ndarray:
        """``g_k(x)``, or with a shared covariance the linear ``w_k^T (x - c) + b'_k``: its common quadratic term
        ``-1/2 (x - c)^T Sigma^{-1} (x - c)`` cancels exactly, not in floating point, so the posteriors stay
        right far from the data (along a boundary, where they are not 0 or 1)."""
        if self._linear is None:
            return self._joint_log_likelihood(X)
        (w, b), centred = self._linear, self._centred(X)
        with np.errstate(over="ignore", invalid="ignore"):
            return check_finite_scores((w @ centred.T).T + b)          # columns contiguous: see _squared_mahalanobis

    def decision_function(self, X) -> np.ndarray:
        """The discriminant functions ``g_k(x)``, shape (n_samples, K); for K = 2 the log-odds ``g_1 - g_0``.

        For two classes ``p(C_1 | x) = sigmoid(decision_function(x))`` (from the linear functions when
        the classes share a covariance, ``alpha = 0``).
        """
        check_fitted(self, "classes_")
        if len(self.classes_) == 2:
            return _binary_or_all(self._posterior_scores(X))
        return self._joint_log_likelihood(X)


def _check_some_class_possible(joint: np.ndarray) -> None:
    """Refuse an example whose ``g_k(x)`` are all ``-inf``: its posterior would be 0 / 0."""
    impossible = np.isneginf(reduce_over(np.maximum, joint, 1))     # the largest -inf: all are
    if np.any(impossible):
        raise ValueError(
            f"Example {int(np.argmax(impossible))} of X is so far from every class mean (squared Mahalanobis "
            "distances beyond 1e308) that every Gaussian density underflows to 0 in float64, and its posterior "
            "p(C_k | x) = 0 / 0 is undefined; check X for outliers or a change of units."
        )


class _Corner(RDA):
    """RDA at a corner of the square of ``(alpha, gamma)``, fixed by the subclass: only the priors are free."""

    def __init__(self, priors=None):
        self.priors = priors


class QDA(_Corner):
    """Quadratic discriminant analysis: each class its own Gaussian ``N(mu_k, Sigma_k)``; ``RDA(1, 0)``.

    The boundaries ``g_j(x) = g_k(x)`` are quadratic. A class with
    ``N_k <= d`` examples has a singular ``Sigma_k``: ``fit`` then raises a
    ``ValueError`` that suggests :class:`RDA`. Attributes as in :class:`RDA`.

    Parameters
    ----------
    priors : array-like of shape (K,) or None
        Class priors; None estimates ``N_k / N``.
    """

    alpha, gamma = 1.0, 0.0                                   # the QDA corner of RDA


class LDA(_Corner):
    """Linear discriminant analysis: Gaussian classes sharing the pooled covariance ``Sigma``; ``RDA(0, 0)``.

    With one covariance the quadratic terms ``x^T Sigma^{-1} x`` of the
    ``g_k(x)`` are equal and cancel in the posterior, which is the softmax of
    the linear functions ``w_k^T x + b_k`` (the lecture's linear discriminant
    functions) with

        w_k = Sigma^{-1} mu_k,    b_k = -1/2 mu_k^T Sigma^{-1} mu_k + log pi_k.

    For two classes it is the logistic ``p(C_1 | x) = sigmoid(w^T x + b)`` with
    ``w = w_1 - w_0`` and ``b = b_1 - b_0``.

    The model computes them about the centre ``c`` of the training inputs
    (their mean), as ``w_k^T (x - c) + b'_k`` with ``b'_k = -1/2 (mu_k - c)^T
    Sigma^{-1} (mu_k - c) + log pi_k``: the same functions less a term common
    to every class, so the same posteriors. About the origin, data far from
    it (``1e8 + x``) would make ``w_k^T x`` and ``b_k`` numbers of size 1e16
    whose difference loses every digit after the decimal point.

    Parameters
    ----------
    priors : array-like of shape (K,) or None
        Class priors; None estimates ``N_k / N``.

    Attributes
    ----------
    coef_ : ndarray of shape (1, d) for K = 2, else (K, d)
        ``w`` (two classes) or the ``w_k``.
    intercept_ : ndarray of shape (1,) for K = 2, else (K,)
        ``b`` or the ``b_k``.
    classes_, class_count_, priors_, means_, covariances_, covariance_, regularized_covariances_, n_features_in_
        As in :class:`RDA`.
    """

    alpha, gamma = 0.0, 0.0                                   # the LDA corner of RDA

    def _fit(self, estimates: _Estimates):
        """Estimate the parameters as :meth:`RDA.fit`, then the linear functions ``w_k``, ``b_k``."""
        super()._fit(estimates)
        w, b = self._linear                                  # about the centre c of the data: w_k^T (x - c) + b'_k
        c = self._centre
        if len(w) == 2:                                      # w = w_1 - w_0, and b = b'_1 - b'_0 - w^T c
            self.coef_ = w[1:] - w[:1]
            self.intercept_ = b[1:] - b[:1] - self.coef_ @ c
        else:                                                # w_k = Sigma^{-1} c + Sigma^{-1} (mu_k - c), and b_k
            v = linalg.cho_solve((self._factors, True), c, check_finite=False)
            self.coef_, self.intercept_ = w + v, b - w @ c - 0.5 * c @ v
        return self

    def decision_function(self, X) -> np.ndarray:
        """For K = 2 the log-odds ``w^T x + b``, shape (n_samples,); else ``w_k^T (x - c) + b'_k``, shape (n, K).

        The posterior is their softmax (for two classes ``sigmoid(w^T x + b)``).
        For more classes these are the linear functions ``w_k^T x + b_k`` less
        a term common to every class (see the class): the same softmax and
        argmax, without the cancellation of ``X @ coef_.T + intercept_`` far
        from the origin.
        """
        check_fitted(self, "classes_")
        return _binary_or_all(self._posterior_scores(X))


# --------------------------------------------------------------------------
# RDA over a whole grid of (alpha, gamma) at once
# --------------------------------------------------------------------------


def _squared_mahalanobis_many(centred: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """``||L^{-1} (x - mu_k)||^2`` for many factors at once: ``centred`` (K, n, d), ``factors`` (..., K, d, d).

    The forward substitution of :func:`_whiten`, ``z_j = (x_j - sum_{l < j} L_jl z_l) / L_jj``, vectorised
    over the leading axes of ``factors`` too, one feature at a time (each ``z_j`` a contiguous array);
    returns shape (..., K, n).
    """
    z, squared = [], 0.0
    for j in range(centred.shape[-1]):
        known = sum(factors[..., j, l, None] * z[l] for l in range(j))          # sum_{l < j} L_jl z_l
        z.append((centred[..., j] - known) / factors[..., j, j, None])
        squared = squared + z[-1] ** 2
    return squared


def _unit_values(values, name: str) -> np.ndarray:
    """``values`` as a 1-D float array of numbers in [0, 1]."""
    array = as_float_array(values, name)
    if array.ndim != 1 or array.size == 0:
        raise ValueError(f"{name} must be a 1-D list of numbers in [0, 1], e.g. np.linspace(0, 1, 11); "
                         f"got shape {array.shape}.")
    return np.array([check_unit_interval(value, name) for value in array])


def rda_accuracy_grid(X, t, X_eval, t_eval, alphas, gammas) -> np.ndarray:
    """The accuracy on ``(X_eval, t_eval)`` of ``RDA(alpha, gamma)`` fitted on ``(X, t)``, for a whole grid of pairs.

    The numbers of ``RDA(alpha, gamma).fit(X, t).score(X_eval, t_eval)`` for
    every ``alpha`` in ``alphas`` and ``gamma`` in ``gammas``, computed
    together: the class means and covariances are estimated once, and the
    regularised covariances, their Cholesky factors and the discriminant
    functions ``g_k(x)`` of all pairs are arrays with one more axis. What the
    RDA explorer and a cross-validated choice of ``(alpha, gamma)`` need
    (notebook 06, section 9), a hundred times faster than fitting each pair.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)
        Any labels; each class at least 2 examples.
    X_eval : array-like of shape (n, d)
    t_eval : array-like of shape (n,)
        The labels to compare the predictions with.
    alphas, gammas : array-like of shape (n_alphas,) and (n_gammas,)
        Numbers in [0, 1].

    Returns
    -------
    ndarray of shape (n_gammas, n_alphas)
        Row ``i``, column ``j``: the accuracy of ``RDA(alphas[j], gammas[i])``.

    Raises
    ------
    ValueError
        If a pair's covariance is singular, with the message ``RDA.fit`` gives, or the grid
        is too large (:data:`MAX_GRID_WORK`).
    """
    estimates = _estimates(X, t)
    X_eval = as_matrix(X_eval, "X_eval")
    check_n_features(X_eval, estimates.offsets.shape[1], "X_eval")
    t_eval = np.asarray(t_eval)
    if t_eval.shape != X_eval.shape[:1]:
        raise ValueError(f"t_eval must hold one label per row of X_eval, shape {X_eval.shape[:1]}; "
                         f"got shape {t_eval.shape}.")
    alphas, gammas = _unit_values(alphas, "alphas"), _unit_values(gammas, "gammas")
    n_classes, n_features = estimates.offsets.shape
    check_size(alphas.size * gammas.size * n_classes * (X_eval.shape[0] + n_features) * n_features,
               "the discriminant functions of every pair", "alphas, gammas or X_eval")
    work = alphas.size * gammas.size * n_classes * (X_eval.shape[0] + 10 * n_features) * n_features
    if work > MAX_GRID_WORK:
        raise ValueError(f"alphas and gammas make {alphas.size * gammas.size} pairs (alpha, gamma): with {n_classes} "
                         f"classes, {X_eval.shape[0]} examples of X_eval and {n_features} features, {work:.3g} steps "
                         f"of work, more than the {MAX_GRID_WORK:.0e} done in a few seconds; use fewer alphas, gammas "
                         "or examples.")
    alpha, gamma = (values.reshape(-1, 1, 1, 1) for values in np.meshgrid(alphas, gammas))   # pairs, gamma-major
    covariances = _regularize(estimates.covariances, estimates.pooled, alpha, gamma)            # (P, K, d, d)
    factors, singular = _cholesky_factors(covariances.reshape(-1, n_features, n_features),
                                          np.sqrt(np.diagonal(estimates.pooled)))
    if singular is not None:
        pair, k = divmod(singular, n_classes)
        raise ValueError(_singular_message(f"RDA({alpha.flat[pair]:g}, {gamma.flat[pair]:g})", alpha.flat[pair],
                                           gamma.flat[pair], estimates, k, shared=False))
    factors = factors.reshape(covariances.shape)
    centred = (X_eval - estimates.centre)[None] - estimates.offsets[:, None]                    # x - mu_k, (K, n, d)
    squared = _squared_mahalanobis_many(centred, factors)                                       # (P, K, n)
    # g_k(x) = log pi_k - 1/2 (d log 2 pi + log|Sigma_k| + Delta_k(x)^2), then the first largest, class by class
    g = (np.log(estimates.counts / estimates.counts.sum())[:, None]
         - 0.5 * (n_features * _LOG_2PI + _log_determinants(factors)[..., None] + squared))
    best, decided = g[:, 0], np.zeros(g[:, 0].shape, dtype=int)
    for k in range(1, n_classes):
        better = g[:, k] > best
        best, decided = np.where(better, g[:, k], best), np.where(better, k, decided)
    return np.mean(estimates.classes[decided] == t_eval, axis=1).reshape(gammas.size, alphas.size)


# --------------------------------------------------------------------------
# Fisher's discriminant and the cost of QDA's flexibility
# --------------------------------------------------------------------------


def _scatter_matrices(X, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Within- and between-class scatter ``S_W``, ``S_B`` (d, d) and the class means less the mean of ``X`` (K, d)."""
    X = check_scale(as_matrix(X), "X", "the scatter matrices S_W and S_B (sums of products of entries of X)")
    X = X - X.mean(axis=0)                                   # centred first, as in _Estimates: S_W, S_B are shift-free
    classes, indices = as_class_labels(t, X.shape[0])
    counts = np.bincount(indices)
    means, scatters = _class_statistics(X, indices, len(classes))
    between = (means - X.mean(axis=0)).T * counts @ (means - X.mean(axis=0))   # sum N_k (mu_k - mu)(mu_k - mu)^T
    return scatters.sum(axis=0), between, means


def fisher_directions(X, t) -> np.ndarray:
    """Fisher's discriminant directions: the ``w`` maximising ``J(w) = w^T S_B w / w^T S_W w``.

    ``S_W = sum_k sum_{x in C_k} (x - mu_k)(x - mu_k)^T`` is the within-class
    scatter and ``S_B = sum_k N_k (mu_k - mu)(mu_k - mu)^T`` the between-class
    scatter. The directions solve ``S_B w = lambda S_W w``; there are at most
    ``K - 1``. For two classes ``w`` is proportional to
    ``S_W^{-1} (mu_1 - mu_0)``, LDA's ``w``: projecting onto it separates the
    class means most relative to the spread within the classes.

    Parameters
    ----------
    X : array-like of shape (N, d)
    t : array-like of shape (N,)

    Returns
    -------
    ndarray of shape (min(K - 1, d), d)
        Unit vectors, by decreasing ``J(w)``; each signed so that the last
        class's mean projects above the first's.
    """
    within, between, means = _scatter_matrices(X, t)
    if _cholesky_factors(within[None], np.sqrt(np.diagonal(within)))[1] is not None:
        raise ValueError(
            "The within-class scatter S_W of X is singular (fewer examples than N - K >= d, or features "
            "constant or collinear within the classes); drop redundant features."
        )
    n_directions = min(len(means) - 1, within.shape[0])
    _, vectors = linalg.eigh(between, within)                # S_B w = lambda S_W w, eigenvalues increasing
    directions = vectors[:, ::-1][:, :n_directions].T
    directions /= np.linalg.norm(directions, axis=1, keepdims=True)
    signs = np.sign(directions @ (means[-1] - means[0]))
    return directions * np.where(signs == 0, 1, signs)[:, None]


def fisher_criterion(w, X, t) -> float:
    """Fisher's criterion ``J(w) = w^T S_B w / w^T S_W w`` of a direction ``w`` (see :func:`fisher_directions`).

    Parameters
    ----------
    w : array-like of shape (d,)
        A non-zero direction.
    X : array-like of shape (N, d)
    t : array-like of shape (N,)

    Returns
    -------
    float
    """
    within, between, _ = _scatter_matrices(X, t)
    w = as_vector(w, "w", within.shape[0])
    if not np.any(w):
        raise ValueError("w must be a non-zero direction.")
    w = scaled(w)[0]                                        # J(c w) = J(w): no product overflows or underflows
    return float(w @ between @ w / (w @ within @ w))


def parameter_counts(n_features: int, n_classes: int, of: str = "model") -> dict:
    """How many numbers LDA and QDA estimate, or how many their decision boundaries have.

    ``of="model"`` counts the generative model: ``K - 1`` priors, ``K d``
    mean entries and ``d (d + 1) / 2`` entries per covariance, of which LDA
    has one and QDA ``K``. ``of="boundary"`` counts the free parameters of
    the discriminant functions relative to a reference class (Hastie,
    Tibshirani and Friedman, section 4.3): LDA ``(K - 1)(d + 1)``, QDA
    ``(K - 1)(d (d + 3) / 2 + 1)``.

    Parameters
    ----------
    n_features : int
        ``d``.
    n_classes : int
        ``K``.
    of : {"model", "boundary"}

    Returns
    -------
    dict
        ``{"LDA": int, "QDA": int}``.
    """
    d, k = check_positive_int(n_features, "n_features"), check_positive_int(n_classes, "n_classes")
    if of == "model":
        shared = (k - 1) + k * d                                 # priors and means
        return {"LDA": shared + d * (d + 1) // 2, "QDA": shared + k * d * (d + 1) // 2}
    if of == "boundary":
        return {"LDA": (k - 1) * (d + 1), "QDA": (k - 1) * (d * (d + 3) // 2 + 1)}
    raise ValueError(f"of must be 'model' or 'boundary'; got {of!r}.")
