import { theme as antdTheme } from 'antd';
import { palette, theme } from './theme';

/**
 * The theme as CSS variables on :root, for the CSS modules: antd's tokens under antd's own names
 * (`--ant-color-text-tertiary`, `--ant-color-primary`, `--ant-border-radius` ...) and the palette as
 * `--socius-*` (`palette.brandLight` is `--socius-brand-light`).
 *
 * antd (cssVar) defines its variables on the class of the theme, which only its components carry:
 * a plain element of a page, a portal or a printed ticket outside one of them would not see them.
 * On :root they reach everything; inside antd components antd's own definitions, the same values,
 * take over.
 */

/** The name antd gives a token's variable (token2CSSVar of @ant-design/cssinjs). */
export function cssVarName(token: string, prefix: string): string {
  return `--${prefix}-${token}`
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z0-9]+)/g, '$1-$2')
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .toLowerCase();
}

/** Sizes the CSS modules take from the theme, in px. */
const sizeTokens = ['borderRadius', 'borderRadiusLG', 'borderRadiusSM', 'borderRadiusXS', 'controlHeight', 'controlHeightLG', 'controlHeightSM'];

/** Every variable with its value: antd's colours, shadows and sizes, then the palette. */
export function themeVariables(): Record<string, string> {
  const token = antdTheme.getDesignToken(theme) as unknown as Record<string, unknown>;
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(token)) {
    if (typeof value !== 'string') continue;
    if (/^(#|rgba?\()/.test(value) || name.startsWith('boxShadow')) vars[cssVarName(name, 'ant')] = value;
  }
  for (const name of sizeTokens) vars[cssVarName(name, 'ant')] = `${String(token[name])}px`;
  for (const [name, value] of Object.entries(palette)) vars[cssVarName(name, 'socius')] = value;
  return vars;
}

/** The style sheet: one :root rule. */
export function themeStyleSheet(): string {
  const lines = Object.entries(themeVariables()).map(([name, value]) => `  ${name}: ${value};`);
  return `:root {\n${lines.join('\n')}\n}\n`;
}

/** Puts the variables in the document's head, once, before the app's own styles. */
export function installThemeVariables(doc: Document = document): void {
  if (doc.getElementById('socius-theme')) return;
  const style = doc.createElement('style');
  style.id = 'socius-theme';
  style.textContent = themeStyleSheet();
  doc.head.prepend(style);
}
