"""Help for players: the keys, the rules of the chosen preset in plain words, the card guide.

The rules text is written from the :class:`~gostop.rules.Rules` values (targets, go scheme,
penalties, bombs, shaking...), so it always describes the table being played. The card guide
lists all 48 month cards (and the deck's jokers) with their names and roles from
:mod:`gostop.cards` and their junk values from :mod:`gostop.scoring`.

Each text is said in a language (``lang``: ``"en"`` or ``"ko"``) through the message catalogue;
the constants (``QUICK_START``, ``KEYS_TEXT``...) are the English ones. The Korean texts are
written as whole paragraphs (one line per item): the screens wrap them.
"""

from __future__ import annotations

import re

from rich.cells import cell_len

from gostop import hints
from gostop.cards import MONTH_CARDS, MONTH_NAMES, Card, deck_cards, parse_card
from gostop.hints import STAMP_NAMES
from gostop.play.names import NICKNAMES, card_korean, month_korean
from gostop.rules import DEFAULT_PRESET, Rules, get_preset
from gostop.scoring import junk_value
from gostop.settlement import go_chips, go_multiplier
from gostop.words import Catalog, amount_words, card_name, catalog, preset_title

__all__ = [
    "KEYS_TEXT",
    "PLAIN_KEYS_TEXT",
    "keys_text",
    "plain_keys_text",
    "quick_start",
    "matgo_differences",
    "rules_text",
    "card_guide",
    "card_guide_parts",
    "QUICK_START",
    "reflow",
    "MATGO_DIFFERENCES",
]

def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (hangul takes two)."""
    return text + " " * max(0, width - cell_len(text))


def _heading(text: str) -> str:
    """A heading underlined with dashes as wide as it is on a terminal."""
    return text + "\n" + "-" * cell_len(text) + "\n"


def quick_start(lang: str = "en") -> str:
    """How to play, in one minute (in ``lang``)."""
    w = catalog(lang)
    return _heading(w.t("How to play, in one minute")) + w.t(
        "Go Stop is a fishing game with the 48 Korean flower cards (hwatu 화투): 12 months x 4 cards.\n"
        "On your turn you play a card from your hand. If a card of the same month is on the table you\n"
        "capture both; then the top card of the stock is turned and captures the same way. Captured\n"
        "cards score in sets: brights 광, animals 열끗 (godori: the three birds), ribbons 띠 (the three\n"
        "dan sets), and junk 피 (ten junk value and up). When your points reach the target you choose:\n"
        "STOP and get paid, or GO on for more -- and risk an opponent stopping first."
    ) + "\n"


def _key_rows(rows: list[tuple[str, str]]) -> str:
    """Keys and what they do, the words in a column (continuation lines under it)."""
    out = []
    for key, words in rows:
        lines = words.split("\n")
        out.append(pad(key, 12) + lines[0])
        out.extend(" " * 12 + line for line in lines[1:])
    return "\n".join(out) + "\n"


def _shake_key_words(rules: Rules, w: Catalog) -> str:
    """What the ``s`` key says of shaking at this table (SHAKE-2; nothing in a game played for
    shots, PAY-2, where no multiplier applies)."""
    times, nov_dec = rules.heundeum_multiplier, rules.heundeum_nov_dec_multiplier
    if rules.payment_unit == "shots" or times == nov_dec == 1:
        return w.t("shake 흔들기 (show three of a month; it changes no payment),\nor STOP when asked go or stop")
    if times == nov_dec == 2:
        return w.t("shake 흔들기 (show three of a month: doubles your win),\nor STOP when asked go or stop")
    if times == nov_dec:
        return w.t("shake 흔들기 (show three of a month: your win x{times}),\nor STOP when asked go or stop",
                   times=times)
    return w.t("shake 흔들기 (show three of a month: your win x{times}, Nov/Dec x{nov_dec}),\n"
               "or STOP when asked go or stop", times=times, nov_dec=nov_dec)


def _skip_key_words(rules: Rules, w: Catalog) -> str | None:
    """What the ``k`` key says, or None when this table never grants a stock-only turn: only a
    bomb (BOMB-3) or a grenade (VAR-GRENADE) does, and only under ``skip_two``."""
    if rules.bomb_compensation != "skip_two":
        return None
    grenade = rules.grenade != "off"
    if rules.bomb_allowed and grenade:
        return w.t("stock-only turn (after a bomb or a grenade)")
    if rules.bomb_allowed:
        return w.t("stock-only turn (after a bomb)")
    if grenade:
        return w.t("stock-only turn (after a grenade)")
    return None


def keys_text(lang: str = "en", rules: Rules | None = None, players: int | None = None, *, cut: bool = False) -> str:
    """The keys of the full-screen game and what the markers and the stamps of a table of
    ``rules`` (the default preset when None) with ``players`` seated (None: any number the
    rules allow) say, in ``lang``. Only the keys of decisions this table can ever ask are
    listed (DEC-7 kept quad and optional chongtong, DEC-8 jokers, DEC-9/DEC-10 shodang,
    DEC-11 bomb, grenade and stock-only turn, DEC-14 junk, DEC-15 the goo-stupe shout, DEC-3
    gwangpalli stay or drop, DEC-4 compensation, DEC-2 the goo-stupe list with more than 3
    seated, VAR-PUSH push or collect; the cut of DEAL-1
    when the person asked to cut, ``cut``), and only the stamps it can show
    (:func:`gostop.hints.table_stamps`): none at all at a table without baks."""
    if rules is None:
        rules = get_preset(DEFAULT_PRESET)
    w = catalog(lang)
    active = (2 if rules.two_player_only else 3) if players is None else min(players, 3)
    if rules.two_player_only:
        seated_max = 2
    elif players is None:
        seated_max = 99 if rules.max_players is None else rules.max_players
    else:
        seated_max = players
    rows = [("1 .. 9, 0", w.t("play the card with that key (<captures>: it takes a card)"))]
    if rules.bomb_allowed:  # BOMB-1
        rows.append(("b", w.t("bomb 폭탄: three of a month onto the fourth on the table")))
    if rules.grenade != "off":  # VAR-GRENADE
        rows.append(("e", w.t("grenade 수류탄: two of a month onto the other two on the table")))
    rows.append(("s", _shake_key_words(rules, w)))
    rows.append(("g", w.t("GO (when asked go or stop)")))
    skip = _skip_key_words(rules, w)
    if skip is not None:  # BOMB-3, TURN-3 (d)
        rows.append(("k", skip))
    if rules.jokers and rules.joker_hand_mode == "reveal_replace":  # JOKER-4
        rows.append(("r", w.t("reveal a joker from your hand (a stock card replaces it)")))
    if rules.chongtong == "optional":  # SHAKE-5
        rows.append(("q", w.t("show the four of a month you kept (counts as a shake)")))
    if rules.shodang and active == 3:  # LIAB-7, LIAB-8
        rows.append(("o", w.t("offer shodang 쇼당")))
        rows.append(("a / r", w.t("accept / refuse a shodang offer")))
    if rules.chongtong == "optional":  # DEAL-7, DEC-7: chongtong is a choice
        rows.append(("c / n", w.t("declare chongtong 총통, or keep the four and play on")))
    if rules.first_turn_ppuk_yell:  # GOO-14, DEC-15
        rows.append(("y / n", w.t("shout after an opponent's first-turn ppuk, or stay quiet (a shot)")))
    if rules.multi_player_mode == "gwangpalli" and seated_max > 3:  # GWANG-3, GWANG-5/6
        rows.append(("s / d", w.t("gwangpalli 광팔이: stay in the hand, or drop out")))
        rows.append(("c / t / n", w.t("claim compensation, claim and show a triple, or no claim")))
    if rules.push_limit > 0 and rules.payment_unit != "shots":  # VAR-PUSH (never in shots)
        rows.append(("p / c", w.t("push 밀기 the winnings to the next hand, or collect them")))
    if cut:  # DEAL-1, asked only when the person chose to cut
        rows.append(("c / n", w.t("cut the deck, or deal as shuffled")))
    listing = rules.multi_player_mode == "rotation" and seated_max > 3  # GOO-17, DEC-2: the numbered list
    if rules.surrender_lowest_first and listing:  # EVT-15: junk owed is handed over for you
        rows.append(("1, 2 ...", w.t("which card to take,\nor who comes next on the list (more than 3 players)")))
    elif rules.surrender_lowest_first:
        rows.append(("1, 2 ...", w.t("which card to take")))
    elif listing:
        rows.append(("1, 2 ...", w.t("which card to take, which junk to give,\n"
                                     "or who comes next on the list (more than 3 players)")))
    else:
        rows.append(("1, 2 ...", w.t("which card to take, or which junk to give")))
    rows += [
        ("Enter", w.t("continue after the end of a hand")),
        (w.t("{help} or {f1}", help="?", f1="F1"), w.t("this help (keys, the rules of this table, the card guide)")),
        ("l", w.t("the whole event log")),
        ("ctrl+q", w.t("save and quit ({command} continues the match)", command="play --resume")),
        ("ctrl+c", w.t("save, then asks whether to quit")),
    ]
    if rules.bomb_allowed:
        markers = w.t(
            "Every decision shows its keys under the table; you can also click one.\n"
            "Next to each card: what it takes from the table (\"no match\": it stays\n"
            "on the table). Markers on your cards: <captures> it takes a card now,\n"
            "<bomb> you can bomb that month, <shaken> you declared it, <completes\n"
            "...> it would complete a set, <feeds ...> laying it down would give an\n"
            "opponent a set. The cards a bot just played and took are underlined."
        )
    else:
        markers = w.t(
            "Every decision shows its keys under the table; you can also click one.\n"
            "Next to each card: what it takes from the table (\"no match\": it stays\n"
            "on the table). Markers on your cards: <captures> it takes a card now,\n"
            "<shaken> you declared it, <completes ...> it would complete a set,\n"
            "<feeds ...> laying it down would give an opponent a set. The cards a\n"
            "bot just played and took are underlined."
        )
    text = _heading(w.t("Keys")) + _key_rows(rows) + "\n" + markers + "\n"
    stamps = [(name, STAMP_NAMES[name]) for name in hints.table_stamps(rules)]
    if stamps:
        badges = [f"[{name.upper()} {hangul}]" if w.lang == "en" else f"[{hangul}]" for name, hangul in stamps]
        text += w.t("Stamps ({stamps}) show the\npenalties a player risks if someone else wins now (LIVE) or soon.",
                    stamps=", ".join(badges)) + "\n"
    return text


def plain_keys_text(lang: str = "en", width: int | None = None) -> str:
    """The commands of the line mode (``--plain``), in ``lang``: two to a row, or one a row
    when two do not fit in ``width`` columns (None: any width)."""
    w = catalog(lang)
    left = [
        ("table", w.t("show the table again")),
        (w.t("{help} or {word}", help="?", word="help"), w.t("this help")),
        ("cards", w.t("the card guide")),
    ]
    right = [
        ("log", w.t("the whole event log")),
        ("rules", w.t("the rules of this table")),
        ("quit", w.t("save and quit (resume with {option})", option="--resume")),
    ]
    rows = "".join(
        "  " + pad(lk, 13) + pad(lw, 31) + pad(rk, 11) + rw + "\n" for (lk, lw), (rk, rw) in zip(left, right, strict=True)
    )
    if width is not None and max(cell_len(row) for row in rows.splitlines()) > width:
        rows = "".join("  " + pad(k, 13) + said + "\n" for k, said in (*left, *right))
    return (
        _heading(w.t("Commands"))
        + w.t(
            "At a prompt type the key shown in brackets (1..9, 0, b, s, g ...), or the action itself\n"
            "(\"play 03B\", \"go\"), or just a card code (\"03B\" or \"03b\"). Then press Enter.\n"
            "Commands are whole words, so they never hide a key:"
        )
        + "\n" + rows
        + w.t("After a hand, press Enter to go on.") + "\n"
    )


QUICK_START = quick_start("en")
KEYS_TEXT = keys_text("en")
PLAIN_KEYS_TEXT = plain_keys_text("en")


def reflow(text: str) -> str:
    """``text`` for a screen that wraps by itself: the lines of a prose paragraph joined into
    one (a heading and its underline stay apart)."""
    out: list[str] = []
    for line in text.split("\n"):
        prev = out[-1] if out else ""
        joinable = bool(prev.strip()) and bool(line.strip()) and not set(line.strip()) <= {"-"}
        if joinable and set(prev.strip()) <= {"-"}:
            joinable = False
        if joinable:
            out[-1] = prev.rstrip() + " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


#: Marks a line that goes on the line before it (a text written over several lines), so that
#: :func:`_unwrapped` can join it for a screen that wraps by itself.
_GOES_ON = "\x1f"


def _indented(lines: list[str], text: str, indent: str = "  ") -> None:
    """Add ``text`` to ``lines``, each of its lines indented by ``indent`` (the lines after its
    first marked as going on the one before)."""
    first, *rest = text.split("\n")
    lines.append(indent + first)
    lines.extend(_GOES_ON + indent + line for line in rest)


def _unwrapped(lines: list[str], flowed: bool) -> list[str]:
    """``lines`` as they are written (``flowed`` False), or with every text that was written over
    several lines joined into one line (each item of a list keeps its own line)."""
    out: list[str] = []
    for line in lines:
        if not line.startswith(_GOES_ON):
            out.append(line)
        elif flowed and out:
            out[-1] = out[-1].rstrip() + " " + line[len(_GOES_ON):].strip()
        else:
            out.append(line[len(_GOES_ON):])
    return out


def _unit(unit: str, w: Catalog) -> str:
    return w.t("shots") if unit == "shots" else w.t("chips")


def rules_text(rules: Rules, players: int, lang: str = "en", flowed: bool = False) -> str:
    """The rules of ``rules`` in plain words for a table of ``players`` seated players, in
    ``lang``. Every number and every rule that a knob can change is read from the knob, and a
    rule the table does not play is not said; an optional rule (a variant every preset leaves
    off) is said only when it is on. With ``flowed`` each rule is one line, for a screen that
    wraps by itself (the items of a list keep a line each); else the English is broken into
    lines as written."""
    w = catalog(lang)
    active = min(players, 3)
    lines: list[str] = [w.t("Rules of this table: preset {preset}", preset=preset_title(rules.preset, lang))]
    over = {k: v for k, v in rules.overrides().items() if k != "match_hands"}  # said under "The match"
    if over:
        lines.append(w.t("Changed from the preset ({command}): {changes}", command="gostop rules show",
                         changes=", ".join(f"{k} = {v}" for k, v in over.items())))
    lines.append("")
    lines.append(w.t("The deal"))
    _indented_all(lines, _deal_lines(rules, players, w))
    lines.append("")
    lines.append(w.t("A turn"))
    _indented_all(lines, _turn_lines(rules, active, w))
    lines.append("")
    lines.append(w.t("Scoring (points)"))
    _indented_all(lines, _scoring_lines(rules, w))
    lines.append("")
    lines.append(w.t("Go or stop"))
    lines.extend(_go_stop_lines(rules, active, w))
    lines.append("")
    lines.append(_match_line(rules, players, w))
    if rules.preset == "matgo":
        lines.append("")
        lines.extend(matgo_differences(lang, rules).splitlines())
    return "\n".join(_unwrapped(lines, flowed)) + "\n"


def _indented_all(lines: list[str], texts: list[str]) -> None:
    for text in texts:
        _indented(lines, text)


def _joker_list(jokers: tuple[str, ...], w: Catalog) -> str:
    """The deck's jokers: every code, or for a long list its first two, its last and the count."""
    if len(jokers) > 4:
        return w.t("{first}, {second} ... {last}, {count} in all", count=len(jokers), first=jokers[0],
                   second=jokers[1], last=jokers[-1])
    return ", ".join(jokers)


def _deal_lines(rules: Rules, players: int, w: Catalog) -> list[str]:
    """DEAL-2, GWANG-1..GWANG-10, DECK-1 with JOKER-1/JOKER-3/JOKER-4 and GOO-10, DEAL-6..DEAL-8."""
    out: list[str] = []
    unit = rules.payment_unit
    if min(players, 3) == 2:
        out.append(w.t("Two players: 10 cards each, 8 on the table, the rest is the stock."))
    else:
        out.append(w.t("Three players: 7 cards each, 6 on the table, the rest is the stock."))
    if players > 3 and rules.multi_player_mode == "gwangpalli":
        out.append(w.t("{players} seated (gwangpalli 광팔이): everyone is dealt, the dealer plays, the others say stay"
                       " or drop until three are in.", players=players))
        cards = [w.t("brights"), w.t("double junk")]  # GWANG-6
        if rules.flex_card:
            cards.append(w.t("the flex card {card}", card=rules.flex_card))
        if rules.jokers:
            cards.append(w.t("jokers"))
        if rules.compensation_timing == "end_by_losers":  # GWANG-7
            payers = w.t("paid after the hand by each of its two losers (after a nagari, doubled by the losers of"
                         " the next hand with a winner)")
        else:
            payers = w.t("paid at once by each of the two players in the hand other than the dealer")
        out.append(w.t("A player forced out may claim {amount} per card for their {cards} in hand (twice the total if"
                       " they also show three of a month), {payers}.", amount=amount_words(w, rules.compensation_per_card, unit),
                       cards=w.t("{some} and {last}", some=w.t(", ").join(cards[:-1]), last=cards[-1]),
                       payers=payers))
        if players == 4 and rules.four_player_rain_exception:  # GWANG-6
            out.append(w.t("With four seated, a rain bright 12B alone earns nothing."))
        if players == 7 and rules.seven_player_iris_out:  # GWANG-4
            out.append(w.t("With seven seated, a player other than the dealer who is dealt 05A must drop out."))
        if rules.nagari_redeal == "all_players":  # GWANG-10
            out.append(w.t("After a nagari everyone is dealt in again, and stays or drops again."))
        else:
            out.append(w.t("After a nagari the same three play again."))
    if not rules.jokers:
        out.append(w.t("No jokers in the deck."))
    elif rules.joker_hand_mode == "reveal_replace":  # JOKER-4
        out.append(w.t("Jokers in the deck: {jokers} (before your play you may show a joker in hand: it goes to your"
                       " captures and the top stock card joins your hand).", jokers=_joker_list(rules.jokers, w)))
    else:  # JOKER-1
        out.append(w.t("Jokers in the deck: {jokers} (a joker played from hand goes to your captures and the top stock"
                       " card is played in its place).", jokers=_joker_list(rules.jokers, w)))
    if rules.jokers and rules.joker_stays_with_ppuk:  # JOKER-3
        out.append(w.t("A joker turned from the stock after your card took one stays with that pair; in a ppuk it stays"
                       " in the stack."))
    if rules.jokers and rules.joker_shot == "hand_opponents_stock_self":  # GOO-10
        out.append(w.t("A joker played from your hand makes each opponent take a shot; a joker turned from the stock,"
                       " you."))
    elif rules.jokers and rules.joker_shot == "hand_self_stock_opponents":
        out.append(w.t("A joker played from your hand makes you take a shot; a joker turned from the stock, each"
                       " opponent."))
    if rules.chongtong_payment == "target":
        pays = w.t("as many {unit} as the stop target", unit=_unit(unit, w))
    else:
        pays = amount_words(w, rules.chongtong_payment, unit)
    if rules.chongtong == "mandatory":  # DEAL-7
        out.append(w.t("Four of a month in hand (chongtong 총통): it must be shown and wins at once ({pays} from each"
                       " opponent).", pays=pays))
    else:
        out.append(w.t("Four of a month in hand (chongtong 총통): you may show it and win at once ({pays} from each"
                       " opponent) or keep the four cards and play on.", pays=pays))
    out.append(_chongtong_tie_text(rules, min(players, 3), w))
    if rules.four_on_table == "dealer_chongtong":  # DEAL-6
        out.append(w.t("Four of a month dealt to the table: the dealer wins at once, as with chongtong ({pays} from"
                       " each opponent).", pays=pays))
    elif rules.four_on_table == "nagari":
        out.append(w.t("Four of a month dealt to the table: the hand is a nagari (no winner)."))
    else:
        out.append(w.t("Four of a month dealt to the table: the cards are dealt again."))
    if rules.weol_yak_month and unit == "chips":  # VAR-WEOLYAK-MONTH (a PAY-5 factor: none with shots)
        out.append(w.t("Weol-yak 월약: before the deal a month is drawn; a winner who has taken all four of its"
                       " cards is paid x4."))
    if rules.boar == "pot":  # VAR-BOAR
        out.append(w.t("The boar 멧돼지 (07A): every hand each player puts {ante} into a pot, and whoever takes 07A"
                       " takes the pot at once; if nobody does, it grows into the next hand.",
                       ante=amount_words(w, rules.boar_ante, unit)))
    return out


def _chongtong_tie_text(rules: Rules, active: int, w: Catalog) -> str:
    """DEAL-8: more than one player dealt a chongtong (when all of them are, never a winner)."""
    if active == 2:
        if rules.chongtong_tie == "void":
            text = w.t("If both players have chongtong, nobody wins and the cards are dealt again.")
        else:
            text = w.t("If both players have chongtong, the hand is a nagari.")
    elif rules.chongtong_tie == "void":
        text = w.t("If two or more players have chongtong, nobody wins and the cards are dealt again.")
    elif rules.chongtong_tie == "nagari":
        text = w.t("If two or more players have chongtong, the hand is a nagari.")
    elif rules.chongtong_tie == "dealer_first":
        text = w.t("If two players have chongtong, the one who plays first wins (the dealer before the others);"
                   " if all three do, the hand is a nagari.")
    else:
        text = w.t("If two players have chongtong, the one with the later month wins; if all three do, the hand is"
                   " a nagari.")
    if rules.chongtong == "optional":
        text += " " + w.t("Only a player who shows it counts.")
    return text


def _turn_lines(rules: Rules, active: int, w: Catalog) -> list[str]:
    """CAPT, EVT-1..EVT-14, BOMB-1..BOMB-3, SHAKE-1..SHAKE-3, LIAB-7/LIAB-8 (shodang)."""
    out: list[str] = []
    unit = rules.payment_unit
    out.append(w.t(
        "Play a card: it takes a card of the same month from the table (two there: you choose;\n"
        "a stack of three: all of it). Then the top stock card is turned and does the same."))
    out.append(w.t("Ppuk 뻑: your card took one, the stock card is the same month: all three stay as a stack."))
    if rules.final_turn_no_ppuk:  # VAR-FINAL-NO-PPUK
        out.append(w.t("On your own last turn there is no ppuk: you take the three cards."))
    out.append(w.t(
        "Chok 쪽 (your card found nothing, the stock card took it), ttadak 따닥 (all four of a\n"
        "month), sseul 싹쓸이 (you clear the table) and taking a stack: each opponent gives you one junk."))
    if rules.ja_ppuk_junk > 1:  # EVT-5
        if rules.ja_ppuk_window == "previous_turn":
            text = w.t("Taking a stack your own ppuk made on your previous turn (ja-ppuk 자뻑): each opponent gives you"
                       " {n} junk.", n=rules.ja_ppuk_junk)
        else:
            text = w.t("Taking a stack of your own ppuk (ja-ppuk 자뻑): each opponent gives you {n} junk.",
                       n=rules.ja_ppuk_junk)
        if rules.ja_ppuk_shot:  # GOO-13
            text += " " + w.t("Each opponent also takes a shot.")
        out.append(text)
    if rules.no_junk_shot:  # GOO-12
        out.append(w.t("An opponent with no junk to give takes a shot instead."))
    if rules.last_turn_exception and rules.last_turn_exception_stacks:  # EVT-6, EVT-14
        out.append(w.t("On the last turn of a hand, chok, ttadak, sseul and taking a stack earn no junk."))
    elif rules.last_turn_exception:  # EVT-6
        out.append(w.t("On the last turn of a hand, chok, ttadak and sseul earn no junk."))
    if rules.three_ppuk_payment:  # EVT-11
        out.append(w.t("Three ppuk in one hand win at once ({pays} from each opponent).",
                       pays=amount_words(w, rules.three_ppuk_payment, unit)))
    if rules.heodang_turns is not None:  # VAR-HEODANG
        out.append(w.t("Heodang 허당: {n} turns of your own in a row without taking a card win at once ({pays} from"
                       " each opponent).", n=rules.heodang_turns, pays=_fixed_pays(rules.heodang_payment, rules, w)))
    if rules.first_turn_ppuk_payment:  # EVT-10
        out.append(w.t("A ppuk on your first turn is paid {pays} by each opponent.",
                       pays=amount_words(w, rules.first_turn_ppuk_payment, unit)))
        if rules.ppuk_streak_payments:  # VAR-PPUK-STREAK
            out.append(w.t("Yeon-ppuk 연뻑: a ppuk on your second turn as well is paid {two} by each opponent, and one"
                           " on your third turn after those two, {three}.",
                           two=amount_words(w, 2 * rules.first_turn_ppuk_payment, unit),
                           three=amount_words(w, 3 * rules.first_turn_ppuk_payment, unit)))
    if rules.first_turn_ppuk_yell:  # GOO-14
        out.append(w.t("After a ppuk on someone's first turn, each opponent must shout at once, or take a shot."))
    out.extend(_first_turn_lines(rules, w))
    if rules.bomb_allowed:  # BOMB-1..BOMB-3
        if rules.bomb_compensation == "draw_three":
            comp = w.t("three stock cards")
        elif rules.bomb_skip_timing == "next_two":
            comp = w.t("two turns with no card to play: your next two, or at the end of the hand")
        else:
            comp = w.t("two later turns with no card to play")
        out.append(w.t(
            "Bomb 폭탄: three of a month in hand with the fourth on the table: take all four ({comp}).", comp=comp))
        if rules.bomb_multiplier > 1 and unit == "chips":  # PAY-5 (no multiplier with shots, PAY-2)
            out.append(w.t("If you win, each bomb multiplies the payment by {times}.", times=rules.bomb_multiplier))
        if rules.bomb_steals_junk:  # EVT-8
            out.append(w.t("A bomb also takes one junk from each opponent."))
    else:
        out.append(w.t("No bombs."))
    if rules.grenade != "off":  # VAR-GRENADE
        out.append(_grenade_text(rules, w))
    out.append(_shake_text(rules, w))
    if rules.shodang and active == 3:  # LIAB-7, LIAB-8
        text = w.t("Shodang 쇼당: on your turn, show your hand and offer to end the hand with no winner (nagari).")
        if rules.shodang_eligibility == "no_safe_play":
            text += " " + w.t("Only with two cards or more in hand, none of which takes a card from the table, and each"
                              " of which would let an opponent stop.")
        elif rules.shodang_eligibility == "no_safe_play_each":
            text += " " + w.t("Only with two cards or more in hand, none of which takes a card from the table, and each"
                              " of which would let an opponent stop; each opponent must have such a card.")
        text += " " + w.t("The next player answers first; if both accept, the hand ends. A refusal makes the other"
                          " player accept.")
        if rules.dok_bak and unit == "chips":  # LIAB-10 (no liability with shots, PAY-2)
            text += " " + w.t("The refuser risks paying for both losers (see below).")
        out.append(text)
    return out


def _fixed_pays(pays: int | str, rules: Rules, w: Catalog) -> str:
    """A fixed payment's amount in words: a number of chips (or shots), or the stop target."""
    if pays == "target":
        return w.t("as many {unit} as the stop target", unit=_unit(rules.payment_unit, w))
    return amount_words(w, int(pays), rules.payment_unit)


def _first_turn_lines(rules: Rules, w: Catalog) -> list[str]:
    """The first-turn bonuses: VAR-FIRST-FOUR, VAR-FIRST-TTADAK, VAR-BAEKHWAJEOM,
    VAR-WEOLYAK-FIRST (a PAY-5 factor: none with shots), VAR-BOAR ``first_turn``."""
    out: list[str] = []
    unit = rules.payment_unit
    if rules.first_turn_four_bonus:  # VAR-FIRST-FOUR: paid for each such event of the first turn
        events = [w.t("ttadak"), w.t("chok"), w.t("stack taken")]
        if rules.bomb_allowed:
            events.append(w.t("bomb"))
        if rules.grenade != "off":
            events.append(w.t("grenade"))
        out.append(w.t("On your first turn, each {events} is paid {pays} by each opponent.",
                       events=w.t("{some} or {last}", some=w.t(", ").join(events[:-1]), last=events[-1]),
                       pays=amount_words(w, rules.first_turn_four_bonus, unit)))
    if rules.first_turn_ttadak_payment:  # VAR-FIRST-TTADAK, on top of VAR-FIRST-FOUR
        pays = amount_words(w, rules.first_turn_ttadak_payment, unit)
        if rules.first_turn_four_bonus:
            out.append(w.t("A ttadak on your first turn (cheot-ttadak 첫따닥) is paid {pays} more by each opponent.",
                           pays=pays))
        else:
            out.append(w.t("A ttadak on your first turn (cheot-ttadak 첫따닥) is paid {pays} by each opponent.",
                           pays=pays))
    if rules.baek_hwa_jeom:  # VAR-BAEKHWAJEOM
        out.append(w.t("Baek-hwa-jeom 백화점: taking a bright, an animal, a ribbon and a junk on your first turn:"
                       " each opponent gives you one junk."))
    if rules.weol_yak_first_turn and unit == "chips":  # VAR-WEOLYAK-FIRST
        out.append(w.t("Weol-yak 월약: taking all four cards of a month on your first turn makes your win pay x4."))
    if rules.boar == "first_turn":  # VAR-BOAR
        out.append(w.t("Taking the boar 멧돼지 (07A) on your first turn is paid {pays} by each opponent.",
                       pays=amount_words(w, rules.boar_first_turn_payment, unit)))
    return out


def _grenade_text(rules: Rules, w: Catalog) -> str:
    """VAR-GRENADE: what a grenade takes, what makes up for the two hand cards (BOMB-3) and
    what else it does by ``grenade``."""
    if rules.bomb_compensation == "draw_three":
        comp = w.t("two stock cards turned that turn")
    elif rules.bomb_skip_timing == "next_two":
        comp = w.t("a turn with no card to play: one of your next two, or at the end of the hand")
    else:
        comp = w.t("a later turn with no card to play")
    text = w.t("Grenade 수류탄: two of a month in hand with the other two on the table: play both and take all"
               " four ({comp}).", comp=comp)
    times = rules.bomb_multiplier if rules.payment_unit == "chips" else 1
    if rules.grenade == "steal":
        return text + " " + w.t("Each opponent gives you one junk.")
    if rules.grenade == "as_bomb" and times > 1 and rules.bomb_steals_junk:
        return text + " " + w.t("It counts as a bomb: if you win, it multiplies the payment by {times}, and each"
                                " opponent gives you one junk.", times=times)
    if rules.grenade == "as_bomb" and times > 1:
        return text + " " + w.t("It counts as a bomb: if you win, it multiplies the payment by {times}.",
                                times=times)
    if rules.grenade == "as_bomb" and rules.bomb_steals_junk:
        return text + " " + w.t("It counts as a bomb: each opponent gives you one junk.")
    return text + " " + w.t("It earns nothing else.")


def _shake_text(rules: Rules, w: Catalog) -> str:
    """SHAKE-1..SHAKE-3, BOMB-1 (bombing a shaken month), VAR-SHAKE-CLEAR; a game played for
    shots has no multiplier (PAY-2), so there a shake changes no payment."""
    times, nov_dec = rules.heundeum_multiplier, rules.heundeum_nov_dec_multiplier
    if rules.payment_unit == "shots" or times == nov_dec == 1:
        text = w.t("Shake 흔들기: you may show three of a month in hand; it changes no payment.")
    elif times == nov_dec:
        text = w.t("Shake 흔들기: show three of a month in hand; if you win, you are paid x{times}.", times=times)
    else:
        text = w.t("Shake 흔들기: show three of a month in hand; if you win, you are paid x{times} (Nov/Dec x{nov_dec}).",
                   times=times, nov_dec=nov_dec)
    if rules.heundeum_needs_clear_month:
        text += " " + w.t("Only while the table has no card of that month.")
    if rules.heundeum_must_play:
        text += " " + w.t("You then play one of the three at once.")
    if rules.bomb_allowed and not rules.bomb_after_heundeum:
        text += " " + w.t("A month you shook can no longer be bombed.")
    return text


def _scoring_lines(rules: Rules, w: Catalog) -> list[str]:
    """SCORE-1..SCORE-11, VAR-VIP, VAR-PALSSARI."""
    out: list[str] = []
    if rules.four_brights_with_rain_points == 4:
        out.append(w.t("Brights 광: 3 brights 3 (with the rain bright 12B: 2), 4 brights 4, all 5: 15."))
    else:  # SCORE-1
        out.append(w.t("Brights 광: 3 brights 3 (with the rain bright 12B: 2), 4 brights 4 (with 12B: {four}),"
                       " all 5: 15.", four=rules.four_brights_with_rain_points))
    if rules.four_birds:  # SCORE-3
        out.append(w.t("Godori 고도리 (birds 02A 04A 08A): {points}; with the rain bird 12A: all four 6 (yukdori 육도리),"
                       " three with 12A 4 (bidori 비도리). Animals: 5 = 1 point, +1 each more.",
                       points=rules.godori_points))
    else:
        out.append(w.t("Godori 고도리 (birds 02A 04A 08A): {points}. Animals: 5 = 1 point, +1 each more.",
                       points=rules.godori_points))
    out.append(w.t(
        "Ribbon sets, 3 each: hong-dan 홍단 (01R 02R 03R), cheong-dan 청단 (06R 09R 10R),\n"
        "cho-dan 초단 (04R 05R 07R). Ribbons: 5 = 1 point, +1 each more."))
    # (a sentence names its cards, their codes beside: "11D counts 2" named none)
    named = {code: card_name(parse_card(code), w.lang) for code in ("11D", "12D", rules.flex_card or "09A")}
    junk = w.t("Junk 피: 10 junk value = 1 point, +1 each more. The {nov_card} 11D counts {nov}, the {dec_card} 12D"
               " {dec}.", nov=rules.junk_value_11D, dec=rules.junk_value_12D, nov_card=named["11D"],
               dec_card=named["12D"])
    if rules.flex_card:  # SCORE-8
        junk += " " + w.t("The flex card, the {flex_card} {flex}, counts as an animal or as {flex_value} junk, whichever"
                          " is better.", flex=rules.flex_card, flex_card=named[rules.flex_card],
                          flex_value=rules.flex_junk_value)
    out.append(junk)
    if rules.vip_bonus:  # VAR-VIP
        flex = rules.flex_card or "09A"
        out.append(w.t("VIP: the {flex_card} {flex}, the {nov_card} 11D and the {dec_card} 12D all captured: +{n} points"
                       " (not counted for stopping).", flex=flex, flex_card=named[flex], nov_card=named["11D"],
                       dec_card=named["12D"], n=rules.vip_bonus))
    if rules.palssari_bonus:  # VAR-PALSSARI
        out.append(w.t("Palssari 팔싸리: all four April and all four July cards: +{n} points (not counted for stopping).",
                       n=rules.palssari_bonus))
    if rules.score_cap:  # SCORE-11
        out.append(w.t("Points are capped at {cap}.", cap=rules.score_cap))
    return out


def _go_scheme_text(rules: Rules, w: Catalog) -> str:
    """PAY-3, PAY-5, PAY-15: what goes add, by ``go_scheme``."""
    if rules.go_scheme == "standard" and rules.go_chips_three_plus == "drop":
        return w.t("go 1: +1 chip, go 2: +2 chips; from go 3 on the go chips are dropped and the payment doubles each go")
    return {
        "standard": w.t("go 1: +1 chip, go 2: +2 chips, from go 3 on the payment doubles each go"),
        "linear": w.t("go 1: +1 chip, then the payment is multiplied by the number of goes"),
        "blog": w.t("+1 chip per go, doubled once from go 4 on"),
        "none": w.t("goes add nothing"),
        "matgo": w.t("each go adds 1 chip, and from go 3 on the payment doubles each go"),
    }[rules.go_scheme]


def _go_stop_lines(rules: Rules, active: int, w: Catalog) -> list[str]:
    """GOSTOP-1/GOSTOP-2, PAY-2..PAY-9, LIAB, MATCH-5/MATCH-6/MATCH-8, GOO-4/GOO-5 (indented)."""
    lines: list[str] = []
    _indented(lines, w.t("With {target} points or more (this table: {active} players) you choose STOP or GO.",
                         target=rules.stop_target(active), active=active))
    if rules.go_decision_trigger == "above_last_go":
        _indented(lines, w.t("After a go you are asked again only when your points pass those of your last go."))
    else:
        _indented(lines, w.t("After a go you are asked again whenever a set forms or improves."))
    if rules.final_turn_auto_stop:  # GOSTOP-9
        _indented(lines, w.t("On the last turn of a hand, reaching the target is a stop (no go)."))
    if rules.payment_unit == "shots":  # PAY-2, GOO-4
        _indented(lines, w.t("Payment is in shots: each opponent takes one shot per {per} points.",
                             per=rules.shots_per_points or 1))
        if rules.nagari_shots:  # GOO-5
            _indented(lines, w.n("After a hand with no winner (nagari 나가리) every player takes {n} shot.",
                                 "After a hand with no winner (nagari 나가리) every player takes {n} shots.",
                                 rules.nagari_shots))
        if rules.nagari_limit is not None and rules.nagari_limit_action == "end_match":  # MATCH-6
            _indented(lines, w.t("After {n} nagari in a row the match ends.", n=rules.nagari_limit))
        return lines
    _indented(lines, w.t("The winner is paid their points in chips by each opponent; {scheme}.",
                         scheme=_go_scheme_text(rules, w)))
    if rules.no_captures_no_pay:  # PAY-8
        _indented(lines, w.t("An opponent who captured no card at all pays nothing."))
    if rules.missions:  # VAR-MISSION
        low, high = rules.mission_multiplier_range
        if low == high:
            text = w.t("Missions 미션: every hand draws a mission (all four cards of a month, a ribbon set or godori);"
                       " a winner who has taken all its cards is paid x{times}.", times=low)
        else:
            text = w.t("Missions 미션: every hand draws a mission (all four cards of a month, a ribbon set or godori)"
                       " and a multiplier from {low} to {high}; a winner who has taken all its cards is paid that many"
                       " times.", low=low, high=high)
        _indented(lines, text)
    if rules.dok_bak and active == 3:
        lines.extend(_liability_lines(rules, w))
    elif active == 2 and rules.go_bak_two_player == "double":
        _indented(lines, w.t("Go-bak 고박: if you said go and your opponent wins, you pay double."))  # PAY-6
    penalties: list[str] = []  # PAY-6, PAY-5 (meong-dda), PAY-14
    if rules.gwang_bak == "double" and rules.gwang_bak_scope == "all_or_none":
        penalties.append(w.t("gwang-bak 광박: the winner scores brights and no opponent has any."))
    elif rules.gwang_bak == "double":
        penalties.append(w.t("gwang-bak 광박: the winner scores brights and you have none."))
    if rules.pi_bak:
        protect = rules.pi_bak_protect_min
        if active == 2 and rules.pi_bak_protect_min_two_player is not None:
            protect = rules.pi_bak_protect_min_two_player
        if rules.pi_bak_zero_exempt:
            penalties.append(w.t("pi-bak 피박: the winner scores junk and you have less than {protect} junk value"
                                 " (but not none at all).", protect=protect))
        else:
            penalties.append(w.t("pi-bak 피박: the winner scores junk and you have less than {protect} junk value.",
                                 protect=protect))
    if rules.tti_bak:
        penalties.append(w.t("tti-bak 띠박: the winner scores ribbons and you have none."))
    if rules.meong in ("dda", "dda_and_bak"):
        penalties.append(w.t("meong-dda 멍따: the winner has 7 animals or more (everyone pays double)."))
    if rules.meong in ("bak", "dda_and_bak"):
        penalties.append(w.t("meong-bak 멍박: the winner has 7 animals and you have none."))
    if penalties:
        _indented(lines, w.t("Penalties (bak 박), each doubling what one opponent pays:"))
        for text in penalties:
            _indented(lines, text, "    ")
    if rules.gwang_bak == "plus2":
        if rules.gwang_bak_scope == "all_or_none":
            text = w.t("Gwang-bak 광박: if the winner scores brights and no opponent has any, each pays 2 chips more.")
        else:
            text = w.t("Gwang-bak 광박: if the winner scores brights and you have none, you pay 2 chips more.")
        _indented(lines, text)
    if rules.nagari_multiplier == "single":  # MATCH-5
        _indented(lines, w.t("After a hand with no winner (nagari 나가리) the next hand pays double."))
    elif rules.nagari_multiplier == "cumulative":  # MATCH-5, MATCH-8
        cap = rules.nagari_multiplier_cap
        if cap:
            text = w.t("After a hand with no winner (nagari 나가리) the next hand pays double, and double again"
                       " for each further nagari in a row, up to x{cap}.", cap=cap)
        else:
            text = w.t("After a hand with no winner (nagari 나가리) the next hand pays double, and double again"
                       " for each further nagari in a row.")
        _indented(lines, text)
    if rules.fixed_wins_carry and rules.nagari_multiplier != "off":  # PAY-16
        wins = [w.t("chongtong")]
        if rules.three_ppuk_payment:
            wins.append(w.t("three ppuk"))
        if rules.heodang_turns is not None:
            wins.append(w.t("heodang"))
        if len(wins) > 1:
            wins = [w.t("{some} and {last}", some=w.t(", ").join(wins[:-1]), last=wins[-1])]
        _indented(lines, w.t("The nagari doubling also multiplies what {wins} pay.", wins=wins[0]))
    if rules.nagari_limit is not None:  # MATCH-6
        if rules.nagari_limit_action == "end_match":
            text = w.t("After {n} nagari in a row the match ends.", n=rules.nagari_limit)
        else:
            text = w.t("After {n} nagari in a row the doubling starts over.", n=rules.nagari_limit)
        _indented(lines, text)
    if rules.push_limit:  # VAR-PUSH (never in a shots match)
        text = w.t("Push (milgi 밀기): after a stop the winner may give up the payment; the next hand with a winner"
                   " then pays double, and double again for each push in a row (at most {n} in a row).",
                   n=rules.push_limit)
        if rules.match_hands is not None and rules.match_target_chips is None:
            text += " " + w.t("No push on the last hand of the match.")
        _indented(lines, text)
    return lines


def _match_line(rules: Rules, players: int, w: Catalog) -> str:
    """MATCH-1, MATCH-3, MATCH-4, MATCH-7, GOO-17."""
    if rules.match_target_chips is not None:
        length = w.t("The match: until a player is {n} chips up;", n=rules.match_target_chips)
    elif rules.match_hands is None:
        length = w.t("The match: open-ended;")
    else:
        length = w.t("The match: {n} hands;", n=rules.match_hands)
    if players > 3 and rules.multi_player_mode == "rotation":
        dealer = w.t("after a hand with a winner, the winner leaves the table and the next player waiting comes in"
                     " and deals.")
    else:
        dealer = w.t("the winner of a hand deals the next.")
    first = {  # MATCH-3
        "lot": w.t("The first dealer is chosen by lot."),
        "draw_night": w.t("For the first dealer everyone draws a card, and the earliest month deals (bam-il 밤일)."),
        "draw_day": w.t("For the first dealer everyone draws a card, and the latest month deals (nat-jang 낮장)."),
        "oldest": w.t("The oldest player deals first."),
    }[rules.first_dealer]
    if rules.payment_unit == "shots":
        end = w.t("Nobody keeps score: the fewest shots taken wins.")
    else:
        end = w.t("Most chips wins.")
    return length + " " + dealer + " " + first + " " + end


def matgo_differences(lang: str = "en", rules: Rules | None = None) -> str:
    """How Matgo (맞고), the 2-player game of the Korean online rooms, differs from the other
    presets, in plain words (issue 19; the knobs are in docs/rules.md), in ``lang``. Every
    number and every yes/no is read from ``rules`` (the ``matgo`` preset when None), so a
    table with changed knobs is described as it is played."""
    if rules is None:
        rules = get_preset("matgo")
    w = catalog(lang)
    lines = [w.t("Matgo differences (맞고)")]
    items: list[tuple[list[str], list[str]]] = []  # (sentences of one line, lines under it)
    # GEN-7, DECK-1, SCORE-7, JOKER-1/JOKER-4, EVT-13, EVT-15
    deck: list[str] = []
    if rules.two_player_only:
        deck.append(w.t("Two players only."))
    jokers = [c for c in deck_cards(rules.jokers) if c.is_joker]
    if jokers:
        values: dict[int, int] = {}
        for card in jokers:
            value = junk_value(rules, card)
            values[value] = values.get(value, 0) + 1
        kinds = ", ".join(w.t("{count} worth {value} junk", count=n, value=v)
                          for v, n in sorted(values.items(), key=lambda kv: (-kv[1], kv[0])))
        deck.append(w.t("The deck has {total} cards: {count} bonus cards ({kinds}).",
                        total=len(MONTH_CARDS) + len(jokers), count=len(jokers), kinds=kinds))
        if rules.joker_hand_mode == "reveal_replace":
            deck.append(w.t("Play a bonus card from your hand on your turn: you take it, draw a card into your"
                            " hand, and go on."))
        else:
            deck.append(w.t("Play a bonus card from your hand on your turn: you take it, and the top stock card"
                            " is played in its place."))
        if rules.joker_steals_junk:
            deck.append(w.t("Every bonus card you take also takes one junk from your opponent."))
    if rules.surrender_lowest_first:
        deck.append(w.t("Junk you owe is handed over for you, the lowest first."))
    items.append((deck, []))
    if rules.go_scheme == "matgo" and rules.payment_unit == "chips":  # PAY-3, PAY-5
        examples = ", ".join(w.t("{goes} goes (points + {chips}) x {times}", goes=g, chips=go_chips(rules, g),
                                 times=go_multiplier(rules, g)) for g in (3, 4, 5))
        items.append(([w.t("Each go adds 1 point; from the third go the whole payment doubles each go: {examples}.",
                           examples=examples)], []))
    penalties = _matgo_penalties(rules, w)  # one a line under their heading
    if penalties:
        items.append(([w.t("Penalties (bak 박), each doubling what the loser pays:")], penalties))
    factors: list[str] = []  # PAY-5, SHAKE-2, EVT-8, SHAKE-3
    chips = rules.payment_unit == "chips"  # PAY-2: shots are never multiplied
    bomb, shake = (rules.bomb_multiplier, rules.heundeum_multiplier) if chips else (1, 1)
    if rules.bomb_allowed and bomb == shake == 2:
        factors.append(w.t("Each bomb and each shake doubles the win"))
    elif rules.bomb_allowed and bomb == shake == 1:
        factors.append(w.t("Bombs and shakes do not multiply the win"))
    elif rules.bomb_allowed and bomb == shake:
        factors.append(w.t("Each bomb and each shake multiplies the win by {times}", times=bomb))
    elif rules.bomb_allowed and shake == 1:
        factors.append(w.t("Each bomb multiplies the win by {bomb}; a shake does not", bomb=bomb))
    elif rules.bomb_allowed and bomb == 1:
        factors.append(w.t("Each shake multiplies the win by {shake}; a bomb does not", shake=shake))
    elif rules.bomb_allowed:
        factors.append(w.t("Each bomb multiplies the win by {bomb}, each shake by {shake}", bomb=bomb, shake=shake))
    elif shake == 1:
        factors.append(w.t("No bombs, and a shake does not multiply the win"))
    else:
        factors.append(w.t("No bombs; each shake multiplies the win by {shake}", shake=shake))
    if chips and rules.heundeum_nov_dec_multiplier != shake:
        factors[-1] += w.t(" (a November or December shake by {times})", times=rules.heundeum_nov_dec_multiplier)
    if rules.bomb_allowed and rules.bomb_steals_junk:
        factors[-1] = w.t("{factors}; a bomb also takes a junk.", factors=factors[-1])
    else:
        factors[-1] += "."
    if rules.heundeum_must_play:
        factors.append(w.t("A shaken card is played at once."))
    items.append((factors, []))
    wins: list[str] = []  # EVT-10, EVT-11, DEAL-7, PAY-16
    unit = rules.payment_unit
    if rules.first_turn_ppuk_payment:
        wins.append(w.t("A ppuk on your first turn is paid {pays}.",
                        pays=amount_words(w, rules.first_turn_ppuk_payment, unit)))
    if rules.three_ppuk_payment:
        wins.append(w.t("Three ppuk win {pays}.", pays=amount_words(w, rules.three_ppuk_payment, unit)))
    chongtong = rules.chongtong_payment
    pays = amount_words(w, rules.stop_target(2) if chongtong == "target" else chongtong, unit)
    if rules.chongtong == "optional":
        wins.append(w.t("Chongtong 총통 pays {pays} (you may keep the four cards and play on).", pays=pays))
    else:
        wins.append(w.t("Chongtong 총통 pays {pays} (it must be declared).", pays=pays))
    if chips and rules.fixed_wins_carry and rules.nagari_multiplier != "off":  # PAY-16
        wins.append(w.t("After a hand with no winner these are doubled too."))
    items.append((wins, []))
    last: list[str] = []  # MATCH-5, MATCH-8, GOSTOP-9, EVT-6, EVT-14
    if not chips:  # MATCH-5 multiplies a settlement in chips only
        pass
    elif rules.nagari_multiplier == "cumulative" and rules.nagari_multiplier_cap:
        last.append(w.t("A hand with no winner doubles the next, up to x{cap}.", cap=rules.nagari_multiplier_cap))
    elif rules.nagari_multiplier == "cumulative":
        last.append(w.t("A hand with no winner doubles the next, and again for each further one in a row."))
    elif rules.nagari_multiplier == "single":
        last.append(w.t("A hand with no winner doubles the next."))
    stacks = rules.last_turn_exception and rules.last_turn_exception_stacks
    if rules.final_turn_auto_stop and stacks:
        last.append(w.t("On the last turn of a hand, reaching the target is a stop (no go), and taking a stack"
                        " earns no junk."))
    elif rules.final_turn_auto_stop:
        last.append(w.t("On the last turn of a hand, reaching the target is a stop (no go)."))
    elif stacks:
        last.append(w.t("On the last turn of a hand, taking a stack earns no junk."))
    items.append((last, []))
    for item, under in items:
        if item:
            _indented(lines, " ".join(item))
        for line in under:
            _indented(lines, line, "    ")
    return "\n".join(_unwrapped(lines, flowed=False)) + "\n"


def _matgo_penalties(rules: Rules, w: Catalog) -> list[str]:
    """The penalties of a 2-player hand, one a line (PAY-6, PAY-14, PAY-5 meong-dda); none
    in a game played for shots (PAY-2)."""
    if rules.payment_unit == "shots":
        return []
    out: list[str] = []
    if rules.pi_bak:
        protect = rules.pi_bak_protect_min_two_player
        if protect is None:
            protect = rules.pi_bak_protect_min
        if rules.pi_bak_zero_exempt:
            out.append(w.t("pi-bak 피박: {fewer} junk or fewer ({protect} protects; none at all is excused)",
                           fewer=protect - 1, protect=protect))
        else:
            out.append(w.t("pi-bak 피박: {fewer} junk or fewer ({protect} protects)", fewer=protect - 1,
                           protect=protect))
    if rules.gwang_bak == "double":
        out.append(w.t("gwang-bak 광박: no bright when the winner scores brights"))
    elif rules.gwang_bak == "plus2":
        out.append(w.t("gwang-bak 광박: no bright when the winner scores brights (2 chips more, not double)"))
    if rules.tti_bak:
        out.append(w.t("tti-bak 띠박: no ribbon when the winner scores ribbons"))
    if rules.meong in ("dda", "dda_and_bak"):
        out.append(w.t("meong-dda 멍따: the winner has 7 animals or more"))
    if rules.meong in ("bak", "dda_and_bak"):
        out.append(w.t("meong-bak 멍박: the winner has 7 animals or more and you have none"))
    if rules.go_bak_two_player == "double":
        out.append(w.t("go-bak 고박: you said go and lost"))
    return out


#: How Matgo (맞고), the 2-player game of the Korean online rooms, differs from the other
#: presets, in plain words (issue 19; the knobs are in docs/rules.md).
MATGO_DIFFERENCES = matgo_differences("en")


def _liability_lines(rules: Rules, w: Catalog) -> list[str]:
    """LIAB-2..LIAB-12 in plain words: when one loser pays for both (dok-bak 독박)."""
    order = [w.t("go-bak")] + ([w.t("a shodang refusal")] if rules.shodang else [])
    order += [w.t("oe-myeon")] if rules.oe_myeon else []
    out: list[str] = []
    _indented(out, w.t(
        "Paying for both losers (dok-bak 독박): with three players, one loser may have to pay what\n"
        "both losers owe, for one of these reasons (only one pays, in this order: {order}):", order=", ".join(order)))
    _indented(out, w.t("go-bak 고박: you said go in this hand and someone else wins."), "    ")  # LIAB-3
    if rules.shodang:
        if rules.shodang_window == "rest_of_hand":
            _indented(out, w.t(  # LIAB-10
                "shodang refusal: you refused a shodang offer and anyone else wins later in the hand."), "    ")
        else:
            _indented(out, w.t(  # LIAB-10
                "shodang refusal: you refused a shodang offer and, on the offerer's turn or on\n"
                "  the third player's next turn, one of them wins; after those turns it expires."), "    ")
        if rules.nagari_offer_cancels_go_bak:
            _indented(out, w.t(  # LIAB-12
                "Offering shodang after saying go releases you from go-bak for those goes."), "      ")
    if rules.oe_myeon:
        _indented(out, w.t(  # LIAB-4
            "oe-myeon 외면: on your turn you laid a card that took nothing (or left a card\n"
            "  on the table that your hand could have taken), and the next player to win takes that\n"
            "  card and stops on their very next turn. The game marks such cards <oe-myeon risk>."), "    ")
        if rules.oe_myeon_exceptions:
            _indented(out, w.t(  # LIAB-5
                "Not when the winner scores only junk without a go, nor for your last card."), "      ")
    return out


def _role_words(role: str, w: Catalog) -> str:
    """A card's role (as :mod:`gostop.cards` names it) in the language of ``w``."""
    return {
        "bright": w.t("bright"),
        "rain bright": w.t("rain bright"),
        "godori bird": w.t("godori bird"),
        "rain bird": w.t("rain bird"),
        "the boar": w.t("the boar"),
        "hong-dan": w.t("hong-dan"),
        "cheong-dan": w.t("cheong-dan"),
        "cho-dan": w.t("cho-dan"),
        "double junk": w.t("double junk"),
        "palssari card": w.t("palssari card"),
        "VIP card": w.t("VIP card"),
    }.get(role, role)


def _roles(rules: Rules, card: Card, w: Catalog) -> list[str]:
    """The card's roles at this table: the flex card is the preset's, and roles that belong to
    a rule this table does not use (vip_bonus, four_birds, palssari_bonus...) are left out."""
    out: list[str] = []
    for role in card.roles:
        if role.startswith("flex card"):
            continue  # said below from the rules: the preset decides which card is flexible
        m = re.search(r"\b([a-z]+_[a-z_]+)\b", role)
        if m is not None:
            knob = m.group(1)
            if not getattr(rules, knob, None):
                continue
            role = re.sub(r"\s*\(?[^()]*\b" + knob + r"\b[^()]*\)?", "", role).strip()
        out.append(_role_words(role, w))
    if card.code == rules.flex_card and rules.flex_junk_value == 1:  # SCORE-7 (goo-stupe): one junk
        out.insert(0, w.t("flex card: an animal or one junk, whichever pays better"))
    elif card.code == rules.flex_card:
        out.insert(0, w.t("flex card: an animal or double junk, whichever pays better"))
    nickname = NICKNAMES.get(card.code)
    if nickname:
        out.append(w.t("nickname {nickname}", nickname=nickname if w.lang == "en" else nickname.split(" (")[0]))
    return out


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (hangul takes two)."""
    return text + " " * max(1, width - cell_len(text))


def card_guide(rules: Rules, lang: str = "en") -> str:
    """All 48 month cards (and the deck's jokers): code, Korean and English name, junk value,
    the roles they have at this table (in ``lang``)."""
    intro, table = card_guide_parts(rules, lang)
    return intro + "\n" + table


def card_guide_parts(rules: Rules, lang: str = "en") -> tuple[str, str]:
    """The card guide as its prose introduction (to wrap to the screen) and its table (one row
    per card, never wrapped: a screen too narrow scrolls it sideways), in ``lang``: the
    Korean table names each card in Korean only."""
    w = catalog(lang)
    intro = w.t(
        "Card guide: code = month (01-12) + kind: B bright 광, A animal 열끗, R ribbon 띠,\n"
        "J junk 피, D double junk 쌍피. Cards of the same month capture each other.").split("\n")
    if rules.flex_card:
        intro.append(w.t("The flex card at this table is {card}: it counts as an animal or as {value} junk.",
                         card=rules.flex_card, value=rules.flex_junk_value))
    lines: list[str] = []
    for month in range(1, 13):
        en, _ko, short = MONTH_NAMES[month]
        if lang == "en":
            lines.append(f"{month:02d} {short.capitalize()} -- {en} {month_korean(month)}")
        else:
            said = w.t("month {month}", month=month)
            lines.append(f"{month:02d} -- {month_korean(month)} ({said})")
        for card in MONTH_CARDS:
            if card.month != month:
                continue
            value = junk_value(rules, card, flex_as_junk=card.code == rules.flex_card)
            junk = w.t("junk {value}", value=value) if value else ""
            name = _pad(card.english_name, 44) if lang == "en" else ""
            line = (
                "   " + _pad(card.code, 6) + name + _pad(card_korean(card), 12)
                + _pad(junk, 8) + ", ".join(_roles(rules, card, w))
            )
            lines.append(line.rstrip())
    jokers = [c for c in deck_cards(rules.jokers) if c.is_joker]
    if jokers:
        lines.append(w.t("Jokers (no month; a joker played from hand goes to your captures and the top stock card "
                         "is played in its place)"))
        seen: set[str] = set()
        for card in jokers:
            if card.joker_type is not None and card.joker_type.value in seen:
                continue
            if card.joker_type is not None:
                seen.add(card.joker_type.value)
            count = sum(1 for c in jokers if c.joker_type == card.joker_type)
            more = f" (x{count})" if count > 1 else ""
            name = card.english_name if lang == "en" else card_korean(card)
            lines.append(f"   {card.code:<5} " + w.t("{name}{more}, junk {value}", name=name, more=more,
                                                     value=junk_value(rules, card)))
    return "\n".join(intro) + "\n", "\n".join(lines) + "\n"
