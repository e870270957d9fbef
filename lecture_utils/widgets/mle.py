"""The widgets of notebook 03, maximum likelihood: the likelihood of coin tosses, and estimators
whose sampling distributions narrow as the sample grows."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.ticker import MaxNLocator

from .. import mle, plotting
from .._validation import check_positive, check_positive_int
from ._base import FigureWidget


class LikelihoodExplorer(FigureWidget):
    """The likelihood of ``h`` heads in ``n`` coin tosses as a function of ``phi`` (notebook 03, section 3).

    The left panel shows the log-likelihood ``log L(phi) = h log phi + (n - h) log(1 - phi)``
    with its maximum at the MLE ``phi = h/n``; the right panel the likelihood
    ``L(phi)`` itself, shaded, with the area under it in the title: it is
    ``h! (n - h)! / (n + 1)!``, not 1, since ``L`` is not a density over ``phi``.
    The y-axes follow the data: the left one changes only when ``n`` crosses
    5, 10, 20, 50, 100, ... (so the maximum visibly rises and falls as ``h``
    moves), the right one follows the peak of ``L`` at every redraw.

    Parameters
    ----------
    h : int
        Initial number of heads, 0..n.
    n : int
        Initial number of tosses, 1..n_max.
    n_max : int
        Largest ``n`` on the slider.
    grid_points : int
        Points of the grid over ``phi`` in [0, 1], at least 3.

    Attributes
    ----------
    h_slider, n_slider : ipywidgets.IntSlider
        The data. Moving ``n`` below ``h`` pulls ``h`` down to ``n``.
    phi : ndarray of shape (grid_points,)
        The grid the curves are drawn on.
    """

    def __init__(self, h: int = 7, n: int = 10, n_max: int = 100, grid_points: int = 401):
        n_max = check_positive_int(n_max, "n_max")
        h, n = self._check_counts(h, n, n_max)
        if check_positive_int(grid_points, "grid_points") < 3:
            raise ValueError(f"grid_points must be at least 3 to draw a curve; got {grid_points}.")
        self.phi = np.linspace(0.0, 1.0, grid_points)
        self.n_slider = widgets.IntSlider(n, 1, n_max, description="tosses n", continuous_update=True)
        self.h_slider = widgets.IntSlider(h, 0, n, description="heads h", continuous_update=True)
        super().__init__((9.6, 3.7), [self.n_slider, self.h_slider])
        self.n_slider.observe(self._on_n, names="value")
        self.start(self.h_slider)

    @staticmethod
    def _check_counts(h, n, n_max):
        n = check_positive_int(n, "n")
        if n > n_max:
            raise ValueError(f"n must be at most n_max = {n_max}; got n = {n}. Pass a larger n_max.")
        if isinstance(h, bool) or not isinstance(h, (int, np.integer)) or not 0 <= h <= n:
            raise ValueError(f"h is the number of heads, a whole number from 0 to n = {n}; got {h!r}.")
        return int(h), n

    @property
    def h(self) -> int:
        """Number of heads in the data shown."""
        return self.h_slider.value

    @property
    def n(self) -> int:
        """Number of tosses in the data shown."""
        return self.n_slider.value

    @property
    def sample(self) -> np.ndarray:
        """The data as a sequence of tosses: ``h`` ones, then ``n - h`` zeros (their order does not matter)."""
        return np.r_[np.ones(self.h), np.zeros(self.n - self.h)]

    @property
    def phi_hat(self) -> float:
        """The maximum likelihood estimate ``h / n``."""
        return mle.bernoulli_mle(self.sample)

    def set_counts(self, h: int, n: int) -> None:
        """Show ``h`` heads in ``n`` tosses (one redraw)."""
        h, n = self._check_counts(h, n, self.n_slider.max)
        with self.holding_redraws():
            self.n_slider.value = n
            self.h_slider.value = h

    def _on_n(self, change) -> None:
        with self.holding_redraws():
            self.h_slider.max = change["new"]         # pulls h down to n if it was larger

    def _build_figure(self) -> None:
        self.ax_log, self.ax_lik = self.fig.subplots(1, 2)
        blank = np.zeros_like(self.phi)
        self._log_curve, self._log_marker = plotting.plot_log_likelihood(
            self.ax_log, self.phi, blank, 0.5, 0.0, floor=-1.0)
        self._curve, self._area, self._marker = plotting.plot_likelihood(self.ax_lik, self.phi, blank, 0.5, 0.0)
        self._log_line = self.ax_log.axvline(0.5, color=plotting.PALETTE[1], linestyle="--", linewidth=1)
        self._line = self.ax_lik.axvline(0.5, color=plotting.PALETTE[1], linestyle="--", linewidth=1)
        self.ax_log.set_title("log-likelihood, highest at \u03c6 = h/n", fontsize="medium")
        self.ax_lik.set_title(" ", fontsize="medium")
        for ax in (self.ax_log, self.ax_lik):
            ax.set_ylim(-88.8, 88.8)                  # the widest tick labels, for the layout
            ax.yaxis.set_label_coords(-0.13, 0.5)     # pinned: it must not move with the tick labels
        self.ax_lik.ticklabel_format(axis="y", style="sci", scilimits=(-2, 3))   # short labels, 1e-k above
        self.ax_lik.yaxis.set_major_locator(MaxNLocator(6, steps=[1, 2, 2.5, 5, 10]))   # few ticks: this axis is redrawn every time
        self.freeze_layout()
        self.animate(self.ax_lik.yaxis)               # its limits follow the peak of L at every redraw
        for artist in (self.ax_lik.title, self._area, self._log_curve, self._log_marker, self._log_line,
                       self._curve, self._marker, self._line):
            self.animate(artist)

    def _log_likelihood_limits(self) -> tuple:
        """y-limits that change with ``n`` only at 5, 10, 20, 50, 100, ...: a slider move seldom redraws the axis.

        For the largest ``n`` of its range they reach below the lowest possible
        peak, ``-n log 2`` at ``h = n/2``, with room to see the curve fall.
        """
        ceiling = min(v for v in (5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, np.inf) if v >= self.n)
        ceiling = self.n if np.isinf(ceiling) else ceiling
        bottom = -(ceiling * np.log(2) + max(3.0, ceiling / 5))
        return bottom, 0.06 * -bottom

    def update(self) -> None:
        x, h, n = self.sample, self.h, self.n
        phi_hat = self.phi_hat
        log_likelihood = mle.bernoulli_log_likelihood(self.phi, x)
        peak_log = mle.bernoulli_log_likelihood(phi_hat, x) + 0.0      # + 0.0: never print -0.0
        peak = mle.bernoulli_likelihood(phi_hat, x)
        area = mle.bernoulli_likelihood_integral(h, n)

        limits = self._log_likelihood_limits()
        if tuple(self.ax_log.get_ylim()) != limits:
            self.ax_log.set_ylim(limits)
            self.redraw_all()                         # the static y-axis changed: draw it all once
        self._log_curve.set_ydata(np.maximum(log_likelihood, 2 * limits[0] - limits[1]))  # -inf: off view
        self._log_marker.set_data([phi_hat], [peak_log])
        self._log_line.set_xdata([phi_hat, phi_hat])

        likelihood = mle.bernoulli_likelihood(self.phi, x)
        self._curve.set_ydata(likelihood)
        self._area.set_xy(plotting.filled_area(self.phi, likelihood))
        self._marker.set_data([phi_hat], [peak])
        self._line.set_xdata([phi_hat, phi_hat])
        self.ax_lik.set_ylim(0.0, 1.15 * peak)
        self.ax_lik.set_title(f"area under L(\u03c6) = {_plain_number(area)}, not 1", fontsize="medium")
        self.render(f"h = {h} heads in n = {n} tosses: the MLE is phi = h/n = {phi_hat:.3f}, where "
                    f"log L = {peak_log:.3f} and L = {peak:.4g}; area under L(phi) = {area:.4g}, not 1")


_SUPERSCRIPTS = str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")


def _plain_number(value: float) -> str:
    """``0.0007576`` as ``7.576\u00d710\u207b\u2074`` (plain text: mathtext would cost 30 ms a redraw)."""
    if value == 0 or 1e-3 <= abs(value) < 1e4:
        return f"{value:.4g}"
    mantissa, exponent = f"{value:.3e}".split("e")
    return f"{mantissa}\u00d710{str(int(exponent)).translate(_SUPERSCRIPTS)}"


class EstimatorExplorer(FigureWidget):
    """Sampling distributions of estimators narrowing on the true value as ``m`` grows (notebook 03, section 8).

    For every sample size ``m`` it draws ``n_repeats`` samples of size ``m``
    (the same samples for every estimator) and applies each estimator. The
    left panel shows the histograms of the estimates at the chosen ``m`` with
    the band ``|w_m - w| <= eps``; the right panel the fraction of estimates
    outside it, ``P(|w_m - w| > eps)``, against ``m``: for a consistent
    estimator it falls to 0, whatever ``eps``.

    Parameters
    ----------
    estimators : dict
        Name -> estimator, a function mapping samples of shape ``(n_repeats, m)``
        to estimates of shape ``(n_repeats,)`` (see :func:`lecture_utils.mle.simulate_estimates`).
    distribution : frozen scipy.stats distribution or callable
        ``p_data``, as for :func:`~lecture_utils.mle.simulate_estimates`.
    true_value : float
        The parameter ``w`` of ``p_data`` that the estimators estimate.
    sizes : sequence of int
        The sample sizes on the slider, increasing.
    eps : float
        Initial half-width of the band.
    n_repeats : int
        Samples per size.
    random_state : int
    n_bins : int
        Bins of each histogram. They span the range of the estimates at that
        ``m`` (99.5% of them), so every histogram is equally well resolved
        while the x-axis stays that of the smallest ``m``.

    Attributes
    ----------
    m_slider : ipywidgets.SelectionSlider
    eps_slider : ipywidgets.FloatSlider
    estimates : dict
        Name -> array of shape (len(sizes), n_repeats).
    edges : ndarray of shape (len(sizes), n_bins + 1)
        The histogram bins at each size.
    """

    def __init__(self, estimators: dict, distribution, true_value: float, sizes, eps: float = 0.1,
                 n_repeats: int = 2000, random_state: int = 0, n_bins: int = 40):
        if not isinstance(estimators, dict) or not estimators:
            raise TypeError("estimators must be a non-empty dict: name -> function of the samples, "
                            "e.g. {'median': lambda s: np.median(s, axis=-1)}.")
        self.sizes = np.array([check_positive_int(m, "sizes") for m in sizes], dtype=int)
        if self.sizes.size < 2 or np.any(np.diff(self.sizes) <= 0):
            raise ValueError(f"sizes must hold at least two increasing sample sizes; got {list(sizes)}.")
        self.true_value = float(true_value)
        self.estimates = {name: mle.simulate_estimates(estimator, distribution, self.sizes, n_repeats,
                                                       random_state=random_state)
                          for name, estimator in estimators.items()}
        errors = np.stack([np.abs(values - self.true_value) for values in self.estimates.values()], axis=1)
        spreads = np.quantile(errors.reshape(self.sizes.size, -1), 0.995, axis=1)   # at each size
        spreads = np.maximum(spreads, 1e-12)
        spread = max(spreads[0], check_positive(eps, "eps"))
        self.edges = self.true_value + spreads[:, None] * np.linspace(-1, 1, check_positive_int(n_bins, "n_bins") + 1)
        self.m_slider = widgets.SelectionSlider(options=self.sizes.tolist(), value=int(self.sizes[0]),
                                                description="sample size m", continuous_update=True)
        self.eps_slider = widgets.FloatSlider(eps, min=spread / 100, max=spread, step=spread / 200,
                                              readout_format=".3f", description="epsilon",
                                              continuous_update=True)
        super().__init__((9.6, 3.7), [self.m_slider, self.eps_slider])
        self.start(self.m_slider, self.eps_slider)

    @property
    def m(self) -> int:
        """The sample size shown."""
        return self.m_slider.value

    @property
    def eps(self) -> float:
        """The half-width of the band."""
        return self.eps_slider.value

    def exceedance(self) -> dict:
        """Name -> ``P(|w_m - w| > eps)`` at every size, shape (len(sizes),)."""
        return {name: mle.exceedance_probability(values, self.true_value, self.eps)
                for name, values in self.estimates.items()}

    def _current(self, name: str) -> np.ndarray:
        return self.estimates[name][self.m_slider.index]

    def _build_figure(self) -> None:
        self.ax_hist, self.ax_prob = self.fig.subplots(1, 2)
        first = {name: values[0] for name, values in self.estimates.items()}
        self._steps, self._band = plotting.plot_sampling_distributions(self.ax_hist, first, self.edges[0],
                                                                       self.true_value, self.eps)
        self._curves = plotting.plot_exceedance(self.ax_prob, self.sizes, self.exceedance())
        self._now = self.ax_prob.axvline(self.sizes[0], color="grey", linestyle="--", linewidth=1)
        self._points = [self.ax_prob.plot([np.nan], [np.nan], color=curve.get_color(), marker=curve.get_marker(),
                                          markersize=11, markeredgecolor="black", linestyle="none", zorder=6)[0]
                        for curve in self._curves]
        self.ax_hist.legend(loc="lower left", bbox_to_anchor=(0, 1.01), ncol=3, fontsize="small",
                            borderaxespad=0, handletextpad=0.4)     # above the axes: it hides no bar
        self.ax_hist.set_ylim(0, 88.8)                              # the widest tick labels, for the layout
        self.ax_hist.yaxis.set_label_coords(-0.1, 0.5)
        self.ax_prob.set_title("fraction of estimates outside the band", fontsize="medium")
        self.freeze_layout()
        self.animate(self.ax_hist.yaxis)                             # its limits follow the histograms
        for artist in (self._band, *self._steps, *self._curves, self._now, *self._points):
            self.animate(artist)

    def update(self) -> None:
        m, eps, w = self.m, self.eps, self.true_value
        index = self.m_slider.index
        heights = []
        for step, name in zip(self._steps, self.estimates):
            values = plotting.histogram_density(self._current(name), self.edges[index])
            step.set_data(values, self.edges[index])
            heights.append(values.max())
        self.ax_hist.set_ylim(0, 1.12 * max(max(heights), 1e-12))
        self._band.set_x(w - eps)
        self._band.set_width(2 * eps)
        exceedance = self.exceedance()
        for curve, point, values in zip(self._curves, self._points, exceedance.values()):
            curve.set_ydata(values)
            point.set_data([m], [values[index]])
        self._now.set_xdata([m, m])
        parts = [f"{name}: P = {exceedance[name][index]:.3f}, "
                 f"MSE = {mle.mean_squared_error(self._current(name), w):.4g}" for name in self.estimates]
        self.render(f"m = {m}, eps = {eps:.3f}: " + "; ".join(parts))
