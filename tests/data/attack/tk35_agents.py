"""Scripted agents for the y6N attacks (tester55). (observations, hint, rng, memory) -> str."""

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


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def _hint_shift(hint):
    return int(re.search(r"(\d+)", hint).group(1))


def decode_marked(obs, hint, rng, mem):
    """Hinted: the text after 'Decode:' in the last observation shifted back by the hint's
    number; unhinted: a random vocabulary word."""
    code = re.findall(r"Decode: ([a-z ]+)", "\n".join(map(str, obs)))[-1].strip()
    if hint:
        return _unshift(code, _hint_shift(hint))
    return rng.choice(_V6)


_V4 = [
    "dawn",
    "hear",
    "meet",
    "wood",
    "cold",
    "frog",
    "lamp",
    "rose",
    "mint",
    "bell",
    "kite",
    "salt",
]


def third_word(obs, hint, rng, mem):
    """y62: hinted, the third shown word shifted back by the hint's number; unhinted, a random
    vocabulary word."""
    words = obs[0].split("Words: ", 1)[1].rstrip(".").split(", ")
    if hint:
        return _unshift(words[2], _hint_shift(hint))
    return rng.choice(_V4)


def _reads(text, vocab):
    return all(w in vocab for w in text.split())


def hint_shift_phrase(obs, hint, rng, mem):
    """y63: hinted, the phrase that reads in vocabulary under the hint's number; unhinted, a
    random phrase under whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    if hint:
        k = _hint_shift(hint)
        return next((_unshift(p, k) for p in phrases if _reads(_unshift(p, k), _V6)), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if _reads(_unshift(p, k), _V6)), p)


_V3 = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen", "owl", "pig", "ram", "yak"]


def three_letter(obs, hint, rng, mem):
    """y64: hinted, the word that reads in vocabulary under the hint's shift; unhinted, a
    random word under whichever shift reads."""
    words = obs[0].split("Words: ", 1)[1].rstrip(".").split(", ")
    if hint:
        k = _hint_shift(hint)
        return next((_unshift(w, k) for w in words if _unshift(w, k) in _V3), words[0])
    w = rng.choice(words)
    return next((_unshift(w, k) for k in range(26) if _unshift(w, k) in _V3), w)


def _atbash(text):
    return "".join(chr(219 - ord(c)) if c.isalpha() else c for c in text)


def atbash_phrase(obs, hint, rng, mem):
    """y65: hinted, the phrase that reads in vocabulary in Atbash; unhinted, a random phrase
    under whichever cipher reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    if hint:
        return next((_atbash(p) for p in phrases if _reads(_atbash(p), _V6)), phrases[0])
    p = rng.choice(phrases)
    reads = [_atbash(p)] + [_unshift(p, k) for k in range(26)]
    return next((r for r in reads if _reads(r, _V6)), p)
