"""Issue 20, the command line and the set-up: start-up time (lazy imports), help and error
lines, lower-case card codes, a port in use, `rules show` at 80 columns, several records to
replay, the README's commands, no file read from outside the repository, apt waiting for the
dpkg lock."""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop
from gostop.cli import COMMANDS, load_command

ROOT = Path(__file__).resolve().parent.parent
SRC = str(ROOT / "src")
HEAVY = ("numpy", "numba", "pettingzoo", "gymnasium", "textual", "fastapi", "uvicorn", "sqlalchemy",
         "gostop.agents", "gostop.sim", "gostop.rl", "gostop.server", "gostop.play.session")


def _imported(*args: str) -> set[str]:
    """The modules ``python -X importtime -m gostop ARGS`` imports."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "gostop", *args], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": SRC}, timeout=120)
    return {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("args", [["version"], ["--help"], ["score", "01B", "03B", "08B", "--opp", "", "--opp", ""],
                                  ["play", "--help"], ["rules", "list"]], ids=lambda a: " ".join(a[:2]))
def test_light_commands_import_nothing_heavy(args: list[str]) -> None:
    mods = _imported(*args)
    assert "gostop.cli" in mods
    heavy = sorted(m for m in mods if any(m == h or m.startswith(h + ".") for h in HEAVY))
    assert not heavy, heavy


def test_command_list_matches_each_command_help() -> None:
    for name, (_module, _attr, short) in COMMANDS.items():
        command = load_command(name)
        assert (command.help or "").strip().split("\n")[0] == short, name


def test_help_lists_every_command() -> None:
    run = gostop("--help")
    for name in [*COMMANDS, "version"]:
        assert re.search(rf"│ {name} ", run.stdout), name


def test_flags_show_no_value_in_help_and_refuse_one() -> None:
    help_text = gostop("play", "--help", width=100).stdout
    plain = next(line for line in help_text.splitlines() if "--plain" in line)
    assert "<bool>" not in plain
    out = subprocess.run([sys.executable, "-m", "gostop", "play", "--plain", "true"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": SRC}, timeout=60, stdin=subprocess.DEVNULL)
    assert out.returncode == 2
    assert out.stderr == "error: Got unexpected extra argument(s) (true) (see 'gostop play --help')\n"
    line = gostop("play", "--plain=true").error_line()
    assert line.startswith("error: Option '--plain' does not take a value. (see '") and line.endswith(" play --help')")


def test_seed_range_is_not_wrapped_mid_number() -> None:
    for cmd in ("play", "deal"):
        text = gostop(cmd, "--help", width=80).stdout
        assert "1844674407370955161" not in text
        assert "2**64-1" in text
    assert "a seed is 0 to 2**64-1, got -1" in gostop("deal", "--seed", "-1").error_line()
    assert "a seed is 0 to 2**64-1" in gostop("play", "--seed", str(2**64)).error_line()


def test_hands_error_says_zero_is_allowed(tmp_path: Path) -> None:
    line = gostop("play", "--plain", "--hands", "1001", "--data-dir", str(tmp_path)).error_line()
    assert "--hands must be 0 (the preset's length) or 1 to 1000, got 1001" in line


def test_score_reads_lower_case_codes() -> None:
    upper = gostop("score", "01B", "03B", "08B", "--opp", "12B 04J1", "--opp", "06R")
    lower = gostop("score", "01b", "03b", "08b", "--opp", "12b 04j1", "--opp", "06r")
    assert lower.exit_code == 0, lower.stderr
    assert lower.stdout == upper.stdout
    assert "unknown card code '01x'" in gostop("score", "01x", "--opp", "", "--opp", "").error_line()


def test_serve_on_a_port_in_use_is_one_error_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "gostop", "serve", "--port", str(port), "--db",
                              f"sqlite:///{tmp_path / 's.sqlite'}"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": SRC, "GOSTOP_DATA_DIR": str(tmp_path)}, timeout=60)
    assert out.returncode == 2
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: port {port} on 127.0.0.1 is already in use")
    assert "--port" in lines[0] and "Traceback" not in out.stderr


def test_rules_show_at_80_columns_keeps_the_meanings_readable() -> None:
    text = gostop("rules", "show", "pagat", width=80).stdout
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "jokers = JK2, JK3  (DECK-1)" in text
    assert "    Jokers in the deck besides the 48 month cards." in text
    wide = gostop("rules", "show", "pagat", width=200).stdout
    assert "┃ Meaning" in wide  # a wide terminal keeps the table


def test_replay_takes_several_records() -> None:
    one = ROOT / "docs" / "examples" / "hand.json"
    run = gostop("replay", str(one), str(one))
    assert run.exit_code == 0, run.stderr
    assert run.stdout.count(f"== {one} ==") == 2
    assert "--at works with one record" in gostop("replay", str(one), str(one), "--at", "1").error_line()


def test_readme_commands_run_as_written() -> None:
    """Each command in a README shell block runs from the repository as pasted (.venv/bin/...),
    or the README says once, before the first one, how to activate the environment."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    activate = text.find(". .venv/bin/activate")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    first_bare = None
    for block in blocks:
        for line in block.splitlines():
            if re.match(r"(gostop|python|pytest|pip) ", line.strip()):
                first_bare = text.find(line)
                break
        if first_bare is not None:
            break
    assert activate != -1 and (first_bare is None or activate < first_bare)
    assert "installs them with `apt-get` (without the recommended packages" in text
    assert "when they are missing and it runs as root" in text


def test_no_test_reads_outside_the_repository() -> None:
    for path in (ROOT / "tests").rglob("*.py"):
        if path == Path(__file__).resolve():
            continue
        source = path.read_text(encoding="utf-8")
        assert '"shared" / "RULES.md"' not in source and "../shared" not in source, path


@pytest.mark.parametrize("lists_know_it", [True, False])
def test_system_deps_waits_for_the_dpkg_lock(tmp_path: Path, lists_know_it: bool) -> None:
    """Run the script as if root with Chromium missing; fake apt-get records its arguments.

    It installs without the recommended packages, and fetches the package lists first only when
    the machine's own lists do not have the packages (fake apt-get fails an install until an
    update, when told the lists are old)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    updated = tmp_path / "updated"
    if lists_know_it:
        updated.touch()
    (bin_dir / "id").write_text("#!/bin/sh\necho 0\n", encoding="utf-8")
    (bin_dir / "apt-get").write_text(
        f'#!/bin/sh\necho "$@" >> {log}\ncase "$*" in *update*) touch {updated};; esac\n[ -e {updated} ]\n',
        encoding="utf-8")
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\necho 'install ok installed'\n", encoding="utf-8")
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "GOSTOP_CHROMIUM": str(tmp_path / "no-chromium")}
    out = subprocess.run(["sh", str(ROOT / "scripts" / "system-deps.sh")], capture_output=True, text=True, env=env,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    calls = log.read_text(encoding="utf-8").splitlines()
    assert all(c.startswith("-o DPkg::Lock::Timeout=600 ") for c in calls), calls
    installs = [c for c in calls if " install " in f" {c} "]
    assert installs and all("install -y -qq --no-install-recommends chromium-headless-shell" in c for c in installs)
    if lists_know_it:
        assert len(calls) == 1
    else:
        assert [("update" in c) for c in calls] == [False, True, False], calls


def _recipe(make: str, target: str) -> str:
    return make.split(f"\n{target}:", 1)[1].split("\n", 1)[1].split("\n\n", 1)[0]


def test_make_test_runs_the_two_pytest_runs_apart_and_every_check_side_by_side() -> None:
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    main = [line.strip() for line in _recipe(make, "main-tests").splitlines() if "pytest" in line]
    browser = [line.strip() for line in _recipe(make, "browser").splitlines() if "pytest" in line]
    assert len(main) == 1 and len(browser) == 1
    assert "-n $(MAIN_WORKERS)" in main[0] and "--ignore=tests/browser" in main[0]
    # the browser tests in their own process (their sync fixtures leave an event loop running),
    # on two workers as well: each worker starts its own game server (tests/browser/conftest.py)
    assert browser[0].endswith("pytest -n $(BROWSER_WORKERS) tests/browser") and "--ignore" not in browser[0]
    # in `make test`, two browser runs share the tests (tests/browser/sharing.py): one from the
    # start beside the main run, the other from the end once the main run has ended
    first = [line.strip() for line in _recipe(make, "browser-first").splitlines() if "pytest" in line]
    last = [line.strip() for line in _recipe(make, "browser-last").splitlines() if "pytest" in line]
    assert len(first) == 1 and first[0].startswith("GOSTOP_BROWSER_SHARE=$(BROWSER_SHARE) ") and "FROM_END" not in first[0]
    assert len(last) == 1 and last[0].startswith("GOSTOP_BROWSER_SHARE=$(BROWSER_SHARE) GOSTOP_BROWSER_FROM_END=1 ")
    assert first[0].endswith("-p no:xdist tests/browser") and last[0].endswith("-p no:xdist tests/browser")
    assert re.search(r"^browser-last: .*\bmain-tests$", make, flags=re.M)
    # `make test`: first the setup's parts at once (pip, apt-get, npm), then the checks at once
    test = [line for line in _recipe(make, "test").splitlines() if "$(MAKE)" in line]
    assert len(test) == 2 and all("--output-sync=target" in line for line in test)
    assert test[0].endswith("-j3 test-setup browser-tools")
    assert "-j5 lint typecheck main-tests" in test[1] and "BROWSER_SHARE=$$share" in _recipe(make, "test")
    assert "browser-first browser-last" in _recipe(make, "test")
    assert re.search(r"^test-setup: \$\(TEST_STAMP\) system-deps$", make, flags=re.M)
    assert re.search(r"^WORKERS \?= 2$", make, flags=re.M)
    assert "MAIN_WORKERS ?= $(WORKERS)" in make and "BROWSER_WORKERS ?= $(WORKERS)" in make
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"pytest-xdist>=' in project and '"filelock>=' in project


def _tests_conftest() -> Any:
    """tests/conftest.py as a module of its own (its xdist scheduler, its lists of tests)."""
    spec = importlib.util.spec_from_file_location("gostop_tests_conftest", ROOT / "tests" / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    return conftest


class _TwoWorkers:  # what xdist's scheduler reads of pytest's config: two local workers
    def getvalue(self, name: str) -> object:
        return {"tx": ["2*popen"], "dist": "load", "numprocesses": 2, "maxschedchunk": None}.get(name)

    getoption = getvalue


class _Worker:  # a worker: records what it is sent
    def __init__(self, name: str) -> None:
        self.sent: list[int] = []
        self.shutting_down = False
        self.gateway = type("Gateway", (), {"id": name})()

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


def test_the_fast_engine_tests_go_to_one_worker_and_every_test_runs_once() -> None:
    """On a fresh clone only one worker compiles numba's cache: tests/conftest.py's scheduler
    sends the compiling fast-engine tests to the first worker at the start, the tests that wait
    first to the other, holds the other fast-engine tests until the compile is done, and hands
    out the rest a few at a time, every test once (the OpenAPI tests share one node id)."""
    conftest = _tests_conftest()
    collection = (["tests/server/test_server_openapi.py::test_lobby_conforms_to_its_openapi"] * 3
                  + [f"tests/agents/test_agents_levels.py::test_{i}" for i in range(5)]
                  + [f"tests/play/test_play_app.py::test_{i}" for i in range(40)]
                  + [f"tests/fast/test_batch.py::test_{i}" for i in range(5)]
                  + [f"tests/server/test_server_chaos.py::test_{i}" for i in range(40)])
    fast = {i for i, n in enumerate(collection) if "/agents/" in n or "/fast/" in n}
    scheduler = conftest.pytest_xdist_make_scheduler(_TwoWorkers(), None)
    first, second = _Worker("gw0"), _Worker("gw1")
    for node in (first, second):
        scheduler.add_node(node)
    for node in (first, second):
        scheduler.add_node_collection(node, collection)
    scheduler.schedule()
    compiling = {i for i, n in enumerate(collection) if n.startswith(conftest.COMPILING_TESTS)}
    assert compiling and compiling < fast
    # the compiling tests go to the first worker, the other fast-engine tests to nobody yet
    assert set(first.sent) == compiling and not fast & set(second.sent)
    assert second.sent  # the other worker starts at once, on other tests: the ones that wait
    assert all("/server/" in collection[i] for i in second.sent)
    # the workers finish their tests one at a time and are sent more: never more than a few
    # beyond the one running, so whichever is free takes the next (they end together)
    released = False
    while any(scheduler.node2pending[node] for node in (first, second)):
        for node in (first, second):
            if scheduler.node2pending[node]:
                compiling_left = sum(i in compiling for n in (first, second) for i in scheduler.node2pending[n])
                sent_fast = fast & set(first.sent + second.sent)
                if compiling_left > 1:  # (the last compiling test may run beside the others)
                    assert sent_fast == compiling, "a fast-engine test was sent before the compile"
                scheduler.mark_test_complete(node, scheduler.node2pending[node][0])
                released = released or bool(fast - compiling <= set(first.sent + second.sent))
            assert len(scheduler.node2pending[second]) <= conftest.QUEUE
            if not compiling & set(scheduler.node2pending[first]):
                assert len(scheduler.node2pending[first]) <= conftest.QUEUE
    assert released and first.shutting_down and second.shutting_down
    assert not scheduler.held and scheduler.tests_finished
    held_tests = fast - compiling  # after the compile, both workers took them
    assert held_tests & set(first.sent) and held_tests & set(second.sent)
    everything = first.sent + second.sent
    assert sorted(everything) == list(range(len(collection)))  # each test once, none lost


def test_a_run_of_one_compiling_test_and_the_tests_it_holds_ends() -> None:
    """``pytest -n 2 tests/agents``: every test is a fast-engine test and one of them compiles.
    A worker starts a test only once it holds the next one (or is told to shut down), so the
    lone compiling test must not be all that the first worker holds: the run waited for ever."""
    conftest = _tests_conftest()
    compiling_test = conftest.COMPILING_TESTS[0]
    assert compiling_test.startswith("tests/agents/")
    collection = [f"tests/agents/test_agents_protocol.py::test_{i}" for i in range(6)] + [compiling_test]
    scheduler = conftest.pytest_xdist_make_scheduler(_TwoWorkers(), None)
    nodes = (_Worker("gw0"), _Worker("gw1"))
    for node in nodes:
        scheduler.add_node(node)
    for node in nodes:
        scheduler.add_node_collection(node, collection)
    scheduler.schedule()
    ran: list[int] = []
    for _ in range(100):
        # a worker runs its first test when it holds another, or when it is shutting down
        ready = [n for n in nodes if len(scheduler.node2pending[n]) >= 2 or (n.shutting_down and scheduler.node2pending[n])]
        if not ready:
            break
        node = ready[0]
        test = scheduler.node2pending[node][0]
        if len(ran) == 0:
            assert test == len(collection) - 1, "the compiling test runs first"
        ran.append(test)
        scheduler.mark_test_complete(node, test)
    assert sorted(ran) == list(range(len(collection))), "a worker waited for a test that never came"
    assert scheduler.tests_finished and all(n.shutting_down for n in nodes)


def test_card_code_knobs_read_lower_case() -> None:
    run = gostop("rules", "show", "pagat", "--set", "flex_card=05a", "--set", 'jokers=["jk1", "jk2"]', "--toml")
    assert run.exit_code == 0, run.stderr
    assert 'flex_card = "05A"' in run.stdout and 'jokers = ["JK1", "JK2"]' in run.stdout
