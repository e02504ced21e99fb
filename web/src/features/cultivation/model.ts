/**
 * The grow room's rules the screens need, apart from React: the phases in order and the batch board,
 * the two equations of the mass balance and what a difference means, the report's period as the
 * server takes it, and the calendar days the forms pick as the instants the server takes.
 */

export const PHASES = ['germination', 'vegetative', 'flowering', 'drying', 'curing', 'done'] as const;
export type Phase = (typeof PHASES)[number];

/** The phase after this one, or null once the batch is done. */
export function nextPhase(phase: Phase): Phase | null {
  const i = PHASES.indexOf(phase);
  return i >= 0 && i < PHASES.length - 1 ? PHASES[i + 1] : null;
}

/** What the board and the harvest button need of a batch. */
export interface BatchLike {
  id: number;
  phase: Phase;
  started: number;
  harvested_at: number | null;
}

/** Whether the batch can be harvested now: once, in flowering or later, and before it is done. */
export function canHarvest(b: BatchLike): boolean {
  return b.harvested_at === null && b.phase !== 'done' && PHASES.indexOf(b.phase) >= PHASES.indexOf('flowering');
}

/** The board's columns: every phase in order, each with its batches, the latest started first. */
export function boardColumns<B extends BatchLike>(batches: readonly B[]): { phase: Phase; batches: B[] }[] {
  return PHASES.map((phase) => ({
    phase,
    batches: batches.filter((b) => b.phase === phase).sort((a, b) => b.started - a.started || b.id - a.id),
  }));
}

/** The figures of a batch's (or a strain's) mass balance, in grams. */
export interface Balance {
  harvested_g: number;
  released_g: number;
  destroyed_batch_g: number;
  held_g: number;
  batch_difference_g: number;
  sold_g: number;
  refunded_g: number;
  destroyed_stock_g: number;
  in_stock_g: number;
  stock_difference_g: number;
}

/**
 * One of the two equations: in the batch, harvested = released + destroyed in the batch + held;
 * in stock, released = sold − refunded + destroyed from stock + in stock. `difference` is the left
 * side less the right (the server's); `sentence` names the key of what a difference means:
 * `missing` (more came in than is accounted for) or `extra` (more is accounted for than came in).
 */
export interface Equation {
  key: 'batch' | 'stock';
  left: number;
  right: { key: string; grams: number; sign: 1 | -1 }[];
  difference: number;
  holds: boolean;
  sentence: 'holds' | 'missing' | 'extra';
}

/** Grams compared to the milligram, as the server keeps them. */
const milli = (g: number) => Math.round(g * 1000);

export function equations(b: Balance): Equation[] {
  const eq = (key: Equation['key'], left: number, right: Equation['right'], difference: number): Equation => {
    const d = milli(difference);
    return { key, left, right, difference: d / 1000, holds: d === 0, sentence: d === 0 ? 'holds' : d > 0 ? 'missing' : 'extra' };
  };
  return [
    eq(
      'batch',
      b.harvested_g,
      [
        { key: 'released', grams: b.released_g, sign: 1 },
        { key: 'destroyedBatch', grams: b.destroyed_batch_g, sign: 1 },
        { key: 'held', grams: b.held_g, sign: 1 },
      ],
      b.batch_difference_g,
    ),
    eq(
      'stock',
      b.released_g,
      [
        { key: 'sold', grams: b.sold_g, sign: 1 },
        { key: 'refunded', grams: b.refunded_g, sign: -1 },
        { key: 'destroyedStock', grams: b.destroyed_stock_g, sign: 1 },
        { key: 'inStock', grams: b.in_stock_g, sign: 1 },
      ],
      b.stock_difference_g,
    ),
  ];
}

/** The i18n key and values of the sentence under an equation (cultivation.balance.<key>.<sentence>). */
export function balanceSentence(e: Equation): { key: string; grams: number } {
  return { key: `cultivation.balance.${e.key}.${e.sentence}`, grams: Math.abs(e.difference) };
}

/** The report's period: the whole year, a quarter (1–4) or a month (1–12). */
export type PeriodChoice = 'year' | `q${1 | 2 | 3 | 4}` | `m${number}`;

export const PERIOD_CHOICES: PeriodChoice[] = ['year', 'q1', 'q2', 'q3', 'q4', ...Array.from({ length: 12 }, (_, i) => `m${i + 1}` as PeriodChoice)];

/** The query of GET /api/report_annual for a year and a period choice (quarter and month never both). */
export function periodQuery(year: number, choice: PeriodChoice): { year: number; quarter?: number; month?: number } {
  if (choice.startsWith('q')) {
    const quarter = Number(choice.slice(1));
    if (quarter >= 1 && quarter <= 4) return { year, quarter };
  }
  if (choice.startsWith('m')) {
    const month = Number(choice.slice(1));
    if (month >= 1 && month <= 12) return { year, month };
  }
  return { year };
}

/**
 * The instant the server is sent for a day a form picked (YYYY-MM-DD, the club's calendar): now for
 * today, so a harvest or an intake of today is never before the batch started this morning; a day's
 * last second for any other day, so a day in the past still falls after a start earlier that day
 * and a best-before day lasts the whole day. `dayEnd` is the club's last second of a day.
 */
export function instantOfDay(day: string, today: string, now: number, dayEnd: (day: string) => number): number {
  return day === today ? now : dayEnd(day);
}

/** A THC or CBD range as the strains table writes it: "18–22", "≥ 18", "≤ 1", or null when unknown. */
export function rangeText(min: number | null | undefined, max: number | null | undefined, fmt: (n: number) => string): string | null {
  const lo = min ?? null;
  const hi = max ?? null;
  if (lo !== null && hi !== null) return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
  if (lo !== null) return `≥ ${fmt(lo)}`;
  if (hi !== null) return `≤ ${fmt(hi)}`;
  return null;
}

/** What the release picker offers: products sold by weight with a limited stock (the server's rule). */
export function isReleaseTarget(p: { type: string; unlimited_stock: boolean }): boolean {
  return p.type === 'peso' && !p.unlimited_stock;
}

/**
 * Which form field a refusal belongs to: the server names its request field; a form may call it
 * otherwise (`aliases`), and one it does not show is left to the form's general error.
 */
export function fieldOf(serverField: string | undefined, fields: readonly string[], aliases: Record<string, string> = {}): string | null {
  if (!serverField) return null;
  const name = aliases[serverField] ?? serverField;
  return fields.includes(name) ? name : null;
}
