"""_pngscan's GIF walk (gifwalk.h) with Python's registry question vouches for exactly the
GIFs giffast.gif_opens vouches for: Pillow's own GIFs, every truncation of them, single
bytes changed anywhere, and files longer than the prefix gif_opens reads."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from converter.check import giffast
from converter.check.accel import accelerator
from converter.check.imagefiles import HEADER_BYTES
from converter.check.pngscan import kernel_rules, scan_pngs

KERNEL = accelerator("_pngscan")
pytestmark = [pytest.mark.skipif(KERNEL is None, reason="_pngscan is not built or DDAY2_PURE is set"),
              pytest.mark.skipif(not giffast._PILLOW_READ_HERE, reason="giffast replays Pillow 13's GIF reader only")]


def _gif(size=(12, 8), mode="P", frames=1, **options) -> bytes:
    buffer = io.BytesIO()
    images = [Image.new(mode, size, index * 40) for index in range(frames)]
    images[0].save(buffer, "GIF", save_all=frames > 1, append_images=images[1:], **options)
    return buffer.getvalue()


GIFS = [_gif(), _gif((48, 48)), _gif((1, 1)), _gif(mode="L"), _gif(mode="RGB"), _gif(transparency=0),
        _gif(comment=b"a flag"), _gif(comment=b"x" * 600), _gif(frames=3, loop=0, duration=100),
        _gif(frames=2, disposal=1), _gif(frames=2, disposal=2), _gif(interlace=True)]


def _vouched(datas: list[bytes]) -> list[bool]:
    """The kernel's walk plus Python's registry question, as scan_pngs combines them."""
    heads: list = []
    KERNEL.scan_buffers(datas, kernel_rules(HEADER_BYTES), heads)
    chosen = {index for index, head in heads if giffast._opened_by_gif_plugin(head)}
    return [index in chosen for index in range(len(datas))]


def _expected(datas: list[bytes]) -> list[bool]:
    return [giffast.gif_opens(data[:giffast.PREFIX_BYTES]) for data in datas]


def test_pillows_gifs_and_every_truncation_agree() -> None:
    cases = [data[:end] for data in GIFS for end in range(len(data) + 1)]
    assert _vouched(cases) == _expected(cases)
    assert all(_vouched(GIFS[:10])) and not _vouched([GIFS[10]])[0]  # a disposal that fills: Pillow


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GIFS), st.data())
def test_changed_bytes_agree(data: bytes, draw) -> None:
    changed = bytearray(data)
    for _ in range(draw.draw(st.integers(1, 4))):
        changed[draw.draw(st.integers(0, len(data) - 1))] = draw.draw(st.integers(0, 255))
    cases = [bytes(changed), bytes(changed) + bytes(draw.draw(st.binary(max_size=20)))]
    assert _vouched(cases) == _expected(cases)


def test_only_the_prefix_gif_opens_reads_counts() -> None:
    # a frame found only past the first PREFIX_BYTES: gif_opens (and so the kernel) says no
    good = _gif()
    at = 13 + (3 << ((good[10] & 7) + 1) if good[10] & 128 else 0)
    padding = b"\x21\xfe" + (b"\xff" + b"c" * 255) * (giffast.PREFIX_BYTES // 256 + 1) + b"\0"
    far = good[:at] + padding + good[at:]
    near = good[:at] + b"\x21\xfe" + (b"\xff" + b"c" * 255) * 2 + b"\0" + good[at:]
    assert _vouched([far, near]) == _expected([far, near]) == [False, True]


def test_without_the_prefix_rule_no_gif_is_walked() -> None:
    heads: list = []
    KERNEL.scan_buffers(GIFS, kernel_rules(HEADER_BYTES)[:-1], heads)
    assert heads == []
    KERNEL.scan_buffers(GIFS, kernel_rules(HEADER_BYTES)[:-1] + (0,), heads)
    assert heads == []
    with pytest.raises(TypeError):
        KERNEL.scan_buffers(GIFS, kernel_rules(HEADER_BYTES), "not a list")


def test_scan_pngs_vouches_for_gif_files(tmp_path) -> None:
    paths = []
    for number, data in enumerate([GIFS[0], GIFS[10], GIFS[0][:20], b"GIF89a"]):
        path = tmp_path / f"{number}.gif"
        path.write_bytes(data)
        paths.append(str(path))
    found = scan_pngs(paths, HEADER_BYTES, True)
    assert [each[0] for each in found] == [True, False, False, False]
    assert scan_pngs(paths, HEADER_BYTES, False)[0] == (None, None)  # headers only: no walk
