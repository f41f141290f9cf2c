"""``python -m engine.score``: regret beside the success-rate proxies on the labelled suite."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.score import AgentLoadError, load_agent, main

LABELLED = Path(__file__).parents[1] / "data" / "labelled"
AGENTS = LABELLED / "agents.py"
SUITE = {
    "learnable_bisect": "bisect_agent",
    "learnable_caesar": "caesar_agent",
    "coin_flip": "coin_agent",
    "impossible": "colour_agent",
    "trivial": "sum_agent",
    "leaky_hint": "vault_agent",
}


def score(name: str, agent: str, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    rc = main(
        [
            str(LABELLED / f"{name}.py"),
            "--k",
            "12",
            "--agent",
            f"{AGENTS}:{agent}",
            "--json",
            *extra,
        ]
    )
    assert rc == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def suite() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    import contextlib
    import io

    for name, agent in SUITE.items():
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = main(
                [
                    str(LABELLED / f"{name}.py"),
                    "--k",
                    "12",
                    "--agent",
                    f"{AGENTS}:{agent}",
                    "--json",
                ]
            )
        assert rc == 0
        out[name] = json.loads(buf.getvalue())
    return out


@pytest.mark.slow
def test_coin_flip_interval_covers_zero_while_its_50pct_score_is_highest(
    suite: dict[str, dict[str, Any]],
) -> None:
    coin = suite["coin_flip"]
    assert coin["ci_low"] <= 0.0 <= coin["ci_high"]
    assert coin["proxy_target50"] == max(r["proxy_target50"] for r in suite.values())
    assert coin["proxy_target50"] > 0.2 and not coin["frontier"]


@pytest.mark.slow
def test_learnable_environments_score_highest_regret(suite: dict[str, dict[str, Any]]) -> None:
    def reward(r: dict[str, Any]) -> float:
        return 0.0 if r["hint_states_answer"] or r["answer_in_observations"] else r["regret"]

    learn = [reward(suite[n]) for n in SUITE if n.startswith("learnable")]
    rest = [reward(suite[n]) for n in SUITE if not n.startswith("learnable")]
    assert min(learn) > max(rest)
    assert all(suite[n]["frontier"] for n in SUITE if n.startswith("learnable"))
    # the failure proxy prefers the impossible environment, regret does not
    assert suite["impossible"]["proxy_failure"] == 1.0 and suite["impossible"]["regret"] == 0.0
    assert suite["impossible"]["flags"] == ["impossible"]


@pytest.mark.slow
def test_hint_stating_the_answer_is_flagged(suite: dict[str, dict[str, Any]]) -> None:
    leaky = suite["leaky_hint"]
    assert leaky["hint_states_answer"] is True and "hint_states_answer" in leaky["flags"]
    assert leaky["regret"] == 1.0 and not leaky["frontier"]
    assert leaky["hint_origin"] == "designer" and leaky["hint"] == "The code is 7391."
    assert not any(suite[n]["hint_states_answer"] for n in SUITE if n != "leaky_hint")


def test_report_fields_and_seed_reproducibility(capsys: pytest.CaptureFixture[str]) -> None:
    a = score("learnable_bisect", "bisect_agent", capsys, "--seed", "7")
    b = score("learnable_bisect", "bisect_agent", capsys, "--seed", "7")
    assert a == b
    assert a["k"] == 12 and a["seed"] == 7 and a["interval"] == "wilson@0.9"
    assert a["success_with"] == 1.0 and a["regret"] == a["success_with"] - a["success_without"]
    assert a["proxy_target50"] == pytest.approx(a["success_without"] * (1 - a["success_without"]))


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main([str(LABELLED / "coin_flip.py"), "--k", "4", "--agent", f"{AGENTS}:coin_agent"]) == 0
    )
    out = capsys.readouterr().out
    for label in (
        "success without hint",
        "success with hint",
        "regret",
        "50%-target",
        "failure 1-p",
        "hint (designer)",
    ):
        assert label in out


def test_rejected_file_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main([str(LABELLED / "reject_degenerate.py"), "--agent", f"{AGENTS}:sum_agent", "--json"])
    assert rc == 1
    assert json.loads(capsys.readouterr().out)["reason"] == "degenerate"


def test_missing_module_or_callable_is_a_clear_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    f = str(LABELLED / "trivial.py")
    assert main([f, "--agent", "no_such_module_xyz:play"]) == 2
    assert "no module 'no_such_module_xyz'" in capsys.readouterr().err
    assert main([f, "--agent", f"{AGENTS}:nope"]) == 2
    assert "has no 'nope'" in capsys.readouterr().err
    assert main([f, "--agent", "missing/file.py:play"]) == 2
    assert main([f]) == 2  # neither --agent nor --policy-url
    with pytest.raises(AgentLoadError, match="MODULE:CALLABLE"):
        load_agent("nocolon")
    # a solver of another shape (the warm-start variants' take (observations, hinted)) is
    # refused up front with the signature it needs, not after every episode failed
    assert main([f, "--agent", "engine.variants:play_variant"]) == 2
    assert "must take (observations, hint, rng, memory)" in capsys.readouterr().err


def test_an_agent_file_that_exits_at_import_or_is_async_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new user's: ``sys.exit(0)`` at the agent file's import ended the CLI with status 0
    and nothing printed, even under ``--json``; an ``async def`` agent failed every turn with
    trio's own words. Both are usage errors at load now."""
    f = str(LABELLED / "trivial.py")
    exits = tmp_path / "exits.py"
    exits.write_text("import sys\nsys.exit(0)\n")
    assert main([f, "--agent", f"{exits}:act", "--json"]) == 2
    assert "raised SystemExit" in capsys.readouterr().err
    coro = tmp_path / "coro.py"
    coro.write_text("async def act(observations, hint, rng, memory):\n    return 'x'\n")
    assert main([f, "--agent", f"{coro}:act"]) == 2
    assert "is an async function" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["missing/env.py", "--agent", "x:y"],  # no such file
        ["{trivial}", "--agent", "no_such_module_xyz:play"],  # no such module
        ["{trivial}", "--agent", "x:y", "--k", "0"],  # a bad value
        # more episodes than scoring seeds: was critic_error (Sample larger than population)
        ["{trivial}", "--agent", "x:y", "--k", "99999999999"],
        ["{trivial}", "--agent", "x:y", "--set", "critic.k=2200000000"],
        ["/dev/zero", "--agent", "x:y"],  # no regular file: was read without end
        ["{trivial}", "--agent", "x:y", "--set", "critic.nope=1"],  # a bad override
        [],  # no file
    ],
)
def test_a_usage_error_under_json_prints_one_json_object(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """tester51: ``--json`` with a usage error printed nothing on stdout; a caller parsing it
    got no object. Now one, with the message; the message still goes to stderr."""
    args = [a.format(trivial=LABELLED / "trivial.py") for a in argv]
    assert main([*args, "--json"]) == 2
    cap = capsys.readouterr()
    out = json.loads(cap.out)
    assert out["reason"] == "usage" and out["exit_status"] == 2 and out["accepted"] is False
    assert out["detail"] and out["detail"] in cap.err
    assert main(args) == 2  # and without --json, nothing on stdout
    assert capsys.readouterr().out == ""


def test_raising_agent_fails_episodes_and_the_run_continues(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rc = main(
        [str(LABELLED / "trivial.py"), "--k", "3", "--agent", f"{AGENTS}:raising_agent", "--json"]
    )
    # every episode errored on the agent's side: the run finished, but there is no score
    assert rc == 1
    cap = capsys.readouterr()
    r = json.loads(cap.out)
    assert r["measured"] is False and r["episodes_failed"] == 6
    # the reason is named, not null (a tester looked for it in reason, 2026-12-04)
    assert r["reason"] == "not_measured" and r["detail"], r
    assert all("raising_agent" in e and "turn 1" in e and "agent bug" in e for e in r["errors"])
    assert "turn 1" in cap.err
    rc = main(
        [
            str(LABELLED / "trivial.py"),
            "--k",
            "2",
            "--agent",
            f"{AGENTS}:non_string_agent",
            "--json",
        ]
    )
    r = json.loads(capsys.readouterr().out)
    assert rc == 1 and r["measured"] is False and r["episodes_failed"] == 4
    assert "returned int" in r["errors"][0]


def test_a_few_errored_episodes_count_as_failed_and_the_score_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    flaky = tmp_path / "flaky.py"
    flaky.write_text(
        "def agent(observations, hint, rng, memory):\n"
        "    if memory.setdefault('n', 0) == 0 and rng.random() < 0.3:\n"
        "        raise RuntimeError('flaky')\n"
        "    memory['n'] += 1\n"
        "    return '1'\n"
    )
    rc = main([str(LABELLED / "trivial.py"), "--k", "8", "--agent", f"{flaky}:agent", "--json"])
    r = json.loads(capsys.readouterr().out)
    assert 0 < r["episodes_failed"] < 8
    assert r["measured"] is True and rc == 0


@pytest.mark.parametrize(
    "url", ["http://[::1", "http://127.0.0.1:abc", "http://127.0.0.1:99999", "ftp://x", "notaurl"]
)
def test_a_malformed_policy_url_is_a_usage_error_naming_the_flag_and_value(
    capsys: pytest.CaptureFixture[str], url: str
) -> None:
    # a tester's (2026-12-03): "http://[::1" (ValueError from urlsplit) and a port that is no
    # number (httpx.InvalidURL) left a bare traceback out of main
    f = str(LABELLED / "trivial.py")
    assert main([f, "--policy-url", url, "--k", "1"]) == 2
    err = capsys.readouterr().err
    assert "--policy-url" in err and url in err and "Traceback" not in err, err


def test_a_check_turned_off_by_an_override_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    """tester51: ``--set critic.gate_checks=0`` passed a labelled table as frontier in silence."""
    main([str(LABELLED / "learnable_bisect.py"), "--k", "4", "--agent", f"{AGENTS}:bisect_agent",
          "--json", "--set", "critic.gate_checks=0"])  # fmt: skip
    err = capsys.readouterr().err
    assert "critic.gate_checks=0 turns the information-gate check off" in err
    assert "replay_seeds" not in err
