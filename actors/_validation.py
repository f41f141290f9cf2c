"""Critic validation: every sandbox check of a proposed environment (DESIGN.md §3).

Each failure is an ``EnvRejected`` value with a named reason and the evidence that shows it
(the seed, the action sequence, the step, the first differing field, the guest traceback).
The checks run in this order, the first failure wins:

1. the text itself — ``compile`` (not valid Unicode, a syntax error, or a program the host's
   compiler cannot take: ``RecursionError``/``MemoryError`` on a deep expression);
2. load in the sandbox — ``compile`` (syntax or import error), ``api`` (no ``Env``);
3. the module-level names field by field (:func:`engine.contract.spec_problems`) — ``api``;
   ``MAX_TURNS`` above the Agent's turn cap — ``max_turns_over_cap``;
4. near-duplicate of an archived environment (a caller-supplied test on the same text the
   archive embeds: description + source) — ``duplicate``;
5. determinism — two fresh instances whose entropy differs (the sandbox seeds the guest's
   global ``random`` and its virtual clock from it), same seed, same actions — ``nondeterministic``;
6. state that survives ``reset()`` — one episode replayed on an instance that already played
   others differs from the same episode on a fresh instance — ``state_survives_reset``;
7. probe episodes, each on a fresh instance as in play: random actions, then adversarial ones
   (empty, very long, unicode, JSON, each repeated every turn) — ``crash``, ``timeout``,
   ``memory``, ``api`` (wrong return types, an ``info["success"]`` that is not a bool),
   ``reward_range``, ``flag_fields`` (``terminated`` and ``truncated`` both set),
   ``never_terminates``, ``step_after_done``, ``not_serialisable``, ``hint_leak``,
   ``answer_leak``;
8. tools, called with arguments drawn from their schemas — ``api`` (no method), ``crash`` /
   ``timeout`` / ``memory``, ``answer_leak`` / ``hint_leak`` naming the tool;
9. degenerate reward — random policies over more seeds, or an empty, constant or echo policy,
   win (almost) every seed — ``degenerate``;
10. ``gymnasium.utils.env_checker`` on the host-side proxy — ``api``.

The whole validation runs under a total budget beside the per-call deadline: wall time
(``critic.validation_budget_s``) and fuel summed over every instance it opened
(``critic.validation_fuel``); running out is ``timeout`` and the evidence names the budget.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import msgspec
import trio

from engine.config import CriticConfig
from engine.contract import (
    episode_success,
    reward_range_of,
    spec_problems,
    success_threshold_of,
    tool_name,
)
from engine.errors import (
    DeadlineExceeded,
    FuelExhausted,
    GuestCompileError,
    GuestError,
    InstanceClosed,
    LoadError,
    MemoryLimitExceeded,
    OutputTooLarge,
    SandboxError,
    SandboxTrap,
    ToolCallRefused,
)
from engine.messages import EnvProposed, EnvRejected, EnvValidated

from ._regret import normalise_text, whole_token

__all__ = ["DuplicateTest", "Validation", "hint_pieces", "inspect_env", "validate"]

DuplicateTest = Callable[[str, str], tuple[bool, str, float]]
"""``(source, description) -> (is_duplicate, nearest_env_id, similarity)``
(``Archive.is_duplicate``: the same text the archive embeds, so a resubmission is found)."""

_UNICODE_ACTION = "ünïcødé ✓ 🎲 \u202eمرحبا\u202c 日本語 \x00\t"
_JSON_ACTION = '{"tool": "no_such_tool", "arguments": {"x": [1, null, {"y": "z"}]}}'
_MIN_HINT_CHARS = 12
_API_ERROR = re.compile(
    r"must return a tuple|must be a bool|expected a plain str|expected a dict|"
    r"has no attribute '(reset|step)'|takes \d+ positional arguments? but \d+ (was|were) given|"
    r"got an unexpected keyword argument"
)
_KEY = re.compile(
    r"((?:info|observation|reward|tool '[^']*' result)(?:\[[^\]]*\])*) is not serialisable"
)
_WORD = re.compile(r"[A-Za-z0-9_\-]+")


class Validation(msgspec.Struct, frozen=True, kw_only=True):
    """Verdict plus what the Critic learned about the environment.

    Attributes:
        verdict: ``EnvValidated`` or ``EnvRejected``.
        answer: the environment's ``ANSWER`` as text (``None`` when it declares none).
        hint: the hint in force (the proposal's, else the program's ``HINT``).
        checker_warnings: warnings ``gymnasium``'s env checker printed.
    """

    verdict: EnvValidated | EnvRejected
    answer: str | None = None
    hint: str = ""
    checker_warnings: list[str] = []


class _Reject(Exception):
    def __init__(self, reason: str, detail: str, evidence: dict[str, Any] | None = None) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.evidence = evidence or {}


def _sandbox_reason(exc: SandboxError) -> str:
    if isinstance(exc, GuestCompileError):
        return "compile"
    if isinstance(exc, DeadlineExceeded | FuelExhausted):
        return "timeout"
    if isinstance(exc, MemoryLimitExceeded):
        return "memory"
    if isinstance(exc, GuestError) and _API_ERROR.search(str(exc)):
        return "api"
    if isinstance(exc, GuestError) and "reward is" in str(exc):
        return "reward_range"
    if isinstance(exc, GuestError) and "not serialisable" in str(exc):
        return "not_serialisable"
    return "crash"


def _error_evidence(exc: SandboxError) -> dict[str, Any]:
    ev: dict[str, Any] = {"error": type(exc).__name__, "message": str(exc)[:2000]}
    key = _KEY.search(str(exc))
    if key and "not serialisable" in str(exc):
        ev["key"] = key.group(1)
    tb = getattr(exc, "guest_traceback", "")
    if tb:
        ev["traceback"] = tb[-4000:]
    return ev


def _non_finite_path(value: Any, path: str = "info") -> str | None:
    """Path of the first non-finite float (NaN, inf) inside a JSON value, else ``None``."""
    if isinstance(value, float) and not math.isfinite(value):
        return path
    if isinstance(value, Mapping):
        for k, v in value.items():
            found = _non_finite_path(v, f"{path}[{k!r}]")
            if found:
                return found
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            found = _non_finite_path(v, f"{path}[{i}]")
            if found:
                return found
    return None


def _json_contains_value(value: Any, answer: str) -> bool:
    if isinstance(value, Mapping):
        return any(_json_contains_value(v, answer) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_json_contains_value(v, answer) for v in value)
    if isinstance(value, bool) or value is None:
        return False
    return normalise_text(str(value)) == answer


class _Leaks:
    """What must not appear in observations or tool results."""

    def __init__(self, hint: str, answer: str | None) -> None:
        h = normalise_text(hint)
        self.hint = h if len(h) >= _MIN_HINT_CHARS else ""
        self.answer = normalise_text(answer) if answer is not None else ""
        self._answer_token = whole_token(self.answer)  # text_contains' rule

    def find(self, text: str) -> str | None:
        """``"hint_leak"``/``"answer_leak"`` when ``text`` reveals one, else ``None``. The text
        is normalised once (three times cost a tester's 1 MB observations 28 s of validation,
        2026-12-02)."""
        norm = normalise_text(text)
        if self.hint and self.hint in norm:
            return "hint_leak"
        if self.answer:
            if len(self.answer) >= 2 and self._answer_token.search(norm):
                return "answer_leak"
            if norm == self.answer:
                return "answer_leak"
            try:
                parsed = json.loads(text)
            except ValueError:
                return None
            if isinstance(parsed, dict | list) and _json_contains_value(parsed, self.answer):
                return "answer_leak"
        return None


Policy = Callable[[list[str], int, random.Random], str]


def _random_policy(observations: list[str], turn: int, rng: random.Random) -> str:
    words = _WORD.findall(observations[-1])
    roll = rng.random()
    if words and roll < 0.5:
        return str(rng.choice(words))
    if roll < 0.75:
        return str(rng.randint(0, 100))
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(rng.randint(1, 12)))


def _constant(action: str) -> Policy:
    return lambda observations, turn, rng: action


def _echo(observations: list[str], turn: int, rng: random.Random) -> str:
    return observations[-1]


class _Prober:
    """Runs probe episodes on one instance and checks every step against the contract."""

    def __init__(self, spec: Any, hint: str, answer: str | None) -> None:
        self.spec = spec
        self.max_turns = int(spec.max_turns)
        self.lo, self.hi = reward_range_of(spec)
        self.leaks = _Leaks(hint, answer)

    def _check_reset(self, out: Any, ev: dict[str, Any]) -> str:
        if not isinstance(out, tuple | list) or len(out) != 2:
            raise _Reject("api", "reset must return (observation, info)", ev)
        obs, info = out
        if not isinstance(obs, str):
            raise _Reject("api", f"reset observation: expected str, got {type(obs).__name__}", ev)
        if not isinstance(info, Mapping):
            raise _Reject("api", f"reset info: expected dict, got {type(info).__name__}", ev)
        bad = _non_finite_path(info)
        if bad:
            raise _Reject("not_serialisable", f"reset {bad} is not finite JSON", {**ev, "key": bad})
        leak = self.leaks.find(obs)
        if leak:
            raise _Reject(leak, f"the {leak.split('_')[0]} appears in the first observation", ev)
        return obs

    def _check_step(self, r: Any, ev: dict[str, Any]) -> None:
        for field, typ in (("observation", str), ("terminated", bool), ("truncated", bool)):
            value = getattr(r, field)
            if not isinstance(value, typ):
                raise _Reject(
                    "api",
                    f"step {field}: expected {typ.__name__}, got {type(value).__name__}",
                    {**ev, "field": field},
                )
        if not isinstance(r.info, Mapping):
            raise _Reject(
                "api",
                f"step info: expected dict, got {type(r.info).__name__}",
                {**ev, "field": "info"},
            )
        reward = r.reward
        if isinstance(reward, bool) or not isinstance(reward, int | float):
            raise _Reject(
                "api",
                f"step reward: expected float, got {type(reward).__name__}",
                {**ev, "field": "reward"},
            )
        if not math.isfinite(reward):
            raise _Reject(
                "reward_range",
                f"reward {reward!r} is not finite",
                {**ev, "field": "reward", "reward": str(reward)},
            )
        if not self.lo <= reward <= self.hi:
            raise _Reject(
                "reward_range",
                f"reward {reward!r} outside REWARD_RANGE ({self.lo}, {self.hi})",
                {**ev, "field": "reward", "reward": reward},
            )
        if r.terminated and r.truncated:
            raise _Reject(
                "flag_fields",
                "terminated and truncated are both True on one step (a time limit is truncated, "
                "an end state is terminated)",
                {**ev, "field": "terminated"},
            )
        bad = _non_finite_path(r.info)
        if bad:
            raise _Reject("not_serialisable", f"{bad} is not finite JSON", {**ev, "key": bad})
        if "success" in r.info:
            value = r.info["success"]
            if not (isinstance(value, bool) or (type(value) is int and value in (0, 1))):
                raise _Reject(
                    "api",
                    f"step info['success'] must be a bool (or 0/1), got "
                    f"{type(value).__name__} {str(value)[:60]!r}",
                    {**ev, "field": "info['success']", "value": str(value)[:200]},
                )

    async def episode(
        self, inst: Any, seed: int, policy: Policy, probe: str, budget: _Budget | None = None
    ) -> bool:
        """Play one probe episode on ``inst`` (``None``: a fresh instance from ``budget``);
        return its success. Raises ``_Reject`` on any fault."""
        if inst is None:
            assert budget is not None
            inst = await budget.open(probe)
            try:
                return await self.episode(inst, seed, policy, probe, budget)
            finally:
                with trio.CancelScope(shield=True):
                    await inst.aclose()
        rng = random.Random(f"{probe}:{seed}")
        actions: list[str] = []
        ev: dict[str, Any] = {"probe": probe, "seed": seed, "actions": actions}

        def shown(evd: dict[str, Any]) -> dict[str, Any]:
            out = dict(evd)
            out["actions"] = [
                a if len(a) <= 200 else a[:200] + f"...({len(a)} chars)" for a in actions
            ]
            return out

        try:
            obs = self._check_reset(await inst.reset(seed=seed), ev)
        except SandboxError as exc:
            raise _Reject(
                _sandbox_reason(exc),
                f"reset(seed={seed}) failed: {exc}",
                {**shown(ev), **_error_evidence(exc)},
            ) from None
        observations = [obs]
        total, last_info, done = 0.0, None, False
        for turn in range(self.max_turns):
            action = policy(observations, turn, rng)
            actions.append(action)
            step_ev = {**ev, "step": turn}
            try:
                r = await inst.step(action)
            except SandboxError as exc:
                raise _Reject(
                    _sandbox_reason(exc),
                    f"step {turn} failed ({probe} probe): {exc}",
                    {**shown(step_ev), **_error_evidence(exc)},
                ) from None
            self._check_step(r, shown(step_ev))
            if budget is not None:
                budget.check(shown(step_ev))
            total += float(r.reward)
            last_info = dict(r.info)
            observations.append(r.observation)
            done = r.terminated or r.truncated
            if done:
                break
            leak = self.leaks.find(r.observation)
            if leak:
                raise _Reject(
                    leak,
                    f"the {leak.split('_')[0]} appears in the observation of step {turn}",
                    shown(step_ev),
                )
        if not done:
            raise _Reject(
                "never_terminates",
                f"neither terminated nor truncated after MAX_TURNS={self.max_turns} steps",
                shown(ev),
            )
        try:
            await inst.step(actions[-1])
        except SandboxError as exc:
            raise _Reject(
                "step_after_done",
                f"step after the episode ended raised: {exc}",
                {**shown(ev), "step": len(actions), **_error_evidence(exc)},
            ) from None
        return episode_success(last_info, total, success_threshold_of(self.spec))


class _Budget:
    """The whole validation's fuel, summed over every instance it opened, and the instances
    to open (each probe episode gets a fresh one, as play does)."""

    def __init__(self, sandbox: Any, source: str, config: CriticConfig) -> None:
        self.sandbox = sandbox
        self.source = source
        self.config = config
        self.instances: list[Any] = []

    def fuel(self) -> int:
        return sum(int(getattr(i, "fuel_used", 0) or 0) for i in self.instances)

    def check(self, evidence: dict[str, Any]) -> None:
        used = self.fuel()
        if used > self.config.validation_fuel:
            raise _Reject(
                "timeout",
                f"validation burned {used} fuel, over its budget "
                f"critic.validation_fuel={self.config.validation_fuel}",
                {**evidence, "budget": "critic.validation_fuel", "fuel": used},
            )

    async def open(self, probe: str) -> Any:
        try:
            inst = await self.sandbox.open_env(self.source, entropy=1)
        except SandboxError as exc:
            raise _Reject(
                _sandbox_reason(exc),
                f"load failed for the {probe} probe: {exc}",
                {"probe": probe, **_error_evidence(exc)},
            ) from None
        self.instances.append(inst)
        return inst


def _trajectory(obs: str, info: Any, steps: list[Any]) -> list[Any]:
    return [
        obs,
        info,
        *[(r.observation, r.reward, r.terminated, r.truncated, r.info) for r in steps],
    ]


async def _play_actions(inst: Any, seed: int, actions: list[str]) -> list[Any]:
    obs, info = await inst.reset(seed=seed)
    steps = []
    for a in actions:
        r = await inst.step(a)
        steps.append(r)
        if r.terminated or r.truncated:
            break
    return _trajectory(obs, info, steps)


async def _reset_clears_state(budget: _Budget, spec: Any) -> None:
    """An episode replayed after other episodes on one instance must equal the same episode
    on a fresh instance: play builds a fresh instance per episode, validation probes used to
    share one, and state that survives ``reset()`` made the two disagree."""
    rng = random.Random("reset-check")
    seeds = [11, 12, 13]
    plans: list[tuple[int, list[str]]] = []
    for seed in seeds:
        observations = [""]
        plans.append(
            (seed, [_random_policy(observations, t, rng) for t in range(int(spec.max_turns))])
        )
    fresh: list[list[Any]] = []
    for seed, actions in plans:
        inst = await budget.open("reset")
        fresh.append(await _play_actions(inst, seed, actions))
    shared = await budget.open("reset")
    for _ in range(2):
        for (seed, actions), expected in zip(plans, fresh, strict=True):
            got = await _play_actions(shared, seed, actions)
            if got[:2] != expected[:2]:
                # the contract's state_survives_reset, at the first observation (a counter on
                # the class or the module, a global random stream left unseeded): was 'api'
                raise _Reject(
                    "state_survives_reset",
                    f"reset(seed={seed}) on a used instance gave another first observation than "
                    "on a fresh one: state survives reset(); reset() must seed the episode from "
                    "its seed and clear all state",
                    {"seed": seed, "actions": [], "probe": "reset", "step": "reset"},
                )
            if got != expected:
                raise _Reject(
                    "state_survives_reset",
                    f"reset(seed={seed}) then the same actions gave a different episode after "
                    "earlier episodes on the same instance: state survives reset()",
                    {"seed": seed, "actions": actions[:20], "probe": "reset"},
                )


def _compare(a: Any, b: Any, names: tuple[str, ...]) -> tuple[str, Any, Any] | None:
    for name in names:
        va, vb = getattr(a, name), getattr(b, name)
        if va != vb and not (
            isinstance(va, float) and isinstance(vb, float) and math.isnan(va) and math.isnan(vb)
        ):
            return name, va, vb
    return None


async def _determinism(
    sandbox: Any, source: str, a: Any, spec: Any, seeds: int, budget: _Budget | None = None
) -> None:
    """Same seed and actions on two instances whose sandbox entropy differs."""
    b = await sandbox.open_env(source, entropy=2)
    if budget is not None:
        budget.instances.append(b)
    try:
        for seed in range(seeds):
            rng = random.Random(f"determinism:{seed}")
            actions: list[str] = []
            oa, ia = await a.reset(seed=seed)
            ob, ib = await b.reset(seed=seed)
            for field, va, vb in (("observation", oa, ob), ("info", ia, ib)):
                if va != vb:
                    raise _Reject(
                        "nondeterministic",
                        f"reset(seed={seed}) {field} differs between two fresh instances",
                        {
                            "seed": seed,
                            "actions": [],
                            "step": "reset",
                            "field": field,
                            "first": va,
                            "second": vb,
                        },
                    )
            observations = [oa]
            for turn in range(int(spec.max_turns)):
                action = _random_policy(observations, turn, rng)
                actions.append(action)
                ra, rb = await a.step(action), await b.step(action)
                if budget is not None:
                    budget.check({"probe": "determinism", "seed": seed, "step": turn})
                diff = _compare(
                    ra, rb, ("observation", "reward", "terminated", "truncated", "info")
                )
                if diff:
                    raise _Reject(
                        "nondeterministic",
                        f"seed {seed}, step {turn}: {diff[0]} differs between two fresh instances",
                        {
                            "seed": seed,
                            "actions": list(actions),
                            "step": turn,
                            "field": diff[0],
                            "first": diff[1],
                            "second": diff[2],
                        },
                    )
                observations.append(ra.observation)
                if ra.terminated or ra.truncated:
                    break
    finally:
        with trio.CancelScope(shield=True):
            await b.aclose()


def _schema_value(schema: Mapping[str, Any]) -> Any:
    """A probe argument drawn from one argument's schema (checked at load by
    ``engine.contract``'s tool checks): its first ``enum`` value, its ``default``, or a value
    of its ``type`` (of a type list such as ``["string", "null"]``, the first that is not
    ``"null"``)."""
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        return enum[0]
    if "default" in schema:
        return schema["default"]
    t = schema.get("type", "string")
    if isinstance(t, list):
        t = next((k for k in t if k != "null"), "null")
    if not isinstance(t, str):
        t = "string"
    return {
        "integer": 0,
        "number": 0,
        "boolean": False,
        "array": [],
        "object": {},
        "null": None,
    }.get(t, "a")


def _tool_arguments(tool: Mapping[str, Any]) -> dict[str, Any]:
    fn = tool.get("function", tool) if tool.get("type") == "function" else tool
    params = fn.get("parameters") or {}
    props = (params.get("properties") or {}) if isinstance(params, Mapping) else {}
    if not isinstance(props, Mapping):
        return {}
    return {k: _schema_value(v if isinstance(v, Mapping) else {}) for k, v in props.items()}


async def _probe_tools(inst: Any, spec: Any, prober: _Prober) -> None:
    for tool in spec.tools or []:
        name = tool_name(tool)
        args = _tool_arguments(tool)
        ev: dict[str, Any] = {"tool": name, "arguments": args, "seed": 0}
        await inst.reset(seed=0)
        try:
            result = await inst.call_tool(name, args)
        except GuestError as exc:
            msg = str(exc)
            if "not serialisable" in msg:
                raise _Reject(
                    "not_serialisable", f"tool {name!r}: {msg}", {**ev, **_error_evidence(exc)}
                ) from None
            if re.search(
                r"no (such )?(tool|method|attribute)|has no attribute|not callable", msg, re.I
            ):
                raise _Reject(
                    "api",
                    f"tool {name!r} declared in TOOLS but Env has no such method",
                    {**ev, **_error_evidence(exc)},
                ) from None
            if isinstance(exc, ToolCallRefused):
                raise _Reject(
                    "api",
                    f"tool {name!r} cannot take the arguments its TOOLS schema declares",
                    {**ev, **_error_evidence(exc)},
                ) from None
            # a tool answers bad arguments with a string; raising is an environment error in
            # play (env_error), so it is one here too
            raise _Reject(
                "crash",
                f"tool {name!r} raised on arguments drawn from its schema (a tool returns a "
                f"string, an error message included): {exc}",
                {**ev, **_error_evidence(exc)},
            ) from None
        except SandboxError as exc:
            raise _Reject(
                _sandbox_reason(exc), f"tool {name!r} failed: {exc}", {**ev, **_error_evidence(exc)}
            ) from None
        leak = prober.leaks.find(str(result))
        if leak:
            raise _Reject(
                leak,
                f"tool {name!r} reveals the {leak.split('_')[0]}",
                {**ev, "result": str(result)[:500]},
            )


_DEGENERATE: tuple[tuple[str, Policy], ...] = (
    ("empty", _constant("")),
    ("constant", _constant("0")),
    ("constant", _constant("yes")),
    ("constant", _constant("a")),
    ("echo", _echo),
)
_DEGENERATE_SEEDS = 8
"""Seeds each degenerate policy plays (fixed, beyond the random probe seeds)."""
_DEGENERATE_SHARE = 0.875
"""A policy that wins this share of the degenerate seeds makes the design ``degenerate``."""


def _same(policy: Policy, seed: int) -> Policy:
    return policy


def _word_policy(seed: int) -> Policy:
    """Repeats one random word of its own every turn (not a fixed short list of strings)."""
    word = "".join(random.Random(f"word:{seed}").choice("bcdfghjklmnpqrstvwxz") for _ in range(5))
    return _constant(word)


async def _degenerate(
    prober: _Prober, budget: _Budget, seeds: list[int]
) -> tuple[str, str, list[int]] | None:
    """A trivial policy that wins (almost) every seed: ``(label, action, seeds)``, else None.

    Random actions (a fresh stream per seed), a random word repeated, and the fixed empty /
    constant / echo policies each play ``_DEGENERATE_SEEDS`` seeds; winning at least
    ``_DEGENERATE_SHARE`` of them means no skill is needed."""
    need = math.ceil(_DEGENERATE_SHARE * len(seeds))
    candidates: list[tuple[str, str, Callable[[int], Policy]]] = []
    for label, policy in _DEGENERATE:
        shown = policy([""], 0, random.Random(0)) if label != "echo" else "<last observation>"
        candidates.append((label, shown, functools.partial(_same, policy)))
    candidates.append(("random", "<random actions>", functools.partial(_same, _random_policy)))
    candidates.append(("word", "<one random word, repeated>", _word_policy))
    for label, shown, make in candidates:
        wins = 0
        for i, seed in enumerate(seeds):
            wins += await prober.episode(None, seed, make(seed), label, budget)
            if wins + (len(seeds) - i - 1) < need:
                break
        if wins >= need:
            return label, shown, seeds
    return None


def _source_problem(source: str) -> tuple[str, dict[str, Any]] | None:
    """Why the host cannot even compile ``source`` (checked before any sandbox work)."""
    try:
        source.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        return (
            f"the source is not valid Unicode (lone surrogate {bad!r} at index {exc.start})",
            {"error": "UnicodeEncodeError", "index": exc.start},
        )
    try:
        compile(source, "<env>", "exec")  # syntax only: compiling runs nothing
    except (SyntaxError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}", {
            "error": type(exc).__name__,
            "message": str(exc),
            "line": getattr(exc, "lineno", None),
        }
    except (RecursionError, MemoryError) as exc:
        return (
            f"{type(exc).__name__}: the program is too deeply nested or too large to compile "
            "(e.g. a very long expression)",
            {"error": type(exc).__name__, "message": str(exc)[:500]},
        )
    return None


async def inspect_env(
    source: str,
    hint: str,
    sandbox: Any,
    config: CriticConfig = CriticConfig(),
    *,
    is_duplicate: DuplicateTest | None = None,
    proposal: EnvProposed | None = None,
    archive: Any = None,
    max_turns_cap: int | None = None,
    rng: random.Random | None = None,
) -> Validation:
    """Run every sandbox check on one environment; see the module docstring for the order.

    Args:
        source: the environment program.
        hint: the proposal's hint ("" to use the program's ``HINT``).
        sandbox: an open ``sandbox_wasm.Sandbox``.
        config: the ``[critic]`` section (probe counts, long-action length, hint requirement,
            the validation's total budget in seconds and fuel).
        is_duplicate: near-duplicate test against the archive, or ``None`` to skip.
        proposal: the proposal (kept in the verdict); one is made from ``source`` if ``None``.
        archive: an ``actors.memory.Archive``; its ``is_duplicate`` is used when
            ``is_duplicate`` is not given.
        max_turns_cap: the Agent's turn cap (``agent.max_turns_cap``): a larger ``MAX_TURNS``
            is rejected (``max_turns_over_cap``), never silently cut. ``None``: not checked.
        rng: draws the degenerate probe's seeds (private, so a program cannot tell it is
            probed by its seed); ``None``: fixed seeds ``100..107``.

    Returns:
        The :class:`Validation` (verdict, answer, hint in force, checker warnings). Rejections
        are values, never exceptions: nothing the program does raises out of this call.

    Cancellation: cancellable at any await; instances are closed.
    """
    t0 = time.perf_counter()
    if is_duplicate is None and archive is not None:
        is_duplicate = _archive_test(archive)
    if proposal is None:
        proposal = EnvProposed(env_id="env", source=source, hint=hint)
    prop: EnvProposed = proposal

    def reject(reason: str, detail: str, evidence: dict[str, Any]) -> Validation:
        return Validation(
            verdict=EnvRejected(
                env_id=prop.env_id,
                group_id=prop.group_id,
                reason=reason,
                detail=detail,
                evidence=_jsonable(evidence),
                proposal=prop,
            ),
            hint=hint,
        )

    problem = _source_problem(source)
    if problem is not None:
        return reject("compile", *problem)
    budget = _Budget(sandbox, source, config)
    try:
        inst = await sandbox.open_env(source, entropy=1)
    except LoadError as exc:
        tb = exc.guest_traceback
        first = str(exc).splitlines()[0] if str(exc) else "load failed"
        if isinstance(exc, GuestCompileError):
            return reject("compile", first, _error_evidence(exc))
        if not tb:  # the sandbox's own contract check (no Env, bad MAX_TURNS/TOOLS ...)
            return reject("api", first, _error_evidence(exc))
        if re.search(r"SyntaxError|IndentationError|TabError|ImportError|ModuleNotFoundError", tb):
            return reject("compile", first, _error_evidence(exc))
        return reject("crash", f"the program raised while loading: {first}", _error_evidence(exc))
    except SandboxError as exc:
        msg = str(exc)
        detail = msg if msg.startswith("load failed") else f"load failed: {msg}"
        return reject(_sandbox_reason(exc), detail, _error_evidence(exc))
    budget.instances.append(inst)
    try:
        spec = inst.spec
        if getattr(spec, "has_env", True) is False:
            return reject("api", "the module defines no class Env", {})
        problems = spec_problems(spec)
        hint = hint or (spec.hint if isinstance(spec.hint, str) else "")
        if config.require_hint and not hint.strip():
            problems.append("HINT: missing or empty")
        for field, text in (("HINT", hint), ("DESCRIPTION", spec.description)):
            try:
                (text or "").encode("utf-8")
            except (UnicodeEncodeError, AttributeError):
                problems.append(f"{field}: not valid Unicode text (a lone surrogate)")
        if problems:
            return reject("api", problems[0], {"problems": problems})
        if max_turns_cap is not None and int(spec.max_turns) > max_turns_cap:
            return reject(
                "max_turns_over_cap",
                f"MAX_TURNS={spec.max_turns} is above the Agent's turn cap "
                f"agent.max_turns_cap={max_turns_cap}: every episode would be cut short",
                {"max_turns": int(spec.max_turns), "max_turns_cap": max_turns_cap},
            )
        answer = None if spec.answer is None else str(spec.answer)
        if is_duplicate is not None:
            dup, nearest, sim = await trio.to_thread.run_sync(
                is_duplicate, source, spec.description or ""
            )
            if dup:
                return reject(
                    "duplicate",
                    f"near-duplicate of {nearest} (similarity {sim:.3f})",
                    {"nearest": nearest, "similarity": sim},
                )
        prober = _Prober(spec, hint, answer)
        verdict_budget = f"critic.validation_budget_s={config.validation_budget_s:g}"
        try:
            with trio.fail_after(config.validation_budget_s):
                await _determinism(sandbox, source, inst, spec, config.determinism_seeds, budget)
                budget.check({"probe": "determinism"})
                for seed in range(config.probe_episodes):
                    await prober.episode(None, seed, _random_policy, "random", budget)
                long_action = "x" * config.long_action_chars
                for label, action in (
                    ("empty", ""),
                    ("long", long_action),
                    ("unicode", _UNICODE_ACTION),
                    ("json", _JSON_ACTION),
                    ("repeated", "a"),
                ):
                    await prober.episode(None, 0, _constant(action), label, budget)
                await _reset_clears_state(budget, spec)
                await _probe_tools(await budget.open("tools"), spec, prober)
                degenerate_seeds = (
                    list(range(100, 100 + _DEGENERATE_SEEDS))
                    if rng is None
                    else rng.sample(range(1_000_000, 2**31 - 1), _DEGENERATE_SEEDS)
                )
                found = await _degenerate(prober, budget, degenerate_seeds)
                if found is not None:
                    label, action, seeds = found
                    return reject(
                        "degenerate",
                        f"the {label} policy ({action!r}) wins {_DEGENERATE_SHARE:.0%} or more "
                        f"of {len(seeds)} seeds: no skill is needed",
                        {"probe": label, "action": action, "seeds": seeds},
                    )
        except trio.TooSlowError:
            return reject(
                "timeout",
                f"validation ran past its total budget {verdict_budget} "
                "(every call was under the per-call deadline)",
                {"budget": "critic.validation_budget_s", "seconds": config.validation_budget_s},
            )
        except _Reject as rej:
            return reject(rej.reason, rej.detail, rej.evidence)
        except SandboxError as exc:
            return reject(
                _sandbox_reason(exc), f"{type(exc).__name__}: {exc}", _error_evidence(exc)
            )
        warnings_seen: list[str] = []
        if config.gym_check and getattr(inst, "sync", None) is not None:
            from engine.gym_proxy import SandboxEnv, check_env

            proxy = SandboxEnv(inst.sync, spec)
            try:
                warnings_seen = await trio.to_thread.run_sync(check_env, proxy)
            except SandboxError as exc:
                return reject(
                    _sandbox_reason(exc), f"gymnasium env_checker: {exc}", _error_evidence(exc)
                )
            except Exception as exc:
                return reject(
                    "api",
                    f"gymnasium env_checker: {type(exc).__name__}: {exc}",
                    {"checker": "gymnasium.utils.env_checker"},
                )
        if proposal.hint != hint:
            proposal = msgspec.structs.replace(proposal, hint=hint)
        verdict = EnvValidated(
            env_id=proposal.env_id,
            proposal=proposal,
            description=spec.description,
            max_turns=int(spec.max_turns),
            tools=[dict(t) for t in spec.tools or []],
            success_threshold=success_threshold_of(spec),
            validation_seconds=time.perf_counter() - t0,
        )
        return Validation(verdict=verdict, answer=answer, hint=hint, checker_warnings=warnings_seen)
    finally:
        with trio.CancelScope(shield=True):
            for opened in budget.instances:
                try:
                    await opened.aclose()
                except (SandboxError, InstanceClosed, OutputTooLarge, SandboxTrap):
                    pass


def _archive_test(archive: Any) -> DuplicateTest:
    def test(source: str, description: str) -> tuple[bool, str, float]:
        dup, env_id, similarity = archive.is_duplicate(source, description)
        return bool(dup), env_id or "", float(similarity)

    return test


_TOKEN = re.compile(r"[^\s'\"`()\[\]{}<>,;!?]+")


def hint_pieces(hint: str, limit: int = 32) -> list[str]:
    """Answers a hint might state: its quoted spans, then its words and numbers (trailing
    ``.`` / ``:`` stripped), in order of appearance, deduplicated, at most ``limit``."""
    out: list[str] = []
    whole = hint.strip()
    # stops at ``limit``: a membership test on the list of every piece of a 60,000-entry
    # table took 27 s (a tester's, 2026-12-02)
    for m in itertools.chain(
        re.finditer(r"['\"`]([^'\"`]{1,80})['\"`]", hint), _TOKEN.finditer(hint)
    ):
        piece = (m.group(1) if m.re.groups else m.group(0)).strip().rstrip(".:")
        if piece and piece not in out and piece != whole:
            out.append(piece)
            if len(out) >= limit:
                break
    return out


def _jsonable(value: Any) -> Any:
    """Evidence as plain JSON (sets, NaN and objects become strings)."""
    return msgspec.json.decode(msgspec.json.encode(value, enc_hook=repr))


async def validate(
    source: str,
    hint: str,
    sandbox: Any,
    config: CriticConfig = CriticConfig(),
    *,
    is_duplicate: DuplicateTest | None = None,
    proposal: EnvProposed | None = None,
    archive: Any = None,
    max_turns_cap: int | None = None,
) -> EnvValidated | EnvRejected:
    """Validate one environment in the sandbox (every Critic check that needs no policy).

    Args:
        source: the environment program.
        hint: the proposal's hint ("" to use the program's ``HINT``).
        sandbox: an open ``sandbox_wasm.Sandbox``.
        config: the ``[critic]`` section.
        is_duplicate: near-duplicate test against the archive (``Archive.is_duplicate``), or
            ``None`` to skip that check.
        proposal: the proposal to carry in the verdict.
        archive: an ``actors.memory.Archive`` whose ``is_duplicate`` is used when
            ``is_duplicate`` is not given.
        max_turns_cap: the Agent's turn cap (see :func:`inspect_env`).

    Returns:
        ``EnvValidated``, or ``EnvRejected`` with a named reason and evidence.

    Cancellation: cancellable at any await; instances are closed.
    """
    v = await inspect_env(
        source,
        hint,
        sandbox,
        config,
        is_duplicate=is_duplicate,
        proposal=proposal,
        archive=archive,
        max_turns_cap=max_turns_cap,
    )
    return v.verdict
