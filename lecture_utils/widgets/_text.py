"""Texts redrawn from their glyphs' bitmaps, kept from earlier frames, so that a widget's labels cost little.

Agg draws a text by laying it out with FreeType, rendering each glyph to a
bitmap at the text's exact (sub-pixel) place, and blending each bitmap onto
the canvas in the text's colour. A widget redraws the same labels at the same
places again and again (the value on a bar, a threshold's readout). A
:class:`GlyphCache` stands in for the renderer while a text draws itself: the
first time a string is drawn at a place in a font, it keeps the bitmaps and
where they went; later it blends those same bitmaps there, through Agg's own
blending and with the text's own graphics context, so the pixels are the
ones a fresh draw gives. Mathematical text and boxes are drawn as usual.

A string drawn for the first time (a number that changes with a slider) is
laid out twice by FreeType, once to measure it and once to draw it, about
0.2 ms each, more than rendering its glyphs. A number made only of
:data:`PLAIN` characters is laid out from its characters instead, when its
font places them side by side (no kerning, no ligature, checked once per font
against FreeType's own layout of every pair): each glyph starts where the
previous one's advance ends, and the text's box spans the glyphs' heights.
Its glyphs are then rendered by FreeType at the text's exact place, as Agg
renders them.
"""

from __future__ import annotations

import numpy as np
from matplotlib.backends.backend_agg import RendererAgg, get_hinting_flag
from matplotlib.font_manager import fontManager, get_font
from matplotlib.ft2font import RenderMode

#: The most (string, font, place) entries kept; past it the cache starts afresh.
MAX_ENTRIES = 4096
#: The characters of the numbers a widget shows, laid out one by one (see the module's docstring).
PLAIN = frozenset("0123456789.,+-e%\u2212")
#: The most fonts (file, size, resolution, hinting) whose PLAIN glyphs are kept; past it they start afresh.
MAX_FONTS = 64
#: FreeType's transform of a level text, in 16.16 fixed point.
_LEVEL = np.array([[0x10000, 0], [0, 0x10000]])


class _PlainFont:
    """The :data:`PLAIN` glyphs of one font at one size, and the layout of a string of them.

    Parameters
    ----------
    font : matplotlib.ft2font.FT2Font
    size : float
        In points.
    dpi : float
    flags : matplotlib.ft2font.LoadFlags
        FreeType's hinting, as Agg lays texts out with.

    Attributes
    ----------
    glyphs : dict
        By character: its glyph's index, advance, bottom and top (1/64 pixel, up from the baseline). Empty
        when the font kerns or joins some pair of them, or draws one from another font.
    """

    def __init__(self, font, size, dpi, flags):
        font.set_size(size, dpi)
        self.glyphs = {}
        for char in PLAIN:
            index = font.get_char_index(ord(char))
            if index:                                                   # else drawn from another font, or missing
                font.set_text(char, 0.0, flags=flags)
                (advance, height), descent = font.get_width_height(), font.get_descent()
                self.glyphs[char] = (index, advance, -descent, height - descent)
        if self.glyphs and not self._side_by_side(font, flags):
            self.glyphs = {}

    def _side_by_side(self, font, flags) -> bool:
        """Whether FreeType lays out and measures every pair of the glyphs as :meth:`layout` and :meth:`metrics` do."""
        pairs = "".join(first + second for first in self.glyphs for second in self.glyphs)
        font.set_text(pairs, 0.0, flags=flags)
        measured = (*(value / 64.0 for value in font.get_width_height()), font.get_descent() / 64.0)
        laid_out = [(item.glyph_index, item.x, item.y, item.ft_object is font)
                    for item in font._layout(pairs, flags=flags)]
        return laid_out == [(index, x, 0.0, True) for index, x in self.layout(pairs)] and measured == self.metrics(pairs)

    def layout(self, s: str) -> list:
        """``(glyph index, x)`` of each character of ``s``, ``x`` in pixels from the text's start."""
        placed, pen = [], 0
        for char in s:
            index, advance, _, _ = self.glyphs[char]
            placed.append((index, pen / 64.0))
            pen += advance
        return placed

    def metrics(self, s: str) -> tuple[float, float, float]:
        """Width, height and descent of ``s`` in pixels, as ``RendererAgg.get_text_width_height_descent``."""
        glyphs = [self.glyphs[char] for char in s]
        bottom, top = min(glyph[2] for glyph in glyphs), max(glyph[3] for glyph in glyphs)
        return sum(glyph[1] for glyph in glyphs) / 64.0, (top - bottom) / 64.0, -bottom / 64.0


#: The :class:`_PlainFont` of each font file, size, resolution and hinting met so far (at most MAX_FONTS).
_plain_fonts = {}


def _plain_font_of(s: str, prop, dpi) -> _PlainFont | None:
    """The :class:`_PlainFont` that lays out ``s`` in the font ``prop`` at ``dpi``, found once per font, size and
    hinting; ``None`` when FreeType must (a character not :data:`PLAIN`, or a font that kerns or joins them)."""
    if not s or not PLAIN.issuperset(s):                       # most texts with letters: no font looked up
        return None
    font = get_font(fontManager._find_fonts_by_props(prop))
    key = (font.fname, prop.get_size_in_points(), dpi, get_hinting_flag())      # the font's file, not the font
    if key not in _plain_fonts:
        if len(_plain_fonts) >= MAX_FONTS:
            _plain_fonts.clear()
        _plain_fonts[key] = _PlainFont(font, *key[1:])
    plain = _plain_fonts[key]
    return plain if plain.glyphs.keys() >= set(s) else None


class _Recorder:
    """Agg's low-level renderer, keeping the glyph bitmaps blended onto it."""

    def __init__(self, renderer):
        self._renderer, self.glyphs = renderer, []

    def __getattr__(self, name):
        return getattr(self._renderer, name)

    def draw_text_image(self, image, x, y, angle, gc):
        self.glyphs.append((image.copy(), x, y, angle))
        self._renderer.draw_text_image(image, x, y, angle, gc)


class GlyphCache:
    """Stands in for a ``RendererAgg`` while texts draw themselves: ``text.draw(cache.renderer_for(renderer))``."""

    def __init__(self):
        self._glyphs = {}
        self._heights = {}
        self._renderer = None
        self._forwarded = []                                   # the renderer's methods bound on this cache
        self._raster_depth, self._rasterizing = 0, False       # each draw's own, as a renderer starts them

    def renderer_for(self, renderer):
        """This cache, drawing on ``renderer`` (an Agg renderer), or ``renderer`` itself for any other."""
        if not isinstance(renderer, RendererAgg):
            return renderer
        if renderer is not self._renderer:                     # a new canvas size: new places
            for name in self._forwarded:
                delattr(self, name)
            self._renderer, self._glyphs, self._heights, self._forwarded = renderer, {}, {}, []
        return self

    def __getattr__(self, name):
        """The renderer's attribute; a method is kept bound here, found directly from then on (an artist's
        draw asks for a few, each through a failed lookup, a hundred times an update)."""
        value = getattr(self._renderer, name)
        if callable(value):
            setattr(self, name, value)
            self._forwarded.append(name)
        return value

    def _get_font_height_metrics(self, prop):
        """A line's least ascent and descent and its line gap in pixels for the font ``prop``, kept by font.

        ``Text`` asks its renderer for them when the renderer offers them; else it reads them from the
        font's tables (OS/2, else hhea) at every draw, a third of a short text's layout. These are the
        same numbers, by the same arithmetic, read once per font.
        """
        key = (prop, self._renderer.dpi)
        if key not in self._heights:
            font = get_font(fontManager._find_fonts_by_props(prop))
            metrics = (None, None, None)                       # no table: Text measures "lp" instead
            for table_name, gap, ascent, descent in (("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
                                                     ("hhea", "lineGap", "ascent", "descent")):
                table = font.get_sfnt_table(table_name)
                if table is not None:
                    units_per_em = font.get_sfnt_table("head")["unitsPerEm"]
                    scale = 1 / units_per_em * prop.get_size_in_points() * self._renderer.dpi / 72
                    metrics = (table[ascent] * scale, -table[descent] * scale, table[gap] * scale)
                    break
            self._heights[(prop.copy(), key[1])] = metrics    # a text may change its own font later
        return self._heights[key]

    def get_text_width_height_descent(self, s, prop, ismath):
        """As ``RendererAgg.get_text_width_height_descent``, from the glyphs' own sizes for a :data:`PLAIN` string."""
        plain = _plain_font_of(s, prop, self._renderer.dpi) if ismath is False else None
        return self._renderer.get_text_width_height_descent(s, prop, ismath) if plain is None else plain.metrics(s)

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        """As ``RendererAgg.draw_text``, from the bitmaps kept for this string, font and place when there are."""
        if ismath or (mtext is not None and (mtext.get_fontfeatures() or mtext.get_language())):
            return self._renderer.draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        key = (s, prop, x, y, angle, gc.get_antialiased())
        glyphs = self._glyphs.get(key)
        if glyphs is None:
            recorder = _Recorder(self._renderer._renderer)
            _Drawing(self._renderer, recorder).draw_text(gc, x, y, s, prop, angle, ismath, mtext)
            if len(self._glyphs) >= MAX_ENTRIES:
                self._glyphs = {}
            self._glyphs[(s, prop.copy(), *key[2:])] = recorder.glyphs   # a text may change its own font later
            return
        for image, left, top, glyph_angle in glyphs:
            self._renderer._renderer.draw_text_image(image, left, top, glyph_angle, gc)


class _Drawing:
    """A ``RendererAgg`` whose low-level renderer is a :class:`_Recorder`."""

    _draw_text_glyphs_and_boxes = RendererAgg._draw_text_glyphs_and_boxes   # blends through self._renderer

    def __init__(self, renderer, recorder):
        self._outer, self._renderer = renderer, recorder

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        """As ``RendererAgg.draw_text``; a level, antialiased :data:`PLAIN` string is placed by :class:`_PlainFont`.

        Its glyphs are rendered as ``RendererAgg._draw_text_glyphs_and_boxes`` renders them, but with the font's
        size set once for the string rather than before each glyph: FreeType runs the font's hinting set-up again
        after each, which took about as long as rendering the glyph.
        """
        plain = None if ismath or angle or not gc.get_antialiased() else _plain_font_of(s, prop, self.dpi)
        if plain is None:
            return RendererAgg.draw_text(self, gc, x, y, s, prop, angle, ismath, mtext)
        font, flags = self._prepare_font(prop), get_hinting_flag()          # sets the size
        for index, dx in plain.layout(s):
            font._set_transform(_LEVEL, [round(0x40 * (x + dx)), round(0x40 * (self.height - y))])   # 1/64 pixel
            bitmap = font._render_glyph(index, flags, RenderMode.NORMAL)
            image = bitmap.buffer                                           # y of its bottom row, downwards:
            self._renderer.draw_text_image(image, bitmap.left, int(self.height) - bitmap.top + image.shape[0], 0, gc)

    def __getattr__(self, name):
        return getattr(self._outer, name)
