"""Logistic regression: the sigmoid and softmax, the log loss, and linear models fitted by
gradient descent, SGD or Newton's method (IRLS).

Taught in notebook 04 ("Logistic regression", "Gradient descent", "Multi-class",
"Regularisation") and notebook 05 ("IRLS", "Multi-class Newton"). Notation: inputs ``x_i`` with a
constant 1 appended for the bias (the bias is then the *last* weight), targets
``t_i`` in {0, 1} (``t_i = 1`` for ``classes_[1]``), whose sign ``2 t_i - 1`` is the
label in {-1, +1}; weights ``w``; scores ``z_i = x_i^T w`` (the notebooks' ``y(x_i)``);
probabilities ``p_i = sigma(z_i) = p(t = 1 | x_i)``; sample size ``N``. The model minimises
the mean negative log-likelihood plus penalties on the coefficients (never the bias):

    E(w) = (1/N) sum_i -[t_i log p_i + (1 - t_i) log(1 - p_i)] + l2/2 ||w||^2 + l1 ||w||_1
         = (1/N) sum_i log(1 + exp(-(2 t_i - 1) z_i))           + l2/2 ||w||^2 + l1 ||w||_1

with, for the smooth part,

    grad E(w) = (1/N) sum_i (p_i - t_i) x_i + l2 w = X^T (p - t) / N + l2 w
    H(w)      = (1/N) sum_i s_i x_i x_i^T + l2 I = X^T S X / N + l2 I,  s_i = p_i (1 - p_i), S = diag(s_i).

The softmax model's Hessian has a block for each pair of classes (k, l),
``(1/N) sum_i p_ik (delta_kl - p_il) x_i x_i^T``, and is singular: adding one
vector to every class's weights changes no probability. Newton's method for
it works on the weights whose classes sum to zero (:class:`SoftmaxRegression`).

Arias (UPC topic 2) prints the gradient as ``sum_i (t_i - p_i) x_i``: that is the
gradient of the log-likelihood, not of its negative. scikit-learn's ``C`` is
``1 / (N l2)`` (``1 / (N l1)`` for its L1 penalty).

One module per job: :mod:`~lecture_utils.logistic.links` (the sigmoid, the softmax and the log loss),
:mod:`~lecture_utils.logistic.objectives` (the losses the models minimise, with gradient and Hessian),
:mod:`~lecture_utils.logistic.classifiers` (:class:`LogisticRegression`, :class:`SoftmaxRegression`),
:mod:`~lecture_utils.logistic.newton` (IRLS, and the softmax's Newton coordinates),
:mod:`~lecture_utils.logistic.glm` (Fisher scoring for the logit and probit links),
:mod:`~lecture_utils.logistic.laplace` (Bayesian logistic regression by the Laplace approximation) and
:mod:`~lecture_utils.logistic.paths` (loss surfaces, descent and regularisation paths, for the figures), on
the design matrix of ``_design``. Every name is importable from ``lecture_utils.logistic`` itself; so is
``_SumToZero``, for the tests.
"""

from .classifiers import LogisticRegression, SoftmaxRegression
from .glm import LINKS, fisher_scoring, glm_information
from .laplace import BayesianLogisticRegression, probit_approximation
from .links import log_loss, log_sigmoid, log_softmax, logit, sigmoid, softmax
from .newton import _SumToZero, irls_step, working_response
from .objectives import LogisticLoss, SoftmaxLoss, learning_rate_bound
from .paths import (MAX_PATH, DescentPath, RegularizationPath, descent_path, descent_paths, loss_grid, loss_surface,
                    regularization_path)

__all__ = ["sigmoid", "logit", "log_sigmoid", "softmax", "log_softmax", "log_loss",
           "LogisticLoss", "SoftmaxLoss", "learning_rate_bound",
           "LogisticRegression", "SoftmaxRegression",
           "working_response", "irls_step", "fisher_scoring", "glm_information", "LINKS",
           "BayesianLogisticRegression", "probit_approximation",
           "loss_surface", "loss_grid", "DescentPath", "descent_path", "descent_paths", "RegularizationPath",
           "MAX_PATH", "regularization_path"]
