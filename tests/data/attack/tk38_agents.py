"""Scripted agents for the w0N attacks (tester58). (observations, hint, rng, memory) -> str."""

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


def _affine_inverse(text, a, b):
    inv = next(i for i in range(26) if a * i % 26 == 1)
    return "".join(chr(inv * (ord(c) - 97 - b) % 26 + 97) if c.isalpha() else c for c in text)


_AFFINE = [(a, b) for a in (3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25) for b in range(1, 26)]


def affine(obs, hint, rng, mem):
    """w06: hinted, the phrase that reads under the hint's a and b; unhinted, a random phrase
    deciphered by whichever affine key reads."""
    phrases = _phrases(obs)
    m = re.search(r"a=(\d+) and b=(\d+)", hint or "")
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        for p in phrases:
            if _in_vocab(_affine_inverse(p, a, b)):
                return _affine_inverse(p, a, b)
        return phrases[0]
    p = rng.choice(phrases)
    return next((_affine_inverse(p, *k) for k in _AFFINE if _in_vocab(_affine_inverse(p, *k))), p)


def xor_letter(obs, hint, rng, mem):
    """w07: hinted, the blob that reads XORed with the code of the hint's capital letter;
    unhinted, a random blob under whichever key reads."""
    import base64

    blobs = [base64.b64decode(b) for b in obs[0].split("Words: ", 1)[1].split()]
    m = re.search(r"capital letter ([A-Z])", hint or "")
    reads = [
        (k, bytes(c ^ k for c in b).decode("latin-1"))
        for b in blobs
        for k in range(1, 256)
        if bytes(c ^ k for c in b).decode("latin-1") in _V
    ]
    if m:
        key = ord(m.group(1))
        return next((w for k, w in reads if k == key), "")
    return rng.choice(reads)[1] if reads else ""


_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def _fruit(obs):
    return re.search(r"You hold an? (\w+) crate", obs[0]).group(1)


def crate(obs, hint, rng, mem):
    """w08-w10: hinted, the shown fruit's code from the hint's table; unhinted, one of the
    codes (w08: one of the description's three for the fruit)."""
    if hint:
        return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)
    return rng.choice(_CODES)


def crate_pick(obs, hint, rng, mem):
    """w08: hinted, the shown fruit's code from the hint's table; unhinted, one of the three
    codes the description lists for it (the agent is not shown the description: a fixed copy)."""
    if hint:
        return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)
    f = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"].index(_fruit(obs))
    return rng.choice(_W08_OPTS[f])


_W08_D = "taxi barn wisp glow reed tusk vane jolt mule oath quay rind zest yarn knob fern".split()
_W08_OPTS = [
    [_W08_D[2 * i], _W08_D[2 * i + 1]][: i % 3] + [c] + [_W08_D[2 * i], _W08_D[2 * i + 1]][i % 3 :]
    for i, c in enumerate(c.lower() for c in _CODES)
]


def marked(obs, hint, rng, mem):
    """w11: hinted, the marked passphrase shifted back by the hint's number; unhinted, the
    marked passphrase under a random shift."""
    code = re.search(r"Passphrase: ([a-z ]+)\.", obs[0]).group(1)
    m = re.search(r"(\d+)", hint or "")
    return _unshift(code, int(m.group(1)) if m else rng.randrange(1, 26))


def most_blobs(obs, hint, rng, mem):
    """w12: hinted, the word most blobs read as under some XOR key; unhinted, a random
    vocabulary word."""
    import base64
    from collections import Counter

    if not hint:
        return rng.choice(sorted(_V))
    blobs = [base64.b64decode(b) for b in obs[0].split("Blobs: ", 1)[1].split(".")[0].split()]
    reads = Counter(
        bytes(c ^ k for c in b).decode("latin-1")
        for b in blobs
        for k in range(1, 256)
        if bytes(c ^ k for c in b).decode("latin-1") in _V
    )
    return reads.most_common(1)[0][0]
