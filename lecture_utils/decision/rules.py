"""The Bayes decision at one point: loss matrices, the expected loss ``R(a | x)``, the decision that minimises
it (with a reject option), and its thresholds, on the posterior of two classes and on ``x`` for two 1-D
Gaussian classes (notebook 06, "Decision theory"). The notation is that of :mod:`lecture_utils.decision`."""

from __future__ import annotations

import numbers

import numpy as np

from .._validation import (as_distribution, as_float_array, as_positive_array, as_priors, as_vector, check_positive_int,
                           check_size)


#: What :func:`bayes_decision` returns where rejecting (deciding nothing) costs less than any class.
REJECT = -1


def _as_loss_matrix(loss_matrix, n_classes: int | None = None) -> np.ndarray:
    """Return ``L[a, j]`` as a finite float array of shape (n_decisions, K)."""
    loss = as_float_array(loss_matrix, "loss_matrix")
    if loss.ndim != 2 or loss.shape[0] == 0 or loss.shape[1] < 2:
        raise ValueError(
            "loss_matrix must be a 2-D array L[decision, true class] with a column per class "
            f"(at least 2), e.g. [[0, 50], [10, 0]]; got shape {loss.shape}."
        )
    if n_classes is not None and loss.shape[1] != n_classes:
        raise ValueError(
            f"loss_matrix has {loss.shape[1]} columns (true classes) but there are {n_classes} classes; "
            "its rows are decisions and its columns true classes, L[decision, true class]."
        )
    return loss


def _loss_or_zero_one(loss_matrix, n_classes: int) -> np.ndarray:
    return zero_one_loss(n_classes) if loss_matrix is None else _as_loss_matrix(loss_matrix, n_classes)


def _as_posterior(posterior) -> np.ndarray:
    posterior = as_distribution(posterior, "posterior")
    if posterior.ndim > 2:
        raise ValueError(
            "posterior must have shape (K,) for one x or (n_samples, K) for many; "
            f"got shape {posterior.shape}."
        )
    return posterior


def _mistake_costs(loss_matrix) -> tuple[float, float]:
    """``(L[1, 0] - L[0, 0], L[0, 1] - L[1, 1])``: what each wrong decision of two classes costs extra."""
    loss = _as_loss_matrix(loss_matrix, 2)
    if loss.shape != (2, 2):
        raise ValueError(f"loss_matrix must be 2 x 2 for two classes; got shape {loss.shape}.")
    cost_0, cost_1 = loss[1, 0] - loss[0, 0], loss[0, 1] - loss[1, 1]
    if cost_0 <= 0 or cost_1 <= 0:
        raise ValueError(
            "loss_matrix must make each mistake cost more than the right decision, L[1, 0] > L[0, 0] and "
            f"L[0, 1] > L[1, 1]; got {loss.tolist()}. Otherwise one decision is best for every x and "
            "there is no threshold."
        )
    return float(cost_0), float(cost_1)


# --------------------------------------------------------------------------
# The expected loss and the Bayes decision
# --------------------------------------------------------------------------


def zero_one_loss(n_classes: int) -> np.ndarray:
    """The 0-1 loss matrix ``L = 1 - I``: every mistake costs 1, every right decision 0.

    Parameters
    ----------
    n_classes : int
        ``K``.

    Returns
    -------
    ndarray of shape (K, K)
    """
    n_classes = check_positive_int(n_classes, "n_classes")
    check_size(n_classes ** 2, "the 0-1 loss matrix", "n_classes")
    return 1.0 - np.eye(n_classes)


def expected_loss(loss_matrix, posterior) -> np.ndarray:
    """The expected loss ``R(a | x) = sum_j L[a, j] p(C_j | x)`` of every decision ``a``.

    Parameters
    ----------
    loss_matrix : array-like of shape (n_decisions, K)
        ``L[a, j]``, the cost of deciding ``a`` when the true class is ``j``:
        rows are decisions, columns true classes, as in the lecture's tables.
    posterior : array-like of shape (K,) or (n_samples, K)
        ``p(C_k | x)`` for one ``x`` or for each of ``n_samples``; each sums to 1.

    Returns
    -------
    ndarray of shape (n_decisions,) or (n_samples, n_decisions)
    """
    posterior = _as_posterior(posterior)
    loss = _as_loss_matrix(loss_matrix, posterior.shape[-1])
    return posterior @ loss.T                                # sum_j L[a, j] p(C_j | x)


def bayes_decision(loss_matrix, posterior, reject_cost=None):
    """The Bayes decision ``argmin_a R(a | x)``, optionally with a reject option.

    With the 0-1 loss this is the class of largest posterior. With
    ``reject_cost`` the decision may also be "reject" (:data:`REJECT`, i.e.
    -1), which costs ``reject_cost`` whatever the class: it is taken where
    every decision's expected loss exceeds it. For the 0-1 loss that is
    where ``max_k p(C_k | x) < 1 - reject_cost``. Ties go to the first decision.

    Parameters
    ----------
    loss_matrix : array-like of shape (n_decisions, K)
        ``L[a, j]`` as in :func:`expected_loss`.
    posterior : array-like of shape (K,) or (n_samples, K)
    reject_cost : float or None
        The cost of rejecting; None for no reject option.

    Returns
    -------
    int or ndarray of int of shape (n_samples,)
        The row of ``loss_matrix`` chosen for each ``x``, or :data:`REJECT`.
    """
    risks = expected_loss(loss_matrix, posterior)
    decisions = np.argmin(risks, axis=-1)                     # argmin_a R(a | x)
    if reject_cost is not None:
        if isinstance(reject_cost, bool) or not isinstance(reject_cost, numbers.Real) or not np.isfinite(reject_cost):
            raise TypeError(f"reject_cost must be a finite number or None; got {reject_cost!r}.")
        decisions = np.where(np.min(risks, axis=-1) > reject_cost, REJECT, decisions)
    return decisions[()] if decisions.ndim == 0 else decisions


def posterior_threshold(loss_matrix) -> float:
    """The posterior ``p(C_1 | x)`` above which the Bayes decision for two classes is class 1.

    Deciding 1 costs less than deciding 0 when
    ``(L[1, 0] - L[0, 0]) p(C_0 | x) < (L[0, 1] - L[1, 1]) p(C_1 | x)``, that is when

        p(C_1 | x) > (L[1, 0] - L[0, 0]) / ((L[1, 0] - L[0, 0]) + (L[0, 1] - L[1, 1])).

    The 0-1 loss gives 1/2; the lecture's medical table ``[[0, 50], [10, 0]]``
    (missing a cancer costs 50, a false alarm 10) gives 10/60 = 1/6.

    Parameters
    ----------
    loss_matrix : array-like of shape (2, 2)
        ``L[decision, true class]``; each mistake must cost more than the right decision.

    Returns
    -------
    float in (0, 1)
    """
    cost_0, cost_1 = _mistake_costs(loss_matrix)
    with np.errstate(over="ignore"):                     # a ratio beyond 1e308: the threshold is 0.0
        return float(1 / (1 + np.float64(cost_1) / cost_0))      # cost_0 / (cost_0 + cost_1), never inf / inf


# --------------------------------------------------------------------------
# Two 1-D Gaussian classes: the thresholds in closed form
# --------------------------------------------------------------------------


def gaussian_threshold_1d(means, sigmas, priors=(0.5, 0.5), loss_matrix=None) -> np.ndarray:
    """Where the Bayes decision between two 1-D Gaussian classes changes: 0, 1 or 2 thresholds.

    Class 1 is decided where ``c_1 N(x; mu_1, sigma_1^2) > c_0 N(x; mu_0, sigma_0^2)``
    with ``c_1 = p(C_1) (L[0, 1] - L[1, 1])`` and ``c_0 = p(C_0) (L[1, 0] - L[0, 0])``.
    Taking logs, the boundary solves the quadratic ``a x^2 + b x + c = 0`` with

        a = 1 / (2 sigma_0^2) - 1 / (2 sigma_1^2),
        b = mu_1 / sigma_1^2 - mu_0 / sigma_0^2,
        c = mu_0^2 / (2 sigma_0^2) - mu_1^2 / (2 sigma_1^2) + log(c_1 sigma_0 / (c_0 sigma_1)).

    With equal variances ``a = 0`` and the single threshold is
    ``(mu_0 + mu_1) / 2 + sigma^2 log(c_0 / c_1) / (mu_1 - mu_0)``: a costlier
    false negative (larger ``L[0, 1]``) moves it towards ``mu_0``.

    Parameters
    ----------
    means, sigmas : array-like of shape (2,)
        ``mu_0, mu_1`` and the standard deviations ``sigma_0, sigma_1 > 0``.
    priors : array-like of shape (2,)
        ``p(C_0), p(C_1)``, each > 0.
    loss_matrix : array-like of shape (2, 2) or None
        ``L[decision, true class]``; None for the 0-1 loss.

    Returns
    -------
    ndarray of shape (0,), (1,) or (2,)
        The thresholds in increasing order (none if one class wins everywhere).
    """
    (mu_0, mu_1), (sigma_0, sigma_1) = as_vector(means, "means", 2), as_vector(sigmas, "sigmas", 2)
    as_positive_array([sigma_0, sigma_1], "sigmas", "a standard deviation")
    prior_0, prior_1 = as_priors(priors, 2)
    cost_0, cost_1 = _mistake_costs(zero_one_loss(2) if loss_matrix is None else loss_matrix)
    # In the units u = (x - mu_0) / sigma_0 the classes are N(0, 1) and N(d, r^2), whatever the scale of x:
    # the same quadratic with mu_0 = 0, sigma_0 = 1, mu_1 = d, sigma_1 = r, then x = mu_0 + sigma_0 u.
    d, r = (mu_1 - mu_0) / sigma_0, sigma_1 / sigma_0
    a = 0.5 - 1 / (2 * r ** 2)
    b = d / r ** 2
    c = -d ** 2 / (2 * r ** 2) + np.log(prior_1 * cost_1 / (prior_0 * cost_0)) - np.log(r)
    if a == 0:
        roots = np.array([]) if b == 0 else np.array([-c / b])
    else:
        discriminant = b ** 2 - 4 * a * c
        if discriminant <= 0:                                # no crossing, or a touch that changes nothing
            return np.array([])
        q = -0.5 * (b + np.copysign(np.sqrt(discriminant), b))   # the two roots q / a and c / q, without cancellation
        roots = np.sort([q / a, c / q])
    return mu_0 + sigma_0 * roots
