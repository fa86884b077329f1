"""Rules on moves and on what a territory may hold at any time.

- G3 `DDAY2-LEFT-CONTESTED`: land units whose move starts in a contested area (both
  sides' land units in its parts, before the move) and ends outside it.
- P3 `DDAY2-BOMBER-TARGET`: bombers moved into an area holding Allied land units.
- U8 `DDAY2-PARA-LATE`: paratroopers moved after the rounds of P1.
- G4 `DDAY2-STACKING`: a side's land units in an area (blockhouses excepted) go above
  the limit, judged once each event's changes are all made (a move adds and removes in
  either order); reported when the count crosses it, again only after it fell back.
- P3 `DDAY2-PATROL-AREA` / `DDAY2-PATROL-TOTAL`: fighters on patrol above 3 over an area
  or 8 in all; reported on crossing, like stacking.
"""

from __future__ import annotations

from collections import Counter

from converter.engine.board import ALLIES, GERMANS, SIDES
from converter.rulecheck.board import describe
from converter.rulecheck.visitor import RuleGroup


class MoveRules(RuleGroup):
    def start(self) -> None:
        engine = self.board.engine
        self.over_stack: set[tuple[str, int]] = set()
        self.over_patrol: set[int] = set()
        self.over_total = False
        self.fighter_types = {t for t, info in self.board.types.items() if info.fighters}
        self.stack_limit = engine.stack
        self.touched: set[int] = set()  # areas whose units changed in the current event
        self.patrol_touched: set[int] = set()
        # what the start state already breaks is reported once, without a step
        for area in self.board.area_parts:
            self._stacking(area)
            self._patrol(area)
        self._patrol_total()

    # --- moves ---
    def event(self, event) -> None:
        move = event.move
        if move is None or len(move.route) < 2 or not move.units:
            return
        types = self.board.types
        start, end = move.route[0], move.route[-1]
        start_area, end_area = self.board.area_of(start), self.board.area_of(end)
        moving = Counter(unit.type for unit in move.units)
        key = id(event)
        for side in SIDES:
            land = Counter({t: n for t, n in moving.items() if t in types and types[t].side == side})
            if land and start_area is not None and end_area != start_area and self.tally.contested(start_area):
                self.rules.flag("DDAY2-LEFT-CONTESTED", key, f"{describe(land)} left contested "
                                f"{self.board.label(start_area)} for {end} ({self._sides(start_area)})",
                                area=start_area, territory=start, units=land, route=list(move.route))
        bombers = Counter({t: n for t, n in moving.items() if t in types and types[t].unit_class == "bomber"})
        if bombers and end_area is not None:
            allied = self.tally.land(ALLIES, end_area)
            if allied:
                self.rules.flag("DDAY2-BOMBER-TARGET", key, f"{describe(bombers)} sent to {end} in "
                                f"{self.board.label(end_area)}, which holds Allied land units ({describe(allied)})",
                                area=end_area, territory=end, units=bombers + allied)
        paras = Counter({t: n for t, n in moving.items() if t in types and types[t].unit_class == "paratroop"})
        round_no = self.rules.round_no or 0
        if paras and round_no > self.board.engine.para_rounds:
            self.rules.flag("DDAY2-PARA-LATE", key, f"{describe(paras)} moved to {end} in round {round_no}; "
                            f"paratroopers attack in round {self.board.engine.para_rounds} only",
                            area=end_area, territory=end, units=paras)

    def _sides(self, area: int) -> str:
        return f"Allies {describe(self.tally.land(ALLIES, area))} vs Germans {describe(self.tally.land(GERMANS, area))}"

    # --- limits ---
    def changed(self, territory: str, types: Counter) -> None:
        area = self.board.area_of(territory)
        if area is not None:
            self.touched.add(area)
            if self.fighter_types.intersection(types):
                self.patrol_touched.add(area)

    def settled(self) -> None:
        for area in sorted(self.touched):
            self._stacking(area)
        for area in sorted(self.patrol_touched):
            self._patrol(area)
        if self.patrol_touched:
            self._patrol_total()
        self.touched.clear()
        self.patrol_touched.clear()

    def _stacking(self, area: int) -> None:
        for side in SIDES:
            count = self.tally.stacked(side, area)
            key = (side, area)
            if count <= self.stack_limit:
                self.over_stack.discard(key)
            elif key not in self.over_stack:
                self.over_stack.add(key)
                self.rules.flag("DDAY2-STACKING", None, f"{count} {side} land units in {self.board.label(area)}; "
                                f"at most {self.stack_limit}", area=area, units=self.tally.land(side, area),
                                side=side, count=count)

    def _patrol(self, area: int) -> None:
        count = self.tally.fighters_over(area)
        limit = self.board.engine.patrol_per_area
        if count <= limit:
            self.over_patrol.discard(area)
        elif area not in self.over_patrol:
            self.over_patrol.add(area)
            fighters = Counter()
            for part in self.board.area_parts[area]:
                fighters += Counter({t: n for t, n in self.tally.in_territory(part).items() if t in self.fighter_types})
            self.rules.flag("DDAY2-PATROL-AREA", None, f"{count} fighters on patrol over {self.board.label(area)}; "
                            f"at most {limit}", area=area, units=fighters, count=count)

    def _patrol_total(self) -> None:
        count = sum(self.tally.fighters_over(area) for area in self.board.area_parts)
        limit = self.board.engine.fighters_in_play
        if count <= limit:
            self.over_total = False
        elif not self.over_total:
            self.over_total = True
            self.rules.flag("DDAY2-PATROL-TOTAL", None, f"{count} fighters on patrol in all; at most {limit}",
                            count=count)
