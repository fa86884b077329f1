"""Reinforcements (P5, P6, B2, G6): units entering play from a chart's off-map boxes.

A unit enters when a move starts in one of its chart's boxes (pool, armour reserve,
staging, road) and ends outside them. Per side's turn and chart, checked once the side's
non-combat move is over:
- `DDAY2-ALLIED-CHART-ORDER` / `DDAY2-GERMAN-CHART-ORDER`: the units entered are not the
  chart's next ones (entry order, left to right, top row first), or one entered where its
  row does not allow (a beach of another row, an area outside the sector). The chart's
  position is what has left its boxes before this turn (the engine's own reading).
- `DDAY2-BEACH-CAPACITY`: a beachhead that received units holds more than its capacity.
- `DDAY2-ALLIED-CHART-DICE` / `DDAY2-GERMAN-CHART-DICE`: more units entered than the dice
  rolled — only where the dice are in the history: dice of a reinforcement roll (an
  event naming reinforcements, or the "Determine Reinforcements" tech delegate the map
  declares; not a move or a battle) in the side's turn, `dice` per chart in chart order.
  D-Day2 saves usually lack them (players roll by hand; the AA dice patrols roll at moving
  units are not these), and then this is not checked.
"""

from __future__ import annotations

import re
from collections import Counter

from converter.engine.board import ALLIES, GERMANS, SIDES
from converter.rulecheck.board import SECTOR_ROLES, describe
from converter.rulecheck.visitor import RuleGroup

ORDER_CODE = {ALLIES: "DDAY2-ALLIED-CHART-ORDER", GERMANS: "DDAY2-GERMAN-CHART-ORDER"}
REINFORCEMENT_TEXT = re.compile(r"reinforc", re.IGNORECASE)
DICE_CODE = {ALLIES: "DDAY2-ALLIED-CHART-DICE", GERMANS: "DDAY2-GERMAN-CHART-DICE"}


class ReinforcementRules(RuleGroup):
    def start(self) -> None:
        rules = self.board.rules
        self.gates = {f"{phase.step_prefix}NonCombatMove": phase.player for phase in rules.phases
                      if phase.player in SIDES}
        self.charts = self.board.engine.charts
        self.chart_boxes: dict[int, tuple[str, ...]] = {}
        for name, place in self.board.places.items():
            if place.kind == "box" and place.chart is not None:
                self.chart_boxes.setdefault(place.chart, ())
                self.chart_boxes[place.chart] += (name,)
        self.round_started(0)

    def round_started(self, number: int) -> None:
        self.position: dict[int, int] = {}  # chart -> entered before this turn
        self.entries: dict[int, list[tuple[str, int, str]]] = {}  # chart -> (type, n, destination)
        self.dice: dict[str, list[int]] = {side: [] for side in SIDES}

    def _remaining(self, chart: int) -> int:
        side = self.charts[chart].side
        return sum(sum(self.tally.in_territory(box, side).values()) for box in self.chart_boxes.get(chart, ()))

    def event(self, event) -> None:
        step = self.rules.step
        player = step.player if step is not None else None
        if player in SIDES and event.battle_site is None and event.move is None and (
                step.delegate == "tech" or REINFORCEMENT_TEXT.search(event.text)):
            for child in event.children:
                if child.dice is not None:
                    self.dice[player].extend(child.dice.faces)
        move = event.move
        if move is None or len(move.route) < 2:
            return
        start, end = self.board.place(move.route[0]), self.board.place(move.route[-1])
        if start is None or start.chart is None or start.kind != "box":
            return
        if end is not None and end.kind == "box" and end.role in SECTOR_ROLES:
            return  # still off the board
        chart = start.chart
        side = self.charts[chart].side
        types = self.board.types
        moving = Counter(u.type for u in move.units if u.type in types and types[u.type].side == side)
        if not moving:
            return
        if chart not in self.position:
            self.position[chart] = max(0, len(self.charts[chart].order) - self._remaining(chart))
        for name, n in moving.items():
            self.entries.setdefault(chart, []).append((name, n, move.route[-1]))

    def gate(self, step_name: str) -> None:
        side = self.gates.get(step_name)
        if side is None:
            return
        at = self.rules.at_step(step_name)
        side_charts = [i for i, chart in enumerate(self.charts) if chart.side == side]
        dice = self.dice[side]
        beaches: set[str] = set()
        for rank, chart in enumerate(side_charts):
            entries = self.entries.pop(chart, [])
            if not entries:
                continue
            start = self.position.pop(chart)
            self._order(side, chart, start, entries, at)
            entered = sum(n for _, n, _ in entries)
            per_chart = self.charts[chart].dice
            rolled = dice[rank * per_chart:(rank + 1) * per_chart]
            if len(rolled) == per_chart and entered > sum(rolled):
                self.rules.flag(DICE_CODE[side], (self.rules.round_no, chart), f"{entered} units entered from chart "
                                f"{self.charts[chart].id}; the dice {rolled} gave {sum(rolled)}",
                                at=at, units=_units(entries), chart=self.charts[chart].id, dice=rolled,
                                territory=self.board.rules.charts[chart].pool)
            beaches.update(dest for _, _, dest in entries if self.board.place(dest) and
                           self.board.place(dest).kind == "beach")
        self.dice[side] = []
        for beach in sorted(beaches):
            held = self.tally.in_territory(beach, ALLIES)
            capacity = self.board.engine.beach_capacity[self.board.engine.beach(beach)]
            if sum(held.values()) > capacity:
                self.rules.flag("DDAY2-BEACH-CAPACITY", (self.rules.round_no, beach), f"{sum(held.values())} units "
                                f"on {beach} after the reinforcements; capacity {capacity}", territory=beach,
                                units=held, at=at, capacity=capacity)

    def _order(self, side: str, chart: int, start: int, entries: list[tuple[str, int, str]], at) -> None:
        index = self.charts[chart]
        names = self.board.engine.units[side].names
        entered = sum(n for _, n, _ in entries)
        expected = Counter(names[i] for i in index.order[start:start + entered])
        given = _units(entries)
        problem = None
        if given != expected:
            problem = (f"chart {index.id} gives next {describe(expected)}"
                       + (f" ({len(index.order) - start} left)" if start + entered > len(index.order) else "")
                       + f"; entered {describe(given)}")
        else:
            problem = self._misplaced(side, index, start, entries)
        if problem:
            self.rules.flag(ORDER_CODE[side], (self.rules.round_no, chart), problem, at=at, units=given,
                            territory=self.board.rules.charts[chart].pool,
                            chart=index.id, destinations=sorted({dest for _, _, dest in entries}))

    def _misplaced(self, side: str, index, start: int, entries) -> str | None:
        """Each entered unit must fill a chart slot allowed where it went; slots with the fewest
        choices first (exact for the charts' nested rows), as the engine's own check does."""
        engine = self.board.engine
        names = engine.units[side].names
        room: Counter = Counter()
        for name, n, dest in entries:
            room[(name, self._target(side, dest))] += n
        for slot in sorted(range(start, start + sum(room.values())), key=lambda s: len(index.allowed[s])):
            name = names[index.order[slot]]
            options = [t for t in index.allowed[slot] if room[(name, t)] > 0]
            if not options:
                return f"chart {index.id} unit {slot + 1} ({name}) may enter only at {self._where(side, index.allowed[slot])}"
            room[(name, options[0])] -= 1
        return None

    def _target(self, side: str, territory: str) -> int | None:
        engine = self.board.engine
        place = self.board.place(territory)
        if place is None:
            return None
        if side == ALLIES:
            return engine.beach(territory) if place.kind == "beach" else None
        return engine.area(place.area) if place.kind == "part" and place.part == "german" else None

    def _where(self, side: str, positions) -> str:
        engine = self.board.engine
        if side == ALLIES:
            return ", ".join(sorted(engine.beach_names[p] for p in positions))
        return "the German parts of areas " + ", ".join(str(engine.area_ids[p]) for p in sorted(positions))


def _units(entries) -> Counter:
    total: Counter = Counter()
    for name, n, _ in entries:
        total[name] += n
    return total
