// The event feed: every match and hand event in plain words, and the big call-outs
// (ppuk 뻑, ja-ppuk, ttadak 따닥, chok 쪽, sseul 싹쓸이, bombs, steals, go, stop).
import { getLang, reasonText } from "./i18n.js";
import { cardName } from "./cards.js";

const CALLOUTS = {
  ppuk: ["Ppuk! 뻑", "뻑!"],
  "ja-ppuk": ["Ja-ppuk! 자뻑", "자뻑!"],
  "first-turn-ppuk": ["First-turn ppuk! 첫뻑", "첫뻑!"],
  "three-ppuk": ["Three ppuk! 삼연뻑", "삼연뻑!"],
  ttadak: ["Ttadak! 따닥", "따닥!"],
  chok: ["Chok! 쪽", "쪽!"],
  sseul: ["Sseul! 싹쓸이", "싹쓸이!"],
  bomb: ["Bomb! 폭탄", "폭탄!"],
  grenade: ["Grenade! 수류탄", "수류탄!"],
  shake: ["Shake! 흔들기", "흔들기!"],
  "stack-capture": ["Stack taken! 뻑 먹기", "뻑 먹었다!"],
  "boss-joker": ["Joker takes junk!", "조커! 피 가져오기"],
  go: ["Go! 고", "고!"],
  stop: ["Stop! 스톱", "스톱!"],
  chongtong: ["Chongtong! 총통", "총통!"],
  nagari: ["Nagari 나가리", "나가리"],
  surrender: ["gives up a junk card 피 뺏김", "피 뺏김!"], // said with who took it: see narrate()
};

const cards = (e) => (e.cards || []).map(cardName).join(", ");

const EN = {
  "first-dealer": (w) => `${w} deals first.`,
  deal: (w, e) => (e.cards && e.cards.length ? `${w} is dealt ${e.cards.length} cards.` : e.data?.count ? `${w} is dealt ${e.data.count} cards.` : null),
  layout: (w, e) => `The table: ${cards(e)}.`,
  "hand-start": () => "A new hand begins.",
  "hand-end": () => "The hand is over.",
  "match-end": () => "The match is over.",
  stay: (w) => `${w} stays in.`,
  drop: (w) => `${w} drops out of this hand.`,
  claim: (w) => `${w} claims compensation.`,
  push: (w, e) => `${w} pushes (milgi): no payment now, the next hand pays ×${2 ** ((e.pushes ?? e.data?.pushes) || 1)}.`,
  collect: (w) => `${w} collects the winnings (no push).`,
  compensation: (w, e) => `${w} is paid compensation${e.data?.amount ? `: ${e.data.amount} chips` : ""}.`,
  cut: (w) => `${w} cuts the deck.`,
  turn: () => null,
  play: (w, e) => `${w} plays ${cards(e)}.`,
  flip: (w, e) => `${w} flips ${cards(e)} from the stock.`,
  capture: (w, e) => `${w} captures ${cards(e)}.`,
  pick: (w, e) => `${w} takes ${cards(e)}.`,
  draw: (w) => `${w} draws a replacement card.`,
  substitute: (w, e) => `${w}'s joker: ${cards(e)} is played in its place.`,
  ppuk: (w) => `${w} makes a ppuk: the three cards stay on the table.`,
  "ja-ppuk": (w) => `${w} takes back their own ppuk (ja-ppuk).`,
  "first-turn-ppuk": (w) => `${w} ppuks on the first turn.`,
  "ppuk-streak": (w) => `${w} ppuks again: a ppuk on every turn so far.`,
  "three-ppuk": (w) => `${w} made three ppuk and wins at once.`,
  ttadak: (w) => `${w} ttadak: two pairs in one turn.`,
  chok: (w) => `${w} chok: played onto the flipped card's pair.`,
  sseul: (w) => `${w} sweeps the table (sseul).`,
  "stack-capture": (w) => `${w} takes a stack of three.`,
  bomb: (w, e) => `${w} bombs with ${cards(e)}.`,
  grenade: (w, e) => `${w} throws a grenade: ${cards(e)}.`,
  shake: (w, e) => `${w} shakes ${cards(e)}.`,
  "show-quad": (w, e) => `${w} shows four: ${cards(e)}.`,
  reveal: (w, e) => `${w} reveals ${cards(e)}.`,
  skip: (w) => `${w} takes a stock-only turn.`,
  surrender: (w, e, to) => (to ? `${w} gives ${cards(e)} to ${to}.` : `${w} gives up ${cards(e)}.`),
  "no-junk": (w) => `${w} has no junk to give.`,
  "boss-joker": (w) => `${w} captured a joker (the boss joker or a bonus card): each opponent gives a junk card.`,
  payment: (w, e) => `${w} pays ${e.data?.amount ?? ""} ${e.data?.unit ?? "chips"} (${e.data?.reason ?? ""}).`,
  go: (w, e) => `${w} says GO (${e.data?.goes ?? ""}).`,
  stop: (w, e) => `${w} says STOP with ${e.data?.points ?? ""} points.`,
  win: (w, e) => `${w} wins (${e.data?.reason ?? ""}).`,
  nagari: () => "Nagari: nobody wins this hand.",
  void: () => "The deal is void and dealt again.",
  settlement: (w, e) => `Settlement: ${w} is paid ${(e.data?.payments || []).reduce((a, b) => a + b, 0)}.`,
  "offer-shodang": (w) => `${w} offers shodang and shows their hand.`,
  accept: (w) => `${w} accepts the shodang.`,
  refuse: (w) => `${w} refuses the shodang.`,
  chongtong: (w) => `${w} has chongtong: four of a month.`,
  "keep-quad": (w) => `${w} keeps playing with a quad.`,
  yell: (w) => `${w} yells!`,
  "no-yell": (w) => `${w} stays quiet.`,
  shot: (w, e) => `${w} takes ${e.data?.n ?? ""} shots.`,
  boar: (w) => `${w} caught the boar.`,
  "weol-yak": (w) => `${w}: the month's promise.`,
  heodang: (w) => `${w}: heodang.`,
  "four-on-table": () => "Four of a month on the table.",
  "dealt-stack": () => "Three of a month dealt on the table: a stack.",
  "layout-joker": () => "A joker was dealt on the table: it goes to the dealer.",
  "iris-out": (w) => `${w} sits out (iris rule).`,
  "forced-in": (w) => `${w} must play this hand.`,
  "forced-out": (w) => `${w} must sit this hand out.`,
};

const UNIT_KO = { chips: "칩", shots: "샷" };
const unitKo = (e) => UNIT_KO[e.data?.unit ?? "chips"] ?? "칩";

// Korean: every event of EN, in the words players use at the table.
const KO = {
  "first-dealer": (w) => `${w}: 첫 선`,
  deal: (w, e) => (e.cards && e.cards.length ? `${w}: 패 ${e.cards.length}장 받음` : e.data?.count ? `${w}: 패 ${e.data.count}장 받음` : null),
  layout: (w, e) => `바닥: ${cards(e)}`,
  "hand-start": () => "새 판 시작",
  "hand-end": () => "판 끝",
  "match-end": () => "게임 끝",
  stay: (w) => `${w}: 이번 판 함`,
  drop: (w) => `${w}: 이번 판 빠짐 (광팔이)`,
  claim: (w) => `${w}: 광값 청구`,
  push: (w, e) => `${w}: 밀기 — 이번 판은 주고받지 않고 다음 판 ×${2 ** ((e.pushes ?? e.data?.pushes) || 1)}`,
  collect: (w) => `${w}: 밀지 않고 받기`,
  compensation: (w, e) => `${w}: 광값 받음${e.data?.amount ? ` ${e.data.amount}칩` : ""}`,
  cut: (w) => `${w}: 패를 뗌`,
  turn: () => null,
  play: (w, e) => `${w}: ${cards(e)} 냄`,
  flip: (w, e) => `${w}: 더미에서 ${cards(e)} 뒤집음`,
  capture: (w, e) => `${w}: ${cards(e)} 먹음`,
  pick: (w, e) => `${w}: ${cards(e)} 골라 먹음`,
  draw: (w) => `${w}: 패 한 장 보충`,
  substitute: (w, e) => `${w}: 조커 대신 ${cards(e)} 냄`,
  ppuk: (w) => `${w}: 뻑! 세 장이 바닥에 남음`,
  "ja-ppuk": (w) => `${w}: 자뻑! 자기 뻑을 먹음`,
  "first-turn-ppuk": (w) => `${w}: 첫뻑!`,
  "ppuk-streak": (w) => `${w}: 연뻑!`,
  "three-ppuk": (w) => `${w}: 삼연뻑! 바로 승리`,
  ttadak: (w) => `${w}: 따닥!`,
  chok: (w) => `${w}: 쪽!`,
  sseul: (w) => `${w}: 싹쓸이!`,
  "stack-capture": (w) => `${w}: 뻑 먹음 (세 장)`,
  bomb: (w, e) => `${w}: 폭탄 (${cards(e)})`,
  grenade: (w, e) => `${w}: 수류탄 (${cards(e)})`,
  shake: (w, e) => `${w}: 흔들기 (${cards(e)})`,
  "show-quad": (w, e) => `${w}: 네 장 보여줌 (${cards(e)})`,
  reveal: (w, e) => `${w}: ${cards(e)} 공개`,
  skip: (w) => `${w}: 패 안 내고 더미만 뒤집음`,
  surrender: (w, e, to) => (to ? `${to}: ${w}의 ${cards(e)} 뺏음` : `${w}: ${cards(e)} 뺏김`),
  "no-junk": (w) => `${w}: 줄 피가 없음`,
  "boss-joker": (w) => `${w}: 조커(보스 조커나 보너스 패)를 먹어 상대마다 피 한 장씩`,
  payment: (w, e) => `${w}: ${e.data?.amount ?? ""}${unitKo(e)} 냄 (${reasonText(e.data?.reason)})`,
  go: (w, e) => `${w}: ${e.data?.goes ?? ""}고!`,
  stop: (w, e) => `${w}: ${e.data?.points ?? ""}점 스톱!`,
  win: (w, e) => `${w} 승리 (${reasonText(e.data?.reason)})`,
  nagari: () => "나가리: 승자 없음",
  void: () => "무효: 다시 돌립니다",
  settlement: (w, e) => `정산: ${w} ${(e.data?.payments || []).reduce((a, b) => a + b, 0)} 받음`,
  "offer-shodang": (w) => `${w}: 쇼당! 패를 보여줌`,
  accept: (w) => `${w}: 쇼당 받음`,
  refuse: (w) => `${w}: 쇼당 거절`,
  chongtong: (w) => `${w}: 총통! 같은 달 네 장`,
  "keep-quad": (w) => `${w}: 네 장 들고 계속`,
  yell: (w) => `${w}: 외침!`,
  "no-yell": (w) => `${w}: 안 외침`,
  shot: (w, e) => `${w}: ${e.data?.n ?? ""}샷`,
  boar: (w) => `${w}: 멧돼지를 잡음`,
  "weol-yak": (w) => `${w}: 월약`,
  heodang: (w) => `${w}: 허당`,
  "four-on-table": () => "바닥에 같은 달 네 장",
  "dealt-stack": () => "바닥에 같은 달 세 장: 뻑으로 놓임",
  "layout-joker": () => "바닥에 조커: 선이 가져감",
  "iris-out": (w) => `${w}: 이번 판 쉼 (난초 규칙)`,
  "forced-in": (w) => `${w}: 이번 판 꼭 해야 함`,
  "forced-out": (w) => `${w}: 이번 판 쉬어야 함`,
};

/**
 * Feed lines and call-outs for the events of one update.
 * `who(wrapper, event)` names the seat an event concerns.
 */
export function narrate(events, who) {
  const lines = [];
  const callouts = [];
  const ko = getLang() === "ko";
  for (const wrapper of events || []) {
    const e = wrapper.type === "hand" ? wrapper.event : wrapper;
    if (!e) continue;
    const name = who(wrapper, e);
    const fn = (ko && KO[e.type]) || EN[e.type];
    // a junk card given: who took it from whom (data.to is the taker's seat)
    const to = e.type === "surrender" && e.data && e.data.to !== undefined && e.data.to !== null ? who(wrapper, { ...e, seat: e.data.to }) : "";
    const text = fn ? fn(name, e, to) : `${name ? `${name}: ` : ""}${e.type}`;
    if (text) lines.push({ text, type: e.type });
    const callout = CALLOUTS[e.type];
    if (to) callouts.push({ text: ko ? `${to}: ${name}의 피 뺏음!` : `${to} takes a junk card from ${name}`, type: e.type });
    else if (callout) callouts.push({ text: `${name ? `${name} — ` : ""}${callout[ko ? 1 : 0]}`, type: e.type });
  }
  return { lines, callouts };
}
