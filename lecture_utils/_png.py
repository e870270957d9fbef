"""A fast PNG encoder for figures, so that a widget redraws within a frame or two.

Plots are mostly flat colour: the "Up" filter (each row minus the row above)
turns them into long runs of zeros, which zlib's run-length strategy
compresses as well as Pillow's adaptive filters, at a third of the time.
The image is cut into horizontal bands that are filtered, deflated and
checksummed on all cores at once (Pillow, numpy and zlib release the GIL), the
way pigz does: each band but the last ends on a byte boundary with a full
flush, so the bands join into one valid zlib stream, and their Adler-32
checksums combine into the stream's.
"""

from __future__ import annotations

import os
import struct
import zlib
from functools import partial

import numpy as np
from PIL import Image

from ._parallel import run_in_parallel

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_UP_FILTER = 2
_ZLIB_HEADER = b"\x78\x01"                  # deflate, 32 KiB window, fastest compression
_ADLER_BASE = 65521                         # the largest prime below 2**16
_BANDS = max(1, min(4, os.cpu_count() or 1))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _filtered_rows(rgba: np.ndarray, start: int = 0, stop: int | None = None) -> np.ndarray:
    """The PNG scanlines of rows ``start:stop`` of the RGB channels, each prefixed with the Up filter's byte."""
    stop = len(rgba) if stop is None else stop
    above = max(start - 1, 0)                                 # the row above the band, to subtract
    height, width = stop - above, rgba.shape[1]
    # Pillow drops the alpha channel three times faster than a strided numpy copy.
    pixels = np.asarray(Image.frombuffer("RGBA", (width, height), np.ascontiguousarray(rgba[above:stop]),
                                         "raw", "RGBA", 0, 1).convert("RGB")).reshape(height, 3 * width)
    rows = np.empty((stop - start, 1 + 3 * width), dtype=np.uint8)
    rows[:, 0] = _UP_FILTER
    if start == 0:
        rows[0, 1:] = pixels[0]                               # the row above the first is zero
        np.subtract(pixels[1:], pixels[:-1], out=rows[1:, 1:])  # wraps modulo 256, as PNG expects
    else:
        np.subtract(pixels[1:], pixels[:-1], out=rows[:, 1:])
    return rows


def _deflate(band: memoryview, last: bool) -> bytes:
    """Raw deflate of one band; all but the last end with a full flush on a byte boundary."""
    compressor = zlib.compressobj(1, zlib.DEFLATED, -15, 9, zlib.Z_RLE)
    return compressor.compress(band) + compressor.flush(zlib.Z_FINISH if last else zlib.Z_FULL_FLUSH)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from the checksum of each (zlib's adler32_combine)."""
    remainder = second_length % _ADLER_BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1
    high = remainder * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder
    return (low % _ADLER_BASE) | ((high % _ADLER_BASE) << 16)


def _deflated(rows: np.ndarray, last: bool) -> tuple[bytes, int, int]:
    """One band's raw deflate, Adler-32 and length in bytes."""
    data = memoryview(np.ascontiguousarray(rows)).cast("B")
    return _deflate(data, last), zlib.adler32(data), len(data)


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


def encode_png(rgba: np.ndarray) -> bytes:
    """Encode the colour channels of an ``(height, width, 4)`` uint8 image as an RGB PNG.

    The alpha channel is dropped: figures are opaque.
    """
    height, width = rgba.shape[:2]
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)   # 8-bit RGB, no interlace
    idat = _joined(_each_band(lambda start, stop, last: _deflated(_filtered_rows(rgba, start, stop), last), height))
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")
