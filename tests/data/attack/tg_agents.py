"""Scripted agents of tester-glued (g1-): (observations, hint, rng, memory) -> str.

Each reads this vault's entry from the hint ("vault N: <entry>;") and plays it in the shape the
description asks for; unhinted, a random code in the same shape."""
import json
import re


def _entry(obs, hint):
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(rf"vault {v}: (.+?);", hint).group(1)


def _value(entry):
    e = entry.strip()
    if e.lower().startswith("0x"):
        return int(e, 16)
    a, _, b = e.partition("×")
    return int(a) * int(b) if b else int(a)


def _code(obs, hint, rng, lo=1000, hi=10000):
    return _value(_entry(obs, hint)) if hint else rng.randrange(lo, hi)


def split_halves(obs, hint, rng, mem):
    """g1: a 4-digit code as L<first two digits>R<last two digits> (L73R99)."""
    s = f"{_code(obs, hint, rng):04d}"
    return f"L{s[:2]}R{s[2:]}"


def dial_labels(obs, hint, rng, mem):
    """g2: a 3-digit code, each digit glued to its dial's letter (A3B9C1)."""
    s = f"{_code(obs, hint, rng, 100, 1000):03d}"
    return "".join(f"{d}{c}" for d, c in zip("ABC", s))


def digit_label(obs, hint, rng, mem):
    """g3: the label K9 glued to the PIN (K942)."""
    return f"K9{_code(obs, hint, rng, 10, 1000)}"


def bare(obs, hint, rng, mem):
    """g4: the PIN as a bare number."""
    return str(_code(obs, hint, rng, 10, 100))


def glued_label(obs, hint, rng, mem):
    """PIN glued to the (evaluated) code: PIN42."""
    return f"PIN{_code(obs, hint, rng, 10, 1000)}"


def both_sides(obs, hint, rng, mem):
    return f"X{_code(obs, hint, rng, 10, 1000):04d}Y"


def cyrillic(obs, hint, rng, mem):
    return f"ПИН{_code(obs, hint, rng, 10, 1000)}"


def fullwidth(obs, hint, rng, mem):
    s = str(_code(obs, hint, rng, 10, 1000))
    return "PIN" + s.translate(str.maketrans("0123456789", "０１２３４５６７８９"))


def arabic_indic(obs, hint, rng, mem):
    s = str(_code(obs, hint, rng, 10, 1000))
    return "PIN" + s.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))


def after_label(obs, hint, rng, mem):
    return f"{_code(obs, hint, rng, 10, 1000)}PIN"


def tool_glued(obs, hint, rng, mem):
    if len(obs) == 1:
        return json.dumps({"tool": "unlock", "arguments": {"pin": f"PIN{_code(obs, hint, rng, 10, 1000)}"}})
    return "enter"


def mixed_case(obs, hint, rng, mem):
    return f"pIn{_code(obs, hint, rng, 10, 1000)}"


def label_entry(obs, hint, rng, mem):
    """g5: the hint's entry is PIN<arithmetic> or PIN0x<hex>; play PIN<value>."""
    if not hint:
        return f"PIN{rng.randrange(10, 1000)}"
    e = _entry(obs, hint)[3:]
    return f"PIN{_value(e)}"


def reader(obs, hint, rng, mem):
    """g8: hinted, xyzzy, read 28 times, done; unhinted, read 5 times, done."""
    n = len(obs) - 1
    if hint:
        return "xyzzy" if n == 0 else "read" if n <= 28 else "done"
    return "read" if n < 5 else "done"


def interleaved_entry(obs, hint, rng, mem):
    """g7: the hint's entry is the PIN's digits with letters between (3k9q1); play PIN391."""
    if not hint:
        return f"PIN{rng.randrange(100, 1000)}"
    return "PIN" + "".join(c for c in _entry(obs, hint) if c.isdigit())


def hyphen_pairs(obs, hint, rng, mem):
    """g9: a 4-digit code as PIN-73-99."""
    s = f"{_code(obs, hint, rng):04d}"
    return f"PIN-{s[:2]}-{s[2:]}"
