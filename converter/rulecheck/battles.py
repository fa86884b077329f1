"""Rules on battles.

- G1 `DDAY2-COMBAT-ROUNDS`: a battle event whose dice show more than one combat round
  (the engine writes "..., round N : dice" on each roll; without round numbers, the most
  rolls by one side counts).
- G2 `DDAY2-UNFOUGHT`: an area mixed when a side's battle step begins (after its combat
  move) with no battle there in that step; `DDAY2-HELD-BACK`: the area was fought but
  some of the attacking side's land units in it stayed out of the enemy part.
- U7 `DDAY2-BOMBARD-TARGET`: a naval bombardment battle removing German units other
  than blockhouses.
"""

from __future__ import annotations

import re
from collections import Counter

from converter.engine.board import ALLIES, GERMANS, SIDES
from converter.history import changes as ch
from converter.rulecheck.board import describe
from converter.rulecheck.visitor import RuleGroup

ROUND_TEXT = re.compile(r",? round (\d+)\b")
ROLLER_TEXT = re.compile(r"^(.*?) roll")
ENEMY_PART = {ALLIES: "german", GERMANS: "allied"}  # where the attacking side must fight (G2)


def combat_rounds(event) -> int:
    """How many rounds of combat the event's dice show."""
    numbers = set()
    rolls: Counter = Counter()
    for child in event.children:
        if child.dice is None:
            continue
        found = ROUND_TEXT.search(child.text)
        if found:
            numbers.add(int(found.group(1)))
        roller = ROLLER_TEXT.match(child.text)
        rolls[roller.group(1) if roller else child.text] += 1
    return len(numbers) if numbers else max(rolls.values(), default=0)


class BattleRules(RuleGroup):
    def start(self) -> None:
        rules = self.board.rules
        self.prefix = {phase.player: phase.step_prefix for phase in rules.phases if phase.player in SIDES}
        self.combat_gate = {f"{prefix}CombatMove": side for side, prefix in self.prefix.items()}
        self.battle_gate = {f"{prefix}Battle": side for side, prefix in self.prefix.items()}
        self.naval_player = next(p.player for p in rules.phases if p.id == "P2")
        self.blockhouse = {t for t, info in self.board.types.items() if info.unit_class == "blockhouse"}
        self.mixed: dict[str, dict[int, Counter]] = {}  # side -> contested area -> units held back
        self.fought: dict[str, set[int]] = {}  # battle step name -> areas fought this round

    def round_started(self, number: int) -> None:
        self.mixed = {}
        self.fought = {}

    def event(self, event) -> None:
        site = event.battle_site
        if site is not None:
            area = self.board.area_of(site)
            step = self.rules.step_name or ""
            if area is not None:
                self.fought.setdefault(step, set()).add(area)
            rounds = combat_rounds(event)
            if rounds > 1:
                self.rules.flag("DDAY2-COMBAT-ROUNDS", id(event), f"the battle in {site} lasted {rounds} combat "
                                f"rounds; every battle lasts one", area=area, territory=site,
                                units=self.tally.in_territory(site), rounds=rounds)
        step = self.rules.step
        if step is not None and step.player == self.naval_player and event.changes:
            self._bombard(event)

    def _bombard(self, event) -> None:
        types = self.board.types
        for change in event.changes:
            if not isinstance(change, ch.RemoveUnits) or change.holder.kind != "territory":
                continue
            hit = Counter(u.type for u in change.units
                          if u.type in types and types[u.type].side == GERMANS and u.type not in self.blockhouse)
            if hit:
                territory = change.holder.name
                self.rules.flag("DDAY2-BOMBARD-TARGET", id(event), f"naval bombardment destroyed {describe(hit)} "
                                f"in {territory}; it may only hit blockhouses", area=self.board.area_of(territory),
                                territory=territory, units=hit)

    def gate(self, step_name: str) -> None:
        if step_name in self.combat_gate:
            side = self.combat_gate[step_name]
            self.mixed[side] = {}
            for area, parts in self.board.area_parts.items():
                if self.tally.contested(area):
                    fighting = self.board.part_name(area, ENEMY_PART[side])
                    back = Counter()
                    for part in parts:
                        if part != fighting:
                            back += self.tally.in_territory(part, side)
                    self.mixed[side][area] = back
        elif step_name in self.battle_gate:
            side = self.battle_gate[step_name]
            fought = self.fought.get(step_name, set())
            at = self.rules.at_step(step_name)
            for area, back in self.mixed.get(side, {}).items():
                both = f"Allies {describe(self.tally.land(ALLIES, area))} vs Germans " \
                       f"{describe(self.tally.land(GERMANS, area))}"
                if area not in fought:
                    self.rules.flag("DDAY2-UNFOUGHT", (self.rules.round_no, step_name, area),
                                    f"mixed {self.board.label(area)} was not fought in {step_name} ({both})",
                                    area=area, at=at, units=self.tally.land(ALLIES, area) + self.tally.land(GERMANS, area))
                elif back:
                    self.rules.flag("DDAY2-HELD-BACK", (self.rules.round_no, step_name, area),
                                    f"{describe(back)} of the {side} stayed out of the battle in "
                                    f"{self.board.label(area)}", area=area, at=at, units=back)
