// Plain-words labels for every decision the server may offer (view.legal entries).
import { getLang, monthName } from "./i18n.js";
import { cardName } from "./cards.js";

const EN = {
  bomb: (a) => `Bomb ${monthName(a.month)} — play all three, take the month, steal junk`,
  grenade: (a) => `Grenade ${monthName(a.month)} — play all four`,
  skip: () => "Stock-only turn — flip from the stock without playing a card",
  shake: (a) => `Shake ${monthName(a.month)} — show your three, doubles your win`,
  "show-quad": (a) => `Show your four of ${monthName(a.month)}`,
  reveal: (a) => `Reveal ${cardName(a.cards[0])}`,
  "offer-shodang": () => "Offer shodang — show your hand; if accepted the hand ends",
  accept: () => "Accept the shodang (end the hand)",
  refuse: () => "Refuse the shodang (keep playing)",
  pick: (a) => `Take ${cardName(a.cards[0])}`,
  surrender: (a) => `Give up ${a.cards.map(cardName).join(" + ")}`,
  go: () => "Go — keep playing for more",
  stop: () => "Stop — end the hand and collect",
  chongtong: () => "Declare chongtong — win now with four of a month",
  continue: () => "Keep playing (no chongtong)",
  yell: () => "Yell!",
  "no-yell": () => "Don't yell",
  cut: (a) => `Cut ${a.value ?? a.action.split(" ")[1]} cards`,
  "no-cut": () => "Don't cut",
  list: (a) => `List order ${a.action.split(" ")[1]}`,
  stay: () => "Stay in this hand",
  drop: () => "Drop out of this hand (gwangpalli)",
  claim: () => "Claim compensation for my cards",
  "claim-triple": () => "Claim compensation for a triple",
  "no-claim": () => "Claim no compensation",
  // VAR-PUSH (milgi): the server sends the words with the stake, in this page's language (entry.text)
  push: (a) => a.text || "Push — give up this win, the next hand pays double",
  collect: (a) => a.text || "Collect this win now",
};

const KO = {
  bomb: (a) => `${monthName(a.month)} 폭탄 — 세 장 내고 먹기, 피 뺏기`,
  grenade: (a) => `${monthName(a.month)} 수류탄 — 네 장 내기`,
  skip: () => "패 안 내고 더미만 뒤집기",
  shake: (a) => `${monthName(a.month)} 흔들기 — 세 장 보여 주기, 이기면 두 배`,
  "show-quad": (a) => `${monthName(a.month)} 네 장 보여 주기`,
  reveal: (a) => `${cardName(a.cards[0])} 공개`,
  "offer-shodang": () => "쇼당 — 패를 보여 주고, 받아들이면 판 끝",
  accept: () => "쇼당 받기 (판 끝)",
  refuse: () => "쇼당 거절 (계속)",
  pick: (a) => `${cardName(a.cards[0])} 먹기`,
  surrender: (a) => `${a.cards.map(cardName).join(" + ")} 주기`,
  go: () => "고 — 더 노리기",
  stop: () => "스톱 — 끝내고 받기",
  chongtong: () => "총통 — 같은 달 네 장으로 바로 승리",
  continue: () => "계속하기 (총통 안 함)",
  yell: () => "외치기!",
  "no-yell": () => "안 외치기",
  cut: (a) => `${a.action.split(" ")[1]}장 떼기`,
  "no-cut": () => "안 떼기",
  list: (a) => `순서 ${a.action.split(" ")[1]}`,
  stay: () => "이번 판 치기",
  drop: () => "이번 판 빠지기 (광팔이)",
  claim: () => "광값 받기",
  "claim-triple": () => "세 장 광값 받기",
  "no-claim": () => "광값 안 받기",
  push: (a) => a.text || "밀기 — 이번 판 돈 포기, 다음 판 두 배",
  collect: (a) => a.text || "지금 받기",
};

/** The button label of a legal entry. */
export function actionLabel(entry) {
  const table = getLang() === "ko" ? KO : EN;
  const fn = table[entry.kind] || EN[entry.kind];
  return fn ? fn(entry) : entry.action;
}

/** Kinds shown as a card in the hand rather than a button. */
export const HAND_KINDS = new Set(["play"]);
