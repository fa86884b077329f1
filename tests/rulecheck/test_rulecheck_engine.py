"""Real games from the real engine (TripleA 1.9) on our compiled XML, checked by the rule check.

Our engine's policy decides every move step (converter.realengine.autoplay), the real engine
rolls; legal games must replay with no finding. Planted games change the policy's moves at
chosen steps; each planted violation must be reported exactly once, with its rule, round
and area, and nothing else may be reported.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from converter.cli.savefile import open_save
from converter.compile.build import build_package
from converter.model import Placement, load_ruleset
from converter.paths import DDAY2_MODEL_DIR
from converter.realengine.autoplay import PolicyOracle, read_contents
from converter.realengine.interactive import play_with_oracle
from converter.realengine.script import Move
from converter.replay import replay, visitor_for

pytestmark = [pytest.mark.engine, pytest.mark.slow]

GAME_XML = Path("map") / "games" / "D-Day_2.xml"


@pytest.fixture(scope="module")
def xml(real_engine, built_dday2) -> Path:
    return built_dday2 / GAME_XML


def findings_of(save: Path):
    game, history = open_save(str(save))
    result = replay(game, history, visitor_for("dday2"))
    assert result.consistent
    return result.findings


def located(findings) -> Counter:
    return Counter((f.code, dict(f.extra)["rule"], f.round, f.area) for f in findings)


@dataclasses.dataclass
class PlantedOracle(PolicyOracle):
    """The policy, with some steps' moves rewritten: {(round, step): plant(oracle, contents, moves)}."""

    plants: dict = dataclasses.field(default_factory=dict)
    stop_when_decided: bool = True

    def __call__(self, request):
        answer = super().__call__(request)
        if request.kind == "round":
            return answer and self.stop_when_decided
        plant = self.plants.get((request.round, request.step))
        return plant(self, read_contents(request.save), list(answer)) if plant else answer


def test_a_ten_round_policy_game_is_legal(xml, tmp_path):
    save = tmp_path / "game.tsvg"
    oracle = PolicyOracle(11)
    report = play_with_oracle(xml, rounds=10, seed=11, save_path=save, oracle=oracle, timeout=300)
    assert report.script_errors == ()  # the engine accepted every translated move
    assert (report.rounds_played, report.final_round) == (10, 11)  # the Germans hold to the end (G5)
    game, history = open_save(str(save))
    assert len([r for r in history.rounds if r.steps]) == 10
    assert sum(1 for r in history.rounds for s in r.steps for e in s.events if e.battle_site) > 20
    assert findings_of(save) == ()


def test_a_game_continues_from_its_save(xml, tmp_path):
    first, second = tmp_path / "r1.tsvg", tmp_path / "r2.tsvg"
    play_with_oracle(xml, rounds=1, seed=3, save_path=first, oracle=PolicyOracle(3), timeout=120)
    report = play_with_oracle(None, rounds=1, seed=4, save_path=second, oracle=PolicyOracle(4), timeout=120, load=first)
    assert (report.rounds_played, report.final_round) == (1, 3)
    game, history = open_save(str(second))
    assert [r.number for r in history.rounds if r.steps] == [1, 2]
    assert findings_of(second) == ()


# --- planted violations ------------------------------------------------------------------

def _area_units(oracle, contents, area_id: int, kind: str, side: str) -> Counter:
    names = set(oracle.board.units[side].names)
    return Counter({t: n for t, n in contents.get(oracle.part(area_id, kind), Counter()).items() if t in names and n})


def _contested(oracle, contents) -> list[int]:
    return [a.id for a in oracle.rules.areas
            if _area_units(oracle, contents, a.id, "allied", "Allies") and _area_units(oracle, contents, a.id, "german", "Germans")]


def plant_bombers_on_allies(oracle, contents, moves):
    """P3: the bombers go for an area that holds Allied land units."""
    target = max(_contested(oracle, contents), key=lambda a: sum(_area_units(oracle, contents, a, "german", "Germans").values()))
    oracle.planted["DDAY2-BOMBER-TARGET"] = target
    bombers = Counter({t: n for t, n in contents["USAAF"].items() if "bomber" in t})
    moves = [m for m in moves if not any("bomber" in t for t, _ in m.units)]
    return moves + [Move(tuple(sorted(bombers.items())), oracle.route("USAAF", oracle.part(target, "german"),
                                                                     oracle._transit | {"USAAF"}))]


def plant_naval_on_infantry(oracle, contents, moves):
    """U7: bombard a German part with no blockhouse."""
    target = next(a.id for a in oracle.rules.areas if not _area_units(oracle, contents, a.id, "allied", "Allies")
                  and _area_units(oracle, contents, a.id, "german", "Germans")
                  and "blockhouse" not in _area_units(oracle, contents, a.id, "german", "Germans")
                  and len(oracle.route("Shorebombardment", oracle.part(a.id, "german"), frozenset(oracle.graph))) <= 11)
    oracle.planted.setdefault("DDAY2-BOMBARD-TARGET", set()).add(str(target))
    return [Move((("ShoreBombardment", 1),), oracle.route("Shorebombardment", oracle.part(target, "german"),
                                                          frozenset(oracle.graph)))]


def plant_fighters(oracle, contents, moves):
    """P3: a fourth fighter over a patrolled area, and the depot's spares on patrol (more than 8)."""
    air = oracle._transit | {"USAAF", "USAAF Depot"}
    full = Counter()
    for move in moves:
        for t, n in move.units:
            if t.startswith("Fighter"):
                full[move.route[-1]] += int(t[-1]) * n
    crowded = next(p for p, n in sorted(full.items()) if n == 3)
    oracle.planted["DDAY2-PATROL-AREA"] = oracle.board.rules.locate(crowded).area
    extra = [Move((("FighterX1", 1),), oracle.route("USAAF Depot", crowded, air))]
    free = [a for a in oracle.rules.areas if a.part("patrol") not in full][:3]
    extra += [Move((("FighterX2", 1),), oracle.route("USAAF Depot", a.part("patrol"), air)) for a in free]
    return moves + extra


def plant_allied_combat(oracle, contents, moves):
    """G2 and G3 in three mixed areas: one left unfought, one attacked by some of its units,
    one with a unit leaving it."""
    mixed = sorted(_contested(oracle, contents), key=lambda a: -sum(_area_units(oracle, contents, a, "allied", "Allies").values()))
    assert len(mixed) >= 3, mixed
    coastal = {a for beach in oracle.rules.beaches for a in beach.leads_to}
    leaving = next(a for a in reversed(mixed[:3]) if a in coastal)  # a unit steps back onto its beach
    unfought, held = [a for a in mixed[:3] if a != leaving]
    oracle.planted.update({"DDAY2-UNFOUGHT": unfought, "DDAY2-HELD-BACK": held, "DDAY2-LEFT-CONTESTED": leaving})
    touched = {oracle.part(a, kind) for a in (unfought, held, leaving) for kind in ("allied", "german")}
    kept = [m for m in moves if m.route[0] not in touched and m.route[-1] not in touched]
    for area, keep_back in ((held, 1), (leaving, 1)):
        units = _area_units(oracle, contents, area, "allied", "Allies")
        name = max(units, key=units.get)
        assert sum(units.values()) >= 2
        rest = units - Counter({name: keep_back})
        kept.append(Move(tuple(sorted(rest.items())), (oracle.part(area, "allied"), oracle.part(area, "german"))))
        if area == leaving:
            beach = next(b.name for b in oracle.rules.beaches if area in b.leads_to)
            kept.append(Move(((name, 1),), (oracle.part(area, "allied"), beach)))
    return kept


def plant_allied_noncombat(oracle, contents, moves):
    """P5: US reinforcements out of chart order, UK ones beyond Juno's capacity, and one
    Allied group left on a patrol part."""
    pools = {"USA Reinforcements", "UK Reinforcements"}
    moves = [m for m in moves if m.route[0] not in pools]
    moves.append(Move((("USAartillery", 1),), ("USA Reinforcements", "Omaha Beach")))  # the chart starts IIII (Utah)
    uk = next(c for c in oracle.rules.charts if c.id == "united_kingdom")
    first = Counter(uk.order[:7])
    moves.append(Move(tuple(sorted(first.items())), ("UK Reinforcements", "Juno Beach")))
    home = next(m for m in moves if len(m.route) == 2 and m.route[1].startswith("A"))
    area = oracle.board.rules.locate(home.route[1]).area
    moves[moves.index(home)] = Move(home.units, (home.route[0], oracle.part(area, "patrol")))
    oracle.planted["DDAY2-ALLIED-WRONG-PART"] = area
    return moves


def plant_german_noncombat(oracle, contents, moves):
    """P6 and G4: an infantry ahead of the Rennes/Chartres armour, ten Rouen/Chartres units into
    one area, and a German group parked on the blockhouse-fire box."""
    sector_boxes = {b.name for b in oracle.rules.boxes if b.sector}
    moves = [m for m in moves if m.route[0] not in sector_boxes]
    via = oracle._transit | frozenset(sector_boxes)
    moves.append(Move((("infantry", 1),), oracle.route("Reinforcements Rennes Chartres", oracle.part(32, "german"), via)))
    rouen = next(c for c in oracle.rules.charts if c.id == "rouen_chartres")
    target = next(a for a in (42, 39) if not any(t.startswith("Fighter") for t in contents.get(oracle.part(a, "patrol"), ())))
    oracle.planted["DDAY2-STACKING"] = target
    for name, n in sorted(Counter(rouen.order[:10]).items()):
        box = "armor2" if name == "armour" else "Reinforcements Rouen Chartres"
        moves.append(Move(((name, n),), oracle.route(box, oracle.part(target, "german"), via)))
    # a German group flown to the blockhouse-fire box (German-owned, so the engine lets it stay)
    via = oracle._transit | {b.name for b in oracle.rules.beaches} | {
        oracle.part(a, "allied") for beach in oracle.rules.beaches for a in beach.leads_to}
    reach = {u.name: u.triplea_movement for u in oracle.rules.units}
    for area in oracle.rules.areas:
        units = _area_units(oracle, contents, area.id, "german", "Germans") - Counter(blockhouse=99)
        if not units or _area_units(oracle, contents, area.id, "allied", "Allies") or any(
                m.route[0] == area.part("german") for m in moves):
            continue
        path = oracle.route(area.part("german"), "BlockhouseAttack", frozenset(via))
        movers = Counter({t: n for t, n in units.items() if reach[t] >= len(path) - 1})
        if movers:
            moves.append(Move(tuple(sorted(movers.items())), path))
            return moves
    raise AssertionError("no German group can reach the blockhouse-fire box")


def test_planted_violations_are_each_reported_once(xml, tmp_path):
    plants = {(1, "ParaSurpriseCombatMove"): lambda oracle, contents, moves: [],  # keep 10, 11, 17 mixed
              (1, "USAirforceCombatMove"): plant_bombers_on_allies,
              (1, "USAirforceNonCombatMove"): plant_fighters,
              (1, "alliesCombatMove"): plant_allied_combat,
              (1, "alliesNonCombatMove"): plant_allied_noncombat,
              (1, "germansNonCombatMove"): plant_german_noncombat}
    plants.update({(1, f"Naval{n}BombardmentCombatMove"): plant_naval_on_infantry for n in range(1, 7)})
    oracle = PlantedOracle(21, plants=plants)
    oracle.planted = {}
    save = tmp_path / "planted.tsvg"
    report = play_with_oracle(xml, rounds=1, seed=21, save_path=save, oracle=oracle, timeout=120)
    assert report.script_errors == ()
    found = findings_of(save)
    got = located(found)
    bombard = [f for f in found if f.code == "DDAY2-BOMBARD-TARGET"]
    assert bombard and {f.area for f in bombard} <= oracle.planted["DDAY2-BOMBARD-TARGET"]
    assert len({f.event for f in bombard}) == len(bombard)  # once per bombardment that hit
    p = oracle.planted
    expected = Counter({
        ("DDAY2-BOMBER-TARGET", "P3", 1, str(p["DDAY2-BOMBER-TARGET"])): 1,
        ("DDAY2-PATROL-AREA", "P3", 1, str(p["DDAY2-PATROL-AREA"])): 1,
        ("DDAY2-PATROL-TOTAL", "P3", 1, None): 1,
        ("DDAY2-UNFOUGHT", "G2", 1, str(p["DDAY2-UNFOUGHT"])): 1,
        ("DDAY2-HELD-BACK", "G2", 1, str(p["DDAY2-HELD-BACK"])): 1,
        ("DDAY2-LEFT-CONTESTED", "G3", 1, str(p["DDAY2-LEFT-CONTESTED"])): 1,
        ("DDAY2-ALLIED-CHART-ORDER", "P5", 1, None): 1,
        ("DDAY2-BEACH-CAPACITY", "P5", 1, None): 1,
        ("DDAY2-ALLIED-WRONG-PART", "P5", 1, str(p["DDAY2-ALLIED-WRONG-PART"])): 1,
        ("DDAY2-GERMAN-CHART-ORDER", "P6", 1, None): 1,
        ("DDAY2-STACKING", "G4", 1, str(p["DDAY2-STACKING"])): 1,
        ("DDAY2-GERMAN-WRONG-PART", "P6", 1, None): 1,
    })
    assert got - Counter({k: v for k, v in got.items() if k[0] == "DDAY2-BOMBARD-TARGET"}) == expected
    by_code = {f.code: f for f in found}
    assert by_code["DDAY2-UNFOUGHT"].step == "alliesBattle"
    assert by_code["DDAY2-BEACH-CAPACITY"].territory == "Juno Beach"
    assert by_code["DDAY2-ALLIED-CHART-ORDER"].territory == "USA Reinforcements"
    assert by_code["DDAY2-GERMAN-CHART-ORDER"].territory == "Reinforcements Rennes Chartres"
    assert by_code["DDAY2-GERMAN-WRONG-PART"].territory == "BlockhouseAttack"
    assert by_code["DDAY2-STACKING"].step == "germansNonCombatMove"


def test_battles_of_several_rounds_break_g1(real_engine, built_dday2, tmp_path):
    # the community XML lets land battles run until one side is gone; ours sets one round
    xml = (built_dday2 / GAME_XML).read_bytes()
    marker = b'<property name="Land Battle Rounds" value="1"'
    assert marker in xml
    save = tmp_path / "g1.tsvg"
    play_with_oracle(xml.replace(marker, b'<property name="Land Battle Rounds" value="3"'), rounds=1, seed=8,
                     save_path=save, oracle=PolicyOracle(8), timeout=120)
    found = findings_of(save)
    game, history = open_save(str(save))
    long_battles = {(e.battle_site, id(e)) for r in history.rounds for s in r.steps for e in s.events
                    if e.battle_site and len({c.text.split(", round ")[-1].split(" ")[0]
                                              for c in e.children if c.dice is not None}) > 1}
    assert long_battles
    assert {f.code for f in found} == {"DDAY2-COMBAT-ROUNDS"}
    assert len(found) == len(long_battles)
    assert all(dict(f.extra)["rule"] == "G1" and f.round == 1 and f.area for f in found)


def test_play_after_victory_breaks_g5(real_engine, tmp_path):
    # a setup where the Allies already hold Cherbourg, St. Lo and Caen: G5 gives them the game
    # at the end of round 2; an oracle that plays on into round 3 is reported once
    rules = load_ruleset(DDAY2_MODEL_DIR)
    cities = {f"{c}/german" for c in rules.victory.cities}
    setup = [p for p in rules.setup if p.where not in cities]
    setup += [Placement(f"{c}/allied", (("USAinfantry", 8),)) for c in rules.victory.cities]
    build_package(dataclasses.replace(rules, setup=tuple(setup)), tmp_path / "pkg")
    save = tmp_path / "g5.tsvg"
    oracle = PlantedOracle(9, stop_when_decided=False)
    play_with_oracle(tmp_path / "pkg" / GAME_XML, rounds=3, seed=9, save_path=save, oracle=oracle, timeout=120)
    assert oracle.winner == "Allies"
    found = findings_of(save)
    assert [(f.code, dict(f.extra)["rule"], f.round, dict(f.extra)["decided_round"]) for f in found] == [
        ("DDAY2-VICTORY-MISSED", "G5", 3, 2)]


def plant_late_paratroopers(oracle, contents, moves):
    """U8: every airborne box still holding paratroopers jumps at its target, whether or not
    the policy would (it skips targets the Allies have cleared in round 1)."""
    jumps = []
    for box, target, _ in oracle.board.airborne:
        count = contents.get(box, Counter()).get("ParaAttack", 0)
        if count:
            jumps.append(Move((("ParaAttack", count),), (box, oracle.part(oracle.board.area_ids[target], "german"))))
    return jumps


def test_paratroopers_after_round_one_break_u8(real_engine, built_dday2, tmp_path):
    # our XML runs the para steps in round 1 only (maxRunCount); a variant that runs them every
    # round lets the boxes kept back in round 1 jump in round 2
    xml = (built_dday2 / GAME_XML).read_bytes()
    once = b'player="ParaSurprise" maxRunCount="1"'
    assert xml.count(once) == 2
    save = tmp_path / "u8.tsvg"
    first_only = {(1, "ParaSurpriseCombatMove"): lambda oracle, contents, moves: moves[:1],
                  (2, "ParaSurpriseCombatMove"): plant_late_paratroopers}
    oracle = PlantedOracle(5, plants=first_only)
    play_with_oracle(xml.replace(once, b'player="ParaSurprise"'), rounds=2, seed=5, save_path=save, oracle=oracle,
                     timeout=120)
    rules = load_ruleset(DDAY2_MODEL_DIR)
    late = sorted(str(int(b.links[0].split("/")[0])) for b in rules.boxes if b.role == "airborne")
    found = findings_of(save)
    assert {f.code for f in found} == {"DDAY2-PARA-LATE"}
    assert all(dict(f.extra)["rule"] == "U8" and f.round == 2 and f.step == "ParaSurpriseCombatMove" for f in found)
    assert len(found) == 2 and {f.area for f in found} < set(late)
