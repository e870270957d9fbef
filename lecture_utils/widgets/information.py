"""The widgets of notebook 02: entropy of a categorical distribution, KL's asymmetry, the CLT."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib import transforms

from .. import plotting
from .._validation import (as_float_array, check_draws, check_option, check_positive, check_positive_int,
                           check_sequence, check_size)
from ..information import (entropy, fit_gaussian_forward_kl, fit_gaussian_reverse_kl,
                           kl_divergence_from_log_densities)
from ..probability import (CLT_DISTRIBUTIONS, PartialSums, gaussian_mixture_logpdf, gaussian_mixture_pdf,
                           normal_logpdf, normal_pdf, sample_skewness, standardized_sum_values, sum_skewness)
from ..plotting._checks import as_drawn_limits
from ._base import FigureWidget, button, on_slider, slider_maximum


#: A white box behind a number that moves, so that no line crosses it.
_TEXT_BOX = dict(boxstyle="square,pad=0.1", facecolor="white", edgecolor="none")

#: How the two directions of the divergence are written in the figures.
_KL = {"p||q": "KL(p \u2016 q)", "q||p": "KL(q \u2016 p)"}
#: KLAsymmetryExplorer's separations: its slider's step, and the most positions, whose fits it computes in advance
#: (about 5 ms each).
SEPARATION_STEP, MOST_SEPARATIONS = 0.25, 400


def _number(value: float, digits: int) -> str:
    """``value`` rounded for display, never as ``-0.00``."""
    return f"{round(float(value), digits) + 0.0:.{digits}f}"


class EntropyExplorer(FigureWidget):
    """Shape a categorical distribution with one slider per outcome and watch its entropy (notebook 02).

    Each slider sets a non-negative weight; the distribution is the weights
    divided by their sum. The left panel shows ``P(x)`` with the surprise
    ``I(x) = -log_2 P(x)`` over each bar and the uniform ``1/K`` dotted; the
    right panel shows ``H(P)`` in bits (left scale) and nats (right scale)
    under the bound ``log K`` that only the uniform distribution reaches.

    Parameters
    ----------
    weights : array-like of shape (K,), K >= 2
        Initial weights, each in ``[0, max_weight]``.
    labels : sequence of str, optional
        Names of the outcomes; defaults to ``0..K-1``.
    max_weight : float
        Upper end of every slider.

    Attributes
    ----------
    sliders : list of ipywidgets.FloatSlider
        One weight per outcome.
    """

    def __init__(self, weights=(4, 2, 1, 1), labels=None, max_weight: float = 10.0):
        max_weight = slider_maximum(max_weight, "max_weight")
        weights = as_float_array(weights, "weights")
        if weights.ndim != 1 or weights.size < 2 or np.any(weights < 0) or np.any(weights > max_weight):
            raise ValueError(f"weights must be 1-D with at least 2 entries in [0, {max_weight:g}]; "
                             f"got {weights.tolist()}.")
        self.labels = [str(k) for k in range(weights.size)] if labels is None else \
            [str(x) for x in check_sequence(labels, "labels", "names of the outcomes")]
        if len(self.labels) != weights.size:
            raise ValueError(f"labels must name each of the {weights.size} outcomes; got {len(self.labels)}.")
        self._initial = weights
        self.sliders = [widgets.FloatSlider(w, min=0.0, max=max_weight, step=0.1, description=f"w({label})",
                                            continuous_update=True, readout_format=".1f",
                                            layout=widgets.Layout(width="300px"))
                        for w, label in zip(weights, self.labels)]
        buttons = widgets.VBox([button("Uniform", "equals", self.make_uniform),
                                button("Reset", "undo", self.reset)])
        super().__init__((9.5, 3.6), [widgets.VBox(self.sliders), buttons])
        self.start(*self.sliders)

    @property
    def n_outcomes(self) -> int:
        """``K``."""
        return len(self.sliders)

    @property
    def weights(self) -> np.ndarray:
        """The slider values, shape (K,)."""
        return np.array([slider.value for slider in self.sliders])

    @property
    def probabilities(self) -> np.ndarray | None:
        """``P(x)``: the weights divided by their sum; None while every weight is 0."""
        total = self.weights.sum()
        return self.weights / total if total > 0 else None

    def entropy(self, base=2) -> float:
        """``H(P)`` of the distribution shown (bits by default; ``base=None`` for nats); nan if undefined."""
        p = self.probabilities
        return float(entropy(p, base=base)) if p is not None else float("nan")

    def set_weights(self, weights) -> None:
        """Move every slider at once (one redraw)."""
        values = as_float_array(weights, "weights")
        if values.shape != (self.n_outcomes,):
            raise ValueError(f"weights must have one entry per outcome ({self.n_outcomes}); "
                             f"got shape {values.shape}.")
        for value in values:
            on_slider(value, "weights", self.sliders[0].min, self.sliders[0].max)
        with self.holding_redraws():
            for slider, value in zip(self.sliders, values):
                slider.value = float(value)

    def make_uniform(self) -> None:
        """Give every outcome the same weight: the distribution of largest entropy."""
        self.set_weights(np.full(self.n_outcomes, max(self.sliders[0].max / 2, 0.1)))

    def reset(self) -> None:
        """Back to the initial weights."""
        self.set_weights(self._initial)

    def _build_figure(self) -> None:
        grid = self.fig.add_gridspec(1, 2, width_ratios=(4, 1))
        self.ax = self.fig.add_subplot(grid[0])
        self.gauge_ax = self.fig.add_subplot(grid[1])
        self._bars = plotting.plot_pmf(self.ax, np.zeros(self.n_outcomes), self.labels)
        for bar in self._bars:
            self.animate(bar)
        self.ax.axhline(1 / self.n_outcomes, color="black", linestyle=":", linewidth=1.2,
                        label=f"uniform: $1/K = 1/{self.n_outcomes}$")
        self.ax.set(ylim=(0, 1.25), yticks=np.linspace(0, 1, 6),
                    title="$P(x)$, and over each bar its surprise $-\\log_2 P(x)$ in bits")
        self.ax.legend(loc="upper right")
        # Only the numbers move, as plain text (each glyph costs time to draw); a white box keeps the
        # dotted line of the uniform distribution from crossing a number.
        above = transforms.offset_copy(self.ax.transData, self.fig, y=3, units="points")
        self._surprises = [self.animate(self.ax.text(k, 0.0, "", transform=above, ha="center", va="bottom",
                                                     fontsize="small", bbox=_TEXT_BOX))
                           for k in range(self.n_outcomes)]
        self._gauge = self.animate(plotting.plot_entropy_gauge(self.gauge_ax, self.n_outcomes))
        above_gauge = transforms.offset_copy(self.gauge_ax.transData, self.fig, y=3, units="points")
        self._gauge_value = self.animate(self.gauge_ax.text(0, 0.0, "", transform=above_gauge, ha="center",
                                                            va="bottom", bbox=_TEXT_BOX))
        self.gauge_ax.set_title("$H(P)$")

    def update(self) -> None:
        p = self.probabilities                               # read from the sliders once per update
        heights = p if p is not None else np.zeros(self.n_outcomes)
        for bar, text, height in zip(self._bars, self._surprises, heights):
            bar.set_height(height)
            text.set_y(height)
            text.set_text(plotting.surprise_label(height) if p is not None else "")
        bits = float(entropy(p, base=2)) if p is not None else 0.0
        self._gauge.set_height(bits)
        self._gauge_value.set_y(bits)
        self._gauge_value.set_text(f"{bits:.3f}" if p is not None else "")
        self.render(self._describe(p, bits))

    def _describe(self, p, bits: float) -> str:
        """The status line of the distribution ``p`` (None while every weight is 0) of entropy ``bits``."""
        k = self.n_outcomes
        bound = f"at most log {k} = {np.log2(k):.4f} bits = {np.log(k):.4f} nats"
        if p is None:
            return f"every weight is 0: raise a slider to define a distribution ({bound})"
        shown = ", ".join(_number(v, 3) for v in p)
        return f"P = ({shown}): H(P) = {bits:.4f} bits = {float(entropy(p)):.4f} nats, {bound}"


class KLAsymmetryExplorer(FigureWidget):
    """Fit one Gaussian to a two-component mixture by forward and by reverse KL (notebook 02).

    The target is ``p(x) = w_0 N(x; -d/2, sigma^2) + w_1 N(x; d/2, sigma^2)``
    with the separation ``d`` on a slider. The left panel shows the Gaussian
    ``q`` minimising ``D_KL(p || q)`` (moment matching: it covers both
    modes), the right one the Gaussian minimising ``D_KL(q || p)`` (it picks
    one mode once they are far enough apart). Each panel lists both
    divergences of its fit, so each fit is seen to be best in its own
    criterion only. Divergences are in nats, on the grid. The fits at every
    position of the slider are computed when the widget is built (a few
    milliseconds each), so that moving the slider only redraws.

    Parameters
    ----------
    separation : float
        Initial distance ``d`` between the component means.
    weights : (float, float)
        Mixing weights, summing to one.
    sigma : float
        Standard deviation of each component.
    max_separation : float
        Upper end of the slider; the grid covers the fits at this separation.
    n_points : int
        Grid points (the fits and divergences are computed on the grid).

    Attributes
    ----------
    slider : ipywidgets.FloatSlider
    x : ndarray
        The grid.
    forward_fit, reverse_fit : (float, float)
        ``(mu, sigma)`` of the two fits shown.
    divergences : dict
        ``(fit, direction) -> nats`` with fit in {"forward", "reverse"} and
        direction in {"p||q", "q||p"}.
    """

    def __init__(self, separation: float = 6.0, weights=(0.5, 0.5), sigma: float = 1.0,
                 max_separation: float = 8.0, n_points: int = 1001):
        self.weights, self.sigma = as_float_array(weights, "weights"), check_positive(sigma, "sigma")
        max_separation = slider_maximum(max_separation, "max_separation", step=SEPARATION_STEP,
                                        most_positions=MOST_SEPARATIONS)
        separation = on_slider(separation, "separation", 0.0, max_separation)
        if check_positive_int(n_points, "n_points") > 100_000:
            raise ValueError(f"n_points = {n_points} would take minutes: the fits are computed on the grid at "
                             "every separation; use at most 100000 (1001 is plenty).")
        gaussian_mixture_pdf(0.0, self.weights, [0.0, 0.0], [self.sigma, self.sigma])   # validates them
        # The grid reaches 8 standard deviations of the widest fit (the moment-matched one at the
        # largest separation), so that KL(q || p) misses no tail; the figure shows the middle.
        reach = max_separation / 2 + 8 * np.hypot(self.sigma, max_separation / 2)
        self.x = np.linspace(-reach, reach, n_points)
        self.xlim = (-(max_separation / 2 + 5 * self.sigma), max_separation / 2 + 5 * self.sigma)
        as_drawn_limits(self.xlim, "sigma")                            # the view: 5 sigma beyond the means
        self.slider = widgets.FloatSlider(separation, min=0.0, max=max_separation, step=SEPARATION_STEP,
                                          description="separation d", continuous_update=True,
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="420px"))
        self._fits = {}
        for position in np.arange(self.slider.min, self.slider.max + self.slider.step / 2, self.slider.step):
            self._fit(float(position))
        super().__init__((10, 3.4), [self.slider])
        self.start(self.slider)

    @property
    def separation(self) -> float:
        return float(self.slider.value)

    @property
    def means(self) -> np.ndarray:
        """The component means ``(-d/2, d/2)``."""
        return np.array([-0.5, 0.5]) * self.separation

    def target(self) -> np.ndarray:
        """The mixture density ``p`` on the grid."""
        return np.exp(self._log_target(self.separation))

    def _log_target(self, separation: float) -> np.ndarray:
        """``log p`` on the grid at ``separation``."""
        return gaussian_mixture_logpdf(self.x, self.weights, [-separation / 2, separation / 2], [self.sigma] * 2)

    # (fit, the divergence it minimises, the other one, title, line colour and style)
    _FITS = (("forward", "p||q", "q||p", "minimise KL(p \u2016 q): mass-covering", plotting.PALETTE[0], "--"),
             ("reverse", "q||p", "p||q", "minimise KL(q \u2016 p): mode-seeking", plotting.PALETTE[1], "-."))

    def _build_figure(self) -> None:
        self.axes = self.fig.subplots(1, 2, sharey=True)
        self._artists, self._numbers = {}, {}
        zeros = np.zeros_like(self.x)
        for ax, (fit, minimised, other, title, color, style) in zip(self.axes, self._FITS):
            artists = plotting.plot_density_and_fit(ax, self.x, zeros, zeros, "$q^*$: the best Gaussian",
                                                    color, style)
            self._artists[fit] = [self.animate(artist) for artist in artists]
            ax.legend(loc="upper right", fontsize="small", handlelength=2.6)
            ax.set(xlim=self.xlim)
            ax.set_title(title, fontsize="medium")
            # Text is slow to draw (~0.1 ms a glyph): the names stay in the background, only the numbers move.
            names = ax.text(0.02, 0.97, f"{_KL[minimised]} =\n{_KL[other]} =",
                            transform=ax.transAxes, va="top", fontsize="small")
            self._numbers[fit] = self.animate(ax.annotate("", (1, 0), xycoords=names, xytext=(4, 0),
                                                          textcoords="offset points", va="bottom",
                                                          fontsize="small"))
        peak = 1 / (np.sqrt(2 * np.pi) * self.sigma)
        self.axes[0].set(ylabel="density", ylim=(0, 1.4 * peak))

    def _fit(self, separation: float) -> tuple:
        """The two fits at ``separation`` and their four divergences, ``(fits, divergences)``, kept: a fit takes
        milliseconds, the curves drawn from it (computed again at each change) microseconds."""
        if separation not in self._fits:
            log_p = self._log_target(separation)
            p = np.exp(log_p)
            fits = {"forward": fit_gaussian_forward_kl(p, self.x), "reverse": fit_gaussian_reverse_kl(p, self.x)}
            divergences = {}
            for fit, (mu, sigma) in fits.items():      # from logs: the far tails underflow as densities
                log_q = normal_logpdf(self.x, mu, sigma)
                divergences[fit, "p||q"] = float(kl_divergence_from_log_densities(log_p, log_q, self.x))
                divergences[fit, "q||p"] = float(kl_divergence_from_log_densities(log_q, log_p, self.x))
            self._fits[separation] = fits, divergences
        return self._fits[separation]

    def update(self) -> None:
        fits, self.divergences = self._fit(self.separation)
        self.forward_fit, self.reverse_fit = fits["forward"], fits["reverse"]
        p = self.target()
        corners = plotting.filled_area(self.x, p)
        for fit, minimised, other, *_ in self._FITS:
            area, p_line, q_line = self._artists[fit]
            area.set_xy(corners)
            p_line.set_ydata(p)
            q_line.set_ydata(normal_pdf(self.x, *fits[fit]))
            self._numbers[fit].set_text(f"{_number(self.divergences[fit, minimised], 3)}\n"
                                        f"{_number(self.divergences[fit, other], 3)}")
        self.render(self._describe())

    def _describe(self) -> str:
        (mu_f, sigma_f), (mu_r, sigma_r) = self.forward_fit, self.reverse_fit
        return (f"d = {self.separation:.2f}: min KL(p||q) gives N({_number(mu_f, 2)}, {_number(sigma_f, 2)}^2), "
                f"KL(p||q) = {_number(self.divergences['forward', 'p||q'], 4)}; "
                f"min KL(q||p) gives N({_number(mu_r, 2)}, {_number(sigma_r, 2)}^2), "
                f"KL(q||p) = {_number(self.divergences['reverse', 'q||p'], 4)} nats")


class CLTExplorer(FigureWidget):
    """The central limit theorem: standardised sums of ``n`` draws against ``N(0, 1)`` (notebook 02).

    For each source distribution one pool of ``n_max x n_repeats`` draws is
    made up front (:class:`~lecture_utils.probability.PartialSums`, which keeps
    a tenth of the sums and draws the rest again on demand), so moving the
    slider or switching the source only takes ``Z_n`` from the pool and
    re-bins it: the picture is reproducible and the sums grow draw by draw as
    ``n`` rises. Bernoulli sums take whole-number values, so their ``Z_n`` lie on a
    lattice; their histogram has one bin per value, as wide as the spacing,
    so that its height ``P(Z_n = z) / spacing`` compares with the normal
    density. The status compares the sample skewness of ``Z_n`` with its
    exact value ``gamma_1 / sqrt(n)``.

    Parameters
    ----------
    n : int
        Initial number of draws per sum.
    distribution : {"exponential", "uniform", "bernoulli"}
        The initial source, a key of ``CLT_DISTRIBUTIONS``: skewed and
        continuous, symmetric, or skewed and discrete.
    n_max, n_repeats : int
        Largest ``n`` on the slider, and sums per ``n``.
    random_state : int, numpy Generator or None
        Seeds each source's pool.

    Attributes
    ----------
    slider : ipywidgets.IntSlider
    source : ipywidgets.ToggleButtons
        The distribution of the draws.
    pools : dict of str to PartialSums
        ``pools[name].standardized(n)`` gives the ``Z_n``.
    """

    #: The sources offered, as (button label, key of CLT_DISTRIBUTIONS).
    SOURCES = (("exponential", "exponential"), ("uniform", "uniform"), ("Bernoulli", "bernoulli"))

    def __init__(self, n: int = 1, distribution: str = "exponential", n_max: int = 100,
                 n_repeats: int = 20_000, random_state=0):
        keys = [key for _, key in self.SOURCES]
        check_option(distribution, "distribution", keys)
        n_max, n_repeats = check_positive_int(n_max, "n_max"), check_positive_int(n_repeats, "n_repeats")
        n = on_slider(n, "n", 1, n_max, integer=True)
        check_draws(len(keys) * n_max * n_repeats, "n_max and n_repeats")
        check_size(len(keys) * n_max * n_repeats, "the partial sums", "n_max and n_repeats")
        self.pools = {key: PartialSums(key, n_max, n_repeats, random_state) for key in keys}
        self._continuous_edges = np.linspace(-4.0, 5.0, 73)
        self.slider = widgets.IntSlider(n, min=1, max=n_max, description="n draws",
                                        continuous_update=True, layout=widgets.Layout(width="360px"))
        self.play = widgets.Play(n, min=1, max=n_max, interval=250, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.source = widgets.ToggleButtons(options=self.SOURCES, value=distribution,
                                            style={"button_width": "auto"})
        super().__init__((8, 3.8), [self.play, self.slider, self.source])
        self.start(self.slider, self.source)

    @property
    def n(self) -> int:
        return int(self.slider.value)

    @property
    def distribution(self) -> str:
        """The key of the source shown, e.g. ``"exponential"``."""
        return self.source.value

    @property
    def sums(self) -> PartialSums:
        """The pool of the source shown."""
        return self.pools[self.distribution]

    @property
    def edges(self) -> np.ndarray:
        """Bin edges of the histogram: fixed for a continuous source, one bin per value for a lattice."""
        values = standardized_sum_values(self.distribution, self.n)
        return self._continuous_edges if values is None else plotting.bin_edges_around(values)

    def current(self) -> np.ndarray:
        """The ``Z_n`` shown, shape (n_repeats,)."""
        return self.sums.standardized(self.n)

    def _build_figure(self) -> None:
        self.ax = self.fig.subplots()
        edges = self._continuous_edges
        z = np.linspace(edges[0], edges[-1], 400)
        self._steps, normal = plotting.plot_standardized_histogram(self.ax, self.current(), edges, z,
                                                                   normal_pdf(z))
        self.animate(self._steps)
        self.animate(normal)                             # redrawn over the moving histogram
        self.ax.set(ylim=(0, 1.05), title="the standardised sum $Z_n = (S_n - n\\mu)/(\\sqrt{n}\\,\\sigma)$ "
                                          "of $n$ draws")
        self.ax.legend(loc="upper right")

    def update(self) -> None:
        edges = self.edges
        self._steps.set_data(plotting.histogram_density(self.current(), edges), edges)
        self.render(self._describe())

    def _describe(self) -> str:
        return (f"n = {self.n}, {CLT_DISTRIBUTIONS[self.distribution].description}: "
                f"skewness of Z_n {_number(sample_skewness(self.current()), 3)} over {self.sums.n_repeats} sums "
                f"(exact {_number(sum_skewness(self.distribution, self.n), 3)}; the normal's is 0)")
