"""Write the engine's text files (polygons, centers, place, name_place, vc) and map.properties."""

from __future__ import annotations

from pathlib import Path

from converter.model.types import Ruleset
from converter.package.places import UNIT_SCALE, UNIT_SIZE, Places

Polygons = dict[str, list[list[tuple[int, int]]]]

# presentation, not rules: the colour the engine paints each player's territories with
PLAYER_COLOURS = {
    "Allies": "5E8C3A",
    "Germans": "6E6E6E",
    "USAirforce": "3D6FB4",
    "NavalBombardment": "2E4A7A",
    "ParaSurprise": "8A5A2B",
    "BlockhousesFire": "A8893A",
}


def player_colour(name: str) -> str:
    """A fixed colour per player; unknown players get one derived from their name."""
    if name in PLAYER_COLOURS:
        return PLAYER_COLOURS[name]
    value = sum((index + 1) * ord(char) for index, char in enumerate(name))
    return f"{0x50 + value % 0x60:02X}{0x50 + (value // 7) % 0x60:02X}{0x50 + (value // 49) % 0x60:02X}"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)


def _point(point: tuple[int, int]) -> str:
    return f"({point[0]},{point[1]})"


def polygons_text(names: list[str], polygons: Polygons) -> str:
    lines = []
    for name in names:
        groups = " ".join("< " + " ".join(_point(p) for p in polygon) + " >" for polygon in polygons[name])
        lines.append(f"{name} {groups}")
    return "\n".join(lines) + "\n"


def points_text(names: list[str], points: dict[str, tuple[int, int]]) -> str:
    return "".join(f"{name} {_point(points[name])}\n" for name in names if name in points)


def place_text(names: list[str], slots: dict[str, list[tuple[int, int]]]) -> str:
    return "".join(f"{name} {' '.join(_point(p) for p in slots[name])}\n" for name in names)


def map_properties(rules: Ruleset, width: int, height: int) -> str:
    lines = ["# written by dday2 build from the model; see ../shared/docs/triplea-map-files.md"]
    lines += [f"color.{player.name}={player_colour(player.name)}" for player in rules.players]
    lines += [
        "color.Impassable=D8C9A0",
        f"units.scale={UNIT_SCALE}",
        f"units.width={UNIT_SIZE}",
        f"units.height={UNIT_SIZE}",
        f"map.width={width}",
        f"map.height={height}",
        "map.scrollWrapX=false",
        "map.hasRelief=true",
        "map.showCapitolMarkers=false",
        # area names and towns are drawn into the tiles; the parts' own names would clutter
        "map.showTerritoryNames=false",
        "smallMap.territory.saturation=0.6",
    ]
    return "\n".join(lines) + "\n"


def victory_points(rules: Ruleset, places: Places) -> dict[str, tuple[int, int]]:
    """vc.txt: a marker on both halves of every victory-city area."""
    result = {}
    for area in rules.areas:
        if area.victory_city:
            for kind in ("allied", "german"):
                result[area.part(kind)] = places.centers[area.part(kind)]
    return result


def write_text_files(rules: Ruleset, map_dir: Path, names: list[str], polygons: Polygons, places: Places,
                     size: tuple[int, int]) -> None:
    _write(map_dir / "polygons.txt", polygons_text(names, polygons))
    _write(map_dir / "centers.txt", points_text(names, places.centers))
    _write(map_dir / "name_place.txt", points_text(names, places.centers))
    _write(map_dir / "place.txt", place_text(names, places.slots))
    vc = victory_points(rules, places)
    _write(map_dir / "vc.txt", points_text(names, vc))
    _write(map_dir / "map.properties", map_properties(rules, *size))
