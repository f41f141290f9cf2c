"""Scripted agents for tester52's z97N attacks. (observations, hint, rng, memory) -> str."""

import json
import re

_CODES = ["7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914"]
_WORDS = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_UNLEET = str.maketrans("4310", "aeio")


def vault_code(obs, hint, rng, mem):
    """z971-z973: hinted, the code the hint's table gives the shown vault; unhinted, one of
    the listed codes."""
    if not hint:
        return rng.choice(_CODES)
    v = re.search(r"vault (\d+)\.", obs[0]).group(1)
    return re.search(rf"vault {v}: (\d+)", hint).group(1)


def weekday(obs, hint, rng, mem):
    """z974: hinted, the code the hint keys by today's day, written there abbreviated (``Tue``
    for the shown ``Tuesday``); unhinted, one of the listed codes."""
    if not hint:
        return rng.choice(_WORDS[:7])
    day = re.search(r"Today is (\w+)\.", obs[0]).group(1)
    return re.search(rf"\b{day[:3]}: (\w+)", hint).group(1)


def json_table(obs, hint, rng, mem):
    """z975: hinted, the shown vault's code from the hint's one-line JSON object; unhinted,
    one of the listed codes."""
    if not hint:
        return rng.choice(_WORDS)
    v = re.search(r"vault (\d+)\.", obs[0]).group(1)
    return json.loads(hint[hint.index("{") :])[v]


def vault_glued(obs, hint, rng, mem):
    """z976, z977: hinted, the code the hint's table gives the vault the task shows glued to
    its word (``vault3``, ``vault_3``); unhinted, one of the listed codes."""
    if not hint:
        return rng.choice(_WORDS)
    v = re.search(r"vault_?(\d+)\.", obs[0]).group(1)
    return re.search(rf"vault {v}: (\w+)", hint).group(1)


def leet(obs, hint, rng, mem):
    """z978: hinted, read the leetspeak back (4 a, 3 e, 1 i, 0 o); unhinted, echo it."""
    shown = obs[0].split("Message: ", 1)[1]
    return shown.translate(_UNLEET) if hint else shown


def crate(obs, hint, rng, mem):
    """z979: hinted, the shown fruit's code from the list the hint repeats; unhinted, one of
    the codes (it never reads the description's list)."""
    if not hint:
        return rng.choice(_WORDS)
    key = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    return re.search(rf"\b{key}: (\w+)", hint).group(1)
