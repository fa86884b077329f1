"""The bench's engine peer: one JVM that parses game XMLs on request, so that `make bench`
can take its samples and ours in turns."""

from __future__ import annotations

import shutil
from contextlib import ExitStack
from pathlib import Path

import pytest

from bench import bench_check

pytestmark = [pytest.mark.engine, pytest.mark.slow]


@pytest.fixture(scope="module")
def peer_folder(real_engine):
    if shutil.which("javac") is None:
        pytest.skip("javac absent: the bench's peer is compiled at bench time")
    with ExitStack() as stack:
        yield bench_check._compiled_peer(stack)


def test_serves_timed_parses_of_a_game_xml_and_names_a_failed_parse(peer_folder, built_dday2, tmp_path):
    game_xml = next((built_dday2 / "map" / "games").glob("*.xml"))
    not_a_game = tmp_path / "not-a-game.xml"
    not_a_game.write_text("<game><info name='x' version='1'/><nonsense/></game>")
    peer = bench_check._EnginePeer(peer_folder)
    try:
        times, status = peer.times(game_xml, 3)
        assert status == "ok"
        assert len(times) == 3 and all(0 < each < 10 for each in times)
        times, status = peer.times(not_a_game, 2)
        assert status != "ok" and status.endswith("Exception")
        assert len(times) == 2
        again, status = peer.times(game_xml, 1)  # still serving after a failed parse
        assert status == "ok" and len(again) == 1
    finally:
        peer.close()
    assert peer._process.returncode == 0


def test_a_dead_peer_is_reported_with_the_reason_not_a_traceback(peer_folder):
    peer = bench_check._EnginePeer(peer_folder)
    try:
        with pytest.raises(RuntimeError, match="NoSuchFileException: /nonexistent/game.xml"):
            peer.times(Path("/nonexistent/game.xml"), 1)
        with pytest.raises(RuntimeError, match="the engine peer ended"):  # the pipe is broken now
            peer.times(Path("/nonexistent/game.xml"), 1)
    finally:
        peer.close()


def test_reads_the_jvms_cpu_and_warms_it_until_its_jit_is_quiet(peer_folder, built_dday2, monkeypatch):
    """CPU per request, to the nanosecond: all threads, or those named like the JIT's; and
    the engine-only warm-up ends when the compilers' share of a round falls to JIT_QUIET."""
    game_xml = next((built_dday2 / "map" / "games").glob("*.xml"))
    peer = bench_check._EnginePeer(peer_folder)
    try:
        before, jit_before = peer.cpu_seconds(), peer.cpu_seconds("Compiler")
        if before is None:
            pytest.skip("no /proc/<pid>/task here: the bench reports no CPU")
        times, status = peer.times(game_xml, 3)
        after, jit_after = peer.cpu_seconds(), peer.cpu_seconds("Compiler")
        assert status == "ok"
        assert after - before >= 0.5 * sum(times)  # the parses ran on the JVM's own threads
        assert 0 < jit_after - jit_before <= after - before  # a young JVM compiles; a part of all
        assert peer.cpu_seconds("no such thread name") == 0
        monkeypatch.setattr(bench_check, "JIT_QUIET", 1.0)  # any round is quiet enough
        rounds, share = peer.warm_until_compiled([game_xml])
        assert rounds == 1 and share is not None and 0 <= share <= 1
        monkeypatch.setattr(bench_check, "JIT_QUIET", -1.0)  # none is: the time limit ends it
        monkeypatch.setattr(bench_check, "JIT_WARMUP_LIMIT", 1.0)
        rounds, share = peer.warm_until_compiled([game_xml])
        assert rounds >= 1 and share is not None and 0 <= share <= 1
    finally:
        peer.close()
