"""The perceptron stepper of notebook 01, and its explorer with controls for the data's margin, the order of
the examples and the learning rate."""

from __future__ import annotations

import numbers

import ipywidgets as widgets
import numpy as np
from matplotlib.patches import Polygon

from .. import plotting
from .._validation import check_positive, check_positive_int, check_random_state
from ..datasets import make_separable
from ..perceptron import convergence_curves, perceptron_trace
from ._base import FigureWidget, button, labelled_slider, on_slider, weakly

#: Figure sizes in inches (100 px each on screen): with the controls and the status line the
#: widget fits about 600 px of height and the 930 px of a notebook's width, as on a 1366 x 768 projector.
FIGSIZE, PROOF_FIGSIZE = (4.9, 4.6), (9.3, 4.6)


class PerceptronStepper(FigureWidget):
    """Step through the perceptron's updates on 2-D data (notebook 01).

    The left panel shows the data, the decision regions and boundary of
    ``w_k`` with its normal as an arrow, and circles the misclassified example
    that triggers the next update. Given a separating ``w_star``, three more
    panels follow the inequalities of the convergence proof as ``k`` grows,
    with a marker wherever ``cos(alpha_k)`` fell.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    t : array-like of shape (n_samples,), values in {-1, +1}
    w_star : array-like of shape (3,), optional
        Separating weights ``(w_1, w_2, b)`` for the proof panels.
    max_epochs, shuffle, random_state
        As for :func:`~lecture_utils.perceptron.perceptron_trace`.
    k : int
        The update shown first, from 0 (the start, ``w_0 = 0``) to the number of updates.

    Attributes
    ----------
    trace : PerceptronTrace
    slider : ipywidgets.IntSlider
        The number of updates ``k`` shown; ``step`` and ``reset`` move it.
    """

    def __init__(self, X, t, w_star=None, max_epochs=50, shuffle=False, random_state=None, k=0):
        self.trace = perceptron_trace(X, t, max_epochs=max_epochs, shuffle=shuffle,
                                      random_state=random_state)
        if self.trace.X.shape[1] != 3:
            raise ValueError(f"X must have 2 features to be drawn; got {self.trace.X.shape[1] - 1}.")
        n_updates = self.trace.n_updates
        if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= k <= n_updates:
            raise ValueError(f"k must be a whole number of updates from 0 to {n_updates}; got {k!r}.")
        self.curves = None if w_star is None else convergence_curves(self.trace, w_star)
        self._mistakes = self.trace.n_mistakes()
        self.slider = widgets.IntSlider(int(k), 0, n_updates, description="update k",
                                        continuous_update=True)
        self.play = widgets.Play(int(k), 0, n_updates, interval=600, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        controls = [button("Reset", "fast-backward", self.reset),
                    button("Step", "step-forward", self.step), self.play, self.slider]
        super().__init__(PROOF_FIGSIZE if self.curves else FIGSIZE, controls)
        self.start(self.slider)

    @property
    def k(self) -> int:
        """Number of updates applied to the weights shown."""
        return self.slider.value

    @property
    def weights(self) -> np.ndarray:
        """The weights ``w_k = (w_1, w_2, b)`` shown."""
        return self.trace.weights[self.k]

    def step(self) -> None:
        """Apply the next update (no-op once the run has ended)."""
        self.slider.value = min(self.k + 1, self.trace.n_updates)

    def reset(self) -> None:
        """Go back to ``w_0 = 0``."""
        self.slider.value = 0

    def _build_figure(self) -> None:
        grid = self.fig.add_gridspec(3, 2, width_ratios=(1, 1.2)) if self.curves else None
        self.ax = self.fig.add_subplot(grid[:, 0] if grid else 111)
        data = self.trace.X[:, :2]
        self.xlim, self.ylim = plotting.padded_limits(data, pad=0.12)
        negative, positive = plotting.region_colormap(2).colors
        self.ax.set_facecolor(negative)                      # predicted -1 everywhere ...
        self._positive = self.animate(Polygon(np.zeros((0, 2)), closed=True, color=positive,
                                              zorder=0, linewidth=0))
        self.ax.add_patch(self._positive)                    # ... but in the region x^T w + b > 0
        self.ax.grid(False)
        self._points = plotting.plot_data(self.ax, data, self.trace.t.astype(int))
        for points in self._points:
            self.animate(points)                             # drawn over the moving regions
        self._boundary, self._arrow = plotting.plot_hyperplane(self.ax, [1.0, 0.0], 0.0,
                                                              xlim=self.xlim, ylim=self.ylim)
        self.animate(self._boundary)
        self.animate(self._arrow)
        self._next = self.animate(plotting.plot_markers(self.ax, np.empty((0, 2)), s=260, markerfacecolor="none",
                                                        edgecolors="black", linewidths=2.2, zorder=6,
                                                        label="next update"))
        self.ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal")
        # above the panels (the moving regions would hide it), in one row with the proof's legend
        self.fig.legend(handles=self.ax.get_legend_handles_labels()[0], loc="outside upper left", ncol=3,
                        fontsize="small", handletextpad=0.3)
        self._proof_lines, self._dips = [], None
        if self.curves:
            proof_axes = [self.fig.add_subplot(grid[row, 1]) for row in range(3)]
            self._proof_lines, self._dips = plotting.plot_proof_curves(proof_axes, self.curves, upto=0)
            for line in [*(line for pair in self._proof_lines for line in pair), self._dips]:
                self.animate(line)

    def update(self) -> None:
        k, w = self.k, self.weights
        self._positive.set_xy(plotting.half_plane_polygon(w[:2], w[2], self.xlim, self.ylim))
        segment = plotting.hyperplane_segment(w[:2], w[2], self.xlim, self.ylim)
        self._boundary.set_data(*segment.T)
        tail, head = plotting.normal_arrow(w[:2], w[2], self.xlim, self.ylim)
        self._arrow.set_visible(bool(np.all(np.isfinite(head))))
        if self._arrow.get_visible():
            self._arrow.xy, self._arrow.xyann = head, tail
        upcoming = self.trace.X[self.trace.index[k], :2] if k < self.trace.n_updates else [np.nan, np.nan]
        self._next.set_data([upcoming[0]], [upcoming[1]])
        for (value, bound, _), (value_line, bound_line) in zip(plotting.PROOF_PANELS, self._proof_lines):
            value_line.set_data(self.curves.k[:k + 1], getattr(self.curves, value)[:k + 1])
            bound_line.set_data(self.curves.k[:k + 1], getattr(self.curves, bound)[:k + 1])
        if self.curves is not None:
            dips = self.curves.dips[self.curves.dips <= k]
            self._dips.set_data(dips, self.curves.cosine[dips])
        self.render(self._describe())

    def _describe(self) -> str:
        trace, k = self.trace, self.k
        mistakes = int(self._mistakes[k])
        w = ", ".join(f"{v:.2f}" for v in trace.weights[k])
        if k < trace.n_updates:
            i = trace.index[k]
            where = "start" if k == 0 else f"epoch {trace.epoch[k - 1]}, update {k} of {trace.n_updates}"
            text = (f"{where}: w = ({w}), {mistakes} mistakes left; "
                    f"next: example {i} (t = {trace.t[i]:+.0f}) is misclassified")
        elif trace.converged:
            text = f"converged after {k} updates in {trace.n_epochs} epochs: w = ({w}), no mistakes left"
        else:
            text = (f"gave up after {trace.n_epochs} epochs and {k} updates: {mistakes} mistakes left "
                    "(the data may not be linearly separable)")
        if self.curves is not None:
            text += f" | bound: at most {self.curves.max_updates:.0f} updates"
            if k > 0:
                cosine, before = self.curves.cosine[k], self.curves.cosine[k - 1]
                direction = "down" if cosine < before else "up" if cosine > before else "unchanged"
                change = "" if k == 1 else f", {direction} from {before:.3f}"
                text += f" | cos α_k = {cosine:.3f}{change}"
        return text


class PerceptronExplorer(PerceptronStepper):
    """The stepper with controls for the data: its margin, the order of the examples, the learning rate.

    The data are :func:`~lecture_utils.datasets.make_separable` points with the
    margin chosen (the same seed, so the same generating line); the run is the
    perceptron's on them, with the examples in their fixed order or shuffled
    every epoch, and the learning rate ``eta``. Any change starts a new run,
    shown at its last update (the boundary it stops at); the step controls then
    replay it. From ``w = 0``, ``eta`` only scales every ``w_k``: the same
    boundaries, the same updates (notebook 01, section 6).

    Parameters
    ----------
    n_samples : int
    margin : float
        One of the margin slider's positions, from 0.02 to 0.3 in steps of 0.02.
    order : {"fixed", "shuffled"}
    learning_rate : float
        One of :attr:`LEARNING_RATES`.
    random_state : int
        Seeds the data and the shuffled order.

    Attributes
    ----------
    margin_slider : ipywidgets.FloatSlider
    order : ipywidgets.ToggleButtons
    learning_rate_slider : ipywidgets.SelectionSlider
    """

    #: The learning rates offered, a factor of 10 apart.
    LEARNING_RATES = (0.01, 0.1, 1.0, 10.0, 100.0)
    MARGINS = (0.02, 0.3, 0.02)                      # the margin slider: low, high, step

    def __init__(self, n_samples=40, margin=0.1, order="fixed", learning_rate=1.0, random_state=1):
        self.n_samples = check_positive_int(n_samples, "n_samples")
        check_random_state(random_state)
        if isinstance(random_state, bool) or not isinstance(random_state, numbers.Integral):
            raise TypeError(f"random_state must be a whole number (a seed); got {random_state!r}.")
        self.random_state = int(random_state)
        low, high, step = self.MARGINS
        margin = on_slider(margin, "margin", low, high, step=step)
        if order not in ("fixed", "shuffled"):
            raise ValueError(f"order must be 'fixed' or 'shuffled'; got {order!r}.")
        learning_rate = check_positive(learning_rate, "learning_rate")
        if not np.any(np.isclose(self.LEARNING_RATES, learning_rate, rtol=1e-9, atol=0)):
            raise ValueError(f"learning_rate must be one of {self.LEARNING_RATES}; got {learning_rate!r}.")
        learning_rate = float(self.LEARNING_RATES[int(np.argmin(np.abs(np.log(self.LEARNING_RATES)
                                                                     - np.log(learning_rate))))])
        self.margin_slider = labelled_slider(widgets.FloatSlider, round(margin, 2), low, high, step, "data margin",
                                             width="250px", readout_format=".2f")
        self.order = widgets.ToggleButtons(options=[("fixed order", "fixed"), ("shuffled", "shuffled")], value=order,
                                           style={"button_width": "auto"})
        self.learning_rate_slider = widgets.SelectionSlider(
            options=[(f"{rate:g}", rate) for rate in self.LEARNING_RATES], value=learning_rate,
            description="learning rate η", continuous_update=True, style={"description_width": "initial"},
            layout=widgets.Layout(width="270px"))
        self.curves = None
        self._run()
        n_updates = self.trace.n_updates
        self.slider = widgets.IntSlider(n_updates, 0, n_updates, description="update k", continuous_update=True)
        self.play = widgets.Play(n_updates, 0, n_updates, interval=600, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        steps = widgets.HBox([button("Reset", "fast-backward", self.reset), button("Step", "step-forward", self.step),
                              self.play, self.slider])
        data = widgets.HBox([self.margin_slider, self.order, self.learning_rate_slider])
        FigureWidget.__init__(self, FIGSIZE, [widgets.VBox([steps, data])])
        self.start(self.slider)
        for control in (self.margin_slider, self.order, self.learning_rate_slider):
            control.observe(weakly(self._new_run), names="value")

    @property
    def margin(self) -> float:
        return float(self.margin_slider.value)

    @property
    def learning_rate(self) -> float:
        return float(self.learning_rate_slider.value)

    def _run(self) -> None:
        """Draw the data of the current margin and run the perceptron on them."""
        self.data = make_separable(self.n_samples, margin=self.margin, random_state=self.random_state)
        shuffled = self.order.value == "shuffled"
        self.trace = perceptron_trace(self.data.X, self.data.y, max_epochs=1000, shuffle=shuffled,
                                      random_state=self.random_state if shuffled else None,
                                      learning_rate=self.learning_rate)
        self._mistakes = self.trace.n_mistakes()

    def _new_run(self, change=None) -> None:
        """A control of the data changed: run again, and show the run's last update."""
        self._run()
        with self.holding_redraws():
            n_updates = self.trace.n_updates
            self.slider.max = self.play.max = max(n_updates, 1)
            self.slider.value = self.play.value = n_updates
            t = self.trace.t
            for points, label in zip(self._points, (-1, 1)):
                points.set_data(*self.trace.X[t == label, :2].T)

    def _describe(self) -> str:
        order = "in a fixed order" if self.order.value == "fixed" else "shuffled every epoch"
        return (f"margin {self.margin:.2f}, {order}, η = {self.learning_rate:g} | " + super()._describe()
                .replace("converged after", "stops after"))
