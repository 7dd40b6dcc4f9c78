"""Settings for the whole test run.

Games started by tests (``gostop serve`` in the server and browser tests, in-process apps) do
not start the background compile of the search bots' fast rollouts (``GOSTOP_WARM=off``, see
:mod:`gostop.agents.warm`): a run starts and stops hundreds of servers, each of which would
begin minutes of compiling only to be stopped. The tests of that compile
(``tests/agents/test_agents_warm.py``) clear the variable for the games they start.
"""

import os

os.environ.setdefault("GOSTOP_WARM", "off")
