"""Our fast PNG encoder against Pillow's decoder."""

import io

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from lecture_utils._png import encode_png


def decode(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGBA"))


@settings(max_examples=30, deadline=None)
@given(height=st.integers(1, 40), width=st.integers(1, 40), seed=st.integers(0, 1000))
def test_any_image_round_trips_exactly(height, width, seed):
    rgba = np.random.default_rng(seed).integers(0, 256, (height, width, 4), dtype=np.uint8)
    np.testing.assert_array_equal(decode(encode_png(rgba)), rgba)


def test_a_flat_figure_compresses_well():
    rgba = np.full((500, 600, 4), 255, dtype=np.uint8)
    rgba[100:300, 50:400, :3] = (0, 114, 178)
    data = encode_png(rgba)
    np.testing.assert_array_equal(decode(data), rgba)
    assert len(data) < 0.01 * rgba[..., :3].nbytes


@settings(max_examples=20, deadline=None)
@given(height=st.integers(1, 30), width=st.integers(1, 30), seed=st.integers(0, 1000))
def test_the_banded_zlib_stream_is_one_valid_stream(height, width, seed):
    import zlib

    from lecture_utils._png import zlib_stream
    data = np.random.default_rng(seed).integers(0, 4, (height, width), dtype=np.uint8)
    assert zlib.decompress(zlib_stream(data)) == data.tobytes()
