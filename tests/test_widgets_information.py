"""The widgets of notebook 02 driven through their Python API: what the figure and the status show.

Expected values come from scipy (``stats.entropy``, ``stats.norm``, ``stats.skew``,
``integrate.quad``), numpy's own histogram, and hand values, not from lecture_utils.
"""

import base64

import numpy as np
import pytest
from scipy import stats
from scipy.integrate import quad
from scipy.special import logsumexp

from lecture_utils.widgets import CLTExplorer, EntropyExplorer, KLAsymmetryExplorer
from pictures import picture


def heights(bars):
    return np.array([bar.get_height() for bar in bars])


# --- EntropyExplorer ---

def test_entropy_explorer_starts_at_one_and_three_quarter_bits():
    explorer = EntropyExplorer()                               # weights (4, 2, 1, 1)
    np.testing.assert_allclose(heights(explorer._bars), [0.5, 0.25, 0.125, 0.125], rtol=1e-15)
    assert explorer._gauge.get_height() == pytest.approx(1.75, rel=1e-12)
    assert explorer.status == ("P = (0.500, 0.250, 0.125, 0.125): H(P) = 1.7500 bits = 1.2130 nats, "
                               "at most log 4 = 2.0000 bits = 1.3863 nats")
    assert [text.get_text() for text in explorer._surprises] == ["1.00", "2.00", "3.00", "3.00"]   # -log2 P(x)
    assert [text.get_position()[1] for text in explorer._surprises] == [0.5, 0.25, 0.125, 0.125]  # on its bar
    assert "in bits" in explorer.ax.get_title()
    assert explorer._gauge_value.get_text() == "1.750" and explorer._gauge_value.get_position()[1] == 1.75


def test_entropy_explorer_follows_its_sliders():
    explorer = EntropyExplorer()
    first_picture = picture(explorer)
    rng = np.random.default_rng(0)
    for _ in range(5):
        weights = np.round(rng.uniform(0.5, 10, 4), 1)
        explorer.set_weights(weights)
        p = weights / weights.sum()
        np.testing.assert_allclose(heights(explorer._bars), p, rtol=1e-12)
        bits, nats = stats.entropy(p, base=2), stats.entropy(p)
        assert explorer._gauge.get_height() == pytest.approx(bits, rel=1e-12)
        assert f"H(P) = {bits:.4f} bits = {nats:.4f} nats" in explorer.status
        assert explorer.entropy(base=None) == pytest.approx(nats, rel=1e-12)
        for text, pk in zip(explorer._surprises, p):
            assert f"{-np.log2(pk):.2f}" in text.get_text()
    explorer.sliders[2].value = 0.3                            # one slider, as a student moves it
    assert explorer.weights[2] == 0.3
    np.testing.assert_allclose(explorer.probabilities, explorer.weights / explorer.weights.sum())
    assert picture(explorer) != first_picture
    explorer.reset()
    assert picture(explorer) == first_picture and "1.7500 bits" in explorer.status


def test_the_uniform_reaches_the_bound_and_a_certain_outcome_has_no_entropy():
    explorer = EntropyExplorer([1, 2, 3, 4, 5])
    explorer.make_uniform()
    np.testing.assert_allclose(heights(explorer._bars), 0.2, rtol=1e-15)
    assert explorer._gauge.get_height() == pytest.approx(np.log2(5), rel=1e-12)
    assert f"H(P) = {np.log2(5):.4f} bits" in explorer.status
    assert f"at most log 5 = {np.log2(5):.4f} bits" in explorer.status
    explorer.set_weights([0, 0, 10, 0, 0])                     # the extremes of the sliders
    assert explorer._gauge.get_height() == 0.0
    assert "H(P) = 0.0000 bits = 0.0000 nats" in explorer.status and "-0.0000" not in explorer.status
    labels = [text.get_text() for text in explorer._surprises]
    assert labels[2] == "0.00" and labels.count("\u221e") == 4


def test_all_weights_zero_shows_no_distribution_and_no_nan():
    explorer = EntropyExplorer([1, 1, 1])
    for slider in explorer.sliders:
        slider.value = 0.0
    assert explorer.probabilities is None and np.isnan(explorer.entropy())
    assert explorer.status.startswith("every weight is 0")
    assert np.all(heights(explorer._bars) == 0) and explorer._gauge.get_height() == 0
    assert "nan" not in explorer.status
    explorer.sliders[0].value = explorer.sliders[0].max        # back from nothing to a certain outcome
    assert explorer.status.startswith("P = (1.000, 0.000, 0.000): H(P) = 0.0000 bits")


def test_entropy_explorer_rejects_bad_weights():
    with pytest.raises(ValueError, match="weights must be 1-D with at least 2 entries"):
        EntropyExplorer([1.0])
    with pytest.raises(ValueError, match="weights must be 1-D"):
        EntropyExplorer([1.0, -1.0])
    with pytest.raises(ValueError, match="labels must name each of the 2 outcomes"):
        EntropyExplorer([1, 1], labels=["a"])
    with pytest.raises(ValueError, match="one entry per outcome"):
        EntropyExplorer([1, 1]).set_weights([1, 2, 3])


# --- KLAsymmetryExplorer ---

def mixture(x, separation, weights=(0.5, 0.5)):
    return (weights[0] * stats.norm.pdf(x, -separation / 2) + weights[1] * stats.norm.pdf(x, separation / 2))


def test_kl_explorer_draws_the_mixture_and_the_moment_matched_fit():
    explorer = KLAsymmetryExplorer(separation=3.0)
    x = explorer.x
    for fit in ("forward", "reverse"):
        area, p_line, _ = explorer._artists[fit]
        np.testing.assert_allclose(p_line.get_ydata(), mixture(x, 3.0), rtol=1e-12, atol=1e-300)
        assert area.get_xy()[1:-2, 1] == pytest.approx(mixture(x, 3.0), rel=1e-12)
    # forward KL = moment matching: mean 0, variance 1 + (d/2)^2 for two equal unit components
    mu, sigma = explorer.forward_fit
    assert mu == pytest.approx(0.0, abs=1e-9) and sigma == pytest.approx(np.sqrt(1 + 1.5 ** 2), rel=1e-6)
    np.testing.assert_allclose(explorer._artists["forward"][2].get_ydata(), stats.norm.pdf(x, mu, sigma),
                               rtol=1e-12, atol=1e-300)


def test_reverse_fit_seeks_a_mode_once_they_are_apart():
    explorer = KLAsymmetryExplorer(separation=8.0)
    mu, sigma = explorer.reverse_fit
    assert mu == pytest.approx(-4.0, abs=1e-3) and sigma == pytest.approx(1.0, abs=1e-3)   # the left of two ties
    np.testing.assert_allclose(explorer._artists["reverse"][2].get_ydata(),
                               stats.norm.pdf(explorer.x, mu, sigma), rtol=1e-12, atol=1e-300)
    # q covers one component of weight 1/2: KL(q || p) = E_q[log q / (q / 2 + far)] ~ log 2
    assert explorer.divergences["reverse", "q||p"] == pytest.approx(np.log(2), abs=1e-3)
    assert "N(-4.00, 1.00^2)" in explorer.status and f"KL(q||p) = {np.log(2):.4f} nats" in explorer.status
    heavier_right = KLAsymmetryExplorer(separation=8.0, weights=(0.3, 0.7))
    assert heavier_right.reverse_fit[0] == pytest.approx(4.0, abs=1e-3)


def test_divergences_shown_match_quad():
    explorer = KLAsymmetryExplorer(separation=5.0)

    def log_p(t):                                      # log of the mixture, without underflow in the tails
        return logsumexp([stats.norm.logpdf(t, -2.5), stats.norm.logpdf(t, 2.5)], axis=0) + np.log(0.5)

    for fit, (mu, sigma) in (("forward", explorer.forward_fit), ("reverse", explorer.reverse_fit)):
        log_q = stats.norm(mu, sigma).logpdf
        kl_pq = quad(lambda t: np.exp(log_p(t)) * (log_p(t) - log_q(t)), -np.inf, np.inf)[0]
        kl_qp = quad(lambda t: np.exp(log_q(t)) * (log_q(t) - log_p(t)), -np.inf, np.inf)[0]
        assert explorer.divergences[fit, "p||q"] == pytest.approx(kl_pq, abs=1e-5)
        assert explorer.divergences[fit, "q||p"] == pytest.approx(kl_qp, abs=1e-5)
        first, second = explorer._numbers[fit].get_text().split("\n")
        minimised, other = ("p||q", "q||p") if fit == "forward" else ("q||p", "p||q")
        assert first == f"{explorer.divergences[fit, minimised]:.3f}"
        assert second == f"{explorer.divergences[fit, other]:.3f}"
    # each fit wins in the divergence it minimises
    assert explorer.divergences["forward", "p||q"] < explorer.divergences["reverse", "p||q"]
    assert explorer.divergences["reverse", "q||p"] < explorer.divergences["forward", "q||p"]


def test_kl_explorer_whole_slider_range_without_nan():
    explorer = KLAsymmetryExplorer()
    first_picture = picture(explorer)
    for separation in np.arange(0.0, explorer.slider.max + 0.125, 0.25):
        explorer.slider.value = separation
        assert all(np.isfinite(value) and value >= -1e-9 for value in explorer.divergences.values())
        for artists in explorer._artists.values():
            assert np.all(np.isfinite(artists[2].get_ydata()))
        assert "nan" not in explorer.status and "-0.00," not in explorer.status
        assert explorer.status.startswith(f"d = {separation:.2f}: ")
    explorer.slider.value = 0.0                                 # one Gaussian: both fits are exact
    assert explorer.forward_fit == pytest.approx((0.0, 1.0), abs=1e-6)
    assert explorer.reverse_fit == pytest.approx((0.0, 1.0), abs=1e-4)
    assert "N(0.00, 1.00^2)" in explorer.status
    explorer.slider.value = 6.0
    assert picture(explorer) == first_picture                      # back to the start: the same picture


# --- CLTExplorer ---

def test_clt_explorer_histogram_is_that_of_the_standardised_sums():
    explorer = CLTExplorer(n=1, n_max=40, n_repeats=5000, random_state=3)
    draws = np.cumsum(np.random.default_rng(3).exponential(1.0, (40, 5000)), axis=0)   # the same pool
    for n in (1, 2, 10, 40):
        explorer.slider.value = n
        z = (draws[n - 1] - n) / np.sqrt(n)                       # mean 1 and variance 1 per draw
        np.testing.assert_allclose(explorer.current(), z, rtol=1e-10, atol=1e-12)
        counts, _ = np.histogram(z, explorer.edges)
        values = explorer._steps.get_data().values
        np.testing.assert_allclose(values, counts / (5000 * np.diff(explorer.edges)), rtol=1e-12)
        assert np.all(np.isfinite(values))
        skew = stats.skew(z)
        assert explorer.status == (f"n = {n}, exponential with rate 1 (skewness 2): skewness of Z_n {skew:.3f} "
                                   f"over 5000 sums (exact {2 / np.sqrt(n):.3f}; the normal's is 0)")


def test_clt_explorer_draws_the_standard_normal_and_is_reproducible():
    first, second = CLTExplorer(n_max=20, n_repeats=2000), CLTExplorer(n_max=20, n_repeats=2000)
    line = first.ax.get_lines()[0]
    np.testing.assert_allclose(line.get_ydata(), stats.norm.pdf(line.get_xdata()), rtol=1e-12)
    assert picture(first) == picture(second)
    first.slider.value = 20                                     # the end of the slider
    assert picture(first) != picture(second)
    second.slider.value = 20
    assert picture(first) == picture(second) and first.status == second.status


def test_bernoulli_sums_get_one_bin_per_value():
    explorer = CLTExplorer(n=1, distribution="bernoulli", n_max=30, n_repeats=4000, random_state=5)
    successes = np.cumsum(np.random.default_rng(5).random((30, 4000)) < 0.2, axis=0)   # S_n, as drawn
    for n in (1, 4, 30):
        explorer.slider.value = n
        spacing = 1 / np.sqrt(n * 0.2 * 0.8)                     # Z_n moves by 1 / (sqrt(n) sigma) per success
        centres = (np.arange(n + 1) - 0.2 * n) * spacing
        np.testing.assert_allclose(explorer.edges, np.r_[centres - spacing / 2, centres[-1] + spacing / 2],
                                   rtol=1e-12)
        share = np.bincount(successes[n - 1], minlength=n + 1) / 4000        # P(S_n = k) in the pool
        np.testing.assert_allclose(explorer._steps.get_data().values, share / spacing, rtol=1e-12)
        assert f"exact {1.5 / np.sqrt(n):.3f}" in explorer.status          # (1 - 2 phi) / sqrt(phi (1 - phi) n)


def test_the_source_buttons_switch_the_pool():
    explorer = CLTExplorer(n=3, n_max=10, n_repeats=3000, random_state=2)
    explorer.source.value = "uniform"
    draws = np.random.default_rng(2).random((10, 3000))
    z = (draws[:3].sum(axis=0) - 1.5) / np.sqrt(3 / 12)
    np.testing.assert_allclose(explorer.current(), z, rtol=1e-10, atol=1e-12)
    np.testing.assert_array_equal(explorer.edges, np.linspace(-4, 5, 73))
    assert explorer.status.startswith("n = 3, uniform on [0, 1] (symmetric): skewness of Z_n "
                                      f"{stats.skew(z) + 0.0:.3f} over 3000 sums (exact 0.000")
    with pytest.raises(ValueError, match="distribution must be one of"):
        CLTExplorer(distribution="poisson")


def test_static_pictures_without_a_frontend():
    for widget in (EntropyExplorer(), KLAsymmetryExplorer(), CLTExplorer(n_max=5, n_repeats=100)):
        bundle = widget._repr_mimebundle_()
        assert bundle["text/plain"] == widget.status
        assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")
