import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { setDisplayZone } from '../../shared/format/zone';
import { ClubSuspended } from '../../features/club/ClubSuspended';
import { ClubIdProvider, useClub, useClubSelection, useMe } from '../../shared/session';
import { CenteredSpin } from '../../shared/ui/CenteredSpin';
import { useAppConfig } from '../api';
import { useAlert } from '../dialogs';
import { HOME_ROUTE, type RouteEntry } from '../routes';
import { forgetSuspended, isProviderAlertOpen, routeVerdict, tellSuspended } from './routeAccess';

/**
 * Opens a route only when the current club has one of the gate's flags and the user one of its
 * roles. Refusals alert (feature: "…proveedor de {provider}", role: "…su administrador") and go
 * to the root. A suspended club refuses every screen of it, the open ones too, as a feature it
 * lacks; its root shows a calm notice instead (alerting the first time only). The person's own
 * screens (profile, novelties) open whatever the club; the provider's console opens for provider
 * administrators, in no club. Before a screen of the club renders, dates and times are set to show
 * in the club's time zone (the exports' clock); a club in another zone renders its screens anew. The
 * screen reads the club it works on with useClubId. What each route gets is routeVerdict's.
 */
export function RouteGuard({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const navigate = useNavigate();
  const { currentId, isPending: clubsPending } = useClubSelection();
  const club = useClub(currentId);
  const me = useMe();
  const config = useAppConfig();
  const verdict = routeVerdict({
    entry,
    currentId,
    clubsPending,
    club,
    me: { isPending: entry.audience === 'provider' && me.isPending, providerAdmin: me.data?.provider_admin === true },
  });
  const refused = verdict.kind === 'refused' ? verdict.reason : null;
  const suspended = club.data?.suspended === true;
  const alerted = useRef<string | null>(null);

  useEffect(() => {
    document.title = `${t(`routes.${entry.name}`)} · ${t('common.appName')}`;
  }, [entry.name, t]);

  // the root of a suspended club: its notice, and the provider's alert the first time only
  const notice = verdict.kind === 'suspended';
  useEffect(() => {
    if (currentId === null || club.data === undefined) return;
    if (!suspended) forgetSuspended(currentId);
  }, [currentId, club.data, suspended]);

  useEffect(() => {
    if (!refused && !notice) {
      alerted.current = null;
      return;
    }
    const key = `${entry.name}:${currentId}:${refused ?? 'suspended'}`;
    if (alerted.current === key) return;
    alerted.current = key;
    const firstTime = suspended && currentId !== null ? tellSuspended(currentId) : true;
    // the root's notice alerts the first time only; no second provider's alert over the one showing
    const quiet = (notice && !firstTime) || (refused !== 'role' && isProviderAlertOpen());
    if (!quiet) {
      const provider = config.data?.provider_name || t('access.defaultProvider');
      alert({
        type: 'warning',
        title: t('access.title'),
        content: refused === 'role' ? t('access.roleRefused') : t('access.featureRefused', { provider }),
      });
    }
    if (refused) navigate('/', { replace: true });
  }, [refused, notice, suspended, entry.name, currentId, config.data, alert, navigate, t]);

  switch (verdict.kind) {
    case 'wait':
      return <CenteredSpin />;
    case 'noClub':
      return <Navigate to={`/${HOME_ROUTE}`} replace />;
    case 'refused':
    case 'nothing':
      return null;
    case 'suspended':
      return <ClubSuspended clubId={currentId} title={club.data?.title} onRecheck={() => void club.refetch()} rechecking={club.isFetching} />;
    case 'open':
      // the open screens (today, club, profile…) also open with no club chosen: useClubId throws there
      return <ClubIdProvider id={currentId}>{children}</ClubIdProvider>;
  }
  // set while rendering, before the screen below formats its first date
  const zone = setDisplayZone(club.data?.timezone);
  return (
    <ClubIdProvider id={currentId}>
      <Fragment key={zone ?? 'browser'}>{children}</Fragment>
    </ClubIdProvider>
  );
}

/**
 * An address under /app/ that names no page (a mistyped or old link): it says so, rather than
 * landing on the club page without a word, and goes to the root.
 */
export function UnknownRoute() {
  const { t } = useTranslation();
  const alert = useAlert();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const alerted = useRef(false);
  useEffect(() => {
    if (alerted.current) return;
    alerted.current = true;
    alert({ type: 'warning', title: t('access.notFoundTitle'), content: t('access.notFound', { path: `/app${pathname}` }) });
    navigate(`/${HOME_ROUTE}`, { replace: true });
  }, [alert, navigate, pathname, t]);
  return null;
}
