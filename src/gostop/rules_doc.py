"""The rules reference ``docs/rules.md``, generated from :data:`gostop.rules.KNOBS` and the presets.

:func:`render_rules_markdown` is pure (no I/O); ``gostop docs rules --output docs/rules.md`` (or
``make docs``) writes its result, and a test fails when the file is stale.
"""

from __future__ import annotations

from typing import Any

from gostop.rules import DEFAULT_PRESET, KNOBS, PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS

__all__ = ["knob_value_text", "render_rules_markdown", "REGENERATE_COMMAND", "ADDED_RULES", "MATGO_READINGS"]

REGENERATE_COMMAND = "make docs"
_CLI_COMMAND = "gostop docs rules --output docs/rules.md"


def knob_value_text(value: Any, compact: bool = False) -> str:
    """A knob value for people: ``null``, ``true``, ``linear``, ``5``, ``[2, 9]``, ``JK2, JK3``.

    Lists of strings (the jokers) are written without brackets; with ``compact`` a long list is
    shortened to its first two items, ``...``, its last item and the count.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        items = [knob_value_text(v) for v in value]
        if value and all(isinstance(v, str) for v in value):
            if compact and len(items) > 4:
                return f"{items[0]}, {items[1]} ... {items[-1]} ({len(items)})"
            return ", ".join(items)
        if not items:
            return "[]"
        return "[" + ", ".join(items) + "]"
    return str(value)


#: Rules added after the rules specification (with the ``matgo`` preset): ``(rule ID, text)``.
#: They continue its families (GEN, MATCH, EVT, PAY) or add a VAR row; docs/rules.md lists them.
ADDED_RULES: tuple[tuple[str, str], ...] = (
    ("GEN-7", "`two_player_only`: the rules are for 2 active players only. A hand, match or "
     "table with 3 active players (or gwangpalli seating) is refused with an error."),
    ("MATCH-8", "`nagari_multiplier_cap`: with `nagari_multiplier = cumulative` the carry factor "
     "of MATCH-5 is min(2^k, cap); null = no cap (Matgo: 8, so x2, x4, x8, x8 ...)."),
    ("EVT-13", "`joker_steals_junk`: capturing a junk-valued joker (the Matgo bonus cards) "
     "creates a debt of 1 junk per opponent, exactly as the boss joker of EVT-9 (any turn, "
     "including the final one; jokers moved to the dealer at the deal, DEAL-5, find no junk "
     "to take because nobody has captured any yet)."),
    ("PAY-15", "`go_scheme = matgo`: each go adds 1 chip (n goes: +n) and from the third go the "
     "total doubles per go: 1 go P + 1, 2 goes P + 2, 3 goes (P + 3) x 2, 4 goes (P + 4) x 4, "
     "5 goes (P + 5) x 8 (the go multiplier 2^(n-2) of PAY-5 for n >= 3)."),
    ("PAY-14", "`pi_bak_zero_exempt`: an opponent whose junk count is 0 (no junk card at all) "
     "does not pay pi-bak. Matgo's threshold is \"7 or fewer pays double\", that is "
     "`pi_bak_protect_min_two_player = 8`."),
    ("EVT-14", "`last_turn_exception_stacks`: with `last_turn_exception`, a stack captured on the "
     "final turn (EVT-4, and a ja-ppuk, EVT-5) creates no junk debt either, like sseul, ttadak and "
     "chok (EVT-6)."),
    ("EVT-15", "`surrender_lowest_first`: a debt (EVT-7) is paid automatically: the debtor's junk "
     "cards in order of junk value, then deck order (plain junk, then 11D/12D, then the bonus "
     "cards), until the debt is met or the junk runs out; the debtor is not asked (no DEC-14)."),
    ("GOSTOP-9", "`final_turn_auto_stop`: on the final turn (TURN-6) a player whose points call "
     "for a go/stop decision (GOSTOP-2) stops at once, instead of being offered a go that would "
     "end the hand as a nagari (GOSTOP-6)."),
    ("PAY-16", "`fixed_wins_carry`: the nagari carry of MATCH-5 (capped by MATCH-8) multiplies the "
     "chongtong, three-ppuk and heodang payments, an exception to PAY-12 (other multipliers still "
     "do not apply to them). Matgo: three ppuk after two nagari pay 7 x 4 = 28."),
    ("VAR-PUSH", "`push_limit` (milgi, 밀기): after a stop the winner may push (match decision "
     "`push` or `collect`): the hand's settlement is forgone (no chips change hands; fixed "
     "payments already made stand) and the next hand's settlement is doubled once per "
     "consecutive push (settlement context `pushes`, factor 2^pushes after the nagari carry). "
     "Pushes count per hand, whoever pushes; a nagari keeps them, the next hand with a winner "
     "consumes them. At most `push_limit` consecutive pushes; none on the last hand of a match of "
     "fixed length, in a shots match, or after a win by a fixed payment (whose payments the "
     "pushes do not double). 0 = off."),
    ("VAR-PPUK-STREAK", "`ppuk_streak_payments` (yeon-ppuk, 연뻑): a ppuk on one's second own turn "
     "after a first-turn ppuk is paid twice `first_turn_ppuk_payment` by each opponent, and a "
     "ppuk on the third after two, three times (Matgo: 7, 14, 21; a third ppuk then also wins "
     "by EVT-11). Off in every preset: the fast engine does not play it."),
    ("VAR-FIRST-TTADAK", "`first_turn_ttadak_payment` (cheot-ttadak, 첫따닥): chips each opponent "
     "pays for a ttadak on one's first turn (not on a final turn), on top of VAR-FIRST-FOUR. "
     "0 = off; off in every preset (the fast engine does not play it)."),
    ("VAR-FINAL-NO-PPUK", "`final_turn_no_ppuk`: on a player's own last turn (no hand card and no "
     "stock-only turn left after it) the stock card that matches the card just played with one "
     "layout card makes no ppuk: the player captures the three cards. (On the hand's final turn "
     "a ppuk cannot happen in 2-player Matgo: the stock is used up.) Off in every preset (the "
     "fast engine does not play it)."),
    ("VAR-SHAKE-CLEAR", "`heundeum_needs_clear_month`: a triple in hand may be shaken (SHAKE-1) "
     "only while the layout holds no card of its month (a kept quad, SHAKE-5, is not affected). "
     "Off in every preset (the fast engine does not play it)."),
)

#: How the ``matgo`` preset reads the public Matgo sources, for the docs: (topic, reading).
MATGO_READINGS: tuple[tuple[str, str], ...] = (
    ("Deck", "51 cards: the 48 month cards and three bonus cards (JK2, JK2-2 worth 2 junk, JK3 "
     "worth 3). A bonus card played from hand is captured and replaced from the stock "
     "(`joker_hand_mode = reveal_replace`); every captured bonus card takes a junk from the "
     "opponent (EVT-13); a bonus card turned before a ppuk stays in the stack (JOKER-3)."),
    ("Go", "Stop at 7; each go +1 point, from the third go the total doubles per go "
     "(`go_scheme = matgo`); a loser who said go pays double (2-player go-bak)."),
    ("Baks", "pi-bak when the loser has 1 to 7 junk (8 protects, none exempts); gwang-bak; "
     "meong-dda x2 for 7 animals; the sake cup 09A classed for the larger payment."),
    ("Bombs and shakes", "each bomb and each shake doubles; a bomb takes a junk; a shaken "
     "card must be played at once."),
    ("Instant payments", "first-turn ppuk 7, three ppuk wins 7, chongtong (optional: may be "
     "kept and shown as a shake) 10 (p2p-gostop's default; hwatu pays 7), the last two times the "
     "nagari carry (PAY-16); four of a "
     "month on the layout or two chongtong: nagari."),
    ("Junk taken", "debts are paid with the lowest junk first, automatically (EVT-15): one plain "
     "junk, or a double junk or bonus card when no plain junk is left; a ja-ppuk takes two plain "
     "junk or one worth 2 or more."),
    ("Final turn", "sseul, ttadak, chok and a stack captured on the final turn take no junk "
     "(EVT-6, EVT-14); reaching the target on the final turn is a stop (GOSTOP-9)."),
    ("Nagari", "each nagari doubles the next hand with a winner, cumulative up to x8."),
    ("Off by default", "push (`push_limit`, VAR-PUSH: the winner of a stop pushes or collects; "
     "the settlement takes the pushes before a hand as context `pushes`) and missions (`missions`, VAR-MISSION: our mission is a random "
     "card set with a random multiplier; hwatu's three mission cards paying x2/x4/x8 are not "
     "expressed)."),
    ("Knobs kept off", "the ppuk streak bonuses of p2p-gostop (14 and 21 on the second and "
     "third own turn, `ppuk_streak_payments`), a first-turn ttadak bonus "
     "(`first_turn_ttadak_payment`), no ppuk on the final turn (`final_turn_no_ppuk`) and "
     "shaking only when the layout has no card of the month (`heundeum_needs_clear_month`) are "
     "knobs of the reference engine; `matgo` keeps them off because the fast engine does not "
     "play them (it refuses them by name). Turn them on with `--set` for the sources' reading."),
)


def _section(
    title: str, intro: list[str], header: tuple[str, str], rows: tuple[tuple[str, str], ...]
) -> list[str]:
    """A ``##`` section: a title, some lines of text and a two-column table."""
    out = ["", f"## {title}", "", *intro, ""]
    out.append(f"| {header[0]} | {header[1]} |")
    out.append(f"|{'-' * (len(header[0]) + 2)}|{'-' * (len(header[1]) + 2)}|")
    out += [f"| {key} | {_cell(text)} |" for key, text in rows]
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_rules_markdown() -> str:
    """The whole of ``docs/rules.md``."""
    base = PRESETS[DEFAULT_PRESET]
    lines: list[str] = [
        "# Rules reference: knobs and presets",
        "",
        "<!-- Generated from gostop.rules (KNOBS, PRESETS) by gostop.rules_doc. Do not edit by hand: -->",
        f"<!-- run `{REGENERATE_COMMAND}` (or `{_CLI_COMMAND}`). -->",
        "",
        "Every house rule of Go Stop (고스톱) that the sources disagree on is a *knob*, and a *preset*",
        "assigns every knob. Each knob names the rule it changes by a rule ID: the rule's family and",
        "number (`DEAL-2` dealing, `PAY-6` the settlement's penalties, `VAR-PUSH` an optional variant);",
        "`gostop rules show` and the code and tests cite the same IDs. How a hand is played is",
        "explained in the games themselves (`?` in `gostop play`, **How to play** in the web game).",
        "",
        "Pick rules on the command line with `--preset NAME`, change single knobs with",
        "`--set knob=value` (the value written as in TOML: `5`, `true`, `\"linear\"`, `[2, 8]`,",
        "`null`), or keep them in a TOML file and pass `--rules FILE.toml`:",
        "",
        "```toml",
        'preset = "pagat"',
        "stop_target_two_player = 5",
        'go_scheme = "linear"',
        "```",
        "",
        "`gostop rules list` lists the presets, `gostop rules show PRESET [--toml]` shows one (as a",
        "table, or as a TOML file to start from), and `gostop rules diff A B` compares two presets or",
        "files. In a TOML file a knob left out keeps the preset's value; TOML has no null, so the",
        'string `"null"` sets a nullable knob to null.',
        "",
        "## Presets",
        "",
        "| Preset | Description | Knobs that differ from `pagat` |",
        "|--------|-------------|--------------------------------|",
    ]
    for name in PRESET_NAMES:
        rules = PRESETS[name]
        changed = [k for k, v in rules.knobs().items() if base.knobs()[k] != v]
        differs = ", ".join(f"`{k}`" for k in changed) if changed else "(the default)"
        lines.append(f"| `{name}` | {_cell(PRESET_DESCRIPTIONS.get(name, ''))} | {differs} |")
    lines += [
        "",
        "## Knobs",
        "",
        "One row per knob, grouped by the part of the game it changes. A value in **bold** differs from",
        f"`{DEFAULT_PRESET}` (the default preset).",
        "",
    ]
    header = ["Knob", *(f"`{n}`" for n in PRESET_NAMES), "Allowed values", "Meaning", "Rule"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join("---" for _ in header) + "|")
    base_values = base.knobs()
    for name, knob in KNOBS.items():
        cells = [f"`{name}`"]
        for preset in PRESET_NAMES:
            value = PRESETS[preset].knobs()[name]
            text = f"`{knob_value_text(value, compact=True)}`"
            cells.append(f"**{text}**" if value != base_values[name] else text)
        cells += [_cell(knob.allowed), _cell(knob.meaning), knob.rule]
        lines.append("| " + " | ".join(cells) + " |")
    lines += _section(
        "Rules added with the `matgo` preset",
        ["These rule IDs were added with the `matgo` preset and the variants that came with it;",
         "the knobs above cite them the same way."],
        ("Rule", "Text"), ADDED_RULES,
    )
    lines += _section(
        "The `matgo` preset",
        ["Matgo (맞고) is the 2-player game of the Korean online rooms. The preset follows what the",
         "public Matgo engines kywoo26/p2p-gostop and itsent-lab/hwatu agree on:"],
        ("Topic", "Reading"), MATGO_READINGS,
    )
    lines += [
        "",
        "## Regenerating this file",
        "",
        f"This file is generated: run `{REGENERATE_COMMAND}` (which runs `{_CLI_COMMAND}`).",
        "`gostop docs rules --check` exits with status 1 when it is stale, and the test suite",
        "(`tests/test_docs.py`) fails until it is regenerated.",
        "",
    ]
    return "\n".join(lines)
