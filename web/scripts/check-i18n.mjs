#!/usr/bin/env node
// Dictionary check: every key of any of the seven dictionaries must exist, non-empty, in all seven;
// every literal key used in the sources (t('…'), i18nKey="…", labelKey: '…') must exist in es.json.
// Usage: node scripts/check-i18n.mjs [--locales DIR] [--src DIR]   (exit 1 and a list on failure)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const LANGUAGES = ['es', 'cat', 'it', 'pt', 'en', 'fr', 'de'];
export const REFERENCE = 'es';

/** Flattens nested dictionaries to dotted keys; leaves keep their value. */
export function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

function isEmpty(v) {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** Problems with the dictionaries: missing or empty keys compared with the union of all keys. */
export function checkDictionaries(dictionaries) {
  const flat = Object.fromEntries(Object.entries(dictionaries).map(([lang, d]) => [lang, flatten(d)]));
  const union = new Set();
  Object.values(flat).forEach((d) => Object.keys(d).forEach((k) => union.add(k)));
  const problems = [];
  for (const lang of Object.keys(flat)) {
    for (const key of [...union].sort()) {
      if (!(key in flat[lang])) problems.push({ lang, key, kind: 'missing' });
      else if (isEmpty(flat[lang][key])) problems.push({ lang, key, kind: 'empty' });
    }
  }
  return problems;
}

const USE_PATTERNS = [
  /\bt\(\s*(['"])([A-Za-z0-9_.-]+)\1/g,
  /\bi18nKey=(['"])([A-Za-z0-9_.-]+)\1/g,
  /\b(?:labelKey|titleKey)\s*:\s*(['"])([A-Za-z0-9_.-]+)\1/g,
];

/** Literal keys used in source text. */
export function usedKeys(source) {
  const keys = new Set();
  for (const re of USE_PATTERNS) {
    for (const m of source.matchAll(re)) keys.add(m[2]);
  }
  return keys;
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|js|jsx|mjs)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

/** Keys used in the sources of srcDir that are missing from the reference dictionary. */
export function checkSources(srcDir, reference) {
  const flat = flatten(reference);
  const problems = [];
  for (const file of walk(srcDir)) {
    for (const key of usedKeys(readFileSync(file, 'utf8'))) {
      // a plural key (t('x', { count })) is found as x_one / x_other
      const found = key in flat ? key : `${key}_other` in flat ? `${key}_other` : undefined;
      if (!found || isEmpty(flat[found])) problems.push({ file, key, kind: 'unknown' });
    }
  }
  return problems;
}

export function loadDictionaries(localesDir) {
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const file = join(localesDir, `${lang}.json`);
      try {
        return [lang, JSON.parse(readFileSync(file, 'utf8'))];
      } catch (e) {
        throw new Error(`${file}: ${e.message}`);
      }
    }),
  );
}

/**
 * Feature dictionaries: src/features/<name>/locales/<lang>.json, loaded with the feature's chunk,
 * and those of shared modules opened only from feature screens (src/shared/<name>/locales).
 */
export function featureLocaleDirs(srcDir) {
  const dirs = [];
  for (const parent of ['features', 'shared']) {
    let names = [];
    try {
      names = readdirSync(join(srcDir, parent));
    } catch {
      continue; /* no such folder */
    }
    for (const name of names) {
      const dir = join(srcDir, parent, name, 'locales');
      try {
        if (statSync(dir).isDirectory()) dirs.push(dir);
      } catch {
        /* a module without its own dictionaries */
      }
    }
  }
  return dirs;
}

function merge(into, from) {
  for (const [k, v] of Object.entries(from ?? {})) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) into[k] = merge(into[k] ?? {}, v);
    else into[k] = v;
  }
  return into;
}

/** Runs both checks; returns the report lines (empty when everything is fine). */
export function runCheck({ localesDir, srcDir }) {
  const dictionaries = loadDictionaries(localesDir);
  const lines = [];
  for (const p of checkDictionaries(dictionaries)) lines.push(`${p.lang}.json: ${p.kind} key "${p.key}"`);
  const reference = merge({}, dictionaries[REFERENCE]);
  for (const dir of featureLocaleDirs(srcDir)) {
    const feature = loadDictionaries(dir);
    for (const p of checkDictionaries(feature)) {
      lines.push(`${relative(process.cwd(), dir)}/${p.lang}.json: ${p.kind} key "${p.key}"`);
    }
    merge(reference, feature[REFERENCE]);
  }
  for (const p of checkSources(srcDir, reference)) {
    lines.push(`${relative(process.cwd(), p.file)}: key "${p.key}" is not in ${REFERENCE}.json`);
  }
  return lines;
}

function main(argv) {
  const here = dirname(fileURLToPath(import.meta.url));
  const arg = (name, def) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] ? resolve(argv[i + 1]) : def;
  };
  const localesDir = arg('--locales', resolve(here, '../src/locales'));
  const srcDir = arg('--src', resolve(here, '../src'));
  let lines;
  try {
    lines = runCheck({ localesDir, srcDir });
  } catch (e) {
    console.error(`check:i18n: ${e.message}`);
    process.exit(1);
  }
  if (lines.length > 0) {
    console.error(`check:i18n: ${lines.length} problem(s)`);
    lines.forEach((l) => console.error(`  ${l}`));
    process.exit(1);
  }
  console.log(`check:i18n: ${LANGUAGES.length} dictionaries in step, every key used in the sources exists`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2));
}
