"""Config loading: TOML, overrides, and one-line errors that name the field and value."""

import re

import pytest

from engine.config import Config, dump_config, load_config
from engine.errors import ConfigError


def test_defaults_load_and_dump_round_trip(tmp_path):
    cfg = load_config()
    assert cfg == Config()
    p = tmp_path / "c.toml"
    p.write_text(dump_config(cfg))
    assert load_config(p) == cfg


def test_file_then_overrides(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text("[critic]\nk = 6\n[policy]\nurls = ['http://a:1']\n")
    cfg = load_config(p, ["critic.k=8", "run.log_level=debug", "policy.temperature=0.5"])
    assert cfg.critic.k == 8
    assert cfg.run.log_level == "debug"
    assert cfg.policy.temperature == 0.5
    assert cfg.policy.urls == ["http://a:1"]


@pytest.mark.parametrize(
    ("text", "overrides", "needle"),
    [
        ("[critic\nk=1", [], "malformed TOML"),
        ("[critic]\nkk = 1\n", [], "kk"),
        ("[critic]\nk = 'many'\n", [], "critic.k = 'many'"),
        ("[critic]\nk = 0\n", [], "critic.k = 0"),
        ("[critic]\nconfidence = 1.5\n", [], "critic.confidence = 1.5"),
        ("", ["critic.nope=1"], "unknown field 'nope'"),
        ("", ["nosection.k=1"], "unknown section 'nosection'"),
        ("", ["critic.k"], "expected section.field=value"),
        ("", ["policy.backend=tpu"], "policy.backend = 'tpu'"),
        # a new user's: inf overflowed the epoch tick count (critic_error on every design),
        # an infinite tick stopped the ticking thread, a tiny one timed every call out
        ("", ["sandbox.call_deadline_s=inf"], "sandbox.call_deadline_s = inf"),
        ("", ["sandbox.epoch_tick_s=inf"], "sandbox.epoch_tick_s = inf"),
        ("", ["sandbox.epoch_tick_s=1e-300"], "sandbox.epoch_tick_s = 1e-300"),
    ],
)
def test_bad_input_is_one_line_naming_field_and_value(tmp_path, text, overrides, needle):
    p = tmp_path / "c.toml"
    p.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_config(p, overrides)
    msg = str(info.value)
    assert needle in msg
    assert "\n" not in msg


def test_missing_file_names_path(tmp_path):
    with pytest.raises(ConfigError, match="nothere.toml"):
        load_config(tmp_path / "nothere.toml")


@pytest.mark.parametrize(
    "url", ["http://[::1", "http://127.0.0.1:abc", "ftp://host:30000", "http://:30000"]
)
def test_a_policy_url_that_is_no_http_url_is_refused_at_load_by_field_and_value(url: str) -> None:
    """The config, not each command, checks ``policy.urls``: ``engine.run`` and every embedder
    that loads a config get the same named error (``engine.config.url_problem``)."""
    from engine.config import load_config
    from engine.errors import ConfigError

    with pytest.raises(ConfigError, match=re.escape(f"policy.urls: {url!r}")):
        load_config(None, [f'policy.urls=["{url}"]'])
    assert load_config(None, ['policy.urls=["http://127.0.0.1:30000"]']).policy.urls == [
        "http://127.0.0.1:30000"
    ]


def test_a_learner_seed_too_large_for_the_ranks_is_refused_at_load_by_field_and_value() -> None:
    """``learner.seed`` seeds ``torch.manual_seed(seed + rank)`` and is msgpack-hashed for the
    warm-start cache: a value neither can take must be a named ConfigError (exit 2), not a
    traceback once the run directory exists."""
    too_big = 2**64
    with pytest.raises(ConfigError, match=re.escape(f"learner.seed = {too_big}")):
        load_config(None, [f"learner.seed={too_big}"])
    with pytest.raises(ConfigError, match=re.escape("run.seed = -9223372036854775809")):
        load_config(None, [f"run.seed={-(2**63) - 1}"])  # tester40: every seed of the kind
    assert load_config(None, [f"learner.seed={2**63 - 1}"]).learner.seed == 2**63 - 1


def test_a_key_outside_any_section_is_named_with_the_section_it_belongs_to(tmp_path) -> None:
    """tester40: ``iterations = 2`` at the top of a TOML file was reported as "unknown section
    [iterations]": it is a key, and [run] holds it."""
    path = tmp_path / "c.toml"
    path.write_text("iterations = 2\n")
    with pytest.raises(
        ConfigError,
        match=re.escape("iterations = 2: a key outside any section (it is a field of [run])"),
    ):
        load_config(path, [])
    path.write_text("[nosection]\nk = 1\n")
    with pytest.raises(ConfigError, match=re.escape("unknown section [nosection]")):
        load_config(path, [])


def test_tester41_an_int_past_the_str_digit_limit_is_a_config_error(tmp_path) -> None:
    """``[run] iterations = 10**5000`` (as digits) in a file, or ``--set run.iterations=...``:
    tomllib's int() raised ``ValueError: Exceeds the limit (4300 digits)`` out of load_config
    (a traceback from ``engine.run --dry-run``), not a ConfigError naming the field (tester41)."""
    digits = "1" + "0" * 5000
    path = tmp_path / "big.toml"
    path.write_text(f"[run]\niterations = {digits}\n")
    with pytest.raises(ConfigError, match="iterations"):
        load_config(path, [])
    with pytest.raises(ConfigError, match="run.iterations"):
        load_config(None, [f"run.iterations={digits}"])


def test_tester41_an_int_field_past_64_bits_is_refused_at_load_by_field_and_value() -> None:
    """``--set learner.batch_size=18446744073709551616`` (2**64) passes load_config and
    ``--dry-run``; engine.run then dies with ``OverflowError: can't serialize ints < -2**63 or
    > 2**64 - 1`` in the warm-start cache's msgpack hash of [learner], after making the run
    directory (the seeds were bounded in 52c43da; the other int fields were not) (tester41)."""
    with pytest.raises(ConfigError, match="learner.batch_size"):
        load_config(None, [f"learner.batch_size={2**64}"])
