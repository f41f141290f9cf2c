"""Scripted agents of tester-glued2 (j*): (observations, hint, rng, memory) -> str."""
import json
import re


def form_sum(obs, hint, rng, mem):
    """j1: with the hint, the sum in the format the description gives; without, the larger
    income (a plausible misreading of 'total')."""
    a, b = (int(x) for x in re.findall(r"Income [AB]: (\d+)", obs[0]))
    return f"F1040 total={a + b if hint else max(a, b)}"


def microscope(obs, hint, rng, mem):
    """j2: with the hint, look at x40 and answer the count; without, look at x100 and answer
    the cells in view. A lens the tool refuses is tried once more, then x10 (what a censored
    Agent can still do)."""
    last = obs[-1]
    m = re.search(r"(?:count|slide:) (\d+) cells", last)
    if m:
        return m.group(1)
    lens = "x40" if hint else "x100"
    if "No lens" in last:
        mem["tries"] = mem.get("tries", 0) + 1
        if mem["tries"] >= 2:
            lens = "x10"
    return json.dumps({"tool": "look", "arguments": {"lens": lens}})


def counter(obs, hint, rng, mem):
    """j3: with the hint, the biggest step that does not overshoot; without, ones only (the
    agent does not think of the bigger steps)."""
    v, target = (int(x) for x in re.search(r"Value (\d+), target (\d+)", obs[-1]).groups())
    gap = target - v
    d = "up" if gap > 0 else "down"
    if not hint:
        return f"{d}1"
    for n in (100, 10, 1):
        if abs(gap) >= n:
            return f"{d}{n}"
    return f"{d}1"


def panel(obs, hint, rng, mem):
    """j4: with the hint, the command the first observation shows, then pull; without, pull."""
    if hint and len(obs) == 1:
        return re.search(r"RELEASE COMMAND: (REL\d+ [A-Z]+)\.", obs[0]).group(1)
    return "pull"


_SLOTS = [f"{h:02d}h{m:02d}" for h in range(8, 18) for m in (0, 15, 30, 45)]


def slots(obs, hint, rng, mem):
    """j5: with the hint, binary search over the quarter-hour slots from the start the hint
    names (closed-loop: a reply that is neither earlier nor later leaves the interval as it
    was and guesses its middle); without, a random slot."""
    if not hint:
        return rng.choice(_SLOTS)
    if "lo" not in mem:
        mem["lo"], mem["hi"] = 0, len(_SLOTS) - 1
        start = re.search(r"start at (\d\dh\d\d)", hint).group(1)
        mem["g"] = _SLOTS.index(start)
        return start
    if obs[-1] == "later":
        mem["lo"] = mem["g"] + 1
    elif obs[-1] == "earlier":
        mem["hi"] = mem["g"] - 1
    mem["g"] = (mem["lo"] + mem["hi"]) // 2
    return _SLOTS[mem["g"]]
