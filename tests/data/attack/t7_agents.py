"""Scripted agents of a sixth tester (h43-h48, f14): (observations, hint, rng, memory) -> str."""
import re


def table_digits(obs, hint, rng, mem):
    """Hinted: the vault's entry of the hint's table, its digits (any script) read as ASCII.
    Unhinted: a random 4-digit code."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        entry = re.search(rf"vault {v} opens with (.+?)(?:, vault|\.$)", hint).group(1)
        return "".join(str(int(ch)) for ch in entry if ch.isdigit())
    return str(rng.randrange(1000, 10000))


def table_word(obs, hint, rng, mem):
    """Hinted: the door's entry of the hint's table, invisible format characters dropped (what
    a reader sees). Unhinted: a common word."""
    import unicodedata
    v = re.search(r"door (\d+)", obs[0]).group(1)
    if hint:
        entry = re.search(rf"door {v} opens with (.+?)(?:, door|\.$)", hint).group(1)
        return "".join(ch for ch in entry if unicodedata.category(ch) != "Cf")
    return rng.choice(["open", "password", "hello", "friend"])


def ness(obs, hint, rng, mem):
    """Hinted: adjective + 'ness'. Unhinted: a plausible wrong suffix."""
    v = re.search(r"'(\w+)'", obs[0]).group(1)
    if hint:
        return v + "ness"
    return v + rng.choice(["ity", "th", "ment"])
