"""Recalibration: a classifier's scores turned into probabilities that mean what they say.

Taught in notebook 07, "Correlated features and calibration". A model can rank
examples well and still be over-confident (Naive Bayes with correlated
features says 0.999 where 0.9 would be right). A *calibrator* is fitted on a
set of examples the model was not trained on: the model's score ``s`` of each,
and its target ``t`` in {0, 1}. Then ``p(t = 1 | s)`` is read off the
calibrator instead of the model.

- :class:`PlattScaling` (Platt 1999) assumes the log-odds are linear in the
  score: ``p = sigma(a s + b)``, a logistic regression on one input. With
  Platt's targets (``(N_+ + 1) / (N_+ + 2)`` for positives, ``1 / (N_- + 2)``
  for negatives, rather than 1 and 0) the fit never runs off to infinity, even
  where the scores separate the classes.
- :class:`IsotonicCalibration` assumes only that ``p`` does not fall as ``s``
  rises: the least-squares fit of the targets by a non-decreasing step
  function, found by the pool-adjacent-violators algorithm. More flexible, so
  it needs more calibration examples.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy.special import expit, log_expit, logit

from ._base import Estimator
from ._numerics import scaled, unscale
from ._validation import as_float_array, as_labels, check_binary, check_fitted, check_flag, check_same_shape
from .exceptions import SeparationWarning
from .optimization import newton


def _scores_and_targets(scores, t) -> tuple[np.ndarray, np.ndarray]:
    scores = as_float_array(scores, "scores")
    if scores.ndim != 1 or scores.size == 0:
        raise ValueError(f"scores must be a non-empty 1-D array, one score per example; got shape {scores.shape}. "
                         "For a model's probabilities of the positive class pass predict_proba(X)[:, 1].")
    t = check_binary(as_labels(t, "t"), "t", "Give t = 1 for the class whose probability is calibrated.")
    check_same_shape(t, scores, "t", "scores")
    if t.min() == t.max():
        raise ValueError("t must hold both classes: a calibration set of one class says nothing about the other.")
    return scores, t.astype(float)


def _checked_scores(scores) -> np.ndarray:
    scores = as_float_array(scores, "scores")
    if scores.ndim != 1:
        raise ValueError(f"scores must be a 1-D array, one score per example; got shape {scores.shape}.")
    return scores


class PlattScaling(Estimator):
    """``p(t = 1 | s) = sigma(a s + b)``, fitted to the scores of a calibration set.

    ``a`` and ``b`` minimise the mean cross-entropy
    ``-(1/N) sum_i [T_i log sigma(z_i) + (1 - T_i) log sigma(-z_i)]``,
    ``z_i = a s_i + b``, by damped Newton's method: gradient
    ``(1/N) sum_i (sigma(z_i) - T_i) (s_i, 1)``, Hessian
    ``(1/N) sum_i sigma(z_i) (1 - sigma(z_i)) (s_i, 1)(s_i, 1)^T``. The targets
    ``T_i`` are Platt's (see the module's docstring), or 0 and 1 with
    ``platt_targets=False`` (then scores that separate the classes have no
    finite fit). The scores are standardised for the fit and ``a``, ``b``
    converted back, so that their scale does not matter.

    Parameters
    ----------
    platt_targets : bool

    Attributes
    ----------
    a_, b_ : float
    """

    def __init__(self, platt_targets=True):
        self.platt_targets = platt_targets

    def fit(self, scores, t):
        """Fit ``a_`` and ``b_`` to ``scores`` (N,) and targets ``t`` (N,) in {0, 1}."""
        scores, t = _scores_and_targets(scores, t)
        if check_flag(self.platt_targets, "platt_targets"):
            positives = t.sum()
            t = np.where(t == 1, (positives + 1) / (positives + 2), 1 / (len(t) - positives + 2))
        elif scores[t == 0].max() < scores[t == 1].min():
            warnings.warn("The scores separate the calibration set's classes: with targets 0 and 1 the best a is "
                          "infinite, and the fit stops where the gradient has vanished, at a steep step. Platt's "
                          "targets (platt_targets=True) keep a finite.", SeparationWarning, stacklevel=2)
        scores, e = scaled(scores)                                            # exactly, to sizes below 1
        centre, spread = scores.mean(), scores.std()
        if spread == 0:                                  # one score for all: the best is the mean target, a = 0
            self.a_, self.b_ = 0.0, float(logit(t.mean()))
            return self
        u = np.c_[(scores - centre) / spread, np.ones_like(scores)]            # standardised score and bias

        def loss(w):
            z = u @ w
            return -np.mean(t * log_expit(z) + (1 - t) * log_expit(-z))

        def gradient(w):
            return u.T @ (expit(u @ w) - t) / len(t)

        def hessian(w):
            p = expit(u @ w)
            return (u * (p * (1 - p))[:, None]).T @ u / len(t)

        slope, intercept = newton(loss, gradient, hessian, np.zeros(2), tol=1e-12, line_search=True).w
        self.a_ = float(unscale(slope / spread, -e))
        self.b_ = float(intercept - slope * centre / spread)
        return self

    def predict(self, scores) -> np.ndarray:
        """The calibrated ``p(t = 1 | s)`` of each score, shape (N,)."""
        check_fitted(self, "a_")
        with np.errstate(over="ignore", invalid="ignore"):
            z = self.a_ * _checked_scores(scores) + self.b_
        return expit(np.nan_to_num(z, nan=0.0))                 # inf * 0 (a = 0 at an infinite score): the prior


class IsotonicCalibration(Estimator):
    """The non-decreasing step function of the score that fits the targets best in least squares.

    Pool adjacent violators: sort the examples by score (equal scores pooled
    into one point weighted by their number, with their mean target); walk
    along them, and whenever a point's value is below the block before it,
    merge the two blocks into one whose value is their weighted mean, and
    look back again. Each block's value is the fraction of positives in it.
    Between the scores seen the function is interpolated linearly; beyond
    them it keeps its end values (scikit-learn's ``IsotonicRegression`` with
    ``out_of_bounds="clip"``).

    Attributes
    ----------
    thresholds_ : ndarray
        The distinct calibration scores, sorted.
    values_ : ndarray
        The fitted ``p(t = 1 | s)`` at each.
    """

    def fit(self, scores, t):
        """Fit the step function to ``scores`` (N,) and targets ``t`` (N,) in {0, 1}."""
        scores, t = _scores_and_targets(scores, t)
        thresholds, point, counts = np.unique(scores, return_inverse=True, return_counts=True)
        means = np.bincount(point, weights=t) / counts                # equal scores pooled
        self.thresholds_, self.values_ = thresholds, _pool_adjacent_violators(means, counts.astype(float))
        return self

    def predict(self, scores) -> np.ndarray:
        """The calibrated ``p(t = 1 | s)`` of each score, shape (N,)."""
        check_fitted(self, "values_")
        scores = _checked_scores(scores)
        if np.isnan(scores).any():
            raise ValueError("scores must not hold nan: a step function of the score has no value there.")
        return np.interp(scores, self.thresholds_, self.values_)


def _pool_adjacent_violators(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The non-decreasing sequence closest to ``values`` in weighted least squares (the PAV algorithm)."""
    block_values, block_weights, block_sizes = [], [], []
    for value, weight in zip(values, weights):
        block_values.append(value)
        block_weights.append(weight)
        block_sizes.append(1)
        while len(block_values) > 1 and block_values[-2] > block_values[-1]:     # a violator: pool the two
            weight = block_weights[-2] + block_weights[-1]
            block_values[-2] = (block_values[-2] * block_weights[-2] + block_values[-1] * block_weights[-1]) / weight
            block_weights[-2], block_sizes[-2] = weight, block_sizes[-2] + block_sizes[-1]
            del block_values[-1], block_weights[-1], block_sizes[-1]
    return np.repeat(block_values, block_sizes)
