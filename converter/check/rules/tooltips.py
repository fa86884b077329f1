"""M330: tooltips.properties, the text TripleA 2.x shows for a unit type in its tooltip, in place
of the tip it writes from the unit's attachment or after it (TooltipProperties)."""

from __future__ import annotations

import re

from converter.check.builtin_tables import NEUTRAL_PLAYER
from converter.check.model import UNIT
from converter.check.rule import hit, rule
from converter.check.suggest import another_word, closest_name, did_you_mean
from converter.findings import Severity

TOOLTIPS_FILE = "tooltips.properties"
_PREFIX = "tooltip.unit."  # TooltipProperties: TOOLTIP + "." + UNIT + "."
_APPEND = ".append"


@rule("M330", "map-files.tooltip-not-shown", Severity.WARNING, "tooltips.properties key {key!r} is never shown: {why}")
def tooltip_not_shown(context):
    """Finds tooltips.properties keys TripleA 2.x never reads for any unit of the map's games.

    Why: For a unit's tooltip 2.x reads `tooltip.unit.<unit type>.<player>` (the unit's owner;
    `Neutral` for an unowned one) and, when that is empty, `tooltip.unit.<unit type>`: the text
    replaces the tip it writes from the unit's attachment; the same keys ending `.append` are added
    after that tip. Names are compared exactly, letter case included. A key naming a unit type or
    player no game of the map has, or not starting `tooltip.unit.`, is never read, without a word,
    and the unit shows the engine's own tip; a line starting `<` is the rest of the text before it,
    cut off by a line break. The map's other games are counted too. A close unit type is suggested,
    but not one of a numbered series (`carrier5` for `carrier`) or one a word longer or shorter
    (`Transport` for `AirTransport`): those are other units.

    Fix: Write the unit type (and player) as the game XML names them: `tooltip.unit.infantry`,
    `tooltip.unit.infantry.Germans`, `tooltip.unit.infantry.append`.
    """
    model = context.model
    path, values = context.properties_file(TOOLTIPS_FILE) if model is not None else (None, {})
    if not values:
        return  # none, or unreadable: 2.x logs that and shows its own tips (not this rule's finding)
    units = model.names(UNIT) | context.sibling_unit_types
    players = {*model.players, *context.sibling_players, NEUTRAL_PLAYER}
    for key, (_value, line) in values.items():
        why = _why_unread(key, units, players)
        if why is not None:
            yield hit(file=path, line=line, key=key, why=why)


def _why_unread(key: str, units: frozenset[str], players: set[str]) -> str | None:
    """Why no unit's tooltip reads `key`; None when some does."""
    if not key.startswith(_PREFIX) and key.lstrip().startswith("<"):  # `<br/>Can give ...` on a line of its own
        return "the line is the rest of the text before it, cut off by a line break (Java reads it as a key): join " \
               "the two lines, or end the first with '\\', or that tooltip loses this text"
    if not key.startswith(_PREFIX):
        return f"2.x reads only keys that start {_PREFIX!r}"
    rest = key[len(_PREFIX):]
    ending = _APPEND if rest.endswith(_APPEND) else ""
    rest = rest[:-len(ending)] if ending else rest
    if rest in units:
        return None
    # `<unit type>.<player>`: either name may hold dots, so try every split
    splits = [(rest[:at], rest[at + 1:]) for at, character in enumerate(rest) if character == "."]
    if any(unit in units and player in players for unit, player in splits):
        return None
    for unit, player in splits:
        if unit in units:
            return f"no game of the map has a player {player!r}{did_you_mean(player, frozenset(players))}"
    for at, character in enumerate(rest):
        if character in "-_ " and rest[:at] in units and rest[at + 1:] in players:  # `Bomber-USA`
            return f"no game of the map has a unit type {rest!r}; did you mean " \
                   f"'{_PREFIX}{rest[:at]}.{rest[at + 1:]}{ending}'? (a '.' goes before the player)"
    for unit, player in splits:
        if player in players:  # `tooltip.unit.harbour.Russians`: the player is known, the unit type is not
            return f"no game of the map has a unit type {unit!r} (for player {player!r}){_meant_unit(unit, units)}"
    return f"no game of the map has a unit type {rest!r}{_meant_unit(rest, units)}"


def _meant_unit(name: str, units: frozenset[str]) -> str:
    """"; did you mean 'X'?" for the unit type `name` misspells, or "": not one of a numbered series
    (`carrier5` for `carrier`) nor another thing of one pattern (`Transport` for `AirTransport`)."""
    match = closest_name(name, units)
    if match is None or another_word(name, match) or _DIGITS.sub("", match) == _DIGITS.sub("", name):
        return ""
    return f"; did you mean {match!r}?"


_DIGITS = re.compile(r"[0-9]+")
