"""Scripted agents for tester36's x01-x.. attacks. Hinted, they follow the hint; unhinted, they
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
