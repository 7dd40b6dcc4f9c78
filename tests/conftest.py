"""Settings for the whole test run.

Games started by tests (``gostop serve`` in the server and browser tests, in-process apps) do
not start the background compile of the search bots' fast rollouts (``GOSTOP_WARM=off``, see
:mod:`gostop.agents.warm`): a run starts and stops hundreds of servers, each of which would
begin minutes of compiling only to be stopped. The tests of that compile
(``tests/agents/test_agents_warm.py``) clear the variable for the games they start.

The tests that run the fast engine (numba, :data:`FAST_ENGINE_TESTS`) go to one worker as one
unit of work, before the rest (``pytest -n N``, :func:`pytest_xdist_make_scheduler`): on a fresh
clone numba's cache is empty and the first of them compiles for a minute or two. Spread over
the workers, every worker compiled the same code at the same time (two to four compiles on a
2-core machine); together, one worker compiles while the others run the rest. A test missing
from the list still passes: its worker just compiles what it needs itself.
"""

import os

import pytest

os.environ.setdefault("GOSTOP_WARM", "off")

FAST_ENGINE_TESTS = (
    "tests/agents/",  # (its tests of the background compile load what the ones before compiled)
    "tests/fast/",
    "tests/rl/",
    "tests/sim/",
    "tests/table/",
    "tests/test_matgo_faces.py",
)


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """The fast-engine tests as one unit of work for one worker, the others one by one (xdist's
    ``loadgroup`` would do it with marks, but the installed xdist cannot rename pytest 9's node
    ids, so its groups never form)."""
    from xdist.scheduler import LoadScopeScheduling

    class FastEngineTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "fast-engine" if nodeid.startswith(FAST_ENGINE_TESTS) else nodeid

    return FastEngineTogether(config, log)
