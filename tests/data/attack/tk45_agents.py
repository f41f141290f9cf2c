"""Scripted agents for the d01-d2N attacks (tester64). (observations, hint, rng, memory) -> str."""

import re

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_A = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_B = ["TAXI", "BARN", "WISP", "GLOW", "REED", "TUSK", "VANE", "JOLT"]
_C = ["MULE", "OATH", "QUAY", "RIND", "ZEST", "YARN", "KNOB", "FERN"]
_D = ["TANGO", "BARNS", "WISPY", "GLOBE", "REEDS", "TUSKS", "VANES", "JOLTS"]


def fn(obs, hint, rng, mem):
    """Hinted, the shown crate's code from the hint's ``crate: CODE`` table; unhinted (the
    agent is not shown the description), one of the codes the designs offer that crate: its
    code in each stated or shown table, or a code of the eight taken at random (a pairing the
    task does not state)."""
    crate = re.search(r"You hold an? ([a-z]+(?: [a-z]+)?) crate", obs[0]).group(1)
    if hint:
        found = re.search(rf"\b{crate}: (\w+)", hint)
        if found:
            return found.group(1)
    i = _F.index(crate.split()[-1])
    return rng.choice([_A[i], _B[i], _C[i], _D[i], rng.choice(_A)])
