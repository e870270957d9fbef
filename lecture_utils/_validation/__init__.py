"""Shared input checks that fail early with a message a student can act on.

Every public function of the package validates its arguments here, so that bad
input raises a ``ValueError`` or ``TypeError`` naming the argument, what was
expected and how to fix it, instead of a bare numpy error or a silent ``nan``.

One module per kind of argument: ``arrays`` (numbers and their shapes), ``labels``
(class labels) and ``arguments`` (everything else); every check is importable from
``lecture_utils._validation`` itself.
"""

from .arguments import (MAX_BYTES, MAX_DRAWS, MAX_ITERATIONS, _check_real, call_function, check_callable, check_counts,
                        check_draws, check_fitted, check_flag, check_interval, check_iterations, check_non_negative,
                        check_option, check_positive, check_positive_int, check_random_state, check_sequence,
                        check_size, check_unit_interval)
from .arrays import (LARGEST_ENTRY, SMALLEST_ENTRY, _check_table_shape, _object_table, as_categorical_matrix,
                     as_covariances, as_distribution, as_float_array, as_limits, as_matrix, as_positive_array,
                     as_priors, as_probabilities, as_real_array, as_scalar, as_table, as_vector, check_binary,
                     check_broadcast, check_n_features, check_same_shape, check_scale, float_or_array)
from .labels import as_class_labels, as_labels, as_signed_labels, check_known_labels, check_one_kind

__all__ = ["LARGEST_ENTRY", "MAX_BYTES", "MAX_DRAWS", "MAX_ITERATIONS", "SMALLEST_ENTRY", "_check_real",
           "_check_table_shape", "_object_table", "as_categorical_matrix", "as_class_labels", "as_covariances",
           "as_distribution", "as_float_array", "as_labels", "as_limits", "as_matrix", "as_positive_array",
           "as_priors", "as_probabilities", "as_real_array", "as_scalar", "as_signed_labels", "as_table", "as_vector",
           "call_function", "check_binary", "check_broadcast", "check_callable", "check_counts", "check_draws",
           "check_fitted", "check_flag", "check_interval", "check_iterations", "check_known_labels",
           "check_n_features", "check_non_negative", "check_one_kind", "check_option", "check_positive",
           "check_positive_int", "check_random_state", "check_same_shape", "check_scale", "check_sequence",
           "check_size", "check_unit_interval", "float_or_array"]
