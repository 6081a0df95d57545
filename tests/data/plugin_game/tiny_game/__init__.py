"""Tiny Game: each side in turn moves or attacks with each of its units; an attack rolls one
die plus the attacker's strength and destroys the target on the target's strength plus
`hit_margin` or more. It ships no AI (the studio's random player plays it), no odds and no
counter layout of its own beyond its numbers."""
from .rules import RULES

__all__ = ["RULES"]
