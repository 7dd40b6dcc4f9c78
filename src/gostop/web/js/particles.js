// Korean particles (josa, 조사) after any word: 이/가, 은/는, 을/를, 과/와, 으로/로 -- the client's
// copy of gostop.words.particles (src/gostop/words/particles.py), which says the rules and which
// tests/browser/test_web_particles.py holds this module equal to.
//
// The form follows the sound the word ends with, as a Korean reader says it: after a final
// consonant (batchim) 이, 은, 을, 과, 으로; after a vowel 가, 는, 를, 와, 로 (and 로 after ㄹ too:
// 팔로, Bill로). A Hangul syllable says its batchim itself; a number is read in Sino-Korean (its
// last digit, or the unit of a round number: 십, 백, 천, 만...); a Latin word by the sound of its
// end, a lone capital or an acronym by its letter names. Anything else cannot be known: the
// particle then takes its combined form, 이(가), (으)로.

/** Each form of a pair -> [after a final consonant, after a vowel, combined form]. */
const PARTICLES = {};
for (const forms of [["을", "를", "을(를)"], ["이", "가", "이(가)"], ["은", "는", "은(는)"], ["과", "와", "과(와)"], ["으로", "로", "(으)로"]]) {
  PARTICLES[forms[0]] = forms;
  PARTICLES[forms[1]] = forms;
}

// Final consonants (jongseong) by their index in a Hangul syllable; 0 is none.
const NONE = 0, G = 1, N = 4, L = 8, M = 16, B = 17, S = 19, NG = 21;

/** Digits by their Sino-Korean reading: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGITS = { 0: NG, 1: L, 2: NONE, 3: M, 4: NONE, 5: NONE, 6: G, 7: L, 8: L, 9: NONE };
const isDigit = (c) => c >= "0" && c <= "9" && c.length === 1;

/** A round number ends with its unit, by the number of zeros it ends with: 십, 백, 천, 만 (up to
 * 천만), 억 (up to 천억), 조, 경. */
const UNITS = { 1: B, 2: G, 3: N, 4: N, 5: N, 6: N, 7: N, 8: G, 9: G, 10: G, 11: G,
  12: NONE, 13: NONE, 14: NONE, 15: NONE, 16: NG, 17: NG, 18: NG, 19: NG };

/** Latin letters by their Korean names (에이, 비, 씨 ... 엘, 엠, 엔 ... 알 ...). */
const LETTER_NAMES = { L, M, N, R: L };
for (const c of "ABCDEFGHIJKOPQSTUVWXYZ") LETTER_NAMES[c] = NONE;

/** What may close a word without being read (a bracket, a quote, a full stop...). */
const CLOSING = " \t\n)]}>\"'’”»」』〉》.!?";

const VOWEL_LETTERS = "aeiou";
/** A stop after a single short vowel is said as a batchim (Bob 밥, Pat 팻, Nick 닉, Eric 에릭). */
const STOP_FINALS = { p: B, b: B, t: S, k: G, c: G };

const isLatin = (c) => /^[A-Za-z]$/.test(c);
const isUpper = (c) => c >= "A" && c <= "Z";
const isLower = (c) => c >= "a" && c <= "z";

/** The batchim of a number said in Sino-Korean: `digits` is its whole part, or with
 * `fraction` the digits after its decimal point (said one by one). */
function numberFinal(digits, fraction) {
  const last = digits[digits.length - 1];
  if (fraction || last !== "0") return DIGITS[last];
  const bare = digits.replace(/0+$/, "");
  if (!bare) return NG; // 영 (a run of zeros of any length)
  return UNITS[digits.length - bare.length] ?? null;
}

/** The batchim of a Latin word (lower case) as a Korean says it, or null when its end can be
 * said either way (Book 북, Leek 리크). */
function wordFinal(word) {
  if (word.endsWith("ng")) return NG;
  const last = word[word.length - 1];
  const before = word.length > 1 ? word[word.length - 2] : "";
  if (last === "m") return M;
  if (last === "n") return N;
  if (last === "l") return L;
  if (last === "e" && before && !(VOWEL_LETTERS + "y").includes(before)) {
    // a silent e: Jane 제인, Jerome 제롬, Kyle 카일 end in a consonant; Mike 마이크, Kate 케이트,
    // Steve 스티브 in a vowel. "Me", "she", "the" are said with their e.
    if (word.length >= 4 || (word.length === 3 && VOWEL_LETTERS.includes(word[0]))) return { n: N, m: M, l: L }[before] ?? NONE;
    return NONE;
  }
  if (word.endsWith("ck")) return G;
  if (Object.hasOwn(STOP_FINALS, last)) {
    let stem = word.slice(0, -1);
    if (stem.length >= 2 && stem[stem.length - 1] === last) stem = stem.slice(0, -1); // Matt, Philipp
    const vowel = stem ? stem[stem.length - 1] : "";
    if (VOWEL_LETTERS.includes(vowel)) {
      if (stem.length >= 2 && VOWEL_LETTERS.includes(stem[stem.length - 2])) return last === "t" ? NONE : null; // Root 루트, Book 북
      return STOP_FINALS[last];
    }
    if (last === "b" && vowel === "m") return M; // Lamb 램
    return NONE; // Mark 마크, Bert 버트, Herb 허브, Camp 캠프
  }
  // a vowel (Amy, Lou), r (Peter 피터), w (Andrew), and the rest, said with a final 으 or 이:
  // d (Ted 테드), g (Greg 그레그), s (Ross 로스), x (Max 맥스), sh, ch, th, ph, f, v, z, j...
  return NONE;
}

/** The batchim of a run of Latin letters ending a word: a lone letter or an acronym by its
 * letter names, a word by its sound (null when the two readings of a word in capitals
 * disagree: BOB is 밥 or 비). */
function latinFinal(letters) {
  const last = letters[letters.length - 1].toUpperCase();
  if (letters.length === 1) return LETTER_NAMES[last];
  if ([...letters].every(isUpper)) {
    const spelled = LETTER_NAMES[last];
    if (![...letters].some((c) => "AEIOUY".includes(c))) return spelled; // NPC, BTS: an acronym
    const said = wordFinal(letters.toLowerCase());
    return said === spelled ? spelled : null; // TOM: 톰 and 엠 agree
  }
  return wordFinal(letters.toLowerCase());
}

/** The final consonant of `word` as it is read aloud: the index of a Hangul syllable's
 * batchim (0: none, 8: ㄹ ...), or null when it cannot be known. */
export function finalConsonant(word) {
  let end = String(word ?? "").length;
  const text = String(word ?? "");
  while (end && CLOSING.includes(text[end - 1])) end -= 1;
  const w = text.slice(0, end);
  if (!w) return null;
  const last = w[w.length - 1];
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28; // a Hangul syllable
  if (code >= 0x314f && code <= 0x3163) return NONE; // a vowel letter (ㅏ ... ㅣ)
  if (isDigit(last)) {
    let start = w.length;
    while (start && (isDigit(w[start - 1]) || w[start - 1] === ",")) start -= 1;
    const digits = w.slice(start).replaceAll(",", "");
    if (!digits) return null;
    const fraction = start >= 2 && w[start - 1] === "." && isDigit(w[start - 2]);
    return numberFinal(digits, fraction);
  }
  if (isLatin(last)) {
    let start = w.length;
    while (start && isLatin(w[start - 1])) start -= 1;
    let letters = w.slice(start);
    // a capital after a small letter is a letter of its own: PlayerB
    if (letters.length >= 2 && isUpper(letters[letters.length - 1]) && isLower(letters[letters.length - 2])) letters = letters[letters.length - 1];
    return latinFinal(letters);
  }
  return null;
}

/** `word` followed by the form of the particle `spec` (any form of its pair: "이" or "가",
 * "으로" or "로"...) that fits how `word` ends when read aloud; the combined form (이(가))
 * when that cannot be known. */
export function particle(word, spec) {
  const forms = PARTICLES[spec];
  if (!forms) throw new Error(`not a particle: ${spec}`);
  const [afterConsonant, afterVowel, combined] = forms;
  const text = String(word ?? "");
  const final = finalConsonant(text);
  if (final === null || final === undefined) return text + combined;
  if (afterConsonant === "으로") return text + (final === NONE || final === L ? afterVowel : afterConsonant); // ㄹ takes 로
  return text + (final ? afterConsonant : afterVowel);
}
