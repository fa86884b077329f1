"""`dday2 simulate --games N --seed S [--format text|json]`: Allied win rate of the policy."""

from __future__ import annotations

import json

import click

from converter.exitcodes import ExitCode


@click.command("simulate")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def command(games: int, seed: int, output_format: str) -> ExitCode:
    """Play whole games with the engine's simple policy for both sides; report the Allied
    win rate with a 95% Wilson confidence interval."""
    from converter.engine.simulate import win_rate

    with click.progressbar(length=games, label="games", file=click.get_text_stream("stderr")) as bar:
        result = win_rate(games, seed, progress=bar.update)
    if output_format == "json":
        click.echo(json.dumps({
            "games": result.games, "seed": seed, "allied_wins": result.allied_wins,
            "allied_win_rate": result.rate, "ci95_low": result.low, "ci95_high": result.high,
        }, indent=2))
    else:
        click.echo(f"{result.games} games (seed {seed}): Allies won {result.allied_wins} "
                   f"({result.rate:.1%}), 95% CI [{result.low:.1%}, {result.high:.1%}]")
    return ExitCode.CLEAN
