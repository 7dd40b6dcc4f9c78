"""The help of every ``gostop`` command at 80 columns, as a user reads it (QA pass on the
terminal game, items 4 and 11): no rule ID (``DEAL-2``, ``VAR-WEOLYAK-*``: those are for the
code and docs/rules.md), no Python type as a placeholder (``<bool>``, ``<list[str]>``,
``<float range>``), nothing cut with an ellipsis, prose wrapped by the help formatter rather
than by hand; and ``--bot-delay`` out of range answered in the usual one-line error."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cli_support import gostop
from gostop.cli import COMMANDS, load_command

#: A rule ID of RULES.md / docs/rules.md (``LIAB-4``, ``PAY-6``, ``DEAL-2``, ``VAR-WEOLYAK-*``).
#: Card codes (``06J1``, ``JK1-2``) and option names (``--bot-delay``) are not: they start
#: with a digit, have one capital before the hyphen, or are lower case.
RULE_ID = re.compile(r"\b[A-Z]{2,8}(-[A-Z0-9*]+)+\b")
#: A Python type name where the value of an option or argument goes.
TYPE_PLACEHOLDER = re.compile(r"<(bool|int|float|str|path|list\[[^]]*\])[^>]*>")


def test_the_rule_id_pattern_spares_card_codes_and_options() -> None:
    assert RULE_ID.search("(DEAL-2)") and RULE_ID.search("(VAR-WEOLYAK-*, 0..2)") and RULE_ID.search("LIAB-10")
    for text in ("06J1 takes 06J2", "jokers JK1 JK2 (copies JK1-2...)", "--bot-delay SECONDS", "--no-progress",
                 "X-Forwarded-For/-Proto", "01..12 + B bright", "KNOB=VALUE", "RECORD.json...", "2**64-1"):
        assert not RULE_ID.search(text), text


def _paths() -> list[list[str]]:
    """Every command and sub-command: [], ["score"], ..., ["rules", "show"], ["version"]."""

    def walk(path: list[str], command: Any) -> list[list[str]]:
        out = [path]
        for name, sub in getattr(command, "commands", {}).items():
            out += walk([*path, name], sub)
        return out

    paths: list[list[str]] = [[]]
    for name in COMMANDS:
        paths += walk([name], load_command(name))
    return [*paths, ["version"]]


PATHS = _paths()


def _prose(text: str) -> list[list[str]]:
    """The paragraphs of the help outside its boxes (not the indented examples)."""
    paragraphs: list[list[str]] = [[]]
    for line in text.splitlines():
        if not line.strip() or line.startswith(("│", "╭", "╰", "   ")):
            paragraphs.append([])
        else:
            paragraphs[-1].append(line.rstrip())
    return [p for p in paragraphs if len(p) > 1]


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) or "gostop" for p in PATHS])
def test_help_at_80_columns_reads_plainly(path: list[str]) -> None:
    run = gostop(*path, "--help", width=80)
    assert run.exit_code == 0, run.stderr
    text = run.stdout
    assert not RULE_ID.search(text), RULE_ID.search(text)
    assert not TYPE_PLACEHOLDER.search(text), TYPE_PLACEHOLDER.search(text)
    assert "…" not in text, [line for line in text.splitlines() if "…" in line]
    for paragraph in _prose(text):  # wrapped by the formatter: no line that the next word fits
        for line, after in zip(paragraph, paragraph[1:], strict=False):
            word = after.split()[0]
            if after.startswith((" Example", " gostop ")) or line.startswith(" Example"):
                continue  # one example a line
            assert len(line) + 1 + len(word) > 79, (line, after)


def test_help_placeholders_name_the_values() -> None:
    play = gostop("play", "--help", width=80).stdout
    assert re.search(r"--bot-delay +SECONDS ", play) and re.search(r"--data-dir +DIR ", play)
    assert "~/.local/share/gostop)." in play
    serve = gostop("serve", "--help", width=80).stdout
    assert re.search(r"--db +URL ", serve) and "postgresql+psycopg://" in serve
    replay = gostop("replay", "--help", width=80).stdout
    assert re.search(r"RECORD\.json\.\.\. +Hand or match records", replay)
    assert re.search(r"--help +Show this message", gostop("--help", width=80).stdout)
    deal = gostop("deal", "--help", width=80).stdout
    assert "Cut the deck before the deal" in deal and "the players first, or the layout first" in " ".join(deal.split())


@pytest.mark.parametrize(("value", "shown"), [("11", "11"), ("-0.5", "-0.5"), ("nan", "nan"), ("10.5", "10.5")])
def test_bot_delay_out_of_range_is_one_plain_error_line(value: str, shown: str) -> None:
    line = gostop("play", "--bot-delay", value).error_line()  # in process the program is not "gostop"
    assert line.startswith(f"error: --bot-delay takes 0 to 10 seconds, got {shown} (see '"), line
    assert line.endswith(" play --help')"), line
