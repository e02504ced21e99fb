import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palette } from './theme';
import { cssVarName, installThemeVariables, themeVariables } from './themeVariables';

const SRC = resolve(__dirname, '..');

function cssFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) cssFiles(p, out);
    else if (name.endsWith('.css')) out.push(p);
  }
  return out;
}

describe('theme variables', () => {
  it('names variables as antd does', () => {
    expect(cssVarName('colorTextTertiary', 'ant')).toBe('--ant-color-text-tertiary');
    expect(cssVarName('borderRadiusLG', 'ant')).toBe('--ant-border-radius-lg');
    expect(cssVarName('orange8', 'ant')).toBe('--ant-orange-8');
    expect(cssVarName('brandLight', 'socius')).toBe('--socius-brand-light');
  });

  it('holds the tokens with their theme values and the palette', () => {
    const vars = themeVariables();
    expect(vars['--ant-color-primary']?.toLowerCase()).toBe(palette.primary.toLowerCase());
    expect(vars['--ant-color-text-tertiary']).toBe(palette.textTertiary);
    expect(vars['--ant-color-text-base']).toBe(palette.text);
    expect(vars['--ant-color-bg-container']).toBe('#ffffff');
    expect(vars['--ant-border-radius']).toBe('8px');
    expect(vars['--socius-sider']).toBe(palette.sider);
  });

  it('defines every theme variable the style sheets use', () => {
    const vars = themeVariables();
    const missing: string[] = [];
    for (const file of cssFiles(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/var\((--(?:ant|socius)-[a-z0-9-]+)/g)) {
        if (!(m[1] in vars)) missing.push(`${relative(SRC, file)} ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('puts them on :root once', () => {
    installThemeVariables(document);
    installThemeVariables(document);
    const styles = document.head.querySelectorAll('style#socius-theme');
    expect(styles).toHaveLength(1);
    expect(styles[0].textContent).toMatch(/^:root \{\n {2}--ant-/);
  });
});
