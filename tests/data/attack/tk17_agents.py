"""Scripted agents for tester36's x01-x11 attacks. Hinted, they follow the hint; unhinted, they
guess. (observations, hint, rng, memory) -> str."""

import re

_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}
_NW = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def _rand(rng, n=4):
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _kp(w):
    return "".join(_KP[c] for c in w.lower() if c in _KP)


def _num(obs):
    return int(re.search(r"vault (\d+)", obs[0]).group(1))


def range_bucket(obs, hint, rng, mem):
    """x01: find the 'For vaults A to B dial WORD' sentence whose range holds the shown vault."""
    if not hint:
        return _rand(rng)
    n = _num(obs)
    for a, b, w in re.findall(r"vaults (\d+) to (\d+) dial (\w+)", hint):
        if int(a) <= n <= int(b):
            return _kp(w)
    return _rand(rng)


def last_digit(obs, hint, rng, mem):
    """x02: the word for 'Vaults ending in a <digit word>', keyed on a phone keypad."""
    if not hint:
        return _rand(rng)
    d = _NW[_num(obs) % 10]
    m = re.search(r"ending in an? " + d + r" open with (\w+)", hint)
    return _kp(m.group(1)) if m else _rand(rng)


def vault_label(obs, hint, rng, mem):
    """x03, x04: the code after 'vault N:' in the hint."""
    if not hint:
        return _rand(rng)
    m = re.search(r"vault " + str(_num(obs)) + r": (\d+)", hint)
    return m.group(1) if m else _rand(rng)


def remainder_rule(obs, hint, rng, mem):
    """x05: applies the hint's rule for 'remainder R' to the shown number, reading each entry literally."""
    n = int(re.search(r"number is (\d+)", obs[0]).group(1))
    if not hint:
        return str(n + rng.choice([-2, 2, 3]))
    for r, rule in re.findall(r"remainder (\d): ([^;.]+)", hint):
        if int(r) == n % 3:
            if rule.startswith("divide"):
                return str(n // 3) if n % 3 == 0 else str(n / 3)
            k = int(re.search(r"\d+", rule).group(0))
            return str(n - k if rule.startswith("subtract") else n + k)
    return str(n)


def keypad_legend(obs, hint, rng, mem):
    """x06: reads the legend 'D: LETTERS' from the hint and types the shown word with it."""
    if not hint:
        return _rand(rng, 5)
    w = re.search(r"letters: (\w+)\.", obs[0]).group(1)
    legend = {c: d for d, ls in re.findall(r"(\d): ([A-Z]+)", hint) for c in ls}
    return "".join(legend.get(c, "0") for c in w)


_CATEGORY = {
    **dict.fromkeys(["plum", "apple", "mango", "cherry", "lemon"], "fruit"),
    **dict.fromkeys(["hammer", "wrench", "chisel", "spanner", "pliers"], "tool"),
    **dict.fromkeys(["otter", "badger", "heron", "walrus", "ferret"], "animal"),
    **dict.fromkeys(["copper", "nickel", "cobalt", "zinc", "tin"], "metal"),
    **dict.fromkeys(["scarlet", "indigo", "violet", "amber", "teal"], "colour"),
}


def category(obs, hint, rng, mem):
    """x07: knows (as an LLM would) what kind of thing the shown vault is named after, and keys that kind's word."""
    if not hint:
        return _rand(rng)
    name = re.search(r"the (\w+) vault", obs[0]).group(1)
    m = re.search(r"The " + _CATEGORY.get(name, "?") + r" vaults open with (\w+)", hint)
    return _kp(m.group(1)) if m else _rand(rng)


_PLACES = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "sixth": 5, "seventh": 6}


def case_mask(obs, hint, rng, mem):
    """x08: hinted, capitalises the letters the hint names; unhinted, tries a random common casing."""
    w = re.search(r"word is (\w+)\.", obs[0]).group(1)
    if not hint:
        return rng.choice([w, w.upper(), w.capitalize(), w.swapcase()])
    head = hint.split(" in capitals")[0]
    places = {_PLACES[p] for p in re.findall(r"\b(" + "|".join(_PLACES) + r")\b", head)}
    return "".join(c.upper() if i in places else c.lower() for i, c in enumerate(w))


def reverse_word(obs, hint, rng, mem):
    """x09: hinted, reverses the shown word; unhinted, types it as shown or shuffled."""
    w = re.search(r"word is (\w+)\.", obs[0]).group(1)
    if not hint:
        return rng.choice([w, "".join(rng.sample(w, len(w)))])
    return w[::-1]


def emoji_key(obs, hint, rng, mem):
    """x10: the word after the shown emoji's 'E: ' in the hint, keyed on a phone keypad."""
    if not hint:
        return _rand(rng)
    e = re.search(r"marked (\S+) \.", obs[0]).group(1)
    m = re.search(re.escape(e) + r": (\w+)", hint)
    return _kp(m.group(1)) if m else _rand(rng)


def step_names(obs, hint, rng, mem):
    """x11: applies the steps in the order first, then, finally, reading each key's step literally."""
    n = int(re.search(r"number: (\d+)", obs[0]).group(1))
    if not hint:
        return str(n + rng.choice([4, 7, 100]))
    steps = dict(re.findall(r"(first|then|finally): ([^;.]+)", hint))
    for key in ("first", "then", "finally"):
        s = steps.get(key, "")
        if s.startswith("double"):
            n *= 2
        elif s.startswith("add"):
            n += int(re.search(r"\d+", s).group(0))
        elif s.startswith("take away"):
            n -= int(re.search(r"\d+", s).group(0))
    return str(n)
