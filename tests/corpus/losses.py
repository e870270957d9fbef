"""Bad and extreme calls of lecture_utils.losses: nan is no margin, and every loss is exact at any scale."""

import mpmath
import numpy as np

from lecture_utils import losses as L

from . import answers, bad_arrays, case, close, equal, refuses

Z = np.array([-3.0, -0.5, 0.0, 0.5, 3.0])
HUGE = np.array([-1e300, -1e-300, 0.0, 1e-300, 1e300])


def _mp(function):
    """A reference by mpmath at 50 digits, elementwise."""
    mpmath.mp.dps = 50
    return lambda z: np.array([float(function(mpmath.mpf(v))) for v in z])


REFERENCES = {
    "zero_one_loss": lambda z: (z <= 0).astype(float),
    "perceptron_loss": lambda z: np.maximum(0.0, -z),
    "perceptron_loss_derivative": lambda z: -(z <= 0).astype(float),
    "hinge_loss": lambda z: np.maximum(0.0, 1.0 - z),
    "hinge_loss_derivative": lambda z: -(z < 1).astype(float),
    "logistic_loss": _mp(lambda z: mpmath.log1p(mpmath.exp(-z))),
    "logistic_loss_bits": _mp(lambda z: mpmath.log1p(mpmath.exp(-z)) / mpmath.log(2)),
    "logistic_loss_derivative": _mp(lambda z: -1 / (1 + mpmath.exp(z))),
}


def _cases(name):
    function, reference, target = getattr(L, name), REFERENCES[name], f"losses.{name}"
    finite = np.array([-1e300, -1e-300, 1e-300, 1e300]) if "logistic" in name else HUGE
    return [
        *bad_arrays(target, "z", function, Z, kinds=("nan", "string", "none", "ragged")),
        case(target, "nan is no correct prediction", lambda: function([np.nan]), refuses("z", match="nan")),
        case(target, "margins from -1e300 to 1e300", lambda: function(finite),
             answers(close(reference(finite), rtol=1e-14))),
        case(target, "a number", lambda: function(0.5), answers(close(reference(np.array([0.5]))[0], rtol=1e-14))),
        case(target, "an empty array", lambda: function([]), answers(equal(np.empty(0)))),
        case(target, "infinite margins are limits", lambda: function([-np.inf, np.inf]),
             answers(equal(reference(np.array([-np.inf, np.inf]))) if "logistic" not in name
                     else close([np.inf if name != "logistic_loss_derivative" else -1.0,
                                 0.0 if name != "logistic_loss_derivative" else -0.0]), infinite=True)),
    ]


CASES = [case_ for name in REFERENCES for case_ in _cases(name)]
