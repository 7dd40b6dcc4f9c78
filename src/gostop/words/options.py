"""The words of the command line's error lines about an option's value: a value that is no
number (``--players: "x" is not a whole number (2 to 7)``) or a number out of its range, in
English or Korean (the language of a command that speaks it: ``gostop replay --lang ko``)."""

from __future__ import annotations

from gostop.words.catalog import catalog

__all__ = ["bounds_text", "not_a_number", "out_of_range", "too_large"]


def bounds_text(low: object, high: object, lang: str = "en") -> str:
    """``2 to 7``, ``at least 1``, ``at most 60`` ('' when neither bound is known)."""
    w = catalog(lang)
    if low is not None and high is not None:
        return w.t("{low} to {high}", low=low, high=high)
    if low is not None:
        return w.t("at least {low}", low=low)
    if high is not None:
        return w.t("at most {high}", high=high)
    return ""


def not_a_number(option: str, typed: str, whole: bool, bounds: str, lang: str = "en") -> str:
    """``--players: "x" is not a whole number (2 to 7)``; ``typed``: the value as typed, quoted;
    ``whole``: the option takes whole numbers only; ``bounds``: :func:`bounds_text`."""
    w = catalog(lang)
    if whole:
        text = w.t("{option}: {typed} is not a whole number", option=option, typed=typed)
    else:
        text = w.t("{option}: {typed} is not a number", option=option, typed=typed)
    return f"{text} ({bounds})" if bounds else text


def out_of_range(option: str, typed: str, bounds: str, lang: str = "en") -> str:
    """``--players: 9 is out of range (2 to 7)``."""
    return catalog(lang).t("{option}: {typed} is out of range ({bounds})", option=option, typed=typed, bounds=bounds)


def too_large(option: str, typed: str, lang: str = "en") -> str:
    """``--at: 99999... is too large a number`` (thousands of digits)."""
    return catalog(lang).t("{option}: {typed} is too large a number", option=option, typed=typed)
