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

Two bucket formats, both SGLang's: ``load_format`` unset, one broadcast per tensor in ``names``
order (``ModelRunner.update_weights_from_distributed``); ``load_format="flattened_bucket"``,
one broadcast of a single ``uint8`` buffer holding every tensor's bytes back to back in
``names`` order, no padding (``_update_bucketed_weights_from_distributed`` with
``sglang.srt.weight_sync.tensor_bucket.FlattenedTensorBucket``: ``flatten().view(uint8)`` per
tensor, concatenated). The learner sends flattened buckets: one collective per bucket instead
of one per tensor.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence

import torch
import torch.distributed as dist
from torch.distributed import distributed_c10d as c10d

__all__ = [
    "FLATTENED_BUCKET",
    "bucket_views",
    "destroy_group",
    "dtype_name",
    "join_group",
    "nbytes",
    "non_finite",
    "plan_buckets",
    "receive",
    "receive_flat",
    "send",
    "torch_dtype",
]

FLATTENED_BUCKET = "flattened_bucket"
"""SGLang's ``load_format`` of a bucket sent as one flat ``uint8`` broadcast."""


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


def nbytes(shape: Sequence[int], dtype: str) -> int:
    """Bytes of a tensor of ``shape`` and ``dtype`` (a ``dtypes`` entry).

    Raises:
        ValueError: an unknown dtype name.
    """
    return math.prod(shape) * torch_dtype(dtype).itemsize


def plan_buckets(sizes: Sequence[int], limit: int) -> list[int]:
    """Split tensors of ``sizes`` bytes, in order, into buckets of at most ``limit`` bytes
    (a larger tensor gets a bucket of its own); return the tensor count of each bucket."""
    counts: list[int] = []
    used = 0
    for size in sizes:
        if counts and counts[-1] and used + size <= limit:
            counts[-1] += 1
            used += size
        else:
            counts.append(1)
            used = size
    return counts


def bucket_views(
    buffer: torch.Tensor, shapes: Sequence[Sequence[int]], dtypes: Sequence[str]
) -> list[torch.Tensor]:
    """The tensors of a flattened bucket: views of ``buffer`` (1-D ``uint8``), no copies.

    Raises:
        ValueError: an unknown dtype, or ``buffer`` is not exactly the tensors' bytes.
    """
    out = []
    offset = 0
    for shape, name in zip(shapes, dtypes, strict=True):
        size = nbytes(shape, name)
        out.append(buffer[offset : offset + size].view(torch_dtype(name)).view(tuple(shape)))
        offset += size
    if offset != buffer.numel():
        raise ValueError(f"bucket of {buffer.numel()} bytes, tensors of {offset}")
    return out


def receive_flat(
    pg: dist.ProcessGroup,
    shapes: Sequence[Sequence[int]],
    dtypes: Sequence[str],
    device: torch.device | str = "cpu",
    buffer: torch.Tensor | None = None,
) -> tuple[torch.Tensor, list[torch.Tensor]]:
    """Receive one flattened bucket from rank 0 (a server's side): one broadcast.

    Args:
        buffer: a 1-D ``uint8`` tensor of exactly the bucket's bytes to receive into (reused
            memory, already paged in); a new one when ``None`` or of another size.

    Returns:
        The buffer and the tensors (views of it), in ``names`` order.

    Raises:
        ValueError: an unknown dtype name.
    """
    size = sum(nbytes(s, d) for s, d in zip(shapes, dtypes, strict=True))
    if buffer is None or buffer.numel() != size or buffer.device != torch.device(device):
        buffer = torch.empty(size, dtype=torch.uint8, device=device)
    dist.broadcast(buffer, src=0, group=pg)
    return buffer, bucket_views(buffer, shapes, dtypes)


def non_finite(tensors: Sequence[torch.Tensor]) -> list[int]:
    """Indices of the floating tensors holding a NaN or an infinity.

    One streaming sum per tensor (any NaN or infinity makes the sum non-finite), and the
    exact ``isfinite`` test only for a tensor whose sum is not finite (NaN, infinity, or a sum
    past the dtype's range, which the exact test then clears). ``isfinite(t).all()`` allocates
    a bool tensor as large as ``t``: about 20x the sum's time on a 100 MB tensor on one core.
    """
    bad = []
    for i, t in enumerate(tensors):
        if not t.is_floating_point() or t.numel() == 0:
            continue
        acc = torch.float64 if t.dtype == torch.float64 else torch.float32
        if not bool(torch.isfinite(t.sum(dtype=acc))) and not bool(torch.isfinite(t).all()):
            bad.append(i)
    return bad
