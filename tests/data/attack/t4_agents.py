"""Agents of a fourth tester's attacks (h28): follow the hint, else guess."""

import itertools
import json
import re


def copy_bracket(obs, hint, rng, mem):
    if hint:
        return re.search(r"\[(\w+)\]", obs[0]).group(1)
    return rng.choice(["yes", "no", "word"])


def question_then_solve(obs, hint, rng, mem):
    """Hinted: a solver of increasing triples. Unhinted: first asks a question (as chat
    models do), then the same solver."""
    if not hint and len(obs) == 1:
        return "Can the digits repeat?"
    cands = mem.setdefault("c", ["".join(c) for c in itertools.combinations("123456789", 3)])
    last = mem.get("last")
    if last is not None:
        m = re.match(r"(\d) digit", obs[-1])
        if m:
            k = int(m.group(1))
            mem["c"] = cands = [c for c in cands if sum(x == y for x, y in zip(c, last)) == k]
    guess = cands[0] if cands else "123"
    mem["last"] = guess
    return guess


def _vault(obs):
    return re.search(r"vault (\d+)", obs[0]).group(1)


def _entry(hint, v):
    return re.search(rf"vault {v}: ([^,.\s]+)", hint).group(1)


def table_code(obs, hint, rng, mem):
    """Copies the vault's code exactly as the hint writes it (fullwidth digits too)."""
    if hint:
        return _entry(hint, _vault(obs))
    return str(rng.randrange(1000, 10000))


def table_word(obs, hint, rng, mem):
    if hint:
        return _entry(hint, _vault(obs))
    return rng.choice(["password", "open", "sesame", "vault"])


def _keypad(obs, hint, rng, call):
    if len(obs) == 1:
        code = _entry(hint, _vault(obs)) if hint else str(rng.randrange(1000, 10000))
        return json.dumps(call(code))
    return "open"


def keys_as_strings(obs, hint, rng, mem):
    return _keypad(obs, hint, rng, lambda c: {"tool": "press", "arguments": {"keys": list(c)}})


def keys_as_ints(obs, hint, rng, mem):
    return _keypad(
        obs, hint, rng, lambda c: {"tool": "press", "arguments": {"keys": [int(d) for d in c]}}
    )


def code_as_float(obs, hint, rng, mem):
    return _keypad(obs, hint, rng, lambda c: {"tool": "enter", "arguments": {"code": float(c)}})


def _guard_sum(obs):
    a, b = map(int, re.findall(r"(\d+)\+(\d+)", obs[0])[0])
    return a + b


def suffix_from_hint(obs, hint, rng, mem):
    """Hinted: the sum with the suffix the hint quotes glued on; unhinted: the plain sum."""
    if hint:
        suffix = re.search(r"with '([^']+)'", hint).group(1)
        return f"{_guard_sum(obs)}{suffix}"
    return str(_guard_sum(obs))


def arrow(obs, hint, rng, mem):
    """Hinted: the direct move FROM->TO; unhinted: the move backwards (a loss)."""
    src, dst = re.findall(r"peg (?:is )?([ABC])", obs[0])[:2]
    return f"{src}->{dst}" if hint else f"{dst}->{src}"


def power(obs, hint, rng, mem):
    """Hinted: k*x**2 (the stated Python syntax); unhinted: a random linear guess."""
    t = int(re.search(r"(\d+)\.$", obs[0]).group(1))
    return f"{t // 4}*x**2" if hint else f"{rng.randint(1, 40)}*x+{rng.randint(0, 9)}"


def suffix_curly(obs, hint, rng, mem):
    """Hinted: the sum with the suffix the hint quotes in typographic quotes; unhinted: the sum."""
    if hint:
        return f"{_guard_sum(obs)}" + re.search("with \u201c([^\u201d]+)\u201d", hint).group(1)
    return str(_guard_sum(obs))


def bold_sum(obs, hint, rng, mem):
    """Hinted: the sum, bolded in the hint's markdown style; unhinted: an off-by-ten slip."""
    a, b = map(int, re.findall(r"(\d+)\+(\d+)", obs[0])[0])
    return f"**{a + b}**" if hint else str(a + b + 10)
