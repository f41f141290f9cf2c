"""Agent: action parsing, episodes on the real wasm sandbox, the policy path, the actor."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
import trio

from actors.agent import (
    Agent,
    PolicyAgent,
    ScriptedAgent,
    TurnContext,
    build_messages,
    parse_action,
    play_episode,
)
from engine.config import AgentConfig, PolicyConfig, SandboxConfig
from engine.messages import EpisodeFinished, EpisodeRequested, WeightsUpdated
from engine.score import load_agent
from sandbox_wasm import Sandbox

LABELLED = Path(__file__).parents[1] / "data" / "labelled"
TOOLS = [
    {"name": "lookup", "parameters": {"type": "object", "properties": {"key": {"type": "string"}}}}
]


def agent_fn(name: str):  # noqa: ANN201
    return load_agent(f"{LABELLED / 'agents.py'}:{name}")


def request(
    name: str, *, seed: int = 0, hint: str | None = None, max_turns: int = 7
) -> EpisodeRequested:
    return EpisodeRequested(
        episode_id=f"{name}-{seed}-{hint is not None}",
        env_id=name,
        source=(LABELLED / f"{name}.py").read_text(),
        description="d",
        max_turns=max_turns,
        seed=seed,
        hint=hint,
    )


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox.open(SandboxConfig(pool_size=2)) as sb:
        yield sb


# ----------------------------------------------------------------------------- parsing


def test_parse_plain_action_and_prefix() -> None:
    assert parse_action("  north \n").action == "north"
    assert parse_action("I think so.\nAction: 42").action == "42"
    assert parse_action('{"tool": "lookup"}').tool is None  # no tools declared


def test_parse_tool_call_variants() -> None:
    p = parse_action('Let me check. {"tool": "lookup", "arguments": {"key": "a"}} ok', TOOLS)
    assert (p.tool, p.arguments) == ("lookup", {"key": "a"})
    assert p.action == '{"tool": "lookup", "arguments": {"key": "a"}}'
    q = parse_action('{"name": "lookup", "args": {"key": "b"}}', TOOLS)
    assert (q.tool, q.arguments) == ("lookup", {"key": "b"})
    r = parse_action('{"tool": "other", "arguments": {}}', TOOLS)
    assert r.tool is None and r.action == '{"tool": "other", "arguments": {}}'
    s = parse_action('{"tool": "lookup", "arguments": [1]}', TOOLS)
    assert s.tool == "lookup" and s.arguments == {}


def test_build_messages_shows_hint_and_tools_only_when_given() -> None:
    m = build_messages("Find it.", TOOLS, "use bisection", ["o0", "o1"], ["a0"])
    assert [x["role"] for x in m] == ["system", "user", "assistant", "user"]
    assert "use bisection" in m[0]["content"] and '"lookup"' in m[0]["content"]
    bare = build_messages("Find it.", [], None, ["o0"], [])
    assert "Hint" not in bare[0]["content"] and "Tools" not in bare[0]["content"]


# ----------------------------------------------------------------------------- episodes


async def test_hinted_scripted_episode_succeeds_with_full_trajectory(sandbox: Sandbox) -> None:
    hint = "Use binary search: always guess the midpoint."
    ep = await play_episode(
        request("learnable_bisect", seed=5, hint=hint),
        sandbox,
        ScriptedAgent(agent_fn("bisect_agent")),
    )
    assert ep.success and ep.status == "ok" and ep.hinted
    assert ep.episode_return == 1.0
    assert ep.turns[-1].terminated and ep.turns[-1].observation == "correct"
    assert all(t.observation in ("higher", "lower", "correct") for t in ep.turns)
    assert len(ep.turns) <= 7 and ep.policy_version == -1


async def test_a_scripted_agent_sees_its_answers_as_played(sandbox: Sandbox) -> None:
    """``memory["answers"]`` holds the answers as played: a wrapper that replaces an answer
    (the gate check's censor) is seen in it, as a policy sees its history."""
    from actors.agent import AgentReply

    seen: list[list[str]] = []

    def fn(obs, hint, rng, mem):  # noqa: ANN001, ANN202
        seen.append(list(mem["answers"]))
        return "500"

    class Swap:
        name, temperature = "swap", 1.0

        def __init__(self, inner: ScriptedAgent) -> None:
            self.inner = inner

        async def act(self, ctx):  # noqa: ANN001, ANN202
            reply = await self.inner.act(ctx)
            return AgentReply(text="250" if len(ctx.answers) == 0 else reply.text)

        def budget_left(self, ctx, n):  # noqa: ANN001, ANN202
            return True

    await play_episode(request("learnable_bisect", seed=3), sandbox, Swap(ScriptedAgent(fn)))
    assert seen[0] == [] and seen[1] == ["250"] and seen[2] == ["250", "500"], seen


async def test_episode_is_reproducible_from_its_seed(sandbox: Sandbox) -> None:
    agent = ScriptedAgent(agent_fn("bisect_agent"))
    a = await play_episode(request("learnable_bisect", seed=3), sandbox, agent)
    b = await play_episode(request("learnable_bisect", seed=3), sandbox, agent)
    assert [t.action for t in a.turns] == [t.action for t in b.turns]
    assert a.success == b.success


async def test_raising_and_non_string_agents_fail_the_episode_naming_agent_and_turn(
    sandbox: Sandbox,
) -> None:
    ep = await play_episode(
        request("trivial"), sandbox, ScriptedAgent(agent_fn("raising_agent"), name="mod:raising")
    )
    assert ep.status == "policy_error" and not ep.success
    assert "'mod:raising' turn 1" in ep.reason and "agent bug" in ep.reason
    assert len(ep.turns) == 1
    ep2 = await play_episode(
        request("trivial"), sandbox, ScriptedAgent(agent_fn("non_string_agent"), name="mod:int")
    )
    assert ep2.status == "policy_error" and "turn 0" in ep2.reason and "returned int" in ep2.reason


async def test_an_agent_that_raises_stop_iteration_is_named_so(sandbox: Sandbox) -> None:
    """tester51: the reason was 'coroutine raised StopIteration', the agent's bug hidden."""

    def exhausted(obs: list[str], hint: str | None, rng: object, mem: object) -> str:
        return next(iter(()))

    ep = await play_episode(request("trivial"), sandbox, ScriptedAgent(exhausted, name="m:ex"))
    assert ep.status == "policy_error", ep
    assert "'m:ex'" in ep.reason and "exhausted iterator" in ep.reason, ep.reason


async def test_env_crash_and_turn_cap_are_statuses(sandbox: Sandbox) -> None:
    crash = EpisodeRequested(
        episode_id="c", env_id="c", source=(LABELLED / "reject_crash.py").read_text(), max_turns=3
    )
    ep = await play_episode(crash, sandbox, ScriptedAgent(lambda o, h, r, m: "abc"))
    assert ep.status == "env_error" and "ValueError" in ep.reason and not ep.success
    never = EpisodeRequested(
        episode_id="n",
        env_id="n",
        source=(LABELLED / "reject_never_terminates.py").read_text(),
        max_turns=4,
    )
    ep = await play_episode(never, sandbox, ScriptedAgent(lambda o, h, r, m: "x"))
    # MAX_TURNS steps and no end: the contract's rule broken, the environment's fault
    assert ep.status == "env_error" and "never_terminates" in ep.reason and len(ep.turns) == 4
    capped = await play_episode(
        never, sandbox, ScriptedAgent(lambda o, h, r, m: "x"), AgentConfig(max_turns_cap=2)
    )
    # the Agent's own cap ran out first: its turns, not the environment's fault
    assert capped.status == "max_turns" and len(capped.turns) == 2


async def test_tool_calls_reach_the_tool(sandbox: Sandbox) -> None:
    src = (LABELLED / "reject_answer_leak_tool.py").read_text()
    tools = [{"name": "get_state", "parameters": {"type": "object", "properties": {}}}]
    req = EpisodeRequested(episode_id="t", env_id="t", source=src, tools=tools, max_turns=3)
    answers = iter(['{"tool": "get_state", "arguments": {}}', "blue"])
    ep = await play_episode(req, sandbox, ScriptedAgent(lambda o, h, r, m: next(answers)))
    assert ep.turns[0].tool == "get_state" and '"secret": "blue"' in ep.turns[0].observation
    assert ep.turns[0].reward == 0.0
    assert ep.success and ep.turns[1].tool is None


# ----------------------------------------------------------------------------- the actor


async def test_agent_actor_bounds_episodes_in_flight(sandbox: Sandbox) -> None:
    peak = 0
    live = 0

    class Slow:
        name = "slow"

        async def act(self, ctx):  # noqa: ANN001, ANN201
            nonlocal peak, live
            live += 1
            peak = max(peak, live)
            await trio.sleep(0.01)
            live -= 1
            return await ScriptedAgent(agent_fn("sum_agent")).act(ctx)

        def budget_left(self, ctx, max_episode_tokens):  # noqa: ANN001, ANN201
            return True

    actor = Agent(sandbox, Slow(), AgentConfig(concurrency=3))
    send, inbox = trio.open_memory_channel(0)
    to_learner, learner_in = trio.open_memory_channel(100)
    async with trio.open_nursery() as nursery:
        await nursery.start(actor.run, inbox, to_learner)
        async with send:
            await send.send(WeightsUpdated(version=4, path="p", checksum="c"))
            for i in range(8):
                await send.send(request("trivial", seed=i))
            await send.send(
                EpisodeRequested(
                    episode_id="tr",
                    env_id="trivial",
                    source=(LABELLED / "trivial.py").read_text(),
                    purpose="train",
                )
            )
    trained = [m async for m in learner_in]
    assert len(trained) == 9
    assert all(isinstance(m, EpisodeFinished) and m.success for m in trained)
    assert 1 <= peak <= 3
    st = actor.statistics()
    assert (st.episodes_finished, st.in_flight, st.successes, st.policy_version) == (9, 0, 9, 4)
    assert st.by_status == {"ok": 9}


async def test_agent_actor_exits_when_cancelled(sandbox: Sandbox) -> None:
    actor = Agent(sandbox, ScriptedAgent(agent_fn("sum_agent")))
    send, inbox = trio.open_memory_channel(0)
    to_learner, _rx = trio.open_memory_channel(0)
    with trio.move_on_after(5) as scope:
        async with trio.open_nursery() as nursery:
            await nursery.start(actor.run, inbox, to_learner)
            nursery.cancel_scope.cancel()
    assert not scope.cancelled_caught
    with pytest.raises(trio.ClosedResourceError):
        to_learner.send_nowait(None)
    send.close()


# ----------------------------------------------------------------------------- policy path


@pytest.fixture(scope="module")
def policy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A real ``engine.serve`` CPU server over the tiny model."""
    from engine.inference import ensure_tiny_model, free_port

    model = ensure_tiny_model()
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "server.log"
    with log.open("wb") as f:
        proc = subprocess.Popen(
            [sys.executable, "-m", "engine.serve", "--model-path", str(model), "--port", str(port)],
            stdout=f,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited: {log.read_text()}")
            try:
                if httpx.get(f"{url}/health", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not become healthy")
            time.sleep(0.2)
        yield url, model
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.mark.slow
async def test_policy_agent_records_tokens_logprobs_and_mask(
    sandbox: Sandbox, policy_server: tuple[str, Path]
) -> None:
    from engine.inference import PolicyClient, load_tokenizer

    url, model = policy_server
    tok = load_tokenizer(model)
    cfg = AgentConfig(max_new_tokens=8, max_episode_tokens=4096)
    async with PolicyClient([url], PolicyConfig()) as client:
        agent = PolicyAgent(client, tok, cfg)
        ep = await play_episode(
            request("learnable_bisect", seed=1, hint="Use binary search."), sandbox, agent, cfg
        )
    assert ep.status in ("ok", "max_turns"), ep.reason
    assert len(ep.turns) >= 1
    for t in ep.turns:
        assert t.prompt_ids and 1 <= len(t.output_ids) <= 8
        assert len(t.output_logprobs) == len(t.output_ids)
        assert all(lp <= 0.0 for lp in t.output_logprobs)
    # each turn's prompt extends the previous one: the loss mask is the output ids only
    first = ep.turns[0].prompt_ids
    assert tok.decode(first).count("binary search") == 1
    if len(ep.turns) > 1:
        assert len(ep.turns[1].prompt_ids) > len(first)


@pytest.mark.slow
async def test_policy_agent_stops_at_the_token_budget(
    sandbox: Sandbox, policy_server: tuple[str, Path]
) -> None:
    from engine.inference import PolicyClient, load_tokenizer

    url, model = policy_server
    cfg = AgentConfig(max_new_tokens=8, max_episode_tokens=40)
    async with PolicyClient([url], PolicyConfig()) as client:
        agent = PolicyAgent(client, load_tokenizer(model), cfg)
        ep = await play_episode(request("learnable_bisect"), sandbox, agent, cfg)
    assert ep.status == "token_budget" and ep.turns == [] and not ep.success


@pytest.mark.slow
def test_score_cli_with_a_policy_url(
    policy_server: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from engine.score import main

    url, _ = policy_server
    args = [
        str(LABELLED / "trivial.py"),
        "--k",
        "2",
        "--policy-url",
        url,
        "--json",
        "--set",
        "agent.max_new_tokens=6",
    ]
    assert main(args) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["agent"] == url and r["k"] == 2 and r["accepted"] is True
    assert 0.0 <= r["success_without"] <= 1.0 and r["episodes_failed"] == 0


@pytest.mark.slow
async def test_hinter_policy_source_against_a_real_server(policy_server: tuple[str, Path]) -> None:
    from actors.hinter import Hinter
    from engine.config import HinterConfig
    from engine.inference import PolicyClient, load_tokenizer
    from engine.messages import EnvProposed, EnvValidated

    url, model = policy_server
    prop = EnvProposed(env_id="e", source=(LABELLED / "trivial.py").read_text(), hint="Add them.")
    env = EnvValidated(env_id="e", proposal=prop, description="Add.", max_turns=2)
    async with PolicyClient([url], PolicyConfig()) as client:
        h = Hinter(
            HinterConfig(source="policy", max_new_tokens=12),
            client=client,
            tokenizer=load_tokenizer(model),
        )
        issued = await h.hint_for(env)
    # the tiny model writes something (origin policy) or nothing (fallback, counted)
    if issued.origin == "policy":
        assert issued.hint and len(issued.hint) <= 600
    else:
        assert (issued.origin, issued.hint) == ("designer", "Add them.")
        assert h.statistics().policy_failures == 1


def test_a_huge_integer_in_tool_arguments_is_never_a_crash() -> None:
    tools = [{"name": "lookup", "parameters": {"type": "object", "properties": {}}}]
    answer = '{"tool": "lookup", "arguments": {"phrase": 9' + "9" * 5000 + "}}"
    parsed = parse_action(answer, tools)  # Python's int limit (4300 digits) does not escape
    # and the call is a failed one the agent sees (it was played as the action text)
    assert parsed.tool == "lookup" and parsed.error and "not a JSON object" in parsed.error
    as_string = '{"name": "lookup", "arguments": "{\\"phrase\\": 9' + "9" * 5000 + '}"}'
    parsed = parse_action(as_string, tools)
    assert parsed.tool == "lookup" and parsed.error and "not JSON" in parsed.error


TOOL_RAISES = """
DESCRIPTION = "Ask the tool, then answer."
HINT = "Answer 42."
MAX_TURNS = 3
TOOLS = [{"name": "ask", "parameters": {"type": "object",
          "properties": {"q": {"type": "string"}}}}]
class Env:
    def reset(self, seed=None, options=None):
        return "go", {}
    def ask(self, q=""):
        if "?" in q:
            raise ValueError("cannot parse questions")
        return "ok"
    def step(self, action):
        ok = action.strip() == "42"
        return "done", float(ok), True, False, {"success": ok}
"""


async def test_a_tool_that_raises_is_an_environment_error(sandbox: Sandbox) -> None:
    def ask(question: str) -> ScriptedAgent:
        call = '{"tool": "ask", "arguments": {' + question + "}}"
        return ScriptedAgent(lambda o, h, r, m: call if len(o) == 1 else "42")

    req = EpisodeRequested(
        episode_id="e",
        env_id="t",
        source=TOOL_RAISES,
        tools=[{"name": "ask", "parameters": {"type": "object", "properties": {}}}],
        max_turns=3,
    )
    raised = await play_episode(req, sandbox, ask('"q": "why?"'))
    assert raised.status == "env_error" and "cannot parse questions" in raised.reason
    wrong_name = await play_episode(req, sandbox, ask('"question": "x"'))
    assert wrong_name.status == "ok" and wrong_name.success  # the agent's mistake: a tool error
    assert wrong_name.turns[0].observation.startswith("tool error:")


def test_tool_calls_are_looked_for_behind_bounded_broken_braces() -> None:
    """300,000 ``{`` took 17 s of the event loop's CPU, and 64 nested starts over a 2 M
    character answer 2.8 s (each failed start read to the end; two testers', 2026-12-01): now
    at most 256 failed starts of 16 Ki characters each; a call after a LaTeX derivation's
    braces is still found."""
    from actors.agent import _JSON_STARTS, _JSON_WINDOW

    tools = [{"name": "peek", "description": "d", "parameters": {}}]
    call = '{"tool": "peek", "arguments": {}}'
    assert parse_action("Half of 2 is $\\frac{2}{2}$. " * 32 + call, tools).tool == "peek"
    assert parse_action("{" * (_JSON_STARTS - 1) + " " + call, tools).tool == "peek"
    # past the bounds a call to a declared tool is a failed call the agent sees (it was its
    # JSON text played as the action until a new user's trial, 2026-12-05)
    late = parse_action("{" * _JSON_STARTS + " " + call, tools)
    assert late.tool == "peek" and late.error and "not a JSON object" in late.error
    assert parse_action("{" * 300_000, tools).tool is None
    deep = '{"tool": "peek", "arguments": {"a": ' + '{"b":' * 100_000 + "1" + "}" * 100_001 + "}"
    assert parse_action(deep, tools).error
    long_arg = '{"tool": "peek", "arguments": {"text": "' + "x" * _JSON_WINDOW + '"}}'
    assert parse_action(long_arg, tools).error  # longer than one window
    assert parse_action(long_arg[:200] + '"}}', tools).tool == "peek"


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_a_known_tools_call_that_does_not_decode_is_a_failed_call(depth: int) -> None:
    """A new user's trial: a call to a declared tool nested 1,000 deep (or an integer of
    5,000 digits) fails to decode and was played as the action text; it is a tool error the
    agent sees."""
    tools = [{"name": "say", "parameters": {"type": "object", "properties": {}}}]
    deep = '{"tool": "say", "arguments": {"x": ' + "[" * depth + "]" * depth + "}}"
    big = '{"tool": "say", "arguments": {"x": ' + "9" * 5_000 + "}}"
    for text in (deep, big):
        parsed = parse_action(text, tools)
        assert parsed.tool == "say" and parsed.error and "not a JSON object" in parsed.error
    assert parse_action('{"tool": "other", "arguments": ' + "[" * depth, tools).tool is None


def _exits(observations: list[str], hint: str | None, rng: object, memory: dict) -> str:
    raise SystemExit(0)


class _Boom(BaseException):
    pass


def _booms(observations: list[str], hint: str | None, rng: object, memory: dict) -> str:
    raise _Boom("the agent's own")


def _ctx() -> TurnContext:
    return TurnContext(
        description="",
        tools=[],
        hint=None,
        observations=["o"],
        answers=[],
        turn=0,
        rng=random.Random(0),
        memory={},
        episode_id="e",
    )


@pytest.mark.parametrize("turn_timeout_s", [None, 30.0])
async def test_a_scripted_agent_that_exits_is_a_policy_error(turn_timeout_s: float | None) -> None:
    """A new user's trial: ``sys.exit()`` in a scripted agent took the whole score down with
    a BaseExceptionGroup; it is a failed turn now, on the trio thread and in a worker."""
    agent = ScriptedAgent(_exits, name="t", turn_timeout_s=turn_timeout_s)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="raised SystemExit"):
        await agent.act(_ctx())
    # a BaseException class of the agent's own took the run down too (a new user's)
    agent = ScriptedAgent(_booms, name="t", turn_timeout_s=turn_timeout_s)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="raised _Boom: the agent's own"):
        await agent.act(_ctx())


def _sleeps(observations: list[str], hint: str | None, rng: object, memory: dict) -> str:
    time.sleep(3.0)
    return "late"


async def test_a_scripted_agent_with_a_turn_limit_that_blocks_times_out() -> None:
    """A new user's agent that called ``time.sleep`` hung ``engine.score``; with a turn limit
    (``engine.score --agent`` sets one) it runs in a worker thread and the turn is a
    ``TimeoutError`` while the loop goes on: a trio task beside it keeps ticking."""
    agent = ScriptedAgent(_sleeps, name="t", turn_timeout_s=0.3)  # type: ignore[arg-type]
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await trio.sleep(0.01)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(tick)
        with pytest.raises(TimeoutError, match="took over 0.3 s"):
            await agent.act(_ctx())
        nursery.cancel_scope.cancel()
    assert ticks >= 5
    with pytest.raises(ValueError, match="turn_timeout_s"):
        ScriptedAgent(_sleeps, turn_timeout_s=0.0)  # type: ignore[arg-type]
