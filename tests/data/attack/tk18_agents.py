"""Scripted agents for tester37's y01-y11 attacks. Hinted, they follow the hint; unhinted, they
guess. (observations, hint, rng, memory) -> str."""

import re
import unicodedata

_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


def _rand(rng, n=4):
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _kp(w):
    return "".join(_KP[c] for c in w.lower() if c in _KP)


def nfkc_keyed(obs, hint, rng, mem):
    """y01: NFKC-folds the shown label, finds 'fruit: WORD' in the hint, keys WORD on a keypad."""
    if not hint:
        return _rand(rng)
    text = unicodedata.normalize("NFKC", obs[0]).lower()
    for key, word in re.findall(r"(\w+): (\w+)(?=[;.])", hint):
        if re.search(r"\b" + key + r"\b", text):
            return _kp(word)
    return _rand(rng)


def numbered_steps(obs, hint, rng, mem):
    """y02: applies the hint's 'Step N: ...' in the order of N to the two shown numbers."""
    a, b = (int(x) for x in re.findall(r"number is (\d+)", obs[0]))
    if not hint:
        return str(a * b + rng.choice([0, 1, 2]))
    steps = sorted((int(n), t) for n, t in re.findall(r"Step (\d+): ([^;.]+)", hint))
    v = None
    for _, t in steps:
        if t.startswith("add"):
            v = a + b if v is None else v + a + b
        elif t.startswith("double"):
            v = 2 * (v if v is not None else a)
        elif t.startswith("subtract"):
            v = (v if v is not None else 0) - a
    return str(v)


def reversed_list(obs, hint, rng, mem):
    """y03: the list runs from the last vault (8) to the first: vault v is entry 8 - v (from 0)."""
    if not hint:
        return _rand(rng)
    v = int(re.search(r"vault (\d+)", obs[0]).group(1))
    body = hint.split(": ", 1)[1].rstrip(".")
    entries = [e.strip() for e in body.split(";")]
    return _kp(entries[len(entries) - v])


def lettered_vault(obs, hint, rng, mem):
    """y04: the word of 'vault X opens with WORD' for the shown vault X, keyed on a keypad."""
    if not hint:
        return _rand(rng)
    v = re.search(r"vault ([A-Z])\b", obs[0]).group(1)
    m = re.search(r"vault " + v + r" opens with (\w+)", hint)
    return _kp(m.group(1)) if m else _rand(rng)


def recipe_steps(obs, hint, rng, mem):
    """y05: applies the hint's ';'-separated steps, in the order written, to the shown number and word."""
    n = int(re.search(r"shows (\d+)", obs[0]).group(1))
    w = re.search(r"word is (\w+)", obs[0]).group(1)
    if not hint:
        return str(n * len(w) + rng.randrange(5))
    for step in hint.split(":", 1)[1].rstrip(".").split(";"):
        k = re.search(r"\d+", step)
        if "add" in step:
            n += int(k.group())
        elif "times" in step:
            n *= len(w)
        elif "subtract" in step:
            n -= int(k.group())
    return str(n)


def emoji_plain(obs, hint, rng, mem):
    """y06: reads 'SYMBOL: WORD' with variation selectors dropped, keys the shown symbol's word."""
    if not hint:
        return _rand(rng)
    text = obs[0].replace("\ufe0f", "")
    for key, word in re.findall(r"([^\w\s:;,.]+): (\w+)", hint.replace("\ufe0f", "")):
        if key in text:
            return _kp(word)
    return _rand(rng)


def remainder_rounds(obs, hint, rng, mem):
    """y07: applies the hint's 'remainder R: ...' to the number of the latest observation."""
    n = int(re.findall(r"number is (\d+)", obs[-1])[-1])
    if not hint:
        return str(n + rng.choice([-2, 2, 3]))
    for r, rule in re.findall(r"remainder (\d): ([^;.]+)", hint):
        if int(r) == n % 3:
            if rule.startswith("divide"):
                return str(n // 3) if n % 3 == 0 else str(n / 3)
            k = int(re.search(r"\d+", rule).group(0))
            return str(n - k if rule.startswith("subtract") else n + k)
    return str(n)


def keyed_loose(obs, hint, rng, mem):
    """y08, y09: finds the hint key the observation names, possessive ("pear's") or spelled with
    hyphens ("P-E-A-R") alike, and keys its word on a keypad."""
    if not hint:
        return _rand(rng)
    text = obs[0].lower()
    text = re.sub(r"\b(\w)(?:-(?=\w\b))", r"\1", text).replace("'s", "")
    for key, word in re.findall(r"(\w+): (\w+)(?=[;.])", hint):
        if re.search(r"\b" + key + r"\b", text):
            return _kp(word)
    return _rand(rng)


def letter_first_vault(obs, hint, rng, mem):
    """y10: the word of 'vault X opens with WORD' for the shown 'the X vault', keyed on a keypad."""
    if not hint:
        return _rand(rng)
    v = re.search(r"the ([A-Z]) vault", obs[0]).group(1)
    m = re.search(r"vault " + v + r" opens with (\w+)", hint)
    return _kp(m.group(1)) if m else _rand(rng)


def vault_any_label(obs, hint, rng, mem):
    """y11: the word after 'vault L:' in the hint for the shown label L, keyed on a keypad."""
    if not hint:
        return _rand(rng)
    v = re.search(r"vault (\w+)\.", obs[0]).group(1)
    m = re.search(r"vault " + v + r": (\w+)", hint)
    return _kp(m.group(1)) if m else _rand(rng)
