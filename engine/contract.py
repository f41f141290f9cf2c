"""The environment contract (DESIGN.md §3), written down once.

A generated environment is a Python module that defines ``class Env`` with text observations
and text actions, in the Gymnasium sense, plus a few module-level names:

==================  ==========================================================  ===============
name                meaning                                                     default
==================  ==========================================================  ===============
``DESCRIPTION``     the task text shown to the Agent (else ``Env.__doc__``)     required
``HINT``            the privileged hint: the method or key fact that solves it  required (str)
``MAX_TURNS``       turn cap of one episode (positive int)                      required
``REWARD_RANGE``    ``(low, high)``: every step reward lies inside it           ``(0.0, 1.0)``
``SUCCESS_THRESHOLD`` episode return at or above which it counts as a success   ``1.0``
``TOOLS``           JSON-schema function specs; one ``Env`` method per tool     ``[]``
``ANSWER``          optional: the secret answer, used only for leak checks      ``None``
==================  ==========================================================  ===============

Methods of ``Env``:

- ``reset(seed: int | None = None, options: dict | None = None) -> (observation: str, info: dict)``
- ``step(action: str) -> (observation: str, reward: float, terminated: bool, truncated: bool,
  info: dict)``
- one method per tool, ``name(**arguments) -> str`` (a JSON-able value is JSON-encoded).

Success of an episode is ``info["success"]`` of its last step when the environment gives it,
else ``episode return >= SUCCESS_THRESHOLD`` (:func:`episode_success`).

Turns: every answer of the Agent is one turn, a tool call as much as a ``step``; an episode
ends unsolved after ``MAX_TURNS`` turns. The environment itself must end within ``MAX_TURNS``
steps. A task that needs tools therefore sets ``MAX_TURNS`` to at least the tool calls plus the
steps of a solution, and counts its own attempts (if it limits them) separately.

``terminated`` means the task reached an end state (won or lost); ``truncated`` means a limit
(turns, time) cut the episode short. They are never both true on one step. After either, a
further ``step`` must not crash: it returns an observation with ``terminated`` or ``truncated``
still set, or raises nothing the host cannot report.

The Agent calls a tool by answering with one JSON object ``{"tool": NAME, "arguments": {...}}``;
any other answer is the action string passed to ``step``.

:data:`CONTRACT_TEXT` states all of this in prose, for the Designer's prompt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

__all__ = [
    "CONTRACT_TEXT",
    "DEFAULT_REWARD_RANGE",
    "DEFAULT_SUCCESS_THRESHOLD",
    "OPTIONAL_NAMES",
    "REQUIRED_NAMES",
    "SpecLike",
    "TOOL_CALL_KEYS",
    "episode_success",
    "reward_range_of",
    "spec_problems",
    "success_threshold_of",
    "tool_name",
]

REQUIRED_NAMES: Final = ("DESCRIPTION", "HINT", "MAX_TURNS")
"""Module-level names every environment defines (``DESCRIPTION`` may be ``Env.__doc__``)."""

OPTIONAL_NAMES: Final = ("REWARD_RANGE", "SUCCESS_THRESHOLD", "TOOLS", "ANSWER")
"""Module-level names with defaults."""

DEFAULT_REWARD_RANGE: Final = (0.0, 1.0)
"""Reward range when ``REWARD_RANGE`` is not given."""

DEFAULT_SUCCESS_THRESHOLD: Final = 1.0
"""Success threshold on the episode return when ``SUCCESS_THRESHOLD`` is not given."""

TOOL_CALL_KEYS: Final = ("tool", "arguments")
"""Keys of the Agent's JSON tool call ``{"tool": name, "arguments": {...}}``."""

MAX_TURNS_LIMIT: Final = 1000
"""Largest ``MAX_TURNS`` the contract accepts."""


class SpecLike(Protocol):
    """What the host knows about an environment after loading it (``sandbox_wasm.EnvSpec``)."""

    @property
    def description(self) -> str: ...
    @property
    def hint(self) -> str: ...
    @property
    def max_turns(self) -> int | None: ...
    @property
    def tools(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def reward_range(self) -> Sequence[float | None] | None: ...
    @property
    def success_threshold(self) -> float | None: ...
    @property
    def answer(self) -> Any: ...


def episode_success(
    last_info: Mapping[str, Any] | None, episode_return: float, threshold: float
) -> bool:
    """Whether an episode succeeded, by the contract's rule.

    Args:
        last_info: the ``info`` dict of the episode's last step (``None`` when no step ran).
        episode_return: sum of the step rewards.
        threshold: the environment's ``SUCCESS_THRESHOLD``.

    Returns:
        ``info["success"]`` when the environment reports it (a bool, or the integers 0/1),
        else ``episode_return >= threshold`` (a non-finite return is never a success).

    Raises:
        ValueError: ``info["success"]`` is anything else (``0.25``, ``"false"``, ``None``):
            ``bool()`` of it would count a partial score or the string ``"false"`` as a win.
            The message names the field and the value.
    """
    if last_info is not None and "success" in last_info:
        value = last_info["success"]
        if isinstance(value, bool):
            return value
        if type(value) is int and value in (0, 1):
            return bool(value)
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:60] + "..."
        raise ValueError(
            f"info['success'] must be a bool (or 0/1), got {type(value).__name__} {shown}"
        )
    return math.isfinite(episode_return) and episode_return >= threshold


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _tool_problems(tools: Any) -> list[str]:
    if not isinstance(tools, list | tuple):
        return [f"TOOLS: expected a list of JSON-schema function specs, got {type(tools).__name__}"]
    out: list[str] = []
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        where = f"TOOLS[{i}]"
        if not isinstance(tool, Mapping):
            out.append(f"{where}: expected a dict, got {type(tool).__name__}")
            continue
        fn = tool.get("function", tool) if tool.get("type") == "function" else tool
        if not isinstance(fn, Mapping):
            out.append(f"{where}.function: expected a dict")
            continue
        name = fn.get("name")
        if not isinstance(name, str) or not name.isidentifier():
            out.append(f"{where}.name: expected a Python identifier, got {name!r}")
            continue
        if name.startswith("_") or name in {"reset", "step", "close", "render"}:
            out.append(f"{where}.name: {name!r} is reserved")
        if name in seen:
            out.append(f"{where}.name: duplicate tool {name!r}")
        seen.add(name)
        params = fn.get("parameters", {"type": "object", "properties": {}})
        if not isinstance(params, Mapping) or params.get("type", "object") != "object":
            out.append(f"{where}.parameters: expected a JSON-schema object")
            continue
        props = params.get("properties", {})
        if not isinstance(props, Mapping):
            out.append(
                f"{where}.parameters.properties: expected a dict of schemas, got "
                f"{type(props).__name__}"
            )
            continue
        for key, schema in props.items():
            out += _schema_problems(schema, f"{where}.parameters.properties[{key!r}]")
    return out


def _schema_problems(schema: Any, where: str) -> list[str]:
    """What makes one argument's JSON schema unusable: validation draws a probe argument
    from ``type``, ``enum`` or ``default`` (a tester's ``"enum": {...}`` and ``properties``
    given as a list raised out of validation, 2026-12-01)."""
    if not isinstance(schema, Mapping):
        return [f"{where}: expected a JSON-schema dict, got {type(schema).__name__}"]
    out: list[str] = []
    kind = schema.get("type", "string")
    kinds = kind if isinstance(kind, list) else [kind]
    if not kinds or not all(isinstance(k, str) for k in kinds):
        out.append(f"{where}.type: expected a type name or a list of them, got {kind!r:.80}")
    enum = schema.get("enum")
    if enum is not None and not (isinstance(enum, list) and enum):
        out.append(f"{where}.enum: expected a non-empty list, got {enum!r:.80}")
    return out


def reward_range_of(spec: SpecLike) -> tuple[float, float]:
    """The reward range in force: the declared ``REWARD_RANGE``, else the contract's default.

    A spec that lists what the program ``declared`` (``sandbox_wasm.EnvSpec``) gets the
    default ``(0.0, 1.0)`` when ``REWARD_RANGE`` is not among them; a missing bound is infinite.
    """
    declared = getattr(spec, "declared", None)
    rr = spec.reward_range
    if rr is None or (declared is not None and "REWARD_RANGE" not in declared):
        return DEFAULT_REWARD_RANGE
    lo, hi = rr
    return (
        float(lo) if lo is not None else -math.inf,
        float(hi) if hi is not None else math.inf,
    )


def success_threshold_of(spec: SpecLike) -> float:
    """The declared ``SUCCESS_THRESHOLD``, or the default."""
    st = spec.success_threshold
    return DEFAULT_SUCCESS_THRESHOLD if st is None else float(st)


def spec_problems(spec: SpecLike) -> list[str]:
    """Check the module-level names of a loaded environment field by field.

    Args:
        spec: the loaded environment's spec (``sandbox_wasm.EnvSpec`` or anything with its
            attributes).

    Returns:
        One line per problem, each naming the field (empty when the spec follows the contract).
    """
    out: list[str] = []
    if not isinstance(spec.description, str) or not spec.description.strip():
        out.append("DESCRIPTION: missing or empty (give DESCRIPTION or a docstring on Env)")
    if not isinstance(spec.hint, str):
        out.append(f"HINT: expected a string, got {type(spec.hint).__name__}")
    mt = spec.max_turns
    declared = getattr(spec, "declared", None)
    if declared is not None and "MAX_TURNS" not in declared:
        out.append("MAX_TURNS: missing (declare the turn cap of one episode)")
    elif not isinstance(mt, int) or isinstance(mt, bool) or not 1 <= mt <= MAX_TURNS_LIMIT:
        out.append(f"MAX_TURNS: expected an int in [1, {MAX_TURNS_LIMIT}], got {mt!r}")
    rr = spec.reward_range
    if rr is not None and (
        not isinstance(rr, list | tuple)
        or len(rr) != 2
        or not all(v is None or (_is_number(v) and not math.isnan(v)) for v in rr)
    ):
        out.append(f"REWARD_RANGE: expected (low, high) numbers, got {rr!r}")
    else:
        lo, hi = reward_range_of(spec)
        if lo > hi:
            out.append(f"REWARD_RANGE: low {lo} is above high {hi}")
    st = spec.success_threshold
    if st is not None and (not _is_number(st) or not math.isfinite(st)):
        out.append(f"SUCCESS_THRESHOLD: expected a finite number, got {st!r}")
    out.extend(_tool_problems(spec.tools))
    return out


def tool_name(tool: Mapping[str, Any]) -> str:
    """The name of a tool spec (plain ``{"name": ...}`` or OpenAI ``{"type": "function", ...}``)."""
    fn = tool.get("function", tool) if tool.get("type") == "function" else tool
    return str(fn.get("name", ""))


CONTRACT_TEXT: Final = """\
Write one Python module (standard library only) that defines:

- DESCRIPTION: str, the task as the player will read it (no solution in it).
- HINT: str, the privileged hint: the method or key fact that makes the task solvable. The
  player sees it only in hinted episodes; it must not be the literal answer.
- MAX_TURNS: int, the most turns one episode may take (at most 30, the Agent's turn cap).
  Every answer of the player is one turn, tool calls included, so leave room for the tool
  calls a solution needs.
- REWARD_RANGE = (low, high): every step reward lies inside it (default (0.0, 1.0)).
- SUCCESS_THRESHOLD: float, the episode return that counts as solved (default 1.0), or report
  info["success"] = True/False on the last step.
- TOOLS (optional): a list of JSON-schema function specs {"name", "description",
  "parameters"}; for each tool a method of Env with that name returning a string.
- ANSWER (optional): the secret answer, used only to check that nothing leaks it.
- class Env:
    def reset(self, seed=None, options=None) -> tuple[str, dict]   # observation, info
    def step(self, action: str) -> tuple[str, float, bool, bool, dict]
        # observation, reward, terminated, truncated, info

Rules: the same seed and actions give the same observations (draw randomness only from
random.Random(seed), never the global random module or the clock); terminated means the task
ended (won or lost), truncated means the turn limit cut it short, never both; the episode ends
within MAX_TURNS steps; stepping after the end does not crash; observations are strings and
info holds only JSON values (str, int, finite float, bool, None, list, dict); no observation or
tool result reveals the hint or the answer; doing nothing (an empty or constant answer) must not
win; info["success"] is True or False; reset(seed) starts afresh (no state kept from earlier
episodes). The hint teaches a method the player could apply to what it sees: a hint that only
carries a secret (a password, a code, a table of answers) earns nothing. The player answers each turn with an action string, or calls a tool with one JSON object
{"tool": "<name>", "arguments": {...}}.
"""
"""The contract in prose, for the Designer's prompt."""
