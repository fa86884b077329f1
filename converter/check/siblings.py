"""The territories, players, game names, unit types and notification keys the other game XMLs of
a map declare: a
map folder's polygons, centers and place points, its map.properties, objectives.properties,
tooltips.properties and units folder serve every game of the map, so a name one game lacks may
be another's (M303, M319, M320, M323, M330 and I405 do not report those).

Each sibling XML is read as the checker reads any game XML: never a FIFO or device, at most
MAX_XML_BYTES, parsed hardened; one that cannot be read adds no names. Answers are kept per
file (path, size, change time), so a map's games read one another once per process.
"""

from __future__ import annotations

import os
from functools import lru_cache

from converter.check.context import MAX_XML_BYTES
from converter.check.imagefiles import read_file
from converter.xmlsafe import UnsafeXmlError, parse_xml

MAX_SIBLINGS = 64  # game XMLs looked at beside one game (a real map has a handful)


def sibling_territories(target) -> frozenset[str]:
    """Territory names the map's other game XMLs declare (in its `games/` folder and beside the
    target's XML); empty when the target has no map folder or no siblings."""
    return _sibling_names(target, 0)


def sibling_players(target) -> frozenset[str]:
    """Player names the map's other game XMLs declare, as `sibling_territories`."""
    return _sibling_names(target, 1)


def sibling_game_names(target) -> frozenset[str]:
    """The `<info name=...>` of the map's other game XMLs, as `sibling_territories` (M319)."""
    return _sibling_names(target, 2)


def sibling_unit_types(target) -> frozenset[str]:
    """The unit types the map's other game XMLs declare, as `sibling_territories` (M330)."""
    return _sibling_names(target, 3)


def sibling_notification_keys(target) -> frozenset[str]:
    """The notifications.properties keys the triggers of the map's other game XMLs name (their
    `notification` and `victory` values, trimmed), as `sibling_territories` (M314)."""
    return frozenset(value.strip() for value in _sibling_names(target, 4) | _sibling_names(target, 5))


def _sibling_names(target, kind: int) -> frozenset[str]:
    if target.map_dir is None or target.xml is None:
        return frozenset()
    folders = {target.map_dir / "games", target.xml.parent}
    names: set[str] = set()
    siblings = sorted({path for folder in folders if folder.is_dir() for path in folder.glob("*.xml")} - {target.xml})
    for path in siblings[:MAX_SIBLINGS]:
        try:
            status = os.stat(path)
        except OSError:
            continue
        names |= _names_of(str(path), status.st_size, status.st_mtime_ns)[kind]
    return frozenset(names)


@lru_cache(maxsize=MAX_SIBLINGS)
def _names_of(path: str, size: int, changed: int) -> tuple[frozenset[str], ...]:
    """(`<map><territory name=...>`, `<playerList><player name=...>`, `<info name=...>`,
    `<unitList><unit name=...>`) of one game XML (`size` and `changed` key the cache)."""
    if size > MAX_XML_BYTES:
        return (frozenset(),) * len(_DECLARED)
    try:
        root = parse_xml(read_file(path, MAX_XML_BYTES + 1)).getroot()
    except (OSError, UnsafeXmlError, ValueError):
        return (frozenset(),) * len(_DECLARED)
    return tuple(frozenset(name for name in (element.get(attribute) for element in root.iterfind(where))
                           if name is not None) for where, attribute in _DECLARED)


# by `kind`, in _sibling_names: where, and the attribute read there
_DECLARED = (("map/territory", "name"), ("playerList/player", "name"), ("info", "name"), ("unitList/unit", "name"),
             ("attachmentList/attachment/option[@name='notification']", "value"),
             ("attachmentList/attachment/option[@name='victory']", "value"))
