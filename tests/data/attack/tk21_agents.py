"""Scripted agents for tester44's z3NN attacks. Hinted, they follow the hint; unhinted, they
guess. (observations, hint, rng, memory) -> str."""

import base64
import re


def _guess(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def _table(hint):
    """The hint's table, decoded (z301, z302, z303)."""
    if "Piece 1:" in hint:
        return base64.b64decode("".join(re.findall(r"Piece \d+: (\S+)\.", hint))).decode()
    if "0x" in hint:
        return bytes(int(h, 16) for h in re.findall(r"0x([0-9a-f]{2})", hint)).decode()
    blob = hint.rsplit(": ", 1)[1].replace("\u200b", "")
    return base64.b64decode(blob).decode()


def encoded_table(obs, hint, rng, mem):
    """z301, z302, z303: decodes the table and enters the shown vault's code."""
    if not hint:
        return _guess(rng)
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(r"vault " + v + r": (\d+)", _table(hint)).group(1)



def caesar(obs, hint, rng, mem):
    """z305: the caesar seed's scripted solver (engine.seed_envs.agents:caesar)."""
    from engine.seed_envs.agents import caesar as solve

    return solve(obs, hint, rng, mem)


def encoded_table_more(obs, hint, rng, mem):
    """z305-z309: decodes the table (character codes, byte escapes, soft hyphens, quoted
    pieces, binary) and enters the shown vault's code."""
    if not hint:
        return _guess(rng)
    if "character codes" in hint:
        table = bytes(int(n) for n in re.findall(r"\d+", hint.split(":", 1)[1])).decode()
    elif "\\x" in hint:
        table = bytes(int(h, 16) for h in re.findall(r"\\x([0-9a-f]{2})", hint)).decode()
    elif "bits" in hint:
        table = bytes(int(n, 2) for n in re.findall(r"[01]{8}", hint)).decode()
    elif "quoted" in hint or '"' in hint:
        table = base64.b64decode("".join(re.findall(r'"([^"]+)"', hint))).decode()
    else:
        table = base64.b64decode(hint.rsplit(": ", 1)[1].replace("\u00ad", "")).decode()
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(r"vault " + v + r": (\d+)", table).group(1)
