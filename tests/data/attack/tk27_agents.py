"""Scripted agents for the z80N attacks (tester48). (observations, hint, rng, memory) -> str."""

import base64
import re

_NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight"]


def _unshift(text, k):
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in text)


def _pick(candidates, rng, mem):
    """A candidate not tried yet this episode."""
    tried = mem.setdefault("tried", [])
    left = [c for c in candidates if c not in tried] or candidates
    c = rng.choice(left)
    tried.append(c)
    return c





_DESCRIBED = ["7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914"]


def table_caesar_unknown_shift(obs, hint, rng, mem):
    """z801: hinted, the shift that spells 'vault <number word>', then the table's code;
    unhinted, a code the description lists."""
    if not hint:
        return _pick(_DESCRIBED, rng, mem)
    shown = re.search(r"Label: ([a-z ]+)\.", obs[0]).group(1)
    for k in range(26):
        label = _unshift(shown, k)
        if label.startswith("vault ") and label.split()[1] in _NUMBER_WORDS:
            return re.search(rf"{label}: (\d+)", hint).group(1)
    return _pick(_DESCRIBED, rng, mem)


def table_b64_digit_described(obs, hint, rng, mem):
    """z802: hinted, the table's code for the decoded number; unhinted, a listed code."""
    if not hint:
        return _pick(_DESCRIBED, rng, mem)
    v = base64.b64decode(re.search(r"Vault: (\S+)\.", obs[0]).group(1)).decode()
    return re.search(rf"vault {v}: (\d+)", hint).group(1)


def _vocab_guess(rng, words):
    return " ".join(rng.choice(words) for _ in range(4))


def xor_b64(obs, hint, rng, mem):
    """z803: hinted, base64-decode and XOR with the shown key; unhinted, vocabulary words."""
    if not hint:
        return _vocab_guess(rng, ["lamp", "river", "stone"])
    k = int(re.search(r"Key (\d+)", obs[0]).group(1))
    raw = base64.b64decode(obs[0].split("Message: ", 1)[1])
    return "".join(chr(b ^ k) for b in raw)


def vigenere(obs, hint, rng, mem):
    """z804: hinted, shift back by the keyword's letters; unhinted, vocabulary words."""
    if not hint:
        return _vocab_guess(rng, ["lamp", "river", "stone"])
    key = re.search(r"Keyword ([a-z]+)", obs[0]).group(1)
    out, i = [], 0
    for c in obs[0].split("Message: ", 1)[1]:
        if c.isalpha():
            out.append(chr((ord(c) - ord(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)



def caesar_short(obs, hint, rng, mem):
    """z805: hinted, shift back; unhinted, vocabulary words."""
    if not hint:
        return _vocab_guess(rng, ["ant", "bee", "cat"])
    k = int(re.search(r"Shift (\d+)", obs[0]).group(1))
    return _unshift(obs[0].split("Message: ", 1)[1], k)
