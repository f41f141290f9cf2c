"""Play sessions: a person plays an archived environment in the WebAssembly sandbox.

Each browser session (a random cookie) holds at most one :class:`PlaySession`: one sandbox
instance, opened with the run's own ``[sandbox]`` limits (deadline, fuel, memory, output
bounds) — the same ``sandbox_wasm.Sandbox.open_env`` / ``reset`` / ``step`` / ``call_tool``
calls the Agent makes in ``actors.agent.play_episode``, and the same answer parsing
(``actors.agent.parse_action``: a JSON ``{"tool": ..., "arguments": ...}`` answer is a tool
call). A limit that fires (an endless loop in ``step`` hits its deadline) ends the episode
with the error shown; the instance is discarded by the sandbox, the server keeps serving.

:class:`PlayPool` bounds the live sessions (``browse.max_players``) and closes those idle
for ``browse.idle_close_s`` seconds (:meth:`PlayPool.run_sweeper`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, Literal

import msgspec
import trio

from actors.agent import parse_action
from engine.config import BrowseConfig
from engine.contract import episode_success, tool_name
from engine.errors import GuestError, SandboxError, SandboxTrap
from sandbox_wasm.host import EnvInstance, EnvSpec, Sandbox

__all__ = [
    "PlayPool",
    "PlaySession",
    "PlayTurn",
    "PlayersFull",
    "find_tool",
    "tool_arguments",
    "tool_fields",
]

TurnKind = Literal["reset", "step", "tool", "error"]


class PlayersFull(Exception):
    """Every one of ``browse.max_players`` play slots is taken (a page, not a crash)."""


class PlayTurn(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a played episode.

    Attributes:
        kind: ``reset`` (the first observation), ``step``, ``tool`` or ``error``.
        action: what the player sent (the action text, or the tool call as JSON).
        observation: what the environment or tool answered (the error text for ``error``).
        reward: the step's reward (``None`` for reset, tool calls and errors).
        terminated: Gymnasium ``terminated``.
        truncated: Gymnasium ``truncated``.
    """

    kind: TurnKind
    action: str = ""
    observation: str = ""
    reward: float | None = None
    terminated: bool = False
    truncated: bool = False


class PlaySession:
    """One browser session's episode (owned by :class:`PlayPool`; the fields are read by the
    page).

    Attributes:
        env_id: the environment played.
        seed: the ``reset`` seed (also the guest's entropy, as the Agent uses it).
        spec: the environment's declarations (tools, turn cap, threshold).
        turns: the episode so far.
        total: sum of the step rewards.
        steps: steps taken (tool calls do not count).
        max_turns: the turn cap (``MAX_TURNS``, capped by ``agent.max_turns_cap``).
        status: ``playing``, ``won``, ``lost``, ``max_turns`` or ``env_error``.
        hint_shown: whether the player asked for the hint.
        last_used: ``trio.current_time()`` of the last request (seconds).
    """

    def __init__(
        self, env_id: str, seed: int, inst: EnvInstance | None, spec: EnvSpec, max_turns: int
    ) -> None:
        self.env_id = env_id
        self.seed = seed
        self.inst = inst
        self.spec = spec
        self.turns: list[PlayTurn] = []
        self.total = 0.0
        self.steps = 0
        self.max_turns = max_turns
        self.status = "playing"
        self.hint_shown = False
        self.last_used = trio.current_time()
        self.lock = trio.Lock()
        self._last_info: dict[str, Any] | None = None

    @property
    def done(self) -> bool:
        """Whether the episode has ended (no more actions accepted)."""
        return self.status != "playing"

    async def close(self) -> None:
        """Free the sandbox instance (idempotent; never blocks the loop)."""
        inst, self.inst = self.inst, None
        if inst is not None:
            await inst.aclose()

    async def fail(self, what: str, exc: SandboxError) -> None:
        kind = "hit a sandbox limit" if isinstance(exc, SandboxTrap) else "failed"
        self.turns.append(
            PlayTurn(kind="error", action=what, observation=f"{kind}: {type(exc).__name__}: {exc}")
        )
        self.status = "env_error"
        await self.close()

    async def reset(self) -> None:
        """Reset the environment on ``seed``; a sandbox failure ends the episode."""
        assert self.inst is not None
        try:
            obs, _ = await self.inst.reset(seed=self.seed)
        except SandboxError as exc:
            await self.fail("reset", exc)
            return
        self.turns.append(PlayTurn(kind="reset", observation=str(obs)))

    async def act(self, text: str) -> None:
        """Send one answer: a tool call when it is a JSON tool call, else a ``step`` action.

        Args:
            text: what the player typed (parsed as the Agent's answers are).
        """
        if self.done or self.inst is None:
            return
        parsed = parse_action(text, self.spec.tools)
        if parsed.tool is not None:
            await self.call_tool(parsed.tool, dict(parsed.arguments))
            return
        try:
            r = await self.inst.step(parsed.action)
        except SandboxError as exc:
            await self.fail(parsed.action, exc)
            return
        reward = float(r.reward) if math.isfinite(r.reward) else 0.0
        self.total += reward
        self.steps += 1
        self._last_info = dict(r.info) if isinstance(r.info, Mapping) else {}
        self.turns.append(
            PlayTurn(
                kind="step",
                action=parsed.action,
                observation=str(r.observation),
                reward=reward,
                terminated=bool(r.terminated),
                truncated=bool(r.truncated),
            )
        )
        if r.terminated or r.truncated:
            won = episode_success(self._last_info, self.total, self.spec.success_threshold)
            self.status = "won" if won else "lost"
            await self.close()
        elif self.steps >= self.max_turns:
            self.status = "max_turns"
            await self.close()

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> None:
        """Call a declared tool; a tool's own error is shown as its result (as for the Agent)."""
        if self.done or self.inst is None:
            return
        action = json.dumps({"tool": name, "arguments": arguments}, ensure_ascii=False)
        try:
            result = await self.inst.call_tool(name, arguments)
        except GuestError as exc:
            result = f"tool error: {exc}"
        except SandboxError as exc:
            await self.fail(action, exc)
            return
        self.turns.append(PlayTurn(kind="tool", action=action, observation=str(result)))


class PlayPool:
    """The live play sessions, at most ``config.max_players``, keyed by browser session id.

    Args:
        sandbox: an open sandbox with the run's ``[sandbox]`` limits.
        config: the ``[browse]`` section.
        max_turns_cap: the run's ``agent.max_turns_cap`` (turns).
    """

    def __init__(self, sandbox: Sandbox, config: BrowseConfig, max_turns_cap: int) -> None:
        self.sandbox = sandbox
        self.config = config
        self.max_turns_cap = max_turns_cap
        self._sessions: dict[str, PlaySession] = {}
        self.closed_idle = 0
        """Sessions closed for idleness so far."""

    def __len__(self) -> int:
        return len(self._sessions)

    def get(self, sid: str) -> PlaySession | None:
        """The session's episode (touching it), or ``None``."""
        s = self._sessions.get(sid)
        if s is not None:
            s.last_used = trio.current_time()
        return s

    async def start(self, sid: str, env_id: str, source: str, seed: int) -> PlaySession:
        """Start a new episode for ``sid``, closing its previous one.

        Args:
            sid: the browser session id.
            env_id: the environment's id (shown on the page).
            source: its program.
            seed: the ``reset`` seed.

        Returns:
            The session, reset (or already ended with ``env_error`` when load or reset failed).

        Raises:
            PlayersFull: ``max_players`` other sessions are live.
        """
        old = self._sessions.pop(sid, None)
        if old is not None:
            await old.close()
        if len(self._sessions) >= self.config.max_players:
            raise PlayersFull(
                f"all {self.config.max_players} play slots are in use "
                f"(browse.max_players); try again when one is idle"
            )
        try:
            inst = await self.sandbox.open_env(source, entropy=seed)
        except SandboxError as exc:
            failed = PlaySession(env_id, seed, None, _NO_SPEC, 0)
            self._sessions[sid] = failed
            await failed.fail("load", exc)
            return failed
        max_turns = min(inst.spec.max_turns or self.max_turns_cap, self.max_turns_cap)
        session = PlaySession(env_id, seed, inst, inst.spec, max_turns)
        self._sessions[sid] = session
        await session.reset()
        return session

    async def run_sweeper(
        self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED
    ) -> None:
        """Close sessions idle for ``idle_close_s`` seconds, forever (cancel to stop).

        Checks every ``idle_close_s / 4`` seconds (at most every 5 s).
        """
        task_status.started()
        period = min(5.0, self.config.idle_close_s / 4)
        while True:
            await trio.sleep(period)
            now = trio.current_time()
            for sid, s in list(self._sessions.items()):
                if now - s.last_used >= self.config.idle_close_s and not s.lock.locked():
                    del self._sessions[sid]
                    self.closed_idle += 1
                    await s.close()

    async def aclose(self) -> None:
        """Close every session."""
        sessions, self._sessions = list(self._sessions.values()), {}
        for s in sessions:
            await s.close()


_NO_SPEC = EnvSpec(
    description="",
    hint="",
    max_turns=0,
    tools=[],
    reward_range=(-math.inf, math.inf),
    success_threshold=1.0,
    answer=None,
)
"""The spec of a program that did not load."""


def tool_fields(tool: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The form fields of one ``TOOLS`` entry (JSON-schema function spec).

    Accepts ``{"name", "parameters"}`` and ``{"type": "function", "function": {...}}``.

    Returns:
        One ``{"name", "type", "input", "required", "description", "enum"}`` per parameter;
        ``input`` is the HTML input type (``number``, ``checkbox`` or ``text``).
    """
    fn = tool.get("function", tool)
    params = fn.get("parameters", {}) if isinstance(fn, Mapping) else {}
    props = params.get("properties", {}) if isinstance(params, Mapping) else {}
    required = set(params.get("required", [])) if isinstance(params, Mapping) else set()
    out = []
    for name, schema in props.items() if isinstance(props, Mapping) else []:
        schema = schema if isinstance(schema, Mapping) else {}
        typ = str(schema.get("type", "string"))
        out.append(
            {
                "name": str(name),
                "type": typ,
                "input": {"integer": "number", "number": "number", "boolean": "checkbox"}.get(
                    typ, "text"
                ),
                "required": name in required,
                "description": str(schema.get("description", "")),
                "enum": list(schema["enum"]) if isinstance(schema.get("enum"), list) else [],
            }
        )
    return out


def tool_arguments(tool: Mapping[str, Any], form: Mapping[str, str]) -> dict[str, Any]:
    """The tool call's arguments from a submitted form, converted by the schema's types.

    Empty optional fields are left out; a value that does not convert is passed as text (the
    tool's own error then says what it expected, as it would to the Agent).
    """
    args: dict[str, Any] = {}
    for f in tool_fields(tool):
        raw = form.get(f"arg_{f['name']}")
        if f["input"] == "checkbox":
            args[f["name"]] = raw is not None
            continue
        if raw is None or (raw == "" and not f["required"]):
            continue
        value: Any = raw
        try:
            if f["type"] == "integer":
                value = int(raw)
            elif f["type"] == "number":
                value = float(raw)
            elif f["type"] in ("array", "object"):
                value = msgspec.json.decode(raw)
        except (ValueError, msgspec.DecodeError):
            value = raw
        args[f["name"]] = value
    return args


def find_tool(spec: EnvSpec, name: str) -> Mapping[str, Any] | None:
    """The ``TOOLS`` entry named ``name``, or ``None``."""
    return next((t for t in spec.tools if tool_name(t) == name), None)
