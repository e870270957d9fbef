"""Self-information, entropy, cross-entropy and the Kullback-Leibler divergence.

Taught in notebook 02 ("Information theory"). Notation of the lecture:

- self-information ``I(x) = -log P(x)``;
- entropy ``H(P) = -sum_x P(x) log P(x)`` (``-int p log p dx`` for densities,
  the *differential* entropy, which can be negative);
- cross-entropy ``H(P, Q) = -sum_x P(x) log Q(x)``, with Gibbs' inequality
  ``H(P, Q) >= H(P)``;
- ``D_KL(P || Q) = H(P, Q) - H(P) = sum_x P(x) log(P(x) / Q(x)) >= 0``;
- the code lengths of an optimal binary prefix code (Huffman), whose expected
  length ``L`` obeys ``H(P) <= L < H(P) + 1`` in bits.

Logarithms are natural (nats) unless ``base`` is given: ``base=2`` gives bits.
Discrete distributions lie along the last axis of an array; leading axes
broadcast, so one call scores a whole batch. ``0 log 0 = 0`` throughout, and
a divergence is ``inf`` exactly where ``Q(x) = 0 < P(x)``.

The continuous part gives the closed forms for normal distributions, the
same quantities on a grid for any density (trapezoid rule), the entropies of
several distributions with one variance (the maximum-entropy principle), and
the best Gaussian fits under forward and reverse KL (the lecture's picture
"Nonsymmetry of KL divergence").

One module per job: :mod:`~lecture_utils.information.discrete` (discrete distributions, Huffman codes),
:mod:`~lecture_utils.information.normal` (normal distributions in closed form, maximum entropy),
:mod:`~lecture_utils.information.densities` (any density on a grid) and
:mod:`~lecture_utils.information.kl_fits` (the best Gaussian under forward and reverse KL) and
:mod:`~lecture_utils.information.joint` (two variables: joint and conditional entropy, mutual information), in the
units of
``_units``. Every name is importable from ``lecture_utils.information`` itself.
"""

from .densities import (cross_entropy_on_grid, differential_entropy_on_grid, kl_divergence_from_log_densities,
                        kl_divergence_on_grid)
from .discrete import (binary_entropy, cross_entropy, entropy, huffman_code_lengths, kl_divergence,
                       self_information)
from .joint import conditional_entropy, joint_distribution, joint_entropy, mutual_information
from .kl_fits import fit_gaussian_forward_kl, fit_gaussian_reverse_kl
from .normal import entropies_at_fixed_variance, gaussian_entropy, gaussian_kl

__all__ = ["self_information", "entropy", "binary_entropy", "cross_entropy", "kl_divergence", "huffman_code_lengths",
           "gaussian_entropy", "gaussian_kl", "entropies_at_fixed_variance", "differential_entropy_on_grid",
           "cross_entropy_on_grid", "kl_divergence_on_grid", "kl_divergence_from_log_densities",
           "fit_gaussian_forward_kl", "fit_gaussian_reverse_kl", "joint_entropy", "conditional_entropy",
           "mutual_information", "joint_distribution"]
