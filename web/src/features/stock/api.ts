import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import type { StockChangeRow } from './quantity';
import { useClubId } from '../../shared/session/clubId';

export type Product = components['schemas']['Product'];
export type StockMovement = components['schemas']['StockMovement'];
export type InventoryItem = components['schemas']['InventoryItem'];
export type InventoryMovement = components['schemas']['InventoryMovement'];
export type InventorySaveBody = Omit<components['schemas']['InventorySaveInputBody'], 'asocid'>;
export type InventoryMoveBody = Omit<components['schemas']['InventoryMoveInputBody'], 'asocid'>;

export type InventoryAction = InventoryMovement['action'];
export type InventoryLocation = InventoryMoveBody['location'];
export type InventoryType = InventoryItem['type'];
export type StockSort = 'list_name' | 'code' | 'stock' | 'category';

/** Inventory locations of spec part 2 §9, in the order they are offered. */
export const LOCATIONS: InventoryLocation[] = ['almacen_interno', 'almacen_externo', 'dispensario', 'barra'];
export const INVENTORY_TYPES: InventoryType[] = ['indoor', 'outdoor', 'eco'];
export const DOMINANCES = ['indica', 'sativa', 'hibrido'] as const;
export type Dominance = (typeof DOMINANCES)[number];

/** Query keys of the stock screens; everything of a club sits under ['stock', club]. */
export const stockKeys = {
  club: (club: number) => ['stock', club] as const,
  list: (club: number, q: StockQuery) => ['stock', club, 'list', q] as const,
  history: (club: number, pid: number, start: number, end: number) => ['stock', club, 'history', pid, start, end] as const,
  product: (club: number, pid: number) => ['stock', club, 'product', pid] as const,
  inventory: (club: number) => ['stock', club, 'inventory'] as const,
};

export interface StockQuery {
  page: number;
  limit: number;
  search: string;
  category?: number;
  sort: StockSort;
  desc: boolean;
}

/** GET /api/product_stock — one page (0-based) of the products whose stock is counted. */
export function useStockList(q: StockQuery) {
  const club = useClubId();
  return useQuery({
    queryKey: stockKeys.list(club, q),
    queryFn: async () => {
      const reply = await unwrap(
        api.GET('/api/product_stock', {
          params: {
            query: {
              asocid: club,
              unlimited_stock: 'false',
              page: q.page,
              limit: q.limit,
              sort: q.sort,
              desc: q.desc,
              ...(q.search.trim() ? { search: q.search.trim() } : {}),
              ...(q.category ? { category: q.category } : {}),
            },
          },
        }),
      );
      return { data: reply.data ?? [], total: reply.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** POST /api/product_stock {data, stock_type: 'stock'} — the counted rows, all or nothing. */
export function useSaveStockCount() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rows: StockChangeRow[]) =>
      unwrap(api.POST('/api/product_stock', { body: { asocid: club, data: rows, stock_type: 'stock' } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: stockKeys.club(club) }),
  });
}

/** GET /api/stock_history — a product's movements between two times (unix seconds), newest first. */
export function useStockHistory(pid: number | null, start: number, end: number) {
  const club = useClubId();
  return useQuery({
    queryKey: stockKeys.history(club, pid ?? 0, start, end),
    queryFn: async () =>
      (await unwrap(
        api.GET('/api/stock_history', { params: { query: { asocid: club, pid: pid!, start_date: start, end_date: end } } }),
      )) ?? [],
    enabled: pid !== null && pid > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/dispensario?pid — one product with its images (null when the club has no such product). */
export function useProduct(pid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: stockKeys.product(club, pid ?? 0),
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/dispensario', { params: { query: { asocid: club, pid: pid!, limit: 1 } } }));
      return reply.data?.[0] ?? null;
    },
    enabled: pid !== null && pid > 0,
    staleTime: 30_000,
    meta: { localErrors: true },
  });
}

/** GET /api/inventory — every inventory item with its totals and movements, newest first. */
export function useInventory() {
  const club = useClubId();
  return useQuery({
    queryKey: stockKeys.inventory(club),
    queryFn: async () => (await unwrap(api.GET('/api/inventory', { params: { query: { asocid: club } } }))) ?? [],
    staleTime: 5_000,
  });
}

/** Replaces one item in the cached list (or puts a new one first). */
function putItem(list: InventoryItem[] | undefined, item: InventoryItem): InventoryItem[] {
  const rows = list ?? [];
  return rows.some((r) => r.iid === item.iid) ? rows.map((r) => (r.iid === item.iid ? item : r)) : [item, ...rows];
}

/** POST /api/inventory — create (no nid) or edit an item; replies the item. */
export function useSaveInventoryItem() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventorySaveBody) => unwrap(api.POST('/api/inventory', { body: { asocid: club, ...body } })),
    meta: { localErrors: true },
    onSuccess: (item) => {
      qc.setQueryData<InventoryItem[]>(stockKeys.inventory(club), (list) => putItem(list, item));
      void qc.invalidateQueries({ queryKey: stockKeys.inventory(club) });
    },
  });
}

/** POST /api/inventory_movement — records a movement; replies the item with its new totals. */
export function useRecordInventoryMovement() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryMoveBody) => unwrap(api.POST('/api/inventory_movement', { body: { asocid: club, ...body } })),
    meta: { localErrors: true },
    onSuccess: (item) => {
      qc.setQueryData<InventoryItem[]>(stockKeys.inventory(club), (list) => putItem(list, item));
    },
  });
}
