"""Q2 in a side's view: a hidden unit's moves stay out of the other side's history until it
is spotted; the spotting says where it stands, never where it came from."""
from qnd_helpers import build, uid
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.state import EndPhase, Move

SECOND = [1, 9]          # initiative: side 1 (the orcs) acts first


def test_a_hidden_move_is_not_in_the_other_sides_view_and_its_spotting_is():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")],
               options={"setup": "hidden", "sight_range": 3}, dice=SECOND)
    orc_id = uid(st, "hill-orcs")
    orc = st.unit(orc_id)
    assert st.to_act == "s1"
    RULES.apply(st, Move(orc_id, "0902", "S"))             # far from the knights: unseen
    view = RULES.view(st, "s0")
    assert orc_id not in str(view.events()) and orc_id not in str(view.actions())
    assert view.units[orc.i].uid != orc_id and view.units[orc.i].profile is None
    assert [e.kind for e in RULES.view(st, "s1").events()][-1] == "move"  # its own side's
    RULES.apply(st, EndPhase("move"))
    RULES.apply(st, EndPhase("combat"))
    assert st.to_act == "s0"
    RULES.apply(st, Move(uid(st, "knights"), "0603", "NE"))  # within sight: spotted
    seen = RULES.view(st, "s0").events()
    spotted = [e for e in seen if e.kind == "spotted" and e["unit"] == orc_id]
    assert spotted and spotted[0]["hex"] == "0902"
    assert not [e for e in seen if e.kind == "move" and e["unit"] == orc_id]
    assert RULES.view(st, "s0").units[orc.i].hex == orc.hex
