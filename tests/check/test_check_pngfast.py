"""The quick PNG answers never disagree with Pillow: yes only where Pillow succeeds."""

from __future__ import annotations

import io
import random
import warnings

from PIL import Image, PngImagePlugin

from converter.check.pngfast import png_header, png_verifies


def _png(**options) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA", (12, 7), (10, 20, 30, 40)).save(buffer, "PNG", **options)
    return buffer.getvalue()


def _pillow(data: bytes, verify: bool):
    """The size Pillow opens `data` with (and verifies, if asked), None when it fails."""
    try:
        with warnings.catch_warnings(), Image.open(io.BytesIO(data)) as image:
            warnings.simplefilter("ignore")
            size = image.size
            if verify:
                image.verify()
            return size
    except Exception:  # noqa: BLE001 - any failure means "not readable" here
        return None


def test_usual_pngs_are_answered_quickly() -> None:
    text = PngImagePlugin.PngInfo()
    text.add_text("Software", "dday2")
    for data in (_png(), _png(pnginfo=text), _png(dpi=(72, 72)), _png(icc_profile=b"\0" * 300)):
        assert png_verifies(data)
        assert png_header(data) is not None and png_header(data)[0] == (12, 7)


def test_damaged_pngs_are_left_to_pillow() -> None:
    data = _png()
    assert not png_verifies(data[:-20])  # truncated before IEND
    assert not png_verifies(data[:20] + bytes([data[20] ^ 1]) + data[21:])  # IHDR CRC broken
    assert png_header(b"GIF89a" + data[6:]) is None


def test_mutations_never_get_a_yes_pillow_would_refuse() -> None:
    rng = random.Random(4)
    text = PngImagePlugin.PngInfo()
    text.add_text("Comment", "x" * 40)
    originals = [_png(), _png(pnginfo=text, icc_profile=b"\1" * 200, dpi=(30, 30))]
    for _ in range(1500):
        data = bytearray(rng.choice(originals))
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        if rng.random() < 0.3:
            data = data[:rng.randrange(len(data))]
        data = bytes(data)
        if png_verifies(data):
            assert _pillow(data, verify=True) is not None
        opened = png_header(data)
        if opened is not None:
            assert opened[0] == _pillow(data, verify=False)
