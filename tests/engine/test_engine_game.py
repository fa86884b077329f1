"""State building, action reprs, legal actions, victory (G5) and whole simulated games."""

import json
import random

import pytest

from converter.cli import main
from converter.engine import actions as a
from converter.engine.legal import legal_actions
from converter.engine.rules import check
from converter.engine.simulate import final_state, play_game, wilson
from converter.engine.state import from_territories, initial_state, setup_contents
from converter.engine.transitions import apply

CITIES = (2, 26, 30)


def test_initial_state_from_the_model_setup(board):
    state = initial_state(board)
    assert (state.round, state.phase) == (1, "P1")
    assert state.describe("Allies", board.area(11)) == "3 USAinfantry"
    assert state.describe("Germans", board.area(14)) == "4 infantry, 3 artillery, 2 blockhouse"
    assert sum(state.beaches[board.beach("Omaha Beach")]) == 8
    assert state.chart_pos == (0, 0, 0, 0)  # every pool full
    assert (state.bombers, state.fighters, state.paras) == (2, 8, (3, 3, 3))
    assert set(state.contested_areas()) == {board.area(10), board.area(11), board.area(17)}


def test_state_from_territories_maps_parts_to_areas(board):
    contents = setup_contents(board)
    contents["P5"] = {"USAinfantry": 2, "FighterX2": 1}  # a patrol part: the area's units and fighters
    contents["Reinforcements Rennes Chartres"] = {"infantry": 20, "artillery": 12}  # one unit entered
    state = from_territories(contents, board)
    assert state.describe("Allies", board.area(5)) == "2 USAinfantry"
    assert state.patrol[board.area(5)] == 2
    assert state.chart_pos[board.chart("rennes_chartres")] == 1
    with pytest.raises(ValueError, match="B12"):
        from_territories({"B12": {"infantry": 1}}, board)
    assert not any(map(any, from_territories({"B12": {"infantry": 1}}, board, strict=False).german))


@pytest.mark.parametrize("action", [
    a.ParaAttack(11, (("infantry", 1),)), a.Bombard(2, True), a.BomberAttack(12, 2, (("armour", 1),), 1),
    a.PlacePatrol(36, 3, 1), a.BlockhouseFire("Omaha Beach", 2, (("USAinfantry", 1),)),
    a.Move((("USAinfantry", 2),), "Utah Beach", 11), a.Move((("armour", 1),), 12, 9, via=10),
    a.Battle(10, (("USAinfantry", 1),), (("infantry", 1),)),
    a.Reinforce("rennes_chartres", 7, ((32, "armour", 3),), ((32, "armour", 1),)), a.EndPhase(),
])
def test_action_reprs_round_trip(action):
    assert a.parse_action(repr(action)) == action


def test_parse_action_refuses_anything_else():
    for text in ("__import__('os')", "Move(units=().__class__)", "print(1)", "Battle(10"):
        with pytest.raises(ValueError):
            a.parse_action(text)


def test_legal_actions_all_pass_check_and_cover_choices(board):
    state = initial_state(board)
    rng = random.Random(5)
    for _ in range(40):  # walk the first steps choosing legal actions at random
        options = legal_actions(state, dice={c.id: 7 for c in board.charts})
        assert options, state.where()
        for option in options:
            check(option, state)
        state = apply(rng.choice(options) if rng.random() < 0.7 else options[-1], state)
        if state.winner:
            break
    assert state.round >= 1


def test_first_para_step_offers_the_three_airborne_targets(board):
    assert legal_actions(initial_state(board)) == [a.ParaAttack(11), a.ParaAttack(10), a.ParaAttack(17), a.EndPhase()]


def _end_round(state):
    while state.step_name != "reinforce" or state.phase != "P6":
        state = apply(a.EndPhase(), state)
    return apply(a.EndPhase(), state)


def test_g5_cities_held_a_whole_round_win(make_state):
    held = make_state(("P6", "reinforce"), round=3, allied={c: {"USAinfantry": 1} for c in CITIES})
    once = apply(a.EndPhase(), held)
    assert (once.held, once.winner, once.round) == (1, None, 4)
    twice = _end_round(once)
    assert twice.winner == "Allies"


def test_g5_a_german_blockhouse_keeps_a_city_uncleared(make_state):
    state = make_state(("P6", "reinforce"), round=3, allied={c: {"USAinfantry": 1} for c in CITIES},
                       german={2: {"blockhouse": 1}})
    assert apply(a.EndPhase(), state).held == 0


def test_g5_germans_win_after_the_last_round(make_state):
    state = make_state(("P6", "reinforce"), round=10, allied={c: {"USAinfantry": 1} for c in CITIES[:2]})
    assert apply(a.EndPhase(), state).winner == "Germans"
    late = make_state(("P6", "reinforce"), round=10, allied={c: {"USAinfantry": 1} for c in CITIES}, held=1)
    assert apply(a.EndPhase(), late).winner == "Allies"  # held at the end of rounds 9 and 10


def test_a_simulated_game_is_legal_and_ends(board):
    record = []
    result = play_game(11, board, checked=True, record=record)
    assert result.winner in ("Allies", "Germans")
    assert 1 <= result.rounds <= board.last_round
    assert result.actions == len(record)
    assert any(isinstance(action, a.Battle) for action in record)
    assert any(isinstance(action, a.Reinforce) and action.placements for action in record)
    end = final_state(11, board)
    for area in range(len(board.area_ids)):  # G4 held at the end
        assert end.stacked("Allies", area) <= board.stack and end.stacked("Germans", area) <= board.stack


def test_same_seed_same_game(board):
    assert play_game(3, board) == play_game(3, board)


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0


# --- CLI ---
def test_cli_odds_json(capsys):
    code = main(["odds", "--attacker", "1 infantry", "--defender", "1 infantry", "--format", "json", "--rounds", "2"])
    document = json.loads(capsys.readouterr().out)
    assert code == 0
    assert document["attacker_clears"] == pytest.approx(1 / 9)
    assert document["defender_clears"] == pytest.approx(5 / 18)
    assert len(document["rounds"]) == 2
    assert set(document) >= {"both_remain", "both_destroyed", "attacker_expected_losses", "defender_expected_losses"}


def test_cli_odds_side_picks_stats(capsys):
    main(["odds", "--attacker", "1 tank", "--defender", "1 armour", "--side", "allies", "--format", "json"])
    allied = json.loads(capsys.readouterr().out)
    main(["odds", "--attacker", "1 tank", "--defender", "1 USAarmour", "--side", "germans", "--format", "json"])
    german = json.loads(capsys.readouterr().out)
    assert allied["attacker_clears"] == pytest.approx(0.5 * 0.5)  # German armour defends at 3
    assert german["attacker_clears"] == pytest.approx(0.5 * (4 / 6))  # Allied armour defends at 2


@pytest.mark.parametrize("attacker", ["3 foo", "infantry", "2 blockhouse", "1 FighterX1"])
def test_cli_odds_bad_units_exit_2(attacker, capsys):
    assert main(["odds", "--attacker", attacker, "--defender", "1 infantry"]) == 2
    assert "dday2 odds:" in capsys.readouterr().err


def test_cli_simulate(capsys):
    assert main(["simulate", "--games", "3", "--seed", "1", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["games"] == 3 and 0 <= document["ci95_low"] <= document["ci95_high"] <= 1
