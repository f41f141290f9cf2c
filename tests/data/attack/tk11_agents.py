"""Scripted agents for tester30's q01-q15. Hinted, they read what the hint says (the vault's/door's
entry, or the method); unhinted, they guess. Multi-turn agents read their answers as played
(``mem["answers"]``) where it matters."""

import re

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _num(obs):
    return int(re.search(r"(?:vault|door) (\d+)", obs[0]).group(1))


def _entry(hint, n):
    body = hint[hint.index("0 opens"):]
    body = hint[hint.rindex(" ", 0, hint.index("0 opens") - 1) + 1:]
    e = body.rstrip(".").split("; ")[n]
    return re.sub(r"^\S+ \d+ opens with ", "", e)


def _rand_code(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def _rand_word(rng, n=6):
    return "".join(rng.choice(_LETTERS) for _ in range(n))


_KD = "영일이삼사오육칠팔구"
_KP = {"천": 1000, "백": 100, "십": 10}


def _korean(s):
    tot, d = 0, None
    for ch in s:
        if ch in _KP:
            tot += (d if d is not None else 1) * _KP[ch]
            d = None
        elif ch in _KD:
            d = _KD.index(ch)
    return str(tot + (d or 0))


def korean(obs, hint, rng, mem):
    """q01: Sino-Korean numerals."""
    return _korean(_entry(hint, _num(obs))) if hint else _rand_code(rng)


def jp_mixed(obs, hint, rng, mem):
    """q02: 7千3百99 -> 7399."""
    if not hint:
        return _rand_code(rng)
    a, b, c = re.match(r"(\d)千(\d)百(\d\d)", _entry(hint, _num(obs))).groups()
    return a + b + c


_U = "zero one two three four five six seven eight nine".split()
_T = "_ ten twenty thirty forty fifty sixty seventy eighty ninety".split()
_TEEN = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()


def _two(w):
    w = w.replace("oh-", "")
    if w in _U:
        return _U.index(w)
    if w in _TEEN:
        return 10 + _TEEN.index(w)
    p = w.split("-")
    return 10 * _T.index(p[0]) + (_U.index(p[1]) if len(p) > 1 else 0)


def year_pairs(obs, hint, rng, mem):
    """q03: 'seventy-three ninety-nine'."""
    if not hint:
        return _rand_code(rng)
    a, b = _entry(hint, _num(obs)).split()
    return f"{_two(a):02d}{_two(b):02d}"


def hundreds_words(obs, hint, rng, mem):
    """q04: 'seventy-three hundred and ninety-nine'."""
    if not hint:
        return _rand_code(rng)
    a, b = _entry(hint, _num(obs)).split(" hundred and ")
    return f"{_two(a):02d}{_two(b):02d}"


def third_of(obs, hint, rng, mem):
    """q05."""
    return str(int(re.findall(r"\d+", _entry(hint, _num(obs)))[-1]) // 3) if hint else _rand_code(rng)


def sqrt_of(obs, hint, rng, mem):
    """q06."""
    if not hint:
        return _rand_code(rng)
    return str(round(int(re.findall(r"\d+", _entry(hint, _num(obs)))[-1]) ** 0.5))


def percent_of(obs, hint, rng, mem):
    """q10: 25 percent of M."""
    return str(int(re.findall(r"\d+", _entry(hint, _num(obs)))[-1]) // 4) if hint else _rand_code(rng)


_ORD = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth "
        "twenty-first twenty-second twenty-third twenty-fourth twenty-fifth twenty-sixth").split()


def ordinal_places(obs, hint, rng, mem):
    """q07."""
    if not hint:
        return _rand_word(rng)
    ws = re.findall(r"[a-z-]+", _entry(hint, _num(obs)).replace(" letters of the alphabet", ""))
    return "".join(chr(97 + _ORD.index(w)) for w in ws if w in _ORD)


_SECOND = {c: w for c, w in zip(_LETTERS, (
    "cat obey ocean odd bed after ago shop bid ajar ski blue amber and bold spa aqua grin ask "
    "stop sun avid swim oxen dye azure").split(), strict=True)}


def second_letter(obs, hint, rng, mem):
    """q08: a word whose second letter is the password's next letter."""
    if not hint:
        return rng.choice(list(_SECOND.values()))
    return _SECOND[_entry(hint, _num(obs))[len(obs) - 1]]


_MID = {c: w for c, w in zip(_LETTERS, (
    "apple bright cold deep easy fine good happy iron jolly kind little mighty new old pale "
    "quiet red small tall upper vivid warm xenial young zesty").split(), strict=True)}


def middle_word(obs, hint, rng, mem):
    """q09: 'the <adj> one' with the adjective starting with the next letter."""
    if not hint:
        return f"the {rng.choice(list(_MID.values()))} one"
    return f"the {_MID[_entry(hint, _num(obs))[len(obs) - 1]]} one"


def morse(obs, hint, rng, mem):
    """q11: hinted, read the table from the hint; unhinted, random dots and dashes."""
    word = re.search(r"Send: (\w+)", obs[0]).group(1).lower()
    if not hint:
        return "".join(rng.choice(".-") for _ in range(rng.randint(1, 4)))
    table = dict(p.split(" ") for p in hint.split(": ", 1)[1][:-1].split(", "))
    return table[word[len(obs) - 1]]


def nato(obs, hint, rng, mem):
    """q12: hinted, read the table; unhinted, a random guess at a code word."""
    word = re.search(r"Spell: (\w+)", obs[0]).group(1).lower()
    if not hint:
        return rng.choice(["Alpha", "Bravo", "Charlie", "Kilo", "Lima", "Mike"])
    table = dict(re.findall(r"\b([a-z]) = ([A-Za-z-]+)", hint))
    return table[word[len(obs) - 1]]


def bsearch(obs, hint, rng, mem):
    """q13: hinted, binary search over [1, 1000] from the answers as played; unhinted, random."""
    if not hint:
        return str(rng.randint(1, 1000))
    lo, hi = 1, 1000
    for a, o in zip(mem.get("answers") or [], obs[1:]):
        try:
            g = int(str(a).strip())
        except ValueError:
            continue
        if "higher" in o:
            lo = max(lo, g + 1)
        elif "lower" in o:
            hi = min(hi, g - 1)
    return str((lo + hi + 1) // 2)


_ANIM = {c: a for c, a in (
    ("a", "ant"), ("b", "bear"), ("c", "cat"), ("d", "dog"), ("e", "eagle"), ("f", "fox"),
    ("g", "goat"), ("h", "horse"), ("i", "ibis"), ("k", "koala"), ("l", "lion"),
    ("m", "mouse"), ("n", "newt"), ("o", "owl"), ("p", "pig"), ("r", "rabbit"), ("s", "snake"),
    ("t", "tiger"), ("u", "urchin"), ("v", "viper"), ("w", "wolf"), ("y", "yak"))}


def animal(obs, hint, rng, mem):
    """q14: hinted, the hint's example animal for the letter (the method: a common animal);
    unhinted, a random animal."""
    word = re.search(r"Word: (\w+)", obs[0]).group(1).lower()
    if not hint:
        return rng.choice(list(_ANIM.values()))
    return _ANIM[word[len(obs) - 1]]


def korean_decode(obs, hint, rng, mem):
    """q15: hinted, read the shown number; unhinted, a random 4-digit number."""
    if not hint:
        return str(rng.randint(1000, 9999))
    return _korean(re.search(r"Number: (\S+)", obs[0]).group(1))
