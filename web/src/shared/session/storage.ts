/** localStorage keys of the app. Every selection lives under `socius.`; the language survives logout. */
export const KEYS = {
  session: 'socius.session',
  club: 'socius.club',
  lang: 'socius.lang',
} as const;

const PREFIX = 'socius.';

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readKey(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | null): void {
  const s = store();
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* storage full or disabled: the app keeps working for this visit */
  }
}

/**
 * Logout or a new login clears the club, dispensary, categories and member selections:
 * every `socius.*` key except the language.
 */
export function clearSelections(): void {
  const s = store();
  if (!s) return;
  const doomed: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k && k.startsWith(PREFIX) && k !== KEYS.lang) doomed.push(k);
  }
  doomed.forEach((k) => s.removeItem(k));
}
