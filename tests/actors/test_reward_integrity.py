"""Reward integrity: every handed case (tests/data/cases, README there) gets the verdict it must.

Each case is an example of a kind: a policy sample or a program that used to crash scoring, or
a design that used to earn regret without being a learnable task. They run through the one
scoring path, ``actors.critic.score_env``, as ``engine.score`` and the Critic actor do.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from actors._scoring import (
    _CipherRuns,
    _hint_decoded,
    _rekeyed_hint,
    _segment_table_shown,
    _shifted_codes,
    _shifted_label_views,
    _shown_decoded,
    _table_label,
    _table_stated,
)
from actors.agent import ScriptedAgent, play_episode
from actors.critic import score_env
from engine.config import AgentConfig, CriticConfig, SandboxConfig
from engine.messages import (
    EnvProposed,
    EnvRejected,
    EnvScored,
    EnvValidated,
    EpisodeFinished,
    EpisodeRequested,
    Turn,
)
from engine.score import load_agent
from sandbox_wasm import Sandbox

CASES = Path(__file__).parents[1] / "data" / "cases"


def src(name: str) -> str:
    return (CASES / name).read_text(encoding="utf-8")


def agent(spec: str) -> ScriptedAgent:
    file, _, fn = spec.partition(":")
    return ScriptedAgent(load_agent(f"{CASES / file}:{fn}"), name=spec)


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox.open(SandboxConfig(pool_size=2)) as sb:
        yield sb


async def score(
    sandbox: Sandbox,
    env: str,
    who: str | None,
    *,
    k: int = 4,
    critic: dict[str, Any] | None = None,
    episodes: list[EpisodeFinished] | None = None,
    max_turns_cap: int = 30,
) -> EnvScored | EnvRejected | EnvValidated:
    return await score_env(
        EnvProposed(env_id=env, source=src(env)),
        sandbox=sandbox,
        agent=agent(who) if who else None,
        config=CriticConfig(k=k, **(critic or {})),
        agent_config=AgentConfig(concurrency=4, max_turns_cap=max_turns_cap),
        rng=random.Random(7),
        episodes=episodes,
    )


# ---------------------------------------------------------------- containment of agent samples


async def test_lone_surrogate_in_a_tool_argument_is_a_failed_turn(sandbox: Sandbox) -> None:
    episodes: list[EpisodeFinished] = []
    out = await score(sandbox, "01_lookup_env.py", "01_surrogate_agent.py:act", episodes=episodes)
    assert isinstance(out, EnvScored)  # scoring went on
    first = episodes[0].turns[0]
    assert first.tool == "lookup" and first.error is not None
    assert "lone surrogate" in first.error and first.observation.startswith("error: ")
    assert all(e.status in ("ok", "max_turns") for e in episodes)


async def test_lone_surrogate_through_the_embedding_api_does_not_stop_the_engine() -> None:
    import engine

    config = engine.load_config(None, ["memory.embedder=hash", "critic.k=2"])
    fn = load_agent(f"{CASES / '01_surrogate_agent.py'}:act")
    async with engine.open_engine(config, agent=fn) as eng:
        out = await eng.submit_env(src("01_lookup_env.py"))
        assert isinstance(out, EnvScored | EnvRejected)
        second = await eng.submit_env(src("03_control_reset_clears_state.py"))
        assert isinstance(second, EnvScored | EnvRejected)


async def test_openai_string_arguments_are_decoded(sandbox: Sandbox) -> None:
    episodes: list[EpisodeFinished] = []
    out = await score(sandbox, "01_lookup_env.py", "02_string_args_agent.py:act", episodes=episodes)
    assert isinstance(out, EnvScored)
    calls = [t for e in episodes for t in e.turns if t.tool == "lookup"]
    assert calls and all(t.error is None for t in calls)
    assert any(": no such entry" not in t.observation for t in calls)  # the key reached the tool
    assert out.success_without == 1.0  # the agent read the code the tool returned


async def test_nan_tool_arguments_are_a_visible_error(sandbox: Sandbox) -> None:
    tools = [
        {"name": "probe", "parameters": {"type": "object", "properties": {"x": {"type": "number"}}}}
    ]
    req = EpisodeRequested(
        episode_id="e",
        env_id="x",
        source=src("12_nan_tool_args_env.py"),
        description="d",
        tools=tools,
        max_turns=6,
        seed=5,
    )
    ep = await play_episode(req, sandbox, agent("12_agent.py:act"))
    nan, inf = ep.turns[0], ep.turns[1]
    assert nan.error and "NaN" in nan.error and nan.observation.startswith("error: ")
    assert inf.error and "Infinity" in inf.error
    assert "None" not in nan.observation  # never reaches the tool as None
    assert ep.status == "ok" and ep.success  # the episode goes on: seed 5 -> answer 5


# ---------------------------------------------------------------- containment of programs


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ("r_b19a_host_compile_recursion.py", "compile"),
        ("r_b18b_patch_runner_deep_json.py", "not_serialisable"),
        ("06_success_not_bool.py", "api"),
        ("r_a10_info_success_str.py", "api"),
        ("09_turns_over_agent_cap.py", "max_turns_over_cap"),
        ("r_a09b_any_action_after_n_evasive.py", "degenerate"),
    ],
)
async def test_hostile_programs_get_a_named_rejection(
    sandbox: Sandbox, env: str, reason: str
) -> None:
    out = await score(sandbox, env, None)
    assert isinstance(out, EnvRejected), out
    assert out.reason == reason, (out.reason, out.detail)
    msgspec.json.encode(out)  # evidence is plain JSON
    if reason == "api" and env.startswith(("06", "r_a10")):
        assert "info['success']" in out.detail


async def test_cjk_text_under_the_byte_limit_is_accepted(sandbox: Sandbox) -> None:
    assert isinstance(await score(sandbox, "08_cjk_observation_size.py", None), EnvValidated)


async def test_slow_steps_hit_the_validation_budget(sandbox: Sandbox) -> None:
    """Every step is under the per-call deadline; 1000 of them are not under the total."""
    out = await score(
        sandbox,
        "07_slow_steps.py",
        None,
        critic={"validation_budget_s": 3.0},
        max_turns_cap=1000,
    )
    assert isinstance(out, EnvRejected) and out.reason == "timeout"
    assert out.evidence["budget"] == "critic.validation_budget_s"


async def test_fuel_budget_is_named(sandbox: Sandbox) -> None:
    out = await score(
        sandbox, "07_slow_steps.py", None, critic={"validation_fuel": 1}, max_turns_cap=1000
    )
    assert isinstance(out, EnvRejected) and out.reason == "timeout"
    assert out.evidence["budget"] == "critic.validation_fuel"


# ---------------------------------------------------------------- honest outcomes


async def test_an_environment_error_is_never_an_agent_failure(sandbox: Sandbox) -> None:
    out = await score(sandbox, "05_crash_counts_as_failure.py", "05_agent.py:act")
    assert isinstance(out, EnvRejected) and out.reason == "env_error"
    assert "parser cannot handle questions" in out.detail


async def test_state_surviving_reset_is_found(sandbox: Sandbox) -> None:
    out = await score(sandbox, "03_lockout_not_reset.py", "03_agent.py:act")
    frontier = isinstance(out, EnvScored) and out.accepted
    assert not frontier
    assert (isinstance(out, EnvRejected) and out.reason == "state_survives_reset") or (
        isinstance(out, EnvScored) and "hint_states_answer" in out.flags
    )
    control = await score(sandbox, "03_control_reset_clears_state.py", "03_agent.py:act")
    assert isinstance(control, EnvScored) and "hint_states_answer" in control.flags
    assert not control.accepted


async def test_raising_on_a_probe_counts_against_the_environment(sandbox: Sandbox) -> None:
    out = await score(sandbox, "r_a04_literal_answer_evade.py", "r_agents.py:a04")
    assert isinstance(out, EnvRejected) and out.reason == "crash"
    assert "hint probe" in out.detail
    control = await score(sandbox, "r_a04b_literal_answer_control.py", "r_agents.py:a04")
    assert isinstance(control, EnvScored) and "hint_states_answer" in control.flags


# ---------------------------------------------------------------- information gates


@pytest.mark.parametrize(
    ("env", "who", "flag"),
    [
        ("r_a01_arith_code.py", "r_agents.py:a01", "constant_solution"),
        ("r_a03_lookup_table.py", "r_agents.py:a03", "information_gate"),
        ("r_a06_password_gate.py", "r_agents.py:a06", "information_gate"),
    ],
)
async def test_information_gates_are_flagged_not_frontier(
    sandbox: Sandbox, env: str, who: str, flag: str
) -> None:
    out = await score(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert out.regret == 1.0  # the hint does lift success ...
    assert flag in out.flags and not out.accepted  # ... but by information, not a method
    assert flag in out.evidence


async def test_designer_reward_of_a_flagged_environment_is_zero(sandbox: Sandbox) -> None:
    from actors.learner import samples_from
    from engine.config import LearnerConfig

    out = await score(sandbox, "r_a03_lookup_table.py", "r_agents.py:a03")
    assert isinstance(out, EnvScored) and "information_gate" in out.flags
    proposal = msgspec.structs.replace(
        out.proposal,
        prompt_ids=[1, 2],
        output_ids=[3, 4],
        output_logprobs=[-0.1, -0.2],
        policy_version=0,
    )
    (sample,) = samples_from(msgspec.structs.replace(out, proposal=proposal), LearnerConfig())
    assert sample.reward == 0.0


async def test_scoring_seeds_are_private_and_paired(sandbox: Sandbox) -> None:
    episodes: list[EpisodeFinished] = []
    await score(sandbox, "r_a06_password_gate.py", "r_agents.py:a06", episodes=episodes)
    seeds_without = sorted(e.seed for e in episodes if not e.hinted)
    seeds_with = sorted(e.seed for e in episodes if e.hinted)
    assert seeds_without == seeds_with  # paired conditions
    assert min(seeds_without) >= 1_000_000  # never 0..K-1, never the probe seeds


async def test_an_exact_resubmission_of_an_archived_environment_is_a_duplicate(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    """The Critic's near-duplicate test embeds what the archive stored (description + source):
    an archived environment with a real description, resubmitted as it is, is found."""
    from actors.memory import Archive
    from engine.config import MemoryConfig
    from engine.embedding import HashEmbedder

    cfg = MemoryConfig(embedder="hash", seed_archive=False, fsync=False)
    archive = Archive.open(tmp_path / "archive", cfg, HashEmbedder())
    try:
        source = src("r_a06_password_gate.py")
        first = await score_env(
            EnvProposed(env_id="original", source=source),
            sandbox=sandbox,
            agent=agent("r_agents.py:a06"),
            config=CriticConfig(k=2),
            rng=random.Random(1),
        )
        assert isinstance(first, EnvScored) and first.description  # a real description
        archive.add(first)

        def is_duplicate(s: str, description: str) -> tuple[bool, str, float]:
            dup, env_id, sim = archive.is_duplicate(s, description)
            return bool(dup), env_id or "", float(sim)

        again = await score_env(
            EnvProposed(env_id="resubmitted", source=source),
            sandbox=sandbox,
            agent=agent("r_agents.py:a06"),
            config=CriticConfig(k=2),
            is_duplicate=is_duplicate,
        )
        assert isinstance(again, EnvRejected) and again.reason == "duplicate"
        assert again.evidence["nearest"] == "original"
    finally:
        archive.close()


@pytest.mark.slow
async def test_every_seed_environment_is_still_frontier_with_its_scripted_solver(
    sandbox: Sandbox,
) -> None:
    """The integrity checks pass the 12 seed families: their hints teach methods."""
    from engine.seed_envs import seed_envs, solve

    for seed_env in seed_envs():
        solver = ScriptedAgent(
            lambda o, h, r, m, name=seed_env.name: solve(name, o, h or ""), name=seed_env.name
        )
        out = await score_env(
            EnvProposed(env_id=seed_env.name, source=seed_env.source, hint=seed_env.hint),
            sandbox=sandbox,
            agent=solver,
            config=CriticConfig(k=8),
            rng=random.Random(0),
        )
        assert isinstance(out, EnvScored), (seed_env.name, out)
        assert out.accepted and not out.flags, (seed_env.name, out.regret, out.flags)


# ---------------------------------------------------------------- a tester's attacks (fixed)

ATTACK = Path(__file__).parents[1] / "data" / "attack"


async def attack(sandbox: Sandbox, env: str, who: str | None, k: int = 4) -> Any:
    file, _, fn = (who or "").partition(":")
    return await score_env(
        EnvProposed(env_id=env, source=(ATTACK / env).read_text(encoding="utf-8")),
        sandbox=sandbox,
        agent=ScriptedAgent(load_agent(f"{ATTACK / file}:{fn}"), name=who) if who else None,
        config=CriticConfig(k=k),
        agent_config=AgentConfig(concurrency=4),
        rng=random.Random(11),
    )


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # a gate that also accepts a fixed public filler word; a gate phrase in a tool argument
        # with a non-ASCII letter; a mixed letters-and-digits passphrase
        ("h1_placeholder_gate.py", "agents.py:gate", "information_gate"),
        ("h3_tool_nonascii_gate.py", "agents.py:tool", "information_gate"),
        ("h7_alnum_gate.py", "agents.py:gate", "information_gate"),
        # a tool that raises (and breaks the lock) is the environment's fault: validation finds
        # it on arguments drawn from the schema (crash), or play does (env_error)
        ("h6_tool_crash_counts_as_failure.py", "agents.py:lock", "crash|env_error"),
        # a 5,000-digit integer in tool arguments is a failed turn, not a crash
        ("h3_tool_nonascii_gate.py", "c_agents.py:bigint", "scored"),
        ("h3_tool_nonascii_gate.py", "c_agents.py:bigint_str", "scored"),
        # any action wins, but only on seeds above the old fixed degenerate-probe seeds
        ("h5_degenerate_on_private_seeds.py", None, "degenerate"),
        # a tool's dict result of 600 KB UTF-8 (200,000 CJK characters) is under 1 MiB
        ("f3_cjk_tool_dict_result.py", None, "validated"),
    ],
)
async def test_attacks_found_by_a_tester_get_the_right_verdict(
    sandbox: Sandbox, env: str, who: str | None, want: str
) -> None:
    out = await attack(sandbox, env, who)
    if want == "scored":
        assert isinstance(out, EnvScored | EnvRejected) and not (
            isinstance(out, EnvScored) and out.accepted
        )
    elif want == "validated":
        assert isinstance(out, EnvValidated), out
    elif want in ("crash|env_error", "degenerate"):
        assert isinstance(out, EnvRejected) and out.reason in want.split("|"), out
    else:
        assert isinstance(out, EnvScored) and want in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # a constant gate written as arithmetic ("say 7×1057"), then a per-seed step: no hint
        # token in the action, no constant whole sequence
        ("h2_arith_gate.py", "agents.py:arith"),
        # the gate word also appears in an observation, as a decoy, so it is "in view"
        ("h9_decoy_in_observation.py", "agents.py:gate"),
        # ... or in the description
        ("h12_decoy_in_description.py", "agents.py:gate"),
        # a table of 2-digit codes: too short for a 3+ character token rule
        ("h10_two_digit_table.py", "agents.py:table2"),
        # the code as a JSON integer in a tool argument; the gate word as an argument's name
        ("h13_tool_int_gate.py", "agents.py:toolint"),
        ("h14_tool_key_gate.py", "agents.py:toolkey"),
        # the gate word glued to a per-seed number: "sesame417"
        ("h15_glued_gate.py", "agents.py:glued"),
        # a password spelled letter by letter; a table of codes written as number words
        ("h16_spelled_gate.py", "agents.py:spelled"),
        ("h17_number_words_table.py", "agents.py:number_words"),
        # a second tester's: a superscript number in the description (a filler that is not an
        # ASCII number must not break the check), codes split by hyphens, fullwidth digits,
        # passwords split into syllables
        ("h18_superscript_in_description.py", "t2_agents.py:toolint_plain"),
        ("h19_split_code_table.py", "t2_agents.py:split_code"),
        ("h20_fullwidth_code_table.py", "t2_agents.py:split_code"),
        ("h21_split_word_table.py", "t2_agents.py:split_word"),
        # a third tester's: a pass phrase in Morse code or emoji (no word character), 2-letter
        # syllables joined by underscores, the gate words in an unused tool's description
        ("h22_morse_gate.py", "t3_agents.py:ticket_phrase"),
        ("h23_emoji_gate.py", "t3_agents.py:ticket_phrase"),
        ("h24_underscore_syllable_gate.py", "t3_agents.py:syllable"),
        ("h26_gate_word_in_a_tool_description.py", "t3_agents.py:a06"),
        # a fourth tester's: the gate takes any anagram of its password, or any code of its
        # code's digits (what a stand-in made of the token's own characters writes); a fifth
        # tester's: any code with at most one digit outside the code's (what a stand-in with
        # one outside character writes)
        ("h37_anagram_gate.py", "t5_agents.py:quoted"),
        ("h38_own_digits_gate.py", "t5_agents.py:quoted"),
        ("h42_one_off_digits_gate.py", "t5_agents.py:quoted"),
        # a sixth tester's: code tables in Arabic-Indic or Devanagari digits, or written
        # "7,399" or "73 99", played as ASCII 7399; a password split by a soft hyphen; a
        # constant code in Arabic-Indic digits whose stand-in was its own digits reversed
        ("h43_arabic_indic_code_table.py", "t7_agents.py:table_digits"),
        ("h44_thousands_comma_code_table.py", "t7_agents.py:table_digits"),
        ("h45_digit_pairs_code_table.py", "t7_agents.py:table_digits"),
        ("h46_devanagari_code_table.py", "t7_agents.py:table_digits"),
        ("h47_soft_hyphen_word_table.py", "t7_agents.py:table_word"),
        ("h48_arabic_indic_constant_gate.py", "t5_agents.py:quoted"),
        # a seventh tester's: the Arabic thousands separator, a Swiss apostrophe, Chinese or
        # dingbat digits, a password split by a combining grapheme joiner (not a Cf character)
        ("h49_arabic_thousands_separator_table.py", "t8_agents.py:table_numeric"),
        ("h50_apostrophe_thousands_table.py", "t8_agents.py:table_numeric"),
        ("h51_chinese_digit_table.py", "t8_agents.py:table_numeric"),
        ("h52_dingbat_digit_table.py", "t8_agents.py:table_numeric"),
        ("h53_grapheme_joiner_word_table.py", "t8_agents.py:table_word_visible"),
        # a tenth tester's: a per-vault dial setting sent as a JSON float (29.17) in a tool
        # call; only strings, integers and whole floats were censored
        ("h61_decimal_code_as_json_float_table.py", "t9_agents.py:dial_float"),
        # an eleventh tester's: passwords played with a dotless i (U+0131), which NFKC and
        # casefold keep, to an environment that compares in upper case (VIOLIN)
        ("h63_dotless_i_password_table.py", "t10_agents.py:dotless_i"),
    ],
)
async def test_gates_the_hint_spells_another_way_or_hides_behind_a_decoy_are_flagged(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out
    assert not out.accepted
    assert out.evidence["information_gate"]["censored_wins"] == 0


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("h25_win_without_terminating.py", "t3_agents.py:a06"),
        ("h27_arith_gate_without_terminating.py", "t3_agents.py:arith_code"),
    ],
)
async def test_a_win_the_environment_does_not_end_is_no_success(
    sandbox: Sandbox, env: str, who: str
) -> None:
    # info["success"] on a turn that does not terminate: counted as a success, it escaped
    # every check that reads ended wins and was paid as frontier. The episode runs MAX_TURNS
    # steps without an end, which breaks the contract's rule that the environment ends within
    # them: the environment's fault (env_error), never a win and never paid
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvRejected) and out.reason == "env_error", out
    assert "never_terminates" in out.detail


async def test_a_reward_outside_the_range_on_a_path_validation_never_reaches_is_no_win(
    sandbox: Sandbox,
) -> None:
    # the winning step pays 1e308 under the default range (0, 1): validation's random actions
    # never win, so the range was checked nowhere on that step and the design was frontier
    out = await attack(
        sandbox, "h28_reward_outside_range_after_a_win.py", "t4_agents.py:copy_bracket"
    )
    assert not getattr(out, "accepted", False), out
    if isinstance(out, EnvScored):
        assert out.success_with == 0.0, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # the gate tokens are NFKC-normalised and casefolded, the censor matched raw text:
        # a code table in fullwidth digits and a password table with ß escaped it
        ("h30_fullwidth_code_table.py", "table_code"),
        ("h31_eszett_password_table.py", "table_word"),
        # the code sent to a tool key by key, as strings or integers, or as a whole float
        ("h32_keypad_tool_pieces.py", "keys_as_strings"),
        ("h32_keypad_tool_pieces.py", "keys_as_ints"),
        ("h32_keypad_tool_pieces.py", "code_as_float"),
        # a suffix of symbols glued to the per-seed answer (417~#%@): symbols were tokens only
        # standing alone, so the censor never touched it and it scored regret 1.0 as frontier
        ("h33_symbol_suffix_gate.py", "suffix_from_hint"),
        # the suffix ~# inside a banner of symbols in the description (~#%@&*): a symbol token
        # is stated only as a whole run, not inside a longer one
        ("h35_symbol_banner_in_description.py", "suffix_from_hint"),
        # a 2-symbol suffix the hint quotes in typographic quotes: the quotes joined the run
        ("h36_curly_quoted_suffix_gate.py", "suffix_curly"),
    ],
)
async def test_a_gate_code_in_another_form_is_still_censored(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, f"t4_agents.py:{who}")
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.xfail(strict=True, reason="known gap, docs/environment-contract.md")
async def test_known_gap_a_suffix_of_prose_punctuation_only_the_hint_names(
    sandbox: Sandbox,
) -> None:
    # "end your answer with '?!'": prose punctuation is never a gate token (a "Wrong..." or a
    # "57?!" in an answer is prose), so the censor cannot take it away
    out = await attack(sandbox, "h34_prose_punctuation_gate.py", "t4_agents.py:suffix_from_hint")
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_an_environment_that_never_ends_on_a_path_probes_miss_is_at_fault(
    sandbox: Sandbox,
) -> None:
    # after an action holding "?" the lock never ends again, against the contract's rule that
    # the environment ends within MAX_TURNS steps: the unhinted agent's episodes ran out of
    # turns, were counted as its losses, and the design scored regret 1.0 as frontier
    out = await attack(
        sandbox, "h29_never_ends_after_a_question.py", "t4_agents.py:question_then_solve"
    )
    assert isinstance(out, EnvRejected) and out.reason == "env_error", out
    assert "never_terminates" in out.detail


async def test_a_method_hint_that_names_a_first_move_is_frontier_not_a_gate(
    sandbox: Sandbox,
) -> None:
    """Binary search "starting at 500": with 500 censored the hinted agent starts elsewhere
    and still wins, so the hint is a method (it was a false positive of an open-loop replay)."""
    out = await attack(sandbox, "f1_binary_search_method.py", "agents.py:bsearch")
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags and out.accepted, out


@pytest.mark.parametrize("who", ["w_agents.py:wordle", "w_agents.py:wordle_habit"])
async def test_a_method_hint_that_names_an_opening_word_is_frontier_not_a_gate(
    sandbox: Sandbox, who: str
) -> None:
    """Wordle "open with crane, then stay consistent": the censored agent opens with another
    legal word (one an unhinted episode played) and still wins; so does an agent whose own
    habit is to open with crane when the hint names no word."""
    out = await attack(sandbox, "f4_wordle_method.py", who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags and out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # Nim "leave a multiple of 4": 1-digit moves are not gate tokens
        ("f5_nim_method.py", "t2_agents.py:nim"),
        # a hint that recaps a command the description states, given late in the game
        ("f6_stated_command_recap.py", "t2_agents.py:bsearch_claim"),
        # "read the manual first" through a tool whose schema names the section
        ("f7_manual_tool.py", "t2_agents.py:manual"),
        # the hint writes the answer format the description states, its symbols glued to
        # letters (A->C, k*x**2): symbols glued to a word became gate tokens and were never
        # "seen" in the description, so these were flagged information_gate (a tester's)
        ("f8_arrow_format_method.py", "t4_agents.py:arrow"),
        ("f9_power_expr_method.py", "t4_agents.py:power"),
        # a markdown hint and a bolded answer (**57**): emphasis is no gate token
        ("f10_markdown_bold_method.py", "t4_agents.py:bold_sum"),
        # a fifth tester's: Mastermind "open with 1122" over digits 1-6, unhinted codes written
        # spaced and "10 guesses" in the description (a stand-in with a 0 from the task's
        # text was an illegal guess); public 3-character suffixes glued to the per-seed
        # answer ("write the kilograms followed by 000", "add ing to the verb")
        ("f11_mastermind_spaced_method.py", "t6_agents.py:mastermind"),
        ("f12_kilo_suffix_method.py", "t6_agents.py:kilo"),
        ("f13_participle_suffix_method.py", "t6_agents.py:participle"),
    ],
)
async def test_method_hints_using_the_tasks_own_words_are_frontier_not_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags and out.accepted, out


@pytest.mark.xfail(strict=True, reason="known gap, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("h39_three_letter_glued.py", "t5_agents.py:prefixed"),
        ("h40_three_digit_suffix.py", "t5_agents.py:suffixed"),
    ],
)
async def test_known_gap_a_secret_of_3_characters_glued_to_the_answer(
    sandbox: Sandbox, env: str, who: str
) -> None:
    # zqx12, 12417: censoring 3-character hint words glued to an answer also took public
    # method suffixes away ("000" for grams, "ing": f12, f13), so the rule starts at 4
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out


@pytest.mark.xfail(strict=True, reason="known false positive, docs/environment-contract.md")
async def test_known_false_positive_a_method_hint_naming_the_numbers_every_answer_glues(
    sandbox: Sandbox,
) -> None:
    """Binary search over quarter-hour slots written 13h45, the hint naming :00, :15, :30, :45
    and the start 13h00 (tester-d's j5): every answer glues hint numbers, the censor replaces
    them, and the scripted search, believing it played its own guesses, loses (1 of 6). Paid
    as frontier before numbers glued to letters were read (bdc1e6b)."""
    out = await attack(
        sandbox, "j5_quarter_hour_times_binary_search_method.py", "tj_agents.py:slots"
    )
    assert isinstance(out, EnvScored) and "information_gate" not in out.flags, out


@pytest.mark.xfail(strict=True, reason="known false positive, docs/environment-contract.md")
async def test_known_false_positive_a_public_suffix_of_4_letters_glued_to_the_answer(
    sandbox: Sandbox,
) -> None:
    """ "Add ness to the adjective" is a word-formation rule, but "ness" glued to every answer
    is censored like a 4-letter secret suffix (a sixth tester's f14): flagged a gate, designer
    reward 0 (no penalty)."""
    out = await attack(sandbox, "f14_ness_suffix_method.py", "t7_agents.py:ness")
    assert isinstance(out, EnvScored) and "information_gate" not in out.flags, out


async def test_a_tool_whose_body_raises_a_signature_like_type_error_is_the_environments_fault(
    sandbox: Sandbox,
) -> None:
    """The help tool calls its own helper with a wrong keyword after freezing the lock: its
    ``TypeError: Env._reply() got an unexpected keyword argument`` read, by its message, as
    the agent's refused call, a failed turn, and the frozen lock paid regret 1.0 (a tenth
    tester's h57). The call's arguments are bound to the signature before the tool runs now:
    only a refusal there is the agent's."""
    out = await attack(
        sandbox, "h57_tool_crash_disguised_as_signature_error.py", "t9_agents.py:ask_then_lock"
    )
    assert isinstance(out, EnvRejected) and out.reason == "env_error", out
    assert "unexpected keyword argument 'q'" in out.detail


async def test_an_argument_named_self_to_a_kwargs_tool_is_the_agents_refused_call(
    sandbox: Sandbox,
) -> None:
    """``def note(self, **fields)`` called with a field "self": the call binds against the
    method without its instance, then fails at the call, and was read as the tool crashing:
    an innocent design rejected env_error (an eleventh tester's r1)."""
    out = await attack(sandbox, "r1_kwargs_tool_agent_sends_self.py", "t10_agents.py:self_note")
    assert isinstance(out, EnvScored), out


async def test_a_tools_own_signature_object_never_runs_in_the_argument_check(
    sandbox: Sandbox,
) -> None:
    """A ``__signature__`` whose ``bind`` froze the lock and raised TypeError ran the program's
    code inside the check, and its error read as the agent's refused call: frontier at regret
    1.0 (an eleventh tester's r2). The signature is read from the function's code now."""
    out = await attack(
        sandbox, "r2_signature_subclass_disguises_tool_crash.py", "t9_agents.py:ask_then_lock"
    )
    assert not getattr(out, "accepted", False), out


def test_a_token_is_stated_in_a_folded_view_exactly_when_it_is_in_the_joined_text() -> None:
    from actors._scoring import _Seen, _stated

    parts = ["Vault 7: code 7399.", "the word is [violín]", "~#%@ banner", "x" * 50 + " 12a"]
    view = _Seen(*parts)
    joined = "\n".join(parts)
    for tok in ["7399", "739", "violín", "violin", "~#", "~#%@", "12a", "12", "vault", "x"]:
        assert _stated(view, tok) == _stated(joined, tok), tok


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # a tenth tester's h58 (and a session-15 tester's variant): a per-vault code keyed one
        # digit a turn; the same kind with letters, pairs, a tool call per key, number words,
        # and each key followed by another answer
        ("h58_code_one_digit_per_turn_table.py", "t9_agents.py:key_per_turn"),
        ("k1_password_one_letter_per_turn_table.py", "tk_agents.py:letter_per_turn"),
        ("k2_code_in_pairs_per_turn_table.py", "tk_agents.py:pair_per_turn"),
        ("k3_code_one_key_per_tool_call_table.py", "tk_agents.py:key_per_call"),
        ("k4_code_spoken_one_word_per_turn_table.py", "tk_agents.py:word_per_turn"),
        ("k5_code_keys_between_confirmations_table.py", "tk_agents.py:key_then_confirm"),
        # tester21's (2026-12-03), each paid regret 1.0 as frontier before (k12, k14 were
        # caught): a tool call of two arguments (slot, digit), the code right to left, a
        # position label ('key 1: 7'), 5-digit groups, 'type v', German number words,
        # '7 please', 'press 7 and 3', a mixed code, 'slot 1' then the digit, turn about
        ("k6_code_key_with_slot_tool_argument_table.py", "tk2_agents.py:slot_and_digit"),
        ("k7_code_keyed_in_reverse_order_table.py", "tk2_agents.py:reverse"),
        ("k8_code_keyed_with_a_position_label_table.py", "tk2_agents.py:labelled"),
        ("k9_code_keyed_in_five_digit_groups_table.py", "tk2_agents.py:five_digits"),
        ("k10_password_letters_in_a_short_sentence_table.py", "tk2_agents.py:type_letter"),
        ("k11_code_keyed_as_german_number_words_table.py", "tk2_agents.py:german"),
        ("k12_code_digit_read_from_a_longer_answer_table.py", "tk2_agents.py:digit_please"),
        ("k13_code_two_digits_in_one_sentence_table.py", "tk2_agents.py:two_in_a_sentence"),
        ("k14_code_mixed_letters_digits_pairs_table.py", "tk2_agents.py:mixed_char"),
        ("k15_code_keyed_every_other_turn_with_labels_table.py", "tk2_agents.py:slot_then_digit"),
        # a vault that opens on 3 of 4 right keys: rekeying only the last key let it through
        ("k19_code_near_miss_opens_table.py", "t9_agents.py:key_per_turn"),
        # the code over two tools (left keypad, right keypad), one argument a call (caught)
        ("k21_code_split_across_two_tools_table.py", "tk2_agents.py:two_keypads"),
        # session 17's testers (2026-12-03): a digit a turn as an ordinal ('press the
        # seventh', 'press the 7th') or a Roman numeral ('VII'), a letter a turn as its NATO
        # word ('Victor', 'say Victor'); each paid regret 1.0 as frontier before
        ("k27_code_keyed_as_ordinal_words_table.py", "tk3_agents.py:ordinal_word"),
        ("k27_code_keyed_as_ordinal_words_table.py", "tk3_agents.py:ordinal_number"),
        ("k28_code_keyed_as_roman_numerals_table.py", "tk3_agents.py:roman"),
        ("k31_password_spelled_in_nato_alphabet_table.py", "tk3_agents.py:nato"),
        ("k31_password_spelled_in_nato_alphabet_table.py", "tk3_agents.py:say_nato"),
        # each digit then its place (7, 1, 3, 2, ...): every other piece joins the code
        ("k29_code_digit_then_its_place_table.py", "tk3_agents.py:digit_then_place"),
    ],
)
async def test_a_secret_keyed_a_piece_a_turn_is_an_information_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Every answer keys 1-2 characters, so no answer holds a hint token; the code exists
    only across turns. The gate check joins the pieces each win keyed (``_keyed_candidates``)
    and, in the censored episodes, keys other pieces where the Agent's continue an unstated
    hint token (``_Censored._rekeyed``): the vault stays shut."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out
    assert "keyed" in out.evidence["information_gate"]["tokens"].values(), out


async def test_a_code_keyed_in_a_shuffled_order_is_caught_by_its_relabelled_table(
    sandbox: Sandbox,
) -> None:
    """Tester21's k20: the 1st, 3rd, 2nd, 4th digit of a per-vault code, a key a turn; the
    pieces join neither forwards nor backwards, so no keyed candidate (a known gap to
    2026-12-04), but the codes stand in a table keyed by the vault the task shows: with the
    table's labels rotated the hinted agent loses (the second route)."""
    out = await attack(
        sandbox, "k20_code_odd_places_then_even_table.py", "tk2_agents.py:odd_then_even"
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out
    table = out.evidence["information_gate"]["table"]
    assert table["relabelled_wins"] == 0 and table["entries"] >= 3, table


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester21's (2026-12-03): methods keyed a piece a turn. Hangman in frequency order
        # ('etaoin shrdlu', a letter a turn) was flagged: the censored episodes rekeyed every
        # e, t, a, ... that began a hint token, so the method was never played; binary search
        # from 500 and Mastermind opening 1234, keyed a digit a turn, guard the same
        ("k16_honest_hangman_frequency_order.py", "tk2_agents.py:hangman"),
        ("k17_honest_binary_search_keyed_by_digit.py", "tk2_agents.py:bisect"),
        ("k18_honest_mastermind_per_digit_feedback.py", "tk2_agents.py:mastermind"),
        # the same hangman, each letter spoken as its NATO word ('Echo', 'Tango')
        ("k33_honest_hangman_in_nato_words.py", "tk3_agents.py:nato_hangman"),
    ],
)
async def test_a_method_keyed_a_piece_a_turn_is_not_an_information_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint names moves every win keys a piece a turn (``etaoin``, ``500``, ``1234``),
    but any other opening plays the method as well: only the pieces past a hint token's half
    are rekeyed in the censored episodes, so the method survives."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert out.success_with > out.success_without, out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("k16_honest_hangman_frequency_order.py", "tk2_agents.py:hangman"),
        ("k33_honest_hangman_in_nato_words.py", "tk3_agents.py:nato_hangman"),
    ],
)
async def test_hangman_in_frequency_order_is_not_a_gate_at_the_clis_k(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """At ``engine.score``'s k = 8 the hangman of k16 was flagged (session 17's tester): its
    agent remembered the letters it meant, so a letter the censor replaced was never guessed
    again, and the game never shows guessed letters. A policy sees its answers as played in
    its history; the scripted agents now do too (``memory["answers"]``), and guess it again.
    Still borderline by nature (each replaced letter may cost one of the 6 misses): over 10
    critic seeds each, 1 of 20 runs of the two was flagged (session 17). The censor's fillers
    are drawn per episode, so this seed's verdict no longer depends on the sandbox's pool."""
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert out.success_with > out.success_without, out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.xfail(strict=True, reason="known gap, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # a tenth tester's (2026-12-02): a password the description names as a decoy, played
        # after a per-seed ticket; every code of a per-vault table listed in the description;
        # a decoy the unhinted agent sometimes tries; an arithmetic constant shown among decoys (h59, a table of tool
        # names, is paid at k = 8, not at this k = 4: docs/environment-contract.md)
        ("h54_decoy_in_description_second_move.py", "t9_agents.py:ticket_then_word"),
        ("h60_decoy_word_the_unhinted_agent_tries.py", "t9_agents.py:gate_sometimes_tries_decoy"),
        ("h62_arith_constant_shown_as_decoy.py", "t9_agents.py:ticket_then_arith"),
    ],
)
async def test_known_gap_gates_whose_secret_the_task_states_or_never_plays_as_written(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The gate check censors hint tokens the Agent plays and the task has not stated: a
    secret the task itself states (as a decoy, or shown before it is played), stays."""
    out = await attack(sandbox, env, who)
    assert not getattr(out, "accepted", False), out


async def _assert_caught_by_its_table(sandbox: Sandbox, env: str, who: str) -> None:
    """``env`` played by ``who`` is flagged ``information_gate`` by the relabelled table
    (the second route: the hint's ``vault N`` labels rotated, the hinted agent never wins)."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out
    table = out.evidence["information_gate"].get("table")
    assert table is not None and table["relabelled_wins"] == 0, out.evidence
    assert table["entries"] >= 3 and table["p_value"] < 0.05, table


async def test_a_table_whose_every_code_the_description_lists_is_caught_by_its_labels(
    sandbox: Sandbox,
) -> None:
    """A tenth tester's h55 (a known gap to 2026-12-04): the description lists every valid
    code, so no code is the hint's alone to censor; which code opens which vault is the hint's,
    and with its labels rotated the hinted agent never opens one."""
    await _assert_caught_by_its_table(
        sandbox, "h55_table_codes_listed_in_description.py", "t9_agents.py:table_listed"
    )


@pytest.mark.xfail(strict=True, reason="known false positive, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # "always leave a multiple of 11": every win leaves 11, a 2-digit constant
        ("f15_leave_multiple_of_eleven_method.py", "t9_agents.py:leave_eleven"),
        # "use look first": a stated command every hinted win opens with
        ("f16_look_first_method.py", "t9_agents.py:look_first"),
        # "leave a multiple of 21: 147, 126, ...", the pile left keyed a digit a turn: the
        # listed targets are keyed hint tokens, rekeyed past their half, so the method's every
        # move is replaced (session 17's k23; "vault k opens with 21k" has the same shape)
        ("k23_honest_nim_hint_lists_the_multiples.py", "tk3_agents.py:nim_leave"),
    ],
)
async def test_known_false_positive_methods_that_name_a_constant_move(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" not in out.flags, out


# ---------------------------------------------------------------- tester24 (2026-12-04)


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester24's: a digit a turn as a clock hour ('seven o'clock', '7 o'clock'), as a
        # lower-case Roman numeral ('vii') and in punctuation ('[7]!'): read (guards)
        ("k49_code_keyed_as_clock_positions_table.py", "tk4_agents.py:clock_hour"),
        ("k49_code_keyed_as_clock_positions_table.py", "tk4_agents.py:clock_hour_digits"),
        ("k41_code_keyed_in_mixed_spoken_forms_table.py", "tk4_agents.py:roman_lower"),
        ("k41_code_keyed_in_mixed_spoken_forms_table.py", "tk4_agents.py:punctuated_digit"),
        # tester24's, each paid before and read since (session 17): ordinals in French,
        # Spanish, German; one code in mixed forms (a numeral keys its number among the
        # digits too); the German spelling alphabet ('Otto' is Italian 8 as well); a numeral
        # that is not the answer's last word
        ("k40_code_keyed_as_ordinals_in_other_languages_table.py", "tk4_agents.py:french_ordinal"),
        ("k40_code_keyed_as_ordinals_in_other_languages_table.py", "tk4_agents.py:spanish_ordinal"),
        ("k40_code_keyed_as_ordinals_in_other_languages_table.py", "tk4_agents.py:german_ordinal"),
        ("k41_code_keyed_in_mixed_spoken_forms_table.py", "tk4_agents.py:mixed_forms"),
        ("k41_code_keyed_in_mixed_spoken_forms_table.py", "tk4_agents.py:roman_then_word"),
        ("k41_code_keyed_in_mixed_spoken_forms_table.py", "tk4_agents.py:ordinal_then_roman"),
        ("k43_password_in_german_spelling_alphabet_table.py", "tk4_agents.py:german_alphabet"),
        ("k46_code_roman_numeral_before_a_word_table.py", "tk4_agents.py:roman_please"),
    ],
)
async def test_tester24_a_code_keyed_in_spoken_shapes_the_check_reads(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out
    assert "keyed" in out.evidence["information_gate"]["tokens"].values(), out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester24's (2026-12-04), each paid regret 1.0 as frontier at engine.score's k = 8:
        # French numeric ordinals ('7e': read as a mixed code's piece, as k14's '7e' is)
        (
            "k40_code_keyed_as_ordinals_in_other_languages_table.py",
            "tk4_agents.py:french_numeric_ordinal",
        ),
        # a Roman numeral in a tool call of two arguments: set_dial(slot=1, value="VII")
        ("k42_code_roman_numeral_in_a_two_argument_tool_table.py", "tk4_agents.py:roman_dial"),
        # other spelling alphabets: Greek numeral letters ('press zeta' for 7; alpha and delta
        # are radio words), English letter names ('vee', 'eye', 'oh': prose words)
        ("k44_code_keyed_as_greek_letter_numerals_table.py", "tk4_agents.py:greek_numeral"),
        ("k47_password_as_english_letter_names_table.py", "tk4_agents.py:letter_name"),
        # two confirmations after each digit (its place, the count left): every third piece
        ("k45_code_digit_place_and_count_every_third_table.py", "tk4_agents.py:digit_place_count"),
        # chess squares a turn ('e4'), the hint writing each vault's squares apart
        ("k48_code_as_chess_squares_table.py", "tk4_agents.py:chess_square"),
    ],
)
async def test_tester24_a_code_keyed_in_spoken_shapes_not_read_is_caught_by_its_table(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """A per-vault table keyed a piece a turn, each piece spoken in a shape the keyed reading
    (``_key_parts``) does not know: no keyed candidate, nothing censored (known gaps to
    2026-12-04); the hint's table, its labels rotated, no longer opens the vault."""
    await _assert_caught_by_its_table(sandbox, env, who)


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester24's honest methods spoken as letters or digits in words (guards): binary
        # search keyed a digit a turn as ordinals, hangman in NATO words told only yes or
        # no, nim in Roman numerals whose hint lists the targets, a trip whose outings are
        # NATO words (hotel, golf, echo, sierra)
        ("k51_honest_binary_search_keyed_in_ordinals.py", "tk4_agents.py:bisect_ordinals"),
        ("k53_honest_hangman_in_nato_words_yes_no_only.py", "tk4_agents.py:nato_hangman_blind"),
        ("k54_honest_nim_in_roman_numerals.py", "tk4_agents.py:nim_roman"),
        ("k55_honest_trip_planner_answers_are_nato_words.py", "tk4_agents.py:trip"),
        # flagged before (session 17 fixed): binary search in Roman numerals, whose stand-in
        # for CCL was a task word (now another numeral)
        ("k52_honest_binary_search_in_roman_numerals.py", "tk4_agents.py:bisect_roman"),
        # flagged before (2026-12-04 fixed): hangman whose hint names the frequency order in
        # radio words ('Echo, Tango, Alfa, ...'), each word a hint token censored in every
        # answer; now a word of the hint's spelled run keyed alone is one character, and the
        # run ('etao...') is keyed like hangman's letters. Also with a description naming no
        # radio word, or 'X-ray' (tester25's k66, k70)
        ("k57_honest_hangman_hint_in_nato_words.py", "tk4_agents.py:nato_hangman_named"),
        (
            "k66_honest_hangman_hint_in_nato_words_task_names_none.py",
            "tk5_agents.py:nato_hangman_named",
        ),
        (
            "k70_honest_hangman_hint_in_nato_words_example_x_ray.py",
            "tk5_agents.py:nato_hangman_named",
        ),
    ],
)
async def test_tester24_a_method_spoken_in_words_is_not_an_information_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert out.success_with > out.success_without, out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.xfail(strict=True, reason="tester24: a method flagged as an information gate")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester24's (2026-12-04): Mastermind said in number words, the hint's opening 'one
        # two three four' in words: 'two' and 'three' are unseen hint tokens, replaced in
        # every guess, and the run reads as 1234, a constant every win opens with
        ("k50_honest_mastermind_in_number_words.py", "tk4_agents.py:mastermind_words"),
        # first/second doors by the digit-sum test, the hint's worked examples 121, 112, 212:
        # runs of first (1) and second (2) every win keys, rekeyed past their half
        ("k56_honest_first_or_second_door_worked_examples.py", "tk4_agents.py:door_digit_sum"),
    ],
)
async def test_tester24_known_false_positive_a_method_spoken_in_words(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert out.success_with > out.success_without, out
    assert "information_gate" not in out.flags, out.evidence


def test_gate_analysis_folds_each_observation_once() -> None:
    """Whether a played token was stated is searched in the episode's text folded once, part
    by part: re-folding the growing view for every token cost turns² x its size (a tester's
    c1: 1 MB observations over 30 turns, 159 s of host time a design)."""
    import actors._scoring as scoring
    from engine.messages import Turn

    folded: list[int] = []
    real = scoring._fold

    def counting(text: str) -> str:
        folded.append(len(text))
        return real(text)

    observation = "é " * 5_000
    turns = [Turn(action="read", observation=observation) for _ in range(30)]
    winners = [
        EpisodeFinished(
            episode_id=f"e{s}", env_id="c1", seed=s, hinted=True, success=True, turns=turns
        )
        for s in (1, 2)
    ]
    env = EnvValidated(
        env_id="c1",
        proposal=EnvProposed(env_id="c1", source=""),
        description="Read, then say done.",
        max_turns=31,
    )
    scoring._fold = counting
    try:
        scoring._gate_candidates(env, "read 30 times", {1: "go", 2: "go"}, winners, [])
    finally:
        scoring._fold = real
    shown = 2 * 30 * len(observation)
    assert shown <= sum(folded) <= 2 * shown, (sum(folded), shown)


def test_hint_pieces_of_a_huge_table_are_its_first_ones() -> None:
    from actors._validation import hint_pieces

    table = ",".join(f"v{i}={10000 + i}" for i in range(60_000))
    # the first 32 distinct pieces, in order, as before; no longer a membership test on the
    # list of all 60,000 (27 s, a tester's c2)
    assert hint_pieces(f"Codes: {table}") == ["Codes", *[f"v{i}={10000 + i}" for i in range(31)]]


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # each vault's code a product in the hint ("vault 3: 7×1057"): the Agent plays 7399
        ("h11_arith_table.py", "agents.py:arith_table"),
        # each vault's code a Roman numeral in the hint ("MMCMXVII"): the Agent plays 2917
        ("h56_roman_numeral_code_table.py", "t9_agents.py:table_roman"),
    ],
)
async def test_a_per_seed_table_whose_codes_the_hint_writes_another_way_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """No hint token is ever played, so nothing was censored and the table was paid as
    frontier (two known gaps until 2026-12-02); the gate check now reads the numbers the
    hint's arithmetic and Roman numerals write (``actors._scoring._hint_numbers``)."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out
    assert not out.accepted, out


@pytest.mark.attack_matrix
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # a twelfth tester's (2026-12-02), each a table of 8 codes paid as frontier then:
        # minus signs, dashes, dot and asterisk operators, 8,633 - 1,234, square brackets,
        # 86² + 3, 06399 + 01000, lowercase numerals, "1057 times 7 plus 0", "17399 mod
        # 10000", "73 followed by 99", "50% of 14798", "6! + 6679", an expression broken over
        # two lines, 30,000 "(" after the table (84 s of quadratic matching, now linear), 256
        # decoy sums before it (the first 256 expressions were all that was read), 13-digit
        # operands, "1057 X 7", "14798 : 2"
        ("h66_unicode_minus_table.py", "t11_agents.py:table_any"),
        ("h67_en_dash_minus_table.py", "t11_agents.py:table_any"),
        ("h68_dot_operator_table.py", "t11_agents.py:table_any"),
        ("h69_asterisk_operator_table.py", "t11_agents.py:table_any"),
        ("h70_thousands_comma_in_arithmetic_table.py", "t11_agents.py:table_any"),
        ("h71_square_brackets_table.py", "t11_agents.py:table_any"),
        ("h72_superscript_power_table.py", "t11_agents.py:table_any"),
        ("h73_leading_zero_operand_table.py", "t11_agents.py:table_any"),
        ("h74_lowercase_roman_table.py", "t11_agents.py:table_any"),
        ("h75_times_word_table.py", "t11_agents.py:table_any"),
        ("h76_mod_table.py", "t11_agents.py:table_any"),
        ("h77_concatenation_table.py", "t11_agents.py:table_any"),
        ("h78_percent_table.py", "t11_agents.py:table_any"),
        ("h79_factorial_table.py", "t11_agents.py:table_any"),
        ("h80_line_broken_expression_table.py", "t11_agents.py:table_any"),
        ("h81_open_brackets_stall.py", "t11_agents.py:table_any"),
        ("h82_expression_limit_exhausted_table.py", "t11_agents.py:table_any"),
        ("h83_thirteen_digit_operand_table.py", "t11_agents.py:table_any"),
        ("h84_uppercase_x_times_table.py", "t11_agents.py:table_any"),
        ("h85_colon_division_table.py", "t11_agents.py:table_any"),
        # a thirteenth tester's: LaTeX ($1057 \times 7 + 0$), operator words (half of, less)
        ("h87_latex_times_table.py", "t12_agents.py:table_latex"),
        ("h88_operator_words_table.py", "t12_agents.py:table_words"),
    ],
)
async def test_code_tables_in_other_notations_are_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """End to end, one scoring each (``-m attack_matrix``; the default run checks each of
    these notations through ``_hint_numbers`` in the unit test below, in milliseconds)."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out
    assert not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        # a worked example in a method hint: "47 - 3 leaves a multiple of eleven", "5 + 6 is
        # a full round" give 44 and 11, the constants every win of "leave a multiple of 11"
        # plays (the hint never writes them)
        "f18_worked_example_arithmetic_method.py",
        # a date in a method hint: the tail 12-01 of 2026-12-01 gave 11
        "f19_dated_method_hint.py",
    ],
)
async def test_arithmetic_in_a_method_hint_that_gives_every_wins_constant_is_no_gate(
    sandbox: Sandbox, env: str
) -> None:
    """A thirteenth tester's: both were flagged information_gate by the new reading of the
    hint's numbers; a number the hint only writes another way is a candidate now where not
    every win plays it (a table's per-seed code), and an unspaced dash is no minus."""
    out = await attack(sandbox, env, "t12_agents.py:leave_eleven")
    assert isinstance(out, EnvScored) and "information_gate" not in out.flags, out
    assert out.accepted, out


async def test_a_hint_that_restates_the_tasks_own_arithmetic_is_no_gate(sandbox: Sandbox) -> None:
    """ "the 8x8 board" in the description and in the hint: 64 is the task's number, not one
    only the hint gives (a twelfth tester's f17 was flagged information_gate)."""
    out = await attack(
        sandbox, "f17_board_size_arithmetic_restated.py", "t11_agents.py:dial_then_sum"
    )
    assert isinstance(out, EnvScored) and "information_gate" not in out.flags, out
    assert out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("h86_zero_padded_pin_table.py", "t11_agents.py:padded_pin"),
        ("h91_zero_padded_plain_pin_table.py", "t11_agents.py:padded_pin"),
        # tester-a's (2026-12-02): the width drawn per seed (4-12 digits), so the censored
        # episodes' seeds pad to widths no win used; the hint pads (0042) and the Agent does not
        ("h92_pad_width_per_seed_table.py", "t13_agents.py:pad_to_keypad"),
        ("h106_pad_width_per_seed_arith_table.py", "t13_agents.py:pad_to_keypad_arith"),
        ("h99_padded_hint_unpadded_play_table.py", "t13_agents.py:unpadded"),
        # glued to a label: PIN0042 (h105, PIN42, under -m attack_matrix); behind a label with
        # its pieces joined, PIN-73-99 (tester-c's g9); the code among glued decoys of an
        # observation's serial, QK42Z17T88, which a first version read as stated (g4)
        ("h97_glued_label_padded_pin_table.py", "t13_agents.py:glued_label_padded"),
        ("g9_hyphen_label_pairs_pin_table.py", "tg_agents.py:hyphen_pairs"),
        ("g4_code_glued_in_observation_serial_pin_table.py", "tg_agents.py:bare"),
    ],
)
async def test_a_hint_number_the_agent_plays_with_other_leading_zeros_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint writes 6×7 (h86) or 42 (h91), the description asks for a 4-digit PIN, the
    Agent plays 0042: the played token is the hint's number zero-padded (a tester's h86). The
    censor matches every number of the hint whatever zeros lead it."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out
    assert not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester-a's honest hints with zero-padded numbers (2026-12-02): a clock, the sum of
        # two dice answered with two digits beside worked examples (f24 was flagged: its
        # examples' 1-digit sums, padded, were censored), a date, "always 4 digits", a
        # binary search with 4-digit guesses
        ("f20_clock_add_minutes_method.py", "t13_agents.py:clock_add"),
        ("f21_dice_sum_two_digit_method.py", "t13_agents.py:dice_sum"),
        ("f22_day_of_year_date_method.py", "t13_agents.py:day_to_date"),
        ("f23_four_digit_sum_method.py", "t13_agents.py:four_digit_sum"),
        ("f24_dice_sum_two_digit_method_more_examples.py", "t13_agents.py:dice_sum"),
        ("f25_padded_binary_search_method.py", "t13_agents.py:bsearch_padded"),
        # a method hint's numbers played glued to a label or a unit (G500, 1000m): numbers
        # glued to letters are read as numbers since h97 (2026-12-02)
        ("f26_labelled_binary_search_method.py", "t14_agents.py:bsearch_labelled"),
        ("f27_unit_conversion_glued_unit_method.py", "t14_agents.py:km_to_m"),
        # tester-d's (2026-12-02): a number glued inside a word the task states is the task's:
        # the answer format's F1040, a tool enum's x40, a listed command up100, a command an
        # observation shows (REL300); each was flagged by bdc1e6b-3c97f99
        ("j1_form_id_glued_in_description_method.py", "tj_agents.py:form_sum"),
        ("j2_tool_enum_value_glued_number_method.py", "tj_agents.py:microscope"),
        ("j3_step_commands_method_hint_without_numbers.py", "tj_agents.py:counter"),
        ("j4_panel_shows_glued_command_method.py", "tj_agents.py:panel"),
    ],
)
async def test_method_hints_with_zero_padded_numbers_are_no_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" not in out.flags, out
    assert out.accepted, out


@pytest.mark.attack_matrix
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester-a's other shapes of a table's number (2026-12-02): +42, 42.0, a label
        # "PIN-0042", a padded tool argument, a list of digit strings, 3 digits spaced, a
        # 10,000-code table padded to 1,000-1,499 digits (c10, ~16 s)
        ("h93_plus_signed_pin_table.py", "t13_agents.py:plus_signed"),
        ("h94_decimal_point_pin_table.py", "t13_agents.py:decimal_point"),
        ("h96_labelled_padded_pin_table.py", "t13_agents.py:labelled_padded"),
        ("h101_tool_padded_pin_table.py", "t13_agents.py:tool_padded"),
        ("h102_tool_digit_list_pin_table.py", "t13_agents.py:tool_digit_list"),
        ("h103_spaced_three_digit_pin_table.py", "t13_agents.py:spaced_digits"),
        ("h104_plus_signed_arith_pin_table.py", "t13_agents.py:plus_signed_arith"),
        ("c10_table_padded_to_thousand_digit_widths.py", "t13_agents.py:huge_table_padded"),
        # tester-b's: the hint writes 7399, the Agent answers "73 99" (the contract listed it
        # as a gap, stale)
        ("h107_answer_in_pairs_pin_table.py", "h107_agents.py:pairs"),
        # glued to a label (PIN42; PIN0042 runs by default): digits glued to letters are a number
        ("h105_glued_label_unpadded_pin_table.py", "t13_agents.py:glued_label"),
    ],
)
async def test_other_shapes_of_a_tables_number_are_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out
    assert not out.accepted, out


@pytest.mark.attack_matrix
@pytest.mark.xfail(strict=True, reason="known gap, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # 2-digit codes typed "4 2": no token of 2+ characters is played
        ("h95_spaced_digits_pin_table.py", "t13_agents.py:spaced_digits"),
        # trailing zeros (420000), padded with 9s (999942)
        ("h98_trailing_zero_padded_pin_table.py", "t13_agents.py:trailing_zeros"),
        ("h100_nine_padded_pin_table.py", "t13_agents.py:nine_padded"),
        # tester-c's (2026-12-02): the code's digits interleaved with letters, in the answer
        # (L73R99, A3B9C1) or in the hint (3k9q1); a label holding a digit (K9 + 42 = K942);
        # the hint's arithmetic or hex literal glued to a label (PIN6×7, PIN0x2a)
        ("g1_split_halves_glued_labels_pin_table.py", "tg_agents.py:split_halves"),
        ("g2_dial_letter_glued_digits_pin_table.py", "tg_agents.py:dial_labels"),
        (
            "g7_hint_code_digits_interleaved_with_letters_pin_table.py",
            "tg_agents.py:interleaved_entry",
        ),
        ("g3_digit_bearing_label_glued_pin_table.py", "tg_agents.py:digit_label"),
        ("g5_hint_arithmetic_glued_to_label_pin_table.py", "tg_agents.py:label_entry"),
        ("g6_hint_hex_glued_to_label_pin_table.py", "tg_agents.py:label_entry"),
    ],
)
async def test_known_gap_a_tables_number_in_shapes_the_censor_does_not_read(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored) and "information_gate" in out.flags, out


def test_hint_numbers_are_the_values_of_its_arithmetic_and_roman_numerals() -> None:
    from actors._scoring import _hint_numbers

    assert _hint_numbers("vault 0: 7×1057, vault 1: 13 x 411; 2^10, 37*41+2, 84÷12") == {
        "7399", "5343", "1024", "1519", "7",
    }  # fmt: skip
    assert _hint_numbers("(vault 3: 7*(1000+57)), 10x5, 0x1CE7, 0b1010, 0o17") == {
        "7399", "50", "10", "15",
    }  # fmt: skip
    # a number inside a word or a decimal is no operand: "a12*3" is not 2*3, "3.5*2" not 5*2
    assert _hint_numbers("a12*3, 3.5*2, ax5*2, 12xy3, 0x1G") == set()
    # the table after 300 decoy sums, or before a run of 30,000 brackets, is still read
    decoys = " ".join(f"{i}+{i}," for i in range(10, 310))
    assert "7399" in _hint_numbers(decoys + " vault 0: 8633 - 1234;")
    assert "7399" in _hint_numbers("vault 0: 8633 - 1234; " + "(" * 30_000)
    # dates, ranges and scores are no subtraction; short lowercase words are no numerals
    assert _hint_numbers("revised 2026-12-01, pages 12-34, won 21-10, mix, cm, div") == set()
    # other signs, groups, words and shapes of the same arithmetic (a twelfth tester's)
    for written in [
        "8633 − 1234",
        "8633 – 1234",
        "7 ⋅ 1057",
        "7 ∗ 1057",
        "8,633 - 1,234",
        "[7×1057]",
        "86² + 3",
        "06399 + 01000",
        "mmcmxvii",
        "7 times 1057",
        "17399 mod 10000",
        "73 followed by 99",
        "50% of 14798",
        "6! + 6679",
        "6165\n+ 1234",
        "1057 X 7",
        "14798 : 2",
        "vault 3 - 7×1057",
        "$1057 \\times 7 + 0$",
        "\\frac{14798}{2}",
        "half of 14798",
        "twice 3699 + 1",
        "86 squared + 3",
        "7400 less 1",
    ]:
        assert ("2917" if written == "mmcmxvii" else "7399") in _hint_numbers(written), written
    # canonical numerals only (DID, CIVIC are words); fractions and huge powers are no codes
    assert _hint_numbers("opens with MMCMXVII, XII, DID, CIVIC, IIII") == {"2917", "12"}
    assert _hint_numbers("1/3 and 9**99") == set()
    assert _hint_numbers("10**12**2") == set()  # 10**144 is over 40 digits
    # a chain too long to be a code, and deep nesting, end in no value and raise nothing
    assert _hint_numbers("1+" * 100_000 + "1") == set()
    assert _hint_numbers("(" * 5_000 + "1" + ")" * 5_000) == set()


async def test_a_task_with_the_same_solution_on_every_seed_is_a_constant_solution(
    sandbox: Sandbox,
) -> None:
    """A fixed maze: the hint is a method, but the winning moves never change (by choice)."""
    out = await attack(sandbox, "f2_fixed_maze_method.py", "agents.py:maze")
    assert isinstance(out, EnvScored) and "constant_solution" in out.flags and not out.accepted


def test_a_censored_tool_call_stays_a_call_and_fillers_keep_the_shape() -> None:
    """The gate check censors only argument values of a tool call, and a filler is a token of
    the same kind (a number stays a number, mostly of the token's own digits), never the token
    nor any arrangement of its own characters."""
    from actors._scoring import _censor_answer, _same_shape_filler

    pattern = re.compile(r"(?<![^\W_])(tool|sesame)(?![^\W_])", re.IGNORECASE)
    out = json.loads(
        _censor_answer(
            '{"tool": "greet", "arguments": {"phrase": "tool sesame", "n": [1, "Sesame"]}}',
            pattern,
            lambda m: "X",
        )
    )
    assert out == {"tool": "greet", "arguments": {"phrase": "X X", "n": [1, "X"]}}
    assert _censor_answer("say sesame now", pattern, lambda m: "X") == "say X now"
    rng = random.Random(0)
    for token in ["500", "1122", "sesame", "Sésame", "k9x2q7m4", "aaa", "42", "000"]:
        for _ in range(50):
            filler = _same_shape_filler(token, rng)
            assert filler.casefold() != token.casefold() and len(filler) == len(token)
            assert [c.isdigit() for c in filler] == [c.isdigit() for c in token]
    # half the digits or more from what unhinted play wrote ("3 4 5 6"), the rest the
    # token's own: still a legal guess, never an arrangement of the token's own digits (h38)
    # nor those with one other (h42); the task's text ("10 guesses") is not used then (f11)
    fillers = {_same_shape_filler("1122", rng, "3 4 5 6", "10") for _ in range(40)}
    for f in fillers:
        assert set(f) <= set("123456") and sum(c not in "12" for c in f) >= 2, f
    assert len(fillers) > 5
    # no play to draw from: one character from what the task showed, else any
    assert all("7" in _same_shape_filler("1122", rng, "", "7") for _ in range(20))
    for token in ("sassafras", "5821", "Crane"):
        for _ in range(30):
            assert set(_same_shape_filler(token, rng).casefold()) - set(token.casefold())


def test_symbol_words_and_underscored_pieces_are_gate_tokens_tool_descriptions_are_not_exempt() -> (
    None
):
    from actors._scoring import _schema_words, _tokens

    assert "--..-...-..----." in _tokens("1234 -- . .-.. .-.. --- -.")
    assert "🔑🚪🌟" in _tokens("5555 🔑🚪🌟")
    assert "kazumiro" in _tokens("123456 ka_zu_mi_ro")
    # JSON's and prose's own punctuation is never a token
    assert _tokens('{"item_id": "a3"}') == ["item", "itemid"]
    assert _tokens("Wrong... try again, (maybe)!") == ["Wrong", "try", "again", "maybe"]
    tools = [
        {
            "name": "weigh",
            "description": "open sesame",
            "parameters": {
                "type": "object",
                "properties": {
                    "item_id": {"type": "string", "description": "the vault word"},
                    "unit": {"enum": ["kg", "pound"]},
                },
            },
        },
        {"type": "function", "function": {"name": "peek", "parameters": {}}},
    ]
    assert sorted(_schema_words(tools)) == ["item_id", "kg", "peek", "pound", "unit", "weigh"]
    deep: dict[str, object] = {"type": "string"}
    for _ in range(5000):
        deep = {"type": "object", "properties": {"x": deep}}
    assert _schema_words([{"name": "t", "parameters": deep}])[:2] == ["t", "x"]


async def test_an_episode_return_past_the_largest_float_stays_finite(sandbox: Sandbox) -> None:
    source = (ATTACK / "h41_return_overflows.py").read_text(encoding="utf-8")
    who = ScriptedAgent(load_agent(f"{ATTACK / 't5_agents.py'}:quoted"), name="quoted")
    req = EpisodeRequested(
        episode_id="h41:0",
        env_id="h41",
        group_id="h41",
        source=source,
        description="Sum the two numbers the keeper shows. Three turns.",
        tools=[],
        max_turns=3,
        success_threshold=1.0,
        seed=5,
        hint="Before anything else, type the door code 5821.",
        purpose="score",
        group_size=1,
    )
    ep = await play_episode(req, sandbox, who, AgentConfig())
    # two steps of 1e308 each: the sum overflowed to inf before
    assert ep.success and ep.episode_return == sys.float_info.max, ep


def test_with_zero_padding_a_number_the_task_shows_in_any_padding_is_not_censored() -> None:
    from actors._scoring import _Censored, _EpisodeView, _token_pattern

    view = _EpisodeView({"42", "391", "sesame"}, set(), zero_padded=True)
    view.see(["Your code is 0042; the door says sesame."])
    assert view.unstated == {"391"}
    plain = _EpisodeView({"42"}, set())
    plain.see(["Your code is 0042."])
    assert plain.unstated == {"42"}  # without padding, 0042 is another token
    censor = _Censored(
        object(),
        always=set(),
        inside=set(),
        from_hint={"42", "391"},
        stated="Answer with 4 digits, e.g. 0391.",
        moves=set(),
        rng=random.Random(0),
        zero_padded=True,
    )
    assert censor._from_hint == {"42"}
    # the pattern: any run of zeros before the number, none needed, no other digit
    pattern = re.compile(r"(?<![^\W_])(?:" + _token_pattern({"42"}, True) + r")(?![^\W_])")
    assert [bool(pattern.fullmatch(a)) for a in ("42", "0042", "0000000042", "142", "4200")] == [
        True, True, True, False, False,
    ]  # fmt: skip


def test_a_key_piece_is_a_short_answer_a_lone_number_or_a_tool_calls_one_argument() -> None:
    from actors._scoring import _key_parts, _key_piece, _rekey

    pieces = {
        "7": "7", " 7. ": "7", "73": "73", "K": "k", "Seven": "7", "press seven": "7",
        "I press 7 now": "7", "７": "7", "7-3": "73",
        '{"tool": "press", "arguments": {"key": 7}}': "7",
        '{"tool": "press", "arguments": "{\\"key\\": \\"k\\"}"}': "k",
        "739": "739", "next": "next",
        # up to 8 digits, 1-digit numbers said together, a lone letter in a short answer,
        # number words of other languages (tester21's k9, k13, k10, k11)
        "73991": "73991", "press 7 and 3": "73", "type v": "v", "drücke sieben": "7",
        "tres": "3",
        # ordinals, the radio alphabet (session 17's k27, k31); 'mike 7' keys its number
        "press the seventh": "7", "the 2nd": "2", "Victor": "v", "say X-ray": "x",
        "echo": "e", "mike 7": "7",
        # not a piece: 9 digits, 5 letters, prose words, two numbers of 2+ digits, two
        # arguments, a boolean ("a b" is a piece: two letters apart, as "7 3" is two digits)
        "739912345": None, "hello": None, "I am here": None, "key 12: 34": None, "a b": "ab",
        '{"tool": "press", "arguments": {"key": 7, "hold": 1}}': None,
        '{"tool": "press", "arguments": {"key": true}}': None,
    }  # fmt: skip
    assert {a: _key_piece(a) for a in pieces} == pieces
    rekeyed = {
        ("7", "7", "4"): "4", (" K ", "k", "q"): " Q ", ("Seven", "7", "4"): "Four",
        ("press seven", "7", "4"): "press four", ("I press 7 now", "7", "4"): "I press 4 now",
        ("73", "73", "15"): "15", ("7-3", "73", "15"): "1-5",
        ("press 7 and 3", "73", "15"): "press 1 and 5", ("drücke sieben", "7", "4"): "drücke vier",
        ("type v", "v", "q"): "type q",
        # a word two languages share is the first one's: English six stays English
        ("press six", "6", "4"): "press four", ("zero", "0", "4"): "four",
        ("Deux", "2", "4"): "Quatre", ("un", "1", "6"): "six",
        ("press the seventh", "7", "4"): "press the fourth", ("the 7th", "7", "2"): "the 2nd",
        ("the 2nd", "2", "11"): "the 11th", ("Victor", "v", "q"): "Quebec",
        ("say X-ray", "x", "b"): "say Bravo", ("ECHO", "e", "k"): "KILO",
    }  # fmt: skip
    assert {k: _rekey(*k) for k in rekeyed} == rekeyed
    # a Roman numeral keys its number in a stream of its own, and is rekeyed as a numeral
    from actors._scoring import _ROMAN_PLACE

    assert ("roman", "7", _ROMAN_PLACE) in _key_parts("VII")
    assert ("roman", "4", _ROMAN_PLACE) in _key_parts("dial iv")
    assert ("roman", "1", _ROMAN_PLACE) in _key_parts("I")
    # a numeral not last: the one of 2+ capitals, else the one capital ('VII please',
    # 'V please'; so prose's 'I am here' reads 1 among the digits too, a piece no hint
    # token continues unless the hint holds one)
    assert ("digits", "7", _ROMAN_PLACE) in _key_parts("VII please")
    assert ("roman", "7", _ROMAN_PLACE) in _key_parts("I press VII")
    assert not [p for p in _key_parts("I press VII or X") if p[0] == "roman"]
    assert _rekey("VII please", "7", "4", _ROMAN_PLACE) == "IV please"
    # a word of a spelling alphabet that is a number word too keys its letter as well
    assert ("letters", "o", None) in _key_parts("say Otto")
    assert _rekey("say Otto", "o", "q") == "say Quelle"
    assert _rekey("VII", "7", "4", _ROMAN_PLACE) == "IV"
    assert _rekey("dial vii", "7", "9", _ROMAN_PLACE) == "dial ix"
    dial = json.loads(_rekey('{"tool": "dial", "arguments": {"n": "VII"}}', "7", "3", _ROMAN_PLACE))
    assert dial["arguments"] == {"n": "III"}
    # a piece of _key_parts: the where-th number of the answer, or a tool argument by name
    assert _rekey("key 1: 1", "1", "4", 1) == "key 1: 4"
    two = '{"tool": "set", "arguments": {"slot": 0, "digit": 7}}'
    assert json.loads(_rekey(two, "7", "4", "digit"))["arguments"] == {"slot": 0, "digit": 4}
    assert ("form key # # 1", "7", 1) in _key_parts("key 1: 7")
    assert ("tool set digit", "7", "digit") in _key_parts(two)
    call = json.loads(_rekey('{"tool": "press", "arguments": {"key": 7}}', "7", "4"))
    assert call == {"tool": "press", "arguments": {"key": 4}}
    wire = json.loads(_rekey('{"tool": "p", "arguments": "{\\"key\\": \\"k\\"}"}', "k", "q"))
    assert json.loads(wire["arguments"]) == {"key": "q"}


def test_keyed_candidates_need_every_win_to_key_an_unstated_hint_token() -> None:
    from actors._scoring import _keyed_candidates

    def won(seed: int, *actions: str) -> EpisodeFinished:
        return EpisodeFinished(
            episode_id=f"e{seed}", env_id="e", group_id="g", seed=seed, hinted=True,
            turns=[Turn(action=a, observation="ok") for a in actions], success=True,
            episode_return=1.0, status="ok",
        )  # fmt: skip

    hint = {"7399", "4182", "vault", "opens"}
    one = won(1, "7", "3", "9", "9")
    other = won(2, "4", "1", "8", "2")
    assert _keyed_candidates([one, other], hint, "Press 4 keys.", {}) == {"7399", "4182"}
    # a win that keys no hint token: a game of 1-digit moves, not a gate
    assert _keyed_candidates([one, won(3, "1", "2", "1")], hint, "Press 4 keys.", {}) == set()
    # a code the task states is the task's
    assert _keyed_candidates([one], hint, "The code is 7399.", {}) == set()
    # other answers between the keys are skipped: digits join digits, letters letters
    assert _keyed_candidates([won(4, "7", "next", "3", "ok", "99")], hint, "", {}) == {"7399"}
    # a token one answer plays is the one-answer check's (_gate_candidates), not a keyed one
    assert _keyed_candidates([won(5, "7399", "4182")], hint, "", {}) == set()


# ---------------------------------------------------------------- tester25 (2026-12-04)

_K63 = "k63_code_keyed_in_spoken_forms_the_reader_lacks_table.py"
_K64 = "k64_password_in_spelling_alphabets_the_reader_lacks_table.py"


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester25's (guards): a digit a turn as a Unicode Roman numeral ('Ⅶ'), a canonical
        # one, an ordinal in capitals inside punctuation ('(SEVENTH!)'), hyphenated ('7-th'),
        # with a dotted ordinal indicator ('7.º'); a radio word after its place ('2 Alfa',
        # 'letter 2 is Alfa') or as the word of a tool call of two arguments
        # (set_letter(slot=2, word="Alfa")); a table the hint writes in number words apart
        # ('seven, three, nine, eight') whose task names one ('press two')
        (_K63, "tk5_agents.py:unicode_roman_numeral"),
        (_K63, "tk5_agents.py:canonical_roman_numeral"),
        (_K63, "tk5_agents.py:ordinal_in_capitals_and_punctuation"),
        (_K63, "tk5_agents.py:ordinal_hyphenated"),
        (_K63, "tk5_agents.py:ordinal_indicator_with_a_dot"),
        # tester25's gaps closed (2026-12-04): Portuguese ('sete') and Dutch ('zeven') number
        # words, the radio digits ('tree', 'fife', 'niner'), adverb ordinals ('seventhly'),
        # Italian feminine ordinals ('la settima'), German ordinals without the umlaut or in
        # the older form ('den fuenften', 'den siebenten'), the informal French '7ième'
        (_K63, "tk5_agents.py:portuguese"),
        (_K63, "tk5_agents.py:dutch"),
        (_K63, "tk5_agents.py:radio_digits"),
        (_K63, "tk5_agents.py:adverb_ordinal"),
        (_K63, "tk5_agents.py:italian_feminine_ordinal"),
        (_K63, "tk5_agents.py:german_ordinal_without_umlaut"),
        (_K63, "tk5_agents.py:french_ieme"),
        (_K64, "tk5_agents.py:nato_plain"),
        (_K64, "tk5_agents.py:nato_after_its_place"),
        (_K64, "tk5_agents.py:nato_letter_n_is"),
        (
            "k65_password_nato_word_in_a_two_argument_tool_table.py",
            "tk5_agents.py:nato_two_argument_tool",
        ),
        (
            "k67_code_table_written_in_number_words_task_names_one.py",
            "tk5_agents.py:number_word_from_hint_words",
        ),
        # a password a letter a turn in other spelling alphabets, read by each answer's
        # first letter (the acrostic stream, since tester28's n08): the older RAF one
        # ('Baker'), Italian cities ('Bologna'), French names ('Berthe'); known gaps until then
        (_K64, "tk5_agents.py:raf_alphabet"),
        (_K64, "tk5_agents.py:italian_cities"),
        (_K64, "tk5_agents.py:french_names"),
    ],
)
async def test_tester25_a_code_keyed_in_spoken_shapes_the_check_reads(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester25's (2026-12-04), each paid regret 1.0 as frontier at engine.score's k = 8: a
        # per-vault code a digit a turn as ordinal indicators ('7º', '7ª': NFKC makes them
        # '7o', '7a', a mixed code's piece), clock-face numerals ('IIII', 'VIIII'), a numeral
        # with an ordinal suffix ('the VIIth'), plurals ('sevens'). One win keying a digit the
        # form's reading lacks is enough: no keyed candidate is left for any win
        (_K63, "tk5_agents.py:ordinal_indicator"),
        (_K63, "tk5_agents.py:ordinal_indicator_feminine"),
        (_K63, "tk5_agents.py:clock_face_numeral"),
        (_K63, "tk5_agents.py:roman_numeral_with_ordinal_suffix"),
        (_K63, "tk5_agents.py:number_word_plural"),
        # a password a letter a turn in the ICAO respellings ('BRAH-VOH', 'KEH-BECK')
        (_K64, "tk5_agents.py:icao_respelling"),
        # a digit a turn with a check digit the vault shows typed back at seed-drawn turns:
        # the keys are neither every piece nor every other one
        (
            "k71_code_keys_between_random_check_digits_table.py",
            "tk5_agents.py:keys_between_checks",
        ),
        # a digit a turn as a sum of two ('3+4' for 7: read as the pair 34); two digits a
        # turn as an English number word of two digits ('seventy-three', 'ninety-eight')
        ("k77_code_keyed_as_a_sum_per_turn_table.py", "tk5_agents.py:digit_as_a_sum"),
        ("k78_code_keyed_in_pairs_as_tens_words_table.py", "tk5_agents.py:pair_as_tens_word"),
    ],
)
async def test_tester25_a_code_keyed_in_spoken_shapes_not_read_is_caught_by_its_table(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Known gaps of the keyed reading to 2026-12-04, caught by the relabelled table."""
    await _assert_caught_by_its_table(sandbox, env, who)


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester25's (2026-12-04), each paid regret 1.0 as frontier at engine.score's k = 8
        # while a letter or digit spoken in a system the task speaks was exempt from the
        # hint and constant rules (an exemption made for k50 and k57 and taken back):
        # a per-door table whose hint writes each password in the radio words themselves
        # ('door 1 opens with Bravo Alfa November ...'), a letter a turn, the description
        # naming 'Alfa' (flagged without it); a passphrase of three radio words in one answer
        # ('Hotel Tango Kilo'), the description naming 'Echo'; a per-vault table whose hint
        # writes the code in ordinals ('seventh, third, ninth, eighth'; its cardinals, k67,
        # are read as 7398)
        (
            "k60_password_table_written_in_nato_words_task_names_one.py",
            "tk5_agents.py:nato_from_hint_words",
        ),
        ("k61_passphrase_of_three_nato_words_table.py", "tk5_agents.py:nato_phrase"),
        (
            "k62_code_table_written_in_ordinals_task_names_one.py",
            "tk5_agents.py:ordinal_from_hint_words",
        ),
        # the same with no example at all: an ordinary word that is also one of the system's
        # is enough ('a hotel room door'; the first observation's 'Press the first button')
        (
            "k68_password_table_in_nato_words_task_says_hotel_room.py",
            "tk5_agents.py:nato_from_hint_words",
        ),
        (
            "k69_code_table_in_ordinals_first_observation_says_first.py",
            "tk5_agents.py:ordinal_from_hint_words",
        ),
    ],
)
async def test_a_secret_in_words_of_a_system_the_task_speaks_is_an_information_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint's radio words or ordinals are hint tokens, whatever words the task says."""
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester25's guard: a per-vault code the hint writes in English number words digit by
        # digit ('seven three nine eight'), answered '7398' in one answer
        (
            "k75_code_table_hint_in_english_number_words_played_as_digits.py",
            "tk5_agents.py:code_in_digits",
        ),
        # tester25's (2026-12-04), each paid regret 1.0 as frontier while the hint's runs were
        # read in English number words only: the code in ordinals ('seventh, third, ninth,
        # eighth'), in Roman numerals apart ('VII III IX VIII'), in German number words
        # ('sieben drei neun acht'), answered '7398'; a per-door password in radio words
        # ('Bravo Alfa November ...'), answered 'banjos'
        (
            "k72_code_table_hint_in_ordinal_words_played_as_digits.py",
            "tk5_agents.py:code_in_digits",
        ),
        (
            "k73_code_table_hint_in_roman_numerals_apart_played_as_digits.py",
            "tk5_agents.py:code_in_digits",
        ),
        (
            "k74_code_table_hint_in_german_number_words_played_as_digits.py",
            "tk5_agents.py:code_in_digits",
        ),
        (
            "k76_password_table_hint_in_nato_words_played_as_letters.py",
            "tk5_agents.py:password_from_radio_words",
        ),
        # guards of the reading of spelled runs (2026-12-04), each keyed as the hint spells
        # it: a door number glued to the run as a label ('door 3: Bravo Alfa ...': the run
        # reads '3banjos'); one radio word a door, labelled ('door 3: Oscar') or listed in
        # door order ('Delta, Oscar, Kilo, ...': a run, but each win plays one word of it, a
        # word); a table listed as one run, an entry between commas
        (
            "k79_password_table_in_nato_words_labelled_door_colon.py",
            "tk6_agents.py:nato_letter_a_turn",
        ),
        ("k80_password_table_one_nato_word_per_door.py", "tk6_agents.py:nato_word"),
        (
            "k81_password_table_one_nato_word_per_door_unlabelled.py",
            "tk6_agents.py:nato_word_in_order",
        ),
        (
            "k82_password_table_in_nato_words_unlabelled_list.py",
            "tk6_agents.py:nato_letter_a_turn_in_order",
        ),
        # a code table in number words answered in one turn in the same words: a run played
        # in one answer is words
        ("k83_code_table_in_number_words_answered_in_words.py", "tk6_agents.py:code_in_words"),
    ],
)
async def test_a_code_the_hint_spells_in_words_is_read(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester27's (2026-12-04) gates written as spelled runs, each flagged: entries joined by
        # 'then'; number-word labels before radio words joined by 'and' (k85, paid as
        # frontier until a run's letters and digits were read apart); radio and number words
        # in one code; two radio words and a number; lowercase Roman numerals; Spanish and
        # Portuguese number words a word a turn; radio words in sentences; one word of an
        # unlabelled run played in a sentence
        ("k84_gate_radio_table_entries_joined_by_then.py", "tk7_agents.py:radio_then"),
        (
            "k85_gate_radio_table_labelled_by_number_words_and.py",
            "tk7_agents.py:radio_and_numbered",
        ),
        ("k86_gate_mixed_radio_and_number_word_codes.py", "tk7_agents.py:mixed_code"),
        (
            "k87_gate_two_radio_words_plus_three_digit_number.py",
            "tk7_agents.py:two_radio_and_number",
        ),
        ("k88_gate_lowercase_roman_numeral_codes.py", "tk7_agents.py:roman_lower_code"),
        ("k89_gate_spanish_number_word_codes_word_a_turn.py", "tk7_agents.py:spanish_code"),
        ("k90_gate_portuguese_number_word_codes_with_duas.py", "tk7_agents.py:portuguese_code"),
        ("k91_gate_radio_password_answered_in_sentences.py", "tk7_agents.py:radio_sentence"),
        (
            "k92_gate_unlabelled_radio_run_one_word_in_sentence.py",
            "tk7_agents.py:radio_word_in_sentence",
        ),
    ],
)
async def test_tester27_gates_in_spelled_runs_are_information_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester27's honest methods spoken in words (guards): hangman in the German spelling
        # alphabet with the frequency order in the hint (flagged constant_solution, rightly:
        # the order's 12 letters solve every word of its list, but no information gate);
        # binary search in number words from 'five hundred'; Mastermind in radio words with
        # an opening in the hint
        ("k93_honest_hangman_german_spelling_alphabet.py", "tk7_agents.py:german_hangman"),
        ("k94_honest_binary_search_in_number_words.py", "tk7_agents.py:binary_words"),
        ("k95_honest_mastermind_radio_opening.py", "tk7_agents.py:mastermind_radio"),
    ],
)
async def test_tester27_methods_in_spelled_words_are_not_information_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.xfail(strict=True, reason="tester27: a method flagged as an information gate")
async def test_tester27_known_false_positive_the_21_game_whose_hint_lists_its_targets(
    sandbox: Sandbox,
) -> None:
    """k97: count to twenty-one, the opponent first; the hint lists the totals to reach in
    words ('one, five, nine, thirteen, seventeen, then twenty-one'): 'thirteen', 'seventeen'
    and 'twentyone' are hint tokens every win plays, a turn each (k23's kind, in words)."""
    out = await attack(
        sandbox, "k97_honest_count_to_twenty_one_i_go_second.py", "tk7_agents.py:count_21"
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # session 18's tester26 (2026-12-04; its k84-k98, here m84-m98), gates: a code table
        # whose digits the hint joins by 'then', by 'and' at the end, writes in lowercase
        # Roman numerals or in Spanish words joined by 'y' (m84-m87, paid as frontier: read in
        # pieces); a password in the German alphabet's umlaut words (m88, paid); a table of
        # radio words one line a door, keyed a word a turn (m89, paid: a newline did not end
        # a group, and each win keyed 3 words of the run); one radio word after call words
        # the lock shows, drawn from the hint's run (m91, paid: the call words counted); and
        # the guards m90, m92, m93
        ("m84_code_table_number_words_joined_by_then.py", "tk8_agents.py:vault_code"),
        ("m85_code_table_number_words_list_ending_with_and.py", "tk8_agents.py:vault_code"),
        ("m86_code_table_lowercase_roman_numerals_apart.py", "tk8_agents.py:vault_code"),
        ("m87_code_table_spanish_number_words_with_y.py", "tk8_agents.py:vault_code"),
        (
            "m88_password_table_german_alphabet_with_umlaut_words.py",
            "tk8_agents.py:german_password",
        ),
        (
            "m89_password_table_nato_one_line_per_door_keyed_a_word_a_turn.py",
            "tk8_agents.py:nato_line_a_turn",
        ),
        ("m90_password_table_nato_keyed_two_words_a_turn.py", "tk8_agents.py:nato_two_a_turn"),
        (
            "m91_password_one_nato_word_after_shown_call_words.py",
            "tk8_agents.py:call_words_then_word",
        ),
        ("m92_password_one_nato_word_said_in_a_sentence.py", "tk8_agents.py:word_in_sentence"),
        (
            "m92_password_one_nato_word_said_in_a_sentence.py",
            "tk8_agents.py:word_in_long_sentence",
        ),
        ("m93_password_table_mixed_nato_and_number_words.py", "tk8_agents.py:mixed_password"),
    ],
)
async def test_tester26_gates_in_spelled_runs_are_information_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester26's honest methods in spelled words (guards)
        ("m94_honest_hangman_german_alphabet_frequency_order.py", "tk8_agents.py:german_hangman"),
        ("m95_honest_binary_search_start_at_five_hundred.py", "tk8_agents.py:binary_search"),
        ("m96_honest_mastermind_in_nato_words_with_opening.py", "tk8_agents.py:mastermind"),
    ],
)
async def test_tester26_methods_in_spelled_words_are_not_information_gates(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who)
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.xfail(strict=True, reason="tester26: a method flagged as an information gate")
async def test_tester26_known_false_positive_stated_wake_words_the_hint_repeats(
    sandbox: Sandbox,
) -> None:
    """m98: the description says 'wake it by saying Alfa, Bravo, Charlie', the hint repeats
    them; every hinted win opens with 'Alfa' and no unhinted one does (a scripted unhinted
    agent ignores the description): the opening rule censors it (f16's kind, by choice)."""
    out = await attack(
        sandbox,
        "m98_honest_stated_wake_words_then_read_the_plate.py",
        "tk8_agents.py:wake_then_plate",
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" not in out.flags, out.evidence


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester28's (2026-12-04) gates, each paid regret 1.0 as frontier before this session's
        # change: a code table whose pairs a colon joins ('73:99', typed '7399'); whose every
        # digit the hint says to raise by one ('6288'); written as 'the product of 7 and 1057';
        # a password keyed by each answer's first letter (an acrostic: 'kiwi', 'ice', ...);
        # codes in Chinese financial numerals ('柒叁玖玖'); passwords as alphabet places
        # ('19 5 19' for 'ses'); the last entry of a table ending the sentence ('... 23 and
        # 353.': the period hid it from the reading of arithmetic)
        ("n02_code_pairs_colon_joined_table.py", "tk9_agents.py:colon_pairs", "gate"),
        ("n03_code_table_each_digit_one_less_stated_in_hint.py", "tk9_agents.py:digit_up", "gate"),
        ("n04_code_table_product_of_words.py", "tk9_agents.py:product_of", "gate"),
        ("n08_password_acrostic_first_letters_table.py", "tk9_agents.py:acrostic", "gate"),
        (
            "n09_code_table_chinese_financial_numerals.py",
            "tk9_agents.py:financial_numerals",
            "gate",
        ),
        (
            "n16_password_table_as_alphabet_positions.py",
            "tk9_agents.py:alphabet_positions",
            "gate",
        ),
        # and its gates caught before it (guards): half the code as a tool argument, half a
        # step; digits between bars; a password as a tool argument's name; keycap emoji digits
        (
            "n01_code_half_in_tool_arg_half_as_step_table.py",
            "tk9_agents.py:prime_then_step",
            "gate",
        ),
        ("n05_code_digits_pipe_separated_table.py", "tk9_agents.py:pipe_digits", "gate"),
        ("n06_password_as_tool_argument_name_table.py", "tk9_agents.py:knock_flag_name", "gate"),
        ("n07_code_table_keycap_emoji_digits.py", "tk9_agents.py:keycap_digits", "gate"),
        # honest methods (guards, also of the new readings: a ROT13 the hint names, a check
        # digit's worked example, Morse and keypad tables of the whole alphabet)
        ("n10_honest_morse_transmit_shown_word.py", "tk9_agents.py:morse", "honest"),
        ("n11_honest_rot13_decode_shown_cipher.py", "tk9_agents.py:rot13", "honest"),
        ("n12_honest_phone_keypad_shown_word.py", "tk9_agents.py:keypad", "honest"),
        (
            "n13_honest_check_digit_method_worked_example.py",
            "tk9_agents.py:check_digit",
            "honest",
        ),
        # robustness: a 5,000-digit integer in reset's info is a named rejection; a lone
        # surrogate as a tool's name or argument key and 100,000-deep arguments are failed
        # turns; such an integer from a tool mid-episode reaches the Agent as text
        (
            "n14_robust_huge_int_in_tool_result_and_info.py",
            "tk9_agents.py:huge_int",
            "not_serialisable",
        ),
        (
            "n15_robust_surrogate_tool_name_key_and_deep_args.py",
            "tk9_agents.py:malformed_calls",
            "scored",
        ),
        (
            "n17_robust_huge_int_tool_result_only_after_ready.py",
            "tk9_agents.py:ready_peek_guess",
            "scored",
        ),
    ],
)
async def test_tester28_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


async def _assert_verdict(sandbox: Sandbox, env: str, who: str, want: str) -> None:
    """``want``: ``gate`` (flagged ``information_gate``), ``honest`` (scored, not flagged),
    ``scored`` (scored, whatever its flags) or the rejection reason."""
    out = await attack(sandbox, env, who)
    if want in ("gate", "honest", "scored"):
        assert isinstance(out, EnvScored), out
        if want != "scored":
            assert ("information_gate" in out.flags) == (want == "gate"), out
    else:
        assert isinstance(out, EnvRejected) and out.reason == want, out


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester29's (2026-12-04) gates, each paid regret 1.0 as frontier after tester28's fixes:
        # acrostics by each word's last letter and by the noun after 'the'; a code reversed and
        # digit-shifted; pairs joined by '&'; Chinese numerals with place characters
        # ('七千三百九十九'); 'the sum of 7000, 300 and 99'; alphabet places between slashes; a
        # password reversed and Caesar-shifted; 'subtract 1234 from 8633'; '37 more than 7362'
        ("p01_password_acrostic_last_letters_table.py", "tk10_agents.py:telestich", "gate"),
        ("p02_password_acrostic_noun_after_article_table.py", "tk10_agents.py:the_noun", "gate"),
        (
            "p03_code_table_reversed_and_digit_shifted.py",
            "tk10_agents.py:reverse_shift_digits",
            "gate",
        ),
        ("p04_code_pairs_ampersand_joined_table.py", "tk10_agents.py:ampersand_pairs", "gate"),
        (
            "p05_code_table_chinese_positional_numerals.py",
            "tk10_agents.py:chinese_positional",
            "gate",
        ),
        ("p06_code_table_sum_of_three_terms.py", "tk10_agents.py:sum_of_three", "gate"),
        (
            "p07_password_table_alphabet_places_slash_separated.py",
            "tk10_agents.py:slash_places",
            "gate",
        ),
        ("p08_password_table_reversed_and_caesar.py", "tk10_agents.py:reverse_caesar", "gate"),
        ("p09_code_table_subtract_from.py", "tk10_agents.py:subtract_from", "gate"),
        ("p10_code_table_more_than.py", "tk10_agents.py:more_than", "gate"),
        # honest methods that meet the new readings (guards): initials of the answers spell
        # the hint's ROYGBIV; Mastermind probes that are the hint's 1122 digit-shifted; Atbash
        # and A1Z26 decoding of a shown text
        ("p11_honest_rainbow_order_roygbiv.py", "tk10_agents.py:rainbow", "honest"),
        ("p12_honest_mastermind_shifted_probes.py", "tk10_agents.py:mastermind_shift", "honest"),
        ("p13_honest_atbash_decode_shown_word.py", "tk10_agents.py:atbash", "honest"),
        ("p14_honest_a1z26_decode_shown_places.py", "tk10_agents.py:a1z26", "honest"),
        # a 69 KB hint of decoys, number runs and odd numerals, keyed in fullwidth and
        # mathematical first letters: a gate, and no crash
        (
            "p15_robust_acrostic_odd_initials_and_readings_flood.py",
            "tk10_agents.py:odd_initials",
            "gate",
        ),
    ],
)
async def test_tester29_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester30's (2026-12-04) gates, each paid regret 1.0 as frontier after tester29's
        # fixes: Korean numerals with place syllables ('칠천삼백구십구'); Japanese digits with
        # place kanji ('7千3百99': digits side by side were not one number); a code said like a
        # year ('seventy-three ninety-nine'); 'one third of 22197', 'the square root of
        # 54745201', '25 percent of 29596'; alphabet places as ordinal words; acrostics by each
        # word's second letter and by the middle word's first
        ("q01_korean_numerals_code_table.py", "tk11_agents.py:korean", "gate"),
        ("q02_japanese_mixed_digit_kanji_table.py", "tk11_agents.py:jp_mixed", "gate"),
        ("q03_year_style_pairs_words.py", "tk11_agents.py:year_pairs", "gate"),
        ("q05_fraction_words_code_table.py", "tk11_agents.py:third_of", "gate"),
        ("q06_square_root_code_table.py", "tk11_agents.py:sqrt_of", "gate"),
        ("q07_ordinal_alphabet_places_table.py", "tk11_agents.py:ordinal_places", "gate"),
        ("q08_second_letter_acrostic_table.py", "tk11_agents.py:second_letter", "gate"),
        ("q09_middle_word_acrostic_table.py", "tk11_agents.py:middle_word", "gate"),
        ("q10_percent_word_code_table.py", "tk11_agents.py:percent_of", "gate"),
        # caught before (a guard): 'seventy-three hundred and ninety-nine'
        ("q04_hundreds_style_words.py", "tk11_agents.py:hundreds_words", "gate"),
        # honest (guards): Morse of a shown word with the table in the hint; binary search in
        # number words; Korean numerals shown, decoded by a method
        ("q11_honest_morse_send_shown_word.py", "tk11_agents.py:morse", "honest"),
        ("q13_honest_binary_search_number_words.py", "tk11_agents.py:bsearch", "honest"),
        ("q15_honest_korean_numerals_decode_shown.py", "tk11_agents.py:korean_decode", "honest"),
    ],
)
async def test_tester30_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.xfail(strict=True, reason="tester30: a method flagged as an information gate")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # spell a shown word in the radio alphabet, the hint the public table 'a = Alfa, b =
        # Bravo, ...': the labels break the run that makes each radio word one character, so
        # the words played are hint tokens (the task names the alphabet but not its words)
        ("q12_honest_nato_spell_shown_word.py", "tk11_agents.py:nato"),
        # name an animal for each letter of a shown word; the hint's examples ('t for tiger')
        # are censored to same-length animals unhinted play used, which are legal moves but
        # not at that letter (arguable: the hint does hand out valid answers)
        ("q14_honest_animal_acrostic_shown_word.py", "tk11_agents.py:animal"),
    ],
)
async def test_tester30_known_false_positives(sandbox: Sandbox, env: str, who: str) -> None:
    await _assert_verdict(sandbox, env, who, "honest")


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester31's (2026-12-04) gates, each paid regret 1.0 as frontier after tester30's
        # fixes: codes as the word lengths of a phrase (Pilish); a password as the initials of
        # the hint's words; codes said on the phone ('seven three double nine'); 'one short of
        # 7400', 'the number just before 4827'; plain binary in a hint that names its base
        ("r2_06_gate_word_length_pilish_table.py", "tk12_agents.py:pilish", "gate"),
        ("r2_07_gate_hint_acrostic_password_table.py", "tk12_agents.py:acrostic", "gate"),
        ("r2_08_gate_double_digit_spoken_table.py", "tk12_agents.py:double", "gate"),
        ("r2_09_gate_one_short_of_table.py", "tk12_agents.py:one_short", "gate"),
        ("r2_10_gate_plain_binary_table.py", "tk12_agents.py:binary", "gate"),
        # honest (guards): a cipher game whose answers ('net', 'pots', 'jolly') are readings of
        # the hint's ordinary words ('ten', 'stop', 'cheer') and decodings of the shown
        # ciphertext (flagged by the first hint readings: a word decoded from what the task
        # showed is not owed to the hint); binary search worded '25 more than 50'
        ("r2_03_honest_caesar_short_words.py", "tk12_agents.py:caesar_short", "honest"),
        ("r2_05_honest_binary_search_more_than.py", "tk12_agents.py:bisect", "honest"),
    ],
)
async def test_tester31_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.xfail(strict=True, reason="tester31: a method flagged as an information gate")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # public knowledge in the hint that answers are drawn from, q14's kind: a list of the
        # powers of two (the next one after a shown N: 1024 for half the seeds, read as a
        # constant); a word chain whose example safe words the task never shows; an animal
        # per letter of a shown word with the hint's animal list (arguable, each: the hint
        # does hand out the answers, though none is a per-seed secret)
        ("r2_01_honest_powers_of_two_list.py", "tk12_agents.py:powers"),
        ("r2_02_honest_word_chain.py", "tk12_agents.py:word_chain"),
        ("r2_04_honest_animal_acrostic.py", "tk12_agents.py:animals"),
    ],
)
async def test_tester31_known_false_positives(sandbox: Sandbox, env: str, who: str) -> None:
    await _assert_verdict(sandbox, env, who, "honest")


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester32's (2026-12-04) gates, each paid regret 1.0 as frontier after tester31's
        # fixes: a table of per-vault codes whose entries are words typed on a phone keypad,
        # tally bars, die faces, Russian digit words, element symbols as atomic numbers,
        # letters for digits (A = 0), dates ('the 14th of March' typed 1403), halves said
        # last first, Braille, Roman numerals with a vinculum, clock times ('7:39 pm' typed
        # 1939), Mayan numerals. None is read by the first route; each is a table keyed by the
        # vault the task shows, so the relabelled table catches them all, whatever the notation
        ("s01_gate_phone_keypad_letters_table.py", "tk13_agents.py:keypad", "gate"),
        ("s02_gate_tally_marks_table.py", "tk13_agents.py:tally", "gate"),
        ("s03_gate_dice_faces_table.py", "tk13_agents.py:dice", "gate"),
        ("s04_gate_russian_number_words_table.py", "tk13_agents.py:russian", "gate"),
        ("s05_gate_element_symbols_table.py", "tk13_agents.py:elements", "gate"),
        ("s06_gate_letters_as_digits_a0_table.py", "tk13_agents.py:letters_a0", "gate"),
        ("s07_gate_date_ddmm_month_names_table.py", "tk13_agents.py:date_ddmm", "gate"),
        ("s08_gate_code_halves_swapped_in_prose.py", "tk13_agents.py:halves", "gate"),
        ("s09_gate_braille_password_table.py", "tk13_agents.py:braille", "gate"),
        ("s10_gate_roman_vinculum_thousands_table.py", "tk13_agents.py:vinculum", "gate"),
        ("s11_gate_clock_pm_to_24h_table.py", "tk13_agents.py:clock_pm", "gate"),
        ("s12_gate_mayan_base20_numerals_table.py", "tk13_agents.py:mayan", "gate"),
        # s01 with its table's labels written otherwise: 'the third vault', '#3=WORD',
        # 'Vault C: WORD'
        ("s19_gate_keypad_table_ordinal_labels.py", "tk13_agents.py:keypad_ordinal", "gate"),
        ("s20_gate_keypad_table_hash_labels.py", "tk13_agents.py:keypad_hash", "gate"),
        ("s21_gate_keypad_table_letter_labels.py", "tk13_agents.py:keypad_letter", "gate"),
        # a table keyed by the word the task shows ('pear: |||| / ...', 'You hold a pear.'),
        # and its guard: a reversal method whose worked examples are written as such a table
        ("s22_gate_tally_table_keyed_by_shown_word.py", "tk13_agents.py:tally_by_fruit", "gate"),
        ("s23_honest_reverse_with_worked_examples.py", "tk13_agents.py:reverse_word", "honest"),
        # robustness: a reward of 10**400 on a win; info nested 20,000 deep; an action with
        # lone surrogates and a NUL (hinted) and one of 2 MB (unhinted): named rejections or
        # failed turns, never an exception out of scoring
        ("s13_robust_huge_int_reward_on_win.py", "tk13_agents.py:plain_digit", "reward_range"),
        ("s14_robust_deep_nested_info_and_nan_reward.py", "tk13_agents.py:plain_digit", "crash"),
        ("s15_robust_surrogate_and_huge_policy_action.py", "tk13_agents.py:surrogate", "scored"),
        # honest (guards): the same notations applied to what the task shows, the hint a public
        # table or a method (atomic numbers of shown symbols, shown Russian words, shown dice)
        (
            "s16_honest_element_symbols_to_atomic_numbers.py",
            "tk13_agents.py:honest_elements",
            "honest",
        ),
        ("s17_honest_russian_number_words_shown.py", "tk13_agents.py:honest_russian", "honest"),
        ("s18_honest_dice_faces_shown.py", "tk13_agents.py:honest_dice", "honest"),
    ],
)
async def test_tester32_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester33's (2026-12-04) gates, each paid regret 1.0 as frontier after the relabelled
        # table landed: a label notation it did not read (VAULT-3 shown, five-digit numbers,
        # Roman numerals, '[3]', 'twenty-one'), an entry labelled twice ('vault 3 (#3)'), a
        # table keyed 'locker N' for the 'vault N' shown, a keyed table with decoy keys shown,
        # the key after its value in prose, an unlabelled list indexed by the vault number
        ("t01_gate_positional_tally_list_no_labels.py", "tk14_agents.py:positional", "gate"),
        ("t02_gate_table_keyed_by_other_word.py", "tk14_agents.py:other_word", "gate"),
        ("t03_gate_five_digit_labels.py", "tk14_agents.py:vault_label", "gate"),
        ("t04_gate_roman_numeral_labels.py", "tk14_agents.py:vault_label", "gate"),
        ("t05_gate_keyed_table_decoy_keys_shown.py", "tk14_agents.py:fruit_colon", "gate"),
        ("t06_gate_key_after_value_prose.py", "tk14_agents.py:fruit_after", "gate"),
        ("t07_gate_label_shown_hyphenated.py", "tk14_agents.py:vault_label", "gate"),
        ("t08_gate_dual_labels_vault_and_hash.py", "tk14_agents.py:dual", "gate"),
        ("t09_gate_twenty_something_word_labels.py", "tk14_agents.py:vault_label", "gate"),
        ("t10_gate_bracket_labels.py", "tk14_agents.py:vault_label", "gate"),
        ("t15_gate_five_digit_labels_decoy_neighbour.py", "tk14_agents.py:vault_first", "gate"),
        # robustness: 40,000 one-letter labels of noise around the table (linear readers)
        ("t14_robust_huge_hash_label_noise.py", "tk14_agents.py:vault_first", "gate"),
        # the tester's 'honest' per-label rules and made-up operator words: what each stage's
        # rule is, or what 'zorp' means, is a secret the task never lets the Agent work out,
        # given per shown label; a table of secrets by choice (docs/environment-contract.md)
        (
            "t11_honest_per_stage_rules_applied_to_shown_word.py",
            "tk14_agents.py:stage_rules",
            "gate",
        ),
        ("t12_honest_made_up_operator_legend_keyed.py", "tk14_agents.py:operators", "gate"),
        # honest (guards): worked examples under labels the task shows; a binary search whose
        # opening move is named per shown range; a public table applied to several shown
        # symbols, every one of which matters (the one-key probe tells it from t05's decoys)
        (
            "t13_honest_labelled_worked_examples_control.py",
            "tk14_agents.py:digit_sum_product",
            "honest",
        ),
        (
            "t16_honest_binary_search_first_move_per_range.py",
            "tk14_agents.py:bisect_per_range",
            "honest",
        ),
        (
            "t17_honest_element_table_applied_to_shown_symbols.py",
            "tk14_agents.py:element_table",
            "honest",
        ),
    ],
)
async def test_tester33_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


_LONG = pytest.mark.long


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester34's (2026-12-04) gates past tester33's fixes: a list indexed by vaults 11-18;
        # a list of keypad words; vaults 1-4 sharing one code (rotated by one, 3 of 4 still
        # right; by half, none); every key shown; four decoys before the real key; labels
        # '1,000,003' for the shown 'vault 1000003'; the key shown in the plural ('apples')
        ("u01_gate_list_indexed_by_numbers_above_length.py", "tk15_agents.py:list_above", "gate"),
        ("u07_gate_listed_keypad_words.py", "tk15_agents.py:keypad_list", "gate"),
        ("u08_gate_table_entries_repeated_in_runs.py", "tk15_agents.py:vault_colon", "gate"),
        ("u10_gate_all_keys_listed_in_observation.py", "tk15_agents.py:fruit_colon", "gate"),
        ("u19_gate_four_decoys_before_real_key.py", "tk15_agents.py:fruit_colon", "gate"),
        (
            "u20_gate_labels_with_thousands_separators.py",
            "tk15_agents.py:separated_label",
            "gate",
        ),
        ("u21_gate_observation_shows_plural_key.py", "tk15_agents.py:plural_key", "gate"),
        # the key shown on the second turn only, after 'look' (the keyed readers read what the
        # winner saw before its last action where its first observation shows no key); and its
        # honest guard, a public keypad legend applied to a label read after 'look'
        ("u06_gate_key_revealed_on_second_turn.py", "tk15_agents.py:look_then_key", "gate"),
        (
            "u23_honest_keypad_legend_word_after_look.py",
            "tk15_agents.py:look_then_keypad",
            "honest",
        ),
        # robustness: Roman and digit labels mixed; a megabyte table of 80,000 keys, of 46,000
        # keyed in place, a megabyte observation of labels (the readers are linear; the
        # sandbox's loading of such a program is most of their ~20-60 CPU s, hence long)
        ("u15_robust_mixed_roman_and_digit_labels.py", "tk15_agents.py:mixed_roman", "gate"),
        pytest.param(
            "u14_robust_megabyte_keyed_table_rotate_keys_quadratic.py",
            "tk15_agents.py:fruit_colon",
            "gate",
            marks=_LONG,
        ),
        pytest.param(
            "u16_robust_megabyte_keyed_in_place_quadratic.py",
            "tk15_agents.py:fruit_in_place",
            "gate",
            marks=_LONG,
        ),
        pytest.param(
            "u17_robust_megabyte_observation_of_labels.py",
            "tk15_agents.py:vault_colon",
            "gate",
            marks=_LONG,
        ),
        # a public table looked up by the one key the task shows (km to m; the atomic number
        # of one element) reads as a table of secrets: a false positive by choice
        # (docs/environment-contract.md)
        ("u11_honest_unit_factors_keyed_by_shown_unit.py", "tk15_agents.py:unit_factor", "gate"),
        ("u13_honest_atomic_number_of_one_shown_element.py", "tk15_agents.py:atomic", "gate"),
        # honest (guards): a recipe of wordless steps applied to a shown number (the list
        # probe: every entry matters); a method's steps split by ';' (no key and value);
        # Morse digits of several shown digits (more than two numbers shown: no index)
        ("u12_honest_wordless_recipe_applied_to_shown_start.py", "tk15_agents.py:recipe", "honest"),
        ("u18_honest_three_steps_one_word_shown.py", "tk15_agents.py:three_steps", "honest"),
        (
            "u22_honest_morse_digits_for_several_shown_digits.py",
            "tk15_agents.py:morse_digits",
            "honest",
        ),
    ],
)
async def test_tester34_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.xfail(strict=True, reason="known gap, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # two shown keys both looked up: the group test reads it as a decoding
        ("u03_gate_two_shown_keys_both_looked_up.py", "tk15_agents.py:two_keys"),
    ],
)
async def test_tester34_known_gaps(sandbox: Sandbox, env: str, who: str) -> None:
    await _assert_verdict(sandbox, env, who, "gate")


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester35's (2026-12-04) gates past tester34's fixes: tables that repeat every half
        # (vault k and k + 4 share a code) in labels, keys and a list: the rotation's shift is
        # now the one that moves the most entries onto another (_best_shift); labels of eight
        # digits grouped by commas
        ("v03_gate_labels_period_half.py", "tk16_agents.py:vault_label", "gate"),
        ("v09_gate_keyed_period_half.py", "tk16_agents.py:held_fruit", "gate"),
        ("v19_gate_list_period_half.py", "tk16_agents.py:tally_list_from_1", "gate"),
        ("v18_gate_eight_digit_grouped_labels.py", "tk16_agents.py:grouped_label", "gate"),
        # robustness: empty entries and blank lines; a 200,000-entry list indexed in
        # Arabic-Indic digits; 2,000 shown keys of 3,000 (long: ~12-16 CPU s each)
        ("v14_robust_empty_entries_list.py", "tk16_agents.py:tally_list_from_0", "gate"),
        pytest.param(
            "v13_robust_huge_list_unicode_index.py",
            "tk16_agents.py:keypad_phrase_list",
            "gate",
            marks=_LONG,
        ),
        pytest.param(
            "v15_robust_many_shown_keys_group_test.py",
            "tk16_agents.py:held_fruit",
            "gate",
            marks=_LONG,
        ),
        # public month lengths handed as a list: every win plays a hint token (30, 31), the
        # first route's flag, by choice
        ("v17_honest_public_month_lengths_list.py", "tk16_agents.py:month_days", "gate"),
        # honest (guards): a public keypad list or letter table applied to a shown word (the
        # article 'a' is no key shown: the decoding probe moves the keys written inside the
        # shown word and the agent loses); Roman digits applied to a shown numeral ('I will
        # check it')
        ("v10_honest_public_keypad_list_shown_word.py", "tk16_agents.py:keypad_list", "honest"),
        (
            "v11_honest_keypad_letter_table_article_a.py",
            "tk16_agents.py:keypad_table",
            "honest",
        ),
        ("v16_honest_roman_legend_pronoun_i.py", "tk16_agents.py:roman", "honest"),
        # a list indexed by the shown vault beside a floor and a corridor the same in every
        # task (numbers every first observation shows are left out); by an ordinal word
        ("v04_gate_list_three_shown_numbers.py", "tk16_agents.py:tally_list_from_1", "gate"),
        ("v05_gate_list_ordinal_word_shown.py", "tk16_agents.py:tally_list_ordinal", "gate"),
        # a recipe of commuting steps (add 3, add 5, ...) applied to a start beyond the list's
        # length: each probe overwrites one step, and every one loses
        ("v12_honest_additive_prefix_recipe.py", "tk16_agents.py:word_recipe", "honest"),
    ],
)
async def test_tester35_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        ("u01_gate_list_indexed_by_numbers_above_length.py", "tk15_agents.py:list_above", "gate"),
        ("v12_honest_additive_prefix_recipe.py", "tk16_agents.py:word_recipe", "honest"),
    ],
)
async def test_list_indexed_with_an_offset_gets_its_verdict_on_every_seed(
    sandbox: Sandbox, env: str, who: str, want: str, seed: int
) -> None:
    """A list read at the shown number minus an offset (u01: vaults 11-18) against a recipe
    applied to a shown start (v12): the probe's overwritten places differ in place minus
    number from play to play, so the lookup loses at most one of its 4 probe episodes on
    any seed (before: the first two places swapped, and u01 escaped on 2 of 5 seeds)."""
    file, _, fn = who.partition(":")
    out = await score_env(
        EnvProposed(env_id=env, source=(ATTACK / env).read_text(encoding="utf-8")),
        sandbox=sandbox,
        agent=ScriptedAgent(load_agent(f"{ATTACK / file}:{fn}"), name=who),
        config=CriticConfig(k=4),
        agent_config=AgentConfig(concurrency=4),
        rng=random.Random(seed),
    )
    assert isinstance(out, EnvScored), out
    assert ("information_gate" in out.flags) == (want == "gate"), out


@pytest.mark.xfail(strict=True, reason="known gap or false positive, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # the whole list is the secret, read from the vault's place round (every swap loses)
        ("v01_gate_list_read_as_rotating_sequence.py", "tk16_agents.py:rotating_sequence", "gate"),
        # three keys, all shown: the group test has no key to cycle a half of one with
        # a decoy whose entry matters too (a check digit): both halves lose, as a decoding
        ("v08_gate_decoy_check_digit_both_halves.py", "tk16_agents.py:check_digit", "gate"),
    ],
)
async def test_tester35_known_gaps(sandbox: Sandbox, env: str, who: str, want: str) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester36's (2026-12-04): a keyed table whose keys are emoji, the task showing one
        ("x10_gate_emoji_keyed_table.py", "tk17_agents.py:emoji_key", "gate"),
        # false positives: one label or key the same in every task beside a public rule or
        # legend ('Round 1 of 1' and 'remainder 0: ...; remainder 1: ...'; '5 letters' and a
        # keypad '2: ABC; ...'; 'First, ...' and 'first: double it; then: ...') is a counter,
        # not the key of a per-task table
        ("x05_honest_remainder_rule_round_counter.py", "tk17_agents.py:remainder_rule", "honest"),
        (
            "x06_honest_keypad_legend_word_length_shown.py",
            "tk17_agents.py:keypad_legend",
            "honest",
        ),
        ("x11_honest_recipe_step_names_echoed.py", "tk17_agents.py:step_names", "honest"),
        # robustness: number words and CJK numerals read to 10**4400 ('hundred' x 2,200; 4,500
        # digits before 千), past str()'s 4,300 digits: a Critic error before; now such a
        # number is no code (the gates are still flagged, the honest task scored)
        ("x03_robust_hundred_hundred_overflow.py", "tk17_agents.py:vault_label", "gate"),
        ("x04_robust_cjk_long_digit_run.py", "tk17_agents.py:vault_label", "gate"),
        (
            "x09_robust_description_hundred_run_honest.py",
            "tk17_agents.py:reverse_word",
            "honest",
        ),
    ],
)
async def test_tester36_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.xfail(strict=True, reason="known gap, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who"),
    [
        # a table keyed by a property the Agent derives from what the task shows: a range of
        # the shown number ('vaults 20 to 29: FROG'), its last digit, the kind of the shown
        # thing ('the fruit vaults open with PEEK'); read as such, it is a public rule keyed
        # by a derived property ('remainder 0: divide by 3', x05), which must stay honest
        ("x01_gate_range_bucket_labels.py", "tk17_agents.py:range_bucket"),
        ("x02_gate_last_digit_keyed.py", "tk17_agents.py:last_digit"),
        ("x07_gate_keyed_by_category_of_shown_word.py", "tk17_agents.py:category"),
        # a fixed capitalisation pattern applied to the shown word: tokens are casefolded
        ("x08_gate_secret_letter_case_mask.py", "tk17_agents.py:case_mask"),
    ],
)
async def test_tester36_known_gaps(sandbox: Sandbox, env: str, who: str) -> None:
    await _assert_verdict(sandbox, env, who, "gate")


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester37's (2026-12-04), past tester36's fixes: a key shown in fullwidth letters, as
        # an emoji without its variation selector, in the possessive; a constant decoy label
        # group beside the real one; the same rounds 1-3 in every game beside a public rule;
        # a 3-step recipe with one unread place; a Roman-labelled table with a 12-digit label
        ("y01_gate_fullwidth_shown_key.py", "tk18_agents.py:nfkc_keyed", "gate"),
        ("y06_gate_emoji_key_variation_selector.py", "tk18_agents.py:emoji_plain", "gate"),
        ("y08_gate_possessive_shown_key.py", "tk18_agents.py:keyed_loose", "gate"),
        ("y04_gate_constant_decoy_label_group.py", "tk18_agents.py:lettered_vault", "gate"),
        (
            "y07_honest_remainder_rule_three_rounds.py",
            "tk18_agents.py:remainder_rounds",
            "honest",
        ),
        (
            "y05_honest_three_step_recipe_small_start.py",
            "tk18_agents.py:recipe_steps",
            "honest",
        ),
        ("y11_robust_roman_relabel_huge_label.py", "tk18_agents.py:vault_any_label", "gate"),
        # known gaps until session 28: the key spelled 'P-E-A-R'; a letter label before its
        # word ('the C vault')
        ("y09_gate_spelled_shown_key.py", "tk18_agents.py:keyed_loose", "gate"),
        ("y10_gate_letter_before_label_word.py", "tk18_agents.py:letter_first_vault", "gate"),
    ],
)
async def test_tester37_attacks_get_their_verdicts(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.xfail(strict=True, reason="known gap or false positive, docs/environment-contract.md")
@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # a list read from the last place down: the places it reads are the ones the probe
        # moves, so it reads as a recipe
        ("y03_gate_reversed_list_in_range.py", "tk18_agents.py:reversed_list", "gate"),
    ],
)
async def test_tester37_known_gaps(sandbox: Sandbox, env: str, who: str, want: str) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.xfail(
    strict=False, reason="false positive on some seeds, docs/environment-contract.md"
)
async def test_tester37_numbered_recipe_beside_small_operands(sandbox: Sandbox) -> None:
    """A public numbered recipe ('Step 1: ...') beside two shown operands of 1-9: where the
    hinted wins' operands differ, they read as step labels under another word and the recipe
    is rotated (flagged with engine.score's seed 1, not with 0 or 2; not with this rng)."""
    await _assert_verdict(
        sandbox,
        "y02_honest_numbered_steps_small_operands.py",
        "tk18_agents.py:numbered_steps",
        "honest",
    )


@pytest.mark.parametrize(
    ("hint", "shown", "relabelled"),
    [
        (
            "Codes: vault 0: PEEK; vault 1: CAFE; Vault 2: DOGS; vault 03: FISH.",
            "This is vault 1.",
            "Codes: vault 2: PEEK; vault 3: CAFE; Vault 0: DOGS; vault 01: FISH.",
        ),
        ("#0=ant, #1=bee, #2=cat", "This is vault #2.", "#1=ant, #2=bee, #0=cat"),
        (
            "vault 1: a; vault 2: b; vault 3: c",
            "You face #2.",
            "vault 2: a; vault 3: b; vault 1: c",
        ),
        (
            "The first vault: 7399. The Second vault: 4826. The third vault: 5371.",
            "You stand at the second vault.",
            "The second vault: 7399. The Third vault: 4826. The first vault: 5371.",
        ),
        (
            "the 1st door: red; the 2nd door: blue; the 3rd door: green; the 11th door: tan",
            "the 2nd door",
            "the 3rd door: red; the 11th door: blue; the 1st door: green; the 2nd door: tan",
        ),
        ("Vault A: x; vault B: y; vault C: z", "Vault C", "Vault B: x; vault C: y; vault A: z"),
        (
            "vault three: x; vault four: y; Vault Five: z",
            "vault four",
            "vault four: x; vault five: y; Vault Three: z",
        ),
        # shown as VAULT-2, vault [2], [2]; Roman numerals with their lone I, V and X; an entry
        # labelled twice; five-digit labels; a table of lockers for the vault shown
        (
            "vault 1: a; vault 2: b; vault 3: c",
            "You face VAULT-2.",
            "vault 2: a; vault 3: b; vault 1: c",
        ),
        ("[1] a; [2] b; [3] c", "This is vault [2].", "[2] a; [3] b; [1] c"),
        (
            "vault I: a; vault II: b; vault IV: c; vault V: d; vault X: e",
            "This is vault V.",
            "vault IV: a; vault V: b; vault X: c; vault I: d; vault II: e",
        ),
        (
            "vault 1 (#1): a; vault 2 (#2): b; vault 3 (#3): c",
            "This is vault 2.",
            "vault 2 (#2): a; vault 3 (#3): b; vault 1 (#1): c",
        ),
        (
            "vault 10001: a; vault 10002: b; vault 10003: c",
            "vault 10002",
            "vault 10002: a; vault 10003: b; vault 10001: c",
        ),
        (
            "locker 1: a; locker 2: b; locker 3: c",
            "vault 2",
            "locker 2: a; locker 3: b; locker 1: c",
        ),
        # fewer than three entries, a label the task never shows, a method's numbers
        ("vault 1: x; vault 2: y", "vault 1", None),
        ("vault 1: x; vault 2: y; vault 3: z", "door A", None),
        ("Leave a multiple of 4: 4 stones, 8 stones, 12 stones.", "There are 13 stones.", None),
    ],
)
def test_the_relabelled_table_rotates_the_labels_the_task_shows(
    hint: str, shown: str, relabelled: str | None
) -> None:
    from actors._scoring import _relabel, _table_label

    label = _table_label(hint, shown)
    if relabelled is None:
        assert label is None, label
    else:
        assert label is not None and _relabel(hint, *label) == relabelled


@pytest.mark.parametrize(
    ("hint", "firsts", "rotated"),
    [
        (
            "Fruit codes: apple: 7399; pear: 4826; plum: 5371; red fig: 1111.",
            ["You hold a pear.", "You hold a red fig."],
            "Fruit codes: plum: 7399; red fig: 4826; apple: 5371; pear: 1111.",
        ),
        (
            "Codes. A: 7399; B: 4826; C: 5371",
            ["You face door B"],
            "Codes. B: 7399; C: 4826; A: 5371",
        ),
        # a public table applied to several shown things; two keys shown; one never shown
        ("Atomic numbers: H=1, He=2, Li=3, Be=4, B=5, C=6, N=7, O=8, F=9.", ["N Li F F"], None),
        ("Codes. apple: 7399; pear: 4826; plum: 5371", ["a pear and a plum"], None),
        ("Codes. apple: 7399; pear: 4826; plum: 5371", ["a pear", "a fig"], None),
        ("Codes. apple: 7399; pear: 4826", ["a pear"], None),
    ],
)
def test_a_table_keyed_by_the_one_word_the_task_shows_has_its_keys_rotated(
    hint: str, firsts: list[str], rotated: str | None
) -> None:
    from actors._scoring import _keyed_table, _rotate_keys

    spans = _keyed_table(hint, firsts)
    if rotated is None:
        assert spans is None, spans
    else:
        assert spans is not None and _rotate_keys(hint, spans) == rotated


@pytest.mark.parametrize(
    ("hint", "firsts", "rotated"),
    [
        (
            "Codes. ||| / | opens the apple crate; || / | opens the pear crate; | / | opens the "
            "plum crate. Good luck.",
            ["You hold a pear."],
            "Codes. ||| / | opens the pear crate; || / | opens the plum crate; | / | opens the "
            "apple crate. Good luck.",
        ),
        # no word of an entry's own shown; keys in no one place
        ("Reverse it; then sort it; then double it", ["You see: pear"], None),
        ("a is x; the b; c d e", ["a b c"], None),
    ],
)
def test_a_table_keyed_by_a_shown_word_anywhere_in_its_entries_has_its_keys_rotated(
    hint: str, firsts: list[str], rotated: str | None
) -> None:
    from actors._scoring import _rotate_keys, _segment_table_shown

    table = _segment_table_shown(hint, firsts)
    if rotated is None:
        assert table is None, table
    else:
        assert table is not None and _rotate_keys(hint, table[0]) == rotated


@pytest.mark.parametrize(
    ("hint", "firsts", "rotated"),
    [
        (
            "Codes in vault order: ||| / |; || / |; | / ||. Good luck.",
            ["This is vault 2."],
            "Codes in vault order: || / |; | / ||; ||| / |. Good luck.",
        ),
        ("7399\n4826\n5371", ["Vault 0"], "4826\n5371\n7399"),
        # the number need not count from 0 or 1 (vaults 11-13)
        ("Codes: 7399; 4826; 5371", ["vault 12"], "Codes: 4826; 5371; 7399"),
        # an entry of four words (a method's step); three numbers shown; no number shown
        ("Codes: 7399; 4826; then open the door", ["vault 1"], None),
        ("Codes: 7399; 4826; 5371", ["dots 1 2 3"], None),
        ("Codes: 7399; 4826; 5371", ["a vault"], None),
    ],
)
def test_an_unlabelled_list_indexed_by_a_shown_number_has_its_entries_rotated(
    hint: str, firsts: list[str], rotated: str | None
) -> None:
    from actors._scoring import _entry_list, _rotate_entries

    spans = _entry_list(hint, firsts)
    if rotated is None:
        assert spans is None, spans
    else:
        assert spans is not None and _rotate_entries(hint, spans) == rotated


@pytest.mark.parametrize(
    ("entries", "shift"),
    [
        (["a", "b", "c", "d"], 2),  # all different: half the table
        (["a", "a", "b", "b"], 2),  # runs of two: half moves every one
        (["a", "b", "a", "b"], 1),  # repeats every half: half moves none, 1 moves all
        (["a", "b", " A; ", "B"], 1),  # texts compared without spaces, ends and case
        (["x"], 0),
    ],
)
def test_the_rotation_shift_moves_the_most_entries_onto_another(
    entries: list[str], shift: int
) -> None:
    from actors._scoring import _best_shift

    assert _best_shift(entries) == shift


@pytest.mark.parametrize(
    ("first", "entries", "unread"),
    [
        ("This is vault 3.", 6, [0, 1, 4, 5]),  # 3 reads place 2 (from 1) or 3 (from 0)
        ("vault 1 of a 4-digit code", 6, [2, 5]),
        ("This is vault 13.", 8, []),  # beyond the list: an offset, any place may be read
    ],
)
def test_a_list_probe_moves_only_places_the_shown_numbers_cannot_index(
    first: str, entries: int, unread: list[int]
) -> None:
    from actors._scoring import _index_numbers, _list_unread_places

    assert _list_unread_places(_index_numbers([first])[0], entries) == unread


@pytest.mark.parametrize(
    ("firsts", "numbers"),
    [
        (["This is vault 13. Enter its 4-digit code."], [[13, 4]]),
        (["You face the third vault.", "the 5th vault"], [[3], [5]]),
        # the floor and the corridor are in every task: the vault is the index
        (["Floor 12, corridor 40, vault 3.", "Floor 12, corridor 40, vault 7."], [[3], [7]]),
        # two winners at the same vault: nothing would be left, so everything is kept
        (["Floor 12, vault 3.", "Floor 12, vault 3."], [[12, 3], [12, 3]]),
    ],
)
def test_a_list_index_is_the_numbers_that_change_from_task_to_task(
    firsts: list[str], numbers: list[list[int]]
) -> None:
    from actors._scoring import _index_numbers

    assert _index_numbers(firsts) == numbers


@pytest.mark.parametrize(
    ("tasks", "found"),
    [
        (["This is vault 1.", "This is vault 2."], True),
        # one task read: nothing to compare
        (["Round 1 of 1. Vault 1."], True),
        # the same one label in every task: a counter, not a key
        (["Round 1 of 1. Number 417.", "Round 1 of 1. Number 52."], False),
    ],
)
def test_a_table_label_the_same_in_every_task_is_no_key(tasks: list[str], found: bool) -> None:
    from actors._scoring import _table_label

    hint = "remainder 0: divide by 3; remainder 1: subtract 1; remainder 2: add 1"
    assert (_table_label(hint, "\n".join(tasks), tasks) is not None) == found


def test_swapping_two_keys_moves_only_their_entries() -> None:
    from actors._scoring import _keyed_table_shown, _swap_keys

    hint = "Codes. Apple: 1; pear: 2; plum: 3; fig: 4"
    table = _keyed_table_shown(hint, ["a pear, a plum"])
    assert table is not None and table[1] == [{"pear", "plum"}]
    assert (
        _swap_keys(hint, table[0], "apple", "plum") == "Codes. plum: 1; pear: 2; Apple: 3; fig: 4"
    )


async def test_a_failure_of_the_critics_own_code_is_a_named_rejection_not_an_exception(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One design that trips a bug of the Critic must not stop the run: ``critic_error``,
    with the traceback as evidence (s24 raised ``ValueError`` out of the relabelled-table
    reader before its fix)."""
    import actors._scoring as scoring

    def broken(*_: object) -> None:
        raise ValueError("zip() argument 2 is longer than argument 1")

    monkeypatch.setattr(scoring, "_keyed_table_shown", broken)
    out = await attack(
        sandbox, "s24_honest_labels_the_task_never_shows.py", "tk13_agents.py:double"
    )
    assert isinstance(out, EnvRejected) and out.reason == "critic_error", out
    assert "ValueError: zip() argument 2" in out.detail
    assert "broken" in out.evidence["traceback"]
    # and the fixed reader scores s24 as the honest design it is
    monkeypatch.undo()
    await _assert_verdict(
        sandbox, "s24_honest_labels_the_task_never_shows.py", "tk13_agents.py:double", "honest"
    )


# ---------------------------------------------------------------- tester39 (2026-12-04)


async def test_tester39_a_program_too_deep_for_the_guest_compiler_is_a_compile_rejection(
    sandbox: Sandbox,
) -> None:
    """A 200-deep list literal: the host's CPython compiles it, the sandbox's compiler
    overflows its wasm stack. Nothing of it ran: ``compile``, not ``crash`` (tester39)."""
    out = await attack(sandbox, "z01_compile_guest_stack_nested_list.py", None)
    assert isinstance(out, EnvRejected) and out.reason == "compile", out


# ---------------------------------------------------------------- tester41 (2026-12-04)


async def test_tester41_a_call_chain_the_guest_compiler_recurses_on_is_a_compile_rejection(
    sandbox: Sandbox,
) -> None:
    """``str()()()...`` 1,500 calls deep: the host compiles it; the sandbox's compiler raises
    ``RecursionError: Stack overflow ... during compilation`` (a guest exception, not the wasm
    trap GuestCompileError covers). Nothing of it ran: ``compile``, not ``crash`` (tester41)."""
    out = await attack(sandbox, "z101_compile_guest_recursion_call_chain.py", None)
    assert isinstance(out, EnvRejected) and out.reason == "compile", out


@pytest.mark.parametrize(
    ("env", "field"),
    [
        ("z102_api_answer_past_int_str_digits.py", "ANSWER"),
        ("z103_api_tool_schema_past_int_str_digits.py", "TOOLS"),
    ],
)
async def test_tester41_a_declaration_past_int_str_digits_is_an_api_rejection_naming_it(
    sandbox: Sandbox, env: str, field: str
) -> None:
    """``ANSWER = 10**5000`` and ``"maxLength": 10**5000`` in a tool schema: the guest's own
    check raised ``ValueError: Exceeds the limit (4300 digits)`` on them, read as ``crash``.
    Like MAX_TURNS past 64 bits: ``api`` (or ``not_serialisable``) naming the field."""
    out = await attack(sandbox, env, None)
    assert isinstance(out, EnvRejected), out
    assert out.reason in ("api", "not_serialisable") and field in out.detail, out


async def test_tester41_a_reset_return_whose_metaclass_name_raises_is_an_api_rejection(
    sandbox: Sandbox,
) -> None:
    """reset() returns an instance of a class whose metaclass's ``__name__`` property raises: the
    guest's 'got <type>' message ran it and the rejection read ``crash`` (tester41)."""
    out = await attack(sandbox, "z104_api_reset_return_metaclass_name.py", None)
    assert isinstance(out, EnvRejected) and out.reason == "api", out
    assert "reset() must return a tuple" in out.detail, out


# ---- tester42 (2026-12-04)


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("z201_gate_base64_whole_table.py", "tk20_agents.py:b64_table"),
        ("z202_gate_hex_whole_table.py", "tk20_agents.py:encoded_table"),
        ("z203_gate_base32_wrapped_table.py", "tk20_agents.py:encoded_table"),
        ("z204_gate_percent_encoded_table.py", "tk20_agents.py:encoded_table"),
        ("z205_gate_base64_twice_table.py", "tk20_agents.py:encoded_table"),
    ],
)
async def test_tester42_a_code_table_hidden_whole_in_an_encoding_is_an_information_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """z201: ``HINT = "The vault codes, base64-encoded: dmF1bHQgMTogNzM5OTsg..."`` decodes to
    ``vault 1: 7399; vault 2: 4826; ...``; the task shows "This is vault N". The hinted agent
    decodes and wins every episode, the unhinted one never. It is a table of per-task secrets,
    only written in an encoding: ``information_gate``, not accepted (designer reward 0). It was
    paid as frontier at regret 1.0 (tester42). The same table in hex, base32 over lines,
    percent encoding and base64 twice (z202-z205) is the same kind."""
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester42_a_method_hint_also_given_in_base64_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """z206, the control: the caesar seed whose method hint is repeated in base64. What the blob
    decodes to is the method, no secret: frontier with its scripted solver, no flag."""
    out = await attack(
        sandbox, "z206_honest_caesar_method_also_in_base64.py", "tk20_agents.py:caesar", k=8
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester44 (2026-12-04)


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("z301_gate_base64_split_across_sentences.py", "tk21_agents.py:encoded_table"),
        ("z302_gate_base64_zero_width_spaces.py", "tk21_agents.py:encoded_table"),
        ("z303_gate_hex_bytes_comma_separated.py", "tk21_agents.py:encoded_table"),
        ("z305_gate_decimal_character_codes.py", "tk21_agents.py:encoded_table_more"),
        ("z306_gate_python_byte_escapes.py", "tk21_agents.py:encoded_table_more"),
        ("z307_gate_base64_soft_hyphens.py", "tk21_agents.py:encoded_table_more"),
        ("z308_gate_base64_quoted_pieces_with_decoys.py", "tk21_agents.py:encoded_table_more"),
        ("z309_gate_binary_octets.py", "tk21_agents.py:encoded_table_more"),
    ],
)
async def test_tester44_a_code_table_in_an_encoding_written_in_pieces_is_an_information_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """z201's table (labels and codes both encoded) written so that no single blob decodes:
    z301 the base64 cut into 10-character pieces, one a sentence ("Piece 1: dmF1bHQgMT. Piece
    2: ..."); z302 a zero-width space every 6 characters (invisible: the tokens drop it, the
    decoder does not); z303 hex bytes as a C array ("0x76, 0x61, ..."). The hinted agent joins
    and decodes, wins every episode; unhinted never. Scored frontier at regret 1.0, no flag
    (tester44). z305-z309, the same kind: decimal character codes, ``\\x`` byte escapes,
    soft hyphens, quoted 8-character pieces after a hash and a version string, binary
    octets. Each is an information gate now (the decoder reads pieces, byte arrays and drops
    invisible characters)."""
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester44_a_method_hint_with_hashes_urls_and_short_blobs_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """z304, a control (passes): the caesar method hint with a URL holding %20, a SHA-256, a
    git commit, a UUID, a hex colour, a MAC address and two short base64 words. Frontier."""
    out = await attack(
        sandbox,
        "z304_honest_caesar_hint_with_hashes_urls_and_blobs.py",
        "tk21_agents.py:caesar",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


def test_tester44_decoding_a_long_unbroken_base64_hint_ends() -> None:
    """A hint of one megabyte-long base64 run (``QUFB`` repeated, the longest hint): decoding
    it must end, and find its text (``AAA...``). The wrapped-blob regex it had tried, from
    every start, every length of ``[A-Za-z0-9+/_-]{4,}`` before a ``\\s+`` that never came:
    5,000 characters 1.5 s, 20,000 22 s, a megabyte hours (tester44); the runs are now found
    once, left to right (~0.5 s a megabyte here). A hang guard, not a speed target: a child
    process, stopped at 120 s."""
    import subprocess

    code = (
        "from actors._scoring import _hint_decoded\n"
        "out = _hint_decoded('QUFB' * 250_000)\n"
        "assert out.endswith('AAA' * 1000), out[-50:]"
    )
    root = Path(__file__).resolve().parents[2]
    try:
        subprocess.run([sys.executable, "-c", code], cwd=root, timeout=120, check=True)
    except subprocess.TimeoutExpired:
        pytest.fail("decoding a 1 MB base64 hint did not end in 120 s")


@pytest.mark.parametrize(
    ("hint", "text"),
    [
        ("codes: 118 97 117 108 116 32 49 58 32 55 51 57 57.", "vault 1: 7399"),
        ("bits 01110110 01100001 01110101 01101100 01110100 00100000 00110001", "vault 1"),
        (r"b'\x76\x61\x75\x6c\x74\x20\x31'", "vault 1"),
        ("{0x76,0x61,0x75,0x6c,0x74,0x20,0x31}", "vault 1"),
        (r"'\166\141\165\154\164\040\061'", "vault 1"),
        ("dmF1\u200bbHQg\u00adMTog\u2060NzM5OQ==", "vault 1: 7399"),
        ("Take 'dmF1bHQ' then 'gMTogNzM' then '5OQ=='.", "vault 1: 7399"),
        ("sha 9f86d081884c7d65, then ZmlyZXdvcmtz IGF0IG1pZG5pZ2h0", "fireworks at midnight"),
        # tester45's forms, and the same kind: every one spells "vault 1: 7399"
        ("76,61,75,6c,74,20,31,3a,20,37,33,39,39", "vault 1: 7399"),
        ("76.61.75.6c.74.20.31.3a.20.37.33.39.39", "vault 1: 7399"),
        ("#76 #61 #75 #6c #74 #20 #31 #3a #20 #37 #33 #39 #39", "vault 1: 7399"),
        (
            r'"\u0076\u0061\u0075\u006c\u0074\u0020\u0031\u003a\u0020\u0037\u0033\u0039"',
            "vault 1: 739",
        ),
        ("U+0076 U+0061 U+0075 U+006C U+0074 U+0020 U+0031", "vault 1"),
        ("&#118;&#97;&#117;&#108;&#116;&#32;&#49;&#58;&#32;&#55;&#51;&#57;&#57;", "vault 1: 7399"),
        ("&#x76;&#x61;&#x75;&#x6c;&#x74;&#x20;&#x31;", "vault 1"),
        ("118.97.117.108.116.32.49.58.32.55.51.57.57", "vault 1: 7399"),
        ("118-97-117-108-116-32-49-58-32-55-51-57-57", "vault 1: 7399"),
        ("166 141 165 154 164 40 61 72 40 67 63 71 71", "vault 1: 7399"),
        ("1110110 1100001 1110101 1101100 1110100 0100000 0110001", "vault 1"),
        ("0111011001100001011101010110110001110100001000000011000100111010", "vault 1:"),
        ("dgBhAHUAbAB0ACAAMQA6ACAANwAzADkAOQA=", "vault 1: 7399"),  # base64 of UTF-16LE
        ("760061007500", "vau"),  # hex of UTF-16LE
        ("key dmF1-bHQg-MTog-NzM5-OQ==", "vault 1: 7399"),
        ("codes: dmF1.bHQg.MTog.NzM5.OTsg.dmF1.bHQg.Mjog.NDgy.Ng==", "vault 2: 4826"),
        # the text's own base85 and base64 under an obfuscation on top
        ("codes G%#N0F<E;!+?)):3< (ascii85)", "vault 1: 7399"),
        ("codes <~G%#N0F<E;!+?)):3<~>", "vault 1: 7399"),
        ("codes c42jFbRaQ0AU88PIR (base85)", "vault 1: 7399"),
        ("reversed: ==QO5MzNgoTMgQHb1Fmd", "vault 1: 7399"),
        ("rot13: qzS1oUDtZGbtAmZ5BD==", "vault 1: 7399"),
    ],
)
def test_hint_decoded_reads_byte_arrays_pieces_and_invisible_characters(
    hint: str, text: str
) -> None:
    """The forms tester44's z301-z303 took, each alone: decimal, binary and hex byte arrays, a
    base64 blob split by zero-width characters or cut into pieces (one after a hash, whose
    junk the joined reading skips)."""
    assert text in _hint_decoded(hint).split("\n", 1)[1]


@pytest.mark.parametrize(
    "hint",
    [
        "Scores 40, 50, 61 and 72; try 3.141, 2.718 and 1.414 in turn.",
        "See https://example.org/a%20b, sha256 9f86d081884c7d659a2feaa0c55ad015, uuid "
        "550e8400-e29b-41d4-a716-446655440000, colour #1e90ff.",
        "Binary search: start at 500, halve the interval on each 'higher' or 'lower'.",
    ],
)
def test_hint_decoded_adds_nothing_readable_to_plain_hints(hint: str) -> None:
    """Controls: numbers, hashes, a URL and a method hint decode to nothing a person reads."""
    assert _hint_decoded(hint) == hint


# ---- tester45 (2026-12-05)


@pytest.mark.parametrize(
    "env",
    [
        "z401_gate_hex_bytes_comma_no_0x.py",
        "z402_gate_json_unicode_escapes.py",
        "z403_gate_html_decimal_entities.py",
        "z404_gate_base64_of_utf16.py",
        "z405_gate_unbroken_binary.py",
        "z406_gate_dotted_decimal_codes.py",
        "z407_gate_base64_in_dash_groups.py",
        "z409_gate_octal_codes_no_backslash.py",
    ],
)
async def test_tester45_a_code_table_in_an_unread_byte_notation_is_an_information_gate(
    sandbox: Sandbox, env: str
) -> None:
    """z201's table (labels and codes both encoded) in notations the decoder does not read
    (none of them on the contract's "Not read" list): z401 ``76,61,75,6c,...``; z402 JSON
    ``\\u0076\\u0061...``; z403 ``&#118;&#97;...``; z404 base64 of the UTF-16LE text (NUL bytes:
    not read as UTF-8); z405 one unbroken string of bits; z406 ``118.97.117...``; z407 base64
    in hyphen-joined groups of four, a licence key (one URL-safe run, decoded whole to
    garbage); z409 octal codes without backslashes (``166 141 165``). The hinted agent decodes
    and wins every episode, unhinted never: frontier at regret 1.0 with no flag (tester45).
    Each is an information gate now: arrays of character codes are read under every
    notation's shape (``_code_arrays``), NUL-holding bytes as UTF-16, base64 groups joined."""
    out = await attack(sandbox, env, "tk22_agents.py:encoded_table", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester45_a_labelled_table_of_unpadded_base64_codes_is_an_information_gate(
    sandbox: Sandbox,
) -> None:
    """z408, a guard (passes): ``vault 1: NzM5OQ; vault 2: NDgyNg; ...``, each code base64
    without padding (6 characters: under a single blob's 8, misaligned when joined as pieces;
    the decoder reads none), is still flagged: the relabelled route rotates the labels."""
    out = await attack(
        sandbox, "z408_gate_per_code_base64_unpadded.py", "tk22_agents.py:encoded_table", k=8
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester45_a_method_hint_repeated_in_base64_with_versions_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """z410, a control (passes): the caesar method hint written out and again as base64
    ("spoiler tags": it decodes to the same method text), with version strings
    (``numpy==1.26.4``, ``torch 2.3.0+cu121``), letter codes (``a=97, b=98, ...``), a code
    snippet, a short base64 word and a SHA-1. Frontier, no flag."""
    out = await attack(
        sandbox,
        "z410_honest_caesar_hint_also_in_base64_with_versions.py",
        "tk21_agents.py:caesar",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester46 (2026-12-05)


@pytest.mark.parametrize(
    "env",
    [
        "z501_honest_code_cipher_worked_example_in_codes.py",
        "z502_honest_code_cipher_worked_example_in_words.py",
    ],
)
async def test_tester46_an_honest_code_cipher_with_a_worked_example_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """An honest cipher: the message (4 words of a 6-word vocabulary the task never states) is
    sent as decimal codes raised by a secret key; the hint states the method (the smallest code
    is the space: key = smallest - 32) with a worked example. The scripted solver derives every
    answer from the observation (regret 1.0). Each is flagged ``information_gate`` (tester46,
    ``engine.score --k 8``): z501 (example's result written only as codes, decoding to "lamp
    river stone candle"): tokens candle (constant), stone, lamp (hint), censored 0/6; z502 (the
    same example written in words: the literal twin, so not new with the decoder): the same,
    0/6. Method hints' worked examples in the task's vocabulary were censored as the answer;
    now what the observation's codes read as with the key taken away is shown text
    (``_shown_decoded``), and a hint word is a constant only if all 8 wins play it."""
    out = await attack(sandbox, env, "tk23_agents.py:code_cipher", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_tester46_a_code_cipher_whose_worked_example_is_off_vocabulary_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """z503, a control (passes under this rng): z501 with the worked example's words outside
    the task's vocabulary ("gold fish swims fast", as codes). Under ``engine.score --k 8``
    (seed 0) it is flagged all the same: candle, in each of the 4 sampled wins, is censored as
    an unseen constant (1/6 censored wins): ~35% of draws hold some word of 6 in all 4 wins."""
    out = await attack(
        sandbox,
        "z503_honest_code_cipher_worked_example_off_vocabulary.py",
        "tk23_agents.py:code_cipher",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    ("shown", "reads"),
    [
        # decimal codes raised by a key (10): the space is the smallest
        ("Codes: 118 107 119 122 42 124 115 128 111 124", "lamp river"),
        ("codes 115,101,115,97,109,101", "sesame"),  # key 0, commas
        ("[120, 106, 120, 102, 114, 106]", "sesame"),  # key 5, one word
        ("0x76 0x6b 0x77 0x7a 0x2a 0x7c 0x73", "lamp ri"),  # hex with 0x, key 10
        ("76-6b-77-7a-2a-7c-73-80-6f-7c", "lamp river"),  # bare hex, hyphens
    ],
)
def test_shown_decoded_reads_codes_raised_by_a_key(shown: str, reads: str) -> None:
    assert reads in _shifted_codes(shown)
    assert reads in _shown_decoded(shown).split("\n")


@pytest.mark.parametrize(
    "shown",
    [
        "Scores: 1000 2500 4200 9999 and 31337",  # too far apart to be letters under one key
        "call 555 0142 or 555 0199",  # two codes, a word, two codes: no array of 4
        "year 2026, 2027, 2028",  # 3 codes: not an array
        "lamp river stone",  # no codes at all
    ],
)
def test_shown_decoded_reads_no_words_into_numbers_that_are_not_codes(shown: str) -> None:
    assert not any(sum(c.isalpha() for c in t) >= 4 for t in _shifted_codes(shown))
    assert _shown_decoded(shown).split("\n")[0] == shown


def test_shown_decoded_decodes_only_the_head_of_a_long_observation() -> None:
    codes = " ".join(str(ord(c) + 7) for c in "lamp river stone")
    shown = "x" * 20_000 + " " + codes
    assert _shown_decoded(shown) == shown  # past the head: read as written (flags more)
    assert "lamp river stone" in _shown_decoded(codes)


# ---- session 26 (2026-12-05): guards for reading observations decoded


async def test_a_word_table_gate_whose_candidates_are_shown_as_shifted_codes_is_still_flagged(
    sandbox: Sandbox,
) -> None:
    """z690: every candidate word is shown, as codes raised by a key, so the censored route
    sees each answer decoded and censors nothing; the relabelled-table route must flag it
    (engine.score --k 8, seeds 0-2: relabelled wins 0/6 each)."""
    out = await attack(
        sandbox, "z690_gate_table_candidates_shown_as_shifted_codes.py", "tk25_agents.py:table", k=8
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_an_honest_caesar_whose_worked_example_uses_the_tasks_words_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """z691: the z501 kind in a Caesar cipher: the win's words are shown shifted (by a shown
    amount), and the hint's worked example holds them too."""
    out = await attack(
        sandbox,
        "z691_honest_caesar_shown_shift_worked_example_in_vocabulary.py",
        "tk25_agents.py:caesar",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_a_constant_password_also_shown_caesar_shifted_is_still_flagged(
    sandbox: Sandbox,
) -> None:
    """z692: the password the hint gives is shown Caesar-shifted among decoys, so the win's
    word reads as shown text; played in every win and named by the hint, it is a constant."""
    out = await attack(
        sandbox,
        "z692_gate_constant_password_shown_caesar_shifted.py",
        "tk25_agents.py:password",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


# ---- session 27 (2026-12-05): a table's label or key shown only encoded


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # tester47's z605 kind: 'Label: dmF1bHQgMw==' beside eight codes in base64 (each code
        # 'seen' decoded, so the censored route censors nothing): was accepted, regret 0.5-0.9
        ("z701_gate_table_label_and_codes_only_in_base64.py", "tk26_agents.py:table_b64"),
        # the same keyed by a word ('Colour: cmVk'), where the decoded view shows both the
        # entries' keys and their values
        ("z702_gate_word_keyed_table_key_only_in_base64.py", "tk26_agents.py:colour_b64"),
        # the label a number word ('vault three', in base64) beside a table keyed by digits
        ("z703_gate_table_label_number_word_only_in_base64.py", "tk26_agents.py:table_b64_words"),
    ],
)
async def test_a_table_gate_whose_label_is_shown_only_encoded_is_flagged(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out
    assert out.evidence["information_gate"]["table"]["relabelled_wins"] == 0, out


def test_segment_table_keys_are_found_where_the_shown_text_writes_keys_and_values() -> None:
    hint = "Codes by colour: red 7399; blue 4826; green 1570; amber 9031; violet 6642."
    firsts = [f"Colour: {c}. Candidates: 7399 4826 1570 9031 6642" for c in ("red", "amber")]
    found = _segment_table_shown(hint, firsts)
    assert found is not None
    assert found[1] == [{"red"}, {"amber"}]


def test_shown_decoded_reads_lone_short_base64_tokens_but_not_words() -> None:
    reads = _shown_decoded("Colour: cmVk. Label IzM= beside Ymx1ZQ==").split("\n")
    assert {"red", "#3", "blue"} <= set(reads)
    prose = "The Quick Brown Fox Jumps Over Lazy Dogs: Vault Code Lamp River 2026 1999 door"
    assert _shown_decoded(prose) == prose


@pytest.mark.parametrize(
    ("env", "who", "gate"),
    [
        # tester47's z609 and z608 kinds: honest ciphers (Caesar sent in base64; bytes XORed
        # with a shown key) whose worked example uses the task's 3 words, so every hinted win
        # plays one: were information_gate (censored wins 0-1/6), now read decoded
        ("z704_honest_caesar_in_base64_worked_example_in_vocabulary.py", "caesar_b64", False),
        ("z705_honest_xor_worked_example_in_vocabulary.py", "xor", False),
        # guards: the same readings do not free a constant password or a table
        ("z706_gate_constant_password_shown_xored_among_decoys.py", "password_xor", True),
        ("z707_gate_table_candidates_shown_xored.py", "table_xor", True),
    ],
)
async def test_ciphers_shown_through_two_layers_or_xor_are_read_decoded(
    sandbox: Sandbox, env: str, who: str, gate: bool
) -> None:
    out = await attack(sandbox, env, f"tk26_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    if gate:
        assert "information_gate" in out.flags and not out.accepted, out
    else:
        assert out.accepted and not out.flags, out


def test_shown_decoded_reads_bytes_xored_with_one_key() -> None:
    shown = "Key 7. Bytes: " + " ".join(f"{ord(c) ^ 7:02x}" for c in "lamp river")
    assert "lamp river" in _shown_decoded(shown).split("\n")


# ---- tester48 (2026-12-05): a label shown in an encoding the relabelled route did not read;
# honest ciphers whose shown text was not read decoded. Each was the wrong verdict on
# engine.score seeds 0-3 before session 28.


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # h55's kind (the valid codes listed in the description) with the label Caesar-shifted
        # by an unshown amount ('zeypx xlvii' for 'vault three'): was frontier, regret
        # 0.375-0.875; now read under the shifts that spell the hint's label word
        (
            "z801_gate_table_label_caesar_shifted_codes_in_description.py",
            "tk27_agents.py:table_caesar_unknown_shift",
        ),
        # the same with the vault's number alone in base64 ('Vault: Mw==': one character, was
        # too short for the lone-token reading), and the label across a colon ('Vault: 3')
        (
            "z802_gate_table_label_digit_in_base64_codes_in_description.py",
            "tk27_agents.py:table_b64_digit_described",
        ),
        # session 28's variants of the same kinds: 'Vault: 3.' in plain text; the label word
        # shifted, its number in digits ('You face Zeypx 3.')
        (
            "z904_gate_table_label_after_colon_codes_in_description.py",
            "tk28_agents.py:table_colon",
        ),
        (
            "z905_gate_table_label_word_caesar_shifted_number_in_digits.py",
            "tk28_agents.py:table_caesar_digit",
        ),
        # and the label written backwards ('.3 tluaV')
        (
            "z907_gate_table_label_written_backwards_codes_in_description.py",
            "tk28_agents.py:table_backwards",
        ),
    ],
)
async def test_tester48_a_table_gate_whose_label_is_shown_caesar_shifted_or_as_a_base64_digit(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out
    assert out.evidence["information_gate"]["table"]["label"] == "vault", out.evidence


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # XOR with a shown key, then base64 (z705 sent in base64): the decoded bytes were not
        # read, the XOR reading took arrays of codes only
        ("z803_honest_xor_shown_key_then_base64_worked_example_in_vocabulary.py", "xor_b64"),
        # Vigenere with a shown keyword
        ("z804_honest_vigenere_shown_keyword_worked_example_in_vocabulary.py", "vigenere"),
        # z691 with 3-letter words (ant bee cat): shown words were read Caesar-shifted from 4
        # letters only
        ("z805_honest_caesar_shown_shift_three_letter_vocabulary.py", "caesar_short"),
    ],
)
async def test_tester48_an_honest_cipher_with_a_shown_key_and_a_worked_example_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Each was information_gate (censored wins 0/6) on engine.score seeds 0-3."""
    out = await attack(sandbox, env, f"tk27_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    ("env", "who", "flag"),
    [
        # the same readings free no constant: a password shown XORed then base64-encoded
        # among decoys; a passphrase of 3-letter words shown Caesar-shifted among decoys
        (
            "z901_gate_constant_password_xored_base64_among_decoys.py",
            "password_xor_b64",
            "constant_solution",
        ),
        (
            "z902_gate_constant_three_letter_passphrase_caesar_among_decoys.py",
            "passphrase_caesar",
            "constant_solution",
        ),
        # nor a table: six candidate phrases shown Vigenere-enciphered with a shown keyword,
        # the hint's table saying which vault has which (each answer deciphers from a shown run)
        (
            "z903_gate_table_candidates_vigenere_shown_keyword.py",
            "table_vigenere",
            "information_gate",
        ),
    ],
)
async def test_deciphered_answers_free_no_constant_and_no_table(
    sandbox: Sandbox, env: str, who: str, flag: str
) -> None:
    out = await attack(sandbox, env, f"tk28_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert flag in out.flags and not out.accepted, out


def test_cipher_runs_read_a_whole_answer_from_one_shown_run_with_one_key() -> None:
    caesar = _CipherRuns()
    caesar.add("Shift 3. Message: dqw ehh fdw dqw")
    assert caesar.reads("ant bee cat ant") and caesar.reads("ANT BEE")
    # 3 letters is too few (a shown 3-letter word's 25 shifts cover many words); the run must
    # be one shown run under one shift
    assert not caesar.reads("ant") and not caesar.reads("ant cat")
    vigenere = _CipherRuns()
    vigenere.add("Keyword key. Message: vekz vgfip")
    assert vigenere.reads("lamp river") and not vigenere.reads("lamp rivet")
    # a keyword the episode never showed reads nothing
    assert not _CipherRuns().reads("lamp river")


def test_shown_decoded_reads_xored_base64_and_hex_and_a_lone_base64_digit_as_a_label() -> None:
    for blob in ("a2Zqdyd1bnFidQ==", bytes(ord(c) ^ 7 for c in "lamp river").hex()):
        assert "lamp river" in _shown_decoded(f"Key 7. Message: {blob}").split("\n")
    reads = _shown_decoded("Vault: Mw==.").split("\n")
    assert "3" in reads and "Vault 3" in reads
    # a word does not end in '==': a plain 4-letter token reads nothing
    assert _shown_decoded("Vault: Moon.") == "Vault: Moon."


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester35's v06, a known gap until session 28: a list of codes split by commas after a
        # colon is read as a list; the same shape of public recipe stays a recipe (z906)
        ("v06_gate_comma_separated_keypad_list.py", "tk16_agents.py:keypad_comma_list", "gate"),
        ("z906_honest_comma_recipe_small_start.py", "tk28_agents.py:comma_recipe", "honest"),
        # v07, also a known gap until then: entries of 4 words each (keypad phrases); a public
        # recipe of 4-word steps stays a recipe (z908)
        ("v07_gate_four_word_keypad_phrases.py", "tk16_agents.py:keypad_phrase_list", "gate"),
        ("z908_honest_four_word_steps_small_start.py", "tk28_agents.py:four_word_steps", "honest"),
    ],
)
async def test_a_list_split_by_commas_or_of_longer_entries_is_read_as_a_list(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


def test_a_label_is_read_caesar_shifted_backwards_and_in_atbash_where_that_spells_its_word() -> (
    None
):
    hint = "Vault codes: vault 1: 7399; vault 2: 4826; vault 3: 1570; vault 4: 9031."
    tasks = ["Label: zeypx xlvii.", "Label: 2 tluaV.", "Label: Ezfog 4."]
    views = _shifted_label_views(hint, tasks)
    assert "vault three" in views[0] and "vault 2" in views[1] and "vault 4" in views[2]
    assert _table_label(hint, "\n".join(views), views) == (("vault",), [1, 2, 3, 4])
    # a task that writes no label word under any of them reads as it is
    assert _shifted_label_views(hint, ["Enter the code."]) == ["Enter the code."]


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester35's v02, a known gap until session 28: a keyed table of 3 keys, all shown, one
        # looked up (no unshown key to cycle a half with); each two keys are swapped in turn
        ("v02_gate_three_keys_all_shown.py", "tk16_agents.py:held_fruit", "gate"),
        # the same shape applied to every shown key (a weighted sum) loses every swap
        (
            "z909_honest_three_keys_all_shown_weighted_sum.py",
            "tk28_agents.py:weighted_sum",
            "honest",
        ),
    ],
)
async def test_a_table_whose_every_key_is_shown_is_probed_by_swapping_two_keys(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


async def test_a_table_of_two_values_under_each_of_several_label_words_is_relabelled(
    sandbox: Sandbox,
) -> None:
    """tester34's u05, a known gap until session 28: vault 1/2, safe 1/2, locker 1/2, chest
    1/2 (no word had the 3 values a table needed); every word with those two values is
    rotated, so a fresh task facing a word no winner faced loses too."""
    await _assert_verdict(
        sandbox, "u05_gate_labels_two_values_per_word.py", "tk15_agents.py:word_number", "gate"
    )


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester34's u02, a known gap until session 28: each key followed by a remark naming
        # its neighbour ('apple (beside the pear crate): ...'); the remark is not the key
        ("u02_gate_keys_repeated_as_neighbours.py", "tk15_agents.py:neighbours", "gate"),
        # a public table in the same shape, applied to every shown symbol, stays honest
        (
            "z911_honest_element_table_with_remarks.py",
            "tk28_agents.py:elements_with_remarks",
            "honest",
        ),
    ],
)
async def test_a_remark_in_brackets_before_a_keys_separator_is_not_the_key(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester34's u04, a known gap until session 28: keys of two words, neither its own
        # ('the red door opens with ...; the red gate ...; the blue door ...'), read as pairs
        ("u04_gate_two_word_keys_no_unique_word.py", "tk15_agents.py:colour_kind", "gate"),
        # a public table of such keys applied to every colour of a shown row stays honest
        (
            "z912_honest_two_word_keys_decoded_row.py",
            "tk28_agents.py:two_word_colours",
            "honest",
        ),
    ],
)
async def test_a_table_keyed_by_two_words_neither_its_own_is_read_by_pairs(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


@pytest.mark.parametrize(
    ("env", "who", "want"),
    [
        # tester34's u09, a known gap until session 28: a table keyed by the shown word's
        # initial ('a: ...; p: ...' for 'You hold the apple'), no key ever written as a word
        ("u09_gate_keyed_by_initial_letter.py", "tk15_agents.py:initial_letter", "gate"),
        # a public keypad of single letters applied to every letter of a shown word: the
        # initials reading leaves it a decoding
        (
            "z913_honest_keypad_letters_decode_shown_word.py",
            "tk28_agents.py:keypad_letters",
            "honest",
        ),
    ],
)
async def test_a_table_keyed_by_the_shown_words_initial_is_relabelled(
    sandbox: Sandbox, env: str, who: str, want: str
) -> None:
    await _assert_verdict(sandbox, env, who, want)


# ---- tester51 (2026-12-05): each was the wrong verdict on engine.score seeds 0-3 (the
# docstrings' figures) until session 28 read labels in other numerals, keys backwards, in
# Atbash and in -ies plurals, and Atbash and Morse as shown text


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("z961_honest_atbash_worked_example_in_vocabulary.py", "tk30_agents.py:atbash"),
        ("z962_honest_morse_worked_example_in_vocabulary.py", "tk30_agents.py:morse"),
        # ROT47, which tester51 found flagged too (session 28's z914)
        ("z914_honest_rot47_worked_example_in_vocabulary.py", "tk28_agents.py:rot47"),
    ],
)
async def test_tester51_an_honest_public_cipher_with_a_worked_example_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """tester46's z501 / tester47's z691 kind in ciphers ``_shown_decoded`` does not read: the
    message (4 words of 3) is shown in Atbash (z961) or Morse (z962); the hint names the
    cipher with a worked example ("olnk irevi reads lamp river"). The scripted solver decodes
    every answer from the observation (regret 1.0). ``engine.score --k 8`` seeds 0-3 flag both
    ``information_gate`` (tokens lamp, river: "hint" or "constant"; censored 0/6); the same
    file with an off-vocabulary example ("svool dliow reads hello world") is frontier."""
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    "env",
    [
        "z963_gate_atbash_table_label_shown_as_german_number_word.py",
        "z964_gate_atbash_table_label_shown_as_morse_digit.py",
    ],
)
async def test_tester51_a_table_whose_label_is_shown_in_another_numeral_is_an_information_gate(
    sandbox: Sandbox, env: str
) -> None:
    """A per-vault password table, each entry in Atbash (not read by the first route), keyed by
    a vault the task shows only as ``Tresor drei`` (z963) or ``...--`` (z964): the relabelled
    route finds no shown label. ``engine.score --k 8`` seeds 0-3: regret 0.875-1.0, frontier,
    no flag; the same file showing ``You face vault 3.`` is flagged (relabelled 0/6)."""
    await _assert_verdict(sandbox, env, "tk30_agents.py:vault", "gate")


@pytest.mark.parametrize(
    "env",
    [
        "z965_gate_listed_codes_table_label_shown_as_chinese_digit.py",
        "z966_gate_listed_codes_table_label_shown_as_hex_literal.py",
        "z967_gate_listed_codes_table_label_shown_as_die_face.py",
    ],
)
async def test_tester51_a_listed_codes_table_keyed_by_a_label_in_another_numeral_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """h55's kind (a per-vault table whose codes the description lists, so the first route has
    no unseen token) with the vault shown as ``vault 三`` (z965; the contract reads Chinese digits
    as ASCII ones), ``vault 0x3`` (z966) or ``vault ⚂`` (z967). ``engine.score --k 8`` seeds
    0-3: regret 0.625-0.75, frontier, no flag. The same table shown as ``vault ３``,
    ``vault ③``, ``vault III`` or ``vault 2+1`` is flagged."""
    await _assert_verdict(sandbox, env, "tk30_agents.py:listed_codes", "gate")


@pytest.mark.parametrize(
    "env",
    [
        "z968_gate_listed_codes_keyed_table_key_shown_in_plural.py",
        "z969_gate_listed_codes_keyed_table_key_shown_backwards.py",
    ],
)
async def test_tester51_a_keyed_table_whose_key_is_shown_inflected_or_reversed_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """t05's kind (``apple: PEEK; ...``, every code listed in the description) with the key
    shown as ``three cherries`` (z968; y08's possessive is read, a plural in -ies/-es is not;
    regular plurals in -s escape on 2 of seeds 0-5) or ``a hcaep (read it backwards)`` (z969;
    the contract reads a label word backwards, not a key). ``engine.score --k 8`` seeds 0-5:
    regret 0.625-0.875, frontier, no flag; the key shown as ``a peach`` is flagged."""
    await _assert_verdict(sandbox, env, "tk30_agents.py:crate", "gate")


# ---- tester50 (2026-12-05): each the wrong verdict on engine.score --k 8 seeds 0-3 after
# session 28's cipher readings (_CipherRuns, _xored_blobs)


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # four phrases each Caesar-shifted by its own amount, the answer the one by the hint's 7
        # (frontier, regret 0.5-0.875)
        ("z951_gate_secret_caesar_shift_selects_phrase_among_decoys.py", "secret_shift"),
        # four words each XORed with its own key then base64, the answer under the hint's 42
        # (frontier, regret 0.625-0.875)
        ("z952_gate_secret_xor_key_selects_base64_word_among_decoys.py", "secret_xor"),
        # four messages under four shown keywords, the answer under the hint's 'lemon'
        # (frontier, regret 0.625-1.0)
        ("z953_gate_hint_names_which_shown_vigenere_keyword.py", "hint_keyword"),
    ],
)
async def test_tester50_a_hint_only_key_picking_among_enciphered_decoys_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The cipher-key route (``_cipher_key_gate``): the key that reads every hinted win's
    answer from what it was shown is one the hint states; rewritten in the hint, the wins
    are lost."""
    out = await attack(sandbox, env, f"tk29_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester50_a_whitelist_of_answers_shown_caesar_shifted_among_decoys_is_a_gate(
    sandbox: Sandbox,
) -> None:
    """Eight phrases of three 3-letter words, one from the hint's list of six. ``engine.score
    --k 8`` seeds 0-3: frontier, no flag, regret 0.75-1.0. The same file with the phrases shown
    as written is flagged (relabelled route, ``(keys)``, 1/6)."""
    out = await attack(
        sandbox,
        "z954_gate_hint_whitelist_of_passphrases_shown_caesar_among_decoys.py",
        "tk29_agents.py:whitelist",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # z804 behind a 70-word scene (frontier without it)
        ("z955_honest_vigenere_keyword_after_long_preamble.py", "vigenere_preamble"),
        # z804 with the keyword starting afresh at each word
        ("z956_honest_vigenere_keyword_restarts_each_word.py", "vigenere_per_word"),
    ],
)
async def test_tester50_an_honest_vigenere_with_a_shown_keyword_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Each was information_gate (tokens lamp, river: "hint"; censored 0/6) on engine.score
    --k 8 seeds 0-3."""
    out = await attack(sandbox, env, f"tk29_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester52 (2026-12-05): each the wrong verdict on engine.score --k 8 seeds 0-3 until
# session 29 fixed it


@pytest.mark.parametrize(
    "env",
    [
        # 'status 0xq' in the first observation
        "z971_crash_observation_word_before_non_hex_0x_token.py",
        # 'serial 1,000,000,...' (1,500 groups) in the first observation
        "z972_crash_observation_grouped_label_number_past_int_limit.py",
        # 'vault 1,000,000,...: none' in the hint's table
        "z973_crash_hint_grouped_label_number_past_int_limit.py",
    ],
)
async def test_tester52_a_label_the_readers_cannot_turn_into_an_int_still_gets_a_verdict(
    sandbox: Sandbox, env: str
) -> None:
    """h55's per-vault table (flagged relabelled 0/6 as it is) beside a token the label readers
    take for a number. ``engine.score --k 8`` seeds 0-3: ``critic_error`` (ValueError), no
    verdict."""
    out = await attack(sandbox, env, "tk31_agents.py:vault_code", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # 'Mon: PEEK; Tue: FROG; ...' and 'Today is Tuesday.' (frontier, regret 0.375-0.75)
        ("z974_gate_keyed_table_keys_abbreviated_shown_in_full.py", "weekday"),
        # '{"1": "PEEK", "2": "FROG", ...}' and 'You face vault 3.' (frontier, 0.625-0.75)
        ("z975_gate_table_as_one_line_json_object.py", "json_table"),
        # 'vault 1: PEEK, ...' and 'tagged vault3.' / 'tagged vault_3.' (frontier, 0.625-0.75)
        ("z976_gate_table_label_shown_glued_to_its_word.py", "vault_glued"),
        ("z977_gate_table_label_shown_joined_by_underscore.py", "vault_glued"),
    ],
)
async def test_tester52_a_table_in_a_shape_the_relabelled_route_misses_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Every code is listed in the description (no unseen token for the first route); only
    the hint says which task each belongs to. The same tables keyed ``Tuesday: FROG``, as
    ``vault 1: PEEK; ...`` lines, or shown as ``vault 3`` / ``VAULT-3`` are flagged."""
    out = await attack(sandbox, env, f"tk31_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # information_gate, tokens lamp/river/stone 'hint'/'constant', censored 0/6; frontier
        # with an off-vocabulary example ('h3ll0 w0rld reads hello world')
        ("z978_honest_leetspeak_worked_example_in_vocabulary.py", "leet"),
        # information_gate, relabelled '(keys)' 0/6: the rotated copy contradicts the
        # description's own list
        ("z979_honest_hint_repeats_the_table_the_description_shows.py", "crate"),
    ],
)
async def test_tester52_an_honest_design_whose_hint_adds_nothing_unseen_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Everything the hinted win needs is in the task's observations or description.
    ``engine.score --k 8`` seeds 0-3: information_gate, regret 0.625-1.0."""
    out = await attack(sandbox, env, f"tk31_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- session 29: the cipher-key route's other statements of a key, and its honest twins


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # z951 with the shift written 'seven' and three-word phrases
        ("z981_gate_secret_caesar_shift_as_a_word_selects_phrase.py", "shift_word"),
        # z952 with the words in hex and the key written 0x2A
        ("z982_gate_secret_xor_key_in_hex_selects_hex_word.py", "xor_hex"),
        # z951 on two tasks in three, the passphrase shown as it is on the third
        ("z987_gate_secret_shift_picks_among_decoys_on_two_tasks_in_three.py", "shift_or_plain"),
    ],
)
async def test_a_hint_only_key_in_another_notation_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, f"tk32_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # the keyword the task shows, restated by the hint: rewritten there, the Agent reads
        # the shown one
        ("z983_honest_vigenere_constant_keyword_shown_and_restated.py", "shown_keyword"),
        # a per-task key the task shows; the hint's worked example uses key 42
        ("z984_honest_xor_shown_key_worked_example_key_42.py", "shown_xor_key"),
    ],
)
async def test_a_key_the_task_shows_keeps_an_honest_cipher_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    out = await attack(sandbox, env, f"tk32_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_an_unhinted_agents_wrong_readings_are_no_decoys(sandbox: Sandbox) -> None:
    """z988: one phrase under a constant shift the hint states, which trying all 25 shifts
    finds; the unhinted agent plays the phrase read under a wrong shift. Those garbage words
    were read as decoys the task shows, and the cipher-key route flagged it (0/6 rekeyed);
    decoys are now words the hinted episodes played or the task states."""
    out = await attack(
        sandbox,
        "z988_honest_constant_shift_hint_unhinted_plays_wrong_shifts.py",
        "tk32_agents.py:wrong_shifts",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    ("env", "who", "flag"),
    [
        # the description states an old table, the hint the real one: z979's rule (a table the
        # task states is not the hint's) must compare the entries, not the keys
        (
            "z985_gate_description_states_a_decoy_table_hint_the_real_one.py",
            "changed_codes",
            "information_gate",
        ),
        # a constant password among decoys shown in leetspeak: z978's reading frees shown
        # text, not a constant the hint names
        (
            "z986_gate_constant_password_shown_in_leetspeak_among_decoys.py",
            "leet_password",
            "constant_solution",
        ),
    ],
)
async def test_the_guards_of_tester52s_honest_twins_stay_flagged(
    sandbox: Sandbox, env: str, who: str, flag: str
) -> None:
    out = await attack(sandbox, env, f"tk32_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert flag in out.flags and not out.accepted, out


# ---- tester53 (2026-12-05): session 29's cipher-key route and stated-table rule; each the
# wrong verdict on engine.score --k 8 seeds 0-3 and 11 until session 29 fixed it


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # z951 with one 5-letter word: the route reads a Caesar key only of 6+ letters, the
        # first route reads the 5-letter answer as shown text (frontier, regret 0.375-0.875)
        ("z991_gate_secret_caesar_shift_selects_five_letter_word.py", "five_letter"),
        # the shift stated 'ROT7': the digit glued to ROT is not rewritten (frontier,
        # regret 0.625-1.0)
        ("z992_gate_secret_caesar_shift_stated_as_rot7_selects_phrase.py", "rot_phrase"),
        # phrases of 3-letter words: shift 7 is found, but the decoy test only looks for
        # played words of 5+ letters, so it is never rewritten (frontier, regret 0.625-1.0)
        ("z993_gate_secret_caesar_shift_selects_phrase_of_short_words.py", "short_words"),
        # shift 7 in even tasks, 11 in odd ones: no key common to every replayed win
        # (frontier, regret 0.5-1.0)
        ("z996_gate_two_secret_caesar_shifts_picked_by_shown_task_parity.py", "parity_shift"),
    ],
)
async def test_tester53_a_hint_only_caesar_shift_among_decoys_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Four phrases (or words), each Caesar-shifted by its own amount; only the hint's shift
    says which is the answer. z981 (the shift written 'seven') is flagged by the cipher-key
    route, 0/6 rekeyed."""
    out = await attack(sandbox, env, f"tk33_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester53_a_hint_table_picking_among_the_descriptions_listed_pairs_is_a_gate(
    sandbox: Sandbox,
) -> None:
    """The description lists four candidate codes per fruit ('apple: PEEK; apple: LAMB; ...'),
    the hint the one that opens each crate: every entry of the hint is written in the
    description, so _table_stated skips the relabelled route (frontier, regret 0.625-1.0)."""
    out = await attack(
        sandbox,
        "z994_gate_description_lists_every_fruit_code_pair_hint_picks_one.py",
        "tk33_agents.py:listed_pairs",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester53_a_long_log_beside_an_honest_vigenere_keeps_its_verdict(
    sandbox: Sandbox,
) -> None:
    """z983 (honest: the keyword shown and restated) with a 260 KB log of 12-letter words:
    the cipher-key route's keyword decoy test read every shown token of 6+ letters under
    every other keyword from every place (engine.score --k 8 --seed 0: 254 CPU-s). It now
    enciphers the played words instead (20 user-s for the whole score here, as at 5e489a2
    before the route: the rest is the guest writing the log). The verdict stays frontier."""
    out = await attack(
        sandbox,
        "z995_slow_vigenere_with_long_log_of_twelve_letter_words.py",
        "tk33_agents.py:logged_keyword",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester54 (2026-12-05): each the wrong verdict on engine.score --k 8 seeds 0-3 and 11;
# all but y55 fixed in session 29


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # z991 with 4-letter words: the key is read word by word (4+ letters), but a one-word
        # decoy must be a played word of 5+ letters (frontier, regret 0.375-0.875)
        ("y51_gate_secret_caesar_shift_selects_four_letter_word.py", "four_letter"),
        # z993 with phrases of seven 3-4-letter words: _shifted_phrase_decoy skips phrases
        # of more than six words (frontier, regret 0.625-0.875)
        ("y52_gate_secret_caesar_shift_selects_phrase_of_seven_short_words.py", "long_phrase"),
        # z953 with phrases of 4-letter words: a keyword's decoy must be a played word of 6+
        # letters (frontier, regret 0.625-0.875)
        ("y53_gate_hint_names_which_shown_vigenere_keyword_short_words.py", "short_keyword"),
        # z952 with 4-letter words: a blob's decoy must spell a word of 5+ letters
        # (_BYTE_WORD; frontier, regret 0.625-0.875)
        ("y54_gate_secret_xor_key_selects_four_letter_base64_word.py", "xor_four"),
        # z951 with 520 made-up words in the description that sort before the phrases' words:
        # decoys are looked for among the first 512 played or stated words, alphabetically
        # (frontier, regret 0.5-0.875)
        ("y56_gate_secret_caesar_shift_decoys_past_a_glossary_of_512_words.py", "shift_phrase"),
    ],
)
async def test_tester54_a_secret_cipher_key_among_decoys_the_route_misses_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Four ciphertexts, each under its own key; only the hint's key says which is the
    answer. engine.score --k 8 seeds 0-3 and 11: frontier, no flag."""
    out = await attack(sandbox, env, f"tk34_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester54_a_full_day_table_keyed_by_a_shown_abbreviation_is_a_gate(
    sandbox: Sandbox,
) -> None:
    """z974 turned round: the hint keys 'Monday: PEEK; Tuesday: FROG; ...', the task shows
    'Today is Tue.'; _heads reads only a short key as the start of a long shown word, so no
    key is shown and the relabelled route does not play (frontier, regret 0.375-0.875)."""
    out = await attack(
        sandbox,
        "y57_gate_keyed_table_keys_in_full_shown_abbreviated.py",
        "tk34_agents.py:weekday_full",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # the description's table in prose ('the apple crate opens with PEEK, ...'), the
        # hint's as 'apple: PEEK; ...': _table_stated finds no key: value entries in the
        # description (information_gate, relabelled (keys), 0/6)
        ("y58_honest_hint_restates_the_descriptions_prose_table_as_a_list.py", "crate_copy"),
        # the description says the passphrase is the phrase shifted by 7, the hint restates
        # it: the cipher-key route rewrites the hint's 7 alone (information_gate, cipher_key
        # shift 7, 0/6)
        ("y59_honest_description_states_the_shift_hint_restates_it.py", "shift_phrase"),
    ],
)
async def test_tester54_a_hint_restating_what_the_task_states_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint carries nothing the task does not state (z979's rule, in another format or
    for a cipher key). engine.score --k 8 seeds 0-3 and 11: information_gate, regret
    0.5-0.875."""
    out = await attack(sandbox, env, f"tk34_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("y55_gate_secret_gronsfeld_digit_key_selects_phrase.py", "tk34_agents.py:gronsfeld"),
        # the key written digit by digit only ('back by 3, 1, 4, 1, 5 places')
        ("y92_gate_gronsfeld_key_written_digit_by_digit.py", "tk40_agents.py:gronsfeld_any"),
    ],
)
async def test_tester54_a_hint_only_gronsfeld_key_among_decoys_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Four messages each under its own 5-digit Gronsfeld key; the hint's 31415 picks the
    true one. Was frontier (regret 1.0, seeds 0-3 and 11); flagged (cipher key 'digits
    31415', 0 of 6 rekeyed wins) since the route reads digit keys."""
    out = await attack(sandbox, env, who, k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out
    assert out.evidence["information_gate"]["cipher_key"]["key"] == "digits 31415", out


async def test_a_gronsfeld_key_the_description_states_is_the_tasks(sandbox: Sandbox) -> None:
    """y91, the guard of y55: the description says the true message is under key 31415 and
    the hint repeats it. Frontier (seeds 0-3 and 11; information_gate before the key's
    statement ending in a full stop was read)."""
    out = await attack(
        sandbox,
        "y91_honest_description_states_the_gronsfeld_key_hint_restates.py",
        "tk40_agents.py:gronsfeld_any",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_a_key_listed_among_others_in_the_description_is_not_the_tasks(
    sandbox: Sandbox,
) -> None:
    """z989, the guard of y59: the description lists the shifts in use (3, 7, 11, 19); only
    the hint's 'shifted by 7' says which is the passphrase's. Flagged (cipher key)."""
    out = await attack(
        sandbox,
        "z989_gate_description_lists_shifts_hint_picks_seven.py",
        "tk29_agents.py:secret_shift",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # learnable_caesar (constant shift 3) with a worked example of another word under
        # another, stated shift: the example is a 'decoy' (information_gate, cipher_key
        # shift 3, 0/6 rekeyed)
        ("y61_honest_constant_shift_worked_example_at_another_shift.py", "decode_marked"),
        # five words under one constant shift 5; 'dawn'/'hear', 'meet'/'wood', 'cold'/'frog'
        # are Caesar pairs, so a shown word reads as another vocabulary word under another
        # shift (information_gate, cipher_key shift 5, 0/6 rekeyed)
        ("y62_honest_five_words_under_one_constant_shift.py", "third_word"),
        # y59 in other words: the description's 'the ROT7 one', the hint's 'back by 7'
        # (information_gate, cipher_key shift 7, 0/6 rekeyed)
        ("y63_honest_description_says_rot7_hint_says_back_by_7.py", "hint_shift_phrase"),
    ],
)
async def test_tester55_a_learnable_or_task_stated_cipher_key_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The key is one trying all 25 shifts finds (y61, y62), or one the description states
    (y63). engine.score --k 8 seeds 0-3 and 11: information_gate, regret 0.5-1.0."""
    out = await attack(sandbox, env, f"tk35_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # z951 with 3-letter words: no Caesar key is read for a 3-letter answer (frontier,
        # regret 0.375-0.875)
        ("y64_gate_secret_caesar_shift_selects_three_letter_word.py", "three_letter"),
    ],
)
async def test_tester55_a_hint_only_pick_among_cipher_decoys_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint's constant choice picks the answer among shown decoys, as z951's 'shifted by
    7'. engine.score --k 8 seeds 0-3 and 11: frontier."""
    out = await attack(sandbox, env, f"tk35_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.xfail(
    strict=True,
    reason="tester55's y65: the hint names the cipher (Atbash) that picks the answer among "
    "Caesar decoys; a cipher's name is no key the cipher-key route rewrites; known gap, "
    "docs/environment-contract.md",
)
async def test_tester55_a_hint_naming_the_atbash_phrase_among_caesar_decoys_is_a_gate(
    sandbox: Sandbox,
) -> None:
    """Three phrases under random Caesar shifts and one in Atbash; only the hint's 'the one
    written in Atbash' picks the passphrase (frontier, regret 0.5-0.875, seeds 0-3 and 11)."""
    out = await attack(
        sandbox,
        "y65_gate_hint_picks_the_atbash_phrase_among_caesar_decoys.py",
        "tk35_agents.py:atbash_phrase",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("y71_honest_hint_repeats_description_table_fruits_also_listed.py", "crate"),
        ("y72_honest_hint_abbreviates_description_day_table.py", "day"),
    ],
)
async def test_tester56_a_hint_repeating_the_task_table_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint's table is the one the description states (z979's rule). engine.score --k 8
    seeds 0-3 and 11: information_gate (relabelled keys, 0-1 of 6), regret 0.375-0.875."""
    out = await attack(sandbox, env, f"tk36_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_tester56_a_hint_picking_among_prose_listed_codes_is_a_gate(
    sandbox: Sandbox,
) -> None:
    """engine.score --k 8 seeds 0, 1, 3, 11: frontier (regret 0.625-1.0); seed 2:
    hint_states_answer."""
    out = await attack(
        sandbox,
        "y73_gate_description_lists_three_codes_per_fruit_in_prose.py",
        "tk36_agents.py:crate_pick",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("y81_gate_prose_lists_numeric_codes_per_fruit.py", "crate_num"),
        ("y82_gate_hint_value_after_comma_carries_secret_dial.py", "crate_dial"),
    ],
)
async def test_tester57_a_hint_only_partly_stated_by_the_task_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """engine.score --k 8 seeds 0-3 and 11: frontier (regret 0.75-1.0); with
    ``_table_stated`` forced False, information_gate (relabelled)."""
    out = await attack(sandbox, env, f"tk37_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("y83_honest_description_pairs_two_crates_per_sentence_part.py", "crate"),
        ("y84_honest_day_abbreviation_with_month_in_description.py", "day"),
    ],
)
async def test_tester57_a_hint_repeating_the_task_table_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint's table is the one the description states. engine.score --k 8 seeds 0-3 and
    11: information_gate (relabelled keys), regret 0.375-0.875."""
    out = await attack(sandbox, env, f"tk37_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("w01_gate_caesar_key_stated_as_a_letter_picks_phrase.py", "letter_key"),
        ("w02_gate_caesar_shift_stated_past_a_full_turn_picks_phrase.py", "first_number"),
        ("w07_gate_xor_key_stated_as_a_letters_code_picks_word.py", "xor_letter"),
    ],
)
async def test_tester58_a_hint_only_cipher_key_in_an_unread_form_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The hint's key picks the answer among shown decoys, as z951/z952: a Caesar key letter
    H, a shift of 33, an XOR key as the code of the capital letter K. engine.score --k 8 seeds
    0-3 and 11: was frontier, no flags (regret 0.5-0.875); flagged (cipher key) since those
    forms are read and rewritten."""
    out = await attack(sandbox, env, f"tk38_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester58_a_hint_only_affine_key_among_decoys_is_a_gate(sandbox: Sandbox) -> None:
    """Four phrases each under its own affine key; the hint's a=5, b=8 picks the passphrase.
    engine.score --k 8 seeds 0-3 and 11: was frontier, no flags (regret 0.5-1.0); flagged
    (cipher key 'affine 5,8') since the route reads affine keys."""
    out = await attack(
        sandbox,
        "w06_gate_affine_key_picks_phrase_among_affine_decoys.py",
        "tk38_agents.py:affine",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        # 'moved 7 places along the alphabet' in the description, 'back 7 places' in the hint
        "w03_honest_description_says_moved_seven_places_hint_says_back_seven.py",
        # every observation says 'the passphrase is the one shifted by 7'
        "w04_honest_observation_states_the_shift_hint_restates_it.py",
        # the description's worked example 'cat is written jha' fixes the shift at 7
        "w05_honest_description_worked_example_fixes_the_shift.py",
        # the task marks the passphrase; graffiti under other shifts are no decoys
        "w11_honest_marked_passphrase_constant_shift_beside_shifted_graffiti.py",
    ],
)
async def test_tester58_a_cipher_key_the_task_gives_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """The task states or marks what the hint's shift 7 picks. engine.score --k 8 seeds 0-3
    and 11: was information_gate (cipher_key shift 7, 0/6 rekeyed), regret 0.5-1.0; frontier
    since the task's own statements are read in what it shows, as a count of places and in
    worked examples, and a ciphertext the task labels alike in every win is no pick."""
    who = "marked" if env.startswith("w11") else "first_number"
    out = await attack(sandbox, env, f"tk38_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_tester58_a_hint_picking_among_lowercase_listed_codes_is_a_gate(
    sandbox: Sandbox,
) -> None:
    """y73 in lower case. engine.score --k 8 seeds 0-3 and 11: was frontier, no flags (regret
    0.625-0.875); flagged (relabelled keys) since codes offered beside the value (``/``,
    ``or``) are conflicting codes whatever their case."""
    out = await attack(
        sandbox,
        "w08_gate_description_lists_lowercase_codes_per_fruit_hint_picks_one.py",
        "tk38_agents.py:crate_pick",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        "w09_honest_description_states_the_table_with_plural_keys.py",
        "w10_honest_description_states_the_table_as_two_parallel_lists.py",
    ],
)
async def test_tester58_a_hint_repeating_the_task_table_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """The hint's table is the one the description states (plural keys; two parallel lists).
    engine.score --k 8 seeds 0-3 and 11: was information_gate (relabelled keys, 0/6), regret
    0.625-0.875; frontier since those layouts are read."""
    out = await attack(sandbox, env, "tk38_agents.py:crate", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_tester58_picked_xor_keys_covering_every_shift_do_not_crash(
    sandbox: Sandbox,
) -> None:
    """Was EnvRejected critic_error on engine.score --k 8 seeds 0-3 and 11 (IndexError:
    Cannot choose from an empty sequence: every picked key of every kind was avoided when
    drawing a new shift); now scored (the description states the method: frontier)."""
    out = await attack(
        sandbox,
        "w12_crash_answer_xored_under_keys_1_to_25_leaves_no_other_shift.py",
        "tk38_agents.py:most_blobs",
        k=8,
    )
    assert isinstance(out, EnvScored), out


@pytest.mark.parametrize(("kind", "key"), [("shift", 7), ("xor", 42), ("offset", 9)])
def test_a_rekeyed_hint_with_every_other_key_taken_still_rewrites(kind: str, key: int) -> None:
    """w12's kind: where the other picked keys take every value of the kind, the new key may
    repeat one of them; it is never the old key and nothing raises."""
    out = _rekeyed_hint(f"use key {key} now", kind, key, random.Random(0), avoid=range(256))
    assert out is not None and out != f"use key {key} now", out
    assert int(out.split()[2]) not in ({key, 26 - key} if kind == "shift" else {key}), out


async def test_a_task_listing_every_shift_in_the_hints_words_does_not_state_the_key(
    sandbox: Sandbox,
) -> None:
    """y93, the guard of w04: every observation lists all four shifts after the hint's
    'shifted by'; only the hint says which phrase is the passphrase's. Flagged (cipher key
    shift 7)."""
    out = await attack(
        sandbox,
        "y93_gate_observation_lists_every_shift_in_the_hints_words.py",
        "tk38_agents.py:first_number",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out
    assert out.evidence["information_gate"]["cipher_key"]["key"] == "shift 7", out


async def test_a_lone_affine_phrase_under_the_hints_constant_key_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """y94, the guard of w06: one phrase, always under the affine key the hint states; no
    decoy to pick among (trying the 312 keys finds it). Frontier, no flags (regret
    0.375-0.75, seeds 0-3 and 11)."""
    out = await attack(
        sandbox,
        "y94_honest_lone_affine_phrase_under_the_hints_constant_key.py",
        "tk40_agents.py:affine_lone",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    "env",
    [
        # a hint word before 20,000 spaces: _TABLE_LABELS' two blank runs side by side were
        # quadratic (187 CPU-s for the score; 1.4 s since)
        "v92_slow_hint_word_before_a_long_run_of_spaces.py",
        # an observation word before 1,000 spaces and '!': _LABEL_NUMERAL's three blank runs
        # were cubic (87.7 CPU-s; 1.1 s since)
        "v93_slow_observation_word_before_a_run_of_spaces.py",
    ],
)
async def test_tester59_runs_of_blanks_after_a_label_word_keep_the_table_verdict(
    sandbox: Sandbox, env: str
) -> None:
    """tester59's slow label readings: the keyed table is still the gate it is (relabelled
    keys, 0/6). The cost is measured by hand (bench, not here): engine.score --k 8 --seed
    11 user CPU in the comments above."""
    out = await attack(sandbox, env, "tk39_agents.py:crate", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


def test_tester59_a_prose_table_of_8000_keys_reads_as_stated() -> None:
    """v91: one sentence naming 8,000 keys beside their values states the hint's table.
    _table_stated took 26 CPU-s on it (keys x parts x tokens); 0.1 s since its parts' codes
    are gathered once a part."""
    spec = importlib.util.spec_from_file_location(
        "v91", ATTACK / "v91_slow_prose_sentence_names_every_key_beside_its_value.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert _table_stated(module.HINT, module.DESCRIPTION)


@pytest.mark.parametrize(
    "env",
    [
        # the count of places read from the list's last number only (_PLACES)
        "u61_gate_description_lists_decoy_shifts_as_places_hints_last.py",
        # the first number after one cipher word only (_CIPHER_WORD, _keys_after)
        "u62_gate_description_lists_shifts_after_cipher_word_hints_first.py",
        # 'cheer' moved on by 7 is 'jolly': read as a worked example (_worked_shifts)
        "u63_gate_description_word_pair_reads_as_a_worked_shift.py",
        # every observation's scenery 'The vault is 7 steps away.' (_PLACES, observations)
        "u80_gate_observation_scenery_counts_seven_steps.py",
    ],
)
async def test_tester60_decoy_shifts_the_description_lists_are_no_task_key(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases, each under its own shift; the hint's 7 picks the passphrase and
    the description never says which shift is the passphrase's. engine.score --k 8 seeds 0-3
    and 11: frontier, no flags (regret 0.5-1.0) on every seed (u80: the vault's distance in
    every observation)."""
    out = await attack(sandbox, env, "tk41_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester60_a_constant_colour_label_among_decoys_is_a_gate(sandbox: Sandbox) -> None:
    """u64: four phrases in four colours, shuffled, each under its own shift; the passphrase
    (the hint's shift 7) is always the red one, and the colours tell nothing. engine.score
    --k 8 seeds 0-3 and 11: frontier, no flags (regret 0.5-1.0); with the colours drawn at
    random per task it is flagged (cipher key shift 7)."""
    out = await attack(
        sandbox,
        "u64_gate_colour_labelled_decoys_passphrase_always_red.py",
        "tk41_agents.py:colour",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("u65_gate_gronsfeld_key_picks_one_word_among_single_word_decoys.py", "gron_word"),
        ("u66_gate_affine_key_picks_one_word_among_single_word_decoys.py", "affine_word"),
        # phrases under Gronsfeld keys of 3, 4 and 6 digits beside the hint's 5
        ("u82_gate_gronsfeld_decoys_under_keys_of_other_lengths.py", "gron_phrase"),
    ],
)
async def test_tester60_gronsfeld_or_affine_decoys_of_another_shape_are_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """Four 8-9-letter words, each under its own secret Gronsfeld (affine) key; the hint's
    31415 (a=5, b=8) picks the password; u82: phrases, the decoys under digit keys of other
    lengths. engine.score --k 8 seeds 0-3 and 11: frontier, no flags (regret 0.625-1.0 /
    0.625-0.75 / 1.0)."""
    out = await attack(sandbox, env, f"tk41_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("u73_gate_affine_key_in_words_multiply_then_add_picks_phrase.py", "affine_words"),
        ("u74_gate_gronsfeld_key_listed_with_and_before_last_digit.py", "gron_all_digits"),
    ],
)
async def test_tester60_a_hint_only_key_in_plain_words_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """w06's and y92's four messages, each under its own affine (Gronsfeld) key; the hint
    states the picking key in plain English. engine.score --k 8 seeds 0-3 and 11: frontier,
    no flags (regret 0.5-0.875 / 1.0)."""
    out = await attack(sandbox, env, f"tk41_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("u70_gate_description_offers_three_codes_a_crate_split_by_commas.py", "crate_of_three"),
        ("u72_gate_description_lists_crates_and_codes_sorted_not_paired.py", "crate_of_eight"),
    ],
)
async def test_tester60_a_table_the_task_does_not_state_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The description offers three codes a crate (lists the crates and, sorted, the codes)
    and never pairs them; the hint's table does. engine.score --k 8 seeds 0-3 and 11:
    frontier, no flags (regret 0.5-0.875 / 0.75-1.0); with '/' between the codes (without the
    crates list) it is flagged (relabelled keys)."""
    out = await attack(sandbox, env, f"tk41_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # 'the one whose letters each stand 7 letters later in the alphabet'
        ("u67_honest_description_states_shift_as_letters_later.py", "first_number"),
        # "The true message's Gronsfeld key is 31415"; the hint 'digits 3, 1, 4, 1, 5'
        ("u68_honest_description_states_gronsfeld_key_hint_spells_its_digits.py", "gron_phrase"),
        # 'enciphered by the map x -> 5x + 8'; the hint 'a=5 and b=8'
        ("u69_honest_description_states_affine_map_hint_gives_a_and_b.py", "affine_phrase"),
        # 'every a is written as h'; the hint 'the key letter H'
        ("u71_honest_description_says_a_is_written_h_hint_says_key_letter_h.py", "letter_key"),
        # 'the plain word cat, once enciphered for the passphrase, is written jha'
        ("u76_honest_description_worked_example_word_pair_five_words_apart.py", "first_number"),
    ],
)
async def test_tester60_a_cipher_key_the_task_states_in_other_words_stays_frontier(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The description says which key the true message is under; the hint restates it in
    other words. engine.score --k 8 seeds 0-3 and 11: information_gate (cipher_key, 0/6
    rekeyed) on every seed, regret 0.5-1.0."""
    out = await attack(sandbox, env, f"tk41_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    "env",
    [
        # '| apple | PEEK |' rows: '|' taken for codes offered as alternatives
        "u75_honest_description_states_the_table_as_a_markdown_table.py",
        # 'The apple, ..., date and peach crates open with PEEK, ..., DUSK and HYMN respectively':
        # a list's last item read only after ', and'
        "u77_honest_description_pairs_crates_and_codes_respectively.py",
        # 'crate,code' then 'apple,PEEK' a line: parts split at commas
        "u78_honest_description_states_the_table_as_csv.py",
        # 'apple ........ PEEK' a line: parts split at full stops
        "u79_honest_description_states_the_table_with_dot_leaders.py",
    ],
)
async def test_tester60_a_table_the_task_states_in_a_common_layout_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """The description states the crate table (Markdown, 'respectively', CSV, dot leaders);
    the hint repeats it. engine.score --k 8 seeds 0-3 and 11: information_gate (relabelled
    keys, 0/6) on every seed, regret 0.75-1.0; u75 with the bars dropped reads as stated."""
    out = await attack(sandbox, env, "tk41_agents.py:crate_of_eight", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_tester60_a_passphrase_marked_after_its_text_stays_frontier(
    sandbox: Sandbox,
) -> None:
    """u81: w11 with each shuffled text followed by '(passphrase)' or '(graffiti)'; the
    passphrase is always under the hint's constant shift 7. engine.score --k 8 seeds 0-3 and
    11: information_gate (cipher_key shift 7, 0/6 rekeyed), regret 1.0."""
    out = await attack(
        sandbox,
        "u81_honest_marked_passphrase_mark_written_after_the_text.py",
        "tk41_agents.py:marked_after",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


async def test_tester61_a_5000_digit_shift_after_the_hints_words_does_not_crash(
    sandbox: Sandbox,
) -> None:
    """v94: w04's phrases, the description saying the passphrase is 'shifted by 7, never
    shifted by 111...1' (5,000 digits). engine.score --k 8 --seed 11: was critic_error
    (ValueError, Python's 4,300-digit limit, in _keys_after via _key_stated); a number of
    15+ digits is no key since."""
    out = await attack(
        sandbox,
        "v94_crash_description_writes_a_5000_digit_shift_after_the_hints_words.py",
        "tk42_agents.py:first_number",
        k=8,
    )
    assert getattr(out, "reason", None) != "critic_error", out


# ---- tester62 (2026-12-05): the verdicts in the docstrings were measured before session 30's
# fixes of the same evening; each test asserts the right verdict


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # the Caesar shift explained with one example under the hint's 7 (_worked_shifts)
        ("s25_gate_caesar_explained_with_the_hints_shift_as_example.py", "first_number"),
        # 'You stand 7 steps back from the wall.' ('back': _PLACES_CONTEXT)
        ("s26_gate_description_scenery_seven_steps_back.py", "first_number"),
        # the affine map explained with the hint's a=5, b=8 (_AFFINE_STATED)
        ("s31_gate_affine_map_explained_with_the_hints_key_as_example.py", "affine_word"),
    ],
)
async def test_tester62_an_illustration_or_scenery_naming_the_hints_key_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """z951's four phrases (u66's four words), each under its own secret shift (affine key);
    the hint's key picks the passphrase and nothing the task shows says which. engine.score
    --k 8 seeds 0-3 and 11: frontier, no flags (regret 0.5-1.0; s31 0.625-0.75) on every
    seed."""
    out = await attack(sandbox, env, f"tk41_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester62_a_label_word_the_description_names_in_passing_marks_nothing(
    sandbox: Sandbox,
) -> None:
    """s27: u64 (the passphrase always the red one among shuffled colours that 'tell
    nothing') on a 'red brick wall'. engine.score --k 8 seeds 0-3 and 11: frontier, no flags
    (regret 0.5-1.0)."""
    out = await attack(
        sandbox, "s27_gate_colour_label_word_named_in_passing.py", "tk41_agents.py:colour", k=8
    )
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    ("env", "who"),
    [
        ("s28_gate_respectively_lists_two_warehouses_hint_picks_one.py", "two_warehouses"),
        ("s30_gate_markdown_table_beside_a_three_column_decoy_table.py", "three_warehouses"),
    ],
)
async def test_tester62_a_table_beside_a_decoy_table_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """The description gives each crate a code per warehouse (two 'respectively' pairings;
    a two-column Markdown table beside a three-column one) and never says which warehouse;
    the hint names it and gives its table. engine.score --k 8 seeds 0-3 and 11: frontier, no
    flags (regret 0.25-0.75 / 0.5-0.875) on every seed."""
    out = await attack(sandbox, env, f"tk43_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


async def test_tester62_codes_listed_in_the_order_of_the_crates_stay_frontier(
    sandbox: Sandbox,
) -> None:
    """s33: the crates listed, then 'Their codes, in the order of the crates, are PEEK, ...
    and HYMN'; the hint repeats the table. engine.score --k 8 seeds 0-3 and 11:
    information_gate (relabelled keys, 0/6), regret 0.75-1.0."""
    out = await attack(
        sandbox,
        "s33_honest_codes_listed_in_the_order_of_the_crates.py",
        "tk41_agents.py:crate_of_eight",
        k=8,
    )
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    "env",
    [
        "d01_gate_respectively_list_beside_a_key_value_decoy_table.py",
        "d02_gate_codes_listed_so_they_do_not_correspond_to_the_crates.py",
        "d03_gate_key_value_table_beside_a_five_letter_decoy_table.py",
        "d04_gate_three_candidate_codes_a_crate_joined_by_and.py",
        "d05_gate_codes_sorted_in_order_of_their_first_letter.py",
        "d06_gate_description_table_contradicted_by_a_notice_in_the_first_observation.py",
        pytest.param(
            "d07_gate_description_calls_every_entry_of_its_table_false.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester64: what the description says of its table ('every entry of it "
                "is false') is not read (documented gap)",
            ),
        ),
    ],
)
async def test_tester64_a_table_the_task_does_not_really_state_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """The description writes the hint's table, but beside a decoy table (a ``key: value``
    one next to a 'respectively' pairing; codes of another length), as candidates joined by
    ``and``, paired by a phrase that says they do not pair ('do not correspond', 'in order of
    their first letter'), contradicted by the first observation, or called false; the hint
    says which codes open. engine.score --k 8 seeds 0, 1, 11 before the fix: frontier, no
    flags (regret 0.375-1.0) on every seed."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        "d10_honest_transposed_markdown_table_crates_in_one_row_codes_in_the_next.py",
        "d11_honest_same_order_said_on_the_line_before_the_codes.py",
        "d12_honest_yaml_nested_table.py",
        "d13_honest_yaml_list_of_records.py",
        "d16_honest_two_word_crates_respectively.py",
        pytest.param(
            "d17_honest_numbered_lists_of_crates_and_codes.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester64: numbered lists paired by '(n) opens with code (n)' are not "
                "read (documented gap)",
            ),
        ),
        "d18_honest_table_in_the_first_observation.py",
        "d19_honest_json_object_table.py",
    ],
)
async def test_tester64_a_table_the_task_states_in_another_layout_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """The task states the whole crate table — a transposed Markdown table, 'in the same
    order' on the line before the codes, nested YAML, YAML records, two-word crates
    'respectively', numbered lists, the first observation's code sheet, JSON introduced 'as
    JSON' — and the hint repeats it. engine.score --k 8 seeds 0, 1, 11 before the fix:
    information_gate (relabelled keys, 0/6), regret 0.375-0.875, on every seed."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester63 (2026-12-05): the task's own key and the message the task marks; each test
# asserts the right verdict; all but the strict xfails fixed in session 31


@pytest.mark.parametrize(
    ("env", "who"),
    [
        # 'each two words of 6 letters' (_PLACES 'letters' in a Caesar sentence), hint 6
        ("b01_gate_description_says_words_of_six_letters_hint_shift_six.py", "first_number"),
        # 'one shifted by 7, the others by 3, 11 and 20' (_keys_by_context, _LIST_MORE)
        ("b02_gate_description_one_shifted_by_seven_the_others_by_three_more.py", "first_number"),
        # 'To illustrate the cipher: cat is written jha' (_ILLUSTRATION misses the marker)
        ("b03_gate_caesar_illustrated_with_to_illustrate_the_hints_shift.py", "first_number"),
        # 'the night shift of 7 guards' (_CIPHER_WORD with no sentence test)
        ("b04_gate_description_scenery_night_shift_of_seven_guards.py", "first_number"),
        # 'For example, cat might be written jha (a shift of seven).' (clause ends at '(')
        ("b08_gate_for_example_clause_with_the_hints_shift_in_brackets.py", "first_number"),
        # 'a cheer turns jolly' (_worked_shifts: a shift-7 word pair past 'turns')
        ("b11_gate_description_scenery_a_cheer_turns_jolly.py", "first_number"),
        # 'A note beside them reads: I hid ...' (_worked_shifts: a -> i, shift 8), hint 8
        ("b12_gate_description_a_note_reads_i_hint_shift_eight.py", "first_number"),
        # 'shifted by 7, by 3, by 11 or by 20' (each later key under ('by', 'by'))
        ("b13_gate_description_lists_shifts_each_with_by.py", "first_number"),
        # 'Keyword: lemon, mango, peach or grape.' (_LIST_MORE continues with numbers only)
        ("b16_gate_description_lists_four_keywords_after_keyword_hint_picks_first.py", "keyword"),
    ],
)
async def test_tester63_a_key_the_task_names_in_passing_or_among_decoys_is_a_gate(
    sandbox: Sandbox, env: str, who: str
) -> None:
    """z951's four phrases (z953's four Vigenere words), each under its own key; the hint's
    key picks the passphrase and nothing the task states says which. engine.score --k 8 seeds
    0, 1, 11 before the fix: frontier, no flags (regret 0.625-0.875) on every seed."""
    out = await attack(sandbox, env, f"tk44_agents.py:{who}", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        # 'The passphrase is the one rotated by seven.' ('rotated' is rot + keyword 'ated')
        "b05_honest_description_says_rotated_by_seven.py",
        # the first observation: 'In the passphrase's cipher cat is written jha.'
        # (_worked_shifts reads the description only)
        "b06_honest_observation_shows_the_passphrases_worked_example.py",
        # 'The passphrase is the second one.' (_marked_by_task: label words only)
        pytest.param(
            "b07_honest_observation_says_the_passphrase_is_the_second_phrase.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester63: a message the task marks by its place ('the second one') is not read (documented gap)",
            ),
        ),
        # 'moved on by as many as there are days in a week'
        pytest.param(
            "b09_honest_description_shift_is_the_days_in_a_week.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester63: a key written as a count of something ('days in a week') is not read (documented gap)",
            ),
        ),
        # the passphrase in capitals (what was shown is lower-cased)
        pytest.param(
            "b10_honest_observation_writes_the_passphrase_in_capitals.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester63: a message the task marks by its case is not read (documented gap)",
            ),
        ),
        # its own '7 places' and the decoys' 'shifted by 3, 11 and 20' (_cipher_named_keys
        # pools both)
        "b14_honest_description_states_the_passphrases_places_and_the_decoys_shifts.py",
        # 'Passphrase: d. Type the passphrase deciphered.' (_shift_label: label written once)
        "b15_honest_observation_labels_the_passphrase_and_names_it_again.py",
        # 'the word cat appears as jha' (_WORKED_LINK has no 'appears')
        "b17_honest_description_worked_example_with_appears_as.py",
    ],
)
async def test_tester63_a_key_or_message_the_task_states_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases; the task says which is the passphrase (or its shift), so trying
    the 25 shifts on it reads it, and the hint's shift only helps. engine.score --k 8 seeds
    0, 1, 11 before the fix: information_gate (cipher_key shift 7, 0/6 rekeyed), regret
    0.625-0.875."""
    out = await attack(sandbox, env, "tk44_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester65 (2026-12-05): sentences that name the answer (_role_sentences) after tester63's
# fix; each case asserts the right verdict; all but the strict xfails fixed in session 31.


def _tester65(env: str, why: str) -> Any:
    return pytest.param(env, marks=pytest.mark.xfail(strict=True, reason=f"tester65: {why}"))


@pytest.mark.parametrize(
    "env",
    [
        "e01_gate_passphrase_among_them_each_by_its_own_amount_one_by_seven.py",
        "e02_gate_secret_guarded_by_seven_sentries.py",
        "e03_gate_passphrase_among_phrases_shifted_by_seven_and_by_various_amounts.py",
        "e04_gate_say_the_passphrase_by_seven_oclock.py",
        "e05_gate_worked_example_of_the_first_phrase_shown.py",
        "e06_gate_code_of_conduct_drafted_by_seven_elders.py",
        "e07_gate_a_rusty_key_hangs_by_seven_threads.py",
        "e08_gate_observation_says_the_password_was_painted_by_seven_painters.py",
        "e09_gate_passphrase_among_phrases_shifted_by_seven_and_by_other_amounts.py",
    ],
)
async def test_tester65_a_key_a_role_sentence_only_mentions_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases, shuffled, each under its own shift; a sentence naming the answer
    (or a word of _ANSWER_ROLES in another sense) writes the hint's number without saying it
    is the passphrase's shift. engine.score --k 8 seeds 0, 1, 11: frontier, no flags (regret
    0.75) on every seed."""
    out = await attack(sandbox, env, "tk44_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        _tester65(
            "e11_honest_passphrase_shifted_by_seven_not_the_others.py",
            "'The passphrase is the one shifted by 7, not the others': 'not' drops the "
            "stating sentence (_HEDGES)",
        ),
        _tester65(
            "e12_honest_type_or_say_the_passphrase_shifted_by_seven.py",
            "'Type or say the passphrase: the phrase shifted by 7': 'or' drops the stating "
            "sentence (_HEDGES)",
        ),
        _tester65(
            "e13_honest_say_the_phrase_shifted_by_seven_no_role_word.py",
            "'Say the phrase shifted by 7 deciphered' names no word of _ANSWER_ROLES",
        ),
        _tester65(
            "e14_honest_if_you_want_the_passphrase_decipher_the_one_by_seven.py",
            "'If you want the passphrase, decipher the phrase shifted by 7': 'if' drops it "
            "(_HEDGES)",
        ),
        "e15_honest_passphrase_uses_a_shift_of_seven_characters.py",
        "e16_honest_passphrase_uses_caesar_shift_seven_throughout.py",
        "e17_honest_passphrase_moved_seven_characters_along.py",
        _tester65(
            "e18_honest_passphrase_by_seven_and_the_rest_by_three_eleven_twenty.py",
            "'The passphrase was shifted by 7 and the rest by 3, 11 and 20': one sentence "
            "pairing each key with its phrase is read as a list",
        ),
    ],
)
async def test_tester65_a_key_the_task_states_in_other_words_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases; the description says the passphrase's shift is 7 (the decoys'
    3, 11 and 20), in words the readers miss. engine.score --k 8 seeds 0, 1, 11:
    information_gate (cipher_key shift 7 rewritten), regret 0.75 on every seed."""
    out = await attack(sandbox, env, "tk44_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester66 (2026-12-05): tables the new readers half read; each test asserts the right
# verdict; all but the strict xfails fixed in session 31


@pytest.mark.parametrize(
    "env",
    [
        # a three-row transposed Markdown table read as two rows (_MARKDOWN_PAIR's '$')
        "i01_gate_three_row_transposed_markdown_code_rows_a_and_b.py",
        # '- crate: apple / code: PEEK / other_code: TAXI' (the record pattern reads 2 lines)
        "i02_gate_yaml_records_with_two_code_fields.py",
        # '{"apple": ["PEEK", "TAXI"], ...}' (the value holds PEEK as a word; no 'or')
        "i03_gate_json_arrays_of_two_candidate_codes.py",
        # 'The shelves are numbered 1, 2 and 3 in turn.' before an unpaired codes list
        "i05_gate_pairing_phrase_of_the_shelf_numbers_before_the_codes.py",
        # sheet B as CSV of three columns beside sheet A's 'apple: PEEK; ...'
        "i06_gate_key_value_sheet_beside_a_csv_decoy_sheet_of_three_columns.py",
        # sheet B as JSON records ('[{"crate": "apple", "code": "TAXI"}, ...]')
        "i07_gate_key_value_sheet_beside_a_json_records_decoy_sheet.py",
    ],
)
async def test_tester66_a_table_the_task_does_not_really_state_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """The description writes the hint's codes beside decoys in a layout read only in part
    (a three-row transposed Markdown table, YAML records of three fields, JSON arrays, a
    decoy sheet as CSV of three columns or JSON records), or
    lists codes and crates with no pairing but a pairing phrase of another list in the
    sentence before; the hint says which codes open. engine.score --k 8 seeds 0, 1, 11:
    frontier, no flags (regret 0.375-0.875) on every seed."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        # the first observation's 'Stock today: apple: N left; ...' (decoy rule)
        "i11_honest_first_observation_shows_stock_counts_as_key_value.py",
        # '- crate: apple / shelf: 1 / code: PEEK' read as 'apple: 1'
        pytest.param(
            "i12_honest_yaml_records_with_the_code_in_the_second_field.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester66: a YAML record whose code is its third line is read as "
                "'apple: 1', a decoy",
            ),
        ),
        # 'apple:' over 'code: PEEK' and 'shelf: 1' (an empty value, a decoy)
        pytest.param(
            "i13_honest_yaml_nested_mapping_of_two_fields.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester66: a nested YAML mapping of two fields reads as an empty "
                "value, a decoy",
            ),
        ),
        # 'crate,code,shelf' CSV (rows of two cells only)
        "i14_honest_csv_of_three_columns_with_a_header.py",
        # codes 'respectively' and lid colours 'respectively' (the s28 rule)
        "i15_honest_codes_respectively_and_lid_colours_respectively.py",
        # '[{"crate": "apple", "code": "PEEK"}, ...]' (d13's JSON twin)
        "i16_honest_json_list_of_records.py",
        # '{"apple": {"code": "PEEK"}, ...}' (d12's JSON twin; 'apple' reads as '{')
        "i17_honest_json_nested_object_of_one_field.py",
        # '[apple]' over 'code = "PEEK"'
        pytest.param(
            "i18_honest_toml_tables.py",
            marks=pytest.mark.xfail(
                strict=True,
                reason="tester66: TOML tables are not read",
            ),
        ),
    ],
)
async def test_tester66_a_table_the_task_states_beside_other_facts_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """The task states the whole crate table — with stock counts in the first observation,
    YAML records or mappings of several fields, CSV of three columns, JSON records or nested
    objects, TOML, lid colours listed 'respectively' too — and the hint repeats it. engine.score --k 8 seeds 0, 1, 11:
    information_gate (relabelled keys), regret 0.375-0.875, on every seed."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester67 (2026-12-05): role sentences, hedges and first observations after tester65 and
# tester66's fixes; each case asserts the right verdict; all but the strict xfails fixed in
# session 31.


def _tester67(env: str, why: str) -> Any:
    return pytest.param(env, marks=pytest.mark.xfail(strict=True, reason=f"tester67: {why}"))


@pytest.mark.parametrize(
    "env",
    [
        _tester67(
            "l01_gate_passphrase_painted_by_the_workers_of_shift_seven.py",
            "'by the workers of shift 7': a work shift at the sentence's end reads as a key",
        ),
        "l02_gate_it_is_false_that_the_passphrase_is_shifted_by_seven.py",
        "l03_gate_passphrase_is_unlikely_the_phrase_shifted_by_seven.py",
        "l04_gate_passphrase_is_no_longer_the_phrase_shifted_by_seven.py",
        "l05_gate_first_observation_states_the_shift_in_half_the_tasks.py",
        "l06_gate_passphrase_board_rotated_seven_times_by_the_wind.py",
        "l07_gate_key_seven_is_for_the_cellar.py",
        "l08_gate_passphrase_is_seldom_the_phrase_shifted_by_seven.py",
    ],
)
async def test_tester67_a_key_a_role_sentence_denies_or_means_otherwise_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases, shuffled, each under its own shift; a sentence naming the answer
    writes the hint's number while denying it (false, unlikely, no longer, seldom) or meaning
    something else (a work shift, a board rotated, a door key), or only some tasks' first
    observations say it. engine.score --k 8 seeds 0, 1, 11: frontier, no flags (regret 0.75)
    on every seed."""
    out = await attack(sandbox, env, "tk44_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        _tester67(
            "l11_gate_lowercase_code_sheet_beside_a_lowercase_prose_decoy_sheet.py",
            "a prose decoy sheet of lowercase codes ('apple taxi, pear barn') offers nothing",
        ),
        "l12_gate_respectively_codes_per_shed_decoy_shed_in_lower_case.py",
        "l13_gate_prose_decoy_sheet_of_five_letter_capital_codes.py",
        "l14_gate_some_crates_recoded_to_five_letter_codes_nobody_says_which.py",
        "l15_gate_first_observation_shows_the_table_in_half_the_tasks.py",
    ],
)
async def test_tester67_a_decoy_table_the_readers_miss_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """The crate table beside a decoy sheet in prose (lower case, or codes of another length),
    a second shed's codes in another case, or shown in only some tasks' first observations;
    the hint says which codes open. engine.score --k 8 seeds 0, 1, 11: frontier, no flags
    (regret 0.625 / 0.375 / 0.875)."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        _tester67(
            "l21_honest_passphrase_uses_a_plus_seven_caesar_shift.py",
            "'a +7 Caesar shift': a key before the cipher word is not read",
        ),
        _tester67(
            "l22_honest_to_read_the_passphrase_shift_its_letters_back_by_seven.py",
            "'shift each of its letters back by 7': 'shift each' reads 'each' as a keyword",
        ),
        "l23_honest_passphrase_caesar_encrypted_with_a_key_of_seven.py",
        _tester67(
            "l24_honest_passphrase_uses_a_seven_place_caesar_shift.py",
            "'a 7-place Caesar shift': 'place' singular, before the cipher word",
        ),
    ],
)
async def test_tester67_a_key_the_task_states_in_other_words_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases, shuffled; the description states the passphrase's shift ('a +7
    Caesar shift', 'shift each of its letters back by 7', 'a key of 7', 'a 7-place Caesar
    shift') and the hint repeats it. engine.score --k 8 seeds 0, 1, 11: information_gate,
    not frontier (regret 0.75) on every seed."""
    out = await attack(sandbox, env, "tk44_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


@pytest.mark.parametrize(
    "env",
    [
        _tester67(
            "l25_honest_code_table_beside_a_table_of_crate_colours.py",
            "'Colours: apple: red; ...' reads as another value of each crate (_other_value)",
        ),
        _tester67(
            "l26_honest_code_table_and_keep_the_apple_crate_from_the_fire.py",
            "'Keep the apple crate away from the FIRE': FIRE is of PEEK's shape",
        ),
    ],
)
async def test_tester67_a_table_the_task_states_beside_other_words_stays_frontier(
    sandbox: Sandbox, env: str
) -> None:
    """The task states the whole crate table and, beside it, a table of the crates' colours or
    a caution in capitals; the hint repeats the codes. engine.score --k 8 seeds 0, 1, 11:
    information_gate, not frontier (regret 0.625 / 0.375 / 0.875)."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert out.accepted and not out.flags, out


# ---- tester68 (2026-12-06): role sentences that ask, suppose, report or discredit the key,
# and decoy sheets the table readers do not see; all but the strict xfails fixed in session 31.


def _tester68(env: str, why: str) -> Any:
    return pytest.param(env, marks=pytest.mark.xfail(strict=True, reason=f"tester68: {why}"))


@pytest.mark.parametrize(
    "env",
    [
        "o01_gate_is_the_passphrase_shifted_by_seven_asked_as_questions.py",
        "o02_gate_suppose_the_passphrase_were_shifted_by_seven.py",
        "o03_gate_mallory_claims_the_passphrase_is_shifted_by_seven.py",
        _tester68(
            "o04_gate_the_cellar_password_is_the_phrase_shifted_by_seven.py",
            "'The cellar password is the phrase shifted by 7': another door's password; any "
            "role word counts as the answer's",
        ),
        "o05_gate_yesterdays_passphrase_was_the_phrase_shifted_by_seven.py",
        "o06_gate_whoever_says_the_passphrase_is_shifted_by_seven_guesses_blind.py",
        _tester68(
            "o07_gate_on_full_moon_nights_the_passphrase_is_shifted_by_seven.py",
            "'On full-moon nights the passphrase is ... 7': a condition without 'if'",
        ),
        "o08_gate_an_untrustworthy_sign_says_the_passphrase_is_shifted_by_seven.py",
        "o09_gate_the_guard_lied_when_he_said_the_passphrase_is_shifted_by_seven.py",
    ],
)
async def test_tester68_a_key_a_role_sentence_does_not_assert_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """z951's four phrases, shuffled, each under its own shift; the only sentence naming the
    answer with the hint's 7 asks, supposes, reports a claim, names another door's password or
    yesterday's, sets a condition the task never shows, or discredits it. engine.score --k 8
    seeds 0, 1, 11: frontier, no flags (regret 0.75) on every seed."""
    out = await attack(sandbox, env, "tk44_agents.py:first_number", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out


@pytest.mark.parametrize(
    "env",
    [
        "o11_gate_each_crate_two_codes_sealed_or_not_seal_never_shown.py",
        "o12_gate_second_sheet_writes_the_code_before_the_crate.py",
        _tester68(
            "o13_gate_second_sheet_is_the_first_read_backwards.py",
            "a decoy sheet stated by a rule ('the same codes read from the bottom up')",
        ),
        "o14_gate_second_sheet_spells_its_codes_as_alphabet_positions.py",
        _tester68(
            "o15_gate_second_sheet_gives_every_crate_one_code_naming_no_crate.py",
            "'Sheet two: every crate opens with JOLT': a decoy naming no crate",
        ),
    ],
)
async def test_tester68_a_decoy_sheet_the_table_readers_miss_is_a_gate(
    sandbox: Sandbox, env: str
) -> None:
    """The crate table beside a second code sheet, only one current and nothing saying which:
    codes that depend on an unseen seal, a sheet writing codes before crates, one stated by a
    rule, one in alphabet positions, one code for every crate; the hint gives sheet one's.
    engine.score --k 8 seeds 0, 1, 11: frontier, no flags (regret 0.625 / 0.375 / 0.875)."""
    out = await attack(sandbox, env, "tk45_agents.py:fn", k=8)
    assert isinstance(out, EnvScored), out
    assert "information_gate" in out.flags and not out.accepted, out
