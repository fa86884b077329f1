"""The bridge to the real TripleA engine: parse, play, load a map, and script a player."""

from __future__ import annotations

import gzip
from collections import Counter

import pytest

from converter.realengine import (
    EngineError,
    EngineUnavailable,
    attachment_fields,
    load_map,
    locate_engine,
    parse_game,
    parse_games,
    play_game,
)
from converter.realengine.harness import _Scratch
from converter.realengine.locate import JAR_ENV
from converter.xmlsafe import parse_xml

JAVA_SERIALIZATION_MAGIC = b"\xac\xed\x00\x05"



def test_missing_jar_gives_a_clear_reason(monkeypatch, tmp_path):
    monkeypatch.setenv(JAR_ENV, str(tmp_path / "nowhere" / "triplea.jar"))
    with pytest.raises(EngineUnavailable, match=r"nowhere/triplea\.jar.*install Debian package 'triplea'"):
        locate_engine()


@pytest.mark.engine
def test_engine_parses_the_community_xml(real_engine, community_xml):
    report = parse_game(community_xml)
    assert (report.territories, report.connections) == (250, 363)
    assert report.map_name == "d-day2"
    assert report.players == ("ParaSurprise", "USAirforce", "NavalBombardment", "Allies", "BlockhousesFire", "Germans")
    assert report.steps[0] == "gameInitDelegate" and report.steps[-1] == "endRoundStep"
    assert "alliesCombatMove" in report.steps
    # The engine's count of placed units per owner equals the XML's unitPlacement quantities.
    placed = Counter()
    for placement in parse_xml(community_xml).iter("unitPlacement"):
        placed[placement.get("owner")] += int(placement.get("quantity"))
    assert report.units_by_owner == dict(placed)


@pytest.mark.engine
def test_attachment_fields_read_what_the_parse_left(real_engine, community_xml):
    # a unit's attachment: a whole number and a boolean as the XML gives them (D-Day2's land units are air units)
    attachment = next(each for each in parse_xml(community_xml).iter("attachment")
                      if each.get("attachTo") == "infantry" and each.get("name") == "unitAttachment")
    given = {option.get("name"): option.get("value") for option in attachment.iter("option")}
    fields = attachment_fields(community_xml, "unitType", "infantry", "unitAttachment", ["m_movement", "m_isAir"])
    assert fields == {"m_movement": given["movement"], "m_isAir": given["isAir"]}
    with pytest.raises(EngineError, match="no attachment nosuchAttachment on infantry"):
        attachment_fields(community_xml, "unitType", "infantry", "nosuchAttachment", ["m_movement"])
    with pytest.raises(EngineError, match="no field m_noSuchField"):
        attachment_fields(community_xml, "unitType", "infantry", "unitAttachment", ["m_noSuchField"])


@pytest.mark.engine
def test_malformed_xml_gives_the_engines_message(real_engine):
    with pytest.raises(EngineError, match="must be terminated by the matching end-tag"):
        parse_game(b'<?xml version="1.0"?><game><info name="x" version="1"/></gam>')


@pytest.mark.engine
def test_connection_to_an_undefined_territory_is_refused(real_engine, community_xml):
    broken = community_xml.read_bytes().replace(b'<connection t1="A11" t2="G11"/>',
                                                b'<connection t1="A11" t2="Nowhere"/>', 1)
    with pytest.raises(EngineError) as refused:
        parse_game(broken)
    assert "Nowhere" in str(refused.value)


@pytest.mark.engine
def test_a_batch_of_parses_answers_for_each_game_in_turn(real_engine, community_xml):
    malformed = b'<?xml version="1.0"?><game><info name="x" version="1"/></gam>'
    first, refused, again = parse_games([community_xml, malformed, community_xml.read_bytes()])
    assert first == again == parse_game(community_xml)
    assert isinstance(refused, EngineError) and "must be terminated by the matching end-tag" in str(refused)
    assert parse_games([]) == []


@pytest.mark.engine
@pytest.mark.parametrize("line, reason", [
    ('["play", "game.xml", "--rounds", "1"]', "JOBS line 2: play is not one of"),  # a game leaves threads behind
    ('["parse", 3]', "JOBS line 2: not an array of strings"),
    ("[]", "JOBS line 2: not an array of strings"),
    ('["parse"', "JOBS line 2: "),
])
def test_a_batch_refuses_a_job_that_is_not_a_parse(real_engine, tmp_path, line, reason):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text(f'["parse", "game.xml"]\n{line}\n', encoding="utf-8")
    with _Scratch() as scratch, pytest.raises(EngineError, match=reason.replace("[", r"\[")):
        scratch.run(["batch", str(jobs)], 60)


@pytest.mark.engine
def test_one_round_with_easy_ai_writes_a_real_save(real_engine, community_xml, tmp_path):
    save = tmp_path / "round1.tsvg"
    report = play_game(community_xml, rounds=1, ai="Easy (AI)", seed=11, save_path=save, timeout=120)
    assert report.rounds_played == 1 and not report.game_over
    assert report.final_round == 2  # stopped at the first step of round 2, before it started
    assert report.steps_run == 27  # every step of round 1, gameInitDelegate included
    assert set(report.seated.values()) == {"Easy (AI)"}
    raw = save.read_bytes()
    assert raw[:2] == b"\x1f\x8b"
    assert gzip.decompress(raw)[:4] == JAVA_SERIALIZATION_MAGIC


@pytest.mark.engine
def test_loadmap_opens_the_community_map_with_no_missing_territory(real_engine, community_map_dir, community_xml):
    report = load_map(community_map_dir, community_xml)
    assert report.ok, report.verify_error
    assert report.missing_territories == ()
    assert report.territories == 250 == len(report.per_territory)
    assert report.per_territory["A11"].polygons >= 1 and report.per_territory["A11"].place >= 1
    assert report.base_tiles_found == report.tiles_expected > 0
    assert report.player_colors["Germans"] is not None


@pytest.mark.engine
def test_loadmap_names_a_territory_missing_from_centers(real_engine, community_map_dir, community_xml, tmp_path):
    # A copy of the community map folder (outside the repo) whose centers.txt lacks A11.
    source = community_map_dir / "map"
    copy = tmp_path / "map"
    copy.mkdir()
    for entry in source.iterdir():
        if entry.name != "centers.txt":
            (copy / entry.name).symlink_to(entry)
    lines = (source / "centers.txt").read_text(encoding="utf-8").splitlines()
    (copy / "centers.txt").write_text("\n".join(l for l in lines if not l.startswith("A11 ")) + "\n", encoding="utf-8")
    report = load_map(copy, community_xml)
    assert not report.ok
    assert report.missing_centers == ("A11",)
    assert report.missing_polygons == () and report.missing_place == ()
    assert "No data of type centers for territory:A11" in report.verify_error


@pytest.mark.engine
@pytest.mark.slow
def test_watchdog_stops_a_game_that_runs_too_long(real_engine, community_xml, tmp_path):
    # The Fast AI needs minutes per D-Day2 round here; a 3 s budget must end in a clean error.
    with pytest.raises(EngineError, match=r"timeout after 3 s in round 1"):
        play_game(community_xml, rounds=1, ai="Fast (AI)", seed=1, save_path=tmp_path / "x.tsvg", timeout=3)
    assert not (tmp_path / "x.tsvg").exists()
