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

from gostop.cards import MONTH_CARDS, MONTH_NAMES, Card, deck_cards
from gostop.play.names import NICKNAMES, card_korean, month_korean
from gostop.rules import Rules, get_preset
from gostop.scoring import junk_value
from gostop.settlement import go_chips, go_multiplier
from gostop.words import Catalog, catalog

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


def keys_text(lang: str = "en") -> str:
    """The keys of the full-screen game and what the markers and stamps say (in ``lang``)."""
    w = catalog(lang)
    rows = [
        ("1 .. 9, 0", w.t("play the card with that key (<captures>: it takes a card)")),
        ("b", w.t("bomb 폭탄: three of a month onto the fourth on the table")),
        ("s", w.t("shake 흔들기 (show three of a month: doubles your win),\nor STOP when asked go or stop")),
        ("g", w.t("GO (when asked go or stop)")),
        ("k", w.t("stock-only turn (after a bomb)")),
        ("r / o / q", w.t("reveal a joker / offer shodang / show a quad (if allowed)")),
        ("a / r", w.t("accept / refuse a shodang offer")),
        ("1, 2 ...", w.t("which card to take, or which junk to give")),
        ("Enter", w.t("continue after the end of a hand")),
        (w.t("{help} or {f1}", help="?", f1="F1"), w.t("this help (keys, the rules of this table, the card guide)")),
        ("l", w.t("the whole event log")),
        ("ctrl+q", w.t("save and quit ({command} continues the match)", command="play --resume")),
        ("ctrl+c", w.t("save, then asks whether to quit")),
    ]
    return _heading(w.t("Keys")) + _key_rows(rows) + "\n" + w.t(
        "Every decision shows its keys under the table; you can also click one.\n"
        "Next to each card: what it takes from the table (\"no match\": it stays\n"
        "on the table). Markers on your cards: <captures> it takes a card now,\n"
        "<bomb> you can bomb that month, <shaken> you declared it, <completes\n"
        "...> it would complete a set, <feeds ...> laying it down would give an\n"
        "opponent a set. The cards a bot just played and took are underlined.\n"
        "Stamps ([PI-BAK 피박], [GWANG-BAK 광박], [MEONG-DDA 멍따]) show the\n"
        "penalties a player risks if someone else wins now (LIVE) or soon."
    ) + "\n"


def plain_keys_text(lang: str = "en") -> str:
    """The commands of the line mode (``--plain``), in ``lang``."""
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


def reflow(text: str, keep_lines: bool = False) -> str:
    """``text`` for a screen that wraps by itself: the lines of a prose paragraph joined into
    one. With ``keep_lines`` only the continuation lines are joined (a line that goes on an
    indented or lower-case line, as the rules text does), so lists and tables keep their rows."""
    out: list[str] = []
    for line in text.split("\n"):
        prev = out[-1] if out else ""
        joinable = bool(prev.strip()) and bool(line.strip()) and not set(line.strip()) <= {"-"}
        if joinable and set(prev.strip()) <= {"-"}:
            joinable = False
        if joinable and keep_lines:
            stripped = line.lstrip()
            same_indent = len(line) - len(stripped) == len(prev) - len(prev.lstrip())
            joinable = bool(stripped) and stripped[0].islower() and same_indent
        if joinable:
            out[-1] = prev.rstrip() + " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def _indented(lines: list[str], text: str, indent: str = "  ") -> None:
    """Add ``text`` to ``lines``, each of its lines indented by ``indent``."""
    lines.extend(indent + line for line in text.split("\n"))


def _unit(unit: str, w: Catalog) -> str:
    return w.t("shots") if unit == "shots" else w.t("chips")


def rules_text(rules: Rules, players: int, lang: str = "en") -> str:
    """The rules of ``rules`` in plain words for a table of ``players`` seated players, in
    ``lang``."""
    w = catalog(lang)
    active = min(players, 3)
    target = rules.stop_target(active)
    unit = _unit(rules.payment_unit, w)
    lines: list[str] = [w.t("Rules of this table: preset {preset}", preset=rules.preset)]
    over = {k: v for k, v in rules.overrides().items() if k != "match_hands"}  # said under "The match"
    if over:
        lines.append(w.t("Changed from the preset ({command}): {changes}", command="gostop rules show",
                         changes=", ".join(f"{k} = {v}" for k, v in over.items())))
    lines.append("")
    lines.append(w.t("The deal"))
    if active == 2:
        _indented(lines, w.t("Two players: 10 cards each, 8 on the table, the rest is the stock."))
    else:
        _indented(lines, w.t("Three players: 7 cards each, 6 on the table, the rest is the stock."))
    if players > 3 and rules.multi_player_mode == "gwangpalli":
        _indented(lines, w.t(
            "{players} seated (gwangpalli 광팔이): everyone is dealt, the dealer plays, the others say stay or drop"
            " until three are in. Forced-out players may claim {chips} chips per bright, double junk, flex card"
            " or joker.", players=players, chips=rules.compensation_per_card))
    jokers = ", ".join(rules.jokers) if rules.jokers else w.t("none")
    if rules.joker_hand_mode == "reveal_replace":  # JOKER-4
        _indented(lines, w.t("Jokers in the deck: {jokers} (before your play you may show a joker in hand: it goes "
                             "to your captures and the top stock card joins your hand).", jokers=jokers))
    else:  # JOKER-1
        _indented(lines, w.t("Jokers in the deck: {jokers} (a joker played from hand goes to your captures and the "
                             "top stock card is played in its place).", jokers=jokers))
    pays: object = rules.chongtong_payment
    if pays == "target":
        pays = w.t("the stop target")
    if rules.chongtong == "mandatory":
        _indented(lines, w.t("Four of a month in hand (chongtong 총통): mandatory; pays {pays}.", pays=pays))
    else:
        _indented(lines, w.t("Four of a month in hand (chongtong 총통): optional; pays {pays}.", pays=pays))
    lines.append("")
    lines.append(w.t("A turn"))
    _indented(lines, w.t(
        "Play a card: it takes a card of the same month from the table (two there: you choose;\n"
        "a stack of three: all of it). Then the top stock card is turned and does the same."))
    _indented(lines, w.t("Ppuk 뻑: your card took one, the stock card is the same month: all three stay as a stack."))
    _indented(lines, w.t(
        "Chok 쪽 (your card found nothing, the stock card took it), ttadak 따닥 (all four of a\n"
        "month), sseul 싹쓸이 (you clear the table) and taking a stack: each opponent gives you one junk."))
    if rules.ja_ppuk_junk > 1:  # EVT-5
        _indented(lines, w.t("Taking a stack of your own ppuk (ja-ppuk 자뻑): each opponent gives you {n} junk.",
                             n=rules.ja_ppuk_junk))
    if rules.last_turn_exception:  # EVT-6
        _indented(lines, w.t("On the last turn of a hand, chok, ttadak and sseul earn no junk."))
    if rules.three_ppuk_payment:
        _indented(lines, w.t("Three ppuk in one hand win at once ({pays} {unit} from each).",
                             pays=rules.three_ppuk_payment, unit=unit))
    if rules.first_turn_ppuk_payment:
        _indented(lines, w.t("A ppuk on your first turn is paid {pays} {unit} by each opponent.",
                             pays=rules.first_turn_ppuk_payment, unit=unit))
    if rules.bomb_allowed:
        if rules.bomb_compensation == "skip_two":
            comp = w.t("two later turns with no card to play")
        else:
            comp = w.t("three stock cards")
        _indented(lines, w.t(
            "Bomb 폭탄: three of a month in hand with the fourth on the table: take all four ({comp}).", comp=comp))
        if rules.bomb_multiplier > 1:  # PAY-5
            _indented(lines, w.t("If you win, each bomb multiplies the payment by {times}.", times=rules.bomb_multiplier))
        if rules.bomb_steals_junk:  # EVT-8
            _indented(lines, w.t("A bomb also takes one junk from each opponent."))
    else:
        _indented(lines, w.t("No bombs."))
    _indented(lines, w.t(
        "Shake 흔들기: show three of a month in hand; if you win, you are paid x{times} (Nov/Dec x{nov_dec}).",
        times=rules.heundeum_multiplier, nov_dec=rules.heundeum_nov_dec_multiplier))
    if rules.shodang and active == 3:
        _indented(lines, w.t(
            "Shodang 쇼당: on your turn, show your hand and offer to end the hand with no winner (nagari).\n"
            "The next player answers first; if both accept, the hand ends. A refusal makes the other\n"
            "player accept, and the refuser risks paying for both losers (see below)."))
    lines.append("")
    lines.append(w.t("Scoring (points)"))
    if rules.four_brights_with_rain_points == 4:
        _indented(lines, w.t("Brights 광: 3 brights 3 (with the rain bright 12B: 2), 4 brights 4, all 5: 15."))
    else:  # SCORE-1
        _indented(lines, w.t("Brights 광: 3 brights 3 (with the rain bright 12B: 2), 4 brights 4 (with 12B: {four}),"
                             " all 5: 15.", four=rules.four_brights_with_rain_points))
    _indented(lines, w.t("Godori 고도리 (birds 02A 04A 08A): {points}. Animals: 5 = 1 point, +1 each more.",
                         points=rules.godori_points))
    _indented(lines, w.t(
        "Ribbon sets, 3 each: hong-dan 홍단 (01R 02R 03R), cheong-dan 청단 (06R 09R 10R),\n"
        "cho-dan 초단 (04R 05R 07R). Ribbons: 5 = 1 point, +1 each more."))
    _indented(lines, w.t(
        "Junk 피: 10 junk value = 1 point, +1 each more. 11D and 12D count {nov} and {dec}; the flex card {flex}"
        " counts as an animal or as {flex_value} junk, whichever is better.",
        nov=rules.junk_value_11D, dec=rules.junk_value_12D, flex=rules.flex_card or "-",
        flex_value=rules.flex_junk_value))
    if rules.score_cap:
        _indented(lines, w.t("Points are capped at {cap}.", cap=rules.score_cap))
    lines.append("")
    lines.append(w.t("Go or stop"))
    _indented(lines, w.t("With {target} points or more (this table: {active} players) you choose STOP or GO.",
                         target=target, active=active))
    if rules.go_decision_trigger == "above_last_go":
        _indented(lines, w.t("After a go you are asked again only when your points pass those of your last go."))
    else:
        _indented(lines, w.t("After a go you are asked again whenever a set forms or improves."))
    if rules.payment_unit == "shots":
        per = rules.shots_per_points or 1
        _indented(lines, w.t("Payment is in shots: each opponent takes one shot per {per} points.", per=per))
    else:
        scheme = {
            "standard": w.t("go 1: +1 chip, go 2: +2 chips, from go 3 on the payment doubles each go"),
            "linear": w.t("go 1: +1 chip, then the payment is multiplied by the number of goes"),
            "blog": w.t("+1 chip per go, doubled once from go 4 on"),
            "none": w.t("goes add nothing"),
            "matgo": w.t("each go adds 1 chip, and from go 3 on the payment doubles each go"),
        }[rules.go_scheme]
        _indented(lines, w.t("The winner is paid their points in chips by each opponent; {scheme}.", scheme=scheme))
        if rules.dok_bak and active == 3:
            lines.extend(_liability_lines(rules, w))
        elif active == 2 and rules.go_bak_two_player == "double":
            _indented(lines, w.t("Go-bak 고박: if you said go and your opponent wins, you pay double."))  # PAY-6
        _indented(lines, w.t("Penalties (bak 박), each doubling what one opponent pays:"))
        if rules.gwang_bak != "off":
            _indented(lines, w.t("gwang-bak 광박: the winner scores brights and you have none."), "    ")
        if rules.pi_bak:
            protect = rules.pi_bak_protect_min
            if active == 2 and rules.pi_bak_protect_min_two_player is not None:
                protect = rules.pi_bak_protect_min_two_player
            if rules.pi_bak_zero_exempt:
                text = w.t("pi-bak 피박: the winner scores junk and you have less than {protect} junk value"
                           " (but not none at all).", protect=protect)
            else:
                text = w.t("pi-bak 피박: the winner scores junk and you have less than {protect} junk value.",
                           protect=protect)
            _indented(lines, text, "    ")
        if rules.meong in ("dda", "dda_and_bak"):
            _indented(lines, w.t("meong-dda 멍따: the winner has 7 animals or more (everyone pays double)."), "    ")
        if rules.meong in ("bak", "dda_and_bak"):
            _indented(lines, w.t("meong-bak 멍박: the winner has 7 animals and you have none."), "    ")
        if rules.nagari_multiplier == "single":
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
    lines.append("")
    if rules.match_hands is None:
        lines.append(w.t("The match: open-ended; the winner of a hand deals the next. Most chips wins."))
    else:
        lines.append(w.t("The match: {n} hands; the winner of a hand deals the next. Most chips wins.",
                         n=rules.match_hands))
    if rules.preset == "matgo":
        lines.append("")
        lines.extend(matgo_differences(lang, rules).splitlines())
    return "\n".join(lines) + "\n"


def matgo_differences(lang: str = "en", rules: Rules | None = None) -> str:
    """How Matgo (맞고), the 2-player game of the Korean online rooms, differs from the other
    presets, in plain words (issue 19; the knobs are in docs/rules.md), in ``lang``. Every
    number and every yes/no is read from ``rules`` (the ``matgo`` preset when None), so a
    table with changed knobs is described as it is played."""
    if rules is None:
        rules = get_preset("matgo")
    w = catalog(lang)
    lines = [w.t("Matgo differences (맞고)")]
    items: list[list[str]] = []
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
    items.append(deck)
    if rules.go_scheme == "matgo" and rules.payment_unit == "chips":  # PAY-3, PAY-5
        examples = ", ".join(w.t("{goes} goes (points + {chips}) x {times}", goes=g, chips=go_chips(rules, g),
                                 times=go_multiplier(rules, g)) for g in (3, 4, 5))
        items.append([w.t("Each go adds 1 point; from the third go the whole payment doubles each go: {examples}.",
                          examples=examples)])
    penalties: list[str] = []  # PAY-6, PAY-14
    if rules.pi_bak:
        protect = rules.pi_bak_protect_min_two_player
        if protect is None:
            protect = rules.pi_bak_protect_min
        if rules.pi_bak_zero_exempt:
            penalties.append(w.t("Pi-bak 피박 when you have {fewer} junk or fewer ({protect} protects; none at all is"
                                 " excused)", fewer=protect - 1, protect=protect))
        else:
            penalties.append(w.t("Pi-bak 피박 when you have {fewer} junk or fewer ({protect} protects)",
                                 fewer=protect - 1, protect=protect))
    if rules.gwang_bak != "off":
        penalties.append(w.t("gwang-bak 광박"))
    if rules.meong in ("dda", "dda_and_bak"):
        penalties.append(w.t("meong-dda 멍따 for 7 animals"))
    if rules.meong in ("bak", "dda_and_bak"):
        penalties.append(w.t("meong-bak 멍박 for 7 animals when you have none"))
    if rules.go_bak_two_player == "double":
        items.append([w.t("{penalties}; if you said go and lose, you pay double (go-bak 고박).",
                          penalties=", ".join(penalties)) if penalties
                      else w.t("If you said go and lose, you pay double (go-bak 고박).")])
    elif penalties:
        items.append([", ".join(penalties) + "."])
    factors: list[str] = []  # PAY-5, SHAKE-2, EVT-8, SHAKE-3
    bomb, shake = rules.bomb_multiplier, rules.heundeum_multiplier
    if rules.bomb_allowed and bomb == shake == 2:
        factors.append(w.t("Each bomb and each shake doubles the win"))
    elif rules.bomb_allowed and bomb == shake:
        factors.append(w.t("Each bomb and each shake multiplies the win by {times}", times=bomb))
    elif rules.bomb_allowed:
        factors.append(w.t("Each bomb multiplies the win by {bomb}, each shake by {shake}", bomb=bomb, shake=shake))
    else:
        factors.append(w.t("No bombs; each shake multiplies the win by {shake}", shake=shake))
    if rules.heundeum_nov_dec_multiplier != shake:
        factors[-1] += w.t(" (a November or December shake by {times})", times=rules.heundeum_nov_dec_multiplier)
    if rules.bomb_allowed and rules.bomb_steals_junk:
        factors[-1] = w.t("{factors}; a bomb also takes a junk.", factors=factors[-1])
    else:
        factors[-1] += "."
    if rules.heundeum_must_play:
        factors.append(w.t("A shaken card is played at once."))
    items.append(factors)
    wins: list[str] = []  # EVT-10, EVT-11, DEAL-7, PAY-16
    if rules.first_turn_ppuk_payment:
        wins.append(w.t("A ppuk on your first turn is paid {pays}.", pays=rules.first_turn_ppuk_payment))
    if rules.three_ppuk_payment:
        wins.append(w.t("Three ppuk win {pays}.", pays=rules.three_ppuk_payment))
    pays = rules.chongtong_payment
    if pays == "target":
        pays = rules.stop_target(2)
    if rules.chongtong == "optional":
        wins.append(w.t("Chongtong 총통 pays {pays} (you may keep the four cards and play on).", pays=pays))
    else:
        wins.append(w.t("Chongtong 총통 pays {pays} (it must be declared).", pays=pays))
    if rules.fixed_wins_carry and rules.nagari_multiplier != "off":
        wins.append(w.t("After a hand with no winner these are doubled too."))
    items.append(wins)
    last: list[str] = []  # MATCH-5, MATCH-8, GOSTOP-9, EVT-6, EVT-14
    if rules.nagari_multiplier == "cumulative" and rules.nagari_multiplier_cap:
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
    items.append(last)
    for item in items:
        if item:
            _indented(lines, " ".join(item))
    return "\n".join(lines) + "\n"


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
    if card.code == rules.flex_card:
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
