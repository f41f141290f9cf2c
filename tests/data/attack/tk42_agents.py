"""Scripted agents for the v94 onward attacks (tester61), after tk38_agents.py's. (observations, hint, rng, memory) -> str."""

import re

_V = {
    "amber",
    "candle",
    "harbor",
    "meadow",
    "violin",
    "garden",
    "silver",
    "forest",
    "pepper",
    "rocket",
    "basket",
    "window",
}


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def _in_vocab(text):
    return all(w in _V for w in text.split())


def _phrases(obs):
    return obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")


def _pick(obs, k, rng):
    phrases = _phrases(obs)
    if k is not None:
        return next((_unshift(p, k) for p in phrases if _in_vocab(_unshift(p, k))), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, s) for s in range(26) if _in_vocab(_unshift(p, s))), p)


def letter_key(obs, hint, rng, mem):
    """w01: hinted, the phrase that reads shifted back by the hint's key letter (A=0);
    unhinted, a random phrase deciphered by whichever shift reads."""
    m = re.search(r"key letter ([A-Z])", hint or "")
    return _pick(obs, ord(m.group(1)) - 65 if m else None, rng)


def first_number(obs, hint, rng, mem):
    """w02-w05: hinted, the phrase that reads shifted back by the hint's first number (mod
    26); unhinted, a random phrase deciphered by whichever shift reads."""
    m = re.search(r"(\d+)", hint or "")
    return _pick(obs, int(m.group(1)) % 26 if m else None, rng)


_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def _fruit(obs):
    return re.search(r"You hold an? (\w+) crate", obs[0]).group(1)


def crate(obs, hint, rng, mem):
    """v96, v97: hinted, the shown fruit's code from the hint's table; unhinted, one of the
    codes."""
    if hint:
        return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)
    return rng.choice(_CODES)
