"""Scripted agents for the z95N attacks (tester50). (observations, hint, rng, memory) -> str."""

import base64
import re

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


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def _unvig(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - ord(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


def _in_vocab(text):
    return all(w in _V for w in text.split())


def secret_shift(obs, hint, rng, mem):
    """z951: hinted, the phrase that reads in vocabulary shifted back by the hint's amount;
    unhinted, a random phrase deciphered by whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    if hint:
        k = int(re.search(r"shifted by (\d+)", hint).group(1))
        return next((_unshift(p, k) for p in phrases if _in_vocab(_unshift(p, k))), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if _in_vocab(_unshift(p, k))), p)


def secret_xor(obs, hint, rng, mem):
    """z952: hinted, the blob that reads in vocabulary XORed with the hint's key; unhinted, a
    random blob under whichever key reads."""
    blobs = [base64.b64decode(b) for b in obs[0].split("Words: ", 1)[1].split()]

    def read(raw, k):
        return "".join(chr(b ^ k) for b in raw)

    if hint:
        k = int(re.search(r"key (\d+)", hint).group(1))
        return next((read(r, k) for r in blobs if read(r, k) in _V), "")
    r = rng.choice(blobs)
    return next((read(r, k) for k in range(256) if read(r, k) in _V), "")


def hint_keyword(obs, hint, rng, mem):
    """z953: hinted, the message that reads in vocabulary under the hint's keyword; unhinted,
    a random message under whichever shown keyword reads."""
    keys = obs[0].split("Keywords: ", 1)[1].split(".", 1)[0].split(", ")
    msgs = obs[0].split("Messages: ", 1)[1].rstrip(".").split("; ")
    if hint:
        k = re.search(r"keyword (\w+)", hint).group(1)
        return next((_unvig(m, k) for m in msgs if _in_vocab(_unvig(m, k))), msgs[0])
    m = rng.choice(msgs)
    return next((_unvig(m, k) for k in keys if _in_vocab(_unvig(m, k))), m)


_WORDS3 = set("owl fox elk ant bee cat dog pig rat cow hen yak bat emu ram gnu eel hog".split())
_WORDS3 |= set(
    "sun sky sea red tan jet cup mug jar axe saw awl map pen ink oak elm fir bus van car hat cap wig ice fog dew toe leg arm".split()
)


def whitelist(obs, hint, rng, mem):
    """z954: deciphers the phrases by the shift that reads them as words; hinted, says the one
    the hint lists; unhinted, a random one."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    k = next(
        (k for k in range(26) if all(w in _WORDS3 for w in _unshift(phrases[0], k).split())), 0
    )
    plain = [_unshift(p, k) for p in phrases]
    if hint:
        valid = hint.split(": ", 1)[1].rstrip(".").split("; ")
        return next((p for p in plain if p in valid), plain[0])
    return rng.choice(plain)


def _guess3(rng):
    return " ".join(rng.choice(["lamp", "river", "stone"]) for _ in range(4))


def vigenere_preamble(obs, hint, rng, mem):
    """z955: hinted, shift back by the keyword's letters; unhinted, vocabulary words."""
    if not hint:
        return _guess3(rng)
    key = re.search(r"Keyword ([a-z]+)", obs[0]).group(1)
    return _unvig(obs[0].split("Message: ", 1)[1], key)


def vigenere_per_word(obs, hint, rng, mem):
    """z956: hinted, each word shifted back by the keyword from its start; unhinted,
    vocabulary words."""
    if not hint:
        return _guess3(rng)
    key = re.search(r"Keyword ([a-z]+)", obs[0]).group(1)
    return " ".join(_unvig(w, key) for w in obs[0].split("Message: ", 1)[1].split())
