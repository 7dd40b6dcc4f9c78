// English and Korean strings of the client (its chrome: every text of the game itself comes
// from the server in the page's language); the choice is remembered in localStorage.
import { particle } from "./particles.js";

const STRINGS = {
  en: {
    title: "gostop — Go Stop 고스톱",
    lang: "한국어",
    lobby: "Lobby", guide: "How to play", cards: "Card guide",
    yourName: "Your name", quickPlay: "Quick play", play: "Play",
    level: "Bot level", preset: "Rules", players: "Players",
    createRoom: "Create a room", roomName: "Room name", seats: "Seats", seat: "Seat",
    human: "Person (open)", bot: "Bot", hands: "Hands", publicRoom: "Listed in the lobby",
    allowSpectators: "Spectators allowed", changeRule: "Change a rule", add: "Add", remove: "Remove",
    create: "Create and sit", rooms: "Rooms", noRooms: "No public rooms yet. Create one!",
    join: "Join", watch: "Watch", resume: "Resume", refresh: "Refresh",
    waiting: "waiting", playing: "playing", over: "over",
    openSeats: (n) => `${n} open seat${n === 1 ? "" : "s"}`, openSeat: "open seat", seatsN: (n) => `${n} seats`,
    inviteLink: "Invite a friend: send this link", copy: "Copy link", copied: "Copied!",
    inviteWatch: "Invite a friend to watch: send this link (every seat is taken)",
    tableFull: "Every seat is taken: there is no seat to invite a friend to.",
    roomFullWatch: "You can watch the game.", ownSeatElsewhere: "Your own seat, on another device?",
    waitingForPlayers: "Waiting for players to take the open seats…",
    takeSeat: "Take a seat", spectate: "Watch this table",
    roomUnknown: "This room does not exist (or no longer does).",
    roomFull: "This room is full: every seat is taken.",
    roomOver: "This match is over.",
    backToLobby: "Back to the lobby", backToTable: "Back to the table",
    reconnecting: "Connection lost — reconnecting…", reconnected: "Reconnected: your seat is back.",
    spectating: "You are watching. Hidden cards stay hidden.",
    stock: "Stock", table: "Table", yourHand: "Your hand", captures: "Captures",
    points: "points", target: "target", go: "Go", stop: "Stop", goes: "go", shake: "shake",
    bomb: "bomb", ppuk: "ppuk", chips: "chips", shots: "shots",
    stackPile: (month, n) => `${month}: ${n} cards, a stack (ppuk)`,
    cardsInHandN: (n) => `${n} card${n === 1 ? "" : "s"} in hand`,
    bright: "Brights 광", animal: "Animals 열끗", ribbon: "Ribbons 띠", junk: "Junk 피",
    noMatch: "no match", takes: "takes", choice: "choose one of", stack: "takes the stack",
    joker: "joker: plays a stock card",
    // the same words where a card is 45 px wide (a phone): whole at 11 px in two lines at most
    noMatchShort: "no match", choiceShort: "pick one", stackShort: "takes all", jokerShort: "joker",
    // a stack taken with the opponents' junk (EVT-4 .. EVT-6): n junk from each who can give
    // (each: more than one opponent gives); the card's name and tooltip say who in full. One
    // line of a laptop's card: "stack + 1 junk each" took two (the stack's three small cards
    // below say "stack")
    stackJunk: (n, each) => (each ? `+${n} junk each` : `stack + ${n} junk`), stackJunkShort: (n) => `all + ${n} junk`,
    yourTurn: "Your turn", waitingFor: (n) => `Waiting for ${n}…`,
    // the seat of a person who is gone: a bot plays it (their tag says "away" / "left"), or the
    // table waits for them to come back (their tag says "offline")
    botPlaysAway: (n) => `${n} is away — a bot plays for them…`, botPlaysLeft: (n) => `${n} left — a bot plays their seat…`,
    waitingReconnect: (n) => `Waiting for ${n} to reconnect…`,
    stopPreview: "If you stop now", goRisk: "If you say go", pays: "pays", total: "total",
    events: "What happened", hints: "One card away", bak: "Penalties", live: "LIVE", risk: "risk",
    settlement: "Settlement", next: "Next step", continue: "Continue", nextHand: "Next hand", seeStandings: "See the standings", close: "Close", standings: "Standings",
    keepWatching: "Keep watching",
    matchOver: "Match over", handOf: (a, b) => (b ? `Hand ${a} of ${b}` : `Hand ${a}`),
    dealer: "dealer", you: "you", away: "away (bot plays)", offline: "offline", bot_: "bot",
    // a person who typed no name at a table for people (never "you": the others would read it as themselves)
    guest: "Guest", leftSeat: "left (a bot plays)",
    sitsOut: "sits this hand out", staysIn: "stays in", dropsOut: "drops out", nagari: "Nagari: nobody won, the next hand counts double",
    winner: "wins", leave: "Leave", keys: "Keys: 1–0 play a card, g go, s stop, letters pick a button",
    decisions: "Your decision", tableDecision: "Table decision",
    error: "Something went wrong", copyFailed: "Select the link and copy it.", unreachable: "The server cannot be reached.",
    rematch: "New match", carry: "carry-over", pickCard: "Take which card?",
    shown: "shown: ",
    tableTitle: "Go-Stop table", tableOf: (name) => `${name}'s table`, otherRules: "Other rules",
    quickMatchTitle: "Quick match", vsBotsTitle: (name) => `${name} vs bots`, myVsBotsTitle: "You vs bots",
    yes: "yes", no: "no",
    soundTitle: "Sound effects on or off (remembered)",
    ruleChanges: "Rule changes", score: "Score", key: "key",
    soundOn: "Sound", soundOff: "Sound", deckClear: "Clear deck", deckTraditional: "Traditional deck",
    deckTitle: "Switch the card style: clear (for learners) or traditional (printed hwatu colours)",
    pointsN: (n) => `${n} point${n === 1 ? "" : "s"}`, chipsN: (n) => `${n > 0 ? "+" : ""}${n} chip${Math.abs(n) === 1 ? "" : "s"}`,
    paysN: (who, n) => `${who} pays ${n}`,
    // a match paid in shots (goo-stupe, GOO-1): the shots each player took, fewest first
    shotsN: (n) => `${n} shot${n === 1 ? "" : "s"}`, takesShotsN: (n) => `takes ${n} shot${n === 1 ? "" : "s"}`,
    game_matgo: "Matgo · 2 players", game_gostop: "Go-Stop · 3 players", game_gwangpalli: "Gwangpalli · 4–7",
    gameAbout_matgo: "맞고: you and one opponent, 7 points to stop",
    gameAbout_gostop: "고스톱: three players, 3 points to stop",
    gameAbout_gwangpalli: "광팔이: three play each hand; a player forced out may claim compensation",
    vsBots: "Play vs bots", withPeople: "Play with people",
    vsBotsMeaning: "Vs bots: a new private table with bots at the level you chose. With people: a seat at a table waiting for people (or a new one that waits).",
    advanced: "Advanced: rule sets, rule changes, a room for friends", welcome: "Go-Stop, Korean flower cards",
    howToPlay: "How to play (2 minutes)", roomNamePlaceholder: "Friday table",
    // the end of a hand and "review this hand" (issue #18)
    scored: "Scored", losers: "Who pays", chipsBeforeAfter: "Chips before → after",
    paysChipsN: (n) => `pays ${n} chip${n === 1 ? "" : "s"}`, paysNothing: "pays nothing (no captures)", paysNothingCovered: "pays nothing (the other pays for both)",
    paysForBoth: "pays for both", noBak: "no penalty",
    paidDuring: "Paid during the hand",
    paidDuringN: (who, to, n, why) => `${who} paid ${to ? `${to} ` : ""}${n} chip${n === 1 ? "" : "s"} (${why})`,
    tookDuringN: (who, n, why) => `${who} took ${n} shot${n === 1 ? "" : "s"} (${why})`,
    // one name for the GWANG-5/6 action everywhere: "compensation" (광값), as the terminal game says it
    brightSales: "Compensation (gwangpalli)", soldFor: (c) => `got compensation for cards: ${c}`,
    paidForSales: (c) => `paid compensation: ${c}`,
    part_hand: "this hand", part_compensation: "compensation", part_pot: "boar pot", part_refund: "pot returned",
    reviewLoading: "Loading the hand…", reviewDeal: "The deal", reviewStock: (n) => `Stock: ${n}`,
    reviewHand: "Hand", reviewCaptures: "Captures",
    // the measured gap of each level (GET /api/presets level_edges, docs/benchmarks.md)
    levelEasiest: "the easiest level",
    // moving a seat to another device; rematch where each person accepts (issue #18, defect 10 and 7)
    moveSeat: "Move my seat to another device",
    moveSeatCode: (min) => `On the other device, open this room's link and type this code there (once, within ${min} minutes):`,
    haveCode: "Is this your seat, playing on another device? Type the code that device shows (“Move my seat to another device”):",
    codeLabel: "Transfer code", takeMySeat: "Move my seat here", seatMoved: "Your seat moved to another device.",
    rematchOffer: "Rematch (same seats)", rematchAccept: "Accept the rematch", rematchDecline: "Decline",
    rematchAccepted: "accepted", rematchDeclined: "declined", rematchWaiting: "not answered yet",
    rematchTitle: "Rematch", rematchGo: "Go to the rematch", rematchWatch: "Watch the rematch",
    levelGapShort: (below, pts) => `beats ${below} by ${pts} a hand`,
    levelGapLong: (level, below, pts, low, high, deals, few) => `${level} beats ${below} by ${pts} points a hand on average (95 %: ${low} to ${high}; ${deals} duplicate deals, 2 players${few ? "; fewer deals than our 1,000-deal bar" : ""}).`,
  },
  ko: {
    title: "gostop — 고스톱",
    lang: "English",
    lobby: "로비", guide: "게임 방법", cards: "화투 안내",
    yourName: "이름", quickPlay: "빠른 게임", play: "시작",
    level: "봇 난이도", preset: "규칙", players: "인원",
    createRoom: "방 만들기", roomName: "방 이름", seats: "자리", seat: "자리",
    human: "사람 (빈자리)", bot: "봇", hands: "판 수", publicRoom: "로비에 공개",
    allowSpectators: "관전 허용", changeRule: "규칙 바꾸기", add: "추가", remove: "삭제",
    create: "만들고 앉기", rooms: "방 목록", noRooms: "아직 공개된 방이 없습니다. 새로 만들어 보세요!",
    join: "참가", watch: "관전", resume: "이어하기", refresh: "새로고침",
    waiting: "대기 중", playing: "게임 중", over: "끝남",
    openSeats: (n) => `빈자리 ${n}개`, openSeat: "빈자리", seatsN: (n) => `${n}자리`,
    inviteLink: "친구 초대: 이 링크를 보내세요", copy: "링크 복사", copied: "복사됨!",
    inviteWatch: "친구에게 관전 초대: 이 링크를 보내세요 (자리는 모두 찼습니다)",
    tableFull: "자리가 모두 찼습니다: 친구를 초대할 빈자리가 없습니다.",
    roomFullWatch: "이 판을 관전할 수 있습니다.", ownSeatElsewhere: "다른 기기에서 치던 내 자리인가요?",
    waitingForPlayers: "빈자리에 사람이 앉기를 기다리는 중…",
    takeSeat: "자리에 앉기", spectate: "이 판 관전하기",
    roomUnknown: "없는 방입니다 (또는 없어졌습니다).",
    roomFull: "빈자리가 없습니다.",
    roomOver: "이 게임은 끝났습니다.",
    backToLobby: "로비로", backToTable: "판으로 돌아가기",
    reconnecting: "연결이 끊겼습니다 — 다시 연결 중…", reconnected: "다시 연결됨: 자리를 되찾았습니다.",
    spectating: "관전 중입니다. 가려진 패는 보이지 않습니다.",
    stock: "더미", table: "바닥", yourHand: "내 패", captures: "먹은 패",
    points: "점", target: "목표", go: "고", stop: "스톱", goes: "고", shake: "흔들기",
    bomb: "폭탄", ppuk: "뻑", chips: "칩", shots: "잔",
    stackPile: (month, n) => `${month}: ${n}장이 쌓인 뻑`,
    cardsInHandN: (n) => `손패 ${n}장`,
    bright: "광", animal: "열끗", ribbon: "띠", junk: "피",
    noMatch: "짝 없음", takes: "먹음:", choice: "둘 중 하나:", stack: "세 장 모두 먹음",
    joker: "조커: 더미 패를 냄",
    noMatchShort: "짝 없음", choiceShort: "둘 중 하나", stackShort: "모두 먹음", jokerShort: "조커",
    stackJunk: (n, each) => `뻑 + 피 ${n}장${each ? "씩" : ""}`, stackJunkShort: (n) => `모두+피${n}`,
    yourTurn: "내 차례", waitingFor: (n) => `${n} 차례…`,
    botPlaysAway: (n) => `${n} 자리 비움 — 봇이 대신 치는 중…`, botPlaysLeft: (n) => `${n} 나감 — 봇이 대신 치는 중…`,
    waitingReconnect: (n) => `${n} 연결 끊김 — 다시 들어오기를 기다리는 중…`,
    stopPreview: "지금 스톱하면", goRisk: "고를 하면", pays: "지불", total: "합계",
    events: "지난 수", hints: "한 장 남은 족보", bak: "박", live: "걸림", risk: "주의",
    settlement: "정산", next: "다음 단계", continue: "계속", nextHand: "다음 판", seeStandings: "순위 보기", close: "닫기", standings: "순위",
    keepWatching: "계속 보기",
    matchOver: "게임 끝", handOf: (a, b) => (b ? `${b}판 중 ${a}판째` : `${a}판째`),
    dealer: "선", you: "나", away: "자리 비움 (봇이 대신)", offline: "연결 끊김", bot_: "봇",
    guest: "손님", leftSeat: "나감 (봇이 대신)",
    sitsOut: "이번 판 쉼", staysIn: "이번 판 침", dropsOut: "빠짐", nagari: "나가리: 승자 없음, 다음 판은 두 배",
    winner: "승리", leave: "나가기", keys: "키: 1–0 패 내기, g 고, s 스톱, 글자 키로 버튼",
    decisions: "결정", tableDecision: "자리 결정",
    error: "문제가 생겼습니다", copyFailed: "링크를 선택해 복사하세요.", unreachable: "서버에 연결할 수 없습니다.",
    rematch: "새 게임", carry: "이월", pickCard: "어느 패를 먹을까요?",
    shown: "공개한 패: ",
    tableTitle: "고스톱 판", tableOf: (name) => `${name}의 판`, otherRules: "다른 규칙",
    quickMatchTitle: "빠른 대전", vsBotsTitle: (name) => `${name} 대 봇`, myVsBotsTitle: "나 대 봇",
    yes: "예", no: "아니요",
    soundTitle: "효과음 켜기/끄기 (기억됨)",
    ruleChanges: "바꾼 규칙", score: "점수", key: "키",
    soundOn: "소리", soundOff: "소리", deckClear: "밝은 화투", deckTraditional: "전통 화투",
    deckTitle: "패 모양 바꾸기: 밝은 화투(처음 배우는 분께) 또는 전통 화투(인쇄된 화투 색)",
    pointsN: (n) => `${n}점`, chipsN: (n) => `${n > 0 ? "+" : ""}${n}칩`, paysN: (who, n) => `${who}: ${n}칩 냄`,
    shotsN: (n) => `${n}잔`, takesShotsN: (n) => `${n}잔 마심`,
    game_matgo: "맞고 2인", game_gostop: "고스톱 3인", game_gwangpalli: "광팔이 4–7인",
    gameAbout_matgo: "둘이서, 7점이면 스톱", gameAbout_gostop: "셋이서, 3점이면 스톱",
    gameAbout_gwangpalli: "판마다 셋이 치고, 강제로 빠진 사람은 광값을 받을 수 있습니다",
    vsBots: "봇과 하기", withPeople: "사람과 하기",
    vsBotsMeaning: "봇과 하기: 고른 수준의 봇과 새 비공개 판. 사람과 하기: 사람을 기다리는 판에 앉거나 새 판을 열고 기다립니다.",
    advanced: "고급: 규칙 모음, 규칙 바꾸기, 친구와 할 방", welcome: "고스톱 — 화투 한 판",
    howToPlay: "게임 방법 (2분)", roomNamePlaceholder: "금요일 판",
    scored: "점수 난 패", losers: "내는 사람", chipsBeforeAfter: "칩: 판 전 → 판 후",
    paysChipsN: (n) => `${n}칩 냄`, paysNothing: "먹은 패가 없어 안 냄", paysNothingCovered: "안 냄 (다른 사람이 두 사람 몫을 냄)",
    paysForBoth: "두 사람 몫을 냄 (독박)", noBak: "박 없음",
    paidDuring: "판 중에 낸 칩",
    paidDuringN: (who, to, n, why) => `${who}: ${to ? `${to}에게 ` : ""}${n}칩 냄 (${why})`,
    tookDuringN: (who, n, why) => `${who}: ${n}잔 마심 (${why})`,
    brightSales: "광값 (광팔이)", soldFor: (c) => `광값 받음: ${c}`, paidForSales: (c) => `광값 냄: ${c}`,
    part_hand: "이번 판", part_compensation: "광값", part_pot: "멧돼지 판돈", part_refund: "판돈 돌려받음",
    reviewLoading: "판을 불러오는 중…", reviewDeal: "패 돌리기", reviewStock: (n) => `더미: ${n}장`,
    reviewHand: "손패", reviewCaptures: "먹은 패",
    levelEasiest: "가장 쉬운 난이도",
    moveSeat: "내 자리를 다른 기기로 옮기기",
    moveSeatCode: (min) => `다른 기기에서 이 방 링크를 열고 이 코드를 입력하세요 (${min}분 안에 한 번):`,
    haveCode: "다른 기기에서 치던 내 자리인가요? 그 기기에 나온 코드(“내 자리를 다른 기기로 옮기기”)를 입력하세요:",
    codeLabel: "옮기기 코드", takeMySeat: "내 자리를 여기로", seatMoved: "내 자리가 다른 기기로 옮겨졌습니다.",
    rematchOffer: "같은 자리로 한 판 더", rematchAccept: "한 판 더 받기", rematchDecline: "안 함",
    rematchAccepted: "수락", rematchDeclined: "거절", rematchWaiting: "아직 답 없음",
    rematchTitle: "한 판 더", rematchGo: "새 판으로 가기", rematchWatch: "새 판 관전하기",
    levelGapShort: (below, pts) => `${below}보다 판당 ${pts}점`,
    levelGapLong: (level, below, pts, low, high, deals, few) => `${level}: ${below}보다 한 판에 평균 ${pts}점 더 땁니다 (95%: ${low}~${high}; 같은 패 ${deals}판, 2인${few ? "; 1,000판 기준보다 적게 잼" : ""}).`,
  },
};

// The strings of one page module, `strings(name)` gives its `w(key, ...args)` (like `t`).
const MODULE_STRINGS = {
  room: {
    en: {
      timeUp: (what) => `Time's up — a bot decided for you: ${what}`,
      leaveConfirm: "Leave this table? A bot will play your seat to the end of the match.",
      notSent: "Not connected: that move was not sent. Wait for the connection to come back, then play it again.",
      alikeTaken: (card) => `Two cards alike (${card}): you take one.`,
      side: "Events · invite", rematch: "Rematch (same seats)", winnerCards: (n) => `${n}'s scoring cards`,
      chongtongCards: "Chongtong: four of a month in the hand",
      review: "Review this hand", download: "Download the match record", closeSide: "Close",
      prev: "Previous", nextMove: "Next", moveOf: (a, b) => `Move ${a} of ${b}`, finalHands: "The cards left in each hand",
      reviewClose: "Back",
      // QA 15: leave and come back (POST .../leave: a bot plays the seat to the end; a seat
      // away past the grace period is given back on reconnecting)
      leftTitle: "You left this match",
      leftText: "A bot plays your seat to the end of the match: a seat that was left is not given back.",
      leftBanner: "You left the table: a bot plays your seat to the end of the match.",
      backFromAway: "Welcome back: your seat is yours again. A bot played for you while you were away.",
      // quick phrases (상용구): the button, its menu, the switch that hides the others' phrases
      say: "Say…", sayMenu: "Quick phrases to the table", mutePhrases: "Mute phrases",
      saidBy: (name, text) => `${name}: ${text}`,
    },
    ko: {
      timeUp: (what) => `시간 초과 — 봇이 대신 정했습니다: ${what}`,
      leaveConfirm: "자리를 떠날까요? 게임이 끝날 때까지 봇이 대신 칩니다.",
      notSent: "연결이 끊겨 이 수를 보내지 못했습니다. 다시 연결되면 다시 내세요.",
      alikeTaken: (card) => `같은 패 두 장 (${card}): 아무거나 한 장 가져갑니다.`,
      side: "기록 · 초대", rematch: "같은 자리로 한 판 더", winnerCards: (n) => `${n}의 점수 패`,
      chongtongCards: "총통: 손에 든 같은 달 네 장",
      review: "이 판 다시 보기", download: "게임 기록 받기", closeSide: "닫기",
      prev: "이전", nextMove: "다음", moveOf: (a, b) => `${b}수 중 ${a}번째 수`, finalHands: "판이 끝났을 때 각자 손에 남은 패",
      reviewClose: "돌아가기",
      leftTitle: "이 게임에서 나왔습니다",
      leftText: "게임이 끝날 때까지 봇이 내 자리를 대신 칩니다. 떠난 자리는 되찾을 수 없습니다.",
      leftBanner: "자리를 떠났습니다: 게임이 끝날 때까지 봇이 대신 칩니다.",
      backFromAway: "돌아오신 것을 환영합니다: 자리를 되찾았습니다. 자리를 비운 동안 봇이 대신 쳤습니다.",
      say: "말하기", sayMenu: "상용구로 말하기", mutePhrases: "상용구 끄기",
      saidBy: (name, text) => `${name}: ${text}`,
    },
  },
};

// The quick phrases (상용구) a seated person says to the table (docs/protocol.md `say`): the
// server sends only their ids (gostop.server.protocol.PHRASES, in this order; the test
// tests/web/test_phrases_js.py keeps the two lists equal), each page says them in its language.
const PHRASES = {
  en: { hello: "Hello!", nice: "Nice play!", thanks: "Thanks!", sorry: "Sorry!", hurry: "Hurry up, please!", wow: "Wow!", good_game: "Good game!", one_more: "One more game?" },
  ko: { hello: "안녕하세요!", nice: "잘 치시네요!", thanks: "고마워요!", sorry: "미안해요!", hurry: "빨리 좀 쳐 주세요!", wow: "대박!", good_game: "수고하셨습니다!", one_more: "한 판 더 할까요?" },
};

/** The ids of the quick phrases, in the order of the menu. */
export const PHRASE_IDS = Object.keys(PHRASES.en);

/** A quick phrase in the page's language (null: an id this page does not know). */
export function phraseText(id, language = lang) {
  return Object.hasOwn(PHRASES.en, id) ? (PHRASES[language] || PHRASES.en)[id] : null;
}

/** The strings of page module `name` (see MODULE_STRINGS): a `w(key, ...args)` like `t`. */
export function strings(name) {
  const tables = MODULE_STRINGS[name];
  return (key, ...args) => {
    const s = tables[lang]?.[key] ?? tables.en[key] ?? key;
    return typeof s === "function" ? s(...args) : s;
  };
}

/** The language of a first visit: the request's Accept-Language (its first language, which
 * the server writes into the page's <meta name="gostop-accept-language">), else the
 * browser's. A choice made on the page (localStorage) comes before both. */
function firstLanguage() {
  const meta = document.querySelector('meta[name="gostop-accept-language"]');
  const asked = meta ? (meta.getAttribute("content") || "").trim().toLowerCase() : "";
  const tag = asked || navigator.language || "en";
  return tag.toLowerCase().startsWith("ko") ? "ko" : "en";
}

const saved = localStorage.getItem("gostop.lang");
let lang = saved && STRINGS[saved] ? saved : firstLanguage();
if (!STRINGS[lang]) lang = "en";

export function getLang() { return lang; }

export function setLang(value) {
  lang = STRINGS[value] ? value : "en";
  localStorage.setItem("gostop.lang", lang);
  document.documentElement.lang = lang;
}

/** The string `key` in the current language; functions are called with `args`. */
export function t(key, ...args) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return typeof s === "function" ? s(...args) : s;
}

export const MONTHS = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  ko: ["1월", "2월", "3월", "4월", "5월", "6월", "7월", "8월", "9월", "10월", "11월", "12월"],
};

export function monthName(m) { return MONTHS[lang][m - 1] || String(m); }

// The rule sets' names for people (GET /api/presets names them by id: "pagat", "fuda-wiki"...)
const PRESET_TITLES = {
  en: { pagat: "Pagat rules (the default)", "pagat-classic": "Pagat, older rules", "fuda-wiki": "Fuda wiki rules",
    blog: "Blog rules", matgo: "Matgo (2 players)", "goo-stupe": "Goo Stupe (drinking game)" },
  ko: { pagat: "파갓 규칙 (기본)", "pagat-classic": "예전 파갓 규칙", "fuda-wiki": "푸다 위키 규칙",
    blog: "블로그 규칙", matgo: "맞고 (2인)", "goo-stupe": "구 스튜프 (술자리 게임)" },
};

/** A rule set's name in the page's language; one this page does not know: its description
 * (from GET /api/presets, in the page's language) when given, else "Other rules". */
export function presetTitle(name, description = "") {
  return PRESET_TITLES[lang][name] || description || t("otherRules");
}

/** The names a page gives its player who typed none (lobby.js myName): "you", "나". */
const DEFAULT_NAMES = new Set([STRINGS.en.you, STRINGS.ko.you]);

/** Is `name` the default name of a player who typed none (in either language)? */
export function isDefaultName(name) {
  return DEFAULT_NAMES.has(String(name || "").trim().toLowerCase());
}

/** A room's title: its name; else, for quick play, "Quick match" (with people, `quick`) or
 * "Ann vs bots" (one person and bots); else the table of the first person seated ("Ann's
 * table"). Said in the page's language from the room's facts: the server names no room. */
export function roomTitle(room) {
  if (!room) return t("tableTitle");
  if (room.name) return room.name;
  if (room.quick) return t("quickMatchTitle");
  const seats = room.seats || [];
  const humans = seats.filter((s) => s.kind === "human");
  if (humans.length === 1 && humans[0].name && seats.length > 1 && seats.every((s) => s.kind === "bot" || s === humans[0])) {
    return isDefaultName(humans[0].name) ? t("myVsBotsTitle") : t("vsBotsTitle", humans[0].name);
  }
  const host = seats.find((s) => s.kind === "human" && s.name);
  return host ? t("tableOf", host.name) : t("tableTitle");
}

// -- Texts made by the server ---------------------------------------------------------------
// The server says every text of a view in this page's language (docs/protocol.md, "Language":
// the socket's hello and `lang` messages); reasons and error codes are keys, said here.

/** The text field `key` of a view object (a list of lines: one sentence the server split over
 * two steps, "…counts as an animal or as junk:" / "the winner counts it as an animal", is one
 * step, issue #18 defect 13). */
export function tx(obj, key) {
  const v = obj ? obj[key] : undefined;
  return Array.isArray(v) ? joinSplit(v) : v;
}

function joinSplit(lines) {
  const out = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    if (typeof l === "string" && typeof prev === "string" && prev.trimEnd().endsWith(":")) out[out.length - 1] = `${prev} ${l}`;
    else out.push(l);
  }
  return out;
}

/** The label of a bak stamp (view.bak entry): "피박 pi-bak LIVE" / "피박 확정". */
export function stampLabel(b) {
  const state = b.live ? t("live") : t("risk");
  return lang === "ko" ? `${b.hangul} ${state}` : `${b.hangul} ${b.name} ${state}`;
}

// The bot each level plays (gostop.agents.LEVELS), as the server keeps it in a room's seats.
const LEVEL_OF_SPEC = { greedy: "easy", expert: "normal", learned: "instinct", search: "hard" };
// The level names of gostop.agents.LEVEL_NAMES (tests/web/test_levels_js.py keeps them equal).
const LEVELS = {
  en: { easy: "easy", normal: "normal", instinct: "instinct", hard: "hard" },
  ko: { easy: "쉬움", normal: "보통", instinct: "직감", hard: "어려움" },
};

/** The level a room's bot seat was made with, from the bot spec the server keeps for it
 * ("expert" is what "normal" plays): what the lobby takes for a new room (a rematch). */
/** The server's levels by the bot each plays (GET /api/presets level_specs), so that a level the
 * server adds (gostop serve --level NAME=SPEC) is named as the server names it. */
let LEVEL_OF_SERVER_SPEC = {};
export function setLevelSpecs(specs) {
  LEVEL_OF_SERVER_SPEC = {};
  for (const [name, spec] of Object.entries(specs || {})) LEVEL_OF_SERVER_SPEC[spec] = name;
}

export function levelOf(spec) {
  if (!spec) return spec;
  if (Object.hasOwn(LEVEL_OF_SERVER_SPEC, spec)) return LEVEL_OF_SERVER_SPEC[spec];
  const base = String(spec).split(":")[0];
  return LEVELS.en[base] ? base : (LEVEL_OF_SPEC[base] || spec);
}

/** A bot's level in words, in the page's language (from a level name or its bot spec). */
export function levelText(level) {
  if (!level) return "";
  const name = levelOf(level);
  return (name && LEVELS[lang][name]) || name || level;
}

// The server's bot names (gostop.server.room.BOT_NAMES) in hangul for the Korean page.
const BOT_NAMES_KO = { Minji: "민지", Hoon: "훈", Sora: "소라", Jun: "준", Yuna: "유나", Tae: "태", Dami: "다미" };

/** A bot's name in the page's language. */
export function botName(name) { return (lang === "ko" && BOT_NAMES_KO[name]) || name || ""; }

/** Why a hand or the match ended, in words: the server says it (`last_hand.reason_text`,
 * `over.reason_text`) in this page's language. */
export function reasonText(obj) {
  return (obj && (obj.reason_text || obj.reason)) || "";
}

// Every refusal of the server by its `code` (the table's `error` messages, ERROR_CODES of
// gostop.server.protocol, and the lobby's HTTP errors, CODES of gostop.server.errors; the
// test tests/browser/test_web_errors.py keeps this list whole), said with the facts sent beside
// it: `p` holds them (`limit`, `knob`, `seat`...), `p.detail` the server's English sentence and
// `p.name(knob)` a rule's name in the page's language. An unknown code: the server's sentence.
const quoted = (xs) => xs.map((x) => `“${x}”`).join(", ");
const inSeconds = (n, ko) => {
  if (!n) return "";
  const min = Math.ceil(n / 60);
  if (ko) return n >= 60 ? ` (약 ${min}분 뒤)` : ` (${n}초 뒤)`;
  return n >= 60 ? ` (in about ${min} min)` : ` (in ${n} s)`;
};
// a refused move named by its word when it has one (go, stop, shake, bomb: `error` `action`)
const moveWord = (action, language) => {
  const word = String(action || "").split(" ")[0];
  return ["go", "stop", "shake", "bomb"].includes(word) ? STRINGS[language][word] : "";
};
const REMATCH = {
  en: { spectator: "spectators watch; only a seated player answers", not_over: "the match is not over yet",
    not_seated: "this seat is no longer yours", gone: "this room is gone", taken: "the rematch room exists already: accept to get a seat there" },
  ko: { spectator: "관전자는 답할 수 없고 자리에 앉은 사람만 답합니다", not_over: "아직 게임이 끝나지 않았습니다",
    not_seated: "이 자리는 더 이상 내 자리가 아닙니다", gone: "방이 없어졌습니다", taken: "한 판 더 방이 이미 있습니다. 수락하면 그 방에 자리를 받습니다" },
};
const FIELDS = {
  en: { hands: "the number of hands", name: "the room name", "join.name": "your name", seats: "the seats",
    rules: "the rule changes", turn_seconds: "the turn timer", target_chips: "the chip target", code: "the transfer code", players: "the players" },
  ko: { hands: "판 수", name: "방 이름", "join.name": "이름", seats: "자리", rules: "바꾼 규칙", turn_seconds: "제한 시간",
    target_chips: "목표 칩", code: "옮기기 코드", players: "인원" },
};
// Why rule changes clash (`rules_refused` with `clash`, its kind, and the values it names, such as
// `score_cap` and `target`: gostop.server.rooms.clash_facts), in plain words; a refusal without a
// kind this page knows (an older server, a clash with the table): the server's sentence after.
const inParens = (n, unit = "", before = " ") => (n === undefined || n === null ? "" : `${before}(${n}${unit})`);
const CLASH = {
  en: {
    shots_need_rate: () => "Paying in shots needs the points per shot (e.g. 5).",
    shot_knobs_need_shots: () => "Rules about shots only apply to a game paid in shots, and this one is paid in chips.",
    cap_below_target: (p) => `The score cap${inParens(p.score_cap)} is below the points needed to stop${inParens(p.target)}: nobody could ever stop.`,
    two_first_turn_ppuk_rewards: () => "Both reward a ppuk on a player's first turn: turn one of them off.",
    target_chips_need_chips: (p) => `A chip target${inParens(p.match_target_chips)} needs a game paid in chips: shots are taken, not won, so nobody is ever chips up and the match would never end. Leave the chip target empty and give the number of hands.`,
    boar_pot_needs_chips: () => "A boar pot needs a game paid in chips: the pot is made of chips, and shots cannot be put in a pot or won. Choose “first turn” or “off” for the boar.",
    push_needs_chips: (p) => `Pushes${p.push_limit ? ` (up to ${p.push_limit} in a row)` : ""} need a game paid in chips: a push doubles the next settlement, and a settlement in shots is never doubled. Set the pushes to 0.`,
  },
  ko: {
    shots_need_rate: () => "잔으로 셈하려면 한 잔의 점수도 정해야 합니다 (예: 5).",
    shot_knobs_need_shots: () => "잔에 관한 규칙은 잔으로 셈할 때만 쓸 수 있습니다. 지금은 칩으로 셈합니다.",
    cap_below_target: (p) => `점수 상한${inParens(p.score_cap, "점", "")}이 스톱 점수${inParens(p.target, "점", "")}보다 낮아서 아무도 스톱할 수 없습니다.`,
    two_first_turn_ppuk_rewards: () => "두 규칙 모두 첫뻑에 보상을 줍니다. 둘 중 하나를 끄세요.",
    target_chips_need_chips: (p) => `목표 칩${inParens(p.match_target_chips, "칩", "")}은 칩으로 셈할 때만 쓸 수 있습니다. 잔은 마시기만 하고 주고받지 않으니 아무도 칩을 따지 못해 게임이 끝나지 않습니다. 목표 칩을 비우고 판 수로 게임 길이를 정하세요.`,
    boar_pot_needs_chips: () => "멧돼지 판돈은 칩으로 셈할 때만 쓸 수 있습니다. 판돈은 칩으로 걸고, 잔은 판돈에 걸거나 딸 수 없습니다. 멧돼지 규칙을 첫 차례 보너스나 없음으로 바꾸세요.",
    push_needs_chips: (p) => `밀기${p.push_limit ? `(연달아 ${p.push_limit}번까지)` : ""}는 칩으로 셈할 때만 쓸 수 있습니다. 밀기는 다음 판 정산을 두 배로 하는데, 잔으로 하는 정산은 두 배가 되지 않습니다. 밀기 횟수를 0으로 두세요.`,
  },
};
// what follows the rules named: why they clash, else the server's sentence (on the Korean page as a detail)
const clashWhy = (p, language) => {
  const say = p.clash && Object.hasOwn(CLASH[language], p.clash) ? CLASH[language][p.clash] : null;
  if (say) return ` ${say(p)}`;
  if (!p.detail) return "";
  return language === "ko" ? ` (자세히: ${p.detail})` : ` ${p.detail}`;
};
const ERRORS = {
  en: {
    // the table (WebSocket) -- mostly a page out of step with the server
    bad_json: "The server could not read what this page sent. Reload the page.",
    too_big: (p) => `That was too much to send at once${p.limit ? ` (at most ${p.limit} bytes)` : ""}.`,
    rate_limited: (p) => `Too many requests at once: wait a moment and try again${inSeconds(p.retry_after, false)}.`,
    bad_message: (p) => `The server refused a message of this page${p.field ? ` (its “${p.field}”)` : ""}. Reload the page.`,
    unknown_type: "This page sent a message the server does not know. Reload the page.",
    protocol: (p) => `This page does not match the server's version${p.protocol ? ` (protocol ${p.protocol})` : ""}. Reload the page.`,
    hello_first: (p) => (p.seconds ? `The connection did not start within ${p.seconds} s. Reload the page.` : "The connection started the wrong way. Reload the page."),
    bad_token: "Your seat key does not fit this table (the seat was given up or moved to another device).",
    room_unknown: "This room does not exist (or no longer does).",
    spectators_off: "This room does not allow spectators.",
    spectator: "Spectators cannot play.",
    duplicate: "That was already sent.",
    stale_version: "The table has changed: loading it again.",
    not_your_turn: (p) => (p.player ? `It is not your turn: ${p.player} decides.`
      : Number.isInteger(p.seat) ? `It is not your turn: seat ${p.seat + 1} decides.` : "It is not your turn."),
    illegal_action: (p) => (moveWord(p.action, "en") ? `“${moveWord(p.action, "en")}” cannot be played now.` : "That move cannot be played now."),
    room_not_started: "The match has not started: there are open seats.",
    room_over: "This match is over.",
    conflict: "Another move came first: loading the table again.",
    rematch_refused: (p) => (REMATCH.en[p.reason] ? `A rematch cannot be taken now: ${REMATCH.en[p.reason]}.`
      : "A rematch cannot be taken now (the match must be over, and only seated players answer)."),
    too_fast: "Wait a moment before saying more.",
    alone: "Nobody else is seated at this table to hear a phrase.",
    internal: "Something went wrong on the server.",
    // the lobby (HTTP)
    bad_request: (p) => `The server could not use that${p.detail ? `: ${p.detail}` : "."}`,
    bad_input: (p) => `Check ${FIELDS.en[p.field] || p.field || "the form"}${p.detail ? ` (${p.detail})` : ""}.`,
    unknown_preset: (p) => `This server has no rule set “${p.preset}”.`,
    unknown_level: (p) => `This server has no bot level “${p.level}”.`,
    no_human_seat: "Every seat is a bot: there is no seat for you.",
    bad_seat: (p) => `There is no such seat (seats 1 to ${(p.max ?? 0) + 1}).`,
    unknown_rule: (p) => `There is no rule “${p.knob}” to change.`,
    bad_rule: (p) => `This rule change is not allowed: “${p.name(p.knob)}”.`,
    rules_refused: (p) => (p.knobs && p.knobs.length
      ? `These rules do not go together: ${quoted(p.knobs.map(p.name))}.${clashWhy(p, "en")}`
      : `These rules cannot make a table.${clashWhy(p, "en")}`),
    no_match_length: "Give the number of hands (or a chip target).",
    record_not_public: "The record is public once the match is over; until then only the seated players see it.",
    room_started: "This room has already started.",
    seat_taken: (p) => `Seat ${(p.seat ?? 0) + 1} is taken.`,
    room_full: "This room is full: every seat is taken.",
    too_many_rooms: (p) => `You have too many open rooms${p.limit ? ` (at most ${p.limit})` : ""}: finish or leave one first. A waiting room nobody sits in expires by itself${inSeconds(p.retry_after, false)}.`,
    match_over: "The match is over: there is no seat to move.",
    bad_code_format: (p) => `A transfer code is ${p.length || 6} letters and digits, as shown on the device that holds the seat.`,
    bad_transfer_code: "That code is wrong, used or expired: ask for a new one on the device that holds the seat.",
    too_many_codes: "Too many wrong codes for this room: ask for a new code on the device that holds the seat.",
    hand_in_play: "That hand is still being played: its cards stay hidden until it ends.",
    hand_not_found: "This match has no such hand.",
    not_found: "The server does not know this request (the page may be older than the server: reload it).",
    method_not_allowed: "The server does not take this request (the page may be older than the server: reload it).",
    http_error: (p) => `The server refused the request (HTTP ${p.status}).`,
  },
  ko: {
    bad_json: "서버가 이 화면이 보낸 내용을 읽지 못했습니다. 새로고침하세요.",
    too_big: (p) => `한 번에 보내기에는 너무 큽니다${p.limit ? ` (최대 ${p.limit}바이트)` : ""}.`,
    rate_limited: (p) => `요청이 너무 많습니다. 잠시 후 다시 하세요${inSeconds(p.retry_after, true)}.`,
    bad_message: (p) => `서버가 이 화면의 메시지를 받지 않았습니다${p.field ? ` (“${p.field}” 항목)` : ""}. 새로고침하세요.`,
    unknown_type: "서버가 모르는 메시지를 보냈습니다. 새로고침하세요.",
    protocol: (p) => `이 화면은 서버와 버전이 맞지 않습니다${p.protocol ? ` (프로토콜 ${p.protocol})` : ""}. 새로고침하세요.`,
    hello_first: (p) => (p.seconds ? `${p.seconds}초 안에 연결이 시작되지 않았습니다. 새로고침하세요.` : "연결이 잘못 시작되었습니다. 새로고침하세요."),
    bad_token: "자리 열쇠가 맞지 않습니다 (자리를 떠났거나 다른 기기로 옮겼습니다).",
    room_unknown: "없는 방입니다 (또는 없어졌습니다).",
    spectators_off: "이 방은 관전을 허용하지 않습니다.",
    spectator: "관전자는 패를 낼 수 없습니다.",
    duplicate: "이미 보낸 내용입니다.",
    stale_version: "판이 바뀌었습니다. 다시 불러옵니다.",
    not_your_turn: (p) => (p.player ? `지금은 내 차례가 아닙니다. ${p.player}의 차례입니다.`
      : Number.isInteger(p.seat) ? `지금은 내 차례가 아닙니다. ${p.seat + 1}번 자리가 정할 차례입니다.` : "지금은 내 차례가 아닙니다."),
    illegal_action: (p) => {
      const word = moveWord(p.action, "ko"); // 고를, 스톱을: the particle after the word itself, outside its quotes
      return word ? `지금은 “${word}”${particle(word, "을").slice(word.length)} 할 수 없습니다.` : "지금 할 수 없는 수입니다.";
    },
    room_not_started: "아직 게임이 시작되지 않았습니다: 빈자리가 있습니다.",
    room_over: "이 게임은 끝났습니다.",
    conflict: "다른 수가 먼저 들어왔습니다. 다시 불러옵니다.",
    rematch_refused: (p) => (REMATCH.ko[p.reason] ? `지금은 한 판 더를 할 수 없습니다: ${REMATCH.ko[p.reason]}.`
      : "지금은 한 판 더를 할 수 없습니다 (게임이 끝나야 하고, 자리에 앉은 사람만 답할 수 있습니다)."),
    too_fast: "잠시 후에 다시 말할 수 있습니다.",
    alone: "이 판에는 말을 들을 다른 사람이 없습니다.",
    internal: "서버에 문제가 생겼습니다.",
    bad_request: (p) => `서버가 이 요청을 받을 수 없습니다${p.detail ? ` (자세히: ${p.detail})` : ""}.`,
    bad_input: (p) => `${FIELDS.ko[p.field] || p.field || "입력한 내용"}을(를) 확인하세요${p.detail ? ` (자세히: ${p.detail})` : ""}.`,
    unknown_preset: (p) => `이 서버에는 “${p.preset}” 규칙 모음이 없습니다.`,
    unknown_level: (p) => `이 서버에는 “${p.level}” 봇 난이도가 없습니다.`,
    no_human_seat: "모든 자리가 봇이라 앉을 자리가 없습니다.",
    bad_seat: (p) => `그런 자리는 없습니다 (1~${(p.max ?? 0) + 1}번 자리).`,
    unknown_rule: (p) => `“${p.knob}”(이)라는 바꿀 수 있는 규칙은 없습니다.`,
    bad_rule: (p) => `이 규칙은 이렇게 바꿀 수 없습니다: “${p.name(p.knob)}”.`,
    rules_refused: (p) => (p.knobs && p.knobs.length
      ? `이 규칙들은 함께 쓸 수 없습니다: ${quoted(p.knobs.map(p.name))}.${clashWhy(p, "ko")}`
      : `이 규칙으로는 판을 만들 수 없습니다.${clashWhy(p, "ko")}`),
    no_match_length: "판 수(또는 목표 칩)를 정하세요.",
    record_not_public: "게임 기록은 게임이 끝나야 공개됩니다. 그 전에는 자리에 앉은 사람만 볼 수 있습니다.",
    room_started: "이 방은 이미 게임을 시작했습니다.",
    seat_taken: (p) => `${(p.seat ?? 0) + 1}번 자리는 이미 찼습니다.`,
    room_full: "빈자리가 없습니다.",
    too_many_rooms: (p) => `열어 둔 방이 너무 많습니다${p.limit ? ` (최대 ${p.limit}개)` : ""}. 먼저 하나를 끝내거나 나가세요. 아무도 앉지 않은 대기 방은 저절로 없어집니다${inSeconds(p.retry_after, true)}.`,
    match_over: "게임이 끝나서 옮길 자리가 없습니다.",
    bad_code_format: (p) => `옮기기 코드는 자리가 있는 기기에 나온 ${p.length || 6}자리 영문·숫자입니다.`,
    bad_transfer_code: "코드가 틀렸거나, 이미 썼거나, 시간이 지났습니다. 자리가 있는 기기에서 새 코드를 받으세요.",
    too_many_codes: "틀린 코드가 너무 많습니다. 자리가 있는 기기에서 새 코드를 받으세요.",
    hand_in_play: "아직 치고 있는 판입니다. 판이 끝날 때까지 패는 보이지 않습니다.",
    hand_not_found: "이 게임에 그런 판은 없습니다.",
    not_found: "서버가 모르는 요청입니다 (화면이 서버보다 오래되었을 수 있습니다. 새로고침하세요).",
    method_not_allowed: "서버가 받지 않는 요청입니다 (화면이 서버보다 오래되었을 수 있습니다. 새로고침하세요).",
    http_error: (p) => `서버가 요청을 거절했습니다 (HTTP ${p.status}).`,
  },
};

/** The codes this page can say (for tests: every code of the server must be here). */
export function errorCodes(language) { return Object.keys(ERRORS[language] || {}); }

/**
 * A refusal of the server in the page's language: a table `error` message (`{code, message}`)
 * or a lobby answer (`{detail, code, ...facts}`). `name(knob)` says a rule by what it means
 * (the lobby knows; else its identifier). An unknown code: the server's English sentence.
 */
export function errorText(msg, name = (k) => k, language = lang) {
  const s = msg && msg.code ? (ERRORS[language][msg.code] ?? ERRORS.en[msg.code]) : undefined;
  const detail = msg ? (msg.message || msg.detail || "") : "";
  if (s === undefined) return detail || t("error");
  return typeof s === "function" ? s({ ...msg, detail, name }) : s;
}

// -- The facts of a settlement (view.last_hand.score_items / losers), said here -------------

const SINO = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구", "십"];
const SETS = {
  en: { godori: "godori 고도리", yukdori: "yukdori 육도리", bidori: "bidori 비도리", "hong-dan": "hong-dan 홍단",
    "cheong-dan": "cheong-dan 청단", "cho-dan": "cho-dan 초단", vip: "VIP bonus", palssari: "palssari bonus" },
  ko: { godori: "고도리", yukdori: "육도리", bidori: "비도리", "hong-dan": "홍단", "cheong-dan": "청단", "cho-dan": "초단",
    vip: "귀빈 보너스", palssari: "팔싸리 보너스" },
};

/** A scoring item's name (SCORE-1..6) from its facts: `{item, count, rain}`. */
export function itemName(it) {
  const n = it.count;
  const s = (one, many) => (n === 1 ? one : many);
  if (lang === "ko") {
    if (it.item === "brights") return `${it.rain ? "비" : ""}${SINO[n] || n}광`;
    if (it.item === "animals") return `열끗 ${n}장`;
    if (it.item === "ribbons") return `띠 ${n}장`;
    if (it.item === "junk") return `피 ${n}장`;
  } else {
    if (it.item === "brights") return `${n} ${s("bright", "brights")}${it.rain ? " incl. the rain man" : ""}`;
    if (it.item === "animals") return `${n} ${s("animal", "animals")}`;
    if (it.item === "ribbons") return `${n} ${s("ribbon", "ribbons")}`;
    if (it.item === "junk") return `junk value ${n}`;
  }
  return SETS[lang][it.item] || it.item;
}

const BAKS = {
  en: { "pi-bak": "pi-bak 피박", "gwang-bak": "gwang-bak 광박", "meong-bak": "meong-bak 멍박", "tti-bak": "tti-bak 띠박",
    "go-bak-2p": "go-bak 고박", "pi-bak-exempt": "no pi-bak (no junk at all)" },
  ko: { "pi-bak": "피박", "gwang-bak": "광박", "meong-bak": "멍박", "tti-bak": "띠박", "go-bak-2p": "고박",
    "pi-bak-exempt": "피가 하나도 없어 피박 면제" },
};

// QA 23: why one loser pays for both (PAY-9, the settlement's `liability`): the stamp of that
// loser in the settlement's list, where "no penalty" stood beside "pays for both"
const LIABILITIES = {
  en: { "go-bak": "go-bak 고박 (said go, then lost)", "shodang-refusal": "refused a shodang offer, then lost",
    "oe-myeon": "oe-myeon 외면 (left the winner the card that won)" },
  ko: { "go-bak": "고박 (고를 하고 짐)", "shodang-refusal": "쇼당을 거절하고 짐", "oe-myeon": "외면 (이긴 패를 승자에게 남김)" },
};

/** Why a loser pays for both (`go-bak`, `shodang-refusal`, `oe-myeon`), or null. */
export function liabilityName(kind) {
  return kind ? LIABILITIES[lang][kind] || null : null;
}

/** A loser's bak stamp (PAY-6) from its facts `{kind, factor, plus}`: "피박 ×2". */
export function bakName(b) {
  const name = BAKS[lang][b.kind] || b.kind;
  if (b.kind === "pi-bak-exempt") return name;
  return b.plus ? `${name} +${b.plus}` : `${name} ×${b.factor}`;
}

const signed = (x) => `${x > 0 ? "+" : ""}${x.toFixed(1)}`;

/** A level's name with its measured gap over the level below, for the level choice. */
export function levelOption(level, edges) {
  const e = (edges || []).find((x) => x.level === level);
  return e ? `${levelText(level)} — ${t("levelGapShort", levelText(e.below), signed(e.points))}` : levelText(level);
}

/** The line under the level choice: the chosen level's gap with its interval and deals. */
export function levelGapLine(level, edges) {
  const e = (edges || []).find((x) => x.level === level);
  if (!e) return `${levelText(level)}: ${t("levelEasiest")}`;
  return t("levelGapLong", levelText(level), levelText(e.below), signed(e.points), signed(e.low), signed(e.high),
    e.deals.toLocaleString("en-US"), e.few_deals);
}
