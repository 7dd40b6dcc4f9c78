"""``gostop replay`` on a match record saved by the game shows it move by move."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from gostop.cli import app
from gostop.play.session import Session, Settings
from gostop.play.store import Store


def test_replay_of_a_match_record_shows_every_move(store: Store) -> None:
    s = Session.start(Settings(seed=61, level="easy", hands=1, players=3), store)
    while not s.over:
        if s.pending:
            s.acknowledge()
            continue
        prompt = s.prompt()
        assert prompt is not None
        s.choose(prompt.choices[0].key)
    assert s.archived_to is not None
    result = CliRunner().invoke(app, ["replay", s.archived_to], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    actions = list(s.match.history)
    numbered = re.findall(r"^\s*(\d+)\. (\S+): (.+)$", out, flags=re.MULTILINE)
    moves = [(int(i), who, what) for i, who, what in numbered if what in actions]
    assert [m[0] for m in moves] == list(range(len(actions)))
    assert [m[2] for m in moves] == actions
    # said for everybody (a replay has no reader): the person's seat is the name "You", quoted
    assert "Minji is dealt" in out and "\u201cYou\u201d is dealt" in out and "On the table:" in out
    assert "You are dealt" not in out
    assert "draw_night" not in out
    assert out.index("moves (action index") < out.index("ledger (chips")
