"""The tiny model and tokenizer: built offline, cached, loadable by plain transformers code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import ModelError
from engine.inference import check_model_path, ensure_tiny_model, load_tokenizer
from engine.inference.models import main


def test_tiny_model_is_an_hf_qwen3_checkpoint(tiny_model: Path) -> None:
    cfg = json.loads((tiny_model / "config.json").read_text())
    assert cfg["architectures"] == ["Qwen3ForCausalLM"]
    assert cfg["model_type"] == "qwen3"
    assert cfg["vocab_size"] == 4096
    for name in ("model.safetensors", "tokenizer.json", "tokenizer_config.json"):
        assert (tiny_model / name).is_file()
    assert check_model_path(tiny_model) == tiny_model


def test_ensure_tiny_model_is_cached(tiny_model: Path) -> None:
    before = (tiny_model / "model.safetensors").stat().st_mtime_ns
    again = ensure_tiny_model()
    assert again == tiny_model
    assert (again / "model.safetensors").stat().st_mtime_ns == before


def test_chat_template_roles_and_token_ids(tiny_model: Path) -> None:
    tok = load_tokenizer(tiny_model)
    messages = [
        {"role": "system", "content": "You design environments."},
        {"role": "user", "content": "def step(self, action): ..."},
        {"role": "assistant", "content": "class Env: pass"},
    ]
    text = tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    assert text == (
        "<|im_start|>system\nYou design environments.<|im_end|>\n"
        "<|im_start|>user\ndef step(self, action): ...<|im_end|>\n"
        "<|im_start|>assistant\nclass Env: pass<|im_end|>\n"
        "<|im_start|>assistant\n"
    )
    ids = tok.apply_chat_template(messages, tokenize=True, add_generation_prompt=True)
    assert isinstance(ids, list) and all(isinstance(i, int) for i in ids)
    assert tok.decode(ids) == text
    assert ids.count(tok.convert_tokens_to_ids("<|im_start|>")) == 4
    assert tok.eos_token == "<|im_end|>"


def test_chat_template_renders_tools(tiny_model: Path) -> None:
    tok = load_tokenizer(tiny_model)
    tools = [{"type": "function", "function": {"name": "lookup", "parameters": {}}}]
    text = tok.apply_chat_template([{"role": "user", "content": "hi"}], tools=tools, tokenize=False)
    assert text.startswith("<|im_start|>system\n# Tools\n<tools>\n")
    assert '"name": "lookup"' in text


def test_tokenizer_round_trips_python(tiny_model: Path) -> None:
    tok = load_tokenizer(tiny_model)
    src = "def f(x):\n    return x * 2  # ünïcode ✓\n"
    ids = tok.encode(src, add_special_tokens=False)
    assert tok.decode(ids) == src
    assert len(ids) < len(src.encode())  # the BPE learned merges


def test_missing_model_path_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    with pytest.raises(ModelError, match="nope.*does not exist"):
        load_tokenizer(missing)
    with pytest.raises(ModelError, match="nope.*does not exist"):
        check_model_path(missing)


def test_not_a_causal_lm_is_refused(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(
        json.dumps({"architectures": ["BertModel"], "model_type": "bert"})
    )
    with pytest.raises(ModelError, match="not a causal LM.*BertModel"):
        check_model_path(tmp_path)
    (tmp_path / "config.json").unlink()
    with pytest.raises(ModelError, match="no config.json"):
        check_model_path(tmp_path)


@pytest.mark.slow
def test_build_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m"
    assert main(["build", "--out", str(out), "--vocab-size", "600", "--layers", "1"]) == 0
    assert "built" in capsys.readouterr().out
    cfg = json.loads((out / "config.json").read_text())
    assert cfg["num_hidden_layers"] == 1
    assert cfg["vocab_size"] == 600
    assert load_tokenizer(out).chat_template


def test_base_model_without_chat_template(tiny_model: Path, tmp_path: Path) -> None:
    import shutil

    base = tmp_path / "base"
    shutil.copytree(tiny_model, base)
    (base / "chat_template.jinja").unlink(missing_ok=True)
    cfg = json.loads((base / "tokenizer_config.json").read_text())
    cfg.pop("chat_template", None)
    (base / "tokenizer_config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelError, match="no chat template"):
        load_tokenizer(base)
    tok = load_tokenizer(base, require_chat_template=False)
    assert tok.decode(tok.encode("x = 1", add_special_tokens=False)) == "x = 1"
