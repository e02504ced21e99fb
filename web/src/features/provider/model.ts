import { gates } from '../../shared/access/gates';

/** The feature flags, grouped as a provider reads them when selling a plan. */
export const FLAG_GROUPS = [
  { key: 'members', flags: ['socios', 'gestion_avanzada_socios', 'firma_contrato'] },
  { key: 'management', flags: ['software_gestion_club', 'funciones_avanzadas_gestion', 'monedero', 'cupones', 'firma_pedido', 'firma_digital'] },
  { key: 'communication', flags: ['comunicacion', 'comunicacion_avanzada'] },
  { key: 'cultivation', flags: ['cultivo'] },
] as const;

/** Every flag the server knows (gates.json, generated from internal/access), in its order. */
export const ALL_FLAGS: readonly string[] = gates.flags;

/**
 * The groups with every known flag in one of them: a flag the server knows and no group names
 * (added after this screen) comes last, in a group of its own.
 */
export function flagGroups(all: readonly string[] = ALL_FLAGS): { key: string; flags: string[] }[] {
  const grouped = new Set<string>(FLAG_GROUPS.flatMap((g) => [...g.flags]));
  const groups = FLAG_GROUPS.map((g) => ({ key: g.key as string, flags: g.flags.filter((f) => all.includes(f)) })).filter((g) => g.flags.length > 0);
  const rest = all.filter((f) => !grouped.has(f));
  return rest.length > 0 ? [...groups, { key: 'other', flags: rest }] : groups;
}

/** What a new club starts with: its members and the club's management (counter, till, stock, reports). */
export const DEFAULT_FLAGS: readonly string[] = ['socios', 'software_gestion_club'];

/** A set of flags in the server's order, known flags only, each once: what is sent as "the whole set". */
export function normaliseFlags(flags: readonly string[], all: readonly string[] = ALL_FLAGS): string[] {
  const on = new Set(flags);
  return all.filter((f) => on.has(f));
}

/** Whether two sets of flags are the same set. */
export function sameFlags(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((f) => y.has(f));
}

/** Figures of the console's head: clubs, active and suspended ones, active members over all. */
export function totals(clubs: readonly { suspended: boolean; active_members: number }[]) {
  const suspended = clubs.filter((c) => c.suspended).length;
  return {
    clubs: clubs.length,
    active: clubs.length - suspended,
    suspended,
    members: clubs.reduce((n, c) => n + c.active_members, 0),
  };
}

/** The fields of the new-club form the server may name in a refusal, under the names it uses. */
export const CLUB_FIELDS = ['title', 'admin_email', 'admin_name', 'admin_surname', 'flags'] as const;

/** The form field a refusal is about: the server's field ("admin_email", "body.admin_email"), when the form has it. */
export function formField(serverField: string | undefined): (typeof CLUB_FIELDS)[number] | null {
  if (!serverField) return null;
  const name = serverField.replace(/^body\./, '').replace(/\[\d+\]$/, '');
  return (CLUB_FIELDS as readonly string[]).includes(name) ? (name as (typeof CLUB_FIELDS)[number]) : null;
}
