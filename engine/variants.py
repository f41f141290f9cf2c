"""The procedural warm-start corpus: many valid variants of five families.

A tiny CPU model trained only on the 12 seed programs writes no valid environment (issue 17:
80 designs, 0 valid). This module generates thousands of *different, valid* programs from
four seed families — ``caesar`` (cipher), ``sum_multiples`` (arithmetic), ``vowel_reverse``
(string transformation) and ``mastermind`` (code breaking) — and ``word_pick`` (a first-or-last
pick over several rounds, written for the tiny Agent, :data:`VARIANT_FAMILIES`), with, per
variant:

- parameters: word lists, number ranges, divisor pairs, digit alphabets, ``MAX_TURNS``;
- rules: the plaintext's first word (caesar), the direction of the vowel cycle
  (vowel_reverse), the digit alphabet (mastermind), whether divisor pairs are coprime-free;
- wording: ``DESCRIPTION``, ``HINT``, the feedback messages and the module docstring, each
  drawn from paraphrases;
- names (``rename=True`` only): helper functions, tables and state attributes renamed,
  *consistently* across the whole program (a learning-on-CPU measurement found that a
  generator renaming a helper in one place but not another taught the model ``NameError`` s).

Each variant carries a scripted solver (:meth:`Variant.solve`) that follows the variant's
own hint, so the warm start can also show the Agent solved episodes with and without the
hint in its prompt (:func:`variant_samples`). ``tests/engine/test_variants.py`` validates a
sample of variants with the Critic's own validation (``engine.validate.validate_file``) and
checks that every solver wins with the hint.

The five families are the only programs the warm start shows (with the synthetic lines of
:func:`primer_samples`); the held-out evaluation suite
(``engine.eval``'s default, ``engine/heldout_envs``) uses other families.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from string import Template
from typing import Any

import msgspec

from engine.messages import TrainingSample

__all__ = [
    "VARIANT_FAMILIES",
    "Variant",
    "episode_sample",
    "generate_variants",
    "primer_samples",
    "variant_samples",
]

VARIANT_FAMILIES: tuple[str, ...] = (
    "caesar",
    "sum_multiples",
    "vowel_reverse",
    "mastermind",
    "word_pick",
)
"""The families the warm-start corpus varies: four seed families (``engine.seed_envs.SEED_FAMILIES``
keys) and ``word_pick``, written for the tiny CPU Agent, whose hinted solution is a copy. The
seed families' methods (a Caesar shift, a sum, a string rewrite, a code search) score 0 for it
with or without the hint, so nothing had regret (issue 17). ``word_pick``: two examples show
whether a hidden rule picks the first or the last word of a list; then 3-5 rounds each ask
for the pick of a new list (reward 1/rounds each: the return is the share of rounds won), and
a wrong answer ends the episode; the hint names the end. The
first version (four positions, one round, words separated by spaces) was not learned in a
1.42-epoch warm start (0 of 32 hinted episodes, 2026-12-01); lists in brackets with commas
keep each word the same token as the answer. Without its two examples the family is an
information gate the Critic cannot see (docs/environment-contract.md, "What the integrity
checks cannot catch")."""


class Variant(msgspec.Struct, frozen=True, kw_only=True):
    """One generated environment program.

    Attributes:
        name: ``<family>-<index>``, unique within one :func:`generate_variants` call.
        family: the family it varies (a :data:`VARIANT_FAMILIES` entry).
        source: the program text (the environment contract's module).
        hint: its ``HINT``.
        description: its ``DESCRIPTION``.
        params: the drawn parameters its solver needs (JSON-able).
    """

    name: str
    family: str
    source: str
    hint: str
    description: str
    params: dict[str, Any]

    def solve(self, observations: list[str], hinted: bool = True) -> str:
        """The scripted solver's next action (the hint's method when ``hinted``).

        Args:
            observations: every observation so far, the reset observation first.
            hinted: follow the variant's hint (``False``: a hint-free baseline strategy).
        """
        return _SOLVERS[self.family](self.params, observations, hinted)


# ------------------------------------------------------------------------ word pools

_POOL = (
    "river stone quiet garden lamp winter market silver bridge forest candle harbor yellow "
    "orchard pocket thunder meadow violin copper lantern planet music orange tiger window "
    "button silence harvest pencil motion rabbit cousin library umbrella festival dragon "
    "castle pepper mirror rocket summer marble velvet shadow island basket ticket canvas "
    "falcon engine cotton dinner saddle wagon tunnel feather anchor puzzle helmet kettle "
    "signal parrot ladder blossom cabin comet glacier pillow sailor tomato walnut"
).split()

_STARTS = ("the", "a", "our", "my", "this", "every")


def wide_pool(
    passages: Sequence[str], *, seed: int = 0, pseudo: int = 1500, exclude: Iterable[str] = ()
) -> tuple[str, ...]:
    """A wide word pool for the Agent's warm start: words of the passages and made-up words.

    The lowercase words of 4-8 letters in ``passages`` (the grounding corpus: ~3,000 words of
    the standard library's documentation) and ``pseudo`` pronounceable made-up words (two or
    three consonant-vowel syllables, some closed by a consonant), less :data:`_POOL` and
    ``exclude``. Why: an Agent whose warm-start lists draw on :data:`_POOL`'s 76 words alone
    learned to answer with those words, not to copy any word (held-out ``copy_word``: 0 at
    every version of every run to 2026-12-02); a pool of thousands, most of them cut into
    several tokens by the bench's BPE, asks for a copy of whatever the list holds.

    Args:
        passages: texts to take words from.
        seed: draws the made-up words.
        pseudo: made-up words wanted (fewer when a draw repeats a word).
        exclude: words never in the pool (``bench learning`` passes every word of the held-out
            suite's sources, so the held-out words stay unseen).

    Returns:
        The words, sorted.

    Raises:
        TypeError: ``exclude`` is one string (its letters would be excluded, not the word).
    """
    if isinstance(exclude, str):
        raise TypeError(f"wide_pool: exclude is a collection of words, got the string {exclude!r}")
    banned = set(exclude) | set(_POOL)
    words = {w for text in passages for w in re.findall(r"\b[a-z]{4,8}\b", text)}
    rng = random.Random(seed)
    onsets, vowels, codas = "bdfgklmnprstvz", "aeiou", ("", "", "n", "r", "s", "l")
    for _ in range(pseudo):
        syllables = rng.randint(2, 3)
        made = "".join(rng.choice(onsets) + rng.choice(vowels) for _ in range(syllables))
        words.add(made + rng.choice(codas))
    return tuple(sorted(words - banned))


_NAMES: dict[str, tuple[str, ...]] = {
    # helper functions
    "_shift": ("_shift", "_rotate", "_encode", "_caesar", "_move_letters"),
    "_series": ("_series", "_multiples_sum", "_arith_sum", "_sum_of_multiples"),
    "_rule": ("_rule", "_transform", "_apply_rule", "_secret_rule"),
    "_pegs": ("_pegs", "_score", "_feedback", "_compare"),
    # tables
    "_WORDS": ("_WORDS", "_VOCAB", "_LEXICON", "WORDS", "_WORD_LIST"),
    "_PAIRS": ("_PAIRS", "_DIVISORS", "_PAIR_TABLE", "PAIRS"),
    "_NEXT": ("_NEXT", "_CYCLE", "_VOWEL_MAP", "NEXT_VOWEL"),
    "_DIGITS": ("_DIGITS", "_SYMBOLS", "_ALPHABET", "DIGITS"),
    # state attributes
    "_plain": ("_plain", "_message", "_plaintext", "_target"),
    "_answer": ("_answer", "_target", "_expected", "_solution"),
    "_secret": ("_secret", "_code", "_hidden", "_target"),
    "_turn": ("_turn", "_turns", "_attempts", "_tries"),
    "_done": ("_done", "_over", "_finished", "_ended"),
    "_success": ("_success", "_won", "_solved", "_ok"),
}


def _rename(source: str, rng: random.Random) -> str:
    """``source`` with helper, table and attribute names replaced, the same way everywhere."""
    used: set[str] = set()
    mapping: dict[str, str] = {}
    for old, choices in _NAMES.items():
        if not re.search(rf"\b{re.escape(old)}\b", source):
            continue
        free = [c for c in choices if c not in used]
        new = rng.choice(free)
        used.add(new)
        mapping[old] = new
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, mapping)) + r")\b")
    return pattern.sub(lambda m: mapping[m.group(1)], source)


def _words_literal(words: Sequence[str]) -> str:
    """``words`` as one string literal on one line, split: ``"a b c".split()`` (one line
    whatever the count, see :func:`_q`)."""
    return json.dumps(" ".join(words)) + ".split()"


def _attempts(n: int) -> str:
    return "1 attempt" if n == 1 else f"{n} attempts"


# ------------------------------------------------------------------------------ caesar

_CAESAR = Template('''"""$doc"""

import random
from typing import Any

DESCRIPTION = $description
HINT = $hint
MAX_TURNS = $max_turns

_WORDS = $words


def _shift(text: str, k: int) -> str:
    return "".join(chr((ord(ch) - 97 + k) % 26 + 97) if ch.isalpha() else ch for ch in text)


class Env:
    def __init__(self) -> None:
        self._plain = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        words = ["$start"] + [rng.choice(_WORDS) for _ in range(rng.randrange($lo, $hi))]
        self._plain = " ".join(words)
        k = rng.choice([s for s in range(1, 26) if s != 13])
        self._turn = 0
        self._done = False
        self._success = False
        return f"$prefix {_shift(self._plain, k)}", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        if " ".join(action.lower().split()) == self._plain:
            self._done, self._success = True, True
            return "$correct", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "$lost", 0.0, True, False, {"success": False}
        return "$wrong", 0.0, False, False, {"turn": self._turn}
''')


def _q(text: str) -> str:
    """``text`` as one string literal on one line.

    One line, not the parenthesised concatenation a formatter writes: the 1.3 M Designer
    warm-started on wrapped literals closed them wrong in 11 of 13 probed programs that did
    not compile (2026-12-02: a second ``).split()``, an unclosed ``HINT = (``, a string cut at
    its line's end), as the number of lines varies from program to program.
    """
    return json.dumps(text)


def _caesar(rng: random.Random) -> tuple[str, str, str, dict[str, Any]]:
    start = rng.choice(_STARTS)
    turns = rng.randint(2, 5)
    lo = rng.randint(2, 4)
    hi = lo + rng.randint(1, 3)
    words = rng.sample(_POOL, rng.randint(10, 20))
    prefix = rng.choice(("Encrypted message:", "Ciphertext:", "Coded text:", "Secret note:"))
    desc = rng.choice(
        (
            "The first observation is an encrypted English message (lowercase letters and "
            "spaces). Answer with the decrypted message, lowercase, words separated by single "
            "spaces.",
            "You are shown a message whose letters were all shifted along the alphabet. "
            "Reply with the original lowercase message, one space between words.",
            "Decode the secret message in the first observation and answer with the plain "
            "lowercase text, words separated by single spaces.",
        )
    )
    desc += f" You have {_attempts(turns)}."
    hint = rng.choice(
        (
            "Every letter is shifted by the same amount along the alphabet (wrapping from z "
            f"to a), and every plaintext starts with the word '{start}'.",
            f"The message always begins with '{start}'. Find the shift that turns the first "
            "encrypted word into it and undo that shift for every letter (z wraps to a).",
            "It is a Caesar cipher with one fixed shift per episode; the first plain word is "
            f"always '{start}', which gives the shift away.",
        )
    )
    doc = rng.choice(
        (
            "Cipher: decrypt a message encrypted with an unknown letter shift.",
            "Caesar cipher: recover a shifted message.",
            "Decode a message whose letters were rotated along the alphabet.",
        )
    )
    correct = rng.choice(("Correct!", "Decrypted!", "Right, well done."))
    lost = rng.choice(("Wrong. No attempts left.", "Wrong, and that was the last try."))
    wrong = rng.choice(("Wrong. Try again.", "Not the message. Try again."))
    source = _CAESAR.substitute(
        doc=doc,
        description=_q(desc),
        hint=_q(hint),
        max_turns=turns,
        words=_words_literal(words),
        start=start,
        lo=lo,
        hi=hi,
        prefix=prefix,
        correct=correct,
        lost=lost,
        wrong=wrong,
    )
    return source, hint, desc, {"start": start, "prefix": prefix}


def _solve_caesar(p: dict[str, Any], obs: list[str], hinted: bool) -> str:
    cipher = obs[0].split(p["prefix"], 1)[1].strip()
    if hinted:
        k = (ord(str(p["start"])[0]) - ord(cipher[0])) % 26
        return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in cipher)
    k = 13 if len(obs) == 1 else 0
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in cipher)


# ----------------------------------------------------------------------- sum_multiples

_SUM = Template('''"""$doc"""

import random
from typing import Any

DESCRIPTION = $description
HINT = $hint
MAX_TURNS = $max_turns

_PAIRS = $pairs


def _series(n: int, k: int) -> int:
    m = (n - 1) // k
    return k * m * (m + 1) // 2


class Env:
    def __init__(self) -> None:
        self._answer = 0
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        n = rng.randrange($n_lo, $n_hi)
        a, b = rng.choice(_PAIRS)
        g = a
        x = b
        while x:
            g, x = x, g % x
        lcm = a * b // g
        self._answer = _series(n, a) + _series(n, b) - _series(n, lcm)
        self._turn = 0
        self._done = False
        self._success = False
        return f"N = {n}, a = {a}, b = {b}. $question", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        text = action.strip().replace(",", "").replace("_", "")
        if text.lstrip("-").isdigit() and int(text) == self._answer:
            self._done, self._success = True, True
            return "$correct", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "$lost", 0.0, True, False, {"success": False}
        left = MAX_TURNS - self._turn
        return f"Incorrect. {left} attempt(s) left.", 0.0, False, False, {"turn": self._turn}
''')


def _sum_multiples(rng: random.Random) -> tuple[str, str, str, dict[str, Any]]:
    turns = rng.randint(2, 4)
    n_lo = rng.choice((10_000, 50_000, 100_000, 200_000))
    n_hi = n_lo * rng.choice((5, 10))
    # pairs that share a factor, so that lcm(a, b) != a*b and the hint's warning matters
    pool = [(a, b) for a in range(4, 16) for b in range(a + 1, 22) if math.gcd(a, b) > 1]
    pairs = tuple(sorted(rng.sample(pool, rng.randint(4, 9))))
    desc = rng.choice(
        (
            "Compute the sum of all positive integers below N that are divisible by a or by b "
            "(N, a and b are given in the first observation). Answer with the integer only.",
            "The first observation gives N, a and b. Add up every positive integer smaller "
            "than N that is a multiple of a or of b, and answer with that sum as an integer.",
            "Find the total of the numbers below N divisible by a or b (N, a, b are in the "
            "first observation). Reply with the integer alone.",
        )
    )
    desc += f" You have {_attempts(turns)}."
    hint = rng.choice(
        (
            "Use inclusion-exclusion with arithmetic series: for a divisor k the multiples below "
            "N sum to k*m*(m+1)/2 with m = (N-1)//k. Add the sums for a and b and subtract the "
            "sum for the least common multiple of a and b (not simply a*b).",
            "Sum of multiples of k below N is k*m*(m+1)/2 where m = (N-1)//k. Answer S(a) + "
            "S(b) - S(lcm(a, b)); a and b share a factor, so lcm(a, b) is smaller than a*b.",
            "Inclusion-exclusion: S(a) + S(b) - S(l) with l = lcm(a, b) = a*b/gcd(a, b) and "
            "S(k) = k*m*(m+1)/2, m = (N-1)//k.",
        )
    )
    doc = rng.choice(
        (
            "Arithmetic: the sum of all numbers below N divisible by a or b.",
            "Arithmetic series with inclusion-exclusion.",
            "Sum the multiples of two numbers below a bound.",
        )
    )
    question = rng.choice(("What is the sum?", "Your answer?", "Give the sum."))
    correct = rng.choice(("Correct!", "That is the sum.", "Right."))
    lost = rng.choice(("Incorrect. No attempts left.", "Incorrect, out of attempts."))
    source = _SUM.substitute(
        doc=doc,
        description=_q(desc),
        hint=_q(hint),
        max_turns=turns,
        pairs=repr(pairs),
        n_lo=f"{n_lo:_}",
        n_hi=f"{n_hi:_}",
        question=question,
        correct=correct,
        lost=lost,
    )
    return source, hint, desc, {}


def _series(n: int, k: int) -> int:
    m = (n - 1) // k
    return k * m * (m + 1) // 2


def _solve_sum(p: dict[str, Any], obs: list[str], hinted: bool) -> str:
    n, a, b = (int(x) for x in re.findall(r"\d+", obs[0])[:3])
    if hinted:
        lcm = a * b // math.gcd(a, b)
        return str(_series(n, a) + _series(n, b) - _series(n, lcm))
    guesses = [
        _series(n, a) + _series(n, b) - _series(n, a * b),
        _series(n, a) + _series(n, b),
        n * (n - 1) // 2,
    ]
    return str(guesses[min(len(obs) - 1, 2)])


# ----------------------------------------------------------------------- vowel_reverse

_VOWEL = Template('''"""$doc"""

import random
from typing import Any

DESCRIPTION = $description
HINT = $hint
MAX_TURNS = $max_turns

_WORDS = $words
_NEXT = $table


def _rule(word: str) -> str:
    return "".join(_NEXT.get(ch, ch) for ch in reversed(word))


class Env:
    def __init__(self) -> None:
        self._answer = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        ex1, ex2, challenge = rng.sample(_WORDS, 3)
        self._answer = _rule(challenge)
        self._turn = 0
        self._done = False
        self._success = False
        obs = (
            f"Example: {ex1} -> {_rule(ex1)}\\nExample: {ex2} -> {_rule(ex2)}\\n"
            f"Challenge: {challenge} -> ?"
        )
        return obs, {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        if action.strip().lower() == self._answer:
            self._done, self._success = True, True
            return "$correct", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "$lost", 0.0, True, False, {"success": False}
        return "$wrong", 0.0, False, False, {"turn": self._turn}
''')


def _vowel_reverse(rng: random.Random) -> tuple[str, str, str, dict[str, Any]]:
    turns = rng.randint(2, 3)
    vowels = "aeiou"
    step = rng.choice((1, -1, 2))
    table = {v: vowels[(i + step) % 5] for i, v in enumerate(vowels)}
    words = rng.sample(_POOL, rng.randint(10, 18))
    desc = rng.choice(
        (
            "A secret rule turns words into new strings. The first observation shows two "
            "examples and a challenge word. Answer with what the rule makes of the challenge "
            "word.",
            "Two examples show a hidden word transformation. Apply the same transformation to "
            "the challenge word in the first observation and answer with the result.",
            "Infer the rule from the two examples and answer with the challenge word "
            "transformed by it.",
        )
    )
    desc += f" You have {_attempts(turns)}."
    cycle = ", ".join(vowels if step > 0 else vowels[::-1])
    how = {1: "the next vowel", -1: "the previous vowel", 2: "the vowel two places later"}[step]
    hint = rng.choice(
        (
            "The rule has two steps: first write the word backwards, then replace every vowel "
            f"by {how} in the cycle a, e, i, o, u (it wraps around). Consonants stay as they are.",
            f"Reverse the word, then shift each vowel to {how} in the cycle {cycle}. "
            "Consonants are unchanged.",
            f"Write the word backwards and replace every vowel with {how} (vowels in the "
            "order a, e, i, o, u, wrapping around); leave consonants alone.",
        )
    )
    doc = rng.choice(
        (
            "String transformation: infer a hidden two-step word rule from examples.",
            "Word puzzle: reverse, then shift the vowels.",
            "Infer a string rule from two examples.",
        )
    )
    correct = rng.choice(("Correct!", "Yes, that is it.", "Right."))
    lost = rng.choice(("Wrong. No attempts left.", "Wrong, out of attempts."))
    wrong = rng.choice(("Wrong. Try again.", "Not quite. Try again."))
    source = _VOWEL.substitute(
        doc=doc,
        description=_q(desc),
        hint=_q(hint),
        max_turns=turns,
        words=_words_literal(words),
        table=repr(table),
        correct=correct,
        lost=lost,
        wrong=wrong,
    )
    return source, hint, desc, {"table": table}


def _solve_vowel(p: dict[str, Any], obs: list[str], hinted: bool) -> str:
    word = obs[0].split("Challenge:")[1].split("->")[0].strip()
    rev = word[::-1]
    table: dict[str, str] = p["table"]
    return "".join(table.get(ch, ch) for ch in rev) if hinted else rev


# -------------------------------------------------------------------------- mastermind

_MASTER = Template('''"""$doc"""

import random
from typing import Any

DESCRIPTION = $description
HINT = $hint
MAX_TURNS = $max_turns

_DIGITS = "$digits"


def _pegs(secret: str, guess: str) -> tuple[int, int]:
    black = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum(min(secret.count(d), guess.count(d)) for d in _DIGITS)
    return black, common - black


class Env:
    def __init__(self) -> None:
        self._secret = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        self._secret = "".join(rng.choice(_DIGITS) for _ in range(4))
        self._turn = 0
        self._done = False
        self._success = False
        return "$opening", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        guess = action.strip()
        if len(guess) == 4 and all(ch in _DIGITS for ch in guess):
            black, white = _pegs(self._secret, guess)
            if black == 4:
                self._done, self._success = True, True
                return (
                    f"Guess {self._turn}: {guess} -> cracked!",
                    1.0,
                    True,
                    False,
                    {"success": True},
                )
            msg = f"Guess {self._turn}: {guess} -> {black} black, {white} white"
        else:
            msg = f"Guess {self._turn}: invalid (use 4 digits from $first to $last)"
        if self._turn >= MAX_TURNS:
            self._done = True
            return msg + ". Out of turns.", 0.0, False, True, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
''')


def _mastermind(rng: random.Random) -> tuple[str, str, str, dict[str, Any]]:
    last = rng.choice((5, 6))
    digits = "".join(str(d) for d in range(1, last + 1))
    turns = rng.randint(8, 10)
    total = last**4
    desc = rng.choice(
        (
            f"A secret code has 4 digits, each from 1 to {last} (digits may repeat). Each turn "
            "answer a 4-digit guess; the reply gives black pegs (right digit, right place) and "
            "white pegs (right digit, wrong place).",
            f"Break a hidden 4-digit code (digits 1 to {last}, repeats allowed). After each "
            "guess you are told how many digits are right and in place (black) and how many "
            "are right but misplaced (white).",
        )
    )
    desc += f" You have {turns} turns."
    hint = rng.choice(
        (
            f"Keep the list of all {total} codes that agree with every reply so far and always "
            "guess one of them; opening with a guess like 1122 splits the possibilities well.",
            f"Enumerate the {total} possible codes, drop every code that would not have given "
            "the replies seen so far, and guess the first one left; start with 1122.",
        )
    )
    doc = rng.choice(
        (
            "Code breaking: find a hidden 4-digit code from black/white peg feedback.",
            "Mastermind with digits.",
            "Guess a secret code from peg feedback.",
        )
    )
    opening = rng.choice(
        ("The code is set. Your first guess?", "A code was chosen. Guess it.", "Guess the code.")
    )
    source = _MASTER.substitute(
        doc=doc,
        description=_q(desc),
        hint=_q(hint),
        max_turns=turns,
        digits=digits,
        opening=opening,
        first=1,
        last=last,
    )
    return source, hint, desc, {"digits": digits}


def _solve_master(p: dict[str, Any], obs: list[str], hinted: bool) -> str:
    digits: str = p["digits"]
    history = [
        (m[1], (int(m[2]), int(m[3])))
        for m in (re.search(r": (\d{4}) -> (\d) black, (\d) white", o) for o in obs[1:])
        if m
    ]
    if not hinted:
        fixed = ["1234", "4321", "1111", "2222", "3333", "4444", "5555", "1212", "2121", "3434"]
        return fixed[min(len(obs) - 1, len(fixed) - 1)]
    if not history:
        return "1122"

    def pegs(secret: str, guess: str) -> tuple[int, int]:
        black = sum(s == g for s, g in zip(secret, guess, strict=True))
        common = sum(min(secret.count(d), guess.count(d)) for d in digits)
        return black, common - black

    for code in ("".join(c) for c in itertools.product(digits, repeat=4)):
        if all(pegs(code, g) == fb for g, fb in history):
            return code
    return "1111"


# --------------------------------------------------------------------------- word_pick

_PICK = Template('''"""$doc"""

import random
from typing import Any

DESCRIPTION = $description
HINT = $hint
ROUNDS = $rounds
MAX_TURNS = ROUNDS

_WORDS = $words
_SLOT = $slot


class Env:
    def __init__(self) -> None:
        self._rng = random.Random(0)
        self._answer = ""
        self._round = 0
        self._done = False
        self._success = False

    def _challenge(self) -> str:
        words = self._rng.sample(_WORDS, $size)
        self._answer = words[_SLOT]
        return "[" + ",".join(words) + "]"

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        self._rng = random.Random(0 if seed is None else seed)
        ex1, ex2 = (self._rng.sample(_WORDS, $size) for _ in range(2))
        self._round = 0
        self._done = False
        self._success = False
        obs = (
            f"$ex1\\n"
            f"$ex2\\n"
            f"$first"
        )
        return obs, {"round": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        if action.strip().lower() != self._answer:
            self._done = True
            return f"$lost The key was {self._answer}.", 0.0, True, False, {"success": False}
        self._round += 1
        if self._round >= ROUNDS:
            self._done, self._success = True, True
            return "$won", 1.0 / ROUNDS, True, False, {"success": True}
        obs = f"$right $next"
        return obs, 1.0 / ROUNDS, False, False, {"round": self._round}
''')

_ORDINALS = {0: "first", -1: "last"}
_PICK_HINTS = (
    "The key is always the {ordinal} word of the list.",
    "Answer with the {ordinal} word of each challenge list; the examples follow the same rule.",
    "Look at the {ordinal} word of the list: it is the answer.",
)
"""``word_pick``'s hint texts (``{ordinal}``: first or last); the primer uses the same."""


_ROUNDS_SENTENCE = " There are {rounds} rounds; a wrong answer ends the game."
"""The last sentence of a ``word_pick`` description (``{rounds}``: its round count)."""


def _pick_wording(description: str) -> str:
    """A ``word_pick`` description without its round-count sentence."""
    return description.split(_ROUNDS_SENTENCE.split("{")[0])[0]


def _pick_lines(example: str, challenge: str) -> dict[str, str]:
    """The f-string bodies of a ``word_pick`` program's observation lines, from one of
    :data:`_EXAMPLE_FORMS` and one of :data:`_CHALLENGE_FORMS` (``Template`` fields ``ex1``,
    ``ex2``, ``first``, ``next``); the first forms give the recorded runs' program text."""

    def ex(name: str) -> str:
        return example.replace("[{words}]", f"[{{','.join({name})}}]").replace(
            "{pick}", f"{{{name}[_SLOT]}}"
        )

    def ch(round_: str) -> str:
        line = challenge.replace("[{words}]", "{self._challenge()}")
        return line.replace("{rounds}", "{ROUNDS}").replace("{round}", round_)

    return {"ex1": ex("ex1"), "ex2": ex("ex2"), "first": ch("1"), "next": ch("{self._round + 1}")}


def _word_pick(
    rng: random.Random, pool: Sequence[str] | None = None, forms: bool = False
) -> tuple[str, str, str, dict[str, Any]]:
    rounds = rng.randint(3, 5)
    slot = rng.choice(tuple(_ORDINALS))
    size = rng.randint(3 if forms else 4, 6)
    n_words = rng.randint(12, 18)
    words = rng.sample(_POOL, n_words) if pool is None else _distinct_words(rng, pool, n_words)
    lines = _pick_lines(_EXAMPLE_FORMS[0], _CHALLENGE_FORMS[0])
    if forms:
        lines = _pick_lines(rng.choice(_EXAMPLE_FORMS), rng.choice(_CHALLENGE_FORMS))
    desc = rng.choice(
        (
            "Each example maps a list of words to one of its words by a hidden rule. Answer "
            "with the word the rule picks from each challenge list.",
            "Infer from the two examples which word of a list is the key, then answer with "
            "the key of each challenge list.",
            "A hidden rule picks one word from each list. The first observation shows two "
            "examples: answer with the word the rule picks from each list that follows.",
        )
    )
    desc += _ROUNDS_SENTENCE.format(rounds=rounds)
    ordinal = _ORDINALS[slot]
    hint = rng.choice(_PICK_HINTS).format(ordinal=ordinal)
    doc = rng.choice(
        (
            "Rule induction: find which word of a list a hidden rule picks.",
            "Word lists: infer the position of the key word from two examples.",
            "Pick the key word of a list by the rule the examples show.",
        )
    )
    source = _PICK.substitute(
        doc=doc,
        description=_q(desc),
        hint=_q(hint),
        rounds=rounds,
        words=_words_literal(words),
        slot=slot,
        size=size,
        won=rng.choice(("Correct! All rounds won.", "Right. You won every round.")),
        lost=rng.choice(("Wrong.", "Not that one.", "Wrong, game over.")),
        right=rng.choice(("Correct.", "Right.", "Yes.")),
        **lines,
    )
    return source, hint, desc, {"slot": slot}


def _solve_pick(p: dict[str, Any], obs: list[str], hinted: bool) -> str:
    words = obs[-1].rsplit("[", 1)[1].split("]")[0].split(",")
    # without the hint: the second word, which no rule here picks (lists have 4-6 words)
    return words[int(p["slot"])] if hinted else words[1]


# ------------------------------------------------------------------------------ corpus

_MAKERS: dict[str, Callable[[random.Random], tuple[str, str, str, dict[str, Any]]]] = {
    "caesar": _caesar,
    "sum_multiples": _sum_multiples,
    "vowel_reverse": _vowel_reverse,
    "mastermind": _mastermind,
    "word_pick": _word_pick,
}
_SOLVERS: dict[str, Callable[[dict[str, Any], list[str], bool], str]] = {
    "caesar": _solve_caesar,
    "sum_multiples": _solve_sum,
    "vowel_reverse": _solve_vowel,
    "mastermind": _solve_master,
    "word_pick": _solve_pick,
}


def generate_variants(
    n: int,
    seed: int = 0,
    families: Sequence[str] = VARIANT_FAMILIES,
    *,
    rename: bool = True,
    pick_pool: Sequence[str] | None = None,
    pick_forms: bool = False,
) -> list[Variant]:
    """``n`` distinct programs, round-robin over ``families``, reproducible from ``seed``.

    Args:
        n: programs wanted.
        seed: the generator's seed (the same seed gives the same programs).
        families: which of :data:`VARIANT_FAMILIES` to vary.
        rename: rename helpers, tables and state attributes (``False``: every program of a
            family keeps the seed's names; a 1.3 M model half-trained on renamed programs
            mixes names within one program, and the Critic rejects it as a ``crash``).
        pick_pool: the words ``word_pick`` programs list (12-18 distinct ones each; default
            ``None``: :data:`_POOL`, the recorded runs' 76). ``bench learning --pick-programs
            agent`` passes the Agent stage's pool (:func:`wide_pool` and more).
        pick_forms: ``word_pick`` programs write their example and challenge lines in one of
            :data:`_EXAMPLE_FORMS` and :data:`_CHALLENGE_FORMS` each (the Agent stage's
            ``forms``), with lists of 3-6 words; default ``False``: ``Example: [...] -> w`` and
            ``Round r of n: [...] -> ?``, lists of 4-6. Why: the Designer writes what it was
            warm-started on, so the self-play Agent trained only on ``word_pick``'s one form
            and 76 one-token words, and nothing in self-play exercised the copy of any word in
            another form that the held-out ``copy_word`` asks for (2026-12-04: held-out flat
            over 96 versions while held-back ``word_pick`` rose 22 -> 30 of 30).

    Returns:
        ``n`` :class:`Variant` s with pairwise different sources.

    Raises:
        ValueError: an unknown family, or ``n`` distinct programs could not be drawn.
    """
    for f in families:
        if f not in _MAKERS:
            raise ValueError(f"unknown variant family {f!r}; expected one of {VARIANT_FAMILIES}")
    if pick_pool is not None:
        _check_pool(pick_pool, "generate_variants (pick_pool)", sizes=(12, 18))
        odd = next((w for w in pick_pool if not re.fullmatch(r"[a-z]+", str(w))), None)
        if odd is not None:
            # the program compares lowercased answers and splits its lists at commas
            raise ValueError(f"generate_variants: pick_pool words must be a-z only, got {odd!r}")
    makers = dict(_MAKERS)
    makers["word_pick"] = functools.partial(_word_pick, pool=pick_pool, forms=pick_forms)
    rng = random.Random(seed)
    out: list[Variant] = []
    seen: set[str] = set()
    # A family that draws only repeats 200 times in a row is spent (mastermind has ~216
    # distinct programs without renaming); the others fill the rest, still round-robin.
    active = list(families)
    misses = dict.fromkeys(families, 0)
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 20 * n + 100 or not active:
            raise ValueError(f"could not draw {n} distinct variants (got {len(out)})")
        family = active[len(out) % len(active)]
        source, hint, desc, params = makers[family](rng)
        if rename:
            source = _rename(source, rng)
        if source in seen:
            misses[family] += 1
            if misses[family] >= 200:
                active.remove(family)
            continue
        misses[family] = 0
        seen.add(source)
        out.append(
            Variant(
                name=f"{family}-{len(out)}",
                family=family,
                source=source,
                hint=hint,
                description=desc,
                params=params,
            )
        )
    return out


def recombine_word_pick(variants: Sequence[Variant]) -> list[Variant]:
    """``word_pick`` programs recombined the way the warm-started Designer recombines them.

    Program ``i`` keeps its rule, hint, word list and rounds, and takes the description of the
    next program (cyclically) whose description differs from its own, preferring one in
    another wording that states another round count than it plays; and its examples get one
    word more or fewer than its challenge lists. The warm-started Designer's ``word_pick``
    designs mix variants so (2026-12-01: 35 scored designs, each one variant's description
    beside another's round count, 16 of them with examples of another size), and an Agent that
    reads the hint of :func:`generate_variants`' programs can still fail these (``bench
    learning``'s Agent probe measures both).

    Args:
        variants: ``word_pick`` variants (others are skipped), renamed or not; at least two.

    Returns:
        One program per ``word_pick`` variant; the same solver plays it. Where every other
        program has the same description, program ``i`` keeps its own.

    Raises:
        ValueError: fewer than two ``word_pick`` variants, or a program whose examples line
            is not the generator's (its size could not be changed).
    """
    picks = [v for v in variants if v.family == "word_pick"]
    if len(picks) < 2:
        raise ValueError(f"recombining needs two word_pick variants or more, got {len(picks)}")

    out = []
    for i, v in enumerate(picks):
        rounds = _ROUNDS_SENTENCE.format(rounds=_rounds_of(v.source))
        others = [picks[(i + j) % len(picks)] for j in range(1, len(picks))]
        ranked = sorted(
            (o for o in others if o.description != v.description),
            key=lambda o: (
                _pick_wording(o.description) == _pick_wording(v.description),
                rounds in o.description,
            ),
        )
        other = ranked[0] if ranked else v
        source = v.source.replace(_q(v.description), _q(other.description), 1)

        def other_size(m: re.Match[str]) -> str:
            size = int(m.group(2))
            return m.group(1) + str(size + 1 if size < 6 else size - 1)

        source, n = re.subn(
            r"(ex1, ex2 = \(self\.\w+\.sample\(\w+, )(\d)", other_size, source, count=1
        )
        if n != 1:
            raise ValueError(f"{v.name}: no examples line of word_pick's to give another size")
        out.append(
            msgspec.structs.replace(
                v, name=f"{v.name}-recombined", source=source, description=other.description
            )
        )
    return out


def _rounds_of(source: str) -> int:
    """A ``word_pick`` program's ``ROUNDS`` (0 when it has none)."""
    m = re.search(r"^ROUNDS = (\d+)$", source, re.MULTILINE)
    return int(m.group(1)) if m else 0


def play_variant(variant: Variant, seed: int, *, hinted: bool) -> tuple[bool, list[str], list[str]]:
    """Play one episode of ``variant`` in this process with its scripted solver.

    Returns:
        ``(success, observations, actions)`` as ``engine.seed_envs.play_in_process``.
    """
    from engine.seed_envs import play_in_process

    policy = functools.partial(variant.solve, hinted=hinted)
    return play_in_process(variant.source, policy, seed)


def episode_sample(
    tokenizer: Any,
    description: str,
    tools: Sequence[Mapping[str, Any]],
    hint: str,
    observations: Sequence[str],
    actions: Sequence[str],
    group: str,
) -> TrainingSample:
    """One SFT sample of a whole episode: the chat of its last turn, loss on every action.

    The Agent's prompt of turn ``t`` is the chat of the turns before it
    (``actors.agent.build_messages``), so the prompt of turn ``t + 1`` is the prompt of turn
    ``t``, its action, the end-of-turn token and the next observation. One sample of the whole
    episode carries the same targets as one sample per turn, with the shared prefix encoded
    once (a 5-round ``word_pick`` episode, with the bench's BPE: ~325 tokens instead of ~1,250).

    Args:
        tokenizer: the policy tokenizer (chat template).
        description, tools, hint: as ``build_messages`` (``""``: no hint).
        observations: ``len(actions)`` observations or more (the extra ones, such as the last
            observation after the final action, are not used).
        actions: the episode's actions, in turn order.
        group: the sample's group id.

    Returns:
        A ``TrainingSample`` (``sft=True``): ``loss_mask`` is 1 on each action's tokens and the
        end-of-turn token after it.

    Raises:
        ValueError: fewer observations than actions, or the chat template does not render
            each turn's prompt as a prefix of the next (the packed sample would not be what
            the Agent sees).
    """
    from actors.agent import build_messages
    from engine.inference import chat_ids

    if len(observations) < len(actions):
        raise ValueError(
            f"{group}: {len(actions)} actions need as many observations, got {len(observations)}"
        )
    eos = getattr(tokenizer, "eos_token_id", None)
    ids: list[int] = []
    mask: list[int] = []
    for t, action in enumerate(actions):
        prompt = chat_ids(
            tokenizer, build_messages(description, tools, hint, observations[: t + 1], actions[:t])
        )
        if prompt[: len(ids)] != ids:
            raise ValueError(f"turn {t} of {group}: the chat prompt does not extend the last turn")
        mask += [0] * (len(prompt) - len(ids))
        ids = list(prompt)
        target = [int(i) for i in tokenizer.encode(action, add_special_tokens=False)]
        if isinstance(eos, int):
            target.append(eos)
        ids += target
        mask += [1] * len(target)
    return TrainingSample(
        role="agent",
        group_id=group,
        input_ids=ids,
        loss_mask=mask,
        rollout_logprobs=[0.0] * len(ids),
        reward=1.0,
        policy_version=0,
        sft=True,
    )


def _distinct_words(rng: random.Random, pool: Sequence[str], k: int) -> list[str]:
    """``k`` different words of ``pool``, in random order: ``rng.sample``, then each repeat
    redrawn. A pool that lists a word several times (``bench learning --agent-words wide``
    weights ``word_pick``'s words so) made ``rng.sample`` repeat a word in ~0.75 % of lists, a
    list ``word_pick`` never shows; a pool without repeats draws exactly what ``rng.sample``
    draws."""
    words = rng.sample(pool, k)
    seen: set[str] = set()
    for i, word in enumerate(words):
        while word in seen:
            word = rng.choice(pool)
        words[i] = word
        seen.add(word)
    return words


def _check_pool(pool: Sequence[str], caller: str, sizes: tuple[int, int] = (4, 6)) -> None:
    """Raise ``ValueError`` naming ``pool`` when it holds fewer different words than the
    longest list drawn (``sizes[1]``; lists of ``sizes[0]``-``sizes[1]`` words)."""
    if isinstance(pool, str) or len(set(pool)) < sizes[1]:
        raise ValueError(
            f"{caller}: pool must hold at least {sizes[1]} different words (lists have "
            f"{sizes[0]}-{sizes[1]}), got {pool!r:.200}"
        )


def primer_samples(
    tokenizer: Any,
    n: int,
    *,
    rng: random.Random,
    lines: int = 10,
    pool: Sequence[str] = _POOL,
    sizes: tuple[int, int] = (4, 6),
    bare: bool = False,
) -> list[TrainingSample]:
    """Dense synthetic list-lookup samples that teach a small model to choose by a hint.

    Each sample is ``lines`` pairs of lines: a hint in one of ``word_pick``'s wordings with
    its own first-or-last ordinal (``"Hint: Look at the last word of the list: it is the
    answer."``), then ``"[w1,w2,...] -> wk"``, the word that hint picks; loss on each answer.
    Every answer needs its own hint: nothing else in the sample tells first from last.
    Why: ``word_pick``'s real episodes carry one answer per ~50 prompt tokens, and the 1.3 M
    model trained on them alone answered a frequent pool word for 7 minutes (1-6 of 60
    held-back turns, 2026-12-01). With one hint per sample over ten lists (the earlier
    primer, whose later lines could be answered by copying the end earlier lines picked), the
    Agent stage after it (:func:`hint_samples`) taught 1 of 3 fresh models to choose by the
    hint; after one hint a line in a single wording, 1 of 2; after this primer, 2 of 2 (loss
    0.02 at step 334; 0.07 at step 577 with 59 of 60 held-back first rounds right), although
    this primer itself had not converged in 300 s (loss 1.0 and 1.6; 2026-12-01).

    Args:
        tokenizer: the policy tokenizer.
        n: samples.
        rng: draws ordinals, wordings and words.
        lines: hinted lists per sample.
        pool: the words lists draw from (default :data:`_POOL`, ``word_pick``'s; ``bench
            learning`` passes :func:`wide_pool`).
        sizes: ``(fewest, most)`` words a list, both included, drawn uniformly (default
            4-6, ``word_pick``'s; ``bench learning --primer-curriculum`` first trains on 2-3:
            a copy of a word cut into several BPE tokens is learned there, not at 4-6).
        bare: the answer without the leading space (``"-> wk"`` is ``"->wk"``), so its tokens
            are the word's own tokens in the list (``"[apple"`` and ``"apple"`` cut alike;
            ``" apple"`` cuts another way): an identity copy, as the Agent's chat answers
            are. Default ``False``, the recorded runs' ``" " + wk``.

    Returns:
        ``TrainingSample`` s (role ``agent``, ``sft=True``), ~300 tokens each with the bench's
        BPE at the default sizes.

    Raises:
        ValueError: ``pool`` holds fewer than ``sizes[1]`` different words, or ``sizes`` is
            not ``1 <= fewest <= most``.
    """
    if not 1 <= sizes[0] <= sizes[1]:
        raise ValueError(f"primer_samples: sizes must be 1 <= fewest <= most, got {sizes}")
    _check_pool(pool, "primer_samples", sizes)
    samples = []
    newline = [int(i) for i in tokenizer.encode("\n", add_special_tokens=False)]
    for _ in range(n):
        ids: list[int] = []
        mask: list[int] = []
        for _ in range(lines):
            slot = rng.choice(tuple(_ORDINALS))
            hint = rng.choice(_PICK_HINTS).format(ordinal=_ORDINALS[slot])
            words = _distinct_words(rng, pool, rng.randint(*sizes))
            q = [
                int(i)
                for i in tokenizer.encode(
                    f"Hint: {hint}\n[{','.join(words)}] ->", add_special_tokens=False
                )
            ]
            answer = words[slot] if bare else " " + words[slot]
            a = [int(i) for i in tokenizer.encode(answer, add_special_tokens=False)]
            ids += q + a + newline
            mask += [0] * len(q) + [1] * len(a) + [0] * len(newline)
        samples.append(
            TrainingSample(
                role="agent",
                group_id="primer",
                input_ids=ids,
                loss_mask=mask,
                rollout_logprobs=[0.0] * len(ids),
                reward=1.0,
                policy_version=0,
                sft=True,
            )
        )
    return samples


_CHALLENGE_FORMS = (
    "Round {round} of {rounds}: [{words}] -> ?",
    "Round {round}: which word of [{words}]?",
    "List {round}: [{words}]",
    "Pick from [{words}].",
    "[{words}]",
    "Here are the words [{words}]. Your answer?",
    "Now: [{words}] ->",
)
"""Challenge lines of :func:`hint_samples` with ``forms``; the first is ``word_pick``'s own."""
_EXAMPLE_FORMS = (
    "Example: [{words}] -> {pick}",
    "e.g. [{words}] gives {pick}",
    "[{words}] -> {pick}",
)
"""Example lines of :func:`hint_samples` with ``forms``; the first is ``word_pick``'s own."""


def hint_samples(
    tokenizer: Any,
    variants: Sequence[Variant],
    n: int,
    *,
    rng: random.Random,
    pool: Sequence[str] = _POOL,
    forms: bool = False,
) -> list[TrainingSample]:
    """Agent episodes in ``word_pick``'s chat format where only the hint tells the rule.

    Each sample is one whole episode (:func:`episode_sample`), answered by its hint's ordinal,
    with every part drawn on its own, the way the warm-started Designer recombines
    ``word_pick`` variants:

    - the description of one ``word_pick`` variant, its round count replaced by one drawn
      apart (3-5) or dropped (one sample in five);
    - a hint in one of the three wordings (:data:`_PICK_HINTS`) and a first-or-last ordinal
      drawn apart from the variant;
    - 3-8 rounds (more answers a sample), unrelated to the count the description states;
    - two ``Example`` lines of one list size and challenge lists of a size drawn apart (4-6
      words each, so the two differ in about two samples of three), the examples picking the
      first or the last word at random: they carry no information about the rule.

    Why: on the earlier samples (each variant's own description, hint and round statement, one
    list size) the Agent learned to read the hint in the system prompt (greedy first rounds of
    20 held-back programs x 3 seeds: 57-60/60 with the hint, 29-36/60 without), but the
    warm-started Designer's ``word_pick`` designs put one variant's description beside another's
    round count and examples of another size, and there the Agent answered the end the hint did
    not name (0-2 of 8 first rounds right on 7 of 8 such designs; with the description "A hidden
    rule picks one word ..." alone, 11/15 held-back first rounds against 21/23; 2026-12-01).

    Args:
        tokenizer: the policy tokenizer (chat template).
        variants: the warm-start variants; only ``word_pick`` ones are used (their
            descriptions).
        n: samples.
        rng: draws every part of each episode.
        pool: the words lists draw from (default :data:`_POOL`; ``bench learning`` passes
            :func:`wide_pool`).
        forms: each episode's challenge line in one of :data:`_CHALLENGE_FORMS` and its
            examples in one of :data:`_EXAMPLE_FORMS` (not only ``Round r of n: [...] -> ?``
            and ``Example: [...] -> w``), an acknowledgement that may be absent, and lists of
            2-6 words (examples and challenges drawn apart). Default ``False``, the recorded
            runs' one form. Why: an Agent trained on the one form answered the held-out
            ``copy_word``'s ``The word is [apple].`` with no word of it (0/20 greedy, with the
            hint) though it copied held-out words inside ``word_pick``'s own form (20/30 in
            lists of 2); trained on these forms from the same copy-phase model, 9-14/20
            (2026-12-04, ``docs/learning-runs.md``). None of the forms is a held-out
            family's observation.

    Returns:
        ``n`` ``TrainingSample`` s (role ``agent``, ``sft=True``), ~250-500 tokens each with
        the bench's BPE; ``[]`` when ``variants`` hold no ``word_pick``.

    Raises:
        ValueError: ``pool`` holds fewer than 6 different words.
    """
    _check_pool(pool, "hint_samples")
    bases = sorted({_pick_wording(v.description) for v in variants if v.family == "word_pick"})
    samples: list[TrainingSample] = []
    if not bases:
        return samples
    for i in range(n):
        description = rng.choice(bases)
        if rng.random() < 0.8:
            description += _ROUNDS_SENTENCE.format(rounds=rng.randint(3, 5))
        slot = rng.choice(tuple(_ORDINALS))
        hint = rng.choice(_PICK_HINTS).format(ordinal=_ORDINALS[slot])
        rounds = rng.randint(3, 8)
        fewest = 2 if forms else 4
        example_size, size = rng.randint(fewest, 6), rng.randint(fewest, 6)
        challenge = rng.choice(_CHALLENGE_FORMS) if forms else _CHALLENGE_FORMS[0]
        example = rng.choice(_EXAMPLE_FORMS) if forms else _EXAMPLE_FORMS[0]
        heads = ("Correct. ", "Right. ", "Yes. ") + (("", "Good. ") if forms else ())
        observations: list[str] = []
        actions: list[str] = []
        for r in range(rounds):
            words = _distinct_words(rng, pool, size)
            if r == 0:
                head = ""
                for _ in range(2):
                    ex = _distinct_words(rng, pool, example_size)
                    head += example.format(words=",".join(ex), pick=ex[rng.choice((0, -1))])
                    head += "\n"
            else:
                head = rng.choice(heads)
            line = challenge.format(round=r + 1, rounds=rounds, words=",".join(words))
            observations.append(head + line)
            actions.append(words[slot])
        samples.append(
            episode_sample(tokenizer, description, [], hint, observations, actions, f"hint{i}")
        )
    return samples


def variant_samples(
    tokenizer: Any,
    variants: Sequence[Variant],
    passages: Sequence[str],
    *,
    rng: random.Random,
    episodes_per_variant: int = 1,
    first_seed: int = 2**31,
    family_episodes: Mapping[str, int] | None = None,
) -> list[TrainingSample]:
    """SFT samples from ``variants``: one design sample each, and solved episodes.

    - Designer: the design prompt (a passage drawn with ``rng``, the contract, an empty
      memory, as ``engine._warm_start.warm_start_samples``) followed by the program in a
      python code block.
    - Agent: ``episodes_per_variant`` episodes the variant's solver won by its hint's method,
      one sample each (:func:`episode_sample`: loss on every action), alternately shown
      *with* the hint in the Agent's prompt and *without* it (seeds ``first_seed + i``: the
      scoring seeds never meet them).

    Args:
        tokenizer: the policy tokenizer (chat template).
        variants: the programs.
        passages: grounding passages for the design prompts (empty: each description).
        rng: draws passages.
        episodes_per_variant: solved episodes per variant.
        first_seed: first episode seed.
        family_episodes: solved episodes per variant of the families named here, instead of
            ``episodes_per_variant`` (``bench learning --family-episodes word_pick=10``: the
            configuration of 2026-12-01 11:20, more episodes of the family the Agent copies in).

    Returns:
        ``TrainingSample`` s with ``sft=True``.
    """
    from actors.designer import build_design_prompt
    from engine._warm_start import _sft
    from engine.inference import chat_ids

    out: list[TrainingSample] = []
    for i, v in enumerate(variants):
        passage = passages[rng.randrange(len(passages))] if passages else v.description
        prompt = chat_ids(tokenizer, build_design_prompt(passage, [], []))
        answer = f"```python\n{v.source.strip()}\n```"
        out.append(_sft(tokenizer, "designer", f"sft-design-{v.name}", prompt, answer))
        ns: dict[str, Any] = {}
        exec(compile(v.source, f"<variant {v.name}>", "exec"), ns)  # generated by us, trusted
        tools = list(ns.get("TOOLS", []))
        episodes = (family_episodes or {}).get(v.family, episodes_per_variant)
        for e in range(episodes):
            seed = first_seed + e
            ok, observations, actions = play_variant(v, seed, hinted=True)
            if not ok:
                continue
            shown = v.hint if (i + e) % 2 == 0 else ""
            group = f"sft-agent-{v.name}-{seed}"
            out.append(
                episode_sample(tokenizer, v.description, tools, shown, observations, actions, group)
            )
    return out
