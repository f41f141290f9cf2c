"""Scripted agents for tester51's z96N attacks. (observations, hint, rng, memory) -> str."""

import re

_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g",
    "....": "h", "..": "i", ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n",
    "---": "o", ".--.": "p", "--.-": "q", ".-.": "r", "...": "s", "-": "t", "..-": "u",
    "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
}  # fmt: skip
_GERMAN = ["eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht"]
_MORSE_DIGITS = [".----", "..---", "...--", "....-", ".....", "-....", "--...", "---.."]


def _atbash(text):
    return "".join(chr(219 - ord(c)) if "a" <= c <= "z" else c for c in text)


def _caesar(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if "a" <= c <= "z" else c for c in text)


def atbash(obs, hint, rng, mem):
    """z961: hinted, mirror every letter; unhinted, a guessed Caesar shift of the cipher text."""
    ct = obs[0].split("Cipher text: ", 1)[1]
    return _atbash(ct) if hint else _caesar(ct, rng.randrange(1, 26))


def morse(obs, hint, rng, mem):
    """z962: hinted, read the Morse code; unhinted, echo what was shown."""
    ct = obs[0].split("Encoded: ", 1)[1]
    if not hint:
        return ct
    return " ".join("".join(_MORSE[x] for x in w.split()) for w in ct.split(" / "))


def vault(obs, hint, rng, mem):
    """z963, z964: hinted, the shown vault's password from the hint's table, read back from
    Atbash; unhinted, a common password."""
    if not hint:
        return rng.choice(["open", "password", "sesame", "please"])
    o = obs[0]
    if "Tresor" in o:
        v = _GERMAN.index(o.split("Tresor ")[1].rstrip(".")) + 1
    else:
        v = _MORSE_DIGITS.index(o.split(": ")[1].strip()) + 1
    return _atbash(re.search(rf"vault {v}: (\w+)", hint).group(1))


_CODES = ["7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914"]
_SHOWN = [list("一二三四五六七八"), list("⚀⚁⚂⚃⚄⚅") + ["⚅⚀", "⚅⚁"]]


def listed_codes(obs, hint, rng, mem):
    """z965-z967: hinted, the code the hint's table gives the shown vault (read from a Chinese
    digit, a hex literal or a die face); unhinted, one of the listed codes."""
    if not hint:
        return rng.choice(_CODES)
    shown = re.search(r"vault (\S+?)\.$", obs[0]).group(1)
    if shown.startswith("0x"):
        v = int(shown, 16)
    else:
        v = next(s.index(shown) + 1 for s in _SHOWN if shown in s)
    return re.search(rf"vault {v}: (\d+)", hint).group(1)


_WORDS = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_PLURAL = {
    "cherries": "cherry", "berries": "berry", "peaches": "peach", "mangoes": "mango",
    "tomatoes": "tomato", "potatoes": "potato", "radishes": "radish", "lilies": "lily",
}  # fmt: skip


def crate(obs, hint, rng, mem):
    """z968, z969: hinted, the code the hint's table gives the shown key (read from its plural
    or backwards); unhinted, one of the listed codes."""
    if not hint:
        return rng.choice(_WORDS)
    o = obs[0]
    m = re.search(r"three (\w+)\.", o)
    key = _PLURAL[m.group(1)] if m else re.search(r"You hold a (\w+) ", o).group(1)[::-1]
    return re.search(rf"{key}: (\w+)", hint).group(1)
