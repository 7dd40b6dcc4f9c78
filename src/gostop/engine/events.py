"""Events: what happened in a hand, in order, as small immutable values.

``hand.apply(action)`` returns the events the action caused (including everything that
followed automatically up to the next decision); ``hand.deal_events`` holds those of the deal
and the DEAL checks, and ``hand.events`` every event so far.

An :class:`Event` has a ``type``, the ``seat`` it concerns (the actor; ``None`` for table
events), the ``cards`` involved and a small ``data`` mapping of JSON values (card codes, ints,
bools, strings, lists). Types:

* deal: ``deal`` (seat, its hand: **private** to that seat), ``layout`` (the layout cards),
  ``layout-joker`` (DEAL-5, the joker goes to the dealer; data ``replacement``),
  ``four-on-table`` (DEAL-6), ``dealt-stack`` (DEAL-9), ``chongtong`` (DEAL-7, the quad),
  ``keep-quad`` (DEC-5 ``continue``; no cards), ``boar-ante`` (VAR-BOAR pot);
* turn: ``turn`` (data ``turn``: the number of the turn in the hand, from 1), ``shake``,
  ``show-quad``, ``reveal`` (JOKER-4), ``draw`` (the replacement card: **private**),
  ``offer-shodang`` (cards: the exposed hand), ``accept``, ``refuse``, ``play``, ``bomb``,
  ``grenade``, ``skip`` (data ``forced``), ``substitute`` (JOKER-1: the stock card standing in
  for a hand joker), ``pick`` (data ``for``: the card that takes the picked one), ``flip`` (a
  stock card turned in the stock phase), ``capture`` (phase 3: every card collected);
* special events: ``chok``, ``ppuk``, ``ttadak``, ``sseul``, ``stack-capture`` (data
  ``owner``), ``ja-ppuk``, ``boss-joker``, ``baek-hwa-jeom``, ``weol-yak`` (first turn),
  ``first-turn-ppuk``, ``ppuk-streak`` (VAR-PPUK-STREAK, data ``turn``), ``three-ppuk``, ``heodang``,
  ``boar`` (the boar caught);
* debts and payments: ``surrender`` (seat = the debtor; data ``to``, ``for``, ``auto``),
  ``no-junk`` (a debtor without junk), ``payment`` (a fixed payment, PAY-12: seat = payer,
  data ``to``, ``amount``, ``unit``, ``reason``), ``shot`` (goo-stupe: seat takes data ``n``
  shots, ``reason``), ``yell`` / ``no-yell`` (GOO-14);
* go/stop and the end: ``go`` (data ``goes``, ``points``), ``stop`` (data ``points``),
  ``win`` (data ``reason``), ``nagari`` (data ``reason``), ``void`` (data ``reason``),
  ``settlement`` (seat = winner; data ``payments`` per opponent, ``points``).

Private events (``deal``, ``draw``) are shown to other seats with their cards removed
(``Observation.history``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from gostop.cards import Card

__all__ = ["Event", "PRIVATE_EVENT_TYPES", "NO_DATA"]

#: Event types whose cards only their seat may see.
PRIVATE_EVENT_TYPES = frozenset({"deal", "draw"})

#: The shared empty ``data`` mapping.
NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened in a hand (see the module docstring for the types)."""

    type: str
    seat: int | None
    cards: tuple[Card, ...] = ()
    data: Mapping[str, Any] = NO_DATA

    def to_json(self) -> dict[str, Any]:
        """``{"type", "seat", "cards": [codes], "data": {...}}``."""
        return {
            "type": self.type,
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "data": {k: _plain(v) for k, v in self.data.items()},
        }

    def __str__(self) -> str:
        who = "" if self.seat is None else f" seat {self.seat}"
        cards = " " + " ".join(c.code for c in self.cards) if self.cards else ""
        data = ""
        if self.data:
            data = " (" + ", ".join(f"{k}={_plain(v)}" for k, v in self.data.items()) + ")"
        return f"{self.type}{who}{cards}{data}"

    def redacted(self) -> Event:
        """The event as other seats see it (private cards removed, their number kept)."""
        if self.type not in PRIVATE_EVENT_TYPES or not self.cards:
            return self
        return Event(self.type, self.seat, (), {**self.data, "count": len(self.cards)})


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
