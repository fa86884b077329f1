"""Real saves, read in place from ../shared: 2.0 saves of other maps and 1.9 D-Day2 saves.

Pinned numbers were cross-checked independently where possible: javaobj-py3 (another
reader) for the 2.0 saves, the community D-Day2 XML's unit placement for the start state
the replay derives from the 1.9 saves, and the dice faces printed in the history texts.
"""

from __future__ import annotations

import collections
import functools
import gzip
import io
import logging
from pathlib import Path

import pytest

from converter.history import History, build_history
from converter.paths import SHARED_DIR
from converter.replay import replay
from converter.save import SaveGame, load_save
from converter.xmlsafe import parse_xml

# (file, engine, game, players, territories, units, unit types, (round, step), history counts, leaf change kinds)
SAVES = [
    ("engine-saves/dday2_fast_ai_1_round.tsvg", "1.9.0.0", "D-Day 2", 6, 250, 396, 20,
     (2, "Naval1BombardmentCombatMove"),
     {"rounds": 2, "steps": 4, "events": 48, "event_children": 6, "changes": 530, "dice_rolls": 0},
     {"AddUnits": 43, "ObjectPropertyChange": 438, "PlayerWhoAmIChange": 6, "RemoveUnits": 43}),
    ("engine-saves/dday2_fast_ai_3_rounds.tsvg", "1.9.0.0", "D-Day 2", 6, 250, 396, 20,
     (4, "Naval1BombardmentCombatMove"),
     {"rounds": 4, "steps": 9, "events": 69, "event_children": 6, "changes": 944, "dice_rolls": 0},
     {"AddUnits": 59, "ObjectPropertyChange": 820, "PlayerWhoAmIChange": 6, "RemoveUnits": 59}),
    ("engine-saves/dday2_hard_ai_1_round.tsvg", "1.9.0.0", "D-Day 2", 6, 250, 396, 20,
     (2, "germansNonCombatMove"),
     {"rounds": 2, "steps": 6, "events": 52, "event_children": 6, "changes": 742, "dice_rolls": 0},
     {"AddUnits": 46, "ObjectPropertyChange": 644, "PlayerWhoAmIChange": 6, "RemoveUnits": 46}),
    ("saves/nwo_smalls_ai_game_during_combat.tsvg", "2.0.20123", "NWO Smalls", 9, 258, 907, 27,
     (1, "germanBattle"),
     {"rounds": 1, "steps": 4, "events": 35, "event_children": 37, "changes": 340, "dice_rolls": 10},
     {"AddUnits": 30, "ChangeResourceChange": 3, "ObjectPropertyChange": 259, "OwnerChange": 2,
      "PlayerWhoAmIChange": 9, "RemoveUnits": 33, "UnitHitsChange": 4}),
    ("saves/revised_during_bombing_raid_after_aa_roll.tsvg", "2.0.20123", "World War II Revised", 5, 143, 200, 12,
     (1, "germanBattle"),
     {"rounds": 1, "steps": 12, "events": 21, "event_children": 17, "changes": 107, "dice_rolls": 5},
     {"AddBattleRecordsChange": 1, "AddUnits": 8, "ChangeAttachmentChange": 1, "ChangeResourceChange": 4,
      "ObjectPropertyChange": 75, "OwnerChange": 1, "PlayerWhoAmIChange": 5, "RemoveUnits": 10, "UnitHitsChange": 2}),
    ("saves/revised_during_land_to_land_combat.tsvg", "2.0.20123", "World War II Revised", 5, 143, 206, 12,
     (1, "russianBattle"),
     {"rounds": 1, "steps": 6, "events": 10, "event_children": 8, "changes": 52, "dice_rolls": 1},
     {"AddUnits": 3, "ChangeAttachmentChange": 1, "ChangeResourceChange": 2, "ObjectPropertyChange": 39,
      "PlayerWhoAmIChange": 5, "RemoveUnits": 2}),
    ("saves/revisted_start_of_game.tsvg", "2.0.20123", "World War II Revised", 5, 143, 205, 12,
     (1, "russianTech"),
     {"rounds": 1, "steps": 2, "events": 2, "event_children": 5, "changes": 23, "dice_rolls": 0},
     {"ObjectPropertyChange": 18, "PlayerWhoAmIChange": 5}),
]
SAVE_IDS = [row[0].split("/")[1] for row in SAVES]

# end states of one territory per save: (territory, owner, {(unit owner, unit type): count})
END_STATES = {
    "dday2_fast_ai_1_round.tsvg": ("Shorebombardment", "NavalBombardment", {
        ("Allies", "UKartillery"): 12, ("Allies", "UKinfantry"): 21, ("Allies", "USAartillery"): 1,
        ("Allies", "USAinfantry"): 3, ("NavalBombardment", "ShoreBombardment"): 60}),
    "dday2_fast_ai_3_rounds.tsvg": ("USAAF", "USAirforce", {
        ("Allies", "UKartillery"): 13, ("Allies", "UKinfantry"): 29, ("Allies", "USAartillery"): 15,
        ("Allies", "USAinfantry"): 35, ("USAirforce", "FighterX1"): 3, ("USAirforce", "FighterX2"): 1,
        ("USAirforce", "FighterX3"): 1}),
    "dday2_hard_ai_1_round.tsvg": ("G36", "Germans", {
        ("Germans", "armour"): 21, ("Germans", "artillery"): 22, ("Germans", "infantry"): 31}),
    "nwo_smalls_ai_game_during_combat.tsvg": ("Metz", "French", {
        ("French", "Armour"): 1, ("French", "Bunker"): 3, ("French", "Infantry"): 1,
        ("Germans", "EarlyFighter"): 8, ("Germans", "Infantry"): 4, ("Germans", "Panzer"): 5}),
    "revised_during_bombing_raid_after_aa_roll.tsvg": ("United Kingdom", "British", {
        ("British", "aaGun"): 1, ("British", "armour"): 1, ("British", "artillery"): 1, ("British", "bomber"): 1,
        ("British", "factory"): 1, ("British", "fighter"): 2, ("British", "infantry"): 2, ("Germans", "bomber"): 1}),
    "revised_during_land_to_land_combat.tsvg": ("West Russia", "Germans", {
        ("Germans", "armour"): 1, ("Germans", "artillery"): 1, ("Germans", "infantry"): 3,
        ("Russians", "armour"): 3, ("Russians", "artillery"): 1, ("Russians", "fighter"): 1,
        ("Russians", "infantry"): 6}),
    "revisted_start_of_game.tsvg": ("Japan", "Japanese", {
        ("Japanese", "aaGun"): 1, ("Japanese", "armour"): 1, ("Japanese", "artillery"): 1, ("Japanese", "bomber"): 1,
        ("Japanese", "factory"): 1, ("Japanese", "fighter"): 1, ("Japanese", "infantry"): 4}),
}
PU_AT_SAVE = {
    "nwo_smalls_ai_game_during_combat.tsvg": {"Germans": 0, "Russians": 23, "Italians": 30, "Americans": 40},
    "revised_during_bombing_raid_after_aa_roll.tsvg": {"Russians": 27, "Germans": 20, "Americans": 42},
    "revised_during_land_to_land_combat.tsvg": {"Russians": 1, "Germans": 40},
    "revisted_start_of_game.tsvg": {"Russians": 24, "Japanese": 30},
    "dday2_fast_ai_1_round.tsvg": {"Germans": 0, "Allies": 0},
}


def save_path(relative: str) -> Path:
    path = SHARED_DIR / "reference" / relative
    if not path.is_file():
        pytest.skip(f"reference save absent: {path} (read in place from ../shared, never copied)")
    return path


@functools.lru_cache(maxsize=None)
def loaded(relative: str) -> tuple[SaveGame, History]:
    game = load_save(save_path(relative))
    return game, build_history(game)


@pytest.mark.parametrize("row", SAVES, ids=SAVE_IDS)
def test_pinned_contents(row: tuple) -> None:
    relative, engine, game_name, players, territories, units, unit_types, position, counts, kinds = row
    game, history = loaded(relative)
    assert (game.engine_version, game.game_name) == (engine, game_name)
    assert (len(game.players), len(game.territories), game.unit_count, len(game.unit_types)) == (
        players, territories, units, unit_types)
    assert (game.sequence.round, game.sequence.step_name) == position
    assert history.counts() == counts
    assert dict(collections.Counter(item.change.kind for item in history.changes())) == kinds


@pytest.mark.parametrize("row", SAVES, ids=SAVE_IDS)
def test_end_state_of_one_territory_and_resources(row: tuple) -> None:
    game, _ = loaded(row[0])
    name, owner, units = END_STATES[row[0].split("/")[1]]
    territory = game.territory(name)
    assert territory.owner == owner
    assert dict(collections.Counter((u.owner, u.type) for u in territory.units)) == units
    for player, amount in PU_AT_SAVE.get(row[0].split("/")[1], {}).items():
        assert game.player(player).resources["PUs"] == amount


@pytest.mark.parametrize("row", SAVES, ids=SAVE_IDS)
def test_replay_is_consistent_and_redo_reproduces_the_saved_state(row: tuple) -> None:
    game, history = loaded(row[0])
    result = replay(game, history)
    assert result.consistent and result.findings == ()
    assert result.changes_applied == row[8]["changes"]
    assert result.end.differences(result.saved) == []
    # the end state agrees with the typed view, territory by territory
    for territory in game.territories:
        assert [u.id for u in result.end.units_in(territory.name)] == [u.id for u in territory.units]
        assert result.end.owner_of(territory.name) == territory.owner
    if row[8]["changes"] > 50:  # undoing history really moved things: start differs from the end
        assert result.start.differences(result.saved) != []


def test_dday2_start_state_equals_the_community_xml_setup(community_xml: Path) -> None:
    """The start the replay derives by undoing all changes is the XML's initial placement."""
    root = parse_xml(community_xml)
    root = root.getroot() if hasattr(root, "getroot") else root
    expected = collections.Counter()
    for placement in root.iter("unitPlacement"):
        expected[(placement.get("territory"), placement.get("owner"), placement.get("unitType"))] += int(
            placement.get("quantity"))
    owners = {item.get("territory"): item.get("owner") for item in root.iter("territoryOwner")}
    for relative, *_ in SAVES[:3]:
        game, history = loaded(relative)
        start = replay(game, history).start
        placed = collections.Counter((t, u.owner, u.type) for t in start.territories() for u in start.units_in(t))
        assert placed == expected, relative
        assert {t: o for t, o in start.territory_owner.items() if o != "Neutral"} == owners


def test_revised_saves_of_one_game_share_their_start_state() -> None:
    results = [replay(*loaded(row[0])) for row in SAVES[4:]]
    first = results[0].start
    for other in results[1:]:
        assert other.start.holders == first.holders
        assert other.start.territory_owner == first.territory_owner
        assert other.start.resources == first.resources


def test_dice_faces_match_the_history_text() -> None:
    seen = 0
    for row in SAVES[3:]:
        _, history = loaded(row[0])
        for round_ in history.rounds:
            for step in round_.steps:
                for event in step.events:
                    for child in event.children:
                        if child.dice is None:
                            continue
                        printed = child.text.rsplit(" : ", 1)[1]
                        faces = [] if printed == "none" else [int(x) for x in printed.split(",")]
                        assert list(child.dice.faces) == faces
                        assert child.dice.hits is not None and child.dice.hits >= 0
                        seen += 1
    assert seen == 16


def test_move_events_carry_their_route() -> None:
    _, history = loaded(SAVES[3][0])
    step = history.rounds[0].steps[1]
    assert (step.name, step.player) == ("germanCombatMove", "Germans")
    first = step.events[0]
    assert first.text == "1 Artillery and 3 Infantrys moved from Genova to Marseille"
    assert first.move is not None and first.move.route == ("Genova", "Marseille")
    assert sorted(u.type for u in first.move.units) == ["Artillery", "Infantry", "Infantry", "Infantry"]
    battles = [e.battle_site for s in history.rounds[0].steps for e in s.events if e.battle_site]
    assert "Netherlands" in battles


# -- an independent reader: javaobj-py3 (dev-only) -----------------------------------
def _javaobj_contents(path: Path) -> list:
    javaobj_core = pytest.importorskip("javaobj.v2.core")
    transformers = pytest.importorskip("javaobj.v2.transformers")
    logging.getLogger("javaobj").setLevel(logging.CRITICAL)
    parser = javaobj_core.JavaStreamParser(io.BytesIO(gzip.open(path).read()),
                                           [transformers.DefaultObjectTransformer()])
    return parser.run()


def _jfield(instance, name: str):
    for fields in instance.field_data.values():
        for field, value in fields.items():
            if field.name == name:
                return value
    raise KeyError(name)


@pytest.mark.parametrize("relative", [SAVES[3][0], SAVES[4][0]], ids=["nwo", "revised-bombing"])
def test_cross_check_with_javaobj(relative: str) -> None:
    game, history = loaded(relative)
    contents = _javaobj_contents(save_path(relative))
    game_data = contents[1]
    theirs = {}
    for territory in _jfield(_jfield(game_data, "map"), "territories"):
        owner = _jfield(territory, "owner")
        units = _jfield(_jfield(territory, "unitCollection"), "units")
        theirs[str(_jfield(territory, "name"))] = (str(_jfield(owner, "name")) if owner is not None else "Neutral",
                                                  len(units))
    ours = {t.name: (t.owner, len(t.units)) for t in game.territories}
    assert ours == theirs
    writers = _jfield(_jfield(game_data, "gameHistory"), "writers")
    kinds = collections.Counter(w.classdesc.name.rsplit(".", 1)[1] for w in writers)
    counts = history.counts()
    assert (kinds["RoundHistorySerializer"], kinds["StepHistorySerializer"], kinds["EventHistorySerializer"],
            kinds["EventChildWriter"]) == (counts["rounds"], counts["steps"], counts["events"], counts["event_children"])


def test_dice_hits_of_a_19_save_are_decoded() -> None:
    """1.9's DiceRoll writes `int hits` alone (2.x adds `double expectedHits`): the hits
    must still be read; each count agrees with the dice whose packed type says "hit"."""
    fixture = Path(__file__).parents[1] / "data" / "saves" / "compiled_scripted_1round.tsvg"
    history = build_history(load_save(fixture))
    rolls = [child.dice for round_ in history.rounds for step in round_.steps for event in step.events
             for child in event.children if child.dice is not None]
    assert [dice.hits for dice in rolls] == [0, 0, 1, 1, 3, 1, 0, 0]
    for dice in rolls:
        assert dice.hits == sum(die.outcome == "hit" for die in dice.dice)
        assert dice.expected_hits is None  # not in 1.9 saves
        assert "? hit" not in dice.describe()
