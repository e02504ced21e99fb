import { useSyncExternalStore } from 'react';
import { setCsrfToken } from '../api/csrf';
import { clearSelections, KEYS, readKey, writeKey } from './storage';

/** The logged-in staff user as stored locally after login. */
export interface SessionUser {
  uid: number;
  name: string;
  mail: string;
  firstName: string;
  surname: string;
  phone: string;
}

interface LoginLike {
  user: { uid: number; name: string; mail: string };
  field_user_name?: string | null;
  field_user_surname?: string | null;
  field_user_tlf?: string | null;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: SessionUser | null = null;
let cachedClubRaw: string | null | undefined;
let cachedClub: number | null = null;

function emit() {
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('socius.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getSession(): SessionUser | null {
  const raw = readKey(KEYS.session);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedSession = raw ? (JSON.parse(raw) as SessionUser) : null;
    } catch {
      cachedSession = null;
    }
  }
  return cachedSession;
}

export function getCurrentClubId(): number | null {
  const raw = readKey(KEYS.club);
  if (raw !== cachedClubRaw) {
    cachedClubRaw = raw;
    const n = raw ? Number(raw) : NaN;
    cachedClub = Number.isFinite(n) && n > 0 ? n : null;
  }
  return cachedClub;
}

/** Starts a session after a successful login: clears every previous selection first. */
export function startSession(reply: LoginLike, csrfToken?: string): void {
  clearSelections();
  const user: SessionUser = {
    uid: reply.user.uid,
    name: reply.user.name,
    mail: reply.user.mail,
    firstName: reply.field_user_name ?? '',
    surname: reply.field_user_surname ?? '',
    phone: reply.field_user_tlf ?? '',
  };
  writeKey(KEYS.session, JSON.stringify(user));
  if (csrfToken !== undefined) setCsrfToken(csrfToken);
  emit();
}

/** Ends the local session (logout, expired session): clears every selection except the language. */
export function endSession(): void {
  clearSelections();
  setCsrfToken(null);
  emit();
}

export function setCurrentClubId(id: number | null): void {
  writeKey(KEYS.club, id === null ? null : String(id));
  emit();
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

export function useCurrentClubId(): number | null {
  return useSyncExternalStore(subscribe, getCurrentClubId, () => null);
}

export function displayName(user: Pick<SessionUser, 'firstName' | 'surname' | 'name'> | null): string {
  if (!user) return '';
  const full = `${user.firstName} ${user.surname}`.trim();
  return full || user.name;
}
