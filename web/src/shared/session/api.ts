import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api, unwrap, type ReplyOf } from '../api';
import { sessionKeys } from './keys';
import { endSession, setCurrentClubId, useCurrentClubId, useSession } from './store';

export type MyClubs = ReplyOf<'/api/association/mine', 'get'>;
export type ClubSummary = NonNullable<MyClubs['data']>[number];
export type Club = ReplyOf<'/api/association/retrieve', 'get'>;
export type Me = ReplyOf<'/api/user/me', 'get'>;

export { sessionKeys };

/** GET /api/association/mine — clubs where the user is staff. */
export function useMyClubs() {
  const session = useSession();
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: () => unwrap(api.GET('/api/association/mine')),
    enabled: session !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/association/retrieve?association=ID — the current club, its flags and the user's roles. */
export function useClub(id: number | null) {
  const session = useSession();
  return useQuery({
    queryKey: sessionKeys.club(id),
    queryFn: () =>
      unwrap(api.GET('/api/association/retrieve', { params: { query: { association: id ?? undefined } } })),
    enabled: session !== null && id !== null,
    staleTime: 60_000,
  });
}

export function fetchMe(): Promise<Me> {
  return unwrap(api.GET('/api/user/me'));
}

/**
 * GET /api/user/me — the profile of the logged-in user (with provider_admin, which the menu and the
 * route guard read on every screen: kept for five minutes rather than asked for at each one).
 */
export function useMe() {
  const session = useSession();
  return useQuery({ queryKey: sessionKeys.me, queryFn: fetchMe, enabled: session !== null, staleTime: 5 * 60_000 });
}

/** POST /api/user/logout — whatever the server says, the local session ends and login shows. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/user/logout')),
    meta: { silent: true },
    onSettled: () => {
      endSession();
      qc.clear();
      navigate('/', { replace: true });
    },
  });
}

/**
 * Keeps the current club (localStorage `socius.club`) valid against the clubs the user staffs:
 * a single club is chosen automatically; an id the user no longer staffs is dropped.
 */
export function useClubSelection() {
  const mine = useMyClubs();
  const currentId = useCurrentClubId();
  const clubs = mine.data?.data;

  useEffect(() => {
    if (!clubs) return;
    const known = currentId !== null && clubs.some((c) => c.nid === currentId);
    if (known) return;
    if (clubs.length === 1) setCurrentClubId(clubs[0].nid);
    else if (currentId !== null) setCurrentClubId(null);
  }, [clubs, currentId]);

  const valid = clubs ? clubs.some((c) => c.nid === currentId) : currentId !== null;
  return {
    clubs: clubs ?? [],
    currentId: valid ? currentId : null,
    isPending: mine.isPending,
    isError: mine.isError,
  };
}
