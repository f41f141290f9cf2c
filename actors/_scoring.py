"""Score one environment: one call tree from a proposal to ``EnvScored | EnvRejected``.

:func:`score_env` is the only scoring path: the Critic actor, ``python -m engine.score``,
``python -m engine.validate`` (``agent=None``) and the embedding API all call it.

1. validate in the sandbox (``actors._validation.inspect_env``; named rejections);
2. the hint: the Hinter's (``hinter.hint_for``) or the program's ``HINT``;
3. the hint-literal probe (:func:`hint_wins`), each try on a fresh instance as in play;
4. K episodes without and K with the hint, in a nursery, on seeds drawn from ``rng`` (never
   the public probe seeds, never a fixed ``0..K-1``), paired across the two conditions;
5. an environment error in any episode rejects the design (``env_error``): it is never counted
   as the Agent's failure; too many policy errors reject it as ``not_measured``;
6. regret, its interval and flags (``actors._regret``), then, when regret is positive, the
   integrity checks that replay a winning hinted episode open-loop in fresh instances:
   - ``state_survives_reset``: the winning episode replayed on an instance that already
     played a losing one gives another result (rejection);
   - ``constant_solution`` (flag): the same action sequence wins most of ``replay_seeds``
     other seeds, so the answer is constant and the hint carries it;
   - ``information_gate`` (flag): the hinted wins need a token (a word of 3+ letters, a number) that
     only the hint gives — one the hint holds and the Agent had not seen, one every hinted
     win plays and no unhinted episode does, or one every hinted win keys a piece a turn
     (``7``, ``3``, ``9``, ``9``) — : the same agent, given the hint but with those
     tokens replaced by random ones of the same shape in every answer, plays
     ``gate_checks`` fresh episodes closed-loop and (almost) never wins
     (:func:`_information_gate`). A method hint survives this; a password, a code, a table of
     codes, a constant in arithmetic or behind a decoy does not. Where that does not flag and
     the hint is a table keyed by labels or words the task shows (``vault 0: ...; vault 1:
     ...``; ``apple: ...; pear: ...``) or a list indexed by the number it shows, the same agent
     plays ``gate_checks`` more with the labels, keys or entries rotated
     (:func:`_relabelled_gate`): a table of codes in any notation loses.
   A flagged environment is not frontier and its designer reward is 0.

Every probe that raises counts against the environment (a rejection naming the probe), so an
environment cannot switch a check off by raising on it. Nothing the program or the agent does
raises out of :func:`score_env`.
"""

from __future__ import annotations

import ast
import base64
import binascii
import collections
import functools
import itertools
import json
import logging
import math
import random
import re
import string
import sys
import traceback
import unicodedata
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

import msgspec
import trio

from engine.config import AgentConfig, CriticConfig
from engine.contract import episode_success
from engine.errors import GuestError, InvalidAction, SandboxError, ToolCallRefused
from engine.messages import (
    EnvProposed,
    EnvRejected,
    EnvScored,
    EnvValidated,
    EpisodeFinished,
    EpisodeRequested,
    HintIssued,
    Turn,
)

from ._regret import estimate_regret, normalise_text, text_contains, whole_token
from ._validation import (
    DuplicateTest,
    _error_evidence,
    _jsonable,
    _Reject,
    _sandbox_reason,
    hint_pieces,
    inspect_env,
)

__all__ = [
    "INTEGRITY_FLAGS",
    "HintSource",
    "answer_in_observations",
    "draw_seeds",
    "enough_measured",
    "hint_wins",
    "measured_successes",
    "regret_score",
    "score_env",
]

INTEGRITY_FLAGS = frozenset({"constant_solution", "information_gate"})
"""Flags that make a scored environment an information gate: not frontier, designer reward 0."""

MIN_MEASURED_SHARE = 0.5
"""Share of the K episodes per condition that must have been played for a score to stand."""

_SEED_LOW, _SEED_HIGH = 1_000_000, 2**31 - 1
_SYMBOL_WORD = r"[^\w\s\"'{}\[\]:,;()!?]+"
_SYMBOL_RUN = re.compile(rf"(?<!\S){_SYMBOL_WORD}(?:\s+{_SYMBOL_WORD})*(?!\S)")
"""Whitespace-separated words with no letter, digit or structural punctuation (Morse code,
emoji): one gate token per run (:func:`_tokens`)."""
_QUOTES = "\"'`‘’‚“”„«»‹›"
"""Quote marks, typographic ones too (an LM's hint quotes a suffix as “~#”)."""
_PUNCT_CHAR = rf"[^\w\s{re.escape(_QUOTES)}{{}}\[\]:,;()]"
_PUNCT_RUN = re.compile(_PUNCT_CHAR + "{2,}")
"""Runs of 2+ punctuation or symbol characters (not JSON's structure, not quotes): a gate token
when it holds a symbol (not only prose's ``.!?``) and is glued to a word or a number
(``417~#%@``) or quoted alone (``'~#%@'``, ``“~#”``)."""
_GATE_TOKEN = re.compile(r"[^\W_]{3,}|(?<![^\W_])\d{2}(?![^\W_])")
"""Words and mixed passphrases (``k9x2q7m4``) of 3+ letters or digits, and 2-digit numbers (a
2-digit code is a code; a 2-letter word or a 1-digit number is too common a move to be one:
"take 1, 2 or 3")."""
_WORD = re.compile(r"[^\W_]+")
_JOINED = re.compile(r"(?<![^\W_])[^\W_]+(?:[-.·_][^\W_]+)+")
"""Pieces joined by a hyphen, a dot or an underscore (``73-99``, ``ses-ame``, ``PIN_0042``)."""
_SYMBOL_JOINED = re.compile(r"(?<![^\W_])[^\W_]+(?:[^\w\s\"'`‘’“”()\[\]{}<>«»][^\W_]+)+")
"""Pieces joined by one other symbol with no space, not a quote or a bracket: a colon, a
slash, a bar, an ampersand, a plus, ... (``73:99``, ``73&99``, ``ses|ame``; tester28's n02,
tester29's p04). Read as one token beside the pieces (and beside what arithmetic makes of
them)."""
_WORD_JOINER = re.compile(r"[\W_]")
_GLUED_NUMBER = re.compile(r"(?<=[^\W\d_])\d{2,}|(?<!\d)\d{2,}(?=[^\W\d_])")
"""A run of 2+ digits glued to a letter on either side: within a word that holds a letter,
every maximal digit run is (the regex engine's own scan: a Python loop over the words of a
1 MB page cost 0.2 s, charged per turn: a tester's g8, 2026-12-02)."""


def _glued_words(text: str) -> list[tuple[str, str]]:
    """``(word, number)`` for each :func:`_glued_numbers` number of ``text`` (:func:`_fold`-ed),
    with the word that holds it: a word of ``text``, or what pieces joined by hyphens, dots or
    underscores spell (``PIN-73-99``: ``("PIN7399", "7399")``). A number glued inside a word
    the task states is the task's (``up100`` of a listed command, ``x40`` of a tool's enum,
    ``F1040`` of the answer format: a tester's j1-j4, flagged until this rule)."""
    text = _fold(text)
    words = [*_WORD.findall(text), *(re.sub(r"[-.·_]", "", j) for j in _JOINED.findall(text))]
    return [(w, n) for w in words for n in _glued_numbers(w)]


def _glued_numbers(text: str) -> list[str]:
    """The runs of 2+ digits inside words that glue them to letters: ``PIN0042`` holds the
    number ``0042``, ``42abc`` the number ``42``. A table's per-seed code answered glued to a
    label is still the code (a tester's h97, h105, 2026-12-02). Read in what the Agent plays
    and in the hint, not in what it is shown: a code among glued decoys (``QK42Z17T88``) is not
    stated by them (a tester's g4)."""
    return _GLUED_NUMBER.findall(text)


_ASCII_DIGITS = frozenset("0123456789")


_CJK_DIGITS = "〇零一二三四五六七八九"


@functools.cache
def _digit_fold() -> dict[int, str]:
    """Every non-ASCII character with a digit value to its ASCII digit: other scripts' decimal
    digits (Arabic-Indic ``٧``, Devanagari ``७``), circled, dingbat and superscript ones
    (``❼``, ``③``; NFKC maps the fullwidth ones only), the Chinese digits written one by one
    (``七三九九``), and every other character whose numeric value is a whole 0-9 and that NFKC
    keeps: the Chinese financial numerals (``柒叁玖玖`` is 7399: tester28's n09), the Hangzhou
    ones (``〧``), Suzhou, Cuneiform; and the dotless ``ı`` to ``i`` (NFKC and casefold keep it,
    but an environment that compares in upper case reads "vıolın" as VIOLIN: a tester's
    password table, 2026-12-02).

    Built on first use, by :func:`_fold` of a non-ASCII text (~0.15 s of CPU, once a process:
    at import it cost every process that imports the Critic)."""
    fold: dict[int, str] = {}
    for c in range(0x80, 0x30000):  # the last digit lies at U+1FBF9, numerals below U+30000
        value = unicodedata.numeric(chr(c), -1.0)
        if value in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9) and (
            unicodedata.digit(chr(c), None) is not None
            or unicodedata.normalize("NFKC", chr(c)) == chr(c)
        ):
            fold[c] = str(int(value))
    fold.update({ord(c): str(max(0, i - 1)) for i, c in enumerate(_CJK_DIGITS)})
    fold[ord("ı")] = "i"
    return fold


_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
"""Unicode's default-ignorable code points (DerivedCoreProperties.txt): characters a reader
never sees, format characters (``Cf``) among them, and also the combining grapheme joiner,
variation selectors and Hangul fillers, which are not ``Cf``."""


def _fold(text: str) -> str:
    """``text`` NFKC-normalised, every digit ASCII (:func:`_digit_fold`) and every invisible
    character removed (:data:`_IGNORABLE`, and the rest of category ``Cf``): the form in
    which gate tokens are found and matched. A hint that wrote its code table in
    Arabic-Indic, Devanagari, Chinese or dingbat digits, or split a password with a soft
    hyphen or a combining grapheme joiner (``ses\u034fame``), while the Agent played ASCII
    ``7399`` or ``sesame``, was paid as frontier (two testers', 2026-12-01)."""
    text = unicodedata.normalize("NFKC", text)
    if text.isascii():
        return text
    return _format_chars().sub("", _IGNORABLE.sub("", text.translate(_digit_fold())))


@functools.cache
def _format_chars() -> re.Pattern[str]:
    """A character class of Unicode category ``Cf`` (format characters), built on first use
    (~0.1 s, once a process): a loop calling ``unicodedata.category`` per character cost 0.12 s
    a megabyte, 8x the class."""
    ranges: list[list[int]] = []
    for c in range(sys.maxunicode + 1):
        if unicodedata.category(chr(c)) == "Cf":
            if ranges and ranges[-1][1] == c - 1:
                ranges[-1][1] = c
            else:
                ranges.append([c, c])
    return re.compile(
        "["
        + "".join(
            re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
            for a, b in ranges
        )
        + "]"
    )


_GROUP_SEP = "(?:,? |[,'’ʼ٬٫])"
_DIGIT_GROUPS = re.compile(rf"(?<![\d,'’ʼ٬٫])\d{{1,4}}(?:{_GROUP_SEP}\d{{1,4}})+(?!\d)")
"""Groups of 1-4 digits split by a comma, an apostrophe, the Arabic thousands or decimal
separator, one space or a comma and a space (:func:`_tokens` reads them joined too)."""


_REPEAT_WORD = re.compile(r"(?<![^\W_])(double|triple)[\s-]+([^\W_]+)", re.IGNORECASE)
"""A digit or letter said twice or thrice, as on the phone (``double nine``: tester31's
r2_08)."""


def _tokens(text: str, glued: bool = True) -> list[str]:
    """:data:`_GATE_TOKEN` tokens of ``text`` (:func:`_fold`-ed: fullwidth and other scripts'
    digits are ASCII digits), plus what pieces joined by hyphens or dots spell (``73-99`` ->
    ``7399``), what digit groups split by a thousands separator or a space spell (``7,399``,
    ``7'399``, ``73 99`` -> ``7399``) and what runs of 3+ single characters spell
    (``s e s a m e`` -> ``sesame``; number words count as digits: ``seven three nine nine``
    -> ``7399``), and with ``glued`` the numbers glued to letters (:func:`_glued_numbers`:
    ``PIN0042`` -> ``0042``), so a code cannot hide by being spelled out or labelled. What the
    Agent plays is read with ``glued=False`` and :func:`_glued_words`, which keeps each glued
    number's word."""
    text = _fold(text)
    if _REPEAT_WORD.search(text):  # 'seven three double nine' is 'seven three nine nine'
        text = _REPEAT_WORD.sub(
            lambda m: " ".join([m.group(2)] * (2 if m.group(1).casefold() == "double" else 3)),
            text,
        )
    out = [*_GATE_TOKEN.findall(text), *(_glued_numbers(text) if glued else [])]
    # pieces joined by a hyphen, a dot or an underscore spell one token: "73-99" is 7399,
    # "ses-ame" sesame, "ka_zu_mi_ro" kazumiro
    for joined in _JOINED.findall(text):
        whole = re.sub(r"[-.·_]", "", joined)
        if len(whole) >= 3:
            out.append(whole)
            # a label joined to the number's pieces: PIN-73-99 holds 7399 (a tester's g9)
            if glued:
                out += _glued_numbers(whole)
    for joined in _SYMBOL_JOINED.findall(text):
        whole = _WORD_JOINER.sub("", joined)
        if len(whole) >= 3:
            out.append(whole)
    # digit groups split by a thousands separator or a space spell one number: a hint's
    # "7,399", "7'399", "7’399", Arabic "٧٬٣٩٩" or "73 99" (pairs) is the 7399 the Agent
    # types (two testers' code tables, 2026-12-01); the groups stay tokens of their own too
    for joined in re.findall(_DIGIT_GROUPS, text):
        whole = re.sub(r"\D", "", joined)
        if len(whole) >= 3:
            out.append(whole)
    # words of symbols alone (Morse "-- . .-..", emoji), a run of them one token of 3+
    # symbols; JSON's and prose's own punctuation never joins one
    for symbols in _SYMBOL_RUN.findall(text):
        whole = "".join(symbols.split())
        if len(whole) >= 3:
            out.append(whole)
    # symbols glued to a word or quoted alone: a suffix only the hint names ("end your answer
    # with '~#%@'") is as much a gate as a password (a tester's, 2026-12-01); prose's own
    # punctuation ("Wrong...", "57?!") stays out, a documented gap
    for m in _PUNCT_RUN.finditer(text):
        if not m.group(0).strip(".!?") or not m.group(0).strip("*"):
            continue  # prose punctuation; markdown emphasis (a bolded **57** is no gate)
        before = text[m.start() - 1] if m.start() > 0 else " "
        after = text[m.end()] if m.end() < len(text) else " "
        glued = before.isalnum() or after.isalnum()
        quoted = before in _QUOTES and after in _QUOTES
        if glued or quoted:
            out.append(m.group(0))
    run: list[tuple[str, tuple[str, ...]]] = []
    groups: list[int] = []  # where the run's groups between punctuation start
    end, joined = 0, False
    for m in re.finditer(r"[^\W_]+", text):
        units = _spoken_units(m.group(0))
        if run and _joins_run(m.group(0), run[-1][0]):
            # 'seven then three and nine y nueve': the connective is no piece, but it ends a
            # group ('Victor India ... then Bravo Alfa ...': tester27's k84)
            joined = True
            continue
        if units:
            gap = text[end : m.start()]
            if not run or joined or (gap != " " and _GROUP_BREAK.search(gap)):
                groups.append(len(run))
            run.append((m.group(0), units))
            end, joined = m.end(), False
            continue
        out += _spelled_runs(run, groups)
        run, groups, joined = [], [], False
    return out + _spelled_runs(run, groups)


def _spelled_runs(run: list[tuple[str, tuple[str, ...]]], groups: list[int]) -> list[str]:
    """What a run of spelled characters (:func:`_tokens`) spells, if 3+ long
    (:func:`_run_readings`), and each group of 3+ of it between punctuation (``groups``:
    where they start): a table listed in one run, an entry between commas (``Victor India
    Oscar ..., Bravo Alfa ...``), spells each entry too."""
    if len(run) < 3:
        return []
    out = _run_readings(run)
    if len(groups) > 1:
        for start, stop in zip(groups, [*groups[1:], len(run)], strict=True):
            if stop - start >= 3:
                out += _run_readings(run[start:stop])
    return out


_RUN_CONNECTIVES = frozenset("then and und et puis dann luego poi".split())


def _joins_run(word: str, before: str) -> bool:
    """Whether ``word`` only joins two pieces of a spelled run (:func:`_tokens`): a connective
    (``then``, ``and``, ``und``, ...), or Spanish ``y`` and Italian ``e`` after a number word (a
    letter anywhere else: ``s e s a m e``). Session 18's tester26's m84, m85, m87: codes whose
    digits a hint wrote so were read in pieces and paid as frontier."""
    folded = word.casefold()
    if folded in _RUN_CONNECTIVES:
        return True
    return folded in ("y", "e") and len(before) > 1 and _spoken_units(before)[0].isdigit()


_GROUP_BREAK = re.compile(r"[,;:.|/\n]")
"""Punctuation between two words of a spelled run that ends a group of it (:func:`_tokens`)."""


@functools.lru_cache(maxsize=4096)
def _spoken_units(word: str) -> tuple[str, ...]:
    """The one character ``word`` stands for in a run of spelled characters (:func:`_tokens`),
    each reading it has, or ``()``: a character itself (``7``, ``s``); a number word or an
    ordinal of the languages the keyed reading knows (:func:`_number_word`: ``seven``,
    ``sieben``, ``seventh``, ``7th``); a Roman numeral below 10 in capitals or of 2+ small
    letters (``VII``, ``vii``); a word
    of a spelling alphabet (:func:`_spelling_letter`: ``Victor``). ``Otto`` is German ``o``
    and Italian ``8``: both. A hint that wrote its code table so (``seventh, third, ninth,
    eighth``, ``VII III IX VIII``, ``Bravo Alfa November ...``) while the Agent typed the code
    whole was paid as frontier: only English number words were read (session 17's tester's
    k72-k76)."""
    if len(word) == 1:
        return (word,)
    if len(word) > 12 or word.isdigit():
        return ()
    units: list[str] = []
    digit = _number_word(word)
    if len(digit) == 1 and digit.isdigit():
        units.append(digit)
    if (word.isupper() or (word.islower() and len(word) >= 2)) and len(word) <= 4:
        value = _roman_value(word.upper())
        if value is not None and value < 10 and str(value) not in units:
            units.append(str(value))
    letter = _spelling_letter(word)
    if letter is not None:
        units.append(letter)
    return tuple(units)


def _run_readings(run: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """What a run of spelled characters (``(word, its readings)``, :func:`_spoken_units`)
    spells: every word's first reading joined; where a word has a second one, every such
    word's last (``Otto Delta Echo``: ``8de`` and ``ode``); a run of numerals below 10 in one
    case as those numbers too (``VII I V``: ``715``, besides ``7iv``); and each run of 3+ spoken
    words of one system within it (:func:`_spoken_segments`: ``door 3: Bravo Alfa November``
    spells ``ban`` too)."""
    readings = ["".join(units[0] for _, units in run)]
    if any(len(units) > 1 for _, units in run):
        readings.append("".join(units[-1] for _, units in run))
    values = [
        _roman_value(word.upper()) if word.isupper() or word.islower() else None for word, _ in run
    ]
    if all(v is not None and v < 10 for v in values):
        readings.append("".join(str(v) for v in values))
    # a label of single characters before or after spoken words ("door 1: Bravo Alfa
    # November"): the spoken words alone spell the password too
    for segment in _spoken_segments([word for word, _ in run]):
        if len(segment) < len(run):
            readings.append("".join(_spoken_units(word)[0] for word in segment))
    return list(dict.fromkeys(readings))


def _spoken_segments(words: list[str]) -> list[list[str]]:
    """The runs of 3+ consecutive words of ``words`` that each speak one character
    (:func:`_spoken_units`) and are not one themselves, each of one system, letters or digits:
    ``Echo, Tango, Alfa``, ``sieben drei neun``; ``zero Victor India Oscar`` holds ``Victor
    India Oscar``."""
    segments: list[list[str]] = []
    current: list[str] = []
    system = ""
    for word in [*words, ""]:
        # a word speaks a letter or a digit: a number word before radio words is a label
        # ('zero Victor India Oscar ...': tester27's k85), so each system is a run of its own
        kind = ""
        if len(word) > 1 and _spoken_units(word):
            kind = "letter" if _spelling_letter(word) else "digit"
        if kind and kind == system:
            current.append(word)
            continue
        if len(current) >= 3:
            segments.append(current)
        current, system = ([word], kind) if kind else ([], "")
    return segments


def _spelled_words(hint: str) -> frozenset[str]:
    """The hint's words (casefolded) inside a run of 3+ words that each speak one character
    (:func:`_spoken_segments`: ``Echo, Tango, Alfa, Oscar``, ``seven three nine``). Such a
    word played as a short answer's one key (``Tango``) is a move of one character, as ``t``
    is; the run's reading (``etao...``) is the hint token, keyed a piece a turn
    (:func:`_keyed_candidates`). As single tokens they were censored in every answer and an
    honest hangman whose hint gives the frequency order in radio words lost every censored
    win (session 17's k57, k66, k70)."""
    return frozenset(
        word.casefold()
        for segment in _spoken_segments(re.findall(r"[^\W_]+", _fold(hint)))
        for word in segment
    )


_SUPERSCRIPT = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_WORD_OPERATORS = {
    "times": "*", "multiplied by": "*", "plus": "+", "minus": "-", "divided by": "/",
    "over": "/", "mod": "%", "modulo": "%", "to the power of": "^", "less": "-",
    "multiplied with": "*", "added to": "+", "increased by": "+", "decreased by": "-",
    "reduced by": "-", "raised to": "^",
    "\\times": "*", "\\cdot": "*", "\\div": "/",
}  # fmt: skip
_WORD_OPERATOR = re.compile(
    r"(?<![^\W\d_])("
    + "|".join(re.escape(w) for w in sorted(_WORD_OPERATORS, key=len, reverse=True))
    + r")(?![^\W\d_])",
    re.IGNORECASE,
)
_WORD_UNARY = (
    (re.compile(r"(?<![\w.])half\s+of\s+(\d{1,20})(?!\w|\.\d)", re.IGNORECASE), r"(\1 / 2)"),
    (re.compile(r"(?<![\w.])(?:twice|double)\s+(\d{1,20})(?!\w|\.\d)", re.IGNORECASE), r"(2 * \1)"),
    (re.compile(r"(?<![\w.])(\d{1,20})\s+doubled(?![\w])", re.IGNORECASE), r"(2 * \1)"),
    (re.compile(r"(?<![\w.])(\d{1,20})\s+squared(?![\w])", re.IGNORECASE), r"(\1 ^ 2)"),
    (re.compile(r"(?<![\w.])(\d{1,20})\s+cubed(?![\w])", re.IGNORECASE), r"(\1 ^ 3)"),
    (re.compile(r"\\frac\s*\{\s*(\d{1,20})\s*\}\s*\{\s*(\d{1,20})\s*\}"), r"(\1 / \2)"),
    # "subtract 1234 from 8633", "37 more than 7362", "37 less than 7436" (tester29's p09, p10)
    (
        re.compile(
            r"(?<![\w.])(?:subtract|deduct|take|take\s+away)\s+(\d{1,20})\s+from\s+(\d{1,20})(?!\w|\.\d)",
            re.IGNORECASE,
        ),
        r"(\2 - \1)",
    ),
    # "one short of 7400", "the number just before 4827", "the predecessor of 5372" (r2_09)
    (
        re.compile(
            r"(?<![\w.])(?:one\s+short\s+of|(?:the\s+)?(?:number\s+)?(?:just\s+|right\s+|"
            r"immediately\s+)?before|(?:the\s+)?predecessor\s+of|one\s+less\s+than|one\s+below)"
            r"\s+(\d{1,20})(?!\w|\.\d)",
            re.IGNORECASE,
        ),
        r"(\1 - 1)",
    ),
    (
        re.compile(
            r"(?<![\w.])(?:(?:the\s+)?(?:number\s+)?(?:just\s+|right\s+|immediately\s+)?after|"
            r"(?:the\s+)?successor\s+of|one\s+more\s+than|one\s+above|one\s+past)"
            r"\s+(\d{1,20})(?!\w|\.\d)",
            re.IGNORECASE,
        ),
        r"(\1 + 1)",
    ),
    (
        re.compile(r"(?<![\w.])(\d{1,20})\s+more\s+than\s+(\d{1,20})(?!\w|\.\d)", re.IGNORECASE),
        r"(\1 + \2)",
    ),
    (
        re.compile(
            r"(?<![\w.])(\d{1,20})\s+(?:less|fewer)\s+than\s+(\d{1,20})(?!\w|\.\d)", re.IGNORECASE
        ),
        r"(\2 - \1)",
    ),
)
_WORD_NARY = re.compile(
    r"(?<![\w.])(product|sum|difference|quotient)\s+(?:of|between)\s+"
    r"(\d{1,20}(?:\s*,\s*\d{1,20}){0,8})\s*,?\s+and\s+(\d{1,20})(?!\w|\.\d)",
    re.IGNORECASE,
)
""""the product of 7 and 1057" (tester28's n04), "the sum of 7000, 300 and 99" (tester29's
p06), "the difference between", "the quotient of": their operands joined by the operator."""
_NARY_SIGNS = {"product": " * ", "sum": " + ", "difference": " - ", "quotient": " / "}
"""Operators written as words around one number ("half of 14798", "twice 3699", "86
squared") and LaTeX's ``\\frac{a}{b}``, as ASCII arithmetic."""
_UNSPACED_DASH = re.compile(r"(?<=\d)[-–—‒](?=\d)")
"""A hyphen or dash between two digits with no space: a date, a range, a score or a code's
grouping (``2026-12-01``, ``pages 12-34``, ``21-10``), never read as a subtraction (a date's
tail 12-01 made 11 a hint number and flagged a method hint: a tester's f19)."""
_SIGNS = str.maketrans("−–—‒∗⋅·∙•⋆✕✖⨯×÷[]{}", "----**********/()()")
"""Minus signs and dashes, multiplication signs and dots, the division sign, square brackets
and braces, as the ASCII arithmetic :data:`_ARITHMETIC` reads."""
_OPERAND = r"\(*(?<![^\W\dxX])(?<![\d.,])(?<![^\d\W][xX])(?:\d{1,3}(?:,\d{3})+|\d{1,20})(?![^\W\dxX]|[.,]\d)\)*"
# a match starts at the first bracket of a run: tried from inside a run of 30,000 "(", the
# pattern scanned the rest of the run from each one (quadratic: 84 s a scoring, a tester's h81)
_ARITHMETIC = re.compile(
    rf"(?<!\(){_OPERAND}(?:\s{{0,8}}(?:\*\*|[-+*/^%]|(?<=[\d\s)])[xX](?=[\s\d(]))\s{{0,8}}{_OPERAND})+"
)
"""Integers (``7399``, ``7,399``) joined by arithmetic operators, brackets allowed
(``7×1057``, ``(37*41)+2``, ``2^10``, ``8633 % 1234``) in a text :data:`_SIGNS` and
:data:`_WORD_OPERATORS` made ASCII; ``x`` is a multiplication only between digits or spaces."""
_TAIL_START = re.compile(r"[-+]\s*(?=\(*\d)")
_HAS_OPERATOR = re.compile(r"\d\)*\s*(?:[-+*/^%xX])")
_PERCENT_OF = re.compile(r"(?<![\w.])(\d{1,20})\s*%\s*of\s+(\d{1,20})(?!\w|\.\d)", re.IGNORECASE)
_FOLLOWED_BY = re.compile(
    r"(?<![\w.])(\d{1,20})\s+followed\s+by\s+(\d{1,20})(?!\w|\.\d)", re.IGNORECASE
)
_PERCENT_WORD = re.compile(r"(?<=\d)\s*(?:percent|per\s+cent|pct)\b", re.IGNORECASE)
_FRACTION_PARTS = {
    "half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
    "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}  # fmt: skip
_FRACTION_COUNTS = {
    w: i for i, w in enumerate("one two three four five six seven eight nine".split(), 1)
} | {"a": 1, "an": 1}
_FRACTION_OF = re.compile(
    r"(?<![\w.])(?:(a|an|one|two|three|four|five|six|seven|eight|nine|\d)\s+)?"
    r"(half|halves|third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth)s?\s+of\s+"
    r"(\d{1,20})(?!\w|\.\d)",
    re.IGNORECASE,
)
_ROOT_OF = re.compile(r"(?<![\w.])(square|cube)\s+root\s+of\s+(\d{1,40})(?!\w|\.\d)", re.IGNORECASE)
_SPACED_COLON = re.compile(r"(?<=\d)\s+:\s+(?=\d)")
_FACTORIAL = re.compile(r"(?<![\w.!])(\d{1,2})!(?![!=\w])")
_RADIX_LITERAL = re.compile(
    r"(?<![\w.])0(?:[xX][0-9a-fA-F]{1,12}|[bB][01]{2,40}|[oO][0-7]{1,14})(?!\w|\.\d)"
)
"""Hexadecimal, binary and octal literals (``0x1CE7``, ``0b1110011100111``, ``0o16347``)."""
_RADIX_WORDED = re.compile(r"(?<![^\W_])(binary|hex|hexadecimal|octal)(?![^\W_])", re.IGNORECASE)
_RADIX_NAMES = {
    "binary": (2, "[01]{4,64}"),
    "octal": (8, "[0-7]{3,24}"),
    "hex": (16, "[0-9a-fA-F]{3,16}"),
    "hexadecimal": (16, "[0-9a-fA-F]{3,16}"),
}
"""A base a hint names, and how its numbers look in it: each such number is read in that base
(``in binary ... 1110011100111`` holds 7399)."""
_ROMAN_NUMERAL = re.compile(r"(?<![^\W_])(?:[MDCLXVI]{2,15}|[mdclxvi]{4,15})(?![^\W_])")
_ROMAN_VALUES = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def _arithmetic_value(expression: str) -> int | None:
    """The non-negative integer value of ``expression`` (integers, ``+ - * / ** ^ × x · ÷``,
    usual precedence), or ``None``: a fraction, an exponent over 64, a value over 40 digits."""
    text = " ".join(expression.split())  # a line break inside is no statement's end
    text = text.replace("x", "*").replace("X", "*").replace("^", "**").replace(",", "")
    text = re.sub(r"(?<!\d)0+(?=\d)", "", text)  # 0042 is 42, not a syntax error
    # brackets the match took from around it ("(vault 3: 7×1057)"): drop the unmatched ones
    while text.count("(") > text.count(")") and text.startswith("("):
        text = text[1:]
    while text.count(")") > text.count("(") and text.endswith(")"):
        text = text[:-1]
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None

    def value(node: ast.AST) -> int | None:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return int(node.value)
        if not isinstance(node, ast.BinOp):
            return None
        a, b = value(node.left), value(node.right)
        if a is None or b is None:
            return None
        if isinstance(node.op, ast.Add):
            out = a + b
        elif isinstance(node.op, ast.Sub):
            out = a - b
        elif isinstance(node.op, ast.Mult):
            out = a * b
        elif isinstance(node.op, ast.Div):
            if b == 0 or a % b:
                return None
            out = a // b
        elif isinstance(node.op, ast.Mod):
            if b == 0:
                return None
            out = a % b
        elif isinstance(node.op, ast.Pow):
            if not 0 <= b <= 64 or abs(a) > 10**12:
                return None
            out = a**b
        else:
            return None
        return out if abs(out) < 10**40 else None

    result = value(tree.body)
    return abs(result) if result is not None else None


def _roman_value(numeral: str) -> int | None:
    """The value of a Roman numeral in its canonical form (``MMCMXVII`` -> 2917), or ``None``
    (also for one of more than 30 letters: no label or code is written so, and reading a
    megabyte of ``M`` so is quadratic)."""
    if len(numeral) > 30:
        return None
    rest, total = numeral, 0
    for v, sym in _ROMAN_VALUES:
        while rest.startswith(sym):
            rest, total = rest[len(sym) :], total + v
    if rest or total == 0:
        return None
    return total if _as_roman(total) == numeral else None


def _as_roman(number: int) -> str:
    """``number`` in canonical Roman numerals, capitals (2917 -> ``MMCMXVII``; above 3999
    one ``M`` a thousand: callers keep it small)."""
    out = []
    for v, sym in _ROMAN_VALUES:
        count, number = divmod(number, v)
        out.append(sym * count)
    return "".join(out)


_CJK_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000,
               "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}  # fmt: skip
_CJK_NUMBER = re.compile(r"(?<![\d两])[\d两]*[十拾百佰千仟万萬亿億][\d两十拾百佰千仟万萬亿億]*")
"""A Chinese number with place characters, its digits folded to ASCII (``七千三百九十九`` is
``7千3百9十9``: tester29's p05)."""


_HANGUL_NUMBER = re.compile(
    "(?<![일이삼사오육칠팔구영공])[일이삼사오육칠팔구영공]*[십백천만억][일이삼사오육칠팔구영공십백천만억]*"
)
_HANGUL_DIGITS = str.maketrans("일이삼사오육칠팔구영공십백천만억", "12345678900十百千万亿")
"""Sino-Korean numerals (``칠천삼백구십구`` is 7399: tester30's q01), as :data:`_CJK_NUMBER`."""


_NO_CODE = 10**40
"""A number read out of words or CJK numerals this large is no code anyone types: it is
dropped (and ``str()`` of one past 4,300 digits raises: tester36's x03, x04, x09)."""


def _cjk_numbers(text: str) -> set[str]:
    """The values of :data:`_CJK_NUMBER` numbers in ``text`` (:func:`_fold`-ed), and of
    Sino-Korean ones (:data:`_HANGUL_NUMBER`)."""
    out: set[str] = set()
    korean = [m.group(0).translate(_HANGUL_DIGITS) for m in _HANGUL_NUMBER.finditer(text)]
    for m in [*_CJK_NUMBER.finditer(text), *(_CJK_NUMBER.fullmatch(k) for k in korean)]:
        if m is None:
            continue
        total = section = number = 0
        for ch in m.group(0):
            unit = _CJK_UNITS.get(ch)
            if unit is None:  # digits side by side are one number ("7千3百99": tester30's q02)
                number = number * 10 + (2 if ch == "两" else int(ch))
            elif unit < 10**4:
                section += (number or 1) * unit
                number = 0
            else:
                total += (section + number or 1) * unit
                section = number = 0
            if total + section + number >= _NO_CODE:
                break
        else:
            out.add(str(total + section + number))
    return out


_EN_UNITS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_EN_TENS = {
    w: 10 * i
    for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)
}
_EN_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6}
_EN_NUMBER = re.compile(
    r"(?<![^\W_])(?:(?:"
    + "|".join([*_EN_UNITS, *_EN_TENS, *_EN_SCALES])
    + r")(?:[\s-]+(?:and[\s-]+)?|(?![^\W_])))+",
    re.IGNORECASE,
)
"""A run of English number words (``seven thousand three hundred ninety-nine``: a known gap
until tester29's p05 named its Chinese kin)."""


def _english_numbers(text: str) -> set[str]:
    """The values of the runs of English number words in ``text`` that hold a tens word or a
    scale word (``seven thousand three hundred and ninety-nine`` is ``7399``); digit by digit
    (``seven three nine nine``) is :func:`_tokens`' spelled run."""
    out: set[str] = set()
    for m in _EN_NUMBER.finditer(text):
        words = [w for w in re.split(r"[\s-]+", m.group(0).casefold()) if w and w != "and"]
        if not any(w in _EN_TENS or w in _EN_SCALES for w in words):
            continue
        total = section = 0
        last = None
        parts: list[str] = []
        for w in words:
            if total + section >= _NO_CODE:  # "hundred hundred ...": 10**4400 (tester36's x03)
                parts = []
                break
            if w in _EN_UNITS or w in _EN_TENS:
                value = _EN_UNITS.get(w, _EN_TENS.get(w, 0))
                if last in ("unit", "teen") or (last == "tens" and w in _EN_TENS):
                    # two numbers side by side ("seven three"): read what came before
                    parts.append(str(total + section))
                    total = section = 0
                section += value
                last = "tens" if w in _EN_TENS else "teen" if value >= 10 else "unit"
            elif w == "hundred":
                section = (section or 1) * 100
                last = "hundred"
            else:
                total += (section or 1) * _EN_SCALES[w]
                section = 0
                last = "scale"
        if total + section >= _NO_CODE:
            continue
        parts.append(str(total + section))
        out.update(parts)
        # said like a year, "seventy-three ninety-nine" is 7399 (tester30's q03)
        if 1 < len(parts) <= 4:
            out.add("".join(parts))
    return out


@functools.lru_cache(maxsize=16)
def _hint_numbers(hint: str) -> frozenset[str]:
    """Numbers the hint writes another way, in decimal digits: the values of its integer
    arithmetic (``vault 3: 7×1057`` -> ``7399``), of its hexadecimal, binary and octal
    literals (``0x1CE7`` -> ``7399``) and of its Roman numerals (``MMCMXVII`` -> ``2917``).

    A per-seed table of codes written so holds no token the Agent plays, so without these the
    gate check had nothing to censor and the table was paid as frontier (two testers' h11 and
    h56, 2026-12-01/02). A number here only becomes a gate candidate when a hinted win plays
    it unseen; the closed-loop check then decides (a method hint whose arithmetic names a
    first move, ``start at 250+250``, still wins from another start).
    """
    # superscripts are powers ("10³"), which NFKC would fold into the digits ("103")
    text = _SUPERSCRIPT.sub(lambda m: "^" + m.group(0).translate(_SUPERSCRIPT_DIGITS), hint)
    text = _fold(text)
    out: set[str] = set()
    out.update(str(int(m.group(0), 0)) for m in _RADIX_LITERAL.finditer(text))
    # a hint that names a base: its numbers in that base too ("vault 3 is 1110011100111" in a
    # hint about binary, "hex: 1CE7"; no 0b/0x: tester31's r2_10)
    for name in {m.group(1).casefold() for m in _RADIX_WORDED.finditer(text)}:
        base, digits = _RADIX_NAMES[name]
        for number in re.findall(rf"(?<![^\W_]){digits}(?![^\W_])", text):
            if any(c.isdigit() for c in number):
                out.add(str(int(number, base)))

    # a factorial is its value, alone or inside arithmetic ("6! + 6679")
    def factorial(m: re.Match[str]) -> str:
        n = int(m.group(1))
        if not 3 <= n <= 20:
            return m.group(0)
        out.add(value := str(math.factorial(n)))
        return value

    text = _FACTORIAL.sub(factorial, text)

    # "50% of 14798" is 7399 (when whole), "73 followed by 99" is 7399, "14798 : 2" divides
    def percent(m: re.Match[str]) -> str:
        share = int(m.group(1)) * int(m.group(2))
        if share % 100:
            return m.group(0)
        out.add(value := str(share // 100))
        return value

    def joined(m: re.Match[str]) -> str:
        out.add(value := m.group(1) + m.group(2))
        return value

    text = _PERCENT_WORD.sub("%", text)  # "25 percent of 29596" (tester30's q10)

    # "one third of 22197", "two fifths of N", "a quarter of N" (tester30's q05)
    def fraction(m: re.Match[str]) -> str:
        said = (m.group(1) or "one").casefold()
        count = int(said) if said.isdigit() else _FRACTION_COUNTS[said]
        whole = int(m.group(3)) * count
        parts = _FRACTION_PARTS[m.group(2).casefold()]
        if not count or whole % parts:
            return m.group(0)
        out.add(value := str(whole // parts))
        return value

    text = _FRACTION_OF.sub(fraction, text)

    # "the square root of 54745201" (tester30's q06), "the cube root of N": when whole
    def root(m: re.Match[str]) -> str:
        n, k = int(m.group(2)), 2 if m.group(1).casefold() == "square" else 3
        r = math.isqrt(n) if k == 2 else round(n ** (1 / 3))
        if r**k != n:
            return m.group(0)
        out.add(value := str(r))
        return value

    text = _ROOT_OF.sub(root, text)
    text = _FOLLOWED_BY.sub(joined, _PERCENT_OF.sub(percent, text))
    text = _SPACED_COLON.sub(" / ", _UNSPACED_DASH.sub(" ; ", text))
    text = _WORD_NARY.sub(
        lambda m: (
            "("
            + _NARY_SIGNS[m.group(1).casefold()].join([*re.findall(r"\d+", m.group(2)), m.group(3)])
            + ")"
        ),
        text,
    )
    for pattern, arithmetic in _WORD_UNARY:
        text = pattern.sub(arithmetic, text)
    out.update(_cjk_numbers(text))
    out.update(_english_numbers(text))
    text = _WORD_OPERATOR.sub(lambda m: f" {_WORD_OPERATORS[m.group(1).casefold()]} ", text)
    text = text.translate(_SIGNS)
    # every expression, not the first N: decoys written first must not use up a budget (a
    # tester's h82: 256 sums before the table); linear, ~2 s for a 1 MB hint of distinct sums
    for expression in {m.group(0) for m in _ARITHMETIC.finditer(text)}:
        if len(expression) > 200:  # a longer chain is no code anyone types
            continue
        # the chain and its tails after a + or - that hold an operator: "vault 3 - 7×1057"
        # reads as one chain whose tail 7×1057 is the code (after every operand, a 1 MB hint
        # of 17-digit power chains took 16 parses a chain, 23 s: a tester's h90)
        tails = [m.end() for m in _TAIL_START.finditer(expression)]
        for start in [0, *tails[:8]]:
            tail = expression[start:]
            if start and not _HAS_OPERATOR.search(tail):
                continue
            v = _arithmetic_value(tail)
            if v is not None:
                out.add(str(v))
    for numeral in {m.group(0).upper() for m in _ROMAN_NUMERAL.finditer(text)}:
        v = _roman_value(numeral)
        if v is not None:
            out.add(str(v))
    return frozenset(out)


_READINGS_MAX = 4_096
"""The most hint tokens of one kind (numbers, words) :func:`_hint_readings` reads another
way: ~10 readings a number and 26 a long word, so at most ~150,000 readings, which the
censored episodes match every turn (a hint of more, decoys first, is a known gap)."""
_DIGIT_SHIFTS = [
    str.maketrans("0123456789", "0123456789"[k:] + "0123456789"[:k]) for k in range(10)
]
_LETTER_SHIFTS = [
    str.maketrans(string.ascii_lowercase, string.ascii_lowercase[k:] + string.ascii_lowercase[:k])
    for k in range(26)
]
_ATBASH = str.maketrans(string.ascii_lowercase, string.ascii_lowercase[::-1])
"""Atbash: a to z, b to y, ... (lower case)."""
_POSITION_RUN = re.compile(r"(?<![\w.])\d{1,2}(?:[ ,;:/|.+-]{1,2}\d{1,2}){2,}(?!\w|\.\d)")
"""A run of 3+ numbers of 1-2 digits apart (``19 5 19``, ``3-1-20``): letters by their place
in the alphabet, when each is one."""


_ORDINAL_PLACES = {
    w: i
    for i, w in enumerate(
        (
            "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
            "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
            "twentieth twenty-first twenty-second twenty-third twenty-fourth twenty-fifth "
            "twenty-sixth"
        ).split(),
        1,
    )
}
_ORDINAL_WORD = "|".join(sorted(_ORDINAL_PLACES, key=len, reverse=True))
_ORDINAL_RUN = re.compile(
    rf"(?<![\w-])(?:{_ORDINAL_WORD})(?:(?:\s*[,;]\s*|\s+and\s+|,\s+and\s+|\s+)(?:{_ORDINAL_WORD})){{2,}}(?![\w-])",
    re.IGNORECASE,
)
"""A run of 3+ English ordinal words up to ``twenty-sixth``: alphabet places in words ("the
nineteenth, fifth, ... letters": tester30's q07)."""


_HINT_GROUP = re.compile(r"[,;:.!?()\[\]\n'\"‘’“”|/]+")


# a blob of a binary-to-text encoding: base64 (standard or URL-safe), base32, hex, percent
_ENCODED_RUN = re.compile(r"[A-Za-z0-9+/_\-]+={0,2}")
"""A run of base64 (standard or URL-safe) or base32 or hex characters, maximal: the runs are
found once, left to right, and every blob of :func:`_hint_blobs` is a join of them (linear:
a regex that tries every length from every start before a space that never comes is
quadratic, tester44's 100 kB of ``QUFB`` took minutes)."""
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_GROUP_GAP = re.compile(r"[\s.\-_:|,;]{1,2}")
"""What may stand between the groups of one base64 blob written in groups (``dmF1-bHQg``,
``dmF1.bHQg``, ``dmF1 bHQg``)."""
_HEX_RUN = re.compile(r"(?:[0-9A-Fa-f]{2}[ :\-]?){4,}")
_PERCENT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2}){2,}")
_NUMBER_PREFIX = re.compile(
    r"(?<![0-9A-Za-z])0[xXbBoO](?=[0-9A-Fa-f])|\\[xXuU](?=[0-9A-Fa-f])|&#[xX]?(?=[0-9A-Fa-f])"
    r"|(?<![0-9A-Za-z])U\+(?=[0-9A-Fa-f])|\\(?=[0-7]{3})"
)
"""The marks that say "a code follows": ``0x``, ``\\x``, ``\\u``, ``&#``, ``&#x``, ``U+``, an
octal escape's backslash. Read as a space, so that the code is an atom of its own."""
_ALNUM_RUN = re.compile(r"[0-9A-Za-z]+")
_ATOM_GAP = 4
"""Most characters (none a letter or a digit) between two codes of one array: ``, ``, ``;&#``,
``.``."""
_CODE_READINGS: tuple[tuple[re.Pattern[str], int, bool], ...] = (
    (re.compile(r"[0-9A-Fa-f]{1,2}"), 16, True),  # hex bytes: 76,61 / \x76 / 0x76 / #76
    (re.compile(r"[0-9A-Fa-f]{4}"), 16, False),  # UTF-16 code units: \u0076 / U+0076
    (re.compile(r"[0-7]{1,3}"), 8, True),  # octal bytes: \166 / 166 141 40
    (re.compile(r"\d{1,3}"), 10, True),  # decimal bytes: 118, 97 / 118.97
    (re.compile(r"\d{1,7}"), 10, False),  # decimal code points: &#118; / &#1604;
    (re.compile(r"[01]{7,8}"), 2, True),  # binary bytes: 01110110 01100001
)
"""How an array of codes is read: the codes' shape, their base, and whether each is a byte
(else a Unicode code point)."""
_DECODED_MAX = 4096
"""Most decoded texts a hint's decoding keeps (the first ones)."""
_DECODED_CHARS = 4_000_000
"""Most characters of decoded text a hint's decoding keeps (base64 of base64 of a megabyte
hint reads as ~1.5 MB)."""


def _plain_text(raw: bytes) -> str | None:
    """``raw`` as text when it is UTF-8 (or, holding NUL bytes, UTF-16, as PowerShell's
    base64 is: tester45's z404) that a person could read (printable, with 3+ letters or
    digits), else ``None``: random bytes from English read as base64 are not."""
    codecs = ["utf-8"] + (["utf-16-le", "utf-16-be"] if b"\x00" in raw else [])
    for codec in codecs:
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        if text.startswith("\ufeff"):
            text = text[1:]
        if _readable(text):
            return text
    return None


def _readable(text: str) -> bool:
    """Whether ``text`` is printable (tabs and line breaks too) with 3+ letters or digits."""
    return all(c.isprintable() or c in "\n\t\r" for c in text) and (
        sum(c.isalnum() for c in text) >= 3
    )


_READABLE_MIN = 10
"""Fewest characters of a readable stretch kept from a joined blob that does not decode whole
(random bytes hold a printable stretch of 10 at ~5e-5 per byte)."""


def _readable_stretches(raw: bytes, least: int = _READABLE_MIN) -> list[str]:
    """The stretches of ``raw`` that read as text (``least``+ printable characters, 3+ letters
    or digits), the rest dropped: a blob joined from pieces with a stray piece in it (a hash, a
    word) reads as garbage around the text it carries."""
    text = raw.decode("utf-8", errors="replace")
    text = "".join(c if c.isprintable() else "\ufffd" for c in text)
    return [s for s in text.split("\ufffd") if len(s) >= least and sum(c.isalnum() for c in s) >= 3]


def _padded(body: str, quantum: int = 4) -> str:
    """``body`` with the ``=`` padding base64 (``quantum`` 4) or base32 (8) wants."""
    return body + "=" * (-len(body) % quantum)


def _decode_blob(blob: str, *, whole: bool = True, least: int = _READABLE_MIN) -> list[str]:
    """What ``blob`` reads as under each encoding it is valid in (see :func:`_hint_decoded`);
    with ``whole=False`` (a blob joined from pieces) also its readable stretches of ``least``+
    characters where it does not read whole, at each of base64's four alignments."""
    out: list[str] = []
    compact = "".join(blob.split())
    tries: list[Callable[[], bytes]] = []
    if _PERCENT_RUN.fullmatch(compact):
        tries.append(lambda: urllib.parse.unquote_to_bytes(compact))
    hexed = re.sub(r"[ :\-]", "", blob)
    if len(hexed) % 2 == 0 and re.fullmatch(r"[0-9A-Fa-f]+", hexed):
        tries.append(lambda: bytes.fromhex(hexed))
    body = compact.rstrip("=")
    padded = _padded(body)
    standard = re.fullmatch(r"[A-Za-z0-9+/]+", body) is not None
    urlsafe = re.fullmatch(r"[A-Za-z0-9_\-]+", body) is not None
    if standard:
        tries.append(lambda: base64.b64decode(padded, validate=True))
    if urlsafe:
        tries.append(lambda: base64.urlsafe_b64decode(padded))
    if "-" in body:  # base64 in groups joined by hyphens, licence-key style (z407)
        grouped = body.replace("-", "")
        if re.fullmatch(r"[A-Za-z0-9+/]+", grouped):
            tries.append(lambda: base64.b64decode(_padded(grouped)))
    if standard and whole:  # base64 reversed, or put through ROT13 (an obfuscation on top)
        flipped = body[::-1]
        rotated = body.translate(_ROT13)
        tries.append(lambda: base64.b64decode(_padded(flipped)))
        tries.append(lambda: base64.b64decode(_padded(rotated)))
    upper = body.upper()
    if re.fullmatch(r"[A-Z2-7]+", upper):
        tries.append(lambda: base64.b32decode(_padded(upper, 8)))
    if len(body) >= 16 and len(body) % 8 in (0, 7) and re.fullmatch(r"[01]+", body):
        size = 8 if len(body) % 8 == 0 else 7  # one unbroken string of bits (z405)
        tries.append(lambda: bytes(int(body[i : i + size], 2) for i in range(0, len(body), size)))
    for attempt in tries:
        try:
            text = _plain_text(attempt())
        except (binascii.Error, ValueError):
            continue
        if text is not None and text not in out:
            out.append(text)
    if out or whole or not (standard or urlsafe):
        return out
    alphabet = body.translate(str.maketrans("-_", "+/"))
    for start in range(4):
        part = alphabet[start:]
        part = part[: len(part) - 1] if len(part) % 4 == 1 else part
        try:
            raw = base64.b64decode(_padded(part), validate=True)
        except (binascii.Error, ValueError):
            continue
        out += [s for s in _readable_stretches(raw, least) if s not in out]
    return out


_ROT13 = str.maketrans(
    string.ascii_lowercase + string.ascii_uppercase,
    string.ascii_lowercase[13:]
    + string.ascii_lowercase[:13]
    + string.ascii_uppercase[13:]
    + string.ascii_uppercase[:13],
)
_B85_CHARS = frozenset(string.digits + string.ascii_letters + "!#$%&()*+-;<=>?@^_`{|}~")
_A85_CHARS = frozenset(chr(c) for c in range(33, 118)) | {"z"}
_WORD_RUN = re.compile(r"\S{10,}")


def _base85_texts(text: str) -> list[str]:
    """What the runs of 10+ characters without a space in ``text`` read as in ascii85
    (``<~...~>`` or bare) and base85 (Python's ``b85encode``, git's), where they decode to
    readable text (:func:`_plain_text`). Linear in the length of ``text``."""
    out: list[str] = []
    for m in _WORD_RUN.finditer(text):
        run = m.group(0)
        inner = run[2:-2] if run.startswith("<~") and run.endswith("~>") else run
        tries: list[tuple[Callable[[str], bytes], str]] = []
        if _A85_CHARS.issuperset(inner):
            tries.append((base64.a85decode, inner))
        if _B85_CHARS.issuperset(run):
            tries.append((base64.b85decode, run))
        for decode, blob in tries:
            try:
                decoded = _plain_text(decode(blob))
            except ValueError:
                continue
            if decoded is not None and decoded not in out:
                out.append(decoded)
    return out


def _piece_like(run: str) -> bool:
    """Whether ``run`` (of :data:`_ENCODED_RUN`) reads as a piece of an encoded blob rather
    than a word or a number: 4+ characters with both a digit and a letter, an upper-case
    letter after the first, or a ``+``, ``/`` or ``=``."""
    return len(run) >= 4 and (
        (any(c.isdigit() for c in run) and any(c.isalpha() for c in run))
        or any(c.isupper() for c in run[1:])
        or any(c in "+/=" for c in run)
    )


def _atom_arrays(text: str, longest: int = 0) -> Iterator[list[str]]:
    """The arrays of 4+ code-like atoms in ``text`` (runs of hex digits, each from the next by
    at most :data:`_ATOM_GAP` characters that are not letters or digits; a mark that says "a
    code follows", :data:`_NUMBER_PREFIX`, read as a space first), left to right; with
    ``longest``, an atom longer than that ends an array as a word does. Linear in the length
    of ``text``."""
    array: list[str] = []
    end = -1
    for m in _ALNUM_RUN.finditer(_NUMBER_PREFIX.sub(" ", text)):
        atom = m.group(0)
        code = all(c in string.hexdigits for c in atom) and (not longest or len(atom) <= longest)
        if array and (not code or m.start() - end > _ATOM_GAP):
            if len(array) >= 4:
                yield array
            array = []
        if code:
            array.append(atom)
            end = m.end()
    if len(array) >= 4:
        yield array


def _code_arrays(text: str) -> list[str]:
    """The texts that arrays of character codes in ``text`` spell: 4+ codes, each from the
    next by at most :data:`_ATOM_GAP` characters that are not letters or digits, read under
    each of :data:`_CODE_READINGS` (hex, ``\\u`` units, octal, decimal and binary bytes,
    decimal code points), each maximal stretch of codes of that shape on its own. A mark that
    says "a code follows" (:data:`_NUMBER_PREFIX`) is read as a space first. So ``0x76,
    0x61``, ``76,61,75``, ``\\x76\\x61``, ``\\u0076``, ``&#118;&#97;``, ``U+0076``, ``\\166``,
    ``166 141``, ``118.97.117`` and ``01110110 01100001`` are read (tester44's z303, tester45's
    z401-z409). Linear in the length of ``text``."""
    out: list[str] = []
    for atoms in _atom_arrays(text):
        for shape, base, is_byte in _CODE_READINGS:
            run: list[int] = []
            for atom in [*atoms, ""]:  # "" ends the last stretch
                value = int(atom, base) if atom and shape.fullmatch(atom) else -1
                if 0 <= value <= (255 if is_byte else 0x10FFFF):
                    run.append(value)
                    continue
                if len(run) >= 4:
                    if is_byte:  # a stray code before or after ("b'" read as 0x0b): cut
                        raw = bytes(run)
                        decoded = _plain_text(raw)
                        texts = [decoded] if decoded is not None else _readable_stretches(raw, 4)
                    else:
                        chars = "".join(chr(v) for v in run)
                        texts = [chars] if _readable(chars) else []
                    out += [t for t in texts if t not in out]
                run = []
    return out


def _hint_blobs(text: str) -> list[tuple[str, bool, int]]:
    """The blobs of a binary-to-text encoding in ``text`` as ``(blob, whole, least)`` (the
    arguments of :func:`_decode_blob`): each percent or hex run, each run of
    :data:`_ENCODED_RUN` of 8+ characters, a base64 blob wrapped over lines (runs of 4+ between
    spaces), one written in groups (runs joined by one or two of :data:`_GROUP_GAP`: ``dmF1-bHQg``,
    tester45's z407) and one cut into pieces with words between them (the runs that are
    :func:`_piece_like`, joined: ``Piece 1: dmF1bHQgMT. Piece 2: ogNzM5OTsg.``, tester44's
    z301). Linear in the length of ``text``."""
    blobs: list[tuple[str, bool, int]] = [
        (m.group(0), True, _READABLE_MIN) for m in _PERCENT_RUN.finditer(text)
    ]
    blobs += [(m.group(0), True, _READABLE_MIN) for m in _HEX_RUN.finditer(text)]
    singles: list[tuple[str, bool, int]] = []
    wrapped: list[str] = []
    pieces: list[str] = []
    wrapped_end = -1
    for m in _ENCODED_RUN.finditer(text):
        run = m.group(0)
        if len(run) >= 8:
            singles.append((run, True, _READABLE_MIN))
        if len(run) >= 4 and wrapped and text[wrapped_end : m.start()].isspace():
            wrapped.append(run)
        else:
            if len(wrapped) >= 2:
                blobs.append((" ".join(wrapped), True, _READABLE_MIN))
            wrapped = [run] if len(run) >= 4 else []
        wrapped_end = m.end()
        if _piece_like(run):
            pieces.append(run)
    if len(wrapped) >= 2:
        blobs.append((" ".join(wrapped), True, _READABLE_MIN))
    if len(pieces) >= 2:
        blobs.append(("".join(pieces), False, _READABLE_MIN))
    # groups: a word before or after joins them too ("codes: dmF1-bHQg"), so the blob is read
    # for its stretches, of 16+ characters (prose read as base64 holds one at ~1e-7 a byte)
    groups: list[str] = []
    group_end = -1
    for m in _BASE64_RUN.finditer(text):
        if groups and not _GROUP_GAP.fullmatch(text, group_end, m.start()):
            if len(groups) >= 3:
                blobs.append(("".join(groups), False, 16))
            groups = []
        groups.append(m.group(0))
        group_end = m.end()
    if len(groups) >= 3:
        blobs.append(("".join(groups), False, 16))
    return blobs + singles


def _hint_decoded(hint: str) -> str:
    """``hint`` followed by what its encoded text reads as: blobs of base64 (standard or
    URL-safe, also wrapped over lines, written in groups or cut into pieces with words
    between), base32, hex (``76 61 75``), percent encoding (``%76%61``) and bits
    (:func:`_hint_blobs`), and arrays of character codes (``0x76, 0x61``, ``&#118;``,
    ``\\u0076``, ``118.97``: :func:`_code_arrays`), each kept where it decodes to readable
    UTF-8 or UTF-16 (:func:`_plain_text`; for a blob joined from pieces, its readable
    stretches), and what is encoded inside a decoded text too (one more round). Invisible
    characters (zero-width spaces, soft hyphens: not printable, not spaces) are dropped first:
    the Agent's tokens drop them too (tester44's z302).

    The hint's tokens, numbers and readings are taken from this text: a table of per-task
    codes the hint writes in base64 gives the hinted Agent codes that no play could derive,
    as plainly as one written out (tester42's z201: ``vault 1: 7399; ...`` as ``dmF1bHQg...``).
    The Agent still plays the hint as written. At most :data:`_DECODED_MAX` decoded texts and
    :data:`_DECODED_CHARS` characters; the work is linear in the hint's length (a megabyte at
    most: ~1 s)."""
    extra: list[str] = []
    seen: set[str] = set()
    size = 0
    todo = ["".join(c for c in hint if c.isprintable() or c.isspace())]
    for _ in range(2):  # the hint, then what it decoded to
        found: list[str] = []
        for text in todo:
            decoded_texts = itertools.chain(
                _code_arrays(text),
                _base85_texts(text),
                itertools.chain.from_iterable(
                    _decode_blob(blob, whole=whole, least=least)
                    for blob, whole, least in dict.fromkeys(_hint_blobs(text))
                ),
            )
            for decoded in decoded_texts:
                if len(extra) + len(found) >= _DECODED_MAX or size >= _DECODED_CHARS:
                    break
                if decoded not in seen:
                    seen.add(decoded)
                    found.append(decoded)
                    size += len(decoded)
        extra += found
        todo = found
    return "\n".join([hint, *extra]) if extra else hint


_SHOWN_DECODED_CHARS = 16_384
"""Most characters of one observation that :func:`_shown_decoded` decodes (the rest is read
as written): an exemption, so a cap can only flag more, never let a gate through."""
_SHIFTED_ARRAYS_MAX = 64
"""Most arrays of codes in one observation that :func:`_shifted_codes` reads."""
_SHIFTED_CHARS = frozenset(string.ascii_letters + string.digits + " .,;:'!?-")


def _shifted_codes(text: str) -> list[str]:
    """What arrays of 4+ codes in ``text`` (as :func:`_code_arrays` finds them: decimal, or
    hex with or without ``0x``/``\\x``) read as with every code lowered by one key (or, codes
    under 256, XORed with one: tester47's z608): each key
    that makes every code a letter, a digit, a space or common punctuation (``.,;:'!?-``),
    with 3+ letters. A message sent as character codes raised by a secret key (``118 107 119
    122 42 ...`` for "lamp ...", key 10) is shown text once the key is taken away, as a Caesar
    shift of a shown word is. At most :data:`_SHIFTED_ARRAYS_MAX` arrays; linear in the length
    of ``text``."""
    out: list[str] = []
    for n, atoms in enumerate(_atom_arrays(text, longest=7), 1):
        for base in (10, 16):
            if base == 10 and not all(a.isdigit() for a in atoms):
                continue
            array = [int(a, base) for a in atoms]
            values = set(array)
            for key in range(max(max(values) - 126, 0), min(values) - 32 + 1):
                if all(chr(v - key) in _SHIFTED_CHARS for v in values):
                    decoded = "".join(chr(v - key) for v in array)
                    if sum(c.isalpha() for c in decoded) >= 3 and decoded not in out:
                        out.append(decoded)
            if max(values) < 256:  # each byte XORed with one key (tester47's z608)
                out += [t for t in _xored_texts(bytes(array)) if t not in out]
        if n >= _SHIFTED_ARRAYS_MAX:
            break
    return out


_XOR_TABLES = [bytes(b ^ key for b in range(256)) for key in range(256)]
_SHIFTED_BYTES = "".join(sorted(_SHIFTED_CHARS)).encode()
_XORED_BLOB_MAX = 4_096
"""Most bytes of one blob that :func:`_xored_blobs` reads."""


_MORSE = dict(
    zip(
        (
            ".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - ..- "
            "...- .-- -..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... ---.. ----."
        ).split(),
        string.ascii_lowercase + string.digits,
        strict=True,
    )
)
_MORSE_RUN = re.compile(
    r"(?<![\w.\-])[.\-]{1,6}(?:(?:[ \t]+/[ \t]+|[ \t]{1,3})[.\-]{1,6})+(?![\w.\-])"
)


def _morse_texts(text: str) -> list[str]:
    """What the runs of Morse code in ``text`` read as (letters split by spaces, words by
    ``/`` or three spaces: ``.-.. .- -- .--. / .-. .. ...- . .-.`` is ``lamp river``), where
    every code is a letter or a digit and 3+ are letters: a message shown in Morse is shown
    text (tester51's z962). At most :data:`_SHIFTED_ARRAYS_MAX` runs."""
    out: list[str] = []
    for m in itertools.islice(_MORSE_RUN.finditer(text), _SHIFTED_ARRAYS_MAX):
        words = re.split(r"[ \t]+/[ \t]+|[ \t]{3}", m.group())
        letters = [[_MORSE.get(code) for code in w.split()] for w in words]
        if all(c is not None for w in letters for c in w):
            read = " ".join("".join(c for c in w if c) for w in letters)
            if sum(c.isalpha() for c in read) >= 3 and read not in out:
                out.append(read)
    return out


_ROT47 = str.maketrans(
    "".join(map(chr, range(33, 127))), "".join(chr(33 + (c - 33 + 47) % 94) for c in range(33, 127))
)
_NO_LOWER = re.compile(r"(?<!\S)[!-`{-~]{3,}(?:[ \t]+[!-`{-~]{3,})*(?!\S)")
"""A run of tokens of printable ASCII without a lower-case letter: ROT47 sends a to z to ``2``
to ``K``."""


def _rot47_words(text: str) -> list[str]:
    """What the runs of 3+-character tokens in ``text`` without a lower-case letter read as
    in ROT47 (every printable ASCII character rotated 47 places: ``=2>A C:G6C`` is ``lamp
    river``), where every token then reads as lower-case letters: a message shown in ROT47 is
    shown text (tester51). At most :data:`_SHIFTED_ARRAYS_MAX` runs."""
    out: list[str] = []
    for m in itertools.islice(_NO_LOWER.finditer(text), _SHIFTED_ARRAYS_MAX):
        read = m.group().translate(_ROT47)
        if all(w.isalpha() and w.islower() for w in read.split()) and read not in out:
            out.append(read)
    return out


_LEET_TOKEN = re.compile(
    r"(?<![\w@$])(?=[\w@$]*[A-Za-z][\w@$]*[A-Za-z])(?=[\w@$]*[0-9@$])[A-Za-z0-9@$]{3,24}(?![\w@$])"
)
_LEET = (str.maketrans("0134578@$", "oieastbas"), str.maketrans("0134578@$", "oleastbas"))
"""Leetspeak read back: ``0`` o, ``1`` i (or l), ``3`` e, ``4`` a, ``5`` s, ``7`` t, ``8`` b,
``@`` a, ``$`` s."""


def _leet_texts(text: str) -> list[str]:
    """The tokens of ``text`` that mix 2+ letters with leetspeak digits or symbols (``l4mp
    r1v3r st0n3``, no more digits than letters), read back as letters, joined by spaces: once
    with ``1`` as ``i`` and once as ``l``. A message shown in leetspeak is shown text
    (tester52's z978: an honest one whose hint's example uses the task's words was flagged
    information_gate). At most 4,096 tokens; empty where there is none."""
    tokens = [
        t
        for t in itertools.islice((m.group() for m in _LEET_TOKEN.finditer(text)), 4_096)
        if sum(c.isdigit() or c in "@$" for c in t) <= sum(c.isalpha() for c in t)
    ]
    if not tokens:
        return []
    joined = " ".join(tokens).lower()
    return list(dict.fromkeys(joined.translate(table) for table in _LEET))


def _b64_bytes(run: str) -> bytes:
    """``run`` (of :data:`_ENCODED_RUN`) decoded as standard base64 where it is 8+ characters
    of that alphabet; raises ``ValueError`` otherwise."""
    body = run.rstrip("=")
    if len(body) < 8 or not re.fullmatch(r"[A-Za-z0-9+/]+", body):
        raise ValueError(run)
    return base64.b64decode(_padded(body), validate=True)


def _xored_blobs(text: str) -> list[str]:
    """What the hex runs (:data:`_HEX_RUN`, 4+ bytes) and base64 runs of 8+ characters in
    ``text`` read as with every byte XORed with one key (1-255), where that makes every byte a letter,
    a digit, a space or common punctuation (:data:`_SHIFTED_CHARS`), with 3+ letters: a
    message XORed with a shown key and then sent in base64 (tester48's z803) is shown text as
    the same bytes written as codes are (:func:`_shifted_codes`). At most
    :data:`_SHIFTED_ARRAYS_MAX` runs of :data:`_XORED_BLOB_MAX` bytes each and 4 times as
    many readings (base64 of plain words reads as letters under a few keys each: 878 readings
    of a 16 KB head of such, uncapped); 255 ``bytes.translate`` passes a run."""
    out: list[str] = []
    for raw in _blob_bytes(text, _b64_bytes):
        out += [t for t in _xored_texts(raw) if t not in out]
        if len(out) >= 4 * _SHIFTED_ARRAYS_MAX:
            break
    return out[: 4 * _SHIFTED_ARRAYS_MAX]


def _blob_bytes(text: str, b64: Callable[[str], bytes]) -> Iterator[bytes]:
    """The bytes of the hex runs (:data:`_HEX_RUN`) and then the base64 runs of ``text``
    (decoded by ``b64``, which raises ``ValueError`` on a run it does not take) of 4+ bytes,
    each cut to :data:`_XORED_BLOB_MAX`; at most :data:`_SHIFTED_ARRAYS_MAX` of them."""
    blobs = itertools.chain(
        ((m.group(), bytes.fromhex) for m in _HEX_RUN.finditer(text)),
        ((m.group(), b64) for m in _ENCODED_RUN.finditer(text)),
    )
    runs = 0
    for blob, decode in blobs:
        try:
            raw = decode(blob)[:_XORED_BLOB_MAX]
        except (binascii.Error, ValueError):
            continue
        if len(raw) >= 4:
            yield raw
            runs += 1
            if runs >= _SHIFTED_ARRAYS_MAX:
                return


def _xored_texts(raw: bytes) -> list[str]:
    """What ``raw`` reads as XORed with each key 1-255 that makes every byte one of
    :data:`_SHIFTED_CHARS`, with 3+ letters (255 ``bytes.translate`` passes)."""
    out: list[str] = []
    for key in range(1, 256):
        xored = raw.translate(_XOR_TABLES[key])
        if not xored.translate(None, _SHIFTED_BYTES):
            decoded = xored.decode("ascii")
            if sum(c.isalpha() for c in decoded) >= 3 and decoded not in out:
                out.append(decoded)
    return out


_CIPHER_LETTERS_MAX = 65_536
"""Most letters of an episode's observations that :class:`_CipherRuns` keeps (the first): an
exemption, so the cap can only flag more. :meth:`_CipherRuns.reads` searches them up to 793
times (25 shifts, 64 keywords of up to 12 places): ~25 ms an answer at the cap."""
_CIPHER_KEYWORDS_MAX = 64
"""Most shown words :class:`_CipherRuns` tries as a Vigenere keyword (the first shown)."""
_NOT_LETTER = re.compile(r"[^a-z]+")
_KEYWORD = re.compile(r"(?<![a-z])[a-z]{3,12}(?![a-z])")
_NAMED_KEYWORD = re.compile(
    r"(?<![a-z])(?:key|keyword|cipher|password|passphrase)s?\W{1,3}([a-z]{3,12})(?![a-z])"
)
"""A word shown after a word that names it a key (``Keyword lem``, ``key: lemon``)."""


class _CipherRuns:
    """The ASCII letters an episode has shown (lower-cased, run together) and its words of
    3-12 letters, for :meth:`reads`: whether an answer is a Caesar shift or a Vigenere
    encipherment, by a keyword the episode showed, of a run of shown letters read back.

    An honest cipher whose answer is made of 3-letter words ('ant bee cat', tester48's z805)
    or enciphered with a shown keyword (z804) plays words no single shown word reads as under
    :func:`_hint_readings`, which shifts only words of 4+ letters (a 3-letter word's 25
    shifts of the words shown cover much of all 17,576). The whole answer's run of 6+ letters
    (8+ under a keyword) read from one shown run with one key is another matter: a random
    shown text of ``n`` letters holds it at about ``25 n / 26**6`` (Caesar) and ``2 * 64 * 12
    n / 26**8`` (keywords, cycled over the letters or restarted at each word), under 1e-3 for
    a 16 KB observation.

    Keywords are the words shown after ``key``/``keyword``/``cipher``/``password`` first (a
    70-word scene before ``Keyword lem`` left it past the first 64 words: tester50's z955),
    then the first words shown, :data:`_CIPHER_KEYWORDS_MAX` in all."""

    __slots__ = ("keywords", "letters")

    def __init__(self) -> None:
        self.letters = ""
        self.keywords: dict[str, None] = {}

    def add(self, text: str) -> None:
        """Take in shown ``text`` (an observation, read decoded)."""
        if len(self.letters) >= _CIPHER_LETTERS_MAX:
            return
        low = text[: 4 * _CIPHER_LETTERS_MAX].lower()
        self.letters += _NOT_LETTER.sub("", low)[: _CIPHER_LETTERS_MAX - len(self.letters)]
        if len(self.keywords) < _CIPHER_KEYWORDS_MAX:
            head = low[:_SHOWN_DECODED_CHARS]
            named = [m.group(1) for m in _NAMED_KEYWORD.finditer(head)]
            for word in itertools.chain(named, (m.group() for m in _KEYWORD.finditer(head))):
                self.keywords[word] = None
                if len(self.keywords) >= _CIPHER_KEYWORDS_MAX:
                    break

    def reads(self, answer: str) -> bool:
        """Whether ``answer``'s ASCII letters (6+; the first 64) are a run of the shown
        letters shifted back by one amount (1-25) or read in Atbash, or (8+) deciphered with
        a shown keyword from any of its places: shift each letter back by the keyword
        letter's place (a=0), cycling the keyword over letters only or restarting it at each
        word (tester50's z956)."""
        return next(self.keys(answer), None) is not None

    def keys(self, answer: str, keywords: Iterable[str] = ()) -> Iterator[tuple[str, int | str]]:
        """The keys under which :meth:`reads` reads ``answer``: ``("shift", k)`` (each shown
        letter was the answer's moved ``k`` places on), ``("atbash", 0)`` and ``("keyword",
        word)``, each once, the shown keywords' and then those of ``keywords`` (the hint's,
        for :func:`_cipher_key_gate`)."""
        plain = _NOT_LETTER.sub("", answer.lower())[:64]
        if len(plain) < 6 or not self.letters:
            return
        for k in range(1, 26):
            if plain.translate(_LETTER_SHIFTS[k]) in self.letters:
                yield "shift", k
        if plain.translate(_ATBASH) in self.letters:  # a to z, b to y (tester51's z961)
            yield "atbash", 0
        if len(plain) < 8:
            return
        words = _NOT_LETTER.split(answer.lower())
        for keyword in dict.fromkeys(itertools.chain(self.keywords, keywords)):
            shifts = [_LETTER_SHIFTS[ord(c) - 97] for c in keyword]
            period = len(shifts)
            # restarted at each word: one reading, from the keyword's first letter
            restarted = "".join(
                "".join(c.translate(shifts[i % period]) for i, c in enumerate(w)) for w in words
            )
            if restarted[:64] in self.letters:
                yield "keyword", keyword
                continue
            for phase in range(period):
                chars = list(plain)
                for j in range(period):
                    chars[j::period] = plain[j::period].translate(shifts[(j + phase) % period])
                if "".join(chars) in self.letters:
                    yield "keyword", keyword
                    break


def _shown_words_read(observation: str) -> frozenset[str]:
    """What ``observation``'s words read as under the readings a hint can state (Caesar
    shifts, reversals, initials: :func:`_hint_readings` of its first
    :data:`_SHOWN_DECODED_CHARS` characters, as :func:`_shown_readings` reads an episode),
    for the censored episodes to take as shown."""
    head = observation[:_SHOWN_DECODED_CHARS]
    decoded = _decoded_head(head)
    # what it decodes to is read too: a Caesar shift sent in base64 (tester47's z609)
    return (
        _readings_of_head(head) | _readings_of_head(decoded) if decoded else _readings_of_head(head)
    )


@functools.lru_cache(maxsize=256)
def _readings_of_head(head: str) -> frozenset[str]:
    """:func:`_shown_words_read` of an observation beginning ``head`` (cached)."""
    return frozenset(_hint_readings(head, {t.casefold() for t in _tokens(head)}, 3))


def _decoded_views(
    shown: Sequence[tuple[str, Sequence[str], Sequence[str]]],
) -> tuple[list[str], list[str], list[str]]:
    """The first observations, what was seen before the last action, and every observation of
    each episode of ``shown`` (``(first, later, before)``), each observation read with
    :func:`_shown_decoded`, joined by line breaks as :func:`_relabelled_gate` joins them."""
    firsts: list[str] = []
    seens: list[str] = []
    tasks: list[str] = []
    for first, later, before in shown:
        firsts.append(_shown_decoded(first))
        tasks.append("\n".join([firsts[-1], *map(_shown_decoded, later)]))
        seens.append("\n".join([firsts[-1], *map(_shown_decoded, before)]))
    return firsts, seens, tasks


def _shown_decoded(observation: str) -> str:
    """``observation`` followed by what its encoded text reads as: the hint's decodings
    (:func:`_hint_decoded`) and arrays of character codes raised by a key
    (:func:`_shifted_codes`), of its first :data:`_SHOWN_DECODED_CHARS` characters. A word the
    Agent could decode from what the task showed is not owed to the hint: an honest cipher
    whose hint's worked example uses the task's own words ("lamp river stone candle") had its
    answers censored as hint tokens (tester46's z501, z502: information_gate, 0/6 censored
    wins)."""
    extra = _decoded_head(observation[:_SHOWN_DECODED_CHARS])
    return f"{observation}\n{extra}" if extra else observation


@functools.lru_cache(maxsize=256)
def _decoded_head(head: str) -> str:
    """What :func:`_shown_decoded` appends for an observation beginning ``head`` (cached: the
    same observations come back in every episode of a design)."""
    decoded = _hint_decoded(head)[len(head) + 1 :]
    shifted = [t for t in _shifted_codes(head) if t not in decoded]
    shifted += [t for t in _xored_blobs(head) if t not in decoded and t not in shifted]
    shifted += [t for t in _morse_texts(head) if t not in decoded and t not in shifted]
    shifted += [t for t in _rot47_words(head) if t not in decoded and t not in shifted]
    shifted += [t for t in _short_base64(head) if t not in decoded and t not in shifted]
    shifted += [t for t in _leet_texts(head) if t not in decoded and t not in shifted]
    return "\n".join([decoded, *shifted]) if decoded else "\n".join(shifted)


_SHORT_BASE64 = re.compile(r"(?<![\w+/=])[A-Za-z0-9+/]{2,8}={0,2}(?![\w+/=])")
_SHORT_PLAIN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9 #:.'-]{1,4}")


def _short_base64(text: str) -> list[str]:
    """What the lone base64 tokens of 4-8 characters in ``text`` read as (``cmVk`` is ``red``,
    ``IzM=`` is ``#3``, ``Mw==`` is ``3``), where that is 2-5 letters, digits and label
    punctuation, or one letter or digit padded ``==``: too short
    for :func:`_hint_decoded` (8+), so a table key or label shown that way was not read (the
    z702 kind: 'Colour: cmVk'). At most :data:`_SHIFTED_ARRAYS_MAX` readings. A word the
    task writes reads so at ~1% (3 bytes all in that set: (66/256)^3), and only exempts that
    reading as shown."""
    out: list[str] = []
    for m in _SHORT_BASE64.finditer(text):
        token = m.group()
        if len(token) not in (4, 8) or token.isalpha() and token.islower():
            continue
        try:
            raw = base64.b64decode(token, validate=True)
        except (binascii.Error, ValueError):
            continue
        reading = raw.decode("ascii", "replace")
        # one letter or digit where the padding says so ('Mw==' is '3': tester48's z802, a
        # vault's number); a word the task writes ends in '==' only by design
        lone = token.endswith("==") and reading.isascii() and reading.isalnum()
        if (lone or _SHORT_PLAIN.fullmatch(reading)) and reading not in out:
            out.append(reading)
            # and with the word it follows, as a label reads ('Vault: Mw==' is 'Vault 3')
            label = _LABEL_BEFORE.search(text, max(m.start() - 40, 0), m.start())
            if label is not None and f"{label[1]} {reading}" not in out:
                out.append(f"{label[1]} {reading}")
            if len(out) >= _SHIFTED_ARRAYS_MAX:
                break
    return out


_LABEL_BEFORE = re.compile(r"(?<![^\W_])([^\W\d_]{2,})[ \t]*[:=#-]?[ \t]*\Z")


def _hint_readings(hint: str, literal: set[str], caesar_from: int = 5) -> set[str]:
    """What the hint's tokens (``literal``, of :func:`_tokens`) spell under a transformation a
    hint can state in words: a number of 3-8 digits reversed or with every digit shifted by
    the same step, modulo 10 (``6288`` with "add one to every digit" is ``7399``: tester28's
    n03); a word of 3-12 ASCII letters reversed, one of 5-12 letters shifted by the same step
    through the alphabet (a Caesar cipher the hint names); and a run of 3+ numbers of 1-2
    digits read as places in the alphabet from 1 or from 0 (``19 5 19`` is ``ses``: n16).

    Read forwards, whatever the hint says: a reading is a candidate only where a hinted win
    plays it unseen, and the censored episodes decide. At most :data:`_READINGS_MAX` numbers
    and words each (in sorted order). A 3-letter word is not shifted: its 25 shifts of a
    hundred hint words would cover a seventh of all 3-letter strings (``caesar_from``: the
    shortest word shifted; 3 where what is read is shown text, :func:`_shown_readings`).

    Also each group of the hint between punctuation, its last 4-16 words: their initials (an
    acrostic in the hint, ``Sunny Evenings Sound Always Mellow Everywhere``: tester31's
    r2_07) and their lengths as digits when each is 1-9 letters (``example the wonderful
    wonderful`` is 7399: r2_06)."""
    out: set[str] = set()
    numbers = sorted(t for t in literal if t.isascii() and t.isdigit() and 3 <= len(t) <= 8)
    for t in numbers[:_READINGS_MAX]:
        for form in (t, t[::-1]):  # shifted, reversed, or both (tester29's p03)
            out.add(form)
            out.update(form.translate(shift) for shift in _DIGIT_SHIFTS[1:])
    words = sorted(t for t in literal if t.isascii() and t.isalpha() and 3 <= len(t) <= 12)
    for t in words[:_READINGS_MAX]:
        for form in (t, t[::-1]):  # p08: reversed and Caesar-shifted
            out.add(form)
            if len(t) >= caesar_from:
                out.update(form.translate(shift) for shift in _LETTER_SHIFTS[1:])
    folded = _fold(hint)
    for group in _HINT_GROUP.split(folded):
        words = _WORD.findall(group)[-16:]
        for n in range(4, len(words) + 1):
            tail = words[-n:]
            if all(w.isalpha() for w in tail):
                out.add("".join(w[0] for w in tail).casefold())
                if all(len(w) <= 9 for w in tail):
                    out.add("".join(str(len(w)) for w in tail))
    runs = [
        [int(n) for n in re.findall(r"\d+", m.group(0))] for m in _POSITION_RUN.finditer(folded)
    ]
    runs += [
        [_ORDINAL_PLACES[w] for w in re.findall(_ORDINAL_WORD, m.group(0).casefold())]
        for m in _ORDINAL_RUN.finditer(folded)
    ]
    for places in runs:
        # a label before the run ("door 3: 19 5 19" reads "3 19 5 19" where no colon stops it)
        for run in (places, places[1:]):
            if len(run) >= 3:
                if all(1 <= n <= 26 for n in run):
                    out.add("".join(chr(96 + n) for n in run))
                if all(0 <= n <= 25 for n in run):
                    out.add("".join(chr(97 + n) for n in run))
    return out


def _hint_tokens(hint: str, stated: str, readings: bool = False) -> tuple[set[str], set[str]]:
    """``(literal, derived)``: the hint's gate tokens (:func:`_tokens`, casefolded), and the
    numbers it writes another way (:func:`_hint_numbers`) and not literally, but for those the
    task's own text (``stated``: description, tool schemas) writes the same way: "an 8x8
    board" in both is the task's 64 (a tester's f17 was flagged a gate); and what its tokens
    spell under a transformation a hint can state (:func:`_hint_readings`) when ``readings``.
    The keyed reading (:func:`_keyed_candidates`) takes no readings: a binary search's guesses
    keyed a digit a turn met the shifts of its hint's ``500`` (``611``, ``005``) and were
    censored as a code (a tester's k17, a method)."""
    literal = {t.casefold() for t in _tokens(hint)}
    derived = set(_hint_numbers(hint) - _hint_numbers(stated))
    if readings:
        derived |= _hint_readings(hint, literal)
    return literal, derived - literal


def _number_key(token: str) -> str | None:
    """An ASCII-digit token without its leading zeros ("0042" and "42" are "42"), or ``None``
    for any other token and for a number of one significant digit (an honest hint's worked
    examples write small numbers the Agent may play zero-padded: a tester's f24)."""
    if not (token and token.isascii() and token.isdigit()):
        return None
    key = token.lstrip("0")
    return key if len(key) >= 2 else None


def _number_keys(tokens: Iterable[str]) -> set[str]:
    """The :func:`_number_key` of every token that has one."""
    return {k for t in tokens if (k := _number_key(t)) is not None}


def _same_number(token: str, keys: set[str]) -> bool:
    """Whether ``token`` is a number of ``keys`` (:func:`_number_keys` of the hint's tokens)
    written with other leading zeros: "0042" for a hint's 42 or 6×7, 42 for its 0042 (a
    tester's h86, h91, h99)."""
    key = _number_key(token)
    return key is not None and key in keys


def _derived_keys(literal: set[str], derived: set[str]) -> set[str]:
    """The :func:`_number_keys` of the numbers the hint writes only another way (``derived``,
    of :func:`_hint_tokens`), less those it also writes literally in some padding."""
    return _number_keys(derived) - _number_keys(literal)


def _derived_number(token: str, literal: set[str], derived: set[str], keys: set[str]) -> bool:
    """Whether a played ``token`` is a number the hint writes only another way ("7399" for
    7×1057), also with other leading zeros (``keys``: :func:`_derived_keys`)."""
    return token in derived or (token not in literal and _same_number(token, keys))


def _symbols_only(token: str) -> bool:
    """Whether ``token`` holds no letter or digit (a run of symbols: no word boundaries)."""
    return re.search(r"[^\W_]", token) is None


def _int_text(text: str) -> bool:
    """Whether ``text`` is an integer written in ASCII digits (an optional minus sign)."""
    digits = text.lstrip("-")
    return bool(digits) and set(digits) <= _ASCII_DIGITS


class _Seen:
    """Text the Agent has seen, :func:`_fold`-ed and normalised (:func:`normalise_text`) once,
    part by part as an episode goes on, for :func:`_stated` to search. Re-folding a growing
    view for every token cost turns² x its size: a tester's environment of 1 MB observations
    over 30 turns took 159 s of host time a design (2026-12-02)."""

    __slots__ = ("runs", "text")

    def __init__(self, *parts: str) -> None:
        self.text = ""
        # every maximal run of [0-9a-z]: a token of those characters is stated exactly when it
        # is one of them (a set lookup, not a scan of megabytes for each of 40,000 tokens)
        self.runs: set[str] = set()
        for part in parts:
            self.add(part)

    def add(self, part: str) -> None:
        """Append ``part`` (as if joined by a newline: the same text :func:`_stated` would
        search in the joined string)."""
        norm = normalise_text(_fold(part))
        if norm:
            self.text = f"{self.text} {norm}" if self.text else norm
            self.runs.update(_RUN.findall(norm))


_RUN = re.compile(r"[0-9a-z]+")


def _stated(haystack: str | _Seen, token: str) -> bool:
    """Whether ``token`` occurs in ``haystack`` as a whole token: a word as
    :func:`text_contains` finds it; a token of symbols alone as a whole run of symbols, glued
    to words or not. A task that states a format (``FROM->TO``, ``3*x**2``) states its
    symbols, though :func:`text_contains` never finds a run glued to a letter (a method hint
    that wrote the stated format was flagged a gate); and a run inside a longer one is not
    stated (a banner ``~#%@&*`` in the description "stated" the gate suffix ``~#``) (a
    tester's, 2026-12-01). A :class:`_Seen` haystack is searched as it is (folded once)."""
    needle = normalise_text(token)
    if not needle:
        return False
    if isinstance(haystack, _Seen) and _RUN.fullmatch(needle):
        return needle in haystack.runs
    text = haystack.text if isinstance(haystack, _Seen) else normalise_text(_fold(haystack))
    if not _symbols_only(token):
        return whole_token(needle).search(text) is not None
    run = re.escape(needle)
    return re.search(rf"(?<!{_PUNCT_CHAR}){run}(?!{_PUNCT_CHAR})", text) is not None


def _token_pattern(tokens: Iterable[str], zero_padded: bool = False) -> str:
    """A regex alternation matching each token as a whole, its characters also when spelled
    apart (``s e s a m e``, ``7-3-9-9``); with ``zero_padded``, an ASCII-digit token also
    after any run of zeros ("0042" for 42; possessive, so a run of zeros costs no
    backtracking)."""
    return "|".join(
        ("0*+" if zero_padded and t.isascii() and t.isdigit() else "")
        + r"[\W_]*".join(re.escape(c) for c in t)
        for t in sorted(tokens, key=len, reverse=True)
    )


class HintSource(Protocol):
    """Where hints come from (``actors.hinter.Hinter``)."""

    async def hint_for(self, env: EnvValidated) -> HintIssued: ...


def draw_seeds(rng: random.Random, n: int) -> list[int]:
    """``n`` distinct episode seeds in ``[1e6, 2**31)``: far from the probe seeds, private."""
    return rng.sample(range(_SEED_LOW, _SEED_HIGH), n)


def answer_in_observations(episodes: Sequence[EpisodeFinished], answer: str | None) -> bool:
    """Whether the answer shows up in an observation before an episode ended.

    The last observation of an episode is skipped: saying the answer after the end is fine.

    Args:
        episodes: finished episodes.
        answer: the environment's ``ANSWER`` (``None``: never).
    """
    if not answer:
        return False
    for ep in episodes:
        for turn in ep.turns:
            if turn.terminated or turn.truncated:
                break
            if text_contains(turn.observation, answer):
                return True
    return False


def measured_successes(
    episodes: Sequence[EpisodeFinished],
) -> tuple[list[bool], list[bool], list[EpisodeFinished]]:
    """Success of each episode without and with the hint, and the episodes the policy failed.

    Returns:
        ``(without, with_, errored)``; ``errored`` are the ``policy_error`` episodes.
    """
    errored = [e for e in episodes if e.status == "policy_error"]
    return (
        [e.success for e in episodes if not e.hinted],
        [e.success for e in episodes if e.hinted],
        errored,
    )


def enough_measured(episodes: Sequence[EpisodeFinished], k: int) -> bool:
    """Whether each condition had at least ``MIN_MEASURED_SHARE`` of its ``k`` episodes played
    (not ended by a policy error): below that a success rate measures the agent's failures,
    not the environment."""
    need = max(1, math.ceil(k * MIN_MEASURED_SHARE))
    for hinted in (False, True):
        played = sum(1 for e in episodes if e.hinted == hinted and e.status != "policy_error")
        if played < need:
            return False
    return True


def regret_score(
    env: EnvValidated,
    without: Sequence[bool],
    with_: Sequence[bool],
    config: CriticConfig = CriticConfig(),
    *,
    hint: str | None = None,
    hint_origin: str = "designer",
    answer: str | None = None,
    hint_literal_wins: bool = False,
    answer_seen: bool = False,
    extra_flags: Sequence[str] = (),
) -> EnvScored:
    """Score one environment from per-episode successes.

    Args:
        env: the validated environment.
        without: success of each unhinted episode (K values).
        with_: success of each hinted episode (K values).
        config: the ``[critic]`` section (interval method, confidence, acceptance threshold).
        hint: the hint used (default: the proposal's).
        hint_origin: ``"designer"``, ``"policy"`` or ``"none"``.
        answer: the environment's ``ANSWER``, if declared (checked against the hint).
        hint_literal_wins: answering the hint's literal text wins (see :func:`hint_wins`).
        answer_seen: the answer appeared in an observation (:func:`answer_in_observations`).
        extra_flags: integrity flags found by replay (``INTEGRITY_FLAGS``): each makes the
            environment not frontier.

    Returns:
        The ``EnvScored`` message.

    Raises:
        ValueError: an empty condition.
    """
    hint = env.proposal.hint if hint is None else hint
    states = hint_literal_wins or bool(answer and hint and text_contains(hint, answer))
    est = estimate_regret(
        without,
        with_,
        interval=config.interval,
        confidence=config.confidence,
        accept_regret=config.accept_regret,
        hint_states_answer=states,
        answer_in_observations=answer_seen,
        seed=config.episode_seed,
        resamples=config.bootstrap_resamples,
    )
    flags = list(est.flags) + [f for f in extra_flags if f not in est.flags]
    return EnvScored(
        env_id=env.env_id,
        proposal=env.proposal,
        hint=hint,
        hint_origin=hint_origin,  # type: ignore[arg-type]
        k=max(len(without), len(with_)),
        success_without=est.success_without,
        success_with=est.success_with,
        regret=est.regret,
        ci_low=est.ci_low,
        ci_high=est.ci_high,
        accepted=est.accepted and not extra_flags,
        flags=flags,
        description=env.description,
        max_turns=env.max_turns,
        tools=env.tools,
        success_threshold=env.success_threshold,
    )


# --------------------------------------------------------------------------- open-loop replay


class _Replay(msgspec.Struct, frozen=True, kw_only=True):
    success: bool
    first_observation: str


def _tool_arguments(turn: Turn) -> dict[str, Any]:
    try:
        call = json.loads(turn.action)
    except ValueError:
        return {}
    args = call.get("arguments", {}) if isinstance(call, dict) else {}
    return args if isinstance(args, dict) else {}


async def _replay(
    sandbox: Any,
    env: EnvValidated,
    seed: int,
    turns: Sequence[Turn],
    probe: str,
    *,
    warm: Any = None,
) -> _Replay:
    """Replay ``turns`` (actions and tool calls) open-loop on ``seed`` in a fresh instance (or
    in ``warm``, an instance that already played), as :func:`actors.agent.play_episode` plays
    them. Raises ``_Reject`` when the environment fails: a probe that raises counts against it.
    """
    source = env.proposal.source
    try:
        inst = warm if warm is not None else await sandbox.open_env(source, entropy=seed)
    except SandboxError as exc:
        raise _Reject(
            _sandbox_reason(exc),
            f"load failed for the {probe} replay: {exc}",
            {"probe": probe, "seed": seed, **_error_evidence(exc)},
        ) from None
    actions: list[str] = []
    try:
        obs, _ = await inst.reset(seed=seed)
        total, info = 0.0, None
        for turn in turns[: env.max_turns]:
            if turn.error is not None:
                continue
            actions.append(turn.action)
            if turn.tool is not None:
                try:
                    await inst.call_tool(turn.tool, _tool_arguments(turn))
                except InvalidAction:
                    pass
                except GuestError as exc:
                    if not isinstance(exc, ToolCallRefused):
                        raise  # a tool that raises is the environment's fault, as in play
                continue
            r = await inst.step(turn.action)
            total += float(r.reward)
            info = dict(r.info) if isinstance(r.info, Mapping) else {}
            if r.terminated or r.truncated:
                break
        return _Replay(
            success=episode_success(info, total, env.success_threshold), first_observation=str(obs)
        )
    except (SandboxError, InvalidAction) as exc:
        raise _Reject(
            _sandbox_reason(exc) if isinstance(exc, SandboxError) else "crash",
            f"the environment failed on the {probe} replay (seed {seed}): {exc}",
            {"probe": probe, "seed": seed, "actions": actions[-20:], **_error_evidence(exc)}
            if isinstance(exc, SandboxError)
            else {"probe": probe, "seed": seed},
        ) from None
    except ValueError as exc:  # info["success"] that is not a bool
        raise _Reject("api", f"{probe} replay (seed {seed}): {exc}", {"probe": probe}) from None
    finally:
        if warm is None:
            with trio.CancelScope(shield=True):
                await inst.aclose()


def _same_shape_filler(token: str, rng: random.Random, played: str = "", shown: str = "") -> str:
    """A random token of ``token``'s shape (digits for digits, letters for letters, case
    kept), never ``token`` itself nor an arrangement of its own characters.

    - Where unhinted play wrote letters or digits the token does not have (``played``: the
      text of its actions), each character is drawn from the token's own and those, and at
      least half of them (rounded up) from those: a method's move stays a move the Agent
      itself makes (Mastermind over digits 1-6: "1122" -> "3142"), while an environment that
      accepts the token's characters with one or two others (a tester's ``b1``) loses.
    - Else the token's own characters but one, which comes from ``shown`` (what the task
      showed) where it can, else any ("500" -> "530").

    Why: a stand-in made of the token's own characters alone let an environment accept any
    anagram of its password or any code of its code's digits (h37, h38); one outside
    character taken from the task's text made Mastermind's "open with 1122" illegal ("10
    guesses" gave a 0) when unhinted play wrote its codes spaced (a tester's ``a1``;
    2026-12-01). A token with one distinct letter or digit gets fresh ones.
    """
    digits = sorted({c for c in token if c in _ASCII_DIGITS})
    letters = sorted({c.casefold() for c in token if c.isalpha()})
    symbols = sorted({c for c in token if not c.isalnum() and not c.isspace()})
    consonants = "bcdfghjklmnpqrstvwxz"

    def others(text: str, kind: str) -> list[str]:
        if kind == "digit":
            return sorted({c for c in text if c in _ASCII_DIGITS} - set(digits))
        return sorted({c.casefold() for c in text if c.isascii() and c.isalpha()} - set(letters))

    slots = [
        i for i, ch in enumerate(token) if ch in _ASCII_DIGITS or (ch.isascii() and ch.isalpha())
    ]
    kinds = {i: "digit" if token[i] in _ASCII_DIGITS else "letter" for i in slots}
    from_play = {k: others(played, k) for k in ("digit", "letter")}
    fallback = {
        "digit": others(shown, "digit") or sorted(_ASCII_DIGITS - set(digits)),
        "letter": others(shown, "letter") or sorted(set(consonants) - set(letters)),
    }
    playable = [i for i in slots if from_play[kinds[i]]]
    for attempt in range(40):
        own = attempt < 20  # the token's own characters first, then any
        out = []
        for i, ch in enumerate(token):
            if ch in _ASCII_DIGITS:
                pool = digits if own else list("0123456789")
                if i == 0 and ch != "0":
                    pool = [d for d in pool if d != "0"] or ["1"]
                out.append(rng.choice(pool))
            elif ch.isalpha():
                c = rng.choice(letters if own else list(consonants))
                out.append(c.upper() if ch.isupper() else c)
            elif not ch.isalnum() and not ch.isspace():  # Morse, emoji: symbols for symbols
                out.append(rng.choice(symbols if own else [*symbols, "*", "#", "~"]))
            else:
                out.append(ch)
        if own and playable:  # half the characters from what unhinted play wrote
            swap = rng.sample(playable, max(1, (len(playable) + 1) // 2))
        elif own and slots:  # one character the token does not have
            swap = [rng.choice(slots)]
        else:
            swap = []
        for i in swap:
            kind = kinds[i]
            choices = from_play[kind] if playable else fallback[kind]
            if i == 0 and kind == "digit" and token[0] != "0":
                choices = [d for d in choices if d != "0"] or choices
            c = rng.choice(choices)
            out[i] = c.upper() if token[i].isupper() else c
        filler = "".join(out)
        if filler.casefold() != token.casefold():
            return filler
    return token[::-1] + "x"  # unreachable for tokens of 3+ characters


def _shape(token: str) -> tuple[int, str]:
    return len(token), "".join(
        "9" if c in _ASCII_DIGITS else "a" if c.isalpha() else c for c in token
    )


def _filler(
    token: str, moves: set[str], banned: set[str], rng: random.Random, played: str = ""
) -> str:
    """The stand-in for ``token`` in a censored answer: a token of the same shape (length, and
    digits and letters in the same places) from ``moves`` (what the task showed, what unhinted
    episodes played), never one of ``banned`` (the censored tokens); else
    :func:`_same_shape_filler`."""
    shape = _shape(token)
    fold = {b.casefold() for b in banned} | {token.casefold()}
    # a Roman numeral's stand-in is another numeral, a move of the same kind (a binary search
    # in numerals whose hint names CCL got 'SAY', a wasted guess: session 17's tester's k52)
    value = _roman_value(token.upper()) if token.isascii() and token.isalpha() else None
    if value is not None and len(token) >= 2:
        numerals = sorted(
            m
            for m in moves
            if m.isascii() and m.isupper() and m.casefold() not in fold and _roman_value(m)
        )
        pick = (
            rng.choice(numerals)
            if numerals
            else _as_roman(
                rng.choice([v for v in range(max(1, value // 2), value * 2 + 2) if v != value])
            )
        )
        return pick.upper() if token.isupper() else pick.lower()
    legal = sorted({m for m in moves if _shape(m) == shape and m.casefold() not in fold})
    if legal:
        pick = rng.choice(legal)
        return pick.upper() if token.isupper() else pick
    return _same_shape_filler(token, rng, played, "".join(sorted(moves)))


class _Censored:
    """The hinted Agent with tokens replaced, in every answer, by fillers of the same shape
    before the answer is played; it sees the environment's real reaction to what was played.

    ``always`` are replaced in every answer; ``from_hint`` only while the episode has not
    shown them (description, tool schemas, observations so far). A filler is a legal move
    where one is known (:func:`_filler`: a token of the same shape that the task showed or
    that an unhinted episode played), so a method's named move ("open with crane") becomes
    another legal move; it is fixed per episode and token.

    ``keyed`` (:func:`_keyed_candidates`): hint tokens the wins keyed a piece a turn. Then an
    answer that keys a piece (:func:`_key_parts`) which, after the pieces keyed before it in
    the episode, continues an unstated hint token of a keyed token's shape (a table's other
    codes too; forwards or last first) past its half is played with another piece of the
    same shape (:func:`_same_shape_filler`): ``7``, ``3``, ``9``, ``9`` for the vault's
    ``7399`` keys two other last keys, each still a key the Agent plays. Not the first half:
    rekeying every piece that began a token (any ``e`` of hangman's ``etaoin``) broke the
    method's play after it.
    """

    def __init__(
        self,
        agent: Any,
        *,
        always: set[str],
        inside: set[str],
        from_hint: set[str],
        stated: str,
        moves: set[str],
        rng: random.Random,
        played: str = "",
        zero_padded: bool = False,
        keyed: set[str] | None = None,
    ) -> None:
        self.agent = agent
        self._zero_padded = zero_padded
        self._played = played
        self.name = f"{getattr(agent, 'name', 'agent')} (gate check)"
        self.temperature = getattr(agent, "temperature", 1.0)
        self._always = always
        self._inside = inside
        stated_seen = _Seen(stated)
        # the hint's tokens the task itself states are never censored; the rest until an
        # observation of the episode states them (_EpisodeView)
        self._from_hint = {t for t in from_hint - always - inside if not _stated(stated_seen, t)}
        if zero_padded:  # a number the task shows in any padding is the task's
            self._from_hint -= _number_keys(_GATE_TOKEN.findall(stated))
        self._stated = stated
        self._moves = moves
        # fillers are drawn from the unhinted moves and every token the episode shows
        self._pool = moves | set(_GATE_TOKEN.findall(stated)) | set(_glued_numbers(stated))
        # one generator per episode, seeded from its id: the fillers do not depend on the
        # order concurrent episodes answer in (with one shared generator, k16's verdict
        # changed with the sandbox's pool size)
        self._seed = rng.random()
        self._rngs: dict[str, random.Random] = {}
        self._fillers: dict[str, dict[str, str]] = {}
        self._views: dict[str, _EpisodeView] = {}
        # each token as the answer's squashed forms must hold it to match (see act)
        self._squashed = {t: _squash(t) for t in self._always | self._from_hint}
        # keyed a piece a turn: every prefix of the hint tokens of the keyed tokens' shapes
        shapes = {_shape(t) for t in keyed or ()}
        self._prefixes: dict[str, list[str]] = {}
        for t in sorted(self._from_hint | set(keyed or ())):
            if _shape(t) in shapes:
                for end in range(1, len(t) + 1):
                    self._prefixes.setdefault(t[:end], []).append(t)
                    # keyed last character first (:func:`_keyed_candidates`)
                    self._prefixes.setdefault(t[::-1][:end], []).append(t)
        self._streams: dict[str, dict[str, list[str]]] = {}

    def budget_left(self, ctx: Any, max_episode_tokens: int) -> bool:
        return bool(self.agent.budget_left(ctx, max_episode_tokens))

    async def act(self, ctx: Any) -> Any:
        from actors.agent import AgentReply

        reply = await self.agent.act(ctx)
        if not isinstance(reply, AgentReply) or not isinstance(reply.text, str):
            return reply
        view = self._views.get(str(ctx.episode_id))
        if view is None:
            view = self._views[str(ctx.episode_id)] = _EpisodeView(
                self._from_hint, self._pool, self._zero_padded
            )
        # folding megabytes of observations (NFKC grows some characters 18-fold) is host work:
        # off the event loop, whose stall would count against the sandbox time of every
        # episode in flight (a tester's 1 MB banners of U+FDFA, 2026-12-02)
        await trio.to_thread.run_sync(view.see, list(ctx.observations))
        fillers = self._fillers.setdefault(str(ctx.episode_id), {})
        rng = self._rngs.get(str(ctx.episode_id))
        if rng is None:
            rng = self._rngs[str(ctx.episode_id)] = random.Random(f"{self._seed}:{ctx.episode_id}")
        if self._prefixes:
            streams = self._streams.setdefault(str(ctx.episode_id), {})
            text = self._rekeyed(streams, reply.text, view, fillers, rng)
            if text != reply.text:
                reply = AgentReply(text=text, policy_version=reply.policy_version)
        tokens = self._always | view.unstated
        if not tokens and not self._inside:
            return reply
        # only the tokens the answer can hold go into the pattern (spelled apart or not): a
        # hint of 60,000 table codes made one regex a turn of all of them (a tester's, 30 s of
        # host time charged to the environment, 2026-12-02)
        squashed = _squashed_forms(reply.text)
        matchable = {t for t in tokens if any(self._squashed[t] in form for form in squashed)}
        if matchable - self._always and view.cipher.reads(reply.text):
            # the answer deciphered from what was shown (z804, z805): its words are the
            # task's, as :func:`_gate_candidates` takes them; a constant is censored still
            matchable = {t for t in matchable if t in self._always or not t.isalpha()}
        if not matchable and not self._inside:
            return reply  # (an empty pattern would match between every two characters)
        # a token of symbols alone has no word boundary to respect: it is matched glued too
        symbolic = {t for t in matchable if _symbols_only(t)}
        # a number is matched between non-digits, glued to letters too ("PIN0042": h97)
        numeric = {t for t in matchable if t.isascii() and t.isdigit()}
        whole = _token_pattern(matchable - symbolic - numeric, self._zero_padded)
        number = _token_pattern(numeric, self._zero_padded)
        glued = "|".join(
            [re.escape(t) for t in sorted(self._inside, key=len, reverse=True)]
            + ([_token_pattern(symbolic)] if symbolic else [])
        )
        pattern = re.compile(
            "|".join(
                ([r"(?<![^\W_])(?:" + whole + r")(?![^\W_])"] if whole else [])
                + ([r"(?<!\d)(?:" + number + r")(?!\d)"] if number else [])
                + (["(?:" + glued + ")"] if glued else [])
            ),
            re.IGNORECASE,
        )
        tokens = tokens | self._inside
        pool = view.pool

        def fill(m: re.Match[str]) -> str:
            key = m.group(0).casefold()
            if key not in fillers:
                fillers[key] = _filler(m.group(0), pool, tokens, rng, self._played)
            return fillers[key]

        try:
            text = _censor_answer(reply.text, pattern, fill)
        except Exception:  # never the agent's failure: censor the raw text instead
            text = _censor_text(reply.text, pattern, fill)
        # the token ids no longer spell the text: these episodes never reach the learner
        return AgentReply(text=text, policy_version=reply.policy_version)

    def _rekeyed(
        self,
        streams: dict[str, list[str]],
        answer: str,
        view: _EpisodeView,
        fillers: dict[str, str],
        rng: random.Random,
    ) -> str:
        """``answer``, or another piece in its place where it keys the next piece of an
        unstated hint token (the class docstring); ``streams`` are the episode's pieces keyed
        so far (:func:`_key_streams`), as the Agent meant them."""
        hit = None
        for name, piece, where in _key_parts(answer):
            stream = streams.setdefault(name, [])
            stream.append(piece)
            del stream[:-_KEY_TOKEN_MAX]
            for start in range(len(stream)):
                # every piece from start, or every other one (_KEY_STRIDES), to this one
                prefixes = [
                    "".join(stream[start::stride])
                    for stride in _KEY_STRIDES
                    if (len(stream) - 1 - start) % stride == 0
                ]
                # only the pieces past the token's half: rekeying every piece that began one
                # (any 5 for binary search's 500, any e for hangman's etaoin) broke honest play
                # after it (a tester's k16, a method flagged as a gate); rekeying only the
                # last let a vault that opens on 3 of 4 right keys through (k19)
                for prefix in prefixes:
                    tokens = [
                        t
                        for t in self._prefixes.get(prefix, ())
                        if t in view.unstated and 2 * len(prefix) > len(t)
                    ]
                    if tokens and (hit is None or len(prefix) > len(hit[1])):
                        hit = (tokens[0], prefix, piece, where)
        if hit is None:
            return answer
        token, prefix, piece, where = hit
        key = f"{token}@{len(prefix) - len(piece)}"
        if key not in fillers:
            fillers[key] = _same_shape_filler(piece, rng, self._played)
        return _rekey(answer, piece, fillers[key], where)


class _EpisodeView:
    """What one censored episode has shown so far, kept turn by turn: the hint's tokens it has
    not stated yet (``unstated``) and the pool of tokens a filler may be drawn from (the
    unhinted moves and every token shown). Each observation is searched once, not the whole
    episode again each turn."""

    __slots__ = ("cipher", "pool", "seen", "unstated", "zero_padded")

    def __init__(self, from_hint: set[str], pool: set[str], zero_padded: bool = False) -> None:
        self.cipher = _CipherRuns()
        """What was shown, for an answer deciphered from it (:class:`_CipherRuns`)."""
        self.unstated = set(from_hint)
        self.pool = set(pool)
        self.seen = 0
        self.zero_padded = zero_padded
        """The hint's numbers are matched by value (:func:`_number_key`): an observation
        showing one in any padding states it."""

    def see(self, observations: Sequence[str]) -> None:
        """Take in the observations not seen yet (``observations`` is the whole episode's)."""
        for obs in observations[self.seen :]:
            decoded = _shown_decoded(obs)
            part = _Seen(decoded)  # decoded too, as _gate_candidates reads it
            self.cipher.add(decoded)
            self.unstated -= {t for t in self.unstated & part.runs if _stated(part, t)}
            if any(_shifted_word(t) for t in self.unstated):  # shifted, reversed, initials
                self.unstated -= {t for t in _shown_words_read(obs) if _shifted_word(t)}
            self.unstated -= {
                t
                for t in self.unstated
                if not _RUN.fullmatch(t) and normalise_text(t) in part.text and _stated(part, t)
            }
            shown = set(_GATE_TOKEN.findall(obs))
            if self.zero_padded:
                self.unstated -= _number_keys(shown)
            # a glued number shown is a filler, not a statement (a decoy serial: g4)
            self.pool |= shown | set(_glued_numbers(obs))
        self.seen = max(self.seen, len(observations))


def _squash(text: str) -> str:
    """``text`` without its non-word characters: what a token spelled apart (``s e s a m e``,
    ``7-3-9-9``) and the token itself have in common."""
    return re.sub(r"[\W_]+", "", text)


def _squashed_forms(answer: str) -> list[str]:
    """The squashed (:func:`_squash`), casefolded forms of ``answer`` in which the censor's
    pattern can match a token: as written, folded (:func:`_fold`), and, for a tool call, its
    JSON decoded (``\\u0037`` is 7) with numbers as written by Python."""
    forms = [answer.casefold(), _fold(answer).casefold()]
    try:
        decoded = json.dumps(json.loads(answer), ensure_ascii=False)
    except (ValueError, RecursionError):
        decoded = ""
    if decoded:
        forms += [decoded.casefold(), _fold(decoded).casefold()]
    return [_squash(f) for f in forms]


def _censor_text(text: str, pattern: re.Pattern[str], fill: Any) -> str:
    """``text`` with ``pattern`` replaced by ``fill``, also where a token is written in
    another form of the same text: the gate tokens are :func:`_fold`-ed and casefolded
    (:func:`_tokens`), so a fullwidth ``７３９９``, an Arabic-Indic ``٧٣٩٩`` or ``STRAßE`` in an
    answer is matched on the answer's normalised form, and that form, censored, is what is
    played (a tester's code table in fullwidth digits, and a password with ß, escaped the
    censor, 2026-12-01)."""
    out = pattern.sub(fill, text)
    norm = _fold(out).casefold()
    if norm == out:
        return out
    censored = pattern.sub(fill, norm)
    return censored if censored != norm else out


def _censor_answer(text: str, pattern: re.Pattern[str], fill: Any) -> str:
    """``text`` with ``pattern`` replaced by ``fill`` (:func:`_censor_text`); in a tool call
    (a JSON object with a ``"tool"``) only inside the arguments, so the call stays a call:
    names and string values; integers and floats (a code sent as a JSON number, 7399 or 29.17,
    becomes another number); and a list of short strings or numbers whose pieces joined spell a token
    (``["7", "3", "9", "9"]``, ``[7, 3, 9, 9]``: the code key by key), censored joined and cut
    back into pieces of the same lengths and types."""
    try:
        call = json.loads(text)
    except ValueError:
        call = None
    if isinstance(call, dict) and isinstance(call.get("tool"), str) and "arguments" in call:

        def number(value: int | float) -> int | float:
            whole = int(value) if isinstance(value, float) else value
            text = str(whole)
            out = _censor_text(text, pattern, fill)
            if out == text or not _int_text(out):
                return value
            return float(out) if isinstance(value, float) else int(out)

        def decimal(value: float) -> float:
            # a code sent as a decimal (a dial at 29.17): censored as Python writes it, read
            # back as a number (a tester's, 2026-12-02: non-whole floats passed uncensored)
            text = repr(value)
            out = _censor_text(text, pattern, fill)
            if out == text:
                return value
            try:
                censored = float(out)
            except ValueError:
                return value
            return censored if math.isfinite(censored) else value

        def pieces(values: list[Any]) -> list[Any] | None:
            parts = [str(v) for v in values]
            joined = "".join(parts)
            out = _censor_text(joined, pattern, fill)
            if out == joined or len(out) != len(joined):
                return None
            result: list[Any] = []
            at = 0
            for v, part in zip(values, parts, strict=True):
                piece = out[at : at + len(part)]
                at += len(part)
                if isinstance(v, str):
                    result.append(piece)
                else:
                    result.append(int(piece) if _int_text(piece) else v)
            return result

        def walk(value: Any) -> Any:
            if isinstance(value, str):
                return _censor_text(value, pattern, fill)
            if isinstance(value, dict):
                return {_censor_text(str(k), pattern, fill): walk(v) for k, v in value.items()}
            if isinstance(value, list):
                scalar = all(
                    (isinstance(v, str) and len(v) <= 4)
                    or (isinstance(v, int) and not isinstance(v, bool) and -999 <= v <= 9999)
                    for v in value
                )
                joined = pieces(value) if value and scalar and len(value) >= 2 else None
                return joined if joined is not None else [walk(v) for v in value]
            if isinstance(value, bool):
                return value
            if isinstance(value, int):
                return number(value)
            if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
                return number(value)
            if isinstance(value, float) and math.isfinite(value):
                return decimal(value)
            return value

        return json.dumps({**call, "arguments": walk(call["arguments"])}, ensure_ascii=False)
    return _censor_text(text, pattern, fill)


# --------------------------------------------------------------------------- keyed a piece a turn

_KEY_PIECE_MAX = 4
"""The most letters (or letters and digits) an answer keys in one turn of a code spread over
turns (a letter a turn, pairs, up to groups of 4)."""
_KEY_DIGITS_MAX = 8
"""The most digits an answer keys in one turn (a digit a turn, pairs ``73`` then ``99``, up to
groups of 8: a 10-digit code keyed in two groups of 5 was paid as frontier, a tester's k9)."""
_KEY_NUMBER_WORDS: dict[str, tuple[int, str]] = {}
"""Number words a keyed piece may be spoken in (``press seven``, ``drücke sieben``, a tester's
k11), each with its language, so that a rekeyed piece is spoken in the same one. A word two
languages share (``six``, ``zero``) is the first one's: English ``press six`` is rekeyed in
English (``press four``, not French ``press quatre``)."""
_KEY_WORDS_BY_LANG: dict[tuple[int, str], str] = {}
"""The number word of each language (its index in the list below) and digit."""
for _lang, _words in enumerate(
    [
        "zero one two three four five six seven eight nine",
        "null eins zwei drei vier fünf sechs sieben acht neun",
        "zéro un deux trois quatre cinq six sept huit neuf",
        "cero uno dos tres cuatro cinco seis siete ocho nueve",
        "zero uno due tre quattro cinque sei sette otto nove",
        # ordinals: a button named by its place ('press the seventh', session 17's k27)
        "zeroth first second third fourth fifth sixth seventh eighth ninth",
        # Portuguese, Dutch, the radio alphabet's digits (session 17's second tester's k63)
        "zero um dois três quatro cinco seis sete oito nove",
        "nul een twee drie vier vijf zes zeven acht negen",
        "zero wun two tree fower fife six seven ait niner",
    ]
):
    for _digit, _word in enumerate(_words.split()):
        _KEY_NUMBER_WORDS.setdefault(_word, (_lang, str(_digit)))
        _KEY_WORDS_BY_LANG[_lang, str(_digit)] = _word
# ordinals of other languages, 1-9 (session 17's tester's k40: 'le septième', 'el séptimo',
# 'den siebten'), each form a language of its own so that a rekeyed one keeps its form: the
# first of a digit's forms is how a replacement is written
_ORDINAL_FORMS = [
    "premier première/deuxième deuxieme/troisième troisieme/quatrième quatrieme/cinquième "
    "cinquieme/sixième sixieme/septième septieme/huitième huitieme/neuvième neuvieme",
    "primero primer/segundo/tercero tercer/cuarto/quinto/sexto/séptimo septimo/octavo/noveno",
    "primera/segunda/tercera/cuarta/quinta/sexta/séptima septima/octava/novena",
    "primo/secondo/terzo/quarto/quinto/sesto/settimo/ottavo/nono",
    "prima/seconda/terza/quarta/quinta/sesta/settima/ottava/nona",
    "firstly/secondly/thirdly/fourthly/fifthly/sixthly/seventhly/eighthly/ninthly",
] + [
    "/".join(
        f"{stem}{end} {other}{end}"
        for stem, other in zip(
            "erst zweit dritt viert fünft sechst siebt acht neunt".split(),
            "erst zweit dritt viert fuenft sechst siebent acht neunt".split(),
            strict=True,
        )
    )
    for end in ("e", "en", "er", "es", "em")
]
for _lang, _forms in enumerate(_ORDINAL_FORMS, start=9):
    for _digit, _words in enumerate(_forms.split("/"), start=1):
        for _word in _words.split():
            _KEY_NUMBER_WORDS.setdefault(_word, (_lang, str(_digit)))
            _KEY_WORDS_BY_LANG.setdefault((_lang, str(_digit)), _word)
_KEY_TOKEN_MAX = 64
"""The longest hint token looked for across the turns of one run of keyed pieces."""
_KEY_STRIDES = (1, 2)
"""Pieces joined into a keyed token: each in turn, or every other one (a key, then a
confirmation in the same alphabet: its place, session 17's k29)."""
_NUMERIC_ORDINAL = re.compile(r"(\d{1,8})(st|nd|rd|th|er|re|ère|ere|ème|eme|ième|ieme)")
"""A place written in digits (``7th``, ``2nd``, French ``7ème``, ``1er``): its number keys
(session 17's k27). Not ``7e``, ``7o`` or ``7a``: those are pieces of a mixed code (k14)."""
_SPELLING_ALPHABETS = [
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu",
    "anton berta cäsar dora emil friedrich gustav heinrich ida julius kaufmann ludwig martha "
    "nordpol otto paula quelle richard samuel theodor ulrich viktor wilhelm xanthippe ypsilon "
    "zacharias",
]
_SPELLING_LETTERS: dict[str, tuple[int, str]] = {}
"""Words of spelling alphabets (the radio alphabet, the German one), each to its alphabet
and letter: a password spelled ``Victor``, ``India``, ... (``Viktor``, ``Ida``, ...) a word a
turn keys its letters (session 17's k31; its tester's k43)."""
_SPELLING_WORDS: dict[tuple[int, str], str] = {}
for _alphabet, _words in enumerate(_SPELLING_ALPHABETS):
    for _word in _words.split():
        _SPELLING_LETTERS[_word] = (_alphabet, _word[0] if _word[0] != "ä" else "a")
        _SPELLING_WORDS[_alphabet, _SPELLING_LETTERS[_word][1]] = _word
for _word, _letter in {
    "alpha": "a", "juliet": "j", "whisky": "w", "bertha": "b", "caesar": "c", "casar": "c",
    "siegfried": "s", "zeppelin": "z", "ärger": "ä", "ökonom": "ö", "übermut": "ü",
}.items():  # fmt: skip
    _SPELLING_LETTERS[_word] = (0 if _letter in "ajw" else 1, _letter)
_X_RAY = re.compile(r"(?<![^\W_])x-ray(?![^\W_])", re.IGNORECASE)
_LETTER_WORDS = (0, 1, 2, -1)
_LETTER_CHARS = (0, 1, -1)
"""A short answer keys a letter by its place (:func:`_key_parts`, ``where``
``"<letter W C>"``, :func:`_rekey`): the C-th letter (first, second, last) of its W-th word
(first, second, third, last) of 2+ letters, each place a stream of its own. An acrostic keys a
password a word a turn (``kiwi``, ``ice``, ``tea``, ``echo`` key ``kite``: tester28's n08;
``the kiwi`` by the last word's first letter, ``disk``, ``ski``, ``cat``, ``bee`` by the last
letters: tester29's p01, p02; by the second letter or the middle word: tester30's q08, q09)."""
_LETTER_PLACE = re.compile(r"<letter (-?\d) (-?\d)>")


_ROMAN_PLACE = "<roman numeral>"
"""``where`` (:func:`_key_parts`, :func:`_rekey`) of a short answer's Roman numeral read as
its number: ``VII`` keys ``7`` in the ``roman`` stream (session 17's k28), besides the letters
``vii`` it keys as written."""


def _json_object(text: str) -> dict[str, Any] | None:
    """``text`` parsed as a JSON object, or ``None`` (not JSON, too deep, not an object)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _one_argument(answer: str) -> tuple[dict[str, Any], str, Any] | None:
    """``(call, name, value)`` for a tool call with exactly one argument (its ``arguments``
    an object, or a JSON string of one: the OpenAI wire format), else ``None``."""
    call = _json_object(answer)
    if call is None or not isinstance(call.get("tool"), str):
        return None
    args = call.get("arguments")
    if isinstance(args, str):
        args = _json_object(args)
    if not isinstance(args, dict) or len(args) != 1:
        return None
    ((name, value),) = args.items()
    return call, str(name), value


def _key_piece(answer: str) -> str | None:
    """The 1-4 letters or digits (:data:`_KEY_PIECE_MAX`, casefolded, :func:`_fold`-ed) that
    ``answer`` keys, or ``None``: the whole answer (``7``, ``"7."``, ``73``, ``k``, ``seven``),
    the one number among its words (``press 7``), or a tool call's one argument
    (``{"tool": "press", "arguments": {"key": 7}}``). Words of prose (``I``, ``a``) are never
    pieces inside a longer answer; a number word keys its digit."""
    one = _one_argument(answer)
    if one is not None:
        value = one[2]
        if isinstance(value, bool) or not isinstance(value, str | int):
            return None
        return _piece_of(str(value))
    call = _json_object(answer)
    if call is not None and isinstance(call.get("tool"), str):
        return None  # a call of several arguments: each in its own stream (_key_parts)
    return _piece_of(answer)


def _number_word(word: str) -> str:
    """``word``'s digits where it is a number word or an ordinal (:data:`_KEY_NUMBER_WORDS`:
    ``seven``, ``seventh``; :data:`_NUMERIC_ORDINAL`: ``7th``), else itself."""
    hit = _KEY_NUMBER_WORDS.get(word.casefold())
    if hit:
        return hit[1]
    m = _NUMERIC_ORDINAL.fullmatch(word.casefold())
    return m.group(1) if m else word


def _spelling_letter(word: str) -> str | None:
    """``word``'s letter where it is a word of a spelling alphabet (:data:`_SPELLING_LETTERS`:
    ``Victor`` -> ``v``, ``Viktor`` -> ``v``)."""
    hit = _SPELLING_LETTERS.get(word.casefold().replace("-", ""))
    return hit[1] if hit else None


def _spelled_letter(words: list[str]) -> str | None:
    """The letter a short answer (its ``words``, at most 4) spells in its one word of a
    spelling alphabet (``say Victor`` -> ``v``), else ``None``."""
    spelled = [c for c in map(_spelling_letter, words) if c is not None]
    return spelled[0] if len(spelled) == 1 and len(words) <= 4 else None


def _spoken_character(token: str) -> bool:
    """Whether ``token`` is one letter or digit spoken as a word: a number word or an
    ordinal (``seven``, ``seventh``, ``7th``), a Roman numeral below 10 (``vii``), or a word
    of the radio alphabet (``victor``). Such a token is a move of one character, as ``7`` or
    ``v`` is, never a secret of its own (the unseen-constant rule of
    :func:`_gate_candidates`: an honest hangman spoken in the radio alphabet played ``india``
    and ``oscar`` in every hinted win, session 17's k33)."""
    if _spelling_letter(token) is not None:
        return True
    digit = _number_word(token)
    if len(digit) == 1 and digit != token:
        return True
    value = _roman_value(token.upper()) if token.isalpha() and len(token) <= 4 else None
    return value is not None and value < 10


def _roman_word(text: str) -> re.Match[str] | None:
    """The word of a short answer (at most 4 words, :func:`_fold`-ed ``text``) that keys a
    Roman numeral: its last word where that is one (``VII``, ``dial vii``), else its one
    numeral of 2+ capitals (``VII please``, session 17's tester's k46); a canonical numeral
    below 4000."""
    if len(text) > 200:
        return None
    words = list(_WORD.finditer(text))
    if not words or len(words) > 4:
        return None

    def value(m: re.Match[str]) -> int | None:
        w = m.group(0)
        v = _roman_value(w.upper()) if w.isascii() and w.isalpha() and len(w) <= 15 else None
        return v if v is not None and v < 4000 else None

    if value(words[-1]) is not None:
        return words[-1]
    capitals = [m for m in words if m.group(0).isupper() and value(m)]
    longer = [m for m in capitals if len(m.group(0)) >= 2]
    for some in (longer, capitals):  # 'I press VII': VII; 'V please': V
        if some:
            return some[0] if len(some) == 1 else None
    return None


def _roman_reading(text: str) -> str | None:
    """The number (as digits) of the Roman numeral a short answer keys (:func:`_roman_word`),
    else ``None``."""
    m = _roman_word(_fold(text))
    return None if m is None else str(_roman_value(m.group(0).upper()))


def _short_piece(piece: str) -> bool:
    limit = _KEY_DIGITS_MAX if piece.isdigit() else _KEY_PIECE_MAX
    return 1 <= len(piece) <= limit


def _piece_of(text: str) -> str | None:
    if len(text) > 200:  # a key is a short answer; a page never is
        return None
    folded = _X_RAY.sub("xray", _fold(text).casefold())
    words: list[str] = _WORD.findall(folded)
    # a letter spoken in the radio alphabet: the whole answer or its one such word in a
    # short one ('Victor', 'say victor': session 17's k31)
    spelled = _spelled_letter(words)
    if spelled is not None and not any(_number_word(w).isdigit() for w in words):
        return spelled
    whole = _number_word(_squash(folded))
    if _short_piece(whole) and (whole.isdigit() or len(whole) <= _KEY_PIECE_MAX):
        return whole
    numbers = [w for w in (_number_word(w) for w in words) if w.isdigit()]
    if numbers:
        # one number (press 7), or a few 1-digit ones said together (press 7 and 3: a
        # tester's k13); a 1-digit number leads the answer that keys it at its front
        joined = "".join(numbers)
        if len(numbers) == 1 or all(len(n) == 1 for n in numbers):
            return joined if _short_piece(joined) else None
        return None
    # a short answer that ends in its one 1-letter word: 'type v' (a tester's k10; not the
    # prose of 'I am here')
    letters = [w for w in words if len(w) == 1]
    if len(letters) == 1 and len(words) <= 4 and words[-1] == letters[0]:
        return letters[0]
    return None


def _rekey(answer: str, piece: str, replacement: str, where: str | int | None = None) -> str:
    """``answer`` keying ``replacement`` where it keyed ``piece`` (:func:`_key_piece`): the
    tool call's one argument rewritten (an integer stays an integer), a number word written as
    the replacement's number word (an ordinal as an ordinal, ``7th`` as ``4th``), a word of
    the radio alphabet as the replacement's, a Roman numeral (``where`` :data:`_ROMAN_PLACE`)
    as the replacement's number in Roman numerals, letters in the case they had."""
    spot = _LETTER_PLACE.fullmatch(where) if isinstance(where, str) else None
    if spot is not None:  # a letter of a word by its place (an acrostic)
        folded = _fold(answer)
        found = list(_WORD.finditer(folded))
        w, c = int(spot.group(1)), int(spot.group(2))
        if not -len(found) <= w < len(found):
            return answer
        held = found[w]
        at = (held.end() if c < 0 else held.start()) + c
        letter = replacement[:1].upper() if folded[at].isupper() else replacement[:1]
        return folded[:at] + letter + folded[at + 1 :]
    roman = where == _ROMAN_PLACE
    if roman and _one_argument(answer) is None:  # a call's one argument: below
        folded = _fold(answer)
        last = _roman_word(folded)  # the numeral (:func:`_roman_reading`)
        if last is None:
            return answer
        # no Roman numeral for 0: the digit itself, a move as wrong as another numeral
        numeral = (
            _as_roman(int(replacement))
            if replacement.isdigit() and 0 < int(replacement) < 4000
            else replacement
        )
        numeral = numeral if last.group(0).isupper() else numeral.lower()
        return folded[: last.start()] + numeral + folded[last.end() :]
    if isinstance(where, str) and not roman:  # a call's argument of that name (_key_parts)
        call = _json_object(answer) or {}
        given = call.get("arguments")
        given = _json_object(given) if isinstance(given, str) else given
        if isinstance(given, dict) and where in given:
            value = given[where]
            new_value: Any = (
                int(replacement)
                if isinstance(value, int) and replacement.isdigit()
                else _rekey(str(value), piece, replacement)
            )
            out_args: Any = {**given, where: new_value}
            if isinstance(call.get("arguments"), str):
                out_args = json.dumps(out_args, ensure_ascii=False)
            return json.dumps({**call, "arguments": out_args}, ensure_ascii=False)
        return answer
    if isinstance(where, int):  # the where-th number of the answer (:func:`_key_parts`)
        place = -1

        def nth(m: re.Match[str]) -> str:
            nonlocal place
            text = m.group(0)
            if not _number_word(text).isdigit():
                return text
            place += 1
            return _rekey(text, piece, replacement) if place == where else text

        return _WORD.sub(nth, _fold(answer))
    one = _one_argument(answer)
    if one is not None:
        call, name, value = one
        if isinstance(value, int):
            new: Any = int(replacement) if replacement.isdigit() and not roman else value
        else:
            new = _rekey(value, piece, replacement, where if roman else None)
        args: Any = {name: new}
        if isinstance(call.get("arguments"), str):
            args = json.dumps(args, ensure_ascii=False)
        return json.dumps({**call, "arguments": args}, ensure_ascii=False)
    folded = _X_RAY.sub(lambda m: m.group(0).replace("-", ""), _fold(answer))
    if _squash(folded).casefold() != piece:  # "press 7", "seven": that word only
        done = False
        # several 1-digit numbers said together ("press 7 and 3"): each in turn
        said = [_number_word(w) for w in _WORD.findall(folded)]
        apart = piece.isdigit() and "".join(d for d in said if d.isdigit()) == piece
        left = iter(replacement)

        def spoken(text: str, digit: str) -> str:
            if _NUMERIC_ORDINAL.fullmatch(text.casefold()) and digit.isdigit():
                last = int(digit) % 100
                suffix = (
                    {1: "st", 2: "nd", 3: "rd"}.get(last % 10, "th") if last // 10 != 1 else "th"
                )
                return digit + (suffix.upper() if text.isupper() else suffix)
            lang = _KEY_NUMBER_WORDS.get(text.casefold())
            if lang is None or (lang[0], digit) not in _KEY_WORDS_BY_LANG:
                return digit
            out = _KEY_WORDS_BY_LANG[lang[0], digit]
            return out.upper() if text.isupper() else out.title() if text.istitle() else out

        def word(m: re.Match[str]) -> str:
            nonlocal done
            text = m.group(0)
            if apart and len(piece) > 1:
                if not _number_word(text).isdigit():
                    return text
                done = True
                return spoken(text, next(left, _number_word(text)))
            letter = _spelling_letter(text)
            if letter is not None and letter == piece and not done:
                done = True
                c = replacement.casefold()
                alphabet = _SPELLING_LETTERS[text.casefold().replace("-", "")][0]
                out = _SPELLING_WORDS.get((alphabet, c), replacement)
                return out.upper() if text.isupper() else out.title() if text[:1].isupper() else out
            if done or _number_word(text).casefold() != piece:
                return text
            done = True
            return spoken(text, replacement) if replacement.isdigit() else replacement

        out = _WORD.sub(word, folded)
        if done:
            return out
    # the whole answer is the piece, its characters perhaps apart ("7-3"): each in turn
    chars = iter(replacement)
    return "".join(
        (next(chars, c).upper() if c.isupper() else next(chars, c)) if c.isalnum() else c
        for c in folded
    )


def _key_parts(answer: str) -> list[tuple[str, str, str | int | None]]:
    """``(stream, piece, where)`` for each piece ``answer`` keys: its piece
    (:func:`_key_piece`) in the streams of :func:`_key_streams` (``where`` ``None``); in a
    short answer of several numbers, each number in the stream of the answer's form and the
    number's place (``key 1: 7`` keys ``7`` in ``key #: #``'s second place, ``where`` 1: a
    tester's k8; ``slot 2`` then ``7``, turn about, key ``7`` in ``#``'s: k15); in a tool
    call of several arguments, each short one in the stream of its tool and name (``where``
    the name: ``set_digit(slot=0, digit=7)``, a tester's k6)."""
    out: list[tuple[str, str, str | int | None]] = []
    piece = _key_piece(answer)
    if piece is not None:
        out += [(name, piece, None) for name in _key_streams(piece)]
    # a word of a spelling alphabet that is a number word too (German 'Otto', Italian 8)
    # keys its letter as well
    if len(answer) <= 200 and piece is not None and piece.isdigit():
        spelled = _spelled_letter(_WORD.findall(_fold(answer)))
        if spelled is not None:
            out += [(name, spelled, None) for name in _key_streams(spelled)]
    # a Roman numeral keys its number too, in a stream of its own ('VII': 7; k28)
    single = _one_argument(answer)
    if single is None or isinstance(single[2], str):
        roman = _roman_reading(answer if single is None else single[2])
        if roman is not None and _short_piece(roman):
            out.append(("roman", roman, _ROMAN_PLACE))
            # and among the digits, so that a code keyed in mixed forms joins ('VII',
            # 'three', 'the ninth', '8': session 17's tester's k41)
            out.append(("digits", roman, _ROMAN_PLACE))
    call = _json_object(answer)
    if call is not None:
        args = call.get("arguments")
        if isinstance(args, str):
            args = _json_object(args)
        if isinstance(call.get("tool"), str) and isinstance(args, dict) and len(args) > 1:
            for name, value in args.items():
                if isinstance(value, str | int) and not isinstance(value, bool):
                    one = _piece_of(str(value))
                    if one is not None:
                        out.append((f"tool {call['tool']} {name}", one, str(name)))
        return out
    if len(answer) > 200:
        return out
    folded = _fold(answer).casefold()
    words = _WORD.findall(folded)
    # the first or last letter of a short answer's first or last word, each in a stream of
    # its own: an acrostic keys its password a letter a turn ('kiwi', 'ice', 'tea', 'echo':
    # tester28's n08; 'disk', 'ski', 'cat', 'bee' by their last letters, 'the kiwi', 'the
    # ice' by the noun's first: tester29's p01, p02)
    if len(words) <= 8:
        for w in _LETTER_WORDS:
            if not -len(words) <= w < len(words) or (w >= 0 and w == len(words) - 1 and w):
                continue  # (the last word once: as -1)
            word = words[w]
            if len(word) >= 2 and word.isalpha():
                for c in _LETTER_CHARS:
                    if c != 1 or len(word) > 2:
                        spot = f"<letter {w} {c}>"
                        out.append((f"letters {spot}", word[c], spot))
    numbers = [i for i, w in enumerate(words) if _number_word(w).isdigit()]
    if len(words) <= 8 and numbers:
        form = " ".join("#" if _number_word(w).isdigit() else w for w in words)
        for place, i in enumerate(numbers):
            number = _number_word(words[i])
            if _short_piece(number):
                out.append((f"form {form} {place}", number, place))
    return out


def _key_streams(piece: str) -> tuple[str, ...]:
    """The streams a keyed piece joins: every piece joins ``all``; a piece of digits only also
    ``digits``, of letters only ``letters``, so that a code keyed between other answers
    (``7``, ``next``, ``3``, ``next``) is still read across them."""
    if piece.isdigit():
        return ("all", "digits")
    return ("all", "letters") if piece.isalpha() else ("all",)


def _keyed_candidates(
    winners: Sequence[EpisodeFinished],
    in_hint: set[str],
    stated: str,
    first_observations: Mapping[int, str],
) -> set[str]:
    """Hint tokens of 3+ letters or digits that every hinted win keys over 2+ turns, a piece
    a turn (:func:`_key_piece`: ``7``, ``3``, ``9``, ``9`` for the hint's ``7399``; other
    answers between them skipped, :func:`_key_streams`), and the task had not stated
    (description, tool schemas, first observation): the code exists only across turns, where
    :func:`_gate_candidates`, reading one answer at a time, never sees it (a tester's ``h58``:
    a per-vault table, one key a turn, regret 1.0 as frontier). Empty when some win keys
    none: a game of short moves whose hint happens to hold a number is a method's."""
    keyable = {t for t in in_hint if 3 <= len(t) <= _KEY_TOKEN_MAX and t.isalnum()}
    if not winners or not keyable:
        return set()
    out: set[str] = set()
    for ep in winners:
        view = _Seen(stated, _shown_decoded(first_observations.get(ep.seed, "")))
        found: set[str] = set()
        streams: dict[str, list[str]] = {}
        for turn in ep.turns:
            if turn.error is None:
                for name, piece, _ in _key_parts(turn.action):
                    streams.setdefault(name, []).append(piece)
        for stream in streams.values():
            for start in range(len(stream) - 1):
                # every piece, or every other one: a confirmation in the same alphabet
                # between the keys (7, 1, 3, 2, ...: each digit, then its place; k29)
                for stride in _KEY_STRIDES:
                    joined = stream[start]
                    for piece in stream[start + stride :: stride]:
                        joined += piece
                        if len(joined) > _KEY_TOKEN_MAX:
                            break
                        # as keyed, or keyed last character first (a tester's k7: 9, 9, 3, 7)
                        for token in {joined, joined[::-1]}:
                            if token in keyable and not _stated(view, token):
                                found.add(token)
        if not found:
            return set()
        out |= found
    return out


def _gate_candidates(
    env: EnvValidated,
    hint: str,
    first_observations: Mapping[int, str],
    winners: Sequence[EpisodeFinished],
    without: Sequence[EpisodeFinished],
    hint_tokens: tuple[set[str], set[str]] | None = None,
    stated: str | None = None,
    all_winners: Sequence[EpisodeFinished] = (),
) -> dict[str, str]:
    """Tokens (:data:`_GATE_TOKEN`, casefolded) that the hinted wins may owe to the hint
    alone, with why (``hint_tokens``: :func:`_hint_tokens` of the hint, and ``stated``:
    :func:`_stated_text` of ``env``, when the caller has them already; ``all_winners``: every
    hinted win, of which ``winners`` are those replayed for their first observation):

    - ``"hint"``: in the hint and in a winning action, and nowhere in what the Agent saw
      before that action (description, tool schemas, observations);
    - ``"constant"``: played in every hinted win (2+ seeds) and in no action played without
      the hint, and either in the hint but not in the description or the tool schemas (an
      observation may name it as a decoy: "the word is not sesame"), or in the hint and in the
      opening answer every hinted win gives and no unhinted episode gives (the description
      may name it as a decoy too; a stated command later in the game, "claim" after a
      search, is not), or, at 3+ characters, in neither the
      description nor the tool schemas and unseen before it was played in every win (a
      constant the hint spells another way, e.g. as arithmetic). A token the observations
      offer and the hint does not name (a trait to ask about) is the Agent's own choice;
    - ``"inside"``: a hint word of 4+ characters the task does not state, glued inside a
      longer token of every hinted win ("sesame417") and inside no unhinted action (3
      characters would censor public method suffixes, "000" for grams, "ing"): censored
      wherever it occurs, not only as a whole token.

    A played number of 2+ significant digits counts as a hint token when a hint number has
    its value with other leading zeros ("0042" for the hint's 42 or 6×7, 42 for its 0042:
    :func:`_same_number`). Words of the tool schemas (argument names, enum values) are never
    candidates.
    """
    out: dict[str, str] = {}
    stated = _stated_text(env) if stated is None else stated
    # a number the hint only writes another way ("vault 3: 7×1057") is a candidate where a win
    # plays it unseen and not every win does (a table's per-seed code): a worked example's
    # "47 - 3" or "5 + 6" in a method hint gives the constant every win plays (a tester's
    # f18), and a constant written as arithmetic is the unseen-constant rule's below
    literal, derived = hint_tokens or _hint_tokens(hint, stated, readings=True)
    in_hint = literal | derived
    number_keys = _number_keys(in_hint)
    derived_keys = _derived_keys(literal, derived)
    spelled = _spelled_words(hint)
    played_all: list[set[str]] = []
    played_unseen: list[set[str]] = []
    shown: dict[int, set[str]] = {}  # _shown_readings, per episode, when first needed
    spelling = [
        _spells_run(ep, spelled, _Seen(stated, first_observations.get(ep.seed, "")))
        for ep in winners
    ]
    for ep, spells in zip(winners, spelling, strict=True):
        # what the episode showed, with what it decodes to (z501: an honest cipher's answer)
        first_shown = _shown_decoded(first_observations.get(ep.seed, ""))
        view = _Seen(stated, first_shown)
        cipher = _CipherRuns()
        cipher.add(first_shown)
        played: set[str] = set()
        unseen: set[str] = set()
        for turn in ep.turns:
            if turn.error is None:
                action = _action_text(turn)
                deciphered: bool | None = None  # the answer read from shown ciphertext
                # a number glued to letters counts where its word is unseen: PIN0042 plays
                # 0042; up100, a command the task lists, plays nothing of the hint's (j3)
                glued = [n for w, n in _glued_words(action) if not _stated(view, w)]
                # a word of the hint's spelled run keyed as one character ('Tango' for t) in
                # a win that keys the run's words a piece a turn
                keyed = spelled if spells and _key_piece(action) is not None else frozenset()
                for tok in [*_tokens(action, glued=False), *glued]:
                    key = tok.casefold()
                    if key in keyed:
                        continue
                    played.add(key)
                    if not _stated(view, tok):
                        opening = first_observations.get(ep.seed, "")
                        # a word of 4+ letters the task showed Caesar-shifted, reversed or
                        # in initials is shown text: an honest Caesar game whose example uses its
                        # own words (session 26's z691) was flagged a gate, as z501 was
                        if _shifted_word(key) and key in _shown_readings(ep, opening, shown):
                            continue
                        # the whole answer deciphered from a shown run: 3-letter words
                        # Caesar-shifted, a keyword's Vigenere (tester48's z804, z805)
                        if key.isascii() and key.isalpha():
                            if deciphered is None:
                                deciphered = cipher.reads(action)
                            if deciphered:
                                continue
                        unseen.add(key)
                        if key in in_hint or _same_number(key, number_keys):
                            if key in derived and key in _shown_readings(ep, opening, shown):
                                continue  # decoded from what the task showed (r2_03)
                            out.setdefault(key, "hint")
            seen = _shown_decoded(turn.observation)
            view.add(seen)
            cipher.add(seen)
        played_all.append(played)
        played_unseen.append(unseen)
    if len({ep.seed for ep in winners}) >= 2:
        for tok in set.intersection(*played_all):
            if out.get(tok) == "hint" and _derived_number(tok, literal, derived, derived_keys):
                del out[tok]
        # a hint word in every win: in every one of all the wins, not only the 4 replayed (a
        # vocabulary of 6 words, 4 a message, puts some word of an honest cipher's worked
        # example in 4 wins in ~1 draw of 4: tester46's z501 at engine.score seed 0)
        in_all = [_played_tokens(ep) for ep in all_winners]
        always = set.intersection(*played_all, *in_all) & literal
        # (a letter or digit spoken as a word, 'india' or 'seven', is a move of one
        # character, as 'i' or '7' is: k33's hangman in the radio alphabet)
        always |= {
            t
            for t in set.intersection(*played_unseen, *in_all)
            if len(t) >= 3 and not _spoken_character(t)
        }
        unhinted = {
            t.casefold() for ep in without for turn in ep.turns for t in _tokens(turn.action)
        }
        for tok in sorted((always - unhinted) - {t for t in always if _stated(stated, t)}):
            out[tok] = "constant"
        # the opening answer, when every hinted win gives it and no unhinted episode does: a
        # token of it the hint names is a candidate even when the description states it (a
        # decoy: "never say sesame"); a stated command later in the game ("claim" after a
        # search) is the task's own vocabulary
        first = {_normal(_action_text(ep.turns[0])) if ep.turns else "" for ep in winners}
        if len(first) == 1 and (opening := first.pop()):
            if all(_normal(ep.turns[0].action) != opening for ep in without if ep.turns):
                opened = {t.casefold() for t in _tokens(opening, glued=False)}
                if all(spelling) and _key_piece(opening) is not None:
                    opened -= spelled
                for tok in opened & literal - unhinted:
                    out[tok] = "constant"
        # a hint word glued to a per-seed part ("sesame417"): inside a played token of every
        # win, inside no unhinted action, not stated by the task
        unhinted_text = "\n".join(e.casefold() for ep in without for e in _actions(ep))
        won_texts = ["\n".join(a.casefold() for a in _actions(ep)) for ep in winners]
        for tok in sorted(literal - set(out)):
            if (
                len(tok) >= 4
                and all(tok in text and tok not in _GATE_TOKEN.findall(text) for text in won_texts)
                and tok not in unhinted_text
                and tok not in stated.casefold()
            ):
                out[tok] = "inside"
    # the tool schemas' own words (argument names, enum values) are the task's vocabulary;
    # the words of their descriptions are stated text, like the task description's
    schema = "\n".join(_schema_words(env.tools))
    return {t: why for t, why in out.items() if not _stated(schema, t)}


def _shifted_word(token: str) -> bool:
    """Whether ``token`` is a word that what was shown may read as (:func:`_shown_readings`),
    for the gate check to take as shown: 4+ ASCII letters (3-letter words have 26 shifts of a
    few shown words among only 17,576 strings; a code of digits is a table's)."""
    return len(token) >= 4 and token.isascii() and token.isalpha()


def _played_tokens(ep: EpisodeFinished) -> set[str]:
    """Every token ``ep``'s answers play (:func:`_tokens`, glued and apart; casefolded)."""
    out: set[str] = set()
    for turn in ep.turns:
        if turn.error is None:
            action = _action_text(turn)
            out.update(t.casefold() for t in [*_tokens(action), *_tokens(action, glued=False)])
    return out


def _shown_readings(ep: EpisodeFinished, first: str, cache: dict[int, set[str]]) -> set[str]:
    """What ``ep``'s observations (``first``: its first) spell under the hint readings
    (:func:`_hint_readings`; cached in ``cache`` by the episode's seed): a word a win plays
    that is also a reading of something shown was decoded from the task, not owed to the
    hint. An honest cipher game's answers ``net``, ``pots``, ``jolly`` are the reversals and
    a Caesar shift of the hint's ordinary ``ten``, ``stop``, ``cheer`` (tester31's r2_03,
    flagged), and Caesar shifts of the ciphertext it shows."""
    if ep.seed not in cache:
        # decoded too (:func:`_shown_decoded`): a Caesar shift sent in base64 (z609)
        text = "\n".join(map(_shown_decoded, [first, *(t.observation for t in ep.turns)]))
        # (short words Caesar-shifted too: a shown 'qhw' decodes to 'net')
        cache[ep.seed] = _hint_readings(text, {t.casefold() for t in _tokens(text)}, 3)
    return cache[ep.seed]


def _spells_run(ep: EpisodeFinished, spelled: frozenset[str], view: _Seen) -> bool:
    """Whether ``ep`` keys 3+ words of the hint's spelled runs (:func:`_spelled_words`) a piece
    a turn (:func:`_key_piece`), each unseen when played (``view``: the description, the tool
    schemas and the first observation; each observation is added as the episode goes): a
    sequence of characters (hangman's ``Echo``, ``Tango``, ``Alfa``), whose words are then one
    character each. A win that plays one word of the run (a per-door password of one radio
    word listed in door order) plays a word, a hint token; so does one that keys words the
    lock shows before the password (call words: session 18's tester26's m91)."""
    if not spelled:
        return False
    n = 0
    for turn in ep.turns:
        if turn.error is None and _key_piece(action := _action_text(turn)) is not None:
            words = _WORD.findall(_fold(action).casefold())
            if any(w in spelled and not _stated(view, w) for w in words):
                n += 1
                if n >= 3:
                    return True
        view.add(turn.observation)
    return False


def _stated_text(env: EnvValidated) -> str:
    """What the task states before any observation: the description, the tool schemas, and
    what the description's runs of spelled characters spell (:func:`_tokens`: 'say Alfa,
    Bravo, Charlie' states ``abc``, which a method hint repeating it spells too; session 18's
    tester26's m98 was flagged)."""
    # a token that is a word of the description is in it: no scan of the whole of it per
    # token (15,000 keys in a 555 KB description took 12 CPU-s: tester61's v97); past 4,096
    # scans the rest are kept unscanned (kept, they only repeat what is stated)
    words = set(re.findall(r"\w+", env.description))
    runs: list[str] = []
    for t in dict.fromkeys(_tokens(env.description)):
        if t in words or (len(runs) < 4096 and t in env.description):
            continue
        runs.append(t)
    return "\n".join([env.description, json.dumps(env.tools, ensure_ascii=False), " ".join(runs)])


def _schema_words(tools: Any) -> list[str]:
    """Tool names, argument names and ``enum``/``const`` values of tool schemas (not their
    descriptions): the words an Agent must write to call the tools at all."""
    words: list[str] = []

    def walk(node: Any, depth: int = 0) -> None:
        if depth > 64:  # a schema deeper than any real one names nothing more
            return
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                words.extend(str(k) for k in props)
            for key in ("enum", "const"):
                value = node.get(key)
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, str | int | float) and not isinstance(v, bool):
                        words.append(str(v))
            for key, value in node.items():
                if key not in ("description", "title", "examples", "default"):
                    walk(value, depth + 1)
        elif isinstance(node, list):
            for item in node:
                walk(item, depth + 1)

    for tool in tools if isinstance(tools, list) else []:
        if isinstance(tool, dict) and isinstance(tool.get("function"), dict):
            tool = tool["function"]  # the OpenAI wrapping
        if isinstance(tool, dict):
            if isinstance(tool.get("name"), str):
                words.append(tool["name"])
            walk(tool.get("parameters", tool.get("input_schema", {})))
    return words


def _actions(ep: EpisodeFinished) -> list[str]:
    return [_action_text(t) for t in ep.turns if t.error is None]


def _normal(text: str) -> str:
    """An answer compared as a whole: casefolded, spaces collapsed, end punctuation dropped."""
    return " ".join(text.casefold().split()).strip(" .!?")


def _action_text(turn: Turn) -> str:
    return json.dumps(_tool_arguments(turn), ensure_ascii=False) if turn.tool else turn.action


async def _information_gate(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    episodes: Sequence[EpisodeFinished],
    *,
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    rng: random.Random,
    limit: trio.CapacityLimiter,
) -> tuple[bool, dict[str, Any]]:
    """The ``information_gate`` check, by three routes: the hint's tokens censored in the
    Agent's answers (:func:`_censored_gate`); where that does not flag, the hint's table
    relabelled (:func:`_relabelled_gate`); where neither does, the hint's cipher key
    rewritten (:func:`_cipher_key_gate`). The routes share one replay of each win.

    Returns:
        ``(flagged, evidence)``: the censored route's evidence, the relabelled route's under
        ``"table"`` and the cipher-key route's under ``"cipher_key"`` where they ran.

    Raises:
        _Reject: an environment error in a check's episode (``env_error``), or too many policy
            errors for a verdict (``not_measured``).
    """
    replays: dict[str, str] = {}  # each win replayed once for its first observation
    evidence: dict[str, Any] = {}
    for route, name in (
        (_censored_gate, ""),
        (_relabelled_gate, "table"),
        (_cipher_key_gate, "cipher_key"),
    ):
        flagged, found = await route(
            sandbox,
            env,
            hint,
            episodes,
            agent=agent,
            config=config,
            agent_config=agent_config,
            rng=rng,
            limit=limit,
            replays=replays,
        )
        if not name:
            evidence = found  # the censored route's evidence is the check's own
        elif found:
            evidence = {**evidence, name: found}
        if flagged:
            return True, evidence
    return False, evidence


async def _first_observation(
    sandbox: Any, env: EnvValidated, ep: EpisodeFinished, replays: dict[str, str] | None
) -> str:
    """``ep``'s first observation, replayed (:func:`_replay`) once per information-gate check:
    ``replays`` (by episode id) is shared by its routes."""
    if replays is not None and ep.episode_id in replays:
        return replays[ep.episode_id]
    first = (await _replay(sandbox, env, ep.seed, ep.turns, "gate")).first_observation
    if replays is not None:
        replays[ep.episode_id] = first
    return first


async def _censored_gate(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    episodes: Sequence[EpisodeFinished],
    *,
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    rng: random.Random,
    limit: trio.CapacityLimiter,
    replays: dict[str, str] | None = None,
) -> tuple[bool, dict[str, Any]]:
    """The ``information_gate`` check's first route: does the hinted Agent still win without
    the tokens that only the hint could have given it?

    The candidates are :func:`_gate_candidates`. ``config.gate_checks`` hinted episodes are
    played on fresh seeds by the same agent with those tokens replaced, in every answer, by
    random tokens of the same shape (:class:`_Censored`): closed-loop, so a method hint
    ("binary search, start at 500") still wins from another start, while a gate (a password,
    a code, a table of codes, a constant written as arithmetic, a word an observation names
    as a decoy) does not. When a candidate is a hint number the wins played with other leading
    zeros, every hint number of 2+ significant digits is censored in any padding
    (``_token_pattern(zero_padded=True)``), but those the task shows in any padding. Flagged
    when the censored success rate is at most a quarter of the hinted rate and zero-or-so wins
    are unlikely by chance (one-sided binomial p < 0.05 under the hinted rate).

    Returns:
        ``(flagged, evidence)``.

    Raises:
        _Reject: an environment error in a censored episode (``env_error``).
    """
    hinted = [e for e in episodes if e.hinted and e.status in ("ok", "max_turns")]
    winners = [e for e in hinted if e.success and e.status == "ok"]
    without = [e for e in episodes if not e.hinted]
    if not winners or not hinted or config.gate_checks == 0:
        return False, {}
    firsts: dict[int, str] = {}
    for ep in winners[:4]:
        firsts[ep.seed] = await _first_observation(sandbox, env, ep, replays)
    # host work linear in what the episodes showed (megabytes, seconds): off the event loop,
    # whose stall would count against the sandbox time of every episode in flight
    stated = await trio.to_thread.run_sync(_stated_text, env)
    # the hint as read: with what its encoded text decodes to (z201, z301-z309, z401-z409)
    plain = await trio.to_thread.run_sync(_hint_decoded, hint)
    # the hint's tokens once: a 1 MB hint's _tokens takes ~1 s
    literal, derived = await trio.to_thread.run_sync(_hint_tokens, plain, stated)
    # and what the hint's tokens spell under a transformation it can state (6288 with "add
    # one to every digit"): candidates where a win plays them unseen, never keyed ones
    read = await trio.to_thread.run_sync(
        lambda: derived | (_hint_readings(plain, literal) - literal)
    )
    candidates = await trio.to_thread.run_sync(
        lambda: _gate_candidates(
            env, plain, firsts, winners[:4], without, (literal, read), stated, winners
        )
    )
    keyed = await trio.to_thread.run_sync(
        _keyed_candidates, winners[:4], literal | derived, stated, firsts
    )
    candidates.update({t: "keyed" for t in sorted(keyed) if t not in candidates})
    if not candidates:
        return False, {}
    # the numbers the hint writes another way are censored only for a table of them
    # a number the wins play with other leading zeros than the hint writes ("0042" for 42 or
    # 6×7, 42 for 0042): the censor matches every number of the hint by its value, whatever
    # zeros lead it (the seeds it draws may pad to other widths: a tester's h92)
    numbers = _number_keys(literal | read)
    padded = any(t not in literal and t not in read for t in candidates if _same_number(t, numbers))
    keys = _derived_keys(literal, read)
    written = any(_derived_number(t, literal, read, keys) for t in candidates)
    from_hint = literal | (read if written else set())
    if padded:
        from_hint = {t for t in from_hint if _number_key(t) is None} | _number_keys(from_hint)
    if keyed:  # keyed a piece a turn: every hint token of their shapes, written another way too
        from_hint |= keyed | (derived if keyed & derived else set())
    unhinted = [_action_text(turn) for ep in without for turn in ep.turns if turn.error is None]
    censor_rng = random.Random(rng.random())
    # host work linear in the hint's tokens (a table of 60,000 codes: ~0.2 s): off the loop
    censored = await trio.to_thread.run_sync(
        lambda: _Censored(
            agent,
            always={t for t, why in candidates.items() if why == "constant"},
            inside={t for t, why in candidates.items() if why == "inside"},
            from_hint=from_hint,
            stated=stated,
            moves={
                t for text in unhinted for t in [*_GATE_TOKEN.findall(text), *_glued_numbers(text)]
            },
            zero_padded=padded,
            rng=censor_rng,
            played="\n".join(unhinted),
            keyed=keyed,
        )
    )
    measured = await _gate_episodes(
        sandbox, env, hint, censored, "gate", config, agent_config, rng, limit
    )
    p_hint = sum(e.success for e in hinted) / len(hinted)
    wins = sum(e.success for e in measured)
    n = len(measured)
    flagged, p_chance = _gate_verdict(wins, n, p_hint)
    return flagged, {
        "tokens": candidates,
        "censored_wins": wins,
        "censored_episodes": n,
        "hinted_success": round(p_hint, 4),
        "p_value": round(p_chance, 6),
    }


async def _gate_episodes(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    agent: Any,
    probe: str,
    config: CriticConfig,
    agent_config: AgentConfig,
    rng: random.Random,
    limit: trio.CapacityLimiter,
    plays: Sequence[tuple[int, str]] = (),
) -> list[EpisodeFinished]:
    """``config.gate_checks`` hinted episodes of an information-gate route on fresh seeds,
    played as scoring episodes (each under the episode budget) by ``agent`` with ``hint``; or,
    where ``plays`` is given, one episode per ``(seed, hint)`` of it instead.

    Returns:
        The episodes the policy played (a turn or token budget that ran out is a loss).

    Raises:
        _Reject: ``env_error`` when the environment failed in one; ``not_measured`` when
            policy errors left fewer than :data:`MIN_MEASURED_SHARE` of them (an environment
            must not be able to switch the check off).
    """
    from actors.agent import play_episode

    if not plays:
        plays = [(seed, hint) for seed in draw_seeds(rng, config.gate_checks)]
    played: list[EpisodeFinished] = []

    async def one(i: int) -> None:
        req = EpisodeRequested(
            episode_id=f"{env.env_id}:{probe}{i}",
            env_id=env.env_id,
            group_id=f"{env.env_id}:{probe}",
            source=env.proposal.source,
            description=env.description,
            tools=env.tools,
            max_turns=env.max_turns,
            success_threshold=env.success_threshold,
            seed=plays[i][0],
            hint=plays[i][1],
            purpose="score",
            group_size=len(plays),
        )
        async with limit:
            played.append(await play_episode(req, sandbox, agent, agent_config))

    async with trio.open_nursery() as nursery:
        for i in range(len(plays)):
            nursery.start_soon(one, i)
    broken = [e for e in played if e.status == "env_error"]
    if broken:
        raise _Reject(
            "env_error",
            f"the environment failed in the information-gate check (seed {broken[0].seed}: "
            f"{broken[0].reason[:300]})",
            {"probe": probe, "seed": broken[0].seed, "message": broken[0].reason[:2000]},
        )
    measured = [e for e in played if e.status != "policy_error"]
    if len(measured) < max(1, math.ceil(MIN_MEASURED_SHARE * len(played))):
        raise _Reject(
            "not_measured",
            f"the information-gate check: {len(played) - len(measured)} of {len(played)} "
            f"{_PROBE_NAMES.get(probe, 'relabelled-table')} "
            "episodes failed on the "
            "policy side",
            {"probe": probe, "policy_errors": len(played) - len(measured)},
        )
    return measured


_PROBE_NAMES = {"gate": "censored", "keys": "key-probe", "key": "rekeyed-hint"}
"""How a ``not_measured`` rejection names the episodes of each information-gate probe."""


def _gate_verdict(wins: int, n: int, p_hint: float, p_without: float = 0.0) -> tuple[bool, float]:
    """``(flagged, p)``: an information-gate route flags when its ``wins`` of ``n`` episodes
    keep at most a quarter of the hint's lift (a rate at most ``p_without + (p_hint -
    p_without) / 4``, ``p_without`` the unhinted rate; 0 for the censored route) and that
    few wins are unlikely by chance (one-sided binomial ``p`` < 0.05 under ``p_hint``).

    The routes that rewrite the hint (relabelled, cipher key) pass ``p_without``: the Agent
    still has a whole hint, and a gate it passes at random 1 time in 8 without the hint it
    passes so with a rewritten one too (2 such wins of 6 kept a quarter of the rate, not of
    the lift: tester50's z954). The censored route does not: its stand-ins can cost an
    honest method more than the hint gave (k52's binary search in Roman numerals wins 2 of
    6 censored, 3 of 8 unhinted)."""
    p_chance = sum(math.comb(n, j) * p_hint**j * (1 - p_hint) ** (n - j) for j in range(wins + 1))
    floor = min(max(p_without, 0.0), p_hint)
    return wins / n <= floor + (p_hint - floor) / 4 and p_chance < 0.05, p_chance


def _unhinted_rate(episodes: Sequence[EpisodeFinished]) -> float:
    """The unhinted success rate of ``episodes`` (those measured: ``ok`` or ``max_turns``);
    0 where there are none."""
    without = [e for e in episodes if not e.hinted and e.status in ("ok", "max_turns")]
    return sum(e.success for e in without) / len(without) if without else 0.0


_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
_CARDINAL_WORDS = {i: w for w, i in _EN_UNITS.items()} | {20: "twenty"}
_ORDINAL_WORDS = {i: w for w, i in _ORDINAL_PLACES.items()}
_LABEL_WORD = r"(?<![^\W_])([^\W\d_]{2,})"
_ROMAN_LABEL = r"(?-i:(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3}))"
"""A Roman numeral of two or more letters up to XXXIX, in capitals (``II``, ``IV``, ``XII``);
a lone ``I``, ``V`` or ``X`` reads as a letter unless the same label word has such numerals
(:func:`_label_matches`)."""
_LONE_ROMAN = {"I": 1, "V": 5, "X": 10}
_LABEL_VALUE = (
    r"(\d{1,3}(?:,\d{3}){1,3}|\d{1,12}|"
    + _ROMAN_LABEL
    + "|"
    + "|".join(sorted(_CARDINAL_WORDS.values(), key=len, reverse=True))
    + r"|[A-Z])(?![^\W_]|[.,]\d)"
)
_TABLE_LABELS = (
    # vault 3, Door #12, room no. 7, vault three, vault C, VAULT-3, vault [3], vault IV
    re.compile(
        # one run of blanks before a value, never two side by side: a word before 20,000
        # spaces cost 47 CPU-s a search (tester59's v92)
        _LABEL_WORD + r"(?:[ \t]+(?:\[[ \t]*)?|-|[ \t]*(?:#|№|no\.)[ \t]*)" + _LABEL_VALUE,
        re.I,
    ),
    # #3, № 3, [3]: the label's word left out
    re.compile(r"()(?<![^\W_])(?:(?:#|№)[ \t]*(\d{1,6})(?!\w|[.,]\d)|\[[ \t]*(\d{1,6})[ \t]*\])"),
    # the third vault, the 3rd vault
    re.compile(
        r"(?<![^\W_])("
        + _ORDINAL_WORD
        + r"|\d{1,3}(?:st|nd|rd|th))[ \t]+"
        + _LABEL_WORD.replace("(?<![^\\W_])", ""),
        re.I,
    ),
    # vault3, vault_3: digits glued to a word of 3+ letters (tester52's z976, z977)
    re.compile(r"(?<![^\W_])([^\W\d_]{3,})_?(\d{1,7})(?![^\W_]|[.,]\d)"),
)
"""A table entry's label as a word and a value: a number (digits, an English number word up to
twenty, a Roman numeral, an ordinal before the word) or one capital letter (``vault 3``, ``Door
#12``, ``room no. 7``, ``VAULT-3``, ``vault [3]``, ``vault three``, ``vault IV``, ``the third
vault``, ``the 3rd vault``, ``vault C``, ``#3``, ``[3]``, ``vault3``, ``vault_3``)."""


def _label_matches(text: str) -> list[tuple[str, int | str, int, int, str]]:
    """Every table label of ``text``: ``(group, value, start, end, form)``, ``group`` the label
    word casefolded with ``#`` for letters (``"vault"``, ``"vault#"``; ``""`` for a bare
    ``#3``), ``value`` its number or letter, ``start:end`` the value's span, ``form`` how it is
    written (``digits``, ``word``, ``letter``, ``ordinal``, ``nth``)."""
    found = sorted(
        (
            (m.start(), i, m)
            for i, pattern in enumerate(_TABLE_LABELS)
            for m in pattern.finditer(text)
        ),
        key=lambda t: (t[0], t[1]),
    )
    out: list[tuple[str, int | str, int, int, str]] = []
    last_end = -1
    for start, i, m in found:  # the first to start wins an overlap (linear, not pairwise)
        if start < last_end:
            continue
        last_end = m.end()
        value: int | str
        if i == 2:
            raw, word, span = m.group(1), m.group(2), m.span(1)
            low = raw.casefold()
            if low in _ORDINAL_PLACES:
                value, form = _ORDINAL_PLACES[low], "ordinal"
            else:
                value, form = int(raw[:-2]), "nth"
        else:
            at = 3 if i == 1 and m.group(2) is None else 2  # '#3' or '[3]'
            word, raw, span = m.group(1), m.group(at), m.span(at)
            roman = _roman_value(raw) if len(raw) > 1 and raw.isupper() else None
            if raw.isdigit():
                value, form = int(raw), "digits"
            elif raw[:1].isdigit():  # 1,000,003
                value, form = int(raw.replace(",", "")), "grouped"
            elif roman is not None:
                value, form = roman, "roman"
            elif raw.casefold() in _EN_UNITS or raw.casefold() == "twenty":
                value, form = _EN_UNITS.get(raw.casefold(), 20), "word"
            else:
                value, form = raw, "letter"
        group = word.casefold() + ("#" if form == "letter" else "")
        out.append((group, value, span[0], span[1], form))
    # a word with Roman labels (vault II, vault IV) reads its lone I, V and X as numerals too
    romans = {g for g, *_, form in out if form == "roman"}
    return [
        (g[:-1], _LONE_ROMAN[v], a, b, "roman")
        if g[:-1] in romans and isinstance(v, str) and v in _LONE_ROMAN
        else (g, v, a, b, form)
        for g, v, a, b, form in out
    ]


def _hint_tables(hint: str) -> list[tuple[str, set[int | str]]]:
    """The label words the hint writes with 3 or more different values (``vault 0: ...;
    vault 1: ...``), or with 2 or more where two or more words have 2 or more, with those
    values, the word with the most values first."""
    by_group: dict[str, set[int | str]] = collections.defaultdict(set)
    for group, value, *_ in _label_matches(hint):
        by_group[group].add(value)
    # two values under each of 2+ words, 4+ entries in all ('vault 1', 'vault 2', 'safe 1',
    # 'safe 2': tester34's u05) are one table too, each word a group of its own
    least = 2 if sum(len(vs) >= 2 for vs in by_group.values()) >= 2 else 3
    return sorted(
        ((g, vs) for g, vs in by_group.items() if len(vs) >= least),
        key=lambda t: (-len(t[1]), t[0]),
    )


def _table_label(
    hint: str, shown: str, tasks: Sequence[str] = ()
) -> tuple[tuple[str, ...], list[int | str]] | None:
    """The label groups of a table the hint keys by something the task shows, and its values.

    The groups of :func:`_hint_tables` that the task's observations write with one of their
    values (``You face vault 3.``, ``This is vault #3``, ``VAULT-3``, ``vault [3]``); an entry
    labelled twice (``vault 3 (#3)``) has both groups. Where no group's word is shown, a table
    of numbered labels the task shows under another word (``locker 3: ...`` and ``This is vault
    3``). ``values`` are the first group's, sorted. ``None`` when there is none, and where
    ``tasks`` (what each of 2+ hinted wins saw) all show the same values of the table, not all
    of them: a per-task table is looked up by a label that changes from task to task, and one
    that does not is a counter (``Round 1 of 1`` beside a public rule ``remainder 0: ...;
    remainder 1: ...``, tester36's x05; rounds 1-3 of every game, tester37's y07); the hint's
    other label words are tried then (a constant decoy ``level 2``, y04).
    """
    tables = _hint_tables(hint)
    shown_labels = _shown_labels(shown)
    task_labels = [_shown_labels(text) for text in tasks] if len(tasks) >= 2 else []
    while tables:
        found = _table_label_groups(tables, shown_labels)
        if found is None or not task_labels:
            return found
        per_task = set()
        for labels in task_labels:
            values = {v for g in found[0] for v in labels.get(g, set()) | labels[""]}
            per_task.add(frozenset((values | _label_numbers(labels)) & set(found[1])))
        (same,) = per_task if len(per_task) == 1 else (None,)
        if same is None or len(same) == len(found[1]):
            return found  # changes from task to task, or every label shown (decoys)
        # the same labels in every task (rounds 1-3 of every game, tester37's y07): try the
        # hint's other label words (a constant decoy 'level 2' beside 'vault A-F', y04)
        tables = [t for t in tables if t[0] != found[0][0]]
    return None


def _shifted_label_views(hint: str, tasks: Sequence[str]) -> list[str]:
    """Each of ``tasks`` followed by its first :data:`_SHOWN_DECODED_CHARS` characters
    (lower-cased) shifted back through the alphabet by each amount under which they write a
    label word of the hint's tables (:func:`_hint_tables`, 3+ ASCII letters) as a whole word:
    a label shown Caesar-shifted by a per-task amount the Agent finds by trying all 25
    ('zeypx xlvii' is 'vault three' shifted by 4: tester48's z801) is a label all the same.
    So are the head written backwards (``3 tluav``) and in Atbash (``ezfog 3``, a to z, b to
    y), where that writes such a word. At most 27 readings of each task, under the hint's
    first :data:`_SHIFTED_ARRAYS_MAX` label words; linear in its length."""
    words = [
        g.rstrip("#")
        for g, _ in _hint_tables(hint)
        if len(g.rstrip("#")) >= 3 and g.rstrip("#").isascii() and g.rstrip("#").isalpha()
    ][:_SHIFTED_ARRAYS_MAX]  # the words with the most values first
    views: list[str] = []
    for task in tasks:
        head = task[:_SHOWN_DECODED_CHARS].lower()
        shown = set(re.findall(r"[a-z]+", head))  # whole words: a set lookup per reading
        shifted = [
            head.translate(_LETTER_SHIFTS[26 - k])
            for k in range(1, 26)
            if any(w.translate(_LETTER_SHIFTS[k]) in shown for w in words)
        ]
        if any(w[::-1] in shown for w in words):
            shifted.append(head[::-1])
        if any(w.translate(_ATBASH) in shown for w in words):
            shifted.append(head.translate(_ATBASH))
        views.append("\n".join([task, *shifted]))
    return views


_DIE_FACES = {chr(0x2680 + i): str(i + 1) for i in range(6)}
_LABEL_NUMERAL = re.compile(
    # one run of blanks between tokens (three side by side were cubic in a run of spaces
    # after a word: 1,000 of them 5.4 CPU-s a search, tester59's v93)
    r"(?<![^\W_])([^\W\d_]{2,})(?=(?:[ \t]*:[ \t]+|[ \t]+)(?:(?:no\.|#|№)[ \t]*)?"
    r"(0[xX][0-9a-fA-F]{1,8}|0[bB][01]{1,16}|0[oO][0-7]{1,8}|[.\-]{5}(?![.\-])"
    r"|[^\s.,;:!?()]{1,12}))"
)
_FOREIGN_NUMBERS = {
    w: d for w, (lang, d) in _KEY_NUMBER_WORDS.items() if lang in (1, 2, 3, 4, 6, 7) and len(w) > 2
}
"""The number words 0-9 of German, French, Spanish, Italian, Portuguese and Dutch (3+
letters), for a label's number (English ones are :data:`_LABEL_VALUE`'s)."""


def _label_numerals(text: str) -> list[str]:
    """``word N`` for each word of ``text`` followed by a number written in a notation
    :data:`_TABLE_LABELS` does not read: digits of other scripts (``三``, ``٣``: :func:`_fold`),
    a hex, binary or octal literal (``0x3``), a die face (``⚂``), a number word of German,
    French, Spanish, Italian, Portuguese or Dutch (``drei``), a Morse digit (``...--``). At
    most 4,096; linear in the length of ``text``."""
    out: list[str] = []
    for m in itertools.islice(_LABEL_NUMERAL.finditer(text), 65_536):
        word, token = m.group(1), m.group(2)
        value: str | None = None
        low = token.casefold()
        if low[:2] in ("0x", "0b", "0o"):
            try:  # '0xq' is no literal (tester52's z971: a ValueError out of scoring)
                value = str(int(low, 0))
            except ValueError:
                value = None
        elif token in _MORSE:
            value = _MORSE[token] if _MORSE[token].isdigit() else None
        elif token in _DIE_FACES:
            value = _DIE_FACES[token]
        elif low in _FOREIGN_NUMBERS:
            value = _FOREIGN_NUMBERS[low]
        elif not token.isascii():
            folded = _fold(token)
            value = folded if folded.isascii() and folded.isdigit() else None
        if value is not None:
            out.append(f"{word} {value}")
            if len(out) >= 4_096:
                break
    return out


_LETTER_FIRST = re.compile(r"(?<![^\W_])the[ \t]+((?-i:[A-Z]))[ \t]+([^\W\d_]{2,})(?![^\W_])", re.I)
_LABEL_COLON = re.compile(r"(?<=[^\W\d_])[ \t]*:[ \t]*(?=[^\W_])")


def _shown_labels(shown: str) -> dict[str, set[int | str]]:
    """The label values ``shown`` writes, by :func:`_label_matches` group (``""``: a bare
    ``#3``); a label word and its value across a colon count too (``Vault: 3`` is ``vault
    3``: tester48's z802, the codes in the description), and a capital letter after ``the``
    before its word (``the C vault`` is ``vault C``: tester37's y10)."""
    shown = _LABEL_COLON.sub(" ", shown)
    # a label's number in another notation: 'Tresor drei', 'vault 三', 'vault 0x3', 'vault ⚂',
    # 'in Morse: ...--' (tester51's z963-z967) as 'Tresor 3', 'vault 3', ...
    numerals = _label_numerals(shown)
    if numerals:
        shown = "\n".join([shown, *numerals])
    # a letter label before its word, as an ordinal may be ('the C vault': tester37's y10)
    flipped = [f"{m[2]} {m[1]}" for m in itertools.islice(_LETTER_FIRST.finditer(shown), 4_096)]
    if flipped:
        shown = "\n".join([shown, *flipped])
    shown_labels: dict[str, set[int | str]] = collections.defaultdict(set)
    for group, value, start, _, _ in _label_matches(shown):
        shown_labels[group].add(value)
        if group.endswith("#") and isinstance(value, str) and value in _LONE_ROMAN:
            shown_labels[group[:-1]].add(_LONE_ROMAN[value])  # 'vault V' of a table to XII
        before = start
        while before > 0 and shown[before - 1] in " \t":  # not shown[:start]: linear
            before -= 1
        if before > 0 and shown[before - 1] in "#№":
            shown_labels[""].add(value)
    return shown_labels


def _label_numbers(shown_labels: dict[str, set[int | str]]) -> set[int | str]:
    """The values of :func:`_shown_labels` under any word but a letter group's."""
    return {v for g, vs in shown_labels.items() if not g.endswith("#") for v in vs}


def _table_label_groups(
    tables: list[tuple[str, set[int | str]]], shown_labels: dict[str, set[int | str]]
) -> tuple[tuple[str, ...], list[int | str]] | None:
    """:func:`_table_label` of the labels all the observations show (:func:`_shown_labels`),
    without its per-task check."""
    # a bare '#3' in the hint keys what the task writes 'vault #3' and the other way round
    numbers = _label_numbers(shown_labels)
    groups = [
        (group, values)
        for group, values in tables
        if (numbers if group == "" else shown_labels.get(group, set()) | shown_labels[""]) & values
    ]
    if not groups:  # the same numbers under another word
        groups = [(g, vs) for g, vs in tables if not g.endswith("#") and numbers & vs][:1]
    if not groups:
        return None
    if len(groups[0][1]) == 2:  # a table of 2 values a word (u05): every word with those two
        groups += [(g, vs) for g, vs in tables if vs == groups[0][1] and (g, vs) not in groups]
    first = sorted(groups[0][1], key=lambda v: (isinstance(v, str), v))  # type: ignore[arg-type]
    return tuple(g for g, _ in groups), first


def _best_shift(entries: Sequence[str]) -> int:
    """The shift by which to rotate a table of ``entries`` (their texts, in the order of their
    labels): the one of a few (half the table, 1, a third, a quarter, 2, 3, n - 1) under which
    the fewest entries land on an equal text, half the table first among equals (by half, so that a table whose neighbours share an entry
    still moves; not always by half, so that a table repeating every half does too)."""
    n = len(entries)
    if n < 2:
        return 0
    norm = [" ".join(e.split()).strip(" ;,.:=").casefold() for e in entries]
    # a few shifts, not all n - 1 (linear in the table): a table that repeats under all of
    # them (1 among them) has one entry
    shifts = list(dict.fromkeys(k for k in (n // 2, 1, n // 3, n // 4, 2, 3, n - 1) if 0 < k < n))
    return min(shifts, key=lambda k: sum(norm[i] == norm[(i + k) % n] for i in range(n)))


def _label_text(value: int | str, form: str, was: str) -> str:
    """``value`` written in ``form`` as the label ``was`` is (zero padding, capitals)."""
    if isinstance(value, str):
        return value
    if form == "word" and value in _CARDINAL_WORDS:
        text = _CARDINAL_WORDS[value]
    elif form == "ordinal" and value in _ORDINAL_WORDS:
        text = _ORDINAL_WORDS[value]
    elif form == "roman":
        # a label beside Roman ones but past 3999 (vault 100000000000, tester37's y11: 10^8
        # letters) keeps its digits
        return _as_roman(value) if 0 < value < 4000 else str(value)
    elif form == "grouped":
        return f"{value:,}"
    elif form in ("ordinal", "nth"):
        text = f"{value}{_ORDINAL_SUFFIX.get(value % 10 if value % 100 not in (11, 12, 13) else 0, 'th')}"
    else:
        return str(value).zfill(len(was) if was.startswith("0") else 0)
    return text.capitalize() if was[:1].isupper() else text


def _relabel(hint: str, groups: str | Sequence[str], values: list[int | str]) -> str:
    """``hint`` with the table's labels rotated: of ``n`` values in order, each label of
    ``groups`` (one group's name or several) names the entry of the value ``k`` places on,
    wrapping round, ``k`` by :func:`_best_shift` of the entries' texts (the text after a label
    up to the next), half the table where no shift is better (``vault 0: A; vault 1: B; vault
    2: C; vault 3: D`` -> ``vault 2: A; vault 3: B; vault 0: C; vault 1: D``), written as it
    was (digits with their zero padding, a number word, a Roman numeral, an ordinal, a
    letter)."""
    names = {groups} if isinstance(groups, str) else set(groups)
    labels = [m for m in sorted(_label_matches(hint), key=lambda m: m[2]) if m[0] in names]
    entry: dict[int | str, str] = {}
    for m, after_m in zip(labels, [*labels[1:], None], strict=True):
        entry.setdefault(m[1], hint[m[3] : after_m[2] if after_m else len(hint)])
    shift = _best_shift([entry.get(v, "") for v in values])
    after = {v: values[(i + shift) % len(values)] for i, v in enumerate(values)}
    out, last = [], 0
    for _, value, start, end, form in labels:
        if value not in after:
            continue
        out += [hint[last:start], _label_text(after[value], form, hint[start:end])]
        last = end
    return "".join(out) + hint[last:]


_TABLE_KEY = re.compile(
    r"(?:^|(?<=[:;,.\n({]))[ \t]*(?:and[ \t]+)?"
    r"\"?((?:[^\W_][\w'’-]*[ \t]+){0,2}[^\W_][\w'’-]*|[^\w\s:;,.()=<>→⇒'\"-]{1,8})\"?"
    r"[ \t]*(?::(?=\s|\")|=|->|→|=>|⇒)",
    re.I,
)
"""A table entry's key: 1-3 words, or a symbol of up to 8 characters (an emoji, ``🍎``:
tester36's x10), in double quotes or not, between a delimiter (start, ``:``, ``;``, ``,``,
``.``, a line break, ``(``, ``{``) and the entry's separator (``: ``, ``=``, ``->``, ``→``,
``=>``): ``apple: 7399``, ``red door = 4826``, ``🍎: PEEK``, ``{"1": "PEEK", ...}`` (a JSON
object: tester52's z975)."""


_REMARK = re.compile(r"\([^()\n]{1,80}\)(?=[ \t]*(?::(?=\s)|=|->|→|=>|⇒))")
"""A remark in brackets just before a table entry's separator (``apple (beside the pear
crate): ...``)."""


def _word_in(word: str, text: str) -> bool:
    return re.search(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", text) is not None


def _key_of(hint: str, span: tuple[int, int]) -> str:
    """The key written at ``span`` as the keyed-table readers compare it: one character as
    written, longer keys casefolded with their spaces collapsed."""
    a, b = span
    return hint[a:b] if b - a == 1 else " ".join(hint[a:b].casefold().split())


def _singulars(words: Iterable[str]) -> set[str]:
    """The words of ``words`` ending in ``s`` without it, and those in ``es`` without that too
    (``apples`` -> ``apple``, ``peaches`` -> ``peache``, ``peach``), and ``ies`` as ``y``
    (``cherries`` -> ``cherry``): a key the task writes in the plural."""
    out: set[str] = set()
    for w in words:
        if len(w) > 3 and w.endswith("s"):
            out.add(w[:-1])
            if w.endswith("es"):
                out.add(w[:-2])
            if w.endswith("ies"):  # cherries (tester51's z968)
                out.add(w[:-3] + "y")
    return out


def _keyed_table_shown(
    hint: str, firsts: Sequence[str]
) -> tuple[list[tuple[int, int]], list[set[str]]] | None:
    """The key spans of a keyed table (:data:`_TABLE_KEY`; 3+ different keys; a key followed at
    once by another, a heading such as ``Fruit codes: apple: 7399``, is not one) and, for each
    first observation of ``firsts``, the keys it writes as words (a key of one character counts
    only in its own case; a symbol key, ``🍎``, anywhere it is written; where it writes none,
    a key of 3-4 letters that begins a shown word of 5+, ``Tue`` for ``Tuesday``). ``None``
    when the hint has fewer than three keys or ``firsts`` is empty."""
    # a remark in brackets between a key and its separator is not the key ('apple (beside
    # the pear crate): ...': tester34's u02); blanked to spaces, so the spans stay the hint's
    found = list(_TABLE_KEY.finditer(_REMARK.sub(lambda m: " " * len(m.group()), hint)))
    spans = [
        m.span(1)
        for m, after in zip(found, [*found[1:], None][: len(found)], strict=True)
        if after is None or after.start(1) - m.end() > 2
    ]
    keys = {_key_of(hint, span) for span in spans}
    if len(keys) < 3 or not firsts:
        return None
    # emoji keys: shown anywhere, with or without a variation selector (tester37's y06)
    symbols = {k: _no_selectors(k) for k in keys if not re.search(r"\w", k)}
    shown: list[set[str]] = []
    for first in firsts:
        # fullwidth letters folded (ＰＥＡＲ, tester37's y01); a possessive is its word (the
        # pear's crate, y08)
        first = _no_selectors(unicodedata.normalize("NFKC", first))
        first = re.sub(r"(?<=[^\W\d_])['’]s\b", "", first)
        # a key spelled letter by letter ('P-E-A-R', 'P.E.A.R': tester37's y09) is its word
        spelled = [re.sub(r"[-.·]", "", m.group()) for m in _SPELLED_KEY.finditer(first)]
        if spelled:
            first = "\n".join([first, *spelled[:4_096]])
        words = re.findall(r"[^\W_][\w'’-]*", first)
        # every run of 1-3 words the observation writes (a key is 1-3 words)
        runs = {w for w in words if len(w) == 1}
        for n in (1, 2, 3):
            runs |= {" ".join(words[i : i + n]).casefold() for i in range(len(words) - n + 1)}
        # and each word of 3+ letters written backwards or in Atbash ('a hcaep': z969)
        long = {w.casefold() for w in words if len(w) >= 3}
        runs |= {w[::-1] for w in long} | {w.translate(_ATBASH) for w in long if w.isascii()}
        hit = keys & (runs | _singulars(runs)) | {k for k, b in symbols.items() if b in first}
        if not hit:  # a key of 3-4 letters that abbreviates a shown word (Tue: z974), or
            # one of 5+ that a shown word of 3-4 letters abbreviates (Monday, Tue: y57)
            heads, short = _heads(long), {w for w in long if len(w) in (3, 4)}
            hit = {
                k
                for k in keys
                if k.isalpha()
                and (
                    (len(k) in (3, 4) and k in heads)
                    or (len(k) >= 5 and not _heads({k}).isdisjoint(short))
                )
            }
        shown.append(hit)
    return spans, shown


def _heads(words: set[str]) -> set[str]:
    """The first 3 and 4 letters of each of ``words`` of 5+ letters (``tue``, ``tues`` of
    ``tuesday``): a table keyed ``Mon: ...; Tue: ...`` by the shown ``Today is Tuesday``
    (tester52's z974) has its keys shown."""
    return {w[:n] for w in words if len(w) >= 5 for n in (3, 4)}


_SPELLED_KEY = re.compile(r"(?<![^\W_])[^\W\d_](?:[-.·][^\W\d_]){2,}(?![^\W_])")


def _no_selectors(text: str) -> str:
    """``text`` without Unicode variation selectors (U+FE00-FE0F: ``☀️`` is ``☀``)."""
    return re.sub("[\ufe00-\ufe0f]", "", text)


_KEY_WORD = re.compile(r"[^\W_][\w'’]*")


def _segment_table_shown(
    hint: str, firsts: Sequence[str]
) -> tuple[list[tuple[int, int]], list[set[str]]] | None:
    """A table written as 3+ entries split by ``;`` or line breaks, each keyed by one word in
    the same place, wherever that place is (``||| / || opens the apple crate; | / |||| opens
    the pear crate; ...``, the key after its value): the spans of those keys and, for each
    first observation of ``firsts``, the keys it writes as words, as
    :func:`_keyed_table_shown`.

    The place is that of the entries' own words (a word no other entry has) that a first
    observation writes, counted from the entry's end, or else from its start where that is
    the same for all of them; the heading before the first entry and the sentence after the
    last are not the entries'. A part with more than two words no other part has (a heading,
    a method's steps, ``reverse the word; then double each letter``) is not a key and a
    value. Where no entry has a word of its own, two adjacent words are read as one (``the
    red door opens with ...; the red gate ...; the blue door ...``: tester34's u04). ``None``
    where no such place holds 3+ different keys.
    """
    segments = [m.span() for m in re.finditer(r"[^;\n]+", hint) if _KEY_WORD.search(m.group())]
    if len(segments) < 3 or not firsts:
        return None
    tail = re.search(r"\.(?:\s|$)", hint[segments[-1][0] : segments[-1][1]])
    if tail is not None:  # the sentence after the last entry is not one
        segments[-1] = (segments[-1][0], segments[-1][0] + tail.start())
    heads = list(re.finditer(r"[.:!?](?:\s|$)", hint[segments[0][0] : segments[0][1]]))
    if heads:  # nor the heading before the first
        segments[0] = (segments[0][0] + heads[-1].end(), segments[0][1])
    words = [
        [(w.group().casefold(), w.span()) for w in _KEY_WORD.finditer(hint[a:b])]
        for a, b in segments
    ]
    shown_words = [{w.group().casefold() for w in _KEY_WORD.finditer(f)} for f in firsts]
    found = _keys_in_place(hint, segments, words, [ws | _singulars(ws) for ws in shown_words])
    if found is not None:
        return found
    # no word of its own in any entry: two words together ('red door', 'red gate', 'blue
    # door', ...: tester34's u04)
    pairs = [
        [(f"{w} {v}", (a, d)) for (w, (a, _)), (v, (_, d)) in itertools.pairwise(seg)]
        for seg in words
    ]
    shown_pairs = []
    for f in firsts:
        shown = [w.group().casefold() for w in _KEY_WORD.finditer(f)]
        shown_pairs.append({f"{w} {v}" for w, v in itertools.pairwise(shown)})
    return _keys_in_place(hint, segments, pairs, shown_pairs)


def _keys_in_place(
    hint: str,
    segments: Sequence[tuple[int, int]],
    words: Sequence[Sequence[tuple[str, tuple[int, int]]]],
    shown_words: list[set[str]],
) -> tuple[list[tuple[int, int]], list[set[str]]] | None:
    """:func:`_segment_table_shown` of the entries ``segments`` of ``hint``, read as
    ``words`` (each entry's words, casefolded, with their spans in the entry), where the
    first observations write ``shown_words``."""
    count = collections.Counter(w for seg in words for w in {w for w, _ in seg})
    seen = set().union(*shown_words)
    places = [
        (i, len(seg) - 1 - i)
        for seg in words
        for i, (w, _) in enumerate(seg)
        if count[w] == 1 and w in seen
    ]
    if not places:
        return None

    def keyed_at(anchor: int, at: int) -> tuple[list[tuple[int, int]], list[set[str]]] | None:
        spans: list[tuple[int, int]] = []
        for (start, _), seg in zip(segments, words, strict=True):
            if sum(count[w] == 1 for w, _ in seg) > 2:
                continue  # a part of its own words (a heading, a method's step): no entry
            if at < len(seg):
                w, (a, b) = seg[len(seg) - 1 - at] if anchor else seg[at]
                if count[w] == 1:
                    spans.append((start + a, start + b))
        keys = {_key_of(hint, span) for span in spans}
        return (spans, [keys & ws for ws in shown_words]) if len(keys) >= 3 else None

    for anchor in (1, 0):
        if len({place[anchor] for place in places}) == 1:
            found = keyed_at(anchor, places[0][anchor])
            if found is not None:
                return found
    # both an entry's key and its value shown (a key in base64 beside every code in base64,
    # all read decoded: z702): the place of which each first observation shows one word at
    # most, and two or more show one (a key of 3 letters, 'cmVk', is too short to decode)
    for anchor in (1, 0):
        for at in sorted({place[anchor] for place in places}):
            found = keyed_at(anchor, at)
            if found is None or any(len(keys) > 1 for keys in found[1]):
                continue
            if sum(len(keys) == 1 for keys in found[1]) >= 2:
                return found
    return None


_SHOWN_NUMBER = re.compile(r"(?<![\w.,])\d{1,7}(?![\w.,]\w)")
_SHOWN_ORDINAL = re.compile(
    rf"(?<![\w.,])(\d{{1,7}})(?:st|nd|rd|th)\b|(?<![\w-])({_ORDINAL_WORD})(?![\w-])", re.I
)


def _shown_numbers(text: str) -> list[int]:
    """The whole numbers ``text`` writes, in order: digits (``vault 13``), ordinals in digits
    (``the 3rd vault``) and ordinal words up to twenty-sixth (``the third vault``, tester35's
    v05), each as its number."""
    found = [(m.start(), int(m.group())) for m in _SHOWN_NUMBER.finditer(text)]
    for m in _SHOWN_ORDINAL.finditer(text):
        found.append((m.start(), int(m[1]) if m[1] else _ORDINAL_PLACES[m[2].lower()]))
    return [n for _, n in sorted(found)]


def _index_numbers(firsts: Sequence[str]) -> list[list[int]]:
    """Per first observation of ``firsts``, the numbers it shows (:func:`_shown_numbers`)
    less those every one of them shows (``Floor 12, corridor 40. This is vault 3``: the
    floor and corridor are the same in every task, tester35's v04; ``a 4-digit code``), where
    at least two are read and each keeps one; else all it shows."""
    shown = [_shown_numbers(f) for f in firsts]
    if len(shown) >= 2:
        common = set.intersection(*(set(x) for x in shown))
        kept = [[n for n in x if n not in common] for x in shown]
        if all(kept):
            return kept
    return shown


def _entry_list(hint: str, firsts: Sequence[str]) -> list[tuple[int, int]] | None:
    """The entries of an unlabelled list the task indexes by a number it shows: 3+ entries
    split by ``;`` or line breaks (failing that, by commas after the last colon:
    :func:`_comma_list`), each with at most three words of two or more letters, or all with
    the same 4-6 (codes in any notation: ``||| / || ; | / ||||``, ``7399; 4826; ...``,
    ``PEEK; CAFE; ...``, ``go be it on; my ox is up; ...``), the first after its heading (up to the last ``:`` or sentence end), the last
    before a sentence that follows it; and every first observation of ``firsts`` writes one or
    two different whole numbers (``This is vault 13. Enter its 4-digit code.``; the number
    need not count from 0 or 1; ordinals count, ``the third vault``; numbers every first
    observation shows are left out, :func:`_index_numbers`). More shown numbers are the
    things a public list decodes (Morse digits of a shown number), not an index. The entries'
    spans in order, or ``None``.
    """
    segments = [list(m.span()) for m in re.finditer(r"[^;\n]+", hint)]
    if len(segments) < 3:  # a list split by commas after a colon ('... up: PEEK, CAFE': v06)
        segments = _comma_list(hint)
    if len(segments) < 3 or not firsts:
        return None
    heads = list(re.finditer(r"[.:!?](?:\s|$)", hint[segments[0][0] : segments[0][1]]))
    if heads:
        segments[0][0] += heads[-1].end()
    tail = re.search(r"\.(?:\s|$)", hint[segments[-1][0] : segments[-1][1]])
    if tail is not None:
        segments[-1][1] = segments[-1][0] + tail.start()
    spans = [(a, b) for a, b in segments if hint[a:b].strip()]
    if len(spans) < 3:
        return None
    # entries of 4-6 words each count where all have as many (keypad phrases, 'go be it on;
    # my ox is up; ...': tester35's v07); steps of a method rarely do
    words = {len(re.findall(r"[^\W\d_]{2,}", hint[a:b])) for a, b in spans}
    if max(words) > 3 and not (len(words) == 1 and max(words) <= 6):
        return None
    for numbers in _index_numbers(firsts):
        if not 1 <= len(set(numbers)) <= 2:
            return None
    return spans


def _comma_list(hint: str) -> list[list[int]]:
    """The spans of the items of the last list in ``hint`` written after a colon and split by
    commas (the last may follow ``and``) up to the sentence's end: ``in order from vault 1
    up: PEEK, CAFE, DOGS.`` (tester35's v06, a list :func:`_entry_list` did not read); ``[]``
    where there is none."""
    colon = hint.rfind(": ")
    if colon < 0:
        return []
    start = colon + 2
    end = re.search(r"\.(?:\s|$)|$", hint[start:])
    stop = start + (end.start() if end else len(hint) - start)
    spans = [
        [start + a, start + b]
        for a, b in (m.span() for m in re.finditer(r"[^,]+", hint[start:stop]))
    ]
    if spans:  # '..., FISH and BIRD' / '..., and BIRD'
        last = re.search(r"(?:^|\s)and\s", hint[spans[-1][0] : spans[-1][1]])
        if last is not None and last.start() > 0:
            cut = spans[-1][0] + last.start()
            spans[-1:] = [[spans[-1][0], cut], [cut + len(last.group()), spans[-1][1]]]
        elif last is not None:
            spans[-1][0] += last.end()
    return spans


def _list_unread_places(numbers: Sequence[int], entries: int) -> list[int]:
    """The places of a list of ``entries`` that none of a first observation's ``numbers``
    (:func:`_index_numbers`) can index, counted from 0 or from 1 (``vault 3`` reads place 2
    or 3); ``[]`` where a number is beyond the list (it is indexed with an offset, any place
    may be read)."""
    read = set()
    for n in numbers:
        if n > entries:
            return []
        read |= {n - 1, n}
    return [i for i in range(entries) if i not in read]


def _rotate_entries(hint: str, spans: list[tuple[int, int]]) -> str:
    """``hint`` with an unlabelled list's entries rotated as :func:`_relabel` rotates labels:
    each place holds the text of the entry :func:`_best_shift` places on, wrapping round (its
    own spaces kept)."""
    texts = [hint[a:b].strip() for a, b in spans]
    shift = _best_shift(texts)
    out, last = [], 0
    for i, (a, b) in enumerate(spans):
        pad = hint[a:b]
        lead = pad[: len(pad) - len(pad.lstrip())]
        trail = pad[len(pad.rstrip()) :]
        out += [hint[last:a], lead + texts[(i + shift) % len(texts)] + trail]
        last = b
    return "".join(out) + hint[last:]


def _keyed_table(hint: str, firsts: Sequence[str]) -> list[tuple[int, int]] | None:
    """The key spans of a table the hint keys by words the task shows, one a task.

    The keys of :func:`_keyed_table_shown` where every first observation of ``firsts`` writes
    exactly one of them as a word (``apple: 7399; pear: 4826; ...`` and ``Fruit: apple``). A
    first observation that writes several (a public table applied to several shown things,
    atomic numbers of ``N Li F F``; or a decoy, ``You hold a pear; the plum crate is empty``)
    is left to :func:`_relabelled_gate`'s probes. ``None`` when there is none.
    """
    table = _keyed_table_shown(hint, firsts)
    if table is None or any(len(keys) != 1 for keys in table[1]):
        return None
    return table[0]


def _swap_keys(hint: str, spans: list[tuple[int, int]], one: str, other: str) -> str:
    """``hint`` with two keys of a keyed table swapped (each entry of ``one`` now under
    ``other`` and the other way round), each written as the key it takes was written."""
    return _permute_keys(hint, spans, {one: other, other: one})


def _permute_keys(hint: str, spans: list[tuple[int, int]], moves: Mapping[str, str]) -> str:
    """``hint`` with each key of ``moves`` (keys as :func:`_key_of` compares them) written as
    the key it maps to, as that key was written; keys not in ``moves`` stay."""
    written = {_key_of(hint, span): hint[span[0] : span[1]] for span in spans}
    out, last = [], 0
    for a, b in sorted(spans):
        key = _key_of(hint, (a, b))
        if key in moves:
            out += [hint[last:a], written[moves[key]]]
            last = b
    return "".join(out) + hint[last:]


def _key_entries(hint: str, spans: list[tuple[int, int]]) -> dict[str, str]:
    """Each key of a keyed table (as :func:`_key_of` compares it) and its entry's text: from
    the key's first span up to the next key's span (or the hint's end)."""
    ordered = sorted(spans)
    entry: dict[str, str] = {}
    for (a, b), nxt in zip(ordered, [*ordered[1:], None], strict=True):
        entry.setdefault(_key_of(hint, (a, b)), hint[b : nxt[0] if nxt else len(hint)])
    return entry


def _rotate_keys(hint: str, spans: list[tuple[int, int]]) -> str:
    """``hint`` with a keyed table's keys rotated, in the order the keys first appear, by
    :func:`_best_shift` of their entries (the text after a key up to the next), as
    :func:`_relabel` (``apple: 7399; pear: 4826; plum: 5371`` -> ``pear: 7399; plum: 4826;
    apple: 5371``)."""
    order = list(dict.fromkeys(_key_of(hint, span) for span in spans))  # linear, not pairwise
    entry = _key_entries(hint, spans)
    shift = _best_shift([entry[k] for k in order])
    after = {k: order[(i + shift) % len(order)] for i, k in enumerate(order)}
    written = {_key_of(hint, span): hint[span[0] : span[1]] for span in spans}
    out, last = [], 0
    for a, b in sorted(spans):
        out += [hint[last:a], written[after[_key_of(hint, (a, b))]]]
        last = b
    return "".join(out) + hint[last:]


_KEY_PROBES = 2
"""The one-key probe's size: winners probed, two episodes each."""


async def _one_key_matters(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    spans: list[tuple[int, int]],
    shown_keys: list[set[str]],
    winners: Sequence[EpisodeFinished],
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    limit: trio.CapacityLimiter,
) -> bool:
    """Whether a keyed table whose first observations write several of its keys is looked up
    by one of them: a lookup with decoys (``You hold a pear. The plum crate is empty.``), not
    a public table applied to several shown things (atomic numbers of ``N Li F F``).

    A group test: for each of the first :data:`_KEY_PROBES` winners that show two or more
    keys, the shown keys are split in two halves (alternately, in table order), and the agent
    replays the winner's seed twice, each time with one half's keys moved round a cycle with
    a key the observation does not show (:func:`_permute_keys`; within the half where every
    key is shown). A lookup loses in the half that holds its key only; a decoding of the shown
    things loses in both. Where the observation shows every key (3 or 4 of them: no unshown
    key to cycle with), each two are swapped in turn instead: a lookup wins the swaps that
    leave its key in place and loses the others, a decoding loses each. True when every
    probed winner lost exactly one of its two episodes, or, swapped, won some and lost some
    (a winner with a policy-error episode is not counted; one whose halves cannot be moved
    is not probed).

    Raises:
        _Reject: as :func:`_gate_episodes`.
    """
    order = list(dict.fromkeys(_key_of(hint, span) for span in sorted(spans)))
    plays: list[tuple[int, str]] = []
    owner: list[int] = []
    swapped: set[int] = set()  # the winners probed by swaps of two shown keys
    for w, (winner, keys) in enumerate(zip(winners, shown_keys, strict=False)):
        if w == _KEY_PROBES:
            break
        shown = [k for k in order if k in keys]
        unshown = [k for k in order if k not in keys][:1]
        if len(shown) < 2:
            continue
        if not unshown and 3 <= len(shown) <= 4:
            # every key shown (tester35's v02): each two swapped in turn; a lookup wins the
            # swaps that leave its key, a decoding of all of them wins none
            swapped.add(w)
            for one, other in itertools.combinations(shown, 2):
                plays.append((winner.seed, _swap_keys(hint, spans, one, other)))
                owner.append(w)
            continue
        halves = [shown[0::2] + unshown, shown[1::2] + unshown]
        if any(len(cycle) < 2 for cycle in halves):
            continue
        for cycle in halves:
            moves = {k: cycle[(i + 1) % len(cycle)] for i, k in enumerate(cycle)}
            plays.append((winner.seed, _permute_keys(hint, spans, moves)))
            owner.append(w)
    if not plays:
        return False
    played = await _gate_episodes(
        sandbox, env, hint, agent, "keys", config, agent_config, random.Random(0), limit, plays
    )
    outcomes: dict[int, list[bool]] = collections.defaultdict(list)
    for e in played:
        outcomes[owner[int(e.episode_id.rsplit(":keys", 1)[1])]].append(e.success)
    expected = collections.Counter(owner)
    measured = [(w, won) for w, won in outcomes.items() if len(won) == expected[w]]
    return bool(measured) and all(
        (True in won and False in won) if w in swapped else won.count(False) == 1
        for w, won in measured
    )


async def _half_lost(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    agent: Any,
    probe: str,
    config: CriticConfig,
    agent_config: AgentConfig,
    limit: trio.CapacityLimiter,
    plays: Sequence[tuple[int, str]],
) -> bool:
    """Whether at least half of a probe's ``plays`` (``(seed, hint)``, one episode each) are
    lost; False where there are none.

    Raises:
        _Reject: as :func:`_gate_episodes`.
    """
    if not plays:
        return False
    played = await _gate_episodes(
        sandbox, env, hint, agent, probe, config, agent_config, random.Random(0), limit, plays
    )
    return bool(played) and 2 * sum(not e.success for e in played) >= len(played)


async def _keys_decode(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    spans: list[tuple[int, int]],
    firsts: Sequence[str],
    winners: Sequence[EpisodeFinished],
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    limit: trio.CapacityLimiter,
) -> bool:
    """Whether a table of one-character keys decodes what the observation writes inside its
    words (a phone keypad ``a=2, b=2, ...`` applied to a shown word; Roman numerals ``I=1,
    V=5, ...`` applied to a shown ``XIV``) rather than being looked up by the one key it
    shows as a word (``a`` of "Type a word" is no lookup).

    For each winner whose first observation was read (up to 4), the keys it does not
    write as words but does write inside them (two or more, with different entries) pass
    their entries round among themselves (:func:`_best_shift`) and the agent replays the
    winner's seed. A decoding loses (a shown ``XIV`` with X and V swapped still reads 14: by
    chance, so not every episode need lose); a lookup by a shown key wins. True when at
    least half the probe episodes lost (no probe, no decoding).

    Raises:
        _Reject: as :func:`_gate_episodes`.
    """
    entry = {
        k: " ".join(text.split()).strip(" ;,.:=") for k, text in _key_entries(hint, spans).items()
    }
    plays: list[tuple[int, str]] = []
    for winner, first in zip(winners, firsts, strict=False):
        inside = [k for k in entry if len(k) == 1 and k in first and not _word_in(k, first)]
        if len({entry[k] for k in inside}) < 2:
            continue
        shift = _best_shift([entry[k] for k in inside])
        moves = {k: inside[(i + shift) % len(inside)] for i, k in enumerate(inside)}
        plays.append((winner.seed, _permute_keys(hint, spans, moves)))
    return await _half_lost(sandbox, env, hint, agent, "keys", config, agent_config, limit, plays)


def _other_entry(texts: Sequence[str], i: int, k: int = 0) -> str | None:
    """Of the entries after place ``i`` (wrapping round) that read differently from it, the
    ``k``-th (modulo their count), stripped; ``None`` where all read the same."""
    n = len(texts)
    others = [
        texts[(i + d) % n].strip()
        for d in range(1, n)
        if texts[(i + d) % n].strip() != texts[i].strip()
    ]
    return others[k % len(others)] if others else None


async def _list_is_a_recipe(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    listed: list[tuple[int, int]],
    firsts: Sequence[str],
    winners: Sequence[EpisodeFinished],
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    limit: trio.CapacityLimiter,
) -> bool:
    """Whether an unlabelled list's every entry matters to a win (a recipe of steps, ``+3; *2;
    -1``, or a table applied to every place), not one entry looked up by the shown number.

    For each winner whose first observation was read (up to 4), the places its first
    observation's numbers cannot index (:func:`_list_unread_places`) pass their entries one
    place on, among themselves (where there is one, it is overwritten, for each winner by
    another entry that reads differently: a 3-step recipe applied to a shown 1 or 2, where
    one replacement can give the same answer, tester37's y05), and the
    agent replays the winner's seed. A lookup still wins where its place did not move; a
    recipe loses unless all those steps commute, a decoding of a shown word unless it uses
    only the places the number reads (``cab`` of the keypad list ``abc; def; ...`` with "1
    try" shown).

    Where the shown numbers are beyond the list (an index with an offset: any place may be
    the one read), 4 probe episodes, the winners' seeds taken in turn, each overwrite one
    place by the next entry that reads differently. The places are spread over the list and
    chosen so that place minus shown number (and place plus it) differs from play to play:
    a lookup at place ``number - c`` (or ``c - number``) then loses at most one of them
    (tester34's u01 escaped on 2 of 5 seeds when the first two places swapped), while a
    recipe loses each, commuting steps or not (``add 3; add 5; ...`` applied to a shown start
    of 20-90, tester35's v12: a swap of its first two steps changed nothing).

    True when at least half the probe episodes lost.

    Raises:
        _Reject: as :func:`_gate_episodes`.
    """

    def written(moved: dict[int, str]) -> str:  # the hint with places' texts replaced
        out, last = [], 0
        for i in sorted(moved):
            a, b = listed[i]
            out += [hint[last:a], texts[i].replace(texts[i].strip(), moved[i], 1)]
            last = b
        return "".join(out) + hint[last:]

    texts = [hint[a:b] for a, b in listed]
    n = len(listed)
    plays: list[tuple[int, str]] = []
    offset = False
    shown = _index_numbers(firsts)
    for winner, numbers in zip(winners, shown, strict=False):
        places = _list_unread_places(numbers, n)
        if not places:
            offset = True
            continue
        if len(places) == 1:  # one place unread: overwritten, by another entry each winner
            (i,) = places
            other = _other_entry(texts, i, len(plays))
            if other is not None:
                plays.append((winner.seed, written({i: other})))
            continue
        moved = {i: texts[j].strip() for i, j in zip(places, [*places[1:], places[0]], strict=True)}
        plays.append((winner.seed, written(moved)))
    if offset and not plays:
        read = [
            (w.seed, next((m for m in numbers if m > n), 0))
            for w, numbers in zip(winners, shown, strict=False)
        ]
        behind: set[int] = set()  # (place - number) % n of the plays so far, and (place + number)
        ahead: set[int] = set()
        for k in range(min(4, n)):
            seed, number = read[k % len(read)]
            spread = [(k * n // 4 + d) % n for d in range(n)]
            # a lookup at place number - c (or c - number) loses at most one of the plays
            i = next(
                (
                    j
                    for j in spread
                    if (j - number) % n not in behind and (j + number) % n not in ahead
                ),
                next((j for j in spread if (j - number) % n not in behind), spread[0]),
            )
            behind.add((i - number) % n)
            ahead.add((i + number) % n)
            other = _other_entry(texts, i)
            if other is not None:
                plays.append((seed, written({i: other})))
    return await _half_lost(sandbox, env, hint, agent, "list", config, agent_config, limit, plays)


def _initials_views(hint: str, firsts: Sequence[str]) -> list[str]:
    """``firsts``, each followed by the initials of its words that not every one of them
    writes, where the hint's keyed table (:func:`_keyed_table_shown`) has keys of one letter
    each in one case and none of ``firsts`` writes one as a word: a table keyed by the shown
    word's initial (``a: ...; p: ...`` for ``You hold the apple``: tester34's u09). The
    initials are then shown keys, which :func:`_keys_decode` does not move: a keypad decoding
    of the shown word (``a: 2; b: 2; ...``) still loses its other letters' swaps. ``firsts``
    unchanged where that does not hold."""
    table = _keyed_table_shown(hint, firsts)
    if table is None or any(table[1]) or len(firsts) < 2:
        return list(firsts)
    keys = {_key_of(hint, span) for span in table[0]}
    if not all(len(k) == 1 and k.isalpha() for k in keys):
        return list(firsts)
    if all(k.islower() for k in keys):
        case = str.lower
    elif all(k.isupper() for k in keys):
        case = str.upper
    else:
        return list(firsts)
    words = [re.findall(r"[^\W\d_]+", f) for f in firsts]
    common = set.intersection(*(set(ws) for ws in words))
    return [
        "\n".join([f, " ".join(dict.fromkeys(case(w[0]) for w in ws if w not in common))])
        for f, ws in zip(firsts, words, strict=True)
    ]


def _caesar_views(hint: str, firsts: Sequence[str]) -> list[str]:
    """``firsts``, each followed by its first :data:`_SHOWN_DECODED_CHARS` characters (lower
    case) shifted back through the alphabet by the amount under which they write the most
    words of the hint (3+ ASCII letters, 2 or more; each amount that writes as many) that
    they do not write as they are: a list of valid
    passphrases, one shown per task among decoys all shifted by a per-task amount (tester50's
    z954), is keyed by what the Agent reads once it finds the shift, as a label so shown is
    (:func:`_shifted_label_views`), for the keyed-table tries of :func:`_relabelled_gate`.
    At most 25 readings of each; linear in its length."""
    hint_words = {
        w for w in re.findall(r"(?<![^\W_])[a-z]{3,}(?![^\W_])", hint.lower()) if w.isascii()
    }
    views: list[str] = []
    for first in firsts:
        head = first[:_SHOWN_DECODED_CHARS].lower()
        shown = set(re.findall(r"[a-z]+", head))
        unseen = sorted(hint_words - shown)[: 4 * _CIPHER_KEYWORDS_MAX]
        spelled = [sum(w.translate(_LETTER_SHIFTS[k]) in shown for w in unseen) for k in range(26)]
        # the shift that spells the most (3-letter words spell a few under others too)
        best = max(spelled[1:])
        shifted = [
            head.translate(_LETTER_SHIFTS[26 - k]) for k in range(1, 26) if spelled[k] == best >= 2
        ]
        views.append("\n".join([first, *shifted]))
    return views


def _keys_shown(table: tuple[list[tuple[int, int]], list[set[str]]] | None) -> bool:
    """Whether a keyed table's every first observation shows a key of it, and they do not all
    show the same one key: a per-task table is looked up by a key that changes from task to
    task (the ``5`` of "5 letters" beside a public keypad ``2: ABC; 3: DEF; ...``, the
    ``first`` of "First, ..." beside a recipe ``first: double it; then: ...``, tester36's x06
    and x11, are the same in every task)."""
    if table is None or not all(table[1]):
        return False
    shown = table[1]
    return len(shown) < 2 or len(shown[0]) != 1 or any(keys != shown[0] for keys in shown)


def _table_stated(hint: str, stated: str) -> bool:
    """Whether the hint's keyed table (:data:`_TABLE_KEY`, 3+ entries, ``apple: PEEK``:
    :func:`_table_entries`) is the one ``stated`` (:func:`_stated_text`:
    the description and tool schemas) writes: every key with the hint's value and no other
    (tester53's z994: a description listing four codes per fruit, the hint the one that
    opens, is a gate), as a table or in prose (a part of a sentence, between ``;``, ``,``,
    ``.`` or line breaks, naming the key and its value, and none naming it with another), a
    key of 3-4 letters standing for the one stated word it begins (``Mon``, ``Monday``). A
    hint that repeats the table the task states carries nothing of its
    own, and rotating its copy only makes the hinted Agent contradict the task (tester52's
    z979: flagged ``information_gate`` until then)."""
    hinted = _table_entries(hint)
    if len(hinted) < 3:
        return False
    written = _table_entries(_as_rows(stated))
    # the stated words and table keys by their first 3 and 4 letters, for a key that
    # abbreviates one (a lookup a key: a table of 2,000 keys took 123 CPU-s searched anew)
    heads: dict[str, list[str]] = {}
    for w in dict.fromkeys(re.findall(r"[^\W\d_]{5,}", stated.casefold())):
        for n in (3, 4):
            heads.setdefault(w[:n], []).append(w)

    def named(key: str) -> str:
        """``key``, its plural where the stated table has that (``apples``: tester58's w09),
        or the one stated word of 5+ letters it abbreviates (``mon``, ``monday``: tester56's
        y72), a key of the stated table first (``monday`` before ``month``: tester57's
        y84)."""
        if key in written:
            return key
        plural = next((key + end for end in ("s", "es") if key + end in written), None)
        if plural is not None:
            return plural
        if not (len(key) in (3, 4) and key.isalpha()):
            return key
        longer = [w for w in heads.get(key, ()) if w in written] or heads.get(key, [])
        return longer[0] if len(longer) == 1 else key

    tabled = all(written.get(named(key)) == values for key, values in hinted.items())
    if any(len(values) != 1 for values in hinted.values()):
        return tabled
    # a table the task writes that gives a key another value (one word, or one without the
    # hint's value among its words) is a decoy, wherever else the hint's value is stated: a
    # 'respectively' list beside 'apple: TAXI; ...' (tester64's d01), 'apple: TANGO' beside
    # 'apple: PEEK' (d03), a notice of new codes in the first observation (d06)
    for key, values in hinted.items():
        (value,) = values
        for other in written.get(named(key), ()):
            if _other_value(other, value):
                return False
    if not tabled and _parallel_lists_state(hinted, stated, named):
        return True  # (its parts name keys beside other keys' values: u77)
    # a table the task writes states the hint's only where no part of the task names a key
    # with another code too (a three-column table of decoy codes below it: tester62's s30)
    # in prose ('the apple crate opens with PEEK, ...': tester54's y58): some sentence part
    # that names a key names its value, and none names another value with it (another of the
    # hint's values but one of another key the part names too, 'the apple crate opens with
    # PEEK and the pear crate with FROG': tester57's y83; or a code of the value's shape,
    # capitals or digits of its length: 'apple PEEK/FROG/LAMB', tester56's y73, 'apple
    # 5120/7399/8841', y81); a part naming the key and no value at all ('an apple, pear,
    # plum crate': y71) says nothing of it; in a table the task writes, a key needs no such
    # part. Parts are found through an index of their words.
    value_of = {key: next(iter(values)) for key, values in hinted.items()}
    all_values = set(value_of.values())
    pieces = re.split(r"[;,.\n]", stated)
    parts = [re.findall(r"[^\W_]+", p) for p in pieces]
    # the words of a part written as labels, before a colon (``NOTE:``, ``as JSON:``)
    labels = {
        i: set(re.findall(r"([^\W_]+)\"?[ \t]*:", p)) for i, p in enumerate(pieces) if ":" in p
    }
    folded = [{t.casefold() for t in tokens} for tokens in parts]
    where: dict[str, set[int]] = {}
    for i, words in enumerate(folded):
        for w in words:
            where.setdefault(w, set()).add(i)
            if len(w) > 3 and w.endswith("s"):  # 'apples' names the key 'apple' (w09)
                where.setdefault(w[:-1], set()).add(i)
                if w.endswith("es"):
                    where.setdefault(w[:-2], set()).add(i)
    naming = {
        key: set.intersection(*(where.get(w, set()) for w in named(key).split()))
        for key in hinted
        if named(key).split()
    }
    keys_of: dict[int, set[str]] = {}
    for key, found in naming.items():
        for i in found:
            keys_of.setdefault(i, set()).add(key)
    written_as = {t.casefold(): t for t in reversed(re.findall(r"[^\W_]+", hint))}
    # what each part offers besides its named keys' values, computed once a part (per key
    # and part, 8,000 keys in one sentence took 26 CPU-s: tester59's v91): another of the
    # hint's values; any code offered beside a value ('apple peek/taxi/barn', 'peek or
    # taxi': tester58's w08, codes in lower case); a code of a value's shape
    unnamed: dict[int, tuple[set[str], dict[str, set[str]], dict[tuple[int, bool], set[str]]]] = {}
    offers = [
        {w.casefold() for w in re.findall(r"[^\W_]+", m.group())}
        - {"or", "one", "any", "either", "of"}
        for m in itertools.islice(_OFFERED.finditer(stated), 4096)
        if re.search(r"[ \t](?:or|and)[ \t]+[^\W_]+$|^(?:one|any|either)[ \t]", m.group(), re.I)
    ]

    def offered(i: int) -> tuple[set[str], dict[str, set[str]], dict[tuple[int, bool], set[str]]]:
        if i not in unnamed:
            theirs = {value_of[k] for k in keys_of[i]}
            chains: dict[str, set[str]] = {}
            for chain in [*_alternative_chains(pieces[i]), *(o for o in offers if o & folded[i])]:
                for w in chain:
                    chains.setdefault(w, set()).update(chain - theirs)
            shaped: dict[tuple[int, bool], set[str]] = {}
            for t in parts[i]:
                if labels.get(i) and t in labels[i]:  # a label ('as JSON: {"apple": ...': d19)
                    continue
                if (t.isupper() and len(t) >= 2) or t.isdigit():
                    shaped.setdefault((len(t), t.isdigit()), set()).add(t.casefold())
            shaped = {shape: codes - theirs for shape, codes in shaped.items()}
            unnamed[i] = ((folded[i] & all_values) - theirs, chains, shaped)
        return unnamed[i]

    for key, value in value_of.items():
        raw = written_as.get(value, "")
        capitals = raw.isupper() and len(raw) >= 2
        stating = False
        for i in naming.get(key, ()):
            values, chains, shaped = offered(i)
            others = values | chains.get(value, set())
            if value.isdigit():
                others = others | shaped.get((len(value), True), set())
            elif capitals:  # capitals of any length from 3 ('apple TANGO': tester67's l13)
                for (n, digits), codes in shaped.items():
                    if n >= 3 and not digits:
                        others = others | codes
            if others - {value}:
                return False
            stating = stating or value in folded[i]
        if not (stating or tabled):
            return False
    return True


def _table_stated_shown(hint: str, described: str, firsts: Sequence[str]) -> bool:
    """Whether the task states the hint's table (:func:`_table_stated`) in ``described`` (the
    description and tool schemas) and ``firsts`` (each replayed win's first observation)
    together, with no decoy in any of them (d06), and where the description alone does not,
    in each task's first observation (a table shown in only half of them is the hint's own in
    the others: tester67's l15)."""
    if not _table_stated(hint, "\n".join([described, *firsts])):
        return False
    return _table_stated(hint, described) or all(
        _table_stated(hint, "\n".join([described, first])) for first in dict.fromkeys(firsts)
    )


def _other_value(other: str, value: str) -> bool:
    """Whether a table entry ``other`` (lower case) the task writes gives its key another
    value than ``value``: a value of the same kind (digits or not) without ``value`` among
    its words (``tango`` for ``peek``: d03), or a list of several single words of which
    ``value`` is one (``["peek", "taxi"]``: tester66's i03). A count (``5 left`` for a code
    ``peek``: i11) or nothing at all (``{`` before a nested object: i17) is none."""
    words = re.findall(r"[^\W_]+", other)
    if not words or other == value:
        return False
    if sum(w.isdigit() for w in words) >= 2 and not value.isdigit():
        return True  # a code spelled in numbers ('20-1-24-9' for TAXI: tester68's o14)
    if words[0].isdigit() != value.isdigit():
        return False
    if value not in words:
        return True
    items = [i.strip(" \"'[](){}") for i in re.split(r"[,/|]|(?<![^\W_])or(?![^\W_])", other)]
    items = [i for i in items if i]
    # another item that is one word, or opens with a word of the value's length ('PEEK if
    # sealed, TAXI if not': o11)
    return sum(1 for i in items if " " not in i or len(i.split()[0]) == len(value)) > 1


def _alternative_chains(part: str) -> list[set[str]]:
    """The words ``part`` offers as alternatives to each other, lower case, a set a chain:
    joined by ``/``, ``&``, ``+`` or ``or`` (``peek/taxi/barn``, ``peek or taxi``; not ``|``,
    a Markdown table's bar: tester60's u75)."""
    out = []
    for m in _ALTERNATIVES.finditer(part):
        words = {w.casefold() for w in re.findall(r"[^\W_]+", m.group())} - {"or"}
        out.append(words)
    return out


_ALTERNATIVES = re.compile(
    r"(?<![^\W_])[^\W_]++(?:[ \t]*+(?:[/&+]|(?<![^\W_])or(?![^\W_]))[ \t]*+[^\W_]++)+",
    re.I,
)


_WORD_LIST = re.compile(
    r"(?<![^\W_])[^\W_]++"
    r"(?:(?:[ \t]*+,[ \t]*+(?:(?:and|or)[ \t]++)?|[ \t]++(?:and|or)[ \t]++)(?!(?:and|or)(?![^\W_]))"
    r"[^\W_]++){2,}"
)
"""A list of 3+ single words, comma separated, ``and`` before the last or not; from a word's
start and without backtracking (a 20,000-letter word cost 7.4 CPU-s: tester61's v96)."""
_SAME_ORDER = re.compile(
    r"same (?:order|sequence)|respectively|in (?:that|this|matching|corresponding|their) order"
    r"|in (?:the )?order(?: of the(?![^\W_])(?![ \t]+(?:first|last|alphabet|letters?|lengths?|sizes?|values?"
    r"|numbers?|codes?|digits?)(?![^\W_]))| given|(?![ \t]+(?:of|by)(?![^\W_]))(?![\w ]*alphabet))"
    r"|correspond\w*|in turn|one for one",
    re.I,
)
"""What says a list pairs with another place by place (not an order by a property of the
list's own words: 'in order of their first letter', tester64's d05)."""
_NOT_PAIRED = re.compile(
    r"(?<![^\W_])(?:not|never|no|nor)(?![^\W_])[^.;\n]{0,24}$|n't[^.;\n]{0,24}$", re.I
)
"""A negation just before a :data:`_SAME_ORDER` phrase ('shuffled so that they do not
correspond', 'not in the same order': tester64's d02)."""


def _parallel_lists_state(
    hinted: Mapping[str, set[str]], stated: str, named: Callable[[str], str]
) -> bool:
    """Whether ``stated`` writes the hint's table as two lists of single words
    (:data:`_WORD_LIST`, the first 64) of one length: one holding every key (``named``), the
    other each key's value at its place, its sentence saying so (:data:`_SAME_ORDER`: 'The
    crates, in order: apple, pear, ... Their codes, in the same order: PEEK, FROG, ...':
    tester58's w10; 'The apple, ..., date and peach crates open with PEEK, ... and HYMN
    respectively': tester60's u77). Codes listed 'in alphabetical order (not the crates')'
    pair with nothing, whatever the hint pairs them with (u72); and no other paired list
    gives a key another value (the crates' codes 'respectively' in each of two warehouses, the
    hint naming one: tester62's s28)."""
    lists: list[tuple[list[str], bool, str]] = []
    for m in itertools.islice(_WORD_LIST.finditer(stated), 64):
        words = [
            w.casefold()
            for w in re.findall(r"[^\W_]+", m.group())
            if w.casefold() not in ("and", "or")
        ]
        start = max(stated.rfind(c, 0, m.start()) for c in ".;\n") + 1
        if start > 0:  # the sentence before says it too ('Their codes follow in the same
            # order as the crates above.' on the line before the codes: tester64's d11)
            gap = stated[max(0, start - 256) : start]  # (no copy of the text before it)
            before = start - len(gap) + len(gap.rstrip(".;\n \t"))
            previous = max(stated.rfind(c, 0, before) for c in ".;\n") + 1
            # not one with a list of its own ('The shelves are numbered 1, 2 and 3 in turn':
            # tester66's i05)
            if not _WORD_LIST.search(stated, previous, before):
                start = previous
        ends = [i for i in (stated.find(c, m.end()) for c in ".;\n") if i >= 0]
        paired = any(
            not _NOT_PAIRED.search(stated, max(start, o.start() - 40), o.start())
            for o in itertools.islice(
                _SAME_ORDER.finditer(stated, start, min(ends, default=len(stated))), 8
            )
        )
        raw = [w for w in re.findall(r"[^\W\d_]+", m.group()) if w.casefold() not in ("and", "or")]
        style = (
            "upper"
            if all(w.isupper() for w in raw)
            else "lower"
            if all(w.islower() for w in raw)
            else ""
        )
        lists.append((words, paired, style))
    wanted = {named(k) for k in hinted}
    places: list[tuple[list[str], dict[str, int]]] = []  # a list holding every key, and where
    for keys, _, _ in lists:
        if wanted <= set(keys):  # (a list per key, 15,000 keys: tester61's v97)
            places.append((keys, {w: i for i, w in reversed(list(enumerate(keys)))}))
    if any(" " in w for w in wanted):  # keys of several words ('red apple': tester64's d16)
        for m in itertools.islice(_PHRASE_LIST.finditer(stated), 64):
            items = [
                " " + " ".join(i.casefold().split()) + " " for i in _LIST_SEPARATOR.split(m.group())
            ]
            at = {}
            for w in wanted:
                holding = [i for i, item in enumerate(items) if f" {w} " in item]
                if len(holding) == 1:
                    at[w] = holding[0]
            if len(at) == len(wanted):
                places.append((items, at))
    styles: set[str] = set()  # of the lists pairing the keys with the hint's values
    others: list[tuple[str, list[str]]] = []  # and with other values
    for keys, at in places:
        for values, paired, style in lists:
            if paired and values is not keys and len(values) == len(keys):
                table = {w: values[i] for w, i in at.items()}
                if all({table[named(k)]} == v for k, v in hinted.items()):
                    styles.add(style)
                elif any({table[named(k)]} != v for k, v in hinted.items()):
                    others.append((style, values))
    # another pairing of the keys gives them other values (two warehouses: tester62's s28),
    # unless its words are written otherwise than the codes and are not of their lengths
    # (lids 'red, green, ...' beside codes 'PEEK, FROG, ...': tester66's i15; a second shed's
    # 'taxi, barn, ...' in lower case is: tester67's l12)
    lengths = {len(v) for values in hinted.values() for v in values}
    return bool(styles) and not any(
        style in styles or not style or all(len(w) in lengths for w in values)
        for style, values in others
    )


_ITEM = r"[^\W_]++(?:[ \t]++(?!(?:and|or)(?![^\W_]))[^\W_]++){0,2}+"
_LIST_SEPARATOR = re.compile(r"[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+")
_PHRASE_LIST = re.compile(
    rf"(?<![^\W_]){_ITEM}(?:(?:[ \t]*+,[ \t]*+(?:(?:and|or)[ \t]++)?|[ \t]++(?:and|or)[ \t]++)"
    rf"(?!(?:and|or)(?![^\W_])){_ITEM}){{2,}}"
)
"""A list of 3+ items of 1-3 words each (``The red apple, green pear and grey peach crates``),
as :data:`_WORD_LIST`, for keys of several words."""


_TABLE_ROWS = (
    # | apple | PEEK | (a Markdown table: tester60's u75)
    (
        re.compile(
            r"^[ \t]*+\|[ \t]*+([^|\n]+?)[ \t]*\|[ \t]*+([^|\n]+?)[ \t]*\|[ \t]*$",
            re.M,
        ),
        r"\1: \2",
    ),
    # apple,PEEK (CSV rows: u78; of more cells the first two: tester66's i06, i14)
    (
        re.compile(
            r"^[ \t]*+([^\W_]++)[ \t]*+,[ \t]*+([^\W_]++)(?:[ \t]*+,[ \t]*+[^\W_]++)*+[ \t]*+$",
            re.M,
        ),
        r"\1: \2",
    ),
    # {"crate": "apple", "code": "PEEK"} (a JSON record of two fields: i07, i16)
    (
        re.compile(
            r'\{[ \t]*+"[^"\n]{1,40}+"[ \t]*+:[ \t]*+"([^"\n]{1,40}+)"[ \t]*+,[ \t]*+'
            r'"[^"\n]{1,40}+"[ \t]*+:[ \t]*+"([^"\n]{1,40}+)"[ \t]*+\}'
        ),
        r"\n\1: \2\n",
    ),
    # apple ........ PEEK (dot leaders: u79)
    (re.compile(r"(?<=[^\W_])[ \t]*(?:\.[ \t]*){3,}(?=[^\W_])"), ": "),
    # apple:\n  code: PEEK (YAML, a mapping a key: tester64's d12)
    (
        re.compile(
            # one field (not a heading over an indented table: 'Codes:\n  apple: PEEK\n  pear: ...')
            r"^[ \t]*+([^\W_]++)[ \t]*+:[ \t]*+\n[ \t]++[^\W_]++[ \t]*+:[ \t]*+([^\W_]++)[ \t]*+$"
            r"(?!\n[ \t]++[\w-]++[ \t]*+:)",
            re.M,
        ),
        r"\1: \2",
    ),
    # - crate: apple\n  code: PEEK (YAML, a list of records: d13)
    (
        re.compile(
            r"^[ \t]*+-[ \t]*+[^\W_]++[ \t]*+:[ \t]*+([^\W_]++)[ \t]*+\n"
            r"[ \t]++[^\W_]++[ \t]*+:[ \t]*+([^\W_]++)[ \t]*+$"
            # two fields only (a third, 'other_code: TAXI', is keyed by no crate: tester66's i02)
            r"(?!\n[ \t]++[\w-]++[ \t]*+:)",
            re.M,
        ),
        r"\1: \2",
    ),
)
"""Table layouts read as ``key: value`` rows by :func:`_table_stated`."""
_MARKDOWN_PAIR = re.compile(
    r"^[ \t]*+(\|[^\n]*+)\n[ \t]*+\|[ \t:|-]*+\n[ \t]*+(\|[^\n]*+)(?:\n(?![ \t]*+\|)|\Z)", re.M
)
"""A Markdown table of one header row and one body row (its separator between)."""


def _as_rows(text: str) -> str:
    """``text`` with the rows of :data:`_TABLE_ROWS`' layouts written ``key: value``, and a
    Markdown table of two rows of 3+ cells (the keys in the header, the values below:
    ``| crate | apple | pear |`` over ``| code | PEEK | FROG |``, tester64's d10) written a
    column a row."""

    def columns(m: re.Match[str]) -> str:
        head, body = ([c.strip() for c in row.strip().strip("|").split("|")] for row in m.groups())
        if len(head) < 3 or len(head) != len(body):
            return m.group()
        return "".join(f"{h}: {b}\n" for h, b in zip(head, body, strict=True))

    text = _MARKDOWN_PAIR.sub(columns, text)
    for pattern, row in _TABLE_ROWS:
        text = pattern.sub(row, text)
    return text


_OFFERED = re.compile(
    r"(?<![^\W_])(?:(?:one|any|either)[ \t]++of[ \t]++)?[^\W_]++"
    r"(?:[ \t]*+,[ \t]*+(?!(?:or|and)(?![^\W_]))[^\W_]++)++"
    r"(?:(?:[ \t]*+,)?[ \t]++(?:or|and)[ \t]++[^\W_]++)?",
    re.I,
)
"""Words offered as alternatives across commas (``one of PEEK, TAXI or BARN``: tester60's
u70, whose commas split the sentence's parts; ``apple: PEEK, TAXI and BARN``: tester64's
d04): every comma list is matched from its first word, without backtracking, and kept where
``or`` or ``and`` ends it or ``one of`` opens it."""


def _table_entries(text: str) -> dict[str, set[str]]:
    """The entries of ``text``'s keyed table (:data:`_TABLE_KEY`; a key followed at once by
    another is a heading, as :func:`_keyed_table_shown` reads it): each key (casefolded,
    spaces collapsed) with the values written after it, up to the next key, ``;``, line
    break or full stop (not a comma: ``apple: PEEK, dial HDJJ`` carries more than the
    description's ``apple: PEEK``, tester57's y82)."""
    found = list(_TABLE_KEY.finditer(_REMARK.sub(lambda m: " " * len(m.group()), text)))
    out: dict[str, set[str]] = {}
    for m, after in zip(found, [*found[1:], None][: len(found)], strict=True):
        if after is not None and after.start(1) - m.end() <= 2:
            continue
        end = after.start(1) if after is not None else len(text)
        value = re.split(r"[;\n]|\.(?:\s|$)", text[m.end() : end], maxsplit=1)[0]
        value = value.rstrip(" ,")
        key = " ".join(m.group(1).casefold().split())
        out.setdefault(key, set()).add(" ".join(value.casefold().split()).strip(" .\"'{}[],"))
    return out


async def _relabelled_gate(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    episodes: Sequence[EpisodeFinished],
    *,
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    rng: random.Random,
    limit: trio.CapacityLimiter,
    replays: dict[str, str] | None = None,
) -> tuple[bool, dict[str, Any]]:
    """The ``information_gate`` check's second route: a table of per-task secrets, in any
    notation.

    Where the hint writes a table keyed by labels the task shows (:func:`_table_label`:
    ``vault 0: ...; vault 1: ...`` and an observation ``You face vault 3``), the same agent
    plays ``config.gate_checks`` hinted episodes on fresh seeds with the hint's labels rotated
    (:func:`_relabel`: vault 3's entry now under ``vault 4``), the entries themselves as
    written. Failing a label, a table keyed by words the first observations write
    (:func:`_keyed_table_shown`, else :func:`_segment_table_shown`) has its keys rotated
    (:func:`_rotate_keys`; where an observation writes several keys, only if
    :func:`_one_key_matters`); failing that, an unlabelled list indexed by the number the task
    shows (:func:`_entry_list`) has its entries rotated (:func:`_rotate_entries`). A table of codes loses, whatever notation its entries are in (keypad words,
    tally marks, dice faces, Braille, number words of any language, dates, clock times,
    numerals of any system: tester32's s01-s12, where the first route reads none of them);
    a method hint, with no such table, never runs this route; a method stated per label
    that the Agent applies to what it is shown still wins. Flagged as the first route
    (:func:`_gate_verdict`).

    Returns:
        ``(flagged, evidence)``; ``(False, {})`` where the hint holds no such table.

    Raises:
        _Reject: as :func:`_gate_episodes`.
    """
    hinted = [e for e in episodes if e.hinted and e.status in ("ok", "max_turns")]
    winners = [e for e in hinted if e.success and e.status == "ok"]
    if not winners or config.gate_checks == 0:
        return False, {}
    if not await trio.to_thread.run_sync(
        lambda: (
            bool(_hint_tables(hint))
            or len(_TABLE_KEY.findall(_REMARK.sub(" ", hint))) >= 3
            or len(re.findall(r"[;\n]", hint)) >= 2
        )
    ):
        return False, {}
    firsts: list[str] = []
    seens: list[str] = []  # what each winner saw before its last action
    tasks: list[str] = []  # and in all
    shown: list[tuple[str, list[str], list[str]]] = []
    for ep in winners[:4]:
        firsts.append(await _first_observation(sandbox, env, ep, replays))
        later = [t.observation for t in ep.turns if t.error is None]
        before = [t.observation for t in ep.turns[:-1]]
        tasks.append("\n".join([firsts[-1], *later]))
        seens.append("\n".join([firsts[-1], *before]))
        shown.append((firsts[-1], later, before))
    # the task states a table in its description, tool schemas or first observations (a code
    # sheet shown at the start: tester64's d18; a notice of other codes there: d06)
    if await trio.to_thread.run_sync(_table_stated_shown, hint, _stated_text(env), firsts):
        return False, {}
    # what the task shows is also read decoded (:func:`_shown_decoded`), after it is read as
    # written: a label or key shown only in base64 or as codes keys the table all the same
    # (tester47's z605: 'Label: dmF1bHQgMw==' beside 8 codes in base64, each code 'seen'
    # decoded by the censored route, was accepted at regret 0.5-0.9)
    label = await trio.to_thread.run_sync(_table_label, hint, "\n".join(tasks), tasks)
    decoded = (firsts, seens, tasks)
    if label is None:  # decoded only where the text as written keys no table
        decoded = await trio.to_thread.run_sync(_decoded_views, shown)
        if decoded[2] != tasks:
            label = await trio.to_thread.run_sync(
                _table_label, hint, "\n".join(decoded[2]), decoded[2]
            )
    if label is None:  # a label shown Caesar-shifted by a per-task amount (z801)
        shifted = await trio.to_thread.run_sync(_shifted_label_views, hint, decoded[2])
        if shifted != decoded[2]:
            label = await trio.to_thread.run_sync(_table_label, hint, "\n".join(shifted), shifted)
    if label is not None:
        groups, values = label
        relabelled = await trio.to_thread.run_sync(_relabel, hint, groups, values)
        group = " + ".join(g or "#" for g in groups)
        entries = len(values)
    else:
        table, views = None, firsts
        # the keys the first observations show; failing that, the keys shown before the
        # winning action (a label read on turn 2 after "look", tester34's u06)
        tries = [firsts, seens, decoded[0], decoded[1]]
        tries.append(await trio.to_thread.run_sync(_initials_views, hint, firsts))
        tries.append(await trio.to_thread.run_sync(_caesar_views, hint, firsts))
        for views in [v for i, v in enumerate(tries) if v not in tries[:i]]:
            table = await trio.to_thread.run_sync(_keyed_table_shown, hint, views)
            if not _keys_shown(table):
                table = await trio.to_thread.run_sync(_segment_table_shown, hint, views)
            if _keys_shown(table):
                break
        if table is not None and _keys_shown(table):
            spans, shown_keys = table
            if all(len(k) == 1 for keys in shown_keys for k in keys) and await _keys_decode(
                sandbox, env, hint, spans, views, winners, agent, config, agent_config, limit
            ):
                return False, {}
            if any(len(keys) > 1 for keys in shown_keys) and not await _one_key_matters(
                sandbox, env, hint, spans, shown_keys, winners, agent, config, agent_config, limit
            ):
                return False, {}
            relabelled = await trio.to_thread.run_sync(_rotate_keys, hint, spans)
            group = "(keys)"
            entries = len({_key_of(hint, span) for span in spans})
        else:
            listed = await trio.to_thread.run_sync(_entry_list, hint, firsts)
            if listed is None and decoded[0] != firsts:
                # the index shown encoded ('Vault: Mw==' for 3: tester48's z802)
                listed = await trio.to_thread.run_sync(_entry_list, hint, decoded[0])
                firsts = decoded[0] if listed is not None else firsts
            if listed is None or await _list_is_a_recipe(
                sandbox, env, hint, listed, firsts, winners, agent, config, agent_config, limit
            ):
                return False, {}
            relabelled = await trio.to_thread.run_sync(_rotate_entries, hint, listed)
            group = "(list)"
            entries = len(listed)
    measured = await _gate_episodes(
        sandbox, env, relabelled, agent, "table", config, agent_config, rng, limit
    )
    p_hint = sum(e.success for e in hinted) / len(hinted)
    wins = sum(e.success for e in measured)
    flagged, p_chance = _gate_verdict(wins, len(measured), p_hint, _unhinted_rate(episodes))
    return flagged, {
        "label": group or "#",
        "entries": entries,
        "relabelled_wins": wins,
        "relabelled_episodes": len(measured),
        "hinted_success": round(p_hint, 4),
        "p_value": round(p_chance, 6),
    }


def _short_b64_bytes(run: str) -> bytes:
    """``run`` decoded as standard base64 where it is 6+ characters of that alphabet before
    its padding (4+ bytes); raises ``ValueError`` otherwise."""
    body = run.rstrip("=")
    if len(body) < 6 or not re.fullmatch(r"[A-Za-z0-9+/]+", body):
        raise ValueError(run)
    return base64.b64decode(_padded(body), validate=True)


def _blob_readings(text: str) -> Iterator[tuple[str, int, bytes]]:
    """What the blobs and arrays of codes shown in ``text`` read as under each key, lower
    case, every byte that is not a letter, a digit, a space or common punctuation
    (:data:`_SHIFTED_CHARS`) read as a line break, as ``(kind, key, reading)``: ``("xor", k,
    ...)`` for a hex or base64 run (4+ bytes: :func:`_xored_blobs`'s, a 5-letter word's
    ``S0dIT1g=`` too) or an array of codes under 256 with every byte XORed with ``k``;
    ``("offset", k, ...)`` for an array of codes (:func:`_shifted_codes`'s) each raised by
    ``k``. At most :data:`_SHIFTED_ARRAYS_MAX` blobs and arrays each; lazily (255 readings
    a blob)."""
    raws = list(_blob_bytes(text, _short_b64_bytes))
    for atoms in itertools.islice(_atom_arrays(text, longest=7), _SHIFTED_ARRAYS_MAX):
        for base in (10, 16):
            if base == 10 and not all(a.isdigit() for a in atoms):
                continue
            codes = [int(a, base) for a in atoms]
            if max(codes) < 256:
                raws.append(bytes(codes))
            for key in range(max(max(codes) - 126, 1), min(codes) - 32 + 1):
                read = bytes(c - key for c in codes)
                yield "offset", key, read.translate(_READABLE_LOWER)
    for raw in raws:
        if len(raw) >= 4:  # (an array of codes may be shorter)
            for key in range(1, 256):
                yield "xor", key, raw.translate(_XOR_TABLES[key]).translate(_READABLE_LOWER)


_READABLE_LOWER = bytes(
    (b | 0x20 if 65 <= b <= 90 else b) if bytes([b]) in _SHIFTED_BYTES else 10 for b in range(256)
)
"""A byte translation: capitals to lower case, every byte not of :data:`_SHIFTED_CHARS` to a
line break."""


_DECOY_WORDS_MAX = 4_096
"""Most played and stated words :func:`_answer_keys` looks for as decoys (played first)."""
_BYTE_WORD = re.compile(rb"(?<![a-z])[a-z]{4,}(?![a-z])")


def _answer_keys(
    shown: Sequence[str],
    answer: str,
    hint_words: Sequence[str],
    vocabulary: Sequence[str],
    digit_keys: Sequence[str] = (),
) -> tuple[set[tuple[str, int | str]], set[tuple[str, int | str]], dict[int | str, str]]:
    """``(keys, contested, labels)`` for a hinted win's ``answer`` and the observations
    ``shown`` before it: the keys under which the answer reads from them (:meth:`_CipherRuns.keys`,
    with ``hint_words`` as keywords too; every word of it, 3+ letters each, a shown word
    shifted by one amount, tester53's z991, tester55's y64; :func:`_blob_readings` holding it, 4+
    characters), and those of them beside which another key of the kind reads a decoy from
    what was shown: a word of ``vocabulary`` (the words hinted episodes played and the task
    states, not the answer's own) that a shown word shifted by another amount spells (4+
    letters), or every word of a shown phrase of 2-12 words does (3-letter words: z993);
    that another keyword enciphers into a shown word (6+ letters, from any of its places;
    the first :data:`_DECOY_KEYWORDS_MAX` keywords and as many words: a 260 KB log of
    12-letter words was read under 128 keywords token by token, 254 CPU-s, z995) or two
    side by side into two (:func:`_keyword_pair_decoy`); or that a blob read under another
    key spells (4+ letters); or, for an affine key (:func:`_affine_keys`), that another
    reads two played words from two shown words side by side; or, for a Gronsfeld key of ``digit_keys`` (the hint's, each
    letter moved on by the key's digits in turn: :func:`_digit_key_readings`), that another
    digit key of its length reads two played words from two shown words side by side
    (tester54's y55). A key that picks the answer among decoys is what only the hint gives
    (tester50's z951-z953); a lone message under a secret shift the Agent can find by trying
    all 25 has no decoy (the labelled set's learnable Caesar: the hint's 'shifted forward by
    3'). ``labels``: for each shift, the word that labels the answer's ciphertext where it is
    shown once, right after a word shown once (``Passphrase: hwpjl``; :func:`_shift_label`)."""
    decoded = [_shown_decoded(text) for text in shown]
    cipher = _CipherRuns()
    for text in decoded:
        cipher.add(text)
    keys: set[tuple[str, int | str]] = set(cipher.keys(answer, hint_words)) - {("atbash", 0)}
    low = "\n".join(decoded).lower()[: 4 * _CIPHER_LETTERS_MAX]
    tokens = set(_NOT_LETTER.split(low))
    own = [w for w in _NOT_LETTER.split(answer.lower()) if w]
    if own and all(len(w) >= 3 for w in own):  # 3 letters too (tester55's y64)
        keys |= {
            ("shift", k)
            for k in range(1, 26)
            if all(w.translate(_LETTER_SHIFTS[k]) in tokens for w in own)
        }
    keys |= {("digits", key) for key in _digit_key_readings(low, own, digit_keys)}
    keys |= {("affine", key) for key in _affine_keys(low, own)}
    heads = [text[:_SHOWN_DECODED_CHARS] for text in shown]
    want = answer.strip().lower().encode("ascii", "ignore")
    if len(want) >= 4:
        keys |= {
            (kind, key)
            for head in heads
            for kind, key, read in _blob_readings(head)
            if want in read
        }
    if not keys:
        return keys, set(), {}
    labels = {
        key: label
        for kind, key in keys
        if kind == "shift" and (label := _shift_label(low, own, int(key))) is not None
    }
    # a word shown as it is (a worked example's plain word beside its cipher: tester55's
    # y61) is no hidden decoy
    plain = set(_NOT_LETTER.split("\n".join(shown).lower()[: 4 * _CIPHER_LETTERS_MAX]))
    played = [v for v in vocabulary if v not in own and len(v) >= 3 and v not in plain][
        :_DECOY_WORDS_MAX
    ]
    words = [v for v in played if len(v) >= 4]
    vocab = set(vocabulary)
    contested: set[tuple[str, int | str]] = set()
    for kind in {kind for kind, _ in keys}:
        mine = {key for k, key in keys if k == kind}
        if kind == "shift":
            # a shown word that the answer's own shift reads as a word is more of the same
            # message, not a decoy (five words under one shift, two of them a shift of each
            # other: tester55's y62)
            theirs = {
                t
                for t in tokens
                if not any(t.translate(_LETTER_SHIFTS[26 - int(m)]) in vocab for m in mine)
            }
            decoy = any(
                v.translate(_LETTER_SHIFTS[k]) in theirs
                for v in played
                for k in range(1, 26)
                if k not in mine
            ) or _shifted_phrase_decoy(low, set(played), mine, vocab)
        elif kind == "keyword":
            others = [w for w in dict.fromkeys([*cipher.keywords, *hint_words]) if w not in mine]
            long = [v for v in words if len(v) >= 6][:_DECOY_KEYWORDS_MAX]
            decoy = any(
                not _keyword_readings(v, kw, encipher=True).isdisjoint(tokens)
                for kw in others[:_DECOY_KEYWORDS_MAX]
                for v in long
            ) or _keyword_pair_decoy(low, set(played), others[: _DECOY_KEYWORDS_MAX // 2])
        elif kind == "digits":
            decoy = _digit_key_decoy(low, set(played), {len(str(m)) for m in mine}, mine)
        elif kind == "affine":
            decoy = _affine_decoy(low, set(played), mine)
        else:
            spelled = {v.encode() for v in words}
            decoy = any(
                k == kind and key not in mine and not spelled.isdisjoint(_BYTE_WORD.findall(read))
                for head in heads
                for k, key, read in _blob_readings(head)
            )
        if decoy:
            contested |= {(kind, key) for key in mine}
    return keys, contested, labels


def _shift_label(low: str, own: Sequence[str], key: int) -> str | None:
    """The words (3+ letters, space-separated) that ``low`` (shown text, lower case) writes
    right before the words ``own`` shifted on by ``key`` (at most four other characters
    between: ``Passphrase: ``) and right after them (``hwpjl (passphrase)``: tester60's
    u81), where the ciphertext is written once and the word once, or once as a label (before
    ``:`` or ``=``, in brackets); else ``None``."""
    cipher = r"[^a-z]+".join(re.escape(w.translate(_LETTER_SHIFTS[key])) for w in own)
    found = list(itertools.islice(re.finditer(rf"(?<![a-z]){cipher}(?![a-z])", low), 2))
    if len(found) != 1:
        return None
    start, end = found[0].span()
    before = re.search(r"(?<![a-z])([a-z]{3,})[^a-z]{1,4}$", low[max(0, start - 40) : start])
    after = re.match(r"[^a-z]{1,4}([a-z]{3,})(?![a-z])", low[end : end + 40])
    words = [m.group(1) for m in (before, after) if m is not None]
    # written once, or once as a label (``Passphrase: ...`` and then 'Type the passphrase
    # deciphered': tester63's b15)
    once = [
        w
        for w in words
        if len(re.findall(rf"(?<![a-z]){w}(?![a-z])", low)) == 1
        or len(re.findall(rf"(?<![a-z]){w}[ \t]*[:=]|[(\[][ \t]*{w}(?![a-z])", low)) == 1
    ]
    return " ".join(once) or None


_DECOY_KEYWORDS_MAX = 64
"""Most keywords, and most played words of 6+ letters, :func:`_answer_keys` tries for a
keyword's decoy (each word enciphered from each place of each keyword: 64 x 64 x 12)."""
_PHRASE = re.compile(r"[a-z]+(?:[ \t]+[a-z]+)+")


def _shifted_phrase_decoy(
    low: str, played: set[str], mine: set[int | str], vocab: frozenset[str] | set[str] = frozenset()
) -> bool:
    """Whether some phrase of 2-12 words in ``low`` (shown text, lower case; the first
    :data:`_SHIFTED_ARRAYS_MAX` * 16) reads, shifted back by one amount not in ``mine``, as
    words all of ``played``."""
    for m in itertools.islice(_PHRASE.finditer(low), 16 * _SHIFTED_ARRAYS_MAX):
        phrase = m.group().split()
        if len(phrase) > 12 or any(
            all(w.translate(_LETTER_SHIFTS[26 - int(k)]) in vocab for w in phrase) for k in mine
        ):  # more of the message under the answer's own shift
            continue
        for k in range(1, 26):
            if k not in mine and all(w.translate(_LETTER_SHIFTS[26 - k]) in played for w in phrase):
                return True
    return False


def _side_by_side(low: str, most: int) -> list[tuple[str, str]]:
    """The first ``most`` pairs of words side by side in ``low`` (shown text, lower case;
    its first ``64 * _SHIFTED_ARRAYS_MAX`` words), 3-8 letters each: where the decoy tests
    read two short words under one key."""
    words = _NOT_LETTER.split(low)[: 64 * _SHIFTED_ARRAYS_MAX]
    pairs = ((a, b) for a, b in itertools.pairwise(words) if 3 <= len(a) <= 8 and 3 <= len(b) <= 8)
    return list(itertools.islice(pairs, most))


def _long_words(low: str) -> list[str]:
    """The first 256 distinct words of 7-12 letters in ``low`` (its first ``64 *
    _SHIFTED_ARRAYS_MAX`` words): long enough to read as a decoy alone."""
    words = _NOT_LETTER.split(low)[: 64 * _SHIFTED_ARRAYS_MAX]
    return list(itertools.islice(dict.fromkeys(t for t in words if 7 <= len(t) <= 12), 256))


def _shaped_runs(low: str, own: Sequence[str]) -> Iterator[str]:
    """The letters of each run of words in ``low`` with the lengths of ``own`` in turn (an
    answer's words; the first 256 runs): the ciphertexts an answer may be read from."""
    shape = r"[^a-z]+".join(f"[a-z]{{{len(w)}}}" for w in own)
    for m in itertools.islice(re.finditer(rf"(?<![a-z]){shape}(?![a-z])", low), 256):
        yield _NOT_LETTER.sub("", m.group())


def _keyword_pair_decoy(low: str, played: set[str], keywords: Sequence[str]) -> bool:
    """Whether two shown words side by side in ``low`` (3-8 letters each; the first 256 such
    pairs) read, deciphered together with one of ``keywords`` from one of its places (the
    keyword advancing over their letters), as two words of ``played``: a keyword's decoys
    of short words (tester54's y53)."""
    pairs = _side_by_side(low, 256)
    for a, b in pairs:
        for kw in keywords:
            for read in _keyword_readings(a + b, kw):
                if read[: len(a)] in played and read[len(a) :] in played:
                    return True
    return False


def _keyword_readings(token: str, keyword: str, encipher: bool = False) -> set[str]:
    """``token`` (lower-case letters) deciphered with ``keyword`` (Vigenere: each letter
    shifted back by the keyword letter's place, a=0), or enciphered (on), from each of the
    keyword's places."""
    if encipher:
        shifts = [_LETTER_SHIFTS[ord(c) - 97] for c in keyword]
    else:
        shifts = [_LETTER_SHIFTS[(26 - (ord(c) - 97)) % 26] for c in keyword]
    period = len(shifts)
    out = set()
    for phase in range(period):
        chars = list(token)
        for j in range(period):
            chars[j::period] = token[j::period].translate(shifts[(j + phase) % period])
        out.add("".join(chars))
    return out


_AFFINE_KEYS = [
    (a, b)
    for a in (1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25)
    for b in range(26)
    if (a, b) != (1, 0)
]
"""The affine ciphers' keys ``(a, b)`` (each letter ``x`` written ``a x + b`` mod 26, a=0),
``a`` coprime to 26; ``a = 1`` is a Caesar shift."""
_AFFINE_READ = {
    (a, b): str.maketrans(
        "".join(chr((a * x + b) % 26 + 97) for x in range(26)), string.ascii_lowercase
    )
    for a, b in _AFFINE_KEYS
}
"""Each affine key's deciphering table (lower-case letters)."""


def _affine_keys(low: str, own: Sequence[str]) -> set[str]:
    """The affine keys (``"a,b"``, ``a`` other than 1: not a Caesar shift; not Atbash's
    ``25,25``) under which the words ``own`` (an answer's, 6+ letters in all) are written by
    words side by side of the same lengths in ``low`` (shown text, lower case; the first 256
    such runs): tester58's w06, the hint's ``a=5, b=8`` picking the passphrase among phrases
    each under its own affine key."""
    if sum(map(len, own)) < 6:
        return set()
    plain = "".join(own)
    found: set[str] = set()
    for cipher in _shaped_runs(low, own):
        for a, b in _AFFINE_KEYS:
            if a != 1 and (a, b) != (25, 25) and cipher.translate(_AFFINE_READ[a, b]) == plain:
                found.add(f"{a},{b}")
    return found


def _affine_decoy(low: str, played: set[str], mine: set[int | str]) -> bool:
    """Whether two shown words side by side in ``low`` (3-8 letters each; the first 128
    such pairs) read as two words of ``played`` under one affine key (Caesar shifts too)
    that is none of ``mine``, or one shown word of 7-12 letters (the first 256) reads as one
    (tester60's u66): an affine key's decoys."""
    pairs = _side_by_side(low, 128)
    singles = _long_words(low)
    for word in singles:  # four words under their own keys (u66)
        for (a, b), table in _AFFINE_READ.items():
            if f"{a},{b}" not in mine and word.translate(table) in played:
                return True
    for first, second in pairs:
        for (a, b), table in _AFFINE_READ.items():
            if (
                f"{a},{b}" not in mine
                and first.translate(table) in played
                and second.translate(table) in played
            ):
                return True
    return False


_DIGIT_KEY = re.compile(
    r"(?<![\d.])(?:\d{2,12}|\d(?:(?:[ \t]*[,;/-][ \t]*|[ \t]+)(?:and[ \t]+)?\d){2,11})(?!\d|[.,]\d)"
)
"""A digit key a hint may write (``31415``, ``3, 1, 4, 1, 5``, ``3-1-4``): 2-12 digits, run
together or one by one (3+) between commas, dashes or spaces."""


def _hint_digit_keys(hint: str) -> list[str]:
    """The Gronsfeld keys ``hint`` may state (:data:`_DIGIT_KEY`, digits only, not one digit
    repeated: a Caesar shift), each also as its shortest period where it repeats one
    (``3, 1, 4, 1, 5, 3, 1, ...`` as ``31415``), the first 16."""
    keys: dict[str, None] = {}
    for m in _DIGIT_KEY.finditer(hint[: 4 * _CIPHER_LETTERS_MAX]):
        digits = re.sub(r"\D", "", m.group())
        if len(set(digits)) > 1:
            keys[digits] = None
            period = next(
                p
                for p in range(2, len(digits) + 1)
                if all(d == digits[i % p] for i, d in enumerate(digits))
            )
            keys[digits[:period]] = None
    return list(keys)[:16]


def _digit_shifts(cipher: str, plain: str) -> list[int]:
    """How far each letter of ``cipher`` lies past ``plain``'s (same length, lower case)."""
    return [(ord(c) - ord(p)) % 26 for c, p in zip(cipher, plain, strict=True)]


def _digit_key_readings(low: str, own: Sequence[str], digit_keys: Sequence[str]) -> set[str]:
    """The keys of ``digit_keys`` under which the words ``own`` (an answer's, 8+ letters in
    all) read, Gronsfeld (each letter moved on by the key's digits in turn, over the letters
    or restarted at each word), from words side by side of the same lengths in ``low`` (shown
    text, lower case; the first 256 such runs)."""
    if not digit_keys or sum(map(len, own)) < 8:
        return set()
    plain = "".join(own)
    found: set[str] = set()
    for cipher in _shaped_runs(low, own):
        shifts = _digit_shifts(cipher, plain)
        if max(shifts) > 9:
            continue
        for key in digit_keys:
            digits = [int(d) for d in key]
            restarted = [digits[i % len(digits)] for w in own for i in range(len(w))]
            if shifts == restarted or all(
                s == digits[i % len(digits)] for i, s in enumerate(shifts)
            ):
                found.add(key)
    return found


def _digit_key_decoy(low: str, played: set[str], lengths: set[int], mine: set[int | str]) -> bool:
    """Whether two shown words side by side in ``low`` (3-8 letters each; the first 128 such
    pairs) read as two words of ``played`` (the first :data:`_DIGIT_DECOY_WORDS` of each
    length) under a digit key (every letter moved on by 0-9) of one of ``lengths`` (or, for
    words of 4+ letters, of 2-8 digits), cycled over their letters, that is none of ``mine``,
    or one shown word of 7-12 letters (the first 256) reads as one under a key it repeats
    three digits of: a Gronsfeld key's decoys (tester54's y55, tester60's u65, u82).
    The two words hold two digits of the key twice at least. At most 128 x 2 x 1,024 words'
    shifts and, for a first word shorter than the key, 128 x 64 x 64 pairs of their digit
    readings (the first 64 a word)."""
    by_length: dict[int, list[str]] = {}
    for v in played:
        if len(by_length.setdefault(len(v), [])) < _DIGIT_DECOY_WORDS:
            by_length[len(v)].append(v)
    pairs = _side_by_side(low, 128)
    readings: dict[str, list[list[int]]] = {}

    def digit_readings(token: str) -> list[list[int]]:
        if token not in readings:
            shifts = (_digit_shifts(token, v) for v in by_length.get(len(token), []))
            readings[token] = list(itertools.islice((d for d in shifts if max(d) <= 9), 64))
        return readings[token]

    # a single word long enough to show the key repeat (3 digits read twice at least; 7+
    # letters: four words under their own keys, tester60's u65)
    singles = _long_words(low)
    for word in singles:
        for shifts in digit_readings(word):
            for n in range(2, len(word) - 2):
                key = shifts[:n]
                if "".join(map(str, key)) not in mine and all(
                    s == key[i % n] for i, s in enumerate(shifts)
                ):
                    return True
    for a, b in pairs:
        for first in digit_readings(a):
            # keys of other lengths than the hint's too (3-6 digits: u82), where both words
            # have 4+ letters
            for n in lengths if min(len(a), len(b)) < 4 else lengths | set(range(2, 9)):
                if len(a) >= n:  # the key is the first word's: the second's plain text follows
                    key = first[:n]
                    if "".join(map(str, key)) in mine or any(
                        s != key[i % n] for i, s in enumerate(first)
                    ):
                        continue
                    moves = [key[(len(a) + i) % n] for i in range(len(b))]
                    if (
                        "".join(
                            chr((ord(c) - 97 - m) % 26 + 97) for c, m in zip(b, moves, strict=True)
                        )
                        in played
                    ):
                        return True
                    continue
                if len(a) + len(b) < n + 2:  # two digits at least read twice
                    continue
                for second in digit_readings(b):
                    shifts = first + second
                    key = shifts[:n]
                    if "".join(map(str, key)) not in mine and all(
                        s == key[i % n] for i, s in enumerate(shifts)
                    ):
                        return True
    return False


_DIGIT_DECOY_WORDS = 1_024
"""Most played words of each length :func:`_digit_key_decoy` reads shown words as."""


_KeyForm = tuple[int | str, str, Callable[[int], str]]
"""A way a hint may state a key: ``(value, pattern, render)``, ``render`` writing another
value of the kind the same way."""

_KEY_LETTER = r"(?:(?<=letter )|(?<=letter: )|(?<=character )|(?<=char )|(?<=key )|(?<=['\"‘“]))"
"""Before a key written as one character: after ``letter``, ``character``, ``key`` or a quote
(``key letter H``, ``the code of the capital letter K``)."""


def _turned(turns: int, value: int) -> str:
    """``value + turns`` in digits (a shift written past a full turn: 33 for 7)."""
    return str(value + turns)


def _key_forms(kind: str, key: int | str) -> list[_KeyForm]:
    """The ways a hint may state ``key`` of ``kind`` (:func:`_cipher_key_gate`), each as
    ``(value, pattern, render)``: a Caesar shift ``k`` as ``k`` or ``26 - k`` (back or on), in
    digits (glued to letters too, ``ROT7``; past a full turn, ``k + 26`` or ``k + 52``:
    tester58's w02), an English word up to twenty, or the letter that ``A`` becomes (``key
    letter H``: w01); an XOR key or a code offset in decimal, ``0x`` hex, or the character of
    that code (``the capital letter K``, 75: w07); a keyword as the word; a Gronsfeld key's
    digits run together or one by one."""
    if kind == "keyword":
        return [(key, rf"(?<![A-Za-z]){key}(?![A-Za-z])", str)]
    if kind == "affine":  # 'a=5 and b=8', '5x + 8', '(5, 8)'
        a, b = str(key).split(",")
        return [
            (key, rf"(?<![A-Za-z])a[ \t]*[=:][ \t]*{a}(?!\d)", str),
            (key, rf"(?<![A-Za-z])b[ \t]*[=:][ \t]*{b}(?!\d)", str),
            (key, rf"(?<![\d.]){a}[ \t]*\*?[ \t]*x[ \t]*\+[ \t]*{b}(?!\d)", str),
            (key, rf"\([ \t]*{a}[ \t]*,[ \t]*{b}[ \t]*\)", str),
        ]
    if kind == "digits":  # a Gronsfeld key: run together or one by one ('3, 1, 4, 1, 5')
        one_by_one = r"(?:[ \t]*[,;/ -][ \t]*|[ \t]+)(?:and[ \t]+)?".join(str(key))
        return [
            (key, rf"(?<![\d.]){key}(?!\d|[.,]\d)", str),
            (key, rf"(?<![\d.]){one_by_one}(?!\d|[.,]\d)", str),
        ]
    assert isinstance(key, int)
    values = [key, 26 - key] if kind == "shift" else [key]
    forms: list[_KeyForm] = []
    for value in values:
        for turns in (0, 26, 52) if kind == "shift" else (0,):
            # digits glued to letters too ('ROT7': tester53's z992), not to other digits
            render = functools.partial(_turned, turns)
            forms.append((value, rf"(?<![\d.])0*{value + turns}(?!\d|[.,]\d)", render))
        if value in _CARDINAL_WORDS:
            forms.append((value, rf"(?<![^\W\d_]){_CARDINAL_WORDS[value]}(?![^\W\d_])", str))
        if kind == "shift":
            forms.append(
                (value, rf"{_KEY_LETTER}{chr(65 + value)}(?![A-Za-z])", lambda v: chr(65 + v))
            )
            continue
        forms.append((value, rf"(?<![\w.])0x0*{value:x}(?!\w)", hex))
        if 33 <= value <= 126 and chr(value).isalnum():  # as written: 'K' is 75, 'k' 107
            forms.append(
                (
                    value,
                    rf"{_KEY_LETTER}(?-i:{re.escape(chr(value))})(?![A-Za-z0-9])",
                    lambda v: chr(v) if 33 <= v <= 126 and chr(v).isalnum() else str(v),
                )
            )
    return forms


def _renumbered(numbers: Sequence[str], m: re.Match[str]) -> str:
    """``m``'s text with its runs of digits (each digit where ``numbers`` is a string of
    digits, a Gronsfeld key's) replaced by ``numbers`` in turn."""
    it = iter(numbers)
    return re.sub(r"\d" if isinstance(numbers, str) else r"\d+", lambda _: next(it, ""), m.group())


def _rekeyed_hint(
    hint: str, kind: str, key: int | str, rng: random.Random, avoid: Iterable[int | str] = ()
) -> str | None:
    """``hint`` with every statement of ``key`` (:func:`_key_forms`) replaced by another key
    of its kind, drawn from ``rng`` (a shift 1-25, an XOR key or offset 1-255, a keyword of
    the same length in other letters), or, for a number the hint writes only as arithmetic
    or in another base (:func:`_hint_numbers`), with every digit redrawn; ``None`` where the
    hint states it in none of those forms. The new key is none of ``avoid`` (the other keys
    rewritten in the same hint)."""
    avoid = set(avoid)
    if kind == "affine":
        a, b = str(key).split(",")
        na, nb = rng.choice(
            [(x, y) for x, y in _AFFINE_KEYS if x != 1 and (str(x), str(y)) != (a, b)]
        )
        out = hint
        for i, (_, pattern, _) in enumerate(_key_forms(kind, key)):
            # the new a, b in the numbers' places ('b=' holds only b)
            numbers = [str(nb)] if i == 1 else [str(na), str(nb)]
            out = re.sub(pattern, functools.partial(_renumbered, numbers), out)
        if out == hint:  # in words: 'multiplying each index by 5 and then adding 8' (u73)
            news = {a: str(na), b: str(nb)}
            out = re.sub(rf"(?<![\d.])(?:{a}|{b})(?!\d)", lambda m: news[m.group()], hint)
        return None if out == hint else out
    if kind == "digits":
        assert isinstance(key, str)
        other = "".join(rng.choice(string.digits.replace(c, "")) for c in key)
        out = hint
        for _, pattern, _ in _key_forms(kind, key):  # the separators kept
            out = re.sub(pattern, functools.partial(_renumbered, other), out)
        return None if out == hint else out
    if kind == "keyword":
        assert isinstance(key, str)
        other = "".join(rng.choice(string.ascii_lowercase.replace(c, "")) for c in key)
        swap: dict[int | str, int | str] = {key: other}
    else:
        assert isinstance(key, int)
        top = 25 if kind == "shift" else 255
        others = [v for v in range(1, top + 1) if v != key and (kind != "shift" or 26 - v != key)]
        # none of the other rewritten keys where one is left (25 XOR keys picked beside a
        # shift left no shift: tester58's w12 raised IndexError out of scoring)
        free = [v for v in others if not ({v, 26 - v} if kind == "shift" else {v}) & avoid]
        new = rng.choice(free or others)
        swap = {key: new, 26 - key: 26 - new} if kind == "shift" else {key: new}
    out = hint
    for value, pattern, render in _key_forms(kind, key):
        new_value = swap[value]
        text = new_value if isinstance(new_value, str) else render(new_value)
        out, n = re.subn(pattern, text.replace("\\", "\\\\"), out, flags=re.I)
        if n and kind == "shift" and pattern.startswith(_KEY_LETTER):
            # the key's letter wherever the hint writes it alone ('key letter H (A is written
            # as H)'): all of it names the key
            out = re.sub(rf"(?<![A-Za-z]){chr(65 + int(value))}(?![A-Za-z])", text, out)
    if out == hint and kind != "keyword" and {str(v) for v in swap} & _hint_numbers(hint):
        # the key written as arithmetic or in another base ('shifted by 3+4'): every digit of
        # the hint redrawn, so whatever it computes to is another number
        out = re.sub(
            r"\d", lambda m: str(rng.choice([d for d in range(10) if str(d) != m.group()])), hint
        )
    return None if out == hint else out


def _key_stated(
    hint: str, stated: str, kind: str, key: int | str, shown: Sequence[str] = ()
) -> bool:
    """Whether the task states ``key`` as its own, the hint repeating it: ``stated``
    (:func:`_stated_text`), or each of ``shown`` (what each task showed first: tester58's w04,
    'the passphrase is the one shifted by 7' in every observation; not in only some:
    tester67's l05), has a sentence that names the answer and neither denies nor hedges
    (:func:`_role_sentences`) and gives the key as the hint does (after the same two words:
    ``shifted by 7`` in both), after a cipher word (``ROT7``, ``key of 7``), as a count of
    places (``moved 7 places``: w03) or in a worked example (``cat is written jha``: w05), and
    no other key of the kind (a number after ``by`` counts against it, not before a noun:
    ``guarded by 7 sentries``), whatever it says of decoys elsewhere (tester63's b14).
    Nowhere else: a key in scenery or in a sentence that does not say it is the answer's
    (``the night shift of 7 guards``, ``key 7 is for the cellar``, ``one shifted by 7, the
    others by 3, 11 and 20``: b04, l07, b02) is no statement, and a list of keys the
    description offers (``shifts used: 3, 7, 11``) none."""

    def contexts(text: str) -> set[tuple[str, ...]]:
        out = set()
        for _, pattern, _ in _key_forms(kind, key):
            for m in itertools.islice(re.finditer(pattern, text, flags=re.I), 4096):
                before = re.findall(r"[^\W\d_]+", text[max(0, m.start() - 80) : m.start()])
                # (the 8 characters before, not a copy of all before them: 400,000 keys in a
                # 1 MB description cost 7.5 CPU-s)
                if len(before) >= 2 and not re.search(
                    r"\d\W*$", text[max(0, m.start() - 8) : m.start()]
                ):
                    out.add(tuple(w.casefold() for w in before[-2:]))
        return out

    mine = {key, 26 - key} if kind == "shift" and isinstance(key, int) else {key}
    said = contexts(hint)

    read: dict[str, tuple[set[int | str], dict[tuple[str, ...], set[int | str]]]] = {}

    def keys_in(sentence: str) -> tuple[set[int | str], dict[tuple[str, ...], set[int | str]]]:
        """The keys of the kind ``sentence`` names after a cipher word or in a worked
        example, and those after each two words (:func:`_keys_by_context`); read once for
        :func:`states` and :func:`rivals` both."""
        if sentence not in read:
            named = set(_cipher_named_keys(sentence).get(kind, set()))
            if kind == "shift":
                named |= _worked_shifts(sentence)
            read[sentence] = (named, _keys_by_context(sentence, kind))
        return read[sentence]

    def states(text: str) -> bool:
        for sentence in itertools.islice(_role_sentences(_ILLUSTRATION.sub(" ", text)), 256):
            shared = said & contexts(sentence)
            named, after = keys_in(sentence)
            found = set(named)
            for pair, values in after.items():
                if pair in shared or pair[-1] == "by":
                    found |= values
            if (shared or named & mine) and found <= mine:
                return True
        return False

    def rivals(text: str) -> bool:
        """Whether ``text`` gives another key of the kind in a sentence about a cipher or
        after ``by``, not one that says it is the decoys' (``the decoys were shifted by 3,
        11 and 20``: b14): 'Is the passphrase the phrase shifted by 7? By 3? By 11?', rival
        claims in sentences saying 'it' (tester68's o01-o03)."""
        sentences = re.split(r"[.;!?\n]", _ILLUSTRATION.sub(" ", text))
        for sentence in itertools.islice(sentences, 4096):
            words = set(re.findall(r"[^\W\d_]+", sentence.casefold()))
            cipher = _PLACES_CONTEXT.search(sentence) is not None
            if words & _DECOY_WORDS or not (cipher or "by" in words):
                continue
            named, after = keys_in(sentence)
            keys = set(named)
            for pair, values in after.items():
                if pair[-1] == "by" or (cipher and kind in ("shift", "xor", "offset")):
                    keys |= values
            if keys - mine:
                return True
        return False

    # what the task shows states it only where every task shows it (the key in half the
    # first observations: tester67's l05); another key the task gives elsewhere is a rival
    if rivals(stated):
        return False
    return states(stated) or (
        bool(shown) and all(states(text) and not rivals(text) for text in shown)
    )


_NOT_A_KEY = frozenset({"one"})
"""Number words :func:`_key_stated` does not take for another key: ``one`` is a pronoun as
often (``all its letters moved on by one amount``: tester60's u71)."""


def _role_sentences(text: str) -> Iterator[str]:
    """The sentences of ``text`` (between ``.``, ``;``, ``!``, ``?`` and line breaks; an
    illustration, ``for instance cat becomes jha``, taken out before: tester62's s25) that
    name the answer (a word of :data:`_ANSWER_ROLES`: ``passphrase``, ``true message``; not
    ``key 7`` of a rack of keys: tester67's l07) and neither deny nor hedge (:data:`_HEDGES`:
    ``the passphrase is not the one shifted by 7``, ``the passphrase or a decoy ...``, ``among
    phrases shifted by 7 and by other amounts``, ``unlikely``, ``no longer``, ``one of``)."""
    for sentence in re.split(r"[.;!?\n]", text):
        low = sentence.casefold()
        words = set(re.findall(r"[^\W\d_]+", low))
        roles = words & _ANSWER_ROLES
        if roles and roles <= {"key", "code"} and re.search(r"(?:key|code)s?[ \t:=#-]*\d", low):
            roles = set()
        if roles and not (
            words & _HEDGES
            or any(w.startswith(_HEDGE_STEMS) for w in words)
            or re.search(r"(?<![^\W_])one of(?![^\W_])", low)
        ):
            yield sentence


_HEDGES = frozenset(
    "not never t or nor neither either may might could perhaps maybe possibly decoy decoys "
    "other others another some any if unless whether except unlike but among amongst various "
    "several different own no none nobody nothing false untrue wrong unlikely likely probably "
    "possible seldom rarely hardly sometimes often usually typically occasionally longer "
    "formerly used instead rumour rumours rumor rumored rumoured allegedly supposedly "
    "guess lie lies".split()
)
"""Words that keep a sentence naming the answer from stating its key (:func:`_role_sentences`)."""
_HEDGE_STEMS = (
    "guess",
    "lie",
    "lying",
    "liar",
    "claim",
    "suppos",
    "untrust",
    "distrust",
    "doubt",
    "rumo",
    "alleg",
    "fake",
    "mislead",
    "deceiv",
    "decept",
    "trick",
    "yesterday",
    "tomorrow",
    "former",
    "previous",
    "unreliab",
    "dubious",
    "seem",
    "pretend",
    "imagin",
    "hypothe",
    "wonder",
)
"""Beginnings of words that hedge as :data:`_HEDGES` do, in any form (``lied``, ``guesses``,
``untrustworthy``, ``claims``, ``yesterday's``: tester68's o02-o09)."""
_DECOY_WORDS = frozenset("decoy decoys others rest remaining fake fakes false".split())
"""Words that say a sentence's keys are the decoys' (:func:`_key_stated`'s rivals)."""


_ILLUSTRATION = re.compile(
    r"(?<![^\W\d_])(?:for (?:example|instance)|e\.g\.|such as|as in|to illustrate|by way of example)"
    r"(?![^\W\d_])[^.;!?)\n]*",
    re.I,
)
"""An illustration, to the end of its clause, a bracket in it included (``for instance cat
becomes jha``; ``For example, cat might be written jha (a shift of seven)``: tester63's
b08)."""


def _keys_by_context(text: str, kind: str) -> dict[tuple[str, ...], set[int | str]]:
    """The keys of ``kind`` ``text`` writes, by the two words before each (lower case; a
    list's later items by its first's: ``shifted by 7, 3, 11 or 20`` gives ``("shifted",
    "by")`` ``{7, 3, 11, 20}``, tester60's u62): numbers in decimal or ``0x`` hex and English
    number words up to twenty, 2-12 digits for a Gronsfeld key, words for a keyword. One pass
    over the first 200,000 tokens (a regex and a scan a pair, 8,000 pairs, cost 26 CPU-s:
    tester61's v98; a search across Cyrillic letters from each repeated word, 22 s: v95).
    :data:`_NOT_A_KEY` words are no key, nor a number followed by a noun (not one of
    :data:`_KEY_FOLLOWERS`): a count (``by 7 sentries``)."""
    out: dict[tuple[str, ...], set[int | str]] = {}
    words: list[str] = []
    tokens = re.finditer(r"0x[0-9a-f]+|\d+|[^\W\d_]+", text, re.I)
    for m in itertools.islice(tokens, 200_000):
        raw = m.group().casefold()
        if raw in ("or", "and"):  # within a list
            continue
        if len(words) >= 2 and raw not in _NOT_A_KEY:
            value: int | str | None = None
            if kind == "keyword":
                value = raw if raw.isalpha() else None
            elif kind == "digits":
                value = raw if raw.isdigit() and 2 <= len(raw) <= 12 else None
            else:
                value = _key_number(raw)
                noun = _NOUN_AFTER.match(text, m.end()) if value is not None else None
                if noun and noun.group(1).casefold() not in _KEY_FOLLOWERS:
                    value = None  # a count of something ('by 7 sentries': tester65's e02)
            if value is not None:
                out.setdefault((words[-2], words[-1]), set()).add(value)
        if raw.isalpha() and raw not in _EN_UNITS:
            words = [*words[-1:], raw]
    return out


_LIST_MORE = (
    r"(?:[ \t]*(?:[,;/]|(?<![^\W_])(?:or|and)(?![^\W_]))[ \t]*(?:(?:or|and)[ \t]+)?(?:0x[0-9a-f]+|\d+|(?:"
    + "|".join(sorted(_CARDINAL_WORDS.values(), key=len, reverse=True))
    + r")(?![^\W_])))*"
)
"""More numbers of a list after its first (``, 3, 11 or 20``, ``, seven or nine``), for
:func:`_list_items`; a word after a comma is no more of it (``keyword lemon, then ...``)."""


def _list_items(text: str) -> list[str]:
    """The items of a list (:data:`_LIST_MORE`) lower case, ``or``/``and`` left out."""
    return [
        w for w in re.findall(r"0x[0-9a-f]+|\d+|[a-z]+", text.casefold()) if w not in ("or", "and")
    ]


def _key_number(raw: str) -> int | None:
    """``raw`` (lower case) as a number: decimal, ``0x`` hex or an English word up to
    twenty; else ``None``."""
    if len(raw) > 14:  # (int() of 5,000 digits raises: tester61's v94)
        return None
    if raw.startswith("0x"):
        return int(raw, 16)
    if raw.isdigit() and raw.isascii():
        return int(raw)
    return _EN_UNITS.get(raw)


_WORKED_LINK = re.compile(
    r"(?<![^\W\d_])(?:writ\w*|becom\w*|turn\w*|encod\w*|enciph\w*|encrypt\w*|maps?|mapped|"
    r"reads|gives|shown|appears?)(?![^\W\d_])|->|→|=>"
)
"""What joins a worked example's plain word to its cipher (``cat is written jha``)."""
_LETTER_LINK = re.compile(
    r"[^a-z]*(?:(?:is|are|was|be|always|as|to|into|written|writes?|becomes?|encoded|enciphered|"
    r"encrypted|maps?|mapped)[^a-z]+)+",
)
"""What may stand between a letter and the letter it is written as (``every a is written as
h``); a letter ``a`` ten words before a pronoun ``I`` past ``reads`` is no example (``A note
beside them reads: I hid ...``: tester63's b12)."""


def _worked_shifts(text: str) -> set[int]:
    """The Caesar shifts of the worked examples in ``text``: a word and, within ten words
    after it and past a word that links them (:data:`_WORKED_LINK`: ``is written``,
    ``becomes``, ``->``), a word of its length with each of its letters moved on by one
    amount ``k`` (``cat is written jha``: 7, tester58's w05; ``the plain word cat, once
    enciphered for the passphrase, is written jha``: tester60's u76; ``every a is written as
    h``: u71), as ``k`` and ``26 - k``; the first 2,048 words. Two words that happen to be
    shifts of each other (``a cheer and a jolly voice``: u63) are no example."""
    low = text[: 16 * _SHOWN_DECODED_CHARS].lower()
    words = list(itertools.islice(re.finditer(r"[a-z]+", low), 2048))
    out: set[int] = set()
    for i, a in enumerate(words):
        for b in words[i + 1 : i + 11]:
            x, y = a.group(), b.group()
            if len(y) != len(x) or y == x:
                continue
            moves = {(ord(q) - ord(p)) % 26 for p, q in zip(x, y, strict=True)}
            if len(x) == 1 and not _LETTER_LINK.fullmatch(low, a.end(), b.start()):
                continue
            if len(moves) == 1 and _WORKED_LINK.search(low, a.end(), b.start()):
                k = moves.pop()
                out |= {k, 26 - k}
    return out


_CIPHER_WORD = re.compile(
    r"(?<![^\W\d_])(?:rotated(?: by)?|rot|rot-|shift(?:ed)?(?: by| of)?"
    r"|caesar(?:[ \t-]*shift(?:ed)?(?: by| of)?(?![^\W\d_]))?|key(?:word)?(?: of)?"
    r"|xor(?:ed)?(?: with)?)"
    r"[ \t:=-]*(?:is[ \t]+)?((?:0x[0-9a-f]{1,2}|\d{1,12}|[a-z]{3,12})(?![^\W_])" + _LIST_MORE + ")",
    re.I,
)
_PLACES = re.compile(
    r"(?<![^\W\d_])(?:places|positions|steps|letters|characters)(?![^\W\d_])", re.I
)
"""The unit of a shift written as a count of places (``moved 7 places``, ``back seven
steps``, ``7 letters later``; ``moved 3, 11, 15 and 7 places`` lists four: tester60's u61):
the list before it is read by :func:`_list_before`."""


def _list_before(text: str) -> list[str]:
    """The numbers (:func:`_key_number`) of the list that ends ``text`` (its last 160
    characters, lower case), last first: ``3, 11, 15 and 7`` gives ``7, 15, 11, 3``. Read
    token by token backwards: a regex from each start cost 12 CPU-s for 8,000 items."""
    tokens = re.findall(r"0x[0-9a-f]+|\d+|[^\W\d_]+|[,;/]", text[-160:].casefold())
    items: list[str] = []
    want_item = True
    for token in reversed(tokens):
        separator = token in (",", ";", "/", "or", "and")
        if want_item and _key_number(token) is not None:
            items.append(token)
            want_item = False
        elif separator and items:
            want_item = True
        else:
            break
    return items


_MOVED = re.compile(
    r"(?<![^\W\d_])(?:mov|shift|rotat|turn|advanc|push|slid|offset|displac|count|roll)\w*", re.I
)
_DIRECTION = re.compile(
    r"[ \t]*+(?:later|earlier|on|onward\w*|back\w*|forward\w*|ahead|along|down|up|further|after|"
    r"before|away|over|to the (?:right|left))(?![^\W\d_])",
    re.I,
)
"""What makes a count of places a move (:func:`_cipher_named_keys`): a verb before it, a
direction after it."""
_NOUN_AFTER = re.compile(r"[ \t]+([^\W\d_]+)")
_KEY_FOLLOWERS = frozenset(
    "places positions steps letters place position step letter to in along forward forwards "
    "back backward backwards ahead down up on each every for from is was then and or "
    "mod modulo the a an its their it one applied used were are has characters character "
    "spaces throughout".split()
)
"""Words that may follow a key after a cipher word (``shifted by 7 places``, ``key 42 is``);
any other word makes it a count of something (``the night shift of 7 guards``)."""
_WORDS_MORE = re.compile(
    r"(?:[ \t]*+,[ \t]*+(?!(?:or|and)(?![^\W_]))[a-z]{3,12}+)*+(?:[ \t]*+,)?[ \t]++(?:or|and)[ \t]++"
    r"[a-z]{3,12}+(?![^\W_])",
    re.I,
)
"""More words of a list after a keyword (``, mango, peach or grape``), closed by ``or`` or
``and``."""
_PLACES_CONTEXT = re.compile(
    r"(?<![^\W\d_])(?:letters?|alphabet\w*|shift\w*|rotat\w*|caesar|rot\d*|ciphers?|"
    r"enciph\w*|encrypt\w*|encod\w*)(?![^\W\d_])",
    re.I,
)
"""A word that makes a count of places a shift in its sentence: of letters or a cipher (``The
vault is 7 steps away`` is none: tester60's u80; nor ``You stand 7 steps back from the
wall``: tester62's s26)."""
_AFFINE_STATED = re.compile(
    r"(?<![\w.])(\d{1,2})[ \t]*\*?[ \t]*x[ \t]*\+[ \t]*(\d{1,2})(?!\d)"
    r"|(?<![A-Za-z])a[ \t]*[=:][ \t]*(\d{1,2})[ \t]*(?:,|and|;)?[ \t]*b[ \t]*[=:][ \t]*(\d{1,2})(?!\d)",
    re.I,
)
"""An affine key a text states (``x -> 5x + 8``, ``a=5 and b=8``)."""


def _cipher_named_keys(text: str) -> dict[str, set[int | str]]:
    """The keys ``text`` names right after a cipher word (``ROT7``, ``shifted by 7``, ``key
    42``, ``keyword lemon``, ``Gronsfeld key is 31415``), with the list they open (``shifted
    by 7, 3, 11 or 20``: tester60's u62), by the kinds of :func:`_key_forms` they may be: a
    number 1-25 a shift (as ``k`` and ``26 - k``), any number an XOR key and an offset, 2-12
    digits not all one a Gronsfeld key, a word a keyword; a count of places
    (:data:`_PLACES`) a shift where its sentence says how letters move
    (:data:`_PLACES_CONTEXT`); an affine map or ``a=``, ``b=`` an affine key (u69)."""
    out: dict[str, set[int | str]] = {}
    for sentence in re.split(r"[.;!?\n]", text):
        if not _PLACES_CONTEXT.search(sentence):
            continue
        for m in _PLACES.finditer(sentence):
            # a count that moves letters: a verb of moving before it ('moved 7 places') or a
            # direction after it ('7 letters later'); 'words of 6 letters' is a length
            # (tester63's b01)
            if not (
                _MOVED.search(sentence, max(0, m.start() - 60), m.start())
                or _DIRECTION.match(sentence, m.end())
            ):
                continue
            for raw in _list_before(sentence[max(0, m.start() - 200) : m.start()].rstrip()):
                count = _key_number(raw) or 0
                if 1 <= count <= 25:
                    out.setdefault("shift", set()).update({count, 26 - count})
    for m in _AFFINE_STATED.finditer(text):
        a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        out.setdefault("affine", set()).add(f"{int(a)},{int(b)}")
    for m in _CIPHER_WORD.finditer(text):
        noun = _NOUN_AFTER.match(text, m.end())
        if noun and noun.group(1).casefold() not in _KEY_FOLLOWERS:
            continue  # 'the night shift of 7 guards' names no key (tester63's b04)
        items = _list_items(m.group(1))
        more = _WORDS_MORE.match(text, m.end()) if m.group(1).isalpha() else None
        if more:  # 'Keyword: lemon, mango, peach or grape' offers four (b16)
            items += [
                w for w in re.findall(r"[a-z]+", more.group().casefold()) if w not in ("or", "and")
            ]
        for raw in items:
            if raw.isdigit() and len(raw) >= 2 and len(set(raw)) > 1:
                out.setdefault("digits", set()).add(raw)
            value = _key_number(raw)
            if value is None:
                if raw.isalpha():
                    out.setdefault("keyword", set()).add(raw)
                continue
            if 1 <= value <= 25:
                out.setdefault("shift", set()).update({value, 26 - value})
            for kind in ("xor", "offset"):
                out.setdefault(kind, set()).add(value)
    return out


def _rekeyed_picks(
    hint: str,
    stated: str,
    picked: Sequence[tuple[str, int | str]],
    rng: random.Random,
    shown: Sequence[str] = (),
) -> tuple[str, list[str]]:
    """``hint`` with every key of ``picked`` rewritten at once (:func:`_rekeyed_hint`; a key
    per task parity: tester53's z996) but those ``stated`` (:func:`_stated_text`) states as
    its own (:func:`_key_stated`: 'the passphrase is the one shifted by 7' in the
    description, tester54's y59), and the keys rewritten (``"shift 7"``)."""
    picked = [
        (kind, key) for kind, key in picked if not _key_stated(hint, stated, kind, key, shown)
    ]
    rekeyed, rewritten = hint, []
    for kind, key in picked:
        avoid = {other for k, other in picked if k == kind}
        out = _rekeyed_hint(rekeyed, kind, key, rng, avoid)
        if out is not None:
            rekeyed = out
            rewritten.append(f"{kind} {key}")
    return rekeyed, rewritten


def _marked_by_task(
    key: tuple[str, int | str],
    found: Sequence[set[tuple[str, int | str]]],
    labels: Sequence[Mapping[int | str, str]],
    stated: str,
) -> bool:
    """Whether every replayed win ``key`` reads (3 or more) shows the answer's ciphertext
    beside one label word, the same in each (:func:`_shift_label`: ``Passphrase:`` in every
    task), that ``stated`` (the description) names too (``A passphrase is shown ...``): the
    task marks the message, and words under other shifts beside it are no decoys the hint
    picks among (tester58's w11). Among shuffled decoys the word before the answer changes
    from task to task (``Phrases: a; b``: 1 in 16 that three wins of four phrases all come
    first); a tag the description does not name marks nothing it says (the passphrase
    always painted ``red`` among shuffled colours that 'tell nothing': tester60's u64), nor
    does one that is no word for the answer (:data:`_ANSWER_ROLES`)."""
    kind, value = key
    wins = [labels[i].get(value) for i, f in enumerate(found) if key in f]
    if kind != "shift" or len(wins) < 3:
        return False
    common = set.intersection(*(set((w or "").split()) for w in wins)) & _ANSWER_ROLES
    return any(re.search(rf"(?<![^\W\d_]){w}(?![^\W\d_])", stated, re.I) for w in common)


_ANSWER_ROLES = frozenset(
    "passphrase password passcode passwords answer secret message solution target plaintext "
    "real true correct genuine key code".split()
)
"""Words that mark a text as the one to answer with (``Passphrase:``); a colour or any
other tag the description mentions in passing (``the red brick wall``: tester62's s27)
marks nothing."""


async def _cipher_key_gate(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    episodes: Sequence[EpisodeFinished],
    *,
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    rng: random.Random,
    limit: trio.CapacityLimiter,
    replays: dict[str, str] | None = None,
) -> tuple[bool, dict[str, Any]]:
    """The ``information_gate`` check's third route: the hint's cipher key.

    An answer read from shown ciphertext is shown text to the first route (:class:`_CipherRuns`,
    :func:`_shown_decoded`), which never asks whose key read it. For each of up to 4
    replayed hinted wins, :func:`_answer_keys` finds the keys under which its answer reads
    from what its episode showed (a Caesar shift, a keyword's Vigenere, an XOR key or a code
    offset) and those of them with decoys (another key of the kind reads a word the hinted
    episodes played or the task states). Every key that has decoys in at least half of the
    wins it reads, that the hint states (:func:`_key_forms`) and that the task does not
    state as its own (:func:`_key_stated`) is rewritten in the hint at once
    (:func:`_rekeyed_hint`), and the same agent plays ``config.gate_checks`` hinted episodes
    on fresh seeds with that hint. Four phrases each shifted by its own amount, the answer
    the one the hint's 7 reads (tester50's z951), a word among XORed decoys under the hint's
    key 42 (z952), the one of four shown keywords the hint names (z953) then lose; an Agent
    that reads a key the task shows still wins (a worked example's key is rewritten too),
    and a lone message under a constant shift the hint states has no decoy (trying all 25
    shifts finds it: the labelled set's learnable Caesar). Flagged by the lift rule of
    :func:`_gate_verdict`.

    Returns:
        ``(flagged, evidence)``; ``(False, {})`` where no such key was found.

    Raises:
        _Reject: as :func:`_gate_episodes`.
    """
    hinted = [e for e in episodes if e.hinted and e.status in ("ok", "max_turns")]
    winners = [e for e in hinted if e.success and e.status == "ok" and e.turns]
    if not winners or config.gate_checks == 0:
        return False, {}
    hint_words = [m.group() for m in _KEYWORD.finditer(hint.lower())][:_CIPHER_KEYWORDS_MAX]
    digit_keys = _hint_digit_keys(hint)
    # the words the hinted episodes played, then those the task states: an unhinted Agent's
    # wrong readings (a Caesar under every other shift) are no decoys the task shows; played
    # first, so a glossary of 520 made-up words in the description does not push them past
    # the cap (tester54's y56)
    played = "\n".join(a for e in episodes if e.hinted for a in _actions(e))
    stated = await trio.to_thread.run_sync(_stated_text, env)
    vocabulary = list(
        dict.fromkeys(
            _KEYWORD.findall(played.lower()[: 4 * _CIPHER_LETTERS_MAX])
            + sorted(set(_KEYWORD.findall(stated.lower()[: 4 * _CIPHER_LETTERS_MAX])))
        )
    )
    found: list[set[tuple[str, int | str]]] = []
    contested: list[set[tuple[str, int | str]]] = []
    labels: list[dict[int | str, str]] = []
    firsts: list[str] = []
    for ep in winners[:4]:
        first = await _first_observation(sandbox, env, ep, replays)
        firsts.append(first[:_SHOWN_DECODED_CHARS])
        shown = [first, *(t.observation for t in ep.turns[:-1])]
        answer = _action_text(ep.turns[-1])
        keys, decoyed, labelled = await trio.to_thread.run_sync(
            _answer_keys, shown, answer, hint_words, vocabulary, digit_keys
        )
        found.append(keys)
        contested.append(decoyed)
        labels.append(labelled)
    # a key that reads a replayed win, beside decoys in at least half of the wins it reads:
    # one the hint picks the answer with (not every win: a passphrase shown plain on every
    # third task, z987, or a key per task parity, tester53's z996, hid the others)
    picked = sorted(
        (
            k
            for k in set().union(*found)
            if 2 * sum(k in c for c in contested) >= sum(k in f for f in found)
            and not _marked_by_task(k, found, labels, stated)
        ),
        key=str,
    )
    # host work linear in the hint (a megabyte's regex passes): off the event loop
    rekeyed, rewritten = await trio.to_thread.run_sync(
        _rekeyed_picks, hint, stated, picked, random.Random(rng.random()), firsts
    )
    if rewritten:
        measured = await _gate_episodes(
            sandbox, env, rekeyed, agent, "key", config, agent_config, rng, limit
        )
        p_hint = sum(e.success for e in hinted) / len(hinted)
        wins = sum(e.success for e in measured)
        flagged, p_chance = _gate_verdict(wins, len(measured), p_hint, _unhinted_rate(episodes))
        return flagged, {
            "key": ", ".join(rewritten),
            "rekeyed_wins": wins,
            "rekeyed_episodes": len(measured),
            "hinted_success": round(p_hint, 4),
            "p_value": round(p_chance, 6),
        }
    return False, {}


async def _integrity(
    sandbox: Any,
    env: EnvValidated,
    hint: str,
    episodes: Sequence[EpisodeFinished],
    config: CriticConfig,
    replay_seeds: list[int],
    rng: random.Random,
) -> tuple[list[str], dict[str, Any]]:
    """The replay checks of the module docstring: ``(flags, evidence)``; raises ``_Reject``
    for ``state_survives_reset`` or an environment that fails on a replay."""
    winners = [e for e in episodes if e.hinted and e.success and e.status == "ok"]
    if not winners:
        return [], {}
    flags: list[str] = []
    evidence: dict[str, Any] = {}
    best = winners[0]
    fresh = await _replay(sandbox, env, best.seed, best.turns, "winning")
    losers = [e for e in episodes if not e.success and e.status in ("ok", "max_turns")]
    warm_turns = losers[0].turns if losers else [Turn(action="")]
    warm_seed = losers[0].seed if losers else best.seed
    source = env.proposal.source
    try:
        warm = await sandbox.open_env(source, entropy=best.seed)
    except SandboxError as exc:
        raise _Reject(_sandbox_reason(exc), f"load failed: {exc}", _error_evidence(exc)) from None
    try:
        await _replay(sandbox, env, warm_seed, warm_turns, "reset", warm=warm)
        again = await _replay(sandbox, env, best.seed, best.turns, "reset", warm=warm)
    finally:
        with trio.CancelScope(shield=True):
            await warm.aclose()
    if again.success != fresh.success:
        raise _Reject(
            "state_survives_reset",
            f"the winning episode (seed {best.seed}) replayed after another episode on the same "
            f"instance {'won' if again.success else 'lost'}, on a fresh instance "
            f"{'won' if fresh.success else 'lost'}: state survives reset()",
            {"seed": best.seed, "actions": [t.action for t in best.turns][:20]},
        )
    if replay_seeds:
        wins = [
            (await _replay(sandbox, env, s, best.turns, "constant")).success for s in replay_seeds
        ]
        if sum(wins) >= math.ceil(0.75 * len(wins)):
            flags.append("constant_solution")
            evidence["constant_solution"] = {
                "actions": [t.action for t in best.turns][:20],
                "seeds": replay_seeds,
                "wins": sum(wins),
            }
    return flags, evidence


# --------------------------------------------------------------------------- hint probe


async def hint_wins(
    source: str,
    hint: str,
    sandbox: Any,
    max_turns: int,
    threshold: float,
    seeds: Sequence[int] = (0, 1),
) -> bool:
    """Whether the hint states the answer: answering its literal text, or one piece of it
    (a quoted span, a word, a number), every turn wins.

    Every try runs on a fresh instance, as play does (state kept across ``reset()`` cannot
    hide a leak).

    Args:
        source: the environment program.
        hint: the hint text.
        sandbox: an open ``sandbox_wasm.Sandbox``.
        max_turns: the environment's ``MAX_TURNS``.
        threshold: its success threshold.
        seeds: seeds tried. The whole hint counts when it wins on any seed; a piece of it
            only when it wins on every seed (a lucky word is not the answer).

    Returns:
        ``True`` when such a policy succeeds, else ``False``.

    Raises:
        _Reject: the environment failed on a try (a probe that raises counts against it).
    """
    if not hint.strip():
        return False
    candidates = [(hint.strip(), False)] + [(p, True) for p in hint_pieces(hint)]

    env = EnvValidated(
        env_id="hint",
        proposal=EnvProposed(env_id="hint", source=source),
        description="",
        max_turns=max(1, max_turns),
        success_threshold=threshold,
    )

    async def wins(action: str, seed: int) -> bool:
        turns = [Turn(action=action)] * env.max_turns
        return (await _replay(sandbox, env, seed, turns, "hint")).success

    for action, is_piece in candidates:
        results = []
        for seed in seeds:
            won = await wins(action, seed)
            results.append(won)
            if is_piece and not won:
                break
            if not is_piece and won:
                return True
        if is_piece and len(results) == len(seeds) and all(results):
            return True
    return False


# --------------------------------------------------------------------------- the call tree


def _probe_budget(what: str, config: CriticConfig) -> tuple[str, str, dict[str, Any]]:
    return (
        "timeout",
        f"the {what} ran past critic.validation_budget_s={config.validation_budget_s:g} "
        "(every call was under the per-call deadline)",
        {"budget": "critic.validation_budget_s", "probe": what},
    )


_log = logging.getLogger("actors.critic")


async def score_env(
    proposal: EnvProposed,
    *,
    sandbox: Any,
    agent: Any,
    config: CriticConfig = CriticConfig(),
    agent_config: AgentConfig = AgentConfig(),
    hinter: HintSource | None = None,
    rng: random.Random | None = None,
    is_duplicate: DuplicateTest | None = None,
    limiter: trio.CapacityLimiter | None = None,
    episodes: list[EpisodeFinished] | None = None,
    validated: list[EnvValidated] | None = None,
) -> EnvScored | EnvRejected | EnvValidated:
    """Validate, hint, play 2K episodes and score one environment (module docstring).

    A failure of the Critic's own code on some design (a bug of ours, not the program's nor
    the agent's) is contained: logged with its traceback and returned as the rejection
    ``critic_error`` (the learner trains on nothing of it), so one design cannot stop a run
    (2026-12-04: a hint with table labels and no keyed entry raised ``ValueError`` out of the
    relabelled-table reader, ``tests/data/attack/s24``).

    Args:
        proposal: the design (source, hint, ids, the designer's tokens); a ``parse_error``
            is an ``unparseable`` rejection.
        sandbox: an open ``sandbox_wasm.Sandbox``.
        agent: an ``actors.agent`` agent (``PolicyAgent``/``ScriptedAgent``), or ``None`` to
            validate only (then the result is ``EnvValidated`` or ``EnvRejected``).
        config: the ``[critic]`` section (k, interval, budgets, replay checks).
        agent_config: the ``[agent]`` section (turn cap, token and sandbox budgets).
        hinter: the hint source; ``None``: the proposal's hint, else the program's ``HINT``.
        rng: draws the scoring and replay seeds (default ``Random(config.episode_seed)``).
        is_duplicate: the archive's near-duplicate test, or ``None`` to skip it.
        limiter: bounds the episodes played at once (default: ``agent_config.concurrency``).
        episodes: when given, every played episode is appended (for the learner, reports).
        validated: when given, the ``EnvValidated`` verdict is appended (reports).

    Returns:
        ``EnvScored`` (regret, interval, flags), or ``EnvRejected`` with a named reason
        (validation reasons, ``env_error``, ``not_measured``, ``state_survives_reset``, a
        replay probe's ``crash``/``timeout``), or with ``agent=None`` the ``EnvValidated``.
        Never raises for anything the program or the agent does.

    Raises:
        engine.errors.SandboxError: only for a sandbox that is itself broken (closed).

    Cancellation: cancellable at any await; instances are closed.
    """
    try:
        return await _score_env(
            proposal,
            sandbox=sandbox,
            agent=agent,
            config=config,
            agent_config=agent_config,
            hinter=hinter,
            rng=rng,
            is_duplicate=is_duplicate,
            limiter=limiter,
            episodes=episodes,
            validated=validated,
        )
    except SandboxError:
        raise
    except Exception as exc:
        _log.exception("the Critic failed on %s; rejected as critic_error", proposal.env_id)
        return EnvRejected(
            env_id=proposal.env_id,
            group_id=proposal.group_id,
            reason="critic_error",
            detail=f"the Critic's own check failed: {type(exc).__name__}: {str(exc)[:300]}",
            evidence={"traceback": traceback.format_exc()[-4000:]},
            proposal=proposal,
        )


async def _score_env(
    proposal: EnvProposed,
    *,
    sandbox: Any,
    agent: Any,
    config: CriticConfig,
    agent_config: AgentConfig,
    hinter: HintSource | None,
    rng: random.Random | None,
    is_duplicate: DuplicateTest | None,
    limiter: trio.CapacityLimiter | None,
    episodes: list[EpisodeFinished] | None,
    validated: list[EnvValidated] | None,
) -> EnvScored | EnvRejected | EnvValidated:
    """:func:`score_env`'s work, whose own failures it contains."""
    if rng is None:
        rng = random.Random(config.episode_seed)

    def reject(reason: str, detail: str, evidence: dict[str, Any]) -> EnvRejected:
        return EnvRejected(
            env_id=proposal.env_id,
            group_id=proposal.group_id,
            reason=reason,
            detail=detail,
            evidence=_jsonable(evidence),
            proposal=proposal,
        )

    if proposal.parse_error:
        return reject("unparseable", proposal.parse_error, {})
    v = await inspect_env(
        proposal.source,
        proposal.hint,
        sandbox,
        config,
        is_duplicate=is_duplicate,
        proposal=proposal,
        max_turns_cap=agent_config.max_turns_cap,
        rng=rng,
    )
    if isinstance(v.verdict, EnvRejected) or agent is None:
        return v.verdict
    env: EnvValidated = v.verdict
    if validated is not None:
        validated.append(env)
    if hinter is not None:
        issued = await hinter.hint_for(env)
    else:
        issued = HintIssued(
            env_id=env.env_id, env=env, hint=v.hint, origin="designer" if v.hint else "none"
        )
    hint = issued.hint
    k = config.k
    seeds = draw_seeds(rng, k + config.replay_seeds)
    score_seeds, replay_seeds = seeds[:k], seeds[k:]
    literal = False
    try:
        with trio.move_on_after(config.validation_budget_s) as probes:
            literal = await hint_wins(
                env.proposal.source,
                hint,
                sandbox,
                env.max_turns,
                env.success_threshold,
                seeds=score_seeds[:2],
            )
    except _Reject as rej:
        return reject(rej.reason, f"hint probe: {rej.detail}", rej.evidence)
    if probes.cancelled_caught:
        return reject(*_probe_budget("hint probe", config))

    played: dict[tuple[bool, int], EpisodeFinished] = {}
    limit = limiter or trio.CapacityLimiter(agent_config.concurrency)
    from actors.agent import play_episode

    async def one(hinted: bool, i: int) -> None:
        tag = "h" if hinted else "n"
        req = EpisodeRequested(
            episode_id=f"{env.env_id}:{tag}{i}",
            env_id=env.env_id,
            group_id=f"{env.env_id}:{'hint' if hinted else 'nohint'}",
            source=env.proposal.source,
            description=env.description,
            tools=env.tools,
            max_turns=env.max_turns,
            success_threshold=env.success_threshold,
            seed=score_seeds[i],
            hint=hint if hinted else None,
            purpose="score",
            group_size=k,
        )
        async with limit:
            played[(hinted, i)] = await play_episode(req, sandbox, agent, agent_config)

    async with trio.open_nursery() as nursery:
        for hinted in (False, True):
            for i in range(k):
                nursery.start_soon(one, hinted, i)
    eps = [played[(h, i)] for h in (False, True) for i in range(k)]
    if episodes is not None:
        episodes.extend(eps)

    env_errors = [e for e in eps if e.status == "env_error"]
    if env_errors:
        first = env_errors[0]
        return reject(
            "env_error",
            f"the environment failed in {len(env_errors)} of {len(eps)} scoring episodes "
            f"(first, seed {first.seed}: {first.reason[:300]})",
            {
                "episodes": len(eps),
                "env_errors": len(env_errors),
                "seed": first.seed,
                "hinted": first.hinted,
                "actions": [t.action for t in first.turns][-20:],
                "message": first.reason[:2000],
            },
        )
    without, with_, dropped = measured_successes(eps)
    if not enough_measured(eps, k):
        return reject(
            "not_measured",
            f"{len(dropped)} of {len(eps)} episodes (K = {k} with the hint and {k} without) "
            "failed on the policy side "
            f"(first: {dropped[0].reason if dropped else '?'})",
            {"policy_errors": len(dropped), "episodes": len(eps)},
        )
    flags: list[str] = []
    evidence: dict[str, Any] = {}
    if sum(with_) / len(with_) > sum(without) / len(without):
        try:
            with trio.move_on_after(config.validation_budget_s) as replays:
                flags, evidence = await _integrity(
                    sandbox, env, hint, eps, config, replay_seeds, rng
                )
        except _Reject as rej:
            return reject(rej.reason, rej.detail, rej.evidence)
        if replays.cancelled_caught:
            return reject(*_probe_budget("integrity replays", config))
        try:
            gated, gate_evidence = await _information_gate(
                sandbox,
                env,
                hint,
                eps,
                agent=agent,
                config=config,
                agent_config=agent_config,
                rng=rng,
                limit=limit,
            )
        except _Reject as rej:
            return reject(rej.reason, rej.detail, rej.evidence)
        if gated:
            flags.append("information_gate")
            evidence["information_gate"] = gate_evidence
    score = regret_score(
        env,
        without,
        with_,
        config,
        hint=hint,
        hint_origin=issued.origin,
        answer=v.answer,
        hint_literal_wins=literal,
        answer_seen=answer_in_observations(eps, v.answer),
        extra_flags=flags,
    )
    if evidence:
        score = msgspec.structs.replace(score, evidence=_jsonable(evidence))
    return score
