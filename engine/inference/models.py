"""Models without a hub: build, cache and load causal LMs and their tokenizers.

``ensure_tiny_model()`` builds (once) a tiny Qwen3-architecture causal LM with random weights
and a byte-level BPE tokenizer trained with ``tokenizers`` on text found on this machine (the
running interpreter's standard-library sources), and saves both as an ordinary Hugging Face
checkpoint directory (``config.json``, ``model.safetensors``, ``tokenizer.json``,
``tokenizer_config.json``, a ChatML chat template). Everything downstream loads it with the same
``transformers`` code that loads a real checkpoint (``--model-path /path/to/Qwen3-8B``).

Command line::

    python -m engine.inference.models build --out DIR [--vocab-size 4096] [--layers 4]
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.errors import ModelError

__all__ = [
    "CHAT_TEMPLATE",
    "TinyModelSpec",
    "build_tiny_model",
    "check_model_path",
    "ensure_tiny_model",
    "load_tokenizer",
    "main",
]

# ChatML, as Qwen uses; tools (if given) are listed in a system block as JSON specs.
CHAT_TEMPLATE = (
    "{%- if tools %}"
    "{{- '<|im_start|>system\\n' }}"
    "{%- if messages[0]['role'] == 'system' %}{{- messages[0]['content'] + '\\n\\n' }}{%- endif %}"
    "{{- '# Tools\\n<tools>' }}"
    "{%- for tool in tools %}{{- '\\n' + (tool | tojson) }}{%- endfor %}"
    "{{- '\\n</tools><|im_end|>\\n' }}"
    "{%- for message in messages %}"
    "{%- if not (loop.first and message['role'] == 'system') %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{%- endif %}"
    "{%- endfor %}"
    "{%- else %}"
    "{%- for message in messages %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{%- endfor %}"
    "{%- endif %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)

SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]

# Bump when the recipe changes so cached builds are not reused across recipes.
_RECIPE = 1


class TinyModelSpec:
    """Shape of the tiny model (defaults give about 1.6 M parameters).

    Attributes:
        vocab_size: BPE vocabulary size (tokens), special tokens included.
        hidden_size: model width.
        layers: decoder layers.
        heads: attention heads (head_dim = hidden_size / heads).
        kv_heads: key/value heads (grouped-query attention).
        intermediate_size: MLP width.
        max_positions: longest sequence in tokens.
        corpus_bytes: bytes of local text the tokenizer is trained on.
        seed: torch seed of the random initialisation.
    """

    def __init__(
        self,
        *,
        vocab_size: int = 4096,
        hidden_size: int = 128,
        layers: int = 4,
        heads: int = 4,
        kv_heads: int = 2,
        intermediate_size: int = 512,
        max_positions: int = 4096,
        corpus_bytes: int = 4_000_000,
        seed: int = 0,
    ) -> None:
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.layers = layers
        self.heads = heads
        self.kv_heads = kv_heads
        self.intermediate_size = intermediate_size
        self.max_positions = max_positions
        self.corpus_bytes = corpus_bytes
        self.seed = seed

    def key(self) -> str:
        """A short digest of the recipe, the spec and the Python version (the corpus)."""
        blob = json.dumps(
            {"recipe": _RECIPE, "py": list(sys.version_info[:2]), **vars(self)}, sort_keys=True
        )
        return hashlib.sha256(blob.encode()).hexdigest()[:12]


def _local_text(limit_bytes: int) -> list[str]:
    """Standard-library sources of the running interpreter, in a fixed order (deterministic)."""
    root = Path(sysconfig.get_paths()["stdlib"])
    texts: list[str] = []
    total = 0
    skip = {"test", "tests", "idlelib", "site-packages", "dist-packages", "lib2to3", "turtledemo"}
    for path in sorted(root.rglob("*.py")):
        if skip.intersection(path.relative_to(root).parts):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        texts.append(text)
        total += len(text)
        if total >= limit_bytes:
            break
    if not texts:  # an interpreter without sources: fall back to our own package
        texts = [p.read_text(encoding="utf-8") for p in sorted(Path(__file__).parent.glob("*.py"))]
    return texts


def _train_tokenizer(spec: TinyModelSpec, texts: Sequence[str] | None = None) -> Any:
    """Train a byte-level BPE on ``texts`` (default: local standard-library sources); returns
    a ``transformers`` fast tokenizer."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=spec.vocab_size,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(
        list(texts) if texts else _local_text(spec.corpus_bytes), trainer=trainer
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=bpe,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        chat_template=CHAT_TEMPLATE,
        model_max_length=spec.max_positions,
        clean_up_tokenization_spaces=False,
    )


def build_tiny_model(
    out: str | os.PathLike[str],
    spec: TinyModelSpec | None = None,
    tokenizer_texts: Sequence[str] | None = None,
) -> Path:
    """Build the tiny causal LM and its tokenizer into ``out`` (an HF checkpoint directory).

    Takes a few seconds on one core (tokenizer training dominates). Not cancellable partway
    (run it in a thread from async code).

    Args:
        out: directory to write; created, and overwritten file by file if it exists.
        spec: the model shape; ``None`` for the defaults.
        tokenizer_texts: what the BPE is trained on (``None``: the interpreter's
            standard-library sources, ``spec.corpus_bytes`` of them). A domain corpus packs
            more text into each token: ``bench learning``'s environment programs take 1.33x
            fewer tokens with a BPE trained on them than with the standard-library one.

    Returns:
        ``Path(out)``.
    """
    import torch
    import transformers
    from transformers import GenerationConfig, Qwen3Config, Qwen3ForCausalLM

    transformers.utils.logging.disable_progress_bar()

    spec = spec or TinyModelSpec()
    out_path = Path(out)
    out_path.mkdir(parents=True, exist_ok=True)
    tok = _train_tokenizer(spec, tokenizer_texts)
    eos_id = tok.convert_tokens_to_ids("<|im_end|>")
    pad_id = tok.convert_tokens_to_ids("<|endoftext|>")
    config = Qwen3Config(
        vocab_size=len(tok),
        hidden_size=spec.hidden_size,
        intermediate_size=spec.intermediate_size,
        num_hidden_layers=spec.layers,
        num_attention_heads=spec.heads,
        num_key_value_heads=spec.kv_heads,
        head_dim=spec.hidden_size // spec.heads,
        max_position_embeddings=spec.max_positions,
        tie_word_embeddings=True,
        bos_token_id=pad_id,
        eos_token_id=eos_id,
        pad_token_id=pad_id,
    )
    config.architectures = ["Qwen3ForCausalLM"]
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(spec.seed)
        model = Qwen3ForCausalLM(config)
    model.generation_config = GenerationConfig(
        eos_token_id=[eos_id, pad_id], pad_token_id=pad_id, bos_token_id=pad_id
    )
    model.save_pretrained(out_path, safe_serialization=True)
    tok.save_pretrained(out_path)
    return out_path


def _default_cache_dir() -> Path:
    env = os.environ.get("SPADE_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("spade-engine"))


def ensure_tiny_model(
    cache_dir: str | os.PathLike[str] | None = None, spec: TinyModelSpec | None = None
) -> Path:
    """The tiny model's checkpoint directory, built on first use and cached.

    Concurrent callers (several processes) are safe: each builds into a private temporary
    directory and renames it into place; the first rename wins.

    Args:
        cache_dir: where builds are cached; ``None`` uses ``$SPADE_CACHE_DIR`` or the user cache
            directory (``~/.cache/spade-engine``).
        spec: the model shape; ``None`` for the defaults.

    Returns:
        ``<cache_dir>/tiny-qwen3-<digest>``, an ordinary HF checkpoint directory.
    """
    spec = spec or TinyModelSpec()
    root = Path(cache_dir) if cache_dir is not None else _default_cache_dir()
    final = root / f"tiny-qwen3-{spec.key()}"
    if (final / "config.json").is_file() and (final / "tokenizer.json").is_file():
        return final
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".building-", dir=root))
    try:
        build_tiny_model(tmp, spec)
        try:
            os.rename(tmp, final)
        except OSError:
            if not (final / "config.json").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return final


def check_model_path(model_path: str | os.PathLike[str]) -> Path:
    """Validate that ``model_path`` is a directory holding a causal-LM checkpoint.

    Raises:
        ModelError: the path does not exist, has no ``config.json``, or its config names no
            ``...ForCausalLM`` architecture / a model type ``transformers`` cannot build.
    """
    path = Path(model_path)
    if not path.exists():
        raise ModelError(f"model path {str(path)!r} does not exist")
    cfg = path / "config.json"
    if not cfg.is_file():
        raise ModelError(f"model path {str(path)!r} has no config.json (not an HF checkpoint)")
    try:
        data = json.loads(cfg.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelError(f"model path {str(path)!r}: unreadable config.json: {exc}") from exc
    archs = data.get("architectures") or []
    if not any(str(a).endswith(("ForCausalLM", "LMHeadModel")) for a in archs):
        raise ModelError(
            f"model path {str(path)!r} is not a causal LM (architectures={archs!r}, "
            f"model_type={data.get('model_type')!r})"
        )
    return path


def load_tokenizer(
    model_path: str | os.PathLike[str], *, require_chat_template: bool = True
) -> Any:
    """Load the tokenizer of a checkpoint directory (tiny or real) with its chat template.

    ``apply_chat_template(messages, tokenize=True)`` on the returned tokenizer returns a plain
    ``list[int]`` (``return_dict`` defaults to ``False`` here, as in transformers 4; pass
    ``return_dict=True`` for a ``BatchEncoding``).

    Args:
        model_path: an HF checkpoint directory.
        require_chat_template: refuse a tokenizer without a chat template (base models);
            the CPU server passes ``False`` (``/generate`` needs none).

    Returns:
        A ``transformers`` tokenizer (whose ``chat_template`` is set, when required).

    Raises:
        ModelError: the path does not exist, or holds no loadable tokenizer or no chat template.
    """
    from transformers import AutoTokenizer

    path = Path(model_path)
    if not path.exists():
        raise ModelError(f"model path {str(path)!r} does not exist")
    try:
        tok = AutoTokenizer.from_pretrained(str(path))
    except (OSError, ValueError) as exc:
        raise ModelError(f"model path {str(path)!r}: cannot load a tokenizer: {exc}") from exc
    if require_chat_template and not getattr(tok, "chat_template", None):
        raise ModelError(f"tokenizer at {str(path)!r} has no chat template")
    tok.apply_chat_template = functools.partial(  # type: ignore[method-assign]
        tok.apply_chat_template, return_dict=False
    )
    return tok


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.inference.models build --out DIR``: build the tiny model."""
    parser = argparse.ArgumentParser(prog="python -m engine.inference.models")
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build the tiny causal LM + tokenizer into a directory")
    b.add_argument("--out", required=True, help="output directory (an HF checkpoint)")
    b.add_argument("--vocab-size", type=int, default=4096, help="BPE vocabulary size")
    b.add_argument("--hidden-size", type=int, default=128, help="model width")
    b.add_argument("--layers", type=int, default=4, help="decoder layers")
    b.add_argument("--seed", type=int, default=0, help="initialisation seed")
    args = parser.parse_args(argv)
    spec = TinyModelSpec(
        vocab_size=args.vocab_size, hidden_size=args.hidden_size, layers=args.layers, seed=args.seed
    )
    try:
        out = build_tiny_model(args.out, spec)
    except OSError as exc:
        print(
            f"python -m engine.inference.models: error: cannot write {args.out}: "
            f"{exc.strerror or exc}",
            file=sys.stderr,
        )
        return 2
    n = _count_params(out)
    print(f"built {out} ({n / 1e6:.2f} M parameters, vocab {args.vocab_size})")
    return 0


def _count_params(path: Path) -> int:
    from safetensors import safe_open

    total = 0
    with safe_open(str(path / "model.safetensors"), framework="pt") as f:
        for name in f.keys():  # noqa: SIM118 - safe_open has no __iter__
            shape = f.get_slice(name).get_shape()
            size = 1
            for d in shape:
                size *= d
            total += size
    return total


if __name__ == "__main__":
    raise SystemExit(main())
