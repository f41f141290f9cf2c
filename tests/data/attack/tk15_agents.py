"""Scripted agents for tester34's u01-u17 (attacks on the relabelled-table route). Hinted, they
follow the hint; unhinted, they guess. (observations, hint, rng, memory) -> str."""

import re

_KEYPAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


def _rand(rng, n=4):
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _tally(entry):
    return "".join(str(len(g.strip())) for g in entry.strip(" .").split("/"))


def _after(hint, pattern, rng):
    """The tally right after regex ``pattern``; a guess where the hint has no such key."""
    m = re.search(pattern + r"[^|]*?(\|[| /]*)", hint)
    return _tally(m.group(1)) if m else _rand(rng)


def _fruit(obs):
    return re.search(r"You hold (?:a|the) (\w+)", obs[0]).group(1)


def list_above(obs, hint, rng, mem):
    """u01: vault 11-18 -> entry n-11 of the list."""
    if not hint:
        return _rand(rng)
    n = int(re.search(r"vault (\d+)", obs[0]).group(1))
    return _tally(hint.split("up: ", 1)[1].rstrip(".").split("; ")[n - 11])


def neighbours(obs, hint, rng, mem):
    """u02."""
    return _after(hint, re.escape(_fruit(obs)) + r" \(beside", rng) if hint else _rand(rng)


def two_keys(obs, hint, rng, mem):
    """u03: both fruits' codes joined."""
    if not hint:
        return _rand(rng, 8)
    f1 = re.search(r"First fruit: (\w+)", obs[0]).group(1)
    f2 = re.search(r"Second fruit: (\w+)", obs[0]).group(1)
    return _after(hint, rf"\b{f1}:", rng) + _after(hint, rf"\b{f2}:", rng)


def colour_kind(obs, hint, rng, mem):
    """u04."""
    if not hint:
        return _rand(rng)
    k = re.search(r"You face the (\w+ \w+)\.", obs[0]).group(1)
    return _after(hint, rf"the {k} opens with", rng)


def word_number(obs, hint, rng, mem):
    """u05."""
    if not hint:
        return _rand(rng)
    k = re.search(r"You face (\w+ \d)\.", obs[0]).group(1)
    return _after(hint, rf"\b{k} opens with", rng)


def look_then_key(obs, hint, rng, mem):
    """u06: look, then the revealed fruit's code."""
    if len(obs) == 1:
        return "look"
    if not hint:
        return _rand(rng)
    f = re.search(r"label reads: (\w+)", obs[-1]).group(1)
    return _after(hint, rf"\b{f}:", rng)


def keypad_list(obs, hint, rng, mem):
    """u07: the n-th word typed on a keypad."""
    if not hint:
        return _rand(rng)
    n = int(re.search(r"vault (\d+)", obs[0]).group(1))
    words = hint.split("up: ", 1)[1].rstrip(".").split("; ")
    if n >= len(words):
        return _rand(rng)
    return "".join(_KEYPAD.get(c, "0") for c in words[n].strip().lower())


def vault_colon(obs, hint, rng, mem):
    """u08, u17: 'vault N:' in the hint."""
    if not hint:
        return _rand(rng)
    n = re.search(r"vault (\d+)", obs[0]).group(1)
    return _after(hint, rf"\bvault {n}:", rng)


def initial_letter(obs, hint, rng, mem):
    """u09."""
    return _after(hint, rf"(?<![\w']){_fruit(obs)[0]}:", rng) if hint else _rand(rng)


def fruit_colon(obs, hint, rng, mem):
    """u10, u14."""
    return _after(hint, rf"(?<![\w']){_fruit(obs)}:", rng) if hint else _rand(rng)


def fruit_in_place(obs, hint, rng, mem):
    """u16: '||| / | opens the FRUIT crate'."""
    if not hint:
        return _rand(rng)
    m = re.search(r"(?:^|[;:] )([| /]+) opens the " + _fruit(obs) + " crate", hint)
    return _tally(m.group(1)) if m else _rand(rng)


_ROMAN = {"4": "IV", "7": "VII"}


def mixed_roman(obs, hint, rng, mem):
    """u15: vaults 4 and 7 labelled in Roman."""
    if not hint:
        return _rand(rng)
    n = re.search(r"vault (\d+)", obs[0]).group(1)
    return _after(hint, rf"\bvault {_ROMAN.get(n, n)}:", rng)


def unit_factor(obs, hint, rng, mem):
    """u11: amount times the factor of the shown units."""
    m = re.search(r"Convert (\d+) (.+) to (\w+)\.", obs[0])
    n, key = int(m.group(1)), f"{m.group(2)} to {m.group(3)}"
    if not hint:
        return str(n * 100)
    f = re.search(re.escape(key) + r" = (\d+)", hint)
    return str(n * int(f.group(1))) if f else str(n * 100)


def recipe(obs, hint, rng, mem):
    """u12: the hint's steps applied to the start number."""
    n = int(re.search(r"Start number: (\d+)", obs[0]).group(1))
    if not hint:
        return str(rng.randint(1, 500))
    for s in hint.split("number: ", 1)[1].rstrip(".").split("; "):
        s = s.strip()
        op, k = s[0], int(s[1:])
        n = n * k if op == "×" else n + k if op == "+" else n - k
    return str(n)


def atomic(obs, hint, rng, mem):
    """u13: the shown symbol's atomic number."""
    if not hint:
        return str(rng.randint(19, 40))
    sym = re.search(r"symbol (\w+)\.", obs[0]).group(1)
    m = re.search(r"(?<![A-Za-z])" + sym + r"=(\d+)", hint)
    return m.group(1) if m else "0"


def three_steps(obs, hint, rng, mem):
    """u18: follow each ';' step of the hint literally."""
    w = re.search(r"Your word: (\w+)\.", obs[0]).group(1)
    if not hint:
        return w
    out = w
    for step in hint.rstrip(".").split(";"):
        s = step.strip().lower()
        if s.startswith("reverse") and s.endswith("word"):
            out = out[::-1]
        elif "uppercase" in s and s.endswith("it"):
            out = out.upper()
        elif s.startswith("finally append its length"):
            out += str(len(w))
        elif "append its" in s:
            out += s.rsplit(" ", 1)[1]
    return out


def separated_label(obs, hint, rng, mem):
    """u20: the shown vault number written with thousands separators."""
    if not hint:
        return _rand(rng)
    n = int(re.search(r"vault (\d+)", obs[0]).group(1))
    return _after(hint, re.escape(f"vault {n:,} opens with"), rng)


def plural_key(obs, hint, rng, mem):
    """u21: the fruit singular, looked up 'fruit:'."""
    if not hint:
        return _rand(rng)
    f = re.search(r"You hold three (\w+)s\.", obs[0]).group(1)
    return _after(hint, rf"(?<![\w']){f}:", rng)


def morse_digits(obs, hint, rng, mem):
    """u22: each shown digit through the hint's list."""
    ds = [int(x) for x in re.findall(r"\d", obs[0])]
    if not hint:
        return " ".join("".join(rng.choice(".-") for _ in range(5)) for _ in ds)
    table = [e.strip() for e in hint.split("order: ", 1)[1][:-1].split(";")]
    return " ".join(table[d] for d in ds)


def look_then_keypad(obs, hint, rng, mem):
    """u23: look, then the label typed with the hint's keypad legend."""
    if len(obs) == 1:
        return "look"
    if not hint:
        return _rand(rng)
    word = re.search(r"label reads: (\w+)", obs[-1]).group(1)
    legend = dict(re.findall(r"^(\w): (\d)$", hint, re.M))
    return "".join(legend.get(c, "0") for c in word)
