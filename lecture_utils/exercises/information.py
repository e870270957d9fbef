"""Self-checks for the exercises of notebook 02, information theory.

Each check computes the right answer with :mod:`lecture_utils.information`
and compares; a wrong answer is matched against the usual slips (natural
log instead of log 2, a lost minus sign, P and Q swapped, ...) to give a
hint that names the slip.
"""

from __future__ import annotations

import numpy as np

from ..information import cross_entropy, entropy, gaussian_entropy, kl_divergence
from ._feedback import PLACEHOLDER, Feedback, as_number, check_number, close, unanswered

_LN2 = np.log(2)


def check_entropy_bits(p, answer) -> Feedback:
    """Exercise: the entropy ``H(P) = -sum_x P(x) log_2 P(x)`` of the distribution ``p``, in bits."""
    p = np.asarray(p, dtype=float)
    truth = float(entropy(p, base=2))
    terms = " + ".join(f"{q:g} * {-np.log2(q):g}" for q in p if q > 0)
    slips = [
        (truth * _LN2, "That is the entropy in nats (natural log). For bits use log base 2: "
                       "np.log2, or divide nats by ln 2."),
        (-truth, "Check the sign: log P(x) <= 0, so H(P) = -sum P(x) log P(x) is >= 0. "
                 "Don't forget the minus sign."),
        (float(np.sum(-np.log2(p[p > 0]))), "You added up the surprises -log2 P(x) without weighting them: "
                                             "the entropy is their average, sum_x P(x) (-log2 P(x))."),
    ]

    def advice(value):
        if value > np.log2(p.size) + 1e-9:
            return (f"No distribution over {p.size} outcomes has more than log2 {p.size} = "
                    f"{np.log2(p.size):.4g} bits (the uniform one). Recompute sum_x P(x) (-log2 P(x)).")
        return "Compute -log2 P(x) for each outcome, multiply by P(x), and add up."

    return check_number(answer, "the entropy in bits", "1.5", truth,
                        f"H(P) = {terms} = {truth:.4g} bits: the average surprise.", slips, advice)


def check_gaussian_entropy(sigma, answer) -> Feedback:
    """Exercise: the differential entropy ``1/2 log(2 pi e sigma^2)`` of ``N(mu, sigma^2)``, in nats."""
    truth = float(gaussian_entropy(sigma))
    sign = " It is negative: a density can exceed 1, so -log p(x) can be negative on average." if truth < 0 else ""
    slips = [
        (truth / _LN2, "That is in bits (log base 2); the exercise asks for nats: use the natural log, np.log."),
        (-truth, "Check the sign: H = 1/2 log(2 pi e sigma^2), and log(sigma^2) < 0 when sigma < 1. "
                 "A differential entropy may well be negative; don't take an absolute value."),
        (0.5 * np.log(2 * np.pi * np.e * sigma),
         "Square sigma: the formula uses the variance sigma^2, not the standard deviation."),
        (0.5 * np.log(2 * np.pi * sigma ** 2), "You lost the e: -E[log p(x)] = 1/2 log(2 pi sigma^2) "
                                                "+ E[(x - mu)^2] / (2 sigma^2), and the second term is 1/2 = 1/2 log e."),
    ]
    return check_number(answer, "the entropy in nats", "1.5", truth,
                        f"1/2 log(2 pi e sigma^2) = {truth:.4g} nats.{sign}", slips,
                        "Use H(N(mu, sigma^2)) = 1/2 log(2 pi e sigma^2) with the natural log; mu does not matter.")


def _check_both_directions(p, q, answers, quantity, name: str, sign_hint: str, slip, recompute: str,
                           praise) -> Feedback:
    """Compare the answers for ``(P, Q)`` and ``(Q, P)`` with ``quantity(., ., base=2)``; hints name the slips.

    ``name`` and ``recompute`` are templates with ``{a}`` and ``{b}`` for the
    two arguments; ``slip = (function, message)`` is one more typical wrong
    value and its hint; ``praise(truth_pq, truth_qp)`` is the message for right answers.
    """
    if any(unanswered(answer) for answer in answers):
        return PLACEHOLDER
    values = [as_number(answer) for answer in answers]
    if any(value is None for value in values):
        return Feedback(False, f"Give each value in bits as one finite number, e.g. 1.5; got {answers!r}.")
    distributions = {"P": p, "Q": q}
    directions = (("P", "Q"), ("Q", "P"))
    truths = [float(quantity(distributions[a], distributions[b], base=2)) for a, b in directions]
    if close(values, truths):
        return Feedback(True, praise(*truths))
    if close(values, truths[::-1]):
        return Feedback(False, "The two are swapped: the first argument is the distribution the "
                               "outcomes come from; it weights the terms.")
    slip_function, slip_message = slip
    hints = []
    for (a, b), value, truth in zip(directions, values, truths):
        label = name.format(a=a, b=b)
        if close(value, truth):
            continue
        if close(value, truth * _LN2):
            hints.append(f"{label} is in nats; use log base 2 for bits.")
        elif close(value, -truth):
            hints.append(f"{label} has the wrong sign: {sign_hint}")
        elif close(value, float(slip_function(distributions[a], distributions[b]))):
            hints.append(slip_message.format(label=label, a=a, b=b))
        else:
            hints.append(f"Recompute {label} = {recompute.format(a=a, b=b)}.")
    return Feedback(False, " ".join(hints))


def check_cross_entropies(p, q, h_pq, h_qp) -> Feedback:
    """Exercise: both cross-entropies ``H(P, Q) = -sum_x P(x) log_2 Q(x)`` and ``H(Q, P)``, in bits."""
    return _check_both_directions(
        p, q, (h_pq, h_qp), cross_entropy, "H({a}, {b})",
        "-log2 of a probability is >= 0, so a cross-entropy is too; don't forget the minus.",
        (lambda first, second: entropy(first, base=2),
         "For {label} you computed the entropy of {a}: inside the log goes the second distribution, {b}."),
        "-sum_x {a}(x) log2 {b}(x)",
        lambda pq, qp: f"H(P, Q) = {pq:.4g} bits and H(Q, P) = {qp:.4g} bits: swapping the arguments "
                       "changes the value.")


def check_kl_divergences(p, q, kl_pq, kl_qp) -> Feedback:
    """Exercise: ``D_KL(P || Q)`` and ``D_KL(Q || P)`` in bits, and so which direction is larger."""
    return _check_both_directions(
        p, q, (kl_pq, kl_qp), kl_divergence, "KL({a}||{b})",
        "a divergence is never negative (Gibbs); the log holds P(x) / Q(x) for KL(P||Q), not Q(x) / P(x).",
        (lambda first, second: cross_entropy(first, second, base=2),
         "For {label} you gave the cross-entropy H({a}, {b}); subtract the entropy H({a}): "
         "KL({a}||{b}) = H({a}, {b}) - H({a})."),
        "sum_x {a}(x) log2({a}(x) / {b}(x))",
        lambda pq, qp: f"KL(P||Q) = {pq:.4g} bits and KL(Q||P) = {qp:.4g} bits: "
                       f"{'KL(P||Q)' if pq > qp else 'KL(Q||P)'} is larger, so the divergence is not symmetric.")


__all__ = ["check_entropy_bits", "check_gaussian_entropy", "check_cross_entropies", "check_kl_divergences"]
