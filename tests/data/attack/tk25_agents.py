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
