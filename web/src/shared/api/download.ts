import { ApiError } from './errors';
import { apiOrigin, interfaceLanguage } from './csrf';

export type ExportFormat = 'xlsx' | 'csv' | 'pdf';

/**
 * GET an export (`format` xlsx, csv or pdf; a member's data export json or pdf) with the session
 * cookie and hand the file to the browser as `name.format`. `language` (by default the interface's)
 * is the language of the file's headers and printed copy. A refusal throws the server's ApiError like any
 * other call.
 */
export async function downloadExport(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
  name: string,
  format: ExportFormat | 'json',
  language?: string,
): Promise<void> {
  const query = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const lang = language ?? interfaceLanguage();
  const headers: Record<string, string> = lang ? { 'Accept-Language': lang } : {};
  const res = await fetch(`${apiOrigin()}${path}?${query}`, { credentials: 'include', headers });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw ApiError.from(res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
