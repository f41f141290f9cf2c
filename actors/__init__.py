"""The actors of the self-play loop, one module each (DESIGN.md §2).

Public names (loaded on first use, so ``import actors`` stays cheap)::

    from actors import Designer, Critic, Hinter, Agent, Memory, Learner
    from actors import Archive, PolicyAgent, ScriptedAgent, play_episode, validate, regret_score
    from actors import parse_design, build_design_prompt, samples_from
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "Agent": "actors.agent",
    "PolicyAgent": "actors.agent",
    "ScriptedAgent": "actors.agent",
    "play_episode": "actors.agent",
    "Critic": "actors.critic",
    "regret_score": "actors.critic",
    "validate": "actors.critic",
    "Designer": "actors.designer",
    "build_design_prompt": "actors.designer",
    "parse_design": "actors.designer",
    "Hinter": "actors.hinter",
    "Learner": "actors.learner",
    "samples_from": "actors.learner",
    "Archive": "actors.memory",
    "Memory": "actors.memory",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'actors' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return __all__
