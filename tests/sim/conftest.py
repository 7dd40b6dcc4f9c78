"""The simulator measures bots in processes that never start the background compile
(:mod:`gostop.agents.warm`): its numbers must not depend on whether another test in the same
pytest process started it (a game's ``warm.start()`` switches ``rollouts=auto`` to the reference
rollouts until the compiled code is loaded, or for good under ``GOSTOP_WARM=off``)."""

from collections.abc import Iterator

import pytest

from gostop.agents import warm


@pytest.fixture(autouse=True)
def _plain_rollouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(warm, "_started", False)
    yield
