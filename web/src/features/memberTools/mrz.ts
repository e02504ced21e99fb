/**
 * Machine-readable zone (MRZ) of identity documents, ICAO Doc 9303: TD1 (ID cards, 3 lines of 30,
 * e.g. the Spanish DNI), TD2 (2 lines of 36) and TD3 (passports, 2 lines of 44). Pure functions:
 * they take the text an OCR engine read (noisy: spaces, missing fillers, O for 0…) and return the
 * fields with their check digits verified.
 */

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

export interface MrzChecks {
  documentNumber: boolean;
  birthDate: boolean;
  expiryDate: boolean;
  /** TD3 only (the personal number has its own digit). */
  personalNumber?: boolean;
  /** null when the OCR lost the composite digit (a filler where a digit must be). */
  composite: boolean | null;
}

export interface MrzResult {
  format: MrzFormat;
  /** 'P', 'I', 'ID', 'IR'… (fillers removed) */
  documentCode: string;
  issuingState: string;
  documentNumber: string;
  /** Optional data / personal number (the Spanish DNI on a DNI card or passport). */
  personalNumber: string;
  surname: string;
  givenNames: string;
  nationality: string;
  /** ISO yyyy-mm-dd, null when unreadable */
  birthDate: string | null;
  expiryDate: string | null;
  sex: 'M' | 'F' | 'X';
  /** The number to register the member with: a Spanish DNI/NIE when the document carries one. */
  idNumber: string;
  checks: MrzChecks;
  /** Every check digit matched. */
  valid: boolean;
  /**
   * 'all': every check digit matched; 'partial': only the composite digit was unreadable and
   * everything else matched (the Spanish ID's own letter too, when there is one); 'failed'.
   */
  verified: 'all' | 'partial' | 'failed';
  /** The lines as understood (fixed length). */
  lines: string[];
}

const LENGTHS: Record<MrzFormat, { lines: number; width: number }> = {
  TD1: { lines: 3, width: 30 },
  TD2: { lines: 2, width: 36 },
  TD3: { lines: 2, width: 44 },
};

// ---------------------------------------------------------------- check digits

function charValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0; // '<' and anything else
}

/** ICAO 9303 check digit: weights 7, 3, 1; digits as themselves, A=10…Z=35, '<'=0. */
export function checkDigit(s: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += charValue(s[i]) * weights[i % 3];
  return sum % 10;
}

function digitMatches(field: string, digit: string): boolean {
  const d = digit === '<' ? 0 : Number(digit);
  return Number.isInteger(d) && /^[0-9<]$/.test(digit) && checkDigit(field) === d;
}

// ---------------------------------------------------------------- OCR repairs

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', G: '6', B: '8', A: '4' };
const TO_ALPHA: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '8': 'B' };

/** Letters an OCR engine gives for digits, turned back into digits (fillers stay). */
export function asDigits(s: string): string {
  return s.replace(/[A-Z]/g, (c) => TO_DIGIT[c] ?? c);
}

/** Digits an OCR engine gives for letters, turned back into letters. */
export function asLetters(s: string): string {
  return s.replace(/[0-9]/g, (c) => TO_ALPHA[c] ?? c);
}

/** How likely an OCR engine is to have made a look-alike swap (lower: more likely, so tried first). */
function swapCost(from: string): number {
  if ('OQD0'.includes(from)) return 0.5;
  if ('IZSBG1258'.includes(from)) return 1;
  return 1.5;
}

/**
 * Alphanumeric field with a check digit: the reading itself, or else the cheapest set of look-alike
 * swaps (O for 0 first) that satisfies the digit. `pattern` ('A' letter, '9' digit, '?' either)
 * fixes the character classes when the document's layout is known (e.g. Spanish DNI cards).
 */
function repairAlnum(field: string, digit: string, pattern?: string): { value: string; ok: boolean } {
  if (pattern && pattern.length === field.length) {
    const typed = field
      .split('')
      .map((c, i) => (pattern[i] === '9' ? asDigits(c) : pattern[i] === 'A' ? asLetters(c) : c))
      .join('');
    if (digitMatches(typed, digit)) return { value: typed, ok: true };
  }
  if (digitMatches(field, digit)) return { value: field, ok: true };
  const ambiguous: number[] = [];
  for (let i = 0; i < field.length; i++) if (TO_DIGIT[field[i]] || TO_ALPHA[field[i]]) ambiguous.push(i);
  const positions = ambiguous.slice(0, 10);
  let best: { value: string; cost: number } | null = null;
  for (let mask = 1; mask < 1 << positions.length; mask++) {
    const chars = field.split('');
    let cost = 0;
    for (let b = 0; b < positions.length; b++) {
      if (mask & (1 << b)) {
        const c = chars[positions[b]];
        chars[positions[b]] = TO_DIGIT[c] ?? TO_ALPHA[c] ?? c;
        cost += swapCost(c);
      }
    }
    if (best && cost >= best.cost) continue;
    const candidate = chars.join('');
    if (digitMatches(candidate, digit)) best = { value: candidate, cost };
  }
  return best ? { value: best.value, ok: true } : { value: field, ok: false };
}

/** Upper-cases, turns the look-alikes of '<' into '<', drops spaces and anything outside A–Z 0–9 <. */
export function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹≤＜〈<]/g, '<')
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9<]/g, '');
}

/** Brings a line to `width`: grows or shrinks its longest run of fillers, else pads or cuts the end. */
export function fitLine(line: string, width: number): string {
  let s = line;
  while (s.length !== width) {
    const runs = [...s.matchAll(/<+/g)].sort((a, b) => b[0].length - a[0].length);
    const run = runs[0];
    if (s.length < width) {
      if (run && run.index !== undefined) s = s.slice(0, run.index) + '<' + s.slice(run.index);
      else s = s + '<';
    } else if (run && run.index !== undefined && run[0].length > 1) {
      s = s.slice(0, run.index) + s.slice(run.index + 1);
    } else {
      s = s.slice(0, width);
    }
  }
  return s;
}

// ---------------------------------------------------------------- fields

function parseDate(yymmdd: string, kind: 'birth' | 'expiry', today: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  const thisYear = today.getUTCFullYear() % 100;
  const year = kind === 'birth' ? (yy > thisYear ? 1900 + yy : 2000 + yy) : 2000 + yy;
  const d = new Date(Date.UTC(year, mm - 1, dd));
  if (d.getUTCMonth() !== mm - 1) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

function trimFillers(s: string): string {
  return s.replace(/</g, ' ').replace(/\s+/g, ' ').trim();
}

/** SURNAME<<GIVEN<NAMES<<<… ; a run of three fillers ends the names (what follows is noise). */
function parseNames(field: string): { surname: string; givenNames: string } {
  const letters = asLetters(field);
  const end = letters.indexOf('<<<');
  const names = end >= 0 ? letters.slice(0, end) : letters;
  const sep = names.indexOf('<<');
  if (sep < 0) return { surname: trimFillers(names), givenNames: '' };
  return { surname: trimFillers(names.slice(0, sep)), givenNames: trimFillers(names.slice(sep + 2)) };
}

function parseSex(c: string): 'M' | 'F' | 'X' {
  const l = asLetters(c);
  return l === 'M' || l === 'F' ? l : 'X';
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A Spanish DNI (8 digits and letter) or NIE (X/Y/Z, 7 digits, letter) whose letter is right. */
export function isSpanishId(s: string): boolean {
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(s);
  if (!m) return false;
  const [, prefix, digits, letter] = m;
  if (prefix ? digits.length !== 7 : digits.length !== 8) return false;
  const n = Number(`${prefix ? 'XYZ'.indexOf(prefix) : ''}${digits}`);
  return DNI_LETTERS[n % 23] === letter;
}

/** The Spanish ID inside a field (digits read as letters are repaired), or '' when there is none. */
function spanishIdIn(field: string): string {
  const raw = field.replace(/</g, '');
  const candidates = [raw, raw.slice(0, 9)];
  for (const c of candidates) {
    if (c.length !== 9) continue;
    const dni = asDigits(c.slice(0, 8)) + asLetters(c[8]);
    if (isSpanishId(dni)) return dni;
    const nie = asLetters(c[0]) + asDigits(c.slice(1, 8)) + asLetters(c[8]);
    if (isSpanishId(nie)) return nie;
  }
  return '';
}

function chooseIdNumber(personal: string, documentNumber: string): string {
  return spanishIdIn(personal) || spanishIdIn(documentNumber) || documentNumber;
}

/** A composite check digit: matched, not matched, or null when a filler stands where the digit must be. */
function compositeCheck(field: string, digit: string): boolean | null {
  return digit === '<' ? null : digitMatches(field, digit);
}

function finish(
  format: MrzFormat,
  lines: string[],
  base: Omit<MrzResult, 'format' | 'lines' | 'valid' | 'verified' | 'idNumber' | 'checks'> & { checks: MrzChecks },
): MrzResult {
  const c = base.checks;
  const idNumber = chooseIdNumber(base.personalNumber, base.documentNumber);
  const read = base.documentNumber !== '' && base.birthDate !== null;
  const fields = read && c.documentNumber && c.birthDate && c.expiryDate && c.personalNumber !== false;
  const valid = fields && c.composite === true;
  // Without the composite digit only the Spanish ID's own control letter still guards the optional data.
  const guarded = base.personalNumber === '' || isSpanishId(idNumber);
  const verified = valid ? 'all' : fields && c.composite === null && guarded ? 'partial' : 'failed';
  return { ...base, format, lines, valid, verified, idNumber };
}

// ---------------------------------------------------------------- formats

function parseTD1(lines: string[], today: Date): MrzResult {
  const [l1, l2raw, l3] = lines;
  // numeric positions of line 2: birth 0–6, expiry 8–14, composite 29
  const l2 = asDigits(l2raw.slice(0, 7)) + l2raw[7] + asDigits(l2raw.slice(8, 15)) + asLetters(l2raw.slice(15, 18)) + l2raw.slice(18, 29) + asDigits(l2raw[29]);
  // Spanish DNI cards: the card number is three letters and six digits.
  const spanish = asLetters(l1.slice(2, 5)) === 'ESP' && asLetters(l1[0]) === 'I';
  const doc = repairAlnum(l1.slice(5, 14), asDigits(l1[14]), spanish ? 'AAA999999' : undefined);
  const line1 = l1.slice(0, 5) + doc.value + asDigits(l1[14]) + l1.slice(15);
  const birth = l2.slice(0, 6);
  const expiry = l2.slice(8, 14);
  const composite = line1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  const names = parseNames(l3);
  return finish('TD1', [line1, l2, l3], {
    documentCode: asLetters(l1.slice(0, 2)).replace(/</g, ''),
    issuingState: asLetters(l1.slice(2, 5)).replace(/</g, ''),
    documentNumber: doc.value.replace(/</g, ''),
    personalNumber: l1.slice(15, 30).replace(/</g, ''),
    ...names,
    nationality: l2.slice(15, 18).replace(/</g, ''),
    birthDate: parseDate(birth, 'birth', today),
    expiryDate: parseDate(expiry, 'expiry', today),
    sex: parseSex(l2[7]),
    checks: {
      documentNumber: doc.ok,
      birthDate: digitMatches(birth, l2[6]),
      expiryDate: digitMatches(expiry, l2[14]),
      composite: compositeCheck(composite, l2[29]),
    },
  });
}

/** TD2 and TD3 share the second line's layout up to the optional data. */
function parseTwoLine(format: 'TD2' | 'TD3', lines: string[], today: Date): MrzResult {
  const [l1, raw] = lines;
  const w = LENGTHS[format].width;
  const optEnd = format === 'TD3' ? 42 : 35; // optional data 28..optEnd-1
  const doc = repairAlnum(raw.slice(0, 9), asDigits(raw[9]));
  const l2 =
    doc.value +
    asDigits(raw[9]) +
    asLetters(raw.slice(10, 13)) +
    asDigits(raw.slice(13, 20)) +
    asLetters(raw[20]) +
    asDigits(raw.slice(21, 28)) +
    raw.slice(28, optEnd) +
    (format === 'TD3' ? asDigits(raw[42]) : '') +
    asDigits(raw[w - 1]);
  const birth = l2.slice(13, 19);
  const expiry = l2.slice(21, 27);
  const personal = l2.slice(28, optEnd);
  const compositeText = l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, w - 1);
  const names = parseNames(l1.slice(5));
  const checks: MrzChecks = {
    documentNumber: doc.ok,
    birthDate: digitMatches(birth, l2[19]),
    expiryDate: digitMatches(expiry, l2[27]),
    composite: compositeCheck(compositeText, l2[w - 1]),
  };
  if (format === 'TD3') checks.personalNumber = digitMatches(personal, l2[42]);
  return finish(format, [l1, l2], {
    documentCode: asLetters(l1.slice(0, 2)).replace(/</g, ''),
    issuingState: asLetters(l1.slice(2, 5)).replace(/</g, ''),
    documentNumber: doc.value.replace(/</g, ''),
    personalNumber: personal.replace(/</g, ''),
    ...names,
    nationality: l2.slice(10, 13).replace(/</g, ''),
    birthDate: parseDate(birth, 'birth', today),
    expiryDate: parseDate(expiry, 'expiry', today),
    sex: parseSex(l2[20]),
    checks,
  });
}

function parseAs(format: MrzFormat, raw: string[], today: Date): MrzResult {
  const lines = raw.map((l) => fitLine(l, LENGTHS[format].width));
  return format === 'TD1' ? parseTD1(lines, today) : parseTwoLine(format, lines, today);
}

function score(r: MrzResult): number {
  const c = r.checks;
  let s = 0;
  for (const ok of [c.documentNumber, c.birthDate, c.expiryDate, c.composite, c.personalNumber]) if (ok) s += 10;
  if (r.birthDate) s += 3;
  if (r.expiryDate) s += 2;
  if (r.surname) s += 2;
  if (/^[A-Z]{3}$/.test(r.issuingState)) s += 1;
  return s;
}

/** Is this line plausibly part of an MRZ (long, only MRZ characters, with fillers)? */
function looksLikeMrz(line: string): boolean {
  return line.length >= 24 && line.includes('<');
}

/**
 * Finds and reads a machine-readable zone in OCR text. Returns null when no block of lines looks
 * like one or nothing in it can be read (no date, no check digit right, no name).
 */
export function parseMrz(text: string, today: Date = new Date()): MrzResult | null {
  const lines = text.split(/\r?\n/).map(cleanLine).filter(looksLikeMrz);
  let best: MrzResult | null = null;
  let bestScore = -1;
  const consider = (format: MrzFormat, block: string[]) => {
    const r = parseAs(format, block, today);
    const sc = score(r);
    if (sc > bestScore) {
      best = r;
      bestScore = sc;
    }
  };
  const near = (l: string, width: number) => Math.abs(l.length - width) <= Math.max(4, width * 0.15);
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    const b = lines[i + 1];
    const c = lines[i + 2];
    if (b !== undefined && c !== undefined && [a, b, c].every((l) => near(l, 30))) consider('TD1', [a, b, c]);
    if (b !== undefined && near(a, 44) && near(b, 44)) consider('TD3', [a, b]);
    if (b !== undefined && near(a, 36) && near(b, 36)) consider('TD2', [a, b]);
  }
  const found = best as MrzResult | null;
  if (!found) return null;
  // A document number and a birth date or a name must have been read for the result to mean anything.
  if (found.documentNumber === '' || (found.birthDate === null && found.surname === '')) return null;
  return found;
}

/** "ESPANOLA ESPANOLA" -> "Espanola Espanola" (for prefilling a form). */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}
