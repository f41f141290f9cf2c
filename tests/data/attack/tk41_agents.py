"""Scripted agents for the u6N attacks (tester60). (observations, hint, rng, memory) -> str."""

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


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def _in_vocab(text):
    return all(w in _V for w in text.split())


def _pick(phrases, k, rng):
    if k is not None:
        return next((_unshift(p, k) for p in phrases if _in_vocab(_unshift(p, k))), phrases[0])
    p = rng.choice(phrases)
    return next((_unshift(p, s) for s in range(26) if _in_vocab(_unshift(p, s))), p)


def first_number(obs, hint, rng, mem):
    """u61-u63, u67: hinted, the phrase that reads shifted back by the hint's first number;
    unhinted, a random phrase deciphered by whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    m = re.search(r"(\d+)", hint or "")
    return _pick(phrases, int(m.group(1)) % 26 if m else None, rng)


def colour(obs, hint, rng, mem):
    """u64: as first_number over the colour-labelled phrases (the label dropped)."""
    parts = obs[0].split("wall: ", 1)[1].rstrip(".").split("; ")
    phrases = [p.split(": ", 1)[1] for p in parts]
    m = re.search(r"(\d+)", hint or "")
    return _pick(phrases, int(m.group(1)) % 26 if m else None, rng)


def _ungron(text, key):
    return "".join(
        chr((ord(c) - 97 - int(key[i % len(key)])) % 26 + 97) for i, c in enumerate(text)
    )


def _words(obs):
    return obs[0].split("Words: ", 1)[1].rstrip(".").split("; ")


def gron_word(obs, hint, rng, mem):
    """u65, u68: hinted, the word the hint's digit key (run together or one by one) reads into
    vocabulary; unhinted, a random shown word read by whichever key of 0-9 digits reads (a word
    under its own key: any of them)."""
    words = _words(obs)
    m = re.search(r"\d(?:\s*,\s*\d){2,}|\d{2,}", hint or "")
    if m:
        key = re.sub(r"\D", "", m.group())
        return next((_ungron(w, key) for w in words if _ungron(w, key) in _V8), words[0])
    w = rng.choice(words)
    for v in sorted(_V8):
        if len(v) == len(w):
            d = [(ord(c) - ord(p)) % 26 for c, p in zip(w, v, strict=True)]
            if max(d) <= 9 and all(x == d[i % 5] for i, x in enumerate(d)):
                return v
    return w


def _affine_inverse(text, a, b):
    inv = next(i for i in range(26) if a * i % 26 == 1)
    return "".join(chr(inv * (ord(c) - 97 - b) % 26 + 97) for c in text)


_AFFINE = [(a, b) for a in (3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25) for b in range(26)]


def affine_word(obs, hint, rng, mem):
    """u66, u69: hinted, the word that reads under the hint's a and b; unhinted, a random
    shown word deciphered by whichever affine key reads."""
    words = _words(obs)
    m = re.search(r"a=(\d+) and b=(\d+)", hint or "")
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        return next(
            (_affine_inverse(w, a, b) for w in words if _affine_inverse(w, a, b) in _V8), words[0]
        )
    w = rng.choice(words)
    return next((_affine_inverse(w, *k) for k in _AFFINE if _affine_inverse(w, *k) in _V8), w)


def letter_key(obs, hint, rng, mem):
    """u71: hinted, the phrase that reads shifted back by the hint's key letter (A=0);
    unhinted, a random phrase deciphered by whichever shift reads."""
    phrases = obs[0].split("Phrases: ", 1)[1].rstrip(".").split("; ")
    m = re.search(r"key letter ([A-Z])", hint or "")
    return _pick(phrases, ord(m.group(1)) - 65 if m else None, rng)


def _ungron_phrase(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 - int(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


def _messages(obs):
    return obs[0].split("Messages: ", 1)[1].rstrip(".").split("; ")


def gron_phrase(obs, hint, rng, mem):
    """u68: hinted, the message the hint's digit key (one by one) reads into vocabulary;
    unhinted, two vocabulary words."""
    msgs = _messages(obs)
    m = re.search(r"\d(?:\s*,\s*\d){2,}|\d{2,}", hint or "")
    if not m:
        return " ".join(rng.sample(sorted(_V), 2))
    key = re.sub(r"\D", "", m.group())
    return next(
        (_ungron_phrase(x, key) for x in msgs if _in_vocab(_ungron_phrase(x, key))), msgs[0]
    )


def _affine_inverse_phrase(text, a, b):
    return " ".join(_affine_inverse(w, a, b) for w in text.split())


def affine_phrase(obs, hint, rng, mem):
    """u69: hinted, the message that reads under the hint's a and b; unhinted, a random
    message deciphered by whichever affine key reads."""
    msgs = _messages(obs)
    m = re.search(r"a=(\d+) and b=(\d+)", hint or "")
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        return next(
            (
                _affine_inverse_phrase(x, a, b)
                for x in msgs
                if _in_vocab(_affine_inverse_phrase(x, a, b))
            ),
            msgs[0],
        )
    x = rng.choice(msgs)
    return next(
        (
            _affine_inverse_phrase(x, *k)
            for k in _AFFINE
            if _in_vocab(_affine_inverse_phrase(x, *k))
        ),
        x,
    )


_FRUITS = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_CODES = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_DECOYS = "TAXI BARN WISP GLOW REED TUSK VANE JOLT MULE OATH QUAY RIND ZEST YARN KNOB FERN".split()


def _fruit(obs):
    return re.search(r"You hold an? (\w+) crate", obs[0]).group(1)


def crate_of_three(obs, hint, rng, mem):
    """u70: hinted, the shown fruit's code from the hint's table; unhinted, one of the three
    codes the description offers for it (the agent is not shown the description: a copy)."""
    if hint:
        return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)
    i = _FRUITS.index(_fruit(obs))
    return rng.choice([_CODES[i], _DECOYS[2 * i], _DECOYS[2 * i + 1]])


def crate_of_eight(obs, hint, rng, mem):
    """u72: hinted, the shown fruit's code from the hint's table; unhinted, one of the eight
    codes the description lists."""
    if hint:
        return re.search(rf"\b{_fruit(obs)}: (\w+)", hint).group(1)
    return rng.choice(_CODES)


def affine_words(obs, hint, rng, mem):
    """u73: hinted, the message that reads under the hint's 'multiplying ... by A ... adding
    B'; unhinted, a random message deciphered by whichever affine key reads."""
    m = re.search(r"by (\d+) and then adding (\d+)", hint or "")
    return affine_phrase(obs, f"a={m.group(1)} and b={m.group(2)}" if m else None, rng, mem)


def gron_all_digits(obs, hint, rng, mem):
    """u74: hinted, the message that the hint's digits, all of them in turn ('3, 1, 4, 1 and
    5'), read; unhinted, two vocabulary words."""
    digits = "".join(re.findall(r"\d", hint or ""))
    return gron_phrase(obs, digits if digits else None, rng, mem)


def marked_after(obs, hint, rng, mem):
    """u81: hinted, the phrase marked '(passphrase)' shifted back by the hint's number;
    unhinted, the marked phrase under a random shift."""
    code = re.search(r"([a-z ]+) \(passphrase\)", obs[0]).group(1).strip()
    m = re.search(r"(\d+)", hint or "")
    return _unshift(code, int(m.group(1)) if m else rng.randrange(1, 26))
