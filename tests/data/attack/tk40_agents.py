"""Scripted agents for the y9N attacks (session 30). (observations, hint, rng, memory) -> str."""

import re

_V6 = [
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
]


def _ungron(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 - int(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


def _reads(text, vocab):
    return all(w in vocab for w in text.split())


def _hint_key(hint):
    """The hint's digit key, run together (31415) or one by one (3, 1, 4, 1, 5)."""
    m = re.search(r"\d(?:\s*,\s*\d){2,}|\d{2,}", hint)
    return re.sub(r"\D", "", m.group()) if m else "0"


def gronsfeld_any(obs, hint, rng, mem):
    """y91, y92: hinted, the message the hint's digit key (either form) deciphers into
    vocabulary; unhinted, two vocabulary words."""
    msgs = obs[0].split("Messages: ", 1)[1].rstrip(".").split("; ")
    if not hint:
        return " ".join(rng.sample(_V6, 2))
    key = _hint_key(hint)
    return next((_ungron(m, key) for m in msgs if _reads(_ungron(m, key), _V6)), msgs[0])


def _affine_inverse(text, a, b):
    inv = next(i for i in range(26) if a * i % 26 == 1)
    return "".join(chr(inv * (ord(c) - 97 - b) % 26 + 97) if c.isalpha() else c for c in text)


def affine_lone(obs, hint, rng, mem):
    """y94: hinted, the phrase under the hint's a and b; unhinted, it tries half of the 312
    affine keys (a coin flip whether it finds the one that reads)."""
    phrase = obs[0].split("Phrases: ", 1)[1].rstrip(".")
    m = re.search(r"a=(\d+) and b=(\d+)", hint or "")
    if m:
        return _affine_inverse(phrase, int(m.group(1)), int(m.group(2)))
    keys = [(a, b) for a in (3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25) for b in range(26)]
    tried = rng.sample(keys, len(keys) // 2)
    return next(
        (_affine_inverse(phrase, *k) for k in tried if _reads(_affine_inverse(phrase, *k), _V6)),
        phrase,
    )
