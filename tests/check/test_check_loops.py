"""2.x's `foreach` loops and `$variables$` as the model reads them (`converter.check.loops`): the
copies GameParser makes, in its order, with their element's lines; the fast text path gives what
the copy-by-copy path gives; a hostile loop leaves the game as written."""

from __future__ import annotations

import random

import pytest
from lxml import etree

from converter.check import loops
from converter.check.loops import MAX_LOOP_NODES, combinations, expand_loops
from converter.check.model import GameModel, build_model


def _expanded(root):
    """The game as the model reads it (`expand_loops`'s tree alone)."""
    return expand_loops(root)[0]


TARGETS = {"A": ["a1", "a2"], "B": ["b1", "b2"], "C": ["c1", "c2", "c3"]}


def _game(variables: dict[str, list[str]], attachments: str) -> etree._Element:
    declared = "".join(f'<variable name="{name}">' + "".join(f'<element name="{each}"/>' for each in values)
                       + "</variable>" for name, values in variables.items())
    return etree.fromstring(f"<game>\n<variableList>{declared}</variableList>\n<attachmentList>\n{attachments}"
                            "\n</attachmentList>\n</game>")


def _attachments(root: etree._Element) -> list[tuple]:
    return [(each.get("name"), each.get("attachTo"), each.sourceline,
             [(option.get("name"), option.get("count"), option.get("value"), option.sourceline) for option in each])
            for each in root.iterfind("attachmentList/attachment")]


def test_combinations_side_by_side_then_crossed_in_2x_order() -> None:
    made = combinations("$A$:$B$^$C$", {f"${name}$": values for name, values in TARGETS.items()})
    assert made == [{"@A@": a, "@B@": b, "@C@": c} for a, b in (("a1", "b1"), ("a2", "b2")) for c in ("c1", "c2", "c3")]


@pytest.mark.parametrize("foreach", ["$A$^$B$^$C$", "$A$:$C$", "$D$", "A", "$A$ ", "$A$:", ""])
def test_combinations_of_a_refused_loop_are_none(foreach: str) -> None:
    assert combinations(foreach, {f"${name}$": values for name, values in TARGETS.items()}) is None


def test_each_copy_has_its_names_targets_and_values_replaced_on_the_lines_written() -> None:
    root = _game({"Sides": ["Reds", "Blues"], "Lands": ["Alpha", "Beta"]},
                 '<attachment foreach="$Sides$" name="rulesAttachment@Sides@" attachTo="@Sides@" '
                 'javaClass="RulesAttachment" type="player">\n'
                 '<option name="directOwnershipTerritories" value="$Lands$" count="1"/>\n'
                 '<option name="objectiveValue" value="@Sides@"/></attachment>\n'
                 '<attachment name="other@Sides@" attachTo="Reds" javaClass="RulesAttachment" type="player">'
                 '<option name="alliedOwnershipTerritories" value="@Sides@:$Lands$"/></attachment>')
    assert _attachments(_expanded(root)) == [
        ("rulesAttachmentReds", "Reds", 4, [("directOwnershipTerritories", "1", "Alpha:Beta", 5),
                                           ("objectiveValue", None, "Reds", 6)]),
        ("rulesAttachmentBlues", "Blues", 4, [("directOwnershipTerritories", "1", "Alpha:Beta", 5),
                                             ("objectiveValue", None, "Blues", 6)]),
        # outside a loop `@Sides@` is text, and `$Lands$` is replaced in option values alone
        ("other@Sides@", "Reds", 7, [("alliedOwnershipTerritories", None, "@Sides@:Alpha:Beta", 7)])]
    assert _attachments(root)[0][0] == "rulesAttachment@Sides@"  # the tree as written is left alone


def test_an_option_naming_an_empty_element_is_dropped_from_that_copy() -> None:
    root = _game({"Units": ["foot", ""]}, '<attachment foreach="$Units$" name="a@Units@" attachTo="Reds" '
                 'javaClass="RulesAttachment" type="player"><option name="unitPresence" value="@Units@" count="1"/>'
                 '<option name="turns" value="1"/></attachment>')
    found = [(name, [option[0] for option in options])
             for name, _, _, options in _attachments(_expanded(root))]
    assert found == [("afoot", ["unitPresence", "turns"]), ("a", ["turns"])]


def test_copies_equal_to_an_earlier_one_are_left_out_and_different_ones_kept() -> None:
    root = _game(TARGETS, '<attachment foreach="$A$^$C$" name="same@A@" attachTo="@A@" javaClass="RulesAttachment" '
                 'type="player"><option name="turns" value="1"/></attachment>'
                 '<attachment foreach="$A$^$C$" name="lost@A@" attachTo="@A@" javaClass="RulesAttachment" '
                 'type="player"><option name="turns" value="@C@"/></attachment>')
    names = [name for name, *_ in _attachments(_expanded(root))]
    assert names == ["samea1", "samea2"] + ["losta1"] * 3 + ["losta2"] * 3


def test_a_loop_over_a_variable_of_no_elements_makes_nothing() -> None:
    root = _game({"None": [], **TARGETS}, '<attachment foreach="$None$" name="n@None@" attachTo="@None@" '
                 'javaClass="RulesAttachment" type="player"/><attachment name="kept" attachTo="Reds"/>')
    assert [name for name, *_ in _attachments(_expanded(root))] == ["kept"]


def test_the_model_reads_the_copies() -> None:
    root = _game(TARGETS, '<attachment foreach="$A$:$B$" name="t@A@" attachTo="@B@" javaClass="TriggerAttachment" '
                 'type="player"><option name="when" value="after:@A@Move"/></attachment>')
    model = build_model(root)
    assert [(each.name, each.attach_to) for each in model.attachments] == [("ta1", "b1"), ("ta2", "b2")]
    assert model.options.column("value") == ["after:a1Move", "after:a2Move"] and not model.loops_left


def test_a_refused_loop_stays_as_written_and_the_others_are_expanded() -> None:
    root = _game(TARGETS, '<attachment foreach="$Z$" name="z@Z@" attachTo="@Z@" javaClass="RulesAttachment" '
                 'type="player"/><attachment foreach="$A$" name="a@A@" attachTo="@A@" javaClass="RulesAttachment" '
                 'type="player"/>')
    model = build_model(root)
    assert [each.name for each in model.attachments] == ["z@Z@", "aa1", "aa2"] and model.loops_left


def test_loops_that_would_copy_too_much_leave_the_game_as_written() -> None:
    side = int((MAX_LOOP_NODES // 2) ** 0.5) + 1
    root = _game({"X": [f"x{n}" for n in range(side)], "Y": [f"y{n}" for n in range(side)]},
                 '<attachment foreach="$X$^$Y$" name="n@X@@Y@" attachTo="@X@" javaClass="RulesAttachment" '
                 'type="player"><option name="turns" value="1"/></attachment>')
    assert _expanded(root) is root
    assert GameModel(root).loops_left


def test_variables_that_would_write_too_much_leave_the_game_as_written(monkeypatch) -> None:
    monkeypatch.setattr(loops, "MAX_LOOP_TEXT", 10_000)
    big = {"Big": [f"name{n}" for n in range(200)]}  # `$Big$` is 1,489 characters
    options = '<option name="o" value="$Big$"/>' * 5
    root = _game(big, f'<attachment name="a" attachTo="Reds">{options}</attachment>')
    assert _expanded(root) is not root  # 7,445 characters
    root = _game(big, f'<attachment name="a" attachTo="Reds">{options * 2}</attachment>')
    assert _expanded(root) is root  # 14,890
    root = _game(big, f'<attachment foreach="$Big$" name="a@Big@" attachTo="Reds">{options}</attachment>')
    assert _expanded(root) is root  # 200 copies of 7,445


def test_an_option_holding_elements_is_copied_alike_by_both_paths(monkeypatch) -> None:
    root = _game(TARGETS, '<attachment foreach="$A$" name="n@A@" attachTo="@A@"><option name="o" value="@A@">'
                 '<note at="@A@"/>text @A@</option></attachment>')
    fast = etree.tostring(_expanded(root))
    monkeypatch.setattr(loops, "_copies_as_text", lambda *args: None)
    assert fast == etree.tostring(_expanded(root)) and b'<note at="@A@"/>text @A@' in fast


def test_a_game_without_variables_is_read_as_written() -> None:
    root = etree.fromstring('<game><attachmentList><attachment name="a" attachTo="b"/></attachmentList></game>')
    assert _expanded(root) is root


_PIECES = ["@A@", "@B@", "@C@", "$A$", "$C$", "x", "&amp;", "&lt;", "&quot;", "{0}", "}", "@", "$", "é"]
_ELEMENTS = ["a", "b&c", "<d>", 'q"', "", "{1}", "t\tu", "$A$", "@B@", "ttatchment", "z"]


@pytest.mark.parametrize("seed", range(30))
def test_the_text_path_makes_what_the_copy_by_copy_path_makes(seed: int, monkeypatch) -> None:
    chooser = random.Random(seed)

    def text() -> str:
        return "".join(chooser.choice(_PIECES) for _ in range(chooser.randint(0, 4)))

    variables = {name: [chooser.choice(_ELEMENTS) for _ in range(3)] for name in "ABC"}
    for name in "ABC":
        if chooser.random() < 0.6:  # mostly plain elements: the text path's case
            variables[name] = [f"{name.lower()}{n}" for n in range(3)]
    attachments = "".join(
        f'<attachment foreach="{chooser.choice(["$A$", "$A$:$B$", "$A$^$C$", "$B$:$C$^$A$"])}" name="n{text()}" '
        f'attachTo="{text()}" javaClass="RulesAttachment" type="player"><!-- note {text()} -->\n'
        + "".join(f'<option name="o{n}" value="{text()}"' + (f' count="{text()}"' if n % 2 else "") + "/>\n"
                  for n in range(chooser.randint(0, 3)))
        + "</attachment>\n" for _ in range(4))
    declared = "".join(f'<variable name="{name}">' + "".join(f'<element name="{etree_quoted(each)}"/>'
                                                           for each in values) + "</variable>"
                       for name, values in variables.items())
    root = etree.fromstring(f"<game><variableList>{declared}</variableList>\n<attachmentList>\n{attachments}"
                            "</attachmentList></game>")
    fast = _attachments(_expanded(root))
    monkeypatch.setattr(loops, "_copies_as_text", lambda *args: None)
    assert fast == _attachments(_expanded(root))


def etree_quoted(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").replace("\t", "&#9;")
