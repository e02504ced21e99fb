import { downloadExport, type ExportFormat } from '../../shared/api/download';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOrigin, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import {
  filterParams,
  PAGE_SIZE,
  type Preset,
  type Product,
  type ProductFilter,
  type ProductPayload,
  type ProductSort,
  type StockMovement,
} from './model';
import { useClubId } from '../../shared/session/clubId';

/** Query keys of the catalogue screens; everything of a club sits under ['catalog', club]. */
export const catalogKeys = {
  club: (club: number) => ['catalog', club] as const,
  list: (club: number, f: ProductFilter, sort: ProductSort, page: number) => ['catalog', club, 'list', f, sort, page] as const,
  one: (club: number, pid: number) => ['catalog', club, 'one', pid] as const,
  presets: ['catalog', 'presets'] as const,
  batches: (club: number, pid: number) => ['catalog', club, 'batches', pid] as const,
};

export interface ProductPage {
  data: Product[];
  total: number;
}

/** GET /api/dispensario — one page (0-based) of 14 products of the club, sorted by the server. */
export function useProducts(filter: ProductFilter, sort: ProductSort, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: catalogKeys.list(club, filter, sort, page),
    queryFn: async (): Promise<ProductPage> => {
      const reply = await unwrap(
        api.GET('/api/dispensario', {
          params: { query: { asocid: club, page, limit: PAGE_SIZE, ...filterParams(filter, sort) } },
        }),
      );
      return { data: reply.data ?? [], total: reply.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/dispensario?pid= — one full product (body and every image); null when the club has none such. */
export function useProduct(pid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: catalogKeys.one(club, pid ?? 0),
    queryFn: async (): Promise<Product | null> => {
      const reply = await unwrap(api.GET('/api/dispensario', { params: { query: { asocid: club, pid: pid!, limit: 1 } } }));
      return reply.data?.[0] ?? null;
    },
    enabled: pid !== null && pid > 0,
    staleTime: 5_000,
  });
}

/** A cultivation batch's grams in a product's stock. */
export type ProductBatch = components['schemas']['ProductBatch'];

/**
 * GET /api/product_batches?pid= — the batches whose grams are in the product's stock, in the order a
 * sale takes them (oldest best-before first). Asked only where the club grows (flag cultivo) and the
 * user passes the product_batches gate.
 */
export function useProductBatches(pid: number | null, enabled: boolean) {
  const club = useClubId();
  return useQuery({
    queryKey: catalogKeys.batches(club, pid ?? 0),
    queryFn: async (): Promise<ProductBatch[]> =>
      (await unwrap(api.GET('/api/product_batches', { params: { query: { association: club, pid: pid! } } }))) ?? [],
    enabled: enabled && pid !== null && pid > 0,
    staleTime: 10_000,
  });
}

/** GET /api/preset_product — the 32 varieties of the repository (they never change while the app runs). */
export function usePresets(enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.presets,
    queryFn: async (): Promise<Preset[]> => (await unwrap(api.GET('/api/preset_product'))) ?? [],
    enabled,
    staleTime: Infinity,
  });
}

/**
 * POST /api/dispensario — create or edit (pid). Every failure is the screen's to show (spec §8: a
 * red notification of 15 s); only session and permission refusals go to the app's dialogs.
 */
export function useSaveProduct() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductPayload) => unwrap(api.POST('/api/dispensario', { body })),
    meta: { silent: true },
    onSuccess: (p) => {
      qc.setQueryData(catalogKeys.one(club, p.pid), p);
      void qc.invalidateQueries({ queryKey: catalogKeys.club(club) });
    },
  });
}

/** POST /api/dispensario/delete {asocid, pid} — one result per product, with a note when history stays. */
export function useDeleteProduct() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (pid: number) =>
      (await unwrap(api.POST('/api/dispensario/delete', { body: { asocid: club, pid } }))) ?? [],
    meta: { localErrors: true },
    onSuccess: (_r, pid) => {
      qc.removeQueries({ queryKey: catalogKeys.one(club, pid) });
      void qc.invalidateQueries({ queryKey: catalogKeys.club(club) });
    },
  });
}

/** POST /api/product_stock — the modal's manual adjustment: one signed change with its note. */
export function useAdjustStock() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: { pid: number; change: number; note: string }): Promise<StockMovement[]> =>
      (await unwrap(
        api.POST('/api/product_stock', {
          body: { asocid: club, data: [{ pid: b.pid, new_stock: b.change, note: b.note }], stock_type: 'manual' },
        }),
      )) ?? [],
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.club(club) }),
  });
}

export type { ExportFormat };

/** GET /api/dispensario/export — every product matching the manager's filter as productos.xlsx or productos.csv. */
export function exportProducts(club: number, filter: ProductFilter, sort: ProductSort, format: ExportFormat): Promise<void> {
  return downloadExport('/api/dispensario/export', { asocid: club, ...filterParams(filter, sort) }, 'productos', format);
}

/** Reads a file (or a fetched blob) as a base64 data URL, the form images travel in. */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(blob);
  });
}

/** A preset variety's picture as a data URL, so a product made from it keeps its own copy. */
export async function presetPicture(url: string): Promise<string | null> {
  try {
    const res = await fetch(url.startsWith('/') ? `${apiOrigin()}${url}` : url, { credentials: 'include' });
    if (!res.ok) return null;
    const blob = await res.blob();
    const typed = blob.type ? blob : new Blob([blob], { type: 'image/svg+xml' });
    return await readAsDataUrl(typed);
  } catch {
    return null;
  }
}
