"""Scripted agents for tester32's s01-sNN. Hinted, they follow the hint (a vault's entry, or the
method applied to the observation); unhinted, they guess."""

import re

_N = "zero one two three four five six seven eight nine".split()
_RU = "ноль один два три четыре пять шесть семь восемь девять".split()
_EL = [None, "H", "He", "Li", "Be", "B", "C", "N", "O", "F"]
_BR = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵"
_M = ("january february march april may june july august september october november "
      "december").split()
_KEYS = {c: str(d) for d, s in zip(range(2, 10), ["abc", "def", "ghi", "jkl", "mno", "pqrs",
                                                     "tuv", "wxyz"]) for c in s}
_ROM = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def _vault(obs):
    return int(re.search(r"vault (\d+)", obs[0]).group(1))


def _entry(hint, n):
    return re.search(rf"vault {n}: ([^;]*)", hint).group(1).strip(" .")


def _rand_code(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def keypad(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    return "".join(_KEYS[c] for c in _entry(hint, _vault(obs)).lower())


def tally(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    return "".join(str(len(g.strip())) for g in _entry(hint, _vault(obs)).split("/"))


def dice(obs, hint, rng, mem):
    if not hint:
        return "".join(str(rng.randint(1, 6)) for _ in range(4))
    return "".join(str(ord(c) - 0x2680 + 1) for c in _entry(hint, _vault(obs)))


def russian(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    return "".join(str(_RU.index(w)) for w in _entry(hint, _vault(obs)).split())


def elements(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    return "".join(str(_EL.index(w)) for w in _entry(hint, _vault(obs)).split())


def letters_a0(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    return "".join(str(ord(c) - 65) for c in _entry(hint, _vault(obs)))


def date_ddmm(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    m = re.match(r"the (\d+)th of (\w+)", _entry(hint, _vault(obs)))
    return f"{int(m.group(1)):02d}{_M.index(m.group(2).lower()) + 1:02d}"


def halves(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    m = re.search(rf"vault {_vault(obs)} ends in (\d+), and before that comes (\d+)", hint)
    return m.group(2) + m.group(1)


def braille(obs, hint, rng, mem):
    if not hint:
        return rng.choice(["garden", "pepper", "silver", "copper"])
    return "".join(chr(97 + _BR.index(c)) for c in _entry(hint, _vault(obs)))


def _roman(s):
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = _ROM[a]
        total += -v if b != " " and _ROM[b] > v else v
    return total


def vinculum(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    e = _entry(hint, _vault(obs))
    thousands = "".join(c for c, n in zip(e, e[1:] + " ") if n == "\u0305")
    rest = e.replace("\u0305", "")[len(thousands):]
    return str(_roman(thousands) * 1000 + _roman(rest))


def clock_pm(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    h, m = re.match(r"(\d+):(\d+) pm", _entry(hint, _vault(obs))).groups()
    return f"{int(h) + 12:02d}{m}"


def mayan(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    v = 0
    for c in _entry(hint, _vault(obs)):
        v = v * 20 + ord(c) - 0x1D2E0
    return str(v)


def _vault_digit(obs):
    return int(re.search(r"vault (\d+)", obs[0]).group(1)) % 10


def plain_digit(obs, hint, rng, mem):
    """s13, s14: hinted, the vault number mod 10; unhinted, a wrong guess mostly."""
    if not hint:
        return str(rng.randrange(10))
    return str(_vault_digit(obs))


def surrogate(obs, hint, rng, mem):
    """s15: lone surrogates and a NUL around the digit; unhinted, 2 MB of text."""
    if not hint:
        return "\ud800" + "x" * 2_000_000
    return "\ud800\x00" + str(_vault_digit(obs)) + "\udfff"


def _shown(obs):
    return obs[0].split("The lock shows: ", 1)[1].split(". Enter", 1)[0]


def honest_elements(obs, hint, rng, mem):
    """s16: applies the atomic-number table to the shown symbols."""
    if not hint:
        return _rand_code(rng)
    return "".join(str(_EL.index(w)) for w in _shown(obs).split())


def honest_russian(obs, hint, rng, mem):
    """s17: translates the shown Russian words."""
    if not hint:
        return _rand_code(rng)
    return "".join(str(_RU.index(w)) for w in _shown(obs).split())


def honest_dice(obs, hint, rng, mem):
    """s18: counts the shown faces' pips."""
    if not hint:
        return "".join(str(rng.randint(1, 6)) for _ in range(4))
    return "".join(str(ord(c) - 0x2680 + 1) for c in _shown(obs))


_ORD = "first second third fourth fifth sixth seventh eighth".split()


def keypad_ordinal(obs, hint, rng, mem):
    """s19: the entry of 'the <ordinal> vault'."""
    if not hint:
        return _rand_code(rng)
    o = re.search(r"the (\w+) vault", obs[0]).group(1)
    word = re.search(rf"The {o} vault's word is (\w+)", hint).group(1)
    return "".join(_KEYS[c] for c in word.lower())


def keypad_hash(obs, hint, rng, mem):
    """s20: the entry '#N=WORD'."""
    if not hint:
        return _rand_code(rng)
    n = re.search(r"#(\d+)", obs[0]).group(1)
    word = re.search(rf"#{n}=(\w+)", hint).group(1)
    return "".join(_KEYS[c] for c in word.lower())


def keypad_letter(obs, hint, rng, mem):
    """s21: the entry 'Vault L: WORD'."""
    if not hint:
        return _rand_code(rng)
    n = re.search(r"Vault ([A-H])\b", obs[0]).group(1)
    word = re.search(rf"Vault {n}: (\w+)", hint).group(1)
    return "".join(_KEYS[c] for c in word.lower())


def tally_by_fruit(obs, hint, rng, mem):
    """s22: the hint's entry for the fruit shown, its tally groups counted."""
    if not hint:
        return _rand_code(rng)
    fruit = re.search(r"You hold a (\w+)", obs[0]).group(1)
    entry = re.search(rf"{fruit}: ([^;.]*)", hint).group(1)
    return "".join(str(len(g.strip())) for g in entry.split("/"))


def reverse_word(obs, hint, rng, mem):
    """s23: the method (reverse); unhinted, the word as shown."""
    word = re.search(r"The word is (\w+)", obs[0]).group(1)
    return word[::-1] if hint else word


def double(obs, hint, rng, mem):
    """s24: double the shown number; unhinted, the number itself."""
    n = int(re.search(r"The number is (\d+)", obs[0]).group(1))
    return str(2 * n if hint else n)
