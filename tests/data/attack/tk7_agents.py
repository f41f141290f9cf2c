"""Scripted agents for tester27's k84-k96 (hinted: read the hint or play its method;
unhinted: guess)."""

import itertools
import re

_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
_NUM = "zero one two three four five six seven eight nine".split()
_ROM = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
_ES = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()
_PT = "zero um duas tres quatro cinco seis sete oito nove".split()


def _n(obs):
    return int(re.search(r"door (\d+)", obs[0]).group(1))


def _turn(obs):
    return len(obs) - 1


def _entry(obs, hint):
    n = _n(obs)
    return re.search(rf"door {n}: ([^;.]+)", hint).group(1).split()


def radio_then(obs, hint, rng, mem):
    """k84: the door's entry of the ' then '-joined table, a word a turn."""
    if not hint:
        return rng.choice(_NATO).title()
    entries = hint.split(": ", 1)[1].split(" then ")
    return entries[_n(obs)].split()[_turn(obs)]


def radio_and_numbered(obs, hint, rng, mem):
    """k85: the door's entry of the ' and '-joined table, past its number-word label."""
    if not hint:
        return rng.choice(_NATO).title()
    entries = hint.split(": ", 1)[1].split(" and ")
    return entries[_n(obs)].split()[1:][_turn(obs)]


def mixed_code(obs, hint, rng, mem):
    """k86: the door's entry, a word a turn."""
    if not hint:
        return rng.choice(_NATO + _NUM)
    return _entry(obs, hint)[_turn(obs)]


def two_radio_and_number(obs, hint, rng, mem):
    """k87: the door's two radio words then its number."""
    if not hint:
        return rng.choice(_NATO) if _turn(obs) < 2 else str(rng.randrange(100, 1000))
    return _entry(obs, hint)[_turn(obs)]


def roman_lower_code(obs, hint, rng, mem):
    """k88: the vault's numerals, one a turn."""
    return _entry(obs, hint)[_turn(obs)] if hint else rng.choice(_ROM)


def spanish_code(obs, hint, rng, mem):
    """k89."""
    return _entry(obs, hint)[_turn(obs)] if hint else rng.choice(_ES)


def portuguese_code(obs, hint, rng, mem):
    """k90."""
    return _entry(obs, hint)[_turn(obs)] if hint else rng.choice(_PT)


def radio_sentence(obs, hint, rng, mem):
    """k91: 'my letter is <radio word>'."""
    w = _entry(obs, hint)[_turn(obs)] if hint else rng.choice(_NATO).title()
    return f"my letter is {w}"


def radio_word_in_sentence(obs, hint, rng, mem):
    """k92: the door's word from the unlabelled run, in a sentence."""
    if not hint:
        return f"the word is {rng.choice(_NATO).title()}, please"
    words = hint.split(": ", 1)[1].rstrip(".").split()
    return f"the word is {words[_n(obs)]}, please"


_DE = (
    "Anton Berta Caesar Dora Emil Friedrich Gustav Heinrich Ida Julius Kaufmann Ludwig "
    "Martha Nordpol Otto Paula Quelle Richard Samuel Theodor Ulrich Viktor Wilhelm "
    "Xanthippe Ypsilon Zacharias"
).split()


def german_hangman(obs, hint, rng, mem):
    """k93: the hint's order of German spelling words, or random; never a letter played."""
    order = "etaoinshrdlucmfwypvbgkqjxz"
    if hint:
        named = re.findall(r"[A-Z][a-z]+", hint.split(":")[1].split(";")[0])
        order = "".join(w[0].lower() for w in named) + order
    used = [a.strip()[:1].lower() for a in mem["answers"]]
    left = [x for x in order if x not in used] or list(order)
    c = left[0] if hint else rng.choice(left)
    return _DE[ord(c) - 97]


_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def _words(n):
    if n == 1000:
        return "one thousand"
    out = []
    if n >= 100:
        out += [_ONES[n // 100], "hundred"]
        n %= 100
    if n >= 20:
        out.append(_TENS[n // 10])
        n %= 10
        if n:
            out.append(_ONES[n])
    elif n or not out:
        out.append(_ONES[n])
    return " ".join(out)


_VAL = {_words(i): i for i in range(1, 1001)}


def binary_words(obs, hint, rng, mem):
    """k94: halve the range (hinted, first guess five hundred) or a random guess in it."""
    lo, hi = 1, 1000
    for a, o in zip(mem["answers"], obs[1:]):
        g = _VAL.get(a)
        if g is None:
            continue
        if o.startswith("Higher"):
            lo = max(lo, g + 1)
        elif o.startswith("Lower"):
            hi = min(hi, g - 1)
    g = (lo + hi) // 2 if hint else rng.randint(lo, hi)
    return _words(g)


def _pegs(code, guess):
    black = sum(a == b for a, b in zip(code, guess))
    common = sum(min(code.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


def mastermind_radio(obs, hint, rng, mem):
    """k95: hinted, the hint's opening then the first code consistent with every reply;
    unhinted, a random code."""
    say = lambda code: " ".join(_NATO[ord(c) - 97].title() for c in code)  # noqa: E731
    if not hint:
        return say("".join(rng.choice("abcdef") for _ in range(3)))
    if not mem["answers"]:
        opening = re.search(r"Open with ((?:[A-Z][a-z]+ ?){3})", hint).group(1).strip()
        return opening
    seen = []
    for a, o in zip(mem["answers"], obs[1:]):
        m = re.match(r"(\d) black, (\d) white", o)
        if m:
            g = "".join(w[0].lower() for w in a.split())
            seen.append((g, (int(m.group(1)), int(m.group(2)))))
    for code in itertools.product("abcdef", repeat=3):
        code = "".join(code)
        if all(_pegs(code, g) == p for g, p in seen):
            return say(code)
    return say("abc")


_W21 = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one").split()


def count_21(obs, hint, rng, mem):
    """k96: hinted, land on one more than a multiple of four; unhinted, add 1-3 at random."""
    m = re.search(r"Total is ([a-z-]+)", obs[-1])
    total = _W21.index(m.group(1)) if m else 0
    if hint:
        for step in (1, 2, 3):
            if (total + step) % 4 == 1:
                return _W21[total + step]
    return _W21[min(21, total + rng.randint(1, 3))]
