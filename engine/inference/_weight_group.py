"""SGLang's weight-update process group: the trainer's rank 0 broadcasts tensors to servers.

The protocol of SGLang's ``/init_weights_update_group`` and ``/update_weights_from_distributed``
(``sglang.srt.managers.io_struct``: ``InitWeightsUpdateGroupReqInput`` with ``master_address``,
``master_port``, ``rank_offset``, ``world_size``, ``group_name``, ``backend``;
``UpdateWeightsFromDistributedReqInput`` with ``names``, ``dtypes``, ``shapes``,
``group_name``, ``flush_cache``, ``weight_version``): every member rendezvous at
``tcp://master_address:master_port`` (the trainer, rank 0, hosts the store), the store is
prefixed with ``group_name``, and the trainer broadcasts each tensor from rank 0 in ``names``
order. This is a second process group beside the learner's default one, so it is built the way
SGLang builds it (``init_custom_process_group``: torch's ``rendezvous`` and
``_new_process_group_helper``), gloo on CPU and NCCL on GPU.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import torch
import torch.distributed as dist
from torch.distributed import distributed_c10d as c10d

__all__ = ["destroy_group", "dtype_name", "join_group", "receive", "send", "torch_dtype"]


def dtype_name(dtype: torch.dtype) -> str:
    """SGLang's spelling of a dtype in ``dtypes``: ``"bfloat16"``, ``"float32"``."""
    return str(dtype).removeprefix("torch.")


def torch_dtype(name: str) -> torch.dtype:
    """The dtype a ``dtypes`` entry names (``"bfloat16"`` or ``"torch.bfloat16"``).

    Raises:
        ValueError: not a torch dtype.
    """
    value = getattr(torch, name.removeprefix("torch."), None)
    if not isinstance(value, torch.dtype):
        raise ValueError(f"unknown dtype {name!r}")
    return value


def join_group(
    *,
    backend: str,
    master_address: str,
    master_port: int,
    rank: int,
    world_size: int,
    group_name: str,
    timeout_s: float,
) -> dist.ProcessGroup:
    """Join the weight-update group as ``rank`` (blocks until all ``world_size`` members join).

    Raises:
        RuntimeError/DistStoreError: the others did not join within ``timeout_s``.
    """
    timeout = datetime.timedelta(seconds=timeout_s)
    url = f"tcp://{master_address}:{master_port}"
    rendezvous = c10d.rendezvous  # type: ignore[attr-defined]
    store, rank, world_size = next(rendezvous(url, rank, world_size, timeout=timeout))
    store.set_timeout(timeout)
    prefixed = c10d.PrefixStore(group_name, store)
    pg, _ = c10d._new_process_group_helper(
        world_size,
        rank,
        [],
        c10d.Backend(backend),
        prefixed,
        group_name=c10d.GroupName(group_name),
        timeout=timeout,
    )
    c10d._world.pg_group_ranks[pg] = {i: i for i in range(world_size)}
    group: dist.ProcessGroup = pg
    return group


def destroy_group(pg: dist.ProcessGroup) -> None:
    """Leave a group made by ``join_group``."""
    dist.destroy_process_group(pg)


def send(pg: dist.ProcessGroup, tensors: Sequence[torch.Tensor]) -> None:
    """Broadcast ``tensors`` from rank 0 of ``pg``, in order (the trainer's side)."""
    for t in tensors:
        dist.broadcast(t, src=0, group=pg)


def receive(
    pg: dist.ProcessGroup,
    shapes: Sequence[Sequence[int]],
    dtypes: Sequence[str],
    device: torch.device | str = "cpu",
) -> list[torch.Tensor]:
    """Receive one broadcast tensor per ``(shape, dtype)`` from rank 0 (a server's side).

    Raises:
        ValueError: an unknown dtype name.
    """
    out = []
    for shape, name in zip(shapes, dtypes, strict=True):
        t = torch.empty(tuple(shape), dtype=torch_dtype(name), device=device)
        dist.broadcast(t, src=0, group=pg)
        out.append(t)
    return out
