"""Held-out evaluation (engine.eval): suites, verifiers, versions, the CLI, one real play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.eval import _run_model_path, list_versions, load_suite, main, pick_versions, verify
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
    # nothing is coerced: each bad field is named with its line (a tester's, 2026-12-01)
    for task, message in (
        (
            {"prompt": None, "answer": "y"},
            "b.jsonl:1: 'prompt' must be a non-empty string, got null",
        ),
        ({"prompt": "x", "answer": None}, "'answer' must be a non-empty string, got null"),
        ({"prompt": "x", "answer": [1, 2]}, r"'answer' must be a non-empty string, got \[1, 2\]"),
        ({"prompt": "x", "answer": "y", "hint": {"k": 1}}, "'hint' must be a string or null"),
        ({"prompt": "x", "answer": "\ud83d"}, "'answer' holds a lone surrogate"),
        ({"prompt": "x", "answer": "NaN", "verifier": "numeric"}, "must be a finite number"),
        (
            {"prompt": "x", "answer": " ", "verifier": "multiple-choice"},
            "'answer' must be a non-empty",
        ),
        ({"prompt": "x", "answer": "(b)", "verifier": "multiple-choice"}, "start with its letter"),
        ({"prompt": "x", "answer": "y", "id": [1]}, "'id' must be a string or an integer"),
    ):
        bad.write_text(json.dumps(task) + "\n")
        with pytest.raises(ValueError, match=message):
            load_suite(bad)
    bad.write_text(json.dumps({"prompt": "x", "answer": 42, "id": 7}) + "\n")
    assert [(t.name, t.answer) for t in load_suite(bad)] == [("7", "42")]
    bad.write_bytes(b'{"prompt": "x", "answer": "\xff"}\n')
    with pytest.raises(ValueError, match="b.jsonl' is not UTF-8 text"):
        load_suite(bad)
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
    assert main([str(tmp_path)]) == 2  # not a run directory
    assert "not a run directory" in capsys.readouterr().err
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


async def test_eval_every_picks_versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.eval as ev
    from engine.config import Config, EvalConfig

    calls: list[tuple[int, Path | None]] = []

    async def fake(run_dir: Path, model: Path, version: int, weights: Path | None, cfg: object):
        calls.append((version, weights))
        return ev.VersionResult(
            version=version,
            path="",
            success_without=0.0,
            success_without_ci=(0.0, 1.0),
            success_with=0.0,
            success_with_ci=(0.0, 1.0),
            episodes=1,
            cells=[],
            seconds=0.0,
        )

    monkeypatch.setattr(ev, "evaluate_into_run", fake)

    class RD:
        path = tmp_path
        lines: list[str] = []

        def log(self, line: str) -> None:
            self.lines.append(line)

    cfg = Config(eval=EvalConfig(every=2))
    rd, m = RD(), tmp_path / "model"
    (tmp_path / "weights" / "v2").mkdir(parents=True)
    (tmp_path / "weights" / "v2" / "model.safetensors").write_bytes(b"x")
    last = await ev.eval_every(rd, m, -1, None, cfg)  # version unknown yet
    assert last is None and calls == []
    last = await ev.eval_every(rd, m, 0, last, cfg)  # the base weights
    assert last == 0 and calls == [(0, None)]
    last = await ev.eval_every(rd, m, 1, last, cfg)  # not 2 versions on
    assert last == 0 and len(calls) == 1
    last = await ev.eval_every(rd, m, 3, last, cfg)  # v3 has no weights on disk yet
    assert last == 0 and len(calls) == 1
    last = await ev.eval_every(rd, m, 2, last, cfg)
    assert last == 2 and calls[-1] == (2, tmp_path / "weights" / "v2")
    assert "held-out eval v2" in rd.lines[-1]


def test_jsonl_suite_lines_deep_huge_repeated_or_with_raw_separators(tmp_path: Path) -> None:
    """A fifth tester's inputs (2026-12-01): each named with its line, or read as JSON reads it."""
    bad = tmp_path / "b.jsonl"
    for raw, message in (
        ("[" * 100_000, "b.jsonl:1: not JSON: nested too deeply"),
        ('{"prompt": "x", "answer": ' + "9" * 5000 + "}", "b.jsonl:1: not JSON: .*digits"),
        (
            json.dumps({"prompt": "x", "answer": "\u00c9", "verifier": "multiple-choice"}),
            "start with its letter",
        ),
        (
            json.dumps({"prompt": "x", "answer": "y", "id": "a"})
            + "\n"
            + json.dumps({"prompt": "z", "answer": "y", "id": "a"}),
            "b.jsonl:2: 'id' 'a' is already a task's id",
        ),
    ):
        bad.write_text(raw + "\n")
        with pytest.raises(ValueError, match=message):
            load_suite(bad)
    # a raw U+2028 or U+0085 inside a JSON string, and a byte-order mark: valid JSON lines
    raw = json.dumps({"prompt": "a\u2028b\u0085c", "answer": "y"}, ensure_ascii=False)
    bad.write_text("\ufeff" + raw + "\n", encoding="utf-8")
    assert [t.description for t in load_suite(bad)] == ["a\u2028b\u0085c"]
    d = tmp_path / "envs"
    d.mkdir()
    (d / "x.py").write_bytes(b"DESCRIPTION = '\xff'\n")
    with pytest.raises(ValueError, match="x.py' is not UTF-8 text"):
        load_suite(d)


def test_suite_programs_and_answers_that_broke_the_evaluation_are_named(tmp_path: Path) -> None:
    """A sixth tester's inputs (2026-12-01): a traceback, or a silent success of 0, before."""
    d = tmp_path / "envs"
    d.mkdir()
    program = d / "x.py"
    for source, message in (
        ("DESCRIPTION = 'd'\nMAX_TURNS = 1e309\n", "MAX_TURNS must be an integer >= 1, got inf"),
        ("DESCRIPTION = 'd'\nMAX_TURNS = 2.5\n", "MAX_TURNS must be an integer >= 1"),
        ("DESCRIPTION = 'd'\nMAX_TURNS = True\n", "MAX_TURNS must be an integer >= 1"),
        ("DESCRIPTION = 'd'\nMAX_TURNS = 0\n", "MAX_TURNS must be an integer >= 1"),
        ("X = " + "1+" * 200_000 + "1\nDESCRIPTION = 'd'\nMAX_TURNS = 1\n", "nested too deep"),
        ("DESCRIPTION = 'd'\nMAX_TURNS = 1\nTOOLS = 'abc'\n", "TOOLS must be a list"),
        ("DESCRIPTION = 7\nMAX_TURNS = 1\n", "DESCRIPTION must be a string, got int"),
        ("DESCRIPTION = '\\ud800'\nMAX_TURNS = 1\n", "DESCRIPTION is not UTF-8 text"),
        ("DESCRIPTION = 'd'\nHINT = None\nMAX_TURNS = 1\n", "HINT must be a string"),
    ):
        program.write_text(source)
        with pytest.raises(ValueError, match=rf"'x'.*{message}"):
            load_suite(d)
    bad = tmp_path / "b.jsonl"
    for answer in ("NaN", "Infinity", "1e400"):
        bad.write_text('{"prompt": "x", "answer": ' + answer + "}\n")
        with pytest.raises(ValueError, match="b.jsonl:1: 'answer' must be a finite number"):
            load_suite(bad)
    # a seventh tester's: 3.0 became "3.0" (the response "3" failed), "..." matched an empty
    # response, and 0 passed for 9.109e-31
    for task, message in (
        ({"prompt": "x", "answer": 3.0}, "'answer' 3.0 is a JSON float"),
        ({"prompt": "x", "answer": 1e16}, "is a JSON float"),
        ({"prompt": "x", "answer": "..."}, "empty once casefolded"),
    ):
        bad.write_text(json.dumps(task) + "\n")
        with pytest.raises(ValueError, match=message):
            load_suite(bad)
    bad.write_text(json.dumps({"prompt": "x", "answer": 2.5, "verifier": "numeric"}) + "\n")
    assert [t.answer for t in load_suite(bad)] == ["2.5"]
    assert not verify("numeric", "0", "9.109e-31") and verify("numeric", "9.109e-31", "9.109e-31")
    assert verify("numeric", "about 1e-12", "0") and not verify("numeric", "0.001", "0")


@pytest.mark.slow
def test_episodes_the_environment_broke_are_counted_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.inference import ensure_tiny_model

    suite = tmp_path / "suite"
    suite.mkdir()
    # loads (its literals are fine) but raises in reset: every episode is an env_error
    (suite / "broken.py").write_text(
        "DESCRIPTION = 'd'\nHINT = 'h'\nMAX_TURNS = 1\n"
        "class Env:\n    def reset(self, seed=None, options=None):\n"
        "        raise RuntimeError('reset is broken')\n"
        "    def step(self, action):\n        return 'o', 0.0, True, False, {}\n"
    )
    out = tmp_path / "out"
    argv = ["--model-path", str(ensure_tiny_model()), "--suite", str(suite)]
    assert main([*argv, "--episodes", "2", "--out", str(out)]) == 0
    cells = json.loads((out / "eval.json").read_text())["versions"][0]["cells"]
    assert [c["env_errors"] for c in cells] == [2, 2]
    assert "reset is broken" in cells[0]["first_error"]
    assert "2 of 2 episodes broke in the environment" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--temperature", "nan"),
        ("--temperature", "inf"),
        ("--temperature", "-1"),
        ("--episodes", "0"),
    ],
)
def test_cli_refuses_a_bad_flag_value_by_name_and_value_before_any_model_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    # a tester's (2026-12-03): --temperature nan reached the sampler after the model loaded
    # (NaN probabilities), -1 silently sampled greedily; the config refuses both
    assert main(["--model-path", str(tmp_path / "nope"), flag, value]) == 2
    err = capsys.readouterr().err
    assert flag in err and value in err, err
    assert "model path" not in err, err


@pytest.mark.parametrize(
    ("toml", "named"),
    [
        ("policy = 5", "[policy]"),
        ("[policy]\nmodel_path = 5", "policy.model_path"),
        ("this is [not toml", "config.toml"),
        ("\udcff", "config.toml"),
    ],
)
def test_a_bad_run_config_is_refused_naming_the_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toml: str, named: str
) -> None:
    # a tester's (2026-12-03): "policy = 5" left an AttributeError traceback, model_path = 5
    # was read as the path "5", and a malformed or non-UTF-8 file was not named
    (tmp_path / "config.toml").write_bytes(toml.encode("utf-8", "surrogateescape"))
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err, err


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ('{"prompt": "2+2?"}', "missing 'answer'"),
        ('{"answer": "4"}', "missing 'prompt'"),
        ("[1, 2]", "got list"),
    ],
)
def test_a_jsonl_task_without_its_fields_names_what_is_missing(
    tmp_path: Path, line: str, shown: str
) -> None:
    # a tester's (2026-12-03): every such line read "a task needs 'prompt' and 'answer'"
    suite = tmp_path / "suite.jsonl"
    suite.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(shown)):
        load_suite(suite)


def test_a_runs_version_0_is_the_weights_it_served_not_the_configs_base(tmp_path: Path) -> None:
    # tester49 (2026-12-05): a run that served a cached warm start as version 0 was evaluated
    # with the untrained policy.model_path (empty: the built-in tiny model) as v0
    import shutil

    from engine.inference import ensure_tiny_model

    warm = tmp_path / "warm-start"
    shutil.copytree(ensure_tiny_model(), warm)
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.toml").write_text('[policy]\nmodel_path = ""\n', encoding="utf-8")
    assert _run_model_path(run) == ensure_tiny_model()  # a run from before the record
    (run / "base_weights.json").write_text(json.dumps({"path": str(warm)}), encoding="utf-8")
    assert _run_model_path(run) == warm
    (run / "base_weights.json").write_text('{"path": 5}', encoding="utf-8")
    with pytest.raises(ValueError, match="'path' must be a non-empty string, got 5"):
        _run_model_path(run)
