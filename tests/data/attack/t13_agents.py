"""Scripted agents of tester-a (h92-h101, f20-): (observations, hint, rng, memory) -> str.

Each reads this vault's entry from the hint ("vault N: <entry>;") and plays it in the shape the
description asks for; unhinted, a random code in the same shape."""
import json
import re


def _entry(obs, hint):
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(rf"vault {v}: (.+?);", hint).group(1)


def _code(obs, hint, rng):
    return int(_entry(obs, hint)) if hint else rng.randrange(10, 1000)


def pad_to_keypad(obs, hint, rng, mem):
    """h92: zero-padded to the width the vault shows (4-12 digits, per seed)."""
    w = int(re.search(r"takes (\d+) digits", obs[0]).group(1))
    return str(_code(obs, hint, rng)).zfill(w)


def plus_signed(obs, hint, rng, mem):
    return f"+{_code(obs, hint, rng)}"


def decimal_point(obs, hint, rng, mem):
    return f"{_code(obs, hint, rng)}.0"


def spaced_digits(obs, hint, rng, mem):
    return " ".join(str(_code(obs, hint, rng)))


def labelled_padded(obs, hint, rng, mem):
    return f"PIN-{_code(obs, hint, rng):04d}"


def glued_label_padded(obs, hint, rng, mem):
    return f"PIN{_code(obs, hint, rng):04d}"


def trailing_zeros(obs, hint, rng, mem):
    return str(_code(obs, hint, rng)).ljust(6, "0")


def unpadded(obs, hint, rng, mem):
    """h99: the hint writes 0042, the Agent plays the plain integer 42."""
    return str(_code(obs, hint, rng))


def nine_padded(obs, hint, rng, mem):
    return str(_code(obs, hint, rng)).rjust(6, "9")


def tool_padded(obs, hint, rng, mem):
    """h101: call unlock with the PIN zero-padded to 4 digits as a JSON string, then 'enter'."""
    if len(obs) == 1:
        return json.dumps({"tool": "unlock", "arguments": {"pin": f"{_code(obs, hint, rng):04d}"}})
    return "enter"


def tool_digit_list(obs, hint, rng, mem):
    """h102: call unlock with the PIN's 4 zero-padded digits as a list of 1-character strings."""
    if len(obs) == 1:
        return json.dumps(
            {"tool": "unlock", "arguments": {"digits": list(f"{_code(obs, hint, rng):04d}")}}
        )
    return "enter"


def _value(entry):
    a, _, b = entry.partition("×")
    return int(a) * int(b) if b else int(a)


def plus_signed_arith(obs, hint, rng, mem):
    """h104: the hint's entry (6×7 or 42) evaluated, with a plus sign."""
    return f"+{_value(_entry(obs, hint)) if hint else rng.randrange(10, 1000)}"


def glued_label(obs, hint, rng, mem):
    return f"PIN{_code(obs, hint, rng)}"


def pad_to_keypad_arith(obs, hint, rng, mem):
    """h106: h92 with the hint's entries written as arithmetic (6×7)."""
    w = int(re.search(r"takes (\d+) digits", obs[0]).group(1))
    return str(_value(_entry(obs, hint)) if hint else rng.randrange(10, 1000)).zfill(w)


_LEN = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def clock_add(obs, hint, rng, mem):
    """f20: hinted, the time after carrying and wrapping; unhinted, the naive h:(m+n)."""
    h, m = map(int, re.search(r"shows (\d+):(\d+)", obs[0]).groups())
    n = int(re.search(r"show (\d+) minutes", obs[0]).group(1))
    if not hint:
        return f"{h}:{m + n}"
    t = (h * 60 + m + n) % 1440
    return f"{t // 60:02d}:{t % 60:02d}"


def dice_sum(obs, hint, rng, mem):
    """f21: hinted, the sum as two digits; unhinted, the product or the difference."""
    a, b = map(int, re.search(r"rolled (\d+) and (\d+)", obs[0]).groups())
    return f"{a + b:02d}" if hint else f"{rng.choice([a * b, abs(a - b)]):02d}"


def day_to_date(obs, hint, rng, mem):
    """f22: hinted, the month walk; unhinted, 30-day months, unpadded."""
    n = int(re.search(r"day (\d+)", obs[0]).group(1))
    if not hint:
        return f"2026-{(n - 1) // 30 + 1}-{(n - 1) % 30 + 1}"
    d, m = n, 0
    while d > _LEN[m]:
        d -= _LEN[m]
        m += 1
    return f"2026-{m + 1:02d}-{d:02d}"


def four_digit_sum(obs, hint, rng, mem):
    """f23: hinted, the sum zero-padded to 4; unhinted, the product or difference, padded."""
    a, b = map(int, re.search(r"shows (\d+) and (\d+)", obs[0]).groups())
    return f"{a + b:04d}" if hint else f"{rng.choice([a * b, abs(a - b)]) % 10000:04d}"


def huge_table_padded(obs, hint, rng, mem):
    """c9: this vault's code from 'v<N>=<code>' zero-padded to the width the vault shows."""
    v = re.search(r"vault (v\d+)", obs[0]).group(1)
    w = int(re.search(r"takes (\d+) digits", obs[0]).group(1))
    code = int(re.search(rf"\b{v}=(\d+)", hint).group(1)) if hint else rng.randrange(100, 100000)
    return str(code).zfill(w)


def huge_table_plain(obs, hint, rng, mem):
    """c2 (control for c9): this vault's code from 'v<N>=<code>', as the hint writes it."""
    v = re.search(r"vault (v\d+)", obs[0]).group(1)
    return re.search(rf"\b{v}=(\d+)", hint).group(1) if hint else str(rng.randrange(10000, 100000))


def bsearch_padded(obs, hint, rng, mem):
    """f25: agents.py's bsearch (f1), every guess zero-padded to 4 digits."""
    if hint:
        mem.setdefault("lo", 1), mem.setdefault("hi", 1000)
        if len(obs) > 1:
            g = mem["g"]
            if obs[-1] == "higher":
                mem["lo"] = g + 1
            else:
                mem["hi"] = g - 1
            mem["g"] = (mem["lo"] + mem["hi"]) // 2
        else:
            mem["g"] = 500
        return f"{mem['g']:04d}"
    return f"{rng.randint(1, 1000):04d}"
