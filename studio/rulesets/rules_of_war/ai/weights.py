"""The heuristic AI's weights, in points (the army lists' unit points), in one place.

`HeuristicAI(seed, weights=Weights(threat=1.2))` plays more cautiously; tests compare
variants by playing them against each other.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    approach: float = 0.45        # per hex nearer the unit's goal
    garrison: float = 3.0         # standing on the objective hex it was sent to
    terrain: float = 0.25         # per point of terrain defense
    height: float = 0.2           # per level above its goal
    support: float = 0.1          # per adjacent friend (two at most)
    face_goal: float = 0.05       # facing its goal
    threat: float = 0.8           # what enemies could take from it, against what it can take
    threat_survive: float = 1.1   # the same when its side wins by surviving
    react: float = 1.0            # adjacent enemy with it in arc, free to attack now
    engaged: float = 0.6          # adjacent enemy with it in arc that has attacked this round
    turn: float = 0.35            # adjacent enemy that must turn to attack it
    ranged: float = 0.5           # enemy that can shoot at it where it stands
    reach: float = 0.15           # the worst enemy that can come next to it next phase
    isolation: float = 0.0        # per enemy able to reach it beyond the friends around it
    leader_safety: float = 4.0    # per hex the Army Leader stands inside an enemy's reach
    leader_behind: int = 2        # hexes behind the line the Army Leader keeps
    leader_threat: float = 3.0    # the Army Leader weighs threats this many times more
    patient_share: float = 0.12   # in a window, long shots below this share wait for our phase
    noise: float = 0.02           # tie-breaking jitter
    spells: bool = True           # casters cast spells (off: to measure what magic adds)


DEFAULT = Weights()
