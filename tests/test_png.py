"""Our fast PNG encoder against Pillow's decoder."""

import io

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from lecture_utils._png import encode_png


def decode(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@settings(max_examples=30, deadline=None)
@given(height=st.integers(1, 40), width=st.integers(1, 40), seed=st.integers(0, 1000))
def test_any_image_round_trips_exactly(height, width, seed):
    rgba = np.random.default_rng(seed).integers(0, 256, (height, width, 4), dtype=np.uint8)
    np.testing.assert_array_equal(decode(encode_png(rgba)), rgba[..., :3])


def test_a_flat_figure_compresses_well():
    rgba = np.full((500, 600, 4), 255, dtype=np.uint8)
    rgba[100:300, 50:400, :3] = (0, 114, 178)
    data = encode_png(rgba)
    np.testing.assert_array_equal(decode(data), rgba[..., :3])
    assert len(data) < 0.01 * rgba[..., :3].nbytes


@settings(max_examples=20, deadline=None)
@given(height=st.integers(1, 30), width=st.integers(1, 30), seed=st.integers(0, 1000))
def test_the_banded_zlib_stream_is_one_valid_stream(height, width, seed):
    import zlib

    from lecture_utils._png import zlib_stream
    data = np.random.default_rng(seed).integers(0, 4, (height, width), dtype=np.uint8)
    assert zlib.decompress(zlib_stream(data)) == data.tobytes()


@settings(max_examples=50, deadline=None)
@given(first=st.binary(max_size=300), second=st.binary(max_size=70_000))
def test_checksums_of_two_pieces_combine_into_the_checksum_of_both(first, second):
    import zlib

    from lecture_utils._png import adler32_combine
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)


def test_checksums_combine_past_the_modulus():
    import zlib

    from lecture_utils._png import adler32_combine
    data = np.random.default_rng(0).integers(0, 256, 300_000, dtype=np.uint8).tobytes()
    for cut in (1, 65_520, 65_521, 65_522, 131_043, 299_999):        # around multiples of 65521
        assert adler32_combine(zlib.adler32(data[:cut]), zlib.adler32(data[cut:]), len(data) - cut) == \
            zlib.adler32(data)


def test_an_encoder_reused_for_pictures_of_several_sizes_round_trips_each_exactly():
    from lecture_utils._png import PngEncoder
    encoder, rng = PngEncoder(), np.random.default_rng(7)
    for height, width in ((700, 1860), (700, 1860), (3, 5), (1, 1), (700, 1860), (800, 2000), (2, 7)):
        rgba = rng.integers(0, 256, (height, width, 4), dtype=np.uint8)
        rgba[height // 3:, width // 2:] = (250, 250, 250, 255)          # flat areas too, as in a figure
        np.testing.assert_array_equal(decode(encoder.encode(rgba)), rgba[..., :3])


def test_a_widget_shows_exactly_the_pixels_it_drew_after_each_change():
    from lecture_utils.widgets import LossMatrixExplorer
    explorer = LossMatrixExplorer()
    for miss in (50, 7, 93):                                     # the encoder reuses its buffers between pictures
        explorer.miss_slider.value = miss
        drawn = np.asarray(explorer.fig.canvas.buffer_rgba())[..., :3]
        np.testing.assert_array_equal(decode(explorer.png()), drawn)
