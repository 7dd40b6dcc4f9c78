// "How to play" and the card guide (#/guide, #/guide/cards).
import { getLang, monthName, t } from "./i18n.js";
import { h } from "./dom.js";
import { cardEl, cardName, cardNameIn } from "./cards.js";
import { GAMES, gamePreset, loadPresets } from "./lobby.js";

const MONTH_CODES = [
  ["01B", "01R", "01J1", "01J2"], ["02A", "02R", "02J1", "02J2"], ["03B", "03R", "03J1", "03J2"],
  ["04A", "04R", "04J1", "04J2"], ["05A", "05R", "05J1", "05J2"], ["06A", "06R", "06J1", "06J2"],
  ["07A", "07R", "07J1", "07J2"], ["08B", "08A", "08J1", "08J2"], ["09A", "09R", "09J1", "09J2"],
  ["10A", "10R", "10J1", "10J2"], ["11B", "11D", "11J1", "11J2"], ["12B", "12A", "12R", "12D"],
];

// The rules of the lobby's games in plain words, the numbers taken from the presets the lobby
// plays (GAMES: 맞고 2인, and 고스톱 3인 and 광팔이), so the guide states the numbers of those tables.
const GO_SCHEME = {
  en: {
    standard: "one go adds 1 point, two goes add 2; from the third go on the whole payment doubles with each go",
    matgo: "each go adds 1 point; from the third go on the whole payment doubles with each go",
    linear: "one go adds 1 point; from the second go on the payment is multiplied by the number of goes",
    blog: "each go adds 1 point; from the fourth go on the payment is doubled once",
    none: "goes add nothing",
  },
  ko: {
    standard: "1고 1점, 2고 2점을 더하고 3고부터는 고마다 전체가 두 배",
    matgo: "고마다 1점을 더하고 3고부터는 고마다 전체가 두 배",
    linear: "1고 1점을 더하고 2고부터는 고 횟수만큼 곱함",
    blog: "고마다 1점을 더하고 4고부터는 한 번 두 배",
    none: "고는 아무것도 더하지 않음",
  },
};

/** The sections of "How to play" in `lang`, the numbers from the presets: `two` and `three`
 * are the knob values (name -> value) of the 2-player game's preset and of the 3-player one. */
export function howtoSections(lang, two, three) {
  const s = three; // scoring: the same knobs at both tables of the lobby (checked by the tests)
  const protect2 = two.pi_bak_protect_min_two_player ?? two.pi_bak_protect_min;
  const protect3 = three.pi_bak_protect_min;
  const four = s.four_brights_with_rain_points;
  const flexJunk = s.flex_junk_value;
  const cap2 = two.nagari_multiplier_cap;
  // the flex card named as the card guide names it, never by its code: "September animal,
  // sake cup" is said "the sake cup (September animal)", "9월 열끗, 국화" "국진(9월 열끗)"
  const [flexKind, flexPicture] = s.flex_card ? cardNameIn(s.flex_card, lang).split(", ") : ["", ""];
  if (lang === "ko") {
    const goBak2 = two.go_bak_two_player === "double" ? " 맞고에서 고를 한 뒤 상대가 이기면 두 배를 냅니다 (고박)." : "";
    const goBak3 = three.dok_bak ? " 3인에서 고를 한 사람이 지면 진 두 사람 몫을 혼자 냅니다 (고박, 독박). 쇼당을 거절하거나 외면해도 그럴 수 있고, 화면이 미리 알려 줍니다." : "";
    const bomb2 = two.bomb_multiplier > 1 ? ` 맞고에서는 폭탄도 이기면 ${two.bomb_multiplier}배이고${two.bomb_steals_junk ? " 상대에게서 피를 한 장 받습니다" : ""}.` : "";
    const zero2 = two.pi_bak_zero_exempt ? " (한 장도 없으면 면제)" : "";
    return [
      ["화투와 달", "화투는 48장, 1월부터 12월까지 달마다 4장입니다. 패 모서리의 숫자가 달이고, 그림의 종류(광, 열끗, 띠, 피)가 점수를 정합니다. 모든 패는 아래 '화투 안내'에 있습니다."],
      ["패 돌리기", "2인은 한 사람에 10장, 바닥에 8장; 3인은 한 사람에 7장, 바닥에 6장을 깔고, 나머지는 엎어서 더미로 둡니다. 4명 이상 앉으면 한 판에 세 명만 칩니다 (광팔이)."],
      ["목표", `점수가 되는 패를 먹어 목표 점수(2인 ${two.stop_target_two_player}점, 3인 ${three.stop_target_three_player}점)에 닿으면, 스톱해서 돈을 받거나 고를 불러 더 노립니다. 고에는 위험이 따릅니다.`],
      ["한 차례", "손의 패 한 장을 바닥의 같은 달 패에 내면 그 짝은 내 것입니다. 이어서 더미 맨 위 패를 뒤집어 같은 방법으로 맞춥니다. 맞는 패가 없으면 그 패는 바닥에 남습니다. 바닥에 같은 달이 두 장이면 어느 쪽을 먹을지 고르고, 세 장이 쌓여 있으면 네 번째 패로 모두 먹습니다."],
      ["뻑", `내 패로 한 장을 맞췄는데 뒤집은 패도 같은 달이면 세 장이 바닥에 쌓여 남습니다 (뻑). 그 달의 네 번째 패로 먹는 사람이 네 장을 다 가져가고 상대마다 피를 한 장 받습니다${three.ja_ppuk_junk > 1 ? ` (자기가 싼 뻑을 먹으면 자뻑: ${three.ja_ppuk_junk}장)` : ""}.`],
      ["쪽, 따닥, 싹쓸이", `쪽: 낸 패가 맞는 패가 없었는데 뒤집은 패가 그 패와 짝이 될 때. 따닥: 바닥에 같은 달 두 장이 있을 때 낸 패와 뒤집은 패로 네 장을 다 먹을 때. 싹쓸이: 바닥을 모두 쓸어 올 때. 그때마다 상대마다 피를 한 장씩 받습니다${three.last_turn_exception ? " (판의 마지막 차례에는 없음)" : ""}.`],
      ["흔들기, 폭탄", `같은 달 세 장을 들고 있으면 흔들 수 있습니다 (세 장을 보여 주고, 이기면 ${three.heundeum_multiplier}배). 바닥에 그 달의 네 번째 패가 있으면 폭탄: 세 장을 한꺼번에 내고 네 장을 먹습니다. 모자라는 두 장 대신, 나중에 원하는 차례에 두 번 손패 없이 더미만 뒤집습니다.${bomb2}`],
      ["점수", `광: 삼광 3점 (비광이 끼면 2점), 사광 ${four === 4 ? "4점" : `4점 (비광이 끼면 ${four}점)`}, 오광 15점. 열끗 5장 1점, 한 장마다 1점씩 더; 고도리(새 세 마리) ${s.godori_points}점. 띠 5장 1점, 한 장마다 1점씩 더; 홍단·청단·초단 각 3점. 피 10장 1점, 한 장마다 1점씩 더 (쌍피는 두 장으로 셈).${s.flex_card ? ` 국진(${flexKind})은 열끗이나 ${flexJunk === 2 ? "쌍피" : `피 ${flexJunk}장`} 중 유리한 쪽으로 셉니다.` : ""}`],
      ["고 / 스톱", `목표 점수에 닿으면 스톱하거나 고를 합니다. 고를 하면 맞고: ${GO_SCHEME.ko[two.go_scheme] || ""}. 3인: ${GO_SCHEME.ko[three.go_scheme] || ""}. 고 다음에는 점수가 지난 고 때보다 올라야 다시 묻습니다.${goBak2}${goBak3} 아무도 스톱하지 못하고 패가 다 떨어지면 나가리: 아무도 받지 않고 다음 판은 두 배 (나가리가 이어지면 또 두 배${cap2 ? `, 맞고는 ${cap2}배까지` : ""}).`],
      ["정산과 박", `이긴 사람은 점수만큼 진 사람마다 받습니다. 광박: 이긴 사람이 광으로 점수를 냈는데 광이 한 장도 없으면 두 배. 피박: 이긴 사람이 피로 점수를 냈는데 피가 맞고는 ${protect2}장${zero2}, 3인은 ${protect3}장이 안 되면 두 배. 멍따: 이긴 사람이 열끗 7장 이상이면 모두 두 배. 화면의 표시가 위험을 알려 줍니다.`],
      ["손가락으로 치기", "손패에서 낼 패를 누르면 바로 냅니다. 바닥의 패를 먹는 패에는 금색 점이 있고, 패 아래 글자가 무엇을 먹는지 알려 줍니다. 고, 스톱, 흔들기처럼 정할 일이 생기면 손패 위에 버튼이 나옵니다. 위쪽의 '기록 · 초대'에서 지난 수와 친구 초대 링크를 봅니다."],
      ["키보드로 치기", "키보드가 있으면: 1–0 패 내기, g 고, s 스톱, 버튼에 적힌 글자로 선택, Enter로 정산 닫기."],
    ];
  }
  const goBak2 = two.go_bak_two_player === "double" ? " In Matgo, if you said go and your opponent wins, you pay double (go-bak)." : "";
  const goBak3 = three.dok_bak ? " With three players, if you said go and someone else wins, you pay for both losers (go-bak); refusing a shodang offer or oe-myeon can do the same, and the table warns you." : "";
  const bomb2 = two.bomb_multiplier > 1 ? ` In Matgo a bomb also multiplies your win by ${two.bomb_multiplier}${two.bomb_steals_junk ? " and takes a junk card from your opponent" : ""}.` : "";
  const zero2 = two.pi_bak_zero_exempt ? " (none at all is excused)" : "";
  return [
    ["Cards and months", "Hwatu has 48 cards: 4 for each month of the year, January to December. The month is the number in the card's corner; the picture's kind (bright, animal, ribbon or junk) decides what it scores. The card guide below shows them all."],
    ["The deal", "Two players get 10 cards each and 8 go face up on the table; three players get 7 each with 6 on the table. The rest, face down, is the stock. With 4 or more seated, three play each hand (gwangpalli)."],
    ["The goal", `Capture cards that score. When your points reach the target (${two.stop_target_two_player} with two players, ${three.stop_target_three_player} with three) you choose: stop and be paid now, or go on for more, at a risk.`],
    ["A turn", "Play a card from your hand onto a card of the same month on the table: the pair is yours. Then the top card of the stock is turned and does the same. A card with no match stays on the table. If the month has two cards on the table, you choose which one to take; a stack of three is taken whole by the fourth."],
    ["Ppuk 뻑", `If the turned card is the month of the pair you just made, the three stay on the table as a stack. Whoever takes the fourth card of that month takes all four and a junk card from every opponent${three.ja_ppuk_junk > 1 ? ` (${three.ja_ppuk_junk} junk if it was their own ppuk)` : ""}.`],
    ["Chok 쪽, ttadak 따닥, sseul 싹쓸이", `Chok: your played card found no match but the turned card pairs with it. Ttadak: two of a month are on the table and your card and the turned card take all four. Sseul: you sweep the table clean. Each earns a junk card from every opponent${three.last_turn_exception ? " (not on the last turn of the hand)" : ""}.`],
    ["Shake and bomb", `Holding three of a month you may shake (show them: if you win, you are paid x${three.heundeum_multiplier}). When the fourth is on the table you may bomb: play all three and take the four; for the two cards you are short, on two later turns of your choice you only turn the stock.${bomb2}`],
    ["Scoring", `Brights 광: 3 score 3 (2 if one of them is December's rain bright), 4 score ${four === 4 ? "4" : `4 (${four} with the rain bright)`}, 5 score 15. Animals 열끗: 5 score 1, +1 each more; godori (the three birds) scores ${s.godori_points}. Ribbons 띠: 5 score 1, +1 each more; the red poem, blue and plain red sets score 3 each. Junk 피: 10 score 1, +1 each more (double junk counts 2).${s.flex_card ? ` The ${flexPicture} (${flexKind}) counts as an animal or as ${flexJunk === 2 ? "double junk" : `${flexJunk} junk`}, whichever is better.` : ""}`],
    ["Go or stop", `When you reach the target you decide: stop and be paid now, or go. Going, in Matgo: ${GO_SCHEME.en[two.go_scheme] || ""}; with three players: ${GO_SCHEME.en[three.go_scheme] || ""}. After a go you are asked again only when your points rise above those of your last go.${goBak2}${goBak3} If the cards run out with nobody stopped, the hand is a nagari: nobody is paid and the next hand pays double (again for each nagari in a row${cap2 ? `; Matgo up to x${cap2}` : ""}).`],
    ["Payment and penalties (bak 박)", `The winner is paid their points in chips by each loser. A loser pays double for gwang-bak (the winner scored points with brights and the loser has none) and for pi-bak (the winner scored points with junk and the loser has less than ${protect2} junk in Matgo${zero2}, less than ${protect3} with three players); meong-dda (the winner has seven or more animals) doubles every payment. The stamps on the table warn you.`],
    ["Playing by touch", "Tap a card of your hand to play it. A gold dot marks a card that captures, and the words under each card say what it takes. Go, stop, shaking and every other choice are buttons that appear above your hand. \"Events · invite\" at the top shows the moves so far and the link to invite friends."],
    ["With a keyboard", "With a keyboard: 1–0 play the cards of your hand; g go, s stop; the letters shown on the buttons pick them; Enter closes the settlement."],
  ];
}

/** The knob values (name -> value) of `preset` in the answer of GET /api/presets. */
function knobsOf(presets, preset) {
  return Object.fromEntries((presets.knobs || []).map((k) => [k.name, (k.defaults || {})[preset]]));
}

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

/** The guide; `back`: the hash of the table this page came from (a link leads back to it). */
export async function showGuide(main, section, live = () => true, back = null) {
  const lang = getLang();
  const presets = await loadPresets();
  if (!live()) return null; // another page was opened meanwhile (app.js)
  const [two, three] = ["matgo", "gostop"].map((id) => knobsOf(presets, gamePreset(presets, GAMES.find((g) => g.id === id))));
  // QA 20: on a touch screen with no keyboard or mouse the guide leads with how to play by touch
  // and leaves out the keys (g, s and Enter on a phone); elsewhere both close the guide's rules
  const sections = howtoSections(lang === "ko" ? "ko" : "en", two, three);
  const [touch, keys] = sections.splice(-2, 2);
  const touchOnly = typeof window.matchMedia === "function" && window.matchMedia("(hover: none) and (pointer: coarse)").matches;
  const part = ([title, text], cls) => h(`section${cls}`, {}, h("h2", {}, title), h("p", {}, text));
  const ordered = touchOnly ? [part(touch, ".touch"), ...sections.map((x) => part(x, ""))]
    : [...sections.map((x) => part(x, "")), part(touch, ".touch"), part(keys, ".keys")];
  const howto = h("div.howto", {}, h("h1", {}, t("guide")), ordered,
    h("p", {}, lang === "ko" ? "방마다 바꿀 수 있는 규칙은 로비의 '고급'에서 쉬운 말 설명과 함께 고를 수 있습니다." : "Every house rule a room may switch is under \"Advanced\" in the lobby, each said in plain words."));
  const page = h("div.guide", {}, h("nav.guide-nav", { "aria-label": t("guide") },
    back ? h("a#guide-back", { href: back }, `← ${t("backToTable")}`) : null, back ? " · " : null,
    h("a", { href: "#/guide" }, t("guide")), " · ", h("a", { href: "#/guide/cards" }, t("cards"))), howto, cardGuide());
  main.append(page);
  if (section === "cards") page.querySelector("#cards").scrollIntoView();
  return { relabel: () => { main.replaceChildren(); showGuide(main, section, live, back); } };
}
