"""Bad and extreme calls of lecture_utils.calibration."""

import numpy as np
from sklearn.isotonic import IsotonicRegression

from lecture_utils import SeparationWarning
from lecture_utils import calibration as C

from . import answers, bad_arrays, case, close, refuses, satisfies

RNG = np.random.default_rng(0)
S = RNG.normal(size=60)
T = (S + RNG.normal(size=60) > 0).astype(int)


def _calibrator_cases(name: str, make):
    target = f"calibration.{name}"
    fitted = make().fit(S, T)
    return [
        *bad_arrays(f"{target}.fit", "scores", lambda value: make().fit(value, T), S,
                    kinds=("nan", "inf", "string", "none")),
        case(f"{target}.fit", "empty scores", lambda: make().fit([], []), refuses("scores")),
        case(f"{target}.fit", "2-D scores", lambda: make().fit(np.c_[S, S], T), refuses("scores")),
        case(f"{target}.fit", "t of -1/+1", lambda: make().fit(S, 2 * T - 1), refuses("t")),
        case(f"{target}.fit", "t too short", lambda: make().fit(S, T[:-1]), refuses("t")),
        case(f"{target}.fit", "one class", lambda: make().fit(S, np.ones(len(S))), refuses("t")),
        case(f"{target}.fit", "text t", lambda: make().fit(S, np.where(T, "yes", "no")), refuses("t")),
        case(f"{target}.predict", "unfitted", lambda: make().predict(S), refuses("fit")),
        case(f"{target}.predict", "nan in scores", lambda: fitted.predict(np.r_[np.nan, S]), refuses("scores")),
        case(f"{target}.predict", "2-D scores", lambda: fitted.predict(np.c_[S, S]), refuses("scores")),
        case(f"{target}.predict", "probabilities", lambda: fitted.predict(np.linspace(-1e300, 1e300, 7)),
             answers(satisfies(lambda p: np.all((0 <= p) & (p <= 1)) and np.all(np.diff(p) >= 0),
                               "non-decreasing probabilities"))),
        case(f"{target}.fit", "scores at scale 1e300", lambda: make().fit(S * 1e300, T).predict(S * 1e300),
             answers(close(lambda: make().fit(S, T).predict(S), rtol=1e-9))),
        case(f"{target}.fit", "scores at scale 1e-300", lambda: make().fit(S * 1e-300, T).predict(S * 1e-300),
             answers(close(lambda: make().fit(S, T).predict(S), rtol=1e-9))),
    ]


CASES = [
    *_calibrator_cases("PlattScaling", C.PlattScaling),
    case("calibration.PlattScaling.fit", "platt_targets='no'", lambda: C.PlattScaling(platt_targets="no").fit(S, T),
         refuses("platt_targets")),
    case("calibration.PlattScaling.fit", "separating scores, targets 0 and 1",
         lambda: C.PlattScaling(platt_targets=False).fit([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1]),
         answers(satisfies(lambda m: np.isfinite(m.a_) and m.a_ > 0, "a steep, finite slope"),
                 warns=SeparationWarning)),
    case("calibration.PlattScaling.fit", "one distinct score",
         lambda: C.PlattScaling().fit(np.zeros(6), [0, 0, 0, 1, 1, 0]).predict([0.0]),
         answers(close([(2 + 1) / (2 + 2) * 2 / 6 + 1 / (4 + 2) * 4 / 6], rtol=1e-9))),
    *_calibrator_cases("IsotonicCalibration", C.IsotonicCalibration),
    case("calibration.IsotonicCalibration.fit", "as scikit-learn's isotonic regression",
         lambda: C.IsotonicCalibration().fit(S, T).predict(np.linspace(-3, 3, 25)),
         answers(close(lambda: IsotonicRegression(out_of_bounds="clip").fit(S, T).predict(np.linspace(-3, 3, 25)),
                       atol=1e-12))),
]
