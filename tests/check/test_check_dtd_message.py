"""X004 shows a DTD error in at most 200 characters: for children out of a long content
model, what is wrong comes first, and both lists are cut short (the message was cut at 200
characters, in the middle of the expected list, and lost what was found)."""

from __future__ import annotations

from converter.check.rules.xml import SHOWN_MESSAGE, shown_dtd_message

MODEL = ("info , loader , triplea? , diceSides? , map , resourceList? , playerList , unitList? , relationshipTypes? , "
         "territoryEffectList? , gamePlay , production? , technology? , attachmentList? , initialize? , propertyList?")
FOUND = "info triplea map resourceList playerList unitList relationshipTypes gamePlay production attachmentList initialize"


def _error(expecting: str, got: str) -> str:
    return f"Element game content does not follow the DTD, expecting ({expecting}), got ({got} )"


def test_a_missing_required_element_is_named_first() -> None:
    shown = shown_dtd_message(_error(MODEL, FOUND))
    assert shown.startswith("Element game content does not follow the DTD: <loader> is missing, expecting (info , ")
    assert ", got (info triplea map" in shown and len(shown) <= SHOWN_MESSAGE


def test_an_element_the_model_does_not_name_is_named() -> None:
    shown = shown_dtd_message(_error(MODEL, FOUND.replace("info triplea", "info loader triplea variableList")))
    assert shown.startswith("Element game content does not follow the DTD: <variableList> is not allowed there, ")
    assert "<loader>" not in shown


def test_a_wrong_order_names_the_first_element_out_of_it_and_keeps_both_lists() -> None:
    shown = shown_dtd_message(_error(MODEL, "loader info " + FOUND[5:]))
    assert shown.startswith("Element game content does not follow the DTD: <info> is out of order: the DTD wants it "
                            "before <loader>, expecting (") and "got (loader info" in shown
    # the repair rules written before the production frontiers (world_war_1_end_of_empires)
    production = ("productionRule+ , repairRule* , repairFrontier* , productionFrontier+ , playerProduction+ , "
                  "playerRepair*")
    found = "productionRule productionRule repairRule repairFrontier playerRepair productionFrontier playerProduction"
    shown = shown_dtd_message(_error(production, found).replace("game", "production"))
    assert ": <productionFrontier> is out of order: the DTD wants it before <playerRepair>" in shown


def test_an_element_given_more_often_than_allowed_is_named() -> None:
    shown = shown_dtd_message(_error(MODEL, "info loader" + FOUND[4:].replace("map", "map map")))
    assert ": <map> is given 2 times, where the DTD allows one, expecting (" in shown


def test_short_messages_and_nested_models_are_shown_as_they_are() -> None:
    short = "Element relationshipInitialize content does not follow the DTD, expecting (relationship)+, got ()"
    assert shown_dtd_message(short) == short
    nested = _error("(a | b)* , " + MODEL, FOUND)
    assert ": <" not in shown_dtd_message(nested) and len(shown_dtd_message(nested)) <= SHOWN_MESSAGE
    other = "No declaration for attribute name of element variable " + "x" * 300
    assert shown_dtd_message(other) == other[:SHOWN_MESSAGE]
