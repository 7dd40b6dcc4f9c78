// "How to play" and the card guide (#/guide, #/guide/cards).
import { getLang, monthName, t } from "./i18n.js";
import { h } from "./dom.js";
import { cardEl, cardName } from "./cards.js";

const MONTH_CODES = [
  ["01B", "01R", "01J1", "01J2"], ["02A", "02R", "02J1", "02J2"], ["03B", "03R", "03J1", "03J2"],
  ["04A", "04R", "04J1", "04J2"], ["05A", "05R", "05J1", "05J2"], ["06A", "06R", "06J1", "06J2"],
  ["07A", "07R", "07J1", "07J2"], ["08B", "08A", "08J1", "08J2"], ["09A", "09R", "09J1", "09J2"],
  ["10A", "10R", "10J1", "10J2"], ["11B", "11D", "11J1", "11J2"], ["12B", "12A", "12R", "12D"],
];

const HOWTO = {
  en: [
    ["The goal", "Capture cards that score, reach the target (7 points with two players, 3 with three by default), then say stop to be paid — or go to play on for more, at a risk."],
    ["A turn", "Play a card from your hand onto a card of the same month on the table (the month is the number in the corner). Then the top card of the stock is turned and does the same. Pairs you make are yours. A card with no match stays on the table."],
    ["Two of a month on the table", "If you match a month that has two cards on the table, you choose which one to take."],
    ["Ppuk 뻑", "If the turned card matches the pair you just made, the three stay on the table as a stack. Whoever takes the fourth card of that month takes all of them (and a junk card from every opponent)."],
    ["Chok 쪽, ttadak 따닥, sseul 싹쓸이", "Chok: your played card found no match but the turned card pairs with it. Ttadak: you take two pairs of the same month in one turn. Sseul: you sweep the table clean. Each earns a junk card from every opponent."],
    ["Shake and bomb", "Holding three of a month you may shake (show them: your win is doubled) or, when the fourth is on the table, bomb: play all three and take the four."],
    ["Scoring", "Brights 광: 3 brights score 3 (2 if one is the rain man), 4 score 4, 5 score 15. Animals 열끗: 5 score 1, +1 each. Ribbons 띠: 5 score 1, +1 each; red poem, blue and plain red ribbon sets score 3 each. Junk 피: 10 score 1, +1 each (double junk counts 2). Godori (the three birds) scores 5."],
    ["Go or stop", "When you reach the target you decide: stop and be paid now, or go for more points and go bonuses — but if an opponent then stops, you pay for everyone (go-bak). The table shows what a stop pays now and what a go risks."],
    ["Penalties (bak 박)", "A loser with too little junk pays double (pi-bak 피박); a loser with no bright when the winner scored brights pays double (gwang-bak 광박); a winner with seven or more animals doubles the payment (meong-dda 멍따). The stamps on the table warn you."],
    ["Keys", "1–0 play the cards of your hand; g go, s stop; the letters shown on the buttons pick them; Enter closes the settlement."],
  ],
  ko: [
    ["목표", "점수가 되는 패를 먹어 목표 점수(2인 7점, 3인 3점)에 닿으면 스톱으로 돈을 받거나, 고를 외쳐 더 노립니다 (위험이 있습니다)."],
    ["한 차례", "손의 패를 바닥의 같은 달 패 위에 내고, 더미 맨 위 패를 뒤집어 같은 방법으로 맞춥니다. 짝이 맞은 패는 내 것이 됩니다."],
    ["뻑, 쪽, 따닥, 싹쓸이", "뻑: 뒤집은 패가 방금 맞춘 짝과 같은 달이면 세 장이 바닥에 남습니다. 쪽, 따닥, 싹쓸이를 하면 상대마다 피를 한 장씩 받습니다."],
    ["흔들기, 폭탄", "같은 달 세 장이 있으면 흔들어 두 배, 바닥에 네 번째가 있으면 폭탄으로 네 장을 먹습니다."],
    ["점수", "삼광 3점 (비광이 끼면 2점), 사광 4점, 오광 15점. 열끗 5장 1점, 띠 5장 1점, 홍단·청단·초단 3점, 피 10장 1점, 고도리 5점."],
    ["고 / 스톱", "목표에 닿으면 스톱하거나 고를 합니다. 고를 한 뒤 상대가 스톱하면 고박으로 혼자 다 냅니다. 화면에 지금 스톱하면 받을 돈과 고의 위험이 나옵니다."],
    ["박", "피박, 광박, 멍따는 두 배입니다. 표시가 위험을 알려 줍니다."],
    ["키", "1–0 패 내기, g 고, s 스톱, 버튼에 적힌 글자로 선택, Enter로 정산 닫기."],
  ],
};

function cardGuide() {
  const rows = MONTH_CODES.map((codes, i) => h("section.guide-month", { "aria-label": monthName(i + 1) },
    h("h3", {}, monthName(i + 1)),
    h("ul.guide-cards", {}, codes.map((c) => h("li", {}, cardEl(c, { size: "lg" }), h("span", {}, cardName(c)))))));
  const jokers = h("section.guide-month", {}, h("h3", {}, getLang() === "ko" ? "조커" : "Jokers 조커"),
    h("ul.guide-cards", {}, ["JK1", "JK2", "JK3", "JKB", "JKX", "JKP", "back"].map((c) => h("li", {}, cardEl(c === "back" ? "back" : c, { size: "lg" }), h("span", {}, cardName(c))))));
  return h("div.card-guide", {}, h("h2#cards", {}, t("cards")),
    h("p", {}, getLang() === "ko"
      ? "모서리의 숫자는 달, 그 아래 글자는 종류입니다: 광 (검은 칸과 원), 열 (마름모), 띠 (막대), 피, 쌍피 (점 두 개)."
      : "The corner shows the month number and the kind: 광 bright (black box and a ring), 열 animal (diamond), 띠 ribbon (bar), 피 junk, 쌍피 double junk (two dots). Red poem ribbons carry script, blue ribbons stripes, plain red ribbons nothing."),
    rows, jokers);
}

export async function showGuide(main, section) {
  const lang = getLang();
  const howto = h("div.howto", {}, h("h1", {}, t("guide")),
    HOWTO[lang].map(([title, text]) => h("section", {}, h("h2", {}, title), h("p", {}, text))),
    h("p", {}, lang === "ko" ? "방마다 바꿀 수 있는 규칙은 로비의 '고급'에서 쉬운 말 설명과 함께 고를 수 있습니다." : "The complete rules, with every house rule a room may switch, are in the project's docs/rules.md."));
  const page = h("div.guide", {}, h("nav.guide-nav", { "aria-label": t("guide") }, h("a", { href: "#/guide" }, t("guide")), " · ", h("a", { href: "#/guide/cards" }, t("cards"))), howto, cardGuide());
  main.append(page);
  if (section === "cards") page.querySelector("#cards").scrollIntoView();
  return { relabel: () => { main.replaceChildren(); showGuide(main, section); } };
}
