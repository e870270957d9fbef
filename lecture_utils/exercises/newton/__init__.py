"""The exercises of notebook 05, convexity, Newton's method, IRLS and beyond (line searches,
trust regions, Fisher scoring, the Laplace approximation), in the order the notebook asks them.

Each derive exercise takes its truth from the package (:mod:`lecture_utils.optimization`,
:mod:`lecture_utils.logistic`), independently of the hand solution it stores; each
implement exercise compares the student's function with the package's.
"""

from .convexity_and_newton import (chord_above_parabola, stationary_point_of_a_convex_function, logistic_hessian,
                                   convex_without_a_hessian, newton_on_a_quadratic, steps_to_twelve_digits,
                                   newton_on_sqrt, newton_from_far)
from .irls_and_variants import (working_response_by_hand, irls_by_least_squares, minutes_instead_of_hours,
                                newton_for_the_perceptron, softmax_null_directions, orthant_newton_step,
                                first_cg_iterate, newton_cg_against_cholesky)
from .beyond_newton import dogleg_by_hand, laplace_predictive, probit_information, wolfe_steps


#: In the order notebook 05 asks them.
EXERCISES = (chord_above_parabola, stationary_point_of_a_convex_function, logistic_hessian, convex_without_a_hessian,
             newton_on_a_quadratic, steps_to_twelve_digits, newton_on_sqrt, newton_from_far,
             working_response_by_hand, irls_by_least_squares, minutes_instead_of_hours, newton_for_the_perceptron,
             softmax_null_directions, orthant_newton_step, first_cg_iterate, newton_cg_against_cholesky, wolfe_steps,
             dogleg_by_hand, probit_information, laplace_predictive)
