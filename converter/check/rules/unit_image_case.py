"""I414: a unit's image the map holds in other letter case where TripleA 2.x's own assets hold
the exact name, so Linux draws the engine's picture and Windows and macOS the map's."""

from __future__ import annotations

from converter.check.rule import hit, rule, some_of
from converter.check.rules.images import player_units, starting_image_name
from converter.findings import Severity


@rule("I414", "images.unit-image-shadowed-by-assets", Severity.WARNING,
      "the {unit} of player {player!r} is drawn from {engine}'s own {asset} on Linux: the map's {own} differs "
      "only in letter case, so only Windows and macOS draw it{more}")
def unit_image_shadowed_by_assets(context):
    """Finds unit images the map holds in other letter case where TripleA 2.x's assets have the exact name.

    Why: 2.x looks for `units/<Player>/<unit>.png` in the map and then in its own assets, then for
    `units/<unit>.png` the same way (UnitImageFactory through ResourceLoader.findResource: the map
    first). On a case-blind file system (Windows, macOS) the map's `Bunker.png` answers for the unit
    `bunker`; on Linux it does not, and the engine's own `bunker.png` is drawn instead, without an
    error: players see other pictures by system. Where the assets have no such image I401 reports
    the unit instead. One finding per unit, naming every player the same holds for.

    Fix: Rename the map's file to the unit's name exactly, letter case included (`bunker.png`), and
    its `_hit` and `_disabled` images with it.
    """
    model = context.model
    if model is None or context.target.map_dir is None or not context.engine_assets:
        return
    listing = context.units_listing
    if listing is None:
        return
    current = context.engine_assets[0].engine
    shadowed: dict[tuple[str, str], list[dict]] = {}  # (unit, image): one finding, naming every player
    for (player, unit), line in model.derived("images.player_units", player_units).items():
        image = starting_image_name(model, player, unit)
        found = context.unit_image(player, image)
        if found is None or found.engine != current:
            continue  # I401's, I407's, or the map's own
        # the map's files looked for before the asset that answers: on a case-blind system they win
        before = (f"{player}/{image}.png",) if found.path == f"units/{player}/{image}.png" else \
            (f"{player}/{image}.png", f"{image}.png")
        own = next((other for relative in before for other in [listing.in_other_case(relative)] if other), None)
        if own is not None:
            shadowed.setdefault((unit, image), []).append(
                dict(line=line, player=player, unit=unit, engine=current, asset=found.path, own=f"units/{own}"))
    order = {player: at for at, player in enumerate(dict.fromkeys(model.players))}
    for found in shadowed.values():
        found.sort(key=lambda each: order.get(each["player"], len(order)))
        others = [repr(each["player"]) for each in found[1:]]
        more = f"; so for player{'s' * (len(others) > 1)} {some_of(others, 3)}" if others else ""
        yield hit(**found[0], more=more)
