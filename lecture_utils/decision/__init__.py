"""Bayes decision theory: loss matrices, the expected loss, the Bayes decision and the Bayes risk.

Taught in notebook 06 ("Decision theory" to "The Bayes error rate"), following
Arias, UPC topic 2. Notation: classes ``C_1, ..., C_K`` with priors ``p(C_k)``
and class densities ``p(x | C_k)``; the posterior ``p(C_k | x)``; a loss
matrix ``L[a, j]``, the cost of deciding ``a`` when the true class is ``j``
(rows are decisions, columns true classes, as in the lecture's tables). The
expected loss (conditional risk) of decision ``a`` at ``x`` is

    R(a | x) = sum_j L[a, j] p(C_j | x),

and the Bayes decision ``argmin_a R(a | x)`` minimises it. With the 0-1 loss
``L = 1 - I``, ``R(a | x) = 1 - p(C_a | x)``: the Bayes decision is the class
of largest posterior. Averaged over ``x`` it gives the Bayes risk

    R* = integral of min_a sum_j L[a, j] p(C_j) p(x | C_j) dx,

which for the 0-1 loss is the Bayes error rate
``1 - integral of max_k p(C_k) p(x | C_k) dx``: no classifier does better.

One module per job: :mod:`~lecture_utils.decision.rules` (the expected loss and the Bayes decision at a
point, and its thresholds), :mod:`~lecture_utils.decision.risk` (the Bayes risk of known 1-D densities, by
quadrature) and :mod:`~lecture_utils.decision.monte_carlo` (the risk on a sample, and by simulation in any
dimension). Every name is importable from ``lecture_utils.decision`` itself; so are ``_SearchGrid`` and
``_bayes_rule``, for the tests.
"""

from .monte_carlo import MonteCarloRisk, bayes_error_monte_carlo, stratified_risk
from .risk import (MAX_QUADRATURES, MAX_SEARCH_GRID, QUADRATURE_ERROR, BayesRisk1D, _bayes_rule, _SearchGrid,
                   bayes_error_1d, threshold_rule_risk)
from .rules import (REJECT, bayes_decision, expected_loss, gaussian_threshold_1d, posterior_threshold,
                    zero_one_loss)

__all__ = ["REJECT", "zero_one_loss", "expected_loss", "bayes_decision", "posterior_threshold",
           "gaussian_threshold_1d", "QUADRATURE_ERROR", "MAX_SEARCH_GRID", "MAX_QUADRATURES", "BayesRisk1D",
           "bayes_error_1d", "threshold_rule_risk", "MonteCarloRisk", "stratified_risk", "bayes_error_monte_carlo"]
