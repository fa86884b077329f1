"""Builders for small synthetic map packages in tmp_path: a clean base map that passes
every rule, and a D-Day2-shaped one. Cases patch them (see cases/*.json)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

PLAYERS = ("Reds", "Blues")
UNIT = "tinyfoot"  # not among the engine's assets, so image lookups depend on the map only


def base_xml(territories: list[tuple[str, bool]] | None = None, connections: list[tuple[str, str]] | None = None,
             extra_attachments: str = "", owners: list[tuple[str, str]] | None = None) -> str:
    territories = territories or [("Alpha", False), ("Beta", False), ("Sea Zone", True)]
    connections = connections or [("Alpha", "Beta"), ("Beta", "Sea Zone")]
    owners = owners or [("Alpha", "Reds"), ("Beta", "Blues")]
    lines = ['<?xml version="1.0"?>', '<!DOCTYPE game SYSTEM "game.dtd">', "<game>",
             '  <info name="Tiny" version="1.0"/>', '  <loader javaClass="games.strategy.triplea.TripleA"/>',
             "  <map>"]
    water_attribute = ' water="true"'
    lines += [f'    <territory name="{n}"{water_attribute if water else ""}/>' for n, water in territories]
    lines += [f'    <connection t1="{a}" t2="{b}"/>' for a, b in connections]
    lines += ["  </map>", '  <resourceList><resource name="PUs"/></resourceList>', "  <playerList>"]
    lines += [f'    <player name="{p}" optional="false"/>' for p in PLAYERS]
    lines += ['    <alliance player="Reds" alliance="Red"/>', '    <alliance player="Blues" alliance="Blue"/>',
              "  </playerList>", f'  <unitList><unit name="{UNIT}"/></unitList>', "  <gamePlay>",
              '    <delegate name="initDelegate" javaClass="games.strategy.triplea.delegate.InitializationDelegate" display="Init"/>',
              '    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegate" display="Move"/>',
              "    <sequence>", '      <step name="gameInitDelegate" delegate="initDelegate"/>']
    lines += [f'      <step name="{p}CombatMove" delegate="move" player="{p}"/>' for p in PLAYERS]
    lines += ["    </sequence>", "  </gamePlay>", "  <production>",
              f'    <productionRule name="buy{UNIT}"><cost resource="PUs" quantity="3"/>'
              f'<result resourceOrUnit="{UNIT}" quantity="1"/></productionRule>',
              f'    <productionFrontier name="production"><frontierRules name="buy{UNIT}"/></productionFrontier>']
    lines += [f'    <playerProduction player="{p}" frontier="production"/>' for p in PLAYERS]
    lines += ["  </production>", "  <attachmentList>",
              f'    <attachment name="unitAttachment" attachTo="{UNIT}" '
              'javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">',
              '      <option name="movement" value="1"/>', '      <option name="attack" value="1"/>',
              "    </attachment>"]
    # every land territory has its territory attachment, which the engine asks for by name (S225)
    lines += [f'    <attachment name="territoryAttachment" attachTo="{n}" '
              'javaClass="games.strategy.triplea.attachments.TerritoryAttachment" type="territory">'
              '<option name="production" value="2"/></attachment>' for n, water in territories if not water]
    lines += [extra_attachments, "  </attachmentList>", "  <initialize>", "    <ownerInitialize>"]
    lines += [f'      <territoryOwner territory="{t}" owner="{p}"/>' for t, p in owners]
    lines += ["    </ownerInitialize>", "    <unitInitialize>",
              f'      <unitPlacement unitType="{UNIT}" territory="Alpha" quantity="2" owner="Reds"/>',
              "    </unitInitialize>", "    <resourceInitialize>"]
    lines += [f'      <resourceGiven player="{p}" resource="PUs" quantity="10"/>' for p in PLAYERS]
    lines += ["    </resourceInitialize>", "  </initialize>", "  <propertyList>",
              '    <property name="Low Luck" value="false" editable="true"><boolean/></property>',
              # as games with triggers declare it (S224): the cases' triggers fire
              '    <property name="Use Triggers" value="true" editable="false"><boolean/></property>',
              "  </propertyList>", "</game>", ""]
    return "\n".join(line for line in lines if line)


def base_files() -> dict[str, str | bytes]:
    """The clean base map: three territories side by side on a 256x256 map."""
    return {
        "map.yml": "map_name: Tiny\ngames:\n- {game_name: Tiny, file_name: tiny.xml}\n",
        "map/games/tiny.xml": base_xml(),
        "map/polygons.txt": "Alpha < (0,0) (80,0) (80,100) (0,100) >\n"
                            "Beta < (80,0) (160,0) (160,100) (80,100) >\n"
                            "Sea Zone < (0,100) (255,100) (255,255) (0,255) >\n",
        "map/centers.txt": "Alpha (40,50)\nBeta (120,50)\nSea Zone (128,180)\n",
        "map/place.txt": "Alpha (10,10) (40,40)\nBeta (90,10)\nSea Zone (20,120) | overflowToLeft=false\n",
        "map/map.properties": "color.Reds=FF0000\ncolor.Blues=0000FF\nunits.scale=0.75\n"
                              "map.width=256\nmap.height=256\nmap.hasRelief=false\n",
        "map/baseTiles/0_0.png": png(256, 256),
        f"map/units/Reds/{UNIT}.png": png(48, 48),
        f"map/units/Blues/{UNIT}.png": png(48, 48),
        "map/flags/Reds.gif": png(32, 32, "GIF"),
        "map/flags/Blues.gif": png(32, 32, "GIF"),
        "map/flags/Reds_small.gif": png(12, 8, "GIF"),
        "map/flags/Blues_small.gif": png(12, 8, "GIF"),
    }


def dday2_xml(areas: int = 6, border_boxes: dict[str, tuple[str, ...]] | None = None,
              drop: tuple[str, ...] = (), unjoin: tuple[tuple[str, str], ...] = ()) -> str:
    """A D-Day2-shaped game: areas A<n>/G<n>/P<n> joined A–G–P, border boxes between patrol parts."""
    border_boxes = border_boxes if border_boxes is not None else \
        {f"B{n}": (f"P{n}", f"P{n + 1}") for n in range(1, areas)}
    names = [f"{letter}{n}" for n in range(1, areas + 1) for letter in "AGP" if f"{letter}{n}" not in drop]
    names += list(border_boxes)
    connections = [(f"A{n}", f"G{n}") for n in range(1, areas + 1)] + [(f"G{n}", f"P{n}") for n in range(1, areas + 1)]
    connections = [c for c in connections if c not in unjoin and not set(c) & set(drop)]
    connections += [(box, part) for box, parts in border_boxes.items() for part in parts]
    return base_xml([(n, False) for n in names] + [("Alpha", False), ("Beta", False), ("Sea Zone", True)],
                    connections + [("Alpha", "Beta"), ("Beta", "Sea Zone"), ("Beta", "A1")])


def png(width: int, height: int, kind: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (10, 120, 30)).save(buffer, kind)
    return buffer.getvalue()


def write_tree(root: Path, files: dict[str, str | bytes | None]) -> Path:
    for relative, content in files.items():
        path = root / relative
        if content is None:
            if path.is_file():
                path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return root


def reference_game_xmls() -> list[Path]:
    """The 40 community game XMLs and the community D-Day2 XML, read in place from ../shared
    (empty when it is absent)."""
    from converter.paths import SHARED_DIR

    reference = SHARED_DIR / "reference"
    return sorted((reference / "map-xmls").glob("*.xml")) + sorted(
        (reference / "dday2-community-map").rglob("*.xml"))


def inserted_after_tags(xml: str, edits: list[tuple[int, str]]) -> str:
    """The XML with each (position, text) inserted after its tag (position modulo their number)."""
    for position, insert in edits:
        tags = [i for i, char in enumerate(xml) if char == ">"]
        cut = tags[position % len(tags)] + 1
        xml = xml[:cut] + insert + xml[cut:]
    return xml
