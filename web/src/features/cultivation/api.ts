import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { useClubId, useClubMutation } from '../../shared/session';
import { isReleaseTarget, periodQuery, type PeriodChoice, type Phase } from './model';

export type Strain = components['schemas']['Strain'];
export type StrainInput = Omit<components['schemas']['StrainSaveInputBody'], 'association' | '$schema'>;
export type GrowIntake = components['schemas']['GrowIntake'];
export type GrowIntakeInput = Omit<components['schemas']['GrowIntakeInputBody'], 'association' | '$schema'>;
export type Batch = components['schemas']['Batch'];
export type BatchDetail = components['schemas']['BatchDetail'];
export type BatchEvent = components['schemas']['BatchEvent'];
export type BatchProduct = components['schemas']['BatchProduct'];
export type MassBalance = components['schemas']['MassBalance'];
export type BalanceCheck = components['schemas']['BalanceCheck'];
export type AnnualReport = components['schemas']['AnnualReport'];
export type AnnualReportRow = components['schemas']['AnnualReportRow'];
export type Product = components['schemas']['Product'];
export type BatchStartInput = Omit<components['schemas']['BatchStartInputBody'], 'association' | '$schema'>;
export type HarvestInput = Omit<components['schemas']['BatchHarvestInputBody'], 'association' | '$schema'>;
export type LabInput = Omit<components['schemas']['BatchLabInputBody'], 'association' | '$schema'>;
export type DestroyInput = Omit<components['schemas']['BatchDestroyInputBody'], 'association' | '$schema'>;
export type ReleaseInput = Omit<components['schemas']['BatchReleaseInputBody'], 'association' | '$schema'>;

export const keys = {
  all: (club: number) => ['cultivation', club] as const,
  strains: (club: number) => ['cultivation', club, 'strains'] as const,
  intakes: (club: number, year: number) => ['cultivation', club, 'intakes', year] as const,
  batches: (club: number) => ['cultivation', club, 'batches'] as const,
  batch: (club: number, id: number) => ['cultivation', club, 'batch', id] as const,
  balance: (club: number) => ['cultivation', club, 'balance'] as const,
  report: (club: number, year: number, period: PeriodChoice) => ['cultivation', club, 'report', year, period] as const,
  products: (club: number, text: string) => ['cultivation', club, 'products', text] as const,
};

/** After a change in the grow room every list, batch, balance and report of the club is read again. */
const refresh = (qc: QueryClient, club: number) => qc.invalidateQueries({ queryKey: keys.all(club) });

/** GET /api/strain — the club's strains. */
export function useStrains() {
  const club = useClubId();
  return useQuery({
    queryKey: keys.strains(club),
    queryFn: async () => (await unwrap(api.GET('/api/strain', { params: { query: { association: club } } }))) ?? [],
  });
}

/** POST /api/strain — a new strain, or with its id an edit. */
export function useSaveStrain() {
  return useClubMutation(
    (club, body: StrainInput) => unwrap(api.POST('/api/strain', { body: { association: club, ...body } })),
    (_s, { qc, club }) => refresh(qc, club),
  );
}

/** DELETE /api/strain/{id} — refused while a batch or an intake names it. */
export function useDeleteStrain() {
  return useClubMutation(
    (club, id: number) => unwrap(api.DELETE('/api/strain/{id}', { params: { path: { id }, query: { association: club } } })),
    (_r, { qc, club }) => refresh(qc, club),
  );
}

/** GET /api/grow_intake — seeds and cuttings taken in during a year. */
export function useIntakes(year: number) {
  const club = useClubId();
  return useQuery({
    queryKey: keys.intakes(club, year),
    queryFn: async () => (await unwrap(api.GET('/api/grow_intake', { params: { query: { association: club, year } } }))) ?? [],
    placeholderData: keepPreviousData,
  });
}

/** POST /api/grow_intake — seeds or cuttings taken in, with their supplier. */
export function useAddIntake() {
  return useClubMutation(
    (club, body: GrowIntakeInput) => unwrap(api.POST('/api/grow_intake', { body: { association: club, ...body } })),
    (_r, { qc, club }) => refresh(qc, club),
  );
}

/** GET /api/batch — every batch of the club, in every phase. */
export function useBatches() {
  const club = useClubId();
  return useQuery({
    queryKey: keys.batches(club),
    queryFn: async () => (await unwrap(api.GET('/api/batch', { params: { query: { association: club } } }))) ?? [],
  });
}

/** POST /api/batch — a batch started. */
export function useStartBatch() {
  return useClubMutation(
    (club, body: BatchStartInput) => unwrap(api.POST('/api/batch', { body: { association: club, ...body } })),
    (b, { qc, club }) => {
      qc.setQueryData(keys.batch(club, b.id), b);
      return refresh(qc, club);
    },
  );
}

/** GET /api/batch/{id} — a batch with its timeline, the products holding its grams and its balance. */
export function useBatch(id: number) {
  const club = useClubId();
  return useQuery({
    queryKey: keys.batch(club, id),
    queryFn: () => unwrap(api.GET('/api/batch/{id}', { params: { path: { id }, query: { association: club } } })),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // a batch that does not exist (a mistyped address) is said on the page itself
    meta: { localErrors: true },
  });
}

/** The changes a batch takes, each answered with the batch as it now is. */
type BatchAction =
  | { kind: 'phase'; phase: Phase }
  | ({ kind: 'harvest' } & HarvestInput)
  | ({ kind: 'lab' } & LabInput)
  | ({ kind: 'destroy' } & DestroyInput)
  | ({ kind: 'release' } & ReleaseInput);

function sendAction(club: number, id: number, action: BatchAction) {
  const path = { path: { id } };
  switch (action.kind) {
    case 'phase':
      return unwrap(api.POST('/api/batch/{id}/phase', { params: path, body: { association: club, phase: action.phase } }));
    case 'harvest': {
      const { kind: _, ...body } = action;
      return unwrap(api.POST('/api/batch/{id}/harvest', { params: path, body: { association: club, ...body } }));
    }
    case 'lab': {
      const { kind: _, ...body } = action;
      return unwrap(api.POST('/api/batch/{id}/lab', { params: path, body: { association: club, ...body } }));
    }
    case 'destroy': {
      const { kind: _, ...body } = action;
      return unwrap(api.POST('/api/batch/{id}/destroy', { params: path, body: { association: club, ...body } }));
    }
    case 'release': {
      const { kind: _, ...body } = action;
      return unwrap(api.POST('/api/batch/{id}/release', { params: path, body: { association: club, ...body } }));
    }
  }
}

/** POST /api/batch/{id}/phase|harvest|lab|destroy|release — the batch's reply replaces the one shown. */
export function useBatchAction(id: number) {
  return useClubMutation(
    (club, action: BatchAction) => sendAction(club, id, action),
    (b, { qc, club }) => {
      qc.setQueryData(keys.batch(club, id), b);
      return qc.invalidateQueries({ queryKey: keys.all(club), predicate: (q) => q.queryKey[2] !== 'batch' || q.queryKey[3] !== id });
    },
  );
}

/** GET /api/batch/balance — every batch's and strain's mass balance, and whether all hold. */
export function useBalanceCheck() {
  const club = useClubId();
  return useQuery({
    queryKey: keys.balance(club),
    queryFn: () => unwrap(api.GET('/api/batch/balance', { params: { query: { association: club } } })),
  });
}

/** The query of the report and of its exports. */
export function reportQuery(club: number, year: number, period: PeriodChoice) {
  return { association: club, ...periodQuery(year, period) };
}

/** GET /api/report_annual — the authorities' report per strain for the year, a quarter or a month of it. */
export function useAnnualReport(year: number, period: PeriodChoice) {
  const club = useClubId();
  return useQuery({
    queryKey: keys.report(club, year, period),
    queryFn: () => unwrap(api.GET('/api/report_annual', { params: { query: reportQuery(club, year, period) } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/dispensario — the club's products a batch can be released to (by weight, limited stock), found by words. */
export function useReleaseProducts(text: string) {
  const club = useClubId();
  const search = text.trim();
  return useQuery({
    queryKey: keys.products(club, search),
    queryFn: async () =>
      ((await unwrap(api.GET('/api/dispensario', { params: { query: { asocid: club, limit: 50, sort: 'list_name', ...(search ? { search } : {}) } } }))).data ?? []).filter(
        isReleaseTarget,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
