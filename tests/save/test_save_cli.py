"""`dday2 history` and `dday2 replay` through the real CLI entry point."""

from __future__ import annotations

import gzip
import json
import struct
from pathlib import Path

import pytest

from converter.cli import main
from converter.paths import SHARED_DIR

NWO = SHARED_DIR / "reference" / "saves" / "nwo_smalls_ai_game_during_combat.tsvg"
DDAY = SHARED_DIR / "reference" / "engine-saves" / "dday2_fast_ai_1_round.tsvg"


@pytest.fixture()
def nwo() -> Path:
    if not NWO.is_file():
        pytest.skip(f"reference save absent: {NWO}")
    return NWO


def test_history_text_reads_like_a_game_log(nwo: Path, capsys) -> None:
    assert main(["history", str(nwo)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("NWO Smalls — engine 2.0.20123; saved in round 1, step germanBattle (Germans)")
    assert "route: Genova -> Marseille" in out
    assert "dice [6] " in out or "dice [3]" in out
    assert out.rstrip().endswith("1 rounds, 4 steps, 35 events, 37 event children, 340 changes, 10 dice rolls")


def test_history_json_has_tree_counts_and_engine_version(nwo: Path, capsys) -> None:
    assert main(["history", "--format", "json", str(nwo)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["engine_version"] == "2.0.20123"
    assert document["counts"] == {"rounds": 1, "steps": 4, "events": 35, "event_children": 37,
                                  "changes": 340, "dice_rolls": 10}
    steps = document["rounds"][0]["steps"]
    changes = sum(len(s["changes"]) + sum(len(e["changes"]) for e in s["events"]) for s in steps)
    assert changes == 340
    dice = [c["dice"] for s in steps for e in s["events"] for c in e["children"] if "dice" in c]
    assert len(dice) == 10 and all({"faces", "hits", "hit_threshold"} <= set(d) for d in dice)


def test_history_json_of_a_19_save(capsys) -> None:
    if not DDAY.is_file():
        pytest.skip(f"reference save absent: {DDAY}")
    assert main(["history", "--format", "json", str(DDAY)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["engine_version"] == "1.9.0.0" and document["counts"]["changes"] == 530


def test_replay_consistent_save_exits_0_with_exact_json(nwo: Path, capsys) -> None:
    assert main(["replay", "--format", "json", "--rules", "none", str(nwo)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["consistent"] is True and document["findings"] == []


def test_replay_inconsistent_save_exits_1_with_located_findings(nwo: Path, tmp_path: Path, capsys) -> None:
    data = bytearray(gzip.open(nwo).read())
    at = data.index(b"\xff\xff\xff\xc4", data.index(b"ChangeResourceChange"))  # the -60 PU purchase
    data[at:at + 4] = struct.pack(">i", 1000)
    edited = tmp_path / "edited.tsvg"
    edited.write_bytes(gzip.compress(bytes(data)))
    assert main(["replay", "--format", "json", str(edited)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["consistent"] is False
    finding = document["findings"][0]
    assert {"code", "message", "round", "step", "player", "event"} <= set(finding)
    assert (finding["code"], finding["round"], finding["player"]) == ("REPLAY-NEGATIVE-RESOURCE", 1, "Germans")
    assert main(["replay", str(edited)]) == 1
    assert "NOT consistent" in capsys.readouterr().out


# mtime=0: a gzip header holds its time, and pytest-xdist's workers must collect the same test ids
@pytest.mark.parametrize("content", [b"", b"not a save at all", gzip.compress(b"\xac\xed\x00\x05\x70", mtime=0)],
                         ids=["empty", "not-a-save", "gzip-of-a-null-object"])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, capsys, content: bytes) -> None:
    bad = tmp_path / "bad.tsvg"
    bad.write_bytes(content)
    for command in ("history", "replay"):
        assert main([command, str(bad)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1 and "not a readable TripleA save" in lines[0] and "Traceback" not in captured.err


def test_unknown_rule_set_is_a_usage_error(nwo: Path, capsys) -> None:
    assert main(["replay", "--rules", "no-such-rules", str(nwo)]) == 2
    assert "unknown rule set" in capsys.readouterr().err


def test_history_text_shows_hostile_names_on_one_line() -> None:
    # a save passed around a forum names its game, players and territories as its author chose:
    # a line break or escape sequence in one must not start a line of its own in the log
    from dataclasses import replace

    from converter.cli.history import render_text
    from converter.cli.savefile import open_save
    game, history = open_save(str(Path(__file__).parents[1] / "data" / "saves" / "compiled_scripted_1round.tsvg"))
    plain = render_text(game, history)
    hostile = render_text(replace(game, game_name="D-Day\n::error::forged\x1b[2J"), history)
    assert len(hostile.splitlines()) == len(plain.splitlines())
    assert hostile.splitlines()[0].startswith("D-Day\\n::error::forged\\x1b[2J — engine ")


def test_a_bad_save_is_refused_on_one_line(tmp_path: Path, capsys) -> None:
    save = tmp_path / "turn\n::error::forged.tsvg"
    save.write_bytes(b"not a save")
    assert main(["history", str(save)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "turn\\n::error::forged.tsvg" in err
