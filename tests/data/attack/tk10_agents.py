"""Scripted agents for tester29's p01-p15 (2026-12-04). Hinted, they read what the hint says
(the vault's/door's entry, or the method); unhinted, they guess. Agents of multi-turn games
read their answers as played (``mem["answers"]``) where it matters."""

import itertools
import re
from collections import Counter

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _num(obs):
    return int(re.search(r"(?:vault|door) (\d+)", obs[0]).group(1))


def _entry(hint, n):
    """The n-th '; '-separated entry after the hint's last ': ' list, less 'X n opens with'."""
    body = hint[hint.index("door 0 opens") if "door 0 opens" in hint else hint.index("vault 0"):]
    e = body.rstrip(".").split("; ")[n]
    return re.sub(r"^\S+ \d+ opens with ", "", e)


def _rand_code(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def _rand_word(rng):
    return "".join(rng.choice(_LETTERS) for _ in range(6))


_END = {c: w for c, w in zip(_LETTERS, (
    "tea crab disc bread tree leaf bag rich ski raj walk bell drum sun echo ship iraq star bus "
    "cat menu nav snow box day quiz").split(), strict=True)}


def telestich(obs, hint, rng, mem):
    """p01: a word ending in the password's next letter."""
    if not hint:
        return rng.choice(list(_END.values()))
    return _END[_entry(hint, _num(obs))[len(obs) - 1]]


_START = {c: w for c, w in zip(_LETTERS, (
    "apple bread candle drum eagle feather grape honey island jungle kettle lemon mango "
    "nectar olive pepper quilt river salt tiger umbrella violin walrus xylophone yogurt zebra")
    .split(), strict=True)}


def the_noun(obs, hint, rng, mem):
    """p02: 'the <noun>' whose noun starts with the password's next letter."""
    if not hint:
        return "the " + rng.choice(list(_START.values()))
    return "the " + _START[_entry(hint, _num(obs))[len(obs) - 1]]


def reverse_shift_digits(obs, hint, rng, mem):
    """p03: reverse the entry, then add one to each digit."""
    if not hint:
        return _rand_code(rng)
    return "".join(str((int(d) + 1) % 10) for d in reversed(_entry(hint, _num(obs))))


def ampersand_pairs(obs, hint, rng, mem):
    """p04: `73&99` typed `7399`."""
    if not hint:
        return _rand_code(rng)
    return _entry(hint, _num(obs)).replace("&", "")


_CN = "零一二三四五六七八九"


def chinese_positional(obs, hint, rng, mem):
    """p05: 七千三百九十九 typed 7399."""
    if not hint:
        return _rand_code(rng)
    return "".join(str(_CN.index(c)) for c in _entry(hint, _num(obs)) if c in _CN)


def sum_of_three(obs, hint, rng, mem):
    """p06: 'the sum of A, B and C' evaluated."""
    if not hint:
        return _rand_code(rng)
    return str(sum(map(int, re.findall(r"\d+", _entry(hint, _num(obs))))))


def slash_places(obs, hint, rng, mem):
    """p07: `19/5/19/...` as letters."""
    if not hint:
        return _rand_word(rng)
    return "".join(chr(int(n) + 96) for n in _entry(hint, _num(obs)).split("/"))


def reverse_caesar(obs, hint, rng, mem):
    """p08: read the entry backwards and move each letter three back."""
    if not hint:
        return _rand_word(rng)
    return "".join(chr((ord(c) - 97 - 3) % 26 + 97) for c in reversed(_entry(hint, _num(obs))))


def subtract_from(obs, hint, rng, mem):
    """p09: 'subtract A from B' evaluated."""
    if not hint:
        return _rand_code(rng)
    a, b = map(int, re.findall(r"\d+", _entry(hint, _num(obs))))
    return str(b - a)


def more_than(obs, hint, rng, mem):
    """p10: 'A more than B' evaluated."""
    if not hint:
        return _rand_code(rng)
    a, b = map(int, re.findall(r"\d+", _entry(hint, _num(obs))))
    return str(a + b)


_ORDER = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]


def rainbow(obs, hint, rng, mem):
    """p11: hinted, the next colour in rainbow order after the last one named (as played);
    unhinted, a random colour."""
    if not hint:
        return rng.choice(_ORDER)
    shown = re.search(r"shows (\w+)", obs[0]).group(1)
    played = mem.get("answers") or []
    last = played[-1].strip().lower() if played else shown
    i = _ORDER.index(last) if last in _ORDER else _ORDER.index(shown) + len(played)
    return _ORDER[(i + 1) % 7]


def _fb(secret, guess):
    b = sum(s == g for s, g in zip(secret, guess))
    return b, sum((Counter(secret) & Counter(guess)).values()) - b


_ALL = ["".join(p) for p in itertools.product("123456", repeat=4)]


def mastermind_shift(obs, hint, rng, mem):
    """p12: hinted, 1122, then each digit +2 (twice), then a code consistent with the feedback
    of the answers as played; unhinted, random codes."""
    if not hint:
        return "".join(rng.choice("123456") for _ in range(4))
    played = mem.get("answers") or []
    n = len(obs) - 1
    if n == 0:
        return "1122"
    if n in (1, 2):
        prev = played[-1].strip() if played else "1122"
        if len(prev) == 4 and all(c in "123456" for c in prev):
            return "".join(str((int(d) + 1) % 6 + 1) for d in prev)
    fbs = []
    for o in obs[1:]:
        m = re.match(r"(\d{4}): (\d) black, (\d) white", o)
        if m:
            fbs.append((m.group(1), (int(m.group(2)), int(m.group(3)))))
    cands = [c for c in _ALL if all(_fb(c, g) == f for g, f in fbs)]
    return cands[0] if cands else "1234"


def atbash(obs, hint, rng, mem):
    """p13: hinted, Atbash of the shown word; unhinted, a random Caesar shift."""
    s = obs[0].split(": ", 1)[1].strip()
    if hint:
        return "".join(chr(219 - ord(c)) for c in s)
    k = rng.randrange(1, 26)
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) for c in s)


def a1z26(obs, hint, rng, mem):
    """p14: hinted, the shown places as letters; unhinted, places off by a random step."""
    ns = [int(n) for n in obs[0].split(": ", 1)[1].split()]
    k = 0 if hint else rng.randrange(1, 26)
    return "".join(chr((n - 1 + k) % 26 + 97) for n in ns)


_ODD = {"k": "𝐤ite", "i": "ｉce", "t": "ｔea", "e": "ℯcho", "l": "ｌamp", "a": "ǅ".lower() and "ªpple",
        "m": "𝓂oon", "p": "ｐear", "f": "ﬀort", "r": "ｒiver", "o": "ºwl", "g": "𝗀ate",
        "n": "ｎut", "b": "𝐛ee", "h": "ℎat", "s": "ſun", "u": "ｕp", "d": "ǆinn"}


def odd_initials(obs, hint, rng, mem):
    """p15: hinted, words whose odd first character NFKC-folds to the password's next letter;
    unhinted, a lone surrogate, combining marks, ideographs."""
    if not hint:
        return rng.choice(["\ud83d kiwi", "\u0301\u0301ice", "七千", "İstanbul", "ǅemal", "ß"])
    return _ODD[_entry(hint, _num(obs))[len(obs) - 1]]
