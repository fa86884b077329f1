"""Y5xx: map.yml, the map repository's index read by the map downloader."""

from __future__ import annotations

import re

from converter.check.inputs import find_below, listed_candidates, path_is_file, safe_listed_name
from converter.check.rule import hit, rule
from converter.findings import Severity

_MAP_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.'()&+-]*$")


@rule("Y501", "map-yml.missing", Severity.WARNING, "the map repository has no map.yml")
def missing(context):
    target = context.target
    # a repository is a folder holding map/ (the map folder's parent) without map.yml
    if target.repo_root is None and target.map_dir is not None and target.map_dir.name == "map" \
            and target.xml is not None:
        yield hit(file=target.map_dir.parent)


@rule("Y502", "map-yml.unreadable-line", Severity.ERROR, "map.yml line cannot be read: {reason}")
def unreadable_line(context):
    yml = context.map_yml
    for line, reason in yml.errors if yml is not None else ():
        yield hit(file=yml.path, line=line, reason=reason)


@rule("Y503", "map-yml.map-name", Severity.ERROR, "map.yml {problem}")
def map_name(context):
    yml = context.map_yml
    if yml is None:
        return
    if not yml.map_name:
        yield hit(file=yml.path, problem="has no map_name")
    elif not _MAP_NAME.match(yml.map_name):
        yield hit(file=yml.path, line=yml.map_name_line,
                  problem=f"map_name {yml.map_name!r} has characters a folder name should not have")


@rule("Y504", "map-yml.game-file-missing", Severity.ERROR, "map.yml lists {file_name!r}, which {problem}")
def game_file_missing(context):
    yml, root = context.map_yml, context.target.repo_root
    if yml is None or root is None:
        return
    map_dir = context.target.map_dir or root
    for entry in yml.games:
        if not entry.file_name:
            continue
        if not safe_listed_name(entry.file_name):
            yield hit(file=yml.path, line=entry.line, file_name=entry.file_name, problem="points outside the repository")
        elif not any(map(path_is_file, listed_candidates(root, map_dir, entry.file_name))) \
                and not find_below(root, entry.file_name):
            yield hit(file=yml.path, line=entry.line, file_name=entry.file_name, problem="does not exist")


@rule("Y505", "map-yml.incomplete-entry", Severity.ERROR, "map.yml games entry has no {key}")
def incomplete_entry(context):
    yml = context.map_yml
    for entry in yml.games if yml is not None else ():
        for key, value in (("game_name", entry.game_name), ("file_name", entry.file_name)):
            if not value:
                yield hit(file=yml.path, line=entry.line, key=key)


@rule("Y506", "map-yml.game-name-differs", Severity.WARNING,
      "map.yml calls {file_name!r} {listed!r}, but its <info name> is {actual!r}")
def game_name_differs(context):
    yml, model, xml = context.map_yml, context.model, context.target.xml
    if yml is None or model is None or xml is None:
        return
    for entry in yml.games:
        if entry.file_name == xml.name and entry.game_name and model.info_name and entry.game_name != model.info_name:
            yield hit(file=yml.path, line=entry.line, file_name=entry.file_name, listed=entry.game_name,
                      actual=model.info_name)


@rule("Y507", "map-yml.game-not-listed", Severity.WARNING, "game XML {file_name!r} is not listed in map.yml")
def game_not_listed(context):
    yml, xml = context.map_yml, context.target.xml
    if yml is None or xml is None:
        return
    if xml.name not in {entry.file_name for entry in yml.games}:
        yield hit(file=yml.path, file_name=xml.name)


@rule("Y508", "map-yml.no-games", Severity.ERROR, "map.yml lists no games")
def no_games(context):
    yml = context.map_yml
    if yml is not None and not yml.games and not yml.errors:
        yield hit(file=yml.path)
