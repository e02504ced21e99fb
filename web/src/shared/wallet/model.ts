import { canAccess, gates, type ClubAccess } from '../access/gates';

/**
 * Who may top up a member's wallet: the club has a wallet (funciones_avanzadas_gestion or
 * monedero, and the wallet among its payment methods) and the user a role of the `wallet` gate.
 * The counter and the member screens ask the same question.
 */
export function canTopUp(club: (ClubAccess & { walletPermission?: boolean }) | null | undefined): boolean {
  const f = club?.functionalities ?? {};
  return Boolean(club?.walletPermission && (f.funciones_avanzadas_gestion || f.monedero) && canAccess(gates.screens.wallet, club));
}

/**
 * Money typed at the counter: commas become dots, at most two decimals, never negative. Returns
 * null for anything else (the dialogs then say 'Introduce valores numéricos').
 */
export function readMoney(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(/€/g, '').replace(/,/g, '.');
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(clean)) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

/** Change for cash tendered; negative is what is still missing. Two decimals. */
export const changeOf = (tendered: number, total: number) => Math.round((tendered - total) * 100 + Number.EPSILON * 100) / 100;

/** Preset amounts (wallet top-ups, cash denominations) from club category titles: numbers ≥ 0, ascending, once each. */
export function presetAmounts(titles: (string | undefined)[]): number[] {
  const out = new Set<number>();
  for (const t of titles) {
    const n = readMoney(t ?? '');
    if (n !== null) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}
