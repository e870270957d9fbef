"""The checks of :mod:`lecture_utils.mle`'s arguments: samples, categories, counts, sample sizes, and results
that exceed float64's range."""

from __future__ import annotations

import numpy as np

from .._validation import as_float_array, as_vector, check_binary, check_one_kind, check_positive_int


def _check_not_empty(array: np.ndarray, name: str) -> None:
    if array.ndim == 0 or array.shape[-1] == 0:
        raise ValueError(
            f"{name} must hold at least one observation (a 1-D sample, or samples along the last "
            f"axis); got an array of shape {array.shape}. Pass a non-empty list such as [0, 1, 1]."
        )


def _as_sample(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a finite float array of shape (..., N) with N >= 1."""
    array = as_float_array(x, name)
    _check_not_empty(array, name)
    return array


def _as_binary_sample(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a float array of 0.0 and 1.0 of shape (..., N) with N >= 1."""
    return check_binary(_as_sample(x, name), name,
                        f"Encode the outcome of interest as 1, e.g. {name} = (labels == 'heads').astype(int).")


def _as_categories(x, n_categories: int, name: str = "x") -> np.ndarray:
    """Return ``x`` as an int array of categories 0..K-1 of shape (..., N) with N >= 1."""
    array = _as_sample(x, name)
    if np.any(array != np.round(array)):
        raise ValueError(
            f"{name} must hold integer categories 0..{n_categories - 1}; got non-integer values "
            f"such as {array[array != np.round(array)].flat[0]:.4g}. Map labels to integers first, "
            "e.g. with np.unique(labels, return_inverse=True)."
        )
    outside = (array < 0) | (array >= n_categories)
    if np.any(outside):
        raise ValueError(
            f"{name} has the category {int(array[outside].flat[0])}, but there are only {n_categories} "
            f"categories (0..{n_categories - 1}). Give one probability per category, or relabel "
            f"{name} to 0..K-1."
        )
    return array.astype(int)


def _as_counts(counts, n_categories: int, name: str = "x") -> np.ndarray:
    """Return the category counts ``n_k`` as a float vector of length K with a positive sum."""
    array = as_vector(counts, name, n_categories)
    if np.any(array < 0) or np.any(array != np.round(array)):
        raise ValueError(f"{name} holds counts n_k, which must be integers >= 0; got {array.tolist()}.")
    if array.sum() == 0:
        raise ValueError(f"{name} holds counts that sum to 0, i.e. an empty sample; "
                         "count at least one observation.")
    return array


def _as_model_probabilities(probabilities) -> np.ndarray:
    """Return ``p_model(x_i; theta)`` of each observation as a float array >= 0 of shape (..., N)."""
    p = _as_sample(probabilities, "probabilities")
    if np.any(p < 0):
        raise ValueError("probabilities must be >= 0 (they are p_model(x_i; theta)); got a negative value.")
    return p


def _as_observations(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a non-empty 1-D array of any dtype (a model's ``logpdf`` decides what it accepts), of one
    kind (numbers or text), without nan or inf (an observation of inf is an overflow or a missing value, and its
    log-density, -inf, would make the likelihood 0 and the negative log-likelihood inf)."""
    check_one_kind(x, name)
    array = np.asarray(x)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D sample; got an array of shape {array.shape}.")
    _check_not_empty(array, name)
    if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
        bad = "nan" if np.any(np.isnan(array)) else "inf"
        raise ValueError(f"{name} contains {bad}, which is no observation (a missing value, or one that overflowed); "
                         "remove it first.")
    return array


#: The largest sample size the formulas take: beyond it ``N`` does not fit a float64.
_MAX_SAMPLE_SIZE = 10 ** 300


def _as_sample_sizes(N) -> list:
    """Return the sample size(s) ``N`` as a list of Python integers from 1 to :data:`_MAX_SAMPLE_SIZE`."""
    sizes = N if isinstance(N, (list, tuple, np.ndarray)) else [N]
    sizes = [check_positive_int(size, "N") for size in np.asarray(sizes, dtype=object).ravel().tolist()]
    if max(sizes, default=1) > _MAX_SAMPLE_SIZE:
        raise ValueError(f"N must be at most 1e300, a number float64 can hold; got a size of {float(max(sizes)):.3g}"
                         if max(sizes) < 2 ** 1024 else "N must be at most 1e300, a number float64 can hold; got more.")
    return sizes


def _in_range(value, what: str, names: str):
    """``value`` if it is finite, else a ``ValueError``: the exact result exceeds float64's range."""
    if not np.all(np.isfinite(value)):
        raise ValueError(f"{what} exceeds the largest float64 (about 1.8e308); rescale {names}.")
    return value
