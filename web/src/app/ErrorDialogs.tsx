import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { classifyError, errorText, setApiErrorHandler, useAppConfig } from '../shared/api';
import { sessionKeys } from '../shared/session/keys';
import { endSession, getCurrentClubId, setCurrentClubId } from '../shared/session/store';
import { useAlert } from './dialogs';
import { setProviderAlertOpen } from './shell/refusalMemory';

/**
 * The central error dialogs of spec §8. Registers itself as the API error handler while mounted.
 * - 403 "Access denied for user anonymous": session expired; OK clears the local session -> login, which
 *   comes back to the same screen.
 * - 403 access.feature (the club lacks the call's feature, or its provider suspended it): the
 *   provider's alert of spec §6; the club's description is read again (the route guard then knows
 *   what it lacks) and OK goes to the root.
 * - 403 "Access denied for user NAME": permissions required.
 * - 400 club.no_member_record: the message, then back to the root without a current club.
 * - anything else: "Ha habido un problemilla" with the (translated) server message.
 */
export function ErrorDialogs() {
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  // where the session ended: the login comes back here
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const provider = useRef('');
  provider.current = config.data?.provider_name || t('access.defaultProvider');
  const open = useRef(new Set<string>());

  useEffect(() => {
    const once = (key: string, show: (done: () => void) => void) => {
      if (open.current.has(key) || open.current.has('session')) return;
      open.current.add(key);
      show(() => open.current.delete(key));
    };

    return setApiErrorHandler((error) => {
      const kind = classifyError(error);
      if (kind === 'sessionExpired') {
        once('session', (done) =>
          alert({
            type: 'warning',
            title: t('errors.sessionExpiredTitle'),
            content: t('errors.sessionExpiredBody'),
            dismissable: false,
            onOk: () => {
              done();
              endSession();
              queryClient.clear();
              navigate('/', { replace: true, state: { from: here.current } });
            },
          }),
        );
        return;
      }
      if (kind === 'featureRefused') {
        const club = getCurrentClubId();
        void queryClient.invalidateQueries({ queryKey: sessionKeys.club(club) });
        once('feature', (done) => {
          // the route guard, learning meanwhile that the club is suspended, does not say it again
          setProviderAlertOpen(true);
          alert({
            type: 'warning',
            title: t('access.title'),
            content: t('access.featureRefused', { provider: provider.current }),
            onClose: () => {
              done();
              setProviderAlertOpen(false);
              navigate('/', { replace: true });
            },
          });
        });
        return;
      }
      if (kind === 'forbidden') {
        once('forbidden', (done) =>
          alert({
            type: 'warning',
            title: t('errors.forbiddenTitle'),
            content: t('errors.forbiddenBody'),
            onClose: done,
          }),
        );
        return;
      }
      const text = errorText(error, t, (k) => i18n.exists(k));
      if (kind === 'noMemberRecord') {
        once('noMemberRecord', (done) =>
          alert({
            type: 'error',
            title: t('errors.title'),
            content: text,
            dismissable: false,
            onOk: () => {
              done();
              setCurrentClubId(null);
              navigate('/', { replace: true });
            },
          }),
        );
        return;
      }
      once(`generic:${text}`, (done) =>
        alert({ type: 'error', title: t('errors.title'), content: text, onClose: done }),
      );
    });
  }, [alert, navigate, queryClient, t, i18n]);

  return null;
}
