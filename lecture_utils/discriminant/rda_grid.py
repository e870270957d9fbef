"""RDA over a whole grid of ``(alpha, gamma)`` at once: the accuracy of every pair, a hundred times faster
than fitting each (notebook 06, section 9)."""

from __future__ import annotations

import numpy as np

from .._validation import (as_float_array, as_matrix, check_known_labels, check_n_features, check_size,
                           check_unit_interval)
from .estimates import _estimates, _regularize, _singular_message
from .gaussian import _LOG_2PI, _cholesky_factors, _log_determinants


#: The most work :func:`rda_accuracy_grid` does in one call (a few seconds), counted as
#: ``pairs x K x (n_eval + 10 d) x d``: each pair's class covariances factored, then every example scored.
MAX_GRID_WORK = 5 * 10 ** 7

#: The most numbers in one of the arrays (pairs, K, n_eval) that :func:`rda_accuracy_grid` scores a part of the
#: pairs with (1 MB each).
_PART_VALUES = 2 ** 17

#: What a class of t_eval that t lacks means when the two come from the folds of a cross-validation.
_UNSEEN_CLASS = ("If (X, t) and (X_eval, t_eval) are the two parts of a fold of a cross-validation, that fold's "
                 "training part holds no example of the class: are the examples sorted by class? Cut the folds "
                 "from shuffled examples, e.g. kfold_indices(N, k, shuffle=True, random_state=0).")


def _squared_mahalanobis_many(centred: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """``||L^{-1} (x - mu_k)||^2`` for many factors at once: ``centred`` (K, n, d), ``factors`` (..., K, d, d).

    The forward substitution of :func:`~lecture_utils.discriminant.gaussian._whiten`,
    ``z_j = (x_j - sum_{l < j} L_jl z_l) / L_jj``, vectorised
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
        The labels to compare the predictions with, each one of the labels of ``t`` (a class that ``t``
        lacks could never be predicted).
    alphas, gammas : array-like of shape (n_alphas,) and (n_gammas,)
        Numbers in [0, 1].

    Returns
    -------
    ndarray of shape (n_gammas, n_alphas)
        Row ``i``, column ``j``: the accuracy of ``RDA(alphas[j], gammas[i])``.

    Raises
    ------
    ValueError
        If a pair's covariance is singular, with the message ``RDA.fit`` gives, the grid
        is too large (:data:`MAX_GRID_WORK`), or ``t_eval`` holds a class that ``t`` lacks.
    """
    estimates = _estimates(X, t)
    X_eval = as_matrix(X_eval, "X_eval")
    check_n_features(X_eval, estimates.offsets.shape[1], "X_eval")
    t_eval = np.asarray(t_eval)
    if t_eval.shape != X_eval.shape[:1]:
        raise ValueError(f"t_eval must hold one label per row of X_eval, shape {X_eval.shape[:1]}; "
                         f"got shape {t_eval.shape}.")
    check_known_labels(t_eval, estimates.classes, "t_eval", _UNSEEN_CLASS)
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
    # A few pairs at a time: all of them at once made arrays of (pairs, K, n) numbers, 6 MB each for a 21 x 21
    # grid and 600 examples, and a peak of 30 MB. Each pair's numbers are the same either way.
    step = max(1, _PART_VALUES // (n_classes * X_eval.shape[0]))
    accuracies = [_accuracies(factors[start:start + step], centred, estimates, t_eval)
                  for start in range(0, len(factors), step)]
    return np.concatenate(accuracies).reshape(gammas.size, alphas.size)


def _accuracies(factors: np.ndarray, centred: np.ndarray, estimates, t_eval: np.ndarray) -> np.ndarray:
    """The accuracy on ``t_eval`` of each pair's class factors ``factors`` (P, K, d, d), shape (P,).

    ``centred`` (K, n, d) holds ``x - mu_k`` for every example of ``t_eval`` and every class.
    """
    squared = _squared_mahalanobis_many(centred, factors)                                       # (P, K, n)
    # g_k(x) = log pi_k - 1/2 (d log 2 pi + log|Sigma_k| + Delta_k(x)^2), then the first largest, class by class
    g = (np.log(estimates.counts / estimates.counts.sum())[:, None]
         - 0.5 * (centred.shape[-1] * _LOG_2PI + _log_determinants(factors)[..., None] + squared))
    best, decided = g[:, 0], np.zeros(g[:, 0].shape, dtype=int)
    for k in range(1, g.shape[1]):
        better = g[:, k] > best
        best, decided = np.where(better, g[:, k], best), np.where(better, k, decided)
    return np.mean(estimates.classes[decided] == t_eval, axis=1)
