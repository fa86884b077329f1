"""The outside of a save: gzip around one serialization stream, then its top-level items.

`read_save_items` gunzips with a size cap (no gzip bomb), checks the magic, reads every
top-level item with the TripleA-aware decoders and splits them into the version object,
the `GameData` object and the delegate states (`<DelegateStart>` ... `<EndDelegateList>`).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from converter.save.errors import SaveFormatError
from converter.save.javacoll import DECODERS, OBJECTS_DECODERS, PRIMITIVE_DECODERS
from converter.save.stream import LOW_LEVEL_ERRORS, BlockData, JavaObject, StreamReader

MAX_UNCOMPRESSED = 256 * 1024 * 1024  # real saves are a few MB; bigger means a bomb
GZIP_MAGIC = b"\x1f\x8b"


def _guid(obj: JavaObject) -> str:
    """1.9 `games.strategy.net.GUID`: an int counter plus the writing VM's id."""
    data = obj.custom_data()
    counter = next((int.from_bytes(item[:4], "big", signed=True) for item in data if isinstance(item, BlockData)), 0)
    vm = next((item for item in data if isinstance(item, JavaObject)), None)
    uid = vm.get("uid") if isinstance(vm, JavaObject) else None
    stamp = uid.get("time", 0) if isinstance(uid, JavaObject) else 0
    return f"guid-{stamp:x}-{counter}"


def _integer_map(obj: JavaObject) -> Any:
    values = obj.get("mapValues")
    return values if isinstance(values, dict) else {}


def _tuple(obj: JavaObject) -> tuple[Any, Any]:
    return (obj.get("first"), obj.get("second"))


# TripleA's own small value types, decoded like the Java library ones.
TRIPLEA_DECODERS = {
    **DECODERS,
    "games.strategy.net.GUID": _guid,
    "games.strategy.util.IntegerMap": _integer_map,
    "org.triplea.java.collections.IntegerMap": _integer_map,
    "games.strategy.util.Tuple": _tuple,
    "org.triplea.util.Tuple": _tuple,
}


@dataclass(frozen=True)
class DelegateState:
    name: str
    display_name: str
    class_name: str
    state: Any


@dataclass(frozen=True)
class SaveItems:
    """The raw top-level content of a save."""

    version: JavaObject
    game_data: JavaObject
    delegates: tuple[DelegateState, ...]
    stream_bytes: int  # size of the uncompressed stream
    objects_read: int
    max_depth: int


def gunzip(raw: bytes, limit: int = MAX_UNCOMPRESSED) -> bytes:
    if raw[:2] != GZIP_MAGIC:
        raise SaveFormatError("not a gzip file (a TripleA save is gzip-compressed)", 0)
    inflater = zlib.decompressobj(wbits=31)
    try:
        data = inflater.decompress(raw, limit + 1)
    except zlib.error as error:
        raise SaveFormatError(f"corrupt gzip data: {error}") from None
    if len(data) > limit:
        raise SaveFormatError(f"uncompressed save larger than {limit} bytes")
    if not inflater.eof:
        raise SaveFormatError("truncated gzip data (the save is cut short)")
    return data


def read_save_items(source: str | Path | bytes) -> SaveItems:
    raw = source if isinstance(source, bytes) else _read_file(Path(source))
    data = gunzip(raw)
    reader = StreamReader(data, TRIPLEA_DECODERS, primitive_decoders=PRIMITIVE_DECODERS,
                          objects_decoders=OBJECTS_DECODERS)
    try:
        items = []
        while not reader.at_end:
            items.append(reader.read_item())
    except SaveFormatError:
        raise
    except LOW_LEVEL_ERRORS as error:
        raise SaveFormatError(f"garbled stream: {type(error).__name__}: {error}", reader.pos) from None
    if len(items) < 2 or not isinstance(items[0], JavaObject) or not items[0].class_name.endswith(".Version"):
        raise SaveFormatError("stream does not start with an engine version object")
    game_data = items[1]
    if not isinstance(game_data, JavaObject) or not game_data.class_name.endswith(".GameData"):
        raise SaveFormatError("second item of the stream is not the GameData")
    return SaveItems(items[0], game_data, _delegates(items[2:]), len(data), reader.objects_read,
                     reader.max_depth_seen)


def _read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise SaveFormatError(f"cannot read {path}: {error.strerror or error}") from None


def _delegates(items: list[Any]) -> tuple[DelegateState, ...]:
    delegates = []
    index = 0
    while index < len(items) and items[index] == "<DelegateStart>":
        chunk = items[index + 1: index + 6]
        if len(chunk) < 5 or chunk[3] != "<DelegateData>":
            raise SaveFormatError("delegate list is cut short or out of order")
        name, display, class_name, _, state = chunk
        delegates.append(DelegateState(str(name), str(display), str(class_name), state))
        index += 6
    if index >= len(items) or items[index] != "<EndDelegateList>":
        raise SaveFormatError("delegate list has no end marker")
    return tuple(delegates)
