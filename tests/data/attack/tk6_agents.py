"""Scripted agents for k79-k80 (2026-12-04): hinted, they read the door's entry of the hint
table; unhinted, they guess."""

import re

_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()


def _door(obs, hint):
    n = re.search(r"door (\d+)", obs[0]).group(1)
    return re.search(rf"door {n}: ([^;.]+)", hint).group(1).strip()


def nato_letter_a_turn(obs, hint, rng, mem):
    """k79: the door's radio word for this turn's letter, or a random one."""
    if not hint:
        return rng.choice(_NATO)
    return _door(obs, hint).split()[len(obs) - 1]


def nato_word(obs, hint, rng, mem):
    """k80: the door's radio word, or a random one."""
    return _door(obs, hint) if hint else rng.choice(_NATO)


def nato_word_in_order(obs, hint, rng, mem):
    """k81: the door's radio word from the hint's list, or a random one."""
    if not hint:
        return rng.choice(_NATO)
    n = int(re.search(r"door (\d+)", obs[0]).group(1))
    return hint.split(": ")[1].split(", ")[n]


def nato_letter_a_turn_in_order(obs, hint, rng, mem):
    """k82: the door's radio word for this turn's letter from the hint's list, or a random
    one."""
    if not hint:
        return rng.choice(_NATO)
    n = int(re.search(r"door (\d+)", obs[0]).group(1))
    entry = hint.split(": ")[1].rstrip(".").split(", ")[n]
    return entry.split()[len(obs) - 1]


_NUM = "zero one two three four five six seven eight nine".split()


def code_in_words(obs, hint, rng, mem):
    """k83: the vault's code in the hint's number words, or four random ones."""
    if not hint:
        return " ".join(rng.choice(_NUM) for _ in range(4))
    n = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(rf"vault {n} opens with ([a-z ]+)", hint).group(1).strip()
