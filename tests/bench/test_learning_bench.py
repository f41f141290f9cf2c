"""bench learning's figures from a run directory, and its prompt cut (no training here)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.bench_learning import COPY_RATIO, _cut_prompt, design_figures


def _design(
    it: int,
    verdict: str,
    source: str = "",
    flags: list[str] | None = None,
    p_without: float = 0.0,
    p_with: float = 0.0,
) -> str:
    return json.dumps(
        {
            "design_id": f"d{it}-{verdict}-{len(source)}",
            "iteration": it,
            "verdict": verdict,
            "reason": "unparseable" if verdict == "rejected" else verdict,
            "source": source,
            "regret": 0.5 if verdict == "accepted" else None,
            "success_without": None if verdict == "rejected" else p_without,
            "success_with": None if verdict == "rejected" else p_with,
            "flags": flags or [],
        }
    )


def test_design_figures_rates_flags_and_nearest_warm_start(tmp_path: Path) -> None:
    corpus = ["x = 1\n" * 40, "def f():\n    return 2\n" * 20]
    novel = "class Env:\n    pass\n" * 30
    lines = [
        _design(1, "rejected"),
        _design(1, "rejected"),
        _design(2, "scored", "y = 2\n", ["impossible"]),
        _design(2, "rejected"),
        _design(3, "accepted", corpus[0], p_without=0.75, p_with=1.0),  # a verbatim copy
        _design(3, "accepted", novel, p_with=0.5),
    ]
    (tmp_path / "designs.jsonl").write_text("\n".join(lines) + "\n")
    fig = design_figures(tmp_path, corpus, window=1)
    assert fig["valid_rate_per_iteration"] == [0.0, 0.5, 1.0]
    assert (fig["valid_rate_early"], fig["valid_rate_late"]) == (0.0, 1.0)
    assert fig["rejections"] == {"unparseable": 3}
    assert fig["flag_shares"] == {"impossible": round(1 / 3, 3), "frontier": round(2 / 3, 3)}
    # the first scored design is the impossible one; the second half holds the two accepted
    assert fig["flag_shares_halves"] == [{"impossible": 1.0}, {"frontier": 1.0}]
    assert fig["success_without_mean"] == 0.25 and fig["success_with_mean"] == 0.5
    assert fig["success_without_between"] == 1
    copy, other = fig["accepted"]
    assert copy["nearest_warm_start"] == 0 and copy["similarity"] == 1.0 and copy["copy"]
    assert other["similarity"] < COPY_RATIO and not other["copy"]
    assert fig["accepted_not_copies"] == 1


def test_cut_prompt_keeps_head_and_tail() -> None:
    ids = list(range(100)) + [900, 901]
    mask = [0] * 100 + [1, 1]
    cut, m = _cut_prompt(ids, mask, 40)
    assert cut == list(range(32)) + list(range(92, 100)) + [900, 901]
    assert m == [0] * 40 + [1, 1]
    assert _cut_prompt(ids, mask, 0) == (ids, mask)
    assert _cut_prompt(ids, mask, 200) == (ids, mask)


@pytest.mark.long
def test_bench_tokenizer_trained_on_the_warm_start_material_packs_programs_tighter(
    tmp_path: Path,
) -> None:
    from bench.bench_learning import build_model, tokenizer_texts
    from engine.inference import load_tokenizer
    from engine.variants import generate_variants

    variants = generate_variants(120, seed=0, rename=False)
    texts = tokenizer_texts(variants[:100], ["A passage about rivers and bridges."], seed=0)
    assert any("class Env" in t for t in texts)
    assert any("HINT" in t or "hint" in t.lower() for t in texts)
    domain = load_tokenizer(build_model(tmp_path / "domain", 32, 1, texts))
    stdlib = load_tokenizer(build_model(tmp_path / "stdlib", 32, 1))
    held_back = [v.source for v in variants[100:]]  # programs the BPE was not trained on

    def count(tok: object) -> int:
        return sum(len(tok(s)["input_ids"]) for s in held_back)  # type: ignore[operator]

    assert count(domain) < 0.85 * count(stdlib)


def test_probe_designs_samples_parses_and_validates_every_design(tmp_path: Path) -> None:
    from bench.bench_learning import build_model, probe_designs

    model = build_model(tmp_path / "m", 32, 1)
    out = probe_designs(model, 2, temperature=1.0, prompt_tokens=64, seed=0, threads=1)
    assert out["probed"] == 2 and sum(out["verdicts"].values()) == 2
    assert out["valid"] == out["verdicts"].get("valid", 0) and 0 <= out["valid_rate"] <= 1


def test_the_designer_probe_samples_as_self_play_does() -> None:
    """The probe takes the self-play run's temperature and nucleus mass, --set included."""
    import argparse

    from bench.bench_learning import REPO, _designer_sampling

    config = str(REPO / "configs" / "cpu_learn.toml")
    args = argparse.Namespace(config=config, set=["designer.top_p=0.9"])
    assert _designer_sampling(args) == (0.5, 0.9)


def test_probe_agent_plays_held_back_word_pick_with_and_without_the_hint(tmp_path: Path) -> None:
    from bench.bench_learning import build_model, probe_agent

    model = build_model(tmp_path / "m", 32, 1)
    assert probe_agent(model, 1, seed=0, threads=1)["recombined"]["episodes"] == 0
    out = probe_agent(model, 2, seed=0, threads=1)
    assert out["episodes"] == out["recombined"]["episodes"] == 6
    for probe in (out, out["recombined"]):
        for cond in ("with", "without"):
            assert 0 <= probe[cond]["won"] <= probe[cond]["first_right"] <= 6
            assert sum(probe["first_answers"][cond].values()) == 6


def test_agent_over_versions_probes_the_warm_start_and_each_saved_version(tmp_path: Path) -> None:
    import shutil

    from bench.bench_learning import agent_over_versions, build_model

    model = build_model(tmp_path / "m", 32, 1)
    run_dir = tmp_path / "run"
    shutil.copytree(model, run_dir / "weights" / "v3")
    rows = agent_over_versions(run_dir, model, [0, 3, 7], programs=2, seed=0, threads=1)
    assert [r["version"] for r in rows] == [0, 3]  # v7 has no weights on disk: left out
    for r in rows:
        assert r["episodes"] == 6
        assert 0 <= r["with_won"] <= r["with_first_right"] <= 6
        assert 0 <= r["without_won"] <= r["without_first_right"] <= 6
    # the same weights give the same greedy answers at both versions
    assert {k: v for k, v in rows[0].items() if k != "version"} == {
        k: v for k, v in rows[1].items() if k != "version"
    }


def test_only_design_prompts_are_cut_for_the_warm_start() -> None:
    import random

    from bench.bench_learning import training_sequences
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import generate_variants, variant_samples

    tok = load_tokenizer(ensure_tiny_model())
    variants = generate_variants(10, seed=0, rename=False)
    samples = variant_samples(
        tok, variants, [], rng=random.Random(0), family_episodes={"word_pick": 3}
    )
    picks = [s for s in samples if s.role == "agent" and "word_pick" in s.group_id]
    assert len({s.group_id for s in picks}) == 2 * 3  # two word_pick variants, 3 episodes each
    seqs = training_sequences(samples, prompt_tokens=48)
    for s, (ids, mask) in zip(samples, seqs, strict=True):
        answer = [t for t, m in zip(s.input_ids, s.loss_mask, strict=True) if m]
        assert [t for t, m in zip(ids, mask, strict=True) if m] == answer
        if s.role == "designer":
            assert mask.index(1) == 48
        else:
            assert list(ids) == list(s.input_ids)  # the Agent's prompt stays whole


def test_the_console_summary_names_every_target_and_each_held_out_version() -> None:
    from bench.bench_learning import summarize

    rec = {
        "case": "learning (regret)",
        "bench_seconds": 10,
        "parameters": 1000,
        "held_out": [
            {"version": 0, "success_without": 0.0, "success_with": 0.25},
            {"version": 7, "success_without": 0.5, "success_with": 1.0},
        ],
        "targets": {"valid_rate_late>=0.5": True, "held_out_with_rises": None},
    }
    text = summarize([rec])
    assert "v0: 0.00 / 0.25, v7: 0.50 / 1.00" in text
    assert "valid_rate_late>=0.5 True" in text and "held_out_with_rises None" in text
    assert max(len(line) for line in text.splitlines()) < 200


def test_warm_start_reuse_carries_the_earlier_stage_figures(tmp_path: Path) -> None:
    import argparse

    import pytest

    from bench.bench_learning import _reuse_warm_start, add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--warm-start", str(tmp_path)])
    with pytest.raises(SystemExit, match="no warm-started model"):
        _reuse_warm_start(args)
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "config.json").write_text("{}")
    with pytest.raises(SystemExit, match="has no model.safetensors and no tokenizer.json"):
        _reuse_warm_start(args)
    for name in ("model.safetensors", "tokenizer.json"):
        (tmp_path / "model" / name).write_text("{}")
    with pytest.raises(SystemExit, match="no bench record in records.json"):
        _reuse_warm_start(args)
    for bad in ([], {}, [5], ["x"], {"case": "learning"}):
        (tmp_path / "records.json").write_text(json.dumps(bad))
        with pytest.raises(SystemExit, match="expected a list of record objects, got "):
            _reuse_warm_start(args)  # named, never an AttributeError or a bare "(0)"
    for bad, message in (
        ({"bench_args": [1]}, "bench_args in records.json must be an object, got \\[1\\]"),
        ({"bench_args": {"variants": "abc"}}, 'bench_args.variants .* an integer, got "abc"'),
        ({"bench_args": {"seed": True}}, "bench_args.seed .* an integer, got true"),
        ({"bench_args": {"rename": 1}}, "bench_args.rename .* true or false, got 1"),
    ):
        (tmp_path / "records.json").write_text(json.dumps([bad]))
        with pytest.raises(SystemExit, match=message):
            _reuse_warm_start(args)  # named, never a ValueError or an AttributeError
    earlier = {
        "sft_epochs": 1.25,
        "hint_converged": False,
        "agent_probe": {"with": {"won": 36}},
        "warm_start_probe": {"valid": 23},
        "valid_rate_late": 0.4,  # a self-play figure: not carried
        "bench_args": {"variants": 10, "seed": 3, "rename": False},
    }
    (tmp_path / "records.json").write_text(json.dumps([earlier]))
    model_dir, variants, figures = _reuse_warm_start(args)
    assert model_dir == (tmp_path / "model").resolve()
    assert len(variants) == 10  # the earlier run's corpus, for the copy check
    assert figures["sft_epochs"] == 1.25 and figures["agent_probe"] == {"with": {"won": 36}}
    assert "valid_rate_late" not in figures
    assert figures["warm_start_from"] == str(tmp_path.resolve())


def _refused_before_work_dir(out: Path, argv: list[str], match: str) -> None:
    """``bench learning argv --out out`` stops with a SystemExit matching ``match`` before
    ``out`` is made."""
    import argparse

    from bench.bench_learning import add_arguments, run

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    with pytest.raises(SystemExit, match=match):
        run(parser.parse_args([*argv, "--out", str(out)]))
    assert not out.exists()


@pytest.fixture
def no_bench_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the bench gets as far as its bf16 probe or its warm stages."""
    import bench.bench_learning as bl

    def stop(*_: object) -> None:
        raise AssertionError("the bench started")

    monkeypatch.setattr(bl, "_warm_stages", stop)
    monkeypatch.setattr(bl, "bf16_pays", stop)


def test_a_bad_warm_start_dir_stops_the_bench_before_it_makes_a_work_directory(
    tmp_path: Path,
) -> None:
    out = tmp_path / "work"
    _refused_before_work_dir(
        out, ["--warm-start", str(tmp_path / "nothing")], "no warm-started model"
    )
    out.write_text("")
    import argparse

    from bench.bench_learning import add_arguments, run

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--out", str(out)])
    with pytest.raises(SystemExit, match="a file, not a directory"):
        run(args)


def test_the_nearest_warm_start_program_is_the_best_ratio_of_the_shortlist() -> None:
    import difflib
    import random

    from bench.bench_learning import NEAREST_SHORTLIST, _grams, _nearest

    rng = random.Random(0)
    words = [f"name{i}" for i in range(60)]
    corpus = [" ".join(rng.choice(words) for _ in range(80)) for _ in range(40)]
    design = corpus[17].replace("name1 ", "name2 ", 3)  # a near copy of program 17
    best, i = _nearest(design, corpus, [_grams(c) for c in corpus])
    exact = max(
        (difflib.SequenceMatcher(None, design, c, autojunk=False).ratio(), j)
        for j, c in enumerate(corpus)
    )
    assert (best, i) == exact and i == 17 and NEAREST_SHORTLIST < len(corpus)
    assert _nearest(design, [], []) == (0.0, -1)


def test_the_copy_check_in_two_processes_finds_what_one_finds() -> None:
    import random

    from bench.bench_learning import nearest_all

    rng = random.Random(1)
    words = [f"name{i}" for i in range(60)]
    corpus = [" ".join(rng.choice(words) for _ in range(60)) for _ in range(30)]
    designs = [c.replace("name3 ", "name4 ", 2) for c in corpus[:9]] + ["unrelated text"]
    one = nearest_all(designs, corpus, workers=1)
    assert nearest_all(designs, corpus, workers=2) == one
    assert [i for _, i in one[:9]] == list(range(9))


def test_the_warm_start_stops_at_its_epochs_with_the_cosine_planned_over_them(
    tmp_path: Path,
) -> None:
    import random

    from bench.bench_learning import build_model, warm_start
    from engine.inference import load_tokenizer
    from engine.variants import primer_samples

    model = build_model(tmp_path / "m", 32, 1)
    samples = primer_samples(load_tokenizer(model), 40, rng=random.Random(0))
    out = warm_start(model, samples, 600.0, threads=1, seed=0, epochs=2.0)
    assert out["sft_stopped_by"] == "epochs" and out["sft_epochs_planned"] == 2.0
    # stops on the batch that reaches 2 epochs: at most one batch (<= 4,096 tokens) past
    assert 2.0 <= out["sft_epochs"] < 2.5, out
    capped = warm_start(model, samples, 0.0, threads=1, seed=0, epochs=2.0)
    assert capped["sft_stopped_by"] == "time" and capped["sft_steps"] == 0
    timed = warm_start(model, samples, 0.0, threads=1, seed=0)
    assert "sft_stopped_by" not in timed  # --sft-epochs 0: the time budget alone
    # half the tokens a batch (--sft-batch-tokens, --stage-batch-tokens): about twice the steps
    halved = warm_start(model, samples, 600.0, threads=1, seed=0, epochs=2.0, batch_tokens=2048)
    assert 1.6 * out["sft_steps"] <= halved["sft_steps"] <= 2.4 * out["sft_steps"], (out, halved)


def test_the_hint_replay_file_holds_the_agent_stages_episodes(tmp_path: Path) -> None:
    import argparse
    import random

    from bench.bench_learning import build_model, write_hint_replay
    from engine.inference import load_tokenizer
    from engine.replay import load_replay
    from engine.variants import generate_variants, hint_samples

    model = build_model(tmp_path / "m", 32, 1)
    variants = generate_variants(60, seed=0)
    args = argparse.Namespace(hint_samples=5, seed=0)
    path = write_hint_replay(tmp_path, model, variants, args)
    tokenizer = load_tokenizer(model)
    replay = load_replay(path, len(tokenizer))
    # the Agent stage's episodes: the same seed draws the same ones
    assert replay == hint_samples(tokenizer, variants, 5, rng=random.Random(2))
    assert len(replay) == 5 and {s.role for s in replay} == {"agent"}
    # an Agent stage in varied forms (--agent-forms varied) is replayed in those forms
    path = write_hint_replay(tmp_path, model, variants, args, forms="varied")
    varied = load_replay(path, len(tokenizer))
    assert varied == hint_samples(tokenizer, variants, 5, rng=random.Random(2), forms=True)
    assert varied != replay


def test_bf16_autocast_is_chosen_by_a_matmul_probe_of_this_cpu() -> None:
    """On a CPU without bfloat16 units autocast made the warm start ~10x slower (2026-12-02)."""
    import torch

    from bench.bench_learning import bf16_pays

    threads = torch.get_num_threads()
    pays, ratio = bf16_pays(size=64, repeats=2)
    assert ratio > 0 and pays == (ratio < 0.9)
    assert torch.get_num_threads() == threads  # the probe's one thread is given back


def test_the_wide_agent_words_hold_no_word_of_the_held_out_suite() -> None:
    import re

    from bench.bench_learning import agent_words
    from engine.heldout_envs import heldout_sources
    from engine.variants import _POOL

    assert agent_words("pool", []) == list(_POOL)
    wide = agent_words("wide", ["apple table sugar stream parser"])
    held = set(re.findall(r"[a-z]+", "".join(heldout_sources().values())))
    assert {"apple", "table", "sugar"} <= held and not set(wide) & held
    assert "stream" in wide and "parser" in wide
    assert all(wide.count(w) == 20 for w in _POOL[:5])  # word_pick's words stay common
    with pytest.raises(ValueError, match="--agent-words: expected pool or wide, got 'all'"):
        agent_words("all", [])


def _fake_warm_start(root: Path, record: dict[str, object]) -> Path:
    """A work directory as an earlier bench leaves it: model files and records.json."""
    (root / "model").mkdir(parents=True)
    for name in ("config.json", "model.safetensors", "tokenizer.json"):
        (root / "model" / name).write_text("{}")
    (root / "records.json").write_text(json.dumps([record]))
    return root


def test_a_reused_warm_start_carries_its_agent_words_batch_sizes_and_bf16(
    tmp_path: Path,
) -> None:
    """The replay of a reused warm start must use the words its Agent stage trained on.

    ``_selfplay_stages`` reads ``stages.get("agent_words", args.agent_words)`` ("a reused
    one's record names them"), but ``_reuse_warm_start`` dropped ``agent_words`` (and
    ``stage_batch_tokens``, ``bf16_autocast``) from the carried figures: a warm start made
    with ``--agent-words wide`` was replayed with the 76 pool words.
    """
    import argparse

    from bench.bench_learning import _reuse_warm_start, add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    src = _fake_warm_start(
        tmp_path / "earlier",
        {
            "agent_words": "wide",
            "stage_batch_tokens": 1024,
            "sft_batch_tokens": 4096,
            "bf16_autocast": False,
            "agent_forms": "varied",
            "copy_mix": 1500,
            "warm_start_copy_samples": 1500,
            "copy_final_loss": 0.19,
            "bench_args": {"variants": 5, "seed": 0, "rename": False},
        },
    )
    args = parser.parse_args(["--warm-start", str(src)])
    _, _, figures = _reuse_warm_start(args)
    assert figures["agent_words"] == "wide"
    assert figures["agent_forms"] == "varied" and figures["copy_final_loss"] == 0.19
    assert figures["copy_mix"] == figures["warm_start_copy_samples"] == 1500
    assert figures["stage_batch_tokens"] == 1024 and figures["sft_batch_tokens"] == 4096
    assert figures["bf16_autocast"] is False


def test_a_bad_agent_words_in_a_reused_record_stops_the_bench_before_the_work_directory(
    tmp_path: Path,
) -> None:
    for i, (bad, shown) in enumerate((("all", '"all"'), (3, "3"), (None, "null"))):
        src = _fake_warm_start(
            tmp_path / f"earlier-{i}",
            {"agent_words": bad, "bench_args": {"variants": 5, "seed": 0, "rename": False}},
        )
        # never agent_words' ValueError after the work directory is made
        _refused_before_work_dir(
            tmp_path / "work",
            ["--warm-start", str(src)],
            f"agent_words in records.json must be .*got {shown}",
        )


def test_a_bad_agent_forms_in_a_reused_record_stops_the_bench_before_the_work_directory(
    tmp_path: Path,
) -> None:
    src = _fake_warm_start(
        tmp_path / "earlier",
        {"agent_forms": "many", "bench_args": {"variants": 5, "seed": 0, "rename": False}},
    )
    _refused_before_work_dir(
        tmp_path / "work",
        ["--warm-start", str(src)],
        'agent_forms in records.json must be .*"many"',
    )


def test_a_reused_warm_start_runs_no_bf16_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Self-play does not train under autocast: the probe's verdict would be recorded in
    bench_args.bf16 as if the reused model had been trained so."""
    import argparse

    import bench.bench_learning as bl

    def no_probe() -> tuple[bool, float]:
        raise AssertionError("bf16_pays called for a reused warm start")

    seen: dict[str, object] = {}

    def selfplay(args: argparse.Namespace, out: Path, t0: float, *rest: object) -> list[object]:
        seen["bf16"] = args.bf16
        seen["stages"] = rest[-1]
        return []

    monkeypatch.setattr(bl, "bf16_pays", no_probe)
    monkeypatch.setattr(bl, "_selfplay_stages", selfplay)
    parser = argparse.ArgumentParser()
    bl.add_arguments(parser)
    src = _fake_warm_start(
        tmp_path / "earlier",
        {"bf16_autocast": True, "bench_args": {"variants": 5, "seed": 0, "rename": False}},
    )
    bl.run(parser.parse_args(["--warm-start", str(src), "--out", str(tmp_path / "work")]))
    assert seen["bf16"] is None  # not decided here
    assert seen["stages"]["bf16_autocast"] is True  # type: ignore[index]


def test_the_batch_token_flags_are_checked_before_anything_is_made(tmp_path: Path) -> None:
    for flag in ("--stage-batch-tokens", "--sft-batch-tokens"):
        for value in ("0", "63", "-5"):
            _refused_before_work_dir(
                tmp_path / "work", [f"{flag}={value}"], f"^{flag}: at least 64 tokens, got {value}$"
            )


def test_the_bf16_probe_refuses_sizes_that_time_nothing() -> None:
    """repeats=0 (or size 0) timed empty loops and decided on noise: (True, 0.85) here."""
    from bench.bench_learning import bf16_pays

    for kwargs in ({"size": 0}, {"repeats": 0}, {"size": -1}, {"repeats": -3}):
        with pytest.raises(ValueError, match="at least 1"):
            bf16_pays(**kwargs)


def test_the_warm_start_on_no_samples_returns_at_once(tmp_path: Path) -> None:
    """With no samples every pass had no batch: it spun for all of ``seconds``."""
    import time

    from bench.bench_learning import build_model, warm_start

    model = build_model(tmp_path / "m", 32, 1)
    t = time.perf_counter()
    out = warm_start(model, [], 20.0, threads=1, seed=0, epochs=1.0)
    assert time.perf_counter() - t < 5.0 and out["sft_steps"] == 0


def test_a_reused_warm_start_replays_the_episodes_its_agent_stage_trained_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """write_hint_replay promises "the same seed, so the same episodes", but with
    --warm-start it drew them with this run's --seed and --hint-samples, not the earlier
    run's (whose corpus, seed included, the copy check does use)."""
    import argparse

    import bench.bench_learning as bl

    class Drawn(Exception):
        pass

    def replay(
        out: Path, model_dir: Path, variants: list[object], args: object, words: str, forms: str
    ):
        raise Drawn(args.seed, args.hint_samples, words, forms)  # type: ignore[attr-defined]

    monkeypatch.setattr(bl, "write_hint_replay", replay)
    parser = argparse.ArgumentParser()
    bl.add_arguments(parser)
    earlier = {"variants": 5, "seed": 3, "rename": False, "hint_samples": 700}
    src = _fake_warm_start(
        tmp_path / "earlier",
        {"agent_words": "wide", "agent_forms": "varied", "bench_args": earlier},
    )
    args = parser.parse_args(["--warm-start", str(src), "--out", str(tmp_path / "work")])
    with pytest.raises(Drawn) as drawn:
        bl.run(args)
    assert drawn.value.args == (3, 700, "wide", "varied")
    (src / "records.json").write_text(
        json.dumps([{"bench_args": {"variants": 5, "seed": 3, "rename": False}}])
    )
    with pytest.raises(Drawn) as drawn:  # an older record: this run's flags fill the gaps
        bl.run(args)
    assert drawn.value.args == (3, 3000, "pool", "one")
    earlier["hint_samples"] = "many"
    (src / "records.json").write_text(json.dumps([{"bench_args": earlier}]))
    with pytest.raises(SystemExit, match='bench_args.hint_samples .* an integer, got "many"'):
        bl.run(args)


def test_threads_and_variants_below_one_stop_the_bench_before_anything_is_made(
    tmp_path: Path,
) -> None:
    """--threads 0 failed in torch.set_num_threads at the primer, --variants 0 with a
    ZeroDivisionError after the model was built: both after the work directory was made."""
    for flag, value in (("--threads", "0"), ("--threads", "-2"), ("--variants", "0")):
        _refused_before_work_dir(
            tmp_path / "work", [f"{flag}={value}"], f"^{flag}: at least 1, got {value}$"
        )
    # --ranks 0 raised in warm_start after the corpus; negative step caps were silently none
    _refused_before_work_dir(tmp_path / "work", ["--ranks=0"], "^--ranks: at least 1, got 0$")
    for flag in ("--copy-steps", "--hint-steps"):
        _refused_before_work_dir(tmp_path / "work", [f"{flag}=-3"], f"^{flag}: at least 0, got -3$")


@pytest.mark.parametrize(
    ("flag", "value", "want"),
    [
        ("--budget-s", "nan", "a finite number > 0"),
        ("--budget-s", "-5", "a finite number > 0"),
        ("--sft-s", "inf", "a finite number >= 0"),
        ("--primer-s", "-1", "a finite number >= 0"),
        ("--hint-s", "nan", "a finite number >= 0"),
        ("--eval-s", "-30", "a finite number >= 0"),
        ("--sft-epochs", "nan", "a finite number >= 0"),
        ("--hidden", "0", "at least 1"),
        ("--layers", "-1", "at least 1"),
        ("--eval-episodes", "0", "at least 1"),
        ("--copy-mix", "-1", "at least 0"),
    ],
)
@pytest.mark.usefixtures("no_bench_start")
def test_bad_numbers_are_refused_by_flag_and_value_before_anything_is_made(
    tmp_path: Path, flag: str, value: str, want: str
) -> None:
    """A tester's (2026-12-03): --hidden 0 failed in building the model, --budget-s nan gave
    self-play a NaN budget after the hour of warm stages, --eval-episodes 0 reached the
    held-out evaluation at the end: each after the work directory was made."""
    _refused_before_work_dir(
        tmp_path / "work",
        [f"{flag}={value}"],
        f"^{flag}: {want}, got {float(value)}$|^{flag}: {want}, got {value}$",
    )


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["--set", "nosection"], "'nosection': expected section.field=value"),
        (["--set", "critic.k=abc"], "critic.k = 'abc'"),
        (["--config", "/nonexistent/engine.toml"], "/nonexistent/engine.toml"),
    ],
)
@pytest.mark.usefixtures("no_bench_start")
def test_a_bad_engine_config_is_refused_before_anything_is_made(
    tmp_path: Path, argv: list[str], shown: str
) -> None:
    """A tester's (2026-12-03): --config and --set were first read after the warm start (the
    Designer probe's sampling settings), most of an hour in."""
    _refused_before_work_dir(tmp_path / "work", argv, re.escape(shown))


def test_held_out_rises_only_beyond_the_intervals() -> None:
    """0 -> 1 of 48 is no rise (the intervals overlap); 0 -> 20 of 48 is."""
    from actors._regret import wilson_interval
    from bench.bench_learning import held_out_rises

    def row(wins: int) -> dict[str, Any]:
        return {"success_with": wins / 48, "success_with_ci": list(wilson_interval(wins, 48))}

    assert not held_out_rises([row(0), row(1)], "success_with")
    assert held_out_rises([row(0), row(20)], "success_with")
    assert not held_out_rises([row(20), row(0)], "success_with")


def test_the_greedy_held_out_eval_writes_beside_the_sampled_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bench's greedy eval (key ``held_out_greedy``) must not overwrite ``RUN_DIR/eval``
    of the sampled one, and must pass ``--temperature 0``; a missing eval.json is named."""
    import bench.bench_learning as bl

    calls: list[list[str]] = []

    def fake_run(cmd: list[str], log: object) -> int:
        calls.append(cmd)
        out = Path(cmd[cmd.index("--out") + 1])
        out.mkdir(parents=True)
        versions = [
            {
                "version": v,
                "success_without": w,
                "success_without_ci": [0.0, 0.1],
                "success_with": w * 2,
                "success_with_ci": [0.0, 0.2],
                "episodes": 48,
            }
            for v, w in ((0, 0.0), (8, 0.25))
        ]
        (out / "eval.json").write_text(json.dumps({"versions": versions}))
        return 0

    monkeypatch.setattr(bl, "_run_child", fake_run)
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    sampled = bl.held_out(run_dir, 5, 8)
    greedy = bl.held_out(run_dir, 2, 8, temperature=0.0, key="held_out_greedy")
    assert "--temperature" not in calls[0]
    assert calls[1][calls[1].index("--temperature") + 1] == "0.0"
    assert calls[0][calls[0].index("--out") + 1] == str(run_dir / "eval")
    assert calls[1][calls[1].index("--out") + 1] == str(run_dir / "eval-greedy")
    assert sampled["held_out_gain_with"] == greedy["held_out_greedy_gain_with"] == 0.5
    assert greedy["held_out_greedy_plot"] == str(run_dir / "eval-greedy" / "eval.png")
    monkeypatch.setattr(bl, "_run_child", lambda cmd, log: 0)
    missing = bl.held_out(tmp_path / "other", 2, 8, temperature=0.0, key="held_out_greedy")
    assert missing["held_out_greedy"] == [] and "eval-greedy" in missing["held_out_greedy_error"]


def test_a_reused_warm_start_regenerates_the_word_pick_programs_it_was_trained_on(
    tmp_path: Path,
) -> None:
    """``--pick-programs agent``: the copy check of a reused warm start compares designs with
    the programs that model saw, so the reuse must draw them with the same pool and forms."""
    import argparse

    from bench.bench_learning import _reuse_warm_start, add_arguments, pick_options
    from engine.variants import generate_variants

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args_ = {"variants": 10, "seed": 0, "rename": False}
    src = _fake_warm_start(
        tmp_path / "earlier",
        {
            "agent_words": "wide",
            "agent_forms": "varied",
            "pick_programs": "agent",
            "bench_args": args_,
        },
    )
    _, variants, figures = _reuse_warm_start(parser.parse_args(["--warm-start", str(src)]))
    assert figures["pick_programs"] == "agent"
    pick = pick_options("agent", "wide", "varied")
    want = generate_variants(10, seed=0, rename=False, **pick)
    assert [v.source for v in variants] == [v.source for v in want]
    assert [v.source for v in variants] != [
        v.source for v in generate_variants(10, seed=0, rename=False)
    ]
    assert pick_options("one", "wide", "varied") == {}
    with pytest.raises(ValueError, match="--pick-programs: expected one or agent, got 'all'"):
        pick_options("all", "wide", "varied")


def test_a_bad_pick_programs_in_a_reused_record_stops_the_bench_before_the_work_directory(
    tmp_path: Path,
) -> None:
    src = _fake_warm_start(
        tmp_path / "earlier",
        {"pick_programs": "many", "bench_args": {"variants": 5, "seed": 0, "rename": False}},
    )
    _refused_before_work_dir(
        tmp_path / "work",
        ["--warm-start", str(src)],
        'pick_programs in records.json must be .*"many"',
    )


def test_two_ranks_train_the_one_process_steps_and_max_steps_stops(tmp_path: Path) -> None:
    """--ranks 2 deals each batch's rows out and sums the gradients: the weights after the
    same steps are the one process's, up to float rounding (a rank that averaged instead of
    summing, or trained its own batches, ends elsewhere)."""
    import random
    import shutil

    import torch
    from safetensors.torch import load_file

    from bench.bench_learning import build_model, warm_start
    from engine.inference import load_tokenizer
    from engine.variants import primer_samples

    base = build_model(tmp_path / "base", 32, 1)
    samples = primer_samples(load_tokenizer(base), 60, rng=random.Random(0))
    start = load_file(str(base / "model.safetensors"))
    trained = {}
    for ranks in (1, 2):
        model = tmp_path / f"r{ranks}"
        shutil.copytree(base, model)
        out = warm_start(
            model, samples, 600.0, threads=1, seed=0, max_steps=6, ranks=ranks, batch_tokens=1024
        )
        assert out["sft_steps"] == 6 and out["sft_stopped_by"] == "steps", out
        assert out["sft_ranks"] == ranks
        trained[ranks] = load_file(str(model / "model.safetensors"))
    moved = max(float((trained[1][k] - start[k]).abs().max()) for k in start)
    assert moved > 1e-3  # the steps changed the weights
    for k in start:
        torch.testing.assert_close(trained[2][k], trained[1][k], rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match="ranks must be >= 1, got 0"):
        warm_start(base, samples, 1.0, threads=1, seed=0, ranks=0)


def test_warm_start_converged_is_not_reported_as_stopped_by_time(tmp_path: Path) -> None:
    """_stage passes stop_loss 0.02 with --copy-steps/--hint-steps: a stage that converged
    at step 50 of 100 must not read ``<stage>_stopped_by: "time"`` (600 s were left)."""
    import random

    from bench.bench_learning import build_model, warm_start
    from engine.inference import load_tokenizer
    from engine.variants import primer_samples

    base = build_model(tmp_path / "base", 32, 1)
    samples = primer_samples(load_tokenizer(base), 60, rng=random.Random(0))
    out = warm_start(
        base, samples, 600.0, threads=1, seed=0, stop_loss=9.0, max_steps=100, batch_tokens=64
    )
    assert out["sft_converged"] is True and out["sft_steps"] == 50, out
    assert out["sft_stopped_by"] == "loss", out


def test_warm_start_failed_rank_raises_the_documented_runtime_error(tmp_path: Path) -> None:
    """warm_start's docstring: ``RuntimeError: a rank's process failed``; a caller catching
    RuntimeError misses the spawned ranks' failure."""
    import random

    from bench.bench_learning import build_model, warm_start
    from engine.inference import load_tokenizer
    from engine.variants import primer_samples

    base = build_model(tmp_path / "base", 32, 1)
    samples = primer_samples(load_tokenizer(base), 10, rng=random.Random(0))
    with pytest.raises(RuntimeError, match="nope"):
        warm_start(tmp_path / "nope", samples, 5.0, threads=1, seed=0, ranks=2)


def _rank_on_its_own_clock(
    rank: int, world: int, plan_path: str, rendezvous: str, out: str
) -> None:
    """A spawned rank of warm_start whose clock runs twice as fast on rank 1 (a rank that
    started earlier, or a slower core); saves its weights to ``out/rank<rank>.pt``."""
    import pickle
    import time

    import torch
    import transformers

    from bench.bench_learning import _train_rank

    if rank == 1:
        real = time.perf_counter
        time.perf_counter = lambda: 2 * real()  # type: ignore[assignment]
    loaded: dict[str, Any] = {}
    load = transformers.AutoModelForCausalLM.from_pretrained

    def keep(*a: Any, **k: Any) -> Any:
        loaded["model"] = load(*a, **k)
        return loaded["model"]

    transformers.AutoModelForCausalLM.from_pretrained = keep  # type: ignore[method-assign]
    with open(plan_path, "rb") as f:
        plan = pickle.load(f)
    _train_rank(rank, world, plan, rendezvous)
    torch.save(loaded["model"].state_dict(), f"{out}/rank{rank}.pt")


def test_ranks_keep_the_same_weights_past_the_cosine_planning_step(tmp_path: Path) -> None:
    """Rank 0 alone decides the time budget, but at step 20 every rank computes ``planned``
    from its own ``time.perf_counter``: with rank 1's clock off, its lr (and so its weights)
    differ from rank 0's; data parallel needs every replica to take the same step."""
    import pickle
    import random

    import torch
    from torch.multiprocessing.spawn import spawn

    from bench.bench_learning import _TrainPlan, build_model, training_sequences
    from engine.inference import load_tokenizer
    from engine.variants import primer_samples

    base = build_model(tmp_path / "base", 32, 1)
    samples = primer_samples(load_tokenizer(base), 60, rng=random.Random(0))
    plan = _TrainPlan(
        model_dir=str(base),
        seqs=training_sequences(samples, 0),
        seconds=600.0,
        threads=1,
        seed=0,
        bf16=False,
        stop_loss=0.0,
        constant_lr=False,
        epochs=0.0,
        batch_tokens=1024,
        max_steps=25,
    )
    plan_path = tmp_path / "plan.pickle"
    plan_path.write_bytes(pickle.dumps(plan))
    spawn(
        _rank_on_its_own_clock,
        args=(2, str(plan_path), str(tmp_path / "rendezvous"), str(tmp_path)),
        nprocs=2,
        join=True,
    )
    w0, w1 = torch.load(tmp_path / "rank0.pt"), torch.load(tmp_path / "rank1.pt")
    for k in w0:
        torch.testing.assert_close(w1[k], w0[k], rtol=0, atol=1e-7)


_KILLED_WARM_START = """
import random, sys
from pathlib import Path

from bench._harness import sigterm_as_interrupt
from bench.bench_learning import build_model, warm_start
from engine.inference import load_tokenizer
from engine.variants import primer_samples

if __name__ == "__main__":
    sigterm_as_interrupt()
    base = build_model(Path(sys.argv[1]), 32, 1)
    samples = primer_samples(load_tokenizer(base), 60, rng=random.Random(0))
    print("training", flush=True)
    warm_start(base, samples, 600.0, threads=1, seed=0, max_steps=10**6, ranks=2,
               batch_tokens=64)
"""


def _children(pid: int) -> set[int]:
    """Live (not zombie) processes whose parent is ``pid``, from /proc."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        if fields[0] != "Z" and int(fields[1]) == pid:
            out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_sigterm_to_the_bench_alone_stops_its_ranks_and_removes_the_plan(
    tmp_path: Path,
) -> None:
    """SIGTERM to the bench's process alone (not its group, as a job scheduler sends it)
    stops its spawned ranks and removes the temporary plan. Before: the parent died where it
    stood, its ranks trained on until torch's parent-death SIGINT reached them between two
    blocking collectives, and the plan's tens of MB stayed in the temporary directory."""
    sig = "SIGTERM"
    import signal
    import subprocess
    import time

    script = tmp_path / "killed.py"
    script.write_text(_KILLED_WARM_START, encoding="utf-8")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp), "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path / "model")],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "training"
        deadline = time.monotonic() + 120
        ranks: set[int] = set()
        while time.monotonic() < deadline:  # both ranks up and met (the rendezvous file)
            ranks = _children(proc.pid) - {proc.pid}
            met = any(tmp.glob("warm-start-ranks-*/rendezvous"))
            if len(ranks) >= 2 and met:
                break
            time.sleep(0.2)
        assert len(ranks) >= 2, "the ranks never started"
        time.sleep(1.0)
        proc.send_signal(getattr(signal, sig))
        proc.wait(timeout=60)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(_alive(p) for p in ranks):
            time.sleep(0.2)
        assert not any(_alive(p) for p in ranks), f"ranks still running after {sig}"
        assert proc.returncode != 0
        assert not list(tmp.glob("warm-start-ranks-*")), "the plan was left in TMPDIR"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def test_an_interrupted_bench_gives_its_engine_run_the_sigterm_it_drains_on(
    tmp_path: Path,
) -> None:
    """Ctrl-C or SIGTERM in the bench while ``engine.run`` (self-play) or ``engine.eval`` runs:
    the child gets SIGTERM, on which ``engine.run`` finishes its iterations in flight and writes
    everything, and the bench waits for it. ``subprocess.run`` SIGKILLed it after 0.25 s."""
    import signal

    from bench.bench_learning import _run_child

    drained = tmp_path / "drained"
    child = tmp_path / "child.py"
    child.write_text(
        "import signal, sys, time\n"
        "def stop(*_):\n"
        "    time.sleep(0.5)  # the iterations in flight\n"
        f"    open({str(drained)!r}, 'w').write('yes')\n"
        "    sys.exit(130)\n"
        "signal.signal(signal.SIGTERM, stop)\n"
        "print('up', flush=True)\n"
        "time.sleep(60)\n",
        encoding="utf-8",
    )

    def interrupt(*_: Any) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 1.5)
    try:
        with open(tmp_path / "log", "w", encoding="utf-8") as log, pytest.raises(KeyboardInterrupt):
            _run_child([sys.executable, str(child)], log)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert (tmp_path / "log").read_text(encoding="utf-8") == "up\n"
    assert drained.read_text(encoding="utf-8") == "yes"
