"""The widgets of notebook 03, maximum likelihood: the likelihood of coin tosses, and estimators
whose sampling distributions narrow as the sample grows."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.ticker import MaxNLocator

from .. import mle, plotting
from ..probability import normal_pdf
from .._validation import as_scalar, check_positive, check_positive_int, check_sequence
from ._base import LABEL_STYLE, FigureWidget, weakly


class LikelihoodExplorer(FigureWidget):
    """The likelihood of ``h`` heads in ``N`` coin tosses as a function of ``phi`` (notebook 03, section 3).

    The left panel shows the log-likelihood ``log L(phi) = h log phi + (N - h) log(1 - phi)``
    with its maximum at the MLE ``phi = h/N``; the right panel the likelihood
    ``L(phi)`` itself, shaded, with the area under it in the title: it is
    ``h! (N - h)! / (N + 1)!``, not 1, since ``L`` is not a density over ``phi``.
    The y-axes move in steps, so that the curves visibly rise and fall: the
    left one when ``N`` crosses 5, 10, 20, 50, 100, ..., the right one when
    the peak of ``L`` passes 1, 2 or 5 times a power of ten (its labels then
    count in that power of ten, named in the axis label). An axis is redrawn
    only when its limits change.

    Parameters
    ----------
    h : int
        Initial number of heads, 0..N.
    N : int
        Initial number of tosses, 1..N_max.
    N_max : int
        Largest ``N`` on the slider.
    grid_points : int
        Points of the grid over ``phi`` in [0, 1], at least 3.

    Attributes
    ----------
    h_slider, N_slider : ipywidgets.IntSlider
        The data. Moving ``N`` below ``h`` pulls ``h`` down to ``N``.
    phi : ndarray of shape (grid_points,)
        The grid the curves are drawn on.
    """

    def __init__(self, h: int = 7, N: int = 10, N_max: int = 100, grid_points: int = 401):
        N_max = check_positive_int(N_max, "N_max")
        h, N = self._check_counts(h, N, N_max)
        if not 3 <= check_positive_int(grid_points, "grid_points") <= 100_000:
            raise ValueError(f"grid_points must be from 3 (a curve) to 100000 (more than the pixels); "
                             f"got {grid_points}.")
        self.phi = np.linspace(0.0, 1.0, grid_points)
        self.N_slider = widgets.IntSlider(N, 1, N_max, description="tosses N", continuous_update=True,
                                          style=LABEL_STYLE)
        self.h_slider = widgets.IntSlider(h, 0, N, description="heads h", continuous_update=True,
                                          style=LABEL_STYLE)
        super().__init__((9.0, 3.4), [self.N_slider, self.h_slider])
        self.N_slider.observe(weakly(self._on_N), names="value")
        self.start(self.h_slider)

    @staticmethod
    def _check_counts(h, N, N_max):
        N = check_positive_int(N, "N")
        if N > N_max:
            raise ValueError(f"N must be at most N_max = {N_max}; got N = {N}. Pass a larger N_max.")
        if isinstance(h, bool) or not isinstance(h, (int, np.integer)) or not 0 <= h <= N:
            raise ValueError(f"h is the number of heads, a whole number from 0 to N = {N}; got {h!r}.")
        return int(h), N

    @property
    def h(self) -> int:
        """Number of heads in the data shown."""
        return self.h_slider.value

    @property
    def N(self) -> int:
        """Number of tosses in the data shown."""
        return self.N_slider.value

    @property
    def sample(self) -> np.ndarray:
        """The data as a sequence of tosses: ``h`` ones, then ``N - h`` zeros (their order does not matter)."""
        return np.r_[np.ones(self.h), np.zeros(self.N - self.h)]

    @property
    def phi_hat(self) -> float:
        """The maximum likelihood estimate ``h / N``."""
        return mle.bernoulli_mle(self.sample)

    def set_counts(self, h: int, N: int) -> None:
        """Show ``h`` heads in ``N`` tosses (one redraw)."""
        h, N = self._check_counts(h, N, self.N_slider.max)
        with self.holding_redraws():
            self.N_slider.value = N
            self.h_slider.value = h

    def _on_N(self, change) -> None:
        with self.holding_redraws():
            self.h_slider.max = change["new"]         # pulls h down to N if it was larger

    def _build_figure(self) -> None:
        self.ax_log, self.ax_lik = self.fig.subplots(1, 2)
        blank = np.zeros_like(self.phi)
        self._log_curve, self._log_marker = plotting.plot_log_likelihood(
            self.ax_log, self.phi, blank, 0.5, 0.0, floor=-1.0)
        self._curve, self._area, self._marker = plotting.plot_likelihood(self.ax_lik, self.phi, blank, 0.5, 0.0)
        self._log_line = self.ax_log.axvline(0.5, color=plotting.PALETTE[1], linestyle="--", linewidth=1)
        self._line = self.ax_lik.axvline(0.5, color=plotting.PALETTE[1], linestyle="--", linewidth=1)
        self.ax_log.set(title="log-likelihood, highest at \u03c6 = h/N", ylabel="log-likelihood log L(\u03c6)")
        self.ax_log.title.set_fontsize("medium")
        # The title in two parts, meeting at the centre: only the number is redrawn at every update.
        title = dict(y=1.02, transform=self.ax_lik.transAxes, fontsize="medium", va="baseline")
        self.ax_lik.text(0.6, s="area under L(\u03c6), not 1: ", ha="right", **title)
        self._area_text = self.ax_lik.text(0.6, s="", ha="left", **title)
        for ax in (self.ax_log, self.ax_lik):
            ax.set_ylim(-88.8, 88.8)                  # the widest tick labels, for the layout
            ax.yaxis.set_label_coords(-0.13, 0.5)     # pinned: it must not move with the tick labels
            ax.yaxis.set_major_locator(MaxNLocator(6, steps=[1, 2, 2.5, 5, 10]))
        self.freeze_layout()
        self.hold(self.ax_lik.yaxis)                  # redrawn only when its limits change
        for artist in (self._area_text, self._area, self._log_curve, self._log_marker, self._log_line,
                       self._curve, self._marker, self._line):
            self.animate(artist)

    def _log_likelihood_limits(self) -> tuple:
        """y-limits that change with ``N`` only at 5, 10, 20, 50, 100, ...: a slider move seldom redraws the axis.

        For the largest ``N`` of its range they reach below the lowest possible
        peak, ``-N log 2`` at ``h = N/2``, with room to see the curve fall.
        """
        ceiling = min(v for v in (5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, np.inf) if v >= self.N)
        ceiling = self.N if np.isinf(ceiling) else ceiling
        bottom = -(ceiling * np.log(2) + max(3.0, ceiling / 5))
        return bottom, 0.06 * -bottom

    def update(self) -> None:
        x, h, N = self.sample, self.h, self.N
        phi_hat = self.phi_hat
        log_likelihood = mle.bernoulli_log_likelihood(self.phi, x)
        peak_log = mle.bernoulli_log_likelihood(phi_hat, x) + 0.0      # + 0.0: never print -0.0
        peak = mle.bernoulli_likelihood(phi_hat, x)
        area = mle.bernoulli_likelihood_integral(h, N)

        limits = self._log_likelihood_limits()
        if self.ax_log.get_ylim() != limits:          # seldom: when N crosses 5, 10, 20, 50, ...
            self.ax_log.set_ylim(limits)
            self.redraw_all()
        self._log_curve.set_ydata(np.maximum(log_likelihood, 2 * limits[0] - limits[1]))  # -inf: off view
        self._log_marker.set_data([phi_hat], [peak_log])
        self._log_line.set_xdata([phi_hat, phi_hat])

        likelihood = mle.bernoulli_likelihood(self.phi, x)
        top = plotting.nice_upper_limit(peak)
        if self.ax_lik.get_ylim() != (0.0, top):      # when the peak passes 1, 2 or 5 times a power of ten
            self.ax_lik.set_ylim(0.0, top)
            unit = plotting.label_in_units(self.ax_lik.yaxis, top)
            self.ax_lik.set_ylabel(f"likelihood L(\u03c6)  {unit}".rstrip())
            self.redraw_held(key=top)                 # a top seen lately (L(h) = L(N - h)) is not drawn again
        self._curve.set_ydata(likelihood)
        self._area.set_xy(plotting.filled_area(self.phi, likelihood))
        self._marker.set_data([phi_hat], [peak])
        self._line.set_xdata([phi_hat, phi_hat])
        self._area_text.set_text(plotting.plain_number(area))
        self.render(f"h = {h} heads in N = {N} tosses: the MLE is \u03c6 = h/N = {phi_hat:.3f}, where "
                    f"log L = {peak_log:.3f} and L = {peak:.4g}; the area under L(\u03c6) is {area:.4g}, not 1")


class EstimatorExplorer(FigureWidget):
    """Sampling distributions of estimators narrowing on the true value as ``N`` grows (notebook 03, section 8).

    For every sample size ``N`` it draws ``n_repeats`` samples of size ``N``
    (the same samples for every estimator) and applies each estimator. The
    left panel shows the histograms of the estimates at the chosen ``N`` with
    the band ``|theta_N - theta| <= eps``; the right panel the fraction of
    estimates outside it, ``P(|theta_N - theta| > eps)``, against ``N``: for a
    consistent estimator it falls to 0, whatever ``eps``. The histograms'
    y-axis moves in steps of 1, 2, 5 times a power of ten, and is redrawn only
    when it does.

    Parameters
    ----------
    estimators : dict
        Name -> estimator, a function mapping samples of shape ``(n_repeats, N)``
        to estimates of shape ``(n_repeats,)`` (see :func:`lecture_utils.mle.simulate_estimates`).
    distribution : frozen scipy.stats distribution or callable
        ``p_data``, as for :func:`~lecture_utils.mle.simulate_estimates`.
    true_value : float
        The parameter ``theta`` of ``p_data`` that the estimators estimate.
    sizes : sequence of int
        The sample sizes on the slider, increasing.
    N : int, optional
        The initial sample size, one of ``sizes`` (the smallest by default).
    eps : float
        Initial half-width of the band.
    n_repeats : int
        Samples per size.
    random_state : int
    n_bins : int
        Bins of each histogram. They span the range of the estimates at that
        ``N`` (99.5% of them), so every histogram is equally well resolved
        while the x-axis stays that of the smallest ``N``.

    Attributes
    ----------
    N_slider : ipywidgets.SelectionSlider
    eps_slider : ipywidgets.FloatSlider
    estimates : dict
        Name -> array of shape (len(sizes), n_repeats).
    edges : ndarray of shape (len(sizes), n_bins + 1)
        The histogram bins at each size.
    """

    def __init__(self, estimators: dict, distribution, true_value: float, sizes, N: int | None = None,
                 eps: float = 0.1, n_repeats: int = 2000, random_state: int = 0, n_bins: int = 40):
        if not isinstance(estimators, dict) or not estimators:
            raise TypeError("estimators must be a non-empty dict: name -> function of the samples, "
                            "e.g. {'median': lambda s: np.median(s, axis=-1)}.")
        self.sizes = np.array([check_positive_int(size, "sizes")
                               for size in check_sequence(sizes, "sizes", "increasing sample sizes")], dtype=int)
        if self.sizes.size < 2 or np.any(np.diff(self.sizes) <= 0):
            raise ValueError(f"sizes must hold at least two increasing sample sizes; got {list(sizes)}.")
        start = int(self.sizes[0]) if N is None else N
        if start not in self.sizes.tolist():
            raise ValueError(f"N must be one of the sizes {self.sizes.tolist()}; got {N!r}.")
        self.true_value = as_scalar(true_value, "true_value")
        self.estimates = {name: mle.simulate_estimates(estimator, distribution, self.sizes, n_repeats,
                                                       random_state=random_state)
                          for name, estimator in estimators.items()}
        # what the status and the right panel show, kept: the MSE at each size, P(outside) at each band shown
        self._mse = {name: mle.mean_squared_error(values, self.true_value) for name, values in self.estimates.items()}
        self._exceedances = {}
        errors = np.stack([np.abs(values - self.true_value) for values in self.estimates.values()], axis=1)
        spreads = np.quantile(errors.reshape(self.sizes.size, -1), 0.995, axis=1)   # at each size
        spreads = np.maximum(spreads, 1e-12)
        spread = max(spreads[0], check_positive(eps, "eps"))
        self.edges = self.true_value + spreads[:, None] * np.linspace(-1, 1, check_positive_int(n_bins, "n_bins") + 1)
        self.N_slider = widgets.SelectionSlider(options=self.sizes.tolist(), value=start,
                                                description="sample size N", continuous_update=True,
                                                style=LABEL_STYLE)
        step = 10.0 ** np.floor(np.log10(spread / 100))             # a round step, so that eps = 0.1 stays 0.1
        self.eps_slider = widgets.FloatSlider(eps, min=step, max=step * np.ceil(spread / step), step=step,
                                              readout_format=".3f", description="band \u03b5",
                                              continuous_update=True, style=LABEL_STYLE)
        super().__init__((9.0, 3.4), [self.N_slider, self.eps_slider])
        self.start(self.N_slider, self.eps_slider)

    @property
    def N(self) -> int:
        """The sample size shown."""
        return self.N_slider.value

    @property
    def eps(self) -> float:
        """The half-width of the band."""
        return self.eps_slider.value

    def exceedance(self) -> dict:
        """Name -> ``P(|theta_N - theta| > eps)`` at every size, shape (len(sizes),) (computed once for each eps)."""
        if self.eps not in self._exceedances:
            self._exceedances[self.eps] = {name: mle.exceedance_probability(values, self.true_value, self.eps)
                                           for name, values in self.estimates.items()}
        return self._exceedances[self.eps]

    def _current(self, name: str) -> np.ndarray:
        return self.estimates[name][self.N_slider.index]

    def _build_figure(self) -> None:
        self.ax_hist, self.ax_prob = self.fig.subplots(1, 2)
        first = {name: values[0] for name, values in self.estimates.items()}
        self._steps, self._band = plotting.plot_sampling_distributions(self.ax_hist, first, self.edges[0],
                                                                       self.true_value, self.eps)
        self._curves = plotting.plot_exceedance(self.ax_prob, self.sizes, self.exceedance())
        self._now = self.ax_prob.axvline(self.sizes[0], color="grey", linestyle="--", linewidth=1)
        self._points = [self.ax_prob.plot([np.nan], [np.nan], color=curve.get_color(), marker=curve.get_marker(),
                                          markersize=11, markeredgecolor="black", linestyle="none", zorder=6,
                                          clip_on=False)[0]
                        for curve in self._curves]
        self.ax_hist.legend(loc="lower left", bbox_to_anchor=(0, 1.01), ncol=3, fontsize="small",
                            borderaxespad=0, handletextpad=0.4)     # above the axes: it hides no bar
        self.ax_hist.set_ylim(0, 88.8)                              # the widest tick labels, for the layout
        self.ax_hist.yaxis.set_label_coords(-0.13, 0.5)             # pinned: it must not move with the tick labels
        self.ax_hist.yaxis.set_major_locator(MaxNLocator(6, steps=[1, 2, 5, 10]))   # labels of at most 4 characters
        self.ax_prob.set_title("fraction of estimates outside the band", fontsize="medium")
        self.freeze_layout()
        self.hold(self.ax_hist.yaxis)                               # redrawn only when its limits change
        for artist in (self._band, *self._steps, *self._curves, self._now, *self._points):
            self.animate(artist)

    def update(self) -> None:
        N, eps, theta = self.N, self.eps, self.true_value
        index = self.N_slider.index
        heights = []
        for step, name in zip(self._steps, self.estimates):
            values = plotting.histogram_density(self._current(name), self.edges[index])
            step.set_data(values, self.edges[index])
            heights.append(values.max())
        top = plotting.nice_upper_limit(max(heights), headroom=1.12)
        if self.ax_hist.get_ylim() != (0.0, top):
            self.ax_hist.set_ylim(0.0, top)
            self.redraw_held(key=top)                               # a top seen lately is not drawn again
        self._band.set_x(theta - eps)
        self._band.set_width(2 * eps)
        exceedance = self.exceedance()
        for curve, point, values in zip(self._curves, self._points, exceedance.values()):
            curve.set_ydata(values)
            point.set_data([N], [values[index]])
        self._now.set_xdata([N, N])
        parts = [f"{name}: P = {exceedance[name][index]:.3f}, "
                 f"MSE = {self._mse[name][index]:.4g}" for name in self.estimates]
        self.render(f"N = {N}, \u03b5 = {eps:.3f}: " + "; ".join(parts))


class GaussianLikelihoodExplorer(FigureWidget):
    """The log-likelihood surface of a Gaussian over ``(mu, sigma^2)`` (notebook 03, section 12).

    The left panel draws the contours of ``l(mu, sigma^2) - l_max`` for a
    fixed sample, with the MLE ``(x_bar, sigma^2_MLE)`` starred and the
    candidate ``(mu, sigma^2)`` of the sliders as a moving dot; the right panel
    the sample (a rug and a histogram) under the candidate's density and the
    MLE's. The status gives the candidate's log-likelihood and how far it lies
    below the maximum: the sliders climb the surface by hand.

    Parameters
    ----------
    x : array-like of shape (N,)
        The sample, at least 2 distinct values (a surface needs sigma^2_MLE > 0).
    mu, sigma2 : float
        The candidate first shown: positions of the sliders.
    mu_range, sigma2_range : (float, float)
        The sliders' ranges and the surface's axes; the MLE must lie inside them.

    Attributes
    ----------
    mu_slider, sigma2_slider : ipywidgets.FloatSlider
    mu_hat, sigma2_hat : float
        The MLE.
    """

    STEPS = 200                                      # positions of each slider

    def __init__(self, x, mu=0.0, sigma2=8.0, mu_range=(-1.5, 3.5), sigma2_range=(0.8, 12.0)):
        from .._validation import as_limits, as_vector
        from ._base import on_slider
        self.x = as_vector(x, "x")
        if self.x.size < 2 or np.ptp(self.x) == 0:
            raise ValueError("x must hold at least two different values: with one, sigma^2_MLE = 0 and the surface "
                             "has no peak to show.")
        mu_low, mu_high = as_limits(mu_range, "mu_range")
        s_low, s_high = as_limits(sigma2_range, "sigma2_range")
        if s_low <= 0:
            raise ValueError(f"sigma2_range must hold variances > 0; got {sigma2_range!r}.")
        self.mu_hat, self.sigma2_hat = mle.gaussian_mle(self.x)
        if not (mu_low <= self.mu_hat <= mu_high and s_low <= self.sigma2_hat <= s_high):
            raise ValueError(f"the MLE ({self.mu_hat:.3g}, {self.sigma2_hat:.3g}) must lie inside mu_range and "
                             "sigma2_range, so that the surface shows its peak; widen them.")
        mu = on_slider(mu, "mu", mu_low, mu_high)
        sigma2 = on_slider(sigma2, "sigma2", s_low, s_high)
        self.mu_grid = np.linspace(mu_low, mu_high, 161)
        self.sigma2_grid = np.linspace(s_low, s_high, 160)
        self.l_max = mle.gaussian_log_likelihood(self.mu_hat, self.sigma2_hat, self.x)
        self.mu_slider = widgets.FloatSlider(mu, min=mu_low, max=mu_high, step=(mu_high - mu_low) / self.STEPS,
                                             description="\u03bc", continuous_update=True, readout_format=".2f",
                                             style=LABEL_STYLE, layout=widgets.Layout(width="330px"))
        self.sigma2_slider = widgets.FloatSlider(sigma2, min=s_low, max=s_high, step=(s_high - s_low) / self.STEPS,
                                                 description="\u03c3\u00b2", continuous_update=True,
                                                 readout_format=".2f", style=LABEL_STYLE,
                                                 layout=widgets.Layout(width="330px"))
        self._to_mle = widgets.Button(description="MLE", icon="star", tooltip="move to the maximum",
                                      layout=widgets.Layout(width="80px"))
        to_mle = weakly(self.to_mle)
        self._to_mle.on_click(lambda _: to_mle())
        super().__init__((9.3, 3.6), [self.mu_slider, self.sigma2_slider, self._to_mle])
        self.start(self.mu_slider, self.sigma2_slider)

    def to_mle(self) -> None:
        """Move the candidate to the maximum (the sliders' nearest positions)."""
        with self.holding_redraws():
            self.mu_slider.value = float(self.mu_hat)
            self.sigma2_slider.value = float(self.sigma2_hat)

    def _build_figure(self) -> None:
        self.ax_surface, self.ax_data = self.fig.subplots(1, 2, width_ratios=(1.1, 1))
        mu, s2 = np.meshgrid(self.mu_grid, self.sigma2_grid)
        surface = mle.gaussian_log_likelihood(mu, s2, self.x) - self.l_max
        levels = [-32, -16, -8, -4, -2, -1, -0.5]
        contours = self.ax_surface.contour(mu, s2, surface, levels=levels, cmap="viridis", linewidths=1)
        self.ax_surface.clabel(contours, fontsize="x-small")
        self.ax_surface.plot(self.mu_hat, self.sigma2_hat, "k*", markersize=11, label="MLE")
        self._dot, = self.ax_surface.plot([], [], "o", color=plotting.PALETTE[1], markersize=8,
                                          markeredgecolor="black", label="(\u03bc, \u03c3\u00b2)")
        self.ax_surface.set(xlabel="\u03bc", ylabel="\u03c3\u00b2", title="l(\u03bc, \u03c3\u00b2) \u2212 l_max")
        self.ax_surface.title.set_fontsize("medium")
        self.ax_surface.legend(loc="upper right", fontsize="small")
        spread = np.sqrt(self.sigma2_grid[-1])
        self.t_grid = np.linspace(self.mu_grid[0] - 2.2 * spread, self.mu_grid[-1] + 2.2 * spread, 300)
        self.ax_data.hist(self.x, bins=10, density=True, color=plotting.PALETTE[2], alpha=0.45, label="sample")
        self.ax_data.plot(self.x, np.zeros_like(self.x), "|", color="black", markersize=12)
        best = normal_pdf(self.t_grid, self.mu_hat, np.sqrt(self.sigma2_hat))
        self.ax_data.plot(self.t_grid, best, "--", color="black", linewidth=1, label="the MLE's density")
        self._density, = self.ax_data.plot([], [], color=plotting.PALETTE[1], linewidth=2,
                                           label="the candidate's density")
        self.ax_data.set(xlabel="x", ylabel="density", xlim=(self.t_grid[0], self.t_grid[-1]),
                         ylim=(0, 1.15 / np.sqrt(2 * np.pi * self.sigma2_grid[0])))   # the narrowest peak fits
        self.ax_data.legend(loc="upper right", fontsize="x-small")
        self.freeze_layout()
        self.animate(self._dot)
        self.animate(self._density)

    def update(self) -> None:
        mu, sigma2 = float(self.mu_slider.value), float(self.sigma2_slider.value)
        self._dot.set_data([mu], [sigma2])
        self._density.set_data(self.t_grid, normal_pdf(self.t_grid, mu, np.sqrt(sigma2)))
        value = mle.gaussian_log_likelihood(mu, sigma2, self.x)
        self.render(f"\u03bc = {mu:.2f}, \u03c3\u00b2 = {sigma2:.2f}: log-likelihood {value:.2f}, "
                    f"{self.l_max - value:.2f} below the maximum {self.l_max:.2f} at the MLE "
                    f"(x\u0304 = {self.mu_hat:.2f}, \u03c3\u00b2 = {self.sigma2_hat:.2f})")
