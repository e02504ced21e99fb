import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Imports run one way (DESIGN.md): app -> features -> shared; never feature to feature.
const SRC = resolve(__dirname);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function area(file: string): string {
  const parts = relative(SRC, file).split(/[\\/]/);
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts[0];
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const from = area(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const to = area(resolve(dirname(file), m[1]));
      const rel = relative(SRC, file);
      if (from.startsWith('features/') && to.startsWith('features/') && to !== from) found.push(`${rel} -> ${to}`);
      if (from.startsWith('features/') && to === 'app') found.push(`${rel} -> app`);
      if (from === 'shared' && (to === 'app' || to.startsWith('features/'))) found.push(`${rel} -> ${to}`);
    }
  }
  return found;
}

function cssModules(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) cssModules(p, out);
    else if (name.endsWith('.module.css')) out.push(p);
  }
  return out;
}

/** Colours written as hex in the CSS modules: they take the theme's variables (app/theme.ts) instead. */
function hexColours(): string[] {
  const found: string[] = [];
  for (const file of cssModules(SRC)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(/#[0-9a-fA-F]{3,8}\b/g)) found.push(`${relative(SRC, file)}:${i + 1} ${m[0]}`);
      });
  }
  return found;
}

describe('architecture', () => {
  it('keeps imports one way: app -> features -> shared, no feature importing another', () => {
    expect(violations()).toEqual([]);
  });

  it('takes the colours of the CSS modules from the theme, no hex literal', () => {
    expect(hexColours()).toEqual([]);
  });
});
