"""The widgets of notebook 06's discriminant analysis: Gaussian classes against LDA and QDA fitted on a sample,
and RDA's (alpha, gamma) morphing the boundary between LDA and QDA (the loss matrix's widget is in
:mod:`lecture_utils.widgets.decision`)."""

from __future__ import annotations

from functools import partial

import ipywidgets as widgets
import numpy as np

from .. import plotting
from .._validation import (as_class_labels, as_float_array, as_matrix, as_priors, as_vector,
                           check_known_labels, check_positive, check_positive_int, check_random_state, check_size)
from ..datasets import gaussian_classes_from_noise
from ..decision import zero_one_loss
from ..decision.monte_carlo import _stratified_risk
from ..discriminant import LDA, MAX_GRID_WORK, QDA, RDA, covariance_from_axes, rda_accuracy_grid
from ..discriminant.bayes_error import _gaussian_bayes_error
from ..discriminant.estimates import _estimates
from ..discriminant.gaussian import _gaussian_joint_log_likelihood, _known_classes
from ..plotting.discriminant import (_boundary_scores, _boundary_segments, _move_class_ellipses, _posterior_image,
                                    _posteriors)
from ..plotting._checks import as_drawn_limits
from ._base import LABEL_STYLE, FigureWidget, button, labelled_slider, on_slider, set_slider, weakly

#: Figure sizes in inches (100 px on screen each): with two or three rows of controls and the status
#: line, each widget fits the 600 px of height and 930 px of width of a notebook on a 1366 x 768 screen.
CLASSES_FIGSIZE, RDA_FIGSIZE = (8.6, 4.1), (9.3, 4.2)
#: The sliders of a class of GaussianClassesExplorer, (low, high, step): a value outside one could not be shown.
MEAN_SLIDER, SPREAD_SLIDER, ANGLE_SLIDER, PRIOR_SLIDER = (-3.0, 3.0, 0.1), (0.2, 2.5, 0.05), (0.0, 175.0, 5.0), \
    (0.1, 0.9, 0.05)


class GaussianClassesExplorer(FigureWidget):
    """Gaussian classes in the plane: the true Bayes classifier against LDA and QDA fitted on a sample (section 6).

    Choose a class, then move its mean, its spreads along its two axes, the
    angle of its first axis, and its prior (the other priors keep their
    ratios). The left panel shades the true posteriors ``p(C_k | x)``, draws
    the Bayes boundary and each class's ellipses at Mahalanobis distances 1
    and 2; the right panel shows a training sample of ``N`` examples with the
    boundaries of LDA and QDA fitted on it and the Bayes boundary. The status
    gives the Bayes error of the classes themselves, computed from the
    distribution (:func:`~lecture_utils.discriminant.gaussian_bayes_error`, to
    1e-6, once per setting of the classes), and each model's error on a large
    test set drawn from the same classes (the same test set for both, so their
    difference is accurate), with the test set's standard error. The sample is made from fixed noise
    (:func:`~lecture_utils.datasets.gaussian_classes_from_noise`), so the
    points move smoothly with the sliders; "new sample" draws another.

    Parameters
    ----------
    means : array-like of shape (K, 2), K = 2 or 3
        Each entry in [-3, 3], the range of the mean sliders.
    spreads : array-like of shape (K, 2)
        Standard deviations along each class's two axes, in [0.2, 2.5].
    angles : array-like of shape (K,)
        Direction of each class's first axis, in degrees, in [0, 175].
    priors : array-like of shape (K,), optional
        Equal by default; each in [0.1, 0.9]. The prior slider of a class
        reaches only the priors that leave every other class at least 0.1.
    N : int
        Training examples (all classes together), from 20 to ``N_max``.
    N_max : int
    n_test : int
        Test examples per class.
    random_state : int
    resolution : int
        Grid cells per side of the shading and of the boundaries' contours.
    limits : (float, float)
        The view, the same on both axes.

    Attributes
    ----------
    class_selector : ipywidgets.ToggleButtons
    mean_sliders, spread_sliders : two ipywidgets.FloatSlider each
    angle_slider, prior_slider : ipywidgets.FloatSlider
    N_slider : ipywidgets.IntSlider
    bayes_error : BayesError
        The Bayes error rate of the classes as set (``.error``), exact to ``.tolerance``.
    errors : dict
        ``"LDA"``, ``"QDA"`` -> test error (nan where the model could not be fitted).
    standard_error : float
        The Monte Carlo standard error of a test error near the Bayes error (the Bayes rule's on the same test set).
    """

    def __init__(self, means=((-1.2, 0.6), (1.2, -0.4)), spreads=((1.0, 1.0), (1.6, 0.45)), angles=(0, 30),
                 priors=None, N=40, N_max=400, n_test=2000, random_state=0, resolution=90, limits=(-4.5, 4.5)):
        self._means = as_float_array(means, "means")
        n_classes = self._means.shape[0] if self._means.ndim else 0
        if self._means.shape not in ((2, 2), (3, 2)):
            raise ValueError(f"means must hold 2 or 3 class means in the plane, shape (K, 2); got {self._means.shape}.")
        self._spreads = as_float_array(spreads, "spreads")
        self._angles = as_vector(angles, "angles", n_classes).copy()
        if self._spreads.shape != (n_classes, 2) or not np.all(self._spreads > 0):
            raise ValueError(f"spreads must hold two standard deviations > 0 per class, shape {(n_classes, 2)}; "
                             f"got {self._spreads.tolist()}.")
        self._priors = as_priors(np.full(n_classes, 1 / n_classes) if priors is None else priors, n_classes).copy()
        for values, name, (low, high, _) in ((self._means, "means", MEAN_SLIDER), (self._spreads, "spreads", SPREAD_SLIDER),
                                             (self._angles, "angles", ANGLE_SLIDER), (self._priors, "priors", PRIOR_SLIDER)):
            for value in values.flat:                      # the slider would clamp it, and move the class on a redraw
                on_slider(value, name, low, high)
        self.N_max = check_positive_int(N_max, "N_max")
        if self.N_max < 20:
            raise ValueError(f"N_max must be at least 20, the smallest sample of the N slider; got {N_max}.")
        check_size(3 * self.N_max, "the noise behind the training samples", "N_max")
        if not 20 <= check_positive_int(N, "N") <= self.N_max:
            raise ValueError(f"N must be a whole number from 20 to N_max = {self.N_max}; got {N}.")
        self.resolution = check_positive_int(resolution, "resolution")
        check_size(self.resolution ** 2 * 8, "the posterior image", "resolution")
        self.xlim = self.ylim = as_drawn_limits(limits, "limits")
        self.grid = plotting.grid_points(self.xlim, self.ylim, self.resolution)
        self._n_test = check_positive_int(n_test, "n_test")
        check_size(4 * n_classes * self._n_test, "the test set", "n_test")
        self._rng = check_random_state(random_state)
        self._samples_drawn, self._shown = 0, (None, None)      # samples drawn; the classes and sample shown
        self._ellipses_shown = None                             # each class's mean, spreads and angle drawn
        self._covariances_of = None                             # the spreads and angles of self._covariances
        self._tested = (None, None)                             # the points scored, t_test, Bayes decisions; key
        self._known = (None, None)                              # the classes as checked (_known_classes), and their key
        self._draw_noise()
        self.errors, self._bayes_errors = {}, {}                # the Bayes error of each setting of the classes

        options = [(f"class {k + 1}", k) for k in range(n_classes)]
        self.class_selector = widgets.ToggleButtons(options=options, value=0, description="move",
                                                    style={"button_width": "70px", **LABEL_STYLE})
        self.mean_sliders = [labelled_slider(widgets.FloatSlider, 0.0, *MEAN_SLIDER, f"mean x{j + 1}", width="290px")
                             for j in range(2)]
        self.spread_sliders = [labelled_slider(widgets.FloatSlider, 1.0, *SPREAD_SLIDER, f"spread {j + 1}",
                                       width="290px") for j in range(2)]
        self.angle_slider = labelled_slider(widgets.FloatSlider, 0.0, *ANGLE_SLIDER, "angle (°)", width="290px",
                                    readout_format=".0f")
        self.prior_slider = labelled_slider(widgets.FloatSlider, 0.5, *PRIOR_SLIDER, "prior", width="250px",
                                    readout_format=".2f")
        self.N_slider = labelled_slider(widgets.IntSlider, int(N), 20, self.N_max, 10, "sample size N", width="300px")
        self._class_sliders = [*self.mean_sliders, *self.spread_sliders, self.angle_slider]
        self._selected, self._loading = 0, False
        self._put_on_sliders(0)
        rows = widgets.VBox([
            widgets.HBox([self.class_selector, self.prior_slider, button("new sample", "refresh", self.new_sample)]),
            widgets.HBox(self.mean_sliders + [self.angle_slider]),
            widgets.HBox(self.spread_sliders + [self.N_slider]),
        ])
        super().__init__(CLASSES_FIGSIZE, [rows])
        for slider in self._class_sliders:
            slider.observe(weakly(self._on_class_slider), names="value")
        self.prior_slider.observe(weakly(self._on_prior), names="value")
        self.class_selector.observe(weakly(self._on_class_selected), names="value")
        self.start(self.N_slider)

    # ------------------------------------------------------------------ the classes

    @property
    def n_classes(self) -> int:
        return self._means.shape[0]

    @property
    def means(self) -> np.ndarray:
        """The class means ``mu_k``, shape (K, 2)."""
        return self._means.copy()

    @property
    def covariances(self) -> np.ndarray:
        """The class covariances ``Sigma_k``, shape (K, 2, 2), from the spreads and angles (built once per setting:
        an update uses them five times)."""
        shapes = (self._spreads.tobytes(), self._angles.tobytes())
        if shapes != self._covariances_of:
            self._covariances = np.array([covariance_from_axes(spread, np.radians(angle))
                                          for spread, angle in zip(self._spreads, self._angles)])
            self._covariances_of = shapes
        return self._covariances.copy()

    @property
    def priors(self) -> np.ndarray:
        """The class priors ``p(C_k)``, shape (K,)."""
        return self._priors.copy()

    def set_class(self, k: int, mean=None, spreads=None, angle=None, prior=None) -> None:
        """Select class ``k`` (from 0) and set any of its parameters, then redraw once (``angle`` in degrees)."""
        on_slider(k, "k", 0, self.n_classes - 1, integer=True)
        with self.holding_redraws():
            self.class_selector.value = k
            for sliders, values, name in ((self.mean_sliders, mean, "mean"), (self.spread_sliders, spreads, "spreads")):
                if values is not None:
                    values = as_vector(values, name, 2)
                    for slider, value in zip(sliders, values):
                        set_slider(slider, value, name)
            if angle is not None:
                set_slider(self.angle_slider, angle, "angle")
            if prior is not None:
                if on_slider(prior, "prior", *PRIOR_SLIDER[:2]) > self.prior_slider.max:
                    raise ValueError(f"prior of class {k + 1} can be at most {self.prior_slider.max:.3g} now: the other "
                                     f"classes keep their shares of the rest, each at least {PRIOR_SLIDER[0]:g}; "
                                     f"lower the prior of another class first; got {prior}.")
                set_slider(self.prior_slider, prior, "prior")

    def _on_class_selected(self, change) -> None:
        self._show_class(change["new"])

    def _show_class(self, k: int) -> None:
        """Select class ``k``: its parameters go on the sliders, and the status names it (one redraw)."""
        with self.holding_redraws():
            self._put_on_sliders(k)

    def _largest_prior(self, k: int) -> float:
        """The largest prior of class ``k`` that leaves every other class, keeping its share of the rest,
        the least prior the slider shows: ``p_j (1 - p) / sum_{i != k} p_i >= low``."""
        low, high, _ = PRIOR_SLIDER
        others = np.delete(self._priors, k)
        return max(min(high, 1 - low * others.sum() / others.min()), self._priors[k], low)   # (>= p_k but for round-off)

    def _put_on_sliders(self, k: int) -> None:
        self._selected, self._loading = k, True
        try:
            for slider, value in zip(self._class_sliders, [*self._means[k], *self._spreads[k], self._angles[k]]):
                slider.value = value
            self.prior_slider.max = self._largest_prior(k)
            self.prior_slider.value = self._priors[k]
        finally:
            self._loading = False

    def _on_class_slider(self, change) -> None:
        if self._loading:
            return
        k = self._selected
        self._means[k] = [slider.value for slider in self.mean_sliders]
        self._spreads[k] = [slider.value for slider in self.spread_sliders]
        self._angles[k] = self.angle_slider.value
        self._on_change()

    def _on_prior(self, change) -> None:
        """Give the selected class its new prior; the others share the rest in their old ratios."""
        if self._loading:
            return
        k, others = self._selected, np.arange(self.n_classes) != self._selected
        self._priors[others] *= (1 - change["new"]) / self._priors[others].sum()
        self._priors[k] = change["new"]
        self._on_change()

    # ------------------------------------------------------------------ the sample

    def _draw_noise(self) -> None:
        """The fixed randomness behind the training and test sets: noise z and a uniform u per example."""
        self._train_noise = self._rng.standard_normal((self.N_max, 2))
        self._train_uniform = self._rng.random(self.N_max)
        self._test_noise = self._rng.standard_normal((self.n_classes * self._n_test, 2))
        self._samples_drawn += 1

    def new_sample(self) -> None:
        """Draw a new training sample (and test set) from the same classes."""
        self._draw_noise()
        self.redraw()

    @property
    def t(self) -> np.ndarray:
        """The classes of the ``N`` training examples: example ``i`` is in class ``k`` when ``u_i`` falls in the
        ``k``-th stretch of the cumulative priors, so each is drawn with probability ``p(C_k)``."""
        u = self._train_uniform[:self.N_slider.value]
        return np.minimum(np.searchsorted(np.cumsum(self._priors), u, side="right"), self.n_classes - 1)

    @property
    def X(self) -> np.ndarray:
        """The ``N`` training examples, shape (N, 2)."""
        t = self.t
        return gaussian_classes_from_noise(self._train_noise[:t.size], t, self._means, self.covariances)

    def _test_set(self) -> tuple[np.ndarray, np.ndarray]:
        t = np.repeat(np.arange(self.n_classes), self._n_test)
        return gaussian_classes_from_noise(self._test_noise, t, self._means, self.covariances), t

    # ------------------------------------------------------------------ drawing

    def _build_figure(self) -> None:
        self.ax_true, self.ax_fit = self.fig.subplots(1, 2, sharex=True, sharey=True)
        uniform = np.full((self.grid.shape[0], self.n_classes), 1 / self.n_classes)
        self._shading = plotting.plot_posterior(self.ax_true, uniform, self.xlim, self.ylim, self.resolution)
        self._ellipses = plotting.plot_class_ellipses(self.ax_true, self._means, self.covariances)
        self._boundaries = {"Bayes": [plotting.plot_boundaries(ax, [], "Bayes", label="Bayes (true classes)")
                                      for ax in (self.ax_true, self.ax_fit)]}
        for name in ("LDA", "QDA"):
            self._boundaries[name] = [plotting.plot_boundaries(self.ax_fit, [], name, label=f"{name} (fitted)")]
        self._points = [plotting.plot_markers(self.ax_fit, np.empty((0, 2)), s=28, edgecolors="white", linewidths=0.5,
                                              zorder=3, label=f"class {k + 1}", **plotting.class_style(k))
                        for k in range(self.n_classes)]
        self.ax_true.set_title("true posteriors and Bayes boundary", fontsize="medium")
        self.ax_fit.set_title("a training sample, and the fitted boundaries", fontsize="medium")
        for ax in (self.ax_true, self.ax_fit):
            ax.set(xlim=self.xlim, ylim=self.ylim, aspect="equal", xlabel="$x_1$")
            ax.grid(False)
        self.ax_true.set_ylabel("$x_2$")
        handles = [self._boundaries[name][-1] for name in ("Bayes", "LDA", "QDA")] + self._points
        self.fig.legend(handles=handles, loc="outside upper center", ncol=3 + self.n_classes, fontsize="small",
                        handlelength=2.4, columnspacing=1.2)
        self.freeze_layout()
        for artist in (self._shading, *(line for lines in self._ellipses for line in lines), self._boundaries["Bayes"][0]):
            self.hold(artist)                                   # the left panel: it changes with the classes only
        for artist in (*self._points, *(group[-1] for group in self._boundaries.values())):
            self.animate(artist)

    def _fitted(self, X, t) -> dict:
        """LDA and QDA fitted on the sample, from one set of estimates, or the reason each cannot be (e.g. QDA with
        ``N_k <= D``), by name."""
        counts = np.bincount(t, minlength=self.n_classes)
        k = int(np.argmin(counts))
        if counts[k] < 2:
            return dict.fromkeys(("LDA", "QDA"), f"not fitted: class {k + 1} has N_k = {counts[k]} < 2 examples")
        estimates, fitted = _estimates(X, t), {}
        for name, model in (("LDA", LDA()), ("QDA", QDA())):
            try:
                fitted[name] = model._fit(estimates)
            except ValueError:
                fitted[name] = (f"not fitted: class {k + 1} has N_k = {counts[k]} <= D = 2, a singular covariance"
                                if counts[k] <= 2 else "not fitted: a singular covariance")
        return fitted

    @property
    def bayes_error(self):
        """The Bayes error rate of the classes as set, from the distribution (computed once per setting)."""
        key = self._classes_key()
        if key not in self._bayes_errors:
            self._bayes_errors[key] = _gaussian_bayes_error(*self._known_classes(), tol=1e-6)
        return self._bayes_errors[key]

    def _classes_key(self) -> tuple:
        """The setting of the classes, as a key: their means, spreads, angles and priors."""
        return self._means.tobytes(), self._spreads.tobytes(), self._angles.tobytes(), self._priors.tobytes()

    def _known_classes(self) -> tuple:
        """The classes as set, checked once per setting (:func:`~lecture_utils.discriminant.gaussian_bayes_error`
        and each scoring of the grid and the test set would check them again): their means, the Cholesky factors of
        their covariances and their priors."""
        key = self._classes_key()
        if key != self._known[0]:
            self._known = (key, _known_classes(self.means, self.covariances, self.priors))
        return self._known[1]

    def update(self) -> None:
        classes = self._classes_key()
        shown = (classes, (self.N_slider.value, self._samples_drawn))
        if classes != self._shown[0]:
            self._move_classes()
        if shown != self._shown:                                # not when only another class is selected
            self._problems = self._refit_and_move()
        self._shown = shown
        self.render(self._describe(self.t, self._problems))

    def _move_classes(self) -> None:
        """Shade the true posteriors, move the ellipses and the Bayes boundaries (the left panel is redrawn)."""
        means, covariances = self._means, self.covariances
        scores = _gaussian_joint_log_likelihood(self.grid, *self._known_classes())
        self._shading.set_data(_posterior_image(_posteriors(scores), self.resolution))
        shapes = np.column_stack([means, self._spreads, self._angles])
        moved = np.arange(self.n_classes) if self._ellipses_shown is None else \
            np.flatnonzero(np.any(shapes != self._ellipses_shown, axis=1))          # a prior moves none
        if moved.size:
            _move_class_ellipses([self._ellipses[k] for k in moved], means[moved], covariances[moved])
        self._ellipses_shown = shapes
        segments = _boundary_segments(scores, self.xlim, self.ylim)
        for lines in self._boundaries["Bayes"]:
            lines.set_segments(segments)
        self.redraw_held()

    def _refit_and_move(self) -> dict:
        """Fit LDA and QDA on the sample, score them and the Bayes rule on the test set, and move their artists;
        the reason a model could not be fitted, by name."""
        X, t, priors = self.X, self.t, self._priors
        scored, t_test, bayes = self._bayes_on_test_set()
        n_grid = len(self.grid)
        grid_scores, decisions, problems = {}, {"Bayes": bayes}, {}
        for name, fitted in self._fitted(X, t).items():
            if isinstance(fitted, str):
                problems[name] = fitted
                continue
            scores = _boundary_scores(fitted, scored)           # the log posteriors' boundaries, on grid and test set
            grid_scores[name], decisions[name] = scores[:n_grid], np.argmax(scores[n_grid:], axis=1)   # as predict
        zero_one = zero_one_loss(self.n_classes)
        estimates = {name: _stratified_risk(decisions[name], t_test, priors, zero_one) for name in decisions}
        self.errors = {name: estimates[name].risk if name in estimates else np.nan for name in ("LDA", "QDA")}
        self.standard_error = estimates["Bayes"].standard_error
        for name in ("LDA", "QDA"):
            segments = _boundary_segments(grid_scores[name], self.xlim, self.ylim) if name in grid_scores else []
            self._boundaries[name][0].set_segments(segments)
        for k, points in enumerate(self._points):
            points.set_data(*X[t == k].T)
        return problems

    def _bayes_on_test_set(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The points a model is scored on, the grid then the test set ``X_test`` (one call scores both), ``t_test``,
        and the Bayes rule's decisions on the test set, kept while the classes and the noise stay (a change of ``N``
        reuses them)."""
        key = (self._classes_key(), self._samples_drawn)
        if key != self._tested[0]:
            X_test, t_test = self._test_set()
            joint = _gaussian_joint_log_likelihood(X_test, *self._known_classes())
            self._tested = (key, (np.vstack([self.grid, X_test]), t_test, np.argmax(joint, axis=1)))
        return self._tested[1]

    def _describe(self, t, problems) -> str:
        counts = ", ".join(str(n) for n in np.bincount(t, minlength=self.n_classes))
        parts = [f"{name} {problems[name]}" if name in problems else f"{name} {self.errors[name]:.3f}"
                 for name in ("LDA", "QDA")]
        return (f"class {self._selected + 1} selected; N = {t.size} examples (N_k = {counts}). Bayes error of the "
                f"classes {self.bayes_error.error:.4f}; test error on {self.n_classes} x {self._n_test} "
                f"(\u00b1 {self.standard_error:.3f}): " + ", ".join(parts))


class RDAExplorer(FigureWidget):
    """Regularised discriminant analysis: ``alpha`` and ``gamma`` morph the boundary between LDA and QDA (section 9).

    The left panel shows the training data (filled) and the validation data
    (small, faint), RDA's decision regions and boundary, and each class's
    regularised covariance ``Sigma_k(alpha, gamma)`` as its ellipse at
    Mahalanobis distance 1.5 around the class mean. The right panel is the
    validation accuracy over the whole grid of ``(alpha, gamma)`` (computed once),
    with the current pair marked. ``(0, 0)`` is LDA, ``(1, 0)`` QDA, ``gamma = 1``
    spherical covariances.

    Parameters
    ----------
    X_train, t_train, X_val, t_val : arrays
        2-D inputs and labels ``0..K-1``.
    alpha, gamma : float
        The starting point, on the grid.
    step : float
        Grid step of both sliders and of the heat map: 1 divided into 2 to 100 steps (the sliders show two decimals).
    resolution : int
        Grid cells per side of the regions.

    Attributes
    ----------
    alpha_slider, gamma_slider : ipywidgets.FloatSlider
    alphas, gammas : ndarray
        The grid.
    validation_accuracy, training_accuracy : ndarray of shape (len(gammas), len(alphas))
    model : RDA
        The model shown.
    """

    def __init__(self, X_train, t_train, X_val, t_val, alpha=0.0, gamma=0.0, step=0.05, resolution=80):
        self.X_train, self.X_val = as_matrix(X_train, "X_train"), as_matrix(X_val, "X_val")
        self.t_train, self.t_val = np.asarray(t_train), np.asarray(t_val)
        classes, _ = as_class_labels(self.t_train, self.X_train.shape[0], "t_train")
        as_class_labels(self.t_val, self.X_val.shape[0], "t_val", min_classes=1)
        if classes.dtype.kind not in "iuf" or not np.array_equal(classes, np.arange(classes.size)):
            raise ValueError(f"t_train must hold the labels 0, ..., K - 1 (they choose the colours); got "
                             f"{classes.tolist()[:5]}. Number other labels with np.unique(t, return_inverse=True)[1].")
        check_known_labels(self.t_val, classes, "t_val")
        if self.X_train.ndim != 2 or self.X_train.shape[1] != 2 or self.X_val.shape[1:] != (2,):
            raise ValueError(f"X_train and X_val must have 2 features to be drawn; got shapes {self.X_train.shape} "
                             f"and {self.X_val.shape}.")
        n_steps = 1 / check_positive(step, "step")
        if not (1.5 < n_steps < 100.5 and np.isclose(n_steps, round(n_steps))):
            raise ValueError(f"step must divide 1 into 2 to 100 steps (the sliders show two decimals), e.g. 0.05 or "
                             f"0.1; got {step}.")
        self.alphas = self.gammas = np.linspace(0, 1, round(n_steps) + 1)
        largest = max(len(self.X_train), len(self.X_val))
        work = self.alphas.size ** 2 * classes.size * (largest + 20) * 2         # as rda_accuracy_grid counts it
        if work > MAX_GRID_WORK:
            raise ValueError(f"step = {step:g} gives {self.alphas.size ** 2} pairs (alpha, gamma), each scored on the "
                             f"{len(self.X_train)} examples of X_train and the {len(self.X_val)} of X_val: {work:.3g} "
                             f"steps of work, more than the {MAX_GRID_WORK:.0e} done in a few seconds; use a larger step "
                             "or fewer examples.")
        self.training_accuracy, self.validation_accuracy = self._score_grid()
        self.resolution = check_positive_int(resolution, "resolution")
        check_size(self.resolution ** 2 * 8, "the posterior image", "resolution")
        both = np.vstack([self.X_train, self.X_val])
        self.xlim, self.ylim = plotting.padded_limits(both, pad=0.05)
        self.grid = plotting.grid_points(self.xlim, self.ylim, self.resolution)
        self.alpha_slider = labelled_slider(widgets.FloatSlider, self._on_grid(alpha, "alpha"), 0, 1, step,
                                    "\u03b1 (0: LDA, 1: QDA)", width="340px", readout_format=".2f")
        self.gamma_slider = labelled_slider(widgets.FloatSlider, self._on_grid(gamma, "gamma"), 0, 1, step,
                                    "\u03b3 (1: spherical)", width="320px", readout_format=".2f")
        buttons = [button(name, "", partial(weakly(self.set_point), a, g))
                   for name, (a, g) in (("LDA", (0, 0)), ("QDA", (1, 0)), ("best", self.best))]
        super().__init__(RDA_FIGSIZE, [self.alpha_slider, self.gamma_slider, *buttons])
        self.start(self.alpha_slider, self.gamma_slider)

    def _score_grid(self) -> tuple[np.ndarray, np.ndarray]:
        return tuple(rda_accuracy_grid(self.X_train, self.t_train, X, t, self.alphas, self.gammas)
                     for X, t in ((self.X_train, self.t_train), (self.X_val, self.t_val)))

    @property
    def best(self) -> tuple[float, float]:
        """The ``(alpha, gamma)`` of highest validation accuracy (the first of equals, by gamma then alpha)."""
        i, j = np.unravel_index(np.argmax(self.validation_accuracy), self.validation_accuracy.shape)
        return float(self.alphas[j]), float(self.gammas[i])

    def _on_grid(self, value, name: str) -> float:
        """``value`` if it is a point of the grid (a multiple of the step in [0, 1]), else a ``ValueError``:
        the heat map and the status would show the accuracy of the nearest point instead."""
        return on_slider(value, name, 0.0, 1.0, step=self.alphas[1])

    def set_point(self, alpha: float, gamma: float) -> None:
        """Move both sliders to a point of the grid, then redraw once."""
        alpha, gamma = self._on_grid(alpha, "alpha"), self._on_grid(gamma, "gamma")
        with self.holding_redraws():
            self.alpha_slider.value, self.gamma_slider.value = alpha, gamma

    def _index(self) -> tuple[int, int]:
        step = self.alphas[1]
        return round(self.gamma_slider.value / step), round(self.alpha_slider.value / step)

    def _build_figure(self) -> None:
        self.ax, self.ax_grid = self.fig.subplots(1, 2, width_ratios=(1, 1.1))
        n_classes = np.unique(self.t_train).size
        uniform = np.full((self.grid.shape[0], n_classes), 1 / n_classes)
        self._regions = plotting.plot_posterior(self.ax, uniform, self.xlim, self.ylim, self.resolution)
        self._data = [plotting.plot_markers(self.ax, self.X_val[self.t_val == k], s=8, alpha=0.4, linewidths=0,
                                            zorder=1, **plotting.class_style(k)) for k in range(n_classes)]
        self._data += plotting.plot_data(self.ax, self.X_train, self.t_train, s=42, edgecolors="black")
        self._boundary = plotting.plot_boundaries(self.ax, [], "RDA")
        self._ellipses = [self.ax.plot([], [], color=plotting.class_style(k)["color"], linewidth=2.0, zorder=5)[0]
                          for k in range(n_classes)]
        self.ax.set(xlim=self.xlim, ylim=self.ylim, xlabel="$x_1$", ylabel="$x_2$")
        self.ax.grid(False)
        self.ax.set_title(r"posteriors and $\Sigma_k(\alpha, \gamma)$ ellipses", fontsize="medium")
        plotting.plot_score_grid(self.ax_grid, self.validation_accuracy, self.alphas, self.gammas,
                                 label="validation accuracy")
        self.ax_grid.set_title("validation accuracy over the grid", fontsize="medium")
        self._marker, = self.ax_grid.plot([0], [0], marker="o", markersize=13, markerfacecolor="none",
                                          markeredgecolor="white", markeredgewidth=2.5, linestyle="none")
        best_alpha, best_gamma = self.best
        self.ax_grid.plot([best_alpha], [best_gamma], marker="*", markersize=15, color="white", linestyle="none",
                          markeredgecolor="black", markeredgewidth=1.2)
        self.freeze_layout()
        for artist in (self._regions, *self._data, self._boundary, *self._ellipses, self._marker):
            self.animate(artist)

    def update(self) -> None:
        alpha, gamma = self.alpha_slider.value, self.gamma_slider.value
        self.model = RDA(alpha, gamma).fit(self.X_train, self.t_train)
        scores = _boundary_scores(self.model, self.grid)       # the discriminants, exact where the boundary is
        self._regions.set_data(_posterior_image(_posteriors(scores), self.resolution))
        self._boundary.set_segments(_boundary_segments(scores, self.xlim, self.ylim))
        for line, mean, covariance in zip(self._ellipses, self.model.means_, self.model.regularized_covariances_):
            line.set_data(*plotting.ellipse_points(mean, covariance, radius=1.5).T)
        self._marker.set_data([alpha], [gamma])
        i, j = self._index()
        corner = {(0.0, 0.0): " (LDA)", (1.0, 0.0): " (QDA)"}.get((alpha, gamma), "")
        best_alpha, best_gamma = self.best
        self.render(f"\u03b1 = {alpha:.2f}, \u03b3 = {gamma:.2f}{corner}: training accuracy "
                    f"{self.training_accuracy[i, j]:.3f}, validation accuracy {self.validation_accuracy[i, j]:.3f}; "
                    f"best on the grid: \u03b1 = {best_alpha:.2f}, \u03b3 = {best_gamma:.2f} with "
                    f"{self.validation_accuracy.max():.3f}")
