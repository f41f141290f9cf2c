"""Scripted agents for a code keyed a piece a turn in other shapes (k6-k15), (observations,
hint, rng, memory) -> str. Hinted: this vault's (door's) entry, piece by piece; unhinted:
random pieces of the same kind."""

import json
import re

_DE = "null eins zwei drei vier fünf sechs sieben acht neun".split()


def _entry(obs, hint, what="vault"):
    n = re.search(rf"{what} (\d+)", obs[0]).group(1)
    return re.search(rf"{what} {n} opens with (\w+)", hint).group(1)


def _digit(obs, hint, rng, i):
    return _entry(obs, hint)[i] if hint else str(rng.randrange(10))


def slot_and_digit(obs, hint, rng, mem):
    """k6: set_digit(slot=i, digit=d) a turn, then open."""
    i = len(obs) - 1
    if i >= 4:
        return "open"
    d = int(_digit(obs, hint, rng, i))
    return json.dumps({"tool": "set_digit", "arguments": {"slot": i, "digit": d}})


def reverse(obs, hint, rng, mem):
    """k7: the code right to left, a digit a turn."""
    return _digit(obs, hint, rng, 3 - (len(obs) - 1))


def labelled(obs, hint, rng, mem):
    """k8: 'key <position>: <digit>'."""
    i = len(obs) - 1
    return f"key {i + 1}: {_digit(obs, hint, rng, i)}"


def five_digits(obs, hint, rng, mem):
    """k9: a 10-digit code, five digits a turn."""
    i = len(obs) - 1
    return _entry(obs, hint)[5 * i : 5 * i + 5] if hint else f"{rng.randrange(10**5):05d}"


def type_letter(obs, hint, rng, mem):
    """k10: 'type <letter>' (the door is a vault in k10's text)."""
    i = len(obs) - 1
    c = _entry(obs, hint)[i] if hint else rng.choice("abcdefghijklmnopqrstuvwxyz")
    return f"type {c}"


def german(obs, hint, rng, mem):
    """k11: 'drücke <Zahlwort>'."""
    return f"drücke {_DE[int(_digit(obs, hint, rng, len(obs) - 1))]}"


def digit_please(obs, hint, rng, mem):
    """k12: '<digit> please'."""
    return f"{_digit(obs, hint, rng, len(obs) - 1)} please"


def two_in_a_sentence(obs, hint, rng, mem):
    """k13: 'press 7 and 3'."""
    i = len(obs) - 1
    return f"press {_digit(obs, hint, rng, 2 * i)} and {_digit(obs, hint, rng, 2 * i + 1)}"


def mixed_char(obs, hint, rng, mem):
    """k14: one character of a mixed code a turn."""
    i = len(obs) - 1
    return _entry(obs, hint)[i] if hint else rng.choice("abcdefghijklmnopqrstuvwxyz0123456789")


def slot_then_digit(obs, hint, rng, mem):
    """k15: 'slot <n>', then the digit, turn about."""
    t = len(obs) - 1
    return f"slot {t // 2 + 1}" if t % 2 == 0 else _digit(obs, hint, rng, t // 2)


_ORDER = "etaoinshrdlucmfwypvbgkqjxz"


def hangman(obs, hint, rng, mem):
    """k16: letters in frequency order (hinted; the hint's own order, as the Agent reads
    it), else at random; never a letter it has played (``mem["answers"]``: as played, so a
    letter the gate check replaced is guessed again, as a policy reading its history would)."""
    used = [a.strip().lower()[:1] for a in mem["answers"]]
    if hint:
        order = "".join(re.findall(r"[a-z]", hint.split(":")[1].split(";")[0])) + _ORDER
        c = next(x for x in order if x not in used)
    else:
        c = rng.choice([x for x in _ORDER if x not in used])
    return c


def bisect(obs, hint, rng, mem):
    """k17: binary search keyed a digit a turn (hinted: from the hint's opening; unhinted:
    a random guess in the range)."""
    if not mem.get("keys"):
        lo, hi = mem.setdefault("range", [0, 999])
        last = obs[-1]
        if "guess" in mem:
            if "higher" in last:
                lo = mem["guess"] + 1
            elif "lower" in last:
                hi = mem["guess"] - 1
            mem["range"] = [lo, hi]
        if hint:
            start = re.search(r"start at (\d+)", hint)
            g = int(start.group(1)) if "guess" not in mem and start else (lo + hi) // 2
        else:
            g = rng.randint(lo, hi) if lo <= hi else lo
        mem["guess"] = g
        mem["keys"] = list(f"{g:03d}")
    return mem["keys"].pop(0)


def mastermind(obs, hint, rng, mem):
    """k18: hinted, open with the hint's code and raise each wrong place by one; unhinted,
    random guesses."""
    if not mem.get("keys"):
        if hint:
            if "guess" not in mem:
                g = re.search(r"Open with (\d+)", hint).group(1)
            else:
                fb = obs[-1][:4]
                g = "".join(
                    c if f == "Y" else str(int(c) % 6 + 1) for c, f in zip(mem["guess"], fb)
                )
        else:
            g = "".join(rng.choice("123456") for _ in range(4))
        mem["guess"] = g
        mem["keys"] = list(g)
    return mem["keys"].pop(0)


def odd_then_even(obs, hint, rng, mem):
    """k20: the 1st, 3rd, 2nd, 4th digit of the vault's code."""
    return _digit(obs, hint, rng, [0, 2, 1, 3][len(obs) - 1])


def two_keypads(obs, hint, rng, mem):
    """k21: two keys on the left keypad, two on the right, then open."""
    i = len(obs) - 1
    if i >= 4:
        return "open"
    key = int(_digit(obs, hint, rng, i))
    return json.dumps({"tool": "left" if i < 2 else "right", "arguments": {"key": key}})
