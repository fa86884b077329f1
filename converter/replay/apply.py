"""Apply one leaf change to a `ReplayState`, forward or undone, checking its preconditions.

`apply_change(change, state, forward)` changes the state and returns the problems met as
`(code, message)` pairs; it applies what it can even when a precondition fails, so the
replay carries on (report mode). Undoing is applying the inverse: remove <-> add, new
value <-> old value, +quantity <-> -quantity.

Codes: REPLAY-UNIT-MISSING, REPLAY-UNIT-PRESENT, REPLAY-UNKNOWN-HOLDER,
REPLAY-OWNER-MISMATCH, REPLAY-VALUE-MISMATCH, REPLAY-HITS-MISMATCH,
REPLAY-NEGATIVE-RESOURCE, REPLAY-CONTROLLER-MISMATCH.
"""

from __future__ import annotations

from typing import Any, Callable

from converter.history import changes as ch
from converter.replay.state import UNKNOWN, ReplayState, object_key, same_value

Problem = tuple[str, str]


def _move_units(state: ReplayState, holder: ch.Holder, units: tuple[Any, ...], add: bool) -> list[Problem]:
    problems: list[Problem] = []
    present = state.holders.get(holder)
    if present is None:
        problems.append(("REPLAY-UNKNOWN-HOLDER", f"no {holder.kind} named {holder.name}"))
        present = state.holders[holder] = {}
    for unit in units:
        if add:
            if unit.id in present:
                problems.append(("REPLAY-UNIT-PRESENT", f"{unit.owner} {unit.type} {unit.id} already in {holder}"))
            present[unit.id] = None
        elif unit.id in present:
            del present[unit.id]
        else:
            problems.append(("REPLAY-UNIT-MISSING", f"{unit.owner} {unit.type} {unit.id} not in {holder}"))
    return problems


def _add_units(change: ch.AddUnits, state: ReplayState, forward: bool) -> list[Problem]:
    return _move_units(state, change.holder, change.units, add=forward)


def _remove_units(change: ch.RemoveUnits, state: ReplayState, forward: bool) -> list[Problem]:
    return _move_units(state, change.holder, change.units, add=not forward)


def _owner(change: ch.OwnerChange, state: ReplayState, forward: bool) -> list[Problem]:
    expected, target = (change.old_owner, change.new_owner) if forward else (change.new_owner, change.old_owner)
    if change.territory not in state.territory_owner:
        return [("REPLAY-UNKNOWN-HOLDER", f"no territory named {change.territory}")]
    current = state.territory_owner[change.territory]
    state.territory_owner[change.territory] = target
    if current != expected:
        return [("REPLAY-OWNER-MISMATCH", f"{change.territory} owned by {current}, change expects {expected}")]
    return []


def _swap(current: Any, expected: Any, what: str) -> list[Problem]:
    if same_value(current, expected):
        return []
    return [("REPLAY-VALUE-MISMATCH", f"{what} is {current!r}, change expects {expected!r}")]


def _property(change: ch.ObjectPropertyChange, state: ReplayState, forward: bool) -> list[Problem]:
    expected, target = (change.old, change.new) if forward else (change.new, change.old)
    what = f"{change.target} {change.property}"
    if change.target.kind == "unit" and change.target.name in state.units:
        unit = state.units[change.target.name]
        problems = _swap(state.unit_property(unit, change.property), expected, what)
        state.set_unit_property(unit, change.property, target)
        return problems
    key = object_key(change.target, change.property)
    source = change.raw.get("object") if change.raw is not None else None
    problems = _swap(state.value(key, source, change.property), expected, what)
    state.values[key] = target
    return problems


def _attachment(change: ch.ChangeAttachmentChange, state: ReplayState, forward: bool) -> list[Problem]:
    expected, target = (change.old, change.new) if forward else (change.new, change.old)
    key = object_key(change.attached_to, change.attachment, change.property)
    attached = change.raw.get("attachedTo") if change.raw is not None else None
    attachments = attached.get("attachments") if attached is not None and hasattr(attached, "get") else None
    source = attachments.get(change.attachment) if isinstance(attachments, dict) else None
    current = state.value(key, source, change.property)
    state.values[key] = target
    if change.clear_first is False and isinstance(target, tuple):
        return []  # a list property without clearFirst accumulates: old/new are not the whole value
    return _swap(current, expected, f"{change.attached_to} {change.attachment}.{change.property}")


def _resource(change: ch.ChangeResourceChange, state: ReplayState, forward: bool) -> list[Problem]:
    amounts = state.resources.setdefault(change.player, {})
    amount = amounts.get(change.resource, 0) + (change.quantity if forward else -change.quantity)
    amounts[change.resource] = amount
    if amount < 0:
        return [("REPLAY-NEGATIVE-RESOURCE", f"{change.player} would hold {amount} {change.resource}")]
    return []


def _hits(change: ch.UnitHitsChange, state: ReplayState, forward: bool) -> list[Problem]:
    before, after = (change.undo_hits, change.hits) if forward else (change.hits, change.undo_hits)
    expected = dict(before)
    problems: list[Problem] = []
    for uid, hits in after:
        unit = state.units.get(uid)
        if unit is None:
            problems.append(("REPLAY-UNIT-MISSING", f"unit {uid} unknown"))
            continue
        if uid in expected and unit.hits != expected[uid]:
            problems.append(("REPLAY-HITS-MISMATCH", f"{unit.owner} {unit.type} {uid} has {unit.hits} hit(s), "
                                                     f"change expects {expected[uid]}"))
        unit.hits = hits
    return problems


def _controller(change: ch.PlayerWhoAmIChange, state: ReplayState, forward: bool) -> list[Problem]:
    expected, target = (change.start, change.end) if forward else (change.end, change.start)
    current = state.controllers.get(change.player, UNKNOWN)
    state.controllers[change.player] = target
    if current is not UNKNOWN and current != expected:
        return [("REPLAY-CONTROLLER-MISMATCH", f"{change.player} played by {current!r}, change expects {expected!r}")]
    return []


_APPLIERS: dict[type, Callable[[Any, ReplayState, bool], list[Problem]]] = {
    ch.AddUnits: _add_units,
    ch.RemoveUnits: _remove_units,
    ch.OwnerChange: _owner,
    ch.ObjectPropertyChange: _property,
    ch.ChangeAttachmentChange: _attachment,
    ch.ChangeResourceChange: _resource,
    ch.UnitHitsChange: _hits,
    ch.PlayerWhoAmIChange: _controller,
}


def apply_change(change: ch.Change, state: ReplayState, forward: bool = True) -> list[Problem]:
    applier = _APPLIERS.get(type(change))
    return applier(change, state, forward) if applier is not None else []  # generic: no modelled state
