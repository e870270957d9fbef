"""Texts redrawn from kept glyph bitmaps (widgets._text) against matplotlib's own drawing of them."""

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties

from lecture_utils.widgets import _text
from lecture_utils.widgets._text import GlyphCache


def test_texts_drawn_through_the_glyph_cache_are_the_pixels_matplotlib_draws():
    fig = Figure(figsize=(6, 3), dpi=200)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    texts = [ax.text(0.1 * i, 0.5, "", fontsize=9, color="C1", rotation=15 * (i % 3), ha="center",
                     alpha=0.5 if i == 4 else None) for i in range(8)]
    texts.append(ax.text(0.5, 0.2, "$p(x \\mid C_k)$", fontsize=10))          # mathematical text: drawn as usual
    for text in texts:
        text.set_animated(True)
    fig.canvas.draw()
    background, renderer, cache = fig.canvas.copy_from_bbox(fig.bbox), fig.canvas.get_renderer(), GlyphCache()

    def frame(values, cached):
        fig.canvas.restore_region(background)
        for text, value in zip(texts, values):
            text.set_text(f"{value:.3f}\nof {value * 2:g}" if value > 0.4 else f"{value:.3f}")
        for text in texts:
            text.draw(cache.renderer_for(renderer)) if cached else fig.draw_artist(text)
        return np.asarray(fig.canvas.buffer_rgba()).copy()

    rng = np.random.default_rng(0)
    for _ in range(12):                                       # values seen before: drawn from the cache
        values = rng.choice([0.125, 0.25, 0.5], len(texts) - 1)
        np.testing.assert_array_equal(frame(values, cached=True), frame(values, cached=False))
    assert 0 < len(cache._glyphs) < 12 * 8                    # most strings were drawn from their kept bitmaps


def test_a_text_that_changes_its_own_font_is_redrawn_in_its_new_font():
    fig = Figure(figsize=(3, 2), dpi=200)
    FigureCanvasAgg(fig)
    text = fig.text(0.2, 0.5, "0.250", fontsize=9, animated=True)
    fig.canvas.draw()
    background, renderer, cache = fig.canvas.copy_from_bbox(fig.bbox), fig.canvas.get_renderer(), GlyphCache()

    def frame(cached):
        fig.canvas.restore_region(background)
        text.draw(cache.renderer_for(renderer)) if cached else fig.draw_artist(text)
        return np.asarray(fig.canvas.buffer_rgba()).copy()

    for size, weight in ((9, "normal"), (14, "normal"), (9, "bold"), (9, "normal")):   # set_* change the font in place
        text.set_fontsize(size)
        text.set_fontweight(weight)
        np.testing.assert_array_equal(frame(cached=True), frame(cached=False))


def test_a_text_is_laid_out_through_the_cache_as_matplotlib_lays_it_out():
    # the cache offers Text the font's heights (ascent, descent, line gap) that Text otherwise reads from the
    # font's tables at every draw: the boxes and line positions must be matplotlib's own, to the last bit
    fig = Figure(figsize=(3, 2), dpi=200)
    FigureCanvasAgg(fig)
    renderer, cache = fig.canvas.get_renderer(), GlyphCache()
    texts = [fig.text(0.5, 0.5, "0.667\nof 1.33", fontsize=size, family=family, weight=weight, linespacing=spacing)
             for size in (6, 9.5, 14) for family in ("DejaVu Sans", "DejaVu Serif", "monospace")
             for weight, spacing in (("normal", 1.2), ("bold", "normal"))]
    for text in texts:
        bbox, lines, box = text._get_layout(cache.renderer_for(renderer))
        expected_bbox, expected_lines, expected_box = text._get_layout(renderer)
        assert (bbox.bounds, lines, box) == (expected_bbox.bounds, expected_lines, expected_box)
    text = texts[0]
    text.set_fontsize(20)                                     # its font changes in place: the cache follows
    assert text._get_layout(cache)[1] == text._get_layout(renderer)[1]


def test_after_the_canvas_changes_size_the_cache_draws_on_the_new_canvas():
    # the renderer's methods are kept bound on the cache: a new renderer (a new size) must replace them
    fig = Figure(figsize=(3, 2), dpi=100)
    FigureCanvasAgg(fig)
    text = fig.text(0.2, 0.5, "0.250", fontsize=9, animated=True)
    line = fig.add_subplot().plot([0, 1], [0, 1], animated=True)[0]
    cache = GlyphCache()
    for dpi in (100, 150):
        fig.set_dpi(dpi)
        fig.canvas.draw()
        background, renderer = fig.canvas.copy_from_bbox(fig.bbox), fig.canvas.get_renderer()
        for artist in (text, line):
            artist.draw(cache.renderer_for(renderer))
        cached = np.asarray(fig.canvas.buffer_rgba()).copy()
        fig.canvas.restore_region(background)
        for artist in (text, line):
            fig.draw_artist(artist)
        np.testing.assert_array_equal(cached, np.asarray(fig.canvas.buffer_rgba()))


def test_numbers_laid_out_glyph_by_glyph_are_the_pixels_and_boxes_matplotlib_gives(monkeypatch):
    # a number drawn for the first time is laid out from its characters' glyphs, not by FreeType: its box and
    # its pixels must be matplotlib's own, to the last bit, in several fonts and sizes and at any sub-pixel place
    fig = Figure(figsize=(6, 3), dpi=200)
    FigureCanvasAgg(fig)
    rng = np.random.default_rng(1)
    texts = [fig.text(x, y, "", fontsize=size, family=family, ha=ha, va="bottom", color="C2", animated=True)
             for x, y, size, family, ha in zip(rng.uniform(0.05, 0.9, 9), rng.uniform(0.05, 0.9, 9), (6, 9.163, 14) * 3,
                                               ("DejaVu Sans",) * 3 + ("DejaVu Serif",) * 3 + ("monospace",) * 3,
                                               ("center", "left", "right") * 3)]
    fig.canvas.draw()
    background, renderer, cache = fig.canvas.copy_from_bbox(fig.bbox), fig.canvas.get_renderer(), GlyphCache()
    laid_out_by_freetype, draw_text = [], _text.RendererAgg.draw_text

    def counted(self, gc, x, y, s, *args, **kwargs):
        laid_out_by_freetype.append(s)
        return draw_text(self, gc, x, y, s, *args, **kwargs)

    for frame in range(20):
        fig.canvas.restore_region(background)
        monkeypatch.setattr(_text.RendererAgg, "draw_text", counted)
        for text, value in zip(texts, rng.lognormal(0, 4, len(texts)) * rng.choice([-1, 1], len(texts))):
            text.set_text(rng.choice([f"{value:.3g}", f"{value:,.2f}", f"{value:+.1%}", f"{value:.2e}",
                                      f"{value:.4g}".replace("-", "\u2212")]))
            text.set_position((text.get_position()[0] + rng.uniform(-0.01, 0.01), text.get_position()[1]))
            (bbox, lines, _), (expected_bbox, expected_lines, _) = (text._get_layout(cache.renderer_for(renderer)),
                                                                    text._get_layout(renderer))
            assert (bbox.bounds, lines) == (expected_bbox.bounds, expected_lines)
            text.draw(cache.renderer_for(renderer))
        monkeypatch.undo()
        cached = np.asarray(fig.canvas.buffer_rgba()).copy()
        fig.canvas.restore_region(background)
        for text in texts:                                    # matplotlib's own drawing, through FreeType
            fig.draw_artist(text)
        np.testing.assert_array_equal(cached, np.asarray(fig.canvas.buffer_rgba()))
    assert laid_out_by_freetype == []                         # every number was laid out from its glyphs


def test_a_font_that_kerns_or_joins_characters_keeps_freetype_layout(monkeypatch):
    # DejaVu Sans kerns "AV" and joins "fi" into one glyph: such characters are never placed side by side
    for characters, side_by_side in (("AVTo", False), ("fi", False), ("0123456789.", True)):
        monkeypatch.setattr(_text, "PLAIN", frozenset(characters))
        monkeypatch.setattr(_text, "_plain_fonts", {})
        assert (_text._plain_font_of(characters, FontProperties(size=9), 200) is not None) == side_by_side
