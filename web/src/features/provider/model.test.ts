import { describe, expect, it } from 'vitest';
import { gates } from '../../shared/access/gates';
import es from './locales/es.json';
import { ALL_FLAGS, DEFAULT_FLAGS, flagGroups, formField, normaliseFlags, sameFlags, totals } from './model';

describe('the flags', () => {
  it('puts every flag the server knows in exactly one group, with a name and what it opens', () => {
    const grouped = flagGroups().flatMap((g) => g.flags);
    expect([...grouped].sort()).toEqual([...gates.flags].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
    const names = es.provider.flags as Record<string, { name: string; help: string }>;
    for (const f of gates.flags) {
      expect(names[f]?.name, f).toBeTruthy();
      expect(names[f]?.help, f).toBeTruthy();
    }
  });

  it('gives a flag added after this screen a group of its own, last', () => {
    const groups = flagGroups([...ALL_FLAGS, 'teleporte']);
    expect(groups.at(-1)).toEqual({ key: 'other', flags: ['teleporte'] });
  });

  it('starts a new club with its members and the club\'s management', () => {
    expect(DEFAULT_FLAGS).toEqual(['socios', 'software_gestion_club']);
    DEFAULT_FLAGS.forEach((f) => expect(gates.flags).toContain(f));
  });

  it('sends the whole set in the server\'s order, known flags once each', () => {
    expect(normaliseFlags(['cupones', 'socios', 'socios', 'nope'])).toEqual(['socios', 'cupones']);
    expect(normaliseFlags([])).toEqual([]);
  });

  it('compares sets of flags whatever their order', () => {
    expect(sameFlags(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameFlags(['a'], ['a', 'b'])).toBe(false);
    expect(sameFlags([], [])).toBe(true);
  });
});

describe('totals', () => {
  it('counts clubs, active and suspended ones, and active members over all', () => {
    expect(
      totals([
        { suspended: false, active_members: 42 },
        { suspended: true, active_members: 3 },
      ]),
    ).toEqual({ clubs: 2, active: 1, suspended: 1, members: 45 });
    expect(totals([])).toEqual({ clubs: 0, active: 0, suspended: 0, members: 0 });
  });
});

describe('formField', () => {
  it('finds the form field a refusal names', () => {
    expect(formField('admin_email')).toBe('admin_email');
    expect(formField('body.title')).toBe('title');
    expect(formField('flags')).toBe('flags');
    expect(formField('flags[2]')).toBe('flags');
    expect(formField('association')).toBeNull();
    expect(formField(undefined)).toBeNull();
  });
});
