"""Words for people: facts rendered to text in English and Korean through message catalogues.

The core (cards, rules, scoring, settlement, engine, hints) computes facts and never writes a
sentence for someone else to parse; this package says them. Every text comes from the gettext
catalogue of its language (:mod:`gostop.words.catalog`; English is the source language, the
Korean catalogue is ``locale/ko/LC_MESSAGES/gostop.po``, kept with ``make i18n``), and every
card name from one place (:mod:`gostop.words.cards`).
"""

from __future__ import annotations

from gostop.words.cards import card_long_name, card_name, cards_said, month_name, names_table
from gostop.words.catalog import LANGS, Catalog, UnknownLanguageError, catalog, particle
from gostop.words.events import bot_name, callout_text, event_line, reason_text
from gostop.words.knobs import knob_meaning, preset_description
from gostop.words.person import is_you, said_name
from gostop.words.push import push_choice, push_done, push_question, push_standing
from gostop.words.settlement import (
    amount_words,
    factor_words,
    goes_words,
    liability_words,
    settlement_lines,
)
from gostop.words.table import (
    go_warnings_text,
    item_name,
    junk_values_text,
    outlook_lines,
    preset_title,
    preview_text,
    score_item_lines,
    stack_junk_brief,
    stack_junk_words,
    stamp_text,
    where_text,
)

__all__ = [
    "LANGS",
    "Catalog",
    "UnknownLanguageError",
    "catalog",
    "particle",
    "preset_title",
    "card_name",
    "card_long_name",
    "cards_said",
    "month_name",
    "names_table",
    "settlement_lines",
    "amount_words",
    "factor_words",
    "goes_words",
    "liability_words",
    "item_name",
    "score_item_lines",
    "where_text",
    "stamp_text",
    "go_warnings_text",
    "outlook_lines",
    "preview_text",
    "stack_junk_words",
    "stack_junk_brief",
    "junk_values_text",
    "push_question",
    "push_choice",
    "push_done",
    "push_standing",
    "bot_name",
    "is_you",
    "said_name",
    "event_line",
    "callout_text",
    "reason_text",
    "knob_meaning",
    "preset_description",
]
