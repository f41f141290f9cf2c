"""Scripted agents for tester24's k40-k59, (observations, hint, rng, memory) -> str.
Hinted: this vault's (door's) entry, piece by piece, in the design's spoken shape;
unhinted: random pieces of the same kind. Honest designs: the hint's method, or a guess."""

import json
import re

_ROMAN = "- I II III IV V VI VII VIII IX".split()
_WORDS = "- one two three four five six seven eight nine".split()
_ORD = "- first second third fourth fifth sixth seventh eighth ninth".split()
_FR = "- premier deuxième troisième quatrième cinquième sixième septième huitième neuvième".split()
_ES = "- primero segundo tercero cuarto quinto sexto séptimo octavo noveno".split()
_DE_ORD = "- ersten zweiten dritten vierten fünften sechsten siebten achten neunten".split()
_GREEK = "- alpha beta gamma delta epsilon stigma zeta eta theta".split()
_DE_ALPHA = (
    "Anton Berta Cäsar Dora Emil Friedrich Gustav Heinrich Ida Julius Kaufmann Ludwig Martha "
    "Nordpol Otto Paula Quelle Richard Samuel Theodor Ulrich Viktor Wilhelm Xanthippe "
    "Ypsilon Zacharias"
).split()
_NAMES = (
    "ay bee cee dee ee ef gee aitch eye jay kay ell em en oh pee cue ar ess tee you vee "
    "doubleyou ex why zed"
).split()
_NATO = (
    "Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November "
    "Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray Yankee Zulu"
).split()


def _entry(obs, hint, what="vault"):
    n = re.search(rf"{what} (\d+)", obs[0]).group(1)
    return re.search(rf"{what} {n} opens with ([\w ]+?)(?:,|\.$)", hint).group(1)


def _digit(obs, hint, rng, i=None):
    i = len(obs) - 1 if i is None else i
    return int(_entry(obs, hint)[i]) if hint else rng.randint(1, 9)


def _letter(obs, hint, rng):
    c = _entry(obs, hint, "door")[len(obs) - 1] if hint else rng.choice("etaoinshrdlu")
    return ord(c) - ord("a")


def french_ordinal(obs, hint, rng, mem):
    """k40: 'le septième'."""
    return f"le {_FR[_digit(obs, hint, rng)]}"


def spanish_ordinal(obs, hint, rng, mem):
    """k40: 'el séptimo'."""
    return f"el {_ES[_digit(obs, hint, rng)]}"


def german_ordinal(obs, hint, rng, mem):
    """k40: 'den siebten'."""
    return f"den {_DE_ORD[_digit(obs, hint, rng)]}"


def french_numeric_ordinal(obs, hint, rng, mem):
    """k40: '7e'."""
    return f"{_digit(obs, hint, rng)}e"


def mixed_forms(obs, hint, rng, mem):
    """k41: turn 1 a Roman numeral, 2 a word, 3 an ordinal, 4 a digit."""
    t = len(obs) - 1
    d = _digit(obs, hint, rng)
    return [_ROMAN[d], _WORDS[d], f"the {_ORD[d]}", str(d)][t % 4]


def roman_then_word(obs, hint, rng, mem):
    """k41: Roman numerals and number words, turn about (VII, three, IX, eight)."""
    d = _digit(obs, hint, rng)
    return _ROMAN[d] if (len(obs) - 1) % 2 == 0 else _WORDS[d]


def roman_dial(obs, hint, rng, mem):
    """k42: set_dial(slot=i, value=<Roman>) a turn, then open."""
    i = len(obs) - 1
    if i >= 4:
        return "open"
    value = _ROMAN[_digit(obs, hint, rng, i)]
    return json.dumps({"tool": "set_dial", "arguments": {"slot": i + 1, "value": value}})


def german_alphabet(obs, hint, rng, mem):
    """k43: the letter's word of the German spelling alphabet."""
    return _DE_ALPHA[_letter(obs, hint, rng)]


def greek_numeral(obs, hint, rng, mem):
    """k44: 'press <Greek letter>'."""
    return f"press {_GREEK[_digit(obs, hint, rng)]}"


def digit_place_count(obs, hint, rng, mem):
    """k45: the next digit, its place, the count left, in turn."""
    i, part = divmod(len(obs) - 1, 3)
    if part == 1:
        return str(i + 1)
    if part == 2:
        return str(3 - i)
    return _entry(obs, hint)[i] if hint else str(rng.randrange(10))


def roman_please(obs, hint, rng, mem):
    """k46: 'VII please'."""
    return f"{_ROMAN[_digit(obs, hint, rng)]} please"


def letter_name(obs, hint, rng, mem):
    """k47: the letter's English name."""
    return _NAMES[_letter(obs, hint, rng)]


def chess_square(obs, hint, rng, mem):
    """k48: one square a turn."""
    if hint:
        return _entry(obs, hint).split()[len(obs) - 1]
    return rng.choice("abcdefgh") + str(rng.randint(1, 8))


def clock_hour(obs, hint, rng, mem):
    """k49: '<hour word> o'clock'."""
    return f"{_WORDS[_digit(obs, hint, rng)]} o'clock"


def clock_hour_digits(obs, hint, rng, mem):
    """k49: '7 o'clock'."""
    return f"{_digit(obs, hint, rng)} o'clock"


# ---------------------------------------------------------------- honest methods (k50-k56)

_NUM = "zero one two three four five six seven eight nine".split()
_ORD0 = "zeroth first second third fourth fifth sixth seventh eighth ninth".split()
_ROMAN_VALUES = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
]


def _as_roman(n):
    out = ""
    for v, s in _ROMAN_VALUES:
        while n >= v:
            out, n = out + s, n - v
    return out


def _roman_value(text):
    n, i, s = 0, 0, text.strip().strip(".").upper()
    for v, sym in _ROMAN_VALUES:
        while s.startswith(sym, i):
            n, i = n + v, i + len(sym)
    return n if s and i == len(s) and _as_roman(n) == s else None


def mastermind_words(obs, hint, rng, mem):
    """k50: hinted, open with the hint's words and raise each N place by one, from the guess
    as played (``mem["answers"]``); unhinted, random guesses."""
    if not hint:
        return " ".join(_NUM[rng.randint(1, 6)] for _ in range(4))
    if not mem["answers"]:
        return re.search(r"Open with ([a-z ]+)\.", hint).group(1)
    said = re.findall(r"[a-z]+", mem["answers"][-1].lower())
    fb = obs[-1][:4]
    if len(said) != 4 or any(w not in _NUM[1:7] for w in said) or fb.startswith("inva"):
        return re.search(r"Open with ([a-z ]+)\.", hint).group(1)
    return " ".join(
        w if f == "Y" else _NUM[_NUM.index(w) % 6 + 1] for w, f in zip(said, fb, strict=False)
    )


def bisect_ordinals(obs, hint, rng, mem):
    """k51: binary search keyed a digit a turn as ordinals; the range from the judged guesses
    ('higher than 500'), so a replaced key is read as played."""
    lo, hi = 0, 999
    for o in obs:
        m = re.search(r"(higher|lower) than (\d+)", o)
        if m:
            g = int(m.group(2))
            lo, hi = (g + 1, hi) if m.group(1) == "higher" else (lo, g - 1)
    if not mem.get("keys"):
        if hint and not any("than" in o for o in obs):
            g = int(re.search(r"start at (\d+)", hint).group(1))
        elif hint:
            g = (lo + hi) // 2
        else:
            g = rng.randint(lo, hi) if lo <= hi else lo
        mem["keys"] = list(f"{g:03d}")
    return f"the {_ORD0[int(mem['keys'].pop(0))]}"


def bisect_roman(obs, hint, rng, mem):
    """k52: binary search in Roman numerals, the range from the guesses as played."""
    lo, hi = 1, 1000
    for said, fb in zip(mem["answers"], obs[1:], strict=False):
        g = _roman_value(said)
        if g is None:
            continue
        if fb.startswith("higher"):
            lo = max(lo, g + 1)
        elif fb.startswith("lower"):
            hi = min(hi, g - 1)
    if hint:
        g = 500 if not mem["answers"] else (lo + hi) // 2
        # a guess played otherwise than meant (the history shows it): the next numeral up
        replaced = [w for w, a in zip(mem.get("meant", []), mem["answers"], strict=False) if w != a]
        while _as_roman(g) in replaced and g < hi:
            g += 1
    else:
        g = rng.randint(lo, hi) if lo <= hi else lo
    mem.setdefault("meant", []).append(_as_roman(g))
    return _as_roman(g)


def nato_hangman_blind(obs, hint, rng, mem):
    """k53: frequency order (hinted) or random, as NATO words; never a letter it has played
    (as played)."""
    order = "etaoinshrdlucmfwypvbgkqjxz"
    used = [a.strip().lower()[:1] for a in mem["answers"]]
    left = [x for x in order if x not in used] or list(order)
    c = left[0] if hint else rng.choice(left)
    return _NATO[ord(c) - ord("a")]


def nim_roman(obs, hint, rng, mem):
    """k54: hinted, leave a multiple of four; unhinted, a random take; in numerals."""
    pile = _roman_value(re.search(r"Pile: ([IVXLC]+)", obs[-1]).group(1))
    take = pile % 4 if hint and pile % 4 else rng.randint(1, min(3, pile))
    return _as_roman(take)


def trip(obs, hint, rng, mem):
    """k55: hinted, the hint's rule over the forecast; unhinted, a random outing."""
    if not hint:
        return rng.choice("hotel golf tango sierra delta echo".split()).title()
    f = obs[-1]
    if "rain" in f:
        return "Hotel"
    if "strong" in f:
        return "Echo"
    return "Golf" if "hot" in f else "Sierra"


def door_digit_sum(obs, hint, rng, mem):
    """k56: hinted, the door divisible by three (digit sum); unhinted, a coin flip."""
    if not hint:
        return rng.choice(["first", "second"])
    a = re.search(r"first door (\d+)", obs[-1]).group(1)
    return "first" if sum(map(int, a)) % 3 == 0 else "second"


def nato_hangman_named(obs, hint, rng, mem):
    """k57: the hint's order of NATO words (hinted) or at random; never a letter it has
    played (as played)."""
    order = "etaoinshrdlucmfwypvbgkqjxz"
    if hint:
        named = re.findall(r"[A-Z][a-z]+", hint.split(":")[1].split(";")[0])
        order = "".join(w[0].lower() for w in named) + order
    used = [a.strip().lower()[:1] for a in mem["answers"]]
    left = [x for x in order if x not in used] or list(order)
    c = left[0] if hint else rng.choice(left)
    return _NATO[ord(c) - ord("a")]


def roman_lower(obs, hint, rng, mem):
    """k41: the digit as a lower-case Roman numeral ('vii')."""
    return _ROMAN[_digit(obs, hint, rng)].lower()


def punctuated_digit(obs, hint, rng, mem):
    """k41: the digit in punctuation ('[7]!')."""
    return f"[{_digit(obs, hint, rng)}]!"


def ordinal_then_roman(obs, hint, rng, mem):
    """k41: ordinals and Roman numerals, turn about ('the seventh', 'III', ...)."""
    d = _digit(obs, hint, rng)
    return f"the {_ORD[d]}" if (len(obs) - 1) % 2 == 0 else _ROMAN[d]
