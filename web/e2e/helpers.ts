import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { deflateSync, inflateRawSync } from 'node:zlib';
import { workerServer } from './server';

export const PASSWORD = 'socius-demo';
export const LANGS = ['es', 'cat', 'it', 'pt', 'en', 'fr', 'de'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * Chooses the interface language from the profile menu, as a person does, and waits until the page
 * speaks it (the dictionary is loaded and the choice remembered). A click that lands while the menu
 * is still opening, or still closing from the last choice, is made again.
 */
export async function setLanguage(page: Page, lang: Lang) {
  const option = page.getByTestId(`lang-option-${lang}`);
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByTestId('profile-menu-trigger').click();
    await option.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang === 'cat' ? 'ca' : lang}-`), { timeout: 5_000 });
  }).toPass();
  await expect(option).toBeHidden();
}

/**
 * In the page: resolves once the element has stayed where it is for ten frames with nothing
 * animating, or after `bound` ms. Ten frames, because an animation can start a frame or two after
 * the element appears (antd paints a dialog's first frames at its final place before its zoom).
 * With `within`, the element watched is the nearest ancestor matching it (at once when none does).
 */
function still(target: Element, { bound, within }: { bound: number; within?: string }) {
  const el = within ? target.closest(within) : target;
  return new Promise<void>((resolve) => {
    if (!el) return resolve();
    const start = performance.now();
    let last = '';
    let same = 0;
    const tick = () => {
      const r = el.getBoundingClientRect();
      const box = `${r.x},${r.y},${r.width},${r.height}`;
      // What never ends or moves nothing is not waited for: endless animations, the click ripple
      // (antd's wave fades for 2 s over the button just clicked) and a carousel's progress dot (it
      // runs for the whole autoplay interval, again on every slide).
      const moving = document.getAnimations().some((a) => {
        const timing = a.effect?.getTiming();
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
        return (
          a.playState === 'running' &&
          timing?.iterations !== Infinity &&
          !target?.classList.contains('ant-wave') &&
          !(a as CSSAnimation).animationName?.endsWith('carousel-dot-animation')
        );
      });
      same = box === last && !moving ? same + 1 : 0;
      last = box;
      if (same >= 10 || performance.now() - start > bound) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** What comes in with an animation and holds buttons: dialogs, drawers, menus, pickers, popovers. */
const OVERLAYS = '.ant-modal, .ant-drawer, .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover';

/**
 * Every click, double click and check of the suites on an element inside an overlay waits first for
 * the overlay to be at rest (see atRest): a person does not press a dialog's button on the frame the
 * dialog appears, and a test that does loses the click on a busy machine (seen at the inventory's
 * move dialog, after the member's delete, "view wallet" and the cash movement's direction had
 * needed it one by one). Installed once, on the locators of every page, by fixtures.ts; atRest stays
 * for what moves outside an overlay (a menu group unfolding).
 */
export function clicksWaitForOverlays(page: Page) {
  const proto = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  if (proto.__waitsForOverlays) return;
  proto.__waitsForOverlays = true;
  for (const action of ['click', 'dblclick', 'check', 'uncheck']) {
    const act = proto[action] as (this: Locator, options?: { force?: boolean; timeout?: number }) => Promise<void>;
    proto[action] = async function (this: Locator, options?: { force?: boolean; timeout?: number }) {
      if (!options?.force) {
        // waits for the element as the action would; a failure here is left to the action to report
        await this.evaluate(still, { bound: 5_000, within: OVERLAYS }, { timeout: options?.timeout }).catch(() => {});
      }
      return act.call(this, options);
    };
  }
}

export async function atRest(target: Locator) {
  await target.evaluate(still, { bound: 20_000 });
}

/**
 * Opens a screen from the side menu as a person does, unfolding its group first when it is folded,
 * and waits for the screen's address. Should it not come, the failure names the addresses the page
 * went through after the click (none: the click did nothing; there and back: the screen closed).
 */
export async function openFromMenu(page: Page, group: string, item: string) {
  const visited: string[] = [];
  const note = (frame: Frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  };
  const entry = page.getByTestId(`menu-item-${item}`);
  if (!(await entry.isVisible())) await page.getByTestId(`menu-group-${group}`).click();
  await atRest(entry); // the group unfolds with an animation
  page.on('framenavigated', note);
  try {
    await entry.click();
    await expect(page)
      .toHaveURL(new RegExp(`/app/${item}(\\?|$)`))
      .catch((e: Error) => {
        throw new Error(`${e.message}\naddresses after the click: ${visited.join(' → ') || 'none'}`);
      });
  } finally {
    page.off('framenavigated', note);
  }
}

const screens = new URL('./screens/', import.meta.url).pathname;
mkdirSync(screens, { recursive: true });

/**
 * The routes audited in this run, with the window ('wide' or 'narrow'): the route sweep
 * (wcag.spec.ts, run after every feature suite) skips what a feature suite has already audited.
 * Emptied once per run (global-setup.ts).
 */
const audited = `${screens}.audited`;
const windowOf = (page: Page) => ((page.viewportSize()?.width ?? 1440) >= 992 ? 'wide' : 'narrow');
const auditKey = (path: string, label: string) => `${path.replace(/\/+$/, '')}|${label}`;

/** Whether a feature suite of this run has audited the route in this kind of window. */
export function alreadyAudited(path: string, label: 'wide' | 'narrow'): boolean {
  return existsSync(audited) && readFileSync(audited, 'utf8').split('\n').includes(auditKey(path, label));
}

/**
 * Saves a screenshot of the whole page under e2e/screens/, then audits it (`audit`).
 * E2E_TIMING=<file> appends, per screenshot, the milliseconds spent settling, shooting and auditing.
 */
export async function shot(page: Page, name: string) {
  const t0 = Date.now();
  await settle(page);
  const t1 = Date.now();
  await page.screenshot({ path: `${screens}${name}.png`, fullPage: false });
  const t2 = Date.now();
  await audit(page, name);
  if (process.env.E2E_TIMING) appendFileSync(process.env.E2E_TIMING, `${name}\t${t1 - t0}\t${t2 - t1}\t${Date.now() - t2}\n`);
}

/** Waits until the page is at rest: no requests, no running animations (dialogs, drawers, menus). */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // let dialogs, drawers and fades finish, so the picture (and the contrast the audit measures) is
  // the screen at rest; 5 s is a bound, not a pause
  await page
    .locator('html')
    .evaluate(still, { bound: 5_000 })
    .catch(() => {});
}

/**
 * Violations allowed because they sit inside a third-party component that cannot be fixed from
 * outside: rule id and a CSS selector of the element, with the reason. Keep it short and true.
 */
export const AXE_ALLOWED: { rule: string; target: RegExp; summary: RegExp; reason: string }[] = [
  {
    rule: 'aria-valid-attr-value',
    target: /./,
    summary: /aria-activedescendant="[\w-]+_list_-1"/,
    reason:
      "antd's Select (rc-select) points aria-activedescendant at option -1 while its list is open and no option is " +
      'highlighted yet; the attribute is set inside the component and changes as soon as an option is reached.',
  },
];

/**
 * Audits the page as it is with axe-core against WCAG 2.0/2.1 A and AA. A serious or critical
 * violation fails the test and names the elements. AXE_REPORT=<file> records them instead (to
 * survey a change), one JSON line per screen.
 */
export async function audit(page: Page, name: string) {
  // Toasts leave on their own timer, whatever the page is doing: one caught mid-fade would be measured
  // at half its opacity. Their colours are antd's (dark on white) and the same on every screen.
  // A sandboxed frame (the club's designed page) runs no script, so axe cannot run inside it and
  // would wait for it: it is left out; what it shows is the club's own page.
  // Legacy mode runs axe in the page itself: the default finishes every audit in a new blank page,
  // which took twice as long, a few minutes over the whole suite.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.ant-message')
    .exclude('iframe[sandbox]')
    .setLegacyMode()
    .analyze();
  appendFileSync(audited, auditKey(new URL(page.url()).pathname, windowOf(page)) + '\n');
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .map((n) => ({ target: n.target.join(' '), summary: n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '' }))
        .filter((n) => !AXE_ALLOWED.some((a) => a.rule === v.id && a.target.test(n.target) && a.summary.test(n.summary))),
    }))
    .filter((v) => v.nodes.length > 0);
  if (process.env.AXE_REPORT) {
    if (found.length) appendFileSync(process.env.AXE_REPORT, JSON.stringify({ screen: name, url: page.url(), found }) + '\n');
    return;
  }
  const text = found
    .map((v) => `${v.rule} (${v.impact}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target} — ${n.summary}`).join('\n'))
    .join('\n');
  expect(found, `accessibility of ${name}:\n${text}`).toEqual([]);
}

export function dict(lang: Lang): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`../src/locales/${lang}.json`, import.meta.url), 'utf8'));
}

export function tr(lang: Lang, key: string): string {
  return key.split('.').reduce((o: any, k) => o?.[k], dict(lang)) as string;
}

/** Logs in through the form and waits for the club route. */
export async function login(page: Page, username: string, password = PASSWORD) {
  await page.goto('/app/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/today/);
}

/** Picks a club in the chooser when it is shown; the club's day (where a login lands) then shows. */
export async function chooseClub(page: Page, nid: number) {
  const chooser = page.getByTestId('club-chooser');
  await expect(chooser.or(page.getByTestId('today-page')).first()).toBeVisible();
  if (await chooser.isVisible()) await page.getByTestId(`club-card-${nid}`).click();
  await expect(page.getByTestId('today-page')).toBeVisible();
}

/** Logs in as `user`, picks the club and opens the app's `path`. */
export async function openAs(page: Page, user: string, club: number, path: string) {
  await login(page, user);
  await chooseClub(page, club);
  await page.goto(`/app/${path}`);
}

/** GETs an API path with the page's session and returns its JSON; the call must succeed. */
export async function getJson(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBeTruthy();
  return res.json();
}

/** The two windows the screens are checked in: a laptop and a phone. */
export const WINDOWS = [
  [1440, 900, 'wide'],
  [390, 844, 'narrow'],
] as const;

/** Chromium with its fake camera, allowed to use it: for `test.use` in the specs that scan or take photos. */
export const FAKE_CAMERA = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-quic', '--no-first-run', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
  permissions: ['camera'],
};

/** Runs the socius command line against the database of the worker's demo server. */
export function socius(...args: string[]): string {
  return execFileSync('../bin/socius', [...args, '--data', workerServer().data], { encoding: 'utf8' }).trim();
}

/** A string of a feature's dictionary (src/features/<feature>/locales), with {{vars}} filled in. */
/** A dictionary entry by its dotted path; an error code's key holds dots of its own ("errors.order.not_cart"). */
function lookup(node: unknown, parts: string[]): unknown {
  if (parts.length === 0) return node;
  if (node === null || typeof node !== 'object') return undefined;
  for (let i = parts.length; i >= 1; i--) {
    const key = parts.slice(0, i).join('.');
    if (key in node) {
      const found = lookup((node as Record<string, unknown>)[key], parts.slice(i));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function featureText(feature: string, lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  // a feature's name, or a shared module's folder ("shared/wallet")
  const dir = feature.includes('/') ? feature : `features/${feature}`;
  const dict = JSON.parse(readFileSync(new URL(`../src/${dir}/locales/${lang}.json`, import.meta.url), 'utf8'));
  const raw = lookup(dict, key.split('.'));
  if (typeof raw !== 'string') throw new Error(`no ${lang} string for ${key}`);
  return raw.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? ''));
}

/** The files of a zip (xlsx) read with node's zlib through the central directory. */
export function unzip(buf: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** Clicks a download button and returns the file's suggested name and bytes. */
export async function download(page: Page, testId: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

/** Calls the API from the logged-in page (session cookie and CSRF token). */
export async function call(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  const r = await page.evaluate(
    async ({ method, path, body }) => {
      const token = await (await fetch('/services/session/token')).text();
      const r = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token.trim() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: await r.json().catch(() => null) };
    },
    { method, path, body },
  );
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return r.json;
}

/** Draws a signature on the pad once the dialog is at rest, and checks the pad took it. */
export async function sign(page: Page) {
  await settle(page);
  const canvas = page.getByTestId('signature-canvas');
  const clear = page.getByTestId('signature-clear');
  for (let attempt = 0; attempt < 3 && !(await clear.isEnabled()); attempt++) {
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 110);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 22, box.y + 110 - Math.sin(i / 2) * 40, { steps: 2 });
    await page.mouse.up();
  }
  await expect(clear).toBeEnabled();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A small RGB PNG: a diagonal gradient between two colours with a light disc in the middle. */
export function png(w: number, h: number, from: number[], to: number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const d = Math.hypot(x - w / 2, y - h / 2) < Math.min(w, h) / 5 ? 0.35 : 0;
      for (let i = 0; i < 3; i++) {
        const v = from[i] + (to[i] - from[i]) * t;
        row[1 + x * 3 + i] = Math.round(v + (255 - v) * d);
      }
    }
    rows.push(row);
  }
  return pngOf(w, h, Buffer.concat(rows));
}

/** The PNG file of w×h RGB pixels given as scanlines (each a filter byte, 0, then its pixels). */
export function pngOf(w: number, h: number, scanlines: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signature as the pad would send it: a PNG drawn on a canvas. */
export const signature = (page: Page) =>
  page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 300;
    c.height = 120;
    const g = c.getContext('2d')!;
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(20, 90);
    g.bezierCurveTo(80, 10, 160, 110, 280, 30);
    g.stroke();
    return c.toDataURL('image/png');
  });
