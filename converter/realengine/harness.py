"""Python API to the real TripleA engine (Debian's 1.9), through our Java harness run as a subprocess.

    parse_game(xml) -> ParseReport
    parse_games([xml, ...]) -> [ParseReport or EngineError, ...]   (one JVM for all)
    play_game(xml, rounds, ai, seed, save_path, timeout, script=None, strict_script=True, load=None) -> PlayReport
    load_map(map_dir, xml) -> MapLoadReport

`play_game(..., load=SAVE)` (Java side `play --load SAVE --rounds N`) continues a saved game
for N more rounds; the save's history goes on growing. A live oracle instead of a script:
`converter.realengine.interactive.play_with_oracle` (Java side `--oracle stdio`).

Each call starts one JVM in a scratch folder (its own user.home, preferences and working
directory holding game_engine.properties), so calls are independent and safe in parallel.
Failures raise `EngineError` with the engine's message; a missing engine or JDK raises
`EngineUnavailable` (from converter.realengine.locate). A game still playing at the timeout (1.9's
headless game waits at the step that ended it, e.g. a victory) is one: its message names that
step and the history's last event (also `report["last_event"]`). `PlayReport.game_crash` is the
exception a delegate ended the game thread with (e.g. the InitializationDelegate's).

Move scripts (`play_game(..., script=PATH)`, Java side `play XML --script FILE`)
---------------------------------------------------------------------------------
JSON lines, UTF-8; blank lines and lines starting with `#` are ignored. Two kinds of line:

    {"seat": ["Germans", "BlockhousesFire"]}
        seat the scripted player for these players even without actions (they end every step).
    {"step": "alliesCombatMove", "round": 1, "player": "Allies", "actions": [ACTION, ...]}
        what to do in one run of a step. "round" is optional: without it the entry serves the next
        run of that step. "player" is optional: it defaults to the step's player in the game's
        sequence (a mismatch is a usage error, as is a step the game does not have).

ACTION is an object with one key:

    {"move": {"units": [["USAinfantry", 3], ["USAartillery", 1]], "route": ["A11", "G11"]}}
        the player's units of those types in the route's first territory (those with most movement
        left first) move along the whole route, through the engine's move delegate, which checks it.
    {"place": {"units": [["infantry", 2]], "territory": "G5"}}
        place units from the player's unplaced units (only in place steps).
    {"end": true}
        end the step now; later actions of the entry are ignored.

Every player named by a step entry or a seat line is seated with the scripted player; all the
others get `ai`. A scripted player ends at once every step that has no entry, and leaves
battles, casualty choice and retreats to the engine's AbstractAI defaults. Each executed action
is reported in `PlayReport.script_log`; an action the engine refuses is reported with the
engine's reason and, with `strict_script` (the default), makes `play_game` raise EngineError
after the save was written. Entries never reached are listed in `unused_script_entries`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from converter.realengine.compile import MAIN_CLASS
from converter.realengine.locate import EngineTools, locate_engine
from converter.realengine.sharedclasses import class_sharing

AI_TYPES = ("Easy (AI)", "Fast (AI)", "Hard (AI)", "Does Nothing (AI)")
# The JVM gets this long beyond the harness's own watchdog before we kill it.
JVM_GRACE_SECONDS = 30
DEFAULT_TIMEOUT_SECONDS = 120.0
BATCH_SECONDS_PER_JOB = 10.0  # beyond DEFAULT_TIMEOUT_SECONDS, for a batch of parses


class EngineError(RuntimeError):
    """The engine refused or failed; `report` is the harness's JSON report when there is one."""

    def __init__(self, message: str, report: dict[str, Any] | None = None):
        super().__init__(message)
        self.report = report or {}


@dataclass(frozen=True)
class ParseReport:
    game_name: str
    map_name: str
    territories: int
    connections: int  # undirected, each counted once
    water_territories: int
    players: tuple[str, ...]
    unit_types: int
    steps: tuple[str, ...]
    units_by_owner: dict[str, int]  # units placed on the map at the start, per owner
    unplaced_by_owner: dict[str, int]
    log: tuple[str, ...]  # what the engine printed (DTD complaints land here: 1.9 only logs them)


@dataclass(frozen=True)
class ScriptActionResult:
    round: int
    step: str
    player: str
    action: str
    error: str | None  # None: the engine accepted the action


@dataclass(frozen=True)
class PlayReport:
    rounds_played: int
    final_round: int
    final_step: str  # the step the game stopped before (first step of round rounds+1)
    game_over: bool  # the game ended by itself before the rounds asked for
    steps_run: int
    save_path: Path
    seated: dict[str, str]  # player -> type
    script_log: tuple[ScriptActionResult, ...]
    script_errors: tuple[str, ...]
    unused_script_entries: tuple[str, ...]
    log_errors: tuple[str, ...]  # exception lines the engine printed
    game_crash: str | None = None  # the exception that ended the game thread (then game_over is true too)


@dataclass(frozen=True)
class TerritoryMapCounts:
    polygons: int
    polygon_points: int
    place: int
    center: bool


@dataclass(frozen=True)
class MapLoadReport:
    ok: bool  # MapData.verify passed and every territory has a center, a polygon and a place point
    map_name: str
    verify_error: str | None  # the engine's own message, e.g. "No data of type centers for territory: X"
    missing_centers: tuple[str, ...]
    missing_polygons: tuple[str, ...]
    missing_place: tuple[str, ...]
    territories: int
    per_territory: dict[str, TerritoryMapCounts]
    map_size: tuple[int, int]
    has_relief: bool
    player_colors: dict[str, str | None]  # RRGGBB as the engine read it, None when missing or bad
    tiles_expected: int
    base_tiles_found: int
    relief_tiles_found: int
    missing_unit_images: tuple[str, ...]  # not in the map nor in the engine's assets

    @property
    def missing_territories(self) -> tuple[str, ...]:
        return tuple(sorted({*self.missing_centers, *self.missing_polygons, *self.missing_place}))


def parse_game(xml: Path | str | bytes) -> ParseReport:
    """Parse a game XML (a path, or the XML itself as bytes) with the engine's GameParser."""
    with _Scratch() as scratch:
        return _parse_report(scratch.run(["parse", str(scratch.xml_path(xml))], DEFAULT_TIMEOUT_SECONDS))


def parse_games(xmls: Sequence[Path | str | bytes]) -> list[ParseReport | EngineError]:
    """`parse_game` of each XML in one JVM: its report, or the EngineError `parse_game` raises
    for it, in order. Once the engine's classes are loaded, a small game parses in about 20 ms,
    where a JVM of its own takes 0.7 s; the harness allows nothing but parses in a batch."""
    if not xmls:
        return []
    with _Scratch() as scratch:
        jobs = scratch.root / "jobs.jsonl"
        jobs.write_text("".join(json.dumps(["parse", str(scratch.xml_path(xml, f"game-{index}.xml"))]) + "\n"
                                for index, xml in enumerate(xmls)), encoding="utf-8")
        batch = scratch.run(["batch", str(jobs)], DEFAULT_TIMEOUT_SECONDS + BATCH_SECONDS_PER_JOB * len(xmls))
    return [_parse_report(report) if report.get("ok") else EngineError(report.get("error", "no report"), report)
            for report in batch["reports"]]


def _parse_report(report: dict[str, Any]) -> ParseReport:
    return ParseReport(
        game_name=report["game_name"],
        map_name=report["map_name"],
        territories=report["territories"],
        connections=report["connections"],
        water_territories=report["water_territories"],
        players=tuple(report["players"]),
        unit_types=report["unit_types"],
        steps=tuple(report["steps"]),
        units_by_owner=dict(report["units_by_owner"]),
        unplaced_by_owner=dict(report["unplaced_by_owner"]),
        log=tuple(report["log"]),
    )


def play_game(
    xml: Path | str | bytes,
    rounds: int,
    ai: str,
    seed: int,
    save_path: Path | str,
    timeout: float = 300.0,
    script: Path | str | None = None,
    strict_script: bool = True,
    load: Path | str | None = None,
) -> PlayReport:
    """Play `rounds` full rounds headless and write a real save (.tsvg) at the next step boundary.

    With `load` (a save), `xml` is ignored and the saved game goes on for `rounds` more rounds."""
    save = Path(save_path).resolve()
    args = play_args(xml is not None and load is None, rounds, ai, seed, save, timeout, script, load)
    with _Scratch() as scratch:
        if load is None:
            args[1] = str(scratch.xml_path(xml))
        report = scratch.run(args, timeout + JVM_GRACE_SECONDS)
    return play_report(report, save, strict_script)


def play_args(from_xml: bool, rounds: int, ai: str, seed: int, save: Path, timeout: float,
              script: Path | str | None = None, load: Path | str | None = None) -> list[str]:
    """The harness's `play` arguments; with `from_xml`, args[1] is left for the XML path."""
    if ai not in AI_TYPES:
        raise ValueError(f"unknown AI type {ai!r}; one of {', '.join(AI_TYPES)}")
    save.parent.mkdir(parents=True, exist_ok=True)
    args = ["play", ""] if from_xml else ["play", "--load", str(Path(load).resolve())]
    args += ["--rounds", str(rounds), "--ai", ai, "--seed", str(seed),
             "--save", str(save), "--timeout", str(max(1, int(timeout)))]
    if script is not None:
        args += ["--script", str(Path(script).resolve())]
    return args


def play_report(report: dict[str, Any], save: Path, strict_script: bool = True) -> PlayReport:
    played = PlayReport(
        rounds_played=report["rounds_played"],
        final_round=report["final_round"],
        final_step=report["final_step"],
        game_over=report["game_over"],
        steps_run=report["steps_run"],
        save_path=save,
        seated=dict(report["seated"]),
        script_log=tuple(ScriptActionResult(**entry) for entry in report["script_log"]),
        script_errors=tuple(report["script_errors"]),
        unused_script_entries=tuple(report["unused_script_entries"]),
        log_errors=tuple(report["log_errors"]),
        game_crash=report.get("game_crash"),
    )
    if strict_script and played.script_errors:
        raise EngineError("the engine refused scripted actions: " + "; ".join(played.script_errors), report)
    return played


def attachment_fields(xml: Path | str | bytes, kind: str, owner: str, attachment: str,
                      fields: list[str]) -> dict[str, str]:
    """The engine's parse of `xml`, then the named fields (as its class declares them, e.g.
    `m_transportCost`) of one attachment: `kind` unitType, territory or player, `owner` its name."""
    with _Scratch() as scratch:
        report = scratch.run(["attachment", str(scratch.xml_path(xml)), kind, owner, attachment, *fields],
                             DEFAULT_TIMEOUT_SECONDS)
    return dict(report["fields"])


def found_by_prefix(xml: Path | str | bytes) -> dict[str, dict]:
    """The engine's parse of `xml`, then what its collectors that pick attachments by the start
    of their names find: `players` (each player's `political_actions`, `user_actions`,
    `national_objectives`), `unit_supports` by unit type and `canals` by territory, names sorted."""
    with _Scratch() as scratch:
        report = scratch.run(["found", str(scratch.xml_path(xml))], DEFAULT_TIMEOUT_SECONDS)
    return {key: report[key] for key in ("players", "unit_supports", "canals")}


def bombing_damage(xml: Path | str | bytes, unit_type: str, player: str, territory: str) -> dict:
    """The engine's parse of `xml`, then what it says of bombing damage to a new unit of that
    type and player in `territory`: `can_be_damaged`, the `total` it can take there,
    `dies_at_total` and `disabled_at` (the damage amounts, 0 to that total, that disable it)."""
    with _Scratch() as scratch:
        report = scratch.run(["damage", str(scratch.xml_path(xml)), unit_type, player, territory],
                             DEFAULT_TIMEOUT_SECONDS)
    return {key: report[key] for key in ("can_be_damaged", "total", "dies_at_total", "disabled_at")}


def tech_roll_dialog(xml: Path | str | bytes, player: str, pus: int) -> dict:
    """The engine's parse of `xml`, then its "Roll Tech" dialog built for `player` holding `pus`
    PUs, as a human player's research step builds it: `tech_cost` (the player's), `opened`,
    `most_rolls` it offers, or the `error` it throws instead."""
    with _Scratch() as scratch:
        report = scratch.run(["techroll", str(scratch.xml_path(xml)), player, str(pus)], DEFAULT_TIMEOUT_SECONDS)
    return {key: report[key] for key in ("tech_cost", "opened", "most_rolls", "error")}


def load_map(map_dir: Path | str, xml: Path | str | bytes) -> MapLoadReport:
    """Install `map_dir` (a map repository folder or its map/ folder) as the XML's map and open it."""
    with _Scratch() as scratch:
        report = scratch.run(["loadmap", str(Path(map_dir).resolve()), str(scratch.xml_path(xml))],
                             DEFAULT_TIMEOUT_SECONDS)
    tiles = report["tiles"]
    return MapLoadReport(
        ok=report["ok"],
        map_name=report["map_name"],
        verify_error=report["verify_error"],
        missing_centers=tuple(report["missing"]["centers"]),
        missing_polygons=tuple(report["missing"]["polygons"]),
        missing_place=tuple(report["missing"]["place"]),
        territories=report["territories"],
        per_territory={name: TerritoryMapCounts(**counts) for name, counts in report["per_territory"].items()},
        map_size=tuple(report["map_size"]),
        has_relief=report["has_relief"],
        player_colors=dict(report["player_colors"]),
        tiles_expected=tiles["expected"],
        base_tiles_found=tiles["base_found"],
        relief_tiles_found=tiles["relief_found"],
        missing_unit_images=tuple(report["missing_unit_images"]),
    )


class _Scratch:
    """A throw-away engine home: user.home, preferences and a working dir with game_engine.properties."""

    def __enter__(self) -> _Scratch:
        self.tools: EngineTools = locate_engine()
        self.classpath, self.sharing = class_sharing(self.tools)  # the first run records what the next ones map
        self.root = Path(tempfile.mkdtemp(prefix="dday2-engine-"))
        (self.root / "home").mkdir()
        (self.root / "prefs").mkdir()
        if self.tools.engine_properties is not None:
            shutil.copy(self.tools.engine_properties, self.root / self.tools.engine_properties.name)
        return self

    def __exit__(self, *exc_info: object) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
        self.sharing.finish()

    def xml_path(self, xml: Path | str | bytes, name: str = "game.xml") -> Path:
        if isinstance(xml, bytes):
            path = self.root / name
            path.write_bytes(xml)
            return path
        path = Path(xml).resolve()
        if not path.is_file():
            raise EngineError(f"game XML not found: {path}")
        return path

    def command(self, args: list[str]) -> list[str]:
        return [
            str(self.tools.java),
            "-Djava.awt.headless=true",
            "-Dtriplea.headless=true",  # the engine ends the game quietly at victory
            f"-Duser.home={self.root / 'home'}",
            f"-Djava.util.prefs.userRoot={self.root / 'prefs'}",
            "-XX:+UseSerialGC",  # two cores shared with others: no parallel GC threads
            "-Xmx1g",
            *self.sharing.options,
            "-cp", self.classpath,
            MAIN_CLASS, *args,
        ]

    def run(self, args: list[str], timeout: float) -> dict[str, Any]:
        try:
            completed = subprocess.run(self.command(args), cwd=self.root, capture_output=True,
                                       timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as expired:
            raise EngineError(f"the engine did not finish within {timeout:.0f} s; killed") from expired
        stdout = completed.stdout.decode("utf-8", "replace").strip()
        try:
            report = json.loads(stdout.splitlines()[-1]) if stdout else None
        except json.JSONDecodeError:
            report = None
        if not isinstance(report, dict):
            tail = completed.stderr.decode("utf-8", "replace").strip().splitlines()[-15:]
            raise EngineError(f"the harness gave no report (exit {completed.returncode}):\n" + "\n".join(tail))
        if not report.get("ok") and "error" in report:
            raise EngineError(report["error"], report)
        return report
