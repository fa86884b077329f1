"""`dday2 replay SAVE`: replay the history, report whether the save is consistent, and check rules.

`--rules` defaults to `dday2` for D-Day2 saves (game name "D-Day 2") and `none`
(consistency only) for any other game.

Exit 0 when consistent and no rule finding, 1 with findings, 2 on a bad save.
JSON: `{"consistent": bool, "findings": [{"code", "message", "round", "step", "player",
"event", ...}], ...}`.
"""

from __future__ import annotations

import click

from converter.cli.savefile import BadSave, open_save
from converter.exitcodes import ExitCode
from converter.findings.formatters import FORMATTERS, one_line
from converter.replay import replay, rule_names, visitor_for

LOCATION = ("round", "step", "player", "event")
# game name (as TripleA saves it) -> the rule set checked by default
DEFAULT_RULES = {"D-Day 2": "dday2"}


def default_rules(game_name: str | None) -> str:
    return DEFAULT_RULES.get(game_name or "", "none")


@click.command("replay")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--rules", "rules", default=None,
              help="Rule set checked while replaying ('none': consistency only) "
                   "[default: dday2 for D-Day2 saves, else none].")
def command(save: str, output_format: str, rules: str | None) -> ExitCode:
    """Replay a TripleA save's history and check the saved state follows from it."""
    if rules is not None and rules not in rule_names():
        raise click.BadParameter(f"unknown rule set {rules!r}; known: {', '.join(rule_names())}", param_hint="--rules")
    game, history = open_save(save)
    if rules is None:
        rules = default_rules(game.game_name)
    try:
        result = replay(game, history, visitor_for(rules))
    except (ValueError, TypeError, KeyError, AttributeError) as error:  # data the replay cannot follow
        raise BadSave(f"{save}: history cannot be replayed: {type(error).__name__}: {error}") from None
    findings = []
    for finding in result.findings:
        data = finding.to_dict()
        for key in LOCATION:
            data.setdefault(key, None)
        findings.append(data)
    header = {"consistent": result.consistent, "rules": rules, "engine_version": game.engine_version,
              "game_name": game.game_name, "changes_replayed": result.changes_applied}
    if output_format == "json":
        click.echo(FORMATTERS["json"](findings, header))
    else:
        verdict = "consistent" if result.consistent else "NOT consistent"
        click.echo(one_line(f"{save}: {game.game_name} (engine {game.engine_version}): {result.changes_applied} "
                            f"changes replayed, {verdict}"))
        click.echo(FORMATTERS["text"](findings))
    return ExitCode.FINDINGS if findings else ExitCode.CLEAN
