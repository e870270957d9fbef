"""Warnings the package emits for the known failure modes of its algorithms."""


class ConvergenceWarning(UserWarning):
    """An iterative algorithm stopped before it converged.

    Raised, for example, by the perceptron on data that is not linearly
    separable: it stops after ``max_epochs`` with ``converged_ = False``.
    """


class DivergenceWarning(ConvergenceWarning):
    """An optimiser diverged: its loss became infinite, nan, or grew far above its start.

    Gradient descent with too large a learning rate, or pure Newton far from
    the minimum, does this. The optimiser stops, sets its ``diverged`` flag
    and keeps the last finite weights; it never returns nan weights.
    """


class SeparationWarning(ConvergenceWarning):
    """The training data are linearly separable, so the unpenalised likelihood has no maximum.

    Scaling separating weights up always lowers the logistic loss, so the
    weights grow without bound for as long as an optimiser runs. An L2
    penalty (``l2 > 0``) gives a finite, unique optimum.
    """


class FoldWarning(UserWarning):
    """A cross-validation fold tests a class that its training part lacks.

    The model fitted on that fold cannot predict the class at all, so its
    score says more about how the folds were cut than about the model: with
    examples sorted by class and ``shuffle=False``, every fold can be like
    that. Shuffle the examples before cutting the folds.
    """
