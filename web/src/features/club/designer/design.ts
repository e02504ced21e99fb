import DOMPurify from 'dompurify';
import type { Editor, EditorConfig } from 'grapesjs';

/** The words of the default design, in the language of the person who first opens the designer. */
export interface DefaultWords {
  description: string;
  call: string;
  instagram: string;
  sectionTitle: string;
  sectionText: string;
  logoAlt: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The page's own styles: the club theme's purple, readable on a phone and in a wide window. */
export const DEFAULT_CSS = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#2a1f33;background:#faf7fc;}
.club-hero{padding:56px 24px 48px;text-align:center;background:linear-gradient(135deg,#6b3fa0,#a463bf);color:#fff;}
.club-logo{width:112px;height:112px;object-fit:contain;border-radius:20px;background:#fff;padding:8px;}
.club-name{margin:20px 0 12px;font-size:40px;line-height:1.15;font-weight:700;}
.club-description{max-width:640px;margin:0 auto;font-size:18px;line-height:1.6;}
.club-buttons{display:flex;flex-wrap:wrap;justify-content:center;gap:12px;margin-top:28px;}
.club-button{display:inline-block;padding:12px 24px;border-radius:999px;font-weight:600;text-decoration:none;}
.club-call{background:#fff;color:#5b2d7e;}
.club-instagram{background:#2a1f33;color:#fff;}
.club-section{max-width:760px;margin:0 auto;padding:40px 24px;font-size:17px;line-height:1.6;}
.club-section h2{margin:0 0 12px;font-size:26px;color:#5b2d7e;}
@media (max-width:600px){.club-name{font-size:30px;}.club-hero{padding:40px 16px 36px;}}
`.trim();

/**
 * The design the designer opens when the club has none yet: the club's logo and name, a
 * description, call and Instagram buttons, and one section, every text a placeholder to edit.
 */
export function defaultDesignHtml(club: { title: string; logo?: string }, w: DefaultWords): string {
  const logo = club.logo ? `<img class="club-logo" src="${escapeHtml(club.logo)}" alt="${escapeHtml(w.logoAlt)}"/>` : '';
  return (
    `<section class="club-hero">${logo}` +
    `<h1 class="club-name">${escapeHtml(club.title)}</h1>` +
    `<p class="club-description">${escapeHtml(w.description)}</p>` +
    `<div class="club-buttons">` +
    `<a class="club-button club-call" href="tel:+34000000000" target="_blank">${escapeHtml(w.call)}</a>` +
    `<a class="club-button club-instagram" href="https://www.instagram.com/" target="_blank">${escapeHtml(w.instagram)}</a>` +
    `</div></section>` +
    `<section class="club-section"><h2>${escapeHtml(w.sectionTitle)}</h2><p>${escapeHtml(w.sectionText)}</p></section>`
  );
}

/**
 * The page the club shows (`full_html`): the designer's HTML and CSS as one document. It only ever
 * runs in the club page's sandboxed frame, without scripts, so links open apart from the app.
 */
export function pageDocument(title: string, lang: string, html: string, css: string): string {
  const body = /^\s*<body[\s>]/i.test(html) ? html : `<body>${html}</body>`;
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<base target="_blank"><title>${escapeHtml(title)}</title><style>${css.replace(/<\/style/gi, '<\\/style')}</style></head>${body}</html>`
  );
}

/**
 * The saved design (`html_design`), or null when there is none or it cannot be read. It is made
 * inert (inertDesign) before the designer's canvas, a frame of the app's own origin, shows it.
 */
export function savedDesign(json: string | null | undefined): Record<string, unknown> | null {
  if (!json || json.trim() === '') return null;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { pages?: unknown }).pages)
      ? (inertDesign(v) as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The designer's settings that keep it to this server and its canvas free of code: no telemetry
 * sent to GrapesJS's site, no icon font from a CDN (the panels have icons of their own), and HTML
 * read without scripts, inline event handlers or javascript: addresses.
 */
export const EDITOR_SAFETY = {
  telemetry: false,
  cssIcons: '',
  parser: { optionsHtml: { allowScripts: false, allowUnsafeAttr: false, allowUnsafeAttrValue: false } },
} satisfies Partial<EditorConfig>;

/** The canvas never runs a component's script: a design is looked at there, never run. */
export function noComponentScripts(editor: Pick<Editor, 'Components'>): void {
  const view = editor.Components.getType('default').view as { prototype: { updateScript: () => void } };
  view.prototype.updateScript = () => undefined;
}

// What can run in a design, as the server strips it on save (internal/club/design.go); a design
// saved before that rule is cleaned here the same way.
const RUNNABLE_TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'base', 'meta', 'link']);
const RUNNABLE_TYPES = new Set(['script', 'iframe']);
const RUNNABLE_KEYS = new Set(['script', 'script-props', 'script-export', 'srcdoc']);
const DROP = Symbol('drop');

/** True when s is, or holds as a CSS url(), a javascript:/vbscript: address or a data: one other than a picture. */
export function scriptUrl(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  const n = s.toLowerCase().replace(/[\u0000-\u0020]/g, '');
  return /(?:java|vb|live)script:/.test(n) || /(?:^|url\()['"]*data:(?!image\/)/.test(n);
}

/** The design without scripts, event handler attributes and script addresses, however deep. */
export function inertDesign(v: unknown): unknown {
  const out = clean(v);
  return out === DROP ? null : out;
}

function clean(v: unknown): unknown {
  if (typeof v === 'string') return scriptUrl(v) ? DROP : v;
  if (Array.isArray(v)) return v.map(clean).filter((e) => e !== DROP);
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const tag = typeof o.tagName === 'string' ? o.tagName.trim().toLowerCase() : '';
  const type = typeof o.type === 'string' ? o.type.trim().toLowerCase() : '';
  if (RUNNABLE_TAGS.has(tag) || RUNNABLE_TYPES.has(type)) return DROP;
  // A text node's or comment's content is shown as text, never parsed.
  const text = type === 'textnode' || type === 'comment';
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(o)) {
    const lk = k.toLowerCase();
    if (lk.startsWith('on') || RUNNABLE_KEYS.has(lk)) continue;
    if (lk === 'content' && text) {
      out[k] = val;
      continue;
    }
    if (typeof val === 'string' && (lk === 'content' || lk === 'components' || lk === 'component')) {
      // HTML the designer sets as an element's inner HTML, or parses into components
      out[k] = DOMPurify.sanitize(val, { USE_PROFILES: { html: true }, FORCE_BODY: true });
      continue;
    }
    const c = clean(val);
    if (c !== DROP) out[k] = c;
  }
  return out;
}
