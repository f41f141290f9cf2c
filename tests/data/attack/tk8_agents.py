"""Scripted agents for tester26's m84-m97 (2026-12-04). Hinted, they read what the hint says
(the door's/vault's entry, the method); unhinted, they guess. Each reads its answers as played
(``mem["answers"]``), so a censored move is seen as the stand-in it became."""

import itertools
import re
import unicodedata

_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
_DIGIT_WORDS = {}
for _words in (
    "zero one two three four five six seven eight nine",
    "cero uno dos tres cuatro cinco seis siete ocho nueve",
):
    for _d, _w in enumerate(_words.split()):
        _DIGIT_WORDS[_w] = str(_d)
for _d, _w in enumerate(["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]):
    if _w:
        _DIGIT_WORDS[_w] = str(_d)


def _num(obs):
    return int(re.search(r"(?:vault|door) (\d+)", obs[0]).group(1))


def _entry(hint, n):
    """The n-th '; '-separated entry of the hint, after its label 'X n:' or 'X n is/opens with'."""
    entries = hint.split(": ", 1)[1].rstrip(".").split("; ")
    e = entries[n]
    return re.sub(r"^\S+ \d+(?::| is| opens with)\s*", "", e)


def vault_code(obs, hint, rng, mem):
    """m84-m87: the vault's code read from the hint's spoken digits, typed whole; else a guess."""
    if not hint:
        return "".join(str(rng.randrange(10)) for _ in range(4))
    words = re.findall(r"[a-z]+", _entry(hint, _num(obs)).lower())
    return "".join(_DIGIT_WORDS[w] for w in words if w in _DIGIT_WORDS)


_GER = {
    w.lower(): c
    for c, w in zip(
        "abcdefghijklmnopqrstuvwxyzäöü",
        "Anton Berta Cäsar Dora Emil Friedrich Gustav Heinrich Ida Julius Kaufmann Ludwig "
        "Martha Nordpol Otto Paula Quelle Richard Samuel Theodor Ulrich Viktor Wilhelm "
        "Xanthippe Ypsilon Zacharias Ärger Ökonom Übermut".split(),
        strict=True,
    )
}


def german_password(obs, hint, rng, mem):
    """m88: the door's password spelled in the German alphabet, typed whole; else a guess."""
    if not hint:
        return rng.choice(["tür", "bär", "rübe", "haus", "tor"])
    return "".join(_GER[w.lower()] for w in _entry(hint, _num(obs)).split())


def nato_line_a_turn(obs, hint, rng, mem):
    """m89: the door's line of the hint, one NATO word a turn; else a random word."""
    if not hint:
        return rng.choice(_NATO)
    line = hint.split("\n")[1:][_num(obs)]
    return line.split()[len(obs) - 1]


def nato_two_a_turn(obs, hint, rng, mem):
    """m90: the door's entry, two NATO words a turn; else two random words."""
    if not hint:
        return f"{rng.choice(_NATO).title()} {rng.choice(_NATO).title()}"
    entry = hint.split(": ", 1)[1].split(", ")[_num(obs)].split()
    i = len(obs) - 1
    return " ".join(entry[2 * i : 2 * i + 2])


def word_in_sentence(obs, hint, rng, mem):
    """m92: 'The password is <word>.' (4 words; a short answer)."""
    w = hint.split(": ")[1].split(", ")[_num(obs)] if hint else rng.choice(_NATO).title()
    return f"The password is {w}."


def word_in_long_sentence(obs, hint, rng, mem):
    """m92: the word in a sentence of 8 words."""
    w = hint.split(": ")[1].split(", ")[_num(obs)] if hint else rng.choice(_NATO).title()
    return f"I am quite sure that the password is {w}."


def mixed_password(obs, hint, rng, mem):
    """m93: the door's entry of NATO and number words, typed whole; else a guess."""
    if not hint:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(4))
    out = ""
    for w in _entry(hint, _num(obs)).lower().split():
        out += _DIGIT_WORDS.get(w) or w[0]
    return out


def _fold(s):
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()


def german_hangman(obs, hint, rng, mem):
    """m94: the hint's letters in order, skipping played ones (as played); else random."""
    played = {_fold(a.split()[-1])[:1] for a in mem.get("answers", []) if a.split()}
    if hint:
        order = re.findall(r"[A-ZÄÖÜ][a-zäöü]+", hint.split(": ", 1)[1])
        for w in order:
            if _fold(w)[0] not in played:
                return w
    left = [w for w in _GER if _fold(w)[0] not in played]
    return rng.choice(left or list(_GER)).title()


def binary_search(obs, hint, rng, mem):
    """m95: bisection over what the replies leave (its first guess, hinted, is 500); else
    random guesses."""
    if not hint:
        return str(rng.randint(1, 1000))
    lo, hi = 1, 1000
    for a, reply in zip(mem.get("answers", []), obs[1:], strict=False):
        digits = "".join(c for c in a if c.isdigit())
        if not digits:
            continue
        g = int(digits)
        if reply.startswith("higher"):
            lo = max(lo, g + 1)
        elif reply.startswith("lower"):
            hi = min(hi, g - 1)
    if not mem.get("answers"):
        return "500"
    return str((lo + hi) // 2)


_COL = ["alfa", "bravo", "charlie", "delta", "echo", "foxtrot"]


def _mm_score(code, guess):
    b = sum(x == y for x, y in zip(code, guess, strict=True))
    w = sum(min(code.count(c), guess.count(c)) for c in set(guess)) - b
    return b, w


def mastermind(obs, hint, rng, mem):
    """m96: hinted, the hint's opening, then the first code consistent with every reply (as
    played); unhinted, random codes."""
    if not hint:
        return " ".join(rng.choice(_COL).title() for _ in range(4))
    answers = mem.get("answers", [])
    if not answers:
        return re.search(r"Open with ((?:[A-Z][a-z]+ ?){4})", hint).group(1).strip()
    cands = list(itertools.product(range(6), repeat=4))
    for a, reply in zip(answers, obs[1:], strict=False):
        ws = [w.strip(".,!").lower() for w in a.split()]
        m = re.match(r"B=(\d) W=(\d)", reply)
        if len(ws) != 4 or any(w not in _COL for w in ws) or not m:
            continue
        g = tuple(_COL.index(w) for w in ws)
        fb = (int(m.group(1)), int(m.group(2)))
        cands = [c for c in cands if _mm_score(c, g) == fb]
    c = cands[0] if cands else (0, 0, 0, 0)
    return " ".join(_COL[i].title() for i in c)


_WORDS = "zero one two three four five six seven eight nine".split()


def ascending_boxes(obs, hint, rng, mem):
    """m97: hinted, the next box of the hint's order above every box opened (as played);
    unhinted, a random box."""
    if not hint:
        return rng.choice(_WORDS[1:])
    top = max((_WORDS.index(a.strip(". ").lower()) for a in mem.get("answers", [])
               if a.strip(". ").lower() in _WORDS), default=0)
    nailed = {int(d) for d in re.findall(r"\d", obs[0])}
    order = re.findall(r"[a-z]+", hint.split(": ", 1)[1])
    for w in order:
        if _WORDS.index(w) > top and _WORDS.index(w) not in nailed:
            return w
    return "nine"


def call_words_then_word(obs, hint, rng, mem):
    """m91: the shown call words, a word a turn, then the door's word from the hint's list
    (else a random one)."""
    i = len(obs) - 1
    if i < 3:
        return re.search(r"Call words: ([^.]+)\.", obs[0]).group(1).split(", ")[i]
    if not hint:
        return rng.choice(_NATO).title()
    return hint.split(" in order: ")[1].split(", ")[_num(obs)]


def wake_then_plate(obs, hint, rng, mem):
    """m98: hinted, the wake words, then the plate's word; unhinted, random NATO words."""
    if not hint:
        return rng.choice(_NATO).title()
    i = len(obs) - 1
    if i < 3:
        return ["Alfa", "Bravo", "Charlie"][i]
    return re.search(r"Plate: (\w+)\.", obs[-1]).group(1)
