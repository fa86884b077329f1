"""S239, S244, S248, S217, S259, S264, S266: the turn sequence's steps as the engine reads and plays
them: their attributes, names and delegates, steps written inside steps, a purchase no step places,
one TripleA's AI never makes, and a move neither combat nor not (the steps' players and delegates
are R1xx's)."""

from __future__ import annotations

from converter.check.model import ATTACHMENT_PATH
from converter.check.rule import hit, rule, some_of
from converter.check.rules.fixed_names import players_with_production_per_x_territories
from converter.check.rules.options import attachment_classes
from converter.check.rules.references import property_is_true
from converter.check.rules.structure import bidders, decapitalized, java_int, on_or_editable
from converter.check.rules.xml import for_2x_alone
from converter.findings import Severity

_STEP_PATH = "gamePlay/sequence/step"


@rule("S239", "structure.step-run-count-ignored", Severity.WARNING,
      "step {name!r} has maxRunCount=\"{value}\": TripleA 2.x ignores a count below 1 and runs the step every time "
      "the sequence reaches it (1.9 refuses to load the game)")
def step_run_count_ignored(context):
    """Finds a step whose `maxRunCount` is 0 or less, which 2.x ignores.

    Why: A step's `maxRunCount` limits how many times it is played in the whole game
    (`maxRunCount="1"` for a bid or set-up step played once). TripleA 2.x keeps the limit only
    when it is above 0: `maxRunCount="0"`, often meant as "never", and `-1` leave the step
    unlimited, so it is played every round, silently. TripleA 1.9 refused to load such a game
    ("maxRunCount must be positive"). A value that is no whole number is S214's.

    Fix: In the game XML's `<sequence>`, give the step a `maxRunCount` of 1 or more, or remove
    the attribute for a step played every round, or the step itself if it is never to be played.
    """
    model = context.model
    table = model.table(_STEP_PATH) if model is not None else ()
    if not len(table):
        return
    counts = table.column("maxRunCount")
    if not any(counts):
        return  # the usual game
    for name, value, line in zip(table.column("name", ""), counts, table.lines):
        number = java_int(value) if value is not None else None
        if number is not None and number < 1:
            yield hit(line=line, name=name, value=value)


# the delegates that buy from a frontier: TripleA's AI plans a purchase (or a bid) at their steps
PURCHASE_DELEGATES = ("PurchaseDelegate", "BidPurchaseDelegate")
# AbstractPlaceDelegate's: they place what was bought
PLACE_DELEGATES = ("PlaceDelegate", "BidPlaceDelegate", "NoAirCheckPlaceDelegate")
# the kind of step a delegate class plays, as TripleA's players tell it from the step's name
_CLASS_KINDS = {"PurchaseDelegate": "purchase", "BidPurchaseDelegate": "purchase", "MoveDelegate": "move",
                "SpecialMoveDelegate": "move", "BattleDelegate": "battle", "PlaceDelegate": "place",
                "BidPlaceDelegate": "place", "NoAirCheckPlaceDelegate": "place", "TechnologyDelegate": "technology",
                "PoliticsDelegate": "politics", "UserActionDelegate": "user actions", "EndTurnDelegate": "end turn",
                "NoPUEndTurnDelegate": "end turn"}
# TripleAPlayer.start's tests of the name, in its order (GameStep.is...StepName: endsWith); at a step whose
# name ends 'TechActivation' neither a human nor the AI does anything
_NAME_KINDS = (("Tech", "technology"), ("Bid", "purchase"), ("Purchase", "purchase"), ("Move", "move"),
               ("Battle", "battle"), ("Place", "place"), ("Politics", "politics"), ("UserActions", "user actions"),
               ("EndTurn", "end turn"), ("TechActivation", "tech activation"))
# what the player is asked at a step of each kind
_ASKED = {"purchase": "to buy", "move": "to move", "battle": "to fight its battles", "place": "to place",
          "technology": "to research", "politics": "for political actions", "user actions": "for its actions"}
# the properties without which research and politics ask no one (TechnologyDelegate, PoliticsDelegate:
# delegateCurrentlyRequiresUserInput)
_SWITCHES = {"technology": "Tech Development", "politics": "Use Politics"}
# the ending that makes a step of these classes a bid one (GameStepPropertiesHelper.isBid)
_BID_ENDINGS = {"BidPurchaseDelegate": "Bid", "BidPlaceDelegate": "BidPlace"}
_SPACES = str.maketrans("", "", " -_")
_WORDS = {"place": "placement", "end turn": "end-of-turn"}
# the classes an end-of-turn step can take, their remote interface being an end-of-turn one in 2.x
# (IMoveDelegate, IPurchaseDelegate extend IAbstractForumPosterDelegate): the step only ends the turn
_ENDING_TURNS = ("MoveDelegate", "SpecialMoveDelegate", *PURCHASE_DELEGATES)


def _with_article(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


@rule("S244", "structure.step-name-misread", Severity.ERROR, "step {name!r} of player {player!r} {problem}")
def step_name_misread(context):
    """Finds player steps whose name tells TripleA another kind of step than their delegate plays.

    Why: TripleA's players (2.x and 1.9 alike) choose what to ask of a player by the end of the
    step's name, not by its delegate: `...Tech`, then `...Bid` or `...Purchase`, `...Move`,
    `...Battle`, `...Place`, `...Politics`, `...UserActions`, `...EndTurn` (`TripleAPlayer.start`,
    `AbstractAi.start`). A step whose delegate asks the player something and whose name ends
    otherwise (`wffPlaceBid` for a `BidPlaceDelegate` ends `Bid`, so it is taken for a purchase)
    fails as soon as the player has something to do there: the player casts the delegate to the
    wrong kind (`ClassCastException`, the game stops) or, for a name no kind ends, a human player's
    turn fails with `Unrecognized step name` while the AI does nothing there (a move step named so
    stops at its start already, unless its stepProperty `combatMove` is given: S266) (a warning for a
    player hidden with `defaultType` AI or DoesNothing: the AI plays it in a game on one computer,
    whose player list leaves it out, but a network game lists it for a human to take). An
    end-of-turn step always asks its player; research asks with 'Tech Development' on (info where
    the host may turn it on), politics with 'Use Politics' and the player's political actions,
    user actions with the player's actions. Neither asks anything at a step whose name ends
    `TechActivation`, so such a name silently skips the step's purchase, research or actions (a
    warning); a move or (in 2.x) purchase step named `...EndTurn` only ends the turn, its
    delegate being one an end of turn can take (a warning; 1.9 stops at the purchase). The name
    also decides the step's rules: a bid purchase or placement is a bid only when its name ends `Bid` or `BidPlace`
    or its `stepProperty` `bid` is true (`japanesedPlace` places a bid's units under an ordinary
    placement's rules, which allow fighters onto new carriers only with 'Produce fighters on
    carriers' or 'LHTR Carrier production rules' on and no units in land another player owns: a
    warning; info where the player has no bid, or neither can differ: fighters go onto carriers
    anyway, and no player gives control of its land nor does the bidder start with units in land it
    does not own), and a move is a non-combat move only when its name ends `NonCombatMove` or its
    `stepProperty` `nonCombatMove` is true, whatever its `display` says (`russiaonCombatMove`
    displayed "Non Combat Move" is a second combat move: a warning).

    Fix: End the step's name as TripleA reads its kind: `<player>BidPlace`, `<player>Bid`,
    `<player>Purchase`, `<player>CombatMove`, `<player>NonCombatMove`, `<player>Battle`,
    `<player>Place`, `<player>Tech`, `<player>Politics`, `<player>UserActions`,
    `<player>EndTurn`, and rename the triggers' `when` values that name the step.
    """
    model = context.model
    table = model.table(_STEP_PATH) if model is not None else ()
    if not len(table):
        return
    classes = model.delegate_kinds
    if not any(kind in _CLASS_KINDS for kind in classes.values()):
        return
    settings = step_settings(model)
    bidding = bidders(model)
    for index, (name, delegate, player, display, line) in enumerate(zip(
            table.column("name", ""), table.column("delegate", ""), table.column("player"),
            table.column("display", ""), table.lines)):
        java_class = classes.get(delegate)
        kind = _CLASS_KINDS.get(java_class)
        if kind is None or not player:
            continue  # a step without a player asks no one anything
        problem = _problem(name, java_class, kind, display, settings.get(index, {}), False)
        if problem is None:
            continue  # the usual step: whom it asks is read only for a misread one
        asking, hidden_ai = model.derived("sequence.asking", _asking)
        asked = asking[kind].get(player) if kind in asking else "on"
        if asked is None:
            continue  # the delegate never asks this player anything
        if player in hidden_ai:
            problem = _problem(name, java_class, kind, display, settings.get(index, {}), True)
        text, severity = problem
        if java_class == "BidPlaceDelegate" and severity is Severity.WARNING and \
                not _bid_placement_differs(model, player, bidding):
            severity = Severity.INFO
        if java_class in _BID_ENDINGS and severity is Severity.ERROR and player not in bidding:
            # the bid steps have nothing to do while the player's bid is 0
            text, severity = text + f" (once the game gives {player!r} a bid)", Severity.WARNING
        if asked == "editable":
            text, severity = text + f" (with {_SWITCHES[kind]!r}, which the host may turn on)", Severity.INFO
        yield hit(line=line, name=name, player=player, problem=text,
                  **({} if severity is Severity.ERROR else {"severity": severity}))


def _asking(model) -> tuple[dict[str, dict[str, str | None]], set[str]]:
    """Whom the delegates that ask only some players ask ({kind: {player: "on", or "editable" where
    the host may turn the kind's switch on}}, a player left out being never asked), and the players
    the AI plays in a game on one computer (hidden, with an AI default)."""
    players = model.table("playerList/player")
    names = players.column("name", "")
    # hidden from a game on one computer's player list, and so played by the AI there (2.x reads
    # isHidden in any letter case; a network game lists every player)
    hidden_ai = {name for name, hidden, default in zip(names, players.column("isHidden", ""),
                                                       players.column("defaultType", ""))
                 if hidden.lower() == "true" and default in ("AI", "DoesNothing")}
    attachments = model.table(ATTACHMENT_PATH)
    with_actions: dict[str, set[str]] = {"PoliticalActionAttachment": set(), "UserActionAttachment": set()}
    for name, java_class, owner in zip(attachments.column("name", ""), attachment_classes(model),
                                       attachments.column("attachTo", "")):
        if java_class in with_actions and name.startswith(decapitalized(java_class)):
            with_actions[java_class].add(owner)

    def switched(prop: str) -> str | None:
        return "on" if property_is_true(model, prop) else "editable" if on_or_editable(model, prop) else None
    research, politics = switched(_SWITCHES["technology"]), switched(_SWITCHES["politics"])
    return {"technology": {name: research for name in names},
            "politics": {name: politics for name in with_actions["PoliticalActionAttachment"]},
            "user actions": {name: "on" for name in with_actions["UserActionAttachment"]}}, hidden_ai


def _problem(name: str, java_class: str, kind: str, display: str, settings: dict[str, str], hidden_ai: bool):
    """(what TripleA makes of the step, severity), or None when its name says what it is."""
    read_as = next((read for ending, read in _NAME_KINDS if name.endswith(ending)), None)
    if read_as != kind:
        if read_as == "tech activation":
            if kind == "end turn":
                return None  # nothing happens at the end of a turn that the engine does not do itself
            return (f"plays a {java_class} step, but its name ends 'TechActivation', at which TripleA's players do "
                    f"nothing: the player is never asked {_ASKED[kind]} there", Severity.WARNING)
        if read_as == "end turn" and java_class in _ENDING_TURNS:
            in_1_9 = " (TripleA 1.9 stops there: its purchase delegate is no end-of-turn one)" \
                if kind == "purchase" else ""
            return (f"plays a {java_class} step, but its name ends 'EndTurn', at which TripleA's players only end the "
                    f"turn: the player is never asked {_ASKED[kind]} there{in_1_9}", Severity.WARNING)
        if read_as is None and hidden_ai:
            return (f"plays a {java_class} step, but TripleA's players know no kind of step by its name: a human "
                    f"player's turn fails there (Unrecognized step name), and the player is hidden, played by the AI "
                    f"(which does nothing there) in a game on one computer, but may be taken by a human in a network "
                    f"game", Severity.WARNING)
        taken = f"take it for {_with_article(_WORDS.get(read_as, read_as))} step" if read_as else \
            "know no kind of step by it"
        return (f"plays a {java_class} step, but TripleA's players choose what to do by the end of a step's name: they "
                f"{taken}, and fail as soon as the player has something to do there", Severity.ERROR)
    bid_ending = _BID_ENDINGS.get(java_class)
    if bid_ending and not name.endswith(bid_ending) and "bid" not in settings:
        # a placement: only where a bid's units may go differs (AbstractPlaceDelegate's isBid)
        played = "the bid's units are placed under an ordinary placement's rules, where a bid's may go further: " \
            "fighters onto new carriers only with 'Produce fighters on carriers' or 'LHTR Carrier production " \
            "rules' on, and no units in land another player owns (beside the player's own units there, or by its " \
            "giveUnitControl)" if kind == "place" else f"the bid is played as an ordinary {_WORDS.get(kind, kind)}"
        return (f"plays a {java_class} step, but TripleA reads a step as a bid only by a name ending "
                f"{bid_ending!r} (or its stepProperty 'bid'): {played}", Severity.WARNING)
    if kind == "move" and not name.endswith("NonCombatMove") and "nonCombatMove" not in settings \
            and "noncombat" in display.lower().translate(_SPACES):
        return (f"is displayed as {display!r}, but its name makes it a combat move (a non-combat move's ends "
                f"'NonCombatMove'): the player gets a second combat move in its place", Severity.WARNING)
    return None


def _bid_placement_differs(model, player: str, bidding: set[str]) -> bool:
    """Whether a bid placement played as an ordinary one can differ: the player has a bid, and
    fighters need the bid to go onto new carriers, a player gives another control of its land, or
    the player starts with units in land another player owns (AbstractPlaceDelegate: isBid gates
    each)."""
    if player not in bidding:
        return False
    fighters_need_it = not (property_is_true(model, "Produce fighters on carriers")
                            or property_is_true(model, "LHTR Carrier production rules"))
    return fighters_need_it or bool(model.option_values("giveUnitControl")) or _units_abroad(model, player)


def _units_abroad(model, player: str) -> bool:
    """Does the player start with units in land another player owns (where a bid may place)?"""
    owner_of = model.starting_owners
    placements = model.table("initialize/unitInitialize/unitPlacement")
    water = model.water
    return any(owner == player and territory not in water and owner_of.get(territory) != player
               for territory, owner in zip(placements.column("territory", ""), placements.column("owner", "")))


# the delegates the engine looks up by a fixed name (GameData.getBattleDelegate, getTechDelegate,
# getMoveDelegate; ProPurchaseValidationUtils.canUnitsBePlaced), the classes it takes them for, the steps
# that make it look (their delegates' classes, and the end of their names where the AI tells them by it:
# AbstractAi.start), when, and what follows where the game has none by that name (None: the game stops)
_STOPS = "the game stops {0}"
_NOWHERE = ("TripleA's AI (Hard and Fast) finds nowhere to place what {0} buy, and buys nothing (TripleA 1.9, and "
            "2.x before May 2026, stop the game there instead)")
_LOOKED_UP = (("battle", ("BattleDelegate",), ("MoveDelegate", "SpecialMoveDelegate", "EndTurnDelegate",
                                               "NoPUEndTurnDelegate"), "", "at the first move or end of a turn", None),
              ("tech", ("TechnologyDelegate",), ("TechActivationDelegate",), "", "at the first tech activation step",
               None),
              ("move", ("MoveDelegate", "SpecialMoveDelegate"), PURCHASE_DELEGATES, "Purchase",
               "when TripleA's AI (Hard or Fast) plans a purchase", None),
              # 2.x's AI takes a missing one for nowhere to place (an Optional since May 2026), 1.9's stops
              ("place", PLACE_DELEGATES, PURCHASE_DELEGATES, "Purchase",
               "when TripleA's AI (Hard or Fast) plans a purchase",
               _NOWHERE.format("it would")),
              ("placeBid", PLACE_DELEGATES, PURCHASE_DELEGATES, "Bid", "when TripleA's AI (Hard or Fast) plans a bid",
               _NOWHERE.format("its bid would")))


@rule("S248", "structure.delegate-looked-up-by-name", Severity.ERROR,
      "step {step!r} plays a {java_class}, which makes TripleA look up the delegate named {name!r}: {problem}, so "
      "{consequence}")
def delegate_looked_up_by_name(context):
    """Finds a game that lacks a delegate TripleA looks up by its fixed name, or has it of another class.

    Why: The engine finds some delegates by name, not through the steps: every move and every end of
    a turn asks for the delegate named `battle` (a BattleDelegate: its battle tracker), a tech
    activation step for the one named `tech` (a TechnologyDelegate: the advances bought), and
    TripleA's AI (ProAI: Hard and Fast), planning a purchase, for the one named `move` (a
    MoveDelegate, to play the coming moves through; 2.x also asks for it when a strategic bombing
    raid or a rocket costs PUs, and when a move is undone) and the one named `place` (`placeBid`
    for a bid: a placement delegate, to learn where what it buys may go; the AI tells a purchase
    (`...Purchase`) from a bid (`...Bid`, asked only of a player with a bid) by the step's name).
    A game whose battle
    delegate is named otherwise (`battles`, `combat`) stops there ("battle delegate not found in
    list", GameData.getDelegate; 1.9 alike), and one named `battle` of another class with a
    ClassCastException. Without a placement delegate named `place` (World War I 1914 Improved's
    `placeNoAirCheck`), 2.x's AI finds nowhere to place anything and silently buys nothing, turn
    after turn (ProPurchaseValidationUtils.canUnitsBePlaced; triplea-game/triplea#14843), while
    1.9's, and 2.x's before May 2026 (#14416), stop the game there (NullPointerException;
    triplea-game/triplea#13454): a warning. The AI also asks for `place` when it weighs, during
    its moves, the defenders it could buy: there 2.x's only plans less well, and 1.9's stops (not
    reported without a purchase step). A game with no delegate of that class at all stops there
    too, but is left out: the rule judges the name (a purchase never placed is S259's).

    Fix: Name the game's BattleDelegate `battle`, its TechnologyDelegate `tech`, its
    MoveDelegate `move`, its placement delegate `place` and its bid placement `placeBid` in
    `<gamePlay>` (the steps name them by that name too).
    """
    model = context.model
    if model is None or not model.steps:
        return
    classes = model.delegate_kinds
    bidding = None
    for name, wanted, asking, ending, when, without in _LOOKED_UP:
        if classes.get(name) in wanted:
            continue
        if ending == "Bid" and bidding is None:  # a bid step of a player without a bid asks no one
            bidding = bidders(model)
        step = next((step for step in model.steps if classes.get(step.delegate) in asking
                     and step.name.endswith(ending) and (ending != "Bid" or step.player in bidding)), None)
        if step is None:
            continue
        others = [repr(each) for each, java_class in classes.items() if java_class in wanted]
        if name not in classes and not others:
            continue  # no such delegate at all (it stops all the same): the rule judges the name
        label = "placement delegate" if wanted is PLACE_DELEGATES else wanted[0]
        problem = f"it is a {classes[name]}, not a {label}" if name in classes else \
            f"the game has none (its {label}{'s are' if len(others) > 1 else ' is'} named {' and '.join(others)})"
        silent = without is not None and name not in classes  # the lookup's Optional comes back empty
        yield hit(line=step.line, step=step.name, java_class=classes[step.delegate], name=name, problem=problem,
                  consequence=without if silent else _STOPS.format(when), player=step.player,
                  **({"severity": Severity.WARNING} if silent else {}))


@rule("S217", "structure.step-inside-step", Severity.WARNING,
      "step {name!r} is written inside step {outer!r} (line {outer_line}): TripleA 2.x skips it{in_1_9}")
def step_inside_step(context):
    """Finds a `<step>` written inside another `<step>`, which TripleA 2.x never plays.

    Why: A step is usually written `<step .../>`; when one is left open (`<step ...>`), the steps
    after it land inside it. TripleA 2.x reads the open step, ignores the first step inside it
    and stops reading that step at its closing tag, then reads the later steps as usual: the
    first one inside is never played (a player's tech or purchase phase silently missing).
    TripleA 1.9 reads only the steps directly in `<sequence>`, so it plays none of the steps inside
    (often every later player's turn), logging only a DTD error (X004): an error where a player is
    left with no step 1.9 reads, and the game is not for 2.x alone.

    Fix: Close the outer step (`<step name="..." .../>`, or `</step>` right after it) in the game
    XML's `<sequence>`, and remove the stray `</step>` further down.
    """
    model = context.model
    skipped = model.skipped_steps if model is not None else ()
    alone = for_2x_alone(model.root) if skipped else None
    # the players with a step 1.9 reads: those directly in the sequence (GameParser.getChildren)
    read_by_1_9 = {step.get("player") for step in model.root.iterfind("gamePlay/sequence/step")} if skipped else set()
    for inner, outer in skipped:
        element = _outer_element(model, outer)
        inside = [step for step in element.iter("step") if step is not element] if element is not None else []
        stepless = sorted({step.get("player") for step in inside} - read_by_1_9 - {None})
        in_1_9 = f", and 1.9 plays none of the {len(inside)} steps inside {outer.name!r}" \
            if len(inside) > 1 and not alone else ""
        if in_1_9 and stepless:  # players with no step left: 1.9 cannot play the game
            in_1_9 += f", every step of {some_of([repr(player) for player in stepless])} among them"
        yield hit(line=inner.line, name=inner.name, outer=outer.name,
                  outer_line=context.source_lines.start_of(outer.line), player=inner.player,
                  in_1_9=in_1_9, **({"severity": Severity.ERROR} if in_1_9 and stepless else {}))


def _outer_element(model, outer):
    """The `<step>` element directly in the sequence that `outer` (a Step) was read from."""
    candidates = [element for element in model.root.iterfind("gamePlay/sequence/step")
                  if element.get("name", "") == outer.name and element.find("step") is not None]
    return next((element for element in candidates if element.sourceline == outer.line),
                candidates[0] if candidates else None)


_BUYING = (*PURCHASE_DELEGATES, "NoPUPurchaseDelegate")  # they add to the player's units to place


@rule("S259", "structure.purchase-without-place", Severity.WARNING,
      "player {player!r} buys units at its step {step!r} ({java_class}) but has no place step: what it buys is "
      "never placed, kept off the map with the money spent")
def purchase_without_place(context):
    """Finds a player who buys units in the turn sequence but never places them.

    Why: Units bought at a purchase step (PurchaseDelegate, BidPurchaseDelegate, or those a
    NoPUPurchaseDelegate gives) wait in the player's hand for a place step of the same player
    (PlaceDelegate, BidPlaceDelegate, NoAirCheckPlaceDelegate); another player's place step does
    not place them. A player with no place step keeps them off the map for good, the money
    spent, and neither engine says a word (the units still count against `maxBuiltPerPlayer`). A
    step that gives the player nothing is not reported: a purchase for a player without a
    production frontier, a bid step for one without a bid (skipped), a NoPU purchase but for a
    player without `productionPerXTerritories` (its `rulesAttachment`'s) with `Production Per Valued
    Territory Restricted` on, or one with it and `Production Per X Territories Restricted` on (or
    editable).

    Fix: Add a place step for the player after its purchase step in the game XML's
    `<sequence>` (`<step name="RedsPlace" delegate="place" player="Reds"/>`), or remove the
    purchase step.
    """
    model = context.model
    if model is None:
        return
    kinds = model.delegate_kinds
    placing = {step.player for step in model.steps if kinds.get(step.delegate) in PLACE_DELEGATES}
    reported, buying = set(), None
    for step in model.steps:
        java_class = kinds.get(step.delegate)
        if java_class not in _BUYING or not step.player or step.player in placing or step.player in reported:
            continue
        buying = buying if buying is not None else _buying(model)
        if step.player not in buying[java_class]:
            continue
        reported.add(step.player)
        yield hit(line=step.line, player=step.player, step=step.name, java_class=java_class)


# the ends of the step names at which TripleA's AI (ProAI) ends its purchase plan (GameStep.isPlaceStepName,
# isEndTurnStepName)
_PLAN_ENDS = ("Place", "EndTurn")


@rule("S264", "structure.purchase-not-planned-by-ai", Severity.WARNING,
      "player {player!r} buys at its step {step!r}, but none of its steps after that one up to the end of the "
      "sequence is named as a place or end-of-turn step ({place!r} {where}): TripleA's AI (Hard and Fast) "
      "plans a purchase by playing the player's later steps up to one, finds none, and buys no units")
def purchase_not_planned_by_ai(context):
    """Finds a player whose purchase step no place or end-of-turn step of its follows in the sequence.

    Why: TripleA's AI (ProAI: the Hard and the Fast AI, 2.x's and 1.9's) decides what to buy at a
    purchase step by playing the player's coming steps on a copy of the game, from the step after
    the purchase up to the end of the sequence, and buys once it reaches a step whose name ends
    `Place` or `EndTurn` (AbstractProAi.purchase). A player whose place and end-of-turn steps all
    come before its purchase step (placing at the start of its turn what it bought at the end of
    the last) is never given a plan: the AI buys no units (it only repairs), round after round,
    and says nothing; a human player is not affected. A player with no place step at all is S259's; a bid is planned
    otherwise and is not judged.

    Fix: Put a place step (`<player>Place`) or the end of the turn (`<player>EndTurn`) of the
    player after its purchase step in the game XML's `<sequence>`, as TripleA's own games do
    (purchase, moves, battle, place, end of turn).
    """
    model = context.model
    if model is None:
        return
    kinds = model.delegate_kinds
    steps = model.steps
    places = {step.player: (index, step.name) for index, step in reversed(list(enumerate(steps)))
              if kinds.get(step.delegate) in PLACE_DELEGATES}  # each player's first place step
    last_end = {step.player: index for index, step in enumerate(steps) if step.name.endswith(_PLAN_ENDS)}
    reported, buying = set(), None
    for index, step in enumerate(steps):
        if kinds.get(step.delegate) not in PURCHASE_DELEGATES or \
                not step.name.endswith("Purchase") or step.player not in places or step.player in reported:
            continue  # not a purchase the AI plans (a bid's, or one S259 reports)
        if last_end.get(step.player, -1) > index:
            continue  # a place or end-of-turn step of the player follows: the AI's plan ends there
        buying = buying if buying is not None else _buying(model)
        if step.player not in buying[kinds[step.delegate]]:
            continue  # nothing to buy (a bid step of a player without a bid is skipped)
        reported.add(step.player)
        place_index, place = places[step.player]
        yield hit(line=step.line, player=step.player, step=step.name, place=place,
                  where="comes before it" if place_index < index else "is named otherwise")


def _buying(model) -> dict[str, set[str]]:
    """Per buying delegate class, the players a step of it gives units: those with a production
    frontier (PurchaseDelegate), with a bid as well (BidPurchaseDelegate: the step is skipped
    without one), and for NoPUPurchaseDelegate those it gives units with `Production Per Valued
    Territory Restricted` on, or `Production Per X Territories Restricted` and their
    `productionPerXTerritories` (NoPuPurchaseDelegate.getProductionUnits: nothing otherwise)."""
    with_frontier = set(model.table("production/playerProduction").column("player", ""))
    players = set(model.players)
    bidding = bidders(model)
    per_x = players_with_production_per_x_territories(model)
    # one infantry per valued territory for a player without productionPerXTerritories, else its own
    given = (players - per_x if on_or_editable(model, "Production Per Valued Territory Restricted") else set()) | \
        (per_x if on_or_editable(model, "Production Per X Territories Restricted") else set())
    return {"PurchaseDelegate": with_frontier, "BidPurchaseDelegate": with_frontier & bidding,
            "NoPUPurchaseDelegate": given}


@rule("S266", "structure.move-neither-combat-nor-not", Severity.ERROR,
      "step {name!r} plays a MoveDelegate, but {why}: TripleA cannot tell a combat move from a non-combat one "
      "there, and the game stops (\"Cannot determine combat or not: {name}\")")
def move_neither_combat_nor_not(context):
    """Finds a move step whose name and properties leave open whether it is a combat move.

    Why: As a MoveDelegate step starts, TripleA asks whether it is a combat move
    (GameStepPropertiesHelper.isCombatMove, 2.x and 1.9 alike): the step's `stepProperty`
    `combatMove` says so when given (`true`, else false); without it, a name ending `CombatMove`
    is a combat move and one ending `NonCombatMove` is not. A step named otherwise (`RedsMove`,
    `russiansMove2`) stops the game with an IllegalStateException at its start, whoever plays it,
    even with `stepProperty` `nonCombatMove` true, which that question does not read. The game
    loads without a word.

    Fix: Name the step `<player>CombatMove` or `<player>NonCombatMove` (and rename the triggers'
    `when` values that name it), or give it `<stepProperty name="combatMove" value="true"/>`
    (`false` for a non-combat move).
    """
    model = context.model
    if model is None or not model.steps:
        return
    kinds, said = model.delegate_kinds, None
    for step in model.steps:
        if kinds.get(step.delegate) != "MoveDelegate" or step.name.endswith("CombatMove"):
            continue  # (a name ending NonCombatMove ends CombatMove too)
        said = said if said is not None else step_settings_by_name(model)
        settings = said.get(step.name, {})
        if "combatMove" in settings:
            continue
        why = "its name ends neither 'CombatMove' nor 'NonCombatMove', and it has no stepProperty 'combatMove'" + \
            (" (its 'nonCombatMove' is not read there)" if "nonCombatMove" in settings else "")
        yield hit(line=step.line, name=step.name, why=why, player=step.player)


def step_settings(model) -> dict[int, dict[str, str]]:
    """Each step's `stepProperty` values, by the step's row in the sequence (those with none left out)."""
    steps, properties = model.table(_STEP_PATH), model.table(f"{_STEP_PATH}/stepProperty")
    found: dict[int, dict[str, str]] = {}
    for owner, key, value in zip(properties.owners(steps), properties.column("name", ""),
                                 properties.column("value", "")):
        found.setdefault(owner, {})[key] = value
    return found


def step_settings_by_name(model) -> dict[str, dict[str, str]]:
    """`step_settings` by the step's name, for `model.steps` (a name given twice: the last)."""
    names = model.table(_STEP_PATH).column("name", "")
    return {names[row]: settings for row, settings in step_settings(model).items()}
