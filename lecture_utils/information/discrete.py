"""The measures of discrete distributions: self-information, entropy (of a coin, too), cross-entropy, the
Kullback-Leibler divergence, and the code lengths of Huffman's optimal prefix code.

Taught in notebook 02 ("Information theory"); distributions lie along the last axis, and the notation is that
of :mod:`lecture_utils.information`.
"""

from __future__ import annotations

import heapq

import numpy as np
from scipy.special import xlog1py, xlogy

from .._validation import as_distribution, as_probabilities
from ._units import _broadcast_pair, _in_base


# Huffman codes are built for at most this many outcomes (about 5 s).
_MAX_CODE_OUTCOMES = 2 ** 20


def _distribution_pair(p, q):
    """Validate two distributions along the last axis whose leading axes broadcast."""
    return _broadcast_pair(as_distribution(p, "p"), as_distribution(q, "q"), "p", "q")


def _log_ratio(p, q):
    """``log(p / q)``, also where ``p / q`` overflows or underflows (then ``log p - log q``).

    Meaningful where ``p > 0``; ``+inf`` where ``q = 0 < p``.
    """
    with np.errstate(divide="ignore", over="ignore", invalid="ignore", under="ignore"):
        ratio = p / q
        accurate = np.isfinite(ratio) & (ratio >= np.finfo(float).tiny)
        return np.where(accurate, np.log(np.where(accurate, ratio, 1.0)), np.log(p) - np.log(q))


def _relative_entropy_terms(p, q):
    """``p log(p / q)``, taken as 0 where ``p = 0`` and ``inf`` where ``q = 0 < p``."""
    with np.errstate(invalid="ignore"):
        return np.where(p > 0, p * _log_ratio(p, q), 0.0)


# --- discrete distributions ---

def self_information(p, base=None):
    """``I(x) = -log P(x)``: the surprise of an outcome of probability ``p``.

    Parameters
    ----------
    p : float or array-like of probabilities in [0, 1]
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the shape of ``p``; ``inf`` where ``p = 0``.
    """
    p = as_probabilities(p, "p")
    with np.errstate(divide="ignore"):
        return _in_base(-np.log(p), base)                # I(x) = -log P(x)


def entropy(p, base=None):
    """``H(P) = -sum_x P(x) log P(x)``, with ``0 log 0 = 0``.

    Parameters
    ----------
    p : array-like of shape (..., n_outcomes)
        Distributions along the last axis.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of shape ``(...)``; between 0 and ``log n_outcomes``.
    """
    p = as_distribution(p, "p")
    return _in_base(-np.sum(xlogy(p, p), axis=-1), base)        # -sum_x P(x) log P(x)


def binary_entropy(phi, base=None):
    """``H(phi) = -phi log phi - (1 - phi) log(1 - phi)``, the entropy of a Bernoulli variable.

    Vectorised over ``phi``; 0 at ``phi`` in {0, 1}, largest (``log 2``) at 1/2.
    """
    phi = as_probabilities(phi, "phi")
    # (1 - phi) log(1 - phi) through log1p: for phi below 1e-16, 1 - phi rounds to 1 and its log to 0, not -phi
    return _in_base(-xlogy(phi, phi) - xlog1py(1 - phi, -phi), base)


def cross_entropy(p, q, base=None):
    """``H(P, Q) = -sum_x P(x) log Q(x)``; ``inf`` where ``Q(x) = 0 < P(x)`` for some ``x``.

    Parameters
    ----------
    p, q : array-like of shape (..., n_outcomes)
        Distributions along the last axis; leading axes broadcast.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the broadcast leading shape
    """
    p, q = _distribution_pair(p, q)
    with np.errstate(divide="ignore"):
        return _in_base(-np.sum(xlogy(p, q), axis=-1), base)    # -sum_x P(x) log Q(x)


def kl_divergence(p, q, base=None):
    """``D_KL(P || Q) = sum_x P(x) log(P(x) / Q(x))``, which equals ``H(P, Q) - H(P)``.

    Terms with ``P(x) = 0`` are 0; the divergence is ``inf`` where
    ``Q(x) = 0 < P(x)``. Rounding can leave the sum a few ulps below zero
    when ``P`` and ``Q`` (nearly) agree; it is clipped at 0, which Gibbs'
    inequality guarantees.

    Parameters
    ----------
    p : array-like of shape (..., n_outcomes)
        The distributions ``P`` (say, of the data), along the last axis.
    q : array-like of shape (..., n_outcomes)
        The distributions ``Q`` that approximate them (a model); leading
        axes broadcast against those of ``p``.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the broadcast leading shape; ``inf`` where ``Q`` misses an outcome of ``P``.
    """
    p, q = _distribution_pair(p, q)
    divergence = np.sum(_relative_entropy_terms(p, q), axis=-1)  # sum_x P(x) log(P(x) / Q(x))
    return _in_base(np.maximum(divergence, 0.0), base)


def huffman_code_lengths(p) -> np.ndarray:
    """The codeword lengths of an optimal binary prefix code for ``P`` (Huffman, 1952).

    A codeword is the list of answers to the yes/no questions that single out
    an outcome, so ``sum_x P(x) l(x)`` is the expected number of questions of
    the best questioning strategy. Huffman's algorithm merges the two least
    probable outcomes (or groups) into one, again and again; each merge puts
    the outcomes of both groups one question deeper. The expected length
    ``L`` obeys ``H(P) <= L < H(P) + 1`` (entropy in bits), with ``L = H(P)``
    exactly when every ``P(x)`` is a power of 1/2. Taught in notebook 02,
    section 5.

    Parameters
    ----------
    p : array-like of shape (n_outcomes,)
        One distribution.

    Returns
    -------
    ndarray of int, shape (n_outcomes,)
        The length ``l(x)`` of each outcome's codeword. An outcome of
        probability 0 never occurs and gets none (length 0), and so does a
        certain outcome: no question is needed. Ties are broken by the order
        of the outcomes; other tie-breaks give other lengths with the same
        expected length.
    """
    p = as_distribution(p, "p")
    if p.ndim != 1:
        raise ValueError(f"p must be one distribution (a 1-D array); got shape {p.shape}.")
    if p.size > _MAX_CODE_OUTCOMES:
        raise ValueError(f"p has {p.size} outcomes; Huffman's algorithm here merges them pair by pair in Python, "
                         f"a few seconds for {_MAX_CODE_OUTCOMES} (2^20), and minutes for many more: pass at most "
                         "that many outcomes.")
    # (probability, node): the outcomes are nodes 0..K-1, merged groups K, K+1, ...; the number breaks ties
    heap = [(probability, x) for x, probability in enumerate(p.tolist()) if probability > 0]
    heapq.heapify(heap)
    parent = [-1] * p.size                              # the group each node was merged into
    while len(heap) > 1:
        p_a, a = heapq.heappop(heap)                    # the two least probable groups ...
        p_b, b = heapq.heappop(heap)
        parent[a] = parent[b] = len(parent)             # ... are told apart by one more question
        parent.append(-1)
        heapq.heappush(heap, (p_a + p_b, len(parent) - 1))
    depth = [0] * len(parent)
    for node in range(len(parent) - 1, -1, -1):          # a group is created after its members
        if parent[node] >= 0:
            depth[node] = depth[parent[node]] + 1       # l(x): the questions from the root down to x
    return np.array(depth[:p.size], dtype=int)
