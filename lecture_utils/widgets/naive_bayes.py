"""The widgets of notebook 07, Naive Bayes: the play-tennis posterior factor by factor, and what
correlated features do to Gaussian Naive Bayes compared with QDA."""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

import ipywidgets as widgets
import numpy as np

from .. import plotting
from .._validation import as_float_array, check_option, check_positive_int, check_random_state, check_size
from ..datasets import gaussian_classes_from_noise, load_play_tennis
from ..discriminant import QDA
from ..logistic import log_loss
from ..model_selection import calibration_curve
from ..naive_bayes import CategoricalNB, GaussianNB
from ._base import LABEL_STYLE, FigureWidget, button, on_slider

#: The most examples per class of CorrelationExplorer (training and test): each move refits and scores on them.
MAX_EXAMPLES = 100_000


def _number(value: float, digits: int = 4) -> str:
    """A factor or probability: ``0`` exactly, else ``digits`` significant digits."""
    return "0" if value == 0 else f"{value:.{digits}g}"


class PlayTennisExplorer(FigureWidget):
    """Categorical Naive Bayes on the play-tennis days, one factor at a time (notebook 07, section 3).

    Choose a day (outlook, temperature, humidity, wind) and the smoothing
    ``alpha``. The left panel shows, for each class, the prior ``pi_k`` and
    the four factors ``p(x_j | C_k) = (n_kv + alpha) / (n_k + alpha V_j)``; the
    middle one their products ``p(x, C_k) = pi_k prod_j p(x_j | C_k)``; the
    right one the posterior ``p(C_k | x)``, the products divided by their sum.
    With ``alpha = 0`` a value never seen with a class has factor 0, and that
    class's product and posterior are exactly 0.

    Parameters
    ----------
    day : sequence of 4 str
        The initial day, one value of each feature, e.g. the slides' query
        ``("Sunny", "Hot", "Normal", "Weak")``.
    alpha : float in [0, 5]
        The initial smoothing, a multiple of 0.1 (the slider's step; the status shows one decimal).

    Attributes
    ----------
    dropdowns : list of ipywidgets.Dropdown
        One per feature, offering the values seen in the data.
    alpha_slider : ipywidgets.FloatSlider
    data : lecture_utils.datasets.Dataset
        The 14 days.
    model : CategoricalNB
        Fitted with the current ``alpha``.
    """

    def __init__(self, day=("Sunny", "Hot", "Normal", "Weak"), alpha: float = 0.0):
        self.data = load_play_tennis()
        self._models, self._posteriors = {}, {}      # by alpha; the slider's 51 positions are fitted now (1 ms
        for position in np.round(np.arange(0.0, 5.0 + 1e-9, 0.1), 1).tolist():   # each), so that a move only
            self._model_at(position)                                             # looks one up
        self.model = self._model_at(on_slider(alpha, "alpha", 0.0, 5.0, step=0.1))
        self._initial = (self._checked_day(day), self.model.alpha)
        self.dropdowns = [widgets.Dropdown(options=categories.tolist(), value=value, description=name.lower(),
                                           style=LABEL_STYLE, layout=widgets.Layout(width="190px"))
                          for name, categories, value in zip(self.data.feature_names, self.model.categories_,
                                                             self._initial[0])]
        self.alpha_slider = widgets.FloatSlider(self._initial[1], min=0.0, max=5.0, step=0.1,
                                                description="smoothing \u03b1", readout_format=".1f",
                                                continuous_update=True, style=LABEL_STYLE)
        controls = [widgets.VBox(self.dropdowns[:2]), widgets.VBox(self.dropdowns[2:]),
                    widgets.VBox([self.alpha_slider, button("Reset", "undo", self.reset)])]
        super().__init__((9.6, 3.4), controls)
        self.start(*self.dropdowns, self.alpha_slider)

    def _checked_day(self, day) -> tuple:
        if isinstance(day, str) or not isinstance(day, (list, tuple, np.ndarray)) or np.ndim(day) != 1:
            raise TypeError(f"day must give one value per feature ({', '.join(self.data.feature_names)}), e.g. "
                            f"('Sunny', 'Hot', 'Normal', 'Weak'); got {day!r}.")
        day = tuple(day)
        if len(day) != len(self.model.categories_):
            raise ValueError(f"day must give one value per feature ({', '.join(self.data.feature_names)}); "
                             f"got {day!r}.")
        for name, categories, value in zip(self.data.feature_names, self.model.categories_, day):
            if value not in categories.tolist():
                raise ValueError(f"day has {value!r} for {name.lower()}; choose one of {categories.tolist()}.")
        return day

    @property
    def day(self) -> tuple:
        """The day shown: one value per feature."""
        return tuple(dropdown.value for dropdown in self.dropdowns)

    @property
    def alpha(self) -> float:
        """The smoothing shown."""
        return self.alpha_slider.value

    @property
    def factors(self) -> np.ndarray:
        """``p(x_j | C_k)`` for the day shown, shape (K, 4), rows in ``model.classes_`` order."""
        return self.model.feature_factors(self.day)

    @property
    def joint(self) -> np.ndarray:
        """``p(x, C_k) = pi_k prod_j p(x_j | C_k)``, shape (K,)."""
        return self._joint(self.factors)

    def _joint(self, factors) -> np.ndarray:
        """:attr:`joint` from the day's ``factors`` already computed."""
        return self.model.class_prior_ * factors.prod(axis=1)

    @property
    def posterior(self) -> np.ndarray:
        """``p(C_k | x)``, shape (K,), computed by the model in log space."""
        return self._posteriors[self.model.alpha][self.day]

    def set_day(self, day, alpha: float | None = None) -> None:
        """Show another day (and smoothing), with one redraw."""
        day = self._checked_day(day)
        alpha = self.alpha if alpha is None else on_slider(alpha, "alpha", 0.0, 5.0, step=0.1)
        with self.holding_redraws():
            for dropdown, value in zip(self.dropdowns, day):
                dropdown.value = value
            self.alpha_slider.value = alpha

    def reset(self) -> None:
        """Back to the initial day and smoothing."""
        self.set_day(*self._initial)

    def _build_figure(self) -> None:
        grid = self.fig.add_gridspec(1, 3, width_ratios=(5, 1.45, 1.45))
        self.ax_factors, self.ax_joint, self.ax_posterior = (self.fig.add_subplot(cell) for cell in grid)
        classes = self.model.classes_.tolist()
        bars, labels = plotting.plot_class_bars(self.ax_factors, 5, classes)
        self._set_bars([group[0] for group in bars], [group[0] for group in labels], self.model.class_prior_)
        self._factor_bars = [list(group[1:]) for group in bars]           # the priors do not change: drawn once
        self._factor_labels = [list(group[1:]) for group in labels]
        self.ax_factors.set(ylim=(0, 1.12), ylabel="probability",
                            title="the prior $\\pi_k$ and the factors $p(x_j \\mid C_k)$")
        self.ax_factors.legend(loc="lower left", bbox_to_anchor=(0, 1.07), ncol=2, fontsize="small",
                               borderaxespad=0, handlelength=1.6)
        self.ax_factors.set_xticklabels(["prior"] + [f"{name.lower()}\n " for name in self.data.feature_names])
        self._joint_bars, self._joint_labels = [], []
        for ax, top, title in ((self.ax_joint, 0.06, "$p(\\mathbf{x}, C_k)$, product"),
                               (self.ax_posterior, 1.12, "$p(C_k \\mid \\mathbf{x})$")):
            bars, labels = plotting.plot_class_bars(ax, 1, classes, width=1.0)
            ax.set(ylim=(0, top), xlim=(-0.75, 0.75), xticks=[], title=title)
            self._joint_bars.append([group[0] for group in bars])
            self._joint_labels.append([group[0] for group in labels])
        self.ax_posterior.axhline(0.5, color="grey", linestyle=":", linewidth=1)
        self.freeze_layout()
        # The value of each feature goes on the second line of its tick label, as a text of its own that
        # is redrawn only when the day changes (with the held artists), not when alpha does.
        self._values = []
        for tick in self.ax_factors.get_xticklabels()[1:]:
            box = tick.get_window_extent().transformed(self.fig.transFigure.inverted())
            self._values.append(self.hold(self.fig.text((box.x0 + box.x1) / 2, box.y0, "", ha="center",
                                                        va="bottom", fontsize=tick.get_fontsize())))
        for artist in [*sum(self._factor_bars + self._joint_bars, []),
                       *sum(self._factor_labels + self._joint_labels, [])]:
            self.animate(artist)

    def update(self) -> None:
        self.model = self._model_at(self.alpha)
        if [text.get_text() for text in self._values] != [f"= {value}" for value in self.day]:
            for text, value in zip(self._values, self.day):
                text.set_text(f"= {value}")
            self.redraw_held()          # no key: a day's four texts are drawn again (0.3 ms) when it comes
                                        # back, rather than their pixels found and copied (1 ms) for each day
        factors, posterior = self.factors, self.posterior
        joint = self._joint(factors)
        for values, bars, labels in zip(factors, self._factor_bars, self._factor_labels):
            self._set_bars(bars, labels, values)
        for values, bars, labels in zip((joint, posterior), self._joint_bars, self._joint_labels):
            self._set_bars(bars, labels, values)
        self.render(self._describe(joint, posterior))

    def _model_at(self, alpha: float) -> CategoricalNB:
        """The model fitted with smoothing ``alpha``, fitted now if ``alpha`` is no position of the slider,
        with its posterior of every possible day (all at once: 36 cost about what one does)."""
        if alpha not in self._models:
            model = CategoricalNB(alpha=alpha).fit(self.data.X, self.data.y)
            days = list(product(*(categories.tolist() for categories in model.categories_)))
            self._models[alpha], self._posteriors[alpha] = model, dict(zip(days, model.predict_proba(days)))
        return self._models[alpha]

    @staticmethod
    def _set_bars(bars, labels, values) -> None:
        for bar, label, value in zip(bars, labels, values):
            bar.set_height(value)
            label.set_y(value)
            label.set_text(_number(value, 3))

    def _describe(self, joint, posterior) -> str:
        classes = self.model.classes_.tolist()
        parts = ", ".join(f"p(x, {c}) = {_number(j)}" for c, j in zip(classes, joint))
        vetoed = [c for c, j in zip(classes, joint) if j == 0]
        veto = f" (a zero count vetoes {' and '.join(vetoed)})" if vetoed else ""
        chosen = classes[int(np.argmax(posterior))]
        return (f"({', '.join(self.day)}), \u03b1 = {self.alpha:.1f}: {parts}{veto}; "
                f"P({classes[1]} | x) = {posterior[1]:.4f}, predict {chosen}")


class _CorrelationView(NamedTuple):
    """What CorrelationExplorer shows at one ``rho``: per model (Gaussian NB, QDA) its fit, the shading of
    ``p(C_1 | x)`` on the grid, the 2-sigma ellipse of each class, the boundary and the reliability curve;
    the training points shown of each class; the status."""
    models: tuple
    images: list
    ellipses: list
    boundaries: list
    calibration: list
    points: list
    status: str


#: How each model's boundary is drawn, as its title says.
_BOUNDARY_MARKS = {"Gaussian NB": "- - -", "QDA": "\u2014\u2014"}


class CorrelationExplorer(FigureWidget):
    """Gaussian Naive Bayes against QDA as two features become correlated (notebook 07, section 7).

    Two Gaussian classes with equal priors share the covariance
    ``[[1, rho], [rho, 1]]``; their means differ along a direction that is
    not an axis of it. The same standard-normal draws are mapped through
    ``Sigma(rho)`` for every ``rho``, so the points move smoothly with the
    slider. Both models are fitted on the training points: Gaussian Naive
    Bayes assumes the features independent within a class, QDA estimates
    the correlation. The left panels shade each model's ``p(C_1 | x)`` and
    draw its fitted 2-standard-deviation ellipses and both boundaries; the
    right panel is the reliability diagram of both on the test points. The
    fits, shadings and scores at every position of the slider are computed
    when the widget is built, so that moving the slider only redraws.

    Parameters
    ----------
    rho : float in [0, 0.95]
        The initial correlation, a multiple of 0.05.
    means : array-like of shape (2, 2)
        The class means, inside the view ``LIMITS`` (-4 to 4 on each axis).
    n_train, n_test : int
        Examples per class for fitting (at least 3, for QDA's covariances) and for the reliability
        diagram, together at most :data:`MAX_EXAMPLES`. With
        many training examples QDA's estimated covariances are close to the
        true, shared one, and its boundary close to a line, as it should be.
    n_shown : int
        Training examples per class drawn in the panels.
    random_state : int
    resolution : int
        Grid cells per side of the shading.

    Attributes
    ----------
    rho_slider : ipywidgets.FloatSlider
    naive_bayes : GaussianNB
    qda : QDA
        Both fitted on the training points of the current ``rho``.
    """

    LIMITS = (-4.0, 4.0)

    def __init__(self, rho: float = 0.0, means=((-0.8, -0.6), (0.8, 0.6)), n_train: int = 1000,
                 n_test: int = 2000, n_shown: int = 100, random_state: int = 0, resolution: int = 60):
        self.means = as_float_array(means, "means")
        if self.means.shape != (2, 2):
            raise ValueError(f"means must hold two 2-D class means, shape (2, 2); got {self.means.shape}.")
        low, high = self.LIMITS
        if not np.all((low < self.means) & (self.means < high)):
            raise ValueError(f"means must lie inside the view, ({low:g}, {high:g}) on each axis; got "
                             f"{self.means.tolist()}.")
        rng = check_random_state(random_state)
        n_train, n_test = check_positive_int(n_train, "n_train"), check_positive_int(n_test, "n_test")
        if n_train < 3:
            raise ValueError(f"n_train must be at least 3 examples per class: QDA's covariance of 2 features needs "
                             f"3; got {n_train}.")
        if n_train + n_test > MAX_EXAMPLES:
            raise ValueError(f"n_train + n_test = {n_train + n_test} examples per class would make every move of the "
                             f"slider take seconds (it refits both models and scores them); use at most "
                             f"{MAX_EXAMPLES} together.")
        self._z_train = rng.standard_normal((2, n_train, 2))
        self._z_test = rng.standard_normal((2, n_test, 2))
        self.n_shown = check_positive_int(n_shown, "n_shown")
        self.resolution = check_positive_int(resolution, "resolution")
        check_size(4 * self.resolution ** 2, "the posterior image", "resolution")
        centres = (np.arange(self.resolution) + 0.5) / self.resolution
        self._axis = self.LIMITS[0] + (self.LIMITS[1] - self.LIMITS[0]) * centres
        self._grid = np.stack(np.meshgrid(self._axis, self._axis), axis=-1).reshape(-1, 2)
        self.rho_slider = widgets.FloatSlider(on_slider(rho, "rho", 0.0, 0.95), min=0.0, max=0.95, step=0.05,
                                              description="correlation \u03c1", readout_format=".2f",
                                              continuous_update=True, style=LABEL_STYLE,
                                              layout=widgets.Layout(width="420px"))
        super().__init__((9.8, 3.3), [self.rho_slider])
        # Every position of the slider is computed now (about 8 ms each), so that moving it only redraws.
        positions = np.round(np.arange(0.0, self.rho_slider.max + 1e-9, self.rho_slider.step), 2)
        self._views = {rho: self._compute_view(rho) for rho in positions.tolist()}
        self.start(self.rho_slider)

    @property
    def rho(self) -> float:
        """The correlation shown."""
        return self.rho_slider.value

    @property
    def covariance(self) -> np.ndarray:
        """The classes' shared covariance ``[[1, rho], [rho, 1]]``."""
        return np.array([[1.0, self.rho], [self.rho, 1.0]])

    def sample(self, which: str = "train") -> tuple[np.ndarray, np.ndarray]:
        """The ``"train"`` or ``"test"`` points at the current ``rho``: ``X`` of shape (2 n, 2) and ``t`` in {0, 1}."""
        return self._sample_at(self.rho, check_option(which, "which", ("train", "test")))

    def _sample_at(self, rho: float, which: str) -> tuple[np.ndarray, np.ndarray]:
        z = self._z_train if which == "train" else self._z_test
        t = np.repeat([0, 1], z.shape[1])
        covariance = np.array([[1.0, rho], [rho, 1.0]])
        return gaussian_classes_from_noise(z.reshape(-1, 2), t, self.means, [covariance] * 2), t

    def scores(self) -> dict:
        """Test accuracy, mean confidence ``max_k p(C_k | x)`` and log loss of each model, by name."""
        return self._scores_at(self.rho, self.naive_bayes, self.qda)

    def _scores_at(self, rho: float, naive_bayes, qda) -> dict:
        X, t = self._sample_at(rho, "test")
        result = {}
        for name, model in (("Gaussian NB", naive_bayes), ("QDA", qda)):
            p = model.predict_proba(X)[:, 1]
            result[name] = {"accuracy": float(np.mean((p > 0.5) == t)),
                            "confidence": float(np.mean(np.maximum(p, 1 - p))), "log loss": log_loss(t, p),
                            "calibration": calibration_curve(t, p, n_bins=10)}
        return result

    def _build_figure(self) -> None:
        self.ax_nb, self.ax_qda, self.ax_rel = self.fig.subplots(1, 3, gridspec_kw={"width_ratios": (1, 1, 1)})
        blank = np.full((self.resolution, self.resolution), 0.5)
        self._images, self._points, self._ellipses, self._boundaries = [], [], [], {}
        for ax, name in ((self.ax_nb, "Gaussian NB"), (self.ax_qda, "QDA")):
            self._images.append(plotting.plot_shading(ax, blank, self.LIMITS, self.LIMITS, vmin=0, vmax=1,
                                                      cmap=plotting.posterior_colormap(), aspect="equal"))
            self._points.append(plotting.plot_data(ax, np.zeros((2, 2)), [0, 1], s=14, linewidths=0.3))
            self._ellipses.append(plotting.plot_covariance_ellipses(ax, self.means, [np.eye(2)] * 2,
                                                                    linestyle="-" if name == "QDA" else "--"))
            ax.set(xlim=self.LIMITS, ylim=self.LIMITS, xlabel="$x_1$")
            ax.set_title(f"{name} (boundary {_BOUNDARY_MARKS[name]})")
            ax.title.set_fontsize("medium")
            ax.grid(False)
        self.ax_nb.set_ylabel("$x_2$")
        for ax in (self.ax_nb, self.ax_qda):
            self._boundaries[ax] = [ax.plot([], [], color="black", linestyle=style, linewidth=1.6)[0]
                                    for style in ("--", "-")]
        empty = calibration_curve([0, 1], [0.25, 0.75])
        self._reliability = plotting.plot_reliability(self.ax_rel, {"Gaussian NB": empty, "QDA": empty},
                                                      sizes=False)
        self.ax_rel.legend(loc="upper left", fontsize="x-small")
        self.ax_rel.set_title("reliability on the test points", fontsize="medium")
        self.freeze_layout()
        for artist in [*self._images, *sum(self._points, []), *sum(self._ellipses, []),
                       *sum(self._boundaries.values(), []), *self._reliability]:
            self.animate(artist)

    def _view_at(self, rho: float) -> _CorrelationView:
        """What the panels and the status show at ``rho``, computed the first time ``rho`` is shown."""
        if rho not in self._views:
            self._views[rho] = self._compute_view(rho)
        return self._views[rho]

    def _compute_view(self, rho: float) -> _CorrelationView:
        X, t = self._sample_at(rho, "train")
        models = (GaussianNB().fit(X, t), QDA().fit(X, t))
        shape = (self.resolution, self.resolution)
        images, log_odds = [], []
        for model in models:
            log_posterior = model.predict_log_proba(self._grid)
            log_odds.append((log_posterior[:, 1] - log_posterior[:, 0]).reshape(shape))
            images.append(np.exp(log_posterior[:, 1]).reshape(shape))
        scores = self._scores_at(rho, *models)
        nb, qda = scores["Gaussian NB"], scores["QDA"]
        status = (f"\u03c1 = {rho:.2f}, on {len(self._z_test[0]) * 2} test points: Gaussian NB accuracy "
                  f"{nb['accuracy']:.1%}, mean confidence {nb['confidence']:.1%}, log loss {nb['log loss']:.3f}; "
                  f"QDA {qda['accuracy']:.1%}, {qda['confidence']:.1%}, {qda['log loss']:.3f}")
        return _CorrelationView(
            models=models, images=images, status=status,
            points=[X[t == k][:self.n_shown] for k in (0, 1)],
            ellipses=[[plotting.ellipse_points(model.means_[k], model.covariances_[k], radius=2.0).T
                       for k in (0, 1)] for model in models],
            boundaries=[plotting.level_curve(self._axis, self._axis, values).T for values in log_odds],
            calibration=[scores[name]["calibration"] for name in scores])

    def update(self) -> None:
        view = self._view_at(self.rho)
        self.naive_bayes, self.qda = view.models
        for image, points, ellipses, values, model_ellipses in zip(self._images, self._points, self._ellipses,
                                                                   view.images, view.ellipses):
            image.set_data(values)
            for markers, ellipse, shown, curve in zip(points, ellipses, view.points, model_ellipses):
                markers.set_data(*shown.T)
                ellipse.set_data(*curve)
        for lines in self._boundaries.values():
            for line, curve in zip(lines, view.boundaries):
                line.set_data(*curve)
        for line, curve in zip(self._reliability, view.calibration):
            line.set_data(curve.predicted, curve.observed)
        self.render(view.status)
