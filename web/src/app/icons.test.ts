import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The currency is the euro (spec part 1 §1): money, wallet and cash never wear Ant Design's icons
// drawn with a yen sign.
const YEN_ICONS = /\b(AccountBook|Transaction|MoneyCollect|PayCircle|PropertySafety|RedEnvelope)(Outlined|Filled|TwoTone)\b/g;
const SRC = resolve(__dirname, '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

describe('money icons', () => {
  it('use the euro sign, never an icon drawn with ¥', () => {
    const found = sources(SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(YEN_ICONS)].map((m) => `${relative(SRC, f)}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
