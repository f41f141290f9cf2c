"""Scripted agents for a code keyed a piece a turn in spoken shapes (k27-k33),
(observations, hint, rng, memory) -> str. Hinted: this vault's (door's) entry, piece by
piece; unhinted: random pieces of the same kind."""

import re

_ORD = "zeroth first second third fourth fifth sixth seventh eighth ninth".split()
_SUFFIX = {"1": "st", "2": "nd", "3": "rd"}
_ROMAN = "- I II III IV V VI VII VIII IX".split()
_NATO = (
    "Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November "
    "Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray Yankee Zulu"
).split()
_ORDER = "etaoinshrdlucmfwypvbgkqjxz"


def _entry(obs, hint, what):
    n = re.search(rf"{what} (\d+)", obs[0]).group(1)
    return re.search(rf"{what} {n} opens with (\w+)", hint).group(1)


def _digit(obs, hint, rng):
    return _entry(obs, hint, "vault")[len(obs) - 1] if hint else str(rng.randint(1, 9))


def ordinal_word(obs, hint, rng, mem):
    """k27: 'press the <ordinal word>'."""
    return f"press the {_ORD[int(_digit(obs, hint, rng))]}"


def ordinal_number(obs, hint, rng, mem):
    """k27: 'press the <digit>st/nd/rd/th'."""
    d = _digit(obs, hint, rng)
    return f"press the {d}{_SUFFIX.get(d, 'th')}"


def roman(obs, hint, rng, mem):
    """k28: the digit as a Roman numeral."""
    return _ROMAN[int(_digit(obs, hint, rng))]


def nato(obs, hint, rng, mem):
    """k31: the door's password letter as its NATO word."""
    c = _entry(obs, hint, "door")[len(obs) - 1] if hint else rng.choice(_ORDER)
    return _NATO[ord(c) - ord("a")]


def say_nato(obs, hint, rng, mem):
    """k31: 'say <NATO word>'."""
    return "say " + nato(obs, hint, rng, mem)


def nato_hangman(obs, hint, rng, mem):
    """k33: frequency order (hinted; the hint's own order) or at random, as NATO words;
    never a letter it has played (``mem["answers"]``, as played)."""
    used = [a.strip().lower()[:1] for a in mem["answers"]]
    if hint:
        order = "".join(re.findall(r"[a-z]", hint.split(":")[1].split(";")[0])) + _ORDER
        c = next(x for x in order if x not in used)
    else:
        c = rng.choice([x for x in _ORDER if x not in used])
    return _NATO[ord(c) - ord("a")]


def digit_then_place(obs, hint, rng, mem):
    """k29: the vault's next digit, then its place (1-4), turn about."""
    t = len(obs) - 1
    if t % 2:
        return str(t // 2 + 1)
    return _entry(obs, hint, "vault")[t // 2] if hint else str(rng.randrange(10))


def nim_leave(obs, hint, rng, mem):
    """k23: hinted, leave the largest multiple of 21 it can (the hint's method); unhinted, a
    random take of 1-20; the pile left keyed a digit a turn."""
    if not mem.get("keys"):
        pile = int(re.search(r"Pile: (\d+)", obs[-1]).group(1))
        if hint:
            left = max(0, pile - pile % 21) if pile % 21 else pile - rng.randint(1, 20)
            left = left if 1 <= pile - left <= 20 else max(0, pile - rng.randint(1, 20))
        else:
            left = max(0, pile - rng.randint(1, min(20, pile)))
        mem["keys"] = list(f"{left:03d}")
    return mem["keys"].pop(0)
