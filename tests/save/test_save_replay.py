"""Replay: inconsistencies are found and located, visitors see the walk, strict mode raises."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from converter.history import build_history
from converter.paths import SHARED_DIR
from converter.replay import ReplayError, ReplayVisitor, register_rules, replay, visitor_for
from converter.replay.registry import RULES
from converter.save import load_save
from converter.save.gamedata import first_field, territory_objects

NWO = "saves/nwo_smalls_ai_game_during_combat.tsvg"
DDAY_3 = "engine-saves/dday2_fast_ai_3_rounds.tsvg"


def fresh(relative: str):
    path = SHARED_DIR / "reference" / relative
    if not path.is_file():
        pytest.skip(f"reference save absent: {path}")
    game = load_save(path)  # fresh objects: these tests edit them
    return game, build_history(game)


def _territory(game, name):
    return next(t for t in territory_objects(game.game_data) if t.get("name") == name)


def test_a_unit_missing_from_the_saved_state_is_found_and_located() -> None:
    game, history = fresh(NWO)
    # the last move into Metz: take one moved unit out of Metz in the saved state
    moved = [item for item in history.changes() if item.change.kind == "AddUnits" and item.change.holder.name == "Metz"]
    unit_id = moved[-1].change.units[0].id
    collection = first_field(_territory(game, "Metz"), "unitCollection", "units")
    collection.fields["units"] = [u for u in collection.get("units") if str(u.get("id")) != unit_id]
    result = replay(game, history)
    assert not result.consistent
    missing = [f for f in result.findings if f.code == "REPLAY-UNIT-MISSING"]
    assert missing and unit_id in missing[0].message
    first = missing[0]
    assert (first.round, first.step, first.player) == (1, "germanCombatMove", "Germans")
    assert first.event == moved[-1].event.text


def test_a_consistent_edit_passes_consistency_and_shifts_the_start() -> None:
    """Consistency, not honesty: an edited final amount is carried back to the start."""
    game, history = fresh(NWO)
    germans = next(p for p in game.raw.game_data.get("playerList").get("players").values() if p.get("name") == "Germans")
    amounts = germans.get("resources").get("resources")
    pus = next(r for r in amounts if r.get("name") == "PUs")
    amounts[pus] = 5  # the history spent 60 of them on the way to 0
    result = replay(game, history)
    assert result.consistent
    assert result.start.resources_of("Germans")["PUs"] == 5 + 60


def test_history_claiming_more_spending_than_possible_goes_negative(tmp_path: Path) -> None:
    """Patch the stream: the 60 PU purchase becomes a +1000 gain; undoing it goes negative."""
    path = SHARED_DIR / "reference" / NWO
    if not path.is_file():
        pytest.skip("reference save absent")
    data = bytearray(gzip.open(path).read())
    at = data.index(b"ChangeResourceChange")
    quantity_at = data.index(b"\xff\xff\xff\xc4", at)  # -60, the first primitive after the descriptor
    data[quantity_at:quantity_at + 4] = struct.pack(">i", 1000)
    game = load_save(gzip.compress(bytes(data)))
    result = replay(game, build_history(game))
    negative = [f for f in result.findings if f.code == "REPLAY-NEGATIVE-RESOURCE"]
    assert negative and negative[0].player == "Germans" and "Germans would hold -1000 PUs" in negative[0].message


def test_strict_mode_raises_at_the_first_finding() -> None:
    game, history = fresh(DDAY_3)
    # a unit the history moved into USAAF, gone from the saved state
    moved = [i.change for i in history.changes() if i.change.kind == "AddUnits" and i.change.holder.name == "USAAF"]
    gone = moved[-1].units[0].id
    collection = first_field(_territory(game, "USAAF"), "unitCollection", "units")
    collection.fields["units"] = [u for u in collection.get("units") if str(u.get("uid")) != gone]
    with pytest.raises(ReplayError) as raised:
        replay(game, history, ReplayVisitor(strict=True))
    assert raised.value.finding.code.startswith("REPLAY-")


class CountingVisitor(ReplayVisitor):
    wants_before_state = True

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)
        self.calls = {"start": 0, "round": 0, "step": 0, "event": 0, "change": 0, "end": 0}
        self.unit_moves = 0

    def on_start(self, state) -> None:
        self.calls["start"] += 1

    def on_round(self, round_, state) -> None:
        self.calls["round"] += 1

    def on_step(self, step, state) -> None:
        self.calls["step"] += 1

    def on_event(self, event, state) -> None:
        self.calls["event"] += 1

    def on_change(self, change, before, after) -> None:
        self.calls["change"] += 1
        if change.kind == "AddUnits" and change.holder.kind == "territory":
            name = change.holder.name
            # the before snapshot lacks the units the change added; the live state has them
            assert len(after.units_in(name)) == len(before.units_in(name)) + len(change.units)
            self.unit_moves += 1

    def on_end(self, state) -> None:
        self.calls["end"] += 1
        self.report("TEST-END", f"{len(state.units_in('USAAF'))} units in USAAF")


def test_visitor_hooks_see_the_whole_walk_and_report_with_location() -> None:
    game, history = fresh(DDAY_3)
    visitor = CountingVisitor()
    result = replay(game, history, visitor)
    counts = history.counts()
    assert visitor.calls == {"start": 1, "round": counts["rounds"], "step": counts["steps"],
                             "event": counts["events"], "change": counts["changes"], "end": 1}
    assert visitor.unit_moves == 59
    assert result.consistent  # a rule finding is not an inconsistency
    assert [f.code for f in result.findings] == ["TEST-END"]
    assert result.findings[0].message == "97 units in USAAF"


def test_registry_names_and_duplicates() -> None:
    assert type(visitor_for("none")) is ReplayVisitor
    with pytest.raises(KeyError, match="unknown rule set"):
        visitor_for("no-such-rules")

    @register_rules("test-counting")
    class Registered(CountingVisitor):
        pass

    try:
        assert isinstance(visitor_for("test-counting", strict=True), Registered)
        with pytest.raises(ValueError, match="registered twice"):
            register_rules("test-counting")(CountingVisitor)
    finally:
        RULES.pop("test-counting", None)
