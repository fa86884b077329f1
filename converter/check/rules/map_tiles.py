"""M310–M311: the map's tiles, the 256x256 squares its picture is cut into.

Like the other map files, the engine's parser never reads them; a missing or misshapen tile
shows as a hole or a seam when the game is open.
"""

from __future__ import annotations

from itertools import islice, product, starmap
from operator import add
from pathlib import Path

from converter.check.imagefiles import IMAGE_ERRORS, image_size
from converter.check.rule import hit, rule, some_of
from converter.findings import Severity

TILE_SIZE = 256
FULL_TILE = (TILE_SIZE, TILE_SIZE)
SHOWN_TILES = 1000  # missing tiles M310 names one by one; a real map has a few thousand tiles at most
COVERAGE_LIMIT = 4096  # up to this many missing tiles, M310 leaves out those land covers (more: a broken map)
EDGE_STRIP = 4  # px: a missing tile holding no more of the map than this shows a black line (see landcover.SEAM)
GRID_NAMES_AT_ONCE = 1 << 16  # up to this many grid cells, M310 looks each cell's name up (else each file's)


def map_size(context) -> tuple[int, int] | None:
    """map.width/height from map.properties, else the polygons' extent: a stand-in so the tile
    checks still run (the engine itself fails without both keys, M324)."""
    properties = context.map_properties
    size = properties.size() if properties is not None else None
    if size is not None:
        return size
    if context.polygons is not None and context.polygons.entries:
        return int(context.scan.boxes[:, 2].max()) + 1, int(context.scan.boxes[:, 3].max()) + 1
    return None


@rule("M310", "map-files.tile-missing", Severity.WARNING,
      "{folder}/{column}_{row}.png is missing (map is {width}x{height}){edge}{more}")
def tile_missing(context):
    """Finds squares of the map's 256x256 tile grid with neither a base tile nor a relief tile.

    Why: TripleA draws nothing but the territories' colours in such a square, so players see a hole
    in the map (a warning: the game loads and plays; TileImageFactory returns no tile), unless land
    territories cover the whole square: TripleA fills each land territory in its owner's colour over
    the base tiles, so such a square looks the same without its tile and is not reported (map makers
    leave those tiles out). The map's size is `map.width` by `map.height` from map.properties (else
    the polygons' extent), divided into 256-pixel columns and rows counted from 0, each drawn from
    `baseTiles/<column>_<row>.png` and the optional `reliefTiles/<column>_<row>.png`. A square with
    only its relief tile is fine (2.x puts a blank base under it; official maps leave out such base
    tiles), and relief tiles are never required. A missing tile of the last column or row that holds
    at most 4 px of the map is info: 2.x clears a tile to black before drawing, so it shows as a
    black line at the map's edge (mostly a `map.width` or `map.height` a few pixels too large; such
    tiles are one finding); a missing tile past every tile the map has says so (map.width or
    map.height may be larger than the picture). After 1,000 missing tiles the rest are only counted.
    A square of the grid's edge no sea zone reaches into, whose land territories fill their own part
    of it, shows black only outside every territory (the picture's margin, past a grid of hexes):
    such squares are one finding, info.

    Fix: Add the missing PNGs, named as in the message, to baseTiles/; TripleA's
    TileImageBreaker tool cuts a whole map image into them. If map.width or map.height in
    map.properties is larger than the map image, correct it there.
    """
    map_dir = context.target.map_dir
    size = map_size(context)
    if map_dir is None or size is None or context.target.xml is None:
        return
    width, height = size
    columns, rows = max(-(-width // TILE_SIZE), 0), max(-(-height // TILE_SIZE), 0)
    # a square is drawn from its base tile, its relief tile or both (2.x blends a relief tile
    # over a blank base when the base tile is missing)
    base, relief = context.map_folder("baseTiles") or {}, context.map_folder("reliefTiles")
    present = base if not relief else base.keys() | relief.keys()
    missing = _missing_tiles(present, columns, rows, _grid_names(columns, rows))
    if missing <= 0:
        return
    # a far-out polygon or a huge map.width makes billions of tiles: name the first few
    absent = ((column, row) for column in range(columns) for row in range(rows)
              if f"{column}_{row}.png" not in present)
    outside: list[tuple[int, int]] = []  # squares no sea zone reaches into: black only outside every territory
    if missing <= COVERAGE_LIMIT:  # squares the land territories' colours cover whole look the same without
        absent = _not_land_covered(context, list(absent), width, height)
        outside = _reached_by_no_sea(context, [cell for cell in absent if not _edge_strip(cell, width, height)
                                               and _on_the_edge(cell, columns, rows)], width, height)
        absent = [cell for cell in absent if cell not in set(outside)]
        missing = len(absent)
    last = _last_tile(present)
    strips: list[tuple[int, int]] = []  # tiles cleared to black: a line at the map's edge, not a hole
    for shown, (column, row) in enumerate(islice(absent, SHOWN_TILES), start=1):
        more = f"; {missing - shown} more tiles are missing" if shown == SHOWN_TILES < missing else ""
        if _edge_strip((column, row), width, height):
            strips.append((column, row))
            continue
        yield hit(file=map_dir / "baseTiles", folder="baseTiles", column=column, row=row, width=width, height=height,
                  more=more, edge=_beyond_the_tiles(last, column, row, width, height) if last else "")
    by_key: dict[str, list[tuple[int, int]]] = {}  # one finding per edge: one size a few pixels too large
    for column, row in strips:
        across = min(TILE_SIZE, width - column * TILE_SIZE)
        by_key.setdefault("width" if across <= EDGE_STRIP else "height", []).append((column, row))
    for key, cells in by_key.items():
        (column, row), others = cells[0], [f"{each}_{row_of}.png" for each, row_of in cells[1:]]
        across, down = min(TILE_SIZE, width - column * TILE_SIZE), min(TILE_SIZE, height - row * TILE_SIZE)
        yield hit(file=map_dir / "baseTiles", folder="baseTiles", column=column, row=row, width=width,
                  height=height, severity=Severity.INFO,
                  edge=f"; only {across}x{down} px of the map lie in it, a black line at its edge: "
                       f"map.{key} may be {across if key == 'width' else down} px too large",
                  more=f"; {len(others)} more such tile{'s are' if len(others) > 1 else ' is'} missing at the edge: "
                       f"{some_of(others)}" if others else "")
    if outside:  # one finding: the picture's margin, not a hole in any territory
        (column, row), others = outside[0], [f"{each}_{row_of}.png" for each, row_of in outside[1:]]
        yield hit(file=map_dir / "baseTiles", folder="baseTiles", column=column, row=row, width=width, height=height,
                  severity=Severity.INFO, edge="; it holds no sea zone, and land territories fill their own part of it, "
                  "so only what lies outside every territory shows black there" +
                  (_beyond_the_tiles(last, column, row, width, height) if last else ""),
                  more=f"; {len(others)} more such tile{'s are' if len(others) > 1 else ' is'} missing too: "
                       f"{some_of(others)}" if others else "")


def _edge_strip(cell: tuple[int, int], width: int, height: int) -> bool:
    """Does at most EDGE_STRIP px of the map lie across or down the cell (the last column or row)?"""
    column, row = cell
    return min(TILE_SIZE, width - column * TILE_SIZE, height - row * TILE_SIZE) <= EDGE_STRIP


def _on_the_edge(cell: tuple[int, int], columns: int, rows: int) -> bool:
    """Is the cell in the grid's first or last column or row? Only there can what no territory
    covers be the picture's margin: inside, it is water or land painted and never traced (a lake)."""
    column, row = cell
    return column in (0, columns - 1) or row in (0, rows - 1)


def _reached_by_no_sea(context, cells: list[tuple[int, int]], width: int, height: int) -> list[tuple[int, int]]:
    """The cells no water territory's polygon reaches into (landcover); [] without the scan."""
    model = context.model
    if not cells or model is None or model.has_grid or context.scan is None:
        return []
    from converter.check.landcover import touched_squares  # numpy: map folders only

    squares = [(column * TILE_SIZE, row * TILE_SIZE, min((column + 1) * TILE_SIZE, width),
                min((row + 1) * TILE_SIZE, height)) for column, row in cells]
    return [cell for cell, touched in zip(cells, touched_squares(context.scan, set(model.water), squares))
            if not touched]


def _last_tile(present) -> tuple[int, int] | None:
    """The greatest column and the greatest row of the map's tiles; None without any."""
    cells = [(int(left), int(top)) for name in present for left, _, top in [name[:-4].partition("_")]
             if name.endswith(".png") and left.isdecimal() and top.isdecimal()]
    return (max(left for left, _ in cells), max(top for _, top in cells)) if cells else None


def _beyond_the_tiles(last: tuple[int, int], column: int, row: int, width: int, height: int) -> str:
    """The message's note on a missing tile past every tile the map has (`last`, in its column
    or row direction): the map's size may be larger than its picture."""
    for beyond, end_cell, key, size, axis in ((column > last[0], last[0], "width", width, "x"),
                                             (row > last[1], last[1], "height", height, "y")):
        if beyond:
            end = (end_cell + 1) * TILE_SIZE
            return (f"; no tile lies past {axis}={end}: if the map's picture ends there, map.{key} is "
                    f"{size - end} px too large")
    return ""


def _not_land_covered(context, cells: list[tuple[int, int]], width: int, height: int) -> list[tuple[int, int]]:
    """The cells not covered whole by the game's land territories (landcover)."""
    model = context.model
    if not cells or model is None or model.has_grid or context.scan is None:
        return cells
    from converter.check.landcover import covered_squares  # numpy: map folders only

    land = set(model.territories) - set(model.water)
    squares = [(column * TILE_SIZE, row * TILE_SIZE, min((column + 1) * TILE_SIZE, width),
                min((row + 1) * TILE_SIZE, height)) for column, row in cells]
    return [cell for cell, covered in zip(cells, covered_squares(context.scan, land, squares)) if not covered]


def _grid_names(columns: int, rows: int) -> list[str] | None:
    """`<column>_<row>.png` of every cell (built in C loops), None for a huge grid."""
    if columns * rows > GRID_NAMES_AT_ONCE:
        return None
    if not columns * rows:  # (a map of no height can still be billions of columns wide)
        return []
    column_parts, row_parts = [f"{column}_" for column in range(columns)], [f"{row}.png" for row in range(rows)]
    return list(starmap(add, product(column_parts, row_parts)))


def _missing_tiles(present: dict[str, object], columns: int, rows: int, grid: list[str] | None) -> int:
    """How many cells of the grid have no `<column>_<row>.png` among the names `present`:
    each cell's name in `grid` looked up, or for a huge grid (a far-out polygon, a huge
    map.width; `grid` None) each present name parsed instead."""
    cells = columns * rows
    if grid is not None:
        return cells - sum(map(present.__contains__, grid))
    return cells - sum(1 for name in present if name.endswith(".png") and _in_grid(name, columns, rows))


def _in_grid(name: str, columns: int, rows: int) -> bool:
    """Is `name` the tile `<column>_<row>.png` of a cell in the grid, written as M310 looks for it?"""
    column, underscore, row = name[:-4].partition("_")
    if not (underscore and column.isascii() and column.isdigit() and row.isascii() and row.isdigit()):
        return False
    return str(int(column)) == column and str(int(row)) == row and int(column) < columns and int(row) < rows


@rule("M311", "map-files.tile-size", Severity.WARNING, "tile {name} is {size}, expected {expected}")
def tile_size(context):
    """Finds numbered tiles in baseTiles/ or reliefTiles/ that are not 256x256 or cannot be read.

    Why: TripleA 1.9 draws each tile at its own size at (column x 256, row x 256), so a smaller
    tile leaves an undrawn strip and a larger one reaches into its neighbours' squares. Every
    file named `<column>_<row>.png` is checked; a tile of the last column or row may be narrower
    or shorter, as long as it still covers the map up to its edge (`map.width` and `map.height`
    from map.properties, else the polygons' extent).

    Fix: Save the tile at 256x256 (or cut the map image again with TripleA's TileImageBreaker
    tool), or replace a file that is not a readable image.
    """
    # tiles are 256x256 except the last column and row, which may be cut to the map's size
    map_dir = context.target.map_dir
    size = map_size(context)
    if map_dir is None or size is None:
        return
    width, height = size
    known_facts = context.image_facts.get
    for folder, tiles in context.tiles.items():
        for name, column, row, tile in tiles:
            known = known_facts(tile)
            if known is not None and known[1] == FULL_TILE:
                continue  # pngscan read a whole tile's size: fine wherever it sits (the usual tile)
            # pngscan's size when it has one, else as image_size reads it (in Python, without a C
            # compiler: once for all the games of the map)
            actual = context.folder_memo(("M311", tile, known), lambda: _tile_size(tile, known))
            if actual is None:
                yield hit(file=Path(tile), name=f"{folder}/{name}", size="not a readable image",
                          expected=f"{TILE_SIZE}x{TILE_SIZE}")
                continue
            last_width = width - int(column) * TILE_SIZE
            last_height = height - int(row) * TILE_SIZE
            ok_width = actual[0] == TILE_SIZE or (0 < last_width < TILE_SIZE and actual[0] >= last_width)
            ok_height = actual[1] == TILE_SIZE or (0 < last_height < TILE_SIZE and actual[1] >= last_height)
            if not (ok_width and ok_height):
                yield hit(file=Path(tile), name=f"{folder}/{name}", size=f"{actual[0]}x{actual[1]}",
                          expected=f"{TILE_SIZE}x{TILE_SIZE}")


def _tile_size(tile: str, known) -> tuple[int, int] | None:
    """The tile's size as image_size reads it; None when it is no readable image."""
    try:
        return image_size(tile, known)
    except IMAGE_ERRORS:
        return None
