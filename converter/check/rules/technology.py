"""Research that goes wrong in play. S261: technology advances players can research that change
nothing in the game: the built-in advances whose work is fixed in the engine (a frontier to move
to, a bonus for units of a kind) where the game has no such frontier or units, and gives the
advance no ability of its own. S262: research by tech tokens for a player with no category to
spend them on, where TripleA's AI stops the game. S263: a research cost of 0 or less, on which a
human player's research dialog fails."""

from __future__ import annotations

from collections import defaultdict

from converter.check.model import FRONTIER
from converter.check.rule import hit, rule, some_of
from converter.check.rules.options import attachment_classes, trigger_changed_properties
from converter.check.rules.references import (TECH_ADVANCES, TECHNAME_PATH, category_advances, last_declaration,
                                              property_is_true, technology_advances)
from converter.check.rules.structure import java_int, on_as_said, on_or_editable
from converter.check.rules.trigger_targets import tech_categories
from converter.check.techimages import options_of_attachments, starting_techs
from converter.findings import Severity

_DEVELOPMENT = "Tech Development"  # TechnologyDelegate asks a player to research only with it on
_V3_MODEL = "WW2V3 Tech Model"  # research by tech tokens, bought for one category at a time
_SHIPYARDS = "Use Shipyards"  # ImprovedShipyardsAdvance.perform does nothing with it off
_SHIPYARDS_BASE = "production"  # with Use Shipyards on, the start-up fails without productionShipyards: S246's
_TECHNOLOGY = "TechnologyDelegate"
_TECH_STEP_SUFFIX = "Tech"  # GameStep.isTechStepName: only there do the AI and a human player research
_ABILITY = "techAbilityAttachment"  # Constants.TECH_ABILITY_ATTACHMENT_NAME: an advance's own ability
# the advances that move a player on frontier X to X + suffix (IndustrialTechnologyAdvance,
# ImprovedShipyardsAdvance.perform), and have no ability besides
_FRONTIER_SUFFIXES = {"industrialTechnology": "IndustrialTechnology", "shipyards": "Shipyards"}
# the unit traits the built-in abilities are given for (TechAbilityAttachment.setDefaultTechnologyAttachments,
# at parse): {advance property: (the units it helps, in words; the traits one of them needs)}
_AIR, _AA, _FIRST_STRIKE, _BOMBER, _PRODUCES, _ROCKET, _SEA_DESTROYER, _JET = range(8)
_HELPED = {
    "longRangeAir": ("air units", _AIR), "aARadar": ("anti-aircraft units", _AA),
    "superSub": ("first-strike units (isFirstStrike, isSub or isSuicide)", _FIRST_STRIKE),
    "jetPower": ("air units that are not strategic bombers", _JET),
    "increasedFactoryProduction": ("units that produce units (canProduceUnits)", _PRODUCES),
    "rocket": ("rocket units (isRocket, or isAA)", _ROCKET),
    "destroyerBombard": ("sea units that are destroyers", _SEA_DESTROYER),
    "heavyBomber": ("strategic bombers", _BOMBER),
}
# unit options as 2.x sets them, in order: option -> the traits it sets ({trait: True} as the value)
_SETS = {"isAir": (_AIR,), "isStrategicBomber": (_BOMBER,), "canProduceUnits": (_PRODUCES,), "isFactory": (_PRODUCES,),
         "isRocket": (_ROCKET,), "isFirstStrike": ("firstStrike",), "isSub": ("sub",), "isSuicide": ("suicide",),
         "isAAforCombatOnly": ("aaCombat",), "isAAforBombingThisUnitOnly": ("aaBombing",),
         "isAAforFlyOverOnly": ("aaFlyOver",), "isAA": ("aaCombat", "aaBombing", "aaFlyOver", _ROCKET),
         "isDestroyer": ("destroyer",), "isSea": ("sea",)}


@rule("S261", "structure.technology-gives-nothing", Severity.WARNING,
      "technology {advance!r}, which {players} can research ({development}), does nothing{whom}: {why}")
def technology_gives_nothing(context):
    """Finds a built-in technology advance players can research that changes nothing in the game.

    Why: TripleA's built-in advances do what the engine has them do. Industrial Technology moves
    a player on production frontier `X` to the frontier `XIndustrialTechnology`, and Shipyards
    (with `Use Shipyards` on) to `XShipyards`; where the game has no such frontier the engine
    logs "No tech named: XIndustrialTechnology not adding tech" and nothing happens. The others
    get their bonus, when the game loads, for the unit types of a kind: Long Range Aircraft and
    Jet Power for air units (Jet Power not for strategic bombers), Heavy Bomber for strategic
    bombers, Super Subs for first-strike units, AA Radar for anti-aircraft units, Rockets for
    rocket units, Increased Factory Production for units that produce units, Destroyer Bombard for
    sea destroyers; a game without such units gives the advance nothing. A player's research
    (a TechnologyDelegate step named `…Tech`, with `Tech Development` on) may then hit it, and what
    was spent on it is lost without a word. Not reported: an advance the game gives a
    `techAbilityAttachment` of its own, one a condition tests (`techs`: it may fire triggers or
    pay objectives), one a player starts with, and frontiers in a game whose triggers change
    frontiers (and Shipyards from `production`, where the start-up fails first: S246). A warning
    with `Tech Development` on; info where only the host may turn it on.

    Fix: Add the frontier the message names (a copy of the player's frontier, with the cheaper
    rules), give the advance a `techAbilityAttachment` saying what it does (2.x refuses one on a
    built-in advance renamed with `tech="..."`), or leave the advance out of the players'
    categories in `<technology>` (a game without `<technology>` offers the engine's own set:
    declare the advances it should have).
    """
    model = context.model
    if model is None or model.loops_left:
        return
    if not on_or_editable(model, _DEVELOPMENT):
        return  # nobody researches (the usual game)
    researching = list(dict.fromkeys(step.player for step in _research_steps(model)))
    if not researching:
        return
    researchable = _researchable(model, researching)
    if not researchable:
        return
    lines = _techname_lines(model)
    development = on_as_said(model, _DEVELOPMENT)
    severity = {} if property_is_true(model, _DEVELOPMENT) else {"severity": Severity.INFO}
    with_ability = {attachment.attach_to for attachment in model.attachments
                    if attachment.name == _ABILITY and attachment.type == "technology"}
    starting = starting_techs(model)
    tested = {part.strip() for value in model.option_values("techs") for part in value.split(":")}
    traits = None
    for (name, prop), players in researchable.items():
        if (with_ability | tested) & {name, prop}:
            continue  # (a condition testing it may fire triggers or pay objectives)
        players = [player for player in players if prop not in starting.get(player, ())]
        if not players:
            continue
        line = lines.get(name) or lines.get(prop) or last_declaration(model, _DEVELOPMENT).line
        if prop in _FRONTIER_SUFFIXES:
            yield from _frontier_missing(model, name, prop, players, line, development, severity)
        elif prop in _HELPED:
            traits = _unit_traits(model) if traits is None else traits
            helped, trait = _HELPED[prop]
            if not any(trait in unit_traits for unit_traits in traits.values()):
                # (2.x refuses an ability on an advance declared `tech="..."`: a built-in one renamed)
                own = f" (nor does it give {name!r} a {_ABILITY} of its own)" if TECH_ADVANCES[prop] == name else \
                    f" ({name!r} is the built-in {TECH_ADVANCES[prop]!r} renamed, which may have no {_ABILITY})"
                yield hit(line=line, advance=name, players=_players(players), **severity,
                          development=development, whom="", why=f"the engine gives its bonus to {helped}, and the "
                                                                 f"game has none{own}")


def _frontier_missing(model, name: str, prop: str, players: list[str], line, development: str, severity: dict):
    if prop == "shipyards" and not property_is_true(model, _SHIPYARDS):
        return  # (with it off the advance does nothing by design; the host may turn it on)
    if model.option_values("frontier"):
        return  # a trigger changes frontiers: the map may move players itself
    table = model.table("production/playerProduction")
    frontier_of = dict(zip(table.column("player", ""), table.column("frontier", "")))  # (the last one)
    declared = model.names(FRONTIER)
    suffix = _FRONTIER_SUFFIXES[prop]
    lacking = {player: frontier_of[player] for player in players
               if frontier_of.get(player) and not frontier_of[player].endswith(suffix)
               and frontier_of[player] + suffix not in declared
               and not (prop == "shipyards" and frontier_of[player] == _SHIPYARDS_BASE)}
    if not lacking:
        return
    first = next(iter(lacking.values()))
    others = len(set(lacking.values())) - 1
    also = f" (and likewise from {others} other frontier{'s' if others > 1 else ''} of those players)" if others else ""
    yield hit(line=line, advance=name, players=_players(list(lacking)), development=development, **severity,
              whom=f" for {'it' if len(lacking) == 1 else 'them'}",
              why=f"TripleA moves a player on production frontier {first!r} to {first + suffix!r}{also}, which the "
                  f"game lacks (\"No tech named: {first + suffix} not adding tech\")")


def _research_steps(model) -> list:
    """The player steps where the player researches: a TechnologyDelegate's, named `…Tech` (neither
    the AI nor a human player researches at another: GameStep.isTechStepName)."""
    kinds = model.delegate_kinds
    return [step for step in model.steps if step.player and kinds.get(step.delegate) == _TECHNOLOGY
            and step.name.endswith(_TECH_STEP_SUFFIX)]


def _players(players: list[str]) -> str:
    return some_of([repr(player) for player in players], 3)


def _researchable(model, researching: list[str]) -> dict[tuple[str, str], list[str]]:
    """(advance name, property) -> the researching players who can gain it: every player the
    engine's own set (a game without `<technology>`), else those whose `<playerTech>` categories
    list it."""
    if not len(model.table("technology")):
        return {advance: list(researching) for advance in technology_advances(model)}
    found: dict[tuple[str, str], list[str]] = {}
    for player, advances in category_advances(model).items():
        if player in researching:
            for advance in advances:
                found.setdefault(advance, []).append(player)
    return found


def _techname_lines(model) -> dict[str, int | None]:
    table = model.table(TECHNAME_PATH)
    lines: dict[str, int | None] = {}
    for name, tech, line in zip(table.column("name", ""), table.column("tech", ""), table.lines):
        lines.setdefault(name, line)
        if tech:
            lines.setdefault(tech, line)
    return lines


def _unit_traits(model) -> dict[str, set]:
    """Unit type -> the traits (`_AIR` ...) its unit attachment gives it, its options applied in
    order as 2.x sets them (`isAA` sets the anti-aircraft traits and `isRocket`)."""
    flags: dict[str, dict] = defaultdict(dict)
    for unit, option, value in options_of_attachments(model, "unitAttachment", "unitType", tuple(_SETS)):
        on = value.strip().lower() == "true"
        for trait in _SETS[option]:
            flags[unit][trait] = on
    found: dict[str, set] = {}
    for unit, set_to in flags.items():
        traits = {trait for trait, on in set_to.items() if on and isinstance(trait, int)}
        if set_to.get("aaCombat") or set_to.get("aaBombing") or set_to.get("aaFlyOver"):
            traits.add(_AA)
        if set_to.get("firstStrike") or set_to.get("sub") or set_to.get("suicide"):
            traits.add(_FIRST_STRIKE)
        if set_to.get("destroyer") and set_to.get("sea"):
            traits.add(_SEA_DESTROYER)
        if set_to.get(_AIR) and not set_to.get(_BOMBER):
            traits.add(_JET)
        found[unit] = traits
    return found


@rule("S262", "structure.research-without-category", Severity.WARNING,
      "player {player!r} researches at step {step!r} ({development}, {model}) but has no technology category: "
      "TripleA's AI (Hard and Fast) stops the game when it researches for the player (a random category of none)")
def research_without_category(context):
    """Finds a player who researches by tech tokens but has no technology category to spend them on.

    Why: With `WW2V3 Tech Model` on, research (a TechnologyDelegate step named `…Tech`) buys tech
    tokens for one category of the player's technologies (its `<playerTech>` categories in
    `<technology>`). TripleA's AI (ProAI: the Hard and the Fast AI) picks a category at random
    among the player's, whenever it holds tokens or buys one (with too few PUs and no token it
    is not asked): with none it stops the game with an error (ProTechAi: "bound must be
    positive"; 1.9: "Index 0 out of bounds for length 0"). A human player is simply offered
    nothing to research. A game without `<technology>` gives every player the engine's
    own categories, and is not reported. A warning with both properties on; info where only the
    host may turn one on.

    Fix: Give the player a category in the game XML's `<technology>`
    (`<playerTech player="..."><category name="..."><tech name="..."/></category></playerTech>`),
    or take its research step out of the sequence.
    """
    model = context.model
    if model is None or not len(model.table("technology")):
        return  # the engine's own categories (the usual game)
    if not (on_or_editable(model, _DEVELOPMENT) and on_or_editable(model, _V3_MODEL)):
        return
    categories = tech_categories(model)
    both_on = property_is_true(model, _DEVELOPMENT) and property_is_true(model, _V3_MODEL)
    reported = set()
    for step in _research_steps(model):
        if step.player in reported:
            continue
        if categories.get(step.player):
            continue
        yield hit(line=step.line, player=step.player, step=step.name, development=on_as_said(model, _DEVELOPMENT),
                  model=on_as_said(model, _V3_MODEL), **({} if both_on else {"severity": Severity.INFO}))
        reported.add(step.player)


_TECH_ATTACHMENT = "techAttachment"  # Constants.TECH_ATTACHMENT_NAME: the one GamePlayer.getTechAttachment reads
_TECH_COST = "techCost"


@rule("S263", "structure.tech-cost-not-positive", Severity.WARNING,
      "player {player!r} researches at step {step!r} ({development}) with techCost {cost}: a human player's research "
      "dialog fails ({failure}) and the player cannot research")
def tech_cost_not_positive(context):
    """Finds a player who researches with a research cost of 0 or less.

    Why: A player's `techAttachment` sets `techCost`, the PUs a research roll (or, with `WW2V3
    Tech Model`, a tech token) costs; both engines read any whole number. At a human player's
    research step (a TechnologyDelegate step named `…Tech`, with `Tech Development` on) the "Roll
    Tech..." and "Buy Tech Tokens..." dialogs offer as many rolls as the player's PUs (with those
    of the players that help pay, `helpPayTechCost`, for tokens) divided by the cost (TechPanel):
    a cost of 0 throws "/ by zero", a cost below 0 gives a most below the least ("Max value
    cannot be less than min value") once the PUs reach the cost's size. No dialog opens, an error
    window does, and the player can only end the step (or, with `WW2V3 Tech Model`, roll the
    tokens it already holds): it buys no research. The AI does not read the cost there. A
    warning with `Tech Development` on, info where the host may turn it on; not judged where
    triggers change `techCost`.

    Fix: Give `techCost` 1 or more in the player's `techAttachment` (the default is 5), or leave
    the option out.
    """
    model = context.model
    if model is None or not on_or_editable(model, _DEVELOPMENT):
        return
    costs = _tech_costs(model)
    if not costs or _TECH_COST in trigger_changed_properties(model, "playerProperty"):
        return
    development = on_as_said(model, _DEVELOPMENT)
    severity = {} if property_is_true(model, _DEVELOPMENT) else {"severity": Severity.INFO}
    reported = set()
    for step in _research_steps(model):
        cost = costs.get(step.player)
        if cost is None or step.player in reported:
            continue
        reported.add(step.player)
        failure = "/ by zero" if cost == 0 else "a most below the least rolls"
        yield hit(line=step.line, player=step.player, step=step.name, development=development, cost=cost,
                  failure=failure, **severity)


def _tech_costs(model) -> dict[str, int]:
    """Player -> its `techAttachment`'s techCost where that is 0 or less (the last one given wins;
    GamePlayer.getTechAttachment takes the attachment of that name for a TechAttachment)."""
    classes = attachment_classes(model)
    players = {attachment.attach_to for attachment in model.attachments if attachment.name == _TECH_ATTACHMENT
               and attachment.type == "player" and classes[attachment.element] == "TechAttachment"}
    costs = {player: java_int(value) for player, _option, value
             in options_of_attachments(model, _TECH_ATTACHMENT, "player", (_TECH_COST,)) if player in players}
    return {player: cost for player, cost in costs.items() if cost is not None and cost <= 0}
