"""What SGLang 0.5.23's real server does differently from ``engine.serve`` (issue 15), offline.

Responses in ``tests/data/sglang/`` were recorded from SGLang 0.5.23's own HTTP server on CPU
(``scripts/sglang-cpu-env.sh``; see the ``_recorded`` key of each file for how); the live checks
are in ``test_sglang_live.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from actors.agent import _version as agent_version
from actors.designer import _version as designer_version
from engine.config import PolicyConfig
from engine.errors import PolicyError
from engine.inference import (
    Generation,
    OpenAIChatClient,
    PolicyClient,
    WeightSpan,
    launch_policy_servers,
    policy_version,
    sglang_server_command,
)
from engine.inference.launcher import _sglang_env, _wait_attached, model_vocab_size

DATA = Path(__file__).resolve().parents[1] / "data" / "sglang"
A = "http://a:1"


def recorded(name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((DATA / name).read_text())
    raw.pop("_recorded", None)
    return raw


def client_answering(answer: dict[str, Any], **kw: Any) -> PolicyClient:
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json=answer))
    return PolicyClient(
        [A], PolicyConfig(retries=0, request_timeout_s=5.0), transport=transport, **kw
    )


# ---- 1. optional meta_info fields ---------------------------------------------------------


async def test_abort_of_a_queued_request_is_finish_reason_abort() -> None:
    # recorded: pause_generation("retract") aborts a request still in the waiting queue; its
    # meta_info has no prompt_tokens (TokenizerManager._handle_abort_req)
    answer = recorded("abort_queued.json")
    assert "prompt_tokens" not in answer["meta_info"]
    async with client_answering(answer) as client:
        g = await client.generate([1, 2, 3], max_new_tokens=4)
    assert g.finish_reason == "abort"
    assert g.prompt_tokens == 0
    assert g.completion_tokens == len(g.output_ids)


async def test_recorded_normal_generation_decodes() -> None:
    answer = recorded("generate.json")
    async with client_answering(answer) as client:
        g = await client.generate([1, 2, 3], max_new_tokens=4)
    assert g.output_ids == answer["output_ids"]
    assert g.output_logprobs == [t[0] for t in answer["meta_info"]["output_token_logprobs"]]
    assert g.finish_reason in ("stop", "length")
    assert g.prompt_tokens == answer["meta_info"]["prompt_tokens"]


@pytest.mark.parametrize(
    ("finish", "expected"),
    [
        ({"type": "stop", "matched": [7, 8]}, "stop"),  # a stop sequence of token ids
        ({"type": "stop", "matched": "END"}, "stop"),  # a stop string
        ({"type": "abort", "message": "x", "status_code": None, "err_type": None}, "abort"),
        ({"type": "tool_call_limit"}, "abort"),  # a type this client does not know
        (None, "abort"),
    ],
)
async def test_finish_reasons_of_sglangs_schema(finish: Any, expected: str) -> None:
    answer = recorded("generate.json")
    answer["meta_info"]["finish_reason"] = finish
    async with client_answering(answer) as client:
        g = await client.generate([1, 2, 3], max_new_tokens=4)
    assert g.finish_reason == expected


async def test_null_logprob_means_no_logprobs() -> None:
    answer = recorded("generate.json")
    entries = answer["meta_info"]["output_token_logprobs"]
    entries[0] = [None, entries[0][1], None]
    async with client_answering(answer) as client:
        g = await client.generate([1, 2, 3], max_new_tokens=4)
    assert g.output_ids == answer["output_ids"]
    assert g.output_logprobs == []  # the learner skips it: no guessed logprob


# ---- 2. out-of-vocabulary ids -------------------------------------------------------------


async def test_out_of_vocabulary_id_is_refused_before_sending() -> None:
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json=recorded("generate.json"))

    transport = httpx.MockTransport(handler)
    async with PolicyClient([A], PolicyConfig(), transport=transport, vocab_size=100) as client:
        with pytest.raises(PolicyError, match=r"token id 100 at position 2 .* size 100"):
            await client.generate([1, 2, 100], max_new_tokens=4)
        with pytest.raises(PolicyError, match="token id -1 at position 0"):
            await client.generate([-1], max_new_tokens=4)
        assert sent == []
        await client.generate([0, 99], max_new_tokens=4)
    assert len(sent) == 1


async def test_launched_servers_carry_the_vocabulary(tiny_model: Path, tmp_path: Path) -> None:
    vocab = json.loads((tiny_model / "config.json").read_text())["vocab_size"]
    assert model_vocab_size(tiny_model) == vocab
    assert model_vocab_size(tmp_path) is None  # no config.json: nothing to check against
    async with (
        launch_policy_servers(PolicyConfig(), tiny_model, log_dir=tmp_path) as urls,
        PolicyClient(urls, PolicyConfig()) as client,
    ):
        assert urls.vocab_size == vocab and client.vocab_size == vocab
        with pytest.raises(PolicyError, match=f"token id {vocab} .* size {vocab}"):
            await client.generate([1, vocab], max_new_tokens=2)


# ---- 3. /health probe timeout -------------------------------------------------------------


async def test_health_probe_waits_for_sglangs_one_token_generation() -> None:
    timeouts: list[float] = []

    def handler(request: httpx.Request) -> httpx.Response:
        timeouts.append(request.extensions["timeout"]["read"])
        return httpx.Response(200)

    transport = httpx.MockTransport(handler)
    cfg = PolicyConfig()
    async with PolicyClient([A], cfg, transport=transport) as client:
        assert await client.health() == {A: True}
    async with httpx.AsyncClient(transport=transport) as http:
        await _wait_attached(http, [A], 5.0, cfg.health_probe_timeout_s)
    # SGLang's /health sleeps >= 1 s and answers 503 itself after 20 s
    assert cfg.health_probe_timeout_s > 20
    assert timeouts == [cfg.health_probe_timeout_s] * 2


# ---- 5. weight version spans and one "default" rule ---------------------------------------


def _gen(version: str, spans: list[WeightSpan] | None = None) -> Generation:
    return Generation(
        output_ids=[1, 2, 3],
        output_logprobs=[-1.0] * 3,
        finish_reason="length",
        prompt_tokens=2,
        completion_tokens=3,
        weight_version=version,
        text="",
        weight_versions=spans or [],
    )


@pytest.mark.parametrize(
    ("gen", "expected"),
    [
        (_gen("default"), 0),
        (_gen("4"), 4),
        (_gen("frozen:m"), -1),
        (_gen(""), -1),
        # a request that spanned the update 1 -> 2: its oldest tokens are version 1
        (
            _gen(
                "2",
                [WeightSpan(version="1", start=0, end=2), WeightSpan(version="2", start=2, end=3)],
            ),
            1,
        ),
        (
            _gen(
                "1",
                [
                    WeightSpan(version="default", start=0, end=1),
                    WeightSpan(version="1", start=1, end=3),
                ],
            ),
            0,
        ),
        # an empty span generated nothing
        (
            _gen(
                "3",
                [WeightSpan(version="2", start=0, end=0), WeightSpan(version="3", start=0, end=3)],
            ),
            3,
        ),
    ],
)
def test_designer_and_agent_share_one_version_rule(gen: Generation, expected: int) -> None:
    assert (designer_version(gen), agent_version(gen)) == (expected, expected)
    assert policy_version(gen.weight_version, gen.weight_versions) == expected


async def test_recorded_weight_versions_reach_the_generation() -> None:
    # recorded: a request running while update_weight_version changed the version
    answer = recorded("generate_spanning_update.json")
    spans = answer["meta_info"]["weight_versions"]
    assert len(spans) == 2
    async with client_answering(answer) as client:
        g = await client.generate([1, 2, 3], max_new_tokens=4)
    assert [(w.version, w.start, w.end) for w in g.weight_versions] == [
        (s["version"], s["start"], s["end"]) for s in spans
    ]
    assert g.weight_version == spans[-1]["version"]
    assert policy_version(g.weight_version, g.weight_versions) == int(spans[0]["version"])


# ---- 6. max_completion_tokens -------------------------------------------------------------

CHAT = {
    "model": "m",
    "choices": [{"message": {"content": "x"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1},
}


async def test_openai_backend_sends_max_completion_tokens() -> None:
    bodies: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return httpx.Response(200, json=CHAT)

    async with OpenAIChatClient("http://o/v1", "m", transport=httpx.MockTransport(handler)) as c:
        await c.chat([{"role": "user", "content": "x"}], max_tokens=7)
    assert bodies[0]["max_completion_tokens"] == 7 and "max_tokens" not in bodies[0]


async def test_openai_backend_falls_back_to_max_tokens_for_an_old_server() -> None:
    bodies: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        bodies.append(body)
        if "max_completion_tokens" in body:
            return httpx.Response(400, text="Unrecognized request argument: max_completion_tokens")
        return httpx.Response(200, json=CHAT)

    transport = httpx.MockTransport(handler)
    async with OpenAIChatClient("http://o/v1", "m", retries=0, transport=transport) as c:
        await c.chat([{"role": "user", "content": "x"}], max_tokens=7)
        await c.chat([{"role": "user", "content": "x"}], max_tokens=5)
    assert [sorted(k for k in b if k.startswith("max")) for b in bodies] == [
        ["max_completion_tokens"],
        ["max_tokens"],
        ["max_tokens"],  # remembered
    ]
    assert bodies[-1]["max_tokens"] == 5


# ---- 7. --dry-run with port 0; both SGLang command forms ----------------------------------


def test_dry_run_with_port_zero_says_the_port_is_chosen_at_start() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.run",
            "--dry-run",
            "--set",
            "policy.backend=sglang",
            "--set",
            "policy.model_path=/models/m",
            "--set",
            "policy.port=0",
            "--set",
            'policy.extra_args=["--device", "cpu"]',
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    assert proc.returncode == 0, proc.stderr
    after = proc.stdout.split("# SGLang server commands", 1)[1]
    assert "30000" not in after
    assert "# policy.port = 0: each server binds a free port chosen when it starts" in after
    assert "SGLANG_USE_CPU_ENGINE=1 python -m sglang.launch_server" in after
    assert "--port <free port>" in after


def test_both_sglang_command_forms_get_the_same_flags() -> None:
    old = PolicyConfig(
        backend="sglang", sglang_command=["/v/bin/python", "-m", "sglang.launch_server"]
    )
    new = PolicyConfig(backend="sglang", sglang_command=["/v/bin/sglang", "serve"])
    a = sglang_server_command(old, "/m", 1234)
    b = sglang_server_command(new, "/m", 1234)
    assert a[3:] == b[2:] and a[3:5] == ["--model-path", "/m"]


def test_cpu_device_sets_sglangs_cpu_engine_switch() -> None:
    gpu = PolicyConfig(backend="sglang")
    cpu = PolicyConfig(
        backend="sglang", extra_args=["--device", "cpu", "--attention-backend", "torch_native"]
    )
    assert _sglang_env(gpu, 0) is None
    assert (_sglang_env(cpu, 0) or {})["SGLANG_USE_CPU_ENGINE"] == "1"
    eq = PolicyConfig(backend="sglang", extra_args=["--device=cpu"])
    assert (_sglang_env(eq, 0) or {})["SGLANG_USE_CPU_ENGINE"] == "1"


FAKE_SGLANG_CLI = """
import http.server, json, os, sys
assert sys.argv[1] == "serve", sys.argv
port = int(sys.argv[sys.argv.index("--port") + 1])
print(json.dumps({"argv": sys.argv[1:], "cpu": os.environ.get("SGLANG_USE_CPU_ENGINE")}), flush=True)
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers()
    def log_message(self, *a):
        pass
http.server.HTTPServer(("127.0.0.1", port), H).serve_forever()
"""


async def test_launcher_runs_the_sglang_serve_form(tiny_model: Path, tmp_path: Path) -> None:
    cli = tmp_path / "sglang"
    cli.write_text(f"#!{sys.executable}\n{FAKE_SGLANG_CLI}")
    cli.chmod(0o755)
    cfg = PolicyConfig(
        backend="sglang", sglang_command=[str(cli), "serve"], extra_args=["--device", "cpu"]
    )
    async with launch_policy_servers(cfg, tiny_model, log_dir=tmp_path) as urls:
        (pid,) = urls.pids()
        seen = json.loads((tmp_path / "server-0.log").read_text().splitlines()[0])
    assert seen["argv"][:3] == ["serve", "--model-path", str(tiny_model)]
    assert seen["cpu"] == "1"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
