"""`DDay2Rules`: the replay visitor behind `dday2 replay --rules dday2`.

It keeps a `Tally` of every territory's units in step with the replay and hands the
walk to the rule groups (one module each): `moves` (G3, G4, P3 patrol and bombers, U8),
`battles` (G1, G2, U7), `parts` (P5/P6 parts after the non-combat move),
`reinforce` (chart order, beach capacity, dice) and `victory` (G5).

Groups see four things:
    event(event)             before the event's changes are applied (state "before")
    changed(territory, types) after units were added to or removed from a territory
    settled()                at the end of each event (before the next hook): limits are
                             judged here, a move being a removal and an addition in any order
    gate(step_name)          once the round is past that step (steps without events are
                             missing from a history, so checks due "after step X" run
                             when any later step, or the next round, begins)
    round_started(number)

Every finding goes through `flag`, which adds the rule ID, the area and the units, and
drops a repeat of the same (code, key): each violation is reported once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Hashable

from converter.findings import Severity
from converter.history import changes as ch
from converter.replay.registry import register_rules
from converter.replay.visitor import Position, ReplayVisitor
from converter.rulecheck.board import RuleBoard, Tally, rule_board
from converter.rulecheck.codes import CODES


class RuleGroup:
    """Base of a rule group: every hook does nothing."""

    def __init__(self, rules: "DDay2Rules") -> None:
        self.rules = rules
        self.board: RuleBoard = rules.board

    @property
    def tally(self) -> Tally:
        return self.rules.tally

    def start(self) -> None: ...
    def round_started(self, number: int) -> None: ...
    def step_started(self, step: Any) -> None: ...
    def event(self, event: Any) -> None: ...
    def changed(self, territory: str, types: Counter) -> None: ...
    def settled(self) -> None: ...
    def gate(self, step_name: str) -> None: ...


@register_rules("dday2")
class DDay2Rules(ReplayVisitor):
    """D-Day2 house rules (G1-G6, P3, P5, P6, U7, U8) checked step by step."""

    def __init__(self, strict: bool = False, board: RuleBoard | None = None) -> None:
        super().__init__(strict)
        self.board = board or rule_board()
        self.tally = Tally(self.board, {})
        self.round_no: int | None = None
        self.step: Any = None
        self.step_players: dict[str, str | None] = {}  # step name -> player, as seen this game
        self.gates_done: set[int] = set()
        self.reported: set[Hashable] = set()
        from converter.rulecheck import GROUPS  # the group modules import this one
        self.groups: list[RuleGroup] = [group(self) for group in GROUPS]
        self.watchers = [g for g in self.groups if type(g).changed is not RuleGroup.changed]
        self.settlers = [g for g in self.groups if type(g).settled is not RuleGroup.settled]
        self.unsettled: Position | None = None  # where the pending changes were made

    # --- replay hooks ---
    def on_start(self, state: Any) -> None:
        self.tally = Tally.of_state(self.board, state)
        for group in self.groups:
            group.start()

    def on_round(self, round_: Any, state: Any) -> None:
        self._settle()
        self._run_gates(len(self.board.step_order))
        self.round_no = round_.number
        self.step = None
        self.gates_done = set()
        for group in self.groups:
            group.round_started(round_.number)

    def on_step(self, step: Any, state: Any) -> None:
        self._settle()
        index = self.board.step_order.get(step.name)
        if index is not None:
            self._run_gates(index)
        self.step = step
        self.step_players[step.name] = step.player
        for group in self.groups:
            group.step_started(step)

    def on_event(self, event: Any, state: Any) -> None:
        self._settle()
        for group in self.groups:
            group.event(event)

    def on_change(self, change: Any, before: Any, after: Any) -> None:
        if not isinstance(change, ch.AddUnits) or change.holder.kind != "territory":
            return
        sign = -1 if isinstance(change, ch.RemoveUnits) else 1
        types = Counter(unit.type for unit in change.units)
        self.tally.add(change.holder.name, types, sign)
        for group in self.watchers:
            group.changed(change.holder.name, types)
        if self.unsettled is None:
            self.unsettled = self.position

    def on_end(self, state: Any) -> None:
        self._settle()
        # The last step seen may be unfinished (a save is written between steps, but the
        # next step may already hold events): only gates before it are due.
        if self.step is not None and self.step.name in self.board.step_order:
            self._run_gates(self.board.step_order[self.step.name])

    # --- helpers for the groups ---
    @property
    def step_name(self) -> str | None:
        return self.step.name if self.step is not None else None

    def _settle(self) -> None:
        if self.unsettled is None:
            return
        saved, self.position = self.position, self.unsettled
        self.unsettled = None
        try:
            for group in self.settlers:
                group.settled()
        finally:
            self.position = saved

    def _run_gates(self, upto: int) -> None:
        if self.round_no is None:
            return
        for name, index in self.board.step_order.items():
            if index < upto and index not in self.gates_done:
                self.gates_done.add(index)
                for group in self.groups:
                    group.gate(name)

    def at_step(self, step_name: str) -> Position:
        """The location of a finding due after `step_name` of the current round."""
        player = self.step_players.get(step_name) or self.board.step_player.get(step_name)
        return Position(self.round_no, step_name, player, None)

    def flag(self, code: str, key: Hashable | None, message: str, *, area: int | None = None,
             territory: str | None = None, units: Counter | dict | None = None, at: Position | None = None,
             **extra: Any) -> None:
        """Report `code` once per `key` (None: always; the caller tracks repeats)."""
        if key is not None:
            if (code, key) in self.reported:
                return
            self.reported.add((code, key))
        saved = self.position
        if at is not None:
            self.position = at
        try:
            data = {"rule": CODES[code].rule}
            if units:
                data["units"] = {name: n for name, n in sorted(units.items()) if n}
            self.report(code, f"{CODES[code].rule}: {message}", Severity.ERROR, area=None if area is None else str(area),
                        territory=territory, **data, **extra)
        finally:
            self.position = saved
