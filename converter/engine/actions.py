"""Actions, one small frozen dataclass each. Areas are area *ids* (as in the rules), beaches
and charts are named, units are (type name, count) pairs.

Random outcomes travel inside the action (losses, hits), so applying an action is
deterministic: a policy rolls with `combat`, a replay reads them from the save. Every
repr evaluates back to an equal action (`eval(repr(a), vars(actions))`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

Units = tuple[tuple[str, int], ...]  # ((type name, count), ...)


@dataclass(frozen=True)
class ParaAttack:
    """P1: the paratroopers of the airborne box aimed at `area` fire at 1 (U8)."""

    area: int
    losses: Units = ()  # German casualties


@dataclass(frozen=True)
class Bombard:
    """P2: one naval shot at 2 against a blockhouse in `area` (U7)."""

    area: int
    hit: bool = False


@dataclass(frozen=True)
class BomberAttack:
    """P3: `bombers` bombers attack `area` (U5); German artillery there fires AA at 1 after."""

    area: int
    bombers: int = 1
    losses: Units = ()  # German casualties, chosen by the Allies (targeted)
    aa_losses: int = 0  # bombers shot down by AA


@dataclass(frozen=True)
class PlacePatrol:
    """P3: put `fighters` fighters on patrol over `area` (U6, G7); AA at 1 answers."""

    area: int
    fighters: int
    aa_losses: int = 0


@dataclass(frozen=True)
class BlockhouseFire:
    """P4: the blockhouses aimed at `beach` fire once each at 3 (U9)."""

    beach: str
    shots: int
    losses: Units = ()  # Allied casualties on the beach, chosen by the Germans (targeted)


@dataclass(frozen=True)
class Move:
    """P5/P6 move: `units` go from `src` (area id, or a beach name: landing) to `dst`.

    `via` is the first area of an armour move of two (U3). `losses`: units shot down by
    patrol fighters on the way (G7); they never arrive.
    """

    units: Units
    src: int | str
    dst: int
    via: int | None = None
    losses: Units = ()


@dataclass(frozen=True)
class Battle:
    """One round of combat in `area` (G1, G2, G8): the active side attacks."""

    area: int
    attacker_losses: Units = ()
    defender_losses: Units = ()


@dataclass(frozen=True)
class Reinforce:
    """P5/P6 reinforcements of one chart: `dice` is the sum rolled; `placements` says
    where each group of the chart's next units goes: (beach name or area id, type, count).
    `losses`: (area id, type, count) shot down by patrol fighters on entry (G7)."""

    chart: str
    dice: int
    placements: tuple[tuple[int | str, str, int], ...] = ()
    losses: tuple[tuple[int, str, int], ...] = ()


@dataclass(frozen=True)
class EndPhase:
    """End the current step (and, after P6, the round: victory check, G5)."""


Action = ParaAttack | Bombard | BomberAttack | PlacePatrol | BlockhouseFire | Move | Battle | Reinforce | EndPhase

ACTION_TYPES = (ParaAttack, Bombard, BomberAttack, PlacePatrol, BlockhouseFire, Move, Battle, Reinforce, EndPhase)


def parse_action(text: str) -> Action:
    """An action from its repr. Parsed, never evaluated: a call of an action class whose
    arguments are literals."""
    names = {cls.__name__: cls for cls in ACTION_TYPES}
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as error:
        raise ValueError(f"not an action: {text!r}") from error
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
        raise ValueError(f"not an action: {text!r}")
    args = [ast.literal_eval(arg) for arg in node.args]
    kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}
    return names[node.func.id](*args, **kwargs)
