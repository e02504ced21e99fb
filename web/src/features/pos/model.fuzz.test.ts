import { describe, expect, it } from 'vitest';
import { readNumber } from './model';

/** A small seeded generator: the same strings on every run, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What a scale or a hurried hand sends: digits, separators, units, signs, words and stray characters.
const pieces = ['0', '1', '2', '5', '9', '.', ',', ' ', '\t', 'g', 'G', '+', '-', 'net', 'NET', 'kg', 'e', 'E5', 'x', 'Infinity', 'NaN', '0x1', '٣', '\u00a0'];

describe('scale text (fuzzed)', () => {
  it('reads any text as a finite number or nothing, and a number reads back as itself', () => {
    const next = random(20261123);
    for (let i = 0; i < 20000; i++) {
      let text = '';
      const n = 1 + Math.floor(next() * 8);
      for (let j = 0; j < n; j++) text += pieces[Math.floor(next() * pieces.length)];
      const got = readNumber(text);
      if (got === null) continue;
      expect(Number.isFinite(got), text).toBe(true);
      // only digits, one separator and a leading minus survive the cleaning
      const kept = text.toLowerCase().replace(/net/g, '').replace(/[\sg+]/g, '').replace(/,/g, '.');
      expect(kept, text).toMatch(/^-?(\d+\.?\d*|\.\d+)$/);
      expect(got, text).toBe(Number(kept) + 0); // + 0: "-0" reads as nought
      expect(Object.is(got, -0), text).toBe(false);
      expect(readNumber(String(got)), text).toBe(got);
    }
  });

  it('reads every well-formed scale reading exactly', () => {
    const next = random(7);
    for (let i = 0; i < 5000; i++) {
      const milligrams = Math.floor(next() * 10_000_000);
      const grams = milligrams / 1000;
      const decimals = Math.floor(next() * 4);
      let digits = grams.toFixed(decimals);
      if (next() < 0.5) digits = digits.replace('.', ',');
      const prefix = ['', '+', ' + ', 'NET ', 'net+'][Math.floor(next() * 5)];
      const suffix = ['', 'g', ' g', 'G ', '  '][Math.floor(next() * 5)];
      const text = `${prefix}${' '.repeat(Math.floor(next() * 3))}${digits}${suffix}`;
      expect(readNumber(text), text).toBe(Number(grams.toFixed(decimals)));
    }
  });

  it('never reads exponents, hexadecimal, other numerals or two separators', () => {
    for (const text of ['1e5', '1E5', '0x10', 'Infinity', '-Infinity', 'NaN', '٣', '1.2.3', '1,2,3', '--1', '1-', '.', '-', '+-1e3']) {
      expect(readNumber(text), text).toBeNull();
    }
  });
});
