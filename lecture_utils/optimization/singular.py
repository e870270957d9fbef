"""When a symmetric matrix (a Hessian) is singular, by one rule on every machine, and solving by that rule.

When is a Hessian singular? By an explicit rule, the same on every machine:
scaled to a unit diagonal (``S H S`` with ``S_jj`` the power of two nearest
``1 / sqrt|H_jj|``: exact, and by Sylvester's law of inertia it keeps the signs
of the eigenvalues, so the zero ones too), ``H`` is singular when its eigenvalue
nearest 0 is at most :data:`SINGULAR_RTOL` times its largest in size, and
positive definite when its smallest eigenvalue is above that. Round-off moves
those eigenvalues by about ``D`` machine epsilons of the largest, a thousand
times less than the threshold, so that only a matrix within a hair of the
threshold itself could be judged differently by two BLAS kernels. (LAPACK's
warning of an ill-conditioned system compares an *estimate* of the condition
with the machine epsilon, where an exactly singular matrix computed in
floating point lands: which side it falls on is a matter of round-off.)

:func:`_solve_symmetric` solves by the rule (Newton's step, standard errors), and
:func:`_scaled_eigenvalues` gives the eigenvalues it judges (the second-order test, the quadratic model).
"""

from __future__ import annotations

import warnings

import numpy as np
import scipy.linalg


#: A symmetric matrix scaled to a unit diagonal is singular when its eigenvalue nearest 0 is at most this
#: share of its largest eigenvalue in size (see the module's docstring): a condition number above 1e12.
SINGULAR_RTOL = 1e-12


def _unit_diagonal(matrix: np.ndarray) -> np.ndarray:
    """``s_j``: the power of two nearest ``1 / sqrt|A_jj|`` (1 where ``A_jj = 0``), so that ``S A S`` has a
    diagonal near 1. Scaling by powers of two is exact, and weights on very different scales (a feature in
    units of 1e100 beside the bias) then give a matrix whose rows are alike in size."""
    diagonal = np.abs(np.diag(matrix))
    return np.where(diagonal > 0, np.ldexp(1.0, -np.frexp(np.sqrt(diagonal))[1]), 1.0)


def _scaled_eigenvalues(matrix: np.ndarray) -> np.ndarray:
    """The eigenvalues, ascending, of the symmetric ``matrix`` scaled to a unit diagonal, ``S A S``."""
    s = _unit_diagonal(matrix)
    return np.linalg.eigvalsh(s[:, None] * matrix * s)


def _is_singular(eigenvalues: np.ndarray) -> bool:
    """The rule of the module's docstring: the eigenvalue nearest 0 within SINGULAR_RTOL of the largest."""
    sizes = np.abs(eigenvalues)
    return bool(sizes.max() == 0 or sizes.min() <= SINGULAR_RTOL * sizes.max())


def _solve_symmetric(matrix, rhs) -> np.ndarray | None:
    """Solve ``A x = b`` for a symmetric ``A`` (never inverting it); None if ``A`` is singular by the rule of the
    module's docstring, or not finite.

    Solved as ``(S A S) y = S b``, ``x = S y``, with ``S`` the scaling to a unit diagonal, by an
    ``LDL^T`` factorisation (``A`` may be indefinite). ``b`` may have several columns.
    """
    if not (np.all(np.isfinite(matrix)) and np.all(np.isfinite(rhs))):
        return None
    if _is_singular(_scaled_eigenvalues(matrix)):
        return None
    s = _unit_diagonal(matrix)
    scale = s[:, None] if np.ndim(rhs) == 2 else s
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)   # decided above by the explicit rule
        return scale * scipy.linalg.solve(s[:, None] * matrix * s, scale * rhs, assume_a="sym")


def _newton_direction(hessian, gradient):
    """Solve ``H d = grad E`` (never invert ``H``); None if ``H`` is singular by the rule of the module's docstring."""
    return _solve_symmetric(hessian, gradient)
