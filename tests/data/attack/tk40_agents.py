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
