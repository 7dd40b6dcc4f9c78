"""The push (milgi 밀기, VAR-PUSH) in words: the winner's question, its two answers, and what
a push did, for the terminal game and the web game alike."""

from __future__ import annotations

from gostop.words.catalog import catalog
from gostop.words.person import said_name
from gostop.words.settlement import amount_words

__all__ = ["push_question", "push_choice", "push_done", "push_standing"]


def push_question(stake: int, pushes: int, limit: int, unit: str = "chips", lang: str = "en") -> str:
    """The winner's question: collect ``stake`` now, or push (``pushes`` already in a row,
    at most ``limit``)."""
    w = catalog(lang)
    amount = amount_words(w, stake, unit)
    factor = 1 << (pushes + 1)
    text = w.t(
        "You won {amount}. Push (milgi 밀기): give them up and the next hand pays {factor} times, "
        "or collect them now?",
        amount=amount,
        factor=factor,
    )
    left = limit - pushes - 1
    if left <= 0:
        return text + " " + w.t("This would be the last push in a row.")
    return text


def push_choice(kind: str, stake: int, pushes: int, unit: str = "chips", lang: str = "en") -> str:
    """The words of one answer: ``push`` or ``collect``."""
    w = catalog(lang)
    if kind == "push":
        # whoever wins it: a push doubles the next hand for the loser too (the risk of pushing)
        return w.t("push: the next hand pays {factor} times, whoever wins it", factor=1 << (pushes + 1))
    return w.t("collect {amount} now", amount=amount_words(w, stake, unit))


def push_done(name: str, forgone: int, pushes: int, unit: str = "chips", lang: str = "en") -> str:
    """What a push did: ``name`` forwent ``forgone``; ``pushes`` in a row now."""
    w = catalog(lang)
    return w.t(
        "{name} pushed: the {amount} of this hand are not paid, and the next hand pays {factor} times.",
        name=said_name(name, lang),  # opens the sentence: "You pushed", never "you pushed"
        amount=amount_words(w, forgone, unit),
        factor=1 << pushes,
    )


def push_standing(pushes: int, lang: str = "en") -> str:
    """The stakes of the coming hand after ``pushes`` pushes in a row (empty for none)."""
    if not pushes:
        return ""
    w = catalog(lang)
    return w.n(
        "{n} push in a row: this hand pays {factor} times",
        "{n} pushes in a row: this hand pays {factor} times",
        pushes,
        factor=1 << pushes,
    )
