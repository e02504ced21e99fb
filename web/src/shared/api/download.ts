import { ApiError } from './errors';
import { apiOrigin } from './csrf';

export type ExportFormat = 'xlsx' | 'csv' | 'pdf';

/**
 * GET an export (`format` xlsx, csv or pdf) with the session cookie and hand the file to the browser as
 * `name.format`. A refusal throws the server's ApiError like any other call.
 */
export async function downloadExport(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
  name: string,
  format: ExportFormat,
): Promise<void> {
  const query = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const res = await fetch(`${apiOrigin()}${path}?${query}`, { credentials: 'include' });
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
