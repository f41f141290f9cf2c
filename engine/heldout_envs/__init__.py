"""The default held-out suite of ``engine.eval``: environment families the Designer never sees.

None of these families (copying, first letter, reversing, counting vowels, adding, the
largest number) is a seed family (``engine.seed_envs``) or a warm-start variant family
(``engine.variants``), so they appear in no design prompt, memory block or warm start. Each
program follows the environment contract; their scripted solutions (``SOLUTIONS``) let the
tests check that every one is solvable.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

__all__ = ["HELDOUT_FAMILIES", "SOLUTIONS", "heldout_sources"]

HELDOUT_FAMILIES: tuple[str, ...] = (
    "copy_word",
    "first_letter",
    "reverse_word",
    "count_vowels",
    "add_digits",
    "largest_number",
)
"""File stems of the shipped held-out environments."""


def _ints(text: str) -> list[int]:
    import re

    return [int(x) for x in re.findall(r"\d+", text)]


SOLUTIONS: dict[str, Callable[[str], str]] = {
    "copy_word": lambda obs: obs.split("[")[1].split("]")[0],
    "first_letter": lambda obs: obs.split(":")[1].strip()[0],
    "reverse_word": lambda obs: obs.split(":")[1].strip()[::-1],
    "count_vowels": lambda obs: str(sum(c in "aeiou" for c in obs.split(":")[1])),
    "add_digits": lambda obs: str(sum(_ints(obs))),
    "largest_number": lambda obs: str(max(_ints(obs))),
}
"""Family -> the correct first answer given the reset observation (tests only)."""


def heldout_sources() -> dict[str, str]:
    """The shipped held-out programs, ``{name: source}`` in ``HELDOUT_FAMILIES`` order."""
    pkg = resources.files(__name__)
    return {n: pkg.joinpath(f"{n}.py").read_text(encoding="utf-8") for n in HELDOUT_FAMILIES}
