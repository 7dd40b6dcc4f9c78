"""The background compile of the search bot's fast rollouts (issue 22, item 1).

Each test runs a fresh Python process, as a game starts one: the state of the compile is per
process, and an empty numba cache (``NUMBA_CACHE_DIR``) stands for a fresh clone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("numba")

SRC = str(Path(__file__).resolve().parents[2] / "src")

# One decision of the `hard` bot in a fresh process, after the game's warm.start() (unless
# told not to), then optionally waiting for the compile and deciding again.
SCRIPT = r"""
import json, os, sys, time
from gostop.agents import make_agent, warm
from gostop.agents.protocol import Decision, HandContext, WorldSampler
from gostop.engine import Hand
from gostop.rules import get_preset

if "start" in sys.argv:
    warm.start()
rules = get_preset("pagat")
agent = make_agent("hard")
h = Hand.new(rules, 2, 5)
seat = h.current_player
agent.begin_hand(HandContext(rules, 2, seat, 5))
legal = tuple(h.legal_actions())
out = {}
t = time.perf_counter()
a = agent.choose(Decision(h.observation(seat), legal, WorldSampler.from_hand(h, seat, 1)))
out["first"] = dict(seconds=time.perf_counter() - t, legal=a in legal, state=warm.state(),
                    worlds=agent.last_worlds, fast=agent.last_fast_worlds)
if "start" in sys.argv:  # let the child start (numba imports first), unless the cache is warm
    for _ in range(300):
        if warm._child is not None or warm.state() != "compiling":
            break
        time.sleep(0.05)
out["child"] = warm._child.pid if warm._child is not None else None
if "wait" in sys.argv:
    warm.wait(900)
    a = agent.choose(Decision(h.observation(seat), legal, WorldSampler.from_hand(h, seat, 2)))
    out["after"] = dict(legal=a in legal, state=warm.state(), fast=agent.last_fast_worlds)
out["status"] = dict(warm.status())
print(json.dumps(out))
"""


def _run(*args: str, env: dict[str, str] | None = None, timeout: float = 900) -> dict:
    full = {**os.environ, "PYTHONPATH": SRC, **(env or {})}
    if "GOSTOP_WARM" not in (env or {}):
        full.pop("GOSTOP_WARM", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], env=full, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_search_answers_with_reference_rollouts_while_the_compile_runs(tmp_path: Path) -> None:
    # An empty cache: the child compiles for tens of seconds; the first decision does not wait.
    out = _run("start", env={"NUMBA_CACHE_DIR": str(tmp_path)})
    first = out["first"]
    assert first["legal"]
    assert first["state"] == "compiling"
    assert first["worlds"] >= 2 and first["fast"] == 0  # reference rollouts
    assert first["seconds"] < 5.0  # the default budget takes ~0.1 s; far from a compile's minutes
    # the compiling child is stopped when the game exits
    pid = out["child"]
    assert pid is not None
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:  # pragma: no cover - a failure
        os.kill(pid, 9)
        pytest.fail("the background compile outlived the game")


def test_compile_becomes_ready_and_its_cache_survives_a_restart() -> None:
    # The package's own cache (shared with the fast engine's tests): compiled by a child
    # process the first time on a fresh tree (tens of seconds, once), loaded afterwards.
    first = _run("start", "wait")
    assert first["after"]["state"] == "ready"
    assert first["after"]["fast"] > 0  # compiled rollouts once ready
    again = _run("start", "wait")
    assert again["after"]["state"] == "ready" and again["after"]["fast"] > 0
    assert "compile_seconds" not in again["status"]  # the cache was warm: no child this time
    assert again["status"]["load_seconds"] < 60


def test_warm_off_keeps_reference_rollouts() -> None:
    out = _run("start", env={"GOSTOP_WARM": "off"})
    assert out["first"]["state"] == "off"
    assert out["first"]["legal"] and out["first"]["fast"] == 0
    assert out["child"] is None


HOOKS = {
    # gostop serve: the app's start-up
    "server": (
        "from fastapi.testclient import TestClient\n"
        "from gostop.server.app import create_app\n"
        "from gostop.server.hub import ServerSettings\n"
        "app = create_app(ServerSettings(db_url='sqlite:///' + sys.argv[1] + '/g.db'))\n"
        "assert not warm.started()\n"
        "with TestClient(app):\n"
        "    print(warm.started())\n"
    ),
    # gostop play (full screen and --plain): choosing a level
    "terminal": (
        "from gostop.play.session import bot_spec_for_level\n"
        "assert not warm.started()\n"
        "bot_spec_for_level('hard')\n"
        "print(warm.started())\n"
    ),
}


@pytest.mark.parametrize("face", sorted(HOOKS))
def test_games_start_the_background_compile(face: str, tmp_path: Path) -> None:
    code = "import sys\nfrom gostop.agents import warm\n" + HOOKS[face]
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("GOSTOP_WARM", None)
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "True"


def test_the_compiling_child_goes_when_its_game_is_killed(tmp_path: Path) -> None:
    # A game killed outright (kill -9: no atexit) must not leave its compile running: test runs
    # that start and kill servers once piled up dozens of orphan compiles.
    code = (
        "import sys, time\n"
        "from gostop.agents import warm\n"
        "warm.start()\n"
        "for _ in range(600):\n"
        "    if warm._child is not None:\n"
        "        break\n"
        "    time.sleep(0.05)\n"
        "print(warm._child.pid if warm._child is not None else 0, flush=True)\n"
        "time.sleep(600)\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC, "NUMBA_CACHE_DIR": str(tmp_path)}
    env.pop("GOSTOP_WARM", None)
    game = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert game.stdout is not None
        child = int(game.stdout.readline().strip() or 0)
        assert child > 0, "no compile child was started"
        os.kill(child, 0)  # compiling
    finally:
        game.kill()
        game.wait(10)
    for _ in range(100):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:  # pragma: no cover - a failure
        os.kill(child, 9)
        pytest.fail("the compile outlived its killed game")


# What the game's background compile covers: after ``compile_here`` (compiled, or loaded from the
# cache), a 3-player `hard` decision (inference: exclusions) and a 2-player one, their worlds drawn
# in compiled code, need no compiled function that it did not already compile or load.
COVERAGE = r"""
import json
from gostop.agents import make_agent, warm
from gostop.agents.protocol import Decision, HandContext, WorldSampler
from gostop.engine import Hand
from gostop.fast import convert, kernels, mt, policies, rollout, stats, worlds
from gostop.rules import get_preset

def loaded():
    return {f"{m.__name__}.{k}" for m in (convert, kernels, mt, policies, rollout, stats, worlds) for k, f in vars(m).items()
            if hasattr(f, "signatures") and f.signatures}

warm.compile_here()
before = loaded()
rules = get_preset("pagat")
out = {"before": len(before)}
for players in (3, 2):
    h = Hand.new(rules, players, 5)
    seat = h.current_player
    agent = make_agent("hard")
    agent.begin_hand(HandContext(rules, players, seat, 5))
    legal = tuple(h.legal_actions())
    agent.choose(Decision(h.observation(seat), legal, WorldSampler.from_hand(h, seat, 3)))
    out[players] = dict(fast=agent.last_fast_worlds, inferred=agent.last_forbid is not None, compiled=agent.last_compiled)
out["new"] = sorted(loaded() - before)
print(json.dumps(out))
"""


def test_the_background_compile_covers_what_hard_runs() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("GOSTOP_WARM", None)
    done = subprocess.run([sys.executable, "-c", COVERAGE], env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["before"] >= 5
    assert out["3"]["fast"] > 0 and out["3"]["inferred"]  # the compiled rollouts and the exclusions ran
    assert out["2"]["fast"] > 0 and not out["2"]["inferred"]
    assert out["3"]["compiled"] and out["2"]["compiled"]  # worlds drawn in compiled code
    assert out["new"] == [], out["new"]
