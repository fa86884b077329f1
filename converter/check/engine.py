"""What the installed engine knows, read from its jar (never fetched): the game DTD, the
option names of each attachment class, the game property names, the delegate and
attachment classes; joined with what TripleA 2.x takes (built-in tables read from its
source), since maps are written for 2.x. Falls back to the built-in tables alone when the
jar is absent.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from converter.check import builtin_tables as builtin
from converter.check.classfile import ClassFormatError, read_class

ENGINE_JAR = Path("/usr/share/games/triplea/bin/triplea.jar")
ENGINE_ASSETS = Path("/usr/share/games/triplea/assets")
DTD_MEMBER = "games/strategy/engine/xml/game.dtd"
_ATTACHMENT_PACKAGE = "games/strategy/triplea/attachments/"
_CONSTANTS_CLASS = "games/strategy/triplea/Constants.class"
_MAP_DATA_CLASS = "games/strategy/triplea/ui/mapdata/MapData"
_MAP_KEY = re.compile(r"^(?:[a-z][A-Za-z]*(?:\.[A-Za-z]+)+|dont_draw_territory_names)$")
_FILE_SUFFIXES = (".txt", ".png", ".gif", ".properties", ".jpg", ".jpeg")
_STRING_SETTER = "(Ljava/lang/String;)V"
_ATTACHMENTS = "games.strategy.triplea.attachments."


@dataclass(frozen=True)
class EngineKnowledge:
    source: str  # "jar <path>" or "built-in tables"
    dtd: bytes | None
    options: dict[str, frozenset[str]]  # attachment class (full dotted name) -> option names
    property_names: frozenset[str]
    known_classes: frozenset[str]  # dotted names of classes in the jar (for javaClass checks)
    map_property_keys: frozenset[str] = frozenset(builtin.MAP_PROPERTY_KEYS)
    # attachment class -> option names the installed engine takes and 2.x refuses (not in `options`)
    retired_options: dict[str, frozenset[str]] = field(default_factory=dict)

    def options_for(self, java_class: str) -> frozenset[str] | None:
        """Option names for an attachment class (those the installed engine or 2.x takes, less
        those 2.x refuses), accepting the short names 2.x allows."""
        if java_class in self.options:
            return self.options[java_class]
        return self.options.get(f"{_ATTACHMENTS}{java_class}")

    def retired_options_for(self, java_class: str) -> frozenset[str]:
        """Option names only the installed (older) engine takes: 2.x refuses to load them."""
        return self.retired_options.get(java_class) or self.retired_options.get(f"{_ATTACHMENTS}{java_class}",
                                                                                 frozenset())

    def class_exists(self, java_class: str) -> bool:
        if not self.known_classes:
            return True  # nothing to judge by
        return java_class in self.known_classes or (
            "." not in java_class and f"games.strategy.triplea.attachments.{java_class}" in self.known_classes)


@lru_cache(maxsize=4)
def load_engine(jar: Path | None = ENGINE_JAR) -> EngineKnowledge:
    if jar is not None and jar.is_file():
        try:
            return _from_jar(jar)
        except (OSError, zipfile.BadZipFile, ClassFormatError, KeyError):
            pass  # a broken install: judge by the built-in tables instead
    options, retired = _with_2x_options({})
    return EngineKnowledge(
        source="built-in tables",
        dtd=None,
        options=options,
        property_names=_with_2x_properties(builtin.PROPERTY_NAMES),
        known_classes=frozenset(),
        retired_options=retired,
    )


def _with_2x_options(installed: dict[str, frozenset[str]]) -> tuple[dict[str, frozenset[str]],
                                                                    dict[str, frozenset[str]]]:
    """The installed engine's options per class joined with 2.x's: for a class 2.x has, the names
    2.x takes (its old names included); the installed engine's other names are `retired`."""
    options, retired = dict(installed), {}
    for name, taken in builtin.ATTACHMENT_OPTIONS_2X.items():
        java_class = _ATTACHMENTS + name
        accepted = set(taken)
        accepted.update(old for old, new in builtin.LEGACY_OPTION_NAMES_2X.items() if new in taken)
        refused = set(builtin.REFUSED_OPTIONS.get(name, ()))
        options[java_class] = frozenset(accepted - refused)
        retired[java_class] = frozenset(installed.get(java_class, frozenset()) - accepted - refused)
    return options, retired


def _with_2x_properties(names) -> frozenset[str]:
    """Property names the installed engine or 2.x reads, less those only 1.9 reads."""
    return frozenset(set(names) | set(builtin.PROPERTY_NAMES_2X)) - builtin.PROPERTY_NAMES_NOT_READ_BY_2X


def _from_jar(jar: Path) -> EngineKnowledge:
    with zipfile.ZipFile(jar) as archive:
        members = {name for name in archive.namelist() if name.endswith(".class")}
        classes: dict[str, object] = {}

        def info(internal: str):
            if internal not in classes:
                member = internal + ".class"
                classes[internal] = read_class(archive.read(member)) if member in members else None
            return classes[internal]

        options: dict[str, frozenset[str]] = {}
        for member in members:
            if member.startswith(_ATTACHMENT_PACKAGE) and member.endswith("Attachment.class") and "$" not in member:
                internal = member[: -len(".class")]
                options[internal.replace("/", ".")] = frozenset(_setter_options(internal, info))
        constants = info(_CONSTANTS_CLASS[: -len(".class")])
        property_names = set(builtin.PROPERTY_NAMES)
        if constants is not None:
            property_names.update(s for s in constants.strings if _looks_like_property(s))
        dtd = archive.read(DTD_MEMBER) if DTD_MEMBER in archive.namelist() else None
        known = frozenset(m[: -len(".class")].replace("/", ".") for m in members if "$" not in m)
        map_data = info(_MAP_DATA_CLASS)
        map_keys = set(builtin.MAP_PROPERTY_KEYS)
        if map_data is not None:
            map_keys.update(s for s in map_data.strings if _MAP_KEY.match(s) and not s.endswith(_FILE_SUFFIXES))
    options, retired = _with_2x_options(options)
    return EngineKnowledge(f"jar {jar}", dtd, options, _with_2x_properties(property_names), known,
                           frozenset(map_keys), retired)


def _setter_options(internal: str, info) -> set[str]:
    """`setFooBar(String)` on the class or an ancestor -> option `fooBar` (1.9 uses Class.getMethod)."""
    names: set[str] = set()
    current = info(internal)
    while current is not None:
        for method, descriptor in current.public_methods:
            if method.startswith("set") and len(method) > 3 and descriptor == _STRING_SETTER:
                names.add(method[3].lower() + method[4:])
        current = info(current.super_name) if current.super_name else None
    return names


def _looks_like_property(text: str) -> bool:
    """Constants holds property names ("Low Luck", "WW2V3") among other strings; keep name-like ones."""
    return 2 <= len(text) <= 80 and text[0].isalnum() and "/" not in text and "." not in text[:-1] \
        and "%" not in text and "\n" not in text
