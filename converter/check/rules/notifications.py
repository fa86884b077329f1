"""M314: the messages trigger notifications show, read from the map's notifications.properties."""

from __future__ import annotations

from itertools import compress, count

from converter.check.javaproperties import read_keys
from converter.check.model import ATTACHMENT_PATH
from converter.check.rule import hit, rule
from converter.check.rules.options import names_as_2x_reads_them
from converter.check.suggest import closest_name
from converter.findings import Severity

NOTIFICATIONS_FILE = "notifications.properties"
_SOUNDS = "_sounds"  # 2.x NotificationMessages: `<key>_sounds` names the clip a notification plays


@rule("M314", "map-files.notification-missing", Severity.WARNING,
      "{triggers} notification {key!r}{problem}{suggestion}")
def notification_missing(context):
    """Finds trigger notifications whose message notifications.properties does not hold.

    Why: A trigger's `notification` names a key of the map's notifications.properties, whose
    value is the message shown to the players (and written in the game's history). TripleA 2.x
    looks the key up exactly (trimmed, letter case included) and, when it is missing, shows
    nothing and writes nothing, silently: a misspelt key (`DESERTED_UNITS_Baleares` for
    `DESERTED_UNITS_Beleares`), a message never written, or a map with no notifications.properties
    at all. A key with only a sound (`<key>_sounds`) plays it and is not reported. The file is read
    as Java reads it (lines continued with `\\`, escapes). One finding per key, with how many
    triggers show it; a close key is suggested.

    Fix: Add the key to the map's notifications.properties (`KEY=<message>`), or correct the
    trigger's `notification` value to an existing key, exactly as written there.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    names = names_as_2x_reads_them(model)
    chosen = list(compress(count(), map("notification".__eq__, names)))  # found in C
    if not chosen:
        return
    table = model.table(ATTACHMENT_PATH)
    classes, attachment_names = table.column("javaClass", ""), table.column("name", "")
    owners, attached, options = model.option_owners, model.attached, model.options
    shown: dict[str, list[int]] = {}  # key -> the options showing it
    for index, value in zip(chosen, options.column_at("value", chosen, "")):
        owner, key = owners[index], value.strip()
        if owner in attached and classes[owner].rsplit(".", 1)[-1] == "TriggerAttachment" and key \
                and "@" not in key and "$" not in key:  # (2.x replaces variables first)
            shown.setdefault(key, []).append(index)
    if not shown:
        return
    path = context.map_file(NOTIFICATIONS_FILE)
    try:
        keys = read_keys(path) if path is not None and path.is_file() else None
    except (OSError, ValueError):
        return  # unreadable: the engine fails to load it (not this rule's finding)
    if keys is None:  # no file: one finding for them all
        first, indices = next(iter(shown.items()))
        every = [index for each in shown.values() for index in each]
        others = f" (and {len(shown) - 1} other keys)" if len(shown) > 1 else ""
        yield hit(line=options.lines[indices[0]], triggers=_subject([attachment_names[owners[i]] for i in every]),
                  key=first, problem=f"{others}, but the map has no {NOTIFICATIONS_FILE}: nothing is shown",
                  suggestion="")
        return
    known = frozenset(keys)
    for key, indices in shown.items():
        if key in keys or key + _SOUNDS in keys:
            continue
        close = closest_name(key, known) if known else None
        yield hit(line=options.lines[indices[0]], triggers=_subject([attachment_names[owners[i]] for i in indices]),
                  key=key, problem=f", which {NOTIFICATIONS_FILE} does not hold: nothing is shown",
                  suggestion=f" (did you mean {close!r}?)" if close else "")


def _subject(names: list[str]) -> str:
    triggers = list(dict.fromkeys(names))
    return f"trigger {triggers[0]!r} shows" if len(triggers) == 1 else \
        f"triggers {triggers[0]!r} and {len(triggers) - 1} more show"
