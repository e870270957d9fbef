"""Bundled data sets and seeded synthetic generators.

The CSV files live in ``datasets/`` at the root of the repository and are
copied into the wheel as ``lecture_utils/_data``; the loaders find them in
either place and refuse a file whose SHA-256 checksum does not match.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

from ._validation import (as_covariances, as_matrix, check_counts, check_interval, check_option, check_positive_int,
                          check_random_state, check_size)

#: SHA-256 of each bundled file, as listed in ``datasets/README.md``.
SHA256 = {
    "breast_cancer.csv": "518936fa92ca3d8a78c420aee22030c4e519ffcba3be15dd23e83f2fc22e20e5",
    "iris.csv": "b6b8efc86732bc48c9fbddba53e2c191fd4f263c0ee98e2b1b7d3543e8d2121d",
    "play_tennis.csv": "a7357739b502067310a9c441d430f8c368b13106f125307269969d21283891e8",
}

#: Examples made at once from noise by :func:`gaussian_classes_from_noise`: their d x d factors take 0.5 MB in 2-D,
#: where a whole simulation's (400 000 examples) took 13 MB; a widget's test set is one block.
_NOISE_BLOCK = 16_384

@dataclass(frozen=True, eq=False)
class Dataset:
    """A data set: inputs ``X`` of shape ``(n_samples, n_features)`` and targets ``y``.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    feature_names : tuple of str
    target_names : tuple of str
        The class names; for integer targets, ``target_names[k]`` names class ``k``.
    description : str
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple
    target_names: tuple
    description: str = ""


@dataclass(frozen=True, eq=False)
class SeparableData(Dataset):
    """Linearly separable 2-D data with the separator that generated it.

    Attributes
    ----------
    w_star : ndarray of shape (3,)
        ``(w_1, w_2, b)`` with ``||(w_1, w_2)|| = 1``, so that
        ``t_i (w_1 x_i1 + w_2 x_i2 + b)`` is the distance of ``x_i`` from the
        generating line, at least ``margin`` for every example.
    margin : float
        The smallest of those distances, as realised in the sample.
    """

    w_star: np.ndarray = field(default_factory=lambda: np.zeros(3))
    margin: float = 0.0


def data_path(filename: str) -> Path:
    """Return the path of a bundled file, installed or in a source checkout.

    Raises
    ------
    ValueError
        If ``filename`` is not one of the bundled files.
    """
    check_option(filename, "filename", sorted(SHA256))
    installed = resources.files("lecture_utils") / "_data" / filename
    if installed.is_file():
        return Path(str(installed))
    return Path(__file__).resolve().parent.parent / "datasets" / filename


def _read_verified_csv(filename: str) -> list[list[str]]:
    path = data_path(filename)
    content = path.read_bytes()
    digest = hashlib.sha256(content).hexdigest()
    if digest != SHA256[filename]:
        raise RuntimeError(
            f"{path} is corrupted or was modified: its SHA-256 is {digest}, expected "
            f"{SHA256[filename]}. Restore it with `git checkout -- datasets/{filename}` "
            "or reinstall the package."
        )
    return list(csv.reader(content.decode("utf-8").splitlines()))


def load_iris() -> Dataset:
    """Fisher's iris data: 150 flowers, 4 measurements in cm, 3 species.

    Returns
    -------
    Dataset
        ``X`` float of shape (150, 4), ``y`` int in {0, 1, 2} indexing
        ``target_names = ("setosa", "versicolor", "virginica")``.
    """
    header, *rows = _read_verified_csv("iris.csv")
    target_names = ("setosa", "versicolor", "virginica")
    X = np.array([row[:4] for row in rows], dtype=float)
    y = np.array([target_names.index(row[4]) for row in rows])
    return Dataset(X, y, tuple(header[:4]), target_names,
                   "Fisher (1936), 50 flowers of each of three iris species.")


def load_breast_cancer() -> Dataset:
    """The Wisconsin diagnostic breast-cancer data: 569 tumours, 30 features of their cell nuclei.

    Ten measurements of the nuclei in an image of a fine-needle aspirate
    (radius, texture, perimeter, area, smoothness, compactness, concavity,
    concave points, symmetry, fractal dimension), each as the mean, the
    standard error and the "worst" (mean of the three largest) over the
    nuclei: 30 features on very different scales, for L1 feature selection
    in notebook 04.

    Returns
    -------
    Dataset
        ``X`` float of shape (569, 30), ``y`` int with 0 = malignant (212)
        and 1 = benign (357) as in scikit-learn, indexing
        ``target_names = ("malignant", "benign")``.
    """
    header, *rows = _read_verified_csv("breast_cancer.csv")
    target_names = ("malignant", "benign")
    X = np.array([row[:30] for row in rows], dtype=float)
    y = np.array([target_names.index(row[30]) for row in rows])
    return Dataset(X, y, tuple(header[:30]), target_names,
                   "Wolberg, Street and Mangasarian (1995): 569 breast tumours, 212 malignant and 357 benign.")


def load_play_tennis() -> Dataset:
    """The 14-day "play tennis" table (Quinlan 1986) used for Naive Bayes.

    Returns
    -------
    Dataset
        ``X`` a (14, 4) array of strings (outlook, temperature, humidity,
        wind), ``y`` the strings ``"Yes"``/``"No"``.
    """
    header, *rows = _read_verified_csv("play_tennis.csv")
    X = np.array([row[1:5] for row in rows], dtype=object).astype(str)
    y = np.array([row[5] for row in rows]).astype(str)
    return Dataset(X, y, tuple(header[1:5]), ("No", "Yes"),
                   "Weather on 14 days and whether tennis was played (Quinlan 1986).")


def make_separable(n_samples: int = 40, margin: float = 0.1, random_state=None) -> SeparableData:
    """Sample 2-D points in the square [-1, 1]^2, separable with at least a margin.

    A random line ``w_1 x_1 + w_2 x_2 + b = 0`` (unit normal, ``|b| <= 0.25``)
    labels each point by its side, ``t = +1`` or ``-1``; points closer to the
    line than ``margin`` are rejected and redrawn.

    Parameters
    ----------
    n_samples : int
        Number of points (at least 2; both classes always occur).
    margin : float
        Smallest distance of any point from the generating line, in [0, 0.5].
    random_state : int, numpy Generator or None
        Seed for reproducible data.

    Returns
    -------
    SeparableData
        ``X`` of shape (n_samples, 2), ``y`` in {-1, +1}, and ``w_star``.
    """
    n_samples = check_positive_int(n_samples, "n_samples")
    if n_samples < 2:
        raise ValueError(f"n_samples must be at least 2 so that both classes occur; got {n_samples}.")
    check_interval(margin, "margin", 0.0, 0.5, "for points in the square [-1, 1]^2")
    check_size(4 * n_samples, "the candidate points", "n_samples")
    rng = check_random_state(random_state)
    angle = rng.uniform(0, 2 * np.pi)
    w_star = np.array([np.cos(angle), np.sin(angle), rng.uniform(-0.25, 0.25)])
    X = np.empty((0, 2))
    while len(X) < n_samples or len(np.unique(np.sign(X @ w_star[:2] + w_star[2]))) < 2:
        candidates = rng.uniform(-1, 1, size=(2 * n_samples, 2))
        keep = np.abs(candidates @ w_star[:2] + w_star[2]) >= margin
        X = np.vstack([X, candidates[keep]])[-n_samples:]
    signed = X @ w_star[:2] + w_star[2]
    t = np.where(signed > 0, 1, -1)
    return SeparableData(X, t, ("x1", "x2"), ("-1", "+1"),
                         f"{n_samples} points separable with margin >= {margin}",
                         w_star=w_star, margin=float(np.min(np.abs(signed))))


def make_gaussian_classes(means, covariances, n_per_class=50, random_state=None) -> Dataset:
    """Sample each class k from a normal distribution N(means[k], covariances[k]).

    Parameters
    ----------
    means : array-like of shape (K, d)
    covariances : array-like of shape (K, d, d)
        Symmetric positive semi-definite matrices.
    n_per_class : int or sequence of K ints
    random_state : int, numpy Generator or None

    Returns
    -------
    Dataset
        ``X`` of shape (sum of n_per_class, d), ``y`` in {0, ..., K-1}.
    """
    means = as_matrix(means, "means")
    n_classes, dim = means.shape
    covariances = as_covariances(covariances, {(n_classes, dim, dim): ("(K, d, d)", "one per row of means")})
    for k, cov in enumerate(covariances):
        largest = np.abs(cov).max()
        if largest > 0 and np.linalg.eigvalsh(cov / largest).min() < -1e-12:    # judged at unit scale
            raise ValueError(f"covariances[{k}] must be positive semi-definite; got {cov.tolist()}.")
    counts = check_counts(n_per_class, "n_per_class", n_classes)
    check_size(int(counts.sum()) * dim, "the sample", "n_per_class")
    rng = check_random_state(random_state)
    X = np.vstack([mean + rng.standard_normal((n, dim)) @ _normal_factor(cov).T
                   for mean, cov, n in zip(means, covariances, counts)])
    y = np.repeat(np.arange(n_classes), counts)
    return Dataset(X, y, tuple(f"x{j + 1}" for j in range(dim)),
                   tuple(f"class {k}" for k in range(n_classes)),
                   f"{n_classes} Gaussian classes in {dim} dimensions")


def _normal_factor(cov: np.ndarray) -> np.ndarray:
    """``A`` with ``A A^T = cov``, so that ``mu + A z ~ N(mu, cov)`` for ``z ~ N(0, I)``: one that every machine computes alike.

    numpy's ``multivariate_normal`` factors ``cov`` by a singular value
    decomposition, whose vectors' signs (and round-off singular values) are
    whatever the LAPACK library returns: another library (MKL, Apple's
    Accelerate) or another kernel could draw other points. Here a positive
    definite ``cov`` has its Cholesky factor, which is unique. A singular one
    (smallest eigenvalue below ``d eps`` times the largest, judged at unit
    scale) has ``U diag(sqrt(s))`` from its eigendecomposition, with the
    round-off eigenvalues set to 0, so that the points lie on the subspace the
    distribution lives on, and each vector's sign making its largest entry
    (the first, in a tie) positive.
    """
    scale = max(float(np.abs(cov).max()), np.finfo(float).tiny)
    s, u = np.linalg.eigh(cov / scale)
    if s[0] > len(s) * np.finfo(float).eps * s[-1]:
        return np.linalg.cholesky(cov)
    s = np.where(s > len(s) * np.finfo(float).eps * s[-1], s, 0.0)
    size = np.abs(u)
    largest = np.argmax(size >= size.max(axis=0) * (1 - 1e-8), axis=0)
    return u * np.where(u[largest, np.arange(len(s))] < 0, -1.0, 1.0) * np.sqrt(s * scale)


def gaussian_classes_from_noise(noise, t, means, covariances) -> np.ndarray:
    """Examples of Gaussian classes made from given standard normal noise: ``x_i = mu_k + L_k z_i`` for ``t_i = k``.

    With ``Sigma_k = L_k L_k^T`` (the Cholesky factor), ``x_i ~ N(mu_k, Sigma_k)``
    whenever ``z_i ~ N(0, I)``, and ``x_i`` lies at Mahalanobis distance
    ``||z_i||`` from ``mu_k``. Turning the same noise into examples of other
    means and covariances moves every point smoothly, so a widget can redraw
    "the same" sample while its sliders change the classes (notebook 06).

    Parameters
    ----------
    noise : array-like of shape (n_samples, d)
        ``z_i``, e.g. ``rng.standard_normal((n_samples, d))``.
    t : array-like of int, shape (n_samples,)
        The class ``k`` of each example, in ``0, ..., K - 1``.
    means : array-like of shape (K, d)
    covariances : array-like of shape (K, d, d)
        Symmetric positive definite.

    Returns
    -------
    ndarray of shape (n_samples, d)
    """
    noise, means = as_matrix(noise, "noise"), as_matrix(means, "means")
    n_classes, dim = means.shape
    covariances = as_covariances(covariances, {(n_classes, dim, dim): ("(K, d, d)", "one per row of means")})
    if noise.shape[1] != dim:
        raise ValueError(f"noise must have d = {dim} columns to match means; got shape {noise.shape}.")
    t = np.asarray(t)
    if t.shape != (noise.shape[0],) or t.dtype.kind not in "iu" or np.any(t < 0) or np.any(t >= n_classes):
        raise ValueError(f"t must hold one class 0..{n_classes - 1} per row of noise; got {t!r}.")
    try:
        factors = np.linalg.cholesky(covariances)
    except np.linalg.LinAlgError:
        raise ValueError("covariances must be symmetric positive definite, e.g. [[1, 0.5], [0.5, 1]].") from None
    X = np.empty(noise.shape)
    for start in range(0, len(noise), _NOISE_BLOCK):        # in blocks: factors[t] is d x d floats per example
        rows = slice(start, start + _NOISE_BLOCK)
        with np.errstate(over="ignore", invalid="ignore"):
            X[rows] = means[t[rows]] + np.einsum("nij,nj->ni", factors[t[rows]], noise[rows])   # mu_k + L_k z_i
    if not np.isfinite(X).all():
        raise ValueError("noise, means and covariances give examples beyond float64's range (about 1.8e308); "
                         "use smaller noise or covariances.")
    return X
