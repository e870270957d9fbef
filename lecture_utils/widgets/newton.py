"""The widgets of notebook 05: Newton's method in one dimension (the tangent of f' and the parabola
of f), and Newton against gradient descent on a loss surface of two weights."""

from __future__ import annotations

import numbers

import ipywidgets as widgets
import numpy as np

from .. import plotting
from .._validation import (as_float_array, as_scalar, check_flag, check_option, check_positive,
                           check_positive_int)
from ..optimization import SCALAR_FUNCTIONS, minimize, quadratic_model
from ..plotting.newton import _level_ellipses
from ..plotting._checks import as_drawn_limits
from ._base import LABEL_STYLE, FigureWidget, button, set_slider

#: Figure sizes in inches (100 px each on screen): with two rows of controls and the status line
#: each widget fits about 600 px of height and a notebook's 930 px of width at 1366 x 768.
FIGSIZE_1D, FIGSIZE_2D = (9.3, 3.6), (9.3, 4.2)
#: The heights of the ellipses drawn around Newton's target, as fractions of m(w_k) - min m
#: (the outer one passes through w_k; each next one has half its size).
MODEL_LEVELS = (1.0, 0.25, 0.0625)
#: The most steps a slider offers: NewtonStepper reruns both methods for all of them whenever the start
#: changes (about a tenth of a millisecond a step), and a slider of more positions cannot be set by hand.
MAX_STEPS = 1000
#: The finest shading of NewtonStepper's surface: resolution^2 losses computed one by one (about 40 us each
#: for a loss of 50 examples), a few seconds at this size, and finer than the picture's pixels.
MAX_RESOLUTION = 400
#: The runs a widget keeps, by method (or function) and start (a run of MAX_STEPS steps takes about 50 kB, of
#: the default 30 steps under 2 kB): a student who drags the start back and forth gets each run at once.
RUNS_KEPT = 512


def _outcome(trace) -> str:
    """How a Newton run ended, in a few words for a status line."""
    n = trace.n_iter
    steps = f"{n} step" if n == 1 else f"{n} steps"
    return {"converged": f"converged after {steps}",
            "not_minimum": f"stopped after {steps}: the gradient is nearly 0, but this is no minimum",
            "diverged": f"diverged at step {n}: the loss blew up",
            "max_iter": f"still going after {steps}",
            "singular_hessian": f"stuck at step {n}: the Hessian is singular, H d = grad E has no solution",
            "no_descent": f"stopped at step {n}: the Hessian is not positive definite, so Newton's direction "
                          "does not go downhill and the line search finds no lower point",
            }.get(trace.status, trace.message)


def _check_max_steps(max_steps) -> int:
    max_steps = check_positive_int(max_steps, "max_steps")
    if max_steps > MAX_STEPS:
        raise ValueError(f"max_steps must be at most {MAX_STEPS}: the widget reruns its methods for every step "
                         f"whenever the start changes, and a slider of more positions cannot be set by hand; got "
                         f"{max_steps}.")
    return max_steps


def _remembered(cache: dict, key, compute):
    """``cache[key]``, computed by ``compute()`` the first time; the oldest of :data:`RUNS_KEPT` entries is
    dropped to make room."""
    if key not in cache:
        if len(cache) >= RUNS_KEPT:
            del cache[next(iter(cache))]
        cache[key] = compute()
    return cache[key]


def _rows(*rows) -> widgets.Box:
    """Controls in rows, one above the other (a plain Box: a nested VBox would confuse the browser tests,
    which find a widget as the VBox that holds its buttons)."""
    return widgets.Box([widgets.HBox(row) for row in rows], layout=widgets.Layout(flex_flow="column"))


def _check_step(k, max_steps: int) -> int:
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= k <= max_steps:
        raise ValueError(f"k must be a whole number of steps from 0 to max_steps = {max_steps}; got {k!r}.")
    return int(k)


class _Stepping:
    """``step()``, ``reset()`` and ``k`` of a widget whose ``slider`` shows the step."""

    def _stepping_controls(self, max_steps: int, k: int) -> list:
        """Reset and Step buttons and the slider of the step shown (kept as ``self.slider``)."""
        self.slider = widgets.IntSlider(_check_step(k, max_steps), 0, max_steps, description="step k",
                                        continuous_update=True)
        return [button("Reset", "fast-backward", self.reset), button("Step", "step-forward", self.step),
                self.slider]

    @property
    def k(self) -> int:
        """The number of steps shown."""
        return self.slider.value

    def step(self) -> None:
        """Show one more step (no-op at the slider's end)."""
        self.slider.value = min(self.k + 1, self.slider.max)

    def reset(self) -> None:
        """Go back to the start, ``k = 0``."""
        self.slider.value = 0


class Newton1D(_Stepping, FigureWidget):
    """Newton's method on a function of one variable, drawn twice (notebook 05, section 5).

    Left, ``f`` with the osculating parabola at ``x_k``,
    ``q(x) = f(x_k) + f'(x_k)(x - x_k) + f''(x_k)(x - x_k)^2 / 2``, whose vertex is
    Newton's next point. Right, ``f'`` with its tangent at ``x_k``, whose zero is
    the same point: minimising the parabola and finding the root of the tangent
    are one step, ``x_{k+1} = x_k - f'(x_k) / f''(x_k)``. Earlier iterates are
    marked on both curves. With damping, the step is shortened by a
    backtracking line search (``alpha_k`` in the status).

    Parameters
    ----------
    function : str
        A key of :data:`lecture_utils.optimization.SCALAR_FUNCTIONS`:
        ``"quadratic"``, ``"sqrt"`` (``sqrt(1 + x^2)``) or ``"double_well"``.
    x0 : float
        The start, inside ``xlim``.
    line_search : bool
        Damped Newton (a backtracking line search) instead of pure Newton.
    max_steps : int
        At most :data:`MAX_STEPS`.
    xlim : (float, float)
        The range drawn and offered for ``x0``.
    k : int
        The step shown first.

    Attributes
    ----------
    function_menu : ipywidgets.Dropdown
    x0_slider : ipywidgets.FloatSlider
    damping : ipywidgets.Checkbox
    slider : ipywidgets.IntSlider
        The step ``k`` shown; ``step`` and ``reset`` move it.
    trace : lecture_utils.optimization.Trace
        The run from ``x0`` (recomputed when the function, start or damping changes).
    """

    def __init__(self, function="sqrt", x0=0.5, line_search=False, max_steps=12, xlim=(-2.0, 2.0), k=0):
        function = check_option(function, "function", tuple(SCALAR_FUNCTIONS))
        max_steps = _check_max_steps(max_steps)
        line_search = check_flag(line_search, "line_search")
        low, high = as_drawn_limits(xlim, "xlim")
        x0 = as_scalar(x0, "x0")
        if not low <= x0 <= high:
            raise ValueError(f"x0 must lie in xlim = ({low:g}, {high:g}), the range drawn; got {x0}.")
        self.x = np.linspace(low, high, 401)
        self.function_menu = widgets.Dropdown(
            options=[(f.label, key) for key, f in SCALAR_FUNCTIONS.items()], value=function, description="f(x) =",
            layout=widgets.Layout(width="210px"), style={"description_width": "45px"})
        self.x0_slider = widgets.FloatSlider(x0, min=low, max=high, step=0.05, description="start x\u2080",
                                             continuous_update=True, style=LABEL_STYLE, readout_format=".2f")
        self.damping = widgets.Checkbox(line_search, description="damped (line search)", indent=False,
                                        layout=widgets.Layout(width="170px"))
        steps = self._stepping_controls(max_steps, k)
        super().__init__(FIGSIZE_1D, [_rows([self.function_menu, self.x0_slider, self.damping], steps)])
        self._run_key, self._runs = None, {}
        self.start(self.function_menu, self.x0_slider, self.damping, self.slider)

    @property
    def function(self):
        """The :class:`~lecture_utils.optimization.ScalarFunction` shown."""
        return SCALAR_FUNCTIONS[self.function_menu.value]

    @property
    def iterates(self) -> np.ndarray:
        """``x_0, ..., x_k`` shown (fewer once the run has ended)."""
        return self.trace.weights[:self.k + 1, 0]

    def _build_figure(self) -> None:
        self.ax_f, self.ax_df = self.fig.subplots(1, 2)
        self._f_curve, self._df_curve, self._zero_line = plotting.plot_scalar_function(self.ax_f, self.ax_df,
                                                                                       self.function, self.x)
        self.ax_f.set_title("minimise the parabola of $f$ at $x_k$", fontsize="medium")
        self.ax_df.set_title("find the zero of the tangent of $f'$ at $x_k$", fontsize="medium")
        newton = plotting.METHOD_STYLES["newton"]
        model = {"color": plotting.MODEL_COLOR, "linewidth": 2, "zorder": 2}
        target = {"color": newton["color"], "marker": "x", "markersize": 10, "mew": 2.5, "linestyle": "none",
                  "zorder": 6}
        path = {"color": newton["color"], "marker": newton["marker"], "markersize": 6, "linestyle": "none",
                "markerfacecolor": "white", "zorder": 5}
        current = {**path, "markerfacecolor": newton["color"], "markersize": 8}
        drop = {"color": newton["color"], "linestyle": ":", "linewidth": 1.2, "zorder": 3}
        self._parabola, = self.ax_f.plot([], [], **model)
        self._tangent, = self.ax_df.plot([], [], **model)
        self._artists = [self._parabola, self._tangent]
        self._paths, self._currents, self._targets, self._drops = [], [], [], []
        for ax in (self.ax_f, self.ax_df):
            self._drops.append(ax.plot([], [], **drop)[0])
            self._paths.append(ax.plot([], [], **path)[0])
            self._currents.append(ax.plot([], [], **current)[0])
            self._targets.append(ax.plot([], [], **target)[0])
        self.ax_f.set_ylim(-88.8, 88.8)                           # the widest tick labels, for the layout
        self.ax_df.set_ylim(-88.8, 88.8)
        self.freeze_layout()
        # another function changes only the curves and the y-axes: redrawn over the cached rest
        for artist in [self.ax_f.yaxis, self.ax_df.yaxis, self._f_curve, self._df_curve, self._zero_line]:
            self.hold(artist)
        for artist in [*self._artists, *self._drops, *self._paths, *self._currents, *self._targets]:
            self.animate(artist)
        self._draw_each_function()

    def _draw_each_function(self) -> None:
        """Draw the other functions' axes and curves into backgrounds of their own now (the y-axes' labels take
        about 25 ms), so that the menu only swaps backgrounds; the first update draws the function chosen."""
        shown = self.function_menu.value
        for key in [*(key for key in SCALAR_FUNCTIONS if key != shown), shown]:
            self._set_limits(key)
            self.redraw_held(key)
            if key != shown:
                self.render()

    def _set_limits(self, key: str) -> None:
        """The curves of the function ``key``, and y-limits that hold them with room below ``f`` for the
        parabolas' vertices."""
        function = SCALAR_FUNCTIONS[key]
        for ax, curve, values, below in ((self.ax_f, self._f_curve, function.f(self.x), 0.5),
                                         (self.ax_df, self._df_curve, function.derivative(self.x), 0.15)):
            curve.set_ydata(values)
            low, high = float(np.min(values)), float(np.max(values))
            ax.set_ylim(low - below * (high - low), high + 0.15 * (high - low))

    def _run(self) -> None:
        """The run of Newton from ``x0`` for the function and damping shown, computed the first time they are shown
        (a student toggling the damping or the function gets each run at once)."""
        key = (self.function_menu.value, self.x0_slider.value, self.damping.value)
        if key == self._run_key:
            return
        if self._run_key is not None and key[0] != self._run_key[0]:
            self._set_limits(key[0])
            self.redraw_held(key[0])           # each function's axes and curves are drawn once, then reused
        self._run_key = key
        self.trace = _remembered(self._runs, key, lambda: minimize(
            self.function.objective(), [self.x0_slider.value], "newton", max_iter=self.slider.max, tol=1e-12,
            line_search=self.damping.value))

    def update(self) -> None:
        self._run()
        function, xs = self.function, self.iterates
        x_k = xs[-1]
        for ax_values, path, current in zip((function.f, function.derivative), self._paths, self._currents):
            path.set_data(xs, ax_values(xs))
            current.set_data([x_k], [ax_values(x_k)])
        model = quadratic_model(function.objective(), x_k)
        target = model.newton_point
        self._parabola.set_data(self.x, model(self.x))
        self._tangent.set_data(self.x, model.gradient[0] + model.hessian[0, 0] * (self.x - x_k))   # q'(x)
        if target is None:
            for artist in (*self._targets, *self._drops):
                artist.set_data([], [])
        else:
            x_next = float(target[0])
            self._targets[0].set_data([x_next], [model(x_next)])
            self._targets[1].set_data([x_next], [0.0])
            self._drops[0].set_data([x_next, x_next], [model(x_next), function.f(x_next)])
            self._drops[1].set_data([x_next, x_next], [0.0, function.derivative(x_next)])
        self.render(self._describe(model, target))

    def _describe(self, model, target) -> str:
        k, trace = self.k, self.trace
        shown = min(k, trace.n_iter)
        x_k, slope, curvature = model.at[0], model.gradient[0], model.hessian[0, 0]
        text = f"x_{shown} = {x_k:.6g}: f' = {slope:.4g}, f'' = {curvature:.4g}"
        if shown < trace.n_iter:
            alpha = trace.step_size[shown]
            damped = "" if alpha == 1 else f", damped by \u03b1 = {alpha:g}"
            text += f"; Newton's point x - f'/f'' = {target[0]:.6g}{damped}, so x_{shown + 1} = {trace.weights[shown + 1, 0]:.6g}"
            if curvature < 0:
                text += " (f'' < 0: the parabola opens downward and Newton jumps to its top)"
        elif trace.status == "not_minimum":
            text += f" | stopped after {trace.n_iter} steps where f' = 0 but f'' < 0: a maximum, not a minimum"
        else:
            text += f" | {_outcome(trace)}"
        return text


class NewtonStepper(_Stepping, FigureWidget):
    """Gradient descent and Newton's method side by side on a loss surface of two weights (notebook 05).

    Left, the surface (shaded by ``log(E - E*)``, with contour lines) and both
    paths from the start chosen with the sliders; around Newton's current point
    ``w_k`` three ellipses of its quadratic model ``m`` (see
    :class:`~lecture_utils.optimization.QuadraticModel`), the outer one through
    ``w_k``, centred on the model's minimum ``w_k - H^{-1} grad E``, Newton's
    target (a cross, joined to ``w_k`` by a dashed line). Right, both errors
    ``||w_k - w*||`` on a log scale: a straight line for gradient descent
    (linear convergence), a plunge for Newton (quadratic convergence).

    Parameters
    ----------
    objective : lecture_utils.optimization.Objective
        A loss of two weights that supplies its gradient and Hessian, e.g.
        :class:`lecture_utils.logistic.LogisticLoss` of one feature and a bias.
    learning_rate : float
        Gradient descent's ``eta``.
    start : (float, float)
        The first start, inside ``xlim`` and ``ylim``.
    xlim, ylim : (float, float)
        The box drawn, and the ranges of the start's sliders.
    max_steps : int
        At most :data:`MAX_STEPS`.
    line_search : bool
        Start with damped Newton.
    names : (str, str)
        The two weights, for the axes and sliders.
    resolution : int
        Grid cells per side of the shaded surface (computed once), at most :data:`MAX_RESOLUTION`.
    k : int
        The step shown first.

    Attributes
    ----------
    start_sliders : (ipywidgets.FloatSlider, ipywidgets.FloatSlider)
    damping : ipywidgets.Checkbox
    slider : ipywidgets.IntSlider
        The step ``k`` shown.
    gd, newton : lecture_utils.optimization.Trace
        The two runs from the start (computed the first time a start, or damping, is shown, then kept).
    optimum : ndarray of shape (2,) or None
        ``w*``, by damped Newton; drawn as a star if it lies inside the box. None if the loss has no
        minimum: an unpenalised logistic loss on separable data, which falls towards 0 as the weights
        grow (the right panel then shows the loss itself, and the status says so).
    separable : bool
        Whether the data are separable (then ``optimum`` is None).
    """

    def __init__(self, objective, learning_rate, start=(0.0, 0.0), xlim=(-4.0, 6.0), ylim=(-12.0, 6.0),
                 max_steps=30, line_search=False, names=("w", "b"), resolution=80, k=0):
        if not all(callable(getattr(objective, method, None)) for method in ("loss", "gradient", "hessian")):
            raise TypeError("objective must be a loss of two weights with loss(w), gradient(w) and hessian(w), e.g. "
                            f"LogisticLoss(x[:, None], t); got {type(objective).__name__}.")
        self.objective = objective
        self.learning_rate = check_positive(learning_rate, "learning_rate")
        max_steps = _check_max_steps(max_steps)
        line_search = check_flag(line_search, "line_search")
        if (not isinstance(names, (tuple, list)) or len(names) != 2
                or not all(isinstance(name, str) for name in names)):
            raise TypeError(f"names must be two strings, the names of the two weights, e.g. ('w', 'b'); got {names!r}.")
        resolution = check_positive_int(resolution, "resolution")
        if resolution > MAX_RESOLUTION:
            raise ValueError(f"resolution must be at most {MAX_RESOLUTION}: the shading computes the loss once per "
                             f"cell, resolution^2 = {resolution ** 2:.3g} times, which would take minutes; got "
                             f"{resolution}.")
        self.xlim, self.ylim = as_drawn_limits(xlim, "xlim"), as_drawn_limits(ylim, "ylim")
        start = as_float_array(start, "start").reshape(-1)
        if start.shape != (2,) or not (self.xlim[0] <= start[0] <= self.xlim[1]
                                       and self.ylim[0] <= start[1] <= self.ylim[1]):
            raise ValueError(f"start must be two weights inside xlim = {self.xlim} and ylim = {self.ylim}; "
                             f"got {start.tolist()}.")
        try:
            shape = np.shape(objective.gradient(start))
        except ValueError as error:                              # e.g. a matrix product of the wrong size
            shape = str(error)
        if shape != (2,):
            raise ValueError("objective must be a loss of two weights, so that its surface can be drawn; "
                             f"its gradient at the start (w, b) gives {shape}.")
        best = minimize(objective, start, "newton", line_search=True, tol=1e-12, max_iter=500)
        # separable data: the loss falls towards 0 as ||w|| -> inf, and Newton's last point is no minimum
        no_minimum = getattr(objective, "no_minimum", None)
        self.separable = callable(no_minimum) and no_minimum(best.w) is not None
        if not (best.converged or self.separable):
            raise ValueError(f"damped Newton finds no minimum of objective from {start.tolist()} "
                             f"({best.message}); the widget compares the methods on a loss with a minimum.")
        self.optimum = None if self.separable else best.w
        self._lowest = 0.0 if self.separable else best.loss[-1]
        self.names = tuple(names)
        self.surface = plotting.loss_on_grid(objective.loss, self.xlim, self.ylim, resolution)
        self.start_sliders = tuple(
            widgets.FloatSlider(value, min=low, max=high, step=(high - low) / 40, description=f"start {name}",
                                continuous_update=False, style=LABEL_STYLE, readout_format=".2f")
            for value, (low, high), name in zip(start, (self.xlim, self.ylim), self.names))
        self.damping = widgets.Checkbox(line_search, description="damped Newton (line search)", indent=False,
                                        layout=widgets.Layout(width="220px"))
        steps = self._stepping_controls(max_steps, k)
        super().__init__(FIGSIZE_2D, [_rows([*self.start_sliders, self.damping], steps)])
        self._run_key, self._runs, self._distances = None, {}, {}
        self.start(*self.start_sliders, self.damping, self.slider)

    @property
    def optimum_shown(self) -> bool:
        """Whether the minimum ``w*`` is drawn: it exists and lies inside the box."""
        return self.optimum is not None and bool(self.xlim[0] <= self.optimum[0] <= self.xlim[1]
                                                 and self.ylim[0] <= self.optimum[1] <= self.ylim[1])

    @property
    def start_point(self) -> np.ndarray:
        """The start ``w_0`` the sliders show."""
        return np.array([slider.value for slider in self.start_sliders])

    def set_start(self, w1: float, w2: float) -> None:
        """Start both methods at ``(w1, w2)`` (one redraw)."""
        with self.holding_redraws():
            for slider, value, name in zip(self.start_sliders, (w1, w2), ("w1", "w2")):
                set_slider(slider, value, name)

    def _build_figure(self) -> None:
        grid = self.fig.add_gridspec(1, 2, width_ratios=(1.25, 1))
        self.ax_surface, self.ax_errors = self.fig.add_subplot(grid[0]), self.fig.add_subplot(grid[1])
        plotting.plot_loss_surface(self.ax_surface, self.surface, self.xlim, self.ylim, minimum=self._lowest)
        if self.optimum_shown:
            self.ax_surface.plot(*self.optimum, marker="*", color="black", markersize=12, linestyle="none", zorder=3)
        self.ax_surface.set(xlabel=f"${self.names[0]}$", ylabel=f"${self.names[1]}$")
        model = {"color": plotting.MODEL_COLOR, "linewidth": 1.6, "zorder": 2}
        self._ellipses = [self.ax_surface.plot([], [], **model)[0] for _ in MODEL_LEVELS]
        self._full_step, = self.ax_surface.plot([], [], color=plotting.PALETTE[1], linestyle=":", linewidth=1.2,
                                                zorder=3)
        self._target, = self.ax_surface.plot([], [], color=plotting.PALETTE[1], marker="x", markersize=9, mew=2.2,
                                             linestyle="none", zorder=6)
        self._paths = {method: plotting.plot_path(self.ax_surface, np.empty((0, 2)), method)
                       for method in ("gd", "newton")}
        self._heads = {method: self.ax_surface.plot([], [], **{**plotting.METHOD_STYLES[method], "linestyle": "none",
                                                              "markersize": 8, "zorder": 5, "label": None})[0]
                       for method in ("gd", "newton")}
        self._errors = plotting.plot_errors(self.ax_errors, {"gd": [1.0], "newton": [1.0]}, steps=self.slider.max)
        self.ax_errors.set_ylim(1e-14, 1e4)
        self.ax_errors.legend(loc="lower left", fontsize="small")
        if self.optimum is None:
            self.ax_errors.set_ylabel(r"loss $E(\mathbf{w}_k)$")
            title = "no minimum (separable data): the loss falls towards 0"
        else:
            where = ("(the star)" if self.optimum_shown else
                     f"= ({self.optimum[0]:.3g}, {self.optimum[1]:.3g}), outside the view")
            title = f"distance to the minimum $\\mathbf{{w}}_*$ {where}"
        self.ax_errors.set_title(title, fontsize="medium")
        self.freeze_layout()
        for artist in [*self._ellipses, self._full_step, self._target, *self._paths.values(), *self._heads.values(),
                       *self._errors.values()]:
            self.animate(artist)

    def _run(self) -> None:
        """Both methods' runs from the start shown, each computed the first time its start (and damping) is shown."""
        key = (*self.start_point, self.damping.value)
        if key == self._run_key:
            return
        self._run_key = key
        start, damped = key[:2], key[2]
        self.gd, self._distances["gd"] = _remembered(self._runs, ("gd", *start), lambda: self._run_from(
            "gd", learning_rate=self.learning_rate))
        self.newton, self._distances["newton"] = _remembered(self._runs, ("newton", *key), lambda: self._run_from(
            "newton", line_search=damped))

    def _run_from(self, method: str, **options) -> tuple:
        """The run of ``method`` from the start shown, and how far each of its points is from the minimum."""
        trace = minimize(self.objective, self.start_point, method, max_iter=self.slider.max, tol=1e-12, **options)
        with np.errstate(over="ignore"):                          # a diverged run may be 1e200 away: inf
            # without a minimum, how far the loss is from its infimum 0
            distances = trace.loss if self.optimum is None else np.linalg.norm(trace.weights - self.optimum, axis=1)
        return trace, distances

    def update(self) -> None:
        self._run()
        k = self.k
        for method, trace in (("gd", self.gd), ("newton", self.newton)):
            path = trace.weights[:k + 1]
            self._paths[method].set_data(*path.T)
            self._heads[method].set_data(path[-1:, 0], path[-1:, 1])
            errors = np.maximum(self._distances[method][:k + 1], plotting.ERROR_FLOOR)
            self._errors[method].set_data(np.arange(errors.size), errors)
        model = quadratic_model(self.objective, self.newton.weights[min(k, self.newton.n_iter)])
        target = model.newton_point
        stepping = k < self.newton.n_iter
        # all the levels from one eigendecomposition of H, unchecked: the model is the loss's own, checked when built;
        # as model_ellipse, none where the model has no minimum
        shapes = (_level_ellipses(target, model.hessian, [level * model.decrement for level in MODEL_LEVELS])
                  if stepping and model.positive_definite else [np.empty((0, 2))] * len(MODEL_LEVELS))
        for ellipse, shape in zip(self._ellipses, shapes):
            ellipse.set_data(*shape.T)
        shown = target is not None and stepping
        self._target.set_data(*(target[:, None] if shown else np.empty((2, 0))))
        self._full_step.set_data(*(np.column_stack([model.at, target]) if shown else np.empty((2, 0))))
        self.render(self._describe(model))

    def _describe(self, model) -> str:
        k = self.k
        parts = []
        for method, trace, name in (("gd", self.gd, f"gradient descent (\u03b7 = {self.learning_rate:.3g})"),
                                    ("newton", self.newton, "damped Newton" if self.damping.value else "Newton")):
            j = min(k, trace.n_iter)
            text = f"{name}: E = {trace.loss[j]:.4f}"
            if self.optimum is not None:
                text += f", distance {self._distances[method][j]:.1e}"
            if k > trace.n_iter or (k == trace.n_iter and trace.status != "max_iter"):
                text += f" ({_outcome(trace)})"
            elif method == "newton" and k < trace.n_iter and trace.step_size[k] < 1:
                text += f", next step damped by \u03b1 = {trace.step_size[k]:g}"
            parts.append(text)
        if k < self.newton.n_iter and not model.positive_definite:
            parts.append("the Hessian is not positive definite: the model has no minimum")
        if self.optimum is None:
            parts.append("the data are separable: the loss has no minimum, and the weights grow without bound")
        return f"step {k}: " + " | ".join(parts)

