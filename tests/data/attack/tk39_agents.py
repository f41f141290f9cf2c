"""Scripted agents for the v9N attacks (tester59). (observations, hint, rng, memory) -> str."""

import re


def crate_prose(obs, hint, rng, mem):
    """v91: hinted, the shown crate's code from the hint's table; unhinted, a guess."""
    key = re.search(r"You hold the (\w+) crate", obs[0]).group(1)
    if not hint:
        return "v" + key[1:-1] + "z"
    m = re.search(rf"\b{key}: (\w+)", hint)
    return m.group(1) if m else "none"


_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def crate(obs, hint, rng, mem):
    """v92: hinted, the shown fruit's code from the hint's table; unhinted, one of the
    codes."""
    fruit = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    if not hint:
        return rng.choice(_CODES)
    m = re.search(rf"\b{fruit}: (\w+)", hint)
    return m.group(1) if m else rng.choice(_CODES)
