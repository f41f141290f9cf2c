"""The shipped seed environments: contract checks run in-process, solvers and hint lift."""

import json
import random
from typing import Any

import pytest

from engine.contract import episode_success
from engine.seed_envs import SEED_FAMILIES, SeedEnv, play_in_process, seed_envs, solve

SEEDS = seed_envs()
SEED_IDS = [s.name for s in SEEDS]


def _load(seed_env: SeedEnv) -> dict[str, Any]:
    ns: dict[str, Any] = {"__name__": "seed_env"}
    exec(compile(seed_env.source, seed_env.name, "exec"), ns)
    return ns


def test_archive_ships_twelve_distinct_families() -> None:
    assert len(SEEDS) >= 12
    assert len({s.family for s in SEEDS}) == len(SEEDS)
    assert [s.name for s in SEEDS] == list(SEED_FAMILIES)
    tool_envs = [s for s in SEEDS if len(_load(s).get("TOOLS", [])) >= 2]
    assert tool_envs, "at least one seed environment uses two or more tools"


@pytest.mark.parametrize("seed_env", SEEDS, ids=SEED_IDS)
def test_module_level_contract(seed_env: SeedEnv) -> None:
    ns = _load(seed_env)
    assert isinstance(ns["DESCRIPTION"], str) and ns["DESCRIPTION"].strip()
    assert isinstance(ns["HINT"], str) and len(ns["HINT"]) > 40
    assert isinstance(ns["MAX_TURNS"], int) and 1 <= ns["MAX_TURNS"] <= 30
    assert seed_env.hint == ns["HINT"] and seed_env.max_turns == ns["MAX_TURNS"]
    assert "import random" in seed_env.source and "random.seed(" not in seed_env.source
    for name in ("time", "os", "numpy"):
        assert f"import {name}" not in seed_env.source
    for tool in ns.get("TOOLS", []):
        assert callable(getattr(ns["Env"](), tool["name"]))


def _random_action(rng: random.Random, tools: list[str]) -> str:
    pool = [
        "",
        "north",
        "1",
        "press 3",
        "swap 1 2",
        "guess owl",
        "ask flies",
        "order J1",
        "x" * 5000,
        "trade a for b",
        "pack A1",
        "1122",
        "é✓\n\t",
        str(rng.randrange(-5, 200)),
    ]
    if tools and rng.random() < 0.2:
        return json.dumps({"tool": rng.choice(tools), "arguments": {"item_id": "Z9", "junk": 1}})
    return rng.choice(pool)


@pytest.mark.parametrize("seed_env", SEEDS, ids=SEED_IDS)
def test_deterministic_terminates_in_range_and_no_hint_leak(seed_env: SeedEnv) -> None:
    ns = _load(seed_env)
    tools = [t["name"] for t in ns.get("TOOLS", [])]
    low, high = ns.get("REWARD_RANGE", (0.0, 1.0))
    for seed in range(6):
        runs = []
        for _ in range(2):
            rng = random.Random(seed)
            env = ns["Env"]()
            obs, info = env.reset(seed=seed)
            trace = [obs, json.dumps(info)]
            for _turn in range(ns["MAX_TURNS"] + 40):
                action = _random_action(rng, tools)
                if action.startswith("{"):
                    call = json.loads(action)
                    trace.append(getattr(env, call["tool"])(**call["arguments"]))
                    continue
                obs, reward, term, trunc, info = env.step(action)
                assert isinstance(obs, str) and low <= reward <= high
                assert not (term and trunc)
                json.dumps(info)
                trace.append(obs)
                if term or trunc:
                    break
            else:
                pytest.fail("episode did not end within MAX_TURNS steps")
            obs, reward, term, trunc, info = env.step("again")  # after the end
            assert reward == 0.0 and (term or trunc)
            runs.append(trace)
            assert all(seed_env.hint not in t for t in trace)
        assert runs[0] == runs[1], "same seed and actions must give the same observations"


@pytest.mark.parametrize("seed_env", SEEDS, ids=SEED_IDS)
def test_trivial_policies_fail(seed_env: SeedEnv) -> None:
    policies = {
        "empty": lambda o: "",
        "constant": lambda o: "1",
        "echo": lambda o: o[-1],
        "hint as answer": lambda o: seed_env.hint,
    }
    for name, policy in policies.items():
        wins = sum(play_in_process(seed_env.source, policy, s)[0] for s in range(8))
        assert wins == 0, f"{name} policy won {wins}/8"


@pytest.mark.parametrize("seed_env", SEEDS, ids=SEED_IDS)
def test_hint_lifts_the_scripted_solver(seed_env: SeedEnv) -> None:
    n = 16
    with_hint = sum(
        play_in_process(seed_env.source, lambda o: solve(seed_env.name, o, seed_env.hint), s)[0]
        for s in range(100, 100 + n)
    )
    without = sum(
        play_in_process(seed_env.source, lambda o: solve(seed_env.name, o, ""), s)[0]
        for s in range(100, 100 + n)
    )
    assert with_hint >= 0.9 * n
    assert with_hint - without >= 0.5 * n


def test_play_in_process_reports_success_by_contract() -> None:
    caesar = next(s for s in SEEDS if s.name == "caesar")
    ok, observations, actions = play_in_process(
        caesar.source, lambda o: solve("caesar", o, caesar.hint), seed=3
    )
    assert ok and observations[-1] == "Correct!" and len(actions) == 1
    assert episode_success({"success": False}, 5.0, 1.0) is False


def test_tool_calls_take_turns_in_process_as_at_play_time() -> None:
    knapsack = next(s for s in SEEDS if s.name == "warehouse_knapsack")
    listing = json.dumps({"tool": "list_items", "arguments": {}})
    ok, observations, actions = play_in_process(knapsack.source, lambda o: listing, seed=3)
    assert not ok  # the turns ran out on tool calls: no RuntimeError, a lost episode
    assert len(actions) == knapsack.max_turns == 12
    assert len(observations) == 13 and observations[-1].startswith("Items: ")
    ok, _, actions = play_in_process(
        knapsack.source, lambda o: solve("warehouse_knapsack", o, knapsack.hint), seed=3
    )
    assert ok and len(actions) == 9  # list_items, 7 x weigh, pack


@pytest.mark.slow
async def test_seeds_pass_the_critic_and_solve_in_the_wasm_sandbox() -> None:
    validation = pytest.importorskip("actors._validation")
    from engine.config import CriticConfig, SandboxConfig
    from engine.messages import EnvValidated
    from sandbox_wasm import Sandbox

    async with Sandbox.open(SandboxConfig()) as sandbox:
        for seed_env in SEEDS:
            verdict = await validation.validate(
                seed_env.source, seed_env.hint, sandbox, CriticConfig()
            )
            assert isinstance(verdict, EnvValidated), (seed_env.name, verdict)
            tools = {t["name"] for t in verdict.tools}
            for seed in (0, 1):
                inst = await sandbox.open_env(seed_env.source)
                try:
                    obs, _ = await inst.reset(seed=seed)
                    observations = [obs]
                    for _ in range(60):
                        action = solve(seed_env.name, observations, seed_env.hint)
                        call = json.loads(action) if action.startswith("{") else None
                        if call is not None and call["tool"] in tools:
                            observations.append(
                                await inst.call_tool(call["tool"], call["arguments"])
                            )
                            continue
                        r = await inst.step(action)
                        observations.append(r.observation)
                        if r.terminated or r.truncated:
                            break
                    assert r.info.get("success") is True, (seed_env.name, seed, observations)
                finally:
                    await inst.aclose()


class _Replay:
    """A fake policy server: answers each warm-start prompt with that sample's target.

    It knows only the warm start's Agent samples, keyed by their prompt ids, so an episode
    wins only if the Agent's real prompts match the SFT prompts token for token and the
    trained answers finish the task under the Agent's turn rule.
    """

    def __init__(self, tokenizer: Any, samples: list[Any]) -> None:
        self.tokenizer = tokenizer
        self.answers: dict[tuple[int, ...], list[int]] = {}
        for s in samples:
            cut = s.loss_mask.index(1)
            self.answers[tuple(s.input_ids[:cut])] = list(s.input_ids[cut:])

    async def generate(self, input_ids: list[int], **_: Any) -> Any:
        from engine.errors import PolicyError
        from engine.inference import Generation

        target = self.answers.get(tuple(input_ids))
        if target is None:
            raise PolicyError("the Agent sent a prompt no warm-start sample has")
        return Generation(
            output_ids=target,
            output_logprobs=[0.0] * len(target),
            finish_reason="stop",
            prompt_tokens=len(input_ids),
            completion_tokens=len(target),
            weight_version="1",
            text=self.tokenizer.decode(target, skip_special_tokens=True),
        )


@pytest.mark.slow
async def test_hinted_solvers_win_through_play_episode() -> None:
    """Every episode the warm start trains on, replayed by a fake policy emitting the hinted
    solver's actions through the Agent's own play path (PolicyAgent prompts, parse_action,
    the turn cap with tool calls counted) in the WebAssembly sandbox, is won."""
    from actors.agent import PolicyAgent, play_episode
    from engine._warm_start import WARM_START_SEED_BASE, warm_start_samples
    from engine.config import AgentConfig, SandboxConfig
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.messages import EpisodeRequested
    from sandbox_wasm import Sandbox

    tok = load_tokenizer(ensure_tiny_model())
    per_env = 2
    warm = warm_start_samples(tok, [], seeds_per_env=per_env, rng=random.Random(0))
    agent_samples = [s for s in warm if s.role == "agent"]
    config = AgentConfig()
    agent = PolicyAgent(_Replay(tok, agent_samples), tok, config, temperature=0.0)
    async with Sandbox.open(SandboxConfig()) as sandbox:
        for seed_env in SEEDS:
            inst = await sandbox.open_env(seed_env.source)
            spec = inst.spec
            await inst.aclose()
            for seed in range(WARM_START_SEED_BASE, WARM_START_SEED_BASE + per_env):
                trained = [
                    s for s in agent_samples if s.group_id == f"sft-agent-{seed_env.name}-{seed}"
                ]
                ep = await play_episode(
                    EpisodeRequested(
                        episode_id=f"{seed_env.name}-{seed}",
                        env_id=seed_env.name,
                        source=seed_env.source,
                        description=spec.description,
                        tools=list(spec.tools),
                        max_turns=spec.max_turns,
                        success_threshold=spec.success_threshold,
                        seed=seed,
                        hint=spec.hint,
                    ),
                    sandbox,
                    agent,
                    config,
                )
                where = (seed_env.name, seed, ep.status, ep.reason)
                assert ep.success and ep.status == "ok", where
                assert [t.action for t in ep.turns] == [
                    tok.decode(s.input_ids[s.loss_mask.index(1) :], skip_special_tokens=True)
                    for s in trained
                ], where
