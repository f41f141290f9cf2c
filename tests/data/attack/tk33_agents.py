"""Scripted agents for the z99N attacks (tester53). (observations, hint, rng, memory) -> str."""

import re

_V5 = [
    "amber",
    "lemon",
    "tiger",
    "piano",
    "river",
    "stone",
    "cloud",
    "honey",
    "maple",
    "ocean",
    "pearl",
    "zebra",
]


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def five_letter(obs, hint, rng, mem):
    """z991: hinted, the word that reads in vocabulary under the hint's shift; unhinted, a
    random word under whichever shift reads."""
    words = obs[0].split("Words: ", 1)[1].rstrip(".").split()
    if hint:
        k = int(re.search(r"shifted by (\d+)", hint).group(1))
        return next((_unshift(w, k) for w in words if _unshift(w, k) in _V5), words[0])
    w = rng.choice(words)
    return next((_unshift(w, k) for k in range(26) if _unshift(w, k) in _V5), w)


_V = [
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


def rot_phrase(obs, hint, rng, mem):
    """z992: hinted, the phrase that reads in vocabulary under the hint's ROTn; unhinted, a
    random phrase under whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    if hint:
        k = int(re.search(r"ROT(\d+)", hint).group(1))
        return next(
            (_unshift(p, k) for p in phrases if all(w in _V for w in _unshift(p, k).split())),
            phrases[0],
        )
    p = rng.choice(phrases)
    return next(
        (_unshift(p, k) for k in range(26) if all(w in _V for w in _unshift(p, k).split())), p
    )


_V3 = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen", "owl", "pig", "rat", "yak"]


def short_words(obs, hint, rng, mem):
    """z993: hinted, the phrase that reads in vocabulary under the hint's shift; unhinted, a
    random phrase under whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")

    def reads(p, k):
        return all(w in _V3 for w in _unshift(p, k).split())

    if hint:
        k = int(re.search(r"shifted by (\d+)", hint).group(1))
        return next((_unshift(p, k) for p in phrases if reads(p, k)), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if reads(p, k)), p)


_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def listed_pairs(obs, hint, rng, mem):
    """z994: hinted, the held fruit's code in the hint's table; unhinted, one of the four
    codes the description lists for the held fruit."""
    fruit = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    if hint:
        return re.search(rf"\b{fruit}: (\w+)", hint).group(1)
    i = _F.index(fruit)
    return rng.choice([_C[(i + j) % 8] for j in (0, 2, 3, 5)])


def _unvig(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - ord(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


def logged_keyword(obs, hint, rng, mem):
    """z995: hinted, deciphers the message with the keyword the task shows; unhinted, two
    vocabulary words."""
    if not hint:
        return " ".join(rng.sample(_V, 2))
    key = re.search(r"Keyword: (\w+)", obs[0]).group(1)
    return _unvig(obs[0].split("Message: ", 1)[1].split(". Log: ", 1)[0], key)


def parity_shift(obs, hint, rng, mem):
    """z996: hinted, the phrase that reads in vocabulary under the hint's shift for the shown
    task number's parity; unhinted, a random phrase under whichever shift reads."""
    task = int(re.search(r"Task (\d+)", obs[0]).group(1))
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")

    def reads(p, k):
        return all(w in _V for w in _unshift(p, k).split())

    if hint:
        even = int(re.search(r"shifted by (\d+) in even", hint).group(1))
        odd = int(re.search(r"by (\d+) in odd", hint).group(1))
        k = even if task % 2 == 0 else odd
        return next((_unshift(p, k) for p in phrases if reads(p, k)), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if reads(p, k)), p)
