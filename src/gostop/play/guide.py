"""Help for players: the keys, the rules of the chosen preset in plain words, the card guide.

The rules text is written from the :class:`~gostop.rules.Rules` values (targets, go scheme,
penalties, bombs, shaking...), so it always describes the table being played. The card guide
lists all 48 month cards (and the deck's jokers) with their names and roles from
:mod:`gostop.cards` and their junk values from :mod:`gostop.scoring`.
"""

from __future__ import annotations

import re

from rich.cells import cell_len

from gostop.cards import MONTH_CARDS, MONTH_NAMES, Card, deck_cards
from gostop.play.names import NICKNAMES, card_korean, month_korean
from gostop.rules import Rules
from gostop.scoring import junk_value

__all__ = [
    "KEYS_TEXT",
    "PLAIN_KEYS_TEXT",
    "rules_text",
    "card_guide",
    "card_guide_parts",
    "QUICK_START",
    "reflow",
    "MATGO_DIFFERENCES",
]

QUICK_START = """\
How to play, in one minute
--------------------------
Go Stop is a fishing game with the 48 Korean flower cards (hwatu 화투): 12 months x 4 cards.
On your turn you play a card from your hand. If a card of the same month is on the table you
capture both; then the top card of the stock is turned and captures the same way. Captured
cards score in sets: brights 광, animals 열끗 (godori: the three birds), ribbons 띠 (the three
dan sets), and junk 피 (ten junk value and up). When your points reach the target you choose:
STOP and get paid, or GO on for more -- and risk an opponent stopping first.
"""

KEYS_TEXT = """\
Keys
----
1 .. 9, 0   play the card with that key (<captures>: it takes a card)
b           bomb 폭탄: three of a month onto the fourth on the table
s           shake 흔들기 (show three of a month: doubles your win),
            or STOP when asked go or stop
g           GO (when asked go or stop)
k           stock-only turn (after a bomb)
r / o / q   reveal a joker / offer shodang / show a quad (if allowed)
a / r       accept / refuse a shodang offer
1, 2 ...    which card to take, or which junk to give
Enter       continue after the end of a hand
? or F1     this help (keys, the rules of this table, the card guide)
l           the whole event log
ctrl+q      save and quit (play --resume continues the match)
ctrl+c      save, then asks whether to quit

Every decision shows its keys under the table; you can also click one.
Next to each card: what it takes from the table ("no match": it stays
on the table). Markers on your cards: <captures> it takes a card now,
<bomb> you can bomb that month, <shaken> you declared it, <completes
...> it would complete a set, <feeds ...> laying it down would give an
opponent a set. The cards a bot just played and took are underlined.
Stamps ([PI-BAK 피박], [GWANG-BAK 광박], [MEONG-DDA 멍따]) show the
penalties a player risks if someone else wins now (LIVE) or soon.
"""

PLAIN_KEYS_TEXT = """\
Commands
--------
At a prompt type the key shown in brackets (1..9, 0, b, s, g ...), or the action itself
("play 03B", "go"), or just a card code ("03B" or "03b"). Then press Enter.
Commands are whole words, so they never hide a key:
  table        show the table again           log        the whole event log
  ? or help    this help                      rules      the rules of this table
  cards        the card guide                 quit       save and quit (resume with --resume)
After a hand, press Enter to go on.
"""


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


def rules_text(rules: Rules, players: int) -> str:
    """The rules of ``rules`` in plain words for a table of ``players`` seated players."""
    active = min(players, 3)
    target = rules.stop_target(active)
    unit = rules.payment_unit
    lines: list[str] = [f"Rules of this table: preset {rules.preset}"]
    over = {k: v for k, v in rules.overrides().items() if k != "match_hands"}  # said under "The match"
    if over:
        lines.append("Changed from the preset (gostop rules show): " + ", ".join(f"{k} = {v}" for k, v in over.items()))
    lines.append("")
    lines.append("The deal")
    if active == 2:
        lines.append("  Two players: 10 cards each, 8 on the table, the rest is the stock.")
    else:
        lines.append("  Three players: 7 cards each, 6 on the table, the rest is the stock.")
    if players > 3 and rules.multi_player_mode == "gwangpalli":
        lines.append(
            f"  {players} seated (gwangpalli 광팔이): everyone is dealt, the dealer plays, the others say"
            " stay or drop until three are in. Forced-out players may claim "
            f"{rules.compensation_per_card} chips per bright, double junk, flex card or joker."
        )
    jokers = ", ".join(rules.jokers) if rules.jokers else "none"
    lines.append(f"  Jokers in the deck: {jokers} (a joker played from hand is a free capture; draw again).")
    lines.append(f"  Four of a month in hand (chongtong 총통): {rules.chongtong}; pays {rules.chongtong_payment}.")
    lines.append("")
    lines.append("A turn")
    lines.append("  Play a card: it takes a card of the same month from the table (two there: you choose;")
    lines.append("  a stack of three: all of it). Then the top stock card is turned and does the same.")
    lines.append("  Ppuk 뻑: your card took one, the stock card is the same month: all three stay as a stack.")
    lines.append("  Chok 쪽 (your card found nothing, the stock card took it), ttadak 따닥 (all four of a")
    lines.append("  month), sseul 싹쓸이 (you clear the table) and taking a stack: each opponent gives you one junk.")
    if rules.three_ppuk_payment:
        lines.append(f"  Three ppuk in one hand win at once ({rules.three_ppuk_payment} {unit} from each).")
    if rules.first_turn_ppuk_payment:
        lines.append(f"  A ppuk on your first turn is paid {rules.first_turn_ppuk_payment} {unit} by each opponent.")
    if rules.bomb_allowed:
        comp = "two later turns with no card to play" if rules.bomb_compensation == "skip_two" else "three stock cards"
        lines.append(f"  Bomb 폭탄: three of a month in hand with the fourth on the table: take all four ({comp}).")
    else:
        lines.append("  No bombs.")
    lines.append(
        f"  Shake 흔들기: show three of a month in hand; if you win, you are paid x{rules.heundeum_multiplier}"
        f" (Nov/Dec x{rules.heundeum_nov_dec_multiplier})."
    )
    if rules.shodang and active == 3:
        lines.append("  Shodang 쇼당: on your turn, show your hand and offer to end the hand with no winner (nagari).")
        lines.append("  The next player answers first; if both accept, the hand ends. A refusal makes the other")
        lines.append("  player accept, and the refuser risks paying for both losers (see below).")
    lines.append("")
    lines.append("Scoring (points)")
    lines.append("  Brights 광: 3 brights 3 (with the rain bright 12B: 2), 4 brights 4, all 5: 15.")
    lines.append(f"  Godori 고도리 (birds 02A 04A 08A): {rules.godori_points}. Animals: 5 = 1 point, +1 each more.")
    lines.append("  Ribbon sets, 3 each: hong-dan 홍단 (01R 02R 03R), cheong-dan 청단 (06R 09R 10R),")
    lines.append("  cho-dan 초단 (04R 05R 07R). Ribbons: 5 = 1 point, +1 each more.")
    lines.append(
        f"  Junk 피: 10 junk value = 1 point, +1 each more. 11D and 12D count "
        f"{rules.junk_value_11D} and {rules.junk_value_12D}; the flex card {rules.flex_card or '-'} counts as an"
        f" animal or as {rules.flex_junk_value} junk, whichever is better."
    )
    if rules.score_cap:
        lines.append(f"  Points are capped at {rules.score_cap}.")
    lines.append("")
    lines.append("Go or stop")
    lines.append(f"  With {target} points or more (this table: {active} players) you choose STOP or GO.")
    if rules.go_decision_trigger == "above_last_go":
        lines.append("  After a go you are asked again only when your points pass those of your last go.")
    else:
        lines.append("  After a go you are asked again whenever a set forms or improves.")
    if unit == "shots":
        per = rules.shots_per_points or 1
        lines.append(f"  Payment is in shots: each opponent takes one shot per {per} points.")
    else:
        scheme = {
            "standard": "go 1: +1 chip, go 2: +2 chips, from go 3 on the payment doubles each go",
            "linear": "go 1: +1 chip, then the payment is multiplied by the number of goes",
            "blog": "+1 chip per go, doubled once from go 4 on",
            "none": "goes add nothing",
            "matgo": "each go adds 1 chip, and from go 3 on the payment doubles each go",
        }[rules.go_scheme]
        lines.append(f"  The winner is paid their points in chips by each opponent; {scheme}.")
        if rules.dok_bak and active == 3:
            lines.extend(_liability_lines(rules))
        elif active == 2 and rules.go_bak_two_player == "double":
            lines.append("  Go-bak 고박: if you said go and your opponent wins, you pay double.")  # PAY-6
        lines.append("  Penalties (bak 박), each doubling what one opponent pays:")
        if rules.gwang_bak != "off":
            lines.append("    gwang-bak 광박: the winner scores brights and you have none.")
        if rules.pi_bak:
            protect = rules.pi_bak_protect_min
            if active == 2 and rules.pi_bak_protect_min_two_player is not None:
                protect = rules.pi_bak_protect_min_two_player
            lines.append(
                f"    pi-bak 피박: the winner scores junk and you have less than {protect} junk value"
                + (" (but not none at all)." if rules.pi_bak_zero_exempt else ".")
            )
        if rules.meong in ("dda", "dda_and_bak"):
            lines.append("    meong-dda 멍따: the winner has 7 animals or more (everyone pays double).")
        if rules.meong in ("bak", "dda_and_bak"):
            lines.append("    meong-bak 멍박: the winner has 7 animals and you have none.")
        if rules.nagari_multiplier != "off":
            lines.append("  After a hand with no winner (nagari 나가리) the next hand pays double.")
    hands = "open-ended" if rules.match_hands is None else f"{rules.match_hands} hands"
    lines.append("")
    lines.append(f"The match: {hands}; the winner of a hand deals the next. Most chips wins.")
    if rules.preset == "matgo":
        lines.append("")
        lines.extend(MATGO_DIFFERENCES.splitlines())
    return "\n".join(lines) + "\n"


#: How Matgo (맞고), the 2-player game of the Korean online rooms, differs from the other
#: presets, in plain words (issue 19; the knobs are in docs/rules.md).
MATGO_DIFFERENCES = """\
Matgo differences (맞고)
  Two players only. The deck has 51 cards: three bonus cards (two worth 2 junk, one worth 3).
  Play a bonus card from your hand on your turn: you take it, draw a card into your hand, and
  go on; every bonus card you take also takes one junk from your opponent. Junk you owe is
  handed over for you, the lowest first.
  Each go adds 1 point; from the third go the whole payment doubles each go: 3 goes
  (points + 3) x 2, 4 goes (points + 4) x 4, 5 goes (points + 5) x 8.
  Pi-bak 피박 when you have 7 junk or fewer (8 protects; none at all is excused), gwang-bak 광박,
  meong-dda 멍따 for 7 animals; if you said go and lose, you pay double (go-bak 고박).
  Each bomb and each shake doubles the win; a bomb also takes a junk. A shaken card is played
  at once. A ppuk on your first turn is paid 7; three ppuk win 7; chongtong 총통 pays 10 (you may
  keep the four cards and play on); after a hand with no winner these are doubled too.
  A hand with no winner doubles the next, up to x8. On the last turn of a hand, reaching the
  target is a stop (no go), and taking a stack earns no junk.
"""


def _liability_lines(rules: Rules) -> list[str]:
    """LIAB-2..LIAB-12 in plain words: when one loser pays for both (dok-bak 독박)."""
    order = ["go-bak"] + (["a shodang refusal"] if rules.shodang else []) + (["oe-myeon"] if rules.oe_myeon else [])
    out = [
        "  Paying for both losers (dok-bak 독박): with three players, one loser may have to pay what",
        f"  both losers owe, for one of these reasons (only one pays, in this order: {', '.join(order)}):",
        "    go-bak 고박: you said go in this hand and someone else wins.",  # LIAB-3
    ]
    if rules.shodang:
        if rules.shodang_window == "rest_of_hand":
            out.append("    shodang refusal: you refused a shodang offer and anyone else wins later in the hand.")  # LIAB-10
        else:
            out.append(
                "    shodang refusal: you refused a shodang offer and, on the offerer's turn or on"  # LIAB-10
            )
            out.append("      the third player's next turn, one of them wins; after those turns it expires.")
        if rules.nagari_offer_cancels_go_bak:
            out.append("      Offering shodang after saying go releases you from go-bak for those goes.")  # LIAB-12
    if rules.oe_myeon:
        out.append("    oe-myeon 외면: on your turn you laid a card that took nothing (or left a card")  # LIAB-4
        out.append("      on the table that your hand could have taken), and the next player to win takes that")
        out.append("      card and stops on their very next turn. The game marks such cards <oe-myeon risk>.")
        if rules.oe_myeon_exceptions:
            out.append(
                "      Not when the winner scores only junk without a go, nor for your last card."  # LIAB-5
            )
    return out


def _roles(rules: Rules, card: Card) -> list[str]:
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
        out.append(role)
    if card.code == rules.flex_card:
        out.insert(0, "flex card: an animal or double junk, whichever pays better")
    nickname = NICKNAMES.get(card.code)
    if nickname:
        out.append(f"nickname {nickname}")
    return out


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (hangul takes two)."""
    return text + " " * max(1, width - cell_len(text))


def card_guide(rules: Rules) -> str:
    """All 48 month cards (and the deck's jokers): code, Korean and English name, junk value,
    the roles they have at this table."""
    intro, table = card_guide_parts(rules)
    return intro + "\n" + table


def card_guide_parts(rules: Rules) -> tuple[str, str]:
    """The card guide as its prose introduction (to wrap to the screen) and its table (one row
    per card, never wrapped: a screen too narrow scrolls it sideways)."""
    intro = [
        "Card guide: code = month (01-12) + kind: B bright 광, A animal 열끗, R ribbon 띠,",
        "J junk 피, D double junk 쌍피. Cards of the same month capture each other.",
    ]
    if rules.flex_card:
        intro.append(
            f"The flex card at this table is {rules.flex_card}: it counts as an animal or as "
            f"{rules.flex_junk_value} junk."
        )
    lines: list[str] = []
    for month in range(1, 13):
        en, _ko, short = MONTH_NAMES[month]
        lines.append(f"{month:02d} {short.capitalize()} -- {en} {month_korean(month)}")
        for card in MONTH_CARDS:
            if card.month != month:
                continue
            value = junk_value(rules, card, flex_as_junk=card.code == rules.flex_card)
            junk = f"junk {value}" if value else ""
            line = (
                "   " + _pad(card.code, 6) + _pad(card.english_name, 44) + _pad(card_korean(card), 12)
                + _pad(junk, 8) + ", ".join(_roles(rules, card))
            )
            lines.append(line.rstrip())
    jokers = [c for c in deck_cards(rules.jokers) if c.is_joker]
    if jokers:
        lines.append("Jokers (no month; a joker played from hand goes to your captures and you draw again)")
        seen: set[str] = set()
        for card in jokers:
            if card.joker_type is not None and card.joker_type.value in seen:
                continue
            if card.joker_type is not None:
                seen.add(card.joker_type.value)
            count = sum(1 for c in jokers if c.joker_type == card.joker_type)
            more = f" (x{count})" if count > 1 else ""
            lines.append(f"   {card.code:<5} {card.english_name}{more}, junk {junk_value(rules, card)}")
    return "\n".join(intro) + "\n", "\n".join(lines) + "\n"
