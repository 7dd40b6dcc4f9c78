"""A settlement told in the player's words: who pays what, and why, without formulas.

:func:`settlement_lines` reads the settlement's typed steps (:mod:`gostop.steps`) and says
them through the message catalogue of the language: the scoring items, how many goes and what
they add, each common doubling by name, what each opponent pays with the reasons in words
(pi-bak, gwang-bak...), and who pays for both losers and why (go-bak, a refused shodang,
oe-myeon with the card that was left on the table). Rule IDs never appear; the game's help and
``docs/rules.md`` explain the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from gostop.scoring import ScoreItem
from gostop.settlement import Settlement
from gostop.steps import (
    BakReason,
    BaseStep,
    CapStep,
    ExemptStep,
    FactorStep,
    FlexChoice,
    FlexOptions,
    ItemStep,
    LiabilityStep,
    MultiplierStep,
    OeMyeonExcusedStep,
    OpponentStep,
    ShotsStep,
)
from gostop.words.cards import card_name
from gostop.words.catalog import Catalog, catalog
from gostop.words.person import as_named, said_name
from gostop.words.person import is_you as person_is_you
from gostop.words.table import item_name

__all__ = ["settlement_lines", "factor_words", "liability_words", "amount_words", "goes_words"]


def opening(text: str) -> str:
    """``text`` as it opens a sentence or a line: its first letter a capital (``shaking 흔들기``
    -> ``Shaking 흔들기``; a text in Hangul or opening with a number stays as it is)."""
    return text[:1].upper() + text[1:]


def goes_words(w: Catalog, goes: int) -> str:
    """``1 go``, ``3 goes`` / ``3고``."""
    return w.n("{n} go", "{n} goes", goes)


def points_words(w: Catalog, points: int) -> str:
    """``1 point``, ``21 points`` / ``21점``."""
    return w.n("{n} point", "{n} points", points)


def amount_words(w: Catalog, amount: int, unit: str) -> str:
    """``6 chips``, ``1 shot`` / ``6칩``."""
    if unit == "shots":
        return w.n("{n} shot", "{n} shots", amount)
    return w.n("{n} chip", "{n} chips", amount)


def factor_words(w: Catalog, name: str) -> str:
    """A common doubling of PAY-5 by name (``heundeum`` -> ``shaking 흔들기``)."""
    words = {
        "heundeum": w.t("shaking 흔들기"),
        "bombs": w.t("bombs 폭탄"),
        "nagari carry": w.t("stakes raised by the nagari 나가리 before"),
        "push": w.t("pushed stakes 밀기 (earlier winners forwent their pay)"),
        "JKX": w.t("the doubling joker"),
        "weol-yak": w.t("weol-yak 월약"),
        "mission": w.t("mission"),
        "meong-dda": w.t("meong-dda 멍따 (7 animals or more)"),
    }
    return words.get(name, name)


def liability_words(w: Catalog, kind: str, card: str | None = None) -> str:
    """Why one loser pays for both (PAY-9: LIAB-3, LIAB-10, LIAB-4)."""
    if kind == "oe-myeon" and card:
        return w.t("oe-myeon 외면: left {card} on the table for the winner", card=card_name(card, w.lang))
    words = {
        "go-bak": w.t("go-bak 고박: said go, then lost"),
        "shodang-refusal": w.t("refused a shodang offer, then lost"),
        "oe-myeon": w.t("oe-myeon 외면: left the winner the card that won"),
    }
    return words[kind]


def _bak_words(w: Catalog, r: BakReason) -> str:
    if r.kind == "pi-bak":
        return w.t("pi-bak 피박 ×2, junk {junk} under {threshold}", junk=r.junk, threshold=r.threshold)
    if r.kind == "pi-bak-exempt":
        return w.t("no pi-bak 피박 (no junk at all)")
    if r.kind == "gwang-bak":
        if r.plus:
            return w.t("gwang-bak 광박 +{plus} (no bright)", plus=r.plus)
        return w.t("gwang-bak 광박 ×2 (no bright)")
    if r.kind == "meong-bak":
        return w.t("meong-bak 멍박 ×2 (no animal)")
    if r.kind == "tti-bak":
        return w.t("tti-bak 띠박 ×2 (no ribbon)")
    return w.t("go-bak 고박 ×2 (said go, then lost)")


def _scored(w: Catalog, items: list[ScoreItem], total: int | None) -> str:
    # "3 brights for 3, junk value 13 for 4": no colon inside the list that "Scored:" opens
    listed = w.t(", ").join(
        w.t("{name} for {points}", name=item_name(it, w.lang), points=it.points) for it in items
    )
    if total is None:
        return w.t("Scored: {items}.", items=listed)
    return w.n("Scored: {items} = {n} point.", "Scored: {items} = {n} points.", total, items=listed)


def settlement_lines(
    s: Settlement,
    payers: Sequence[str],
    goes: int,
    *,
    you: str | None = None,
    oe_myeon_card: str | None = None,
    lang: str = "en",
    flex_junk_value: int | None = None,
) -> list[str]:
    """The settlement ``s`` in words. ``payers``: the names of ``s.payments``' opponents in
    order; ``goes``: the winner's go count; ``you``: the person's name, when known;
    ``oe_myeon_card``: the card the liable player left on the table, when known; ``lang``:
    ``"en"`` or ``"ko"``; ``flex_junk_value``: the rules' junk value of the flex card (SCORE-7),
    when known (1: it is one junk, not double junk).

    The sentences about a player who gave no name (``You``, ``you``, ``나``:
    :func:`gostop.words.person.is_you`; the person ``you`` when given) are said to the person
    (``You pay 6 chips``); a name the person chose is said like any other (``Kim pays``)."""
    w = catalog(lang)
    unit = s.unit

    def who(i: int) -> str:
        # a payer named "You" who is not the person: a name in quotation marks (not "You pays")
        return said_name(as_named(payers[i], you), lang) if 0 <= i < len(payers) else opening(w.t("opponent {n}", n=i + 1))

    addressed = {
        said_name(p, lang) for p in payers if person_is_you(p) and (you is None or p == you)
    }

    def is_you(name: str) -> bool:
        return name in addressed

    # Losers whose own share is not what they pay (PAY-8, PAY-9): one who captured nothing,
    # and, when one loser pays for both, both of them. Their share is said as what they
    # "would pay"; the line that follows says what they pay.
    waived: set[int] = set()
    for step in s.step_facts:
        if isinstance(step, ExemptStep):
            waived.add(step.opponent)
        elif isinstance(step, LiabilityStep) and step.pays is not None:
            waived.update(range(len(s.payments)))
    # SCORE-7 / GOO-11: the flex card as junk is one junk where ``flex_junk_value`` is 1
    # (goo-stupe): read from the winner's junk when the settlement counted it so, else given.
    single = flex_junk_value == 1 or any(
        c.code == step.card and v == 1
        for step in s.step_facts if isinstance(step, FlexOptions) for c, v in s.breakdown.junk
    )
    out: list[str] = []
    items: list[ScoreItem] = []
    for step in s.step_facts:
        if items and not isinstance(step, ItemStep | BaseStep):
            out.append(_scored(w, items, None))
            items = []
        if isinstance(step, ItemStep):
            items.append(step.item)
        elif isinstance(step, FlexOptions):
            sake = {"card": card_name(step.card, lang), "animal": points_words(w, step.animal_points),
                    "junk": points_words(w, step.junk_points)}
            if single:
                out.append(w.t("The sake cup ({card}) counts as an animal ({animal}) or as one junk ({junk}):", **sake))
            else:
                out.append(w.t("The sake cup ({card}) counts as an animal ({animal}) or as double junk ({junk}):",
                               **sake))
        elif isinstance(step, FlexChoice):
            reasons = {
                "more points": w.t("more points"),
                "equal points, larger total payment": w.t("equal points, larger total payment"),
                "larger total payment": w.t("larger total payment"),
                "equal payment, more points": w.t("equal payment, more points"),
                "tie: animal": w.t("both pay the same"),
            }
            if step.as_junk and single:
                out.append(w.t("  the winner counts it as one junk ({why}).", why=reasons[step.reason]))
            elif step.as_junk:
                out.append(w.t("  the winner counts it as double junk ({why}).", why=reasons[step.reason]))
            else:
                out.append(w.t("  the winner counts it as an animal ({why}).", why=reasons[step.reason]))
        elif isinstance(step, CapStep):
            out.append(w.t("Points are capped: {raw} count as {points}.", raw=step.raw, points=step.points))
        elif isinstance(step, ShotsStep):
            out.append(
                w.n(
                    "Each opponent takes {n} shot (one per {per} points).",
                    "Each opponent takes {n} shots (one per {per} points).",
                    step.shots,
                    per=step.per,
                )
            )
        elif isinstance(step, BaseStep):
            if items:
                out.append(_scored(w, items, step.points))
                items = []
            if goes:
                # in chips, as the go's own chips beside it ("기본 10" said 10 of nothing)
                base = step.base if unit == "shots" else amount_words(w, step.base, "chips")
                if step.go_chips:
                    out.append(
                        w.n(
                            "{goes}: +{n} chip, so each loser starts from {base}.",
                            "{goes}: +{n} chips, so each loser starts from {base}.",
                            step.go_chips,
                            goes=goes_words(w, goes),
                            base=base,
                        )
                    )
                else:
                    out.append(
                        w.n(
                            "{n} go adds no chips; each loser starts from {base}.",
                            "{n} goes add no chips; each loser starts from {base}.",
                            goes,
                            base=base,
                        )
                    )
        elif isinstance(step, FactorStep):
            label = goes_words(w, goes) if step.name == "go" else factor_words(w, step.name)
            # the label opens the line ("Stakes raised by the nagari 나가리 before: ×2."); the
            # words keep their small letter where a sentence takes them in
            out.append(w.t("{label}: ×{factor}.", label=opening(label), factor=step.factor))
        elif isinstance(step, MultiplierStep):
            if step.multiplier != 1 and step.factors > 1:
                out.append(w.t("Together every loser pays ×{m}.", m=step.multiplier))
        elif isinstance(step, OpponentStep):
            name = who(step.opponent)
            out.append(_opponent_line(w, step, name, is_you(name), unit, would=step.opponent in waived))
        elif isinstance(step, ExemptStep):
            name = who(step.opponent)
            if is_you(name):
                out.append(w.t("{who} captured nothing and pay nothing.", who=name))
            else:
                out.append(w.t("{who} captured nothing and pays nothing.", who=name))
        elif isinstance(step, OeMyeonExcusedStep):
            out.append(w.t("Nobody pays for both: the winner scored only junk and said no go."))
        elif isinstance(step, LiabilityStep):
            name = who(step.opponent)
            why = liability_words(w, step.kind, oe_myeon_card if step.kind == "oe-myeon" else None)
            if step.pays is None:
                out.append(
                    w.t(
                        "{who} would pay for both ({why}) but captured nothing: each pays their own.",
                        who=name,
                        why=why,
                    )
                )
                continue
            others = [who(j) for j in range(len(payers)) if j != step.opponent]
            amount = amount_words(w, step.pays, unit)
            if is_you(name):
                line = w.t("{who} pay for both losers: {amount} ({why}).", who=name, amount=amount, why=why)
            else:
                line = w.t("{who} pays for both losers: {amount} ({why}).", who=name, amount=amount, why=why)
            if others:
                other = others[0]
                if is_you(other):
                    line += " " + w.t("{who} pay nothing.", who=other)
                else:
                    line += " " + w.t("{who} pays nothing.", who=other)
            out.append(line)
    if items:
        out.append(_scored(w, items, None))
    return out


def _opponent_line(w: Catalog, step: OpponentStep, name: str, you: bool, unit: str, *, would: bool = False) -> str:
    """What one loser pays and why: ``Hoon pays 3 ×2 = 6 chips: gwang-bak 광박 ×2 (no
    bright).``; ``would``: the loser's share, which someone else pays or nobody does (the next
    lines say so)."""
    parts = [w.t("; ").join(_bak_words(w, r) for r in step.reasons)] if step.reasons else []
    if step.counts_flex_as is not None and step.flex_card is not None:
        # a loser's flex card is classed to spare them a penalty (the cheaper class): the
        # animal spares meong-bak, the double junk pi-bak. Said as whose card it is ("your" to
        # the person), and what it spared, not as the reason for the amount before the colon.
        card = card_name(step.flex_card, w.lang)
        if step.counts_flex_as == "animal":
            parts.append(w.t("your {card} counted as an animal, which spares you meong-bak 멍박", card=card) if you
                         else w.t("their {card} counted as an animal, which spares them meong-bak 멍박", card=card))
        else:
            parts.append(w.t("your {card} counted as double junk, which spares you pi-bak 피박", card=card) if you
                         else w.t("their {card} counted as double junk, which spares them pi-bak 피박", card=card))
    calc = str(step.base)
    if step.multiplier != 1:
        calc += f" ×{step.multiplier}"
    if step.opponent_multiplier != 1:
        calc += f" ×{step.opponent_multiplier}"
    if step.plus:
        calc += f" +{step.plus}"
    amount = amount_words(w, step.amount, unit)
    shown = f"{calc} = {amount}" if calc != str(step.amount) else amount
    why = w.t("; ").join(parts)
    if would:
        if why:
            return w.t("{who} would pay {amount}: {why}.", who=name, amount=shown, why=why)
        return w.t("{who} would pay {amount}.", who=name, amount=shown)
    if you:
        if why:
            return w.t("{who} pay {amount}: {why}.", who=name, amount=shown, why=why)
        return w.t("{who} pay {amount}.", who=name, amount=shown)
    if why:
        return w.t("{who} pays {amount}: {why}.", who=name, amount=shown, why=why)
    return w.t("{who} pays {amount}.", who=name, amount=shown)
