"""Mutations of the map's text files the engine reads by name (for scripts/fuzz_check.py):
notifications, action and politics texts, objectives, tooltips, unit icons, production
tabs, the game notes file, HTML image links and territory effect pictures.

The seed packages have few of these, so most mutations write a new file whose keys are
built from the game XML's own names (players, unit types, attachments, the game's name),
so the rules' deeper lookups are reached; the rest mangle an existing one.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from fuzz_files import OPTIONAL_POINT_FILES, TOKENS, map_dir, mutate_bytes, pick_file, replace

PROPERTIES = ("notifications.properties", "actionstext.properties", "politicstext.properties",
              "objectives.properties", "tooltips.properties", "unit_icons.properties",
              "production_tabs.properties")
ODD_NAMES = ["", " ", ".", "..", "é", "名", "\U0001f600", "a" * 300, "\\u00e9", "\\", "=", ":", "#", "!", "\x00",
             "null", "NaN", "-1", "1.5", "2147483648"]
_NAME_PREFIXES = ["", "", " ", "\ufeff", "\xa0"]  # what a point file's editor may leave before a name
IMG_SOURCES = ["x.png", "images/x.png", "doc/images/x.png", "../../etc/passwd", "/abs.png", "http://h/x.png",
               "", " ", "X.PNG", "sub/", "é.png", "a\tb.png", "%20.png", "file:///x.png", "\x00.png"]


def _names(root: Path) -> tuple[str, dict[str, list[str]]]:
    """The game's name and the XML's names by kind (a quick scan: mutants may not parse)."""
    path = pick_file(random.Random(0), map_dir(root), ("games/*.xml",))
    text = path.read_bytes()[:2_000_000].decode("utf-8", "replace") if path is not None else ""
    found = {kind: re.findall(rf'<{tag}\b[^>]*?\bname="([^"]*)"', text)
             for kind, tag in (("player", "player"), ("unit", "unit"), ("effect", "territoryEffect"),
                               ("territory", "territory"))}
    found["attachment"] = re.findall(r'<attachment\b[^>]*?\bname="([^"]*)"', text)
    game = re.search(r'<info\b[^>]*?\bname="([^"]*)"', text)
    return (game.group(1) if game else "Game"), found


def _mistyped(rng: random.Random, name: str) -> str:
    """The name as it is, or with a letter doubled, dropped or in other case, or a digit changed."""
    if not name or rng.random() < 0.5:
        return name
    at = rng.randrange(len(name))
    return rng.choice([name[:at] + name[at] + name[at:], name[:at] + name[at + 1:], name.swapcase(),
                       name + str(rng.randint(0, 9)), name.replace(" ", "  ")])


def _pick(rng: random.Random, names: list[str]) -> str:
    return rng.choice(names) if names and rng.random() < 0.85 else rng.choice(ODD_NAMES)


def _html(rng: random.Random) -> str:
    source = rng.choice(IMG_SOURCES)
    quote = rng.choice(['"', "'", "", '"'])
    return rng.choice([f"<img src={quote}{source}{quote}>", f"<IMG  SRC = {quote}{source}{quote} />",
                       f"<img alt='a' src={quote}{source}", f"text <b>x</b><img\nsrc={quote}{source}{quote}>",
                       "plain text", "<img>", "<img src>", rng.choice(TOKENS)])


def _entry(rng: random.Random, file: str, game: str, names: dict[str, list[str]]) -> str:
    player, unit, attachment = (_pick(rng, names[kind]) for kind in ("player", "unit", "attachment"))
    if file == "tooltips.properties":
        key = rng.choice([f"tooltip.unit.{unit}", f"tooltip.unit.{unit}.{player}",
                          f"tooltip.unit.{unit}.{player}.append", f"tooltip.unit.{unit}.append",
                          f"tooltip.resource.{unit}", "tooltip.unit.", f"{unit}"])
        return f"{key}={_html(rng)}"
    if file == "unit_icons.properties":
        key = rng.choice([f"{game}.{player}.{attachment}", f"{game}.{player}", f"{game}.{player}.{attachment}.x",
                          f"{player}.{attachment}", f"{rng.choice(ODD_NAMES)}.{player}.{attachment}"])
        value = ";".join(rng.choice([unit, f"{unit}:icon.png", f"{unit}:", ":x.png", "", ";;"])
                         for _ in range(rng.randint(1, 3)))
        return f"{key}={value}"
    if file == "objectives.properties":
        key = rng.choice([f"{game}.{player}.{attachment}", f"{game};{player};{attachment}",
                          f"{game}.{rng.randint(-1, 40)}", f"{game}.{player}", "Objectives.Name"])
        return f"{key}={rng.choice([attachment, _html(rng), 'T;' + attachment, 'T' + attachment, ''])}"
    if file == "production_tabs.properties":
        key = rng.choice(["production_tabs.tabs", f"production_tabs.{player}.x", "production_tabs.x",
                          "production_tabs.rows", "production_tabs.columns", "production_tabs.use_default_tabs"])
        value = rng.choice([f"{unit}:{unit}", str(rng.randint(-2, 30)), "true", "", ":", f"tab:{unit}"])
        return f"{key}={value}"
    key = rng.choice([attachment, f"{attachment}.BUTTON", f"{attachment}.DESCRIPTION", f"{attachment}.NOTIFICATION",
                      f"{attachment}.ACCEPT_QUESTION", f"{attachment}.TARGET", f"{attachment}.OTHER",
                      rng.choice(ODD_NAMES)])
    return f"{key}={_html(rng)}"


def map_texts(root: Path, rng: random.Random) -> str | None:
    folder = map_dir(root)
    game, names = _names(root)
    choice = rng.randrange(10)
    if choice <= 5:  # a properties file, new or extended
        name = rng.choice(PROPERTIES)
        if name == "production_tabs.properties" and names["player"] and rng.random() < 0.5:
            name = f"production_tabs.{rng.choice(names['player'])}.properties"
        path = folder / name
        old = path.read_bytes().decode("latin-1") + "\n" if path.is_file() and rng.random() < 0.5 else ""
        lines = [_entry(rng, path.name, game, names) for _ in range(rng.choice([1, 2, 5, 30]))]
        data = (old + rng.choice(["\n", "\r\n", "\\\n", "\r"]).join(lines)).encode(
            rng.choice(["latin-1", "utf-8"]), "replace")
        if rng.random() < 0.2:
            data, _ = mutate_bytes(data, rng)
        replace(path, data)
        return f"{name}: {len(lines)} entries"
    if choice <= 7:  # the game notes file beside a game XML
        xml = pick_file(rng, folder, ("games/*.xml",))
        if xml is None:
            return None
        notes = xml.with_name(xml.stem + ".notes.html")
        text = " ".join(_html(rng) for _ in range(rng.choice([1, 3, 20])))
        data = rng.choice([b"", b"\xef\xbb\xbf", b"\xff\xfe"]) + text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.3:
            data, _ = mutate_bytes(data, rng)
        replace(notes, data)
        return f"{notes.name}: {text[:40]!r}"
    if choice == 8 and rng.random() < 0.5:  # an optional point file naming territories, some mistyped
        name = rng.choice(OPTIONAL_POINT_FILES)
        territories = names["territory"] or ODD_NAMES
        lines = [rng.choice(_NAME_PREFIXES) + _mistyped(rng, rng.choice(territories)) +
                 f" ({rng.randint(-5, 5000)},{rng.randint(-5, 5000)})" + (" (1,1)" if rng.random() < 0.3 else "")
                 for _ in range(rng.choice([1, 3, 20]))]
        replace(folder / name, "\n".join(lines).encode("utf-8", "surrogatepass"))
        return f"{name}: {len(lines)} lines"
    if choice == 8:  # a picture doc/images holds, or a file where a folder should be
        name = rng.choice(["doc/images/x.png", "doc/images/X.png", "doc/images/sub/x.png", "doc/images",
                           "doc", "doc/images/images/x.png"])
        replace(folder / name, b"\x89PNG\r\n\x1a\n")
        return f"new file {name!r}"
    effect = _pick(rng, names["effect"]).replace("\x00", "")  # a territory effect picture, odd or not
    name = f"territoryEffects/{effect}{rng.choice(['.png', '_large.png', '.PNG', '', '.png/x.png'])}"
    source = pick_file(rng, folder, ("*.png",))
    data = source.read_bytes() if source is not None and rng.random() < 0.7 else b"not a picture"
    replace(folder / name, data)
    return f"new file {name!r}"

