"""A typed view of a save: what a reader of the game wants, for both engine generations.

`load_save(path_or_bytes)` -> `SaveGame`. Field names differ between 1.9 and 2.x
(`units` / `unitCollection`, `playerID` / `gamePlayer` ...); `first_field` hides that.
Names are plain strings; units carry a stable id (UUID in 2.x, GUID in 1.9).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from converter.save.envelope import DelegateState, SaveItems, read_save_items
from converter.save.errors import SaveFormatError
from converter.save.stream import JavaObject

NEUTRAL = "Neutral"  # TripleA's name for the null player (unowned territories)


def first_field(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of `names` the object has (engine generations renamed fields)."""
    if isinstance(obj, JavaObject):
        fields = obj.fields
        for name in names:
            if name in fields:
                return fields[name]
    return default


def name_of(obj: Any) -> str | None:
    """A named game object's name (player, territory, unit type, resource), else None."""
    if obj is None:
        return None
    if isinstance(obj, str):
        return obj
    if isinstance(obj, JavaObject):
        value = obj.fields.get("name")
        return value if isinstance(value, str) else None
    return None


def owner_name(obj: Any) -> str:
    return name_of(obj) or NEUTRAL


def unit_id(unit: JavaObject) -> str:
    fields = unit.fields if isinstance(unit, JavaObject) else {}
    value = fields["id"] if "id" in fields else fields.get("uid")  # 2.x id, 1.9 uid
    if value is None:
        raise SaveFormatError(f"unit without an id ({unit.class_name})")
    return str(value)


def is_unit(obj: Any) -> bool:
    return isinstance(obj, JavaObject) and ("uid" in obj.fields or "id" in obj.fields) and "type" in obj.fields


def as_list(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    raise SaveFormatError(f"{what} is not a list ({type(value).__name__})")


def as_dict(value: Any, what: str) -> dict[Any, Any]:
    if value is None:
        return {}
    if isinstance(value, dict):
        return value
    raise SaveFormatError(f"{what} is not a map ({type(value).__name__})")


def as_object(value: Any, what: str) -> JavaObject:
    if not isinstance(value, JavaObject):
        raise SaveFormatError(f"{what} is missing or not an object")
    return value


@dataclass(frozen=True)
class UnitView:
    id: str
    type: str
    owner: str
    hits: int


@dataclass(frozen=True)
class TerritoryView:
    name: str
    owner: str
    water: bool
    units: tuple[UnitView, ...]


@dataclass(frozen=True)
class PlayerView:
    name: str
    controlled_by: str | None  # "AI:Fast (AI)", "Human:..."
    resources: dict[str, int]
    units_held: tuple[UnitView, ...]  # bought, not yet placed


@dataclass(frozen=True)
class SequencePosition:
    round: int
    step_index: int
    step_name: str | None
    step_player: str | None
    delegate: str | None


@dataclass(frozen=True)
class SaveGame:
    engine_version: str
    game_name: str
    game_version: str | None
    players: tuple[PlayerView, ...]
    territories: tuple[TerritoryView, ...]
    unit_types: tuple[str, ...]
    resources: tuple[str, ...]
    sequence: SequencePosition
    delegates: tuple[DelegateState, ...] = field(repr=False)
    raw: SaveItems = field(repr=False, compare=False)

    @property
    def game_data(self) -> JavaObject:
        return self.raw.game_data

    def territory(self, name: str) -> TerritoryView:
        for territory in self.territories:
            if territory.name == name:
                return territory
        raise KeyError(name)

    def player(self, name: str) -> PlayerView:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    @property
    def unit_count(self) -> int:
        return sum(len(t.units) for t in self.territories) + sum(len(p.units_held) for p in self.players)


def version_text(version: JavaObject) -> str:
    exact = version.get("exactVersion")
    if isinstance(exact, str) and exact:
        return exact
    parts = [version.get(key) for key in ("major", "minor", "point", "micro")]
    return ".".join(str(p) for p in parts if isinstance(p, int))


def unit_view(unit: Any) -> UnitView:
    unit = as_object(unit, "unit")
    fields = unit.fields
    hits = fields.get("hits", 0)
    return UnitView(unit_id(unit), name_of(fields.get("type")) or "?", owner_name(fields.get("owner")),
                    hits if isinstance(hits, int) else 0)


def collection_units(collection: Any, what: str) -> list[Any]:
    """The unit objects of a UnitCollection."""
    if collection is None:
        return []
    return as_list(as_object(collection, what).get("units"), what)


def resources_of(player: JavaObject) -> dict[str, int]:
    collection = player.get("resources")
    amounts = as_dict(first_field(collection, "resources"), f"resources of {name_of(player)}")
    return {name_of(resource) or "?": int(amount) for resource, amount in amounts.items()}


def player_objects(game_data: JavaObject) -> list[JavaObject]:
    player_list = as_object(game_data.get("playerList"), "GameData.playerList")
    players = as_dict(player_list.get("players"), "player list")
    return [as_object(p, "player") for p in players.values()]


def territory_objects(game_data: JavaObject) -> list[JavaObject]:
    game_map = as_object(game_data.get("map"), "GameData.map")
    return [as_object(t, "territory") for t in as_list(game_map.get("territories"), "territory list")]


def _names(container: Any, *keys: str) -> tuple[str, ...]:
    mapping = as_dict(first_field(container, *keys), "name table")
    return tuple(str(k) for k in mapping)


def _sequence(game_data: JavaObject) -> SequencePosition:
    sequence = as_object(game_data.get("sequence"), "GameData.sequence")
    steps = as_list(sequence.get("steps"), "sequence steps")
    index = sequence.get("currentIndex", 0)
    step = steps[index] if isinstance(index, int) and 0 <= index < len(steps) else None
    return SequencePosition(
        round=int(sequence.get("round", 0)) + int(sequence.get("roundOffset", 0) or 0),
        step_index=index if isinstance(index, int) else -1,
        step_name=first_field(step, "name"),
        step_player=name_of(first_field(step, "player")),
        delegate=first_field(step, "delegateName", "delegate"),
    )


def build_view(items: SaveItems) -> SaveGame:
    game_data = items.game_data
    players = tuple(
        PlayerView(name_of(p) or "?", p.get("whoAmI"), resources_of(p),
                   tuple(unit_view(u) for u in collection_units(p.get("unitsHeld"), "units held")))
        for p in player_objects(game_data))
    territories = tuple(
        TerritoryView(name_of(t) or "?", owner_name(t.get("owner")), bool(t.get("water")),
                      tuple(unit_view(u) for u in collection_units(first_field(t, "unitCollection", "units"),
                                                                    f"units of {name_of(t)}")))
        for t in territory_objects(game_data))
    game_name = game_data.get("gameName")
    game_version = game_data.get("gameVersion")
    return SaveGame(
        engine_version=version_text(items.version),
        game_name=game_name if isinstance(game_name, str) else "?",
        game_version=version_text(game_version) if isinstance(game_version, JavaObject) else None,
        players=players,
        territories=territories,
        unit_types=_names(game_data.get("unitTypeList"), "unitTypes"),
        resources=_names(game_data.get("resourceList"), "resources", "resourceList"),
        sequence=_sequence(game_data),
        delegates=items.delegates,
        raw=items,
    )


def load_save(source: str | Path | bytes) -> SaveGame:
    """Read a .tsvg file (or its bytes) into a `SaveGame`; any bad input -> SaveFormatError."""
    items = read_save_items(source)
    try:
        return build_view(items)
    except SaveFormatError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as error:
        raise SaveFormatError(f"save holds unexpected data: {type(error).__name__}: {error}") from None


def iter_units(game: SaveGame) -> Iterable[tuple[str, UnitView]]:
    """(holder, unit) for every placed and held unit; holders of held units are `player:<name>`."""
    for territory in game.territories:
        for unit in territory.units:
            yield territory.name, unit
    for player in game.players:
        for unit in player.units_held:
            yield f"player:{player.name}", unit
