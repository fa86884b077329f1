"""Render a built map package as one picture: the tiles, and the game's setup on them.

Reads only the package (map.properties, baseTiles, centers.txt, units/, the game XML),
so it shows what the engine will load, whichever way the package was made.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from PIL import Image, ImageDraw

from converter.package.images import INK, font
from converter.xmlsafe import parse_xml

TILE = 256
COUNTER = 30


def map_dir_of(package: Path) -> Path:
    return package / "map" if (package / "map" / "map.properties").is_file() else package


def read_properties(path: Path) -> dict[str, str]:
    result = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            result[key.strip()] = value.strip()
    return result


def read_points(path: Path) -> dict[str, tuple[int, int]]:
    result = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*([^(]+?)\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)", line)
        if match:
            result[match.group(1)] = (int(match.group(2)), int(match.group(3)))
    return result


def assemble(map_dir: Path, width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), (143, 179, 201))
    for tile in sorted((map_dir / "baseTiles").glob("*.png")):
        match = re.fullmatch(r"(\d+)_(\d+)", tile.stem)
        if match:
            with Image.open(tile) as opened:
                image.paste(opened.convert("RGB"), (int(match.group(1)) * TILE, int(match.group(2)) * TILE))
    return image


def setup(map_dir: Path) -> dict[str, list[tuple[str, str, int]]]:
    """territory -> [(owner, unit type, count)] from the game XML's initial placements."""
    found: dict[str, list[tuple[str, str, int]]] = defaultdict(list)
    for xml in sorted((map_dir / "games").glob("*.xml")):
        for element in parse_xml(xml).getroot().iter("unitPlacement"):
            found[element.get("territory", "")].append(
                (element.get("owner", ""), element.get("unitType", ""), int(element.get("quantity", "1"))))
        break
    return found


def _counter(map_dir: Path, owner: str, unit: str) -> Image.Image | None:
    for path in (map_dir / "units" / owner / f"{unit}.png", map_dir / "units" / f"{unit}.png"):
        if path.is_file():
            with Image.open(path) as opened:
                return opened.convert("RGBA").resize((COUNTER, COUNTER), Image.Resampling.LANCZOS)
    return None


def render_preview(package: Path, scale: float = 0.5) -> Image.Image:
    map_dir = map_dir_of(package)
    properties = read_properties(map_dir / "map.properties")
    width, height = int(properties.get("map.width", 0)), int(properties.get("map.height", 0))
    image = assemble(map_dir, width, height)
    draw = ImageDraw.Draw(image)
    centers = read_points(map_dir / "centers.txt")
    cache: dict[tuple[str, str], Image.Image | None] = {}
    for territory, units in sorted(setup(map_dir).items()):
        if territory not in centers:
            continue
        x, y = centers[territory]
        x -= len(units) * (COUNTER + 2) // 2
        for owner, unit, count in units:
            key = (owner, unit)
            if key not in cache:
                cache[key] = _counter(map_dir, owner, unit)
            picture = cache[key]
            if picture is not None:
                image.paste(picture, (x, y - COUNTER // 2), picture)
            else:
                draw.rectangle((x, y - COUNTER // 2, x + COUNTER, y + COUNTER // 2), fill=(230, 230, 230), outline=INK)
                draw.text((x + 2, y - 6), unit[:4], fill=INK, font=font(9))
            draw.text((x + COUNTER - 1, y + COUNTER // 2 - 1), str(count), fill=(255, 255, 255), font=font(13),
                      anchor="rb", stroke_width=2, stroke_fill=INK)
            x += COUNTER + 2
    if scale != 1.0:
        image = image.resize((max(1, round(width * scale)), max(1, round(height * scale))), Image.Resampling.LANCZOS)
    return image
