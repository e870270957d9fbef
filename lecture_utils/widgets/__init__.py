"""Interactive widgets: the algorithm modules' results, drawn by ``plotting``, one module per notebook
(notebook 06 has two: ``decision`` and ``discriminant``).

Every widget follows :class:`FigureWidget`: a Python API that tests can
drive, a matplotlib figure ``.fig``, a one-line text ``.status``, a fast
blitted redraw, and a static picture where no widget frontend runs.
"""

from ._base import FigureWidget
from .decision import LossMatrixExplorer
from .discriminant import GaussianClassesExplorer, RDAExplorer
from .information import CLTExplorer, EntropyExplorer, KLAsymmetryExplorer
from .logistic import LearningRateExplorer, RegularizationExplorer
from .mle import EstimatorExplorer, GaussianLikelihoodExplorer, LikelihoodExplorer
from .newton import Newton1D, NewtonStepper
from .naive_bayes import CorrelationExplorer, PlayTennisExplorer
from .perceptron import PerceptronExplorer, PerceptronStepper

__all__ = [
    "FigureWidget",
    "PerceptronStepper", "PerceptronExplorer",                    # notebook 01
    "EntropyExplorer", "KLAsymmetryExplorer", "CLTExplorer",      # notebook 02
    "LikelihoodExplorer", "EstimatorExplorer", "GaussianLikelihoodExplorer",   # notebook 03
    "Newton1D", "NewtonStepper",                                  # notebook 05
    "LossMatrixExplorer", "GaussianClassesExplorer", "RDAExplorer",   # notebook 06
    "PlayTennisExplorer", "CorrelationExplorer",                  # notebook 07
    "LearningRateExplorer", "RegularizationExplorer",             # notebook 04
]
