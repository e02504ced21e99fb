#!/usr/bin/env node
// Budget check (DESIGN.md): the login page loads at most 250 KB of compressed JavaScript.
// Reads dist/.vite/manifest.json, follows the static imports of the entry and of the login
// page chunk, and sums their gzip sizes. Exit 1 when over budget.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 250 * 1000;
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/LoginPage.tsx'));
if (!entry || !login) {
  console.error('check:bundle: entry or login chunk not found in the manifest');
  process.exit(1);
}

const files = [...closure([entry, login])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const sizes = files.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
const total = sizes.reduce((s, [, n]) => s + n, 0);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ total, budget: BUDGET, files: Object.fromEntries(sizes) }));
  process.exit(total > BUDGET ? 1 : 0);
}

console.log('Login route JavaScript (gzip):');
for (const [f, n] of sizes) console.log(`  ${kb(n).padStart(9)}  ${f}`);
console.log(`  ${kb(total).padStart(9)}  total (budget ${kb(BUDGET)})`);

const lazy = Object.entries(manifest).filter(([, v]) => v.isDynamicEntry).map(([k, v]) => `${k} -> ${v.file}`);
console.log(`Lazily loaded screens/chunks: ${lazy.length}`);
lazy.forEach((l) => console.log(`  ${l}`));

if (total > BUDGET) {
  console.error(`check:bundle: login route loads ${kb(total)} of compressed JavaScript, over ${kb(BUDGET)}`);
  process.exit(1);
}
