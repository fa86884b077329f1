"""Fuzz: mutated real saves give SaveFormatError or a result, never anything else.

Bounded for CI (max_examples 200, small saves). Mutations hit the uncompressed stream
(so the grammar reader sees them, not just gzip's CRC) and the compressed file.
"""

from __future__ import annotations

import gzip

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.history import build_history
from converter.paths import SHARED_DIR
from converter.replay import replay
from converter.save import SaveFormatError, load_save

SAVE = SHARED_DIR / "reference" / "saves" / "revisted_start_of_game.tsvg"
STREAM = gzip.open(SAVE).read() if SAVE.is_file() else b""

pytestmark = pytest.mark.skipif(not STREAM, reason=f"reference save absent: {SAVE}")

edits = st.lists(st.tuples(st.integers(0, max(len(STREAM) - 1, 0)), st.integers(0, 255)), min_size=1, max_size=8)


def _read_all(raw: bytes) -> None:
    try:
        game = load_save(raw)
        replay(game, build_history(game))
    except SaveFormatError:
        pass


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=edits, cut=st.one_of(st.none(), st.integers(0, max(len(STREAM) - 1, 0))))
def test_mutated_stream(edits: list[tuple[int, int]], cut: int | None) -> None:
    data = bytearray(STREAM)
    for position, value in edits:
        data[position] = value
    if cut is not None:
        data = data[:cut]
    _read_all(gzip.compress(bytes(data), compresslevel=1))


@settings(max_examples=50, deadline=None)
@given(data=st.binary(max_size=64))
def test_arbitrary_small_inputs(data: bytes) -> None:
    _read_all(data)
    _read_all(gzip.compress(b"\xac\xed\x00\x05" + data))
