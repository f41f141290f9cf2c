"""Critic: regret math, every rejection reason on a real wasm sandbox, the actor end to end."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
import trio

from actors.agent import ScriptedAgent
from actors.critic import (
    Critic,
    bootstrap_interval,
    estimate_regret,
    hint_wins,
    inspect_env,
    newcombe_interval,
    regret_score,
    validate,
    wilson_interval,
)
from actors.hinter import Hinter
from engine.config import AgentConfig, CriticConfig, SandboxConfig
from engine.gym_proxy import SandboxEnv, check_env
from engine.messages import EnvProposed, EnvRejected, EnvScored, EnvValidated, EpisodeFinished
from engine.score import load_agent
from sandbox_wasm import Sandbox

LABELLED = Path(__file__).parents[1] / "data" / "labelled"
KINDS = {
    "learnable_bisect": "learnable",
    "learnable_caesar": "learnable",
    "coin_flip": "coin_flip",
    "impossible": "impossible",
    "trivial": "trivial",
    "leaky_hint": "leaky",
}


def source(name: str) -> str:
    path = LABELLED / name
    return path.read_text() if path.suffix else (LABELLED / f"{name}.py").read_text()


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox.open(SandboxConfig(pool_size=2)) as sb:
        yield sb


# ----------------------------------------------------------------------------- regret math


def test_wilson_matches_newcombe_1998_table() -> None:
    # Newcombe (1998), Table I: 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775 (95%).
    lo, hi = wilson_interval(81, 263, 0.95)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 10, 0.95) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson_interval(10, 10, 0.95)[1] == 1.0


def test_newcombe_hybrid_score_matches_paper_example() -> None:
    # Newcombe (1998), Table II example (a): 56/70 - 48/80, method 10 -> 0.0524 to 0.3339.
    lo, hi = newcombe_interval(56, 70, 48, 80, 0.95)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)


def test_intervals_reject_bad_input() -> None:
    with pytest.raises(ValueError):
        wilson_interval(5, 4)
    with pytest.raises(ValueError):
        wilson_interval(1, 4, confidence=1.0)
    with pytest.raises(ValueError):
        estimate_regret([], [True])


def test_bootstrap_is_seeded_and_brackets_the_difference() -> None:
    with_ = [True] * 7 + [False]
    without = [True] + [False] * 7
    a = bootstrap_interval(with_, without, 0.9, seed=3)
    assert a == bootstrap_interval(with_, without, 0.9, seed=3)
    assert a[0] <= 0.75 <= a[1]
    assert a[0] > 0.0
    assert bootstrap_interval([False] * 4, [False] * 4) == (0.0, 0.0)


def test_flags_and_acceptance() -> None:
    learn = estimate_regret([False] * 8, [True] * 8, accept_regret=0.25)
    assert learn.regret == 1.0 and learn.accepted and learn.flags == []
    coin = estimate_regret([True, False] * 4, [False, True] * 4)
    assert coin.regret == 0.0 and coin.ci_low < 0.0 < coin.ci_high
    assert coin.flags == ["coin_flip"] and not coin.accepted
    assert estimate_regret([False] * 4, [False] * 4).flags == ["impossible"]
    assert estimate_regret([True] * 4, [True] * 4).flags == ["trivial"]
    leak = estimate_regret([False] * 8, [True] * 8, hint_states_answer=True)
    assert leak.flags == ["hint_states_answer"] and not leak.accepted
    boot = estimate_regret([False] * 8, [True] * 8, interval="bootstrap")
    assert boot.ci_low == boot.ci_high == 1.0


def test_regret_score_builds_env_scored() -> None:
    prop = EnvProposed(env_id="e1", source="x", hint="The code is 7391.")
    env = EnvValidated(env_id="e1", proposal=prop, description="d", max_turns=3)
    s = regret_score(env, [False, False], [True, True], CriticConfig(), answer="7391")
    assert isinstance(s, EnvScored)
    assert (s.k, s.success_without, s.success_with, s.regret) == (2, 0.0, 1.0, 1.0)
    assert "hint_states_answer" in s.flags and not s.accepted


# ----------------------------------------------------------------------------- validation

REJECTIONS = {
    "reject_compile.py.txt": "compile",
    "reject_api.py": "api",
    "reject_api_no_max_turns.py": "api",
    # a counter on the class: state that survives reset() (named api until session 27)
    "reject_api_reset_seed.py": "state_survives_reset",
    "reject_api_tool_signature.py": "api",
    "reject_nondeterministic_global.py": "nondeterministic",
    "reject_nondeterministic_clock.py": "nondeterministic",
    "reject_crash.py": "crash",
    "reject_timeout.py": "timeout",
    "reject_memory.py": "memory",
    "reject_never_terminates.py": "never_terminates",
    "reject_reward_range.py": "reward_range",
    "reject_reward_nan.py": "reward_range",
    # a NaN or non-number bound is an error, not an unbounded side (a fourth tester's F1)
    "reject_api_reward_range_nan.py": "api",
    "reject_api_reward_range_text.py": "api",
    "reject_step_after_done.py": "step_after_done",
    "reject_not_serialisable.py": "not_serialisable",
    "reject_flag_fields.py": "flag_fields",
    "reject_hint_leak.py": "hint_leak",
    "reject_answer_leak.py": "answer_leak",
    "reject_answer_leak_tool.py": "answer_leak",
    "reject_degenerate.py": "degenerate",
}


def test_every_rejection_program_is_listed() -> None:
    on_disk = {p.name for p in LABELLED.glob("reject_*")}
    assert on_disk == set(REJECTIONS)


@pytest.mark.parametrize(("name", "reason"), sorted(REJECTIONS.items()))
async def test_rejection_reason(sandbox: Sandbox, name: str, reason: str) -> None:
    verdict = await validate(source(name), "", sandbox, CriticConfig())
    assert isinstance(verdict, EnvRejected), verdict
    assert verdict.reason == reason, (verdict.reason, verdict.detail)
    assert verdict.detail
    msgspec.json.encode(verdict)  # evidence is plain JSON


async def test_global_random_evidence_names_seed_and_field(sandbox: Sandbox) -> None:
    v = await validate(source("reject_nondeterministic_global.py"), "", sandbox)
    assert isinstance(v, EnvRejected)
    assert v.evidence["seed"] == 0 and v.evidence["field"] == "observation"
    assert v.evidence["first"] != v.evidence["second"]
    assert v.evidence["actions"] == []


async def test_time_limit_as_terminated_names_the_field(sandbox: Sandbox) -> None:
    v = await validate(source("reject_flag_fields.py"), "", sandbox)
    assert isinstance(v, EnvRejected)
    assert v.evidence["field"] == "terminated"
    assert v.evidence["step"] == 2 and len(v.evidence["actions"]) == 3


async def test_not_serialisable_names_the_key(sandbox: Sandbox) -> None:
    v = await validate(source("reject_not_serialisable.py"), "", sandbox)
    assert isinstance(v, EnvRejected)
    assert v.evidence["key"] == "info['visited']"


async def test_answer_leak_names_the_tool(sandbox: Sandbox) -> None:
    v = await validate(source("reject_answer_leak_tool.py"), "", sandbox)
    assert isinstance(v, EnvRejected)
    assert v.evidence["tool"] == "get_state"
    assert "get_state" in v.detail


async def test_degenerate_names_the_probe(sandbox: Sandbox) -> None:
    v = await validate(source("reject_degenerate.py"), "", sandbox)
    assert isinstance(v, EnvRejected)
    assert v.evidence["probe"] == "empty" and v.evidence["action"] == ""


async def test_gymnasium_env_checker_rejects_a_reset_that_ignores_its_seed(
    sandbox: Sandbox,
) -> None:
    v = await validate(source("reject_api_reset_seed.py"), "", sandbox)
    assert isinstance(v, EnvRejected) and v.reason == "state_survives_reset"
    assert "reset() must seed the episode" in v.detail and v.evidence["step"] == "reset"
    # gymnasium's own checker finds the same fault on the host-side proxy
    inst = await sandbox.open_env(source("reject_api_reset_seed.py"), entropy=0)
    try:
        with pytest.raises(AssertionError, match="seed"):
            await trio.to_thread.run_sync(check_env, SandboxEnv(inst.sync, inst.spec))
    finally:
        await inst.aclose()


async def test_duplicate_uses_the_archive_test(sandbox: Sandbox) -> None:
    calls: list[str] = []

    def is_dup(src: str, description: str) -> tuple[bool, str, float]:
        calls.append((src, description))
        return (True, "seed-7", 0.99)

    v = await validate(source("trivial"), "", sandbox, is_duplicate=is_dup)
    assert isinstance(v, EnvRejected) and v.reason == "duplicate"
    assert v.evidence == {"nearest": "seed-7", "similarity": 0.99}
    assert len(calls) == 1 and calls[0][0] == source("trivial")
    assert calls[0][1]  # the description goes with the source, as the archive embeds it


@pytest.mark.parametrize("name", sorted(KINDS))
async def test_labelled_environments_validate(sandbox: Sandbox, name: str) -> None:
    v = await inspect_env(source(name), "", sandbox, CriticConfig())
    assert isinstance(v.verdict, EnvValidated), v.verdict
    assert v.verdict.proposal.hint  # the program's HINT is carried on
    assert v.answer == ("7391" if name == "leaky_hint" else None)


async def test_gymnasium_env_checker_runs_on_the_proxy(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(source("learnable_bisect"), entropy=0)
    try:
        env = SandboxEnv(inst.sync, inst.spec)
        warnings_seen = await trio.to_thread.run_sync(check_env, env)
        assert isinstance(warnings_seen, list)
        obs, info = await trio.to_thread.run_sync(lambda: env.reset(seed=4))
        assert obs.startswith("[bisect]") and env.observation_space.contains(obs)
        out = await trio.to_thread.run_sync(env.step, "50")
        assert out[0] in ("higher", "lower", "correct")
        assert env.reward_range == (0.0, 1.0)
    finally:
        await inst.aclose()


# ----------------------------------------------------------------------------- the actor


def effective_regret(s: EnvScored) -> float:
    """The designer's reward: regret, zero when the hint or observations leak the answer."""
    leak = {"hint_states_answer", "answer_in_observations"} & set(s.flags)
    return 0.0 if leak else s.regret


async def run_pipeline(
    sandbox: Sandbox, proposals: list[EnvProposed], k: int
) -> tuple[list[EnvScored], list[EnvRejected], Critic, list[object]]:
    agent_fn = load_agent(f"{LABELLED / 'agents.py'}:labelled_agent")
    critic = Critic(
        sandbox,
        CriticConfig(k=k),
        agent=ScriptedAgent(agent_fn, name="labelled"),
        agent_config=AgentConfig(concurrency=4),
        hinter=Hinter(),
    )
    to_critic, critic_in = trio.open_memory_channel(4)
    to_memory, memory_in = trio.open_memory_channel(2)
    to_learner, learner_in = trio.open_memory_channel(1000)
    scored: list[EnvScored] = []
    rejected: list[EnvRejected] = []
    learned: list[object] = []

    async def memory() -> None:
        async with memory_in:
            async for msg in memory_in:
                (scored if isinstance(msg, EnvScored) else rejected).append(msg)

    async def learner() -> None:
        async with learner_in:
            async for msg in learner_in:
                learned.append(msg)

    async with trio.open_nursery() as nursery:
        await nursery.start(critic.run, critic_in, to_memory, to_learner)
        nursery.start_soon(memory)
        nursery.start_soon(learner)
        async with to_critic:
            for p in proposals:
                await to_critic.send(p)
    return scored, rejected, critic, learned


@pytest.mark.slow
async def test_regret_ranks_learnable_above_every_other_kind(sandbox: Sandbox) -> None:
    proposals = [EnvProposed(env_id=name, source=source(name)) for name in KINDS]
    proposals.append(EnvProposed(env_id="bad", source=source("reject_crash.py")))
    proposals.append(EnvProposed(env_id="junk", source="", parse_error="no code block"))
    scored, rejected, critic, learned = await run_pipeline(sandbox, proposals, k=12)
    by_id = {s.env_id: s for s in scored}
    assert set(by_id) == set(KINDS)
    assert {r.env_id: r.reason for r in rejected} == {"bad": "crash", "junk": "unparseable"}
    learnable = [effective_regret(by_id[n]) for n, k in KINDS.items() if k == "learnable"]
    others = [effective_regret(by_id[n]) for n, k in KINDS.items() if k != "learnable"]
    assert min(learnable) > max(others)
    assert all(by_id[n].accepted for n, k in KINDS.items() if k == "learnable")
    assert not any(by_id[n].accepted for n, k in KINDS.items() if k != "learnable")
    coin = by_id["coin_flip"]
    assert coin.ci_low <= 0.0 <= coin.ci_high and "coin_flip" in coin.flags
    assert by_id["impossible"].flags == ["impossible"]
    assert by_id["impossible"].success_with == by_id["impossible"].success_without == 0.0
    assert "trivial" in by_id["trivial"].flags
    assert "hint_states_answer" in by_id["leaky_hint"].flags
    assert by_id["leaky_hint"].hint_origin == "designer"
    assert all(s.k == 12 for s in scored)
    stats = critic.statistics()
    assert (stats.proposals, stats.validated, stats.scored) == (8, 6, 6)
    assert stats.rejected == {"crash": 1, "unparseable": 1}
    assert stats.scoring == 0 and stats.episodes_finished == 6 * 2 * 12
    assert not math.isnan(stats.mean_regret)
    # the learner gets every outcome and every scoring episode
    assert sum(isinstance(m, EpisodeFinished) for m in learned) == 6 * 2 * 12
    assert sum(isinstance(m, EnvScored | EnvRejected) for m in learned) == 8


async def test_critic_exits_when_inbox_closes_and_when_cancelled(sandbox: Sandbox) -> None:
    scored, rejected, _, _ = await run_pipeline(sandbox, [], k=1)
    assert scored == [] and rejected == []
    critic = Critic(sandbox)
    inbox_send, inbox = trio.open_memory_channel(0)
    to_memory, _m = trio.open_memory_channel(0)
    with trio.move_on_after(5) as scope:
        async with trio.open_nursery() as nursery:
            await nursery.start(critic.run, inbox, to_memory)
            nursery.cancel_scope.cancel()
    assert not scope.cancelled_caught
    with pytest.raises(trio.ClosedResourceError):
        to_memory.send_nowait(None)
    inbox_send.close()


class _Sink:
    name = "memory"

    def __init__(self) -> None:
        self.got: list[object] = []

    async def run(self, inbox, *, task_status=trio.TASK_STATUS_IGNORED):  # noqa: ANN001, ANN201
        task_status.started()
        with inbox:
            async for msg in inbox:
                self.got.append(msg)

    def statistics(self) -> None:
        return None


async def test_actors_run_under_the_engine_runtime_and_shut_down_by_closure(
    sandbox: Sandbox,
) -> None:
    from engine.runtime import Runtime

    agent_fn = load_agent(f"{LABELLED / 'agents.py'}:labelled_agent")
    rt = Runtime(capacity=2)
    sink = _Sink()
    rt.add(
        "critic",
        Critic(sandbox, CriticConfig(k=2), agent=ScriptedAgent(agent_fn)),
        outputs={"to_memory": "memory"},
    )
    rt.add("memory", sink)
    to_critic = rt.sender("critic")
    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            await nursery.start(rt.run)
            async with to_critic:
                await to_critic.send(EnvProposed(env_id="t", source=source("trivial")))
                await to_critic.send(EnvProposed(env_id="c", source=source("reject_crash.py")))
    kinds = sorted((type(m).__name__, m.env_id) for m in sink.got)  # type: ignore[attr-defined]
    assert kinds == [("EnvRejected", "c"), ("EnvScored", "t")]
    stats = {a.name: a for a in rt.statistics().actors}
    assert all(a.state == "stopped" for a in stats.values())


async def test_archive_duplicate_test_is_used(sandbox: Sandbox) -> None:
    class Archive:
        def is_duplicate(self, src: str, description: str = "") -> tuple[bool, str, float]:
            return (src == source("coin_flip"), "a1", 0.98)

    v = await validate(source("coin_flip"), "", sandbox, archive=Archive())
    assert isinstance(v, EnvRejected) and v.reason == "duplicate"
    assert isinstance(
        await validate(source("trivial"), "", sandbox, archive=Archive()), EnvValidated
    )
    assert Critic(sandbox, archive=Archive()).is_duplicate is not None


async def test_a_hint_that_states_the_answer_in_passing_is_found(sandbox: Sandbox) -> None:
    """No ANSWER declared: one word of the hint, played every turn, wins on every seed."""
    leaky = source("leaky_hint_no_answer")
    assert await hint_wins(leaky, "The password is swordfish.", sandbox, 3, 1.0)
    for name in ("learnable_bisect", "learnable_caesar", "coin_flip"):
        v = await validate(source(name), "", sandbox, CriticConfig())
        assert isinstance(v, EnvValidated), name
        hint = v.proposal.hint
        assert hint, name
        assert not await hint_wins(source(name), hint, sandbox, v.max_turns, 1.0), name


_GUESS_DIGIT = """
import random
DESCRIPTION = "Guess the digit 0-9."
HINT = "Start at 5."
MAX_TURNS = 3
{declaration}
class Env:
    def reset(self, seed=None, options=None):
        self.t = random.Random(seed).randrange(10)
        return "guess", {{}}
    def step(self, action):
        ok = action.strip() == str(self.t)
        return "ok" if ok else "no", float(ok), True, False, {{"success": ok}}
"""


@pytest.mark.parametrize(
    ("declaration", "field"),
    [
        ("MAX_TURNS = 10**5000", "MAX_TURNS must fit in 64 bits"),
        ("MAX_TURNS = -(2**70)", "MAX_TURNS must fit in 64 bits"),
        ("REWARD_RANGE = (0, 10**5000)", "REWARD_RANGE: a bound is past the float range"),
        ("REWARD_RANGE = (-(10**400), 1)", "REWARD_RANGE: a bound is past the float range"),
        ("SUCCESS_THRESHOLD = 10**5000", "SUCCESS_THRESHOLD must be a finite number"),
    ],
)
async def test_a_declaration_past_int_or_float_range_is_an_api_rejection(
    sandbox: Sandbox, declaration: str, field: str
) -> None:
    """tester39: such a declaration crashed the guest's own checks (str() of an int past 4300
    digits, float() past 1.8e308): ``crash``, as if the program had raised. It is the
    program's declaration that is wrong: ``api``, naming the field."""
    verdict = await validate(_GUESS_DIGIT.format(declaration=declaration), "", sandbox)
    assert isinstance(verdict, EnvRejected), verdict
    assert verdict.reason == "api" and field in verdict.detail, (verdict.reason, verdict.detail)
