"""The check's fast paths answer what the plain way answers.

The model reads the XML column-wise and rules take shortcuts (each distinct value judged
once, C-level scans, options grouped by counting). Here small, plainly written oracles —
one element at a time, the way the rules first read — judge the same documents, and the
findings must agree exactly: on crafted documents that take the rare paths (comments among
options, elements away from their usual place, options without names) and on the real maps.
"""

from __future__ import annotations

import difflib
import re
from contextlib import ExitStack
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from check_mapkit import base_xml
from converter.check.builtin_tables import (BOOLEAN_OPTIONS_2X, LEGACY_OPTION_NAMES_2X, PROPERTY_NAMES,
                                            SINGLE_VALUE_OPTIONS_2X, WHOLE_NUMBER_OPTIONS_2X)
from converter.check.context import CheckContext, Target
from converter.check.engine import load_engine
from converter.check.inputs import resolve
from converter.check.model import QUANTITY_TAGS
from converter.check.runner import check_target
from converter.check.suggest import did_you_mean

ORACLE_CODES = ("S203", "S204", "S208", "S213", "S214", "S219", "S220", "R110")


def _difflib_suggestion(name: str, known) -> str:
    lowered = {k.lower(): k for k in known}
    if name.lower() in lowered and lowered[name.lower()] != name:
        return f"; did you mean {lowered[name.lower()]!r}?"
    match = difflib.get_close_matches(name, list(known), n=1, cutoff=0.85)
    return f"; did you mean {match[0]!r}?" if match else ""


def oracle(root: etree._Element, engine) -> set[tuple[str, int | None, str]]:
    """(code, line, message) of ORACLE_CODES, one element at a time."""
    found = set()
    first: dict[frozenset, tuple[str, int | None, int]] = {}  # connection -> (its first t1, line, number)
    repeats = []  # (t1, t2, line, first line, written the other way round, number, the first's number)
    for number, connection in enumerate(root.iterfind("map/connection")):
        t1, t2, line = connection.get("t1", ""), connection.get("t2", ""), connection.sourceline
        if t1 == t2:
            found.add(("S203", line, f"territory {t1!r} is connected to itself"))
        elif frozenset((t1, t2)) in first:
            first_t1, first_line, first_number = first[frozenset((t1, t2))]
            repeats.append((t1, t2, line, first_line, first_t1 != t1, number, first_number))
        else:
            first[frozenset((t1, t2))] = (t1, line, number)
    # repeats written the other way round: one finding, info (a map listing connections under both territories)
    reversed_repeats = [repeat for repeat in repeats if repeat[4]]
    if reversed_repeats:
        t1, t2, line, first_line, *_ = reversed_repeats[0]
        more = len(reversed_repeats) - 1
        habit = ": the map lists connections under both their territories" if \
            len(reversed_repeats) >= 10 and 2 * len(reversed_repeats) >= len(first) else ""
        found.add(("S204", line, f"connection {t1!r} - {t2!r} is declared again (first on line {first_line})"
                                 + (f", as {'is' if more == 1 else 'are'} {more} more connection{'s' * (more > 1)} "
                                    "written the other way round" if more else ", written the other way round")
                                 + habit + ", which changes nothing in play"))
    # the others, in runs of repeats on lines in a row: three or more are one finding, a block pasted twice
    runs: list[list[tuple]] = []
    for repeat in repeats:
        if repeat[4]:
            continue
        if runs and repeat[5] == runs[-1][-1][5] + 1:
            runs[-1].append(repeat)
        else:
            runs.append([repeat])
    ends = [(connection.get("t1", ""), connection.get("t2", "")) for connection in root.iterfind("map/connection")]
    for run in runs:
        t1, t2, line, first_line = run[0][:4]
        if len(run) >= 3 and len({repeat[6] for repeat in run}) == len(run):
            in_order = all(repeat[6] == run[0][6] + at for at, repeat in enumerate(run))
            repeated = f"repeat lines {first_line} to {run[-1][3]}, a block pasted twice" if in_order else \
                "repeat connections declared earlier, a section listed twice"
            found.add(("S204", line, f"connection {t1!r} - {t2!r} is declared again (first on line {first_line}), as "
                                     f"are the {len(run) - 1} connections after it: lines {line} to {run[-1][2]} "
                                     f"{repeated}"))
            continue
        for t1, t2, line, first_line, _other_way, number, first_number in run:
            joined = next((territory for territory in (t1, t2)
                           if all(territory in ends[at] for at in range(first_number, number + 1))), None)
            found.add(("S204", line, f"connection {t1!r} - {t2!r} is declared again (first on line {first_line})"
                       + (f"; every connection from the first to this one joins {joined!r}: was another of its "
                          "neighbours meant?" if joined else "")))
    for tag in QUANTITY_TAGS:
        for element in root.iter(tag):
            value = element.get("quantity")  # read as Java's Integer.valueOf reads it; absent is 0
            if value is not None and not (re.fullmatch(r"[+-]?\d+", value) and -2**31 <= int(value) < 2**31):
                found.add(("S214", element.sourceline, f'<{tag} quantity="{value}"> is not a whole number'))
    for element in root.iter("attachment", "delegate", "loader"):
        java_class = element.get("javaClass", "")
        if java_class and not engine.class_exists(java_class):
            found.add(("R110", element.sourceline,
                       f'<{element.tag} javaClass="{java_class}"> is not a class of the installed engine'))
    land_transports = any(_name_2x(option.get("name", "")) == "isLandTransport"
                          and option.get("value", "").strip().lower() == "true" for option in root.iter("option"))
    repeats: dict[str, list[tuple[int, str]]] = {}  # S213's, per option
    for attachment in root.iterfind("attachmentList/attachment"):
        java_class, first = attachment.get("javaClass", ""), {}
        known = engine.options_for(java_class)
        kinds = [option.get("value", "") for option in attachment.iterfind("option[@name='conditionType']")]
        counted = bool(kinds) and kinds[-1].strip().upper() not in ("AND", "OR")  # repeats weigh a count
        for option in attachment.iterfind("option"):
            name, value = option.get("name", ""), option.get("value", "")
            if known is not None and option.get("name") is None:  # skipped by 2.x's GameParser.setOptions
                found.add(("S208", option.sourceline, f"{java_class.rsplit('.', 1)[-1]} has no option '': this "
                                                      "<option> has no name attribute (a misspelt 'name='?), so 2.x "
                                                      "skips it without a word and its value is never set"))
            elif known is not None and name[:1].lower() + name[1:] not in known:
                found.add(("S208", option.sourceline, f"{java_class.rsplit('.', 1)[-1]} has no option {name!r}"
                                                      f"{_difflib_suggestion(name, known)}"))
            key = (name[:1].lower() + name[1:], value, option.get("count", ""))  # as 2.x names the option
            if key in first and not (counted and name == "conditions"):
                repeats.setdefault(key[0], []).append(
                    (option.sourceline, f"option {name!r}=\"{value}\" appears again in attachment "
                                        f"{attachment.get('name', '')!r} (first on line {first[key]})"))
            first.setdefault(key, option.sourceline)
        found |= _replaced_and_bad_values(attachment, land_transports)
    for each in repeats.values():  # from five repeats of one option, one finding naming the others' lines
        if len(each) >= 5:
            lines = [str(line) for line, _message in each[1:]]
            shown = ", ".join(lines[:4]) + f" and {len(lines) - 4} more" if len(lines) > 4 else \
                ", ".join(lines[:-1]) + " and " + lines[-1]
            option = each[0][1].split("'")[1]
            found.add(("S213", each[0][0], f"{each[0][1]}; so do {len(lines)} more repeated {option!r} lines (this "
                                           f"value or others), on lines {shown}"))
        else:
            found.update(("S213", line, message) for line, message in each)
    return found


def _name_2x(name: str) -> str:
    legacy = {old.lower(): new for old, new in LEGACY_OPTION_NAMES_2X.items()}
    return legacy.get(name.lower()) or name[:1].lower() + name[1:]


def _replaced_and_bad_values(attachment, land_transports: bool) -> set[tuple[str, int | None, str]]:
    """S219 and S220 for one attachment, option by option (`land_transports`: does a unit type
    carry land units, which alone makes `isLandTransportable` count)."""
    found, short = set(), attachment.get("javaClass", "").rsplit(".", 1)[-1]
    name = attachment.get("name", "")
    single = set(SINGLE_VALUE_OPTIONS_2X.get(short, ())) - {f"{kind}AttachmentName" for kind in
                                                            ("unit", "territory", "player", "relationshipType",
                                                             "territoryEffect")}
    given: dict[str, list] = {}
    for option in attachment.iterfind("option"):
        written, value, count = option.get("name", ""), option.get("value"), option.get("count", "")
        option_2x = _name_2x(written)
        if option_2x in single:
            given.setdefault(option_2x, []).append((written, value or "", count, option.sourceline))
        kind = "a whole number" if option_2x in WHOLE_NUMBER_OPTIONS_2X.get(short, ()) else \
            "true or false" if option_2x in BOOLEAN_OPTIONS_2X.get(short, ()) else None
        if kind is None or value is None or "$" in value + count or "@" in value + count:
            continue
        joined = f"{count}:{value}" if count else value
        if kind == "true or false":
            good = joined.lower() in ("true", "false")
        else:
            good = bool(re.fullmatch(r"[+-]?\d+", joined)) and -2**31 <= int(joined) < 2**31 or \
                (option_2x == "victoryCity" and joined.lower() in ("true", "false"))
        if not good:
            with_count = f' (with its count the engine reads "{joined}")' if count else ""
            found.add(("S220", option.sourceline, f"option {written!r}=\"{value}\" in attachment {name!r} is not "
                                                  f"{kind}{with_count}"))
    for option_2x, lines in given.items():
        if len(lines) < 2 or any("$" in value + count for _, value, count, _ in lines):
            continue

        def effect(value: str, count: str) -> tuple[str, str]:
            value = value.strip().lower()
            legacy = {("victoryCity", "true"): "1", ("victoryCity", "false"): "0", ("conditionType", "xor"): "1"}
            return legacy.get((option_2x, value), value), count.strip().lower()

        *earlier_lines, (written, value, count, line) = lines
        changed = [entry for entry in earlier_lines if effect(entry[1], entry[2]) != effect(value, count)]
        if not changed:
            continue
        old_written, old_value, old_count, old_line = changed[-1]
        shown = (lambda v, c: f'"{v}" (count "{c}")' if c else f'"{v}"')
        if old_written[:1].lower() + old_written[1:] == written[:1].lower() + written[1:]:
            head, engine = f"option {written!r} is given again", "the engine"
        else:
            head, engine = f"options {old_written!r} and {written!r} both set {option_2x!r}", "TripleA 2.x"
        carried = option_2x != "isLandTransportable" or land_transports
        also = [str(entry[3]) for entry in changed[:-1]]  # the earlier values replaced too
        too = "" if not also else f"; line {also[0]} is replaced too" if len(also) == 1 else \
            f"; lines {', '.join(also[:-1])} and {also[-1]} are replaced too"
        found.add(("S219", line, f"{head} in attachment {name!r} on {attachment.get('attachTo', '')!r}: {engine} "
                                 f"keeps the last, {shown(value, count)}, "
                                 f"not {shown(old_value, old_count)} (line {old_line})" + too + (
                                     "" if carried else "; no unit type of the game is a land transport, so it "
                                                        "changes nothing")))
    return found


def checked(path: Path, codes=ORACLE_CODES) -> set[tuple[str, int | None, str]]:
    target = Target(xml=path, map_dir=None, repo_root=None, display_root=path.parent, label=path.name)
    return {(f.code, f.line, f.message) for f in check_target(target).findings if f.code in codes}


_UNIT_ATTACHMENT = 'javaClass="games.strategy.triplea.attachments.UnitAttachment"'
VARIANTS = {
    "clean": {},
    # a comment among options: options can no longer be counted from the children
    "comment among options": {'<option name="movement" value="1"/>':
                              '<!-- fast --><option name="movement" value="1"/><option name="movement" value="1"/>'
                              '<option name="atack" value="2"/><option name="atack" value="2" count="3"/>',
                              "  </attachmentList>": '    <attachment name="territoryAttachment" attachTo="Alpha" '
                                                     'javaClass="games.strategy.triplea.attachments.TerritoryAttachment"'
                                                     ' type="territory"><option name="production" value="1"/>'
                                                     '<option name="movement" value="1"/></attachment>\n'
                                                     "  </attachmentList>"},
    "options without names": {'<option name="attack" value="1"/>':
                              '<option value="1"/><option value="1"/><option name="Attack" value="1"/>'},
    "misplaced elements": {"  </map>": '    <unitPlacement unitType="tinyfoot" territory="Alpha" quantity="x"/>\n'
                                       '    <delegate name="odd" javaClass="no.such.Delegate"/>\n  </map>',
                           'quantity="2"': 'quantity=" 2 "', 'quantity="3"': 'quantity="-3"'},
    "odd quantities": {'quantity="2"': 'quantity="²"', 'quantity="3"': 'quantity=""',
                       'quantity="10"/>': 'quantity="١٠"/>'},
    "connections": {'<connection t1="Beta" t2="Sea Zone"/>':
                    '<connection t1="Beta" t2="Sea Zone"/><connection t1="Sea Zone" t2="Beta"/>'
                    '<connection t1="Alpha" t2="Alpha"/><connection t1="Alpha" t2="Beta"/><connection t2="Beta"/>'
                    '<connection t2="Beta"/><connection t1="Beta" t2=""/>'},
    # one-value options given again (an old name too) and values the engine cannot read
    "options replaced and odd values": {'<option name="movement" value="1"/>':
                                        '<option name="movement" value="1"/><!-- c --><option name="Movement" '
                                        'value="2"/><option name="isInfantry" value="true"/><option '
                                        'name="isLandTransportable" value="false"/><option name="isAir" value="yes"/>'
                                        '<option name="transportCost" value="3" count="2"/><option name="hitPoints"/>'
                                        '<option name="movement" value=" 2 "/>'},
    "a second attachment list": {"  <initialize>": f'  <attachmentList><attachment name="x" attachTo="tinyfoot" '
                                                  f'{_UNIT_ATTACHMENT}><option name="movment" value="1"/></attachment>'
                                                  f'</attachmentList>\n  <initialize>'},
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_fast_paths_agree_with_the_plain_way(tmp_path: Path, variant: str) -> None:
    xml = base_xml()
    for old, new in VARIANTS[variant].items():
        assert old in xml, old
        xml = xml.replace(old, new)
    path = tmp_path / "game.xml"
    path.write_text(xml, encoding="utf-8")
    expected = oracle(etree.parse(str(path)).getroot(), load_engine())
    assert checked(path) == expected
    if variant != "clean":
        assert expected, "the variant should give the oracle something to find"


def test_fast_paths_agree_on_real_maps(shared_dir: Path) -> None:
    folder = shared_dir / "reference" / "map-xmls"
    if not folder.is_dir():
        pytest.skip(f"{folder} absent")
    engine, compared = load_engine(), 0
    for path in sorted(folder.glob("*.xml")):
        root = etree.parse(str(path)).getroot()
        if root.find("variableList") is not None:
            continue  # 2.x variables: attachments expand; the oracle reads them literally
        assert checked(path) == oracle(root, engine), path.name
        compared += 1
    assert compared >= 30


def test_option_grouping_survives_comments(tmp_path: Path) -> None:
    xml = base_xml().replace('<option name="movement" value="1"/>', '<option name="movement" value="1"/><!-- c -->')
    path = tmp_path / "game.xml"
    path.write_text(xml, encoding="utf-8")
    context = CheckContext(Target(xml=path, map_dir=None, repo_root=None, display_root=tmp_path, label="game.xml"))
    model = context.model
    parents = [option.getparent() for option in model.options.elements]
    attachments = model.table("attachmentList/attachment").elements
    assert model.option_owners == [attachments.index(parent) for parent in parents]
    assert model.option_counts == [2, 1, 1]  # the unit's two, each land territory's production


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdeilnorstuAEST _-", min_size=0, max_size=30),
       st.sampled_from(["properties", "options"]))
def test_did_you_mean_is_difflib(word: str, which: str) -> None:
    engine = load_engine()
    known = frozenset(PROPERTY_NAMES) if which == "properties" else \
        engine.options_for("games.strategy.triplea.attachments.UnitAttachment")
    assert did_you_mean(word, known) == _difflib_suggestion(word, known)


def test_did_you_mean_near_misses() -> None:
    known = frozenset(PROPERTY_NAMES)
    for name in list(known)[:60]:
        for word in (name[:-1], name + "s", name.swapcase(), name[1:], name.replace(" ", "")):
            assert did_you_mean(word, known) == _difflib_suggestion(word, known), word


def test_resolve_gives_the_same_xml_only_findings(tmp_path: Path) -> None:
    """`checked` builds its target by hand; resolve() of a bare XML must mean the same."""
    path = tmp_path / "game.xml"
    path.write_text(base_xml().replace('quantity="2"', 'quantity="two"'), encoding="utf-8")
    with ExitStack() as stack:
        (target,) = resolve(path, stack)
        resolved = {(f.code, f.line, f.message) for f in check_target(target).findings if f.code in ORACLE_CODES}
    assert resolved == checked(path) != set()
