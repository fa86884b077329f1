"""Object readers specialised per class layout: Python source generated once, then reused.

Why: interpreting a read plan field by field (loop over levels, loop over names, a dict
update per level) cost ~3.7 µs per object, and a save holds ~9,000 objects. A function
written for one layout reads the same bytes in straight-line code: one `struct` call
per level's run of primitives, each object field read inline (back-reference, null,
short string, nested object of an already-seen class), and the field dict built in
one display at the end.

`make_reader(levels, ...)` returns `read(pos, depth) -> (value, pos)`: `pos` is where
the object's data starts (after its class descriptor), `depth` the nesting depth of
its container. Three kinds:

- objects: a `JavaObject`, or what the class's decoder makes of it;
- collections (the class has an *objects decoder*: ArrayList, HashMap ...): custom
  data is read as its objects only, block data (sizes, capacities) skipped unread, and
  the decoder builds the value from that list;
- primitive makers (UUID): the value straight from the primitive fields.

The source depends only on the layout's *shape* (struct formats, counts, which levels
write custom data), so compiled factories are cached by shape across streams (at most
`MAX_CACHED_SHAPES`; beyond that they are compiled per stream).

Safety: the source embeds only integers, struct formats built from the fixed
primitive table, and identifiers chosen here. Class and field names from the stream
reach the code as argument values, never as source text.

Same results as the plan interpreter this replaced, except for what a back-reference
sees of an object still being read, which no real save does (an object referring to an
ancestor only keeps the reference): its `fields` dict fills at the end, not field by
field, and a collection's stand-in is an empty `JavaObject` of its class. Layouts with
a repeated field name update the fields level by level, exactly as before.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

MAX_CACHED_SHAPES = 2048  # a real save has ~70 shapes; hostile streams may bring any number

TC_NULL = 0x70
TC_REFERENCE = 0x71
TC_OBJECT = 0x73
TC_STRING = 0x74
TC_BLOCKDATA = 0x77
TC_ENDBLOCKDATA = 0x78
TC_BLOCKDATALONG = 0x7A
BASE_HANDLE = 0x7E0000

# What the generated factory receives from the stream reader (see `stream._hot_paths`).
CONTEXT = ("data", "size", "handles", "readers", "R", "read_object", "read_content", "read_custom", "unpack_i", "new", "JavaObject", "BlockData", "decode_text", "fail", "garbled", "LOW_LEVEL", "MAX")

Reader = Callable[[int, int], tuple[Any, int]]


class LevelShape(NamedTuple):
    fmt: str | None  # struct format of the primitive run
    size: int
    primitives: int
    chars: tuple[int, ...]  # per char field: its index among the primitives
    objects: int
    custom: bool


def _value_code(out: list[str], pad: str, var: str, depth: str = "d", fallback: list[str] | None = None) -> None:
    """Source reading one object-typed value at `pos` into `var` (common cases inline;
    the rest through the reader's grammar methods, or the `fallback` lines)."""
    out += [
        f"{pad}tc = data[pos]",
        f"{pad}if tc == {TC_REFERENCE}:",
        f"{pad}    i = unpack_i(data, pos + 1)[0] - {BASE_HANDLE}",
        f"{pad}    if i < 0:",
        f"{pad}        fail(f'back-reference to unknown handle {{i + {BASE_HANDLE}:#x}}', pos)",
        f"{pad}    try:",
        f"{pad}        {var} = handles[i]",
        f"{pad}    except IndexError:",
        f"{pad}        fail(f'back-reference to unknown handle {{i + {BASE_HANDLE}:#x}}', pos)",
        f"{pad}    pos += 5",
        f"{pad}elif tc == {TC_OBJECT}:",
        # an object of a class seen before: its reader straight from the descriptor handle
        f"{pad}    read = readers.get(unpack_i(data, pos + 2)[0]) if data[pos + 1] == {TC_REFERENCE} else None",
        f"{pad}    if read is None:",
        f"{pad}        {var}, pos = read_object(pos + 1, {depth})",
        f"{pad}    else:",
        f"{pad}        {var}, pos = read(pos + 6, {depth})",
        f"{pad}elif tc == {TC_NULL}:",
        f"{pad}    {var} = None",
        f"{pad}    pos += 1",
        f"{pad}elif tc == {TC_STRING}:",
        f"{pad}    end = pos + 3 + (data[pos + 1] << 8 | data[pos + 2])",
        f"{pad}    if end > size:",
        f"{pad}        fail('truncated stream inside a string', pos)",
        f"{pad}    raw = data[pos + 3:end]",
        f"{pad}    try:",
        f"{pad}        {var} = raw.decode()",
        f"{pad}    except UnicodeDecodeError:  # Java's modified UTF-8 (NUL, surrogate pairs)",
        f"{pad}        {var} = decode_text(raw)",
        f"{pad}    handles.append({var})",
        f"{pad}    pos = end",
        f"{pad}else:",
    ]
    out += [f"{pad}    {line}" for line in fallback or [f"{var}, pos = read_content(pos, {depth}, False)"]]


def _custom_code(out: list[str], pad: str, var: str, objects_only: bool) -> None:
    if objects_only:  # a collection's elements: read here, no call
        out.append(f"{pad}{var} = []")
        _custom_loop(out, pad, var, "d", True, ["pos += 1", "break"])
        return
    out += [f"{pad}if data[pos] == {TC_ENDBLOCKDATA}:  # no custom data, the common case",
            f"{pad}    {var} = []",
            f"{pad}    pos += 1",
            f"{pad}else:",
            f"{pad}    {var}, pos = read_custom(pos, d)"]


def _enter_code(out: list[str], pad: str) -> None:
    out += [f"{pad}R.objects_read += 1",
            f"{pad}if d > R.max_depth_seen:",
            f"{pad}    R.max_depth_seen = d",
            f"{pad}    if d > MAX:",
            f"{pad}        fail(f'objects nested deeper than {{MAX}}', pos)"]


def _function(head: list[str], body: list[str], name: str) -> str:
    """The factory's source: the body guarded so a low-level failure (struct, index,
    decoding) becomes a `SaveFormatError` at the innermost reader, where `pos` says where.
    (A try block costs nothing until something is raised.)"""
    guarded = ["        try:", *("    " + line for line in body),
               "        except LOW_LEVEL as error:", "            garbled(error, pos)"]
    return "\n".join([*head, *guarded, f"    return {name}"]) + "\n"


def _fields_code(out: list[str], pad: str, pairs: list[tuple[str, str]]) -> None:
    """`obj.fields` in one display, and stores beyond 16 entries (a longer display is
    slower than stores in CPython 3.11)."""
    out.append(f"{pad}obj.fields = fields = {{{', '.join(f'{k}: {v}' for k, v in pairs[:16])}}}")
    out += [f"{pad}fields[{k}] = {v}" for k, v in pairs[16:]]


def _maker_source(level: LevelShape) -> list[str]:
    pad = " " * 8
    out = [f"{pad}value = DECODER(*S0.unpack_from(data, pos))", f"{pad}handles.append(value)"]
    _enter_code(out, pad)
    return out + [f"{pad}return value, pos + {level.size}"]


def _source(shape: tuple[Any, ...]) -> str:
    levels, kind, incremental, has_decoder = shape
    keys = [f"K{i}" for i in range(sum(lv.primitives + lv.objects for lv in levels))]
    customs = [f"C{n}" for n, lv in enumerate(levels) if lv.custom]
    structs = [f"S{n}" for n, lv in enumerate(levels) if lv.fmt]
    params = ", ".join((*CONTEXT, "NAME", "DECODER", *structs, *keys, *customs))
    out = [f"def make({params}):", "    def read(pos, depth):", "        d = depth + 1"]
    if kind == "maker":
        return _function(out[:2], out[2:] + _maker_source(levels[0]), "read")
    pad = " " * 8
    collection = kind in ("collection", "list")
    out += [f"{pad}obj = new(JavaObject)", f"{pad}obj.class_name = NAME", f"{pad}obj.fields = {{}}",
            f"{pad}obj.annotations = None"]
    if has_decoder:
        out.append(f"{pad}index = len(handles)")
    out.append(f"{pad}handles.append(obj)")
    _enter_code(out, pad)
    skippable = [lv.custom and lv.fmt is None for lv in levels]
    if incremental:
        out.append(f"{pad}fields = obj.fields")
    elif any(skippable):
        out.append(f"{pad}skipped = False")
    key = 0
    level_vars: list[list[tuple[str, str]]] = []  # per level: (key parameter, value variable)
    for number, level in enumerate(levels):
        names = [(keys[key + j], f"v{key + j}") for j in range(level.primitives + level.objects)]
        key += len(names)
        level_vars.append(names)
        inner = pad
        if skippable[number]:
            # writeObject may skip defaultWriteObject (1.9 DelegateList): custom data at once
            out += [f"{pad}tc = data[pos]",
                    f"{pad}if tc == {TC_ENDBLOCKDATA} or tc == {TC_BLOCKDATA} or tc == {TC_BLOCKDATALONG}:"]
            if not incremental:
                out += [f"{pad}    skipped = s{number} = True"] + [f"{pad}    {var} = None" for _, var in names]
            _custom_code(out, pad + "    ", f"a{number}", collection)
            out.append(f"{pad}else:")
            inner = pad + "    "
            if not incremental:
                out.append(f"{inner}s{number} = False")
        prims, objs = names[:level.primitives], names[level.primitives:]
        if prims:
            targets = "".join(f"{var}, " for _, var in prims)
            out += [f"{inner}{targets}= S{number}.unpack_from(data, pos)", f"{inner}pos += {level.size}"]
            if incremental:
                out.append(f"{inner}fields.update(zip(({''.join(k + ', ' for k, _ in prims)}), ({targets})))")
                out += [f"{inner}fields[{prims[c][0]}] = chr(fields[{prims[c][0]}])" for c in level.chars]
            else:
                out += [f"{inner}{prims[c][1]} = chr({prims[c][1]})" for c in level.chars]
        for name, var in objs:
            _value_code(out, inner, var)
            if incremental:
                out.append(f"{inner}fields[{name}] = {var}")
        if level.custom:
            _custom_code(out, inner, f"a{number}", collection)
    if not incremental and not collection:  # a collection's stand-in keeps no fields
        pairs = [pair for names in level_vars for pair in names]
        if any(skippable):
            out += [f"{pad}if skipped:  # only the levels that wrote their fields", f"{pad}    fields = obj.fields"]
            for number, names in enumerate(level_vars):
                inner = pad + "    "
                if skippable[number] and names:
                    out.append(f"{inner}if not s{number}:")
                    inner += "    "
                out += [f"{inner}fields[{k}] = {v}" for k, v in names]
            out.append(f"{pad}else:")
            _fields_code(out, pad + "    ", pairs)
        elif pairs:
            _fields_code(out, pad, pairs)
    custom_vars = [f"a{n}" for n, lv in enumerate(levels) if lv.custom]
    annotations = f"{{{', '.join(f'C{n}: a{n}' for n, lv in enumerate(levels) if lv.custom)}}}"
    if collection:
        # the objects of every level's custom data, levels keyed by class name as before
        objects = custom_vars[0] if len(custom_vars) == 1 else \
            f"[item for items in {annotations}.values() for item in items]" if custom_vars else "[]"
        out.append(f"{pad}value = {objects}" if kind == "list" else f"{pad}value = DECODER({objects}, NAME)")
    else:
        if custom_vars:
            out.append(f"{pad}obj.annotations = {annotations}")
        if has_decoder:
            out.append(f"{pad}value = DECODER(obj)")
    if has_decoder:
        out += [f"{pad}handles[index] = value  # later back-references see the value", f"{pad}return value, pos"]
    else:
        out.append(f"{pad}return obj, pos")
    return _function(out[:2], out[2:], "read")


def _custom_loop(out: list[str], pad: str, items: str, depth: str, objects_only: bool, at_end: list[str]) -> None:
    """Source reading custom data up to its end marker into the list `items`: objects and
    `BlockData` (adjacent chunks merged), or with `objects_only` the objects alone, every
    block skipped unread (what collection decoders use). `at_end` runs at the marker."""
    inner = pad + "    "
    out += [f"{pad}while True:",
            f"{inner}if pos >= size:", f"{inner}    fail('truncated stream inside custom object data', pos)",
            f"{inner}tc = data[pos]", f"{inner}if tc == {TC_ENDBLOCKDATA}:"]
    out += [f"{inner}    {line}" for line in at_end]
    fallback = [f"value, pos = read_content(pos, {depth}, True)"]
    if objects_only:
        too_long = "fail(f'block data length {length} impossible with {size - pos} bytes left', pos)"
        out += [f"{inner}if tc == {TC_BLOCKDATA} or tc == {TC_BLOCKDATALONG}:",
                f"{inner}    if tc == {TC_BLOCKDATA}:",
                f"{inner}        length = data[pos + 1]", f"{inner}        pos += 2",
                f"{inner}    else:",
                f"{inner}        length = unpack_i(data, pos + 1)[0]", f"{inner}        pos += 5",
                f"{inner}    if length < 0 or pos + length > size:", f"{inner}        {too_long}",
                f"{inner}    pos += length", f"{inner}    continue"]
        fallback += ["if value.__class__ is BlockData:  # after a reset", "    continue"]
    else:  # one short chunk, the common case, inline; longer or merged ones by the grammar
        out += [f"{inner}if tc == {TC_BLOCKDATA}:", f"{inner}    end = pos + 2 + data[pos + 1]",
                f"{inner}    if end < size and data[end] != {TC_BLOCKDATA}:",
                f"{inner}        {items}.append(BlockData(data[pos + 2:end]))", f"{inner}        pos = end",
                f"{inner}        continue"]
    _value_code(out, inner, "value", depth, fallback)
    out.append(f"{inner}{items}.append(value)")


def _custom_source() -> str:
    """`read_custom(pos, depth) -> (items, pos)`: one class level's custom data."""
    out = ["        items = []"]
    _custom_loop(out, " " * 8, "items", "depth", False, ["return items, pos + 1"])
    return _function([f"def make({', '.join(CONTEXT)}):", "    def read_custom(pos, depth):"], out, "read_custom")


def make_custom_reader(context: tuple[Any, ...]) -> Reader:
    """`read_custom` for one stream (`context` as for the class readers)."""
    factory = _FACTORIES.get(("custom",))
    if factory is None:
        namespace: dict[str, Any] = {}
        exec(compile(_custom_source(), "<save custom data reader>", "exec"), namespace)
        factory = _FACTORIES[("custom",)] = namespace["make"]
    return factory(*context)


def objects_as_list(values: list[Any], class_name: str) -> list[Any]:
    """The objects decoder of sequences and sets: the objects themselves (inlined)."""
    return values


_FACTORIES: dict[tuple[Any, ...], Callable[..., Reader]] = {}


def _factory(shape: tuple[Any, ...]) -> Callable[..., Reader]:
    factory = _FACTORIES.get(shape)
    if factory is None:
        namespace: dict[str, Any] = {}
        exec(compile(_source(shape), "<save class reader>", "exec"), namespace)  # our template: see module doc
        factory = namespace["make"]
        if len(_FACTORIES) < MAX_CACHED_SHAPES:
            _FACTORIES[shape] = factory
    return factory


def reader_binding(levels: tuple[Any, ...], class_name: str, decoder: Callable | None = None,
                   objects_decoder: Callable | None = None,
                   maker: Callable | None = None) -> tuple[Callable[..., Reader], tuple[Any, ...]]:
    """The factory for one class layout and its arguments after the stream's context:
    `factory(*context, *arguments)` is the class's reader in that stream. `levels` is
    the stream reader's plan (`stream._Level`)."""
    shapes = tuple(LevelShape(lv.primitives.format if lv.primitives is not None else None,
                              lv.primitives.size if lv.primitives is not None else 0,
                              len(lv.primitive_names), tuple(lv.primitive_names.index(name) for name in lv.chars),
                              len(lv.object_names), lv.custom_data) for lv in levels)
    names = [name for lv in levels for name in (*lv.primitive_names, *lv.object_names)]
    incremental = len(set(names)) != len(names)  # a repeated name: per-level updates, as before
    structs = [lv.primitives for lv in levels if lv.primitives is not None]
    if maker is not None:
        shape: tuple[Any, ...] = (shapes, "maker", False, True)
        decoder = maker
    elif objects_decoder is not None:
        shape = (shapes, "list" if objects_decoder is objects_as_list else "collection", incremental, True)
        decoder = objects_decoder
    else:
        shape = (shapes, "object", incremental, decoder is not None)
    customs = [lv.class_name for lv in levels if lv.custom_data]
    return _factory(shape), (class_name, decoder, *structs, *names, *customs)
