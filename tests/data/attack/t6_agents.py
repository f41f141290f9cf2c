"""Scripted agents for f11-f13 (a fifth tester's method hints, 2026-12-01): (observations, hint, rng, memory) -> str."""
import itertools, re

ALL = ["".join(p) for p in itertools.product("123456", repeat=4)]


def _mm_score(g, s):
    b = sum(x == y for x, y in zip(g, s))
    w = sum(min(g.count(d), s.count(d)) for d in "123456") - b
    return b, w


def mastermind(obs, hint, rng, mem):
    if not hint:  # no method: random codes, written spaced as many LMs do
        return " ".join(rng.choice("123456") for _ in range(4))
    if len(obs) == 1:
        return re.search(r"\b(\d{4})\b", hint).group(1)
    cands = ALL
    for o in obs[1:]:
        m = re.match(r"(\d{4}): (\d) blacks, (\d) whites", o)
        if m:
            g, b, w = m.group(1), int(m.group(2)), int(m.group(3))
            cands = [c for c in cands if _mm_score(g, c) == (b, w)]
    return rng.choice(cands) if cands else "1234"


def kilo(obs, hint, rng, mem):
    """Hinted: the kilograms with the hint's three zeros. Unhinted: a guess at the factor (x100)."""
    kg = re.search(r"Keeper: (\d+) kg", obs[0]).group(1)
    if hint:
        return kg + "000"
    return str(int(kg) * rng.choice([10, 100]))


def participle(obs, hint, rng, mem):
    """Hinted: verb + 'ing'. Unhinted: a past or third-person form (a plausible wrong guess)."""
    v = re.search(r"'(\w+)'", obs[0]).group(1)
    if hint:
        return v + "ing"
    return v + rng.choice(["ed", "s"])


ALLC = ["".join(p) for p in itertools.product("RGBYOP", repeat=4)]
