"""What a widget shows, compared pixel by pixel.

Two PNGs of the same pixels may differ in their bytes (a deflate may choose
other matches for the same data), so the tests compare pictures decoded.
"""

import io

import numpy as np
from PIL import Image


class Picture:
    """The pixels of a PNG (RGBA), equal to another picture of the same pixels."""

    def __init__(self, png: bytes):
        self.pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))

    def __eq__(self, other):
        if not isinstance(other, Picture):
            return NotImplemented
        return self.pixels.shape == other.pixels.shape and np.array_equal(self.pixels, other.pixels)

    __hash__ = None

    def __repr__(self):
        height, width = self.pixels.shape[:2]
        return f"Picture({width} x {height})"

    def differences(self, other) -> str:
        """Where two pictures differ, in words."""
        if self.pixels.shape != other.pixels.shape:
            return f"pictures of different sizes: {self!r} and {other!r}"
        differ = np.argwhere((self.pixels != other.pixels).any(axis=-1))
        if differ.size == 0:
            return "pictures of the same pixels"
        (top, left), (bottom, right) = differ.min(axis=0), differ.max(axis=0)
        largest = np.abs(self.pixels.astype(int) - other.pixels).max()
        return (f"pictures whose pixels differ: {len(differ)} pixels in rows {top}-{bottom}, columns {left}-{right} "
                f"of {self!r}; largest channel difference {largest}")


def picture(widget) -> Picture:
    """The picture a course widget shows now."""
    return Picture(widget.png())
