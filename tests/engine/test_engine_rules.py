"""Each rule: a legal example passes `check`, an illegal one raises IllegalAction naming it."""

import pytest

from converter.engine import actions as a
from converter.engine.rules import IllegalAction, check
from converter.engine.state import STEPS
from converter.engine.transitions import apply, play


def refused(rule, action, state):
    with pytest.raises(IllegalAction) as caught:
        check(action, state)
    assert caught.value.rule_id == rule, str(caught.value)
    assert str(caught.value).startswith(f"{rule}: ")
    return str(caught.value)


# --- movement (P5/P6, G3, G4, U1-U4, B1) ---
def test_g4_stacking_counts_land_units_of_one_side(make_state):
    state = make_state(allied={9: {"USAinfantry": 7}, 10: {"USAinfantry": 2}})
    check(a.Move((("USAinfantry", 1),), 10, 9), state)
    message = refused("G4", a.Move((("USAinfantry", 2),), 10, 9), state)
    assert "area 9" in message and "9 Allies land units" in message


def test_g4_blockhouses_do_not_count(make_state):
    state = make_state(("P6", "move"), german={9: {"infantry": 7, "blockhouse": 3}, 10: {"infantry": 1}})
    check(a.Move((("infantry", 1),), 10, 9), state)


def test_g3_nobody_leaves_a_contested_area(make_state):
    state = make_state(allied={10: {"USAinfantry": 3}}, german={10: {"infantry": 1}})
    message = refused("G3", a.Move((("USAinfantry", 1),), 10, 9), state)
    assert "area 10" in message and "3 USAinfantry" in message
    reinforced = make_state(allied={9: {"USAinfantry": 1}, 10: {"USAinfantry": 3}}, german={10: {"infantry": 1}})
    check(a.Move((("USAinfantry", 1),), 9, 10), reinforced)  # reinforcing it is allowed


def test_b1_moves_go_to_adjacent_areas(make_state, board):
    state = make_state(allied={1: {"USAinfantry": 1}})
    far = next(area for area in board.area_ids if area != 1 and area not in board.rules.neighbours[1])
    refused("B1", a.Move((("USAinfantry", 1),), 1, far), state)


def test_u3_armour_stops_where_enemies_are(make_state, board):
    via, dst = 6, 9
    assert 6 in board.rules.neighbours[2] and 9 in board.rules.neighbours[6]
    clear = make_state(allied={2: {"USAarmour": 2}})
    check(a.Move((("USAarmour", 2),), 2, dst, via=via), clear)
    blocked = make_state(allied={2: {"USAarmour": 2}}, german={via: {"infantry": 1}})
    assert "area 6" in refused("U3", a.Move((("USAarmour", 2),), 2, dst, via=via), blocked)


def test_u1_infantry_moves_one_area(make_state):
    state = make_state(allied={2: {"USAinfantry": 1}})
    refused("U1", a.Move((("USAinfantry", 1),), 2, 9, via=6), state)


def test_u4_blockhouses_never_move(make_state):
    state = make_state(("P6", "move"), german={9: {"blockhouse": 1}})
    refused("U4", a.Move((("blockhouse", 1),), 9, 10), state)


def test_units_move_once_per_turn(make_state):
    state = make_state(allied={5: {"USAinfantry": 1}})
    state = play(a.Move((("USAinfantry", 1),), 5, 6), state)
    refused("P5", a.Move((("USAinfantry", 1),), 6, 9), state)


def test_moves_only_in_the_move_steps(make_state):
    state = make_state(("P5", "battle"), allied={5: {"USAinfantry": 1}})
    refused("P5", a.Move((("USAinfantry", 1),), 5, 6), state)
    german = make_state(("P6", "move"), german={5: {"infantry": 1}})
    refused("P6", a.Move((("USAinfantry", 1),), 5, 6), german)  # not a German unit


def test_landings_move_one_area_to_where_the_beach_leads(make_state):
    state = make_state(beaches={"Utah Beach": {"USAinfantry": 3}})
    check(a.Move((("USAinfantry", 3),), "Utah Beach", 11), state)
    assert "Utah Beach" in refused("P5", a.Move((("USAinfantry", 1),), "Utah Beach", 14), state)
    refused("P5", a.Move((("USAinfantry", 4),), "Utah Beach", 11), state)


def test_landings_respect_stacking(make_state):
    state = make_state(allied={11: {"USAinfantry": 6}}, beaches={"Utah Beach": {"USAinfantry": 3}})
    check(a.Move((("USAinfantry", 2),), "Utah Beach", 11), state)
    refused("G4", a.Move((("USAinfantry", 3),), "Utah Beach", 11), state)


def test_g7_patrol_losses_need_fighters(make_state):
    state = make_state(("P6", "move"), german={9: {"infantry": 2}})
    refused("G7", a.Move((("infantry", 2),), 9, 10, losses=(("infantry", 1),)), state)
    patrolled = make_state(("P6", "move"), german={9: {"infantry": 2}}, patrol={10: 2})
    after = play(a.Move((("infantry", 2),), 9, 10, losses=(("infantry", 1),)), patrolled)
    assert after.describe("Germans", after.board.area(10)) == "1 infantry"


# --- battles (G1, G2, G8) ---
def test_g2_mixed_areas_must_fight(make_state):
    state = make_state(("P5", "battle"), allied={10: {"USAinfantry": 3}}, german={10: {"infantry": 1}})
    assert "area 10" in refused("G2", a.EndPhase(), state)
    state = play(a.Battle(10, defender_losses=(("infantry", 1),)), state)
    check(a.EndPhase(), state)


def test_g2_no_battle_without_both_sides(make_state):
    state = make_state(("P5", "battle"), allied={10: {"USAinfantry": 3}})
    refused("G2", a.Battle(10), state)


def test_g1_one_round_per_battle_step(make_state):
    state = make_state(("P5", "battle"), allied={10: {"USAinfantry": 3}}, german={10: {"infantry": 2}})
    state = play(a.Battle(10, defender_losses=(("infantry", 1),)), state)
    refused("G1", a.Battle(10), state)


def test_g8_casualties_bounded_by_units_and_dice(make_state):
    state = make_state(("P5", "battle"), allied={10: {"USAinfantry": 3}}, german={10: {"infantry": 1}})
    refused("G8", a.Battle(10, defender_losses=(("infantry", 2),)), state)
    refused("G8", a.Battle(10, attacker_losses=(("USAinfantry", 2),)), state)  # one defender die
    refused("G8", a.Battle(10, defender_losses=(("artillery", 1),)), state)


# --- P1 .. P4 ---
def test_p1_u8_paratroopers_round_one_only(make_state):
    state = make_state(("P1", "para"), german={11: {"infantry": 1}})
    check(a.ParaAttack(11, (("infantry", 1),)), state)
    refused("U8", a.ParaAttack(11), make_state(("P1", "para"), german={11: {"infantry": 1}}, round=2))
    refused("U8", a.ParaAttack(12), state)  # no airborne box aims there
    refused("G8", a.ParaAttack(11, (("infantry", 4),)), make_state(("P1", "para"), german={11: {"infantry": 5}}))


def test_u7_naval_bombardment_only_against_blockhouses(make_state):
    state = make_state(("P2", "bombard"), german={2: {"blockhouse": 1}, 3: {"infantry": 4}})
    check(a.Bombard(2, hit=True), state)
    assert "4 infantry" in refused("U7", a.Bombard(3), state)
    for _ in range(6):
        state = play(a.Bombard(2), state)
    refused("P2", a.Bombard(2), state)


def test_p3_bombers_only_where_no_allied_land_units(make_state):
    state = make_state(("P3", "bomb"), allied={10: {"USAinfantry": 1}}, german={10: {"infantry": 2}, 12: {"armour": 1}})
    assert "area 10" in refused("P3", a.BomberAttack(10), state)
    check(a.BomberAttack(12, 2, (("armour", 1),)), state)
    refused("P3", a.BomberAttack(12, 3), state)  # two bombers in play


def test_u2_aa_losses_need_artillery(make_state):
    state = make_state(("P3", "bomb"), german={12: {"armour": 1}, 13: {"artillery": 1}})
    refused("U2", a.BomberAttack(12, 1, aa_losses=1), state)
    check(a.BomberAttack(13, 2, aa_losses=1), state)


def test_p3_g7_patrol_limits(make_state):
    state = make_state(("P3", "patrol"))
    refused("P3", a.PlacePatrol(36, 4), state)
    state = play(a.PlacePatrol(36, 3), state)
    state = play(a.PlacePatrol(40, 3), state)
    check(a.PlacePatrol(32, 2), state)
    refused("G7", a.PlacePatrol(32, 3), state)
    refused("P3", a.PlacePatrol(36, 1), state)


def test_u9_blockhouses_fire_once_at_their_beach(make_state):
    state = make_state(("P4", "blockhouse_fire"), german={14: {"blockhouse": 2}},
                       beaches={"Omaha Beach": {"USAinfantry": 4}})
    refused("U9", a.BlockhouseFire("Omaha Beach", 3), state)
    state = play(a.BlockhouseFire("Omaha Beach", 2, (("USAinfantry", 2),)), state)
    assert state.beaches[state.board.beach("Omaha Beach")][0] == 2
    refused("P4", a.BlockhouseFire("Omaha Beach", 1), state)


def test_game_over_refuses_everything(make_state):
    state = make_state(("P6", "reinforce"), round=10)
    state = apply(a.EndPhase(), state)
    assert state.step == len(STEPS) and state.winner == "Germans"
    refused("G5", a.EndPhase(), state)


def test_step_order_skips_para_after_round_one(make_state):
    state = make_state(("P6", "reinforce"), allied={9: {"USAinfantry": 1}})
    state = apply(a.EndPhase(), state)
    assert (state.round, state.phase) == (2, "P2")
