"""What hexside features do in Rules of War. The source rules price terrain by hex only;
these effects are this library's reading of rivers, walls and roads in the same terms:
MP to cross (R15), a defence bonus like a hex's (R27) and sight (R23).
docs/rulesets/rules-of-war.md lists them."""
from __future__ import annotations

from fractions import Fraction

from studio.engine.contract import HexsideCapability, HexsideEffect

HEXSIDES = HexsideCapability({
    "river": HexsideEffect(blocks_move=True, defense=1,
                           words="no crossing but at a ford or bridge; +1 defence behind it"),
    "stream": HexsideEffect(extra_mp=Fraction(1), defense=1,
                            words="+1 MP to cross; +1 defence behind it"),
    "ford": HexsideEffect(extra_mp=Fraction(1), negates=("river", "stream"),
                          words="crosses a river for +1 MP"),
    "bridge": HexsideEffect(negates=("river", "stream"),
                            words="crosses a river or stream at no extra cost"),
    "road": HexsideEffect(crossing_mp=Fraction(1, 2),
                          words="a step along the road costs 1/2 MP, whatever the hex"),
    "wall": HexsideEffect(extra_mp=Fraction(1), defense=1, blocks_sight=True,
                          words="+1 MP to cross; +1 defence behind it; blocks sight past it"),
    "hedge": HexsideEffect(extra_mp=Fraction(1), blocks_sight=True,
                           words="+1 MP to cross; blocks sight past it"),
    "cliff": HexsideEffect(blocks_move=True, words="no crossing"),
})


def hexside_cover(board, attacker_hex: int, target_hex: int):
    """(reason, bonus) for a defender attacked across a hexside feature, or None."""
    kinds = board.sides.get((attacker_hex, target_hex))
    if not kinds:
        return None
    bonus = HEXSIDES.defense(kinds)
    return (f"behind {', '.join(kinds)}", bonus) if bonus else None
