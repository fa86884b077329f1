"""Save reading speed: our reader + history vs javaobj-py3 on the same file, same run.

Peer: javaobj-py3 (dev-only), both its default API (`javaobj.v1`, what `javaobj.load`
is) and its newer `javaobj.v2` parser; each reads every top-level item of the largest
save found in ../shared. Ours: gunzip, the full stream, the typed view and the history
tree. Reported: best-of-N times, the ratio, MB/s of uncompressed stream, peak memory.
"""

from __future__ import annotations

import gzip
import io
import logging
import time
import tracemalloc
from pathlib import Path
from typing import Callable

from converter.history import build_history
from converter.paths import SHARED_DIR
from converter.replay import replay
from converter.save import load_save


def _saves() -> list[Path]:
    return sorted((SHARED_DIR / "reference").glob("*saves/*.tsvg"))


def _best(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def _peak(function: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run() -> list[str]:
    saves = _saves()
    if not saves:
        return [f"skipped: no saves under {SHARED_DIR / 'reference'}"]
    sizes = {path: len(gzip.open(path).read()) for path in saves}
    path = max(saves, key=sizes.get)
    raw = path.read_bytes()
    stream = gzip.decompress(raw)
    megabytes = len(stream) / 1e6

    def ours() -> object:
        game = load_save(raw)
        return build_history(game)

    lines = [f"file: {path.name} ({len(raw) / 1e3:.0f} kB gzip, {megabytes:.2f} MB stream)"]
    ours_time = _best(ours, 7)
    lines.append(f"ours read+history: {ours_time * 1e3:.1f} ms, {megabytes / ours_time:.1f} MB/s, "
                 f"peak {_peak(ours) / 1e6:.1f} MB")
    game = load_save(raw)
    history = build_history(game)
    lines.append(f"ours replay (undo all, redo all): {_best(lambda: replay(game, history), 3) * 1e3:.1f} ms")

    logging.disable(logging.CRITICAL)  # javaobj logs a state dump at the end of the stream
    try:
        import javaobj.v1 as javaobj_v1
        from javaobj.v2.core import JavaStreamParser
        from javaobj.v2.transformers import DefaultObjectTransformer
    except ImportError:
        return lines + ["peer javaobj-py3 not installed (pip install javaobj-py3): no ratio"]

    def peer_v1() -> object:
        unmarshaller = javaobj_v1.JavaObjectUnmarshaller(io.BytesIO(stream))
        items = []
        while True:
            try:
                items.append(unmarshaller.readObject())
            except (EOFError, RuntimeError):  # v1 signals the end of the stream this way
                return items

    def peer_v2() -> object:
        return JavaStreamParser(io.BytesIO(stream), [DefaultObjectTransformer()]).run()

    try:
        for label, peer in (("javaobj.load (v1, default API)", peer_v1), ("javaobj v2 parser", peer_v2)):
            peer_time = _best(peer, 2)
            lines.append(f"peer {label}: {peer_time * 1e3:.0f} ms, {megabytes / peer_time:.2f} MB/s, "
                         f"peak {_peak(peer) / 1e6:.1f} MB -> ours {peer_time / ours_time:.1f}x faster")
    finally:
        logging.disable(logging.NOTSET)
    return lines
