"""Scripted agents of tester 29 (h66-, f17-): (observations, hint, rng, memory) -> str."""
import math
import re

_SUP = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_ROMAN = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def _roman(r):
    r = r.upper()
    n = 0
    for a, b in zip(r, r[1:] + " "):
        x = _ROMAN[a]
        n += -x if b != " " and _ROMAN[b] > x else x
    return n


def _value(expr):
    """What a person reads the hint's entry as: any notation of h66-h79, to a decimal int."""
    e = expr.strip()
    if re.fullmatch(r"[mdclxviMDCLXVI]+", e):
        return _roman(e)
    m = re.fullmatch(r"(\d+) followed by (\d+)", e)
    if m:
        return int(m.group(1) + m.group(2))
    m = re.fullmatch(r"(\d+)% of (\d+)", e)
    if m:
        return int(m.group(1)) * int(m.group(2)) // 100
    e = re.sub(r"(\d+)!", lambda m: str(math.factorial(int(m.group(1)))), e)
    e = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: "**" + m.group(1).translate(_SUP), e)
    e = re.sub(r"(?<=\d),(?=\d{3})", "", e)
    e = e.replace(" X ", "*").replace(" : ", "//")
    for a, b in [("−", "-"), ("–", "-"), ("∗", "*"), ("⋅", "*"), ("✕", "*"), ("×", "*"),
                 (" times ", "*"), (" plus ", "+"), (" minus ", "-"), (" mod ", "%"),
                 ("[", "("), ("]", ")"), ("{", "("), ("}", ")"), ("\n", " ")]:
        e = e.replace(a, b)
    e = re.sub(r"\b0+(?=\d)", "", e)  # leading zeros
    return eval(e, {"__builtins__": {}})


def table_any(obs, hint, rng, mem):
    """h66-h79: the hint's entry 'vault N: <entry>;' for this vault, read as a person would;
    unhinted: a random 4-digit code."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        entry = re.search(rf"vault {v}: (.+?);", hint, re.S).group(1)
        return str(_value(entry))
    return str(rng.randrange(1000, 10000))


def dial_then_sum(obs, hint, rng, mem):
    """f17: both answer 64 (8x8, from the description), then hinted: the sum of the panel's two
    numbers; unhinted: their product (a plausible wrong guess) or their difference."""
    m = re.search(r"shows (\d+) and (\d+)", obs[-1])
    if not m:
        return "64"
    a, b = int(m.group(1)), int(m.group(2))
    if hint:
        return str(a + b)
    return str(rng.choice([a * b, abs(a - b)]))


def padded_pin(obs, hint, rng, mem):
    """h86: the hint's entry for this vault, evaluated and zero-padded to 4 digits; unhinted: a
    random 4-digit PIN."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        entry = re.search(rf"vault {v}: (.+?);", hint).group(1)
        return f"{_value(entry):04d}"
    return f"{rng.randrange(0, 10000):04d}"
