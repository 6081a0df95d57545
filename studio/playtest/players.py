"""Who plays each side of a test game: a person at the studio, or an AI with its seed.

By default an AI's seed is derived from the dice seed exactly as `studio play --seed S`
derives it, so an AI-against-AI game in the studio is the game `studio play` prints.

>>> setup = PlaySetup.default(["red", "blue"], dice_seed=5, kinds={"blue": "heuristic"})
>>> setup.sides["red"].kind, setup.ai_seed("blue") == derive_seed(5, "ai", "blue")
('human', True)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from studio.ai import derive_seed
from studio.ai.kinds import KIND_NAMES, make_player

# A person, or one of the AI players (`studio.ai.kinds`; the search player at its default
# budget: reproducible, so a saved game replays).
PLAYER_KINDS = {"human": "Human", **KIND_NAMES}


@dataclass
class SideChoice:
    kind: str = "human"              # a key of PLAYER_KINDS
    seed: int | None = None          # None: derived from the dice seed
    playouts: int | None = None      # the search player's budget a decision; None: default

    def __post_init__(self) -> None:
        if self.kind not in PLAYER_KINDS:
            raise ValueError(f"player kind {self.kind!r} is unknown; use one of "
                             f"{', '.join(PLAYER_KINDS)}")

    def spec(self) -> str:
        """The AI's spec for `studio.ai.kinds.make_player` ("search:64")."""
        if self.kind == "search" and self.playouts is not None:
            return f"search:{self.playouts}"
        return self.kind


@dataclass
class PlaySetup:
    dice_seed: int = 1
    sides: dict[str, SideChoice] = field(default_factory=dict)

    @classmethod
    def default(cls, side_ids, dice_seed: int = 1, kinds: dict | None = None) -> "PlaySetup":
        kinds = kinds or {}
        return cls(dice_seed, {s: SideChoice(kinds.get(s, "human")) for s in side_ids})

    def kind(self, side_id: str) -> str:
        choice = self.sides.get(side_id)
        return choice.kind if choice is not None else "human"

    def ai_seed(self, side_id: str) -> int:
        choice = self.sides.get(side_id)
        if choice is not None and choice.seed is not None:
            return choice.seed
        return derive_seed(self.dice_seed, "ai", side_id)

    def players(self) -> dict:
        """Side id -> an AI player, or None for a person."""
        out = {}
        for sid, choice in self.sides.items():
            out[sid] = (None if choice.kind == "human"
                        else make_player(choice.spec(), self.ai_seed(sid)))
        return out

    def to_dict(self) -> dict:
        """For a saved game's header."""
        out = {}
        for sid, c in self.sides.items():
            out[sid] = {"kind": c.kind, "seed": self.ai_seed(sid) if c.kind != "human" else None}
            if c.kind == "search" and c.playouts is not None:
                out[sid]["playouts"] = c.playouts
        return out

    @classmethod
    def from_dict(cls, dice_seed: int, data: dict, side_ids) -> "PlaySetup":
        sides = {}
        for sid in side_ids:
            d = data.get(sid) if isinstance(data, dict) else None
            kind = d.get("kind") if isinstance(d, dict) else None
            seed = d.get("seed") if isinstance(d, dict) else None
            playouts = d.get("playouts") if isinstance(d, dict) else None
            kind = kind if kind in PLAYER_KINDS else "human"
            sides[sid] = SideChoice(kind, seed if isinstance(seed, int) else None,
                                    playouts if kind == "search" and isinstance(playouts, int)
                                    and playouts > 0 else None)
        return cls(dice_seed, sides)

    def describe(self, side_names: dict | None = None) -> str:
        names = side_names or {}
        parts = []
        for sid, c in self.sides.items():
            who = PLAYER_KINDS[c.kind]
            if c.kind == "search" and c.playouts is not None:
                who += f", {c.playouts} playouts a decision"
            if c.kind != "human":
                who += f" (seed {self.ai_seed(sid)})"
            parts.append(f"{names.get(sid, sid)}: {who}")
        return "; ".join(parts)
