/**
 * Compares dotted versions numerically: "2.10" > "2.9", "2.94" == "2.94.0".
 * Non-numeric parts count as 0. Returns -1, 0 or 1.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = parts(a);
  const pb = parts(b);
  const n = Math.max(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x > y) return 1;
    if (x < y) return -1;
  }
  return 0;
}

function parts(v: string): number[] {
  return String(v ?? '')
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((p) => {
      const n = parseInt(p.replace(/[^0-9].*$/, ''), 10);
      return Number.isFinite(n) ? n : 0;
    });
}

/** True when the server's version is higher than the one this build carries. */
export function isUpdateAvailable(serverVersion: string | null | undefined, localVersion: string): boolean {
  if (!serverVersion) return false;
  return compareVersions(serverVersion, localVersion) > 0;
}
