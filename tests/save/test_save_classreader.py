"""Generated per-class readers: the unusual layouts and stream events they must get right."""

from __future__ import annotations

import struct

from test_save_stream import StreamBuilder

from converter.save.javacoll import DECODERS, OBJECTS_DECODERS
from converter.save.stream import JavaObject, StreamReader, read_stream


def _read_all(stream: bytes, **tables) -> list:
    reader = StreamReader(stream, **tables)
    items = []
    while not reader.at_end:
        items.append(reader.read_item())
    return items


def test_a_field_name_repeated_across_levels_keeps_the_subclass_value_in_first_place() -> None:
    b = StreamBuilder()
    # handles: 0 Child desc, 1 Parent desc, 2 the object
    b.raw(b"\x73").class_desc("Child", 0x02, [("I", "x", None), ("I", "z", None)])
    b.class_desc("Parent", 0x02, [("I", "x", None), ("I", "y", None)]).null()
    b.raw(struct.pack(">ii", 1, 2))  # Parent level first: x=1, y=2
    b.raw(struct.pack(">ii", 10, 30))  # then Child: x=10, z=30
    (obj,) = read_stream(b.bytes())
    assert list(obj.fields.items()) == [("x", 10), ("y", 2), ("z", 30)]


def test_a_reset_forgets_class_handles() -> None:
    b = StreamBuilder()
    b.raw(b"\x73").class_desc("A", 0x02, [("I", "a", None)]).null().raw(struct.pack(">i", 1))
    b.raw(b"\x73").ref(0).raw(struct.pack(">i", 2))  # a second A through the class handle
    b.raw(b"\x79")  # reset: handle 0 is free again
    b.raw(b"\x73").class_desc("B", 0x02, [("Z", "b", None)]).null().raw(b"\x01")
    b.raw(b"\x73").ref(0).raw(b"\x00")  # now handle 0 is B
    first, second, third, fourth = read_stream(b.bytes())
    assert [(o.class_name, o.fields) for o in (first, second, third, fourth)] == [
        ("A", {"a": 1}), ("A", {"a": 2}), ("B", {"b": True}), ("B", {"b": False})]


def test_readers_follow_the_decoders_of_each_stream() -> None:
    b = StreamBuilder()
    b.raw(b"\x73").class_desc("java.util.ArrayList", 0x03, [("I", "size", None)]).null()
    b.raw(struct.pack(">i", 1)).block(struct.pack(">i", 1)).string("a").raw(b"\x78")
    stream = b.bytes()
    (decoded,) = _read_all(stream, decoders=DECODERS, objects_decoders=OBJECTS_DECODERS)
    (raw,) = _read_all(stream)  # same layout, no decoders: the object as read
    (by_object,) = _read_all(stream, decoders=DECODERS)  # the JavaObject decoder path
    assert decoded == ["a"] and by_object == ["a"]
    assert isinstance(raw, JavaObject) and raw.fields == {"size": 1} and raw.custom_data()[1:] == ["a"]


def test_collections_skip_long_block_data_and_keep_elements_in_order() -> None:
    b = StreamBuilder()
    b.raw(b"\x73").class_desc("java.util.HashMap", 0x03, [("F", "loadFactor", None), ("I", "threshold", None)])
    b.null().raw(struct.pack(">fi", 0.75, 12))
    b.raw(b"\x7a" + struct.pack(">i", 300) + bytes(300))  # TC_BLOCKDATALONG, ignored by the map
    b.string("k").string("v").string("k2").null().raw(b"\x78")
    (value,) = _read_all(b.bytes(), decoders=DECODERS, objects_decoders=OBJECTS_DECODERS)
    assert value == {"k": "v", "k2": None} and list(value) == ["k", "k2"]
