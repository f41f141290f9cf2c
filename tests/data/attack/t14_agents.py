"""Scripted agents of session 13 (f26, f27): (observations, hint, rng, memory) -> str."""
import re


def bsearch_labelled(obs, hint, rng, mem):
    """f26: agents.py's bsearch (f1), every guess glued to the label G."""
    if hint:
        mem.setdefault("lo", 1), mem.setdefault("hi", 1000)
        if len(obs) > 1:
            g = mem["g"]
            if obs[-1] == "higher":
                mem["lo"] = g + 1
            else:
                mem["hi"] = g - 1
            mem["g"] = (mem["lo"] + mem["hi"]) // 2
        else:
            mem["g"] = 500
        return f"G{mem['g']}"
    return f"G{rng.randint(1, 1000)}"


def km_to_m(obs, hint, rng, mem):
    """f27: with the hint, kilometres times the factor the hint names; without, a guess."""
    km = int(re.search(r"Distance: (\d+) km", obs[0]).group(1))
    if hint:
        factor = int(re.search(r"multiply the kilometres by (\d+)", hint).group(1))
        return f"{km * factor}m"
    return f"{km * rng.choice([10, 100])}m"
