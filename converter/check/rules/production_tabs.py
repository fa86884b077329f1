"""M327: production_tabs.properties, the tabs of the purchase window. With the default tabs
switched off, TripleA 2.x lays the window out from these files alone, and fails to open it
when they leave out a unit the player can buy or cannot be read."""

from __future__ import annotations

from converter.check.javaproperties import read_values
from converter.check.rule import hit, rule
from converter.check.rules.capitals import can_buy_at_start
from converter.check.rules.options import several
from converter.check.rules.sequence import PURCHASE_DELEGATES
from converter.check.rules.structure import bidders, java_int
from converter.findings import Severity

TABS_FILE = "production_tabs.properties"  # for every player; production_tabs.<Player>.properties for one
_PREFIX = "production_tabs."
_USE_DEFAULT_TABS, _NUMBER_OF_TABS, _TAB_UNITS, _ROWS, _COLUMNS = (
    f"{_PREFIX}{name}" for name in ("use_default_tabs", "number_of_tabs", "tab_units", "rows", "columns"))


@rule("M327", "map-files.production-tabs-fail", Severity.ERROR, "the purchase window of {players}: {reason}")
def production_tabs_fail(context):
    """Finds production_tabs files with which TripleA 2.x cannot open a player's purchase window.

    Why: The purchase window shows its units in tabs. TripleA 2.x reads the player's
    production_tabs.<Player>.properties and then production_tabs.properties, whose keys win,
    and unless `production_tabs.use_default_tabs` is `true` (as Java's parseBoolean reads it:
    `yes` is false) it builds the tabs from `production_tabs.number_of_tabs` and each
    `production_tabs.tab_units.<n>`, unit names split at `:` and kept as written (a blank after
    a name makes it another name). Every unit the player's production frontier sells must be in
    one of them: when one is not, 2.x throws "production_tabs: must include all player
    production rules/units" and the player cannot buy anything. A `tab_units.<n>` missing for
    a tab it counts, or a `number_of_tabs`, `rows` (always read) or `columns` that is no whole
    number, fails the same way. Players are those with a `<playerProduction>` at the start and a
    purchase or bid step, which opens the window (a bid step only for a player with a bid). 2.x
    skips a purchase step while the player cannot pay for any of its rules, so for a player who
    cannot at the start and has no bid, the window fails only once it can: a warning.

    Fix: List every unit of the player's production frontier in one `tab_units.<n>`, exactly as
    the game XML names it, with no blanks around the `:`; give whole numbers; or set
    `production_tabs.use_default_tabs=true`.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    files = _tab_files(context)
    if not files:
        return
    sold = _frontier_results(model)
    buying = _buying_steps(model)
    found: dict[tuple[str, int, str], list[str]] = {}  # (file, line, reason) -> the players it fails
    for player in sold:
        if player not in buying:
            continue  # no step of it opens the window
        own = files.get(f"production_tabs.{player}.properties", {})
        merged = {**own, **files.get(TABS_FILE, {})}  # putAll: the general file's keys win
        for (file_name, line), reason in _failures(merged, sold[player]):
            found.setdefault((file_name, line, reason), []).append(player)
    paying = None
    for (file_name, line, reason), players in found.items():
        paying = paying if paying is not None else can_buy_at_start(model)
        later = not any(buying[player] or player in paying for player in players)
        yield hit(file=context.map_file(file_name), line=line, players=several("player", players, "fails", "fail"),
                  reason=reason + (f"; but TripleA skips the purchase step while the player cannot pay for "
                                   f"any unit, as {_none_can(players)} at the start, so the window fails only "
                                   "once it can" if later else ""),
                  **({"severity": Severity.WARNING} if later else {}))


def _tab_files(context) -> dict[str, dict[str, tuple[str, int, str]]]:
    """The map's production_tabs files by name: key -> (value, line, file name)."""
    folder = context.map_folder("")
    found = {}
    for name in sorted(folder or ()):
        if name.startswith(_PREFIX) and name.endswith(".properties"):
            try:
                values = read_values(context.map_file(name))
            except (OSError, ValueError):
                continue  # unreadable or a bad escape: 2.x logs it and reads nothing of the file
            found[name] = {key: (value, line, name) for key, (value, line) in values.items()}
    return found


def _failures(merged: dict[str, tuple[str, int, str]], sold: list[str]):
    """((file, line), reason) of what fails the window: the first failure, as 2.x meets it."""
    rows = merged.get(_ROWS)
    if rows is not None and java_int(rows[0]) is None:
        yield (rows[2], rows[1]), f"{_ROWS} is {rows[0]!r}, not a whole number"
        return
    columns = merged.get(_COLUMNS)
    if rows is not None and java_int(rows[0]) != 0 and columns is not None and java_int(columns[0]) is None:
        yield (columns[2], columns[1]), f"{_COLUMNS} is {columns[0]!r}, not a whole number"
        return
    use_default = merged.get(_USE_DEFAULT_TABS)
    if use_default is None or use_default[0].lower() == "true":
        return
    count = merged.get(_NUMBER_OF_TABS)
    tabs = java_int(count[0]) if count is not None else 0
    if tabs is None:
        yield (count[2], count[1]), f"{_NUMBER_OF_TABS} is {count[0]!r}, not a whole number"
        return
    listed: set[str] = set()
    for number in range(1, tabs + 1):
        units = merged.get(f"{_TAB_UNITS}.{number}")
        if units is None:
            yield (count[2], count[1]), f"{_NUMBER_OF_TABS} is {tabs}, and there is no {_TAB_UNITS}.{number}"
            return
        listed.update(units[0].split(":"))
    missing = [unit for unit in dict.fromkeys(sold) if unit not in listed]
    if missing:
        shown = ", ".join(map(repr, missing[:5])) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        yield (use_default[2], use_default[1]), \
            f"the default tabs are off, and no {_TAB_UNITS}.<n> lists {shown}, which the player can buy"


def _frontier_results(model) -> dict[str, list[str]]:
    """Player -> the first result of each production rule of its starting frontier (2.x's
    getAnyResultKey, by which the tabs find a rule), in frontier order: each player with a
    `<playerProduction>`."""
    result_of = model.first_results
    frontiers = model.table("production/productionFrontier")
    members = model.table("production/productionFrontier/frontierRules")
    rules_of: dict[str, list[str]] = {}
    names = frontiers.column("name", "")
    for owner, rule_name in zip(members.owners(frontiers), members.column("name", "")):
        rules_of.setdefault(names[owner], []).append(rule_name)
    table = model.table("production/playerProduction")
    return {player: [result_of[name] for name in rules_of.get(frontier, []) if name in result_of]
            for player, frontier in zip(table.column("player", ""), table.column("frontier", ""))
            if player and frontier}


def _buying_steps(model) -> dict[str, bool]:
    """Player -> whether a bid step opens its purchase window (a bid step counts for a player with a
    bid), for each player with a purchase or bid step."""
    kinds, bidding, steps = model.delegate_kinds, None, {}
    for step in model.steps:
        kind = kinds.get(step.delegate)
        if kind not in PURCHASE_DELEGATES or not step.player:
            continue
        if kind == "BidPurchaseDelegate":
            bidding = bidding if bidding is not None else bidders(model)
            if step.player not in bidding:
                continue  # (skipped: no bid)
        steps[step.player] = steps.get(step.player, False) or kind == "BidPurchaseDelegate"
    return steps


def _none_can(players: list[str]) -> str:
    return "it cannot" if len(players) == 1 else "none of them can"
