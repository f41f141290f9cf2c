"""Scripted agents for the shipped seed environments, for ``python -m engine.score``.

::

    python -m engine.score engine/seed_envs/caesar.py --agent engine.seed_envs.agents:caesar

One agent per seed environment, named as its file (:data:`engine.seed_envs.SEED_FAMILIES`'
keys). Each plays that environment's scripted solver (:func:`engine.seed_envs.solve`): the
hint's method when the hint is given, the hint-free baseline strategy without it, so the
regret ``engine.score`` reports is the one the seed was written to show. An agent given
another environment than its own answers by its own rules (and most likely fails, or raises:
a ``policy_error`` for that episode).

Each is ``fn(observations, hint, rng, memory) -> str``, the scripted-agent signature
``engine.score --agent`` loads: ``observations`` every observation so far (``list[str]``),
``hint`` the hint or ``None``; ``rng`` and ``memory`` are not used (the solvers are
deterministic and read their state from the observations).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.seed_envs import SEED_FAMILIES, solve

__all__ = [*SEED_FAMILIES]

ScriptedAgent = Callable[[list[str], "str | None", random.Random, dict[str, Any]], str]


def _agent(name: str) -> ScriptedAgent:
    def act(
        observations: list[str], hint: str | None, rng: random.Random, memory: dict[str, Any]
    ) -> str:
        return solve(name, list(observations), hint or "")

    act.__name__ = act.__qualname__ = name
    act.__doc__ = f"The scripted solver of the seed environment ``{name}``."
    return act


grid_rotated = _agent("grid_rotated")
sum_multiples = _agent("sum_multiples")
caesar = _agent("caesar")
vowel_reverse = _agent("vowel_reverse")
warehouse_knapsack = _agent("warehouse_knapsack")
barter_chain = _agent("barter_chain")
deadline_scheduling = _agent("deadline_scheduling")
lying_oracle = _agent("lying_oracle")
twenty_questions = _agent("twenty_questions")
lights_out = _agent("lights_out")
min_swaps = _agent("min_swaps")
mastermind = _agent("mastermind")
