"""Matches: series of hands at one table (RULES.md 2.3 MATCH, 2.15 GWANG, 2.16 GOO-17/18/21).

* :mod:`~gostop.match.match`: :class:`Match`, the state machine (seating, dealer rotation, carry,
  gwangpalli, goo-stupe rotation, the ledger);
* :mod:`~gostop.match.seating`: players, table checks, the first dealer (MATCH-3);
* :mod:`~gostop.match.ledger`: the chip ledger and standings;
* :mod:`~gostop.match.gwangpalli`: the gwangpalli deal, drop-out phase and compensation;
* :mod:`~gostop.match.rotation`: the goo-stupe list;
* :mod:`~gostop.match.seeds`: how the match seed derives every draw;
* :mod:`~gostop.match.record`: match records and their exact replay;
* :mod:`~gostop.match.audit`: invariant checks.
"""

from gostop.match.actions import MatchAction
from gostop.match.audit import audit
from gostop.match.errors import IllegalMatchActionError, MatchError
from gostop.match.ledger import Ledger, LedgerEntry, LedgerImbalance, Standing
from gostop.match.match import Claim, DealLog, Match, MatchEvent
from gostop.match.record import (
    MatchRecordError,
    dumps_match,
    is_match_record,
    load_match_record,
    loads_match_record,
    match_to_json,
    replay_match,
    save_match,
)
from gostop.match.seating import Player
from gostop.match.seeds import derive_seed

__all__ = [
    "Match",
    "MatchAction",
    "MatchEvent",
    "MatchError",
    "IllegalMatchActionError",
    "Player",
    "Ledger",
    "LedgerEntry",
    "LedgerImbalance",
    "Standing",
    "Claim",
    "DealLog",
    "MatchRecordError",
    "match_to_json",
    "dumps_match",
    "save_match",
    "load_match_record",
    "loads_match_record",
    "is_match_record",
    "replay_match",
    "audit",
    "derive_seed",
]
