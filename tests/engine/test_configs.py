"""The shipped configs (``configs/*.toml``): they load, and the multi-GPU node's command lines."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engine.config import Config, load_config
from engine.inference.launcher import _gpu_env, sglang_server_command

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
MULTI_GPU = CONFIGS / "multi_gpu_node.toml"


def test_configs_directory_holds_the_shipped_files() -> None:
    names = {p.name for p in CONFIGS.glob("*.toml")}
    assert {"cpu_default.toml", "multi_gpu_node.toml"} <= names


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("*.toml")), ids=lambda p: p.name)
def test_every_config_loads(path: Path) -> None:
    assert isinstance(load_config(path), Config)


def test_cpu_default_is_exactly_the_defaults() -> None:
    loaded = msgspec.to_builtins(load_config(CONFIGS / "cpu_default.toml"))
    defaults = msgspec.to_builtins(Config())
    differ = [
        f"{section}.{key}: file {loaded[section][key]!r}, default {value!r}"
        for section, fields in defaults.items()
        for key, value in fields.items()
        if loaded[section][key] != value
    ]
    assert not differ, "configs/cpu_default.toml is out of date: " + "; ".join(differ)
    text = (CONFIGS / "cpu_default.toml").read_text()
    missing = [
        f"{section}.{key}"
        for section, fields in defaults.items()
        for key in fields
        if f"\n{key} = " not in text
    ]
    assert not missing, f"configs/cpu_default.toml does not list {missing}"


EXPECTED_COMMANDS = [
    (
        [
            "/opt/sglang/bin/python", "-m", "sglang.launch_server",
            "--model-path", "/models/Qwen3-8B",
            "--host", "127.0.0.1",
            "--port", str(30000 + i),
            "--tp-size", "2",
            "--dp-size", "1",
            "--mem-fraction-static", "0.85",
            "--context-length", "32768",
        ],
        devices,
    )
    for i, devices in enumerate(["0,1", "2,3"])
]  # fmt: skip


def test_multi_gpu_node_policy_and_learner_sections() -> None:
    cfg = load_config(MULTI_GPU)
    p = cfg.policy
    assert (p.backend, p.model_path, p.urls) == ("sglang", "/models/Qwen3-8B", [])
    assert (p.num_servers, p.tp_size, p.dp_size) == (2, 2, 1)
    assert (cfg.learner.world_size, cfg.learner.backend) == (4, "nccl")
    # servers and learner together fill one 8-GPU node
    assert p.num_servers * p.tp_size * p.dp_size + cfg.learner.world_size == 8


def test_multi_gpu_node_sglang_command_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    p = load_config(MULTI_GPU).policy
    for i, (cmd, devices) in enumerate(EXPECTED_COMMANDS):
        assert sglang_server_command(p, p.model_path, p.port + i) == cmd
        env = _gpu_env(p, i)
        assert env is not None and env["CUDA_VISIBLE_DEVICES"] == devices


def test_multi_gpu_node_devices_follow_cuda_visible_devices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "4,5,6,7")
    p = load_config(MULTI_GPU).policy
    assert [_gpu_env(p, i)["CUDA_VISIBLE_DEVICES"] for i in range(2)] == ["4,5", "6,7"]  # type: ignore[index]


def test_multi_gpu_node_dry_run_prints_the_sglang_commands() -> None:
    env = {k: v for k, v in os.environ.items() if k != "CUDA_VISIBLE_DEVICES"}
    proc = subprocess.run(
        [sys.executable, "-m", "engine.run", "--config", str(MULTI_GPU), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**env, "OMP_NUM_THREADS": "1"},
        cwd=CONFIGS.parent,
    )
    assert proc.returncode == 0, proc.stderr
    after = proc.stdout.split("# SGLang server commands", 1)[1].splitlines()
    printed = [line for line in after if "/opt/sglang/bin/python" in line]
    assert printed == [
        f"CUDA_VISIBLE_DEVICES={gpus} " + " ".join(cmd) for cmd, gpus in EXPECTED_COMMANDS
    ]
    assert "# learner ranks on CUDA devices [4, 5, 6, 7]" in proc.stdout
    assert 'model_path = "/models/Qwen3-8B"' in proc.stdout
    assert "world_size = 4" in proc.stdout


def test_multi_node_dry_run_prints_every_nodes_torchrun() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine.run", "--config", str(CONFIGS / "multi_node.toml"),
         "--dry-run"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
        cwd=CONFIGS.parent,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    after = proc.stdout.split("# learner: one torchrun per node", 1)[1].splitlines()
    printed = [line for line in after if "torch.distributed.run" in line]
    assert printed == [
        "CUDA_VISIBLE_DEVICES=4,5,6,7 python -m torch.distributed.run --nnodes 2 --node-rank "
        f"{r} --nproc-per-node 4 --rdzv-backend static --rdzv-endpoint 10.0.0.1:29500 "
        "--max-restarts 0 -m engine.learner._rank --control 10.0.0.1:29400"
        for r in (0, 1)
    ]
    assert "/opt/sglang/bin/python -m sglang.launch_server" in proc.stdout
