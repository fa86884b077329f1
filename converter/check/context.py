"""Everything one check run knows about one game XML and the map files beside it.

Each source (the XML tree, the model, each map file, the engine's knowledge) is read once,
on first use, so rules stay small and a rule group that needs nothing costs nothing.
"""

from __future__ import annotations

import stat
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from lxml import etree

from converter.check import dtdvalid, switching
from converter.check.config import OUTLINE_TOLERANCE
from converter.check.dtdvalid import DtdReport
from converter.check.engine import EngineKnowledge, load_engine
from converter.check.engineassets import EngineAssets, default_assets
from converter.check.folderlisting import FolderListing, list_folder
from converter.check.imagefiles import HEADER_BYTES
from converter.check.javaproperties import RepeatedKey, read_entries
from converter.check.lazy import cached, prefetched
from converter.check.mapfiles import (DEFAULT_UNIT_SIZE, MapProperties, PointFile, point_entry, read_map_properties,
                                      read_point_file, read_polygons, unread_polygons)
from converter.check.polygonlayout import PolygonLayout, layout_of
from converter.check.mapyml import MapYml, read_map_yml
from converter.check.unitimages import FlagSource, UnitImage, UnitImages, UnitsListing, flag_source
from converter.check.model import GameModel, build_model
from converter.check.optionalfiles import OptionalPointFile, read_optional_point_files
from converter.check.sourcelines import SourceLines
from converter.check.worker import background, in_background
from converter.xmlsafe import UnsafeXmlError, parse_xml, refuse_entities

if TYPE_CHECKING:  # pragma: no cover - numpy loads only when a map folder is checked
    from converter.check.scanlines import ScanTable

MAX_XML_BYTES = 64 * 1024 * 1024  # the largest real game XMLs are a few MB


@dataclass(frozen=True)
class Target:
    """One game XML to check, with its map folder and the root paths are shown relative to."""

    xml: Path | None  # None: a map repository whose map.yml lists no existing XML
    map_dir: Path | None
    repo_root: Path | None  # folder holding map.yml, when there is one
    display_root: Path  # findings show paths relative to this
    label: str  # what the user named (a zip shows as the zip)


def shown_path(target: Target, path: Path | None) -> str | None:
    """`path` as findings name it: relative to the target's display root (else absolute),
    behind the zip's name for a zipped map."""
    if path is None:
        return None
    try:
        shown = path.relative_to(target.display_root).as_posix()
    except ValueError:
        shown = path.as_posix()
    return f"{target.label}!{shown}" if target.label.endswith(".zip") else shown


def _declares_entities(path: Path) -> bool:
    with open(path, "rb") as handle:
        head = handle.read(256 * 1024)
    return b"<!ENTITY" in head.split(b"<game", 1)[0]


# what the background thread reads, in order: first what holds the GIL most (folder listings,
# point files), while the main thread parses and validates the XML in C without it; last what
# holds it least (the image files, one long kernel call beside the XML rules). Measured 0.5 to
# 1 ms faster than the reverse.
PREFETCHED = ("unit_and_flag_images", "units_listing", "tiles", "polygons", "centers", "place", "map_properties",
              "scan", "centers_outside", "place_outside", "scanned_overlaps", "image_facts")
# A reader waits only for the step that leaves its value, so the map rules run beside the
# image scan, the thread's last and longest step (measured A/B in one process: the community
# package's check 4-9% faster, the generated one unchanged). Values a step leaves on the way
# are named with it.
_STEP_OF = {name: step for step, name in enumerate(PREFETCHED)} | {"polygon_layout": PREFETCHED.index("scan")}
# the last step that lists folders: after it the thread leaves `_listings` alone
_LAST_LISTING = "tiles"
_PATH = itemgetter(-1)  # of a tile or an image: its path
_PATHS_OF_TILES = partial(map, _PATH)
IMAGE_FOLDERS = ("units", "flags")  # I404 verifies every image below these
TILE_FOLDERS = ("baseTiles", "reliefTiles")  # M311 measures their numbered tiles


@dataclass(frozen=True)
class MapFileValues:
    """What the map-file thread read of one map folder: the next game XML checked with the
    same folder in one run starts from it instead of reading every file again. (A value that
    failed is not kept: each context computes it again and reports as ever.)"""

    values: dict[str, object]
    listings: dict[tuple[bool, str], object]
    outline_tolerance: float  # what centers_outside and place_outside were measured with
    memo: dict  # CheckContext.map_memo: the same dict for every game XML of the folder

    @classmethod
    def of(cls, context: "CheckContext") -> "MapFileValues":
        kept = {name: context.__dict__[name] for name in (*PREFETCHED, "polygon_layout") if name in context.__dict__}
        return cls(kept, dict(context._listings), context.outline_tolerance, context.map_memo)

    def restore(self, context: "CheckContext") -> None:
        context.__dict__.update(self.values)
        context._listings.update(self.listings)
        context.map_memo = self.memo


class CheckContext:
    def __init__(self, target: Target, engine: EngineKnowledge | None = None,
                 engine_assets: tuple[EngineAssets, ...] | None = None, early_dtd: bool = True,
                 map_cache: dict[Path, "MapFileValues"] | None = None,
                 outline_tolerance: float = OUTLINE_TOLERANCE) -> None:
        self.target = target
        self.outline_tolerance = outline_tolerance  # px (M307, M308; see config)
        self._map_cache = map_cache  # map folder -> its values, shared by the game XMLs of one run
        # what rules derive from the map files and a few facts of the game, keyed by all they
        # read: shared by the game XMLs of the folder in one run (MapFileValues.memo)
        self.map_memo: dict = {}
        self._engine = engine
        self._early_dtd = early_dtd  # False when no rule will read dtd_report
        self._dtd_early: Future | None = None  # the kernel's DtdReport | None, from the bytes read
        # the engines' unit and flag images, the current engine's first (engineassets)
        self.engine_assets = default_assets() if engine_assets is None else engine_assets
        self._display_paths: dict[Path | None, str | None] = {}
        self._listings: dict[tuple[bool, str], FolderListing | None] = {}  # (recursive, folder) -> listing
        # the image lookups' answers, shared by the games of the map folder in one run (folder_memo)
        self._unit_images: dict[tuple[str, str], UnitImage | None] | None = None
        self._unit_lookup: UnitImages | None = None
        self._flag_sources: dict[tuple[str, tuple[str, ...]], FlagSource | None] | None = None
        # the game XML's lines, once it is read: where a start tag libxml2 numbers by its last line opens
        self.source_lines = SourceLines(None)
        self._prefetch: Future | None = None
        self._steps_done = 0  # of PREFETCHED, by the map-file thread
        self._step_done = threading.Condition()

    # ---- the map files, read beside the XML
    def prefetch_map_files(self) -> None:
        """Start reading and measuring the map files in the background thread. Their C kernels
        release the GIL, so this runs while the main thread checks the XML; a reader of any
        value below waits for it (`prefetched`)."""
        if self.target.map_dir is None or self._prefetch is not None:
            return
        known = self._map_cache.get(self.target.map_dir) if self._map_cache is not None else None
        if known is not None and known.outline_tolerance == self.outline_tolerance:  # another XML of this folder
            known.restore(self)
            return
        switching.shorten()  # its kernels' C work then runs beside the XML rules (see switching)
        try:
            self._prefetch = background().submit(self._read_map_files)
        except BaseException:
            switching.restore()
            raise
        self._prefetch.add_done_callback(switching.restore)

    def _read_map_files(self) -> None:
        try:
            for done, name in enumerate(PREFETCHED, start=1):
                try:
                    getattr(self, name)
                except Exception:  # noqa: BLE001 - the rule reading it computes it again and reports
                    pass
                self._finish_steps(done)
            if self._map_cache is not None:
                self._map_cache[self.target.map_dir] = MapFileValues.of(self)
        finally:
            self._finish_steps(len(PREFETCHED))

    def _finish_steps(self, done: int) -> None:
        with self._step_done:
            self._steps_done = done
            self._step_done.notify_all()

    def wait_for_prefetch(self, name: str | None = None) -> None:
        """Wait for the map-file thread: until it has left `name` (a value of PREFETCHED or
        one named in _STEP_OF), or until it has ended."""
        if self._prefetch is None or in_background():
            return
        step = _STEP_OF.get(name) if name is not None else None
        if step is not None:
            with self._step_done:
                self._step_done.wait_for(lambda: self._steps_done > step)
        else:
            self._prefetch.result()

    def prefetched_value(self, name: str):
        """The value the map-file thread left under `name`, once it has; KeyError when it
        failed there (or never ran)."""
        self.wait_for_prefetch(name)
        try:
            return self.__dict__[name]
        except KeyError:
            # to compute it here, wait for the whole thread: it must not build a value beside us
            self.wait_for_prefetch()
            raise

    # ---- locations
    def display_path(self, file: Path | None) -> str | None:
        if file not in self._display_paths:  # once per file: a map can have hundreds of findings
            self._display_paths[file] = shown_path(self.target, file if file is not None else self.target.xml)
        return self._display_paths[file]

    def map_file(self, name: str) -> Path | None:
        return self.target.map_dir / name if self.target.map_dir is not None else None

    # ---- the game XML
    @cached
    def xml_error(self) -> str | None:
        self.tree  # noqa: B018 - parsing fills the error
        return self._xml_error

    @cached
    def tree(self) -> etree._ElementTree | None:
        self._xml_error: str | None = None
        if self.target.xml is None:
            return None
        try:
            status = self.target.xml.stat()
            if not stat.S_ISREG(status.st_mode):  # a FIFO would block the read for ever
                self._xml_error = "not a regular file"
                return None
            size = status.st_size
            if size > MAX_XML_BYTES:
                self._xml_error = f"file is {size} bytes, over the {MAX_XML_BYTES} byte limit"
                return None
            data = self.target.xml.read_bytes()
            self.source_lines = SourceLines(data)
            parsed = self._start_dtd_validation(data)
            # no rule reads the blank text between elements (a tenth of a check went to building
            # and freeing it); the kernel parses alike (_dtdvalid.c's HARDENED_OPTIONS)
            return refuse_entities(parsed) if parsed is not None else parse_xml(data, keep_blanks=False)
        except UnsafeXmlError as error:
            self._xml_error = str(error)
            if _declares_entities(self.target.xml):  # lxml may stop first at the entity's use
                self._xml_error = "the document declares entities; refused (entity expansion is unsafe)"
        except OSError as error:
            self._xml_error = f"cannot read: {error.strerror or error}"
        return None

    def _start_dtd_validation(self, data: bytes) -> etree._ElementTree | None:
        """Validate the bytes as soon as they are read: in the background thread beside lxml's
        parse here; or, while that thread reads the map files, here, parsing them in the same
        GIL-free pass, and return that tree (None: parse them). The map-file thread has the GIL
        to itself meanwhile (measured: validating after the XML rules, or queued behind the
        map files, is 1.5 to 3 ms slower; parsing twice, 1 ms)."""
        dtd = self.engine.dtd if self._early_dtd else None
        if dtd is None:
            return None
        if self._prefetch is None:
            self._dtd_early = dtdvalid.start(data, dtd)
            return None
        parsed, self._dtd_early = dtdvalid.parse_and_validate(data, dtd)
        return parsed

    @cached
    def dtd_report(self) -> DtdReport | None:
        """The XML validated by the engine's game.dtd; None without a <game> tree or a DTD."""
        tree, dtd = self.tree, self.engine.dtd
        if tree is None or dtd is None or tree.getroot().tag != "game":
            return None
        # the kernel validated the very bytes `tree` was parsed from
        report = dtdvalid.result(self._dtd_early) if self._dtd_early is not None else None
        return report if report is not None else dtdvalid.validate_tree(tree, dtd)

    @cached
    def model(self) -> GameModel | None:
        """None when the XML is missing or unreadable (X rules report why)."""
        tree = self.tree
        if tree is None or tree.getroot().tag != "game":
            return None
        return build_model(tree.getroot())

    @property
    def engine(self) -> EngineKnowledge:
        if self._engine is None:
            self._engine = load_engine()
        return self._engine

    # ---- map files (None when there is no map folder or no such file)
    def _point_file(self, name: str, **options) -> PointFile | None:
        path = self.map_file(name)
        if path is None or not path.is_file():
            return None
        point_file = read_polygons(path) if name == "polygons.txt" else read_point_file(path, **options)
        point_file.name_set  # noqa: B018 - read here, in the map-file thread, for three rules
        return point_file

    @prefetched
    def polygons(self) -> PointFile | None:
        return self._point_file("polygons.txt")

    @prefetched
    def scan(self) -> ScanTable | None:
        """Every polygon cut along each row (point-in-polygon and overlap read it); None
        without a polygons file. Polygons are numbered in file order."""
        if self.polygons is None:
            return None
        from converter.check.scanlines import ScanTable  # numpy: loaded for map folders only

        arrays = self.polygons.polygon_arrays  # None when a coordinate is beyond int64
        if arrays is not None:
            return ScanTable.of_arrays(self.polygon_layout.names, arrays[1], arrays[0])
        return ScanTable.of([(entry.name, polygon) for entry in self.polygons.entries
                             for polygon in unread_polygons(entry)])

    @prefetched
    def polygon_layout(self) -> PolygonLayout | None:
        """Which polygons belong to which territory (read by scan and the point checks)."""
        return layout_of(self.polygons) if self.polygons is not None else None

    @prefetched
    def centers(self) -> PointFile | None:
        return self._point_file("centers.txt")

    @prefetched
    def place(self) -> PointFile | None:
        return self._point_file("place.txt", allow_options=True)

    @prefetched
    def centers_outside(self) -> list:
        """M307: (entry, its first point outside its territory, how many are, distance of the first)."""
        return self._points_outside(self.centers)

    @prefetched
    def place_outside(self) -> list:
        """M308: as centers_outside, for the units drawn at place.txt's points: each point is
        the top-left corner of a unit image, so its unit's centre is what is tested and
        measured; the point as written is given. (entry, point, count, distance, centre)."""
        place = self.place
        if place is None or self.polygons is None:
            return []
        properties = self.map_properties
        width, height = properties.unit_size() if properties is not None else (DEFAULT_UNIT_SIZE, DEFAULT_UNIT_SIZE)
        across, down = width // 2, height // 2
        centred = PointFile(place.path, [point_entry(entry.name, entry.line, tuple([(x + across, y + down)
                                                                                   for x, y in entry.points]))
                                         for entry in place.entries])
        return [(entry, (x - across, y - down), count, distance, (x, y))
                for entry, (x, y), count, distance in self._points_outside(centred)]

    def _points_outside(self, point_file: PointFile | None) -> list:
        if point_file is None or self.polygons is None:
            return []
        from converter.check.outside import beyond_tolerance, points_outside  # numpy: map folders only

        found = points_outside(self.polygons, self.scan, point_file, self.polygon_layout)
        return beyond_tolerance(found, self.scan, self.polygon_layout, self.outline_tolerance) if found else found

    @prefetched
    def scanned_overlaps(self) -> dict[tuple[str, str], tuple[int, int]]:
        """M309: overlapping pairs among the scanned polygons, each with a point inside both."""
        return self.scan.overlaps() if self.scan is not None else {}

    @prefetched
    def unit_and_flag_images(self) -> list[tuple[str, str, str]]:
        """(folder, path below it, path) of each image file below units/ and flags/ (I404)."""
        found = []
        for folder in IMAGE_FOLDERS:
            listing = self.map_tree(folder)
            images = listing.images()
            found += zip([folder] * len(images), images, map(listing.prefix.__add__, images))
        return found

    @prefetched
    def tiles(self) -> dict[str, list[tuple[str, str, str, str]]]:
        """Each tile folder's numbered tiles, as `imagefiles.numbered_tiles` (M311)."""
        return {folder: listing.numbered_tiles() if listing is not None else []
                for folder in TILE_FOLDERS for listing in [self._folder_listing(folder, False)]}

    @prefetched
    def image_facts(self) -> dict[str, tuple[bool | None, tuple[int, int] | None]]:
        """pngscan's answer for each unit and flag image (I404) and numbered tile (M311), by
        path, read at once by the C kernel; empty without it (the rules then read each file)."""
        from converter.check.pngscan import scan_pngs

        try:
            paths = [*chain.from_iterable(map(_PATHS_OF_TILES, self.tiles.values()))]
            tiles = len(paths)
            paths += map(_PATH, self.unit_and_flag_images)
            # one kernel call: tiles are big, so their headers only; images whole
            found = scan_pngs(paths, HEADER_BYTES, bytes(tiles) + b"\1" * (len(paths) - tiles)) if paths else None
            if found is None:
                return {}
            facts = dict(zip(paths, found))
            if None in found:  # files the kernel leaves to the rules
                facts = {path: each for path, each in facts.items() if each is not None}
            return facts
        except Exception:  # noqa: BLE001 - only a shortcut: the rules read each file and report as ever
            return {}

    def folder_memo(self, key, compute):
        """compute() once per map folder in a run: for what depends only on the folder's files
        and on `key` (the game facts it reads). The other game XMLs of the folder checked in the
        same run get the same answer (`map_memo`)."""
        memo = self.map_memo
        if key not in memo:
            memo[key] = compute()
        return memo[key]

    # ---- map folder listings (each folder listed once per check; see imagefiles)
    def map_tree(self, folder: str) -> FolderListing:
        """Everything below the map's `folder` (`folderlisting`); empty when it is no folder."""
        return self._folder_listing(folder, True)

    def map_folder(self, folder: str) -> dict[str, int] | None:
        """The entries directly in the map's `folder`: name -> `folderlisting` kind bits; None
        when it is no folder."""
        listing = self._folder_listing(folder, False)
        return listing.by_name if listing is not None else None

    def _folder_listing(self, folder: str, recursive: bool) -> FolderListing | None:
        try:  # the map-file thread lists folders too: wait until its listing steps are over
            self.prefetched_value(_LAST_LISTING)
        except KeyError:
            pass  # it failed there and may list again later: prefetched_value waited for its end
        key = (recursive, folder)
        if key not in self._listings:
            root = self.map_file(folder)
            self._listings[key] = list_folder(str(root), recursive) if root is not None else \
                (FolderListing("", [], b"", frozenset()) if recursive else None)
        return self._listings[key]

    def unit_image(self, player: str, unit: str) -> UnitImage | None:
        """The file the engine draws `player`'s `unit` with: the map's units/<player>/<unit>.png,
        then the current engine's assets' one, then the same for units/<unit>.png; failing
        those, an older engine's (`UnitImages.lookup`); None when there is none."""
        key = (player, unit)
        if self._unit_images is None:
            self._unit_images = self.folder_memo(("unit images", self.engine_assets), dict)
        if key not in self._unit_images:
            if self._unit_lookup is None:
                map_dir = self.target.map_dir
                listing = self.units_listing if map_dir is not None else None
                top = self.map_folder("") if map_dir is not None and listing is None else None
                self._unit_lookup = UnitImages(map_dir, listing, self.engine_assets, no_units_folder=top is not None
                                               and not any(name.lower() == "units" for name in top))
            self._unit_images[key] = self._unit_lookup.lookup(player, unit)
        return self._unit_images[key]

    def unit_image_in_other_case(self, players: Sequence[str], unit: str) -> str | None:
        """units/<player>/<unit>.png (for one of `players`) or units/<unit>.png as the map has
        it in other letter case, found only by a case-blind file system; None when it has none."""
        listing = self.units_listing if self.target.map_dir is not None else None
        if listing is None:
            return None
        for relative in (*(f"{player}/{unit}.png" for player in players), f"{unit}.png"):
            found = listing.in_other_case(relative)
            if found is not None:
                return f"units/{found}"
        return None

    def flag_source(self, player: str, endings: tuple[str, ...]) -> FlagSource | None:
        """Where the map's flags/<player><ending> is found, for one of the endings: in the map
        or the first engine's assets that hold it; None nowhere (`flag_source`). Only with
        a map folder."""
        key = (player, endings)
        if self._flag_sources is None:
            self._flag_sources = self.folder_memo(("flag sources", self.engine_assets), dict)
        if key not in self._flag_sources:
            if self.target.map_dir is None:
                raise ValueError("flags are looked for only with a map folder")
            self._flag_sources[key] = flag_source(self.target.map_dir, self.engine_assets, player, endings)
        return self._flag_sources[key]

    @prefetched
    def units_listing(self) -> UnitsListing | None:
        """The map's units folder as listed for I404, for the unit image lookup; None
        when the map has no units folder."""
        root = self.map_file("units")
        tree = self.map_tree("units")
        if root is None or "" not in tree.listed:
            return None
        return UnitsListing(str(root), tree.images(), tree.names, tree.listed)

    def properties_file(self, name: str) -> tuple[Path | None, dict[str, tuple[str, int]]]:
        """The map's .properties file `name` (tooltips, notifications, objectives, unit icons) as
        Java's Properties.load reads it: its path, and each key's value and line. Empty when the
        file is absent or unreadable (the engine then reads none of it); read once for the
        games of the map folder checked in one run (not to be changed)."""
        return self._properties_entries(name)[:2]

    def properties_repeats(self, name: str) -> list[RepeatedKey]:
        """The lines of the map's .properties file `name` that set a key again, in file order
        (read with `properties_file`, once per map folder)."""
        return self._properties_entries(name)[2]

    def _properties_entries(self, name: str) -> tuple[Path | None, dict[str, tuple[str, int]], list[RepeatedKey]]:
        return self.folder_memo(("properties", name), lambda: self._read_properties_file(name))

    def _read_properties_file(self, name: str) -> tuple[Path | None, dict[str, tuple[str, int]], list[RepeatedKey]]:
        path, top = self.map_file(name), self.map_folder("")  # (the listing answers without a stat)
        if path is None or (top is not None and name not in top):
            return path, {}, []
        try:
            entries = read_entries(path) if path.is_file() else []
        except (OSError, ValueError):
            return path, {}, []
        values: dict[str, tuple[str, int]] = {}
        repeats: list[RepeatedKey] = []
        for key, value, line in entries:
            if key in values:
                repeats.append(RepeatedKey(key, value, line, *values[key]))
            values[key] = (value, line)
        return path, values, repeats

    @cached
    def optional_point_files(self) -> list[OptionalPointFile]:
        """The optional point files the map folder has (vc.txt, name_place.txt, ...,
        territory_effects.txt, decorations.txt), in the order TripleA reads them, each read
        once for the games of the map folder in one run, for M318 and M303; a file that cannot
        be opened is left out."""
        folder = self.map_folder("") if self.target.map_dir is not None else None
        return self.folder_memo("optional point files", lambda: read_optional_point_files(self.map_file, folder or {}))

    @prefetched
    def map_properties(self) -> MapProperties | None:
        path = self.map_file("map.properties")
        return read_map_properties(path) if path is not None and path.is_file() else None

    @cached
    def sibling_players(self) -> frozenset[str]:
        """The players of the map's other game XMLs (`siblings`), read once per check."""
        from converter.check.siblings import sibling_players  # it reads this module's limits

        return sibling_players(self.target)

    @cached
    def sibling_game_names(self) -> frozenset[str]:
        """The game names of the map's other game XMLs, likewise."""
        from converter.check.siblings import sibling_game_names

        return sibling_game_names(self.target)

    @cached
    def sibling_unit_types(self) -> frozenset[str]:
        """The unit types of the map's other game XMLs, likewise."""
        from converter.check.siblings import sibling_unit_types

        return sibling_unit_types(self.target)

    @cached
    def sibling_notification_keys(self) -> frozenset[str]:
        """The notification keys the triggers of the map's other game XMLs name, likewise."""
        from converter.check.siblings import sibling_notification_keys

        return sibling_notification_keys(self.target)

    @cached
    def sibling_territories(self) -> frozenset[str]:
        """The territories of the map's other game XMLs, likewise."""
        from converter.check.siblings import sibling_territories

        return sibling_territories(self.target)

    @cached
    def map_yml(self) -> MapYml | None:
        if self.target.repo_root is None:
            return None
        path = self.target.repo_root / "map.yml"
        return read_map_yml(path) if path.is_file() else None
