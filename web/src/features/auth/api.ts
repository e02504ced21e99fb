import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, setCsrfToken, unwrap, type ReplyOf } from '../../shared/api';
import { fetchMe, startSession } from '../../shared/session';

export type LoginReply = ReplyOf<'/api/user/login', 'post'>;

interface Credentials {
  username: string;
  password: string;
}

/** The server still holds a session for this browser (spec §8): reuse it instead of failing. */
function isAlreadyLoggedIn(e: unknown): boolean {
  return (
    isApiError(e) &&
    (e.status === 401 || e.status === 406) &&
    /Already logged in as|CSRF validation failed/i.test(e.serverMessage)
  );
}

/** POST /api/user/login — starts a fresh local session (every previous selection cleared). */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Credentials) => {
      try {
        const reply = await unwrap(api.POST('/api/user/login', { body }));
        startSession(reply, reply.token);
        return reply.user;
      } catch (e) {
        if (!isAlreadyLoggedIn(e)) throw e;
        setCsrfToken(null);
        const me = await fetchMe();
        startSession(me);
        return me.user;
      }
    },
    meta: { localErrors: true },
    onSuccess: () => {
      qc.removeQueries({ queryKey: ['association'] });
      qc.removeQueries({ queryKey: ['user'] });
    },
  });
}

/** POST /api/user/request_new_password {name} — always 200 with a message. */
export function useRequestNewPassword() {
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/api/user/request_new_password', { body: { name } })),
    meta: { localErrors: true },
  });
}

/** POST /api/user/reset_password {token, password}; 400 auth.reset_invalid. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      unwrap(api.POST('/api/user/reset_password', { body })),
    meta: { localErrors: true },
  });
}

/** POST /api/change_password {old_password, password}; 400 auth.wrong_password / auth.password_too_short. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { old_password: string; password: string }) =>
      unwrap(api.POST('/api/change_password', { body })),
    meta: { localErrors: true },
  });
}

export const PASSWORD_MAX = 30;
export const PASSWORD_MIN = 8;

/** GET /api/account_link?token — which club asks to link which account (the link mailed to the account). */
export function useAccountLink(token: string) {
  return useQuery({
    queryKey: ['account_link', token],
    queryFn: () => unwrap(api.GET('/api/account_link', { params: { query: { token } } })),
    enabled: token !== '',
    retry: false,
    meta: { localErrors: true },
  });
}

/** POST /api/account_link {token, accept} — the person's answer; the token works once. */
export function useAnswerAccountLink() {
  return useMutation({
    mutationFn: (body: { token: string; accept: boolean }) => unwrap(api.POST('/api/account_link', { body })),
    meta: { localErrors: true },
  });
}
