"""The hub split (issue 17, item 5): refusals are domain errors with their HTTP status in one
table of the app, and presence is a plain value that each change replaces."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from gostop.errors import GostopError
from gostop.server import errors
from gostop.server.app import STATUS, status_of
from gostop.server.presence import SHARED, Presence
from gostop.server.room import SeatConfig


def test_every_refusal_has_its_status_in_the_app_table() -> None:
    refusals = [c for _, c in inspect.getmembers(errors, inspect.isclass)
                if issubclass(c, errors.Refusal) and c is not errors.Refusal]
    assert len(refusals) >= 10
    for cls in refusals:
        assert issubclass(cls, GostopError)
        assert cls in STATUS, f"{cls.__name__} has no HTTP status in gostop.server.app.STATUS"
        assert not hasattr(cls("x"), "status"), "a domain error carries no HTTP status"
    assert status_of(errors.RoomNotFound("no room")) == 404
    assert status_of(errors.SeatTaken("taken")) == 409
    assert status_of(errors.BadToken("bad")) == 401
    assert status_of(errors.TooManyCodes("stop")) == 429


def test_presence_is_a_value_replaced_on_each_change() -> None:
    empty = Presence.empty(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        empty.away = frozenset({1})  # type: ignore[misc]
    here = empty.grace_until(1, 12.5).attached(1)
    assert empty.here(1) == 0 and not empty.connected(1) and empty.grace == (None, None, None)
    assert here.here(1) == 1 and here.connected(1) and not here.in_grace(1)
    gone = here.detached(1).grace_until(1, 40.0)
    assert gone.here(1) == 0 and gone.in_grace(1) and here.here(1) == 1
    away = gone.gone_away(1)
    assert away.is_away(1) and not gone.is_away(1)
    elsewhere = away.remote_in(1, SHARED)
    assert elsewhere.connected(1) and not elsewhere.is_away(1) and away.remote[1] == frozenset()
    assert elsewhere.remote_out(1, "other").connected(1) is False  # "shared" goes with any origin
    assert empty.attached(7) is empty  # a seat the room does not have changes nothing
    seats = [SeatConfig("human", status="taken"), SeatConfig("human", status="taken"), SeatConfig("bot", "random")]
    assert away.table(seats) == {0: (False, False), 1: (False, True), 2: (True, False)}
    hash(away)  # a value
