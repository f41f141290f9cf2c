"""Every design on disk (designs.jsonl, episodes.jsonl, python -m engine.designs) and the
seeds of deterministic mode."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest
import trio

from actors.agent import PolicyAgent, TurnContext
from actors.designer import Designer
from actors.hinter import Hinter
from engine.config import Config, DesignerConfig, HinterConfig, PolicyConfig, RunConfig
from engine.designs import EPISODES_FILE, episode_kept, main
from engine.loop import Recorder
from engine.messages import (
    DesignRequested,
    EnvProposed,
    EnvRejected,
    EnvScored,
    EnvValidated,
    EpisodeFinished,
    Turn,
)
from engine.rundir import RunDir
from engine.seeding import DETERMINISTIC_SGLANG_FLAG, derive_seed, deterministic_policy
from tests.actors.test_designer import GOOD, FakePolicy, FakeTokenizer

# ------------------------------------------------------------------------------ seeding


def test_derived_seeds_are_stable_and_depend_on_every_part() -> None:
    assert derive_seed(0, "design", "it1-r0-abc", 0) == 765603444  # pinned across versions
    assert derive_seed(7, "agent", "e:h0", 2) == 726132162
    seeds = {derive_seed(s, "design", r, i) for s in (0, 1) for r in ("a", "b") for i in (0, 1)}
    assert len(seeds) == 8
    assert all(0 <= s < 2**31 for s in seeds)


def test_deterministic_policy_launch_settings() -> None:
    cpu = deterministic_policy(PolicyConfig(max_batch_size=8))
    assert cpu.max_batch_size == 1
    sg = deterministic_policy(PolicyConfig(backend="sglang", extra_args=["--x"]))
    assert sg.extra_args == ["--x", DETERMINISTIC_SGLANG_FLAG]
    assert deterministic_policy(sg).extra_args == sg.extra_args  # added once
    frozen = PolicyConfig(backend="openai")
    assert deterministic_policy(frozen) is frozen


class SeedPolicy:
    """A policy client that records the sampling seed of every request."""

    def __init__(self) -> None:
        self.seeds: list[int | None] = []

    async def generate(self, input_ids: list[int], **kw: Any) -> Any:
        self.seeds.append(kw.get("sampling_seed"))
        return SimpleNamespace(
            output_ids=[5], output_logprobs=[-0.1], text="Hint: count.", weight_version="2"
        )


async def test_designer_seeds_each_sample_and_keeps_the_completion() -> None:
    req = DesignRequested(request_id="it1-r0-abc", passage_id="p#0", passage="x", group_size=2)
    seeded = FakePolicy([GOOD, "no code here"])
    props = await Designer(seeded, FakeTokenizer(), DesignerConfig(), seed=0).design(req)
    assert sorted(c["sampling_seed"] for c in seeded.calls) == sorted(
        derive_seed(0, "design", "it1-r0-abc", i) for i in (0, 1)
    )
    # the two samples may reach the fake in either order; each keeps its own raw answer
    assert {p.completion: p.parse_error[:7] for p in props} == {GOOD: "", "no code here": "no_code"}
    free = FakePolicy([GOOD])
    await Designer(free, FakeTokenizer(), DesignerConfig()).design(req)
    assert all("sampling_seed" not in c for c in free.calls)  # no seed outside the mode


async def test_agent_turns_and_policy_hints_carry_derived_seeds() -> None:
    client = SeedPolicy()
    agent = PolicyAgent(client, FakeTokenizer(), seed=3)
    ctx = TurnContext(
        description="d", tools=[], hint=None, observations=["o"], answers=[], turn=2,
        rng=random.Random(0), memory={}, episode_id="e1:h0",
    )  # fmt: skip
    await agent.act(ctx)
    hinter = Hinter(HinterConfig(source="policy"), client=client, tokenizer=FakeTokenizer(), seed=3)
    prop = EnvProposed(env_id="e1", source="class Env: ...")
    await hinter.hint_for(EnvValidated(env_id="e1", proposal=prop, description="", max_turns=2))
    await PolicyAgent(client, FakeTokenizer()).act(ctx)
    assert client.seeds == [derive_seed(3, "agent", "e1:h0", 2), derive_seed(3, "hint", "e1"), None]


# ------------------------------------------------------------------------------ records


def test_appending_after_a_torn_line_keeps_every_complete_record(tmp_path: Path) -> None:
    rd = RunDir(tmp_path)
    (tmp_path / "x.jsonl").write_bytes(b'{"a": 1}\n{"b": ')  # a crash mid-write
    rd.append_records("x.jsonl", [RunConfig(seed=5)])
    rd.append_records("x.jsonl", [RunConfig(seed=6)])
    assert [r.get("a", r.get("seed")) for r in rd.records("x.jsonl")] == [1, 5, 6]
    assert rd.records("missing.jsonl") == []


def _proposal(env_id: str, **kw: Any) -> EnvProposed:
    base: dict[str, Any] = dict(
        env_id=env_id, group_id=env_id.split("/")[0], passage_id="doc#1", policy_version=0,
        source="class Env: ...\n",
        prompt_ids=[1, 2, 3], output_ids=[4, 5], output_logprobs=[-0.1, -0.2],
    )  # fmt: skip
    return EnvProposed(**(base | kw))


def _scored(prop: EnvProposed) -> EnvScored:
    return EnvScored(
        env_id=prop.env_id, proposal=prop, hint="use the map", k=2, success_without=0.0,
        success_with=1.0, regret=1.0, ci_low=0.2, ci_high=1.0, accepted=True, flags=["x"],
    )  # fmt: skip


def _episode(episode_id: str, env_id: str) -> EpisodeFinished:
    turns = [Turn(action="go " * 10, observation="wall", reward=0.0, output_ids=[1, 2])]
    return EpisodeFinished(
        episode_id=episode_id, env_id=env_id, seed=9, hinted=True, turns=turns,
        status="max_turns", reason="no end", seconds=1.5,
    )  # fmt: skip


async def _record(tmp_path: Path, messages: list[Any], config: RunConfig) -> Recorder:
    owner = {"it1-r0": 1, "it2-r0": 2}
    rec = Recorder(RunDir(tmp_path), config, iteration_of=lambda g: owner.get(g, 0))
    to_rec, inbox = trio.open_memory_channel[Any](len(messages))
    to_mem, mem_in = trio.open_memory_channel[Any](len(messages))
    with to_rec:
        for m in messages:
            to_rec.send_nowait(m)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(rec.run, inbox, to_mem)
    with mem_in:
        assert len([m async for m in mem_in]) == 3  # every outcome still reaches Memory
    return rec


async def test_recorder_writes_every_model_written_design_and_sampled_transcripts(
    tmp_path: Path,
) -> None:
    raw = "I think...\n" + "x" * 50
    bad = _proposal("it1-r0/0", source=raw, parse_error="no_code: none", completion=raw)
    good = _proposal("it2-r0/1", source="class Env: ...\n", hint="h", completion="```py```")
    seed = _proposal("seed-a", policy_version=-1)  # an archived environment re-scored
    messages = [
        EnvRejected(env_id=bad.env_id, reason="unparseable", detail="no_code: none", proposal=bad),
        _scored(good),
        _scored(seed),
        _episode("it2-r0/1:h0", "it2-r0/1"),
    ]
    rec = await _record(tmp_path, messages, RunConfig(completion_chars=20, turn_chars=8))
    assert (rec.statistics().designs_written, rec.statistics().episodes_written) == (2, 1)
    rows = RunDir(tmp_path).records("designs.jsonl")
    assert [r["design_id"] for r in rows] == ["it1-r0/0", "it2-r0/1"]
    first, second = rows
    assert first["iteration"] == 1 and first["verdict"] == "rejected"
    assert (first["reason"], first["parsed"], first["source"]) == ("unparseable", False, "")
    assert first["completion"] == raw[:20] and first["completion_chars"] == len(raw)
    assert (first["completion_cap"], first["prompt_tokens"], first["output_tokens"]) == (20, 3, 2)
    assert second["iteration"] == 2 and second["verdict"] == second["reason"] == "accepted"
    assert (second["regret"], second["flags"], second["hint_used"]) == (1.0, ["x"], "use the map")
    assert second["source"] == "class Env: ...\n" and second["completion"] == "```py```"
    (ep,) = RunDir(tmp_path).records(EPISODES_FILE)
    assert ep["turns"][0]["action"] == "go go go"[:8] and ep["turns"][0]["output_tokens"] == 2
    assert (ep["status"], ep["hinted"], ep["turn_chars"]) == ("max_turns", True, 8)
    assert "seconds" not in ep  # nothing timing-dependent in a transcript


async def test_keep_episodes_none_writes_no_transcript(tmp_path: Path) -> None:
    prop = _proposal("it1-r0/0")
    msgs = [_scored(prop), _scored(prop), _scored(prop), _episode("e", "it1-r0/0")]
    rec = await _record(tmp_path, msgs, RunConfig(keep_episodes="none"))
    assert rec.statistics().episodes_written == 0
    assert not (tmp_path / EPISODES_FILE).exists()


def test_a_fraction_keeps_the_same_episodes_on_every_run() -> None:
    ids = [f"it1-r0-abc/{i}:h{j}" for i in range(100) for j in range(10)]
    kept = [i for i in ids if episode_kept(i, 0.25)]
    assert 200 <= len(kept) <= 300
    assert kept == [i for i in ids if episode_kept(i, 0.25)]
    assert all(episode_kept(i, "all") and not episode_kept(i, "none") for i in ids[:10])
    assert not any(episode_kept(i, 0.0) for i in ids)


def test_keep_episodes_config_values() -> None:
    from engine.config import load_config
    from engine.errors import ConfigError

    assert load_config(None, ["run.keep_episodes=0.5"]).run.keep_episodes == 0.5
    assert load_config(None, ['run.keep_episodes="none"']).run.keep_episodes == "none"
    for bad in ("run.keep_episodes=2", 'run.keep_episodes="some"'):
        with pytest.raises(ConfigError, match="keep_episodes"):
            load_config(None, [bad])
    assert Config().run.deterministic is False


# ------------------------------------------------------------------------------ the CLI


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    raw = "no program"
    bad = [
        _proposal(f"it{it}-r0/{i}", source=raw, parse_error="no_code: x", completion=raw)
        for it, i in ((1, 0), (1, 1), (2, 0))
    ]
    good = _proposal("it2-r0/1", source="class Env: ...\n", hint="h", completion="code")
    msgs: list[Any] = [
        EnvRejected(env_id=p.env_id, reason="unparseable", detail="no_code: x", proposal=p)
        for p in bad
    ]
    msgs += [_scored(good), _episode("it2-r0/1:h0", "it2-r0/1")]
    rd = RunDir(tmp_path)

    async def go() -> None:
        rec = Recorder(rd, RunConfig(), iteration_of=lambda g: int(g[2]))
        to_rec, inbox = trio.open_memory_channel[Any](8)
        to_mem, mem_in = trio.open_memory_channel[Any](8)
        with to_rec:
            for m in msgs:
                to_rec.send_nowait(m)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(rec.run, inbox, to_mem)
        mem_in.close()

    trio.run(go)
    return tmp_path


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_counts_by_reason_and_iteration(run_dir: Path) -> None:
    code, text = _cli(str(run_dir))
    assert code == 0
    assert text.splitlines() == [
        "4 designs",
        "by reason:",
        "  unparseable      3",
        "  accepted         1",
        "by iteration:",
        "  iter  designs  accepted  scored  rejected",
        "     1        2         0       0         2",
        "     2        2         1       0         1",
    ]


def test_filters_list_the_matching_designs(run_dir: Path) -> None:
    code, text = _cli(str(run_dir), "--reason", "unparseable", "--iteration", "2")
    assert code == 0
    assert text.splitlines()[0] == "1 designs"
    assert text.splitlines()[-1] == "  it2-r0/0  it2  unparseable  no_code: x"


def test_show_one_design_with_its_verdict_and_transcripts(run_dir: Path) -> None:
    code, text = _cli(str(run_dir), "--show", "it2-r0/1")
    assert code == 0
    assert "verdict: accepted (accepted)" in text
    assert "regret: +1.000 [+0.200, +1.000]" in text
    assert "--- completion (4 characters, 2 tokens)\ncode\n" in text
    assert "--- 1 episode transcripts kept" in text
    assert "turn 0: action 'go go go go go go go go go go '" in text


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["/nonexistent/run"], "no such run directory"),
        (["{empty}"], "no designs.jsonl"),
        (["{run}", "--show", "nope"], "no design 'nope'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    run_dir: Path, tmp_path_factory: pytest.TempPathFactory, capsys: Any, argv: list[str],
    needle: str,
) -> None:  # fmt: skip
    empty = tmp_path_factory.mktemp("empty")
    args = [a.format(empty=empty, run=run_dir) for a in argv]
    assert _cli(*args)[0] == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_records_round_trip_as_json(run_dir: Path) -> None:
    for line in (run_dir / "designs.jsonl").read_text().splitlines():
        assert isinstance(json.loads(line), dict)
    assert msgspec.json.decode((run_dir / EPISODES_FILE).read_bytes().splitlines()[0])


def test_an_unknown_reason_or_iteration_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.designs import main

    run = tmp_path / "run"
    run.mkdir()
    (run / "designs.jsonl").write_text(
        json.dumps({"design_id": "it1-r0-x/0", "iteration": 1, "reason": "unparseable"}) + "\n"
    )
    assert main([str(run), "--reason", "unparsable"]) == 2
    assert "its reasons: unparseable" in capsys.readouterr().err
    assert main([str(run), "--iteration", "5"]) == 2
    assert "iterations 1..1" in capsys.readouterr().err
    assert main([str(run), "--reason", "unparseable"]) == 0


def test_output_into_a_closed_pipe_is_no_traceback(run_dir: Path) -> None:
    """Piping the listing into ``head`` is ordinary use: a reader that leaves early must not
    cost the user a Python traceback on stderr."""
    import os
    import subprocess
    import sys

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader (``head``) has already gone
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "engine.designs", str(run_dir), "--show", "it2-r0/1"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=Path(__file__).parents[2],
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in proc.stderr, proc.stderr  # tester40
    assert proc.returncode == 141, proc.stderr  # 128 + SIGPIPE, as a shell reports it
