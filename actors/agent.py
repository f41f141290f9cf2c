"""The Reasoning Agent: multi-turn episodes of a sandboxed environment (DESIGN.md §2, §3).

One episode (:func:`play_episode`): open a fresh sandbox instance (the actor's training replays,
``purpose="train"``, may get one that played the same source, loaded afresh: see
``Sandbox.open_env(reuse=True)``), ``reset(seed)``, then each
turn ask the agent for an answer, parse it as a JSON tool call ``{"tool": name, "arguments":
{...}}`` or an action string, ``call_tool`` or ``step`` in the sandbox, until the environment
terminates or truncates, ``MAX_TURNS`` turns pass, or the token budget runs out. Success follows
the contract (:func:`engine.contract.episode_success`).

Two kinds of agent play:

- :class:`PolicyAgent` — the language model through the policy client: a chat prompt with the
  description, tool schemas and (when given) the hint, the observations so far as user turns and
  its own earlier answers as assistant turns. Each ``Turn`` keeps the prompt ids, the generated
  ids and their rollout logprobs; the loss mask covers generated ids only.
- :class:`ScriptedAgent` — a Python callable ``(observations, hint, rng, memory) -> str`` run in
  the host process (tests, ``python -m engine.score --agent``).

:class:`Agent` is the actor: it plays ``EpisodeRequested`` messages (replays of archived
environments), many at once (bounded by ``config.agent.concurrency``), and sends
``EpisodeFinished`` to the Learner. Scoring episodes are played by the Critic's ``score_env``
with the same :func:`play_episode`.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import msgspec
import trio

from actors._prompt import IncrementalChat, incremental_ok
from engine.config import AgentConfig
from engine.contract import episode_success, tool_name
from engine.errors import GuestError, InvalidAction, PolicyError, SandboxError, ToolCallRefused
from engine.inference import policy_version
from engine.messages import AgentIn, EpisodeFinished, EpisodeRequested, Turn, WeightsUpdated
from engine.seeding import derive_seed

__all__ = [
    "Agent",
    "AgentReply",
    "AgentStatistics",
    "EpisodeAgent",
    "ParsedAction",
    "PolicyAgent",
    "ScriptedAgent",
    "ScriptedFn",
    "TurnContext",
    "build_messages",
    "parse_action",
    "play_episode",
]

ScriptedFn = Callable[[list[str], "str | None", random.Random, dict[str, Any]], str]
"""A scripted agent: ``(observations, hint, rng, memory) -> action text``."""


# --------------------------------------------------------------------------- sandbox surface


class _StepResult(Protocol):
    observation: str
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]


class InstanceLike(Protocol):
    """The part of ``sandbox_wasm.EnvInstance`` the actors use."""

    @property
    def spec(self) -> Any: ...
    async def reset(self, seed: int | None = None) -> tuple[str, dict[str, Any]]: ...
    async def step(self, action: str) -> Any: ...
    async def call_tool(self, name: str, arguments: dict[str, Any]) -> str: ...
    async def aclose(self) -> None: ...


class SandboxLike(Protocol):
    """The part of ``sandbox_wasm.Sandbox`` the actors use."""

    async def open_env(self, source: str, *, entropy: int = 0, reuse: bool = False) -> Any: ...


# --------------------------------------------------------------------------- action parsing


class ParsedAction(msgspec.Struct, frozen=True, kw_only=True):
    """An agent answer, parsed.

    Attributes:
        action: the action string for ``step`` (the whole answer, stripped), or the tool call
            as compact JSON.
        tool: tool name when the answer is a tool call, else ``None``.
        arguments: tool arguments (empty for a plain action).
        error: why the answer cannot be played as it stands (a tool call whose ``arguments``
            are not a JSON object or hold NaN/Infinity; text that is not valid Unicode), else
            ``None``. :func:`play_episode` shows it to the agent as that turn's observation and
            sends nothing to the environment.
    """

    action: str
    tool: str | None = None
    arguments: dict[str, Any] = {}
    error: str | None = None


class _NonFinite:
    """Marks a ``NaN``/``Infinity`` literal: Python's json accepts them, JSON does not."""

    def __init__(self, text: str) -> None:
        self.text = text


_DECODER = json.JSONDecoder(parse_constant=_NonFinite)


_JSON_STARTS = 256
"""Most ``{`` that :func:`_json_objects` tries in vain before it stops looking."""
_JSON_WINDOW = 16_384
_TOOL_NAMED = re.compile(r'"(?:tool|name)"[ \t\r\n]*:[ \t\r\n]*"([^"\\\n]{1,128})"')
"""A JSON member naming a tool (``"tool": "say"``), found where no object decodes."""
"""Characters from a ``{`` that :func:`_json_objects` reads for one object (16 Ki)."""


def _json_objects(text: str) -> list[Any]:
    """JSON objects found in ``text`` (each ``{`` tried as the start of one, up to 8 objects,
    :data:`_JSON_STARTS` failed starts and :data:`_JSON_WINDOW` characters an object).

    Why the bounds: each failed start costs time linear in what it reads and in its position
    (the decode error counts the lines before it), and a nested object fails at every ``{``
    inside it: 300,000 ``{`` took 17 s of the event loop, charged to every episode in flight
    as sandbox time, and 64 starts over a 2 M-character answer 2.8 s (two testers',
    2026-12-01). Each start now reads at most 16 Ki characters, so one answer costs at most
    256 x 16 Ki character reads (under 0.1 s). A tool call longer than 16 Ki characters, or
    after 256 broken ``{`` (a long LaTeX derivation), is read as text.
    """
    out: list[Any] = []
    failed = 0
    i = text.find("{")
    while i != -1 and len(out) < 8:
        try:
            obj, used = _DECODER.raw_decode(text[i : i + _JSON_WINDOW])
        except (ValueError, RecursionError):  # JSONDecodeError, an int over 4300 digits
            failed += 1
            if failed >= _JSON_STARTS:
                break
            i = text.find("{", i + 1)
            continue
        end = i + used
        out.append(obj)
        i = text.find("{", end)
    return out


def _argument_problem(value: Any, path: str = "arguments", depth: int = 0) -> str | None:
    """Why tool arguments cannot go to the tool as they are (first problem), else ``None``."""
    if isinstance(value, _NonFinite):
        return f"{path} is {value.text}, which is not a JSON number"
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            bad = exc.object[exc.start : exc.end]
            return f"{path} is not valid Unicode (lone surrogate {bad!r})"
        return None
    if depth > 64:
        return f"{path} is nested deeper than 64 levels"
    if isinstance(value, dict):
        for k, v in value.items():
            found = _argument_problem(k, f"{path} key {k!r}", depth + 1) or _argument_problem(
                v, f"{path}[{k!r}]", depth + 1
            )
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _argument_problem(v, f"{path}[{i}]", depth + 1)
            if found:
                return found
    return None


def _invalid_unicode(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        return f"the answer is not valid Unicode (lone surrogate {bad!r} at index {exc.start})"
    return None


def parse_action(text: str, tools: Sequence[Mapping[str, Any]] = ()) -> ParsedAction:
    """Parse an agent's answer into a tool call or an action string.

    A tool call is a JSON object ``{"tool": NAME, "arguments": {...}}`` anywhere in the answer
    whose ``NAME`` is one of ``tools`` (``"name"`` is accepted for ``"tool"`` and
    ``"args"``/``"parameters"`` for ``"arguments"``). ``arguments`` may also be a JSON-encoded
    string holding the object (the OpenAI wire format); it is decoded. Arguments that are not
    an object, hold ``NaN``/``Infinity`` or lone surrogates are never changed silently: the
    result carries an ``error`` for the agent to see. Anything else is an action: the answer
    with surrounding whitespace removed, and an ``Action:`` prefix on its last line dropped.

    Args:
        text: the agent's answer.
        tools: the environment's tool specs.

    Returns:
        The :class:`ParsedAction`. Never raises.
    """
    names = {tool_name(t) for t in tools}
    if names and "{" in text:
        for obj in _json_objects(text):
            if not isinstance(obj, dict):
                continue
            name = obj.get("tool", obj.get("name"))
            if isinstance(name, str) and name in names:
                return _tool_call(name, obj)
        # a call to a known tool that does not decode (nested 1,000 deep, an integer over
        # 4,300 digits, longer than the 16 Ki window) is a failed call the agent sees, not
        # its JSON text played as an action (a new user's trial, 2026-12-05)
        for m in itertools.islice(_TOOL_NAMED.finditer(text), 64):
            if m.group(1) in names:
                error = (
                    f"tool {m.group(1)!r}: the call is not a JSON object this engine reads "
                    f"(nested too deep, a number over 4,300 digits, or over {_JSON_WINDOW:,} "
                    "characters)"
                )
                call = json.dumps({"tool": m.group(1), "error": error}, ensure_ascii=True)
                return ParsedAction(action=call, tool=m.group(1), arguments={}, error=error)
    bad = _invalid_unicode(text)
    action = text.strip()
    last = action.rsplit("\n", 1)[-1].strip()
    if last.lower().startswith("action:"):
        action = last[len("action:") :].strip()
    if bad:
        return ParsedAction(action=action.encode("utf-8", "backslashreplace").decode(), error=bad)
    return ParsedAction(action=action)


def _tool_call(name: str, obj: dict[str, Any]) -> ParsedAction:
    args: Any = {}
    for key in ("arguments", "args", "parameters"):
        if key in obj:
            args = obj[key]
            break
    error = None
    if isinstance(args, str):  # OpenAI wire format: the object JSON-encoded as a string
        text = args
        try:
            args = _DECODER.decode(text) if text.strip() else {}
        except (ValueError, RecursionError) as exc:
            args, error = {}, f"tool {name!r}: arguments is a string that is not JSON ({exc})"
    if error is None and not isinstance(args, dict):
        error = (
            f"tool {name!r}: arguments must be a JSON object of named arguments, "
            f"got {type(args).__name__}"
        )
        args = {}
    if error is None:
        problem = _argument_problem(args)
        if problem:
            error = f"tool {name!r}: {problem}"
    if error is not None:
        call = json.dumps({"tool": name, "error": error}, ensure_ascii=True)
        return ParsedAction(action=call, tool=name, arguments={}, error=error)
    call = json.dumps({"tool": name, "arguments": args}, ensure_ascii=False)
    return ParsedAction(action=call, tool=name, arguments=args)


# --------------------------------------------------------------------------- agents


class TurnContext(msgspec.Struct, kw_only=True):
    """What an agent sees on one turn.

    Attributes:
        description: the task text.
        tools: tool specs.
        hint: the privileged hint, or ``None`` in unhinted episodes.
        observations: every observation so far (reset observation first; tool results too).
        answers: the agent's earlier raw answers, one per earlier turn.
        turn: 0-based turn index.
        rng: per-episode generator seeded from the episode seed.
        memory: a fresh dict per episode, for the agent's own state.
        episode_id: the episode's id (``EpisodeRequested.episode_id``).
    """

    description: str
    tools: list[dict[str, Any]]
    hint: str | None
    observations: list[str]
    answers: list[str]
    turn: int
    rng: random.Random
    memory: dict[str, Any]
    episode_id: str = ""


class AgentReply(msgspec.Struct, frozen=True, kw_only=True):
    """An agent's answer on one turn.

    Attributes:
        text: the answer text (parsed by :func:`parse_action`).
        prompt_ids: tokens fed to the policy, ``(P,)`` (empty for scripted agents).
        output_ids: generated tokens, ``(T,)``.
        output_logprobs: rollout logprobs of ``output_ids``, ``(T,)``.
        policy_version: weight version that generated it (-1 for scripted agents).
    """

    text: str
    prompt_ids: list[int] = []
    output_ids: list[int] = []
    output_logprobs: list[float] = []
    policy_version: int = -1


class EpisodeAgent(Protocol):
    """Anything that answers a turn: :class:`PolicyAgent` or :class:`ScriptedAgent`."""

    name: str

    async def act(self, ctx: TurnContext) -> AgentReply:
        """Answer one turn.

        Raises:
            Exception: any failure; :func:`play_episode` records it as ``policy_error``.
        """
        ...

    def budget_left(self, ctx: TurnContext, max_episode_tokens: int) -> bool:
        """Whether another turn fits in the episode's token budget."""
        ...


class ScriptedAgent:
    """A Python callable playing the Agent, in the host process.

    Args:
        fn: ``(observations: list[str], hint: str | None, rng: random.Random, memory: dict)
            -> str``, called once per turn (``observations`` is a copy). ``memory`` is the
            episode's own dict; before each call its key ``"answers"`` is set to the answers
            played so far, one string a turn, as played: where the Critic's gate check
            replaced an answer (``information_gate``), the replacement, as a policy sees its
            own earlier answers in the chat history. A callable that remembers what it meant
            in a key of its own instead never learns that its move was replaced.
        name: shown in errors (``"module:callable"``).
        turn_timeout_s: ``None`` (the default): the callable runs on the trio thread, so it
            may use trio's objects (set an event, read a memory channel), and one that blocks
            (``time.sleep``) blocks the loop. Seconds: it runs in a worker thread, at most
            that long a turn (past it the turn is a ``TimeoutError``, a policy error, and the
            thread is left to finish on its own); ``python -m engine.score --agent`` uses 60 s
            (a new user's sleeping agent hung the score).

    Raises:
        ValueError: ``turn_timeout_s`` is not a positive finite number of seconds.
    """

    def __init__(self, fn: ScriptedFn, name: str = "", turn_timeout_s: float | None = None) -> None:
        if turn_timeout_s is not None and not 0 < turn_timeout_s < math.inf:
            raise ValueError(
                f"turn_timeout_s must be positive seconds or None, got {turn_timeout_s!r}"
            )
        self.fn = fn
        self.name = name or getattr(fn, "__qualname__", repr(fn))
        self.turn_timeout_s = turn_timeout_s

    def _call(self, ctx: TurnContext) -> Any:
        """The callable's answer; ``StopIteration`` and any ``BaseException`` but
        ``KeyboardInterrupt`` (``SystemExit``, ``GeneratorExit``, an agent's own subclass: a new
        user's took the whole run down) come back as ``RuntimeError`` naming them (see
        :meth:`act`)."""
        try:
            return self.fn(list(ctx.observations), ctx.hint, ctx.rng, ctx.memory)
        except StopIteration as exc:
            raise RuntimeError(
                f"the scripted agent {self.name} raised StopIteration (next() of an exhausted "
                "iterator?)"
            ) from exc
        except (KeyboardInterrupt, trio.Cancelled):
            raise  # Ctrl-C's, and trio's own
        except Exception:
            raise
        except BaseException as exc:  # SystemExit, GeneratorExit, a class of the agent's own
            raise RuntimeError(
                f"the scripted agent {self.name} raised {type(exc).__name__}: {exc}"
            ) from exc

    async def act(self, ctx: TurnContext) -> AgentReply:
        """Call the callable: on the trio thread, or in a worker thread for at most
        ``turn_timeout_s`` seconds where that is set.

        Raises:
            TypeError: the callable returned something other than ``str``.
            TimeoutError: in a worker thread, it took longer than ``turn_timeout_s``.
            RuntimeError: the callable raised ``StopIteration`` (say, ``next()`` of an
                exhausted iterator), named as such: out of a coroutine Python reports only
                "coroutine raised StopIteration" (tester51); or any other ``BaseException``
                (``SystemExit``, ``GeneratorExit``, a subclass of the agent's own: a new user's
                agent that called ``sys.exit()`` took the whole score down with a
                ``BaseExceptionGroup``). ``KeyboardInterrupt`` is Ctrl-C's and goes through.
            Exception: whatever else the callable raises.
        """
        ctx.memory["answers"] = list(ctx.answers)
        if self.turn_timeout_s is None:
            text = self._call(ctx)
        else:
            with trio.move_on_after(self.turn_timeout_s) as scope:
                text = await trio.to_thread.run_sync(self._call, ctx, abandon_on_cancel=True)
            if scope.cancelled_caught:
                raise TimeoutError(
                    f"the scripted agent {self.name} took over {self.turn_timeout_s:g} s on "
                    "one turn"
                )
        if not isinstance(text, str):
            raise TypeError(f"returned {type(text).__name__}, expected str")
        return AgentReply(text=text)

    def budget_left(self, ctx: TurnContext, max_episode_tokens: int) -> bool:
        """Scripted agents use no tokens: always ``True``."""
        return True


_SYSTEM = (
    "You are playing a text environment, one turn at a time.\n"
    "Task: {description}\n"
    "{tools}{hint}"
    "Each turn, answer with your action only. "
    'To call a tool answer with one JSON object {{"tool": "<name>", "arguments": {{...}}}}.'
)


def build_messages(
    description: str,
    tools: Sequence[Mapping[str, Any]],
    hint: str | None,
    observations: Sequence[str],
    answers: Sequence[str],
) -> list[dict[str, str]]:
    """The chat prompt of one Agent turn.

    The system message holds the task description, the tool schemas (JSON) and the hint when
    given; then the observations alternate with the agent's own earlier answers.

    Args:
        description: task text.
        tools: tool specs.
        hint: the hint, or ``None``.
        observations: observations so far (``len(answers) + 1`` of them).
        answers: earlier answers.

    Returns:
        Chat messages ``[{"role": ..., "content": ...}, ...]`` ending with a user turn.
    """
    tools_text = (
        f"Tools (JSON schema): {json.dumps(list(tools), ensure_ascii=False)}\n" if tools else ""
    )
    hint_text = f"Hint: {hint}\n" if hint else ""
    msgs = [
        {
            "role": "system",
            "content": _SYSTEM.format(description=description, tools=tools_text, hint=hint_text),
        }
    ]
    for i, obs in enumerate(observations):
        msgs.append({"role": "user", "content": obs})
        if i < len(answers):
            msgs.append({"role": "assistant", "content": answers[i]})
    return msgs


class _Generator(Protocol):
    async def generate(
        self,
        input_ids: Sequence[int],
        *,
        max_new_tokens: int,
        temperature: float = ...,
        top_p: float = ...,
        stop_token_ids: Sequence[int] | None = ...,
        sampling_seed: int | None = ...,
    ) -> Any: ...


def _version(g: Any) -> int:
    """Policy version of a generation: ``engine.inference.policy_version`` (the Designer's rule:
    ``"default"`` is 0, the initial weights; the oldest span when weights changed mid-request)."""
    return policy_version(g.weight_version, getattr(g, "weight_versions", ()))


class PolicyAgent:
    """The language model playing the Agent through the policy client.

    Args:
        client: a ``engine.inference.PolicyClient`` (anything with its ``generate``).
        tokenizer: a Hugging Face tokenizer with a chat template.
        config: the ``[agent]`` section (tokens per turn, episode budget).
        temperature: sampling temperature.
        top_p: nucleus sampling top-p.
        name: shown in errors.
        seed: deterministic mode: each turn's request carries the sampling seed
            ``derive_seed(seed, "agent", episode_id, turn)`` (``None``: the server's own).
    """

    def __init__(
        self,
        client: _Generator,
        tokenizer: Any,
        config: AgentConfig = AgentConfig(),
        *,
        temperature: float = 1.0,
        top_p: float = 1.0,
        name: str = "policy",
        seed: int | None = None,
    ) -> None:
        self.client = client
        self.seed = seed
        self.tokenizer = tokenizer
        self.config = config
        self.temperature = temperature
        self.top_p = top_p
        self.name = name
        eos = getattr(tokenizer, "eos_token_id", None)
        self._stop = [int(eos)] if isinstance(eos, int) else None
        # incremental chat tokenization when exact for this tokenizer (actors/_prompt.py)
        self._specials = incremental_ok(tokenizer)

    def _prompt(self, ctx: TurnContext) -> list[int]:
        cached = ctx.memory.get("_prompt_ids")
        if cached is not None and ctx.memory.get("_prompt_turn") == ctx.turn:
            return list(cached)
        msgs = build_messages(ctx.description, ctx.tools, ctx.hint, ctx.observations, ctx.answers)
        chat = ctx.memory.get("_chat")
        if not isinstance(chat, IncrementalChat):
            chat = ctx.memory["_chat"] = IncrementalChat(self.tokenizer, self._specials)
        ids = chat.ids(msgs)
        ctx.memory["_prompt_ids"] = ids
        ctx.memory["_prompt_turn"] = ctx.turn
        return ids

    def budget_left(self, ctx: TurnContext, max_episode_tokens: int) -> bool:
        """Whether this turn's prompt plus ``max_new_tokens`` fits the episode budget (tokens)."""
        return len(self._prompt(ctx)) + self.config.max_new_tokens <= max_episode_tokens

    async def act(self, ctx: TurnContext) -> AgentReply:
        """Generate one answer (cancellable; the request is abandoned).

        Raises:
            engine.errors.PolicyError: the policy servers failed.
        """
        ids = self._prompt(ctx)
        seeded = (
            {}
            if self.seed is None
            else {"sampling_seed": derive_seed(self.seed, "agent", ctx.episode_id, ctx.turn)}
        )
        g = await self.client.generate(
            ids,
            max_new_tokens=self.config.max_new_tokens,
            temperature=self.temperature,
            top_p=self.top_p,
            stop_token_ids=self._stop,
            **seeded,
        )
        out = [int(i) for i in g.output_ids]
        text = g.text if isinstance(g.text, str) and g.text else ""
        if not text and out:
            text = self.tokenizer.decode(out, skip_special_tokens=True)
        return AgentReply(
            text=text,
            prompt_ids=ids,
            output_ids=out,
            output_logprobs=[float(x) for x in g.output_logprobs],
            policy_version=_version(g),
        )


# --------------------------------------------------------------------------- one episode


def _finite(x: Any) -> float:
    try:
        v = float(x)
    except (TypeError, ValueError):
        return 0.0
    return v if math.isfinite(v) else 0.0


def _bounded(x: float) -> float:
    """``x``, or the largest finite float of its sign where the sum overflowed."""
    return x if math.isfinite(x) else math.copysign(sys.float_info.max, x)


class _EnvBudgetExceeded(Exception):
    """The episode's sandbox wall time or fuel, all calls together, ran out."""


class _Metered:
    """Wraps an instance's calls to count the episode's sandbox seconds and fuel."""

    def __init__(self, inst: Any, config: AgentConfig) -> None:
        self.inst = inst
        self.config = config
        self.seconds = 0.0

    def _check(self) -> None:
        fuel = int(getattr(self.inst, "fuel_used", 0) or 0)
        if self.seconds > self.config.episode_budget_s:
            raise _EnvBudgetExceeded(
                f"the environment used {self.seconds:.1f} s of sandbox time, over the "
                f"episode budget agent.episode_budget_s={self.config.episode_budget_s:g}"
            )
        if fuel > self.config.episode_fuel:
            raise _EnvBudgetExceeded(
                f"the environment burned {fuel} fuel, over the episode budget "
                f"agent.episode_fuel={self.config.episode_fuel}"
            )

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        t = time.perf_counter()
        try:
            return await fn(*args)
        finally:
            self.seconds += time.perf_counter() - t
            self._check()


async def play_episode(
    request: EpisodeRequested,
    sandbox: SandboxLike,
    agent: EpisodeAgent,
    config: AgentConfig = AgentConfig(),
    *,
    reuse: bool = False,
) -> EpisodeFinished:
    """Play one episode of ``request.source`` in a fresh sandbox instance.

    Turns: every agent answer is a turn, tool calls included, and counts against
    ``min(MAX_TURNS, config.max_turns_cap)``. An answer that cannot be played as it stands
    (a tool call whose arguments hold NaN/Infinity or lone surrogates or are not an object;
    text that is not valid Unicode; see :func:`parse_action`) is a failed turn: the agent sees
    ``error: ...`` as its observation and nothing is sent to the environment.

    Args:
        request: what to play (source, seed, hint or ``None``, turn cap, threshold).
        sandbox: an open ``sandbox_wasm.Sandbox``.
        agent: a :class:`PolicyAgent` or :class:`ScriptedAgent`.
        config: the ``[agent]`` section (turn cap, token budget, the episode's sandbox budget
            ``episode_budget_s`` in seconds and ``episode_fuel``).
        reuse: accept an instance that already played this source (``Sandbox.open_env(
            reuse=True)``: the source loaded afresh, at most ``sandbox.reuse_episodes``
            episodes per instance). The Agent actor's training episodes pass it; the Critic's
            scoring episodes never do.

    Returns:
        The ``EpisodeFinished``. Failures are values: ``status`` is ``env_error`` (the sandbox
        failed: load, crash, trap, timeout, the episode's sandbox budget, an ``info["success"]``
        that is not a bool), ``policy_error`` (the agent raised or returned a non-string;
        ``reason`` names the agent and the turn), ``max_turns`` (the turn cap ran out) or
        ``token_budget``; success is ``False`` unless the environment ended the episode
        (``status`` ``ok``) and reported it. Never
        raises for anything the environment or the agent does.

    Cancellation: cancellable at any await; the instance is closed.
    """
    t0 = time.perf_counter()
    rng = random.Random(f"agent:{request.seed}")  # not the env's own seed stream
    max_turns = min(request.max_turns, config.max_turns_cap)
    turns: list[Turn] = []
    total = 0.0
    last_info: dict[str, Any] | None = None
    status = "ok"
    reason = ""
    version = -1

    def finish() -> EpisodeFinished:
        nonlocal status, reason
        success = False
        if status != "env_error" and last_info is not None:
            try:
                success = episode_success(last_info, total, request.success_threshold)
            except ValueError as exc:
                status, reason = "env_error", f"turn {len(turns) - 1}: {exc}"
        # Only an episode the environment ended is won (the contract): a "win" reported in
        # info on a turn that did not end it would escape every check that reads ended wins.
        success = success and status == "ok"
        return EpisodeFinished(
            episode_id=request.episode_id,
            env_id=request.env_id,
            group_id=request.group_id,
            seed=request.seed,
            hinted=request.hint is not None,
            purpose=request.purpose,
            turns=turns,
            episode_return=total,
            success=success,
            status=status,  # type: ignore[arg-type]
            reason=reason,
            policy_version=version,
            seconds=time.perf_counter() - t0,
            temperature=getattr(agent, "temperature", 1.0),
            group_size=request.group_size,
        )

    try:
        if reuse:
            inst = await sandbox.open_env(request.source, entropy=request.seed, reuse=True)
        else:
            inst = await sandbox.open_env(request.source, entropy=request.seed)
    except SandboxError as exc:
        status, reason = "env_error", f"load: {type(exc).__name__}: {exc}"
        return finish()
    meter = _Metered(inst, config)
    try:
        try:
            obs, _ = await meter.call(inst.reset, request.seed)
        except (SandboxError, _EnvBudgetExceeded) as exc:
            status, reason = "env_error", f"reset: {type(exc).__name__}: {exc}"
            return finish()
        ctx = TurnContext(
            description=request.description,
            tools=list(request.tools),
            hint=request.hint,
            observations=[str(obs)],
            answers=[],
            turn=0,
            rng=rng,
            memory={},
            episode_id=request.episode_id,
        )
        done = False
        steps = 0
        for turn in range(max_turns):
            ctx.turn = turn
            ts = time.perf_counter()
            try:
                if not agent.budget_left(ctx, config.max_episode_tokens):
                    status, reason = "token_budget", f"prompt over budget at turn {turn}"
                    break
                reply = await agent.act(ctx)
                if not isinstance(reply, AgentReply) or not isinstance(reply.text, str):
                    raise TypeError(f"act() returned {type(reply).__name__}, not an AgentReply")
            except PolicyError as exc:
                status, reason = "policy_error", f"agent {agent.name!r} turn {turn}: {exc}"
                break
            except Exception as exc:  # a scripted agent's own bug: a value, not a crash
                status = "policy_error"
                reason = f"agent {agent.name!r} turn {turn}: {type(exc).__name__}: {exc}"
                break
            if reply.policy_version >= 0:
                version = reply.policy_version
            try:
                parsed = parse_action(reply.text, request.tools)
            except Exception as exc:  # never a crash: the agent sees why its answer failed
                parsed = ParsedAction(
                    action=reply.text[:200].encode("utf-8", "backslashreplace").decode(),
                    error=f"the answer cannot be parsed: {type(exc).__name__}: {exc}"[:500],
                )
            common: dict[str, Any] = {
                "prompt_ids": reply.prompt_ids,
                "output_ids": reply.output_ids,
                "output_logprobs": reply.output_logprobs,
                "action": parsed.action,
                "tool": parsed.tool,
            }
            observation: str
            try:
                if parsed.error is not None:
                    raise InvalidAction(parsed.error)
                if parsed.tool is not None:
                    # a tool returns a string (an error message too); raising is the
                    # environment's fault (an env_error episode), except a call the tool's
                    # signature refuses (the agent's wrong argument names: a tool error)
                    try:
                        result = await meter.call(inst.call_tool, parsed.tool, parsed.arguments)
                    except GuestError as exc:
                        if not isinstance(exc, ToolCallRefused):
                            raise
                        result = f"tool error: {exc}"
                    observation = str(result)
                    turns.append(
                        Turn(**common, observation=observation, seconds=time.perf_counter() - ts)
                    )
                else:
                    r = await meter.call(inst.step, parsed.action)
                    steps += 1
                    reward = _finite(r.reward)
                    # finite steps can sum past the largest float (REWARD_RANGE (0, 1e308)):
                    # the return stays finite, at the largest float of its sign
                    total = _bounded(total + reward)
                    last_info = dict(r.info) if isinstance(r.info, Mapping) else {}
                    done = bool(r.terminated) or bool(r.truncated)
                    observation = str(r.observation)
                    turns.append(
                        Turn(
                            **common,
                            observation=observation,
                            reward=reward,
                            terminated=bool(r.terminated),
                            truncated=bool(r.truncated),
                            seconds=time.perf_counter() - ts,
                        )
                    )
            except InvalidAction as exc:  # the agent's answer, not the environment, is at fault
                observation = f"error: {exc}"
                turns.append(
                    Turn(
                        **common,
                        observation=observation,
                        error=str(exc),
                        seconds=time.perf_counter() - ts,
                    )
                )
            except (SandboxError, _EnvBudgetExceeded) as exc:
                status, reason = "env_error", f"turn {turn}: {type(exc).__name__}: {exc}"
                break
            ctx.observations.append(observation)
            ctx.answers.append(reply.text)
            if done:
                break
        else:
            status, reason = "max_turns", f"no end after {max_turns} turns"
            if steps >= request.max_turns:
                # the contract: the environment ends within MAX_TURNS steps. One that does not
                # (a tester's ended nothing after an action holding "?", a path validation's
                # probes never took) is at fault, not the agent: counted as an agent's loss it
                # scored regret 1.0
                status = "env_error"
                reason = (
                    f"never_terminates: neither terminated nor truncated after {steps} steps "
                    f"(MAX_TURNS={request.max_turns}; the environment must end within it)"
                )
            elif request.max_turns > max_turns:
                reason += (
                    f" (agent.max_turns_cap={config.max_turns_cap} is below the environment's "
                    f"MAX_TURNS={request.max_turns})"
                )
        return finish()
    finally:
        with trio.CancelScope(shield=True):
            await inst.aclose()


# --------------------------------------------------------------------------- the actor


class AgentStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Agent actor.

    Attributes:
        episodes_started: episodes begun.
        episodes_finished: episodes ended (any status).
        in_flight: episodes running now.
        successes: episodes that succeeded.
        by_status: finished episodes per status.
        turns: turns played in all.
        mean_episode_seconds: mean wall time of a finished episode (seconds).
        policy_version: latest ``WeightsUpdated`` version seen (-1 before any).
    """

    episodes_started: int
    episodes_finished: int
    in_flight: int
    successes: int
    by_status: dict[str, int]
    turns: int
    mean_episode_seconds: float
    policy_version: int


class Agent:
    """The Agent actor: plays requested episodes, many at once.

    Args:
        sandbox: an open ``sandbox_wasm.Sandbox``.
        agent: who plays (:class:`PolicyAgent` or :class:`ScriptedAgent`).
        config: the ``[agent]`` section; ``concurrency`` bounds episodes in flight.
    """

    name = "agent"

    def __init__(
        self, sandbox: SandboxLike, agent: EpisodeAgent, config: AgentConfig = AgentConfig()
    ) -> None:
        self.sandbox = sandbox
        self.agent = agent
        self.config = config
        self._started = 0
        self._finished = 0
        self._successes = 0
        self._turns = 0
        self._seconds = 0.0
        self._by_status: dict[str, int] = {}
        self._version = -1

    async def run(
        self,
        inbox: trio.MemoryReceiveChannel[AgentIn],
        to_learner: trio.MemorySendChannel[EpisodeFinished] | None = None,
        to_recorder: trio.MemorySendChannel[EpisodeFinished] | None = None,
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Play every ``EpisodeRequested`` from ``inbox`` until it closes.

        These are the replays of archived environments (training episodes; scoring episodes
        are played inside the Critic's ``score_env``). Every episode goes to ``to_learner``
        when given, and to ``to_recorder`` (transcripts) when given. At most ``config.concurrency`` episodes run at once; the inbox is not read
        further while that many are in flight (back-pressure). Returns after the inbox closed
        and the episodes in flight finished, closing its outboxes.
        """
        limiter = trio.Semaphore(self.config.concurrency)
        outs = [c for c in (to_learner, to_recorder) if c is not None]
        with inbox:
            try:
                async with trio.open_nursery() as nursery:
                    task_status.started()
                    async for msg in inbox:
                        match msg:
                            case EpisodeRequested():
                                await limiter.acquire()
                                self._started += 1
                                nursery.start_soon(self._one, msg, limiter, outs)
                            case WeightsUpdated(version=v):
                                self._version = max(self._version, v)
            finally:
                for c in outs:
                    c.close()

    async def _one(
        self,
        request: EpisodeRequested,
        limiter: trio.Semaphore,
        outs: list[trio.MemorySendChannel[EpisodeFinished]],
    ) -> None:
        try:
            # training replays may reuse an instance of the same source; anything else is fresh
            reuse = request.purpose == "train"
            ep = await play_episode(request, self.sandbox, self.agent, self.config, reuse=reuse)
            self._finished += 1
            self._successes += int(ep.success)
            self._turns += len(ep.turns)
            self._seconds += ep.seconds
            self._by_status[ep.status] = self._by_status.get(ep.status, 0) + 1
            for c in outs:
                await c.send(ep)
        finally:
            limiter.release()

    def statistics(self) -> AgentStatistics:
        """The actor's counters (see :class:`AgentStatistics`)."""
        return AgentStatistics(
            episodes_started=self._started,
            episodes_finished=self._finished,
            in_flight=self._started - self._finished,
            successes=self._successes,
            by_status=dict(self._by_status),
            turns=self._turns,
            mean_episode_seconds=self._seconds / self._finished if self._finished else 0.0,
            policy_version=self._version,
        )
