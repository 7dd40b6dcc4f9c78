"""One hand of Go Stop as a fast, exact state machine (RULES.md 2.4 .. 2.18).

Public names: :class:`Hand` (``Hand.new``, ``Hand.from_deal``), :class:`Action`,
:class:`Event`, :class:`HandResult`, :class:`Observation`, the face queries
:class:`Preview` (``Hand.preview``) and :class:`StopPreview` (``Hand.stop_preview``), and the errors
:class:`IllegalActionError`, :class:`DealError`, :class:`ActionParseError`.
See :mod:`gostop.engine.hand` for the loop and the automatic decisions, and
:mod:`gostop.engine.deal` for how a seed gives a deal.
"""

from .actions import ACTION_KINDS, Action, ActionParseError, IllegalActionError
from .deal import MISSIONS, DealError
from .events import PRIVATE_EVENT_TYPES, Event
from .hand import STAGES, Hand
from .observation import Observation, StackInfo
from .preview import Preview, StopPreview
from .result import FixedPayment, HandResult

__all__ = [
    "ACTION_KINDS",
    "MISSIONS",
    "PRIVATE_EVENT_TYPES",
    "STAGES",
    "Action",
    "ActionParseError",
    "DealError",
    "Event",
    "FixedPayment",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "Observation",
    "Preview",
    "StackInfo",
    "StopPreview",
]
