"""Settings for the whole test run.

Games started by tests (``gostop serve`` in the server and browser tests, in-process apps) do
not start the background compile of the search bots' fast rollouts (``GOSTOP_WARM=off``, see
:mod:`gostop.agents.warm`): a run starts and stops hundreds of servers, each of which would
begin minutes of compiling only to be stopped. The tests of that compile
(``tests/agents/test_agents_warm.py``) clear the variable for the games they start.

The tests that compile the fast engine (numba, :data:`COMPILING_TESTS`) go to one worker at the
start (``pytest -n N``, :func:`pytest_xdist_make_scheduler`): on a fresh clone numba's cache is
empty and they compile for a minute or two. Spread over the workers, every worker compiled the
same code at the same time (two to four compiles on a 2-core machine); together, one worker
compiles while the others run the rest. The other tests of the fast engine
(:data:`FAST_ENGINE_TESTS`) wait until those are done, then go to whichever worker is free:
they load the cache. A test missing from the lists still passes: its worker just compiles what
it needs itself.
"""

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("GOSTOP_WARM", "off")

# The tests never read or write the data directory of the person running them (their saves,
# their remembered language, which `gostop replay` speaks by default): each test process, and
# the commands and servers it starts, gets an empty one of its own. Tests of the data directory
# itself set or remove the variable.
_DATA = tempfile.mkdtemp(prefix="gostop-test-data-")
os.environ["GOSTOP_DATA_DIR"] = _DATA
atexit.register(shutil.rmtree, _DATA, True)


@pytest.fixture(autouse=True)
def _plain_rollouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts as if no game had started the background compile in its process.

    A game started in-process (the terminal app, the server's app) calls ``warm.start()``,
    which under ``GOSTOP_WARM=off`` switches ``rollouts=auto`` to the reference rollouts for
    good in that process: a later test of the search bots or the simulator on the same worker
    would then measure the reference rollouts (with three workers, four such tests failed)."""
    from gostop.agents import warm

    monkeypatch.setattr(warm, "_started", False)
    yield

FAST_ENGINE_TESTS = (
    "tests/agents/",  # (its tests of the background compile load what the ones before compiled)
    "tests/fast/",
    "tests/rl/",
    "tests/sim/",
    "tests/table/",
    "tests/test_matgo_faces.py",
)


#: The fast-engine tests that compile nearly all of it, in this order (about 130 s of compiling
#: on a fresh clone): the search bots' rollouts, then the batched hands. They run first, on one
#: worker; the rest of :data:`FAST_ENGINE_TESTS` is held back until they are done. (When none
#: of them is collected, every fast-engine test goes to that worker.)
COMPILING_TESTS = (
    "tests/agents/test_agents_levels.py::test_guided_search_always_searches_the_learned_policys_choice",
    "tests/fast/test_batch.py::",
    "tests/fast/test_compile_once.py::",  # (it counts what this worker compiled)
)

#: The tests that mostly wait (servers, sockets, timers): the other worker starts with them while
#: the first runs the fast-engine tests, and the quick rest fills in at the end.
WAITING_TESTS = ("tests/server/",)

#: Tests a worker holds at once beyond the one it runs (a worker needs the next one to start a
#: test): small, so that whichever worker is free takes the next test and both end together.
QUEUE = 2


@pytest.hookimpl(optionalhook=True)  # (a run without xdist, ``-p no:xdist``, does not know it)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """xdist's ``load`` scheduling, except that the fast-engine tests that compile go to the first
    worker at the start (on a fresh clone only that worker compiles numba's cache) and the other
    fast-engine tests wait for them (then they go first, to whichever worker is free: one worker
    ran them all, and ended the run alone), the tests that mostly wait come first for the
    others, and a worker never holds more than
    ``QUEUE`` tests beyond its own (xdist's ``load`` fills queues of a quarter of the pending
    tests each, so one worker could end minutes after the other).

    (xdist's ``loadgroup`` and ``loadscope`` would group with marks or scopes, but they key the
    work by node id, and the OpenAPI tests share one node id: they would run once instead of
    twelve times.)"""
    from xdist.scheduler import LoadScheduling

    class FastEngineFirst(LoadScheduling):
        held: list[int] = []  # the fast-engine tests waiting for the compiling ones
        compiling: set[int] = set()

        def schedule(self) -> None:
            if self.collection is not None or not self._check_nodes_have_same_collection():
                super().schedule()
                return
            collection = next(iter(self.node2collection.values()))
            fast = [i for i, nodeid in enumerate(collection) if nodeid.startswith(FAST_ENGINE_TESTS)]
            if not fast or len(self.nodes) < 2:
                super().schedule()
                return
            self.collection = collection
            first_tests = [i for prefix in COMPILING_TESTS for i in fast if collection[i].startswith(prefix)]
            first_tests = list(dict.fromkeys(first_tests)) or fast
            self.compiling = set(first_tests)
            self.held = [i for i in fast if i not in self.compiling]
            if len(first_tests) == 1 and self.held:
                # a worker starts a test only once it holds the next one: a lone compiling test
                # (a run of tests/agents alone) gets a held test after it, or the first worker
                # waited for ever (nothing else to run) or until the others had run the rest
                first_tests.append(self.held.pop(0))
            chosen = set(fast)
            rest = [i for i in range(len(collection)) if i not in chosen]
            waiting = [i for i in rest if collection[i].startswith(WAITING_TESTS)]
            quick = [i for i in rest if not collection[i].startswith(WAITING_TESTS)]
            self.pending[:] = waiting + quick
            first, *others = self.nodes
            self.node2pending[first].extend(first_tests)
            first.send_runtest_some(first_tests)
            for node in others:
                self._send_tests(node, QUEUE)
            if not self.pending and not self.held:
                for node in self.nodes:
                    node.shutdown()

        @property
        def tests_finished(self) -> bool:
            return not self.held and super().tests_finished

        def check_schedule(self, node: Any, duration: float = 0) -> None:
            if node.shutting_down or self.collection is None:
                super().check_schedule(node, duration)
                return
            compiling = sum(i in self.compiling for pending in self.node2pending.values() for i in pending)
            if self.held and (compiling == 0 or (compiling == 1 and not self.pending)):
                # compiled (the last compiling test has ended; a worker runs a test only once it
                # holds the next one, so the compiling worker gets other tests meanwhile, or,
                # when none is left, the held ones): the held fast-engine tests go first, to
                # whichever worker is free. (Released while the last compiling test still ran,
                # a free third worker loaded numba's cache while it was being written, and its
                # searches fell back to the reference rollouts.)
                self.pending[:0] = self.held
                self.held = []
                for other in self.nodes:
                    if other is not node and not other.shutting_down and len(self.node2pending[other]) < QUEUE:
                        self._send_tests(other, QUEUE - len(self.node2pending[other]))
            if not self.pending:
                if not self.held:
                    node.shutdown()
                return
            held = len(self.node2pending[node])
            if held < QUEUE:
                self._send_tests(node, QUEUE - held)

    return FastEngineFirst(config, log)
