"""A fast PNG encoder for figures, so that a widget redraws within a frame.

Plots are mostly flat colour: the "Up" filter (each row minus the row above)
turns them into long runs of zeros. Deflating them is most of the work, and
ISA-L's deflate (the ``isal`` package) does it ten times faster than zlib at
level 1, to about the same size. The image is cut into horizontal bands that
are filtered, deflated and checksummed on all cores at once (numpy
and ISA-L release the GIL), the way pigz does: each band but the last ends on
a byte boundary with a full flush, so the bands join into one valid zlib
stream, and their Adler-32 checksums combine into the stream's. An encoder
keeps its buffers from one picture to the next: a fresh buffer of a few
megabytes costs more in page faults than the filter itself.
"""

from __future__ import annotations

import os
import struct
import zlib
from functools import partial

import numpy as np
from isal import isal_zlib

from ._parallel import run_in_parallel

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_UP_FILTER = 2
_ZLIB_HEADER = b"\x78\x01"                  # deflate, 32 KiB window, fastest compression
_ADLER_BASE = 65521                         # the largest prime below 2**16
_BANDS = max(1, min(4, os.cpu_count() or 1))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _deflate(band: memoryview, last: bool) -> bytes:
    """Raw deflate of one band; all but the last end with a full flush on a byte boundary."""
    compressor = isal_zlib.compressobj(1, isal_zlib.DEFLATED, -15)
    return compressor.compress(band) + compressor.flush(isal_zlib.Z_FINISH if last else isal_zlib.Z_FULL_FLUSH)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from the checksum of each (zlib's adler32_combine)."""
    remainder = second_length % _ADLER_BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1
    high = remainder * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder
    return (low % _ADLER_BASE) | ((high % _ADLER_BASE) << 16)


def _deflated(rows: np.ndarray, last: bool) -> tuple[bytes, int, int]:
    """One band's raw deflate, Adler-32 and length in bytes."""
    data = memoryview(np.ascontiguousarray(rows)).cast("B")
    return _deflate(data, last), isal_zlib.adler32(data), len(data)


def _in_bands(height: int) -> list[tuple[int, int, bool]]:
    """Row ranges ``(start, stop, last)`` of the bands, one per core."""
    edges = np.linspace(0, height, _BANDS + 1).round().astype(int)
    spans = [(int(start), int(stop)) for start, stop in zip(edges[:-1], edges[1:]) if stop > start]
    return [(start, stop, index == len(spans) - 1) for index, (start, stop) in enumerate(spans)]


def _joined(parts) -> bytes:
    """The zlib stream of the deflated bands, in order."""
    checksum = 1                                              # the Adler-32 of nothing
    for _, adler, length in parts:
        checksum = adler32_combine(checksum, adler, length)
    return _ZLIB_HEADER + b"".join(deflated for deflated, _, _ in parts) + struct.pack(">I", checksum)


def _each_band(work, height: int) -> list:
    return run_in_parallel([partial(work, *band) for band in _in_bands(height)])


def zlib_stream(data: np.ndarray) -> bytes:
    """A zlib stream of the bytes of the 2-D array ``data``, deflated in bands of rows in parallel."""
    return _joined(_each_band(lambda start, stop, last: _deflated(data[start:stop], last), len(data)))


class PngEncoder:
    """Encodes pictures one after another as RGBA PNGs, reusing one buffer, as large as the largest picture yet,
    for pictures of every size (so that one encoder serves all the widgets of a notebook)."""

    def __init__(self):
        self._shape = None
        self._memory = np.empty(0, dtype=np.uint8)       # as large as the largest picture yet, for every size

    def _buffers(self, height: int, width: int) -> None:
        if self._shape != (height, width):
            self._shape = (height, width)
            if self._memory.size < height * (1 + 4 * width):
                self._memory = np.empty(height * (1 + 4 * width), dtype=np.uint8)
            self._rows = self._memory[:height * (1 + 4 * width)].reshape(height, 1 + 4 * width)
            self._rows[:, 0] = _UP_FILTER
            self._pixels = self._rows[:, 1:].reshape(height, width, 4)     # the same memory, pixel by pixel

    def _filtered_rows(self, rgba: np.ndarray, start: int, stop: int) -> np.ndarray:
        """The PNG scanlines of rows ``start:stop``, each prefixed with the Up filter's byte.

        The alpha channel is kept: dropping it from the differences costs more
        than deflating a channel that is all zeros (an opaque figure).
        """
        pixels = self._pixels[start:stop]
        if start == 0:
            pixels[0] = rgba[0]                                   # the row above the first is zero
            np.subtract(rgba[1:stop], rgba[:stop - 1], out=pixels[1:])    # wraps modulo 256, as PNG expects
        else:
            np.subtract(rgba[start:stop], rgba[start - 1:stop - 1], out=pixels)
        return self._rows[start:stop]

    def encode(self, rgba: np.ndarray) -> bytes:
        """An ``(height, width, 4)`` uint8 image as PNG bytes."""
        height, width = rgba.shape[:2]
        self._buffers(height, width)
        rgba = np.ascontiguousarray(rgba)
        header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)   # 8-bit RGBA, no interlace
        idat = _joined(_each_band(lambda start, stop, last: _deflated(self._filtered_rows(rgba, start, stop), last),
                                  height))
        return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def encode_png(rgba: np.ndarray) -> bytes:
    """Encode an ``(height, width, 4)`` uint8 image as an RGBA PNG (see :class:`PngEncoder`, which is faster for a
    sequence of pictures)."""
    return PngEncoder().encode(rgba)
