import { pinyin } from 'pinyin-pro';

/**
 * Finds a party's values restated in free text, in any ordinary spelling
 * (docs/decisions/masking-free-text.md). Pure: the caller says whose values to look for and which
 * names are public places (never a restatement on their own).
 *
 * Text and values are **folded** before they are compared: each character is decomposed for
 * compatibility (NFKD: full-width letters and digits become ASCII, ① becomes 1, accents and tone
 * marks come off), lower-cased, a decimal digit of any script is read as 0–9, and whatever is not
 * a letter or a digit (spaces, punctuation, dashes, symbols, invisible characters) is dropped.
 * `１３８－１２３４ ５６７８` folds as `13812345678`, `沈 桂 兰` as `沈桂兰`.
 *
 * A text restates a party when its folded form contains:
 * - a value whole (a Latin value shorter than 8 letters only as a word of its own);
 * - of a **name** (contact, sign name, a company of at most 4 Chinese characters): any two
 *   consecutive characters of a Chinese name of 3 or more, its pinyin (`shenguilan`, `guilan shen`,
 *   the given name `guilan` as a word; each character in its common reading), a Latin name's words
 *   of 3 letters or more;
 * - of an **address** (and a longer company), with the public place names taken out: a stretch of
 *   13 points or more, a Chinese character counting 3, a digit 2, a Latin letter 1 (a street and its
 *   number `龙华西路8`, a compound `望京西园三区`, a building and room `6号502室`; a street name
 *   alone `龙华西路`, a room `502室`, a city or district never);
 * - of a **phone**: 5 consecutive digits of it, or its last 4 (the tracking lookup's second factor),
 *   also when written as Chinese numerals (`一三八…`).
 */

/** A text as matching sees it: the folded characters and, for each UTF-16 unit, its source. */
export interface Folded {
  text: string;
  /** Where the unit's character starts and ends in the original text. */
  start: number[];
  end: number[];
  /** Whether something was dropped just before the unit (a space or a mark: a word boundary). */
  gap: boolean[];
}

const KEEP = /[\p{L}\p{N}]/u;
const MARKS = /\p{M}/gu;
const DECIMAL = /\p{Nd}/u;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const HAN = /\p{Script=Han}/u;
const LETTER = /\p{L}/u;

/** A decimal digit of any script as 0–9 (digit blocks run from zero to nine). */
function asciiDigit(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x30 && cp <= 0x39) return ch;
  let zero = cp;
  while (zero > cp - 9 && DECIMAL.test(String.fromCodePoint(zero - 1))) zero--;
  return String(cp - zero);
}

/** The folded form of one character (most are ASCII or CJK ideographs: answered at once). */
function foldChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) {
    const lower = ch.toLowerCase();
    return (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') ? lower : '';
  }
  if (cp >= 0x4e00 && cp <= 0x9fff) return ch;
  let out = '';
  for (let c of ch.normalize('NFKD').replace(MARKS, '').toLowerCase()) {
    if (!KEEP.test(c)) continue;
    if (DECIMAL.test(c)) c = asciiDigit(c);
    out += c;
  }
  return out;
}

export function fold(text: string): Folded {
  const out: Folded = { text: '', start: [], end: [], gap: [] };
  let index = 0;
  let gap = false;
  for (const ch of text) {
    const next = index + ch.length;
    const folded = foldChar(ch);
    if (folded === '') gap = true;
    for (let k = 0; k < folded.length; k++) {
      out.start.push(index);
      out.end.push(next);
      out.gap.push(gap && k === 0);
    }
    if (folded !== '') gap = false;
    out.text += folded;
    index = next;
  }
  return out;
}

const folded = (value: string) => fold(value).text;

/** Points of a folded character: what a stretch of an address must reach to count. */
const points = (ch: string) => (WIDE.test(ch) ? 3 : ch >= '0' && ch <= '9' ? 2 : 1);
const STRETCH = 13;

/** Chinese numerals as digits, in runs of 3 or more (`一三八`; `三区` stays). */
const NUMERALS: Record<string, string> = {
  〇: '0',
  零: '0',
  一: '1',
  幺: '1',
  二: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};
function digitView(text: string): string {
  return text.replace(/[〇零一幺二三四五六七八九]{3,}/g, (run) => [...run].map((c) => NUMERALS[c]).join(''));
}

interface Needle {
  /** What to look for, folded. */
  find: string;
  /** The folded value it was taken from and where: an occurrence grows while text and value agree. */
  source: string;
  at: number;
  /** Only as a word of its own (not inside a longer Latin word). */
  word: boolean;
  /** Looked for in the text's digit view (Chinese numerals read as digits). */
  digits: boolean;
}

const whole = (value: string, digits = false): Needle => ({
  find: value,
  source: value,
  at: 0,
  word: !digits && !WIDE.test(value) && value.length < 8,
  digits,
});

/** The needles of a person's name. */
function nameNeedles(name: string): Needle[] {
  const f = folded(name);
  if (f.length < 2) return [];
  const needles = [whole(f)];
  const chars = [...f];
  if (chars.every((c) => HAN.test(c))) {
    if (chars.length >= 3)
      for (let i = 0; i + 2 <= chars.length; i++) {
        const pair = chars.slice(i, i + 2).join('');
        needles.push({
          find: pair,
          source: f,
          at: chars.slice(0, i).join('').length,
          word: false,
          digits: false,
        });
      }
    const syllables = pinyin(f, { type: 'array', toneType: 'none' }).map((s) => s.toLowerCase());
    const [surname, ...given] = syllables;
    if (surname && given.length > 0) {
      needles.push(whole(syllables.join('')), whole([...given, surname].join('')));
      if (given.length >= 2) needles.push({ ...whole(given.join('')), word: true });
    }
  } else if (!WIDE.test(f)) {
    for (const token of name
      .normalize('NFKD')
      .replace(MARKS, '')
      .toLowerCase()
      .split(/[^\p{L}]+/u))
      if (token.length >= 3) needles.push({ ...whole(token), word: true });
  }
  return needles;
}

/** A folded text without the public place names in it, as the stretches between them. */
function withoutPlaces(f: string, places: PlaceNames): string[] {
  const parts: string[] = [];
  let current = '';
  let i = 0;
  while (i < f.length) {
    const ch = String.fromCodePoint(f.codePointAt(i)!);
    const name = places.byFirst.get(ch)?.find((candidate) => f.startsWith(candidate, i));
    if (name) {
      if (current) parts.push(current);
      current = '';
      i += name.length;
    } else {
      current += ch;
      i += ch.length;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** The needles of an address (or a company): the value whole and every shortest stretch worth 13 points. */
function placeNeedles(value: string, places: PlaceNames): Needle[] {
  const f = folded(value);
  if (f.length < 2) return [];
  const needles = [whole(f)];
  for (const part of withoutPlaces(f, places)) {
    const chars = [...part];
    for (let i = 0, offset = 0; i < chars.length; offset += chars[i]!.length, i++) {
      let sum = 0;
      let k = i;
      while (k < chars.length && sum < STRETCH) sum += points(chars[k++]!);
      if (sum < STRETCH) break;
      needles.push({
        find: chars.slice(i, k).join(''),
        source: part,
        at: offset,
        word: false,
        digits: false,
      });
    }
  }
  return needles;
}

/** The needles of a phone: 5 consecutive digits, the last 4 (a short number: itself). */
function phoneNeedles(phone: string): Needle[] {
  let d = folded(phone).replace(/\D/g, '');
  if (d.startsWith('0086')) d = d.slice(4);
  else if (d.startsWith('86') && d.length >= 13) d = d.slice(2);
  if (d.length < 4) return [];
  if (d.length < 6) return [whole(d, true)];
  const needles: Needle[] = [{ find: d.slice(-4), source: d, at: d.length - 4, word: false, digits: true }];
  for (let i = 0; i + 5 <= d.length; i++)
    needles.push({ find: d.slice(i, i + 5), source: d, at: i, word: false, digits: true });
  return needles;
}

/** Public place names (regions), folded, by their first character, the longest first. */
export interface PlaceNames {
  byFirst: ReadonlyMap<string, readonly string[]>;
}

/** Place names (folded) as a finder takes them. */
export function placeNamesOf(names: Iterable<string>): PlaceNames {
  const byFirst = new Map<string, string[]>();
  for (const name of new Set(names)) {
    if ([...name].length < 2) continue;
    const first = String.fromCodePoint(name.codePointAt(0)!);
    const list = byFirst.get(first) ?? [];
    list.push(name);
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  return { byFirst };
}

export interface PartyValues {
  company?: string | null;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  sign_name?: string | null;
}

/** A span of the original text: [start, end) in UTF-16 units. */
export type Span = readonly [number, number];

export interface RestatementFinder {
  /** The spans of `text` that restate a party (merged, in order); empty when none does. */
  spans(text: string): Span[];
}

const nameLike = (company: string) => {
  const chars = [...folded(company)];
  return chars.length >= 2 && chars.length <= 4 && chars.every((c) => HAN.test(c));
};

const isWordLetter = (ch: string | undefined) => ch !== undefined && LETTER.test(ch) && !WIDE.test(ch);

/** A finder of the parties' values (a value that is empty or null is not looked for). */
export function restatementFinder(parties: readonly PartyValues[], places: PlaceNames): RestatementFinder {
  let made: Needle[] | undefined;
  /** Made at the first text with a letter or a digit: most texts of an answer are empty. */
  const needlesOf = (): Needle[] => {
    if (made) return made;
    const byFind = new Map<string, Needle>();
    const add = (list: Needle[]) => {
      for (const needle of list) if (!byFind.has(needle.find)) byFind.set(needle.find, needle);
    };
    for (const party of parties) {
      for (const name of [party.contact, party.sign_name]) if (name) add(nameNeedles(name));
      if (party.company) {
        if (nameLike(party.company)) add(nameNeedles(party.company));
        add(placeNeedles(party.company, places));
      }
      if (party.address) add(placeNeedles(party.address, places));
      if (party.phone) add(phoneNeedles(party.phone));
    }
    made = [...byFind.values()];
    return made;
  };
  return {
    spans(text) {
      if (text === '') return [];
      const f = fold(text);
      if (f.text === '') return [];
      const needles = needlesOf();
      const digits = digitView(f.text);
      const found: Array<[number, number]> = [];
      for (const needle of needles) {
        const hay = needle.digits ? digits : f.text;
        for (let p = hay.indexOf(needle.find); p >= 0; p = hay.indexOf(needle.find, p + 1)) {
          let from = p;
          let to = p + needle.find.length;
          if (
            needle.word &&
            !(
              (from === 0 || f.gap[from] || !isWordLetter(hay[from - 1])) &&
              (to === hay.length || f.gap[to] || !isWordLetter(hay[to]))
            )
          )
            continue;
          for (let s = needle.at - 1; from > 0 && s >= 0 && hay[from - 1] === needle.source[s]; s--) from--;
          for (
            let s = needle.at + needle.find.length;
            to < hay.length && s < needle.source.length && hay[to] === needle.source[s];
            s++
          )
            to++;
          found.push([from, to]);
        }
      }
      if (found.length === 0) return [];
      found.sort((a, b) => a[0] - b[0]);
      const merged: Array<[number, number]> = [];
      for (const [from, to] of found) {
        const last = merged.at(-1);
        if (last && from <= last[1]) last[1] = Math.max(last[1], to);
        else merged.push([from, to]);
      }
      return merged.map(([from, to]) => [f.start[from]!, f.end[to - 1]!] as const);
    },
  };
}
