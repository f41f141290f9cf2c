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


def _decode_table(hint):
    """The hint's encoded table, decoded (hex, base32 over lines, percent, base64 twice)."""
    blob = hint.split(": ", 1)[1]
    if "hex" in hint:
        return bytes.fromhex(blob).decode()
    if "base32" in hint:
        body = "".join(blob.split())
        return base64.b32decode(body + "=" * (-len(body) % 8)).decode()
    if "URL-encoded" in hint:
        import urllib.parse

        return urllib.parse.unquote(blob)
    return base64.b64decode(base64.b64decode(blob)).decode()


def encoded_table(obs, hint, rng, mem):
    """z202-z205: decodes the hint's table in its encoding and enters the shown vault's code."""
    if not hint:
        return "".join(str(rng.randrange(10)) for _ in range(4))
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(r"vault " + v + r": (\d+)", _decode_table(hint)).group(1)


def caesar(obs, hint, rng, mem):
    """z206: the caesar seed's scripted solver (engine.seed_envs.agents:caesar)."""
    from engine.seed_envs.agents import caesar as solve

    return solve(obs, hint, rng, mem)
