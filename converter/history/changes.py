"""Typed game changes, decoded from the change objects of a save's history.

`decode_change(obj)` returns the leaf changes in order (a `CompositeChange` is
flattened: undoing the composite is undoing its leaves newest first, so nothing is lost).
Classes are recognised by simple name, which both engine generations share; anything
else becomes a `GenericChange` that keeps its class name and plain field values.
Each typed change keeps its stream object in `raw` (not compared, not printed) so the
replay can read values at save time from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from converter.history.values import ObjectRef, UnitRef, json_value, plain
from converter.save.errors import SaveFormatError
from converter.save.gamedata import as_dict, as_list, first_field, is_unit, unit_id
from converter.save.stream import JavaObject

MAX_COMPOSITE_LEAVES = 5_000_000  # bounded by the stream size anyway; a guard against cycles


@dataclass(frozen=True)
class Holder:
    """Where units sit: a territory, or a player's units held (bought, not placed)."""

    kind: str  # "territory" | "player"
    name: str

    def __str__(self) -> str:
        return self.name if self.kind == "territory" else f"{self.name} (held)"


@dataclass(frozen=True)
class Change:
    raw: Any = field(default=None, repr=False, compare=False)

    @property
    def kind(self) -> str:
        return type(self).__name__

    def describe(self) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True)
class AddUnits(Change):
    holder: Holder = Holder("territory", "?")
    units: tuple[UnitRef, ...] = ()

    def describe(self) -> str:
        return f"add {_unit_summary(self.units)} to {self.holder}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "holder": self.holder.name, "holder_kind": self.holder.kind,
                "units": [u.to_dict() for u in self.units]}


@dataclass(frozen=True)
class RemoveUnits(AddUnits):
    def describe(self) -> str:
        return f"remove {_unit_summary(self.units)} from {self.holder}"


@dataclass(frozen=True)
class OwnerChange(Change):
    territory: str = "?"
    old_owner: str = "?"
    new_owner: str = "?"

    def describe(self) -> str:
        return f"{self.territory}: owner {self.old_owner} -> {self.new_owner}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "territory": self.territory, "old_owner": self.old_owner,
                "new_owner": self.new_owner}


@dataclass(frozen=True)
class ObjectPropertyChange(Change):
    target: ObjectRef = ObjectRef("?", "?")
    property: str = "?"
    old: Any = None
    new: Any = None

    def describe(self) -> str:
        return f"{self.target}: {self.property} {self.old!r} -> {self.new!r}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target_kind": self.target.kind, "target": self.target.name,
                "property": self.property, "old": json_value(self.old), "new": json_value(self.new)}


@dataclass(frozen=True)
class ChangeResourceChange(Change):
    player: str = "?"
    resource: str = "?"
    quantity: int = 0

    def describe(self) -> str:
        return f"{self.player}: {self.quantity:+d} {self.resource}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "resource": self.resource, "quantity": self.quantity}


@dataclass(frozen=True)
class ChangeAttachmentChange(Change):
    attached_to: ObjectRef = ObjectRef("?", "?")
    attachment: str = "?"
    property: str = "?"
    old: Any = None
    new: Any = None
    clear_first: bool = False

    def describe(self) -> str:
        return f"{self.attached_to}.{self.attachment}: {self.property} {self.old!r} -> {self.new!r}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "attached_to": self.attached_to.name, "attachment": self.attachment,
                "property": self.property, "old": json_value(self.old), "new": json_value(self.new),
                "clear_first": self.clear_first}


@dataclass(frozen=True)
class UnitHitsChange(Change):
    hits: tuple[tuple[str, int], ...] = ()  # (unit id, hits after)
    undo_hits: tuple[tuple[str, int], ...] = ()  # (unit id, hits before)

    def describe(self) -> str:
        before = dict(self.undo_hits)
        return "hits " + ", ".join(f"{uid[:8]} {before.get(uid, '?')}->{h}" for uid, h in self.hits)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "hits": [list(p) for p in self.hits], "undo_hits": [list(p) for p in self.undo_hits]}


@dataclass(frozen=True)
class PlayerWhoAmIChange(Change):
    player: str = "?"
    start: str | None = None
    end: str | None = None

    def describe(self) -> str:
        return f"{self.player} played by {self.end}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "start": self.start, "end": self.end}


@dataclass(frozen=True)
class GenericChange(Change):
    """A change class without a typed model: class name and plain field values."""

    class_name: str = "?"
    values: tuple[tuple[str, Any], ...] = ()

    @property
    def kind(self) -> str:
        return self.class_name.rsplit(".", 1)[-1]

    def describe(self) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "class": self.class_name,
                "fields": {k: json_value(v) for k, v in self.values}}


def _unit_summary(units: tuple[UnitRef, ...]) -> str:
    counts: dict[tuple[str, str], int] = {}
    for unit in units:
        counts[(unit.owner, unit.type)] = counts.get((unit.owner, unit.type), 0) + 1
    return ", ".join(f"{n} {owner} {kind}" for (owner, kind), n in counts.items()) or "no units"


def _units(obj: JavaObject) -> tuple[UnitRef, ...]:
    units = as_list(obj.get("units"), f"{obj.simple_name}.units")
    refs = []
    for unit in units:
        if not is_unit(unit):
            raise SaveFormatError(f"{obj.simple_name} holds a non-unit ({type(unit).__name__})")
        refs.append(UnitRef.of(unit))
    return tuple(refs)


def _holder(obj: JavaObject) -> Holder:
    kind = obj.get("type")
    return Holder("player" if kind == "P" else "territory", str(obj.get("name")))


def _hits(value: Any, what: str) -> tuple[tuple[str, int], ...]:
    return tuple((unit_id(u), int(h)) for u, h in as_dict(value, what).items())


def _text(value: Any) -> str:
    return value if isinstance(value, str) else str(plain(value))


_DECODERS: dict[str, Callable[[JavaObject], Change]] = {
    "AddUnits": lambda o: AddUnits(o, _holder(o), _units(o)),
    "RemoveUnits": lambda o: RemoveUnits(o, _holder(o), _units(o)),
    "OwnerChange": lambda o: OwnerChange(o, _text(o.get("territoryName")), _text(o.get("oldOwnerName")),
                                         _text(o.get("newOwnerName"))),
    "ObjectPropertyChange": lambda o: ObjectPropertyChange(o, ObjectRef.of(o.get("object")), _text(o.get("property")),
                                                           plain(o.get("oldValue")), plain(o.get("newValue"))),
    "ChangeResourceChange": lambda o: ChangeResourceChange(o, _text(first_field(o, "playerName", "player")),
                                                           _text(first_field(o, "resourceName", "resource")),
                                                           int(o.get("quantity", 0))),
    "ChangeAttachmentChange": lambda o: ChangeAttachmentChange(
        o, ObjectRef.of(o.get("attachedTo")), _text(o.get("attachmentName")), _text(o.get("property")),
        plain(o.get("oldValue")), plain(o.get("newValue")), bool(o.get("clearFirst", False))),
    "UnitHitsChange": lambda o: UnitHitsChange(o, _hits(o.get("hits"), "hits"), _hits(o.get("undoHits"), "undoHits")),
    "PlayerWhoAmIChange": lambda o: PlayerWhoAmIChange(o, _text(first_field(o, "playerName", "player")),
                                                       o.get("startWhoAmI"), o.get("endWhoAmI")),
}


def decode_change(obj: Any) -> list[Change]:
    """The leaf changes of one change object, oldest first."""
    leaves: list[Change] = []
    stack = [obj]  # explicit stack: composites may nest deeply, recursion must not
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if not isinstance(current, JavaObject):
            raise SaveFormatError(f"history change is not an object ({type(current).__name__})")
        simple = current.simple_name
        if simple == "CompositeChange":
            if id(current) in seen:
                raise SaveFormatError("a composite change contains itself")
            seen.add(id(current))
            stack.extend(reversed(as_list(current.get("changes"), "CompositeChange.changes")))
            continue
        decoder = _DECODERS.get(simple)
        if decoder is not None:
            leaves.append(decoder(current))
        else:
            leaves.append(GenericChange(current, current.class_name,
                                        tuple((k, plain(v)) for k, v in current.fields.items() if k != "gameData")))
        if len(leaves) > MAX_COMPOSITE_LEAVES:
            raise SaveFormatError("too many leaf changes")
    return leaves
