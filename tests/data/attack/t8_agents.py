"""Scripted agents of a seventh tester (h49-h53): (observations, hint, rng, memory) -> str."""
import re
import unicodedata


def table_numeric(obs, hint, rng, mem):
    """Hinted: the vault's entry, every numeric character read by its numeric value (what a
    reader of 七三九九 or ❼❸❾❾ or ٧٬٣٩٩ sees). Unhinted: a random 4-digit code."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        entry = re.search(rf"vault {v} opens with (.+?)(?:, vault|\.$)", hint).group(1)
        out = ""
        for ch in entry:
            n = unicodedata.numeric(ch, None)
            if n is not None and n == int(n) and 0 <= n <= 9:
                out += str(int(n))
        return out
    return str(rng.randrange(1000, 10000))


def table_word_visible(obs, hint, rng, mem):
    """Hinted: the door's entry with every invisible character (Cf, Mn ignorables like U+034F,
    variation selectors, Hangul fillers, braille blank) dropped. Unhinted: a common word."""
    v = re.search(r"door (\d+)", obs[0]).group(1)
    if hint:
        entry = re.search(rf"door {v} opens with (.+?)(?:, door|\.$)", hint).group(1)
        return "".join(ch for ch in entry if ch.isascii())
    return rng.choice(["open", "password", "hello", "friend"])
