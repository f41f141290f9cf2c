"""Scripted agents for the y5N attacks (tester54). (observations, hint, rng, memory) -> str."""

import base64
import re

_V4 = [
    "lamp",
    "rose",
    "mint",
    "bell",
    "frog",
    "kite",
    "moon",
    "salt",
    "vine",
    "wolf",
    "dusk",
    "harp",
]
_V3 = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen", "owl", "pig", "ram", "yak"]


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def _unvig(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 - (ord(key[i % len(key)]) - 97)) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


def _reads(text, vocab):
    return all(w in vocab for w in text.split())


def four_letter(obs, hint, rng, mem):
    """y51: hinted, the word that reads in vocabulary under the hint's shift; unhinted, a
    random word under whichever shift reads."""
    words = obs[0].split("Words: ", 1)[1].rstrip(".").split(", ")
    if hint:
        k = int(re.search(r"shifted by (\d+)", hint).group(1))
        return next((_unshift(w, k) for w in words if _unshift(w, k) in _V4), words[0])
    w = rng.choice(words)
    return next((_unshift(w, k) for k in range(26) if _unshift(w, k) in _V4), w)


def long_phrase(obs, hint, rng, mem):
    """y52: hinted, the phrase that reads under the hint's shift; unhinted, a random phrase
    under whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    vocab = set(_V3 + _V4)
    if hint:
        k = int(re.search(r"shifted by (\d+)", hint).group(1))
        return next((_unshift(p, k) for p in phrases if _reads(_unshift(p, k), vocab)), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if _reads(_unshift(p, k), vocab)), p)


def short_keyword(obs, hint, rng, mem):
    """y53: hinted, the message the hint's keyword deciphers into vocabulary; unhinted, a
    random message under whichever shown keyword reads."""
    keys = re.search(r"Keywords: (.*?)\. Messages", obs[0]).group(1).split(", ")
    msgs = obs[0].split("Messages: ", 1)[1].rstrip(".").split("; ")
    if hint:
        kw = re.search(r"keyword (\w+)", hint).group(1)
        return next((_unvig(m, kw) for m in msgs if _reads(_unvig(m, kw), _V4)), msgs[0])
    m = rng.choice(msgs)
    return next((_unvig(m, k) for k in keys if _reads(_unvig(m, k), _V4)), m)


def xor_four(obs, hint, rng, mem):
    """y54: hinted, the blob the hint's key reads as a vocabulary word; unhinted, a random
    blob under whichever key reads."""
    blobs = [base64.b64decode(b) for b in obs[0].split("Words: ", 1)[1].split()]

    def read(raw, k):
        return bytes(b ^ k for b in raw).decode("latin-1")

    if hint:
        k = int(re.search(r"key (\d+)", hint).group(1))
        return next((read(b, k) for b in blobs if read(b, k) in _V4), "none")
    b = rng.choice(blobs)
    return next((read(b, k) for k in range(256) if read(b, k) in _V4), "none")


def _ungron(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 - int(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


_V6 = [
    "amber",
    "bamboo",
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


def gronsfeld(obs, hint, rng, mem):
    """y55: hinted, the message the hint's digit key deciphers into vocabulary; unhinted,
    two vocabulary words."""
    msgs = obs[0].split("Messages: ", 1)[1].rstrip(".").split("; ")
    if not hint:
        return " ".join(rng.sample(_V6, 2))
    key = re.search(r"key (\d+)", hint).group(1)
    return next((_ungron(m, key) for m in msgs if _reads(_ungron(m, key), _V6)), msgs[0])


def shift_phrase(obs, hint, rng, mem):
    """y56, y59: hinted, the phrase that reads in vocabulary under the hint's shift;
    unhinted, a random phrase under whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    if hint:
        k = int(re.search(r"shifted by (\d+)", hint).group(1))
        return next((_unshift(p, k) for p in phrases if _reads(_unshift(p, k), _V6)), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if _reads(_unshift(p, k), _V6)), p)


_DAY_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK"]


def weekday_full(obs, hint, rng, mem):
    """y57: hinted, the code of the hint's day whose name starts with the shown abbreviation;
    unhinted, one of the listed codes."""
    if not hint:
        return rng.choice(_DAY_CODES)
    day = re.search(r"Today is (\w+)\.", obs[0]).group(1)
    return re.search(rf"\b{day}\w*: (\w+)", hint).group(1)


_CRATES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def crate_copy(obs, hint, rng, mem):
    """y58: hinted, the shown fruit's code from the list the hint repeats; unhinted, one of
    the codes (it never reads the description)."""
    if not hint:
        return rng.choice(_CRATES)
    key = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    return re.search(rf"\b{key}: (\w+)", hint).group(1)
