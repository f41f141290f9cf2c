"""The learner across two "nodes" on localhost: two torchrun invocations (``--nnodes 2``, one
gloo rank each) against the same batch on one node's two local ranks; a node's rank dying; the
two-node checkpoint resumed on one node."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
import torch
import trio

from engine.errors import ConfigError, WorkerDied
from engine.learner import start_learner
from engine.learner._handle import _free_port
from engine.learner._torchrun import check_torchrun, node_command, node_commands
from tests.learner.test_workers import CFG, _samples


def _two_nodes(**over: object):
    return msgspec.structs.replace(
        CFG,
        launcher="torchrun",
        nnodes=2,
        rdzv_endpoint=f"127.0.0.1:{_free_port()}",
        control_port=_free_port(),
        collective_timeout_s=120.0,
        **over,
    )


def test_node_commands_and_layout_checks() -> None:
    cfg = msgspec.structs.replace(
        CFG,
        launcher="torchrun",
        nnodes=2,
        world_size=4,
        rdzv_endpoint="10.0.0.1:29500",
        control_host="10.0.0.1",
        control_port=29400,
    )
    lines = node_commands(cfg)
    assert lines == [
        "python -m torch.distributed.run --nnodes 2 --node-rank "
        f"{r} --nproc-per-node 2 --rdzv-backend static --rdzv-endpoint 10.0.0.1:29500 "
        "--max-restarts 0 -m engine.learner._rank --control 10.0.0.1:29400"
        for r in (0, 1)
    ]
    with pytest.raises(ConfigError, match="multiple of learner.nnodes"):
        check_torchrun(msgspec.structs.replace(cfg, world_size=3))
    with pytest.raises(ConfigError, match="control_port = 0"):
        check_torchrun(msgspec.structs.replace(cfg, control_port=0))
    with pytest.raises(ConfigError, match="needs learner.launcher = 'torchrun'"):
        check_torchrun(msgspec.structs.replace(CFG, nnodes=2))
    with pytest.raises(ConfigError, match="HOST:PORT"):
        check_torchrun(msgspec.structs.replace(cfg, rdzv_endpoint="10.0.0.1"))


@pytest.mark.slow
async def test_two_nodes_match_one_node_die_by_name_and_resume_on_one(
    tiny_model: Path, tmp_path: Path
) -> None:
    from safetensors.torch import load_file

    batch = _samples(4, seed=1)
    async with start_learner(CFG, tiny_model, tmp_path / "one") as one:
        step_one = await one.train_step(batch)
        weights_one = await one.write_weights()

    cfg = _two_nodes()
    run = tmp_path / "two"
    node1 = node_command(cfg, 1, control=f"127.0.0.1:{cfg.control_port}", python=sys.executable)
    env = dict(os.environ, OMP_NUM_THREADS="1")
    node1_log = await trio.to_thread.run_sync(open, tmp_path / "node1.log", "wb")
    with node1_log:
        proc1 = await trio.lowlevel.open_process(
            node1, env=env, stdout=node1_log, stderr=subprocess.STDOUT
        )
    try:
        async with start_learner(cfg, tiny_model, run) as two:
            assert two.hello is not None and two.hello.world_size == 2
            assert {r: j.node_rank for r, j in two.joins.items()} == {0: 0, 1: 1}
            step_two = await two.train_step(batch)
            weights_two = await two.write_weights()
            saved = await two.save_checkpoint()
            # Same world size, same batch: the same step and the same weights.
            assert step_two.loss == pytest.approx(step_one.loss, abs=1e-6)
            assert step_two.grad_norm == pytest.approx(step_one.grad_norm, rel=1e-5)
            got = load_file(str(Path(weights_two.path) / "model.safetensors"))
            want = load_file(str(Path(weights_one.path) / "model.safetensors"))
            assert set(got) == set(want)
            for name, tensor in want.items():
                torch.testing.assert_close(got[name], tensor, rtol=1e-6, atol=1e-7)

            # Node 1's rank dies: one error naming the node and the rank.
            os.kill(two.joins[1].pid, signal.SIGKILL)
            with pytest.raises(WorkerDied, match=r"rank 1 on node 1 \(.*\) closed its connection"):
                await two.train_step(batch)
        with trio.fail_after(60):
            assert await proc1.wait() != 0  # node 1's torchrun leaves with its rank
    finally:
        if proc1.returncode is None:
            proc1.kill()
            await proc1.wait()

    # The two-node checkpoint resumes on one node (two local ranks).
    async with start_learner(CFG, tiny_model, run) as again:
        assert again.hello is not None
        assert again.hello.resumed_from == saved.path
        assert again.policy_version == 1
