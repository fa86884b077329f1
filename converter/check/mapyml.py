"""A reader for the small `map.yml` files of TripleA map repositories (no YAML library):

    map_name: NAME
    games:
    - {game_name: NAME, file_name: FILE.xml}      (flow style)
    - game_name: NAME                             (or block style)
      file_name: FILE.xml

Anything else is kept as an error with its line number rather than guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


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


_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s*(.*)$")


def _scalar(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text.split(" #", 1)[0].strip()


def _flow_mapping(text: str) -> dict[str, str] | None:
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    pairs = {}
    for part in text[1:-1].split(","):
        key, colon, value = part.partition(":")
        if not colon:
            return None
        pairs[key.strip()] = _scalar(value)
    return pairs


def read_map_yml(path: Path) -> MapYml:
    result = MapYml(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        result.errors.append((1, f"cannot read: {error}"))
        return result
    in_games = False
    current: dict[str, str] | None = None
    current_line = 0

    def close() -> None:
        nonlocal current
        if current is not None:
            result.games.append(GameEntry(current.get("game_name"), current.get("file_name"), current_line))
            current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.split("#", 1)[0].rstrip() if not raw.lstrip().startswith(("'", '"')) else raw.rstrip()
        if not stripped.strip():
            continue
        indented = raw[0] in " \t"
        body = stripped.strip()
        if in_games and (indented or body.startswith("-")):
            if body.startswith("-"):
                close()
                item = body[1:].strip()
                current_line = number
                flow = _flow_mapping(item)
                if flow is not None:
                    current = flow
                    close()
                    continue
                current = {}
                body = item
                if not body:
                    continue
            match = _KEY.match(body)
            if current is None or not match:
                result.errors.append((number, f"cannot read games entry {body[:40]!r}"))
                continue
            current[match.group(1)] = _scalar(match.group(2))
            continue
        close()
        in_games = False
        match = _KEY.match(body)
        if indented or not match:
            result.errors.append((number, f"cannot read {body[:40]!r}"))
            continue
        key, value = match.group(1), match.group(2)
        if key == "map_name":
            result.map_name, result.map_name_line = _scalar(value), number
        elif key == "games":
            in_games = True
            if value.strip() not in ("", "[]"):
                result.errors.append((number, "expected the games as a list on the following lines"))
        else:
            result.other_keys[key] = number
    close()
    return result
