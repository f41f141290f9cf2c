"""Scripted agents for tester33's t01-tNN (attacks on the relabelled-table route). Hinted, they
follow the hint; unhinted, they guess."""

import re

_ROM = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]


def _rand_code(rng):
    return "".join(str(rng.randrange(10)) for _ in range(4))


def _tally(entry):
    return "".join(str(len(g.strip())) for g in entry.strip(" .").split("/"))


def _body(hint):
    # the table part: after 'digit: ' / 'digit. ' up to the final '.'
    body = re.split(r"per digit[,:.]?[^:.]*?[:.] ", hint, maxsplit=1)[1]
    return body.split(". Ignore")[0].rstrip(".")


def positional(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    n = int(re.search(r"vault (\d+)", obs[0]).group(1))
    return _tally(_body(hint).split("; ")[n])


def _labelled(hint, label):
    return _tally(re.search(re.escape(label) + r"[^|]*?(\|[| /]*)", hint).group(1))


def other_word(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    n = re.search(r"vault (\d+)", obs[0]).group(1)
    return _labelled(hint, f"locker {n}:")


def vault_label(obs, hint, rng, mem):
    """'vault N' / 'VAULT-N' / 'vault [N]' / 'vault twenty-x' / Roman: read the label, look up
    'vault LABEL:' (or '[N]') in the hint."""
    if not hint:
        return _rand_code(rng)
    m = re.search(r"vault[ -]\[?([\w-]+?)\]?\.", obs[0], re.I)
    lab = m.group(1)
    if "[" in obs[0]:
        return _labelled(hint, f"[{lab}]")
    return _labelled(hint, f"vault {lab}:")


def dual(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    n = re.search(r"vault (\d+)", obs[0]).group(1)
    return _labelled(hint, f"vault {n} (")


def fruit_colon(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    f = re.search(r"You hold a (\w+)", obs[0]).group(1)
    return _labelled(hint, f"{f}:")


def fruit_after(obs, hint, rng, mem):
    if not hint:
        return _rand_code(rng)
    f = re.search(r"You hold a (\w+)", obs[0]).group(1)
    m = re.search(r"(?:^|[;.] )([| /]+) opens the " + f + " crate", hint)
    return _tally(m.group(1))


def _rule(stage_rule, w):
    if "reverse" in stage_rule:
        return w[::-1]
    if "sort" in stage_rule:
        return "".join(sorted(w))
    if "first letter" in stage_rule:
        return w[1:] + w[0]
    return "".join(c * 2 for c in w)


def stage_rules(obs, hint, rng, mem):
    m = re.search(r"Stage (\d+)\. Word: (\w+)", obs[0])
    w = m.group(2)
    if not hint:
        return rng.choice([w, w[::-1], w.upper()])
    rule = re.search(rf"stage {m.group(1)}: ([^;.]*)", hint).group(1)
    return _rule(rule, w)


def operators(obs, hint, rng, mem):
    m = re.search(r"Compute (\d+) (\w+) (\d+)", obs[0])
    a, op, b = int(m.group(1)), m.group(2), int(m.group(3))
    if not hint:
        return str(rng.choice([a + b, a * b, a - b]) + rng.choice([0, 1]))
    d = re.search(rf"{op}: ([^;.]*)", hint).group(1)
    if "add" in d:
        return str(a + b)
    if "multiply" in d:
        return str(a * b)
    if "subtract" in d:
        return str(a - b)
    return str(2 * max(a, b))


def digit_sum_product(obs, hint, rng, mem):
    m = re.search(r": (\d+) and (\d+)", obs[0])
    a, b = int(m.group(1)), int(m.group(2))
    if not hint:
        return str(rng.choice([a + b, (a * b) % 100, a * b]))
    return str(sum(map(int, str(a * b))))


def vault_first(obs, hint, rng, mem):
    """The first 'vault N' of the observation (the one you face), looked up as 'vault N:'."""
    if not hint:
        return _rand_code(rng)
    n = re.search(r"vault (\d+)", obs[0]).group(1)
    return _labelled(hint, f"vault {n}:")


def bisect_per_range(obs, hint, rng, mem):
    """Hinted: open with the hint's move for the shown range, then bisect; unhinted: random."""
    n = int(re.search(r"range (\d+)", obs[0]).group(1))
    if not hint:
        return str(rng.randint(1, n))
    if "lo" not in mem:
        mem["lo"], mem["hi"] = 1, n
        g = int(re.search(rf"range {n}: open with (\d+)", hint).group(1))
    else:
        last = obs[-1]
        if last.startswith("higher"):
            mem["lo"] = mem["g"] + 1
        elif last.startswith("lower"):
            mem["hi"] = mem["g"] - 1
        g = (mem["lo"] + mem["hi"]) // 2
    mem["g"] = g
    return str(g)


def element_table(obs, hint, rng, mem):
    """t17: decodes each shown symbol through the hint's 'Symbol=number' table."""
    if not hint:
        return _rand_code(rng)
    table = dict(re.findall(r"(\w+)=(\d+)", hint))
    shown = obs[0].split("shows: ", 1)[1].split(".", 1)[0].split()
    return "".join(table.get(s, "0") for s in shown)
