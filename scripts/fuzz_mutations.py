"""Mutation kinds for scripts/fuzz_check.py (and tests/check/test_check_fuzz.py).

A mutation takes a map package folder and a random.Random, changes one thing in it and
returns a short description, or None when it found nothing to change. The folder is a
private copy whose files may be hard links to a seed package: a mutation replaces a file
(`replace`), never writes into it. Every mutation is deterministic given its Random, so a
mutant is (seed package, [(kind, rng seed), ...]) and can be rebuilt with fewer steps.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

from fuzz_files import NUMBERS, OPTIONAL_POINT_FILES, TOKENS, files, map_dir, mutate_bytes, pick_file, remove, replace
from fuzz_images import extra_image, image_file
from fuzz_texts import map_texts


# ---- text files: point files, map.properties, map.yml
def _mutate_text(text: str, rng: random.Random, tokens: list[str]) -> tuple[str, str]:
    lines = text.split("\n")
    number = rng.randrange(len(lines))
    line = lines[number]
    choice = rng.randrange(9)
    if choice == 0:  # a number made strange
        numbers = list(re.finditer(r"-?\d+", line))
        if numbers:
            match = rng.choice(numbers)
            value = rng.choice(NUMBERS)
            lines[number] = line[:match.start()] + value + line[match.end():]
            return "\n".join(lines), f"line {number + 1}: number -> {value!r}"
    if choice <= 2:
        at = rng.randint(0, len(line))
        token = rng.choice(tokens)
        lines[number] = line[:at] + token + line[at:]
        return "\n".join(lines), f"line {number + 1}: insert {token!r}"
    if choice == 3 and line:
        at = rng.randrange(len(line))
        length = rng.randint(1, 12)
        lines[number] = line[:at] + line[at + length:]
        return "\n".join(lines), f"line {number + 1}: delete {length}"
    if choice == 4:
        lines.insert(rng.randint(0, len(lines)), rng.choice(lines))
        return "\n".join(lines), f"duplicate line {number + 1}"
    if choice == 5:
        del lines[number]
        return "\n".join(lines), f"delete line {number + 1}"
    if choice == 6 and len(lines) > 1:
        other = rng.randrange(len(lines))
        first, second = line.split(" ", 1)[0], lines[other].split(" ", 1)[0]
        if first and second:  # one entry takes another's name
            lines[number] = second + line[len(first):]
            return "\n".join(lines), f"line {number + 1}: rename {first!r} -> {second!r}"
    if choice == 7:
        ending = rng.choice(["\r\n", "\r", "\x85", "\u2028", "\x1c", "\n\n\n", " \n"])
        return ending.join(lines), f"line endings {ending!r}"
    token = rng.choice(tokens)
    lines[number] = line.replace(rng.choice([" ", "(", ",", ")", "<", ">", "="]), token, rng.randint(1, 3))
    return "\n".join(lines), f"line {number + 1}: replace with {token!r}"


def _text_file(root: Path, rng: random.Random, names: tuple[str, ...], tokens: list[str]) -> str | None:
    path = pick_file(rng, map_dir(root), names) if names != ("map.yml",) else root / "map.yml"
    if path is None or not path.is_file():
        return None
    data = path.read_bytes()
    if rng.random() < 0.25:
        data, done = mutate_bytes(data, rng)
    else:
        text = data.decode("utf-8", "surrogateescape")
        for _ in range(rng.choice([1, 1, 1, 2, 5, 20])):
            text, done = _mutate_text(text, rng, tokens)
        data = text.encode("utf-8", "surrogateescape")
    replace(path, data)
    return f"{path.name}: {done}"


def point_file(root: Path, rng: random.Random) -> str | None:
    return _text_file(root, rng, ("polygons.txt", "centers.txt", "place.txt", *OPTIONAL_POINT_FILES), TOKENS + NUMBERS)



def huge_polygon(root: Path, rng: random.Random) -> str | None:
    """A polygon far out, very tall or very long: the scan table's and geometry's bounds."""
    path = map_dir(root) / "polygons.txt"
    if not path.is_file():
        return None
    lines = path.read_bytes().split(b"\n")
    number = rng.randrange(len(lines))
    name = lines[number].split(b"<", 1)[0].strip() or b"A1"
    big = rng.choice([100_000, 100_001, 2**31 - 1, 2**31, 2**40, 2**53 + 1, 2**62, 2**63 - 1, 10**6, 5000])
    low = rng.choice([0, -big, -1, 1])
    shapes = {
        "tall": [(0, low), (5, low), (5, big), (0, big)],
        "wide": [(low, 0), (big, 0), (big, 5), (low, 5)],
        "diagonal": [(low, low), (big, big), (big, low)],
        "sliver": [(0, 0), (big, 1), (0, 2)],
        "many": [(rng.randint(0, 3000), rng.randint(0, 2000)) for _ in range(rng.choice([3, 50, 800]))],
        "degenerate": [(7, 7)] * rng.randint(3, 6),
        "zigzag": [(x % 2 * big, x) for x in range(rng.randint(3, 400))],
    }
    shape = rng.choice(sorted(shapes))
    polygon = b" ".join(b"(%d,%d)" % point for point in shapes[shape])
    lines[number] = name + b" < " + polygon + b" >" + (b" < " + polygon + b" >" if rng.random() < 0.2 else b"")
    replace(path, b"\n".join(lines))
    return f"polygons.txt: line {number + 1} {shape} polygon, big={big} low={low}"


def points_moved(root: Path, rng: random.Random) -> str | None:
    """centers/place points on polygon vertices, edges or far away: point-in-polygon edge cases."""
    folder = map_dir(root)
    polygons, target = folder / "polygons.txt", folder / rng.choice(["centers.txt", "place.txt"])
    if not polygons.is_file() or not target.is_file():
        return None
    vertices = [tuple(map(int, pair)) for pair in re.findall(rb"\((-?\d{1,12}),(-?\d{1,12})\)", polygons.read_bytes()[:200_000])]
    lines = target.read_bytes().split(b"\n")
    if not vertices or not lines:
        return None
    number = rng.randrange(len(lines))
    name = lines[number].split(b"(", 1)[0].strip() or b"A1"
    index = rng.randrange(len(vertices))
    x, y = vertices[index]
    if rng.random() < 0.4 and index + 1 < len(vertices):  # on (or next to) an edge, not a vertex
        x, y = (x + vertices[index + 1][0]) // 2, (y + vertices[index + 1][1]) // 2
    dx, dy = rng.choice([(0, 0), (0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (10**12, 0), (0, -(10**12)), (1, 1)])
    lines[number] = name + b"  (%d,%d)" % (x + dx, y + dy)
    replace(target, b"\n".join(lines))
    return f"{target.name}: line {number + 1} point at a vertex {x},{y} + {dx},{dy}"


def polygon_copy(root: Path, rng: random.Random) -> str | None:
    """A territory's polygon copied to another, shifted a few px, scaled or with a vertex
    moved: overlaps right at the DEPTH threshold and knife-edge crossings for the sweep."""
    path = map_dir(root) / "polygons.txt"
    if not path.is_file():
        return None
    lines = path.read_bytes().split(b"\n")
    groups = [(number, group) for number, line in enumerate(lines) for group in re.findall(rb"<([^<>]*)>", line)]
    if not groups:
        return None
    number, group = rng.choice(groups)
    points = [tuple(map(int, pair)) for pair in re.findall(rb"\((-?\d{1,15}),(-?\d{1,15})\)", group)]
    if len(points) < 3:
        return None
    dx, dy = rng.randint(-4, 4), rng.randint(-4, 4)
    scale = rng.choice([1, 1, 1, 2, -1])
    moved = [(x * scale + dx, y * scale + dy) for x, y in points]
    if rng.random() < 0.3:  # one vertex onto another's row or column
        index = rng.randrange(len(moved))
        other = rng.choice(moved)
        moved[index] = (moved[index][0], other[1]) if rng.random() < 0.5 else (other[0], moved[index][1])
    target = rng.randrange(len(lines))
    polygon = b" < " + b" ".join(b"(%d,%d)" % point for point in moved) + b" >"
    lines[target] = (lines[target] or b"Copy") + polygon
    replace(path, b"\n".join(lines))
    return f"polygons.txt: line {number + 1}'s polygon shifted {dx},{dy} x{scale} onto line {target + 1}"


PROPERTY_VALUES = ["", "0", "-1", "1e400", "NaN", "Infinity", "0x10", "FF0000", "ff00zz", "FFFFFFFFFF", "#FF0000",
                   "true", "TRUE", "yes", "0.0", "-0.5", "3.4e38", "2147483648", "99999999999999999999", "é",
                   "\\u00e9", "value\\", "1,2", " 5 ", "\x00", "\xff"]


def map_properties(root: Path, rng: random.Random) -> str | None:
    path = map_dir(root) / "map.properties"
    if not path.is_file() or rng.random() < 0.5:
        return _text_file(root, rng, ("map.properties",), TOKENS + NUMBERS + ["=", ":", "\\", "color.", "map.width"])
    lines = path.read_bytes().decode("latin-1").splitlines()
    key = rng.choice(["map.width", "map.height", "units.scale", "color.Germans", "color.Nobody", "map.scrollWrapX",
                      "units.width", "units.height", "units.counter.offsetWidth", "map.hasRelief", "dont.draw.units",
                      "map.showCapitolMarkers", "color.", "", "=", "map.width "])
    value = rng.choice(PROPERTY_VALUES)
    lines.insert(rng.randint(0, len(lines)), f"{key}{rng.choice(['=', ':', ' ', '= '])}{value}")
    replace(path, "\n".join(lines).encode("latin-1", "replace"))
    return f"map.properties: {key}={value!r}"


def map_yml(root: Path, rng: random.Random) -> str | None:
    path = root / "map.yml"
    if rng.random() < 0.6 and path.is_file():
        return _text_file(root, rng, ("map.yml",), TOKENS + ["games:", "- ", "  ", "{", "}", "file_name: ", "'", '"',
                                                             "../x.xml", "/etc/passwd", "*.xml", "map_name:"])
    name = rng.choice(["D-Day_2.xml", "tiny.xml", "missing.xml", "../../x.xml", "*.xml", "games", "", "\x00.xml",
                       "map/games/D-Day_2.xml", "a" * 300 + ".xml", "polygons.txt", "é.xml"])
    text = rng.choice([f"map_name: X\ngames:\n- {{game_name: X, file_name: {name}}}\n",
                       f"map_name: X\ngames:\n- game_name: X\n  file_name: {name}\n- file_name: {name}\n",
                       "games: []\n", "map_name:\n", "games:\n  - \n", "\ufeffmap_name: X\n", "- a\n-\n  b: c\n"])
    replace(path, text.encode("utf-8", "surrogateescape"))
    return f"map.yml: rewritten naming {name!r}"


CONFIGS = ["[check]\nignore = [\"M3\"]\n", "check = 5\n", "[check]\nselect = 5\n", "[check]\nfail-on = 7\n",
           "[check]\nfail-on = \"nope\"\n", "[check]\nunknown = 1\n", "[check]\nselect = [1, {a = 2}]\n",
           "[tool.dday2]\ncheck = \"x\"\n", "[tool]\ndday2 = 3\n", "tool = 3\n", "[check]\nignore = [\"\"]\n",
           "\xff\xfe garbage", "[check\n", "check = []\n", "[check]\nselect = \"X,,M\"\n"]


def config_file(root: Path, rng: random.Random) -> str | None:
    name = rng.choice([".dday2.toml", "pyproject.toml"])
    text = rng.choice(CONFIGS)
    if name == "pyproject.toml" and not text.startswith("[tool"):
        text = text.replace("[check]", "[tool.dday2.check]")
    replace(root / name, text.encode("latin-1", "replace") if "\xff" in text else text.encode())
    return f"{name}: {text[:40]!r}"


# ---- the game XML
XML_VALUES = NUMBERS + ["", " ", "A1", "G1", "P1", "Germans", "Allies", "Sea Zone", "infantry", "true", "false",
                        "games.strategy.triplea.delegate.MoveDelegate", "x" * 5000, "é", "名前", "\U0001f600",
                        "&", "<", "a\tb", "a\nb", "\u00a0A1", "A1 ", "{ns}x", "$", "%", "null", "NaN"]


def xml_tree(root: Path, rng: random.Random) -> str | None:
    from lxml import etree

    path = pick_file(rng, map_dir(root), ("games/*.xml",))
    if path is None:
        return None
    try:
        tree = etree.parse(str(path), etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True))
    except etree.XMLSyntaxError:
        return xml_bytes(root, rng)
    elements = [element for element in tree.iter() if isinstance(element.tag, str)]
    done = []
    for _ in range(rng.choice([1, 1, 2, 3, 8])):
        element = rng.choice(elements)
        choice = rng.randrange(10)
        if choice <= 2 and element.attrib:
            name = rng.choice(sorted(element.attrib))
            element.set(name, rng.choice(XML_VALUES))
            done.append(f"<{element.tag}> @{name} changed")
        elif choice == 3 and element.getparent() is not None:
            element.getparent().remove(element)
            elements = [e for e in tree.iter() if isinstance(e.tag, str)]
            done.append(f"<{element.tag}> removed")
        elif choice == 4 and element.getparent() is not None:
            from copy import deepcopy

            element.addnext(deepcopy(element))
            done.append(f"<{element.tag}> duplicated")
        elif choice == 5 and element.attrib:
            name = rng.choice(sorted(element.attrib))
            del element.attrib[name]
            done.append(f"<{element.tag}> @{name} removed")
        elif choice == 6:
            other = rng.choice(elements)
            name = rng.choice(sorted(other.attrib) or ["name"])
            element.set(name, rng.choice(XML_VALUES))
            done.append(f"<{element.tag}> @{name} added")
        elif choice == 7 and element.getparent() is not None:
            parent = element.getparent()
            node = rng.choice([etree.Comment(" c "), etree.ProcessingInstruction("pi", "x"), etree.Entity("amp")])
            parent.insert(rng.randint(0, len(parent)), node)
            done.append(f"{type(node).__name__} among <{parent.tag}>'s children")
        elif choice == 8 and element.getparent() is not None:
            depth = rng.choice([1, 5, 50, 200])
            wrapper = inner = etree.Element(rng.choice(["map", "territory", "game", "x", element.tag]))
            for _ in range(depth - 1):
                inner = etree.SubElement(inner, inner.tag)
            element.addprevious(wrapper)
            inner.append(element)
            done.append(f"<{element.tag}> nested {depth} deep")
        elif element.getparent() is not None:
            element.tag = rng.choice([e.tag for e in elements])
            done.append(f"renamed to <{element.tag}>")
        elements = [e for e in tree.iter() if isinstance(e.tag, str)]
    data = etree.tostring(tree, xml_declaration=True, encoding=rng.choice(["UTF-8", "UTF-8", "ISO-8859-1"]),
                          doctype=tree.docinfo.doctype or None)
    replace(path, data)
    return f"{path.name}: " + "; ".join(done) if done else None


XML_SNIPPETS = [b"<!ENTITY x 'y'>", b"<!DOCTYPE game [<!ENTITY e 'x'>]>", b"&e;", b"&#0;", b"&#x10FFFF;", b"&#xD800;",
                b"<![CDATA[x]]>", b"<!-- c -->", b"<?pi x?>", b' xmlns:n="urn:x" n:name="A1"', b' xmlns="urn:y"',
                b"<game>", b"</game>", b"\xff", b"\x00", b"\xc3", b"<territory name='A1'/>" * 3, b"<a b='1' b='2'/>",
                b'<?xml version="1.0" encoding="UTF-16"?>', b'<?xml version="1.1"?>', b"\xef\xbb\xbf",
                b"<connection t1='A1' t2='A1'/>", b"\r", b"\t", b"\x0c"]


def xml_bytes(root: Path, rng: random.Random) -> str | None:
    path = pick_file(rng, map_dir(root), ("games/*.xml",))
    if path is None:
        return None
    data = path.read_bytes()
    if rng.random() < 0.5:
        at = [m.start() for m in re.finditer(rb"[<> \"'\n]", data[:2_000_000])]
        spot = rng.choice(at) if at else 0
        snippet = rng.choice(XML_SNIPPETS)
        data = data[:spot] + snippet + data[spot:]
        done = f"insert {snippet[:30]!r} @{spot}"
    else:
        data, done = mutate_bytes(data, rng, hot=400)
    replace(path, data)
    return f"{path.name}: {done}"


# ---- the file system
def file_system(root: Path, rng: random.Random) -> str | None:
    folder = map_dir(root)
    every = files(root)
    if not every:
        return None
    path = rng.choice([p for p in every if p.suffix in (".txt", ".properties", ".xml", ".yml")] or every) \
        if rng.random() < 0.5 else rng.choice(every)
    choice = rng.randrange(10)
    shown = path.relative_to(root)
    if choice == 0:
        replace(path, b"")
        return f"{shown}: empty"
    if choice == 1:
        remove(path)
        path.mkdir()
        if rng.random() < 0.5:
            (path / "inner.png").write_bytes(b"x")
        return f"{shown}: a folder"
    if choice == 2:
        remove(path)
        return f"{shown}: removed"
    if choice == 3:
        target = rng.choice([rng.choice(every), path.parent, Path("/nonexistent/x"), path, root, Path("/dev/null")])
        remove(path)
        os.symlink(target, path)
        return f"{shown}: symlink to {target}"
    if choice == 4:
        sub = rng.choice(["units", "flags", "baseTiles", "reliefTiles", "games", "units/Germans"])
        target = folder / sub
        if target.exists() or target.is_symlink():
            remove(target)
        if rng.random() < 0.5:
            replace(target, b"not a folder")
            return f"{sub}: a file"
        return f"{sub}: removed"
    if choice == 5:
        sub = folder / rng.choice(["units", "flags", "baseTiles", "units/Germans", "games"]) / "loop"
        if sub.parent.is_dir():
            os.symlink(rng.choice([sub.parent, root, Path("loop"), Path("/")]), sub)
            return f"{sub.relative_to(root)}: a linked folder"
        return None
    if choice == 6:  # a second game XML beside the first
        games = folder / "games"
        xmls = files(games, "*.xml") if games.is_dir() else []
        if not xmls:
            return None
        name = rng.choice(["copy.xml", "a.XML", "z z.xml", "é.xml", ".hidden.xml"])
        replace(games / name, xmls[0].read_bytes()[:rng.choice([None, 100, 5000])])
        return f"games/{name}: another XML"
    if choice == 7:
        remove(path)
        os.symlink(path.name, path)
        return f"{shown}: symlink to itself"
    if choice == 9 and hasattr(os, "mkfifo"):  # reading it would block until someone writes
        remove(path)
        os.mkfifo(path)
        return f"{shown}: a FIFO"
    data = path.read_bytes()
    replace(path, data[:rng.randint(0, len(data))])
    return f"{shown}: truncated"


# ---- the table the fuzzer draws from (weights: how often)
KINDS = {
    "point_file": (point_file, 6), "huge_polygon": (huge_polygon, 2), "points_moved": (points_moved, 3),
    "polygon_copy": (polygon_copy, 3),
    "map_properties": (map_properties, 2), "map_yml": (map_yml, 1), "config": (config_file, 1),
    "image": (image_file, 6), "extra_image": (extra_image, 1), "xml_tree": (xml_tree, 5),
    "xml_bytes": (xml_bytes, 3), "file_system": (file_system, 2), "map_texts": (map_texts, 4),
}


def choose_kind(rng: random.Random, only: list[str] | None = None) -> str:
    names = sorted(only or KINDS)
    return rng.choices(names, weights=[KINDS[name][1] for name in names])[0]


def apply(root: Path, steps: list[tuple[str, int]]) -> list[str]:
    """Apply (kind, rng seed) steps in order; the descriptions of those that changed something."""
    done = []
    for kind, seed in steps:
        try:
            described = KINDS[kind][0](root, random.Random(seed))
        except Exception:  # noqa: BLE001 - e.g. a step reading a file an earlier step made a folder
            described = None
        if described:
            done.append(f"{kind}: {described}")
    return done
