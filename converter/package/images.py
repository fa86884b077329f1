"""Our own simple art, drawn with Pillow: unit counters, flags and the reinforcement charts.

Counters are NATO-style: a square in the unit's national colour with the class symbol
(infantry ×, armour oval, artillery dot, aircraft, bunker, ship, parachute) and the
nation below. All output is deterministic (fixed sizes, fonts and PNG settings).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from converter.model.types import Chart, Ruleset, UnitType
from converter.package.files import player_colour

NATION_COLOURS = {"US": (107, 125, 58), "UK": (168, 135, 90), "DE": (95, 106, 114)}
INK = (24, 24, 24)
PAPER = (238, 228, 200)
COUNTER = 48
FLAG_SIZES = {"": (30, 20), "_small": (15, 10), "_large": (60, 40)}
PNG_ONLY_FLAGS = ("_large",)  # the engine looks for <player>_large.png only, never .gif (1.9 and 2.x)


@lru_cache(maxsize=None)
def font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    """Pillow's built-in font (same glyphs on every machine)."""
    return ImageFont.load_default(size=size)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[0:2], 16), int(hex_colour[2:4], 16), int(hex_colour[4:6], 16)


def nation_colour(unit: UnitType) -> tuple[int, int, int]:
    if unit.nation in NATION_COLOURS:
        return NATION_COLOURS[unit.nation]
    return (70, 90, 130)  # the Allied navy and airborne


def _symbol(draw: ImageDraw.ImageDraw, unit_class: str, box: tuple[float, float, float, float], width: int) -> None:
    x0, y0, x1, y1 = box
    cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    line = dict(fill=INK, width=width)
    if unit_class in ("infantry", "paratroop"):
        draw.line((x0, y0, x1, y1), **line)
        draw.line((x0, y1, x1, y0), **line)
        if unit_class == "paratroop":
            draw.arc((cx - w * 0.3, y0 - h * 0.1, cx + w * 0.3, cy + h * 0.2), 180, 360, **line)
    elif unit_class == "armour":
        draw.rounded_rectangle((x0 + w * 0.12, y0 + h * 0.22, x1 - w * 0.12, y1 - h * 0.22), radius=h * 0.28, outline=INK, width=width)
    elif unit_class == "artillery":
        draw.ellipse((cx - w * 0.14, cy - h * 0.2, cx + w * 0.14, cy + h * 0.2), fill=INK)
    elif unit_class in ("blockhouse", "blockhouse_fire"):
        draw.pieslice((x0 + w * 0.1, cy - h * 0.3, x1 - w * 0.1, y1 + h * 0.3), 180, 360, fill=INK)
        draw.rectangle((cx - w * 0.22, cy + h * 0.05, cx + w * 0.22, cy + h * 0.18), fill=PAPER)
        if unit_class == "blockhouse_fire":
            draw.line((cx, y0, cx, cy - h * 0.2), **line)
    elif unit_class in ("bomber", "fighter"):
        span = 0.48 if unit_class == "bomber" else 0.38
        draw.line((cx, y0, cx, y1), **line)
        draw.polygon([(cx - w * span, cy + h * 0.05), (cx, cy - h * 0.18), (cx + w * span, cy + h * 0.05),
                      (cx, cy + h * 0.02)], fill=INK)
        draw.line((cx - w * 0.18, y1, cx + w * 0.18, y1), **line)
    elif unit_class == "naval_bombardment":
        draw.polygon([(x0, cy), (x1, cy), (x1 - w * 0.15, y1), (x0 + w * 0.15, y1)], fill=INK)
        draw.rectangle((cx - w * 0.15, cy - h * 0.3, cx + w * 0.1, cy), fill=INK)
    elif unit_class == "aa_fire":
        draw.line((x0, y1, cx, y0), **line)
        draw.line((x1, y1, cx, y0), **line)
    else:
        draw.text((cx, cy), unit_class[:1].upper(), fill=INK, font=font(int(h)), anchor="mm")


def counter(unit: UnitType, size: int = COUNTER) -> Image.Image:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = max(1, size // 24)
    draw.rounded_rectangle((edge, edge, size - 1 - edge, size - 1 - edge), radius=size // 8,
                           fill=nation_colour(unit), outline=INK, width=edge)
    inner = (size * 0.22, size * 0.16, size * 0.78, size * 0.56)
    draw.rectangle(inner, fill=PAPER, outline=INK, width=edge)
    _symbol(draw, unit.unit_class, (inner[0] + size * 0.04, inner[1] + size * 0.04, inner[2] - size * 0.04,
                                    inner[3] - size * 0.04), max(1, size // 20))
    label = unit.nation if unit.nation in NATION_COLOURS else unit.name[:4]
    extra = sum(1 for c in unit.name if c.isdigit())
    if extra and unit.unit_class == "fighter":
        label = f"x{''.join(c for c in unit.name if c.isdigit())}"
    draw.text((size / 2, size * 0.78), label, fill=(250, 250, 240), font=font(max(8, size // 4)), anchor="mm")
    return image


def flag(colour: str, letter: str, size: tuple[int, int]) -> Image.Image:
    image = Image.new("RGB", size, _rgb(colour))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=INK)
    if size[1] >= 14:
        draw.text((size[0] / 2, size[1] / 2), letter, fill=(255, 255, 255), font=font(int(size[1] * 0.7)), anchor="mm")
    return image


def save_png(image: Image.Image, path: Path, compress_level: int = 6) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", optimize=False, compress_level=compress_level)


def write_units_and_flags(rules: Ruleset, map_dir: Path) -> None:
    counters = {unit.name: counter(unit) for unit in rules.units}
    for player in rules.players:
        for name, image in counters.items():
            save_png(image, map_dir / "units" / player.name / f"{name}.png")
        for suffix, size in FLAG_SIZES.items():
            image = flag(player_colour(player.name), player.name[:1], size)
            if suffix in PNG_ONLY_FLAGS:
                save_png(image, map_dir / "flags" / f"{player.name}{suffix}.png")
                continue
            path = map_dir / "flags" / f"{player.name}{suffix}.gif"
            path.parent.mkdir(parents=True, exist_ok=True)
            image.convert("P", palette=Image.Palette.ADAPTIVE, colors=16).save(path, format="GIF")


# --- charts --------------------------------------------------------------------------------

CHART_CELL = 26


def chart_image(rules: Ruleset, chart: Chart) -> Image.Image:
    """A reinforcement chart: one line per row of the chart, units in entry order."""
    widest = max((len(row.units) for row in chart.rows), default=1)
    title_h, row_h, left = 30, CHART_CELL + 6, 54
    width = left + widest * (CHART_CELL + 3) + 12
    height = title_h + len(chart.rows) * row_h + 24
    image = Image.new("RGB", (max(width, 240), height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width - 1, height - 1), outline=INK, width=2)
    title = chart.id.replace("_", " ").title()
    draw.text((10, 8), f"{title}  ({chart.dice}d6 a turn)", fill=INK, font=font(15))
    for index, row in enumerate(chart.rows):
        y = title_h + index * row_h
        draw.text((10, y + 6), f"{index + 1}.", fill=INK, font=font(13))
        for position, unit_name in enumerate(row.units):
            unit = rules.unit_by_name.get(unit_name)
            if unit is not None:
                image.paste(counter(unit, CHART_CELL), (left + position * (CHART_CELL + 3), y), counter(unit, CHART_CELL))
        if row.beaches:
            draw.text((left + len(row.units) * (CHART_CELL + 3) + 6, y + 7),
                      ", ".join(b.replace(" Beach", "") for b in row.beaches), fill=INK, font=font(11))
    where = ", ".join(chart.beaches) if chart.beaches else "areas " + ", ".join(str(a) for a in chart.enter_at)
    draw.text((10, height - 20), f"enter: {where}", fill=INK, font=font(11))
    return image


def chart_images(rules: Ruleset) -> dict[str, Image.Image]:
    return {chart.id: chart_image(rules, chart) for chart in rules.charts}


def write_charts(charts: dict[str, Image.Image], map_dir: Path) -> None:
    for chart_id, image in charts.items():
        save_png(image, map_dir / "misc" / f"chart_{chart_id}.png")
