"""Scripted agents for the labelled suite: each uses the hint when given one.

Signature (``python -m engine.score --agent``): ``(observations, hint, rng, memory) -> str``.
"""

import re


def bisect_agent(observations, hint, rng, memory):
    """Binary search when the hint says so, else random guesses."""
    if hint and "binary search" in hint.lower():
        lo, hi = memory.setdefault("range", [1, 100])
        last = observations[-1]
        if "guess" in memory:
            g = memory["guess"]
            if last == "higher":
                lo = g + 1
            elif last == "lower":
                hi = g - 1
        memory["range"] = [lo, hi]
        memory["guess"] = (lo + hi) // 2
        return str(memory["guess"])
    return str(rng.randint(1, 100))


def caesar_agent(observations, hint, rng, memory):
    """Shifts back by the number the hint names, else repeats the code."""
    code = observations[0].split("] ", 1)[1]
    m = re.search(r"shifted forward by (\d+)", hint or "")
    if m:
        k = int(m.group(1))
        return "".join(chr((ord(c) - 97 - k) % 26 + 97) for c in code)
    return code


def coin_agent(observations, hint, rng, memory):
    """Guesses."""
    return rng.choice(["heads", "tails"])


def colour_agent(observations, hint, rng, memory):
    """Follows the hint (longest name) or guesses."""
    if hint:
        return "green"
    return rng.choice(["red", "green", "blue"])


def sum_agent(observations, hint, rng, memory):
    """Adds the numbers."""
    a, b = map(int, re.findall(r"\d+", observations[0])[:2])
    return str(a + b)


def vault_agent(observations, hint, rng, memory):
    """Types the digits in the hint, else a random code."""
    m = re.search(r"\d{4}", hint or "")
    return m.group(0) if m else f"{rng.randint(0, 9999):04d}"


def raising_agent(observations, hint, rng, memory):
    """Raises on its second turn (bad-input test)."""
    if len(observations) > 1:
        raise RuntimeError("agent bug")
    return "1"


def non_string_agent(observations, hint, rng, memory):
    """Returns an int (bad-input test)."""
    return 42


AGENTS = {
    "learnable_bisect": bisect_agent,
    "learnable_caesar": caesar_agent,
    "coin_flip": coin_agent,
    "impossible": colour_agent,
    "trivial": sum_agent,
    "leaky_hint": vault_agent,
}
"""Labelled environment file stem -> its scripted agent."""


_BY_TAG = {
    "[bisect]": bisect_agent,
    "[caesar]": caesar_agent,
    "[coin]": coin_agent,
    "[colour]": colour_agent,
    "[sum]": sum_agent,
    "[vault]": vault_agent,
}


def labelled_agent(observations, hint, rng, memory):
    """Plays any labelled environment: picks the scripted agent by the first observation's tag."""
    tag = observations[0].split(" ", 1)[0]
    return _BY_TAG[tag](observations, hint, rng, memory)
