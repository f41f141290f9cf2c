"""Tester-b's scripted agent for h107: (observations, hint, rng, memory) -> str."""
import re


def pairs(obs, hint, rng, mem):
    """The vault's code from the hint, typed in pairs ("73 99"); unhinted, a random one."""
    if hint:
        v = re.search(r"vault (\d+)", obs[0]).group(1)
        c = re.search(rf"vault {v}: (\d+);", hint).group(1)
    else:
        c = str(rng.randrange(1000, 10000))
    return c[:2] + " " + c[2:]
