"""The discriminant functions of Gaussian classes, ``g_k(x) = log pi_k + log N(x; mu_k, Sigma_k)``, and their
posteriors, through Cholesky factors (never an inverse), with a clear message for a singular covariance; the
Mahalanobis distance; and a 2-D covariance from the axes of its ellipses.

Taught in notebook 06 ("Gaussian classes"); the notation is that of :mod:`lecture_utils.discriminant`. One
computation serves known parameters (the true Bayes classifier) and the fitted models of
:mod:`lecture_utils.discriminant.classifiers`.
"""

from __future__ import annotations

import numpy as np
from scipy.special import softmax

from .._numerics import norm, reduce_over
from .._validation import as_covariances, as_float_array, as_matrix, as_priors, as_scalar, as_vector, check_scale


_LOG_2PI = np.log(2 * np.pi)

# A covariance whose smallest eigenvalue, in units where each feature has
# (pooled) variance 1, is below this is treated as singular: its Mahalanobis
# distances would carry errors of about 1e-16 / _SINGULAR relative to their size.
_SINGULAR = 1e-10


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
    classes and the fitted :class:`~lecture_utils.discriminant.LDA`,
    :class:`~lecture_utils.discriminant.QDA` and :class:`~lecture_utils.discriminant.RDA`:
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


def _check_some_class_possible(joint: np.ndarray) -> None:
    """Refuse an example whose ``g_k(x)`` are all ``-inf``: its posterior would be 0 / 0."""
    impossible = np.isneginf(reduce_over(np.maximum, joint, 1))     # the largest -inf: all are
    if np.any(impossible):
        raise ValueError(
            f"Example {int(np.argmax(impossible))} of X is so far from every class mean (squared Mahalanobis "
            "distances beyond 1e308) that every Gaussian density underflows to 0 in float64, and its posterior "
            "p(C_k | x) = 0 / 0 is undefined; check X for outliers or a change of units."
        )
