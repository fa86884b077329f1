"""Write move scripts for the scripted player (format: see converter.realengine.harness)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from converter.atomic import write_text_atomic


@dataclass(frozen=True)
class Move:
    units: tuple[tuple[str, int], ...]  # (unit type, count)
    route: tuple[str, ...]  # territories, start first

    def to_json(self) -> dict:
        return {"move": {"units": [list(pair) for pair in self.units], "route": list(self.route)}}


@dataclass(frozen=True)
class Place:
    units: tuple[tuple[str, int], ...]
    territory: str

    def to_json(self) -> dict:
        return {"place": {"units": [list(pair) for pair in self.units], "territory": self.territory}}


@dataclass(frozen=True)
class End:
    def to_json(self) -> dict:
        return {"end": True}


@dataclass(frozen=True)
class StepEntry:
    step: str
    actions: tuple[Move | Place | End, ...]
    round: int | None = None  # None: the next run of the step
    player: str | None = None  # None: the step's player in the game's sequence

    def to_json(self) -> dict:
        entry: dict = {"step": self.step}
        if self.round is not None:
            entry["round"] = self.round
        if self.player is not None:
            entry["player"] = self.player
        entry["actions"] = [action.to_json() for action in self.actions]
        return entry


def script_text(entries: Iterable[StepEntry], seats: Iterable[str] = ()) -> str:
    seat_list = list(seats)
    lines = [json.dumps({"seat": seat_list})] if seat_list else []
    lines += [json.dumps(entry.to_json()) for entry in entries]
    return "\n".join(lines) + "\n"


def write_script(path: Path | str, entries: Iterable[StepEntry], seats: Iterable[str] = ()) -> Path:
    target = Path(path)
    write_text_atomic(target, script_text(entries, seats))
    return target
