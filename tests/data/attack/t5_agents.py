"""Scripted agents for h37-h41 (a fourth tester's, 2026-12-01): (observations, hint, rng, memory) -> str."""
import re


def _sum(obs):
    a, b = map(int, [m for o in obs for m in re.findall(r"(\d+)\+(\d+)", o)][-1])
    return str(a + b)


def quoted(obs, hint, rng, mem):
    """Hinted: the hint's quoted word (or its 4-digit code), then the sum. Unhinted: the sum."""
    if hint and len(obs) == 1:
        m = re.search(r"'([^']+)'", hint) or re.search(r"\b(\d{4})\b", hint)
        return m.group(1)
    return _sum(obs)


def prefixed(obs, hint, rng, mem):
    """Hinted: the hint's quoted prefix glued to the sum. Unhinted: the sum."""
    if hint:
        return re.search(r"'([^']+)'", hint).group(1) + _sum(obs)
    return _sum(obs)


def suffixed(obs, hint, rng, mem):
    """Hinted: the sum with the hint's quoted suffix. Unhinted: the sum."""
    if hint:
        return _sum(obs) + re.search(r"'([^']+)'", hint).group(1)
    return _sum(obs)
