import { describe, expect, it } from 'vitest';
import { canAccess, checkAccess, gates, isOpenGate, type Gate } from './gates';

const pos: Gate = { flags: ['software_gestion_club'], roles: ['Administrador', 'Manager', 'Budtender'] };
const staff: Gate = { flags: ['socios', 'comunicacion'], roles: ['Administrador', 'Manager'] };

describe('checkAccess', () => {
  it('lets a user with a matching role in a club with the flag through', () => {
    const club = { functionalities: { software_gestion_club: true }, roles: ['Budtender'] };
    expect(checkAccess(pos, club)).toEqual({ ok: true });
    expect(canAccess(pos, club)).toBe(true);
  });

  it('refuses with "feature" when the club lacks every flag of the gate, even for an Administrador', () => {
    const club = { functionalities: { software_gestion_club: false, socios: true }, roles: ['Administrador'] };
    expect(checkAccess(pos, club)).toEqual({ ok: false, reason: 'feature' });
  });

  it('refuses with "role" when the flag is there but none of the roles', () => {
    const club = { functionalities: { software_gestion_club: true }, roles: ['Recepción', 'Social'] };
    expect(checkAccess(pos, club)).toEqual({ ok: false, reason: 'role' });
  });

  it('treats flags as any-of', () => {
    expect(canAccess(staff, { functionalities: { comunicacion: true }, roles: ['Manager'] })).toBe(true);
    expect(canAccess(staff, { functionalities: { socios: true }, roles: ['Manager'] })).toBe(true);
    expect(canAccess(staff, { functionalities: { cupones: true }, roles: ['Manager'] })).toBe(false);
  });

  it('treats roles as any-of and is exact about their spelling', () => {
    const club = { functionalities: { socios: true }, roles: ['Recepción'] };
    const gate: Gate = { flags: ['socios'], roles: ['Manager', 'Recepción'] };
    expect(canAccess(gate, club)).toBe(true);
    expect(canAccess(gate, { ...club, roles: ['Recepcion'] })).toBe(false);
  });

  it('reads an empty list as no requirement', () => {
    const open: Gate = { flags: [], roles: [] };
    expect(canAccess(open, { functionalities: {}, roles: [] })).toBe(true);
    expect(isOpenGate(open)).toBe(true);
    const rolesOnly: Gate = { flags: [], roles: ['Manager'] };
    expect(canAccess(rolesOnly, { functionalities: {}, roles: ['Manager'] })).toBe(true);
    expect(checkAccess(rolesOnly, { functionalities: {}, roles: ['Caja'] })).toEqual({ ok: false, reason: 'role' });
  });

  it('refuses when the club is unknown or has no data', () => {
    expect(checkAccess(pos, null)).toEqual({ ok: false, reason: 'feature' });
    expect(checkAccess(pos, { functionalities: null, roles: null })).toEqual({ ok: false, reason: 'feature' });
  });

  it('refuses an unknown gate rather than opening it', () => {
    expect(checkAccess(undefined, { functionalities: { socios: true }, roles: ['Administrador'] })).toEqual({
      ok: false,
      reason: 'role',
    });
  });
});

describe('gates.json', () => {
  it('has the documented shape', () => {
    expect(gates.flags).toHaveLength(12);
    expect(gates.flags).toContain('cultivo');
    expect(gates.roles).toEqual(['Recepción', 'Budtender', 'Manager', 'Administrador', 'Caja', 'Inventario', 'Social']);
    expect(Object.keys(gates.menuGroups).sort()).toEqual(['admin', 'cash', 'cultivation', 'members', 'pos', 'reports', 'social']);
    for (const gate of [...Object.values(gates.screens), ...Object.values(gates.menuGroups)]) {
      expect(Array.isArray(gate.flags)).toBe(true);
      expect(Array.isArray(gate.roles)).toBe(true);
      gate.flags.forEach((f) => expect(gates.flags).toContain(f));
      gate.roles.forEach((r) => expect(gates.roles).toContain(r));
    }
  });

  it('applies the spec §6 rows', () => {
    const club = (flags: string[], roles: string[]) => ({
      functionalities: Object.fromEntries(flags.map((f) => [f, true])),
      roles,
    });
    expect(canAccess(gates.screens.pos, club(['software_gestion_club'], ['Budtender']))).toBe(true);
    expect(canAccess(gates.screens.pos, club(['software_gestion_club'], ['Recepción']))).toBe(false);
    expect(canAccess(gates.screens.patientmanager, club(['socios'], ['Recepción']))).toBe(true);
    expect(canAccess(gates.screens.patientmanager, club(['comunicacion'], ['Recepción']))).toBe(false);
    expect(canAccess(gates.screens.cupons, club(['funciones_avanzadas_gestion'], ['Manager']))).toBe(true);
    expect(canAccess(gates.screens.walletReport, club(['monedero'], ['Recepción']))).toBe(true);
    expect(canAccess(gates.screens.club, club([], []))).toBe(true);
  });
});

describe('a suspended club', () => {
  const suspended = { functionalities: {}, roles: ['Administrador'], suspended: true };

  it('is refused every gate with the "feature" refusal, even one that asks for no flag', () => {
    expect(checkAccess(pos, suspended)).toEqual({ ok: false, reason: 'feature' });
    expect(checkAccess(gates.screens.clubrules, suspended)).toEqual({ ok: false, reason: 'feature' });
    expect(checkAccess({ flags: [], roles: [] }, suspended)).toEqual({ ok: false, reason: 'feature' });
  });

  it('is refused even with a flag left on and the right role (the server refuses its calls all the same)', () => {
    expect(canAccess(pos, { functionalities: { software_gestion_club: true }, roles: ['Budtender'], suspended: true })).toBe(false);
    expect(canAccess(pos, { functionalities: { software_gestion_club: true }, roles: ['Budtender'], suspended: false })).toBe(true);
  });
});
