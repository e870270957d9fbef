"""Checks of class labels: one per example, numbers or text (not both), at least two classes, and only the
classes a model was fitted on."""

from __future__ import annotations

import numbers

import numpy as np


def as_signed_labels(t, n_samples: int, name: str = "t") -> np.ndarray:
    """Return the targets ``t`` as a float array of -1.0 and +1.0 of length ``n_samples``.

    Raises
    ------
    ValueError
        If ``t`` holds other values or its length differs from the number of samples.
    """
    labels = np.asarray(t)
    if labels.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of labels; got shape {labels.shape}.")
    if labels.shape[0] != n_samples:
        raise ValueError(
            f"{name} has {labels.shape[0]} labels but X has {n_samples} samples; "
            "they must have one label per sample."
        )
    values = set(np.unique(labels).tolist())
    if not values <= {-1, 1}:
        shown = sorted(values, key=str)[:5]
        raise ValueError(
            f"{name} must contain only the labels -1 and +1; got the values {shown}. "
            f"Convert 0/1 labels with {name} = 2 * y - 1."
        )
    return labels.astype(float)


def check_one_kind(values, name: str) -> None:
    """Refuse a list (or object array) that mixes numbers and text, such as ``[1, "a"]``.

    numpy would take them as one sample space of text, the number 1 as the text ``"1"`` (which then prints,
    compares and predicts as text), or could not sort them at all.
    """
    if isinstance(values, np.ndarray):
        if values.dtype != object:
            return
        values = values.ravel().tolist()
    elif not isinstance(values, (list, tuple)):
        return
    number = next((item for item in values if isinstance(item, numbers.Number)), None)
    text = next((item for item in values if isinstance(item, (str, bytes))), None)
    if number is not None and text is not None:
        raise ValueError(f"{name} mixes numbers and text, such as {number!r} and {text!r}: as one sample space "
                         f"numpy would read {number!r} as the text {str(number)!r}, or could not order them. Give "
                         f"every value one type, e.g. {name} = [str(value) for value in {name}].")


def as_labels(t, name: str = "t") -> np.ndarray:
    """``t`` as a 1-D array of labels (numbers or text, not both), without nan; a clear error for ragged or
    nested input."""
    check_one_kind(t, name)
    try:
        labels = np.asarray(t)
    except ValueError:                                       # numpy refuses nested lists of different lengths
        raise ValueError(f"{name} must be a 1-D array of labels, one per sample; its entries have different "
                         "lengths.") from None
    if labels.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of labels, one per sample; got shape {labels.shape}.")
    if labels.dtype.kind == "f" and np.any(np.isnan(labels)):
        raise ValueError(f"{name} contains nan; every sample needs a label.")
    return labels


def as_class_labels(t, n_samples: int, name: str = "t", min_classes: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Encode the targets ``t`` (any hashable labels) as class indices.

    Returns
    -------
    classes : ndarray of shape (K,)
        The sorted distinct labels, as ``classes_`` of an estimator.
    indices : ndarray of int, shape (n_samples,)
        ``classes[indices] == t``.

    Raises
    ------
    ValueError
        If ``t`` is not 1-D, its length differs from ``n_samples``, it holds
        nan, or it has fewer than ``min_classes`` distinct labels.
    """
    labels = as_labels(t, name)
    if labels.shape[0] != n_samples:
        raise ValueError(
            f"{name} has {labels.shape[0]} labels but X has {n_samples} samples; "
            "they must have one label per sample."
        )
    classes, indices = np.unique(labels, return_inverse=True)
    if classes.size < min_classes:
        raise ValueError(
            f"{name} must contain at least {min_classes} different labels to classify; "
            f"got only {classes.tolist()}."
        )
    return classes, indices


def check_known_labels(t, classes: np.ndarray, name: str, hint: str = "") -> None:
    """Refuse labels of ``t`` (checked already) that are not among ``classes``, the training labels.

    A label a model was not fitted on is never predicted: its examples would count as mistakes, silently,
    and an encoding of the classes other than the training labels' (-1 and 1 for 0 and 1) scores as chance.
    """
    known = set(classes.tolist())
    unknown = [label for label in dict.fromkeys(np.asarray(t).tolist()) if label not in known]
    if unknown:
        raise ValueError(f"{name} holds labels that the training labels lack, {unknown[:5]}; the model knows only "
                         f"the classes {classes.tolist()[:10]}. {hint}".rstrip())
