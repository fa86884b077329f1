"""M313: place.txt's options, the text after a line's points that says where a territory's
extra unit stacks go; TripleA 2.x reads them only when written just so."""

from __future__ import annotations

from converter.check.mapfiles import read_lines
from converter.check.rule import hit, rule
from converter.findings import Severity


@rule("M313", "map-files.place-options", Severity.WARNING, "place.txt options {text!r} for {name!r}: {problem}")
def place_options(context):
    """Finds place.txt options after `|` that TripleA 2.x ignores, misreads or cannot read.

    Why: TripleA 2.x uses the option when a territory has more unit stacks than place points:
    the extra stacks go one unit width right of the last point, or left when it reads true. It
    reads the option only after a single ` | ` (a blank on each side), takes the text between
    the first and second `=` as the value whatever the key, and reads it as true only when it is
    exactly `true` in any case, all without a warning; a ` | ` option with no `=` stops it
    loading the map (an error here). TripleA 1.9 reads no options at all: a `|` in place.txt
    stops it loading the map. An option meaning `overflowToLeft=false` is not reported when 2.x
    ignores it or reads it as false anyway, since false is the default.

    Fix: Write ` | overflowToLeft=true` or ` | overflowToLeft=false` after the territory's points
    in place.txt, with no other blanks, or drop the option to stack to the right.
    """
    place = context.place
    optioned = [entry for entry in place.entries if entry.options] if place is not None else ()
    if not optioned:
        return  # (the usual map)
    written = read_lines(place.path)  # the options as written: blanks matter to the engine
    for entry in optioned:
        line = written.get(entry.line, "")
        problem, severity = _option_problem(line)
        if problem:
            yield hit(file=place.path, line=entry.line, name=entry.name, text=line[line.find("|"):],
                      problem=problem, territory=entry.name, **({"severity": severity} if severity else {}))


def _option_problem(line: str) -> tuple[str | None, Severity | None]:
    """What TripleA 2.x makes of the options on a place.txt `line` (its reader splits at
    every " | ", then the second part at each "="), when that is not what was written. An
    option meaning false that 2.x ignores or reads as false does what was written: the
    default is false."""
    key, _, value = line.partition("|")[2].partition("=")
    means_false = key.strip().lower() == "overflowtoleft" and value.strip().lower() == "false"
    problem, severity = _option_reading(line)
    return (None, None) if means_false and severity is None else (problem, severity)


def _option_reading(line: str) -> tuple[str | None, Severity | None]:
    """_option_problem's answer before it looks at what the option meant."""
    parts = line.split(" | ")
    if len(parts) == 1:
        return "TripleA 2.x ignores them: it reads options only after ' | ', a blank each side", None
    if len(parts) > 2:
        return "TripleA 2.x ignores them: the line has more than one ' | '", None
    key_and_values = parts[1].split("=")
    if len(key_and_values) < 2:
        return "there is no '=': TripleA 2.x fails to load the map", Severity.ERROR
    key, value = key_and_values[0], key_and_values[1]
    if key != "overflowToLeft":
        return f"the key is not overflowToLeft, but TripleA 2.x reads {value!r} as that option anyway", None
    if value.lower() not in ("true", "false"):
        return f"TripleA 2.x reads {value!r} as false; write true or false with no blanks", None
    return None, None


