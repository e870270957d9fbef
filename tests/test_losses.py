"""Surrogate losses against hand values, finite differences and the 0-1 loss they replace."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lecture_utils import losses

MARGINS = np.array([-2.0, -0.5, 0.0, 0.5, 2.0])


def test_values_by_hand():
    np.testing.assert_array_equal(losses.zero_one_loss(MARGINS), [1, 1, 1, 0, 0])
    np.testing.assert_array_equal(losses.perceptron_loss(MARGINS), [2, 0.5, 0, 0, 0])
    np.testing.assert_array_equal(losses.hinge_loss(MARGINS), [3, 1.5, 1, 0.5, 0])
    np.testing.assert_allclose(losses.logistic_loss(0.0), np.log(2), rtol=1e-15)
    np.testing.assert_allclose(losses.logistic_loss(MARGINS), np.log1p(np.exp(-MARGINS)), rtol=1e-14)
    np.testing.assert_allclose(losses.logistic_loss_bits(MARGINS), np.log2(1 + np.exp(-MARGINS)), rtol=1e-14)
    assert losses.logistic_loss_bits(0.0) == pytest.approx(1.0, rel=1e-15)      # log2(2): one bit


def test_in_nats_the_logistic_loss_dips_below_the_step_on_a_short_interval():
    edge = -np.log(np.e - 1)                                 # ln(1 + e^-z) = 1 there
    assert edge == pytest.approx(-0.5413, abs=5e-5)
    z = np.array([edge - 1e-9, edge + 1e-9, 0.0])
    np.testing.assert_array_equal(losses.logistic_loss(z) < losses.zero_one_loss(z), [False, True, True])
    assert np.all(losses.logistic_loss_bits(z) >= losses.zero_one_loss(z))


@pytest.mark.parametrize("loss, derivative", [
    (losses.perceptron_loss, losses.perceptron_loss_derivative),
    (losses.hinge_loss, losses.hinge_loss_derivative),
    (losses.logistic_loss, losses.logistic_loss_derivative),
])
def test_derivatives_match_central_differences_away_from_kinks(loss, derivative):
    z = np.array([-3.1, -1.3, -0.2, 0.3, 0.7, 1.4, 2.9])
    step = 1e-6
    numeric = (loss(z + step) - loss(z - step)) / (2 * step)
    np.testing.assert_allclose(derivative(z), numeric, atol=1e-8)


@given(st.floats(-1e300, 1e300))
def test_logistic_loss_never_overflows(z):
    value = losses.logistic_loss(z)
    assert np.isfinite(value) and value >= 0
    # log(1 + e^-z) lies between max(0, -z) and max(0, -z) + log 2
    assert max(0.0, -z) <= value <= max(0.0, -z) + np.log(2) + 1e-12 * max(1.0, abs(z))


@given(st.floats(-50, 50))
def test_convex_surrogates_bound_the_zero_one_loss(z):
    assert losses.hinge_loss(z) >= losses.zero_one_loss(z)
    assert losses.logistic_loss_bits(z) >= losses.zero_one_loss(z) - 1e-12
    assert losses.perceptron_loss(z) <= losses.hinge_loss(z)
