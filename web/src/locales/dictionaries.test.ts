import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkDictionaries,
  flatten,
  LANGUAGES,
  loadDictionaries,
  runCheck,
  usedKeys,
} from '../../scripts/check-i18n.mjs';

const localesDir = resolve(__dirname);
const srcDir = resolve(__dirname, '..');

describe('the seven dictionaries', () => {
  const dictionaries = loadDictionaries(localesDir);

  it('exist for es, cat, it, pt, en, fr, de', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...LANGUAGES].sort());
  });

  it('hold the same keys, none empty', () => {
    expect(checkDictionaries(dictionaries)).toEqual([]);
  });

  it('cover every key the sources use', () => {
    expect(runCheck({ localesDir, srcDir })).toEqual([]);
  });

  it('carry the spec messages in Spanish', () => {
    const es = flatten(dictionaries.es);
    expect(es['errors.title']).toBe('Ha habido un problemilla');
    expect(es['errors.sessionExpiredTitle']).toBe('La sesión ha caducado');
    expect(es['errors.sessionExpiredBody']).toBe('Necesitas hacer login de nuevo');
    expect(es['errors.forbiddenTitle']).toBe('Permisos requeridos');
    expect(es['access.roleRefused']).toBe('No tiene accesso a esta sección. Póngase en contacto con su administrador.');
    expect(es['menu.heading']).toBe('Gestión Club');
    expect(es['menu.groups.cash']).toBe('Caja e inventario');
  });
});

describe('the dictionary check', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'socius-i18n-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('reports keys missing or empty in any dictionary against the union of keys', () => {
    const problems = checkDictionaries({
      es: { a: { b: 'uno', c: 'dos' } },
      en: { a: { b: 'one', c: '' } },
      fr: { a: { b: 'un' }, d: 'extra' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { lang: 'en', key: 'a.c', kind: 'empty' },
        { lang: 'fr', key: 'a.c', kind: 'missing' },
        { lang: 'es', key: 'd', kind: 'missing' },
        { lang: 'en', key: 'd', kind: 'missing' },
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('finds literal keys in t() calls and registry labels', () => {
    const keys = usedKeys(`t('auth.submit'); t("menu.home", {x: 1}); labelKey: 'menu.groups.pos'; t(\`dyn.\${x}\`)`);
    expect([...keys].sort()).toEqual(['auth.submit', 'menu.groups.pos', 'menu.home']);
  });

  it('fails on a key used in the sources but absent from es.json', () => {
    const locales = join(tmp, 'locales');
    const src = join(tmp, 'src');
    mkdirSync(locales);
    mkdirSync(src);
    for (const lang of LANGUAGES) writeFileSync(join(locales, `${lang}.json`), JSON.stringify({ a: 'x' }));
    writeFileSync(join(src, 'page.tsx'), "const s = t('a'); const u = t('missing.key');");
    expect(runCheck({ localesDir: locales, srcDir: src })).toEqual([
      expect.stringContaining('key "missing.key" is not in es.json'),
    ]);
  });

  it('finds a plural key by its _other form, and only by it', () => {
    const locales = join(tmp, 'plural-locales');
    const src = join(tmp, 'plural-src');
    mkdirSync(locales);
    mkdirSync(src);
    for (const lang of LANGUAGES) writeFileSync(join(locales, `${lang}.json`), JSON.stringify({ n_one: '1', n_other: '{{count}}', m_one: '1' }));
    writeFileSync(join(src, 'page.tsx'), "t('n', { count }); t('m', { count });");
    expect(runCheck({ localesDir: locales, srcDir: src })).toEqual([expect.stringContaining('key "m" is not in es.json')]);
  });
});
