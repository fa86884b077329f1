"""The image name 2.x draws a unit by when its player starts with technologies
(UnitImageFactory.ImageKey.getBaseImageName)."""

from __future__ import annotations

import pytest
from lxml import etree

from converter.check.model import build_model
from converter.check.techimages import starting_image_name

UNITS = {
    "aaGun": {"isAA": "true", "isRocket": "true"},
    "fighter": {"isAir": "true", "attack": "3", "defense": "4"},
    "bomber": {"isAir": "true", "isStrategicBomber": "true", "attack": "4"},
    "submarine": {"isSub": "true", "attack": "2", "defense": "1"},
    "factory": {"canProduceUnits": "true"},
    "flak": {"isAAforCombatOnly": "true"},
    "infantry": {"attack": "1", "defense": "2"},
}
TECHS = ("rocket", "aARadar", "longRangeAir", "jetPower", "heavyBomber", "superSub", "industrialTechnology")


def _game(techs: tuple[str, ...]) -> str:
    attachments = "".join(
        f'<attachment name="unitAttachment" attachTo="{unit}" javaClass="x.UnitAttachment" type="unitType">'
        + "".join(f'<option name="{name}" value="{value}"/>' for name, value in options.items()) + "</attachment>"
        for unit, options in UNITS.items())
    attachments += ('<attachment name="techAttachment" attachTo="Reds" javaClass="x.TechAttachment" type="player">'
                    + "".join(f'<option name="{tech[0].upper() + tech[1:]}" value="true"/>' for tech in techs)
                    + "</attachment>")
    return (f'<game><playerList><player name="Reds"/><player name="Blues"/></playerList><unitList>'
            + "".join(f'<unit name="{unit}"/>' for unit in UNITS) + f"</unitList><attachmentList>{attachments}"
            "</attachmentList></game>")


@pytest.mark.parametrize("unit, name", [
    ("aaGun", "rockets_r"), ("fighter", "fighter_lr_jp"), ("bomber", "bomber_lr_hb"), ("submarine", "submarine_ss"),
    ("factory", "factory_it"), ("flak", "flak_r"), ("infantry", "infantry"), ("fighter_hit", "fighter_hit"),
])
def test_every_technology_names_its_image(unit: str, name: str) -> None:
    model = build_model(etree.fromstring(_game(TECHS)))
    assert starting_image_name(model, "Reds", unit) == name
    assert starting_image_name(model, "Blues", unit) == unit  # Blues starts with none


def test_one_technology_alone() -> None:
    model = build_model(etree.fromstring(_game(("jetPower",))))
    assert [starting_image_name(model, "Reds", unit) for unit in ("aaGun", "fighter", "bomber")] == \
        ["aaGun", "fighter_jp", "bomber"]
