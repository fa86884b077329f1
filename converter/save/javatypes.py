"""Values the stream reader produces: objects, class descriptors, enums, block data."""

from __future__ import annotations

from typing import Any, NamedTuple


class BlockData(bytes):
    """Raw bytes a class wrote itself (`writeInt` ...) inside its custom data."""

    __slots__ = ()


class JavaEnum(NamedTuple):
    type_name: str
    constant: str


class JavaClass(NamedTuple):
    name: str


class ClassDesc:
    """One class descriptor as it travelled in the stream (superclass chain included)."""

    __slots__ = ("name", "suid", "flags", "fields", "superclass", "interfaces", "reader")

    def __init__(self, name: str, suid: int, flags: int) -> None:
        self.name = name
        self.suid = suid
        self.flags = flags
        self.fields: tuple[tuple[str, str, str | None], ...] = ()  # (type code, name, class)
        self.superclass: ClassDesc | None = None
        self.interfaces: tuple[str, ...] = ()  # proxy classes only
        self.reader: Any = None  # the class's generated reader, built by the stream reader

    def __repr__(self) -> str:
        return f"ClassDesc({self.name})"


class JavaObject:
    """An object read with its class's default field layout.

    `fields` merges every class level (superclass first, a subclass's same-named field
    wins); `annotations` maps a class name to the custom data its `writeObject` wrote,
    a list of `BlockData` and objects. Hashing and equality are by identity, as in Java
    streams where the same object always comes back as the same handle.
    """

    __slots__ = ("class_name", "fields", "annotations", "__weakref__")

    def __init__(self, class_name: str) -> None:
        self.class_name = class_name
        self.fields: dict[str, Any] = {}
        self.annotations: dict[str, list[Any]] | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def custom_data(self, class_name: str | None = None) -> list[Any]:
        """The custom data of one class level (default: the object's own class)."""
        if not self.annotations:
            return []
        return self.annotations.get(class_name or self.class_name, [])

    @property
    def simple_name(self) -> str:
        return self.class_name.rsplit(".", 1)[-1]

    def __repr__(self) -> str:
        return f"<{self.simple_name} {sorted(self.fields)}>"
