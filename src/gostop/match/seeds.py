"""How one match seed derives every random draw of the match.

Every random choice of a match comes from a :class:`random.Random` seeded with
``derive_seed(match_seed, label, ...)``: the first 8 bytes (big-endian) of the SHA-256 of the
text ``"gostop-match:<match_seed>:<label>:..."``. The labels are

* ``first-dealer``: the lot or the card draws of MATCH-3;
* ``deal:<d>``: the seed handed to the engine (``Hand.new``) or, in a gwangpalli deal to every
  seated player, the seed of the same shuffle done here (``random.Random(seed).shuffle`` of
  ``deck_cards(rules.jokers)``); ``d`` is the 0-based number of the deal in the match, counting
  void deals (MATCH-2: a void deal is re-dealt with the next ``d``);
* ``draws:<d>``: VAR-WEOLYAK-MONTH and VAR-MISSION draws of a gwangpalli hand (``Hand.from_deal``);
* ``stock:<d>``: the shuffle of the drop-outs' cards into the stock of deal ``d`` (GWANG-8).

So anyone can re-derive any deal of a match from its seed and the cut choices.
"""

from __future__ import annotations

import hashlib
import random

__all__ = ["derive_seed", "derived_rng"]


def derive_seed(match_seed: int, *labels: str | int) -> int:
    """A 64-bit seed for the draw named by ``labels`` (see the module docstring)."""
    text = ":".join(["gostop-match", str(match_seed), *(str(x) for x in labels)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def derived_rng(match_seed: int, *labels: str | int) -> random.Random:
    """``random.Random(derive_seed(match_seed, *labels))``."""
    return random.Random(derive_seed(match_seed, *labels))
