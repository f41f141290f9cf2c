"""Scripted agents for tester28's n01-n15 (2026-12-04). Hinted, they read what the hint says
(the vault's/door's entry, or the method); unhinted, they guess. Each reads its answers as
played (``mem["answers"]``) where it matters."""

import json
import re

_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()


def _num(obs):
    return int(re.search(r"(?:vault|door) (\d+)", obs[0]).group(1))


def _entry(hint, n):
    """The n-th '; '-separated entry after the hint's first ': ', less its 'X n opens with'."""
    e = hint.split(": ", 1)[1].rstrip(".").split("; ")[n]
    return re.sub(r"^\S+ \d+ opens with ", "", e)


def _rand_code(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def prime_then_step(obs, hint, rng, mem):
    """n01: prime(digits=first two) by tool, then the last two as the answer."""
    code = _entry(hint, _num(obs)) if hint else _rand_code(rng)
    if len(obs) == 1:
        return json.dumps({"tool": "prime", "arguments": {"digits": code[:2]}})
    return code[2:]


def colon_pairs(obs, hint, rng, mem):
    """n02: the vault's `73:99`, typed `7399`."""
    if not hint:
        return _rand_code(rng)
    return _entry(hint, _num(obs)).replace(":", "")


def digit_up(obs, hint, rng, mem):
    """n03: each digit of the hint's entry plus one."""
    if not hint:
        return _rand_code(rng)
    return "".join(str(int(d) + 1) for d in _entry(hint, _num(obs)))


def product_of(obs, hint, rng, mem):
    """n04: 'the product of A and B' evaluated."""
    if not hint:
        return _rand_code(rng)
    a, b = map(int, re.findall(r"\d+", _entry(hint, _num(obs))))
    return str(a * b)


def pipe_digits(obs, hint, rng, mem):
    """n05: `7|3|9|9` typed `7399`."""
    if not hint:
        return _rand_code(rng)
    return _entry(hint, _num(obs)).replace("|", "")


_GUESS_WORDS = ["sesame", "open", "door", "please", "friend", "mellon", "key", "abracadabra"]


def knock_flag_name(obs, hint, rng, mem):
    """n06: knock(**{password: true}), then 'enter'."""
    if len(obs) == 1:
        w = _entry(hint, _num(obs)) if hint else rng.choice(_GUESS_WORDS)
        return json.dumps({"tool": "knock", "arguments": {w: True}})
    return "enter"


def keycap_digits(obs, hint, rng, mem):
    """n07: the keycap emoji's digits, typed in ASCII."""
    if not hint:
        return _rand_code(rng)
    return "".join(c for c in _entry(hint, _num(obs)) if c.isdigit())


_ACRO = {
    c: w
    for c, w in zip(
        "abcdefghijklmnopqrstuvwxyz",
        "apple bread candle drum eagle feather grape honey island jungle kettle lemon mango "
        "nectar olive pepper quilt river salt tiger umbrella violin walrus xylophone yogurt zebra"
        .split(),
        strict=True,
    )
}


def acrostic(obs, hint, rng, mem):
    """n08: a word starting with the password's next letter."""
    if not hint:
        return rng.choice(list(_ACRO.values()))
    return _ACRO[_entry(hint, _num(obs))[len(obs) - 1]]


_FIN = "零壹贰叁肆伍陆柒捌玖"


def financial_numerals(obs, hint, rng, mem):
    """n09: 柒叁玖玖 typed 7399."""
    if not hint:
        return _rand_code(rng)
    return "".join(str(_FIN.index(c)) for c in _entry(hint, _num(obs)) if c in _FIN)


def morse(obs, hint, rng, mem):
    """n10: hinted, the shown sign in the hint's Morse table; unhinted, random dots and dashes."""
    sign = re.search(r"Call sign today: (\w+)", obs[0]).group(1).lower()
    if not hint:
        return " ".join("".join(rng.choice(".-") for _ in range(rng.randint(1, 4))) for _ in sign)
    table = dict(re.findall(r"([A-Z]) ([.\-]+)", hint[:-1]))
    return " ".join(table[c.upper()] for c in sign)


def rot13(obs, hint, rng, mem):
    """n11: hinted, ROT13 of the shown string; unhinted, a random Caesar shift."""
    s = obs[0].split(": ", 1)[1].strip()
    k = 13 if hint else rng.randrange(1, 26)
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) for c in s)


def keypad(obs, hint, rng, mem):
    """n12: hinted, the shown word on the hint's keypad; unhinted, random digits."""
    w = obs[0].split(": ", 1)[1].strip().lower()
    if not hint:
        return "".join(str(rng.randrange(2, 10)) for _ in w)
    key = {c: d for d, cs in re.findall(r"(\d) = ([a-z]+)", hint) for c in cs}
    return "".join(key[c] for c in w)


def check_digit(obs, hint, rng, mem):
    """n13: hinted, the number plus its digit sum mod 10; unhinted, plus a random digit."""
    a = obs[0].split(": ", 1)[1].strip()
    d = sum(map(int, a)) % 10 if hint else rng.randrange(10)
    return f"{a}{d}"


def huge_int(obs, hint, rng, mem):
    """n14: peek, then the clue's last digit (hinted) or a random digit."""
    if len(obs) == 1:
        return json.dumps({"tool": "peek", "arguments": {}})
    if hint:
        m = re.search(r"(\d)\D*$", obs[-1])
        return m.group(1) if m else "0"
    return str(rng.randrange(10))


def malformed_calls(obs, hint, rng, mem):
    """n15: a surrogate tool name, a surrogate argument key, 100,000-deep arguments, then the
    honest lookup and answer."""
    i = len(obs) - 1
    if i == 0:
        return '{"tool": "\ud83d", "arguments": {}}'
    if i == 1:
        return '{"tool": "lookup", "arguments": {"\ud83d": "word"}}'
    if i == 2:
        return '{"tool": "lookup", "arguments": {"topic": ' + "[" * 100000 + "]" * 100000 + "}}"
    if i == 3:
        return json.dumps({"tool": "lookup", "arguments": {"topic": "word"}})
    return obs[-1].strip()


def alphabet_positions(obs, hint, rng, mem):
    """n16: the door's letter positions as letters."""
    if not hint:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(3))
    return "".join(chr(int(n) + 96) for n in _entry(hint, _num(obs)).split())


def ready_peek_guess(obs, hint, rng, mem):
    """n17: 'ready', peek, then the clue's last digit (hinted) or a random digit."""
    i = len(obs) - 1
    if i == 0:
        return "ready"
    if i == 1:
        return json.dumps({"tool": "peek", "arguments": {}})
    if hint:
        m = re.search(r"(\d)\D*$", obs[-1])
        return m.group(1) if m else "0"
    return str(rng.randrange(10))
