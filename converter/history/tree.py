"""The history tree rebuilt from `SerializedHistory.writers`, a flat list read by position.

Round -> step (name, delegate, player, display name) -> event (text, move with route,
battle site) -> children (text, dice, units) and changes. Changes that arrive while no
event is open belong to the step. Items before their parent (a step before any round,
an event child before any event) get a placeholder parent, so no history item is lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from converter.history.changes import Change, decode_change
from converter.history.dice import Dice, decode_dice, is_dice
from converter.history.values import UnitRef
from converter.save.errors import SaveFormatError
from converter.save.gamedata import SaveGame, as_list, first_field, is_unit, name_of
from converter.save.stream import JavaObject


@dataclass(frozen=True)
class Move:
    units: tuple[UnitRef, ...]
    route: tuple[str, ...]  # start territory, then each step

    def to_dict(self) -> dict[str, Any]:
        return {"units": [u.to_dict() for u in self.units], "route": list(self.route)}


@dataclass
class EventChild:
    text: str
    dice: Dice | None = None
    units: tuple[UnitRef, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text}
        if self.dice is not None:
            data["dice"] = self.dice.to_dict()
        if self.units:
            data["units"] = [u.to_dict() for u in self.units]
        return data


@dataclass
class Event:
    text: str
    move: Move | None = None
    battle_site: str | None = None
    units: tuple[UnitRef, ...] = ()
    children: list[EventChild] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text}
        if self.move is not None:
            data["move"] = self.move.to_dict()
        if self.battle_site is not None:
            data["battle_site"] = self.battle_site
        if self.units:
            data["units"] = [u.to_dict() for u in self.units]
        data["children"] = [c.to_dict() for c in self.children]
        data["changes"] = [c.to_dict() for c in self.changes]
        return data


@dataclass
class Step:
    name: str
    delegate: str | None
    player: str | None
    display: str | None
    events: list[Event] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)  # made while no event was open
    # every leaf change of the step in the order made, with its event (None: the step's own)
    timeline: list[tuple[Event | None, Change]] = field(default_factory=list, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "delegate": self.delegate, "player": self.player, "display": self.display,
                "changes": [c.to_dict() for c in self.changes], "events": [e.to_dict() for e in self.events]}


@dataclass
class Round:
    number: int
    steps: list[Step] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.number, "steps": [s.to_dict() for s in self.steps]}


@dataclass(frozen=True)
class ChangeAt:
    """A leaf change and where the history puts it."""

    change: Change
    round: Round
    step: Step
    event: Event | None


@dataclass
class History:
    rounds: list[Round]

    def changes(self) -> Iterator[ChangeAt]:
        """Every leaf change, oldest first, with its place in the tree."""
        for round_ in self.rounds:
            for step in round_.steps:
                for event, change in step.timeline:
                    yield ChangeAt(change, round_, step, event)

    def counts(self) -> dict[str, int]:
        steps = [s for r in self.rounds for s in r.steps]
        events = [e for s in steps for e in s.events]
        children = [c for e in events for c in e.children]
        changes = sum(len(s.changes) for s in steps) + sum(len(e.changes) for e in events)
        return {"rounds": len(self.rounds), "steps": len(steps), "events": len(events),
                "event_children": len(children), "changes": changes,
                "dice_rolls": sum(1 for c in children if c.dice is not None)}

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": [r.to_dict() for r in self.rounds]}


def _units(value: Any) -> tuple[UnitRef, ...]:
    if isinstance(value, (list, tuple)) and value and all(is_unit(u) for u in value):
        return tuple(UnitRef.of(u) for u in value)
    return ()


def _move(rendering: JavaObject) -> Move:
    route = rendering.get("route")
    names: list[str] = []
    if isinstance(route, JavaObject):
        start = name_of(route.get("start"))
        names = ([start] if start else []) + [name_of(t) or "?" for t in as_list(route.get("steps"), "route steps")]
    units = rendering.get("units")
    return Move(_units(as_list(units, "moved units")) if units else (), tuple(names))


def _event(writer: JavaObject) -> Event:
    text = writer.get("eventName")
    event = Event(text if isinstance(text, str) else "")
    rendering = writer.get("renderingData")
    if isinstance(rendering, JavaObject):
        if rendering.simple_name == "MoveDescription":
            event.move = _move(rendering)
        elif rendering.simple_name == "Territory":
            event.battle_site = name_of(rendering)
    elif isinstance(rendering, (list, tuple)):
        event.units = _units(rendering)
    return event


def _child(writer: JavaObject) -> EventChild:
    text = writer.get("text")
    child = EventChild(text if isinstance(text, str) else "")
    rendering = writer.get("renderingData")
    if is_dice(rendering):
        child.dice = decode_dice(rendering)
    else:
        child.units = _units(rendering)
    return child


def build_history(game: SaveGame) -> History:
    """The history tree of a save; bad history data -> SaveFormatError."""
    history_obj = game.game_data.get("gameHistory")
    if not isinstance(history_obj, JavaObject):
        raise SaveFormatError("save has no serialized history")
    writers = as_list(first_field(history_obj, "writers", "Writers"), "history writers")
    try:
        return _build(writers)
    except SaveFormatError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as error:
        raise SaveFormatError(f"history holds unexpected data: {type(error).__name__}: {error}") from None


def _build(writers: list[Any]) -> History:
    rounds: list[Round] = []
    round_: Round | None = None
    step: Step | None = None
    event: Event | None = None

    def open_step() -> Step:
        nonlocal round_, step
        if round_ is None:
            round_ = Round(0)
            rounds.append(round_)
        if step is None:
            step = Step("(before any step)", None, None, None)
            round_.steps.append(step)
        return step

    for writer in writers:
        if not isinstance(writer, JavaObject):
            raise SaveFormatError(f"history writer is not an object ({type(writer).__name__})")
        kind = writer.simple_name
        if kind == "RoundHistorySerializer":
            round_ = Round(int(writer.get("roundNo", 0)))
            rounds.append(round_)
            step = event = None
        elif kind == "StepHistorySerializer":
            step = None
            current = open_step()
            current.name = str(writer.get("stepName"))
            current.delegate = writer.get("delegateName")
            current.player = name_of(first_field(writer, "gamePlayer", "playerID", "player"))
            current.display = writer.get("displayName")
            event = None
        elif kind == "EventHistorySerializer":
            event = _event(writer)
            open_step().events.append(event)
        elif kind == "EventChildWriter":
            if event is None:
                event = Event("(no event)")
                open_step().events.append(event)
            event.children.append(_child(writer))
        elif kind == "ChangeSerializationWriter":
            leaves = decode_change(first_field(writer, "change", "aChange"))
            target_step = open_step()
            (event.changes if event is not None else target_step.changes).extend(leaves)
            target_step.timeline.extend((event, leaf) for leaf in leaves)
        else:
            raise SaveFormatError(f"unknown history writer {writer.class_name}")
    return History(rounds)
