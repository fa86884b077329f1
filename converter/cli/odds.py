"""`dday2 odds --attacker TEXT --defender TEXT [--side allies|germans] [--rounds N]`: exact odds."""

from __future__ import annotations

import json

import click

from converter.exitcodes import ExitCode

KEYS = ("attacker_clears", "defender_clears", "both_remain", "both_destroyed",
        "attacker_expected_losses", "defender_expected_losses")


@click.command("odds")
@click.option("--attacker", required=True, help='Attacking units, e.g. "3 infantry, 2 armour".')
@click.option("--defender", required=True, help='Defending units, e.g. "4 infantry, 1 artillery".')
@click.option("--side", type=click.Choice(["allies", "germans"]), default="allies", show_default=True,
              help="Who attacks: its unit stats apply to the attacker, the other side's to the defender.")
@click.option("--rounds", "round_count", type=click.IntRange(1, 50), default=1, show_default=True,
              help="Rounds (one per turn) of the multi-round distribution, casualties cheapest first.")
@click.option("--alternate", is_flag=True, help="Swap roles every round (the battle goes on in each side's turn).")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def command(attacker: str, defender: str, side: str, round_count: int, alternate: bool,
            output_format: str) -> ExitCode:
    """Exact odds of a D-Day2 battle (G8): one round, and cumulative over several."""
    from converter.engine.board import ALLIES, GERMANS, dday2_board
    from converter.engine.forces import ForceError, parse_force
    from converter.engine.odds import one_round, rounds

    board = dday2_board()
    attacking, defending = (ALLIES, GERMANS) if side == "allies" else (GERMANS, ALLIES)
    try:
        attack_force = parse_force(attacker, attacking, board)
        defence_force = parse_force(defender, defending, board)
    except ForceError as error:
        click.echo(f"dday2 odds: {error}", err=True)
        return ExitCode.USAGE
    a_units = attack_force.units_in_loss_order(board)
    d_units = defence_force.units_in_loss_order(board)
    first = one_round([u[0] for u in a_units], [u[1] for u in d_units])
    series = rounds(a_units, d_units, round_count, alternate=alternate)
    if output_format == "json":
        document = first.to_dict() | {"rounds": [r.to_dict() | {"round": n} for n, r in enumerate(series, 1)]}
        click.echo(json.dumps(document, indent=2))
        return ExitCode.CLEAN
    click.echo(f"attacker ({attacking}): {attack_force.describe(board)}")
    click.echo(f"defender ({defending}): {defence_force.describe(board)}")
    click.echo("one round:")
    for key, value in first.to_dict().items():
        click.echo(f"  {key.replace('_', ' '):26} {value:.6f}")
    if round_count > 1:
        click.echo(f"after each round (cumulative{', roles alternate' if alternate else ''}):")
        click.echo("  round  att.clears  def.clears  both.remain  both.gone  att.loss  def.loss")
        for n, r in enumerate(series, 1):
            d = r.to_dict()
            click.echo(f"  {n:5}  {d['attacker_clears']:10.6f}  {d['defender_clears']:10.6f}  "
                       f"{d['both_remain']:11.6f}  {d['both_destroyed']:9.6f}  "
                       f"{d['attacker_expected_losses']:8.4f}  {d['defender_expected_losses']:8.4f}")
    return ExitCode.CLEAN
