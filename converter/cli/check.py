"""`dday2 check PATH ...`: check TripleA map packages; findings as text, JSON, SARIF or
GitHub annotations; exit 0 clean, 1 findings at or above --fail-on, 2 usage or internal error."""

from __future__ import annotations

import os
import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Iterable

import click

from converter.exitcodes import ExitCode
from converter.findings.formatters import FORMATTERS, one_line

PROGRESS_THRESHOLD = 3  # more maps than this and a progress bar is worth showing
RULES_DOCUMENT_TITLE = ("# `dday2 check` rules\n\nWhat each rule finds, why it matters and how to fix it, as "
                        "`dday2 check --explain CODE` prints it. This file is `dday2 check --explain all --format "
                        "markdown` (`make rules-doc` writes it; a test fails when it is out of date).")


@click.command("check")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "output_format", type=click.Choice(sorted(FORMATTERS)), default="text", show_default=True,
              help="Output format (statistics: how many findings each rule made, the most first).")
@click.option("--select", default=None, help="Only these codes or prefixes, comma-separated (e.g. M3,S202).")
@click.option("--ignore", default=None, help="Skip these codes or prefixes, comma-separated.")
@click.option("--fail-on", type=click.Choice(["info", "warning", "error"]), default=None,
              help="Exit 1 when a finding has this severity or higher (default: error).")
@click.option("--outline-tolerance", type=float, default=None, metavar="PX",
              help="Centers and units this many pixels outside their territory's outline count as on it "
                   "(M307, M308; default 2).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Settings file (pyproject.toml [tool.dday2.check] or .dday2.toml [check]).")
@click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Leave out the findings this file holds (written by --write-baseline), so that CI fails only "
                   "on new ones; matched by file, code and message, not line.")
@click.option("--write-baseline", is_flag=True,
              help="Record every finding in the baseline file (--baseline, or the settings' baseline) instead of "
                   "reporting them, then exit 0.")
@click.option("--picture", type=click.Path(path_type=Path), default=None,
              help="Also draw the findings on the map into this PNG; with several maps, into this "
                   "folder, one PNG per map.")
@click.option("--list-rules", is_flag=True,
              help="List every rule with its code, severity, name and summary (text, json or markdown), then exit.")
@click.option("--explain", "explain", default=None, metavar="CODES",
              help="Explain these rules (codes or prefixes, comma-separated, or all): what each finds, "
                   "why it matters, how to fix it; then exit.")
def command(paths: tuple[Path, ...], output_format: str, select: str | None, ignore: str | None,
            fail_on: str | None, outline_tolerance: float | None, config_file: Path | None, baseline_file: Path | None,
            write_baseline: bool, picture: Path | None, list_rules: bool, explain: str | None) -> ExitCode:
    """Check TripleA maps: a map repository (or its map.yml), a map/ folder, a game XML or a map .zip."""
    _one_blas_thread()
    from converter.check.baseline import BaselineError, read_baseline
    from converter.check.config import ConfigError, checked_codes, checked_tolerance, load_settings, split_codes
    from converter.check.inputs import InputError, resolve
    from converter.check.rule import REGISTRY
    from converter.check.runner import check_target
    from converter.findings import Severity

    if list_rules or explain is not None:
        if list_rules and explain is not None:
            raise click.UsageError("give --list-rules or --explain, not both")
        if paths:
            raise click.UsageError("--list-rules and --explain check nothing: give them no PATH")
        every = explain is not None and explain.strip().lower() == "all"
        try:
            codes = checked_codes(split_codes(explain), "--explain") if explain is not None and not every else ()
        except ConfigError as error:
            raise click.UsageError(str(error)) from None
        if explain is not None and not codes and not every:
            raise click.UsageError("--explain needs a rule code, e.g. --explain M308 (or all)")
        click.echo(_rules_report(codes, output_format, explained=explain is not None))
        return ExitCode.CLEAN
    if not paths:
        raise click.UsageError("give at least one PATH to check")
    try:
        overrides = {"select": checked_codes(split_codes(select), "--select"),
                     "ignore": checked_codes(split_codes(ignore), "--ignore"),
                     "fail_on": Severity.parse(fail_on) if fail_on else None,
                     "outline_tolerance": None if outline_tolerance is None else
                     checked_tolerance(outline_tolerance, "--outline-tolerance"),
                     "baseline": baseline_file}
    except ConfigError as error:
        raise click.UsageError(str(error)) from None
    status = ExitCode.CLEAN
    with ExitStack() as stack:
        targets, named = [], {}  # named: each target's display root as the user named it
        for path in paths:
            try:
                found = resolve(path, stack)
            except InputError as error:
                click.echo(one_line(f"dday2 check: {error}"), err=True)
                status = ExitCode.USAGE
                continue
            targets += found
            named.update((target, _named_root(path, target)) for target in found)
        if not targets:  # nothing was checked: "no findings" (or an empty report) would mislead
            return status
        pictures = _picture_paths(picture, targets, named) if picture is not None else {}
        checked: dict = {}  # each finding as shown -> (its target, settings, finding as check_target named it)
        map_cache: dict = {}  # the map files of a folder are read once for all its game XMLs
        settings_of: dict = {}  # a map's settings file is read once for all its game XMLs
        baselines: dict = {}  # path -> Baseline, read once before the first check that uses it
        try:
            with _progress(targets) as progress:
                for target in progress:
                    root = target.repo_root or target.map_dir
                    if root not in settings_of:
                        settings_of[root] = load_settings(root, config_file).merged(**overrides)
                    settings = settings_of[root]
                    if settings.baseline is not None and not write_baseline and settings.baseline not in baselines:
                        baselines[settings.baseline] = read_baseline(settings.baseline)
                    if target.map_dir not in map_cache:
                        map_cache.clear()  # a map's XMLs come together: keep one folder's files only
                    result = check_target(target, settings, map_cache=map_cache)
                    # a finding of the map files comes with each game XML of the folder: the first is kept
                    for shown, own in zip(_shown_below(named[target], result.findings), result.findings):
                        checked.setdefault(shown, (target, settings, own))
        except (ConfigError, BaselineError) as error:
            click.echo(one_line(f"dday2 check: {error}"), err=True)
            return ExitCode.USAGE
        if write_baseline:
            return status if status == ExitCode.USAGE else _write_baselines(checked, settings_of.values())
        kept, outcomes = _without_baselined(checked, baselines)
        failing = any(shown.severity.rank >= checked[shown][1].fail_on.rank for shown in kept)
        by_map: dict[Path, list] = {}  # each drawn map folder's findings
        for shown in kept:
            if checked[shown][0].map_dir in pictures:
                by_map.setdefault(checked[shown][0].map_dir, []).append(shown)
        findings = [finding.to_dict() for finding in kept]
        header = {"tool": "dday2 check", "checked": [_shown(t, named[t]) for t in targets]}
        if outcomes:
            header["baseline"] = [{"file": _named_file(outcome.path), "left_out": outcome.left_out,
                                   "not_found": outcome.not_found} for outcome in outcomes]
        text = FORMATTERS[output_format](findings, header, colour=output_format == "text" and _colour_wanted(),
                                         rules=_rule_catalogue({finding["code"] for finding in findings}))
        if text:
            click.echo(text)
        _tell_baselines(outcomes)
        for map_dir, path in pictures.items():  # while a zip's map is still extracted
            try:
                _draw(path, map_dir, [finding.to_dict() for finding in by_map.get(map_dir, [])])
            except OSError as error:
                click.echo(one_line(f"dday2 check: cannot write {path}: {error.strerror or error}"), err=True)
                status = ExitCode.USAGE
    if status == ExitCode.USAGE:
        return status
    return ExitCode.FINDINGS if failing else ExitCode.CLEAN


def _rule_catalogue(codes: Iterable[str]) -> dict[str, dict]:
    """Each code's rule as data (`explain.rule_dict`), the internal failure's included."""
    from converter.check.explain import internal_dict, rule_dict
    from converter.check.rule import REGISTRY
    from converter.check.runner import INTERNAL_CODE

    catalogue = {}
    for code in sorted(codes):
        rule = REGISTRY.get(code)
        if rule is not None:
            catalogue[code] = rule_dict(rule)
        elif code == INTERNAL_CODE:
            catalogue[code] = internal_dict(code)
    return catalogue


def _rules_report(codes: tuple[str, ...], output_format: str, explained: bool) -> str:
    """`--list-rules` (every rule; `codes` empty) or `--explain CODES` (the rules whose code
    starts with one of them), as text, JSON or Markdown."""
    import json
    import shutil

    from converter.check.explain import explain_markdown, explain_text
    from converter.check.rule import REGISTRY
    from converter.check.runner import INTERNAL_CODE

    known = [rule.code for rule in REGISTRY] + [INTERNAL_CODE]
    chosen = [code for code in known if not codes or code.startswith(codes)]
    if not explained:
        chosen.remove(INTERNAL_CODE)  # the listing is of rules; C001 is explained on request
    entries = list(_rule_catalogue(chosen).values())
    if output_format == "json":
        return json.dumps({"tool": "dday2 check", "rules": entries}, indent=2, ensure_ascii=False)
    if output_format == "markdown":
        if explained:
            title = [] if codes else [RULES_DOCUMENT_TITLE]  # all of them: docs/check-rules.md
            return "\n\n".join(title + [f"### {e['code']} {e['name']} ({e['severity']})\n\n{explain_markdown(e)}"
                                         for e in entries])
        return "\n".join(["| code | severity | name | summary |", "| --- | --- | --- | --- |",
                          *(f"| {e['code']} | {e['severity']} | {e['name']} | {e['summary']} |" for e in entries)])
    if output_format != "text":
        raise click.UsageError(f"{'--explain' if explained else '--list-rules'} prints text, json or markdown, "
                               f"not {output_format}")
    if explained:
        width = min(shutil.get_terminal_size((88, 24)).columns, 100) - 1
        return "\n\n".join(explain_text(entry, width) for entry in entries)
    return "\n".join(f"{e['code']}  {e['severity']:<7}  {e['name']:<38}  {e['summary']}" for e in entries)


def _picture_paths(picture: Path, targets, named: dict) -> dict[Path, Path]:
    """Where --picture draws each map folder checked: one map into `picture` (or into a PNG
    named after it when `picture` is a folder); several into the folder `picture`, one PNG
    each, named after its map. Game XMLs checked without a map folder are not drawn."""
    map_dirs = list(dict.fromkeys(target.map_dir for target in targets if target.map_dir is not None))
    if not map_dirs:
        raise click.UsageError("--picture draws a map: give a map repository, map folder or map .zip")
    if len(map_dirs) == 1 and not picture.is_dir():
        return {map_dirs[0]: picture}
    if picture.suffix.lower() == ".png" and not picture.is_dir():
        raise click.UsageError(f"--picture {one_line(picture)} is one PNG, for one map: give a folder to draw "
                               f"{len(map_dirs)} maps into, one PNG each")
    shown_root = {target.map_dir: Path(target.label).stem if target.label.endswith(".zip") else named[target]
                  for target in targets}
    paths, taken = {}, set()
    for map_dir in map_dirs:
        name = _picture_name(shown_root[map_dir], map_dir)
        stem, number = name, 2
        while name.lower() in taken:  # a case-insensitive file system keeps one of Map and map
            name, number = f"{stem}-{number}", number + 1
        taken.add(name.lower())
        paths[map_dir] = picture / f"{name}.png"
    return paths


def _picture_name(shown_root: str, map_dir: Path) -> str:
    """A file name for a map's picture: its folder as the user named it (the repository, not
    `map`), letters, digits, `.`, `_` and `-` only."""
    parts = [part for part in Path(shown_root).parts if part not in (".", "..", "/")] or [map_dir.parent.name]
    if parts[-1] == "map" and len(parts) > 1:
        parts = parts[:-1]
    name = "".join(character if character.isascii() and (character.isalnum() or character in "._-") else "_"
                   for character in parts[-1]).strip("._") or "map"
    return name[:100]


def _draw(picture: Path, map_dir: Path, findings: list[dict]) -> None:
    """The findings on the map, as a PNG written atomically (stdout holds the report)."""
    import io

    from converter.atomic import write_bytes_atomic
    from converter.check.picture import findings_picture

    buffer = io.BytesIO()
    findings_picture(map_dir, findings).save(buffer, format="PNG")
    write_bytes_atomic(picture, buffer.getvalue())
    click.echo(one_line(f"dday2 check: {len(findings)} finding(s) drawn -> {picture}"), err=True)


def _colour_wanted() -> bool:
    """Colour on a terminal, unless NO_COLOR is set (https://no-color.org) or TERM is dumb."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread per core when it loads, and they spin for ~0.1 s of
    CPU (a third of a package check's process, half a core's worth on two cores). The check
    does no linear algebra, so unless the user says otherwise (or numpy is already loaded,
    when it is too late to ask) OpenBLAS gets one thread: the caller's."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _named_root(path: Path, target) -> str:
    """The folder `target`'s findings name their files from (its display root), as the user
    named it on the command line: PATH itself, or for a game XML or map.yml the folder as
    many levels above it; the absolute folder when a link makes the two differ. "." names
    the current folder; a zip's findings already start with the zip's name."""
    if target.label.endswith(".zip"):
        return "."
    named = os.fspath(path)
    if path.is_file():  # a game XML or map.yml: its display root is a folder above it
        try:
            levels = len(path.resolve().relative_to(target.display_root).parts)
        except ValueError:
            return target.display_root.as_posix()
        named = os.path.join(named, *[os.pardir] * levels)
    named = os.path.normpath(named)
    return Path(named).as_posix() if Path(named).resolve() == target.display_root else target.display_root.as_posix()


def _below(root: str, shown: str) -> str:
    """A path as findings show it (`shown_path`), named from `root` (`_named_root`); the root
    itself (a finding about the whole repository) is `root`, not `root/.`."""
    if shown == ".":
        return root
    return shown if root == "." or os.path.isabs(shown) else f"{root}/{shown}"


def _shown_below(root: str, findings):
    """The findings with their files named from `root` (`_named_root`): with several maps
    checked at once each finding says which map it is in, and in CI (run from the repository
    root) annotations land on the files of a map kept in a subfolder."""
    if root == ".":
        return findings
    return [replace(finding, file=_below(root, finding.file)) if finding.file is not None else finding
            for finding in findings]


def _shown(target, root: str) -> str:
    """What was checked, as the user knows it: a game XML named as the findings name their
    files, a zip by its name (not our temporary folder)."""
    from converter.check.context import shown_path

    if target.xml is None or target.label.endswith(".zip"):
        return target.label
    return _below(root, shown_path(target, target.xml))


def _progress(targets):
    """click's bar on stderr when there are many maps; a plain iterator otherwise."""
    many = len(targets) > PROGRESS_THRESHOLD or (len(targets) > 1 and sys.stderr.isatty())
    if not many:
        return _Plain(targets)
    return click.progressbar(targets, label=f"Checking {len(targets)} game XMLs", file=sys.stderr,
                             item_show_func=lambda t: one_line(t.xml.name) if t is not None and t.xml else None)


class _Plain:
    def __init__(self, items) -> None:
        self.items = items

    def __enter__(self):
        return iter(self.items)

    def __exit__(self, *exc) -> None:
        return None


def _without_baselined(checked: dict, baselines: dict) -> tuple[list, list]:
    """The findings (as shown) no baseline holds, in order, and what each baseline left out."""
    from converter.check.baseline import finding_key, left_out

    keyed = []
    for shown, (target, settings, own) in checked.items():
        baseline = baselines.get(settings.baseline)
        keyed.append((shown, baseline, finding_key(own, target, baseline.folder) if baseline is not None else None))
    return left_out(keyed, baselines.values())


def _write_baselines(checked: dict, settings: Iterable) -> ExitCode:
    """--write-baseline: each baseline named by the settings gets the findings of the maps it covers."""
    from converter.check.baseline import finding_key, write_baseline

    # by the file itself: two maps' settings may name one file in two ways (`../all.json`)
    paths = {each.baseline.resolve(): [] for each in settings if each.baseline is not None}
    if not paths:
        raise click.UsageError("--write-baseline needs a baseline file: --baseline FILE, or baseline = "
                               "\"FILE\" in the map's settings")
    unrecorded = 0  # findings of maps whose settings name no baseline
    for target, each, own in checked.values():
        if each.baseline is None:
            unrecorded += 1
        else:
            path = each.baseline.resolve()
            paths[path].append(finding_key(own, target, path.parent))
    for path, keys in paths.items():
        try:
            count = write_baseline(path, keys)
        except OSError as error:
            click.echo(one_line(f"dday2 check: cannot write {path}: {error.strerror or error}"), err=True)
            return ExitCode.USAGE
        click.echo(one_line(f"dday2 check: wrote {_findings(count)} to the baseline "
                            f"{_named_file(path)}"), err=True)
    if unrecorded:
        click.echo(one_line(f"dday2 check: {_findings(unrecorded)} not recorded: their maps' settings name no "
                            "baseline"), err=True)
    return ExitCode.CLEAN


def _tell_baselines(outcomes) -> None:
    """On stderr, what each baseline left out, and what it holds that the check no longer finds."""
    for outcome in outcomes:
        shown = _named_file(outcome.path)
        if outcome.left_out:
            click.echo(one_line(f"dday2 check: {_findings(outcome.left_out)} "
                                f"left out, as the baseline {shown} holds them"), err=True)
        if outcome.not_found:
            click.echo(one_line(f"dday2 check: {_findings(outcome.not_found)} "
                                f"the baseline {shown} holds no longer found (fixed?): --write-baseline records "
                                "the maps as they are now"), err=True)


def _findings(count: int) -> str:
    """`1 finding`, `2 findings`."""
    return f"{count} finding{'s' if count != 1 else ''}"


def _named_file(path: Path) -> str:
    """`path` from the current folder when it is below it, else as it is."""
    relative = os.path.relpath(os.path.abspath(path))
    return Path(relative).as_posix() if not relative.startswith(os.pardir) else Path(path).as_posix()
