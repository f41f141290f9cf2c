"""Scripted agents for the z98N attacks (session 29). (observations, hint, rng, memory) -> str."""

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
_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


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


def shift_word(obs, hint, rng, mem):
    """z981: hinted, the phrase that reads in vocabulary under the hint's shift (a number word
    or digits); unhinted, a random phrase under whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    if hint:
        m = re.search(r"shifted by (\w+)", hint).group(1)
        k = int(m) if m.isdigit() else _WORDS.get(m, 0)
        return next((_unshift(p, k) for p in phrases if _in_vocab(_unshift(p, k))), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, k) for k in range(26) if _in_vocab(_unshift(p, k))), p)


def xor_hex(obs, hint, rng, mem):
    """z982: hinted, the hex word that reads in vocabulary under the hint's key; unhinted, a
    random word under whichever key reads."""
    blobs = [bytes.fromhex(b) for b in obs[0].split("Words: ", 1)[1].split()]

    def read(raw, k):
        return "".join(chr(b ^ k) for b in raw)

    if hint:
        k = int(re.search(r"key (0x[0-9a-fA-F]+|\d+)", hint).group(1), 0)
        return next((read(r, k) for r in blobs if read(r, k) in _V), "")
    r = rng.choice(blobs)
    return next((read(r, k) for k in range(256) if read(r, k) in _V), "")


def shown_keyword(obs, hint, rng, mem):
    """z983: hinted, deciphers with the keyword the task shows; unhinted, two vocabulary words."""
    if not hint:
        return " ".join(rng.sample(_V, 2))
    key = re.search(r"Keyword: (\w+)", obs[0]).group(1)
    return _unvig(obs[0].split("Message: ", 1)[1].rstrip("."), key)


def shown_xor_key(obs, hint, rng, mem):
    """z984: hinted, XORs with the key the task shows; unhinted, a vocabulary word."""
    if not hint:
        return rng.choice(_V)
    key = int(re.search(r"Key: (\d+)", obs[0]).group(1))
    raw = bytes.fromhex(obs[0].split("Word: ", 1)[1].replace(" ", ""))
    return "".join(chr(b ^ key) for b in raw)


_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]


def changed_codes(obs, hint, rng, mem):
    """z985: hinted, the held fruit's code in the hint's table; unhinted, the description's
    (old) code, which it reads from memory-free parsing of nothing: a random code."""
    fruit = re.search(r"You hold an? (\w+) crate", obs[0]).group(1)
    if hint:
        return re.search(rf"\b{fruit}: (\w+)", hint).group(1)
    return rng.choice(["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"])


_UNLEET = str.maketrans("4310", "aeio")


def leet_password(obs, hint, rng, mem):
    """z986: hinted, the shown word that reads as the hint's password; unhinted, a random shown
    word read back."""
    words = [w.translate(_UNLEET) for w in obs[0].split("Words: ", 1)[1].split()]
    if hint:
        named = re.search(r"password is (\w+)", hint).group(1)
        return next((w for w in words if w == named), words[0])
    return rng.choice(words)


def shift_or_plain(obs, hint, rng, mem):
    """z987: the passphrase where it is shown as it is; else as z951's secret_shift."""
    if obs[0].startswith("The passphrase is: "):
        return obs[0].split(": ", 1)[1].rstrip(".")
    return shift_word(obs, hint, rng, mem)


def wrong_shifts(obs, hint, rng, mem):
    """z988: hinted, the phrase shifted back by the hint's amount; unhinted, by a random one
    (right 1 time in 25)."""
    phrase = obs[0].split("Phrase: ", 1)[1]
    if hint:
        return _unshift(phrase, int(re.search(r"back by (\d+)", hint).group(1)))
    return _unshift(phrase, rng.randrange(1, 26))
