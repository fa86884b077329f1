"""`dday2 history SAVE`: the game log as a person reads it, or the tree as JSON."""

from __future__ import annotations

import json

import click

from converter.cli.savefile import open_save
from converter.exitcodes import ExitCode
from converter.findings.formatters import one_line
from converter.history import Event, History
from converter.save import SaveGame


def _event_lines(event: Event) -> list[str]:
    lines = [f"    {event.text}"]
    if event.move is not None and event.move.route:
        lines.append(f"      route: {' -> '.join(event.move.route)}")
    if event.battle_site:
        lines.append(f"      battle in {event.battle_site}")
    for child in event.children:
        lines.append(f"      - {child.text}")
        if child.dice is not None:
            lines.append(f"        {child.dice.describe()}")
    if event.changes:
        lines.append(f"      ({len(event.changes)} change{'s' if len(event.changes) != 1 else ''})")
    return lines


def render_text(game: SaveGame, history: History) -> str:
    position = game.sequence
    lines = [f"{game.game_name} — engine {game.engine_version}; saved in round {position.round}, "
             f"step {position.step_name} ({position.step_player or 'no player'})"]
    for round_ in history.rounds:
        lines.append(f"Round {round_.number}")
        for step in round_.steps:
            who = f" — {step.player}" if step.player else ""
            lines.append(f"  {step.display or step.name}{who}")
            if step.changes:
                lines.append(f"    ({len(step.changes)} change{'s' if len(step.changes) != 1 else ''} outside events)")
            for event in step.events:
                lines.extend(_event_lines(event))
    counts = history.counts()
    lines.append(", ".join(f"{value} {key.replace('_', ' ')}" for key, value in counts.items()))
    return "\n".join(map(one_line, lines))  # names from the save, shown without their control characters


def render_json(game: SaveGame, history: History) -> str:
    document = {"engine_version": game.engine_version, "game_name": game.game_name,
                "counts": history.counts(), **history.to_dict()}
    return json.dumps(document, indent=1, ensure_ascii=False)


@click.command("history")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def command(save: str, output_format: str) -> ExitCode:
    """Print the history of a TripleA save (.tsvg): rounds, steps, events, dice."""
    game, history = open_save(save)
    click.echo(render_json(game, history) if output_format == "json" else render_text(game, history))
    return ExitCode.CLEAN
