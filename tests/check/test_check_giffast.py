"""giffast says yes only where Pillow's own open + verify succeed, and says it for the
GIFs Pillow itself writes (the flags of real maps)."""

from __future__ import annotations

import io
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from converter.check import giffast
from converter.check.giffast import gif_opens
from converter.check.imagefiles import unreadable_reason

pytestmark = pytest.mark.skipif(not giffast._PILLOW_READ_HERE, reason="giffast replays Pillow 13's GIF reader only")


def _pillow_opens(data: bytes) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a warning would be a different outcome too
            with Image.open(io.BytesIO(data)) as image:
                image.verify()
    except Exception:  # noqa: BLE001 - any failure at all means giffast must have said no
        return False
    return True


def _gif(size=(12, 8), mode="P", frames=1, **options) -> bytes:
    buffer = io.BytesIO()
    images = [Image.new(mode, size, index * 40) for index in range(frames)]
    images[0].save(buffer, "GIF", save_all=frames > 1, append_images=images[1:], **options)
    return buffer.getvalue()


ORDINARY = [
    _gif(),
    _gif((48, 48)),
    _gif((1, 1)),
    _gif(mode="L"),
    _gif(mode="RGB"),
    _gif(transparency=0),
    _gif(comment=b"a flag"),
    _gif(comment=b"x" * 600),
    _gif(frames=3, loop=0, duration=100),
    _gif(frames=2, disposal=1),
    _gif(interlace=True),
    _gif(optimize=False),
]


@pytest.mark.parametrize("data", ORDINARY)
def test_ordinary_gifs_are_vouched_for(data: bytes) -> None:
    assert _pillow_opens(data)
    assert gif_opens(data)


@pytest.mark.parametrize("data", ORDINARY)
def test_every_truncation_is_sound(data: bytes) -> None:
    for end in range(len(data) + 1):
        if gif_opens(data[:end]):
            assert _pillow_opens(data[:end]), end


def test_disposal_that_fills_an_image_goes_to_pillow() -> None:
    assert not gif_opens(_gif(frames=2, disposal=2))
    assert not gif_opens(_gif(frames=2, disposal=3))


def test_not_gifs_and_odd_headers_go_to_pillow() -> None:
    good = _gif()
    assert not gif_opens(b"")
    assert not gif_opens(b"GIF89a")
    assert not gif_opens(b"\x89PNG\r\n\x1a\n" + good[8:])
    assert not gif_opens(good[:6] + b"\0\0" + good[8:])  # zero width
    first_block = 13 + (3 << ((good[10] & 7) + 1) if good[10] & 128 else 0)  # after the global palette
    assert not gif_opens(good[:first_block] + b";" + good[first_block + 1:])  # ends before any image
    assert not _pillow_opens(good[:first_block] + b";" + good[first_block + 1:])


def test_the_pixel_limit_is_pillows(monkeypatch) -> None:
    data = _gif((48, 48))
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 48 * 48 - 1)
    assert not gif_opens(data)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", None)
    assert gif_opens(data)


def test_a_format_registered_before_gif_that_accepts_takes_over(monkeypatch) -> None:
    data = _gif()
    monkeypatch.setattr(Image, "ID", ["SOMETHING", *Image.ID])
    monkeypatch.setitem(Image.OPEN, "SOMETHING", (object, None))  # no accept: tried on every file
    assert not gif_opens(data)


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(ORDINARY), edits=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)),
                                                      max_size=4))
def test_mutated_gifs_are_sound(base: bytes, edits) -> None:
    data = bytearray(base)
    for at, value in edits:
        data[at % len(data)] = value
    if gif_opens(bytes(data)):
        assert _pillow_opens(bytes(data))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=80))
def test_garbage_after_a_header_is_sound(tail: bytes) -> None:
    data = b"GIF89a\x04\x00\x04\x00\x80\x00\x00" + bytes(6) + tail
    if gif_opens(data):
        assert _pillow_opens(data)


def test_unreadable_reason_takes_the_quick_yes_and_still_reports_broken_gifs(tmp_path, monkeypatch) -> None:
    good, broken = tmp_path / "good.gif", tmp_path / "broken.gif"
    good.write_bytes(_gif())
    broken.write_bytes(_gif()[:20])
    for quick in (None, False):  # read here, or pngscan said "no PNG I vouch for"
        assert unreadable_reason(str(broken), quick) == "UnidentifiedImageError"
        assert unreadable_reason(str(good), quick) is None

    def no_pillow(*args, **kwargs):
        raise AssertionError("Pillow was asked")

    monkeypatch.setattr(Image, "open", no_pillow)
    assert unreadable_reason(str(good)) is None and unreadable_reason(str(good), False) is None
