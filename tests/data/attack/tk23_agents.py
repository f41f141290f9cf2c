"""Scripted agents for tester46's z5NN attacks. Hinted, they follow the hint's method;
unhinted, they guess. (observations, hint, rng, memory) -> str."""

import re


def _guess(rng):
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(12))


def code_cipher(obs, hint, rng, mem):
    """z501-z502: the key is the smallest code minus 32; subtract it and read ASCII."""
    if not hint:
        return _guess(rng)
    codes = [int(n) for n in re.findall(r"\d+", obs[0].split(":", 1)[1])]
    k = min(codes) - 32
    return "".join(chr(c - k) for c in codes)
