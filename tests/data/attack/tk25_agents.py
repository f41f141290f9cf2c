"""Scripted agents for the z69N attacks (session 26). (observations, hint, rng, memory) -> str."""

import re


def table(obs, hint, rng, mem):
    """z690: hinted, the table's word for the shown vault; unhinted, a decoded candidate."""
    v = int(re.search(r"Vault (\d+)", obs[0]).group(1))
    if hint:
        m = re.search(rf"vault {v} (\w+)", hint)
        return m.group(1)
    codes = [int(n) for n in re.findall(r"\d+", obs[0].split(":", 1)[1])]
    k = min(codes) - 32
    words = "".join(chr(c - k) for c in codes).split()
    return rng.choice(words)


def caesar(obs, hint, rng, mem):
    """z691: hinted, every letter back by the shown shift; unhinted, three vocabulary words."""
    k = int(re.search(r"Shift (\d+)", obs[0]).group(1))
    msg = obs[0].split("Message: ", 1)[1]
    if not hint:
        return " ".join(rng.choice(["lamp", "river", "stone"]) for _ in range(3))
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in msg)


def password(obs, hint, rng, mem):
    """z692: hinted, the hint's password; unhinted, a guess."""
    if hint:
        return hint.rsplit(" ", 1)[1].rstrip(".")
    return rng.choice(["open", "sesame", "please", "door"])
