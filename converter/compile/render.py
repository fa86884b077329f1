"""Jinja2 environment: StrictUndefined (a missing variable is an error), XML/HTML escaping on."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import json

import jinja2

from converter.paths import TEMPLATES_DIR


@lru_cache(maxsize=4)
def environment(folder: Path = TEMPLATES_DIR) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("xml.j2", "html.j2"), default=False),
        keep_trailing_newline=True,
        trim_blocks=False,
        lstrip_blocks=False,
    )
    # JSON strings are valid YAML scalars, so this quotes any name safely
    env.filters["yaml_str"] = json.dumps
    return env


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
