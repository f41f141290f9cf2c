"""Scripted agents for the y7N attacks (tester56). (observations, hint, rng, memory) -> str."""

import re

_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def crate(obs, hint, rng, mem):
    """y71: hinted, the shown fruit's code from the hint's table; unhinted, one of the codes
    (it never reads the description)."""
    if not hint:
        return rng.choice(_CODES)
    key = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    return re.search(rf"\b{key}: (\w+)", hint).group(1)


def day(obs, hint, rng, mem):
    """y72: hinted, the code of the hint's day that begins the shown day's name; unhinted,
    one of the codes."""
    if not hint:
        return rng.choice(_CODES[:7])
    shown = re.search(r"Today is (\w+)", obs[0]).group(1)
    for key, code in re.findall(r"\b(\w+): (\w+)", hint):
        if shown.lower().startswith(key.lower()):
            return code
    return rng.choice(_CODES[:7])


def crate_pick(obs, hint, rng, mem):
    """y73: hinted, the shown fruit's code from the hint's table; unhinted, one of the ten
    codes."""
    if not hint:
        return rng.choice(_CODES + ["TAXI", "BARN"])
    key = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    return re.search(rf"\b{key}: (\w+)", hint).group(1)
