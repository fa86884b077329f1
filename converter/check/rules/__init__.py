"""Rule groups, one module each; importing this package registers every rule.

X0xx XML and DTD · R1xx references · S2xx structure · M3xx map files · I4xx images ·
Y5xx map.yml · D6xx D-Day2 layout.
"""

from converter.check.rules import (  # noqa: F401 - imported to register
    attachment_names,
    chance_rolls,
    connections,
    dday2,
    gained_unit_images,
    game_notes,
    game_properties,
    game_start,
    html_images,
    images,
    load_refused,
    map_files,
    map_properties,
    map_tiles,
    map_yml,
    messages,
    objectives,
    optional_files,
    option_references,
    option_values,
    options,
    place_options,
    points_outside,
    polygon_overlaps,
    production_tabs,
    references,
    sections,
    sequence,
    structure,
    territory_effect_images,
    tooltips,
    unit_icons,
    unit_targets,
    variables,
    victory,
    xml,
)
