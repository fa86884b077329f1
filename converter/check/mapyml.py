"""A reader for the `map.yml` of a TripleA map repository, by PyYAML's composer (nodes with
their lines; no Python objects are built from the text):

    map_name: NAME
    games:
    - {game_name: NAME, file_name: FILE.xml}      (flow style)
    - game_name: NAME                             (or block style)
      file_name: FILE.xml

2.x reads it with a full YAML parser (snakeyaml-engine), so quoted names with commas, `''`
in single quotes and values running on over lines are read as YAML reads them. Text that is
not YAML, or entries of another shape, are kept as errors with their line numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass(frozen=True)
class GameEntry:
    game_name: str | None
    file_name: str | None
    line: int


@dataclass
class MapYml:
    path: Path
    map_name: str | None = None
    map_name_line: int | None = None
    games: list[GameEntry] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)
    other_keys: dict[str, int] = field(default_factory=dict)
    parsed: bool = True  # False when the file is not YAML (or cannot be read): nothing of it is known


MAX_MAP_YML_BYTES = 1_000_000  # a map.yml is a few lines; a bigger file is not read


def read_map_yml(path: Path) -> MapYml:
    result = MapYml(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_MAP_YML_BYTES + 1)
        text = data.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        return _unparsed(result, 1, f"cannot read: {error}")
    if len(data) > MAX_MAP_YML_BYTES:
        return _unparsed(result, 1, f"cannot read: larger than {MAX_MAP_YML_BYTES:,} bytes")
    plain = _read_plain(path, text)
    if plain is not None:
        return plain
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)  # the Python composer: deep nesting is a RecursionError
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        return _unparsed(result, mark.line + 1 if mark is not None else 1, f"not YAML: {problem}")
    except RecursionError:
        return _unparsed(result, 1, "not YAML: nested too deeply")
    if root is None:
        return result
    if not isinstance(root, yaml.MappingNode):
        result.errors.append((_line(root), "expected keys such as map_name and games"))
        return result
    for key_node, value in root.value:
        key, line = _text(key_node), _line(key_node)
        if key == "map_name":
            result.map_name, result.map_name_line = _text(value), line
            if result.map_name is None:
                result.errors.append((line, "map_name is not a plain value"))
        elif key == "games":
            _read_games(value, result)
        elif key is not None:
            result.other_keys[key] = line
        else:
            result.errors.append((line, "cannot read a key that is not a plain value"))
    return result


def _unparsed(result: MapYml, line: int, reason: str) -> MapYml:
    """`result` for a file not read as YAML: the error, and nothing else known of it."""
    result.errors.append((line, reason))
    result.parsed = False
    return result


# The usual map.yml, line by line, read without the YAML library (its composer takes longer
# than the rest of the map.yml rules): names of letters, digits, blanks and `_.-()` only, so
# YAML reads each value exactly as written. Any other file goes to the YAML library.
_NAME = r"([A-Za-z0-9_(][A-Za-z0-9_ .()-]*[A-Za-z0-9_.)]|[A-Za-z0-9_])"
_PLAIN_LINES = (
    ("map_name", re.compile(rf"map_name: {_NAME}")),
    ("games", re.compile(r"games:")),
    ("entry", re.compile(rf"- \{{game_name: {_NAME}, file_name: {_NAME}\}}")),
)
_YAML_NULLS = frozenset(("null", "Null", "NULL"))


def _read_plain(path: Path, text: str) -> MapYml | None:
    """`read_map_yml`'s answer for a file of only `map_name: NAME`, `games:` and
    `- {game_name: NAME, file_name: NAME}` lines, in that order; None for any other file."""
    result, stage = MapYml(path), 0
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip(" ")
        if not line:
            continue
        for kind, pattern in _PLAIN_LINES[stage:]:
            match = pattern.fullmatch(line)
            if match is not None:
                break
        else:
            return None
        values = match.groups()
        if any(value in _YAML_NULLS for value in values):
            return None
        if kind == "map_name":
            result.map_name, result.map_name_line, stage = values[0], number, 1
        elif kind == "games":
            stage = 2
        else:
            result.games.append(GameEntry(values[0], values[1], number))
    return result if stage == 2 else None


def _read_games(node: yaml.Node, result: MapYml) -> None:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
        return  # `games:` and nothing under it
    if not isinstance(node, yaml.SequenceNode):
        result.errors.append((_line(node), "expected the games as a list on the following lines"))
        return
    for item in node.value:
        if not isinstance(item, yaml.MappingNode):
            result.errors.append((_line(item), f"cannot read games entry {_shown(item)!r}"))
            continue
        names = {_text(key): value for key, value in item.value}
        result.games.append(GameEntry(_text(names["game_name"]) if "game_name" in names else None,
                                      _text(names["file_name"]) if "file_name" in names else None, _line(item)))


def _text(node: yaml.Node) -> str | None:
    """A scalar's text as written (quotes undone); None for a list, a mapping or an empty value."""
    if not isinstance(node, yaml.ScalarNode) or node.tag == "tag:yaml.org,2002:null":
        return None
    return node.value


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _shown(node: yaml.Node) -> str:
    return str(node.value)[:40] if isinstance(node, yaml.ScalarNode) else type(node).__name__[:-4].lower()
