"""Decoders from standard Java library objects to Python values.

The stream reader calls `DECODERS[class_name](obj)` on each finished object of a known
class and keeps the result in place of the object (later back-references included).
Collections whose `writeObject` puts their elements in custom data (ArrayList, HashMap,
Guava multimaps ...) are read through `CustomData`, a cursor over that data that reads
Java `int`s from the block data and objects in order, as the class's `readObject` would.

Results: sequences and sets -> `list` (order kept; Java set elements need not be
hashable in Python); maps -> `dict` (or `PairList` when a key is unhashable);
boxed numbers -> `int`/`float`/`bool`; `BigDecimal` -> `decimal.Decimal`; `UUID` ->
`uuid.UUID`.
"""

from __future__ import annotations

import struct
import uuid
from decimal import Decimal
from typing import Any, Callable, Iterable

from converter.save.classreader import objects_as_list
from converter.save.errors import SaveFormatError
from converter.save.stream import BlockData, JavaObject


class PairList(list):
    """A Java map whose keys Python cannot hash: a list of (key, value) pairs."""

    def items(self) -> Iterable[tuple[Any, Any]]:
        return iter(self)


class CustomData:
    """Reads a class's custom data the way its `readObject` does: ints, then objects."""

    def __init__(self, obj: JavaObject) -> None:
        # all class levels in stream order; the collection classes write at one level
        self.items: list[Any] = [item for level in (obj.annotations or {}).values() for item in level]
        self.index = 0
        self.block = b""
        self.block_pos = 0
        self.class_name = obj.class_name

    def read_int(self) -> int:
        if self.block_pos + 4 > len(self.block):
            if self.block_pos < len(self.block):
                raise SaveFormatError(f"{self.class_name}: int split across custom data")
            if self.index >= len(self.items) or not isinstance(self.items[self.index], BlockData):
                raise SaveFormatError(f"{self.class_name}: expected an int in custom data")
            self.block = self.items[self.index]
            self.block_pos = 0
            self.index += 1
            if len(self.block) < 4:
                raise SaveFormatError(f"{self.class_name}: short block data")
        (value,) = struct.unpack_from(">i", self.block, self.block_pos)
        self.block_pos += 4
        return value

    def skip_bytes(self, count: int) -> None:
        if self.block_pos + count > len(self.block):
            self.read_int()  # loads the next block (and checks there is one)
            self.block_pos += count - 4
        else:
            self.block_pos += count

    def read_object(self) -> Any:
        # block data of primitives the caller does not need is skipped over
        while self.index < len(self.items) and isinstance(self.items[self.index], BlockData):
            self.index += 1
        if self.index >= len(self.items):
            raise SaveFormatError(f"{self.class_name}: custom data ends early")
        value = self.items[self.index]
        self.index += 1
        return value

    def rest_objects(self) -> list[Any]:
        values = [item for item in self.items[self.index:] if not isinstance(item, BlockData)]
        self.index = len(self.items)
        return values


def _objects(obj: JavaObject) -> list[Any]:
    """The objects of the custom data, block data (sizes, capacities) left out."""
    annotations = obj.annotations
    if not annotations:
        return []
    if len(annotations) == 1:  # the usual case, kept fast: one level wrote custom data
        (items,) = annotations.values()
        return [item for item in items if item.__class__ is not BlockData]
    return CustomData(obj).rest_objects()


def to_dict(pairs: Iterable[tuple[Any, Any]]) -> dict[Any, Any] | PairList:
    pairs = list(pairs)
    try:
        return dict(pairs)
    except TypeError:  # e.g. a list as a key
        return PairList(pairs)


def _pairs(values: list[Any], class_name: str) -> list[tuple[Any, Any]]:
    if len(values) % 2:
        raise SaveFormatError(f"{class_name}: odd number of key/value objects")
    return list(zip(values[0::2], values[1::2]))


def _list(obj: JavaObject) -> list[Any]:
    return _objects(obj)


def _tree_set(obj: JavaObject) -> list[Any]:
    return _objects(obj)[1:]  # the comparator comes first


def _map(obj: JavaObject) -> Any:
    return to_dict(_pairs(_objects(obj), obj.class_name))


def _concurrent_map(obj: JavaObject) -> Any:
    values = _objects(obj)
    if values[-2:] == [None, None]:  # end marker
        values = values[:-2]
    return to_dict(_pairs(values, obj.class_name))


def _wrapped(obj: JavaObject) -> Any:
    """Collections$Unmodifiable*/Synchronized*: the wrapped collection."""
    fields = obj.fields
    for name in ("m", "list", "c", "s", "ss"):
        if name in fields:
            return fields[name]
    raise SaveFormatError(f"{obj.class_name}: no wrapped collection")


def _vector(obj: JavaObject) -> list[Any]:
    return list(obj.get("elementData") or [])[: obj.get("elementCount", 0)]


def _coll_ser(obj: JavaObject) -> Any:
    """java.util.CollSer: List.of / Set.of / Map.of (tag 1, 2, 3)."""
    data = CustomData(obj)
    data.read_int()
    values = data.rest_objects()
    if obj.get("tag", 0) & 0xFF == 3:
        return to_dict(_pairs(values, obj.class_name))
    return values


def _multimap(obj: JavaObject) -> Any:
    """Guava `Serialization.writeMultimap`: key count, then per key: key, count, values."""
    data = CustomData(obj)
    result = []
    for _ in range(max(0, data.read_int())):
        key = data.read_object()
        count = data.read_int()
        if count < 0 or count > len(data.items):
            raise SaveFormatError(f"{obj.class_name}: impossible value count {count}")
        result.append((key, [data.read_object() for _ in range(count)]))
    return to_dict(result)


def _guava_form(obj: JavaObject) -> Any:
    if "keys" in obj.fields:
        return to_dict(zip(obj.get("keys") or [], obj.get("values") or []))
    return list(obj.get("elements") or [])


def _big_integer(obj: JavaObject) -> int:
    magnitude = obj.get("magnitude") or b""
    return obj.get("signum", 0) * int.from_bytes(bytes(magnitude), "big")


def _big_decimal(obj: JavaObject) -> Decimal:
    unscaled = obj.get("intVal")
    if not isinstance(unscaled, int):
        raise SaveFormatError("BigDecimal without its unscaled value")
    return Decimal(unscaled).scaleb(-int(obj.get("scale", 0)))


def _uuid(obj: JavaObject) -> uuid.UUID:
    high = obj.get("mostSigBits", 0) & (2**64 - 1)
    low = obj.get("leastSigBits", 0) & (2**64 - 1)
    return uuid.UUID(int=(high << 64) | low)


_UNKNOWN_SAFETY = uuid.SafeUUID.unknown


def _uuid_from_bits(least: int, most: int) -> uuid.UUID:
    """The same `UUID` as `_uuid`, built without `UUID.__init__`'s argument parsing (hot: a
    save holds one per unit)."""
    value = uuid.UUID.__new__(uuid.UUID)
    object.__setattr__(value, "int", ((most & (2**64 - 1)) << 64) | (least & (2**64 - 1)))
    object.__setattr__(value, "is_safe", _UNKNOWN_SAFETY)
    return value


def _value(obj: JavaObject) -> Any:
    return obj.get("value")


_SEQUENCES = ("java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.HashSet",
              "java.util.LinkedHashSet", "java.util.PriorityQueue", "java.util.concurrent.CopyOnWriteArrayList",
              "java.util.concurrent.CopyOnWriteArraySet", "java.util.concurrent.ConcurrentLinkedQueue")
_MAPS = ("java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.Hashtable",
         "java.util.Properties", "java.util.IdentityHashMap", "java.util.EnumMap", "java.util.WeakHashMap")
_WRAPPERS = tuple(f"java.util.Collections${kind}{shape}" for kind in ("Unmodifiable", "Synchronized")
                  for shape in ("Collection", "Set", "List", "RandomAccessList", "SortedSet", "NavigableSet",
                                "Map", "SortedMap", "NavigableMap"))
_BOXES = ("java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Double",
          "java.lang.Float", "java.lang.Boolean", "java.lang.Character",
          "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong")
_GUAVA = "com.google.common.collect."

DECODERS: dict[str, Callable[[JavaObject], Any]] = {
    **{name: _list for name in _SEQUENCES},
    **{name: _map for name in _MAPS},
    **{name: _wrapped for name in _WRAPPERS},
    **{name: _value for name in _BOXES},
    "java.util.TreeSet": _tree_set,
    "java.util.concurrent.ConcurrentHashMap": _concurrent_map,
    "java.util.Vector": _vector,
    "java.util.Stack": _vector,
    "java.util.CollSer": _coll_ser,
    "java.util.Arrays$ArrayList": lambda obj: list(obj.get("a") or []),
    "java.util.Collections$EmptyList": lambda obj: [],
    "java.util.Collections$EmptySet": lambda obj: [],
    "java.util.Collections$EmptyMap": lambda obj: {},
    "java.util.Collections$SingletonList": lambda obj: [obj.get("element")],
    "java.util.Collections$SingletonSet": lambda obj: [obj.get("element")],
    "java.util.Collections$SingletonMap": lambda obj: to_dict([(obj.get("k"), obj.get("v"))]),
    "java.util.concurrent.atomic.AtomicBoolean": lambda obj: bool(obj.get("value")),
    "java.math.BigInteger": _big_integer,
    "java.math.BigDecimal": _big_decimal,
    "java.util.UUID": _uuid,
    **{_GUAVA + name: _multimap for name in ("ImmutableListMultimap", "ImmutableSetMultimap",
                                             "ArrayListMultimap", "HashMultimap")},
    **{_GUAVA + name + "$SerializedForm": _guava_form
       for name in ("ImmutableList", "ImmutableSet", "ImmutableSortedSet", "ImmutableMap", "ImmutableBiMap",
                    "ImmutableSortedMap", "ImmutableEnumMap", "ImmutableEnumSet")},
}

# Classes made only of primitive fields, decoded straight from their values (no
# `JavaObject` in between): class -> (field names in stream order, maker).
PRIMITIVE_DECODERS: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] = {
    "java.util.UUID": (("leastSigBits", "mostSigBits"), _uuid_from_bits),
}

# Collections whose value is made from the objects of their custom data alone (block
# data ignored): the reader hands those objects over directly, no `JavaObject` built.
# class -> (objects, class name) -> value; each matches its entry in `DECODERS`.
def _objects_map(values: list[Any], class_name: str) -> Any:
    if len(values) % 2:
        raise SaveFormatError(f"{class_name}: odd number of key/value objects")
    try:
        return dict(zip(values[0::2], values[1::2]))
    except TypeError:  # e.g. a list as a key
        return PairList(zip(values[0::2], values[1::2]))


def _objects_concurrent_map(values: list[Any], class_name: str) -> Any:
    if values[-2:] == [None, None]:  # end marker
        values = values[:-2]
    return to_dict(_pairs(values, class_name))


OBJECTS_DECODERS: dict[str, Callable[[list[Any], str], Any]] = {
    **{name: objects_as_list for name in _SEQUENCES},
    **{name: _objects_map for name in _MAPS},
    "java.util.TreeSet": lambda values, class_name: values[1:],  # the comparator comes first
    "java.util.concurrent.ConcurrentHashMap": _objects_concurrent_map,
}
