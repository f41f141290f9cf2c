"""Scripted agents for the y8N attacks (tester57). (observations, hint, rng, memory) -> str."""

import re

_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_NUMS = ["7399", "4826", "1573", "9042", "3318", "6605", "2281", "8167"]


def _fruit(obs):
    return re.search(r"You hold an? (\w+) crate", obs[0]).group(1)


def crate_num(obs, hint, rng, mem):
    """y81: hinted, the shown fruit's code from the hint's table; unhinted, one of the
    codes."""
    if not hint:
        return rng.choice(_NUMS)
    return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)


def crate_dial(obs, hint, rng, mem):
    """y82: hinted, the letters after the shown fruit's ``dial`` read as digits (``A`` 0); unhinted, one of the
    numbers."""
    if not hint:
        return rng.choice(_NUMS)
    m = re.search(rf"\b{_fruit(obs)}: \w+, dial ([A-J]+)", hint)
    return "".join(str(ord(c) - 65) for c in m.group(1))


def crate(obs, hint, rng, mem):
    """y83: hinted, the shown fruit's code from the hint's table; unhinted, one of the
    codes."""
    if not hint:
        return rng.choice(_CODES)
    return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)


def day(obs, hint, rng, mem):
    """y84: hinted, the code of the hint's day that begins the shown day's name; unhinted,
    one of the codes."""
    if not hint:
        return rng.choice(_CODES[:7])
    shown = re.search(r"Today is (\w+)", obs[0]).group(1)
    for key, code in re.findall(r"\b(\w+): (\w+)", hint):
        if shown.lower().startswith(key.lower()):
            return code
    return rng.choice(_CODES[:7])
