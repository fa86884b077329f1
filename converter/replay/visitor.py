"""The replay visitor: hooks called as the replay walks the history forward.

Subclass `ReplayVisitor` and override what you need; every hook gets the live
`ReplayState` (see `converter.replay.state` for its queries). Order of calls:

    on_start(state)                        start state (all changes undone)
    on_round(round, state)                 history.Round
    on_step(step, state)                   history.Step (name, delegate, player, display)
    on_event(event, state)                 history.Event (text, move, battle_site, children)
    on_change(change, before, after)       one leaf change; `after` is the live state, `before`
                                           a snapshot taken just before, or None unless the
                                           class sets `wants_before_state = True` (snapshots cost)
    on_end(state)                          end state (compared with the saved state already)

Problems go through `report(code, message, ...)`, which fills in the current round,
step, player and event and calls `handle_error(finding)`: in strict mode that raises
`ReplayError`, in report mode it records the finding in `findings` and the replay
carries on. The replay's own consistency problems arrive through `handle_error` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from converter.findings import Finding, Severity


class ReplayError(Exception):
    """Raised in strict mode at the first finding."""

    def __init__(self, finding: Finding) -> None:
        self.finding = finding
        where = finding.location()
        super().__init__(f"{where}: {finding.code}: {finding.message}" if where else f"{finding.code}: {finding.message}")


@dataclass
class Position:
    """Where the replay is: the location every finding carries."""

    round: int | None = None
    step: str | None = None
    player: str | None = None
    event: str | None = None


class ReplayVisitor:
    """Consistency only (`--rules none`); rule sets subclass it."""

    name = "none"
    wants_before_state = False

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.findings: list[Finding] = []
        self.position = Position()

    # hooks -----------------------------------------------------------------------
    def on_start(self, state: Any) -> None: ...
    def on_round(self, round_: Any, state: Any) -> None: ...
    def on_step(self, step: Any, state: Any) -> None: ...
    def on_event(self, event: Any, state: Any) -> None: ...
    def on_change(self, change: Any, before: Any, after: Any) -> None: ...
    def on_end(self, state: Any) -> None: ...

    # errors ----------------------------------------------------------------------
    def handle_error(self, finding: Finding) -> None:
        if self.strict:
            raise ReplayError(finding)
        self.findings.append(finding)

    def report(self, code: str, message: str, severity: Severity = Severity.ERROR, **extra: Any) -> None:
        where = self.position
        self.handle_error(Finding(code=code, message=message, severity=severity, round=where.round,
                                  step=where.step, player=where.player, event=where.event,
                                  territory=extra.pop("territory", None), name=extra.pop("name", None),
                                  area=extra.pop("area", None), extra=tuple(extra.items())))
