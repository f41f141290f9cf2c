"""Scripted agents for the s25-s3N attacks (tester62). (observations, hint, rng, memory) -> str."""

import re

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_A = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_B = ["TAXI", "BARN", "WISP", "GLOW", "REED", "TUSK", "VANE", "JOLT"]
_C = ["MULE", "OATH", "QUAY", "RIND", "ZEST", "YARN", "KNOB", "FERN"]


def _fruit(obs):
    return re.search(r"You hold an? (\w+) crate", obs[0]).group(1)


def _crate(obs, hint, rng, tables):
    if hint:
        return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)
    i = _F.index(_fruit(obs))
    return rng.choice([t[i] for t in tables])


def two_warehouses(obs, hint, rng, mem):
    """s28: hinted, the shown fruit's code from the hint's table; unhinted, the fruit's code
    in one of the two warehouses the description pairs (the agent is not shown the
    description: a copy)."""
    return _crate(obs, hint, rng, [_A, _B])


def three_warehouses(obs, hint, rng, mem):
    """s30: as two_warehouses over the three warehouses' tables."""
    return _crate(obs, hint, rng, [_A, _B, _C])
