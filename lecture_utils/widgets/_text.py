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
"""

from __future__ import annotations

from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.font_manager import fontManager, get_font

#: The most (string, font, place) entries kept; past it the cache starts afresh.
MAX_ENTRIES = 4096


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

    draw_text = RendererAgg.draw_text                          # these two blend through self._renderer
    _draw_text_glyphs_and_boxes = RendererAgg._draw_text_glyphs_and_boxes

    def __init__(self, renderer, recorder):
        self._outer, self._renderer = renderer, recorder

    def __getattr__(self, name):
        return getattr(self._outer, name)
