"""Maximum likelihood estimation: likelihoods, closed-form and numerical MLEs, and the
properties of the MLE shown by simulation.

Taught in notebook 03 ("Maximum likelihood estimation"). Notation: a sample
``x_1, ..., x_N`` drawn i.i.d. from ``p_data``; a model family ``p_model(x; theta)``;
the likelihood ``L(theta) = prod_i p_model(x_i; theta)``; the estimate

    theta_MLE = argmax_theta L(theta) = argmin_theta sum_i -log p_model(x_i; theta)
              = argmin_theta H(p_hat_data, p_model(.; theta))
              = argmin_theta KL(p_hat_data || p_model(.; theta))   (for discrete data).

All logarithms are natural (nats). Every log-likelihood takes the parameter
first and broadcasts over it, so one call evaluates a whole curve over a grid
of candidate values: ``bernoulli_log_likelihood(np.linspace(0, 1, 201), x)``
has shape ``(201,)``. The closed-form MLEs take a sample along the last axis,
so they also estimate from a whole batch of samples at once (as
:func:`simulate_estimates` passes them).

One module per job: :mod:`~lecture_utils.mle.likelihoods` (likelihoods and their maximisers in closed form),
:mod:`~lecture_utils.mle.numerical` (the MLE of any model, numerically),
:mod:`~lecture_utils.mle.posterior` (least squares as an MLE, priors and MAP estimates) and
:mod:`~lecture_utils.mle.simulation` (the properties of the MLE), on the checks of ``_samples``. Every name is
importable from ``lecture_utils.mle`` itself.
"""

from .likelihoods import (bernoulli_likelihood, bernoulli_likelihood_integral, bernoulli_log_likelihood, bernoulli_mle,
                          binary_cross_entropy, categorical_log_likelihood, categorical_mle, empirical_distribution,
                          gaussian_log_likelihood, gaussian_mle, laplace_mle, likelihood_product, log_likelihood_sum,
                          unbiased_variance)
from .numerical import DESCENT_TOLERANCE, NumericalMLE, fit_mle_numerically, negative_log_likelihood
from .posterior import (beta_bernoulli_map, beta_bernoulli_posterior, gaussian_mean_map, least_squares_mle,
                        linear_regression_map)
from .simulation import (bias, cramer_rao_bound_gaussian_mean, exceedance_probability, gaussian_median_variance,
                         mean_squared_error, simulate_estimates)

__all__ = ["empirical_distribution", "likelihood_product", "log_likelihood_sum", "bernoulli_log_likelihood",
           "bernoulli_likelihood", "bernoulli_mle", "bernoulli_likelihood_integral", "categorical_log_likelihood",
           "categorical_mle", "gaussian_log_likelihood", "gaussian_mle", "unbiased_variance", "laplace_mle",
           "binary_cross_entropy", "negative_log_likelihood", "DESCENT_TOLERANCE", "NumericalMLE",
           "fit_mle_numerically", "simulate_estimates", "mean_squared_error", "bias", "exceedance_probability",
           "cramer_rao_bound_gaussian_mean", "gaussian_median_variance", "beta_bernoulli_posterior", "beta_bernoulli_map",
           "gaussian_mean_map", "least_squares_mle", "linear_regression_map"]
