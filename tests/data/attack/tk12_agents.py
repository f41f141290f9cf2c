"""Scripted agents for tester31's r2_01-r2_10. Hinted, they follow the hint (a vault's entry, or
the method); unhinted, they guess. Multi-turn agents read their answers as played
(``mem["answers"]``) where it matters."""

import re

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_N = "zero one two three four five six seven eight nine".split()


def _vault(obs):
    return int(re.search(r"vault (\d+)", obs[0]).group(1))


def _entry(hint, n):
    return re.search(rf"vault {n}(?: says| is|:) ([^;.]*)", hint).group(1).strip(" '")


def _rand_code(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def _rand_word(rng, n=6):
    return "".join(rng.choice(_LETTERS) for _ in range(n))


def pilish(obs, hint, rng, mem):
    """r2_06: word lengths."""
    if not hint:
        return _rand_code(rng)
    return "".join(str(len(w)) for w in _entry(hint, _vault(obs)).split())


def acrostic(obs, hint, rng, mem):
    """r2_07: initials of the hint's capitalised words."""
    if not hint:
        return _rand_word(rng)
    return "".join(w[0] for w in _entry(hint, _vault(obs)).split()).lower()


def double(obs, hint, rng, mem):
    """r2_08: 'seven three double nine'."""
    if not hint:
        return _rand_code(rng)
    out, rep = "", 1
    for w in _entry(hint, _vault(obs)).split():
        if w == "double":
            rep = 2
        else:
            out += str(_N.index(w)) * rep
            rep = 1
    return out


def one_short(obs, hint, rng, mem):
    """r2_09."""
    if not hint:
        return _rand_code(rng)
    return str(int(re.findall(r"\d+", _entry(hint, _vault(obs)))[-1]) - 1)


def binary(obs, hint, rng, mem):
    """r2_10."""
    if not hint:
        return _rand_code(rng)
    return str(int(_entry(hint, _vault(obs)), 2))


def powers(obs, hint, rng, mem):
    """r2_01: smallest power of two >= N (hinted); unhinted, a random number."""
    n = int(re.search(r"N = (\d+)", obs[0]).group(1))
    if not hint:
        return str(rng.randint(2, 1000))
    p = 1
    while p < n:
        p *= 2
    return str(p)


_CHAIN = None


def word_chain(obs, hint, rng, mem):
    """r2_02: hinted, a word starting with the house word's last letter, the hint's examples
    first; unhinted, any dictionary word."""
    import importlib.util
    import pathlib
    global _CHAIN
    if _CHAIN is None:
        p = pathlib.Path(__file__).with_name("r2_02_honest_word_chain.py")
        s = importlib.util.spec_from_file_location("r2_02", p)
        m = importlib.util.module_from_spec(s)
        s.loader.exec_module(m)
        _CHAIN = m.DICT
    if not hint:
        return rng.choice(_CHAIN)
    used = set(mem.get("answers", [])) | {re.sub(r"^House: ", "", o) for o in obs}
    last = obs[-1].split()[-1][-1]
    examples = re.findall(r"[a-z]+", hint.split("for example", 1)[1])
    order = [w for w in examples if w in _CHAIN] + _CHAIN
    for w in order:
        if w[0] == last and w not in used:
            return w
    return "table"


_POOL_KNOWN = ["saw", "ton", "tub", "pot", "net", "pots", "jolly", "cat", "dog", "sun", "map",
               "tree", "house", "apple"]


def caesar_short(obs, hint, rng, mem):
    """r2_03: hinted, try each shift back and keep the one that is a known English word."""
    c = obs[0].split()[-1]
    if not hint:
        return _rand_word(rng, len(c))
    for k in range(1, 26):
        w = "".join(chr((ord(x) - 97 - k) % 26 + 97) for x in c)
        if w in _POOL_KNOWN:
            return w
    return c


_ANIMALS = ("ant bear cat dog eel fox goat horse ibis jay koala lion mole newt owl pig quail "
            "rat seal tiger urchin vole wolf yak zebra").split()


def animals(obs, hint, rng, mem):
    """r2_04: hinted, the hint's animal for the word's next letter."""
    w = obs[0].split()[-1]
    if not hint:
        return rng.choice(_ANIMALS)
    listed = re.findall(r"[a-z]+", hint.split("first letter:", 1)[1])
    return next(a for a in listed if a[0] == w[len(obs) - 1])


def bisect(obs, hint, rng, mem):
    """r2_05: hinted, binary search using the answers as played; unhinted, random guesses."""
    if not hint:
        return str(rng.randint(1, 100))
    lo, hi = 1, 100
    for a, o in zip(mem.get("answers", []), obs[1:]):
        try:
            g = int(a)
        except ValueError:
            continue
        if "higher" in o:
            lo = max(lo, g + 1)
        elif "lower" in o:
            hi = min(hi, g - 1)
    return str((lo + hi + 1) // 2 if lo == 1 and hi == 100 else (lo + hi) // 2)
