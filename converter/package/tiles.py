"""Draw the map picture and cut it into the engine's tiles.

Two layers: the *base* (sea, land, every territory filled) and the *relief* overlay
(outlines, coast, labels, towns, charts; transparent elsewhere). The engine paints each
land territory in its owner's colour between the two, so the overlay keeps the map
readable whatever the colours. The base with the overlay on top is also the minimap
and the preview's background.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from converter.model.types import Ruleset
from converter.package.geography import Geography
from converter.package.images import INK, font, save_png
from converter.package.parts import PartsMap
from converter.package.trace import trace

TILE = 256
SEA = (143, 179, 201)
SHALLOW = (178, 207, 219)
HINTERLAND = (217, 207, 174)
BEACH = (236, 214, 160)
BOX = (232, 222, 196)
BORDER_BOX = (245, 240, 225)
PATROL = (250, 246, 230)
SMALL_MAP_WIDTH = 300
OUTLINE_TOLERANCE = 1.5  # cells


@dataclass
class Picture:
    base: Image.Image  # RGB, territories filled
    relief: Image.Image  # RGBA overlay

    @property
    def flat(self) -> Image.Image:
        flat = self.base.copy()
        flat.paste(self.relief, (0, 0), self.relief)
        return flat


def area_colour(area: int, darker: bool) -> tuple[int, int, int]:
    """Soft field colours, varied per area so neighbours differ (golden-ratio hue steps)."""
    hue = 0.17 + ((area * 0.618034) % 1.0) * 0.16  # yellow-green to green
    value = 0.74 if darker else 0.84
    return tuple(int(c * 255) for c in colorsys.hsv_to_rgb(hue, 0.38, value))  # type: ignore[return-value]


def _scaled(polygon: list[tuple[int, int]], factor: float) -> list[tuple[float, float]]:
    return [(x * factor, y * factor) for x, y in polygon]


def draw_picture(rules: Ruleset, geo: Geography, parts: PartsMap, polygons: dict[str, list[list[tuple[int, int]]]],
                 charts: dict[str, Image.Image]) -> Picture:
    frame = geo.frame
    size = (frame.width, frame.height)
    land_polygons = [[frame.project(lon, lat) for lon, lat in land.points] for land in geo.lands]
    # sea with a lighter band of shallow water along every coast
    mask = Image.new("L", (size[0] // 4, size[1] // 4), 0)
    mask_draw = ImageDraw.Draw(mask)
    for polygon in land_polygons:
        mask_draw.polygon([(x / 4, y / 4) for x, y in polygon], fill=255)
    halo = mask.filter(ImageFilter.GaussianBlur(6)).resize(size, Image.Resampling.BILINEAR)
    base = Image.new("RGB", size, SEA)
    base.paste(Image.new("RGB", size, SHALLOW), (0, 0), halo)
    draw = ImageDraw.Draw(base)
    for polygon in land_polygons:
        draw.polygon(polygon, fill=HINTERLAND)
    for territory in parts.territories:
        if territory.kind == "part":
            colour = PATROL if territory.part == "patrol" else area_colour(territory.area or 0, territory.part == "german")
        else:
            colour = {"border": BORDER_BOX, "beach": BEACH}.get(territory.kind, BOX)
        for polygon in polygons[territory.name]:
            draw.polygon(polygon, fill=colour)
    relief = Image.new("RGBA", size, (0, 0, 0, 0))
    overlay = ImageDraw.Draw(relief)
    for polygon in land_polygons:
        overlay.line(polygon + polygon[:1], fill=(60, 90, 110, 230), width=2)
    for territory in parts.territories:
        for polygon in polygons[territory.name]:
            overlay.line(polygon + polygon[:1], fill=(40, 40, 30, 150), width=1)
    cell = frame.cell
    for outlines in trace(parts.geometry.rows, OUTLINE_TOLERANCE).values():
        for polygon in outlines:
            points = _scaled(polygon, cell)
            overlay.line(points + points[:1], fill=(30, 30, 20, 235), width=3, joint="curve")
    _labels(rules, geo, parts, overlay)
    for chart_id, rect in parts.charts.items():
        image = charts[chart_id]
        relief.paste(image.convert("RGBA"), (rect.x0 * cell, rect.y0 * cell))
    return Picture(base, relief)


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill=INK, anchor: str = "mm") -> None:
    draw.text(xy, text, fill=fill, font=font(size), anchor=anchor, stroke_width=2, stroke_fill=(255, 255, 245, 200))


def _labels(rules: Ruleset, geo: Geography, parts: PartsMap, draw: ImageDraw.ImageDraw) -> None:
    cell = geo.frame.cell
    for area in rules.areas:
        if area.id not in parts.patrols:
            continue
        x, y, radius = parts.patrols[area.id]
        _text(draw, (x * cell, y * cell), str(area.id), 22)
        if not area.name.startswith("Area "):
            _text(draw, (x * cell, (y + radius) * cell + 12), area.name, 20, fill=(120, 10, 10))
        if area.victory_city:
            star_x, star_y = x * cell, (y - radius) * cell - 10
            draw.regular_polygon((star_x, star_y, 9), 5, fill=(200, 30, 30), outline=INK)
        if area.marker:
            _text(draw, (x * cell, (y + radius) * cell + 12), f"({area.marker})", 14, fill=(60, 60, 60))
    for seed in geo.seeds:
        x, y = geo.frame.project(seed.lon, seed.lat)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=INK)
        _text(draw, (x + 6, y), seed.town, 12, fill=(50, 50, 50), anchor="lm")
    for name, rect in parts.rects.items():
        _text(draw, ((rect.x0 + rect.x1) / 2 * cell, rect.y0 * cell + 11), name, 14)
    for land in geo.lands[1:]:
        xs, ys = zip(*(geo.frame.project(lon, lat) for lon, lat in land.points))
        _text(draw, (sum(xs) / len(xs), sum(ys) / len(ys)), land.name, 16, fill=(90, 80, 60))
    if parts.sea_label is not None:
        x, y = (value * cell for value in parts.sea_label.centre)
        _text(draw, (x, y), "La Manche  -  English Channel", 30, fill=(40, 70, 100))


def write_tiles(picture: Picture, map_dir: Path) -> None:
    width, height = picture.base.size
    flat = picture.flat
    for folder, image in (("baseTiles", flat), ("reliefTiles", picture.relief)):
        for column in range((width + TILE - 1) // TILE):
            for row in range((height + TILE - 1) // TILE):
                box = (column * TILE, row * TILE, (column + 1) * TILE, (row + 1) * TILE)
                save_png(image.crop(box), map_dir / folder / f"{column}_{row}.png", compress_level=1)
    small = flat.resize((SMALL_MAP_WIDTH, round(height * SMALL_MAP_WIDTH / width)), Image.Resampling.LANCZOS)
    small.save(map_dir / "smallMap.jpeg", format="JPEG", quality=85)
