"""S210: game property values that do not fit the type the engines read them as: a `<boolean>` or
`<number>` given another value, and a property with no type element, which each engine keeps as text
or a number by its value and fails casting where it reads another type."""

from __future__ import annotations

from converter.check.builtin_tables import BOOLEAN_PROPERTIES_1_9, PROPERTY_ALIASES_2X, PROPERTY_DEFAULTS_2X
from converter.check.rule import hit, rule
from converter.check.rules.game_properties import TEXT_PROPERTIES, VICTORY_MODES, bid_step_players
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import java_int
from converter.check.rules.xml import for_2x_alone
from converter.findings import Severity


@rule("S210", "structure.property-value", Severity.WARNING, "game property {name!r} has value {value!r}: {problem}")
def property_value(context):
    """Finds a game property whose value does not fit its `<boolean>` or `<number>` type.

    Why: TripleA 1.9 reads a boolean other than `true` or `false` (upper or lower case) as
    false, so `value="1"` turns the option off; 2.x ignores `<boolean/>` and takes the type from
    the value, so it fails with an error when it reads such a property as true or false: an
    error for a property 2.x reads (`Low Luck`, or one a condition's `gameProperty` names), or a
    number it reads (`Land Battle Rounds`), as the odds calculator or a battle then fails. The
    names 2.x reads as text (`mapName`, `notes`) are not reported. A `<number>` whose value is
    not whole (as Java reads it: no blank around it, within -2147483648..2147483647) stops
    TripleA 1.9 loading the game when the property is `editable="true"`, and 2.x makes it a text
    property; 1.9 reads a fixed one's value that is not a number as 0. A whole number outside
    its range is S235's, a `min` or `max` that is no whole number S214's. A whole number typed
    `<boolean/>` for a property 2.x reads as a number (`Land Battle Rounds`) plays in 2.x and
    fails in 1.9: info where the game is for 2.x alone. A fixed property with no type element
    whose value is no whole number (`value="3 cities"`), where the engines read a number, is kept
    as text by both, and the game stops where it is read: an error for `Land Battle Rounds` and
    the other number properties, for an alliance's victory amount with that victory on and an
    EndRoundDelegate step, and for a player's bid with a bid step (read as the game starts); a
    warning where the host may turn that victory on. Likewise a fixed property with no type that
    the engines read as true or false (`Low Luck`) stops the game where it is read unless its
    value is true or false, and even then in 1.9, which keeps it as text (a warning; info for a
    game for 2.x alone); an editable property with no type 1.9 refuses to load (likewise). A fixed
    property with no `value` at all (and no type) 1.9 keeps as empty text, and stops alike where it
    reads it, while 2.x reads it as absent and plays with its default (a warning; info for a game
    for 2.x alone); `value=""` both keep as empty text.

    Fix: In the game XML's `<propertyList>`, write `true` or `false` for a boolean, and a whole
    number within `min`..`max` for a number (or widen the range); type a number `<number/>`.
    """
    model = context.model
    conditions_read = None
    for prop in model.properties if model is not None else ():
        if prop.value_type is None:
            yield from _untyped(context, prop)
            continue
        problem = None
        if prop.value_type == "boolean" and prop.value.strip().lower() not in ("true", "false") and \
                prop.name not in TEXT_PROPERTIES:
            problem, wanted = "expected true or false", "true or false"
        elif prop.value_type == "number" and java_int(prop.value) is None:
            problem, wanted = "value must be a whole number", "a whole number"
        if not problem:
            continue
        # 2.x keeps such a value as text, and `(boolean) value` / `(int) value` fail where it is read
        default = PROPERTY_DEFAULTS_2X.get(prop.name)
        if prop.value_type == "boolean" and default is not None and java_int(default) is not None and \
                java_int(prop.value) is not None:  # a number 2.x reads as one: it infers the type from the value
            alone = for_2x_alone(context.tree.getroot())
            yield hit(line=prop.line, name=prop.name, value=prop.value, severity=Severity.INFO if alone else None,
                      problem="a whole number typed <boolean/>: TripleA 2.x takes the type from the value and reads "
                              "the number it wants, but 1.9 keeps a boolean and fails where it reads the number "
                              "(a ClassCastException in GameProperties.get)"
                              + (f"; the game {alone}, so only 2.x plays it" if alone else "")
                              + "; type it <number min=\"...\" max=\"...\"/>")
            continue
        if conditions_read is None:
            conditions_read = {value.strip() for value in model.option_values("gameProperty")}
        if default is not None and (default == "false") == (prop.value_type == "boolean") or \
                prop.value_type == "boolean" and prop.name in conditions_read:
            yield hit(line=prop.line, name=prop.name, value=prop.value, severity=Severity.ERROR,
                      problem=f"{problem}; TripleA 2.x reads it as {wanted} and fails wherever it does "
                              "(a ClassCastException in GameProperties.get)")
        else:
            yield hit(line=prop.line, name=prop.name, value=prop.value, problem=problem)


def _untyped(context, prop):
    """S210's findings for a property with no type element: 1.9 refuses an editable one; a fixed
    one whose value is not of the type the engines read it as is kept as text or a number (2.x
    PropertyValueTypeInference, 1.9 GameParser.parseProperties: a number, else text), and
    GameProperties.get then fails casting it."""
    model = context.model
    if prop.editable:
        alone = for_2x_alone(context.tree.getroot())
        yield hit(line=prop.line, name=prop.name, value=prop.value, severity=Severity.INFO if alone else None,
                  problem="editable, with no type element: TripleA 1.9 refuses to load the game (\"Editable "
                          "properties must have exactly 1 child specifying the type\"); 2.x takes the type from the "
                          "value" + (f"; the game {alone}, so only 2.x plays it" if alone else "")
                          + f"; type it {_type_for(prop)}")
        return
    # (2.x reads an old name as its new one, LegacyPropertyMapper)
    read_by_2x = PROPERTY_DEFAULTS_2X.get(PROPERTY_ALIASES_2X.get(prop.name.lower(), prop.name)) in ("true", "false")
    read_by_1_9 = prop.name in BOOLEAN_PROPERTIES_1_9
    if read_by_2x or read_by_1_9:
        boolean = prop.value.lower() in ("true", "false")  # (2.x's inference takes no blank around them)
        if (boolean or not prop.given) and not read_by_1_9:
            return  # (2.x takes true or false from the value, and reads no value as none; 1.9 never reads the name)
        only_1_9 = boolean or not read_by_2x or not prop.given  # (1.9 reads no value as empty text, 2.x as none)
        alone = for_2x_alone(context.tree.getroot()) if only_1_9 else None
        kept = "empty text" if not prop.value else "text" if boolean or java_int(prop.value) is None else "a number"
        engine = "TripleA 1.9" if only_1_9 else "TripleA 2.x" if not read_by_1_9 else "TripleA"
        yield hit(line=prop.line, name=prop.name, value=prop.value,
                  severity=Severity.INFO if alone else None if only_1_9 else Severity.ERROR,
                  problem=f"the property has no type element, so {engine} keeps it as {kept}; where the game uses "
                          f"it, {engine} reads it as true or false and the game stops (a ClassCastException in "
                          "GameProperties.get)" + (" (2.x takes true or false from the value)" if boolean else "")
                          + (_NONE_IN_2X if not prop.given and read_by_2x else "")
                          + (f"; the game {alone}, so only 2.x plays it" if alone else "")
                          + ("; type it <boolean/>" if boolean else "; write true or false and type it <boolean/>"))
        return
    if prop.given and java_int(prop.value) is not None:
        return
    read = _where_read_as_number(model, prop.name)
    if read is None:
        return
    where, severity = read
    engine, alone = "TripleA", None
    if not prop.given:  # only 1.9 keeps it, as empty text
        engine, alone = "TripleA 1.9", for_2x_alone(context.tree.getroot())
        severity = Severity.INFO if alone else Severity.WARNING
    kept = "text" if prop.value else "empty text"
    yield hit(line=prop.line, name=prop.name, value=prop.value, severity=severity,
              problem=f"no whole number, and the property has no type, so {engine} keeps it as {kept}; {where}, "
                      f"{engine} reads it as a number and the game stops (a ClassCastException in GameProperties.get)"
                      + (_NONE_IN_2X if not prop.given else "")
                      + (f"; the game {alone}, so only 2.x plays it" if alone else "")
                      + "; write a whole number and type it <number min=\"...\" max=\"...\"/>")


# 2.x sets a property with no value as none (GameProperties.set), and GameProperties.get then gives its default
_NONE_IN_2X = " (2.x reads a property with no value as absent: its default applies)"


def _type_for(prop) -> str:
    """The type element a property with none wants: a boolean for true or false (or a name read as
    one), a number for a whole number (or a name read as one), else either."""
    default = PROPERTY_DEFAULTS_2X.get(prop.name)
    if prop.value.strip().lower() in ("true", "false") or default in ("true", "false") or \
            prop.name in BOOLEAN_PROPERTIES_1_9:
        return "<boolean/>"
    if java_int(prop.value) is not None or default is not None and java_int(default) is not None:
        return "<number min=\"...\" max=\"...\"/>"
    return "<boolean/> or <number min=\"...\" max=\"...\"/>"


def _where_read_as_number(model, name: str) -> tuple[str, Severity] | None:
    """Where the engines read the property `name` as a whole number, and how sure that is: an
    error where the game will read it, a warning where the host may make it (an editable victory
    that is off); None when nothing reads it as one."""
    default = PROPERTY_DEFAULTS_2X.get(name)
    if default is not None:
        return ("where the game uses it", Severity.ERROR) if java_int(default) is not None else None
    alliances, players = set(model.alliances), set(model.players)
    for suffix, victory in VICTORY_MODES.items():
        if name.endswith(suffix) and name[:-len(suffix)] in alliances and model.runs_delegate("EndRoundDelegate"):
            if property_is_true(model, victory):
                return f"with {victory!r} on, at the end of each round", Severity.ERROR
            if any(prop.editable for prop in model.properties if prop.name == victory):
                return f"with {victory!r} on (the host may turn it on), at the end of each round", \
                    Severity.WARNING
            return None
    if name.endswith(" bid") and name[:-len(" bid")] in players and \
            name[:-len(" bid")] in bid_step_players(model, ("BidPurchaseDelegate", "BidPlaceDelegate")):
        return f"as the game starts (the InitializationDelegate reads the bid of each bid step's player) or at the " \
               f"bid step of {name[:-len(' bid')]!r}", Severity.ERROR
    return None
