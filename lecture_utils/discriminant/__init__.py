"""Gaussian class-conditional classifiers: the Bayes classifier of Gaussian classes, LDA, QDA and RDA.

Taught in notebook 06 ("Gaussian classes" to "Fisher's direction"), following
Arias, UPC topic 2. Notation: inputs ``x`` in R^d, classes ``C_1, ..., C_K``
with priors ``pi_k``, class densities ``p(x | C_k) = N(x; mu_k, Sigma_k)``,
and ``N`` examples of which ``N_k`` in class ``k``. The discriminant function
of class ``k`` is the joint log-likelihood

    g_k(x) = log p(x, C_k) = log pi_k - 1/2 log|2 pi Sigma_k| - 1/2 Delta_k(x)^2,

with ``Delta_k(x)^2 = (x - mu_k)^T Sigma_k^{-1} (x - mu_k)`` the squared
Mahalanobis distance to the class mean; the posterior ``p(C_k | x)`` is the
softmax of the ``g_k(x)``. Both are computed with a Cholesky factor
``Sigma_k = L_k L_k^T``: ``Delta_k(x) = ||L_k^{-1} (x - mu_k)||`` and
``log|Sigma_k| = 2 sum_j log (L_k)_jj``; no inverse is ever formed.

One function, :func:`gaussian_joint_log_likelihood`, serves known parameters
(the true Bayes classifier) and fitted ones (:class:`LDA`, :class:`QDA`,
:class:`RDA`). The fitted estimates are

    pi_k = N_k / N,    mu_k = (1 / N_k) sum_{x in C_k} x,
    Sigma_k = 1 / (N_k - 1) sum_{x in C_k} (x - mu_k)(x - mu_k)^T          (unbiased),
    Sigma = sum_k (N_k - 1) Sigma_k / (N - K)                               (pooled).

The lecture prints the pooled denominator as ``n - n_k``; it is ``N - K``, the
number of examples less one degree of freedom per estimated mean.

Around them: the exact Bayes error of Gaussian classes in one or two
dimensions (:func:`gaussian_bayes_error`), Box's M test of equal class
covariances (:func:`box_m_test`), RDA's accuracy over a whole grid of
``(alpha, gamma)`` at once (:func:`rda_accuracy_grid`), Fisher's directions and
criterion (:func:`fisher_directions`, :func:`fisher_criterion`), and reduced-rank LDA
(:class:`ReducedRankLDA`), which classifies in the few leading of those directions.

One module per job: :mod:`~lecture_utils.discriminant.gaussian` (the ``g_k(x)`` and posteriors of Gaussian
classes), :mod:`~lecture_utils.discriminant.estimates` (means, covariances, RDA's regularised ones, Box's M),
:mod:`~lecture_utils.discriminant.classifiers` (:class:`RDA`, :class:`QDA`, :class:`LDA`, their parameter
counts), :mod:`~lecture_utils.discriminant.bayes_error`, :mod:`~lecture_utils.discriminant.rda_grid`,
:mod:`~lecture_utils.discriminant.fisher` and :mod:`~lecture_utils.discriminant.reduced_rank`
(:class:`ReducedRankLDA`, LDA in its few leading discriminant coordinates). Every name is importable from
``lecture_utils.discriminant`` itself; so is ``_circle_rule``, for the tests.
"""

from .bayes_error import BayesError, _circle_rule, gaussian_bayes_error
from .classifiers import LDA, QDA, RDA, parameter_counts
from .estimates import BoxM, box_m_test, pooled_covariance, regularized_covariances
from .fisher import fisher_criterion, fisher_directions
from .gaussian import (covariance_from_axes, gaussian_joint_log_likelihood, gaussian_posterior,
                       mahalanobis_distance)
from .rda_grid import MAX_GRID_WORK, rda_accuracy_grid
from .reduced_rank import ReducedRankLDA

__all__ = ["gaussian_joint_log_likelihood", "gaussian_posterior", "mahalanobis_distance", "covariance_from_axes",
           "BayesError", "gaussian_bayes_error", "pooled_covariance", "BoxM", "box_m_test",
           "regularized_covariances", "RDA", "QDA", "LDA", "parameter_counts", "MAX_GRID_WORK", "rda_accuracy_grid",
           "fisher_directions", "fisher_criterion", "ReducedRankLDA"]
