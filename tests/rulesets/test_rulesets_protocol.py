"""Every registered ruleset keeps the protocol the studio relies on, checked on each bundled
sample scenario of its game: seeded games are reproducible and replay from their logs,
actions survive the log's codec, every action and event has words, AI and random players
finish games, a side's view never shows more than the state, and each unit type of its
army lists has counter numbers."""
from __future__ import annotations

import pytest

from studio.ai import HeuristicAI, RandomPlayer, game_seeds, run_game
from studio.engine import from_jsonl, record, replay, to_jsonl
from studio.io import default_library, load_file
from studio.rulesets import all_rules, new_game, rules_for
from studio.io.samples import scenario_templates

LIBRARY = default_library()


def _samples():
    out = []
    for path in scenario_templates():
        scenario = load_file(path).model
        if scenario is None or not any(s.army.units for s in scenario.sides):
            continue
        out.append((rules_for(scenario, LIBRARY).id, path.stem, scenario))
    return out


SAMPLES = _samples()


def test_every_ruleset_keeps_the_whole_contract():
    from studio.engine import contract as c
    kinds = {"odds": c.OddsCapability, "ai": c.AICapability, "points": c.PointsCapability,
             "balance": c.BalanceCapability, "counters": c.CounterCapability,
             "sheets": c.SheetCapability, "schema": c.SchemaFragments,
             "editor": c.EditorCapability, "outcomes": c.OutcomeCapability}
    for rules in all_rules():
        assert isinstance(rules, c.Ruleset), rules
        assert not getattr(type(rules), "__abstractmethods__", None), rules.id
        for name, kind in kinds.items():
            value = getattr(rules, name)
            assert value is None and name in ("odds", "ai", "points") or \
                isinstance(value, kind), (rules.id, name)


def test_every_ruleset_has_a_playable_sample():
    games = {rules_id for rules_id, _, _ in SAMPLES}
    assert {r.id for r in all_rules()} <= games


def _players(scenario, index, kind):
    dice, ai = game_seeds(11, index, [s.id for s in scenario.sides])
    make = HeuristicAI if kind == "ai" else RandomPlayer
    return dice, {s.id: make(ai[s.id]) for s in scenario.sides}


@pytest.mark.parametrize("rules_id,name,scenario", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_games_reproduce_and_replay_from_their_logs(rules_id, name, scenario):
    dice, players = _players(scenario, 0, "random")
    state = run_game(new_game(scenario, LIBRARY, dice), players)
    assert state.over and state.result.outcome in ("win", "draw", "none")
    text = to_jsonl(record(state))
    again = replay(scenario, LIBRARY, from_jsonl(text))
    assert to_jsonl(record(again)) == text
    dice, players = _players(scenario, 0, "random")
    assert to_jsonl(record(run_game(new_game(scenario, LIBRARY, dice), players))) == text


@pytest.mark.parametrize("rules_id,name,scenario", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_actions_and_events_have_words_and_survive_the_codec(rules_id, name, scenario):
    dice, players = _players(scenario, 1, "ai")
    state = new_game(scenario, LIBRARY, dice)
    rules = state.game.rules
    seen = 0
    while not state.over and seen < 300:
        actions = rules.legal_actions(state)
        assert actions, f"no legal action for {state.to_act} in round {state.round}"
        for a in actions[:25]:
            assert rules.action_from_dict(rules.action_to_dict(a)) == a
            assert rules.action_text(state, a).strip()
            uid = rules.action_unit(a)
            assert uid is None or state.unit(uid) is not None
            where = rules.action_hex(state, a)
            assert where is None or 0 <= where < state.game.board.n
        events = rules.apply(state, players[state.to_act].choose(state))
        for e in events:
            assert rules.describe(e).strip()
        seen += 1
    for u in state.units:
        assert isinstance(rules.unit_text(state, u), str)


@pytest.mark.parametrize("rules_id,name,scenario", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_a_side_never_sees_more_than_the_game(rules_id, name, scenario):
    dice, players = _players(scenario, 2, "random")
    state = new_game(scenario, LIBRARY, dice)
    rules = state.game.rules
    for _ in range(60):
        if state.over:
            break
        for side in state.game.sides:
            view = rules.view(state, side.id)
            shown = {u.uid for u in view.units if u.status == "on"}
            assert shown <= {u.uid for u in state.units if u.status == "on"}
            if not rules.hidden_information:
                # everything is shown, but the view is a copy that cannot tell the dice
                assert [(u.uid, u.hex, u.status) for u in view.units] == \
                    [(u.uid, u.hex, u.status) for u in state.units]
                assert view.events() == state.events()
            assert view is not state and view.game.seed is None
            assert view.dice.copy().roll(1000) != state.dice.copy().roll(1000) or \
                view.dice.copy().roll(997) != state.dice.copy().roll(997)
        rules.apply(state, players[state.to_act].choose(state))


@pytest.mark.parametrize("rules_id,name,scenario", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_every_unit_type_has_counter_numbers(rules_id, name, scenario):
    rules = rules_for(scenario, LIBRARY)
    for side in scenario.sides:
        army_list = LIBRARY.army_list(side.army.army_list)
        for unit_type in army_list.units:
            face = rules.counters.face(army_list, unit_type)
            assert face["front"]["stats"], unit_type.id
            assert all(isinstance(t, str) for t in face["front"]["stats"])


@pytest.mark.parametrize("rules_id,name,scenario", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_playsheet_sections_carry_text_and_whole_tables(rules_id, name, scenario):
    rules = rules_for(scenario, LIBRARY)
    sections = rules.sheets.playsheet(LIBRARY.ruleset(scenario.ruleset), scenario, LIBRARY)
    assert len(sections) >= 3
    for title, parts in sections:
        assert title and parts, title
        for part in parts:
            if isinstance(part, str):
                assert part.strip(), title
                continue
            width = len(part[0])
            assert len(part) >= 2 and all(len(row) == width for row in part), (title, part)
            assert all(isinstance(cell, str) for row in part for cell in row), title
