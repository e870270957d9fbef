"""The exercises of notebook 07, Naive Bayes, in the order the notebook asks them.

Each derive exercise takes its truth from :mod:`lecture_utils.naive_bayes` (or
:mod:`lecture_utils.decision` for two Gaussians), fitted on the play-tennis
days where it asks about them; each implement exercise compares the
student's function with the package's.
"""

from .tables_and_smoothing import (parameter_count, missing_outlook, laplace_table, unseen_value, dirichlet_readings)
from .words_and_numbers import (empty_message, MESSAGES, repeated_word, log_posterior, one_feature_gaussians,
                                temperature_units, copied_feature, still_accurate, recalibrated, few_and_many)


EXERCISES = (parameter_count, missing_outlook, laplace_table, unseen_value, dirichlet_readings, empty_message,
             repeated_word, log_posterior, one_feature_gaussians, temperature_units, copied_feature, still_accurate,
             recalibrated, few_and_many)
