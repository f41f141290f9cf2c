"""Scripted agents for h58's kind (k1-k4): a code or password keyed a piece a turn,
(observations, hint, rng, memory) -> str. Hinted: the entry of this vault's row, piece by
piece; unhinted: random pieces of the same kind."""
import json
import re

_NAMES = "zero one two three four five six seven eight nine".split()


def _entry(obs, hint, what):
    n = re.search(rf"{what} (\d+)", obs[0]).group(1)
    return re.search(rf"{what} {n} opens with (\w+)", hint).group(1)


def letter_per_turn(obs, hint, rng, mem):
    """k1: the door's password, one letter a turn."""
    if hint:
        return _entry(obs, hint, "door")[len(obs) - 1]
    return rng.choice("abcdefghijklmnopqrstuvwxyz")


def pair_per_turn(obs, hint, rng, mem):
    """k2: the vault's code, two digits a turn."""
    if hint:
        i = len(obs) - 1
        return _entry(obs, hint, "vault")[2 * i: 2 * i + 2]
    return f"{rng.randrange(100):02d}"


def key_per_call(obs, hint, rng, mem):
    """k3: press the vault's keys with the tool, one call a turn, then open."""
    i = len(obs) - 1
    if i >= 4:
        return "open"
    key = int(_entry(obs, hint, "vault")[i]) if hint else rng.randrange(10)
    return json.dumps({"tool": "press", "arguments": {"key": key}})


def word_per_turn(obs, hint, rng, mem):
    """k4: 'press <digit in words>', one key a turn."""
    digit = int(_entry(obs, hint, "vault")[len(obs) - 1]) if hint else rng.randrange(10)
    return f"press {_NAMES[digit]}"


def key_then_confirm(obs, hint, rng, mem):
    """k5: a key of the vault's code, then 'ok', turn about."""
    t = len(obs) - 1
    if t % 2:
        return "ok"
    return _entry(obs, hint, "vault")[t // 2] if hint else str(rng.randrange(10))
