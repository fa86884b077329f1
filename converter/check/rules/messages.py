"""M314-M316: the messages the game shows from the map's .properties files: trigger
notifications and victories (notifications.properties), and the buttons, descriptions and
notifications of user actions (actionstext.properties) and political actions
(politicstext.properties)."""

from __future__ import annotations

import re

from converter.check.javaproperties import read_keys, read_values
from converter.check.model import ATTACHMENT_PATH
from converter.check.positions import positions
from converter.check.rule import hit, rule, some_of
from converter.check.rules.options import attachment_classes, names_as_2x_reads_them, options_of, several
from converter.check.suggest import another_word, closest_name
from converter.findings import Severity

NOTIFICATIONS_FILE = "notifications.properties"
_DIGITS = re.compile(r"[0-9]+")
_SOUNDS = "_sounds"  # 2.x NotificationMessages: `<key>_sounds` names the clip a notification plays


@rule("M314", "map-files.notification-missing", Severity.WARNING,
      "{triggers} notification {key!r}{problem}{suggestion}")
def notification_missing(context):
    """Finds trigger notifications whose message notifications.properties does not hold.

    Why: A trigger's `notification` names a key of the map's notifications.properties, whose value
    is the message shown to the players (and written in the game's history). TripleA 2.x looks the
    key up exactly (trimmed, letter case included) and, when it is missing, shows nothing and writes
    nothing, silently: a misspelt key (`DESERTED_UNITS_Baleares` for `DESERTED_UNITS_Beleares`), a
    message never written, or a map with no notifications.properties at all. A key with only a sound
    (`<key>_sounds`) plays it and is not reported. The file is read as Java reads it (lines
    continued with `\\`, escapes). One finding per key, with how many triggers show it; a close key
    is suggested (not one differing only in its digits, `round20intro` for `round30intro`, nor in
    one whole word, `Jehol_Is_Not_Garrisoned` for `Kweichow_Is_Not_Garrisoned`: another message of
    one pattern), and said to be named by no trigger of any game of the map when it is not (the
    file's key may be the misspelt one: `Beleares` for the territory `Baleares`). A value with a
    blank (the message written where its key belongs) is told the key holding that message, if
    any. Five keys or more with nothing to suggest are one finding.

    Fix: Add the key to the map's notifications.properties (`KEY=<message>`), or correct the
    trigger's `notification` value to an existing key, exactly as written there (or the file's
    key to the trigger's, where the file's is misspelt).
    """
    yield from _messages_missing(context, "notification", "shows", "show", "nothing is shown", sound_alone=True)


@rule("M316", "map-files.victory-message-missing", Severity.ERROR,
      "{triggers} victory {key!r}{problem}{suggestion}")
def victory_message_missing(context):
    """Finds victory triggers whose message notifications.properties does not hold.

    Why: A trigger's `victory` names a key of notifications.properties, like a notification. When
    the trigger fires, TripleA (2.x and 1.9 alike) ends the game only if that key holds a message:
    with it missing the trigger does nothing at all, and the game goes on, silently. Some maps
    write the message itself as the value (`The Allies achieve victory by ...`), which is no key.
    The file is read as Java reads it; a sound alone (`<key>_sounds`) does not end the game. One
    finding per key, with how many triggers name it; a close key is suggested, else the key the
    trigger's own `notification` names when the file holds it, or the key whose message the value
    is. Five keys or more with nothing to suggest are one finding.

    Fix: Add the key with its message to the map's notifications.properties (`AXIS_WINS=The Axis
    win ...`, beside polygons.txt) and write that key as the trigger's `victory` value.
    """
    yield from _messages_missing(context, "victory", "declares", "declare", "the game does not end",
                                 sound_alone=False)


def _messages_missing(context, option: str, verb_one: str, verb_many: str, outcome: str, sound_alone: bool):
    """The hits of a trigger option naming a notifications.properties key (M314, M316)."""
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    chosen = options_of(model, option, "TriggerAttachment")
    if not chosen:
        return
    attachment_names, owners, options = model.table(ATTACHMENT_PATH).column("name", ""), model.option_owners, \
        model.options
    named: dict[str, list[int]] = {}  # key -> the options naming it
    for index, value in zip(chosen, options.column_at("value", chosen, "")):
        key = value.strip()  # (2.x trims it)
        if key and "@" not in key and "$" not in key:  # (2.x replaces variables first)
            named.setdefault(key, []).append(index)
    if not named:
        return
    path = context.map_file(NOTIFICATIONS_FILE)
    try:
        keys = read_keys(path) if path is not None and path.is_file() else None
    except (OSError, ValueError):
        return  # unreadable: the engine fails to load it (not this rule's finding)
    if keys is None:  # no file: one finding for them all
        first, indices = next(iter(named.items()))
        every = [index for each in named.values() for index in each]
        others = f" (and {len(named) - 1} other key{'s' if len(named) > 2 else ''})" if len(named) > 1 else ""
        yield hit(line=options.lines[indices[0]], key=first, suggestion="",
                  triggers=several("trigger", [attachment_names[owners[index]] for index in every], verb_one,
                                   verb_many),
                  problem=f"{others}, but the map has no {NOTIFICATIONS_FILE}: {outcome}")
        return
    known = frozenset(keys)
    shown = None  # the keys some trigger names, read at the first close key
    plain: list[tuple[str, list[int]]] = []  # the keys missing with nothing to suggest
    messages = None  # the file's message -> its first key, read at the first key with a blank
    for key, indices in named.items():
        if key in keys:
            continue
        if sound_alone and key + _SOUNDS in keys:
            broken = _run_on(key, keys)
            if broken is not None:  # `KEY<body>...` with no `=`: Java reads all before the first blank as the key
                yield hit(line=options.lines[indices[0]], key=key, suggestion="",
                          triggers=several("trigger", [attachment_names[owners[index]] for index in indices],
                                           verb_one, verb_many),
                          problem=f", which {NOTIFICATIONS_FILE} holds only the sound of: line {keys[broken]} starts "
                                  f"with the key but has no '=' after it, so Java reads the key {broken!r} there, "
                                  "and only the sound plays")
            continue
        broken = _run_on(key, keys)
        if broken is not None:
            yield hit(line=options.lines[indices[0]], key=key, suggestion="",
                      triggers=several("trigger", [attachment_names[owners[index]] for index in indices], verb_one,
                                       verb_many),
                      problem=f", which {NOTIFICATIONS_FILE} does not hold: line {keys[broken]} starts with the key "
                              f"but has no '=' after it, so Java reads the key {broken!r} there: {outcome}")
            continue
        close = closest_name(key, known) if known else None
        if close is not None and (_DIGITS.sub("", close) == _DIGITS.sub("", key) or another_word(key, close)):
            close = None  # numbered siblings (round20intro, round30intro), or one pattern's: another message
        suggestion = f" (did you mean {close!r}?)" if close else ""
        if close is None and option == "victory":  # the trigger's own notification names a key the file holds
            own = _own_notification(model, {owners[index] for index in indices}, keys)
            suggestion = f" (did you mean {own!r}, the key its notification shows?)" if own else ""
        if close is not None and (shown := shown if shown is not None else keys_shown(context)) is not None \
                and close not in shown:  # the file's key is the one misspelt: no trigger of the map names it
            suggestion = f" (did you mean {close!r}? No trigger names it, so it may be the key misspelt instead)"
        if not suggestion and _BLANK.search(key):  # a message written as its key: the file's key for it
            if messages is None:
                messages = {value.strip(): each for each, (value, _line) in reversed(read_values(path).items())}
            holder = messages.get(key)
            suggestion = f" (it is the message of {holder!r} there: write that key)" if holder else ""
        if not suggestion:
            plain.append((key, indices))
            continue
        yield hit(line=options.lines[indices[0]], key=key,
                  triggers=several("trigger", [attachment_names[owners[index]] for index in indices], verb_one,
                                   verb_many),
                  problem=f", which {NOTIFICATIONS_FILE} does not hold: {outcome}", suggestion=suggestion)
    # keys with nothing to suggest: five or more are one finding (one cause: texts never added, or
    # messages written where their keys belong)
    groups = [plain] if len(plain) >= GROUPED else [[each] for each in plain]
    for group in groups:
        (key, indices), others = group[0], [each for each, _ in group[1:]]
        every = [index for _, each in group for index in each]
        sentences = all(_BLANK.search(each) for each, _ in group)
        sentence = " (a key in notifications.properties ends at its first blank not escaped with a backslash: " \
            "is the message itself written where its key belongs?)" if sentences else ""
        more = f" (and {len(others)} other key{'s' * (len(others) > 1)}: {some_of([_shown_key(k) for k in others])})" \
            if others else ""
        yield hit(line=options.lines[indices[0]], key=key, suggestion=sentence,
                  triggers=several("trigger", [attachment_names[owners[index]] for index in every], verb_one,
                                   verb_many),
                  problem=f"{more}, which {NOTIFICATIONS_FILE} does not hold: {outcome}")


GROUPED = 5  # keys with nothing to suggest, from which on they are one finding
_BLANK = re.compile(r"\s")  # java.util.Properties ends a key at its first unescaped blank


def _own_notification(model, triggers: set[int], keys: dict[str, int]) -> str | None:
    """The first `notification` of the `triggers` (attachment elements) that the file holds."""
    chosen = [index for index in options_of(model, "notification", "TriggerAttachment")
              if model.option_owners[index] in triggers]
    return next((value.strip() for value in model.options.column_at("value", chosen, "") if value.strip() in keys),
                None)


def _run_on(key: str, keys: dict[str, int]) -> str | None:
    """A key of the file that is `key` run on into its message (`KEY<body><font`: the line's `=`
    left out), or None."""
    return next((each for each in keys if each.startswith(key) and len(each) > len(key)
                 and each[len(key)] in "<&" and each != key + _SOUNDS), None)


def keys_shown(context) -> "ShownKeys":
    """The notifications.properties keys the triggers of every game of the map show (the file
    serves them all); a key a loop's variable is left in (`Start_@All-Players@`, another game's,
    read without its loops) stands for every key it can become."""
    return ShownKeys(notification_keys_shown(context.model) | context.sibling_notification_keys)


def notification_keys_shown(model) -> frozenset[str]:
    """The notifications.properties keys triggers show: their `notification` and `victory`
    values (TriggerAttachment reads nothing else there), trimmed."""
    chosen = options_of(model, "notification", "TriggerAttachment") + options_of(model, "victory", "TriggerAttachment")
    return frozenset(value.strip() for value in model.options.column_at("value", chosen, ""))


class ShownKeys:
    """Keys, some holding a loop's `@Variable@` or `$Variable$`: those match a key with any text
    in its place."""

    def __init__(self, keys: frozenset[str]) -> None:
        looped = [key for key in keys if "@" in key or "$" in key]
        self._plain = keys.difference(looped)
        self._looped = re.compile("|".join(
            "".join(".+" if part.startswith(("@", "$")) else re.escape(part) for part in _VARIABLE.split(key) if part)
            for key in looped)) if looped else None

    def __contains__(self, key: str) -> bool:
        return key in self._plain or (self._looped is not None and self._looped.fullmatch(key) is not None)


_VARIABLE = re.compile(r"(@[^@]*@|\$[^$]*\$)")


# the messages an action shows, each `<text>.<MESSAGE>` in its file (2.x UserActionText,
# PoliticsText: a missing one shows as `NO: <text>.<MESSAGE> set.`); TARGET_ ones fall back to OTHER_
_ACTION_FILES = {"UserActionAttachment": ("user action", "actionstext.properties"),
                 "PoliticalActionAttachment": ("political action", "politicstext.properties")}
_ALWAYS_SHOWN = ("BUTTON", "DESCRIPTION", "NOTIFICATION_SUCCESS", "OTHER_NOTIFICATION_SUCCESS")
_SHOWN_ON_FAILURE = ("NOTIFICATION_FAILURE", "OTHER_NOTIFICATION_FAILURE")
_ACCEPT_QUESTION = "ACCEPT_QUESTION"
_ACTION_OPTIONS = frozenset(("text", "chance", "actionAccept"))  # what decides an action's messages


@rule("M315", "map-files.action-text-missing", Severity.WARNING, "{actions} text {text!r}{problem}")
def action_text_missing(context):
    """Finds user and political actions whose texts their .properties file lacks.

    Why: An action's `text` option names a key; the game shows `<text>.BUTTON` on its button,
    `<text>.DESCRIPTION` beside it, and after the attempt `<text>.NOTIFICATION_SUCCESS` to the
    player and `<text>.OTHER_NOTIFICATION_SUCCESS` to the others (the `_FAILURE` pair too when its
    `chance` can fail or `actionAccept` asks other players, who may refuse, and then
    `<text>.ACCEPT_QUESTION`). TripleA 2.x reads them from actionstext.properties (user actions) and
    politicstext.properties (political actions) and shows `NO: <text>.BUTTON set.` for each one
    missing, on the button itself; it asks a user action's question from politicstext.properties too
    (UserActionDelegate.actionIsAccepted), where 1.9 asked it from actionstext.properties. The
    `OTHER_` messages go to the other players, but not to a screen that plays the acting player
    (TripleADisplay.reportMessageToPlayers), so only the other players of a network game see
    them. A value of `NONE` for a notification sends none and counts as present. One finding per
    text, naming the messages missing; one per file when the map has none, when five or more texts
    have no message in it at all, or when five or more lack the same messages.

    Fix: Add the `<text>.<MESSAGE>=...` lines to the file named (beside polygons.txt), or correct
    the action's `text` option to a key the file has.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    names = names_as_2x_reads_them(model)
    table = model.table(ATTACHMENT_PATH)
    classes = attachment_classes(model)
    if not any(java_class in _ACTION_FILES for java_class in set(classes)):
        return
    attachment_names, owners, options = table.column("name", ""), model.option_owners, model.options
    # class -> text -> (its actions, the messages they show, the first one's line)
    wanted: dict[str, dict[str, tuple[list[str], set[str], int | None]]] = {}
    per_action: dict[int, dict[str, str]] = {}  # attachment element -> its last text, chance, actionAccept
    chosen = [index for index in positions(names, _ACTION_OPTIONS)  # found in C
              if classes[owners[index]] in _ACTION_FILES]
    lines: dict[int, int | None] = {}
    for index, value in zip(chosen, options.column_at("value", chosen, "")):
        per_action.setdefault(owners[index], {})[names[index]] = value
        if names[index] == "text":
            lines[owners[index]] = options.lines[index]
    for owner, given in per_action.items():
        text = given.get("text", "").strip()
        if not text or "@" in text or "$" in text:
            continue  # (no text: another finding's; a variable: replaced in 2.x first)
        messages = set(_ALWAYS_SHOWN)
        if _can_fail(given.get("chance", "")):
            messages.update(_SHOWN_ON_FAILURE)
        if given.get("actionAccept", "").strip():  # a player asked may refuse: the attempt fails
            messages.update((_ACCEPT_QUESTION, *_SHOWN_ON_FAILURE))
        actions, needed, line = wanted.setdefault(classes[owner], {}).setdefault(text, ([], set(), lines[owner]))
        actions.append(attachment_names[owner])
        needed.update(messages)
    questions: dict = {}  # politicstext.properties' keys: 2.x asks a user action's question from it too
    for java_class, texts in wanted.items():
        kind, file_name = _ACTION_FILES[java_class]
        path = context.map_file(file_name)
        try:
            keys = read_keys(path) if path is not None and path.is_file() else None
        except (OSError, ValueError):
            continue  # unreadable: the engine fails on it (not this rule's finding)
        if java_class != _POLITICAL and any(_ACCEPT_QUESTION in needed for _a, needed, _l in texts.values()):
            questions = context.properties_file(_POLITICS_FILE)[1]  # (read once per map folder)
        if keys is None:
            first_text, (_actions, _needed, line) = next(iter(texts.items()))
            every = [action for actions, _needed, _line in texts.values() for action in actions]
            others = f" (and {len(texts) - 1} other texts)" if len(texts) > 1 else ""
            yield hit(line=line, actions=_actions_shown(kind, every), text=first_text,
                      problem=f"{others}, but the map has no {file_name}: the game shows "
                              f"'NO: {first_text}.BUTTON set.' on the button, and likewise for every message")
            continue
        prefixes = {key.partition(".")[0] for key in keys}
        unwritten = [text for text in texts if text not in prefixes]  # not one message of it in the file
        if len(unwritten) >= _MANY_UNWRITTEN:  # a file left a stub: one finding for the texts it lacks wholly
            first_text, (actions, _needed, line) = unwritten[0], texts[unwritten[0]]
            others = [repr(text) for text in unwritten[1:]]
            yield hit(line=line, actions=_actions_shown(kind, actions), text=first_text,
                      problem=f", and {len(others)} more texts ({some_of(others, 3)}), have no message in {file_name}: "
                              f"the game shows 'NO: {first_text}.BUTTON set.' on the button, and likewise for each")
            texts = {text: wanted_text for text, wanted_text in texts.items() if text not in set(unwritten)}
        alike: dict[tuple, list[tuple[str, list[str], int | None]]] = {}  # what is missing: the texts lacking it
        for text, (actions, needed, line) in texts.items():
            asked_elsewhere = java_class != _POLITICAL and _ACCEPT_QUESTION in needed
            missing = tuple(message for message in (*_ALWAYS_SHOWN, *_SHOWN_ON_FAILURE, _ACCEPT_QUESTION)
                            if message in needed and f"{text}.{message}" not in keys
                            and not (asked_elsewhere and message == _ACCEPT_QUESTION))
            unasked = asked_elsewhere and f"{text}.{_ACCEPT_QUESTION}" not in questions
            if missing or unasked:
                in_own_file = unasked and f"{text}.{_ACCEPT_QUESTION}" in keys
                alike.setdefault((missing, unasked, in_own_file), []).append((text, actions, line))
        for (missing, unasked, in_own_file), lacking in alike.items():
            grouped = len(lacking) >= _MANY_UNWRITTEN  # one cause (a file written so): one finding
            for text, actions, line in lacking[:1] if grouped else lacking:
                others = [repr(each) for each, _actions, _line in lacking[1:]] if grouped else []
                yield hit(line=line, actions=_actions_shown(kind, actions), text=text,
                          problem=(f" (and {len(others)} more texts: {some_of(others, 3)})" if others else "") +
                          _lacking(text, file_name, missing, unasked, in_own_file, "them" if others else "it"))


def _lacking(text: str, file_name: str, missing: tuple[str, ...], unasked: bool, in_own_file: bool, it: str) -> str:
    """What a text's file lacks and what the players see for it (`it`: "it", or "them" for many)."""
    problem = ""
    if missing:
        seen = "the other players of a network game see" if all(message.startswith("OTHER_") for message in missing) \
            else "the game shows"  # sent to the others alone: a screen that plays the actor shows none (TripleADisplay)
        problem = f", but {file_name} has no {', '.join(missing)} for {it}: {seen} 'NO: {text}.{missing[0]} set.'"
    if unasked:
        where = f" (1.9 asked it from {file_name}, which has {it}: copy the lines over)" if in_own_file else ""
        problem += (", and" if missing else ", but") + f" {_POLITICS_FILE} has no {_ACCEPT_QUESTION} for {it}, " \
            f"where 2.x looks for a user action's question too{where}: the players asked see " \
            f"'NO: {text}.{_ACCEPT_QUESTION} set.'"
    return problem


_POLITICAL = "PoliticalActionAttachment"
_POLITICS_FILE = "politicstext.properties"
_MANY_UNWRITTEN = 5  # from this many texts a file has no message of, they are one finding


def _actions_shown(kind: str, names: list[str]) -> str:
    return several(kind, names, "shows", "show")


def _can_fail(chance: str) -> bool:
    """Whether a `hits:sides` chance can fail (2.x rolls a die of `sides`; the default 1:1 never fails)."""
    hits, _, sides = chance.partition(":")
    try:
        return int(hits) < int(sides)
    except ValueError:
        return False



def _shown_key(key: str) -> str:
    """A key as a grouped message names it: a long one (a message written as its key) cut short."""
    return repr(key if len(key) <= 40 else key[:39].rstrip() + "…")
