"""The exercises of notebook 03, maximum likelihood estimation, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.mle`; each
implement exercise compares the student's function with the package's.
"""

from .likelihoods_and_estimates import (area_under_likelihood, likelihood_above_one, log_likelihood_by_hand,
                                        bernoulli_nll, die_mle, gaussian_by_hand, laplace_by_hand, loss_of_three)
from .properties_and_priors import (four_times_the_data, shrinkage_beats_the_bound, variance_bias_direction,
                                    stable_unbiased_variance, least_squares_noise, covariance_mle,
                                    tail_probability_mle, wald_coverage, map_heads_needed)


#: In the order notebook 03 asks them.
EXERCISES = (area_under_likelihood, likelihood_above_one, log_likelihood_by_hand, bernoulli_nll, die_mle,
             gaussian_by_hand, laplace_by_hand, loss_of_three, four_times_the_data, shrinkage_beats_the_bound,
             variance_bias_direction, stable_unbiased_variance, least_squares_noise, covariance_mle,
             tail_probability_mle, wald_coverage, map_heads_needed)
