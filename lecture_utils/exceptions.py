"""Warnings the package emits for the known failure modes of its algorithms."""


class ConvergenceWarning(UserWarning):
    """An iterative algorithm stopped before it converged.

    Raised, for example, by the perceptron on data that is not linearly
    separable: it stops after ``max_epochs`` with ``converged_ = False``.
    """
