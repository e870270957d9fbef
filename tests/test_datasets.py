"""Bundled data (checksums, contents, packaging) and the synthetic generators."""

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer as sklearn_breast_cancer
from sklearn.datasets import load_iris as sklearn_iris

from lecture_utils import datasets

ROOT = Path(__file__).resolve().parent.parent


def test_iris_matches_scikit_learn_copy():
    ours, reference = datasets.load_iris(), sklearn_iris()
    np.testing.assert_array_equal(ours.X, reference.data)
    np.testing.assert_array_equal(ours.y, reference.target)
    assert ours.target_names == tuple(reference.target_names)
    assert len(ours.feature_names) == 4


def test_breast_cancer_matches_scikit_learn_copy():
    ours, reference = datasets.load_breast_cancer(), sklearn_breast_cancer()
    np.testing.assert_array_equal(ours.X, reference.data)
    np.testing.assert_array_equal(ours.y, reference.target)               # 0 malignant, 1 benign
    assert ours.target_names == tuple(reference.target_names) == ("malignant", "benign")
    assert ours.feature_names == tuple(name.replace(" ", "_") for name in reference.feature_names)
    assert np.bincount(ours.y).tolist() == [212, 357]


def test_play_tennis_is_the_lectures_table():
    data = datasets.load_play_tennis()
    assert data.X.shape == (14, 4) and data.X.dtype.kind == "U"
    assert data.feature_names == ("outlook", "temperature", "humidity", "wind")
    assert (data.y == "Yes").sum() == 9 and (data.y == "No").sum() == 5   # lecture 001
    assert list(data.X[0]) == ["Sunny", "Hot", "High", "Weak"] and data.y[0] == "No"
    assert list(data.X[13]) == ["Rain", "Mild", "High", "Strong"] and data.y[13] == "No"
    assert set(data.X[:, 0]) == {"Sunny", "Overcast", "Rain"}


def test_readme_lists_the_checksums_the_loaders_verify():
    readme = (ROOT / "datasets" / "README.md").read_text()
    listed = dict(re.findall(r"`([\w.]+\.csv)`[^\n]*?`([0-9a-f]{64})`", readme))
    assert listed == datasets.SHA256


def test_a_modified_file_is_refused(tmp_path, monkeypatch):
    copy = tmp_path / "iris.csv"
    copy.write_bytes(datasets.data_path("iris.csv").read_bytes().replace(b"5.1", b"5.2", 1))
    monkeypatch.setattr(datasets, "data_path", lambda name: copy)
    with pytest.raises(RuntimeError, match="corrupted or was modified"):
        datasets.load_iris()


def test_unknown_file_is_named():
    with pytest.raises(ValueError, match="filename must be one of"):
        datasets.data_path("titanic.csv")


def test_installed_wheel_carries_the_data(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv", ".git", "notebooks", "*.pyc"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path / "dist"), str(source)], check=True)
    wheel, = (tmp_path / "dist").glob("lecture_utils-*.whl")
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    assert (tmp_path / "site" / "lecture_utils" / "_data" / "iris.csv").is_file()
    # import from the unpacked wheel only: there is no datasets/ folder to fall back on
    code = "from lecture_utils.datasets import load_iris, load_play_tennis; print(load_iris().X.shape, load_play_tennis().X.shape)"
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(tmp_path / "site")}, check=True)
    assert result.stdout.strip() == "(150, 4) (14, 4)"


@pytest.mark.parametrize("n_samples, margin, seed", [(2, 0.3, 0), (40, 0.1, 1), (1000, 0.0, 2), (500, 0.5, 3)])
def test_make_separable_keeps_its_margin(n_samples, margin, seed):
    data = datasets.make_separable(n_samples, margin, random_state=seed)
    assert data.X.shape == (n_samples, 2) and set(np.unique(data.y)) == {-1, 1}
    assert np.all(np.abs(data.X) <= 1)
    w, b = data.w_star[:2], data.w_star[2]
    assert np.linalg.norm(w) == pytest.approx(1.0)
    distances = data.y * (data.X @ w + b)          # signed distance to the generating line
    assert distances.min() >= margin and distances.min() == pytest.approx(data.margin)
    again = datasets.make_separable(n_samples, margin, random_state=seed)
    np.testing.assert_array_equal(data.X, again.X)


@pytest.mark.parametrize("kwargs, message", [
    ({"margin": 0.7}, "margin must lie in \\[0, 0.5\\]"),
    ({"n_samples": 1}, "n_samples must be at least 2"),
    ({"n_samples": 2.5}, "n_samples must be an integer"),
])
def test_make_separable_rejects_bad_arguments(kwargs, message):
    with pytest.raises((ValueError, TypeError), match=message):
        datasets.make_separable(**kwargs)


def test_make_gaussian_classes_draws_the_given_moments():
    means = [[0.0, 0.0], [3.0, -1.0]]
    covariances = [[[1.0, 0.5], [0.5, 2.0]], [[0.3, 0.0], [0.0, 0.3]]]
    data = datasets.make_gaussian_classes(means, covariances, n_per_class=20_000, random_state=0)
    assert data.X.shape == (40_000, 2) and np.bincount(data.y).tolist() == [20_000, 20_000]
    for k in range(2):
        sample = data.X[data.y == k]
        # standard errors are about 0.01 for means and 0.02 for covariances at n = 20 000
        np.testing.assert_allclose(sample.mean(axis=0), means[k], atol=0.05)
        np.testing.assert_allclose(np.cov(sample.T), covariances[k], atol=0.08)


def test_make_gaussian_classes_draws_what_numpys_multivariate_normal_draws_by_cholesky():
    means, covariances = [[0.0, 1.0], [2.0, -1.0]], [[[1.0, 0.6], [0.6, 2.0]], [[0.5, 0.0], [0.0, 0.1]]]
    data = datasets.make_gaussian_classes(means, covariances, n_per_class=[7, 5], random_state=3)
    rng = np.random.default_rng(3)
    expected = np.vstack([rng.multivariate_normal(m, c, size=n, method="cholesky")
                          for m, c, n in zip(means, covariances, [7, 5])])
    np.testing.assert_array_equal(data.X, expected)      # bit for bit, by the factor that is unique


def test_a_singular_covariance_keeps_its_points_on_its_line():
    # Sigma = v v^T with v = (1, 2): every point is mu + z v, so x_2 - mu_2 = 2 (x_1 - mu_1) exactly up to round-off
    data = datasets.make_gaussian_classes([[1.0, -1.0]], [[[1.0, 2.0], [2.0, 4.0]]], n_per_class=1000, random_state=0)
    offsets = data.X - [1.0, -1.0]
    np.testing.assert_allclose(offsets[:, 1], 2 * offsets[:, 0], rtol=0, atol=1e-14 * np.abs(offsets).max())
    assert np.std(offsets[:, 0]) == pytest.approx(1.0, rel=0.1)


@pytest.mark.parametrize("covariances, n_per_class, message", [
    ([[[1.0]], [[1.0]]], 5, "covariances must have shape"),
    ([[[1.0, 2.0], [2.0, 1.0]], np.eye(2)], 5, "covariances\\[0\\] must be positive semi-definite"),
    ([np.eye(2), np.eye(2)], 0, "n_per_class must be an integer >= 1"),
])
def test_make_gaussian_classes_rejects_bad_arguments(covariances, n_per_class, message):
    with pytest.raises(ValueError, match=message):
        datasets.make_gaussian_classes([[0.0, 0.0], [1.0, 1.0]], covariances, n_per_class)


def test_gaussian_classes_from_noise_puts_each_point_at_the_noises_mahalanobis_distance():
    from scipy.spatial.distance import mahalanobis

    rng = np.random.default_rng(2)
    means = np.array([[0.0, 1.0], [-2.0, 0.5]])
    covariances = np.array([[[2.0, 0.6], [0.6, 0.5]], [[0.3, -0.1], [-0.1, 1.5]]])
    noise, t = rng.standard_normal((50, 2)), rng.integers(0, 2, 50)
    X = datasets.gaussian_classes_from_noise(noise, t, means, covariances)
    distances = [mahalanobis(x, means[k], np.linalg.inv(covariances[k])) for x, k in zip(X, t)]
    np.testing.assert_allclose(distances, np.linalg.norm(noise, axis=1), rtol=1e-10)


def test_gaussian_classes_from_noise_draws_the_given_moments():
    means = np.array([[1.0, -1.0], [0.0, 2.0]])
    covariances = np.array([[[1.0, 0.5], [0.5, 2.0]], [[0.3, 0.0], [0.0, 0.3]]])
    t = np.repeat([0, 1], 20_000)
    X = datasets.gaussian_classes_from_noise(np.random.default_rng(0).standard_normal((40_000, 2)), t, means,
                                             covariances)
    for k in range(2):                       # standard errors about 0.01 (means) and 0.02 (covariances)
        np.testing.assert_allclose(X[t == k].mean(axis=0), means[k], atol=0.05)
        np.testing.assert_allclose(np.cov(X[t == k].T), covariances[k], atol=0.08)


@pytest.mark.parametrize("t, covariances, message", [
    ([0, 2], [np.eye(2), np.eye(2)], "t must hold one class 0..1"),
    ([0, 1], [np.eye(3), np.eye(3)], "covariances must have shape"),
    ([0, 1], [[[1.0, 2.0], [2.0, 1.0]], np.eye(2)], "positive definite"),
])
def test_gaussian_classes_from_noise_rejects_bad_arguments(t, covariances, message):
    with pytest.raises(ValueError, match=message):
        datasets.gaussian_classes_from_noise(np.zeros((2, 2)), t, [[0.0, 0.0], [1.0, 1.0]], covariances)
