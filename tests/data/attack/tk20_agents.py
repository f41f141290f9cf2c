"""Scripted agents for tester42's z2NN attacks. Hinted, they follow the hint; unhinted, they
guess. (observations, hint, rng, memory) -> str."""

import base64
import re


def b64_table(obs, hint, rng, mem):
    """z201: decodes the hint's base64 table and enters the shown vault's code."""
    if not hint:
        return "".join(str(rng.randrange(10)) for _ in range(4))
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    table = base64.b64decode(hint.rsplit(" ", 1)[-1]).decode()
    return re.search(r"vault " + v + r": (\d+)", table).group(1)
