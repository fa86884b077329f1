"""The game state the replay moves back and forth, in a simple queryable form.

`ReplayState.from_save` takes the state at save time: where every unit is (territory
or a player's held units), each unit's type, owner and hits, territory owners, player
resources and controllers. Property values that changes touch (a unit's `alreadyMoved`,
an attachment's field ...) are read from the saved objects the first time a change
touches them; `UNKNOWN` marks one the save does not show, which is then not checked.

Queries for rule visitors: `units_in(territory)`, `held_by(player)`, `owner_of`,
`resources_of`, `unit(id)`, `territories()`, `players()`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable

from converter.history.changes import Holder
from converter.history.tree import History
from converter.history.values import ObjectRef, plain
from converter.save.gamedata import (
    SaveGame, as_dict, collection_units, first_field, is_unit, name_of, owner_name, player_objects,
    resources_of, territory_objects, unit_id,
)
from converter.save.stream import JavaObject


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


@dataclass
class UnitState:
    id: str
    type: str
    owner: str
    hits: int
    props: dict[str, Any] = field(default_factory=dict)  # properties changes touched


@dataclass
class ReplayState:
    units: dict[str, UnitState]
    holders: dict[Holder, dict[str, None]]  # insertion-ordered sets of unit ids
    territory_owner: dict[str, str]
    resources: dict[str, dict[str, int]]
    controllers: dict[str, str | None]
    values: dict[tuple[Any, ...], Any] = field(default_factory=dict)  # non-unit property values
    # key -> (saved object, property) behind `values`; shared by snapshots, read-only
    sources: dict[tuple[Any, ...], tuple[Any, str]] = field(default_factory=dict, repr=False, compare=False)
    raw_units: dict[str, JavaObject] = field(default_factory=dict, repr=False, compare=False)

    # -- queries ------------------------------------------------------------------
    def units_in(self, territory: str) -> list[UnitState]:
        return [self.units[i] for i in self.holders.get(Holder("territory", territory), ())]

    def held_by(self, player: str) -> list[UnitState]:
        return [self.units[i] for i in self.holders.get(Holder("player", player), ())]

    def owner_of(self, territory: str) -> str | None:
        return self.territory_owner.get(territory)

    def resources_of(self, player: str) -> dict[str, int]:
        return dict(self.resources.get(player, {}))

    def unit(self, unit_id_: str) -> UnitState:
        return self.units[unit_id_]

    def territories(self) -> list[str]:
        return list(self.territory_owner)

    def players(self) -> list[str]:
        return list(self.resources)

    def snapshot(self) -> "ReplayState":
        return ReplayState(
            units={k: UnitState(u.id, u.type, u.owner, u.hits, dict(u.props)) for k, u in self.units.items()},
            holders={k: dict(v) for k, v in self.holders.items()},
            territory_owner=dict(self.territory_owner),
            resources={k: dict(v) for k, v in self.resources.items()},
            controllers=dict(self.controllers),
            values=copy.copy(self.values),
            sources=self.sources,
            raw_units=self.raw_units,
        )

    # -- values changes touch -----------------------------------------------------
    def unit_property(self, unit: UnitState, prop: str) -> Any:
        if prop == "owner":
            return unit.owner
        if prop == "hits":
            return unit.hits
        if prop not in unit.props:
            raw = self.raw_units.get(unit.id)
            unit.props[prop] = plain(raw.fields[prop]) if raw is not None and prop in raw.fields else UNKNOWN
        return unit.props[prop]

    def set_unit_property(self, unit: UnitState, prop: str, value: Any) -> None:
        if prop == "owner":
            unit.owner = value if isinstance(value, str) else owner_name(None)
        elif prop == "hits" and isinstance(value, int):
            unit.hits = value
        else:
            unit.props[prop] = value

    def value(self, key: tuple[Any, ...], source: Any, prop: str) -> Any:
        """A non-unit property; `source` is the saved object that holds it (or None)."""
        if key not in self.values:
            self.sources[key] = (source, prop)
            fields = source.fields if isinstance(source, JavaObject) else {}
            self.values[key] = plain(fields[prop]) if prop in fields else UNKNOWN
        return self.values[key]

    # -- building -----------------------------------------------------------------
    @classmethod
    def from_save(cls, game: SaveGame, history: History | None = None) -> "ReplayState":
        state = cls({}, {}, {}, {}, {})
        game_data = game.game_data
        for territory in territory_objects(game_data):
            name = name_of(territory) or "?"
            state.territory_owner[name] = owner_name(territory.get("owner"))
            units = collection_units(first_field(territory, "unitCollection", "units"), f"units of {name}")
            state.holders[Holder("territory", name)] = {state._register(u): None for u in units}
        for player in player_objects(game_data):
            name = name_of(player) or "?"
            state.resources[name] = resources_of(player)
            state.controllers[name] = player.get("whoAmI")
            held = collection_units(player.get("unitsHeld"), f"units held by {name}")
            state.holders[Holder("player", name)] = {state._register(u): None for u in held}
        if history is not None:
            for unit in _history_units(history):
                state._register(unit)
        return state

    def _register(self, unit: Any) -> str:
        if not is_unit(unit):
            raise TypeError(f"not a unit: {type(unit).__name__}")
        uid = unit_id(unit)
        if uid not in self.units:
            hits = unit.get("hits", 0)
            self.units[uid] = UnitState(uid, name_of(unit.get("type")) or "?", owner_name(unit.get("owner")),
                                        hits if isinstance(hits, int) else 0)
            self.raw_units[uid] = unit
        return uid

    # -- comparison ---------------------------------------------------------------
    def differences(self, other: "ReplayState", limit: int = 50) -> list[str]:
        """What differs from `other` (placement, owners, hits, touched values, resources)."""
        out: list[str] = []
        for holder in sorted(set(self.holders) | set(other.holders), key=lambda h: (h.kind, h.name)):
            mine, theirs = set(self.holders.get(holder, ())), set(other.holders.get(holder, ()))
            if mine != theirs:
                out.append(f"{holder}: {len(theirs - mine)} unit(s) missing, {len(mine - theirs)} extra")
        for name in sorted(set(self.territory_owner) | set(other.territory_owner)):
            if self.territory_owner.get(name) != other.territory_owner.get(name):
                out.append(f"{name}: owner {self.territory_owner.get(name)} vs saved {other.territory_owner.get(name)}")
        for uid, unit in self.units.items():
            saved = other.units.get(uid)
            if saved is None:
                continue
            if (unit.owner, unit.hits) != (saved.owner, saved.hits):
                out.append(f"unit {uid} ({unit.type}): owner/hits {unit.owner}/{unit.hits} "
                           f"vs saved {saved.owner}/{saved.hits}")
            for prop, value in unit.props.items():
                saved_value = other.unit_property(saved, prop)  # loads the saved value if untouched
                if not same_value(value, saved_value):
                    out.append(f"unit {uid} ({unit.type}): {prop} {value!r} vs saved {saved_value!r}")
        for key, value in self.values.items():
            saved_value = other.value(key, *self.sources[key]) if key in self.sources else other.values.get(key)
            if not same_value(value, saved_value):
                out.append(f"{key}: {value!r} vs saved {saved_value!r}")
        for player in sorted(set(self.resources) | set(other.resources)):
            if self.resources.get(player) != other.resources.get(player):
                out.append(f"{player}: resources {self.resources.get(player)} vs saved {other.resources.get(player)}")
        if self.controllers != other.controllers:
            out.append("player controllers differ")
        return out[:limit]


def same_value(a: Any, b: Any) -> bool:
    """Equal, unknown on either side, or equal as text (attachment setters take strings
    such as "true" or "2" for typed fields)."""
    if a is UNKNOWN or b is UNKNOWN or a == b:
        return True
    if isinstance(a, str) != isinstance(b, str):
        return str(a).lower() == str(b).lower()
    return False


def object_key(target: ObjectRef, *path: str) -> tuple[Any, ...]:
    return (target.kind, target.name, *path)


def _history_units(history: History) -> Iterable[Any]:
    """Every unit object a change names (killed units are in no territory at save time)."""
    for item in history.changes():
        raw = item.change.raw
        if not isinstance(raw, JavaObject):
            continue
        simple = raw.simple_name
        if simple in ("AddUnits", "RemoveUnits"):
            yield from raw.get("units") or ()
        elif simple == "ObjectPropertyChange" and is_unit(raw.get("object")):
            yield raw.get("object")
        elif simple == "UnitHitsChange":
            yield from as_dict(raw.get("hits"), "hits")
            yield from as_dict(raw.get("undoHits"), "undoHits")
