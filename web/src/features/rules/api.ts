import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { useClubId, useClubMutation } from '../../shared/session';

export type ClubRules = components['schemas']['Rules'];
export type RulePack = components['schemas']['Pack'];
export type RulesChange = Omit<components['schemas']['ClubRulesSetInputBody'], 'association' | '$schema'>;

const rulesKey = (club: number) => ['club_rules', club] as const;

/** GET /api/club_rules — the club's pack and values (es when it never chose). */
export function useClubRules() {
  const club = useClubId();
  return useQuery({
    queryKey: rulesKey(club),
    queryFn: () => unwrap(api.GET('/api/club_rules', { params: { query: { association: club } } })),
  });
}

/** GET /api/rule_packs — every pack with its values and legal sources. */
export function useRulePacks() {
  return useQuery({
    queryKey: ['rule_packs'],
    queryFn: async () => (await unwrap(api.GET('/api/rule_packs'))).data ?? [],
    staleTime: Infinity,
  });
}

/** PUT /api/club_rules — the Administrador's choice of pack and the values tightened. */
export function useSaveClubRules() {
  return useClubMutation(
    (club, change: RulesChange) => unwrap(api.PUT('/api/club_rules', { body: { association: club, ...change } })),
    (rules, { qc, club }) => qc.setQueryData(rulesKey(club), rules),
  );
}

export type RetentionRun = components['schemas']['Run'];

const runsKey = (club: number) => ['retention_runs', club] as const;

/** GET /api/club_rules/retention — the club's last retention runs, newest first. */
export function useRetentionRuns() {
  const club = useClubId();
  return useQuery({
    queryKey: runsKey(club),
    queryFn: async () => (await unwrap(api.GET('/api/club_rules/retention', { params: { query: { association: club } } }))).data ?? [],
  });
}

/** POST /api/club_rules/retention — remove now what the rules no longer keep. */
export function useRunRetention() {
  return useClubMutation(
    (club, _: void) => unwrap(api.POST('/api/club_rules/retention', { body: { association: club } })),
    (_run, { qc, club }) => qc.invalidateQueries({ queryKey: runsKey(club) }),
  );
}
