"""The game notes and the map description, written from the model."""

from __future__ import annotations

from typing import Any

from converter import __version__
from converter.compile.render import render
from converter.model.types import Ruleset

CHART_TITLES = {"Allies": "Allied reinforcements", "Axis": "German reinforcements"}


def _context(rules: Ruleset) -> dict[str, Any]:
    charts = [
        {"title": f"{CHART_TITLES.get(chart.side, chart.side)}: {chart.id.replace('_', ' ').title()}",
         "dice": chart.dice, "beaches": chart.beaches, "enter_at": chart.enter_at, "rows": chart.rows}
        for chart in rules.charts
    ]
    return {
        "tool_version": __version__,
        "game": {"name": rules.name, "description": rules.description, "map_name": rules.map_name,
                 "file_name": rules.file_name},
        "areas": rules.areas,
        "area_count": len(rules.areas),
        "cities": [rules.area_by_id[city] for city in rules.victory.cities],
        "beaches": rules.beaches,
        "limits": rules.limits,
        "victory": rules.victory,
        "units": rules.units,
        "phases": rules.phases,
        "charts": charts,
    }


def notes_html(rules: Ruleset) -> str:
    return render("notes.html.j2", **_context(rules))


def description_html(rules: Ruleset) -> str:
    return render("description.html.j2", **_context(rules))


def map_yml(rules: Ruleset) -> str:
    return render("map.yml.j2", **_context(rules))
