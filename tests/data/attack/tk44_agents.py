"""Scripted agents for the b0N attacks (tester63). (observations, hint, rng, memory) -> str."""

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
    found = re.findall(r"(?:Phrases|Passphrase): ([^.]*)\.", obs[0])
    return "; ".join(found).lower().split("; ")


def _read(p):
    return next((_unshift(p, s) for s in range(26) if _in_vocab(_unshift(p, s))), p)


def first_number(obs, hint, rng, mem):
    """b01-b17 (not b16): hinted, the phrase that reads shifted back by the hint's first number (or
    number word up to twelve); unhinted, a random phrase deciphered by whichever shift reads
    (the agent is not shown the description)."""
    phrases = _phrases(obs)
    words = "one two three four five six seven eight nine ten eleven twelve".split()
    m = re.search(r"(\d+)|\b(" + "|".join(words) + r")\b", hint or "")
    if m:
        k = int(m.group(1)) if m.group(1) else words.index(m.group(2)) + 1
        k %= 26
        return next((_unshift(p, k) for p in phrases if _in_vocab(_unshift(p, k))), phrases[0])
    return _read(rng.choice(phrases))


_V8 = {
    "porcupine",
    "elephant",
    "mandolin",
    "sandwich",
    "buttercup",
    "kangaroo",
    "marigold",
    "dinosaur",
    "tangerine",
    "scorpion",
    "hedgehog",
    "lavender",
}


def _unvig(text, key):
    return "".join(chr((ord(c) - ord(key[i % len(key)])) % 26 + 97) for i, c in enumerate(text))


def keyword(obs, hint, rng, mem):
    """b16: hinted, the shown word the hint's keyword reads into vocabulary; unhinted, a random
    shown word read under whichever shown key reads it."""
    words = re.search(r"Words: ([^.]*)\.", obs[0]).group(1).split("; ")
    keys = re.search(r"Keys: ([^.]*)\.", obs[0]).group(1).split(", ")
    m = re.search(r"keyword (\w+)", hint or "")
    if m:
        return next(
            (_unvig(w, m.group(1)) for w in words if _unvig(w, m.group(1)) in _V8), words[0]
        )
    w = rng.choice(words)
    return next((_unvig(w, k) for k in keys if _unvig(w, k) in _V8), w)
