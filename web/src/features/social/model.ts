import type { Dayjs } from 'dayjs';
import { decodeEntities } from '../../shared/format/body';

/** What a news item or an event shows, in the list's panel and in the create page's preview. */
export interface Publication {
  title: string;
  subtitle?: string;
  /** HTML (sanitised on the server, and again when shown). */
  body: string;
  /** Image addresses (stored URLs or data URLs), the first is the cover. */
  images: string[];
  /** Events: the first and last day, unix seconds (any second of each). */
  startDate?: number;
  endDate?: number;
  /** Events: members signed up. */
  counter?: number;
}

export { bodyHtml } from '../../shared/format/body';

/**
 * A picked day as the unix seconds sent for it: its noon, so that the server, which reads the day
 * in the club's time zone, finds the same day from a browser up to 12 hours away.
 */
export function daySeconds(day: Dayjs): number {
  return day.hour(12).minute(0).second(0).millisecond(0).unix();
}

/** Case- and accent-insensitive "contains" over a publication's title and subtitle. */
export function matches(p: { title: string; subtitle?: string }, text: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(text.trim());
  return q === '' || fold(p.title).includes(q) || fold(p.subtitle ?? '').includes(q);
}

/** The text of an HTML body, cut to `max` characters with an ellipsis (TV grid 100, carousel 250). */
export function textCut(html: string, max: number): string {
  const text = decodeEntities(html.replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

/** Products grouped by category, in the order they come (the server sorts by category, then title). */
export function byCategory<T extends { categorias: string }>(list: T[]): { category: string; items: T[] }[] {
  const groups: { category: string; items: T[] }[] = [];
  for (const p of list) {
    const last = groups.at(-1);
    if (last && last.category === p.categorias) last.items.push(p);
    else groups.push({ category: p.categorias, items: [p] });
  }
  return groups;
}

/** Bounds of the TV interval as people type it, in seconds (the server keeps 1000 to 999999 ms). */
export const TV_INTERVAL_MIN_S = 1;
export const TV_INTERVAL_MAX_S = 999;

/**
 * A TV interval typed in seconds ("10", "7,5" or "7.5", at most three decimals), as the
 * milliseconds the settings keep; null when it is not a number of seconds from 1 to 999.
 */
export function tvInterval(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(t)) return null;
  const seconds = Number(t);
  if (seconds < TV_INTERVAL_MIN_S || seconds > TV_INTERVAL_MAX_S) return null;
  return Math.round(seconds * 1000);
}
