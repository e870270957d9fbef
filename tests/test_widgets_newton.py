"""The widgets of notebook 05 driven through their Python API: what the figures and the status show.

References: Newton's iteration x -> -x^3 on sqrt(1 + x^2) and the Taylor polynomials written out here by
hand; for the loss surface, scikit-learn's unpenalised logistic regression for the minimum, and gradient
descent, Newton's step and the quadratic model recomputed here with numpy from the formulas
grad E = X^T (p - t) / N and H = X^T S X / N; the Armijo test evaluated by hand for the damped steps.
"""

import numpy as np
import pytest
from scipy.special import expit, log_expit
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression

from lecture_utils.logistic import LogisticLoss
from lecture_utils.widgets import Newton1D, NewtonStepper
from pictures import picture

# ---------------------------------------------------------------- Newton1D


def sqrt_derivatives(x):
    """f = sqrt(1 + x^2), f' = x / f, f'' = (1 + x^2)^(-3/2), by hand."""
    return np.sqrt(1 + x * x), x / np.sqrt(1 + x * x), (1 + x * x) ** -1.5


@pytest.fixture()
def one_d():
    return Newton1D("sqrt", x0=0.5)


def test_the_start_shows_the_first_step_on_sqrt(one_d):
    # f'(0.5) = 0.5 / sqrt(1.25) = 0.44721, f''(0.5) = 1.25^-1.5 = 0.71554, and 0.5 - 0.5 * 1.25 = -0.125
    assert one_d.status == ("x_0 = 0.5: f' = 0.4472, f'' = 0.7155; Newton's point x - f'/f'' = -0.125, "
                            "so x_1 = -0.125")


def test_the_iterates_follow_x_to_minus_x_cubed_and_the_pictures_are_the_taylor_polynomials(one_d):
    expected = [0.5]
    for _ in range(3):
        expected.append(-expected[-1] ** 3)
    for k in range(4):
        one_d.slider.value = k
        np.testing.assert_allclose(one_d.iterates, expected[:k + 1], rtol=1e-12, atol=1e-300)
        x_k = expected[k]
        f, slope, curvature = sqrt_derivatives(x_k)
        x, parabola = one_d._parabola.get_data()
        np.testing.assert_allclose(parabola, f + slope * (x - x_k) + 0.5 * curvature * (x - x_k) ** 2, rtol=1e-12)
        x, tangent = one_d._tangent.get_data()
        np.testing.assert_allclose(tangent, slope + curvature * (x - x_k), rtol=1e-12, atol=1e-15)
        # the cross: the vertex of the parabola and the zero of the tangent, both at x_{k+1} = -x_k^3
        (vertex_x,), (vertex_y,) = one_d._targets[0].get_data()
        (zero_x,), (zero_y,) = one_d._targets[1].get_data()
        assert vertex_x == zero_x == pytest.approx(-x_k ** 3, rel=1e-12, abs=1e-20) and zero_y == 0
        assert vertex_y == pytest.approx(f - 0.5 * slope ** 2 / curvature, rel=1e-12)
        (current_x,), _ = one_d._currents[0].get_data()
        assert current_x == x_k


def test_a_parabola_takes_one_step_and_the_status_says_so(one_d):
    one_d.function_menu.value = "quadratic"                   # (x - 1)^2 / 2 + 1
    one_d.step()
    assert one_d.iterates.tolist() == [0.5, 1.0]
    assert one_d.status == "x_1 = 1: f' = 0, f'' = 1 | converged after 1 step"
    _, f_curve = one_d._f_curve.get_data()
    np.testing.assert_allclose(f_curve, (one_d.x - 1) ** 2 / 2 + 1, rtol=1e-15)   # the new function is drawn


def test_pure_newton_from_far_diverges_and_damping_halves_the_first_step():
    widget = Newton1D("sqrt", x0=1.2, k=12)
    assert widget.iterates[:4] == pytest.approx([1.2, -1.728, 1.728 ** 3, -(1.728 ** 9)], rel=1e-12)
    assert widget.status.endswith("diverged at step 4: the loss blew up")
    widget.damping.value = True
    widget.reset()
    # the full step to -1.728 raises f from 1.562 to 1.996; half of it, to 1.2 - 1.464 = -0.264, lowers it
    f0, slope, curvature = sqrt_derivatives(1.2)
    d = slope / curvature
    assert sqrt_derivatives(1.2 - d)[0] > f0 and sqrt_derivatives(1.2 - d / 2)[0] < f0 - 1e-4 * 0.5 * slope * d
    assert "damped by \u03b1 = 0.5, so x_1 = -0.264" in widget.status
    widget.slider.value = 12
    assert "converged after" in widget.status and abs(widget.iterates[-1]) < 1e-12


def test_the_double_well_sends_newton_to_its_maximum(one_d):
    one_d.function_menu.value = "double_well"
    one_d.x0_slider.value = 0.3
    # f'' = 3 (0.09) - 1 = -0.73 < 0: the parabola opens downward; x - (x^3 - x) / (3x^2 - 1) = 2x^3 / (3x^2 - 1)
    assert "f'' < 0: the parabola opens downward" in one_d.status
    assert f"x_1 = {2 * 0.3 ** 3 / (3 * 0.09 - 1):.6g}" in one_d.status
    one_d.slider.value = 12
    assert abs(one_d.iterates[-1]) < 1e-12 and "converged" not in one_d.status
    assert one_d.status.endswith("stopped after 4 steps where f' = 0 but f'' < 0: a maximum, not a minimum")
    one_d.damping.value = True
    assert "Hessian is not positive definite" in one_d.status


def test_after_many_changes_the_picture_is_a_fresh_widgets():
    widget = Newton1D("sqrt", x0=0.5)
    for change in [("function_menu", "double_well"), ("x0_slider", 1.5), ("damping", True), ("slider", 3),
                   ("function_menu", "sqrt"), ("damping", False), ("x0_slider", 0.5), ("slider", 2)]:
        setattr(getattr(widget, change[0]), "value", change[1])
    assert picture(widget) == picture(Newton1D("sqrt", x0=0.5, k=2))


def test_each_function_shown_again_is_drawn_as_a_fresh_widget_draws_it():
    widget = Newton1D("sqrt", x0=0.5)
    functions = [key for _, key in widget.function_menu.options]
    for function in functions * 2 + functions[::-1]:       # the second round reuses each function's background
        widget.function_menu.value = function
        assert picture(widget) == picture(Newton1D(function, x0=0.5))


def test_a_run_shown_again_is_kept_and_is_the_one_a_fresh_widget_computes(monkeypatch):
    from lecture_utils.widgets import newton
    widget = Newton1D("sqrt", x0=0.5)
    run, damped_runs = newton.minimize, []
    monkeypatch.setattr(newton, "minimize", lambda *args, **kwargs: (damped_runs.append(kwargs["line_search"]),
                                                                     run(*args, **kwargs))[1])
    for damped in (True, False, True, False):
        widget.damping.value = damped
    assert damped_runs == [True]                    # the undamped run from 0.5 was made when the widget was built
    widget.damping.value = True
    fresh = Newton1D("sqrt", x0=0.5, line_search=True)
    np.testing.assert_array_equal(widget.trace.weights, fresh.trace.weights)
    assert widget.status == fresh.status and picture(widget) == picture(fresh)


def test_newton1d_bad_input_is_named():
    with pytest.raises(ValueError, match="function must be one of"):
        Newton1D("cubic")
    with pytest.raises(ValueError, match="x0 must lie in xlim"):
        Newton1D(x0=5.0)
    with pytest.raises(ValueError, match="k must be a whole number of steps from 0 to max_steps = 12"):
        Newton1D(k=13)
    with pytest.raises(ValueError, match="k must be a whole number"):
        Newton1D(k=2.5)                                                # not truncated to 2
    with pytest.raises(TypeError, match="line_search must be True or False; got 'no'"):
        Newton1D(line_search="no")                                     # not a checked box
    with pytest.raises(ValueError, match="max_steps must be at most 1000") as refused:
        Newton1D(max_steps=10 ** 12)
    assert "max_iter" not in str(refused.value)
    with pytest.raises(ValueError, match="xlim must be two numbers"):
        Newton1D(xlim=(-2.0, 0.0, 2.0))


# ---------------------------------------------------------------- NewtonStepper


@pytest.fixture(scope="module")
def hours_data():
    rng = np.random.default_rng(5)
    hours = rng.normal(3.0, 1.0, size=60)
    passed = (rng.uniform(size=60) < expit(1.5 * hours - 4.5)).astype(int)
    return hours, passed


def by_hand(hours, passed):
    """E, grad E = X^T (p - t) / N and H = X^T S X / N for the weights (w, b), written out with numpy."""
    X = np.column_stack([hours, np.ones_like(hours)])

    def parts(w):
        z = X @ w
        p = expit(z)
        loss = -np.mean(passed * log_expit(z) + (1 - passed) * log_expit(-z))
        return loss, X.T @ (p - passed) / len(hours), X.T @ ((p * (1 - p))[:, None] * X) / len(hours)
    return parts


@pytest.fixture(scope="module")
def shared_stepper(hours_data):
    hours, passed = hours_data
    return NewtonStepper(LogisticLoss(hours[:, None], passed), learning_rate=0.4, xlim=(-4, 6), ylim=(-12, 6))


@pytest.fixture()
def stepper(shared_stepper):
    """The stepper back at its start, whatever an earlier test did (one redraw)."""
    with shared_stepper.holding_redraws():
        shared_stepper.set_start(0.0, 0.0)
        shared_stepper.damping.value = False
        shared_stepper.slider.value = 0
    return shared_stepper


def test_the_minimum_is_scikit_learns(stepper, hours_data):
    hours, passed = hours_data
    reference = SklearnLogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(hours[:, None], passed)
    np.testing.assert_allclose(stepper.optimum, [reference.coef_[0, 0], reference.intercept_[0]], atol=1e-6)


def test_both_paths_are_the_methods_written_out(stepper, hours_data):
    parts = by_hand(*hours_data)
    gd, newton = [np.zeros(2)], [np.zeros(2)]
    for _ in range(5):
        gd.append(gd[-1] - 0.4 * parts(gd[-1])[1])
        _, g, H = parts(newton[-1])
        newton.append(newton[-1] - np.linalg.solve(H, g))
    stepper.slider.value = 5
    np.testing.assert_allclose(np.column_stack(stepper._paths["gd"].get_data()), gd, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(np.column_stack(stepper._paths["newton"].get_data()), newton, rtol=1e-10, atol=1e-12)
    for method, path in (("gd", gd), ("newton", newton)):
        steps, errors = stepper._errors[method].get_data()
        np.testing.assert_allclose(errors, np.maximum(np.linalg.norm(np.array(path) - stepper.optimum, axis=1),
                                                      1e-16), rtol=1e-9, atol=1e-14)
        assert list(steps) == list(range(6))
    assert stepper.status.startswith(f"step 5: gradient descent (\u03b7 = 0.4): E = {parts(gd[-1])[0]:.4f}")
    assert "Newton: E = 0.5742, distance 0.0e+00 (converged after 5 steps)" in stepper.status


@pytest.mark.parametrize("k", [0, 1, 2])
def test_the_ellipses_are_level_sets_of_the_quadratic_model_through_w_k(stepper, hours_data, k):
    parts = by_hand(*hours_data)
    stepper.slider.value = k
    w_k = stepper.newton.weights[k]
    loss, g, H = parts(w_k)
    model = lambda w: loss + (w - w_k) @ g + 0.5 * np.einsum("ni,ij,nj->n", w - w_k, H, w - w_k)   # noqa: E731
    target = w_k - np.linalg.solve(H, g)
    (tx,), (ty,) = stepper._target.get_data()
    np.testing.assert_allclose([tx, ty], target, rtol=1e-10)
    np.testing.assert_allclose(np.column_stack(stepper._full_step.get_data()), [w_k, target], rtol=1e-10)
    lowest = model(target[None])[0]
    for ellipse, fraction in zip(stepper._ellipses, (1.0, 0.25, 0.0625)):
        points = np.column_stack(ellipse.get_data())
        np.testing.assert_allclose(model(points) - lowest, fraction * (loss - lowest), rtol=1e-8)


def test_pure_newton_diverges_from_far_and_the_damped_first_step_is_a_thirty_second(stepper, hours_data):
    parts = by_hand(*hours_data)
    stepper.set_start(4.0, -4.0)
    stepper.slider.value = 3
    assert "Newton: E = " in stepper.status and "(diverged at step 2: the loss blew up)" in stepper.status
    assert np.all(np.isfinite(stepper.newton.weights))
    stepper.damping.value = True
    stepper.slider.value = 0
    # the Armijo test by hand: halve alpha from 1 until E(w - alpha d) <= E(w) - 1e-4 alpha grad^T d
    w0 = np.array([4.0, -4.0])
    loss, g, H = parts(w0)
    d = np.linalg.solve(H, g)
    alpha = 1.0
    while parts(w0 - alpha * d)[0] > loss - 1e-4 * alpha * g @ d:
        alpha /= 2
    assert alpha == 1 / 32
    assert f"next step damped by \u03b1 = {alpha:g}" in stepper.status
    stepper.slider.value = stepper.slider.max
    assert stepper.newton.converged and "damped Newton: E = 0.5742" in stepper.status


def test_the_stepper_after_many_changes_draws_what_a_fresh_one_draws(stepper, hours_data):
    for change in [(stepper.slider, 7), (stepper.damping, True), (stepper.start_sliders[0], 3.0),
                   (stepper.slider, 2), (stepper.start_sliders[1], -9.0), (stepper.damping, False)]:
        change[0].value = change[1]
    hours, passed = hours_data
    fresh = NewtonStepper(LogisticLoss(hours[:, None], passed), learning_rate=0.4, xlim=(-4, 6), ylim=(-12, 6),
                          start=(3.0, -9.0), k=2)
    assert picture(stepper) == picture(fresh) and stepper.status == fresh.status


def test_a_start_shown_again_shows_the_runs_a_fresh_stepper_computes(stepper, hours_data):
    hours, passed = hours_data
    loss = LogisticLoss(hours[:, None], passed)
    for start, damped in [((3.0, -9.0), True), ((0.0, 0.0), False), ((3.0, -9.0), False), ((3.0, -9.0), True)]:
        with stepper.holding_redraws():
            stepper.set_start(*start)
            stepper.damping.value = damped
        fresh = NewtonStepper(loss, learning_rate=0.4, xlim=(-4, 6), ylim=(-12, 6), start=start, line_search=damped)
        for method in ("gd", "newton"):
            np.testing.assert_array_equal(getattr(stepper, method).weights, getattr(fresh, method).weights)
        assert stepper.status == fresh.status


def test_stepper_bad_input_is_named(hours_data):
    hours, passed = hours_data
    loss = LogisticLoss(hours[:, None], passed)
    with pytest.raises(ValueError, match="start must be two weights inside"):
        NewtonStepper(loss, 0.4, start=(10.0, 0.0))
    with pytest.raises(ValueError, match="objective must be a loss of two weights"):
        NewtonStepper(LogisticLoss(np.column_stack([hours, hours ** 2]), passed), 0.4)
    with pytest.raises(ValueError, match="learning_rate must be"):
        NewtonStepper(loss, 0.0)
    with pytest.raises(ValueError, match="resolution must be at most 400.*1e\\+08"):
        NewtonStepper(loss, 0.4, resolution=10 ** 4)                   # refused at once, not after half an hour
    with pytest.raises(ValueError, match="max_steps must be at most 1000"):
        NewtonStepper(loss, 0.4, max_steps=10 ** 6)
    with pytest.raises(TypeError, match="line_search must be True or False"):
        NewtonStepper(loss, 0.4, line_search="False")
    with pytest.raises(TypeError, match="names must be two strings"):
        NewtonStepper(loss, 0.4, names="wb")
    with pytest.raises(TypeError, match="objective must be a loss of two weights with loss"):
        NewtonStepper(lambda w: 0.0, 0.4)


def test_on_separable_data_no_star_is_drawn_and_the_right_panel_shows_the_loss():
    # one feature that separates the classes at x = 2.5: sigma(w (x - 2.5)) -> the labels as w -> inf
    x = np.array([0.5, 1.0, 1.5, 2.0, 3.0, 3.5, 4.0, 5.0])
    loss = LogisticLoss(x[:, None], np.repeat([0, 1], 4))
    stepper = NewtonStepper(loss, 0.4, k=30)
    assert stepper.optimum is None and stepper.separable and not stepper.optimum_shown
    stars = [line for line in stepper.ax_surface.lines if line.get_marker() == "*"]
    assert stars == []
    assert "the data are separable: the loss has no minimum" in stepper.status and "distance" not in stepper.status
    assert "converged" not in stepper.status
    # the right panel: E(w_k) of each method, which falls towards its infimum 0
    _, newton_losses = stepper._errors["newton"].get_data()
    np.testing.assert_allclose(newton_losses, np.maximum(stepper.newton.loss[:31], 1e-16), rtol=1e-15)
    assert newton_losses[-1] < 1e-10 and "no minimum" in stepper.ax_errors.get_title()
    # with an L2 penalty the same data have a minimum, drawn inside the box
    penalised = NewtonStepper(LogisticLoss(x[:, None], np.repeat([0, 1], 4), l2=0.1), 0.4)
    assert penalised.optimum_shown and not penalised.separable


def test_a_minimum_outside_the_box_is_named_not_drawn(hours_data):
    hours, passed = hours_data
    stepper = NewtonStepper(LogisticLoss(hours[:, None], passed), 0.4, xlim=(-1.0, 0.5), ylim=(-1.0, 1.0))
    reference = SklearnLogisticRegression(C=np.inf, tol=1e-12, max_iter=10_000).fit(hours[:, None], passed)
    np.testing.assert_allclose(stepper.optimum, [reference.coef_[0, 0], reference.intercept_[0]], atol=1e-6)
    assert not stepper.optimum_shown
    assert [line for line in stepper.ax_surface.lines if line.get_marker() == "*"] == []
    assert "outside the view" in stepper.ax_errors.get_title()
