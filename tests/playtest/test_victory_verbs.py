"""Victory sentences agree with the side's name (issue 28 item 9): "Elven Host wins",
"Athenians win"."""
from studio.io import load_file
from studio.io.samples import scenarios_dir
from studio.model import VictoryCondition
from studio.playtest.victory_text import describe_victory


def test_one_army_wins_and_a_people_win():
    sc = load_file(scenarios_dir() / "qnd-battle-of-three-armies.yaml").model
    host = next(s for s in sc.sides if s.name == "Elven Host")
    sentences = [describe_victory(v, sc) for v in sc.victory if v.side == host.id]
    sentences.append(describe_victory(VictoryCondition(host.id, "survive", {}), sc))
    assert sentences and all(t.startswith("Elven Host wins ") for t in sentences), sentences
    marathon = load_file(scenarios_dir() / "marathon.yaml").model
    verbs = {"Athenians and Plataeans": "win", "Persian expedition": "wins"}
    for v in marathon.victory:
        name = marathon.side(v.side).name
        assert describe_victory(v, marathon).startswith(f"{name} {verbs[name]} "), name
