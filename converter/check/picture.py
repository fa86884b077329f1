"""A picture of one map's findings (`dday2 check --picture FILE`): the map's base tiles,
faded, every territory a finding names outlined in its severity's colour, and each finding
with a point (a place point or center outside its polygon, an overlap, a polygon off the
map) marked there with its code. A map maker then sees where 152 place points lie instead
of reading their coordinates.

Nothing in the map is trusted: the size comes from map.properties or the polygons but is
bounded, tiles are read as the checks read images (never a FIFO or device, never past a
size bound), one that does not open is left blank, and points far off the map are drawn at
its edge.
"""

from __future__ import annotations

import io
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from converter.check.imagefiles import read_file
from converter.check.mapfiles import read_map_properties, read_polygons
from converter.findings.formatters import worst_severity

TILE = 256
MAX_SIDE = 4000  # px of the picture: a map is drawn smaller to fit
MAX_MAP_SIDE = 100_000  # px of a map believed from map.properties or the polygons
MAX_TILE_BYTES = 16 * 1024 * 1024  # a 256 px tile is far smaller; a bigger file is not drawn
FADE = 0.45  # of white over the tiles, so the marks stand out
COLOURS = {"error": (200, 30, 30), "warning": (230, 120, 0), "info": (40, 90, 200)}
INK = (24, 24, 24)
_TILE_NAME = re.compile(r"(\d{1,6})_(\d{1,6})\.png", re.IGNORECASE)


def findings_picture(map_dir: Path, findings: list[dict[str, Any]], scale: float = 0.5) -> Image.Image:
    """The picture of `findings` (dicts as Finding.to_dict gives) on the map in `map_dir`."""
    polygons = _polygons(map_dir)
    width, height = _map_size(map_dir, polygons)
    scale = min(scale, MAX_SIDE / max(width, height))
    picture = _ground(map_dir, width, height, scale)
    draw = ImageDraw.Draw(picture)

    def at(x: float, y: float) -> tuple[float, float]:  # map pixel -> picture pixel, kept on the picture
        return min(max(x, 0), width) * scale, min(max(y, 0), height) * scale

    named: dict[str, list[dict]] = defaultdict(list)
    for finding in findings:
        if finding.get("territory"):
            named[finding["territory"]].append(finding)
    for territory, about in sorted(named.items()):
        colour = COLOURS.get(worst_severity(about), INK)
        for polygon in polygons.get(territory, ()):
            if len(polygon) >= 2:
                draw.line([at(x, y) for x, y in (*polygon, polygon[0])], fill=colour, width=2)
    labels: dict[tuple[float, float], list[dict]] = defaultdict(list)  # one label per spot
    for finding in findings:
        point = finding.get("point")
        if point is not None:
            labels[at(*point)].append(finding)
        elif finding.get("territory") in polygons:  # no point of its own: at its territory's middle
            labels[at(*_middle(polygons[finding["territory"]]))].append(finding)
    for (x, y), about in labels.items():
        colour = COLOURS.get(worst_severity(about), INK)
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), outline=colour, width=2)
        text = ", ".join(dict.fromkeys(finding["code"] for finding in about))
        right = x + 7 if x + 7 + draw.textlength(text) <= picture.width else x - 7 - draw.textlength(text)  # stays on
        draw.text((right, y - 7), text, fill=colour, stroke_width=2, stroke_fill=(255, 255, 255))
    return _with_legend(picture, findings, len(labels))


def _polygons(map_dir: Path) -> dict[str, list[tuple[tuple[int, int], ...]]]:
    path = map_dir / "polygons.txt"
    if not path.is_file():
        return {}
    found: dict[str, list] = defaultdict(list)
    for entry in read_polygons(path).entries:
        found[entry.name] += [polygon for polygon in entry.polygons if polygon]
    return found


def _map_size(map_dir: Path, polygons: dict[str, list]) -> tuple[int, int]:
    """map.width and map.height, else the polygons' extent (as the engine does), bounded."""
    path = map_dir / "map.properties"
    size = read_map_properties(path).size() if path.is_file() else None
    if size is not None and size[0] > 0 and size[1] > 0:
        return min(size[0], MAX_MAP_SIDE), min(size[1], MAX_MAP_SIDE)
    points = [point for shapes in polygons.values() for polygon in shapes for point in polygon]
    if not points:
        return TILE, TILE
    return (min(max(max(x for x, _ in points) + 1, 1), MAX_MAP_SIDE),
            min(max(max(y for _, y in points) + 1, 1), MAX_MAP_SIDE))


def _ground(map_dir: Path, width: int, height: int, scale: float) -> Image.Image:
    """The base tiles at `scale`, faded; plain ground where a tile is missing or unreadable."""
    size = (max(round(width * scale), 1), max(round(height * scale), 1))
    picture = Image.new("RGB", size, (214, 222, 206))
    tiles = map_dir / "baseTiles"
    side = max(round(TILE * scale), 1)
    for tile in sorted(tiles.iterdir()) if tiles.is_dir() else ():
        match = _TILE_NAME.fullmatch(tile.name)
        if match is None or int(match.group(1)) * TILE >= width or int(match.group(2)) * TILE >= height:
            continue
        try:  # read as the checks read images: a FIFO named like a tile would block Image.open
            data = read_file(str(tile), MAX_TILE_BYTES + 1)
            if len(data) > MAX_TILE_BYTES:
                continue
            with Image.open(io.BytesIO(data)) as opened:
                if opened.width * opened.height > 4 * TILE * TILE:
                    continue  # not a tile: never decoded (a hostile one may be huge)
                piece = opened.convert("RGB").resize((side, side))
        except Exception:  # noqa: BLE001 - an unreadable tile (I404/M311 say why) stays blank
            continue
        picture.paste(piece, (round(int(match.group(1)) * TILE * scale), round(int(match.group(2)) * TILE * scale)))
    return Image.blend(picture, Image.new("RGB", size, (255, 255, 255)), FADE)


def _middle(shapes: list[tuple[tuple[int, int], ...]]) -> tuple[float, float]:
    """The middle of the bounding box of a territory's largest polygon."""
    largest = max(shapes, key=len)
    xs, ys = [x for x, _ in largest], [y for _, y in largest]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _with_legend(picture: Image.Image, findings: list[dict], spots: int) -> Image.Image:
    """The picture with a strip below it saying what was drawn: the count, each severity's
    colour, each code's count (below, not over the map: a mark could hide behind it)."""
    counts = Counter(finding["code"] for finding in findings)
    lines = [f"{len(findings)} finding{'s' if len(findings) != 1 else ''}, {spots} marked on the map"]
    lines += [", ".join(f"{code} x{count}" for code, count in sorted(counts.items()))] if counts else []
    measure = ImageDraw.Draw(picture)
    key_width = sum(measure.textlength(severity) + 24 for severity in COLOURS)
    width = max(picture.width, round(max(measure.textlength(line) for line in lines + [""]) + 16), round(key_width) + 16)
    strip = 16 * (len(lines) + 1) + 12
    framed = Image.new("RGB", (width, picture.height + strip), (255, 255, 255))
    framed.paste(picture, (0, 0))
    draw = ImageDraw.Draw(framed)
    top = picture.height + 6
    x = 8.0
    for severity, colour in COLOURS.items():  # the key: a ring in each severity's colour
        draw.ellipse((x, top + 2, x + 10, top + 12), outline=colour, width=2)
        draw.text((x + 14, top), severity, fill=colour)
        x += measure.textlength(severity) + 24
    for number, line in enumerate(lines, start=1):
        draw.text((8, top + 16 * number), line, fill=INK)
    return framed
