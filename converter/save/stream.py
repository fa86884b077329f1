"""A reader of the Java object-serialization grammar (protocol version 2), no Java needed.

The grammar is public (Java Object Serialization Specification, chapter 6). This reader
walks it over an in-memory buffer of the uncompressed stream and returns Python values:

- `TC_STRING` / `TC_LONGSTRING` -> `str` (Java modified UTF-8, decoded with one
  `bytes.decode` in the common case; `C0 80` NULs and surrogate pairs on the slow path);
- `TC_OBJECT` -> `JavaObject` (class name, flattened fields, per-class custom data), or
  the Python value a decoder in `javacoll.DECODERS` makes of it (lists, dicts, numbers);
- `TC_ARRAY` -> `bytes` for `byte[]`, a `tuple` for other primitive arrays (read in
  bulk with one `struct` call), a `list` for object arrays;
- `TC_ENUM` -> `JavaEnum(type_name, constant)`; `TC_CLASS` -> `JavaClass`;
- block data inside custom `writeObject` data -> `BlockData` (adjacent chunks merged).

Speed: each class descriptor gets a read plan once (`_plan`): per class level, one
precompiled `struct.Struct` for all primitive fields, the object field names, whether
custom data follows, and the decoder to apply. 1.9 saves prefix fields with `m_`; the
plan strips that prefix so callers see the same names for both engine generations.
`classreader` turns the plan into a reader function generated for the class's layout
(cached across streams); this module keeps the grammar's rare paths and the closures
those readers call (`_hot_paths`).

Safety: nesting depth, array sizes and string lengths are bounded (lengths against the
bytes left), so a hostile stream cannot recurse without end or allocate without bound;
every failure is a `SaveFormatError` (see `read_stream`).
"""

from __future__ import annotations

import struct
from typing import Any, Callable, NamedTuple

from converter.save.classreader import make_custom_reader, reader_binding
from converter.save.errors import SaveFormatError
from converter.save.javatypes import BlockData, ClassDesc, JavaClass, JavaEnum, JavaObject

__all__ = ["BlockData", "ClassDesc", "JavaClass", "JavaEnum", "JavaObject", "StreamReader", "read_stream"]

STREAM_MAGIC = 0xACED
STREAM_VERSION = 5
MAX_DEPTH = 200  # nested objects; real saves stay under 40 (see tests)

TC_NULL = 0x70
TC_REFERENCE = 0x71
TC_CLASSDESC = 0x72
TC_OBJECT = 0x73
TC_STRING = 0x74
TC_ARRAY = 0x75
TC_CLASS = 0x76
TC_BLOCKDATA = 0x77
TC_ENDBLOCKDATA = 0x78
TC_RESET = 0x79
TC_BLOCKDATALONG = 0x7A
TC_EXCEPTION = 0x7B
TC_LONGSTRING = 0x7C
TC_PROXYCLASSDESC = 0x7D
TC_ENUM = 0x7E
BASE_HANDLE = 0x7E0000

SC_WRITE_METHOD = 0x01
SC_SERIALIZABLE = 0x02
SC_EXTERNALIZABLE = 0x04
SC_BLOCK_DATA = 0x08
SC_ENUM = 0x10

# field type code -> (struct code, byte size)
PRIMITIVES: dict[str, tuple[str, int]] = {
    "B": ("b", 1), "C": ("H", 2), "D": ("d", 8), "F": ("f", 4),
    "I": ("i", 4), "J": ("q", 8), "S": ("h", 2), "Z": ("?", 1),
}
_U2 = struct.Struct(">H")
_I4 = struct.Struct(">i")
_Q8 = struct.Struct(">q")


class _Level(NamedTuple):
    """How to read one class level of an object."""

    class_name: str
    primitives: struct.Struct | None
    primitive_names: tuple[str, ...]
    chars: tuple[str, ...]  # char fields, turned from code units into str
    object_names: tuple[str, ...]
    custom_data: bool  # writeObject or block-data Externalizable data follows


Decoder = Callable[[JavaObject], Any]


def _strip_prefix(names: list[str]) -> list[str]:
    """1.9 writes `m_name`; 2.x writes `name`. Strip the prefix unless names would collide."""
    stripped = [n[2:] if n.startswith("m_") and len(n) > 2 else n for n in names]
    return stripped if len(set(stripped)) == len(stripped) else names


def _plan(desc: ClassDesc) -> tuple[_Level, ...]:
    chain: list[ClassDesc] = []
    seen: set[int] = set()
    current: ClassDesc | None = desc
    while current is not None:
        if id(current) in seen:
            raise SaveFormatError(f"class {desc.name} has a cyclic superclass chain")
        seen.add(id(current))
        chain.append(current)
        current = current.superclass
    levels = []
    for level in reversed(chain):
        flags = level.flags
        if flags & SC_EXTERNALIZABLE and not flags & SC_BLOCK_DATA:
            raise SaveFormatError(f"class {level.name} uses Externalizable protocol 1, unreadable without Java")
        prim = [(code, name) for code, name, _ in level.fields if code in PRIMITIVES]
        objs = [name for code, name, _ in level.fields if code not in PRIMITIVES]
        prim_names = _strip_prefix([name for _, name in prim])
        obj_names = _strip_prefix(objs)
        fmt = ">" + "".join(PRIMITIVES[code][0] for code, _ in prim)
        chars = tuple(n for (code, _), n in zip(prim, prim_names) if code == "C")
        custom = bool(flags & SC_WRITE_METHOD) or bool(flags & SC_EXTERNALIZABLE)
        levels.append(_Level(level.name, struct.Struct(fmt) if prim else None, tuple(prim_names),
                             chars, tuple(obj_names), custom))
    return tuple(levels)


def decode_modified_utf8(raw: bytes) -> str:
    """Java's modified UTF-8: plain UTF-8 except NUL as C0 80 and supplementary
    characters as two 3-byte surrogates. Plain UTF-8 rejects both, so the fast path
    is exact whenever it succeeds."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.replace(b"\xc0\x80", b"\x00").decode("utf-8", "surrogatepass")
        if any("\ud800" <= ch <= "\udfff" for ch in text):
            text = text.encode("utf-16-be", "surrogatepass").decode("utf-16-be", "surrogatepass")
        return text


MAX_CACHED_LAYOUTS = 4096  # bounds the cache below; real saves bring ~120 class layouts each
_BINDINGS: dict[tuple[Any, ...], tuple[Callable[..., Any], tuple[Any, ...]]] = {}


def _layout_key(desc: ClassDesc, *tables: dict[str, Any]) -> tuple[Any, ...] | None:
    """What a class's reader depends on: each level's name, flags and fields, and the
    decoders that apply. None for a cyclic chain (the plan reports it)."""
    key: list[Any] = [tuple(table.get(desc.name) for table in tables)]
    current: ClassDesc | None = desc
    while current is not None:
        if len(key) > MAX_DEPTH:
            return None
        key.append((current.name, current.flags, current.fields))
        current = current.superclass
    return tuple(key)


class StreamReader:
    """Reads top-level contents one by one (`read_item`) from an uncompressed stream."""

    def __init__(self, data: bytes, decoders: dict[str, Decoder] | None = None, max_depth: int = MAX_DEPTH,
                 primitive_decoders: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] | None = None,
                 objects_decoders: dict[str, Callable[[list[Any], str], Any]] | None = None) -> None:
        if len(data) < 4:
            raise SaveFormatError("stream too short for the Java serialization header", 0)
        magic, version = struct.unpack_from(">HH", data, 0)
        if magic != STREAM_MAGIC:
            raise SaveFormatError(f"not a Java serialization stream (magic {magic:#06x}, expected 0xaced)", 0)
        if version != STREAM_VERSION:
            raise SaveFormatError(f"unsupported serialization version {version}", 2)
        self.data = data
        self.pos = 4
        self.handles: list[Any] = []
        self.decoders = decoders or {}
        self.primitive_decoders = primitive_decoders or {}
        self.objects_decoders = objects_decoders or {}
        self.max_depth = max_depth
        self.depth = 0
        self.max_depth_seen = 0
        self.objects_read = 0
        self.readers: dict[int, Callable[[int, int], tuple[Any, int]]] = {}  # class handle -> reader
        self.read_object, read_content = _hot_paths(self)
        context = [data, len(data), self.handles, self.readers, self, self.read_object, read_content, None,
                   _I4.unpack_from, object.__new__, JavaObject, BlockData, decode_modified_utf8, _fail, _garbled,
                   LOW_LEVEL_ERRORS, max_depth]
        context[7] = make_custom_reader(tuple(context))
        self._context = tuple(context)

    # -- primitives -------------------------------------------------------------
    def _take(self, size: int) -> bytes:
        pos = self.pos
        end = pos + size
        if size < 0 or end > len(self.data):
            raise SaveFormatError(f"truncated stream: wanted {size} bytes, {len(self.data) - pos} left", pos)
        self.pos = end
        return self.data[pos:end]

    def _u1(self) -> int:
        pos = self.pos
        if pos >= len(self.data):
            raise SaveFormatError("truncated stream: unexpected end", pos)
        self.pos = pos + 1
        return self.data[pos]

    def _utf(self) -> str:
        (size,) = _U2.unpack_from(self.data, self.pos)
        self.pos += 2
        return decode_modified_utf8(self._take(size))

    def _check_length(self, count: int, unit: int, what: str) -> None:
        # A length can never exceed what is left: stops huge allocations cold.
        left = len(self.data) - self.pos
        if count < 0 or count * unit > left:
            raise SaveFormatError(f"{what} length {count} impossible with {left} bytes left", self.pos)

    @property
    def at_end(self) -> bool:
        return self.pos >= len(self.data)

    # -- grammar ----------------------------------------------------------------
    def read_item(self) -> Any:
        """One top-level content item: an object or a `BlockData`."""
        return self._content(allow_block=True)

    def _content(self, allow_block: bool = False) -> Any:
        data = self.data
        pos = self.pos
        if pos >= len(data):
            raise SaveFormatError("truncated stream: unexpected end", pos)
        tc = data[pos]
        self.pos = pos + 1
        if tc == TC_REFERENCE:
            (handle,) = _I4.unpack_from(data, pos + 1)
            self.pos = pos + 5
            index = handle - BASE_HANDLE
            if not 0 <= index < len(self.handles):
                raise SaveFormatError(f"back-reference to unknown handle {handle:#x}", pos)
            return self.handles[index]
        if tc == TC_OBJECT:
            value, self.pos = self.read_object(self.pos, self.depth)
            return value
        if tc == TC_STRING:
            (size,) = _U2.unpack_from(data, pos + 1)
            self.pos = pos + 3
            text = decode_modified_utf8(self._take(size))
            self.handles.append(text)
            return text
        if tc == TC_NULL:
            return None
        if tc == TC_ARRAY:
            return self._array()
        if tc == TC_ENUM:
            return self._enum()
        if tc == TC_CLASSDESC or tc == TC_PROXYCLASSDESC:
            self.pos = pos
            return self._class_desc()
        if tc == TC_LONGSTRING:
            (size,) = _Q8.unpack_from(data, pos + 1)
            self.pos = pos + 9
            self._check_length(size, 1, "long string")
            text = decode_modified_utf8(self._take(size))
            self.handles.append(text)
            return text
        if tc == TC_CLASS:
            desc = self._class_desc()
            value = JavaClass(desc.name if desc else "?")
            self.handles.append(value)
            return value
        if tc == TC_BLOCKDATA or tc == TC_BLOCKDATALONG:
            if not allow_block:
                raise SaveFormatError("block data where an object was expected", pos)
            self.pos = pos
            return self._block_data()
        if tc == TC_RESET:
            self.handles.clear()
            self.readers.clear()  # handle numbers start over
            return self._content(allow_block)
        if tc == TC_EXCEPTION:
            raise SaveFormatError("stream holds a serialized exception (the writer failed)", pos)
        if tc == TC_ENDBLOCKDATA:
            raise SaveFormatError("end of block data where an object was expected", pos)
        raise SaveFormatError(f"unknown type code {tc:#04x}", pos)

    def _block_data(self) -> BlockData:
        """Adjacent block-data chunks merged (Java splits at 1 KiB)."""
        data = self.data
        chunks = []
        while self.pos < len(data):
            tc = data[self.pos]
            if tc == TC_BLOCKDATA:
                size = self._take(2)[1]
            elif tc == TC_BLOCKDATALONG:
                (size,) = _I4.unpack_from(data, self.pos + 1)
                self.pos += 5
            else:
                break
            self._check_length(size, 1, "block data")
            chunks.append(self._take(size))
        return BlockData(b"".join(chunks))

    def _class_desc(self) -> ClassDesc | None:
        """classDesc: a new descriptor, a proxy descriptor, null, or a back-reference."""
        start = self.pos
        tc = self._u1()
        if tc == TC_NULL:
            return None
        if tc == TC_REFERENCE:
            self.pos = start
            desc = self._content()
            if not isinstance(desc, ClassDesc):
                raise SaveFormatError("back-reference where a class descriptor was expected", start)
            return desc
        if tc == TC_CLASSDESC:
            name = self._utf()
            (suid,) = _Q8.unpack_from(self.data, self.pos)
            self.pos += 8
            desc = ClassDesc(name, suid, 0)
            self.handles.append(desc)
            desc.flags = self._u1()
            (count,) = struct.unpack_from(">h", self.data, self.pos)
            self.pos += 2
            self._check_length(count, 3, "field list")
            fields = []
            for _ in range(count):
                code = chr(self._u1())
                field_name = self._utf()
                if code in PRIMITIVES:
                    fields.append((code, field_name, None))
                elif code in "[L":
                    class_name = self._content()
                    if not isinstance(class_name, str):
                        raise SaveFormatError(f"field {field_name} of {name} has no type name", self.pos)
                    fields.append((code, field_name, class_name))
                else:
                    raise SaveFormatError(f"field {field_name} of {name} has unknown type code {code!r}", self.pos)
            desc.fields = tuple(fields)
            self._skip_annotation()
            desc.superclass = self._nested_class_desc()
            return desc
        if tc == TC_PROXYCLASSDESC:
            desc = ClassDesc("<proxy>", 0, SC_SERIALIZABLE)
            self.handles.append(desc)
            (count,) = _I4.unpack_from(self.data, self.pos)
            self.pos += 4
            self._check_length(count, 2, "proxy interface list")
            desc.interfaces = tuple(self._utf() for _ in range(count))
            desc.name = "<proxy " + ",".join(desc.interfaces) + ">"
            self._skip_annotation()
            desc.superclass = self._nested_class_desc()
            return desc
        raise SaveFormatError(f"type code {tc:#04x} where a class descriptor was expected", start)

    def _nested_class_desc(self) -> ClassDesc | None:
        self._enter()
        try:
            return self._class_desc()
        finally:
            self.depth -= 1

    def _skip_annotation(self) -> None:
        """Class annotations (written by ObjectOutputStream subclasses): read and drop."""
        self._enter()
        try:
            while True:
                if self.pos < len(self.data) and self.data[self.pos] == TC_ENDBLOCKDATA:
                    self.pos += 1
                    return
                self._content(allow_block=True)
        finally:
            self.depth -= 1

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > self.max_depth:
            raise SaveFormatError(f"objects nested deeper than {self.max_depth}", self.pos)
        if self.depth > self.max_depth_seen:
            self.max_depth_seen = self.depth

    def _compile(self, desc: ClassDesc) -> Callable[[int, int], tuple[Any, int]]:
        """The class's reader (see `classreader`). Layouts recur in every save of an engine
        generation, so the work before the reader (plan, shape, factory) is cached by the
        descriptor chain's content and the decoders that apply."""
        key = _layout_key(desc, self.decoders, self.objects_decoders, self.primitive_decoders)
        binding = _BINDINGS.get(key) if key is not None else None
        if binding is None:
            binding = self._binding(desc)
            if key is not None and len(_BINDINGS) < MAX_CACHED_LAYOUTS:
                _BINDINGS[key] = binding
        factory, arguments = binding
        return factory(*self._context, *arguments)

    def _binding(self, desc: ClassDesc) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        """Plan and reader factory, with the class's decoder, and its primitive maker when
        the stream's layout is exactly the one the maker expects (else the object is read
        in full and the decoder, if any, applied)."""
        levels = _plan(desc)
        maker = None
        expected = self.primitive_decoders.get(desc.name)
        if expected is not None and len(levels) == 1:
            level = levels[0]
            if level.primitive_names == expected[0] and not level.object_names and not level.chars \
                    and not level.custom_data and level.primitives is not None:
                maker = expected[1]
        return reader_binding(levels, desc.name, self.decoders.get(desc.name), self.objects_decoders.get(desc.name),
                              maker)

    def _array(self) -> Any:
        desc = self._class_desc()
        if desc is None or not desc.name.startswith("[") or len(desc.name) < 2:
            raise SaveFormatError("array without an array class descriptor", self.pos)
        (size,) = _I4.unpack_from(self.data, self.pos)
        self.pos += 4
        code = desc.name[1]
        if code in PRIMITIVES:
            struct_code, unit = PRIMITIVES[code]
            self._check_length(size, unit, "array")
            if code == "B":
                value: Any = self._take(size)
            else:
                value = struct.unpack_from(f">{size}{struct_code}", self.data, self.pos)
                self.pos += size * unit
                if code == "C":
                    value = "".join(map(chr, value))
            self.handles.append(value)
            return value
        self._check_length(size, 1, "array")
        items: list[Any] = []
        self.handles.append(items)  # registered before the elements: they may refer back
        self._enter()
        try:
            content = self._content
            for _ in range(size):
                items.append(content())
        finally:
            self.depth -= 1
        return items

    def _enum(self) -> JavaEnum:
        desc = self._class_desc()
        if desc is None:
            raise SaveFormatError("enum without a class descriptor", self.pos)
        index = len(self.handles)
        self.handles.append(None)
        constant = self._content()
        if not isinstance(constant, str):
            raise SaveFormatError(f"enum {desc.name} without a constant name", self.pos)
        value = JavaEnum(desc.name, constant)
        self.handles[index] = value
        return value


def _fail(message: str, pos: int) -> None:
    raise SaveFormatError(message, pos)


def _garbled(error: Exception, pos: int) -> None:
    raise SaveFormatError(f"garbled stream: {type(error).__name__}: {error}", pos) from None


def _hot_paths(reader: StreamReader) -> tuple[Callable[..., tuple[Any, int]], ...]:
    """The reads generated class readers call, as closures over the stream (cheaper than
    methods): `(pos, depth, ...) -> (value, pos)`, `depth` being the container's depth.
    Rare grammar goes through the reader's methods, with `pos` and `depth` handed over."""
    data = reader.data
    handles = reader.handles  # cleared in place on TC_RESET, never replaced
    readers = reader.readers
    unpack_i = _I4.unpack_from

    def read_object(pos: int, depth: int) -> tuple[Any, int]:
        """An object after its TC_OBJECT byte: class descriptor, then the class's reader."""
        if data[pos] == TC_REFERENCE:
            handle = unpack_i(data, pos + 1)[0]
            index = handle - BASE_HANDLE
            desc = handles[index] if 0 <= index < len(handles) else None
            if desc.__class__ is not ClassDesc:
                raise SaveFormatError("object whose class descriptor reference is not a class descriptor", pos)
            read = desc.reader
            if read is None:
                read = desc.reader = reader._compile(desc)
            readers[handle] = read  # generated readers look classes up here, inline
            return read(pos + 5, depth)
        saved = reader.depth
        reader.pos, reader.depth = pos, depth
        desc = reader._class_desc()
        reader.depth = saved
        if desc is None:
            raise SaveFormatError("object without a class descriptor", reader.pos)
        read = desc.reader
        if read is None:
            read = desc.reader = reader._compile(desc)
        return read(reader.pos, depth)

    def read_content(pos: int, depth: int, allow_block: bool) -> tuple[Any, int]:
        saved = reader.depth
        reader.pos, reader.depth = pos, depth
        value = reader._content(allow_block)
        reader.depth = saved
        return value, reader.pos

    return read_object, read_content

# Low-level failures a garbled stream can trigger anywhere in the walk; all mean "bad input".
LOW_LEVEL_ERRORS = (struct.error, IndexError, ValueError, KeyError, TypeError, AttributeError,
                    UnicodeDecodeError, RecursionError, OverflowError)


def read_stream(data: bytes, decoders: dict[str, Decoder] | None = None, max_items: int | None = None) -> list[Any]:
    """All top-level items of an uncompressed stream (or the first `max_items`)."""
    reader = StreamReader(data, decoders)
    items: list[Any] = []
    try:
        while not reader.at_end and (max_items is None or len(items) < max_items):
            items.append(reader.read_item())
    except SaveFormatError:
        raise
    except LOW_LEVEL_ERRORS as error:
        raise SaveFormatError(f"garbled stream: {type(error).__name__}: {error}", reader.pos) from None
    return items
