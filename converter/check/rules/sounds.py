"""M336: sounds.properties paths TripleA finds no clip at, in the map's sounds/ folder
(ClipPlayer.parseClipPaths)."""

from __future__ import annotations

from converter.check.folderlisting import FILE, FOLDER
from converter.check.javaproperties import read_values
from converter.check.rule import hit, rule
from converter.check.rules.messages import NOTIFICATIONS_FILE
from converter.check.suggest import by_lower_case
from converter.findings import Severity

SOUNDS_FILE = "sounds.properties"
# the sounds 2.x plays by a fixed name (org.triplea.sound.SoundPath), each with a folder of clips in
# its assets' sounds/generic/, its fallback
STANDARD_SOUNDS = frozenset((
    "chat_message", "chat_slap", "chat_join_game", "click_button", "battle_aa_hit", "battle_aa_miss", "battle_air",
    "battle_air_successful", "battle_bombard", "battle_failure", "battle_land", "battle_retreat_air",
    "battle_retreat_land", "battle_retreat_sea", "battle_retreat_submerge", "battle_sea_normal", "battle_sea_subs",
    "battle_sea_successful", "battle_stalemate", "bombing_rocket", "bombing_strategic", "game_start", "game_won",
    "phase_battle", "phase_end_turn", "phase_move_combat", "phase_move_noncombat", "phase_placement",
    "phase_politics", "phase_purchase", "phase_technology", "phase_user_actions", "placed_air",
    "placed_infrastructure", "placed_land", "placed_sea", "political_action_failure", "political_action_successful",
    "required_your_turn_series", "technology_failure", "technology_successful", "territory_capture_blitz",
    "territory_capture_capital", "territory_capture_land", "territory_capture_sea", "user_action_failure",
    "user_action_successful"))
# the standard sounds the engine plays with no player, so never as `<sound>_<player>` (ChatMessagePanel,
# HeadedLaunchAction: ClipPlayer.play(clip) alone); a trigger's sounds likewise (playSoundToPlayers)
_NEVER_FOR_A_PLAYER = frozenset(("chat_message", "chat_slap", "chat_join_game", "click_button", "game_start"))
# the sounds a trigger plays: this prefix and a `<key>_sounds` value of notifications.properties
_TRIGGERED = ("notification_", "victory_", "defeat_")
_DEFAULT_FOLDER = "Sound.Default.Folder"  # the era folder's name, no clip path
_MP3 = ".mp3"  # ClipPlayer.findClipFiles keeps these alone


@rule("M336", "map-files.sound-not-found", Severity.WARNING,
      "{file_name} key {key!r} names {path!r}{problem}: TripleA skips it{fallback}")
def sound_not_found(context):
    """Finds sounds.properties paths naming no clip TripleA can play in the map's sounds/ folder.

    Why: sounds.properties gives each sound (`battle_land`, `chat_join_game`, ...) its clips: paths
    below `sounds/`, separated by `;`, each an `.mp3` file or a folder of them (ClipPlayer). TripleA
    2.x looks each path up in the map, then in its own assets, keeps only the `.mp3` files, and when
    none is found falls back as below: a path written without its `.mp3` (`battle_retreat_sea_01`
    for `battle_retreat_sea_01.mp3`), in other letter case (found on Windows and macOS, not on
    Linux), or naming a file or folder the map's own folders lack, leaves the map's clip unplayed,
    without a word. Only the standard sounds fall back to the engine's generic clips; a sound for
    one player (`phase_purchase_Germans`) falls back to the sound for every player, and a trigger's
    sound (`notification_`, `victory_`, `defeat_` with a `_sounds` value of
    notifications.properties) or an AA unit's (`battle_<unit>_hit`) to nothing. A key no such sound
    is named by is never played, and is info; so is a key for one player (of any game of the map) of
    a sound the engine never plays for a player (the chat sounds, `click_button`, `game_start`, a
    trigger's). Only paths into the map's own sounds/ are judged (a path may name the engine's
    assets, which this check does not list); `NONE` plays nothing, on purpose.

    Fix: Write the path as the file is named below the map's `sounds/` folder, with its `.mp3`,
    letter for letter, or name its folder.
    """
    if context.target.map_dir is None:
        return
    path, values = context.properties_file(SOUNDS_FILE)
    if not values:
        return
    entries = context.map_tree("sounds").by_name
    files = {name for name, kind in entries.items() if kind & FILE}
    folders = {name for name, kind in entries.items() if kind & FOLDER}
    lowered = by_lower_case(entries)
    played = None  # what the game plays: read at the first finding
    for key, (value, line) in values.items():
        if key == _DEFAULT_FOLDER or value == "NONE":
            continue
        parts = [part for part in value.replace("\\", "/").split(";") if part]
        problems = [(part, _problem(part, files, folders, lowered)) for part in parts]
        unplayed = [(part, problem) for part, problem in problems if problem]
        if not unplayed:
            continue
        played = played if played is not None else _Played(context)
        fallback, asked = played.fallback(key)
        fallback = fallback if len(unplayed) == len(parts) else ""
        for part, problem in unplayed:
            yield hit(file=path, line=line, file_name=SOUNDS_FILE, key=key, path=part, problem=problem,
                      fallback=fallback, **({} if asked else {"severity": Severity.INFO}))


class _Played:
    """The sounds a game plays, as ClipPlayer.play asks for them: the standard ones, each also with
    `_<player>` (falling back to the sound without it), an AA unit's `battle_<unit>_hit` and
    `_miss`, and a trigger's `notification_`, `victory_` or `defeat_` with a `<key>_sounds` value of
    notifications.properties."""

    def __init__(self, context):
        model = context.model
        self.known = model is not None  # without a game XML, every key may be asked for
        # the players of every game of the map: one sounds.properties serves them all
        self.players = frozenset(model.players) | context.sibling_players if model is not None else frozenset()
        path = context.map_file(NOTIFICATIONS_FILE)
        try:
            notes = read_values(path) if path is not None and path.is_file() else {}
        except (OSError, ValueError):
            notes = {}
        self.triggered = frozenset(value.strip() for key, (value, _) in notes.items() if key.endswith("_sounds"))

    def fallback(self, key: str) -> tuple[str, bool]:
        """(what 2.x plays where none of the key's clips is found, whether the game asks for it)."""
        for name in self.players:
            base = key[:-len(name) - 1]
            if key.endswith("_" + name) and base and self._asked(base) and base not in _NEVER_FOR_A_PLAYER \
                    and not base.startswith(_TRIGGERED):
                return f", and plays the sound's clips for every player ({base!r}) for {name!r}", True
        if key in STANDARD_SOUNDS:
            return ", and plays the engine's generic clips for the sound", True
        if self._asked(key) or not self.known:
            return ", and plays nothing for the sound", True
        triggered = next((prefix for prefix in _TRIGGERED if key.startswith(prefix)), None)
        if triggered is not None:
            return (f"; a trigger plays it only where a line `<KEY>_sounds={key[len(triggered):]}` of "
                    f"notifications.properties names it, and none does, so it is never played"), False
        return "; no sound of TripleA or of the game's triggers is named so, so it is never played", False

    def _asked(self, key: str) -> bool:
        if key in STANDARD_SOUNDS or key.startswith("battle_") and key.endswith(("_hit", "_miss")):
            return True
        return any(key.startswith(prefix) and key[len(prefix):] in self.triggered for prefix in _TRIGGERED)


def _problem(part: str, files: set[str], folders: set[str], lowered: dict[str, str]) -> str:
    """Why the map's sounds/ holds no clip at `part`; "" when it does, or when the path is not
    into the map's own folders (the engine's assets may hold it)."""
    if part in folders:
        return "" if any(name.startswith(part + "/") and name.endswith(_MP3) for name in files) else \
            f", a folder of the map's sounds/ with no {_MP3} file in it"
    if part in files:
        return "" if part.endswith(_MP3) else f", a file TripleA does not play (it plays {_MP3} files alone)"
    if part + _MP3 in files:
        return f" without its {_MP3} (the map's file is sounds/{part}{_MP3})"
    other = lowered.get(part.lower()) or lowered.get((part + _MP3).lower())
    if other is not None:
        return f", which differs only in letter case from the map's sounds/{other} (found on Windows and macOS, " \
               "not on Linux)"
    top = part.split("/")[0]
    if "/" in part and top in folders:
        return f", which the map's sounds/{top}/ does not hold"
    return ""
