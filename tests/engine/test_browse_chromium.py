"""The archive browser driven by a real headless Chromium (Debian's ``chromium``).

One ``python -m engine.browse`` server over a tiny run directory for the module; Playwright's
Python package drives the system Chromium (``executable_path``; no browser download). Each
test saves screenshots under ``build/test-artifacts/browse/`` (1280x800 and 390x844).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from engine.seed_envs import seed_envs, solve
from tests.engine._browse_run import make_run_dir

CHROMIUM = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None
)
if CHROMIUM is None:
    pytest.skip(
        "browser tests skipped: no chromium found (apt-get install chromium; .ci/run does)",
        allow_module_level=True,
    )
playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[dev]'")

ARTIFACTS = Path(os.environ.get("SPADE_TEST_ARTIFACTS", "build/test-artifacts")) / "browse"
WIDE = {"width": 1280, "height": 800}
NARROW = {"width": 390, "height": 844}
HINTS = {s.name: s.hint for s in seed_envs()}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_run_dir(tmp_path_factory.mktemp("browse") / "run")


@pytest.fixture(scope="module")
def server(run_dir: Path) -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.browse", str(run_dir), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1800):  # up to 180 s: a fresh (or busy) machine builds the guest first
            if proc.poll() is not None:
                raise AssertionError(f"server exited {proc.returncode}: {proc.stdout.read()}")  # type: ignore[union-attr]
            try:
                if httpx.get(url + "/", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        else:
            raise AssertionError("server did not answer in 180 s")
        yield url
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
        assert proc.returncode == 0, out


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport=WIDE)  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    context.close()


def _shots(page: object, name: str) -> None:
    """Save ``name``.png at 1280x800 and ``name``-narrow.png at 390x844 (full page)."""
    page.set_viewport_size(WIDE)  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))  # type: ignore[attr-defined]
    page.set_viewport_size(NARROW)  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / f"{name}-narrow.png"), full_page=True)  # type: ignore[attr-defined]
    page.set_viewport_size(WIDE)  # type: ignore[attr-defined]
    # readable on a narrow window: nothing but the tables' own scroll boxes is wider than it
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]  # type: ignore[attr-defined]


def _visible_regrets(page: object) -> list[float | None]:
    cells = page.locator("#archive tbody tr:visible td.regret")  # type: ignore[attr-defined]
    return [float(v) if v else None for v in (c.get_attribute("data-v") for c in cells.all())]


def test_table_sorts_by_regret_filters_and_shows_rejections(server: str, page: object) -> None:
    page.goto(server + "/")  # type: ignore[attr-defined]
    assert page.locator("#archive tbody tr:visible").count() == 14  # type: ignore[attr-defined]
    page.click("#col-regret")  # type: ignore[attr-defined]
    page.click("#col-regret")  # second click: descending  # type: ignore[attr-defined]
    regrets = _visible_regrets(page)
    scored = [r for r in regrets if r is not None]
    assert scored == sorted(scored, reverse=True) and scored[0] == 1.0
    assert regrets[: len(scored)] == scored  # unscored rows last
    first = page.locator("#archive tbody tr:visible td a").first.inner_text()  # type: ignore[attr-defined]
    assert first == "seed-grid_rotated"
    _shots(page, "archive")

    page.fill("#filter", "hostile")  # type: ignore[attr-defined]
    assert page.locator("#archive tbody tr:visible").count() == 1  # type: ignore[attr-defined]
    page.fill("#filter", "")  # type: ignore[attr-defined]
    assert page.locator("tr.kind-rejected:visible").count() == 0  # type: ignore[attr-defined]
    page.check("#show-rejected")  # type: ignore[attr-defined]
    rejected = page.locator("tr.kind-rejected:visible")  # type: ignore[attr-defined]
    assert rejected.count() == 2
    assert sorted(r.locator("td").nth(8).inner_text() for r in rejected.all()) == [
        "compile",
        "low_regret",
    ]
    page.fill("#filter", "compile")  # type: ignore[attr-defined]
    rejected.locator("a").first.click()
    assert "compile" in page.locator("h1").inner_text()  # type: ignore[attr-defined]


def test_environment_page_reveals_the_hint(server: str, page: object) -> None:
    page.goto(server + "/")  # type: ignore[attr-defined]
    page.click("text=seed-caesar")  # type: ignore[attr-defined]
    assert page.url.endswith("/env/seed-caesar")  # type: ignore[attr-defined]
    hint = page.locator("#hint pre")  # type: ignore[attr-defined]
    assert not hint.is_visible()
    page.click("#hint summary")  # type: ignore[attr-defined]
    assert hint.is_visible() and hint.inner_text() == HINTS["caesar"]
    assert page.locator(".source .hl .k").count() > 5  # type: ignore[attr-defined]  # highlighted keywords
    assert page.locator("ol.neighbours li").count() == 5  # type: ignore[attr-defined]
    _shots(page, "environment")


def _play_with_solver(page: object, name: str, max_actions: int = 40) -> None:
    for _ in range(max_actions):
        if page.locator("#action").count() == 0:  # type: ignore[attr-defined]
            return
        observations = [o.text_content() for o in page.locator("pre.obs").all()]  # type: ignore[attr-defined]
        page.fill("#action", solve(name, observations, HINTS[name]))  # type: ignore[attr-defined]
        with page.expect_navigation():  # type: ignore[attr-defined]
            page.press("#action", "Enter")  # type: ignore[attr-defined]
    raise AssertionError(f"{name}: no end after {max_actions} actions")


def test_play_a_seed_to_a_win(server: str, page: object) -> None:
    page.goto(server + "/env/seed-grid_rotated")  # type: ignore[attr-defined]
    page.fill(".play-form input[name=seed]", "0")  # type: ignore[attr-defined]
    page.click(".play-form button")  # type: ignore[attr-defined]
    assert "playing" in page.inner_text("#status")  # type: ignore[attr-defined]
    assert page.locator("#hint-text").count() == 0  # type: ignore[attr-defined]
    with page.expect_navigation():  # type: ignore[attr-defined]
        page.click("#show-hint")  # type: ignore[attr-defined]
    assert page.inner_text("#hint-text") == HINTS["grid_rotated"]  # type: ignore[attr-defined]
    assert "with hint" in page.inner_text("#status")  # type: ignore[attr-defined]
    _play_with_solver(page, "grid_rotated")
    assert page.locator("#hint-text").is_visible()  # type: ignore[attr-defined]  # stays shown
    assert "won" in page.inner_text("#status")  # type: ignore[attr-defined]
    assert page.locator("li.turn-step").count() == 4  # type: ignore[attr-defined]
    _shots(page, "play-won")


def test_call_a_tool_from_its_form_then_win(server: str, page: object) -> None:
    page.goto(server + "/env/seed-warehouse_knapsack")  # type: ignore[attr-defined]
    page.click(".play-form button")  # type: ignore[attr-defined]
    assert page.locator("form.tool-form").count() >= 2  # type: ignore[attr-defined]
    with page.expect_navigation():  # type: ignore[attr-defined]
        page.click("form.tool-form[data-tool=list_items] button")  # type: ignore[attr-defined]
    tool_turn = page.locator("li.turn-tool")  # type: ignore[attr-defined]
    assert tool_turn.count() == 1
    assert '"tool": "list_items"' in tool_turn.locator(".act").inner_text()
    observations = [o.text_content() for o in page.locator("pre.obs").all()]  # type: ignore[attr-defined]
    assert solve("warehouse_knapsack", observations[:1], HINTS["warehouse_knapsack"]).startswith(
        '{"tool": "list_items"'
    )  # the solver's first action is the call made from the form
    _shots(page, "play-tool")
    _play_with_solver(page, "warehouse_knapsack")
    assert "won" in page.inner_text("#status")  # type: ignore[attr-defined]


def test_hostile_environment_hits_its_deadline_and_the_page_keeps_serving(
    server: str, page: object, browser: object
) -> None:
    page.goto(server + "/env/hostile-loop")  # type: ignore[attr-defined]
    page.click(".play-form button")  # type: ignore[attr-defined]
    page.fill("#action", "hello")  # type: ignore[attr-defined]
    page.press("#action", "Enter", no_wait_after=True)  # type: ignore[attr-defined]
    other = browser.new_page()  # type: ignore[attr-defined]
    other.goto(server + "/")  # served while the hostile step runs
    assert other.locator("#archive tbody tr").count() == 16
    other.close()
    page.wait_for_selector("#status.status-env_error")  # type: ignore[attr-defined]
    error = page.locator("pre.obs.error").inner_text()  # type: ignore[attr-defined]
    assert "DeadlineExceeded" in error
    assert page.locator("#action").count() == 0  # type: ignore[attr-defined]
    _shots(page, "play-hostile")
    assert httpx.get(server + "/env/hostile-loop").status_code == 200


def test_live_view_refreshes_as_rows_arrive(server: str, page: object, run_dir: Path) -> None:
    page.goto(server + "/run")  # type: ignore[attr-defined]
    assert page.locator("#iteration-rows tr").count() == 2  # type: ignore[attr-defined]
    for img in page.locator("img.plot").all():  # type: ignore[attr-defined]
        img.wait_for()
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")  # type: ignore[attr-defined]
    row = json.loads((run_dir / "metrics.jsonl").read_text().splitlines()[-1])
    row |= {"iteration": 3, "mean_regret": 0.5, "success_with": 0.5, "rejected": {"timeout": 2}}
    with (run_dir / "metrics.jsonl").open("a") as fh:
        fh.write(json.dumps(row) + "\n")
    page.wait_for_function("document.querySelectorAll('#iteration-rows tr').length === 3")  # type: ignore[attr-defined]
    assert "timeout 2" in page.inner_text("#iteration-rows")  # type: ignore[attr-defined]
    assert page.inner_text("#n-iter") == "3"  # type: ignore[attr-defined]
    assert all("v=3-" in (i.get_attribute("src") or "") for i in page.locator("img.plot").all())  # type: ignore[attr-defined]
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")  # type: ignore[attr-defined]
    _shots(page, "run")
