"""The public surface of ``actors`` is pinned, and importing the package loads no actor."""

import subprocess
import sys

import actors


def test_public_names_are_pinned():
    assert actors.__all__ == [
        "Agent",
        "Archive",
        "Critic",
        "Designer",
        "Hinter",
        "Learner",
        "Memory",
        "PolicyAgent",
        "ScriptedAgent",
        "build_design_prompt",
        "parse_design",
        "play_episode",
        "regret_score",
        "samples_from",
        "validate",
    ]
    for name in actors.__all__:
        assert getattr(actors, name).__name__ == name


def test_import_is_cheap():
    code = "import sys, actors; print('torch' in sys.modules, 'actors.memory' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
