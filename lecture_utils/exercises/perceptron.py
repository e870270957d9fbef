"""Self-checks for the exercises of notebook 01, the perceptron."""

from __future__ import annotations

import numpy as np

from ..perceptron import min_margin, mistake_bound, perceptron_trace, radius
from ._feedback import PLACEHOLDER, Feedback, as_numbers, check_number, close, unanswered


def check_signed_distance(w, b, x, answer) -> Feedback:
    """Exercise: the signed distance ``r = (x^T w + b) / ||w||`` of the point ``x`` from the boundary."""
    w, x = np.asarray(w, dtype=float), np.asarray(x, dtype=float)
    output = x @ w + b
    truth = output / np.linalg.norm(w)
    slips = [
        (-truth, "Check the sign: r is positive on the side w points to, where y(x) > 0."),
        (output, "That is y(x) itself; divide it by the length ||w|| to get a distance."),
    ]
    return check_number(answer, "the distance", "-1.2", truth,
                        f"r = y(x) / ||w|| = {output:.4g} / {np.linalg.norm(w):.4g} = {truth:.4g}.", slips,
                        "Compute y(x) = x^T w + b first, then divide by ||w|| = sqrt(w_1^2 + w_2^2).")


def check_update(w, x, t, answer) -> Feedback:
    """Exercise: the weights ``(w_1, w_2, b)`` after the perceptron processes the example ``(x, t)``."""
    if unanswered(answer):
        return PLACEHOLDER
    w, x_tilde = np.asarray(w, dtype=float), np.append(np.asarray(x, dtype=float), 1.0)
    answer = as_numbers(answer, w.shape)
    if answer is None:
        return Feedback(False, f"Give {w.size} numbers: (w_1, w_2, b).")
    misclassified = t * (x_tilde @ w) <= 0
    truth = w + t * x_tilde if misclassified else w
    if close(answer, truth):
        what = "misclassified, so w <- w + t x" if misclassified else "already correct, so w stays"
        return Feedback(True, f"t x^T w = {t * (x_tilde @ w):.4g}: the example is {what}.")
    if not misclassified and close(answer, w + t * x_tilde):
        return Feedback(False, f"t x^T w = {t * (x_tilde @ w):.4g} > 0: the example is already correct, "
                               "and the perceptron only updates on mistakes.")
    if close(answer, w + t * np.append(x, 0.0)):
        return Feedback(False, "Don't forget the bias: its input is the constant 1, so b changes by t too.")
    if close(answer, w - t * x_tilde) or close(answer, w + x_tilde):
        return Feedback(False, "Check the sign: the update adds t x, moving w towards x if t = +1 "
                               "and away from it if t = -1.")
    return Feedback(False, "Append the constant input 1 to x, test whether t x^T w <= 0, "
                           "and if so add t x to w.")


def check_bound(X, t, w_star, R, gamma, bound) -> Feedback:
    """Exercise: ``R``, ``gamma`` and ``R^2 ||w*||^2 / gamma^2`` for data ``X`` (bias column included)."""
    if any(unanswered(v) for v in (R, gamma, bound)):
        return PLACEHOLDER
    truths = {"R": radius(X), "gamma": min_margin(X, t, w_star), "bound": mistake_bound(X, t, w_star)}
    answers = {"R": R, "gamma": gamma, "bound": bound}
    hints = {
        "R": "R is the largest length ||x_i|| of an example (bias input included), not an average.",
        "gamma": "gamma is the smallest t_i x_i^T w* over the examples (not divided by ||w*||).",
        "bound": "The bound is R^2 ||w*||^2 / gamma^2: square all three.",
    }
    wrong = [name for name in truths if not close(answers[name], truths[name])]
    if not wrong:
        return Feedback(True, f"R = {truths['R']:.4g}, gamma = {truths['gamma']:.4g}, so at most "
                              f"{truths['bound']:.4g} updates.")
    return Feedback(False, " ".join(hints[name] for name in wrong))


def check_update_count(X, t, answer) -> Feedback:
    """Exercise: how many updates the perceptron (with bias, examples in order) makes on ``X, t``."""
    if unanswered(answer):
        return PLACEHOLDER
    if isinstance(answer, bool) or not isinstance(answer, (int, np.integer)):
        return Feedback(False, f"Give the number of updates as a whole number; got {answer!r}.")
    trace = perceptron_trace(X, t, max_epochs=1000)
    truth = trace.n_updates
    if answer == truth:
        examples = ", ".join(f"x_{i}" for i in trace.index)
        return Feedback(True, f"{truth} updates, on {examples}, in {trace.n_epochs} epochs "
                              "(the last one without mistakes).")
    hint = "too few: w starts at 0, so the first example is always a mistake, and an update can " \
           "break an example that was right before" if answer < truth else \
           "too many: only examples with t x^T w <= 0 trigger an update"
    return Feedback(False, f"{answer} is {hint}. Write w after each example, with x = (x_1, x_2, 1).")


__all__ = ["check_signed_distance", "check_update", "check_bound", "check_update_count"]
