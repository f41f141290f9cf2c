"""The seed archive: environments written by the project, shipped as package data.

Each environment is a plain ``.py`` file in this package (read as text with
``importlib.resources``, never imported by the engine) that follows the contract in
``engine.contract``. They span distinct families so the archive, the Designer's memory block and
the SFT warm start begin diverse.

Each has a scripted solver (``solve``) kept out of the environment source: given the
observations so far and the hint it returns the next action. With the hint it follows the
hint's method; with ``hint=""`` it plays a plausible hint-free strategy, which should succeed
far less often (that gap is what hint-based regret measures). Tool calls are returned as the
contract's JSON ``{"tool": name, "arguments": {...}}``; the tool's result is the next
observation, and the call takes one of the episode's ``MAX_TURNS`` turns, as at play time.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import msgspec

from engine.contract import episode_success, tool_name
from engine.seed_envs._solvers import SOLVERS

__all__ = [
    "SEED_FAMILIES",
    "SeedEnv",
    "play_in_process",
    "seed_envs",
    "seed_sources",
    "solve",
]

SEED_FAMILIES: dict[str, str] = {
    "grid_rotated": "grid navigation",
    "sum_multiples": "arithmetic",
    "caesar": "cipher",
    "vowel_reverse": "string transformation",
    "warehouse_knapsack": "tool use",
    "barter_chain": "stateful inventory",
    "deadline_scheduling": "scheduling",
    "lying_oracle": "number guessing",
    "twenty_questions": "question game",
    "lights_out": "logic puzzle",
    "min_swaps": "sorting puzzle",
    "mastermind": "code breaking",
}
"""Seed environment name -> family, in archive order."""


class SeedEnv(msgspec.Struct, frozen=True, kw_only=True):
    """One shipped seed environment.

    Attributes:
        name: file stem, e.g. ``"grid_rotated"``.
        family: its family (``"grid navigation"`` ...).
        source: the program text.
        hint: its ``HINT``.
        description: its ``DESCRIPTION``.
        max_turns: its ``MAX_TURNS``.
    """

    name: str
    family: str
    source: str
    hint: str
    description: str
    max_turns: int


def _constant(tree: ast.Module, name: str) -> object:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise KeyError(name)


def seed_envs() -> list[SeedEnv]:
    """The shipped seed environments, in ``SEED_FAMILIES`` order.

    Raises:
        KeyError: a seed file lacks ``HINT``, ``DESCRIPTION`` or ``MAX_TURNS`` (a packaging bug).
    """
    pkg = resources.files(__name__)
    out = []
    for name, family in SEED_FAMILIES.items():
        source = pkg.joinpath(f"{name}.py").read_text(encoding="utf-8")
        tree = ast.parse(source)
        out.append(
            SeedEnv(
                name=name,
                family=family,
                source=source,
                hint=str(_constant(tree, "HINT")),
                description=str(_constant(tree, "DESCRIPTION")),
                max_turns=int(_constant(tree, "MAX_TURNS")),  # type: ignore[call-overload]
            )
        )
    return out


seed_sources = seed_envs
"""Alias used by docs/INTERFACES.md."""


def solve(name: str, observations: list[str], hint: str) -> str:
    """The scripted solver's next action for seed environment ``name``.

    Args:
        name: a key of ``SEED_FAMILIES``.
        observations: every observation so far, first the one from ``reset``, then one per
            step or tool call, in order.
        hint: the environment's hint to follow its method, or ``""`` for the hint-free
            baseline strategy.

    Returns:
        An action string, or a JSON tool call ``{"tool": ..., "arguments": {...}}``.

    Raises:
        KeyError: an unknown name.
    """
    return SOLVERS[name](observations, bool(hint))


def play_in_process(
    source: str,
    policy: Callable[[list[str]], str],
    seed: int,
) -> tuple[bool, list[str], list[str]]:
    """Play one episode of a *trusted* environment source in this process (no sandbox).

    For the shipped seeds and their tests only; generated code goes through the sandbox.
    Turns are counted as the Agent's ``actors.agent.play_episode`` counts them: every answer,
    a tool call or a step, is one turn, and the episode ends unsolved after ``MAX_TURNS`` of
    them (docs/environment-contract.md, "Turns").

    Args:
        source: the environment program.
        policy: observations so far -> next action (or JSON tool call).
        seed: ``reset(seed=...)``.

    Returns:
        ``(success, observations, actions)``; success by the contract's rule, ``False`` when
        the turns ran out first.

    Raises:
        RuntimeError: ``MAX_TURNS`` steps passed without the environment ending (a contract
            bug: the environment must end within ``MAX_TURNS`` steps).
    """
    ns: dict[str, Any] = {"__name__": "seed_env"}
    exec(compile(source, "<seed env>", "exec"), ns)
    env = ns["Env"]()
    max_turns = int(ns["MAX_TURNS"])
    threshold = float(ns.get("SUCCESS_THRESHOLD", 1.0))
    tools = {tool_name(t) for t in ns.get("TOOLS", [])}
    obs, _ = env.reset(seed=seed)
    observations, actions = [obs], []
    ret, steps = 0.0, 0
    info: dict[str, Any] = {}
    for _turn in range(max_turns):
        action = policy(observations)
        actions.append(action)
        call = _as_tool_call(action, tools)
        if call is not None:
            observations.append(str(getattr(env, call[0])(**call[1])))
            continue
        obs, reward, terminated, truncated, info = env.step(action)
        observations.append(obs)
        ret += reward
        steps += 1
        if terminated or truncated:
            return episode_success(info, ret, threshold), observations, actions
    if steps >= max_turns:
        raise RuntimeError(f"episode ran past MAX_TURNS={max_turns} steps without ending")
    return False, observations, actions


def _as_tool_call(action: str, tools: set[str]) -> tuple[str, dict[str, Any]] | None:
    try:
        data = json.loads(action)
    except ValueError:
        return None
    if isinstance(data, dict) and data.get("tool") in tools:
        args = data.get("arguments", {})
        return str(data["tool"]), dict(args) if isinstance(args, dict) else {}
    return None
