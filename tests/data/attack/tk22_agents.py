"""Scripted agents for tester45's z4NN attacks. Hinted, they follow the hint; unhinted, they
guess. (observations, hint, rng, memory) -> str."""

import base64
import html
import json
import re


def _guess(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def _table(hint):
    """The hint's table, decoded (z401-z409)."""
    blob = hint.split(": ", 1)[1]
    if "comma-separated" in hint:
        return bytes.fromhex(blob.replace(",", "")).decode()
    if "JSON" in hint:
        return json.loads(blob)
    if "HTML" in hint:
        return html.unescape(blob)
    if "UTF-16LE" in hint:
        return base64.b64decode(blob).decode("utf-16-le")
    if "bit string" in hint:
        return bytes(int(blob[i : i + 8], 2) for i in range(0, len(blob), 8)).decode()
    if "dots" in hint:
        return bytes(int(n) for n in blob.split(".")).decode()
    if "hyphens" in hint:
        return base64.b64decode(blob.replace("-", "")).decode()
    if "unpadded" in hint:
        return "; ".join(
            f"vault {k}: " + base64.b64decode(v + "=" * (-len(v) % 4)).decode()
            for k, v in re.findall(r"vault (\d+): (\w+)", blob)
        )
    if "octal" in hint:
        return bytes(int(n, 8) for n in blob.split()).decode()
    raise ValueError(hint)


def encoded_table(obs, hint, rng, mem):
    """z401-z409: decodes the table and enters the shown vault's code."""
    if not hint:
        return _guess(rng)
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(r"vault " + v + r": (\d+)", _table(hint)).group(1)
