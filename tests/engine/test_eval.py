"""Held-out evaluation (engine.eval): suites, verifiers, versions, the CLI, one real play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.eval import list_versions, load_suite, main, pick_versions, verify
from engine.heldout_envs import HELDOUT_FAMILIES, SOLUTIONS
from engine.seed_envs import SEED_FAMILIES, play_in_process
from engine.variants import VARIANT_FAMILIES


def test_default_suite_is_held_out_and_solvable() -> None:
    tasks = load_suite()
    assert [t.name for t in tasks] == list(HELDOUT_FAMILIES)
    assert not set(HELDOUT_FAMILIES) & (set(SEED_FAMILIES) | set(VARIANT_FAMILIES))
    for t in tasks:
        assert t.verifier == "env" and t.hint and t.max_turns >= 1
        solve = SOLUTIONS[t.name]
        for seed in range(5):
            ok, _, _ = play_in_process(t.source, lambda obs, s=solve: s(obs[0]), seed)
            assert ok, (t.name, seed)
        # a wrong constant answer does not win
        ok, _, _ = play_in_process(t.source, lambda obs: "zzz", 0)
        assert not ok


def test_verifiers() -> None:
    assert verify("exact", "  Paris. ", "paris")
    assert not verify("exact", "Paris, France", "paris")
    assert verify("numeric", "the answer is 1,234.0", "1234")
    assert verify("numeric", "x = -3e2", "-300")
    assert not verify("numeric", "about 12", "13")
    assert not verify("numeric", "no number", "1")
    assert verify("multiple-choice", "(b) because", "B")
    assert not verify("multiple-choice", "C", "B")
    with pytest.raises(ValueError, match="unknown verifier"):
        verify("fuzzy", "a", "a")


def test_jsonl_suite_and_its_errors(tmp_path: Path) -> None:
    good = tmp_path / "t.jsonl"
    good.write_text(
        json.dumps({"prompt": "2+2?", "answer": "4", "verifier": "numeric"})
        + "\n\n"
        + json.dumps({"prompt": "Capital of France?", "answer": "paris", "hint": "P..."})
        + "\n"
    )
    tasks = load_suite(good)
    assert [(t.verifier, t.hint) for t in tasks] == [("numeric", ""), ("exact", "P...")]
    bad = tmp_path / "b.jsonl"
    bad.write_text(json.dumps({"prompt": "x", "answer": "y", "verifier": "fuzzy"}) + "\n")
    with pytest.raises(ValueError, match="unknown verifier"):
        load_suite(bad)
    bad.write_text(json.dumps({"prompt": "x"}) + "\n")
    with pytest.raises(ValueError, match="'prompt' and 'answer'"):
        load_suite(bad)
    with pytest.raises(ValueError, match="neither a directory nor a file"):
        load_suite(tmp_path / "missing")
    d = tmp_path / "envs"
    d.mkdir()
    (d / "x.py").write_text("DESCRIPTION = f'{1}'\nMAX_TURNS = 1\n")
    with pytest.raises(ValueError, match="literal DESCRIPTION"):
        load_suite(d)


def test_versions_are_listed_and_spread(tmp_path: Path) -> None:
    for v in (0, 3, 10, 12):
        (tmp_path / "weights" / f"v{v}").mkdir(parents=True)
        (tmp_path / "weights" / f"v{v}" / "model.safetensors").write_bytes(b"x")
    (tmp_path / "weights" / "v99").mkdir()  # no weights in it
    found = list_versions(tmp_path)
    assert [v for v, _ in found] == [0, 3, 10, 12]
    assert [v for v, _ in pick_versions(found, 2)] == [0, 12]
    assert [v for v, _ in pick_versions(found, 1)] == [12]
    assert [v for v, _ in pick_versions(found, 0)] == [0, 3, 10, 12]


def test_cli_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main([str(tmp_path), "--model-path", str(tmp_path)]) == 2
    assert main([str(tmp_path)]) == 2  # no weights
    assert "no weights" in capsys.readouterr().err
    assert main(["--model-path", str(tmp_path / "nope")]) == 2


@pytest.mark.slow
def test_cli_plays_a_model_and_writes_table_json_and_plot(tmp_path: Path) -> None:
    from engine.inference import ensure_tiny_model

    suite = tmp_path / "suite"
    suite.mkdir()
    from engine.heldout_envs import heldout_sources

    (suite / "copy_word.py").write_text(heldout_sources()["copy_word"])
    out = tmp_path / "out"
    argv = ["--model-path", str(ensure_tiny_model()), "--suite", str(suite)]
    assert main([*argv, "--episodes", "2", "--out", str(out)]) == 0
    doc = json.loads((out / "eval.json").read_text())
    (row,) = doc["versions"]
    assert row["version"] == -1 and row["episodes"] == 2
    assert {(c["task"], c["hinted"]) for c in row["cells"]} == {
        ("copy_word", False),
        ("copy_word", True),
    }
    assert 0.0 <= row["success_with"] <= 1.0
    assert (out / "eval.png").read_bytes()[:4] == b"\x89PNG"
    assert "| v-1 |" in (out / "eval.md").read_text()
