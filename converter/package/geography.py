"""Read `geography.toml`: the frame, the land polygons and one town (seed) per area.

Everything here is real-world fact in longitude/latitude; `Frame` projects it to map
pixels (a plain equirectangular grid, km scaled at the frame's mean latitude).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

KM_PER_DEGREE_LAT = 111.2
GEOGRAPHY_FILE = "geography.toml"
LAND_ROLES = ("mainland", "hinterland", "island")


class GeographyError(ValueError):
    """geography.toml is missing or malformed; the message names the key."""


@dataclass(frozen=True)
class Frame:
    west: float
    east: float
    north: float
    south: float
    board_east: float
    board_south: float
    pixels_per_km: float
    cell: int  # raster cell in map pixels

    @property
    def km_per_degree_lon(self) -> float:
        return KM_PER_DEGREE_LAT * math.cos(math.radians((self.north + self.south) / 2))

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        """Map pixel coordinates (origin top-left) of a longitude/latitude."""
        return ((lon - self.west) * self.km_per_degree_lon * self.pixels_per_km,
                (self.north - lat) * KM_PER_DEGREE_LAT * self.pixels_per_km)

    @property
    def width(self) -> int:
        return self._cells(self.project(self.east, self.north)[0]) * self.cell

    @property
    def height(self) -> int:
        return self._cells(self.project(self.west, self.south)[1]) * self.cell

    def _cells(self, pixels: float) -> int:
        return int(math.ceil(pixels / self.cell))

    @property
    def grid_size(self) -> tuple[int, int]:
        return self.width // self.cell, self.height // self.cell

    @property
    def board_limit(self) -> tuple[float, float]:
        """(x, y) map pixels beyond which land is hinterland."""
        return self.project(self.board_east, self.board_south)

    @property
    def cells_per_km(self) -> float:
        return self.pixels_per_km / self.cell


@dataclass(frozen=True)
class Land:
    name: str
    points: tuple[tuple[float, float], ...]  # lon, lat
    role: str = "island"  # "mainland" | "hinterland" | "island"


@dataclass(frozen=True)
class Seed:
    area: int
    town: str
    lon: float
    lat: float
    weight: float = 0.0  # km²: power-diagram weight, larger claims more land
    shift: tuple[float, float] = (0.0, 0.0)  # km east, km north: fitted offset of the seed from the town

    @property
    def position(self) -> tuple[float, float]:
        """lon, lat of the seed the partition uses (the town, shifted)."""
        km_lon = KM_PER_DEGREE_LAT * math.cos(math.radians(self.lat))
        return self.lon + self.shift[0] / km_lon, self.lat + self.shift[1] / KM_PER_DEGREE_LAT


@dataclass(frozen=True)
class Geography:
    frame: Frame
    lands: tuple[Land, ...]  # the first is the mainland the board is cut from
    seeds: tuple[Seed, ...]
    source: str = ""

    def seed_of(self, area: int) -> Seed:
        for seed in self.seeds:
            if seed.area == area:
                return seed
        raise KeyError(area)


def _number(table: dict, key: str, where: str) -> float:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise GeographyError(f"{where}: `{key}` must be a number, got {value!r}")
    return float(value)


def _shift(value: object, where: str) -> tuple[float, float]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise GeographyError(f"{where}: `shift` must be [km east, km north], got {value!r}")
    return float(value[0]), float(value[1])


def parse_geography(data: dict, source: str = "") -> Geography:
    frame_table = data.get("frame", {})
    frame = Frame(
        **{key: _number(frame_table, key, "[frame]") for key in
           ("west", "east", "north", "south", "board_east", "board_south", "pixels_per_km")},
        cell=int(_number(frame_table, "cell", "[frame]")),
    )
    if frame.cell < 1 or frame.west >= frame.east or frame.south >= frame.north:
        raise GeographyError("[frame]: needs cell >= 1, west < east and south < north")
    lands = []
    for index, table in enumerate(data.get("land", [])):
        points = table.get("points", [])
        if len(points) < 3 or any(len(point) != 2 for point in points):
            raise GeographyError(f"land[{index}]: `points` needs at least 3 [lon, lat] pairs")
        role = str(table.get("role", "mainland" if index == 0 else "island"))
        if role not in LAND_ROLES or (role == "mainland") != (index == 0):
            raise GeographyError(f"land[{index}]: `role` must be one of {LAND_ROLES}; only the first is the mainland")
        lands.append(Land(str(table.get("name", f"land {index}")), tuple((float(a), float(b)) for a, b in points), role))
    if not lands:
        raise GeographyError("no [[land]] polygon")
    seeds = []
    for index, table in enumerate(data.get("seed", [])):
        where = f"seed[{index}]"
        seeds.append(Seed(int(_number(table, "area", where)), str(table.get("town", "")),
                          _number(table, "lon", where), _number(table, "lat", where),
                          float(table.get("weight", 0.0)), _shift(table.get("shift", (0.0, 0.0)), where)))
    return Geography(frame, tuple(lands), tuple(seeds), source)


def load_geography(model_dir: Path | str) -> Geography:
    path = Path(model_dir) / GEOGRAPHY_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GeographyError(f"{path}: missing; the map package needs the areas' geography") from None
    except tomllib.TOMLDecodeError as error:
        raise GeographyError(f"{path}: not valid TOML: {error}") from None
    return parse_geography(data, str(path))
