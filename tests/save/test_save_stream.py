"""The Java serialization grammar reader on hand-built streams, good and bad."""

from __future__ import annotations

import gzip
import struct

import pytest

from converter.save.envelope import gunzip, read_save_items
from converter.save.errors import SaveFormatError
from converter.save.javacoll import DECODERS
from converter.save.stream import BlockData, JavaEnum, JavaObject, decode_modified_utf8, read_stream

BASE = 0x7E0000


class StreamBuilder:
    """Writes the grammar by hand (independent of the reader) for tests."""

    def __init__(self, magic: bytes = b"\xac\xed\x00\x05") -> None:
        self.out = bytearray(magic)

    def raw(self, data: bytes) -> "StreamBuilder":
        self.out += data
        return self

    def utf(self, text: str) -> "StreamBuilder":
        encoded = java_utf(text)
        return self.raw(struct.pack(">H", len(encoded)) + encoded)

    def string(self, text: str) -> "StreamBuilder":
        return self.raw(b"\x74").utf(text)

    def ref(self, handle: int) -> "StreamBuilder":
        return self.raw(b"\x71" + struct.pack(">i", BASE + handle))

    def null(self) -> "StreamBuilder":
        return self.raw(b"\x70")

    def class_desc(self, name: str, flags: int, fields: list[tuple[str, str, str | None]]) -> "StreamBuilder":
        """New class descriptor; object field type names written as new strings."""
        self.raw(b"\x72").utf(name).raw(struct.pack(">qBh", 42, flags, len(fields)))
        for code, field_name, type_name in fields:
            self.raw(code.encode()).utf(field_name)
            if type_name is not None:
                self.string(type_name)
        return self.raw(b"\x78")  # end of class annotation; caller writes the superclass

    def block(self, data: bytes) -> "StreamBuilder":
        return self.raw(b"\x77" + bytes([len(data)]) + data)

    def bytes(self) -> bytes:
        return bytes(self.out)


def java_utf(text: str) -> bytes:
    """Java modified UTF-8, written independently of the reader."""
    out = bytearray()
    for unit in struct.unpack(f">{len(text.encode('utf-16-be')) // 2}H", text.encode("utf-16-be")):
        if 0 < unit < 0x80:
            out.append(unit)
        elif unit < 0x800:
            out += bytes([0xC0 | unit >> 6, 0x80 | unit & 0x3F])
        else:
            out += bytes([0xE0 | unit >> 12, 0x80 | (unit >> 6) & 0x3F, 0x80 | unit & 0x3F])
    return bytes(out)


def test_modified_utf8_nul_and_surrogate_pairs() -> None:
    text = "a\x00b😀é€"
    raw = java_utf(text)
    assert b"\xc0\x80" in raw and b"\xed\xa0\xbd" in raw  # NUL and a high surrogate, Java style
    assert decode_modified_utf8(raw) == text
    stream = StreamBuilder().string(text).bytes()
    assert read_stream(stream) == [text]


def test_object_fields_primitives_strings_and_back_reference() -> None:
    b = StreamBuilder()
    # handles: 0 desc, 1 and 2 the field type names, 3 the object, 4 "Berlin"
    b.raw(b"\x73").class_desc("games.strategy.util.Thing", 0x02, [
        ("I", "m_count", None), ("J", "m_big", None), ("Z", "m_flag", None), ("D", "m_ratio", None),
        ("C", "m_letter", None), ("L", "m_name", "Ljava/lang/String;"), ("L", "m_alias", "Ljava/lang/String;"),
    ]).null()
    b.raw(struct.pack(">iq?dH", -7, 2**40, True, 0.5, ord("Z"))).string("Berlin").ref(4)
    (obj,) = read_stream(b.bytes())
    assert isinstance(obj, JavaObject) and obj.simple_name == "Thing"
    assert obj.fields == {"count": -7, "big": 2**40, "flag": True, "ratio": 0.5, "letter": "Z",
                          "name": "Berlin", "alias": "Berlin"}  # m_ prefixes stripped (1.9 naming)


def test_arrays_are_read_in_bulk() -> None:
    b = StreamBuilder()
    b.raw(b"\x75").class_desc("[I", 0x02, []).null().raw(struct.pack(">i5i", 5, 1, -2, 3, 2**31 - 1, 0))
    b.raw(b"\x75").class_desc("[B", 0x02, []).null().raw(struct.pack(">i", 3) + b"\x01\x02\xff")
    b.raw(b"\x75").class_desc("[Ljava.lang.Object;", 0x02, []).null().raw(struct.pack(">i", 2)).null().string("x")
    ints, raw_bytes, objects = read_stream(b.bytes())
    assert ints == (1, -2, 3, 2**31 - 1, 0)
    assert raw_bytes == b"\x01\x02\xff"
    assert objects == [None, "x"]


def test_enum_constant() -> None:
    b = StreamBuilder()
    b.raw(b"\x7e").class_desc("org.Colour", 0x12, []).raw(b"\x72").utf("java.lang.Enum").raw(
        struct.pack(">qBh", 0, 0x12, 0)).raw(b"\x78").null().string("RED")
    assert read_stream(b.bytes()) == [JavaEnum("org.Colour", "RED")]


def test_write_object_collections_are_decoded() -> None:
    b = StreamBuilder()
    # ArrayList: field size, custom data = int capacity + elements
    b.raw(b"\x73").class_desc("java.util.ArrayList", 0x03, [("I", "size", None)]).null()
    b.raw(struct.pack(">i", 2)).block(struct.pack(">i", 2)).string("a").null().raw(b"\x78")
    # HashMap: fields loadFactor, threshold; custom data = buckets, size, key, value ...
    b.raw(b"\x73").class_desc("java.util.HashMap", 0x03, [("F", "loadFactor", None), ("I", "threshold", None)]).null()
    b.raw(struct.pack(">fi", 0.75, 12)).block(struct.pack(">ii", 16, 1)).string("k").string("v").raw(b"\x78")
    assert read_stream(b.bytes(), DECODERS) == [["a", None], {"k": "v"}]


def test_custom_data_without_default_fields() -> None:
    """1.9's DelegateList declares a field but its writeObject never writes it."""
    b = StreamBuilder()
    b.raw(b"\x73").class_desc("games.strategy.engine.data.DelegateList", 0x03,
                              [("L", "m_delegates", "Ljava/util/Map;")]).null()
    b.raw(b"\x78")  # custom data: empty
    b.string("after")
    obj, after = read_stream(b.bytes())
    assert obj.fields == {} and obj.custom_data() == [] and after == "after"


def test_block_data_top_level_and_long_string_and_reset() -> None:
    b = StreamBuilder().block(b"\x00\x01").raw(b"\x7c" + struct.pack(">q", 3) + b"abc").raw(b"\x79").string("z")
    block, long_text, after_reset = read_stream(b.bytes())
    assert isinstance(block, BlockData) and block == b"\x00\x01"
    assert (long_text, after_reset) == ("abc", "z")


# -- bad input ---------------------------------------------------------------------------
def _sample_stream() -> bytes:
    b = StreamBuilder()
    b.raw(b"\x73").class_desc("java.util.ArrayList", 0x03, [("I", "size", None)]).null()
    b.raw(struct.pack(">i", 2)).block(struct.pack(">i", 2)).string("a").string("b").raw(b"\x78")
    return b.bytes()


@pytest.mark.parametrize("stream, message", [
    (b"\xca\xfe\xba\xbe", "not a Java serialization stream"),
    (b"\xac\xed", "too short"),
    (b"\xac\xed\x00\x04", "unsupported serialization version"),
    (StreamBuilder().raw(b"\x42").bytes(), "unknown type code"),
    (StreamBuilder().ref(99).bytes(), "unknown handle"),
    (StreamBuilder().raw(b"\x7b").bytes(), "serialized exception"),
    (StreamBuilder().raw(b"\x75").class_desc("[I", 2, []).null().raw(struct.pack(">i", 2**31 - 1)).bytes(),
     "array length"),
    (StreamBuilder().raw(b"\x7c" + struct.pack(">q", 2**62)).bytes(), "long string length"),
    (StreamBuilder().raw(b"\x74\xff\xff").bytes(), "truncated"),
    (StreamBuilder().raw(b"\x73").class_desc("X", 0x04, []).null().bytes(), "Externalizable protocol 1"),
])
def test_bad_streams_raise_save_format_error(stream: bytes, message: str) -> None:
    with pytest.raises(SaveFormatError, match=message):
        read_stream(stream, DECODERS)


def test_every_truncation_is_a_save_format_error() -> None:
    stream = _sample_stream()
    assert read_stream(stream, DECODERS) == [["a", "b"]]
    for cut in range(len(stream)):
        try:
            read_stream(stream[:cut], DECODERS)
        except SaveFormatError:
            pass  # the only failure allowed; a clean prefix may also read fine


def test_deep_nesting_is_refused_not_a_recursion_error() -> None:
    b = StreamBuilder()
    b.raw(b"\x73").class_desc("Node", 0x02, [("L", "next", "LNode;")]).null()
    for _ in range(5000):  # each nested object refers to the first descriptor (handle 0)
        b.raw(b"\x73").ref(0)
    b.null()
    with pytest.raises(SaveFormatError, match="nested deeper"):
        read_stream(b.bytes())


def test_envelope_errors() -> None:
    with pytest.raises(SaveFormatError, match="not a gzip file"):
        read_save_items(b"PK\x03\x04 not gzip")
    with pytest.raises(SaveFormatError, match="truncated gzip"):
        read_save_items(gzip.compress(_sample_stream())[:-12])
    with pytest.raises(SaveFormatError, match="larger than"):
        gunzip(gzip.compress(b"\0" * 100_000), limit=1000)  # a small gzip bomb
    with pytest.raises(SaveFormatError, match="engine version object"):
        read_save_items(gzip.compress(_sample_stream()))
    with pytest.raises(SaveFormatError, match="cannot read"):
        read_save_items("/nonexistent/save.tsvg")
    with pytest.raises(SaveFormatError, match="not a gzip file"):
        read_save_items(b"")


def test_proxy_class_descriptor() -> None:
    b = StreamBuilder()
    b.raw(b"\x73\x7d" + struct.pack(">i", 2)).utf("org.A").utf("org.B").raw(b"\x78")  # interfaces, annotation end
    b.class_desc("java.lang.reflect.Proxy", 0x02, [("L", "h", "Ljava/lang/reflect/InvocationHandler;")]).null()
    b.string("handler")  # the Proxy level's field h
    (obj,) = read_stream(b.bytes())
    assert obj.class_name == "<proxy org.A,org.B>" and obj.fields == {"h": "handler"}
