"""The widget of notebook 06's decision theory: a loss matrix moving the Bayes threshold between two 1-D
Gaussian classes."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import plotting
from .._validation import as_vector, check_positive_int, check_scale, check_unit_interval
from ..decision import posterior_threshold, zero_one_loss
from ..decision.risk import _bayes_rule, _regions_risk, _risks_from_joint, _SearchGrid
from ..discriminant import gaussian_joint_log_likelihood
from ._base import FigureWidget, labelled_slider, set_slider

#: The figure's size in inches (100 px on screen each): with a row of controls and the status line, the
#: widget fits the 600 px of height and 930 px of width of a notebook on a 1366 x 768 screen.
LOSS_FIGSIZE = (9.3, 3.5)
#: The most points of LossMatrixExplorer's curves: five times the pixels across a panel, drawn in about a second.
MAX_GRID = 10_000


def _regions_text(result, decision: int, name: str) -> str:
    """Where ``result`` (a BayesRisk1D) takes ``decision``, e.g. ``"x > 0.195"`` or ``"x < -1.2 or x > 3.4"``."""
    parts = []
    for low, high, chosen in result.regions:
        if chosen != decision:
            continue
        if np.isinf(low) and np.isinf(high):
            return "everywhere"
        parts.append(f"x < {high:.3f}" if np.isinf(low) else f"x > {low:.3f}" if np.isinf(high)
                     else f"{low:.3f} < x < {high:.3f}")
    return " or ".join(parts) if parts else f"nowhere ({name} is never decided)"


class LossMatrixExplorer(FigureWidget):
    """Two 1-D Gaussian classes and a loss matrix: how the costs move the Bayes threshold (notebook 06, section 3).

    Class 0 ("healthy") is ``N(mu_0, sigma_0^2)``, class 1 ("sick")
    ``N(mu_1, sigma_1^2)``; the loss matrix is ``L = [[0, miss], [false alarm, 0]]``
    with rows the decision and columns the truth. The left panel shows
    ``p(C_k) p(x | C_k)`` with the mistakes of the Bayes rule shaded: missed
    sick patients (class 1 decided healthy) and false alarms. The right panel
    shows the expected loss of each decision, ``R(a | x) = sum_j L[a, j] p(C_j | x)``;
    the Bayes rule takes the smaller, and the threshold is where they cross,
    at ``p(C_1 | x) = L[1, 0] / (L[1, 0] + L[0, 1])``. The status compares the
    Bayes risk with the cost of the 0-1 loss's threshold under the same costs.

    Parameters
    ----------
    means, sigmas : (float, float)
        ``mu_0, mu_1`` and ``sigma_0, sigma_1 > 0``.
    miss_cost, false_alarm_cost : float
        Initial ``L[0, 1]`` and ``L[1, 0]``, from 1 to ``max_cost``.
    prior : float
        Initial ``p(C_1)``, from 0.05 to 0.95.
    class_names : (str, str)
    max_cost : int
    n_grid : int
        Points of the grid over ``x`` on which the curves are drawn, from 2 to :data:`MAX_GRID`.

    Attributes
    ----------
    miss_slider, false_alarm_slider : ipywidgets.IntSlider
        The costs of the two mistakes.
    prior_slider : ipywidgets.FloatSlider
        ``p(C_1)``.
    x : ndarray of shape (n_grid,)
    result : BayesRisk1D
        The Bayes rule shown: its risk, thresholds and regions.
    """

    def __init__(self, means=(0.0, 2.0), sigmas=(1.0, 1.0), miss_cost=50, false_alarm_cost=10, prior=0.5,
                 class_names=("healthy", "sick"), max_cost: int = 100, n_grid: int = 601):
        self.means, self.sigmas = as_vector(means, "means", 2), as_vector(sigmas, "sigmas", 2)
        if not np.all(self.sigmas > 0):
            raise ValueError(f"sigmas must be two standard deviations > 0; got {self.sigmas.tolist()}.")
        check_scale(self.sigmas, "sigmas", "the variances sigma^2")
        low, high = (self.means - 4 * self.sigmas).min(), (self.means + 4 * self.sigmas).max()
        if not (high - low) / self.sigmas.min() < 1e6:
            raise ValueError(f"means and sigmas span {(high - low) / self.sigmas.min():.3g} standard deviations "
                             f"(of the narrower class): on the grid of the figure the classes would be spikes, or "
                             f"their densities 0 in float64. Give means closer than 1e6 standard deviations; got "
                             f"means {self.means.tolist()}, sigmas {self.sigmas.tolist()}.")
        max_cost = check_positive_int(max_cost, "max_cost")
        for value, name in ((miss_cost, "miss_cost"), (false_alarm_cost, "false_alarm_cost")):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 1 <= value <= max_cost:
                raise ValueError(f"{name} must be a whole number from 1 to max_cost = {max_cost}; got {value!r}.")
        if not 0.05 <= check_unit_interval(prior, "prior") <= 0.95:
            raise ValueError(f"prior must lie in [0.05, 0.95]; got {prior}.")
        if isinstance(class_names, str) or np.ndim(class_names) != 1 or len(class_names) != 2:
            raise TypeError(f"class_names must be two names, (class 0, class 1), e.g. ('healthy', 'sick'); "
                            f"got {class_names!r}.")
        self.class_names = tuple(str(name) for name in class_names)
        if not 2 <= check_positive_int(n_grid, "n_grid") <= MAX_GRID:
            raise ValueError(f"n_grid must be a whole number of points from 2 (a curve needs two) to {MAX_GRID} (more "
                             f"than the figure has pixels, and slow to draw); got {n_grid}.")
        self.x = np.linspace(low, high, n_grid)
        from scipy import stats                          # here: importing it costs half a second
        self._densities = [stats.norm(mean, sigma) for mean, sigma in zip(self.means, self.sigmas)]
        self._search = _SearchGrid.of(self._densities, None, 2001)   # 2001 quantiles find the thresholds that matter
        self._zero_one_rules = {}                       # the 0-1 loss's rule depends on the prior only
        healthy, sick = self.class_names
        self.miss_slider = labelled_slider(widgets.IntSlider, int(miss_cost), 1, max_cost, 1,
                                   f"miss: L[{healthy}, {sick}]")
        self.false_alarm_slider = labelled_slider(widgets.IntSlider, int(false_alarm_cost), 1, max_cost, 1,
                                          f"false alarm: L[{sick}, {healthy}]")
        self.prior_slider = labelled_slider(widgets.FloatSlider, float(prior), 0.05, 0.95, 0.05, f"prior p({sick})",
                                    width="260px", readout_format=".2f")
        super().__init__(LOSS_FIGSIZE, [self.miss_slider, self.false_alarm_slider, self.prior_slider])
        self.start(self.miss_slider, self.false_alarm_slider, self.prior_slider)

    @property
    def loss_matrix(self) -> np.ndarray:
        """``L[decision, true class]`` as the sliders set it."""
        return np.array([[0.0, self.miss_slider.value], [self.false_alarm_slider.value, 0.0]])

    @property
    def priors(self) -> np.ndarray:
        """``(p(C_0), p(C_1))``."""
        return np.array([1 - self.prior_slider.value, self.prior_slider.value])

    def set_costs(self, miss=None, false_alarm=None, prior=None) -> None:
        """Set any of the costs and the prior, then redraw once."""
        with self.holding_redraws():
            for slider, value, name in ((self.miss_slider, miss, "miss"),
                                        (self.false_alarm_slider, false_alarm, "false_alarm"),
                                        (self.prior_slider, prior, "prior")):
                if value is not None:
                    set_slider(slider, value, name)

    def _joint(self) -> np.ndarray:
        """``log p(x, C_k)`` on the grid, shape (n_grid, 2)."""
        return gaussian_joint_log_likelihood(self.x[:, None], self.means[:, None], self.sigmas[:, None, None] ** 2,
                                             self.priors)

    def _bayes_rule(self, priors, loss):
        """The Bayes rule and its risk, as :func:`~lecture_utils.decision.bayes_error_1d` finds them (on the
        search grid kept from one change to the next)."""
        return _bayes_rule(self._densities, priors, loss, self._search)

    def _risk(self, rule, priors, loss):
        """The risk of ``rule`` (a BayesRisk1D) under ``loss``, as :func:`~lecture_utils.decision.threshold_rule_risk`
        gives it."""
        return _regions_risk(self._densities, priors, loss, rule.thresholds, rule.decisions, None).risk

    def _build_figure(self) -> None:
        self.ax_density, self.ax_loss = self.fig.subplots(1, 2)
        joint = self._joint()
        self.result = self._bayes_rule(self.priors, self.loss_matrix)
        decided = self.result.decide(self.x)
        names = [f"{name}: $p(C_{k})\\,p(x \\mid C_{k})$" for k, name in enumerate(self.class_names)]
        self._curves, self._areas = plotting.plot_error_areas(self.ax_density, self.x, np.exp(joint).T, decided,
                                                              names)
        risks = _risks_from_joint(joint, self.loss_matrix)      # R(a | x) = sum_j L[a, j] p(C_j | x)
        self._loss_curves, self._envelope = plotting.plot_expected_losses(self.ax_loss, self.x, risks,
                                                                          self.class_names)
        peak = max(1 / (np.sqrt(2 * np.pi) * sigma) for sigma in self.sigmas)
        self.ax_density.set_ylim(0, 0.96 * peak)                # the top prior, 0.95, fits
        self._thresholds = [plotting.plot_boundaries(ax, [], linewidth=1.4, linestyle="--", zorder=5,
                                                     label="threshold") for ax in (self.ax_density, self.ax_loss)]
        for ax, columns in ((self.ax_density, 2), (self.ax_loss, 2)):      # above the axes: it hides no curve
            ax.legend(loc="lower left", bbox_to_anchor=(0, 1.01), ncol=columns, fontsize="small", borderaxespad=0,
                      handlelength=1.6, handletextpad=0.4, columnspacing=1.0)
        self.ax_loss.set_ylim(0, 88.8)                          # the widest tick labels, for the layout
        self.freeze_layout()
        self.hold(self.ax_loss.yaxis)                            # redrawn only when the largest cost passes 10, 20, ...
        for artist in (*self._curves, *self._areas, *self._loss_curves, self._envelope, *self._thresholds):
            self.animate(artist)

    def update(self) -> None:
        loss, priors = self.loss_matrix, self.priors
        joint = self._joint()
        self.result = self._bayes_rule(priors, loss)
        decided = self.result.decide(self.x)
        for k, (curve, area) in enumerate(zip(self._curves, self._areas)):
            weighted = np.exp(joint[:, k])
            curve.set_ydata(weighted)
            area.set_xy(plotting.error_area(self.x, weighted, decided != k))
        risks = _risks_from_joint(joint, loss)
        for a, curve in enumerate(self._loss_curves):
            curve.set_ydata(risks[:, a])
        self._envelope.set_ydata(risks.min(axis=1))
        top = 10 * np.ceil(1.05 * loss.max() / 10)            # the axis moves in steps of 10 only
        if self.ax_loss.get_ylim() != (0.0, top):
            self.ax_loss.set_ylim(0.0, top)
            self.redraw_held(key=top)                           # a top seen lately is not drawn again
        for ax, lines in zip((self.ax_density, self.ax_loss), self._thresholds):
            low, high = ax.get_ylim()
            lines.set_segments([[(t, low), (t, high)] for t in self.result.thresholds])
        self.render(self._describe(loss, priors))

    def _describe(self, loss, priors) -> str:
        healthy, sick = self.class_names
        errors = self._risk(self.result, priors, zero_one_loss(2))
        if priors[1] not in self._zero_one_rules:
            self._zero_one_rules[priors[1]] = self._bayes_rule(priors, zero_one_loss(2))
        zero_one = self._zero_one_rules[priors[1]]
        naive = self._risk(zero_one, priors, loss)
        return (f"miss {loss[0, 1]:g}, false alarm {loss[1, 0]:g}, p({sick}) = {priors[1]:.2f}: decide {sick} "
                f"where p({sick} | x) > {posterior_threshold(loss):.3f}, i.e. "
                f"{_regions_text(self.result, 1, sick)}. Bayes risk {self.result.risk:.3f} with error rate "
                f"{errors:.3f}; the 0-1 loss's rule ({_regions_text(zero_one, 1, sick)}) would cost {naive:.3f}")
