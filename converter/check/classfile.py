"""A minimal Java class-file reader: the class's super class, its public methods with
their descriptors, and its string constants. Enough to learn, from the installed engine
jar, which attachment options exist (public `setX(String)` methods, as the 1.9 parser
calls them) and which game property names the engine knows (its `Constants` strings).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

ACC_PUBLIC = 0x0001

# constant pool tag -> size in bytes after the tag (None: variable, handled below)
_FIXED_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2}


class ClassFormatError(ValueError):
    pass


@dataclass(frozen=True)
class ClassInfo:
    name: str  # internal form, e.g. games/strategy/triplea/attachments/UnitAttachment
    super_name: str | None
    public_methods: tuple[tuple[str, str], ...]  # (name, descriptor)
    strings: tuple[str, ...]  # CONSTANT_String values


def read_class(data: bytes) -> ClassInfo:
    if data[:4] != b"\xca\xfe\xba\xbe":
        raise ClassFormatError("not a class file")
    count = struct.unpack_from(">H", data, 8)[0]
    utf8: dict[int, str] = {}
    class_refs: dict[int, int] = {}
    string_refs: list[int] = []
    offset, index = 10, 1
    while index < count:
        tag = data[offset]
        offset += 1
        if tag == 1:
            length = struct.unpack_from(">H", data, offset)[0]
            utf8[index] = data[offset + 2: offset + 2 + length].decode("utf-8", "replace")
            offset += 2 + length
        elif tag in _FIXED_SIZES:
            if tag == 7:
                class_refs[index] = struct.unpack_from(">H", data, offset)[0]
            elif tag == 8:
                string_refs.append(struct.unpack_from(">H", data, offset)[0])
            offset += _FIXED_SIZES[tag]
        else:
            raise ClassFormatError(f"unknown constant pool tag {tag}")
        index += 2 if tag in (5, 6) else 1  # longs and doubles take two slots
    _access, this_class, super_class = struct.unpack_from(">HHH", data, offset)
    offset += 6
    interfaces = struct.unpack_from(">H", data, offset)[0]
    offset += 2 + 2 * interfaces
    offset = _skip_members(data, offset)  # fields
    methods: list[tuple[str, str]] = []
    method_count = struct.unpack_from(">H", data, offset)[0]
    offset += 2
    for _ in range(method_count):
        access, name_index, descriptor_index, attribute_count = struct.unpack_from(">HHHH", data, offset)
        offset = _skip_attributes(data, offset + 8, attribute_count)
        if access & ACC_PUBLIC:
            methods.append((utf8.get(name_index, ""), utf8.get(descriptor_index, "")))
    return ClassInfo(
        name=utf8.get(class_refs.get(this_class, 0), ""),
        super_name=utf8.get(class_refs.get(super_class, 0)) if super_class else None,
        public_methods=tuple(methods),
        strings=tuple(utf8.get(i, "") for i in string_refs),
    )


def _skip_members(data: bytes, offset: int) -> int:
    count = struct.unpack_from(">H", data, offset)[0]
    offset += 2
    for _ in range(count):
        attribute_count = struct.unpack_from(">H", data, offset + 6)[0]
        offset = _skip_attributes(data, offset + 8, attribute_count)
    return offset


def _skip_attributes(data: bytes, offset: int, count: int) -> int:
    for _ in range(count):
        length = struct.unpack_from(">I", data, offset + 2)[0]
        offset += 6 + length
    return offset
