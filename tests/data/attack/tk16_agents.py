"""Scripted agents for tester35's v01-v15 (attacks on the relabelled-table route's list probe,
group test and half rotation). Hinted, they follow the hint; unhinted, they guess.
(observations, hint, rng, memory) -> str."""

import re

_KEYPAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}
_ORD = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


def _rand(rng, n=4):
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _tally(entry):
    return "".join(str(len(g.strip())) for g in entry.strip(" .").split("/"))


def _kp(w):
    return "".join(_KEYPAD[c] for c in w.lower() if c in _KEYPAD)


def _entries(hint, after, sep=";"):
    body = hint.split(after, 1)[1].strip()
    if body.endswith("."):
        body = body[:-1]
    return [e.strip() for e in re.split(sep, body) if e.strip()]


def _vault(obs):
    return int(re.search(r"vault (\d+)", obs[0]).group(1))


def _after(hint, key, rng):
    m = re.search(r"(?<![\w'])" + re.escape(key) + r":\s*(\|[| /]*)", hint)
    return _tally(m.group(1)) if m else _rand(rng)


def rotating_sequence(obs, hint, rng, mem):
    """v01: the tally digits read from entry N wrapping round."""
    if not hint:
        return _rand(rng, 8)
    digits = [str(len(e)) for e in _entries(hint, "start: ")]
    n = _vault(obs) - 1
    return "".join(digits[n:] + digits[:n])


def held_fruit(obs, hint, rng, mem):
    """v02, v09, v15: the held fruit's tally code."""
    if not hint:
        return _rand(rng)
    f = re.search(r"You hold (?:a|the) (\w+)\.", obs[0]).group(1)
    return _after(hint, f, rng)


def vault_label(obs, hint, rng, mem):
    """v03: 'vault N:' in the hint."""
    if not hint:
        return _rand(rng)
    n = _vault(obs)
    m = re.search(rf"\bvault {n}:\s*(\|[| /]*)", hint)
    return _tally(m.group(1)) if m else _rand(rng)


def tally_list_from_1(obs, hint, rng, mem):
    """v04: entry N-1 of the tally list."""
    if not hint:
        return _rand(rng)
    es = _entries(hint, "up: ")
    n = _vault(obs) - 1
    return _tally(es[n]) if n < len(es) else _rand(rng)


def tally_list_ordinal(obs, hint, rng, mem):
    """v05: the ordinal word's entry."""
    if not hint:
        return _rand(rng)
    w = re.search(r"the (\w+) vault", obs[0]).group(1)
    es = _entries(hint, "on: ")
    return _tally(es[_ORD.index(w)])


def keypad_comma_list(obs, hint, rng, mem):
    """v06: word N-1 of a comma list typed on a keypad."""
    if not hint:
        return _rand(rng)
    es = _entries(hint, "up: ", ",")
    n = _vault(obs) - 1
    return _kp(es[n]) if n < len(es) else _rand(rng)


def keypad_phrase_list(obs, hint, rng, mem):
    """v07, v13: entry N-1 of a ;-list typed on a keypad (digits of any script)."""
    if not hint:
        return _rand(rng, 8)
    m = re.search(r"vault (\d+)", obs[0])
    n = int(m.group(1)) - 1
    es = _entries(hint, "up: ")
    return _kp(es[n]) if n < len(es) else _rand(rng, 8)


def check_digit(obs, hint, rng, mem):
    """v08: held fruit's code + first digit of the check crate's code."""
    if not hint:
        return _rand(rng, 5)
    f = re.search(r"You hold a (\w+)\.", obs[0]).group(1)
    c = re.search(r"check crate is the (\w+) crate", obs[0]).group(1)
    return _after(hint, f, rng) + _after(hint, c, rng)[0]


def keypad_list(obs, hint, rng, mem):
    """v10: each letter's place in the hint's list, from key 2."""
    w = re.search(r"Your word: (\w+)\.", obs[0]).group(1)
    if not hint:
        return _rand(rng, len(w))
    groups = _entries(hint.split(". Type")[0] + ".", "up: ")
    return "".join(str(i + 2) for c in w for i, g in enumerate(groups) if c in g)


def keypad_table(obs, hint, rng, mem):
    """v11: each letter through 'c=d'."""
    w = re.search(r"keypad: (\w+)\.", obs[0]).group(1)
    if not hint:
        return _rand(rng, len(w))
    table = dict(re.findall(r"(?<![\w])([a-z])=(\d)", hint))
    return "".join(table.get(c, "0") for c in w)


def word_recipe(obs, hint, rng, mem):
    """v12: the hint's worded steps applied to the start."""
    n = int(re.search(r"Start number: (\d+)", obs[0]).group(1))
    if not hint:
        return str(rng.randint(1, 2000))
    for s in _entries(hint, "number: "):
        w = s.split()
        n = n * 2 if w[0] == "double" else n * 3 if w[0] == "triple" else n + int(w[1]) if w[0] == "add" else n - int(w[1])
    return str(n)


def tally_list_from_0(obs, hint, rng, mem):
    """v14: entry N of the tally list, empty entries skipped."""
    if not hint:
        return _rand(rng)
    body = hint.split("skipped:", 1)[1]
    es = [e.strip() for e in re.split(r"[;\n]", body) if e.strip()]
    n = _vault(obs)
    return _tally(es[n]) if n < len(es) else _rand(rng)


_ROMAN_RE = r"(?<![\w])([A-Z])=(\d+)"


def roman(obs, hint, rng, mem):
    """v16: the legend's values, subtractive rule."""
    w = re.search(r"Numeral: (\w+)\.", obs[0]).group(1)
    if not hint:
        return str(rng.randint(1, 3000))
    val = {k: int(v) for k, v in re.findall(_ROMAN_RE, hint)}
    xs = [val.get(c, 0) for c in w]
    return str(sum(-x if i + 1 < len(xs) and x < xs[i + 1] else x for i, x in enumerate(xs)))


def month_days(obs, hint, rng, mem):
    """v17: entry N-1 of the month list."""
    if not hint:
        return str(rng.randint(1, 40))
    n = int(re.search(r"Month (\d+)", obs[0]).group(1))
    return _entries(hint, "first: ")[n - 1]


def grouped_label(obs, hint, rng, mem):
    """v18: the shown 8-digit vault number written with separators."""
    if not hint:
        return _rand(rng)
    n = _vault(obs)
    m = re.search(re.escape(f"vault {n:,}:") + r"\s*(\|[| /]*)", hint)
    return _tally(m.group(1)) if m else _rand(rng)
