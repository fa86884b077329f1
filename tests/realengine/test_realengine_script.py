"""The scripted player: the real engine executes our moves and writes them into a real save."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from converter.realengine import EngineError, play_game
from converter.realengine.script import End, Move, StepEntry, script_text, write_script

# Community D-Day2 setup: 3 USAinfantry of the Allies in A11, whose German half G11 holds
# a blockhouse and an infantry; A11 and G11 are connected, so this is a legal attack.
ATTACK_G11 = StepEntry("alliesCombatMove", (Move((("USAinfantry", 3),), ("A11", "G11")),), round=1)



def test_script_text_is_one_json_object_per_line():
    text = script_text([ATTACK_G11, StepEntry("germansCombatMove", (End(),))], seats=["BlockhousesFire"])
    assert text.splitlines() == [
        '{"seat": ["BlockhousesFire"]}',
        '{"step": "alliesCombatMove", "round": 1, "actions": '
        '[{"move": {"units": [["USAinfantry", 3]], "route": ["A11", "G11"]}}]}',
        '{"step": "germansCombatMove", "actions": [{"end": true}]}',
    ]


def _save_text(save: Path) -> str:
    return gzip.decompress(save.read_bytes()).decode("latin-1")


@pytest.mark.engine
def test_scripted_attack_is_in_the_real_save(real_engine, community_xml, tmp_path):
    script = write_script(tmp_path / "attack.jsonl", [ATTACK_G11], seats=["Germans"])
    save = tmp_path / "attack.tsvg"
    report = play_game(community_xml, rounds=1, ai="Easy (AI)", seed=5, save_path=save, timeout=120, script=script)
    assert report.seated["Allies"] == report.seated["Germans"] == "Scripted (dday2)"
    assert report.seated["NavalBombardment"] == "Easy (AI)"
    assert [(a.round, a.step, a.player, a.error) for a in report.script_log] == [
        (1, "alliesCombatMove", "Allies", None)]
    assert report.unused_script_entries == ()
    text = _save_text(save)
    assert "3 USAinfantrys moved from A11 to G11" in text  # the move event of the history
    assert "Battle in G11" in text


@pytest.mark.engine
def test_same_seed_same_dice(real_engine, community_xml, tmp_path):
    script = write_script(tmp_path / "attack.jsonl", [ATTACK_G11])
    rolls = []
    for run in ("a", "b"):
        save = tmp_path / f"{run}.tsvg"
        play_game(community_xml, rounds=1, ai="Easy (AI)", seed=42, save_path=save, timeout=120, script=script)
        rolls.append(re.findall(r"roll dice for [^:]+ in G11, round \d+ : [\d,]+", _save_text(save)))
    assert rolls[0] and rolls[0] == rolls[1]


@pytest.mark.engine
def test_a_move_the_engine_refuses_raises_with_its_reason(real_engine, community_xml, tmp_path):
    # A11 has only 3 USAinfantry; and A11 is not adjacent to A10.
    script = write_script(tmp_path / "bad.jsonl", [
        StepEntry("alliesCombatMove", (Move((("USAinfantry", 4),), ("A11", "G11")),
                                       Move((("USAinfantry", 1),), ("A11", "A10")))),
    ])
    with pytest.raises(EngineError) as refused:
        play_game(community_xml, rounds=1, ai="Easy (AI)", seed=1, save_path=tmp_path / "bad.tsvg", timeout=120,
                  script=script)
    message = str(refused.value)
    assert "only 3 USAinfantry of Allies in A11, 4 wanted" in message
    assert "Invalid route" in message  # the engine's own reason for the second move
    assert "alliesCombatMove" in message and message.count("round 1") == 2
    assert (tmp_path / "bad.tsvg").is_file()  # the game still ran and saved


@pytest.mark.engine
def test_script_naming_a_step_the_game_lacks_is_a_usage_error(real_engine, community_xml, tmp_path):
    script = write_script(tmp_path / "typo.jsonl", [StepEntry("alliesCombatMvoe", (End(),))])
    with pytest.raises(EngineError, match="the game has no step alliesCombatMvoe"):
        play_game(community_xml, rounds=1, ai="Easy (AI)", seed=1, save_path=tmp_path / "t.tsvg", script=script)
