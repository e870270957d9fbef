"""The widgets of notebook 04, logistic regression: the learning rate of gradient descent and SGD on a
loss surface, and the effect of an L2 or L1 penalty on the boundary and the coefficients."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

import ipywidgets as widgets
import numpy as np

from .. import plotting
from .._validation import (as_class_labels, as_float_array, as_scalar, check_flag, check_known_labels, check_option,
                           check_positive, check_positive_int, check_random_state, check_scale)
from ..logistic import (LogisticLoss, LogisticRegression, descent_paths, learning_rate_bound, loss_grid, loss_surface,
                        regularization_path, sigmoid)
from ..preprocessing import PolynomialFeatures, StandardScaler
from ._base import LABEL_STYLE, FigureWidget, button, on_slider, weakly


#: Cells per side of the regularisation explorer's decision regions: matplotlib draws an 80 x 80
#: image twice as fast as a 100 x 100 one at this size, and the boundary looks as smooth.
REGION_GRID = 80

#: Exponents as superscripts, for the names of the monomials ("x1^2 x2" is shown as "x\u2081\u00b2x\u2082").
SUPERSCRIPTS = str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")

#: The learning rates of the explorer's slider: round numbers on a log scale, finer around the safe
#: step 2/L = 0.661 of notebook 04's data, from a crawl to far beyond the bound of either view.
LEARNING_RATES = (0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0,
                  20.0, 30.0, 50.0, 100.0)


@dataclass
class _View:
    """One parameterisation of the model for the learning-rate explorer: raw or standardised input."""

    X: np.ndarray                 # the input as the model sees it, shape (N, 1)
    curve_input: np.ndarray       # the x grid of the data panel, in the same units
    optimum: np.ndarray           # (w*, b*)
    bound: float                  # 2 / L: every full-batch step below it lowers the loss
    limits: tuple                 # square limits of the contour panel, before any zooming out
    labels: tuple = ("", "")

    def zoomed(self, zoom: int) -> tuple:
        """The limits ``zoom`` times as wide, about the same centre."""
        return tuple(((low + high) / 2 - zoom * (high - low) / 2, (low + high) / 2 + zoom * (high - low) / 2)
                     for low, high in self.limits)

    def zoom_for(self, weights: np.ndarray) -> int:
        """The smallest power of two by which to zoom out so that every point of ``weights`` is in the frame
        (with a margin of 5% of the frame), so a run that leaps far from the optimum stays visible."""
        centre = np.array([(low + high) / 2 for low, high in self.limits])
        half = (self.limits[0][1] - self.limits[0][0]) / 2
        reach = np.max(np.abs(weights - centre)) / (0.95 * half)
        return 1 if reach <= 1 else int(2 ** np.ceil(np.log2(reach)))


class LearningRateExplorer(FigureWidget):
    """Gradient descent and SGD on the logistic loss of one input ``x`` and a bias, step by step (notebook 04).

    The model is ``p(t = 1 | x) = sigma(w x + b)``, so the loss is a surface
    over two weights, ``(w, b)``. The left panel shows its contours (levels
    of ``E(w, b) - E(w*, b*)`` evenly spaced in log scale) with the path of
    the optimiser up to step ``k``; the middle panel ``E(w_k) - E(w*)``
    against ``k`` on a log scale; the right panel the data and the model's
    curve ``sigma(w_k x + b_k)``. A run that leaps beyond the contour panel
    (a large ``eta``) is shown zoomed out by a power of two, just enough to
    hold its whole path, with the unzoomed frame as a dashed square.
    A step uses all the examples (full batch),
    a minibatch, or one example, in a fresh random order every epoch; the
    loss drawn is always that of all the examples. With "standardise x"
    the model sees ``(x - mean) / std`` instead, and the weights are those
    of that input: the same models, a rounder surface. Every run (each
    learning rate, batch size and view) is made when it is built, those of
    a view and batch size at once (:func:`~lecture_utils.logistic.descent_paths`),
    with the contours of every frame they are shown in, so that a control
    only redraws. The background of both views, unzoomed, is drawn whenever
    the figure is drawn afresh, so that the toggle only shows the other.

    Parameters
    ----------
    x : array-like of shape (N,)
        The input.
    t : array-like of shape (N,)
        Two labels; the larger is ``t = 1``.
    learning_rate : float
        The initial ``eta``, one of ``learning_rates``.
    batch_size : int or None
        The initial choice: None (full batch), ``minibatch`` or 1.
    minibatch : int
        The size of the minibatch choice, between 2 and N - 1.
    standardize : bool
        The initial state of the toggle.
    n_updates : int
        Steps (updates) of each run.
    k : int
        The step shown first.
    learning_rates : sequence of float
        The increasing values of the slider (exact values, so that a browser never rounds them).
    random_state : int
        Seeds the order of the examples in SGD.

    Attributes
    ----------
    slider : ipywidgets.IntSlider
        The step ``k`` shown; ``step()`` and ``reset()`` move it.
    learning_rate_slider : ipywidgets.SelectionSlider
        Its value is ``eta``.
    batch : ipywidgets.ToggleButtons
        Its value is the batch size: N, ``minibatch`` or 1.
    standardize : ipywidgets.Checkbox
    path : lecture_utils.logistic.DescentPath
        The run shown.
    """

    def __init__(self, x, t, learning_rate=0.3, batch_size=None, minibatch=10, standardize=False, n_updates=150,
                 k=0, learning_rates=LEARNING_RATES, random_state=0):
        x = as_float_array(x, "x")
        if x.ndim != 1:
            raise ValueError(f"x must be one input per example, shape (N,); got shape {x.shape}.")
        check_scale(x, "x", "the logistic loss's Hessian (sums of products of x)")
        self.x, self.t = x, np.asarray(t)
        classes, index = as_class_labels(self.t, x.size)
        if classes.size != 2:
            raise ValueError(f"t must hold two labels; got {classes.size}.")
        self.targets = index
        N = x.size
        minibatch = check_positive_int(minibatch, "minibatch")
        if not 2 <= minibatch < N:
            raise ValueError(f"minibatch must be between 2 and N - 1 = {N - 1}; got {minibatch}.")
        rates = as_float_array(learning_rates, "learning_rates").reshape(-1)
        if rates.size < 2 or np.any(np.diff(rates) <= 0) or rates[0] <= 0:
            raise ValueError("learning_rates must be at least two increasing learning rates > 0, "
                             "e.g. (0.01, 0.1, 1.0, 10.0).")
        chosen = np.isclose(rates, check_positive(learning_rate, "learning_rate"), rtol=1e-9, atol=0)
        if not chosen.any():
            raise ValueError(f"learning_rate must be one of learning_rates ({rates[0]:g} to {rates[-1]:g}); "
                             f"got {learning_rate}.")
        self.n_updates = check_positive_int(n_updates, "n_updates")
        if batch_size not in (None, minibatch, 1):
            raise ValueError(f"batch_size must be None (full batch), minibatch = {minibatch} or 1; got {batch_size!r}.")
        k = on_slider(k, "k", 0, self.n_updates, integer=True)
        standardize = check_flag(standardize, "standardize")
        check_random_state(random_state)             # now, not when a minibatch run first needs it
        self.random_state = random_state
        self.scaler = StandardScaler().fit(x[:, None])
        self.views = {flag: self._view(flag) for flag in (False, True)}
        # the two views are the same models, so they share the minimum E(w*)
        self.minimum = float(loss_surface(x[:, None], index, self.views[False].optimum[:1],
                                          self.views[False].optimum[1]))

        self.slider = widgets.IntSlider(int(k), 0, self.n_updates, description="step k", style=LABEL_STYLE)
        self.play = widgets.Play(int(k), 0, self.n_updates, interval=150, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.learning_rate_slider = widgets.SelectionSlider(
            options=[(f"{rate:g}", float(rate)) for rate in rates], value=float(rates[chosen.argmax()]),
            description="learning rate \u03b7", style=LABEL_STYLE)
        self.batch = widgets.ToggleButtons(options=[("full batch", N), (f"minibatch of {minibatch}", minibatch),
                                                    ("one example", 1)],
                                           value=N if batch_size is None else batch_size,
                                           style={"button_width": "auto"})
        self.standardize = widgets.Checkbox(standardize, description="standardise x", indent=False,
                                            layout=widgets.Layout(width="auto"))
        rows = widgets.VBox([
            widgets.HBox([button("Reset", "fast-backward", self.reset), button("Step", "step-forward", self.step),
                          self.play, self.slider]),
            widgets.HBox([self.learning_rate_slider, self.batch, self.standardize])])
        super().__init__((10.0, 3.7), [rows])
        self.path = None
        self._runs = {}                                          # (standardised, eta, B) -> its run
        for standardized in self.views:
            for _, batch in self.batch.options:
                self._make_runs(standardized, [rate for _, rate in self.learning_rate_slider.options], batch)
        self._frames = {}                                        # (standardised, zoom) -> its held artists
        self._shown_view, self.zoom = None, 1
        for control in (self.learning_rate_slider, self.batch, self.standardize):
            control.observe(weakly(self._new_run), names="value")
        self.start(self.slider)

    # ------------------------------------------------------------------ the model's state

    def _view(self, standardized: bool) -> _View:
        """The input, optimum, safe step and plot limits of the raw or the standardised input."""
        curve = np.linspace(self.x.min(), self.x.max(), 200)[:, None]
        X = self.x[:, None]
        if standardized:
            X, curve = self.scaler.transform(X), self.scaler.transform(curve)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")                      # a tiny data set may be separable
            model = LogisticRegression(solver="newton", tol=1e-10).fit(X, self.targets)
        optimum = np.r_[model.coef_, model.intercept_]
        labels = (("weight w\u2032 of the standardised x", "bias b\u2032") if standardized
                  else ("weight w", "bias b"))
        return _View(X, curve, optimum, learning_rate_bound(X), plotting.square_view(np.zeros(2), optimum),
                     labels=labels)

    @property
    def view(self) -> _View:
        return self.views[self.standardize.value]

    @property
    def learning_rate(self) -> float:
        return self.learning_rate_slider.value

    @property
    def batch_size(self) -> int:
        return self.batch.value

    @property
    def k(self) -> int:
        """The step shown (at most the number of updates the run took)."""
        return min(self.slider.value, self.path.n_updates)

    @property
    def weights(self) -> np.ndarray:
        """``(w_k, b_k)`` shown, in the units of the current view."""
        return self.path.weights[self.k]

    def step(self) -> None:
        """Show the next update."""
        self.slider.value = min(self.slider.value + 1, self.n_updates)

    def reset(self) -> None:
        """Back to the start ``w_0 = (0, 0)``."""
        self.slider.value = 0

    def _make_runs(self, standardized: bool, learning_rates, batch_size: int) -> None:
        """Make and keep the runs of one view and batch size at each of ``learning_rates``, in one pass."""
        runs = descent_paths(self.views[standardized].X, self.targets, learning_rates, n_updates=self.n_updates,
                             batch_size=batch_size, random_state=self.random_state)
        self._runs.update({(standardized, rate, batch_size): run for rate, run in zip(learning_rates, runs)})

    def _run(self) -> None:
        self.path = self._runs[self.standardize.value, self.learning_rate, self.batch_size]

    def _new_run(self, change=None) -> None:
        self.path = None
        self._on_change()

    # ------------------------------------------------------------------ drawing

    def _frame(self, standardized: bool, zoom: int) -> tuple:
        """The contours and optimum of one view at one zoom (and the unzoomed frame, dashed), made once."""
        key = (standardized, zoom)
        if key not in self._frames:
            view = self.views[standardized]
            limits = view.zoomed(zoom)
            w1, w2, loss = loss_grid(view.X, self.targets, *limits)
            contours, star = plotting.plot_loss_contours(self.ax_surface, w1, w2, loss - self.minimum,
                                                         view.optimum, levels=plotting.gap_levels(1e-3, 100 * zoom),
                                                         labels=view.labels)
            artists = [contours, star]
            if zoom > 1:
                (w_low, w_high), (b_low, b_high) = view.limits
                artists += self.ax_surface.plot([w_low, w_high, w_high, w_low, w_low],
                                                [b_low, b_low, b_high, b_high, b_low], "--", color="0.4", lw=1)
            self._frames[key] = tuple(self.hold(artist) for artist in artists)    # redrawn only with the frame
        return self._frames[key]

    def _build_figure(self) -> None:
        grid = self.fig.add_gridspec(1, 3, width_ratios=(1.05, 1, 1))
        self.ax_surface, self.ax_loss, self.ax_data = (self.fig.add_subplot(grid[0, j]) for j in range(3))
        self.ax_surface.set_box_aspect(1)
        for standardized in self.views:
            self._frame(standardized, 1)
        self.hold(self.ax_surface.plot([0], [0], "o", color="black", markersize=6, zorder=5)[0])   # the start
        self.ax_surface.set_title("the loss surface and the path", fontsize="medium")
        self._path_line = self.animate(plotting.plot_descent_path(self.ax_surface, np.zeros((1, 2))))
        self._now = self.animate(self.ax_surface.plot([0], [0], "o", color=plotting.PALETTE[1], markersize=8,
                                                      markeredgecolor="black", zorder=7)[0])

        self._gap_line = self.animate(plotting.plot_loss_gap(self.ax_loss, [1.0], color=plotting.PALETTE[1]))
        self._gap_now = self.animate(self.ax_loss.plot([0], [1.0], "o", color=plotting.PALETTE[1],
                                                       markeredgecolor="black", zorder=5)[0])
        self.ax_loss.set(xlim=(0, 1.03 * self.n_updates), ylim=(1e-8, 1e2), xlabel="update k",   # no clipped dot
                         ylabel="E(w\u2096) \u2212 E(w*)", title="excess loss over the minimum")
        self.ax_loss.title.set_fontsize("medium")

        plotting.plot_binary_targets(self.ax_data, self.x, self.targets)
        self._curve = self.animate(self.ax_data.plot(self.x[[0]], [0.5], color="black", zorder=4)[0])
        self.ax_data.set(xlabel="input x", ylabel="t and p(t = 1 | x)", title="the model \u03c3(w\u2096 x + b\u2096)")
        self.ax_data.title.set_fontsize("medium")
        self.freeze_layout()
        self.hold(self.ax_surface.xaxis)
        self.hold(self.ax_surface.yaxis)
        zooms = {(key[0], self.views[key[0]].zoom_for(run.weights)) for key, run in self._runs.items()}
        for standardized, zoom in sorted(zooms):              # every frame a run is shown in, after the layout
            self._frame(standardized, zoom)                   # (which the unzoomed ones set, as the picture shows)

    def _show_view(self, standardized: bool, zoom: int) -> None:
        """Show the contours and axes of a view at a zoom: only these (held) artists are redrawn."""
        shown = (standardized, zoom)
        self._frame(*shown)
        for key, artists in self._frames.items():
            for artist in artists:
                artist.set_visible(key == shown)
        view = self.views[standardized]
        (w1_lim, w2_lim), labels = view.zoomed(zoom), view.labels
        self.ax_surface.set(xlim=w1_lim, ylim=w2_lim, xlabel=labels[0], ylabel=labels[1])
        self._shown_view = shown
        self.redraw_held(key=shown)                             # each frame's background is drawn once

    def _draw_backgrounds(self) -> None:
        """Draw and keep the background of each view, unzoomed: its contours, star and axes (about 20 ms each,
        the pixels of the contour panel, about 1 MB each), so that the toggle only shows the other."""
        for standardized in self.views:
            self._show_view(standardized, 1)
            self.render()

    def update(self) -> None:
        if self._base is None:                                   # drawn afresh: when built, or after another widget
            self._draw_backgrounds()                             # took its pixels (see FigureWidget._keep_pixels)
        if self.path is None:
            self._run()
            self.zoom = self.view.zoom_for(self.path.weights)    # the whole run's, so the frame holds while it plays
        if self._shown_view != (self.standardize.value, self.zoom):
            self._show_view(self.standardize.value, self.zoom)
        k, path = self.k, self.path
        self._path_line.set_data(*path.weights[:k + 1].T)
        self._now.set_data(*path.weights[k:k + 1].T)
        gap = np.maximum(path.loss[:k + 1] - self.minimum, 1e-300)
        self._gap_line.set_data(np.arange(k + 1), gap)
        self._gap_now.set_data([k], gap[-1:])
        w, b = path.weights[k]
        self._curve.set_data(np.linspace(self.x.min(), self.x.max(), 200),
                             sigmoid(self.view.curve_input[:, 0] * w + b))
        self.render(self._describe())

    def _describe(self) -> str:
        k, path, view = self.k, self.path, self.view
        full_batch = path.batch_size == self.x.size
        unit = "step" if full_batch else "update"
        # 2/L guarantees descent for full-batch steps only: a minibatch's gradient is noisy, and a step
        # along it can raise the full loss at any learning rate
        safe = f"safe below {view.bound:.3g}" + ("" if full_batch else " for full-batch steps only")
        text = (f"{unit} {k}: loss {path.loss[k]:.4f}, |grad| {path.grad_norm[k]:.3g}, "
                f"lr {self.learning_rate:.3g} ({safe})")
        if not full_batch:
            text += f", epoch {path.epoch[k]:.2f}"
        if self.zoom > 1:
            text += f"; zoomed out {self.zoom}x to hold the path (dashed: the usual frame)"
        if path.n_updates < self.n_updates and self.slider.value > path.n_updates:
            text += f"; diverged: the loss overflowed after step {path.n_updates}"
        elif k > 0:
            rises = int(np.sum(np.diff(path.loss[:k + 1]) > 1e-12 * path.loss[1:k + 1]))   # not mere rounding
            if rises:
                text += f"; the loss rose at {rises} of {k} {unit}s"
        return text


class RegularizationExplorer(FigureWidget):
    """An L2 or L1 penalty on logistic regression with polynomial features of two inputs (notebook 04).

    The model is ``p(t = 1 | x) = sigma(w^T phi(x) + b)`` with ``phi(x)`` the
    monomials of ``x = (x_1, x_2)`` up to ``degree`` (standardised on the
    training data), fitted for each penalty strength of ``lambdas``. The left
    panel shows the training data with the decision regions of the fit; the
    middle panel its coefficients, one bar per monomial, with a cross where
    a weight is exactly zero; the right panel the mean negative
    log-likelihood on the training and on the validation data against
    ``lambda``. All the fits are made when the widget is built, each path
    from the largest ``lambda`` down, warm-started, by Newton's method (for
    L1 within the orthant of the weights' signs, notebook 05): a few steps
    each.

    Parameters
    ----------
    X, t : array-like of shape (N, 2) and (N,)
        The training data, two labels.
    X_val, t_val : array-like of shape (M, 2) and (M,)
        Validation data, scored but not fitted.
    degree : int
        Highest degree of the monomials.
    lambdas : array-like
        The penalty strengths of the slider, increasing.
    penalty : {"l2", "l1"}
        The penalty shown first.
    lam : float, optional
        The strength shown first, one of ``lambdas`` (the middle one by default).
    tol : float
        Gradient-norm tolerance of the fits (with L1, of the smallest subgradient). At small ``lambda``
        the data are nearly separable and the loss nearly flat along some directions, so a gradient norm
        of 1e-4 can leave weights 2 away from the optimum; Newton's method reaches 1e-10 in a step or two
        more.

    Attributes
    ----------
    slider : ipywidgets.SelectionSlider
        ``lambda``.
    penalty : ipywidgets.ToggleButtons
        ``"l2"`` or ``"l1"``.
    coef, intercept : dict
        Penalty -> fitted coefficients, shape (n_lambdas, n_features), and biases, shape (n_lambdas,).
    names : list of str
        The monomials, exponents as superscripts, e.g. ``"x\u2081\u00b2x\u2082"`` for ``x1^2 x2``.
    """

    def __init__(self, X, t, X_val, t_val, degree=3, lambdas=None, penalty="l2", lam=None, tol=1e-10):
        lambdas = np.logspace(-3, 0, 31) if lambdas is None else as_float_array(lambdas, "lambdas").reshape(-1)
        if lambdas.size < 2 or np.any(np.diff(lambdas) <= 0) or lambdas[0] <= 0:
            raise ValueError("lambdas must be at least two increasing penalty strengths > 0, "
                             "e.g. np.logspace(-3, 0, 31).")
        lam = lambdas[lambdas.size // 2] if lam is None else as_scalar(lam, "lam")
        if not np.any(np.isclose(lambdas, lam, rtol=1e-9, atol=0)):
            raise ValueError(f"lam must be one of the lambdas; got {lam!r}.")
        penalty = check_option(penalty, "penalty", ("l2", "l1"))      # now: ipywidgets' TraitError came after the fits
        self.X, self.X_val = self._two_inputs(X, "X"), self._two_inputs(X_val, "X_val")
        self.t, self.t_val = np.asarray(t), np.asarray(t_val)
        classes, _ = as_class_labels(self.t, self.X.shape[0])
        as_class_labels(self.t_val, self.X_val.shape[0], "t_val")
        check_known_labels(self.t_val, classes, "t_val")
        self.features = PolynomialFeatures(degree).fit(self.X)
        self.scaler = StandardScaler().fit(self.features.transform(self.X))
        self.names = [re.sub(r"\^(\d+)", lambda power: power.group(1).translate(SUPERSCRIPTS), name).replace(" ", "")
                      for name in self.features.feature_names(["x\u2081", "x\u2082"])]      # "x\u2081\u00b2x\u2082"
        Z = self._design(self.X)
        self.lambdas = lambdas
        self.coef, self.intercept, self.losses = {}, {}, {}
        for name in ("l2", "l1"):
            path = regularization_path(Z, self.t, lambdas, penalty=name, tol=tol)
            self.coef[name], self.intercept[name] = path.coef, path.intercept
            self.losses[name] = {"training": self._mean_nll(self.X, self.t, name),
                                 "validation": self._mean_nll(self.X_val, self.t_val, name)}
        self.slider = widgets.SelectionSlider(options=[(f"{value:.3g}", value) for value in lambdas],
                                              value=lambdas[np.argmin(np.abs(lambdas - lam))],
                                              description="penalty \u03bb", style=LABEL_STYLE,
                                              layout=widgets.Layout(width="420px"))
        self.penalty = widgets.ToggleButtons(options=[("L2 (ridge)", "l2"), ("L1 (lasso)", "l1")], value=penalty,
                                             style={"button_width": "auto"})
        super().__init__((10.0, 3.7), [self.slider, self.penalty])
        self.start(self.slider, self.penalty)

    @staticmethod
    def _two_inputs(X, name):
        X = as_float_array(X, name)
        if X.ndim != 2 or X.shape[1] != 2:
            raise ValueError(f"{name} must have two inputs per example, shape (N, 2), to be drawn; "
                             f"got shape {X.shape}.")
        return X

    def _design(self, X) -> np.ndarray:
        """The standardised monomials of ``X``."""
        return self.scaler.transform(self.features.transform(X))

    def _fits(self, name) -> np.ndarray:
        """Every fit of the penalty as a weight vector ``(w, b)``, shape (n_lambdas, n_features + 1)."""
        return np.column_stack([self.coef[name], self.intercept[name]])

    def _mean_nll(self, X, t, name) -> np.ndarray:
        """The mean negative log-likelihood of ``(X, t)`` under every fit, shape (n_lambdas,)."""
        return LogisticLoss(self._design(X), t).along(self._fits(name))

    def _accuracy(self, X, t) -> float:
        """The fraction of ``(X, t)`` that the fit shown classifies correctly."""
        _, index = as_class_labels(t, X.shape[0])
        return float(np.mean((self.decision_function(X) > 0) == index))

    @property
    def lam(self) -> float:
        return self.slider.value

    @property
    def index(self) -> int:
        return self.slider.index

    @property
    def coef_(self) -> np.ndarray:
        """The coefficients shown."""
        return self.coef[self.penalty.value][self.index]

    @property
    def intercept_(self) -> float:
        return float(self.intercept[self.penalty.value][self.index])

    def decision_function(self, X) -> np.ndarray:
        """The score ``w^T phi(x) + b`` of the fit shown, for points ``X`` of shape (n, 2)."""
        return self._design(self._two_inputs(X, "X")) @ self.coef_ + self.intercept_

    def _build_figure(self) -> None:
        grid = self.fig.add_gridspec(1, 3, width_ratios=(1.05, 1.15, 1))
        self.ax_data, self.ax_coef, self.ax_loss = (self.fig.add_subplot(grid[0, j]) for j in range(3))
        self.xlim, self.ylim = plotting.padded_limits(np.vstack([self.X, self.X_val]), pad=0.05)
        self._grid = self._design(plotting.grid_points(self.xlim, self.ylim, REGION_GRID))
        self._regions = self.animate(plotting.plot_decision_regions(
            self.ax_data, lambda points: np.zeros(len(points), dtype=int), self.xlim, self.ylim,
            resolution=REGION_GRID))
        for points in plotting.plot_data(self.ax_data, self.X, self.t):
            self.animate(points)                                  # drawn over the moving regions
        self.ax_data.set(xlabel="x\u2081", ylabel="x\u2082", title="training data and decision regions")
        self.ax_data.grid(False)

        largest = max(np.abs(coef).max() for coef in self.coef.values())
        many = len(self.names) > 10                                # degree 4 and up: upright names, smaller
        self._bars = plotting.plot_coefficients(self.ax_coef, self.names, np.zeros(len(self.names)),
                                                rotation=90 if many else 35)
        if many:
            self.ax_coef.tick_params(axis="x", labelsize="small")
        for bar in self._bars:
            self.animate(bar)
        self._zeros = self.animate(self.ax_coef.scatter(np.arange(len(self.names)), np.zeros(len(self.names)),
                                                        marker="x", color=plotting.PALETTE[1], s=40, zorder=4,
                                                        linewidths=1.5))
        self.ax_coef.set(ylim=(-1.08 * largest, 1.08 * largest), title="coefficients (\u00d7: exactly 0)")

        self._loss_lines = {}
        for k, (part, style) in enumerate((("training", "-"), ("validation", "--"))):
            line, = self.ax_loss.semilogx(self.lambdas, self.lambdas * 0, linestyle=style,
                                          color=plotting.PALETTE[k], label=part)
            self._loss_lines[part] = self.animate(line)
        self._now = self.animate(self.ax_loss.axvline(self.lambdas[0], color="grey", linewidth=1))
        everything = np.concatenate([np.ravel(list(losses.values())) for losses in self.losses.values()])
        self.ax_loss.set(xlim=(self.lambdas[0], self.lambdas[-1]), ylim=(0, 1.1 * everything.max()),
                         xlabel="penalty \u03bb", title="mean negative log-likelihood")
        self.ax_loss.legend(loc="lower right", fontsize="small")
        for ax in (self.ax_data, self.ax_coef, self.ax_loss):
            ax.title.set_fontsize("medium")
        self.freeze_layout()

    def update(self) -> None:
        name = self.penalty.value
        coef = self.coef_
        self._regions.set_data((self._grid @ coef + self.intercept_ > 0).reshape(REGION_GRID, REGION_GRID))
        for bar, value in zip(self._bars, coef):
            bar.set_height(value)
        zero = coef == 0
        self._zeros.set_offsets(np.column_stack([np.flatnonzero(zero), np.zeros(zero.sum())]).reshape(-1, 2))
        for part, line in self._loss_lines.items():
            line.set_ydata(self.losses[name][part])
        self._now.set_xdata([self.lam, self.lam])
        self.render(self._describe())

    def _describe(self) -> str:
        name, index = self.penalty.value, self.index
        losses = self.losses[name]
        return (f"\u03bb = {self.lam:.3g} ({name.upper()}): {np.count_nonzero(self.coef_)} of {len(self.names)} "
                f"weights nonzero, ||w|| = {np.linalg.norm(self.coef_):.3g}; training loss "
                f"{losses['training'][index]:.3f} (accuracy {self._accuracy(self.X, self.t):.0%}), validation "
                f"loss {losses['validation'][index]:.3f} (accuracy {self._accuracy(self.X_val, self.t_val):.0%})")
