"""Replay a save: undo every change from the saved state, then walk forward with a visitor.

1. state := the saved state; undo each leaf change, newest first, checking it (the
   state must show the change's "after" side). This derives the start state.
2. walk the history forward: hooks on the visitor, each change applied with its
   preconditions checked (units to remove present, old values matching, resources
   never negative).
3. the end state must equal the saved state.
Consistency problems become findings (codes in `converter.replay.apply`, plus
REPLAY-END-MISMATCH) with round, step, player and event, through the visitor's
`handle_error`.
"""

from __future__ import annotations

from dataclasses import dataclass

from converter.findings import Finding
from converter.history.tree import Event, History, Round, Step
from converter.replay.apply import apply_change
from converter.replay.state import ReplayState
from converter.replay.visitor import Position, ReplayVisitor
from converter.save.gamedata import SaveGame


@dataclass(frozen=True)
class ReplayResult:
    findings: tuple[Finding, ...]
    start: ReplayState
    end: ReplayState
    saved: ReplayState
    changes_applied: int

    @property
    def consistent(self) -> bool:
        return not any(f.code.startswith("REPLAY-") for f in self.findings)


def _position(round_: Round | None, step: Step | None, event: Event | None) -> Position:
    return Position(round_.number if round_ else None, step.name if step else None,
                    step.player if step else None, event.text if event else None)


def derive_start(saved: ReplayState, history: History, visitor: ReplayVisitor) -> ReplayState:
    state = saved.snapshot()
    for item in reversed(list(history.changes())):
        problems = apply_change(item.change, state, forward=False)
        if problems:
            visitor.position = _position(item.round, item.step, item.event)
            for code, message in problems:
                visitor.report(code, f"undoing {item.change.describe()}: {message}")
    return state


def _walk(history: History, state: ReplayState, visitor: ReplayVisitor) -> int:
    wants_before = visitor.wants_before_state
    on_change_overridden = type(visitor).on_change is not ReplayVisitor.on_change
    applied = 0
    for round_ in history.rounds:
        visitor.position = _position(round_, None, None)
        visitor.on_round(round_, state)
        for step in round_.steps:
            visitor.position = _position(round_, step, None)
            visitor.on_step(step, state)
            events = iter(step.events)
            visited: set[int] = set()

            def visit_until(target: Event | None) -> None:
                # events come in tree order; visit every one up to `target`
                for event in events:
                    visited.add(id(event))
                    visitor.position = _position(round_, step, event)
                    visitor.on_event(event, state)
                    if event is target:
                        return

            for event, change in step.timeline:
                if event is not None and id(event) not in visited:
                    visit_until(event)
                visitor.position = _position(round_, step, event)
                before = state.snapshot() if wants_before else None
                for code, message in apply_change(change, state, forward=True):
                    visitor.report(code, f"{change.describe()}: {message}")
                applied += 1
                if on_change_overridden:
                    visitor.on_change(change, before, state)
            visit_until(None)
    return applied


def replay(game: SaveGame, history: History, visitor: ReplayVisitor | None = None) -> ReplayResult:
    visitor = visitor or ReplayVisitor()
    saved = ReplayState.from_save(game, history)
    start = derive_start(saved, history, visitor)
    state = start.snapshot()
    visitor.position = Position()
    visitor.on_start(state)
    applied = _walk(history, state, visitor)
    visitor.position = Position()
    for difference in state.differences(saved):
        visitor.report("REPLAY-END-MISMATCH", f"end state differs from the saved state: {difference}")
    visitor.on_end(state)
    return ReplayResult(tuple(visitor.findings), start, state, saved, applied)
