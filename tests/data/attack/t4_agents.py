"""Agents of a fourth tester's attacks (h28): follow the hint, else guess."""

import re


def copy_bracket(obs, hint, rng, mem):
    if hint:
        return re.search(r"\[(\w+)\]", obs[0]).group(1)
    return rng.choice(["yes", "no", "word"])
