"""The learner across nodes: the torchrun command of each node (no torch import here).

Every node runs one ``torchrun`` (``python -m torch.distributed.run``) with the static
rendezvous: node ``r`` hosts global ranks ``[r·p, (r+1)·p)`` with ``p = world_size / nnodes``,
node 0 hosts rank 0 and the rendezvous store at ``learner.rdzv_endpoint``. Every rank connects
to the engine at ``learner.control_host:control_port`` (``engine.learner._worker``).
"""

from __future__ import annotations

import shlex

from engine.config import LearnerConfig
from engine.errors import ConfigError

__all__ = ["check_torchrun", "node_command", "node_commands"]


def check_torchrun(config: LearnerConfig) -> None:
    """Reject a ``[learner]`` section whose node layout cannot work.

    Raises:
        ConfigError: ``nnodes > 1`` with the local launcher; ``world_size`` not a multiple of
            ``nnodes``; an ``rdzv_endpoint`` without ``HOST:PORT``; torchrun across nodes (or
            attached) with ``control_port = 0`` (the other nodes' command must name it).
    """
    if config.launcher == "local":
        if config.nnodes > 1:
            raise ConfigError(
                f"learner.nnodes = {config.nnodes} needs learner.launcher = 'torchrun'"
            )
        return
    if config.world_size % config.nnodes:
        raise ConfigError(
            f"learner.world_size = {config.world_size} is not a multiple of "
            f"learner.nnodes = {config.nnodes} (the same number of ranks on every node)"
        )
    host, _, port = config.rdzv_endpoint.rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"learner.rdzv_endpoint = {config.rdzv_endpoint!r}: expected HOST:PORT")
    if (config.nnodes > 1 or config.attach) and config.control_port == 0:
        raise ConfigError(
            "learner.control_port = 0: torchrun on other nodes (or attached) needs a fixed port "
            "for the ranks to reach the engine"
        )


def node_command(
    config: LearnerConfig, node_rank: int, *, control: str, python: str = "python"
) -> list[str]:
    """The command node ``node_rank`` runs (node 0's is started by the engine unless
    ``learner.attach``).

    Args:
        config: the ``[learner]`` section (``launcher = "torchrun"``).
        node_rank: 0 .. ``nnodes - 1``.
        control: the engine's ``HOST:PORT`` as the node reaches it.
        python: the interpreter of the engine's environment on that node.
    """
    return [
        python,
        "-m",
        "torch.distributed.run",
        "--nnodes",
        str(config.nnodes),
        "--node-rank",
        str(node_rank),
        "--nproc-per-node",
        str(config.world_size // config.nnodes),
        "--rdzv-backend",
        "static",
        "--rdzv-endpoint",
        config.rdzv_endpoint,
        "--max-restarts",
        "0",
        "-m",
        "engine.learner._rank",
        "--control",
        control,
    ]


def node_commands(config: LearnerConfig, python: str = "python") -> list[str]:
    """Every node's command as a shell line, node 0 first (for ``--dry-run``).

    With ``learner.devices`` (one per rank of a node, the same on every node) each line starts
    with ``CUDA_VISIBLE_DEVICES=...`` (physical indices: the other nodes' environments are not
    the engine's).

    Raises:
        ConfigError: as ``check_torchrun``, or devices that are not one per rank of a node.
    """
    check_torchrun(config)
    control = f"{config.control_host}:{config.control_port}"
    prefix = ""
    if config.devices:
        per_node = config.world_size // config.nnodes
        if len(config.devices) != per_node or len(set(config.devices)) != per_node:
            raise ConfigError(
                f"learner.devices = {list(config.devices)}: need {per_node} distinct devices, "
                "one per rank of a node"
            )
        prefix = "CUDA_VISIBLE_DEVICES=" + ",".join(str(d) for d in config.devices) + " "
    return [
        prefix + shlex.join(node_command(config, r, control=control, python=python))
        for r in range(config.nnodes)
    ]
