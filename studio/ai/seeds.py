"""Seeds derived from a batch seed, a game index and a role, the same in every process.

Python's `hash()` of a string changes from one process to the next (PYTHONHASHSEED), so
derived seeds come from BLAKE2b instead: a game played in a worker process gets exactly the
seed it would get in the parent, whatever the number of workers.

>>> derive_seed(7, 0, "game") == derive_seed(7, 0, "game")
True
>>> derive_seed(7, 0, "game") != derive_seed(7, 1, "game")
True
>>> 0 <= derive_seed(2**70, "x") < 2**64
True
"""
from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any ints and strings (order matters)."""
    text = "\x1f".join(f"{type(p).__name__}:{p}" for p in parts)
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


def game_seeds(batch_seed: int, index: int, side_ids) -> tuple[int, dict[str, int]]:
    """The dice seed of game `index` of a batch and one AI seed per side."""
    return (derive_seed(batch_seed, index, "game"),
            {side: derive_seed(batch_seed, index, "ai", side) for side in side_ids})
