"""The exercises of notebook 04, logistic regression, in the order the notebook asks them.

Split by halves of the notebook: :mod:`~lecture_utils.exercises.logistic.descent` (sections 1-6: the loss, gradient
descent, feature scaling, SGD and when to stop) and :mod:`~lecture_utils.exercises.logistic.penalties` (sections
7-12: the soft perceptron, separable data, softmax, L1 and L2 and their strength). Every exercise is importable from
here.
"""

from . import descent, penalties
from .descent import (score_for_ninety_percent, nll_gradient, steps_promised_by_the_bound,
                      condition_after_standardising, sgd_epoch, patience_stop_epoch, VALIDATION_LOSSES)
from .penalties import (soft_perceptron_step, squared_error_from_zero, separable_weights,
                        large_step_on_separable_data, softmax_gradient, l1_lambda_max, map_l2_strength, best_cv_score)

#: In the order notebook 04 asks them.
EXERCISES = descent.EXERCISES + penalties.EXERCISES
