"""The exercises of notebook 05, sections 19-22: the Wolfe conditions, a trust region, Fisher scoring for a GLM
and the Laplace approximation."""

from __future__ import annotations

import numpy as np

from ...optimization import wolfe_conditions
from .._core import Derive


# ---------------------------------------------------------------- section 19

#: phi(a) = E(w + a p) = (a - 2)^2 + 1 along the exercise's direction, and its Wolfe constants.
_C1_WOLFE, _C2_WOLFE = 0.25, 0.5


def _phi(a):
    return (np.asarray(a, dtype=float)[0] - 2.0) ** 2 + 1.0


def _phi_slope(a):
    return 2.0 * (np.asarray(a, dtype=float) - 2.0)


def _wolfe_interval():
    """The smallest and largest step meeting both Wolfe conditions on phi, by bisection of the package's check."""
    def both(step):
        return all(wolfe_conditions(_phi, _phi_slope, 0.0, 1.0, step, _C1_WOLFE, _C2_WOLFE))

    inside = 2.0                                             # the lowest point of phi meets both
    ends = []
    for outside in (1e-9, 10.0):
        low, high = outside, inside
        for _ in range(80):
            middle = (low + high) / 2
            low, high = (low, middle) if both(middle) else (middle, high)
        ends.append(high if outside < inside else low)
    return np.round(ends, 12)                                 # the bisection leaves a few ulps


wolfe_steps = Derive(
    "the steps that meet the Wolfe conditions",
    r"""
**$[1, 3]$.** Here $\phi(0) = 5$ and $\phi'(\alpha) = 2(\alpha - 2)$, so $\phi'(0) = -4$.

*Sufficient decrease*, $\phi(\alpha) \le \phi(0) + c_1\alpha\,\phi'(0)$:
$(\alpha - 2)^2 + 1 \le 5 - \alpha$, that is $\alpha^2 - 3\alpha \le 0$, so $0 \le \alpha \le 3$. Steps longer than 3 lower
the loss by less than a quarter of what the first slope promises (beyond 4 they raise it).

*Curvature*, $\phi'(\alpha) \ge c_2\,\phi'(0)$: $2(\alpha - 2) \ge -2$, so $\alpha \ge 1$. Shorter steps stop where the loss
still falls steeply: a step that short would have been worth taking longer.

Both hold for $1 \le \alpha \le 3$. The exact minimiser along the line, $\alpha = 2$, is in the middle; the strong Wolfe
conditions, $|\phi'(\alpha)| \le c_2|\phi'(0)|$, give the same interval here, since $\phi'$ reaches $+2$ only at $\alpha = 3$.
""",
    truth=_wolfe_interval,
    answer=[1.0, 3.0], what="[smallest step, largest step]", example="[0.5, 2.5]",
    praise="Armijo: (a - 2)^2 + 1 <= 5 - a for 0 <= a <= 3; curvature: 2(a - 2) >= -2 for a >= 1.",
    slips=[(lambda: [0.0, 3.0], "That is the sufficient-decrease condition alone. The curvature condition also "
                                "refuses steps that stop while the slope is still steep: phi'(a) >= c2 phi'(0)."),
           (lambda: [1.0, 4.0], "4 is where phi returns to phi(0): the decrease condition asks for more than a "
                                "lower loss, a fall of at least c1 a |phi'(0)|."),
           (lambda: [1.5, 2.0], "c1 and c2 are swapped: c1 = 1/4 belongs to the decrease "
                                "condition, c2 = 1/2 to the curvature condition."),
           (lambda: [0.0, 1.0], "Check the direction of the curvature condition: the slope at the step must have "
                                "risen to at least c2 times the first slope, phi'(a) >= c2 phi'(0), with phi'(0) < 0.")],
    advice="Write phi(0) and phi'(0); solve each condition as an inequality in alpha, then intersect.",
    names=("smallest", "largest"),
)
