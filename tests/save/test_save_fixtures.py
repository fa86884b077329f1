"""Saves the real engine wrote: committed fixtures of OUR compiled XML, and a save of the
community XML generated here (never committed). See scripts/make-fixture-saves.py."""

from __future__ import annotations

import collections
import functools
from pathlib import Path

import pytest

from converter.compile.build import game_xml
from converter.history import build_history
from converter.model import load_ruleset
from converter.paths import DDAY2_MODEL_DIR
from converter.replay import replay
from converter.save import load_save
from converter.xmlsafe import parse_xml

FIXTURES = Path(__file__).parents[1] / "data" / "saves"

# fixture: (history counts, leaf change kinds)
PINNED = {
    "compiled_easy_1round.tsvg": (
        {"rounds": 2, "steps": 1, "events": 2, "event_children": 6, "changes": 20, "dice_rolls": 0},
        {"ObjectPropertyChange": 14, "PlayerWhoAmIChange": 6}),
    "compiled_scripted_1round.tsvg": (
        {"rounds": 2, "steps": 9, "events": 22, "event_children": 44, "changes": 84, "dice_rolls": 8},
        None),
    "compiled_fast_1round.tsvg": (
        {"rounds": 2, "steps": 4, "events": 48, "event_children": 6, "changes": 530, "dice_rolls": 0},
        {"AddUnits": 43, "ObjectPropertyChange": 438, "PlayerWhoAmIChange": 6, "RemoveUnits": 43}),
}


@functools.lru_cache(maxsize=None)
def loaded(name: str):
    game = load_save(FIXTURES / name)
    return game, build_history(game)


def placements(root) -> collections.Counter:
    placed = collections.Counter()
    for placement in root.iter("unitPlacement"):
        placed[(placement.get("territory"), placement.get("owner"), placement.get("unitType"))] += int(
            placement.get("quantity"))
    return placed


def start_units(game, history) -> collections.Counter:
    start = replay(game, history).start
    return collections.Counter((t, u.owner, u.type) for t in start.territories() for u in start.units_in(t))


@pytest.mark.parametrize("name", sorted(PINNED))
def test_fixture_counts_and_consistent_replay(name):
    game, history = loaded(name)
    counts, kinds = PINNED[name]
    assert (game.engine_version, game.game_name) == ("1.9.0.0", "D-Day 2")
    assert len(game.territories) == 249  # our compiled XML: the isolated B85 is gone
    assert history.counts() == counts
    if kinds is not None:
        assert dict(collections.Counter(item.change.kind for item in history.changes())) == kinds
    result = replay(game, history)
    assert result.consistent and result.changes_applied == counts["changes"]
    assert result.end.differences(result.saved) == []


@pytest.mark.parametrize("name", sorted(PINNED))
def test_fixture_start_state_is_our_compiled_setup(name):
    root = parse_xml(game_xml(load_ruleset(DDAY2_MODEL_DIR)).encode()).getroot()
    assert start_units(*loaded(name)) == placements(root)


def test_scripted_fixture_shows_the_opening_we_scripted():
    game, history = loaded("compiled_scripted_1round.tsvg")
    moves = [event.text for step in history.rounds[0].steps for event in step.events if "moved from" in event.text]
    assert "3 ParaAttacks moved from UsaParaAttack to G11" in moves
    assert any(m.startswith("3 USAinfantrys moved from Utah Beach") for m in moves), moves
    # the paratroopers are one-shot: none is left anywhere at the end
    assert not [u for t in game.territories for u in t.units if u.type == "ParaAttack"]
    # Land Battle Rounds = 1 in our XML: each battle rolled once per side
    battles = collections.Counter()
    for step in history.rounds[0].steps:
        for event in step.events:
            if event.text.startswith("Battle in"):
                battles[(step.name, event.text)] += sum(1 for child in event.children if child.dice is not None)
    assert battles and all(rolls <= 2 for rolls in battles.values()), battles


def test_compiled_and_community_xml_play_alike_for_the_fast_ai(shared_dir):
    """Same engine, same AI, same seedless opening: the two XMLs give the same history shape."""
    community = shared_dir / "reference" / "engine-saves" / "dday2_fast_ai_1_round.tsvg"
    if not community.is_file():
        pytest.skip(f"absent: {community}")
    theirs = build_history(load_save(community)).counts()
    assert loaded("compiled_fast_1round.tsvg")[1].counts() == theirs


@pytest.mark.engine
@pytest.mark.slow
def test_fresh_engine_save_of_the_community_xml_replays_to_its_setup(real_engine, community_xml, tmp_path):
    from converter.realengine import play_game

    save = tmp_path / "community_easy.tsvg"
    play_game(community_xml, rounds=1, ai="Easy (AI)", seed=5, save_path=save, timeout=180)
    game = load_save(save)
    history = build_history(game)
    assert (game.game_name, len(game.territories)) == ("D-Day 2", 250)
    assert history.counts()["rounds"] == 2
    result = replay(game, history)
    assert result.consistent and result.end.differences(result.saved) == []
    assert start_units(game, history) == placements(parse_xml(community_xml).getroot())
