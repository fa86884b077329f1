"""P5/P6: after a side's non-combat move every land unit of that side is back in its own
part of an area (Allies: `A<n>`, Germans: `G<n>`), or waits where the rules let it wait
(Allies: beachheads and their reinforcement pools; Germans: their pools, armour reserves
and staging boxes). Anything else (the enemy's part, a patrol part, a border box, an
air base ...) is `DDAY2-ALLIED-WRONG-PART` / `DDAY2-GERMAN-WRONG-PART`, one finding per
territory.
"""

from __future__ import annotations

from converter.engine.board import ALLIES, GERMANS, SIDES
from converter.rulecheck.board import RESTING_ROLES, describe
from converter.rulecheck.visitor import RuleGroup

OWN_PART = {ALLIES: "allied", GERMANS: "german"}
CODE = {ALLIES: "DDAY2-ALLIED-WRONG-PART", GERMANS: "DDAY2-GERMAN-WRONG-PART"}


class PartRules(RuleGroup):
    def start(self) -> None:
        rules = self.board.rules
        self.gates = {f"{phase.step_prefix}NonCombatMove": phase.player
                      for phase in rules.phases if phase.player in SIDES}

    def allowed(self, side: str, territory: str) -> bool:
        place = self.board.place(territory)
        if place is None:
            return False
        if place.kind == "part":
            return place.part == OWN_PART[side]
        if place.kind == "beach":
            return side == ALLIES
        return place.kind == "box" and place.role in RESTING_ROLES[side]

    def gate(self, step_name: str) -> None:
        side = self.gates.get(step_name)
        if side is None:
            return
        at = self.rules.at_step(step_name)
        for territory in list(self.tally.units):
            units = self.tally.in_territory(territory, side)
            if units and not self.allowed(side, territory):
                area = self.board.area_of(territory)
                where = f"{territory} ({self.board.label(area)})" if area is not None else territory
                self.rules.flag(CODE[side], (self.rules.round_no, step_name, territory),
                                f"{describe(units)} left in {where} after {step_name}; every {side} land unit "
                                f"goes back to its {OWN_PART[side]} part", area=area, territory=territory,
                                units=units, at=at)
