"""Benchmarks of notebook 07: Naive Bayes fit plus predict_proba on 100 000 examples against scikit-learn."""

from __future__ import annotations

import statistics
import time

import numpy as np
from sklearn import naive_bayes as sk
from sklearn.preprocessing import OrdinalEncoder

from _timing import report
from lecture_utils.naive_bayes import BernoulliNB, CategoricalNB, GaussianNB

N_SAMPLES, N_FEATURES, N_CLASSES = 100_000, 20, 3


def _medians_ms(ours, theirs, repeats: int) -> tuple[float, float]:
    """Median times of two functions run in turn, so that both see the same load on the machine."""
    times = {ours: [], theirs: []}
    for _ in range(repeats):
        for function in (ours, theirs):
            start = time.perf_counter()
            function()
            times[function].append(time.perf_counter() - start)
    return 1e3 * statistics.median(times[ours]), 1e3 * statistics.median(times[theirs])


def _compare(label: str, ours, theirs, repeats: int = 7) -> None:
    """Report fit plus predict_proba of ours against scikit-learn's (target: no slower), and their agreement."""
    ours_ms, theirs_ms = _medians_ms(ours, theirs, repeats)
    gap = np.max(np.abs(ours() - theirs()))
    report(label, ours_ms, theirs_ms,
           f"scikit-learn {theirs_ms:.1f} ms, ratio {ours_ms / theirs_ms:.2f}, max |posterior gap| {gap:.1e}")


def bench_naive_bayes() -> None:
    rng = np.random.default_rng(0)
    t = rng.integers(N_CLASSES, size=N_SAMPLES)
    print(f"Naive Bayes fit + predict_proba, {N_SAMPLES} examples, {N_FEATURES} features, "
          f"{N_CLASSES} classes, against scikit-learn (median of 7, run in turn):")

    X = rng.normal(size=(N_SAMPLES, N_FEATURES)) + rng.normal(size=(N_CLASSES, N_FEATURES))[t]
    _compare("GaussianNB",
             lambda: GaussianNB().fit(X, t).predict_proba(X),
             lambda: sk.GaussianNB(var_smoothing=0).fit(X, t).predict_proba(X))

    codes = (rng.integers(5, size=(N_SAMPLES, N_FEATURES)) + t[:, None]) % 5     # 5 values per feature
    _compare("CategoricalNB, integer codes 0-4",
             lambda: CategoricalNB().fit(codes, t).predict_proba(codes),
             lambda: sk.CategoricalNB().fit(codes, t).predict_proba(codes))

    words = np.char.add("value", codes.astype(str))
    _compare("CategoricalNB, strings (theirs: OrdinalEncoder)",
             lambda: CategoricalNB().fit(words, t).predict_proba(words),
             lambda: _ordinal_then_categorical(words, t), repeats=3)

    binary = (codes >= 2).astype(int)
    _compare("BernoulliNB",
             lambda: BernoulliNB().fit(binary, t).predict_proba(binary),
             lambda: sk.BernoulliNB(binarize=None).fit(binary, t).predict_proba(binary))


def _ordinal_then_categorical(X, t) -> np.ndarray:
    encoder = OrdinalEncoder(dtype=int).fit(X)
    return sk.CategoricalNB().fit(encoder.transform(X), t).predict_proba(encoder.transform(X))


BENCHMARKS = [bench_naive_bayes]
